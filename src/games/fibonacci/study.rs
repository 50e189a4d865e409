//! Fibonacci Nim studied: its rules as the shared pile study plays them, and its editor (the
//! pile and the largest take allowed now).

use super::options::FibonacciOptions;
use super::position;
use super::session::FibonacciRules;
use crate::games::game::Values;
use crate::games::pile::rules::{PilePosition, PileRules};
use crate::games::pile::study::PileStudy;
use crate::games::position::StartPosition;
use crate::games::study::{EditField, EditFields, Editor, Study, move_of};
use crate::input::{Action, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

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
    PileStudy::from_position(Box::new(FibonacciRules), Box::new(editor), start, moves)
}

/// The editor of the position `at`.
fn editor(at: PilePosition) -> Box<dyn Editor> {
    Box::new(FibonacciEditor {
        fields: EditFields::new(vec![
            EditField {
                label: "Pile",
                value: at.pile.to_string(),
                also: "",
            },
            EditField {
                label: "Max take",
                value: at.max_take.min(at.pile).to_string(),
                also: "",
            },
        ]),
    })
}

/// Fibonacci Nim's editor: the pile and the largest take allowed now.
struct FibonacciEditor {
    fields: EditFields,
}

impl Editor for FibonacciEditor {
    fn fields(&self) -> Vec<(String, String)> {
        self.fields.shown()
    }

    fn selected(&self) -> Option<usize> {
        Some(self.fields.selected)
    }

    fn act(&mut self, action: Action) {
        self.fields.act(action);
    }

    fn type_char(&mut self, c: Option<char>) -> bool {
        self.fields.type_char(c)
    }

    fn point(&mut self, spot: Spot, _click: bool) {
        if let Some(at) = move_of(spot) {
            self.fields.choose(at);
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots) {
        self.fields.render(area, buf, theme, spots);
    }

    fn hints(&self) -> &'static [&'static str] {
        &["↑↓ field, ←→ ±1, type", "Enter: study it, Esc: back"]
    }

    fn study(&self) -> Result<Box<dyn Study>, String> {
        let number = |label: &str, what: &str| {
            self.fields
                .value(label)
                .parse::<u64>()
                .map_err(|_| format!("{what} is a whole number"))
        };
        let pile = number("Pile", "the pile")?;
        let max_take = number("Max take", "the largest take")?;
        if pile == 0 {
            return Err("the pile needs at least 1 coin".into());
        }
        if max_take == 0 {
            return Err("the largest take is at least 1".into());
        }
        let at = PilePosition { pile, max_take };
        Ok(Box::new(PileStudy::studying(
            Box::new(FibonacciRules),
            Box::new(editor),
            at,
        )))
    }
}
