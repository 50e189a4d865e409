//! The solver as the player meets it: tables freed on leaving, proven moves without waiting,
//! and the panel's memory line.

mod common;

use common::Harness;
use munch::app::game::SolverState;
use munch::app::menu::Player::{Computer, Person};
use munch::solve::OutcomeTable;
use ratatui::crossterm::event::KeyCode;
use std::sync::{Arc, Weak};

/// A weak handle on the current game's table.
fn table_handle(h: &Harness) -> Weak<OutcomeTable> {
    match &h.game().solver {
        SolverState::Ready(table) => Arc::downgrade(table),
        _ => panic!("the table is ready"),
    }
}

#[test]
fn leaving_a_game_frees_its_table() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    let table = table_handle(&h);
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert!(h.on_menu());
    assert!(
        table.upgrade().is_none(),
        "nothing holds the table once the game is left"
    );
}

#[test]
fn a_new_game_on_another_box_frees_the_old_table_and_playing_again_reuses_it() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Person]);
    h.wait_for_solver();
    let first = table_handle(&h);
    // Restart on the same box: the same table, at once, with no build.
    h.app.start_game();
    assert!(
        matches!(&h.game().solver, SolverState::Ready(t) if Weak::ptr_eq(&Arc::downgrade(t), &first)),
        "the same table serves the new game"
    );
    h.start(7, 7, [Person, Person]);
    assert!(
        first.upgrade().is_none(),
        "starting a game on another box frees the old one's table"
    );
    h.wait_for_solver();
    assert!(h.game().table().is_some());
}

/// The panel's text, all rows joined.
fn panel_text(h: &Harness) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame);
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..30)
        .map(|y| {
            (0..100)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_memory_line_follows_the_shrinking_bar() {
    // 8 bytes hold no 6×7 table, nor any box down to 3×3.
    let mut h = Harness::with_budget(8, 1);
    h.start(6, 7, [Person, Person]);
    h.wait_for_solver();
    let needs = |rows, cols| {
        format!(
            "needs {}",
            munch::units::bytes(OutcomeTable::bytes_for(rows, cols))
        )
    };
    assert!(panel_text(&h).contains(&needs(6, 7)));
    // Eating g1 leaves a 6×6 box, then a5 a 4×6 box.
    let eat = |h: &mut Harness, col, row| {
        h.app.update(munch::app::Event::Pointer {
            target: munch::app::Target::Square(munch::game::chomp::Square::new(col, row)),
            click: true,
        })
    };
    eat(&mut h, 6, 0);
    assert!(
        matches!(h.game().solver, SolverState::Refused { needed_bytes, .. } if needed_bytes == OutcomeTable::bytes_for(6, 6))
    );
    let text = panel_text(&h);
    assert!(text.contains(&needs(6, 6)), "{text}");
    eat(&mut h, 0, 4);
    let text = panel_text(&h);
    assert!(text.contains(&needs(4, 6)), "{text}");
    // Undo grows the bar back, and the line with it.
    h.key(KeyCode::Char('u'));
    let text = panel_text(&h);
    assert!(text.contains(&needs(6, 6)), "{text}");
}
