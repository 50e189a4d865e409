//! Fibonacci Nim on the core: its rules on the one-pile board ([`PileRules`], which gives it
//! the core's `Rules`), its study there and the study's editor (the pile and the largest take
//! allowed now), in one file because the rules make the editor and the editor studies by the
//! rules.

use super::answer::{self, fibonacci_winning_takes};
use super::position;
use super::rules::{limit, position_of, take};
use crate::games::core::rules::NoGrundy;
use crate::games::core::study::Studied;
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::SolverLine;
use crate::games::pile::rules::{PilePosition, PileRules, Takes, study_takes};
use crate::games::pile::session::PileBoard;
use crate::games::pile::session::PileSession;
use crate::games::request::{Built, Progress, Task, Waiting};
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study, whole_number};
use crate::solve::fibonacci_table::{FIB_REACH, FibMovesLeft};
use crate::solve::grundy_tables::FibonacciGrundy;
use crate::units::group;
use std::sync::Arc;

/// A game of Fibonacci Nim in progress, on the one-pile board.
pub type FibonacciSession = PileSession<FibonacciRules>;

/// Fibonacci Nim's rules: the first take is 1 to n-1, each later one up to twice the last;
/// with the moves-left table of the positions a game reaches, once it is built.
#[derive(Clone, Default)]
pub struct FibonacciRules {
    /// The largest pile the rules are for: a game's start, a study's position.
    pile: u64,
    table: Option<Arc<FibMovesLeft>>,
}

/// The largest pile whose own moves-left table is built at once on the interface's thread
/// (about 33,000 positions, a few tenths of a millisecond); a larger one waits for the table up
/// to [`FIB_REACH`], built once on the table thread and kept.
pub const FIB_INSTANT: u64 = 256;

impl FibonacciRules {
    /// The rules with the moves-left table up to [`FIB_REACH`] (slow the first time: not on
    /// the interface's thread).
    pub fn with_table() -> FibonacciRules {
        FibonacciRules {
            pile: FIB_REACH,
            table: Some(FibMovesLeft::shared()),
        }
    }

    /// The rules for the positions below a pile of `pile` coins, as a game or a study starts:
    /// the table up to [`FIB_REACH`] when it was built already, else a table up to the pile
    /// when it is small (built at once), else none yet (see [`PileRules::build_tables`]).
    pub fn for_pile(pile: u64) -> FibonacciRules {
        let table = FibMovesLeft::shared_if_built()
            .or_else(|| (pile <= FIB_INSTANT).then(|| Arc::new(FibMovesLeft::build(pile))));
        FibonacciRules { pile, table }
    }

    /// Whether these rules serve a game or a study from `pile` coins: their table holds every
    /// position up to their own pile, which is at least `pile`.
    pub fn serve(&self, pile: u64) -> bool {
        self.hold() && self.pile >= pile
    }

    /// Whether their table holds every position within reach of the pile they are for.
    pub fn hold(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.reach() >= self.pile.min(FIB_REACH))
    }

    /// The moves left of `at`, where the rules' table holds it.
    pub fn moves_left(&self, at: &PilePosition) -> Option<u64> {
        self.table.as_ref()?.moves_left(at.pile, at.max_take)
    }

    /// Every take at `at` with its outcome and winning replies (Zeckendorf), and its moves
    /// left where the rules' table holds them; `None` when the takes are too many to list.
    pub fn study_all(&self, at: &PilePosition) -> Option<PositionAnalysis<u64>> {
        study_takes(self, at, |at| self.moves_left(at))
    }
}

impl PileRules for FibonacciRules {
    fn title(&self) -> String {
        "Fibonacci Nim".to_string()
    }

    fn takes(&self, at: &PilePosition) -> Takes {
        Takes::UpTo(limit(*at))
    }

    fn after(&self, at: &PilePosition, k: u64) -> PilePosition {
        take(*at, k)
    }

    fn position_string(&self, at: &PilePosition) -> String {
        position::print(*at)
    }

    /// Zeckendorf's rule knows every position.
    fn winning_takes(&self, at: &PilePosition) -> Option<Vec<u64>> {
        Some(fibonacci_winning_takes(*at))
    }

    /// 0 where Zeckendorf's rule says the position is lost (any pile); else from the table of
    /// every position of at most the pile, where it fits `budget`.
    fn grundy(&self, at: &PilePosition, budget: u64) -> Result<u64, NoGrundy> {
        if limit(*at) == 0 || fibonacci_winning_takes(*at).is_empty() {
            return Ok(0);
        }
        let needed = FibonacciGrundy::bytes_for(at.pile);
        if needed > budget {
            let what = format!(
                "the Grundy table of Fibonacci Nim to pile {}",
                group(at.pile)
            );
            return Err(NoGrundy::over_budget(&what, needed, budget));
        }
        let table = FibonacciGrundy::build(at.pile);
        Ok(table
            .value(at.pile, at.max_take)
            .expect("the table reaches its top"))
    }

    /// Within the moves-left table's reach (a pile of at most [`FIB_REACH`]), once it is
    /// built.
    fn takes_studied(&self, at: &PilePosition) -> Option<PositionAnalysis<u64>> {
        self.table.as_ref().filter(|t| at.pile <= t.reach())?;
        self.study_all(at)
    }

    fn solver_line(&self) -> SolverLine {
        SolverLine::Text("Zeckendorf rule".into())
    }

    /// The pile's Zeckendorf sum, its smallest term against the most that may be taken.
    fn why(&self, at: &PilePosition) -> Vec<String> {
        answer::why(*at).0
    }

    fn editor(&self, at: &PilePosition) -> Box<dyn Editor> {
        editor(*at)
    }

    /// The table up to [`FIB_REACH`], when the moves left are wanted and the rules hold no
    /// table of their positions (a pile past [`FIB_INSTANT`]).
    fn build_tables(&mut self, moves_left: bool) -> Option<Waiting> {
        if !moves_left || self.hold() {
            return None;
        }
        let task = Task::new(
            format!("moves left of fibonacci to pile {FIB_REACH}"),
            |progress| FibMovesLeft::build_shared(progress).map(|t| t as Built),
        );
        Some(Waiting::new("moves left", task))
    }

    fn take_tables(&mut self, built: Built) {
        if let Ok(table) = built.downcast::<FibMovesLeft>() {
            self.table = Some(table);
        }
    }

    /// The shared table (up to pile 2,000) is quick to build: nothing stops it.
    fn complete_tables(&mut self, _progress: Progress) -> Option<()> {
        if !self.hold() {
            self.table = Some(FibMovesLeft::shared());
        }
        Some(())
    }
}

/// A position of Fibonacci Nim on the Study screen.
pub type FibonacciStudy = Studied<FibonacciRules, PileBoard>;

/// The editor of the position `at`.
fn editor(at: PilePosition) -> Box<dyn Editor> {
    Box::new(FieldsEditor::new(
        EditFields::new(vec![
            EditField::number("Pile", at.pile, |text| {
                at_least_one(text, "the pile needs at least 1 coin")
            }),
            EditField::number("Max take", at.max_take.min(at.pile), |text| {
                at_least_one(text, "the largest take is at least 1")
            }),
        ])
        .checked_together(take_within_pile),
        study_fields,
    ))
}

/// Why the largest take cannot be what it is with the pile as typed (as the position string
/// says it), under the largest take.
fn take_within_pile(fields: &EditFields) -> Option<(&'static str, String)> {
    let pile = fields.value("Pile").parse().ok()?;
    let max_take = fields.value("Max take").parse().ok()?;
    position_of(pile, max_take)
        .err()
        .map(|problem| ("Max take", problem))
}

/// A whole number of at least 1, else why not (`zero` for 0).
fn at_least_one(text: &str, zero: &str) -> Result<(), String> {
    match whole_number(text)? {
        0 => Err(zero.to_string()),
        _ => Ok(()),
    }
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let number = |label: &str, what: &str| {
        fields
            .value(label)
            .parse::<u64>()
            .map_err(|_| format!("{what} is a whole number"))
    };
    let pile = number("Pile", "the pile")?;
    let max_take = number("Max take", "the largest take")?;
    let at = position_of(pile, max_take)?;
    Ok(Box::new(FibonacciStudy::new(
        FibonacciRules::for_pile(pile),
        at,
    )))
}
