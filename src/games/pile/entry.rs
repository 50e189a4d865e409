//! A one-pile game's catalogue entry. What is its own is a [`PileEntry`]: its words, menu lines
//! and checks, its start and its rules, and its command line's arguments and replies;
//! [`OnePile`] makes it the core's `Entry`, writing once what every one-pile game does alike: a
//! game and a study on the one-pile board, a take in the move list's words, a saved take that is
//! not legal named alone, and the `munch play`/`munch solve` subcommands made from its
//! arguments.

use super::rules::{PilePosition, PileRules};
use super::session::{PileBoard, PileSession};
use crate::games::core::entry::{Draw, Entry, SolveProgress};
use crate::games::core::puzzle::Bounds;
use crate::games::core::rules::GameText;
use crate::games::core::study::Studied;
use crate::games::field::{Field, Problem, Values};
use crate::games::moves_left::all_moves;
use crate::games::review::MoveWords;
use crate::games::session::Session;
use crate::games::setup::Setup;
use crate::games::study::Study;
use crate::units::quoted;
use clap::{ArgMatches, Args, Command, FromArgMatches};

/// A one-pile game as the catalogue lists it: only what is its own (each method as the core's
/// `Entry` says, but for the command line's).
pub trait PileEntry: Sync {
    /// Its rules, which the one-pile board makes the core's.
    type Rules: PileRules;
    /// What a game starts from: its start position, with what its rules take from the values
    /// besides (a subtraction game's take set).
    type Start;
    /// `munch play <id>`'s own arguments.
    type PlayArgs: Args + FromArgMatches;
    /// `munch solve <id>`'s arguments.
    type SolveArgs: Args + FromArgMatches;

    /// The game's fixed words: id, name, tagline, rules and keys.
    fn text(&self) -> &'static GameText;

    /// The about lines of `munch play <id>` and `munch solve <id>`.
    fn about(&self) -> [&'static str; 2];

    /// The game's own menu lines, top to bottom.
    fn fields(&self) -> &'static [Field];

    /// Why `values` cannot start a game, if they cannot.
    fn problem(&self, values: &Values) -> Option<Problem>;

    /// The game and its size, for people and as the statistics key.
    fn describe(&self, values: &Values) -> String;

    /// Brings values a settings file held into range, with a line for each change.
    fn sanitize(&self, _values: &mut Values) -> Vec<String> {
        Vec::new()
    }

    /// What a game with `values` starts from, or why they start none.
    fn start(&self, values: &Values) -> Result<Self::Start, String>;

    /// Reads what follows the game's id in a position string, or says why a game cannot start
    /// there (one line; a finished position is refused).
    fn read_start(&self, body: &str) -> Result<Self::Start, String>;

    /// The values of a game from `start`: its menu lines as they would start it.
    fn values_of(&self, start: &Self::Start) -> Values;

    /// The rules of a game or a study from `start`, and its start position; `shared`, the
    /// rules of the game a study is opened from, whose tables it shares where they serve.
    fn begin(
        &self,
        start: &Self::Start,
        shared: Option<&Self::Rules>,
    ) -> (Self::Rules, PilePosition);

    /// The most coins a puzzle's pile holds by default (`munch puzzles --max-pile`).
    const PUZZLE_PILE: u64 = 50;

    /// A puzzle's start of `pile` coins, what else it holds (a take set, the largest take)
    /// picked by `pick`, a random number; `None` where the game has none (and by default).
    fn puzzle_start(&self, _pile: u64, _pick: u64) -> Option<Self::Start> {
        None
    }

    /// Sets the game's values from `munch play <id>`'s arguments into `values`.
    fn play_values(&self, args: Self::PlayArgs, values: &mut Values);

    /// Answers `munch solve <id>` for its arguments, every take listed where `all_moves`
    /// (`--all-moves`): the text to print, or why not.
    fn solve(&self, args: Self::SolveArgs, all_moves: bool) -> Result<String, String>;

    /// The position `munch solve <id>`'s arguments name, as a start, or why they name none
    /// (in [`PileEntry::solve`]'s words).
    fn solve_start(&self, args: Self::SolveArgs) -> Result<Self::Start, String>;

    /// The arguments of `munch solve <id>` that name `start`.
    fn solve_args(&self, start: &Self::Start) -> Vec<String>;
}

/// The most coins `munch puzzles --max-pile` allows a one-pile game.
pub const MOST_PUZZLE_PILE: u64 = 2000;

/// A one-pile game's catalogue entry, from what is its own ([`PileEntry`]).
pub struct OnePile<E>(pub E);

impl<E: PileEntry> Entry for OnePile<E> {
    type Rules = E::Rules;
    type Start = E::Start;

    fn text(&self) -> &'static GameText {
        self.0.text()
    }

    fn fields(&self) -> &'static [Field] {
        self.0.fields()
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        self.0.problem(values)
    }

    fn describe(&self, values: &Values) -> String {
        self.0.describe(values)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        self.0.sanitize(values)
    }

    fn start(&self, values: &Values) -> Result<E::Start, String> {
        self.0.start(values)
    }

    fn read_start(&self, body: &str) -> Result<E::Start, String> {
        self.0.read_start(body)
    }

    fn values_of(&self, start: &E::Start) -> Values {
        self.0.values_of(start)
    }

    fn begin(&self, start: &E::Start, shared: Option<&E::Rules>) -> (E::Rules, PilePosition) {
        self.0.begin(start, shared)
    }

    fn session(&self, setup: Setup, rules: E::Rules, at: PilePosition) -> Box<dyn Session> {
        Box::new(PileSession::begin(setup, rules, at))
    }

    fn studied(&self, rules: E::Rules, at: PilePosition) -> Box<dyn Study> {
        Box::new(Studied::<E::Rules, PileBoard>::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        super::view::move_words(notation)
    }

    /// A saved take that is not legal is named alone.
    fn illegal(&self, number: usize, text: &str, _: &str) -> String {
        format!("take {number} ({}) is not legal", quoted(text))
    }

    /// The top of `--max-pile` coins and a start of 1 to as many, both of one pick; piles up
    /// to [`MOST_PUZZLE_PILE`].
    fn puzzle_draw(&self, bounds: &Bounds) -> Result<Draw<'_, E::Start>, String> {
        bounds.refuse(self.0.text().id, &["max-rows", "max-cols", "max-piles"])?;
        let (flag, default) = (bounds.max_pile, E::PUZZLE_PILE);
        let most = Bounds::within(flag, "max-pile", default, 2..=MOST_PUZZLE_PILE)?;
        Ok(Box::new(move |rng| {
            let (pick, pile) = (rng.u64(..), rng.u64(1..=most));
            Some([
                self.0.puzzle_start(most, pick)?,
                self.0.puzzle_start(pile, pick)?,
            ])
        }))
    }

    // The about line after the arguments: `augment_args` sets the struct's doc comment as the
    // about.
    fn play_command(&self) -> Command {
        E::PlayArgs::augment_args(Command::new(self.0.text().id)).about(self.0.about()[0])
    }

    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        let args = E::PlayArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
        self.0.play_values(args, values);
        Ok(())
    }

    fn solve_command(&self) -> Command {
        E::SolveArgs::augment_args(Command::new(self.0.text().id)).about(self.0.about()[1])
    }

    fn solve(&self, matches: &ArgMatches, _: u64, _: SolveProgress) -> Result<String, String> {
        let args = E::SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
        self.0.solve(args, all_moves(matches))
    }

    fn solve_start(&self, matches: &ArgMatches) -> Result<E::Start, String> {
        let args = E::SolveArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
        self.0.solve_start(args)
    }

    fn solve_args(&self, start: &E::Start) -> Vec<String> {
        self.0.solve_args(start)
    }

    /// The pile's coins, then what may be taken.
    fn sketch(&self, rules: &E::Rules, at: &PilePosition) -> Vec<String> {
        let mut lines = crate::games::core::part::coin_rows(at.pile);
        lines.push(rules.takes(at).text(SKETCH_WIDTH));
        lines
    }
}

/// The widest a sketch's line of takes is written.
const SKETCH_WIDTH: usize = 24;
