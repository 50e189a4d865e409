//! The game-over review: every move that threw a won position away, and what would have won.

use crate::common::Harness;
use crate::common::spot;
use munch::app::{Event, Target};
use munch::games::chomp::answer::table_winning_moves;
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Square;
use munch::games::review::Mistake;
use munch::settings::Player::{Computer, Person};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

/// The screen as text, one string per row.
fn screen(h: &Harness, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame, &munch::theme::Theme::colour());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

/// What the review says above the board on a screen drawn by [`screen`]: the board frame's rows
/// from the top down to the first blank one (the review's rows are followed by one), joined by
/// spaces, as a person reads them.
fn review_text(rows: &[String]) -> String {
    // The board's frame ends where its top right corner is (the panel's width varies).
    let inner = board_frame_end(rows);
    let said: Vec<String> = rows
        .iter()
        .skip(1)
        .map(|row| {
            let chars: Vec<char> = row.chars().collect();
            chars[1..inner]
                .iter()
                .collect::<String>()
                .trim()
                .to_string()
        })
        .take_while(|row| !row.is_empty())
        .collect();
    said.join(" ")
}

/// The column of the board frame's right edge on a Study screen drawn by [`screen`].
fn board_frame_end(rows: &[String]) -> usize {
    rows[0]
        .chars()
        .position(|c| c == '┐')
        .expect("the board's frame")
}

/// Whether `text` is on one row of the screen.
fn shows(rows: &[String], text: &str) -> bool {
    rows.iter().any(|row| row.contains(text))
}

fn click(h: &mut Harness, square: Square) {
    h.app.update(Event::Pointer {
        target: Target::Spot(spot(square)),
        click: true,
    });
}

#[test]
fn a_bite_of_the_poison_on_move_1_is_named_with_the_winning_move() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    click(&mut h, Square::POISON);
    h.key(KeyCode::Char('y')); // "Eat the poison and lose?"
    let game = h.game();
    assert!(game.is_over());
    // The table's own answer for the full 6×7 bar: its one winning move.
    let table = game.rules.outcomes().expect("the 6×7 table is ready");
    let winners = table_winning_moves(table, &[6; 7]).expect("in the table");
    assert_eq!(winners, vec![Square::new(4, 4)], "e5");
    assert_eq!(
        game.turns.review,
        vec![Mistake {
            index: 0,
            played: Square::POISON,
            winners: winners.clone(),
            every_winner: true,
        }]
    );
    let rows = screen(&h, 80, 24);
    assert!(
        shows(&rows, "You ate the poison ☠ after 1 move."),
        "{rows:#?}"
    );
    assert!(
        shows(&rows, "Move 1, you ate a1: e5 would have won."),
        "{rows:#?}"
    );
}

#[test]
fn the_poison_bite_is_named_even_before_the_table_is_ready() {
    // The opening book proves the 6×7 bar won, so the review needs no table.
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    click(&mut h, Square::POISON);
    h.key(KeyCode::Char('y')); // "Eat the poison and lose?"
    assert_eq!(h.game().blunder(), Some((0, Square::POISON)));
    assert_eq!(h.game().turns.review[0].winners, vec![Square::new(4, 4)]);
}

#[test]
fn every_mistake_is_named_and_many_are_shown_compactly() {
    // One row of 8: eating the last square of 3 or more hands the other side a won row, so
    // moves 1 to 6 are all mistakes; b1 (leaving the poison alone) wins.
    let mut h = Harness::new();
    h.start(1, 8, [Person, Person]);
    h.wait_for_solver();
    for col in (1..8).rev() {
        click(&mut h, Square::new(col, 0));
    }
    click(&mut h, Square::POISON);
    let game = h.game();
    assert!(game.is_over());
    let named: Vec<usize> = game.turns.review.iter().map(|m| m.index).collect();
    assert_eq!(named, vec![0, 1, 2, 3, 4, 5]);
    let mut reference = Reference::new();
    for m in &game.turns.review {
        assert_eq!(m.winners, vec![Square::new(1, 0)], "b1 always wins a row");
        let mut before = vec![1; 8 - m.index];
        before.resize(8, 0);
        assert!(reference.wins(&before), "a row of {} is won", 8 - m.index);
    }
    for (width, height) in [(80, 24), (60, 20)] {
        let rows = screen(&h, width, height);
        assert!(
            shows(&rows, "Move 1, Player 1 ate h1: b1 would have won."),
            "{rows:#?}"
        );
        assert!(
            shows(&rows, "Move 2, Player 2 ate g1: b1 would have won."),
            "{rows:#?}"
        );
        assert!(shows(&rows, "+3 more moves that threw a won"), "{rows:#?}");
        assert!(
            shows(&rows, "▸ Play again ◂ [ Menu ] [ Review ] [ Quit ]"),
            "the buttons fit: {rows:#?}"
        );
        assert!(!shows(&rows, "Move 4,"), "{rows:#?}");
    }
}

#[test]
fn a_coin_game_mistake_names_the_take_that_would_have_won() {
    // {1,2,3}: multiples of 4 lose. From 9 taking 1 wins; taking 2 hands over 7.
    let mut h = Harness::new();
    h.start_pile(9, Some("1,2,3"), [Person, Computer]);
    h.key(KeyCode::Char('2'));
    h.key(KeyCode::Enter);
    while !h.subtraction_game().is_over() {
        h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
        if !h.subtraction_game().is_over() {
            h.key(KeyCode::Char('1'));
            h.key(KeyCode::Enter);
        }
    }
    let game = h.subtraction_game();
    assert_eq!(
        game.turns.review,
        vec![Mistake {
            index: 0,
            played: 2,
            winners: vec![1],
            every_winner: true,
        }]
    );
    let line = "Move 1, you took 2 from 9: taking 1 would have won.";
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, line), "{rows:#?}");
    // At 80 columns the box sits over the board, beside the move list: the line is wrapped
    // there, and whole.
    let rows = screen(&h, 80, 24);
    let board = usize::from(80 - munch::app::size::PANEL_WIDTH);
    let words: Vec<String> = rows
        .iter()
        .map(|row| {
            row.chars()
                .take(board)
                .collect::<String>()
                .replace('│', " ")
        })
        .collect();
    let words = words
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(words.contains(line), "{rows:#?}");
}

#[test]
fn counts_of_one_are_singular() {
    // {2,5} from 3: taking 2 leaves 1 coin, from which no take is legal.
    let mut h = Harness::new();
    h.start_pile(3, Some("2,5"), [Person, Computer]);
    h.key(KeyCode::Enter);
    assert!(h.subtraction_game().is_over());
    let rows = screen(&h, 80, 24);
    assert!(
        shows(&rows, "Computer cannot take from 1 coin."),
        "{rows:#?}"
    );
    assert!(
        !shows(&rows, "1 coins"),
        "the pile's heading too: {rows:#?}"
    );
    // A Chomp game over after one move.
    let mut h = Harness::new();
    h.start(1, 2, [Person, Computer]);
    click(&mut h, Square::POISON);
    h.key(KeyCode::Char('y')); // "Eat the poison and lose?"
    let rows = screen(&h, 80, 24);
    assert!(
        shows(&rows, "You ate the poison ☠ after 1 move."),
        "{rows:#?}"
    );
    assert!(
        shows(&rows, "Move 1, you ate a1: b1 would have won."),
        "{rows:#?}"
    );
}

#[test]
fn before_the_table_nothing_unproven_is_said_and_its_arrival_completes_the_review() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Person]);
    // g6 leaves [6,6,6,6,6,6,5], which no closed form or book entry decides; then a1.
    click(&mut h, Square::new(6, 5));
    click(&mut h, Square::POISON);
    h.key(KeyCode::Char('y')); // "Eat the poison and lose?"
    assert!(h.game().is_over());
    let mut reference = Reference::new();
    let after_g6 = [6, 6, 6, 6, 6, 6, 5];
    assert!(reference.wins(&after_g6), "g6 hands over a won position");
    // Without the table, the opening book: g6 is not 6×7's one winning move, so it left a
    // won position, which a1 threw away; what would have won there is proven one move on
    // (e5 leaves what a book move of 6×7 leaves), so the table adds nothing to the names.
    let before = vec![
        Mistake {
            index: 0,
            played: Square::new(6, 5),
            winners: reference.winning_moves(&[6; 7]),
            every_winner: true,
        },
        Mistake {
            index: 1,
            played: Square::POISON,
            winners: reference.winning_moves(&after_g6),
            every_winner: true,
        },
    ];
    assert_eq!(h.game().turns.review, before);
    h.wait_for_solver();
    let expected = vec![
        Mistake {
            index: 0,
            played: Square::new(6, 5),
            winners: reference.winning_moves(&[6; 7]),
            every_winner: true,
        },
        Mistake {
            index: 1,
            played: Square::POISON,
            winners: reference.winning_moves(&after_g6),
            every_winner: true,
        },
    ];
    assert_eq!(h.game().turns.review, expected);
}

/// The review on screen, if the Study screen is reviewing.
fn reviewing(h: &Harness) -> &munch::app::review::Review {
    match &h.app.screen {
        munch::app::Screen::Study(study) => study.review.as_ref().expect("in review mode"),
        _ => panic!("not on the Study screen"),
    }
}

/// Subtraction {1,2} from 5, the person first: the person takes 1 (a mistake: 2 wins), the
/// computer 1, the person 2, the computer the last coin.
fn lost_pile_game(h: &mut Harness) {
    h.start_pile(5, Some("1,2"), [Person, Computer]);
    let computer_moves = |h: &mut Harness| {
        h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    };
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    computer_moves(h);
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    computer_moves(h);
    assert!(h.subtraction_game().is_over());
    assert_eq!(h.subtraction_game().turns.moves, [1, 1, 2, 1]);
}

#[test]
fn v_on_the_game_over_dialog_reviews_the_game_move_by_move() {
    let mut h = Harness::new();
    lost_pile_game(&mut h);
    h.key(KeyCode::Char('v'));
    // The review opens at once; its moves are judged on a solver thread.
    assert!(reviewing(&h).judging);
    assert_eq!(reviewing(&h).summary, ["Judging 4 moves…"]);
    assert_eq!(
        reviewing(&h).lines(),
        ["Move 1 of 4 · You: took 1 · judging…"]
    );
    assert!(shows(
        &screen(&h, 100, 30),
        "Move 1 of 4 · You: took 1 · judging…"
    ));
    h.wait_for_review();
    let review = reviewing(&h);
    assert!(!review.judging);
    assert_eq!(
        review.summary,
        ["You kept the win in 0 of 1 move; first mistake at move 1."]
    );
    let rows = screen(&h, 100, 30);
    // Enter steps a review: the panel does not say it plays.
    assert!(!shows(&rows, "Enter plays"), "{rows:#?}");
    assert!(shows(&rows, "Played: none yet (the start)"), "{rows:#?}");
    assert!(shows(&rows, "Review:"), "{rows:#?}");
    let said = review_text(&rows);
    for text in [
        "You kept the win in 0 of 1 move; first mistake at move 1.",
        "Move 1 of 4 · You: took 1 · mistake",
        "Instead, taking 2 would have won.",
        "Refuted by 2. Computer: took 1, 3. You: took 1, 4. Computer: took 2.",
    ] {
        assert!(said.contains(text), "{text}: {rows:#?}");
    }
    // The board shows the position before the move, the move played chosen.
    let munch::app::Screen::Study(study) = &h.app.screen else {
        unreachable!("reviewing")
    };
    assert_eq!(study.study.describe(), "pile 5");
    let chosen = study
        .chosen
        .map(|at| study.study.analysis().moves[at].notation.clone());
    assert_eq!(
        chosen.as_deref(),
        Some("−1"),
        "the take of 1, as the study writes it"
    );

    h.key(KeyCode::Right);
    assert_eq!(
        reviewing(&h).lines(),
        ["Move 2 of 4 · Computer: took 1 · best: the fastest win"]
    );
    h.key(KeyCode::Char(']'));
    assert_eq!(reviewing(&h).at, 2);
    h.key(KeyCode::Char('['));
    assert_eq!(reviewing(&h).at, 1);
    h.key(KeyCode::End);
    assert_eq!(
        reviewing(&h).lines(),
        ["The game is over after 4 moves: the computer won."]
    );
    let rows = screen(&h, 80, 24);
    assert!(
        review_text(&rows).contains("The game is over after 4 moves: the computer won."),
        "{rows:#?}"
    );
    assert!(shows(&rows, "Game over: the computer won."), "{rows:#?}");
    h.key(KeyCode::Home);
    assert_eq!(reviewing(&h).at, 0);
    h.key(KeyCode::Left);
    assert_eq!(reviewing(&h).at, 0, "no move before the first");
    // Esc: back to the finished game and its dialog.
    h.key(KeyCode::Esc);
    assert!(h.subtraction_game().is_over());
    assert_eq!(h.app.dialog(), Some(munch::app::Dialog::GameOver));
}

#[test]
fn w_writes_the_record_and_the_menu_reviews_the_last_game() {
    let dir = std::env::temp_dir().join(format!("munch-review-w-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::with_store(munch::store::Store::open(Some(&dir)).unwrap());
    lost_pile_game(&mut h);
    h.key(KeyCode::Char('v'));
    h.key(KeyCode::Char('w'));
    let path = dir.join("record-subtraction-1.txt");
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = screen(&h, width, height);
        // The file's name whole on a row, said once; its folder whole under it.
        assert!(
            shows(&rows, "Record written: record-subtraction-1.txt"),
            "{rows:#?}"
        );
        let named = rows
            .iter()
            .filter(|row| row.contains("record-subtraction"))
            .count();
        assert_eq!(named, 1, "{rows:#?}");
        assert!(shows(&rows, &format!("in {}", dir.display())), "{rows:#?}");
    }
    let record = munch::record::GameRecord::read_file(&path).expect("a record munch reads");
    assert_eq!(record, reviewing(&h).record);
    assert_eq!(record.moves, ["1", "1", "2", "1"]);
    // The menu's v opens the last finished game of its kind.
    h.key(KeyCode::Esc);
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    h.key(KeyCode::Char('v'));
    assert_eq!(reviewing(&h).record, record);
    h.wait_for_review();
    assert_eq!(reviewing(&h).judged.len(), 4, "every move judged again");
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menu_bar_offers_v_only_where_the_game_has_a_last_record() {
    let dir = std::env::temp_dir().join(format!("munch-review-bar-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::with_store(munch::store::Store::open(Some(&dir)).unwrap());
    let bar = |h: &Harness| screen(h, 80, 24).pop().unwrap();
    assert!(!bar(&h).contains("review"), "{}", bar(&h));
    lost_pile_game(&mut h);
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.settings.game,
        munch::games::GameKind::Subtraction
    );
    let offered = bar(&h);
    assert!(offered.contains(" v  review"), "{offered}");
    // Every word still fits 80 columns.
    for word in ["choose", "change", "start", "study", "help", " q Esc  quit"] {
        assert!(offered.contains(word), "{word:?} missing from {offered}");
    }
    // Another game has no record kept: no v on its bar.
    h.app.menu.settings.game = munch::games::GameKind::Chomp;
    assert!(!bar(&h).contains("review"), "{}", bar(&h));
    // A record found damaged is moved aside, and the bar forgets it.
    h.app.menu.settings.game = munch::games::GameKind::Subtraction;
    std::fs::write(dir.join("last-subtraction.txt"), "not a record").unwrap();
    h.key(KeyCode::Char('v'));
    assert!(h.on_menu());
    h.key(KeyCode::Enter);
    assert!(!bar(&h).contains("review"), "{}", bar(&h));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_review_screen() {
    let mut h = Harness::new();
    lost_pile_game(&mut h);
    h.key(KeyCode::Char('v'));
    h.wait_for_review();
    h.key(KeyCode::Right);
    h.key(KeyCode::Right);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame, &munch::theme::Theme::monochrome());
        })
        .unwrap();
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_game_from_a_set_position_is_reviewed_from_that_position() {
    let mut h = Harness::new();
    let (settings, start) = munch::settings::Settings::default()
        .with_position("subtraction 1,2 4")
        .unwrap();
    let settings = munch::settings::Settings {
        players: [Person, Person],
        ..settings
    };
    h.app.play_position(settings, start);
    // 4: take 1 (leaving 3, lost for the other side), then 2, then the last coin.
    for take in ['1', '2', '1'] {
        h.keys(&[KeyCode::Char(take), KeyCode::Enter]);
    }
    assert!(h.subtraction_game().is_over());
    h.key(KeyCode::Char('v'));
    h.wait_for_review();
    assert_eq!(
        reviewing(&h).lines(),
        ["Move 1 of 3 · Player 1: took 1 · best: the fastest win"]
    );
    let munch::app::Screen::Study(study) = &h.app.screen else {
        unreachable!("reviewing")
    };
    assert_eq!(study.study.describe(), "pile 4");
    assert_eq!(
        reviewing(&h).record.start.as_ref().map(ToString::to_string),
        Some("subtraction 1,2 4".to_string())
    );
    h.key(KeyCode::End);
    assert_eq!(
        reviewing(&h).lines(),
        ["The game is over after 3 moves: Player 1 won."]
    );
}

#[test]
fn a_chomp_record_is_judged_again_once_the_study_has_its_tables() {
    let text = [
        "munch game record 1",
        "game: chomp",
        "start: rows=5 cols=6",
        "players: person, person",
        "level: perfect",
        "moves:",
        "1. Player 1: b4",
        "2. Player 2: f3",
        "3. Player 1: f2",
        "4. Player 2: b1",
        "5. Player 1: a4",
        "6. Player 2: a3",
        "7. Player 1: a2",
        "8. Player 2: a1",
        "result: Player 1 won",
        "",
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    let mut h = Harness::new();
    h.app.review_record(record).unwrap();
    assert_eq!(
        reviewing(&h).lines()[0],
        "Move 1 of 8 · Player 1: b4 · judging…"
    );
    // The replay's judging answers first (it was asked for first).
    let message = h.next_message();
    assert!(
        matches!(message, munch::games::request::SolverMessage::Judged { .. }),
        "{message:?}"
    );
    h.app.update(munch::app::Event::Solver(message));
    assert!(!reviewing(&h).judging);
    let unjudged = |h: &Harness| {
        reviewing(h)
            .judged
            .iter()
            .filter(|j| j.label.word() == "not judged")
            .count()
    };
    assert!(unjudged(&h) > 0, "a replay without tables proves little");
    // The study's tables arrive.
    let waiting = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.analysis().progress.is_some(),
        _ => false,
    };
    while waiting(&h) {
        let message = h.next_message();
        h.app.update(munch::app::Event::Solver(message));
    }
    // Judged again with them, on a solver thread.
    h.wait_for_review();
    assert_eq!(unjudged(&h), 0, "{:?}", reviewing(&h).judged);
    // The 5×6 bar is won, and b4 is not one of its winning moves (the outcome table says so).
    let summary = &reviewing(&h).summary;
    assert!(
        summary.iter().all(|line| !line.contains("not judged")),
        "{summary:?}"
    );
    assert_eq!(
        reviewing(&h).lines()[0],
        "Move 1 of 8 · Player 1: b4 · mistake"
    );
    assert!(
        reviewing(&h)
            .lines()
            .iter()
            .any(|l| l.starts_with("Refuted by ")),
        "{:?}",
        reviewing(&h).lines()
    );
}

/// While the study's tables build, a move the replay could not judge is being judged: the review
/// says so, with the gauge, and says "not judged" of no move until the tables' judging is in.
#[test]
fn a_move_waiting_for_the_tables_is_being_judged_not_unjudged() {
    let record = munch::record::GameRecord::parse(
        &[
            "munch game record 1",
            "game: chomp",
            "start: rows=5 cols=6",
            "players: person, person",
            "level: perfect",
            "moves:",
            "1. Player 1: b4",
            "2. Player 2: f3",
            "3. Player 1: f2",
            "4. Player 2: b1",
            "5. Player 1: a4",
            "6. Player 2: a3",
            "7. Player 1: a2",
            "8. Player 2: a1",
            "result: Player 1 won",
            "",
        ]
        .join("\n"),
    )
    .unwrap();
    let mut h = Harness::new();
    h.app.review_record(record).unwrap();
    // The replay's judging answers first, before any table.
    let message = h.next_message();
    assert!(
        matches!(message, munch::games::request::SolverMessage::Judged { .. }),
        "{message:?}"
    );
    h.app.update(Event::Solver(message));
    let first_unjudged = reviewing(&h)
        .judged
        .iter()
        .position(|j| j.label.word() == "not judged")
        .expect("a replay without tables proves little");
    let building = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.analysis().progress.is_some(),
        _ => false,
    };
    let says_judging = |h: &mut Harness| {
        assert!(!reviewing(h).judging, "the replay's judging is in");
        let summary = reviewing(h).summary.join(" ");
        assert!(!summary.contains("not judged"), "{summary}");
        assert!(summary.contains("still being judged"), "{summary}");
        h.key(KeyCode::Home);
        h.keys(&vec![KeyCode::Right; first_unjudged]);
        let line = reviewing(h).lines()[0].clone();
        assert!(line.ends_with(" · judging…"), "{line}");
        let rows = screen(h, 80, 24);
        assert!(shows(&rows, "judging…"), "{}", rows.join("\n"));
        assert!(
            !rows.iter().any(|r| r.contains("not judged")),
            "{}",
            rows.join("\n")
        );
    };
    assert!(building(&h));
    says_judging(&mut h);
    let rows = screen(&h, 80, 24);
    assert!(
        rows.iter()
            .any(|r| r.contains('%') || r.contains("outcomes")),
        "the gauge shows the build: {}",
        rows.join("\n")
    );
    // The tables arrive; the moves are judged again with them, on a solver thread.
    while building(&h) {
        let message = h.next_message();
        h.app.update(Event::Solver(message));
    }
    says_judging(&mut h);
    h.wait_for_review();
    let line = reviewing(&h).lines()[0].clone();
    assert!(!line.contains("judging"), "{line}");
    let summary = reviewing(&h).summary.join(" ");
    assert!(!summary.contains("judged"), "{summary}");
}

#[test]
fn v_on_the_menu_says_why_there_is_nothing_to_review() {
    let mut h = Harness::new();
    h.key(KeyCode::Char('v'));
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.note.as_deref(),
        Some("No data folder: no finished game is kept.")
    );
    let dir = std::env::temp_dir().join(format!("munch-review-none-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = Harness::with_store(munch::store::Store::open(Some(&dir)).unwrap());
    h.key(KeyCode::Char('v'));
    assert!(h.on_menu());
    assert_eq!(
        h.app.menu.note.as_deref(),
        Some("No finished Chomp game to review yet.")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_whose_board_does_not_fit_shows_its_moves_unjudged_and_why() {
    let text = [
        "munch game record 1",
        "game: chomp",
        "start: rows=5 cols=6",
        "players: person, person",
        "level: perfect",
        "moves:",
        "1. Player 1: b4",
        "2. Player 2: f3",
        "3. Player 1: f2",
        "4. Player 2: b1",
        "5. Player 1: a4",
        "6. Player 2: a3",
        "7. Player 1: a2",
        "8. Player 2: a1",
        "result: Player 1 won",
        "",
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    // No table of the 5×6 box fits 8 bytes.
    let mut h = Harness::with_budget(8, 7);
    h.app.review_record(record).unwrap();
    assert!(reviewing(&h).judging);
    h.wait_for_review();
    let review = reviewing(&h);
    assert!(!review.judging);
    assert!(
        review.judged.iter().any(|j| j.label.word() == "not judged"),
        "{:?}",
        review.judged
    );
    let why = review.summary.last().expect("a summary");
    assert!(
        why.starts_with("Moves not judged: the 5×6 table needs ")
            && why.ends_with(", more than the 8 B left for tables."),
        "{:?}",
        review.summary
    );
    assert!(shows(
        &screen(&h, 100, 30),
        "Moves not judged: the 5×6 table"
    ));
    // The opening book proves b4 a mistake, and names the 5×6 bar's winning move.
    let winner = Reference::new().winning_moves(&[5; 6])[0].to_string();
    assert_eq!(
        reviewing(&h).lines(),
        [
            "Move 1 of 8 · Player 1: b4 · mistake".to_string(),
            format!("Instead, {winner} would have won.")
        ]
    );
    // Unjudged, the game still steps: the board follows, and the move played is highlighted.
    let study = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => {
            let chosen = study
                .chosen
                .map(|at| study.study.analysis().moves[at].clone());
            (study.study.position(), chosen.map(|m| (m.notation, m.wins)))
        }
        _ => panic!("not on the Study screen"),
    };
    assert_eq!(
        study(&h),
        (
            "chomp 5x6 5,5,5,5,5,5".to_string(),
            Some(("b4".into(), Some(false)))
        )
    );
    h.key(KeyCode::Right);
    assert_eq!(reviewing(&h).at, 1);
    assert_eq!(
        reviewing(&h).lines(),
        ["Move 2 of 8 · Player 2: f3 · not judged"]
    );
    assert_eq!(
        study(&h),
        (
            "chomp 5x6 5,3,3,3,3,3".to_string(),
            Some(("f3".into(), None))
        ),
        "the board shows move 2's position, f3 on it highlighted"
    );
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, "Played: b4"), "{rows:#?}");
    assert!(shows(&rows, "▸ f3"), "the list highlights f3: {rows:#?}");
    h.key(KeyCode::Char(']'));
    h.key(KeyCode::Char(']'));
    assert_eq!(study(&h).0, "chomp 5x6 5,3,3,3,3,1", "after b4, f3, f2");
    h.key(KeyCode::End);
    assert_eq!(reviewing(&h).at, 8);
    assert!(reviewing(&h).played().is_none(), "the game's end");
    h.key(KeyCode::Left);
    assert_eq!(
        study(&h),
        (
            "chomp 5x6 1,0,0,0,0,0".to_string(),
            Some(("a1".into(), Some(false)))
        ),
        "only the poison is left, and eating it loses"
    );
}

#[test]
fn a_review_steps_through_the_game_while_its_tables_are_still_building() {
    let mut h = Harness::new();
    h.app.review_record(chomp_record()).unwrap();
    // Nothing answered: the study lists no move yet, its tables on their way.
    let study = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.position(),
        _ => panic!("not on the Study screen"),
    };
    assert_eq!(study(&h), "chomp 4x5 4,3,1,0,0");
    h.keys(&[KeyCode::Right, KeyCode::Right]);
    assert_eq!(reviewing(&h).at, 2);
    assert_eq!(study(&h), "chomp 4x5 3,3,0,0,0", "after c1 and a4");
    assert!(shows(&screen(&h, 80, 24), "Played: c1, a4"));
    h.key(KeyCode::Left);
    assert_eq!(study(&h), "chomp 4x5 4,3,0,0,0", "after c1");
    // The tables come, and the review carries on where it stands.
    h.wait_for_review();
    assert_eq!(reviewing(&h).at, 1);
    assert_eq!(study(&h), "chomp 4x5 4,3,0,0,0");
    assert_eq!(
        reviewing(&h).lines(),
        ["Move 2 of 5 · Player 2: a4 · best: the longest defence"]
    );
}

/// A finished game's record, players 1 and 2 both people.
fn record(start: &str, moves: &[&str], winner: usize) -> munch::record::GameRecord {
    let game = start.split(' ').next().unwrap();
    let mut text = vec![
        "munch game record 1".to_string(),
        format!("game: {game}"),
        format!("start: {start}"),
        "players: person, person".to_string(),
        "level: perfect".to_string(),
        "moves:".to_string(),
    ];
    for (at, m) in moves.iter().enumerate() {
        text.push(format!("{}. Player {}: {m}", at + 1, at % 2 + 1));
    }
    text.push(format!("result: Player {winner} won"));
    text.push(String::new());
    munch::record::GameRecord::parse(&text.join("\n")).unwrap()
}

/// Nim from 3,4,5: 1 from pile 1 throws the win away (only 2 from pile 1 wins); then best play.
fn nim_record() -> munch::record::GameRecord {
    record("nim 3,4,5", &["1:1", "1:1", "3:5", "2:3", "1:1", "2:1"], 2)
}

/// Chomp from 4,3,1 in a 4×5 box: c1, then b1 throws the win away (b3 wins); a1 is the poison.
fn chomp_record() -> munch::record::GameRecord {
    record("chomp 4x5 4,3,1,0,0", &["c1", "a4", "b1", "a2", "a1"], 2)
}

/// Opens the review of `record`, judged, and gives the study the tables it asks for.
fn open_review(h: &mut Harness, record: munch::record::GameRecord) {
    h.app.review_record(record).unwrap();
    h.wait_for_review();
    let waiting = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.analysis().progress.is_some(),
        _ => false,
    };
    while waiting(h) {
        let message = h.next_message();
        h.app.update(munch::app::Event::Solver(message));
    }
}

#[test]
fn every_game_words_its_moves_in_the_review_as_its_move_list_does() {
    let theme = munch::theme::Theme::monochrome();
    for (record, listed) in [
        (chomp_record(), vec!["c1", "a4", "b1", "a2", "a1"]),
        (
            nim_record(),
            vec![
                "1 from pile 1",
                "1 from pile 1",
                "5 from pile 3",
                "3 from pile 2",
                "1 from pile 1",
                "1 from pile 2",
            ],
        ),
        (
            record("subtraction 1,2 5", &["1", "1", "2", "1"], 2),
            vec!["took 1", "took 1", "took 2", "took 1"],
        ),
        (
            record("fibonacci 10", &["2", "1", "2", "4", "1"], 1),
            vec!["took 2", "took 1", "took 2", "took 4", "took 1"],
        ),
    ] {
        let game = record.session();
        let history: Vec<String> = game.panel(&theme).history.iter().collect();
        assert_eq!(history, listed, "the move list");
        let review = munch::app::review::Review::new(record.clone(), Vec::new());
        let worded: Vec<String> = record
            .moves
            .iter()
            .map(|m| review.words(m).listed)
            .collect();
        assert_eq!(worded, history, "the review speaks as the move list");
    }
}

#[test]
fn a_nim_review_speaks_in_piles_as_its_move_list_does() {
    let mut h = Harness::new();
    open_review(&mut h, nim_record());
    let lines = reviewing(&h).lines();
    assert_eq!(lines[0], "Move 1 of 6 · Player 1: 1 from pile 1 · mistake");
    assert_eq!(lines[1], "Instead, taking 2 from pile 1 would have won.");
    assert_eq!(
        lines[2],
        "Why: The 2s column is odd: pile 1 from 3 to 1 makes every column even."
    );
    assert!(
        lines[3].starts_with("Refuted by 2. Player 2: 1 from pile 1, 3. Player 1: "),
        "{lines:?}"
    );
    assert!(!lines.concat().contains("1:1"), "{lines:?}");
    // The panel's line is the game so far, in the same words.
    h.key(KeyCode::Right);
    h.key(KeyCode::Right);
    let rows = screen(&h, 80, 24);
    assert!(shows(&rows, "Played: …, 1 from pile 1"), "{rows:#?}");
    // At 100 columns the panel grows, as the study's does: the whole line fits.
    let rows = screen(&h, 100, 30);
    assert!(
        shows(&rows, "Played: 1 from pile 1, 1 from pile 1"),
        "{rows:#?}"
    );
    // The end: who won, and the finished position's string, every pile in its place.
    h.key(KeyCode::End);
    let rows = screen(&h, 80, 24);
    assert!(shows(&rows, "Game over: Player 2 won."), "{rows:#?}");
    assert!(shows(&rows, "nim 0,0,0"), "{rows:#?}");
}

#[test]
fn the_review_panel_grows_past_80_columns_as_the_studys_does() {
    use munch::app::size::{PANEL_WIDTH, STUDY_PANEL_GROWTH};
    let mut h = Harness::new();
    open_review(&mut h, chomp_record());
    let panel = |rows: &[String]| rows[0].chars().count() - board_frame_end(rows) - 1;
    let rows = screen(&h, 100, 30);
    assert_eq!(panel(&rows), usize::from(PANEL_WIDTH + STUDY_PANEL_GROWTH));
    assert!(shows(&rows, "winning replies"), "{rows:#?}");
    let rows = screen(&h, 80, 24);
    assert_eq!(
        panel(&rows),
        usize::from(PANEL_WIDTH),
        "80 columns as before"
    );
}

#[test]
fn the_last_step_of_every_games_review_shows_the_finished_positions_string() {
    for (record, finished) in [
        (chomp_record(), "chomp 4x5 0,0,0,0,0"),
        (nim_record(), "nim 0,0,0"),
        (
            record("subtraction 1,2 5", &["1", "1", "2", "1"], 2),
            "subtraction 1,2 0",
        ),
        (
            record("fibonacci 10", &["2", "1", "2", "4", "1"], 1),
            "fibonacci 0 max 0",
        ),
    ] {
        let mut h = Harness::new();
        open_review(&mut h, record);
        h.key(KeyCode::End);
        assert!(reviewing(&h).played().is_none(), "{finished}: the end");
        let munch::app::Screen::Study(study) = &h.app.screen else {
            panic!("not on the Study screen");
        };
        assert_eq!(study.study.position(), finished);
        let refused = munch::games::parse_position(finished)
            .map(|_| ())
            .unwrap_err();
        assert!(
            refused.contains("the game is over"),
            "{finished}: {refused}"
        );
        for (width, height) in [(80, 24), (100, 30)] {
            let rows = screen(&h, width, height);
            // The panel's first line: the string, then how the game ended.
            let at = board_frame_end(&rows) + 2;
            let first: String = rows[1].chars().skip(at).collect();
            assert_eq!(first.trim_end_matches([' ', '│']), finished, "{rows:#?}");
            let second: String = rows[2].chars().skip(at).collect();
            assert!(second.starts_with("Game over: Player "), "{rows:#?}");
        }
    }
}

/// The review's words from the first move to the final position, each checked as drawn at
/// `width`×`height`: every word shown whole in order, or the rows end with "…" where the
/// rest did not fit (never a word cut); the panel's rows too are whole.
fn every_review_row_fits(h: &mut Harness, width: u16, height: u16) {
    h.key(KeyCode::Home);
    loop {
        let review = reviewing(h);
        let said: Vec<String> = review
            .summary
            .iter()
            .cloned()
            .chain(review.lines())
            .collect();
        let said = said.join(" ");
        let words: Vec<&str> = said.split_whitespace().collect();
        let rows = screen(h, width, height);
        let text = review_text(&rows);
        let shown: Vec<&str> = text.split_whitespace().collect();
        match shown.split_last() {
            Some((&"…", before)) => {
                assert!(words.starts_with(before), "cut mid-word: {rows:#?}");
            }
            _ => assert_eq!(shown, words, "every word whole: {rows:#?}"),
        }
        // The summary, the move and what would have won are always shown whole.
        let lines = review.lines();
        let must: Vec<String> = review
            .summary
            .iter()
            // Why a mistake lost the win, as the refutation, is said where there is room.
            .chain(
                lines
                    .iter()
                    .take_while(|l| !l.starts_with("Why: ") && !l.starts_with("Refuted by")),
            )
            .cloned()
            .collect();
        let must = must.join(" ");
        let must: Vec<&str> = must.split_whitespace().collect();
        assert!(shown.starts_with(&must), "{rows:#?}");
        for row in &rows {
            assert!(!row.contains("the game is ove"), "{rows:#?}");
        }
        if review.played().is_none() {
            break;
        }
        let at = review.at;
        h.key(KeyCode::Right);
        assert_eq!(reviewing(h).at, at + 1, "the review steps on");
    }
}

#[test]
fn at_80x24_and_100x30_no_review_line_is_cut_mid_word() {
    for (width, height) in [(80, 24), (100, 30)] {
        for record in [chomp_record(), nim_record()] {
            let mut h = Harness::new();
            open_review(&mut h, record);
            every_review_row_fits(&mut h, width, height);
        }
        // A lost pile game, with the person against the computer.
        let mut h = Harness::new();
        lost_pile_game(&mut h);
        h.key(KeyCode::Char('v'));
        h.wait_for_review();
        every_review_row_fits(&mut h, width, height);
    }
}

#[test]
fn a_chomp_review_at_80x24_names_the_mistake_the_winning_square_and_the_refutation() {
    let mut h = Harness::new();
    open_review(&mut h, chomp_record());
    h.keys(&[KeyCode::Right, KeyCode::Right]);
    let rows = screen(&h, 80, 24);
    assert!(shows(&rows, "Played: c1, a4"), "{rows:#?}");
    let said = review_text(&rows);
    for text in [
        "Move 3 of 5 · Player 1: b1 · mistake",
        "Instead, b3 would have won.",
        "Refuted by 4. Player 2: a2, 5. Player 1: a1.",
    ] {
        assert!(said.contains(text), "{text}: {rows:#?}");
    }
}

#[test]
fn a_review_steps_through_positions_with_too_many_moves_to_list() {
    // Each start has more than 100,000 legal takes: the study lists the winning ones alone,
    // which the game's answer names, and the review still steps along the game by the
    // record's notation.
    use munch::games::fibonacci::{answer::fibonacci_winning_takes, rules as fib_rules};
    let fibonacci_winning =
        fibonacci_winning_takes(fib_rules::start(1_000_000_000_000).unwrap()).len();
    for (record, after_first, winning) in [
        (
            record("nim 1000000000000,1", &["1:999999999999", "1:1", "2:1"], 1),
            "nim 1,1",
            1,
        ),
        (
            record("fibonacci 1000000000000", &["999999999999", "1"], 2),
            "fibonacci 1 max 1",
            fibonacci_winning,
        ),
    ] {
        let moves = record.moves.len();
        let mut h = Harness::new();
        h.app.review_record(record).unwrap();
        let study = |h: &Harness| match &h.app.screen {
            munch::app::Screen::Study(study) => (
                study.study.position(),
                study.study.analysis().moves.len(),
                study.study.line().len(),
            ),
            _ => panic!("not on the Study screen"),
        };
        let (_, listed, _) = study(&h);
        assert_eq!(
            listed, winning,
            "too many takes to list: the winning ones alone"
        );
        h.key(KeyCode::Right);
        assert_eq!(reviewing(&h).at, 1, "the review steps past the first move");
        let (position, listed, line) = study(&h);
        assert_eq!(position, after_first);
        assert_eq!(line, 1);
        assert!(listed > 0, "few takes are left: they are listed");
        h.key(KeyCode::End);
        assert_eq!(reviewing(&h).at, moves);
        assert_eq!(study(&h).2, moves, "the line is the whole game");
        h.key(KeyCode::Home);
        assert_eq!(study(&h).2, 0, "and back to the start");
    }
}

/// A record of Nim from `pile`,`pile` in which the players take a coin from each pile in turn:
/// `2 × pile` moves.
fn long_nim_record(pile: usize) -> munch::record::GameRecord {
    let moves: Vec<&str> = ["1:1", "2:1"].repeat(pile);
    record(&format!("nim {pile},{pile}"), &moves, 2)
}

#[test]
fn stepping_anywhere_along_a_long_review_costs_the_position_shown_alone() {
    use munch::games::study::work_done;
    let mut h = Harness::new();
    h.app.review_record(long_nim_record(15_000)).unwrap();
    let study = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => (study.study.position(), study.study.line_len()),
        _ => panic!("not on the Study screen"),
    };
    // Each step, wherever it goes along the 30,000 moves, analyses the one position it shows
    // and plays no move: the game's moves were laid along the line when the review opened.
    for (key, at, position) in [
        (KeyCode::End, 30_000, "nim 0,0"),
        (KeyCode::Left, 29_999, "nim 0,1"),
        (KeyCode::Home, 0, "nim 15000,15000"),
        (KeyCode::Right, 1, "nim 14999,15000"),
        (KeyCode::End, 30_000, "nim 0,0"),
        (KeyCode::Char('['), 29_999, "nim 0,1"),
        (KeyCode::Home, 0, "nim 15000,15000"),
    ] {
        let before = work_done();
        h.key(key);
        let work = work_done();
        assert_eq!(
            (work.analysed - before.analysed, work.played - before.played),
            (1, 0),
            "{key:?} to move {at}: one position analysed, no move played"
        );
        assert_eq!(reviewing(&h).at, at, "{key:?}");
        assert_eq!(study(&h), (position.to_string(), at), "{key:?}");
    }
    // Drawing it words the moves that fit on the screen, not all 30,000.
    h.key(KeyCode::End);
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, "1 from pile 2"), "{rows:#?}");
}

#[test]
fn a_frame_of_a_long_game_words_only_the_moves_its_list_shows() {
    use munch::games::panel::moves_worded;
    let moves = long_nim_record(15_000).moves;
    let mut h = Harness::new();
    let (settings, start) = munch::settings::Settings {
        players: [Person, Person],
        ..munch::settings::Settings::default()
    }
    .with_position("nim 15000,15000")
    .unwrap();
    h.app.play_position(settings, start);
    let munch::app::Screen::Play(game) = &mut h.app.screen else {
        panic!("not playing");
    };
    // Ten moves short of the end, then to the end, where the game-over dialog stands over it.
    assert!(game.replay_notation(&moves[..29_990]));
    for (last, over) in [(29_990, false), (30_000, true)] {
        if over {
            let munch::app::Screen::Play(game) = &mut h.app.screen else {
                panic!("not playing");
            };
            assert!(game.replay_notation(&moves[29_990..]));
        }
        for (width, height) in [(100, 30), (80, 24)] {
            let before = moves_worded();
            let rows = screen(&h, width, height);
            let worded = moves_worded() - before;
            assert!(shows(&rows, &format!("{last}. ")), "{rows:#?}");
            assert_eq!(shows(&rows, "took the last coin"), over, "{rows:#?}");
            assert!(
                worded <= u64::from(height),
                "{worded} moves worded for a frame {height} rows high"
            );
        }
    }
}

#[test]
fn leaving_a_review_stops_its_judging_and_a_judged_one_asks_nothing() {
    use munch::games::request::Request;
    let judging_jobs = |h: &mut Harness| -> Vec<&'static str> {
        h.app
            .take_requests()
            .into_iter()
            .filter_map(|job| match job.request {
                Request::Judge(_) => Some("judge"),
                Request::StopJudging => Some("stop"),
                _ => None,
            })
            .collect()
    };
    let mut h = Harness::new();
    h.app.review_record(long_nim_record(15_000)).unwrap();
    assert_eq!(judging_jobs(&mut h), ["judge"]);
    // Left while its 30,000 moves are judged: the judging stops, once.
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert_eq!(judging_jobs(&mut h), ["stop"]);
    h.key(KeyCode::Down);
    assert!(judging_jobs(&mut h).is_empty());
    // A review whose judging answered has nothing to stop.
    open_review(&mut h, nim_record());
    assert!(!reviewing(&h).judging);
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert!(judging_jobs(&mut h).is_empty());
}

/// A Nim game from two huge piles, each move in notation: the first evens the piles, the next
/// two bring them down to 3 and 3, then four small moves empty them (Player 1 takes the last).
fn huge_nim_record() -> munch::record::GameRecord {
    let (a, b): (u64, u64) = (123_456_789_012_345_678, 987_654_321_098_765_432);
    let moves = [
        format!("2:{}", b - a),
        format!("1:{}", a - 3),
        format!("2:{}", a - 3),
        "1:1".to_string(),
        "2:1".to_string(),
        "1:2".to_string(),
        "2:2".to_string(),
    ];
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    record(&format!("nim {a},{b}"), &moves, 1)
}

/// The Study panel's rows of a screen drawn by [`screen`]: what is right of the board's frame,
/// without the panel's own borders.
fn panel_rows(rows: &[String]) -> Vec<String> {
    let at = board_frame_end(rows) + 2;
    rows.iter()
        .map(|row| {
            let text: String = row.chars().skip(at).collect();
            text.trim_end_matches('│').to_string()
        })
        .collect()
}

#[test]
fn a_review_from_huge_nim_piles_keeps_its_panel_whole_and_cuts_with_an_ellipsis() {
    let mut h = Harness::new();
    open_review(&mut h, huge_nim_record());
    for (width, height) in [(80, 24), (100, 30)] {
        h.key(KeyCode::Home);
        for _ in 0..3 {
            let rows = panel_rows(&screen(&h, width, height));
            // The list's heading names every column whole, and every move's row keeps its
            // result and its replies: a take too long for its column is cut with "…".
            // (After the first move, a lost position: no move is listed.)
            let Some(heading) = rows.iter().position(|r| r.trim_start().starts_with("move")) else {
                assert_eq!(reviewing(&h).at, 1, "{rows:#?}");
                assert!(shows(&rows, "The moves are not listed."), "{rows:#?}");
                h.key(KeyCode::Right);
                continue;
            };
            assert!(rows[heading].trim_end().ends_with("replies"), "{rows:#?}");
            assert!(rows[heading].contains("result"), "{rows:#?}");
            let listed: Vec<&String> = rows[heading + 1..]
                .iter()
                .take_while(|r| !r.trim().is_empty())
                .collect();
            assert!(!listed.is_empty(), "{rows:#?}");
            for row in listed {
                let words: Vec<&str> = row.split_whitespace().collect();
                assert!(
                    matches!(words.as_slice(), [.., mark, replies]
                        if mark.starts_with(['W', 'L']) && replies.parse::<u64>().is_ok()),
                    "result and replies whole: {row:?} in {rows:#?}"
                );
                let cut = row.contains("from") && !row.contains(" from ");
                assert!(!cut || row.contains('…'), "{row:?}");
            }
            // What was played: the last move at least, cut with "…" where it is too long.
            let played = rows
                .iter()
                .find(|r| r.starts_with("Played: "))
                .unwrap_or_else(|| panic!("the line: {rows:#?}"));
            let played = played.trim_end();
            assert!(
                played == "Played: none yet (the start)"
                    || played.ends_with('…')
                    || played.ends_with(char::is_numeric),
                "{played:?}"
            );
            assert!(!played.ends_with(','), "{played:?}");
            assert!(!played.ends_with("…,"), "{played:?}");
            h.key(KeyCode::Right);
        }
    }
}

#[test]
fn a_review_from_huge_nim_piles_knows_the_moves_left_of_a_small_position_later() {
    use munch::games::nim::moves_left::{NIM_BUDGET, NimMovesLeft};
    use munch::games::nim::rules::Position;
    use munch::games::nim::session::NimRules;
    let mut h = Harness::new();
    open_review(&mut h, huge_nim_record());
    let moves_left = |h: &Harness| match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.analysis().moves_left,
        _ => panic!("not on the Study screen"),
    };
    assert_eq!(moves_left(&h), None, "no table below the huge start");
    h.keys(&[KeyCode::Right; 3]);
    let study_position = || match &h.app.screen {
        munch::app::Screen::Study(study) => study.study.position(),
        _ => panic!("not on the Study screen"),
    };
    assert_eq!(study_position(), "nim 3,3");
    let small = Position::new(&[3, 3]).unwrap();
    let expected = NimMovesLeft::build(&NimRules::default(), &small, NIM_BUDGET)
        .unwrap()
        .moves_left(&NimRules::default(), &small);
    assert!(expected.is_some());
    assert_eq!(moves_left(&h), expected, "the piles now have a table");
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = screen(&h, width, height);
        assert!(
            shows(&rows, &format!("Moves left: {}", expected.unwrap())),
            "{rows:#?}"
        );
        assert!(!shows(&rows, "out of reach"), "{rows:#?}");
    }
    // Stepping on, the same table answers; back to the start, none again.
    h.key(KeyCode::Right);
    assert!(moves_left(&h).is_some());
    h.key(KeyCode::Home);
    assert_eq!(moves_left(&h), None);
    h.key(KeyCode::End);
    assert_eq!(moves_left(&h), Some(0));
}

/// The panel says who is winning in plain words, not "To move: wins": the Study screen speaks
/// of the side to move, the review names it ("You are winning", "Computer is winning").
#[test]
fn the_panel_says_who_is_winning_in_plain_words() {
    let mut h = Harness::new();
    lost_pile_game(&mut h);
    h.key(KeyCode::Char('v'));
    h.wait_for_review();
    h.key(KeyCode::Home);
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = screen(&h, width, height);
        assert!(shows(&rows, "You are winning"), "{}", rows.join("\n"));
        assert!(!shows(&rows, "To move:"), "{}", rows.join("\n"));
    }
    // After the person's 1 from 5, the computer has 4 of {1,2}: it is winning.
    h.key(KeyCode::Right);
    let rows = screen(&h, 80, 24);
    assert!(shows(&rows, "Computer is winning"), "{}", rows.join("\n"));
    // The Study screen: no names, the side to move.
    let mut h = Harness::new();
    let (settings, start) = munch::settings::Settings::default()
        .with_position("subtraction 1,2 6")
        .expect("a position");
    h.app.study_position(&settings, &start);
    for (width, height) in [(80, 24), (100, 30)] {
        let rows = screen(&h, width, height);
        assert!(
            shows(&rows, "Side to move is losing"),
            "{}",
            rows.join("\n")
        );
    }
}

/// The words of the screen's board frame and of its panel, each read top to bottom as a
/// person reads them: (board, panel).
fn board_and_panel_words(rows: &[String]) -> (String, String) {
    let split = board_frame_end(rows) + 1;
    let words = |part: &dyn Fn(&Vec<char>) -> String| {
        rows.iter()
            .map(|row| part(&row.chars().collect()))
            .collect::<Vec<String>>()
            .join(" ")
            .replace(['│', '─', '┌', '┐', '└', '┘'], " ")
            .split_whitespace()
            .collect::<Vec<&str>>()
            .join(" ")
    };
    (
        words(&|row| row[..split].iter().collect()),
        words(&|row| row[split..].iter().collect()),
    )
}

#[test]
fn a_tall_bars_review_shows_the_move_and_its_label_whole_above_the_board_or_in_the_panel() {
    // 20 rows at 80×24 (no room above the board) and at 100×30 (five rows above it, too few
    // for a summary that says why moves were not judged): the review's summary, its move
    // and label stand whole somewhere on the screen at every step.
    let heights = vec!["20"; 21].join(",");
    let record = record(&format!("chomp 20x21 {heights}"), &["u20", "b2", "a1"], 2);
    let mut h = Harness::new();
    open_review(&mut h, record);
    for (width, height) in [(80, 24), (100, 30)] {
        h.key(KeyCode::Home);
        loop {
            let review = reviewing(&h);
            let lines = review.lines();
            let must: Vec<String> = review
                .summary
                .iter()
                // Why a mistake lost the win, as the refutation, is said where there is room.
                .chain(
                    lines
                        .iter()
                        .take_while(|l| !l.starts_with("Why: ") && !l.starts_with("Refuted by")),
                )
                .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            let done = review.played().is_none();
            let rows = screen(&h, width, height);
            let (board, panel) = board_and_panel_words(&rows);
            for line in must {
                assert!(
                    board.contains(&line) || panel.contains(&line),
                    "{line:?} at {width}×{height}: {rows:#?}"
                );
            }
            assert!(!rows.concat().contains("too small"), "{rows:#?}");
            if done {
                break;
            }
            h.key(KeyCode::Right);
        }
    }
}

#[test]
fn a_record_past_the_tables_is_judged_by_what_the_book_and_the_closed_forms_prove() {
    // The 20×19 bar: no table fits the budget. The opening book proves c3 the one
    // winning move, so the position it leaves lost; a2 leaves one row, which the closed form
    // of two rows judges; b1 there is its one winning move; the poison is all that is left.
    let text = [
        "munch game record 1",
        "game: chomp",
        "start: rows=20 cols=19",
        "players: person, person",
        "level: perfect",
        "moves:",
        "1. Player 1: c3",
        "2. Player 2: a2",
        "3. Player 1: b1",
        "4. Player 2: a1",
        "result: Player 1 won",
        "",
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    let mut h = Harness::new();
    h.app.review_record(record).unwrap();
    h.wait_for_review();
    let review = reviewing(&h);
    let words: Vec<&str> = review.judged.iter().map(|j| j.label.word()).collect();
    assert_eq!(words, ["best", "lost anyway", "best", "lost anyway"]);
    assert_eq!(
        review.lines(),
        ["Move 1 of 4 · Player 1: c3 · best: the fastest win"]
    );
    assert!(
        review
            .summary
            .iter()
            .all(|line| !line.contains("not judged")),
        "{:?}",
        review.summary
    );
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, "Player 1 is winning"), "{rows:#?}");
    assert!(shows(&rows, "By the opening book."), "{rows:#?}");
    h.key(KeyCode::Right);
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, "lost anyway"), "{rows:#?}");
    assert!(shows(&rows, "Player 2 is losing"), "{rows:#?}");
    assert!(shows(&rows, "By the opening book."), "{rows:#?}");
}

/// A long game's counts are grouped by thousands, as every count munch shows: the move list's
/// header ("↑ 29,975 …") and the review's "Move 1 of 30,000"; and the header is whole at
/// 80×24 and 100×30, in words where they fit, else by its arrows alone, never cut mid-word.
#[test]
fn a_long_games_counts_are_grouped_and_its_list_header_is_whole() {
    let moves = long_nim_record(15_000).moves;
    for (width, height) in [(80, 24), (100, 30)] {
        let mut h = Harness::new();
        let (settings, start) = munch::settings::Settings {
            players: [Person, Person],
            ..munch::settings::Settings::default()
        }
        .with_position("nim 15000,15000")
        .unwrap();
        h.app.play_position(settings, start);
        let munch::app::Screen::Play(game) = &mut h.app.screen else {
            panic!("not playing");
        };
        assert!(game.replay_notation(&moves[..29_990]));
        // Drawn once, so that the app knows the list's height; then scrolled back a page.
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        let mut viewport = None;
        terminal
            .draw(|frame| {
                let theme = munch::theme::Theme::colour();
                viewport = Some(munch::ui::render(&h.app, frame, &theme).viewport);
            })
            .unwrap();
        h.app.update(Event::Viewport(viewport.unwrap()));
        for _ in 0..20 {
            h.app.update(Event::Wheel {
                target: Some(Target::MoveList),
                up: true,
            });
        }
        let rows = screen(&h, width, height);
        let header = rows
            .iter()
            .filter_map(|row| row.split_once("││").map(|(_, panel)| panel))
            .map(|panel| panel.trim_end_matches('│').trim_end().to_string())
            .find(|panel| panel.starts_with("Moves"))
            .unwrap_or_else(|| panic!("{rows:#?}"));
        let marks: Vec<&str> = header["Moves".len()..]
            .split("  ")
            .filter(|m| !m.is_empty())
            .collect();
        assert_eq!(marks.len(), 2, "{width}×{height}: {header:?}");
        for (mark, arrow, word) in [(marks[0], "↑ ", "earlier"), (marks[1], "↓ ", "later")] {
            let rest = mark
                .strip_prefix(arrow)
                .unwrap_or_else(|| panic!("{header:?}"));
            let number = rest.strip_suffix(word).unwrap_or(rest).trim_end();
            assert!(
                number.chars().all(|c| c.is_ascii_digit() || c == ','),
                "{width}×{height}: {header:?}"
            );
            let digits: u64 = number.replace(',', "").parse().unwrap();
            assert_eq!(number, munch::units::group(digits), "{header:?}");
        }
        assert!(marks[0].starts_with("↑ 29,"), "{header:?}");
    }
    // The review counts alike.
    let mut h = Harness::new();
    h.app.review_record(long_nim_record(15_000)).unwrap();
    h.key(KeyCode::Home);
    let rows = screen(&h, 100, 30);
    assert!(shows(&rows, "Move 1 of 30,000"), "{rows:#?}");
}

/// The review's graph: under the board, a column for each position, up from the axis while
/// the first player was winning and down while the second was (Nim 3,4,5: player 1's first
/// take throws the win away); a click on a column goes to that position.
#[test]
fn the_review_graph_shows_who_was_winning_and_a_click_goes_to_that_position() {
    let mut h = Harness::new();
    open_review(&mut h, nim_record());
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let mut hits = None;
    terminal
        .draw(|frame| {
            hits = Some(munch::ui::render(
                &h.app,
                frame,
                &munch::theme::Theme::monochrome(),
            ));
        })
        .unwrap();
    let (hits, buffer) = (hits.unwrap(), terminal.backend().buffer().clone());
    let rows = screen(&h, 100, 30);
    let heading = rows
        .iter()
        .position(|row| row.contains("▲ Player 1 winning · ▼ Player 2 winning"))
        .unwrap_or_else(|| panic!("the graph's heading in {rows:#?}"));
    let axis = (heading + 1..rows.len())
        .find(|&y| rows[y].contains("──────────"))
        .expect("the graph's axis");
    let axis = u16::try_from(axis).unwrap();
    // The column of each position, and what is drawn next to the axis above and below it.
    let column = |position: usize| {
        (0..100)
            .find(|&x| hits.target_at(x, axis) == Some(Target::ReviewPosition(position)))
            .unwrap_or_else(|| panic!("position {position} on the graph"))
    };
    let beside = |position: usize, y: u16| buffer[(column(position), y)].symbol().to_string();
    let bar = ["█", "▄", "▀"];
    assert!(
        bar.contains(&beside(0, axis - 1).as_str()),
        "player 1 wins at the start"
    );
    assert_eq!(beside(0, axis + 1), " ");
    assert!(
        bar.contains(&beside(1, axis + 1).as_str()),
        "then player 2 does"
    );
    assert_eq!(beside(1, axis - 1), " ");
    let moves = reviewing(&h).len();
    assert!(
        hits.target_at(column(moves), axis).is_some(),
        "the end has its column"
    );
    assert_eq!(reviewing(&h).at, 0);
    h.app.update(Event::Pointer {
        target: Target::ReviewPosition(3),
        click: true,
    });
    assert_eq!(
        reviewing(&h).at,
        3,
        "the click went to the position after 3 moves"
    );
    assert!(shows(&screen(&h, 100, 30), "Move 4 of 6"));
    h.app.update(Event::Pointer {
        target: Target::ReviewPosition(99),
        click: true,
    });
    assert_eq!(reviewing(&h).at, moves, "past the end is the end");
}

/// Why a position is won and the review's graph take only the rows the board leaves: at every
/// step of a Nim review, person against person and against the computer, at every height from
/// 24 to 34 rows, 80 and 100 columns wide, every take of every pile stays on the board.
#[test]
fn what_stands_under_the_board_never_cuts_it() {
    let against_the_computer = munch::record::GameRecord::parse(
        "munch game record 1\ngame: nim\nstart: nim 3,4,5\nplayers: person, computer\n\
         level: perfect\nmoves:\n1. You: 1:1\n2. Computer: 1:1\n3. You: 3:5\n\
         4. Computer: 2:3\n5. You: 1:1\n6. Computer: 2:1\nresult: Computer won\n",
    )
    .unwrap();
    for record in [nim_record(), against_the_computer] {
        let mut h = Harness::new();
        open_review(&mut h, record);
        for _ in 0..=reviewing(&h).len() {
            for (width, height) in [80, 100]
                .into_iter()
                .flat_map(|w| (24..=34).map(move |h| (w, h)))
            {
                let rows = screen(&h, width, height);
                assert!(
                    !shows(&rows, "more in the list"),
                    "move {} at {width}×{height}: {rows:#?}",
                    reviewing(&h).at
                );
            }
            h.key(KeyCode::Right);
        }
    }
}

/// The review of a game on the default bar shows its graph at 80 × 24 and at 100 × 30, on
/// every move: the graph goes before the why and the legend's rows under the board (the legend
/// then in the frame's edge, the why in the panel where it fits).
#[test]
fn the_default_bars_review_shows_its_graph_at_the_usual_sizes() {
    let text = [
        "munch game record 1",
        "game: chomp",
        "start: rows=6 cols=7",
        "players: person, computer",
        "level: perfect",
        "moves:",
        "1. You: b4",
        "2. Computer: f3",
        "3. You: f2",
        "4. Computer: b1",
        "5. You: a4",
        "6. Computer: a3",
        "7. You: a2",
        "8. Computer: a1",
        "result: You won",
        "",
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    let mut h = Harness::new();
    h.app.review_record(record).unwrap();
    h.wait_for_review();
    for step in 0..=8 {
        for (width, height) in [(80, 24), (100, 30)] {
            let screen = crate::common::render_text(&h.app, width, height);
            assert!(
                screen.contains("Moves left: ▲"),
                "move {step} at {width}×{height}:\n{screen}"
            );
        }
        h.key(KeyCode::Right);
    }
}
