//! Fibonacci Nim: one pile; first take 1 to n-1 coins, then up to twice the previous take; the
//! last coin wins. [`rules`] holds its positions, [`cli`] its command line.

pub mod answer;
pub mod cli;
pub mod fields;
pub mod position;
pub mod rules;
pub mod session;

use super::core::rules::GameText;
use super::field::{Field, Problem, Values};
use super::pile::entry::PileEntry;
use super::pile::rules::PilePosition;
pub use fields::FibonacciValues;
use session::FibonacciRules;

/// Fibonacci Nim's entry in the catalogue.
pub struct Fibonacci;

/// Fibonacci's words.
const TEXT: GameText = GameText {
    id: "fibonacci",
    label: "Fibonacci Nim",
    tagline: "Up to twice the last take; last coin wins",
    rules: &[
        "First take 1 to n-1 coins; then up to twice the previous take.",
        "Whoever takes the last coin wins.",
    ],
    keys: super::pile::session::KEYS,
    themes: &["Zeckendorf"],
};

impl PileEntry for Fibonacci {
    type Rules = FibonacciRules;
    type Start = PilePosition;
    type PlayArgs = cli::PlayArgs;
    type SolveArgs = cli::SolveArgs;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn about(&self) -> [&'static str; 2] {
        ["Play Fibonacci Nim", "Solve a Fibonacci Nim position"]
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

    fn start(&self, values: &Values) -> Result<PilePosition, String> {
        rules::start(FibonacciValues::from(values).pile)
    }

    fn read_start(&self, body: &str) -> Result<PilePosition, String> {
        position::parse(body)
    }

    fn values_of(&self, &start: &PilePosition) -> Values {
        position::values(start)
    }

    /// A study shares the table of the game it is opened from, where it holds its positions.
    fn begin(
        &self,
        &start: &PilePosition,
        shared: Option<&FibonacciRules>,
    ) -> (FibonacciRules, PilePosition) {
        let rules = (shared.filter(|rules| rules.serve(start.pile)).cloned())
            .unwrap_or_else(|| FibonacciRules::for_pile(start.pile));
        (rules, start)
    }

    /// Pairs of a pile and a largest take are many: piles up to 100.
    const PUZZLE_PILE: u64 = 100;

    /// A largest take of 1 to the pile, picked by `pick`, of 2 coins at least.
    fn puzzle_start(&self, pile: u64, pick: u64) -> Option<PilePosition> {
        (pile >= 2).then(|| rules::position_of(pile, 1 + pick % pile).ok())?
    }

    /// The pile `munch play fibonacci` asks for (the game's problem check reads it).
    fn play_values(&self, args: cli::PlayArgs, values: &mut Values) {
        values.set(fields::PILE, args.pile);
    }

    fn solve(&self, args: cli::SolveArgs, all_moves: bool) -> Result<String, String> {
        cli::solve(&args, all_moves)
    }

    fn solve_start(&self, args: cli::SolveArgs) -> Result<PilePosition, String> {
        cli::position(&args)
    }

    fn solve_args(&self, start: &PilePosition) -> Vec<String> {
        vec![
            "--pile".into(),
            start.pile.to_string(),
            "--max".into(),
            start.max_take.to_string(),
        ]
    }
}
