//! Issue #26: Grand Archive's keyword actions, the Damage N+ and counter ("Sheen X+")
//! restrictions and the champion's death, in the generated text (the game's words, read like
//! a printed card) and in `validate` (each name checked against the game profile, located).
//! The scenarios that run them are in `tests/fixtures/rules-ga/` (`rules_ga.rs`).

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

mod ga_text_common;
use ga_text_common::assert_reads;

#[test]
fn keyword_actions_read_like_printed_text() {
    let cases = [
        (
            "(kind: Triggered(Summoned), effects: [Glimpse(Fixed(3))])",
            "On Enter: glimpse 3.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [DrawIntoMemory(Fixed(2))])",
            "On Enter: draw 2 cards into your memory.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [DrawIntoMemory(Fixed(1))])",
            "On Enter: draw a card into your memory.",
        ),
        (
            "(kind: Triggered(Attacks), effects: [Recover(Fixed(2))])",
            "On Attack: recover 2.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [Empower(Fixed(2))])",
            "On Enter: empower 2.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [LevelUp])",
            "On Enter: level up.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [Reveal(Some(HasElement(\"Fire\"))), If(condition: RevealedThisWay(HasElement(\"Fire\")), then: [Draw(Fixed(1))])])",
            "On Enter: reveal a Fire card from your hand, then if a Fire card was revealed this way, draw a card.",
        ),
        (
            "(kind: Triggered(Summoned), target: Chosen(count: 1, filter: Some(All([Allied, IsKind(\"Ally\")]))), effects: [Sacrifice, DrawIntoMemory(SacrificedThisWay)])",
            "On Enter: sacrifice target Ally you control, then draw a card into your memory for each card sacrificed this way.",
        ),
        (
            "(kind: Triggered(Summoned), effects: [CreateToken(card: \"sprite\", for_opponent: true)])",
            "On Enter: your opponent creates a sprite token.",
        ),
        (
            "(kind: Static, restrictions: [(requires: Damage(15))], effects: [Modify(Attack, Fixed(2))])",
            "Damage 15+ — This gets +2 POWER.",
        ),
        (
            "(kind: Static, restrictions: [(requires: Counters(kind: \"sheen\", at_least: 3))], effects: [Modify(Attack, Fixed(1))])",
            "Sheen 3+ — This gets +1 POWER.",
        ),
    ];
    assert_reads(&cases);
}
