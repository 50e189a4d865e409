//! Moves left in Nim (see [`crate::games::moves_left`]): a table of every position below a
//! start position, built when it has at most [`NIM_BUDGET`] positions. Past that no moves left
//! is shown (no closed form is known).

use super::answer::{answer, nim_sum};
use super::rules::{Move, Position};
use crate::games::moves_left::{AnalysedMove, MAX_LISTED_MOVES, PositionAnalysis};
use crate::games::request::{Built, Progress, Task, Waiting};
use std::sync::Arc;

/// The most positions a table may have: a product of (pile + 1) over the piles. 16 MB of moves
/// left at 4 bytes each.
pub const NIM_BUDGET: u64 = 1 << 22;

/// The moves left of every position whose piles are each at most a start position's.
///
/// Positions are numbered in mixed radix (pile `i` counts `stride[i]`), so every move leads to
/// a smaller number and one pass upwards computes them all by the definition. A won position
/// looks only at its winning moves, at most one a pile, found from the nim-sum; a lost one at
/// every move. A lost position's piles but one fix the last (its nim-sum is 0), so lost
/// positions are about one in (pile + 1) and the pass costs O(positions · piles).
#[derive(Debug, Clone)]
pub struct NimMovesLeft {
    /// The start position's piles: the largest each pile may be.
    top: Vec<u64>,
    /// What one coin of each pile counts in a position's number.
    stride: Vec<u64>,
    /// The moves left of each position, by number.
    left: Vec<u32>,
}

impl NimMovesLeft {
    /// The table below `start`, or `None` when it has more than `budget` positions.
    pub fn build(start: &Position, budget: u64) -> Option<NimMovesLeft> {
        NimMovesLeft::build_within(start, budget, &mut |_, _| true)
    }

    /// How many positions the table below `start` has (`None`: more than a `u64` counts).
    pub fn positions(start: &Position) -> Option<u64> {
        start
            .piles()
            .iter()
            .try_fold(1u64, |count, &pile| count.checked_mul(pile.checked_add(1)?))
    }

    /// As [`NimMovesLeft::build`], telling `progress` the positions done so far (every few
    /// thousand); `None` as well when `progress` said to stop.
    pub fn build_within(start: &Position, budget: u64, progress: Progress) -> Option<NimMovesLeft> {
        let top = start.piles().to_vec();
        let count = NimMovesLeft::positions(start).filter(|&c| c <= budget)?;
        let mut stride = Vec::with_capacity(top.len());
        let mut counted = 1u64;
        for &pile in &top {
            stride.push(counted);
            counted *= pile + 1;
        }
        let count = usize::try_from(count).ok()?;
        let mut left: Vec<u32> = Vec::with_capacity(count);
        let mut piles = vec![0u64; top.len()];
        for number in 0..count {
            if number % PROGRESS_STEPS == 0 && !progress(number as u64, count as u64) {
                return None;
            }
            if number > 0 {
                // The next position: count up in mixed radix.
                for (pile, &most) in piles.iter_mut().zip(&top) {
                    if *pile < most {
                        *pile += 1;
                        break;
                    }
                    *pile = 0;
                }
            }
            let at = |pile: usize, take: u64| number - to_usize(take * stride[pile]);
            let sum = piles.iter().fold(0, |sum, &pile| sum ^ pile);
            let value = if sum == 0 {
                // Lost: 1 + the most over every move; 0 with none.
                let longest = piles
                    .iter()
                    .enumerate()
                    .flat_map(|(pile, &coins)| (1..=coins).map(move |take| (pile, take)))
                    .map(|(pile, take)| left[at(pile, take)])
                    .max();
                longest.map_or(0, |l| l + 1)
            } else {
                // Won: 1 + the least over the winning moves.
                let fastest = piles
                    .iter()
                    .enumerate()
                    .filter(|&(_, &coins)| coins ^ sum < coins)
                    .map(|(pile, &coins)| left[at(pile, coins - (coins ^ sum))])
                    .min()
                    .expect("a won position has a winning move");
                fastest + 1
            };
            left.push(value);
        }
        Some(NimMovesLeft { top, stride, left })
    }

    /// Whether the table holds `position`: the start's number of piles, each at most the
    /// start's.
    pub fn covers(&self, position: &Position) -> bool {
        let piles = position.piles();
        piles.len() == self.top.len() && piles.iter().zip(&self.top).all(|(p, t)| p <= t)
    }

    /// The moves left of `position`, for the player to move; `None` unless it has the start's
    /// number of piles, each at most the start's.
    pub fn moves_left(&self, position: &Position) -> Option<u64> {
        if !self.covers(position) {
            return None;
        }
        let piles = position.piles();
        let number: u64 = piles.iter().zip(&self.stride).map(|(p, s)| p * s).sum();
        Some(u64::from(self.left[to_usize(number)]))
    }
}

/// The positions between two reports of a build's progress.
const PROGRESS_STEPS: usize = 1 << 12;

/// The most positions a table built at once on the interface's thread may have (a few tenths
/// of a millisecond); a larger one is built on the table thread, with progress.
pub const NIM_INSTANT: u64 = 1 << 14;

/// The moves-left table below `start`, as a game or a study starts: built at once when it is
/// small (at most [`NIM_INSTANT`] positions), else asked for as a build task on the table
/// thread; neither when it is past [`NIM_BUDGET`].
pub fn table_for(start: &Position) -> (Option<Arc<NimMovesLeft>>, Option<Waiting>) {
    match NimMovesLeft::positions(start) {
        Some(count) if count <= NIM_INSTANT => {
            (NimMovesLeft::build(start, NIM_BUDGET).map(Arc::new), None)
        }
        Some(count) if count <= NIM_BUDGET => {
            let top = start.clone();
            let task = Task::new(format!("moves left of nim {top}"), move |progress| {
                NimMovesLeft::build_within(&top, NIM_BUDGET, progress)
                    .map(|table| Arc::new(table) as Built)
            });
            (None, Some(Waiting::new("moves left", task)))
        }
        _ => (None, None),
    }
}

/// A position's number as an index: within the budget, so it fits.
fn to_usize(number: u64) -> usize {
    usize::try_from(number).expect("within the budget")
}

/// The study of `position`: outcomes and winning replies from the nim-sum, moves left from
/// `table` when given (and the position is in it). `None` when it has more than
/// [`MAX_LISTED_MOVES`] legal moves. Moves by pile, then by take.
pub fn study(position: &Position, table: Option<&NimMovesLeft>) -> Option<PositionAnalysis<Move>> {
    let count = position
        .piles()
        .iter()
        .try_fold(0u64, |sum, &pile| sum.checked_add(pile))?;
    if count > MAX_LISTED_MOVES {
        return None;
    }
    let moves = position
        .moves()
        .map(|mv| {
            let after = position.play(mv).expect("a listed move is legal");
            AnalysedMove {
                mv,
                wins: nim_sum(&after) == 0,
                moves_left: table.and_then(|t| t.moves_left(&after)),
                winning_replies: answer(&after).winning_moves.len(),
            }
        })
        .collect();
    Some(PositionAnalysis {
        wins: nim_sum(position) != 0,
        moves_left: table.and_then(|t| t.moves_left(position)),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::rules::MAX_PILE;

    fn position(piles: &[u64]) -> Position {
        Position::new(piles).unwrap()
    }

    #[test]
    fn small_positions_by_hand() {
        let table = NimMovesLeft::build(&position(&[2, 2]), NIM_BUDGET).unwrap();
        // 1,1: two moves, whatever is played. 2,2: the loser takes 1 (2,1), the winner evens
        // it (1,1), then two more.
        assert_eq!(table.moves_left(&position(&[1, 1])), Some(2));
        assert_eq!(table.moves_left(&position(&[2, 2])), Some(4));
        assert_eq!(table.moves_left(&position(&[2, 0])), Some(1));
        assert_eq!(table.moves_left(&position(&[0, 0])), Some(0));
        assert_eq!(
            table.moves_left(&position(&[3, 0])),
            None,
            "outside the table"
        );
        assert_eq!(table.moves_left(&position(&[1, 1, 1])), None);
        assert!(NimMovesLeft::build(&position(&[2047, 2047]), NIM_BUDGET).is_some());
        assert!(NimMovesLeft::build(&position(&[2048, 2048]), NIM_BUDGET).is_none());
        assert!(NimMovesLeft::build(&position(&[MAX_PILE; 8]), NIM_BUDGET).is_none());
    }
}
