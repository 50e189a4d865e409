//! The study of a Chomp position (see [`crate::games::moves_left`]): every legal move with its
//! outcome for the mover, the moves left after it and the opponent's winning replies. Outcomes
//! and replies come from the box's outcome table, moves left from its moves-left table (built
//! from it on the solver thread), when there is one. Where no table covers the position,
//! [`proven`] says what the game's answer function proves of it and of every move.

use super::answer::{ChompAnswer, Source};
use super::rules::{Position, Square};
use crate::games::moves_left::{AnalysedMove, PositionAnalysis, Proven, ProvenMove};
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
) -> Option<PositionAnalysis<Square>> {
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
            AnalysedMove {
                mv: square,
                wins: outcomes.wins(after.heights()) == Some(false),
                moves_left: left(after.heights()),
                winning_replies: replies.len(),
            }
        })
        .collect();
    Some(PositionAnalysis {
        wins,
        moves_left: left(heights),
        moves,
    })
}

/// What proves the outcome of a position no table covers (see [`proven`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The answer function: a closed form, the opening book, or those one move on.
    Answer(Source),
    /// The answer for the position before, which listed the move played among its winning
    /// moves (so it left a lost position), or left it out of a complete list (a won one).
    MoveBack(Source),
}

impl Proof {
    /// What proves it, for the Study's panel: "By the opening book", "By a closed form" (also
    /// where it proved the position before, which shows the move made), "Proven one move on".
    pub fn words(self) -> &'static str {
        match self {
            Proof::Answer(source) | Proof::MoveBack(source) => source.words(),
        }
    }
}

/// What the answer function ([`ChompAnswer::without_table`]: the closed forms and the opening
/// book, on the position or one move on) proves of `position` and of every legal move where
/// no table covers it, with what proves the position's outcome (`None` when nothing does, or
/// on the empty bar). `came_from` is the position before and the move that made this one, when
/// known (a line being explored).
///
/// A move wins when the position's answer lists it; it loses when a complete list leaves it
/// out, or when the position is proven lost; otherwise what the closed forms and the book
/// prove of the position it leaves decides (a lost position there: the move wins), and their
/// answer, when complete, counts the winning replies. The position's outcome is its answer's,
/// the position before's (see [`Proof::MoveBack`]) standing before an answer one move on, as
/// it names what proved the line. Moves left are known only where the poison is eaten (0) or
/// is all that is left (1).
pub fn proven(
    position: &Position,
    came_from: Option<(&Position, Square)>,
) -> (Proven<Square>, Option<Proof>) {
    if position.is_empty() {
        // The poison was eaten: the player to move has won, with no move left to make.
        let proven = Proven {
            wins: Some(true),
            moves_left: Some(0),
            moves: Vec::new(),
        };
        return (proven, None);
    }
    let answer = ChompAnswer::without_table(position);
    let from_before = came_from.and_then(|(before, square)| {
        let before = ChompAnswer::without_table(before)?;
        let wins = if before.winning_moves.contains(&square) {
            false
        } else if before.complete {
            true
        } else {
            return None;
        };
        Some((wins, Proof::MoveBack(before.source)))
    });
    let here = answer.as_ref().map(|a| (a.wins, Proof::Answer(a.source)));
    let known = match here {
        Some((_, Proof::Answer(Source::OneMoveOn))) => from_before.or(here),
        _ => here.or(from_before),
    };
    let moves: Vec<ProvenMove<Square>> = position
        .moves()
        .map(|square| {
            let after = position.eat(square).expect("a legal move");
            if after.is_empty() {
                // Eating the poison loses at once, leaving no move and no reply.
                return ProvenMove {
                    mv: square,
                    wins: Some(false),
                    moves_left: Some(0),
                    winning_replies: Some(0),
                };
            }
            let listed = answer.as_ref().and_then(|a| {
                if a.winning_moves.contains(&square) {
                    Some(true)
                } else {
                    a.complete.then_some(false)
                }
            });
            let lost_here = known.is_some_and(|(wins, _)| !wins).then_some(false);
            // The position it leaves itself, not one move further on: that stays instant.
            let then = ChompAnswer::after_move(position, &after);
            let wins = listed
                .or(lost_here)
                .or_else(|| then.as_ref().map(|a| !a.wins));
            let winning_replies = if wins == Some(true) {
                Some(0)
            } else {
                then.filter(|a| a.complete).map(|a| a.winning_moves.len())
            };
            ProvenMove {
                mv: square,
                wins,
                moves_left: None,
                winning_replies,
            }
        })
        .collect();
    let proven = Proven {
        wins: known.map(|(wins, _)| wins),
        moves_left: position.only_poison_left().then_some(1),
        moves,
    };
    (proven, known.map(|(_, proof)| proof))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::reference::positions;
    use std::sync::Arc;

    #[test]
    fn what_is_proven_without_a_table_agrees_with_the_brute_force() {
        use crate::games::chomp::reference::Reference;
        let mut reference = Reference::new();
        let (mut said, mut unknown) = (0, 0);
        for heights in positions(5, 6) {
            let wide: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
            let position = Position::from_heights(5, 6, &wide).expect("a position");
            // On its own, and after each move that reaches it from a position one larger.
            let mut sources: Vec<Option<(Position, Square)>> = vec![None];
            for before in positions(5, 6) {
                let wide: Vec<usize> = before.iter().map(|&h| usize::from(h)).collect();
                let before = Position::from_heights(5, 6, &wide).expect("a position");
                for square in before.moves() {
                    if before.eat(square).as_ref() == Some(&position) {
                        sources.push(Some((before.clone(), square)));
                    }
                }
                if sources.len() > 3 {
                    break;
                }
            }
            for source in &sources {
                let came_from = source.as_ref().map(|(p, s)| (p, *s));
                let (proven, proof) = proven(&position, came_from);
                if let Some(wins) = proven.wins {
                    assert_eq!(wins, reference.wins(&heights), "{heights:?}");
                    assert!(proof.is_some() || position.is_empty(), "{heights:?}");
                }
                if let Some(left) = proven.moves_left {
                    assert_eq!(left, u64::from(reference.moves_left(&heights)));
                }
                assert_eq!(proven.moves.len(), position.moves().count());
                for m in &proven.moves {
                    let after = position.eat(m.mv).expect("a legal move");
                    let after = after.heights();
                    match m.wins {
                        Some(wins) => {
                            assert_eq!(wins, !reference.wins(after), "{heights:?} {}", m.mv);
                            said += 1;
                        }
                        None => unknown += 1,
                    }
                    if let Some(replies) = m.winning_replies {
                        assert_eq!(replies, reference.winning_moves(after).len());
                    }
                    if let Some(left) = m.moves_left {
                        assert_eq!(left, u64::from(reference.moves_left(after)));
                    }
                }
            }
        }
        // The closed forms and the book decide much, but not all, of these boxes.
        assert!(said > 10_000 && unknown > 0, "{said} proven, {unknown} not");
    }

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
