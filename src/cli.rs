//! The command line: the global options, the sides every game shares and the output
//! plumbing. The games' subcommands come from the catalogue ([`GAMES`]): each game gives its
//! `munch play`/`munch solve` arguments, reads its own matches and writes its own replies.

use clap::{ArgMatches, Args, FromArgMatches};
use munch::games::core::entry::GRUNDY;
use munch::games::core::puzzle::{Bounds, Printed};
use munch::games::game::SolveProgress;
use munch::games::moves_left::ALL_MOVES;
use munch::games::position::StartPosition;
use munch::games::position::split_game;
use munch::games::{GAMES, Game};
use munch::memory::{DEFAULT_MEMORY, parse_memory};
use munch::record::GameRecord;
use munch::settings::{GameKind, Level, Player, Settings};
use std::fmt::{self, Write as _};

/// munch: play the classic take-away games against a computer that plays them perfectly.
// `Args`, not `Parser`: the whole command, with the games' subcommands, is [`command`].
#[derive(Debug, Args)]
#[command(version, about)]
pub struct Cli {
    /// Most memory munch may use, for the whole process: its tables and their builds' buffers
    /// get what is left after what munch holds when it starts (a few MiB), and never more than
    /// the machine has free. A whole number of bytes, or one with K, M, G or T after it (powers
    /// of 1024; 2GB and 2GiB mean 2G), e.g. 512M or 18G.
    #[arg(
        long,
        global = true,
        default_value = DEFAULT_MEMORY,
        value_parser = parse_memory,
        allow_hyphen_values = true
    )]
    pub memory: u64,
    /// Where to keep settings, statistics, saved games (one a game) and records (default: the platform's data
    /// folder, e.g. ~/.local/share/munch).
    #[arg(long, global = true)]
    pub data_dir: Option<std::path::PathBuf>,
}

/// What the command line asks for, beyond the global options.
pub enum Command {
    /// `munch solve <game> …`: the game and its matches.
    Solve(&'static dyn Game, ArgMatches),
    /// `munch solve --position "…" …`: the matches (the position and the flags), which
    /// [`solve_position`] makes the game's own.
    SolvePosition(ArgMatches),
    /// `munch play <game> …`: the game and its matches (its own arguments and the sides).
    Play(GameKind, ArgMatches),
    /// `munch play --position "…" …`: the matches (the position and the sides).
    PlayPosition(ArgMatches),
    /// `munch study …`: its matches (the record to review, or the position to study).
    Study(ArgMatches),
    /// `munch puzzles …`: its matches (the game, the count, the seed, the bounds).
    Puzzles(ArgMatches),
    /// `munch puzzle [--game G] [--seed S]`: the Puzzles screen, of one game or of every game
    /// in turn, from a seed when one is given.
    Puzzle(Option<GameKind>, Option<u64>),
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Solve(game, _) => write!(f, "solve {}", game.id()),
            Command::SolvePosition(matches) => write!(
                f,
                "solve --position {:?}",
                matches.get_one::<String>(POSITION)
            ),
            Command::Play(kind, _) => write!(f, "play {}", kind.game().id()),
            Command::PlayPosition(matches) => write!(
                f,
                "play --position {:?}",
                matches.get_one::<String>(POSITION)
            ),
            Command::Study(_) => write!(f, "study"),
            Command::Puzzles(_) => write!(f, "puzzles"),
            Command::Puzzle(kind, seed) => {
                write!(f, "puzzle {:?} {seed:?}", kind.map(|kind| kind.game().id()))
            }
        }
    }
}

/// The whole command: the global options, then `solve` and `play` with a subcommand for each
/// game in [`GAMES`], in catalogue order.
pub fn command() -> clap::Command {
    // Without a game, clap's "required subcommand" error (naming them, with the usage line)
    // rather than the whole help on stderr.
    let solve = clap::Command::new("solve")
        .about("Answer who wins a position, and with which moves, without the full-screen game")
        // Either a game's subcommand or --position, which names its game (checked in
        // `parse_from`, which then gives clap's own "missing subcommand" error).
        .args_conflicts_with_subcommands(true)
        .override_usage(
            "munch solve [OPTIONS] <COMMAND>\n       munch solve --position <POSITION> [OPTIONS]",
        )
        .arg(
            clap::Arg::new(POSITION)
                .long("position")
                .value_name("POSITION")
                .help(
                    "Answer this position instead of naming a game, e.g. \"chomp 6x7 \
                     6,6,4,4,2,0,0\", \"subtraction 1,3,4 21\", \"fibonacci 30 max 5\", \
                     \"nim 3,4,5\" or \"wythoff 3,5\"",
                ),
        )
        .arg(
            clap::Arg::new(JSON)
                .long("json")
                .action(clap::ArgAction::SetTrue)
                .help("Print one JSON object on one line"),
        )
        .subcommands(
            GAMES
                .iter()
                .map(|game| with_all_moves(game.solve_command())),
        );
    let solve = with_all_moves(solve);
    let play = clap::Command::new("play")
        .about("Start a game at once, skipping the menu")
        // Either a game's subcommand or --position, which names its game (checked in
        // `parse_from`, which then gives clap's own "missing subcommand" error).
        .args_conflicts_with_subcommands(true)
        .override_usage(
            "munch play [OPTIONS] <COMMAND>\n       munch play --position <POSITION> [OPTIONS]",
        )
        .arg(
            clap::Arg::new(POSITION)
                .long("position")
                .value_name("POSITION")
                .help(
                    "Start from this position instead of naming a game, e.g. \"chomp 6x7 \
                     6,6,4,4,2,0,0\", \"subtraction 1,3,4 21\", \"fibonacci 30 max 5\" or \
                     \"nim 3,4,5\" (the game and its size come from it)",
                ),
        )
        .subcommands(GAMES.iter().map(|game| with_sides(game.play_command())));
    let play = with_sides(play);
    let study = clap::Command::new("study")
        .about("Open the Study screen: on a position, or reviewing a game record")
        .arg(
            clap::Arg::new(RECORD)
                .long("record")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Review the game in this record (as the review's w writes it)"),
        )
        .arg(
            clap::Arg::new(POSITION)
                .long("position")
                .value_name("POSITION")
                .help(
                    "Study this position, e.g. \"chomp 6x7 6,6,4,4,2,0,0\", \"subtraction \
                     1,3,4 21\", \"fibonacci 30 max 5\" or \"nim 3,4,5\"",
                ),
        )
        // One of the two, and only one.
        .group(
            clap::ArgGroup::new("what")
                .args([RECORD, POSITION])
                .required(true),
        );
    let puzzle = clap::Command::new("puzzle")
        .about("Open the Puzzles screen: proven puzzles, with your rating and streak")
        .arg(
            clap::Arg::new(GAME)
                .long("game")
                .value_name("GAME")
                .value_parser(puzzled_ids())
                .help("Only this game's puzzles (default: every game in turn)"),
        )
        .arg(
            clap::Arg::new(SEED)
                .long("seed")
                .value_name("SEED")
                .value_parser(clap::value_parser!(u64))
                .help(
                    "Play the puzzles `munch puzzles --seed SEED` prints first (default: \
                     new ones each time)",
                ),
        );
    // The subcommands first, as clap's derive adds them: the help's order of options and
    // commands follows the order they were added in.
    Cli::augment_args(
        clap::Command::new("munch")
            .subcommand(solve)
            .subcommand(play)
            .subcommand(study)
            .subcommand(puzzles_command())
            .subcommand(puzzle),
    )
}

/// A game's `munch play` subcommand with the sides added, keeping the game's about line
/// (`augment_args` would put [`Sides`]' doc comment over it).
fn with_sides(command: clap::Command) -> clap::Command {
    let about = command.get_about().cloned();
    let command = Sides::augment_args(command);
    match about {
        Some(about) => command.about(about),
        None => command,
    }
}

/// A game's `munch solve` subcommand with `--all-moves`, which every game reads (a game that
/// cannot list its moves yet refuses it with the reason), and `--grundy` where the game has
/// none of its own (Chomp's, with its counts).
fn with_all_moves(command: clap::Command) -> clap::Command {
    let command = command.arg(
        clap::Arg::new(ALL_MOVES)
            .long("all-moves")
            .action(clap::ArgAction::SetTrue)
            .help("Also list every legal move: its outcome, moves left and winning replies"),
    );
    if command.get_arguments().any(|arg| arg.get_id() == GRUNDY) {
        return command;
    }
    command.arg(
        clap::Arg::new(GRUNDY)
            .long("grundy")
            .action(clap::ArgAction::SetTrue)
            .help(
                "Also give the position's Grundy value (nimber): the Nim heap it counts as \
                     in a sum of games",
            ),
    )
}

/// The ids of the games with puzzles, which `munch puzzle --game` and `munch puzzles --game` take.
fn puzzled_ids() -> Vec<&'static str> {
    (GAMES.iter())
        .filter(|game| game.has_puzzles())
        .map(|game| game.id())
        .collect()
}

/// `munch solve --position "…"`: the game the position string names, and the matches of its
/// own `munch solve <id>` for that position with the flags given (`--json`, `--all-moves`,
/// `--grundy`), or why the string is no position of a game.
pub fn solve_position(matches: &ArgMatches) -> Result<(&'static dyn Game, ArgMatches), BadInput> {
    let text = matches
        .get_one::<String>(POSITION)
        .map_or("", String::as_str);
    let bad = |e: String| BadInput(format!("--position: {e}"));
    let (kind, _) = munch::games::parse_position(text).map_err(bad)?;
    let game = kind.game();
    let (_, body) = split_game(text).map_err(bad)?;
    let mut args = game.solve_position(body).map_err(bad)?;
    for flag in [JSON, ALL_MOVES, GRUNDY] {
        if matches.get_flag(flag) {
            args.push(format!("--{}", flag.replace('_', "-")));
        }
    }
    let game_matches = with_all_moves(game.solve_command())
        .no_binary_name(true)
        .try_get_matches_from(&args)
        .map_err(|e| BadInput(format!("--position: {}", first_line(&e.to_string()))))?;
    Ok((game, game_matches))
}

/// The first line of a message, without clap's "error: ".
fn first_line(message: &str) -> &str {
    let line = message.lines().next().unwrap_or("");
    line.strip_prefix("error: ").unwrap_or(line)
}

/// Parses the command line (`args` includes the program's name).
pub fn parse_from<I, T>(args: I) -> Result<(Cli, Option<Command>), clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let mut matches = command().try_get_matches_from(&args)?;
    let cli = Cli::from_arg_matches_mut(&mut matches)?;
    let game = |id: &str| {
        GAMES
            .iter()
            .position(|game| game.id() == id)
            .expect("clap accepts only the catalogue's games")
    };
    let command = match matches.remove_subcommand() {
        Some((name, sub)) if name == "study" => Some(Command::Study(sub)),
        Some((name, sub)) if name == "puzzles" => Some(Command::Puzzles(sub)),
        Some((name, sub)) if name == "puzzle" => Some(Command::Puzzle(
            sub.get_one::<String>(GAME)
                .map(|id| GameKind::ALL[game(id)]),
            sub.get_one::<u64>(SEED).copied(),
        )),
        Some((name, mut sub)) => match sub.remove_subcommand() {
            Some((id, game_matches)) if name == "solve" => {
                Some(Command::Solve(GAMES[game(&id)], game_matches))
            }
            Some((id, game_matches)) => Some(Command::Play(GameKind::ALL[game(&id)], game_matches)),
            None if name == "play" && sub.contains_id(POSITION) => Some(Command::PlayPosition(sub)),
            None if name == "solve" && sub.contains_id(POSITION) => {
                Some(Command::SolvePosition(sub))
            }
            None => {
                // `munch play` (or `solve`) needs a game or a position: clap says so as it
                // did when the game was required, listing the games with the usage line.
                let required = command().mut_subcommand(&name, |p| p.subcommand_required(true));
                required.try_get_matches_from(&args)?;
                None
            }
        },
        None => None,
    };
    Ok((cli, command))
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

/// The argument of `munch play --position` and `munch solve --position`.
pub const POSITION: &str = "position";

/// `munch solve --position`'s JSON flag, which the game's own subcommand is given.
pub const JSON: &str = "json";

/// The argument of `munch study --record`.
pub const RECORD: &str = "record";
/// `munch puzzle`'s one game.
pub const GAME: &str = "game";

/// `munch puzzle`'s seed.
pub const SEED: &str = "seed";

/// The record `munch study --record FILE` asks to review, read and checked, or why it cannot
/// be reviewed.
pub fn study_record(matches: &ArgMatches) -> Result<GameRecord, BadInput> {
    let path = matches
        .get_one::<std::path::PathBuf>(RECORD)
        .ok_or_else(|| BadInput("munch study needs --record FILE".into()))?;
    let record = GameRecord::read_file(path).map_err(BadInput)?;
    let kind = record.settings.game;
    if kind
        .game()
        .study(&record.settings.values, record.start.as_ref(), &[], None)
        .is_none()
    {
        return Err(BadInput(format!("{} cannot be reviewed yet", kind.label())));
    }
    Ok(record)
}

/// The settings and the position `munch study --position "…"` asks to study, or why it
/// cannot: the game and its size come from the string.
pub fn study_position(matches: &ArgMatches) -> Result<(Settings, StartPosition), BadInput> {
    let text = matches
        .get_one::<String>(POSITION)
        .map_or("", String::as_str);
    Settings::default()
        .with_position(text)
        .map_err(|e| BadInput(format!("--position: {e}")))
}

/// The settings `munch play <game> …` asks for, or why it cannot start.
pub fn play_settings(kind: GameKind, matches: &ArgMatches) -> Result<Settings, BadInput> {
    let mut settings = Settings {
        game: kind,
        ..Settings::default()
    };
    kind.game()
        .play_values(matches, &mut settings.values)
        .map_err(BadInput)?;
    let settings = with_sides_from(settings, matches)?;
    match settings.problem() {
        Some(problem) => Err(BadInput(problem)),
        None => Ok(settings),
    }
}

/// The settings and the start position `munch play --position "…" …` asks for, or why it
/// cannot start: the game and its size come from the position string.
pub fn position_settings(matches: &ArgMatches) -> Result<(Settings, StartPosition), BadInput> {
    let text = matches
        .get_one::<String>(POSITION)
        .map_or("", String::as_str);
    let (settings, start) = Settings::default()
        .with_position(text)
        .map_err(|e| BadInput(format!("--position: {e}")))?;
    Ok((with_sides_from(settings, matches)?, start))
}

/// `settings` with the sides and the level the matches ask for, or why they cannot start.
fn with_sides_from(mut settings: Settings, matches: &ArgMatches) -> Result<Settings, BadInput> {
    let sides = Sides::from_arg_matches(matches).map_err(|e| BadInput(e.to_string()))?;
    let player = |side: Side| match side {
        Side::Person => Player::Person,
        Side::Computer => Player::Computer,
    };
    // A side left out is the other one of the side given, so `--second person` alone means
    // the computer moves first.
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

/// Runs `munch solve <game> …` with a table memory budget and returns what to print on
/// standard output.
pub fn solve(
    game: &dyn Game,
    matches: &ArgMatches,
    budget: u64,
    progress: SolveProgress,
) -> Result<String, BadInput> {
    game.solve(matches, budget, progress).map_err(BadInput)
}

/// The most puzzles `munch puzzles --count` prints.
const MOST_PUZZLES: u64 = 100_000;

/// `munch puzzles`: the game, how many, the seed, the bounds of the positions, and JSON.
fn puzzles_command() -> clap::Command {
    let ids = puzzled_ids();
    let number = |name: &'static str, help: &'static str| {
        clap::Arg::new(name)
            .long(name)
            .value_name("N")
            .value_parser(clap::value_parser!(u64))
            .help(help)
    };
    clap::Command::new("puzzles")
        .about("Print proven puzzles: each solver move the only win, each defence the longest")
        .arg(
            clap::Arg::new("game")
                .long("game")
                .value_name("GAME")
                .required(true)
                .value_parser(clap::builder::PossibleValuesParser::new(ids))
                .help("The game"),
        )
        .arg(
            number("count", "How many puzzles, each a different position")
                .value_parser(clap::value_parser!(u64).range(1..=MOST_PUZZLES))
                .default_value("10"),
        )
        .arg(number(
            "seed",
            "The seed: the same seed prints the same puzzles (default: a new one each time)",
        ))
        .arg(number(
            "max-rows",
            "Chomp: the most rows of a bar, 1 to 10 (default 8)",
        ))
        .arg(number(
            "max-cols",
            "Chomp: the most columns of a bar, 1 to 10 (default 8)",
        ))
        .arg(number(
            "max-pile",
            "The pile games, Nim and Wythoff: the most coins in a pile (default: subtraction 50, \
             Fibonacci Nim 100, Nim 24 with 3 piles, Wythoff 100)",
        ))
        .arg(number(
            "max-piles",
            "Nim: the most piles, 2 to 8 (default 3)",
        ))
        .arg(
            clap::Arg::new("json")
                .long("json")
                .action(clap::ArgAction::SetTrue)
                .help("Print one JSON object a line"),
        )
}

/// Runs `munch puzzles …`: what to print on standard output, and a note for standard error
/// where the bounds hold fewer puzzles than asked for.
pub fn puzzles(matches: &ArgMatches) -> Result<(String, Option<String>), BadInput> {
    let id = matches.get_one::<String>("game").map_or("", String::as_str);
    let game = GAMES
        .iter()
        .find(|game| game.id() == id)
        .ok_or_else(|| BadInput(format!("no game {id}")))?;
    let bound = |name: &str| matches.get_one::<u64>(name).copied();
    let bounds = Bounds {
        max_rows: bound("max-rows"),
        max_cols: bound("max-cols"),
        max_pile: bound("max-pile"),
        max_piles: bound("max-piles"),
    };
    let count = bound("count").unwrap_or(10);
    let seed = bound("seed").unwrap_or_else(|| fastrand::u64(..));
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let printed = game.puzzles(&bounds, seed, count).map_err(BadInput)?;
    let note = (printed.len() < count).then(|| {
        format!(
            "found {} different puzzles within these bounds, of the {count} asked for",
            printed.len()
        )
    });
    let text = if matches.get_flag("json") {
        let lines: Vec<String> = (printed.iter())
            .map(|p| serde_json::to_string(p).expect("plain data serializes"))
            .collect();
        lines.join("\n")
    } else {
        readable(game.label(), seed, &printed)
    };
    Ok((text, note))
}

/// The puzzles for people: a heading, then each with its rating and themes, its position and
/// moves left, and its solution, the defender's replies in brackets.
fn readable(label: &str, seed: u64, printed: &[Printed]) -> String {
    let mut out = format!("{} {label} puzzles (seed {seed})\n", printed.len());
    for (number, puzzle) in printed.iter().enumerate() {
        let solution: Vec<String> = (puzzle.solution.iter().enumerate())
            .map(|(i, mv)| {
                if i % 2 == 0 {
                    mv.clone()
                } else {
                    format!("({mv})")
                }
            })
            .collect();
        let _ = write!(
            out,
            "\n{}. {}  ({} moves left)\n   rating {} · {}\n   solution: {}\n",
            number + 1,
            puzzle.position,
            puzzle.moves_left,
            puzzle.rating,
            puzzle.themes.join(", "),
            solution.join(" ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use munch::games::game::Values;
    use munch::settings::Player::{Computer, Person};

    /// The settings `munch play …` starts with, or why it refuses (before any terminal is needed).
    fn play_settings(args: &[&str]) -> Result<Settings, String> {
        let (_, command) = parse_from(std::iter::once("munch").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        match command {
            Some(Command::Play(kind, matches)) => {
                super::play_settings(kind, &matches).map_err(|e| e.0)
            }
            Some(Command::PlayPosition(matches)) => position_settings(&matches)
                .map(|(settings, _)| settings)
                .map_err(|e| e.0),
            other => panic!("{args:?} is no play command: {other:?}"),
        }
    }

    /// The words of a command line in the docs, a double-quoted string being one word and a
    /// `#` starting a comment.
    fn shell_words(line: &str) -> Vec<&str> {
        let mut words = Vec::new();
        let mut rest = line.trim();
        while !rest.is_empty() && !rest.starts_with('#') {
            let (word, after) = match rest.strip_prefix('"') {
                Some(quoted) => quoted.split_once('"').expect("a closing quote"),
                None => rest.split_once(' ').unwrap_or((rest, "")),
            };
            words.push(word);
            rest = after.trim_start();
        }
        words
    }

    #[test]
    fn play_position_takes_the_game_and_sizes_from_the_string_and_the_sides_as_usual() {
        let settings = play_settings(&[
            "play",
            "--position",
            "chomp 5x3 4,2,1",
            "--first",
            "computer",
            "--level",
            "strong",
        ])
        .expect("a position");
        assert_eq!(settings.game, GameKind::Chomp);
        assert_eq!(
            (settings.values.small("rows"), settings.values.small("cols")),
            (5, 3)
        );
        assert_eq!(
            (settings.players, settings.level),
            ([Computer, Person], Level::Strong)
        );
        let (_, command) = parse_from(["munch", "play", "--position", "nim 0,7"]).expect("parses");
        let Some(Command::PlayPosition(matches)) = command else {
            panic!("a position to play");
        };
        let (settings, start) = position_settings(&matches).expect("nim");
        // The empty pile keeps its place (and pile 2 its number); the menu's piles hold coins.
        assert_eq!((settings.game, start.text()), (GameKind::Nim, "nim 0,7"));
        assert_eq!(settings.values.text("piles"), "7");
        assert!(
            play_settings(&["play", "--position", "nim 0"])
                .expect_err("finished")
                .starts_with("--position: ")
        );
    }

    /// README.md and every page of docs/, one after the other: what a reader of the docs sees.
    fn docs() -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
            .expect("read docs/")
            .map(|entry| entry.expect("a docs/ entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "md"))
            .collect();
        pages.sort();
        pages.insert(0, root.join("README.md"));
        pages
            .iter()
            .map(|page| {
                std::fs::read_to_string(page)
                    .unwrap_or_else(|e| panic!("read {}: {e}", page.display()))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn every_command_line_in_the_docs_parses() {
        // Each `munch …` line of a code block in the README and docs/ is a command munch
        // takes (a line with `[…]` is a template, not a command), and each position string a
        // `study --position` line gives is one munch reads.
        let text = docs();
        let mut in_block = false;
        let mut checked = Vec::new();
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            let line = line.trim();
            let Some(command) = line
                .strip_prefix("$ munch ")
                .or_else(|| line.strip_prefix("munch "))
            else {
                continue;
            };
            if !in_block || command.contains('[') {
                continue;
            }
            let words = shell_words(command);
            let parsed = parse_from(std::iter::once("munch").chain(words.iter().copied()));
            if let Err(e) = parsed {
                let reason = e.to_string();
                panic!(
                    "`munch {command}`: {}",
                    reason.lines().next().unwrap_or_default()
                );
            }
            if words.first() == Some(&"study")
                && let Some(at) = words.iter().position(|w| *w == "--position")
            {
                let position = words[at + 1];
                assert!(
                    munch::games::parse_position(position).is_ok(),
                    "`munch {command}`: {position:?} is not a position munch reads"
                );
            }
            checked.push(command);
        }
        assert!(
            checked.iter().any(|c| c.starts_with("study --record")),
            "{checked:?}"
        );
        assert!(checked.len() >= 15, "{checked:?}");
    }

    #[test]
    fn the_docs_play_examples_start_the_games_they_describe() {
        let text = docs();
        let examples: Vec<&str> = text
            .lines()
            .filter_map(|line| line.trim().strip_prefix("munch play "))
            .collect();
        assert!(examples.len() >= 3, "{examples:?}");
        for example in examples {
            let args: Vec<&str> = std::iter::once("play")
                .chain(shell_words(example))
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
        // checked on the real binary in tests/it/cli.rs).
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
    fn play_takes_the_longest_take_set_the_docs_state_and_refuse_one_more() {
        // The menu's side of this limit is tested in tests/it/app_flow.rs, from the same line of
        // docs/command-line.md.
        let readme = docs().split_whitespace().collect::<Vec<_>>().join(" ");
        let limit: usize = readme
            .split_once("A take set is at most ")
            .and_then(|(_, rest)| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the docs state the longest take set");
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
        assert_eq!(
            play(&longest).map(|s| s
                .values
                .text(munch::games::subtraction::fields::SET)
                .to_string()),
            Ok(longest.clone())
        );
        let refused = play(&one_more).expect_err("one character too many");
        assert!(
            refused.contains(&format!("at most {limit} characters")),
            "{refused}"
        );
    }

    /// The lines of a help text's "Commands:" section: (name, about).
    fn commands_in_help(help: &str) -> Vec<(String, String)> {
        help.lines()
            .skip_while(|line| *line != "Commands:")
            .skip(1)
            .take_while(|line| !line.is_empty())
            .filter_map(|line| {
                let (name, about) = line.trim().split_once(' ')?;
                Some((name.to_string(), about.trim().to_string()))
            })
            .collect()
    }

    /// How a game gives one of its subcommands.
    type Subcommand = fn(&dyn Game) -> clap::Command;

    #[test]
    fn play_and_solve_help_list_the_catalogues_games_in_order_with_their_abouts() {
        let mut whole = command();
        let top = commands_in_help(&whole.render_help().to_string());
        let names: Vec<&str> = top.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            names,
            ["solve", "play", "study", "puzzles", "puzzle", "help"]
        );
        let verbs: [(&str, Subcommand); 2] = [
            ("play", |game| game.play_command()),
            ("solve", |game| game.solve_command()),
        ];
        for (verb, subcommand) in verbs {
            let sub = whole.find_subcommand_mut(verb).expect("a subcommand");
            let listed = commands_in_help(&sub.render_help().to_string());
            let mut expected: Vec<(String, String)> = GAMES
                .iter()
                .map(|game| {
                    let about = subcommand(*game)
                        .get_about()
                        .map_or_else(|| panic!("{} has no about", game.id()), ToString::to_string);
                    assert!(!about.is_empty(), "{verb} {}", game.id());
                    (game.id().to_string(), about)
                })
                .collect();
            expected.push((
                "help".into(),
                "Print this message or the help of the given subcommand(s)".into(),
            ));
            assert_eq!(listed, expected, "munch {verb} --help");
        }
    }

    #[test]
    fn munch_puzzle_takes_a_game_and_a_seed_and_refuses_what_it_does_not_know() {
        let parse = |args: &[&str]| {
            parse_from(["munch", "puzzle"].iter().chain(args))
                .map(|(_, command)| format!("{command:?}"))
                .map_err(|e| e.kind())
        };
        assert_eq!(parse(&[]), Ok("Some(puzzle None None)".into()));
        assert_eq!(
            parse(&["--game", "nim", "--seed", "7"]),
            Ok("Some(puzzle Some(\"nim\") Some(7))".into())
        );
        assert_eq!(
            parse(&["--game", "go"]),
            Err(clap::error::ErrorKind::InvalidValue)
        );
        assert_eq!(
            parse(&["--seed", "-1"]),
            Err(clap::error::ErrorKind::UnknownArgument)
        );
    }

    #[test]
    fn each_games_play_values_are_its_own_keys_and_land_in_the_settings() {
        let args: &[&[&str]] = &[
            &["play", "chomp", "--rows", "3", "--cols", "4"],
            &["play", "subtraction", "--pile", "9", "--set", "1-3"],
            &["play", "fibonacci", "--pile", "30"],
            &["play", "nim", "--piles", "1,3, 5,7"],
            &["play", "wythoff", "--piles", "4, 5"],
            &["play", "sum", "--parts", "nim 3,5 + wythoff 2,4"],
        ];
        for game in GAMES {
            let command = args
                .iter()
                .find(|a| a[1] == game.id())
                .unwrap_or_else(|| panic!("no case for {}", game.id()));
            let settings = play_settings(command).unwrap_or_else(|e| panic!("{command:?}: {e}"));
            assert_eq!(settings.game.game().id(), game.id());
            let written = serde_json::to_value(&settings.values).expect("values serialize");
            let matches = game
                .play_command()
                .try_get_matches_from(&command[1..])
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            let mut values = Values::default();
            game.play_values(&matches, &mut values)
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            let set = serde_json::to_value(&values).expect("values serialize");
            let set = set.as_object().expect("values are a map");
            assert!(!set.is_empty(), "{}", game.id());
            for (key, value) in set {
                assert!(
                    game.fields().iter().any(|field| field.key == key),
                    "{key} is one of {}'s fields",
                    game.id()
                );
                assert_eq!(written.get(key), Some(value), "{command:?}: {key}");
            }
        }
        // The values given, not the defaults.
        let chomp = play_settings(args[0]).map(|s| serde_json::to_value(&s).ok());
        let chomp = chomp.ok().flatten().expect("chomp settings");
        assert_eq!((&chomp["rows"], &chomp["cols"]), (&3.into(), &4.into()));
        let subtraction = play_settings(args[1]).map(|s| serde_json::to_value(&s).ok());
        let subtraction = subtraction.ok().flatten().expect("subtraction settings");
        assert_eq!(
            (&subtraction["pile"], &subtraction["set"]),
            (&9.into(), &"1-3".into())
        );
        let nim = play_settings(args[3]).map(|s| serde_json::to_value(&s).ok());
        let nim = nim.ok().flatten().expect("nim settings");
        assert_eq!(nim["piles"], "1,3, 5,7");
    }
}
