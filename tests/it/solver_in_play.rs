//! The solver as the player meets it: tables freed on leaving, proven moves without waiting,
//! and the panel's memory line.

use crate::common::{Harness, solving};
use munch::games::core::rules::Rules;
use munch::settings::Player::{Computer, Person};
use munch::solve::OutcomeTable;
use ratatui::crossterm::event::KeyCode;
use std::sync::{Arc, Weak};

/// A weak handle on the current game's table.
fn table_handle(h: &Harness) -> Weak<OutcomeTable> {
    match h.game().rules.outcomes() {
        Some(table) => Arc::downgrade(table),
        None => panic!("the table is ready"),
    }
}

/// An app on the real solver threads: these tests are about what the threads hold or when
/// they answer.
fn on_worker() -> Harness {
    Harness::with_worker(munch::memory::default_memory(), 7)
}

#[test]
fn leaving_a_game_frees_its_table() {
    let mut h = on_worker();
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
    let mut h = on_worker();
    h.start(6, 7, [Person, Person]);
    h.wait_for_solver();
    let first = table_handle(&h);
    // Restart on the same box: the same table, at once, with no build.
    h.app.start_game();
    assert!(
        h.game()
            .rules
            .outcomes()
            .is_some_and(|t| Weak::ptr_eq(&Arc::downgrade(t), &first)),
        "the same table serves the new game"
    );
    h.start(7, 7, [Person, Person]);
    assert!(
        first.upgrade().is_none(),
        "starting a game on another box frees the old one's table"
    );
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
}

/// The panel's text, all rows joined.
fn panel_text(h: &Harness) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame, &munch::theme::Theme::colour());
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
            target: munch::app::Target::Spot(crate::common::spot(
                munch::games::chomp::rules::Square::new(col, row),
            )),
            click: true,
        });
    };
    eat(&mut h, 6, 0);
    assert!(
        h.game()
            .rules
            .refused()
            .is_some_and(|(needed_bytes, _)| needed_bytes == OutcomeTable::bytes_for(6, 6))
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

#[test]
fn a_move_proven_without_the_table_is_played_while_the_table_is_built() {
    // The app sees the 10×10 build as still running: its answer is never delivered.
    let mut h = Harness::new();
    h.start(10, 10, [Computer, Person]);
    assert!(solving(h.game()));
    h.ticks(1);
    let pending = h.game().turns.pending.expect("the computer chose at once");
    assert_eq!(
        pending.choice,
        munch::games::chomp::rules::Square::new(1, 1),
        "b2, the square bar's proven move"
    );
    h.ticks(usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.game().turns.moves.len(), 1);
    assert!(solving(h.game()));
    // Hints use the same proofs while the table is built: the L-shape left is lost.
    h.key(KeyCode::Char('H'));
    let answer = h
        .game()
        .rules
        .known(&h.game().position)
        .expect("a closed form answers");
    assert!(!answer.wins);
}

#[test]
fn without_a_proven_move_the_computer_waits_for_a_table_that_is_near() {
    use munch::games::request::SolverMessage;
    use std::time::Duration;
    let mut h = on_worker();
    h.start(6, 7, [Person, Computer]);
    // The real answer tells the job; it is held back, and progress is made up.
    let job = h.next_message().job();
    // d6 leaves [6,6,6,5,5,5,5]: won, as the book leaves d6 out of 6×7's winning first
    // moves, but nothing proves a move there. (g6, used before, leaves a position whose
    // winning move is proven one move on.)
    h.app.update(munch::app::Event::Pointer {
        target: munch::app::Target::Spot(crate::common::spot(
            munch::games::chomp::rules::Square::new(3, 5),
        )),
        click: true,
    });
    let progress = |done, total, secs| {
        munch::app::Event::Solver(SolverMessage::Progress {
            job,
            phase: munch::games::chomp::solver::Phase::Outcomes.label(),
            done,
            total,
            elapsed: Duration::from_secs(secs),
        })
    };
    // Half done after 3 s: ready in about 3 s, so it waits, and says so.
    h.app.update(progress(50, 100, 3));
    assert_eq!(h.game().ready_in(), Some(Duration::from_secs(3)));
    h.ticks(5);
    assert!(h.game().turns.pending.is_none() && !h.game().searching());
    let text = panel_text(&h);
    assert!(
        text.contains("Computer waits for the table,") && text.contains("about 3 s"),
        "{text}"
    );
    // A hundredth done after 3 s: about 5 minutes more, so it plays the search's move.
    h.app.update(progress(1, 100, 3));
    h.ticks(1);
    assert!(
        h.game().searching(),
        "an unproven move rather than a long wait"
    );
}

#[test]
fn a_box_the_machine_could_not_hold_is_not_asked_for_again_on_every_tick() {
    use munch::games::chomp::solver::{self, Answer};
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    let job = h.next_message().job();
    // What the solver says when the build could not get its memory: within the budget.
    let needed_bytes = OutcomeTable::bytes_for(6, 7);
    h.app.update(munch::app::Event::Solver(solver::answer(
        job,
        Answer::Refused {
            needed_bytes,
            budget: munch::memory::default_memory(),
        },
    )));
    h.ticks(3);
    assert!(
        h.game()
            .rules
            .refused()
            .is_some_and(|(n, _)| n == needed_bytes),
        "the same box is not built again"
    );
    // Once the bar shrinks, its smaller box is asked for.
    h.app.update(munch::app::Event::Pointer {
        target: munch::app::Target::Spot(crate::common::spot(
            munch::games::chomp::rules::Square::new(6, 0),
        )),
        click: true,
    });
    assert!(solving(h.game()));
}

/// Eats a square by clicking it (`col`, `row` from 0).
fn click(h: &mut Harness, col: u8, row: u8) {
    let square = munch::games::chomp::rules::Square::new(col, row);
    h.app.update(munch::app::Event::Pointer {
        target: munch::app::Target::Spot(crate::common::spot(square)),
        click: true,
    });
}

#[test]
fn a_game_over_whose_review_needs_no_table_stops_the_build() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Person]);
    // No solver message is delivered: the table is still being built throughout.
    click(&mut h, 0, 1); // a2: one row of 7 is left
    click(&mut h, 1, 0); // b1
    click(&mut h, 0, 0); // a1, the only square left
    assert!(h.game().is_over());
    assert!(!h.game().review_unfinished());
    assert!(
        h.game().stopped.is_some() && h.game().rules.outcomes().is_none(),
        "every move is judged without the table: its build is cancelled"
    );
    assert!(panel_text(&h).contains("review complete"));
    assert_eq!(
        h.game().turns.review.len(),
        1,
        "a2 threw the win away; b1 kept it"
    );
    h.key(KeyCode::Char('u')); // undo asks for a table again
    assert!(solving(h.game()));
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
}

#[test]
fn a_game_over_whose_review_needs_the_table_keeps_building_and_says_why() {
    use munch::games::chomp::rules::Position;
    // The opening book proves d4 a mistake (e5 alone wins 6×7), so the position it leaves
    // won; but not what b5 leaves.
    let after_b5 = Position::from_heights(6, 7, &[6, 4, 4, 3, 3, 3, 3]).unwrap();
    assert!(
        munch::games::chomp::answer::ChompAnswer::without_table(&after_b5).is_none(),
        "premise: nothing but the table judges b5"
    );
    let mut h = Harness::new();
    h.start(6, 7, [Person, Person]);
    click(&mut h, 3, 3); // d4
    click(&mut h, 1, 4); // b5
    click(&mut h, 0, 1); // a2
    click(&mut h, 1, 0); // b1
    click(&mut h, 0, 0); // a1
    assert!(h.game().is_over());
    assert!(h.game().review_unfinished());
    assert!(solving(h.game()));
    assert!(panel_text(&h).contains("Completing the review."));
    h.wait_for_solver();
    assert!(!h.game().review_unfinished(), "the table judges the rest");
    assert!(!panel_text(&h).contains("Completing the review"));
}
