//! Unit tests of `apply_encounter_edit`: each edit kind and each refusal, on the Hag's Hut.

use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{Encounter, EncounterContent, ScriptAction, load};

use super::*;

fn hut() -> (Encounter, EncounterContent) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/pack/encounters/hags_hut.ron");
    let mut diags = Diagnostics::new();
    load(&path, &mut diags).expect("the starter encounter loads")
}

#[allow(clippy::needless_pass_by_value)] // Tests read better passing the edit by value.
fn apply(
    enc: &mut Encounter,
    content: &EncounterContent,
    edit: EncounterEdit,
) -> Result<(), String> {
    let before = enc.clone();
    let result = apply_encounter_edit(enc, content, &edit).map_err(|e| e.to_string());
    if result.is_err() {
        assert_eq!(
            *enc, before,
            "a refused edit leaves the encounter unchanged"
        );
    }
    result
}

fn ids(enc: &Encounter) -> Vec<&str> {
    enc.combatants.iter().map(|c| c.id.as_str()).collect()
}

#[test]
fn add_combatant_gets_a_fresh_id_and_a_turn() {
    let (mut enc, content) = hut();
    let add = |side: &str, x| EncounterEdit::AddCombatant {
        stat_block: "goblin".into(),
        side: side.into(),
        position: (x, 0),
    };
    apply(&mut enc, &content, add("foes", 0)).unwrap();
    apply(&mut enc, &content, add("heroes", 1)).unwrap();
    assert_eq!(ids(&enc), ["hag", "bob", "alice", "goblin", "goblin_2"]);
    assert_eq!(
        enc.turn_order,
        ["hag", "bob", "alice", "goblin", "goblin_2"]
    );
    assert_eq!(enc.combatants[4].side, "heroes");
    assert_eq!(enc.combatants[4].position, (1, 0));
}

#[test]
fn add_combatant_refusals() {
    let (mut enc, content) = hut();
    let add = |block: &str, side: &str, at| EncounterEdit::AddCombatant {
        stat_block: block.into(),
        side: side.into(),
        position: at,
    };
    assert_eq!(
        apply(&mut enc, &content, add("dragon", "foes", (0, 0))),
        Err("unknown stat block `dragon`".into())
    );
    assert_eq!(
        apply(&mut enc, &content, add("goblin", "foes", (12, 0))),
        Err("(12, 0) is off the 12×8 map".into())
    );
    assert_eq!(
        apply(&mut enc, &content, add("goblin", "foes", (3, 3))),
        Err("(3, 3) is taken by bob".into())
    );
    assert_eq!(
        apply(&mut enc, &content, add("goblin", "foes", (6, 1))),
        Err("(6, 1) holds a blocking object".into())
    );
    assert_eq!(
        apply(&mut enc, &content, add("goblin", " ", (0, 0))),
        Err("a combatant needs a side".into())
    );
}

#[test]
fn remove_combatant_and_its_turn() {
    let (mut enc, content) = hut();
    apply(
        &mut enc,
        &content,
        EncounterEdit::RemoveCombatant { id: "bob".into() },
    )
    .unwrap();
    assert_eq!(ids(&enc), ["hag", "alice"]);
    assert_eq!(enc.turn_order, ["hag", "alice"]);
    assert_eq!(
        apply(
            &mut enc,
            &content,
            EncounterEdit::RemoveCombatant { id: "bob".into() }
        ),
        Err("no combatant `bob` in this encounter".into())
    );
}

#[test]
fn move_combatant_and_refusals() {
    let (mut enc, content) = hut();
    let mv = |id: &str, to| EncounterEdit::MoveCombatant { id: id.into(), to };
    apply(&mut enc, &content, mv("bob", (4, 4))).unwrap();
    assert_eq!(enc.combatants[1].position, (4, 4));
    // Staying on its own cell is fine.
    apply(&mut enc, &content, mv("bob", (4, 4))).unwrap();
    assert_eq!(
        apply(&mut enc, &content, mv("bob", (9, 3))),
        Err("(9, 3) is taken by hag".into())
    );
    assert_eq!(
        apply(&mut enc, &content, mv("bob", (-1, 0))),
        Err("(-1, 0) is off the 12×8 map".into())
    );
    assert_eq!(
        apply(&mut enc, &content, mv("bob", (6, 2))),
        Err("(6, 2) holds a blocking object".into())
    );
    assert_eq!(
        apply(&mut enc, &content, mv("zed", (0, 0))),
        Err("no combatant `zed` in this encounter".into())
    );
}

#[test]
fn turn_order_must_name_everyone_once() {
    let (mut enc, content) = hut();
    let order =
        |v: &[&str]| EncounterEdit::SetTurnOrder(v.iter().map(|s| (*s).to_owned()).collect());
    apply(&mut enc, &content, order(&["alice", "hag", "bob"])).unwrap();
    assert_eq!(enc.turn_order, ["alice", "hag", "bob"]);
    assert_eq!(
        apply(&mut enc, &content, order(&["alice", "hag"])),
        Err("`bob` is missing from the turn order".into())
    );
    assert_eq!(
        apply(&mut enc, &content, order(&["alice", "hag", "bob", "bob"])),
        Err("`bob` appears twice in the turn order".into())
    );
    assert_eq!(
        apply(&mut enc, &content, order(&["alice", "hag", "bob", "zed"])),
        Err("no combatant `zed` in this encounter".into())
    );
}

#[test]
fn set_side_and_reacts() {
    let (mut enc, content) = hut();
    let side = |s: &str| EncounterEdit::SetSide {
        id: "hag".into(),
        side: s.into(),
    };
    apply(&mut enc, &content, side("heroes")).unwrap();
    assert_eq!(enc.combatants[0].side, "heroes");
    assert_eq!(
        apply(&mut enc, &content, side("")),
        Err("a combatant needs a side".into())
    );
    let reacts = EncounterEdit::SetReacts {
        id: "alice".into(),
        reacts: false,
    };
    apply(&mut enc, &content, reacts).unwrap();
    assert!(!enc.combatants[2].reacts);
}

#[test]
fn map_size_keeps_everyone_on_the_map() {
    let (mut enc, content) = hut();
    let size = |width, height| EncounterEdit::SetMapSize { width, height };
    apply(&mut enc, &content, size(10, 6)).unwrap();
    assert_eq!((enc.map.width, enc.map.height), (10, 6));
    assert_eq!(enc.map.blocking, [(6, 1), (6, 2)]);
    apply(&mut enc, &content, size(10, 2)).unwrap_err();
    assert_eq!(
        apply(&mut enc, &content, size(9, 6)),
        Err("hag at (9, 3) would be off the map".into())
    );
    assert_eq!(
        apply(&mut enc, &content, size(0, 6)),
        Err("a map side is 1 to 1000 cells".into())
    );
    assert!(apply(&mut enc, &content, size(10, 1001)).is_err());
    // Shrinking drops blocking cells that fall off.
    apply(
        &mut enc,
        &content,
        EncounterEdit::RemoveCombatant { id: "hag".into() },
    )
    .unwrap();
    apply(
        &mut enc,
        &content,
        EncounterEdit::RemoveCombatant { id: "bob".into() },
    )
    .unwrap();
    apply(
        &mut enc,
        &content,
        EncounterEdit::RemoveCombatant { id: "alice".into() },
    )
    .unwrap();
    apply(&mut enc, &content, size(6, 2)).unwrap();
    assert!(enc.map.blocking.is_empty());
}

#[test]
fn blocking_and_cover_toggle() {
    let (mut enc, content) = hut();
    let block = |cell| EncounterEdit::ToggleBlocking { cell };
    let cover = |cell| EncounterEdit::ToggleCover { cell };
    apply(&mut enc, &content, block((6, 1))).unwrap();
    assert_eq!(enc.map.blocking, [(6, 2)]);
    apply(&mut enc, &content, block((0, 0))).unwrap();
    assert_eq!(enc.map.blocking, [(0, 0), (6, 2)]);
    assert_eq!(
        apply(&mut enc, &content, block((3, 3))),
        Err("bob starts on (3, 3)".into())
    );
    assert_eq!(
        apply(&mut enc, &content, block((12, 3))),
        Err("(12, 3) is off the map".into())
    );
    apply(&mut enc, &content, cover((3, 3))).unwrap();
    assert_eq!(enc.map.cover, [(3, 3)]);
    apply(&mut enc, &content, cover((3, 3))).unwrap();
    assert!(enc.map.cover.is_empty());
    assert_eq!(
        apply(&mut enc, &content, cover((0, 8))),
        Err("(0, 8) is off the map".into())
    );
}

#[test]
fn script_actions_add_and_remove() {
    let (mut enc, content) = hut();
    let n = enc.script.len();
    apply(
        &mut enc,
        &content,
        EncounterEdit::AddScriptAction(ScriptAction::TakeCover),
    )
    .unwrap();
    assert_eq!(enc.script.len(), n + 1);
    assert_eq!(enc.script[n], ScriptAction::TakeCover);
    apply(
        &mut enc,
        &content,
        EncounterEdit::RemoveScriptAction { index: 0 },
    )
    .unwrap();
    assert_eq!(enc.script.len(), n);
    assert_eq!(enc.script[0], ScriptAction::ForceRoll(vec![5, 5]));
    assert_eq!(
        apply(
            &mut enc,
            &content,
            EncounterEdit::RemoveScriptAction { index: n }
        ),
        Err(format!("the script has no action {n}"))
    );
}

#[test]
fn rename_play_out_and_rounds() {
    let (mut enc, content) = hut();
    apply(
        &mut enc,
        &content,
        EncounterEdit::Rename("Hut, Again".into()),
    )
    .unwrap();
    assert_eq!(enc.name, "Hut, Again");
    assert_eq!(
        apply(&mut enc, &content, EncounterEdit::Rename("  ".into())),
        Err("an encounter needs a name".into())
    );
    apply(&mut enc, &content, EncounterEdit::SetPlayOut(true)).unwrap();
    assert!(enc.play_out);
    apply(&mut enc, &content, EncounterEdit::SetMaxRounds(5)).unwrap();
    assert_eq!(enc.max_rounds, 5);
    assert_eq!(
        apply(&mut enc, &content, EncounterEdit::SetMaxRounds(0)),
        Err("max rounds is 1 to 1000".into())
    );
}

#[test]
fn fresh_ids_and_free_cells() {
    let (enc, _) = hut();
    assert_eq!(fresh_combatant_id(&enc, "goblin"), "goblin");
    assert_eq!(fresh_combatant_id(&enc, "hag"), "hag_2");
    // Numbered after the ones using the block: a pack's goblin_1 and goblin_2 get goblin_3.
    let mut pack = enc.clone();
    for id in ["goblin_1", "goblin_2"] {
        pack.combatants.push(CombatantSpec {
            id: id.into(),
            stat_block: "goblin".into(),
            inline: None,
            side: "foes".into(),
            position: (0, 0),
            reacts: true,
            hidden: false,
        });
    }
    assert_eq!(fresh_combatant_id(&pack, "goblin"), "goblin_3");
    assert_eq!(first_free_cell(&enc), Some((0, 0)));
    assert_eq!(occupant(&enc, (2, 5)).map(|c| c.id.as_str()), Some("alice"));
}

#[test]
fn a_stat_block_change_is_set_replaced_reset_and_refused() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/pack/encounters/hags_hut.ron");
    let mut diags = Diagnostics::new();
    let (mut enc, content) = load(&path, &mut diags).expect("the test encounter loads");
    let shared = &content.creatures["hag"];
    let mut change = StatBlockChange::new("hag");
    change.set_health(shared, 30);
    let set = |change: &StatBlockChange| EncounterEdit::SetStatBlockChange {
        stat_block: "hag".into(),
        change: change.clone(),
    };
    apply(&mut enc, &content, set(&change)).unwrap();
    assert_eq!(enc.stat_block_changes, [change.clone()]);
    assert_eq!(set(&change).describe(), "Change hag for this encounter");
    change.set_name(shared, "The Old Hag");
    apply(&mut enc, &content, set(&change)).unwrap();
    assert_eq!(
        enc.stat_block_changes,
        [change.clone()],
        "replaced, not added"
    );
    let reset = set(&StatBlockChange::new("hag"));
    assert_eq!(reset.describe(), "Reset hag to its shared stat block");
    apply(&mut enc, &content, reset).unwrap();
    assert!(enc.stat_block_changes.is_empty());

    let mut no_health = StatBlockChange::new("hag");
    no_health.health = Some(0);
    assert_eq!(
        apply(&mut enc, &content, set(&no_health)),
        Err("a creature needs at least 1 health".into())
    );
    let unknown = EncounterEdit::SetStatBlockChange {
        stat_block: "dragon".into(),
        change: StatBlockChange::new("dragon"),
    };
    assert_eq!(
        apply(&mut enc, &content, unknown),
        Err("unknown stat block `dragon`".into())
    );
}
