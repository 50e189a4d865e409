//! Fibonacci Nim: one pile; first take 1 to n-1 coins, then up to twice the previous take; the
//! last coin wins. [`rules`] holds its positions, [`cli`] its command line.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod position;
pub mod rules;
pub mod session;

use super::core::entry::{Entry, SolveProgress};
use super::core::rules::GameText;
use super::field::{Field, Problem, Values};
use super::pile::rules::PilePosition;
use super::review::MoveWords;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use crate::units::quoted;
use clap::{ArgMatches, Command};
pub use fields::FibonacciValues;
use rules::FibPosition;
use session::{FibonacciRules, FibonacciSession};

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

impl Entry for Fibonacci {
    type Rules = FibonacciRules;
    type Start = FibPosition;

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

    fn start(&self, values: &Values) -> Result<FibPosition, String> {
        FibPosition::start(FibonacciValues::from(values).pile)
    }

    fn read_start(&self, body: &str) -> Result<FibPosition, String> {
        position::parse(body)
    }

    fn values_of(&self, &start: &FibPosition) -> Values {
        position::values(start)
    }

    /// A study shares the table of the game it is opened from, where it holds its positions.
    fn begin(
        &self,
        &start: &FibPosition,
        shared: Option<&FibonacciRules>,
    ) -> (FibonacciRules, PilePosition) {
        let rules = (shared.filter(|rules| rules.serve(start.pile)).cloned())
            .unwrap_or_else(|| FibonacciRules::for_pile(start.pile));
        (rules, session::pile(start))
    }

    fn session(&self, setup: Setup, rules: FibonacciRules, at: PilePosition) -> Box<dyn Session> {
        Box::new(FibonacciSession::begin(setup, rules, at))
    }

    fn studied(&self, rules: FibonacciRules, at: PilePosition) -> Box<dyn Study> {
        Box::new(session::FibonacciStudy::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        super::pile::view::move_words(notation)
    }

    /// A saved take that is not legal is named alone.
    fn illegal(&self, number: usize, text: &str, _: &str) -> String {
        format!("take {number} ({}) is not legal", quoted(text))
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
