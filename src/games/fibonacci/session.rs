//! Fibonacci Nim played from the shared pile session: its rules as [`PileRules`].

use super::answer::fibonacci_winning_takes;
use super::moves_left::{FIB_REACH, study};
use super::options::FibonacciOptions;
use super::position;
use super::rules::FibPosition;
use crate::games::moves_left::PositionStudy;
use crate::games::panel::SolverLine;
use crate::games::pile::rules::{PilePosition, PileRules, Takes};
use crate::games::pile::session::PileGame;
use crate::games::setup::Setup;

/// Fibonacci Nim's rules: the first take is 1 to n-1, each later one up to twice the last.
#[derive(Clone, Copy)]
pub struct FibonacciRules;

/// Starts Fibonacci Nim from `settings` (whose values have no problem).
pub fn new_game(settings: Setup) -> PileGame {
    // A set start position was read by the catalogue; the whole pile otherwise.
    let start = settings
        .start
        .as_ref()
        .and_then(|start| position::parse(start.body()).ok())
        .map_or_else(
            || FibonacciRules.start(FibonacciOptions::from(&settings.values).pile),
            pile,
        );
    PileGame::new(settings, Box::new(FibonacciRules), start)
}

fn pile(at: FibPosition) -> PilePosition {
    PilePosition {
        pile: at.pile,
        max_take: at.max_take,
    }
}

fn fib(at: PilePosition) -> FibPosition {
    FibPosition {
        pile: at.pile,
        max_take: at.max_take,
    }
}

impl PileRules for FibonacciRules {
    fn boxed_clone(&self) -> Box<dyn PileRules> {
        Box::new(*self)
    }

    fn title(&self) -> String {
        "Fibonacci Nim".to_string()
    }

    fn start(&self, pile: u64) -> PilePosition {
        PilePosition {
            pile,
            max_take: pile.saturating_sub(1),
        }
    }

    fn after(&self, at: PilePosition, k: u64) -> PilePosition {
        pile(fib(at).take(k))
    }

    fn takes(&self, at: PilePosition) -> Takes {
        Takes::UpTo(fib(at).limit())
    }

    fn winning_takes(&self, at: PilePosition) -> Option<Vec<u64>> {
        Some(fibonacci_winning_takes(fib(at)))
    }

    fn solver_line(&self) -> SolverLine {
        SolverLine::Text("Zeckendorf rule".into())
    }

    fn print(&self, at: PilePosition) -> String {
        position::print(fib(at))
    }

    fn position(&self, at: PilePosition) -> String {
        super::position::print(fib(at))
    }

    /// Within the moves-left table's reach (a pile of at most [`FIB_REACH`]).
    fn study(&self, at: PilePosition) -> Option<PositionStudy<u64>> {
        if at.pile > FIB_REACH {
            return None;
        }
        study(fib(at))
    }
}
