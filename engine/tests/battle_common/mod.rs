//! Helpers for battle tests: build a scenario in code, run it, read the board.
#![allow(dead_code)] // each test binary uses a different subset

use sigilforge_engine::battle::view::CreatureView;
use sigilforge_engine::battle::{Battle, BattleContent, prepare};
use sigilforge_engine::model::{BattleScenario, Card, CardKind, Player, ScheduledPlay};

pub struct S(pub BattleScenario);

pub fn scenario(max_turns: u32) -> S {
    S(BattleScenario {
        name: "test".into(),
        seed: 0,
        max_turns,
        life: 20,
        slots: 7,
        pack: None,
        cards: std::collections::BTreeMap::default(),
        a: vec![],
        b: vec![],
        plays: vec![],
        expect: None,
    })
}

impl S {
    fn add(
        mut self,
        id: &str,
        kind: CardKind,
        attack: i32,
        life: i32,
        kws: &[&str],
        tribes: &[&str],
    ) -> S {
        self.0.cards.insert(
            id.into(),
            Card {
                name: id.to_uppercase(),
                kind,
                attack,
                life,
                keywords: kws.iter().map(|s| (*s).to_owned()).collect(),
                tribes: tribes.iter().map(|s| (*s).to_owned()).collect(),
                ..Card::default()
            },
        );
        self
    }
    pub fn card(self, id: &str, attack: i32, life: i32, kws: &[&str]) -> S {
        self.add(id, CardKind::Creature, attack, life, kws, &[])
    }
    pub fn tribal(self, id: &str, attack: i32, life: i32, kws: &[&str], tribes: &[&str]) -> S {
        self.add(id, CardKind::Creature, attack, life, kws, tribes)
    }
    pub fn artifact(self, id: &str, attack: i32, life: i32, kws: &[&str]) -> S {
        self.add(id, CardKind::Artifact, attack, life, kws, &[])
    }
    pub fn spell(self, id: &str, kws: &[&str]) -> S {
        self.add(id, CardKind::Spell, 0, 0, kws, &[])
    }
    pub fn a(mut self, ids: &[&str]) -> S {
        self.0.a = ids.iter().map(|s| (*s).to_owned()).collect();
        self
    }
    pub fn b(mut self, ids: &[&str]) -> S {
        self.0.b = ids.iter().map(|s| (*s).to_owned()).collect();
        self
    }
    pub fn seed(mut self, seed: u64) -> S {
        self.0.seed = seed;
        self
    }
    pub fn play(mut self, turn: u32, player: Player, card: &str, target: Option<u32>) -> S {
        self.0.plays.push(ScheduledPlay {
            turn,
            player,
            card: card.into(),
            target,
        });
        self
    }
    pub fn start(&self) -> Battle {
        let setup = prepare(&BattleContent::standard(), &self.0).unwrap_or_else(|e| panic!("{e}"));
        Battle::new(&setup, self.0.seed)
    }
    pub fn run(&self) -> Battle {
        let mut b = self.start();
        b.run();
        b
    }
}

/// The card ids on a side's line, slot order.
pub fn ids(b: &Battle, side: usize) -> Vec<String> {
    b.board()[side].iter().map(|c| c.card.clone()).collect()
}

/// The first creature of a card on a side.
pub fn get(b: &Battle, side: usize, card: &str) -> CreatureView {
    b.board()[side]
        .iter()
        .find(|c| c.card == card)
        .cloned()
        .unwrap_or_else(|| panic!("no {card} on side {side}: {:?}", ids(b, side)))
}

pub fn life(b: &Battle) -> [i32; 2] {
    b.life()
}

/// Every keyword of the battle line, written as a card writes it (with a value where it takes
/// one): what random boards draw from.
pub const KEYWORDS: &[&str] = &[
    "Ambush 2",
    "Armor 1",
    "Ascend",
    "Assassin 2",
    "Bastion",
    "Beastmaster",
    "Berserk",
    "Bolt",
    "Breakthrough 1",
    "Burst 1",
    "Carrot Seeker",
    "Charge",
    "Cleansing Fire",
    "Curse",
    "Cross Over",
    "Dodge",
    "Dominate 1",
    "Fade",
    "Fury",
    "Gatekeeper",
    "Heal 2",
    "Incite",
    "Inspire",
    "Invulnerability",
    "Loremaster",
    "Machinist 1",
    "Mindless",
    "Plague Bearer",
    "Reanimate",
    "Reaper 1",
    "Refresh",
    "Regen 1",
    "Regen Aura",
    "Rider's Might",
    "Sabotage",
    "Shield",
    "Skirmish 1",
    "Soothsay",
    "Soul Drain 1",
    "Storm",
    "Swarm 1",
    "Techlord",
    "Templar's Wrath",
    "Undead Hunger",
    "Vengeance 2",
    "Warrior's Oath",
    "Ice Block",
    "Terrify",
];
/// The tribes random cards draw from.
pub const TRIBES: &[&str] = &["Beast", "Rider", "Undead", "Templar", "Warrior", "Warlord"];
