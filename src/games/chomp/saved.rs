//! Chomp's saved games checked before they are offered: the values, the start
//! position and every move. Above both `fields.rs` and `position.rs`, so that neither imports
//! the other.

use super::fields::{COLS, ChompValues, ROWS};
use super::rules::{MAX_SIDE, Position, Square};
use crate::games::game::Values;
use crate::games::position::StartPosition;

/// Why a saved game with these values, start position and moves cannot be continued, if it
/// cannot (see `Game::saved_problem`).
pub(super) fn saved_problem(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<String> {
    let (rows, cols) = (values.number(ROWS), values.number(COLS));
    let sides = 1..=u64::from(MAX_SIDE);
    if !sides.contains(&rows) || !sides.contains(&cols) {
        return Some(format!(
            "a {rows}×{cols} board (rows and columns must be 1 to {MAX_SIDE})"
        ));
    }
    if rows == 1 && cols == 1 {
        return Some("a 1×1 board: nothing to play".into());
    }
    let options = ChompValues::from(values);
    let start = match start {
        Some(start) => start
            .body_for("chomp")
            .and_then(super::position::parse)
            .map_err(|e| format!("the start position: {e}")),
        None => Position::full(options.rows.into(), options.cols.into()).map_err(|e| e.to_string()),
    };
    let mut position = match start {
        Ok(position) => position,
        Err(e) => return Some(e),
    };
    if (position.rows(), position.cols()) != (options.rows, options.cols) {
        return Some(format!(
            "its start is a {}×{} bar, not {rows}×{cols}",
            position.rows(),
            position.cols()
        ));
    }
    for (i, text) in moves.iter().enumerate() {
        let square = match Square::parse(text) {
            Ok(square) if position.contains(square) => square,
            _ => {
                return Some(format!(
                    "move {} ({}) is not legal",
                    i + 1,
                    crate::units::quoted(text)
                ));
            }
        };
        if square.is_poison() {
            return Some(format!("move {} eats the poison: the game is over", i + 1));
        }
        if let Some(next) = position.eat(square) {
            position = next;
        }
    }
    None
}
