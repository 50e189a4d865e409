//! What `munch solve nim` prints: one JSON object on one line for scripts, or a few lines of
//! text for people, both from [`answer`].

use super::answer::{answer, nim_sum};
use super::moves_left::{NIM_BUDGET, NimMovesLeft, study};
use super::rules::{Move, Position};
use crate::games::moves_left::{
    AllMoves, PositionAnalysis, outcome_word, plain_all_moves, too_many_moves,
};
use crate::games::position::pile_list;
use crate::units::group;
use serde::Serialize;
use std::fmt::Write as _;

/// The JSON reply: `{"game":"nim","piles":[3,4,5],"outcome":"win","winning_moves":[…]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimReply {
    /// Always `"nim"`.
    pub game: &'static str,
    /// The coins in each pile.
    pub piles: Vec<u64>,
    /// `"win"` or `"loss"`, for the player to move.
    pub outcome: &'static str,
    /// Every winning move, by pile and then by take; empty for a loss.
    pub winning_moves: Vec<ReplyMove>,
    /// With `--all-moves` only: every move, by pile and then by take. Every field before it
    /// stays as it was without.
    #[serde(flatten)]
    pub all_moves: Option<AllMoves<StudiedMove>>,
}

/// One move in the `--all-moves` reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StudiedMove {
    /// The pile, from 1.
    pub pile: usize,
    /// How many coins it takes.
    pub take: u64,
    /// The piles after it.
    pub after: Vec<u64>,
    /// `"win"` or `"loss"`, for the player making the move.
    pub outcome: &'static str,
    /// The moves left of the position it leaves (`null` when the table is past its budget).
    pub moves_left: Option<u64>,
    /// The opponent's winning moves in the position it leaves.
    pub winning_replies: usize,
}

/// One winning move in the JSON reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplyMove {
    /// The pile, from 1.
    pub pile: usize,
    /// How many coins it takes.
    pub take: u64,
    /// The piles after it.
    pub after: Vec<u64>,
}

impl NimReply {
    /// The reply for `position`.
    pub fn new(position: &Position) -> NimReply {
        let answer = answer(position);
        NimReply {
            game: "nim",
            piles: position.piles().to_vec(),
            outcome: if answer.wins { "win" } else { "loss" },
            winning_moves: answer
                .winning_moves
                .iter()
                .map(|&mv| ReplyMove {
                    pile: mv.pile + 1,
                    take: mv.take,
                    after: position
                        .play(mv)
                        .expect("a winning move is legal")
                        .piles()
                        .to_vec(),
                })
                .collect(),
            all_moves: None,
        }
    }

    /// The reply for `position` with every move (`--all-moves`), or why there are too many.
    pub fn with_all_moves(
        position: &Position,
    ) -> Result<(NimReply, PositionAnalysis<Move>), String> {
        let studied = study_all(position)?;
        let all_moves = AllMoves::new(&studied, |m| StudiedMove {
            pile: m.mv.pile + 1,
            take: m.mv.take,
            after: position
                .play(m.mv)
                .expect("a listed move is legal")
                .piles()
                .to_vec(),
            outcome: outcome_word(m.wins),
            moves_left: m.moves_left,
            winning_replies: m.winning_replies,
        });
        let reply = NimReply {
            all_moves: Some(all_moves),
            ..NimReply::new(position)
        };
        Ok((reply, studied))
    }
}

/// The study of every move of `position`, with moves left when its table fits [`NIM_BUDGET`].
fn study_all(position: &Position) -> Result<PositionAnalysis<Move>, String> {
    let count = position
        .piles()
        .iter()
        .fold(0u64, |sum, &pile| sum.saturating_add(pile));
    if let Some(refusal) = too_many_moves(count) {
        return Err(refusal);
    }
    let table = NimMovesLeft::build(position, NIM_BUDGET);
    Ok(study(position, table.as_ref()).expect("few enough moves"))
}

/// `munch solve nim --piles … --all-moves --json`: the reply with every move, as one line.
pub fn json_reply_all(position: &Position) -> Result<String, String> {
    let (reply, _) = NimReply::with_all_moves(position)?;
    Ok(serde_json::to_string(&reply).expect("plain data serializes"))
}

/// `munch solve nim --piles … --all-moves`: the reply for people, then every move.
pub fn plain_reply_all(position: &Position) -> Result<String, String> {
    let (_, studied) = NimReply::with_all_moves(position)?;
    let mut out = plain_reply(position);
    out.push_str(&plain_all_moves(&studied, ["move", "leaves"], |mv| {
        let after = position.play(*mv).expect("a listed move is legal");
        [mv.to_string(), pile_list(after.piles())]
    }));
    Ok(out)
}

/// `munch solve nim --piles … --json`: the reply as one line of JSON, without a newline.
pub fn json_reply(position: &Position) -> String {
    serde_json::to_string(&NimReply::new(position)).expect("plain data serializes")
}

/// `munch solve nim --piles …`: the reply for people, ending with a newline.
pub fn plain_reply(position: &Position) -> String {
    let reply = NimReply::new(position);
    let piles = pile_list(&reply.piles);
    if position.is_over() {
        return format!(
            "Nim, piles {piles}: every pile is empty, so the player to move has lost.\n"
        );
    }
    let sum = group(nim_sum(position));
    let n = reply.winning_moves.len();
    if n == 0 {
        return format!(
            "Nim, piles {piles} (nim-sum {sum}): the player to move loses against perfect play.\n"
        );
    }
    let mut out = format!(
        "Nim, piles {piles} (nim-sum {sum}): the player to move wins, with {n} winning move{}:\n",
        if n == 1 { "" } else { "s" }
    );
    let notations: Vec<String> = reply
        .winning_moves
        .iter()
        .map(|mv| format!("{}:{}", mv.pile, mv.take))
        .collect();
    let width = notations.iter().map(String::len).max().unwrap_or(0);
    // Writing to a String cannot fail: `let _` drops an always-Ok result.
    for (mv, notation) in reply.winning_moves.iter().zip(&notations) {
        let _ = writeln!(
            out,
            "  {notation:<width$}  take {} from pile {} → {}",
            group(mv.take),
            mv.pile,
            pile_list(&mv.after)
        );
    }
    out
}
