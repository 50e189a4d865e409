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
mod saved;
pub mod session;
pub mod study;
pub mod view;

use super::game::{Field, Game, GameText, Problem, SolveProgress, Values};
use super::position::{ParsedPosition, StartPosition};
use super::review::MoveWords;
use super::session::{Leftover, Session};
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
use session::NimSession;

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

impl Game for Nim {
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

    fn new_session(&self, setup: Setup, _leftover: Option<Leftover>) -> Box<dyn Session> {
        // The values were checked before a game starts; the default is only a fallback.
        // A set start position was read by the catalogue; the menu's piles otherwise.
        let start = setup
            .start
            .as_ref()
            .and_then(|start| position::parse(start.body()).ok())
            .or_else(|| NimValues::from(&setup.values).start().ok())
            .unwrap_or_else(fields::default_start);
        Box::new(NimSession::new(setup, start))
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        let start = match start {
            Some(start) => position::parse(start.body()).ok()?,
            None => NimValues::from(values).start().ok()?,
        };
        // The table of the game it is opened from, when it holds the position studied.
        let shared = from
            .and_then(|game| game.as_any().downcast_ref::<NimSession>())
            .and_then(NimSession::table)
            .cloned();
        study::study(&start, moves, shared).map(|s| Box::new(s) as Box<dyn Study>)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        view::move_words(notation)
    }
}

#[cfg(test)]
pub(crate) mod tests;
