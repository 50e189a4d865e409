//! Chomp: eat a square of the bar and everything above and to the right of it; whoever eats the
//! poisoned square loses. [`rules`] holds positions and moves; the table engine that solves
//! them is [`crate::solve::chomp_table`]; [`cli`] is its command line.

pub mod answer;
mod board;
pub mod book;
pub mod cli;
pub mod fields;
pub mod moves_left;
pub mod player;
pub mod position;
pub mod reference;
pub mod rules;
mod saved;
pub mod session;
pub mod solver;
pub mod study;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod theory;

use super::game::{Field, Game, GameText, Problem, SolveProgress, Values};
use super::position::{ParsedPosition, StartPosition};
use super::review::MoveWords;
use super::session::{Leftover, Session};
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
pub use fields::ChompValues;

/// Chomp's entry in the catalogue.
pub struct Chomp;

/// Chomp's words.
const TEXT: GameText = GameText {
    id: "chomp",
    label: "Chomp",
    tagline: "Don't eat the poisoned square ☠",
    rules: &[
        "Eat a square and everything above and to the right of it.",
        "Whoever eats the poisoned square (☠, a1) loses.",
    ],
    keys: tables::KEYS,
};

impl Game for Chomp {
    fn text(&self) -> &'static GameText {
        &TEXT
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

    fn solve(
        &self,
        matches: &ArgMatches,
        budget: u64,
        progress: SolveProgress,
    ) -> Result<String, String> {
        cli::solve(matches, budget, progress)
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

    fn refuse_step(&self, values: &Values, key: &str, value: u64) -> Option<String> {
        fields::refuse_step(values, key, value)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        fields::sanitize(values)
    }

    fn saved_problem(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
    ) -> Option<String> {
        saved::saved_problem(values, start, moves)
    }

    fn parse_position(&self, body: &str) -> Result<ParsedPosition, String> {
        position::parsed(body)
    }

    fn new_session(&self, setup: Setup, leftover: Option<Leftover>) -> Box<dyn Session> {
        Box::new(session::begin(setup, leftover))
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        _from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        let start = if let Some(start) = start {
            position::parse(start.body()).ok()?
        } else {
            let options = ChompValues::from(values);
            rules::Position::full(options.rows.into(), options.cols.into()).ok()?
        };
        study::study_after(start, moves).map(|s| Box::new(s) as Box<dyn Study>)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        board::move_words(notation)
    }
}
