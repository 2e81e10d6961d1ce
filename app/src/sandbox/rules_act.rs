//! Acting by clicking in the Rules tab: the player with priority plays a card from hand
//! (choosing targets, mode and what it attaches to), activates an ability of a card in their
//! city, declares an attack and picks its target (a game with combat rules; the attacked unit
//! may retaliate or another intercept; with a weapon where the game has them; an attack card
//! from hand is played with its attack), passes priority or advances the phase; a player with several waiting
//! triggers puts them in order. Each click becomes one [`Action`], the very action a scenario's script
//! runs, so the engine judges it (and refuses it, naming the restriction or cost) exactly as
//! it judges a script. The Rules tab applies it as a branch of the run
//! ([`crate::cards::rules_sandbox`]).

use egui::Ui;
use sigilforge_engine::model::Player;
use sigilforge_engine::model::ability::{Ability, Target};
use sigilforge_engine::model::{CardKind, Effect};
use sigilforge_engine::rules::state::Zone;
use sigilforge_engine::rules::{Action, Game};
use sigilforge_engine::wording::{Names, rules_names};

/// What the acting controls remember between frames: a play or activation waiting for its
/// choices, and the order being put together for waiting triggers.
#[derive(Debug, Clone, Default)]
pub struct ActView {
    /// A play or activation whose targets, mode or attachment are being chosen.
    choice: Option<Choice>,
    /// The waiting triggers in the order the user is putting them.
    order: Option<TriggerOrder>,
    /// The unit whose attack target is being chosen.
    attacker: Option<String>,
    /// The weapon chosen for that attack, if any.
    weapon: Option<String>,
    /// The attack card being played, whose target is being chosen (the attacker is then the
    /// player's champion).
    attack_card: Option<String>,
}

impl ActView {
    /// Drops the attack being set up.
    fn cancel_attack(&mut self) {
        self.attacker = None;
        self.weapon = None;
        self.attack_card = None;
    }
}

/// The weapons `attacker` may attack with now: on the field, ruled by its player, awake where
/// using one rests it, with durability left, and `attacker` of a kind that uses weapons (the
/// engine judges the attack itself; this only keeps unusable ones off the buttons).
fn usable_weapons(game: &Game, attacker: &str) -> Vec<String> {
    let Some(rules) = game
        .profile()
        .combat
        .as_ref()
        .and_then(|c| c.weapons.as_ref())
    else {
        return Vec::new();
    };
    let Some(unit) = game.object(attacker) else {
        return Vec::new();
    };
    if !rules.users.contains(&unit.card.kind) {
        return Vec::new();
    }
    let Some(player) = game.ruler(attacker) else {
        return Vec::new();
    };
    game.zone(player, Zone::City)
        .into_iter()
        .filter(|w| {
            game.object(w).is_some_and(|o| {
                rules.card.matches(o.card.kind, &o.card.tribes) && !(rules.rests && o.rested)
            }) && game.durability(w).is_some_and(|d| d > 0)
        })
        .collect()
}

/// The attack in progress in words: who attacks what, with which attack card and weapon (and
/// the weapon's durability); then the power it deals, in the game's word (`5 POWER`).
fn attack_line(game: &Game, names: &Names) -> Option<(String, String)> {
    let attack = game.attack_details()?;
    let mut with = Vec::new();
    if let Some(card) = &attack.attack_card {
        with.push(names.name(card).to_owned());
    }
    if let Some(weapon) = &attack.weapon {
        let durability = game.durability(weapon).unwrap_or(0);
        let counter = game
            .profile()
            .combat
            .as_ref()
            .and_then(|c| c.weapons.as_ref())
            .map_or("durability", |w| w.counter.as_str());
        with.push(format!("{} ({durability} {counter})", names.name(weapon)));
    }
    let with = if with.is_empty() {
        String::new()
    } else {
        format!(" with {}", sigilforge_engine::wording::list(&with))
    };
    let stat = game
        .profile()
        .combat
        .as_ref()
        .map_or("attack", |c| c.power.as_str());
    let word = game.profile().stat_word(stat).unwrap_or("power");
    Some((
        format!(
            "Combat: {} attacks {}{with}",
            names.name(&attack.attacker),
            names.name(&attack.target),
        ),
        format!("{} {word}", attack.power),
    ))
}

/// The order being put together for one player's waiting triggers.
#[derive(Debug, Clone)]
struct TriggerOrder {
    /// Whose triggers they are.
    player: Player,
    /// Their labels in the order the user is putting them.
    order: Vec<String>,
    /// Their labels as the game listed them when the order started (a change starts afresh).
    waiting: Vec<String>,
}

/// A play or activation being set up.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Choice {
    player: Player,
    card: String,
    /// The activated ability's label; `None`: playing the card from hand.
    ability: Option<String>,
    /// How many targets it takes (0: none to choose).
    max_targets: u32,
    targets: Vec<String>,
    /// How many modes it offers (0: not modal).
    modes: usize,
    mode: Option<usize>,
    /// Whether it attaches to a card as it enters the city (an item, a beast).
    attaches: bool,
    attach_to: Option<String>,
}

impl Choice {
    fn action(&self) -> Action {
        match &self.ability {
            None => Action::Play {
                player: self.player,
                card: self.card.clone(),
                targets: self.targets.clone(),
                mode: self.mode,
                attach_to: self.attach_to.clone(),
            },
            Some(ability) => Action::Activate {
                player: self.player,
                card: self.card.clone(),
                ability: ability.clone(),
                targets: self.targets.clone(),
                mode: self.mode,
                structure: None,
            },
        }
    }

    /// Whether there is anything to choose before acting.
    fn asks(&self) -> bool {
        self.max_targets > 0 || self.modes > 0 || self.attaches
    }
}

/// How many targets an ability lets its player choose (a restricted choice: the larger).
fn chosen_targets(target: &Target) -> u32 {
    match target {
        Target::Chosen { count, .. } => *count,
        Target::Restricted {
            unlocked,
            otherwise,
            ..
        } => chosen_targets(unlocked).max(chosen_targets(otherwise)),
        _ => 0,
    }
}

/// How many modes an ability's effects offer (the first modal effect's).
fn mode_count(ability: &Ability) -> usize {
    let mut modes = 0;
    for effect in &ability.effects {
        effect.visit(&mut |e| {
            if let Effect::Modal(list) = e
                && modes == 0
            {
                modes = list.len();
            }
        });
    }
    modes
}

/// The cards a target or attachment can be chosen from: every card in either city.
fn cards_in_play(game: &Game) -> Vec<String> {
    [Player::A, Player::B]
        .into_iter()
        .flat_map(|p| game.zone(p, Zone::City))
        .collect()
}

/// A player's units on the field: their champion, then their city's cards.
fn units(game: &Game, player: Player) -> Vec<String> {
    let mut out = game.zone(player, Zone::City);
    if let Some(champion) = &game.player_state(player).champion
        && !out.contains(champion)
    {
        out.insert(0, champion.clone());
    }
    out
}

/// The attack in progress, with its retaliation; or the choice of target for a new attack.
/// True when the attack choice took the controls (nothing else is drawn meanwhile).
fn combat_ui(
    ui: &mut Ui,
    game: &Game,
    names: &Names,
    view: &mut ActView,
    act: &mut dyn FnMut(Action),
) -> bool {
    let Some(rules) = &game.profile().combat else {
        return false;
    };
    if let Some((attacker, target)) = game.attack_in_progress() {
        view.cancel_attack();
        let (line, power) = attack_line(game, names).unwrap_or_else(|| {
            let line = format!(
                "Combat: {} attacks {}",
                names.name(attacker),
                names.name(target)
            );
            (line, String::new())
        });
        ui.horizontal_wrapped(|ui| {
            ui.strong(line)
                .on_hover_text("Once the stack is empty, both players passing deals the damage");
            ui.label(power).on_hover_text(
                "The damage it deals: the attacker's power, its weapon's and its attack card's",
            );
            if rules.retaliation
                && ui
                    .button(format!("Retaliate with {}", names.name(target)))
                    .on_hover_text("It rests and deals its power back to the attacker with the attack's damage")
                    .clicked()
            {
                act(Action::Retaliate(target.to_owned()));
            }
            // An awake unit of the attacked player with the intercept keyword may take the
            // attack on itself (the engine refuses it once the target has retaliated).
            if let (Some(keyword), Some(defender)) = (&rules.intercept, game.ruler(target)) {
                for unit in units(game, defender) {
                    let awake = game.object(&unit).is_some_and(|o| !o.rested);
                    if unit == target || !awake || !game.has_ability(&unit, keyword) {
                        continue;
                    }
                    if ui
                        .button(format!("Intercept with {}", names.name(&unit)))
                        .on_hover_text(format!(
                            "{keyword}: it becomes the attack's target instead of {}",
                            names.name(target)
                        ))
                        .clicked()
                    {
                        act(Action::Intercept(unit));
                    }
                }
            }
        });
        return false;
    }
    let Some(attacker) = view.attacker.clone() else {
        return false;
    };
    let player = game.priority();
    match &view.attack_card {
        Some(card) => ui.strong(format!(
            "{player:?} plays {}: choose what {} attacks",
            names.name(card),
            names.name(&attacker)
        )),
        None => ui.strong(format!(
            "{player:?} attacks with {}: choose its target",
            names.name(&attacker)
        )),
    };
    let weapons = usable_weapons(game, &attacker);
    if !weapons.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for weapon in weapons {
                let chosen = view.weapon.as_deref() == Some(weapon.as_str());
                if ui
                    .selectable_label(chosen, format!("With {}", names.name(&weapon)))
                    .on_hover_text("Attack with this weapon too: its power adds to the attack, it rests and loses durability in the damage step")
                    .clicked()
                {
                    view.weapon = if chosen { None } else { Some(weapon) };
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        for target in units(game, player.other()) {
            if ui
                .button(format!("Attack {}", names.name(&target)))
                .clicked()
            {
                let weapon = view.weapon.clone();
                act(match view.attack_card.clone() {
                    Some(card) => Action::PlayAttack {
                        player,
                        card,
                        target,
                        weapon,
                    },
                    None => Action::Attack {
                        player,
                        attacker: attacker.clone(),
                        target,
                        weapon,
                    },
                });
                view.cancel_attack();
            }
        }
        if ui.button("Cancel").clicked() {
            view.cancel_attack();
        }
    });
    true
}

/// Draws the acting controls for the game as it stands and hands each action the user makes
/// to `act`.
pub fn act_ui(ui: &mut Ui, game: &Game, view: &mut ActView, act: &mut dyn FnMut(Action)) {
    let player = game.priority();
    // Buttons name cards as the log does (names, copies told apart), never by id.
    let names = rules_names(game);
    if let Some(choice) = &mut view.choice {
        let done = choice_ui(ui, game, &names, choice, act);
        if done {
            view.choice = None;
        }
        return;
    }
    if combat_ui(ui, game, &names, view, act) {
        return;
    }
    ui.label(format!("{player:?} has priority and may act:"));
    ui.horizontal_wrapped(|ui| {
        let combat = game.profile().combat.clone();
        for card in game.zone(player, Zone::Hand) {
            // An attack card is played with its attack: the champion's target comes next.
            let attack_card = game.object(&card).is_some_and(|o| {
                combat
                    .as_ref()
                    .is_some_and(|r| r.is_attack_card(o.card.kind, &o.card.tribes))
            });
            if attack_card {
                let champion = game.player_state(player).champion.clone();
                if let Some(champion) = champion
                    && ui
                        .button(format!("Play {}", names.name(&card)))
                        .on_hover_text("An attack card: your champion attacks with it (it rests, the cost is paid now); choose its target next")
                        .clicked()
                {
                    view.cancel_attack();
                    view.attacker = Some(champion);
                    view.attack_card = Some(card.clone());
                }
                continue;
            }
            if ui
                .button(format!("Play {}", names.name(&card)))
                .on_hover_text("Play this card from hand (its cost is paid now)")
                .clicked()
            {
                let on_play = game.played_abilities(&card);
                let kind = game.object(&card).map(|o| o.card.kind);
                let choice = Choice {
                    player,
                    card: card.clone(),
                    ability: None,
                    max_targets: on_play
                        .iter()
                        .map(|e| chosen_targets(&e.ability.target))
                        .max()
                        .unwrap_or(0),
                    targets: Vec::new(),
                    modes: on_play.iter().map(|e| mode_count(&e.ability)).max().unwrap_or(0),
                    mode: None,
                    attaches: matches!(kind, Some(CardKind::Item | CardKind::Beast)),
                    attach_to: None,
                };
                start(view, choice, act);
            }
        }
        for card in units(game, player) {
            for entry in game.activated_abilities(&card) {
                if ui
                    .button(format!("Activate {}: {}", names.name(&card), entry.label))
                    .on_hover_text("Activate this ability (its costs are paid and its restrictions checked now)")
                    .clicked()
                {
                    let choice = Choice {
                        player,
                        card: card.clone(),
                        ability: Some(entry.label.clone()),
                        max_targets: chosen_targets(&entry.ability.target),
                        targets: Vec::new(),
                        modes: mode_count(&entry.ability),
                        mode: None,
                        attaches: false,
                        attach_to: None,
                    };
                    start(view, choice, act);
                }
            }
        }
        if let Some(rules) = &combat
            && game.attack_in_progress().is_none()
        {
            // Only a unit that can attack is offered: awake, with power or a weapon to use.
            let can_attack = |u: &String| {
                game.object(u).is_some_and(|o| !o.rested)
                    && (game.stat(u, &rules.power) > 0 || !usable_weapons(game, u).is_empty())
            };
            for unit in units(game, player).into_iter().filter(can_attack) {
                if ui
                    .button(format!("Attack with {}", names.name(&unit)))
                    .on_hover_text("Declare an attack with this unit (it rests); choose its target next")
                    .clicked()
                {
                    view.cancel_attack();
                    view.attacker = Some(unit);
                }
            }
        }
        if ui
            .button("Pass priority")
            .on_hover_text("Two passes in a row resolve the top of the stack")
            .clicked()
        {
            act(Action::Pass);
        }
        if ui
            .button("Advance phase")
            .on_hover_text(format!(
                "Go to the next phase ({}); the stack must be empty",
                // The game's own phases, from its profile.
                sigilforge_engine::wording::list(&game.profile().phases)
            ))
            .clicked()
        {
            act(Action::Advance);
        }
    });
    order_ui(ui, game, &names, view, act);
}

/// Acts at once when there is nothing to choose, else opens the choice.
fn start(view: &mut ActView, choice: Choice, act: &mut dyn FnMut(Action)) {
    if choice.asks() {
        view.choice = Some(choice);
    } else {
        act(choice.action());
    }
}

/// The choices of a play or activation; true once it is done (acted or cancelled).
fn choice_ui(
    ui: &mut Ui,
    game: &Game,
    names: &Names,
    choice: &mut Choice,
    act: &mut dyn FnMut(Action),
) -> bool {
    let what = match &choice.ability {
        None => format!("{:?} plays {}", choice.player, names.name(&choice.card)),
        Some(a) => format!(
            "{:?} activates {}: {a}",
            choice.player,
            names.name(&choice.card)
        ),
    };
    ui.strong(what);
    let in_play = cards_in_play(game);
    if choice.max_targets > 0 {
        ui.label(format!(
            "Targets (up to {}; locked as it goes on the stack):",
            choice.max_targets
        ));
        ui.horizontal_wrapped(|ui| {
            let full = choice.targets.len() >= choice.max_targets as usize;
            for card in &in_play {
                let mut on = choice.targets.contains(card);
                let allowed = on || !full;
                let checkbox = egui::Checkbox::new(&mut on, format!("Target {}", names.name(card)));
                if ui
                    .add_enabled(allowed, checkbox)
                    .on_disabled_hover_text(format!(
                        "It takes at most {} target(s): untick one first",
                        choice.max_targets
                    ))
                    .changed()
                {
                    if on {
                        choice.targets.push(card.clone());
                    } else {
                        choice.targets.retain(|t| t != card);
                    }
                }
            }
        });
    }
    if choice.modes > 0 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Mode (locked as it goes on the stack):");
            for m in 0..choice.modes {
                ui.radio_value(&mut choice.mode, Some(m), format!("Mode {}", m + 1));
            }
        });
    }
    if choice.attaches {
        ui.horizontal_wrapped(|ui| {
            ui.label("Attach to:");
            ui.radio_value(&mut choice.attach_to, None, "Nothing");
            for card in in_play.iter().filter(|c| **c != choice.card) {
                ui.radio_value(
                    &mut choice.attach_to,
                    Some(card.clone()),
                    format!("Onto {}", names.name(card)),
                );
            }
        });
    }
    let mut done = false;
    ui.horizontal(|ui| {
        let go = if choice.ability.is_some() {
            "Activate with these choices"
        } else {
            "Play with these choices"
        };
        if ui.button(go).clicked() {
            act(choice.action());
            done = true;
        }
        if ui.button("Cancel").clicked() {
            done = true;
        }
    });
    done
}

/// A player with two or more waiting triggers puts them in order (19.3a): first resolves first.
fn order_ui(
    ui: &mut Ui,
    game: &Game,
    names: &Names,
    view: &mut ActView,
    act: &mut dyn FnMut(Action),
) {
    let waiting = game.waiting();
    let asking = [Player::A, Player::B].into_iter().find_map(|p| {
        let labels: Vec<String> = waiting
            .iter()
            .filter(|i| i.controller == p)
            .map(|i| i.label.clone())
            .collect();
        (labels.len() > 1).then_some((p, labels))
    });
    let Some((player, labels)) = asking else {
        view.order = None;
        return;
    };
    // A new set of waiting triggers starts a new order, in the order they wait. The waiting
    // list as the game gives it is kept to notice a change (no sorting every frame).
    let fresh = view
        .order
        .as_ref()
        .is_none_or(|o| o.player != player || o.waiting != labels);
    if fresh {
        view.order = Some(TriggerOrder {
            player,
            order: labels.clone(),
            waiting: labels,
        });
    }
    let Some(TriggerOrder { player, order, .. }) = &mut view.order else {
        return;
    };
    ui.separator();
    ui.label(format!(
        "{player:?} has {} triggers at once: put them in order (the first resolves first)",
        order.len()
    ));
    let mut raise = None;
    for (i, label) in order.iter().enumerate() {
        let label = names.in_text(label);
        ui.horizontal(|ui| {
            ui.label(format!("{}. {label}", i + 1));
            if i > 0 && ui.small_button(format!("Earlier: {label}")).clicked() {
                raise = Some(i);
            }
        });
    }
    if let Some(i) = raise {
        order.swap(i - 1, i);
    }
    if ui
        .button(format!("Order {player:?}'s triggers like this"))
        .on_hover_text("They go on the stack so that the first listed resolves first")
        .clicked()
    {
        act(Action::OrderTriggers(*player, order.clone()));
    }
}
