//! A finished Chomp game judged away from its session ([`ChompJudge`]): the start and the
//! tables, shared, which the review's judging takes to a solver thread.

use super::answer::ChompAnswer;
use super::moves_left::study;
use super::rules::{Position, Square};
use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{JudgedMoves, Task};
use crate::games::review::Known;
use crate::games::turns::{self, Outcomes};
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::sync::Arc;

/// What judges a Chomp game: its start, its box's outcome table when there is one, and the
/// moves-left table when there is one (see [`turns::judge`]).
pub struct ChompJudge {
    pub start: Position,
    pub outcomes: Option<Arc<OutcomeTable>>,
    pub moves_left: Option<Arc<MovesLeftTable>>,
}

impl ChompJudge {
    /// The judging of `moves` from the start, as a task for the solver threads.
    pub fn judging(self, moves: Vec<Square>) -> Task<JudgedMoves> {
        turns::judging(self, moves)
    }
}

/// From the outcome table (and the moves-left table) where there are, else what the closed
/// forms and the opening book prove, as a game's session judges.
impl Outcomes for ChompJudge {
    type Move = Square;
    type Position = Position;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn after(&self, position: &Position, square: Square) -> Option<Position> {
        position.eat(square)
    }

    fn study(&self, position: &Position) -> Option<PositionAnalysis<Square>> {
        study(
            self.outcomes.as_deref()?,
            self.moves_left.as_deref(),
            position,
        )
    }

    fn known(&self, position: &Position) -> Option<Known<Square>> {
        if position.is_empty() {
            // Eating the poison loses at once: the side left to move has won.
            return Some(Known {
                wins: true,
                winning_moves: Vec::new(),
                complete: true,
            });
        }
        ChompAnswer::of(self.outcomes.as_deref(), position).map(|a| Known {
            wins: a.wins,
            winning_moves: a.winning_moves,
            complete: a.complete,
        })
    }
}
