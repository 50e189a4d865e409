//! "Your mistakes" as the app finds them: a look at the kept records on a solver thread
//! ([`scan_task`]), every record the queue has not looked at judged there, never on the
//! interface's thread.

use crate::games::request::{Built, Progress, Task};
use crate::mistakes::{Queue, Scan, retries_in};
use crate::record::GameRecord;
use crate::store::Store;
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

/// Looks at the records kept in `store` that its queue has not looked at, and `just_kept` (the
/// game that just ended, by the name it is being kept under: the writer may not have written
/// it yet), judging every move of each. `None` when `progress` said to stop. Slow: on a solver
/// thread only (it waits for the folder's lock, and judging grows with the records).
pub fn scan(
    store: &Store,
    just_kept: Option<&(String, GameRecord)>,
    progress: Progress,
) -> Option<Found> {
    let mut unscanned = store.unscanned_records();
    if let Some((name, record)) = just_kept
        && !unscanned.queue.scanned.contains(name)
        && !unscanned.records.iter().any(|(n, _)| n == name)
    {
        unscanned.records.insert(0, (name.clone(), record.clone()));
    }
    let total = unscanned.records.len() as u64;
    let mut found = Vec::new();
    for (done, (name, record)) in (0_u64..).zip(&unscanned.records) {
        if !progress(done, total) {
            return None;
        }
        let retries = retries_in(name, record, &mut |_, _| progress(done, total))?;
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

/// [`scan`] as a build task: its answer is a [`Found`].
pub fn scan_task(store: Store, just_kept: Option<(String, GameRecord)>) -> Task<Built> {
    Task::new("find your mistakes", move |progress| {
        scan(&store, just_kept.as_ref(), progress).map(|found| Arc::new(found) as Built)
    })
}
