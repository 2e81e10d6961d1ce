//! Votes (19.2c) and duels (19.2d) with the tie rule their text writes (22.1b).
//!
//! Voting (17) and dueling (18) are not in the seeds; the readings: in a conclave vote each
//! ruler casts one vote, for the ruler their `Ballot` names or else for themselves, and the
//! ruler with more votes wins; in a duel the beast with the higher stat (ATK unless the text
//! names another) wins. What winning, losing and a tie do is only what the text says.

use crate::model::ability::{Effect, Stat, Tie};
use crate::model::{CardKind, Player};

use super::game::{Event, Game};
use super::resolve::Ctx;
use super::state::Zone;
use super::state::stat_name;

/// Who won a contest, after the tie rule.
enum Outcome<T> {
    Won { winner: T, loser: T },
    Tied,
}

impl Game {
    /// `Effect::Vote`: a conclave vote; the winner's and the loser's consequences fall on
    /// those rulers (each as its own effect), a tie does what `tie` says.
    pub(crate) fn vote(&mut self, winner: &[Effect], loser: &[Effect], tie: &Tie, ctx: &Ctx) {
        let caller = ctx.controller;
        let ballots = [Player::A, Player::B].map(|p| self.ballots[p.index()].unwrap_or(p));
        self.ballots = [None, None];
        let for_a = ballots.iter().filter(|b| **b == Player::A).count();
        let for_b = ballots.len() - for_a;
        self.say(format!(
            "{} calls a conclave vote, rule 19.2c: A votes for {:?}, B votes for {:?}; A {for_a}, B {for_b}",
            ctx.label, ballots[0], ballots[1]
        ));
        let outcome = match for_a.cmp(&for_b) {
            std::cmp::Ordering::Greater => Outcome::Won {
                winner: Player::A,
                loser: Player::B,
            },
            std::cmp::Ordering::Less => Outcome::Won {
                winner: Player::B,
                loser: Player::A,
            },
            std::cmp::Ordering::Equal => self.tie_rule(tie, "vote", caller, caller.other()),
        };
        match outcome {
            Outcome::Won {
                winner: w,
                loser: l,
            } => {
                self.say(format!("{w:?} wins the vote; {l:?} loses it"));
                self.fire(&Event::Named("vote won".into(), None));
                for e in winner {
                    self.apply(e, &ctx.on(w, Vec::new(), vec![w]));
                }
                for e in loser {
                    self.apply(e, &ctx.on(l, Vec::new(), vec![l]));
                }
            }
            Outcome::Tied => {
                self.fire(&Event::Named("vote tie".into(), None));
                if let Tie::Effects(list) = tie {
                    for p in [caller, caller.other()] {
                        for e in list {
                            self.apply(e, &ctx.on(p, Vec::new(), vec![p]));
                        }
                    }
                }
            }
        }
    }

    /// `Effect::Duel`: the ability's beast against the first target (or, when the ability's
    /// card is not a beast in a city, the first two targets); the higher `stat` wins; the winner's and loser's consequences fall on those
    /// beasts (as effects of their rulers), a tie does what `tie` says.
    pub(crate) fn duel(
        &mut self,
        stat: &Stat,
        winner: &[Effect],
        loser: &[Effect],
        tie: &Tie,
        ctx: &Ctx,
    ) {
        let source_duels = self
            .obj(&ctx.source)
            .is_some_and(|o| o.zone == Zone::City && o.card.kind == CardKind::Beast);
        let pair = match ctx.cards.as_slice() {
            [other, ..] if source_duels && *other != ctx.source => {
                Some((ctx.source.clone(), other.clone()))
            }
            [a, b, ..] => Some((a.clone(), b.clone())),
            _ => None,
        };
        let Some((a, b)) = pair.filter(|(a, b)| {
            a != b
                && [a, b]
                    .iter()
                    .all(|c| self.obj(c).is_some_and(|o| o.zone == Zone::City))
        }) else {
            return self.say(format!(
                "{}: a duel needs two different beasts in play: none happens, rule 22.1a",
                ctx.label
            ));
        };
        let key = stat_name(stat);
        let (sa, sb) = (self.stat(&a, &key), self.stat(&b, &key));
        self.say(format!(
            "duel, rule 19.2d: {a} with {key} {sa} against {b} with {key} {sb}"
        ));
        let outcome = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => Outcome::Won {
                winner: a.clone(),
                loser: b.clone(),
            },
            std::cmp::Ordering::Less => Outcome::Won {
                winner: b.clone(),
                loser: a.clone(),
            },
            std::cmp::Ordering::Equal => self.tie_rule(tie, "duel", a.clone(), b.clone()),
        };
        let side = |g: &Game, card: &str| g.ruler(card).unwrap_or(ctx.controller);
        match outcome {
            Outcome::Won {
                winner: w,
                loser: l,
            } => {
                self.say(format!("{w} wins the duel; {l} loses it"));
                self.fire(&Event::Named("duel won".into(), Some(w.clone())));
                let (rw, rl) = (side(self, &w), side(self, &l));
                for e in winner {
                    self.apply(e, &ctx.on(rw, vec![w.clone()], Vec::new()));
                }
                for e in loser {
                    self.apply(e, &ctx.on(rl, vec![l.clone()], Vec::new()));
                }
            }
            Outcome::Tied => {
                self.fire(&Event::Named("duel tie".into(), Some(a.clone())));
                if let Tie::Effects(list) = tie {
                    for card in [a, b] {
                        let r = side(self, &card);
                        for e in list {
                            self.apply(e, &ctx.on(r, vec![card.clone()], Vec::new()));
                        }
                    }
                }
            }
        }
    }

    /// A tie, read by the rule the text writes (22.1b); nothing written: nothing happens.
    fn tie_rule<T>(&mut self, tie: &Tie, what: &str, caller: T, other: T) -> Outcome<T> {
        match tie {
            Tie::Nothing => {
                self.say(format!(
                    "the {what} is a tie: its text says nothing more, so nothing happens, rule 22.1b"
                ));
                Outcome::Tied
            }
            Tie::CallerWins => {
                self.say(format!(
                    "the {what} is a tie: its text says the caller wins, rule 22.1b"
                ));
                Outcome::Won {
                    winner: caller,
                    loser: other,
                }
            }
            Tie::CallerLoses => {
                self.say(format!(
                    "the {what} is a tie: its text says the caller loses, rule 22.1b"
                ));
                Outcome::Won {
                    winner: other,
                    loser: caller,
                }
            }
            Tie::Effects(_) => {
                self.say(format!(
                    "the {what} is a tie: its text says what happens to each side, rule 22.1b"
                ));
                Outcome::Tied
            }
        }
    }

    /// A Duel ability without `Effect::Duel` (19.2d's first reading): the higher ATK wins and
    /// the ability's effects fall on the loser. On a tie nothing falls on anyone and the
    /// `duel tie` event lets cards say what happens (22.1b).
    pub(crate) fn duel_loser(&mut self, source: &str, targets: &[String]) -> Vec<String> {
        let Some(other) = targets.first() else {
            return Vec::new();
        };
        let (a, b) = (self.stat(source, "atk"), self.stat(other, "atk"));
        self.say(format!(
            "duel: {source} with ATK {a} against {other} with ATK {b}"
        ));
        if a == b {
            self.say("the duel is a tie");
            self.fire(&Event::Named("duel tie".into(), Some(source.to_owned())));
            return Vec::new();
        }
        let (winner, loser) = if a > b {
            (source, other.as_str())
        } else {
            (other.as_str(), source)
        };
        self.say(format!("{winner} wins the duel"));
        self.fire(&Event::Named("duel won".into(), Some(winner.to_owned())));
        vec![loser.to_owned()]
    }
}
