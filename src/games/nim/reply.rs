//! What `munch solve nim` prints, in Nim's words on the core's reply ([`reply`]): one JSON
//! object on one line for scripts, or a few lines of text for people, both from [`answer`].
//!
//! [`answer`]: super::answer::answer

use super::answer::nim_sum;
use super::rules::{Move, Position};
use super::session::NimRules;
use crate::games::core::rules_of::PositionRules;
use crate::games::core::solve::{Reply, Said, listed};
use crate::games::position::pile_list;
use crate::games::review::Known;
use crate::units::group;
use serde::Serialize;

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
        let said = Said {
            head: format!("Nim, piles {}", pile_list(at.piles())),
            note: format!(" (nim-sum {})", group(nim_sum(at))),
            over: "every pile is empty",
            lost: String::new(),
        };
        listed(self, at, known, said, |mv| {
            format!("take {} from pile {}", group(mv.take), mv.pile + 1)
        })
    }
}

/// The position `mv` leaves (a legal move).
fn after(at: &Position, mv: Move) -> Position {
    at.play(mv).expect("a listed move is legal")
}
