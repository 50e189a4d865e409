//! The one-pile games' answers on the command line: `munch solve`'s reply, in words or one line
//! of JSON, with each move of `--all-moves`, written once ([`reply`]).

use super::rules::PilePosition;
use crate::games::moves_left::{AllMoves, PositionAnalysis, outcome_word, plain_all_moves};
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

/// What a one-pile game's `munch solve` reply says of its position beyond who wins.
pub struct Words<F, E> {
    /// The game's id, the JSON's `game`.
    pub game: &'static str,
    /// The position's fields in the JSON, before its outcome: `{"pile":21,"set":[1,3,4]}`.
    pub fields: F,
    /// The game's fields in the JSON after the winning moves (the subtraction game's period).
    pub more: E,
    /// The text's first words, before who wins: "Fibonacci Nim, pile 30, take at most 5: ".
    pub head: String,
    /// The text's lines after who wins, each ending with a newline.
    pub tail: String,
    /// Whether each take bounds the next: a move's JSON names the opponent's limit after it.
    pub bounded: bool,
}

/// The JSON reply.
#[derive(Serialize)]
struct Json<F, E> {
    game: &'static str,
    #[serde(flatten)]
    fields: F,
    outcome: &'static str,
    winning_moves: Vec<u64>,
    #[serde(flatten)]
    more: E,
    /// With `--all-moves` only: every field before it stays as it was without.
    #[serde(flatten)]
    all_moves: Option<AllMoves<PileMoveReply>>,
}

/// The reply of `munch solve` for a pile whose winning takes are `winning`: JSON (`json`) or
/// text, with every take when `all` holds their study (`--all-moves`); `after` is the position
/// a take leaves, `leaves` that position in the text's table.
pub fn reply<F: Serialize, E: Serialize>(
    words: Words<F, E>,
    winning: Vec<u64>,
    json: bool,
    all: Option<&PositionAnalysis<u64>>,
    after: impl Fn(u64) -> PilePosition,
    leaves: impl Fn(PilePosition) -> String,
) -> String {
    if !json {
        let mut out = words.head;
        out.push_str(&plain_takes(&winning));
        out.push_str(&words.tail);
        if let Some(all) = all {
            out.push_str(&plain_all_moves(all, ["take", "leaves"], |&take| {
                [group(take), leaves(after(take))]
            }));
        }
        return out;
    }
    let reply = Json {
        game: words.game,
        fields: words.fields,
        outcome: outcome_word(!winning.is_empty()),
        winning_moves: winning,
        more: words.more,
        all_moves: all.map(|all| {
            AllMoves::new(all, |m| {
                let left = after(m.mv);
                PileMoveReply {
                    take: m.mv,
                    after: left.pile,
                    max_take: words.bounded.then_some(left.max_take),
                    outcome: outcome_word(m.wins),
                    moves_left: m.moves_left,
                    winning_replies: m.winning_replies,
                }
            })
        }),
    };
    serde_json::to_string(&reply).expect("plain data serializes")
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
