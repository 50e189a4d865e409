//! One game of Chomp in progress: the core's [`Play`] with [`ChompRules`] on the grid board.
//! The rules hold the tables and follow them as the bar changes (`tables.rs`); the board draws
//! the bar and Chomp's panel (`board.rs`).

use super::fields::ChompValues;
use super::rules::Position;
use super::tables::ChompRules;
use crate::games::core::play::Play;
use crate::games::grid::board::GridBoard;
use crate::games::setup::{Level, Setup};

/// A Chomp game in progress (or just finished).
pub type ChompSession = Play<ChompRules, GridBoard>;

/// Starts a game of `setup` from `start` with `rules` (which the catalogue's entry began and
/// gave the tables a game before left): they ask before the poison where the menu says so, and
/// want the moves left at level perfect; what is missing is asked for at once.
pub fn begin(setup: Setup, rules: ChompRules, start: Position) -> ChompSession {
    let values = ChompValues::from(&setup.values);
    let rules = rules
        .asking_before_poison(values.ask_before_poison)
        .wanting_moves_left(setup.level == Level::Perfect);
    Play::begin(setup, rules, start)
}
