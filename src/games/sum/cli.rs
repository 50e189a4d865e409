//! `munch solve` for a sum (`munch solve --position "sum nim 3,5 + wythoff 2,4"`): who wins,
//! each part's Grundy value, and every winning move in its part's own notation, as JSON or
//! text.

use super::boxes::game_name;
use super::rules::{SumMove, SumPosition, SumRules};
use crate::games::core::rules::Rules;
use serde::Serialize;
use std::fmt::Write;

/// The JSON reply.
#[derive(Serialize)]
struct Reply {
    game: &'static str,
    position: String,
    outcome: &'static str,
    grundy: u64,
    components: Vec<Component>,
    winning_moves: Vec<Moved>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Studied>>,
}

/// A part, as the reply lists it.
#[derive(Serialize)]
struct Component {
    position: String,
    grundy: u64,
}

/// A move: its part (from 1), its notation in the part's game, the part's position after it.
#[derive(Serialize)]
struct Moved {
    component: usize,
    #[serde(rename = "move")]
    notation: String,
    after: String,
}

/// A move of `--all-moves`, with its outcome for the player making it, the nim-sum it leaves
/// and the opponent's winning replies.
#[derive(Serialize)]
struct Studied {
    #[serde(flatten)]
    moved: Moved,
    outcome: &'static str,
    grundy: u64,
    winning_replies: usize,
}

/// The outcome's word.
fn outcome(wins: bool) -> &'static str {
    if wins { "win" } else { "loss" }
}

/// `m` at `at`, as the reply writes it.
fn moved(at: &SumPosition, m: SumMove) -> Moved {
    let part = &at.parts()[usize::from(m.part)];
    let after = part
        .play(&m.notation)
        .map(|p| p.print())
        .unwrap_or_default();
    Moved {
        component: m.number(),
        notation: m.notation.to_string(),
        after,
    }
}

/// The reply for `at`, its parts' tables within `budget` bytes: one line of JSON where
/// `json`, else text; every move with `all_moves`. Why not, in one line naming the part, where
/// a part's value is out of reach.
pub fn reply(at: &SumPosition, budget: u64, json: bool, all_moves: bool) -> Result<String, String> {
    let values = at.values(budget).map_err(|why| why.to_string())?;
    let rules = SumRules::new(at).within(budget);
    let known = rules
        .known(at)
        .ok_or_else(|| format!("{}: no answer within the budget", at.print()))?;
    let sum = values.iter().fold(0, |sum, v| sum ^ v);
    let studied = all_moves
        .then(|| rules.study(at).map(|s| s.moves))
        .flatten()
        .map(|moves| {
            (moves.into_iter())
                .map(|m| Studied {
                    moved: moved(at, m.mv),
                    outcome: outcome(m.wins),
                    grundy: rules.leaves(at, m.mv).unwrap_or_default(),
                    winning_replies: m.winning_replies,
                })
                .collect::<Vec<_>>()
        });
    if json {
        let reply = Reply {
            game: super::rules::ID,
            position: at.print(),
            outcome: outcome(known.wins),
            grundy: sum,
            components: (at.parts().iter().zip(&values))
                .map(|(part, &grundy)| Component {
                    position: part.print(),
                    grundy,
                })
                .collect(),
            winning_moves: known.winning_moves.iter().map(|&m| moved(at, m)).collect(),
            moves: studied,
        };
        return Ok(serde_json::to_string(&reply).expect("plain data serializes") + "\n");
    }
    let mut text = format!(
        "{} (nim-sum {sum}): the player to move {}",
        at.print(),
        if known.wins {
            "wins"
        } else {
            "loses against perfect play"
        }
    );
    match known.winning_moves.len() {
        0 => text.push_str(".\n"),
        1 => text.push_str(", with 1 winning move:\n"),
        n => {
            let _ = writeln!(text, ", with {n} winning moves:");
        }
    }
    for &m in &known.winning_moves {
        let part = &at.parts()[usize::from(m.part)];
        let words = part
            .move_words(&m.notation)
            .map_or_else(|| m.notation.to_string(), |w| w.listed);
        let _ = writeln!(text, "  {}  {words} → {}", m.write(), moved(at, m).after);
    }
    text.push_str("Parts:\n");
    for (i, (part, v)) in at.parts().iter().zip(&values).enumerate() {
        let _ = writeln!(
            text,
            "  {} {:<12} {}  Grundy value {v}",
            i + 1,
            game_name(part.as_ref()),
            part.print()
        );
    }
    if let Some(moves) = studied {
        text.push_str("Every move:\n");
        for m in moves {
            let _ = writeln!(
                text,
                "  {}/{}  {}  leaves nim-sum {}, {} winning repl{}",
                m.moved.component,
                m.moved.notation,
                if m.outcome == "win" { "wins" } else { "loses" },
                m.grundy,
                m.winning_replies,
                if m.winning_replies == 1 { "y" } else { "ies" }
            );
        }
    }
    Ok(text)
}
