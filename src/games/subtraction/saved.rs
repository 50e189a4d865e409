//! The subtraction game's saved games checked before they are offered: the values, the start
//! position and every move. Above both `fields.rs` and `position.rs`, so that neither imports
//! the other.

use super::fields::{PILE, SET, problem};
use super::rules::TakeSet;
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
            .body_for("subtraction")
            .and_then(super::position::parse)
            .map_err(|e| format!("the start position: {e}")),
        None => match problem(values) {
            Some(problem) => Err(problem.reason),
            None => Ok((TakeSet::parse(values.text(SET)).ok()?, values.number(PILE))),
        },
    };
    let (set, mut pile) = match start {
        Ok(start) => start,
        Err(problem) => return Some(problem),
    };
    for (i, text) in moves.iter().enumerate() {
        let take = text
            .parse::<u64>()
            .ok()
            .filter(|&k| set.legal(pile).any(|l| l == k));
        let Some(take) = take else {
            return Some(format!(
                "take {} ({}) is not legal",
                i + 1,
                crate::units::quoted(text)
            ));
        };
        pile -= take;
    }
    set.legal(pile)
        .next()
        .is_none()
        .then(|| "the game is over".to_string())
}
