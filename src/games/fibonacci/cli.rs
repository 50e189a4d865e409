//! Fibonacci Nim on the command line: `munch play fibonacci` and `munch solve fibonacci`, their
//! arguments and the solve reply (the one-pile board's, in the game's words: text, or one line
//! of JSON).

use super::answer::fibonacci_winning_takes;
use super::fields::PILE;
use super::rules::FibPosition;
use super::session::{FibonacciRules, pile};
use crate::games::game::Values;
use crate::games::moves_left::{all_moves, too_many_moves};
use crate::games::pile::cli::{Words, coins, reply};
use crate::games::pile::rules::PilePosition;
use crate::units::group;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use serde::Serialize;

// The about line after the arguments: `augment_args` sets the struct's doc comment as the
// about.

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

/// `munch play fibonacci`, with its about line.
pub fn play_command() -> Command {
    PlayArgs::augment_args(Command::new("fibonacci")).about("Play Fibonacci Nim")
}

/// `munch solve fibonacci`, with its about line.
pub fn solve_command() -> Command {
    SolveArgs::augment_args(Command::new("fibonacci")).about("Solve a Fibonacci Nim position")
}

/// Sets the pile `munch play fibonacci` asks for into `values` (the game's problem check
/// reads it).
pub fn play_values(matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
    let args = PlayArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    values.set(PILE, args.pile);
    Ok(())
}

/// Fibonacci Nim's position in `munch solve`'s JSON reply.
#[derive(Serialize)]
struct Fields {
    pile: u64,
    max_take: u64,
}

/// Answers `munch solve fibonacci`: what to print, or why not.
pub fn solve(matches: &ArgMatches) -> Result<String, String> {
    let args = SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let position = match args.max_take {
        Some(max_take) => FibPosition::new(args.pile, max_take)?,
        None => FibPosition::start(args.pile).map_err(|e| format!("--pile: {e}"))?,
    };
    let studied = if all_moves(matches) {
        if let Some(refusal) = too_many_moves(position.limit()) {
            return Err(refusal);
        }
        let rules = FibonacciRules::with_table();
        Some(rules.study_all(&pile(position)).expect("few enough moves"))
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
    let after = |take| pile(position.take(take));
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
