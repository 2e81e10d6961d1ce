//! One test per keyword and special rule (seed 001, 4.1 and 4.2), named after it. Each asserts
//! concrete numbers, so a wrong reading fails.

mod battle_common;
use battle_common as common;

use common::{get, ids, scenario};
use sigilforge_engine::battle::EventKind;
use sigilforge_engine::model::Player::{A, B};

#[test]
fn ambush_hits_last_enemy() {
    let b = scenario(1)
        .card("sapper", 1, 3, &["Ambush 2"])
        .card("ox", 0, 5, &[])
        .card("rat", 0, 5, &[])
        .b(&["ox", "rat"])
        .play(1, A, "sapper", None)
        .run();
    assert_eq!(get(&b, 1, "ox").damage, 1, "only the sapper's attack");
    assert_eq!(get(&b, 1, "rat").damage, 2, "Ambush 2 on the last enemy");
}

#[test]
fn armor_reduces_attack_damage_not_ability_damage() {
    let b = scenario(1)
        .card("grunt", 3, 5, &[])
        .card("knight", 0, 6, &["Armor 2"])
        .card("bomber", 0, 1, &["Burst 2"])
        .a(&["grunt"])
        .b(&["knight"])
        .play(1, A, "bomber", None)
        .run();
    // Burst 2 (armor does not apply) + 3 - 2 from the grunt's attack.
    assert_eq!(get(&b, 1, "knight").damage, 3);
}

#[test]
fn ascend_heals_player_two_each_end_of_turn() {
    let b = scenario(1)
        .card("angel", 0, 5, &["Ascend"])
        .card("grunt", 3, 5, &[])
        .a(&["angel"])
        .b(&["grunt", "grunt"])
        .run();
    assert_eq!(b.life(), [19, 20], "20 - 3 from the open slot + 2");
}

#[test]
fn assassin_adds_value_against_player_only() {
    let b = scenario(1)
        .card("rogue", 2, 5, &["Assassin 3"])
        .card("wall", 0, 10, &[])
        .a(&["rogue", "rogue"])
        .b(&["wall"])
        .run();
    assert_eq!(get(&b, 1, "wall").damage, 2);
    assert_eq!(b.life()[1], 15, "2 + Assassin 3");
}

#[test]
fn bastion_takes_damage_once_per_turn() {
    let b = scenario(1)
        .card("grunt", 3, 5, &[])
        .card("tower", 0, 10, &["Bastion"])
        .card("bomber", 0, 1, &["Burst 1"])
        .a(&["grunt"])
        .b(&["tower"])
        .play(1, A, "bomber", None)
        .run();
    assert_eq!(
        get(&b, 1, "tower").damage,
        1,
        "the Burst counts; the attack is then blocked"
    );
}

#[test]
fn beastmaster_gains_attack_and_armor_per_beast() {
    let b = scenario(1)
        .tribal("warlord", 1, 10, &["Beastmaster"], &["Warlord"])
        .tribal("wolf", 1, 1, &[], &["Beast"])
        .card("grunt", 4, 10, &[])
        .a(&["warlord", "wolf", "wolf"])
        .b(&["grunt"])
        .run();
    let w = get(&b, 0, "warlord");
    assert_eq!((w.attack, w.armor, w.damage), (3, 2, 2));
    assert_eq!(get(&b, 1, "grunt").damage, 3);
}

#[test]
fn berserk_gains_attack_per_damage_taken() {
    let b = scenario(2)
        .card("brute", 1, 10, &["Berserk"])
        .card("grunt", 3, 10, &[])
        .a(&["brute"])
        .b(&["grunt"])
        .run();
    let brute = get(&b, 0, "brute");
    assert_eq!((brute.attack, brute.damage), (7, 6), "1 + 3 + 3");
    assert_eq!(get(&b, 1, "grunt").damage, 5, "1 in turn 1, 4 in turn 2");
}

#[test]
fn bolt_hits_random_enemy_for_two() {
    let b = scenario(1)
        .card("mage", 0, 5, &["Bolt"])
        .card("ox", 0, 10, &[])
        .a(&["mage"])
        .b(&["ox"])
        .run();
    assert_eq!(get(&b, 1, "ox").damage, 2);
    // With two targets the seed decides; each seed always gives the same one, and both occur.
    let two = scenario(1)
        .card("mage", 0, 5, &["Bolt"])
        .card("ox", 0, 10, &[])
        .a(&["mage"])
        .b(&["ox", "ox"]);
    let mut hit_first = 0;
    for seed in 0..40 {
        let b = two.start_with_seed(seed);
        let d: Vec<i32> = b.board()[1].iter().map(|c| c.damage).collect();
        assert_eq!(d.iter().sum::<i32>(), 2);
        assert_eq!(
            d,
            two.start_with_seed(seed).board()[1]
                .iter()
                .map(|c| c.damage)
                .collect::<Vec<_>>()
        );
        hit_first += i32::from(d[0] == 2);
    }
    assert!(hit_first > 0 && hit_first < 40, "{hit_first}");
}

trait SeedRun {
    fn start_with_seed(&self, seed: u64) -> sigilforge_engine::battle::Battle;
}
impl SeedRun for common::S {
    fn start_with_seed(&self, seed: u64) -> sigilforge_engine::battle::Battle {
        let s = common::S(self.0.clone()).seed(seed);
        s.run()
    }
}

#[test]
fn breakthrough_hits_player_even_when_blocked() {
    let b = scenario(1)
        .card("lancer", 2, 5, &["Breakthrough 2"])
        .card("wall", 0, 10, &[])
        .a(&["lancer"])
        .b(&["wall"])
        .run();
    assert_eq!((get(&b, 1, "wall").damage, b.life()[1]), (2, 18));
    let b = scenario(1)
        .card("lancer", 2, 5, &["Breakthrough 2", "Fury"])
        .card("wall", 0, 10, &[])
        .a(&["lancer"])
        .b(&["wall"])
        .run();
    assert_eq!(
        (get(&b, 1, "wall").damage, b.life()[1]),
        (4, 16),
        "Fury: twice"
    );
    let b = scenario(1)
        .card("lancer", 2, 5, &["Breakthrough 2"])
        .a(&["lancer"])
        .run();
    assert_eq!(b.life()[1], 16, "no blocker: 2 + 2");
}

#[test]
fn burst_hits_every_enemy() {
    let b = scenario(1)
        .card("bomber", 0, 1, &["Burst 2"])
        .card("ox", 0, 5, &[])
        .card("rat", 0, 1, &[])
        .b(&["ox", "rat", "ox"])
        .play(1, A, "bomber", None)
        .run();
    let d: Vec<i32> = b.board()[1].iter().map(|c| c.damage).collect();
    assert_eq!(d, [2, 2]);
    assert_eq!(b.discard()[1], ["rat"]);
}

#[test]
fn carrot_seeker_gets_the_carrot() {
    let b = scenario(1)
        .card("grunt", 1, 5, &[])
        .card("seeker", 1, 5, &["Carrot Seeker"])
        .a(&["grunt", "seeker"])
        .play(1, A, "carrot_of_power", Some(1))
        .run();
    let s = get(&b, 0, "seeker");
    assert_eq!(s.artifacts, ["carrot_of_power"]);
    assert_eq!((s.attack, s.life), (2, 6));
    assert!(get(&b, 0, "grunt").artifacts.is_empty());
}

#[test]
fn charge_moves_to_front() {
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("y", 0, 5, &[])
        .card("charger", 0, 5, &["Charge"])
        .a(&["x", "y"])
        .play(1, A, "charger", None)
        .run();
    assert_eq!(ids(&b, 0), ["charger", "x", "y"]);
    let slots: Vec<u8> = b.board()[0].iter().map(|c| c.slot).collect();
    assert_eq!(slots, [1, 2, 3]);
}

#[test]
fn cleansing_fire_hits_front_enemy_for_three() {
    let b = scenario(1)
        .card("priest", 0, 1, &["Cleansing Fire"])
        .card("ox", 0, 5, &[])
        .card("ox2", 0, 5, &[])
        .b(&["ox", "ox2"])
        .play(1, A, "priest", None)
        .run();
    assert_eq!((get(&b, 1, "ox").damage, get(&b, 1, "ox2").damage), (3, 0));
}

#[test]
fn curse_hits_strongest_enemy() {
    let b = scenario(1)
        .card("witch", 0, 20, &["Curse"])
        .card("weak", 1, 10, &[])
        .card("strong", 3, 10, &[])
        .card("strong2", 3, 10, &[])
        .a(&["witch"])
        .b(&["weak", "strong", "strong2"])
        .run();
    assert_eq!(
        get(&b, 1, "strong").damage,
        2,
        "ties go to the one nearest slot 1"
    );
    assert_eq!(get(&b, 1, "strong2").damage, 0);
}

#[test]
fn cross_over_hits_enemy_opposite_it_when_an_ally_dies() {
    let b = scenario(1)
        .card("fodder", 0, 1, &[])
        .card("crosser", 0, 10, &["Cross Over"])
        .card("killer", 5, 10, &[])
        .card("ox", 0, 10, &[])
        .a(&["fodder", "crosser"])
        .b(&["killer", "ox"])
        .run();
    assert_eq!(
        get(&b, 1, "ox").damage,
        3,
        "opposite the Cross Over creature"
    );
    assert_eq!(get(&b, 1, "killer").damage, 0);
    assert_eq!(b.discard()[0], ["fodder"]);
}

#[test]
fn dodge_ignores_attackers_with_five_or_more_attack() {
    let b = scenario(1)
        .card("giant", 5, 10, &[])
        .card("grunt", 4, 10, &[])
        .card("dodger", 0, 9, &["Dodge"])
        .card("dodger2", 0, 9, &["Dodge"])
        .a(&["giant", "grunt"])
        .b(&["dodger", "dodger2"])
        .run();
    assert_eq!(
        (get(&b, 1, "dodger").damage, get(&b, 1, "dodger2").damage),
        (0, 4)
    );
}

#[test]
fn dominate_adds_armor_against_wounded_attackers() {
    let b = scenario(2)
        .card("grunt", 4, 20, &[])
        .card("lord", 1, 20, &["Dominate 2"])
        .a(&["grunt"])
        .b(&["lord"])
        .run();
    // Turn 1 the grunt is unwounded when damage is worked out (4); turn 2 it is wounded (4 - 2).
    assert_eq!(get(&b, 1, "lord").damage, 6);
}

#[test]
fn fade_moves_to_back_at_end_of_turn() {
    let b = scenario(1)
        .card("ghost", 0, 5, &["Fade"])
        .card("x", 0, 5, &[])
        .card("y", 0, 5, &[])
        .a(&["ghost", "x", "y"])
        .run();
    assert_eq!(ids(&b, 0), ["x", "y", "ghost"]);
}

#[test]
fn fury_attacks_twice() {
    let b = scenario(1)
        .card("berserker", 2, 6, &["Fury"])
        .a(&["berserker"])
        .run();
    assert_eq!(b.life()[1], 16);
}

#[test]
fn gatekeeper_three_become_the_endless_serpent() {
    let b = scenario(1)
        .card("gk", 1, 3, &["Gatekeeper"])
        .card("x", 1, 3, &[])
        .a(&["gk", "x", "gk"])
        .play(1, A, "gk", None)
        .run();
    assert_eq!(
        ids(&b, 0),
        [
            "endless_serpent_head",
            "endless_serpent_body",
            "endless_serpent_tail",
            "x"
        ]
    );
    assert_eq!(b.discard()[0], ["gk", "gk", "gk"]);
    assert_eq!(b.life()[1], 20 - (4 + 3 + 4 + 1));
}

#[test]
fn endless_serpent_damage_goes_to_the_body() {
    let b = scenario(1)
        .card("gk", 1, 3, &["Gatekeeper"])
        .card("hitter", 3, 30, &[])
        .a(&["gk", "gk"])
        .b(&["hitter", "hitter", "hitter"])
        .play(1, A, "gk", None)
        .run();
    let d: Vec<i32> = b.board()[0].iter().map(|c| c.damage).collect();
    assert_eq!(d, [0, 9, 0]);
}

#[test]
fn endless_serpent_is_set_aside_not_discarded() {
    let b = scenario(1)
        .card("gk", 1, 3, &["Gatekeeper"])
        .card("hitter", 6, 30, &[])
        .a(&["gk", "gk"])
        .b(&["hitter", "hitter", "hitter"])
        .play(1, A, "gk", None)
        .run();
    assert!(ids(&b, 0).is_empty(), "{:?}", ids(&b, 0));
    assert_eq!(b.discard()[0], ["gk", "gk", "gk"]);
}

#[test]
fn heal_heals_most_damaged_ally_at_end_of_turn() {
    let b = scenario(1)
        .card("tank", 0, 10, &[])
        .card("cleric", 0, 5, &["Heal 2"])
        .card("g3", 3, 10, &[])
        .card("g1", 1, 10, &[])
        .a(&["tank", "cleric"])
        .b(&["g3", "g1"])
        .run();
    assert_eq!(
        (get(&b, 0, "tank").damage, get(&b, 0, "cleric").damage),
        (1, 1)
    );
}

#[test]
fn incite_gives_adjacent_allies_two_attack() {
    let b = scenario(1)
        .card("a", 1, 5, &[])
        .card("drummer", 0, 5, &["Incite"])
        .a(&["a", "drummer", "a", "a"])
        .run();
    assert_eq!(b.life()[1], 20 - 3 - 3 - 1, "3 + 0 (the drummer) + 3 + 1");
    let first = b.board()[0][0].id;
    assert_eq!(
        b.describe_breakdown(first).split(';').next().unwrap(),
        "attack 3 = printed 1 + Incite of A's DRUMMER 2"
    );
}

#[test]
fn inspire_gives_front_ally_two_attack() {
    let b = scenario(1)
        .card("a", 1, 5, &[])
        .card("bard", 0, 5, &["Inspire"])
        .a(&["a", "bard"])
        .run();
    assert_eq!(b.life()[1], 17);
    let b = scenario(1)
        .card("bard", 1, 5, &["Inspire"])
        .a(&["bard"])
        .run();
    assert_eq!(b.life()[1], 19, "not itself");
}

#[test]
fn invulnerability_prevents_all_damage() {
    let b = scenario(1)
        .card("giant", 9, 9, &[])
        .card("bomber", 0, 1, &["Burst 3"])
        .card("golem", 0, 5, &["Invulnerability"])
        .a(&["giant"])
        .b(&["golem"])
        .play(1, A, "bomber", None)
        .run();
    assert_eq!(get(&b, 1, "golem").damage, 0);
}

#[test]
fn loremaster_buffs_allies_with_artifacts() {
    let b = scenario(1)
        .card("sage", 0, 5, &["Loremaster"])
        .card("knight", 1, 5, &[])
        .artifact("blade", 1, 0, &[])
        .a(&["sage", "knight"])
        .play(1, A, "blade", Some(2))
        .run();
    let k = get(&b, 0, "knight");
    assert_eq!((k.attack, k.life), (4, 7));
    assert_eq!(b.life()[1], 16);
}

#[test]
fn machinist_gains_value_when_equipped() {
    let b = scenario(1)
        .card("tinker", 1, 5, &["Machinist 2"])
        .artifact("blade", 1, 0, &[])
        .a(&["tinker"])
        .play(1, A, "blade", None)
        .run();
    let t = get(&b, 0, "tinker");
    assert_eq!((t.attack, t.life), (4, 7));
}

#[test]
fn mindless_cannot_equip_artifacts() {
    let mut battle = scenario(1)
        .card("zombie", 1, 5, &["Mindless"])
        .artifact("blade", 1, 0, &[])
        .a(&["zombie"])
        .play(1, A, "blade", None)
        .start();
    let mut failed = false;
    while let Some(e) = battle.step() {
        failed |= matches!(e.kind, EventKind::PlayFailed { .. });
    }
    assert!(failed);
    assert_eq!(get(&battle, 0, "zombie").attack, 1);
    assert!(battle.discard()[0].is_empty(), "the card goes nowhere");
}

#[test]
fn plague_bearer_gives_pestilence_that_destroys_next_turn() {
    let s = scenario(1)
        .card("rat", 0, 5, &["Plague Bearer"])
        .card("ox", 0, 30, &[])
        .a(&["rat"])
        .b(&["ox"]);
    let b = s.run();
    assert!(get(&b, 1, "ox").keywords.contains(&"Pestilence".to_owned()));
    let mut two = s;
    two.0.max_turns = 2;
    let b = two.run();
    assert!(ids(&b, 1).is_empty());
    assert_eq!(b.discard()[1], ["ox"]);
}

#[test]
fn reanimate_returns_once_at_end_of_turn() {
    let s = scenario(1)
        .card("mummy", 1, 1, &["Reanimate"])
        .card("killer", 5, 50, &[])
        .a(&["mummy"])
        .b(&["killer"]);
    let b = s.run();
    assert_eq!(ids(&b, 0), ["mummy"]);
    assert_eq!(get(&b, 0, "mummy").damage, 0);
    assert!(b.discard()[0].is_empty());
    let mut two = s;
    two.0.max_turns = 2;
    let b = two.run();
    assert!(ids(&b, 0).is_empty(), "only the first death returns");
    assert_eq!(b.discard()[0], ["mummy"]);
}

#[test]
fn reaper_hits_enemies_next_to_the_attacked_slot() {
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("reaper", 1, 5, &["Reaper 2"])
        .card("o", 0, 10, &[])
        .a(&["x", "reaper"])
        .b(&["o", "o", "o"])
        .run();
    let d: Vec<i32> = b.board()[1].iter().map(|c| c.damage).collect();
    assert_eq!(d, [2, 1, 2]);
}

#[test]
fn refresh_heals_all_damage_of_most_damaged_ally() {
    let b = scenario(2)
        .card("t", 0, 10, &[])
        .card("medic", 0, 1, &["Refresh"])
        .card("g3", 3, 10, &[])
        .card("g5", 5, 10, &[])
        .a(&["t", "t"])
        .b(&["g3", "g5"])
        .play(2, A, "medic", None)
        .run();
    let d: Vec<i32> = b.board()[0].iter().map(|c| c.damage).collect();
    assert_eq!(
        d,
        [6, 5, 0],
        "the second was healed from 5 to 0 before turn 2's battle"
    );
}

#[test]
fn regen_heals_itself_at_end_of_turn() {
    let b = scenario(1)
        .card("troll", 0, 10, &["Regen 2"])
        .card("g", 3, 10, &[])
        .a(&["troll"])
        .b(&["g"])
        .run();
    assert_eq!(get(&b, 0, "troll").damage, 1);
}

#[test]
fn regen_aura_heals_other_allies_one() {
    let b = scenario(1)
        .card("tree", 0, 10, &["Regen Aura"])
        .card("x", 0, 10, &[])
        .card("g", 3, 10, &[])
        .a(&["tree", "x"])
        .b(&["g", "g"])
        .run();
    assert_eq!((get(&b, 0, "tree").damage, get(&b, 0, "x").damage), (3, 2));
}

#[test]
fn riders_might_gains_life_when_another_rider_is_summoned() {
    let b = scenario(1)
        .tribal("captain", 0, 5, &["Rider's Might"], &["Rider"])
        .tribal("rider", 0, 1, &[], &["Rider"])
        .card("grunt", 0, 1, &[])
        .a(&["captain"])
        .play(1, A, "rider", None)
        .play(1, A, "grunt", None)
        .play(1, A, "rider", None)
        .run();
    assert_eq!(get(&b, 0, "captain").life, 7);
}

#[test]
fn sabotage_destroys_first_enemy_artifact_at_end_of_turn() {
    let b = scenario(1)
        .card("saboteur", 0, 5, &["Sabotage"])
        .card("knight", 1, 5, &[])
        .artifact("blade", 1, 0, &[])
        .a(&["saboteur"])
        .b(&["knight"])
        .play(1, B, "blade", None)
        .run();
    assert_eq!(get(&b, 1, "knight").attack, 1);
    assert_eq!(b.discard()[1], ["blade"]);
    assert_eq!(
        get(&b, 0, "saboteur").damage,
        2,
        "the blade was still there in battle"
    );
}

#[test]
fn shield_is_invulnerable_only_on_its_summoning_turn() {
    let b = scenario(2)
        .card("guard", 0, 5, &["Shield"])
        .card("g", 3, 20, &[])
        .b(&["g"])
        .play(1, A, "guard", None)
        .run();
    assert_eq!(get(&b, 0, "guard").damage, 3);
}

#[test]
fn skirmish_adds_value_against_creatures_only() {
    let b = scenario(1)
        .card("sk", 1, 5, &["Skirmish 2"])
        .card("wall", 0, 10, &[])
        .a(&["sk", "sk"])
        .b(&["wall"])
        .run();
    assert_eq!((get(&b, 1, "wall").damage, b.life()[1]), (3, 19));
}

#[test]
fn soothsay_strongest_enemy_loses_its_attack() {
    let b = scenario(1)
        .card("seer", 0, 10, &["Soothsay"])
        .card("g", 2, 10, &[])
        .card("big", 5, 10, &[])
        .a(&["seer"])
        .b(&["g", "big"])
        .run();
    assert_eq!(
        b.life()[0],
        20,
        "the big one in the open slot did not attack"
    );
    assert_eq!(get(&b, 0, "seer").damage, 2);
}

#[test]
fn soul_drain_heals_when_another_creature_dies() {
    let b = scenario(1)
        .card("vamp", 0, 10, &["Soul Drain 2"])
        .card("fodder", 0, 1, &[])
        .card("g", 3, 10, &[])
        .card("k", 1, 10, &[])
        .a(&["vamp", "fodder"])
        .b(&["g", "k"])
        .run();
    assert_eq!(get(&b, 0, "vamp").damage, 1);
}

#[test]
fn storm_hits_opposite_or_player() {
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("stormer", 3, 3, &["Storm"])
        .card("o", 0, 10, &[])
        .a(&["x"])
        .b(&["o", "o"])
        .play(1, A, "stormer", None)
        .run();
    assert_eq!(
        b.board()[1][1].damage,
        6,
        "3 from Storm + 3 from the attack"
    );
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("stormer", 3, 3, &["Storm"])
        .card("o", 0, 10, &[])
        .a(&["x"])
        .b(&["o"])
        .play(1, A, "stormer", None)
        .run();
    assert_eq!(b.life()[1], 14);
}

#[test]
fn swarm_gains_per_adjacent_ally() {
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("swarm", 1, 5, &["Swarm 2"])
        .a(&["x", "swarm", "x"])
        .run();
    assert_eq!(b.life()[1], 15);
    let b = scenario(1)
        .card("x", 0, 5, &[])
        .card("swarm", 1, 5, &["Swarm 2"])
        .card("killer", 9, 9, &[])
        .a(&["x", "swarm"])
        .b(&["killer"])
        .run();
    assert_eq!(
        b.life()[1],
        19,
        "the adjacent ally died in slot 1, so the swarm attacked with 1"
    );
}

#[test]
fn techlord_gains_two_per_allied_artifact() {
    let b = scenario(1)
        .card("tech", 1, 5, &["Techlord"])
        .card("knight", 1, 5, &[])
        .artifact("blade", 1, 0, &[])
        .a(&["tech", "knight"])
        .play(1, A, "blade", Some(2))
        .play(1, A, "blade", Some(1))
        .run();
    assert_eq!(get(&b, 0, "tech").attack, 6);
}

#[test]
fn templars_wrath_deals_one_per_other_templar() {
    let b = scenario(1)
        .tribal("tw", 0, 5, &["Templar's Wrath"], &["Templar"])
        .tribal("t", 0, 5, &[], &["Templar"])
        .card("o", 0, 10, &[])
        .a(&["tw", "t", "t"])
        .b(&["o"])
        .run();
    assert_eq!(get(&b, 1, "o").damage, 2);
}

#[test]
fn undead_hunger_gains_per_other_undead() {
    let b = scenario(1)
        .tribal("ghoul", 1, 5, &["Undead Hunger"], &["Undead"])
        .tribal("z", 0, 5, &[], &["Undead"])
        .a(&["ghoul", "z", "z"])
        .run();
    assert_eq!(get(&b, 0, "ghoul").attack, 3);
}

#[test]
fn vengeance_hits_the_opposing_creature_when_killed() {
    let b = scenario(1)
        .card("martyr", 1, 1, &["Vengeance 4"])
        .card("g", 2, 10, &[])
        .a(&["martyr"])
        .b(&["g"])
        .run();
    assert_eq!(get(&b, 1, "g").damage, 5);
    // Not when the opposing creature is destroyed at the same time.
    let mut battle = scenario(1)
        .card("martyr", 1, 1, &["Vengeance 4"])
        .card("g", 2, 1, &[])
        .a(&["martyr"])
        .b(&["g"])
        .start();
    let mut vengeance_damage = 0;
    while let Some(e) = battle.step() {
        if let EventKind::Damage { attack: false, .. } = e.kind {
            vengeance_damage += 1;
        }
    }
    assert_eq!(vengeance_damage, 0);
}

#[test]
fn warriors_oath_buffs_other_warriors() {
    let b = scenario(1)
        .tribal("chief", 0, 5, &["Warrior's Oath"], &["Warrior"])
        .tribal("w", 1, 5, &[], &["Warrior"])
        .card("m", 1, 5, &[])
        .a(&["chief", "w", "m"])
        .run();
    assert_eq!(b.life()[1], 17);
}

#[test]
fn ice_block_walls_the_first_empty_enemy_slot() {
    let b = scenario(1)
        .card("frowny", 0, 10, &["Ice Block"])
        .card("x", 0, 5, &[])
        .a(&["frowny"])
        .b(&["x"])
        .run();
    assert_eq!(ids(&b, 1), ["x", "wall_of_ice"]);
}

#[test]
fn melt_removes_the_wall_at_the_start_of_next_turn() {
    let mut battle = scenario(2)
        .card("frowny", 0, 10, &["Ice Block"])
        .card("x", 0, 5, &[])
        .a(&["frowny"])
        .b(&["x"])
        .start();
    let mut melted_in_turn = Vec::new();
    while let Some(e) = battle.step() {
        if let EventKind::Removed { .. } = e.kind {
            melted_in_turn.push(e.turn);
        }
    }
    assert_eq!(melted_in_turn, [2]);
    assert!(battle.discard()[1].is_empty(), "the wall is not discarded");
    assert_eq!(
        ids(&battle, 1),
        ["x", "wall_of_ice"],
        "a new wall at the end of turn 2"
    );
}

#[test]
fn omega_rabbit_carrot_transforms_the_bunny() {
    let s = scenario(1)
        .card("grunt", 1, 5, &[])
        .card("seeker", 1, 5, &["Carrot Seeker"])
        .a(&["grunt", "enchanted_bunny", "seeker"])
        .play(1, A, "carrot_of_power", None);
    let b = s.run();
    assert_eq!(ids(&b, 0), ["grunt", "omega_rabbit", "seeker"]);
    let r = get(&b, 0, "omega_rabbit");
    assert_eq!(
        (r.attack, r.life, r.artifacts.clone()),
        (7, 7, vec!["carrot_of_power".to_owned()])
    );
    // Destroyed, it goes to the discard pile with the carrot; the bunny card is gone for good.
    let b = scenario(1)
        .card("killer", 20, 50, &[])
        .a(&["enchanted_bunny"])
        .b(&["killer"])
        .play(1, A, "carrot_of_power", None)
        .run();
    assert_eq!(b.discard()[0], ["omega_rabbit", "carrot_of_power"]);
}

#[test]
fn terrify_random_enemy_cannot_attack() {
    let b = scenario(1)
        .card("scarecrow", 0, 10, &["Terrify"])
        .card("g", 3, 10, &[])
        .a(&["scarecrow"])
        .b(&["g"])
        .run();
    assert_eq!(get(&b, 0, "scarecrow").damage, 0);
    assert_eq!(get(&b, 1, "g").damage, 0);
}

#[test]
fn pestilence_destroys_whatever_its_life() {
    let b = scenario(2)
        .card("rat", 0, 5, &["Plague Bearer"])
        .card("titan", 0, 999, &[])
        .a(&["rat"])
        .b(&["titan"])
        .run();
    assert_eq!(b.discard()[1], ["titan"]);
}

#[test]
fn spells_grant_keywords_until_end_of_turn() {
    let b = scenario(2)
        .card("knight", 0, 20, &[])
        .card("g", 3, 20, &[])
        .spell("aegis", &["Invulnerability"])
        .a(&["g"])
        .b(&["knight"])
        .play(1, B, "aegis", Some(1))
        .run();
    assert_eq!(
        get(&b, 1, "knight").damage,
        3,
        "turn 1 prevented, turn 2 not"
    );
    assert!(get(&b, 1, "knight").keywords.is_empty());
}

#[test]
fn inspire_needs_a_creature_in_slot_1() {
    // The front creature dies in slot 1; until gaps close, slot 1 is empty and slot 2 gets nothing.
    let b = scenario(1)
        .card("fodder", 0, 1, &[])
        .card("a", 1, 5, &[])
        .card("bard", 0, 5, &["Inspire"])
        .card("killer", 5, 10, &[])
        .a(&["fodder", "a", "bard"])
        .b(&["killer"])
        .run();
    assert_eq!(b.life()[1], 19, "a attacks for 1, not 3");
}
