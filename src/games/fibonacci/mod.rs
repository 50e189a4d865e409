//! Fibonacci Nim: one pile; first take 1 to n-1 coins, then up to twice the previous take; the
//! last coin wins. [`rules`] holds its positions, [`cli`] its command line.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod moves_left;
pub mod position;
pub mod rules;
mod saved;
pub mod session;
pub mod study;

use super::game::{Field, Game, GameText, Problem, SolveProgress, Values};
use super::position::{ParsedPosition, StartPosition};
use super::review::MoveWords;
use super::session::{Leftover, Session};
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
pub use fields::FibonacciValues;

/// Fibonacci Nim's entry in the catalogue.
pub struct Fibonacci;

/// Fibonacci's words.
const TEXT: GameText = GameText {
    id: "fibonacci",
    label: "Fibonacci Nim",
    tagline: "Up to twice the last take; last coin wins",
    rules: &[
        "First take 1 to n-1 coins; then up to twice the previous take.",
        "Whoever takes the last coin wins.",
    ],
    keys: super::pile::session::KEYS,
};

impl Game for Fibonacci {
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
        _budget: u64,
        _progress: SolveProgress,
    ) -> Result<String, String> {
        cli::solve(matches)
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

    fn new_session(&self, setup: Setup, _leftover: Option<Leftover>) -> Box<dyn Session> {
        Box::new(session::new_game(setup))
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        study::study(values, start, moves, from).map(|s| Box::new(s) as Box<dyn Study>)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        super::pile::view::move_words(notation)
    }
}
