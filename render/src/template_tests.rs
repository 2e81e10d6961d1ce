//! Tests of template parsing and each kind's frame (`template.rs`).

use super::*;

const SMALL: &str = r##"<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">
  <rect x="0" y="0" width="63" height="88" fill="#333"/>
  <g transform="translate(1 1)">
    <rect id="name" x="4" y="4" width="40" height="6" data-size="4" data-align="middle"/>
  </g>
  <g data-show-if="attack"><circle r="3"/><rect id="attack" x="2" y="80" width="6" height="5"/></g>
</svg>"##;

#[test]
fn slots_are_holes_and_the_rest_is_kept_verbatim() {
    let t = Template::parse("small.svg", SMALL).unwrap();
    assert_eq!((t.width_mm, t.height_mm), (63.0, 88.0));
    let names: Vec<&str> = t.slots().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["name", "attack"]);
    assert_eq!(t.pieces[0], Piece::Literal("<svg".into()));
    assert_eq!(t.pieces[1], Piece::RootPlacement);
    let Piece::Literal(head) = &t.pieces[2] else {
        panic!("{:?}", t.pieces[2])
    };
    assert!(
        head.starts_with(" xmlns=\"http://www.w3.org/2000/svg\"   viewBox=\"0 0 63 88\">"),
        "{head}"
    );
    assert!(head.ends_with("translate(1 1)\">\n    "));
    assert!(matches!(&t.pieces[4], Piece::Literal(l) if l.starts_with("\n  </g>")));
    assert!(
        matches!(&t.pieces[5], Piece::ShowIf { field, body } if field == "attack" && body.len() == 3)
    );
    assert!(matches!(t.pieces.last(), Some(Piece::Literal(l)) if l.ends_with("</svg>")));
    let SlotKind::Text(style) = &t.slots()[0].kind else {
        panic!()
    };
    assert_eq!(style.align, Align::Middle);
    assert!((style.size - 4.0).abs() < 1e-6);
}

#[test]
fn mistakes_are_located() {
    let e = Template::parse("t.svg", "<svg width=\"63\" height=\"88mm\"/>").unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("millimetres"), "{e}");
    let e = Template::parse(
            "t.svg",
            "<svg width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\">\n  <circle id=\"rules\"/>\n</svg>",
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.svg:2:3: slot `rules` must be a <rect> (its box), not <circle>"
    );
    let e = Template::parse("t.svg", "<svg><rect></svg>").unwrap_err();
    assert!(e.to_string().starts_with("t.svg:1:"), "{e}");
    let e = Template::parse(
            "t.svg",
            "<svg width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\"><rect id=\"name\" width=\"9\" height=\"5\" data-font=\"Papyrus\"/></svg>",
        )
        .unwrap_err();
    assert!(e.message.contains("not bundled"), "{e}");
}

#[test]
fn each_kind_has_its_frame_and_a_pack_family_template_wins_over_a_builtin_kind_one() {
    use sigilforge_engine::model::CardKind;
    let frames: Vec<String> = CardKind::ALL
        .iter()
        .map(|k| format!("{} -> {}", k.name(), frame_for_kind(None, *k)))
        .collect();
    insta::assert_snapshot!(frames.join("\n"), @r"
        Creature -> creature.svg
        Artifact -> artifact.svg
        Spell -> spell.svg
        Champion -> champion.svg
        Beast -> beast.svg
        Item -> item.svg
        Structure -> structure.svg
        Relic -> relic.svg
        Clade -> clade.svg
        Ally -> creature.svg
        Action -> action.svg
        Token -> creature.svg
        ");
    let pack = tempfile::tempdir().unwrap();
    let dir = pack.path().join(PACK_TEMPLATE_DIR);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("creature.svg"), BUILTIN[0].1).unwrap();
    assert_eq!(
        frame_for_kind(Some(pack.path()), CardKind::Beast),
        "creature.svg"
    );
    std::fs::write(dir.join("beast.svg"), BUILTIN[0].1).unwrap();
    assert_eq!(
        frame_for_kind(Some(pack.path()), CardKind::Beast),
        "beast.svg"
    );
    assert_eq!(
        frame_for_kind(Some(pack.path()), CardKind::Item),
        "item.svg"
    );
}

#[test]
fn every_builtin_template_parses() {
    for (name, text) in BUILTIN {
        let t = Template::parse(name, text).unwrap();
        assert!(t.width_mm > 0.0);
    }
    let creature = Template::parse("creature.svg", BUILTIN[0].1).unwrap();
    let names: Vec<&str> = creature.slots().iter().map(|s| s.name.as_str()).collect();
    for slot in [
        "name", "cost", "type", "rules", "art", "attack", "life", "rarity", "set",
    ] {
        assert!(names.contains(&slot), "creature.svg lacks `{slot}`");
    }
}
