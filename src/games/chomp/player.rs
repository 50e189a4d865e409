//! Chomp's computer player: picks a move from the answer (table, closed forms, book, those one
//! move on), or a short search's best move where nothing proves one; at level perfect, where
//! the moves left are known, the fastest win or the longest defence.

use crate::games::chomp::answer::ChompAnswer;
use crate::games::chomp::moves_left::study;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::theory;
use crate::games::core::rules::fighting_move;
use crate::games::moves_left::PositionAnalysis;
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::time::{Duration, Instant};

/// How long the computer searches when nothing proves a move best. It runs on the solver's
/// search thread, but the player waits for it, so it stays short.
pub const SEARCH_TIME: Duration = Duration::from_millis(40);

/// The computer's move when something proves it, at once; `None` when the game is over or
/// nothing proves a move best (then the [`search_chomp_move`] plays).
///
/// The answer is [`ChompAnswer::of`] the position: the table when it covers the position,
/// otherwise a closed form or the opening book, on the position or one move on. From a won
/// position the computer plays a winning move (one of them at random). From a lost one it
/// plays the move that leaves the opponent the fewest winning replies (ties at random), so one
/// mistake by the opponent hands it the game. It eats the poison only when nothing else is left.
pub fn quick_chomp_move(
    table: Option<&OutcomeTable>,
    position: &Position,
    rng: &mut fastrand::Rng,
) -> Option<Square> {
    if position.is_empty() {
        return None;
    }
    if position.only_poison_left() {
        return Some(Square::POISON);
    }
    // A table that does not cover the position is not asked about its children either, so
    // the position and its children are judged by the same source.
    let table = table.filter(|t| t.covers(position.heights()));
    match ChompAnswer::of(table, position) {
        // Won, with a winning move proven (strategy stealing proves none: the search plays).
        Some(answer) if answer.wins && !answer.winning_moves.is_empty() => {
            let moves = &answer.winning_moves;
            Some(moves[rng.usize(..moves.len())])
        }
        Some(answer) if answer.complete => {
            // Lost: every child is won, and the same source counts its winning replies.
            let replies = |child: &Position| {
                ChompAnswer::of(table, child)
                    .filter(|a| a.complete)
                    .map(|a| a.winning_moves.len())
            };
            fewest_replies(position, replies, rng)
        }
        _ => None,
    }
}

/// The computer's move at level perfect where the moves left of the position and of every move
/// are known (`outcomes` and `moves_left` cover it), else `None` (then [`quick_chomp_move`]
/// plays). It fights, as [`PositionAnalysis::fighting_moves`] says: when winning, a winning move
/// with the fewest moves left (the fastest win); when losing, a move leaving the fewest winning
/// replies and, among those, the most moves left (the longest defence); ties at random. It eats
/// the poison only when nothing else is left (eating it leaves no winning reply, but ends the
/// game at once).
///
/// [`PositionAnalysis::fighting_moves`]: crate::games::moves_left::PositionAnalysis::fighting_moves
pub fn fighting_chomp_move(
    outcomes: &OutcomeTable,
    moves_left: &MovesLeftTable,
    position: &Position,
    rng: &mut fastrand::Rng,
) -> Option<Square> {
    let mut studied =
        study(outcomes, Some(moves_left), position).filter(PositionAnalysis::complete)?;
    if !position.only_poison_left() {
        studied.moves.retain(|m| !m.mv.is_poison());
    }
    fighting_move(Some(studied), false, rng)
}

/// The non-poison move leaving the fewest winning replies (ties at random); `None` if some
/// child cannot be counted.
fn fewest_replies(
    position: &Position,
    replies: impl Fn(&Position) -> Option<usize>,
    rng: &mut fastrand::Rng,
) -> Option<Square> {
    let mut fewest = usize::MAX;
    let mut best = Vec::new();
    for square in position.moves().filter(|s| !s.is_poison()) {
        let count = replies(&position.eat(square).expect("a legal move"))?;
        if count < fewest {
            fewest = count;
            best.clear();
        }
        if count == fewest {
            best.push(square);
        }
    }
    (!best.is_empty()).then(|| best[rng.usize(..best.len())])
}

/// Without a proof: a move that leaves a position a closed form proves lost (a proven win);
/// failing that, within [`SEARCH_TIME`], one after which no reply reaches such a position;
/// failing that, any non-poison move; with whether a closed form proves it wins. The position
/// must have a square besides the poison. The game runs it on the solver's search thread, so
/// the interface keeps drawing.
pub fn search_chomp_move(position: &Position, rng: &mut fastrand::Rng) -> (Square, bool) {
    let deadline = Instant::now() + SEARCH_TIME;
    let mut moves: Vec<Square> = position.moves().filter(|s| !s.is_poison()).collect();
    rng.shuffle(&mut moves);
    let lost = |p: &Position| theory::lost(p.heights()) == Some(true);
    let children: Vec<(Square, Position)> = moves
        .iter()
        .map(|&m| (m, position.eat(m).expect("a legal move")))
        .collect();
    if let Some(&(square, _)) = children.iter().find(|(_, child)| lost(child)) {
        return (square, true);
    }
    for (square, child) in &children {
        if Instant::now() > deadline {
            break;
        }
        let refuted = child
            .moves()
            .filter(|r| !r.is_poison())
            .any(|r| lost(&child.eat(r).expect("a legal move")));
        if !refuted {
            return (*square, false);
        }
    }
    (moves[0], false)
}

/// A random legal Chomp move that avoids the poison while anything else is left; a move that
/// leaves only the poison (a win in one) if there is one and `take_wins` is set.
pub fn casual_chomp_move(
    position: &Position,
    take_wins: bool,
    rng: &mut fastrand::Rng,
) -> Option<Square> {
    if position.is_empty() {
        return None;
    }
    let safe: Vec<Square> = position.moves().filter(|s| !s.is_poison()).collect();
    if safe.is_empty() {
        return Some(Square::POISON);
    }
    let win = safe
        .iter()
        .copied()
        .find(|&s| position.eat(s).is_some_and(|p| p.only_poison_left()));
    Some(
        win.filter(|_| take_wins)
            .unwrap_or_else(|| safe[rng.usize(..safe.len())]),
    )
}
