//! What `munch solve nim` prints, in Nim's words on the core's reply ([`reply`]): one JSON
//! object on one line for scripts, or a few lines of text for people, both from [`answer`].
//!
//! [`answer`]: super::answer::answer

use super::answer::nim_sum;
use super::moves_left::{NIM_BUDGET, NimMovesLeft};
use super::rules::{Move, Position};
use super::session::NimRules;
use crate::games::core::solve::{Reply, reply};
use crate::games::core::table::study;
use crate::games::moves_left::{PositionAnalysis, too_many_moves};
use crate::games::position::pile_list;
use crate::games::review::Known;
use crate::units::group;
use serde::Serialize;
use std::fmt::Write as _;

/// The piles in the JSON reply: `"piles":[3,4,5]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimPiles {
    /// The coins in each pile.
    pub piles: Vec<u64>,
}

/// A move in the JSON reply (a winning move; with `--all-moves`, every move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplyMove {
    /// The pile, from 1.
    pub pile: usize,
    /// How many coins it takes.
    pub take: u64,
    /// The piles after it.
    pub after: Vec<u64>,
}

/// `{"game":"nim","piles":[3,4,5],"outcome":"win","winning_moves":[…]}`, every winning move by
/// pile and then by take; `--all-moves` adds `moves_left`, every move (by pile, then by take;
/// each with its outcome for its player, the moves left after it, `null` past the table's
/// budget, and the opponent's winning replies) and `complete`.
impl Reply for NimRules {
    type Fields = NimPiles;
    type Moved = ReplyMove;
    const COLUMNS: [&'static str; 2] = ["move", "leaves"];

    fn fields(&self, at: &Position) -> NimPiles {
        NimPiles {
            piles: at.piles().to_vec(),
        }
    }

    fn moved(&self, at: &Position, mv: Move) -> ReplyMove {
        ReplyMove {
            pile: mv.pile + 1,
            take: mv.take,
            after: after(at, mv).piles().to_vec(),
        }
    }

    fn cells(&self, at: &Position, mv: Move) -> [String; 2] {
        [mv.to_string(), pile_list(after(at, mv).piles())]
    }

    fn plain(&self, at: &Position, known: &Known<Move>) -> String {
        plain(at, &known.winning_moves)
    }
}

/// The position `mv` leaves (a legal move).
fn after(at: &Position, mv: Move) -> Position {
    at.play(mv).expect("a listed move is legal")
}

/// The study of every move of `position` (`--all-moves`), with moves left when its table fits
/// [`NIM_BUDGET`]; or why there are too many.
pub fn study_all(position: &Position) -> Result<PositionAnalysis<Move>, String> {
    let count = position
        .piles()
        .iter()
        .fold(0u64, |sum, &pile| sum.saturating_add(pile));
    if let Some(refusal) = too_many_moves(count) {
        return Err(refusal);
    }
    let table = NimMovesLeft::build(&NimRules, position, NIM_BUDGET);
    Ok(study(&NimRules, position, table.as_ref()).expect("few enough moves"))
}

/// `munch solve nim --piles … --json`: the reply as one line of JSON, without a newline.
pub fn json_reply(position: &Position) -> String {
    reply(&NimRules, "nim", position, true, None)
}

/// `munch solve nim --piles …`: the reply for people, ending with a newline.
pub fn plain_reply(position: &Position) -> String {
    reply(&NimRules, "nim", position, false, None)
}

/// The reply for people, ending with a newline.
fn plain(position: &Position, winning: &[Move]) -> String {
    let piles = pile_list(position.piles());
    if position.is_over() {
        return format!(
            "Nim, piles {piles}: every pile is empty, so the player to move has lost.\n"
        );
    }
    let sum = group(nim_sum(position));
    let n = winning.len();
    if n == 0 {
        return format!(
            "Nim, piles {piles} (nim-sum {sum}): the player to move loses against perfect play.\n"
        );
    }
    let mut out = format!(
        "Nim, piles {piles} (nim-sum {sum}): the player to move wins, with {n} winning move{}:\n",
        if n == 1 { "" } else { "s" }
    );
    let width = winning
        .iter()
        .map(|mv| mv.to_string().len())
        .max()
        .unwrap_or(0);
    // Writing to a String cannot fail: `let _` drops an always-Ok result.
    for &mv in winning {
        let _ = writeln!(
            out,
            "  {:<width$}  take {} from pile {} → {}",
            mv.to_string(),
            group(mv.take),
            mv.pile + 1,
            pile_list(after(position, mv).piles())
        );
    }
    out
}
