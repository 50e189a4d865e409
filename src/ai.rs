//! The computer player: picks a move from the solver's answers.

use crate::game::chomp::{Position, Square};
use crate::solve::OutcomeTable;

/// A move the computer chose, and whether the table proves it best.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Backed by an outcome table: a winning move when one exists, otherwise the move that
    /// leaves the opponent the fewest winning replies.
    Proven(Square),
    /// No table covers the position: a legal move that avoids the poison, not proven best.
    Unproven(Square),
}

impl Choice {
    /// The square to eat.
    pub fn square(self) -> Square {
        match self {
            Choice::Proven(square) | Choice::Unproven(square) => square,
        }
    }
}

/// Chooses the computer's move in a Chomp position, or `None` if the game is over.
///
/// From a won position it plays a winning move (one of them at random). From a lost one it plays
/// the move that leaves the opponent the fewest winning replies (ties at random), so one mistake
/// by the opponent hands the computer the game. It eats the poison only when nothing else is left.
pub fn choose_chomp_move(
    table: Option<&OutcomeTable>,
    position: &Position,
    rng: &mut fastrand::Rng,
) -> Option<Choice> {
    if position.is_empty() {
        return None;
    }
    if position.only_poison_left() {
        return Some(Choice::Proven(Square::POISON));
    }
    let heights = position.heights();
    let Some(table) = table.filter(|t| t.covers(heights)) else {
        return Some(Choice::Unproven(fallback_move(position, rng)));
    };
    let winning = table.winning_moves(heights).expect("covered");
    if !winning.is_empty() {
        return Some(Choice::Proven(winning[rng.usize(..winning.len())]));
    }
    let mut fewest = usize::MAX;
    let mut best = Vec::new();
    for square in position.moves().filter(|s| !s.is_poison()) {
        let after = position.eat(square).expect("a legal move");
        let replies = table.winning_moves(after.heights()).expect("covered").len();
        if replies < fewest {
            fewest = replies;
            best.clear();
        }
        if replies == fewest {
            best.push(square);
        }
    }
    Some(Choice::Proven(best[rng.usize(..best.len())]))
}

/// Without a table: leave only the poison if that is possible, otherwise any non-poison square.
fn fallback_move(position: &Position, rng: &mut fastrand::Rng) -> Square {
    let safe: Vec<Square> = position.moves().filter(|s| !s.is_poison()).collect();
    safe.iter()
        .copied()
        .find(|&s| position.eat(s).is_some_and(|p| p.only_poison_left()))
        .unwrap_or_else(|| safe[rng.usize(..safe.len())])
}
