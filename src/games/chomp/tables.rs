//! Chomp on the game core ([`ChompRules`]): its rules as the core's `Rules` (the grid board's
//! `GridRules`, the bar's squares as the grid's cells, are in `board.rs`), with the tables they
//! hold and ask for. Outcomes and moves left come from the moves-left table of a box, which
//! the table thread builds (with its outcome table, sent on as soon as it is there) as the build
//! tasks of `solver.rs`; a box whose two tables do not fit the memory budget gets its outcome
//! table alone, and one whose outcome table does not fit either is answered by what the answer
//! function proves, until the bar shrinks into a box that fits: then that box's tables are
//! asked for.

use super::answer::ChompAnswer;
use super::moves_left::{Proof, study};
use super::player;
use super::rules::{Position, Square};
use super::solver::{self, Answer, Phase};
use super::theory;
use super::why;
use crate::games::core::play::Judge;
use crate::games::core::rules::{NoGrundy, Rules, Unfought};
use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{Built, JudgedMoves, Request, Task, Waiting};
use crate::games::review::Known;
use crate::games::session::{Leftover, QuestionWords};
use crate::games::turns;
use crate::input::{
    ANALYSE, ARROWS, Action, Binding, CHOOSE_BUTTON, COPY_POSITION, ENTER_SPACE, HELP,
    KEEP_PLAYING, LEAVE, PAGES, PRESS_BUTTON, REDO, RESTART, UNDO, bind, plain,
};
use crate::solve::chomp_table::MAX_SQUARES;
use crate::solve::{MovesLeftTable, NimberTable, OutcomeTable};
use crate::units::{bytes, bytes_unbroken};
use ratatui::crossterm::event::KeyCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// What a game hands the next game of Chomp (or a study the game it was opened from), so that
/// playing again on the same box (or a smaller one) needs no new build: its tables.
pub struct KeptTables {
    pub outcomes: Arc<OutcomeTable>,
    pub moves_left: Option<Arc<MovesLeftTable>>,
}

/// The longest the computer waits for a table being built rather than play a move nothing
/// proves. The largest table the default budget allows (18×18) takes 10–13 s on the machine
/// munch is built on, so this leaves room for a slower or busier one; a table further off (a
/// larger `--memory`: 19×19 takes about 47 s) gets the search's best move, marked unproven.
pub const WAIT_FOR_TABLE: Duration = Duration::from_secs(30);

/// The memory the moves-left table of a `rows` × `cols` box takes with the outcome table it is
/// built on (as the solver counts them: each with its build's buffers), and beside them `held`,
/// the game's outcome table, where that is of a larger box (it is kept: it judges the whole
/// game for the review, and serves undo).
fn moves_left_bytes(held: &OutcomeTable, rows: u8, cols: u8) -> u64 {
    let kept = if (held.rows(), held.cols()) == (rows, cols) {
        0
    } else {
        held.table_bytes()
    };
    OutcomeTable::bytes_for(rows, cols)
        .saturating_add(MovesLeftTable::bytes_for(rows, cols))
        .saturating_add(kept)
}

/// Keys while a game is on.
pub const KEYS: &[Binding] = &[
    bind("←↑↓→ hjkl", "move the cursor", Some("move"), ARROWS),
    bind(
        "Enter Space",
        "eat the square and everything above and right of it",
        Some("eat"),
        ENTER_SPACE,
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning square",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    ANALYSE,
    COPY_POSITION,
    HELP,
    LEAVE,
];

/// The question eating the poison asks while other squares remain.
pub const POISON_QUESTION: QuestionWords = QuestionWords {
    title: " Eat the poison and lose? ",
    lines: &["Other squares remain: eating a1 ☠ loses the game."],
    aside: Some("(The menu's 'Ask before a1' turns this off.)"),
    yes: "Eat it",
    keys: &[
        PRESS_BUTTON,
        CHOOSE_BUTTON,
        bind(
            "y",
            "eat the poison and lose",
            Some("eat it"),
            &[(plain(KeyCode::Char('y')), Action::Yes)],
        ),
        KEEP_PLAYING,
    ],
};

/// What the rules have from the table thread.
#[derive(Clone)]
enum Tables {
    /// Waiting for the moves-left table; the outcome table it is built on, once that is there
    /// (the outcomes are known meanwhile).
    MovesLeft(Option<Arc<OutcomeTable>>),
    /// The moves-left table did not fit: waiting for the outcome table alone.
    Outcomes,
    /// Both tables; the outcome table may be of a larger box than the moves-left table's (a
    /// game keeps its larger one while the bar has shrunk into a box whose moves left fit the
    /// budget: it judges the whole game for the review, and serves undo).
    Both {
        outcomes: Arc<OutcomeTable>,
        moves_left: Arc<MovesLeftTable>,
    },
    /// The outcome table alone: moves left are not within the memory budget.
    OutcomesOnly(Arc<OutcomeTable>),
    /// Not even the outcome table fits: nothing is known but what the answer proves.
    Refused { needed_bytes: u64, budget: u64 },
}

/// Chomp's rules on a bar of `rows` × `cols`, with the tables they hold or await.
#[derive(Clone)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one game's rules (asked yet, asking first, moves left wanted), not one state"
)]
pub struct ChompRules {
    rows: u8,
    cols: u8,
    tables: Tables,
    /// Whether the tables of a box were asked for yet.
    asked: bool,
    /// The box the tables are of: the trimmed box of the first position asked about, or, once
    /// its tables were refused, of the position now (see [`ChompRules::follow_the_box`]).
    table_box: (u8, u8),
    /// The memory budget, once the table thread has named it by refusing a table.
    budget: Option<u64>,
    /// The build to ask for next: the outcome table alone, once the moves-left table was
    /// refused.
    next: Option<Waiting>,
    /// Whether eating the poison while other squares remain asks first (a game's setting;
    /// never on the Study screen).
    ask_before_poison: bool,
    /// The trimmed box of the position the rules start from.
    start_box: (u8, u8),
    /// Whether a game asked for the moves left (at level perfect).
    fights: bool,
    /// Whether a game at level perfect wants the moves left even with no computer playing
    /// (the panel's gauge, the Study opened from it).
    wants_moves_left: bool,
    /// The moves-left table's refusal for the bar's box now, where only the outcome table fits
    /// the memory budget: the bytes it needs with the outcome table held, and the budget.
    moves_left_refusal: Option<(u64, u64)>,
    /// The nimber table of the start's box, once a Grundy value was asked for (a sum asks for
    /// one after every move): built once, shared by every clone.
    nimbers: Arc<OnceLock<Arc<NimberTable>>>,
}

impl ChompRules {
    /// The rules of the bar `start` is a position of, with no table yet.
    pub fn new(start: &Position) -> ChompRules {
        ChompRules {
            rows: start.rows(),
            cols: start.cols(),
            tables: Tables::MovesLeft(None),
            asked: false,
            table_box: (0, 0),
            budget: None,
            next: None,
            ask_before_poison: false,
            start_box: start.bounding_box(),
            fights: false,
            wants_moves_left: false,
            moves_left_refusal: None,
            nimbers: Arc::default(),
        }
    }

    /// The rules of a game that wants the moves left where `wanted` (level perfect), whoever
    /// plays: the panel shows their gauge, and a study opened from the game has them.
    #[must_use]
    pub fn wanting_moves_left(self, wanted: bool) -> ChompRules {
        ChompRules {
            wants_moves_left: wanted,
            ..self
        }
    }

    /// Both tables, the outcome table `held` kept where it is of a larger box than the
    /// moves-left table's.
    fn both(held: Option<Arc<OutcomeTable>>, moves_left: Arc<MovesLeftTable>) -> Tables {
        let own = moves_left.outcomes();
        let larger = |t: &Arc<OutcomeTable>| t.rows() >= own.rows() && t.cols() >= own.cols();
        Tables::Both {
            outcomes: held.filter(larger).unwrap_or_else(|| Arc::clone(own)),
            moves_left,
        }
    }

    /// The rules of a game, whose person is asked before eating the poison where
    /// `ask_before_poison` (the menu's "Ask before a1").
    #[must_use]
    pub fn asking_before_poison(self, ask_before_poison: bool) -> ChompRules {
        ChompRules {
            ask_before_poison,
            ..self
        }
    }

    /// The outcome table's refusal, where not even it fits the memory budget: the bytes it
    /// needs, and the budget.
    pub fn refused(&self) -> Option<(u64, u64)> {
        match self.tables {
            Tables::Refused {
                needed_bytes,
                budget,
            } => Some((needed_bytes, budget)),
            _ => None,
        }
    }

    /// Whether a game asked for the moves left and they were refused (the outcome table alone
    /// fits).
    pub fn moves_left_refused(&self) -> bool {
        self.fights && matches!(self.tables, Tables::Outcomes | Tables::OutcomesOnly(_))
    }

    /// The moves-left table's refusal for the bar's box now (see
    /// [`ChompRules::moves_left_refused`]): the bytes it needs beside the outcome table held,
    /// and the budget.
    pub fn moves_left_refusal(&self) -> Option<(u64, u64)> {
        self.moves_left_refusal
            .filter(|_| self.moves_left_refused())
    }

    /// The bar's box: (rows, columns).
    pub fn bar(&self) -> (u8, u8) {
        (self.rows, self.cols)
    }

    /// The outcome table, once it is there.
    pub fn outcomes(&self) -> Option<&Arc<OutcomeTable>> {
        match &self.tables {
            Tables::Both { outcomes, .. } => Some(outcomes),
            Tables::OutcomesOnly(table) | Tables::MovesLeft(Some(table)) => Some(table),
            _ => None,
        }
    }

    /// The moves-left table, once it is there.
    pub fn moves_left(&self) -> Option<&Arc<MovesLeftTable>> {
        match &self.tables {
            Tables::Both { moves_left, .. } => Some(moves_left),
            _ => None,
        }
    }

    /// The build that covers `at`, when one is wanted: the first time, the moves-left table of
    /// `at`'s box; then the outcome table alone where that was refused; then the box followed
    /// (see [`ChompRules::follow_the_box`]).
    pub fn want_tables(&mut self, at: &Position) -> Option<Waiting> {
        if !self.asked {
            self.asked = true;
            self.table_box = at.bounding_box();
            let (rows, cols) = self.table_box;
            return (rows > 0).then(|| solver::moves_left_waiting(rows, cols));
        }
        if let Some(next) = self.next.take() {
            return Some(next);
        }
        self.follow_the_box(at, true)
    }

    /// Keeps the tables on the trimmed box of `at`, once the table thread has refused the
    /// first box's: a position whose box fits the budget asks for that box's tables (built on
    /// the table thread, with the gauge); a position a smaller table does not cover asks again
    /// for its own box's, or is refused at once when even its outcome table exceeds the
    /// budget. While nothing was refused, the first box's tables cover every position after it.
    /// `moves_left`: whether the moves-left table is asked for, or the outcome table alone.
    fn follow_the_box(&mut self, at: &Position, moves_left: bool) -> Option<Waiting> {
        let budget = self.budget?;
        let (rows, cols) = at.bounding_box();
        if rows == 0 || (rows, cols) == self.table_box {
            return None;
        }
        let covered = self.table_box.0 >= rows && self.table_box.1 >= cols;
        let refused = matches!(self.tables, Tables::Refused { .. });
        if covered && !refused {
            return None;
        }
        let needed_bytes = OutcomeTable::bytes_for(rows, cols);
        self.table_box = (rows, cols);
        if needed_bytes > budget {
            self.tables = Tables::Refused {
                needed_bytes,
                budget,
            };
            return None;
        }
        self.moves_left_refusal = None;
        if moves_left {
            self.tables = Tables::MovesLeft(None);
            Some(solver::moves_left_waiting(rows, cols))
        } else {
            self.tables = Tables::Outcomes;
            Some(solver::solve_waiting(rows, cols))
        }
    }

    /// At level perfect, the moves-left table of `at`'s box, where the outcome table held
    /// covers `at` and no moves-left table does: asked for again once undo leaves the box of
    /// the one held; where it was refused, once the bar has shrunk into a box whose moves left
    /// fit the budget beside the outcome table held (which is kept). Meanwhile the refusal's
    /// figures follow the box, for the panel.
    fn follow_moves_left(&mut self, at: &Position) -> Option<Waiting> {
        let (rows, cols) = at.bounding_box();
        let held = match &self.tables {
            Tables::OutcomesOnly(held) => held,
            Tables::Both {
                outcomes,
                moves_left,
            } if !moves_left.outcomes().covers(at.heights()) => outcomes,
            _ => return None,
        };
        if rows == 0 || !held.covers(at.heights()) {
            return None;
        }
        let held = Arc::clone(held);
        if matches!(self.tables, Tables::OutcomesOnly(_))
            && let Some((needed_bytes, budget)) = self.moves_left_refusal
        {
            // Only a box smaller than the one refused is worth asking for, so that a build the
            // machine could not hold is not retried on every move.
            let needs = moves_left_bytes(&held, rows, cols);
            self.moves_left_refusal = Some((needs, budget));
            if needs >= needed_bytes || needs > budget {
                return None;
            }
        }
        self.moves_left_refusal = None;
        self.tables = Tables::MovesLeft(Some(held));
        Some(solver::moves_left_waiting(rows, cols))
    }

    /// What the panel says of the tables, `proof` being what proves the position's outcome
    /// where no table does.
    pub fn note(&self, proof: Option<Proof>) -> Option<String> {
        Some(match (&self.tables, proof) {
            (Tables::OutcomesOnly(_), _) => "moves left: not within the memory budget".into(),
            (Tables::Outcomes, _) => {
                "moves left: not within the memory budget; solving outcomes".into()
            }
            // Strategy stealing fills the panel's two rows saying what it does not prove.
            (
                Tables::Refused { .. },
                Some(proof @ Proof::Answer(super::answer::Source::StrategyStealing)),
            ) => proof.words().to_string(),
            // Short, for the panel's two rows: "By the opening book. No table: needs 8.0 GiB,
            // 2.0 GiB left". The budget is what `--memory` leaves for tables.
            (
                Tables::Refused {
                    needed_bytes,
                    budget,
                },
                Some(proof),
            ) => format!(
                "{}. No table: needs {}, {} left",
                proof.words(),
                bytes_unbroken(*needed_bytes),
                bytes_unbroken(*budget)
            ),
            (
                Tables::Refused {
                    needed_bytes,
                    budget,
                },
                None,
            ) => format!(
                "No table: needs {}, {} left for tables",
                bytes_unbroken(*needed_bytes),
                bytes_unbroken(*budget)
            ),
            _ => return None,
        })
    }

    /// The judging of `moves` from `start` with the tables, once they are there.
    pub fn judging_with_tables(
        &self,
        start: &Position,
        moves: Vec<Square>,
    ) -> Option<Task<JudgedMoves>> {
        let judge = Judge {
            rules: self.clone(),
            start: start.clone(),
        };
        matches!(self.tables, Tables::Both { .. } | Tables::OutcomesOnly(_))
            .then(|| turns::judging(judge, moves))
    }

    /// Whether tables that will judge a game are on their way.
    pub fn tables_coming(&self) -> bool {
        // An empty position asks for no table.
        self.table_box.0 > 0 && matches!(self.tables, Tables::MovesLeft(_) | Tables::Outcomes)
    }

    /// The nimber table of the `rows` × `cols` box, built here (slow: never on the interface's
    /// thread), or why not: its nimbers might not fit a byte, or it would pass `budget`.
    fn nimbers_of(rows: u8, cols: u8, budget: u64) -> Result<NimberTable, NoGrundy> {
        if !NimberTable::fits(rows, cols) {
            return Err(NoGrundy::OutOfReach(format!(
                "a {rows}×{cols} box has more than {MAX_SQUARES} squares: its nimbers may not fit a byte"
            )));
        }
        let needed = NimberTable::bytes_for(rows, cols);
        if needed > budget {
            let what = format!("the nimber table of the {rows}×{cols} box");
            return Err(NoGrundy::over_budget(&what, needed, budget));
        }
        let refused = |_| NoGrundy::over_budget("the nimber table", needed, budget);
        NimberTable::build(rows, cols, &mut |_, _| true).map_err(refused)
    }

    /// Why nothing can judge a game's moves: its box's table does not fit the budget.
    pub fn refusal(&self) -> Option<String> {
        match &self.tables {
            Tables::Refused {
                needed_bytes,
                budget,
            } => Some(format!(
                "the {}×{} table needs {}, more than the {} left for tables",
                self.table_box.0,
                self.table_box.1,
                bytes(*needed_bytes),
                bytes(*budget)
            )),
            _ => None,
        }
    }
}

impl Rules for ChompRules {
    type Position = Position;
    type Move = Square;

    fn play(&self, at: &Position, square: Square) -> Result<Position, String> {
        at.eat(square)
            .ok_or_else(|| format!("{square} is not on the bar"))
    }

    /// Once the poison is eaten.
    fn is_over(&self, at: &Position) -> bool {
        at.is_empty()
    }

    /// Who eats the poison loses.
    fn last_move_loses(&self) -> bool {
        true
    }

    /// "Eat the poison and lose?", while other squares remain, where the game asks.
    fn asks_before(&self, at: &Position, square: Square) -> Option<&'static QuestionWords> {
        (self.ask_before_poison && square == Square::POISON && !at.only_poison_left())
            .then_some(&POISON_QUESTION)
    }

    fn move_count(&self, at: &Position) -> Option<u64> {
        u64::try_from(at.squares_left()).ok()
    }

    fn moves<'a>(&'a self, at: &'a Position) -> Box<dyn Iterator<Item = Square> + 'a> {
        Box::new(at.moves())
    }

    fn write_move(&self, square: Square) -> String {
        square.to_string()
    }

    fn read_move(&self, text: &str) -> Option<Square> {
        Square::parse(text).ok()
    }

    fn print(&self, at: &Position) -> String {
        super::position::print(at)
    }

    /// [`ChompAnswer::of`] the position, from the outcome table once it is there.
    fn known(&self, at: &Position) -> Option<Known<Square>> {
        if at.is_empty() {
            // Eating the poison loses at once: the side left to move has won.
            return Some(Known {
                wins: true,
                winning_moves: Vec::new(),
                complete: true,
            });
        }
        ChompAnswer::of(self.outcomes().map(AsRef::as_ref), at).map(|a| Known {
            wins: a.wins,
            winning_moves: a.winning_moves,
            complete: a.complete,
        })
    }

    /// The closed form's rule where one answers `at` (see [`theory::why`]); else, where the
    /// outcome table covers it, what the table proves (see [`why::table_why`]).
    fn why(&self, at: &Position) -> Vec<String> {
        let rule = theory::why(at);
        if !rule.is_empty() {
            return rule;
        }
        let Some(analysis) = self.study(at) else {
            return Vec::new();
        };
        // The fastest winning reply to a move, by the tables.
        let reply = |after: &Position| {
            let replies = self.study(after)?.moves.into_iter().filter(|m| m.wins);
            replies
                .min_by_key(|m| m.moves_left.unwrap_or(u64::MAX))
                .map(|m| m.mv)
        };
        why::table_why(at, &analysis, reply)
    }

    /// From the nimber table of the start's box where it holds `at` (built here once, slow:
    /// never on the interface's thread), else of the position's own box, where its nimbers fit
    /// a byte and its table `budget`.
    fn grundy(&self, at: &Position, budget: u64) -> Result<u64, NoGrundy> {
        let (rows, cols) = at.bounding_box();
        let (top_rows, top_cols) = self.start_box;
        if rows <= top_rows && cols <= top_cols {
            let held = match self.nimbers.get() {
                Some(held) => Some(held),
                None => Self::nimbers_of(top_rows, top_cols, budget)
                    .ok()
                    .map(|table| self.nimbers.get_or_init(|| Arc::new(table))),
            };
            if let Some(nimber) = held.and_then(|table| table.nimber(at.heights())) {
                return Ok(u64::from(nimber));
            }
        }
        let nimbers = Self::nimbers_of(rows, cols, budget)?;
        let nimber = nimbers.nimber(at.heights());
        Ok(u64::from(
            nimber.expect("the bounding box covers the position"),
        ))
    }

    /// The closed forms' themes (see [`super::puzzles::themes`]).
    fn themes(&self, start: &Position, solution: &[Square]) -> Vec<&'static str> {
        super::puzzles::themes(start, solution)
    }

    /// From the outcome table where it covers `at`, with the moves left once their table is
    /// there; `None` elsewhere (and on the empty bar, which has no move).
    fn study(&self, at: &Position) -> Option<PositionAnalysis<Square>> {
        if at.is_empty() {
            return None;
        }
        let moves_left = self.moves_left().map(AsRef::as_ref);
        study(self.outcomes()?, moves_left, at)
    }

    /// The fighting move where both tables cover `at`; else the move something proves at
    /// once; `None` where nothing does (a game searches on the solver threads).
    fn best_move(&self, at: &Position, fight: bool, rng: &mut fastrand::Rng) -> Option<Square> {
        if let (true, Some(moves_left), Some(outcomes)) =
            (fight, self.moves_left(), self.outcomes())
            && let Some(square) = player::fighting_chomp_move(outcomes, moves_left, at, rng)
        {
            return Some(square);
        }
        player::quick_chomp_move(self.outcomes().map(AsRef::as_ref), at, rng)
    }

    fn random_move(&self, at: &Position, casual: bool, rng: &mut fastrand::Rng) -> Option<Square> {
        player::casual_chomp_move(at, casual, rng)
    }

    /// The tables' answers: the outcome table (an outcome table asked for alone), the
    /// moves-left table, or a refusal, which names the memory budget.
    fn take_built(&mut self, built: Built) {
        let Some(answer) = built.downcast_ref::<Answer>() else {
            return;
        };
        match answer.clone() {
            Answer::Outcomes(table) => self.tables = Tables::OutcomesOnly(table),
            Answer::MovesLeft(table) => {
                self.moves_left_refusal = None;
                self.tables = ChompRules::both(self.outcomes().cloned(), table);
            }
            Answer::MovesLeftRefused {
                needed_bytes,
                budget,
            } => {
                self.budget = Some(budget);
                self.moves_left_refusal = Some((needed_bytes, budget));
                if let Some(held) = self.outcomes().cloned() {
                    // The outcome table held (of this box or a larger one) serves.
                    self.tables = Tables::OutcomesOnly(held);
                } else {
                    // The outcome table alone may fit.
                    self.tables = Tables::Outcomes;
                    let (rows, cols) = self.table_box;
                    self.next = Some(solver::solve_waiting(rows, cols));
                }
            }
            Answer::Refused {
                needed_bytes,
                budget,
            } => {
                self.budget = Some(budget);
                self.tables = Tables::Refused {
                    needed_bytes,
                    budget,
                };
            }
            Answer::Searched { .. } => {}
        }
    }

    /// A game's tables, of the start's trimmed box: both at level perfect (the outcome table
    /// sent on the way), else the outcome table alone; nothing that kept tables cover.
    fn build(&mut self, moves_left: bool) -> Option<Waiting> {
        let moves_left = moves_left || self.wants_moves_left;
        self.fights = moves_left;
        self.asked = true;
        self.table_box = self.start_box;
        let (rows, cols) = self.start_box;
        let held = self.outcomes().cloned();
        if rows == 0 || self.moves_left().is_some() || (held.is_some() && !moves_left) {
            return None;
        }
        if moves_left {
            self.tables = Tables::MovesLeft(held);
            Some(solver::moves_left_waiting(rows, cols))
        } else {
            self.tables = Tables::Outcomes;
            Some(solver::solve_waiting(rows, cols))
        }
    }

    /// After a move or an undo: the outcome table alone once the moves left were refused, the
    /// box followed where its tables were refused or undo left it (see
    /// [`ChompRules::follow_the_box`]), and at level perfect the moves left followed as well.
    fn follow(&mut self, at: &Position, _moves_left: bool) -> Option<Waiting> {
        if let Some(next) = self.next.take() {
            return Some(next);
        }
        if let Some(waiting) = self.follow_the_box(at, self.fights) {
            return Some(waiting);
        }
        if self.fights {
            return self.follow_moves_left(at);
        }
        None
    }

    fn gone(&self, square: Square) -> Option<String> {
        Some(format!("{square} went with the computer's move."))
    }

    /// [`WAIT_FOR_TABLE`]: a table further off gets the search's move.
    fn wait_limit(&self) -> Option<Duration> {
        Some(WAIT_FOR_TABLE)
    }

    /// While the moves-left table is asked for.
    fn moves_left_coming(&self) -> bool {
        matches!(self.tables, Tables::MovesLeft(_))
    }

    /// Where no moves-left table covers `at`, what they would decide: not with only the
    /// poison left, a single move besides it, or a single winning move.
    fn unfought(&self, at: &Position) -> Option<Unfought> {
        if self
            .moves_left()
            .is_some_and(|t| t.outcomes().covers(at.heights()))
        {
            return None;
        }
        let others = at.moves().filter(|s| !s.is_poison()).count();
        if others <= 1 {
            return None;
        }
        match self.known(at) {
            Some(known) if known.wins => {
                (!(known.complete && known.winning_moves.len() == 1)).then_some(Unfought::Win)
            }
            _ => Some(Unfought::Defence),
        }
    }

    /// The short search of `solver.rs`.
    fn search(&self, at: &Position, rng: &mut fastrand::Rng) -> Option<Task<Built>> {
        match solver::search(at, rng.u64(..)) {
            Request::Search(task) => Some(task),
            _ => None,
        }
    }

    fn searched(&self, built: &Built) -> Option<(Square, bool)> {
        match built.downcast_ref::<Answer>()? {
            &Answer::Searched { col, row, proven } => Some((Square::new(col, row), proven)),
            _ => None,
        }
    }

    /// The tables, for the game a study was opened from (or the next game).
    fn keep(&self) -> Option<Leftover> {
        let kept = match &self.tables {
            Tables::Both {
                outcomes,
                moves_left,
            } => KeptTables {
                outcomes: Arc::clone(outcomes),
                moves_left: Some(Arc::clone(moves_left)),
            },
            Tables::OutcomesOnly(outcomes) | Tables::MovesLeft(Some(outcomes)) => KeptTables {
                outcomes: Arc::clone(outcomes),
                moves_left: None,
            },
            Tables::MovesLeft(None) | Tables::Outcomes | Tables::Refused { .. } => return None,
        };
        Some(Box::new(kept))
    }

    /// [`KeptTables`] that cover `at`: the moves-left table ends the wait, the outcome table
    /// alone serves while the moves left are built.
    fn adopt(&mut self, kept: Leftover, at: &Position) -> bool {
        let Ok(kept) = kept.downcast::<KeptTables>() else {
            return false;
        };
        let heights = at.heights();
        match kept.moves_left {
            Some(table) if table.outcomes().covers(heights) && self.moves_left().is_none() => {
                let held = self.outcomes().cloned().or(Some(kept.outcomes));
                self.tables = ChompRules::both(held, table);
                true
            }
            _ if kept.outcomes.covers(heights) && self.outcomes().is_none() => {
                self.tables = match self.tables {
                    Tables::MovesLeft(_) => Tables::MovesLeft(Some(kept.outcomes)),
                    _ => Tables::OutcomesOnly(kept.outcomes),
                };
                !self.moves_left_coming()
            }
            _ => false,
        }
    }

    /// The outcome table a moves-left table is built on: the outcomes are known now, the moves
    /// left come with their table.
    fn take_made(&mut self, made: &Built) -> Option<&'static str> {
        let Some(Answer::Outcomes(table)) = made.downcast_ref::<Answer>() else {
            return None;
        };
        let Tables::MovesLeft(held) = &self.tables else {
            return None;
        };
        // A larger outcome table held is kept: it judges more of the game.
        let larger =
            |held: &Arc<OutcomeTable>| held.rows() >= table.rows() && held.cols() >= table.cols();
        if !held.as_ref().is_some_and(larger) {
            self.tables = Tables::MovesLeft(Some(Arc::clone(table)));
        }
        Some(Phase::MovesLeft.label())
    }
}
