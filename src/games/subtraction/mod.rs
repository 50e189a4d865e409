//! The subtraction game ⟨m, S⟩: take a number of coins from the set S; the last coin wins.
//! [`rules`] holds take sets and their parsing, [`cli`] its command line.

pub mod cli;
pub mod fields;
pub mod position;
pub mod rules;
pub mod session;

use super::core::rules::GameText;
use super::field::{Field, Problem, Values};
use super::pile::entry::PileEntry;
use super::pile::rules::PilePosition;
pub use fields::SubtractionValues;
use rules::TakeSet;
use session::SubtractionRules;

/// The subtraction game's entry in the catalogue.
pub struct Subtraction;

/// Subtraction's words.
const TEXT: GameText = GameText {
    id: "subtraction",
    label: "Subtraction",
    tagline: "Take a size from the set; the last coin wins",
    rules: &[
        "Take a number of coins from the set S (no more than the pile).",
        "Whoever takes the last coin wins; with no legal take you lose.",
    ],
    keys: super::pile::session::KEYS,
    themes: &["period"],
};

impl PileEntry for Subtraction {
    type Rules = SubtractionRules;
    /// The take set and the pile.
    type Start = (TakeSet, u64);
    type PlayArgs = cli::PlayArgs;
    type SolveArgs = cli::SolveArgs;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn about(&self) -> [&'static str; 2] {
        [
            "Play a subtraction game",
            "Solve a subtraction game: a pile, and the set of sizes a move may take",
        ]
    }

    fn fields(&self) -> &'static [Field] {
        &fields::FIELDS
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        fields::problem(values)
    }

    fn describe(&self, values: &Values) -> String {
        fields::describe(values)
    }

    fn sanitize(&self, values: &mut Values) -> Vec<String> {
        fields::sanitize(values)
    }

    fn start(&self, values: &Values) -> Result<(TakeSet, u64), String> {
        if let Some(problem) = fields::problem(values) {
            return Err(problem.reason);
        }
        let values = SubtractionValues::from(values);
        Ok((TakeSet::parse(&values.set)?, values.pile))
    }

    fn read_start(&self, body: &str) -> Result<(TakeSet, u64), String> {
        position::parse(body)
    }

    fn values_of(&self, (set, pile): &(TakeSet, u64)) -> Values {
        position::values(set, *pile)
    }

    /// A study shares the tables of the game it is opened from, where they serve its set and
    /// pile; the tables are built at once when that is quick, else on the table thread.
    fn begin(
        &self,
        (set, pile): &(TakeSet, u64),
        shared: Option<&SubtractionRules>,
    ) -> (SubtractionRules, PilePosition) {
        let rules = (shared.filter(|rules| rules.serve(set, *pile)).cloned())
            .unwrap_or_else(|| SubtractionRules::asking(set, *pile));
        (rules, SubtractionRules::start(*pile))
    }

    /// The sizes 1 to 6 whose bits `pick` sets, two at least, as the take set.
    fn puzzle_start(&self, pile: u64, pick: u64) -> Option<(TakeSet, u64)> {
        let sizes: Vec<u64> = (1..=6).filter(|k| pick >> k & 1 == 1).collect();
        (sizes.len() >= 2).then(|| (TakeSet::new(&sizes).expect("sizes 1 to 6"), pile))
    }

    /// The set as typed (the game's problem check reads it).
    fn play_values(&self, args: cli::PlayArgs, values: &mut Values) {
        values.set(fields::PILE, args.pile);
        values.set(fields::SET, args.set);
    }

    fn solve(&self, args: cli::SolveArgs, all_moves: bool) -> Result<String, String> {
        cli::solve(&args, all_moves)
    }

    fn solve_start(&self, args: cli::SolveArgs) -> Result<(TakeSet, u64), String> {
        let set = TakeSet::parse_typed(&args.set).map_err(|e| format!("--set: {e}"))?;
        Ok((set, args.pile))
    }

    /// The set as the position string writes it, ranges and all (`1,3,4`).
    fn solve_args(&self, (set, pile): &(TakeSet, u64)) -> Vec<String> {
        let sizes: Vec<String> = set.sizes().iter().map(u64::to_string).collect();
        vec![
            "--set".into(),
            sizes.join(","),
            "--pile".into(),
            pile.to_string(),
        ]
    }
}
