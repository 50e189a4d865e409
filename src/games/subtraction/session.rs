//! The subtraction game played from the shared pile session: its rules as [`PileRules`].

use super::answer::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use super::moves_left::{MOVES_LEFT_LIMIT, SubtractionMovesLeft, study};
use super::options::SubtractionOptions;
use super::position;
use super::rules::TakeSet;
use crate::games::moves_left::PositionStudy;
use crate::games::panel::SolverLine;
use crate::games::pile::rules::{PilePosition, PileRules, Takes};
use crate::games::pile::session::PileGame;
use crate::games::setup::Setup;
use std::sync::Arc;

/// Starts a subtraction game from `settings` (whose values have no problem).
pub fn new_game(settings: Setup) -> PileGame {
    // A set start position was read by the catalogue; the menu's set and pile otherwise.
    let (set, pile) = settings
        .start
        .as_ref()
        .and_then(|start| position::parse(start.body()).ok())
        .unwrap_or_else(|| {
            let options = SubtractionOptions::from(&settings.values);
            let set = TakeSet::parse(&options.set).expect("the menu checked the set");
            (set, options.pile)
        });
    let rules = SubtractionRules::new(&set, pile);
    let start = rules.start(pile);
    PileGame::new(settings, Box::new(rules), start)
}

/// The subtraction game's rules for one game: the answer (the period of its outcomes) and the
/// moves left of every pile the game can reach.
#[derive(Clone)]
pub struct SubtractionRules {
    solution: Arc<SubtractionSolution>,
    table: Arc<SubtractionMovesLeft>,
}

impl SubtractionRules {
    /// The rules of a game of `set` starting with `pile` coins: the moves-left table needs
    /// piles up to the start, or up to its limit (past which a pile has no moves left).
    pub fn new(set: &TakeSet, pile: u64) -> SubtractionRules {
        SubtractionRules {
            solution: Arc::new(SubtractionSolution::solve(set, PERIOD_SEARCH_LIMIT)),
            table: Arc::new(SubtractionMovesLeft::solve(
                set,
                pile.saturating_add(1).min(MOVES_LEFT_LIMIT),
            )),
        }
    }
}

/// A take is any size of the set up to the pile; no take bounds the next, so a position's
/// `max_take` stays 0.
impl PileRules for SubtractionRules {
    fn boxed_clone(&self) -> Box<dyn PileRules> {
        Box::new(self.clone())
    }

    fn title(&self) -> String {
        format!("Subtraction game {}", self.solution.set())
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
        Takes::Listed(self.solution.set().legal(at.pile).collect())
    }

    fn winning_takes(&self, at: PilePosition) -> Option<Vec<u64>> {
        self.solution.winning_takes(at.pile)
    }

    fn solver_line(&self) -> SolverLine {
        match self.solution.cycle() {
            Some((start, period)) => SolverLine::Text(format!("period {period} from pile {start}")),
            None => SolverLine::Warning("no period found".into()),
        }
    }

    fn print(&self, at: PilePosition) -> String {
        position::print(self.solution.set(), at.pile)
    }

    fn position(&self, at: PilePosition) -> String {
        super::position::print(self.solution.set(), at.pile)
    }

    /// Where the moves-left table reaches the pile.
    fn study(&self, at: PilePosition) -> Option<PositionStudy<u64>> {
        self.table.moves_left(at.pile)?;
        study(&self.solution, &self.table, at.pile)
    }
}
