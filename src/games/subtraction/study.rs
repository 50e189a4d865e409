//! The subtraction game studied: its rules as the shared pile study plays them, and its
//! editor (the pile and the take set).

use super::options::SubtractionOptions;
use super::position;
use super::rules::TakeSet;
use super::session::SubtractionRules;
use crate::games::game::Values;
use crate::games::pile::rules::PilePosition;
use crate::games::pile::study::PileStudy;
use crate::games::position::StartPosition;
use crate::games::study::{EditField, EditFields, Editor, Study};
use crate::input::{Action, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The pile a game with `values` (which have no problem) reaches after `moves`, from `start`
/// when a position was set, studied.
pub fn study(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<PileStudy> {
    let (set, pile) = if let Some(start) = start {
        position::parse(start.body()).ok()?
    } else {
        let options = SubtractionOptions::from(values);
        (TakeSet::parse(&options.set).ok()?, options.pile)
    };
    PileStudy::new(
        Box::new(SubtractionRules::new(&set, pile)),
        editor_of(&set_text(&set)),
        pile,
        moves,
    )
}

/// The take set as the editor's field shows it: `1,3,4`.
fn set_text(set: &TakeSet) -> String {
    let sizes: Vec<String> = set.sizes().iter().map(u64::to_string).collect();
    sizes.join(",")
}

/// The study of `pile` coins with the takes of `set`.
fn study_of(set: &TakeSet, set_text: &str, pile: u64) -> PileStudy {
    let rules = SubtractionRules::new(set, pile);
    PileStudy::studying(
        Box::new(rules),
        editor_of(set_text),
        PilePosition { pile, max_take: 0 },
    )
}

/// What makes the editor of a position with the take set written `set`.
fn editor_of(set: &str) -> Box<dyn Fn(PilePosition) -> Box<dyn Editor> + Send> {
    let set = set.to_string();
    Box::new(move |at: PilePosition| -> Box<dyn Editor> {
        Box::new(SubtractionEditor {
            fields: EditFields::new(vec![
                EditField {
                    label: "Pile",
                    value: at.pile.to_string(),
                    also: "",
                },
                EditField {
                    label: "Takes",
                    value: set.clone(),
                    also: ",- ",
                },
            ]),
        })
    })
}

/// The subtraction game's editor: the pile and the take set.
struct SubtractionEditor {
    fields: EditFields,
}

impl Editor for SubtractionEditor {
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
        if let Some(at) = crate::games::study::move_of(spot) {
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
        let pile: u64 = self
            .fields
            .value("Pile")
            .parse()
            .map_err(|_| "the pile is a whole number of coins".to_string())?;
        let text = self.fields.value("Takes");
        let set = TakeSet::parse_typed(text).map_err(|e| format!("takes: {e}"))?;
        Ok(Box::new(study_of(&set, text, pile)))
    }
}
