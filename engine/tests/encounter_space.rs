//! Space: the six Distances, True distances, creature tags, the five Shapes, blocking objects.

mod encounter_common;

use encounter_common::has;
use sigilforge_engine::encounter::EncounterRun;
use sigilforge_engine::encounter::ability::{Distance, ShapeKind, ShapeSpec};
use sigilforge_engine::encounter::space::{
    Cell, GridMap, ShapePlacement, affected_cells, distance, origin_allowed, shape_cells,
};

fn play(src: &str) -> EncounterRun {
    let mut run = encounter_common::start(src, 3);
    run.run_to_end();
    run
}

/// A shooter with an ability of reach `d` (auto Mixed, 1 damage) against a target `gap` units east.
fn reach_run(d: Distance, gap: i32) -> EncounterRun {
    let src = format!(
        "Encounter(name: \"reach\", pack: Some(\"tabletop\"), map: (width: 110, height: 3),\n\
         abilities: [(id: \"poke\", name: \"Poke\", time: Action, \
           target: (kinds: [Creature], side: Enemy, reach: Some((distance: {d:?}))), \
           outcomes: (mixed: [Damage(amount: 1)]))],\n\
         creatures: [(id: \"shooter\", name: \"Shooter\", health: 5, abilities: [(id: \"poke\")]),\
           (id: \"dummy\", name: \"Dummy\", health: 5)],\n\
         combatants: [(id: \"s\", stat_block: \"shooter\", side: \"a\", position: (0, 1)),\
           (id: \"t\", stat_block: \"dummy\", side: \"b\", position: ({gap}, 1))],\n\
         script: [Use(ability: \"poke\", targets: [\"t\"])])"
    );
    play(&src)
}

fn check_distance(d: Distance, units: i32) {
    assert_eq!(d.units(), units);
    assert_eq!(
        reach_run(d, units).combatant("t").expect("t").health,
        4,
        "{d:?} at {units}u hits"
    );
    let beyond = reach_run(d, units + 1);
    assert_eq!(
        beyond.combatant("t").expect("t").health,
        5,
        "{d:?} at {}u misses",
        units + 1
    );
    // An Action does not start on an out-of-range target (only a Slow Action may).
    assert!(has(&beyond, "t is not a valid target: it is out of range"));
}

#[test]
fn distance_swinging_is_1u() {
    check_distance(Distance::Swinging, 1);
}

#[test]
fn distance_spearing_is_2u() {
    check_distance(Distance::Spearing, 2);
}

#[test]
fn distance_spitting_is_4u() {
    check_distance(Distance::Spitting, 4);
}

#[test]
fn distance_throwing_is_8u() {
    check_distance(Distance::Throwing, 8);
}

#[test]
fn distance_shooting_is_16u() {
    check_distance(Distance::Shooting, 16);
}

#[test]
fn distance_sniping_is_100u() {
    check_distance(Distance::Sniping, 100);
}

#[test]
fn distance_counts_a_diagonal_step_as_one_unit() {
    assert_eq!(distance((0, 0), (3, 3)), 3);
    assert_eq!(distance((0, 0), (1, 4)), 4);
}

const WALLED: &str =
    "map: (width: 10, height: 5, blocking: [(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)])";

fn walled_run(target_block: &str, script: &str) -> EncounterRun {
    play(&format!(
        "Encounter(name: \"wall\", pack: Some(\"tabletop\"), {WALLED},\n\
         combatants: [(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (3, 2)),\
           (id: \"foe\", stat_block: \"{target_block}\", side: \"foes\", position: (5, 2), reacts: false)],\n\
         script: [{script}])"
    ))
}

#[test]
fn distance_blocked_sight_makes_a_target_invalid() {
    let run = walled_run(
        "skeleton",
        "Use(ability: \"elemental_blast\", targets: [\"foe\"])",
    );
    assert!(has(
        &run,
        "cannot start Elemental Blast: foe is not a valid target: it is out of sight"
    ));
}

#[test]
fn true_distance_ignores_sight_and_cover() {
    let run = walled_run(
        "skeleton",
        "ForceRoll([4, 4]), Use(ability: \"turn_undead\", targets: [\"foe\"])",
    );
    assert_eq!(run.combatant("foe").unwrap().health, 6 - 5);
    let covered = play(
        "Encounter(name: \"cover\", pack: Some(\"tabletop\"), map: (width: 10, height: 5),\n\
         combatants: [(id: \"foe\", stat_block: \"skeleton\", side: \"foes\", position: (5, 2)),\
           (id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (3, 2))],\n\
         script: [TakeCover, EndTurn, Use(ability: \"elemental_blast\", targets: [\"foe\"]), \
           ForceRoll([4, 4]), Use(ability: \"turn_undead\", targets: [\"foe\"])])",
    );
    assert!(has(
        &covered,
        "cannot start Elemental Blast: foe is not a valid target: it is behind cover"
    ));
    assert_eq!(
        covered.combatant("foe").unwrap().health,
        1,
        "True distance ignores cover"
    );
}

#[test]
fn creature_tags_filter_targets() {
    let run = walled_run(
        "goblin",
        "Use(ability: \"turn_undead\", targets: [\"foe\"])",
    );
    assert!(has(
        &run,
        "cannot start Turn Undead: foe is not a valid target: it lacks the creature tag"
    ));
    assert_eq!(run.combatant("foe").unwrap().health, 5);
}

fn open_map() -> GridMap {
    GridMap {
        width: 20,
        height: 20,
        blocking: Vec::new(),
        cover: Vec::new(),
    }
}

fn spec(kind: ShapeKind, size: Distance) -> ShapeSpec {
    ShapeSpec {
        kind,
        size,
        range: Some(Distance::Throwing),
        height: None,
        r#true: false,
    }
}

fn place(origin: Cell, toward: Option<Cell>, include_origin: bool) -> ShapePlacement {
    ShapePlacement {
        origin,
        toward,
        include_origin,
    }
}

#[test]
fn shape_cone_widens_with_distance_and_leaves_out_its_origin() {
    let cone = spec(ShapeKind::Cone, Distance::Spitting);
    let cells = shape_cells(&open_map(), &cone, &place((5, 5), Some((9, 5)), false));
    // Width at distance d is d: 1, 3, 3, 5 cells at d = 1..4.
    assert_eq!(cells.len(), 12, "{cells:?}");
    assert!(!cells.contains(&(5, 5)));
    assert!(cells.contains(&(9, 7)) && cells.contains(&(9, 3)) && !cells.contains(&(8, 7)));
    let with_origin = shape_cells(&open_map(), &cone, &place((5, 5), Some((9, 5)), true));
    assert_eq!(with_origin.len(), 13);
    // Diagonal orientation works too.
    let diag = shape_cells(&open_map(), &cone, &place((5, 5), Some((8, 8)), false));
    assert!(diag.contains(&(6, 6)) && diag.contains(&(8, 8)) && !diag.contains(&(4, 4)));
}

#[test]
fn shape_cube_extends_from_its_origin_on_a_face() {
    let cube = spec(ShapeKind::Cube, Distance::Spearing);
    let cells = shape_cells(&open_map(), &cube, &place((5, 5), Some((6, 5)), false));
    assert_eq!(cells, vec![(6, 5), (7, 5), (6, 6), (7, 6)]);
    let with_origin = shape_cells(&open_map(), &cube, &place((5, 5), Some((6, 5)), true));
    assert!(with_origin.contains(&(5, 5)));
    assert!(origin_allowed(&cube, (0, 5), (5, 5)));
    assert!(
        !origin_allowed(&cube, (0, 5), (9, 5)),
        "beyond the 8u range"
    );
}

#[test]
fn shape_cylinder_is_a_circle_that_includes_its_origin() {
    let cyl = spec(ShapeKind::Cylinder, Distance::Swinging);
    let cells = shape_cells(&open_map(), &cyl, &place((5, 5), None, false));
    assert_eq!(cells, vec![(5, 4), (4, 5), (5, 5), (6, 5), (5, 6)]);
}

#[test]
fn shape_line_runs_from_the_user_and_leaves_out_its_origin() {
    let line = spec(ShapeKind::Line, Distance::Spearing);
    let cells = shape_cells(&open_map(), &line, &place((5, 5), Some((9, 5)), false));
    assert_eq!(cells, vec![(6, 5), (7, 5)]);
    let diag = shape_cells(&open_map(), &line, &place((5, 5), Some((9, 9)), true));
    assert_eq!(diag, vec![(5, 5), (6, 6), (7, 7)]);
    assert!(origin_allowed(&line, (5, 5), (5, 5)));
    assert!(
        !origin_allowed(&line, (5, 5), (6, 5)),
        "a line starts where the user stands"
    );
}

#[test]
fn shape_sphere_includes_its_origin_and_reaches_its_radius() {
    let sphere = spec(ShapeKind::Sphere, Distance::Spearing);
    let cells = shape_cells(&open_map(), &sphere, &place((5, 5), None, false));
    assert_eq!(cells.len(), 13, "{cells:?}");
    assert!(cells.contains(&(5, 5)) && cells.contains(&(7, 5)) && !cells.contains(&(7, 6)));
}

#[test]
fn blocking_objects_stop_a_shapes_flow_unless_it_is_true() {
    let map = GridMap {
        width: 20,
        height: 20,
        blocking: vec![(6, 5)],
        cover: Vec::new(),
    };
    let mut sphere = spec(ShapeKind::Sphere, Distance::Spearing);
    let cells = affected_cells(&map, &sphere, &place((5, 5), None, false));
    assert!(!cells.contains(&(6, 5)), "the blocking cell itself");
    assert!(!cells.contains(&(7, 5)), "behind the blocking cell");
    assert!(cells.contains(&(4, 5)));
    sphere.r#true = true;
    let cells = affected_cells(&map, &sphere, &place((5, 5), None, false));
    assert!(cells.contains(&(7, 5)));
}

#[test]
fn slow_cone_loses_its_targets_when_the_user_moves() {
    let src = "Encounter(name: \"breath\", pack: Some(\"tabletop\"), map: (width: 12, height: 8),\n\
         abilities: [(id: \"breath\", name: \"Slow Breath\", time: SlowAction, \
           target: (kinds: [Area], shape: Some((kind: Cone, size: Spitting))), \
           outcomes: (mixed: [Damage(amount: 2)]))],\n\
         creatures: [(id: \"drake\", name: \"Drake\", health: 9, abilities: [(id: \"breath\")])],\n\
         combatants: [(id: \"drake\", stat_block: \"drake\", side: \"foes\", position: (2, 2)),\
           (id: \"gob\", stat_block: \"goblin\", side: \"heroes\", position: (4, 2), reacts: false)],\n\
         script: [Use(ability: \"breath\", shape: Some((origin: (2, 2), toward: Some((4, 2))))), \
           Move((2, 5)), EndTurn, EndTurn])";
    let run = play(src);
    assert!(has(&run, "Slow Breath has no valid targets"));
    assert_eq!(run.combatant("gob").unwrap().health, 5);
    let stay = play(&src.replace("Move((2, 5)), ", ""));
    assert_eq!(stay.combatant("gob").unwrap().health, 3);
}

#[test]
fn cover_cells_protect_from_non_true_distances() {
    let src = "Encounter(name: \"crates\", pack: Some(\"tabletop\"), map: (width: 10, height: 5, cover: [(6, 2)]),\n\
         combatants: [(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (3, 2)),\
           (id: \"foe\", side: \"foes\", position: (6, 2), reacts: false,\
            inline: Some((id: \"crate_ghoul\", name: \"Crate Ghoul\", health: 6, tags: [\"Undead\"])))],\n\
         script: [Use(ability: \"elemental_blast\", targets: [\"foe\"]), ForceRoll([4, 4]), \
           Use(ability: \"turn_undead\", targets: [\"foe\"])])";
    let run = play(src);
    assert!(has(
        &run,
        "cannot start Elemental Blast: foe is not a valid target: it is behind cover"
    ));
    assert_eq!(
        run.combatant("foe").expect("foe").health,
        1,
        "True distance ignores cover"
    );
}
