//! Edits to a glyph network: the only way the glyph editor's panels change a [`GlyphNetwork`].
//!
//! Panels push [`GlyphEdit`] values; the host applies each with [`apply_glyph_edit`] inside its
//! single `apply` (which records undo). A refused edit leaves the network untouched and says why.

use sigilforge_engine::glyph::run::{LINK_RANGE, glyph_gap};
use sigilforge_engine::glyph::{GlyphAbility, GlyphDef, GlyphNetwork, Injection, Move};

/// One change to a glyph network. Glyphs are named by id.
#[derive(Debug, Clone, PartialEq)]
pub enum GlyphEdit {
    /// Adds a glyph with no abilities.
    AddGlyph {
        /// Its id (unique in the network).
        id: String,
        /// Its position in units.
        pos: (f64, f64),
    },
    /// Removes a glyph with its links, injections and moves.
    RemoveGlyph {
        /// The glyph.
        id: String,
    },
    /// Moves a glyph (a drag is one edit, sent when the drag ends).
    MoveGlyph {
        /// The glyph.
        id: String,
        /// Its new position in units.
        to: (f64, f64),
    },
    /// Renames a glyph, and every link, injection and move naming it.
    RenameGlyph {
        /// The glyph.
        id: String,
        /// Its new id.
        new_id: String,
    },
    /// Sets the colour a glyph shines in (`"#rrggbb"`), or clears it.
    SetColour {
        /// The glyph.
        id: String,
        /// The colour, `None` for the default.
        colour: Option<String>,
    },
    /// Appends an ability to a glyph.
    AddAbility {
        /// The glyph.
        id: String,
        /// The ability.
        ability: GlyphAbility,
    },
    /// Replaces a glyph's n-th ability.
    EditAbility {
        /// The glyph.
        id: String,
        /// Which ability (0-based).
        index: usize,
        /// Its new value.
        ability: GlyphAbility,
    },
    /// A value typed or picked in one field of a glyph's n-th ability (its form): consecutive
    /// edits of one field merge into one undo step.
    AbilityField {
        /// The glyph.
        id: String,
        /// Which ability (0-based).
        index: usize,
        /// The field's path in the form (`"does.0.Send.0"`).
        field: String,
        /// The ability's new value.
        ability: GlyphAbility,
    },
    /// Removes a glyph's n-th ability.
    RemoveAbility {
        /// The glyph.
        id: String,
        /// Which ability (0-based).
        index: usize,
    },
    /// Sets (or clears) the command whose Free Reaction dismisses the glyph.
    SetDismissOn {
        /// The glyph.
        id: String,
        /// The command.
        command: Option<String>,
    },
    /// Sets (or clears) the command whose Free Reaction disables the glyph for N rounds.
    SetDisableOn {
        /// The glyph.
        id: String,
        /// The command and the number of rounds.
        on: Option<(String, u32)>,
    },
    /// Links two glyphs (refused beyond Swinging Distance).
    AddLink {
        /// First glyph.
        a: String,
        /// Second glyph.
        b: String,
    },
    /// Removes the link between two glyphs (in either order).
    RemoveLink {
        /// First glyph.
        a: String,
        /// Second glyph.
        b: String,
    },
    /// Appends an injected command.
    AddInjection(Injection),
    /// Removes the n-th injection.
    RemoveInjection {
        /// Which injection (0-based, file order).
        index: usize,
    },
    /// Appends a scheduled move.
    AddMove(Move),
    /// Removes the n-th scheduled move.
    RemoveMove {
        /// Which move (0-based, file order).
        index: usize,
    },
    /// Sets the round after which a run stops at the latest.
    SetMaxRounds(u32),
    /// Renames the network.
    SetName(String),
}

impl GlyphEdit {
    /// What consecutive edits merge on (one undo step while one field is typed into), if
    /// this edit merges at all.
    #[must_use]
    pub fn merge_key(&self) -> Option<String> {
        match self {
            GlyphEdit::AbilityField {
                id, index, field, ..
            } => Some(format!("glyph {id} ability {index} {field}")),
            _ => None,
        }
    }

    /// A short description for an undo menu: "Move bell", "Link door and bell".
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            GlyphEdit::AddGlyph { id, .. } => format!("Add glyph {id}"),
            GlyphEdit::RemoveGlyph { id } => format!("Delete glyph {id}"),
            GlyphEdit::MoveGlyph { id, .. } => format!("Move {id}"),
            GlyphEdit::RenameGlyph { id, new_id } => format!("Rename {id} to {new_id}"),
            GlyphEdit::SetColour { id, .. } => format!("Colour of {id}"),
            GlyphEdit::AddAbility { id, .. } => format!("Add ability to {id}"),
            GlyphEdit::EditAbility { id, index, .. } => {
                format!("Edit ability {} of {id}", index + 1)
            }
            GlyphEdit::AbilityField {
                id, index, field, ..
            } => format!(
                "Edit {} of ability {} of {id}",
                field.replace('.', " "),
                index + 1
            ),
            GlyphEdit::RemoveAbility { id, index } => {
                format!("Remove ability {} of {id}", index + 1)
            }
            GlyphEdit::SetDismissOn { id, .. } => format!("Dismiss-on of {id}"),
            GlyphEdit::SetDisableOn { id, .. } => format!("Disable-on of {id}"),
            GlyphEdit::AddLink { a, b } => format!("Link {a} and {b}"),
            GlyphEdit::RemoveLink { a, b } => format!("Unlink {a} and {b}"),
            GlyphEdit::AddInjection(inj) => format!("Inject \"{}\" at {}", inj.command, inj.glyph),
            GlyphEdit::RemoveInjection { index } => format!("Remove injection {}", index + 1),
            GlyphEdit::AddMove(m) => format!("Schedule a move of {}", m.glyph),
            GlyphEdit::RemoveMove { index } => format!("Remove scheduled move {}", index + 1),
            GlyphEdit::SetMaxRounds(n) => format!("Max rounds {n}"),
            GlyphEdit::SetName(name) => format!("Rename network to {name}"),
        }
    }
}

/// A fresh, empty network for the host's "New glyph network".
#[must_use]
pub fn new_network(name: &str) -> GlyphNetwork {
    GlyphNetwork {
        name: name.to_owned(),
        max_rounds: 20,
        glyphs: Vec::new(),
        links: Vec::new(),
        inject: Vec::new(),
        moves: Vec::new(),
        events: Vec::new(),
        expect: Vec::new(),
    }
}

/// The first id of the form `glyph1`, `glyph2`, … not used in `net`.
#[must_use]
pub fn next_glyph_id(net: &GlyphNetwork) -> String {
    // n glyphs use at most n of the first n + 1 candidates.
    (1..=net.glyphs.len() + 1)
        .map(|n| format!("glyph{n}"))
        .find(|id| !net.glyphs.iter().any(|g| &g.id == id))
        .unwrap_or_default()
}

/// Why a glyph edit was refused (the network is unchanged), in words for the panel.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GlyphEditError {
    /// No glyph has this id.
    #[error("no glyph has the id \"{0}\"")]
    NoGlyph(String),
    /// A glyph has no ability at this number (from 1).
    #[error("{0} has no ability {1}")]
    NoAbility(String, usize),
    /// A new id is empty.
    #[error("a glyph id cannot be empty")]
    EmptyId,
    /// A new id starts or ends with a space.
    #[error("the glyph id \"{0}\" starts or ends with a space")]
    SpacedId(String),
    /// A new id is taken.
    #[error("a glyph with the id \"{0}\" already exists")]
    TakenId(String),
    /// A position is not two finite numbers.
    #[error("a position must be two finite numbers")]
    NotFinite,
    /// A round outside `1..=max_rounds`.
    #[error("round {0} is outside the run (rounds 1 to {1})")]
    RoundOutside(u32, u32),
    /// A colour not written `#rrggbb`.
    #[error("\"{0}\" is not a colour of the form #rrggbb")]
    NotAColour(String),
    /// A link from a glyph to itself.
    #[error("a glyph cannot link to itself ({0})")]
    SelfLink(String),
    /// A link that exists already.
    #[error("{0} and {1} are already linked")]
    AlreadyLinked(String, String),
    /// A link longer than Swinging Distance.
    #[error("{0} and {1} are {2:.1}u apart; glyphs link only within Swinging Distance (1u)")]
    TooFar(String, String, f64),
    /// A link to remove that does not exist.
    #[error("{0} and {1} are not linked")]
    NotLinked(String, String),
    /// No injection at this number (from 1).
    #[error("there is no injection {0}")]
    NoInjection(usize),
    /// No scheduled move at this number (from 1).
    #[error("there is no scheduled move {0}")]
    NoMove(usize),
    /// A run of no rounds.
    #[error("max_rounds must be at least 1")]
    NoRounds,
}

/// Whether `edit` would be accepted, without changing `net` (the reason if not).
pub fn check_glyph_edit(net: &GlyphNetwork, edit: &GlyphEdit) -> Result<(), GlyphEditError> {
    let mut copy = net.clone();
    apply_glyph_edit(&mut copy, edit)
}

/// Applies one edit to `net`. On refusal `net` is unchanged and the error says why in words.
pub fn apply_glyph_edit(net: &mut GlyphNetwork, edit: &GlyphEdit) -> Result<(), GlyphEditError> {
    match edit {
        GlyphEdit::AddGlyph { id, pos } => {
            check_new_id(net, id)?;
            check_pos(*pos)?;
            net.glyphs.push(GlyphDef {
                id: id.clone(),
                pos: *pos,
                abilities: Vec::new(),
                dismiss_on: None,
                disable_on: None,
                colour: None,
                extent: None,
                state: None,
            });
        }
        GlyphEdit::RemoveGlyph { id } => {
            let i = glyph_index(net, id)?;
            net.glyphs.remove(i);
            net.links.retain(|(a, b)| a != id && b != id);
            net.inject.retain(|inj| &inj.glyph != id);
            net.moves.retain(|m| &m.glyph != id);
        }
        GlyphEdit::MoveGlyph { id, to } => {
            check_pos(*to)?;
            let i = glyph_index(net, id)?;
            net.glyphs[i].pos = *to;
        }
        GlyphEdit::RenameGlyph { id, new_id } => {
            let i = glyph_index(net, id)?;
            if id == new_id {
                return Ok(());
            }
            check_new_id(net, new_id)?;
            net.glyphs[i].id.clone_from(new_id);
            for (a, b) in &mut net.links {
                for end in [a, b] {
                    if end == id {
                        end.clone_from(new_id);
                    }
                }
            }
            for inj in net.inject.iter_mut().filter(|inj| &inj.glyph == id) {
                inj.glyph.clone_from(new_id);
            }
            for m in net.moves.iter_mut().filter(|m| &m.glyph == id) {
                m.glyph.clone_from(new_id);
            }
        }
        GlyphEdit::SetColour { id, colour } => {
            if let Some(c) = colour {
                check_colour(c)?;
            }
            let i = glyph_index(net, id)?;
            net.glyphs[i].colour.clone_from(colour);
        }
        GlyphEdit::AddAbility { id, ability } => {
            let i = glyph_index(net, id)?;
            net.glyphs[i].abilities.push(ability.clone());
        }
        GlyphEdit::EditAbility { id, index, ability }
        | GlyphEdit::AbilityField {
            id, index, ability, ..
        } => {
            let i = glyph_index(net, id)?;
            let slot = ability_slot(net, i, *index)?;
            *slot = ability.clone();
        }
        GlyphEdit::RemoveAbility { id, index } => {
            let i = glyph_index(net, id)?;
            ability_slot(net, i, *index)?;
            net.glyphs[i].abilities.remove(*index);
        }
        GlyphEdit::SetDismissOn { id, command } => {
            let i = glyph_index(net, id)?;
            net.glyphs[i].dismiss_on = command.clone().filter(|c| !c.is_empty());
        }
        GlyphEdit::SetDisableOn { id, on } => {
            let i = glyph_index(net, id)?;
            net.glyphs[i].disable_on = on.clone().filter(|(c, _)| !c.is_empty());
        }
        GlyphEdit::AddLink { a, b } => {
            let (ia, ib) = (glyph_index(net, a)?, glyph_index(net, b)?);
            if a == b {
                return Err(GlyphEditError::SelfLink(a.clone()));
            }
            if linked(net, a, b) {
                return Err(GlyphEditError::AlreadyLinked(a.clone(), b.clone()));
            }
            // From the nearest points of their shapes (a Strand reaches along its line).
            let d = glyph_gap(&net.glyphs[ia], &net.glyphs[ib]);
            if d > LINK_RANGE {
                return Err(GlyphEditError::TooFar(a.clone(), b.clone(), d));
            }
            net.links.push((a.clone(), b.clone()));
        }
        GlyphEdit::RemoveLink { a, b } => {
            if !linked(net, a, b) {
                return Err(GlyphEditError::NotLinked(a.clone(), b.clone()));
            }
            net.links
                .retain(|(x, y)| !((x == a && y == b) || (x == b && y == a)));
        }
        GlyphEdit::AddInjection(inj) => {
            glyph_index(net, &inj.glyph)?;
            check_round(inj.round, net.max_rounds)?;
            net.inject.push(inj.clone());
        }
        GlyphEdit::RemoveInjection { index } => {
            if *index >= net.inject.len() {
                return Err(GlyphEditError::NoInjection(index + 1));
            }
            net.inject.remove(*index);
        }
        GlyphEdit::AddMove(m) => {
            glyph_index(net, &m.glyph)?;
            check_round(m.round, net.max_rounds)?;
            check_pos(m.to)?;
            net.moves.push(m.clone());
        }
        GlyphEdit::RemoveMove { index } => {
            if *index >= net.moves.len() {
                return Err(GlyphEditError::NoMove(index + 1));
            }
            net.moves.remove(*index);
        }
        GlyphEdit::SetMaxRounds(n) => {
            if *n == 0 {
                return Err(GlyphEditError::NoRounds);
            }
            net.max_rounds = *n;
        }
        GlyphEdit::SetName(name) => net.name.clone_from(name),
    }
    Ok(())
}

/// Whether `a` and `b` are linked (in either order).
#[must_use]
pub fn linked(net: &GlyphNetwork, a: &str, b: &str) -> bool {
    net.links
        .iter()
        .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
}

fn glyph_index(net: &GlyphNetwork, id: &str) -> Result<usize, GlyphEditError> {
    net.glyphs
        .iter()
        .position(|g| g.id == id)
        .ok_or_else(|| GlyphEditError::NoGlyph(id.to_owned()))
}

fn ability_slot(
    net: &mut GlyphNetwork,
    glyph: usize,
    index: usize,
) -> Result<&mut GlyphAbility, GlyphEditError> {
    let def = &mut net.glyphs[glyph];
    let id = def.id.clone();
    def.abilities
        .get_mut(index)
        .ok_or(GlyphEditError::NoAbility(id, index + 1))
}

fn check_new_id(net: &GlyphNetwork, id: &str) -> Result<(), GlyphEditError> {
    if id.trim().is_empty() {
        return Err(GlyphEditError::EmptyId);
    }
    if id.trim() != id {
        return Err(GlyphEditError::SpacedId(id.to_owned()));
    }
    if net.glyphs.iter().any(|g| g.id == id) {
        return Err(GlyphEditError::TakenId(id.to_owned()));
    }
    Ok(())
}

fn check_pos(pos: (f64, f64)) -> Result<(), GlyphEditError> {
    if pos.0.is_finite() && pos.1.is_finite() {
        Ok(())
    } else {
        Err(GlyphEditError::NotFinite)
    }
}

fn check_round(round: u32, max_rounds: u32) -> Result<(), GlyphEditError> {
    if round == 0 || round > max_rounds {
        return Err(GlyphEditError::RoundOutside(round, max_rounds));
    }
    Ok(())
}

fn check_colour(colour: &str) -> Result<(), GlyphEditError> {
    let ok = colour.len() == 7
        && colour.starts_with('#')
        && colour[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok {
        Ok(())
    } else {
        Err(GlyphEditError::NotAColour(colour.to_owned()))
    }
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
