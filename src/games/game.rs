//! The [`Game`] trait: what each game munch plays gives the menu, the help, the command line and
//! the screen. Each game implements it in its own folder; [`super::GAMES`] lists them.
//!
//! A game's files import this trait from here (`crate::games::game`), never from the catalogue
//! (`crate::games`), which imports every game: so no two files import each other.

use super::core::draw;
use super::core::entry::{self, Entry};
use super::core::part::{self, Part};
use super::core::puzzle::{Bounds, Printed};
use super::position::{ParsedPosition, StartPosition};
use super::review::MoveWords;
use super::session::{Leftover, Session};
use super::setup::{Level, Setup};
use super::study::Study;
use crate::input::Binding;
use clap::{ArgMatches, Command};

pub use super::core::entry::SolveProgress;
pub use super::core::rules::GameText;
pub use super::field::{Bound, Field, FieldKind, Problem, Value, Values};

/// One game munch plays.
pub trait Game: Sync {
    /// The game's fixed words: id, name, tagline, rules and keys (data, see [`GameText`]).
    fn text(&self) -> &'static GameText;

    /// The game's short name: its `munch play`/`munch solve` subcommand and the name of its
    /// saved-game file (`saved-<id>.json`).
    fn id(&self) -> &'static str {
        self.text().id
    }

    /// The game's name as people read it: on the menu, in the help, over the board.
    fn label(&self) -> &'static str {
        self.text().label
    }

    /// The rule in a few words, under the menu's title (it fits the menu's width).
    fn tagline(&self) -> &'static str {
        self.text().tagline
    }

    /// The rules, a sentence a line, at the top of the help.
    fn rules(&self) -> &'static [&'static str] {
        self.text().rules
    }

    // The command line: `munch play <id>` and `munch solve <id>`. The command line adds the
    // options every game shares (the sides, the memory budget) and the output plumbing.

    /// `munch play <id>`: the subcommand with this game's own arguments and its one-line about.
    fn play_command(&self) -> Command;

    /// Sets the game's values from `munch play <id>`'s matches into `values` (the settings'
    /// values, the game's defaults until then), or says why they cannot start a game.
    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String>;

    /// `munch solve <id>`: the subcommand with its arguments and its one-line about.
    fn solve_command(&self) -> Command;

    /// Answers `munch solve <id>` from its matches: the text to print (one line of JSON with
    /// `--json`), or why the question cannot be answered. `budget` is the most memory, in
    /// bytes, a table may take; a long build tells `progress` how far it has gone.
    fn solve(
        &self,
        matches: &ArgMatches,
        budget: u64,
        progress: SolveProgress,
    ) -> Result<String, String>;

    /// The arguments of `munch solve <id>` (after the id) that answer the position string's
    /// `body` (`munch solve --position`), or why it is not one of the game's positions.
    fn solve_position(&self, body: &str) -> Result<Vec<String>, String>;

    // The menu: the game's own lines, the values they hold, and their checks.

    /// The game's own menu lines, top to bottom; their keys name its values in [`Values`].
    fn fields(&self) -> &'static [Field];

    /// Why `values` cannot start a game, if they cannot.
    fn problem(&self, values: &Values) -> Option<Problem>;

    /// The game and its size, for people and as the statistics key: "Chomp 6×7".
    fn describe(&self, values: &Values) -> String;

    /// Why stepping `key` to `value` is refused by a rule between lines (a bar is never 1×1),
    /// when the line's own bounds allow it.
    fn refuse_step(&self, _values: &Values, _key: &str, _value: u64) -> Option<String> {
        None
    }

    /// Brings values a settings file held into range, with a line for each change ("rows 99 is
    /// outside 1 to 26; using 26"). Values of the wrong kind were already replaced.
    fn sanitize(&self, _values: &mut Values) -> Vec<String> {
        Vec::new()
    }

    /// Why a saved game with these values and moves cannot be continued, if it cannot: the
    /// values must pass the checks of `munch play` (or, for a game started from a set
    /// position, `start` must be one of this game's positions), every move must be legal from
    /// the start, and the game must not be over.
    fn saved_problem(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
    ) -> Option<String>;

    // The position string: `chomp 6x7 6,6,4,4,2,0,0` and the like (see `super::position`).

    /// Reads what follows the game's id in a position string, or says why it is not a position
    /// a game can start from (one line). A finished position is refused.
    fn parse_position(&self, body: &str) -> Result<ParsedPosition, String>;

    // Play: a new session on screen.

    /// A new game with `setup` (whose values have no problem), reusing what the previous
    /// session of this game left over when it can.
    fn new_session(&self, setup: Setup, leftover: Option<Leftover>) -> Box<dyn Session>;

    /// The position a game with `values` (which have no problem) reaches after `moves` (in
    /// the notation saved games keep) from `start` when a position was set (else from the
    /// values' start), to be studied; `None` when a move is not legal. `from` is the game it
    /// is opened from (to study its position, or to review it), whose tables the study shares
    /// where they cover its position, rather than build them again.
    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>>;

    /// The keys of its game screen, as the key bar and the help list them (what its sessions'
    /// [`Session::bindings`] give).
    fn keys(&self) -> &'static [Binding] {
        self.text().keys
    }

    /// A move written in the notation saved games keep, in the game's own words (those of its
    /// move list and its game-over dialog), for the review and the Study screen's list; `None`
    /// when `notation` is not how this game writes a move.
    fn move_words(&self, notation: &str) -> Option<MoveWords>;

    /// `count` proven puzzles within `bounds` (`munch puzzles`, the Puzzles screen), drawn from
    /// `seed`: the same seed gives the same puzzles, each a different position (fewer where the
    /// bounds hold fewer); their tables are built here, at once. Why not, where the bounds are
    /// not the game's.
    fn puzzles(&self, bounds: &Bounds, seed: u64, count: usize) -> Result<Vec<Printed>, String>;

    /// What the computer at `level` does, in a line under it on the menu (at most 40
    /// characters).
    fn level_words(&self, level: Level) -> &'static str;

    /// Whether the game has puzzles (a sum has none: a puzzle's defence is the longest, and a
    /// sum knows no moves left).
    fn has_puzzles(&self) -> bool;

    /// The part of a sum that `body` (what follows the game's id in a position string) names:
    /// a position of this game, or one where it is over; or why `body` names none.
    fn part(&'static self, body: &str) -> Result<Box<dyn Part>, String>;
}

/// Every game on the core is a catalogue entry: what is its own comes from its [`Entry`], the
/// rest from its rules, written once in `core/entry.rs`.
impl<E: Entry + 'static> Game for E {
    fn text(&self) -> &'static GameText {
        Entry::text(self)
    }

    fn play_command(&self) -> Command {
        Entry::play_command(self)
    }

    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        Entry::play_values(self, matches, values)
    }

    fn solve_command(&self) -> Command {
        Entry::solve_command(self)
    }

    fn solve(
        &self,
        matches: &ArgMatches,
        budget: u64,
        progress: SolveProgress,
    ) -> Result<String, String> {
        entry::solve_with_grundy(self, matches, budget, progress)
    }

    fn solve_position(&self, body: &str) -> Result<Vec<String>, String> {
        let start = Entry::read_start(self, body)?;
        Ok(Entry::solve_args(self, &start))
    }

    fn fields(&self) -> &'static [Field] {
        Entry::fields(self)
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        Entry::problem(self, values)
    }

    fn describe(&self, values: &Values) -> String {
        Entry::describe(self, values)
    }

    fn refuse_step(&self, values: &Values, key: &str, value: u64) -> Option<String> {
        Entry::refuse_step(self, values, key, value)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        Entry::sanitize(self, values)
    }

    fn saved_problem(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
    ) -> Option<String> {
        entry::saved_problem(self, values, start, moves)
    }

    fn parse_position(&self, body: &str) -> Result<ParsedPosition, String> {
        entry::parse_position(self, body)
    }

    fn new_session(&self, setup: Setup, leftover: Option<Leftover>) -> Box<dyn Session> {
        entry::new_session(self, setup, leftover)
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        entry::study(self, values, start, moves, from)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        Entry::move_words(self, notation)
    }

    fn puzzles(&self, bounds: &Bounds, seed: u64, count: usize) -> Result<Vec<Printed>, String> {
        draw::puzzles(self, bounds, seed, count)
    }

    fn level_words(&self, level: Level) -> &'static str {
        Entry::level_words(self, level)
    }

    fn has_puzzles(&self) -> bool {
        Entry::puzzle_draw(self, &Bounds::default()).is_ok()
    }

    fn part(&'static self, body: &str) -> Result<Box<dyn Part>, String> {
        part::read_part(self, body)
    }
}
