//! The command line: arguments, and the headless `munch solve …` answers for scripts.

use clap::{Args, Parser, Subcommand};
use munch::games::chomp::rules::{MAX_SIDE, Position, parse_heights};
use munch::games::fibonacci::rules::FibPosition;
use munch::games::subtraction::rules::TakeSet;
use munch::memory::{DEFAULT_MEMORY, parse_memory};
use munch::settings::{GameKind, Level, Player, Settings};
use munch::solve::pile::{
    PERIOD_SEARCH_LIMIT, SubtractionSolution, fibonacci_winning_takes, fibonacci_wins,
};
use munch::solve::{ChompAnswer, OutcomeTable, Source};
use munch::units::{bytes, group};
use serde::Serialize;
use std::fmt;
use std::fmt::Write as _;
use std::time::Instant;

/// munch: play the classic take-away games against a computer that plays them perfectly.
#[derive(Debug, Parser)]
#[command(name = "munch", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Most memory munch may use: the outcome table and its build's buffers, on top of what
    /// munch holds already; e.g. 512M, 2G or 18GiB (K, M, G, T count powers of 1024).
    #[arg(long, global = true, default_value = DEFAULT_MEMORY, value_parser = parse_memory)]
    pub memory: u64,
    /// Where to keep settings, statistics and the saved game (default: the platform's data
    /// folder, e.g. ~/.local/share/munch).
    #[arg(long, global = true)]
    pub data_dir: Option<std::path::PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer who wins a position, and with which moves, without the full-screen game.
    // Without a game, clap's "required subcommand" error (naming them, with the usage line)
    // rather than the whole help on stderr.
    #[command(arg_required_else_help = false)]
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// Start a game at once, skipping the menu.
    #[command(arg_required_else_help = false)]
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
}

#[derive(Debug, Subcommand)]
pub enum PlayGame {
    /// Play Chomp.
    Chomp {
        /// Rows of the bar (1 to 26).
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(SIDES))]
        rows: u8,
        /// Columns of the bar (1 to 26).
        #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(SIDES))]
        cols: u8,
        #[command(flatten)]
        sides: Sides,
    },
    /// Play a subtraction game.
    Subtraction {
        /// Coins in the pile.
        #[arg(long, default_value_t = 21)]
        pile: u64,
        /// The take sizes: numbers and ranges, e.g. "1, 3-5, 8".
        // Hyphen values reach the set's own parser, which says why `-2` is no take.
        #[arg(long, default_value = "1,3,4", allow_hyphen_values = true)]
        set: String,
        #[command(flatten)]
        sides: Sides,
    },
    /// Play Fibonacci Nim.
    Fibonacci {
        /// Coins in the pile (at least 2).
        #[arg(long, default_value_t = 21)]
        pile: u64,
        #[command(flatten)]
        sides: Sides,
    },
}

/// Who plays, and how well the computer plays.
#[derive(Debug, Args)]
pub struct Sides {
    /// Who moves first (default: the other one of --second; with neither, you move first
    /// against the computer).
    #[arg(long, value_enum)]
    pub first: Option<Side>,
    /// Who moves second (default: the other one of --first).
    #[arg(long, value_enum)]
    pub second: Option<Side>,
    /// How well the computer plays (default: perfect); only when a side is the computer.
    // No default here: a level given for a game without the computer is refused, not ignored.
    #[arg(long, value_enum)]
    pub level: Option<Strength>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    Person,
    Computer,
}

impl Side {
    /// The other kind of player.
    fn other(self) -> Side {
        match self {
            Side::Person => Side::Computer,
            Side::Computer => Side::Person,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Strength {
    Perfect,
    Strong,
    Casual,
}

impl PlayGame {
    /// The settings this command line asks for, or why it cannot start.
    pub fn settings(&self) -> Result<Settings, BadInput> {
        let player = |side: Side| match side {
            Side::Person => Player::Person,
            Side::Computer => Player::Computer,
        };
        let with_sides = |mut settings: Settings, sides: &Sides| {
            // A side left out is the other one of the side given, so `--second person` alone
            // means the computer moves first.
            let (first, second) = match (sides.first, sides.second) {
                (Some(first), Some(second)) => (first, second),
                (Some(first), None) => (first, first.other()),
                (None, Some(second)) => (second.other(), second),
                (None, None) => (Side::Person, Side::Computer),
            };
            settings.players = [player(first), player(second)];
            if let Some(level) = sides.level {
                if !settings.players.contains(&Player::Computer) {
                    return Err(BadInput(
                        "--level sets how well the computer plays, but neither side is the computer: leave it out, or make a side `computer`".into(),
                    ));
                }
                settings.level = match level {
                    Strength::Perfect => Level::Perfect,
                    Strength::Strong => Level::Strong,
                    Strength::Casual => Level::Casual,
                };
            }
            Ok(settings)
        };
        let settings = match self {
            PlayGame::Chomp { rows, cols, sides } => {
                if *rows == 1 && *cols == 1 {
                    return Err(BadInput(
                        "a 1×1 bar is only the poison: nothing to play".into(),
                    ));
                }
                let base = Settings {
                    game: GameKind::Chomp,
                    rows: *rows,
                    cols: *cols,
                    ..Settings::default()
                };
                with_sides(base, sides)?
            }
            PlayGame::Subtraction { pile, set, sides } => {
                let base = Settings {
                    game: GameKind::Subtraction,
                    pile: *pile,
                    set: set.clone(),
                    ..Settings::default()
                };
                with_sides(base, sides)?
            }
            PlayGame::Fibonacci { pile, sides } => {
                let base = Settings {
                    game: GameKind::Fibonacci,
                    pile: *pile,
                    ..Settings::default()
                };
                with_sides(base, sides)?
            }
        };
        match settings.problem() {
            Some(problem) => Err(BadInput(problem)),
            None => Ok(settings),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum SolveGame {
    /// Solve a Chomp position.
    Chomp(ChompArgs),
    /// Solve a subtraction game: a pile, and the set of sizes a move may take.
    Subtraction(SubtractionArgs),
    /// Solve a Fibonacci Nim position.
    Fibonacci(FibonacciArgs),
}

#[derive(Debug, Args)]
pub struct SubtractionArgs {
    /// Coins in the pile (0 to 18446744073709551615).
    #[arg(long)]
    pub pile: u64,
    /// The take sizes: numbers and ranges, e.g. "1, 3-5, 8".
    #[arg(long, allow_hyphen_values = true)]
    pub set: String,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct FibonacciArgs {
    /// Coins in the pile.
    #[arg(long)]
    pub pile: u64,
    /// The largest take allowed now (default: pile - 1, the first move).
    #[arg(long = "max", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_take: Option<u64>,
    /// Print one JSON object on one line.
    #[arg(long)]
    pub json: bool,
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
    /// Also report the table's size, losing positions, time and memory.
    #[arg(long)]
    pub stats: bool,
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
}

/// What `--stats` reports about the table; every figure is `null` when no table was built.
#[derive(Serialize)]
struct Stats {
    positions: Option<u64>,
    losing_positions: Option<u64>,
    seconds: Option<f64>,
    table_bytes: Option<u64>,
}

#[derive(Serialize)]
struct ChompMove {
    col: u16,
    row: u16,
    notation: String,
    after: Vec<u8>,
}

/// Runs `munch solve …` with a table memory budget and returns what to print on standard output.
pub fn solve(game: &SolveGame, budget: u64) -> Result<String, BadInput> {
    match game {
        SolveGame::Chomp(args) => solve_chomp(args, budget),
        SolveGame::Subtraction(args) => solve_subtraction(args),
        SolveGame::Fibonacci(args) => solve_fibonacci(args),
    }
}

#[derive(Serialize)]
struct SubtractionReply {
    game: &'static str,
    pile: u64,
    set: Vec<u64>,
    outcome: &'static str,
    winning_moves: Vec<u64>,
    preperiod: u64,
    period: u64,
}

fn solve_subtraction(args: &SubtractionArgs) -> Result<String, BadInput> {
    let set = TakeSet::parse_typed(&args.set).map_err(|e| BadInput(format!("--set: {e}")))?;
    let solution = SubtractionSolution::solve(&set, PERIOD_SEARCH_LIMIT);
    let Some((preperiod, period)) = solution.cycle() else {
        return Err(BadInput(format!(
            "no period of {set} showed within {} piles, so pile {} cannot be answered",
            group(PERIOD_SEARCH_LIMIT),
            args.pile
        )));
    };
    let takes = solution
        .winning_takes(args.pile)
        .expect("the period answers every pile");
    let reply = SubtractionReply {
        game: "subtraction",
        pile: args.pile,
        set: set.sizes().to_vec(),
        outcome: if takes.is_empty() { "loss" } else { "win" },
        winning_moves: takes,
        preperiod,
        period,
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
    Ok(out)
}

#[derive(Serialize)]
struct FibonacciReply {
    game: &'static str,
    pile: u64,
    max_take: u64,
    outcome: &'static str,
    winning_moves: Vec<u64>,
}

fn solve_fibonacci(args: &FibonacciArgs) -> Result<String, BadInput> {
    let position = match args.max_take {
        Some(max_take) => FibPosition {
            pile: args.pile,
            max_take,
        },
        None => FibPosition::start(args.pile).map_err(|e| BadInput(format!("--pile: {e}")))?,
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
    Ok(out)
}

fn plain_takes(takes: &[u64]) -> String {
    if takes.is_empty() {
        return "the player to move loses against perfect play.\n".into();
    }
    let list: Vec<String> = takes.iter().map(|&k| group(k)).collect();
    format!("the player to move wins by taking {}.\n", list.join(" or "))
}

fn solve_chomp(args: &ChompArgs, budget: u64) -> Result<String, BadInput> {
    let (rows, cols) = (usize::from(args.rows), usize::from(args.cols));
    let position = match &args.position {
        None => Position::full(rows, cols),
        Some(text) => {
            let heights = parse_heights(text).map_err(|e| BadInput(format!("--position: {e}")))?;
            Position::from_heights(rows, cols, &heights)
        }
    }
    .map_err(|e| BadInput(format!("--position: {e}")))?;

    // The same order as the game: the table when it fits the budget (the outcome depends only
    // on the shape, so the smallest box that holds it), then the closed forms and the book.
    let started = Instant::now();
    let (box_rows, box_cols) = position.bounding_box();
    let needed = OutcomeTable::bytes_for(box_rows, box_cols);
    // A table the machine cannot hold (the budget is capped by its free memory, see
    // `munch::memory::table_budget`, but another program may take memory meanwhile) counts as over budget.
    let table = (needed <= budget)
        .then(|| OutcomeTable::build(box_rows, box_cols, &mut |_, _| true))
        .and_then(Result::ok);
    let Some(answer) = ChompAnswer::of(table.as_ref(), &position) else {
        return Err(BadInput(format!(
            "{position} needs a {}×{} table of {}, more than the {} this run may use (--memory, less what munch holds already, at most the memory this machine has free), and no closed form or opening-book entry covers it",
            box_rows,
            box_cols,
            bytes(needed),
            bytes(budget)
        )));
    };
    let stats = args.stats.then(|| Stats {
        positions: table.as_ref().map(OutcomeTable::positions),
        losing_positions: table.as_ref().map(OutcomeTable::losing_positions),
        seconds: table.as_ref().map(|_| started.elapsed().as_secs_f64()),
        table_bytes: table.as_ref().map(OutcomeTable::table_bytes),
    });
    let reply = ChompReply {
        game: "chomp",
        rows: args.rows,
        cols: args.cols,
        position: position.heights().to_vec(),
        outcome: if answer.wins { "win" } else { "loss" },
        winning_moves: answer
            .winning_moves
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
        complete: answer.complete,
        stats,
    };
    if args.json {
        return Ok(serde_json::to_string(&reply).expect("plain data serializes"));
    }
    Ok(plain_chomp(&reply, &position, answer.source))
}

fn plain_chomp(reply: &ChompReply, position: &Position, source: Source) -> String {
    // Writing to a String cannot fail: each `let _ = writeln!` below drops an always-Ok result.
    let mut out = format!("Chomp {}×{}, position {position}: ", reply.rows, reply.cols);
    if position.is_empty() {
        out.push_str("the poison is gone, so the player to move has won.\n");
    } else if reply.outcome == "loss" {
        out.push_str("the player to move loses against perfect play.\n");
    } else {
        let n = reply.winning_moves.len();
        let all = if reply.complete {
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
    match source {
        Source::Table => {}
        Source::Theory(family) => {
            let _ = writeln!(out, "(answered by the closed form for a {})", family.name());
        }
        Source::Book => out.push_str("(answered by the opening book)\n"),
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use munch::settings::Player::{Computer, Person};

    /// The settings `munch play …` starts with, or why it refuses (before any terminal is needed).
    fn play_settings(args: &[&str]) -> Result<Settings, String> {
        let cli = Cli::try_parse_from(std::iter::once("munch").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        match cli.command {
            Some(Command::Play { game }) => game.settings().map_err(|e| e.0),
            other => panic!("{args:?} is no play command: {other:?}"),
        }
    }

    fn readme() -> String {
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("read README.md")
    }

    #[test]
    fn the_readmes_play_examples_start_the_games_they_describe() {
        let text = readme();
        let examples: Vec<&str> = text
            .lines()
            .filter_map(|line| line.trim().strip_prefix("munch play "))
            .collect();
        assert!(examples.len() >= 3, "{examples:?}");
        for example in examples {
            let args: Vec<&str> = std::iter::once("play")
                .chain(example.split_whitespace())
                .collect();
            let settings = play_settings(&args).unwrap_or_else(|e| panic!("{example}: {e}"));
            if example.contains("--level") {
                assert!(
                    settings.players.contains(&Player::Computer),
                    "`munch play {example}` sets a level, so the computer must play: {:?}",
                    settings.players
                );
            }
        }
    }

    #[test]
    fn a_side_left_out_is_the_other_one_and_a_level_needs_the_computer() {
        let players = |args: &[&str]| play_settings(args).map(|s| s.players);
        assert_eq!(players(&["play", "chomp"]), Ok([Person, Computer]));
        assert_eq!(
            players(&["play", "chomp", "--second", "person"]),
            Ok([Computer, Person])
        );
        assert_eq!(
            players(&["play", "chomp", "--first", "computer"]),
            Ok([Computer, Person])
        );
        assert_eq!(
            players(&["play", "chomp", "--second", "computer"]),
            Ok([Person, Computer])
        );
        assert_eq!(
            players(&["play", "chomp", "--first", "person", "--second", "person"]),
            Ok([Person, Person])
        );
        let casual = play_settings(&[
            "play",
            "fibonacci",
            "--second",
            "person",
            "--level",
            "casual",
        ]);
        assert_eq!(
            casual.map(|s| (s.players, s.level)),
            Ok(([Computer, Person], Level::Casual))
        );
        // Two computers: the level is theirs.
        let demo = [
            "play", "chomp", "--first", "computer", "--second", "computer", "--level", "strong",
        ];
        assert_eq!(play_settings(&demo).map(|s| s.level), Ok(Level::Strong));
        // No computer, so a level would be ignored: refused with the reason (the exit code is
        // checked on the real binary in tests/cli.rs).
        let refused = play_settings(&[
            "play",
            "subtraction",
            "--first",
            "person",
            "--second",
            "person",
            "--level",
            "casual",
        ])
        .expect_err("a level without the computer");
        assert!(
            refused.contains("neither side is the computer"),
            "{refused}"
        );
    }

    #[test]
    fn play_takes_the_longest_take_set_the_readme_states_and_refuses_one_more() {
        // The menu's side of this limit is tested in tests/app_flow.rs, from the same README line.
        let readme = readme().split_whitespace().collect::<Vec<_>>().join(" ");
        let limit: usize = readme
            .split_once("A take set is at most ")
            .and_then(|(_, rest)| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the README states the longest take set");
        // A valid set of exactly `limit` characters: sizes, then spaces (allowed around an item).
        let mut longest = String::from("1");
        for k in 2.. {
            let item = format!(",{k}");
            if longest.len() + item.len() > limit {
                break;
            }
            longest.push_str(&item);
        }
        longest.push_str(&" ".repeat(limit - longest.len()));
        assert_eq!(longest.chars().count(), limit);
        let one_more = format!("{longest} ");

        let play = |set: &str| play_settings(&["play", "subtraction", "--set", set]);
        assert_eq!(play(&longest).map(|s| s.set), Ok(longest.clone()));
        let refused = play(&one_more).expect_err("one character too many");
        assert!(
            refused.contains(&format!("at most {limit} characters")),
            "{refused}"
        );
    }
}
