//! Playing one match of one version and adding what happened to integer sums (which merge in
//! any order to the same totals: results never depend on the thread count).

use crate::battle::Battle;

use super::lab::{Lineups, NOT_IN_POOL, Version};
use super::stats::{DRAW, FeatureSums, WIN};

/// What one card or keyword did over many games, summed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreatureSums {
    /// Creature-games: a creature of the card (or carrying the keyword) started a game.
    pub games: u64,
    /// Damage its creatures dealt.
    pub dealt: i64,
    /// Damage its creatures took.
    pub taken: i64,
    /// Games its creature was still on the line at the end.
    pub survived: u64,
}

impl CreatureSums {
    fn merge(&mut self, o: &CreatureSums) {
        self.games += o.games;
        self.dealt += o.dealt;
        self.taken += o.taken;
        self.survived += o.survived;
    }
}

/// Everything a balance run of one version adds up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sums {
    /// Matches played.
    pub matches: u64,
    /// Games by result: first player (A) won, second (B) won, draw, turn limit.
    pub results: [u64; 4],
    /// Σ turns over games.
    pub turns: u64,
    /// The first player's half points per match: Σ and Σ².
    pub first: (u64, u64),
    /// Per feature (pool cards, then keyword features): the with/without sums.
    pub features: Vec<FeatureSums>,
    /// Per feature: what its creatures did.
    pub creatures: Vec<CreatureSums>,
    /// Abilities that acted, per pool card and program keyword (`card * keywords + kw`).
    pub fired: Vec<u64>,
    /// Program keywords (the row length of `fired`).
    pub keyword_count: usize,
}

impl Sums {
    /// Empty sums for a version.
    #[must_use]
    pub fn new(version: &Version) -> Self {
        let features = version.cards.len() + version.keywords.len();
        let keyword_count = version.keyword_names.len();
        Self {
            matches: 0,
            results: [0; 4],
            turns: 0,
            first: (0, 0),
            features: vec![FeatureSums::default(); features],
            creatures: vec![CreatureSums::default(); features],
            fired: vec![0; version.cards.len() * keyword_count],
            keyword_count,
        }
    }

    /// Adds another run's sums (same version).
    pub fn merge(&mut self, o: &Sums) {
        self.matches += o.matches;
        for (a, b) in self.results.iter_mut().zip(o.results) {
            *a += b;
        }
        self.turns += o.turns;
        self.first.0 += o.first.0;
        self.first.1 += o.first.1;
        for (a, b) in self.features.iter_mut().zip(&o.features) {
            a.merge(b);
        }
        for (a, b) in self.creatures.iter_mut().zip(&o.creatures) {
            a.merge(b);
        }
        for (a, b) in self.fired.iter_mut().zip(&o.fired) {
            *a += b;
        }
    }
}

/// What one match of one version came to, before it is added to the sums.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Each game's result (0 A won, 1 B won, 2 draw, 3 turn limit): the first game, then the
    /// swapped one.
    pub results: [u8; 2],
    /// Half points of line X and line Y over both games.
    pub scores: [u64; 2],
}

impl MatchOutcome {
    /// The first player's half points over both games.
    #[must_use]
    pub fn first_player(&self) -> u64 {
        self.results.iter().map(|&r| score_of_a(r)).sum()
    }
}

/// A's half points in a game with this result.
#[must_use]
pub fn score_of_a(result: u8) -> u64 {
    match result {
        0 => WIN,
        1 => 0,
        _ => DRAW,
    }
}

/// Reusable buffers for playing matches of one version (one per worker thread).
#[derive(Debug, Clone)]
pub struct Player {
    battle: Battle,
    /// Card lines of the current match, as program cards.
    cards: [Vec<u16>; 2],
    /// Per pool position: 1 + its index in line X / line Y, or 0.
    index_in: [Vec<u8>; 2],
    /// Per line and line index: damage dealt, taken, survived games in this match.
    per_card: [Vec<(i64, i64, u64)>; 2],
    /// Per feature: side-games and half points in this match, and the line that last added it.
    feature_n: Vec<u64>,
    feature_s: Vec<u64>,
    feature_line: Vec<u8>,
    touched: Vec<u16>,
}

impl Player {
    /// Buffers for a version.
    #[must_use]
    pub fn new(version: &Version) -> Self {
        let pool = version.cards.len();
        let features = pool + version.keywords.len();
        Self {
            battle: version.start.clone(),
            cards: [Vec::new(), Vec::new()],
            index_in: [vec![0; pool], vec![0; pool]],
            per_card: [Vec::new(), Vec::new()],
            feature_n: vec![0; features],
            feature_s: vec![0; features],
            feature_line: vec![0; features],
            touched: Vec::new(),
        }
    }

    /// The battle as the last game left it (for tests and the replay check).
    #[must_use]
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// Plays both games of a match and adds them to `sums`.
    pub fn play(&mut self, version: &Version, lineups: &Lineups, sums: &mut Sums) -> MatchOutcome {
        for (line, cards) in lineups.lines.iter().zip(&mut self.cards) {
            cards.clear();
            cards.extend(line.iter().map(|&p| version.cards[p as usize]));
        }
        for (l, line) in lineups.lines.iter().enumerate() {
            self.per_card[l].clear();
            self.per_card[l].resize(line.len(), (0, 0, 0));
            for (i, &p) in line.iter().enumerate() {
                self.index_in[l][p as usize] = i as u8 + 1;
            }
        }
        let mut outcome = MatchOutcome::default();
        for game in 0..2 {
            let (a, b) = if game == 0 { (0, 1) } else { (1, 0) };
            self.battle.reset_with_lines(
                &version.start,
                [&self.cards[a], &self.cards[b]],
                lineups.seed,
            );
            self.battle.run();
            let result = self.battle.state().result;
            outcome.results[game] = result;
            let a_score = score_of_a(result);
            outcome.scores[a] += a_score;
            outcome.scores[b] += WIN - a_score;
            sums.results[result as usize] += 1;
            sums.turns += u64::from(self.battle.turn());
            self.tally_creatures(version, [a, b], sums);
        }
        sums.matches += 1;
        let first = outcome.first_player();
        sums.first.0 += first;
        sums.first.1 += first * first;
        self.add_features(version, lineups, &outcome, sums);
        for (l, line) in lineups.lines.iter().enumerate() {
            for &p in line {
                self.index_in[l][p as usize] = 0;
            }
        }
        outcome
    }

    /// Damage, survival and firings of the game just played. `lines[side]` is the match line
    /// (0 = X, 1 = Y) that stood on that side.
    fn tally_creatures(&mut self, version: &Version, lines: [usize; 2], sums: &mut Sums) {
        let st = self.battle.state();
        // Each line-up card counts once per game for survival, however many creatures of it.
        let mut alive = [[false; crate::battle::program::MAX_SLOTS]; 2];
        for c in &st.creatures {
            let pos = version.pool_pos[c.card as usize];
            if pos == NOT_IN_POOL {
                continue;
            }
            let line = lines[c.owner as usize];
            let at = self.index_in[line][pos as usize];
            if at == 0 {
                continue; // a pool card summoned by an effect, not on the line-up
            }
            let entry = &mut self.per_card[line][at as usize - 1];
            entry.0 += i64::from(c.dealt);
            entry.1 += i64::from(c.taken);
            alive[line][at as usize - 1] |= c.on_line;
        }
        for (line, flags) in alive.iter().enumerate() {
            for (entry, &on) in self.per_card[line].iter_mut().zip(flags) {
                entry.2 += u64::from(on);
            }
        }
        let keywords = sums.keyword_count;
        for &(id, kw) in &st.fired {
            let pos = version.pool_pos[st.creature(id).card as usize];
            if pos != NOT_IN_POOL {
                sums.fired[pos as usize * keywords + kw as usize] += 1;
            }
        }
    }

    /// Adds the match to the with/without sums of every card and keyword on either line, and
    /// the creature sums of every line-up card.
    fn add_features(
        &mut self,
        version: &Version,
        lineups: &Lineups,
        outcome: &MatchOutcome,
        sums: &mut Sums,
    ) {
        let pool = version.cards.len();
        for (l, line) in lineups.lines.iter().enumerate() {
            let mark = l as u8 + 1;
            let score = outcome.scores[l];
            for (i, &p) in line.iter().enumerate() {
                let (dealt, taken, survived) = self.per_card[l][i];
                let mut feature = |f: usize, this: &mut Self| {
                    let c = &mut sums.creatures[f];
                    c.games += 2;
                    c.dealt += dealt;
                    c.taken += taken;
                    c.survived += survived;
                    // A line counts once per feature, however many of its cards bring it.
                    if this.feature_line[f] != mark {
                        this.feature_line[f] = mark;
                        if this.feature_n[f] == 0 {
                            this.touched.push(f as u16);
                        }
                        this.feature_n[f] += 2;
                        this.feature_s[f] += score;
                    }
                };
                feature(p as usize, self);
                for &k in &version.card_keywords[p as usize] {
                    feature(pool + k as usize, self);
                }
            }
        }
        for &f in &self.touched {
            let f = f as usize;
            sums.features[f].add(self.feature_n[f], self.feature_s[f]);
            self.feature_n[f] = 0;
            self.feature_s[f] = 0;
            self.feature_line[f] = 0;
        }
        self.touched.clear();
    }
}
