//! Tests of the generic form (`form.rs`).

use super::*;
use sigilforge_engine::model::{Ability, Amount, Effect, Stat};
use sigilforge_engine::reflect::{EnumReflect, Sample};

/// Every effect's form draws, nested variants inside a row included: `Modify(ATK,
/// Fixed(2))` once panicked (egui indents only columns).
#[test]
fn every_effect_draws_nested_variants_included() {
    let mut ability = Ability::sample();
    let TypeInfo::Enum(info) = Effect::type_info() else {
        panic!("Effect is an enum");
    };
    for i in 0..info.variants.len() {
        let mut effect = Effect::sample();
        effect.set_variant(i);
        ability.effects.push(effect);
    }
    ability
        .effects
        .push(Effect::Modify(Stat::Attack, Amount::Fixed(2)));
    ability.effects.push(Effect::Modify(
        Stat::Named("INT".into()),
        Amount::Times(Box::new(Amount::Fixed(2)), Box::new(Amount::OwnAttack)),
    ));
    let before = ability.clone();
    let ctx = egui::Context::default();
    let mut change = FormChange::None;
    let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
        struct_form(
            ui,
            &FormContext::default(),
            Id::new("t"),
            &mut ability,
            "",
            &mut change,
        );
    });
    output.textures_delta.clear();
    assert_eq!(change, FormChange::None);
    assert_eq!(ability, before);
}

/// How a test fills a value the way a designer would through the form: every option opened,
/// one item added to every list and map, and every enum set to the variant `pick` chooses,
/// with the very calls the form's buttons and pickers make. `depth` stops recursive shapes
/// (`Not(Box<Condition>)`).
fn fill(
    value: &mut dyn Reflect,
    depth: usize,
    pick: &mut dyn FnMut(&'static sigilforge_engine::reflect::EnumInfo) -> usize,
) {
    if depth == 0 {
        return;
    }
    match value.value_mut() {
        ValueMut::Bool(_) | ValueMut::Int(_) | ValueMut::Text(_) => {}
        ValueMut::Option(o) => {
            o.set_some(true);
            if let Some(inner) = o.inner_mut() {
                fill(inner, depth - 1, pick);
            }
        }
        ValueMut::List(list) => {
            if list.is_empty() {
                list.push_sample();
            }
            if let Some(item) = list.item_mut(0) {
                fill(item, depth - 1, pick);
            }
        }
        ValueMut::Map(map) => {
            if map.is_empty() {
                map.insert_sample();
            }
            if let Some(value) = map.value_mut(0) {
                fill(value, depth - 1, pick);
            }
        }
        ValueMut::Tuple(items) => {
            for item in items {
                fill(item, depth - 1, pick);
            }
        }
        ValueMut::Struct(_, fields) => {
            for field in fields {
                fill(field, depth - 1, pick);
            }
        }
        ValueMut::Enum(e) => {
            let info = e.info();
            let index = pick(info);
            e.set_variant(index);
            // Picking a variant in the form is this call: it must land on that variant with
            // that variant's fields.
            assert_eq!(
                e.variant(),
                index,
                "{}::{} cannot be picked",
                info.name,
                info.variants[index].name
            );
            assert_eq!(e.fields_mut().len(), info.variants[index].fields.len());
            for field in e.fields_mut() {
                fill(field, depth - 1, pick);
            }
        }
    }
}

/// Fills `T` again and again, each enum met taking its next variant, until every variant of
/// every enum reachable from `T` has been picked; each value is drawn through the form (which
/// must leave it as it is) and must read back from its RON unchanged. Returns how many
/// (enum, variant) pairs were tried.
fn every_variant_through_the_form<T>() -> usize
where
    T: Reflect
        + sigilforge_engine::reflect::Sample
        + serde::Serialize
        + serde::de::DeserializeOwned
        + PartialEq
        + std::fmt::Debug
        + Clone,
{
    use std::collections::BTreeSet;
    let enums = sigilforge_engine::reflect::reachable_enums(T::type_info());
    let wanted: BTreeSet<(&str, usize)> = enums
        .iter()
        .flat_map(|e| (0..e.variants.len()).map(move |i| (e.name, i)))
        .collect();
    let mut next: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let mut picked: BTreeSet<(&str, usize)> = BTreeSet::new();
    let ctx = egui::Context::default();
    for _round in 0..200 {
        if picked.is_superset(&wanted) {
            break;
        }
        let mut value = T::sample();
        fill(&mut value, 12, &mut |info| {
            let n = next.entry(info.name).or_default();
            let index = *n % info.variants.len();
            *n += 1;
            picked.insert((info.name, index));
            index
        });
        let before = value.clone();
        let mut change = FormChange::None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            struct_form(
                ui,
                &FormContext::default(),
                Id::new("round trip"),
                &mut value,
                "",
                &mut change,
            );
        });
        output.textures_delta.clear();
        assert_eq!(change, FormChange::None, "drawing {before:?} changed it");
        assert_eq!(value, before, "drawing changed the value");
        let text = ron::to_string(&value).expect("writes as RON");
        let back: T = ron::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, value, "{text} changed in a round trip");
        assert_eq!(ron::to_string(&back).expect("writes as RON"), text);
    }
    let missed: Vec<_> = wanted.difference(&picked).collect();
    assert!(missed.is_empty(), "never picked: {missed:?}");
    wanted.len()
}

/// Issue #30: every variant of every ability model (card abilities, tabletop abilities, glyph
/// abilities) and of the content around them (stat blocks, status conditions) is picked in
/// its form, drawn, and reads back from RON as it was written.
#[test]
fn every_variant_of_every_model_round_trips_through_its_form() {
    use sigilforge_engine::encounter::AbilityDef;
    use sigilforge_engine::glyph::model::GlyphAbility;
    use sigilforge_engine::model::{StatBlock, StatusCondition};
    let tried = [
        ("card ability", every_variant_through_the_form::<Ability>()),
        (
            "tabletop ability",
            every_variant_through_the_form::<AbilityDef>(),
        ),
        (
            "glyph ability",
            every_variant_through_the_form::<GlyphAbility>(),
        ),
        ("stat block", every_variant_through_the_form::<StatBlock>()),
        (
            "status condition",
            every_variant_through_the_form::<StatusCondition>(),
        ),
    ];
    // Guards against a model losing its enums (or the walk stopping early) unnoticed.
    for (model, n) in tried {
        assert!(n > 0 || model == "stat block", "{model}: no variant tried");
    }
    assert!(
        tried[1].1 > 60,
        "tabletop abilities: only {} variants",
        tried[1].1
    );
}

#[test]
fn a_list_names_its_items_in_the_singular() {
    for (label, noun) in [
        ("Effects", "effect"),
        ("Penalties", "penalty"),
        ("Bonuses", "bonus"),
        ("Statuses", "status"),
        ("Saves", "save"),
        ("Upgrades", "upgrade"),
        ("Critical success", "critical success"),
    ] {
        assert_eq!(item_noun(label), noun);
    }
}
