//! Puzzles proven by a game's study, once for every game on the core: from a position the side
//! to move wins, the solver's moves where each is the only winning move (or a winning move that
//! ends the game, where any is accepted), each answered by the defender's longest-lasting reply,
//! as far as the win stays forced so and at most a given number of solver moves.

use super::rules::Rules;
use crate::games::moves_left::{AnalysedMove, PositionAnalysis};

/// The most solver moves a puzzle asks for.
pub const MOST_SOLVER_MOVES: usize = 5;

/// A puzzle from a position: its solution, alternating the solver's moves and the defender's
/// replies and ending on a solver move, and the start's moves left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle<M> {
    pub solution: Vec<M>,
    pub moves_left: u64,
    /// Whether the solution's last move ends the game (then any winning move is accepted
    /// for it).
    pub ends: bool,
}

/// The puzzle from `start`, with at most `most` solver moves: `None` where the side to move
/// loses, where its first move is not forced (more than one wins and none ends the game), or
/// where the study does not prove the start's moves left. It ends before a solver move that is
/// not forced, or after one whose defence the study cannot prove.
pub fn find<R: Rules>(rules: &R, start: &R::Position, most: usize) -> Option<Puzzle<R::Move>> {
    let first = rules.study(start)?;
    let moves_left = first.moves_left.filter(|_| first.wins)?;
    let mut solution = Vec::new();
    let mut at = start.clone();
    let mut study = first;
    let mut solver_moves = 0;
    let ends = loop {
        let Some((mv, ends)) = forced(rules, &at, &study) else {
            // Not forced here: the puzzle ends on the solver's move before, if any.
            solution.pop();
            break false;
        };
        solution.push(mv);
        solver_moves += 1;
        at = rules.play(&at, mv).ok()?;
        if ends || solver_moves == most {
            break ends;
        }
        // Where the study cannot prove the longest defence, or the position after it, the
        // puzzle ends on this move.
        let Some(reply) = rules.study(&at).as_ref().and_then(longest_defence) else {
            break false;
        };
        let after = rules.play(&at, reply).ok()?;
        let Some(next) = rules.study(&after) else {
            break false;
        };
        solution.push(reply);
        (at, study) = (after, next);
    };
    (!solution.is_empty()).then_some(Puzzle {
        solution,
        moves_left,
        ends,
    })
}

/// The solver's move at `at` (studied as `study`, won): the one winning move, or a winning
/// move that ends the game (then `true`); `None` where more than one wins and none ends it.
fn forced<R: Rules>(
    rules: &R,
    at: &R::Position,
    study: &PositionAnalysis<R::Move>,
) -> Option<(R::Move, bool)> {
    let winning: Vec<&AnalysedMove<R::Move>> = study.moves.iter().filter(|m| m.wins).collect();
    let ending = winning.iter().find(|m| {
        rules
            .play(at, m.mv)
            .is_ok_and(|after| rules.is_over(&after))
    });
    match (winning.as_slice(), ending) {
        (_, Some(ending)) => Some((ending.mv, true)),
        ([only], None) => Some((only.mv, false)),
        _ => None,
    }
}

/// The defender's reply in a lost position: the most moves left, then the fewest winning
/// replies, then the first in the game's order; `None` where a move's moves left are unknown.
fn longest_defence<M: Copy>(study: &PositionAnalysis<M>) -> Option<M> {
    let mut best: Option<&AnalysedMove<M>> = None;
    for m in &study.moves {
        let left = m.moves_left?;
        let better = best.is_none_or(|b| {
            let best_left = b.moves_left.unwrap_or(0);
            left > best_left || (left == best_left && m.winning_replies < b.winning_replies)
        });
        if better {
            best = Some(m);
        }
    }
    best.map(|m| m.mv)
}
