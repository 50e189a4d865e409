//! Fibonacci Nim studied: its rules on the one-pile board's study, and its editor (the pile
//! and the largest take allowed now).

use super::rules::FibPosition;
use super::session::FibonacciRules;
use crate::games::core::study::Studied;
use crate::games::pile::rules::PilePosition;
use crate::games::pile::session::PileBoard;
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study, whole_number};

/// A position of Fibonacci Nim on the Study screen.
pub type FibonacciStudy = Studied<FibonacciRules, PileBoard>;

/// The editor of the position `at`.
pub(super) fn editor(at: PilePosition) -> Box<dyn Editor> {
    Box::new(FieldsEditor::new(
        EditFields::new(vec![
            EditField::number("Pile", at.pile, |text| {
                at_least_one(text, "the pile needs at least 1 coin")
            }),
            EditField::number("Max take", at.max_take.min(at.pile), |text| {
                at_least_one(text, "the largest take is at least 1")
            }),
        ])
        .checked_together(take_within_pile),
        study_fields,
    ))
}

/// Why the largest take cannot be what it is with the pile as typed (as the position string
/// says it), under the largest take.
fn take_within_pile(fields: &EditFields) -> Option<(&'static str, String)> {
    let pile = fields.value("Pile").parse().ok()?;
    let max_take = fields.value("Max take").parse().ok()?;
    FibPosition::new(pile, max_take)
        .err()
        .map(|problem| ("Max take", problem))
}

/// A whole number of at least 1, else why not (`zero` for 0).
fn at_least_one(text: &str, zero: &str) -> Result<(), String> {
    match whole_number(text)? {
        0 => Err(zero.to_string()),
        _ => Ok(()),
    }
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let number = |label: &str, what: &str| {
        fields
            .value(label)
            .parse::<u64>()
            .map_err(|_| format!("{what} is a whole number"))
    };
    let pile = number("Pile", "the pile")?;
    let max_take = number("Max take", "the largest take")?;
    let at = FibPosition::new(pile, max_take)?;
    let at = PilePosition {
        pile: at.pile,
        max_take: at.max_take,
    };
    Ok(Box::new(FibonacciStudy::new(
        FibonacciRules::for_pile(pile),
        at,
    )))
}
