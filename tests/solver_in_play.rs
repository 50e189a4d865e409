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
