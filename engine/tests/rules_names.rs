//! Every name the rules engine resolves at run time fails `validate` (and `rules`) with its
//! location and the nearest known name when it is misspelt or the game profile lacks it
//! (issue #26): phases, zones, stats, effects, rule changes and restriction kinds. One test per
//! kind; each checks the line and column of the name and that the correct name passes.

use std::path::Path;

use sigilforge_engine::diag::{Diagnostics, Severity};

/// Every problem `validate` reports for a scenario text: (severity, `line:col: message`).
fn problems(text: &str) -> Vec<(Severity, String)> {
    let mut diags = Diagnostics::new();
    sigilforge_engine::rules::cli::check_source(text, Path::new("t.ron"), &mut diags);
    diags
        .iter()
        .map(|d| {
            (
                d.severity,
                format!("{}:{}: {}", d.location.line, d.location.column, d.message),
            )
        })
        .collect()
}

fn errors(text: &str) -> Vec<String> {
    problems(text)
        .into_iter()
        .filter(|(s, _)| *s == Severity::Error)
        .map(|(_, m)| m)
        .collect()
}

/// A scenario with one card whose ability is `ABILITY`, under `PROFILE`, running `SCRIPT`.
const SHELL: &str = r#"RulesScenario(
    name: "names",
    PROFILE
    cards: {
        "tower": (name: "Watchtower", kind: Structure, stats: {"INT": 2}, abilities: [
            ABILITY
        ]),
    },
    a: (city: ["tower"]),
    script: [SCRIPT],
)"#;

fn scenario(profile: &str, ability: &str, script: &str) -> String {
    SHELL
        .replace("PROFILE", profile)
        .replace("ABILITY", ability)
        .replace("SCRIPT", script)
}

fn one_error(text: &str) -> String {
    let e = errors(text);
    assert_eq!(e.len(), 1, "{e:#?}");
    e.into_iter().next().unwrap_or_default()
}

#[test]
fn a_misspelt_phase_in_a_cost_fails_with_its_location_and_the_nearest_phase() {
    let bad = scenario(
        "",
        r#"(name: "Signal", kind: Activated(cost: (phase: Some("mian"))), target: Controller, effects: [GainLife(Fixed(1))]),"#,
        "",
    );
    let e = one_error(&bad);
    assert!(e.starts_with("6:65: "), "{e}");
    assert!(
        e.contains("unknown phase `mian`; did you mean `main`?"),
        "{e}"
    );
    assert!(e.contains("`tower`, ability `Signal`"), "{e}");
    assert!(errors(&bad.replace("mian", "main")).is_empty());
}

#[test]
fn a_misspelt_phase_in_a_duration_a_trigger_or_the_script_fails() {
    let duration = scenario(
        "",
        r#"(kind: Static, effects: [Modify(Attack, Fixed(1))], duration: UntilPhase("dwan")),"#,
        "",
    );
    let e = one_error(&duration);
    assert!(
        e.contains("unknown phase `dwan`; did you mean `dawn`?"),
        "{e}"
    );
    assert!(e.contains("`tower`, ability 1"), "{e}");
    let trigger = scenario(
        "",
        r#"(kind: Triggered(PhaseBegins("dusck")), effects: [GainLife(Fixed(1))]),"#,
        "",
    );
    assert!(one_error(&trigger).contains("did you mean `dusk`?"));
    let script = scenario("", "", r#"AdvanceTo("edn")"#);
    let e = one_error(&script);
    assert!(
        e.starts_with("10:24: script step 1: unknown phase `edn`"),
        "{e}"
    );
    // A phase of another game is unknown too.
    let other = scenario("", "", r#"AdvanceTo("recollection")"#);
    assert!(one_error(&other).contains("ChiAxis phases: dawn, main, dusk, end"));
    let ga = scenario(
        r#"profile: Some("Grand Archive"),"#,
        "",
        r#"AdvanceTo("recollection")"#,
    );
    assert!(errors(&ga).is_empty(), "{:#?}", errors(&ga));
}

#[test]
fn a_zone_the_game_lacks_or_a_misspelt_zone_fails() {
    let ability = scenario(
        "",
        "(kind: Static, zones: [Memory], effects: [Modify(Attack, Fixed(1))]),",
        "",
    );
    let e = one_error(&ability);
    assert!(e.contains("ChiAxis has no memory zone"), "{e}");
    assert!(e.starts_with("5:9: "), "{e}");
    let ga = ability.replace(
        "name: \"names\",",
        "name: \"names\", profile: Some(\"Grand Archive\"),",
    );
    assert!(errors(&ga).is_empty(), "{:#?}", errors(&ga));
    let moved = scenario("", "", r#"Move(card: "tower", to: "graveyrad")"#);
    let e = one_error(&moved);
    assert!(
        e.contains("unknown zone `graveyrad`; did you mean `graveyard`?"),
        "{e}"
    );
    assert!(e.starts_with("10:38: "), "{e}");
}

#[test]
fn a_misspelt_stat_fails() {
    let bad = scenario(
        "",
        r#"(kind: Static, effects: [Modify(Named("INTT"), Fixed(1))]),"#,
        "",
    );
    let e = one_error(&bad);
    assert!(
        e.contains("unknown stat `INTT`; did you mean `INT`?"),
        "{e}"
    );
    assert!(e.starts_with("6:51: "), "{e}");
    assert!(errors(&bad.replace("INTT", "INT")).is_empty());
}

#[test]
fn an_unknown_rule_change_fails_and_a_custom_effect_warns() {
    let rule = scenario(
        "",
        r#"(kind: Static, effects: [ChangeRule("NoWound")]),"#,
        "",
    );
    let e = one_error(&rule);
    assert!(
        e.contains("unknown rule change `NoWound`; did you mean `NoWounds`?"),
        "{e}"
    );
    assert!(e.starts_with("6:49: "), "{e}");
    let custom = scenario("", r#"(kind: Static, effects: [Custom("Shuffle")]),"#, "");
    let all = problems(&custom);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!(all[0].0, Severity::Warning);
    assert!(all[0].1.contains("does nothing"), "{all:#?}");
}

#[test]
fn a_restriction_kind_the_game_does_not_print_fails() {
    let bad = scenario(
        "",
        "(kind: Static, restrictions: [(requires: Level(2))], effects: [Modify(Attack, Fixed(1))]),",
        "",
    );
    let e = one_error(&bad);
    assert!(e.contains("ChiAxis has no Level restriction"), "{e}");
    assert!(e.starts_with("5:9: "), "{e}");
    let ga = bad.replace(
        "name: \"names\",",
        "name: \"names\", profile: Some(\"Grand Archive\"),",
    );
    assert!(errors(&ga).is_empty(), "{:#?}", errors(&ga));
}

#[test]
fn a_misspelt_counter_kind_fails_and_an_attack_trigger_needs_combat() {
    const GA: &str = r#"profile: Some("Grand Archive"),"#;
    let bad = scenario(
        GA,
        r#"(kind: Static, effects: [AddCounters("buf", Fixed(1))]),"#,
        "",
    );
    let e = one_error(&bad);
    assert!(
        e.contains("unknown counter `buf`; did you mean `buff`?"),
        "{e}"
    );
    assert!(e.starts_with("6:50: "), "{e}");
    assert!(errors(&bad.replace("\"buf\"", "\"buff\"")).is_empty());
    // On Attack under a game with no combat rules never fires: refused at the card.
    let attack = "(kind: Triggered(Attacks), effects: [GainLife(Fixed(1))]),";
    let e = one_error(&scenario("", attack, ""));
    assert!(e.contains("ChiAxis has no attacks"), "{e}");
    assert!(e.starts_with("5:9: "), "{e}");
    assert!(errors(&scenario(GA, attack, "")).is_empty());
}

#[test]
fn a_battle_line_target_in_a_rules_game_warns() {
    let bad = scenario(
        "",
        "(kind: Static, target: AlliesWhere(Wounded), effects: [Modify(Attack, Fixed(1))]),",
        "",
    );
    let all = problems(&bad);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!(all[0].0, Severity::Warning);
    assert!(all[0].1.contains("is a battle-line target"), "{all:#?}");
    assert!(all[0].1.starts_with("5:9: "), "{all:#?}");
    let fixed = bad.replace(
        "AlliesWhere(Wounded)",
        "AllMatching(All([Allied, Wounded]))",
    );
    assert!(problems(&fixed).is_empty(), "{:#?}", problems(&fixed));
}

#[test]
fn a_card_speed_in_a_game_without_speed_fails() {
    let bad =
        scenario("", "", "").replace("kind: Structure,", "kind: Structure, speed: Some(Slow),");
    let e = one_error(&bad);
    assert!(e.contains("ChiAxis has no card speed"), "{e}");
    assert!(e.starts_with("5:9: "), "{e}");
    let ga = bad.replace(
        "name: \"names\",",
        "name: \"names\", profile: Some(\"Grand Archive\"),",
    );
    assert!(errors(&ga).is_empty(), "{:#?}", errors(&ga));
}

#[test]
fn an_unknown_profile_fails_with_the_nearest_name() {
    let bad = scenario(r#"profile: Some("Grand Archve"),"#, "", "");
    let e = one_error(&bad);
    assert!(e.starts_with("3:19: "), "{e}");
    assert!(e.contains("did you mean `Grand Archive`?"), "{e}");
}

#[test]
fn a_profiles_own_names_are_checked_by_validate() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"g\", name: \"G\", version: \"0.1.0\")",
    )
    .unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/profiles/tidecallers/profile.ron"),
    )
    .unwrap();
    let bad = text
        .replace("start_phase: \"surge\"", "start_phase: \"surg\"")
        .replace(
            "rule_changes: [\"NoWounds\"]",
            "rule_changes: [\"NoWound\"]",
        );
    std::fs::write(dir.path().join("profile.ron"), &bad).unwrap();
    let mut diags = Diagnostics::new();
    let _ = sigilforge_engine::pack::load_pack(dir.path(), &mut diags);
    let all: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(
        all[0]
            .contains("profile.ron:6:18: start_phase: unknown phase `surg`; did you mean `surge`?"),
        "{all:#?}"
    );
    assert!(
        all[1].contains("unknown rule change `NoWound`; did you mean `NoWounds`?"),
        "{all:#?}"
    );
    std::fs::write(dir.path().join("profile.ron"), &text).unwrap();
    let mut diags = Diagnostics::new();
    let _ = sigilforge_engine::pack::load_pack(dir.path(), &mut diags);
    assert!(diags.iter().next().is_none());
}

#[test]
fn a_keyword_action_the_game_lacks_fails_at_its_card() {
    let glimpse = "(kind: Triggered(Summoned), effects: [Glimpse(Fixed(2))]),";
    let e = one_error(&scenario("", glimpse, ""));
    assert!(
        e.contains("ChiAxis has no Glimpse keyword action (its keyword actions: none)"),
        "{e}"
    );
    assert!(e.starts_with("5:9: "), "{e}");
    let ga = r#"profile: Some("Grand Archive"),"#;
    assert!(errors(&scenario(ga, glimpse, "")).is_empty());
    // Nested in another effect, too.
    let nested =
        "(kind: Triggered(Summoned), effects: [If(condition: Wounded, then: [Sacrifice])]),";
    assert!(
        one_error(&scenario("", nested, "")).contains("ChiAxis has no Sacrifice keyword action")
    );
}

#[test]
fn the_damage_and_counter_restrictions_check_their_kind_and_counter() {
    const GA: &str = r#"profile: Some("Grand Archive"),"#;
    let sheen = r#"(kind: Static, restrictions: [(requires: Counters(kind: "shene", at_least: 3))], effects: [Modify(Attack, Fixed(1))]),"#;
    let e = one_error(&scenario(GA, sheen, ""));
    assert!(
        e.contains("unknown counter `shene`; did you mean `sheen`?"),
        "{e}"
    );
    assert!(e.starts_with("6:69: "), "{e}");
    assert!(errors(&scenario(GA, &sheen.replace("shene", "sheen"), "")).is_empty());
    let damage = "(kind: Static, restrictions: [(requires: Damage(15))], effects: [Modify(Attack, Fixed(1))]),";
    let e = one_error(&scenario("", damage, ""));
    assert!(e.contains("ChiAxis has no Damage restriction"), "{e}");
    assert!(e.starts_with("5:9: "), "{e}");
    assert!(errors(&scenario(GA, damage, "")).is_empty());
}

#[test]
fn a_profiles_keyword_actions_sacrifice_zone_and_power_stat_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"g\", name: \"G\", version: \"0.1.0\")",
    )
    .unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/profiles/tidecallers/profile.ron"),
    )
    .unwrap();
    let with = |actions: &str, zone: &str, power: &str| {
        text.replace(
            "    rule_changes: [\"NoWounds\"],",
            &format!(
                "    rule_changes: [\"NoWounds\"],\n    keyword_actions: [\"{actions}\"],\n    sacrificed_to: Some({zone}),\n    combat: Some((phase: \"surge\", power: \"{power}\")),"
            ),
        )
    };
    let problems = |text: &str| {
        std::fs::write(dir.path().join("profile.ron"), text).unwrap();
        let mut diags = Diagnostics::new();
        let _ = sigilforge_engine::pack::load_pack(dir.path(), &mut diags);
        diags.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let all = problems(&with("Glimpce", "Memory", "DEPHT"));
    assert_eq!(all.len(), 3, "{all:#?}");
    assert!(
        all.iter().any(|p| p.contains(
            "profile.ron:28:23: keyword_actions: unknown keyword action `Glimpce`; did you mean `Glimpse`?"
        )),
        "{all:#?}"
    );
    assert!(
        all.iter()
            .any(|p| p.contains("profile.ron:29:5: sacrificed_to: Tidecallers has no memory zone")),
        "{all:#?}"
    );
    assert!(
        all.iter()
            .any(|p| p.contains("combat power: unknown stat `DEPHT`; did you mean `depth`?")),
        "{all:#?}"
    );
    assert!(problems(&with("Glimpse", "Banishment", "depth")).is_empty());
}

#[test]
fn a_misspelt_intercept_keyword_fails_at_its_card_and_intercept_needs_the_profiles_keyword() {
    let text = r#"RulesScenario(
    name: "intercept",
    profile: Some("Grand Archive"),
    cards: {
        "moat": (name: "Moat Sentinel", kind: Ally, attack: 1, life: 4, keywords: ["Intercpt"]),
    },
    a: (),
    b: (city: ["moat"]),
    script: [Intercept("moat")],
)"#;
    let e = one_error(text);
    assert!(
        e.contains(
            "keyword `Intercpt` is not a combat keyword of Grand Archive; did you mean `Intercept`?"
        ),
        "{e}"
    );
    assert!(e.starts_with("5:84: "), "{e}");
    let good = text.replace("Intercpt", "Intercept");
    assert!(errors(&good).is_empty(), "{:#?}", errors(&good));
    // ChiAxis has no attacks, so nothing to intercept: refused at the script step.
    let chiaxis = good.replace(r#"profile: Some("Grand Archive"),"#, "");
    let e = one_error(&chiaxis);
    assert!(
        e.contains("script step 1: ChiAxis has no attacks") && e.contains("nothing to intercept"),
        "{e}"
    );
}
