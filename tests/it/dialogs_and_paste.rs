//! Pasted text, the questions' highlighted buttons, and the small things the key bar and the
//! panel say: the app driven by events, and the screen the view draws for it.

use crate::common::{Harness, render_text};
use munch::app::menu::MenuLine;
use munch::app::{Button, Dialog, Event, Target};
use munch::games::chomp::tables::POISON_QUESTION;
use munch::settings::GameKind;
use munch::settings::Player::{Computer, Person};
use ratatui::crossterm::event::KeyCode;

/// Points the mouse at a menu line, which highlights it.
fn point_at_line(h: &mut Harness, line: MenuLine) {
    h.app.update(Event::Pointer {
        target: Target::MenuLine(line),
        click: false,
    });
    assert_eq!(h.app.menu.selected, line);
}

const PASTED: &str = "hello world\nthis is pasted text jjjj\n  1, 3-5 \n";

#[test]
fn a_paste_in_a_game_plays_nothing_and_says_so() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    h.app.update(Event::Paste(PASTED.into()));
    h.ticks(40);
    assert!(
        h.game().turns.moves.is_empty(),
        "{:?}",
        h.game().turns.moves
    );
    assert!(h.app.dialog().is_none());
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("Pasted text is ignored"), "{screen}");

    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.app.update(Event::Paste("4\n".into()));
    h.ticks(40);
    assert!(h.subtraction_game().turns.moves.is_empty());
    assert_eq!(
        h.subtraction_game().message.as_deref(),
        Some("Pasted text is ignored in a game.")
    );
}

#[test]
fn a_paste_into_a_menu_field_types_what_the_field_takes() {
    let mut h = Harness::new();
    point_at_line(&mut h, MenuLine::Game);
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.game, GameKind::Subtraction);
    point_at_line(&mut h, MenuLine::Field("set"));
    h.app.update(Event::Paste(PASTED.into()));
    assert!(h.on_menu(), "the newlines started no game");
    assert_eq!(h.app.menu.settings.values.text("set"), "1, 3-5");
    point_at_line(&mut h, MenuLine::Field("pile"));
    h.app.update(Event::Paste("pile: 35\n".into()));
    assert_eq!(h.app.menu.settings.values.number("pile"), 35);
    // On a line that takes no typing a paste does nothing at all.
    point_at_line(&mut h, MenuLine::Start);
    h.app.update(Event::Paste("\n\n".into()));
    assert!(h.on_menu());
}

/// The row of buttons on the screen, trimmed.
fn buttons_row(h: &Harness) -> String {
    let screen = render_text(&h.app, 100, 30);
    let line = screen
        .lines()
        .find(|l| l.contains("Keep playing") || l.contains("Play again"))
        .unwrap_or_else(|| panic!("no buttons drawn:\n{screen}"));
    line.trim_matches(|c: char| c == ' ' || c == '│')
        .to_string()
}

#[test]
fn each_dialog_highlights_its_safe_button_and_enter_presses_the_highlight() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Enter); // c3
    // Leave the game?: Enter keeps playing (it did nothing at all).
    h.key(KeyCode::Char('q'));
    assert_eq!(h.app.dialog(), Some(Dialog::ConfirmQuit));
    assert_eq!(h.app.focused_button(), Some(Button::KeepPlaying));
    assert!(
        buttons_row(&h).contains("[ Quit ] [ Menu ] ▸ Keep playing ◂"),
        "{}",
        buttons_row(&h)
    );
    h.key(KeyCode::Enter);
    assert_eq!(h.app.dialog(), None, "Enter pressed Keep playing");
    assert!(!h.app.should_quit);
    // ← moves the highlight to Menu, and Enter presses it.
    h.key(KeyCode::Esc);
    h.key(KeyCode::Left);
    assert!(
        buttons_row(&h).contains("[ Quit ] ▸ Menu ◂ [ Keep playing ]"),
        "{}",
        buttons_row(&h)
    );
    h.key(KeyCode::Enter);
    assert!(h.on_menu(), "Enter pressed Menu");

    // Restart the game?: Keep playing first; Tab stops there (no wrap round to Restart), and
    // Shift-Tab moves to Restart.
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Enter);
    h.key(KeyCode::Char('r'));
    assert_eq!(h.app.focused_button(), Some(Button::KeepPlaying));
    h.key(KeyCode::Tab);
    assert_eq!(h.app.focused_button(), Some(Button::KeepPlaying));
    h.key(KeyCode::BackTab);
    assert_eq!(h.app.focused_button(), Some(Button::ConfirmRestart));
    assert!(buttons_row(&h).contains("▸ Restart ◂ [ Keep playing ]"));
    h.key(KeyCode::Right);
    h.key(KeyCode::Right);
    assert_eq!(
        h.app.focused_button(),
        Some(Button::KeepPlaying),
        "→ stops at the last button"
    );
    // Closed with n, it opens again on the safe button.
    h.key(KeyCode::Char('n'));
    h.key(KeyCode::Char('r'));
    assert_eq!(h.app.focused_button(), Some(Button::KeepPlaying));
    h.key(KeyCode::BackTab);
    h.key(KeyCode::Enter);
    assert!(h.game().turns.moves.is_empty(), "Enter pressed Restart");

    // Eat the poison and lose?: the same.
    let mut h = Harness::new();
    h.start(2, 2, [Person, Person]);
    h.keys(&[KeyCode::Left, KeyCode::Down, KeyCode::Enter]);
    assert_eq!(h.app.dialog(), Some(Dialog::Question(&POISON_QUESTION)));
    assert!(buttons_row(&h).contains("[ Eat it ] ▸ Keep playing ◂"));
    h.keys(&[KeyCode::Left, KeyCode::Enter]);
    assert!(h.game().is_over(), "Enter pressed Eat it");

    // Game over: Play again first; → then Enter goes to the menu.
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    assert!(buttons_row(&h).contains("▸ Play again ◂ [ Menu ] [ Review ] [ Quit ]"));
    h.keys(&[KeyCode::Right, KeyCode::Enter]);
    assert!(h.on_menu(), "Enter pressed Menu");
}

#[test]
fn undo_with_nothing_to_undo_says_so_at_game_over_too() {
    // Decided before anyone moved: the computer cannot take 3 from 2.
    let mut h = Harness::new();
    h.start_pile(2, Some("3"), [Computer, Person]);
    h.ticks(40);
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    h.key(KeyCode::Char('u'));
    h.ticks(3);
    for (width, height) in [(80, 24), (62, 17)] {
        let screen = render_text(&h.app, width, height);
        assert!(screen.contains("Nothing to undo."), "{screen}");
    }
    // In a game, the panel says it.
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Char('u'));
    let screen = render_text(&h.app, 80, 24);
    assert!(screen.contains("Nothing to undo."), "{screen}");
}

/// The key bar: the screen's last line.
fn key_bar(h: &Harness) -> String {
    let screen = render_text(&h.app, 100, 30);
    screen.lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_key_bar_says_what_the_keys_do_now() {
    // A paused demonstration: Space goes on, as the panel's button says.
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,4"), [Computer, Computer]);
    assert!(key_bar(&h).contains("Space  pause"), "{}", key_bar(&h));
    h.key(KeyCode::Char(' '));
    assert!(h.app.demo.paused);
    let bar = key_bar(&h);
    assert!(bar.contains("Space  go on"), "{bar}");
    assert!(!bar.contains("pause"), "{bar}");
    assert!(render_text(&h.app, 100, 30).contains("Go on"));

    // The menu asking before a new game replaces the saved one: Enter or Esc, not quit.
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter);
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert!(h.on_menu());
    point_at_line(&mut h, MenuLine::Start);
    h.key(KeyCode::Enter);
    assert!(h.app.menu.replacing.is_some(), "the menu asks first");
    let bar = key_bar(&h);
    assert!(bar.contains("Enter  start anyway"), "{bar}");
    assert!(bar.contains("Esc  keep it"), "{bar}");
    assert!(!bar.contains("quit"), "{bar}");
    h.key(KeyCode::Esc);
    assert!(h.on_menu() && !h.app.should_quit, "Esc kept the saved game");
    assert!(key_bar(&h).contains("quit"));
}

#[test]
fn a_title_too_long_for_its_border_ends_in_an_ellipsis() {
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,5,7,9,11,13,15,17,19,21"), [Person, Computer]);
    let (min_w, min_h) = munch::ui::minimum_size(&h.app);
    for width in min_w..=100 {
        let screen = render_text(&h.app, width, min_h);
        let top = screen.lines().next().unwrap_or_default();
        let title = top.split('┐').next().unwrap_or_default();
        let title = title.trim_start_matches('┌').trim_end_matches(['─', ' ']);
        assert!(
            title.ends_with('}')
                || title.ends_with("coins at the start")
                || title.ends_with('…')
                || title.contains("— from"),
            "{width} columns: {top}"
        );
    }
}

#[test]
fn the_docs_say_how_large_a_terminal_each_board_needs() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md"))
        .expect("docs/playing.md");
    let rows: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| Board (rows × columns) | Terminal (columns × rows) |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(
        rows.len() >= 3,
        "docs/playing.md has a table of board sizes"
    );
    let pair = |text: &str| -> (u16, u16) {
        let numbers: Vec<u16> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        (numbers[0], numbers[1])
    };
    for row in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (board_rows, board_cols) = pair(cells[1]);
        // A budget too small for any table: nothing is solved for this check.
        let mut h = Harness::with_budget(1, 7);
        h.start(board_rows as u8, board_cols as u8, [Person, Person]);
        assert_eq!(
            munch::ui::minimum_size(&h.app),
            pair(cells[2]),
            "docs/playing.md row {row}"
        );
    }
    // Its words on 80 × 24: the largest board that fits, and one more of either side does not.
    let mut h = Harness::with_budget(1, 7);
    h.start(20, 21, [Person, Person]);
    let (w, hgt) = munch::ui::minimum_size(&h.app);
    assert!(w <= 80 && hgt <= 24);
    h.start(21, 21, [Person, Person]);
    assert!(munch::ui::minimum_size(&h.app).1 > 24);
    h.start(20, 22, [Person, Person]);
    assert!(munch::ui::minimum_size(&h.app).0 > 80);
}

#[test]
fn where_the_review_button_is_not_drawn_the_keys_skip_it() {
    let mut h = Harness::new();
    h.start(1, 2, [Person, Person]);
    let narrow = munch::app::size::GAME_OVER_REVIEW_SCREEN - 1;
    h.app.update(Event::Resize {
        width: narrow,
        height: 24,
    });
    assert!(!h.app.hidden(), "a 1×2 bar is played in {narrow} columns");
    // b1, then the poison: the game is over.
    h.keys(&[
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Left,
        KeyCode::Enter,
    ]);
    if h.app.dialog() == Some(Dialog::Question(&POISON_QUESTION)) {
        h.key(KeyCode::Char('y'));
    }
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    let mut seen = Vec::new();
    for _ in 0..4 {
        h.key(KeyCode::Tab);
        seen.extend(h.app.focused_button());
    }
    assert!(
        !seen.contains(&Button::Review),
        "Tab reached the undrawn Review button: {seen:?}"
    );
    assert!(seen.contains(&Button::Quit) && seen.contains(&Button::Menu));
    // Wide enough, Tab reaches it (from the first button: the highlight does not wrap).
    h.app.update(Event::Resize {
        width: 100,
        height: 30,
    });
    h.keys(&[KeyCode::BackTab; 4]);
    assert_eq!(h.app.focused_button(), Some(Button::PlayAgain));
    let mut seen = Vec::new();
    for _ in 0..4 {
        h.key(KeyCode::Tab);
        seen.extend(h.app.focused_button());
    }
    assert!(seen.contains(&Button::Review), "{seen:?}");
}

/// The sizes docs/playing.md gives the menu, the coin-pile games and Nim are the program's.
#[test]
fn the_docs_say_how_large_the_menu_and_the_pile_games_are() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md"))
        .expect("docs/playing.md");
    let text = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    // The first two numbers after `key` in the page's sentence on sizes.
    let sizes = text
        .find("the menu needs")
        .expect("docs/playing.md's sizes");
    let after = |key: &str| -> (u16, u16) {
        let at = sizes
            + text[sizes..]
                .find(key)
                .unwrap_or_else(|| panic!("{key:?} in docs/playing.md"));
        let numbers: Vec<u16> = text[at + key.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .take(2)
            .collect();
        (numbers[0], numbers[1])
    };
    let mut h = Harness::new();
    assert_eq!(munch::ui::minimum_size(&h.app), after("the menu needs"));
    h.start_pile(21, Some("1,3,4"), [Person, Person]);
    assert_eq!(
        munch::ui::minimum_size(&h.app),
        after("the coin-pile games")
    );
    h.start_pile(21, None, [Person, Person]);
    assert_eq!(
        munch::ui::minimum_size(&h.app),
        after("the coin-pile games")
    );
    let nim = |h: &mut Harness, piles: &str| {
        h.app.menu.settings = munch::settings::Settings {
            game: munch::settings::GameKind::Nim,
            players: [Person, Person],
            ..munch::settings::Settings::default()
        }
        .with("piles", piles);
        h.start_and_replace();
        munch::ui::minimum_size(&h.app)
    };
    assert_eq!(nim(&mut h, "3,4,5"), after("and Nim"));
    assert_eq!(nim(&mut h, "1000000000000000"), after("and Nim"));
    let most = ["1000000000000000000"; 8].join(",");
    assert_eq!(nim(&mut h, &most), after("up to"));
    assert!(
        nim(&mut h, "10000000000000000").0 > after("and Nim").0,
        "past 10^15"
    );
}

/// The game-over box and the questions stand inside the frames: the screen's outer border and
/// the board's frame are whole under them, at every size a 1×2 bar is played in.
#[test]
fn dialogs_never_draw_over_the_frames() {
    // The border a frame's column `at` shows on each row, top to bottom, but the key bar.
    let column = |screen: &str, at: usize| -> String {
        let rows: Vec<&str> = screen.lines().collect();
        rows[..rows.len() - 1]
            .iter()
            .map(|row| row.chars().nth(at).unwrap())
            .collect()
    };
    // A frame's side: its corners at the top and the bottom, a line between.
    let side = |column: String, top: char, bottom: char| {
        let inside = column.chars().count() - 2;
        column == format!("{top}{}{bottom}", "│".repeat(inside))
    };
    let framed = |screen: &str| {
        let width = screen.lines().next().unwrap().chars().count();
        side(column(screen, 0), '┌', '└') && side(column(screen, width - 1), '┐', '┘')
    };
    for (width, height) in [(80, 24), (100, 30), (46, 24), (47, 24)] {
        let mut h = Harness::new();
        h.start(1, 2, [Person, Person]);
        h.app.update(Event::Resize { width, height });
        // r asks whether to restart: the question stands inside the frames too.
        h.keys(&[KeyCode::Right, KeyCode::Enter, KeyCode::Char('r')]);
        assert!(h.app.dialog().is_some());
        let screen = render_text(&h.app, width, height);
        assert!(framed(&screen), "{width}×{height}:\n{screen}");
        h.key(KeyCode::Esc);
        h.keys(&[KeyCode::Left, KeyCode::Enter]);
        if h.app.dialog() == Some(Dialog::Question(&POISON_QUESTION)) {
            h.key(KeyCode::Char('y'));
        }
        assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
        let screen = render_text(&h.app, width, height);
        assert!(screen.contains("Game over"), "{screen}");
        assert!(framed(&screen), "{width}×{height}:\n{screen}");
        // Where the board's frame holds the box, the panel's frame is whole beside it.
        if width >= 80 {
            let board_right = screen
                .lines()
                .next()
                .unwrap()
                .chars()
                .position(|c| c == '┐');
            let board_right = board_right.expect("the board's frame");
            assert!(
                side(column(&screen, board_right), '┐', '┘'),
                "{width}×{height}:\n{screen}"
            );
        }
    }
}
