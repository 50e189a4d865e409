//! The subtraction game studied: its rules as the shared pile study plays them, and its
//! editor (the pile and the take set).

use super::fields::SET_PRESETS;
use super::fields::SubtractionValues;
use super::position;
use super::rules::TakeSet;
use super::session::{SubtractionRules, SubtractionSession};
use crate::games::game::Values;
use crate::games::pile::rules::PilePosition;
use crate::games::pile::study::PileStudy;
use crate::games::position::StartPosition;
use crate::games::session::Session;
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study, whole_number};

/// The pile a game with `values` (which have no problem) reaches after `moves`, from `start`
/// when a position was set, studied; with the tables of `from`, the game it is opened from,
/// when they serve it.
pub fn study(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
    from: Option<&dyn Session>,
) -> Option<PileStudy<SubtractionRules>> {
    let (set, pile) = if let Some(start) = start {
        position::parse(start.body()).ok()?
    } else {
        let options = SubtractionValues::from(values);
        (TakeSet::parse(&options.set).ok()?, options.pile)
    };
    let shared = from
        .and_then(|game| game.as_any().downcast_ref::<SubtractionSession>())
        .map(|game| &game.rules)
        .filter(|rules| rules.serve(&set, pile))
        .cloned();
    PileStudy::from_position(
        shared.unwrap_or_else(|| SubtractionRules::asking(&set, pile)),
        editor_of(&set_text(&set)),
        SubtractionRules::start(pile),
        moves,
    )
}

/// The take set as the editor's field shows it: `1,3,4`.
fn set_text(set: &TakeSet) -> String {
    let sizes: Vec<String> = set.sizes().iter().map(u64::to_string).collect();
    sizes.join(",")
}

/// The study of `pile` coins with the takes of `set`.
fn study_of(set: &TakeSet, set_text: &str, pile: u64) -> PileStudy<SubtractionRules> {
    let rules = SubtractionRules::asking(set, pile);
    PileStudy::studying(rules, editor_of(set_text), SubtractionRules::start(pile))
}

/// What makes the editor of a position with the take set written `set`.
fn editor_of(set: &str) -> Box<dyn Fn(PilePosition) -> Box<dyn Editor> + Send> {
    let set = set.to_string();
    Box::new(move |at: PilePosition| -> Box<dyn Editor> {
        Box::new(FieldsEditor::new(
            EditFields::new(vec![
                EditField::number("Pile", at.pile, |text| whole_number(text).map(|_| ())),
                EditField {
                    label: "Takes",
                    value: set.clone(),
                    also: ",- ",
                    presets: &SET_PRESETS,
                    hint: "←→ presets, or type 1,3-5",
                    check: |text| TakeSet::parse_typed(text).map(|_| ()),
                },
            ]),
            study_fields,
        ))
    })
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let pile: u64 = fields
        .value("Pile")
        .parse()
        .map_err(|_| "the pile is a whole number of coins".to_string())?;
    let text = fields.value("Takes");
    let set = TakeSet::parse_typed(text).map_err(|e| format!("takes: {e}"))?;
    Ok(Box::new(study_of(&set, text, pile)))
}
