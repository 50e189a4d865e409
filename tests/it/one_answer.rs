//! Chomp's one answer function seen from everywhere it shows: the game's hints, the computer,
//! the Study and `munch solve` say the same of a position no table covers, including one that
//! only what its moves leave proves ("proven one move on").

use crate::common;

use crate::common::Harness;
use munch::app::{Event, Screen};
use munch::games::chomp::rules::{Position, Square};
use munch::games::chomp::theory;
use munch::games::core::rules::Rules;
use munch::games::request::Request;
use munch::games::study::Analysis;
use munch::games::turns::FLASH_TICKS;
use munch::settings::Player::{Computer, Person};
use munch::settings::{Level, Settings};
use munch::solve::OutcomeTable;
use proptest::prelude::*;
use ratatui::crossterm::event::KeyCode;
use serde_json::Value;
use std::process::{Command, Output, Stdio};

/// A table of 1 MiB: no box of 14×14 or more fits it.
const BUDGET: u64 = 1 << 20;

fn munch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_munch"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run munch")
}

/// The position string of `heights` in a `rows` × `cols` box: `chomp 26x26 26,…,25`.
fn position_text(rows: u8, cols: u8, heights: &[u8]) -> String {
    let heights: Vec<String> = heights.iter().map(u8::to_string).collect();
    format!("chomp {rows}x{cols} {}", heights.join(","))
}

/// `munch solve chomp` of `heights` with a 1 MiB budget, and `--json` when asked.
fn solve(rows: u8, cols: u8, heights: &[u8], json: bool) -> Output {
    let (rows, cols) = (rows.to_string(), cols.to_string());
    let heights: Vec<String> = heights.iter().map(u8::to_string).collect();
    let heights = heights.join(",");
    let mut args = vec![
        "solve",
        "chomp",
        "--rows",
        &rows,
        "--cols",
        &cols,
        "--position",
        &heights,
        "--memory",
        "1M",
    ];
    if json {
        args.push("--json");
    }
    munch(&args)
}

/// The notation of the winning moves `munch solve --json` names, and whether it calls the list
/// complete; `None` when it refuses the position (with a one-line reason).
fn solved(rows: u8, cols: u8, heights: &[u8]) -> Option<(bool, Vec<String>, bool)> {
    let out = solve(rows, cols, heights, true);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(out.stdout.is_empty(), "{heights:?}");
        return None;
    }
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let named = v["winning_moves"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| m["notation"].as_str().expect("notation").to_string())
        .collect();
    Some((
        v["outcome"] == "win",
        named,
        v["complete"].as_bool().expect("complete"),
    ))
}

/// A game of the position `text`, a person against the computer at level perfect, with
/// `first` to move first; the box's table refused (it does not fit [`BUDGET`]).
fn game_at(text: &str, players: [munch::settings::Player; 2]) -> Harness {
    let mut h = Harness::with_budget(BUDGET, 3);
    let (mut settings, start) = Settings::default()
        .with_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    settings.players = players;
    settings.level = Level::Perfect;
    h.app.play_position(settings, start);
    h.wait_for_solver();
    h
}

/// The Study of the position `text`, once the solver has refused its box's tables.
fn study_at(text: &str) -> Harness {
    let mut h = Harness::with_budget(BUDGET, 3);
    let (settings, start) = Settings::default()
        .with_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    h.app.study_position(&settings, &start);
    while analysis(&h).progress.is_some() {
        let message = h.next_message();
        h.app.update(Event::Solver(message));
    }
    h
}

fn analysis(h: &Harness) -> &Analysis {
    match &h.app.screen {
        Screen::Study(study) => study.study.analysis(),
        _ => panic!("the Study screen is not on"),
    }
}

/// The moves the Study marks winning, in notation.
fn study_winners(analysis: &Analysis) -> Vec<String> {
    analysis
        .moves
        .iter()
        .filter(|m| m.wins == Some(true))
        .map(|m| m.notation.clone())
        .collect()
}

fn notation(squares: &[Square]) -> Vec<String> {
    squares.iter().map(ToString::to_string).collect()
}

/// The 26×26 square with its top right corner eaten: no closed form or book entry covers it,
/// but b2 leaves an L with equal arms (25 and 25), which loses.
fn corner_eaten() -> Vec<u8> {
    let mut heights = vec![26; 26];
    heights[25] = 25;
    heights
}

#[test]
fn hints_mark_the_winning_move_proven_one_move_on_that_the_study_and_solve_name() {
    let heights = corner_eaten();
    let position = Position::from_heights(
        26,
        26,
        &heights.iter().map(|&h| h.into()).collect::<Vec<_>>(),
    )
    .expect("a position");
    // What proves it, checked apart from the answer function: b2 leaves an L-shape the closed
    // form says is lost.
    let after_b2 = position.eat(Square::new(1, 1)).expect("a legal move");
    assert_eq!(theory::lost(after_b2.heights()), Some(true));
    let text = position_text(26, 26, &heights);

    let mut h = game_at(&text, [Person, Computer]);
    h.key(KeyCode::Char('H'));
    assert!(h.game().hints);
    let answer = h
        .game()
        .rules
        .known(&h.game().position)
        .expect("the hints prove the position");
    assert!(answer.wins);
    let hinted = notation(&h.game().winning_moves().expect("winning moves marked"));
    assert!(hinted.contains(&"b2".to_string()), "{hinted:?}");
    let screen = common::render_text(&h.app, 140, 40);
    let line = if answer.complete { ": " } else { ": at least " };
    assert!(
        screen.contains(&format!("winning{line}{}", hinted.len())),
        "{screen}"
    );
    assert!(!screen.contains("nothing proves"), "{screen}");

    let s = study_at(&text);
    let a = analysis(&s);
    assert_eq!(a.wins, Some(true));
    assert_eq!(
        study_winners(a),
        hinted,
        "the Study marks what the hints mark"
    );
    let note = a.note.clone().unwrap_or_default();
    assert!(note.starts_with("Proven one move on"), "{note}");

    let (wins, named, complete) = solved(26, 26, &heights).expect("munch solve answers");
    assert!(wins);
    assert_eq!(named, hinted, "munch solve names what the hints mark");
    assert_eq!(complete, answer.complete);
    let out = solve(26, 26, &heights, false);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(answered by what the closed forms and the opening book prove of the positions its moves leave)"),
        "{text}"
    );
}

#[test]
fn the_perfect_computer_plays_a_move_proven_one_move_on_without_a_search() {
    // The 7×7 square's corner eaten: small enough for the brute force, in a box whose table
    // does not fit 8 bytes.
    let heights = [7u8, 7, 7, 7, 7, 7, 6];
    let mut reference = munch::games::chomp::reference::Reference::new();
    let winners = notation(&reference.winning_moves(&heights));
    for (budget, rows, cols, heights) in [
        (8, 7u8, 7u8, heights.to_vec()),
        (BUDGET, 26, 26, corner_eaten()),
    ] {
        let text = position_text(rows, cols, &heights);
        let mut h = Harness::with_budget(budget, 5);
        let (mut settings, start) = Settings::default()
            .with_position(&text)
            .expect("a position");
        settings.players = [Computer, Person];
        settings.level = Level::Perfect;
        h.app.play_position(settings, start);
        h.wait_for_solver();
        assert!(h.game().rules.outcomes().is_none(), "{text}: no table");
        h.ticks(1);
        assert!(
            !h.game().searching(),
            "{text}: the computer does not search"
        );
        let searches = h
            .app
            .take_requests()
            .into_iter()
            .filter(|job| matches!(job.request, Request::Search(_)))
            .count();
        assert_eq!(searches, 0, "{text}: no search is asked for");
        h.ticks(usize::from(FLASH_TICKS));
        let played = h.game().turns.moves.clone();
        assert_eq!(played.len(), 1, "{text}: the computer moved at once");
        assert!(
            !h.game().notes.last_move_unproven,
            "{text}: its move is proven"
        );
        let after = Position::from_heights(
            rows.into(),
            cols.into(),
            &heights.iter().map(|&h| h.into()).collect::<Vec<_>>(),
        )
        .expect("a position")
        .eat(played[0])
        .expect("a legal move");
        if rows == 7 {
            assert!(winners.contains(&played[0].to_string()), "{winners:?}");
        }
        // Checked apart from the answer function: what it leaves a closed form proves lost.
        assert_eq!(theory::lost(after.heights()), Some(true), "{text}");
    }
}

/// Whether the game, with its [`BUDGET`] for tables, and `munch solve --memory 1M`, whose
/// tables get what is left of 1 MiB after what the process holds (none), know the same of
/// `heights`: the game builds the table of the smallest box that holds them where it fits the
/// budget, which `solve` cannot, so the two agree only where that table does not fit or a
/// closed form answers without it.
fn same_tables(heights: &[u8]) -> bool {
    let rows = heights.first().copied().unwrap_or(0);
    let cols = u8::try_from(heights.iter().filter(|&&h| h > 0).count()).unwrap_or(u8::MAX);
    OutcomeTable::bytes_for(rows, cols) > BUDGET || theory::lost(heights).is_some()
}

/// Column heights in a box of `rows` rows and `cols` columns, often reshaped so that b2 leaves
/// an L with equal arms (answered one move on), or so that they fall in a closed form; others
/// nothing answers. Only those both the game and `munch solve` answer from the same tables
/// ([`same_tables`]: a few columns low in a big box are left out, a table of their own small box
/// answering them in the game alone).
fn big_box_position() -> impl Strategy<Value = (u8, u8, Vec<u8>)> {
    (14u8..=26, 14u8..=26)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(0..=rows, usize::from(cols)),
                0..4u8,
            )
        })
        .prop_map(|(rows, cols, mut heights, shape)| {
            heights.sort_unstable_by(|a, b| b.cmp(a));
            heights[0] = heights[0].max(1);
            match shape {
                // The first column as tall as the columns are many: b2 leaves equal arms.
                0 => {
                    let nonempty = heights.iter().filter(|&&h| h > 0).count() as u8;
                    if nonempty <= rows {
                        heights[0] = nonempty;
                        heights.sort_unstable_by(|a, b| b.cmp(a));
                    }
                }
                // Two rows: a closed form (and a table of a small box).
                1 => heights.iter_mut().for_each(|h| *h = (*h).min(2)),
                // An L-shape: a closed form in a box no table fits.
                2 => {
                    heights[0] = rows;
                    heights[1..].iter_mut().for_each(|h| *h = (*h).min(1));
                }
                _ => {}
            }
            (rows, cols, heights)
        })
        .prop_filter(
            "the game and munch solve hold the same tables",
            |(_, _, heights)| same_tables(heights),
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn the_hints_the_study_and_solve_agree_on_big_boxes((rows, cols, heights) in big_box_position()) {
        let text = position_text(rows, cols, &heights);
        let game = game_at(&text, [Person, Computer]);
        let hint = game.game().rules.known(&game.game().position);
        let study = study_at(&text);
        let a = analysis(&study);
        let solved = solved(rows, cols, &heights);
        match (&hint, &solved) {
            (None, None) => prop_assert_eq!(a.wins, None, "{}", text),
            (Some(answer), Some((wins, named, complete))) => {
                let hinted = notation(&answer.winning_moves);
                prop_assert_eq!(answer.wins, *wins, "{}", &text);
                prop_assert_eq!(&hinted, named, "{}", &text);
                prop_assert_eq!(answer.complete, *complete, "{}", &text);
                prop_assert_eq!(a.wins, Some(answer.wins), "{}", &text);
                let mut marked = study_winners(a);
                let mut hinted = hinted;
                marked.sort();
                hinted.sort();
                for m in &hinted {
                    prop_assert!(marked.contains(m), "{}: the Study marks {}", &text, m);
                }
                if answer.complete {
                    prop_assert_eq!(&marked, &hinted, "{}", &text);
                }
            }
            _ => prop_assert!(false, "{}: hints {:?}, solve {:?}", text, hint, solved),
        }
    }
}

#[test]
fn a_full_rectangle_nothing_else_answers_is_won_by_strategy_stealing_on_every_screen() {
    let text = position_text(20, 21, &[20; 21]);
    let mut h = game_at(&text, [Person, Computer]);
    h.key(KeyCode::Char('H'));
    let answer = h
        .game()
        .rules
        .known(&h.game().position)
        .expect("strategy stealing");
    assert!(answer.wins && answer.winning_moves.is_empty() && !answer.complete);
    let screen = common::render_text(&h.app, 100, 30);
    assert!(
        screen.contains("no winning move") && screen.contains("strategy"),
        "{screen}"
    );
    assert!(!screen.contains("nothing proves"), "{screen}");

    let s = study_at(&text);
    assert_eq!(analysis(&s).wins, Some(true));

    let out = munch(&["solve", "chomp", "--rows", "20", "--cols", "21", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["outcome"], "win");
}
