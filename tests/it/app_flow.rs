//! The app state machine driven by events, as the event loop would drive it.

use crate::common::spot;
use crate::common::{
    Harness, building_moves_left, cursor, moves_left_not_asked, render_text, solving,
    waits_for_moves_left,
};
use munch::app::keys::Action;
use munch::app::menu::MenuLine;
use munch::app::{Button, Dialog, Event, Modal, Screen, Target};
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Square;
use munch::games::chomp::tables::POISON_QUESTION;
use munch::games::pile::session::{self as pile, bar, coin};
use munch::games::request::SolverMessage;
use munch::settings::GameKind;
use munch::settings::Player::{Computer, Person};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

#[test]
fn enter_on_the_menu_starts_the_default_game() {
    let mut h = Harness::new();
    assert!(h.on_menu());
    h.key(KeyCode::Enter);
    let game = h.game();
    assert_eq!(
        (
            game.settings.values.small("rows"),
            game.settings.values.small("cols")
        ),
        (6, 7)
    );
    assert_eq!(game.settings.players, [Person, Computer]);
    assert_eq!(game.position.heights(), &[6; 7]);
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
}

#[test]
fn the_menu_changes_size_and_players() {
    let mut h = Harness::new();
    // From Start: past "Ask before a1" up to the level, to casual; up to Second, toggle it; up
    // to First, toggle; up to Cols, down a step; up to Rows, up a step.
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Left]);
    assert_eq!(h.app.menu.settings.level, munch::settings::Level::Casual);
    h.keys(&[KeyCode::Up, KeyCode::Right, KeyCode::Up, KeyCode::Left]);
    h.keys(&[
        KeyCode::Char('k'),
        KeyCode::Char('h'),
        KeyCode::Char('k'),
        KeyCode::Char('l'),
    ]);
    let s = h.app.menu.settings.clone();
    assert_eq!((s.values.small("rows"), s.values.small("cols")), (7, 6));
    assert_eq!(s.players, [Computer, Person]);
    // Clicking the ▶ of Rows and then Start.
    h.app.update(Event::Pointer {
        target: Target::MenuStep(munch::app::menu::MenuLine::Field("rows"), 1),
        click: true,
    });
    h.app.update(Event::Pointer {
        target: Target::MenuLine(munch::app::menu::MenuLine::Start),
        click: true,
    });
    assert_eq!(h.game().settings.values.small("rows"), 8);
}

#[test]
fn q_and_esc_on_the_menu_quit() {
    let mut h = Harness::new();
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit);
    let mut h = Harness::new();
    h.key(KeyCode::Esc);
    assert!(h.app.should_quit);
}

#[test]
fn a_person_move_then_the_computer_replies_after_a_flash() {
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    // The cursor starts top right; go to c2 and eat it.
    h.keys(&[KeyCode::Left, KeyCode::Left, KeyCode::Down, KeyCode::Down]);
    assert_eq!(cursor(h.game()), Square::new(2, 1));
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[4, 4, 1, 1, 1]);
    assert!(h.game().computer_to_move());
    // The computer chooses at once but its move only lands after the flash.
    h.ticks(1);
    let pending = h.game().turns.pending.expect("the computer has chosen");
    h.ticks(5);
    assert_eq!(h.game().turns.moves.len(), 1, "still flashing");
    h.ticks(10);
    assert_eq!(h.game().turns.moves.len(), 2);
    assert_eq!(h.game().turns.moves[1], pending.choice);
    // [4,4,1,1,1] is won for the player to move: the computer took a winning move.
    let mut reference = Reference::new();
    assert!(reference.wins(&[4, 4, 1, 1, 1]));
    assert!(!reference.wins(h.game().position.heights()));
}

#[test]
fn keys_pressed_during_the_flash_wait_for_the_move_to_land() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // c3
    h.ticks(1);
    assert!(h.game().turns.pending.is_some());
    // Keys while the computer's move flashes: the cursor moves at once, the eat waits.
    // The cursor went from c3 to c2 when c3 was eaten; two steps left is a2.
    h.keys(&[KeyCode::Left, KeyCode::Left]);
    assert_eq!(cursor(h.game()), Square::new(0, 1), "a2");
    h.key(KeyCode::Char(' '));
    assert_eq!(h.game().turns.moves.len(), 1);
    h.ticks(20);
    let game = h.game();
    let computer = game.turns.moves[1];
    if game.turns.moves.len() == 3 {
        assert_eq!(
            game.turns.moves[2],
            Square::new(0, 1),
            "the queued eat was played"
        );
        assert_eq!(game.position.heights(), &[1, 1, 1]);
    } else {
        assert!(
            computer.col == 0 && computer.row <= 1,
            "a2 was eaten by {computer}"
        );
        assert!(game.message.as_deref().unwrap_or("").contains("a2"));
    }
}

#[test]
fn eating_when_it_is_the_computers_turn_is_refused_with_a_note() {
    let mut h = Harness::new();
    h.start(3, 3, [Computer, Person]);
    h.key(KeyCode::Enter);
    assert!(h.game().turns.moves.is_empty());
    assert!(h.game().message.is_some());
}

#[test]
fn hints_toggle_and_count_winning_moves() {
    let mut h = Harness::new();
    h.start(5, 5, [Person, Computer]);
    h.wait_for_solver();
    assert!(!h.game().hints);
    h.key(KeyCode::Char('H'));
    assert!(h.game().hints);
    // 5×5: the only winning move is b2 (leaving [5,1,1,1,1]).
    assert_eq!(h.game().winning_moves(), Some(vec![Square::new(1, 1)]));
    h.key(KeyCode::Char('H'));
    assert!(!h.game().hints);
}

#[test]
fn the_mouse_previews_on_hover_and_eats_on_click() {
    let mut h = Harness::new();
    h.start(3, 4, [Person, Person]);
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(1, 2))),
        click: false,
    });
    assert_eq!(cursor(h.game()), Square::new(1, 2));
    assert_eq!(h.game().turns.moves.len(), 0);
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(2, 0))),
        click: true,
    });
    assert_eq!(h.game().position.heights(), &[3, 3, 0, 0]);
    assert_eq!(h.game().to_move(), 1);
}

#[test]
fn quitting_a_game_asks_first() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Computer]);
    h.key(KeyCode::Char('q'));
    assert_eq!(h.app.modals(), [Modal::Dialog(Dialog::ConfirmQuit)]);
    assert!(!h.app.should_quit);
    h.key(KeyCode::Char('n'));
    assert_eq!(h.app.modals(), []);
    h.key(KeyCode::Esc);
    h.key(KeyCode::Char('m'));
    assert!(h.on_menu());
    h.start(3, 3, [Person, Computer]);
    h.key(KeyCode::Char('q'));
    h.key(KeyCode::Char('y'));
    assert!(h.app.should_quit);
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    for in_game in [false, true] {
        let mut h = Harness::new();
        if in_game {
            h.start(3, 3, [Person, Computer]);
            h.key(KeyCode::Char('?'));
        }
        h.ctrl('c');
        assert!(h.app.should_quit);
    }
}

#[test]
fn help_opens_and_any_key_closes_it() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Char('?'));
    assert!(h.app.help_open());
    h.key(KeyCode::Enter);
    assert!(!h.app.help_open());
    assert!(
        h.game().turns.moves.is_empty(),
        "the key that closed help did nothing else"
    );
}

#[test]
fn game_over_names_the_loser_and_offers_a_rematch() {
    let mut h = Harness::new();
    h.start(1, 2, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // b1: only the poison is left for the computer
    h.computer_moves();
    let game = h.game();
    assert!(game.is_over());
    assert_eq!(game.loser(), Some(1));
    assert_eq!(game.turns.moves, vec![Square::new(1, 0), Square::POISON]);
    h.key(KeyCode::Enter);
    assert!(h.game().turns.moves.is_empty(), "play again starts afresh");
    assert_eq!(h.game().settings.values.small("cols"), 2);
    h.app.update(Event::Pointer {
        target: Target::Button(Button::Menu),
        click: true,
    });
    assert!(
        !h.on_menu(),
        "a dialog's button does nothing while its dialog is not showing"
    );
    h.key(KeyCode::Enter);
    h.computer_moves();
    // The box takes clicks once it has shown a moment.
    h.read_the_result();
    h.app.update(Event::Pointer {
        target: Target::Button(Button::Menu),
        click: true,
    });
    assert!(h.on_menu());
}

#[test]
fn a_game_asks_the_app_for_its_table_and_each_request_is_numbered_and_handed_out_once() {
    use munch::games::chomp::solver::Asked;
    use munch::games::request::{Job, Request};
    let mut h = Harness::new();
    h.start(3, 4, [Person, Person]);
    // At level perfect, the moves-left table (the outcome table comes on its way).
    assert_eq!(
        crate::common::asked(&h.app.take_requests()),
        vec![(1, Some(Asked::MovesLeft { rows: 3, cols: 4 }))]
    );
    assert!(
        h.app.take_requests().is_empty(),
        "each request is handed out once"
    );
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert!(h.on_menu());
    assert_eq!(
        h.app.take_requests(),
        vec![Job {
            number: 2,
            request: Request::Cancel,
        }],
        "leaving the game stops its build"
    );
}

#[test]
fn answers_for_a_game_already_left_are_dropped() {
    let mut h = Harness::new();
    h.start(8, 8, [Person, Computer]);
    let stale = h.next_message(); // an answer for the first game
    h.start(3, 3, [Person, Computer]);
    h.app.update(Event::Solver(stale));
    assert!(
        solving(h.game()) && h.game().waiting.as_ref().is_some_and(|w| w.done == 0),
        "the 8×8 answer was not taken for the 3×3 game"
    );
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
}

#[test]
fn over_budget_boxes_are_played_from_the_book_then_solved_once_they_shrink() {
    // 8 bytes hold 64 positions: a 3×3 box (20 positions) fits, a 7×5 box does not.
    let mut h = Harness::with_budget(8, 3);
    h.start(7, 5, [Computer, Computer]);
    h.wait_for_solver();
    assert!(h.game().rules.refused().is_some());
    // The panel says what is missing, not that the game cannot be solved: the book and the
    // closed forms still prove its outcome.
    let screen = render_text(&h.app, 100, 30);
    assert!(
        screen.contains("no table: over memory budget") && !screen.contains("too big to solve"),
        "{screen}"
    );
    h.computer_moves();
    let book = munch::games::chomp::book::winning_first_moves(7, 5).expect("7×5 is in the book");
    assert!(
        book.contains(&h.game().turns.moves[0]),
        "the opening comes from the book"
    );
    let mut solved_again = false;
    let mut turns = 0;
    while !h.game().is_over() {
        h.computer_moves();
        solved_again |= h.game().rules.outcomes().is_some();
        turns += 1;
        assert!(turns < 40);
    }
    assert!(
        solved_again,
        "a table was built once the bar fitted the budget"
    );
    let moves = &h.game().turns.moves;
    assert_eq!(*moves.last().unwrap(), Square::POISON);
    assert!(
        !moves[..moves.len() - 1].contains(&Square::POISON),
        "the poison is eaten only when nothing else is left"
    );
}

#[test]
fn an_unproven_move_is_searched_off_the_interface_thread_and_undo_drops_it() {
    // With 8 bytes no 21×22 table fits, and that bar less its corner has no closed form or
    // book entry, nothing one move on, and a box too big to solve on the spot (6×7 less its
    // corner, used before, is a first move the book covers, and a box that small is solved).
    let mut h = Harness::with_budget(8, 5);
    h.start(21, 22, [Person, Computer]);
    h.wait_for_solver();
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(21, 20))),
        click: true,
    });
    h.ticks(1);
    assert!(h.game().searching(), "the computer waits for its search");
    assert!(
        h.game().turns.pending.is_none(),
        "no move chosen on the interface's thread"
    );
    // Taking the move back forgets the search; its late answer is dropped.
    h.key(KeyCode::Char('u'));
    assert!(!h.game().searching());
    let late = h.next_message(); // the search answers
    assert!(matches!(
        crate::common::read(&late),
        Some(crate::common::News::Searched { .. })
    ));
    h.app.update(Event::Solver(late));
    assert!(h.game().turns.pending.is_none() && h.game().turns.moves.is_empty());
    // Played again, the computer's searched move lands, marked unproven.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(21, 20))),
        click: true,
    });
    h.computer_moves();
    assert_eq!(h.game().turns.moves.len(), 2);
    assert!(h.game().notes.last_move_unproven);
}

#[test]
fn a_huge_square_is_played_exactly_without_any_table() {
    // 26×26 needs 56 TiB: b2, then the L-shape's mirror strategy, all proven.
    let mut h = Harness::new();
    h.start(26, 26, [Computer, Person]);
    h.wait_for_solver();
    assert!(h.game().rules.refused().is_some());
    h.computer_moves();
    assert_eq!(h.game().turns.moves, vec![Square::new(1, 1)]);
    // The person shortens the right arm to 3 squares; the computer mirrors on the upper arm.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(4, 0))),
        click: true,
    });
    h.computer_moves();
    assert_eq!(h.game().turns.moves[2], Square::new(0, 4));
    assert!(!h.game().notes.unproven_moves);
}

#[test]
fn the_menu_chooses_a_coin_game_and_validates_the_set_as_you_type() {
    let mut h = Harness::new();
    // Start → Ask before a1 → Computer level → Second → First → Columns → Rows → Game, then one
    // to the right.
    h.keys(&[KeyCode::Up; 7]);
    h.key(KeyCode::Right);
    assert_eq!(
        h.app.menu.settings.game,
        munch::settings::GameKind::Subtraction
    );
    h.keys(&[KeyCode::Down, KeyCode::Down]); // the Set line
    h.keys(&[KeyCode::Backspace; 10]);
    h.key(KeyCode::Enter);
    assert!(h.on_menu(), "an empty set cannot start a game");
    assert!(h.app.menu.settings.problem().is_some());
    for c in "2,5".chars() {
        h.key(KeyCode::Char(c));
    }
    h.key(KeyCode::Up); // the Coins line: type 12
    h.keys(&[KeyCode::Backspace; 3]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Char('2')]);
    h.key(KeyCode::Enter);
    let game = h.subtraction_game();
    assert_eq!(
        (game.position.pile, game.title().as_str()),
        (12, "Subtraction game {2,5}")
    );
    assert_eq!(game.legal_text(80), "take 2 or 5");
}

#[test]
fn a_subtraction_game_is_won_by_the_computer_after_one_wrong_take() {
    // {1,2,3}: multiples of 4 lose. From 9 the person should take 1; taking 2 hands the
    // computer 7, from which it takes 3 and keeps the multiples of 4 to the end.
    let mut h = Harness::new();
    h.start_pile(9, Some("1,2,3"), [Person, Computer]);
    assert_eq!(h.subtraction_game().board.choice, 1);
    h.key(KeyCode::Right);
    assert_eq!(h.subtraction_game().board.choice, 2);
    h.key(KeyCode::Enter);
    while !h.subtraction_game().is_over() {
        h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
        if h.subtraction_game().is_over() {
            break;
        }
        assert_eq!(
            h.subtraction_game().position.pile % 4,
            0,
            "the computer leaves a multiple of 4"
        );
        h.key(KeyCode::Char('1'));
        h.key(KeyCode::Enter);
    }
    assert_eq!(h.subtraction_game().loser(), Some(0));
    assert_eq!(h.subtraction_game().position.pile, 0);
    assert_eq!(
        h.subtraction_game().turns.verdict,
        Some((0, 2)),
        "game over names the wrong take"
    );
}

#[test]
fn illegal_takes_are_refused_with_what_is_legal() {
    let mut h = Harness::new();
    h.start_pile(10, Some("2,5"), [Person, Person]);
    h.key(KeyCode::Char('3'));
    assert!(
        h.subtraction_game()
            .message
            .as_deref()
            .unwrap()
            .contains("take 2 or 5")
    );
    // Enter confirms what the panel shows, the typed 3, or nothing: here nothing.
    h.key(KeyCode::Enter);
    assert!(
        h.subtraction_game().turns.moves.is_empty(),
        "an illegal typed take is refused"
    );
    assert!(
        h.subtraction_game()
            .message
            .as_deref()
            .unwrap()
            .contains("take 2 or 5")
    );
    h.key(KeyCode::Left); // the nearest legal take below 3
    h.key(KeyCode::Enter);
    assert_eq!(
        h.subtraction_game().turns.moves,
        vec![2],
        "the chosen legal take stayed 2"
    );
    // A click on the coin that starts a take of 5.
    h.app.update(Event::Pointer {
        target: Target::Spot(coin(3)),
        click: true,
    });
    assert_eq!(h.subtraction_game().turns.moves, vec![2, 5]);
    assert_eq!(h.subtraction_game().position.pile, 3);
    h.key(KeyCode::Enter); // the choice went back to the smallest legal take, 2
    // One coin left: neither 2 nor 5 fits, so the player to move (the second) has lost.
    assert_eq!(h.subtraction_game().position.pile, 1);
    assert_eq!(h.subtraction_game().loser(), Some(1));
}

#[test]
fn fibonacci_nim_from_22_the_computer_takes_1_and_the_limit_follows_the_rule() {
    let mut h = Harness::new();
    h.start_pile(22, None, [Computer, Person]);
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    let game = h.fibonacci_game();
    assert_eq!(
        game.turns.moves,
        vec![1],
        "the seed notebook's winning first take"
    );
    assert_eq!(game.legal_text(80), "take 1 to 2");
    h.key(KeyCode::Char('H'));
    assert_eq!(
        h.fibonacci_game().winning_takes(),
        Some(vec![]),
        "21 with at most 2 is lost"
    );
    h.key(KeyCode::Char('3'));
    assert!(
        h.fibonacci_game().message.is_some(),
        "3 is more than twice 1"
    );
    h.key(KeyCode::Backspace);
    h.key(KeyCode::Char('2'));
    h.key(KeyCode::Enter);
    assert_eq!(
        (h.fibonacci_game().position.pile, h.fibonacci_game().limit()),
        (19, 4)
    );
}

#[test]
fn fibonacci_nim_from_21_the_perfect_computer_defends_longest() {
    // 21 is lost. Every take of 1, 2, 3, 5, 6, 8, … leaves one winning reply, and of those 1
    // and 2 make the game last longest (15 more moves); 8 would let the person take all 13.
    for seed in 0..20 {
        let mut h = Harness::with_budget(munch::memory::default_memory(), seed);
        h.start_pile(21, None, [Computer, Person]);
        h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
        let take = h.fibonacci_game().turns.moves[0];
        assert!([1, 2].contains(&take), "seed {seed}: took {take}");
    }
}

#[test]
fn undo_takes_back_a_full_round_and_redo_replays_it() {
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // e4
    h.computer_moves();
    let after_round = h.game().position.clone();
    assert_eq!(h.game().turns.moves.len(), 2);
    h.key(KeyCode::Char('u'));
    assert!(
        h.game().turns.moves.is_empty(),
        "the computer's reply and the person's move"
    );
    assert_eq!(h.game().position.heights(), &[4; 5]);
    h.app
        .update(Event::Key(ratatui::crossterm::event::KeyEvent::new(
            KeyCode::Char('r'),
            ratatui::crossterm::event::KeyModifiers::CONTROL,
        )));
    assert_eq!(h.game().position, after_round, "redo replays both moves");
    h.key(KeyCode::Char('u'));
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(3, 3))),
        click: true,
    }); // a new move: d4
    assert_eq!(h.game().turns.moves, vec![Square::new(3, 3)]);
    h.app
        .update(Event::Key(ratatui::crossterm::event::KeyEvent::new(
            KeyCode::Char('r'),
            ratatui::crossterm::event::KeyModifiers::CONTROL,
        )));
    assert_eq!(
        h.game().turns.moves.len(),
        1,
        "a new move forgets what undo took back"
    );
    h.key(KeyCode::Char('r'));
    h.key(KeyCode::Char('y')); // restart asks first
    assert!(h.game().turns.moves.is_empty(), "restart");
}

#[test]
fn undo_in_a_coin_game_and_the_blunder_is_named() {
    let mut h = Harness::new();
    h.start_pile(9, Some("1,2,3"), [Person, Computer]);
    h.key(KeyCode::Char('2')); // wrong: 9 wants 1
    h.key(KeyCode::Enter);
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.subtraction_game().turns.moves.len(), 2);
    assert_eq!(h.subtraction_game().blunder(), Some((0, 2)));
    h.key(KeyCode::Char('u'));
    assert_eq!(
        (
            h.subtraction_game().position.pile,
            h.subtraction_game().turns.moves.len()
        ),
        (9, 0)
    );
    h.key(KeyCode::Char('1'));
    h.key(KeyCode::Enter);
    assert_eq!(h.subtraction_game().blunder(), None);
}

#[test]
fn the_casual_computer_still_takes_a_win_in_one_and_perfect_never_slips() {
    use munch::settings::Level;
    for seed in 0..20 {
        let mut h = Harness::with_budget(munch::memory::default_memory(), seed);
        h.app.menu.settings.level = Level::Casual;
        h.start_pile(3, Some("1,3"), [Computer, Person]);
        h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
        assert_eq!(
            h.subtraction_game().turns.moves,
            vec![3],
            "taking the whole pile wins at once"
        );
    }
    // Perfect play from a won Chomp opening is always the winning move.
    let mut h = Harness::new();
    h.start(5, 5, [Computer, Person]);
    h.computer_moves();
    assert_eq!(h.game().turns.moves, vec![Square::new(1, 1)]);
}

#[test]
fn leaving_for_the_menu_offers_to_resume_the_game() {
    let mut h = Harness::new();
    h.start(4, 5, [Person, Person]);
    h.key(KeyCode::Enter); // e4
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 2")
    );
    h.key(KeyCode::Enter);
    assert_eq!(h.game().turns.moves, vec![Square::new(4, 3)]);
    // A finished game is not offered.
    let mut h = Harness::new();
    h.start(1, 2, [Person, Person]);
    h.keys(&[KeyCode::Enter, KeyCode::Enter]); // b1, then a1: over
    assert!(h.game().is_over());
    h.key(KeyCode::Esc);
    assert_eq!(h.app.menu.resume(GameKind::Chomp), None);
}

/// Types `text` key by key, as a person (or a paste) would.
fn type_text(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.key(KeyCode::Char(c));
    }
}

/// Points the mouse at a menu line, which highlights it.
fn point_at_line(h: &mut Harness, line: MenuLine) {
    h.app.update(Event::Pointer {
        target: Target::MenuLine(line),
        click: false,
    });
    assert_eq!(h.app.menu.selected, line);
}

/// The subtraction game chosen on the menu, and `line` highlighted.
fn to_subtraction_line(h: &mut Harness, line: MenuLine) {
    point_at_line(h, MenuLine::Game);
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.game, GameKind::Subtraction);
    point_at_line(h, line);
}

#[test]
fn the_set_field_owns_space_comma_and_dash_and_never_starts_a_game() {
    let mut h = Harness::new();
    to_subtraction_line(&mut h, MenuLine::Field("set"));
    assert_eq!(h.app.menu.selected, MenuLine::Field("set"));
    type_text(&mut h, "1, 3-5");
    assert!(h.on_menu(), "Space in the field started no game");
    assert_eq!(
        h.app.menu.settings.values.text("set"),
        "1, 3-5",
        "every key landed in the field"
    );
    h.keys(&[KeyCode::Backspace; 6]);
    type_text(&mut h, "1-4");
    assert_eq!(
        h.app.menu.settings.values.text("set"),
        "1-4",
        "not silently {{14}}"
    );
    // Space on the Coins line does nothing either.
    h.key(KeyCode::Up);
    h.key(KeyCode::Char(' '));
    assert!(h.on_menu());
}

#[test]
fn a_set_that_cannot_be_played_is_marked_and_start_refuses_with_the_reason() {
    let mut h = Harness::new();
    to_subtraction_line(&mut h, MenuLine::Field("set"));
    type_text(&mut h, "2,0");
    let (line, problem) = h.app.menu.problem().expect("0 is no take");
    assert_eq!(line, MenuLine::Field("set"));
    point_at_line(&mut h, MenuLine::Start);
    h.key(KeyCode::Enter);
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.selected,
        MenuLine::Field("set"),
        "back to the field at fault"
    );
    let note = h.app.menu.note.clone().expect("Start says why it refused");
    assert!(
        note.contains(&problem),
        "{note:?} gives the reason {problem:?}"
    );
    // The view marks the field and gives the reason.
    let screen = render_text(&h.app, 80, 24);
    assert!(screen.contains("✗ 2,0"), "{screen}");
    let start: String = problem.chars().take(20).collect();
    assert!(
        screen.contains(&format!("Cannot start: {start}")),
        "{screen}"
    );
}

#[test]
fn typing_into_a_number_field_replaces_its_value() {
    let mut h = Harness::new();
    to_subtraction_line(&mut h, MenuLine::Field("pile"));
    assert_eq!(h.app.menu.selected, MenuLine::Field("pile"));
    type_text(&mut h, "29");
    assert_eq!(h.app.menu.settings.values.number("pile"), 29);
    h.key(KeyCode::Down);
    h.key(KeyCode::Up);
    type_text(&mut h, "21");
    assert_eq!(h.app.menu.settings.values.number("pile"), 21, "not 2921");
    // Rows and Columns are typed the same way.
    point_at_line(&mut h, MenuLine::Game);
    h.key(KeyCode::Left); // back to Chomp
    point_at_line(&mut h, MenuLine::Field("rows"));
    type_text(&mut h, "12");
    assert_eq!(h.app.menu.settings.values.small("rows"), 12);
}

#[test]
fn every_limit_that_stops_a_value_says_why() {
    let mut h = Harness::new();
    let note = |h: &Harness| h.app.menu.note.clone().unwrap_or_default();
    point_at_line(&mut h, MenuLine::Field("rows"));
    type_text(&mut h, "30");
    assert_eq!(h.app.menu.settings.values.small("rows"), 3);
    assert!(note(&h).contains("26 is the largest side"), "{}", note(&h));
    h.key(KeyCode::Backspace);
    h.key(KeyCode::Char('1'));
    assert_eq!(h.app.menu.settings.values.small("rows"), 1);
    h.key(KeyCode::Down);
    h.keys(&[KeyCode::Left; 10]);
    assert_eq!(
        h.app.menu.settings.values.small("cols"),
        2,
        "Columns stop at 2 beside 1 row"
    );
    assert!(
        note(&h).contains("a 1×1 bar is only the poison"),
        "{}",
        note(&h)
    );
    h.key(KeyCode::Up);
    h.keys(&[KeyCode::Right; 30]);
    assert_eq!(h.app.menu.settings.values.small("rows"), 26);
    assert!(note(&h).contains("26 is the largest side"), "{}", note(&h));
    // A pile past u64.
    h.keys(&[KeyCode::Up, KeyCode::Right]);
    h.key(KeyCode::Down);
    type_text(&mut h, "18446744073709551615");
    assert_eq!(h.app.menu.settings.values.number("pile"), u64::MAX);
    assert_eq!(note(&h), "");
    h.key(KeyCode::Char('0'));
    assert_eq!(h.app.menu.settings.values.number("pile"), u64::MAX);
    assert!(note(&h).contains("largest pile"), "{}", note(&h));
    h.key(KeyCode::Right);
    assert!(note(&h).contains("largest pile"), "{}", note(&h));
    // Fibonacci Nim starts from 2 coins.
    h.keys(&[KeyCode::Up, KeyCode::Right, KeyCode::Down]);
    assert_eq!(h.app.menu.settings.game, GameKind::Fibonacci);
    type_text(&mut h, "3");
    h.keys(&[KeyCode::Left; 3]);
    let fibonacci_pile = munch::games::fibonacci::fields::PILE;
    assert_eq!(h.app.menu.settings.values.number(fibonacci_pile), 2);
    // The subtraction game keeps its own coins.
    assert_eq!(h.app.menu.settings.values.number("pile"), u64::MAX);
    assert!(note(&h).contains("at least 2 coins"), "{}", note(&h));
}

#[test]
fn enter_takes_exactly_what_the_panel_shows_or_nothing() {
    // munch play subtraction --pile 21 --set 1,3,4: → → chooses 4, then 2 is typed.
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.keys(&[KeyCode::Right, KeyCode::Right]);
    assert_eq!(h.subtraction_game().board.choice, 4);
    h.key(KeyCode::Char('2'));
    assert_eq!(
        h.subtraction_game().board.choice,
        2,
        "the typed number is the choice"
    );
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("2 is not allowed"), "{screen}");
    assert!(!screen.contains("taking 4"), "{screen}");
    h.key(KeyCode::Enter);
    assert!(
        h.subtraction_game().turns.moves.is_empty(),
        "Enter took nothing"
    );
    let message = h.subtraction_game().message.clone().unwrap_or_default();
    assert!(message.contains("take 1, 3 or 4"), "{message:?}");
    h.key(KeyCode::Char(' '));
    assert!(h.subtraction_game().turns.moves.is_empty(), "nor did Space");
    // After a refused take the next digit starts afresh: 1, not 21.
    h.key(KeyCode::Char('1'));
    assert_eq!(h.subtraction_game().board.choice, 1);
    // Typing on: 1 then 9 is 19, which is not a take of {1,3,4} either.
    h.key(KeyCode::Char('9'));
    assert_eq!(h.subtraction_game().board.choice, 19);
    // Backspace back to 1, again to nothing chosen, then 3: that is taken.
    h.keys(&[KeyCode::Backspace, KeyCode::Backspace]);
    h.key(KeyCode::Enter);
    assert!(
        h.subtraction_game().turns.moves.is_empty(),
        "nothing chosen, nothing taken"
    );
    h.key(KeyCode::Char('3'));
    h.key(KeyCode::Enter);
    assert_eq!(h.subtraction_game().turns.moves, vec![3]);
    // After ←/→ the next digit starts afresh.
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    h.keys(&[KeyCode::Char('3'), KeyCode::Right, KeyCode::Char('1')]);
    assert_eq!(h.subtraction_game().board.choice, 1);
}

/// Draws the app at `width` × `height`, hands the view's viewport to the app as the event loop
/// does, and returns the hit map and the frame's rows of text.
fn frame(h: &mut Harness, width: u16, height: u16) -> (munch::ui::HitMap, Vec<String>) {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    let mut hits = munch::ui::HitMap::default();
    terminal
        .draw(|f| hits = munch::ui::render(&h.app, f, &munch::theme::Theme::colour()))
        .unwrap();
    h.app.update(Event::Viewport(hits.viewport));
    let buffer = terminal.backend().buffer();
    let rows = (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    (hits, rows)
}

/// Where `target` is drawn on an 80×24 frame.
fn find(h: &mut Harness, target: Target) -> (u16, u16) {
    let (hits, _) = frame(h, 80, 24);
    (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find(|&(x, y)| hits.target_at(x, y) == Some(target))
        .unwrap_or_else(|| panic!("{target:?} is drawn"))
}

/// Clicks wherever the frame drew `target`, as the event loop would turn the click into a
/// pointer event.
fn click(h: &mut Harness, target: Target) {
    let (x, y) = find(h, target);
    let (hits, _) = frame(h, 80, 24);
    let target = hits.target_at(x, y).expect("something is there");
    h.app.update(Event::Pointer {
        target,
        click: true,
    });
}

/// What the comparison of a click and a key looks at.
fn chomp_state(h: &Harness) -> (Vec<Square>, bool, bool, bool, Option<Dialog>) {
    let g = h.game();
    (
        g.turns.moves.clone(),
        g.hints,
        h.app.modals() == [Modal::Dialog(Dialog::ConfirmQuit)],
        h.on_menu(),
        h.app.dialog(),
    )
}

#[test]
fn the_panels_buttons_do_what_their_keys_do() {
    use munch::app::keys::Action;
    let mut by_mouse = Harness::new();
    let mut by_keys = Harness::new();
    for h in [&mut by_mouse, &mut by_keys] {
        h.start(4, 5, [Person, Person]);
        h.keys(&[KeyCode::Enter, KeyCode::Left, KeyCode::Enter]);
    }
    let steps: [(Action, KeyCode, bool); 6] = [
        (Action::ToggleHints, KeyCode::Char('H'), false),
        (Action::Undo, KeyCode::Char('u'), false),
        (Action::Undo, KeyCode::Char('u'), false),
        (Action::Redo, KeyCode::Char('r'), true),
        (Action::Restart, KeyCode::Char('r'), false),
        (Action::Back, KeyCode::Esc, false),
    ];
    for (action, key, ctrl) in steps {
        let before = chomp_state(&by_mouse);
        click(&mut by_mouse, Target::Command(action));
        if ctrl {
            by_keys.ctrl('r');
        } else {
            by_keys.key(key);
        }
        assert_ne!(chomp_state(&by_mouse), before, "{action:?} did something");
        assert_eq!(
            chomp_state(&by_mouse),
            chomp_state(&by_keys),
            "{action:?} by click and by key"
        );
        if action == Action::Restart {
            assert_eq!(
                by_mouse.app.dialog(),
                Some(Dialog::ConfirmRestart),
                "asks first"
            );
            for h in [&mut by_mouse, &mut by_keys] {
                h.key(KeyCode::Char('y'));
                assert!(h.game().turns.moves.is_empty(), "restarted");
            }
        }
    }
    assert_eq!(
        by_mouse.app.modals(),
        [Modal::Dialog(Dialog::ConfirmQuit)],
        "Menu asks first, as Esc does"
    );
    // While the question is up the panel's buttons are covered: nothing there to click.
    let (hits, _) = frame(&mut by_mouse, 80, 24);
    let buttons = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| matches!(hits.target_at(x, y), Some(Target::Command(_))))
        .count();
    assert_eq!(buttons, 0);
}

#[test]
fn the_wheel_steps_menu_values() {
    let mut h = Harness::new();
    let rows = find(&mut h, Target::MenuLine(MenuLine::Field("rows")));
    let wheel = |h: &mut Harness, at: (u16, u16), up: bool| {
        let (hits, _) = frame(h, 80, 24);
        h.app.update(Event::Wheel {
            target: hits.target_at(at.0, at.1),
            up,
        });
    };
    wheel(&mut h, rows, true);
    assert_eq!(h.app.menu.settings.values.small("rows"), 7, "up is ▶");
    assert_eq!(h.app.menu.selected, MenuLine::Field("rows"));
    wheel(&mut h, rows, false);
    wheel(&mut h, rows, false);
    assert_eq!(h.app.menu.settings.values.small("rows"), 5, "down is ◀");
    let start = find(&mut h, Target::MenuLine(MenuLine::Start));
    wheel(&mut h, start, true);
    assert!(h.on_menu(), "the wheel never starts a game");
    assert_eq!(h.app.menu.settings.values.small("rows"), 5);
    let before = h.app.menu.settings.clone();
    wheel(&mut h, (0, 0), true);
    assert_eq!(h.app.menu.settings, before, "nothing drawn there");
    let game = find(&mut h, Target::MenuLine(MenuLine::Game));
    wheel(&mut h, game, true);
    assert_eq!(h.app.menu.settings.game, GameKind::Subtraction);
}

#[test]
fn the_move_list_scrolls_back_to_move_1_and_follows_the_latest_again() {
    let mut h = Harness::new();
    h.start_pile(200, None, [Person, Person]);
    for _ in 0..40 {
        h.key(KeyCode::Enter);
    }
    assert_eq!(h.fibonacci_game().turns.moves.len(), 40);
    let shows = |rows: &[String], n: usize| rows.iter().any(|r| r.contains(&format!("│{n:>3}. ")));
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(shows(&rows, 40) && !shows(&rows, 1), "follows the latest");
    assert!(rows.iter().any(|r| r.contains("earlier")));
    for _ in 0..10 {
        h.key(KeyCode::PageUp);
    }
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(shows(&rows, 1) && !shows(&rows, 40), "back to move 1");
    assert!(rows.iter().any(|r| r.contains("later")));
    // Scrolled back, a new move does not move the list.
    h.key(KeyCode::Enter);
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(shows(&rows, 1));
    // One page down is one page, at once, even after pressing PageUp past the top.
    let page = usize::from(h.app.viewport.move_rows);
    assert!(page >= 2);
    h.key(KeyCode::PageDown);
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(!shows(&rows, 1) && shows(&rows, page + 1));
    // The wheel scrolls too: up goes back, down comes forward.
    let list = find(&mut h, Target::MoveList);
    for up in [true, false, false] {
        let (hits, _) = frame(&mut h, 80, 24);
        h.app.update(Event::Wheel {
            target: hits.target_at(list.0, list.1),
            up,
        });
    }
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(!shows(&rows, 2) && shows(&rows, page + 2));
    // Down to the end, it follows the latest move again.
    for _ in 0..10 {
        h.key(KeyCode::PageDown);
    }
    assert_eq!(h.app.history_top, None);
    h.key(KeyCode::Enter);
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(shows(&rows, 42));
}

/// Ticks until the coin game's next take lands (at most 1,000).
fn ticks_to_next_take(h: &mut Harness) -> usize {
    let before = h.subtraction_game().turns.moves.len();
    for n in 1..=1000 {
        h.ticks(1);
        if h.subtraction_game().turns.moves.len() > before {
            return n;
        }
    }
    panic!("no take in 1,000 ticks");
}

#[test]
fn the_demo_pauses_steps_and_changes_speed() {
    let mut h = Harness::new();
    h.start_pile(60, Some("1,2"), [Computer, Computer]);
    let (_, rows) = frame(&mut h, 80, 24);
    let bar = rows.last().unwrap();
    for words in ["pause", "step", "speed"] {
        assert!(bar.contains(words), "the key bar shows {words}: {bar}");
    }
    assert!(
        rows.iter().any(|r| r.contains("Demo at 1×")),
        "the panel shows the speed"
    );
    let normal = ticks_to_next_take(&mut h);

    // Space pauses: the clock runs, the game does not.
    h.key(KeyCode::Char(' '));
    let takes = h.subtraction_game().turns.moves.len();
    h.ticks(200);
    assert_eq!(h.subtraction_game().turns.moves.len(), takes, "paused");
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(rows.iter().any(|r| r.contains("paused")));
    // n plays exactly one move, and stays paused.
    h.key(KeyCode::Char('n'));
    h.ticks(200);
    assert_eq!(
        h.subtraction_game().turns.moves.len(),
        takes + 1,
        "one step, one move"
    );
    assert!(h.app.demo.paused);
    // Space goes on.
    h.key(KeyCode::Char(' '));
    assert!(ticks_to_next_take(&mut h) <= normal);

    // + is faster, - slower, each within bounds, shown in the panel.
    for _ in 0..9 {
        h.key(KeyCode::Char('+'));
    }
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(rows.iter().any(|r| r.contains("Demo at 4×")));
    ticks_to_next_take(&mut h);
    let fast = ticks_to_next_take(&mut h);
    for _ in 0..9 {
        h.key(KeyCode::Char('-'));
    }
    ticks_to_next_take(&mut h);
    let slow = ticks_to_next_take(&mut h);
    assert!(
        fast < normal && normal < slow,
        "{fast} < {normal} < {slow} ticks a move"
    );
    assert!(fast >= 2 && slow <= 60, "sane bounds: {fast}, {slow}");

    // The panel's Pause button is the Space key.
    click(&mut h, Target::Command(munch::app::keys::Action::Pause));
    assert!(h.app.demo.paused);
}

#[test]
fn a_chomp_demo_steps_one_move_at_a_time() {
    let mut h = Harness::new();
    h.start(5, 6, [Computer, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Char(' '));
    h.ticks(100);
    assert!(h.game().turns.moves.is_empty());
    for n in 1..=2 {
        h.key(KeyCode::Char('n'));
        for _ in 0..100 {
            h.ticks(1);
            h.wait_for_search();
        }
        assert_eq!(h.game().turns.moves.len(), n);
    }
    // Space in a demo never eats a square: it is the pause key there.
    assert!(h.game().message.is_none());
}

#[test]
fn a_click_on_the_bar_of_a_huge_pile_chooses_a_take_and_a_second_click_takes_it() {
    let pile = 1_000_000_000_000_000_000;
    let mut h = Harness::new();
    h.start_pile(pile, None, [Person, Computer]);
    let (hits, rows) = frame(&mut h, 80, 24);
    let cells: Vec<(u16, u16, u64)> = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter_map(|(x, y)| match hits.target_at(x, y) {
            Some(Target::Spot(spot)) if spot == bar(spot.1) => Some((x, y, spot.1)),
            _ => None,
        })
        .collect();
    assert!(cells.len() >= 20, "the whole bar is clickable");
    assert!(rows.iter().any(|r| r.contains("Click the bar")));
    // A click halfway along chooses the take from there on: about half the pile.
    let (x, _, index) = cells[cells.len() / 2];
    let press = |h: &mut Harness| {
        h.app.update(Event::Pointer {
            target: Target::Spot(bar(index)),
            click: true,
        });
    };
    press(&mut h);
    let take = pile - index;
    assert_eq!(h.fibonacci_game().board.choice, take);
    assert!(take > pile / 3 && take < pile * 2 / 3);
    assert!(
        h.fibonacci_game().turns.moves.is_empty(),
        "the first click only chooses"
    );
    // The bar shows the chosen take from the clicked cell to its end (the heading above it
    // may have grown a line for the take).
    let (hits, rows) = frame(&mut h, 80, 24);
    let y = (0..24)
        .find(|&y| hits.target_at(x, y) == Some(Target::Spot(bar(index))))
        .expect("the same cell, still clickable");
    let bar: Vec<char> = rows[usize::from(y)].chars().collect();
    let x = usize::from(x);
    assert_eq!(bar[x], '░');
    assert_eq!(bar[x - 1], '█');
    press(&mut h);
    assert_eq!(
        h.fibonacci_game().turns.moves,
        vec![take],
        "the second click takes it"
    );

    // In a subtraction game, a click far from any legal take chooses the nearest legal one.
    let mut h = Harness::new();
    h.start_pile(pile, Some("1,3,4"), [Person, Computer]);
    let (hits, _) = frame(&mut h, 80, 24);
    let first = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find_map(|(x, y)| match hits.target_at(x, y) {
            Some(Target::Spot(spot)) if spot == pile::bar(spot.1) => Some(spot.1),
            _ => None,
        })
        .expect("the bar");
    assert_eq!(first, 0, "the bar starts at the first coin");
    h.app.update(Event::Pointer {
        target: Target::Spot(pile::bar(first)),
        click: true,
    });
    assert_eq!(
        h.subtraction_game().board.choice,
        4,
        "the whole pile is nearest to 4 of {{1,3,4}}"
    );
}

#[test]
fn while_the_terminal_is_too_small_only_leaving_works() {
    use ratatui::crossterm::event::KeyModifiers;
    let mut h = Harness::new();
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    assert!(!h.app.hidden());
    h.app.update(Event::Resize {
        width: 40,
        height: 10,
    });
    assert!(h.app.hidden());
    h.keys(&[
        KeyCode::Enter,
        KeyCode::Char(' '),
        KeyCode::Up,
        KeyCode::Left,
    ]);
    h.app.update(Event::Pointer {
        target: Target::MenuLine(MenuLine::Start),
        click: true,
    });
    assert!(h.on_menu(), "no game started that nobody could see");
    assert_eq!(h.app.menu.selected, MenuLine::Start);
    assert_eq!(h.app.menu.settings.level, munch::settings::Level::Perfect);
    // A game shrunk out of sight takes no moves, and the computer waits.
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    h.start(3, 3, [Person, Computer]);
    h.wait_for_solver();
    h.app.update(Event::Resize {
        width: 40,
        height: 10,
    });
    h.keys(&[KeyCode::Enter, KeyCode::Char('r'), KeyCode::Char('u')]);
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(0, 1))),
        click: true,
    });
    assert!(h.game().turns.moves.is_empty());
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    h.key(KeyCode::Enter);
    assert_eq!(h.game().turns.moves.len(), 1, "seen again, the board plays");
    h.app.update(Event::Resize {
        width: 40,
        height: 10,
    });
    h.ticks(40);
    assert_eq!(
        h.game().turns.moves.len(),
        1,
        "the computer waits to be seen"
    );
    // q, Esc and Ctrl-C still leave.
    for key in [
        KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE),
        KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    ] {
        let mut h = Harness::new();
        h.start(3, 3, [Person, Computer]);
        h.app.update(Event::Resize {
            width: 20,
            height: 5,
        });
        h.app.update(Event::Key(key));
        assert!(h.app.should_quit, "{key:?} leaves");
    }
}

#[test]
fn on_a_screen_too_small_esc_goes_back_where_it_safely_can() {
    let small = |h: &mut Harness| {
        let (width, height) = munch::app::size::MENU;
        h.app.update(Event::Resize { width, height });
    };
    // The Study screen opened from a menu of the menu's size: too small for it.
    let mut h = Harness::new();
    small(&mut h);
    assert!(!h.app.hidden());
    h.key(KeyCode::Char('s'));
    assert!(matches!(h.app.screen, Screen::Study(_)));
    assert!(h.app.hidden());
    let (width, height) = munch::app::size::MENU;
    let said = render_text(&h.app, width, height);
    assert!(said.contains("Esc goes back, q quits"), "{said}");
    h.key(KeyCode::Esc);
    assert!(!h.app.should_quit, "Esc left the study, not munch");
    assert!(h.on_menu());
    assert!(!h.app.hidden(), "the menu fits again");
    // Its editor: Esc leaves the editor only, then the study.
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    small(&mut h);
    let editing = |h: &Harness| matches!(&h.app.screen, Screen::Study(s) if s.editor.is_some());
    assert!(editing(&h) && h.app.hidden());
    h.key(KeyCode::Esc);
    assert!(!editing(&h) && matches!(h.app.screen, Screen::Study(_)));
    assert!(!h.app.should_quit);
    // q still quits munch from there, and so does Ctrl-C.
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit, "q quits from a study too small to see");
    let mut h = Harness::new();
    small(&mut h);
    h.key(KeyCode::Char('s'));
    h.ctrl('c');
    assert!(h.app.should_quit, "Ctrl-C quits");
    // A finished game too small to see: Esc goes to the menu, as on its dialog.
    let mut h = Harness::new();
    h.start(1, 2, [Person, Person]);
    h.key(KeyCode::Right);
    h.key(KeyCode::Enter); // b1: the other person eats the poison
    h.key(KeyCode::Enter);
    h.key(KeyCode::Char('y'));
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    h.app.update(Event::Resize {
        width: 20,
        height: 5,
    });
    assert!(h.app.hidden());
    h.key(KeyCode::Esc);
    assert!(h.on_menu() && !h.app.should_quit);
    // In a game going on, Esc still quits, the game saved: its question could not be seen.
    let mut h = Harness::new();
    h.start(3, 3, [Person, Computer]);
    h.app.update(Event::Resize {
        width: 20,
        height: 5,
    });
    let said = render_text(&h.app, 20, 5);
    assert!(!said.contains("Esc goes back"), "{said}");
    h.key(KeyCode::Esc);
    assert!(h.app.should_quit);
}

#[test]
fn on_a_screen_too_small_the_message_says_esc_quits_where_it_does() {
    // Wide enough for the message on one line, too short for any screen.
    let (width, height) = (100, 5);
    let said = |h: &mut Harness| {
        h.app.update(Event::Resize { width, height });
        assert!(h.app.hidden());
        render_text(&h.app, width, height)
    };
    // The menu: nothing to keep.
    let mut h = Harness::new();
    let text = said(&mut h);
    assert!(
        text.contains("Enlarge the window; q or Esc quits.") && !text.contains("saved"),
        "{text}"
    );
    h.key(KeyCode::Esc);
    assert!(h.app.should_quit, "as it says");
    // A game with a move made, and a data folder: it is saved, and the message says so.
    let dir = std::env::temp_dir().join(format!("munch-too-small-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = munch::store::Store::open(Some(&dir)).expect("a temporary folder");
    let mut h = Harness::with_store(store);
    h.start(3, 3, [Person, Person]);
    let text = said(&mut h);
    assert!(
        text.contains("Enlarge the window; q or Esc quits.") && !text.contains("saved"),
        "no move made yet, nothing kept: {text}"
    );
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    h.key(KeyCode::Enter); // c3
    let text = said(&mut h);
    assert!(
        text.contains("Enlarge the window; q or Esc quits (the game is saved)."),
        "{text}"
    );
    h.key(KeyCode::Esc);
    assert!(h.app.should_quit, "as it says");
    let _ = std::fs::remove_dir_all(&dir);
    // Without a data folder the game cannot be saved, and the message does not say it is.
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Enter); // c3
    let text = said(&mut h);
    assert!(
        text.contains("q or Esc quits (this game is not saved)."),
        "{text}"
    );
}

#[test]
fn restart_asks_first_by_key_and_by_click() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Enter); // c3
    for answer in [KeyCode::Char('n'), KeyCode::Esc, KeyCode::Enter] {
        h.key(KeyCode::Char('r'));
        assert_eq!(h.app.dialog(), Some(Dialog::ConfirmRestart));
        assert_eq!(h.game().turns.moves.len(), 1, "nothing lost yet");
        h.key(KeyCode::Char('u'));
        assert_eq!(h.game().turns.moves.len(), 1, "the question owns the keys");
        h.key(answer);
        assert_eq!(h.app.dialog(), None, "{answer:?} keeps playing");
        assert_eq!(h.game().turns.moves.len(), 1);
    }
    h.key(KeyCode::Char('r'));
    h.app.update(Event::Pointer {
        target: Target::Button(Button::KeepPlaying),
        click: true,
    });
    assert_eq!(h.game().turns.moves.len(), 1);
    // The same path for every caller: an action asks too.
    h.app.act(Action::Restart);
    assert_eq!(h.app.dialog(), Some(Dialog::ConfirmRestart));
    h.app.update(Event::Pointer {
        target: Target::Button(Button::ConfirmRestart),
        click: true,
    });
    assert!(h.game().turns.moves.is_empty(), "restarted");
    assert_eq!(h.app.dialog(), None);
    h.key(KeyCode::Enter);
    h.keys(&[KeyCode::Char('r'), KeyCode::Char('y')]);
    assert!(h.game().turns.moves.is_empty(), "y restarts");
    // The keys of the question are in the key bar.
    h.key(KeyCode::Enter);
    h.key(KeyCode::Char('r'));
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("Restart the game?"), "{screen}");
    assert!(screen.contains("keep playing"), "{screen}");
}

/// The poison's question is the app's: the session only says the move asks first, and holds
/// nothing of the question; while it (or "Leave the game?") shows, the game's clock stops, a
/// resize keeps it, and a yes plays the move.
#[test]
fn a_question_over_the_game_is_the_apps_and_stops_the_games_clock() {
    let flash = usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    h.start(3, 3, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // c3
    h.ticks(1);
    assert!(
        h.game().turns.pending.is_some(),
        "the computer's move flashes"
    );
    // a1 clicked while it flashes waits for it.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::POISON)),
        click: true,
    });
    h.key(KeyCode::Esc);
    assert_eq!(h.app.modals(), [Modal::Dialog(Dialog::ConfirmQuit)]);
    h.ticks(3 * flash);
    assert_eq!(
        h.game().turns.moves.len(),
        1,
        "nothing lands under the question"
    );
    assert!(h.game().turns.pending.is_some());
    h.key(KeyCode::Char('n'));
    h.ticks(flash + 1);
    // The computer's move landed, and the poison queued behind it asks first.
    assert_eq!(h.game().turns.moves.len(), 2);
    assert_eq!(
        h.app.modals(),
        [Modal::Dialog(Dialog::Question(&POISON_QUESTION))]
    );
    assert!(h.game().asks.is_none(), "the app took the question");
    h.app.update(Event::Resize {
        width: 90,
        height: 28,
    });
    h.ticks(3 * flash);
    assert_eq!(
        h.app.modals(),
        [Modal::Dialog(Dialog::Question(&POISON_QUESTION))],
        "a resize and ticks keep the question"
    );
    assert_eq!(h.game().turns.moves.len(), 2);
    h.key(KeyCode::Char('y'));
    assert_eq!(h.game().turns.moves.last(), Some(&Square::POISON));
    assert_eq!(h.game().loser(), Some(0));
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
}

/// A game on the core's `Play` holds no question either: the app's "Leave the game?" stops
/// the computer, which moves once the person keeps playing.
#[test]
fn leaving_a_game_on_the_core_asks_and_the_computer_waits_for_the_answer() {
    let flash = usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    h.start_pile(10, Some("1,2"), [Computer, Person]);
    h.key(KeyCode::Char('q'));
    assert_eq!(h.app.modals(), [Modal::Dialog(Dialog::ConfirmQuit)]);
    let moves = |h: &Harness| {
        h.app
            .session()
            .map(munch::games::session::Session::moves_made)
    };
    h.ticks(3 * flash);
    assert_eq!(moves(&h), Some(0), "the computer waits for the answer");
    h.key(KeyCode::Esc);
    assert_eq!(h.app.modals(), []);
    h.ticks(flash + 2);
    assert_eq!(
        moves(&h),
        Some(1),
        "and plays once the person keeps playing"
    );
}

#[test]
fn eating_the_poison_asks_first_unless_turned_off() {
    let mut h = Harness::new();
    h.start(2, 2, [Person, Person]);
    h.keys(&[KeyCode::Left, KeyCode::Down]);
    assert_eq!(cursor(h.game()), Square::POISON);
    for answer in [KeyCode::Char('n'), KeyCode::Esc, KeyCode::Enter] {
        h.key(KeyCode::Enter);
        assert_eq!(h.app.dialog(), Some(Dialog::Question(&POISON_QUESTION)));
        h.key(answer);
        assert_eq!(h.app.dialog(), None);
        assert!(
            h.game().turns.moves.is_empty(),
            "{answer:?} does not eat it"
        );
    }
    let screen = {
        h.key(KeyCode::Char(' '));
        render_text(&h.app, 100, 30)
    };
    assert!(screen.contains("Eat the poison and lose?"), "{screen}");
    h.key(KeyCode::Char('y'));
    assert!(h.game().is_over());
    assert_eq!(h.game().loser(), Some(0));
    // By mouse: a click on a1, then on "Eat it".
    let mut h = Harness::new();
    h.start(2, 2, [Person, Person]);
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::POISON)),
        click: true,
    });
    assert_eq!(h.app.dialog(), Some(Dialog::Question(&POISON_QUESTION)));
    h.app.update(Event::Pointer {
        target: Target::Button(Button::Yes),
        click: true,
    });
    assert!(h.game().is_over());
    // Turned off on the menu: a1 is eaten at once. The poison alone is never asked about.
    let mut h = Harness::new();
    point_at_line(&mut h, MenuLine::Field("ask_before_poison"));
    h.key(KeyCode::Right);
    assert!(!h.app.menu.settings.values.flag("ask_before_poison"));
    h.app.menu.settings.values.set("rows", 2_u8);
    h.app.menu.settings.values.set("cols", 2_u8);
    point_at_line(&mut h, MenuLine::Start);
    h.key(KeyCode::Enter);
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::POISON)),
        click: true,
    });
    assert!(h.game().is_over(), "no question");
    let mut h = Harness::new();
    h.start(1, 2, [Person, Person]);
    h.keys(&[KeyCode::Enter, KeyCode::Enter]); // b1, then the poison alone
    assert!(h.game().is_over(), "nothing else left: no question");
}

#[test]
fn after_the_computers_move_the_cursor_is_not_on_the_poison() {
    let mut h = Harness::new();
    h.start(2, 2, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // b2
    h.ticks(1);
    assert!(h.game().turns.pending.is_some());
    // While the computer's move flashes, the person moves onto a1.
    h.keys(&[KeyCode::Left, KeyCode::Down]);
    assert_eq!(cursor(h.game()), Square::POISON);
    h.computer_moves();
    assert_eq!(h.game().turns.moves.len(), 2);
    assert!(!h.game().is_over());
    let cursor = cursor(h.game());
    assert_ne!(cursor, Square::POISON);
    assert!(h.game().position.contains(cursor), "{cursor} is on the bar");
}

#[test]
fn undo_works_from_the_game_over_screen() {
    let mut h = Harness::new();
    h.start(1, 2, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // b1: the computer has only the poison
    h.computer_moves();
    assert!(h.game().is_over());
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    h.key(KeyCode::Char('u'));
    assert!(!h.game().is_over(), "the game goes on");
    assert!(
        h.game().turns.moves.is_empty(),
        "the last round was taken back"
    );
    assert_eq!(h.app.dialog(), None);
    // A coin game too.
    let mut h = Harness::new();
    h.start_pile(3, Some("1,2,3"), [Person, Computer]);
    h.keys(&[KeyCode::Char('3'), KeyCode::Enter]);
    assert!(h.subtraction_game().is_over());
    h.key(KeyCode::Char('u'));
    assert_eq!(
        (
            h.subtraction_game().position.pile,
            h.subtraction_game().is_over()
        ),
        (3, false)
    );
}

#[test]
fn a_click_on_a_coin_no_longer_in_the_pile_does_nothing() {
    // Events are handled in batches between frames: a click can point at a coin drawn before
    // a take earlier in the same batch removed it.
    let mut h = Harness::new();
    h.start_pile(10, Some("1,2,3"), [Person, Person]);
    h.keys(&[KeyCode::Char('3'), KeyCode::Enter]);
    assert_eq!(h.subtraction_game().position.pile, 7);
    for index in [7, 9] {
        h.app.update(Event::Pointer {
            target: Target::Spot(coin(index)),
            click: true,
        });
    }
    assert_eq!(h.subtraction_game().turns.moves, vec![3], "nothing taken");
    // And a restart question covers the huge pile's bar as it covers the coins.
    h.key(KeyCode::Char('r'));
    for target in [
        Target::Spot(coin(6)),
        Target::Spot(bar(6)),
        Target::Spot(bar(6)),
    ] {
        h.app.update(Event::Pointer {
            target,
            click: true,
        });
    }
    assert_eq!(h.subtraction_game().turns.moves, vec![3]);
    assert_eq!(
        h.subtraction_game().board.choice,
        3,
        "the choice behind the question is kept"
    );
}

#[test]
fn the_menu_and_the_command_line_share_the_take_set_length_limit_the_docs_state() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/command-line.md"),
    )
    .expect("read docs/command-line.md");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let limit: usize = readme
        .split_once("A take set is at most ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("docs/command-line.md states the longest take set");
    // A valid set of exactly `limit` characters: sizes, then spaces (allowed around an item).
    let mut longest = String::from("1");
    for k in 2.. {
        let item = format!(",{k}");
        if longest.len() + item.len() > limit {
            break;
        }
        longest.push_str(&item);
    }
    longest.push_str(&" ".repeat(limit - longest.len()));
    assert_eq!(longest.chars().count(), limit);
    let one_more = format!("{longest} ");

    // The menu holds all of it, refuses one character more and says why, and starts with it.
    let mut h = Harness::new();
    to_subtraction_line(&mut h, MenuLine::Field("set"));
    type_text(&mut h, &longest);
    assert_eq!(h.app.menu.settings.values.text("set"), longest);
    assert_eq!(h.app.menu.problem(), None);
    h.key(KeyCode::Char(' '));
    assert_eq!(
        h.app.menu.settings.values.text("set"),
        longest,
        "one more is refused"
    );
    let note = h.app.menu.note.clone().expect("the refusal says why");
    assert!(
        note.contains(&format!("at most {limit} characters")),
        "{note}"
    );
    h.key(KeyCode::Enter);
    assert!(!h.on_menu(), "the longest set starts a game");
    assert_eq!(h.subtraction_game().settings.values.text("set"), longest);

    // `munch play` takes the same text (it reaches the terminal check) and refuses the same one
    // more, with the same reason. The settings it starts with are checked in src/cli.rs.
    let play = |set: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_munch"))
            .args(["play", "subtraction", "--set", set])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run munch")
    };
    let accepted = play(&longest);
    let stderr = String::from_utf8_lossy(&accepted.stderr);
    assert!(
        stderr.starts_with("munch: the game needs a terminal"),
        "{stderr}"
    );
    let refused = play(&one_more);
    assert_eq!(refused.status.code(), Some(2));
    let refused = String::from_utf8_lossy(&refused.stderr);
    assert!(
        refused.contains(&format!("at most {limit} characters")),
        "{refused}"
    );

    // And so does `munch solve`.
    let solve = |set: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_munch"))
            .args(["solve", "subtraction", "--pile", "10", "--set", set])
            .output()
            .expect("run munch")
    };
    assert!(solve(&longest).status.success());
    let out = solve(&one_more);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("at most {limit} characters")),
        "{stderr}"
    );
}

/// The Nim game on screen.
fn nim(h: &Harness) -> &munch::games::nim::session::NimSession {
    h.app
        .session_as::<munch::games::nim::session::NimSession>()
        .expect("a Nim game is on")
}

#[test]
fn nim_is_chosen_on_the_menu_and_played_with_keys_and_the_pointer() {
    use munch::games::nim::session::Place;
    use munch::games::nim::{Move, answer, nim_sum};
    let flash = 1 + usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    // Start → Ask before a1 → Computer level → Second → First → Columns → Rows → Game, then
    // past the other games to Nim, the last.
    h.keys(&[KeyCode::Up; 7]);
    h.keys(&[KeyCode::Right; 3]);
    assert_eq!(h.app.menu.settings.game.game().id(), "nim");
    assert_eq!(
        h.app.menu.settings.describe(),
        "Nim 3,4,5",
        "the default piles"
    );
    h.key(KeyCode::Down); // the Piles line: ←/→ step through the presets
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.describe(), "Nim 1,3,5,7");
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.describe(), "Nim 3,4,5");
    h.key(KeyCode::Enter);
    assert_eq!(nim(&h).position.piles(), &[3, 4, 5]);
    // The statistics key of the game on screen.
    assert_eq!(h.app.playing.describe(), "Nim 3,4,5");

    // 3^4^5 = 2: taking 2 from pile 1 wins. The choice starts at 1 coin from pile 1.
    h.key(KeyCode::Right);
    assert_eq!(nim(&h).chosen(), Move { pile: 0, take: 2 });
    h.key(KeyCode::Enter);
    assert_eq!(nim(&h).position.piles(), &[1, 4, 5]);
    h.ticks(flash);
    assert_eq!(nim(&h).turns.moves.len(), 2, "the computer answered");
    assert_ne!(
        nim_sum(&nim(&h).position),
        0,
        "a lost position has no good move"
    );

    // Undo takes back the computer's reply and the person's move.
    h.key(KeyCode::Char('u'));
    assert_eq!(nim(&h).position.piles(), &[3, 4, 5]);
    assert!(nim(&h).turns.moves.is_empty());

    // A losing move with the pointer: the last coin of pile 3 (take 1) leaves 3,4,4, which
    // the perfect computer wins by taking all of pile 1.
    h.app.update(Event::Pointer {
        target: Target::Spot(Place::Coin { pile: 2, index: 4 }.into()),
        click: true,
    });
    assert_eq!(nim(&h).position.piles(), &[3, 4, 4]);
    let before = nim(&h).position.clone();
    h.ticks(flash);
    let reply = *nim(&h).turns.moves.last().expect("the computer moved");
    assert_eq!(answer(&before).winning_moves, vec![reply]);
    assert_eq!(nim(&h).position.piles(), &[0, 4, 4]);

    // The choice left the emptied pile 1 for pile 2; ↓/↑ step between the piles with coins.
    assert_eq!(nim(&h).board.pile, 1);
    h.key(KeyCode::Down);
    assert_eq!(nim(&h).board.pile, 2);
    h.keys(&[KeyCode::Up, KeyCode::Up]);
    assert_eq!(nim(&h).board.pile, 1, "no pile with coins above pile 2");
    h.key(KeyCode::Char('3'));
    assert_eq!(nim(&h).chosen(), Move { pile: 1, take: 3 });
    h.key(KeyCode::Enter);
    // The computer mirrors every take until it takes the last coin.
    while !nim(&h).is_over() {
        h.ticks(flash);
        assert_eq!(
            nim_sum(&nim(&h).position),
            0,
            "the computer keeps the nim-sum 0"
        );
        if nim(&h).is_over() {
            break;
        }
        h.key(KeyCode::Enter);
    }
    assert_eq!(nim(&h).loser(), Some(0));
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    let review = nim(&h).mistakes();
    assert_eq!(review.len(), 1, "the one move that threw the win away");
    // Undo from the game-over box, then the game goes on.
    h.key(KeyCode::Char('u'));
    assert!(!nim(&h).is_over());
    assert_eq!(h.app.dialog(), None);
}

/// Runs table `jobs` as the worker's table thread would, with `tables`, and hands the answers
/// to the app.
fn answer_table_jobs(
    h: &mut Harness,
    tables: &mut munch::worker::Runner,
    jobs: Vec<munch::games::request::Job>,
) {
    use munch::games::chomp::solver::{Asked, asked};
    let answers = std::cell::RefCell::new(Vec::new());
    let notify = |m: SolverMessage| answers.borrow_mut().push(m);
    for job in jobs {
        match asked(&job.request) {
            Some(Asked::Solve { .. } | Asked::MovesLeft { .. }) => {
                tables.run(job, &|| true, &notify);
            }
            _ => panic!("not a table request: {job:?}"),
        }
    }
    for message in answers.into_inner() {
        h.app.update(Event::Solver(message));
    }
}

#[test]
fn at_level_perfect_a_game_asks_for_moves_left_at_once_and_not_at_other_levels() {
    use munch::games::chomp::solver::Asked;
    use munch::games::request::Request;
    use munch::settings::Level;
    for level in Level::ALL {
        let mut h = Harness::new();
        h.app.menu.settings.level = level;
        h.start(3, 4, [Person, Computer]);
        let mut tables = munch::worker::Runner::new(1 << 30);
        let jobs = h.app.take_requests();
        if level != Level::Perfect {
            assert_eq!(
                crate::common::asked(&jobs),
                [(1, Some(Asked::Solve { rows: 3, cols: 4 }))],
                "{level:?}: the outcome table alone"
            );
            answer_table_jobs(&mut h, &mut tables, jobs);
            assert!(h.game().rules.outcomes().is_some());
            let jobs = h.app.take_requests();
            assert!(jobs.is_empty(), "{level:?}: {jobs:?}");
            assert!(moves_left_not_asked(h.game()));
            continue;
        }
        // The moves-left table, with the outcome table on its way.
        assert_eq!(
            crate::common::asked(&jobs),
            [(1, Some(Asked::MovesLeft { rows: 3, cols: 4 }))]
        );
        assert!(building_moves_left(h.game()));
        assert!(
            render_text(&h.app, 100, 30).contains("outcomes   0%"),
            "the panel shows the build, named by its phase"
        );
        answer_table_jobs(&mut h, &mut tables, jobs);
        assert!(h.game().rules.outcomes().is_some());
        assert!(h.game().rules.moves_left().is_some());
        assert!(render_text(&h.app, 100, 30).contains("solved: 35 positions"));
        // Playing again on the same box keeps both tables: nothing to build.
        h.key(KeyCode::Char('q'));
        h.start(3, 4, [Person, Computer]);
        let jobs = h.app.take_requests();
        assert!(
            jobs.iter().all(|j| j.request == Request::Cancel),
            "{jobs:?}"
        );
        assert!(h.game().rules.moves_left().is_some());
    }
}

#[test]
fn a_moves_left_table_over_the_budget_keeps_the_computer_playing_as_before() {
    use munch::solve::OutcomeTable;
    // The budget holds the 4×5 outcome table but not its moves-left table beside it.
    let budget = OutcomeTable::bytes_for(4, 5);
    let mut h = Harness::with_budget(budget, 4);
    h.start(4, 5, [Computer, Person]);
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
    assert!(h.game().rules.moves_left_refusal().is_some());
    let screen = render_text(&h.app, 100, 30);
    assert!(
        screen.contains("moves left: over memory budget"),
        "{screen}"
    );
    // It still wins: its first move leaves a lost position.
    h.computer_moves();
    let mut reference = Reference::new();
    assert!(!reference.wins(h.game().position.heights()));
}

/// Runs the game's table requests with `tables` and hands the app their answers until the
/// game has its outcome table; the answers after it (the moves-left table's progress and the
/// table) are held back and returned, as if that build were still running.
fn outcomes_only(
    h: &mut Harness,
    tables: &mut munch::worker::Runner,
) -> std::collections::VecDeque<SolverMessage> {
    use munch::games::chomp::solver::{Asked, asked};
    let mut held = std::collections::VecDeque::new();
    loop {
        let answers = std::cell::RefCell::new(Vec::new());
        let notify = |m: SolverMessage| answers.borrow_mut().push(m);
        for job in h.app.take_requests() {
            if let Some(Asked::Solve { .. } | Asked::MovesLeft { .. }) = asked(&job.request) {
                tables.run(job, &|| true, &notify);
            }
        }
        held.extend(answers.into_inner());
        if h.game().rules.outcomes().is_some() {
            return held;
        }
        let message = held.pop_front().expect("the outcome table comes");
        h.app.update(Event::Solver(message));
    }
}

/// The side panel's text at 100×30, its lines joined by spaces.
fn panel_words(h: &Harness) -> String {
    render_text(&h.app, 100, 30)
        .lines()
        .map(|l| l.split('│').nth(3).unwrap_or("").trim().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An `n` × `n` game at level perfect in which the person has eaten b2, leaving the computer the
/// L of two arms of `n - 1` squares: lost, and every move but the poison leaves one winning
/// reply (the move that evens the arms). Its outcome table is in; the moves-left table's
/// answers are held back and returned.
fn after_b2(n: u8, h: &mut Harness) -> std::collections::VecDeque<SolverMessage> {
    h.start(n, n, [Person, Computer]);
    let mut tables = munch::worker::Runner::new(1 << 30);
    let held = outcomes_only(h, &mut tables);
    h.app.update(Event::Pointer {
        target: Target::Spot(crate::common::spot(Square::new(1, 1))),
        click: true,
    });
    assert_eq!(h.game().turns.moves, [Square::new(1, 1)]);
    held
}

#[test]
fn at_level_perfect_the_computer_waits_for_a_near_moves_left_table_and_defends_longest() {
    use munch::games::moves_left::PositionAnalysis;
    let flash = usize::from(munch::games::turns::FLASH_TICKS);
    let mut longest_defences = 0;
    for seed in 0..6 {
        let mut h = Harness::with_budget(munch::memory::default_memory(), seed);
        let mut held = after_b2(7, &mut h);
        assert!(building_moves_left(h.game()));
        // Its build is under way and has not reported yet: the computer waits, and says so.
        h.ticks(1 + flash);
        assert_eq!(h.game().turns.moves.len(), 1, "seed {seed}: it waits");
        assert!(waits_for_moves_left(h.game()));
        let panel = panel_words(&h);
        assert!(panel.contains("waits for the moves-left table"), "{panel}");
        assert!(render_text(&h.app, 100, 30).contains("moves left"));
        // The table comes: the longest defence, which the outcomes alone do not tell.
        while let Some(message) = held.pop_front() {
            h.app.update(Event::Solver(message));
        }
        assert!(h.game().rules.moves_left().is_some());
        let before = h.game().position.clone();
        // Eating the poison leaves no winning reply, but ends the game: the computer leaves it.
        let mut studied: PositionAnalysis<Square> = {
            let Some(table) = h.game().rules.moves_left() else {
                unreachable!()
            };
            munch::games::chomp::moves_left::study(table.outcomes(), Some(table), &before)
                .expect("covered")
        };
        studied.moves.retain(|m| !m.mv.is_poison());
        let fewest = studied.moves.iter().map(|m| m.winning_replies).min();
        let without_table = studied
            .moves
            .iter()
            .filter(|m| Some(m.winning_replies) == fewest)
            .count();
        let longest: Vec<Square> = studied.fighting_moves().iter().map(|m| m.mv).collect();
        assert!(
            longest.len() < without_table,
            "the moves left tell more: {longest:?} of {without_table}"
        );
        h.ticks(1 + flash);
        let played = h.game().turns.moves[1];
        assert!(
            longest.contains(&played),
            "seed {seed}: {played} of {longest:?}"
        );
        assert_eq!(h.game().notes.last_move_unfought, None);
        longest_defences += 1;
    }
    assert_eq!(longest_defences, 6);
}

#[test]
fn at_level_perfect_a_moves_left_table_far_off_is_not_waited_for_and_the_panel_says_so() {
    use munch::games::chomp::solver::Phase;
    use munch::games::core::rules::Unfought;
    let mut h = Harness::new();
    let held = after_b2(7, &mut h);
    let job = held[0].job();
    // A thousandth done after 10 s: hours to go.
    h.app.update(Event::Solver(SolverMessage::Progress {
        job,
        phase: Phase::MovesLeft.label(),
        done: 1,
        total: 1000,
        elapsed: std::time::Duration::from_secs(10),
    }));
    assert!(building_moves_left(h.game()));
    assert!(!waits_for_moves_left(h.game()));
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.game().turns.moves.len(), 2, "it did not wait");
    assert_eq!(h.game().notes.last_move_unfought, Some(Unfought::Defence));
    let panel = panel_words(&h);
    assert!(
        panel.contains("Last move not proven the longest defence."),
        "{panel}"
    );
}

#[test]
fn at_level_perfect_a_moves_left_table_over_the_budget_is_not_waited_for_and_the_panel_says_so() {
    use munch::games::core::rules::Unfought;
    use munch::solve::OutcomeTable;
    // Room for the 7×7 outcome table, not for its moves-left table beside it.
    let mut h = Harness::with_budget(OutcomeTable::bytes_for(7, 7), 3);
    h.start(7, 7, [Person, Computer]);
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
    assert!(h.game().rules.moves_left_refusal().is_some());
    h.app.update(Event::Pointer {
        target: Target::Spot(crate::common::spot(Square::new(1, 1))),
        click: true,
    });
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.game().turns.moves.len(), 2, "it did not wait");
    assert_eq!(h.game().notes.last_move_unfought, Some(Unfought::Defence));
    let panel = panel_words(&h);
    assert!(
        panel.contains("Last move not proven the longest defence.")
            && panel.contains("moves left: over memory budget"),
        "{panel}"
    );
    // The computer's move shrank the box: the note is of the box now, which does not fit
    // beside the 7×7 outcome table the game keeps either.
    let (rows, cols) = h.game().position.bounding_box();
    assert!((rows, cols) < (7, 7) || cols < 7, "{rows}×{cols}");
    let needed = OutcomeTable::bytes_for(rows, cols)
        + munch::solve::MovesLeftTable::bytes_for(rows, cols)
        + h.game().rules.outcomes().expect("kept").table_bytes();
    assert!(
        h.game()
            .rules
            .moves_left_refusal()
            .is_some_and(|(needed_bytes, _)| needed_bytes == needed)
    );
    let note = format!(
        "No moves-left table for {rows}×{cols}: needs {},",
        munch::units::bytes(needed)
    );
    assert!(panel.contains(&note), "{note} in {panel}");
    // The person's next move: the computer's line goes with its move's.
    h.app.update(Event::Pointer {
        target: Target::Spot(crate::common::spot(Square::POISON)),
        click: true,
    });
    h.key(KeyCode::Char('y'));
    assert!(h.game().is_over());
    let panel = panel_words(&h);
    assert!(panel.contains("not proven fastest or longest"), "{panel}");
}

#[test]
fn at_level_perfect_a_box_shrunk_into_the_budget_gets_its_moves_left_table_and_the_longest_defence()
{
    use munch::games::chomp::solver::Asked;
    use munch::games::core::rules::Unfought;
    use munch::games::moves_left::PositionAnalysis;
    use munch::solve::{MovesLeftTable, OutcomeTable};
    let flash = usize::from(munch::games::turns::FLASH_TICKS);
    let held = OutcomeTable::build(7, 7, &mut |_, _| true)
        .expect("small")
        .table_bytes();
    // Room for the 7×7 outcome table, and for the moves-left table of a 6×6 box (with its own
    // outcome table) beside it, not for the 7×7 moves-left table.
    let budget = held + OutcomeTable::bytes_for(6, 6) + MovesLeftTable::bytes_for(6, 6);
    assert!(OutcomeTable::bytes_for(7, 7) + MovesLeftTable::bytes_for(7, 7) > budget);
    let mut fought = 0;
    for seed in 0..8 {
        let mut h = Harness::with_budget(budget, seed);
        h.start(7, 7, [Person, Computer]);
        h.wait_for_solver();
        assert!(h.game().rules.moves_left_refusal().is_some());
        // b2 leaves the computer the lost L of two arms of 6: it cannot fight yet.
        h.app.update(Event::Pointer {
            target: Target::Spot(spot(Square::new(1, 1))),
            click: true,
        });
        h.ticks(1 + flash);
        assert_eq!(
            h.game().turns.moves.len(),
            2,
            "seed {seed}: it did not wait"
        );
        assert_eq!(h.game().notes.last_move_unfought, Some(Unfought::Defence));
        // The person evens the arms: the computer is lost again, in a box of 6×6 or less.
        let heights = h.game().position.heights().to_vec();
        let column = heights[0] - 1;
        let row = u8::try_from(heights.iter().filter(|&&x| x > 0).count()).unwrap() - 1;
        let evens = if row < column {
            Square::new(0, row + 1)
        } else {
            Square::new(column + 1, 0)
        };
        h.app.update(Event::Pointer {
            target: Target::Spot(spot(evens)),
            click: true,
        });
        assert_eq!(h.game().turns.moves.len(), 3);
        let (rows, cols) = h.game().position.bounding_box();
        assert!(rows <= 6 && rows == cols, "seed {seed}: {rows}×{cols}");
        if rows == 1 {
            // The computer cut an arm away: the poison alone is left.
            continue;
        }
        // Its moves-left table is asked for (now, or after the computer's move if that
        // shrank the box into the budget already), and the computer waits for it.
        let jobs = h.app.take_requests();
        let asked: Vec<(u8, u8)> = jobs
            .iter()
            .filter_map(|j| match munch::games::chomp::solver::asked(&j.request) {
                Some(&Asked::MovesLeft { rows, cols }) => Some((rows, cols)),
                _ => None,
            })
            .collect();
        assert!(
            matches!(asked[..], [(r, c)] if r >= rows && c >= cols && (r, c) != (7, 7)),
            "seed {seed}: {jobs:?}"
        );
        assert!(building_moves_left(h.game()));
        h.ticks(1 + flash);
        assert_eq!(h.game().turns.moves.len(), 3, "seed {seed}: it waits");
        assert!(waits_for_moves_left(h.game()));
        let panel = panel_words(&h);
        assert!(panel.contains("waits for the moves-left table"), "{panel}");
        let mut tables = munch::worker::Runner::new(budget);
        answer_table_jobs(&mut h, &mut tables, jobs);
        let Some(table) = h.game().rules.moves_left() else {
            panic!("seed {seed}: the moves-left table is in");
        };
        // The game keeps its 7×7 outcome table: it judges the whole game.
        assert_eq!(h.game().rules.outcomes().map(|t| t.rows()), Some(7));
        let position = h.game().position.clone();
        let mut studied: PositionAnalysis<Square> =
            munch::games::chomp::moves_left::study(table.outcomes(), Some(table), &position)
                .expect("covered");
        studied.moves.retain(|m| !m.mv.is_poison());
        let longest: Vec<Square> = studied.fighting_moves().iter().map(|m| m.mv).collect();
        h.ticks(1 + flash);
        let played = h.game().turns.moves[3];
        assert!(
            longest.contains(&played),
            "seed {seed}: {played} of {longest:?}"
        );
        assert_eq!(h.game().notes.last_move_unfought, None);
        assert!(!panel_words(&h).contains("No moves-left table"));
        fought += 1;
    }
    assert!(
        fought >= 5,
        "{fought} of 8 games came to the longest defence"
    );
}

/// Starts a game of people against the computer from the position string `text`, as `munch
/// play --position` does.
fn play_position(h: &mut Harness, text: &str) {
    let (settings, start) = munch::settings::Settings::default()
        .with_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    h.app.play_position(settings, start);
}

#[test]
fn y_copies_the_position_string_and_the_panel_shows_it() {
    use munch::app::Effect;
    let mut h = Harness::new();
    // On the menu, y copies nothing.
    h.key(KeyCode::Char('y'));
    assert!(h.app.take_effects().is_empty());
    h.key(KeyCode::Enter);
    h.wait_for_solver();
    h.key(KeyCode::Char('y'));
    let copied = "chomp 6x7 6,6,6,6,6,6,6";
    assert_eq!(h.app.take_effects(), [Effect::Copy(copied.into())]);
    assert_eq!(
        h.app.session().and_then(|s| s.message()),
        Some(format!("Copied: {copied}").as_str())
    );
    assert!(h.app.take_effects().is_empty(), "each copy is taken once");

    for (text, after) in [
        ("chomp 6x7 6,6,4,4,2,0,0", "chomp 6x7 6,6,4,4,2,0,0"),
        ("subtraction 1,3,4 21", "subtraction 1,3,4 20"),
        ("fibonacci 30 max 5", "fibonacci 29 max 2"),
        ("nim 3,4,5", "nim 3,4,4"),
    ] {
        let mut h = Harness::new();
        play_position(&mut h, text);
        h.key(KeyCode::Char('y'));
        assert_eq!(h.app.take_effects(), [Effect::Copy(text.into())], "{text}");
        for size in [(80, 24), (100, 30)] {
            let screen = render_text(&h.app, size.0, size.1);
            assert!(
                screen.contains(text),
                "{text} on the panel at {size:?}:\n{screen}"
            );
            assert!(screen.contains("Copied:"), "{text} at {size:?}:\n{screen}");
        }
        if text.starts_with("chomp") {
            continue;
        }
        // Enter takes the smallest legal take, 1; in Nim from the third pile, after ↓↓.
        if text.starts_with("nim") {
            h.keys(&[KeyCode::Down, KeyCode::Down]);
        }
        h.key(KeyCode::Enter);
        h.key(KeyCode::Char('y'));
        assert_eq!(h.app.take_effects(), [Effect::Copy(after.into())], "{text}");
    }
}

#[test]
fn a_game_from_a_set_position_restarts_there_and_is_not_counted() {
    // With a data folder, so that a counted game would be recorded.
    let dir = std::env::temp_dir().join(format!("munch-set-position-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = munch::store::Store::open(Some(&dir)).expect("a temporary folder");
    let mut h = Harness::with_store(store.clone());
    // b1 leaves only the poison, which the computer must eat.
    play_position(&mut h, "chomp 2x2 1,1");
    h.wait_for_solver();
    assert_eq!(h.game().position.heights(), &[1, 1]);
    assert_eq!(
        h.app
            .start
            .as_ref()
            .map(munch::games::position::StartPosition::text),
        Some("chomp 2x2 1,1")
    );
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(1, 0))),
        click: true,
    });
    h.computer_moves();
    assert!(h.game().is_over());
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    assert!(
        h.app.stats.tallies.is_empty(),
        "not counted: {:?}",
        h.app.stats
    );
    let stats = store.load::<munch::store::Stats>(munch::store::STATS_FILE);
    assert_eq!(stats, Ok(None), "nothing recorded");
    // The game's record is kept, from its start.
    let record = store
        .last_record(GameKind::Chomp)
        .expect("readable")
        .expect("kept");
    assert_eq!(
        record
            .start
            .as_ref()
            .map(munch::games::position::StartPosition::text),
        Some("chomp 2x2 1,1")
    );
    assert_eq!(record.moves, ["b1", "a1"]);
    let screen = render_text(&h.app, 80, 24);
    assert!(screen.contains("not counted"), "{screen}");
    // Play again starts from the same position, still not counted.
    h.app.act(Action::PlayAgain);
    assert_eq!(h.game().position.heights(), &[1, 1]);
    assert!(h.app.start.is_some());
    // Left for the menu after a move (before the computer's reply), it is offered to
    // resume, from its position.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Square::new(1, 0))),
        click: true,
    });
    h.key(KeyCode::Char('q'));
    h.app.act(Action::Menu);
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 2×2 (set), move 2")
    );
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[1, 0]);
    assert!(h.app.start.is_some());
    // The menu's own Start plays the menu's values, from the full bar.
    h.key(KeyCode::Char('q'));
    h.app.act(Action::Menu);
    h.app.menu.select(MenuLine::Start);
    h.start_and_replace();
    assert_eq!(
        h.game().position.heights(),
        &[6; 7],
        "the menu's own 6×7 bar: the position never became the menu's"
    );
    assert_eq!(h.app.start, None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_studies_a_game_from_a_set_position_where_it_stands() {
    use munch::app::Screen;
    for (text, moves, described) in [
        ("chomp 5x6 5,4,2,2,0,0", &[KeyCode::Enter][..], None),
        ("fibonacci 30 max 5", &[KeyCode::Enter], Some("pile 29")),
        ("subtraction 2,5-8 40", &[KeyCode::Enter], Some("pile 38")),
        ("nim 0,4,9", &[KeyCode::Enter], None),
    ] {
        let mut h = Harness::new();
        let (settings, start) = munch::settings::Settings {
            players: [Person, Person],
            ..munch::settings::Settings::default()
        }
        .with_position(text)
        .expect(text);
        h.app.play_position(settings, start);
        h.keys(moves);
        let after = h
            .app
            .session()
            .map(munch::games::session::Session::position)
            .expect("a game");
        assert_ne!(after, text, "a move was made");
        h.key(KeyCode::Char('a'));
        let Screen::Study(study) = &h.app.screen else {
            panic!("{text}: the Study screen is on");
        };
        let shown = study.study.describe();
        if let Some(described) = described {
            assert_eq!(shown, described, "{text}");
        } else {
            // Chomp and Nim describe their position as lists: the same numbers as the string.
            let numbers = |s: &str| -> Vec<u64> {
                s.split(|c: char| !c.is_ascii_digit())
                    .filter(|n| !n.is_empty())
                    .filter_map(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .collect()
            };
            let body = after.split_once(' ').map_or("", |(_, b)| b);
            let body = body.rsplit_once(' ').map_or(body, |(_, heights)| heights);
            assert_eq!(
                numbers(&shown),
                numbers(body),
                "{text}: {shown} for {after}"
            );
        }
    }
}

#[test]
fn a_moves_left_build_stops_when_the_game_ends_and_undo_asks_for_it_again() {
    use munch::games::request::Request;
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    let mut tables = munch::worker::Runner::new(1 << 30);
    // The moves-left table is asked for, and its outcome table delivered, not it yet.
    let held = outcomes_only(&mut h, &mut tables);
    assert!(matches!(
        held.front().and_then(crate::common::read),
        Some(crate::common::News::Progress { .. } | crate::common::News::MovesLeftReady(_))
    ));
    assert!(building_moves_left(h.game()));
    // The person eats the poison: the game is over, and the build stops.
    h.app.update(Event::Pointer {
        target: munch::app::Target::Spot(crate::common::spot(Square::POISON)),
        click: true,
    });
    h.key(KeyCode::Char('y'));
    assert!(h.game().is_over());
    let asked = h.app.take_requests();
    assert!(
        matches!(asked[..], [ref job] if job.request == Request::Cancel),
        "{asked:?}"
    );
    assert!(moves_left_not_asked(h.game()));
    // Undo: the game goes on, and asks for it again.
    h.key(KeyCode::Char('u'));
    assert!(!h.game().is_over());
    let asked = h.app.take_requests();
    assert!(
        matches!(
            asked[..],
            [ref job] if matches!(
                munch::games::chomp::solver::asked(&job.request),
                Some(munch::games::chomp::solver::Asked::MovesLeft { .. })
            )
        ),
        "{asked:?}"
    );
    assert!(building_moves_left(h.game()));
}

#[test]
fn a_studies_a_demonstration_which_waits_and_comes_back_paused() {
    use munch::app::Screen;
    use munch::games::session::Session;
    let mut h = Harness::new();
    h.start_pile(60, Some("1,2"), [Computer, Computer]);
    ticks_to_next_take(&mut h);
    ticks_to_next_take(&mut h);
    let takes = h.subtraction_game().turns.moves.len();
    let position = h.app.session().map(Session::position);
    h.key(KeyCode::Char('a'));
    let Screen::Study(study) = &h.app.screen else {
        panic!("a opens the Study screen in a demonstration");
    };
    assert_eq!(
        Some(study.study.position()),
        position,
        "on the game's position"
    );
    // The game waits behind the study.
    h.ticks(200);
    h.key(KeyCode::Esc);
    assert!(h.app.is_demo(), "back to the demonstration");
    assert_eq!(h.subtraction_game().turns.moves.len(), takes, "it waited");
    assert_eq!(h.app.session().map(Session::position), position);
    // Paused, on the position studied: Space goes on.
    assert!(h.app.demo.paused);
    h.ticks(200);
    assert_eq!(h.subtraction_game().turns.moves.len(), takes, "paused");
    h.key(KeyCode::Char(' '));
    ticks_to_next_take(&mut h);
    assert_eq!(h.subtraction_game().turns.moves.len(), takes + 1);
    // The help lists it.
    h.key(KeyCode::Char('?'));
    let (_, rows) = frame(&mut h, 100, 30);
    assert!(
        rows.iter().any(|r| r.contains("analyse this position")),
        "{}",
        rows.join("\n")
    );
}

/// Starts a game of `text`'s position (`nim 2047,2047`) at level perfect, the computer
/// moving first.
fn start_position(h: &mut Harness, text: &str) {
    let settings = munch::settings::Settings {
        players: [Computer, Person],
        level: munch::settings::Level::Perfect,
        ..munch::settings::Settings::default()
    };
    let (settings, start) = settings.with_position(text).expect("a position");
    h.app.play_position(settings, start);
    // A saved game of its kind may ask first.
    if h.app.asked_position().is_some() {
        h.app.start_game();
    }
}

#[test]
fn a_big_nim_game_shows_at_once_and_its_computer_waits_for_the_table() {
    use munch::games::nim::session::NimSession;
    let mut h = Harness::new();
    start_position(&mut h, "nim 2047,2047");
    // The game is on screen before its table: the panel shows the build's gauge.
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("2,047"), "{screen}");
    assert!(screen.contains("moves left   0%"), "{screen}");
    assert!(h.waits_for_a_table());
    h.ticks(40);
    assert_eq!(
        h.app.session().unwrap().moves_made(),
        0,
        "waits for its table"
    );
    h.wait_for_tables();
    let nim = h.app.session_as::<NimSession>().unwrap();
    assert!(nim.rules.table().is_some() && nim.waiting.is_none());
    h.ticks(2 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.app.session().unwrap().moves_made(), 1, "then it moves");
    assert!(!render_text(&h.app, 100, 30).contains("moves left"));
}

#[test]
fn a_slow_take_set_is_solved_on_the_table_thread_while_the_game_shows() {
    let mut h = Harness::with_worker(munch::memory::default_memory(), 7);
    start_position(&mut h, "subtraction 2090,2023,742,303,3158 5000");
    assert!(
        h.subtraction_game().waiting.is_some(),
        "asked of the table thread"
    );
    assert_eq!(h.subtraction_game().winning_takes(), None, "not solved yet");
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("solving"), "{screen}");
    h.ticks(40);
    assert_eq!(
        h.subtraction_game().turns.moves.len(),
        0,
        "the computer waits"
    );
    h.wait_for_tables();
    assert!(h.subtraction_game().winning_takes().is_some());
    h.ticks(2 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.subtraction_game().turns.moves.len(), 1, "then it moves");
}

#[test]
fn a_small_take_set_and_small_piles_need_no_build() {
    use munch::games::nim::session::NimSession;
    let mut h = Harness::new();
    for text in ["subtraction 1,3,4 21", "fibonacci 30 max 29", "nim 3,4,5"] {
        start_position(&mut h, text);
        assert!(!h.waits_for_a_table(), "{text}: solved at once");
        assert!(h.app.take_requests().is_empty(), "{text}: nothing asked");
    }
    let nim = h.app.session_as::<NimSession>().unwrap();
    assert!(nim.rules.table().is_some());
}

#[test]
fn a_study_of_big_piles_shows_its_board_then_fills_in_its_moves_left() {
    let mut h = Harness::new();
    let (settings, start) = munch::settings::Settings::default()
        .with_position("nim 2047,2047")
        .unwrap();
    h.app.study_position(&settings, &start);
    let analysis = |h: &Harness| match &h.app.screen {
        Screen::Study(study) => study.study.analysis().clone(),
        _ => panic!("the Study screen is not on"),
    };
    let before = analysis(&h);
    assert_eq!(
        before.progress.map(|p| (p.done, p.total)),
        Some((0, 0)),
        "building"
    );
    assert_eq!(before.wins, Some(false), "the nim-sum answers at once");
    assert_eq!(before.moves_left, None);
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("moves left   0%"), "{screen}");
    assert!(screen.contains("Moves left: building…"), "{screen}");
    h.wait_for_tables();
    assert!(render_text(&h.app, 100, 30).contains("Moves left: 4,094"));
    let after = analysis(&h);
    assert_eq!(after.progress, None);
    assert_eq!(
        after.moves_left,
        Some(4094),
        "2047 a pile, every coin one by one"
    );
    assert!(after.moves.iter().all(|m| m.moves_left.is_some()));
}

#[test]
fn a_study_opened_from_a_game_shares_its_table() {
    let mut h = Harness::new();
    start_position(&mut h, "fibonacci 1500 max 1499");
    h.wait_for_tables();
    h.ticks(2 + usize::from(munch::games::turns::FLASH_TICKS));
    assert_eq!(h.fibonacci_game().turns.moves.len(), 1);
    start_position(&mut h, "nim 2047,2047");
    h.wait_for_tables();
    h.key(KeyCode::Char('a'));
    assert!(h.app.take_requests().is_empty(), "nothing built again");
    match &h.app.screen {
        Screen::Study(study) => assert!(study.study.analysis().moves_left.is_some()),
        _ => panic!("the Study screen is not on"),
    }
}

/// Hints turned on stay on for the next games of the run: Play again, Restart, a new game
/// from the menu; turned off, they stay off.
#[test]
fn hints_stay_on_for_the_next_games_until_turned_off() {
    let mut h = Harness::new();
    h.start_pile(4, Some("1,2"), [Person, Person]);
    assert!(!h.subtraction_game().hints);
    h.key(KeyCode::Char('H'));
    assert!(h.subtraction_game().hints);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.keys(&[KeyCode::Char('r'), KeyCode::Char('y')]); // restart, asked and answered
    assert_eq!(h.subtraction_game().position.pile, 4, "restarted");
    assert!(h.subtraction_game().hints, "after Restart");
    for take in ['1', '2', '1'] {
        h.keys(&[KeyCode::Char(take), KeyCode::Enter]);
    }
    assert!(h.subtraction_game().is_over());
    h.app.act(Action::PlayAgain);
    assert!(h.subtraction_game().hints, "after Play again");
    h.start(3, 3, [Person, Computer]);
    assert!(h.game().hints, "in a new game from the menu");
    h.key(KeyCode::Char('H'));
    h.start_pile(4, Some("1,2"), [Person, Person]);
    assert!(!h.subtraction_game().hints, "turned off, they stay off");
}

#[test]
fn a_huge_pile_between_two_computers_does_not_ask_for_clicks() {
    let pile = 1_000_000_000_000_000_000;
    let mut h = Harness::new();
    h.start_pile(pile, None, [Computer, Computer]);
    let (_, rows) = frame(&mut h, 80, 24);
    assert!(rows.iter().any(|r| r.contains("100% of the start left.")));
    assert!(
        !rows.iter().any(|r| r.contains("Click the bar")),
        "nobody here takes with the mouse:\n{}",
        rows.join("\n")
    );
}

#[test]
fn a_studys_gauge_follows_the_builds_progress_and_its_moves_wait_for_the_table() {
    for text in ["nim 2047,2047", "subtraction 2090,2023,742,303,3158 5000"] {
        let mut h = Harness::new();
        let (settings, start) = munch::settings::Settings::default()
            .with_position(text)
            .unwrap();
        h.app.study_position(&settings, &start);
        let Screen::Study(screen) = &mut h.app.screen else {
            panic!("the Study screen is not on");
        };
        let before = screen.study.analysis().clone();
        assert_eq!(
            before.progress.map(|p| (p.done, p.total)),
            Some((0, 0)),
            "{text}: building"
        );
        screen.study.on_solver(SolverMessage::Progress {
            job: 1,
            phase: "",
            done: 5,
            total: 10,
            elapsed: std::time::Duration::ZERO,
        });
        let during = screen.study.analysis().clone();
        assert_eq!(
            during.progress.map(|p| (p.done, p.total)),
            Some((5, 10)),
            "{text}: the gauge moves"
        );
        assert_eq!(during.moves, before.moves, "{text}: the moves wait");
        h.wait_for_tables();
        let Screen::Study(screen) = &h.app.screen else {
            panic!("the Study screen is not on");
        };
        assert_eq!(screen.study.analysis().progress, None, "{text}: built");
    }
}

/// How many of `n` ticks ask for a frame.
fn frames_in_ticks(h: &mut Harness, n: usize) -> usize {
    (0..n)
        .filter(|_| {
            h.app.update(Event::Tick);
            h.app.take_redraw()
        })
        .count()
}

#[test]
fn ticks_draw_nothing_unless_something_moves() {
    // The menu with a warning on it: nothing moves, so a second of ticks asks for no frame.
    let dir = std::env::temp_dir().join(format!("munch-redraw-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(munch::store::SETTINGS_FILE), "{damaged").unwrap();
    let store = munch::store::Store::open(Some(&dir)).unwrap();
    let mut h = Harness::with_store(store);
    assert_eq!(h.app.warnings.len(), 1);
    h.app.update(Event::Resize {
        width: 80,
        height: 24,
    });
    assert!(h.app.take_redraw(), "a new size is drawn");
    assert_eq!(frames_in_ticks(&mut h, 100), 0, "the menu with its warning");
    // A key is drawn.
    h.key(KeyCode::Enter);
    assert!(h.app.take_redraw());
    assert_eq!(frames_in_ticks(&mut h, 40), 0, "the plain menu");

    // A game waiting for the person: nothing moves.
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.app.take_redraw(); // started directly, not by an event
    assert_eq!(frames_in_ticks(&mut h, 40), 0, "the person to move");
    // The person takes: the computer's move flashes, every tick drawn, until it lands.
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    assert!(h.app.take_redraw());
    let moved = frames_in_ticks(&mut h, 40);
    assert_eq!(
        h.subtraction_game().turns.moves.len(),
        2,
        "the computer answered"
    );
    let flash = usize::from(munch::games::turns::FLASH_TICKS);
    assert!((flash..=flash + 2).contains(&moved), "{moved} frames");
    // The person to move again: still.
    assert_eq!(frames_in_ticks(&mut h, 40), 0, "the person to move again");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With the computer first, undo takes back the person's moves and the computer's replies, but
/// not its opening move: taken back, it was played again at once, so `u` seemed to do nothing.
/// The panel says why nothing is taken back, and redo still plays what undo took back.
#[test]
fn undo_leaves_the_computers_opening_move_and_says_so() {
    let flash = 1 + usize::from(munch::games::turns::FLASH_TICKS);
    // A coin game: the computer opens, the person replies, the computer answers.
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,4"), [Computer, Person]);
    h.ticks(flash);
    let opening = h.subtraction_game().turns.moves.clone();
    assert_eq!(opening.len(), 1);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.ticks(flash);
    assert_eq!(h.subtraction_game().turns.moves.len(), 3);
    h.key(KeyCode::Char('u'));
    assert_eq!(
        h.subtraction_game().turns.moves,
        opening,
        "the person's round"
    );
    h.key(KeyCode::Char('u'));
    h.ticks(flash * 2);
    assert_eq!(
        h.subtraction_game().turns.moves,
        opening,
        "the opening move stays"
    );
    assert!(
        h.subtraction_game().turns.pending.is_none(),
        "and is not played again"
    );
    let screen = render_text(&h.app, 80, 24);
    assert!(
        screen.contains("Nothing to undo: the") && screen.contains("opening move stays."),
        "{screen}"
    );
    h.ctrl('r');
    assert_eq!(
        h.subtraction_game().turns.moves.len(),
        3,
        "redo plays the round again"
    );

    // Chomp, the same.
    let mut h = Harness::new();
    h.start(4, 5, [Computer, Person]);
    h.computer_moves();
    let opening = h.game().turns.moves.clone();
    assert_eq!(opening.len(), 1);
    let square = h.game().position.moves().find(|s| !s.is_poison()).unwrap();
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(square)),
        click: true,
    });
    h.computer_moves();
    h.keys(&[KeyCode::Char('u'), KeyCode::Char('u')]);
    h.computer_moves();
    assert_eq!(h.game().turns.moves, opening, "the opening move stays");
    let screen = render_text(&h.app, 100, 30);
    assert!(
        screen.contains("Nothing to undo: the") && screen.contains("opening move stays."),
        "{screen}"
    );
}

/// A casual computer's moves are random on purpose: the panel never calls them "not proven
/// best", during the game or after it, and the end says what happened.
#[test]
fn a_casual_game_says_its_moves_were_random_not_unproven() {
    use munch::settings::Level;
    let mut h = Harness::new();
    h.app.menu.settings.level = Level::Casual;
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    let mut seen = Vec::new();
    for _ in 0..40 {
        if h.game().is_over() {
            break;
        }
        // The person eats the top-right square (the poison only when nothing else is left).
        let square = h
            .game()
            .position
            .moves()
            .filter(|s| !s.is_poison())
            .max_by_key(|s| (s.row, s.col))
            .unwrap_or(Square::POISON);
        h.app.update(Event::Pointer {
            target: Target::Spot(spot(square)),
            click: true,
        });
        if h.app.dialog() == Some(Dialog::Question(&POISON_QUESTION)) {
            h.key(KeyCode::Char('y'));
        }
        h.computer_moves();
        seen.push(render_text(&h.app, 100, 30));
    }
    assert!(h.game().is_over());
    // The game-over box sits over the board: the panel beside it.
    for (width, height) in [(80, 24), (100, 30)] {
        seen.push(render_text(&h.app, width, height));
    }
    for screen in &seen {
        assert!(!screen.contains("not proven"), "{screen}");
    }
    let end = seen.last().unwrap();
    assert!(end.contains("The computer played at random"), "{end}");
    assert!(end.contains("(casual)."), "{end}");
}

#[test]
fn a_key_typed_as_the_game_ends_does_not_answer_the_game_over_box() {
    use munch::app::{GAME_OVER_GRACE_TICKS, TICK};
    let grace = TICK * u32::try_from(GAME_OVER_GRACE_TICKS).unwrap();
    assert!(
        (300..=500).contains(&grace.as_millis()),
        "a grace a deliberate person does not notice: {grace:?}"
    );
    let mut h = Harness::new();
    // 3 coins, takes of 1 or 2: the person takes 1, the computer takes the last 2.
    h.start_pile(3, Some("1,2"), [Person, Computer]);
    h.raw_key(KeyCode::Char('1'));
    h.raw_key(KeyCode::Enter);
    let mut ticks = 0;
    while !h.subtraction_game().is_over() {
        h.ticks(1);
        ticks += 1;
        assert!(ticks < 100, "the computer moves");
    }
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    // "1 Enter" typed quickly for the next move lands on the box: it is not pressed.
    h.raw_key(KeyCode::Char('1'));
    h.raw_key(KeyCode::Enter);
    h.ticks(usize::try_from(GAME_OVER_GRACE_TICKS).unwrap() - 1);
    h.raw_key(KeyCode::Enter);
    assert!(
        h.subtraction_game().is_over() && h.subtraction_game().turns.moves.len() == 2,
        "the result still shows"
    );
    h.app.update(Event::Pointer {
        target: Target::Button(Button::PlayAgain),
        click: true,
    });
    assert!(
        h.subtraction_game().is_over(),
        "a click too waits out the grace"
    );
    h.ticks(1);
    // ← from the default stays there: it never wraps round to Quit.
    assert_eq!(h.app.focused_button(), Some(Button::PlayAgain));
    h.raw_key(KeyCode::Left);
    assert_eq!(h.app.focused_button(), Some(Button::PlayAgain));
    h.keys(&[KeyCode::Right; 6]);
    assert_eq!(h.app.focused_button(), Some(Button::Quit), "the last one");
    h.raw_key(KeyCode::Right);
    assert_eq!(h.app.focused_button(), Some(Button::Quit), "→ stops there");
    assert!(!h.app.should_quit);
    h.keys(&[KeyCode::Left; 6]);
    h.raw_key(KeyCode::Enter);
    assert!(
        !h.subtraction_game().is_over() && h.subtraction_game().turns.moves.is_empty(),
        "once seen, Enter plays again"
    );
}

/// The Wythoff game on screen.
fn wythoff(h: &Harness) -> &munch::games::wythoff::WythoffSession {
    h.app
        .session_as::<munch::games::wythoff::WythoffSession>()
        .expect("a Wythoff game is on")
}

#[test]
fn wythoff_is_chosen_on_the_menu_and_played_with_keys_and_the_pointer() {
    use munch::games::grid::board::{Cell, spot};
    use munch::games::wythoff::answer::is_lost;
    let flash = 1 + usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    // Up to the Game line, then from Chomp round to the last game but the sum.
    h.keys(&[KeyCode::Up; 7]);
    h.keys(&[KeyCode::Left; 2]);
    assert_eq!(h.app.menu.settings.game.game().id(), "wythoff");
    assert_eq!(h.app.menu.settings.describe(), "Wythoff 9,14");
    h.key(KeyCode::Down); // the Piles line: ←/→ step through the presets
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.describe(), "Wythoff 4,5");
    h.key(KeyCode::Enter);
    assert_eq!(wythoff(&h).position.piles(), [4, 5]);
    assert_eq!(h.app.playing.describe(), "Wythoff 4,5");
    // The cursor starts beside the queen, one column left: 1:1, a winning move, to 3,5.
    assert_eq!(wythoff(&h).board.cursor, Cell { col: 3, row: 5 });
    h.key(KeyCode::Enter);
    assert_eq!(wythoff(&h).position.piles(), [3, 5]);
    h.ticks(flash);
    assert_eq!(wythoff(&h).turns.moves.len(), 2, "the computer answered");
    assert!(!is_lost(wythoff(&h).position), "every move from 3,5 loses");
    h.key(KeyCode::Char('u'));
    assert_eq!(wythoff(&h).position.piles(), [4, 5]);
    // A cell the queen cannot reach is refused with a note.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Cell { col: 2, row: 4 })),
        click: true,
    });
    assert_eq!(wythoff(&h).position.piles(), [4, 5]);
    // A losing move with the pointer: all of pile 2 leaves 4,0, which the computer takes.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(Cell { col: 4, row: 0 })),
        click: true,
    });
    assert_eq!(wythoff(&h).position.piles(), [4, 0]);
    h.ticks(flash);
    assert!(wythoff(&h).is_over());
    assert_eq!(wythoff(&h).notation(), ["2:5", "1:4"]);
    assert_eq!(
        wythoff(&h).loser(),
        Some(0),
        "the computer cornered the queen"
    );
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    let review = munch::games::session::View::review_lines(wythoff(&h));
    assert_eq!(review[0], "Computer cornered the queen.");
    assert!(review[1].contains("moved 5 down"), "{review:?}");
    assert!(
        review[1].contains("moving 3 down-left or 1 left would have won"),
        "{review:?}"
    );
}

/// The Wythoff game on screen past the queen's board, on the rows board.
fn wythoff_rows(h: &Harness) -> &munch::games::wythoff::WythoffRowsSession {
    h.app
        .session_as::<munch::games::wythoff::WythoffRowsSession>()
        .expect("a Wythoff game on the rows board is on")
}

#[test]
fn wythoff_past_the_queens_board_is_played_to_the_end_as_two_numbered_piles() {
    use munch::games::wythoff::answer::is_lost;
    use munch::games::wythoff::rules::{Move, Piles};
    let flash = 1 + usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    let kind = GameKind::ALL.iter().find(|k| k.game().id() == "wythoff");
    h.app.menu.settings = munch::settings::Settings {
        game: *kind.expect("Wythoff is in the catalogue"),
        players: [Person, Computer],
        level: munch::settings::Level::Perfect,
        ..munch::settings::Settings::default()
    }
    .with("wythoff_piles", "40,65");
    assert_eq!(
        h.app
            .menu
            .settings
            .game
            .game()
            .problem(&h.app.menu.settings.values),
        None
    );
    h.start_and_replace();
    assert_eq!(wythoff_rows(&h).position.piles(), [40, 65]);
    assert!(
        h.app
            .session_as::<munch::games::wythoff::WythoffSession>()
            .is_none()
    );
    // The screen says what the rows are and how to choose them.
    let screen = render_text(&h.app, 80, 24);
    assert!(screen.contains("Now: take 1 to 40 from pile 1"), "{screen}");
    assert!(screen.contains("both  the same from each pile"), "{screen}");
    assert!(screen.contains("↑↓  pile/both"), "{screen}");
    // ↓↓ choose both piles, a digit the take, Enter takes it.
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Char('5')]);
    assert_eq!(wythoff_rows(&h).board.pile, 2);
    let both = Move {
        piles: Piles::Both,
        take: 5,
    };
    assert_eq!(wythoff_rows(&h).chosen(), both);
    assert!(render_text(&h.app, 80, 24).contains("Both piles  ·  taking 5"));
    h.key(KeyCode::Enter);
    assert_eq!(wythoff_rows(&h).position.piles(), [35, 60]);
    // 40,65 is lost: the perfect computer answers every move with a winning one, until it
    // takes the last coin. The person takes 1 from the row chosen, or ↑ to the next.
    let mut rounds = 0;
    while !wythoff_rows(&h).is_over() {
        h.ticks(flash);
        let game = wythoff_rows(&h);
        assert_eq!(game.turns.moves.len() % 2, 0, "the computer answered");
        if game.is_over() {
            break;
        }
        assert!(is_lost(game.position), "{:?} is lost", game.position);
        if rounds == 3 {
            // The Study screen shows the rows board's words, and Esc comes back.
            h.key(KeyCode::Char('a'));
            let study = render_text(&h.app, 100, 30);
            assert!(study.contains(" from both "), "{study}");
            assert!(study.contains("Pile 1:"), "{study}");
            h.key(KeyCode::Esc);
        }
        let before = wythoff_rows(&h).turns.moves.len();
        h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
        if wythoff_rows(&h).turns.moves.len() == before {
            h.key(KeyCode::Up);
            h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
        }
        assert_eq!(wythoff_rows(&h).turns.moves.len(), before + 1);
        rounds += 1;
    }
    assert_eq!(
        wythoff_rows(&h).loser(),
        Some(0),
        "the computer took the last coin"
    );
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    let review = munch::games::session::View::review_lines(wythoff_rows(&h));
    assert_eq!(review[0], "Computer took the last coin.");
    assert!(
        wythoff_rows(&h).mistakes().is_empty(),
        "every move from a lost position loses"
    );
}
