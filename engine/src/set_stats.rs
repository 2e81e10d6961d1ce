//! Set statistics: what a designer reads to see a set as a whole (issue #33): the cost curve,
//! the spread of every stat, and how many cards carry each keyword, tribe, kind and rarity.
//! Counted over the pack's cards (one of each) or a deck's copies. `sigilforge stats` prints
//! it; the format of `--json` is `docs/formats/stats.md`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::command::CommandOutput;
use crate::model::{Card, KeywordRef};
use crate::pack::{Pack, load_for_command};

/// How many cards have each value: a histogram.
pub type Histogram = BTreeMap<i32, u64>;

/// The statistics of a set of cards. Every count counts copies: a deck's four Grunts count four.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct SetStats {
    /// What was counted: `pack ID` or `deck ID`.
    pub source: String,
    /// Cards counted.
    pub cards: u64,
    /// Cards per cost.
    pub cost: Histogram,
    /// Cards per printed attack.
    pub attack: Histogram,
    /// Cards per printed life.
    pub life: Histogram,
    /// Per named stat (`stats: {"level": 2}`), cards per value; a card without it is not counted.
    pub stats: BTreeMap<String, Histogram>,
    /// Cards printing each keyword (by its name, the value left out: `Armor 2` is `Armor`).
    pub keywords: BTreeMap<String, u64>,
    /// Cards of each tribe (a card of two tribes counts in both).
    pub tribes: BTreeMap<String, u64>,
    /// Cards of each kind (`Creature`, `Spell`, ...).
    pub kinds: BTreeMap<String, u64>,
    /// Cards of each rarity (`common` ... `mythic`, from the card's tags; `none` without one).
    pub rarities: BTreeMap<String, u64>,
}

/// No rarity tag.
pub const NO_RARITY: &str = "none";

impl SetStats {
    /// Counts `cards` (a card listed twice counts twice).
    #[must_use]
    pub fn of<'a>(source: impl Into<String>, cards: impl IntoIterator<Item = &'a Card>) -> Self {
        let mut stats = SetStats {
            source: source.into(),
            ..SetStats::default()
        };
        for card in cards {
            stats.add(card);
        }
        stats
    }

    fn add(&mut self, card: &Card) {
        self.cards += 1;
        *self.cost.entry(card.cost).or_default() += 1;
        *self.attack.entry(card.attack).or_default() += 1;
        *self.life.entry(card.life).or_default() += 1;
        for (name, value) in &card.stats {
            *self
                .stats
                .entry(name.clone())
                .or_default()
                .entry(*value)
                .or_default() += 1;
        }
        // A keyword printed twice on one card (a typo `validate` reports) counts the card once.
        let mut names: Vec<String> = card
            .keywords
            .iter()
            .filter_map(|k| KeywordRef::parse(k))
            .map(|k| k.name)
            .collect();
        names.sort();
        names.dedup();
        for name in names {
            *self.keywords.entry(name).or_default() += 1;
        }
        for tribe in &card.tribes {
            *self.tribes.entry(tribe.clone()).or_default() += 1;
        }
        *self.kinds.entry(card.kind.name().to_owned()).or_default() += 1;
        *self
            .rarities
            .entry(card.rarity().unwrap_or(NO_RARITY).to_owned())
            .or_default() += 1;
    }

    /// The statistics of `pack`'s cards, or of deck `deck`'s copies.
    pub fn of_pack(pack: &Pack, deck: Option<&str>) -> Result<Self, crate::pack::DeckError> {
        Ok(match deck {
            Some(name) => {
                let id = pack.deck(name)?.id.clone();
                SetStats::of(format!("deck {id}"), pack.deck_cards(name)?)
            }
            None => SetStats::of(
                format!("pack {}", pack.manifest.id),
                pack.cards().map(|(_, c)| c),
            ),
        })
    }

    /// The mean of a histogram (0 for an empty one).
    #[must_use]
    pub fn mean(histogram: &Histogram) -> f64 {
        let n: u64 = histogram.values().sum();
        if n == 0 {
            return 0.0;
        }
        let sum: f64 = histogram
            .iter()
            .map(|(v, c)| f64::from(*v) * *c as f64)
            .sum();
        sum / n as f64
    }

    /// The statistics as the terminal shows them: a bar per cost, then the counts.
    #[must_use]
    pub fn to_table(&self) -> String {
        let mut lines = vec![
            format!("{}: {} cards", self.source, self.cards),
            String::new(),
            "cost curve:".to_owned(),
        ];
        let widest = self.cost.values().copied().max().unwrap_or(0).max(1);
        for (cost, n) in &self.cost {
            let bar = "#".repeat(((n * 40).div_ceil(widest)) as usize);
            lines.push(format!("  {cost:>3} {n:>5} {bar}"));
        }
        lines.push(String::new());
        for (name, histogram) in [("attack", &self.attack), ("life", &self.life)]
            .into_iter()
            .chain(self.stats.iter().map(|(k, h)| (k.as_str(), h)))
        {
            let spread: Vec<String> = histogram.iter().map(|(v, n)| format!("{v}x{n}")).collect();
            lines.push(format!(
                "{name}: mean {:.2}; {}",
                Self::mean(histogram),
                spread.join(" ")
            ));
        }
        for (name, counts) in [
            ("kinds", &self.kinds),
            ("rarities", &self.rarities),
            ("tribes", &self.tribes),
            ("keywords", &self.keywords),
        ] {
            lines.push(String::new());
            lines.push(format!("{name}:"));
            let mut rows: Vec<(&String, &u64)> = counts.iter().collect();
            rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            lines.extend(rows.into_iter().map(|(k, n)| format!("  {n:>5} {k}")));
        }
        lines.push(String::new());
        lines.join("\n")
    }
}

/// `sigilforge stats PACK [--deck NAME] [--json]`. Exit 0 with the statistics; 1 when the pack
/// has problems (listed, as `validate` does); 2 for an unknown deck or an unreadable pack.
#[must_use]
pub fn stats_command(pack_dir: &Path, deck: Option<&str>, json: bool) -> CommandOutput {
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    match SetStats::of_pack(&pack, deck) {
        Ok(stats) if json => CommandOutput::json(&stats),
        Ok(stats) => CommandOutput::ok(stats.to_table()),
        Err(e) => CommandOutput::bad_input(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CardKind;

    fn card(id: &str, cost: i32, keywords: &[&str], tags: &[&str]) -> Card {
        Card {
            id: id.into(),
            name: id.into(),
            cost,
            attack: 2,
            life: cost + 1,
            keywords: keywords.iter().map(|k| (*k).to_owned()).collect(),
            tags: tags.iter().map(|k| (*k).to_owned()).collect(),
            tribes: vec!["Beast".into()],
            ..Card::default()
        }
    }

    #[test]
    fn counts_copies_keywords_by_name_and_rarity_tags() {
        let a = card("a", 1, &["Armor 2", "Fury"], &["Rare"]);
        let b = Card {
            kind: CardKind::Spell,
            ..card("b", 3, &["Armor 1", "Armor 1"], &[])
        };
        let stats = SetStats::of("t", [&a, &a, &b]);
        assert_eq!(stats.cards, 3);
        assert_eq!(stats.cost, Histogram::from([(1, 2), (3, 1)]));
        assert_eq!(stats.life, Histogram::from([(2, 2), (4, 1)]));
        assert_eq!(stats.keywords["Armor"], 3, "{:?}", stats.keywords);
        assert_eq!(stats.keywords["Fury"], 2);
        assert_eq!(stats.tribes["Beast"], 3);
        assert_eq!(stats.kinds["Creature"], 2);
        assert_eq!(stats.kinds["Spell"], 1);
        assert_eq!(stats.rarities["rare"], 2);
        assert_eq!(stats.rarities[NO_RARITY], 1);
        assert!((SetStats::mean(&stats.cost) - 5.0 / 3.0).abs() < 1e-9);
        assert!(stats.to_table().contains("cost curve"));
    }
}
