//! The one-pile games' answers on the command line: in words, and each move of `--all-moves`.

use crate::units::group;
use serde::Serialize;

/// Reads a number of coins on the command line (`--pile`, `--max`): a whole number, or a
/// reason that says what one looks like (a negative number included, which the arguments
/// let through to here rather than take for an option).
pub fn coins(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        let digits = text.trim();
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!("at most {} coins", group(u64::MAX))
        } else {
            "write a whole number of coins, 0 or more, like 21".to_string()
        }
    })
}

/// The winning takes of a pile, for people, ending with a newline: "the player to move wins by
/// taking 1 or 4." or, with none, that the player to move loses.
pub fn plain_takes(takes: &[u64]) -> String {
    if takes.is_empty() {
        return "the player to move loses against perfect play.\n".into();
    }
    let list: Vec<String> = takes.iter().map(|&k| group(k)).collect();
    format!("the player to move wins by taking {}.\n", list.join(" or "))
}

/// One move in a one-pile game's `--all-moves` JSON reply.
#[derive(Debug, Clone, Serialize)]
pub struct PileMoveReply {
    /// How many coins it takes.
    pub take: u64,
    /// The pile it leaves.
    pub after: u64,
    /// The opponent's limit after it, for rules where each take bounds the next.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_take: Option<u64>,
    /// `"win"` or `"loss"`, for the player making the move.
    pub outcome: &'static str,
    /// The moves left of the position it leaves (`null` out of reach).
    pub moves_left: Option<u64>,
    /// The opponent's winning moves in the position it leaves.
    pub winning_replies: usize,
}
