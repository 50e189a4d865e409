//! The headless `munch solve` contract: exact JSON shape, every winning move, exit codes.

use munch::game::chomp::Position;
use munch::solve::reference::Reference;
use proptest::prelude::*;
use serde_json::Value;
use std::process::{Command, Output, Stdio};

fn munch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_munch"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run munch")
}

fn solve_json(rows: u8, cols: u8, position: Option<&[u8]>) -> Value {
    let (rows, cols) = (rows.to_string(), cols.to_string());
    let mut args = vec!["solve", "chomp", "--rows", &rows, "--cols", &cols, "--json"];
    let joined = position.map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join(","));
    if let Some(joined) = &joined {
        args.extend(["--position", joined.as_str()]);
    }
    json_of(&args)
}

/// Runs munch with bad arguments: exit code 2, one line on stderr, nothing on stdout.
fn assert_refused(args: &[&str]) {
    let out = munch(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("munch: "), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn json_has_exactly_the_promised_shape() {
    let v = solve_json(5, 3, Some(&[5, 5, 1]));
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            "cols",
            "complete",
            "game",
            "outcome",
            "position",
            "rows",
            "winning_moves"
        ]
    );
    assert_eq!(v["complete"], true);
    assert_eq!(v["game"], "chomp");
    assert_eq!(v["rows"], 5);
    assert_eq!(v["cols"], 3);
    assert_eq!(v["position"], serde_json::json!([5, 5, 1]));
    assert_eq!(v["outcome"], "win");
    // The seed's continuation from [5,5,1] is [2,2,1]: eat a3.
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"col": 1, "row": 3, "notation": "a3", "after": [2, 2, 1]}])
    );
}

#[test]
fn the_full_box_is_the_default_position_and_losses_list_no_moves() {
    let v = solve_json(5, 5, None);
    assert_eq!(v["position"], serde_json::json!([5, 5, 5, 5, 5]));
    assert_eq!(v["outcome"], "win");
    assert_eq!(
        v["winning_moves"][0]["after"],
        serde_json::json!([5, 1, 1, 1, 1])
    );
    let v = solve_json(6, 6, Some(&[6, 1, 1, 1, 1, 1]));
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn a_small_position_in_a_huge_box_is_solved_from_its_own_shape() {
    let mut heights = vec![0u8; 26];
    heights[..3].copy_from_slice(&[26, 2, 1]);
    let v = solve_json(26, 26, Some(&heights));
    assert!(v["outcome"] == "win" || v["outcome"] == "loss");
    let mut reference = Reference::new();
    assert_eq!(v["outcome"] == "win", reference.wins(&heights));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn json_lists_every_winning_move_sorted(
        rows in 1u8..=6, cols in 1u8..=6, raw in proptest::collection::vec(0u8..=6, 6)
    ) {
        let mut heights: Vec<u8> = raw.iter().take(cols.into()).map(|&h| h.min(rows)).collect();
        heights.sort_unstable_by(|a, b| b.cmp(a));
        let v = solve_json(rows, cols, Some(&heights));
        let mut reference = Reference::new();
        let expected = reference.winning_moves(&heights);
        let moves = v["winning_moves"].as_array().unwrap();
        prop_assert_eq!(moves.len(), expected.len());
        let position = Position::from_heights(
            rows.into(), cols.into(), &heights.iter().map(|&h| usize::from(h)).collect::<Vec<_>>()
        ).unwrap();
        for (m, square) in moves.iter().zip(&expected) {
            prop_assert_eq!(&m["col"], &Value::from(square.col + 1));
            prop_assert_eq!(&m["row"], &Value::from(square.row + 1));
            prop_assert_eq!(&m["notation"], &Value::from(square.to_string()));
            let after = position.eat(*square).unwrap();
            prop_assert_eq!(&m["after"], &serde_json::json!(after.heights()));
        }
        prop_assert_eq!(v["outcome"] == "win", reference.wins(&heights));
    }
}

#[test]
fn plain_output_is_for_people() {
    let out = munch(&[
        "solve",
        "chomp",
        "--rows",
        "5",
        "--cols",
        "3",
        "--position",
        "5,5,2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wins"), "{text}");
    assert!(text.contains("[5,3,2]"), "{text}");
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "5,6,1",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "6,5,1",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "5,5",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "5,5,1,0",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "5,x,1",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "5,-1,1",
        ],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--position",
            "",
        ],
        &["solve", "chomp", "--rows", "0", "--cols", "3"],
        &["solve", "chomp", "--rows", "5", "--cols", "0"],
        &["solve", "chomp", "--rows", "27", "--cols", "3"],
        &[
            "solve",
            "chomp",
            "--rows",
            "99999999999999999999",
            "--cols",
            "3",
        ],
        &["solve", "chomp", "--rows", "-3", "--cols", "3"],
        &["solve", "chomp", "--rows", "5"],
        &[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "3",
            "--frobnicate",
        ],
        &["solve", "checkers"],
        &["solve", "chomp", "--rows", "25", "--cols", "26"],
        &[
            "solve", "chomp", "--rows", "5", "--cols", "5", "--memory", "lots",
        ],
        &[
            "solve", "chomp", "--rows", "5", "--cols", "5", "--memory", "0",
        ],
    ];
    for args in cases {
        assert_refused(args);
    }
}

#[test]
fn the_game_without_a_terminal_says_so() {
    let out = munch(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("terminal"));
}

fn json_of(args: &[&str]) -> Value {
    let out = munch(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.trim_end().lines().count(),
        1,
        "exactly one line: {stdout}"
    );
    serde_json::from_str(&stdout).expect("valid JSON")
}

#[test]
fn subtraction_json_contract() {
    let v = json_of(&[
        "solve",
        "subtraction",
        "--pile",
        "1000000000000000000",
        "--set",
        "4,1,3",
        "--json",
    ]);
    assert_eq!(
        v,
        serde_json::json!({
            "game": "subtraction", "pile": 1_000_000_000_000_000_000u64, "set": [1, 3, 4],
            "outcome": "win", "winning_moves": [1], "preperiod": 0, "period": 7
        })
    );
    let v = json_of(&[
        "solve",
        "subtraction",
        "--pile",
        "8",
        "--set",
        "1,2,3",
        "--json",
    ]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(0), Some(4))
    );
}

#[test]
fn set_arguments_take_spaces_and_ranges() {
    let v = json_of(&[
        "solve",
        "subtraction",
        "--pile",
        "30",
        "--set",
        "1, 3-5, 8",
        "--json",
    ]);
    assert_eq!(v["set"], serde_json::json!([1, 3, 4, 5, 8]));
    let out = munch(&[
        "solve",
        "subtraction",
        "--pile",
        "30",
        "--set",
        "8,3 - 5, 1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("takes {1,3,4,5,8}"), "{text}");
    let out = munch(&["solve", "subtraction", "--pile", "5", "--set", "1,,2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        "munch: --set: empty item between two commas"
    );
}

#[test]
fn fibonacci_json_contract() {
    let v = json_of(&["solve", "fibonacci", "--pile", "22", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({
            "game": "fibonacci", "pile": 22, "max_take": 21, "outcome": "win", "winning_moves": [1]
        })
    );
    let v = json_of(&["solve", "fibonacci", "--pile", "21", "--max", "2", "--json"]);
    assert_eq!(v["outcome"], "loss");
    let v = json_of(&[
        "solve",
        "fibonacci",
        "--pile",
        "18446744073709551615",
        "--json",
    ]);
    let takes: Vec<u64> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    assert!(takes.windows(2).all(|w| w[0] < w[1]), "ascending");
    assert_eq!(v["outcome"] == "win", !takes.is_empty());
}

#[test]
fn bad_pile_input_gets_one_line_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &["solve", "subtraction", "--pile", "5", "--set", ""],
        &["solve", "subtraction", "--pile", "5", "--set", "0,1"],
        &["solve", "subtraction", "--pile", "5", "--set", "1,x"],
        &["solve", "subtraction", "--pile", "x", "--set", "1"],
        &[
            "solve",
            "subtraction",
            "--pile",
            "18446744073709551616",
            "--set",
            "1",
        ],
        &["solve", "subtraction", "--pile", "-1", "--set", "1"],
        &["solve", "subtraction", "--set", "1"],
        &["solve", "fibonacci", "--pile", "5", "--max", "0"],
        &["solve", "fibonacci", "--pile", "1"],
        &["solve", "fibonacci", "--pile", "99999999999999999999"],
        &["solve", "fibonacci"],
        &["solve", "subtraction", "--pile", "5", "--set", "1,,2"],
        &["solve", "subtraction", "--pile", "5", "--set", ",1"],
        &["solve", "subtraction", "--pile", "5", "--set", "1,"],
        &["solve", "subtraction", "--pile", "5", "--set", "5-3"],
        &[
            "solve",
            "subtraction",
            "--pile",
            "5",
            "--set",
            "1-1000000000",
        ],
        &["play", "subtraction", "--set", "1,,2"],
        &["play", "subtraction", "--set", ",1"],
        &["play", "subtraction", "--set", "1,"],
    ];
    for args in cases {
        assert_refused(args);
    }
}

#[test]
fn thirty_odd_bad_command_lines_get_one_line_and_exit_code_2() {
    let file = std::env::temp_dir().join(format!("munch-not-a-dir-{}", std::process::id()));
    std::fs::write(&file, "a file").unwrap();
    let file = file.to_str().unwrap().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["--frobnicate"],
        vec!["frobnicate"],
        vec!["play"],
        vec!["play", "chess"],
        vec!["play", "chomp", "--rows", "0"],
        vec!["play", "chomp", "--rows", "27"],
        vec!["play", "chomp", "--rows", "-1"],
        vec!["play", "chomp", "--cols", "x"],
        vec!["play", "chomp", "--rows", "1", "--cols", "1"],
        vec!["play", "chomp", "--rows", "99999999999999999999999"],
        vec!["play", "chomp", "--first", "robot"],
        vec!["play", "chomp", "--second", ""],
        vec!["play", "chomp", "--level", "godlike"],
        vec!["play", "chomp", "--data-dir", file.as_str()],
        vec!["play", "subtraction", "--set", ""],
        vec!["play", "subtraction", "--set", "0"],
        vec!["play", "subtraction", "--set", "1;2"],
        vec!["play", "subtraction", "--pile", "-5"],
        vec!["play", "subtraction", "--pile", "18446744073709551616"],
        vec!["play", "fibonacci", "--pile", "1"],
        vec!["play", "fibonacci", "--pile", "0"],
        vec!["play", "fibonacci", "--pile", "lots"],
        vec![
            "--memory", "0", "solve", "chomp", "--rows", "3", "--cols", "3",
        ],
        vec![
            "--memory", "-2G", "solve", "chomp", "--rows", "3", "--cols", "3",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "3,3,3,3",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "1,2,3",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "4,0,0",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "a,b,c",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "1.5,0,0",
        ],
        vec![
            "solve",
            "chomp",
            "--rows",
            "3",
            "--cols",
            "3",
            "--position",
            "3,,0",
        ],
        vec![
            "solve", "chomp", "--rows", "3", "--cols", "3", "--json", "--json",
        ],
        vec!["solve", "subtraction", "--pile", "3", "--set", "1,99999"],
        vec!["solve", "fibonacci", "--pile", "10", "--max", "-1"],
        vec![],
    ];
    assert!(cases.len() >= 30);
    for args in &cases {
        assert_refused(args);
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn version_and_help_exit_0() {
    let out = munch(&["--version"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("munch "));
    let out = munch(&["play", "--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("fibonacci"));
}

#[test]
fn a_budget_beyond_the_machine_refuses_instead_of_crashing() {
    // 26x25 has no closed form or book entry, and its table (28 TiB) fits a 100 TiB budget
    // but no machine: munch must refuse in one line, not abort with a backtrace.
    let args = [
        "solve", "chomp", "--rows", "26", "--cols", "25", "--memory", "100T",
    ];
    assert_refused(&args);
    let stderr = String::from_utf8_lossy(&munch(&args).stderr).into_owned();
    assert!(
        stderr.contains("needs a 26×25 table of 28.2 TiB"),
        "{stderr}"
    );
    // The same budget still lets a small box be solved from its table.
    let out = munch(&[
        "solve", "chomp", "--rows", "5", "--cols", "5", "--memory", "100T",
    ]);
    assert_eq!(out.status.code(), Some(0));
}
