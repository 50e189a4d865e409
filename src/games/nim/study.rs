//! Nim studied: its rules on the core's study ([`Studied`]), the piles drawn by the rows board
//! as rows of take buttons marked with their outcome and moves left. The moves-left table of every position
//! below the studied piles, within [`NIM_BUDGET`] positions, is shared with the game it is
//! opened from, or built when the study opens (on the table thread unless it is small), and
//! again for a position of the line it does not cover.

use super::fields::PILES_PRESETS;
use super::moves_left::NIM_BUDGET;
use super::position;
use super::rules::Position;
use super::session::{NimRules, NimTabled};
use crate::games::core::study::{Studied, StudyRules};
use crate::games::core::table::Tabled;
use crate::games::request::Waiting;
use crate::games::rows::board::RowsBoard;
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study};
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
        Box::new(FieldsEditor::new(
            EditFields::new(vec![EditField {
                label: "Piles",
                // Empty piles keep their places, as in the position string, so that the
                // piles keep their numbers.
                value: at.to_string(),
                also: ", ",
                presets: &PILES_PRESETS,
                hint: "←→ presets, or type 3,4,5",
                check: |text| edited(text).map(|_| ()),
            }]),
            study_fields,
        ))
    }
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let position = edited(fields.value("Piles")).map_err(|e| format!("piles: {e}"))?;
    let rules = Tabled::new(NimRules, position.clone());
    Ok(Box::new(NimStudy::new(rules, position)))
}

/// The piles the editor's field describes, read as the position string reads them: an empty
/// pile keeps its place (`0,4,5`), but not every pile may be empty (the game is over there).
/// A new game's piles, on the menu, each start with a coin at least; a studied position may
/// be one reached in play.
fn edited(text: &str) -> Result<Position, String> {
    if text.trim().is_empty() {
        return Err("no piles given: write the piles like 3,4,5".into());
    }
    position::parse(text)
}
