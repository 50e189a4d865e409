//! What a Chomp game asks of the table thread and takes from it: the outcome table of the
//! bar's box, the moves-left table at level perfect, both followed as the bar shrinks (or grows
//! back by undo), and how long the computer waits for them.

use super::player::Choice;
use super::rules::Square;
use super::session::{ChompSession, MovesLeftState, SolverState, Unfought};
use super::solver::{self, News, Phase};
use crate::games::request::{Request, SolverMessage};
use crate::games::setup::Level;
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::sync::Arc;
use std::time::Duration;

pub use super::tables::WAIT_FOR_TABLE;

/// A building table's time left, estimated from `done` of `total` steps in `elapsed`;
/// `None` before the first step.
fn time_left(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    (done > 0).then(|| {
        let left = total.saturating_sub(done) as f64 / done as f64;
        elapsed.mul_f64(left.min(1e6))
    })
}

/// The memory the moves-left table of a `rows` × `cols` box takes with the outcome table it is
/// built on (as the solver counts them: each with its build's buffers), and beside them `held`,
/// the game's outcome table, where that is of a larger box (it is kept: it judges the whole
/// game for the review, and serves undo).
fn moves_left_bytes(held: &OutcomeTable, rows: u8, cols: u8) -> u64 {
    let kept = if (held.rows(), held.cols()) == (rows, cols) {
        0
    } else {
        held.table_bytes()
    };
    OutcomeTable::bytes_for(rows, cols)
        .saturating_add(MovesLeftTable::bytes_for(rows, cols))
        .saturating_add(kept)
}

impl ChompSession {
    /// At level perfect, once the outcome table is ready, asks for the moves-left table of the
    /// bar's box, unless it is already there or on its way. Where it was refused, the memory it
    /// would need follows the box (the panel shows it), and it is asked for again once the box
    /// has shrunk into the budget.
    pub(super) fn ask_moves_left(&mut self) {
        let SolverState::Ready(table) = &self.solver else {
            return;
        };
        if self.settings.level != Level::Perfect {
            return;
        }
        let (rows, cols) = self.position.bounding_box();
        if rows == 0 {
            return;
        }
        let needs = moves_left_bytes(table, rows, cols);
        let asked = match &mut self.moves_left {
            MovesLeftState::Ready(kept) => kept.outcomes().covers(self.position.heights()),
            MovesLeftState::Building { .. } => true,
            MovesLeftState::NotAsked => false,
            MovesLeftState::Refused {
                needed_bytes,
                budget,
            } => {
                // As for the outcome table (see [`ChompSession::follow_the_box`]): only a box smaller
                // than the one refused is worth asking for, so that a build the machine could
                // not hold is not retried on every tick.
                let shrank = needs < *needed_bytes;
                *needed_bytes = needs;
                !(shrank && needs <= *budget)
            }
        };
        if !asked {
            self.requests.push(solver::moves_left(rows, cols));
            self.moves_left = MovesLeftState::Building {
                done: 0,
                total: 0,
                elapsed: Duration::ZERO,
            };
        }
    }

    /// Asks the solver for a table, or to stop: either ends a moves-left build on its way,
    /// which is asked for again when the outcome table is ready.
    pub(super) fn request_table(&mut self, request: Request) {
        if matches!(self.moves_left, MovesLeftState::Building { .. }) {
            self.moves_left = MovesLeftState::NotAsked;
        }
        self.requests.push(request);
    }

    /// How long until the table being built is ready, estimated from the progress so far
    /// (`None` before the first report, or when no table is being built).
    pub fn table_ready_in(&self) -> Option<Duration> {
        match self.solver {
            SolverState::Solving {
                done,
                total,
                elapsed,
            } => time_left(done, total, elapsed),
            _ => None,
        }
    }

    /// How long until the moves-left table being built is ready, estimated from its own
    /// build's progress (`None` before its first report, while the outcome table it needs is
    /// still built, or when none is being built).
    pub fn moves_left_ready_in(&self) -> Option<Duration> {
        match (&self.solver, &self.moves_left) {
            (
                SolverState::Ready(_),
                MovesLeftState::Building {
                    done,
                    total,
                    elapsed,
                },
            ) => time_left(*done, *total, *elapsed),
            _ => None,
        }
    }

    /// At level perfect, whether the computer waits for the moves-left table before it moves,
    /// as it waits for the outcome table: while the table is near. That is, its build is under
    /// way (so it fits the memory budget: the solver refuses at once one that does not), and
    /// the progress says it is due within [`WAIT_FOR_TABLE`]: the outcome table it is built on
    /// first (as [`ChompSession::waits_for_table`] says), then the moves-left table itself (or it has
    /// not reported yet, which it does within a twentieth of a second). A table further off
    /// is not waited for, and the panel says which moves were made without it.
    pub fn waits_for_moves_left(&self) -> bool {
        if self.settings.level != Level::Perfect
            || !matches!(self.moves_left, MovesLeftState::Building { .. })
        {
            return false;
        }
        match self.solver {
            SolverState::Solving { .. } => self.waits_for_table(),
            SolverState::Ready(_) => self
                .moves_left_ready_in()
                .is_none_or(|t| t <= WAIT_FOR_TABLE),
            SolverState::Refused { .. } | SolverState::Stopped => false,
        }
    }

    /// Whether the moves left decide the computer's move here at level perfect, and so what
    /// it would miss without them: `None` where the choice is the same without them (only
    /// the poison left, a single winning move, a single move besides the poison).
    pub(super) fn what_moves_left_decide(&self) -> Option<Unfought> {
        if self.settings.level != Level::Perfect {
            return None;
        }
        let others = self.position.moves().filter(|s| !s.is_poison()).count();
        if others <= 1 {
            return None;
        }
        match self.answer() {
            Some(answer) if answer.wins => {
                (!(answer.complete && answer.winning_moves.len() == 1)).then_some(Unfought::Win)
            }
            _ => Some(Unfought::Defence),
        }
    }

    /// Whether the computer should wait for the table rather than play a move nothing proves:
    /// while the table is being built and is due within [`WAIT_FOR_TABLE`] (or before the
    /// first progress report, which comes within a twentieth of a second).
    pub fn waits_for_table(&self) -> bool {
        matches!(self.solver, SolverState::Solving { .. })
            && self.table_ready_in().is_none_or(|t| t <= WAIT_FOR_TABLE)
    }

    /// Takes the answer to the game's latest request of its kind (the app drops the others).
    pub fn on_solver(&mut self, message: &SolverMessage) {
        let Some(news) = solver::read(message) else {
            // Not a Chomp game's.
            return;
        };
        self.on_solver_news(news);
    }

    /// Takes what the solver (or a study's tables, see [`Session::adopt`]) brings.
    pub(super) fn on_solver_news(&mut self, news: News) {
        match news {
            News::Searched { col, row, proven } => {
                // A search the game stopped waiting for (undo, a move) is dropped.
                if std::mem::take(&mut self.searching) {
                    self.turns
                        .choose(Choice::new(Square::new(col, row), proven));
                }
            }
            // The outcome table of a box that shrank into the budget, on the way to its
            // moves-left table, while the game keeps the larger one: the moves-left gauge
            // waits at nought for it (it is a few percent of the build).
            News::Progress {
                phase: Phase::Outcomes,
                ..
            } if matches!(self.solver, SolverState::Ready(_)) => {}
            News::Progress {
                phase: Phase::Outcomes,
                done,
                total,
                elapsed,
            } => {
                self.solver = SolverState::Solving {
                    done,
                    total,
                    elapsed,
                };
            }
            News::Progress {
                phase: Phase::MovesLeft,
                done,
                total,
                elapsed,
            } => {
                self.moves_left = MovesLeftState::Building {
                    done,
                    total,
                    elapsed,
                };
            }
            News::Ready(table) => {
                self.solver = SolverState::Ready(table);
                if self.is_over() {
                    self.judge();
                }
                self.ask_moves_left();
            }
            News::Refused {
                needed_bytes,
                budget,
            } => {
                self.solver = SolverState::Refused {
                    needed_bytes,
                    budget,
                };
            }
            News::Outcomes(table) => {
                // The game's own table, of a larger box, judges more of the game.
                let larger = |held: &OutcomeTable| {
                    held.rows() >= table.rows() && held.cols() >= table.cols()
                };
                if !matches!(&self.solver, SolverState::Ready(held) if larger(held)) {
                    self.outcomes_arrived(table);
                }
            }
            News::MovesLeftReady(table) => {
                let outcomes = Arc::clone(table.outcomes());
                self.moves_left = MovesLeftState::Ready(table);
                if !matches!(self.solver, SolverState::Ready(_)) {
                    self.outcomes_arrived(outcomes);
                }
            }
            News::MovesLeftRefused {
                needed_bytes,
                budget,
            } => {
                self.moves_left = MovesLeftState::Refused {
                    needed_bytes,
                    budget,
                };
                // The outcome table alone may fit.
                let (rows, cols) = self.position.bounding_box();
                if matches!(self.solver, SolverState::Solving { .. }) && rows > 0 {
                    self.requests.push(solver::solve(rows, cols));
                }
            }
        }
    }

    /// The outcome table a moves-left build was built on arrived before the moves left. A
    /// finished game needs it only for its review: the moves-left build stops.
    pub(super) fn outcomes_arrived(&mut self, table: Arc<OutcomeTable>) {
        self.solver = SolverState::Ready(table);
        if self.is_over() {
            self.judge();
            if matches!(self.moves_left, MovesLeftState::Building { .. }) {
                self.request_table(Request::Cancel);
            }
        }
    }

    /// Keeps the solver on the bar's bounding box as it changes: once a refused box shrinks
    /// into the budget, asks for its table (once); while it does not, the memory it would need is the
    /// current box's (the panel shows it); after undo grows the bar past a table's box, asks
    /// again (the solver answers or refuses with the right figures).
    pub(super) fn follow_the_box(&mut self) {
        let (rows, cols) = self.position.bounding_box();
        if rows == 0 {
            return;
        }
        let ask = match &mut self.solver {
            SolverState::Refused {
                needed_bytes,
                budget,
            } => {
                // Only a box smaller than the one refused is worth asking for: a box that fits
                // the budget can be refused too, when the machine lacked the memory, and asking
                // again for it would retry the same failing build on every tick.
                let now = OutcomeTable::bytes_for(rows, cols);
                let shrank = now < *needed_bytes;
                *needed_bytes = now;
                shrank && now <= *budget
            }
            SolverState::Ready(table) => !table.covers(self.position.heights()),
            SolverState::Stopped => true,
            SolverState::Solving { .. } => false,
        };
        if ask {
            self.request_table(solver::solve(rows, cols));
            self.solver = SolverState::Solving {
                done: 0,
                total: 0,
                elapsed: Duration::ZERO,
            };
        }
        // The same for the moves-left table at level perfect.
        if matches!(self.moves_left, MovesLeftState::Refused { .. }) {
            self.ask_moves_left();
        }
    }
}
