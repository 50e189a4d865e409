//! What a game asks of the solver threads ([`Request`], numbered by the app into a [`Job`]) and
//! what they answer ([`SolverMessage`]). The sessions return requests and take the answers; the
//! worker (above the games) runs them. A leaf of the games: it speaks in plain numbers and names
//! no game, only the table engine; each game converts its own types at the edge. Work that
//! is a game's own (its tables, the judging of a finished game) travels as a [`Task`]: a job
//! that holds everything it needs, which the solver threads run without knowing what it is.

use crate::games::review::Judged;
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

/// What a [`Task`] is told as it goes: `(done, total)` of its steps so far. It answers whether
/// to go on (`false`: the task is no longer wanted, and should stop at once).
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// What a [`Request::Build`] task makes: the game that asked for it knows its type and
/// downcasts it.
pub type Built = Arc<dyn Any + Send + Sync>;

/// The judged moves a [`Request::Judge`] task answers with, in notation.
pub type JudgedMoves = Vec<Judged<String>>;

/// A piece of a game's own work for the solver threads, holding all it needs (its tables are
/// shared, never copied), so that they run it without knowing the game. Two tasks are equal
/// only when they are the same task.
pub struct Task<T> {
    /// What it does, for the log and the tests ("moves left of subtraction 1,3,4 to 10").
    what: String,
    run: Arc<dyn Fn(Progress) -> Option<T> + Send + Sync>,
}

impl<T> Task<T> {
    /// The task `what` that `run` does: it reports its progress, and gives `None` only when the
    /// progress said to stop.
    pub fn new(
        what: impl Into<String>,
        run: impl Fn(Progress) -> Option<T> + Send + Sync + 'static,
    ) -> Task<T> {
        Task {
            what: what.into(),
            run: Arc::new(run),
        }
    }

    /// What it does.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// Does it (slow: on a solver thread only); `None` when `progress` said to stop.
    pub fn run(&self, progress: Progress) -> Option<T> {
        (self.run)(progress)
    }
}

impl<T> Clone for Task<T> {
    fn clone(&self) -> Self {
        Task {
            what: self.what.clone(),
            run: Arc::clone(&self.run),
        }
    }
}

impl<T> PartialEq for Task<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.run, &other.run)
    }
}

impl<T> Eq for Task<T> {}

impl<T> std::fmt::Debug for Task<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Task({})", self.what)
    }
}

/// A [`Request::Build`] a game waits for: its task (asked again when another screen's request
/// cancelled it) and its progress so far, which the screen shows.
#[derive(Debug, Clone)]
pub struct Waiting {
    /// What the panel's gauge says is built ("moves left").
    pub label: &'static str,
    task: Task<Built>,
    /// Steps done so far, of `total` (both 0 before the first report).
    pub done: u64,
    pub total: u64,
}

impl Waiting {
    /// Waiting for `task`, whose gauge says `label`.
    pub fn new(label: &'static str, task: Task<Built>) -> Waiting {
        Waiting {
            label,
            task,
            done: 0,
            total: 0,
        }
    }

    /// The request that builds it (again).
    pub fn request(&self) -> Request {
        Request::Build(self.task.clone())
    }

    /// Takes an answer to its request: progress is kept; what was built is handed back.
    pub fn on_solver(&mut self, message: SolverMessage) -> Option<Built> {
        match message {
            SolverMessage::Progress { done, total, .. } => {
                (self.done, self.total) = (done, total);
                None
            }
            SolverMessage::Built { built, .. } => Some(built),
            _ => None,
        }
    }
}

/// Takes `message` for the build `waiting` awaits, if any: its progress moves the gauge, and
/// what it built is handed back, the wait over.
pub fn arrived(waiting: &mut Option<Waiting>, message: SolverMessage) -> Option<Built> {
    let built = waiting.as_mut()?.on_solver(message)?;
    *waiting = None;
    Some(built)
}

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
    /// The move a search (see [`Request::Search`]) found: eat the square in column `col` and
    /// row `row` (both 0-based from the poison); `proven` when a closed form proves it wins.
    Searched {
        search: u64,
        col: u8,
        row: u8,
        proven: bool,
    },
    /// About a moves-left table (see [`Request::MovesLeft`]).
    MovesLeft(MovesLeftMessage),
    /// What a [`Request::Build`] task made (its progress comes as [`SolverMessage::Progress`]).
    Built {
        generation: u64,
        built: Built,
        elapsed: Duration,
    },
    /// The moves of a finished game, judged by [`Request::Judge`] number `judging`.
    Judged { judging: u64, judged: JudgedMoves },
}

/// The two builds of a moves-left request, each with a gauge of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The outcome table, when no live one covers the box.
    Outcomes,
    /// The moves-left table, built on the outcome table.
    MovesLeft,
}

impl Phase {
    /// What the gauge says is being built.
    pub fn label(self) -> &'static str {
        match self {
            Phase::Outcomes => "outcomes",
            Phase::MovesLeft => "moves left",
        }
    }
}

/// What the solver thread reports about a moves-left table, as the table's own messages do:
/// the outcome table's progress (when it has to be built first), the outcome table as soon as
/// it is there, the moves-left table's progress, and the moves-left table.
#[derive(Clone)]
pub enum MovesLeftMessage {
    /// `done` of `total` steps of `phase` are done, `elapsed` after the phase started.
    Progress {
        generation: u64,
        phase: Phase,
        done: u64,
        total: u64,
        elapsed: Duration,
    },
    /// The outcome table the moves-left table is being built on, as soon as it is there:
    /// outcomes can be shown before the moves left.
    Outcomes {
        generation: u64,
        table: Arc<OutcomeTable>,
    },
    /// The moves-left table is ready (it holds the outcome table it was built from).
    Ready {
        generation: u64,
        table: Arc<MovesLeftTable>,
        elapsed: Duration,
    },
    /// The outcome table and the moves-left table together would need more memory than the
    /// budget allows.
    Refused {
        generation: u64,
        needed_bytes: u64,
        budget: u64,
    },
}

impl MovesLeftMessage {
    /// The request this message answers.
    pub fn generation(&self) -> u64 {
        match self {
            MovesLeftMessage::Progress { generation, .. }
            | MovesLeftMessage::Outcomes { generation, .. }
            | MovesLeftMessage::Ready { generation, .. }
            | MovesLeftMessage::Refused { generation, .. } => *generation,
        }
    }
}

impl SolverMessage {
    /// The table request this message answers; `None` for a search's or a judging's answer.
    pub fn generation(&self) -> Option<u64> {
        match self {
            SolverMessage::Progress { generation, .. }
            | SolverMessage::Ready { generation, .. }
            | SolverMessage::Refused { generation, .. }
            | SolverMessage::Built { generation, .. } => Some(*generation),
            SolverMessage::MovesLeft(message) => Some(message.generation()),
            SolverMessage::Searched { .. } | SolverMessage::Judged { .. } => None,
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
            SolverMessage::Searched {
                search,
                col,
                row,
                proven,
            } => {
                let proof = if *proven { "proven" } else { "unproven" };
                write!(f, "Searched(#{search}, col {col} row {row}, {proof})")
            }
            SolverMessage::MovesLeft(message) => write!(f, "MovesLeft{message:?}"),
            SolverMessage::Built { generation, .. } => write!(f, "Built(#{generation})"),
            SolverMessage::Judged { judging, judged } => {
                write!(f, "Judged(#{judging}, {} moves)", judged.len())
            }
        }
    }
}

impl std::fmt::Debug for MovesLeftMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MovesLeftMessage::Progress {
                generation,
                phase,
                done,
                total,
                ..
            } => write!(f, "Progress(#{generation}, {phase:?} {done}/{total})"),
            MovesLeftMessage::Outcomes { generation, table } => {
                write!(
                    f,
                    "Outcomes(#{generation}, {}x{})",
                    table.rows(),
                    table.cols()
                )
            }
            MovesLeftMessage::Ready {
                generation, table, ..
            } => {
                let outcomes = table.outcomes();
                write!(
                    f,
                    "Ready(#{generation}, {}x{})",
                    outcomes.rows(),
                    outcomes.cols()
                )
            }
            MovesLeftMessage::Refused {
                generation,
                needed_bytes,
                ..
            } => write!(f, "Refused(#{generation}, {needed_bytes} bytes)"),
        }
    }
}

/// What a game needs from the solver threads; the game returns it and the app sends it as a
/// numbered [`Job`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// The table of a `rows` × `cols` box (a live table that covers it is handed back at once).
    /// Cancels any earlier table request.
    Solve { rows: u8, cols: u8 },
    /// The moves-left table of a `rows` × `cols` box, built from the live outcome table when
    /// one covers the box (else that is built first), under the same memory budget: the two
    /// tables together must fit it. A live moves-left table that covers the box is handed back
    /// at once. A table request like [`Request::Solve`]: it cancels any earlier one, and a
    /// later one cancels it.
    MovesLeft { rows: u8, cols: u8 },
    /// Stop the running build; its memory is freed.
    Cancel,
    /// A game's own table, built by its task on the table thread with progress (what it makes
    /// comes back as [`SolverMessage::Built`]). A table request like [`Request::Solve`]: it
    /// cancels any earlier one, and a later one cancels it.
    Build(Task<Built>),
    /// The moves of a finished game judged by its task, off the interface's thread (the answer
    /// is [`SolverMessage::Judged`]). Only the latest judging is wanted: it replaces any
    /// earlier one, and cancels no table.
    Judge(Task<JudgedMoves>),
    /// Stop the running judging, whose review was left: no answer comes. Cancels no table.
    StopJudging,
    /// The computer's best move in the position of column `heights` (from the poison column
    /// rightwards) in a box of `rows` rows, found by a short search where nothing proves a move;
    /// `seed` makes its choices repeatable. The position must have a square besides the poison;
    /// one that is not a position (or has only the poison) gets no answer.
    Search {
        rows: u8,
        heights: Vec<u8>,
        seed: u64,
    },
}

/// A request with the number the app gave it: the answers to it carry that number (for
/// tables, the generation; for searches and judgings, their own number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub number: u64,
    pub request: Request,
}
