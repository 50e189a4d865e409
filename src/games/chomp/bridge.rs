//! Chomp on the core (`Play<ChompRules, GridBoard>`) against its own session
//! (`ChompSession`), which it is to replace: the same bar drawn, the same review, the same
//! question, the same computer. These go with `ChompSession`.

use super::fields::{ASK_BEFORE_POISON, COLS, ROWS};
use super::player::Choice;
use super::rules::Square;
use super::session::MovesLeftState;
use super::session::{ChompSession, KeptTables};
use super::solver::{self, Answer, Asked};
use super::tables::ChompRules;
use crate::games::core::play::Play;
use crate::games::field::Values;
use crate::games::grid::board::{Cell, GridBoard};
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::SolverLine;
use crate::games::request::{
    Built, Context, JudgedMoves, Lane, Report, Request, Shelf, SolverMessage, Task,
};
use crate::games::session::{Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::{Outcomes, Pending};
use crate::input::{Action, Spots};
use crate::solve::{MovesLeftTable, OutcomeTable};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::sync::Arc;
use std::time::Duration;

type OnTheCore = Play<ChompRules, GridBoard>;

/// A game of a 4×5 bar between `players` at `level`, asking before the poison.
fn setup(players: [Player; 2], level: Level) -> Setup {
    Setup {
        players,
        level,
        values: (Values::default().with(ROWS, 4u64).with(COLS, 5u64)).with(ASK_BEFORE_POISON, true),
        ..Setup::default()
    }
}

/// The same game on both sessions, each with `kept` tables.
fn both(setup: &Setup, kept: impl Fn() -> Option<KeptTables>) -> (ChompSession, OnTheCore) {
    let own = ChompSession::with_table(setup.clone(), kept());
    let start = own.start.clone();
    let rules = ChompRules::new(&start)
        .asking_before_poison(true)
        .wanting_moves_left(setup.level == Level::Perfect);
    let kept = kept().map(|k| Box::new(k) as crate::games::session::Leftover);
    (own, Play::begin_with(setup.clone(), rules, start, kept))
}

/// Where each clickable place was drawn, sorted.
type Places = Vec<(Rect, (u64, u64))>;

/// What a view draws in `area`: the cells and where each clickable place is.
fn drawn(view: &dyn View, area: Rect, ticks: u64) -> (Buffer, Places) {
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    view.render(area, &mut buf, &Theme::colour(), ticks, &mut spots);
    let mut spots: Vec<_> = spots.0.into_iter().map(|(r, s)| (r, (s.0, s.1))).collect();
    spots.sort_by_key(|&(r, _)| (r.y, r.x));
    (buf, spots)
}

/// Chomp on the grid board (the core's `Play` with `ChompRules`) draws the bar as Chomp's
/// own session does, square for square: the cursor where it starts and where the arrows
/// and the moves leave it, the bite it would take, the hints, the computer's flashing
/// move, at every size of square.
#[test]
fn chomp_on_the_grid_board_draws_the_bar_as_its_own_session_does() {
    let setup = setup([Player::Person, Player::Person], Level::Perfect);
    let (mut own, mut grid) = both(&setup, || None);
    let areas = [Rect::new(0, 0, 40, 14), Rect::new(2, 1, 18, 8)];
    let same = |own: &ChompSession, grid: &OnTheCore, what: &str| {
        let cursor = Cell {
            col: own.cursor.col.into(),
            row: own.cursor.row.into(),
        };
        assert_eq!(grid.board.cursor, cursor, "the cursor {what}");
        for area in areas {
            for ticks in [0, 2] {
                assert_eq!(
                    drawn(grid, area, ticks),
                    drawn(own, area, ticks),
                    "{what} in {area:?} at tick {ticks}"
                );
            }
        }
    };
    same(&own, &grid, "at the start");
    let steps = [
        Action::Left,
        Action::Down,
        Action::Down,
        Action::ToggleHints,
        Action::Select,
        Action::Up,
        Action::Up,
        Action::Right,
        Action::Select,
        Action::Left,
        Action::Left,
        Action::Left,
        Action::Down,
        Action::Down,
        Action::Down,
        Action::Right,
        Action::Up,
        Action::ToggleHints,
        Action::Select,
    ];
    for (at, action) in steps.into_iter().enumerate() {
        Session::act(&mut own, action);
        Session::act(&mut grid, action);
        same(&own, &grid, &format!("after step {at}, {action:?}"));
    }
    assert_eq!(grid.notation(), Session::notation(&own));
    assert_eq!(grid.notation().len(), 3);
    // The computer's move flashing, with and without the hints.
    for square in [Square::new(1, 0), Square::new(0, 1)] {
        grid.turns.pending = Some(Pending {
            choice: square,
            ticks_left: 3,
        });
        own.turns.pending = Some(Pending {
            choice: Choice::Proven(square),
            ticks_left: 3,
        });
        same(&own, &grid, &format!("flashing {square}"));
        Session::act(&mut own, Action::ToggleHints);
        Session::act(&mut grid, Action::ToggleHints);
        same(&own, &grid, &format!("flashing {square}, hints toggled"));
    }
    // The poison asks first while other squares remain; a yes eats it.
    (grid.turns.pending, own.turns.pending) = (None, None);
    own.person_eats(Square::POISON);
    grid.person_plays(Square::POISON);
    let asked = Session::take_question(&mut grid);
    assert_eq!(asked, Session::take_question(&mut own));
    assert_eq!(asked.map(|q| q.move_text), Some("a1".into()));
    same(&own, &grid, "asking");
    // Played to the end: the same review.
    for square in [Square::new(1, 0), Square::new(0, 1), Square::POISON] {
        own.person_eats(square);
        grid.person_plays(square);
        same(&own, &grid, &format!("after {square}"));
    }
    assert!(grid.is_over());
    assert_eq!(grid.review_lines(), own.review_lines());
    assert!(grid.review_lines()[0].ends_with("ate the poison ☠ after 6 moves."));
}

/// The tables of a `rows` × `cols` box, built here.
fn tables(rows: u8, cols: u8) -> KeptTables {
    let Request::Build(task) = solver::moves_left(rows, cols) else {
        panic!("a build");
    };
    let built = task.run(&mut |_, _| true).expect("built");
    let Some(Answer::MovesLeft(table)) = built.downcast_ref::<Answer>().cloned() else {
        panic!("the moves-left table");
    };
    KeptTables {
        outcomes: Arc::clone(table.outcomes()),
        moves_left: Some(table),
    }
}

/// With the tables, the computer on the core plays Chomp move for move as its own session
/// does, at every level, from the same random numbers: the fastest win and the longest
/// defence at level perfect, the slips of the others, noted alike.
#[test]
fn chomp_s_computer_on_the_core_plays_as_its_own_session_does() {
    let table = tables(4, 5);
    let kept = || {
        Some(KeptTables {
            outcomes: Arc::clone(&table.outcomes),
            moves_left: table.moves_left.clone(),
        })
    };
    for level in [Level::Perfect, Level::Strong, Level::Casual] {
        for seed in 0..8 {
            let setup = setup([Player::Computer, Player::Computer], level);
            let (mut own, mut grid) = both(&setup, kept);
            assert!(grid.take_requests().is_empty(), "nothing to build");
            let (mut a, mut b) = (
                fastrand::Rng::with_seed(seed),
                fastrand::Rng::with_seed(seed),
            );
            for _ in 0..400 {
                own.tick(&mut a);
                grid.tick(&mut b);
            }
            let what = format!("{level:?}, seed {seed}");
            assert!(own.is_over(), "{what}");
            assert_eq!(grid.notation(), Session::notation(&own), "{what}");
            assert_eq!(grid.loser(), own.loser(), "{what}");
            let notes = &grid.notes;
            assert_eq!(
                (
                    notes.random_moves,
                    notes.unproven_moves,
                    notes.unfought_moves
                ),
                (own.random_moves, own.unproven_moves, own.unfought_moves),
                "{what}"
            );
            assert_eq!(grid.review_lines(), own.review_lines(), "{what}");
        }
    }
}

/// The solver's line in words.
fn said(line: &SolverLine) -> String {
    match line {
        SolverLine::Progress { label, done, total } => format!("{label} {done}/{total}"),
        SolverLine::Text(text) => format!("text {text}"),
        SolverLine::Warning(text) => format!("warning {text}"),
    }
}

/// Both sessions' panels say the same.
fn same_panel(own: &ChompSession, grid: &OnTheCore, what: &str) {
    let theme = Theme::colour();
    let (a, b) = (own.panel(&theme), grid.panel(&theme));
    assert_eq!(said(&b.solver), said(&a.solver), "{what}");
    assert_eq!(b.info, a.info, "{what}");
    assert_eq!((b.to_move, b.loser), (a.to_move, a.loser), "{what}");
}

/// The panel of Chomp on the core says what its own session's says while the tables are
/// built, phase by phase, once they are there, with the hints and the computer's flashing
/// move.
#[test]
fn chomp_on_the_core_s_panel_follows_its_tables_as_its_own_session_s_does() {
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let (mut own, mut grid) = both(&setup, || None);
    let asked = |requests: Vec<Request>| {
        let [request] = &requests[..] else {
            panic!("one request: {requests:?}");
        };
        solver::asked(request).cloned()
    };
    assert_eq!(asked(grid.take_requests()), asked(own.take_requests()));
    same_panel(&own, &grid, "asked");
    let both_hear = |own: &mut ChompSession, grid: &mut OnTheCore, message: SolverMessage| {
        Session::on_solver(own, message.clone());
        Session::on_solver(grid, message);
    };
    let progress = |phase, done| SolverMessage::Progress {
        job: 0,
        phase,
        done,
        total: 10,
        elapsed: Duration::from_secs(1),
    };
    both_hear(&mut own, &mut grid, progress("outcomes", 4));
    same_panel(&own, &grid, "building the outcomes");
    Session::act(&mut own, Action::ToggleHints);
    Session::act(&mut grid, Action::ToggleHints);
    same_panel(&own, &grid, "building the outcomes, hints on");
    let table = tables(4, 5);
    let made = SolverMessage::Made {
        job: 0,
        made: Arc::new(Answer::Outcomes(Arc::clone(&table.outcomes))),
    };
    both_hear(&mut own, &mut grid, made);
    same_panel(&own, &grid, "the outcomes there");
    both_hear(&mut own, &mut grid, progress("moves left", 3));
    same_panel(&own, &grid, "building the moves left");
    let moves_left = table.moves_left.expect("built");
    both_hear(
        &mut own,
        &mut grid,
        solver::answer(0, Answer::MovesLeft(moves_left)),
    );
    same_panel(&own, &grid, "both tables there");
    own.person_eats(Square::new(4, 3));
    grid.person_plays(Square::new(4, 3));
    let (mut a, mut b) = (fastrand::Rng::with_seed(1), fastrand::Rng::with_seed(1));
    own.tick(&mut a);
    grid.tick(&mut b);
    same_panel(&own, &grid, "the computer's move flashing");
    for _ in 0..20 {
        own.tick(&mut a);
        grid.tick(&mut b);
    }
    assert_eq!(grid.turns.moves.len(), 2);
    same_panel(&own, &grid, "the computer's move made");
}

/// While the computer is to move, both panels say which table it waits for, and when it is
/// due.
#[test]
fn chomp_on_the_core_says_which_table_the_computer_waits_for_as_its_own_session_does() {
    let setup = setup([Player::Computer, Player::Person], Level::Perfect);
    let (mut own, mut grid) = both(&setup, || None);
    same_panel(&own, &grid, "nothing reported");
    let message = SolverMessage::Progress {
        job: 0,
        phase: "outcomes",
        done: 4,
        total: 10,
        elapsed: Duration::from_secs(4),
    };
    Session::on_solver(&mut own, message.clone());
    Session::on_solver(&mut grid, message);
    let theme = Theme::colour();
    let waits = Line::raw("Computer waits for the table, ready in about 6 s.");
    assert!(grid.panel(&theme).info.contains(&waits));
    same_panel(&own, &grid, "the outcomes due in 6 s");
    let table = tables(4, 5);
    let made = SolverMessage::Made {
        job: 0,
        made: Arc::new(Answer::Outcomes(Arc::clone(&table.outcomes))),
    };
    Session::on_solver(&mut own, made.clone());
    Session::on_solver(&mut grid, made);
    let waits = Line::raw("Computer waits for the moves-left table.");
    assert!(grid.panel(&theme).info.contains(&waits));
    same_panel(&own, &grid, "the moves left not reported");
}

/// A solver thread's way of running a session's builds and searches: with the memory budget,
/// and a shelf its tasks keep the live tables on.
struct Runner {
    budget: u64,
    shelf: Shelf,
}

impl Runner {
    fn new(budget: u64) -> Runner {
        Runner {
            budget,
            shelf: Shelf::default(),
        }
    }

    /// Runs `task` and tells `notify` what it made on the way, then what it made.
    fn run(&mut self, task: &Task<Built>, notify: &mut Vec<SolverMessage>) {
        let made = std::cell::RefCell::new(Vec::new());
        let mut report = |report: Report| {
            if let Report::Made(m) = report {
                made.borrow_mut()
                    .push(SolverMessage::Made { job: 1, made: m });
            }
            true
        };
        let built = task.run_in(&mut Context::new(self.budget, &mut self.shelf, &mut report));
        notify.extend(made.into_inner());
        if let Some(built) = built {
            notify.push(SolverMessage::Built {
                job: 1,
                built,
                elapsed: Duration::ZERO,
            });
        }
    }
}

/// Runs what a session asks of the solver threads on `runner` (the latest request of each
/// lane, as the threads do) and delivers the answers, until it asks nothing more.
fn settle(session: &mut dyn Session, runner: &mut Runner) {
    for _ in 0..20 {
        let requests = session.take_requests();
        if requests.is_empty() {
            return;
        }
        let latest = |lane: Lane| requests.iter().rposition(|r| r.lane() == lane);
        let keep: Vec<usize> = Lane::ALL.iter().filter_map(|&l| latest(l)).collect();
        let mut answers = Vec::new();
        for (at, request) in requests.into_iter().enumerate() {
            if let (true, Request::Build(task) | Request::Search(task)) =
                (keep.contains(&at), request)
            {
                runner.run(&task, &mut answers);
            }
        }
        for message in answers {
            session.on_solver(message);
        }
    }
    panic!("the session keeps asking");
}

/// Both sessions, each with a solver of its own with `budget` bytes for tables.
struct Pair {
    own: ChompSession,
    grid: OnTheCore,
    runners: (Runner, Runner),
}

impl Pair {
    fn new(setup: &Setup, budget: u64) -> Pair {
        let (own, grid) = both(setup, || None);
        let mut pair = Pair {
            own,
            grid,
            runners: (Runner::new(budget), Runner::new(budget)),
        };
        pair.settle();
        pair
    }

    fn settle(&mut self) {
        settle(&mut self.own, &mut self.runners.0);
        settle(&mut self.grid, &mut self.runners.1);
    }

    /// Both panels, the answer and the position's study (with its moves left) the same.
    fn same(&self, what: &str) {
        let (own, grid) = (&self.own, &self.grid);
        same_panel(own, grid, what);
        assert_eq!(grid.position, own.position, "{what}");
        assert_eq!(grid.winning_moves(), own.winning_moves(), "{what}");
        let study = |o: &dyn Fn() -> Option<PositionAnalysis<Square>>| {
            o().map(|s| (s.wins, s.moves_left, s.moves))
        };
        if !own.is_over() {
            assert_eq!(
                study(&|| Outcomes::study(grid, &grid.position)),
                study(&|| Outcomes::study(own, &own.position)),
                "{what}: the study"
            );
        }
        assert_eq!(
            grid.rules.outcomes().map(|t| (t.rows(), t.cols())),
            own.ready_table().map(|t| (t.rows(), t.cols())),
            "{what}: the outcome table held"
        );
        let own_moves_left = match &own.moves_left {
            MovesLeftState::Ready(t) => Some((t.outcomes().rows(), t.outcomes().cols())),
            _ => None,
        };
        assert_eq!(
            grid.rules
                .moves_left()
                .map(|t| (t.outcomes().rows(), t.outcomes().cols())),
            own_moves_left,
            "{what}: the moves-left table held"
        );
    }

    /// A person eats `square` in both games, whose solvers then answer.
    fn eat(&mut self, square: Square) {
        self.own.person_eats(square);
        self.grid.person_plays(square);
        self.settle();
        self.same(&format!("after {square}"));
    }

    fn undo(&mut self, what: &str) {
        self.own.undo();
        self.grid.undo();
        self.settle();
        self.same(what);
    }

    /// The finished game judged alike: in the session, and by its judging task.
    fn same_judging(&self) {
        let (own, grid) = (&self.own, &self.grid);
        assert!(grid.is_over() && own.is_over());
        assert_eq!(grid.review_lines(), own.review_lines());
        assert_eq!(Session::judged(grid), Session::judged(own));
        let judged = |task: Task<JudgedMoves>| task.run(&mut |_, _| true).expect("judged");
        assert_eq!(
            judged(Session::judging(grid)),
            judged(Session::judging(own)),
            "the judging task"
        );
    }
}

/// A box whose outcome table is over the memory budget: both sessions play on without it, say
/// so alike, ask for the table of the box the bar shrinks into once it fits, ask again when
/// undo leaves that box (and are refused again), and judge the game alike.
#[test]
fn chomp_on_the_core_follows_a_refused_box_as_its_own_session_does() {
    let budget = 2 * (OutcomeTable::bytes_for(3, 3) + MovesLeftTable::bytes_for(3, 3));
    assert!(
        OutcomeTable::bytes_for(5, 6) > budget,
        "the full box is refused"
    );
    for level in [Level::Perfect, Level::Strong] {
        let mut setup = setup([Player::Person, Player::Person], level);
        setup.values =
            (Values::default().with(ROWS, 5u64).with(COLS, 6u64)).with(ASK_BEFORE_POISON, false);
        let mut pair = Pair::new(&setup, budget);
        pair.same("refused at the start");
        assert!(pair.grid.rules.refused().is_some(), "{level:?}");
        pair.eat(Square::new(4, 0));
        pair.eat(Square::new(0, 3));
        pair.eat(Square::new(3, 0));
        pair.eat(Square::new(0, 2));
        assert_eq!(pair.grid.position.bounding_box(), (2, 3));
        assert!(
            pair.grid.rules.outcomes().is_some(),
            "{level:?}: the box fits"
        );
        if level == Level::Perfect {
            assert!(pair.grid.rules.moves_left().is_some(), "{level:?}");
        }
        pair.undo("undo within the table's box");
        pair.undo("undo leaves the table's box");
        pair.undo("undo into a box whose moves left are over the budget");
        assert_eq!(
            pair.grid.rules.moves_left_refusal().is_some(),
            level == Level::Perfect
        );
        pair.undo("undo into a box over the budget");
        assert!(pair.grid.rules.refused().is_some(), "{level:?}");
        pair.eat(Square::new(4, 0));
        pair.eat(Square::new(0, 3));
        pair.eat(Square::new(3, 0));
        pair.eat(Square::new(0, 2));
        pair.eat(Square::new(1, 1));
        pair.eat(Square::new(2, 0));
        pair.eat(Square::new(0, 1));
        pair.eat(Square::new(1, 0));
        pair.eat(Square::POISON);
        pair.same_judging();
    }
}

/// At level perfect, with two people too (the panel's gauge, the Study opened from the game),
/// a box whose moves left do not fit beside its outcome table: both sessions keep the outcome
/// table, say what the moves left need as the box shrinks, and once they fit beside it ask for
/// those of the smaller box, keeping the larger outcome table; undo leaving that box asks
/// again.
#[test]
fn chomp_on_the_core_keeps_the_larger_outcome_table_while_smaller_moves_left_build() {
    let Request::Build(task) = solver::solve(6, 7) else {
        panic!("a build");
    };
    let built = task.run(&mut |_, _| true).expect("built");
    let Some(Answer::Outcomes(held)) = built.downcast_ref::<Answer>().cloned() else {
        panic!("the outcome table");
    };
    let small = OutcomeTable::bytes_for(2, 3) + MovesLeftTable::bytes_for(2, 3);
    let budget = held.table_bytes().max(OutcomeTable::bytes_for(6, 7)) + small;
    drop(held);
    assert!(
        OutcomeTable::bytes_for(6, 7) + MovesLeftTable::bytes_for(6, 7) > budget,
        "the full box's moves left are refused"
    );
    for players in [
        [Player::Person, Player::Person],
        [Player::Person, Player::Computer],
    ] {
        let mut setup = setup(players, Level::Perfect);
        setup.values =
            (Values::default().with(ROWS, 6u64).with(COLS, 7u64)).with(ASK_BEFORE_POISON, false);
        let (mut own, mut grid) = both(&setup, || None);
        let first = |requests: Vec<Request>| {
            requests
                .first()
                .and_then(|r| solver::asked(r).cloned())
                .expect("a table asked for")
        };
        let asked = first(grid.take_requests());
        assert_eq!(asked, first(own.take_requests()), "{players:?}");
        assert_eq!(asked, Asked::MovesLeft { rows: 6, cols: 7 }, "{players:?}");
        let mut pair = Pair {
            own: ChompSession::with_table(setup.clone(), None),
            grid: Play::begin_with(
                setup.clone(),
                ChompRules::new(&grid.start)
                    .wanting_moves_left(true)
                    .asking_before_poison(false),
                grid.start.clone(),
                None,
            ),
            runners: (Runner::new(budget), Runner::new(budget)),
        };
        pair.settle();
        pair.same("the moves left refused");
        let theme = Theme::colour();
        let refusal = |pair: &Pair| {
            let panel = pair.grid.panel(&theme);
            panel
                .info
                .iter()
                .any(|l| l.to_string().starts_with("No moves-left table for"))
        };
        assert!(refusal(&pair), "{players:?}: the refusal's line");
        if players[1] == Player::Computer {
            // The computer's replies, alike from the same random numbers.
            let (mut a, mut b) = (fastrand::Rng::with_seed(3), fastrand::Rng::with_seed(3));
            for square in [Square::new(3, 0), Square::new(0, 2)] {
                pair.eat(square);
                for _ in 0..30 {
                    pair.own.tick(&mut a);
                    pair.grid.tick(&mut b);
                    pair.settle();
                }
                pair.same(&format!("the computer's reply to {square}"));
            }
        } else {
            pair.eat(Square::new(3, 0));
            pair.eat(Square::new(0, 2));
        }
        let (rows, cols) = pair.grid.position.bounding_box();
        assert!(rows <= 2 && cols <= 3, "{players:?}: {rows}×{cols}");
        let moves_left = pair
            .grid
            .rules
            .moves_left()
            .expect("the small box's moves left");
        assert_eq!(
            pair.grid.rules.outcomes().map(|t| (t.rows(), t.cols())),
            Some((6, 7)),
            "{players:?}: the larger outcome table kept"
        );
        assert!(moves_left.outcomes().rows() <= 2, "{players:?}");
        assert!(!refusal(&pair), "{players:?}");
        pair.undo("undo leaves the moves left's box");
    }
}

/// A square the person chose while the computer's move flashed, eaten by that move: both
/// sessions say so in the same words.
#[test]
fn a_square_the_computer_ate_is_noted_as_its_own_session_notes_it() {
    let table = tables(4, 5);
    let kept = || {
        Some(KeptTables {
            outcomes: Arc::clone(&table.outcomes),
            moves_left: table.moves_left.clone(),
        })
    };
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let (mut own, mut grid) = both(&setup, kept);
    own.person_eats(Square::new(4, 3));
    grid.person_plays(Square::new(4, 3));
    // The computer's move flashes; the person chose a square it eats.
    let eaten = Square::new(4, 2);
    own.turns.pending = Some(Pending {
        choice: Choice::Proven(Square::new(3, 1)),
        ticks_left: 1,
    });
    grid.turns.pending = Some(Pending {
        choice: Square::new(3, 1),
        ticks_left: 1,
    });
    own.person_eats(eaten);
    grid.person_plays(eaten);
    let (mut a, mut b) = (fastrand::Rng::with_seed(1), fastrand::Rng::with_seed(1));
    for _ in 0..3 {
        own.tick(&mut a);
        grid.tick(&mut b);
    }
    assert_eq!(grid.turns.moves, own.turns.moves);
    assert_eq!(grid.message, own.message);
    assert_eq!(
        grid.message.as_deref(),
        Some("e3 went with the computer's move.")
    );
}

/// The arrows clear the note on the grid board, for every game on it: Chomp's now too (its
/// own session kept the note while the cursor moved).
#[test]
fn the_arrows_clear_the_note_on_chomp_s_grid_board() {
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let (mut own, mut grid) = both(&setup, || None);
    own.person_eats(Square::new(4, 3));
    grid.person_plays(Square::new(4, 3));
    own.person_eats(Square::new(1, 1));
    grid.person_plays(Square::new(1, 1));
    let note = Some("It is the computer's turn.".to_string());
    assert_eq!(grid.message, note);
    assert_eq!(own.message, note);
    Session::act(&mut own, Action::Left);
    Session::act(&mut grid, Action::Left);
    assert_eq!(grid.message, None, "cleared on the grid board");
    assert_eq!(own.message, note, "kept by Chomp's own session");
}
