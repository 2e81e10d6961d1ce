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
