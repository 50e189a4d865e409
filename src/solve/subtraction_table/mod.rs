//! The subtraction game's tables over piles, for a set of take sizes (ascending, distinct, not
//! empty; a move takes one of them, at most the pile, and the last coin wins): the period of the
//! win/loss sequence, which answers every pile up to `u64::MAX` ([`SubtractionSolution`]), and
//! the moves left of every pile, exact as far as computed and past that by an arithmetic period
//! once it shows ([`SubtractionMovesLeft`]); and the Grundy sequence with its period
//! ([`GrundySequence`]), a pile's value as a component of a sum of games. They speak in piles and sizes and know nothing of
//! the game's take set as written, its rules or its screens.

pub mod grundy;
pub mod moves_left;
pub mod outcomes;

pub use grundy::GrundySequence;
pub use moves_left::{Cycle, MOVES_LEFT_LIMIT, SubtractionMovesLeft};
pub use outcomes::{PERIOD_SEARCH_LIMIT, SubtractionSolution};

/// What the subtraction game's rules build for a take set: the period of its outcomes and the
/// moves-left table built on it.
pub struct SubtractionTables {
    pub solution: SubtractionSolution,
    pub table: SubtractionMovesLeft,
}

impl SubtractionTables {
    /// The tables of the take sizes `sizes` up to pile `limit` (past which a pile has moves
    /// left only by the closed form), telling `progress` how far each one has gone; `None` when
    /// `progress` said to stop.
    pub fn build(
        sizes: &[u64],
        limit: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<SubtractionTables> {
        let solution = SubtractionSolution::solve_within(sizes, PERIOD_SEARCH_LIMIT, progress)?;
        let table = SubtractionMovesLeft::solve_within(sizes, limit, Some(&solution), progress)?;
        Some(SubtractionTables { solution, table })
    }
}

/// The takes tried between two reports of a build's progress (the period search's, and the
/// moves-left table's), about: see [`progress_steps`].
const PROGRESS_WORK: usize = 1 << 15;

/// The piles computed between two reports of a build's progress for the take sizes `sizes`:
/// 4,096 for a set of at most 8 takes, fewer for a larger set (each pile tries every take), so
/// that a report comes after about the same work whatever the set (a set of 4,096 takes: every
/// 8 piles).
pub fn progress_steps(sizes: &[u64]) -> usize {
    (PROGRESS_WORK / sizes.len().max(1)).clamp(8, PROGRESS_WORK / 8)
}

/// The takes legal from a pile, ascending.
fn legal(sizes: &[u64], pile: u64) -> impl Iterator<Item = u64> + '_ {
    sizes.iter().copied().take_while(move |&k| k <= pile)
}
