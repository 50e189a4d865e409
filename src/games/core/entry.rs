//! A game on the core as a catalogue entry: [`Entry`] is what is its own (its words, its menu
//! lines, its start from the values or from a position string, its rules and the board they are
//! drawn on, its move words, its command line); what follows from its [`Rules`] is written once
//! here, for every game on the core: a new game, a study, the check of a saved game, a position
//! string read. `games/game.rs` makes every `Entry` a `Game`.

use super::puzzle::Bounds;
use super::rules::{GameText, Rules};
use crate::games::field::{Field, Problem, Values};
use crate::games::position::{ParsedPosition, StartPosition};
use crate::games::review::MoveWords;
use crate::games::session::{Leftover, Session};
use crate::games::setup::{Level, Setup};
use crate::games::study::Study;
use crate::units::quoted;
use clap::{ArgMatches, Command};

/// What a long `munch solve` build reports as it goes: what it builds ("solving 16×16",
/// "moves left of 16×16"), and `(done, total)` of its steps.
pub type SolveProgress<'a> = &'a mut dyn FnMut(&str, u64, u64);

/// A game's draw of a puzzle's top and start (see [`Entry::puzzle_draw`]).
pub type Draw<'a, S> = Box<dyn FnMut(&mut fastrand::Rng) -> Option<[S; 2]> + 'a>;

/// A position of an entry's game.
pub type Position<E> = <<E as Entry>::Rules as Rules>::Position;

/// A game on the core, as the catalogue lists it: only what is its own.
pub trait Entry: Sync {
    /// Its rules.
    type Rules: Rules;
    /// What a game starts from: its start position, with what its rules take from the values
    /// besides (a subtraction game's take set).
    type Start;

    /// The game's fixed words: id, name, tagline, rules and keys.
    fn text(&self) -> &'static GameText;

    /// The game's own menu lines, top to bottom.
    fn fields(&self) -> &'static [Field];

    /// Why `values` cannot start a game, if they cannot.
    fn problem(&self, values: &Values) -> Option<Problem>;

    /// The game and its size, for people and as the statistics key: "Wythoff 9,14".
    fn describe(&self, values: &Values) -> String;

    /// Why stepping `key` to `value` is refused by a rule between lines (a bar is never 1×1),
    /// when the line's own bounds allow it; by default, never.
    fn refuse_step(&self, _values: &Values, _key: &str, _value: u64) -> Option<String> {
        None
    }

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
    ) -> (Self::Rules, Position<Self>);

    /// A game of `rules` from `start` on the board it is drawn on (a game may choose its board
    /// by the start's size): `Box::new(Play::<_, Board>::begin(setup, rules, start))`.
    fn session(&self, setup: Setup, rules: Self::Rules, start: Position<Self>) -> Box<dyn Session>;

    /// The position `at` studied on the board it is drawn on: `Studied::<_, Board>::new`.
    fn studied(&self, rules: Self::Rules, at: Position<Self>) -> Box<dyn Study>;

    /// A move in the notation saved games keep, in the words of the game's move list; `None`
    /// when `notation` is not one.
    fn move_words(&self, notation: &str) -> Option<MoveWords>;

    /// What a saved game with `values` starts from (the position set, else the values'), or
    /// why it cannot go on, in one line; by default, [`start_of`]. A game may hold the values
    /// to the start besides ("its start is a 5×5 bar, not 6×7").
    fn saved_start(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
    ) -> Result<Self::Start, String> {
        start_of(self, values, start)
    }

    /// What a saved game is told whose move `number` (from 1) ended it, in the game's own
    /// words; `None` (the default): a move after the end is refused as not legal, and a game
    /// its last move ended "is over".
    fn ended(&self, _number: usize) -> Option<String> {
        None
    }

    /// Why move `number` (from 1) of a saved game, written `text`, cannot be played: `reason`.
    fn illegal(&self, number: usize, text: &str, reason: &str) -> String {
        format!("move {number} ({}) is not legal: {reason}", quoted(text))
    }

    /// How the game draws its puzzles within `bounds` (`munch puzzles`), or why the bounds
    /// are not its own (one it does not take, or one out of its range). Each draw, at random
    /// from the generator it is given, is a *top*, a start whose tables hold every position
    /// drawn under it (the largest the bounds allow, so that few tables serve every draw; tops
    /// with the same values share them), and a start under it; or none (a draw that missed).
    /// By default the game has no puzzles.
    fn puzzle_draw(&self, _bounds: &Bounds) -> Result<Draw<'_, Self::Start>, String> {
        Err(format!("{} has no puzzles", self.text().id))
    }

    /// `munch play <id>`: the subcommand with this game's own arguments and its about line.
    fn play_command(&self) -> Command;

    /// Sets the game's values from `munch play <id>`'s matches into `values`.
    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String>;

    /// `munch solve <id>`: the subcommand with its arguments and its about line.
    fn solve_command(&self) -> Command;

    /// Answers `munch solve <id>`: the text to print, or why not; a table takes at most
    /// `budget` bytes.
    fn solve(
        &self,
        matches: &ArgMatches,
        budget: u64,
        progress: SolveProgress,
    ) -> Result<String, String>;

    /// The position `munch solve <id>`'s matches name, as a start (for `--grundy`), or why
    /// they name none (as [`Entry::solve`] says it); by default, none.
    fn solve_start(&self, _matches: &ArgMatches) -> Result<Self::Start, String> {
        Err(format!("munch solve {} names no position", self.text().id))
    }

    /// What the computer at `level` does, in a line under it on the menu (at most 40
    /// characters): by default the level's own words ([`Level::description`]).
    fn level_words(&self, level: Level) -> &'static str {
        level.description()
    }

    /// The position `at` drawn small in text, a line a row, in the game's look (a part of a sum,
    /// in its box on the sum's board); by default its position string without the id.
    fn sketch(&self, rules: &Self::Rules, at: &Position<Self>) -> Vec<String> {
        let printed = rules.print(at);
        let body = printed
            .split_once(' ')
            .map_or(printed.as_str(), |(_, body)| body);
        vec![body.to_string()]
    }

    /// The arguments of `munch solve <id>` that name `start` (`--piles 3,4,5`): how `munch
    /// solve --position` asks the game's own subcommand; by default, none.
    fn solve_args(&self, _start: &Self::Start) -> Vec<String> {
        Vec::new()
    }
}

/// `munch solve`'s flag that adds the position's Grundy value to the reply.
pub const GRUNDY: &str = "grundy";

/// Whether `munch solve`'s matches ask for the Grundy value (`--grundy`); false where the
/// command has no such flag.
pub fn grundy_asked(matches: &ArgMatches) -> bool {
    matches
        .try_get_one::<bool>(GRUNDY)
        .ok()
        .flatten()
        .copied()
        .unwrap_or(false)
}

/// `munch solve <id>`'s reply with the Grundy value of the position its matches name, where
/// they ask for it (`--grundy`): `"grundy":g` after the outcome in the JSON, a line after the
/// answer in text. The value comes first, so that a position out of its reach is refused
/// before a long build.
pub fn solve_with_grundy<E: Entry + ?Sized>(
    entry: &E,
    matches: &ArgMatches,
    budget: u64,
    progress: SolveProgress,
) -> Result<String, String> {
    // A game whose own arguments take `--grundy` answers it itself (Chomp, from its nimber
    // table, with the counts of `--stats`).
    let own = (entry.solve_command().get_arguments()).any(|arg| arg.get_id() == GRUNDY);
    if own || !grundy_asked(matches) {
        return entry.solve(matches, budget, progress);
    }
    let start = entry.solve_start(matches)?;
    let (rules, at) = entry.begin(&start, None);
    let value = rules
        .grundy(&at, budget)
        .map_err(|why| format!("no Grundy value of {}: {why}", rules.print(&at)))?;
    let reply = entry.solve(matches, budget, progress)?;
    Ok(with_grundy(&reply, value))
}

/// `reply` (one JSON object, or text) with the Grundy value `value` added.
pub fn with_grundy(reply: &str, value: u64) -> String {
    // The top-level outcome is the first: a game's fields come before it, the moves after.
    const OUTCOME: &str = "\"outcome\":\"";
    if !reply.starts_with('{') {
        let newline = if reply.ends_with('\n') { "" } else { "\n" };
        return format!("{reply}{newline}Grundy value: {value}.\n");
    }
    let after_outcome = reply.find(OUTCOME).and_then(|start| {
        let from = start + OUTCOME.len();
        reply[from..].find('"').map(|end| from + end + 1)
    });
    let (head, tail) = reply.split_at(after_outcome.unwrap_or(reply.len() - 1));
    let comma = if head.ends_with('{') { "" } else { "," };
    format!("{head}{comma}\"grundy\":{value}{tail}")
}

/// What a game or a study starts from: the position set (a position string's body), else the
/// values'; why neither starts one.
pub fn start_of<E: Entry + ?Sized>(
    entry: &E,
    values: &Values,
    start: Option<&StartPosition>,
) -> Result<E::Start, String> {
    match start {
        Some(start) => start
            .body_for(entry.text().id)
            .and_then(|body| entry.read_start(body))
            .map_err(|e| format!("the start position: {e}")),
        None => entry.start(values),
    }
}

/// The values every menu line starts with.
fn defaults(fields: &[Field]) -> Values {
    let mut values = Values::default();
    for field in fields {
        values.set(field.key, field.default_value());
    }
    values
}

/// A new game with `setup` (whose values have no problem; a set start was read by the
/// catalogue), from the defaults when neither starts one; its rules first take `kept`, what the
/// game before left (see [`Rules::keep`]), so that what it holds is not built again.
pub fn new_session<E: Entry + ?Sized>(
    entry: &E,
    setup: Setup,
    kept: Option<Leftover>,
) -> Box<dyn Session> {
    let start = start_of(entry, &setup.values, setup.start.as_ref())
        .or_else(|_| entry.start(&defaults(entry.fields())))
        .expect("the menu's defaults start a game");
    let (mut rules, at) = entry.begin(&start, None);
    if let Some(kept) = kept {
        rules.adopt(kept, &at);
    }
    entry.session(setup, rules, at)
}

/// The position reached after `moves` (notation) from the start, studied, sharing the
/// tables of `from`, the game it is opened from; `None` when a move is not legal.
pub fn study<E: Entry + ?Sized>(
    entry: &E,
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
    from: Option<&dyn Session>,
) -> Option<Box<dyn Study>> {
    let start = match start {
        Some(start) => entry.read_start(start.body()).ok()?,
        None => entry.start(values).ok()?,
    };
    let shared = from
        .and_then(Session::rules)
        .and_then(|rules| rules.downcast_ref::<E::Rules>());
    let (rules, mut at) = entry.begin(&start, shared);
    for text in moves {
        at = rules.play(&at, rules.read_move(text)?).ok()?;
    }
    Some(entry.studied(rules, at))
}

/// Why a saved game with these values, start and moves cannot go on, if it cannot: the start
/// must be one of the game's ([`Entry::saved_start`]), every move legal in turn, and the game
/// not over ([`Entry::ended`]).
pub fn saved_problem<E: Entry + ?Sized>(
    entry: &E,
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<String> {
    let (rules, mut at) = match entry.saved_start(values, start) {
        Ok(start) => entry.begin(&start, None),
        Err(problem) => return Some(problem),
    };
    for (i, text) in moves.iter().enumerate() {
        match rules.parse_move(text).and_then(|mv| rules.play(&at, mv)) {
            Ok(after) => at = after,
            Err(reason) => return Some(entry.illegal(i + 1, text, &reason)),
        }
        if let Some(words) = rules.is_over(&at).then(|| entry.ended(i + 1)).flatten() {
            return Some(words);
        }
    }
    rules.is_over(&at).then(|| "the game is over".to_string())
}

/// A position string's body read, with the values a game of it is played with.
pub fn parse_position<E: Entry + ?Sized>(entry: &E, body: &str) -> Result<ParsedPosition, String> {
    let start = entry.read_start(body)?;
    let (rules, at) = entry.begin(&start, None);
    Ok(ParsedPosition {
        values: entry.values_of(&start),
        start: StartPosition::new(rules.print(&at)),
    })
}
