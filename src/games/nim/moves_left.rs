//! Moves left in Nim (see [`crate::games::moves_left`]): the core's table (`MovesLeft`) of
//! every position below a start, built when it has at most [`NIM_BUDGET`] positions. Past that
//! no moves left is shown (no closed form is known).

use super::answer::{nim_sum, winning_moves};
use super::rules::{Move, Position};
use super::session::NimRules;
use crate::games::core::table::Numbered;

pub use super::session::{NIM_BUDGET, NIM_INSTANT, NimMovesLeft};

/// Positions are numbered in mixed radix (pile `i` counts the product of `top_j + 1` over the
/// piles before it), so every move leads to a smaller number. A won position looks only at its
/// winning moves, at most one a pile, found from the nim-sum; a lost one at every move. A lost
/// position's piles but one fix the last (its nim-sum is 0), so lost positions are about one
/// in (pile + 1) and the pass costs O(positions · piles).
impl Numbered for NimRules {
    fn positions(&self, top: &Position) -> Option<u64> {
        top.piles()
            .iter()
            .try_fold(1u64, |count, &pile| count.checked_mul(pile.checked_add(1)?))
    }

    /// `None` unless `at` has the top's number of piles, each at most the top's.
    fn number(&self, top: &Position, at: &Position) -> Option<u64> {
        let (piles, tops) = (at.piles(), top.piles());
        if piles.len() != tops.len() || piles.iter().zip(tops).any(|(p, t)| p > t) {
            return None;
        }
        let (number, _) =
            piles
                .iter()
                .zip(tops)
                .try_fold((0u64, 1u64), |(number, stride), (&pile, &top)| {
                    let number = number.checked_add(pile.checked_mul(stride)?)?;
                    Some((number, stride.saturating_mul(top + 1)))
                })?;
        Some(number)
    }

    fn numbered(&self, top: &Position, mut number: u64) -> Position {
        let piles: Vec<u64> = top
            .piles()
            .iter()
            .map(|&top| {
                let pile = number % (top + 1);
                number /= top + 1;
                pile
            })
            .collect();
        Position::new(&piles).expect("below the top")
    }

    /// `take` coins of pile `pile` count `take` times the pile's stride.
    fn number_after(&self, top: &Position, at: &Position, number: u64, mv: Move) -> Option<u64> {
        let coins = *at.piles().get(mv.pile)?;
        if mv.take == 0 || mv.take > coins {
            return None;
        }
        let stride = top.piles()[..mv.pile]
            .iter()
            .try_fold(1u64, |stride, &top| stride.checked_mul(top + 1))?;
        number.checked_sub(mv.take.checked_mul(stride)?)
    }

    /// The nim-sum's winning moves, without a list of its own.
    fn known_into(&self, at: &Position, winning: &mut Vec<Move>) -> Option<bool> {
        let sum = nim_sum(at);
        winning.clear();
        winning.extend(winning_moves(at, sum));
        Some(sum != 0)
    }

    /// Counts up in mixed radix, in place: the first pile below its top's gains a coin, the
    /// piles before it empty.
    fn step(&self, top: &Position, _: u64, at: &mut Position) {
        at.count_up(top.piles());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::rules::MAX_PILE;

    fn position(piles: &[u64]) -> Position {
        Position::new(piles).unwrap()
    }

    /// The mixed-radix numbering, its step in place, its move arithmetic and the nim-sum's
    /// winning moves without a list agree with the rules, for one to four piles.
    #[test]
    fn the_numbering_agrees_with_the_rules() {
        for top in [&[5][..], &[3, 4], &[0, 6], &[2, 3, 1], &[1, 2, 0, 3]] {
            crate::games::core::table::check_numbering(&NimRules::default(), &position(top));
        }
    }

    #[test]
    fn small_positions_by_hand() {
        let table =
            NimMovesLeft::build(&NimRules::default(), &position(&[2, 2]), NIM_BUDGET).unwrap();
        let left = |piles: &[u64]| table.moves_left(&NimRules::default(), &position(piles));
        // 1,1: two moves, whatever is played. 2,2: the loser takes 1 (2,1), the winner evens
        // it (1,1), then two more.
        assert_eq!(left(&[1, 1]), Some(2));
        assert_eq!(left(&[2, 2]), Some(4));
        assert_eq!(left(&[2, 0]), Some(1));
        assert_eq!(left(&[0, 0]), Some(0));
        assert_eq!(left(&[3, 0]), None, "outside the table");
        assert_eq!(left(&[1, 1, 1]), None);
        let build =
            |piles: &[u64]| NimMovesLeft::build(&NimRules::default(), &position(piles), NIM_BUDGET);
        assert!(build(&[2047, 2047]).is_some());
        assert!(build(&[2048, 2048]).is_none());
        assert!(build(&[MAX_PILE; 8]).is_none());
    }
}
