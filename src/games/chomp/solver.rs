//! Chomp's work on the solver threads, as tasks like every other game's: the outcome table of
//! a box, its moves-left table (built on the outcome table, which is sent on as soon as it is
//! there), and the computer's short search; and the reading of their answers ([`read`]).
//!
//! The build lane keeps the live tables on its shelf ([`Cache`]): only weak handles, so a table
//! lives exactly as long as a game or a study holds it, while a request that a live table
//! covers is answered with that table at once (a study sharing the game's table).

use super::player;
use super::rules::Position;
use crate::games::request::{Built, Context, Request, SolverMessage, Task, Waiting};
use crate::solve::{BuildError, MovesLeftTable, OutcomeTable};
use std::sync::{Arc, Weak};
use std::time::Duration;

/// The two builds of a moves-left request, each with a gauge of its own, named in its
/// progress. An outcome table asked for alone is built in the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The outcome table, when no live one covers the box.
    Outcomes,
    /// The moves-left table, built on the outcome table.
    MovesLeft,
}

impl Phase {
    /// What the gauge says is being built (the name the progress carries).
    pub fn label(self) -> &'static str {
        match self {
            Phase::Outcomes => "outcomes",
            Phase::MovesLeft => "moves left",
        }
    }
}

/// What a Chomp request asks for: the description its task carries (see [`asked`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// The outcome table of a `rows` × `cols` box.
    Solve { rows: u8, cols: u8 },
    /// The moves-left table of a `rows` × `cols` box, under the same memory budget as its
    /// outcome table: the two tables together must fit it.
    MovesLeft { rows: u8, cols: u8 },
    /// The computer's best move in the position of column `heights` (from the poison column
    /// rightwards) in a box of `rows` rows; `seed` makes its choices repeatable.
    Search {
        rows: u8,
        heights: Vec<u8>,
        seed: u64,
    },
}

/// What a Chomp task makes (the [`Built`] it answers with, or sends on the way).
#[derive(Clone)]
pub enum Answer {
    /// An outcome table: a solve's answer, or a moves-left build's first table, sent on.
    Outcomes(Arc<OutcomeTable>),
    /// The outcome table would need more memory than the budget allows.
    Refused { needed_bytes: u64, budget: u64 },
    /// The moves-left table (it holds the outcome table it was built from).
    MovesLeft(Arc<MovesLeftTable>),
    /// The outcome table and the moves-left table together would need more memory than the
    /// budget allows.
    MovesLeftRefused { needed_bytes: u64, budget: u64 },
    /// The move a search found: eat the square in column `col` and row `row` (both 0-based
    /// from the poison); `proven` when a closed form proves it wins.
    Searched { col: u8, row: u8, proven: bool },
}

/// The message that answers job `job` with `answer`, as the build lane sends it (for the
/// tests, which make up the solver's answers).
pub fn answer(job: u64, answer: Answer) -> SolverMessage {
    SolverMessage::Built {
        job,
        built: Arc::new(answer),
        elapsed: Duration::ZERO,
    }
}

/// What a request asks of Chomp, when it is a Chomp request.
pub fn asked(request: &Request) -> Option<&Asked> {
    match request {
        Request::Build(task) | Request::Search(task) => task.described(),
        _ => None,
    }
}

/// The outcome table of a `rows` × `cols` box (a live table that covers it is handed back at
/// once; a box over the budget is refused at once), as a build a game or a study waits for,
/// its gauge named by the phase.
pub fn solve_waiting(rows: u8, cols: u8) -> Waiting {
    Waiting::new(
        Phase::Outcomes.label(),
        table_task(Asked::Solve { rows, cols }),
    )
}

/// The moves-left table of a `rows` × `cols` box, built from the live outcome table when one
/// covers the box (else that is built first, and sent on as soon as it is there), each phase
/// named in its progress; a live moves-left table that covers the box is handed back at once.
/// As a build a game or a study waits for, its gauge named by each phase.
pub fn moves_left_waiting(rows: u8, cols: u8) -> Waiting {
    Waiting::new(
        Phase::Outcomes.label(),
        table_task(Asked::MovesLeft { rows, cols }),
    )
}

/// The computer's move in `position`, found by a short search where nothing proves one;
/// `seed` makes its choices repeatable.
pub fn search(position: &Position, seed: u64) -> Request {
    let (rows, heights) = (position.rows(), position.heights().to_vec());
    let asked = Asked::Search {
        rows,
        heights: heights.clone(),
        seed,
    };
    let what = format!("search chomp {heights:?} in {rows} rows");
    let task = Task::in_context(what, move |_| {
        Some(Arc::new(search_answer(rows, &heights, seed)?) as Built)
    });
    Request::Search(task.about(asked))
}

/// A table build's task, kept on the lane's [`Cache`].
fn table_task(asked: Asked) -> Task<Built> {
    let what = match &asked {
        Asked::Solve { rows, cols } => format!("outcomes of chomp {rows}×{cols}"),
        Asked::MovesLeft { rows, cols } => format!("moves left of chomp {rows}×{cols}"),
        Asked::Search { .. } => unreachable!("a search is no table"),
    };
    let about = asked.clone();
    Task::in_context(what, move |context| {
        let mut cache: Cache = context.take();
        let answer = match asked {
            Asked::Solve { rows, cols } => cache.solve(context, rows, cols),
            Asked::MovesLeft { rows, cols } => cache.moves_left(context, rows, cols),
            Asked::Search { .. } => None,
        };
        context.put(cache);
        Some(Arc::new(answer?) as Built)
    })
    .about(about)
}

/// The move a search finds in the position of column `heights` in a box of `rows` rows.
/// `None` when the heights are not a position in such a box, or leave nothing but the poison
/// to eat: such a request comes from no game, and gets no answer rather than stopping the
/// thread.
pub fn search_answer(rows: u8, heights: &[u8], seed: u64) -> Option<Answer> {
    let widened: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
    let position = Position::from_heights(usize::from(rows), heights.len(), &widened).ok()?;
    if widened.iter().sum::<usize>() < 2 {
        return None;
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let (square, proven) = player::search_chomp_move(&position, &mut rng);
    Some(Answer::Searched {
        col: square.col,
        row: square.row,
        proven,
    })
}

/// The live tables the build lane keeps: only weak handles, so that leaving a game frees its
/// tables, while a request that a live table covers is answered with it at once.
#[derive(Default)]
pub struct Cache {
    outcomes: Option<Weak<OutcomeTable>>,
    moves_left: Option<Weak<MovesLeftTable>>,
}

impl Cache {
    /// The outcome table of a `rows` × `cols` box: the live table when it covers the box, a
    /// refusal when the box does not fit the budget, otherwise built with its progress.
    /// `None` when the build was told to stop.
    fn solve(&mut self, context: &mut Context, rows: u8, cols: u8) -> Option<Answer> {
        if let Some(table) = self.live_table(rows, cols) {
            return Some(Answer::Outcomes(table));
        }
        let budget = context.budget();
        let needed_bytes = OutcomeTable::bytes_for(rows, cols);
        if needed_bytes > budget {
            return Some(Answer::Refused {
                needed_bytes,
                budget,
            });
        }
        let label = Phase::Outcomes.label();
        match OutcomeTable::build(rows, cols, &mut |done, total| {
            context.progress(label, done, total)
        }) {
            Ok(table) => Some(Answer::Outcomes(self.keep(table))),
            // The machine has less memory than the budget: the game plays on without a table.
            Err(BuildError::OutOfMemory { bytes }) => Some(Answer::Refused {
                needed_bytes: bytes,
                budget,
            }),
            Err(BuildError::Cancelled) => None,
        }
    }

    /// The moves-left table of a `rows` × `cols` box: the live one when it covers the box; a
    /// refusal when the outcome table and the moves-left table together do not fit the
    /// budget; otherwise the outcome table (built first, in the phase of its name, when no
    /// live one covers the box) sent on as soon as it is there, then the moves-left table
    /// built in its own phase. `None` when the build was told to stop.
    fn moves_left(&mut self, context: &mut Context, rows: u8, cols: u8) -> Option<Answer> {
        if let Some(table) = self
            .moves_left
            .as_ref()
            .and_then(Weak::upgrade)
            .filter(|t| t.outcomes().rows() >= rows && t.outcomes().cols() >= cols)
        {
            return Some(Answer::MovesLeft(table));
        }
        let budget = context.budget();
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
            return Some(Answer::MovesLeftRefused {
                needed_bytes,
                budget,
            });
        }
        let outcomes = if let Some(table) = live {
            Ok(table)
        } else {
            let label = Phase::Outcomes.label();
            OutcomeTable::build(rows, cols, &mut |done, total| {
                context.progress(label, done, total)
            })
            .map(|table| self.keep(table))
        };
        let built = outcomes.and_then(|outcomes| {
            // The outcomes can be shown while the moves left are built.
            if !context.made(Arc::new(Answer::Outcomes(Arc::clone(&outcomes)))) {
                return Err(BuildError::Cancelled);
            }
            let label = Phase::MovesLeft.label();
            MovesLeftTable::build(outcomes, &mut |done, total| {
                context.progress(label, done, total)
            })
        });
        match built {
            Ok(table) => {
                let table = Arc::new(table);
                self.moves_left = Some(Arc::downgrade(&table));
                Some(Answer::MovesLeft(table))
            }
            Err(BuildError::OutOfMemory { bytes }) => Some(Answer::MovesLeftRefused {
                needed_bytes: bytes,
                budget,
            }),
            Err(BuildError::Cancelled) => None,
        }
    }

    /// The live outcome table, when it covers a `rows` × `cols` box.
    fn live_table(&self, rows: u8, cols: u8) -> Option<Arc<OutcomeTable>> {
        self.outcomes
            .as_ref()
            .and_then(Weak::upgrade)
            .filter(|t| t.rows() >= rows && t.cols() >= cols)
    }

    /// Shares a built outcome table, remembered as the live one.
    fn keep(&mut self, table: OutcomeTable) -> Arc<OutcomeTable> {
        let table = Arc::new(table);
        self.outcomes = Some(Arc::downgrade(&table));
        table
    }
}
