//! Moves left by the definition, once for every game on the core: a game that numbers its
//! positions below a start ([`Numbered`]: every move leads to a smaller number) gets the
//! moves-left table of every one of them ([`MovesLeft`]), built in one pass upwards, and the
//! study of a position from its answer and that table ([`study`]).
//!
//! A won position looks only at the winning moves its answer names (when it names them all,
//! [`Known::complete`]), a lost one at every move; where the answer knows nothing the pass
//! looks at every move of every position, a brute force by the definition. The table keeps
//! the moves left alone: a position is won exactly when its moves left are odd (the winner
//! makes the last move).
//!
//! [`Known::complete`]: crate::games::review::Known::complete

use super::rules::Rules;
use crate::games::moves_left::{AnalysedMove, MAX_LISTED_MOVES, PositionAnalysis};
use crate::games::request::{Built, Progress, Task, Waiting};
use std::sync::Arc;

/// A game whose positions below a start (each pile at most the start's, say) are numbered
/// `0..positions`, every move leading to a smaller number.
pub trait Numbered: Rules {
    /// How many positions lie below `top` (`None`: more than a `u64` counts).
    fn positions(&self, top: &Self::Position) -> Option<u64>;

    /// The number of `at` below `top`; `None` when `at` is not below it.
    fn number(&self, top: &Self::Position, at: &Self::Position) -> Option<u64>;

    /// The position numbered `number` below `top`.
    fn numbered(&self, top: &Self::Position, number: u64) -> Self::Position;

    /// Every legal move of `at`, in the order a study lists them (lazy: there may be many).
    fn moves<'a>(&'a self, at: &'a Self::Position) -> Box<dyn Iterator<Item = Self::Move> + 'a>;
}

/// The moves left of every position below a start: the moves still to be played when the
/// winner finishes as fast as it can and the loser holds out as long as it can.
#[derive(Debug, Clone)]
pub struct MovesLeft<R: Rules> {
    /// The start: the table holds the positions below it.
    top: R::Position,
    /// The moves left of each position, by number.
    left: Vec<u32>,
}

/// The positions between two reports of a build's progress.
const PROGRESS_STEPS: usize = 1 << 12;

impl<R: Numbered> MovesLeft<R> {
    /// The table below `top`, or `None` when it has more than `budget` positions.
    pub fn build(rules: &R, top: &R::Position, budget: u64) -> Option<MovesLeft<R>> {
        MovesLeft::build_within(rules, top, budget, &mut |_, _| true)
    }

    /// The table below `top` when it has at most `budget` positions and takes at most
    /// `memory` bytes (4 a position).
    pub fn build_in(
        rules: &R,
        top: &R::Position,
        budget: u64,
        memory: u64,
    ) -> Option<MovesLeft<R>> {
        let fits = |count: u64| count <= budget && count.saturating_mul(4) <= memory;
        rules
            .positions(top)
            .is_some_and(fits)
            .then(|| MovesLeft::build(rules, top, budget))?
    }

    /// As [`MovesLeft::build`], telling `progress` the positions done so far (every few
    /// thousand); `None` as well when `progress` said to stop.
    pub fn build_within(
        rules: &R,
        top: &R::Position,
        budget: u64,
        progress: Progress,
    ) -> Option<MovesLeft<R>> {
        let count = rules.positions(top).filter(|&c| c <= budget)?;
        let count = usize::try_from(count).ok()?;
        let mut left: Vec<u32> = Vec::with_capacity(count);
        for number in 0..count {
            if number % PROGRESS_STEPS == 0 && !progress(number as u64, count as u64) {
                return None;
            }
            let at = rules.numbered(top, number as u64);
            let after = |mv| {
                let after = rules.play(&at, mv).expect("a listed move is legal");
                let number = rules
                    .number(top, &after)
                    .expect("a move stays below the top");
                left[usize::try_from(number).expect("below the count")]
            };
            let known = rules.known(&at).filter(|known| known.complete);
            let value = match known {
                // Won: 1 + the least over the winning moves.
                Some(known) if known.wins => known.winning_moves.into_iter().map(after).min(),
                // Lost: 1 + the most over every move; 0 with none.
                Some(_) => rules.moves(&at).map(after).max(),
                // Unknown: a move to a lost position (even moves left) wins.
                None => {
                    let children: Vec<u32> = rules.moves(&at).map(after).collect();
                    let lost = children.iter().copied().filter(|l| l % 2 == 0).min();
                    lost.or_else(|| children.into_iter().max())
                }
            };
            left.push(value.map_or(0, |l| l + 1));
        }
        Some(MovesLeft {
            top: top.clone(),
            left,
        })
    }

    /// Whether the table holds `at`.
    pub fn covers(&self, rules: &R, at: &R::Position) -> bool {
        rules.number(&self.top, at).is_some()
    }

    /// The moves left of `at`, for the player to move; `None` where the table does not hold
    /// it.
    pub fn moves_left(&self, rules: &R, at: &R::Position) -> Option<u64> {
        let number = usize::try_from(rules.number(&self.top, at)?).ok()?;
        self.left.get(number).map(|&l| u64::from(l))
    }

    /// The start the table was built below.
    pub fn top(&self) -> &R::Position {
        &self.top
    }
}

/// The moves-left table below `top` as a game or a study starts: built at once when it has
/// at most `instant` positions, else asked for as a build task named `name` on the table
/// thread, with progress; neither past `budget` positions.
pub fn table_for<R: Numbered>(
    rules: &R,
    top: &R::Position,
    instant: u64,
    budget: u64,
) -> (Option<Arc<MovesLeft<R>>>, Option<Waiting>) {
    match rules.positions(top) {
        Some(count) if count <= instant => {
            (MovesLeft::build(rules, top, budget).map(Arc::new), None)
        }
        Some(count) if count <= budget => {
            let (rules, top) = (rules.clone(), top.clone());
            let name = format!("moves left of {}", rules.print(&top));
            let task = Task::new(name, move |progress| {
                MovesLeft::build_within(&rules, &top, budget, progress)
                    .map(|table| Arc::new(table) as Built)
            });
            (None, Some(Waiting::new("moves left", task)))
        }
        _ => (None, None),
    }
}

/// The study of `at`: every legal move, in [`Numbered::moves`]' order, with its outcome and
/// winning replies from the answer ([`Rules::known`], which must name every winning move) and
/// its moves left from `table` where it holds them. `None` when `at` has more than
/// [`MAX_LISTED_MOVES`] legal moves or the answer does not reach it.
pub fn study<R: Numbered>(
    rules: &R,
    at: &R::Position,
    table: Option<&MovesLeft<R>>,
) -> Option<PositionAnalysis<R::Move>> {
    if rules.move_count(at)? > MAX_LISTED_MOVES {
        return None;
    }
    let left = |at: &R::Position| table.and_then(|t| t.moves_left(rules, at));
    let moves = rules
        .moves(at)
        .map(|mv| {
            let after = rules.play(at, mv).expect("a listed move is legal");
            let known = rules.known(&after)?;
            Some(AnalysedMove {
                mv,
                wins: !known.wins,
                moves_left: left(&after),
                winning_replies: known.winning_moves.len(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PositionAnalysis {
        wins: rules.known(at)?.wins,
        moves_left: left(at),
        moves,
    })
}
