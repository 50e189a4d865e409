//! Nim studied: its rules on the core's study ([`Studied`]), the piles drawn by the rows board
//! as rows of take buttons marked with their outcome and moves left. The moves-left table of every position
//! below the studied piles, within [`NIM_BUDGET`] positions, is shared with the game it is
//! opened from, or built when the study opens (on the table thread unless it is small), and
//! again for a position of the line it does not cover.

use super::moves_left::NIM_BUDGET;
use super::rules::Position;
use super::session::NimTabled;
use crate::games::core::line::editor;
use crate::games::core::study::{Studied, StudyRules};
use crate::games::request::Waiting;
use crate::games::rows::board::RowsBoard;
use crate::games::study::Editor;
use crate::units::group;

/// Piles studied on the rows-of-piles board.
pub type NimStudy = Studied<NimTabled, RowsBoard>;

/// The Study screen's words, the table of the piles studied, and the editor of the piles.
impl StudyRules for NimTabled {
    fn title(&self) -> String {
        "Nim".to_string()
    }

    fn describe(&self, at: &Position) -> String {
        format!("piles {at}")
    }

    /// Piles below the table held are answered by it; any others (a small position reached
    /// from a start too large for a table, or one above the table) get a table of their own
    /// when within the budget, which answers every position after them in the line too.
    fn want(&mut self, at: &Position) -> Option<Waiting> {
        self.want_table(at)
    }

    /// A table answers every position of as many piles, each no larger.
    fn answers(&self, asked: &Position, at: &Position) -> bool {
        let (piles, tops) = (at.piles(), asked.piles());
        piles.len() == tops.len() && piles.iter().zip(tops).all(|(p, t)| p <= t)
    }

    fn missing(&self, at: &Position) -> Option<String> {
        self.past_budget(at).then(|| {
            format!(
                "moves left: more than {} positions below these piles",
                group(NIM_BUDGET)
            )
        })
    }

    fn editor(&self, at: &Position) -> Box<dyn Editor> {
        editor::<super::Nim>(at)
    }
}
