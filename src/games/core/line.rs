//! A game on the core whose start is one position, typed on its one menu line and given by one
//! option of `munch play` and `munch solve` (Nim's piles and Wythoff's: `--piles 4,5`), with
//! its moves-left table held by [`Tabled`]. What is its own is a [`LineEntry`]: its words, the
//! line's words ([`Line`]), how it reads the line and a position string, its board and the
//! table `munch solve` lists from; the rest of its catalogue entry (the menu line and its
//! checks, its command line, the study's editor of the position) is written once here, and the
//! study of its rules with their table from its few words for it ([`LineStudy`]).

use super::board::Board;
use super::entry::{Draw, Entry, SolveProgress};
use super::play::Play;
use super::puzzle::Bounds;
use super::rules::{GameText, Rules};
use super::solve::{Reply, every_move, reply};
use super::study::{Studied, StudyBoard, StudyRules};
use super::table::{MovesLeft, Numbered, Tabled, Tabling};
use crate::games::field::{Field, FieldKind, Problem, Values};
use crate::games::moves_left::all_moves;
use crate::games::request::Waiting;
use crate::games::review::MoveWords;
use crate::games::session::{Session, View};
use crate::games::setup::Setup;
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study};
use crate::units::group;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::fmt::Display;

/// The words of a game's one menu line, which holds its start position as typed, and of the
/// option that gives it on the command line.
pub struct Line {
    /// The menu line ([`Line::text`]): its key, its label, its presets, the first the default.
    pub field: Field,
    /// The game's name before its position, for people and as the statistics key ("Nim" in
    /// "Nim 3,4,5").
    pub name: &'static str,
    /// The option of `munch play` and `munch solve` that gives the position, and its value's
    /// name in `--help` (`["piles", "PILES"]`: `--piles <PILES>`).
    pub option: [&'static str; 2],
    /// What the option holds, as `--help` says it: for `munch play` (which has the first
    /// preset as its default), then for `munch solve`.
    pub help: [&'static str; 2],
    /// The about lines of `munch play <id>` and `munch solve <id>`.
    pub about: [&'static str; 2],
    /// The Study editor's hint on the line ("←→ presets, or type 4,5").
    pub hint: &'static str,
}

impl Line {
    /// A menu line under `key`, shown as `label`, of whole numbers typed with commas and spaces
    /// between them (`4, 5`), at most `max_chars` of them (`too_long` says so), ←/→ going
    /// through `presets`, the first the default.
    pub const fn text(
        key: &'static str,
        label: &'static str,
        presets: &'static [&'static str],
        max_chars: usize,
        too_long: &'static str,
    ) -> Field {
        Field {
            key,
            label,
            kind: FieldKind::Text {
                default: presets[0],
                allowed: |c| c.is_ascii_digit() || matches!(c, ',' | ' '),
                max_chars,
                too_long,
                presets,
            },
            after_level: false,
            was: None,
        }
    }

    /// The line's presets, the first the default.
    fn presets(&self) -> &'static [&'static str] {
        match self.field.kind {
            FieldKind::Text { presets, .. } => presets,
            _ => &[],
        }
    }

    /// The most characters the line holds.
    fn max_chars(&self) -> usize {
        match self.field.kind {
            FieldKind::Text { max_chars, .. } => max_chars,
            _ => usize::MAX,
        }
    }
}

/// The most piles a line's game is asked whether it takes, for its puzzles.
const MOST_LINE_PILES: u64 = 16;

/// The most piles of a line game's puzzle by default (`munch puzzles --max-piles`).
pub const DEFAULT_PUZZLE_PILES: u64 = 3;

/// The most coins in a pile of a line game's puzzle by default (`--max-pile`), where its
/// table is built at once with as many.
pub const DEFAULT_PUZZLE_PILE: u64 = 100;

/// The draws of a puzzle's start before one a game does not start from is taken.
const DRAWS_A_START: usize = 100;

/// A position of a line entry's game.
type At<L> = <<L as LineEntry>::Game as Rules>::Position;

/// A game on the core whose start is the position on its one menu line: only what is its own.
pub trait LineEntry: Sync {
    /// The game's own rules, which a game or a study holds with the moves-left table of its
    /// start ([`Tabled`]), and whose words `munch solve` replies in.
    type Game: Tabling + Reply + Default;

    /// The game's fixed words: id, name, tagline, rules and keys.
    fn text(&self) -> &'static GameText;

    /// The words of its menu line and its option.
    fn line(&self) -> &'static Line;

    /// The position a game starts from when the menu line holds `text`, or why it starts none.
    fn read_line(&self, text: &str) -> Result<At<Self>, String>;

    /// Reads what follows the game's id in a position string, or says why a game cannot start
    /// there (one line; a finished position is refused); by default, as the menu line reads it.
    fn read_start(&self, body: &str) -> Result<At<Self>, String> {
        self.read_line(body)
    }

    /// The position `munch solve` answers for the option's `text` (a finished one too, where
    /// the game says so), or why it is none; by default, as the menu line reads it.
    fn read_solved(&self, text: &str) -> Result<At<Self>, String> {
        self.read_line(text)
    }

    /// The position the Study editor's line holds (`0,4,5`: a position reached in play), or
    /// why it holds none; by default, as a position string reads it.
    fn read_edited(&self, text: &str) -> Result<At<Self>, String> {
        self.read_start(text)
    }

    /// The menu line's text of a game from `start`, as it would start it.
    fn line_of(&self, start: &At<Self>) -> String;

    /// A game of `rules` from `start` on the board it is drawn on (which it may choose by the
    /// start's size).
    fn session(&self, setup: Setup, rules: Tabled<Self::Game>, start: At<Self>)
    -> Box<dyn Session>;

    /// The position `at` studied on the board it is drawn on.
    fn studied(&self, rules: Tabled<Self::Game>, at: At<Self>) -> Box<dyn Study>;

    /// A move in the notation saved games keep, in the words of the game's move list; `None`
    /// when `notation` is not one.
    fn move_words(&self, notation: &str) -> Option<MoveWords>;

    /// The moves-left table `munch solve --all-moves` lists the moves left from, where it is
    /// built for `at` within `memory` bytes.
    fn solve_table(&self, at: &At<Self>, memory: u64) -> Option<MovesLeft<Self::Game>>;

    /// `at` drawn small in text (see [`Entry::sketch`]); by default its menu line's text.
    fn sketch(&self, at: &At<Self>) -> Vec<String> {
        vec![self.line_of(at)]
    }
}

/// The catalogue entry of a game on one line: its menu line, its checks and its command line
/// from its [`Line`]; a study shares the table of the game it is opened from.
impl<L: LineEntry> Entry for L {
    type Rules = Tabled<L::Game>;
    type Start = At<L>;

    fn text(&self) -> &'static GameText {
        LineEntry::text(self)
    }

    fn fields(&self) -> &'static [Field] {
        std::slice::from_ref(&self.line().field)
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        let key = &self.line().field.key;
        Entry::start(self, values).err().map(|reason| Problem {
            keys: std::slice::from_ref(key),
            reason,
        })
    }

    /// "Nim 3,4,5": the position as the game writes it, so that `3, 4, 5` shares its
    /// statistics; the text as typed in braces where it is none.
    fn describe(&self, values: &Values) -> String {
        let line = self.line();
        match Entry::start(self, values) {
            Ok(start) => format!("{} {}", line.name, self.line_of(&start)),
            Err(_) => format!("{} {{{}}}", line.name, values.text(line.field.key)),
        }
    }

    /// A line longer than it holds is cut to its most characters.
    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        let (key, most) = (self.line().field.key, self.line().max_chars());
        let text = values.text(key);
        if text.chars().count() <= most {
            return Vec::new();
        }
        let cut: String = text.chars().take(most).collect();
        let label = self.line().field.label.to_lowercase();
        let change = format!("the {label} are longer than {most} characters; using {cut:?}");
        values.set(key, cut);
        vec![change]
    }

    fn start(&self, values: &Values) -> Result<At<L>, String> {
        self.read_line(values.text(self.line().field.key))
    }

    fn read_start(&self, body: &str) -> Result<At<L>, String> {
        LineEntry::read_start(self, body)
    }

    fn values_of(&self, start: &At<L>) -> Values {
        Values::default().with(self.line().field.key, self.line_of(start))
    }

    fn begin(&self, start: &At<L>, shared: Option<&Tabled<L::Game>>) -> (Tabled<L::Game>, At<L>) {
        let rules = Tabled::sharing(L::Game::default(), start.clone(), shared);
        (rules, start.clone())
    }

    fn session(&self, setup: Setup, rules: Tabled<L::Game>, start: At<L>) -> Box<dyn Session> {
        LineEntry::session(self, setup, rules, start)
    }

    fn studied(&self, rules: Tabled<L::Game>, at: At<L>) -> Box<dyn Study> {
        LineEntry::studied(self, rules, at)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        LineEntry::move_words(self, notation)
    }

    fn sketch(&self, _rules: &Tabled<L::Game>, at: &At<L>) -> Vec<String> {
        LineEntry::sketch(self, at)
    }

    /// A number of piles, then a position of that many piles, each at most the most coins,
    /// at random among those the table of the top (every pile the most) numbers; one a game
    /// starts from (the menu line reads it back) where a few draws find one. The numbers of
    /// piles are those the menu line takes, two at least where it takes more (a game of one
    /// number, Wythoff's two, takes no `--max-piles`); by default at most
    /// [`DEFAULT_PUZZLE_PILES`], each at most the most coins whose table is built at once
    /// ([`Tabling::INSTANT`], at most [`DEFAULT_PUZZLE_PILE`]); none past a table's budget.
    fn puzzle_draw(&self, bounds: &Bounds) -> Result<Draw<'_, At<L>>, String> {
        let id = LineEntry::text(self).id;
        let game = L::Game::default();
        let top_of = move |piles: u64, pile: u64| {
            let piles = usize::try_from(piles).unwrap_or(usize::MAX);
            self.read_line(&vec![pile.to_string(); piles].join(","))
        };
        let counts: Vec<u64> = (1..=MOST_LINE_PILES)
            .filter(|&piles| top_of(piles, 1).is_ok())
            .collect();
        let (Some(&first), Some(&limit)) = (counts.first(), counts.last()) else {
            return Err(format!("{id} has no puzzles"));
        };
        let fewest = first.max(2).min(limit);
        let most = if fewest == limit {
            bounds.refuse(id, &["max-rows", "max-cols", "max-piles"])?;
            limit
        } else {
            bounds.refuse(id, &["max-rows", "max-cols"])?;
            let most = DEFAULT_PUZZLE_PILES.clamp(fewest, limit);
            Bounds::within(bounds.max_piles, "max-piles", most, fewest..=limit)?
        };
        let instant = |pile: &u64| {
            (top_of(most, *pile).ok())
                .and_then(|top| game.positions(&top))
                .is_some_and(|count| count <= L::Game::INSTANT)
        };
        let default = (1..=DEFAULT_PUZZLE_PILE).rev().find(instant).unwrap_or(1);
        let pile = Bounds::within(bounds.max_pile, "max-pile", default, 1..=u64::MAX)?;
        let count = game.positions(&top_of(most, pile)?);
        if count.is_none_or(|n| n > L::Game::BUDGET) {
            let count = count.map_or_else(|| "more than 2^64".into(), group);
            return Err(format!(
                "{most} piles of up to {pile} coins need a table of {count} positions, more \
                 than its {}: lower --max-pile",
                group(L::Game::BUDGET)
            ));
        }
        let tops: Vec<At<L>> = (fewest..=most)
            .map(|piles| top_of(piles, pile))
            .collect::<Result<_, _>>()?;
        Ok(Box::new(move |rng| {
            let top = &tops[rng.usize(..tops.len())];
            let positions = game.positions(top).unwrap_or(1);
            let mut at = game.numbered(top, rng.u64(..positions));
            for _ in 0..DRAWS_A_START {
                if self.read_line(&self.line_of(&at)).as_ref() == Ok(&at) {
                    break;
                }
                at = game.numbered(top, rng.u64(..positions));
            }
            Some([top.clone(), at])
        }))
    }

    fn play_command(&self) -> Command {
        let line = self.line();
        let option = option(line, line.help[0]).default_value(line.presets()[0]);
        Command::new(LineEntry::text(self).id)
            .arg(option)
            .about(line.about[0])
    }

    /// The line as typed (the game's problem check reads it).
    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        let line = self.line();
        let text = matches.get_one::<String>(line.option[0]).cloned();
        values.set(line.field.key, text.unwrap_or_default());
        Ok(())
    }

    fn solve_command(&self) -> Command {
        let line = self.line();
        let json = Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help("Print one JSON object on one line");
        Command::new(LineEntry::text(self).id)
            .arg(option(line, line.help[1]).required(true))
            .arg(json)
            .about(line.about[1])
    }

    /// The position the option gives, as [`Entry::solve`] reads it.
    fn solve_start(&self, matches: &ArgMatches) -> Result<At<L>, String> {
        let [option, _] = self.line().option;
        let text = matches.get_one::<String>(option).map_or("", String::as_str);
        self.read_solved(text)
            .map_err(|e| format!("--{option}: {e}"))
    }

    /// The option with the position string's body (`--piles 0,4,5`: an empty pile keeps its
    /// place).
    fn solve_args(&self, start: &At<L>) -> Vec<String> {
        let [option, _] = self.line().option;
        let printed = L::Game::default().print(start);
        let body = printed.split_once(' ').map_or("", |(_, body)| body);
        vec![format!("--{option}"), body.to_string()]
    }

    /// The reply for the position the option gives; `--all-moves` lists every move with its
    /// moves left where [`LineEntry::solve_table`] builds the table.
    fn solve(&self, matches: &ArgMatches, memory: u64, _: SolveProgress) -> Result<String, String> {
        let at = self.solve_start(matches)?;
        let game = L::Game::default();
        let all = (all_moves(matches))
            .then(|| every_move(&game, &at, || self.solve_table(&at, memory)))
            .transpose()?;
        let json = matches.get_flag("json");
        Ok(reply(
            &game,
            LineEntry::text(self).id,
            &at,
            json,
            all.as_ref(),
        ))
    }
}

/// What a line entry's game says on the Study screen beyond its table, from which the core
/// writes the [`StudyRules`] of its rules with their table, [`Tabled`], once: the table of the
/// position studied is built at once or asked for, and answers every position it numbers; the
/// editor is the entry's line.
pub trait LineStudy: Tabling {
    /// The game's catalogue entry, whose line the Study editor edits.
    type Entry: LineEntry<Game = Self> + Default;

    /// The game's name over the Study screen ("Wythoff's game").
    const TITLE: &'static str;

    /// Why the moves left of a position past the table's budget are not known, `budget` its
    /// most positions written out ("moves left: not known past 16,384 positions").
    fn missing(budget: &str) -> String;

    /// A move in the words of the board a game from `start` is studied on, where they are not
    /// the game's; `None` by default.
    fn move_words(_start: &Self::Position, _mv: Self::Move) -> Option<MoveWords> {
        None
    }
}

/// The Study screen's words, the table of the position studied, and the editor of the line.
impl<G: LineStudy> StudyRules for Tabled<G>
where
    G::Position: Display,
{
    fn title(&self) -> String {
        G::TITLE.into()
    }

    /// "piles 4,5".
    fn describe(&self, at: &G::Position) -> String {
        format!("piles {at}")
    }

    /// Positions the table held covers are answered by it; any others (a small position
    /// reached from a start too large for a table, or one above the table) get a table of
    /// their own when within the budget, which answers every position after them in the line
    /// too.
    fn want(&mut self, at: &G::Position) -> Option<Waiting> {
        self.want_table(at)
    }

    /// A table answers every position it numbers.
    fn answers(&self, asked: &G::Position, at: &G::Position) -> bool {
        self.game.number(asked, at).is_some()
    }

    fn missing(&self, at: &G::Position) -> Option<String> {
        (self.past_budget(at)).then(|| G::missing(&group(G::BUDGET)))
    }

    fn move_words(&self, mv: G::Move) -> Option<MoveWords> {
        G::move_words(self.start(), mv)
    }

    fn editor(&self, at: &G::Position) -> Box<dyn Editor> {
        editor::<G::Entry>(at)
    }
}

/// The option that gives the position, `--piles <PILES>`, saying `help`. Hyphen values reach
/// the game's own reader, which says why `-3` is no pile.
fn option(line: &Line, help: &'static str) -> Arg {
    let [option, value] = line.option;
    Arg::new(option)
        .long(option)
        .value_name(value)
        .allow_hyphen_values(true)
        .help(help)
}

/// The Study editor of a game on one line: its line, holding `at` (an empty pile keeps its
/// place, so that the piles keep their numbers), whose position is studied as a new game's.
pub fn editor<L: LineEntry + Default>(at: &At<L>) -> Box<dyn Editor>
where
    At<L>: Display,
{
    let line = L::default().line();
    let fields = EditFields::new(vec![EditField {
        label: line.field.label,
        value: at.to_string(),
        also: ", ",
        presets: line.presets(),
        hint: line.hint,
        check: |text| L::default().read_edited(text).map(|_| ()),
    }]);
    Box::new(FieldsEditor::new(fields, study_edited::<L>))
}

/// The position the editor's line holds, studied with a table of its own.
fn study_edited<L: LineEntry + Default>(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let entry = L::default();
    let start = entry.read_edited(fields.value(entry.line().field.label))?;
    let (rules, at) = Entry::begin(&entry, &start, None);
    Ok(LineEntry::studied(&entry, rules, at))
}

/// A game of `rules` from `start` on board `A` where `first`, else on board `B`: for a game
/// that chooses its board by its start's size.
pub fn session_on<R: Rules, A: Board<R> + 'static, B: Board<R> + 'static>(
    first: bool,
    setup: Setup,
    rules: R,
    start: R::Position,
) -> Box<dyn Session>
where
    Play<R, A>: View,
    Play<R, B>: View,
{
    if first {
        Box::new(Play::<R, A>::begin(setup, rules, start))
    } else {
        Box::new(Play::<R, B>::begin(setup, rules, start))
    }
}

/// `at` studied with `rules` on board `A` where `first`, else on board `B`.
pub fn studied_on<R: StudyRules, A: StudyBoard<R> + 'static, B: StudyBoard<R> + 'static>(
    first: bool,
    rules: R,
    at: R::Position,
) -> Box<dyn Study> {
    if first {
        Box::new(Studied::<R, A>::new(rules, at))
    } else {
        Box::new(Studied::<R, B>::new(rules, at))
    }
}
