//! Wythoff's game (Winning Ways, ch. 3): two piles; a move takes any number of coins from one
//! pile, or the same number from both; whoever takes the last coin wins. Played as "corner the
//! queen" on the grid board. `rules.rs` holds positions, moves and notation; `answer.rs` the one
//! answer function, exact for piles up to 10^18 by the Beatty pairs in integers;
//! `moves_left.rs` its positions numbered for the core's moves-left table; `session.rs` the
//! rules on the core and the queen's board; `cli.rs` the words of `munch solve`'s reply; this
//! file its catalogue entry, with its menu line and `--piles`.

pub mod answer;
pub mod cli;
pub mod moves_left;
pub mod rules;
pub mod session;

use super::core::line::{Line, LineEntry, session_on, studied_on};
use super::core::rules::GameText;
use super::core::table::{MovesLeft, Tabled};
use super::grid::board::{GridBoard, KEYS};
use super::review::MoveWords;
use super::rows::board::RowsBoard;
use super::session::Session;
use super::setup::Setup;
use super::study::Study;
use rules::{Move, Position};
use session::{WYTHOFF_BUDGET, WythoffRules, on_grid};

pub use session::{WythoffRowsSession, WythoffSession};

/// Wythoff's entry in the catalogue.
#[derive(Default)]
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
    themes: &["Beatty pair"],
};

/// The key of the piles at the start, as typed.
pub const PILES: &str = "wythoff_piles";

/// Piles offered with ←/→ on the Piles line; the first is the default.
pub const PRESETS: [&str; 4] = ["9,14", "4,5", "12,20", "15,25"];

/// The largest pile a game is played with on the queen's board, which has 27 columns and rows
/// at most; larger piles (up to 10^18, which the answer handles) are played on the rows board.
pub const MAX_BOARD_PILE: u64 = 26;

/// The most squares a side of a sketch's board: beyond, the piles are written.
const SKETCH_MOST: u64 = 12;

/// Two piles of 19 digits (10^18) with ", " between them, so that a pile too large is named.
const MOST_CHARS: usize = 2 * 19 + 2;

/// Wythoff's menu line, typed like `9,14`, and `--piles`.
static LINE: Line = Line {
    field: Line::text(
        PILES,
        "Piles",
        &PRESETS,
        MOST_CHARS,
        "the piles are at most 40 characters",
    ),
    name: "Wythoff",
    option: ["piles", "PILES"],
    help: [
        "The two piles: numbers of coins, each 0 to 10^18, not both 0, e.g. \"4,5\"",
        "The two piles: numbers of coins, each 0 to 10^18, e.g. \"4,5\"",
    ],
    about: [
        "Play Wythoff's game: two piles, take from one or the same from both",
        "Solve a Wythoff position: who wins, and every winning move",
    ],
    hint: "←→ presets, or type 4,5",
};

impl LineEntry for Wythoff {
    type Game = WythoffRules;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn line(&self) -> &'static Line {
        &LINE
    }

    /// Both piles empty is refused, and a pile past 10^18; a position string's body is read
    /// the same way.
    fn read_line(&self, text: &str) -> Result<Position, String> {
        Position::parse_body(text)
    }

    /// Both piles empty too: the player to move has lost.
    fn read_solved(&self, text: &str) -> Result<Position, String> {
        Position::parse(text)
    }

    fn line_of(&self, start: &Position) -> String {
        start.to_string()
    }

    /// On the queen's board where the start fits it, else on the rows board.
    fn session(&self, setup: Setup, rules: Tabled<WythoffRules>, at: Position) -> Box<dyn Session> {
        session_on::<_, GridBoard, RowsBoard>(on_grid(at), setup, rules, at)
    }

    /// On the board of the game the rules are for.
    fn studied(&self, rules: Tabled<WythoffRules>, at: Position) -> Box<dyn Study> {
        studied_on::<_, GridBoard, RowsBoard>(on_grid(*rules.start()), rules, at)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        let text = session::move_text(Move::parse(notation).ok()?);
        Some(MoveWords {
            listed: text.clone(),
            short: text.clone(),
            instead: format!("moving {text}"),
        })
    }

    /// The queen `♛` on its board, `·` each square, top row first, where the board is small;
    /// else the piles.
    fn sketch(&self, at: &Position) -> Vec<String> {
        let [col, row] = at.piles();
        if col.max(row) >= SKETCH_MOST {
            return vec![format!("queen at {col},{row}")];
        }
        (0..=row)
            .rev()
            .map(|r| {
                let cells: Vec<&str> = (0..=col)
                    .map(|c| if (c, r) == (col, row) { "♛" } else { "·" })
                    .collect();
                cells.join(" ")
            })
            .collect()
    }

    /// Within [`WYTHOFF_BUDGET`] positions.
    fn solve_table(&self, at: &Position, memory: u64) -> Option<MovesLeft<WythoffRules>> {
        MovesLeft::build_in(&WythoffRules::default(), at, WYTHOFF_BUDGET, memory)
    }
}

#[cfg(test)]
mod tests;
