//! The study of a Chomp position (see [`crate::games::moves_left`]): every legal move with its
//! outcome for the mover, the moves left after it and the opponent's winning replies. Outcomes
//! and replies come from the box's outcome table, moves left from its moves-left table (built
//! from it on the solver thread), when there is one.

use super::rules::{Position, Square};
use crate::games::moves_left::{MoveStudy, PositionStudy};
use crate::solve::{MovesLeftTable, OutcomeTable};

/// The study of `position`: every legal move, column by column from the poison and rows upward
/// (eating the poison included: it leaves the empty bar, a loss for the mover with no moves
/// left and no winning reply). Outcomes and winning replies come from `outcomes`; moves left
/// from `moves_left` where it covers the position, else they are `None`. `None` when
/// `outcomes` does not cover the position.
pub fn study(
    outcomes: &OutcomeTable,
    moves_left: Option<&MovesLeftTable>,
    position: &Position,
) -> Option<PositionStudy<Square>> {
    let heights = position.heights();
    let wins = outcomes.wins(heights)?;
    let left = |heights: &[u8]| {
        moves_left
            .and_then(|table| table.moves_left(heights))
            .map(u64::from)
    };
    let moves = position
        .moves()
        .map(|square| {
            let after = position.eat(square).expect("a legal move");
            // A move only shrinks the bar, so the table covers what it leaves.
            let replies = outcomes
                .winning_moves(after.heights())
                .expect("the table covers every position a move leaves");
            MoveStudy {
                mv: square,
                wins: outcomes.wins(after.heights()) == Some(false),
                moves_left: left(after.heights()),
                winning_replies: replies.len(),
            }
        })
        .collect();
    Some(PositionStudy {
        wins,
        moves_left: left(heights),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_two_by_two_bar_is_won_in_four_moves_by_eating_b2() {
        let outcomes =
            Arc::new(OutcomeTable::build(2, 2, &mut |_, _| true).expect("not cancelled"));
        let table =
            MovesLeftTable::build(Arc::clone(&outcomes), &mut |_, _| true).expect("not cancelled");
        let position = Position::full(2, 2).expect("a box");
        let studied = study(&outcomes, Some(&table), &position).expect("covered");
        assert!(studied.wins);
        // b2 leaves the L [2,1], lost: the loser eats a2 (or b1), the winner leaves the lone
        // poison, and the loser eats it: 4 moves in all.
        assert_eq!(studied.moves_left, Some(4));
        let notation: Vec<String> = studied.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(notation, ["a1", "a2", "b1", "b2"]);
        let winning: Vec<String> = studied
            .fighting_moves()
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(winning, ["b2"]);
        let poison = &studied.moves[0];
        assert_eq!(
            (poison.wins, poison.moves_left, poison.winning_replies),
            (false, Some(0), 0)
        );
        let without = study(&outcomes, None, &position).expect("covered");
        assert!(!without.complete());
        assert!(without.moves.iter().all(|m| m.moves_left.is_none()));
        let wider = Position::full(2, 3).expect("a box");
        assert!(study(&outcomes, Some(&table), &wider).is_none());
    }
}
