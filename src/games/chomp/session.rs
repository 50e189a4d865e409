//! One game of Chomp in progress: the core's [`Play`] with [`ChompRules`] on the grid board.
//! The rules hold the tables and follow them as the bar changes (`tables.rs`); the board draws
//! the bar and Chomp's panel (`board.rs`).

use super::fields::ChompValues;
use super::position;
use super::rules::Position;
use super::tables::ChompRules;
use crate::games::core::play::Play;
use crate::games::grid::board::GridBoard;
use crate::games::session::Leftover;
use crate::games::setup::{Level, Setup};

/// A Chomp game in progress (or just finished).
pub type ChompSession = Play<ChompRules, GridBoard>;

/// Starts a game of `setup` from its start position (set, or the menu's full bar), with the
/// tables a game before left where they serve it; what is missing is asked for at once.
pub fn begin(setup: Setup, leftover: Option<Leftover>) -> ChompSession {
    let values = ChompValues::from(&setup.values);
    // A set start position was read by the catalogue; the full bar otherwise.
    let start = setup
        .start
        .as_ref()
        .and_then(|start| position::parse(start.body()).ok())
        .unwrap_or_else(|| {
            Position::full(values.rows.into(), values.cols.into())
                .expect("the menu only offers valid boxes")
        });
    let rules = ChompRules::new(&start)
        .asking_before_poison(values.ask_before_poison)
        .wanting_moves_left(setup.level == Level::Perfect);
    Play::begin_with(setup, rules, start, leftover)
}
