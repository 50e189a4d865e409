//! The Puzzles screen driven by events, as a person plays it: a puzzle solved, one failed (the
//! refutation on the board, the right move named) and brought back after three others, the
//! rating and streak kept in the data folder, and the screen at 80×24.

use crate::common::{Harness, render_text};
use munch::app::keys::Action;
use munch::app::menu::MenuLine;
use munch::app::puzzle::{PuzzleScreen, REPLY_TICKS, Stage};
use munch::app::{Event, Screen, Target};
use munch::games::chomp::rules::Square;
use munch::games::turns::FLASH_TICKS;
use munch::settings::GameKind;
use munch::store::{KeptPuzzle, PuzzleRecord, Store};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-puzzles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A subtraction game puzzle with the take set {1, 2}, where the multiples of 3 are lost: from
/// `pile`, take `solution`'s moves in turn.
fn puzzle(pile: u64, solution: &[&str], ends: bool) -> KeptPuzzle {
    KeptPuzzle {
        game: "subtraction".into(),
        position: format!("subtraction 1,2 {pile}"),
        solution: solution.iter().map(|m| (*m).to_string()).collect(),
        moves_left: 3,
        ends,
        rating: 1500,
        themes: vec!["period".into()],
    }
}

fn screen(h: &Harness) -> &PuzzleScreen {
    match &h.app.screen {
        Screen::Puzzle(screen) => screen,
        _ => panic!("the Puzzles screen is not on"),
    }
}

/// Opens the Puzzles screen on the subtraction game, with `puzzles` found first.
fn open(dir: &Path, puzzles: Vec<KeptPuzzle>) -> Harness {
    let mut h = Harness::with_store(Store::open(Some(dir)).unwrap());
    h.app.open_puzzles(Some(GameKind::Subtraction), Some(7));
    if let Screen::Puzzle(screen) = &mut h.app.screen {
        screen.offer(puzzles);
    }
    h
}

/// Types a take and plays it.
fn take(h: &mut Harness, coins: char) {
    h.keys(&[KeyCode::Char(coins), KeyCode::Enter]);
}

fn on_file(dir: &Path) -> PuzzleRecord {
    let (record, warnings) = Store::open(Some(dir)).unwrap().count_puzzle(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    record
}

#[test]
fn a_puzzle_solved_move_by_move_counts_in_the_rating_and_the_streak() {
    let dir = temp_dir("solved");
    let mut h = open(&dir, vec![puzzle(4, &["1", "1", "2"], true)]);
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("win in 2 moves"), "{text}");
    assert!(text.contains("Your rating 1500"), "{text}");
    take(&mut h, '1');
    let current = screen(&h).current.as_ref().unwrap();
    assert_eq!(current.stage, Stage::Replying { ticks: REPLY_TICKS });
    // The computer's reply is the solution's, once the person has seen the move land.
    h.ticks(usize::from(REPLY_TICKS));
    let current = screen(&h).current.as_ref().unwrap();
    assert_eq!(current.stage, Stage::Solving);
    assert_eq!(current.session.notation(), ["1", "1"]);
    // The last move wins: solved.
    take(&mut h, '2');
    let current = screen(&h).current.as_ref().unwrap();
    assert_eq!(current.stage, Stage::Solved);
    let record = &screen(&h).record;
    assert_eq!(
        (record.streak, record.best_streak, record.played),
        (1, 1, 1)
    );
    assert!(record.player.rating > 1500.0);
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("Solved!"), "{text}");
    assert!(text.contains("Themes: period"), "{text}");
    // Kept in the data folder.
    let kept = on_file(&dir);
    assert_eq!((kept.played, kept.streak), (1, 1));
    assert!(kept.comebacks.is_empty());
    // Esc goes back to the menu.
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_puzzle_shows_the_refutation_and_the_right_move_and_comes_back_after_three() {
    let dir = temp_dir("failed");
    let others = [7, 10, 13].map(|pile| puzzle(pile, &["1"], false));
    let mut puzzles = vec![puzzle(4, &["1", "1", "2"], true)];
    puzzles.extend(others);
    let mut h = open(&dir, puzzles);
    // A stray n does not give the puzzle up.
    h.key(KeyCode::Char('n'));
    assert_eq!(
        screen(&h).current.as_ref().unwrap().puzzle.position,
        "subtraction 1,2 4"
    );
    // Taking 2 leaves 2: the computer takes both and wins.
    take(&mut h, '2');
    let current = screen(&h).current.as_ref().unwrap();
    let Stage::Failed { played, right, .. } = &current.stage else {
        panic!("{:?}", current.stage);
    };
    assert!(
        right.contains('1') && played.contains('2'),
        "{right} {played}"
    );
    h.ticks(usize::from(FLASH_TICKS) + 2);
    let current = screen(&h).current.as_ref().unwrap();
    assert_eq!(
        current.session.notation(),
        ["2", "2"],
        "the refutation is played"
    );
    assert!(current.session.is_over());
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("The right move was taking 1."), "{text}");
    assert!(text.contains("Themes: period"), "{text}");
    let record = &screen(&h).record;
    assert_eq!((record.streak, record.played), (0, 1));
    assert!(record.player.rating < 1500.0);
    assert_eq!(on_file(&dir).comebacks.len(), 1, "kept to come back");
    // Three others, then the failed one again.
    for pile in [7, 10, 13] {
        if pile == 10 {
            // The panel's Next does what n does.
            h.app.update(Event::Pointer {
                target: Target::Command(Action::Next),
                click: true,
            });
        } else {
            h.key(KeyCode::Char('n'));
        }
        if pile == 7 {
            // What the puzzle left behind on the build lane is stopped.
            let jobs = h.app.take_requests();
            assert!(
                jobs.iter()
                    .any(|j| j.request == munch::games::request::Request::Cancel),
                "{jobs:?}"
            );
        }
        let current = screen(&h).current.as_ref().unwrap();
        assert_eq!(current.puzzle.position, format!("subtraction 1,2 {pile}"));
        take(&mut h, '1');
        assert_eq!(screen(&h).current.as_ref().unwrap().stage, Stage::Solved);
    }
    h.key(KeyCode::Char('n'));
    let current = screen(&h).current.as_ref().unwrap();
    assert_eq!(current.puzzle.position, "subtraction 1,2 4");
    assert!(current.comeback);
    assert_eq!(on_file(&dir).streak, 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menu_opens_puzzles_from_its_line_under_start() {
    let mut h = Harness::new();
    h.app.menu.select(MenuLine::Start);
    h.keys(&[KeyCode::Down, KeyCode::Enter]);
    assert!(matches!(h.app.screen, Screen::Puzzle(_)));
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("Finding puzzles"), "{text}");
    // Leaving unfinished counts nothing.
    h.key(KeyCode::Char('q'));
    assert!(h.on_menu());
    assert_eq!(h.app.menu.selected, MenuLine::Puzzles);
}

#[test]
fn the_puzzles_screen_at_80_by_24() {
    let dir = temp_dir("snapshot");
    let mut h = open(&dir, vec![puzzle(4, &["1", "1", "2"], true)]);
    take(&mut h, '2');
    h.ticks(usize::from(FLASH_TICKS) + 2);
    insta::assert_snapshot!(render_text(&h.app, 80, 24));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_puzzles_are_found_on_the_puzzles_lane_and_played_as_found() {
    use munch::app::puzzle::BATCH;
    use munch::games::core::puzzle::Bounds;
    use munch::games::request::Lane;
    let mut h = Harness::new();
    h.app.open_puzzles(Some(GameKind::Nim), Some(7));
    assert!(
        screen(&h).current.is_none(),
        "nothing found on the interface's thread"
    );
    let jobs = h.app.take_requests();
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].request.lane(), Lane::Puzzles);
    // Sent again as the event loop would, and answered by a solver thread's runner.
    for job in jobs {
        if let munch::games::request::Request::Puzzles(task) = job.request {
            let built = task.run(&mut |_, _| true).unwrap();
            h.app
                .update(Event::Solver(munch::games::request::SolverMessage::Built {
                    job: job.number,
                    built,
                    elapsed: std::time::Duration::ZERO,
                }));
        }
    }
    let expected = GameKind::Nim
        .game()
        .puzzles(&Bounds::default(), 7, BATCH)
        .unwrap();
    let current = screen(&h)
        .current
        .as_ref()
        .expect("the first puzzle is on screen");
    assert_eq!(current.puzzle.position, expected[0].position);
    assert_eq!(current.puzzle.solution, expected[0].solution);
    assert_eq!(screen(&h).waiting.len(), BATCH - 1);
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("Nim puzzle"), "{text}");
}

#[test]
fn eating_the_poison_fails_the_puzzle_with_no_question_and_no_answer_to_wait_for() {
    let dir = temp_dir("poison");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.app.open_puzzles(Some(GameKind::Chomp), Some(7));
    if let Screen::Puzzle(screen) = &mut h.app.screen {
        // One row of three: b1 leaves the poison alone for the other side.
        screen.offer([KeptPuzzle {
            game: "chomp".into(),
            position: "chomp 1x3 1,1,1".into(),
            solution: vec!["b1".into()],
            moves_left: 2,
            ends: false,
            rating: 900,
            themes: Vec::new(),
        }]);
    }
    h.keys(&[KeyCode::Left, KeyCode::Left, KeyCode::Left, KeyCode::Enter]);
    let current = screen(&h).current.as_ref().unwrap();
    assert!(
        matches!(current.stage, Stage::Failed { .. }),
        "{:?}",
        current.stage
    );
    assert_eq!(current.session.notation(), ["a1"]);
    assert!(h.app.modals().is_empty(), "no question over the puzzle");
    h.ticks(usize::from(FLASH_TICKS) + 2);
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("✗ a1"), "{text}");
    assert!(text.contains("The right move was b1."), "{text}");
    assert!(!text.contains("answers"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Puzzles screen opened on every game plays every game in turn: after a batch of one
/// game's puzzles, the next game's.
#[test]
fn the_puzzles_of_every_game_come_in_turn() {
    let dir = temp_dir("in-turn");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.app.open_puzzles(None, Some(7));
    let mut games = Vec::new();
    for _ in 0..24 {
        h.settle();
        let Screen::Puzzle(screen) = &mut h.app.screen else {
            panic!("the Puzzles screen is not on");
        };
        let current = screen.current.as_mut().expect("a puzzle on screen");
        games.push(current.kind);
        // Over, as a right or a wrong move would leave it; n goes on.
        current.stage = Stage::Solved;
        h.key(KeyCode::Char('n'));
    }
    for kind in GameKind::puzzled() {
        assert!(games.contains(&kind), "{kind:?} never came: {games:?}");
    }
    // Every game has puzzles but the sum, which knows no longest defence.
    let without: Vec<&str> = (GameKind::ALL.into_iter())
        .filter(|kind| !GameKind::puzzled().contains(kind))
        .map(|kind| kind.game().id())
        .collect();
    assert_eq!(without, ["sum"]);
}

/// A Chomp bar only the table answers: a wrong move is answered with the right move and why,
/// from the puzzle's tables: the bars the winning move leaves.
#[test]
fn a_failed_chomp_puzzle_says_why_from_its_tables() {
    let dir = temp_dir("chomp-why");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.app.open_puzzles(Some(GameKind::Chomp), Some(7));
    if let Screen::Puzzle(screen) = &mut h.app.screen {
        screen.offer([KeptPuzzle {
            game: "chomp".into(),
            position: "chomp 5x3 5,5,2".into(),
            solution: ["b4", "b3", "a5", "a3", "c2", "b2", "c1", "a2", "b1"]
                .map(String::from)
                .to_vec(),
            moves_left: 10,
            ends: false,
            rating: 1980,
            themes: vec!["table".into()],
        }]);
    }
    h.settle();
    // The hint gives no move away: the bars the winning move leaves are drawn "after b4".
    h.key(KeyCode::Char('H'));
    let text = words(&render_text(&h.app, 100, 30));
    assert!(text.contains("tables prove the one winning move"), "{text}");
    assert!(!text.contains("b4"), "{text}");
    // a5 is wrong: the right move is named with the bar it leaves.
    h.app.update(Event::Pointer {
        target: Target::Spot(crate::common::spot(Square::parse("a5").unwrap())),
        click: true,
    });
    h.settle();
    let text = words(&render_text(&h.app, 100, 30));
    assert!(text.contains("The right move was b4"), "{text}");
    assert!(text.contains("the table of every bar proves it"), "{text}");
    assert!(text.contains("after b4"), "{text}");
}

/// The words of the puzzle's panel (right of the board), in reading order, one space apart
/// (a line broken at the panel's edge reads on).
fn words(screen: &str) -> String {
    let first = screen.lines().next().unwrap_or_default();
    let left = first.chars().take_while(|&c| c != '┐').count() + 1;
    let panel: Vec<String> = (screen.lines())
        .map(|line| {
            line.chars()
                .skip(left)
                .collect::<String>()
                .replace('│', " ")
        })
        .collect();
    panel
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
