//! The solver threads: one builds tables, one job at a time, requests in, progress and results
//! out; the other runs the computer's short searches where no table, closed form or book entry
//! proves a move, so that neither ever holds up the interface.
//!
//! Every request carries a generation number. Asking for a new table, or cancelling, bumps the
//! generation; the running build notices within a few thousand positions and stops, and answers
//! tagged with an old generation are for a board the player has left, so the app drops them.
//! Searches are numbered the same way, separately.

use crate::ai::{self, Choice};
use crate::game::chomp::Position;
use crate::solve::{BuildError, OutcomeTable};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Weak};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the solver thread reports.
#[derive(Clone)]
pub enum SolverMessage {
    /// `done` of `total` positions are solved, `elapsed` after the build started.
    Progress {
        generation: u64,
        done: u64,
        total: u64,
        elapsed: Duration,
    },
    /// The table is ready.
    Ready {
        generation: u64,
        table: Arc<OutcomeTable>,
        elapsed: Duration,
    },
    /// The table would need more memory than the budget allows.
    Refused {
        generation: u64,
        needed_bytes: u64,
        budget: u64,
    },
    /// The move a search (see [`Worker::search`]) found.
    Searched { search: u64, choice: Choice },
}

impl SolverMessage {
    /// The table request this message answers; `None` for a search's answer.
    pub fn generation(&self) -> Option<u64> {
        match self {
            SolverMessage::Progress { generation, .. }
            | SolverMessage::Ready { generation, .. }
            | SolverMessage::Refused { generation, .. } => Some(*generation),
            SolverMessage::Searched { .. } => None,
        }
    }
}

impl std::fmt::Debug for SolverMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolverMessage::Progress {
                generation,
                done,
                total,
                ..
            } => {
                write!(f, "Progress(#{generation}, {done}/{total})")
            }
            SolverMessage::Ready {
                generation, table, ..
            } => {
                write!(f, "Ready(#{generation}, {}x{})", table.rows(), table.cols())
            }
            SolverMessage::Refused {
                generation,
                needed_bytes,
                ..
            } => {
                write!(f, "Refused(#{generation}, {needed_bytes} bytes)")
            }
            SolverMessage::Searched { search, choice } => {
                write!(f, "Searched(#{search}, {choice:?})")
            }
        }
    }
}

struct Job {
    generation: u64,
    rows: u8,
    cols: u8,
}

struct SearchJob {
    search: u64,
    position: Position,
    seed: u64,
}

/// Progress is reported at most this often, which is plenty for a gauge.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Handle to the solver threads. Dropping it cancels the running job and joins the threads.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    latest: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
    searches: Option<Sender<SearchJob>>,
    latest_search: Arc<AtomicU64>,
    searcher: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the threads; `notify` receives every message (the event loop forwards them to the
    /// app).
    pub fn spawn(budget: u64, notify: impl Fn(SolverMessage) + Send + Sync + 'static) -> Worker {
        let notify = Arc::new(notify);
        let (jobs, inbox) = mpsc::channel::<Job>();
        let latest = Arc::new(AtomicU64::new(0));
        let current = Arc::clone(&latest);
        let notify_builds = Arc::clone(&notify);
        let thread = std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || {
                // Only a weak handle: the table lives exactly as long as a game holds it, so
                // leaving a game frees it, while a request that a live table covers is answered
                // with that table at once.
                let mut cache: Option<Weak<OutcomeTable>> = None;
                for job in inbox {
                    if job.generation != current.load(Ordering::SeqCst) {
                        continue;
                    }
                    run_job(&job, budget, &current, &mut cache, &*notify_builds);
                }
            })
            .expect("spawn the solver thread");
        let (searches, search_inbox) = mpsc::channel::<SearchJob>();
        let latest_search = Arc::new(AtomicU64::new(0));
        let current_search = Arc::clone(&latest_search);
        let searcher = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                for job in search_inbox {
                    // A newer search replaces this one: its position is gone.
                    if job.search != current_search.load(Ordering::SeqCst) {
                        continue;
                    }
                    let mut rng = fastrand::Rng::with_seed(job.seed);
                    let choice = ai::search_chomp_move(&job.position, &mut rng);
                    notify(SolverMessage::Searched {
                        search: job.search,
                        choice,
                    });
                }
            })
            .expect("spawn the search thread");
        Worker {
            jobs: Some(jobs),
            latest,
            thread: Some(thread),
            searches: Some(searches),
            latest_search,
            searcher: Some(searcher),
        }
    }

    /// Asks for the computer's best unproven move in `position` (which must have a square
    /// besides the poison), found within [`ai::SEARCH_TIME`]; the answer comes as
    /// [`SolverMessage::Searched`]. Returns the number it will carry.
    pub fn search(&self, position: &Position, seed: u64) -> u64 {
        let search = self.latest_search.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(searches) = &self.searches {
            // As for tables: a send fails only if the thread has died.
            let _ = searches.send(SearchJob {
                search,
                position: position.clone(),
                seed,
            });
        }
        search
    }

    /// Asks for the table of a `rows` × `cols` box, cancelling any earlier request. Returns the
    /// generation the answers will carry.
    pub fn solve(&self, rows: u8, cols: u8) -> u64 {
        let generation = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(jobs) = &self.jobs {
            // A send fails only if the thread has died, and then no answer will come: the game
            // falls back to unproven moves, which is the best that can be done.
            let _ = jobs.send(Job {
                generation,
                rows,
                cols,
            });
        }
        generation
    }

    /// Cancels the running request, if any; its build stops and its memory is freed. Returns
    /// the generation now current, which no answer carries.
    pub fn cancel(&self) -> u64 {
        self.latest.fetch_add(1, Ordering::SeqCst) + 1
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        self.jobs.take();
        self.searches.take();
        for thread in [self.thread.take(), self.searcher.take()]
            .into_iter()
            .flatten()
        {
            let _ = thread.join();
        }
    }
}

fn run_job(
    job: &Job,
    budget: u64,
    current: &AtomicU64,
    cache: &mut Option<Weak<OutcomeTable>>,
    notify: &dyn Fn(SolverMessage),
) {
    let generation = job.generation;
    let started = Instant::now();
    if let Some(table) = cache
        .as_ref()
        .and_then(Weak::upgrade)
        .filter(|t| t.rows() >= job.rows && t.cols() >= job.cols)
    {
        notify(SolverMessage::Ready {
            generation,
            table,
            elapsed: started.elapsed(),
        });
        return;
    }
    let needed_bytes = OutcomeTable::bytes_for(job.rows, job.cols);
    if needed_bytes > budget {
        notify(SolverMessage::Refused {
            generation,
            needed_bytes,
            budget,
        });
        return;
    }
    let mut last_report = Instant::now();
    let built = OutcomeTable::build(job.rows, job.cols, &mut |done, total| {
        if current.load(Ordering::Relaxed) != generation {
            return false;
        }
        if last_report.elapsed() >= PROGRESS_INTERVAL {
            last_report = Instant::now();
            notify(SolverMessage::Progress {
                generation,
                done,
                total,
                elapsed: started.elapsed(),
            });
        }
        true
    });
    match built {
        Ok(table) => {
            let table = Arc::new(table);
            *cache = Some(Arc::downgrade(&table));
            notify(SolverMessage::Ready {
                generation,
                table,
                elapsed: started.elapsed(),
            });
        }
        // The machine has less memory than the budget: the game plays on without a table.
        Err(BuildError::OutOfMemory { bytes }) => notify(SolverMessage::Refused {
            generation,
            needed_bytes: bytes,
            budget,
        }),
        Err(BuildError::Cancelled) => {}
    }
}
