//! The subtraction game studied: its rules on the one-pile board's study, and its editor (the
//! pile and the take set).

use super::fields::SET_PRESETS;
use super::rules::TakeSet;
use super::session::SubtractionRules;
use crate::games::core::study::Studied;
use crate::games::pile::rules::PilePosition;
use crate::games::pile::session::PileBoard;
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study, whole_number};

/// A subtraction game's pile on the Study screen.
pub type SubtractionStudy = Studied<SubtractionRules, PileBoard>;

/// The editor of the pile `at` and the take set `set`.
pub(super) fn editor(set: &TakeSet, at: &PilePosition) -> Box<dyn Editor> {
    Box::new(FieldsEditor::new(
        EditFields::new(vec![
            EditField::number("Pile", at.pile, |text| whole_number(text).map(|_| ())),
            EditField {
                label: "Takes",
                value: set_text(set),
                also: ",- ",
                presets: &SET_PRESETS,
                hint: "←→ presets, or type 1,3-5",
                check: |text| TakeSet::parse_typed(text).map(|_| ()),
            },
        ]),
        study_fields,
    ))
}

/// The take set as the editor's field shows it: `1,3,4`.
fn set_text(set: &TakeSet) -> String {
    let sizes: Vec<String> = set.sizes().iter().map(u64::to_string).collect();
    sizes.join(",")
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let pile: u64 = fields
        .value("Pile")
        .parse()
        .map_err(|_| "the pile is a whole number of coins".to_string())?;
    let set = TakeSet::parse_typed(fields.value("Takes")).map_err(|e| format!("takes: {e}"))?;
    let rules = SubtractionRules::asking(&set, pile);
    Ok(Box::new(SubtractionStudy::new(
        rules,
        SubtractionRules::start(pile),
    )))
}
