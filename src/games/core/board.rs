//! A board's input model: what a person's keys and pointer choose on a kind of board (a take
//! from one pile, a pile and a take from rows of piles, a square under a cursor), and the move
//! they ask for. The session (`Play`, in `play.rs`) plays or refuses it; the board's widget
//! (its `View`) draws the board and the choice.

use super::rules::Rules;
use crate::input::{Action, Binding, Spot};

/// What a key or the pointer on a board asks the session for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input<M> {
    /// Nothing for the session (the board's own choice may have changed, the note stays).
    Nothing,
    /// Show this note, or clear the one showing (`None`: the choice moved).
    Note(Option<String>),
    /// The person plays this move (the session refuses it if it is not legal, or not theirs).
    Play(M),
}

/// The input model of a kind of board over the rules `R` of a game that uses it.
pub trait Board<R: Rules>: Send + Sync + Sized + 'static {
    /// The choice at the start of a game from `at`.
    fn new(rules: &R, at: &R::Position) -> Self;

    /// A key the session leaves to the board (every one but undo, redo, hints and leave).
    fn act(&mut self, rules: &R, at: &R::Position, action: Action) -> Input<R::Move>;

    /// The pointer over (`click: false`) or pressed on a spot the board's widget drew, as the
    /// last frame drew it (a batch of events may have changed the position since).
    fn point(&mut self, rules: &R, at: &R::Position, spot: Spot, click: bool) -> Input<R::Move>;

    /// Keeps the choice legal after a move was played (or taken back) and `at` is the position.
    fn settle(&mut self, rules: &R, at: &R::Position);

    /// The note when the person's move `m` was refused for `reason` (from [`Rules::play`]).
    fn refused(&mut self, rules: &R, at: &R::Position, m: R::Move, reason: String) -> String;

    /// The keys of the board, as the key bar and the help list them.
    fn keys() -> &'static [Binding];

    /// The smallest area the board's widget needs beside the panel for a game from `start`:
    /// (columns, rows).
    fn view_size(rules: &R, start: &R::Position) -> (u16, u16);

    /// The smallest area the board's widget needs beside the panel to show `at`, in a game
    /// from `start`: by default [`Board::view_size`] of the start, for a board whose layout
    /// holds the start whatever is left of it (a grid keeps its squares); a board that draws
    /// only what is left (Nim's piles, their counts) needs only what `at` needs.
    fn view_size_at(rules: &R, start: &R::Position, at: &R::Position) -> (u16, u16) {
        let _ = at;
        Self::view_size(rules, start)
    }
}
