//! Every name the rules engine resolves at run time, checked against the game profile before
//! a game runs: phases (costs, durations, triggers, the script), zones, named stats, rule
//! changes, effects the engine does not carry out and restriction kinds. A misspelt name would
//! otherwise do nothing, silently (an ability whose phase never comes can never be activated).
//!
//! The names are found by walking the model through [`Reflect`], the same walk `rename` uses,
//! so a field added to the model is checked too.

use std::collections::BTreeSet;

use crate::model::ability::{Ability, AbilityKind, Trigger};
use crate::model::profile::{
    GameProfile, KEYWORD_ACTIONS, KNOWN_RULE_CHANGES, RESTRICTION_KINDS, stat_key,
};
use crate::model::{Card, Effect, Zone};
use crate::reflect::{Refers, Reflect, ValueRef};

use super::scenario::{Action, Expect, PlayerSetup, RulesScenario};

/// A name the profile does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameProblem {
    /// Plain-English message: where, what, and the nearest known name.
    pub message: String,
    /// The quoted value in the file to point at (the name, or the card holding it).
    pub literal: String,
    /// A warning (the content runs, but part of it does nothing) rather than an error.
    pub warning: bool,
}

/// One name found in the model.
enum Found {
    Phase(String),
    Zone(String),
    Stat(String),
    Custom(String),
    RuleChange(String),
    Restriction(&'static str),
    KeywordAction(&'static str),
    Counter(String),
}

/// Collects the names under `value` (`refers`: what the field holding it names).
fn walk(value: &dyn Reflect, refers: Refers, out: &mut Vec<Found>) {
    match value.value() {
        ValueRef::Text(t) => {
            if refers == Refers::Phase {
                out.push(Found::Phase(t.to_owned()));
            }
        }
        ValueRef::Bool(_) | ValueRef::Int(_) => {}
        ValueRef::Option(o) => {
            if let Some(v) = o {
                walk(v, refers, out);
            }
        }
        ValueRef::List(items) | ValueRef::Tuple(items) => {
            for v in items {
                walk(v, refers, out);
            }
        }
        ValueRef::Map(entries) => {
            for (_, v) in entries {
                walk(v, refers, out);
            }
        }
        ValueRef::Struct(info, fields) => {
            for (f, v) in info.fields.iter().zip(fields) {
                walk(v, f.refers, out);
            }
        }
        ValueRef::Enum(e) => {
            let info = e.info();
            let Some(variant) = info.variants.get(e.variant()) else {
                return;
            };
            let fields = e.fields();
            let text = || match fields.first().map(|f| f.value()) {
                Some(ValueRef::Text(t)) => t.to_owned(),
                _ => String::new(),
            };
            match (info.name, variant.name) {
                ("Zone", zone) => out.push(Found::Zone(zone.to_owned())),
                ("Stat", "Named") => out.push(Found::Stat(text())),
                ("Effect", "Custom") => out.push(Found::Custom(text())),
                ("Effect", "ChangeRule") => out.push(Found::RuleChange(text())),
                ("RestrictionKind", kind) => {
                    out.push(Found::Restriction(kind));
                    if kind == "Counters" {
                        out.push(Found::Counter(text()));
                    }
                }
                // A counter kind read or removed at run time: one the profile lists.
                ("Amount", "CountersOnThis") | ("CostPart", "RemoveCounters") => {
                    out.push(Found::Counter(text()));
                }
                ("Effect", action) if KEYWORD_ACTIONS.contains(&action) => {
                    out.push(Found::KeywordAction(action));
                }
                _ => {}
            }
            for (f, v) in variant.fields.iter().zip(fields) {
                walk(v, f.refers, out);
            }
        }
    }
}

/// What the checks know: the profile and the stats cards print.
struct Checker<'p> {
    profile: &'p GameProfile,
    stats: BTreeSet<String>,
    problems: Vec<NameProblem>,
}

impl Checker<'_> {
    fn error(&mut self, message: String, literal: &str) {
        self.problems.push(NameProblem {
            message,
            literal: literal.to_owned(),
            warning: false,
        });
    }

    fn warn(&mut self, message: String, literal: &str) {
        self.problems.push(NameProblem {
            message,
            literal: literal.to_owned(),
            warning: true,
        });
    }

    fn phase(&mut self, at: &str, phase: &str) {
        let p = self.profile;
        if p.phase_index(phase).is_none() {
            self.error(
                format!(
                    "{at}: unknown phase `{phase}`{} ({} phases: {}): it never begins",
                    did_you_mean(phase, &p.phases),
                    p.name,
                    p.phases.join(", ")
                ),
                phase,
            );
        }
    }

    fn zone(&mut self, at: &str, zone: Zone, literal: &str) {
        let p = self.profile;
        if !p.has_zone(zone) {
            let names: Vec<&str> = p.zones.iter().map(|z| z.name.as_str()).collect();
            self.error(
                format!(
                    "{at}: {} has no {} zone (its zones: {})",
                    p.name,
                    zone.name(),
                    names.join(", ")
                ),
                literal,
            );
        }
    }

    fn zone_named(&mut self, at: &str, name: &str) {
        if let Some(z) = self.profile.parse_zone(name) {
            return self.zone(at, z, name);
        }
        let names: Vec<&str> = self.profile.zones.iter().map(|z| z.name.as_str()).collect();
        self.error(
            format!(
                "{at}: unknown zone `{name}`{} ({} zones: {})",
                did_you_mean(name, &names),
                self.profile.name,
                names.join(", ")
            ),
            name,
        );
    }

    /// Checks every name in one ability (`card`: the id of the card or keyword holding it).
    fn ability(&mut self, card: &str, index: usize, ability: &Ability) {
        let at = if ability.name.is_empty() {
            format!("`{card}`, ability {}", index + 1)
        } else {
            format!("`{card}`, ability `{}`", ability.name)
        };
        let mut found = Vec::new();
        walk(ability, Refers::Nothing, &mut found);
        self.found(&at, card, found);
        self.combat_trigger(&at, card, ability);
        // A warning, not an error: a battle-line card tried in the Rules tab still plays (its
        // other abilities work), and the warning says why this one finds nothing.
        if ability.target.battle_line_only() {
            self.warn(
                format!(
                    "{at}: `{:?}` is a battle-line target (slots and attacks): in {} it finds no card; pick cards with `AllMatching(..)` or `Chosen`",
                    ability.target, self.profile.name
                ),
                card,
            );
        }
        let cost_rule = ability.is_cost_rule();
        for e in &ability.effects {
            e.visit(&mut |e| match e {
                Effect::AddCounters(kind, _) | Effect::RemoveCounters(kind, _) => {
                    self.counter(&at, kind);
                }
                Effect::Modal(modes) if modes.len() < 2 => self.warn(
                    format!(
                        "{at}: `Modal` has {}: a choice needs two or more",
                        crate::wording::plural(modes.len(), "mode", "modes")
                    ),
                    card,
                ),
                Effect::CostsLess(_) | Effect::CostsMore(_) | Effect::AdditionalCost(_)
                    if !cost_rule =>
                {
                    self.warn(
                        format!(
                            "{at}: `{}` changes what a card costs to play only in a `Static` ability whose effects all change its cost; here it does nothing",
                            variant_name(e)
                        ),
                        card,
                    );
                }
                _ => {}
            });
        }
    }

    /// A counter kind an effect names: one the profile lists.
    fn counter(&mut self, at: &str, kind: &str) {
        if self.profile.counter(kind).is_some() {
            return;
        }
        let names: Vec<&str> = self
            .profile
            .counters
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        let listed = if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        };
        self.error(
            format!(
                "{at}: unknown counter `{kind}`{} ({} counters: {listed})",
                did_you_mean(kind, &names),
                self.profile.name
            ),
            kind,
        );
    }

    /// What a card says about itself that the profile must know: its speed, and a keyword
    /// one letter or two from a combat keyword of the profile (Taunt, Intercept), which would
    /// otherwise be a keyword the combat rules never see.
    fn card(&mut self, id: &str, card: &Card) {
        if let Some(combat) = &self.profile.combat {
            let known: Vec<&str> = combat.keywords().collect();
            for k in card.keyword_refs().flatten() {
                if known.iter().any(|n| n.eq_ignore_ascii_case(&k.name)) {
                    continue;
                }
                if let Some(near) = crate::content_check::nearest(&k.name, known.clone()) {
                    self.error(
                        format!(
                            "`{id}`: keyword `{}` is not a combat keyword of {}; did you mean `{near}`? (its combat keywords: {})",
                            k.name,
                            self.profile.name,
                            known.join(", ")
                        ),
                        &k.name,
                    );
                }
            }
        }
        self.combat_subtypes(id, card);
        if card.speed.is_some() && self.profile.slow_phase.is_none() {
            self.error(
                format!(
                    "`{id}`: {} has no card speed (its profile names no `slow_phase`), so `speed` would be ignored",
                    self.profile.name
                ),
                id,
            );
        }
    }

    /// A subtype one letter or two from the one that makes a card a weapon or an attack card
    /// (`Weapn`): the card would quietly be an ordinary item or action.
    fn combat_subtypes(&mut self, id: &str, card: &Card) {
        let Some(combat) = &self.profile.combat else {
            return;
        };
        let types = [
            combat.weapons.as_ref().map(|w| (&w.card, "a weapon")),
            combat
                .attack_cards
                .as_ref()
                .map(|a| (&a.card, "an attack card")),
        ];
        for (ty, noun) in types.into_iter().flatten() {
            let Some(subtype) = &ty.subtype else {
                continue;
            };
            if card.kind != ty.kind || ty.matches(card.kind, &card.tribes) {
                continue;
            }
            for tribe in &card.tribes {
                if crate::content_check::nearest(tribe, vec![subtype.as_str()]).is_some() {
                    self.error(
                        format!(
                            "`{id}`: subtype `{tribe}` is not {}'s `{subtype}`; did you mean `{subtype}`? (only {} with it is {noun})",
                            self.profile.name,
                            crate::wording::a_or_an(&card.kind.name().to_ascii_lowercase())
                        ),
                        tribe,
                    );
                }
            }
        }
    }

    /// An attack trigger in a game without attacks, or a level-up trigger in a game without
    /// levelling up, would never fire: say so.
    fn combat_trigger(&mut self, at: &str, card: &str, ability: &Ability) {
        let (AbilityKind::Triggered(t) | AbilityKind::Replacement { replaces: t, .. }) =
            &ability.kind
        else {
            return;
        };
        let attack = matches!(
            t,
            Trigger::Attacks | Trigger::Attacked | Trigger::Hits | Trigger::Kills
        );
        if *t == Trigger::ChampionLevelsUp && self.profile.level_up.is_none() {
            self.error(
                format!(
                    "{at}: {} has no level up (its game profile names no `level_up`), so `{t:?}` never fires",
                    self.profile.name
                ),
                card,
            );
        }
        if attack && self.profile.combat.is_none() {
            self.error(
                format!(
                    "{at}: {} has no attacks (its game profile names no combat rules), so `{t:?}` never fires",
                    self.profile.name
                ),
                card,
            );
        }
    }

    fn effects(&mut self, at: &str, effects: &[Effect]) {
        let mut found = Vec::new();
        for e in effects {
            walk(e, Refers::Nothing, &mut found);
        }
        self.found(at, at, found);
    }

    fn found(&mut self, at: &str, holder: &str, found: Vec<Found>) {
        for f in found {
            match f {
                Found::Phase(p) => self.phase(at, &p),
                Found::Zone(z) => {
                    if let Some(zone) = Zone::parse(&z) {
                        self.zone(at, zone, holder);
                    }
                }
                Found::Stat(s) => self.stat(at, &s),
                Found::Custom(name) => self.warn(
                    format!(
                        "{at}: `Custom(\"{name}\")` is kept for text only: the engine does not carry it out, so it does nothing when the ability resolves"
                    ),
                    &name,
                ),
                Found::RuleChange(name) => self.rule_change(at, &name),
                Found::Counter(kind) => self.counter(at, &kind),
                Found::KeywordAction(action) => self.keyword_action(at, holder, action),
                Found::Restriction(kind) => {
                    if !self.profile.allows_restriction(kind) {
                        let allowed = if self.profile.restriction_kinds.is_empty() {
                            "none".to_owned()
                        } else {
                            self.profile.restriction_kinds.join(", ")
                        };
                        self.error(
                            format!(
                                "{at}: {} has no {kind} restriction (its restriction kinds: {allowed})",
                                self.profile.name
                            ),
                            holder,
                        );
                    }
                }
            }
        }
    }

    /// A keyword action an effect uses: one the profile lists (and for `LevelUp`, one the
    /// profile says what it does).
    fn keyword_action(&mut self, at: &str, holder: &str, action: &str) {
        let p = self.profile;
        if !p.allows_keyword_action(action) {
            let allowed = if p.keyword_actions.is_empty() {
                "none".to_owned()
            } else {
                p.keyword_actions.join(", ")
            };
            self.error(
                format!(
                    "{at}: {} has no {action} keyword action (its keyword actions: {allowed})",
                    p.name
                ),
                holder,
            );
        } else if action == "LevelUp" && p.level_up.is_none() {
            self.error(
                format!(
                    "{at}: {} lists LevelUp but its profile does not say what it does (`level_up`)",
                    p.name
                ),
                holder,
            );
        }
    }

    fn stat(&mut self, at: &str, stat: &str) {
        let key = stat_key(stat);
        let known = self.stats.contains(&key)
            || self
                .profile
                .stats
                .iter()
                .any(|s| stat_key(&s.stat) == key || stat_key(&s.name) == key);
        if !known {
            let mut names: Vec<String> =
                self.profile.stats.iter().map(|s| s.stat.clone()).collect();
            names.extend(self.stats.iter().cloned());
            self.error(
                format!(
                    "{at}: unknown stat `{stat}`{}: no card prints it and {} has no such stat",
                    did_you_mean(stat, &names),
                    self.profile.name
                ),
                stat,
            );
        }
    }

    fn rule_change(&mut self, at: &str, name: &str) {
        if !KNOWN_RULE_CHANGES.contains(&name) {
            self.error(
                format!(
                    "{at}: unknown rule change `{name}`{} (the engine carries out: {})",
                    did_you_mean(name, KNOWN_RULE_CHANGES),
                    KNOWN_RULE_CHANGES.join(", ")
                ),
                name,
            );
        } else if !self.profile.allows_rule_change(name) {
            self.error(
                format!(
                    "{at}: {} has no rule change `{name}` (add it to the profile's `rule_changes`)",
                    self.profile.name
                ),
                name,
            );
        }
    }

    /// A mode a script chooses for a card (`card` an instance, `ability` the one activated):
    /// one its `Modal` effect has. The modes count from 0.
    fn mode(
        &mut self,
        at: &str,
        scenario: &RulesScenario,
        card: &str,
        ability: Option<&str>,
        mode: usize,
    ) {
        let id = card.split(['#', '@']).next().unwrap_or(card);
        let Some(printed) = scenario.cards.get(id) else {
            return;
        };
        let chosen = |i: usize, a: &Ability| {
            ability.is_none_or(|name| {
                a.name.eq_ignore_ascii_case(name) || name.parse::<usize>().is_ok_and(|n| n == i)
            })
        };
        let mut modes = None;
        for (_, a) in printed
            .abilities
            .iter()
            .enumerate()
            .filter(|(i, a)| chosen(*i, a))
        {
            for e in &a.effects {
                e.visit(&mut |e| {
                    if let Effect::Modal(list) = e {
                        modes.get_or_insert(list.len());
                    }
                });
            }
        }
        // Warnings: the engine refuses such a step with its reason (never silently), but the
        // script does not do what its writer meant.
        match modes {
            None => self.warn(
                format!("{at}: `{card}` has no modes to choose from (no `Modal` effect), so `mode` would be ignored"),
                card,
            ),
            Some(n) if mode >= n => self.warn(
                format!(
                    "{at}: `{card}` has {} (0 to {}): there is no mode {mode}",
                    crate::wording::plural(n, "mode", "modes"),
                    n.saturating_sub(1)
                ),
                card,
            ),
            Some(_) => {}
        }
    }

    fn setup(&mut self, who: &str, setup: &PlayerSetup) {
        let zones = setup.zone_lists();
        for (list, zone) in zones {
            if let Some(first) = list.first() {
                self.zone(&format!("player {who}'s {}", zone.name()), zone, first);
            }
        }
    }
}

/// The name of an effect's variant, as a file writes it (`CostsLess`).
fn variant_name(e: &Effect) -> &'static str {
    match e.value() {
        ValueRef::Enum(v) => v
            .info()
            .variants
            .get(v.variant())
            .map_or("effect", |x| x.name),
        _ => "effect",
    }
}

/// Every name in a scenario (its cards, keywords, starting zones, script and expectations)
/// checked against `profile`, in file order as far as possible.
#[must_use]
pub fn check_scenario(profile: &GameProfile, scenario: &RulesScenario) -> Vec<NameProblem> {
    let mut c = Checker {
        profile,
        stats: printed_stats(scenario.cards.values()),
        problems: Vec::new(),
    };
    // The cards the game plays: those its players start with (a pack's other cards follow
    // their own file's profile, which `validate` checks there), and the keywords they carry.
    let played = played_cards(scenario);
    for (id, card) in &scenario.cards {
        if !played.contains(id.as_str()) {
            continue;
        }
        c.card(id, card);
        for (i, a) in card.abilities.iter().enumerate() {
            c.ability(id, i, a);
        }
    }
    for k in &scenario.keywords {
        let carried = scenario
            .cards
            .iter()
            .filter(|(id, _)| played.contains(id.as_str()))
            .flat_map(|(_, card)| card.keyword_refs().flatten())
            .any(|r| k.matches(&r.name));
        if !carried {
            continue;
        }
        for (i, a) in k.abilities.iter().enumerate() {
            c.ability(&k.name, i, a);
        }
    }
    c.setup("A", &scenario.a);
    c.setup("B", &scenario.b);
    for (i, action) in scenario.script.iter().enumerate() {
        let at = format!("script step {}", i + 1);
        match action {
            Action::AdvanceTo(p) => c.phase(&at, p),
            Action::Intercept(unit) => {
                let game = &profile.name;
                match &profile.combat {
                    None => c.error(
                        format!("{at}: {game} has no attacks (its game profile names no combat rules): nothing to intercept"),
                        unit,
                    ),
                    Some(rules) if rules.intercept.is_none() => c.error(
                        format!("{at}: {game} has no interception (its combat rules name no `intercept` keyword)"),
                        unit,
                    ),
                    Some(_) => {}
                }
            }
            Action::Attack {
                weapon: Some(w), ..
            } if profile.combat.as_ref().is_none_or(|r| r.weapons.is_none()) => c.error(
                format!(
                    "{at}: {} has no weapons (its combat rules name none): nothing attacks with `{w}`",
                    profile.name
                ),
                w,
            ),
            Action::PlayAttack { card, .. }
                if profile.combat.as_ref().is_none_or(|r| r.attack_cards.is_none()) =>
            {
                c.error(
                    format!(
                        "{at}: {} has no attack cards (its combat rules name none): `{card}` cannot be played as one",
                        profile.name
                    ),
                    card,
                );
            }
            Action::Move { to, .. } => c.zone_named(&at, to),
            Action::Play {
                card,
                mode: Some(mode),
                ..
            } => c.mode(&at, scenario, card, None, *mode),
            Action::Activate {
                card,
                ability,
                mode: Some(mode),
                ..
            } => c.mode(&at, scenario, card, Some(ability), *mode),
            Action::SpendCounters { kind, .. } => {
                c.counter(&at, kind);
                if profile.counter(kind).is_some_and(|k| k.spend.is_none()) {
                    c.error(
                        format!(
                            "{at}: {} has no rule to remove {kind} counters for something (the profile's counter `{kind}` names no `spend`)",
                            profile.name
                        ),
                        kind,
                    );
                }
            }
            Action::Apply {
                effects, duration, ..
            } => {
                c.effects(&at, effects);
                let mut found = Vec::new();
                walk(duration, Refers::Nothing, &mut found);
                c.found(&at, &at, found);
            }
            Action::Gain { duration, .. } | Action::Lose { duration, .. } => {
                let mut found = Vec::new();
                walk(duration, Refers::Nothing, &mut found);
                c.found(&at, &at, found);
            }
            _ => {}
        }
    }
    for (i, e) in scenario.expect.iter().enumerate() {
        expectation(&mut c, &format!("expectation {}", i + 1), e);
    }
    c.problems
}

/// The card ids a scenario's players start with (`wolf#2@hall` is `wolf`), and every card the
/// scenario defines inline when no pack is merged in.
fn played_cards(scenario: &RulesScenario) -> BTreeSet<&str> {
    if scenario.pack.is_none() {
        return scenario.cards.keys().map(String::as_str).collect();
    }
    let mut out = BTreeSet::new();
    for setup in [&scenario.a, &scenario.b] {
        let lists = setup.zone_lists().map(|(list, _)| list);
        let entries = lists.into_iter().flatten().chain(&setup.champion);
        for entry in entries {
            let id = entry.split(['#', '@']).next().unwrap_or(entry);
            out.insert(id);
        }
    }
    out
}

fn expectation(c: &mut Checker<'_>, at: &str, e: &Expect) {
    match e {
        Expect::Phase(p) => c.phase(at, p),
        Expect::Zone(_, z) | Expect::ZoneSize(_, z, _) => c.zone_named(at, z),
        Expect::At(_, inner) => {
            for e in inner {
                expectation(c, at, e);
            }
        }
        _ => {}
    }
}

/// A profile's own names: its start and wake phases among its phases, its restriction kinds
/// and rule changes ones the engine knows, and where cards go among its zones.
#[must_use]
pub fn check_profile(profile: &GameProfile) -> Vec<NameProblem> {
    let mut c = Checker {
        profile,
        stats: BTreeSet::new(),
        problems: Vec::new(),
    };
    if profile.phases.is_empty() {
        c.error(
            "a game profile needs at least one phase".to_owned(),
            "phases",
        );
    }
    c.phase("start_phase", &profile.start_phase);
    if let Some(w) = &profile.wake_phase {
        c.phase("wake_phase", w);
    }
    if let Some(combat) = &profile.combat {
        c.phase("combat phase", &combat.phase);
    }
    if let Some(slow) = &profile.slow_phase {
        c.phase("slow_phase", slow);
    }
    for (field, zone) in [
        ("resolved_to", profile.resolved_to),
        ("destroyed_to", profile.destroyed_to),
        ("discarded_to", profile.discarded_to),
        ("buried_to", profile.buried_to),
    ] {
        c.zone(field, zone, field);
    }
    if let Some(zone) = profile.sacrificed_to {
        c.zone("sacrificed_to", zone, "sacrificed_to");
    }
    for action in &profile.keyword_actions {
        if !KEYWORD_ACTIONS
            .iter()
            .any(|k| k.eq_ignore_ascii_case(action))
        {
            c.error(
                format!(
                    "keyword_actions: unknown keyword action `{action}`{} (the engine carries out: {})",
                    did_you_mean(action, KEYWORD_ACTIONS),
                    KEYWORD_ACTIONS.join(", ")
                ),
                action,
            );
        }
    }
    if let Some(combat) = &profile.combat
        && !matches!(stat_key(&combat.power).as_str(), "atk" | "life" | "armor")
    {
        c.stat("combat power", &combat.power);
    }
    if let Some(weapons) = profile.combat.as_ref().and_then(|r| r.weapons.as_ref()) {
        // A weapon's durability is counted in counters: their kind must be one the game has.
        c.counter("combat weapons", &weapons.counter);
    }
    if let Some(cards) = profile
        .combat
        .as_ref()
        .and_then(|r| r.attack_cards.as_ref())
    {
        c.zone(
            "attack_cards after_combat",
            cards.after_combat,
            "after_combat",
        );
    }
    for kind in &profile.restriction_kinds {
        if !RESTRICTION_KINDS
            .iter()
            .any(|k| k.eq_ignore_ascii_case(kind))
        {
            c.error(
                format!(
                    "restriction_kinds: unknown restriction kind `{kind}`{} (the model has: {})",
                    did_you_mean(kind, RESTRICTION_KINDS),
                    RESTRICTION_KINDS.join(", ")
                ),
                kind,
            );
        }
    }
    for rule in &profile.rule_changes {
        if !KNOWN_RULE_CHANGES.contains(&rule.as_str()) {
            c.error(
                format!(
                    "rule_changes: unknown rule change `{rule}`{} (the engine carries out: {})",
                    did_you_mean(rule, KNOWN_RULE_CHANGES),
                    KNOWN_RULE_CHANGES.join(", ")
                ),
                rule,
            );
        }
    }
    c.problems
}

/// Every name in a pack's cards checked against its profile (what `validate` reports for a
/// `CardSet` file).
#[must_use]
pub fn check_cards<'c>(
    profile: &GameProfile,
    cards: impl IntoIterator<Item = &'c Card> + Clone,
) -> Vec<NameProblem> {
    let mut c = Checker {
        profile,
        stats: printed_stats(cards.clone()),
        problems: Vec::new(),
    };
    for card in cards {
        c.card(&card.id, card);
        for (i, a) in card.abilities.iter().enumerate() {
            c.ability(&card.id, i, a);
        }
    }
    c.problems
}

/// The stat names cards print (their `stats` keys), as stat keys.
fn printed_stats<'c>(cards: impl IntoIterator<Item = &'c Card>) -> BTreeSet<String> {
    cards
        .into_iter()
        .flat_map(|c| c.stats.keys())
        .map(|k| stat_key(k))
        .collect()
}

/// `"; did you mean `x`?"` when a name among `names` is near `name`, else nothing.
pub(crate) fn did_you_mean<S: AsRef<str>>(
    name: &str,
    names: impl IntoIterator<Item = S>,
) -> String {
    let names: Vec<S> = names.into_iter().collect();
    crate::content_check::nearest(name, names.iter().map(AsRef::as_ref).collect())
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default()
}
