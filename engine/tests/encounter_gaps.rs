//! Rules gaps of issue 17, each closed in the model, engine, validation and docs, each test
//! citing the seed 004 (section 1.8) sentence it follows.

mod encounter_common;

use encounter_common::{has, log_text, play, problems};

/// An encounter in the starter tabletop pack with these combatants, script and extras.
fn source(map: &str, combatants: &str, script: &str, extra: &str) -> String {
    format!(
        "Encounter(name: \"gaps\", pack: Some(\"tabletop\"), map: {map},\n\
         combatants: [{combatants}],\nscript: [{script}],\n{extra})"
    )
}

const OPEN_MAP: &str = "(width: 12, height: 8)";

/// Bob at (2, 2) and a goblin that does not react, at `goblin`.
fn bob_and_goblin(goblin: (i32, i32)) -> String {
    format!(
        "(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: ({}, {}), reacts: false)",
        goblin.0, goblin.1
    )
}

// ---------- Walls block movement ----------

/// Seed 004, 1.8: "Objects block this flow" (a Shape's); a blocking cell is a full-height wall,
/// and a straight move (our reading of movement, chapter 2) cannot pass through it either.
#[test]
fn walls_block_movement_through_a_full_height_wall() {
    let wall = "(width: 12, height: 8, blocking: [(4, 1), (4, 2), (4, 3)])";
    let run = play(&source(wall, &bob_and_goblin((10, 6)), "Move((6, 2))", ""));
    let bob = run.combatant("bob").expect("bob");
    assert_eq!(bob.position, (2, 2), "{}", log_text(&run));
    assert_eq!(bob.beats, 2, "a refused move spends no Beat");
    assert!(has(&run, "a wall stands between x 2, y 2 and x 6, y 2"));

    let around = play(&source(wall, &bob_and_goblin((10, 6)), "Move((5, 5))", ""));
    assert_eq!(
        around.combatant("bob").expect("bob").position,
        (5, 5),
        "a line that passes the wall's end is open: {}",
        log_text(&around)
    );
}

// ---------- Invalid targets: only a Slow Action may start ----------

/// Seed 004, 1.8: "You must spend a Beat on your Turn to start an Action, choosing its
/// targets", and only of a Slow Action: "you may choose targets that are initially invalid".
#[test]
fn action_on_out_of_range_target_does_not_start() {
    let run = play(&source(
        OPEN_MAP,
        &bob_and_goblin((6, 2)),
        "Use(ability: \"melee_attack\", targets: [\"gob\"])",
        "",
    ));
    assert_eq!(run.combatant("bob").expect("bob").beats, 2, "no Beat spent");
    assert_eq!(run.combatant("gob").expect("gob").health, 5);
    assert!(
        has(
            &run,
            "bob cannot start Melee Attack: gob is not a valid target: it is out of range"
        ),
        "{}",
        log_text(&run)
    );
    assert!(!has(&run, "starts Melee Attack"));
}

/// Seed 004, 1.8: "When you start a Slow Action, you may choose targets that are initially
/// invalid (due to being out or range, sight, etc.)" and "Any invalid targets when it comes
/// time to perform the Test for the Ability no longer count as targets."
#[test]
fn slow_action_may_start_on_an_invalid_target() {
    let extra = "abilities: [(id: \"slow_blow\", name: \"Slow Blow\", time: SlowAction, \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
         outcomes: (mixed: [Damage(amount: 2)]))],\n\
         creatures: [(id: \"brute\", name: \"Brute\", health: 9, abilities: [(id: \"slow_blow\")])]";
    let combatants = "(id: \"brute\", stat_block: \"brute\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (6, 2), reacts: false)";
    // The brute starts it on the distant goblin; the goblin walks up; the blow lands.
    let script = "Use(ability: \"slow_blow\", targets: [\"gob\"]), EndTurn, Move((3, 2)), EndTurn";
    let run = play(&source(OPEN_MAP, combatants, script, extra));
    assert!(has(&run, "brute spends a Beat and starts Slow Blow"));
    assert_eq!(
        run.combatant("gob").expect("gob").health,
        3,
        "{}",
        log_text(&run)
    );
}

// ---------- The same target named twice ----------

/// Seed 004, 1.8: an Action's targets are creatures ("choosing its targets", "Any invalid
/// targets ... no longer count as targets"): a creature is a target or not, so naming it twice
/// makes it one target, hit once.
#[test]
fn same_target_named_twice_is_hit_once() {
    let extra = "abilities: [(id: \"twin_strike\", name: \"Twin Strike\", time: Action, \
         target: (kinds: [Creature], side: Enemy, count: 2, reach: Some((distance: Swinging))), \
         effects: [Damage], outcomes: (mixed: [Damage(amount: 2)]))],\n\
         creatures: [(id: \"twin\", name: \"Twin\", health: 9, abilities: [(id: \"twin_strike\")])]";
    let combatants = "(id: \"twin\", stat_block: \"twin\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2), reacts: false)";
    let run = play(&source(
        OPEN_MAP,
        combatants,
        "Use(ability: \"twin_strike\", targets: [\"gob\", \"gob\"])",
        extra,
    ));
    assert_eq!(
        run.combatant("gob").expect("gob").health,
        3,
        "{}",
        log_text(&run)
    );
    let hits = run
        .log()
        .iter()
        .filter(|e| e.text.starts_with("gob takes"))
        .count();
    assert_eq!(hits, 1);
}

// ---------- A TakesDamage Reaction aims at the attacker ----------

/// Seed 004, 1.8: "When a Reaction's Trigger occurs, you can then immediately spend a Beat to
/// start the Reaction"; for "when you take damage" the creature that dealt it is the one a
/// Reaction striking back can target.
#[test]
fn takes_damage_reaction_targets_the_attacker() {
    let extra = "abilities: [(id: \"thorns\", name: \"Thorns\", time: FreeReaction, \
         triggers: [TakesDamage], \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
         effects: [Damage], outcomes: (mixed: [Damage(amount: 1)]))],\n\
         creatures: [(id: \"bramble\", name: \"Bramble\", health: 9, abilities: [(id: \"thorns\")])]";
    let combatants = "(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
         (id: \"bramble\", stat_block: \"bramble\", side: \"foes\", position: (3, 2))";
    let run = play(&source(
        OPEN_MAP,
        combatants,
        "ForceRoll([3, 3]), Use(ability: \"melee_attack\", targets: [\"bramble\"])",
        extra,
    ));
    assert!(
        has(&run, "bramble answers with Thorns"),
        "{}",
        log_text(&run)
    );
    assert_eq!(
        run.combatant("bob").expect("bob").health,
        9,
        "{}",
        log_text(&run)
    );
}

#[test]
fn validation_is_quiet_on_these_sources() {
    assert!(problems(&source(OPEN_MAP, &bob_and_goblin((3, 2)), "", "")).is_empty());
}

// ---------- Upgrade levels and Prestige Upgrades ----------

/// Goblin (level 1) written inline with these `abilities` entries, in an encounter.
fn goblin_with(abilities: &str) -> String {
    source(
        OPEN_MAP,
        "(id: \"gob\", side: \"foes\", position: (3, 2), inline: Some((id: \"gob_block\", \
         name: \"Goblin\", level: 1, health: 5, abilities: [ABILITIES])))"
            .replace("ABILITIES", abilities)
            .as_str(),
        "",
        "",
    )
}

/// Seed 004, 1.8: "you may need to reach certain Levels or other Requirements before you can
/// take on those Upgrades"; "Prestige Upgrades - Usable on any Ability to gain any Upgrade,
/// ignoring Requirements. Some Abilities will also explicitly list \"Prestige Upgrades\" that
/// you can only gain using a Prestige Upgrade."
#[test]
fn upgrade_above_level_is_a_validation_problem_unless_prestige() {
    let too_high = problems(&goblin_with(
        "(id: \"melee_attack\", upgrades: [\"Powerful(1)\", \"Powerful(2)\"])",
    ));
    assert!(
        too_high
            .iter()
            .any(|p| p
                .contains("`Powerful(2)` of `melee_attack` needs level 3; `gob_block` is level 1")),
        "{too_high:?}"
    );
    let bought = problems(&goblin_with(
        "(id: \"melee_attack\", upgrades: [\"Powerful(1)\", \"Powerful(2)\"], prestige: [\"Powerful(2)\"])",
    ));
    assert!(bought.is_empty(), "{bought:?}");

    let unmarked = problems(&goblin_with(
        "(id: \"elemental_blast\", flavors: [\"Frost Bolt\"], upgrades: [\"Far-Reaching\"])",
    ));
    assert!(
        unmarked
            .iter()
            .any(|p| p.contains("`Far-Reaching` of `elemental_blast` is a Prestige Upgrade")),
        "{unmarked:?}"
    );
    let marked = problems(&goblin_with(
        "(id: \"elemental_blast\", flavors: [\"Frost Bolt\"], upgrades: [\"Far-Reaching\"], \
         prestige: [\"Far-Reaching\"])",
    ));
    assert!(marked.is_empty(), "{marked:?}");

    let stray = problems(&goblin_with(
        "(id: \"melee_attack\", prestige: [\"Powerful(1)\"])",
    ));
    assert!(
        stray
            .iter()
            .any(|p| p.contains("is marked as bought with a Prestige Upgrade")),
        "{stray:?}"
    );
}

/// Taking an Upgrade with Prestige points marks it, so the validator accepts the level.
#[test]
fn taking_an_upgrade_with_prestige_points_marks_it() {
    use sigilforge_engine::encounter::ability::UpgradeKind;
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let (_, content) = sigilforge_engine::encounter::load_source(
        &goblin_with("(id: \"melee_attack\")"),
        &encounter_common::pack_dir().join("inline_test.ron"),
        &mut diags,
    )
    .expect("loads");
    let def = &content.abilities["melee_attack"];
    let mut known = def.learn(&[]).expect("learns");
    def.take_upgrade(&mut known, "Powerful(1)", UpgradeKind::Fighter, 1)
        .expect("Fighter points");
    def.take_upgrade(&mut known, "Powerful(2)", UpgradeKind::Prestige, 1)
        .expect("Prestige ignores the level");
    assert_eq!(known.prestige, vec!["Powerful(2)".to_owned()]);
}

// ---------- An interrupted Component forces a Focus Save ----------

/// A binder holding a Concentration effect on a goblin while it stays within Spitting Distance;
/// the goblin then moves to `to` with the Focus Save's dice forced to 1 and 2.
fn binding_run(to: (i32, i32)) -> sigilforge_engine::encounter::EncounterRun {
    let extra = "abilities: [(id: \"binding\", name: \"Binding\", time: Action, \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
         components: [(name: \"the target within 4u\", check: TargetWithin(Spitting))], \
         test: Some((modifier: \"Mage\", status: Some(Concentrating))), effects: [Control], \
         outcomes: (low: [Note(\"a weak binding\")], mixed: [Note(\"a binding\")], \
         high: [Note(\"a strong binding\")]))],\n\
         creatures: [(id: \"binder\", name: \"Binder\", health: 9, abilities: [(id: \"binding\")])]";
    let combatants = "(id: \"binder\", stat_block: \"binder\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (4, 2), reacts: false)";
    let script = format!(
        "ForceRoll([4, 4]), Use(ability: \"binding\", targets: [\"gob\"]), EndTurn, \
         ForceRoll([1, 2]), Move(({}, {})), EndTurn",
        to.0, to.1
    );
    play(&source(OPEN_MAP, combatants, &script, extra))
}

/// Seed 004, 1.8: "While you have stacks of Concentrating, if you take Damage or if one of the
/// Components of one of your active Concentration Abilities gets interrupted, then you will
/// need to make a Focus Save. ... If you Fail the Focus Save, all active Concentration Ability
/// effects end."
#[test]
fn interrupted_component_forces_a_focus_save() {
    let run = binding_run((8, 2));
    assert!(
        has(
            &run,
            "binder's a binding is interrupted: its Component the target within 4u no longer holds"
        ),
        "{}",
        log_text(&run)
    );
    assert!(has(&run, "binder makes a Focus Save"), "{}", log_text(&run));
    assert!(has(&run, "Concentration effects end, failed Focus Save"));
    assert!(
        run.combatant("binder")
            .expect("binder")
            .concentration
            .is_empty()
    );

    let near = binding_run((5, 2));
    assert!(!has(&near, "Focus Save"), "{}", log_text(&near));
    assert_eq!(
        near.combatant("binder")
            .expect("binder")
            .concentration
            .len(),
        1
    );
}

// ---------- OR / NOT conditions ----------

/// A creature with `courage` Courage points whose Last Stand needs: bloodied, or no Courage.
fn last_stand_run(courage: i32) -> sigilforge_engine::encounter::EncounterRun {
    let extra = format!(
        "abilities: [(id: \"last_stand\", name: \"Last Stand\", time: Action, \
         target: (kinds: [Myself]), \
         requirements: [Any([Bloodied, Not(Resource(\"Courage\", 1))])], \
         outcomes: (mixed: [GainResource(\"Courage\", 1)]))],\n\
         creatures: [(id: \"hero\", name: \"Hero\", health: 9, abilities: [(id: \"last_stand\")], \
           resources: {{\"Courage\": {courage}}})]"
    );
    let combatants = "(id: \"hero\", stat_block: \"hero\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (8, 2), reacts: false)";
    play(&source(
        OPEN_MAP,
        combatants,
        "Use(ability: \"last_stand\")",
        &extra,
    ))
}

/// Seed 004, 1.8: "Requirements. Conditions that you must meet to start an Ability." A
/// Requirement may be "this or that" and "not this" (issue 17: OR/NOT conditions).
#[test]
fn requirements_combine_with_any_and_not() {
    let brave = last_stand_run(1);
    assert!(
        has(
            &brave,
            "hero cannot use Last Stand: its Requirement is not met, either the user is at or \
             below half health, or it is not so that the user has 1 Courage"
        ),
        "{}",
        log_text(&brave)
    );
    let afraid = last_stand_run(0);
    assert!(has(&afraid, "hero spends a Beat and starts Last Stand"));
    assert_eq!(
        afraid.combatant("hero").expect("hero").resources["Courage"],
        1
    );
}

// ---------- Drops filtered by side ----------

/// A mourner whose Free Reaction answers only when an ally drops; `victim` ("ally" or "foe")
/// is killed by a one-hit Smite.
fn mourner_run(victim: &str) -> sigilforge_engine::encounter::EncounterRun {
    let extra = "abilities: [\
         (id: \"mourn\", name: \"Mourn\", time: FreeReaction, triggers: [DropsOn(Ally)], \
          target: (kinds: [Myself]), outcomes: (mixed: [GainResource(\"Grief\", 1)])),\
         (id: \"smite\", name: \"Smite\", time: Action, \
          target: (kinds: [Creature], side: Any, reach: Some((distance: Sniping, true: true))), \
          outcomes: (mixed: [Damage(amount: 50)]))],\n\
         creatures: [(id: \"mourner\", name: \"Mourner\", health: 9, abilities: [(id: \"mourn\")]),\
           (id: \"smiter\", name: \"Smiter\", health: 9, abilities: [(id: \"smite\")])]";
    let combatants = "(id: \"smiter\", stat_block: \"smiter\", side: \"foes\", position: (9, 2)),\
         (id: \"mourner\", stat_block: \"mourner\", side: \"heroes\", position: (2, 2)),\
         (id: \"ally\", stat_block: \"goblin\", side: \"heroes\", position: (2, 4), reacts: false),\
         (id: \"foe\", stat_block: \"goblin\", side: \"foes\", position: (9, 4), reacts: false)";
    play(&source(
        OPEN_MAP,
        combatants,
        &format!("Use(ability: \"smite\", targets: [\"{victim}\"])"),
        extra,
    ))
}

/// Seed 004, 1.8: "You cannot use a Reaction or Free Reaction unless its Reaction Trigger
/// occurs"; a Trigger may name whose drop it answers (issue 17: Drops filtered by side).
#[test]
fn drops_trigger_filters_by_side() {
    let ally = mourner_run("ally");
    assert!(has(&ally, "ally drops"), "{}", log_text(&ally));
    assert!(
        has(&ally, "mourner answers with Mourn"),
        "{}",
        log_text(&ally)
    );
    let foe = mourner_run("foe");
    assert!(has(&foe, "foe drops"), "{}", log_text(&foe));
    assert!(!has(&foe, "answers with Mourn"), "{}", log_text(&foe));
}

// ---------- Movement effects: push, pull, a Reaction that escapes, Climber ----------

/// Seed 004, 1.8: "Effects. A summary of what types of effects the Ability will cause" — a
/// Control effect moves or hinders. (The seed names no push or pull; this is our reading of
/// "Control": a straight forced move that walls, the map's edge and creatures stop.)
#[test]
fn push_and_pull_move_the_target_in_a_straight_line() {
    let extra = "abilities: [\
         (id: \"shove\", name: \"Shove\", time: Action, \
          target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
          effects: [Control], outcomes: (mixed: [Push(3)])),\
         (id: \"hook\", name: \"Hook\", time: Action, \
          target: (kinds: [Creature], side: Enemy, reach: Some((distance: Spitting))), \
          effects: [Control], outcomes: (mixed: [Pull(5)]))],\n\
         creatures: [(id: \"shover\", name: \"Shover\", health: 9, \
          abilities: [(id: \"shove\"), (id: \"hook\")])]";
    let combatants = |gob: &str| {
        format!(
            "(id: \"shover\", stat_block: \"shover\", side: \"heroes\", position: (2, 2)),\
             (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: {gob}, reacts: false)"
        )
    };
    // Pushed east 3 cells, from (3, 2) to (6, 2).
    let pushed = play(&source(
        OPEN_MAP,
        &combatants("(3, 2)"),
        "Use(ability: \"shove\", targets: [\"gob\"])",
        extra,
    ));
    assert_eq!(
        pushed.combatant("gob").expect("gob").position,
        (6, 2),
        "{}",
        log_text(&pushed)
    );
    assert!(has(
        &pushed,
        "gob is pushed 3 cells from x 3, y 2 to x 6, y 2"
    ));
    // A wall at (5, 2) stops the push after one cell.
    let wall = "(width: 12, height: 8, blocking: [(5, 2)])";
    let stopped = play(&source(
        wall,
        &combatants("(3, 2)"),
        "Use(ability: \"shove\", targets: [\"gob\"])",
        extra,
    ));
    assert_eq!(
        stopped.combatant("gob").expect("gob").position,
        (4, 2),
        "{}",
        log_text(&stopped)
    );
    // Pulled diagonally toward the shover, stopping next to it.
    let pulled = play(&source(
        OPEN_MAP,
        &combatants("(5, 5)"),
        "Use(ability: \"hook\", targets: [\"gob\"])",
        extra,
    ));
    assert_eq!(
        pulled.combatant("gob").expect("gob").position,
        (3, 3),
        "{}",
        log_text(&pulled)
    );
    // A move of 0 is a validation warning.
    let zero = extra.replace("Push(3)", "Push(0)");
    let found = problems(&source(OPEN_MAP, &combatants("(3, 2)"), "", &zero));
    assert!(
        found
            .iter()
            .any(|p| p.contains("a move of 0 or less does nothing")),
        "{found:?}"
    );
}

/// Seed 004, 1.8: "your Reaction Ability will start and take effect after the start of the
/// triggering Ability, but before the triggering Ability's Test and effects. In this way, you
/// can sometimes escape an Ability".
#[test]
fn a_reaction_that_moves_away_escapes_the_ability() {
    let extra = "abilities: [(id: \"tumble\", name: \"Tumble\", time: Reaction, \
         target: (kinds: [Myself]), \
         triggers: [StartsAbility(enemy: true, effect: Some(Damage), targeting_me: true)], \
         effects: [Control], outcomes: (mixed: [Shift(2)]))],\n\
         creatures: [(id: \"acrobat\", name: \"Acrobat\", health: 9, abilities: [(id: \"tumble\")])]";
    let combatants = "(id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (2, 2)),\
         (id: \"acro\", stat_block: \"acrobat\", side: \"heroes\", position: (3, 2))";
    let run = play(&source(
        OPEN_MAP,
        combatants,
        "Use(ability: \"melee_attack\", targets: [\"acro\"])",
        extra,
    ));
    let acro = run.combatant("acro").expect("acro");
    assert_eq!(acro.position, (5, 2), "{}", log_text(&run));
    assert_eq!(
        acro.health,
        9,
        "the attack found no target: {}",
        log_text(&run)
    );
    assert!(
        has(&run, "acro moves 2 cells from x 3, y 2 to x 5, y 2"),
        "{}",
        log_text(&run)
    );
    assert!(
        has(&run, "Melee Attack has no valid targets"),
        "{}",
        log_text(&run)
    );
}

/// Seed 004, 1.8: "The Climber Ability is a Passive that always provides you with the ability to
/// Climb." A climber's move crosses a full-height wall; a climb on a non-Passive is a warning.
#[test]
fn climber_crosses_a_full_height_wall() {
    let extra = "abilities: [(id: \"climber\", name: \"Climber\", time: Passive, climb: true)],\n\
         creatures: [(id: \"climbing_bob\", name: \"Climbing Bob\", health: 10, \
          abilities: [(id: \"climber\")])]";
    let wall = "(width: 12, height: 8, blocking: [(4, 1), (4, 2), (4, 3)])";
    let combatants = "(id: \"bob\", stat_block: \"climbing_bob\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (10, 6), reacts: false)";
    let run = play(&source(wall, combatants, "Move((6, 2))", extra));
    assert_eq!(
        run.combatant("bob").expect("bob").position,
        (6, 2),
        "{}",
        log_text(&run)
    );
    // Never ending inside the wall.
    let into = play(&source(wall, combatants, "Move((4, 2))", extra));
    assert_eq!(into.combatant("bob").expect("bob").position, (2, 2));
    let action = extra.replace("time: Passive", "time: Action");
    let found = problems(&source(wall, combatants, "", &action));
    assert!(
        found
            .iter()
            .any(|p| p.contains("only a Passive grants Climb")),
        "{found:?}"
    );
}

// ---------- Triggers: turn start and end, ally attacked, creature approaches ----------

/// Seed 004, 1.8: "Reaction Triggers describe the events that will allow you to start a
/// Reaction Ability." The start and the end of the bearer's own turn are such events.
#[test]
fn turn_start_and_end_triggers_answer_the_bearers_own_turn() {
    let extra = "abilities: [\
         (id: \"rally\", name: \"Rally\", time: FreeReaction, target: (kinds: [Myself]), \
          triggers: [TurnStarts], outcomes: (mixed: [GainResource(\"Grit Point\", 1)])),\
         (id: \"brood\", name: \"Brood\", time: FreeReaction, target: (kinds: [Myself]), \
          triggers: [TurnEnds], outcomes: (mixed: [Note(\"broods darkly\")]))],\n\
         creatures: [(id: \"captain\", name: \"Captain\", health: 9, \
          abilities: [(id: \"rally\"), (id: \"brood\")])]";
    let combatants = "(id: \"cap\", stat_block: \"captain\", side: \"heroes\", position: (2, 2)),\
         (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (9, 6), reacts: false)";
    let run = play(&source(OPEN_MAP, combatants, "EndTurn, EndTurn", extra));
    let lines: Vec<&str> = run.log().iter().map(|e| e.text.as_str()).collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no `{needle}` in\n{}", lines.join("\n")))
    };
    assert_eq!(at("cap answers with Rally"), at("cap's turn begins") + 1);
    assert!(at("cap gains 1 Grit Point") > at("cap answers with Rally"));
    assert_eq!(at("cap answers with Brood"), at("cap's turn ends") + 1);
    // Only its own turns: the goblin's turn start is not answered.
    let count = |needle: &str| lines.iter().filter(|l| l.contains(needle)).count();
    assert!(count("gob's turn begins") > 0);
    assert_eq!(count("answers with Rally"), count("cap's turn begins"));
    assert_eq!(
        run.combatant("cap").expect("cap").resources["Grit Point"],
        i32::try_from(count("cap's turn begins")).expect("small")
    );
}

/// Seed 004, 1.8: "When a Reaction's Trigger occurs, you can then immediately spend a Beat to
/// start the Reaction, regardless of who's Turn it is." An enemy attacking an ally is such a
/// Trigger; the Reaction aims at the attacker.
#[test]
fn ally_attacked_trigger_answers_an_attack_on_a_friend() {
    let extra = "abilities: [(id: \"interpose\", name: \"Interpose\", time: Reaction, \
         triggers: [AllyAttacked], \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Spitting))), \
         effects: [Damage], outcomes: (low: [Damage(amount: 1)], mixed: [Damage(amount: 1)], \
         high: [Damage(amount: 1)]))],\n\
         creatures: [(id: \"guardian\", name: \"Guardian\", health: 9, \
          abilities: [(id: \"interpose\")])]";
    let combatants = "(id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2), reacts: false),\
         (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (4, 2), reacts: false),\
         (id: \"guard\", stat_block: \"guardian\", side: \"heroes\", position: (3, 3))";
    let script = |t: &str| format!("Use(ability: \"melee_attack\", targets: [\"{t}\"])");
    let on_bob = play(&source(OPEN_MAP, combatants, &script("bob"), extra));
    assert!(
        has(&on_bob, "guard spends a Beat and answers with Interpose"),
        "{}",
        log_text(&on_bob)
    );
    assert!(has(&on_bob, "gob takes 1 damage"), "{}", log_text(&on_bob));
    // An attack on the guardian itself is not an ally attacked.
    let on_guard = play(&source(OPEN_MAP, combatants, &script("guard"), extra));
    assert!(
        !has(&on_guard, "answers with Interpose"),
        "{}",
        log_text(&on_guard)
    );
}

/// Seed 004, 1.8: "Reaction Triggers describe the events that will allow you to start a
/// Reaction Ability." A creature approaching is such an event: an enemy's own move that ends
/// within the Distance, having started farther; the Reaction aims at the mover.
#[test]
fn approach_trigger_answers_an_enemy_moving_close() {
    let extra = "abilities: [(id: \"overwatch\", name: \"Overwatch\", time: FreeReaction, \
         triggers: [Approaches(Spearing)], \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Spitting))), \
         effects: [Damage], outcomes: (low: [Damage(amount: 2)], mixed: [Damage(amount: 2)], \
         high: [Damage(amount: 2)]))],\n\
         creatures: [(id: \"sentry\", name: \"Sentry\", health: 9, \
          abilities: [(id: \"overwatch\")])]";
    let combatants = "(id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (8, 2)),\
         (id: \"sentry\", stat_block: \"sentry\", side: \"heroes\", position: (2, 2))";
    // Within 2u of the sentry: answered, the goblin takes 2.
    let close = play(&source(OPEN_MAP, combatants, "Move((4, 2))", extra));
    assert!(
        has(&close, "sentry answers with Overwatch"),
        "{}",
        log_text(&close)
    );
    assert_eq!(
        close.combatant("gob").expect("gob").health,
        3,
        "{}",
        log_text(&close)
    );
    // A move that stays farther than 2u is not an approach.
    let far = play(&source(OPEN_MAP, combatants, "Move((5, 2))", extra));
    assert!(!has(&far, "answers with Overwatch"), "{}", log_text(&far));
    // Already close: moving about within 2u is no approach.
    let near = combatants.replace("position: (8, 2)", "position: (4, 2)");
    let shuffle = play(&source(OPEN_MAP, &near, "Move((4, 3))", extra));
    assert!(
        has(&shuffle, "gob spends a Beat and moves"),
        "{}",
        log_text(&shuffle)
    );
    assert!(
        !has(&shuffle, "answers with Overwatch"),
        "{}",
        log_text(&shuffle)
    );
}

/// Seed 004, 1.8: "Reaction Triggers describe the events that will allow you to start a
/// Reaction Ability." A creature pushed or pulled to within the Distance has approached too
/// (our reading of "a creature approaches": whoever moved it); the Reaction aims at it.
#[test]
fn a_forced_move_that_ends_close_is_an_approach() {
    let extra = "abilities: [\
         (id: \"overwatch\", name: \"Overwatch\", time: FreeReaction, \
          triggers: [Approaches(Spearing)], \
          target: (kinds: [Creature], side: Enemy, reach: Some((distance: Spitting))), \
          effects: [Damage], outcomes: (low: [Damage(amount: 2)], mixed: [Damage(amount: 2)], \
          high: [Damage(amount: 2)])),\
         (id: \"hook\", name: \"Hook\", time: Action, \
          target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
          effects: [Control], outcomes: (mixed: [Pull(5)])),\
         (id: \"shove\", name: \"Shove\", time: Action, \
          target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
          effects: [Control], outcomes: (mixed: [Push(3)]))],\n\
         creatures: [(id: \"sentry\", name: \"Sentry\", health: 9, \
          abilities: [(id: \"overwatch\")]), \
          (id: \"hooker\", name: \"Hooker\", health: 9, \
          abilities: [(id: \"hook\"), (id: \"shove\")])]";
    let combatants = |gob: &str| {
        format!(
            "(id: \"hooker\", stat_block: \"hooker\", side: \"heroes\", position: (2, 2), \
              reacts: false),\
             (id: \"sentry\", stat_block: \"sentry\", side: \"heroes\", position: (2, 4)),\
             (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: {gob}, \
              reacts: false)"
        )
    };
    // Pulled from (8, 2) to (3, 2): 2u from the sentry, having been 6u away.
    let pulled = play(&source(
        OPEN_MAP,
        &combatants("(8, 2)"),
        "Use(ability: \"hook\", targets: [\"gob\"])",
        extra,
    ));
    assert!(
        has(&pulled, "gob is pulled 5 cells from x 8, y 2 to x 3, y 2"),
        "{}",
        log_text(&pulled)
    );
    assert!(
        has(&pulled, "sentry answers with Overwatch"),
        "{}",
        log_text(&pulled)
    );
    assert_eq!(
        pulled.combatant("gob").expect("gob").health,
        3,
        "{}",
        log_text(&pulled)
    );
    // Pushed away from (3, 2) to (6, 2): not an approach.
    let pushed = play(&source(
        OPEN_MAP,
        &combatants("(3, 2)"),
        "Use(ability: \"shove\", targets: [\"gob\"])",
        extra,
    ));
    assert!(
        has(&pushed, "gob is pushed 3 cells"),
        "{}",
        log_text(&pushed)
    );
    assert!(
        !has(&pushed, "answers with Overwatch"),
        "{}",
        log_text(&pushed)
    );
}

// ---------- Statuses that do more than Disadvantage or damage ----------

/// Statuses beyond the seed's four, defined inline: the seed names only what Strained,
/// Exhausted and Concentrating do to Tests that name them; the rest is our reading.
const MORE_STATUSES: &str = "conditions: [\
     (name: \"Frightened\", disadvantage_on_every_test: 1),\
     (name: \"Marked\", advantage_against: 1),\
     (name: \"Slowed\", beats_lost: 1),\
     (name: \"Burning\", damage_at_turn_start: 1, damage_kind: Some(\"Fire\"), save_ends: Some(\"Grit\")),\
     (name: \"Stunned\", no_reactions: true, max_stacks: 1),\
     ],\
     abilities: [(id: \"stun\", name: \"Stun\", time: Action, \
     target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
     outcomes: (mixed: [Status(\"Stunned\", 2)]))],";

/// Bob at (2, 2) with these starting statuses, and a goblin next to him with its own.
fn bob_and_goblin_with(bob: &str, goblin: &str) -> String {
    format!(
        "(id: \"bob\", side: \"heroes\", position: (2, 2), inline: Some((id: \"sbob\", \
         name: \"#Bob\", level: 2, health: 10, stats: {{\"Fighter\": 2, \"Rogue\": 1, \"Grit\": 1}}, \
         abilities: [(id: \"melee_attack\"), (id: \"dodge\")], resources: {{\"Dodge Point\": 1}}, \
         conditions: {{{bob}}}))),\
         (id: \"gob\", side: \"foes\", position: (3, 2), reacts: false, inline: Some((id: \"sgob\", \
         name: \"Goblin\", level: 1, health: 9, stats: {{\"Fighter\": 1}}, \
         abilities: [(id: \"melee_attack\"), (id: \"stun\")], conditions: {{{goblin}}})))"
    )
}

/// Seed 004, 1.8: "You will also modify your Test based on what Components you satisfy, what
/// Status Conditions you have, and what Ability Bonuses and Penalties have their conditions
/// met." The seed does not say which statuses touch every Test or Tests aimed at their bearer:
/// our reading adds `disadvantage_on_every_test` (the bearer's own Tests and Saves) and
/// `advantage_against` (a Test aimed at the bearer).
#[test]
fn a_status_can_hinder_every_test_and_help_tests_against_its_bearer() {
    let script = "Use(ability: \"melee_attack\", targets: [\"gob\"]), EndTurn, \
                  Use(ability: \"melee_attack\", targets: [\"bob\"])";
    let run = play(&source(
        OPEN_MAP,
        &bob_and_goblin_with("", "\"Frightened\": 1, \"Marked\": 1"),
        script,
        MORE_STATUSES,
    ));
    assert!(
        has(&run, "gob's statuses: 1 Advantage against it"),
        "{}",
        log_text(&run)
    );
    assert!(
        has(&run, "1 stack of Frightened: 1 Disadvantage on every Test"),
        "{}",
        log_text(&run)
    );
    // Three dice kept two for Bob's Test (an Advantage), three for the goblin's (a Disadvantage).
    let tests: Vec<&str> = run
        .log()
        .iter()
        .filter(|e| e.text.contains(" tests Melee Attack"))
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(tests.len(), 2, "{}", log_text(&run));
    for t in tests {
        let rolled = t
            .split("rolled ")
            .nth(1)
            .expect("dice")
            .split(", kept")
            .next();
        let dice = rolled.expect("dice").replace(" and ", ", ");
        assert_eq!(dice.split(", ").count(), 3, "{t}");
    }
}

/// Seed 004, 1.8 is silent on statuses that act at a turn's start or end (it only says
/// "Strained, like most Status Conditions, is a Fleeting Condition"). Our reading: Beats lost
/// and typed damage per stack at the start of the bearer's turn (after its Beats refill), and a
/// Save at the end of its turn that ends every stack of the status when passed.
#[test]
fn a_status_takes_beats_and_burns_at_turn_start_and_a_save_ends_it() {
    let run = play(&source(
        OPEN_MAP,
        &bob_and_goblin_with("\"Slowed\": 1, \"Burning\": 2", ""),
        "ForceRoll([6, 6]), EndTurn",
        MORE_STATUSES,
    ));
    let bob = run.combatant("bob").expect("bob");
    assert!(
        has(&run, "bob loses 1 Beat to Slowed, 1 left"),
        "{}",
        log_text(&run)
    );
    assert!(
        has(&run, "bob takes 2 Fire damage; health 8 of 10"),
        "{}",
        log_text(&run)
    );
    assert!(
        has(&run, "bob makes a Grit Save to end Burning"),
        "{}",
        log_text(&run)
    );
    assert!(has(&run, "bob's Burning ends"), "{}", log_text(&run));
    assert_eq!(bob.health, 8);
    assert_eq!(bob.statuses.get("Burning").map(|s| s.stacks), None);
}

/// Seed 004, 1.8: "When a Reaction's Trigger occurs, you can then immediately spend a Beat to
/// start the Reaction". The seed names no status that forbids it nor a most stacks; our reading
/// adds `no_reactions` and `max_stacks`.
#[test]
fn a_status_can_forbid_reactions_and_cap_its_stacks() {
    let script = "EndTurn, Use(ability: \"stun\", targets: [\"bob\"]), \
                  Use(ability: \"melee_attack\", targets: [\"bob\"])";
    let run = play(&source(
        OPEN_MAP,
        &bob_and_goblin_with("", ""),
        script,
        MORE_STATUSES,
    ));
    assert!(
        has(&run, "bob gains 1 stack of Stunned, now 1"),
        "two stacks given, one kept: {}",
        log_text(&run)
    );
    assert!(
        !has(&run, "answers"),
        "a Stunned creature does not Dodge: {}",
        log_text(&run)
    );
    // Without the stun Bob answers the attack with a Dodge.
    let free = play(&source(
        OPEN_MAP,
        &bob_and_goblin_with("", ""),
        "EndTurn, Use(ability: \"melee_attack\", targets: [\"bob\"])",
        MORE_STATUSES,
    ));
    assert!(has(&free, "answers"), "{}", log_text(&free));
}

/// The sheet (HTML, no difficulty estimate) of an inline encounter.
fn sheet_of(src: &str) -> String {
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let (enc, content) = sigilforge_engine::encounter::load_source(
        src,
        &encounter_common::pack_dir().join("inline_test.ron"),
        &mut diags,
    )
    .expect("loads");
    sigilforge_engine::encounter::sheet::sheet_html(&enc, &content, None)
}

/// Seed 004 says what a status does in plain words ("you will lose one stack of Strained at the
/// end of each of your Turns"); the sheet's glossary words each new effect from the data, each
/// a sentence starting with a capital (issue #32).
#[test]
fn the_glossary_words_every_status_effect() {
    let src = source(OPEN_MAP, &bob_and_goblin_with("", ""), "", MORE_STATUSES);
    let html = sheet_of(&src);
    for words in [
        "1 Disadvantage per stack on every Test and Save the bearer makes",
        "1 Advantage per stack on the Test of an ability aimed at the bearer",
        "1 Beat fewer per stack at the start of the bearer&#39;s turn",
        "1 Fire damage per stack at the start of the bearer&#39;s turn",
        "Ends when the bearer passes a Grit Save at the end of its turn",
        "The bearer cannot use Reactions or Free Reactions",
        "At most 1 stack",
    ] {
        assert!(html.contains(words), "`{words}` missing from the glossary");
    }
}

/// The seed is silent on malformed statuses; a status's numbers must make sense and no creature
/// may start above a status's most stacks. Each problem is located in its file.
#[test]
fn bad_status_data_is_a_located_validation_problem() {
    let extra = "conditions: [\
         (name: \"Numb\", save_ends: Some(\"\")),\
         (name: \"Cold\", damage_at_turn_start: -2),\
         (name: \"Stunned\", no_reactions: true, max_stacks: 1),\
         ],";
    let found = problems(&source(
        OPEN_MAP,
        &bob_and_goblin_with("\"Stunned\": 3", ""),
        "",
        extra,
    ));
    let all = found.join("\n");
    for want in [
        "status `Numb` ends on a Save with no modifier",
        "status `Cold` deals -2 damage at the start of a turn",
        "`sbob` starts with 3 stacks of Stunned, more than its most (1)",
    ] {
        let line = found
            .iter()
            .find(|p| p.contains(want))
            .unwrap_or_else(|| panic!("`{want}` not reported: {all}"));
        // Located at the status's or the creature's text, not at the file's start.
        assert!(line.contains("inline_test.ron:"), "{line}");
        assert!(!line.contains("inline_test.ron:1:1:"), "{line}");
    }
}

// ---------- Damage per band as dice ----------

/// Bob with a Fire Bolt whose Mixed Score deals `dice` plus 2 Fire damage, beside a goblin.
fn fire_bolt(dice: &str) -> String {
    let extra = format!(
        "abilities: [(id: \"fire_bolt\", name: \"Fire Bolt\", time: Action, \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
         effects: [Damage], \
         outcomes: (mixed: [Damage(amount: 2, dice: Some(\"{dice}\"), kind: Some(\"Fire\"))]))],"
    );
    let combatants = "(id: \"bob\", side: \"heroes\", position: (2, 2), inline: Some((id: \"sbob\", \
         name: \"#Bob\", level: 2, health: 10, abilities: [(id: \"fire_bolt\")]))),\
         (id: \"gob\", side: \"foes\", position: (5, 2), reacts: false, inline: Some((id: \"sgob\", \
         name: \"Goblin\", level: 1, health: 30)))";
    source(
        OPEN_MAP,
        combatants,
        "Use(ability: \"fire_bolt\", targets: [\"gob\"])",
        &extra,
    )
}

/// Seed 004, 1.8: "These effects will often depend on what Score you got on the Ability Test."
/// The seed gives no damage dice; our reading lets a band's damage be a fixed number plus dice
/// (`Damage(amount: 2, dice: Some("1d6"))`), rolled once with the run's seeded dice and logged
/// with the roll.
#[test]
fn damage_per_band_can_be_dice_rolled_with_the_seed() {
    let src = fire_bolt("1d6");
    let run = play(&src);
    let line = run
        .log()
        .iter()
        .map(|e| e.text.as_str())
        .find(|t| t.starts_with("1d6+2: rolled "))
        .unwrap_or_else(|| panic!("no dice line: {}", log_text(&run)));
    // "1d6+2: rolled 4, 6 Fire damage"
    let (rolled, dealt) = line["1d6+2: rolled ".len()..]
        .split_once(", ")
        .expect("roll and total");
    let rolled: i32 = rolled.parse().expect("one die");
    assert!((1..=6).contains(&rolled), "{line}");
    assert_eq!(dealt, format!("{} Fire damage", rolled + 2));
    let gob = run.combatant("gob").expect("gob");
    assert_eq!(gob.health, 30 - rolled - 2, "{}", log_text(&run));
    // Same seed, same log.
    assert_eq!(log_text(&play(&src)), log_text(&run));
    // The sheet says the dice and their average.
    let html = sheet_of(&src);
    assert!(html.contains("1d6+2 Fire damage (avg 5.5)"), "{html}");
}

/// Seed 004, 1.8: "Upgrades permanently improve an Ability, often making it deal more Damage":
/// an Upgrade's extra damage adds to the fixed part of dice damage.
#[test]
fn an_upgrade_adds_to_dice_damage() {
    // Dice alone (no fixed amount): the Upgrade still adds.
    let src = fire_bolt("2d4")
        .replace("amount: 2, ", "")
        .replace(
            "effects: [Damage], ",
            "effects: [Damage], upgrades: [(name: \"Powerful(1)\", kind: Spell, extra_damage: 1)], ",
        )
        .replace(
            "abilities: [(id: \"fire_bolt\")]",
            "abilities: [(id: \"fire_bolt\", upgrades: [\"Powerful(1)\"])]",
        );
    let run = play(&src);
    assert!(has(&run, "2d4+1: rolled "), "{}", log_text(&run));
}

/// The seed is silent on dice text; text that is not dice is a validation problem at the
/// text's file, line and column, never a panic.
#[test]
fn bad_damage_dice_is_a_located_validation_problem() {
    for (dice, why) in [("1d", "is not dice"), ("0d6", "rolls 0 dice")] {
        let found = problems(&fire_bolt(dice));
        let line = found
            .iter()
            .find(|p| p.contains("damage dice in `fire_bolt`") && p.contains(why))
            .unwrap_or_else(|| panic!("{dice}: {found:?}"));
        assert!(line.contains("inline_test.ron:"), "{line}");
        assert!(!line.contains("inline_test.ron:1:1:"), "{line}");
    }
}
