//! Classic Nim: up to 8 piles of coins; a move takes any number of coins (at least one) from
//! one pile, and whoever takes the last coin wins (normal play).
//!
//! [`rules`] holds positions, moves and their notation, [`answer`](mod@answer) the solution by the nim-sum
//! (the XOR of the piles), [`fields`] its menu lines, [`cli`] its command line, [`reply`] what
//! `munch solve nim` prints, [`session`] a game in progress (the piles, the person's choice, the
//! computer's move, undo and the review) and [`view`] how it is drawn.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod moves_left;
pub mod position;
pub mod reply;
pub mod rules;
pub mod session;
pub mod study;
pub mod view;

use super::core::entry::{Entry, SolveProgress};
use super::core::rules::GameText;
use super::core::table::Tabled;
use super::field::{Field, Problem, Values};
use super::review::MoveWords;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
use session::{NimRules, NimSession, NimTabled};

pub use answer::{NimAnswer, answer, losing_moves, nim_sum};
pub use fields::NimValues;
pub use reply::{NimPiles, ReplyMove, json_reply, plain_reply};
pub use rules::{MAX_PILE, MAX_PILES, Move, Position};

/// Nim's entry in the catalogue.
pub struct Nim;

/// Nim's words.
const TEXT: GameText = GameText {
    id: "nim",
    label: "Nim",
    tagline: "Take from one pile; the last coin wins",
    rules: &[
        "Take any number of coins (at least 1) from one pile.",
        "Whoever takes the last coin wins.",
    ],
    keys: session::KEYS,
};

impl Entry for Nim {
    type Rules = NimTabled;
    type Start = Position;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn fields(&self) -> &'static [Field] {
        &fields::FIELDS
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        fields::problem(values)
    }

    fn describe(&self, values: &Values) -> String {
        fields::describe(values)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        fields::sanitize(values)
    }

    fn start(&self, values: &Values) -> Result<Position, String> {
        NimValues::from(values).start()
    }

    fn read_start(&self, body: &str) -> Result<Position, String> {
        position::parse(body)
    }

    fn values_of(&self, start: &Position) -> Values {
        position::values(start)
    }

    /// A study shares the table of the game it is opened from, when it holds the position
    /// studied.
    fn begin(&self, start: &Position, shared: Option<&NimTabled>) -> (NimTabled, Position) {
        (
            Tabled::sharing(NimRules, start.clone(), shared),
            start.clone(),
        )
    }

    fn session(&self, setup: Setup, rules: NimTabled, start: Position) -> Box<dyn Session> {
        Box::new(NimSession::begin(setup, rules, start))
    }

    fn studied(&self, rules: NimTabled, at: Position) -> Box<dyn Study> {
        Box::new(study::NimStudy::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        view::move_words(notation)
    }

    fn play_command(&self) -> Command {
        cli::play_command()
    }

    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        cli::play_values(matches, values)
    }

    fn solve_command(&self) -> Command {
        cli::solve_command()
    }

    fn solve(&self, matches: &ArgMatches, _: u64, _: SolveProgress) -> Result<String, String> {
        cli::solve(matches)
    }
}

#[cfg(test)]
pub(crate) mod tests;
