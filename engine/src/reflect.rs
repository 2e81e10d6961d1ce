//! The content model described to the editor: each type's shape (fields and variants with
//! their doc comments) and mutable access to its parts, so one generic form edits every
//! ability, effect, condition and target (issue #13). `#[derive(Reflect)]`
//! (`sigilforge-derive`) writes the impls; a variant added to the model is in the form at once.
//!
//! No GUI here: the app draws from [`ValueMut`]; the engine walks the same shapes to rename a
//! keyword or a card id wherever a field [`Refers`] to one.

pub use sigilforge_derive::Reflect;

/// What a text field names, so the editor can suggest, check and rename it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refers {
    /// Free text.
    Nothing,
    /// A keyword's name (with an optional value: `"Armor 2"`).
    Keyword,
    /// A card id.
    Card,
    /// A phase (`"dawn"`, `"main"`, `"dusk"`, `"end"`).
    Phase,
    /// A tribe (battle line) or class.
    Tribe,
    /// A tabletop ability's id (the encounter ability library).
    Ability,
    /// A status condition's name.
    Status,
    /// A Flavor of the ability named beside it.
    Flavor,
    /// An Upgrade of the ability named beside it.
    Upgrade,
}

/// One field of a struct or of an enum variant.
#[derive(Debug, Clone, Copy)]
pub struct FieldInfo {
    /// The field's name (`"0"`, `"1"` for a tuple variant's fields).
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// A label other than the name, from `#[reflect(label = "...")]`.
    pub label: Option<&'static str>,
    /// What a text field names.
    pub refers: Refers,
    /// The smallest number that makes sense, from `#[reflect(min = N)]`.
    pub min: Option<i64>,
    /// Whether files may leave it out (it has a serde default).
    pub optional: bool,
    /// The field's type.
    pub ty: fn() -> TypeInfo,
}

/// A struct's shape.
#[derive(Debug)]
pub struct StructInfo {
    /// The type's name.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// Its fields, in declaration order.
    pub fields: &'static [FieldInfo],
}

/// One variant of an enum.
#[derive(Debug)]
pub struct VariantInfo {
    /// The variant's name as files write it.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// A label other than the one drawn from the doc comment.
    pub label: Option<&'static str>,
    /// Its fields (none for a unit variant).
    pub fields: &'static [FieldInfo],
}

impl VariantInfo {
    /// The plain-English label: the doc comment's first clause ("Deal damage to each target"),
    /// or the variant's name in words when it has no doc comment.
    #[must_use]
    pub fn title(&self) -> String {
        self.label
            .map_or_else(|| first_clause(self.doc, self.name), str::to_owned)
    }
}

/// An enum's shape.
#[derive(Debug)]
pub struct EnumInfo {
    /// The type's name.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// Its variants, in declaration order.
    pub variants: &'static [VariantInfo],
}

/// A type as the form sees it.
#[derive(Debug, Clone, Copy)]
pub enum TypeInfo {
    /// `bool`.
    Bool,
    /// A whole number between these bounds.
    Int {
        /// Smallest value the type holds.
        min: i64,
        /// Largest value the type holds.
        max: i64,
    },
    /// `String`.
    Text,
    /// `Option<T>`.
    Option(fn() -> TypeInfo),
    /// `Vec<T>`.
    List(fn() -> TypeInfo),
    /// A map from names to values (`BTreeMap<String, T>`): stats, resources, stacks.
    Map(fn() -> TypeInfo),
    /// A tuple (`(String, i32)`): its items' shapes, in order.
    Tuple(fn() -> Vec<TypeInfo>),
    /// A struct.
    Struct(&'static StructInfo),
    /// An enum.
    Enum(&'static EnumInfo),
}

/// Mutable access to a value by its shape.
pub enum ValueMut<'a> {
    /// A yes/no.
    Bool(&'a mut bool),
    /// A whole number.
    Int(&'a mut dyn IntMut),
    /// Text.
    Text(&'a mut String),
    /// Something or nothing.
    Option(&'a mut dyn OptionMut),
    /// A list.
    List(&'a mut dyn ListMut),
    /// A map from names to values.
    Map(&'a mut dyn MapMut),
    /// A tuple's items, in order.
    Tuple(Vec<&'a mut dyn Reflect>),
    /// A struct's fields, in the order of its info.
    Struct(&'static StructInfo, Vec<&'a mut dyn Reflect>),
    /// An enum.
    Enum(&'a mut dyn EnumReflect),
}

/// Read access to a value by its shape.
pub enum ValueRef<'a> {
    /// A yes/no.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// Text.
    Text(&'a str),
    /// Something or nothing.
    Option(Option<&'a dyn Reflect>),
    /// A list's items.
    List(Vec<&'a dyn Reflect>),
    /// A map's entries, in key order.
    Map(Vec<(&'a str, &'a dyn Reflect)>),
    /// A tuple's items.
    Tuple(Vec<&'a dyn Reflect>),
    /// A struct's fields.
    Struct(&'static StructInfo, Vec<&'a dyn Reflect>),
    /// An enum.
    Enum(&'a dyn EnumReflect),
}

/// A model type the generic form can show and edit.
pub trait Reflect: Send + Sync + 'static {
    /// The type's shape.
    fn type_info() -> TypeInfo
    where
        Self: Sized;
    /// Mutable access to its parts.
    fn value_mut(&mut self) -> ValueMut<'_>;
    /// Read access to its parts.
    fn value(&self) -> ValueRef<'_>;
}

/// The value a new one starts from (a new effect, a variant just picked).
pub trait Sample {
    /// A value to start editing from.
    fn sample() -> Self;
}

/// An enum, edited by variant.
pub trait EnumReflect {
    /// The enum's shape.
    fn info(&self) -> &'static EnumInfo;
    /// The current variant's index in `info().variants`.
    fn variant(&self) -> usize;
    /// Becomes the sample of another variant (nothing happens for an index out of range).
    fn set_variant(&mut self, index: usize);
    /// The current variant's fields.
    fn fields_mut(&mut self) -> Vec<&mut dyn Reflect>;
    /// The current variant's fields, read only.
    fn fields(&self) -> Vec<&dyn Reflect>;
}

/// A whole number of some width.
pub trait IntMut {
    /// Its value.
    fn get(&self) -> i64;
    /// Sets it; `Err` names the range when it does not fit.
    fn set(&mut self, value: i64) -> Result<(), OutOfRange>;
}

/// A number that does not fit the field's type: the range it must be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct OutOfRange {
    /// The smallest value that fits.
    pub min: i128,
    /// The largest value that fits.
    pub max: i128,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == 0 {
            f.write_str("a whole number, 0 or more")
        } else {
            write!(f, "a whole number from {} to {}", self.min, self.max)
        }
    }
}

/// `Option<T>` for the form.
pub trait OptionMut {
    /// The inner value, if there is one.
    fn inner_mut(&mut self) -> Option<&mut dyn Reflect>;
    /// Becomes `Some(sample)` (if it was `None`) or `None`.
    fn set_some(&mut self, some: bool);
    /// The inner type's shape.
    fn inner_type(&self) -> TypeInfo;
}

/// `Vec<T>` for the form: every change a list needs, each one edit.
pub trait ListMut {
    /// How many items.
    fn len(&self) -> usize;
    /// Whether it is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// One item.
    fn item_mut(&mut self, index: usize) -> Option<&mut dyn Reflect>;
    /// Appends a sample item.
    fn push_sample(&mut self);
    /// Removes an item.
    fn remove(&mut self, index: usize);
    /// Inserts a copy of an item right after it.
    fn duplicate(&mut self, index: usize);
    /// Swaps two items.
    fn swap(&mut self, a: usize, b: usize);
    /// The items' shape.
    fn item_type(&self) -> TypeInfo;
}

/// `BTreeMap<String, T>` for the form: entries by index (key order), each change one edit.
pub trait MapMut {
    /// How many entries.
    fn len(&self) -> usize;
    /// Whether it is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The key of an entry.
    fn key(&self, index: usize) -> Option<&str>;
    /// The value of an entry.
    fn value_mut(&mut self, index: usize) -> Option<&mut dyn Reflect>;
    /// Renames an entry's key, keeping its value.
    ///
    /// # Errors
    /// The new key is empty or another entry has it (nothing changes).
    fn rename(&mut self, index: usize, key: &str) -> Result<(), KeyTaken>;
    /// Adds an entry with a sample value under a key no entry has (`"new"`, `"new 2"`, …);
    /// returns its index.
    fn insert_sample(&mut self) -> usize;
    /// Removes an entry.
    fn remove(&mut self, index: usize);
    /// The values' shape.
    fn value_type(&self) -> TypeInfo;
}

/// A map key that cannot be used: empty, or another entry's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct KeyTaken(
    /// Why, in words.
    pub String,
);

/// The first clause of a doc comment, without code marks: `"Deal damage to each target
/// (ability damage: …)."` → `"Deal damage to each target"`. Falls back to `name` in words.
#[must_use]
pub fn first_clause(doc: &str, name: &str) -> String {
    let cut = doc
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, '(' | ':' | ';' | '—')
                || (c == '.' && doc[i + 1..].chars().next().is_none_or(char::is_whitespace))
        })
        .map_or(doc.len(), |(i, _)| i);
    let clause = doc[..cut].replace('`', "");
    let clause = clause.trim().trim_end_matches(',').trim();
    if clause.is_empty() {
        words(name)
    } else {
        clause.to_owned()
    }
}

/// An identifier in words: `StatAtLeast` → `Stat at least`, `enemy_line` → `Enemy line`.
#[must_use]
pub fn words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c == '_' {
            out.push(' ');
        } else if c.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else if i == 0 {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    out
}

impl Reflect for bool {
    fn type_info() -> TypeInfo {
        TypeInfo::Bool
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        ValueMut::Bool(self)
    }
    fn value(&self) -> ValueRef<'_> {
        ValueRef::Bool(*self)
    }
}

impl Sample for bool {
    fn sample() -> Self {
        false
    }
}

macro_rules! int_reflect {
    ($($t:ty),*) => {$(
        impl IntMut for $t {
            fn get(&self) -> i64 {
                i64::try_from(*self).unwrap_or(i64::MAX)
            }
            fn set(&mut self, value: i64) -> Result<(), OutOfRange> {
                *self = <$t>::try_from(value).map_err(|_| OutOfRange {
                    min: i128::try_from(<$t>::MIN).unwrap_or(i128::MIN),
                    max: i128::try_from(<$t>::MAX).unwrap_or(i128::MAX),
                })?;
                Ok(())
            }
        }
        impl Reflect for $t {
            fn type_info() -> TypeInfo {
                TypeInfo::Int {
                    min: i64::try_from(<$t>::MIN).unwrap_or(i64::MIN),
                    max: i64::try_from(<$t>::MAX).unwrap_or(i64::MAX),
                }
            }
            fn value_mut(&mut self) -> ValueMut<'_> {
                ValueMut::Int(self)
            }
            fn value(&self) -> ValueRef<'_> {
                ValueRef::Int(IntMut::get(self))
            }
        }
        impl Sample for $t {
            fn sample() -> Self {
                0
            }
        }
    )*};
}

int_reflect!(i8, u8, i16, u16, i32, u32, i64, u64, usize);

impl Reflect for String {
    fn type_info() -> TypeInfo {
        TypeInfo::Text
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        ValueMut::Text(self)
    }
    fn value(&self) -> ValueRef<'_> {
        ValueRef::Text(self)
    }
}

impl Sample for String {
    fn sample() -> Self {
        String::new()
    }
}

impl<T: Reflect + Sample> Reflect for Box<T> {
    fn type_info() -> TypeInfo {
        T::type_info()
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        (**self).value_mut()
    }
    fn value(&self) -> ValueRef<'_> {
        (**self).value()
    }
}

impl<T: Sample> Sample for Box<T> {
    fn sample() -> Self {
        Box::new(T::sample())
    }
}

impl<T: Reflect + Sample> OptionMut for Option<T> {
    fn inner_mut(&mut self) -> Option<&mut dyn Reflect> {
        self.as_mut().map(|v| v as &mut dyn Reflect)
    }
    fn set_some(&mut self, some: bool) {
        if !some {
            *self = None;
        } else if self.is_none() {
            *self = Some(T::sample());
        }
    }
    fn inner_type(&self) -> TypeInfo {
        T::type_info()
    }
}

impl<T: Reflect + Sample> Reflect for Option<T> {
    fn type_info() -> TypeInfo {
        TypeInfo::Option(T::type_info)
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        ValueMut::Option(self)
    }
    fn value(&self) -> ValueRef<'_> {
        ValueRef::Option(self.as_ref().map(|v| v as &dyn Reflect))
    }
}

impl<T> Sample for Option<T> {
    fn sample() -> Self {
        None
    }
}

impl<T: Reflect + Sample + Clone> ListMut for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn item_mut(&mut self, index: usize) -> Option<&mut dyn Reflect> {
        self.get_mut(index).map(|v| v as &mut dyn Reflect)
    }
    fn push_sample(&mut self) {
        self.push(T::sample());
    }
    fn remove(&mut self, index: usize) {
        if index < Vec::len(self) {
            Vec::remove(self, index);
        }
    }
    fn duplicate(&mut self, index: usize) {
        if let Some(item) = self.get(index).cloned() {
            self.insert(index + 1, item);
        }
    }
    fn swap(&mut self, a: usize, b: usize) {
        if a < Vec::len(self) && b < Vec::len(self) {
            <[T]>::swap(self, a, b);
        }
    }
    fn item_type(&self) -> TypeInfo {
        T::type_info()
    }
}

impl<T: Reflect + Sample + Clone> Reflect for Vec<T> {
    fn type_info() -> TypeInfo {
        TypeInfo::List(T::type_info)
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        ValueMut::List(self)
    }
    fn value(&self) -> ValueRef<'_> {
        ValueRef::List(self.iter().map(|v| v as &dyn Reflect).collect())
    }
}

impl<T> Sample for Vec<T> {
    fn sample() -> Self {
        Vec::new()
    }
}

impl<T: Reflect + Sample + Clone> MapMut for std::collections::BTreeMap<String, T> {
    fn len(&self) -> usize {
        std::collections::BTreeMap::len(self)
    }
    fn key(&self, index: usize) -> Option<&str> {
        self.keys().nth(index).map(String::as_str)
    }
    fn value_mut(&mut self, index: usize) -> Option<&mut dyn Reflect> {
        self.values_mut().nth(index).map(|v| v as &mut dyn Reflect)
    }
    fn rename(&mut self, index: usize, key: &str) -> Result<(), KeyTaken> {
        let key = key.trim();
        let Some(old) = self.keys().nth(index).cloned() else {
            return Err(KeyTaken(format!("no entry {index}")));
        };
        if old == key {
            return Ok(());
        }
        if key.is_empty() {
            return Err(KeyTaken("a name cannot be empty".to_owned()));
        }
        if self.contains_key(key) {
            return Err(KeyTaken(format!("\"{key}\" is already listed")));
        }
        if let Some(value) = std::collections::BTreeMap::remove(self, &old) {
            self.insert(key.to_owned(), value);
        }
        Ok(())
    }
    fn insert_sample(&mut self) -> usize {
        let mut key = "new".to_owned();
        let mut n = 2;
        while self.contains_key(&key) {
            key = format!("new {n}");
            n += 1;
        }
        self.insert(key.clone(), T::sample());
        self.keys().position(|k| *k == key).unwrap_or(0)
    }
    fn remove(&mut self, index: usize) {
        if let Some(key) = self.keys().nth(index).cloned() {
            std::collections::BTreeMap::remove(self, &key);
        }
    }
    fn value_type(&self) -> TypeInfo {
        T::type_info()
    }
}

impl<T: Reflect + Sample + Clone> Reflect for std::collections::BTreeMap<String, T> {
    fn type_info() -> TypeInfo {
        TypeInfo::Map(T::type_info)
    }
    fn value_mut(&mut self) -> ValueMut<'_> {
        ValueMut::Map(self)
    }
    fn value(&self) -> ValueRef<'_> {
        ValueRef::Map(
            self.iter()
                .map(|(k, v)| (k.as_str(), v as &dyn Reflect))
                .collect(),
        )
    }
}

impl<T> Sample for std::collections::BTreeMap<String, T> {
    fn sample() -> Self {
        std::collections::BTreeMap::new()
    }
}

macro_rules! tuple_reflect {
    ($($t:ident $i:tt),*) => {
        impl<$($t: Reflect + Sample),*> Reflect for ($($t,)*) {
            fn type_info() -> TypeInfo {
                TypeInfo::Tuple(|| vec![$($t::type_info()),*])
            }
            fn value_mut(&mut self) -> ValueMut<'_> {
                ValueMut::Tuple(vec![$(&mut self.$i as &mut dyn Reflect),*])
            }
            fn value(&self) -> ValueRef<'_> {
                ValueRef::Tuple(vec![$(&self.$i as &dyn Reflect),*])
            }
        }
        impl<$($t: Sample),*> Sample for ($($t,)*) {
            fn sample() -> Self {
                ($($t::sample(),)*)
            }
        }
    };
}

tuple_reflect!(A 0, B 1);
tuple_reflect!(A 0, B 1, C 2);

/// Calls `f` on every text inside `value` whose field refers to `refers` (lists and options of
/// text included), depth first: the one walk renames use.
pub fn visit_texts_mut(value: &mut dyn Reflect, refers: Refers, f: &mut dyn FnMut(&mut String)) {
    walk(value, Refers::Nothing, refers, f);
}

fn walk(value: &mut dyn Reflect, here: Refers, want: Refers, f: &mut dyn FnMut(&mut String)) {
    match value.value_mut() {
        ValueMut::Text(s) => {
            if here == want {
                f(s);
            }
        }
        ValueMut::Bool(_) | ValueMut::Int(_) => {}
        ValueMut::Option(o) => {
            if let Some(inner) = o.inner_mut() {
                walk(inner, here, want, f);
            }
        }
        ValueMut::List(list) => {
            for i in 0..list.len() {
                if let Some(item) = list.item_mut(i) {
                    walk(item, here, want, f);
                }
            }
        }
        ValueMut::Map(map) => {
            for i in 0..map.len() {
                if let Some(value) = map.value_mut(i) {
                    walk(value, here, want, f);
                }
            }
        }
        ValueMut::Tuple(items) => {
            for item in items {
                walk(item, here, want, f);
            }
        }
        ValueMut::Struct(info, fields) => {
            for (field, info) in fields.into_iter().zip(info.fields) {
                walk(field, info.refers, want, f);
            }
        }
        ValueMut::Enum(e) => {
            let variant = &e.info().variants[e.variant()];
            for (field, info) in e.fields_mut().into_iter().zip(variant.fields) {
                walk(field, info.refers, want, f);
            }
        }
    }
}

/// Every enum reachable from a type (itself included), each once, in the order first met:
/// what the round-trip test walks to reach every variant of the model.
#[must_use]
pub fn reachable_enums(root: TypeInfo) -> Vec<&'static EnumInfo> {
    let mut seen: Vec<&'static EnumInfo> = Vec::new();
    let mut structs: Vec<&'static StructInfo> = Vec::new();
    let mut todo = vec![root];
    while let Some(ty) = todo.pop() {
        match ty {
            TypeInfo::Bool | TypeInfo::Int { .. } | TypeInfo::Text => {}
            TypeInfo::Option(inner) | TypeInfo::List(inner) | TypeInfo::Map(inner) => {
                todo.push(inner());
            }
            TypeInfo::Tuple(items) => todo.extend(items().into_iter().rev()),
            TypeInfo::Struct(s) => {
                if !structs.iter().any(|k| std::ptr::eq(*k, s)) {
                    structs.push(s);
                    todo.extend(s.fields.iter().rev().map(|f| (f.ty)()));
                }
            }
            TypeInfo::Enum(e) => {
                if !seen.iter().any(|k| std::ptr::eq(*k, e)) {
                    seen.push(e);
                    for v in e.variants.iter().rev() {
                        todo.extend(v.fields.iter().rev().map(|f| (f.ty)()));
                    }
                }
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_with_a_minimum_starts_at_it_and_timing_reads_in_plain_words() {
        use crate::model::ability::{RestrictionKind, RestrictionTiming};
        // A new restriction is `Level(1)`, the smallest level a restriction can ask for.
        assert_eq!(RestrictionKind::sample(), RestrictionKind::Level(1));
        let TypeInfo::Enum(timing) = RestrictionTiming::type_info() else {
            panic!("RestrictionTiming is an enum");
        };
        let titles: Vec<String> = timing.variants.iter().map(VariantInfo::title).collect();
        assert_eq!(
            titles,
            [
                "Static, checked as it is activated or played, when its modes and targets lock",
                "In-line, checked as the effect resolves"
            ]
        );
    }

    #[test]
    fn labels_come_from_the_doc_comment() {
        assert_eq!(
            first_clause(
                "Deal damage to each target (ability damage: armor does not reduce it).",
                "Damage"
            ),
            "Deal damage to each target"
        );
        assert_eq!(
            first_clause("The keyword's value (`Armor 2` → 2).", "Value"),
            "The keyword's value"
        );
        assert_eq!(first_clause("", "StatAtLeast"), "Stat at least");
        assert_eq!(words("enemy_line"), "Enemy line");
    }

    #[test]
    fn numbers_refuse_what_does_not_fit() {
        let mut n: u32 = 3;
        assert!(IntMut::set(&mut n, -1).is_err());
        assert_eq!(n, 3);
        IntMut::set(&mut n, 7).unwrap();
        assert_eq!(n, 7);
    }

    /// Every variant of `T`, as the form makes it (the sample of that variant), is what it says
    /// it is and reads back from its RON text unchanged.
    fn every_variant_round_trips<T>() -> usize
    where
        T: Reflect
            + Sample
            + serde::Serialize
            + serde::de::DeserializeOwned
            + PartialEq
            + std::fmt::Debug,
    {
        let TypeInfo::Enum(info) = T::type_info() else {
            panic!("not an enum");
        };
        for (index, variant) in info.variants.iter().enumerate() {
            let mut value = T::sample();
            let ValueMut::Enum(e) = value.value_mut() else {
                panic!("{} is not drawn as an enum", info.name);
            };
            e.set_variant(index);
            assert_eq!(
                e.variant(),
                index,
                "{}::{} has no form",
                info.name,
                variant.name
            );
            assert_eq!(e.fields_mut().len(), variant.fields.len());
            let text = ron::to_string(&value).unwrap();
            let back: T = ron::from_str(&text)
                .unwrap_or_else(|err| panic!("{}::{} → {text}: {err}", info.name, variant.name));
            assert_eq!(
                back, value,
                "{}::{} changed in a round trip",
                info.name, variant.name
            );
        }
        info.variants.len()
    }

    #[test]
    fn every_variant_of_the_ability_model_has_a_form_and_round_trips() {
        use crate::model::{
            AbilityKind, ActivatedSubtype, Amount, Condition, Duration, Effect, ReplacementMode,
            RestrictionKind, RestrictionTiming, Stat, Target, Tie, Trigger, Zone,
        };
        let covered = [
            ("AbilityKind", every_variant_round_trips::<AbilityKind>()),
            (
                "ActivatedSubtype",
                every_variant_round_trips::<ActivatedSubtype>(),
            ),
            (
                "ReplacementMode",
                every_variant_round_trips::<ReplacementMode>(),
            ),
            ("Trigger", every_variant_round_trips::<Trigger>()),
            ("Target", every_variant_round_trips::<Target>()),
            ("Tie", every_variant_round_trips::<Tie>()),
            ("Amount", every_variant_round_trips::<Amount>()),
            ("Stat", every_variant_round_trips::<Stat>()),
            ("Condition", every_variant_round_trips::<Condition>()),
            (
                "RestrictionKind",
                every_variant_round_trips::<RestrictionKind>(),
            ),
            (
                "RestrictionTiming",
                every_variant_round_trips::<RestrictionTiming>(),
            ),
            ("Duration", every_variant_round_trips::<Duration>()),
            ("Effect", every_variant_round_trips::<Effect>()),
            (
                "CostPart",
                every_variant_round_trips::<crate::model::CostPart>(),
            ),
            ("Zone", every_variant_round_trips::<Zone>()),
        ];
        // An enum the model gains must be added above, so its variants are tried too.
        for e in reachable_enums(crate::model::Ability::type_info()) {
            assert!(
                covered
                    .iter()
                    .any(|(name, n)| *name == e.name && *n == e.variants.len()),
                "{} is reachable from Ability but not tried here",
                e.name
            );
        }
        let ability = crate::model::Ability::sample();
        let text = ron::to_string(&ability).unwrap();
        assert_eq!(
            ron::from_str::<crate::model::Ability>(&text).unwrap(),
            ability
        );
    }
}
