//! The solver threads: one builds tables, one job at a time, requests in, progress and results
//! out; the other runs the computer's short searches where no table, closed form or book entry
//! proves a move, so that neither ever holds up the interface.
//!
//! The app numbers every request (see [`Job`]); for tables the number is a generation. A new
//! table request, or a cancel, makes its number the current generation; the running build
//! notices within a few thousand positions and stops, and answers tagged with an old
//! generation are for a board the player has left, so the app drops them. Searches are
//! numbered the same way, and only the latest one runs.

use crate::games::chomp::player;
use crate::games::chomp::rules::Position;
use crate::games::request::{Job, Request, SolverMessage};
use crate::solve::{BuildError, OutcomeTable};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Weak};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Progress is reported at most this often, which is plenty for a gauge.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Handle to the solver threads. Dropping it cancels the running job and joins the threads.
pub struct Worker {
    jobs: Option<Sender<(u64, u8, u8)>>,
    latest: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
    searches: Option<Sender<Search>>,
    latest_search: Arc<AtomicU64>,
    searcher: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the threads; `notify` receives every message (the event loop forwards them to the
    /// app).
    pub fn spawn(budget: u64, notify: impl Fn(SolverMessage) + Send + Sync + 'static) -> Worker {
        let notify = Arc::new(notify);
        let (jobs, inbox) = mpsc::channel::<(u64, u8, u8)>();
        let latest = Arc::new(AtomicU64::new(0));
        let current = Arc::clone(&latest);
        let notify_builds = Arc::clone(&notify);
        let thread = std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || {
                let mut tables = Tables::new(budget);
                for (generation, rows, cols) in inbox {
                    let still_wanted = || current.load(Ordering::Relaxed) == generation;
                    if still_wanted() {
                        tables.solve(generation, rows, cols, &still_wanted, &*notify_builds);
                    }
                }
            })
            .expect("spawn the solver thread");
        let (searches, search_inbox) = mpsc::channel::<Search>();
        let latest_search = Arc::new(AtomicU64::new(0));
        let current_search = Arc::clone(&latest_search);
        let search_thread = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search_loop(&search_inbox, &current_search, &*notify))
            .expect("spawn the search thread");
        Worker {
            jobs: Some(jobs),
            latest,
            thread: Some(thread),
            searches: Some(searches),
            latest_search,
            searcher: Some(search_thread),
        }
    }

    /// Sends a job to its thread. A table request or a cancel makes its number the current
    /// generation, which stops any older build; a search replaces any older search.
    pub fn send(&self, job: Job) {
        let Job { number, request } = job;
        // A send fails only if the thread has died, and then no answer will come: the game
        // falls back to unproven moves, which is the best that can be done.
        match request {
            Request::Solve { rows, cols } => {
                self.latest.store(number, Ordering::SeqCst);
                if let Some(jobs) = &self.jobs {
                    let _ = jobs.send((number, rows, cols));
                }
            }
            Request::Cancel => self.latest.store(number, Ordering::SeqCst),
            Request::Search {
                rows,
                heights,
                seed,
            } => {
                self.latest_search.store(number, Ordering::SeqCst);
                if let Some(searches) = &self.searches {
                    let _ = searches.send(Search {
                        number,
                        rows,
                        heights,
                        seed,
                    });
                }
            }
        }
    }

    /// Cancels the running request, if any; its build stops and its memory is freed.
    fn cancel(&self) {
        self.latest.fetch_add(1, Ordering::SeqCst);
    }
}

/// A search on its way to the search thread: [`Request::Search`] with its number.
struct Search {
    number: u64,
    rows: u8,
    heights: Vec<u8>,
    seed: u64,
}

/// The search thread: runs the latest search only (a newer one replaces an older one, whose
/// position is gone).
fn search_loop(inbox: &Receiver<Search>, current: &AtomicU64, notify: &dyn Fn(SolverMessage)) {
    for search in inbox {
        if search.number == current.load(Ordering::SeqCst)
            && let Some(message) =
                search_message(search.number, search.rows, &search.heights, search.seed)
        {
            notify(message);
        }
    }
}

/// The answer to search number `search` of a Chomp position (its box's `rows` and its column
/// `heights`): what the worker's search thread sends, computed here. `None` when the heights
/// are not a position in such a box, or leave nothing but the poison to eat: such a request
/// comes from no game, and gets no answer rather than stopping the thread.
pub fn search_message(search: u64, rows: u8, heights: &[u8], seed: u64) -> Option<SolverMessage> {
    let widened: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
    let position = Position::from_heights(usize::from(rows), heights.len(), &widened).ok()?;
    if widened.iter().sum::<usize>() < 2 {
        return None;
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let choice = player::search_chomp_move(&position, &mut rng);
    let square = choice.square();
    Some(SolverMessage::Searched {
        search,
        col: square.col,
        row: square.row,
        proven: choice.is_proven(),
    })
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

/// The table side of the solver: builds tables within a memory budget and remembers the
/// latest one. The worker's table thread runs it; tests that need no thread call it directly.
pub struct Tables {
    budget: u64,
    /// Only a weak handle: the table lives exactly as long as a game holds it, so leaving a
    /// game frees it, while a request that a live table covers is answered with that table at
    /// once.
    cache: Option<Weak<OutcomeTable>>,
}

impl Tables {
    /// No table yet, and `budget` bytes for one.
    pub fn new(budget: u64) -> Tables {
        Tables {
            budget,
            cache: None,
        }
    }

    /// Answers table request `generation` for a `rows` × `cols` box through `notify`: the live
    /// table when it covers the box, a refusal when the box does not fit the budget, otherwise
    /// progress and then the built table. The build stops, with no answer, as soon as
    /// `still_wanted` says no.
    pub fn solve(
        &mut self,
        generation: u64,
        rows: u8,
        cols: u8,
        still_wanted: &dyn Fn() -> bool,
        notify: &dyn Fn(SolverMessage),
    ) {
        let started = Instant::now();
        if let Some(table) = self
            .cache
            .as_ref()
            .and_then(Weak::upgrade)
            .filter(|t| t.rows() >= rows && t.cols() >= cols)
        {
            notify(SolverMessage::Ready {
                generation,
                table,
                elapsed: started.elapsed(),
            });
            return;
        }
        let budget = self.budget;
        let needed_bytes = OutcomeTable::bytes_for(rows, cols);
        if needed_bytes > budget {
            notify(SolverMessage::Refused {
                generation,
                needed_bytes,
                budget,
            });
            return;
        }
        let mut last_report = Instant::now();
        let built = OutcomeTable::build(rows, cols, &mut |done, total| {
            if !still_wanted() {
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
                self.cache = Some(Arc::downgrade(&table));
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
}
