//! Validation on a thread of its own (issue #29): the editor hands over the pack after each
//! edit and keeps drawing; the problems come back when the check is done. The thread keeps a
//! copy of the pack and is sent only the files whose text changed since the last hand-over,
//! so a hand-over costs the edited file (and one comparison of each file's text, or none when
//! the caller names the files it changed), not the pack.
//! The problems are exactly [`super::validate`]'s on the pack as handed over.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use super::{Pack, PackFile, validate};
use crate::diag::{Diagnostic, Diagnostics};

/// What the thread is sent: the pack's file list as it stands, each file either its new text
/// (`Some`, which the thread reads as loading the pack would) or the same text as the
/// previous hand-over's file of that path (`None`). Text, not the editor's parsed file: a
/// copy of a thousand parsed cards is tens of thousands of allocations on the UI thread (2–4
/// ms of its frame, page faults included, when the machine is slow), a copy of the text one.
struct Update {
    generation: u64,
    root: std::path::PathBuf,
    manifest: crate::model::PackManifest,
    files: Vec<(String, Option<String>)>,
}

/// The problems of one hand-over.
#[derive(Debug, Clone, PartialEq)]
pub struct Validated {
    /// The generation passed to [`BackgroundValidation::submit`] with the pack checked.
    pub generation: u64,
    /// Everything [`super::validate`] found, in its order.
    pub problems: Vec<Diagnostic>,
}

/// A validation thread and what was last handed to it.
pub struct BackgroundValidation {
    to_thread: Sender<Update>,
    from_thread: Receiver<Validated>,
    /// Path and text of every file as last handed over, in order.
    sent: Vec<(String, String)>,
}

impl std::fmt::Debug for BackgroundValidation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackgroundValidation")
            .field("files", &self.sent.len())
            .finish_non_exhaustive()
    }
}

impl BackgroundValidation {
    /// Starts a thread holding a copy of `pack` (nothing is checked until [`Self::submit`]).
    #[must_use]
    pub fn new(pack: &Pack) -> Self {
        Self::with_waker(pack, || {})
    }

    /// [`Self::new`], and the thread calls `wake` after each check it answers: a UI asks for a
    /// frame there instead of polling while it waits.
    #[must_use]
    pub fn with_waker(pack: &Pack, wake: impl Fn() + Send + 'static) -> Self {
        let (to_thread, inbox) = channel::<Update>();
        let (outbox, from_thread) = channel();
        let mirror = pack.clone();
        let sent = sent_of(pack);
        std::thread::Builder::new()
            .name("validation".into())
            .spawn(move || run(mirror, &inbox, &outbox, &wake))
            .map_or_else(
                |_| Self::inline(pack),
                |_| Self {
                    to_thread,
                    from_thread,
                    sent,
                },
            )
    }

    /// A thread could not start: checks run at hand-over, on the caller's thread.
    fn inline(pack: &Pack) -> Self {
        let (to_thread, _) = channel();
        let (_, from_thread) = channel();
        Self {
            to_thread,
            from_thread,
            sent: sent_of(pack),
        }
    }

    /// Hands `pack` over to be checked as `generation` (the caller's count of its edits): the
    /// files whose text changed since the last hand-over are copied, the others are not.
    pub fn submit(&mut self, pack: &Pack, generation: u64) {
        self.hand_over(pack, generation, |_| true);
    }

    /// [`Self::submit`] for a caller that knows which files changed since the last hand-over:
    /// only the text of the files at `changed` (and of files new since then) is compared and
    /// copied; every other file is taken as it was. An editor tracks its edits by file, and
    /// comparing a 30,000-card pack's text on each hand-over took a millisecond or more of the
    /// frame that sent it.
    pub fn submit_changed(&mut self, pack: &Pack, generation: u64, changed: &[&str]) {
        self.hand_over(pack, generation, |path| changed.contains(&path));
    }

    /// Hands over `pack`, comparing the text of the files `may_differ` names with what was sent.
    fn hand_over(&mut self, pack: &Pack, generation: u64, may_differ: impl Fn(&str) -> bool) {
        let mut before: Vec<Option<(String, String)>> = std::mem::take(&mut self.sent)
            .into_iter()
            .map(Some)
            .collect();
        let mut files = Vec::with_capacity(pack.files.len());
        let mut sent = Vec::with_capacity(pack.files.len());
        for (i, file) in pack.files.iter().enumerate() {
            let sent_as = |entry: &Option<(String, String)>| {
                entry.as_ref().is_some_and(|(path, _)| *path == file.path)
            };
            // What was sent for this path last time: usually at the same place.
            let at = before
                .get(i)
                .filter(|entry| sent_as(entry))
                .map(|_| i)
                .or_else(|| before.iter().position(sent_as));
            let unchanged = at
                .and_then(|at| before[at].take())
                .filter(|(_, source)| !may_differ(&file.path) || *source == file.source);
            if let Some(entry) = unchanged {
                // Kept, not copied again: a 30,000-card pack's files are megabytes, and
                // copying them all on every hand-over took 2–5 ms of the frame that sent it.
                files.push((file.path.clone(), None));
                sent.push(entry);
            } else {
                files.push((file.path.clone(), Some(file.source.clone())));
                sent.push((file.path.clone(), file.source.clone()));
            }
        }
        self.sent = sent;
        let update = Update {
            generation,
            root: pack.root.clone(),
            manifest: pack.manifest.clone(),
            files,
        };
        if self.to_thread.send(update).is_err() {
            // No thread (it could not start or it stopped): check here, so nothing is lost.
            let mut diags = Diagnostics::new();
            validate(pack, &mut diags);
            let (outbox, inbox) = channel();
            let _ = outbox.send(Validated {
                generation,
                problems: diags.into_vec(),
            });
            self.from_thread = inbox;
        }
    }

    /// The newest finished check, if one finished since the last call (older ones are
    /// dropped: a newer hand-over supersedes them).
    pub fn poll(&mut self) -> Option<Validated> {
        let mut latest = None;
        loop {
            match self.from_thread.try_recv() {
                Ok(done) => latest = Some(done),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return latest,
            }
        }
    }

    /// Waits for the check of `generation` (tests and benchmarks).
    pub fn wait_for(&mut self, generation: u64) -> Option<Validated> {
        while let Ok(done) = self.from_thread.recv() {
            if done.generation == generation {
                return Some(done);
            }
        }
        None
    }
}

fn sent_of(pack: &Pack) -> Vec<(String, String)> {
    pack.files
        .iter()
        .map(|f| (f.path.clone(), f.source.clone()))
        .collect()
}

/// The thread: applies every waiting hand-over, checks the newest, answers; ends when the
/// editor drops its side.
fn run(mut mirror: Pack, inbox: &Receiver<Update>, outbox: &Sender<Validated>, wake: &dyn Fn()) {
    while let Ok(first) = inbox.recv() {
        let mut generation = apply(&mut mirror, first);
        while let Ok(next) = inbox.try_recv() {
            generation = apply(&mut mirror, next);
        }
        let mut diags = Diagnostics::new();
        validate(&mirror, &mut diags);
        let done = Validated {
            generation,
            problems: diags.into_vec(),
        };
        if outbox.send(done).is_err() {
            return;
        }
        wake();
    }
}

fn apply(mirror: &mut Pack, update: Update) -> u64 {
    let mut old: std::collections::HashMap<String, PackFile> = std::mem::take(&mut mirror.files)
        .into_iter()
        .map(|f| (f.path.clone(), f))
        .collect();
    mirror.files = update
        .files
        .into_iter()
        .filter_map(|(path, text)| match text {
            // What parsing finds wrong is reading's to report, not validation's: the editor
            // shows it from its own copy.
            Some(text) => {
                let file = std::path::PathBuf::from(&path);
                Some(PackFile::parsed(path, text, &file, &mut Diagnostics::new()))
            }
            None => old.remove(&path),
        })
        .collect();
    mirror.root = update.root;
    mirror.manifest = update.manifest;
    update.generation
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::big_pack::BigPack;
    use crate::pack::{Content, read_pack};

    fn problems_now(pack: &Pack) -> Vec<Diagnostic> {
        let mut diags = Diagnostics::new();
        validate(pack, &mut diags);
        diags.into_vec()
    }

    /// A generated pack of 200 cards in 4 files and `scenarios` scenarios, read (the folder
    /// lives as long as the returned guard).
    fn generated(scenarios: usize) -> (tempfile::TempDir, Pack) {
        let dir = tempfile::tempdir().unwrap();
        BigPack {
            cards: 200,
            card_files: 4,
            scenarios,
        }
        .write(dir.path())
        .unwrap();
        let pack = read_pack(dir.path(), &mut Diagnostics::new());
        (dir, pack)
    }

    #[test]
    fn finds_what_validate_finds_after_each_edit() {
        let (_dir, mut pack) = generated(6);
        let (woken, wakes) = channel();
        let mut worker = BackgroundValidation::with_waker(&pack, move || {
            woken.send(()).unwrap();
        });
        worker.submit(&pack, 1);
        assert_eq!(worker.wait_for(1).unwrap().problems, problems_now(&pack));
        assert!(problems_now(&pack).is_empty());
        // The thread wakes its owner once per answered check (after the answer is sent).
        wakes.recv().unwrap();

        // An unknown keyword on a card of the second file, then a card id made a duplicate.
        let edits: [fn(&mut crate::model::Card); 2] = [
            |card| card.keywords.push("Flyyng".into()),
            |card| card.id = BigPack::card_id(0),
        ];
        for (n, edit) in edits.into_iter().enumerate() {
            let file = &mut pack.files[2];
            let Content::Cards(set) = &mut file.content else {
                panic!("{} holds cards", file.path);
            };
            edit(&mut set.cards[3]);
            file.sync().unwrap();
            let generation = 2 + n as u64;
            worker.submit(&pack, generation);
            let found = worker.wait_for(generation).unwrap().problems;
            assert!(!found.is_empty());
            assert_eq!(found, problems_now(&pack));
        }

        // A file dropped from the pack.
        pack.files.remove(2);
        worker.submit(&pack, 9);
        assert_eq!(worker.wait_for(9).unwrap().problems, problems_now(&pack));

        // An edit undone: the file's text is back to what an earlier hand-over sent, yet it
        // differs from the last one, so it is sent again.
        let before = pack.files[0].clone();
        let Content::Cards(set) = &mut pack.files[0].content else {
            panic!("the first file holds cards");
        };
        set.cards[0].keywords.push("Flyyng".into());
        pack.files[0].sync().unwrap();
        worker.submit(&pack, 10);
        assert!(!worker.wait_for(10).unwrap().problems.is_empty());
        pack.files[0] = before;
        worker.submit(&pack, 11);
        assert_eq!(worker.wait_for(11).unwrap().problems, problems_now(&pack));
    }

    #[test]
    fn submit_changed_compares_only_the_files_named() {
        let (_dir, mut pack) = generated(2);
        let mut worker = BackgroundValidation::new(&pack);
        let misspell = |pack: &mut Pack, file: usize| {
            let file = &mut pack.files[file];
            let Content::Cards(set) = &mut file.content else {
                panic!("{} holds cards", file.path);
            };
            set.cards[1].keywords.push("Flyyng".into());
            file.sync().unwrap();
            file.path.clone()
        };
        // A file named as changed is compared and sent.
        let second = misspell(&mut pack, 2);
        worker.submit_changed(&pack, 1, &[second.as_str()]);
        let found = worker.wait_for(1).unwrap().problems;
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found, problems_now(&pack));
        // One not named is taken as it was: the caller said it did not change.
        misspell(&mut pack, 3);
        worker.submit_changed(&pack, 2, &[]);
        assert_eq!(worker.wait_for(2).unwrap().problems, found);
        // A plain hand-over compares every file and finds it.
        worker.submit(&pack, 3);
        let all = worker.wait_for(3).unwrap().problems;
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(all, problems_now(&pack));
    }
}
