//! The subtraction game on the command line: `munch play subtraction` and `munch solve
//! subtraction`, their arguments and the solve reply (text, or one line of JSON).

use super::answer::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use super::fields::{PILE, SET};
use super::moves_left::{MOVES_LEFT_LIMIT, SubtractionMovesLeft, study};
use super::rules::TakeSet;
use crate::games::game::Values;
use crate::games::moves_left::{AllMoves, all_moves, outcome_word, plain_all_moves};
use crate::games::pile::cli::{PileMoveReply, coins, plain_takes};
use crate::units::group;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use serde::Serialize;
use std::fmt::Write as _;

// The about line after the arguments: `augment_args` sets the struct's doc comment as the
// about.

/// `munch play subtraction`'s own arguments.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Coins in the pile.
    #[arg(long, default_value_t = 21, value_parser = coins, allow_negative_numbers = true)]
    pub pile: u64,
    /// The take sizes: numbers and ranges, e.g. "1, 3-5, 8".
    // Hyphen values reach the set's own parser, which says why `-2` is no take.
    #[arg(long, default_value = "1,3,4", allow_hyphen_values = true)]
    pub set: String,
}

/// `munch solve subtraction`'s arguments.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Coins in the pile (0 to 18446744073709551615).
    #[arg(long, value_parser = coins, allow_negative_numbers = true)]
    pub pile: u64,
    /// The take sizes: numbers and ranges, e.g. "1, 3-5, 8".
    #[arg(long, allow_hyphen_values = true)]
    pub set: String,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
}

/// `munch play subtraction`, with its about line.
pub fn play_command() -> Command {
    PlayArgs::augment_args(Command::new("subtraction")).about("Play a subtraction game")
}

/// `munch solve subtraction`, with its about line.
pub fn solve_command() -> Command {
    SolveArgs::augment_args(Command::new("subtraction"))
        .about("Solve a subtraction game: a pile, and the set of sizes a move may take")
}

/// Sets the pile and take set `munch play subtraction` asks for into `values` (the set as
/// typed; the game's problem check reads it).
pub fn play_values(matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
    let args = PlayArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    values.set(PILE, args.pile);
    values.set(SET, args.set);
    Ok(())
}

/// The JSON reply of `munch solve subtraction --json`.
#[derive(Serialize)]
struct SubtractionReply {
    game: &'static str,
    pile: u64,
    set: Vec<u64>,
    outcome: &'static str,
    winning_moves: Vec<u64>,
    preperiod: u64,
    period: u64,
    /// With `--all-moves` only: every field before it stays as it was without.
    #[serde(flatten)]
    all_moves: Option<AllMoves<PileMoveReply>>,
}

/// Answers `munch solve subtraction`: what to print, or why not.
pub fn solve(matches: &ArgMatches) -> Result<String, String> {
    let args = SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let set = TakeSet::parse_typed(&args.set).map_err(|e| format!("--set: {e}"))?;
    let solution = SubtractionSolution::solve(&set, PERIOD_SEARCH_LIMIT);
    let Some((preperiod, period)) = solution.cycle() else {
        return Err(format!(
            "no period of {set} showed within {} piles, so pile {} cannot be answered",
            group(PERIOD_SEARCH_LIMIT),
            args.pile
        ));
    };
    let takes = solution
        .winning_takes(args.pile)
        .expect("the period answers every pile");
    // Every pile a move can leave is at most the pile: the table needs no more (nor more
    // than its limit, past which only its closed form answers).
    let studied = all_moves(matches).then(|| {
        let table =
            SubtractionMovesLeft::solve(&set, args.pile.saturating_add(1).min(MOVES_LEFT_LIMIT));
        study(&solution, &table, args.pile).expect("the period answers every pile")
    });
    let reply = SubtractionReply {
        game: "subtraction",
        pile: args.pile,
        set: set.sizes().to_vec(),
        outcome: if takes.is_empty() { "loss" } else { "win" },
        winning_moves: takes,
        preperiod,
        period,
        all_moves: studied.as_ref().map(|studied| {
            AllMoves::new(studied, |m| PileMoveReply {
                take: m.mv,
                after: args.pile - m.mv,
                max_take: None,
                outcome: outcome_word(m.wins),
                moves_left: m.moves_left,
                winning_replies: m.winning_replies,
            })
        }),
    };
    if args.json {
        return Ok(serde_json::to_string(&reply).expect("plain data serializes"));
    }
    let mut out = format!("Subtraction game, pile {}, takes {set}: ", group(args.pile));
    out.push_str(&plain_takes(&reply.winning_moves));
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "The outcomes repeat every {} pile{} from pile {} on.",
        period,
        if period == 1 { "" } else { "s" },
        preperiod
    );
    if let Some(studied) = &studied {
        out.push_str(&plain_all_moves(studied, ["take", "leaves"], |&take| {
            [group(take), group(args.pile - take)]
        }));
    }
    Ok(out)
}
