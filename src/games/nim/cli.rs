//! Nim on the command line: `munch play nim` and `munch solve nim`, their arguments, and the
//! solve reply (the core's, in Nim's words: [`super::reply`]; text, or one line of JSON).

use super::fields::{PILES, PILES_PRESETS};
use super::reply::study_all;
use super::rules::Position;
use super::session::NimRules;
use crate::games::core::solve::reply;
use crate::games::game::Values;
use crate::games::moves_left::all_moves;
use clap::{ArgMatches, Args, Command, FromArgMatches};

// The about line after the arguments: `augment_args` sets the struct's doc comment as the
// about.

/// `munch play nim`'s own arguments.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The piles: 1 to 8 numbers of coins, each 1 to 10^18, e.g. "3,4,5".
    // Hyphen values reach the piles' own parser, which says why `-3` is no pile.
    #[arg(long, default_value = PILES_PRESETS[0], allow_hyphen_values = true)]
    pub piles: String,
}

/// `munch solve nim`'s arguments.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The piles: 1 to 8 numbers of coins, each 1 to 10^18, e.g. "3,4,5".
    #[arg(long, allow_hyphen_values = true)]
    pub piles: String,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
}

/// `munch play nim`, with its about line.
pub fn play_command() -> Command {
    PlayArgs::augment_args(Command::new("nim")).about("Play Nim: several piles, take from one")
}

/// `munch solve nim`, with its about line.
pub fn solve_command() -> Command {
    SolveArgs::augment_args(Command::new("nim"))
        .about("Solve a Nim position: who wins, and every winning move")
}

/// Sets the piles `munch play nim` asks for into `values`, as typed (the game's problem check
/// reads them).
pub fn play_values(matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
    let args = PlayArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    values.set(PILES, args.piles);
    Ok(())
}

/// Answers `munch solve nim`: what to print, or why not.
pub fn solve(matches: &ArgMatches) -> Result<String, String> {
    let args = SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let position = Position::parse(&args.piles).map_err(|e| format!("--piles: {e}"))?;
    let all = all_moves(matches)
        .then(|| study_all(&position))
        .transpose()?;
    Ok(reply(&NimRules, "nim", &position, args.json, all.as_ref()))
}
