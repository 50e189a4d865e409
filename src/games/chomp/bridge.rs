//! Chomp on the core (`Play<ChompRules, GridBoard>`) against its own session
//! (`ChompSession`), which it is to replace: the same bar drawn, the same review, the same
//! question, the same computer. These go with `ChompSession`.

use super::fields::{ASK_BEFORE_POISON, COLS, ROWS};
use super::player::Choice;
use super::rules::Square;
use super::session::{ChompSession, KeptTables};
use super::solver::{self, Answer};
use super::tables::ChompRules;
use crate::games::core::play::Play;
use crate::games::field::Values;
use crate::games::grid::board::{Cell, GridBoard};
use crate::games::panel::SolverLine;
use crate::games::request::{Request, SolverMessage};
use crate::games::session::{Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::Pending;
use crate::input::{Action, Spots};
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
    let rules = ChompRules::new(&start).asking_before_poison(true);
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
