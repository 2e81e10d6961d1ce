//! Text that fits its box: rich text (keyword names bold, `{ATK}`-style icons inline), greedy
//! word wrap, and shrinking from the slot's size down to its minimum until every line fits.
//! Positions come out in the slot's own units; `slot` turns them into SVG.

use crate::fonts::{FontSpec, Fonts};

/// One styled piece of a paragraph.
#[derive(Debug, Clone, PartialEq)]
pub enum Span {
    /// Text, bold or not (a space inside is a place to break).
    Text {
        /// The text.
        text: String,
        /// Set in the bold face.
        bold: bool,
    },
    /// An inline icon by name (`ATK` for `{ATK}`), drawn one em wide.
    Icon(String),
}

/// A paragraph of rich text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Paragraph {
    /// Its spans in order.
    pub spans: Vec<Span>,
}

impl Paragraph {
    /// A paragraph of one plain span.
    #[must_use]
    pub fn plain(text: &str) -> Self {
        Self {
            spans: vec![Span::Text {
                text: text.to_owned(),
                bold: false,
            }],
        }
    }

    /// Rich text from plain text: `{NAME}` becomes an icon when `is_icon(NAME)`, and each
    /// whole-word occurrence of a name in `bold_names` is set bold. `head`, when given, is
    /// printed bold first and followed by `: ` (a keyword line: `Armor 2: Takes 2 less damage.`).
    #[must_use]
    pub fn markup(
        head: Option<&str>,
        body: &str,
        bold_names: &[String],
        is_icon: &dyn Fn(&str) -> bool,
    ) -> Self {
        let mut para = Paragraph::default();
        if let Some(head) = head {
            para.push_text(head, true);
            if !body.is_empty() {
                para.push_text(if body.starts_with('(') { " " } else { ": " }, false);
            }
        }
        let mut rest = body;
        while !rest.is_empty() {
            if let Some(open) = rest.find('{')
                && let Some(len) = rest[open..].find('}')
                && is_icon(&rest[open + 1..open + len])
            {
                para.push_bolded(&rest[..open], bold_names);
                para.spans
                    .push(Span::Icon(rest[open + 1..open + len].to_owned()));
                rest = &rest[open + len + 1..];
                continue;
            }
            para.push_bolded(rest, bold_names);
            break;
        }
        para
    }

    fn push_text(&mut self, text: &str, bold: bool) {
        if text.is_empty() {
            return;
        }
        if let Some(Span::Text {
            text: last,
            bold: b,
        }) = self.spans.last_mut()
            && *b == bold
        {
            last.push_str(text);
            return;
        }
        self.spans.push(Span::Text {
            text: text.to_owned(),
            bold,
        });
    }

    /// Appends `text`, with whole-word occurrences of `names` bold (longest name first).
    fn push_bolded(&mut self, text: &str, names: &[String]) {
        let mut plain_from = 0;
        let mut at = 0;
        let bytes = text.as_bytes();
        while at < text.len() {
            let starts_word = at == 0 || !is_word_byte(bytes[at - 1]);
            let found = starts_word
                .then(|| {
                    names
                        .iter()
                        .filter(|n| {
                            !n.is_empty()
                                && text[at..].starts_with(n.as_str())
                                && text
                                    .as_bytes()
                                    .get(at + n.len())
                                    .is_none_or(|b| !is_word_byte(*b))
                        })
                        .map(String::len)
                        .max()
                })
                .flatten();
            if let Some(len) = found {
                self.push_text(&text[plain_from..at], false);
                self.push_text(&text[at..at + len], true);
                at += len;
                plain_from = at;
            } else {
                at += text[at..].chars().next().map_or(1, char::len_utf8);
            }
        }
        self.push_text(&text[plain_from..], false);
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// How text sits in its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Align {
    /// Left.
    #[default]
    Start,
    /// Centred.
    Middle,
    /// Right.
    End,
}

/// Where the block of lines sits vertically in its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VAlign {
    /// At the top.
    Top,
    /// Centred.
    #[default]
    Middle,
    /// At the bottom.
    Bottom,
}

/// How a slot sets its text.
#[derive(Debug, Clone, PartialEq)]
pub struct TextStyle {
    /// Family name (one of the bundled fonts).
    pub family: String,
    /// The whole slot in bold.
    pub bold: bool,
    /// The whole slot in italic.
    pub italic: bool,
    /// The size to start from, in the template's units.
    pub size: f32,
    /// The smallest size to shrink to.
    pub min_size: f32,
    /// Line spacing as a multiple of the size.
    pub line_height: f32,
    /// Horizontal alignment.
    pub align: Align,
    /// Vertical alignment.
    pub valign: VAlign,
    /// Text colour (an SVG colour).
    pub color: String,
    /// Break into several lines (the rules box); otherwise one line, shrunk to fit its width.
    pub wrap: bool,
}

/// A box in the template's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

/// A piece placed on a line.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// Text starting at `x` on the line's baseline.
    Text {
        /// Left edge.
        x: f32,
        /// The text (may contain spaces).
        text: String,
        /// Bold face.
        bold: bool,
    },
    /// An icon whose left edge is `x`, one em wide.
    Icon {
        /// Left edge.
        x: f32,
        /// The icon's name.
        name: String,
    },
}

/// A laid-out line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Its baseline.
    pub baseline: f32,
    /// Its pieces, left to right.
    pub pieces: Vec<Placed>,
}

/// Text laid out in a box.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The size every line is set in.
    pub size: f32,
    /// The lines.
    pub lines: Vec<Line>,
    /// Even at the minimum size the text did not fit: the last line kept ends in `…`.
    pub overflowed: bool,
}

/// Where the first baseline sits below the top of a line, in ems (cap height plus air).
const BASELINE_EM: f32 = 0.8;
/// How far descenders reach below the last baseline, in ems.
const DESCENT_EM: f32 = 0.25;
/// Extra space between paragraphs, in ems.
const PARAGRAPH_GAP_EM: f32 = 0.3;
/// Each shrinking step scales the size by this.
const SHRINK_STEP: f32 = 0.95;
/// An icon's advance, in ems.
pub const ICON_EM: f32 = 1.05;

/// A word: pieces with no break inside, and its advance in ems.
#[derive(Debug, Clone)]
struct Word {
    pieces: Vec<(Option<String>, String, bool)>, // (icon, text, bold)
    width_em: f32,
}

/// Lays `paragraphs` out in `rect`: wrapped (or on one line), shrunk step by step from
/// `style.size` until everything fits, never below `style.min_size`.
#[must_use]
pub fn layout(fonts: &Fonts, paragraphs: &[Paragraph], style: &TextStyle, rect: Rect) -> Layout {
    let words: Vec<Vec<Word>> = paragraphs
        .iter()
        .map(|p| split_words(fonts, p, style))
        .collect();
    let space_em = fonts.advance_em(&spec(style, false), " ");
    let mut size = style.size.max(style.min_size);
    loop {
        let max_em = rect.width / size;
        let lines = if style.wrap {
            wrap(&words, space_em, max_em)
        } else {
            vec![(true, words.iter().flatten().cloned().collect::<Vec<_>>())]
        };
        let needed = block_height_em(&lines, style.line_height) * size;
        let widest = lines
            .iter()
            .map(|(_, l)| line_width(l, space_em))
            .fold(0.0, f32::max);
        let fits = needed <= rect.height + 1e-4 && widest <= max_em + 1e-4;
        if fits || size <= style.min_size + 1e-4 {
            return place(fonts, lines, style, rect, size, space_em, !fits);
        }
        size = (size * SHRINK_STEP).max(style.min_size);
    }
}

fn spec(style: &TextStyle, bold: bool) -> FontSpec {
    FontSpec {
        family: style.family.clone(),
        bold: bold || style.bold,
        italic: style.italic,
    }
}

fn split_words(fonts: &Fonts, para: &Paragraph, style: &TextStyle) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current = Word {
        pieces: Vec::new(),
        width_em: 0.0,
    };
    let finish = |current: &mut Word, words: &mut Vec<Word>| {
        if !current.pieces.is_empty() {
            words.push(std::mem::replace(
                current,
                Word {
                    pieces: Vec::new(),
                    width_em: 0.0,
                },
            ));
        }
    };
    for span in &para.spans {
        match span {
            Span::Icon(name) => {
                current
                    .pieces
                    .push((Some(name.clone()), String::new(), false));
                current.width_em += ICON_EM;
            }
            Span::Text { text, bold } => {
                for (i, part) in text.split(' ').enumerate() {
                    if i > 0 {
                        finish(&mut current, &mut words);
                    }
                    if !part.is_empty() {
                        current.width_em += fonts.advance_em(&spec(style, *bold), part);
                        current.pieces.push((None, part.to_owned(), *bold));
                    }
                }
            }
        }
    }
    finish(&mut current, &mut words);
    words
}

/// Greedy wrap; each line remembers whether it starts a paragraph.
fn wrap(paragraphs: &[Vec<Word>], space_em: f32, max_em: f32) -> Vec<(bool, Vec<Word>)> {
    let mut lines = Vec::new();
    for para in paragraphs {
        let mut line: Vec<Word> = Vec::new();
        let mut width = 0.0;
        let mut first = true;
        for word in para {
            if !line.is_empty() && width + space_em + word.width_em > max_em {
                lines.push((first, std::mem::take(&mut line)));
                first = false;
                width = 0.0;
            }
            width += if line.is_empty() { 0.0 } else { space_em } + word.width_em;
            line.push(word.clone());
        }
        if !line.is_empty() {
            lines.push((first, line));
        }
    }
    lines
}

/// Drops words, then letters of the last word, until `line` is at most `max_em` wide.
fn shorten(fonts: &Fonts, style: &TextStyle, line: &mut Vec<Word>, max_em: f32, space_em: f32) {
    while line.len() > 1 && line_width(line, space_em) > max_em {
        line.pop();
    }
    let before = match line.len() {
        0 => return,
        1 => 0.0,
        n => line_width(&line[..n - 1], space_em) + space_em,
    };
    let Some(word) = line.last_mut() else {
        return;
    };
    // Letters come off the word's last text piece (icons go whole).
    while before + word.width_em > max_em && !word.pieces.is_empty() {
        if let Some((None, text, _)) = word.pieces.last_mut()
            && text.chars().count() > 1
        {
            text.pop();
            let kept = text.trim_end().len();
            text.truncate(kept);
        } else {
            word.pieces.pop();
        }
        word.width_em = word
            .pieces
            .iter()
            .map(|(icon, text, bold)| match icon {
                Some(_) => ICON_EM,
                None => fonts.advance_em(&spec(style, *bold), text),
            })
            .sum();
    }
}

fn line_width(words: &[Word], space_em: f32) -> f32 {
    let gaps = words.len().saturating_sub(1) as f32;
    words.iter().map(|w| w.width_em).sum::<f32>() + gaps * space_em
}

fn block_height_em(lines: &[(bool, Vec<Word>)], line_height: f32) -> f32 {
    if lines.is_empty() {
        return 0.0;
    }
    let gaps = lines.iter().skip(1).filter(|(first, _)| *first).count() as f32;
    BASELINE_EM + (lines.len() - 1) as f32 * line_height + gaps * PARAGRAPH_GAP_EM + DESCENT_EM
}

fn place(
    fonts: &Fonts,
    mut lines: Vec<(bool, Vec<Word>)>,
    style: &TextStyle,
    rect: Rect,
    size: f32,
    space_em: f32,
    overflowed: bool,
) -> Layout {
    if overflowed {
        // Keep the lines that fit and mark the cut with an ellipsis, the last line shortened
        // (whole words, then letters) until it and the ellipsis fit the width.
        while lines.len() > 1 && block_height_em(&lines, style.line_height) * size > rect.height {
            lines.pop();
        }
        if let Some((_, last)) = lines.last_mut() {
            let ellipsis = "…".to_owned();
            let width_em = fonts.advance_em(&spec(style, false), &ellipsis);
            shorten(fonts, style, last, rect.width / size - width_em, space_em);
            // The ellipsis follows the last letter, without a space.
            if let Some(word) = last.last_mut() {
                word.pieces.push((None, ellipsis, false));
                word.width_em += width_em;
            } else {
                last.push(Word {
                    pieces: vec![(None, ellipsis, false)],
                    width_em,
                });
            }
        }
    }
    let block = block_height_em(&lines, style.line_height) * size;
    let top = match style.valign {
        VAlign::Top => rect.y,
        VAlign::Middle => rect.y + (rect.height - block) / 2.0,
        VAlign::Bottom => rect.y + rect.height - block,
    };
    let mut baseline = top + BASELINE_EM * size;
    let mut out = Vec::with_capacity(lines.len());
    for (i, (first, words)) in lines.iter().enumerate() {
        if i > 0 {
            baseline += style.line_height * size;
            if *first {
                baseline += PARAGRAPH_GAP_EM * size;
            }
        }
        let width = line_width(words, space_em) * size;
        let mut x = match style.align {
            Align::Start => rect.x,
            Align::Middle => rect.x + (rect.width - width) / 2.0,
            Align::End => rect.x + rect.width - width,
        };
        let mut pieces: Vec<Placed> = Vec::new();
        for (w, word) in words.iter().enumerate() {
            if w > 0 {
                // A space joins the previous text piece when the styles match.
                if let (Some(Placed::Text { text, bold, .. }), Some((None, _, next_bold))) =
                    (pieces.last_mut(), word.pieces.first())
                    && bold == next_bold
                {
                    text.push(' ');
                }
                x += space_em * size;
            }
            for (p, (icon, text, bold)) in word.pieces.iter().enumerate() {
                if let Some(name) = icon {
                    pieces.push(Placed::Icon {
                        x,
                        name: name.clone(),
                    });
                    x += ICON_EM * size;
                    continue;
                }
                let advance = fonts.advance_em(&spec(style, *bold), text) * size;
                // Text joins the previous piece of the same style after a space, or within
                // a word (a word and the ellipsis that cuts it short are one run of text).
                let within_word = p > 0 && word.pieces[p - 1].0.is_none();
                let joins = matches!(pieces.last(), Some(Placed::Text { text: t, bold: b, .. }) if b == bold && (within_word || t.ends_with(' ')));
                if joins && let Some(Placed::Text { text: t, .. }) = pieces.last_mut() {
                    t.push_str(text);
                } else {
                    pieces.push(Placed::Text {
                        x,
                        text: text.clone(),
                        bold: *bold,
                    });
                }
                x += advance;
            }
        }
        out.push(Line { baseline, pieces });
    }
    Layout {
        size,
        lines: out,
        overflowed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_style() -> TextStyle {
        TextStyle {
            family: "Noto Sans".into(),
            bold: false,
            italic: false,
            size: 2.6,
            min_size: 1.6,
            line_height: 1.2,
            align: Align::Start,
            valign: VAlign::Top,
            color: "#000".into(),
            wrap: true,
        }
    }

    fn no_icons(_: &str) -> bool {
        false
    }

    #[test]
    fn keyword_heads_and_names_are_bold_and_icons_are_pieces() {
        let p = Paragraph::markup(
            Some("Armor 2"),
            "Takes less damage; with Fury gains {ATK}.",
            &["Fury".to_owned(), "Fur".to_owned()],
            &|n| n == "ATK",
        );
        assert_eq!(
            p.spans,
            vec![
                Span::Text {
                    text: "Armor 2".into(),
                    bold: true
                },
                Span::Text {
                    text: ": Takes less damage; with ".into(),
                    bold: false
                },
                Span::Text {
                    text: "Fury".into(),
                    bold: true
                },
                Span::Text {
                    text: " gains ".into(),
                    bold: false
                },
                Span::Icon("ATK".into()),
                Span::Text {
                    text: ".".into(),
                    bold: false
                },
            ]
        );
        // `{NOPE}` is not an icon and stays as written; names inside words are not bold.
        let p = Paragraph::markup(None, "{NOPE} Furyous", &["Fury".to_owned()], &no_icons);
        assert_eq!(p, Paragraph::plain("{NOPE} Furyous"));
    }

    #[test]
    fn long_text_wraps_inside_the_box_and_shrinks_when_needed() {
        let fonts = Fonts::bundled();
        let rect = Rect {
            x: 5.0,
            y: 50.0,
            width: 50.0,
            height: 20.0,
        };
        let short = layout(
            fonts,
            &[Paragraph::plain("Deal 2 damage.")],
            &rules_style(),
            rect,
        );
        assert_eq!(short.lines.len(), 1);
        assert!((short.size - 2.6).abs() < 1e-6);
        let long_text = "When this creature is summoned: deal 2 damage to each enemy creature, then gain 3 life. ".repeat(4);
        let long = layout(fonts, &[Paragraph::plain(&long_text)], &rules_style(), rect);
        assert!(long.size < 2.6, "{}", long.size);
        assert!(!long.overflowed);
        assert!(long.lines.len() > 3);
        for line in &long.lines {
            assert!(line.baseline > rect.y && line.baseline < rect.y + rect.height);
            for piece in &line.pieces {
                if let Placed::Text { x, text, bold } = piece {
                    let w = fonts.advance_em(&spec(&rules_style(), *bold), text) * long.size;
                    assert!(*x >= rect.x - 1e-3 && x + w <= rect.x + rect.width + 0.05);
                }
            }
        }
    }

    #[test]
    fn text_that_cannot_fit_is_cut_with_an_ellipsis() {
        let fonts = Fonts::bundled();
        let rect = Rect {
            x: 0.0,
            y: 0.0,
            width: 20.0,
            height: 5.0,
        };
        let out = layout(
            fonts,
            &[Paragraph::plain(&"word ".repeat(200))],
            &rules_style(),
            rect,
        );
        assert!(out.overflowed);
        assert!((out.size - 1.6).abs() < 1e-6);
        let last = out.lines.last().unwrap();
        assert!(
            matches!(last.pieces.last(), Some(Placed::Text { text, .. }) if text.ends_with('…'))
        );
    }

    #[test]
    fn a_one_line_text_that_does_not_fit_ends_in_an_ellipsis_inside_its_box() {
        let fonts = Fonts::bundled();
        let style = TextStyle {
            wrap: false,
            size: 3.9,
            min_size: 2.2,
            ..rules_style()
        };
        let rect = Rect {
            x: 0.0,
            y: 0.0,
            width: 30.0,
            height: 6.8,
        };
        let name = "Archmage of the Eternal Conflagration Beyond the Ninth Gate";
        let out = layout(fonts, &[Paragraph::plain(name)], &style, rect);
        assert!(out.overflowed);
        assert_eq!(out.lines.len(), 1);
        let text: String = out.lines[0]
            .pieces
            .iter()
            .filter_map(|p| match p {
                Placed::Text { text, .. } => Some(text.as_str()),
                Placed::Icon { .. } => None,
            })
            .collect();
        assert!(text.ends_with('…') && text.len() < name.len(), "{text}");
        assert!(name.starts_with(text.trim_end_matches('…')), "{text}");
        let width = fonts.advance_em(&spec(&style, false), &text) * out.size;
        assert!(width <= rect.width + 1e-3, "{width} > {}", rect.width);
    }

    #[test]
    fn a_one_line_slot_shrinks_to_its_width() {
        let fonts = Fonts::bundled();
        let style = TextStyle {
            wrap: false,
            size: 4.0,
            min_size: 1.0,
            ..rules_style()
        };
        let rect = Rect {
            x: 0.0,
            y: 0.0,
            width: 30.0,
            height: 6.0,
        };
        let out = layout(
            fonts,
            &[Paragraph::plain("Archmage of the Endless Library")],
            &style,
            rect,
        );
        assert_eq!(out.lines.len(), 1);
        assert!(out.size < 4.0);
        assert!(!out.overflowed);
    }
}
