//! Acting by clicking in the Rules tab (`egui_kittest`, the real app): an activation refused
//! with its restriction named, a branch from a mid-script step, an activation and a play with a
//! chosen target resolved by passing priority, the phase advanced, and two simultaneous
//! triggers put in the user's order. Every click is the rules engine's own script action.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use sigilforge_engine::rules::Game;
use ui_common::{CHIAXIS_WITH_LEVELS, click, editor_harness, pack_fixture};

mod ui_common;

/// A champion at level 1, a tower whose Signal needs level 2, a beast, a totem with two
/// abilities that trigger at dusk, and an action in hand that targets; the script raises the
/// level by one.
pub const ACTING: &str = r#"RulesScenario(
    name: "Acting",
    cards: {
        "lorraine": (name: "Lorraine", kind: Champion, stats: {"level": 1}, tribes: ["Warrior"]),
        "tower": (name: "Watchtower", kind: Structure, abilities: [(
            name: "Signal", kind: Activated(), restrictions: [(requires: Level(2))],
            target: Controller, effects: [GainLife(Fixed(2))],
        )]),
        "wolf": (name: "Wolf", kind: Beast, attack: 2, life: 2),
        "bolt": (name: "Bolt", kind: Action, abilities: [(
            name: "Zap", kind: Static, target: Chosen(count: 1), effects: [Modify(Attack, Fixed(1))],
        )]),
        "totem": (name: "Totem", kind: Structure, attack: 0, abilities: [
            (name: "Reset", kind: Triggered(PhaseBegins("dusk")), effects: [SetStat(Attack, Fixed(1))]),
            (name: "Surge", kind: Triggered(PhaseBegins("dusk")), effects: [Modify(Attack, Fixed(2))]),
        ]),
    },
    a: (champion: Some("lorraine"), city: ["tower", "wolf", "totem"], hand: ["bolt"], resource: 3),
    script: [
        Apply(player: A, effects: [Modify(Named("level"), Fixed(1))]),
        Pass,
    ],
)
"#;

fn harness() -> (tempfile::TempDir, Harness<'static, SigilforgeApp>) {
    let dir = pack_fixture(&[("profile.ron", CHIAXIS_WITH_LEVELS), ("acting.ron", ACTING)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let app = SigilforgeApp::with_pack(pack, Settings::default());
    let mut harness = editor_harness(app);
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    harness.run();
    click(&mut harness, "Rules scenario");
    click(&mut harness, "Acting");
    // The list closes under the pointer: start from the scenario's first step whatever it hit.
    click(&mut harness, "Reset");
    harness.get_by_label("Step 0");
    (dir, harness)
}

fn game<'a>(h: &'a Harness<'_, SigilforgeApp>) -> &'a Game {
    h.state().rules_panel().sandbox().unwrap().run().game()
}

fn stat(h: &Harness<'_, SigilforgeApp>, card: &str, name: &str) -> i32 {
    game(h).characteristic_breakdown(card, name).unwrap().value
}

#[test]
fn clicks_act_through_the_rules_engine_and_branch_the_run() {
    let (_dir, mut harness) = harness();
    harness.get_by_label("A has priority and may act:");

    // Level 1: the engine refuses the activation and the tab names the restriction.
    click(&mut harness, "Activate Watchtower: Signal");
    let refusal = harness.state().rules_panel().refusal.clone().unwrap();
    assert!(
        refusal.contains("restriction LV 2+ is unmet: A's champion is level 1"),
        "{refusal}"
    );
    harness.get_by_label(&format!("Refused: {refusal}"));
    let branch = harness.state().rules_panel().branch.clone().unwrap();
    assert_eq!((branch.from, branch.script.len()), (0, 1));

    // Back to the script at the same step: its first action, which raises the level; acting
    // there branches after it.
    click(&mut harness, "Back to the scenario's script");
    assert!(harness.state().rules_panel().branch.is_none());
    harness.get_by_label("Step 1");
    assert_eq!(game(&harness).level(sigilforge_engine::model::Player::A), 2);
    click(&mut harness, "Activate Watchtower: Signal");
    assert!(harness.state().rules_panel().refusal.is_none());
    harness.get_by_label("Stack (top first): 1");
    harness.get_by_label_contains("the first 1 action(s) of \"Acting\", then 1 of yours");
    // The script's own second action (Pass) is set aside: the run ends after the user's.
    assert_eq!(
        harness
            .state()
            .rules_panel()
            .branch
            .as_ref()
            .unwrap()
            .script
            .len(),
        2
    );

    // Both players pass: Signal resolves.
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    assert_eq!(
        game(&harness).vitae(sigilforge_engine::model::Player::A),
        22
    );
    assert!(game(&harness).stack().is_empty());

    // Play the action from hand with a chosen target, then resolve it.
    click(&mut harness, "Play Bolt");
    harness.get_by_label("Targets (up to 1; locked as it goes on the stack):");
    click(&mut harness, "Target Wolf");
    // One target taken: the other cards cannot be ticked (bolt takes at most 1).
    let others: Vec<bool> = harness
        .get_all_by_label_contains("Target ")
        .filter(|n| n.accesskit_node().label().as_deref() != Some("Target Wolf"))
        .map(|n| n.accesskit_node().is_disabled())
        .collect();
    assert!(
        !others.is_empty() && others.iter().all(|d| *d),
        "{others:?}"
    );
    click(&mut harness, "Play with these choices");
    harness.get_by_label_contains("targets Wolf");
    // The recorded script reads in words.
    harness.get_by_label_contains("A plays bolt targeting wolf");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    assert_eq!(stat(&harness, "wolf", "ATK"), 3);

    // Dusk: the totem's two abilities trigger at once; A puts Surge first.
    click(&mut harness, "Advance phase");
    assert_eq!(game(&harness).phase(), "dusk");
    harness.get_by_label("A has 2 triggers at once: put them in order (the first resolves first)");
    click(&mut harness, "Earlier: Totem: Surge");
    click(&mut harness, "Order A's triggers like this");
    let waiting: Vec<&str> = game(&harness)
        .waiting()
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(waiting, ["totem: Surge", "totem: Reset"]);
    click(&mut harness, "Pass priority");
    let top_first: Vec<&str> = game(&harness)
        .stack()
        .iter()
        .rev()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(top_first, ["totem: Surge", "totem: Reset"]);

    // Step back undoes the last click; the branch keeps every recorded action.
    let steps = harness
        .state()
        .rules_panel()
        .sandbox()
        .unwrap()
        .run()
        .actions_run();
    click(&mut harness, "Step back");
    assert_eq!(
        harness
            .state()
            .rules_panel()
            .sandbox()
            .unwrap()
            .run()
            .actions_run(),
        steps - 1
    );
    let recorded = harness.state().rules_panel().branch.clone().unwrap();
    assert_eq!(recorded.recorded().len(), 9, "{:?}", recorded.recorded());
}

#[test]
fn a_recorded_run_saved_as_a_scenario_reloads_and_passes() {
    let (dir, mut harness) = harness();
    click(&mut harness, "Step");
    click(&mut harness, "Activate Watchtower: Signal");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Play Bolt");
    click(&mut harness, "Target Wolf");
    click(&mut harness, "Play with these choices");
    // Saved mid-stack: the bolt waits on the stack, and the new scenario expects it there.
    ui_common::set_field(&mut harness, "New scenario's name", "Signal (answered)");
    click(&mut harness, "Save as scenario");
    assert_eq!(
        harness.state().rules_panel().source.as_deref(),
        Some("signal-answered.ron")
    );
    let doc = harness.state().document().unwrap();
    let saved = sigilforge::cards::rules_sandbox::rules_scenario_in(doc, "signal-answered.ron")
        .unwrap()
        .clone();
    assert_eq!(saved.name, "Signal (answered)");
    assert_eq!(saved.script.len(), 5, "{:?}", saved.script);
    assert!(
        saved
            .expect
            .contains(&sigilforge_engine::rules::Expect::Stack(1)),
        "{:?}",
        saved.expect
    );
    // Played from its start in the tab, it meets every expectation.
    click(&mut harness, "Run to end");
    harness.get_by_label("The script is done: every expectation holds");

    // One undoable edit: undo removes the file, redo brings it back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert!(
        harness
            .state()
            .document()
            .unwrap()
            .pack()
            .file("signal-answered.ron")
            .is_none()
    );
    harness.state_mut().apply(EditCommand::Redo);
    harness.run();

    // Saved to disk, reloaded, and run as designers' CI runs it: it passes.
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    let path = dir.path().join("signal-answered.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let result = sigilforge_engine::pack::run_scenario(&path, &source).unwrap();
    assert!(result.passed(), "{:?}\n{source}", result.failures);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sigilforge"))
        .arg("test")
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Signal (answered)"), "{stdout}");
    assert!(stdout.trim_end().ends_with(" passed, 0 failed"), "{stdout}");
}

/// The form's plain-English title of the variant `name` of `T` (what its drop-down offers).
#[track_caller]
fn title<T: sigilforge_engine::reflect::Reflect>(name: &str) -> String {
    let sigilforge_engine::reflect::TypeInfo::Enum(info) = T::type_info() else {
        panic!("{name}: not an enum");
    };
    info.variants
        .iter()
        .find(|v| v.name == name)
        .unwrap()
        .title()
}

/// Opens the last of the form's drop-downs showing `showing` and picks `option`.
#[track_caller]
fn pick(h: &mut Harness<'_, SigilforgeApp>, showing: &str, option: &str) {
    h.get_all_by(|n| {
        n.role() == egui::accesskit::Role::ComboBox && n.value().as_deref() == Some(showing)
    })
    .last()
    .unwrap_or_else(|| panic!("no drop-down shows {showing:?}"))
    .click_accesskit();
    h.run();
    tap(h, option);
}

/// Replaces what the last form field named `name` (its label or placeholder) holding `now` holds with
/// `text`, as a user does: click in it, select all, type, Enter.
#[track_caller]
fn retype(h: &mut Harness<'_, SigilforgeApp>, name: &str, now: &str, text: &str) {
    #[track_caller]
    fn find<'a>(
        h: &'a Harness<'_, SigilforgeApp>,
        name: &'a str,
        now: &'a str,
    ) -> egui_kittest::Node<'a> {
        h.get_all_by(|n| {
            (n.placeholder() == Some(name) || n.label().as_deref() == Some(name))
                && n.role() != egui::accesskit::Role::Label
                && n.value().as_deref() == Some(now)
        })
        .last()
        .unwrap_or_else(|| panic!("no field {name:?} holding {now:?}"))
    }
    find(h, name, now).scroll_to_me();
    h.run();
    find(h, name, now).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    find(h, name, now).type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Clicks the widget a user reads as `label`, scrolled into view first (the card editor's
/// form is taller than the window).
#[track_caller]
fn tap(h: &mut Harness<'_, SigilforgeApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    click(h, label);
}

/// Types `text` into the field labelled `label` (not a heading or column of the same words).
#[track_caller]
fn fill(h: &mut Harness<'_, SigilforgeApp>, label: &str, text: &str) {
    fn field<'a>(h: &'a Harness<'_, SigilforgeApp>, label: &'a str) -> egui_kittest::Node<'a> {
        h.get_by(|n| {
            n.label().as_deref() == Some(label) && n.role() != egui::accesskit::Role::Label
        })
    }
    field(h, label).scroll_to_me();
    h.run();
    field(h, label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    field(h, label).type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// A new card made in the card editor: id, name and kind, then "Try in Rules tab" later.
#[track_caller]
fn new_card(h: &mut Harness<'_, SigilforgeApp>, id: &str, name: &str, kind: &str) {
    tap(h, "New card");
    fill(h, "Id", id);
    fill(h, "Name", name);
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Kind")
        .click();
    h.run();
    tap(h, kind);
}

#[test]
fn a_champion_and_a_level_2_dusk_ability_built_in_the_card_editor_play_in_the_rules_tab() {
    use sigilforge_engine::model::{AbilityKind, Amount, Duration, Effect, Trigger};
    let dir = pack_fixture(&[("profile.ron", CHIAXIS_WITH_LEVELS)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut h = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));

    // The champion, at level 1.
    new_card(&mut h, "lorraine", "Lorraine", "Champion");
    fill(&mut h, "Level", "1");
    tap(&mut h, "Try in Rules tab");

    // The beast and its ability "[Level 2+] Dusk, 1 resource: +2 ATK until dawn", through
    // the ability form.
    new_card(&mut h, "night_wolf", "Night Wolf", "Beast");
    fill(&mut h, "Attack", "2");
    tap(&mut h, "Add ability");
    tap(&mut h, &title::<AbilityKind>("Activated"));
    retype(&mut h, "Name", "", "Dusk Fury");
    tap(&mut h, "Whether there is a phase");
    retype(&mut h, "Phase", "", "dusk");
    retype(&mut h, "Resource", "0", "1");
    tap(&mut h, "Add restriction");
    retype(&mut h, "Number", "1", "2");
    tap(&mut h, "Add effect");
    pick(
        &mut h,
        &title::<Effect>("Damage"),
        &title::<Effect>("Modify"),
    );
    pick(&mut h, &title::<Amount>("Value"), &title::<Amount>("Fixed"));
    retype(&mut h, "Number", "0", "2");
    pick(
        &mut h,
        &title::<Duration>("Instant"),
        &title::<Duration>("UntilPhase"),
    );
    retype(&mut h, "Phase", "", "dawn");
    let wolf = |h: &Harness<'_, SigilforgeApp>| {
        h.state()
            .document()
            .unwrap()
            .pack()
            .card("night_wolf")
            .cloned()
            .unwrap()
    };
    let text = sigilforge_engine::rules::text::card_ability_text(
        sigilforge_engine::model::CardKind::Beast,
        &wolf(&h).abilities[0],
        None,
    );
    // The engine's generator writes the level restriction before the ability, "LV 2+ —".
    assert_eq!(
        text,
        "LV 2+ — Dusk, 1 resource: this gets +2 ATK until dawn.",
        "{:?}",
        wolf(&h).abilities
    );
    // Shown above the ability's form (and on the card preview).
    assert!(h.query_all_by_label(&text).count() >= 1, "{text}");

    // Two abilities that trigger at once, at dusk: one made, one duplicated and renamed.
    tap(&mut h, "Add ability");
    tap(&mut h, &title::<AbilityKind>("Triggered"));
    pick(
        &mut h,
        &title::<Trigger>("Summoned"),
        &title::<Trigger>("PhaseBegins"),
    );
    retype(&mut h, "Phase", "", "dusk");
    retype(&mut h, "Name", "", "Howl");
    h.get_all_by_label("Duplicate ability")
        .last()
        .unwrap()
        .click();
    h.run();
    retype(&mut h, "Name", "Howl", "Growl");
    assert_eq!(wolf(&h).abilities.len(), 3);
    tap(&mut h, "Try in Rules tab");
    let doc = h.state().document().unwrap();
    let tried =
        sigilforge::cards::rules_sandbox::rules_scenario_in(doc, "scratch/try-out.ron").unwrap();
    assert_eq!(tried.a.champion.as_deref(), Some("lorraine"));
    assert_eq!(tried.a.city, ["night_wolf"]);

    // In the Rules tab: dusk; A orders the two triggers, Growl first.
    tap(&mut h, "Advance phase");
    assert_eq!(game(&h).phase(), "dusk");
    h.get_by_label("A has 2 triggers at once: put them in order (the first resolves first)");
    tap(&mut h, "Earlier: Night Wolf: Growl");
    tap(&mut h, "Order A's triggers like this");
    let waiting: Vec<&str> = game(&h)
        .waiting()
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(waiting, ["night_wolf: Growl", "night_wolf: Howl"]);
    for _ in 0..8 {
        let g = game(&h);
        if g.stack().is_empty()
            && g.waiting().is_empty()
            && g.priority() == sigilforge_engine::model::Player::A
        {
            break;
        }
        tap(&mut h, "Pass priority");
    }
    assert!(game(&h).stack().is_empty());
    assert_eq!(game(&h).phase(), "dusk");

    // Level 1: refused, the restriction named.
    tap(&mut h, "Activate Night Wolf: Dusk Fury");
    let refusal = h.state().rules_panel().refusal.clone().unwrap();
    assert!(
        refusal.contains("restriction LV 2+ is unmet: A's champion is level 1"),
        "{refusal}"
    );
    h.get_by_label(&format!("Refused: {refusal}"));

    // Step back, raise the champion's level in the card editor, come back: the run is
    // replayed to the same step with the new level.
    tap(&mut h, "Step back");
    // The champion, from the Library's card list.
    // The Library's entry (the left panel), not the board's card of that name.
    h.get_all_by_label("Lorraine")
        .min_by(|a, b| a.rect().min.x.total_cmp(&b.rect().min.x))
        .expect("the Library lists the champion")
        .click_accesskit();
    h.run();
    fill(&mut h, "Level", "2");
    tap(&mut h, "Try in Rules tab");
    assert_eq!(game(&h).level(sigilforge_engine::model::Player::A), 2);
    assert_eq!(game(&h).phase(), "dusk");
    tap(&mut h, "Activate Night Wolf: Dusk Fury");
    assert!(h.state().rules_panel().refusal.is_none());
    assert_eq!(
        game(&h)
            .player_state(sigilforge_engine::model::Player::A)
            .resource,
        4
    );
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");
    assert_eq!(stat(&h, "night_wolf", "ATK"), 4);
    // The breakdown the board shows when the wolf is hovered: the tooltip's own lines (a
    // kittest hover does not open egui's tooltip, so they are read through the function).
    let lines = sigilforge::sandbox::rules::breakdown_lines(game(&h), "night_wolf");
    assert_eq!(
        lines.first().map(String::as_str),
        Some("atk 4, printed 2"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("Dusk Fury") && lines[1].contains("+2"),
        "{lines:?}"
    );

    // Step back: the last pass is undone, the ability waits on the stack again.
    tap(&mut h, "Step back");
    assert_eq!(stat(&h, "night_wolf", "ATK"), 2);
    assert_eq!(game(&h).stack().len(), 1);
    tap(&mut h, "Pass priority");
    assert_eq!(stat(&h, "night_wolf", "ATK"), 4);

    // Record: save the run as a scenario; it passes in the tab.
    ui_common::set_field(&mut h, "New scenario's name", "Dusk Fury at level 2");
    tap(&mut h, "Save as scenario");
    let saved_path = h.state().rules_panel().source.clone().unwrap();
    // Saved beside the try-out, in the scratch folder: a recording never ships unasked.
    assert_eq!(saved_path, "scratch/dusk-fury-at-level-2.ron");
    tap(&mut h, "Run to end");
    h.get_by_label("The script is done: every expectation holds");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!h.state().is_dirty());

    // Reloaded from disk in a new editor, picked from the list and run: it passes.
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut again = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    again
        .state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    again.run();
    tap(&mut again, "Rules scenario");
    tap(&mut again, "Dusk Fury at level 2");
    tap(&mut again, "Reset");
    tap(&mut again, "Run to end");
    again.get_by_label("The script is done: every expectation holds");
    let saved = sigilforge::cards::rules_sandbox::rules_scenario_in(
        again.state().document().unwrap(),
        &saved_path,
    )
    .unwrap();
    assert!(!saved.expect.is_empty());
}

/// Issue #26's GUI path: an ally built through the forms, with an ability whose cost is 2 less
/// behind a level restriction and an On Attack trigger, tried in the Rules tab of a Grand
/// Archive pack: the reduced cost is paid, the attack declared by clicking, On Attack fires and
/// the damage lands when both pass.
#[test]
fn a_ga_ally_built_in_the_forms_pays_its_reduced_cost_and_attacks_in_the_rules_tab() {
    use sigilforge_engine::model::{AbilityKind, Amount, Duration, Effect, Player, Trigger};
    const GA: &str = include_str!("../../engine/profiles/grand_archive.ron");
    // The pack's own cards: a level-2 champion and a dummy for B; the try-out puts the dummy
    // on B's field (the set-up a designer keeps in scratch/try-out.ron).
    const CARDS: &str = r#"CardSet(cards: [
        (id: "captain", name: "Captain", kind: Champion, life: 20, stats: {"level": 2}),
        (id: "dummy", name: "Straw Dummy", kind: Ally, attack: 0, life: 4),
    ])"#;
    const TRY_OUT: &str = r#"RulesScenario(
        name: "Try-out",
        pack: Some(".."),
        a: (champion: Some("captain"), resource: 5),
        b: (city: ["dummy"]),
    )"#;
    let dir = pack_fixture(&[
        ("profile.ron", GA),
        ("cards.ron", CARDS),
        ("scratch/try-out.ron", TRY_OUT),
    ]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut h = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));

    // "Ally" also names the Straw Dummy's kind in the Library: the drop-down's option is last.
    tap(&mut h, "New card");
    fill(&mut h, "Id", "squire");
    fill(&mut h, "Name", "Sword Squire");
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Kind")
        .click();
    h.run();
    h.get_all_by_label("Ally").last().unwrap().click();
    h.run();
    fill(&mut h, "Attack", "2");
    fill(&mut h, "Life", "3");
    // "Rally — 3 resource, 2 less at level 2+: gain 1 life."
    tap(&mut h, "Add ability");
    tap(&mut h, &title::<AbilityKind>("Activated"));
    retype(&mut h, "Name", "", "Rally");
    retype(&mut h, "Resource", "0", "3");
    tap(&mut h, "Add reduction");
    retype(&mut h, "Amount", "1", "2");
    h.get_all_by_label("Add restriction")
        .last()
        .unwrap()
        .click_accesskit();
    h.run();
    retype(&mut h, "Number", "1", "2");
    tap(&mut h, "Add effect");
    pick(
        &mut h,
        &title::<Effect>("Damage"),
        &title::<Effect>("GainLife"),
    );
    // "On Attack: this gets +1 POWER until end of turn."
    tap(&mut h, "Add ability");
    tap(&mut h, &title::<AbilityKind>("Triggered"));
    pick(
        &mut h,
        &title::<Trigger>("Summoned"),
        &title::<Trigger>("Attacks"),
    );
    retype(&mut h, "Name", "", "Eager");
    h.get_all_by_label("Add effect")
        .last()
        .unwrap()
        .click_accesskit();
    h.run();
    pick(
        &mut h,
        &title::<Effect>("Damage"),
        &title::<Effect>("Modify"),
    );
    pick(&mut h, &title::<Amount>("Value"), &title::<Amount>("Fixed"));
    retype(&mut h, "Number", "0", "1");
    pick(
        &mut h,
        &title::<Duration>("Instant"),
        &title::<Duration>("EndOfTurn"),
    );
    let squire = h
        .state()
        .document()
        .unwrap()
        .pack()
        .card("squire")
        .cloned()
        .unwrap();
    assert_eq!(squire.abilities.len(), 2, "{:?}", squire.abilities);
    tap(&mut h, "Try in Rules tab");
    assert_eq!(game(&h).profile().name, "Grand Archive");

    // The champion is level 2: Rally costs 1.
    tap(&mut h, "Activate Sword Squire: Rally");
    assert!(
        h.state().rules_panel().refusal.is_none(),
        "{:?}",
        h.state().rules_panel().refusal
    );
    assert_eq!(game(&h).player_state(Player::A).resource, 4);
    assert!(game(&h).log.iter().any(|l| l.text.contains("costs 2 less")));
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");

    // The attack, by clicking: On Attack triggers, then both pass and the damage lands.
    tap(&mut h, "Attack with Sword Squire");
    tap(&mut h, "Attack Straw Dummy");
    assert_eq!(game(&h).attack_in_progress(), Some(("squire", "dummy")));
    h.get_by_label("Combat: Sword Squire attacks Straw Dummy");
    assert!(
        game(&h)
            .log
            .iter()
            .any(|l| l.text.contains("Eager triggers")),
        "{:?}",
        game(&h).log
    );
    for _ in 0..6 {
        if game(&h).attack_in_progress().is_none() {
            break;
        }
        tap(&mut h, "Pass priority");
    }
    assert_eq!(game(&h).attack_in_progress(), None);
    // POWER 2, +1 from On Attack.
    assert_eq!(game(&h).object("dummy").unwrap().wounds, 3);
    // Rested by its attack, the squire is not offered a second one.
    assert!(h.query_by_label("Attack with Sword Squire").is_none());
}

/// Issue #31: the try-out's set-up in the Rules tab. A level-2 ability is refused with the
/// champion as printed (level 1) and plays once the set-up puts the champion at level 2; an
/// opponent's card is added to B's field; each change is one undo step.
#[test]
fn the_try_out_set_up_plays_a_level_restricted_ability_both_ways() {
    const GA: &str = include_str!("../../engine/profiles/grand_archive.ron");
    const CARDS: &str = r#"CardSet(cards: [
        (id: "captain", name: "Captain", kind: Champion, life: 20, stats: {"level": 1}),
        (id: "tower", name: "Watchtower", kind: Structure, abilities: [(
            name: "Signal", kind: Activated(), restrictions: [(requires: Level(2))],
            target: Controller, effects: [GainLife(Fixed(2))],
        )]),
        (id: "dummy", name: "Straw Dummy", kind: Ally, attack: 0, life: 4),
        (id: "sapper", name: "Sapper", kind: Ally, attack: 2, life: 3, keywords: ["Ambush 2"]),
    ])"#;
    // The sapper's Ambush is a battle-line keyword: a warning in this game, never a reason
    // for the try-out not to play.
    const TRY_OUT: &str = r#"RulesScenario(
        name: "Try-out",
        pack: Some(".."),
        a: (champion: Some("captain"), city: ["tower", "sapper"]),
    )"#;
    const KEYWORDS: &str = r#"KeywordSet(keywords: [(
        name: "Ambush", param: Some("N"),
        abilities: [(kind: Triggered(Summoned), target: LastEnemy, effects: [Damage(Value)])],
    )])"#;
    let dir = pack_fixture(&[
        ("profile.ron", GA),
        ("cards.ron", CARDS),
        ("keywords.ron", KEYWORDS),
        ("scratch/try-out.ron", TRY_OUT),
    ]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut h = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    h.state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    h.run();
    tap(&mut h, "Rules scenario");
    tap(&mut h, "Try-out");
    h.get_by_label("Set-up of the try-out");

    // As printed, level 1: refused.
    tap(&mut h, "Activate Watchtower: Signal");
    let refusal = h.state().rules_panel().refusal.clone().unwrap();
    assert!(refusal.contains("LV 2+"), "{refusal}");

    // The set-up puts the champion at level 2: the try-out plays again, and Signal resolves.
    tap(&mut h, "as printed");
    fill(&mut h, "A's level", "2");
    let tried = |h: &Harness<'_, SigilforgeApp>| {
        sigilforge::cards::rules_sandbox::rules_scenario_in(
            h.state().document().unwrap(),
            "scratch/try-out.ron",
        )
        .cloned()
        .unwrap()
    };
    assert_eq!(tried(&h).a.level, Some(2));
    assert_eq!(game(&h).level(sigilforge_engine::model::Player::A), 2);
    tap(&mut h, "Activate Watchtower: Signal");
    assert!(h.state().rules_panel().refusal.is_none());
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");
    assert_eq!(
        game(&h)
            .player_state(sigilforge_engine::model::Player::A)
            .vitae,
        22
    );

    // B's field gets the dummy from the pack's cards.
    let combo = egui::accesskit::Role::ComboBox;
    h.get_by_role_and_label(combo, "B's field").scroll_to_me();
    h.run();
    h.get_by_role_and_label(combo, "B's field").click();
    h.run();
    // The drop-down's option (the Library lists the card under the same name).
    h.get_by(|n| {
        n.label().as_deref() == Some("Straw Dummy") && n.role() == egui::accesskit::Role::Button
    })
    .click();
    h.run();
    assert_eq!(tried(&h).b.city, ["dummy"]);

    // One undo takes the dummy away again; the level stays.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(tried(&h).b.city.is_empty());
    assert_eq!(tried(&h).a.level, Some(2));
}

/// Issue #26: a Grand Archive attack on the champion; B's awake unit with Intercept is offered
/// "Intercept with …" and clicking it makes it the attack's target (the engine's own action).
const INTERCEPT: &str = r#"RulesScenario(
    name: "Intercepting",
    profile: Some("Grand Archive"),
    cards: {
        "raider": (name: "Dune Raider", kind: Ally, attack: 2, life: 3),
        "sentinel": (name: "Moat Sentinel", kind: Ally, attack: 1, life: 4, keywords: ["Intercept"]),
        "squire": (name: "Idle Squire", kind: Ally, attack: 1, life: 2),
        "captain": (name: "Wandering Captain", kind: Champion, attack: 0, life: 15, stats: {"level": 1}),
    },
    keywords: [(name: "Intercept")],
    a: (city: ["raider"]),
    b: (champion: Some("captain"), city: ["sentinel", "squire"]),
    script: [
        Attack(player: A, attacker: "raider", target: "captain"),
        ResolveAll,
    ],
)
"#;

#[test]
fn an_awake_unit_with_intercept_takes_the_attack_by_a_click() {
    let dir = pack_fixture(&[("intercepting.ron", INTERCEPT)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut h = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    h.state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    h.run();
    click(&mut h, "Rules scenario");
    click(&mut h, "Intercepting");
    tap(&mut h, "Run to end");
    assert_eq!(game(&h).attack_in_progress(), Some(("raider", "captain")));
    // Only the unit with the keyword is offered.
    assert!(h.query_by_label("Intercept with Idle Squire").is_none());
    tap(&mut h, "Intercept with Moat Sentinel");
    assert!(
        h.state().rules_panel().refusal.is_none(),
        "{:?}",
        h.state().rules_panel().refusal
    );
    assert_eq!(game(&h).attack_in_progress(), Some(("raider", "sentinel")));
    h.get_by_label("Combat: Dune Raider attacks Moat Sentinel");
    // The target now is the interceptor: it is not offered again.
    assert!(h.query_by_label("Intercept with Moat Sentinel").is_none());
}

/// Issue #26: Grand Archive weapons and attack cards by clicking. The champion (no POWER of
/// its own) is offered an attack because it has an awake weapon; "With Tempered Blade" adds the
/// weapon; the board shows the attack with the weapon's durability and its POWER, then the
/// weapon's durability counter gone. Next, the attack card from hand is played with its attack
/// and the weapon: its power joins the attack and it goes to the graveyard as combat ends.
const WEAPONS: &str = r#"RulesScenario(
    name: "Armed",
    profile: Some("Grand Archive"),
    cards: {
        "duelist": (name: "Ardent Duelist", kind: Champion, life: 20, stats: {"level": 2}),
        "keeper": (name: "Grove Keeper", kind: Champion, life: 18, stats: {"level": 1}),
        "blade": (name: "Tempered Blade", kind: Item, tribes: ["Weapon"], attack: 2, life: 3),
        "slash": (name: "Rising Slash", kind: Action, tribes: ["Attack"], cost: 1, attack: 3),
    },
    a: (champion: Some("duelist"), city: ["blade"], hand: ["slash"], resource: 1),
    b: (champion: Some("keeper")),
    script: [],
)
"#;

#[test]
fn a_champion_attacks_with_a_weapon_and_plays_an_attack_card_by_clicks() {
    let dir = pack_fixture(&[("armed.ron", WEAPONS)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut h = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    h.state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    h.run();
    click(&mut h, "Rules scenario");
    click(&mut h, "Armed");
    tap(&mut h, "Run to end");
    h.get_by_label("Tempered Blade (3 durability)");
    tap(&mut h, "Attack with Ardent Duelist");
    tap(&mut h, "With Tempered Blade");
    tap(&mut h, "Attack Grove Keeper");
    let refusal = h.state().rules_panel().refusal.clone();
    assert!(refusal.is_none(), "{refusal:?}");
    h.get_by_label(
        "Combat: Ardent Duelist attacks Grove Keeper with Tempered Blade (3 durability)",
    );
    h.get_by_label("2 POWER");
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");
    assert_eq!(game(&h).object("keeper").unwrap().wounds, 2);
    h.get_by_label("Tempered Blade (rested, 2 durability)");

    // Next turn (both wake up): the attack card, with the weapon.
    for _ in 0..16 {
        if game(&h).active() == sigilforge_engine::model::Player::A
            && game(&h).phase() == "main"
            && game(&h).turn() > 1
        {
            break;
        }
        tap(&mut h, "Advance phase");
    }
    tap(&mut h, "Play Rising Slash");
    h.get_by_label("A plays Rising Slash: choose what Ardent Duelist attacks");
    tap(&mut h, "With Tempered Blade");
    tap(&mut h, "Attack Grove Keeper");
    let refusal = h.state().rules_panel().refusal.clone();
    assert!(refusal.is_none(), "{refusal:?}");
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");
    h.get_by_label("Combat: Ardent Duelist attacks Grove Keeper with Rising Slash and Tempered Blade (2 durability)");
    h.get_by_label("5 POWER");
    tap(&mut h, "Pass priority");
    tap(&mut h, "Pass priority");
    assert_eq!(game(&h).object("keeper").unwrap().wounds, 7);
    assert_eq!(game(&h).durability("blade"), Some(1));
    assert_eq!(
        game(&h).object("slash").unwrap().zone,
        sigilforge_engine::model::Zone::Graveyard
    );
}
