//! The subtraction game on the core: its rules on the one-pile board ([`PileRules`], which
//! gives it the core's `Rules`), its study there and the study's editor (the pile and the take
//! set), in one file because the rules make the editor and the editor studies by the rules.

use super::fields::SET_PRESETS;
use super::position;
use super::rules::TakeSet;
use crate::games::core::rules::NoGrundy;
use crate::games::core::study::Studied;
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::SolverLine;
use crate::games::pile::rules::{PilePosition, PileRules, Takes, study_takes};
use crate::games::pile::session::PileBoard;
use crate::games::pile::session::PileSession;
use crate::games::request::{Built, Progress, Task, Waiting};
use crate::games::study::{EditField, EditFields, Editor, FieldsEditor, Study, whole_number};
use crate::games::why;
use crate::solve::subtraction_table::{
    GrundySequence, MOVES_LEFT_LIMIT, PERIOD_SEARCH_LIMIT, SubtractionMovesLeft,
    SubtractionSolution, SubtractionTables,
};
use crate::units::group;
use std::sync::Arc;

/// A subtraction game in progress, on the one-pile board.
pub type SubtractionSession = PileSession<SubtractionRules>;

/// The subtraction game's rules for one game: the answer (the period of its outcomes) and the
/// moves left of every pile the game can reach, once they are built.
#[derive(Clone)]
pub struct SubtractionRules {
    set: TakeSet,
    /// The piles the moves-left table computes at most: up to the start, or up to its limit
    /// (past which a pile has no moves left unless a period showed).
    limit: u64,
    tables: Option<Arc<SubtractionTables>>,
}

/// The most progress reports a build made at once on the interface's thread may take before
/// it goes to the table thread instead: each comes after about the same work whatever the set
/// (see [`progress_steps`](crate::solve::subtraction_table::progress_steps)), under a
/// millisecond in all. Most take sets show their period within it.
const INSTANT_REPORTS: u32 = 8;

impl SubtractionRules {
    /// The rules of a game of `set` starting with `pile` coins, with their tables built (slow:
    /// not on the interface's thread).
    pub fn new(set: &TakeSet, pile: u64) -> SubtractionRules {
        let mut rules = SubtractionRules::without_tables(set, pile);
        rules
            .complete_tables(&mut |_, _| true)
            .expect("nothing stops it");
        rules
    }

    /// The rules of a game of `set` starting with `pile` coins, as a game or a study starts:
    /// their tables built at once when that is quick (most sets), else left for
    /// [`PileRules::build_tables`]' task on the table thread.
    pub fn asking(set: &TakeSet, pile: u64) -> SubtractionRules {
        let mut rules = SubtractionRules::without_tables(set, pile);
        let mut reports = 0;
        let mut quick = |_, _| {
            reports += 1;
            reports <= INSTANT_REPORTS
        };
        rules.tables = SubtractionTables::build(set.sizes(), rules.limit, &mut quick).map(Arc::new);
        rules
    }

    /// The rules of a game of `set` from `pile` coins with the outcomes' period `solution` (of
    /// `set`), and the moves-left table built on it (slow: `munch solve`'s, with
    /// `--all-moves`).
    pub fn solved(solution: SubtractionSolution, pile: u64) -> SubtractionRules {
        let set = TakeSet::new(solution.sizes()).expect("a take set's sizes");
        let mut rules = SubtractionRules::without_tables(&set, pile);
        let table = SubtractionMovesLeft::solve_within(
            solution.sizes(),
            rules.limit,
            Some(&solution),
            &mut |_, _| true,
        )
        .expect("nothing stops it");
        rules.tables = Some(Arc::new(SubtractionTables { solution, table }));
        rules
    }

    /// The rules without their tables. Every pile a move can leave is at most the pile: the
    /// table needs no more (nor more than its limit, past which only its closed form answers).
    fn without_tables(set: &TakeSet, pile: u64) -> SubtractionRules {
        SubtractionRules {
            set: set.clone(),
            limit: pile.saturating_add(1).min(MOVES_LEFT_LIMIT),
            tables: None,
        }
    }

    /// Whether these rules' tables serve a game of `set` from `pile` coins: the same set, and
    /// the moves left computed that far.
    pub fn serve(&self, set: &TakeSet, pile: u64) -> bool {
        self.tables.is_some()
            && self.set == *set
            && self.limit >= pile.saturating_add(1).min(MOVES_LEFT_LIMIT)
    }

    /// The moves left of `pile`, where the moves-left table reaches it.
    pub fn moves_left(&self, pile: u64) -> Option<u64> {
        self.tables.as_ref()?.table.moves_left(pile)
    }

    /// The position of a game starting with `pile` coins.
    pub fn start(pile: u64) -> PilePosition {
        PilePosition { pile, max_take: 0 }
    }
}

/// A take is any size of the set up to the pile; no take bounds the next, so a position's
/// `max_take` stays 0.
impl PileRules for SubtractionRules {
    fn title(&self) -> String {
        format!("Subtraction game {}", self.set)
    }

    fn takes(&self, at: &PilePosition) -> Takes {
        Takes::Listed(self.set.legal(at.pile).collect())
    }

    fn after(&self, at: &PilePosition, k: u64) -> PilePosition {
        SubtractionRules::start(at.pile - k)
    }

    fn position_string(&self, at: &PilePosition) -> String {
        position::print(&self.set, at.pile)
    }

    /// Once the period search is done: every winning take.
    fn winning_takes(&self, at: &PilePosition) -> Option<Vec<u64>> {
        self.tables.as_ref()?.solution.winning_takes(at.pile)
    }

    /// Where the moves-left table reaches the pile.
    fn takes_studied(&self, at: &PilePosition) -> Option<PositionAnalysis<u64>> {
        self.moves_left(at.pile)?;
        study_takes(self, at, |at| self.moves_left(at.pile))
    }

    fn solver_line(&self) -> SolverLine {
        match self.tables.as_ref().map(|t| t.solution.cycle()) {
            Some(Some((start, period))) => {
                SolverLine::Text(format!("period {period} from pile {start}"))
            }
            Some(None) => SolverLine::Warning("no period found".into()),
            None => SolverLine::Text("not solved yet".into()),
        }
    }

    /// The strip of who wins from each pile up to this one, its period, and the smallest
    /// winning take.
    fn why(&self, at: &PilePosition) -> Vec<String> {
        let Some(tables) = self
            .tables
            .as_ref()
            .filter(|t| t.solution.wins(at.pile).is_some())
        else {
            return Vec::new();
        };
        let take = self
            .winning_takes(at)
            .and_then(|takes| takes.first().copied());
        let cycle = tables.solution.cycle();
        why::outcome_strip(|p| tables.solution.wins(p), at.pile, cycle, take)
    }

    /// From the Grundy sequence of the set, computed until its period shows: any pile.
    fn grundy(&self, at: &PilePosition, _budget: u64) -> Result<u64, NoGrundy> {
        let sequence = GrundySequence::solve(self.set.sizes(), PERIOD_SEARCH_LIMIT);
        sequence.value(at.pile).ok_or_else(|| {
            NoGrundy::OutOfReach(format!(
                "no period of the Grundy values of {} showed within {} piles",
                self.set,
                group(PERIOD_SEARCH_LIMIT)
            ))
        })
    }

    fn editor(&self, at: &PilePosition) -> Box<dyn Editor> {
        editor(&self.set, at)
    }

    /// Both tables in one task (the period, then the moves left), whatever is wanted: who
    /// wins needs the period.
    fn build_tables(&mut self, _moves_left: bool) -> Option<Waiting> {
        if self.tables.is_some() {
            return None;
        }
        let (set, limit) = (self.set.clone(), self.limit);
        let task = Task::new(
            format!("tables of subtraction {set} to pile {limit}"),
            move |progress| {
                SubtractionTables::build(set.sizes(), limit, progress).map(|t| Arc::new(t) as Built)
            },
        );
        Some(Waiting::new("solving", task))
    }

    fn take_tables(&mut self, built: Built) {
        if let Ok(tables) = built.downcast::<SubtractionTables>() {
            self.tables = Some(tables);
        }
    }

    fn complete_tables(&mut self, progress: Progress) -> Option<()> {
        if self.tables.is_none() {
            let tables = SubtractionTables::build(self.set.sizes(), self.limit, progress)?;
            self.tables = Some(Arc::new(tables));
        }
        Some(())
    }
}

/// A subtraction game's pile on the Study screen.
pub type SubtractionStudy = Studied<SubtractionRules, PileBoard>;

/// The editor of the pile `at` and the take set `set`.
fn editor(set: &TakeSet, at: &PilePosition) -> Box<dyn Editor> {
    Box::new(FieldsEditor::new(
        EditFields::new(vec![
            EditField::number("Pile", at.pile, |text| whole_number(text).map(|_| ())),
            EditField {
                label: "Takes",
                value: set_text(set),
                also: ",- ",
                presets: &SET_PRESETS,
                hint: "←→ presets, or type 1,3-5",
                check: |text| TakeSet::parse_typed(text).map(|_| ()),
            },
        ]),
        study_fields,
    ))
}

/// The take set as the editor's field shows it: `1,3,4`.
fn set_text(set: &TakeSet) -> String {
    let sizes: Vec<String> = set.sizes().iter().map(u64::to_string).collect();
    sizes.join(",")
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let pile: u64 = fields
        .value("Pile")
        .parse()
        .map_err(|_| "the pile is a whole number of coins".to_string())?;
    let set = TakeSet::parse_typed(fields.value("Takes")).map_err(|e| format!("takes: {e}"))?;
    let rules = SubtractionRules::asking(&set, pile);
    Ok(Box::new(SubtractionStudy::new(
        rules,
        SubtractionRules::start(pile),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The why of every pile up to 60 of three sets: its strip is the brute force's outcomes,
    /// the take it names wins (leaves a lost pile), and it names none exactly where the pile
    /// is lost.
    #[test]
    fn the_why_names_a_winning_take_and_draws_the_true_strip() {
        for sizes in ["1,2", "1,3,4", "2,5"] {
            let set = TakeSet::parse(sizes).unwrap();
            // By the definition: a pile wins when a take leaves a losing one.
            let mut wins: Vec<bool> = Vec::new();
            for pile in 0..=60u64 {
                let won = set
                    .sizes()
                    .iter()
                    .any(|&k| k <= pile && !wins[(pile - k) as usize]);
                wins.push(won);
            }
            for pile in 0..=60u64 {
                let rules = SubtractionRules::new(&set, pile);
                let lines = rules.why(&SubtractionRules::start(pile));
                let strip: String = (pile.saturating_sub(39)..=pile)
                    .map(|p| if wins[p as usize] { 'W' } else { 'L' })
                    .collect();
                assert!(lines[1].ends_with(&strip), "{sizes} {pile}: {lines:?}");
                let last = lines.last().unwrap();
                match last.strip_prefix("Take ") {
                    Some(rest) => {
                        let take: u64 = rest.split(':').next().unwrap().parse().unwrap();
                        assert!(
                            wins[pile as usize] && !wins[(pile - take) as usize],
                            "{last}"
                        );
                    }
                    None => assert!(!wins[pile as usize], "{sizes} {pile}: {last}"),
                }
            }
        }
    }

    /// Whether a game of `set` from `pile` is solved at once, on the interface's thread.
    fn instant(set: &str, pile: u64) -> bool {
        let set = TakeSet::parse(set).unwrap();
        SubtractionRules::asking(&set, pile).tables.is_some()
    }

    #[test]
    fn a_set_of_many_takes_is_built_on_the_table_thread_a_small_one_at_once() {
        // Each pile tries every take: thousands of takes take thousands of times as long a
        // pile, so the same few thousand piles are far more than a millisecond's work.
        assert!(
            !instant("1-4096", 99_999),
            "4,096 takes: 16 M steps a report"
        );
        assert!(!instant("1,2000-4096", 1_000));
        assert!(instant("1,3,4", 1_000_000));
        assert!(instant("2,5,7,11,13", 100_000));
    }
}
