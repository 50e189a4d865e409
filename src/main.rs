//! The binary: reads the command line, then answers a script or runs the game.
//!
//! Every write to standard output and standard error goes through [`answer`] or [`complain`]:
//! std's print macros panic when a write fails (a full disk), and a failed answer must not
//! look like a success to a script.

mod cli;
mod progress;
mod tui;

use clap::error::ErrorKind;
use cli::{BadInput, Cli, Command};
use munch::memory::table_budget;
use munch::units::first_quote_cut;
use progress::ProgressLine;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;
use tui::Start;

/// Exit code for bad input: a bad command line, a position or size munch refuses, no terminal.
const BAD_INPUT: u8 = 2;
/// Exit code when the answer could not be written, or the game failed.
const FAILED: u8 = 1;

fn main() -> ExitCode {
    let (cli, command) = match cli::parse_from(std::env::args_os()) {
        Ok(parsed) => parsed,
        Err(err) => return command_line_error(&err),
    };
    match &command {
        Some(Command::SolvePosition(matches)) => match cli::solve_position(matches) {
            Ok((game, matches)) => solve(&cli, game, &matches),
            Err(BadInput(message)) => refuse(&message),
        },
        Some(Command::Solve(game, matches)) => solve(&cli, *game, matches),
        Some(Command::Puzzles(matches)) => match cli::puzzles(matches) {
            Ok((text, note)) => {
                if let Some(note) = note {
                    complain(&note);
                }
                answer(&text)
            }
            Err(BadInput(message)) => refuse(&message),
        },
        Some(Command::Play(kind, matches)) => match cli::play_settings(*kind, matches) {
            Ok(settings) => play(&cli, Start::Game(settings, None)),
            Err(BadInput(message)) => refuse(&message),
        },
        Some(Command::PlayPosition(matches)) => match cli::position_settings(matches) {
            Ok((settings, start)) => play(&cli, Start::Game(settings, Some(start))),
            Err(BadInput(message)) => refuse(&message),
        },
        Some(Command::Study(matches)) if matches.contains_id(cli::POSITION) => {
            match cli::study_position(matches) {
                Ok((settings, start)) => play(&cli, Start::Study(settings, start)),
                Err(BadInput(message)) => refuse(&message),
            }
        }
        Some(Command::Study(matches)) => match cli::study_record(matches) {
            Ok(record) => play(&cli, Start::Review(record)),
            Err(BadInput(message)) => refuse(&message),
        },
        Some(Command::Puzzle(only, seed)) => play(&cli, Start::Puzzles(*only, *seed)),
        None => play(&cli, Start::Menu),
    }
}

/// Help and version go to standard output (exit 0); anything else is bad input.
fn command_line_error(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = err.render();
            if io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            {
                answer(&text.ansi().to_string())
            } else {
                answer(&text.to_string())
            }
        }
        // What is missing, and the usage line: clap's whole text.
        ErrorKind::MissingRequiredArgument
        | ErrorKind::MissingSubcommand
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            refuse(err.render().to_string().trim_start_matches("error: "))
        }
        // Otherwise clap explains at length; scripts get its first line, with the value it
        // quotes cut short (clap quotes it whole, however long).
        _ => {
            let text = err.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            refuse(&first_quote_cut(first.trim_start_matches("error: ")))
        }
    }
}

/// Writes an answer on standard output. A reader that stopped early (`munch solve … | head`)
/// is no error; any other failed write is reported, with exit code [`FAILED`].
fn answer(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{}", text.trim_end()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            complain(&format!("cannot write to standard output: {err}"));
            ExitCode::from(FAILED)
        }
    }
}

/// Says why munch refuses, with exit code [`BAD_INPUT`].
fn refuse(message: &str) -> ExitCode {
    complain(message);
    ExitCode::from(BAD_INPUT)
}

/// Writes `munch: message` on standard error. If even that fails there is nowhere left to say
/// so; the exit code still tells.
fn complain(message: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "munch: {}", message.trim_end()).and_then(|()| err.flush());
}

/// Runs the full-screen game, on the menu, straight into a game (from a set position, when one
/// is given) or into a review.
fn play(cli: &Cli, start: Start) -> ExitCode {
    // Checked before the data folder is opened: without a terminal nothing else may happen.
    if let Some(missing) = missing_terminal() {
        return refuse(&format!(
            "the game needs a terminal, but {missing}; for scripts, use `munch solve`"
        ));
    }
    let store = match munch::store::Store::open(cli.data_dir.as_deref()) {
        Ok(store) => store,
        Err(problem) => return refuse(&problem),
    };
    match tui::run(table_budget(cli.memory), store, start) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            complain(&format!("{err:#}"));
            ExitCode::from(FAILED)
        }
    }
}

/// Why the game cannot run here, if it cannot: it reads keys from standard input, draws on
/// standard output, and needs a controlling terminal (`setsid` runs a program without one).
fn missing_terminal() -> Option<&'static str> {
    if !io::stdin().is_terminal() {
        return Some("standard input is not one");
    }
    if !io::stdout().is_terminal() {
        return Some("standard output is not one");
    }
    #[cfg(unix)]
    if std::fs::File::options()
        .read(true)
        .write(true)
        .open("/dev/tty")
        .is_err()
    {
        return Some("it runs without a controlling terminal");
    }
    None
}

/// `munch solve`: the answer of `game` for its `matches`, with a long build's progress on a
/// terminal's standard error.
fn solve(cli: &cli::Cli, game: &dyn munch::games::Game, matches: &clap::ArgMatches) -> ExitCode {
    // A person watching the terminal sees a long build's progress; a script sees none.
    let mut line = io::stderr()
        .is_terminal()
        .then(|| ProgressLine::new(io::stderr(), Instant::now()));
    let mut progress = |what: &str, done, total| {
        if let Some(line) = &mut line {
            line.report(what, done, total, Instant::now());
        }
    };
    let solved = cli::solve(game, matches, table_budget(cli.memory), &mut progress);
    if let Some(line) = &mut line {
        line.finish();
    }
    match solved {
        Ok(text) => answer(&text),
        Err(BadInput(message)) => refuse(&message),
    }
}
