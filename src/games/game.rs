//! The [`Game`] trait: what each game munch plays gives the menu, the help, the command line and
//! the screen. Each game implements it in its own folder; [`super::GAMES`] lists them.
//!
//! A game's files import this trait from here (`crate::games::game`), never from the catalogue
//! (`crate::games`), which imports every game: so no two files import each other.

use clap::{ArgMatches, Command};
use serde_json::{Map, Value};

/// One game munch plays.
pub trait Game: Sync {
    /// The game's short name: its `munch play`/`munch solve` subcommand and the name of its
    /// saved-game file (`saved-<id>.json`).
    fn id(&self) -> &'static str;

    /// The game's name as people read it: on the menu, in the help, over the board.
    fn label(&self) -> &'static str;

    /// The rule in a few words, under the menu's title (it fits the menu's width).
    fn tagline(&self) -> &'static str;

    /// The rules, a sentence a line, at the top of the help.
    fn rules(&self) -> &'static [&'static str];

    // The command line: `munch play <id>` and `munch solve <id>`. The command line adds the
    // options every game shares (the sides, the memory budget) and the output plumbing.

    /// `munch play <id>`: the subcommand with this game's own arguments and its one-line about.
    fn play_command(&self) -> Command;

    /// The game's values from `munch play <id>`'s matches, keyed as settings.json writes them
    /// (`{"rows":6,"cols":7}`), or why they cannot start a game.
    fn play_values(&self, matches: &ArgMatches) -> Result<Map<String, Value>, String>;

    /// `munch solve <id>`: the subcommand with its arguments and its one-line about.
    fn solve_command(&self) -> Command;

    /// Answers `munch solve <id>` from its matches: the text to print (one line of JSON with
    /// `--json`), or why the question cannot be answered. `budget` is the most memory, in
    /// bytes, a table may take.
    fn solve(&self, matches: &ArgMatches, budget: u64) -> Result<String, String>;
}
