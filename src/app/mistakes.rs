//! "Your mistakes" as the app finds them: a look at the kept records on a solver thread
//! ([`scan_task`]), every record the queue has not looked at judged there, never on the
//! interface's thread.

use super::writer::Write;
use crate::games::request::{Built, Progress, Shelf, Task};
use crate::games::review::Label;
use crate::games::session::Session;
use crate::mistakes::{Queue, Retry, Scan, retries_in};
use crate::record::GameRecord;
use crate::store::Store;
use std::collections::BTreeSet;
use std::sync::Arc;

/// What a look at the kept records answers: the queue as its file held it, what the look found
/// (to be merged into the file by the writer, [`Store::merge_mistakes`]) and any problems.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// The queue on file, with what was found merged in.
    pub queue: Queue,
    pub scan: Scan,
    pub warnings: Vec<String>,
}

/// Looks at the records kept in `store` (if munch keeps a data folder) that its queue has not
/// looked at, and `just_kept` (the game that just ended, by the name it is being kept under:
/// the writer may not have written it yet), judging every move of each. `None` when `progress` said to stop. Slow: on a solver
/// thread only (it waits for the folder's lock, and judging grows with the records).
pub fn scan(
    store: Option<&Store>,
    just_kept: Option<&(String, GameRecord)>,
    budget: u64,
    progress: Progress,
) -> Option<Found> {
    let mut unscanned = store.map(Store::unscanned_records).unwrap_or_default();
    if let Some((name, record)) = just_kept
        && !unscanned.queue.scanned.contains(name)
        && !unscanned.records.iter().any(|(n, _)| n == name)
    {
        unscanned.records.insert(0, (name.clone(), record.clone()));
    }
    let total = unscanned.records.len() as u64;
    let mut found = Vec::new();
    // The tables one record's judging builds serve the next (a Chomp bar they cover).
    let mut shelf = Shelf::default();
    for (done, (name, record)) in (0_u64..).zip(&unscanned.records) {
        if !progress(done, total) {
            return None;
        }
        let retries = retries_in(name, record, budget, &mut shelf, &mut |_, _| {
            progress(done, total)
        })?;
        found.push((name.clone(), retries));
    }
    let scan = Scan {
        found,
        kept: unscanned.kept,
    };
    let mut queue = unscanned.queue;
    queue.merge(&scan);
    Some(Found {
        queue,
        scan,
        warnings: unscanned.warnings,
    })
}

/// [`scan`] as a task, its tables within the lane's memory budget: its answer is a [`Found`].
pub fn scan_task(store: Option<Store>, just_kept: Option<(String, GameRecord)>) -> Task<Built> {
    Task::in_context("find your mistakes", move |context| {
        let budget = context.budget();
        let mut progress = |done, total| context.progress("your games", done, total);
        scan(store.as_ref(), just_kept.as_ref(), budget, &mut progress)
            .map(|found| Arc::new(found) as Built)
    })
}

/// The retries of "Your mistakes" on screen: the queue as last known, the one to come first
/// (the game just ended's), and the tries and finds still to be written.
#[derive(Debug, Default)]
pub struct Retries {
    /// The queue as last known: `None` until the first look at the records answers.
    pub queue: Option<Queue>,
    /// The record of the game just ended (`m` after a game): its retries come first, once.
    pub first_from: Option<String>,
    /// The game just ended's retries shown so far.
    shown: BTreeSet<String>,
    /// What is still to be written to the data folder, oldest first.
    writes: Vec<Write>,
    /// How many retries left the queue, solved twice in a row, since the screen opened.
    pub cleared: usize,
}

impl Retries {
    /// Retries to be found, those of the game kept as `first_from` first.
    pub fn new(first_from: Option<String>) -> Retries {
        Retries {
            first_from,
            ..Retries::default()
        }
    }

    /// What a look at the records found: the queue it read with its finds merged in, whose
    /// finds go to the data folder next. The problems on the way, for the app to show.
    pub fn take_found(&mut self, found: &Found) -> Vec<String> {
        self.queue = Some(found.queue.clone());
        self.writes.push(Write::MergeMistakes(found.scan.clone()));
        found.warnings.clone()
    }

    /// The queue as the data folder holds it now (another window's tries and finds in it).
    pub fn take_queue(&mut self, queue: Queue) {
        self.queue = Some(queue);
    }

    /// The next retry: each of the game just ended's first, once, then the queue's first,
    /// other than `after` (the one just tried) where another waits.
    pub fn next(&mut self, after: Option<&str>) -> Option<Retry> {
        let queue = self.queue.as_ref()?;
        if let Some(record) = &self.first_from {
            let first = queue
                .retries
                .iter()
                .find(|r| r.from.record == *record && !self.shown.contains(&r.position));
            if let Some(first) = first {
                self.shown.insert(first.position.clone());
                return Some(first.clone());
            }
            self.first_from = None;
        }
        queue
            .retries
            .iter()
            .find(|r| Some(r.position.as_str()) != after)
            .or(queue.retries.first())
            .cloned()
    }

    /// How many retries wait (0 until the first look answers).
    pub fn waiting(&self) -> usize {
        self.queue.as_ref().map_or(0, |q| q.retries.len())
    }

    /// A try at the retry of `position`: counted here at once, and for the data folder.
    pub fn attempt(&mut self, position: &str, solved: bool) {
        if let Some(queue) = &mut self.queue
            && queue.attempt(position, solved)
        {
            self.cleared += 1;
        }
        self.writes.push(Write::AttemptMistake {
            position: position.to_string(),
            solved,
        });
    }

    /// What is to be written to the data folder since the last call, oldest first.
    pub fn take_writes(&mut self) -> Vec<Write> {
        std::mem::take(&mut self.writes)
    }
}

/// Whether the last move of `session` (a retry's game, one move in) kept the win, as its
/// judging proves it: `None` where nothing proves it.
pub fn kept_the_win(session: &dyn Session) -> Option<bool> {
    match session.judged().last()?.label {
        Label::Best | Label::KeptWin => Some(true),
        Label::Mistake { .. } => Some(false),
        Label::LostAnyway | Label::Unjudged => None,
    }
}
