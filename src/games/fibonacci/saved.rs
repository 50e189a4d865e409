//! Fibonacci Nim's saved games checked before they are offered: the values, the start
//! position and every move. Above both `fields.rs` and `position.rs`, so that neither imports
//! the other.

use super::fields::PILE;
use super::rules::FibPosition;
use crate::games::game::Values;
use crate::games::position::StartPosition;

/// Why a saved game with these values, start position and moves cannot be continued, if it
/// cannot (see `Game::saved_problem`).
pub(super) fn saved_problem(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<String> {
    let start = match start {
        Some(start) => start
            .body_for("fibonacci")
            .and_then(super::position::parse)
            .map_err(|e| format!("the start position: {e}")),
        None => FibPosition::start(values.number(PILE)),
    };
    let mut position = match start {
        Ok(position) => position,
        Err(problem) => return Some(problem),
    };
    for (i, text) in moves.iter().enumerate() {
        let take = text.parse::<u64>().ok().filter(|&k| position.is_legal(k));
        let Some(take) = take else {
            return Some(format!(
                "take {} ({}) is not legal",
                i + 1,
                crate::units::quoted(text)
            ));
        };
        position = position.take(take);
    }
    (position.pile == 0).then(|| "the game is over".to_string())
}
