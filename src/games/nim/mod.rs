//! Classic Nim: up to 8 piles of coins; a move takes any number of coins (at least one) from
//! one pile, and whoever takes the last coin wins (normal play).
//!
//! [`rules`] holds positions, moves and their notation, [`answer`](mod@answer) the solution
//! by the nim-sum (the XOR of the piles), [`reply`] what `munch solve nim` prints, [`session`]
//! its rules on the core and the rows board, and its words on the Study screen, [`view`] the
//! tests of its game drawn; this file its catalogue entry, with its menu line and `--piles`.

pub mod answer;
pub mod moves_left;
pub mod position;
pub mod reply;
pub mod rules;
pub mod session;
pub mod view;

use super::core::line::{Line, LineEntry};
use super::core::rules::GameText;
use super::core::table::{MovesLeft, Tabled};
use super::position::print_list;
use super::review::MoveWords;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use moves_left::{NIM_BUDGET, NimMovesLeft};
use session::{NimRules, NimSession};

pub use answer::{answer, losing_moves, nim_sum};
pub use rules::{MAX_PILE, MAX_PILES, Move, Position};

/// Nim's entry in the catalogue.
#[derive(Default)]
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
    themes: &["nim-sum"],
};

/// The key of the piles at the start, as typed.
pub const PILES: &str = "piles";

/// Piles offered with ←/→ on the Piles line; the first is the default.
pub const PILES_PRESETS: [&str; 2] = ["3,4,5", "1,3,5,7"];

/// The longest piles text: [`MAX_PILES`] piles of 19 digits (10^18) with ", " between them.
pub const MAX_PILES_CHARS: usize = MAX_PILES * 19 + (MAX_PILES - 1) * 2;

/// Why a longer piles text is refused.
const TOO_LONG: &str = "the piles are at most 166 characters";

/// Nim's menu line, typed like `3,4,5`, and `--piles`.
static LINE: Line = Line {
    field: Line::text(PILES, "Piles", &PILES_PRESETS, MAX_PILES_CHARS, TOO_LONG),
    name: "Nim",
    option: ["piles", "PILES"],
    help: [
        "The piles: 1 to 8 numbers of coins, each 1 to 10^18, e.g. \"3,4,5\"",
        "The piles: 1 to 8 numbers of coins, each 1 to 10^18, e.g. \"3,4,5\"",
    ],
    about: [
        "Play Nim: several piles, take from one",
        "Solve a Nim position: who wins, and every winning move",
    ],
    hint: "←→ presets, or type 3,4,5",
};

impl LineEntry for Nim {
    type Game = NimRules;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn line(&self) -> &'static Line {
        &LINE
    }

    /// A new game's piles each start with a coin at least.
    fn read_line(&self, text: &str) -> Result<Position, String> {
        Position::parse(text)
    }

    fn read_start(&self, body: &str) -> Result<Position, String> {
        position::parse(body)
    }

    /// As a new game's piles, or else as a position string reads them (an empty pile keeps
    /// its place: `0,4,5`); a refusal in a new game's words.
    fn read_solved(&self, text: &str) -> Result<Position, String> {
        Position::parse(text).or_else(|refusal| position::parse(text).map_err(|_| refusal))
    }

    /// Read as the position string reads them: an empty pile keeps its place (`0,4,5`), but
    /// not every pile may be empty (the game is over there). A new game's piles, on the menu,
    /// each start with a coin at least; a studied position may be one reached in play.
    fn read_edited(&self, text: &str) -> Result<Position, String> {
        if text.trim().is_empty() {
            return Err("no piles given: write the piles like 3,4,5".into());
        }
        position::parse(text)
    }

    /// The menu's piles hold a coin each: the empty ones are the start's alone.
    fn line_of(&self, start: &Position) -> String {
        let piles: Vec<u64> = (start.piles().iter().copied()).filter(|&p| p > 0).collect();
        print_list(&piles)
    }

    fn session(&self, setup: Setup, rules: Tabled<NimRules>, at: Position) -> Box<dyn Session> {
        Box::new(NimSession::begin(setup, rules, at))
    }

    fn studied(&self, rules: Tabled<NimRules>, at: Position) -> Box<dyn Study> {
        Box::new(session::NimStudy::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        Move::parse(notation)
            .ok()
            .map(|mv| MoveWords::taking(session::move_text(mv)))
    }

    /// Within [`NIM_BUDGET`] positions.
    fn solve_table(&self, at: &Position, _: u64) -> Option<MovesLeft<NimRules>> {
        NimMovesLeft::build(&NimRules::default(), at, NIM_BUDGET)
    }

    /// A row of coins a pile, numbered (a pile too large for a row written as a number).
    fn sketch(&self, at: &Position) -> Vec<String> {
        (at.piles().iter().enumerate())
            .map(|(pile, &coins)| match coins {
                0 => format!("{} ", pile + 1),
                1..=SKETCH_ROW => format!("{} {}", pile + 1, vec!["●"; coins as usize].join("")),
                _ => format!("{} ● × {coins}", pile + 1),
            })
            .collect()
    }
}

/// The most coins a sketch draws in a pile's row.
const SKETCH_ROW: u64 = 16;

#[cfg(test)]
pub(crate) mod tests;
