//! How an editor's change of a card or keyword becomes the command that records it, the same
//! for both: something added, removed or moved in a form is its own named undo step (the item
//! replaced), a value typed in a form or one of the editor's own fields sets that field (edits
//! of one field merge into one step), and nothing is pushed when the item is as it was.

use sigilforge_engine::model::{Card, KeywordDef};

use crate::form::FormChange;
use crate::shell::commands::EditCommand;
use crate::shell::document::{Item, ItemAddr};

/// A card or a keyword as an editor changes it.
pub(crate) trait EditedItem: PartialEq + Sized {
    /// The item, for a replacement.
    fn into_item(self) -> Item;
    /// The command setting `field` of the item at `addr` to this value.
    fn set(self, addr: ItemAddr, field: String) -> EditCommand;
}

impl EditedItem for Card {
    fn into_item(self) -> Item {
        Item::Card(self)
    }

    fn set(self, addr: ItemAddr, field: String) -> EditCommand {
        EditCommand::SetCard {
            addr,
            card: Box::new(self),
            field,
        }
    }
}

impl EditedItem for KeywordDef {
    fn into_item(self) -> Item {
        Item::Keyword(self)
    }

    fn set(self, addr: ItemAddr, field: String) -> EditCommand {
        EditCommand::SetKeyword {
            addr,
            keyword: Box::new(self),
            field,
        }
    }
}

/// The command recording `edited` (the item at `addr`, `original` before this frame): from the
/// form's change if it made one, else from the editor field that changed (`field`); `None` when
/// the item is unchanged.
pub(crate) fn edit_command<T: EditedItem>(
    addr: &ItemAddr,
    original: &T,
    edited: T,
    form: FormChange,
    field: Option<String>,
) -> Option<EditCommand> {
    if &edited == original {
        return None;
    }
    match form {
        FormChange::Structure(label) => Some(EditCommand::ReplaceItem {
            addr: addr.clone(),
            item: Box::new(edited.into_item()),
            label,
        }),
        FormChange::Value(path) => Some(edited.set(addr.clone(), path)),
        FormChange::None => field.map(|f| edited.set(addr.clone(), f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wolf(attack: i32) -> Card {
        Card {
            id: "wolf".into(),
            name: "Wolf".into(),
            attack,
            ..Card::default()
        }
    }

    #[test]
    fn a_form_change_or_a_field_becomes_its_command_and_nothing_unchanged_does() {
        let addr = ItemAddr::card("cards.ron", 0);
        let before = wolf(2);
        let field = || Some("attack".to_owned());
        assert_eq!(
            edit_command(
                &addr,
                &before,
                wolf(2),
                FormChange::Structure("Add ability".into()),
                field()
            ),
            None,
            "the item is as it was"
        );
        assert!(matches!(
            edit_command(&addr, &before, wolf(3), FormChange::Structure("Add ability".into()), field()),
            Some(EditCommand::ReplaceItem { label, .. }) if label == "Add ability"
        ));
        assert!(matches!(
            edit_command(&addr, &before, wolf(3), FormChange::Value("abilities.0.name".into()), field()),
            Some(EditCommand::SetCard { field, .. }) if field == "abilities.0.name"
        ));
        assert!(matches!(
            edit_command(&addr, &before, wolf(3), FormChange::None, field()),
            Some(EditCommand::SetCard { field, .. }) if field == "attack"
        ));
        assert_eq!(
            edit_command(&addr, &before, wolf(3), FormChange::None, None),
            None
        );
    }
}
