//! Moves left in Wythoff's game (see [`crate::games::moves_left`]): a table of every position
//! below a start position, built when it has at most [`WYTHOFF_BUDGET`] positions. Past that
//! no moves left is shown (no closed form is known); the outcomes still come from the Beatty
//! pairs ([`super::answer`]) for any piles.

use super::answer::{answer, is_lost, lower, partner};
use super::rules::{Move, Position};
use crate::games::moves_left::{AnalysedMove, MAX_LISTED_MOVES, PositionAnalysis};
use crate::games::request::Progress;

/// The most positions a table may have: `(pile 1 + 1) · (pile 2 + 1)`. 16 MB of moves left at
/// 4 bytes each, and at most 32 MB more for the pairs below the larger pile.
pub const WYTHOFF_BUDGET: u64 = 1 << 22;

/// The most positions a table built at once (on the interface's thread) may have: a few
/// tenths of a millisecond. A larger one is a build task, with progress.
pub const WYTHOFF_INSTANT: u64 = 1 << 14;

/// The moves left of every position whose piles are at most a start position's.
///
/// Position `(x, y)` is number `x · (top_2 + 1) + y`, so every move leads to a smaller number
/// and one pass upwards computes them all by the definition. A won position looks only at its
/// winning moves (at most three, from the lost pairs below the larger pile); a lost one at
/// every move, `x + y + min(x, y)` of them. Lost positions are about two per `φ` values of the
/// smaller pile, so the pass costs O(positions + (the sum of the start's piles)²).
#[derive(Debug, Clone)]
pub struct WythoffMovesLeft {
    /// The start position's piles: the largest each pile may be.
    top: [u64; 2],
    /// The moves left of each position, by number.
    left: Vec<u32>,
}

impl WythoffMovesLeft {
    /// The table below `start`, or `None` when it has more than `budget` positions.
    pub fn build(start: Position, budget: u64) -> Option<WythoffMovesLeft> {
        WythoffMovesLeft::build_within(start, budget, &mut |_, _| true)
    }

    /// How many positions the table below `start` has (`None`: more than a `u64` counts).
    pub fn positions(start: Position) -> Option<u64> {
        let [first, second] = start.piles();
        (first + 1).checked_mul(second + 1)
    }

    /// Whether the table below `start` has at most [`WYTHOFF_BUDGET`] positions and its build
    /// takes at most `memory` bytes: 4 a position, and 17 for each pile size up to the larger
    /// pile's (its lost pairs).
    pub fn fits(start: Position, memory: u64) -> bool {
        let most = start.piles()[0].max(start.piles()[1]);
        WythoffMovesLeft::positions(start)
            .is_some_and(|count| count <= WYTHOFF_BUDGET && count * 4 + (most + 1) * 17 <= memory)
    }

    /// As [`WythoffMovesLeft::build`], telling `progress` the positions done so far (every few
    /// thousand); `None` as well when `progress` said to stop.
    pub fn build_within(
        start: Position,
        budget: u64,
        progress: Progress,
    ) -> Option<WythoffMovesLeft> {
        let count = WythoffMovesLeft::positions(start).filter(|&c| c <= budget)?;
        let count = usize::try_from(count).ok()?;
        let top = start.piles();
        let [height, width] = top.map(|pile| usize::try_from(pile).expect("within the budget") + 1);
        // The lost pairs below the larger pile: `a_d` of each difference, each pile's partner
        // (capped, as the u64s of 10^18 are never indices here).
        let most = height.max(width) as u64;
        let index = |n: u64| usize::try_from(n.min(most)).expect("within the budget");
        let lower: Vec<usize> = (0..most).map(|d| index(lower(d))).collect();
        let partner: Vec<usize> = (0..most).map(|n| index(partner(n))).collect();
        let mut left: Vec<u32> = Vec::with_capacity(count);
        for x in 0..height {
            for y in 0..width {
                let number = x * width + y;
                if number % PROGRESS_STEPS == 0 && !progress(number as u64, count as u64) {
                    return None;
                }
                let at = |x: usize, y: usize| left[x * width + y];
                let (small, large) = (x.min(y), x.max(y));
                let diagonal = lower[large - small];
                let value = if diagonal == small {
                    // Lost: 1 + the most over every move; 0 with none.
                    let longest = (1..=x)
                        .map(|t| at(x - t, y))
                        .chain((1..=y).map(|t| at(x, y - t)))
                        .chain((1..=small).map(|t| at(x - t, y - t)))
                        .max();
                    longest.map_or(0, |l| l + 1)
                } else {
                    // Won: 1 + the least over the winning moves (at most three).
                    let both = (diagonal < small).then(|| {
                        let take = small - diagonal;
                        at(x - take, y - take)
                    });
                    let second = (partner[x] < y).then(|| at(x, partner[x]));
                    let first = (partner[y] < x).then(|| at(partner[y], y));
                    let fastest = [both, first, second].into_iter().flatten().min();
                    fastest.expect("a won position has a winning move") + 1
                };
                left.push(value);
            }
        }
        Some(WythoffMovesLeft { top, left })
    }

    /// Whether the table holds `position`: each pile at most the start's.
    pub fn covers(&self, position: Position) -> bool {
        let piles = position.piles();
        piles[0] <= self.top[0] && piles[1] <= self.top[1]
    }

    /// The moves left of `position`, for the player to move; `None` unless each pile is at
    /// most the start's.
    pub fn moves_left(&self, position: Position) -> Option<u64> {
        if !self.covers(position) {
            return None;
        }
        let [x, y] = position.piles();
        let number = x * (self.top[1] + 1) + y;
        Some(u64::from(self.left[usize::try_from(number).ok()?]))
    }
}

/// The positions between two reports of a build's progress.
const PROGRESS_STEPS: usize = 1 << 12;

/// The study of `position`: outcomes and winning replies from the Beatty pairs, moves left
/// from `table` when given (and the position is in it). `None` when it has more than
/// [`MAX_LISTED_MOVES`] legal moves. Moves from pile 1, then pile 2, then both, by take.
pub fn study(
    position: Position,
    table: Option<&WythoffMovesLeft>,
) -> Option<PositionAnalysis<Move>> {
    if position.move_count() > MAX_LISTED_MOVES {
        return None;
    }
    let moves = position
        .moves()
        .map(|mv| {
            let after = position.after(mv);
            AnalysedMove {
                mv,
                wins: is_lost(after),
                moves_left: table.and_then(|t| t.moves_left(after)),
                winning_replies: answer(after).winning_moves.len(),
            }
        })
        .collect();
    Some(PositionAnalysis {
        wins: !is_lost(position),
        moves_left: table.and_then(|t| t.moves_left(position)),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wythoff::rules::MAX_PILE;

    fn position(first: u64, second: u64) -> Position {
        Position::new(first, second).unwrap()
    }

    #[test]
    fn small_positions_by_hand() {
        let table = WythoffMovesLeft::build(position(3, 5), WYTHOFF_BUDGET).unwrap();
        // 1,1: take both, one move. 1,2: lost; the loser takes 1 from pile 2 (1,1), then 1
        // more. 3,5: lost, every move wins for the opponent.
        assert_eq!(table.moves_left(position(0, 0)), Some(0));
        assert_eq!(table.moves_left(position(1, 1)), Some(1));
        assert_eq!(table.moves_left(position(0, 4)), Some(1));
        assert_eq!(table.moves_left(position(1, 2)), Some(2));
        assert_eq!(table.moves_left(position(2, 1)), Some(2));
        assert_eq!(table.moves_left(position(4, 5)), None, "outside the table");
        assert!(table.moves_left(position(3, 5)).is_some());
        assert_eq!(WythoffMovesLeft::positions(position(3, 5)), Some(24));
        assert!(WythoffMovesLeft::build(position(2047, 2047), WYTHOFF_BUDGET).is_some());
        assert!(WythoffMovesLeft::build(position(2048, 2048), WYTHOFF_BUDGET).is_none());
        assert!(WythoffMovesLeft::build(position(MAX_PILE, MAX_PILE), WYTHOFF_BUDGET).is_none());
        // A table may be one pile wide.
        let narrow = WythoffMovesLeft::build(position(0, 1 << 21), WYTHOFF_BUDGET).unwrap();
        assert_eq!(narrow.moves_left(position(0, 1 << 21)), Some(1));
    }

    #[test]
    fn a_study_lists_every_move_and_stops_past_the_listed_most() {
        let table = WythoffMovesLeft::build(position(4, 5), WYTHOFF_BUDGET);
        let study = study(position(4, 5), table.as_ref()).unwrap();
        assert!(study.wins && study.complete());
        assert_eq!(study.moves.len(), 13);
        let winning: Vec<String> = study
            .moves
            .iter()
            .filter(|m| m.wins)
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(winning, ["1:1", "12:3"]);
        assert!(super::study(position(MAX_PILE, 1), None).is_none());
        assert!(super::study(position(40_000, 30_000), None).is_some());
    }
}
