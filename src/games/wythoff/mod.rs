//! Wythoff's game (Winning Ways, ch. 3): two piles; a move takes any number of coins from one
//! pile, or the same number from both; whoever takes the last coin wins. Played as "corner the
//! queen" on the grid board. `rules.rs` holds positions, moves and notation; `answer.rs` the one
//! answer function, exact for piles up to 10^18 by the Beatty pairs in integers;
//! `moves_left.rs` the moves-left table where it fits and a position's study; `session.rs` the
//! rules on the core and the queen's board; `fields.rs` the menu line; `cli.rs` the command
//! line.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod moves_left;
pub mod rules;
pub mod session;

use super::game::{Field, Game, GameText, Problem, SolveProgress, Values};
use super::grid::board::KEYS;
use super::position::{ParsedPosition, StartPosition};
use super::review::MoveWords;
use super::session::{Leftover, Session};
use super::setup::Setup;
use super::study::Study;
use clap::{ArgMatches, Command};
use rules::{Move, Position};
use session::WythoffRules;

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

impl Game for Wythoff {
    fn text(&self) -> &'static GameText {
        &TEXT
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
        fields::saved_problem(values, start, moves)
    }

    fn parse_position(&self, body: &str) -> Result<ParsedPosition, String> {
        let position = fields::playable(body)?;
        Ok(ParsedPosition {
            values: Values::default().with(fields::PILES, position.to_string()),
            start: StartPosition::new(position.to_position_string()),
        })
    }

    fn new_session(&self, setup: Setup, _: Option<Leftover>) -> Box<dyn Session> {
        // The values were checked before a game starts; a set start was read by the catalogue.
        let start = setup
            .start
            .as_ref()
            .and_then(|start| fields::playable(start.body()).ok())
            .or_else(|| fields::start(&setup.values).ok())
            .unwrap_or_else(|| Position::new(9, 14).expect("small piles"));
        session::session(setup, WythoffRules::new(start, None), start)
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        let start = match start {
            Some(start) => fields::playable(start.body()).ok()?,
            None => fields::start(values).ok()?,
        };
        // The table of the game it is opened from, which covers every position of that game.
        let shared = from.and_then(|game| {
            let game = game.as_any();
            let grid = game.downcast_ref::<WythoffSession>().map(|g| &g.rules);
            let rows = game.downcast_ref::<WythoffRowsSession>().map(|g| &g.rules);
            grid.or(rows).and_then(|rules| rules.table().cloned())
        });
        let rules = WythoffRules::new(start, shared);
        let mut at = start;
        for text in moves {
            at = at.play(Move::parse(text).ok()?).ok()?;
        }
        Some(session::studied(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        let text = session::move_text(Move::parse(notation).ok()?);
        Some(MoveWords {
            listed: text.clone(),
            short: text.clone(),
            instead: format!("moving {text}"),
        })
    }
}

#[cfg(test)]
mod tests;
