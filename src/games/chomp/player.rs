//! Chomp's computer player: picks a move from the answer (table, closed forms, book, those one
//! move on), or a short search's best move where nothing proves one; at level perfect, where
//! the moves left are known, the fastest win or the longest defence.

use crate::games::chomp::answer::ChompAnswer;
use crate::games::chomp::moves_left::study;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::theory;
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::time::{Duration, Instant};

/// A move the computer chose, and whether the table proves it best.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Backed by the answer (a table, a closed form, the opening book, or those one move on):
    /// a winning move when one exists, otherwise the move that leaves the opponent the fewest
    /// winning replies.
    Proven(Square),
    /// Nothing proves the position's outcome: the best move a short search found.
    Unproven(Square),
    /// Chosen at random on purpose, as a level below perfect plays (casual always, strong
    /// now and then early on).
    Random(Square),
}

impl Choice {
    /// The choice of `square`, proven or not.
    pub fn new(square: Square, proven: bool) -> Choice {
        if proven {
            Choice::Proven(square)
        } else {
            Choice::Unproven(square)
        }
    }

    /// Whether something proves the move best.
    pub fn is_proven(self) -> bool {
        matches!(self, Choice::Proven(_))
    }

    /// The square to eat.
    pub fn square(self) -> Square {
        match self {
            Choice::Proven(square) | Choice::Unproven(square) | Choice::Random(square) => square,
        }
    }
}

/// How long the computer searches when nothing proves a move best. It runs on the solver's
/// search thread, but the player waits for it, so it stays short.
pub const SEARCH_TIME: Duration = Duration::from_millis(40);

/// Chooses the computer's move in a Chomp position, or `None` if the game is over: the
/// [`quick_chomp_move`] when there is one, otherwise the [`search_chomp_move`].
pub fn choose_chomp_move(
    table: Option<&OutcomeTable>,
    position: &Position,
    rng: &mut fastrand::Rng,
) -> Option<Choice> {
    match quick_chomp_move(table, position, rng) {
        Quick::Move(choice) => Some(choice),
        Quick::Over => None,
        Quick::Search => Some(search_chomp_move(position, rng)),
    }
}

/// What the computer can decide about a Chomp position at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quick {
    /// A proven move.
    Move(Choice),
    /// The game is over.
    Over,
    /// Nothing proves a move best: it takes a [`search_chomp_move`].
    Search,
}

/// The computer's move when something proves it, at once.
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
) -> Quick {
    if position.is_empty() {
        return Quick::Over;
    }
    if position.only_poison_left() {
        return Quick::Move(Choice::Proven(Square::POISON));
    }
    // A table that does not cover the position is not asked about its children either, so
    // the position and its children are judged by the same source.
    let table = table.filter(|t| t.covers(position.heights()));
    match ChompAnswer::of(table, position) {
        // Won, with a winning move proven (strategy stealing proves none: the search plays).
        Some(answer) if answer.wins && !answer.winning_moves.is_empty() => {
            let moves = &answer.winning_moves;
            Quick::Move(Choice::Proven(moves[rng.usize(..moves.len())]))
        }
        Some(answer) if answer.complete => {
            // Lost: every child is won, and the same source counts its winning replies.
            let replies = |child: &Position| {
                ChompAnswer::of(table, child)
                    .filter(|a| a.complete)
                    .map(|a| a.winning_moves.len())
            };
            fewest_replies(position, replies, rng)
                .map_or(Quick::Search, |square| Quick::Move(Choice::Proven(square)))
        }
        _ => Quick::Search,
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
    let mut studied = study(outcomes, Some(moves_left), position)?;
    if !studied.complete() {
        return None;
    }
    if !position.only_poison_left() {
        studied.moves.retain(|m| !m.mv.is_poison());
    }
    let best = studied.fighting_moves();
    (!best.is_empty()).then(|| best[rng.usize(..best.len())].mv)
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
/// failing that, any non-poison move. The position must have a square besides the poison.
/// The game runs it on the solver's search thread, so the interface keeps drawing.
pub fn search_chomp_move(position: &Position, rng: &mut fastrand::Rng) -> Choice {
    let deadline = Instant::now() + SEARCH_TIME;
    let mut moves: Vec<Square> = position.moves().filter(|s| !s.is_poison()).collect();
    rng.shuffle(&mut moves);
    let lost = |p: &Position| theory::lost(p.heights()) == Some(true);
    let children: Vec<(Square, Position)> = moves
        .iter()
        .map(|&m| (m, position.eat(m).expect("a legal move")))
        .collect();
    if let Some(&(square, _)) = children.iter().find(|(_, child)| lost(child)) {
        return Choice::Proven(square);
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
            return Choice::Unproven(*square);
        }
    }
    Choice::Unproven(moves[0])
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
