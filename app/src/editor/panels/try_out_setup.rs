//! The try-out's set-up in the Rules tab (issue #31): for each player the champion and its
//! level, resource, hand and field, chosen from the pack's cards. Each change is one undoable
//! edit of `try-out.ron` (applied in `apply_hosted.rs`), and the try-out is played again from
//! its start, so a card under test can be tried at level 1 and at level 2, with or without a
//! resource to pay, against the board the designer wants.

use egui::Ui;
use sigilforge_engine::model::{Card, CardKind, Player};
use sigilforge_engine::rules::{PlayerSetup, RulesScenario};

use crate::editor::document::Document;
use crate::sandbox::rules::RulesCommand;

/// Where in a player's set-up a card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetUpZone {
    /// In hand: played (and paid for) by clicking.
    Hand,
    /// On the field (the city): there from the start.
    Field,
}

impl SetUpZone {
    fn word(self) -> &'static str {
        match self {
            SetUpZone::Hand => "hand",
            SetUpZone::Field => "field",
        }
    }

    fn list(self, setup: &mut PlayerSetup) -> &mut Vec<String> {
        match self {
            SetUpZone::Hand => &mut setup.hand,
            SetUpZone::Field => &mut setup.city,
        }
    }
}

/// One change of the try-out's set-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetUp {
    /// The player's champion (a pack card id), or none.
    Champion(Player, Option<String>),
    /// The champion's level at the start; none: its card's printed level.
    Level(Player, Option<i32>),
    /// The resource the player starts with.
    Resource(Player, i32),
    /// Add a copy of a pack card (its id) to a zone; a second copy is `id#2`.
    Add(Player, SetUpZone, String),
    /// Take the entry at this index out of a zone.
    Remove(Player, SetUpZone, usize),
}

impl SetUp {
    /// What the undo history calls it.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            SetUp::Champion(p, Some(c)) => format!("Try-out: {p:?}'s champion is {c}"),
            SetUp::Champion(p, None) => format!("Try-out: {p:?} has no champion"),
            SetUp::Level(p, Some(l)) => format!("Try-out: {p:?}'s champion at level {l}"),
            SetUp::Level(p, None) => format!("Try-out: {p:?}'s champion at its printed level"),
            SetUp::Resource(p, n) => format!("Try-out: {p:?} starts with {n} resource"),
            SetUp::Add(p, z, c) => format!("Try-out: {c} to {p:?}'s {}", z.word()),
            SetUp::Remove(p, z, _) => format!("Try-out: a card out of {p:?}'s {}", z.word()),
        }
    }

    /// Makes the change in `scenario`; false when it changes nothing.
    pub fn apply_to(&self, scenario: &mut RulesScenario) -> bool {
        match self {
            SetUp::Champion(p, c) => replace(&mut setup(scenario, *p).champion, c.clone()),
            SetUp::Level(p, l) => replace(&mut setup(scenario, *p).level, *l),
            SetUp::Resource(p, n) => replace(&mut setup(scenario, *p).resource, *n),
            SetUp::Add(p, zone, id) => {
                // Instances are unique across the scenario: `wolf`, then the first free `wolf#n`.
                let taken = |e: &str| {
                    [&scenario.a, &scenario.b].iter().any(|s| {
                        s.zone_lists()
                            .iter()
                            .flat_map(|(list, _)| list.iter())
                            .chain(&s.champion)
                            .any(|x| x.split('@').next() == Some(e))
                    })
                };
                let mut entry = id.clone();
                let mut n = 1;
                while taken(&entry) {
                    n += 1;
                    entry = format!("{id}#{n}");
                }
                zone.list(setup(scenario, *p)).push(entry);
                true
            }
            SetUp::Remove(p, zone, i) => {
                let list = zone.list(setup(scenario, *p));
                if *i < list.len() {
                    list.remove(*i);
                    true
                } else {
                    false
                }
            }
        }
    }
}

/// A player's set-up in the scenario.
fn setup(scenario: &mut RulesScenario, player: Player) -> &mut PlayerSetup {
    match player {
        Player::A => &mut scenario.a,
        Player::B => &mut scenario.b,
    }
}

/// Sets `slot` to `value`; whether that changed it.
fn replace<T: PartialEq>(slot: &mut T, value: T) -> bool {
    if *slot == value {
        return false;
    }
    *slot = value;
    true
}

/// Draws the set-up of `scenario` (the try-out) and pushes each change.
pub fn set_up_ui(
    ui: &mut Ui,
    doc: &Document,
    scenario: &RulesScenario,
    push: &mut dyn FnMut(RulesCommand),
) {
    let cards: Vec<&Card> = doc.pack().cards().map(|(_, c)| c).collect();
    egui::CollapsingHeader::new("Set-up of the try-out")
        .default_open(true)
        .show(ui, |ui| {
            ui.weak("Each change is one undoable edit of try-out.ron; the try-out plays again from its start.");
            // One wrapped line a player, so the acting controls below stay in view.
            for (player, setup) in [(Player::A, &scenario.a), (Player::B, &scenario.b)] {
                ui.horizontal_wrapped(|ui| player_row(ui, player, setup, &cards, push));
            }
        });
}

/// One player's line: champion, level, resource, hand, field.
fn player_row(
    ui: &mut Ui,
    player: Player,
    setup: &PlayerSetup,
    cards: &[&Card],
    push: &mut dyn FnMut(RulesCommand),
) {
    let mut send = |s: SetUp| push(RulesCommand::SetUp(s));
    let label = ui.strong(format!("{player:?}'s champion"));
    let shown = setup.champion.as_deref().unwrap_or("none");
    egui::ComboBox::from_id_salt(("try-champion", player))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(setup.champion.is_none(), "none")
                .clicked()
            {
                send(SetUp::Champion(player, None));
            }
            for c in cards.iter().filter(|c| c.kind == CardKind::Champion) {
                let on = setup.champion.as_deref() == Some(c.id.as_str());
                if ui.selectable_label(on, &c.name).clicked() {
                    send(SetUp::Champion(player, Some(c.id.clone())));
                }
            }
        })
        .response
        .labelled_by(label.id);

    if setup.champion.is_some() {
        let label = ui.label(format!("{player:?}'s level"));
        let mut level = setup.level.unwrap_or(0);
        let printed = setup.level.is_none();
        let response = ui
            .add_enabled(!printed, egui::DragValue::new(&mut level).range(0..=99))
            .labelled_by(label.id);
        if response.changed() {
            send(SetUp::Level(player, Some(level)));
        }
        let mut own = printed;
        if ui
            .checkbox(&mut own, "as printed")
            .on_hover_text("The champion card's own level")
            .changed()
        {
            send(SetUp::Level(player, if own { None } else { Some(1) }));
        }
    }

    let label = ui.label(format!("{player:?}'s resource"));
    let mut resource = setup.resource;
    if ui
        .add(egui::DragValue::new(&mut resource).range(0..=99))
        .labelled_by(label.id)
        .changed()
    {
        send(SetUp::Resource(player, resource));
    }

    for (zone, list) in [
        (SetUpZone::Hand, &setup.hand),
        (SetUpZone::Field, &setup.city),
    ] {
        let label = ui.label(format!("{player:?}'s {}", zone.word()));
        for (i, entry) in list.iter().enumerate() {
            if ui
                .small_button(format!("{entry} ×"))
                .on_hover_text(format!("Take {entry} out of the {}", zone.word()))
                .clicked()
            {
                send(SetUp::Remove(player, zone, i));
            }
        }
        egui::ComboBox::from_id_salt(("try-add", player, zone.word()))
            .selected_text(format!("Add to {player:?}'s {}", zone.word()))
            .show_ui(ui, |ui| {
                for c in cards.iter().filter(|c| c.kind != CardKind::Champion) {
                    if ui.selectable_label(false, &c.name).clicked() {
                        send(SetUp::Add(player, zone, c.id.clone()));
                    }
                }
            })
            .response
            .labelled_by(label.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_edits_the_set_up_and_says_when_it_changed_nothing() {
        let mut s = RulesScenario::default();
        assert!(SetUp::Champion(Player::A, Some("captain".into())).apply_to(&mut s));
        assert!(!SetUp::Champion(Player::A, Some("captain".into())).apply_to(&mut s));
        assert!(SetUp::Level(Player::A, Some(2)).apply_to(&mut s));
        assert_eq!(s.a.level, Some(2));
        assert!(SetUp::Add(Player::B, SetUpZone::Field, "wolf".into()).apply_to(&mut s));
        assert!(SetUp::Add(Player::B, SetUpZone::Field, "wolf".into()).apply_to(&mut s));
        assert_eq!(s.b.city, ["wolf", "wolf#2"]);
        assert!(SetUp::Remove(Player::B, SetUpZone::Field, 0).apply_to(&mut s));
        assert!(!SetUp::Remove(Player::B, SetUpZone::Field, 5).apply_to(&mut s));
        assert_eq!(s.b.city, ["wolf#2"]);
        // The freed name is used again, never a second `wolf#2`.
        assert!(SetUp::Add(Player::A, SetUpZone::Hand, "wolf".into()).apply_to(&mut s));
        assert!(SetUp::Add(Player::A, SetUpZone::Hand, "wolf".into()).apply_to(&mut s));
        assert_eq!(s.a.hand, ["wolf", "wolf#3"]);
        assert!(SetUp::Resource(Player::B, 3).apply_to(&mut s));
        assert_eq!(s.b.resource, 3);
    }
}
