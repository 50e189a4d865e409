//! Wythoff's game (Winning Ways, ch. 3): two piles; a move takes any number of coins from one
//! pile, or the same number from both; whoever takes the last coin wins. Played as "corner the
//! queen" on the grid board. `rules.rs` holds positions, moves and notation; `answer.rs` the one
//! answer function, exact for piles up to 10^18 by the Beatty pairs in integers;
//! `moves_left.rs` its positions numbered for the core's moves-left table; `session.rs` the
//! rules on the core and the queen's board; `fields.rs` the menu line; `cli.rs` the command
//! line.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod moves_left;
pub mod rules;
pub mod session;

use super::core::entry::{Entry, SolveProgress};
use super::core::rules::GameText;
use super::core::table::Tabled;
use super::field::{Field, Problem, Values};
use super::grid::board::KEYS;
use super::review::MoveWords;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
use rules::{Move, Position};
use session::{WythoffRules, WythoffTabled};

pub use session::{WythoffRowsSession, WythoffSession};

/// Wythoff's entry in the catalogue.
pub struct Wythoff;

/// Wythoff's words.
const TEXT: GameText = GameText {
    id: rules::ID,
    label: "Wythoff",
    tagline: "Corner the queen: left, down or diagonally",
    rules: &[
        "Two piles: the queen's column and row.",
        "Take any number from one pile (left or down), or the same from both (diagonally).",
        "Whoever takes the last coin, moving the queen into the corner, wins.",
    ],
    keys: KEYS,
};

impl Entry for Wythoff {
    type Rules = WythoffTabled;
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

    fn start(&self, values: &Values) -> Result<Position, String> {
        fields::start(values)
    }

    fn read_start(&self, body: &str) -> Result<Position, String> {
        fields::playable(body)
    }

    fn values_of(&self, start: &Position) -> Values {
        Values::default().with(fields::PILES, start.to_string())
    }

    /// A study shares the table of the game it is opened from, which covers every position of
    /// that game.
    fn begin(
        &self,
        &start: &Position,
        shared: Option<&WythoffTabled>,
    ) -> (WythoffTabled, Position) {
        (Tabled::sharing(WythoffRules, start, shared), start)
    }

    /// On the queen's board where the start fits it, else on the rows board.
    fn session(&self, setup: Setup, rules: WythoffTabled, start: Position) -> Box<dyn Session> {
        session::session(setup, rules, start)
    }

    /// On the board of the game the rules are for.
    fn studied(&self, rules: WythoffTabled, at: Position) -> Box<dyn Study> {
        session::studied(rules, at)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        let text = session::move_text(Move::parse(notation).ok()?);
        Some(MoveWords {
            listed: text.clone(),
            short: text.clone(),
            instead: format!("moving {text}"),
        })
    }

    fn play_command(&self) -> Command {
        cli::play_command()
    }

    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        values.set(fields::PILES, cli::play_piles(matches)?);
        Ok(())
    }

    fn solve_command(&self) -> Command {
        cli::solve_command()
    }

    fn solve(&self, matches: &ArgMatches, budget: u64, _: SolveProgress) -> Result<String, String> {
        cli::solve(matches, budget)
    }
}

#[cfg(test)]
mod tests;
