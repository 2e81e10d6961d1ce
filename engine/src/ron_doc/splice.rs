//! Writing a changed value into an existing text, touching only what changed.
//!
//! The old and new values are serialized (`ron`) and compared as trees; wherever they differ,
//! the matching place in the person's text is rewritten: a changed field's value, an added
//! field (after its neighbour, on its own line when the neighbours are), a removed field or list
//! item (with its own lines and the comment directly above it), an added item (after the last
//! one, one line if its neighbours are one line, indentation copied). Everything else, comments
//! and blank lines included, stays byte for byte.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, VecDeque};

use serde::Serialize;

use super::format::{one_line, pretty};
use super::tree::{Elem, Node, ParseError, parse, parse_at};

/// Why a value could not be spliced into a text (the caller then writes the canonical text).
#[derive(Debug, thiserror::Error)]
pub enum SpliceError {
    /// The existing text does not parse as RON.
    #[error("the file's text does not parse: {0}")]
    Parse(#[from] ParseError),
    /// The value could not be written as RON.
    #[error("cannot write the value: {0}")]
    Serialize(#[from] ron::Error),
    /// The text does not have the shape the old value says it has.
    #[error("the file's text does not match what was loaded from it")]
    Mismatch,
    /// The spliced text does not read back as the value written into it.
    #[error("the rewritten text would not read back as the edit")]
    ReadBack,
}

/// A serialized value: its compact RON text and the tree over it.
#[derive(Debug, Clone)]
pub struct Value {
    /// Compact RON (`ron::to_string`, apostrophes unescaped).
    pub text: String,
    /// The tree over `text`.
    pub root: Node,
}

impl Value {
    /// Serializes a value.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Value, SpliceError> {
        let text = ron::to_string(value)?.replace("\\'", "'");
        let root = parse(&text, usize::MAX)?.root;
        Ok(Value { text, root })
    }

    fn view(&self) -> V<'_> {
        V {
            text: &self.text,
            node: &self.root,
        }
    }

    /// The value's identity for matching list items: its `id` or `name` field's text, if any.
    #[must_use]
    pub fn identity(&self) -> Option<&str> {
        self.view().identity()
    }
}

/// A node of a serialized value, with the text it lives in.
#[derive(Clone, Copy)]
struct V<'a> {
    text: &'a str,
    node: &'a Node,
}

impl<'a> V<'a> {
    fn str(self) -> &'a str {
        self.node.text(self.text)
    }

    fn same(self, other: V<'_>) -> bool {
        self.str() == other.str()
    }

    fn elems(self) -> &'a [Elem] {
        self.node.elems().unwrap_or(&[])
    }

    fn child(self, elem: &'a Elem) -> V<'a> {
        V {
            text: self.text,
            node: &elem.value,
        }
    }

    fn fields(self) -> Vec<(&'a str, V<'a>)> {
        self.elems()
            .iter()
            .filter_map(|e| Some((e.field_name(self.text)?, self.child(e))))
            .collect()
    }

    /// An item's identity for matching in lists: its `id` or `name` field, if it has one.
    fn identity(self) -> Option<&'a str> {
        let node = self.node;
        node.field(self.text, "id")
            .or_else(|| node.field(self.text, "name"))
            .map(|e| e.value.text(self.text))
    }
}

/// Rewrites `text` (which holds `old`) so that it holds `new`, touching only what differs.
pub fn splice_value<T: Serialize + ?Sized>(
    text: &str,
    old: &T,
    new: &T,
) -> Result<String, SpliceError> {
    let old = Value::of(old)?;
    let new = Value::of(new)?;
    let doc = parse(text, usize::MAX)?;
    let mut s = Splicer::new(text);
    s.node(&doc.root, old.view(), new.view())?;
    Ok(s.finish())
}

/// Like [`splice_value`] for a file whose root is a struct holding one list of items under
/// `field` (`CardSet(cards: [...])`): only items that differ are serialized, so one edit in a
/// 10,000-item file costs one scan of the text, not a serialization of every item.
pub fn splice_list_field<T: Serialize + PartialEq>(
    text: &str,
    field: &str,
    old: &[T],
    new: &[T],
) -> Result<String, SpliceError> {
    let doc = parse(text, 2)?;
    let list = doc.root.field(text, field).ok_or(SpliceError::Mismatch)?;
    let src = list.value.elems().ok_or(SpliceError::Mismatch)?;
    if src.len() != old.len() {
        return Err(SpliceError::Mismatch);
    }
    let mut s = Splicer::new(text);
    if new.is_empty() || old.is_empty() {
        let value = Value::of(new)?;
        s.replace(&list.value, value.view());
        return Ok(s.finish());
    }
    let plan = diff(
        old.len(),
        new.len(),
        |i, j| old[i] == new[j],
        |i| Value::of(&old[i]),
        |j| Value::of(&new[j]),
    )?;
    s.apply_list(&list.value, src, &plan)?;
    Ok(s.finish())
}

/// How one new list item comes about.
#[derive(Debug)]
enum Slot {
    /// Old item `i`, unchanged, where it was.
    Keep(usize),
    /// Old item `i`, changed into the new value.
    Modify(usize, Value, Value),
    /// Old item `i` moved here, unchanged (its text, comments included, moves with it).
    Moved(usize),
    /// A new item.
    Fresh(Value),
}

/// The plan for a list: a slot per new item, and the old items that go.
#[derive(Debug)]
struct Plan {
    slots: Vec<Slot>,
    deleted: Vec<usize>,
}

/// Matches old items to new ones: the common start and end by cheap equality; in between,
/// equal values by their text (moves keep their text), then changed items paired by identity
/// (`id`/`name`) or position.
fn diff(
    old_len: usize,
    new_len: usize,
    eq: impl Fn(usize, usize) -> bool,
    old_value: impl Fn(usize) -> Result<Value, SpliceError>,
    new_value: impl Fn(usize) -> Result<Value, SpliceError>,
) -> Result<Plan, SpliceError> {
    let mut prefix = 0;
    while prefix < old_len && prefix < new_len && eq(prefix, prefix) {
        prefix += 1;
    }
    let mut suffix = 0;
    while suffix < old_len - prefix
        && suffix < new_len - prefix
        && eq(old_len - 1 - suffix, new_len - 1 - suffix)
    {
        suffix += 1;
    }
    let old_mid: Vec<Value> = (prefix..old_len - suffix)
        .map(&old_value)
        .collect::<Result<_, _>>()?;
    let new_mid: Vec<Value> = (prefix..new_len - suffix)
        .map(&new_value)
        .collect::<Result<_, _>>()?;
    // Equal texts: candidates for keeping or moving.
    let mut by_text: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for (i, v) in old_mid.iter().enumerate() {
        by_text.entry(v.text.as_str()).or_default().push_back(i);
    }
    let matched: Vec<Option<usize>> = new_mid
        .iter()
        .map(|v| {
            by_text
                .get_mut(v.text.as_str())
                .and_then(VecDeque::pop_front)
        })
        .collect();
    // The longest run of matches in old order stays in place; other matches are moves.
    let pairs: Vec<(usize, usize)> = matched
        .iter()
        .enumerate()
        .filter_map(|(j, m)| m.map(|i| (j, i)))
        .collect();
    let keep: std::collections::HashSet<usize> = longest_increasing(&pairs).into_iter().collect();
    let mut old_used = vec![false; old_mid.len()];
    let mut kinds: Vec<Option<SlotKind>> = vec![None; new_mid.len()];
    for (j, i) in &pairs {
        old_used[*i] = true;
        kinds[*j] = Some(if keep.contains(j) {
            SlotKind::Keep(*i)
        } else {
            SlotKind::Moved(*i)
        });
    }
    // Between kept anchors, pair the leftovers as changes: by identity, else by position.
    let mut j = 0;
    let mut last_kept_old: Option<usize> = None;
    while j <= new_mid.len() {
        let next_keep = (j..new_mid.len()).find(|k| matches!(kinds[*k], Some(SlotKind::Keep(_))));
        let end = next_keep.unwrap_or(new_mid.len());
        let old_lo = last_kept_old.map_or(0, |i| i + 1);
        let old_hi = next_keep
            .and_then(|k| match kinds[k] {
                Some(SlotKind::Keep(i)) => Some(i),
                _ => None,
            })
            .unwrap_or(old_mid.len());
        let free_old: Vec<usize> = (old_lo..old_hi).filter(|i| !old_used[*i]).collect();
        let free_new: Vec<usize> = (j..end).filter(|k| kinds[*k].is_none()).collect();
        let by_identity = free_new
            .iter()
            .any(|k| new_mid[*k].view().identity().is_some());
        if by_identity {
            let mut ids: BTreeMap<&str, VecDeque<usize>> = BTreeMap::new();
            for i in &free_old {
                if let Some(id) = old_mid[*i].view().identity() {
                    ids.entry(id).or_default().push_back(*i);
                }
            }
            for k in &free_new {
                if let Some(id) = new_mid[*k].view().identity()
                    && let Some(i) = ids.get_mut(id).and_then(VecDeque::pop_front)
                {
                    old_used[i] = true;
                    kinds[*k] = Some(SlotKind::Modify(i));
                }
            }
            // As many items left on each side of the gap: their ids changed (a rename), so
            // each is the same item changed in place, and keeps its comment and layout.
            let left_old: Vec<usize> = free_old.iter().copied().filter(|i| !old_used[*i]).collect();
            let left_new: Vec<usize> = (free_new.iter().copied())
                .filter(|k| kinds[*k].is_none())
                .collect();
            if left_old.len() == left_new.len() {
                for (i, k) in left_old.iter().zip(&left_new) {
                    old_used[*i] = true;
                    kinds[*k] = Some(SlotKind::Modify(*i));
                }
            }
        } else if free_old.len() == free_new.len() {
            for (i, k) in free_old.iter().zip(&free_new) {
                old_used[*i] = true;
                kinds[*k] = Some(SlotKind::Modify(*i));
            }
        }
        if let Some(k) = next_keep
            && let Some(SlotKind::Keep(i)) = kinds[k]
        {
            last_kept_old = Some(i);
        }
        j = end + 1;
    }
    let mut old_mid: Vec<Option<Value>> = old_mid.into_iter().map(Some).collect();
    let mut slots = Vec::with_capacity(new_len);
    slots.extend((0..prefix).map(Slot::Keep));
    for (k, value) in new_mid.into_iter().enumerate() {
        slots.push(match kinds[k] {
            Some(SlotKind::Keep(i)) => Slot::Keep(prefix + i),
            Some(SlotKind::Moved(i)) => Slot::Moved(prefix + i),
            Some(SlotKind::Modify(i)) => {
                let old = old_mid[i].take().ok_or(SpliceError::Mismatch)?;
                Slot::Modify(prefix + i, old, value)
            }
            None => Slot::Fresh(value),
        });
    }
    slots.extend((old_len - suffix..old_len).map(Slot::Keep));
    let mut deleted: Vec<usize> = old_used
        .iter()
        .enumerate()
        .filter(|(_, used)| !**used)
        .map(|(i, _)| prefix + i)
        .collect();
    // A moved item leaves its old place.
    deleted.extend(slots.iter().filter_map(|s| match s {
        Slot::Moved(i) => Some(*i),
        _ => None,
    }));
    deleted.sort_unstable();
    Ok(Plan { slots, deleted })
}

#[derive(Debug, Clone, Copy)]
enum SlotKind {
    Keep(usize),
    Moved(usize),
    Modify(usize),
}

/// The `j`s of a longest run of `(j, i)` pairs (sorted by `j`) whose `i`s increase.
fn longest_increasing(pairs: &[(usize, usize)]) -> Vec<usize> {
    // Patience sorting: tails[k] = index into pairs of the smallest tail of a run of length k+1.
    let mut tails: Vec<usize> = Vec::new();
    let mut back: Vec<Option<usize>> = vec![None; pairs.len()];
    for (p, (_, i)) in pairs.iter().enumerate() {
        let at = tails.partition_point(|t| pairs[*t].1 < *i);
        if at > 0 {
            back[p] = Some(tails[at - 1]);
        }
        if at == tails.len() {
            tails.push(p);
        } else {
            tails[at] = p;
        }
    }
    let mut out = Vec::new();
    let mut cur = tails.last().copied();
    while let Some(p) = cur {
        out.push(pairs[p].0);
        cur = back[p];
    }
    out
}

/// Collects replacements of byte ranges of the original text, then applies them at once.
pub(super) struct Splicer<'t> {
    text: &'t str,
    edits: Vec<(usize, usize, String)>,
}

impl<'t> Splicer<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        Self {
            text,
            edits: Vec::new(),
        }
    }

    /// The replacements collected so far: `(start, end, new text)` in the original text.
    pub(super) fn edits(&self) -> &[(usize, usize, String)] {
        &self.edits
    }

    /// Writes `old`'s replacement `new` at `src` (see [`Splicer::node`]), from outside.
    pub(super) fn value(
        &mut self,
        src: &Node,
        old: &Value,
        new: &Value,
    ) -> Result<(), SpliceError> {
        self.node(src, old.view(), new.view())
    }

    pub(super) fn finish(mut self) -> String {
        // Stable: insertions at one offset keep their order, and come before a removal there.
        self.edits.sort_by_key(|(s, e, _)| (*s, *e));
        let mut out = String::with_capacity(self.text.len() + 256);
        let mut at = 0;
        for (start, end, with) in &self.edits {
            let start = (*start).max(at);
            out.push_str(self.text.get(at..start).unwrap_or(""));
            out.push_str(with);
            at = (*end).max(start);
        }
        out.push_str(self.text.get(at..).unwrap_or(""));
        out
    }

    fn edit(&mut self, start: usize, end: usize, with: String) {
        self.edits.push((start, end, with));
    }

    /// A node with its elements read (a shallow parse may have skipped them).
    fn expand<'n>(&self, node: &'n Node) -> Result<Cow<'n, Node>, SpliceError> {
        match node.group() {
            Some(g) if g.elems.is_none() => {
                Ok(Cow::Owned(parse_at(self.text, node.start, usize::MAX)?))
            }
            _ => Ok(Cow::Borrowed(node)),
        }
    }

    /// Makes `src` (which holds `old`) hold `new`.
    fn node(&mut self, src: &Node, old: V<'_>, new: V<'_>) -> Result<(), SpliceError> {
        if old.same(new) {
            return Ok(());
        }
        let src = self.expand(src)?;
        let src = src.as_ref();
        let (Some(sg), Some(og), Some(ng)) = (src.group(), old.node.group(), new.node.group())
        else {
            self.replace(src, new);
            return Ok(());
        };
        let name = |text: &str, g: &super::tree::Group| {
            g.name.and_then(|(s, e)| text.get(s..e)).map(str::to_owned)
        };
        let (on, nn, sn) = (name(old.text, og), name(new.text, ng), name(self.text, sg));
        let names_fit = on == nn && (on.is_none() || on == sn);
        if !names_fit || og.bracket != ng.bracket || sg.bracket != og.bracket {
            self.replace(src, new);
            return Ok(());
        }
        let src_elems = src.elems().unwrap_or(&[]);
        if new.elems().is_empty() || src_elems.is_empty() {
            self.replace(src, new);
            return Ok(());
        }
        if old.node.has_fields() || new.node.has_fields() {
            self.fields(src, src_elems, old, new)
        } else if src_elems.len() == old.elems().len() {
            if og.bracket == super::tree::Bracket::Brace {
                self.map(src, src_elems, old, new)
            } else {
                let (oe, ne) = (old.elems(), new.elems());
                let plan = diff(
                    oe.len(),
                    ne.len(),
                    |i, j| old.child(&oe[i]).same(new.child(&ne[j])),
                    |i| sub_value(old, &oe[i]),
                    |j| sub_value(new, &ne[j]),
                )?;
                self.apply_list(src, src_elems, &plan)
            }
        } else {
            self.replace(src, new);
            Ok(())
        }
    }

    /// Struct fields: changed values rewritten, new fields inserted, dropped ones removed;
    /// fields the old value does not know (a typo the loader skipped) stay as written.
    fn fields(
        &mut self,
        src: &Node,
        src_elems: &[Elem],
        old: V<'_>,
        new: V<'_>,
    ) -> Result<(), SpliceError> {
        let text = self.text;
        let old_fields: BTreeMap<&str, V<'_>> = old.fields().into_iter().collect();
        let new_fields = new.fields();
        let src_index = |name: &str| {
            src_elems
                .iter()
                .position(|e| e.field_name(text) == Some(name))
        };
        let mut anchor: Option<usize> = None;
        let mut inserts: Vec<(Option<usize>, String, V<'_>)> = Vec::new();
        for (name, nv) in &new_fields {
            match (old_fields.get(name), src_index(name)) {
                (Some(ov), Some(si)) => {
                    self.node(&src_elems[si].value, *ov, *nv)?;
                    anchor = Some(si);
                }
                (None, Some(si)) => {
                    self.replace(&src_elems[si].value, *nv);
                    anchor = Some(si);
                }
                (Some(ov), None) if ov.same(*nv) => {}
                (_, None) => inserts.push((anchor, (*name).to_owned(), *nv)),
            }
        }
        let new_names: Vec<&str> = new_fields.iter().map(|(n, _)| *n).collect();
        let mut deleted = Vec::new();
        for name in old_fields.keys() {
            if !new_names.contains(name)
                && let Some(si) = src_index(name)
            {
                deleted.push(si);
            }
        }
        if deleted.len() == src_elems.len() && inserts.is_empty() {
            self.replace(src, new);
            return Ok(());
        }
        for si in &deleted {
            self.delete(src, src_elems, *si);
        }
        let layout = Layout::of(self.text, src, src_elems);
        for (anchor, name, value) in inserts {
            self.insert(src_elems, &layout, anchor, &Insertion::Field(&name, value));
        }
        Ok(())
    }

    /// Map entries by key.
    fn map(
        &mut self,
        src: &Node,
        src_elems: &[Elem],
        old: V<'_>,
        new: V<'_>,
    ) -> Result<(), SpliceError> {
        let key_text = |v: V<'_>, e: &Elem| match &e.key {
            Some(super::tree::Key::Value(k)) => one_line(v.text, k),
            _ => String::new(),
        };
        let old_keys: Vec<String> = old.elems().iter().map(|e| key_text(old, e)).collect();
        let new_keys: Vec<String> = new.elems().iter().map(|e| key_text(new, e)).collect();
        // The person's text may list the entries in another order than the value serializes.
        let src_keys: Vec<String> = src_elems
            .iter()
            .map(|e| match &e.key {
                Some(super::tree::Key::Value(k)) => one_line(self.text, k),
                _ => String::new(),
            })
            .collect();
        let mut anchor = None;
        let layout = Layout::of(self.text, src, src_elems);
        for (j, e) in new.elems().iter().enumerate() {
            let at_src = src_keys.iter().position(|k| *k == new_keys[j]);
            match (old_keys.iter().position(|k| *k == new_keys[j]), at_src) {
                (Some(i), Some(si)) => {
                    self.node(
                        &src_elems[si].value,
                        old.child(&old.elems()[i]),
                        new.child(e),
                    )?;
                    anchor = Some(si);
                }
                (None, Some(si)) => {
                    self.replace(&src_elems[si].value, new.child(e));
                    anchor = Some(si);
                }
                (_, None) => {
                    let key = new_keys[j].clone();
                    self.insert(
                        src_elems,
                        &layout,
                        anchor,
                        &Insertion::Entry(&key, new.child(e)),
                    );
                }
            }
        }
        for k in &old_keys {
            if !new_keys.contains(k)
                && let Some(si) = src_keys.iter().position(|s| s == k)
            {
                self.delete(src, src_elems, si);
            }
        }
        Ok(())
    }

    fn apply_list(
        &mut self,
        src: &Node,
        src_elems: &[Elem],
        plan: &Plan,
    ) -> Result<(), SpliceError> {
        let layout = Layout::of(self.text, src, src_elems);
        let mut anchor: Option<usize> = None;
        for slot in &plan.slots {
            match slot {
                Slot::Keep(i) => anchor = Some(*i),
                Slot::Modify(i, old, new) => {
                    let elem = src_elems.get(*i).ok_or(SpliceError::Mismatch)?;
                    self.node(&elem.value, old.view(), new.view())?;
                    anchor = Some(*i);
                }
                Slot::Moved(i) => {
                    self.insert(src_elems, &layout, anchor, &Insertion::Verbatim(*i));
                }
                Slot::Fresh(value) => {
                    self.insert(src_elems, &layout, anchor, &Insertion::Item(value.view()));
                }
            }
        }
        for i in &plan.deleted {
            self.delete(src, src_elems, *i);
        }
        Ok(())
    }

    /// Replaces a value, one line if it was one line, else the canonical layout at its indent.
    fn replace(&mut self, src: &Node, new: V<'_>) {
        let old_text = src.text(self.text);
        let rendered = if old_text.contains('\n') {
            let indent = line_indent(self.text, src.start);
            let column = column_of(self.text, src.start);
            pretty(new.text, new.node, &indent, column)
        } else {
            one_line(new.text, new.node)
        };
        self.edit(src.start, src.end, rendered);
    }

    /// Removes element `i`: its own lines and the comment directly above when it stands on its
    /// own lines, else the element and its separator.
    fn delete(&mut self, _src: &Node, elems: &[Elem], i: usize) {
        let Some(elem) = elems.get(i) else { return };
        let text = self.text;
        if let Some((start, end)) = own_lines(text, elem) {
            let start = comment_block_start(text, start);
            self.edit(start, end, String::new());
        } else if let Some(comma) = elem.comma
            && elems.len() > 1
        {
            // The element, its comma and the spaces after it (not a line break or comment).
            let after = text.get(comma + 1..).map_or(0, |rest| {
                rest.len() - rest.trim_start_matches([' ', '\t']).len()
            });
            let end = if i + 1 == elems.len() {
                // The last one with a trailing comma: take the separator before it instead.
                let prev = &elems[i - 1];
                self.edit(
                    prev.comma.map_or(prev.value.end, |c| c + 1),
                    elem.start(),
                    String::new(),
                );
                comma + 1
            } else {
                comma + 1 + after
            };
            self.edit(elem.start(), end, String::new());
        } else if i > 0 {
            let prev = &elems[i - 1];
            self.edit(
                prev.comma.unwrap_or(prev.value.end),
                elem.end_with_comma(),
                String::new(),
            );
        } else {
            self.edit(elem.start(), elem.end_with_comma(), String::new());
        }
    }

    /// Inserts after element `anchor` (or before the first element).
    fn insert(
        &mut self,
        elems: &[Elem],
        layout: &Layout,
        anchor: Option<usize>,
        what: &Insertion<'_>,
    ) {
        let text = self.text;
        let neighbour = anchor.or(if elems.is_empty() { None } else { Some(0) });
        let Some(n) = neighbour.and_then(|n| elems.get(n)) else {
            return;
        };
        let on_lines = match anchor {
            Some(a) => layout.lines || ends_line(text, &elems[a]),
            None => layout.lines || own_lines(text, n).is_some(),
        };
        if on_lines {
            let indent = line_indent(text, n.start());
            let one = !n.value.text(text).contains('\n');
            let body = match what {
                Insertion::Verbatim(i) => {
                    let Some(e) = elems.get(*i) else { return };
                    let (start, end) =
                        own_lines(text, e).unwrap_or((e.start(), e.end_with_comma()));
                    let start = comment_block_start(text, start);
                    let chunk = text.get(start..end).unwrap_or("").trim_end_matches('\n');
                    let mut chunk = chunk.to_owned();
                    if e.comma.is_none() {
                        let at = e.value.end - start;
                        chunk.insert(at.min(chunk.len()), ',');
                    }
                    chunk
                }
                _ => format!("{},", render(what, one, &indent, text, elems)),
            };
            // A moved element's lines go as they were (their own indentation); new text is
            // indented like the neighbour.
            let indent = if matches!(what, Insertion::Verbatim(_)) {
                String::new()
            } else {
                indent
            };
            if let Some(a) = anchor {
                let e = &elems[a];
                if e.comma.is_none() {
                    self.edit(e.value.end, e.value.end, ",".to_owned());
                }
                let at = line_end(text, e.end_with_comma());
                self.edit(at, at, format!("\n{indent}{body}"));
            } else {
                let start =
                    own_lines(text, n).map_or(n.start(), |(s, _)| comment_block_start(text, s));
                self.edit(start, start, format!("{indent}{body}\n"));
            }
        } else {
            let body = match what {
                Insertion::Verbatim(i) => elems
                    .get(*i)
                    .map(|e| e.value.text(text).to_owned())
                    .unwrap_or_default(),
                _ => render(what, true, "", text, elems),
            };
            if let Some(a) = anchor {
                let at = elems[a].value.end;
                self.edit(at, at, format!(", {body}"));
            } else {
                let at = n.start();
                self.edit(at, at, format!("{body}, "));
            }
        }
    }
}

/// What an insertion writes.
enum Insertion<'a> {
    /// `name: value` in a struct.
    Field(&'a str, V<'a>),
    /// `key: value` in a map.
    Entry(&'a str, V<'a>),
    /// A list item.
    Item(V<'a>),
    /// An existing element's text, moved (index into the source elements).
    Verbatim(usize),
}

fn render(what: &Insertion<'_>, one: bool, indent: &str, _text: &str, _elems: &[Elem]) -> String {
    let (prefix, v) = match what {
        Insertion::Field(name, v) | Insertion::Entry(name, v) => (format!("{name}: "), *v),
        Insertion::Item(v) => (String::new(), *v),
        Insertion::Verbatim(_) => return String::new(),
    };
    let value = if one {
        one_line(v.text, v.node)
    } else {
        pretty(
            v.text,
            v.node,
            indent,
            indent.chars().count() + prefix.chars().count(),
        )
    };
    format!("{prefix}{value}")
}

/// How a group's elements are laid out in the text.
struct Layout {
    /// Every element on its own line(s) and the closing bracket on its own line.
    lines: bool,
}

impl Layout {
    fn of(text: &str, src: &Node, elems: &[Elem]) -> Layout {
        let close_own_line = src.group().is_some_and(|g| {
            let line_start = text
                .get(..g.close)
                .and_then(|b| b.rfind('\n'))
                .map_or(0, |i| i + 1);
            line_start > src.start && only_trivia(text.get(line_start..g.close).unwrap_or(""))
        });
        Layout {
            lines: close_own_line
                && !elems.is_empty()
                && elems.iter().all(|e| own_lines(text, e).is_some()),
        }
    }
}

fn sub_value(parent: V<'_>, elem: &Elem) -> Result<Value, SpliceError> {
    let text = elem.value.text(parent.text).to_owned();
    let root = parse(&text, usize::MAX)?.root;
    Ok(Value { text, root })
}

/// The whitespace at the start of the line holding `offset`.
fn line_indent(text: &str, offset: usize) -> String {
    let line_start = text
        .get(..offset)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    text.get(line_start..)
        .unwrap_or("")
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// Characters before `offset` on its line.
fn column_of(text: &str, offset: usize) -> usize {
    let line_start = text
        .get(..offset)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    text.get(line_start..offset)
        .map_or(0, |s| s.chars().count())
}

/// Offset of the `\n` ending the line that holds `offset` (or the text's end).
fn line_end(text: &str, offset: usize) -> usize {
    text.get(offset..)
        .and_then(|rest| rest.find('\n'))
        .map_or(text.len(), |i| offset + i)
}

/// Whether `slice` holds nothing but whitespace and comments.
fn only_trivia(slice: &str) -> bool {
    super::lex::Lexer::new(slice).all(|t| t.is_ok_and(|t| t.kind.is_comment()))
}

/// Whether only whitespace or comments follow the element (its comma included) on its line.
fn ends_line(text: &str, elem: &Elem) -> bool {
    let end = elem.end_with_comma();
    only_trivia(text.get(end..line_end(text, end)).unwrap_or(""))
}

/// The element's lines `[start of its first line, just past the newline of its last line)`, when
/// it stands on lines of its own (nothing but comments before or after it on them).
fn own_lines(text: &str, elem: &Elem) -> Option<(usize, usize)> {
    let start = elem.start();
    let line_start = text
        .get(..start)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    if !only_trivia(text.get(line_start..start)?) || !ends_line(text, elem) {
        return None;
    }
    let end = line_end(text, elem.end_with_comma());
    Some((line_start, (end + 1).min(text.len())))
}

/// Moves a line start up over comment lines directly above it (no blank line between).
fn comment_block_start(text: &str, mut line_start: usize) -> usize {
    while line_start > 0 {
        let prev_start = text
            .get(..line_start - 1)
            .and_then(|b| b.rfind('\n'))
            .map_or(0, |i| i + 1);
        let line = text.get(prev_start..line_start - 1).unwrap_or("").trim();
        if line.starts_with("//") {
            line_start = prev_start;
        } else {
            break;
        }
    }
    line_start
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::{Card, CardSet};

    /// A card with just an id (its name in capitals), an attack and life 1.
    pub(in crate::ron_doc) fn card(id: &str, attack: i32) -> Card {
        Card {
            id: id.into(),
            name: id.to_uppercase(),
            attack,
            life: 1,
            ..Card::default()
        }
    }

    const FILE: &str = "// The cards.\nCardSet(\n    cards: [\n        (id: \"a\", name: \"A\", attack: 1, life: 1),\n        // Bee's note.\n        (id: \"b\", name: \"B\", attack: 2, life: 1), // trailing\n        (id: \"c\", name: \"C\", attack: 3, life: 1),\n    ],\n)\n";

    fn set() -> Vec<Card> {
        vec![card("a", 1), card("b", 2), card("c", 3)]
    }

    #[test]
    fn a_changed_field_is_the_only_change() {
        let old = set();
        let mut new = set();
        new[1].attack = 9;
        let out = splice_list_field(FILE, "cards", &old, &new).unwrap();
        assert_eq!(out, FILE.replace("attack: 2", "attack: 9"));
    }

    #[test]
    fn an_added_card_follows_the_last_in_its_style() {
        let old = set();
        let mut new = set();
        new.push(card("d", 4));
        let out = splice_list_field(FILE, "cards", &old, &new).unwrap();
        let want = FILE.replace(
            "life: 1),\n    ],",
            "life: 1),\n        (id: \"d\", name: \"D\", attack: 4, life: 1),\n    ],",
        );
        assert_eq!(out, want);
    }

    #[test]
    fn a_deleted_card_takes_its_comment_and_nothing_else() {
        let old = set();
        let new = vec![card("a", 1), card("c", 3)];
        let out = splice_list_field(FILE, "cards", &old, &new).unwrap();
        assert_eq!(
            out,
            "// The cards.\nCardSet(\n    cards: [\n        (id: \"a\", name: \"A\", attack: 1, life: 1),\n        (id: \"c\", name: \"C\", attack: 3, life: 1),\n    ],\n)\n"
        );
    }

    #[test]
    fn a_card_whose_id_changes_keeps_its_comment_and_layout() {
        let old = set();
        let mut new = set();
        new[1].id = "bee".into();
        let out = splice_list_field(FILE, "cards", &old, &new).unwrap();
        assert_eq!(out, FILE.replace("id: \"b\"", "id: \"bee\""));
    }

    #[test]
    fn a_moved_card_keeps_its_text_and_comment() {
        let old = set();
        let new = vec![card("b", 2), card("a", 1), card("c", 3)];
        let out = splice_list_field(FILE, "cards", &old, &new).unwrap();
        let back: CardSet = ron::from_str(&out).unwrap();
        assert_eq!(back.cards, new, "{out}");
        assert!(out.contains("// Bee's note.\n        (id: \"b\", name: \"B\", attack: 2, life: 1), // trailing\n        (id: \"a\""), "{out}");
    }

    #[derive(Serialize, PartialEq)]
    struct S {
        a: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        c: Option<i32>,
    }

    #[test]
    fn added_and_removed_fields_follow_their_neighbours() {
        let text = "(\n    a: 1,\n    // about c\n    c: 3,\n)";
        let old = S {
            a: 1,
            b: None,
            c: Some(3),
        };
        let new = S {
            a: 1,
            b: Some(2),
            c: None,
        };
        let out = splice_value(text, &old, &new).unwrap();
        assert_eq!(out, "(\n    a: 1,\n    b: Some(2),\n)");
    }
}
