//! The subtraction game played from the shared pile session: its rules as [`PileRules`].

use super::answer::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use super::options::SubtractionOptions;
use super::rules::TakeSet;
use crate::games::panel::SolverLine;
use crate::games::pile::rules::{PilePosition, PileRules, Takes};
use crate::games::pile::session::PileGame;
use crate::games::setup::Setup;

/// Starts a subtraction game from `settings` (whose values have no problem).
pub fn new_game(settings: Setup) -> PileGame {
    let options = SubtractionOptions::from(&settings.values);
    let set = TakeSet::parse(&options.set).expect("the menu checked the set");
    let solution = SubtractionSolution::solve(&set, PERIOD_SEARCH_LIMIT);
    PileGame::new(settings, Box::new(solution), options.pile)
}

/// A take is any size of the set up to the pile; no take bounds the next, so a position's
/// `max_take` stays 0.
impl PileRules for SubtractionSolution {
    fn title(&self) -> String {
        format!("Subtraction game {}", self.set())
    }

    fn start(&self, pile: u64) -> PilePosition {
        PilePosition { pile, max_take: 0 }
    }

    fn after(&self, at: PilePosition, k: u64) -> PilePosition {
        PilePosition {
            pile: at.pile - k,
            max_take: 0,
        }
    }

    fn takes(&self, at: PilePosition) -> Takes {
        Takes::Listed(self.set().legal(at.pile).collect())
    }

    fn winning_takes(&self, at: PilePosition) -> Option<Vec<u64>> {
        SubtractionSolution::winning_takes(self, at.pile)
    }

    fn solver_line(&self) -> SolverLine {
        match self.cycle() {
            Some((start, period)) => SolverLine::Text(format!("period {period} from pile {start}")),
            None => SolverLine::Warning("no period found".into()),
        }
    }
}
