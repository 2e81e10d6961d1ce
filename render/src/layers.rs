//! A card's static layer: what its template draws before its first slot (the background, the
//! frame and the bars, most of them gradient fills, about a fifth of a card's raster time) is
//! the same for every card of that template and frame, so raster outputs draw it once, keep
//! the pixels (`crate::cache`) and draw each card's own part over a copy (issue #29).
//!
//! The result is the same pixels as drawing the whole card: resvg paints the elements in
//! order, each straight onto the canvas unless a group around it needs a layer of its own. So
//! the card is split only where that holds: the groups open at the split neither isolate
//! (opacity, clip, mask, filter, blending, a `style` attribute, a nested `<svg>` that clips)
//! nor are left out; there is no stylesheet; what the static part refers to (gradients, icons)
//! is defined in it; and nothing later can refer to what is taken out (it has no `id`).
//! Otherwise the card is drawn whole, as before. `tests/render_png.rs` compares both ways on
//! every built-in template.

use std::ops::Range;
use std::sync::Arc;

use usvg::roxmltree;

use crate::cache::Kept;

/// A static layer drawn: its pixels, and what the drawing covers in millimetres (left, top,
/// right, bottom; `None` when it draws nothing), for the bare-edge warning.
pub(crate) struct Layer {
    /// The pixels, premultiplied as resvg draws them.
    pub pixmap: tiny_skia::Pixmap,
    /// What the drawing covers.
    pub covers: Option<[f32; 4]>,
}

/// Static layers drawn, by their text, size and what the drawing reads (`None`: the static
/// part could not be drawn alone; the card is drawn whole). 192 MiB holds every built-in
/// template at 300 dpi several times over.
pub(crate) static LAYERS: Kept<Option<Arc<Layer>>> = Kept::new(192 << 20);

/// The bytes a kept layer costs.
pub(crate) fn layer_bytes(layer: Option<&Arc<Layer>>) -> usize {
    layer.map_or(0, |l| l.pixmap.data().len())
}

/// A card's drawing cut in two.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Split {
    /// The static part alone: the card's text up to the cut, the open groups closed.
    pub static_svg: String,
    /// The card without the static part's drawn elements (its definitions and the open
    /// groups stay): drawn over the static layer, it completes the card.
    pub rest_svg: String,
}

/// Elements that draw nothing where they are written (definitions, metadata).
const NOT_DRAWN: &[&str] = &[
    "defs",
    "linearGradient",
    "radialGradient",
    "pattern",
    "clipPath",
    "mask",
    "filter",
    "symbol",
    "marker",
    "title",
    "desc",
    "metadata",
];

/// Attributes that make resvg draw a group on a layer of its own (or that may say so).
const ISOLATING: &[&str] = &[
    "opacity",
    "clip-path",
    "mask",
    "filter",
    "mix-blend-mode",
    "isolation",
    "style",
];

/// Cuts `svg` (a composed card) at `cut` (`Composed::static_end`), or `None` when the card
/// must be drawn whole (see the module's note).
pub(crate) fn split(svg: &str, cut: usize) -> Option<Split> {
    if svg.contains("<style") || !svg.is_char_boundary(cut) {
        return None;
    }
    let doc = roxmltree::Document::parse(svg).ok()?;
    // The elements open at the cut, outermost first.
    let mut open = vec![doc.root_element()];
    while let Some(inner) = open.last().and_then(|node| {
        node.children()
            .filter(roxmltree::Node::is_element)
            .find(|c| c.range().start < cut && cut < c.range().end)
    }) {
        open.push(inner);
    }
    for (depth, node) in open.iter().enumerate() {
        let name = node.tag_name().name();
        let nested_svg = name == "svg" && depth > 0;
        let allowed = (name == "g" || (name == "svg" && depth == 0) || nested_svg)
            && ISOLATING.iter().all(|a| node.attribute(*a).is_none())
            && (!nested_svg || node.attribute("overflow") == Some("visible"));
        // The cut must fall between the open elements' children, not inside a start tag.
        let inside = node.first_child().is_some_and(|c| c.range().start <= cut);
        if !allowed || !inside {
            return None;
        }
    }
    // The static part's drawn elements: the open elements' children that end before the cut.
    let mut drawn: Vec<Range<usize>> = Vec::new();
    for node in &open {
        for child in node.children().filter(roxmltree::Node::is_element) {
            let range = child.range();
            if range.end > cut || NOT_DRAWN.contains(&child.tag_name().name()) {
                continue;
            }
            // Something later may refer to an element with an id; an image's file may change.
            if child
                .descendants()
                .any(|d| d.attribute("id").is_some() || d.tag_name().name() == "image")
            {
                return None;
            }
            drawn.push(range);
        }
    }
    if drawn.is_empty() || !references_resolve(&doc, cut) {
        return None;
    }
    drawn.sort_by_key(|r| r.start);
    let mut static_svg = svg[..cut].to_owned();
    for node in open.iter().rev() {
        static_svg.push_str("</");
        static_svg.push_str(qualified_name(svg, node)?);
        static_svg.push('>');
    }
    let mut rest_svg = String::with_capacity(svg.len());
    let mut from = 0;
    for range in drawn {
        rest_svg.push_str(&svg[from..range.start]);
        from = range.end;
    }
    rest_svg.push_str(&svg[from..]);
    Some(Split {
        static_svg,
        rest_svg,
    })
}

/// Whether every `#id` the text before `cut` refers to (`url(#…)`, `href="#…"`) is defined
/// before `cut`: the static part drawn alone must find it.
fn references_resolve(doc: &roxmltree::Document, cut: usize) -> bool {
    let defined_before = |id: &str| {
        doc.descendants()
            .any(|n| n.attribute("id") == Some(id) && n.range().start < cut)
    };
    doc.descendants()
        .filter(|n| n.is_element() && n.range().start < cut)
        .flat_map(|n| n.attributes())
        .all(|attr| {
            let value = attr.value();
            let mut ids = Vec::new();
            if attr.name() == "href" {
                ids.extend(value.strip_prefix('#'));
            }
            let mut rest = value;
            while let Some(at) = rest.find("url(#") {
                let after = &rest[at + "url(#".len()..];
                let end = after.find(')').unwrap_or(after.len());
                ids.push(after[..end].trim_end_matches(['"', '\'']));
                rest = &after[end..];
            }
            ids.into_iter().all(defined_before)
        })
}

/// The element's name as written in its start tag (with its prefix, if any).
fn qualified_name<'s>(svg: &'s str, node: &roxmltree::Node) -> Option<&'s str> {
    let tag = svg.get(node.range().start + 1..)?;
    let end = tag.find(|c: char| c.is_whitespace() || c == '>' || c == '/')?;
    Some(&tag[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><svg x="0" y="0" width="10" height="10" overflow="visible"><rect width="10" height="10" fill="url(#g)"/><circle r="2"/>"#;

    fn card(rest: &str) -> (String, usize) {
        let svg = format!("{HEAD}{rest}</svg></svg>");
        (svg, HEAD.len())
    }

    #[test]
    fn the_static_part_is_drawn_alone_and_taken_out_of_the_rest() {
        let (svg, cut) = card("<text>Grunt</text>");
        let split = split(&svg, cut).expect("splits");
        assert!(split.static_svg.ends_with(r#"<circle r="2"/></svg></svg>"#));
        assert!(roxmltree::Document::parse(&split.static_svg).is_ok());
        assert!(!split.rest_svg.contains("<rect"));
        assert!(!split.rest_svg.contains("<circle"));
        assert!(split.rest_svg.contains("<linearGradient id=\"g\">"));
        assert!(split.rest_svg.contains("<text>Grunt</text>"));
    }

    #[test]
    fn cards_that_could_draw_differently_are_drawn_whole() {
        // A stylesheet, an isolating group open at the cut, a nested svg that clips, a static
        // element something may refer to, a gradient defined after the cut.
        let (svg, _) = card("<text>x</text>");
        let isolating = svg.replacen(
            r#"overflow="visible">"#,
            r#"overflow="visible"><g opacity="0.5">"#,
            1,
        );
        let cases = [
            svg.replacen("<defs>", "<defs><style>rect{fill:red}</style>", 1),
            format!(
                "{}</g></svg></svg>",
                isolating.trim_end_matches("</svg></svg>")
            ),
            svg.replacen(r#" overflow="visible""#, "", 1),
            svg.replacen("<circle", r#"<circle id="dot""#, 1),
            svg.replacen(r#"fill="url(#g)""#, r#"fill="url(#later)""#, 1),
        ];
        for case in cases {
            let cut = case.find("<text>").expect("the cut");
            assert_eq!(split(&case, cut), None, "{case}");
        }
        let cut = svg.find("<text>").expect("the cut");
        assert!(split(&svg, cut).is_some());
    }
}
