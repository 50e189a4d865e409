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
pub mod puzzles;
pub mod reference;
pub mod rules;
pub mod session;
pub mod solver;
pub mod study;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod theory;
pub mod why;

use super::core::entry::{Draw, Entry, SolveProgress, start_of};
use super::core::puzzle::Bounds;
use super::core::rules::GameText;
use super::field::{Field, Problem, Values};
use super::position::StartPosition;
use super::review::MoveWords;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use crate::units::quoted;
use clap::{ArgMatches, Command};
pub use fields::ChompValues;
use fields::{COLS, ROWS};
use rules::{MAX_SIDE, Position};
use tables::ChompRules;

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
    themes: &[],
};

/// Chomp's own words and checks; the core writes the rest of its catalogue entry (the check of
/// a saved game, a position string read, a new game, a study) from its rules.
impl Entry for Chomp {
    type Rules = ChompRules;
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

    fn refuse_step(&self, values: &Values, key: &str, value: u64) -> Option<String> {
        fields::refuse_step(values, key, value)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        fields::sanitize(values)
    }

    /// The full bar of the values' box.
    fn start(&self, values: &Values) -> Result<Position, String> {
        let options = ChompValues::from(values);
        Position::full(options.rows.into(), options.cols.into()).map_err(|e| e.to_string())
    }

    fn read_start(&self, body: &str) -> Result<Position, String> {
        position::parse(body)
    }

    fn values_of(&self, start: &Position) -> Values {
        Values::default()
            .with(ROWS, start.rows())
            .with(COLS, start.cols())
    }

    /// New rules, whatever `shared` holds: they ask for the tables of their own box (see
    /// [`ChompRules::want_tables`]).
    fn begin(&self, start: &Position, _shared: Option<&ChompRules>) -> (ChompRules, Position) {
        (ChompRules::new(start), start.clone())
    }

    fn session(&self, setup: Setup, rules: ChompRules, start: Position) -> Box<dyn Session> {
        Box::new(session::begin(setup, rules, start))
    }

    fn studied(&self, rules: ChompRules, at: Position) -> Box<dyn Study> {
        Box::new(study::ChompStudy::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        board::move_words(notation)
    }

    /// The saved values must hold a bar a game is played on, and a set start must be of its
    /// box.
    fn saved_start(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
    ) -> Result<Position, String> {
        let (rows, cols) = (values.number(ROWS), values.number(COLS));
        let sides = 1..=u64::from(MAX_SIDE);
        if !sides.contains(&rows) || !sides.contains(&cols) {
            return Err(format!(
                "a {rows}×{cols} board (rows and columns must be 1 to {MAX_SIDE})"
            ));
        }
        if rows == 1 && cols == 1 {
            return Err("a 1×1 board: nothing to play".into());
        }
        let start = start_of(self, values, start)?;
        if (u64::from(start.rows()), u64::from(start.cols())) != (rows, cols) {
            return Err(format!(
                "its start is a {}×{} bar, not {rows}×{cols}",
                start.rows(),
                start.cols()
            ));
        }
        Ok(start)
    }

    /// Only the poison's eater ends a game.
    fn ended(&self, number: usize) -> Option<String> {
        Some(format!("move {number} eats the poison: the game is over"))
    }

    /// A square not on the bar: the square is the reason.
    fn illegal(&self, number: usize, text: &str, _reason: &str) -> String {
        format!("move {number} ({}) is not legal", quoted(text))
    }

    fn puzzle_draw(&self, bounds: &Bounds) -> Result<Draw<'_, Position>, String> {
        puzzles::draw(bounds)
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

    fn solve_start(&self, matches: &ArgMatches) -> Result<Position, String> {
        cli::solved_position(matches)
    }

    /// The bar, top row first: `■` a square, `☠` the poison, `·` a square eaten.
    fn sketch(&self, _rules: &ChompRules, at: &Position) -> Vec<String> {
        (0..at.rows())
            .rev()
            .map(|row| {
                let cells: Vec<&str> = (at.heights().iter().enumerate())
                    .map(|(col, &height)| match (col, row) {
                        (0, 0) => "☠",
                        _ if height > row => "■",
                        _ => "·",
                    })
                    .collect();
                cells.join(" ")
            })
            .collect()
    }

    fn solve_args(&self, start: &Position) -> Vec<String> {
        cli::solve_args(start)
    }
}
