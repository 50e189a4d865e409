//! Chomp on the core (`Play<ChompRules, GridBoard>`): the moves played on the bar, the
//! question before the poison, the computer at every level, the tables followed as the bar
//! changes (refused boxes, the moves left beside a larger outcome table), and the notes. These
//! were first proven equal to Chomp's own session, which the core replaced.

use super::Chomp;
use super::fields::{ASK_BEFORE_POISON, COLS, ROWS};
use super::rules::Square;
use super::session::{self, ChompSession};
use super::solver::{self, Answer, Asked};
use super::tables::KeptTables;
use crate::games::core::entry::Entry;
use crate::games::core::rules::Rules;
use crate::games::field::Values;
use crate::games::game::Game;
use crate::games::grid::board::Cell;
use crate::games::request::{
    Built, Context, JudgedMoves, Lane, Report, Request, Shelf, SolverMessage, Task,
};
use crate::games::session::{Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::Pending;
use crate::input::Action;
use crate::solve::{MovesLeftTable, OutcomeTable};
use crate::theme::Theme;
use ratatui::text::Line;
use std::sync::Arc;
use std::time::Duration;

/// A game of a 4×5 bar between `players` at `level`, asking before the poison.
fn setup(players: [Player; 2], level: Level) -> Setup {
    Setup {
        players,
        level,
        values: (Values::default().with(ROWS, 4u64).with(COLS, 5u64)).with(ASK_BEFORE_POISON, true),
        ..Setup::default()
    }
}

/// The game of `setup`, begun by Chomp's entry as the core begins a new game, its rules
/// taking `kept` tables.
fn game(setup: &Setup, kept: Option<KeptTables>) -> ChompSession {
    let start = Chomp.start(&setup.values).expect("a bar");
    let (mut rules, at) = Chomp.begin(&start, None);
    if let Some(kept) = kept {
        rules.adopt(Box::new(kept), &at);
    }
    session::begin(setup.clone(), rules, at)
}

/// The panel's lines under the sides, as text.
fn info(game: &ChompSession) -> Vec<String> {
    let theme = Theme::colour();
    let panel = game.panel(&theme);
    panel.info.iter().map(ToString::to_string).collect()
}

/// The arrows move the cursor on the bar, Enter eats, the poison asks first while other
/// squares remain, and the review says who ate it.
#[test]
fn chomp_on_the_grid_board_plays_asks_and_reviews() {
    let setup = setup([Player::Person, Player::Person], Level::Perfect);
    let mut grid = game(&setup, None);
    assert_eq!(
        grid.board.cursor,
        Cell { col: 4, row: 3 },
        "the top right corner"
    );
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
    for action in steps {
        Session::act(&mut grid, action);
    }
    assert_eq!(grid.notation().len(), 3);
    // The poison asks first while other squares remain; a yes eats it.
    grid.person_plays(Square::POISON);
    let asked = Session::take_question(&mut grid);
    assert_eq!(asked.map(|q| q.move_text), Some("a1".into()));
    for square in [Square::new(1, 0), Square::new(0, 1), Square::POISON] {
        grid.person_plays(square);
    }
    assert!(grid.is_over());
    assert!(grid.review_lines()[0].ends_with("ate the poison ☠ after 6 moves."));
}

/// The tables of a `rows` × `cols` box, built here.
fn tables(rows: u8, cols: u8) -> KeptTables {
    let Request::Build(task) = solver::moves_left_waiting(rows, cols).request() else {
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

/// With the tables a game before left, nothing is built, and two computers play to the end
/// at every level.
#[test]
fn chomp_s_computers_play_to_the_end_with_kept_tables() {
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
            let mut grid = game(&setup, kept());
            assert!(grid.take_requests().is_empty(), "nothing to build");
            let mut rng = fastrand::Rng::with_seed(seed);
            for _ in 0..400 {
                grid.tick(&mut rng);
            }
            assert!(grid.is_over(), "{level:?}, seed {seed}");
            // With both tables, the perfect computer proves every move.
            if level == Level::Perfect {
                assert_eq!(grid.notes, super::super::core::play::Notes::default());
            }
        }
    }
}

/// While the computer is to move, the panel says which table it waits for, and when it is
/// due.
#[test]
fn chomp_s_panel_says_which_table_the_computer_waits_for() {
    let setup = setup([Player::Computer, Player::Person], Level::Perfect);
    let mut grid = game(&setup, None);
    let message = SolverMessage::Progress {
        job: 0,
        phase: "outcomes",
        done: 4,
        total: 10,
        elapsed: Duration::from_secs(4),
    };
    Session::on_solver(&mut grid, message);
    let theme = Theme::colour();
    let waits = Line::raw("Computer waits for the table, ready in about 6 s.");
    assert!(grid.panel(&theme).info.contains(&waits));
    let table = tables(4, 5);
    let made = SolverMessage::Made {
        job: 0,
        made: Arc::new(Answer::Outcomes(Arc::clone(&table.outcomes))),
    };
    Session::on_solver(&mut grid, made);
    let waits = Line::raw("Computer waits for the moves-left table.");
    assert!(grid.panel(&theme).info.contains(&waits));
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

/// A game and its own solver with `budget` bytes for tables.
struct Solved {
    grid: ChompSession,
    runner: Runner,
}

impl Solved {
    fn new(setup: &Setup, budget: u64) -> Solved {
        let mut solved = Solved {
            grid: game(setup, None),
            runner: Runner::new(budget),
        };
        settle(&mut solved.grid, &mut solved.runner);
        solved
    }

    fn eat(&mut self, square: Square) {
        self.grid.person_plays(square);
        settle(&mut self.grid, &mut self.runner);
    }

    fn undo(&mut self) {
        self.grid.undo();
        settle(&mut self.grid, &mut self.runner);
    }
}

/// A box whose outcome table is over the memory budget: the game plays on without it, asks
/// for the table of the box the bar shrinks into once it fits, asks again when undo leaves
/// that box (and is refused again), and its judging task judges as the game does.
#[test]
fn chomp_follows_a_refused_box() {
    let budget = 2 * (OutcomeTable::bytes_for(3, 3) + MovesLeftTable::bytes_for(3, 3));
    assert!(
        OutcomeTable::bytes_for(5, 6) > budget,
        "the full box is refused"
    );
    for level in [Level::Perfect, Level::Strong] {
        let mut setup = setup([Player::Person, Player::Person], level);
        setup.values =
            (Values::default().with(ROWS, 5u64).with(COLS, 6u64)).with(ASK_BEFORE_POISON, false);
        let mut pair = Solved::new(&setup, budget);
        assert!(pair.grid.rules.refused().is_some(), "{level:?}");
        assert!(
            info(&pair.grid)
                .iter()
                .any(|l| l.starts_with("No table for 5×6")),
            "{level:?}"
        );
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
        pair.undo();
        pair.undo();
        pair.undo();
        assert_eq!(
            pair.grid.rules.moves_left_refusal().is_some(),
            level == Level::Perfect
        );
        pair.undo();
        assert!(pair.grid.rules.refused().is_some(), "{level:?}");
        for square in [
            Square::new(4, 0),
            Square::new(0, 3),
            Square::new(3, 0),
            Square::new(0, 2),
            Square::new(1, 1),
            Square::new(2, 0),
            Square::new(0, 1),
            Square::new(1, 0),
            Square::POISON,
        ] {
            pair.eat(square);
        }
        let grid = &pair.grid;
        assert!(grid.is_over());
        let judged = |task: Task<JudgedMoves>| task.run(&mut |_, _| true).expect("judged");
        assert_eq!(judged(Session::judging(grid)), Session::judged(grid));
        // The refutations run to the end of the game, not cut short of it.
        assert!(
            Session::judged(grid)
                .iter()
                .all(|j| format!("{:?}", j.label).contains("cut: false")
                    || !format!("{:?}", j.label).contains("cut")),
            "{level:?}"
        );
    }
}

/// At level perfect, with two people too (the panel's gauge, the Study opened from the game),
/// a box whose moves left do not fit beside its outcome table: the game keeps the outcome
/// table, says what the moves left need as the box shrinks, and once they fit beside it asks
/// for those of the smaller box, keeping the larger outcome table.
#[test]
fn chomp_keeps_the_larger_outcome_table_while_smaller_moves_left_build() {
    let Request::Build(task) = solver::solve_waiting(6, 7).request() else {
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
        let mut grid = game(&setup, None);
        let asked = grid
            .take_requests()
            .first()
            .and_then(|r| solver::asked(r).cloned());
        assert_eq!(
            asked,
            Some(Asked::MovesLeft { rows: 6, cols: 7 }),
            "{players:?}"
        );
        let mut pair = Solved::new(&setup, budget);
        let refusal = |pair: &Solved| {
            info(&pair.grid)
                .iter()
                .any(|l| l.starts_with("No moves-left table for"))
        };
        assert!(refusal(&pair), "{players:?}: the refusal's line");
        let mut rng = fastrand::Rng::with_seed(3);
        for square in [Square::new(3, 0), Square::new(0, 2)] {
            pair.eat(square);
            for _ in 0..30 {
                pair.grid.tick(&mut rng);
                settle(&mut pair.grid, &mut pair.runner);
            }
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
    }
}

/// A square the person chose while the computer's move flashed, eaten by that move, is
/// noted in Chomp's words.
#[test]
fn a_square_the_computer_ate_is_noted() {
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let mut grid = game(&setup, Some(tables(4, 5)));
    grid.person_plays(Square::new(4, 3));
    grid.turns.pending = Some(Pending {
        choice: Square::new(3, 1),
        ticks_left: 1,
    });
    grid.person_plays(Square::new(4, 2));
    let mut rng = fastrand::Rng::with_seed(1);
    for _ in 0..3 {
        grid.tick(&mut rng);
    }
    assert_eq!(grid.turns.moves, [Square::new(4, 3), Square::new(3, 1)]);
    assert_eq!(
        grid.message.as_deref(),
        Some("e3 went with the computer's move.")
    );
}

/// The arrows clear the note on the grid board, for every game on it: Chomp's too (its own
/// session, before the core, kept the note while the cursor moved).
#[test]
fn the_arrows_clear_the_note_on_chomp_s_grid_board() {
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let mut grid = game(&setup, None);
    grid.person_plays(Square::new(4, 3));
    grid.person_plays(Square::new(1, 1));
    assert_eq!(grid.message.as_deref(), Some("It is the computer's turn."));
    Session::act(&mut grid, Action::Left);
    assert_eq!(grid.message, None);
}

/// The catalogue's new game takes the tables the game before left: nothing is built again.
#[test]
fn a_new_game_from_the_catalogue_takes_the_tables_a_game_before_left() {
    let setup = setup([Player::Person, Player::Computer], Level::Perfect);
    let mut fresh = Game::new_session(&Chomp, setup.clone(), None);
    assert!(
        !fresh.take_requests().is_empty(),
        "the tables are asked for"
    );
    let kept = tables(4, 5);
    let mut after = Game::new_session(&Chomp, setup, Some(Box::new(kept)));
    assert!(after.take_requests().is_empty(), "nothing to build");
}
