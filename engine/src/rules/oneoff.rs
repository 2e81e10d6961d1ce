//! One-off effects that move cards (22.2): burying, putting a card into a zone, moving a beast
//! from one location in a city to another, Barter, creating tokens, and Recruit, Forge and
//! Build by effect (their 19.3b–d abilities then happen at once).

use crate::model::ability::Target;
use crate::model::{CardKind, Player};

use super::game::Game;
use super::resolve::Ctx;
use super::state::Zone;

/// How a card enters a city by effect.
pub(crate) enum Entry<'a> {
    /// A beast is recruited (19.3b).
    Recruit,
    /// An item is forged onto the beast the selector names (19.3c).
    Forge(&'a Target),
    /// A structure is built (19.3d).
    Build,
}

impl Entry<'_> {
    fn kind(&self) -> CardKind {
        match self {
            Entry::Recruit => CardKind::Beast,
            Entry::Forge(_) => CardKind::Item,
            Entry::Build => CardKind::Structure,
        }
    }

    fn verb(&self) -> &'static str {
        match self {
            Entry::Recruit => "recruited",
            Entry::Forge(_) => "forged",
            Entry::Build => "built",
        }
    }
}

impl Game {
    /// Creates a card (a token when `token`) for `owner` and puts it into their city; `false`
    /// when it could not be created (logged as an error).
    pub(crate) fn put_new_card(
        &mut self,
        card: &str,
        owner: Player,
        token: bool,
    ) -> Option<String> {
        match self.create_by_effect(card, owner, token) {
            Ok(id) => {
                if token {
                    self.say(format!("{owner:?} creates the token {id}, rule 22.2"));
                }
                self.move_to(&id, Zone::City);
                Some(id)
            }
            Err(why) => {
                self.error(why);
                None
            }
        }
    }

    /// Puts each target into a zone: its owner's, or the shared ravine or market.
    pub(crate) fn put_each(&mut self, ctx: &Ctx, zone: Zone) {
        if matches!(zone, Zone::Stack | Zone::Champion) {
            return self.say(format!(
                "{}: a card cannot be put into the {} by an effect",
                ctx.label,
                zone.name()
            ));
        }
        for c in &ctx.cards {
            let Some(from) = self.obj(c).map(|o| o.zone) else {
                continue;
            };
            if from == zone {
                self.say(format!("{c} is already in the {}", zone.name()));
                continue;
            }
            let verb = if zone == self.profile.buried_to {
                "is buried"
            } else {
                "is put"
            };
            let line = format!(
                "{c} {verb} into the {} from the {}, rule 22.2",
                self.profile.zone_name(zone),
                self.profile.zone_name(from)
            );
            self.say(line);
            self.move_to(c, zone);
        }
    }

    /// Moves each target beast to another location in its ruler's city (22.2): onto the
    /// structure `to` names (a structure its ruler rules there), or into the city itself.
    pub(crate) fn relocate(&mut self, ctx: &Ctx, to: &Target) {
        let picked = self.read(|v| {
            v.pick(
                to,
                ctx.controller,
                &ctx.source,
                ctx.subject.as_deref(),
                &ctx.chosen,
            )
        });
        let site = picked.cards.into_iter().find(|c| {
            self.obj(c)
                .is_some_and(|o| o.zone == Zone::City && o.card.kind == CardKind::Structure)
        });
        for c in &ctx.cards {
            let Some(o) = self.obj(c) else { continue };
            if o.zone != Zone::City {
                self.say(format!(
                    "{c} is in the {}: only a card in a city moves between its locations, rule 22.1a",
                    o.zone.name()
                ));
                continue;
            }
            let ruler = self.ruler(c);
            let here = site.as_deref().filter(|s| self.ruler(s) == ruler);
            if site.is_some() && here.is_none() {
                self.say(format!(
                    "{c}: the structure named is not in its ruler's city: it stays, rule 22.1a"
                ));
                continue;
            }
            if o.attached_to.as_deref() == here {
                self.say(format!("{c} is already there"));
                continue;
            }
            self.move_to_attached(c, Zone::City, here);
        }
    }

    /// Barter (22.2): the first target, a card in the controller's hand, goes to the market;
    /// the second, a card in the market, comes to their hand as theirs.
    pub(crate) fn barter(&mut self, ctx: &Ctx) {
        let me = ctx.controller;
        let give = ctx.cards.first().filter(|c| {
            self.obj(c)
                .is_some_and(|o| o.zone == Zone::Hand && o.owner == me)
        });
        let take = ctx
            .cards
            .get(1)
            .filter(|c| self.obj(c).is_some_and(|o| o.zone == Zone::Market));
        let (Some(give), Some(take)) = (give.cloned(), take.cloned()) else {
            return self.say(format!(
                "{}: Barter needs a card in {me:?}'s hand and a card in the market: nothing happens, rule 22.1a",
                ctx.label
            ));
        };
        self.say(format!(
            "{me:?} barters {give} from their hand for {take} from the market, rule 22.2"
        ));
        self.move_to(&give, Zone::Market);
        if let Some(o) = self.obj_mut(&take) {
            o.owner = me;
        }
        self.move_to(&take, Zone::Hand);
    }

    /// Recruit, Forge or Build each target by effect: it enters its owner's city (a card from
    /// the ravine or the market becomes the controller's), and its Recruit, Forge or Build
    /// abilities happen at once (19.3b–d).
    pub(crate) fn enter_by_effect(&mut self, ctx: &Ctx, how: &Entry<'_>) {
        let host = match how {
            Entry::Forge(onto) => {
                let picked = self.read(|v| {
                    v.pick(
                        onto,
                        ctx.controller,
                        &ctx.source,
                        ctx.subject.as_deref(),
                        &ctx.chosen,
                    )
                });
                let beast = picked.cards.into_iter().find(|c| {
                    self.obj(c)
                        .is_some_and(|o| o.zone == Zone::City && o.card.kind == CardKind::Beast)
                });
                let Some(beast) = beast else {
                    return self.say(format!(
                        "{}: there is no beast in a city to forge onto: nothing happens, rule 22.1a",
                        ctx.label
                    ));
                };
                Some(beast)
            }
            Entry::Recruit | Entry::Build => None,
        };
        for c in &ctx.cards {
            let Some(o) = self.obj(c) else { continue };
            if o.card.kind != how.kind() {
                self.say(format!(
                    "{c} is not a {}: it cannot be {}, rule 22.1a",
                    how.kind().name().to_ascii_lowercase(),
                    how.verb()
                ));
                continue;
            }
            if o.zone.in_play() {
                self.say(format!("{c} is already in a city"));
                continue;
            }
            if o.zone.shared()
                && let Some(o) = self.obj_mut(c)
            {
                o.owner = ctx.controller;
            }
            let onto = host
                .as_ref()
                .map_or_else(String::new, |h| format!(" onto {h}"));
            self.say(format!(
                "{c} is {}{onto} by {}, rule 22.2",
                how.verb(),
                ctx.label
            ));
            self.move_to_attached(c, Zone::City, host.as_deref());
        }
    }
}
