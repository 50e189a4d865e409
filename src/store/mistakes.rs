//! The queue of "Your mistakes" in the data folder (`mistakes.json`, a [`Queue`]): read and
//! checked, merged and written back under the folder's lock, as the statistics are, so that two
//! windows never lose each other's tries or finds.

use super::{Store, Warning};
use crate::mistakes::{Queue, Scan};
use crate::record::GameRecord;

/// The file the queue of "Your mistakes" is kept in.
pub const MISTAKES_FILE: &str = "mistakes.json";

/// What a look at the data folder finds for "Your mistakes": the queue on file, the records
/// it has not looked at yet (newest first, each with its name), and the names of every record
/// kept.
#[derive(Debug, Clone, Default)]
pub struct Unscanned {
    pub queue: Queue,
    pub records: Vec<(String, GameRecord)>,
    pub kept: Vec<String>,
    pub warnings: Vec<Warning>,
}

impl Store {
    /// The queue of "Your mistakes" on file, and the kept records it has not looked at yet, under
    /// one hold of the folder's lock (waiting for it: off the interface's thread only). A
    /// damaged queue file is moved aside with a warning, and the queue starts again empty (every
    /// kept record is then looked at again, so no mistake is lost).
    pub fn unscanned_records(&self) -> Unscanned {
        self.with_lock(|_| {
            let (queue, mut warnings) = self.queue_unlocked();
            let (records, more) = self.kept_records_unlocked(|name| !queue.scanned.contains(name));
            warnings.extend(more);
            let kept = self.kept_names();
            Unscanned {
                queue,
                records,
                kept,
                warnings,
            }
        })
    }

    /// Takes what a look at the records found into the queue on file: re-read under the lock,
    /// merged ([`Queue::merge`]), written. The queue as it now stands, and any problems.
    pub fn merge_mistakes(&self, scan: &Scan) -> (Queue, Vec<Warning>) {
        self.change_queue(|queue| queue.merge(scan))
    }

    /// A try at the retry of `position` ([`Queue::attempt`]), on file: re-read under the lock,
    /// changed, written. The queue as it now stands, and any problems.
    pub fn attempt_mistake(&self, position: &str, solved: bool) -> (Queue, Vec<Warning>) {
        self.change_queue(|queue| {
            queue.attempt(position, solved);
        })
    }

    /// The queue on file, read and checked (the lock held); a damaged file is moved aside and
    /// the queue starts empty, with the warning.
    fn queue_unlocked(&self) -> (Queue, Vec<Warning>) {
        match self.load_unlocked::<Queue>(MISTAKES_FILE) {
            Ok(queue) => {
                let queue = queue.unwrap_or_default();
                match queue.problem() {
                    None => (queue, Vec::new()),
                    Some(problem) => (
                        Queue::default(),
                        vec![self.set_aside(MISTAKES_FILE, &format!("is damaged ({problem})"))],
                    ),
                }
            }
            Err(warning) => (Queue::default(), vec![warning]),
        }
    }

    /// Re-reads the queue under the lock, changes it with `change` and writes it back; without
    /// the lock nothing is written (it could undo another window's change).
    fn change_queue(&self, change: impl FnOnce(&mut Queue)) -> (Queue, Vec<Warning>) {
        self.with_lock(|lock_problem| {
            let (mut queue, mut warnings) = self.queue_unlocked();
            change(&mut queue);
            match lock_problem {
                None => warnings.extend(self.save_unlocked(MISTAKES_FILE, &queue).err()),
                Some(problem) => {
                    warnings.push(format!("{problem}, so {MISTAKES_FILE} is not saved"));
                }
            }
            (queue, warnings)
        })
    }
}
