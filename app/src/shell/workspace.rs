//! Workspaces: a dock layout per kind of content (issue #30). The kind is read from the editor
//! tab the user works in (a battle-line card, a card of a game with a profile, an encounter, a
//! glyph network); each kind shows only its own panels, in the arrangement the user last left
//! it in. Editor tabs (the open items and files) are shared: switching kind carries them into
//! the other layout's editor area. Panels know nothing of this; only the dock's owner calls in.

use egui_dock::{DockState, NodeIndex, NodePath};
use serde::{Deserialize, Serialize};
use sigilforge_engine::rules::file_profile;

use super::document::Document;
use super::tab::Tab;

/// What the user works on; each has its own layout.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Workspace {
    /// Cards and keywords of the battle line (no game profile): the battle sandbox beside them.
    #[default]
    BattleCards,
    /// Cards and keywords of a game with a profile: the Rules sandbox beside them.
    RulesCards,
    /// An encounter (its tab holds the map, sandbox and table).
    Encounter,
    /// A glyph network (its tab holds the graph, map and run).
    Glyph,
}

/// Every panel the View menu can show or hide, in menu order.
pub const PANELS: [Tab; 9] = [
    Tab::Library,
    Tab::Preview,
    Tab::Sandbox,
    Tab::Rules,
    Tab::Balance,
    Tab::Set,
    Tab::Decks,
    Tab::Problems,
    Tab::Log,
];

impl Workspace {
    /// Every workspace.
    pub const ALL: [Workspace; 4] = [
        Workspace::BattleCards,
        Workspace::RulesCards,
        Workspace::Encounter,
        Workspace::Glyph,
    ];

    /// The name the View menu gives it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Workspace::BattleCards => "Battle-line cards",
            Workspace::RulesCards => "Game cards",
            Workspace::Encounter => "Encounter",
            Workspace::Glyph => "Glyph network",
        }
    }

    /// The workspace an editor tab belongs to (`None`: a tab that belongs to every workspace,
    /// such as a file shown as text, or a panel).
    #[must_use]
    pub fn of_tab(tab: &Tab, doc: &Document) -> Option<Workspace> {
        match tab {
            Tab::Editor(addr) => {
                // A card or keyword of a game with a profile (even one that does not read) is
                // played in the Rules sandbox; the battle-line cards follow no profile.
                Some(if file_profile(doc.pack(), &addr.file).is_some() {
                    Workspace::RulesCards
                } else {
                    Workspace::BattleCards
                })
            }
            // Creatures, tabletop abilities and statuses are a GM's prep, beside encounters.
            Tab::Encounter(_) | Tab::Tabletop(_) => Some(Workspace::Encounter),
            Tab::Glyph(_) => Some(Workspace::Glyph),
            _ => None,
        }
    }

    /// The panels left of the editors, right of them, and below them.
    fn default_panels(self) -> [Vec<Tab>; 3] {
        match self {
            Workspace::BattleCards => [
                vec![Tab::Library],
                vec![Tab::Preview],
                vec![
                    Tab::Sandbox,
                    Tab::Balance,
                    Tab::Set,
                    Tab::Decks,
                    Tab::Problems,
                    Tab::Log,
                ],
            ],
            Workspace::RulesCards => [
                vec![Tab::Library],
                vec![Tab::Preview],
                vec![Tab::Rules, Tab::Set, Tab::Decks, Tab::Problems, Tab::Log],
            ],
            // The encounter and glyph tabs hold their own map, sandbox and run: they get the
            // window's whole height, Problems and Log wait behind the Library.
            Workspace::Encounter | Workspace::Glyph => [
                vec![Tab::Library, Tab::Problems, Tab::Log],
                Vec::new(),
                Vec::new(),
            ],
        }
    }

    /// The first-run layout: library left, editors middle, preview right (cards), the
    /// workspace's sandbox, problems and log below (cards) or behind the library.
    #[must_use]
    pub fn default_layout(self) -> DockState<Tab> {
        let [left, right, bottom] = self.default_panels();
        let mut dock = DockState::new(Vec::new());
        let surface = dock.main_surface_mut();
        let editors = if bottom.is_empty() {
            NodeIndex::root()
        } else {
            // The sandbox below is where a card is tested: at 1280×720 it needs a third of
            // the height to show its controls with the log and Why beside the board.
            surface.split_below(NodeIndex::root(), 0.64, bottom)[0]
        };
        let left_share = if right.is_empty() { 0.22 } else { 0.26 };
        let [editors, _library] = surface.split_left(editors, left_share, left);
        if !right.is_empty() {
            surface.split_right(editors, 0.68, right);
        }
        dock
    }
}

/// Whether a tab is an editor (an item or file the user opened) rather than a panel.
#[must_use]
pub fn is_editor(tab: &Tab) -> bool {
    !PANELS.contains(tab)
}

/// Keeps the start page in the editor area exactly while no other editor tab is open: added
/// when the last one closes (or on a first start), removed once an editor opens in its place.
/// Called each frame with a pack open; returns whether the layout changed.
pub fn keep_start_page(dock: &mut DockState<Tab>) -> bool {
    let editors_open = dock
        .iter_all_tabs()
        .any(|(_, t)| is_editor(t) && *t != Tab::Start);
    match (editors_open, dock.find_tab(&Tab::Start)) {
        (true, Some(mut path)) => {
            // An editor opened in the start page's leaf (it counts as an editor tab there), so
            // the leaf keeps that editor when the start page goes. `remove_tab`, unlike
            // `retain_tabs`, moves the leaf's shown tab along with the removal.
            loop {
                dock.remove_tab(path);
                match dock.find_tab(&Tab::Start) {
                    Some(next) => path = next,
                    None => return true,
                }
            }
        }
        (false, None) => {
            show_editor(dock, Tab::Start);
            true
        }
        _ => false,
    }
}

/// The leaf editor tabs open in: the one holding most of them, else an empty leaf.
fn editor_leaf(dock: &DockState<Tab>) -> Option<NodePath> {
    dock.iter_leaves()
        .filter(|(_, leaf)| leaf.tabs().iter().any(is_editor))
        .max_by_key(|(_, leaf)| leaf.tabs().iter().filter(|t| is_editor(t)).count())
        .or_else(|| dock.iter_leaves().find(|(_, leaf)| leaf.tabs().is_empty()))
        .map(|(path, _)| path)
}

/// Adds an editor tab to the editor area and shows it (an editor area closed with its last
/// tab comes back to the right of the library).
pub fn show_editor(dock: &mut DockState<Tab>, tab: Tab) {
    if let Some(path) = dock.find_tab(&tab) {
        // The path was just found, so it exists.
        dock.set_active_tab(path).ok();
        dock.set_focused_node_and_surface(path.node_path());
        return;
    }
    if let Some(path) = editor_leaf(dock)
        && let Ok(leaf) = dock.leaf_mut(path)
    {
        leaf.append_tab(tab);
        dock.set_focused_node_and_surface(path);
        return;
    }
    // The editor area was closed with its last tab: the Library or Preview beside it took its
    // room, which the editors take back (left of the Preview, else right of the Library).
    let split = if let Some((node, _)) = dock.find_main_surface_tab(&Tab::Preview) {
        Some(
            dock.main_surface_mut()
                .split_left(node, 0.7, vec![tab.clone()]),
        )
    } else {
        dock.find_main_surface_tab(&Tab::Library).map(|(node, _)| {
            dock.main_surface_mut()
                .split_right(node, 0.26, vec![tab.clone()])
        })
    };
    match split {
        Some([_, editors]) => dock
            .set_focused_node_and_surface(NodePath::new(egui_dock::SurfaceIndex::main(), editors)),
        None => dock.push_to_first_leaf(tab),
    }
}

/// Brings a panel to the front, adding it where the workspace's first-run layout has it (in
/// the leaf of a panel it starts beside) when it was closed.
pub fn show_panel(dock: &mut DockState<Tab>, workspace: Workspace, panel: Tab) {
    if let Some(path) = dock.find_tab(&panel) {
        // The path was just found, so it exists.
        dock.set_active_tab(path).ok();
        return;
    }
    let beside: Vec<Tab> = workspace
        .default_panels()
        .into_iter()
        .find(|group| group.contains(&panel))
        .unwrap_or_else(|| vec![Tab::Problems, Tab::Log, Tab::Sandbox, Tab::Preview]);
    let neighbour = beside
        .iter()
        .filter(|t| **t != panel)
        .find_map(|t| dock.find_tab(t));
    match neighbour {
        Some(path) => {
            if let Ok(leaf) = dock.leaf_mut(path.node_path()) {
                leaf.append_tab(panel);
            }
        }
        None => match editor_leaf(dock) {
            // Below the editors, where a workspace's lower panels start.
            Some(path) if path.surface == egui_dock::SurfaceIndex::main() => {
                dock.main_surface_mut()
                    .split_below(path.node, 0.7, vec![panel]);
            }
            _ => dock.push_to_first_leaf(panel),
        },
    }
}

/// Closes a panel wherever it is.
pub fn hide_panel(dock: &mut DockState<Tab>, panel: &Tab) {
    if let Some(path) = dock.find_tab(panel) {
        dock.remove_tab(path);
    }
}

/// The layouts: the workspace shown (its layout is the app's dock) and the last layout of each
/// other one. Persisted with the dock.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Workspaces {
    active: Workspace,
    /// The other workspaces' layouts as last left (their editor tabs are replaced by the open
    /// ones when they come back).
    stored: Vec<(Workspace, DockState<Tab>)>,
}

impl Workspaces {
    /// The workspace shown.
    #[must_use]
    pub fn active(&self) -> Workspace {
        self.active
    }

    /// Switches to the workspace of the editor tab the user works in, if it is another one
    /// (the focused leaf's shown tab, else the shown tab of the editor area). Returns whether
    /// it switched.
    pub fn follow(&mut self, dock: &mut DockState<Tab>, doc: &Document) -> bool {
        let shown = |path: NodePath| {
            dock.leaf(path)
                .ok()
                .and_then(|leaf| leaf.tabs().get(leaf.active.0))
                .filter(|t| is_editor(t))
        };
        let tab = dock
            .focused_leaf()
            .and_then(shown)
            .or_else(|| editor_leaf(dock).and_then(shown));
        match tab.and_then(|t| Workspace::of_tab(t, doc)) {
            Some(kind) if kind != self.active => {
                self.switch(dock, kind);
                true
            }
            _ => false,
        }
    }

    /// Shows `to`'s layout (as last left, else its first-run one) with the open editor tabs in
    /// its editor area; the layout shown so far is kept for when its workspace comes back.
    pub fn switch(&mut self, dock: &mut DockState<Tab>, to: Workspace) {
        if to == self.active {
            return;
        }
        let next = match self.stored.iter().position(|(w, _)| *w == to) {
            Some(i) => self.stored.remove(i).1,
            None => to.default_layout(),
        };
        let previous = std::mem::replace(dock, next);
        carry_editors(&previous, dock);
        self.stored.retain(|(w, _)| *w != self.active);
        self.stored.push((self.active, previous));
        self.active = to;
    }

    /// Puts the shown workspace's panels back where they started; the open editor tabs stay.
    pub fn reset(&self, dock: &mut DockState<Tab>) {
        let fresh = self.active.default_layout();
        let previous = std::mem::replace(dock, fresh);
        carry_editors(&previous, dock);
    }

    /// A layout saved before workspaces existed: its editor tabs in the first-run layout of
    /// the workspace (its panels were all of them, whatever was edited).
    pub fn adopt_legacy(dock: &mut DockState<Tab>) -> Self {
        let workspaces = Self::default();
        workspaces.reset(dock);
        workspaces
    }
}

/// Puts `from`'s editor tabs, in order and with the one shown, into `to`'s editor area, in
/// place of the editor tabs `to` had when it was left.
fn carry_editors(from: &DockState<Tab>, to: &mut DockState<Tab>) {
    let editors: Vec<Tab> = from
        .iter_all_tabs()
        .map(|(_, t)| t)
        .filter(|t| is_editor(t))
        .cloned()
        .collect();
    let shown = editor_leaf(from)
        .and_then(|path| from.leaf(path).ok())
        .and_then(|leaf| leaf.tabs().get(leaf.active.0))
        .filter(|t| is_editor(t))
        .cloned();
    let target = editor_leaf(to);
    // Editor tabs `to` had elsewhere (dragged out of its editor area) go: the open ones are
    // all carried into the one editor area.
    for (path, leaf) in to.iter_leaves_mut() {
        if Some(path) != target {
            leaf.retain_tabs(|t| !is_editor(t));
        }
    }
    let Some(target) = target else {
        for tab in editors {
            show_editor(to, tab);
        }
        // Drops any leaf emptied above.
        to.retain_tabs(|_| true);
        if let Some(tab) = shown {
            show_editor(to, tab);
        }
        return;
    };
    let emptied = editors.is_empty();
    if let Ok(leaf) = to.leaf_mut(target) {
        let panels: Vec<Tab> = leaf.tabs.drain(..).filter(|t| !is_editor(t)).collect();
        leaf.tabs = editors;
        leaf.tabs.extend(panels);
        let active = shown
            .and_then(|s| leaf.tabs.iter().position(|t| *t == s))
            .unwrap_or(0);
        leaf.active = egui_dock::TabIndex(active);
    }
    // Emptied leaves close, except an empty editor area waiting for the first editor.
    let any_empty_other = to
        .iter_leaves()
        .any(|(path, leaf)| path != target && leaf.tabs().is_empty());
    if any_empty_other && !emptied {
        to.retain_tabs(|_| true);
    }
    if let Some(path) = editor_leaf(to) {
        to.set_focused_node_and_surface(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::document::ItemAddr;

    fn doc() -> Document {
        use sigilforge_engine::model::{Card, CardSet, PackManifest};
        use sigilforge_engine::pack::{Content, Pack, PackFile};
        let set = CardSet {
            cards: vec![Card {
                id: "wolf".to_owned(),
                name: "Wolf".to_owned(),
                ..Card::default()
            }],
        };
        let mut pack = Pack::new(
            std::path::Path::new("/nowhere"),
            PackManifest::new("t", "T"),
        );
        pack.files
            .push(PackFile::new("cards.ron", Content::Cards(set)));
        Document::validated(pack)
    }

    fn panels(dock: &DockState<Tab>) -> Vec<Tab> {
        let mut tabs: Vec<Tab> = dock
            .iter_all_tabs()
            .map(|(_, t)| t.clone())
            .filter(|t| !is_editor(t))
            .collect();
        tabs.sort_by_key(|t| PANELS.iter().position(|p| p == t));
        tabs
    }

    #[test]
    fn each_workspace_keeps_its_layout_and_the_editor_tabs_follow() {
        let doc = doc();
        let mut workspaces = Workspaces::default();
        let mut dock = Workspace::BattleCards.default_layout();
        let card = Tab::Editor(ItemAddr::card("cards.ron", 0));
        show_editor(&mut dock, card.clone());
        hide_panel(&mut dock, &Tab::Balance);
        let glyph = Tab::Glyph("glyphs/a.ron".to_owned());
        show_editor(&mut dock, glyph.clone());
        assert!(workspaces.follow(&mut dock, &doc), "the glyph tab is shown");
        assert_eq!(workspaces.active(), Workspace::Glyph);
        assert_eq!(panels(&dock), [Tab::Library, Tab::Problems, Tab::Log]);
        let editors: Vec<&Tab> = dock
            .iter_all_tabs()
            .map(|(_, t)| t)
            .filter(|t| is_editor(t))
            .collect();
        assert_eq!(editors, [&card, &glyph]);
        // Back on the card: its layout as left, without the Balance panel closed there.
        show_editor(&mut dock, card.clone());
        assert!(workspaces.follow(&mut dock, &doc));
        assert_eq!(workspaces.active(), Workspace::BattleCards);
        assert!(dock.find_tab(&Tab::Balance).is_none());
        assert!(dock.find_tab(&Tab::Sandbox).is_some());
        assert!(dock.find_tab(&glyph).is_some(), "the glyph tab stays open");
        // Reset: the panels come back, the editor tabs stay.
        workspaces.reset(&mut dock);
        assert!(dock.find_tab(&Tab::Balance).is_some());
        assert!(dock.find_tab(&card).is_some() && dock.find_tab(&glyph).is_some());
    }

    #[test]
    fn each_kinds_layout_survives_a_restart() {
        let doc = doc();
        let mut workspaces = Workspaces::default();
        let mut dock = Workspace::BattleCards.default_layout();
        show_editor(&mut dock, Tab::Editor(ItemAddr::card("cards.ron", 0)));
        hide_panel(&mut dock, &Tab::Set);
        show_editor(&mut dock, Tab::Encounter("encounters/a.ron".to_owned()));
        workspaces.follow(&mut dock, &doc);
        // Saved and read back as eframe's storage does (RON).
        let text = ron::to_string(&(&workspaces, &dock)).unwrap();
        let (mut workspaces, mut dock): (Workspaces, DockState<Tab>) =
            ron::from_str(&text).unwrap();
        assert_eq!(workspaces.active(), Workspace::Encounter);
        show_editor(&mut dock, Tab::Editor(ItemAddr::card("cards.ron", 0)));
        workspaces.follow(&mut dock, &doc);
        assert_eq!(workspaces.active(), Workspace::BattleCards);
        assert!(
            dock.find_tab(&Tab::Set).is_none(),
            "closed before the restart"
        );
        assert!(dock.find_tab(&Tab::Sandbox).is_some());
    }

    #[test]
    fn the_start_page_fills_the_editor_area_only_while_no_editor_is_open() {
        let mut dock = Workspace::BattleCards.default_layout();
        assert!(
            keep_start_page(&mut dock),
            "first start: the empty editor area"
        );
        assert!(!keep_start_page(&mut dock), "already there");
        let start = dock.find_tab(&Tab::Start).unwrap();
        let card = Tab::Editor(ItemAddr::card("cards.ron", 0));
        show_editor(&mut dock, card.clone());
        assert_eq!(dock.find_tab(&card).unwrap().node_path(), start.node_path());
        assert!(keep_start_page(&mut dock));
        assert!(dock.find_tab(&Tab::Start).is_none());
        let leaf = dock.leaf(start.node_path()).unwrap();
        assert_eq!(
            leaf.tabs().get(leaf.active.0),
            Some(&card),
            "the editor is shown"
        );
        // The last editor closes (its leaf goes with it): the start page comes back beside
        // the Library, left of the Preview.
        dock.remove_tab(dock.find_tab(&card).unwrap());
        assert!(keep_start_page(&mut dock));
        assert!(dock.find_tab(&Tab::Start).is_some());
        assert!(dock.find_tab(&Tab::Preview).is_some());
    }

    #[test]
    fn a_closed_panel_comes_back_beside_its_neighbours() {
        let mut dock = Workspace::BattleCards.default_layout();
        hide_panel(&mut dock, &Tab::Preview);
        assert!(dock.find_tab(&Tab::Preview).is_none());
        show_panel(&mut dock, Workspace::BattleCards, Tab::Preview);
        assert!(dock.find_tab(&Tab::Preview).is_some());
        let log = dock.find_tab(&Tab::Log).unwrap();
        show_panel(&mut dock, Workspace::BattleCards, Tab::Rules);
        let rules = dock.find_tab(&Tab::Rules).unwrap();
        assert_eq!(rules.node_path(), log.node_path(), "with the lower panels");
    }
}
