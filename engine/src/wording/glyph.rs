//! Glyph abilities in words, for the glyph graph's nodes and the inspector: "When “ping”
//! arrives — Reaction: send “alarm”, the effect ring". Commands, states and letters are
//! quoted with typographic quotes, never the file's `"`.

use crate::glyph::model::{ANY_COMMAND, GlyphAbility, GlyphAction, GlyphDef, GlyphTrigger};

use super::plural;

/// A command, state or letter as a person reads it: “alarm”.
fn quote(word: &str) -> String {
    format!("“{word}”")
}

/// What an action does, lower case: "send “alarm”", "disable itself for 2 rounds".
#[must_use]
pub fn action(action: &GlyphAction) -> String {
    match action {
        GlyphAction::Send(c) => format!("send {}", quote(c)),
        GlyphAction::Effect(e) => format!("the effect {e}"),
        GlyphAction::Dismiss => "dismiss itself".to_owned(),
        GlyphAction::Disable(n) => format!("disable itself for {}", plural(n, "round", "rounds")),
        GlyphAction::SetState(s) => format!("become {}", quote(s)),
        GlyphAction::Count(n) if *n < 0 => format!("count down {}", n.unsigned_abs()),
        GlyphAction::Count(n) => format!("count up {n}"),
        GlyphAction::Reset => "reset".to_owned(),
        GlyphAction::Connect(g) => format!("connect to {g}"),
    }
}

/// What sets an ability off: "“ping” arrives", "it is seen by a creature".
#[must_use]
pub fn trigger(ability: &GlyphAbility) -> String {
    match &ability.when {
        Some(GlyphTrigger::Traced(l)) => format!("{} is traced on it", quote(l)),
        Some(GlyphTrigger::Passphrase(p)) => format!("the passphrase {} is traced", quote(p)),
        Some(GlyphTrigger::Became(s)) => format!("it becomes {}", quote(s)),
        Some(t) => t.to_string(),
        None if ability.on == ANY_COMMAND => "any command arrives".to_owned(),
        None => format!("{} arrives", quote(&ability.on)),
    }
}

/// One line per ability of a glyph, with its dismissal and disabling commands: "When “ping”
/// arrives — Reaction: send “alarm”".
#[must_use]
pub fn ability_lines(def: &GlyphDef) -> Vec<String> {
    let mut lines: Vec<String> = def
        .abilities
        .iter()
        .map(|a| {
            let does: Vec<String> = a.does.iter().map(action).collect();
            let guard = a
                .if_state
                .as_ref()
                .map(|s| format!(", if it is {}", quote(s)))
                .unwrap_or_default();
            format!(
                "When {}{guard} — {}: {}",
                trigger(a),
                a.time_text(),
                super::list(&does)
            )
        })
        .collect();
    if let Some(c) = &def.dismiss_on {
        lines.push(format!(
            "When {} arrives — Free Reaction: dismissed",
            quote(c)
        ));
    }
    if let Some((c, n)) = &def.disable_on {
        lines.push(format!(
            "When {} arrives — Free Reaction: disabled for {}",
            quote(c),
            plural(n, "round", "rounds")
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_and_trigger_reads_without_the_files_syntax() {
        let def: GlyphDef = ron::from_str(
            r#"(id: "door", pos: (0.0, 0.0), abilities: [
                (on: "ping", time: Reaction, does: [Send("alarm"), Effect("ring"), Dismiss,
                    Disable(2), SetState("open"), Count(-1), Count(3), Reset, Connect("bell")]),
                (when: Some(Traced("a")), time: Reaction, does: [Reset]),
                (when: Some(Passphrase("abc")), if_state: Some("open"), time: Reaction, does: [Reset]),
                (when: Some(Became("open")), time: Reaction, does: [Reset]),
                (when: Some(Seen(Creature)), time: FreeReaction, does: [Reset]),
                (on: "*", time: Action, delay: 2, does: [Reset]),
            ], dismiss_on: Some("quit"), disable_on: Some(("nap", 2)))"#,
        )
        .expect("the fixture reads");
        let lines = ability_lines(&def);
        assert_eq!(lines.len(), 8);
        assert_eq!(
            lines[0],
            "When “ping” arrives — Reaction: send “alarm”, the effect ring, dismiss itself, \
             disable itself for 2 rounds, become “open”, count down 1, count up 3, reset and \
             connect to bell"
        );
        for line in &lines {
            assert_eq!(super::super::leak(line), None, "{line}");
        }
    }
}
