//! The solver threads: one builds tables (Chomp's, and the other games' own through their build
//! tasks), one job at a time, requests in, progress and results out; one runs the computer's
//! short searches where no table, closed form or book entry proves a move; and one judges the
//! moves of a finished game for its review. None of them ever holds up the interface.
//!
//! The app numbers every request (see [`Job`]); for tables the number is a generation. A new
//! table request, or a cancel, makes its number the current generation; the running build
//! notices within a few thousand positions and stops, and answers tagged with an old
//! generation are for a board the player has left, so the app drops them. Searches and
//! judgings are numbered the same way, and only the latest one of each runs.

use crate::games::chomp::player;
use crate::games::chomp::rules::Position;
use crate::games::request::{
    Built, Job, JudgedMoves, MovesLeftMessage, Phase, Request, SolverMessage, Task,
};
use crate::solve::{BuildError, MovesLeftTable, OutcomeTable};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// Progress is reported at most this often, which is plenty for a gauge.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Handle to the solver threads. Dropping it cancels every job and closes their inboxes, and
/// waits for none of them: a thread ends by itself once its job has stopped (a build or a
/// judging within a few thousand steps, a search when its short search is done), so quitting
/// munch never waits on solver work.
pub struct Worker {
    jobs: Option<Sender<TableJob>>,
    latest: Arc<AtomicU64>,
    searches: Option<Sender<Search>>,
    latest_search: Arc<AtomicU64>,
    judgings: Option<Sender<(u64, Task<JudgedMoves>)>>,
    latest_judging: Arc<AtomicU64>,
}

impl Worker {
    /// Starts the threads; `notify` receives every message (the event loop forwards them to the
    /// app).
    pub fn spawn(budget: u64, notify: impl Fn(SolverMessage) + Send + Sync + 'static) -> Worker {
        let notify = Arc::new(notify);
        let (jobs, inbox) = mpsc::channel::<TableJob>();
        let latest = Arc::new(AtomicU64::new(0));
        let current = Arc::clone(&latest);
        let notify_builds = Arc::clone(&notify);
        std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || {
                let mut tables = Tables::new(budget);
                for job in inbox {
                    let generation = job.generation;
                    let still_wanted = || current.load(Ordering::Relaxed) == generation;
                    if !still_wanted() {
                        continue;
                    }
                    match job.what {
                        TableWork::Solve { rows, cols } => {
                            tables.solve(generation, rows, cols, &still_wanted, &*notify_builds);
                        }
                        TableWork::MovesLeft { rows, cols } => tables.moves_left(
                            generation,
                            rows,
                            cols,
                            &still_wanted,
                            &*notify_builds,
                        ),
                        TableWork::Build(task) => {
                            build(generation, &task, &still_wanted, &*notify_builds);
                        }
                    }
                }
            })
            .expect("spawn the solver thread");
        let (searches, search_inbox) = mpsc::channel::<Search>();
        let latest_search = Arc::new(AtomicU64::new(0));
        let current_search = Arc::clone(&latest_search);
        let notify_searches = Arc::clone(&notify);
        std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search_loop(&search_inbox, &current_search, &*notify_searches))
            .expect("spawn the search thread");
        let (judgings, judge_inbox) = mpsc::channel::<(u64, Task<JudgedMoves>)>();
        let latest_judging = Arc::new(AtomicU64::new(0));
        let current_judging = Arc::clone(&latest_judging);
        std::thread::Builder::new()
            .name("judge".into())
            .spawn(move || {
                for (number, task) in judge_inbox {
                    let still_wanted = || current_judging.load(Ordering::Relaxed) == number;
                    if let Some(message) = judge_message(number, &task, &still_wanted) {
                        notify(message);
                    }
                }
            })
            .expect("spawn the judge thread");
        Worker {
            jobs: Some(jobs),
            latest,
            searches: Some(searches),
            latest_search,
            judgings: Some(judgings),
            latest_judging,
        }
    }

    /// Sends a job to its thread. A table request or a cancel makes its number the current
    /// generation, which stops any older build; a search replaces any older search.
    pub fn send(&self, job: Job) {
        let Job { number, request } = job;
        // A send fails only if the thread has died, and then no answer will come: the game
        // falls back to unproven moves, which is the best that can be done.
        let table_work = match request {
            Request::Solve { rows, cols } => Some(TableWork::Solve { rows, cols }),
            Request::MovesLeft { rows, cols } => Some(TableWork::MovesLeft { rows, cols }),
            Request::Build(task) => Some(TableWork::Build(task)),
            Request::Judge(task) => {
                self.latest_judging.store(number, Ordering::SeqCst);
                if let Some(judgings) = &self.judgings {
                    let _ = judgings.send((number, task));
                }
                None
            }
            Request::StopJudging => {
                self.latest_judging.store(number, Ordering::SeqCst);
                None
            }
            request => {
                self.send_other(number, request);
                None
            }
        };
        if let Some(what) = table_work {
            self.latest.store(number, Ordering::SeqCst);
            if let Some(jobs) = &self.jobs {
                let _ = jobs.send(TableJob {
                    generation: number,
                    what,
                });
            }
        }
    }

    /// Sends a cancel or a search on.
    fn send_other(&self, number: u64, request: Request) {
        match request {
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
            Request::Solve { .. }
            | Request::MovesLeft { .. }
            | Request::Build(_)
            | Request::Judge(_)
            | Request::StopJudging => unreachable!("sent by `send`"),
        }
    }

    /// Cancels the running request, if any; its build stops and its memory is freed.
    fn cancel(&self) {
        self.latest.fetch_add(1, Ordering::SeqCst);
    }
}

/// A table request on its way to the table thread, with its number.
struct TableJob {
    generation: u64,
    what: TableWork,
}

/// What the table thread is asked for: [`Request::Solve`], [`Request::MovesLeft`] or
/// [`Request::Build`].
enum TableWork {
    Solve { rows: u8, cols: u8 },
    MovesLeft { rows: u8, cols: u8 },
    Build(Task<Built>),
}

/// Runs build task `generation` through `notify`: its progress, then what it made; nothing once
/// `still_wanted` says no. The worker's table thread runs it; tests that need no thread call it
/// directly.
pub fn build(
    generation: u64,
    task: &Task<Built>,
    still_wanted: &dyn Fn() -> bool,
    notify: &dyn Fn(SolverMessage),
) {
    let started = Instant::now();
    let mut report = reporter(started, still_wanted, |done, total, elapsed| {
        notify(SolverMessage::Progress {
            generation,
            done,
            total,
            elapsed,
        });
    });
    if let Some(built) = task.run(&mut report)
        && still_wanted()
    {
        notify(SolverMessage::Built {
            generation,
            built,
            elapsed: started.elapsed(),
        });
    }
}

/// The answer to judging number `judging`: what the worker's judge thread sends, computed
/// here; `None` when `still_wanted` said no before it was done.
pub fn judge_message(
    judging: u64,
    task: &Task<JudgedMoves>,
    still_wanted: &dyn Fn() -> bool,
) -> Option<SolverMessage> {
    if !still_wanted() {
        return None;
    }
    let judged = task.run(&mut |_, _| still_wanted())?;
    still_wanted().then_some(SolverMessage::Judged { judging, judged })
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
    /// Cancels every job and closes the inboxes; the threads are left to end by themselves
    /// (joining them would wait for a job to notice it was cancelled, or for a search to end).
    fn drop(&mut self) {
        self.cancel();
        self.latest_search.fetch_add(1, Ordering::SeqCst);
        self.latest_judging.fetch_add(1, Ordering::SeqCst);
        self.jobs.take();
        self.searches.take();
        self.judgings.take();
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
    /// The latest moves-left table, held the same way.
    moves_left_cache: Option<Weak<MovesLeftTable>>,
}

impl Tables {
    /// No table yet, and `budget` bytes for one.
    pub fn new(budget: u64) -> Tables {
        Tables {
            budget,
            cache: None,
            moves_left_cache: None,
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
        if let Some(table) = self.live_table(rows, cols) {
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
        let mut report = reporter(started, still_wanted, |done, total, elapsed| {
            notify(SolverMessage::Progress {
                generation,
                done,
                total,
                elapsed,
            });
        });
        match OutcomeTable::build(rows, cols, &mut report) {
            Ok(table) => {
                let table = self.keep(table);
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

    /// Answers moves-left request `generation` for a `rows` × `cols` box through `notify`: the
    /// live moves-left table when it covers the box; a refusal when the outcome table and the
    /// moves-left table together do not fit the budget; otherwise the outcome table (built
    /// first, with its progress, when no live one covers the box) as soon as it is there, then
    /// the moves-left table's progress and the built table. Stops, with no answer, as soon as
    /// `still_wanted` says no.
    pub fn moves_left(
        &mut self,
        generation: u64,
        rows: u8,
        cols: u8,
        still_wanted: &dyn Fn() -> bool,
        notify: &dyn Fn(SolverMessage),
    ) {
        let started = Instant::now();
        let send = |message: MovesLeftMessage| notify(SolverMessage::MovesLeft(message));
        if let Some(table) = self
            .moves_left_cache
            .as_ref()
            .and_then(Weak::upgrade)
            .filter(|t| t.outcomes().rows() >= rows && t.outcomes().cols() >= cols)
        {
            send(MovesLeftMessage::Ready {
                generation,
                table,
                elapsed: started.elapsed(),
            });
            return;
        }
        let budget = self.budget;
        let needs = |rows: u8, cols: u8| {
            OutcomeTable::bytes_for(rows, cols)
                .saturating_add(MovesLeftTable::bytes_for(rows, cols))
        };
        // The live outcome table when the two fit with it; otherwise one of the box asked for.
        let live = self
            .live_table(rows, cols)
            .filter(|t| needs(t.rows(), t.cols()) <= budget);
        let needed_bytes = needs(rows, cols);
        if live.is_none() && needed_bytes > budget {
            send(MovesLeftMessage::Refused {
                generation,
                needed_bytes,
                budget,
            });
            return;
        }
        // Each build its own gauge, named by its phase.
        let progress = |phase: Phase, started: Instant| {
            reporter(started, still_wanted, move |done, total, elapsed| {
                send(MovesLeftMessage::Progress {
                    generation,
                    phase,
                    done,
                    total,
                    elapsed,
                });
            })
        };
        let outcomes = if let Some(table) = live {
            Ok(table)
        } else {
            let mut first = progress(Phase::Outcomes, started);
            OutcomeTable::build(rows, cols, &mut first).map(|table| self.keep(table))
        };
        let built = outcomes.and_then(|outcomes| {
            // The outcomes can be shown while the moves left are built.
            send(MovesLeftMessage::Outcomes {
                generation,
                table: Arc::clone(&outcomes),
            });
            let mut second = progress(Phase::MovesLeft, Instant::now());
            MovesLeftTable::build(outcomes, &mut second)
        });
        match built {
            Ok(table) => {
                let table = Arc::new(table);
                self.moves_left_cache = Some(Arc::downgrade(&table));
                send(MovesLeftMessage::Ready {
                    generation,
                    table,
                    elapsed: started.elapsed(),
                });
            }
            Err(BuildError::OutOfMemory { bytes }) => send(MovesLeftMessage::Refused {
                generation,
                needed_bytes: bytes,
                budget,
            }),
            Err(BuildError::Cancelled) => {}
        }
    }

    /// The live outcome table, when it covers a `rows` × `cols` box.
    fn live_table(&self, rows: u8, cols: u8) -> Option<Arc<OutcomeTable>> {
        self.cache
            .as_ref()
            .and_then(Weak::upgrade)
            .filter(|t| t.rows() >= rows && t.cols() >= cols)
    }

    /// Shares a built outcome table, remembered as the live one.
    fn keep(&mut self, table: OutcomeTable) -> Arc<OutcomeTable> {
        let table = Arc::new(table);
        self.cache = Some(Arc::downgrade(&table));
        table
    }
}

/// A build's progress callback: stops when `still_wanted` says no, and passes `(done, total,
/// elapsed)` on to `report` at most every [`PROGRESS_INTERVAL`].
fn reporter<'a>(
    started: Instant,
    still_wanted: &'a dyn Fn() -> bool,
    report: impl Fn(u64, u64, Duration) + 'a,
) -> impl FnMut(u64, u64) -> bool + 'a {
    let mut last_report = Instant::now();
    move |done, total| {
        if !still_wanted() {
            return false;
        }
        if last_report.elapsed() >= PROGRESS_INTERVAL {
            last_report = Instant::now();
            report(done, total, started.elapsed());
        }
        true
    }
}
