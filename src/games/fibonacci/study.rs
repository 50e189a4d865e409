//! Fibonacci Nim studied: its rules as the shared pile study plays them.

use super::options::FibonacciOptions;
use super::session::FibonacciRules;
use crate::games::game::Values;
use crate::games::pile::study::PileStudy;

/// The position a game with `values` (which have no problem) reaches after `moves`, studied.
pub fn study(values: &Values, moves: &[String]) -> Option<PileStudy> {
    let pile = FibonacciOptions::from(values).pile;
    PileStudy::new(Box::new(FibonacciRules), pile, moves)
}
