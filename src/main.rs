use clap::Parser;
use clap::error::ErrorKind;
use munch::cli::{self, BadInput, Cli, Command};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            // clap explains at length; scripts get its first line.
            let text = err.render().to_string();
            eprintln!(
                "munch: {}",
                text.lines()
                    .next()
                    .unwrap_or("bad arguments")
                    .trim_start_matches("error: ")
            );
            return ExitCode::from(2);
        }
    };
    match &cli.command {
        Some(Command::Solve { game }) => match cli::solve(game, cli::table_budget(cli.memory)) {
            Ok(answer) => {
                // A closed pipe (`munch solve … | head`) is not an error worth a message.
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{}", answer.trim_end()).and_then(|()| out.flush());
                ExitCode::SUCCESS
            }
            Err(BadInput(message)) => {
                eprintln!("munch: {message}");
                ExitCode::from(2)
            }
        },
        Some(Command::Play { game }) => match game.settings() {
            Ok(settings) => play(&cli, Some(settings)),
            Err(BadInput(message)) => {
                eprintln!("munch: {message}");
                ExitCode::from(2)
            }
        },
        None => play(&cli, None),
    }
}

/// Runs the full-screen game, on the menu or straight into a game.
fn play(cli: &Cli, start: Option<munch::app::menu::Settings>) -> ExitCode {
    if !std::io::stdout().is_terminal() {
        eprintln!("munch: the game needs a terminal; for scripts, use `munch solve`");
        return ExitCode::from(2);
    }
    let store = match munch::store::Store::open(cli.data_dir.as_deref()) {
        Ok(store) => store,
        Err(problem) => {
            eprintln!("munch: {problem}");
            return ExitCode::from(2);
        }
    };
    match munch::tui::run(cli::table_budget(cli.memory), store, start) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("munch: {err:#}");
            ExitCode::FAILURE
        }
    }
}
