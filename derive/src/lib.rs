//! `#[derive(Reflect)]`: describes a content-model type to the editor's one generic form.
//!
//! For a struct or an enum it generates `sigilforge_engine::reflect::Reflect` (the type's
//! shape with every field's and variant's doc comment, and mutable access to its parts) and
//! `Sample` (the value a new one starts from: serde's `default` where a field has one, else the
//! field type's sample; for an enum the `#[default]` variant, else the first). A variant added
//! to the model therefore shows up in the editor with no new widget.
//!
//! Field attributes, all optional: `#[reflect(keyword)]`, `#[reflect(card)]`,
//! `#[reflect(phase)]`, `#[reflect(tribe)]`, `#[reflect(ability)]`, `#[reflect(status)]`,
//! `#[reflect(flavor)]`, `#[reflect(upgrade)]` (what a text names: suggestions, checks and
//! renames follow it), `#[reflect(min = 1)]` (the smallest number that makes sense) and
//! `#[reflect(label = "...")]` (a label other than the field's name).

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::{format_ident, quote};
use syn::{Attribute, Data, DeriveInput, Fields, LitStr, parse_macro_input};

/// Derives `Reflect` and `Sample` (see the crate documentation).
#[proc_macro_derive(Reflect, attributes(reflect))]
pub fn derive_reflect(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// What the attributes of one field say.
struct FieldAttrs {
    doc: String,
    label: Option<String>,
    refers: Option<String>,
    min: Option<i64>,
    /// serde's default, when the field has one.
    default: Option<SerdeDefault>,
}

/// How serde fills a field that the file leaves out.
enum SerdeDefault {
    /// `#[serde(default)]`: the field type's `Default`.
    Trait,
    /// `#[serde(default = "path")]`: the named function.
    Function(syn::ExprPath),
}

fn doc_of(attrs: &[Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if attr.path().is_ident("doc")
            && let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            lines.push(s.value().trim().to_owned());
        }
    }
    lines.join(" ").trim().to_owned()
}

fn field_attrs(attrs: &[Attribute]) -> syn::Result<FieldAttrs> {
    let mut out = FieldAttrs {
        doc: doc_of(attrs),
        label: None,
        refers: None,
        min: None,
        default: None,
    };
    for attr in attrs {
        if attr.path().is_ident("reflect") {
            attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                match key.as_str() {
                    "keyword" | "card" | "phase" | "tribe" | "ability" | "status" | "flavor"
                    | "upgrade" => {
                        out.refers = Some(key);
                        Ok(())
                    }
                    "min" => {
                        let lit: syn::LitInt = meta.value()?.parse()?;
                        out.min = Some(lit.base10_parse()?);
                        Ok(())
                    }
                    "label" => {
                        let lit: LitStr = meta.value()?.parse()?;
                        out.label = Some(lit.value());
                        Ok(())
                    }
                    _ => Err(meta.error(
                        "expected keyword, card, phase, tribe, ability, status, flavor, upgrade, \
                         min or label",
                    )),
                }
            })?;
        } else if attr.path().is_ident("serde") {
            attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("default") {
                    if meta.input.peek(syn::Token![=]) {
                        let lit: LitStr = meta.value()?.parse()?;
                        out.default = Some(SerdeDefault::Function(lit.parse()?));
                    } else {
                        out.default = Some(SerdeDefault::Trait);
                    }
                } else if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                } else if meta.input.peek(syn::token::Paren) {
                    meta.parse_nested_meta(|inner| {
                        if inner.input.peek(syn::Token![=]) {
                            let _: syn::Expr = inner.value()?.parse()?;
                        }
                        Ok(())
                    })?;
                }
                Ok(())
            })?;
        }
    }
    Ok(out)
}

fn opt_str(value: Option<&String>) -> Tokens {
    value.map_or_else(
        || quote!(::core::option::Option::None),
        |s| quote!(::core::option::Option::Some(#s)),
    )
}

/// Whether a field's type is a plain whole number (`i32`, `u32`, ...).
fn is_int(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.get_ident().is_some_and(|i| {
        matches!(i.to_string().as_str(), "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize")
    }))
}

/// The `FieldInfo` literals and the sample expressions of a list of fields.
fn fields_info(fields: &Fields) -> syn::Result<(Vec<Tokens>, Vec<Tokens>)> {
    let mut infos = Vec::new();
    let mut samples = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        let attrs = field_attrs(&field.attrs)?;
        let ty = &field.ty;
        // `r#true` is the field `true` in files and in the form.
        let name = field.ident.as_ref().map_or_else(
            || format!("{i}"),
            |id| syn::ext::IdentExt::unraw(id).to_string(),
        );
        let doc = &attrs.doc;
        let label = opt_str(attrs.label.as_ref());
        let refers = match attrs.refers.as_deref() {
            Some("keyword") => quote!(Refers::Keyword),
            Some("card") => quote!(Refers::Card),
            Some("phase") => quote!(Refers::Phase),
            Some("tribe") => quote!(Refers::Tribe),
            Some("ability") => quote!(Refers::Ability),
            Some("status") => quote!(Refers::Status),
            Some("flavor") => quote!(Refers::Flavor),
            Some("upgrade") => quote!(Refers::Upgrade),
            _ => quote!(Refers::Nothing),
        };
        let min = attrs.min.map_or_else(
            || quote!(::core::option::Option::None),
            |m| quote!(::core::option::Option::Some(#m)),
        );
        let optional = attrs.default.is_some();
        infos.push(quote! {
            FieldInfo {
                name: #name,
                doc: #doc,
                label: #label,
                refers: #refers,
                min: #min,
                optional: #optional,
                ty: <#ty as Reflect>::type_info,
            }
        });
        // A whole number with a minimum starts at it (a new `Level` restriction reads 1).
        let int_min = attrs.min.filter(|_| is_int(ty));
        samples.push(match (&attrs.default, int_min) {
            (Some(SerdeDefault::Function(path)), _) => quote!(#path()),
            (Some(SerdeDefault::Trait), _) => quote!(::core::default::Default::default()),
            (None, Some(m)) => {
                let m = proc_macro2::Literal::i64_unsuffixed(m);
                quote!(#m)
            }
            (None, None) => quote!(<#ty as Sample>::sample()),
        });
    }
    Ok((infos, samples))
}

fn expand(input: &DeriveInput) -> syn::Result<Tokens> {
    let ident = &input.ident;
    let name = ident.to_string();
    let doc = doc_of(&input.attrs);
    let body = match &input.data {
        Data::Struct(data) => {
            let (infos, samples) = fields_info(&data.fields)?;
            let members: Vec<Tokens> = data
                .fields
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    f.ident.as_ref().map_or_else(
                        || {
                            let index = syn::Index::from(i);
                            quote!(#index)
                        },
                        |id| quote!(#id),
                    )
                })
                .collect();
            let build = match &data.fields {
                Fields::Named(_) => quote!(Self { #(#members: #samples),* }),
                Fields::Unnamed(_) => quote!(Self( #(#samples),* )),
                Fields::Unit => quote!(Self),
            };
            quote! {
                impl Reflect for #ident {
                    fn type_info() -> TypeInfo where Self: Sized {
                        static INFO: StructInfo = StructInfo {
                            name: #name,
                            doc: #doc,
                            fields: &[#(#infos),*],
                        };
                        TypeInfo::Struct(&INFO)
                    }
                    fn value_mut(&mut self) -> ValueMut<'_> {
                        let TypeInfo::Struct(info) = <Self as Reflect>::type_info() else {
                            unreachable!("a struct's type info is a struct")
                        };
                        ValueMut::Struct(info, vec![#(&mut self.#members as &mut dyn Reflect),*])
                    }
                    fn value(&self) -> ValueRef<'_> {
                        let TypeInfo::Struct(info) = <Self as Reflect>::type_info() else {
                            unreachable!("a struct's type info is a struct")
                        };
                        ValueRef::Struct(info, vec![#(&self.#members as &dyn Reflect),*])
                    }
                }
                impl Sample for #ident {
                    fn sample() -> Self {
                        #build
                    }
                }
            }
        }
        Data::Enum(data) => {
            let mut variant_infos = Vec::new();
            let mut index_arms = Vec::new();
            let mut sample_arms = Vec::new();
            let mut fields_mut_arms = Vec::new();
            let mut fields_arms = Vec::new();
            let mut default_index = 0usize;
            for (i, variant) in data.variants.iter().enumerate() {
                let v = &variant.ident;
                let vname = v.to_string();
                let vattrs = field_attrs(&variant.attrs)?;
                let vdoc = &vattrs.doc;
                let vlabel = opt_str(vattrs.label.as_ref());
                if variant.attrs.iter().any(|a| a.path().is_ident("default")) {
                    default_index = i;
                }
                let (infos, samples) = fields_info(&variant.fields)?;
                variant_infos.push(quote! {
                    VariantInfo { name: #vname, doc: #vdoc, label: #vlabel, fields: &[#(#infos),*] }
                });
                match &variant.fields {
                    Fields::Unit => {
                        index_arms.push(quote!(Self::#v => #i));
                        sample_arms.push(quote!(#i => Self::#v));
                    }
                    Fields::Unnamed(f) => {
                        let binds: Vec<_> = (0..f.unnamed.len())
                            .map(|k| format_ident!("f{k}"))
                            .collect();
                        index_arms.push(quote!(Self::#v(..) => #i));
                        sample_arms.push(quote!(#i => Self::#v(#(#samples),*)));
                        fields_mut_arms.push(quote!(
                            Self::#v(#(#binds),*) => vec![#(#binds as &mut dyn Reflect),*]
                        ));
                        fields_arms.push(quote!(
                            Self::#v(#(#binds),*) => vec![#(#binds as &dyn Reflect),*]
                        ));
                    }
                    Fields::Named(f) => {
                        let binds: Vec<_> =
                            f.named.iter().filter_map(|x| x.ident.clone()).collect();
                        index_arms.push(quote!(Self::#v { .. } => #i));
                        sample_arms.push(quote!(#i => Self::#v { #(#binds: #samples),* }));
                        fields_mut_arms.push(quote!(
                            Self::#v { #(#binds),* } => vec![#(#binds as &mut dyn Reflect),*]
                        ));
                        fields_arms.push(quote!(
                            Self::#v { #(#binds),* } => vec![#(#binds as &dyn Reflect),*]
                        ));
                    }
                }
            }
            let rest_mut = if fields_mut_arms.len() < data.variants.len() {
                quote!(_ => Vec::new(),)
            } else {
                quote!()
            };
            quote! {
                impl Reflect for #ident {
                    fn type_info() -> TypeInfo where Self: Sized {
                        static INFO: EnumInfo = EnumInfo {
                            name: #name,
                            doc: #doc,
                            variants: &[#(#variant_infos),*],
                        };
                        TypeInfo::Enum(&INFO)
                    }
                    fn value_mut(&mut self) -> ValueMut<'_> {
                        ValueMut::Enum(self)
                    }
                    fn value(&self) -> ValueRef<'_> {
                        ValueRef::Enum(self)
                    }
                }
                impl EnumReflect for #ident {
                    fn info(&self) -> &'static EnumInfo {
                        let TypeInfo::Enum(info) = <Self as Reflect>::type_info() else {
                            unreachable!("an enum's type info is an enum")
                        };
                        info
                    }
                    fn variant(&self) -> usize {
                        match self { #(#index_arms,)* }
                    }
                    fn set_variant(&mut self, index: usize) {
                        *self = match index {
                            #(#sample_arms,)*
                            _ => return,
                        };
                    }
                    fn fields_mut(&mut self) -> Vec<&mut dyn Reflect> {
                        match self { #(#fields_mut_arms,)* #rest_mut }
                    }
                    fn fields(&self) -> Vec<&dyn Reflect> {
                        match self { #(#fields_arms,)* #rest_mut }
                    }
                }
                impl Sample for #ident {
                    fn sample() -> Self {
                        match #default_index {
                            #(#sample_arms,)*
                            _ => unreachable!("the default variant exists"),
                        }
                    }
                }
            }
        }
        Data::Union(_) => {
            return Err(syn::Error::new_spanned(
                ident,
                "Reflect cannot be derived for a union",
            ));
        }
    };
    Ok(quote! {
        #[allow(clippy::all, clippy::pedantic, unused_qualifications)]
        const _: () = {
            use ::sigilforge_engine::reflect::{
                EnumInfo, EnumReflect, FieldInfo, Reflect, Refers, Sample, StructInfo, TypeInfo,
                ValueMut, ValueRef, VariantInfo,
            };
            #body
        };
    })
}
