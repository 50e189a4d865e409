//! The subtraction game studied: its rules as the shared pile study plays them.

use super::options::SubtractionOptions;
use super::rules::TakeSet;
use super::session::SubtractionRules;
use crate::games::game::Values;
use crate::games::pile::study::PileStudy;

/// The pile a game with `values` (which have no problem) reaches after `moves`, studied.
pub fn study(values: &Values, moves: &[String]) -> Option<PileStudy> {
    let options = SubtractionOptions::from(values);
    let set = TakeSet::parse(&options.set).ok()?;
    PileStudy::new(
        Box::new(SubtractionRules::new(&set, options.pile)),
        options.pile,
        moves,
    )
}
