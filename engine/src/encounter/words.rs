//! Plain words for ability headers and effects, as a game master reads them at the table
//! ("6 Fire damage", "when an enemy starts a Damage ability that targets it"): the sheet prints
//! these, never Rust's debug text.

use std::fmt::Write as _;

use super::ability::{
    AbilityDef, AbilityTime, Condition, Distance, Effect, EffectKind, Expiry, ReactionTrigger,
    ShapeKind, TargetKind, TargetSide, TestStatus,
};
use super::damage_dice::DamageDice;
use super::dice::SaveMod;
use super::file::EncounterContent;

/// "1 stack" / "2 stacks".
pub(super) fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// An Ability Time and what it costs.
#[must_use]
pub fn time_words(time: AbilityTime) -> &'static str {
    match time {
        AbilityTime::Action => "Action (1 Beat, takes effect at once)",
        AbilityTime::FreeAction => "Free Action (no Beat, takes effect at once)",
        AbilityTime::SlowAction => {
            "Slow Action (1 Beat, takes effect at the start of the next turn)"
        }
        AbilityTime::Reaction => "Reaction (1 Beat, when its Trigger occurs)",
        AbilityTime::FreeReaction => "Free Reaction (no Beat, when its Trigger occurs)",
        AbilityTime::Passive => "Passive (always in effect)",
        AbilityTime::Montage => "Montage (Freeplay only, not in an encounter)",
        AbilityTime::Episodic => "Episodic (end of the Opening Credits, not in an encounter)",
    }
}

/// A Distance as the seed writes it: "Throwing Distance (8u)".
#[must_use]
pub fn distance_words(d: Distance) -> String {
    let name = match d {
        Distance::Swinging => "Swinging",
        Distance::Spearing => "Spearing",
        Distance::Spitting => "Spitting",
        Distance::Throwing => "Throwing",
        Distance::Shooting => "Shooting",
        Distance::Sniping => "Sniping",
    };
    format!("{name} Distance ({}u)", d.units())
}

/// A Shape's name ("Cone").
#[must_use]
pub fn shape_name(kind: ShapeKind) -> &'static str {
    match kind {
        ShapeKind::Cone => "Cone",
        ShapeKind::Cube => "Cube",
        ShapeKind::Cylinder => "Cylinder",
        ShapeKind::Line => "Line",
        ShapeKind::Sphere => "Sphere",
    }
}

/// An effect type of the header.
#[must_use]
pub fn effect_kind_words(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Damage => "Damage",
        EffectKind::Healing => "Healing",
        EffectKind::Condition => "Condition",
        EffectKind::Control => "Control",
        EffectKind::Defense => "Defense",
        EffectKind::Utility => "Utility",
    }
}

/// What an ability can target, in words ("one enemy within Swinging Distance (1u)", "Self",
/// "a Sphere of Spearing Distance (2u), its origin within Throwing Distance (8u)"); an ability
/// with no target at all (an illusion) says "no target".
#[must_use]
pub fn target_words(def: &AbilityDef) -> String {
    let t = &def.target;
    if t.kinds.contains(&TargetKind::Myself) || def.time == AbilityTime::Passive {
        return "Self".to_owned();
    }
    if let Some(s) = t.shape {
        let mut out = format!(
            "{}{} of {}",
            if s.r#true { "a True " } else { "a " },
            shape_name(s.kind),
            distance_words(s.size)
        );
        if let Some(r) = s.range {
            let _ = write!(out, ", its origin within {}", distance_words(r));
        }
        if let Some(h) = s.height {
            let _ = write!(out, ", height {}", distance_words(h));
        }
        out.push_str("; everyone inside, friend or foe");
        return out;
    }
    let creature = t.kinds.is_empty() || t.kinds.contains(&TargetKind::Creature);
    if !creature && t.reach.is_none() {
        return if t.kinds.contains(&TargetKind::Object) {
            "an object".to_owned()
        } else {
            "no target".to_owned()
        };
    }
    if t.kinds.is_empty() && t.reach.is_none() && t.tags.is_empty() {
        // A Reaction with no target of its own acts on the ability that triggered it (Delay).
        return if def.time.is_reaction() {
            "the ability that triggered it".to_owned()
        } else {
            "no target".to_owned()
        };
    }
    let n = t.count.max(1);
    let (one, many) = match t.side {
        TargetSide::Enemy => ("enemy", "enemies"),
        TargetSide::Ally => ("ally (or itself)", "allies"),
        TargetSide::Any => ("creature", "creatures"),
    };
    let mut out = if n == 1 {
        format!("one {one}")
    } else {
        format!("up to {n} {many}")
    };
    if !t.tags.is_empty() {
        let _ = write!(out, " tagged {}", t.tags.join(" or "));
    }
    if let Some(r) = t.reach {
        let truly = if r.r#true {
            " (True: needs no sight, ignores cover)"
        } else {
            ""
        };
        let _ = write!(out, " within {}{truly}", distance_words(r.distance));
    }
    out
}

/// A Reaction Trigger in words.
#[must_use]
pub fn trigger_words(t: &ReactionTrigger) -> String {
    match t {
        ReactionTrigger::StartsAbility {
            enemy,
            effect,
            targeting_me,
            category,
            time,
        } => {
            let who = if *enemy {
                "an enemy"
            } else {
                "another creature"
            };
            let noun = category.map_or("ability".to_owned(), |c| format!("{c:?}"));
            let what = effect.map_or_else(
                || crate::wording::a_or_an(&noun),
                |e| format!("a {} {noun}", effect_kind_words(e)),
            );
            let what = match time {
                Some(t) => format!("{what} with Time: {}", t.name()),
                None => what,
            };
            let aim = if *targeting_me {
                " that targets it"
            } else {
                ""
            };
            format!("when {who} starts {what}{aim}")
        }
        ReactionTrigger::TakesDamage => "when it takes damage".to_owned(),
        ReactionTrigger::WouldTakeDamage => {
            "when it would take damage (after the attacker's Test)".to_owned()
        }
        ReactionTrigger::LeavesReach => "when a target leaves its reach".to_owned(),
        ReactionTrigger::YouMove => "when it moves".to_owned(),
        ReactionTrigger::Drops | ReactionTrigger::DropsOn(TargetSide::Any) => {
            "when a creature drops".to_owned()
        }
        ReactionTrigger::DropsOn(TargetSide::Ally) => "when an ally drops".to_owned(),
        ReactionTrigger::DropsOn(TargetSide::Enemy) => "when an enemy drops".to_owned(),
        ReactionTrigger::TurnStarts => "when its turn starts".to_owned(),
        ReactionTrigger::TurnEnds => "when its turn ends".to_owned(),
        ReactionTrigger::AllyAttacked => {
            "when an enemy starts a damage ability that targets one of its allies".to_owned()
        }
        ReactionTrigger::Approaches(d) => {
            format!(
                "when an enemy comes within {} of it (moving or moved)",
                distance_words(*d)
            )
        }
    }
}

/// A condition in words, a whole clause ("the user has 1 Dodge Point", "the target is within
/// Swinging Distance (1u)", "either the user is at or below half health or not: ...").
#[must_use]
pub fn condition_words(c: &Condition) -> String {
    match c {
        Condition::Always => "always".to_owned(),
        Condition::Resource(name, n) => format!("the user has {n} {name}"),
        Condition::HasStatus(s) => format!("the user has {s}"),
        Condition::NoStatus(s) => format!("the user does not have {s}"),
        Condition::Bloodied => "the user is at or below half health".to_owned(),
        Condition::TargetWithin(d) => format!("the target is within {}", distance_words(*d)),
        Condition::AllyNearTarget => "an ally of the user stands next to the target".to_owned(),
        Condition::TargetHasStatus(s) => format!("the target has {s}"),
        Condition::NoEnemyWithin(d) => {
            format!("no enemy is within {} of the user", distance_words(*d))
        }
        Condition::Any(list) if list.is_empty() => "never".to_owned(),
        Condition::Any(list) => format!(
            "either {}",
            list.iter()
                .map(condition_words)
                .collect::<Vec<_>>()
                .join(", or ")
        ),
        Condition::All(list) if list.is_empty() => "always".to_owned(),
        Condition::All(list) => list
            .iter()
            .map(condition_words)
            .collect::<Vec<_>>()
            .join(", and "),
        Condition::Not(c) => format!("it is not so that {}", condition_words(c)),
    }
}

/// The Test in words ("Mage Stat, Strained"; "none: an automatic Mixed Score").
#[must_use]
pub fn test_words(def: &AbilityDef) -> String {
    def.test
        .as_ref()
        .map_or("none: an automatic Mixed Score".to_owned(), |t| {
            let status = match t.status {
                Some(TestStatus::Strained) => {
                    ", Strained (a Disadvantage per stack of Strained; gains a stack unless it fails)"
                }
                Some(TestStatus::Exhausted) => {
                    ", Exhausted (a Disadvantage per stack of Exhausted; gains a stack unless it fails)"
                }
                Some(TestStatus::Concentrating) => {
                    ", Concentrating (a Disadvantage per active Concentration; failing ends them all)"
                }
                None => "",
            };
            format!("{} Stat{status}", t.modifier)
        })
}

/// How a Test's band changes a Save, in words ("with an Advantage").
#[must_use]
pub fn save_mod_words(m: SaveMod) -> &'static str {
    match m {
        SaveMod::AutoPass => "passed automatically",
        SaveMod::Advantage => "with an Advantage",
        SaveMod::Plain => "with no modification",
        SaveMod::Disadvantage => "with a Disadvantage",
        SaveMod::AutoFail => "failed automatically",
    }
}

/// When a Prepared ability expires, in words.
#[must_use]
pub fn expiry_words(e: Expiry) -> String {
    match e {
        Expiry::Uses(n) => format!("expires after {}", count(n, "use", "uses")),
        Expiry::Rounds(n) => format!(
            "expires at the end of its turn {} later",
            count(n, "round", "rounds")
        ),
        Expiry::Concentration => "expires when its Concentration ends".to_owned(),
    }
}

/// One effect in words, with ability names looked up in `content`.
#[must_use]
pub fn effect_words(e: &Effect, content: &EncounterContent) -> String {
    match e {
        Effect::Damage { amount, dice, kind } => {
            let kind = kind.as_deref().map(|k| format!(" {k}")).unwrap_or_default();
            let what = super::damage_dice::damage_expression(*amount, dice.as_deref());
            match dice.as_deref().filter(|d| DamageDice::parse(d).is_ok()) {
                Some(d) => format!(
                    "{what}{kind} damage (avg {})",
                    super::damage_dice::expected_damage(*amount, Some(d))
                ),
                None => format!("{what}{kind} damage"),
            }
        }
        Effect::Healing(n) => format!("heals {n}"),
        Effect::Status(name, n) => format!("{} of {name}", count(*n, "stack", "stacks")),
        Effect::SelfStatus(name, n) => {
            format!("the user gains {} of {name}", count(*n, "stack", "stacks"))
        }
        Effect::GainBeats(n) => format!(
            "the user gains {} this turn",
            count(*n, "extra Beat", "extra Beats")
        ),
        Effect::EndTurn => "the user's turn ends".to_owned(),
        Effect::Ward(n) => format!("the user takes {n} less damage from the triggering ability"),
        Effect::WardHalf(n) => format!(
            "the user takes less damage from the triggering ability: half of it or {n}, whichever is better"
        ),
        Effect::WardAll => "the user takes no damage from the triggering ability".to_owned(),
        Effect::GainBeatsFor(n, ids) => {
            let names: Vec<&str> = ids
                .iter()
                .map(|a| {
                    content
                        .abilities
                        .get(a)
                        .map_or(a.as_str(), |d| d.name.as_str())
                })
                .collect();
            format!(
                "the user gains {} this turn, to use on {} only",
                count(*n, "extra Beat", "extra Beats"),
                names.join(" or ")
            )
        }
        Effect::GainResourceUpTo(name, n, cap) => {
            format!("the user gains {n} {name}, up to a max of {cap}")
        }
        Effect::DelayTrigger => {
            "the triggering Action becomes a Slow Action (its Test waits for its user's next turn)"
                .to_owned()
        }
        Effect::Prepare { ability, expires } => {
            let name = content
                .abilities
                .get(ability)
                .map_or(ability.as_str(), |a| a.name.as_str());
            format!("Prepares {name} ({})", expiry_words(*expires))
        }
        Effect::GainResource(name, n) => format!("the user gains {n} {name}"),
        Effect::Note(text) => text.clone(),
        Effect::Push(n) => format!(
            "each target is pushed up to {} straight away from the user",
            count(*n, "cell", "cells")
        ),
        Effect::Pull(n) => format!(
            "each target is pulled up to {} straight toward the user",
            count(*n, "cell", "cells")
        ),
        Effect::Shift(n) => format!(
            "the user moves up to {} straight away from the creature that triggered it",
            count(*n, "cell", "cells")
        ),
    }
}

/// A list of effects in words, or "no effect".
#[must_use]
pub fn effects_words(effects: &[Effect], content: &EncounterContent) -> String {
    if effects.is_empty() {
        return "no effect".to_owned();
    }
    effects
        .iter()
        .map(|e| effect_words(e, content))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What a status does beyond how its stacks go, one plain phrase per effect ("1 Disadvantage
/// per stack on Tests that name it", "ends when the bearer passes a Grit Save at the end of its
/// turn"). The sheet's glossary and table mode's status line both print these.
#[must_use]
pub fn status_effect_words(s: &crate::model::StatusCondition) -> Vec<String> {
    let mut parts = Vec::new();
    if s.disadvantage_per_stack > 0 {
        parts.push(format!(
            "{} per stack on Tests that name it",
            count(s.disadvantage_per_stack, "Disadvantage", "Disadvantages")
        ));
    }
    if s.disadvantage_on_every_test > 0 {
        parts.push(format!(
            "{} per stack on every Test and Save the bearer makes",
            count(
                s.disadvantage_on_every_test,
                "Disadvantage",
                "Disadvantages"
            )
        ));
    }
    if s.advantage_against > 0 {
        parts.push(format!(
            "{} per stack on the Test of an ability aimed at the bearer",
            count(s.advantage_against, "Advantage", "Advantages")
        ));
    }
    if s.extra_damage_taken_per_stack != 0 {
        parts.push(format!(
            "{:+} damage taken per stack",
            s.extra_damage_taken_per_stack
        ));
    }
    if s.beats_lost > 0 {
        parts.push(format!(
            "{} fewer per stack at the start of the bearer's turn",
            count(s.beats_lost, "Beat", "Beats")
        ));
    }
    if s.damage_at_turn_start > 0 {
        let kind = s
            .damage_kind
            .as_deref()
            .map(|k| format!(" {k}"))
            .unwrap_or_default();
        parts.push(format!(
            "{}{kind} damage per stack at the start of the bearer's turn",
            s.damage_at_turn_start
        ));
    }
    if s.no_reactions {
        parts.push("the bearer cannot use Reactions or Free Reactions".to_owned());
    }
    if let Some(save) = &s.save_ends {
        parts.push(format!(
            "ends when the bearer passes a {save} Save at the end of its turn"
        ));
    }
    if s.max_stacks > 0 {
        parts.push(format!(
            "at most {}",
            count(s.max_stacks, "stack", "stacks")
        ));
    }
    parts
}
