//! Sums of games (Winning Ways, ch. 2; Ferguson, part I, ch. 2–3): several games side by side,
//! a move is a move in one of them, and the player with no move in any loses. By the
//! Sprague–Grundy theorem each part counts as a Nim heap of its Grundy value. `rules.rs` holds
//! the positions, moves and rules; `board.rs` the board's choice and keys, `view.rs` its widget
//! and panel, `study.rs` the Study screen's; `cli.rs` the `munch solve` reply; this file the
//! catalogue entry, generic over the catalogue its parts' games come from ([`Catalogue`]).

pub mod board;
pub mod boxes;
pub mod cli;
pub mod rules;
pub mod study;
pub mod view;

use super::core::entry::{Entry, SolveProgress};
use super::core::part::Part;
use super::core::play::Play;
use super::core::rules::GameText;
use super::core::study::Studied;
use super::field::{Field, FieldKind, Problem, Values};
use super::review::MoveWords;
use super::session::Session;
use super::setup::{Level, Setup};
use super::study::{EditField, EditFields, Editor, FieldsEditor, Study};
use board::{KEYS, SumBoard};
use clap::{Arg, ArgAction, ArgMatches, Command};
use rules::{ID, SumMove, SumPosition, SumRules};
use std::marker::PhantomData;

/// Where a sum finds the games of its parts: the catalogue, which lists the sum itself, so a
/// sum cannot name it (`games/mod.rs` implements this).
pub trait Catalogue: Sync + Send + 'static {
    /// The part a position string (`nim 3,5`) names, read by the game its first word names;
    /// `None` when that word names no game a sum holds.
    fn part(text: &str) -> Option<Result<Box<dyn Part>, String>>;
}

/// The sum's entry in the catalogue.
pub struct Sum<C>(PhantomData<fn() -> C>);

impl<C> Sum<C> {
    /// The entry.
    pub const fn new() -> Sum<C> {
        Sum(PhantomData)
    }
}

impl<C> Default for Sum<C> {
    fn default() -> Sum<C> {
        Sum::new()
    }
}

/// The sum's words.
const TEXT: GameText = GameText {
    id: ID,
    label: "Sum of games",
    tagline: "Several games at once: move in one of them",
    rules: &[
        "Several games side by side: each move is a move in one of them.",
        "Whoever has no move in any of them loses (Chomp's poison is never eaten).",
        "Each part counts as a Nim heap of its Grundy value: xor the values (Sprague–Grundy).",
    ],
    keys: KEYS,
    themes: &["nim-sum"],
};

/// The key of the sum's menu line.
pub const PARTS: &str = "sum_parts";

/// Sums offered with ←/→ on the menu line; the first is the default.
pub const PRESETS: [&str; 5] = [
    "chomp 3x4 3,3,2,0 + nim 3,5 + subtraction 1,3,4 14 + wythoff 3,5",
    "nim 3 + nim 5 + nim 6",
    "chomp 2x4 2,2,2,2 + chomp 3x3 3,3,3 + chomp 2x3 2,2,1",
    "subtraction 1,3,4 21 + fibonacci 20 max 4",
    "chomp 3x4 3,3,2,0 + nim 3,5 + subtraction 1,3,4 21 + wythoff 3,5 + fibonacci 20 max 4",
];

/// The most characters of the menu line.
const MOST_CHARS: usize = 200;

static FIELDS: [Field; 1] = [Field {
    key: PARTS,
    label: "Parts",
    kind: FieldKind::Text {
        default: PRESETS[0],
        allowed: |c| c.is_ascii_alphanumeric() || matches!(c, ',' | ' ' | '+' | '-'),
        max_chars: MOST_CHARS,
        too_long: "a sum is at most 200 characters",
        presets: &PRESETS,
    },
    after_level: false,
    was: None,
}];

/// The sum that `body` names (its parts joined by `+`), or why it names none; a whole position
/// string (`sum nim 3 + nim 4`, as `y` copies it) is read too.
pub fn read<C: Catalogue>(body: &str) -> Result<SumPosition, String> {
    let trimmed = body.trim_start();
    let body = match trimmed.get(..ID.len() + 1) {
        Some(head) if head.eq_ignore_ascii_case("sum ") => &trimmed[ID.len() + 1..],
        _ => body,
    };
    SumPosition::read(body, C::part)
}

/// The Study editor of a sum: its position string on one line.
fn editor<C: Catalogue>(at: &SumPosition) -> Box<dyn Editor> {
    let printed = at.print();
    let body = printed.split_once(' ').map_or("", |(_, body)| body);
    let fields = EditFields::new(vec![EditField {
        label: "Parts",
        value: body.to_string(),
        also: "abcdefghijklmnopqrstuvwxyz+, ",
        presets: &PRESETS,
        hint: "←→ presets, or type nim 3,5 + wythoff 2,4",
        check: |text| read::<C>(text).map(|_| ()),
    }]);
    Box::new(FieldsEditor::new(fields, |fields| {
        let start = read::<C>(fields.value("Parts"))?;
        let rules = SumRules::new(&start).editing(editor::<C>);
        Ok(Box::new(Studied::<SumRules, SumBoard>::new(rules, start)) as Box<dyn Study>)
    }))
}

/// `munch play sum`'s and `munch solve sum`'s option.
fn parts_option(help: &'static str) -> Arg {
    Arg::new("parts")
        .long("parts")
        .value_name("PARTS")
        .allow_hyphen_values(true)
        .help(help)
}

impl<C: Catalogue> Entry for Sum<C> {
    type Rules = SumRules;
    type Start = SumPosition;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn fields(&self) -> &'static [Field] {
        &FIELDS
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        self.start(values).err().map(|reason| Problem {
            keys: std::slice::from_ref(&FIELDS[0].key),
            reason,
        })
    }

    /// "Sum of nim 3,5 + wythoff 2,4": the sum as it prints, so that spacing shares statistics.
    fn describe(&self, values: &Values) -> String {
        match self.start(values) {
            Ok(start) => format!("Sum of {}", &start.print()[ID.len() + 1..]),
            Err(_) => format!("Sum of {{{}}}", values.text(PARTS)),
        }
    }

    /// A line longer than it holds is cut to its most characters.
    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        let text = values.text(PARTS);
        if text.chars().count() <= MOST_CHARS {
            return Vec::new();
        }
        let cut: String = text.chars().take(MOST_CHARS).collect();
        let change = format!("the parts are longer than {MOST_CHARS} characters; using {cut:?}");
        values.set(PARTS, cut);
        vec![change]
    }

    fn start(&self, values: &Values) -> Result<SumPosition, String> {
        read::<C>(values.text(PARTS))
    }

    fn read_start(&self, body: &str) -> Result<SumPosition, String> {
        read::<C>(body)
    }

    fn values_of(&self, start: &SumPosition) -> Values {
        Values::default().with(PARTS, start.print()[ID.len() + 1..].to_string())
    }

    /// A study takes the budget of the game it is opened from, where that has it.
    fn begin(&self, start: &SumPosition, shared: Option<&SumRules>) -> (SumRules, SumPosition) {
        let rules = SumRules::new(start).editing(editor::<C>);
        let rules = match shared.and_then(SumRules::budget) {
            Some(budget) => rules.within(budget),
            None => rules,
        };
        (rules, start.clone())
    }

    fn session(&self, setup: Setup, rules: SumRules, start: SumPosition) -> Box<dyn Session> {
        Box::new(Play::<SumRules, SumBoard>::begin(setup, rules, start))
    }

    fn studied(&self, rules: SumRules, at: SumPosition) -> Box<dyn Study> {
        Box::new(Studied::<SumRules, SumBoard>::new(rules, at))
    }

    /// `2/1:3`: the part's number and its move, as written (the part's game is not known
    /// from the notation alone).
    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        let m = SumMove::read(notation)?;
        let text = format!("{} in part {}", &*m.notation, m.number());
        Some(MoveWords {
            listed: text.clone(),
            short: m.write(),
            instead: text,
        })
    }

    /// A sum knows who wins, not how long it lasts: the perfect computer never misses a win,
    /// and loses leaving the fewest winning replies.
    fn level_words(&self, level: Level) -> &'static str {
        match level {
            Level::Perfect => "never misses a win; else fewest replies",
            _ => level.description(),
        }
    }

    fn play_command(&self) -> Command {
        Command::new(ID)
            .arg(
                parts_option("The parts, joined by +: e.g. \"chomp 3x4 3,3,2,0 + nim 3,5\"")
                    .default_value(PRESETS[0]),
            )
            .about("Play a sum of games: several games at once, a move in one of them")
    }

    fn play_values(&self, matches: &ArgMatches, values: &mut Values) -> Result<(), String> {
        let text = matches.get_one::<String>("parts").cloned();
        values.set(PARTS, text.unwrap_or_default());
        Ok(())
    }

    fn solve_command(&self) -> Command {
        let flag = |id: &'static str, long: &'static str, help: &'static str| {
            Arg::new(id)
                .long(long)
                .action(ArgAction::SetTrue)
                .help(help)
        };
        Command::new(ID)
            .arg(
                parts_option("The parts, joined by +: e.g. \"chomp 3x4 3,3,2,0 + nim 3,5\"")
                    .required(true),
            )
            .arg(flag("json", "json", "Print one JSON object on one line"))
            .arg(flag(
                super::core::entry::GRUNDY,
                "grundy",
                "The Grundy value (every reply of a sum has it)",
            ))
            .about("Solve a sum of games: who wins, each part's Grundy value, every winning move")
    }

    fn solve(&self, matches: &ArgMatches, budget: u64, _: SolveProgress) -> Result<String, String> {
        let at = self.solve_start(matches)?;
        let all = super::moves_left::all_moves(matches);
        cli::reply(&at, budget, matches.get_flag("json"), all)
    }

    fn solve_start(&self, matches: &ArgMatches) -> Result<SumPosition, String> {
        let text = matches
            .get_one::<String>("parts")
            .map_or("", String::as_str);
        read::<C>(text).map_err(|e| format!("--parts: {e}"))
    }

    fn solve_args(&self, start: &SumPosition) -> Vec<String> {
        vec!["--parts".into(), start.print()[ID.len() + 1..].to_string()]
    }
}
