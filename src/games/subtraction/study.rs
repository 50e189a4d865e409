//! The subtraction game studied: its rules as the shared pile study plays them.

use super::options::SubtractionOptions;
use super::position;
use super::rules::TakeSet;
use super::session::SubtractionRules;
use crate::games::game::Values;
use crate::games::pile::study::PileStudy;
use crate::games::position::StartPosition;

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
    PileStudy::new(Box::new(SubtractionRules::new(&set, pile)), pile, moves)
}
