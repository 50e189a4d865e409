//! Fibonacci Nim on the command line: `munch play fibonacci` and `munch solve fibonacci`, their
//! arguments and the solve reply (the one-pile board's, in the game's words: text, or one line
//! of JSON).

use super::answer::fibonacci_winning_takes;
use super::rules::{limit, position_of, start, take};
use super::session::FibonacciRules;
use crate::games::moves_left::too_many_moves;
use crate::games::pile::cli::{Words, coins, reply};
use crate::games::pile::rules::PilePosition;
use crate::units::group;
use clap::Args;
use serde::Serialize;

/// `munch play fibonacci`'s own arguments.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Coins in the pile (at least 2).
    #[arg(long, default_value_t = 21, value_parser = coins, allow_negative_numbers = true)]
    pub pile: u64,
}

/// `munch solve fibonacci`'s arguments.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Coins in the pile.
    #[arg(long, value_parser = coins, allow_negative_numbers = true)]
    pub pile: u64,
    /// The largest take allowed now (default: pile - 1, the first move).
    #[arg(long = "max", value_parser = coins, allow_negative_numbers = true)]
    pub max_take: Option<u64>,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
}

/// Fibonacci Nim's position in `munch solve`'s JSON reply.
#[derive(Serialize)]
struct Fields {
    pile: u64,
    max_take: u64,
}

/// The position `munch solve fibonacci`'s `args` name, or why they name none.
pub fn position(args: &SolveArgs) -> Result<PilePosition, String> {
    match args.max_take {
        Some(max_take) => position_of(args.pile, max_take),
        None => start(args.pile).map_err(|e| format!("--pile: {e}")),
    }
}

/// Answers `munch solve fibonacci` with `args`, every take listed where `all_moves`: what to
/// print, or why not.
pub fn solve(args: &SolveArgs, all_moves: bool) -> Result<String, String> {
    let position = position(args)?;
    let studied = if all_moves {
        if let Some(refusal) = too_many_moves(limit(position)) {
            return Err(refusal);
        }
        let rules = FibonacciRules::with_table();
        Some(rules.study_all(&position).expect("few enough moves"))
    } else {
        None
    };
    let words = Words {
        game: "fibonacci",
        fields: Fields {
            pile: position.pile,
            max_take: position.max_take,
        },
        more: (),
        head: format!(
            "Fibonacci Nim, pile {}, take at most {}: ",
            group(position.pile),
            group(position.max_take)
        ),
        tail: String::new(),
        bounded: true,
    };
    let takes = fibonacci_winning_takes(position);
    let after = |k| take(position, k);
    let leaves = |at: PilePosition| format!("{}, max {}", group(at.pile), group(at.max_take));
    Ok(reply(
        words,
        takes,
        args.json,
        studied.as_ref(),
        after,
        leaves,
    ))
}
