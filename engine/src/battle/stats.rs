//! Effective stats, recomputed from the board: printed + permanent changes + artifacts + every
//! static ability in play. The same walk feeds the hot path (just sums) and the sandbox's
//! breakdown ("where does each point of attack come from").

use super::event::{AbilitySource, CreatureId};
use super::program::{Eff, Hook, Program, StatKind};
use super::state::{Ctx, State, TargetRef};

/// Where a part of a stat comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatSource {
    /// The printed value.
    Printed,
    /// Permanent changes (Berserk, Rider's Might).
    Permanent,
    /// An attached artifact (its card).
    Artifact(super::program::CardIdx),
    /// A static ability of a creature in play.
    Ability(AbilitySource),
}

/// One contribution to a creature's stat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatPart {
    /// Which stat.
    pub stat: StatKind,
    /// How much.
    pub amount: i32,
    /// From where.
    pub source: StatSource,
}

const STATS: [StatKind; 3] = [StatKind::Attack, StatKind::Life, StatKind::Armor];

impl State {
    /// Recomputes every creature's effective stats, reporting each contribution to `sink`.
    pub fn recompute_stats(&mut self, p: &Program, mut sink: impl FnMut(CreatureId, StatPart)) {
        self.stats_dirty = false;
        for side in 0..2u8 {
            for slot in 0..self.slots {
                let id = self.lines[side as usize][slot];
                if id == super::state::NONE {
                    continue;
                }
                let c = &mut self.creatures[id as usize];
                let card = &p.cards[c.card as usize];
                let printed = [card.attack, card.life, 0];
                for (i, stat) in STATS.iter().enumerate() {
                    c.stats[i] = printed[i] + c.permanent[i];
                    if printed[i] != 0 {
                        sink(
                            id,
                            StatPart {
                                stat: *stat,
                                amount: printed[i],
                                source: StatSource::Printed,
                            },
                        );
                    }
                    if c.permanent[i] != 0 {
                        sink(
                            id,
                            StatPart {
                                stat: *stat,
                                amount: c.permanent[i],
                                source: StatSource::Permanent,
                            },
                        );
                    }
                }
                for &a in &c.artifacts[..c.artifact_count as usize] {
                    let art = &p.cards[a as usize];
                    c.stats[0] += art.attack;
                    c.stats[1] += art.life;
                    if art.attack != 0 {
                        sink(
                            id,
                            StatPart {
                                stat: StatKind::Attack,
                                amount: art.attack,
                                source: StatSource::Artifact(a),
                            },
                        );
                    }
                    if art.life != 0 {
                        sink(
                            id,
                            StatPart {
                                stat: StatKind::Life,
                                amount: art.life,
                                source: StatSource::Artifact(a),
                            },
                        );
                    }
                }
            }
        }
        for side in 0..2u8 {
            for slot in 0..self.slots {
                let id = self.lines[side as usize][slot];
                if id == super::state::NONE
                    || self.creatures[id as usize].hooks & Hook::Static.bit() == 0
                {
                    continue;
                }
                let mut sources = [None; 16];
                let mut n = 0;
                self.each_ability(p, id, Hook::Static, |s| {
                    if n < sources.len() {
                        sources[n] = Some(s);
                        n += 1;
                    }
                });
                for source in sources.iter().take(n).flatten() {
                    self.apply_static(p, *source, &mut sink);
                }
            }
        }
        // A life bonus that went away may leave a creature at 0: ask for a death check then.
        let lethal = (0..2u8).any(|side| {
            self.line(side).any(|id| {
                let c = &self.creatures[id as usize];
                c.doomed || c.damage >= c.life()
            })
        });
        self.check_deaths |= lethal;
    }

    fn apply_static(
        &mut self,
        p: &Program,
        source: AbilitySource,
        sink: &mut impl FnMut(CreatureId, StatPart),
    ) {
        let ability = &p.keywords[source.keyword as usize].abilities[source.ability as usize];
        let owner = self.creatures[source.creature as usize].owner;
        let ctx = Ctx::default();
        if !self.cond(p, &ability.condition, source.creature, owner, &ctx) {
            return;
        }
        let targets = self.select(p, &ability.target, source.creature, owner, &ctx);
        for effect in &ability.effects {
            let Eff::Modify(stat, amount) = effect else {
                continue;
            };
            let amount = self.amount(p, amount, source.creature, source.value, &ctx);
            if amount == 0 {
                continue;
            }
            for t in targets.as_slice() {
                if let TargetRef::Creature(t) = *t {
                    self.creatures[t as usize].stats[*stat as usize] += amount;
                    sink(
                        t,
                        StatPart {
                            stat: *stat,
                            amount,
                            source: StatSource::Ability(source),
                        },
                    );
                }
            }
        }
    }

    /// Recomputes stats if anything changed since the last time.
    pub fn ensure_stats(&mut self, p: &Program) {
        if self.stats_dirty {
            self.recompute_stats(p, |_, _| {});
        }
    }
}
