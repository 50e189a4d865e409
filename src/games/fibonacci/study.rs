//! Fibonacci Nim studied: its rules as the shared pile study plays them.

use super::options::FibonacciOptions;
use super::position;
use super::session::FibonacciRules;
use crate::games::game::Values;
use crate::games::pile::rules::{PilePosition, PileRules};
use crate::games::pile::study::PileStudy;
use crate::games::position::StartPosition;

/// The position a game with `values` (which have no problem) reaches after `moves`, from
/// `start` when a position was set, studied.
pub fn study(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<PileStudy> {
    let start = match start {
        Some(start) => {
            let at = position::parse(start.body()).ok()?;
            PilePosition {
                pile: at.pile,
                max_take: at.max_take,
            }
        }
        None => FibonacciRules.start(FibonacciOptions::from(values).pile),
    };
    PileStudy::from_position(Box::new(FibonacciRules), start, moves)
}
