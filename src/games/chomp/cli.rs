//! Chomp on the command line: `munch play chomp` and `munch solve chomp`, their arguments and
//! the solve reply (text for people, one line of JSON for scripts).

use super::fields::{COLS, ROWS};
use super::moves_left::{proven, study};
use super::rules::{MAX_SIDE, Position, Square, parse_heights};
use crate::games::chomp::answer::ChompAnswer;
use crate::games::game::{SolveProgress, Values};
use crate::games::moves_left::{Proven, all_moves, outcome_word, plain_proven_moves};
use crate::solve::chomp_table::MAX_SQUARES;
use crate::solve::{MovesLeftTable, NimberTable, OutcomeTable};
use crate::units::{bytes, group};
use clap::{ArgMatches, Args, Command, FromArgMatches};
use serde::Serialize;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

const SIDES: std::ops::RangeInclusive<i64> = 1..=MAX_SIDE as i64;

// The about line after the arguments: `augment_args` sets the struct's doc comment as the
// about.

/// `munch play chomp`'s own arguments.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Rows of the bar (1 to 26).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(SIDES))]
    pub rows: u8,
    /// Columns of the bar (1 to 26).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(SIDES))]
    pub cols: u8,
}

/// `munch solve chomp`'s arguments.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Rows of the box (1 to 26).
    #[arg(long, value_parser = clap::value_parser!(u8).range(SIDES))]
    pub rows: u8,
    /// Columns of the box (1 to 26).
    #[arg(long, value_parser = clap::value_parser!(u8).range(SIDES))]
    pub cols: u8,
    /// Column heights from the poison column, e.g. 5,5,3 (default: the full box).
    #[arg(long)]
    pub position: Option<String>,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
    /// Also report the table's size, losing positions, time and memory.
    #[arg(long)]
    pub stats: bool,
    /// Also give the position's nimber (Grundy value: normal play, the poison never eaten),
    /// from the nimber table of its box; with --stats, the box's positions counted by nimber.
    #[arg(long)]
    pub grundy: bool,
}

/// `munch play chomp`, with its about line.
pub fn play_command() -> Command {
    PlayArgs::augment_args(Command::new("chomp")).about("Play Chomp")
}

/// `munch solve chomp`, with its about line.
pub fn solve_command() -> Command {
    SolveArgs::augment_args(Command::new("chomp")).about("Solve a Chomp position")
}

/// Sets the bar `munch play chomp` asks for into `values`, or says why it cannot be played.
pub fn play_values(matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
    let args = PlayArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    if args.rows == 1 && args.cols == 1 {
        return Err("a 1×1 bar is only the poison: nothing to play".into());
    }
    values.set(ROWS, args.rows);
    values.set(COLS, args.cols);
    Ok(())
}

/// The JSON reply of `munch solve chomp --json`.
#[derive(Serialize)]
struct ChompReply {
    game: &'static str,
    rows: u8,
    cols: u8,
    position: Vec<u8>,
    outcome: &'static str,
    winning_moves: Vec<ChompMove>,
    complete: bool,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    grundy: Option<Grundy>,
    /// With `--all-moves` only: every field before it stays as it was without (but `complete`,
    /// which then also says whether every moves left is known).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    all_moves: Option<ChompAllMoves>,
}

/// What `--all-moves` adds to Chomp's reply: the position's moves left and every legal move.
/// Chomp's reply already has `complete`, which then covers the moves left too.
#[derive(Serialize)]
struct ChompAllMoves {
    moves_left: Option<u64>,
    moves: Vec<ChompAnalysedMove>,
}

/// One legal move with `--all-moves`: a winning move's fields, then how it ends (`null` where
/// nothing proves it: no table, and no closed form or opening-book entry).
#[derive(Serialize)]
struct ChompAnalysedMove {
    #[serde(flatten)]
    square: ChompMove,
    outcome: Option<&'static str>,
    moves_left: Option<u64>,
    winning_replies: Option<usize>,
}

/// What `--stats` reports about the table; every figure is `null` when no table was built.
#[derive(Serialize)]
struct Stats {
    positions: Option<u64>,
    losing_positions: Option<u64>,
    seconds: Option<f64>,
    table_bytes: Option<u64>,
}

/// What `--grundy` adds: the position's nimber, and with `--stats` how many positions of the
/// box have each nimber, from 0 up.
#[derive(Serialize)]
struct Grundy {
    grundy: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    positions_by_grundy: Option<Vec<u64>>,
}

/// Why the nimber table of a `rows` × `cols` box cannot be built within `budget` beside the
/// outcome table's `beside` bytes, in one line; `None` if it can.
fn nimber_refusal(rows: u8, cols: u8, budget: u64, beside: u64) -> Option<String> {
    if !NimberTable::fits(rows, cols) {
        return Some(format!(
            "--grundy: a {rows}×{cols} box has more than {MAX_SQUARES} squares, so its nimbers may not fit the table's byte a position"
        ));
    }
    let needed = NimberTable::bytes_for(rows, cols).saturating_add(beside);
    (needed > budget).then(|| {
        format!(
            "--grundy: the nimber table of the {rows}×{cols} box needs {} with its outcome table, more than the {} this run may use (--memory, less what munch holds already, at most the memory this machine has free)",
            bytes(needed),
            bytes(budget)
        )
    })
}

/// What `--grundy` adds for `position`, from the nimber table of its box (refused beforehand
/// by [`nimber_refusal`] where it does not fit).
fn grundy_of(
    position: &Position,
    with_counts: bool,
    progress: SolveProgress,
) -> Result<Grundy, String> {
    let (rows, cols) = position.bounding_box();
    let what = format!("nimbers of {rows}×{cols}");
    let nimbers = NimberTable::build(rows, cols, &mut |done, total| {
        progress(&what, done, total);
        true
    })
    .map_err(|_| {
        format!("--grundy: the machine would not give the {rows}×{cols} nimber table its memory")
    })?;
    Ok(Grundy {
        grundy: nimbers
            .nimber(position.heights())
            .expect("the bounding box covers the position"),
        positions_by_grundy: with_counts.then(|| nimbers.counts().to_vec()),
    })
}

#[derive(Serialize)]
struct ChompMove {
    col: u16,
    row: u16,
    notation: String,
    after: Vec<u8>,
}

impl ChompMove {
    /// Eating `square` of `position`, a legal move.
    fn new(position: &Position, square: Square) -> ChompMove {
        ChompMove {
            col: u16::from(square.col) + 1,
            row: u16::from(square.row) + 1,
            notation: square.to_string(),
            after: position
                .eat(square)
                .expect("a legal move")
                .heights()
                .to_vec(),
        }
    }
}

/// What `--all-moves` lists: from `table` (the outcome table of the position's bounding box),
/// with moves left when the moves-left table fits the `budget` beside it; without the table,
/// what the closed forms and the opening book prove ([`proven`]). With the reason for what is
/// missing, if anything is.
fn all_moves_study(
    table: Option<&Arc<OutcomeTable>>,
    position: &Position,
    budget: u64,
    progress: SolveProgress,
) -> (Proven<Square>, Option<String>) {
    let (rows, cols) = position.bounding_box();
    let Some(table) = table else {
        let why = format!(
            "The {rows}×{cols} table needs {}, more than the {} this run may use (--memory, less what munch holds already, at most the memory this machine has free): below is what the closed forms and the opening book prove, ? where nothing does.",
            bytes(OutcomeTable::bytes_for(rows, cols)),
            bytes(budget)
        );
        return (proven(position, None).0, Some(why));
    };
    let needed =
        OutcomeTable::bytes_for(rows, cols).saturating_add(MovesLeftTable::bytes_for(rows, cols));
    // A moves-left table the machine cannot hold counts as over budget, as the table does.
    let moves_left = (needed <= budget)
        .then(|| {
            let what = format!("moves left of {rows}×{cols}");
            MovesLeftTable::build(Arc::clone(table), &mut |done, total| {
                progress(&what, done, total);
                true
            })
        })
        .and_then(Result::ok);
    let why = moves_left.is_none().then(|| {
        format!(
            "The moves-left table of the {rows}×{cols} box needs {} with its outcome table, more than the {} this run may use.",
            bytes(needed),
            bytes(budget)
        )
    });
    let studied =
        study(table, moves_left.as_ref(), position).expect("the bounding box's table covers it");
    (Proven::from(&studied), why)
}

/// The bar `munch solve chomp`'s matches name, or why they name none.
pub fn solved_position(matches: &ArgMatches) -> Result<Position, String> {
    let args = SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    position(&args)
}

/// The bar `args` name: the full box, or the heights given in it.
fn position(args: &SolveArgs) -> Result<Position, String> {
    let (rows, cols) = (usize::from(args.rows), usize::from(args.cols));
    match &args.position {
        None => Position::full(rows, cols),
        Some(text) => {
            let heights = parse_heights(text).map_err(|e| format!("--position: {e}"))?;
            Position::from_heights(rows, cols, &heights)
        }
    }
    .map_err(|e| format!("--position: {e}"))
}

/// The arguments of `munch solve chomp` that name `position`.
pub fn solve_args(position: &Position) -> Vec<String> {
    let heights: Vec<String> = position.heights().iter().map(u8::to_string).collect();
    vec![
        "--rows".into(),
        position.rows().to_string(),
        "--cols".into(),
        position.cols().to_string(),
        "--position".into(),
        heights.join(","),
    ]
}

/// Answers `munch solve chomp` within a table memory budget: what to print, or why not.
pub fn solve(matches: &ArgMatches, budget: u64, progress: SolveProgress) -> Result<String, String> {
    let args = SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let position = position(&args)?;

    // The same order as the game: the table when it fits the budget (the outcome depends only
    // on the shape, so the smallest box that holds it), then the closed forms and the book.
    let started = Instant::now();
    let (box_rows, box_cols) = position.bounding_box();
    let needed = OutcomeTable::bytes_for(box_rows, box_cols);
    // `--grundy` is refused before anything is built.
    if args.grundy {
        let beside = if needed <= budget { needed } else { 0 };
        if let Some(why) = nimber_refusal(box_rows, box_cols, budget, beside) {
            return Err(why);
        }
    }
    // A table the machine cannot hold (the budget is capped by its free memory, see
    // `crate::memory::table_budget`, but another program may take memory meanwhile) counts as over budget.
    let table = (needed <= budget)
        .then(|| {
            let what = format!("solving {box_rows}×{box_cols}");
            OutcomeTable::build(box_rows, box_cols, &mut |done, total| {
                progress(&what, done, total);
                true
            })
        })
        .and_then(Result::ok)
        .map(Arc::new);
    // Where nothing answers the position itself, what they prove of the positions its moves
    // leave may: the answer function says so, as the Study and the game do.
    let Some(answer) = ChompAnswer::of(table.as_deref(), &position) else {
        return Err(format!(
            "{position} needs a {}×{} table of {}, more than the {} this run may use (--memory, less what munch holds already, at most the memory this machine has free), and no closed form or opening-book entry covers it",
            box_rows,
            box_cols,
            bytes(needed),
            bytes(budget)
        ));
    };
    let stats = args.stats.then(|| Stats {
        positions: table.as_deref().map(OutcomeTable::positions),
        losing_positions: table.as_deref().map(OutcomeTable::losing_positions),
        seconds: table.as_ref().map(|_| started.elapsed().as_secs_f64()),
        table_bytes: table.as_deref().map(OutcomeTable::table_bytes),
    });
    let grundy = (args.grundy)
        .then(|| grundy_of(&position, args.stats, progress))
        .transpose()?;
    // The moves-left table is built after the stats' time is taken: they are the table's.
    let studied = if all_moves(matches) {
        Some(all_moves_study(table.as_ref(), &position, budget, progress))
    } else {
        None
    };
    let reply = ChompReply {
        game: "chomp",
        rows: args.rows,
        cols: args.cols,
        position: position.heights().to_vec(),
        outcome: if answer.wins { "win" } else { "loss" },
        winning_moves: answer
            .winning_moves
            .iter()
            .map(|&square| ChompMove::new(&position, square))
            .collect(),
        complete: answer.complete
            && studied
                .as_ref()
                .is_none_or(|(studied, _)| studied.complete()),
        stats,
        grundy,
        all_moves: studied.as_ref().map(|(studied, _)| ChompAllMoves {
            moves_left: studied.moves_left,
            moves: studied
                .moves
                .iter()
                .map(|m| ChompAnalysedMove {
                    square: ChompMove::new(&position, m.mv),
                    outcome: m.wins.map(outcome_word),
                    moves_left: m.moves_left,
                    winning_replies: m.winning_replies,
                })
                .collect(),
        }),
    };
    if args.json {
        return Ok(serde_json::to_string(&reply).expect("plain data serializes"));
    }
    let mut out = plain_chomp(&reply, &position, &answer);
    if let Some((studied, why)) = &studied {
        if let Some(why) = why {
            out.push_str(why);
            out.push('\n');
        }
        out.push_str(&plain_proven_moves(
            studied,
            ["move", "leaves"],
            |&square| [square.to_string(), position_text(&position, square)],
        ));
    }
    Ok(out)
}

/// The heights eating `square` leaves, as the plain reply writes them: `[2,2,1]`.
fn position_text(position: &Position, square: Square) -> String {
    position.eat(square).expect("a legal move").to_string()
}

fn plain_chomp(reply: &ChompReply, position: &Position, answer: &ChompAnswer) -> String {
    // Writing to a String cannot fail: each `let _ = writeln!` below drops an always-Ok result.
    let mut out = format!("Chomp {}×{}, position {position}: ", reply.rows, reply.cols);
    if position.is_empty() {
        out.push_str("the poison is gone, so the player to move has won.\n");
    } else if reply.outcome == "loss" {
        out.push_str("the player to move loses against perfect play.\n");
    } else if reply.winning_moves.is_empty() {
        out.push_str(
            "the player to move wins against perfect play, but no winning move is proven.\n",
        );
    } else {
        let n = reply.winning_moves.len();
        let all = if answer.complete {
            ""
        } else {
            " (not known to be all of them)"
        };
        let _ = writeln!(
            out,
            "the player to move wins, with {n} winning move{}{all}:",
            if n == 1 { "" } else { "s" }
        );
        for m in &reply.winning_moves {
            let after: Vec<String> = m.after.iter().map(u8::to_string).collect();
            let _ = writeln!(out, "  {:<4} → [{}]", m.notation, after.join(","));
        }
    }
    if let Some(proved_by) = answer.source.proved_by() {
        let _ = writeln!(out, "(answered by {proved_by})");
    }
    if let Some(stats) = &reply.stats {
        match (
            stats.positions,
            stats.losing_positions,
            stats.seconds,
            stats.table_bytes,
        ) {
            (Some(positions), Some(losing), Some(seconds), Some(table_bytes)) => {
                let _ = writeln!(
                    out,
                    "table: {} positions, {} losing, {seconds:.3} s, {}",
                    group(positions),
                    group(losing),
                    bytes(table_bytes)
                );
            }
            _ => out.push_str("no table built\n"),
        }
    }
    if let Some(grundy) = &reply.grundy {
        let _ = writeln!(
            out,
            "nimber (Grundy value, the poison never eaten): {}",
            grundy.grundy
        );
        if let Some(counts) = &grundy.positions_by_grundy {
            let counted: Vec<String> = counts
                .iter()
                .enumerate()
                .map(|(g, &n)| format!("{g}: {}", group(n)))
                .collect();
            let _ = writeln!(out, "positions by nimber: {}", counted.join(", "));
        }
    }
    out
}
