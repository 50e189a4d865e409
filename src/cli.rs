//! The command line: arguments, and the headless `munch solve …` answers for scripts.

use crate::game::chomp::{MAX_SIDE, Position, parse_heights};
use crate::solve::{DEFAULT_MEMORY_BUDGET, OutcomeTable};
use crate::units::bytes;
use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use std::fmt;

/// munch: play the classic take-away games against a computer that plays them perfectly.
#[derive(Debug, Parser)]
#[command(name = "munch", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer who wins a position, and with which moves, without the full-screen game.
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
}

#[derive(Debug, Subcommand)]
pub enum SolveGame {
    /// Solve a Chomp position.
    Chomp(ChompArgs),
}

const SIDES: std::ops::RangeInclusive<i64> = 1..=MAX_SIDE as i64;

#[derive(Debug, Args)]
pub struct ChompArgs {
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
}

/// A problem with what the user asked for: printed on one line, exit code 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

#[derive(Serialize)]
struct ChompAnswer {
    game: &'static str,
    rows: u8,
    cols: u8,
    position: Vec<u8>,
    outcome: &'static str,
    winning_moves: Vec<ChompMove>,
}

#[derive(Serialize)]
struct ChompMove {
    col: u16,
    row: u16,
    notation: String,
    after: Vec<u8>,
}

/// Runs `munch solve …` and returns what to print on standard output.
pub fn solve(game: &SolveGame) -> Result<String, BadInput> {
    match game {
        SolveGame::Chomp(args) => solve_chomp(args),
    }
}

fn solve_chomp(args: &ChompArgs) -> Result<String, BadInput> {
    let (rows, cols) = (usize::from(args.rows), usize::from(args.cols));
    let position = match &args.position {
        None => Position::full(rows, cols),
        Some(text) => {
            let heights = parse_heights(text).map_err(|e| BadInput(format!("--position: {e}")))?;
            Position::from_heights(rows, cols, &heights)
        }
    }
    .map_err(|e| BadInput(format!("--position: {e}")))?;

    // The outcome depends only on the shape, so solve the smallest box that holds it.
    let (box_rows, box_cols) = position.bounding_box();
    let needed = OutcomeTable::bytes_for(box_rows, box_cols);
    if needed > DEFAULT_MEMORY_BUDGET {
        return Err(BadInput(format!(
            "solving a {box_rows}×{box_cols} box needs a {} table, more than the {} budget",
            bytes(needed),
            bytes(DEFAULT_MEMORY_BUDGET)
        )));
    }
    let table = OutcomeTable::build(box_rows, box_cols, &mut |_, _| true)
        .expect("nothing cancels a headless build");
    let heights = position.heights();
    let wins = table.wins(heights).expect("the box holds the position");
    let moves = table
        .winning_moves(heights)
        .expect("the box holds the position");
    let answer = ChompAnswer {
        game: "chomp",
        rows: args.rows,
        cols: args.cols,
        position: heights.to_vec(),
        outcome: if wins { "win" } else { "loss" },
        winning_moves: moves
            .iter()
            .map(|&square| ChompMove {
                col: u16::from(square.col) + 1,
                row: u16::from(square.row) + 1,
                notation: square.to_string(),
                after: position
                    .eat(square)
                    .expect("a legal move")
                    .heights()
                    .to_vec(),
            })
            .collect(),
    };
    if args.json {
        return Ok(serde_json::to_string(&answer).expect("plain data serializes"));
    }
    Ok(plain_chomp(&answer, &position))
}

fn plain_chomp(answer: &ChompAnswer, position: &Position) -> String {
    let mut out = format!(
        "Chomp {}×{}, position {position}: ",
        answer.rows, answer.cols
    );
    if position.is_empty() {
        out.push_str("the poison is gone, so the player to move has won.\n");
        return out;
    }
    if answer.outcome == "loss" {
        out.push_str("the player to move loses against perfect play.\n");
        return out;
    }
    let n = answer.winning_moves.len();
    out.push_str(&format!(
        "the player to move wins, with {n} winning move{}:\n",
        if n == 1 { "" } else { "s" }
    ));
    for m in &answer.winning_moves {
        let after: Vec<String> = m.after.iter().map(u8::to_string).collect();
        out.push_str(&format!("  {:<4} → [{}]\n", m.notation, after.join(",")));
    }
    out
}
