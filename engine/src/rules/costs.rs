//! Costs paid with cards or with the card itself (REST, banish or discard this, sacrifice,
//! discard from hand, reserve into memory, banish from memory, alternative payments) and
//! "costs N less" reductions gated by restrictions. Every part is checked before anything is
//! paid: an activation either pays in full or is refused with nothing paid.

use std::fmt::Write as _;

use rand::Rng as _;

use crate::model::Player;
use crate::model::ability::{ActivationCost, CostPart, Effect};

use super::activation::first_unmet;
use super::game::{Game, Illegal, NextCardLess};
use super::resolve::Ctx;
use super::state::Zone;

/// What playing a card costs: its printed cost changed by its cost abilities (static
/// abilities of `CostsLess`, `CostsMore` and `AdditionalCost` whose restrictions and condition
/// hold as it is played), the costs paid with cards, and each change in words for the log.
pub(crate) struct PlayCost {
    /// The resource it costs now (never below 0).
    pub(crate) resource: i32,
    /// Additional costs paid with cards.
    pub(crate) pay: Vec<CostPart>,
    /// Each cost ability, applied or not and why (`costs 2 less`).
    pub(crate) notes: Vec<String>,
}

/// What a payment takes, counted while a plan is checked.
#[derive(Default, Clone)]
struct Needs {
    from_hand: usize,
    from_memory: usize,
    from_graveyard: usize,
    this_used: bool,
    rest: bool,
    /// The cards `Sacrifice` parts take, so two parts never count one card.
    sacrificed: Vec<String>,
}

impl Game {
    /// `NextCardCostsLess`: `player` holds a reduction of `by` for the next card they play,
    /// kept until then or until the giving ability's duration ends.
    pub(crate) fn next_card_costs_less(&mut self, player: Player, by: i32, ctx: &Ctx) {
        // No duration: it waits until the player plays a card.
        let wait = ctx.duration.clone();
        self.say(format!(
            "{}: the next card {player:?} plays costs {by} less{}",
            ctx.label,
            crate::wording::rules::duration(&wait)
        ));
        self.player_mut(player).next_card_less.push(NextCardLess {
            by,
            source: ctx.label.clone(),
            turns_left: super::turns::turns_of(&wait),
            duration: wait,
        });
    }

    /// How much less the next card `player` plays costs, from every reduction they hold.
    pub(crate) fn next_card_less(&self, player: Player) -> i32 {
        self.player(player)
            .next_card_less
            .iter()
            .fold(0i32, |sum, r| sum.saturating_add(r.by))
    }

    /// The reductions `player` holds for their next card are used up by `card`, played now.
    pub(crate) fn use_next_card_less(&mut self, player: Player, card: &str) {
        let held = std::mem::take(&mut self.player_mut(player).next_card_less);
        for r in held {
            self.say(format!("{card} costs {} less: {}", r.by, r.source));
        }
    }

    /// The resource an activation costs after the reductions whose restrictions hold, with
    /// each reduction that applied in words (for the log).
    pub(crate) fn reduced_resource(
        &self,
        cost: &ActivationCost,
        player: Player,
        source: &str,
    ) -> (u32, Vec<String>) {
        let mut resource = cost.resource;
        let mut notes = Vec::new();
        for r in &cost.reductions {
            let unmet = self.read(|v| first_unmet(v, &r.restrictions, player, source));
            match unmet {
                None => {
                    resource = resource.saturating_sub(r.amount);
                    notes.push(format!("costs {} less", r.amount));
                }
                Some((restriction, found)) => notes.push(format!(
                    "does not cost {} less: {restriction} is unmet, {found}",
                    r.amount
                )),
            }
        }
        (resource, notes)
    }

    /// What `player` playing `card` with these targets costs (see [`PlayCost`]): its cost
    /// abilities read the card's targets (`Targets`) and the game as it is now, less what the
    /// player holds for their next card.
    pub(crate) fn play_cost(&mut self, player: Player, card: &str, targets: &[String]) -> PlayCost {
        let outer = std::mem::replace(&mut self.this_way.targets, targets.to_vec());
        // "The next card you play costs N less" (`NextCardCostsLess`), held by the player.
        let held = self.next_card_less(player);
        let cost = self.read(|v| {
            let mut cost = PlayCost {
                resource: v.game.obj(card).map_or(0, |o| o.card.cost),
                pay: Vec::new(),
                notes: Vec::new(),
            };
            for entry in v.abilities_of(card) {
                let ability = &entry.ability;
                if !ability.is_cost_rule() {
                    continue;
                }
                let unmet = first_unmet(v, &ability.restrictions, player, card)
                    .map(|(restriction, found)| format!("{restriction} is unmet, {found}"))
                    .or_else(|| {
                        ability
                            .condition
                            .as_ref()
                            .filter(|c| !v.condition(c, card, player))
                            .map(|c| {
                                format!(
                                    "it is not so that {}",
                                    crate::rules::text::condition_words(c)
                                )
                            })
                    });
                for effect in &ability.effects {
                    let (word, n) = match effect {
                        Effect::CostsLess(a) => ("less", v.amount(a, card, entry.value, 0)),
                        Effect::CostsMore(a) => ("more", v.amount(a, card, entry.value, 0)),
                        Effect::AdditionalCost(parts) => {
                            let what = crate::rules::text::effect_words(effect);
                            match &unmet {
                                Some(why) => cost.notes.push(format!("not {what}: {why}")),
                                // Paying it says what it took (`sacrificing sword`).
                                None => cost.pay.extend(parts.iter().cloned()),
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    if let Some(why) = &unmet {
                        cost.notes.push(format!("does not cost {n} {word}: {why}"));
                    } else {
                        let by = if word == "less" { -n } else { n };
                        cost.resource = cost.resource.saturating_add(by);
                        cost.notes.push(format!("costs {n} {word}"));
                    }
                }
            }
            cost.resource = cost.resource.saturating_sub(held).max(0);
            cost
        });
        self.this_way.targets = outer;
        cost
    }

    /// The parts to pay (each alternative decided: the first the player can pay in full), or
    /// why the cost cannot be paid.
    pub(crate) fn plan_payment(
        &self,
        pay: &[CostPart],
        player: Player,
        card: &str,
    ) -> Result<Vec<CostPart>, Illegal> {
        let mut needs = Needs::default();
        let mut plan = Vec::new();
        self.plan_into(pay, player, card, &mut needs, &mut plan)?;
        Ok(plan)
    }

    fn plan_into(
        &self,
        pay: &[CostPart],
        player: Player,
        card: &str,
        needs: &mut Needs,
        plan: &mut Vec<CostPart>,
    ) -> Result<(), Illegal> {
        let others = |zone: Zone| {
            self.zone_ids(player, zone)
                .into_iter()
                .filter(|c| c != card)
                .count()
        };
        let this = self.obj(card);
        for part in pay {
            match part {
                CostPart::Rest => {
                    if needs.rest || this.is_some_and(|o| o.rested) {
                        return Err(Illegal(format!(
                            "{card} is rested: it cannot pay REST again"
                        )));
                    }
                    if !this.is_some_and(|o| o.zone.in_play()) {
                        return Err(Illegal(format!("{card} is not in play: it cannot REST")));
                    }
                    needs.rest = true;
                }
                CostPart::BanishThis | CostPart::DiscardThis | CostPart::SacrificeThis => {
                    if needs.this_used {
                        return Err(Illegal(format!("{card} cannot pay two costs that move it")));
                    }
                    needs.this_used = true;
                }
                CostPart::Discard(n) | CostPart::Reserve(n) => {
                    needs.from_hand += *n as usize;
                    let have = others(Zone::Hand);
                    if needs.from_hand > have {
                        return Err(Illegal(format!(
                            "{player:?} has {} in hand and the cost takes {}",
                            crate::wording::plural(have, "other card", "other cards"),
                            needs.from_hand
                        )));
                    }
                }
                CostPart::BanishFromMemory(n) => {
                    needs.from_memory += *n as usize;
                    let have = others(Zone::Memory);
                    if needs.from_memory > have {
                        return Err(Illegal(format!(
                            "{player:?} has {} in memory and the cost takes {}",
                            crate::wording::plural(have, "card", "cards"),
                            needs.from_memory
                        )));
                    }
                }
                CostPart::Sacrifice(filter) => {
                    let Some(victim) =
                        self.sacrifice_for_cost(filter, player, card, &needs.sacrificed)
                    else {
                        return Err(Illegal(format!(
                            "{player:?} rules no {} to sacrifice",
                            crate::rules::text::noun_words(filter)
                        )));
                    };
                    needs.sacrificed.push(victim);
                }
                CostPart::DiscardMatching(filter) => {
                    needs.from_hand += 1;
                    let fits = self.matching(player, Zone::Hand, card, Some(filter)).len();
                    if fits == 0 || needs.from_hand > others(Zone::Hand) {
                        return Err(Illegal(format!(
                            "{player:?} has no such card in hand besides what the cost already takes"
                        )));
                    }
                }
                CostPart::BanishFromGraveyard { count, filter } => {
                    needs.from_graveyard += *count as usize;
                    let have = self
                        .matching(player, Zone::Graveyard, card, filter.as_ref())
                        .len();
                    if needs.from_graveyard > have {
                        return Err(Illegal(format!(
                            "{player:?} has {} to banish from the graveyard and the cost takes {}",
                            crate::wording::plural(have, "fitting card", "fitting cards"),
                            needs.from_graveyard
                        )));
                    }
                }
                CostPart::RemoveCounters { kind, count } => {
                    let have = this.map_or(0, |o| o.counters.get(kind).copied().unwrap_or(0));
                    if i64::from(have) < i64::from(*count) {
                        return Err(Illegal(format!(
                            "{card} has {} and the cost removes {count}",
                            crate::wording::plural(
                                have,
                                &format!("{kind} counter"),
                                &format!("{kind} counters")
                            )
                        )));
                    }
                }
                CostPart::Either(ways) => {
                    let mut why = Vec::new();
                    let chosen = ways.iter().find_map(|way| {
                        let mut n = needs.clone();
                        let mut p = Vec::new();
                        match self.plan_into(way, player, card, &mut n, &mut p) {
                            Ok(()) => Some((n, p)),
                            Err(e) => {
                                why.push(e);
                                None
                            }
                        }
                    });
                    let Some((n, p)) = chosen else {
                        return Err(Illegal(format!(
                            "no way to pay: {}",
                            why.iter()
                                .map(|e: &Illegal| e.0.as_str())
                                .collect::<Vec<_>>()
                                .join("; ")
                        )));
                    };
                    *needs = n;
                    plan.extend(p);
                    continue;
                }
            }
            plan.push(part.clone());
        }
        Ok(())
    }

    /// Pays a plan [`Game::plan_payment`] checked; the words for the log (`, resting wolf,
    /// putting coin into memory`).
    pub(crate) fn pay_plan(&mut self, plan: &[CostPart], player: Player, card: &str) -> String {
        let mut note = String::new();
        let take = |g: &Game, zone: Zone, n: u32| -> Vec<String> {
            g.zone_ids(player, zone)
                .into_iter()
                .filter(|c| c != card)
                .take(n as usize)
                .collect()
        };
        for part in plan {
            match part {
                CostPart::Rest => {
                    if let Some(o) = self.obj_mut(card) {
                        o.rested = true;
                    }
                    let _ = write!(note, ", resting {card}");
                }
                CostPart::BanishThis => {
                    self.move_to(card, Zone::Banishment);
                    let _ = write!(note, ", banishing {card}");
                }
                CostPart::DiscardThis => {
                    let to = self.profile.discarded_to;
                    self.move_to(card, to);
                    let _ = write!(note, ", discarding {card}");
                }
                CostPart::SacrificeThis => {
                    let to = self.profile.sacrificed_zone();
                    self.move_to(card, to);
                    let _ = write!(note, ", sacrificing {card}");
                }
                CostPart::Discard(n) => {
                    let to = self.profile.discarded_to;
                    for c in take(self, Zone::Hand, *n) {
                        self.move_to(&c, to);
                        let _ = write!(note, ", discarding {c}");
                    }
                }
                CostPart::Reserve(n) => {
                    for c in take(self, Zone::Hand, *n) {
                        self.move_to(&c, Zone::Memory);
                        let memory = self.profile.zone_name(Zone::Memory).to_owned();
                        let _ = write!(note, ", putting {c} into {memory}");
                    }
                }
                CostPart::BanishFromMemory(n) => {
                    // Grand Archive pays a memory cost with cards banished from memory at
                    // random: drawn from the scenario's seeded generator.
                    let mut pool = take(self, Zone::Memory, u32::MAX);
                    for _ in 0..*n {
                        if pool.is_empty() {
                            break;
                        }
                        let c = pool.remove(self.rng.random_range(0..pool.len()));
                        self.move_to(&c, Zone::Banishment);
                        let _ = write!(note, ", banishing {c} from memory at random");
                    }
                }
                CostPart::Sacrifice(filter) => {
                    // The same card the plan counted: the first that qualifies (those
                    // sacrificed before have left play).
                    if let Some(victim) = self.sacrifice_for_cost(filter, player, card, &[]) {
                        let to = self.profile.sacrificed_zone();
                        self.move_to(&victim, to);
                        let _ = write!(note, ", sacrificing {victim}");
                    }
                }
                CostPart::DiscardMatching(filter) => {
                    let to = self.profile.discarded_to;
                    if let Some(c) = self
                        .matching(player, Zone::Hand, card, Some(filter))
                        .into_iter()
                        .next()
                    {
                        self.move_to(&c, to);
                        let _ = write!(note, ", discarding {c}");
                    }
                }
                CostPart::BanishFromGraveyard { count, filter } => {
                    let gone: Vec<String> = self
                        .matching(player, Zone::Graveyard, card, filter.as_ref())
                        .into_iter()
                        .take(*count as usize)
                        .collect();
                    for c in gone {
                        self.move_to(&c, Zone::Banishment);
                        let _ = write!(note, ", banishing {c} from the graveyard");
                    }
                }
                CostPart::RemoveCounters { kind, count } => {
                    let n = i32::try_from(*count).unwrap_or(i32::MAX);
                    let mut left = 0;
                    if let Some(o) = self.obj_mut(card) {
                        let now = o.counters.entry(kind.clone()).or_insert(0);
                        *now = now.saturating_sub(n).max(0);
                        left = *now;
                        if left == 0 {
                            o.counters.remove(kind);
                        }
                    }
                    let _ = write!(
                        note,
                        ", removing {} from {card}, {left} left",
                        crate::wording::plural(
                            count,
                            &format!("{kind} counter"),
                            &format!("{kind} counters")
                        )
                    );
                }
                // A plan holds the parts of the way chosen, never an alternative itself.
                CostPart::Either(_) => {}
            }
        }
        note
    }

    /// The card a `Sacrifice` cost part takes: the first card in play `player` rules, other
    /// than `card` and those already `taken`, that meets `filter`.
    fn sacrifice_for_cost(
        &self,
        filter: &crate::model::ability::Condition,
        player: Player,
        card: &str,
        taken: &[String],
    ) -> Option<String> {
        self.read(|v| {
            v.in_play()
                .into_iter()
                .filter(|c| c != card && !taken.contains(c))
                .filter(|c| v.ruler(c) == player)
                .find(|c| v.condition(filter, c, player))
        })
    }

    /// The cards of `player`'s in a zone other than `card` that meet the filter, in order.
    fn matching(
        &self,
        player: Player,
        zone: Zone,
        card: &str,
        filter: Option<&crate::model::ability::Condition>,
    ) -> Vec<String> {
        self.zone_ids(player, zone)
            .into_iter()
            .filter(|c| c != card)
            .filter(|c| filter.is_none_or(|f| self.read(|v| v.condition(f, c, player))))
            .collect()
    }

    /// Wakes up the active player's rested cards (as the profile's wake phase begins).
    pub(crate) fn wake_up(&mut self) {
        let active = self.active;
        let rested: Vec<String> = self
            .objects
            .iter()
            .filter(|o| o.rested && o.owner == active)
            .map(|o| o.id.clone())
            .collect();
        if rested.is_empty() {
            return;
        }
        for id in &rested {
            if let Some(o) = self.obj_mut(id) {
                o.rested = false;
            }
        }
        self.say(format!("{} wake up", rested.join(", ")));
    }
}
