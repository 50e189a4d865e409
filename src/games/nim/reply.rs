//! What `munch solve nim` prints, in Nim's words on the core's reply of piles ([`PilesReply`]):
//! one JSON object on one line for scripts, or a few lines of text for people, both from
//! [`answer`].
//!
//! [`answer`]: super::answer::answer

use super::answer::nim_sum;
use super::rules::{Move, Position};
use crate::games::core::rules_of::PositionRules;
use crate::games::core::solve::{PilesReply, Said};
use crate::games::position::pile_list;
use crate::units::group;
use serde::Serialize;

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
impl PilesReply for Position {
    type Moved = ReplyMove;

    fn pile_counts(&self) -> Vec<u64> {
        self.piles().to_vec()
    }

    fn moved(&self, mv: Move) -> ReplyMove {
        let after = self.play(mv).expect("a listed move is legal");
        ReplyMove {
            pile: mv.pile + 1,
            take: mv.take,
            after: after.piles().to_vec(),
        }
    }

    fn said(&self) -> Said<'static> {
        Said {
            head: format!("Nim, piles {}", pile_list(self.piles())),
            note: format!(" (nim-sum {})", group(nim_sum(self))),
            over: "every pile is empty",
            lost: String::new(),
        }
    }

    fn take_words(mv: Move) -> String {
        format!("take {} from pile {}", group(mv.take), mv.pile + 1)
    }
}
