//! Fibonacci Nim on the command line: `munch play fibonacci` and `munch solve fibonacci`, their
//! arguments and the solve reply (text, or one line of JSON).

use super::answer::{fibonacci_winning_takes, fibonacci_wins};
use super::fields::PILE;
use super::moves_left::study;
use super::rules::FibPosition;
use crate::games::game::Values;
use crate::games::moves_left::{
    AllMoves, all_moves, outcome_word, plain_all_moves, too_many_moves,
};
use crate::games::pile::cli::{PileMoveReply, coins, plain_takes};
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

/// The JSON reply of `munch solve fibonacci --json`.
#[derive(Serialize)]
struct FibonacciReply {
    game: &'static str,
    pile: u64,
    max_take: u64,
    outcome: &'static str,
    winning_moves: Vec<u64>,
    /// With `--all-moves` only: every field before it stays as it was without.
    #[serde(flatten)]
    all_moves: Option<AllMoves<PileMoveReply>>,
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
        Some(study(position).expect("few enough moves"))
    } else {
        None
    };
    let takes = fibonacci_winning_takes(position);
    let reply = FibonacciReply {
        game: "fibonacci",
        pile: position.pile,
        max_take: position.max_take,
        outcome: if fibonacci_wins(position) {
            "win"
        } else {
            "loss"
        },
        winning_moves: takes,
        all_moves: studied.as_ref().map(|studied| {
            AllMoves::new(studied, |m| {
                let after = position.take(m.mv);
                PileMoveReply {
                    take: m.mv,
                    after: after.pile,
                    max_take: Some(after.max_take),
                    outcome: outcome_word(m.wins),
                    moves_left: m.moves_left,
                    winning_replies: m.winning_replies,
                }
            })
        }),
    };
    if args.json {
        return Ok(serde_json::to_string(&reply).expect("plain data serializes"));
    }
    let mut out = format!(
        "Fibonacci Nim, pile {}, take at most {}: ",
        group(position.pile),
        group(position.max_take)
    );
    out.push_str(&plain_takes(&reply.winning_moves));
    if let Some(studied) = &studied {
        out.push_str(&plain_all_moves(studied, ["take", "leaves"], |&take| {
            let after = position.take(take);
            [
                group(take),
                format!("{}, max {}", group(after.pile), group(after.max_take)),
            ]
        }));
    }
    Ok(out)
}
