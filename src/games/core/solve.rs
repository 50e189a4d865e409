//! `munch solve <game>`'s reply, once for every game on the core: one JSON object on one line
//! for scripts (`{"game":…, <the position's fields>, "outcome":…, "winning_moves":[…]}`, and
//! with `--all-moves` `moves_left`, every move with its outcome, moves left and winning
//! replies, and `complete`), or text for people; both from the game's answer
//! ([`Rules::known`]). A game gives its words ([`Reply`]); a game of piles whose position plays
//! its own moves, only its piles and words ([`PilesReply`]).

use super::rules::Rules;
use super::rules_of::{PositionAnswer, RulesOf};
use super::table::{MovesLeft, Numbered, study};
use crate::games::moves_left::{
    AllMoves, PositionAnalysis, outcome_word, plain_all_moves, too_many_moves,
};
use crate::games::position::pile_list;
use crate::games::review::Known;
use serde::Serialize;
use std::fmt::Write as _;

/// What a game on the core says in `munch solve`'s reply.
pub trait Reply: Rules {
    /// The position's own fields in the JSON reply: `{"piles":[4,5]}`.
    type Fields: Serialize;
    /// A move in the JSON reply with what it leaves: `{"move":"12:3","after":[1,2]}`.
    type Moved: Serialize;

    /// The names of the first two columns of the `--all-moves` table for people: a move, and
    /// what it leaves (`["move", "leaves"]`).
    const COLUMNS: [&'static str; 2];

    /// The fields of `at`.
    fn fields(&self, at: &Self::Position) -> Self::Fields;

    /// The move `mv` at `at`, in the JSON reply.
    fn moved(&self, at: &Self::Position, mv: Self::Move) -> Self::Moved;

    /// The move `mv` at `at` in the `--all-moves` table's first two columns.
    fn cells(&self, at: &Self::Position, mv: Self::Move) -> [String; 2];

    /// The answer for people, ending with a newline: who wins at `at`, and with which moves.
    fn plain(&self, at: &Self::Position, known: &Known<Self::Move>) -> String;
}

/// The JSON reply.
#[derive(Serialize)]
struct Json<F, M> {
    game: &'static str,
    #[serde(flatten)]
    fields: F,
    outcome: &'static str,
    winning_moves: Vec<M>,
    /// With `--all-moves` only: every field before it stays as it was without.
    #[serde(flatten)]
    all_moves: Option<AllMoves<Listed<M>>>,
}

/// A move of `--all-moves`: the move, its outcome for its player, the moves left after it
/// and the opponent's winning replies.
#[derive(Serialize)]
struct Listed<M> {
    #[serde(flatten)]
    moved: M,
    outcome: &'static str,
    moves_left: Option<u64>,
    winning_replies: usize,
}

/// Every move of `at` for `--all-moves`, with moves left from the table `table` builds where
/// it holds them (built only when the moves are few enough to list); or why they are not.
pub fn every_move<R: Numbered>(
    rules: &R,
    at: &R::Position,
    table: impl FnOnce() -> Option<MovesLeft<R>>,
) -> Result<PositionAnalysis<R::Move>, String> {
    if let Some(refusal) = too_many_moves(rules.move_count(at).unwrap_or(u64::MAX)) {
        return Err(refusal);
    }
    let table = table();
    study(rules, at, table.as_ref()).ok_or_else(|| "the answer does not reach this position".into())
}

/// The reply of `munch solve <id>` for `at`: JSON (`json`) or text, with every move when
/// `all` holds their study (`--all-moves`). The answer must reach `at`.
pub fn reply<R: Reply>(
    rules: &R,
    id: &'static str,
    at: &R::Position,
    json: bool,
    all: Option<&PositionAnalysis<R::Move>>,
) -> String {
    let known = rules
        .known(at)
        .expect("the answer reaches every position solved");
    if !json {
        let mut out = rules.plain(at, &known);
        if let Some(all) = all {
            out.push_str(&plain_all_moves(all, R::COLUMNS, |&mv| rules.cells(at, mv)));
        }
        return out;
    }
    let reply = Json {
        game: id,
        fields: rules.fields(at),
        outcome: outcome_word(known.wins),
        winning_moves: (known.winning_moves.iter())
            .map(|&mv| rules.moved(at, mv))
            .collect(),
        all_moves: all.map(|all| {
            AllMoves::new(all, |m| Listed {
                moved: rules.moved(at, m.mv),
                outcome: outcome_word(m.wins),
                moves_left: m.moves_left,
                winning_replies: m.winning_replies,
            })
        }),
    };
    serde_json::to_string(&reply).expect("plain data serializes")
}

/// The words of a reply for people that lists each winning move on a line of its own (see
/// [`listed`]).
pub struct Said<'a> {
    /// The position named: "Nim, piles 3, 4, 5".
    pub head: String,
    /// What follows the head where the game is not over: " (nim-sum 2)".
    pub note: String,
    /// Why the game is over there: "every pile is empty".
    pub over: &'a str,
    /// What follows "loses against perfect play": " (a lost pair, k = 4)".
    pub lost: String,
}

/// The reply for people, ending with a newline, of a game that says who wins at `at` and,
/// where it is won, each winning move: its notation (the first of [`Reply::cells`]), its
/// `words` ("take 2 from pile 1") and what it leaves (the second), the notations aligned.
pub fn listed<R: Reply>(
    rules: &R,
    at: &R::Position,
    known: &Known<R::Move>,
    said: Said,
    words: impl Fn(R::Move) -> String,
) -> String {
    let Said {
        head,
        note,
        over,
        lost,
    } = said;
    if rules.is_over(at) {
        return format!("{head}: {over}, so the player to move has lost.\n");
    }
    let winning = &known.winning_moves;
    let n = winning.len();
    if n == 0 {
        return format!("{head}{note}: the player to move loses against perfect play{lost}.\n");
    }
    let mut out = format!(
        "{head}{note}: the player to move wins, with {n} winning move{}:\n",
        if n == 1 { "" } else { "s" }
    );
    let rows: Vec<[String; 2]> = winning.iter().map(|&mv| rules.cells(at, mv)).collect();
    let width = rows.iter().map(|[mv, _]| mv.len()).max().unwrap_or(0);
    for (&mv, [notation, leaves]) in winning.iter().zip(&rows) {
        // Writing to a String cannot fail: `let _` drops an always-Ok result.
        let _ = writeln!(out, "  {notation:<width$}  {} → {leaves}", words(mv));
    }
    out
}

/// What `munch solve` says of a position of piles that plays its own moves (the core's
/// [`RulesOf`]), from which the core writes its [`Reply`] once: the piles in the JSON reply
/// (`"piles":[4,5]`), each move with the piles it leaves, and the text listing each winning
/// move ([`listed`]).
pub trait PilesReply: PositionAnswer {
    /// A move in the JSON reply with what it leaves: `{"move":"12:3","after":[1,2]}`.
    type Moved: Serialize;

    /// The coins in each pile.
    fn pile_counts(&self) -> Vec<u64>;

    /// The move `mv` from here, in the JSON reply.
    fn moved(&self, mv: Self::Move) -> Self::Moved;

    /// The words of the text reply here: its head, its note, why the game is over, and what
    /// follows a lost position.
    fn said(&self) -> Said<'static>;

    /// A move in words: "take 3 from pile 1".
    fn take_words(mv: Self::Move) -> String;
}

/// The piles in the JSON reply: `"piles":[4,5]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Piles {
    /// The coins in each pile.
    pub piles: Vec<u64>,
}

/// The position's piles and words; a move's cells are its notation and the piles it leaves.
impl<P: PilesReply> Reply for RulesOf<P> {
    type Fields = Piles;
    type Moved = P::Moved;
    const COLUMNS: [&'static str; 2] = ["move", "leaves"];

    fn fields(&self, at: &P) -> Piles {
        Piles {
            piles: at.pile_counts(),
        }
    }

    fn moved(&self, at: &P, mv: P::Move) -> P::Moved {
        at.moved(mv)
    }

    fn cells(&self, at: &P, mv: P::Move) -> [String; 2] {
        let after = at.play(mv).expect("a listed move is legal");
        [mv.to_string(), pile_list(&after.pile_counts())]
    }

    fn plain(&self, at: &P, known: &Known<P::Move>) -> String {
        listed(self, at, known, at.said(), P::take_words)
    }
}
