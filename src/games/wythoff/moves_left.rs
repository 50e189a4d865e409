//! Moves left in Wythoff's game (see [`crate::games::moves_left`]): the core's table
//! (`MovesLeft`) of every position below a start, built when it has at most
//! `WYTHOFF_BUDGET` positions. Past that no moves left is shown (no closed form is known);
//! the outcomes still come from the Beatty pairs ([`super::answer`]) for any piles.

use super::answer::winning_into;
use super::rules::{Move, Piles, Position};
use super::session::WythoffRules;
use crate::games::core::table::Numbered;

/// Position `(x, y)` below `top` is number `x · (top_2 + 1) + y`, so every move leads to a
/// smaller number. A won position looks only at its winning moves (at most three), a lost one
/// at every move, `x + y + min(x, y)` of them: lost positions are about two per `φ` values of
/// the smaller pile, so a table costs O(positions + (the sum of the start's piles)²).
impl Numbered for WythoffRules {
    fn positions(&self, top: &Position) -> Option<u64> {
        let [first, second] = top.piles();
        (first + 1).checked_mul(second + 1)
    }

    fn number(&self, top: &Position, at: &Position) -> Option<u64> {
        let ([x, y], [first, second]) = (at.piles(), top.piles());
        (x <= first && y <= second).then(|| x * (second + 1) + y)
    }

    fn numbered(&self, top: &Position, number: u64) -> Position {
        let width = top.piles()[1] + 1;
        Position::new(number / width, number % width).expect("below the top")
    }

    /// Taking `k` from pile 1 counts `k` rows of `top_2 + 1`, from pile 2 `k`, from both
    /// both.
    fn number_after(&self, top: &Position, at: &Position, number: u64, mv: Move) -> Option<u64> {
        let [x, y] = at.piles();
        let width = top.piles()[1] + 1;
        let (from, step) = match mv.piles {
            Piles::First => (x, width),
            Piles::Second => (y, 1),
            Piles::Both => (x.min(y), width + 1),
        };
        if mv.take == 0 || mv.take > from {
            return None;
        }
        number.checked_sub(mv.take.checked_mul(step)?)
    }

    /// The Beatty pairs' winning moves, into the pass's one list.
    fn known_into(&self, &at: &Position, winning: &mut Vec<Move>) -> Option<bool> {
        Some(winning_into(at, winning))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::core::table;
    use crate::games::wythoff::rules::MAX_PILE;
    use crate::games::wythoff::session::{WYTHOFF_BUDGET, WythoffMovesLeft};

    fn position(first: u64, second: u64) -> Position {
        Position::new(first, second).unwrap()
    }

    fn rules() -> WythoffRules {
        WythoffRules::default()
    }

    fn build(first: u64, second: u64) -> Option<WythoffMovesLeft> {
        WythoffMovesLeft::build(&rules(), &position(first, second), WYTHOFF_BUDGET)
    }

    /// Wythoff's numbering (the default move numbering and step) agrees with its rules.
    #[test]
    fn the_numbering_agrees_with_the_rules() {
        for (first, second) in [(0, 0), (4, 6), (7, 2)] {
            table::check_numbering(&rules(), &position(first, second));
        }
    }

    #[test]
    fn small_positions_by_hand() {
        let table = build(3, 5).unwrap();
        // 1,1: take both, one move. 1,2: lost; the loser takes 1 from pile 2 (1,1), then 1
        // more. 3,5: lost, every move wins for the opponent.
        assert_eq!(table.moves_left(&rules(), &position(0, 0)), Some(0));
        assert_eq!(table.moves_left(&rules(), &position(1, 1)), Some(1));
        assert_eq!(table.moves_left(&rules(), &position(0, 4)), Some(1));
        assert_eq!(table.moves_left(&rules(), &position(1, 2)), Some(2));
        assert_eq!(table.moves_left(&rules(), &position(2, 1)), Some(2));
        assert_eq!(
            table.moves_left(&rules(), &position(4, 5)),
            None,
            "outside the table"
        );
        assert!(table.moves_left(&rules(), &position(3, 5)).is_some());
        assert_eq!(rules().positions(&position(3, 5)), Some(24));
        assert!(build(2047, 2047).is_some());
        assert!(build(2048, 2048).is_none());
        assert!(build(MAX_PILE, MAX_PILE).is_none());
        // A table may be one pile wide.
        let narrow = build(0, 1 << 21).unwrap();
        assert_eq!(narrow.moves_left(&rules(), &position(0, 1 << 21)), Some(1));
    }

    #[test]
    fn a_study_lists_every_move_and_stops_past_the_listed_most() {
        let table = build(4, 5);
        let study = table::study(&rules(), &position(4, 5), table.as_ref()).unwrap();
        assert!(study.wins && study.complete());
        assert_eq!(study.moves.len(), 13);
        let winning: Vec<String> = study
            .moves
            .iter()
            .filter(|m| m.wins)
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(winning, ["1:1", "12:3"]);
        assert!(table::study(&rules(), &position(MAX_PILE, 1), None).is_none());
        assert!(table::study(&rules(), &position(40_000, 30_000), None).is_some());
    }
}
