//! The subtraction game on the command line: `munch play subtraction` and `munch solve
//! subtraction`, their arguments and the solve reply (the one-pile board's, in the game's
//! words: text, or one line of JSON).

use super::rules::TakeSet;
use super::session::SubtractionRules;
use crate::games::pile::cli::{Words, coins, reply};
use crate::games::pile::rules::{PilePosition, study_takes};
use crate::solve::subtraction_table::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use crate::units::group;
use clap::Args;
use serde::Serialize;

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

/// The subtraction game's position in `munch solve`'s JSON reply.
#[derive(Serialize)]
struct Fields {
    pile: u64,
    set: Vec<u64>,
}

/// The period of the outcomes, after the winning moves in the JSON reply.
#[derive(Serialize)]
struct Period {
    preperiod: u64,
    period: u64,
}

/// Answers `munch solve subtraction` with `args`, every take listed where `all_moves`: what to
/// print, or why not.
pub fn solve(args: &SolveArgs, all_moves: bool) -> Result<String, String> {
    let set = TakeSet::parse_typed(&args.set).map_err(|e| format!("--set: {e}"))?;
    let solution = SubtractionSolution::solve(set.sizes(), PERIOD_SEARCH_LIMIT);
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
    let at = SubtractionRules::start(args.pile);
    let studied = all_moves.then(|| {
        let rules = SubtractionRules::solved(solution, args.pile);
        study_takes(&rules, &at, |at| rules.moves_left(at.pile))
            .expect("the period answers every pile")
    });
    let words = Words {
        game: "subtraction",
        fields: Fields {
            pile: args.pile,
            set: set.sizes().to_vec(),
        },
        more: Period { preperiod, period },
        head: format!("Subtraction game, pile {}, takes {set}: ", group(args.pile)),
        tail: format!(
            "The outcomes repeat every {} pile{} from pile {} on.\n",
            period,
            if period == 1 { "" } else { "s" },
            preperiod
        ),
        bounded: false,
    };
    let after = |take| SubtractionRules::start(args.pile - take);
    let leaves = |at: PilePosition| group(at.pile);
    Ok(reply(
        words,
        takes,
        args.json,
        studied.as_ref(),
        after,
        leaves,
    ))
}
