//! The Study screen driven by events: opened from the menu and from a game, a line explored and
//! taken back, the moves sorted best first, the list scrolled, the mouse; and its renders, kept
//! as insta snapshots, in colour and under `NO_COLOR`.

use crate::common;

use crate::common::Harness;
use munch::app::study::StudyScreen;
use munch::app::{Event, Screen, Target, Viewport};
use munch::games::study::{Analysis, spot};
use munch::settings::Player::{Computer, Person};
use munch::settings::{GameKind, Settings};
use munch::theme::Theme;
use munch::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};

/// The menu set to the subtraction game of `set` from `pile`.
fn subtraction_menu(h: &mut Harness, pile: u64, set: &str) {
    h.app.menu.settings = Settings {
        game: GameKind::Subtraction,
        ..Settings::default()
    }
    .with("pile", pile)
    .with("set", set);
}

fn studying(h: &Harness) -> &StudyScreen {
    match &h.app.screen {
        Screen::Study(study) => study,
        _ => panic!("the Study screen is not on"),
    }
}

fn analysis(h: &Harness) -> &Analysis {
    studying(h).study.analysis()
}

/// The notation of the moves as the list shows them, best first.
fn listed(h: &Harness) -> Vec<String> {
    let screen = studying(h);
    let moves = &screen.study.analysis().moves;
    screen
        .order()
        .into_iter()
        .map(|at| moves[at].notation.clone())
        .collect()
}

/// The screen drawn with `theme` on a `width` × `height` terminal; its frame's viewport is
/// handed back to the app, as the event loop does.
fn draw(
    h: &mut Harness,
    width: u16,
    height: u16,
    theme: &Theme,
) -> (Terminal<TestBackend>, ui::HitMap) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut hits = ui::HitMap::default();
    terminal
        .draw(|frame| hits = ui::render(&h.app, frame, theme))
        .unwrap();
    h.app.update(Event::Viewport(hits.viewport));
    (terminal, hits)
}

#[test]
fn s_on_the_menu_and_the_study_line_open_the_menus_game() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    h.key(KeyCode::Char('s'));
    assert_eq!(studying(&h).study.describe(), "pile 21");
    assert!(studying(&h).behind.is_none());
    // Pile 21 of {1,3,4} is lost: its outcomes repeat every 7, and 21 is 0 mod 7.
    assert_eq!(analysis(&h).wins, Some(false));
    assert_eq!(analysis(&h).moves.len(), 3);
    h.key(KeyCode::Esc);
    assert!(h.on_menu(), "Esc goes back to the menu");

    // The menu's Study line, beside Start.
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.selected, munch::app::menu::MenuLine::Study);
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.describe(), "pile 21");
    assert_eq!(studying(&h).kind, GameKind::Subtraction);
}

#[test]
fn values_that_cannot_start_a_game_cannot_be_studied_and_the_menu_says_why() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "0");
    h.key(KeyCode::Char('s'));
    assert!(h.on_menu());
    let note = h.app.menu.note.clone().unwrap_or_default();
    assert!(note.starts_with("Cannot study: "), "{note}");
}

#[test]
fn a_in_a_game_studies_its_position_and_esc_returns_to_it_unchanged() {
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.keys(&[KeyCode::Char('4'), KeyCode::Enter]);
    h.ticks(40);
    let game = h.subtraction_game();
    assert_eq!(game.turns.moves.len(), 2, "the computer replied");
    let pile = game.position.pile;
    h.key(KeyCode::Char('a'));
    assert_eq!(studying(&h).study.describe(), format!("pile {pile}"));
    assert!(
        studying(&h).study.line().is_empty(),
        "the study starts here"
    );
    // Explore, then leave: the game is as it was.
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(studying(&h).study.line().len(), 2);
    h.ticks(40);
    h.key(KeyCode::Esc);
    let game = h.subtraction_game();
    assert_eq!((game.position.pile, game.turns.moves.len()), (pile, 2));
    assert_eq!(h.app.dialog(), None, "no question is asked");
}

#[test]
fn enter_explores_a_line_and_backspace_takes_it_back() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 17, "1,3,4");
    h.key(KeyCode::Char('s'));
    // From 17 the best move is the fastest win: take 3 (W8), before take 1 (W10).
    assert_eq!(listed(&h), ["−3", "−1", "−4"]);
    let best = studying(&h).chosen.unwrap();
    assert_eq!(analysis(&h).moves[best].notation, "−3");
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.describe(), "pile 14");
    assert_eq!(studying(&h).study.line(), ["−3"]);
    assert_eq!(analysis(&h).wins, Some(false));
    // The moves left went down by one along the fastest line.
    assert_eq!(analysis(&h).moves_left, Some(8));
    h.keys(&[KeyCode::Down, KeyCode::Enter]);
    assert_eq!(studying(&h).study.line().len(), 2);
    h.key(KeyCode::Backspace);
    h.key(KeyCode::Backspace);
    assert!(studying(&h).study.line().is_empty());
    assert_eq!(studying(&h).study.describe(), "pile 17");
    assert_eq!(analysis(&h).moves_left, Some(9));
    // Nothing left to take back: the study stays.
    h.key(KeyCode::Backspace);
    assert_eq!(studying(&h).study.describe(), "pile 17");
}

#[test]
fn the_list_is_the_fastest_wins_then_the_longest_losses_in_every_game() {
    let mut h = Harness::new();
    let check = |h: &mut Harness, what: &str| {
        h.key(KeyCode::Char('s'));
        // Walk a line down the best moves, checking the order at every position.
        for _ in 0..12 {
            let a = analysis(h).clone();
            let order = studying(h).order();
            assert_eq!(
                order.len(),
                a.moves.len(),
                "{what}: every move is listed once"
            );
            let key = |at: usize| {
                let m = &a.moves[at];
                let left = m.moves_left.expect("within reach");
                let wins = m.wins.expect("known");
                (!wins, if wins { left } else { u64::MAX - left })
            };
            for pair in order.windows(2) {
                assert!(key(pair[0]) <= key(pair[1]), "{what}: {:?}", a.moves);
            }
            if a.moves.is_empty() {
                break;
            }
            // The position's own moves left follows from its best move.
            let best = &a.moves[order[0]];
            assert_eq!(a.moves_left, best.moves_left.map(|l| l + 1), "{what}");
            assert_eq!(a.wins, best.wins, "{what}");
            h.key(KeyCode::Enter);
        }
        h.key(KeyCode::Esc);
    };
    subtraction_menu(&mut h, 40, "2,5,6");
    check(&mut h, "subtraction {2,5,6}");
    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 50u64);
    check(&mut h, "fibonacci 50");
    h.app.menu.settings = Settings {
        game: GameKind::ALL[3],
        ..Settings::default()
    }
    .with("piles", "3,5,6");
    check(&mut h, "nim 3,5,6");
}

/// Whether the drawn screen shows the list's `▸` on a row of the move list.
fn marker_in_list(terminal: &Terminal<TestBackend>) -> bool {
    let buffer = terminal.backend().buffer();
    let width = buffer.area.width;
    (0..buffer.area.height).any(|y| {
        let row: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        // The panel's entries: "▸ −7   L20 …"; the board's buttons are "▸−7 L20◂".
        row.contains("│▸ −")
    })
}

#[test]
fn the_list_pages_with_the_choice_so_the_chosen_move_stays_in_view() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 40u64);
    h.key(KeyCode::Char('s'));
    assert_eq!(analysis(&h).moves.len(), 39);
    h.app.update(Event::Viewport(Viewport {
        study_rows: 10,
        ..Viewport::default()
    }));
    // A page down moves the list and the choice together.
    h.key(KeyCode::PageDown);
    assert_eq!(studying(&h).top, 10);
    assert_eq!(studying(&h).chosen_row(), Some(10));
    // The wheel scrolls a row; the choice stays while it is in view.
    h.app.update(Event::Wheel {
        target: Some(Target::MoveList),
        up: true,
    });
    assert_eq!((studying(&h).top, studying(&h).chosen_row()), (9, Some(10)));
    for _ in 0..10 {
        h.key(KeyCode::PageDown);
    }
    assert_eq!(studying(&h).top, 29, "no further than the last page");
    assert_eq!(studying(&h).chosen_row(), Some(38), "the last move");
    h.key(KeyCode::PageUp);
    assert_eq!(
        (studying(&h).top, studying(&h).chosen_row()),
        (19, Some(28))
    );
    // The wheel past the choice takes the choice along.
    for _ in 0..12 {
        h.app.update(Event::Wheel {
            target: Some(Target::MoveList),
            up: true,
        });
    }
    assert_eq!((studying(&h).top, studying(&h).chosen_row()), (7, Some(16)));
    h.key(KeyCode::Down);
    assert_eq!((studying(&h).top, studying(&h).chosen_row()), (8, Some(17)));
    // Home and End: the first and the last move, in view.
    h.key(KeyCode::End);
    assert_eq!(
        (studying(&h).top, studying(&h).chosen_row()),
        (29, Some(38))
    );
    h.key(KeyCode::Home);
    assert_eq!((studying(&h).top, studying(&h).chosen_row()), (0, Some(0)));
    // Drawn, the marker is on screen after every key that scrolls.
    for key in [
        KeyCode::PageDown,
        KeyCode::PageDown,
        KeyCode::End,
        KeyCode::PageUp,
    ] {
        h.key(key);
        let (terminal, _) = draw(&mut h, 80, 24, &Theme::colour());
        assert!(marker_in_list(&terminal), "▸ out of view after {key:?}");
    }
}

#[test]
fn backspace_chooses_the_move_taken_back_and_keeps_it_in_view() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 40u64);
    h.key(KeyCode::Char('s'));
    h.app.update(Event::Viewport(Viewport {
        study_rows: 10,
        ..Viewport::default()
    }));
    // Choose the 25th move of the list and play it.
    for _ in 0..24 {
        h.key(KeyCode::Down);
    }
    let at = studying(&h).chosen.unwrap();
    let played = analysis(&h).moves[at].notation.clone();
    let top = studying(&h).top;
    assert_eq!(top, 15);
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.line(), std::slice::from_ref(&played));
    assert_eq!(
        studying(&h).top,
        0,
        "a new position's list starts at its top"
    );
    // Deeper, then back twice: each time the move taken back is chosen.
    h.keys(&[KeyCode::Down, KeyCode::Enter]);
    let second = studying(&h).study.line()[1].clone();
    h.key(KeyCode::Backspace);
    let chosen = studying(&h).chosen.unwrap();
    assert_eq!(analysis(&h).moves[chosen].notation, second);
    h.key(KeyCode::Backspace);
    assert!(studying(&h).study.line().is_empty());
    let chosen = studying(&h).chosen.unwrap();
    assert_eq!(analysis(&h).moves[chosen].notation, played);
    assert_eq!(studying(&h).chosen_row(), Some(24));
    assert_eq!(studying(&h).top, top, "the list as it was before the move");
    // Its neighbour is one key away.
    h.key(KeyCode::Down);
    assert_eq!(studying(&h).chosen_row(), Some(25));
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::colour());
    assert!(marker_in_list(&terminal));
}

#[test]
fn pointing_at_a_move_chooses_it_and_a_click_plays_it() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 17, "1,3,4");
    h.key(KeyCode::Char('s'));
    // Move 2 in the game's order is take 4.
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(2)),
        click: false,
    });
    assert_eq!(studying(&h).chosen, Some(2));
    h.app.update(Event::Pointer {
        target: Target::StudyEntry(0),
        click: true,
    });
    assert_eq!(
        studying(&h).chosen,
        Some(0),
        "a click on an entry chooses it"
    );
    h.app.update(Event::Pointer {
        target: Target::StudyEntry(0),
        click: true,
    });
    assert_eq!(studying(&h).study.line(), ["−1"], "a second click plays it");
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(0)),
        click: true,
    });
    assert_eq!(
        studying(&h).study.line(),
        ["−1", "−1"],
        "a click on the board plays"
    );
}

/// The study of pile 17 of {1,3,4}, the cursor on its second-best move.
fn studied_pile() -> Harness {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 17, "1,3,4");
    h.keys(&[KeyCode::Char('s'), KeyCode::Down]);
    h
}

#[test]
fn the_study_screen_in_colour() {
    let mut h = studied_pile();
    let (terminal, hits) = draw(&mut h, 80, 24, &Theme::colour());
    insta::assert_snapshot!(terminal.backend());
    let buffer = terminal.backend().buffer();
    let theme = Theme::colour();
    // Every move is drawn once on the board where the mouse finds it, in its outcome's colour.
    let cells: Vec<(u16, u16)> = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| hits.target_at(x, y) == Some(Target::Spot(spot(2))))
        .collect();
    assert!(!cells.is_empty(), "take 4 is on the board");
    let text: String = cells.iter().map(|&c| buffer[c].symbol()).collect();
    assert!(text.contains("−4 L7"), "{text:?}");
    assert_eq!(buffer[cells[1]].fg, theme.bad.fg.unwrap());
    let winning: Vec<(u16, u16)> = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| hits.target_at(x, y) == Some(Target::Spot(spot(1))))
        .collect();
    assert_eq!(buffer[winning[1]].fg, theme.good.fg.unwrap());
    // The list's entries are clickable, the chosen one marked.
    let screen = common::render_text(&h.app, 80, 24);
    assert!(screen.contains("▸ −1"), "{screen}");
}

#[test]
fn the_study_screen_under_no_color_carries_its_meaning_in_letters_and_reverse() {
    let mut h = studied_pile();
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::monochrome());
    let buffer = terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "no foreground colour: {cell:?}");
        assert_eq!(cell.bg, Color::Reset, "no background colour: {cell:?}");
    }
    let screen = common::render_text(&h.app, 80, 24);
    for mark in ["W8", "W10", "L7"] {
        assert!(screen.contains(mark), "{mark} is written:\n{screen}");
    }
    let chosen = buffer
        .content()
        .iter()
        .find(|c| c.symbol() == "▸")
        .expect("the chosen move is marked");
    assert!(chosen.modifier.contains(Modifier::REVERSED));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn nim_and_fibonacci_draw_their_takes_at_80x24() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings {
        game: GameKind::ALL[3],
        ..Settings::default()
    }
    .with("piles", "3,4,5");
    h.key(KeyCode::Char('s'));
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::colour());
    insta::assert_snapshot!("nim_345", terminal.backend());
    h.key(KeyCode::Esc);
    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 30u64);
    h.key(KeyCode::Char('s'));
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::colour());
    insta::assert_snapshot!("fibonacci_30", terminal.backend());
}

#[test]
fn the_study_button_stands_beside_start_and_a_click_opens_it() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    let (terminal, hits) = draw(&mut h, 80, 24, &Theme::colour());
    let screen = common::render_text(&h.app, 80, 24);
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("Start"))
        .expect("Start is drawn");
    assert!(line.contains("Study"), "on Start's row: {line:?}");
    let x = line.chars().position(|c| c == 'y').expect("Study's y");
    let (x, y) = (u16::try_from(x).unwrap(), u16::try_from(y).unwrap());
    let target = hits.target_at(x, y).expect("Study is clickable");
    assert_eq!(
        target,
        Target::MenuLine(munch::app::menu::MenuLine::Study),
        "{}",
        terminal.backend()
    );
    h.app.update(Event::Pointer {
        target,
        click: true,
    });
    assert_eq!(studying(&h).study.describe(), "pile 21");
    // From the keys: → on Start goes to Study, ← back.
    h.key(KeyCode::Esc);
    h.app.menu.select(munch::app::menu::MenuLine::Start);
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.selected, munch::app::menu::MenuLine::Study);
    h.key(KeyCode::Left);
    assert_eq!(h.app.menu.selected, munch::app::menu::MenuLine::Start);
}

/// Delivers the solver's answers until the study on screen has what it asked for.
fn settle(h: &mut Harness) {
    while analysis(h).progress.is_some() {
        let message = h.next_message();
        h.app.update(Event::Solver(message));
    }
}

#[test]
fn chomp_is_studied_from_its_moves_left_table_and_agrees_with_the_reference() {
    use munch::games::chomp::reference::Reference;
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 4u8).with("cols", 5u8);
    h.key(KeyCode::Char('s'));
    assert!(analysis(&h).progress.is_some(), "the table is on its way");
    assert_eq!(
        analysis(&h).moves.len(),
        20,
        "listed to be played meanwhile"
    );
    // Before the table, what the opening book proves: the 4×5 bar's every move, its one
    // winning move and the losing rest, their moves left to come.
    let mut reference = Reference::new();
    for m in &analysis(&h).moves {
        let square = munch::games::chomp::rules::Square::parse(&m.notation).unwrap();
        let after: Vec<u8> = (0..5u8)
            .map(|c| if c < square.col { 4 } else { square.row })
            .collect();
        assert_eq!(m.wins, Some(!reference.wins(&after)), "{}", m.notation);
        assert_eq!(m.moves_left.is_some(), m.notation == "a1", "{}", m.notation);
    }
    assert_eq!(analysis(&h).wins, Some(true));
    settle(&mut h);
    assert_eq!(analysis(&h).moves.len(), 20, "every square of the 4×5 bar");
    assert!(
        studying(&h).chosen.is_some(),
        "the best move is chosen once known"
    );
    // Down a line of best moves to the end, every position against the brute force.
    let mut heights = vec![4u8; 5];
    loop {
        let a = analysis(&h).clone();
        assert_eq!(a.wins, Some(reference.wins(&heights)), "{heights:?}");
        let expected = u64::from(reference.moves_left(&heights));
        assert_eq!(a.moves_left, Some(expected), "{heights:?}");
        if a.moves.is_empty() {
            break;
        }
        let best = studying(&h).order()[0];
        let square = munch::games::chomp::rules::Square::parse(&a.moves[best].notation).unwrap();
        for h in heights.iter_mut().skip(usize::from(square.col)) {
            *h = (*h).min(square.row);
        }
        h.key(KeyCode::Enter);
    }
    assert_eq!(heights, [0; 5], "the line ends with the poison eaten");
    assert!(analysis(&h).is_over());
    assert_eq!(
        analysis(&h).outcome(),
        "the last move lost",
        "the poison was eaten"
    );
}

#[test]
fn a_box_whose_moves_left_do_not_fit_shows_outcomes_and_says_so() {
    use munch::solve::{MovesLeftTable, OutcomeTable};
    let (rows, cols) = (6, 7);
    // Room for the outcome table, not for the moves-left table beside it.
    let budget = OutcomeTable::bytes_for(rows, cols) + MovesLeftTable::bytes_for(rows, cols) / 2;
    let mut h = Harness::with_budget(budget, 7);
    h.app.menu.settings = Settings::default().with("rows", rows).with("cols", cols);
    h.key(KeyCode::Char('s'));
    settle(&mut h);
    let a = analysis(&h);
    assert_eq!(a.wins, Some(true));
    assert_eq!(a.moves.len(), 42);
    assert!(a.moves.iter().all(|m| m.moves_left.is_none()));
    assert_eq!(a.moves_left, None);
    assert_eq!(
        a.note.as_deref(),
        Some("moves left: not within the memory budget")
    );
    let screen = common::render_text(&h.app, 80, 24);
    assert!(screen.contains("moves left: not within"), "{screen}");
    assert!(screen.contains("Moves left: out of reach"), "{screen}");
}

#[test]
fn a_box_whose_table_does_not_fit_still_plays_its_moves_unjudged() {
    // No table of the 5×6 box fits 8 bytes.
    let mut h = Harness::with_budget(8, 7);
    let (settings, start) = Settings::default()
        .with_position("chomp 5x6 5,5,4,4,2,0")
        .expect("a position");
    h.app.study_position(&settings, &start);
    settle(&mut h);
    let a = analysis(&h).clone();
    // A no-break space holds each size together on the panel's rows.
    let note = a.note.clone().unwrap_or_default().replace('\u{a0}', " ");
    assert!(
        note.starts_with("Proven one move on. No table: needs ") && note.ends_with(", 8 B left"),
        "{note}"
    );
    assert_eq!(a.moves.len(), 20, "every square is a move");
    // The poison is known to lose, and is listed last; of the rest, what the closed forms
    // prove of the positions they leave (against the brute force), `?` where nothing does.
    let order = studying(&h).order();
    let last = &a.moves[*order.last().unwrap()];
    assert_eq!(
        (last.notation.as_str(), last.wins, last.moves_left),
        ("a1", Some(false), Some(0))
    );
    let heights = [5u8, 5, 4, 4, 2, 0];
    let mut reference = munch::games::chomp::reference::Reference::new();
    let mut unknown = None;
    for m in &a.moves {
        let square = munch::games::chomp::rules::Square::parse(&m.notation).unwrap();
        let after: Vec<u8> = (0..6u8)
            .map(|c| {
                let h = heights[usize::from(c)];
                if c < square.col { h } else { h.min(square.row) }
            })
            .collect();
        match m.wins {
            Some(wins) => assert_eq!(wins, !reference.wins(&after), "{}", m.notation),
            None => unknown = Some(m.notation.clone()),
        }
    }
    assert!(unknown.is_some(), "a move nothing proves");
    // The first such in the list, which is in view: the winning moves come before it.
    let unknown = order
        .iter()
        .map(|&at| &a.moves[at])
        .find(|m| m.wins.is_none())
        .map(|m| m.notation.clone())
        .expect("a move nothing proves");
    // One of its moves leaves a position a closed form proves lost: the position is won.
    assert_eq!(a.wins, Some(reference.wins(&heights)));
    let screen = common::render_text(&h.app, 80, 24);
    assert!(screen.contains("Side to move is winning"), "{screen}");
    assert!(screen.contains("Proven one move on. No table:"), "{screen}");
    assert!(
        !screen.contains("not known yet"),
        "no table is coming: {screen}"
    );
    assert!(
        screen
            .lines()
            .any(|row| row.contains(&format!(" {unknown} ")) && row.matches('?').count() == 2),
        "{unknown} listed, its result and replies not known: {screen}"
    );
    assert!(screen.contains("8 B left"), "the note whole: {screen}");
    // A click on e2 eats it; Enter plays the chosen move; Backspace takes them back.
    let e2 = a.moves.iter().position(|m| m.notation == "e2").unwrap();
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(e2)),
        click: true,
    });
    assert_eq!(studying(&h).study.position(), "chomp 5x6 5,5,4,4,1,0");
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.line().len(), 2);
    h.keys(&[KeyCode::Backspace, KeyCode::Backspace]);
    assert!(studying(&h).study.line().is_empty());
    assert_eq!(studying(&h).study.position(), "chomp 5x6 5,5,4,4,2,0");
    assert_eq!(
        analysis(&h).moves[studying(&h).chosen.unwrap()].notation,
        "e2",
        "the move taken back is chosen"
    );
}

#[test]
fn a_chomp_study_plays_while_its_table_builds_and_keeps_the_line_when_it_comes() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 4u8).with("cols", 5u8);
    h.key(KeyCode::Char('s'));
    assert!(analysis(&h).progress.is_some(), "the table is on its way");
    let rows = rows_of(&draw(&mut h, 80, 24, &Theme::colour()).0);
    // The opening book proves b3 loses at once; its winning replies come with the table.
    assert!(
        rows.iter().any(|row| row.contains(" b3 ")
            && row.contains(" L ")
            && row.matches('?').count() == 1),
        "b3 listed, its result proven, its replies to come: {rows:#?}"
    );
    assert!(
        !rows.iter().any(|row| row.contains("come with the table")),
        "{rows:#?}"
    );
    let at = |h: &Harness, notation: &str| {
        analysis(h)
            .moves
            .iter()
            .position(|m| m.notation == notation)
            .expect("a legal move")
    };
    // A click on e4 eats it; c2 is then chosen on the board.
    let e4 = at(&h, "e4");
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(e4)),
        click: true,
    });
    assert_eq!(studying(&h).study.position(), "chomp 4x5 4,4,4,4,3");
    let c2 = at(&h, "c2");
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(c2)),
        click: false,
    });
    assert!(analysis(&h).progress.is_some(), "still building");
    // The table comes: the outcomes fill in, the line and the chosen move stay.
    settle(&mut h);
    assert_eq!(studying(&h).study.line(), ["e4"]);
    assert!(analysis(&h).moves.iter().all(|m| m.wins.is_some()));
    assert_eq!(
        analysis(&h).moves[studying(&h).chosen.expect("a move chosen")].notation,
        "c2"
    );
    assert!(analysis(&h).wins.is_some());
}

#[test]
fn a_chomp_game_waiting_for_its_table_gets_it_after_a_study() {
    let mut h = Harness::new();
    h.start(5, 6, [Person, Computer]);
    // Straight into the study, before the game's table came.
    h.key(KeyCode::Char('a'));
    settle(&mut h);
    assert_eq!(analysis(&h).moves.len(), 30);
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.key(KeyCode::Esc);
    assert!(h.game().turns.moves.is_empty(), "the game is as it was");
    // The study's request cancelled the game's: it asks again, and its table comes.
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());
}

#[test]
fn a_grid_study_never_cuts_a_mark_to_a_wrong_number() {
    // Wythoff 9,14: "1 down-left" is W10 and "1 left" L11, wider than a cell at 80×24.
    let h = study_of("wythoff 9,14");
    let marks: Vec<String> = analysis(&h)
        .moves
        .iter()
        .map(munch::games::study::mark)
        .collect();
    assert!(marks.iter().any(|m| m.len() > 2), "{marks:?}");
    for (width, height) in [(80, 24), (100, 30)] {
        let screen = common::render_text(&h.app, width, height);
        let legend = screen.contains("W7 wins, L7 loses");
        for token in screen.split(|c: char| !c.is_ascii_alphanumeric()) {
            let is_mark = token.len() > 1
                && token.starts_with(['W', 'L'])
                && token[1..].chars().all(|c| c.is_ascii_digit());
            if is_mark && !(legend && (token == "W7" || token == "L7")) {
                assert!(
                    marks.iter().any(|m| m == token),
                    "{token} is no move's mark:\n{screen}"
                );
            }
        }
        // Where marks are letters alone, the legend says where the numbers are.
        if !marks.iter().all(|m| screen.contains(&format!(" {m}"))) {
            assert!(screen.contains("the list has the moves left"), "{screen}");
        }
    }
}

#[test]
fn a_chomp_game_takes_the_tables_its_study_built_and_builds_nothing_again() {
    let mut h = Harness::new();
    h.start(5, 6, [Person, Computer]); // at level perfect: the game asks for the moves left
    // Straight into the study, before the game's tables came: the study's request stops the
    // game's, and the study builds both tables.
    h.key(KeyCode::Char('a'));
    settle(&mut h);
    assert!(analysis(&h).moves.iter().all(|m| m.moves_left.is_some()));
    h.key(KeyCode::Esc);
    // Back in the game, before any answer from the solver: it has both tables already.
    assert!(h.game().rules.outcomes().is_some());
    assert!(h.game().rules.moves_left().is_some());
    let builds: Vec<_> = common::asked(&h.app.take_requests())
        .into_iter()
        .filter_map(|(_, asked)| asked)
        .collect();
    assert_eq!(builds, vec![], "nothing is built again");
}

#[test]
fn a_chomp_study_at_80x24_in_colour_and_under_no_color() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default();
    h.key(KeyCode::Char('s'));
    settle(&mut h);
    // Two moves into a line: e5 (the one winning move of 6×7), then b2.
    let play = |h: &mut Harness, notation: &str| {
        let at = analysis(h)
            .moves
            .iter()
            .position(|m| m.notation == notation)
            .expect("a legal move");
        h.app.update(Event::Pointer {
            target: Target::Spot(spot(at)),
            click: true,
        });
    };
    play(&mut h, "e5");
    play(&mut h, "b2");
    assert_eq!(studying(&h).study.line(), ["e5", "b2"]);
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::colour());
    insta::assert_snapshot!("chomp_6x7_colour", terminal.backend());
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::monochrome());
    for cell in terminal.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    insta::assert_snapshot!("chomp_6x7_no_color", terminal.backend());
}

/// Types `text` into the app, a key a character.
fn type_text(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.key(KeyCode::Char(c));
    }
}

fn editor_fields(h: &Harness) -> Vec<(String, String)> {
    studying(h).editor.as_ref().expect("editing").fields()
}

#[test]
fn the_chomp_editor_sets_heights_keeping_them_non_increasing() {
    use munch::games::chomp::reference::Reference;
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 4u8).with("cols", 5u8);
    h.key(KeyCode::Char('s'));
    settle(&mut h);
    h.key(KeyCode::Char('e'));
    let heights = |h: &Harness| editor_fields(h)[2].1.clone();
    assert_eq!(heights(&h), "4,4,4,4,4");
    let click = |h: &mut Harness, col: u64, row: u64| {
        h.app.update(Event::Pointer {
            target: Target::Spot(munch::input::Spot(col, row)),
            click: true,
        });
    };
    click(&mut h, 2, 1); // c2: that column 2 high, the ones right of it no higher
    assert_eq!(heights(&h), "4,4,2,2,2");
    click(&mut h, 0, 3); // a4, the top of its column: eaten, and b follows
    assert_eq!(heights(&h), "3,3,2,2,2");
    click(&mut h, 4, 2); // e3: that column 3 high, the ones left of it at least as high
    assert_eq!(heights(&h), "3,3,3,3,3");
    // Keys: the cursor and Space, a row and a column more.
    h.keys(&[KeyCode::Left, KeyCode::Down, KeyCode::Down]);
    type_text(&mut h, " +>");
    assert_eq!(editor_fields(&h)[0].1, "5");
    assert_eq!(editor_fields(&h)[1].1, "6");
    assert_eq!(heights(&h), "3,3,3,1,1,0");
    h.key(KeyCode::Enter);
    assert!(studying(&h).editor.is_none());
    assert_eq!(studying(&h).study.describe(), "[3,3,3,1,1,0]");
    assert_eq!(studying(&h).study.title(), "Chomp 5×6");
    settle(&mut h);
    let expected = Reference::new().moves_left(&[3, 3, 3, 1, 1, 0]);
    assert_eq!(analysis(&h).moves_left, Some(u64::from(expected)));
    assert_eq!(analysis(&h).moves.len(), 11);

    // The poison must stay: Enter says why, and the editor stays open.
    h.key(KeyCode::Char('e'));
    click(&mut h, 0, 0);
    click(&mut h, 0, 0);
    assert_eq!(heights(&h), "0,0,0,0,0,0");
    h.key(KeyCode::Enter);
    assert!(studying(&h).editor.is_some());
    let problem = studying(&h).edit_problem.clone().unwrap_or_default();
    assert!(problem.contains("a1"), "{problem}");
    // Esc leaves the editor; the study is the one before.
    h.key(KeyCode::Esc);
    assert!(studying(&h).editor.is_none());
    assert_eq!(studying(&h).study.describe(), "[3,3,3,1,1,0]");
}

#[test]
fn the_coin_games_editors_set_the_pile_the_takes_and_the_piles() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    assert_eq!(
        editor_fields(&h),
        [
            ("Pile".to_string(), "21".to_string()),
            ("Takes".to_string(), "1,3,4".to_string())
        ]
    );
    // The first digit replaces the value; ← steps it.
    type_text(&mut h, "31");
    h.key(KeyCode::Left);
    h.key(KeyCode::Down);
    type_text(&mut h, "0");
    h.key(KeyCode::Enter);
    let problem = studying(&h).edit_problem.clone().unwrap_or_default();
    assert!(problem.starts_with("takes: "), "{problem}");
    h.key(KeyCode::Backspace);
    type_text(&mut h, "1-3");
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.describe(), "pile 30");
    assert_eq!(studying(&h).study.title(), "Subtraction game {1,2,3}");
    // {1,2,3}: every multiple of 4 is lost, and each round of two moves takes 4 coins.
    assert_eq!(analysis(&h).moves_left, Some(15));
    h.key(KeyCode::Esc);

    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 30u64);
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    assert_eq!(editor_fields(&h)[1].1, "29");
    type_text(&mut h, "10");
    h.key(KeyCode::Down);
    type_text(&mut h, "3");
    h.key(KeyCode::Enter);
    assert_eq!(analysis(&h).moves.len(), 3, "takes 1 to 3");
    h.key(KeyCode::Esc);

    h.app.menu.settings = Settings {
        game: GameKind::ALL[3],
        ..Settings::default()
    }
    .with("piles", "3,4,5");
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    type_text(&mut h, "1, 2,3");
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.describe(), "piles 1,2,3");
    assert_eq!(analysis(&h).wins, Some(false), "1 ^ 2 ^ 3 = 0");
}

#[test]
fn the_chomp_editor_starts_its_cursor_on_the_highlighted_move() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 4u8).with("cols", 5u8);
    h.key(KeyCode::Char('s'));
    // Before the tables arrive the moves are listed too: the cursor starts on the one
    // highlighted (e4, the top square of the last column here), and Space eats it.
    let moves = &analysis(&h).moves;
    let at = moves.iter().position(|m| m.notation == "e4").unwrap();
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(at)),
        click: false,
    });
    h.key(KeyCode::Char('e'));
    type_text(&mut h, " ");
    assert_eq!(editor_fields(&h)[2].1, "4,4,4,4,3");
    h.key(KeyCode::Esc);
    settle(&mut h);
    // Choose a move low on the board, away from the corners: the cursor starts on it.
    let moves = &analysis(&h).moves;
    let at = moves.iter().position(|m| m.notation == "c2").unwrap();
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(at)),
        click: false,
    });
    h.key(KeyCode::Char('e'));
    // Space on c2 (not its column's top): column c is 2 high, those right of it no higher.
    type_text(&mut h, " ");
    assert_eq!(editor_fields(&h)[2].1, "4,4,2,2,2");
    // The cursor stays there: Space again is on c2, now its column's top, and eats it.
    type_text(&mut h, " ");
    assert_eq!(editor_fields(&h)[2].1, "4,4,1,1,1");
}

#[test]
fn the_coin_editors_say_what_works_on_each_field_and_check_as_you_type() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    let editor = |h: &Harness| studying(h).editor.as_ref().unwrap().hints().join(" | ");
    let problems = |h: &Harness| studying(h).editor.as_ref().unwrap().problems();
    assert!(editor(&h).contains("←→ ±1"), "{}", editor(&h));
    // On the take set ←/→ go through the menu's presets, and the hint says so (no ±1).
    h.key(KeyCode::Down);
    assert!(!editor(&h).contains("±1"), "{}", editor(&h));
    assert!(editor(&h).contains("presets"), "{}", editor(&h));
    h.key(KeyCode::Right);
    assert_eq!(editor_fields(&h)[1].1, "2,5");
    h.keys(&[KeyCode::Left, KeyCode::Left]);
    assert_eq!(editor_fields(&h)[1].1, "1,2,3");
    // A bad set is marked at once, on the field, as typed; Enter still refuses it.
    assert_eq!(problems(&h), [None, None]);
    type_text(&mut h, "0");
    assert_eq!(editor_fields(&h)[1].1, "0", "the field stays as typed");
    let problem = problems(&h)[1].clone().expect("a problem at once");
    assert!(!problem.is_empty());
    let (terminal, _) = draw(&mut h, 80, 24, &Theme::monochrome());
    // On the board, under the field's value: "✗ 0 is not a take: …", wrapped to the board.
    let rows = terminal.backend().buffer().content().chunks(80).map(|row| {
        row.iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect::<String>()
    });
    let board: String = rows
        .map(|row| {
            row.chars()
                .take(47)
                .skip(14)
                .collect::<String>()
                .trim()
                .to_string()
        })
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        board.contains(&format!("✗ {problem}")),
        "{board}\n{}",
        terminal.backend()
    );
    h.key(KeyCode::Enter);
    assert!(studying(&h).editor.is_some(), "Enter refuses");
    let refused = studying(&h).edit_problem.clone().unwrap_or_default();
    assert!(refused.starts_with("takes: "), "{refused}");
    // Fixed, the mark goes at once.
    h.key(KeyCode::Backspace);
    type_text(&mut h, "1-3");
    assert_eq!(problems(&h), [None, None]);
    h.key(KeyCode::Up);
    type_text(&mut h, "5");
    h.key(KeyCode::Backspace);
    assert_eq!(problems(&h)[0].as_deref(), Some("type a number"));
    h.key(KeyCode::Esc);

    // Fibonacci Nim: a pile of 0 is marked as it is typed.
    h.app.menu.settings = Settings {
        game: GameKind::Fibonacci,
        ..Settings::default()
    }
    .with(munch::games::fibonacci::fields::PILE, 30u64);
    h.keys(&[KeyCode::Esc, KeyCode::Char('s'), KeyCode::Char('e')]);
    type_text(&mut h, "0");
    assert_eq!(
        problems(&h)[0].as_deref(),
        Some("the pile needs at least 1 coin")
    );
    h.key(KeyCode::Esc);

    // A largest take above the pile: marked under it at once, in the position string's
    // words, and Enter refuses it.
    let (settings, start) = Settings::default()
        .with_position("fibonacci 30 max 5")
        .expect("a position");
    h.app.study_position(&settings, &start);
    h.keys(&[KeyCode::Char('e'), KeyCode::Down]);
    type_text(&mut h, "50");
    let refusal = munch::games::parse_position("fibonacci 30 max 50").expect_err("refused");
    assert_eq!(problems(&h), [None, Some(refusal.clone())]);
    h.key(KeyCode::Enter);
    assert!(studying(&h).editor.is_some(), "Enter refuses");
    let refused = studying(&h).edit_problem.clone().unwrap_or_default();
    assert_eq!(refused, format!("max take: {refusal}"));
    // A larger pile makes it right, and Enter studies it.
    h.key(KeyCode::Up);
    type_text(&mut h, "60");
    assert_eq!(problems(&h), [None, None]);
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.position(), "fibonacci 60 max 50");
    h.key(KeyCode::Esc);

    // Nim: one field, its presets on ←/→ and no "↑↓ field".
    h.app.menu.settings = Settings {
        game: GameKind::ALL[3],
        ..Settings::default()
    }
    .with("piles", "3,4,5");
    h.keys(&[KeyCode::Esc, KeyCode::Char('s'), KeyCode::Char('e')]);
    assert!(!editor(&h).contains("↑↓"), "{}", editor(&h));
    h.key(KeyCode::Right);
    assert_eq!(editor_fields(&h)[0].1, "1,3,5,7");
    type_text(&mut h, "3,,");
    assert!(problems(&h)[0].is_some());
}

#[test]
fn y_copies_the_studied_positions_string_and_the_panel_shows_it() {
    use munch::app::Effect;
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    h.key(KeyCode::Char('s'));
    h.key(KeyCode::Enter); // take 1: pile 20
    let _ = h.app.take_effects();
    h.key(KeyCode::Char('y'));
    let copied: Vec<String> = h
        .app
        .take_effects()
        .into_iter()
        .map(|effect| match effect {
            Effect::Copy(text) => text,
        })
        .collect();
    assert_eq!(copied, ["subtraction 1,3,4 20"]);
    let screen = common::render_text(&h.app, 80, 24);
    assert!(screen.contains("Copied: subtraction 1,3,4 20"), "{screen}");
    // The string reads back as the position studied.
    let (settings, start) = Settings::default()
        .with_position(&copied[0])
        .expect("a position string");
    assert_eq!(settings.game, GameKind::Subtraction);
    assert_eq!(start.text(), "subtraction 1,3,4 20");
}

#[test]
fn p_plays_from_the_studied_position_on_the_side_chosen() {
    let mut h = Harness::new();
    subtraction_menu(&mut h, 21, "1,3,4");
    h.key(KeyCode::Char('s'));
    h.key(KeyCode::Enter); // take 1: pile 20
    h.key(KeyCode::Char('p'));
    assert!(studying(&h).choosing_side);
    let screen = common::render_text(&h.app, 80, 24);
    assert!(screen.contains("1 you move first"), "{screen}");
    h.key(KeyCode::Esc);
    assert!(!studying(&h).choosing_side, "Esc keeps the study");
    h.keys(&[KeyCode::Char('p'), KeyCode::Char('2')]);
    let game = h.subtraction_game();
    assert_eq!(
        game.position.pile, 20,
        "the game starts where the study stood"
    );
    assert_eq!(
        h.app.playing.players,
        [munch::settings::Player::Computer, Person]
    );
    assert_eq!(
        h.app.start.as_ref().map(|s| s.text().to_string()),
        Some("subtraction 1,3,4 20".to_string())
    );
    // The computer moves first: a winning take from 20 (20 mod 7 = 6).
    h.ticks(40);
    assert_eq!(h.subtraction_game().turns.moves.len(), 1);

    // From a game's study, that game goes back to the menu's saved games; the new game of
    // its kind asks before replacing it, as any new game does.
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter); // the person's move: a game worth keeping
    h.key(KeyCode::Char('a'));
    settle(&mut h);
    h.keys(&[KeyCode::Enter, KeyCode::Char('p'), KeyCode::Char('1')]);
    assert!(h.on_menu());
    assert_eq!(h.app.menu.replacing, Some(GameKind::Chomp));
    assert_eq!(
        h.app.saved.len(),
        1,
        "the game studied is offered to resume"
    );
    h.key(KeyCode::Enter);
    let heights = h.game().position.heights().to_vec();
    assert_ne!(heights, [4; 5], "the game starts after the study's move");
    assert!(h.game().turns.moves.is_empty());
    assert_eq!(h.app.playing.players, [Person, Computer]);
}

#[test]
fn p_while_the_table_builds_starts_the_game_which_waits_for_its_own_table() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 4u8).with("cols", 5u8);
    h.key(KeyCode::Char('s'));
    // Nothing answered: the study's moves-left table is still on its way, its moves listed
    // with their moves left not known yet.
    assert!(analysis(&h).progress.is_some());
    assert!(analysis(&h).moves.iter().any(|m| m.moves_left.is_none()));
    h.key(KeyCode::Char('p'));
    assert_eq!(studying(&h).note, None, "no claim that the game is over");
    assert!(studying(&h).choosing_side, "p asks for the side at once");
    h.key(KeyCode::Char('1'));
    let game = h.game();
    assert_eq!(game.position.heights(), [4; 5], "the studied position");
    assert!(game.turns.moves.is_empty());
    assert_eq!(h.app.playing.players, [Person, Computer]);
    // The game asks for its own table, as every game does, and gets it.
    h.wait_for_solver();
    assert!(h.game().rules.outcomes().is_some());

    // Where the game is over, p says so and plays nothing.
    let mut h = study_of("nim 1");
    h.key(KeyCode::Enter);
    assert!(analysis(&h).is_over());
    h.key(KeyCode::Char('p'));
    assert!(!studying(&h).choosing_side);
    assert_eq!(
        studying(&h).note.as_deref(),
        Some("The game is over here: nothing to play.")
    );
}

#[test]
fn a_position_string_opens_the_study_on_that_position() {
    let mut h = Harness::new();
    let menu = h.app.menu.settings.clone();
    let (settings, start) = Settings::default()
        .with_position("fibonacci 30 max 5")
        .expect("a position");
    h.app.study_position(&settings, &start);
    assert_eq!(studying(&h).study.position(), "fibonacci 30 max 5");
    assert_eq!(analysis(&h).moves.len(), 5, "takes 1 to 5");
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert_eq!(h.app.menu.settings, menu, "the menu as it was");
    assert_ne!(
        menu.game,
        GameKind::Fibonacci,
        "a menu the position would change"
    );
}

/// The study of the position `text`, its tables built.
fn study_of(text: &str) -> Harness {
    let mut h = Harness::new();
    let (settings, start) = Settings::default().with_position(text).expect("a position");
    h.app.study_position(&settings, &start);
    settle(&mut h);
    h
}

/// The drawn screen's rows, as text.
fn rows_of(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let width = usize::from(buffer.area.width);
    buffer
        .content()
        .chunks(width)
        .map(|row| row.iter().map(ratatui::buffer::Cell::symbol).collect())
        .collect()
}

#[test]
fn nim_moves_are_listed_in_the_games_words_short_where_the_panel_is_narrow() {
    let mut h = study_of("nim 12,3");
    let colour = Theme::colour();
    let shown = |h: &mut Harness, width: u16, height: u16, text: &str| {
        let (terminal, _) = draw(h, width, height, &colour);
        rows_of(&terminal).iter().any(|r| r.contains(text))
    };
    // "10 from pile 1" leaves no room for the result and the replies at 80 columns.
    assert!(shown(&mut h, 80, 24, "▸ 9 from 1 "));
    assert!(shown(&mut h, 80, 24, "  10 from 1 "));
    assert!(!shown(&mut h, 80, 24, "1:9"), "no pile:take notation");
    assert!(!shown(&mut h, 80, 24, "pile:take"));
    assert!(shown(&mut h, 100, 30, "▸ 9 from pile 1 "));
    assert!(shown(&mut h, 100, 30, "  10 from pile 1 "));
    let play = |h: &mut Harness, notation: &str| {
        let at = analysis(h)
            .moves
            .iter()
            .position(|m| m.notation == notation)
            .expect("a legal move");
        h.app.update(Event::Pointer {
            target: Target::Spot(spot(at)),
            click: true,
        });
    };
    play(&mut h, "2:3");
    assert!(shown(&mut h, 80, 24, "Line: 3 from pile 2 "));
    play(&mut h, "1:5");
    assert_eq!(studying(&h).study.line(), ["2:3", "1:5"]);
    assert!(shown(&mut h, 80, 24, "Line: 3 from 2, 5 from 1 "));
    assert!(shown(
        &mut h,
        100,
        30,
        "Line: 3 from pile 2, 5 from pile 1 "
    ));
}

#[test]
fn a_larger_screen_grows_the_board_and_the_panel_and_wide_bars_fit_80_columns() {
    let colour = Theme::colour();
    // A 12×12 bar needed 97 columns for its marks: at 80 its squares show their letter, the
    // legend says the list has the moves left, and nothing says the screen is too small.
    let mut h = study_of("chomp 12x12 12,12,10,9,9,8,6,5,5,3,2,1");
    let (terminal, _) = draw(&mut h, 80, 24, &colour);
    let rows = rows_of(&terminal);
    assert!(rows[0].contains("Study: Chomp 12×12"), "{rows:#?}");
    assert!(rows[10].starts_with("│ 3 ▸W L L"), "{rows:#?}");
    assert!(
        rows.iter()
            .any(|r| r.contains("the list has the moves left"))
    );
    // At 100×30 the marks are whole again, each square two rows high.
    let (terminal, _) = draw(&mut h, 100, 30, &colour);
    let rows = rows_of(&terminal);
    let board: Vec<&str> = rows.iter().map(|r| &r[..]).collect();
    let row_of = |label: &str| board.iter().position(|r| r.starts_with(label)).unwrap();
    assert_eq!(row_of("│ 2  L2 ") - row_of("│ 3 ▸W23"), 2, "{rows:#?}");
    assert!(rows.iter().any(|r| r.contains("7 moves left after it")));

    // A small board beside a wider panel at 100 columns, its list naming its columns whole;
    // at 80 the panel is as it always was, 32 columns.
    let mut h = study_of("nim 3,4,5");
    let (terminal, _) = draw(&mut h, 80, 24, &colour);
    let rows = rows_of(&terminal);
    assert_eq!(rows[0].chars().position(|c| c == '┐'), Some(47));
    // Its moves in the game's words, the columns a space apart to make room for them.
    assert!(
        rows.iter()
            .any(|r| r.contains("move          result replies"))
    );
    assert!(
        rows.iter()
            .any(|r| r.contains("▸ 2 from pile 1    W10       0"))
    );
    let (terminal, _) = draw(&mut h, 100, 30, &colour);
    let rows = rows_of(&terminal);
    assert_eq!(
        rows[0].chars().position(|c| c == '┐'),
        Some(59),
        "{}",
        rows[0]
    );
    assert!(
        rows.iter()
            .any(|r| r.contains("move           result  replies")),
        "{rows:#?}"
    );

    // Chomp's editor draws the squares as large as the study's board: `e` keeps the bar's
    // size on screen.
    let spacing = |rows: &[String]| {
        let letters = rows
            .iter()
            .find(|r| {
                let words: Vec<&str> = r.trim_matches('│').split_whitespace().collect();
                words.starts_with(&["a", "b", "c"])
            })
            .expect("the column letters");
        let at = |c: char| letters.chars().position(|x| x == c).unwrap();
        at('b') - at('a')
    };
    let mut h = study_of("chomp 6x7 6,6,4,4,2,0,0");
    let (terminal, _) = draw(&mut h, 100, 30, &colour);
    let board = spacing(&rows_of(&terminal));
    assert_eq!(board, 6, "squares two columns wider than their marks need");
    h.key(KeyCode::Char('e'));
    let (terminal, _) = draw(&mut h, 100, 30, &colour);
    assert_eq!(spacing(&rows_of(&terminal)), board);
}

#[test]
fn a_pile_of_a_hundred_thousand_takes_draws_the_buttons_that_fit_and_counts_the_rest() {
    let mut h = Harness::new();
    let (settings, start) = Settings::default()
        .with_position("fibonacci 99999")
        .unwrap();
    h.app.study_position(&settings, &start);
    assert_eq!(analysis(&h).moves.len(), 99_998, "every take is listed");
    for (width, height) in [(80, 24), (100, 30)] {
        let screen = common::render_text(&h.app, width, height);
        // The board's box ends where the panel's begins.
        let top = screen.lines().next().unwrap();
        let board_width = top[..top.find("┐┌").unwrap()].chars().count();
        let board: Vec<String> = screen
            .lines()
            .map(|row| row.chars().take(board_width).collect())
            .collect();
        let buttons: usize = board.iter().map(|row| row.matches('−').count()).sum();
        let hidden: usize = board
            .iter()
            .find_map(|row| {
                let row = row.trim_matches(|c| c == '│' || c == ' ');
                let count = row.strip_suffix(" more in the list →")?;
                let hidden: usize = count.replace(',', "").parse().unwrap();
                assert_eq!(
                    count,
                    munch::units::group(hidden as u64),
                    "grouped as elsewhere"
                );
                Some(hidden)
            })
            .unwrap_or_else(|| panic!("no count of the hidden takes:\n{screen}"));
        assert!(buttons > 10, "{screen}");
        assert_eq!(buttons + hidden, 99_998, "{screen}");
    }
}

#[test]
fn nim_keeps_an_emptied_pile_in_its_string_so_the_pile_numbers_agree() {
    let mut h = study_of("nim 3,4,5");
    let Screen::Study(study) = &mut h.app.screen else {
        panic!("the Study screen is not on");
    };
    assert!(study.study.play_move("1:3"), "3 from pile 1 empties it");
    assert_eq!(studying(&h).study.position(), "nim 0,4,5");
    let rows = rows_of(&draw(&mut h, 100, 30, &Theme::colour()).0);
    assert!(
        rows.iter().any(|row| row.contains("nim 0,4,5")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.contains("5 from pile 3")),
        "{rows:#?}"
    );
    assert!(
        !rows
            .iter()
            .any(|row| row.contains("from pile 1") && !row.contains("Line: 3 from pile 1")),
        "pile 1 is empty, and no move of the list names it: {rows:#?}"
    );
    // The string read back is the same position: the same moves, by the same numbers.
    let again = study_of("nim 0,4,5");
    assert_eq!(studying(&again).study.position(), "nim 0,4,5");
    assert_eq!(analysis(&again).moves, analysis(&h).moves);
}

#[test]
fn the_nim_editor_keeps_empty_piles_in_place_and_refuses_only_all_empty() {
    let mut h = study_of("nim 0,4,5");
    h.key(KeyCode::Char('e'));
    assert_eq!(editor_fields(&h)[0].1, "0,4,5", "pile 1 keeps its place");
    h.key(KeyCode::Enter);
    assert!(
        studying(&h).editor.is_none(),
        "{:?}",
        studying(&h).edit_problem
    );
    assert_eq!(studying(&h).study.position(), "nim 0,4,5", "unchanged");

    let problems = |h: &Harness| studying(h).editor.as_ref().unwrap().problems();
    h.key(KeyCode::Char('e'));
    type_text(&mut h, "0,3,0,5");
    assert_eq!(problems(&h), [None], "an empty pile is a pile in a study");
    h.key(KeyCode::Enter);
    assert!(
        studying(&h).editor.is_none(),
        "{:?}",
        studying(&h).edit_problem
    );
    assert_eq!(studying(&h).study.position(), "nim 0,3,0,5");
    assert!(
        listed(&h)
            .iter()
            .all(|mv| mv.starts_with("2:") || mv.starts_with("4:")),
        "the piles keep their numbers: {:?}",
        listed(&h)
    );

    // Every pile empty is a finished game: marked as typed, refused on Enter.
    h.key(KeyCode::Char('e'));
    type_text(&mut h, "0,0");
    let problem = problems(&h)[0].clone().expect("a problem at once");
    assert!(problem.contains("the game is over there"), "{problem}");
    h.key(KeyCode::Enter);
    assert!(studying(&h).editor.is_some(), "Enter refuses");
    let refused = studying(&h).edit_problem.clone().unwrap_or_default();
    assert!(refused.contains("the game is over there"), "{refused}");
}

#[test]
fn moves_left_out_of_reach_is_said_once_and_the_legend_then_has_no_numbers() {
    let mut h = study_of("fibonacci 99999");
    assert!(analysis(&h).moves.iter().all(|m| m.moves_left.is_none()));
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = rows_of(&draw(&mut h, width, height, &Theme::colour()).0);
        let said = rows
            .iter()
            .filter(|row| row.to_lowercase().contains("out of reach"))
            .count();
        assert_eq!(said, 1, "{rows:#?}");
        assert!(
            rows.iter()
                .any(|row| row.contains("Moves left: out of reach")),
            "{rows:#?}"
        );
        assert!(
            rows.iter().any(|row| row.contains("W wins, L loses")),
            "{rows:#?}"
        );
        assert!(
            !rows.iter().any(|row| row.contains("moves left after it")),
            "no mark has a number: {rows:#?}"
        );
    }
    // Where the marks have their numbers, the legend explains them.
    let mut h = study_of("fibonacci 30");
    let rows = rows_of(&draw(&mut h, 80, 24, &Theme::colour()).0);
    assert!(
        rows.iter()
            .any(|row| row.contains("W7 wins, L7 loses; 7 moves left after it")),
        "{rows:#?}"
    );
}

#[test]
fn the_chomp_editors_title_follows_the_size_and_centres_the_poison() {
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default();
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('e')]);
    type_text(&mut h, "+>");
    for (width, height) in [(100, 30), (80, 24)] {
        let rows = rows_of(&draw(&mut h, width, height, &Theme::colour()).0);
        assert!(rows[0].contains(" Study: Chomp 7×8 "), "{rows:#?}");
        // The poison between chocolate, as the game draws it (its squares here are 4 wide
        // or more: a chocolate run of 2 at least, the poison first when it is 2).
        let poison = rows.iter().find(|row| row.contains('☠')).expect("☠ drawn");
        // At 100 columns the squares are 6 wide: a run of 4, the poison second.
        let centred = poison.contains("▒☠▒") || width == 80 && poison.contains(" ☠▒ ");
        assert!(centred, "{poison:?}");
    }
    h.key(KeyCode::Enter);
    let rows = rows_of(&draw(&mut h, 100, 30, &Theme::colour()).0);
    assert!(rows[0].contains(" Study: Chomp 7×8 "), "{rows:#?}");
}

#[test]
fn among_moves_as_long_the_list_puts_the_fewest_winning_replies_first() {
    // Along a line of Chomp 6×7, every pair of neighbours in the list of the same outcome and
    // moves left has its winning replies in order; and such ties with different replies occur.
    let mut h = study_of("chomp 6x7 6,6,6,6,6,6,6");
    let mut ties = 0;
    for _ in 0..6 {
        let screen = studying(&h);
        let moves = &screen.study.analysis().moves;
        let order = screen.order();
        for pair in order.windows(2) {
            let (a, b) = (&moves[pair[0]], &moves[pair[1]]);
            if (a.wins, a.moves_left) == (b.wins, b.moves_left) && a.moves_left.is_some() {
                assert!(
                    a.winning_replies <= b.winning_replies,
                    "{} {:?} before {} {:?}",
                    a.notation,
                    a.winning_replies,
                    b.notation,
                    b.winning_replies
                );
                ties += usize::from(a.winning_replies != b.winning_replies);
            }
        }
        // Play the list's last move (a long loss keeps the game going), then on.
        let Some(&last) = order.last() else { break };
        h.app.update(Event::Pointer {
            target: Target::StudyEntry(last),
            click: true,
        });
        settle(&mut h);
    }
    assert!(
        ties > 0,
        "no tie of moves left with different replies was met"
    );
}

#[test]
fn a_position_with_too_many_moves_to_list_still_names_its_winning_moves() {
    use munch::games::fibonacci::answer::fibonacci_winning_takes;
    use munch::games::fibonacci::rules as fib_rules;
    // Nim: the nim-sum names the one winning move, listed alone; it wins, leaving no reply.
    let h = study_of("nim 1000000000000000000,99999,5");
    let studied = analysis(&h);
    assert_eq!(studied.wins, Some(true));
    assert!(
        studied
            .note
            .as_deref()
            .unwrap_or("")
            .contains("the winning one alone")
    );
    let moves = listed(&h);
    assert_eq!(moves.len(), 1, "{moves:?}");
    let piles = [1_000_000_000_000_000_000u64, 99_999, 5];
    let sum = piles.iter().fold(0, |x, p| x ^ p);
    // Only the first pile holds the nim-sum's top bit: the move takes from it.
    let take = piles[0] - (piles[0] ^ sum);
    assert_eq!(moves[0], format!("1:{take}"));
    assert_eq!(studied.moves[0].wins, Some(true));
    assert_eq!(studied.moves[0].winning_replies, Some(0));
    // Fibonacci Nim: Zeckendorf names the winning take; playing it leaves a loss.
    let mut h = study_of("fibonacci 1000000000000000000");
    let start = fib_rules::start(1_000_000_000_000_000_000).unwrap();
    let winning = fibonacci_winning_takes(start);
    assert!(!winning.is_empty());
    assert_eq!(analysis(&h).moves.len(), winning.len());
    assert!(analysis(&h).moves.iter().all(|m| m.wins == Some(true)));
    let screen = common::render_text(&h.app, 80, 24);
    assert!(!screen.contains("The moves are not listed"), "{screen}");
    h.key(KeyCode::Enter);
    assert_eq!(
        analysis(&h).wins,
        Some(false),
        "the winning take leaves a loss"
    );
    assert_eq!(studying(&h).study.line().len(), 1);
}

/// The review of a finished `rows` × `cols` Chomp game in which Player 1 ate the poison at
/// once.
fn review_of_a_poisoned_bar(h: &mut Harness, rows: u8, cols: u8) {
    let heights = vec![rows.to_string(); usize::from(cols)].join(",");
    let text = [
        "munch game record 1".to_string(),
        "game: chomp".to_string(),
        format!("start: chomp {rows}x{cols} {heights}"),
        "players: person, person".to_string(),
        "level: perfect".to_string(),
        "moves:".to_string(),
        "1. Player 1: a1".to_string(),
        "result: Player 2 won".to_string(),
        String::new(),
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    h.app.review_record(record).unwrap();
}

/// What a screen whose Chomp board is `cols` columns wide must show whole: the column letters
/// (the last one too) and what the marks mean, and not the too-small message.
fn shows_the_whole_board(rows: &[String], cols: u8, what: &str) {
    let text = rows.join("\n");
    assert!(!text.contains("too small"), "{what}: {text}");
    let last = munch::games::chomp::rules::column_letters(cols - 1);
    assert!(
        rows.iter().any(|r| {
            let words: Vec<&str> = r.trim_matches('│').split_whitespace().collect();
            words.first() == Some(&"a") && words.contains(&last.as_str())
        }),
        "{what}: the column letters to {last}: {text}"
    );
    assert!(text.contains(" wins"), "{what}: the legend: {text}");
}

#[test]
fn every_chomp_board_the_game_screen_holds_the_study_and_the_review_hold_too() {
    let theme = Theme::monochrome();
    let mut fitted = 0;
    for rows in 1..=26u8 {
        for cols in 1..=26u8 {
            let mut h = Harness::new();
            h.start(rows, cols, [Person, Person]);
            if !matches!(h.app.screen, Screen::Play(_)) {
                // A bar of the poison alone is no game.
                assert_eq!((rows, cols), (1, 1));
                continue;
            }
            let play = ui::minimum_size(&h.app);
            h.key(KeyCode::Char('a'));
            let study = ui::minimum_size(&h.app);
            let mut reviewed = Harness::new();
            review_of_a_poisoned_bar(&mut reviewed, rows, cols);
            let review = ui::minimum_size(&reviewed.app);
            // At every size: what holds the game holds its study and its review.
            for (what, size) in [("study", study), ("review", review)] {
                assert!(
                    size.0 <= play.0 && size.1 <= play.1,
                    "{rows}×{cols}: the {what} needs {size:?}, the game {play:?}"
                );
            }
            // Drawn at 80×24 and 100×30 where the game fits there.
            for (width, height) in [(80, 24), (100, 30)] {
                if play.0 > width || play.1 > height {
                    continue;
                }
                fitted += 1;
                let (terminal, _) = draw(&mut h, width, height, &theme);
                let what = format!("{rows}×{cols} study at {width}×{height}");
                shows_the_whole_board(&rows_of(&terminal), cols, &what);
                let (terminal, _) = draw(&mut reviewed, width, height, &theme);
                let what = format!("{rows}×{cols} review at {width}×{height}");
                let shown = rows_of(&terminal);
                shows_the_whole_board(&shown, cols, &what);
                assert!(
                    shown.iter().any(|r| r.contains("Move 1 of 1")),
                    "{what}: the move under review: {shown:#?}"
                );
            }
        }
    }
    // The boards of up to 20 rows and 21 columns at 80×24, and every one at 100×30, but the
    // poison alone.
    assert_eq!(fitted, 20 * 21 - 1 + 26 * 26 - 1);
}

#[test]
fn the_coin_games_and_nim_study_on_any_screen_their_game_fits() {
    let nim = |h: &mut Harness, piles: &str| {
        h.app.menu.settings = Settings {
            game: GameKind::Nim,
            players: [Person, Person],
            ..Settings::default()
        }
        .with("piles", piles);
        h.start_and_replace();
    };
    let huge = ["1000000000000000000"; 8].join(",");
    let games: [&dyn Fn(&mut Harness); 5] = [
        &|h| h.start_pile(21, Some("1,3,4"), [Person, Person]),
        &|h| h.start_pile(21, None, [Person, Person]),
        &|h| nim(h, "3,4,5"),
        &|h| nim(h, "1"),
        &|h| nim(h, &huge),
    ];
    for start in games {
        let mut h = Harness::new();
        start(&mut h);
        assert!(matches!(h.app.screen, Screen::Play(_)));
        let play = ui::minimum_size(&h.app);
        h.key(KeyCode::Char('a'));
        let study = ui::minimum_size(&h.app);
        assert!(
            study.0 <= play.0 && study.1 <= play.1,
            "the study needs {study:?}, the game {play:?}"
        );
        let (terminal, _) = draw(&mut h, play.0, play.1, &Theme::monochrome());
        let rows = rows_of(&terminal);
        let text = rows.join("\n");
        assert!(!text.contains("too small"), "{text}");
        assert!(text.contains("Moves, best first"), "{text}");
        // A title too long for the frame is cut after the heading, which stays.
        assert!(rows[0].starts_with("┌ Study: "), "{text}");
    }
}

#[test]
fn a_tall_bar_at_80x24_keeps_its_legend_and_its_review_on_screen() {
    let theme = Theme::monochrome();
    // 20 rows, as the game holds at 80×24: no row is left under the board, and the legend
    // sits in the frame's bottom edge.
    let mut h = Harness::new();
    h.start(20, 4, [Person, Person]);
    h.key(KeyCode::Char('a'));
    settle(&mut h);
    let (terminal, _) = draw(&mut h, 80, 24, &theme);
    insta::assert_snapshot!("chomp_20x4_study_80x24", terminal.backend());
    // 16 rows: too few rows above the board for the review's lines, which stand in the
    // panel above the list.
    let mut h = Harness::new();
    review_of_a_poisoned_bar(&mut h, 16, 4);
    h.wait_for_review();
    settle(&mut h);
    let (terminal, _) = draw(&mut h, 80, 24, &theme);
    insta::assert_snapshot!("chomp_16x4_review_80x24", terminal.backend());
}

/// The Fibonacci editor says why a largest take is wrong once, under the field on the board
/// (the panel marks the field ✗ without repeating it), and the words keep a blank column
/// before the board's border.
#[test]
fn the_fibonacci_editor_says_its_error_once_clear_of_the_border() {
    for (width, height) in [(80, 24), (100, 30)] {
        let mut h = Harness::new();
        let (settings, start) = Settings::default()
            .with_position("fibonacci 30 max 5")
            .expect("a position");
        h.app.study_position(&settings, &start);
        h.keys(&[KeyCode::Char('e'), KeyCode::Down]);
        type_text(&mut h, "99");
        let (terminal, _) = draw(&mut h, width, height, &Theme::monochrome());
        let screen = common::render_text(&h.app, width, height);
        assert_eq!(
            screen.matches("is more than").count(),
            1,
            "{width}×{height}:\n{screen}"
        );
        assert!(screen.contains("Max take: 99 ✗"), "{screen}");
        // The board's last column inside its border is blank on every row.
        let buffer = terminal.backend().buffer();
        let border = (0..width)
            .find(|&x| buffer[(x, 0)].symbol() == "┐")
            .expect("the board's corner");
        for y in 1..height - 2 {
            assert_eq!(
                buffer[(border - 1, y)].symbol(),
                " ",
                "{width}×{height} row {y}:\n{screen}"
            );
        }
    }
}

/// While the moves-left table builds, the list orders the moves as far as their outcomes tell:
/// the winning ones first, the losing ones after, and the poison, the quickest loss, last, as
/// it is once the numbers come.
#[test]
fn while_moves_left_build_the_poison_is_listed_last() {
    use crate::common::{News, read};
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 5u8).with("cols", 6u8);
    h.key(KeyCode::Char('s'));
    loop {
        let message = h.next_message();
        let outcomes = matches!(read(&message), Some(News::Outcomes(_)));
        h.app.update(Event::Solver(message));
        if outcomes {
            break;
        }
    }
    let listed = |h: &Harness| -> Vec<(String, Option<bool>)> {
        let a = analysis(h);
        studying(h)
            .order()
            .iter()
            .map(|&at| (a.moves[at].notation.clone(), a.moves[at].wins))
            .collect()
    };
    let check = |list: &[(String, Option<bool>)]| {
        let first_loss = list.iter().position(|(_, w)| *w == Some(false)).unwrap();
        assert!(first_loss > 0, "a rectangle has a winning move: {list:?}");
        assert!(
            list[first_loss..].iter().all(|(_, w)| *w == Some(false)),
            "the winning moves first: {list:?}"
        );
        assert_eq!(list.last().unwrap().0, "a1", "{list:?}");
    };
    assert!(
        analysis(&h).progress.is_some(),
        "the moves left still build"
    );
    assert!(analysis(&h).moves.iter().all(|m| m.wins.is_some()));
    check(&listed(&h));
    // And so it stays once the numbers are in.
    settle(&mut h);
    assert!(analysis(&h).moves.iter().all(|m| m.moves_left.is_some()));
    check(&listed(&h));
}

#[test]
fn a_chomp_study_marks_every_move_won_or_lost_as_soon_as_its_outcome_table_comes() {
    use crate::common::{News, read};
    use munch::games::chomp::solver::Phase;
    use munch::games::request::SolverMessage;
    let mut h = Harness::new();
    h.app.menu.settings = Settings::default().with("rows", 5u8).with("cols", 6u8);
    h.key(KeyCode::Char('s'));
    let gauge = |h: &Harness| analysis(h).progress.map(|p| (p.label, p.done, p.total));
    assert_eq!(
        gauge(&h),
        Some(("outcomes", 0, 0)),
        "the first phase, named"
    );
    let job = studying(&h).job.expect("the study asked for its tables");
    let progress = |phase: Phase, done, total| {
        Event::Solver(SolverMessage::Progress {
            job,
            phase: phase.label(),
            done,
            total,
            elapsed: std::time::Duration::ZERO,
        })
    };
    h.app.update(progress(Phase::Outcomes, 2, 5));
    assert_eq!(gauge(&h), Some(("outcomes", 2, 5)));
    let screen = common::render_text(&h.app, 100, 30);
    assert!(screen.contains("outcomes  40%"), "{screen}");
    // The solver's answers one by one, up to the outcome table.
    loop {
        let message = h.next_message();
        let outcomes = matches!(read(&message), Some(News::Outcomes(_)));
        h.app.update(Event::Solver(message));
        if outcomes {
            break;
        }
        assert!(
            analysis(&h)
                .moves
                .iter()
                .all(|m| m.wins.is_none() == (m.notation != "a1"))
        );
    }
    // Every move is marked won or lost at once; the moves left come with their own table.
    let a = analysis(&h).clone();
    assert_eq!(a.moves.len(), 30);
    assert_eq!(a.wins, Some(true), "a rectangle is won");
    assert!(a.moves.iter().all(|m| m.wins.is_some()), "{a:?}");
    assert!(a.moves.iter().any(|m| m.wins == Some(true)));
    assert!(a.moves.iter().all(|m| m.moves_left.is_none()), "{a:?}");
    assert_eq!(gauge(&h), Some(("moves left", 0, 0)), "the second phase");
    let screen = common::render_text(&h.app, 100, 30);
    assert!(screen.contains("moves left   0%"), "{screen}");
    assert!(screen.contains("Moves left: building…"), "{screen}");
    let above_the_keys: Vec<&str> = screen.lines().take(29).collect();
    assert!(
        above_the_keys.iter().all(|row| !row.contains('?')),
        "no square is unknown: {screen}"
    );
    // Its gauge moves with each report, the moves staying as they are.
    for (done, shown) in [(1, "moves left  25%"), (3, "moves left  75%")] {
        h.app.update(progress(Phase::MovesLeft, done, 4));
        let screen = common::render_text(&h.app, 100, 30);
        assert!(screen.contains(shown), "{screen}");
        assert_eq!(analysis(&h).moves, a.moves);
    }
    settle(&mut h);
    assert!(analysis(&h).moves.iter().all(|m| m.moves_left.is_some()));
    assert_eq!(analysis(&h).progress, None);
}

/// The squares of a Chomp study marked as winning.
fn winning_squares(a: &Analysis) -> Vec<String> {
    a.moves
        .iter()
        .filter(|m| m.wins == Some(true))
        .map(|m| m.notation.clone())
        .collect()
}

#[test]
fn a_study_past_the_tables_shows_what_the_opening_book_proves() {
    // The 20×19 bar (19 columns of 20): its table does not fit the memory budget, but
    // the opening book holds every winning first move, c3 alone, as `munch solve` answers.
    let heights = vec!["20"; 19].join(",");
    let mut h = study_of(&format!("chomp 20x19 {heights}"));
    let a = analysis(&h).clone();
    assert!(a.note.is_some(), "no table: {a:?}");
    assert_eq!(a.wins, Some(true));
    assert_eq!(winning_squares(&a), ["c3"]);
    assert!(
        a.moves.iter().all(|m| m.wins.is_some()),
        "the book's list is complete: every other move loses"
    );
    assert_eq!(
        a.moves[studying(&h).order()[0]].notation,
        "c3",
        "chosen first"
    );
    let rows = rows_of(&draw(&mut h, 100, 30, &Theme::colour()).0);
    assert!(
        rows.iter()
            .any(|row| row.contains("Side to move is winning")),
        "{rows:#?}"
    );
    // What proves it, and why there is no table, on the panel's two rows.
    assert!(
        rows.iter().any(|row| row.contains("By the opening book.")),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .any(|row| row.contains("▸ c3 ") && row.contains(" W ")),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .any(|row| row.contains("W wins, L loses; moves left not known")),
        "the marks have no numbers, and the legend says why: {rows:#?}"
    );
    // c3 played: the position it leaves is lost, as the book's list proves, and every move
    // from it loses.
    h.key(KeyCode::Enter);
    assert_eq!(studying(&h).study.line(), ["c3"]);
    let a = analysis(&h);
    assert_eq!(a.wins, Some(false));
    assert!(a.moves.iter().all(|m| m.wins == Some(false)), "{a:?}");
    let rows = rows_of(&draw(&mut h, 100, 30, &Theme::colour()).0);
    assert!(
        rows.iter()
            .any(|row| row.contains("Side to move is losing")),
        "{rows:#?}"
    );
    assert!(
        analysis(&h)
            .note
            .as_deref()
            .is_some_and(|n| n.starts_with("By the opening book. No table: needs 8.0\u{a0}GiB")),
        "c3 was the book's one winning move: {:?}",
        analysis(&h).note
    );
}

#[test]
fn a_study_past_the_tables_shows_what_the_closed_forms_prove() {
    // The 26×26 square: b2 wins by the closed form (the arms then mirror), as the game's hint
    // marks it; a2, a3, b1 and c1 leave one or two rows or columns, which lose, and the rest of
    // column a and row 1 full rectangles; nothing proves the rest.
    let heights = vec!["26"; 26].join(",");
    let mut h = study_of(&format!("chomp 26x26 {heights}"));
    let a = analysis(&h).clone();
    assert_eq!(a.wins, Some(true));
    assert_eq!(winning_squares(&a), ["b2"]);
    let losing: Vec<&str> = a
        .moves
        .iter()
        .filter(|m| m.wins == Some(false))
        .map(|m| m.notation.as_str())
        .collect();
    // a1, a2, a3, b1 and c1 by the closed forms; every other move of column a or row 1 leaves
    // a full rectangle, won by strategy stealing (a4's 3×26 by its small table too).
    let edge: Vec<&str> = a
        .moves
        .iter()
        .map(|m| m.notation.as_str())
        .filter(|n| n.starts_with('a') || n.ends_with('1') && n.len() == 2)
        .collect();
    assert_eq!(losing, edge);
    assert!(losing.contains(&"a4") && losing.contains(&"z1"));
    assert!(
        a.moves.iter().filter(|m| m.wins.is_none()).count() > 600,
        "the rest not proven"
    );
    let b2 = a.moves.iter().find(|m| m.notation == "b2").unwrap();
    assert_eq!(
        (b2.moves_left, b2.winning_replies),
        (None, Some(0)),
        "no winning reply; its length not known"
    );
    let rows = rows_of(&draw(&mut h, 120, 40, &Theme::colour()).0);
    assert!(
        rows.iter()
            .any(|row| row.contains("Side to move is winning")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.contains("By a closed form.")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.starts_with("│ 2  L▸W ?")),
        "{rows:#?}"
    );
}

/// The 20×21 bar less its corner (nothing proves it: the full bar is won by strategy stealing,
/// which the note says instead) has no table within 2 GiB: the panel's note says what the
/// table needs and
/// what `--memory` leaves for tables, broken between words onto its two rows, no size split
/// from its unit, at 80×24 and 100×30.
#[test]
fn the_note_of_a_table_too_large_is_whole_on_the_panels_rows() {
    let mut h = Harness::new();
    let position = format!("chomp 20x21 {},19", ["20"; 20].join(","));
    let (settings, start) = Settings::default()
        .with_position(&position)
        .expect("a position");
    h.app.study_position(&settings, &start);
    settle(&mut h);
    let note = analysis(&h).note.clone().expect("a note");
    assert_eq!(
        note.replace('\u{a0}', " "),
        "No table: needs 31.3 GiB, 2.0 GiB left for tables"
    );
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = rows_of(&draw(&mut h, width, height, &Theme::colour()).0);
        // The panel's text on each row: what stands between its borders.
        let said: Vec<String> = rows
            .iter()
            .filter_map(|row| {
                let (_, panel) = row.split_once("││")?;
                Some(panel.trim_end_matches('│').trim().to_string())
            })
            .collect();
        let at = said
            .iter()
            .position(|row| row.starts_with("No table"))
            .unwrap_or_else(|| panic!("{rows:#?}"));
        assert_eq!(
            format!("{} {}", said[at], said[at + 1]),
            "No table: needs 31.3 GiB, 2.0 GiB left for tables",
            "{width}×{height}: {rows:#?}"
        );
    }
}

#[test]
fn a_huge_take_cut_to_fit_keeps_its_pile_in_the_study_the_game_and_the_review() {
    const PILES: &str = "1000000000000000000,99999,5";
    // The one winning move takes 999,999,999,999,900,006 from pile 1.
    const WINNING: &str = "999999999999900006";
    let theme = Theme::monochrome();
    let row_with = |rows: &[String], text: &str| rows.iter().find(|r| r.contains(text)).cloned();
    // The Study's list: the move's number loses its middle, never the pile.
    let mut h = study_of(&format!("nim {PILES}"));
    for (width, height, shown) in [(80, 24, "▸ … from 1 "), (100, 30, "▸ 999,…,006 from 1 ")]
    {
        let rows = rows_of(&draw(&mut h, width, height, &theme).0);
        assert!(
            row_with(&rows, shown).is_some(),
            "{width}×{height}: {rows:#?}"
        );
    }
    // The Study's line, once it is played.
    h.key(KeyCode::Enter);
    for (width, height, shown) in [
        (80, 24, "Line: 999,999,999,…,006 from 1│"),
        (100, 30, "Line: 999,999,999,999,900,006 from 1"),
    ] {
        let rows = rows_of(&draw(&mut h, width, height, &theme).0);
        assert!(
            row_with(&rows, shown).is_some(),
            "{width}×{height}: {rows:#?}"
        );
    }
    // The game's move list.
    let mut h = Harness::new();
    h.app.menu.settings = Settings {
        game: GameKind::Nim,
        players: [Person, Person],
        ..Settings::default()
    }
    .with("piles", PILES);
    h.start_and_replace();
    for digit in WINNING.chars() {
        h.key(KeyCode::Char(digit));
    }
    h.key(KeyCode::Enter);
    for (width, height) in [(80, 24), (100, 30)] {
        let text = common::render_text(&h.app, width, height);
        let rows: Vec<String> = text.lines().map(str::to_string).collect();
        let row = row_with(&rows, "1. Player 1").unwrap_or_default();
        assert!(
            row.contains("… from pile 1 "),
            "{width}×{height}: {rows:#?}"
        );
    }
    // The review's line of moves played, after the first.
    let record = [
        "munch game record 1".to_string(),
        "game: nim".to_string(),
        format!("start: nim {PILES}"),
        "players: person, person".to_string(),
        "level: perfect".to_string(),
        "moves:".to_string(),
        format!("1. Player 1: 1:{WINNING}"),
        "2. Player 2: 1:99994".to_string(),
        "3. Player 1: 2:99999".to_string(),
        "4. Player 2: 3:5".to_string(),
        "result: Player 2 won".to_string(),
        String::new(),
    ]
    .join("\n");
    let mut h = Harness::new();
    h.app
        .review_record(munch::record::GameRecord::parse(&record).unwrap())
        .unwrap();
    for (width, height, shown) in [(80, 24, "▸ … from 1 "), (100, 30, "▸ 999,…,006 from 1 ")]
    {
        let rows = rows_of(&draw(&mut h, width, height, &theme).0);
        assert!(
            row_with(&rows, shown).is_some(),
            "{width}×{height}: {rows:#?}"
        );
    }
    h.key(KeyCode::Right);
    for (width, height, shown) in [
        (80, 24, "Played: 999,…,006 from pile 1"),
        (100, 30, "Played: 999,999,999,…,006 from pile 1"),
    ] {
        let rows = rows_of(&draw(&mut h, width, height, &theme).0);
        assert!(
            row_with(&rows, shown).is_some(),
            "{width}×{height}: {rows:#?}"
        );
    }
}

#[test]
fn a_nim_game_needs_the_screen_its_piles_need_now_and_its_study_and_review_fit_there() {
    let theme = Theme::monochrome();
    let nim = |piles: &str| {
        let mut h = Harness::new();
        h.app.menu.settings = Settings {
            game: GameKind::Nim,
            players: [Person, Person],
            ..Settings::default()
        }
        .with("piles", piles);
        h.start_and_replace();
        h
    };
    let fits = |h: &mut Harness, (width, height): (u16, u16), what: &str| {
        let size = ui::minimum_size(&h.app);
        assert!(
            size.0 <= width && size.1 <= height,
            "the {what} needs {size:?}, the game {width}×{height}"
        );
        let rows = rows_of(&draw(h, width, height, &theme).0);
        let text = rows.join("\n");
        assert!(!text.contains("Need "), "{what}: {text}");
        text
    };
    let mut h = nim("1000000000000000000,5");
    let at_start = ui::minimum_size(&h.app);
    // 999,999,999,999,999,995 from pile 1 leaves 5 and 5: what a game of 5 and 5 needs.
    for digit in "999999999999999995".chars() {
        h.key(KeyCode::Char(digit));
    }
    h.key(KeyCode::Enter);
    let small = ui::minimum_size(&nim("5,5").app);
    assert!(small.0 < at_start.0, "{small:?} {at_start:?}");
    let now = ui::minimum_size(&h.app);
    assert_eq!(now, small, "the piles now, not the start ({at_start:?})");
    let text = fits(&mut h, now, "game");
    assert!(text.contains("Now: take 1 to 5 from pile 1"), "{text}");
    // Its study, where the game fits.
    h.key(KeyCode::Char('a'));
    let text = fits(&mut h, now, "study");
    assert!(text.contains("Moves, best first"), "{text}");
    h.key(KeyCode::Esc);
    assert!(matches!(h.app.screen, Screen::Play(_)));
    // Over: its review shows the start again, where the game fits.
    h.keys(&[KeyCode::Char('5'), KeyCode::Enter, KeyCode::Down]);
    h.keys(&[KeyCode::Char('5'), KeyCode::Enter]);
    let over = ui::minimum_size(&h.app);
    assert_eq!(over, small);
    h.key(KeyCode::Char('v'));
    assert!(matches!(h.app.screen, Screen::Study(_)), "the review is on");
    let text = fits(&mut h, over, "review");
    assert!(text.contains("Move 1 of 3"), "{text}");
    // The board's narrowest, 28 columns: the count loses its middle, not its end.
    assert!(text.contains("│Pile 1: 1,000,…,000 coins"), "{text}");
}
