//! Unit tests for `apply_glyph_edit`: every edit kind, and every refusal with its reason.

use super::*;
use sigilforge_engine::glyph::{GlyphAction, GlyphTime};

fn two_glyphs(bell_at: (f64, f64)) -> GlyphNetwork {
    let mut net = new_network("test");
    apply(
        &mut net,
        GlyphEdit::AddGlyph {
            id: "door".into(),
            pos: (0.0, 0.0),
        },
    );
    apply(
        &mut net,
        GlyphEdit::AddGlyph {
            id: "bell".into(),
            pos: bell_at,
        },
    );
    net
}

#[allow(clippy::needless_pass_by_value)] // Edit literals read better without `&`.
fn apply(net: &mut GlyphNetwork, edit: GlyphEdit) {
    apply_glyph_edit(net, &edit).unwrap();
}

/// Applies an edit that must be refused; checks the network is unchanged; returns the reason.
#[allow(clippy::needless_pass_by_value)] // Edit literals read better without `&`.
fn refuse(net: &GlyphNetwork, edit: GlyphEdit) -> String {
    let mut copy = net.clone();
    let err = apply_glyph_edit(&mut copy, &edit).unwrap_err();
    assert_eq!(
        &copy, net,
        "a refused edit must leave the network unchanged"
    );
    err.to_string()
}

fn ping() -> GlyphAbility {
    GlyphAbility {
        on: "ping".into(),
        time: GlyphTime::Reaction,
        does: vec![GlyphAction::Send("ping".into())],
        ..GlyphAbility::default()
    }
}

#[test]
fn new_network_is_empty_with_default_max_rounds() {
    let net = new_network("vault");
    assert_eq!(net.name, "vault");
    assert_eq!(net.max_rounds, 20);
    assert!(net.glyphs.is_empty() && net.links.is_empty() && net.inject.is_empty());
}

#[test]
fn add_glyph_and_refusals() {
    let net = two_glyphs((0.5, 0.0));
    assert_eq!(net.glyphs.len(), 2);
    assert_eq!(net.glyphs[1].id, "bell");
    assert_eq!(net.glyphs[1].pos, (0.5, 0.0));
    let dup = GlyphEdit::AddGlyph {
        id: "door".into(),
        pos: (3.0, 3.0),
    };
    assert_eq!(
        refuse(&net, dup),
        "a glyph with the id \"door\" already exists"
    );
    let empty = GlyphEdit::AddGlyph {
        id: " ".into(),
        pos: (0.0, 0.0),
    };
    assert_eq!(refuse(&net, empty), "a glyph id cannot be empty");
    let nan = GlyphEdit::AddGlyph {
        id: "x".into(),
        pos: (f64::NAN, 0.0),
    };
    assert_eq!(refuse(&net, nan), "a position must be two finite numbers");
}

#[test]
fn next_glyph_id_skips_used_ids() {
    let mut net = new_network("n");
    assert_eq!(next_glyph_id(&net), "glyph1");
    apply(
        &mut net,
        GlyphEdit::AddGlyph {
            id: "glyph1".into(),
            pos: (0.0, 0.0),
        },
    );
    apply(
        &mut net,
        GlyphEdit::AddGlyph {
            id: "glyph3".into(),
            pos: (0.0, 0.0),
        },
    );
    assert_eq!(next_glyph_id(&net), "glyph2");
}

#[test]
fn link_within_one_unit_is_made() {
    let mut net = two_glyphs((0.6, 0.8)); // exactly 1u apart
    apply(
        &mut net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    assert_eq!(net.links, vec![("door".to_owned(), "bell".to_owned())]);
    assert!(linked(&net, "bell", "door"));
}

#[test]
fn link_over_one_unit_is_refused_with_the_reason() {
    let net = two_glyphs((1.8, 0.0));
    let reason = refuse(
        &net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    assert_eq!(
        reason,
        "door and bell are 1.8u apart; glyphs link only within Swinging Distance (1u)"
    );
}

#[test]
fn link_refusals_unknown_self_and_duplicate() {
    let mut net = two_glyphs((0.5, 0.0));
    let unknown = GlyphEdit::AddLink {
        a: "door".into(),
        b: "gong".into(),
    };
    assert_eq!(refuse(&net, unknown), "no glyph has the id \"gong\"");
    let own = GlyphEdit::AddLink {
        a: "door".into(),
        b: "door".into(),
    };
    assert_eq!(refuse(&net, own), "a glyph cannot link to itself (door)");
    apply(
        &mut net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    let again = GlyphEdit::AddLink {
        a: "bell".into(),
        b: "door".into(),
    };
    assert_eq!(refuse(&net, again), "bell and door are already linked");
}

#[test]
fn remove_link_in_either_order() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    apply(
        &mut net,
        GlyphEdit::RemoveLink {
            a: "bell".into(),
            b: "door".into(),
        },
    );
    assert!(net.links.is_empty());
    let gone = GlyphEdit::RemoveLink {
        a: "bell".into(),
        b: "door".into(),
    };
    assert_eq!(refuse(&net, gone), "bell and door are not linked");
}

#[test]
fn remove_glyph_takes_its_links_injections_and_moves() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    apply(
        &mut net,
        GlyphEdit::AddInjection(Injection {
            round: 1,
            glyph: "bell".into(),
            command: "ping".into(),
        }),
    );
    apply(
        &mut net,
        GlyphEdit::AddInjection(Injection {
            round: 1,
            glyph: "door".into(),
            command: "ping".into(),
        }),
    );
    apply(
        &mut net,
        GlyphEdit::AddMove(Move {
            round: 2,
            glyph: "bell".into(),
            to: (9.0, 0.0),
        }),
    );
    apply(&mut net, GlyphEdit::RemoveGlyph { id: "bell".into() });
    assert_eq!(net.glyphs.len(), 1);
    assert!(net.links.is_empty());
    assert_eq!(net.inject.len(), 1);
    assert_eq!(net.inject[0].glyph, "door");
    assert!(net.moves.is_empty());
    assert_eq!(
        refuse(&net, GlyphEdit::RemoveGlyph { id: "bell".into() }),
        "no glyph has the id \"bell\""
    );
}

#[test]
fn move_glyph() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::MoveGlyph {
            id: "bell".into(),
            to: (2.5, -1.0),
        },
    );
    assert_eq!(net.glyphs[1].pos, (2.5, -1.0));
    let bad = GlyphEdit::MoveGlyph {
        id: "bell".into(),
        to: (f64::INFINITY, 0.0),
    };
    assert_eq!(refuse(&net, bad), "a position must be two finite numbers");
    let unknown = GlyphEdit::MoveGlyph {
        id: "gong".into(),
        to: (0.0, 0.0),
    };
    assert_eq!(refuse(&net, unknown), "no glyph has the id \"gong\"");
}

#[test]
fn rename_glyph_follows_links_injections_and_moves() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into(),
        },
    );
    apply(
        &mut net,
        GlyphEdit::AddInjection(Injection {
            round: 1,
            glyph: "bell".into(),
            command: "ping".into(),
        }),
    );
    apply(
        &mut net,
        GlyphEdit::AddMove(Move {
            round: 2,
            glyph: "bell".into(),
            to: (1.0, 0.0),
        }),
    );
    apply(
        &mut net,
        GlyphEdit::RenameGlyph {
            id: "bell".into(),
            new_id: "gong".into(),
        },
    );
    assert_eq!(net.glyphs[1].id, "gong");
    assert_eq!(net.links, vec![("door".to_owned(), "gong".to_owned())]);
    assert_eq!(net.inject[0].glyph, "gong");
    assert_eq!(net.moves[0].glyph, "gong");
    let taken = GlyphEdit::RenameGlyph {
        id: "gong".into(),
        new_id: "door".into(),
    };
    assert_eq!(
        refuse(&net, taken),
        "a glyph with the id \"door\" already exists"
    );
    // Renaming to itself is accepted and changes nothing.
    let before = net.clone();
    apply(
        &mut net,
        GlyphEdit::RenameGlyph {
            id: "gong".into(),
            new_id: "gong".into(),
        },
    );
    assert_eq!(net, before);
}

#[test]
fn set_colour_and_refusal() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::SetColour {
            id: "door".into(),
            colour: Some("#ff8000".into()),
        },
    );
    assert_eq!(net.glyphs[0].colour.as_deref(), Some("#ff8000"));
    let bad = GlyphEdit::SetColour {
        id: "door".into(),
        colour: Some("orange".into()),
    };
    assert_eq!(
        refuse(&net, bad),
        "\"orange\" is not a colour of the form #rrggbb"
    );
    apply(
        &mut net,
        GlyphEdit::SetColour {
            id: "door".into(),
            colour: None,
        },
    );
    assert_eq!(net.glyphs[0].colour, None);
}

#[test]
fn abilities_add_edit_remove() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::AddAbility {
            id: "door".into(),
            ability: ping(),
        },
    );
    assert_eq!(net.glyphs[0].abilities, vec![ping()]);
    let mut changed = ping();
    changed.time = GlyphTime::FreeReaction;
    changed.does.push(GlyphAction::Effect("ring".into()));
    apply(
        &mut net,
        GlyphEdit::EditAbility {
            id: "door".into(),
            index: 0,
            ability: changed.clone(),
        },
    );
    assert_eq!(net.glyphs[0].abilities, vec![changed]);
    let missing = GlyphEdit::EditAbility {
        id: "door".into(),
        index: 3,
        ability: ping(),
    };
    assert_eq!(refuse(&net, missing), "door has no ability 4");
    let missing = GlyphEdit::RemoveAbility {
        id: "door".into(),
        index: 1,
    };
    assert_eq!(refuse(&net, missing), "door has no ability 2");
    apply(
        &mut net,
        GlyphEdit::RemoveAbility {
            id: "door".into(),
            index: 0,
        },
    );
    assert!(net.glyphs[0].abilities.is_empty());
    let unknown = GlyphEdit::AddAbility {
        id: "gong".into(),
        ability: ping(),
    };
    assert_eq!(refuse(&net, unknown), "no glyph has the id \"gong\"");
}

#[test]
fn builtins_set_and_clear() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::SetDismissOn {
            id: "bell".into(),
            command: Some("all-clear".into()),
        },
    );
    assert_eq!(net.glyphs[1].dismiss_on.as_deref(), Some("all-clear"));
    apply(
        &mut net,
        GlyphEdit::SetDismissOn {
            id: "bell".into(),
            command: Some(String::new()),
        },
    );
    assert_eq!(net.glyphs[1].dismiss_on, None);
    apply(
        &mut net,
        GlyphEdit::SetDisableOn {
            id: "bell".into(),
            on: Some(("hush".into(), 2)),
        },
    );
    assert_eq!(net.glyphs[1].disable_on, Some(("hush".to_owned(), 2)));
    apply(
        &mut net,
        GlyphEdit::SetDisableOn {
            id: "bell".into(),
            on: None,
        },
    );
    assert_eq!(net.glyphs[1].disable_on, None);
    let unknown = GlyphEdit::SetDismissOn {
        id: "gong".into(),
        command: None,
    };
    assert_eq!(refuse(&net, unknown), "no glyph has the id \"gong\"");
}

#[test]
fn injections_add_remove_and_refusals() {
    let mut net = two_glyphs((0.5, 0.0));
    let inj = Injection {
        round: 3,
        glyph: "door".into(),
        command: "ping".into(),
    };
    apply(&mut net, GlyphEdit::AddInjection(inj.clone()));
    assert_eq!(net.inject, vec![inj]);
    let late = Injection {
        round: 21,
        glyph: "door".into(),
        command: "ping".into(),
    };
    assert_eq!(
        refuse(&net, GlyphEdit::AddInjection(late)),
        "round 21 is outside the run (rounds 1 to 20)"
    );
    let zero = Injection {
        round: 0,
        glyph: "door".into(),
        command: "ping".into(),
    };
    assert_eq!(
        refuse(&net, GlyphEdit::AddInjection(zero)),
        "round 0 is outside the run (rounds 1 to 20)"
    );
    let unknown = Injection {
        round: 1,
        glyph: "gong".into(),
        command: "ping".into(),
    };
    assert_eq!(
        refuse(&net, GlyphEdit::AddInjection(unknown)),
        "no glyph has the id \"gong\""
    );
    assert_eq!(
        refuse(&net, GlyphEdit::RemoveInjection { index: 1 }),
        "there is no injection 2"
    );
    apply(&mut net, GlyphEdit::RemoveInjection { index: 0 });
    assert!(net.inject.is_empty());
}

#[test]
fn moves_add_remove_and_refusals() {
    let mut net = two_glyphs((0.5, 0.0));
    let m = Move {
        round: 2,
        glyph: "bell".into(),
        to: (6.0, 0.0),
    };
    apply(&mut net, GlyphEdit::AddMove(m.clone()));
    assert_eq!(net.moves, vec![m]);
    let unknown = Move {
        round: 2,
        glyph: "gong".into(),
        to: (6.0, 0.0),
    };
    assert_eq!(
        refuse(&net, GlyphEdit::AddMove(unknown)),
        "no glyph has the id \"gong\""
    );
    assert_eq!(
        refuse(&net, GlyphEdit::RemoveMove { index: 4 }),
        "there is no scheduled move 5"
    );
    apply(&mut net, GlyphEdit::RemoveMove { index: 0 });
    assert!(net.moves.is_empty());
}

#[test]
fn max_rounds_and_name() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(&mut net, GlyphEdit::SetMaxRounds(7));
    assert_eq!(net.max_rounds, 7);
    assert_eq!(
        refuse(&net, GlyphEdit::SetMaxRounds(0)),
        "max_rounds must be at least 1"
    );
    apply(&mut net, GlyphEdit::SetName("vault alarm".into()));
    assert_eq!(net.name, "vault alarm");
}

#[test]
fn check_glyph_edit_never_changes_the_network() {
    let net = two_glyphs((0.5, 0.0));
    let before = net.clone();
    assert!(check_glyph_edit(&net, &GlyphEdit::RemoveGlyph { id: "door".into() }).is_ok());
    assert!(check_glyph_edit(&net, &GlyphEdit::RemoveGlyph { id: "gong".into() }).is_err());
    assert_eq!(net, before);
}

#[test]
fn labels_name_the_edit() {
    let edit = GlyphEdit::MoveGlyph {
        id: "bell".into(),
        to: (1.0, 0.0),
    };
    assert_eq!(edit.label(), "Move bell");
    let edit = GlyphEdit::AddLink {
        a: "door".into(),
        b: "bell".into(),
    };
    assert_eq!(edit.label(), "Link door and bell");
    assert_eq!(
        GlyphEdit::RemoveAbility {
            id: "door".into(),
            index: 0
        }
        .label(),
        "Remove ability 1 of door"
    );
}

/// A value typed in an ability's form writes the ability like `EditAbility` and merges per
/// field; a structural edit never merges.
#[test]
fn a_typed_ability_field_writes_the_ability_and_merges_per_field() {
    let mut net = two_glyphs((0.5, 0.0));
    apply(
        &mut net,
        GlyphEdit::AddAbility {
            id: "door".into(),
            ability: ping(),
        },
    );
    let mut typed = ping();
    typed.on = "knock".into();
    let edit = GlyphEdit::AbilityField {
        id: "door".into(),
        index: 0,
        field: "on".into(),
        ability: typed.clone(),
    };
    assert_eq!(edit.merge_key().as_deref(), Some("glyph door ability 0 on"));
    assert_eq!(edit.label(), "Edit on of ability 1 of door");
    apply(&mut net, edit);
    assert_eq!(net.glyphs[0].abilities, vec![typed]);
    let structural = GlyphEdit::EditAbility {
        id: "door".into(),
        index: 0,
        ability: ping(),
    };
    assert_eq!(structural.merge_key(), None);
}
