//! The headless `munch solve` contract: exact JSON shape, every winning move, exit codes.

use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Position;
use proptest::prelude::*;
use serde_json::Value;
use std::process::{Command, Output, Stdio};

/// The 26×25 bar less its top right square, and the 25×26 one: nothing proves them without
/// their tables (the full bars are won by strategy stealing).
const P26X25: &str = "26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,26,25";
const P25X26: &str =
    "25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,25,24";

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
#[expect(clippy::too_many_lines, reason = "one table of cases, one per line")]
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
        // A full rectangle is won by strategy stealing; one square less, nothing proves.
        &[
            "solve",
            "chomp",
            "--rows",
            "25",
            "--cols",
            "26",
            "--position",
            P25X26,
        ],
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
fn nim_json_contract() {
    let v = json_of(&["solve", "nim", "--piles", "3,4,5", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({
            "game": "nim", "piles": [3, 4, 5], "outcome": "win",
            "winning_moves": [{"pile": 1, "take": 2, "after": [1, 4, 5]}]
        })
    );
    // Exactly that line, byte for byte, with spaces in the piles too.
    let out = munch(&["solve", "nim", "--piles", "3, 4 ,5", "--json"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"game\":\"nim\",\"piles\":[3,4,5],\"outcome\":\"win\",\"winning_moves\":[{\"pile\":1,\"take\":2,\"after\":[1,4,5]}]}\n"
    );
    // Several winning moves, by pile: 1^2^4^8 = 15 leaves only the 8 to cut (to 7).
    let v = json_of(&["solve", "nim", "--piles", "1,2,4,8", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"pile": 4, "take": 1, "after": [1, 2, 4, 7]}])
    );
    // 7^6^5 = 4, which every pile holds: each may be cut.
    let v = json_of(&["solve", "nim", "--piles", "7,6,5", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([
            {"pile": 1, "take": 4, "after": [3, 6, 5]},
            {"pile": 2, "take": 4, "after": [7, 2, 5]},
            {"pile": 3, "take": 4, "after": [7, 6, 1]}
        ])
    );
    // A losing position: 1^2^3 = 0.
    let v = json_of(&["solve", "nim", "--piles", "1,2,3", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({"game": "nim", "piles": [1, 2, 3], "outcome": "loss", "winning_moves": []})
    );
    // The largest piles are answered at once.
    let v = json_of(&["solve", "nim", "--piles", "1000000000000000000,1", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"pile": 1, "take": 999_999_999_999_999_999u64, "after": [1, 1]}])
    );
    let out = munch(&["solve", "nim", "--piles", "1,2,3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("loses against perfect play"), "{text}");
}

#[test]
fn bad_nim_input_gets_one_line_and_exit_code_2() {
    let nine = "1,2,3,4,5,6,7,8,9";
    let too_big = "1000000000000000001";
    for (piles, reason) in [
        ("3,,4", "an empty pile between two commas"),
        ("0", "0 is not a pile"),
        (nine, "9 piles are too many"),
        (too_big, "is too big: a pile holds at most 10^18 coins"),
        ("", "no piles given"),
        ("-3", "-3 is not a pile"),
        ("3 4", "needs commas"),
        ("x", "is not a pile"),
    ] {
        for command in ["solve", "play"] {
            let args = ["command", "nim", "--piles", piles].map(|a| a.replace("command", command));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_refused(&args);
            let stderr = String::from_utf8_lossy(&munch(&args).stderr).to_string();
            assert!(stderr.contains(reason), "{args:?}: {stderr}");
        }
    }
    assert_refused(&["solve", "nim", "--piles", "3,4,5", "--rows", "3"]);
    assert_eq!(
        String::from_utf8_lossy(&munch(&["solve", "nim", "--piles", "3,,4"]).stderr).trim_end(),
        "munch: --piles: an empty pile between two commas"
    );
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
        &["solve", "fibonacci", "--pile", "5", "--max", "0"],
        &["solve", "fibonacci", "--pile", "1"],
        &["solve", "fibonacci", "--pile", "99999999999999999999"],
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
#[expect(clippy::too_many_lines, reason = "one table of cases, one per line")]
fn thirty_odd_bad_command_lines_get_one_line_and_exit_code_2() {
    let file = std::env::temp_dir().join(format!("munch-not-a-dir-{}", std::process::id()));
    std::fs::write(&file, "a file").unwrap();
    let file = file.to_str().unwrap().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["--frobnicate"],
        vec!["frobnicate"],
        vec!["play", "subtraction", "--set", "1,"],
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
    // 26x25 less its top right square has no closed form or book entry (the full bar is won by
    // strategy stealing), and its table (28 TiB) fits a 100 TiB budget but no machine: munch
    // must refuse in one line, not abort with a backtrace.
    let args = [
        "solve",
        "chomp",
        "--rows",
        "26",
        "--cols",
        "25",
        "--position",
        P26X25,
        "--memory",
        "100T",
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

/// Runs munch with something required left out: exit code 2, and clap's whole explanation on
/// stderr, naming each of `missing` and ending with the usage line and a pointer to `--help`.
fn assert_usage(args: &[&str], missing: &[&str], usage: &str) {
    let out = munch(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("munch: "), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    for name in missing {
        assert!(
            stderr.contains(name),
            "{args:?} should name {name}: {stderr}"
        );
    }
    assert!(
        stderr.lines().any(|line| line.starts_with(usage)),
        "{args:?} should show {usage:?}: {stderr}"
    );
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn missing_arguments_are_named_with_the_usage_line() {
    assert_usage(
        &["solve", "chomp"],
        &["--rows <ROWS>", "--cols <COLS>"],
        "Usage: munch solve chomp --rows <ROWS> --cols <COLS>",
    );
    assert_usage(
        &["solve", "chomp", "--rows", "5"],
        &["--cols <COLS>"],
        "Usage: munch solve chomp",
    );
    assert_usage(
        &["solve", "subtraction", "--set", "1"],
        &["--pile <PILE>"],
        "Usage: munch solve subtraction",
    );
    assert_usage(
        &["solve", "subtraction", "--pile", "5"],
        &["--set <SET>"],
        "Usage: munch solve subtraction",
    );
    assert_usage(
        &["solve", "fibonacci"],
        &["--pile <PILE>"],
        "Usage: munch solve fibonacci",
    );
    assert_usage(
        &["solve", "nim"],
        &["--piles <PILES>"],
        "Usage: munch solve nim --piles <PILES>",
    );
}

#[test]
fn play_or_solve_alone_lists_the_games_with_the_usage_line() {
    for command in ["play", "solve"] {
        assert_usage(
            &[command],
            &["chomp", "subtraction", "fibonacci", "nim"],
            &format!("Usage: munch {command} [OPTIONS] <COMMAND>"),
        );
    }
}

/// munch with its standard output (`stdout`) or error (`stderr`) on the full device.
fn munch_into_full_device(args: &[&str], stream: &str) -> Option<Output> {
    let Ok(full) = std::fs::File::options().write(true).open("/dev/full") else {
        println!("skipped: this system has no /dev/full");
        return None;
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_munch"));
    command.args(args).stdin(Stdio::null());
    match stream {
        "stdout" => command.stdout(full).stderr(Stdio::piped()),
        _ => command.stderr(full).stdout(Stdio::piped()),
    };
    Some(command.output().expect("run munch"))
}

#[test]
fn an_answer_that_cannot_be_written_is_a_failure() {
    let cases: &[&[&str]] = &[
        &["solve", "chomp", "--rows", "4", "--cols", "4", "--json"],
        &["solve", "fibonacci", "--pile", "22"],
        &["solve", "subtraction", "--pile", "9", "--set", "1-3"],
        &["--help"],
        &["--version"],
        &["solve", "chomp", "--help"],
    ];
    for args in cases {
        let Some(out) = munch_into_full_device(args, "stdout") else {
            return;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            "munch: cannot write to standard output: No space left on device (os error 28)",
            "{args:?}"
        );
    }
}

#[test]
fn bad_command_lines_keep_exit_code_2_when_stderr_fails() {
    let cases: &[&[&str]] = &[
        &["--frobnicate"],
        &["solve", "chomp"],
        &["solve"],
        &["play"],
        &["solve", "subtraction", "--pile", "5", "--set", "1,,2"],
        &["play", "fibonacci", "--pile", "1"],
        &[
            "solve",
            "chomp",
            "--rows",
            "26",
            "--cols",
            "25",
            "--position",
            P26X25,
        ],
        &[],
    ];
    for args in cases {
        let Some(out) = munch_into_full_device(args, "stderr") else {
            return;
        };
        assert_eq!(out.status.code(), Some(2), "{args:?} with stderr full");
        assert!(out.stdout.is_empty(), "{args:?}");
        // The same with stderr closed, as `2>&-` leaves it.
        let mut script = vec!["-c", "exec \"$0\" \"$@\" 2>&-", env!("CARGO_BIN_EXE_munch")];
        script.extend_from_slice(args);
        let out = Command::new("sh")
            .args(&script)
            .stdin(Stdio::null())
            .output()
            .expect("run sh");
        assert_eq!(out.status.code(), Some(2), "{args:?} with stderr closed");
    }
}

/// A pipe whose reading end is already closed, as `head` leaves it once it has read enough.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "std has no pipe(); libc gives raw descriptors to own"
)]
fn broken_pipe() -> std::os::fd::OwnedFd {
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `pipe` fills both descriptors on success; each is then owned exactly once.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

#[cfg(target_os = "linux")]
#[test]
fn a_reader_that_stops_early_is_no_error() {
    for args in [
        &["solve", "chomp", "--rows", "6", "--cols", "6"][..],
        &["solve", "fibonacci", "--pile", "22", "--json"],
        &["--help"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_munch"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(broken_pipe())
            .stderr(Stdio::piped())
            .output()
            .expect("run munch");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

/// A pseudo-terminal: the controlling side, and the terminal side a program is given.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "std has no openpty(); libc gives raw descriptors to own"
)]
fn pseudo_terminal() -> (std::os::fd::OwnedFd, std::os::fd::OwnedFd) {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut controller, mut terminal) = (0, 0);
    // SAFETY: `openpty` fills both descriptors on success (null name, settings and size are
    // allowed); each is then owned exactly once.
    let done = unsafe {
        libc::openpty(
            &raw mut controller,
            &raw mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(done, 0, "openpty");
    unsafe {
        (
            OwnedFd::from_raw_fd(controller),
            OwnedFd::from_raw_fd(terminal),
        )
    }
}

/// Runs `program args…` with the given stdin and stdout, killing it after ten seconds (a game
/// that started would wait for keys forever); returns its exit code, if it exited, and stderr.
#[cfg(target_os = "linux")]
fn run_for_a_while(mut command: Command) -> (Option<i32>, String) {
    use std::io::Read;
    let mut child = command.stderr(Stdio::piped()).spawn().expect("spawn");
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    (code, stderr)
}

#[cfg(target_os = "linux")]
#[test]
fn the_game_without_a_controlling_terminal_or_terminal_input_says_so() {
    if Command::new("setsid").arg("--version").output().is_err() {
        println!("skipped: no `setsid` on this system");
        return;
    }
    let data = std::env::temp_dir().join(format!("munch-no-terminal-{}", std::process::id()));
    let data = data.to_str().expect("a UTF-8 temporary folder").to_string();
    // (runs in a new session without a controlling terminal, standard input is the terminal)
    for (new_session, input_is_terminal) in [(true, false), (true, true), (false, false)] {
        let (_controller, terminal) = pseudo_terminal();
        let mut command = if new_session {
            let mut command = Command::new("setsid");
            command.args(["-w", env!("CARGO_BIN_EXE_munch")]);
            command
        } else {
            Command::new(env!("CARGO_BIN_EXE_munch"))
        };
        command.args(["--data-dir", &data]);
        if input_is_terminal {
            command.stdin(terminal.try_clone().expect("dup"));
        } else {
            command.stdin(Stdio::null());
        }
        command.stdout(terminal);
        let (code, stderr) = run_for_a_while(command);
        let case = format!("new session {new_session}, terminal input {input_is_terminal}");
        assert_eq!(code, Some(2), "{case}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{case}: {stderr}");
        assert!(
            stderr.starts_with("munch: the game needs a terminal"),
            "{case}: {stderr}"
        );
        // Nothing was touched: not even the data folder was made.
        assert!(!std::path::Path::new(&data).exists(), "{case}");
    }
}

/// README.md and every page of docs/, one after the other: what a reader of the docs sees.
fn docs() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("read docs/")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
        .iter()
        .map(|page| {
            std::fs::read_to_string(page).unwrap_or_else(|e| panic!("read {}: {e}", page.display()))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_level_without_the_computer_is_refused_before_the_terminal() {
    // `--level` for a game without the computer would be ignored: refused with the reason,
    // exit code 2, before the game looks for a terminal. (What `munch play` starts with is
    // tested inside the binary, in src/cli.rs.)
    let args = [
        "play",
        "subtraction",
        "--first",
        "person",
        "--second",
        "person",
        "--level",
        "casual",
    ];
    let out = munch(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_refused(&args);
    assert!(stderr.contains("--level"), "{stderr}");
    assert!(stderr.contains("neither side is the computer"), "{stderr}");
}

#[test]
fn a_set_starting_with_a_hyphen_reaches_the_sets_own_reason() {
    for args in [
        ["solve", "subtraction", "--pile", "5", "--set", "-2"],
        ["play", "subtraction", "--pile", "5", "--set", "-2"],
        ["solve", "subtraction", "--pile", "5", "--set", "-2-4"],
    ] {
        let out = munch(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_refused(&args);
        assert!(stderr.contains("is not a take"), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("unexpected argument"),
            "{args:?}: {stderr}"
        );
    }
    let out = munch(&["solve", "subtraction", "--pile", "5", "--set", "-2"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "munch: --set: '-2' is not a take: takes are whole numbers from 1"
    );
}

#[test]
fn stats_are_null_when_no_table_was_built() {
    let figures = ["positions", "losing_positions", "seconds", "table_bytes"];
    // 20×20 is past the default budget: the opening book answers.
    let v = json_of(&[
        "solve", "chomp", "--rows", "20", "--cols", "20", "--stats", "--json",
    ]);
    for key in figures {
        assert!(v.as_object().unwrap().contains_key(key), "{key}: {v}");
        assert_eq!(v[key], Value::Null, "{key}: {v}");
    }
    let out = munch(&["solve", "chomp", "--rows", "20", "--cols", "20", "--stats"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no table built"), "{text}");
    assert!(
        !text.contains(" s\n"),
        "no time for a table never built: {text}"
    );
    // A table built: every figure is there.
    let v = json_of(&[
        "solve", "chomp", "--rows", "5", "--cols", "5", "--stats", "--json",
    ]);
    assert_eq!(v["positions"], 252, "C(10,5) positions: {v}");
    assert!(v["losing_positions"].as_u64().is_some_and(|n| n > 0), "{v}");
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    assert!(v["table_bytes"].as_u64().is_some_and(|b| b > 0), "{v}");
}

#[test]
fn the_docs_solve_examples_are_what_munch_prints() {
    // Each `$ munch solve …` line in the README and docs/ is followed by the line munch prints.
    let text = docs();
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = Vec::new();
    for pair in lines.windows(2) {
        let Some(command) = pair[0].strip_prefix("$ munch ") else {
            continue;
        };
        let command = command.split('#').next().unwrap_or_default().trim_end();
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = munch(&args);
        assert!(out.status.success(), "{command}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            pair[1],
            "the docs' `munch {command}`"
        );
        checked.push(command.to_string());
    }
    assert!(checked.len() >= 3, "{checked:?}");
    // The finished position, the one win without a move, is among them.
    assert!(
        checked.iter().any(|c| c.contains("--position 0,0,0")),
        "the docs show the finished position: {checked:?}"
    );
}

/// `munch solve …` with `--all-moves` added: its JSON, whose text starts with exactly the
/// reply without the flag (every field unchanged), followed by the new fields.
fn all_moves_json(args: &[&str]) -> Value {
    let plain = munch(args);
    assert!(plain.status.success(), "{args:?}");
    let plain = String::from_utf8(plain.stdout).unwrap();
    let with: Vec<&str> = args.iter().copied().chain(["--all-moves"]).collect();
    let out = munch(&with);
    assert!(
        out.status.success(),
        "{with:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let head = plain.trim_end().strip_suffix('}').expect("a JSON object");
    assert!(
        text.starts_with(&format!("{head},\"moves_left\":")),
        "{with:?}: {text}"
    );
    let v: Value = serde_json::from_str(&text).expect("valid JSON");
    check_all_moves(&v);
    v
}

/// What every `--all-moves` reply keeps: the outcome agrees with the moves, the winning moves
/// are the moves whose outcome is a win, and the moves left follow the definition.
fn check_all_moves(v: &Value) {
    let moves = v["moves"].as_array().expect("moves");
    let wins: Vec<&Value> = moves.iter().filter(|m| m["outcome"] == "win").collect();
    // Chomp's finished position is the one win without a move: the poison is gone.
    let finished = v["game"] == "chomp" && moves.is_empty();
    assert_eq!(v["outcome"] == "win", !wins.is_empty() || finished, "{v}");
    assert_eq!(
        wins.len(),
        v["winning_moves"].as_array().unwrap().len(),
        "{v}"
    );
    for m in moves {
        assert!(m["outcome"] == "win" || m["outcome"] == "loss", "{m}");
        // Chomp's one exception: eating the poison leaves the empty bar, where the opponent
        // has already won, with no move and so no winning reply, and no moves left.
        let empty_bar = v["game"] == "chomp"
            && m["after"]
                .as_array()
                .is_some_and(|after| after.iter().all(|h| h == 0));
        if empty_bar {
            assert_eq!(m["outcome"], "loss", "{m}");
            assert_eq!(m["winning_replies"], 0, "{m}");
            assert!(m["moves_left"] == 0 || m["moves_left"].is_null(), "{m}");
        } else {
            assert_eq!(m["outcome"] == "win", m["winning_replies"] == 0, "{m}");
        }
    }
    let lengths: Option<Vec<u64>> = moves.iter().map(|m| m["moves_left"].as_u64()).collect();
    let complete = lengths.is_some() && v["moves_left"].is_u64();
    assert_eq!(v["complete"], complete, "{v}");
    if let (Some(lengths), Some(left)) = (lengths, v["moves_left"].as_u64()) {
        let of = |want: bool| {
            moves
                .iter()
                .zip(&lengths)
                .filter(move |(m, _)| (m["outcome"] == "win") == want || !want)
                .map(|(_, &l)| l)
        };
        let expected = if wins.is_empty() {
            of(false).max().map_or(0, |l| l + 1)
        } else {
            of(true).min().map_or(0, |l| l + 1)
        };
        assert_eq!(left, expected, "{v}");
    }
}

#[test]
fn all_moves_json_contract_for_the_pile_games() {
    // {1,2,3} from 5: taking 1 leaves 4, lost, in two moves (the loser's 1, the winner's 3).
    let v = all_moves_json(&[
        "solve",
        "subtraction",
        "--pile",
        "5",
        "--set",
        "1-3",
        "--json",
    ]);
    assert_eq!(
        v,
        serde_json::json!({
            "game": "subtraction", "pile": 5, "set": [1, 2, 3], "outcome": "win",
            "winning_moves": [1], "preperiod": 0, "period": 4, "moves_left": 3,
            "moves": [
                {"take": 1, "after": 4, "outcome": "win", "moves_left": 2, "winning_replies": 0},
                {"take": 2, "after": 3, "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                {"take": 3, "after": 2, "outcome": "loss", "moves_left": 1, "winning_replies": 1}
            ],
            "complete": true
        })
    );
    // Huge piles by the proven closed form; sorted by take.
    let v = all_moves_json(&[
        "solve",
        "subtraction",
        "--pile",
        "1000000000000000000",
        "--set",
        "4,1,3",
        "--json",
    ]);
    assert_eq!(v["complete"], true);
    let takes: Vec<u64> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["take"].as_u64().unwrap())
        .collect();
    assert_eq!(takes, [1, 3, 4]);
    // {4,12,15}'s lost piles lengthen at several rates: a gain per residue answers them.
    let v = all_moves_json(&[
        "solve",
        "subtraction",
        "--pile",
        "1000000000000000000",
        "--set",
        "4,12,15",
        "--json",
    ]);
    assert_eq!(v["complete"], true);
    // {17,141,194} shows no arithmetic period within 2^20 piles: past them, null and
    // incomplete.
    let v = all_moves_json(&[
        "solve",
        "subtraction",
        "--pile",
        "1000000000000000000",
        "--set",
        "17,141,194",
        "--json",
    ]);
    assert_eq!(
        (&v["moves_left"], &v["complete"]),
        (&Value::Null, &false.into())
    );
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["moves_left"].is_null())
    );

    // Fibonacci Nim from 21: every take loses; each move names the opponent's limit.
    let v = all_moves_json(&["solve", "fibonacci", "--pile", "21", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert_eq!(
        moves[7],
        serde_json::json!({"take": 8, "after": 13, "max_take": 13, "outcome": "loss",
            "moves_left": 1, "winning_replies": 1})
    );
    let v = all_moves_json(&[
        "solve",
        "fibonacci",
        "--pile",
        "3000",
        "--max",
        "3",
        "--json",
    ]);
    assert_eq!(
        (&v["moves_left"], &v["complete"]),
        (&Value::Null, &false.into())
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn all_moves_json_contract_for_nim() {
    let v = all_moves_json(&["solve", "nim", "--piles", "1,2", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({
            "game": "nim", "piles": [1, 2], "outcome": "win",
            "winning_moves": [{"pile": 2, "take": 1, "after": [1, 1]}],
            "moves_left": 3,
            "moves": [
                {"pile": 1, "take": 1, "after": [0, 2], "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                {"pile": 2, "take": 1, "after": [1, 1], "outcome": "win", "moves_left": 2, "winning_replies": 0},
                {"pile": 2, "take": 2, "after": [1, 0], "outcome": "loss", "moves_left": 1, "winning_replies": 1}
            ],
            "complete": true
        })
    );
    all_moves_json(&["solve", "nim", "--piles", "3,4,5,6", "--json"]);
    // Past the budget of positions: outcomes and replies, no moves left.
    let v = all_moves_json(&["solve", "nim", "--piles", "3000,3000", "--json"]);
    assert_eq!(
        (&v["moves_left"], &v["complete"]),
        (&Value::Null, &false.into())
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 6000);
}

#[test]
fn without_all_moves_the_replies_are_byte_for_byte_as_before() {
    for (args, line) in [
        (
            &[
                "solve",
                "subtraction",
                "--pile",
                "21",
                "--set",
                "1,3,4",
                "--json",
            ][..],
            r#"{"game":"subtraction","pile":21,"set":[1,3,4],"outcome":"loss","winning_moves":[],"preperiod":0,"period":7}"#,
        ),
        (
            &["solve", "fibonacci", "--pile", "22", "--json"],
            r#"{"game":"fibonacci","pile":22,"max_take":21,"outcome":"win","winning_moves":[1]}"#,
        ),
        (
            &["solve", "nim", "--piles", "1,2", "--json"],
            r#"{"game":"nim","piles":[1,2],"outcome":"win","winning_moves":[{"pile":2,"take":1,"after":[1,1]}]}"#,
        ),
        (
            &["solve", "subtraction", "--pile", "21", "--set", "1,3,4"],
            "Subtraction game, pile 21, takes {1,3,4}: the player to move loses against perfect play.\nThe outcomes repeat every 7 piles from pile 0 on.",
        ),
        (
            &["solve", "fibonacci", "--pile", "22"],
            "Fibonacci Nim, pile 22, take at most 21: the player to move wins by taking 1.",
        ),
        (
            &[
                "solve",
                "chomp",
                "--rows",
                "5",
                "--cols",
                "3",
                "--position",
                "5,5,1",
                "--json",
            ],
            r#"{"game":"chomp","rows":5,"cols":3,"position":[5,5,1],"outcome":"win","winning_moves":[{"col":1,"row":3,"notation":"a3","after":[2,2,1]}],"complete":true}"#,
        ),
        (
            &[
                "solve",
                "chomp",
                "--rows",
                "3",
                "--cols",
                "3",
                "--position",
                "3,3,3",
            ],
            "Chomp 3×3, position [3,3,3]: the player to move wins, with 1 winning move:\n  b2   → [3,1,1]",
        ),
    ] {
        let out = munch(args);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{line}\n"),
            "{args:?}"
        );
    }
}

#[test]
fn all_moves_text_is_a_table_of_the_moves() {
    let out = munch(&[
        "solve",
        "subtraction",
        "--pile",
        "5",
        "--set",
        "1-3",
        "--all-moves",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Subtraction game, pile 5, takes {1,2,3}: "),
        "{text}"
    );
    assert!(
        text.contains("Moves left: 3 (for the player to move).\n"),
        "{text}"
    );
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|line| !line.contains("winning replies"))
        .skip(1)
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["1", "4", "win", "2", "0"],
            ["2", "3", "loss", "1", "1"],
            ["3", "2", "loss", "1", "1"]
        ]
    );
    let out = munch(&["solve", "nim", "--piles", "3000,3000", "--all-moves"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Moves left: out of reach"), "{text}");
    assert!(
        text.lines()
            .any(|line| line.split_whitespace().collect::<Vec<_>>()
                == ["1:3000", "0", "·", "3,000", "loss", "?", "1"]),
        "the last move of pile 1"
    );
    let out = munch(&["solve", "fibonacci", "--pile", "4", "--all-moves"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3  1, max 1"), "{text}");
}

#[test]
fn all_moves_is_refused_where_it_cannot_answer() {
    // Chomp where nothing proves the position: no table fits, its box is too big to be solved
    // on the spot, and no closed form or book entry covers it.
    assert_refused(&[
        "solve",
        "chomp",
        "--rows",
        "9",
        "--cols",
        "8",
        "--position",
        "9,9,7,7,5,3,2,2",
        "--memory",
        "1M",
        "--all-moves",
    ]);
    // Too many moves to list.
    assert_refused(&[
        "solve",
        "nim",
        "--piles",
        "1000000000000000000",
        "--all-moves",
    ]);
    assert_refused(&[
        "solve",
        "fibonacci",
        "--pile",
        "1000000000",
        "--all-moves",
        "--json",
    ]);
    let out = munch(&["solve", "nim", "--piles", "200000", "--all-moves"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("at most 100,000 moves"),
        "{out:?}"
    );
}

/// Every move of `munch solve chomp --all-moves --json` (`args`) whose table does not fit:
/// what is said of it agrees with the reference, and a move whose outcome is not said (`null`)
/// is one the closed forms and the opening book do not prove. The moves whose outcome is said.
fn chomp_all_moves_proven_against_the_reference(args: &[&str]) -> Vec<(String, bool)> {
    let with: Vec<&str> = args.iter().copied().chain(["--all-moves"]).collect();
    let out = munch(&with);
    assert!(
        out.status.success(),
        "{with:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    // The reply without the flag, but for `complete`: the moves left are not known.
    let mut plain: Value = serde_json::from_slice(&munch(args).stdout).expect("valid JSON");
    for (key, value) in plain.as_object_mut().unwrap() {
        if key != "complete" {
            assert_eq!(&v[key.as_str()], value, "{key}");
        }
    }
    let heights: Vec<u8> = v["position"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| u8::try_from(h.as_u64().unwrap()).unwrap())
        .collect();
    let (rows, cols) = (
        u8::try_from(v["rows"].as_u64().unwrap()).unwrap(),
        u8::try_from(v["cols"].as_u64().unwrap()).unwrap(),
    );
    let position = Position::from_heights(
        rows.into(),
        cols.into(),
        &heights.iter().map(|&h| usize::from(h)).collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(v["complete"], false, "no moves left: {v}");
    let mut reference = Reference::new();
    let small = heights.iter().map(|&h| u32::from(h)).sum::<u32>() <= 42;
    let mut said = Vec::new();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(
        moves.len(),
        position.moves().count(),
        "every move is listed"
    );
    for m in moves {
        let notation = m["notation"].as_str().unwrap().to_string();
        let after: Vec<u8> = m["after"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| u8::try_from(h.as_u64().unwrap()).unwrap())
            .collect();
        match m["outcome"].as_str() {
            Some(outcome) => {
                if small {
                    let wins = !reference.wins(&after);
                    assert_eq!(outcome, if wins { "win" } else { "loss" }, "{m}");
                }
                said.push((notation, outcome == "win"));
            }
            None => assert!(m["winning_replies"].is_null(), "{m}"),
        }
        if small && let Some(replies) = m["winning_replies"].as_u64() {
            assert_eq!(
                usize::try_from(replies).unwrap(),
                reference.winning_moves(&after).len(),
                "{m}"
            );
        }
    }
    said
}

#[test]
fn all_moves_says_what_the_answer_proves_where_the_table_does_not_fit() {
    // The issue's 20×19 bar: the opening book's one winning move, c3, so every other move
    // loses; and the plain text says why there are no moves left and what proves the rest.
    let args = ["solve", "chomp", "--rows", "20", "--cols", "19", "--json"];
    let said = chomp_all_moves_proven_against_the_reference(&args);
    assert_eq!(said.len(), 20 * 19, "the book proves every move");
    let wins: Vec<&str> = said
        .iter()
        .filter(|(_, wins)| *wins)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(wins, ["c3"]);
    let out = munch(&[&args[..6], &["--all-moves"]].concat());
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("what the closed forms and the opening book prove"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("c3 ") && l.contains(" win ")),
        "{text}"
    );
    // The 26×26 square: b2 by the closed form, and the moves into the closed forms; the
    // rest not proven.
    let said = chomp_all_moves_proven_against_the_reference(&[
        "solve", "chomp", "--rows", "26", "--cols", "26", "--json",
    ]);
    assert!(said.contains(&("b2".to_string(), true)), "{said:?}");
    assert!(said.len() < 26 * 26, "{said:?}");
    // Small boxes against the reference, with no room for any table: a rectangle the book
    // holds, a square, two rows and an L-shape, every move proven.
    for (rows, cols, position) in [
        ("6", "7", "6,6,6,6,6,6,6"),
        ("6", "6", "6,6,6,6,6,6"),
        ("2", "5", "2,2,2,1,1"),
        ("5", "4", "5,1,1,1"),
    ] {
        let said = chomp_all_moves_proven_against_the_reference(&[
            "solve",
            "chomp",
            "--rows",
            rows,
            "--cols",
            cols,
            "--position",
            position,
            "--memory",
            "1M",
            "--json",
        ]);
        let squares: usize = position
            .split(',')
            .map(|h| h.parse::<usize>().unwrap())
            .sum();
        assert_eq!(said.len(), squares, "{position}: {said:?}");
    }
}

#[test]
fn a_position_nothing_answers_is_answered_one_move_on_where_its_moves_are() {
    // [9,9,8,8,6,4,2,2,2] is in no closed form nor the book, and its box is too big to be
    // solved on the spot, but b2 leaves an L with equal arms, which loses: with no table,
    // munch says so, as the Study does ("one move on").
    let args = [
        "solve",
        "chomp",
        "--rows",
        "9",
        "--cols",
        "9",
        "--position",
        "9,9,8,8,6,4,2,2,2",
        "--memory",
        "1M",
    ];
    let out = munch(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(answered by what the closed forms and the opening book prove of the positions its moves leave)"),
        "{text}"
    );
    let v = json_of(&[&args[..], &["--json"]].concat());
    let mut reference = Reference::new();
    let heights = [9, 9, 8, 8, 6, 4, 2, 2, 2];
    assert_eq!(
        v["outcome"],
        if reference.wins(&heights) {
            "win"
        } else {
            "loss"
        }
    );
    let winners = reference.winning_moves(&heights);
    let named = v["winning_moves"].as_array().unwrap();
    assert!(!named.is_empty());
    for m in named {
        let notation = m["notation"].as_str().unwrap();
        assert!(
            winners.iter().any(|w| w.to_string() == notation),
            "{notation} wins: {winners:?}"
        );
    }
    if v["complete"] == true {
        assert_eq!(
            named.len(),
            winners.len(),
            "a complete list names every winner"
        );
    }
}

/// `munch solve chomp` of `heights` in a `rows` × `cols` box with `--all-moves --json`,
/// checked field by field against the reference.
fn chomp_all_moves_against_the_reference(rows: u8, heights: &[u8]) -> Value {
    let cols = heights.len().to_string();
    let rows_text = rows.to_string();
    let position: Vec<String> = heights.iter().map(u8::to_string).collect();
    let position = position.join(",");
    let v = all_moves_json(&[
        "solve",
        "chomp",
        "--rows",
        &rows_text,
        "--cols",
        &cols,
        "--position",
        &position,
        "--json",
    ]);
    let mut reference = Reference::new();
    assert_eq!(v["complete"], true, "{v}");
    assert_eq!(
        v["moves_left"],
        u64::from(reference.moves_left(heights)),
        "{v}"
    );
    let mut expected = Vec::new();
    for (c, &h) in heights.iter().enumerate() {
        for row in 0..h {
            let after: Vec<u8> = heights
                .iter()
                .enumerate()
                .map(|(k, &hk)| if k < c { hk } else { hk.min(row) })
                .collect();
            let wins = !reference.wins(&after);
            expected.push(serde_json::json!({
                "col": c + 1,
                "row": row + 1,
                "notation": format!("{}{}", char::from(b'a' + c as u8), row + 1),
                "after": after,
                "outcome": if wins { "win" } else { "loss" },
                "moves_left": reference.moves_left(&after),
                "winning_replies": reference.winning_moves(&after).len(),
            }));
        }
    }
    assert_eq!(v["moves"], Value::Array(expected), "{heights:?}");
    v
}

#[test]
fn all_moves_json_contract_for_chomp() {
    // The 3×3 bar: b2 wins, leaving the L that mirrors down to the poison in 5 more moves.
    let v = chomp_all_moves_against_the_reference(3, &[3, 3, 3]);
    assert_eq!(v["moves_left"], 6);
    assert_eq!(
        v["moves"][4],
        serde_json::json!({"col": 2, "row": 2, "notation": "b2", "after": [3, 1, 1],
            "outcome": "win", "moves_left": 5, "winning_replies": 0})
    );
    // Eating the poison is listed first, a loss with nothing left.
    assert_eq!(
        v["moves"][0],
        serde_json::json!({"col": 1, "row": 1, "notation": "a1", "after": [0, 0, 0],
            "outcome": "loss", "moves_left": 0, "winning_replies": 0})
    );
    chomp_all_moves_against_the_reference(5, &[5, 5, 1]);
    chomp_all_moves_against_the_reference(4, &[4, 3, 3, 1, 1, 0]);
    chomp_all_moves_against_the_reference(6, &[6, 6, 6, 6, 6, 6]);
    chomp_all_moves_against_the_reference(6, &[5, 4, 2, 2, 1, 1, 0]);
    // A lost position, and the finished one: no move, nothing left.
    let lost = chomp_all_moves_against_the_reference(3, &[2, 1, 0]);
    assert_eq!(lost["outcome"], "loss");
    let over = chomp_all_moves_against_the_reference(5, &[0, 0, 0]);
    assert_eq!(
        (&over["moves_left"], &over["moves"]),
        (&0.into(), &serde_json::json!([]))
    );
}

#[test]
fn chomp_all_moves_out_of_the_budget_is_null_and_incomplete() {
    // 18M holds the 13×13 outcome table (7.6 MiB) with room for what munch holds itself (a few
    // MiB, more in a test build), but not its moves-left table (26.7 MiB).
    let args = [
        "solve", "chomp", "--rows", "13", "--cols", "13", "--memory", "18M", "--json",
    ];
    let with: Vec<&str> = args.iter().copied().chain(["--all-moves"]).collect();
    let out = munch(&with);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    check_all_moves(&v);
    assert_eq!(
        (&v["moves_left"], &v["complete"]),
        (&Value::Null, &false.into())
    );
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 13 * 13);
    assert!(moves.iter().all(|m| m["moves_left"].is_null()), "{v}");
    // The outcomes are all there: only b2 wins the square bar.
    let wins: Vec<&Value> = moves.iter().filter(|m| m["outcome"] == "win").collect();
    assert_eq!(wins.len(), 1);
    assert_eq!(wins[0]["notation"], "b2");
    // Every other field is the reply without the flag.
    let plain: Value = serde_json::from_slice(&munch(&args).stdout).expect("valid JSON");
    for (key, value) in plain.as_object().expect("an object") {
        if key != "complete" {
            assert_eq!(&v[key], value, "{key}");
        }
    }
    assert_eq!(plain["complete"], true);
    let text = munch(&[
        "solve",
        "chomp",
        "--rows",
        "13",
        "--cols",
        "13",
        "--memory",
        "18M",
        "--all-moves",
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Moves left: out of reach"), "{text}");
    assert!(
        text.contains("The moves-left table of the 13×13 box needs"),
        "{text}"
    );
}

#[test]
fn chomp_all_moves_text_is_a_table_of_the_moves() {
    let out = munch(&[
        "solve",
        "chomp",
        "--rows",
        "3",
        "--cols",
        "3",
        "--position",
        "2,1,0",
        "--all-moves",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "Chomp 3×3, position [2,1,0]: the player to move loses against perfect play.\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Moves left: 3 (for the player to move).\n"),
        "{text}"
    );
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|line| !line.contains("winning replies"))
        .skip(1)
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["a1", "[0,0,0]", "loss", "0", "0"],
            ["a2", "[1,1,0]", "loss", "2", "1"],
            ["b1", "[2,0,0]", "loss", "2", "1"]
        ]
    );
}

#[test]
fn a_bad_play_position_gets_one_line_and_exit_code_2() {
    // Each is refused before the game looks for a terminal (standard input is null here, so
    // a position that passed would be refused for the terminal instead: the reason tells).
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "--position", ""],
            "--position: the position is empty",
        ),
        (&["play", "--position", "chess e4"], "'chess' is not a game"),
        (
            &["play", "--position", "chomp 6x7 6,6"],
            "expected 7 column heights, found 2",
        ),
        (
            &["play", "--position", "chomp 6x7 6,7,4,4,2,0,0"],
            "must be 0 to 6",
        ),
        (
            &["play", "--position", "chomp 6x7 0,0,0,0,0,0,0"],
            "the game is over",
        ),
        (
            &["play", "--position", "subtraction 3,5 2"],
            "the game is over",
        ),
        (
            &["play", "--position", "fibonacci 30 max 40"],
            "at most the pile",
        ),
        (&["play", "--position", "nim 1,2,3,4,5,6,7,8,9"], "too many"),
        (
            &[
                "play",
                "--position",
                "nim 1,2",
                "--first",
                "person",
                "--second",
                "person",
                "--level",
                "casual",
            ],
            "neither side is the computer",
        ),
        (
            &["play", "--position", "nim 1,2", "--first", "robot"],
            "robot",
        ),
        (
            &["play", "--position", "nim 1,2", "nim"],
            "cannot be used with",
        ),
        (&["play", "--position"], "a value is required"),
        (&["play", "--first", "computer"], "requires a subcommand"),
    ];
    for &(args, reason) in cases {
        let out = munch(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if reason == "requires a subcommand" {
            // clap's whole explanation, as for `munch play` alone.
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        } else {
            assert_refused(args);
        }
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
        assert!(!stderr.contains("needs a terminal"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_good_play_position_gets_as_far_as_the_terminal() {
    // Without a terminal the game cannot start, but everything before it passed.
    for args in [
        &["play", "--position", "chomp 6x7 6,6,4,4,2,0,0"][..],
        &[
            "play",
            "--position",
            "subtraction 1,3,4 21",
            "--first",
            "computer",
        ],
        &[
            "play",
            "--position",
            "fibonacci 1 max 1",
            "--second",
            "person",
        ],
        &["play", "--position", "nim 3,4,5", "--level", "casual"],
    ] {
        let out = munch(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("the game needs a terminal"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn study_record_refuses_a_missing_or_damaged_record_in_one_line() {
    let dir = std::env::temp_dir().join(format!("munch-cli-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let damaged = dir.join("damaged.txt");
    std::fs::write(
        &damaged,
        "munch game record 1\ngame: fibonacci\nstart: pile=5\nplayers: person, computer\n\
         level: perfect\nmoves:\n1. You: 9\nresult: You won\n",
    )
    .unwrap();
    let missing = dir.join("missing.txt");
    for (args, why) in [
        (
            vec!["study", "--record", missing.to_str().unwrap()],
            "cannot read",
        ),
        (
            vec!["study", "--record", damaged.to_str().unwrap()],
            "move 1 (9) is not a legal move",
        ),
        (vec!["study"], "--record"),
    ] {
        let out = munch(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
        if args.len() > 1 {
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn study_record_quotes_a_huge_bad_value_short_and_reads_a_record_with_a_byte_order_mark() {
    let dir = std::env::temp_dir().join(format!("munch-cli-huge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = |level: &str, first_move: &str| {
        format!(
            "munch game record 1\ngame: fibonacci\nstart: pile=2\nplayers: person, computer\n\
             level: {level}\nmoves:\n1. You: {first_move}\n2. Computer: 1\nresult: Computer won\n"
        )
    };
    let level = dir.join("level.txt");
    std::fs::write(&level, record(&"g".repeat(900_000), "1")).unwrap();
    let token = dir.join("token.txt");
    std::fs::write(&token, record("perfect", &"7".repeat(1_000_000))).unwrap();
    for (path, why, value) in [
        (&level, "the level is perfect, strong or casual", 'g'),
        (&token, "move 1 (", '7'),
    ] {
        let out = munch(&["study", "--record", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{why}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{err:.300}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err:.300}");
        // At most about 40 characters of the value, and a mark that it was cut.
        let quoted = err.chars().filter(|&c| c == value).count();
        assert!(
            (20..=45).contains(&quoted),
            "{quoted} of the value: {err:.300}"
        );
        assert!(err.contains(&format!("{value}…")), "{err:.300}");
        assert!(err.len() < 300 + path.to_str().unwrap().len(), "{err:.300}");
    }
    // A byte-order mark before the header: the record is read (and then the game wants a
    // terminal, which a test has none of).
    let bom = dir.join("bom.txt");
    std::fs::write(&bom, format!("\u{feff}{}", record("perfect", "1"))).unwrap();
    let out = munch(&["study", "--record", bom.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the game needs a terminal"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_huge_command_line_value_is_refused_in_one_short_line() {
    let huge = "9".repeat(100_000);
    for args in [
        vec!["play", "chomp", "--rows", &huge],
        vec!["solve", "chomp", "--rows", "3", "--cols", &huge],
        vec!["--memory", &huge, "play", "chomp"],
        vec!["play", "chomp", "--level", &huge],
        vec![&huge],
    ] {
        let out = munch(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err:.300}");
        let quoted = err.chars().filter(|&c| c == '9').count();
        assert!((20..=45).contains(&quoted), "{quoted} digits: {err:.300}");
        assert!(err.contains("9…'"), "{err:.300}");
    }
}

#[test]
fn study_position_refuses_a_bad_string_in_one_line_and_takes_a_good_one() {
    for (args, why) in [
        (vec!["study", "--position", "chess 8x8"], "--position: "),
        (
            vec!["study", "--position", "chomp 6x7 6,7,4"],
            "--position: ",
        ),
        (vec!["study", "--position", "nim 0"], "--position: "),
        (
            vec!["study", "--position", "nim 3,4,5", "--record", "x.txt"],
            "cannot be used with",
        ),
    ] {
        let out = munch(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    // A good string gets as far as the terminal, which a test has none of.
    let out = munch(&["study", "--position", "chomp 6x7 6,6,4,4,2,0,0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the game needs a terminal"), "{err}");
}

#[test]
fn a_fibonacci_position_is_refused_in_the_same_words_by_solve_play_and_study() {
    let reason = |args: &[&str]| {
        let out = munch(args);
        assert_refused(args);
        let stderr = String::from_utf8_lossy(&out.stderr).trim_end().to_string();
        let line = stderr.trim_start_matches("munch: ");
        line.trim_start_matches("--position: ").to_string()
    };
    for (pile, max) in [("30", "50"), ("1", "2"), ("0", "1"), ("30", "0")] {
        let solved = reason(&["solve", "fibonacci", "--pile", pile, "--max", max]);
        let position = format!("fibonacci {pile} max {max}");
        for command in ["study", "play"] {
            assert_eq!(
                reason(&[command, "--position", &position]),
                solved,
                "{command} {position}"
            );
        }
    }
    assert_eq!(
        reason(&["solve", "fibonacci", "--pile", "30", "--max", "50"]),
        "max 50 is more than the pile of 30: the largest take is at most the pile"
    );
    // Within the pile, all three take it.
    let v = json_of(&[
        "solve",
        "fibonacci",
        "--pile",
        "30",
        "--max",
        "30",
        "--json",
    ]);
    assert_eq!(v["max_take"], 30);
    assert!(
        v["winning_moves"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!(30))
    );
}

#[test]
fn bad_numbers_on_the_command_line_say_what_a_good_one_looks_like() {
    let said = |args: &[&str]| {
        assert_refused(args);
        String::from_utf8_lossy(&munch(args).stderr)
            .trim_end()
            .to_string()
    };
    for args in [
        &["solve", "subtraction", "--pile", "-1", "--set", "1"][..],
        &["solve", "fibonacci", "--pile", "-1"],
        &["play", "subtraction", "--pile", "-5"],
        &["solve", "subtraction", "--pile", "x", "--set", "1"],
    ] {
        let line = said(args);
        assert!(
            line.ends_with("write a whole number of coins, 0 or more, like 21"),
            "{args:?}: {line}"
        );
        assert!(!line.contains("unexpected argument"), "{args:?}: {line}");
    }
    for memory in ["1X", "-2G"] {
        let line = said(&["--memory", memory, "solve", "fibonacci", "--pile", "3"]);
        assert!(line.contains("not a memory size"), "{memory}: {line}");
        assert!(line.ends_with("such as 512M or 2G"), "{memory}: {line}");
        assert!(!line.contains("digit"), "{memory}: {line}");
    }
    // The position strings: the fault named, not a neighbour of it.
    let line = said(&["study", "--position", "subtraction 1,3,4 21 extra"]);
    assert!(line.contains("'extra' follows the pile 21"), "{line}");
    let line = said(&["play", "--position", "chomp 0x7"]);
    assert!(
        line.ends_with("0 is not a number of rows: it must be 1 to 26"),
        "{line}"
    );
}

/// `--memory` reads what its help says and nothing else: a whole number, alone or with K, M, G
/// or T (powers of 1024); a fraction, a space, a larger unit are refused in one line.
#[test]
fn the_memory_option_reads_what_its_help_says() {
    let help = String::from_utf8_lossy(&munch(&["--help"]).stdout).to_string();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("A whole number of bytes, or one with K, M, G or T after it"),
        "{help}"
    );
    for memory in ["0.5G", "1P", "2 G", "1.5T", "2Gi"] {
        let out = munch(&["--memory", memory, "solve", "fibonacci", "--pile", "3"]);
        assert_eq!(out.status.code(), Some(2), "{memory}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(said.trim_end().lines().count(), 1, "{memory}: {said}");
        assert!(said.contains("not a memory size"), "{memory}: {said}");
    }
    for memory in ["2G", "2GB", "2GiB", "2g", "512M"] {
        let out = munch(&["--memory", memory, "solve", "fibonacci", "--pile", "3"]);
        assert!(
            out.status.success(),
            "{memory}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `--memory` is for the whole process, as the help and the docs both say: what munch holds
/// when it starts is taken off, so `--memory 300M` leaves less than 300 MiB for tables.
#[test]
fn the_help_and_the_docs_say_what_memory_does() {
    let help = String::from_utf8_lossy(&munch(&["--help"]).stdout).to_string();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = docs().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("Most memory munch may use, for the whole process"),
        "{help}"
    );
    assert!(!help.contains("on top of"), "{help}");
    assert!(
        readme.contains("(`--memory`, default 2 GiB) is for the whole process"),
        "the docs say what the help says"
    );
    // 21×22 less its corner: nothing proves it without its table (the full 20×21 bar, used
    // before, is won by strategy stealing).
    let position = format!("{},20", ["21"; 21].join(","));
    let out = munch(&[
        "--memory",
        "300M",
        "solve",
        "chomp",
        "--rows",
        "21",
        "--cols",
        "22",
        "--position",
        &position,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    let left = said
        .split("more than the ")
        .nth(1)
        .and_then(|rest| rest.split(" this run may use").next())
        .unwrap_or_else(|| panic!("{said}"));
    let mib: f64 = left
        .strip_suffix(" MiB")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(mib < 300.0 && mib > 200.0, "{said}");
}

#[test]
fn what_munch_proves_without_a_table_is_answered_not_refused() {
    // After the book's c3 on 20×19: what a listed winning first move leaves is lost.
    let after_c3: Vec<String> = [20, 20]
        .into_iter()
        .chain([2; 17])
        .map(|h: u8| h.to_string())
        .collect();
    let after_c3 = after_c3.join(",");
    let v = json_of(&[
        "solve",
        "chomp",
        "--rows",
        "20",
        "--cols",
        "19",
        "--position",
        &after_c3,
        "--json",
    ]);
    assert_eq!(v["outcome"], "loss", "{v}");
    assert_eq!(v["complete"], true, "{v}");
    // On 26×26, a4 leaves the 3×26 bar, whose small table is built on the spot: a4 loses,
    // and the winning replies it leaves are counted.
    let v = json_of(&[
        "solve",
        "chomp",
        "--rows",
        "26",
        "--cols",
        "26",
        "--all-moves",
        "--json",
    ]);
    let a4 = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["notation"] == "a4")
        .expect("a4");
    let mut reference = Reference::new();
    assert!(reference.wins(&[3; 26]));
    assert_eq!(a4["outcome"], "loss", "{a4}");
    assert_eq!(
        a4["winning_replies"],
        reference.winning_moves(&[3; 26]).len(),
        "{a4}"
    );
    // A full rectangle is won by strategy stealing, though no winning move is proven.
    let v = json_of(&["solve", "chomp", "--rows", "20", "--cols", "21", "--json"]);
    assert_eq!(v["outcome"], "win", "{v}");
    assert_eq!(v["winning_moves"], serde_json::json!([]), "{v}");
    assert_eq!(v["complete"], false, "{v}");
    let out = munch(&["solve", "chomp", "--rows", "20", "--cols", "21"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no winning move is proven"), "{text}");
    assert!(text.contains("strategy stealing"), "{text}");
}

#[test]
fn wythoff_json_contract() {
    // The issue's example, byte for byte: the winning moves sorted by the piles they leave.
    let out = munch(&["solve", "wythoff", "--piles", "4, 5", "--json"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"game\":\"wythoff\",\"piles\":[4,5],\"outcome\":\"win\",\"winning_moves\":[{\"move\":\"12:3\",\"after\":[1,2]},{\"move\":\"1:1\",\"after\":[3,5]}]}\n"
    );
    // A lost pair (a_4, b_4) = (6, 10), either way round.
    for piles in ["6,10", "10,6"] {
        let v = json_of(&["solve", "wythoff", "--piles", piles, "--json"]);
        assert_eq!(
            (&v["outcome"], &v["winning_moves"]),
            (&"loss".into(), &serde_json::json!([]))
        );
    }
    // Three winning moves: 2,2 to 0,0, 1,2 and 2,1.
    let v = json_of(&["solve", "wythoff", "--piles", "2,2", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([
            {"move": "12:2", "after": [0, 0]},
            {"move": "1:1", "after": [1, 2]},
            {"move": "2:1", "after": [2, 1]}
        ])
    );
    // Piles of 10^18 are answered at once, exactly.
    let v = json_of(&[
        "solve",
        "wythoff",
        "--piles",
        "1000000000000000000,1",
        "--json",
    ]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"move": "1:999999999999999998", "after": [2, 1]}])
    );
    let v = all_moves_json(&["solve", "wythoff", "--piles", "1,2", "--json"]);
    assert_eq!(
        (&v["moves_left"], &v["complete"]),
        (&2.into(), &true.into())
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
    let out = munch(&["solve", "wythoff", "--piles", "3,5"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("loses against perfect play (a lost pair, k = 2)"),
        "{text}"
    );
}

#[test]
fn bad_wythoff_input_gets_one_line_and_exit_code_2() {
    for (command, piles, reason) in [
        (
            "solve",
            "4",
            "one pile given: Wythoff's game has two, write them like 4,5",
        ),
        ("solve", "1,2,3", "3 piles given"),
        ("solve", "4,,5", "nothing between two commas"),
        ("solve", "-1,5", "-1 is not a pile"),
        (
            "solve",
            "1000000000000000001,1",
            "is too big: a pile holds at most 10^18 coins",
        ),
        ("play", "0,0", "both piles are empty"),
        (
            "play",
            "1000000000000000001,3",
            "is too big: a pile holds at most 10^18 coins",
        ),
        ("play", "x,3", "'x' is not a pile"),
    ] {
        let args = [command, "wythoff", "--piles", piles];
        assert_refused(&args);
        let stderr = String::from_utf8_lossy(&munch(&args).stderr).to_string();
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
}

/// `munch puzzles … --json`: one object a line with exactly the promised fields in order, the
/// very puzzles the library proves (`Game::puzzles`, checked by the brute force in
/// `puzzles.rs`), the same for the same seed.
#[test]
fn puzzles_json_prints_the_proven_puzzles_one_object_a_line() {
    let args = [
        "puzzles",
        "--game",
        "chomp",
        "--count",
        "100",
        "--seed",
        "7",
        "--max-rows",
        "8",
        "--max-cols",
        "8",
        "--json",
    ];
    let out = munch(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 100);
    let fields = [
        "game",
        "position",
        "solution",
        "moves_left",
        "rating",
        "themes",
    ];
    for line in &lines {
        let v: Value = serde_json::from_str(line).unwrap();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_by_key(|k| line.find(&format!("\"{k}\":")).unwrap());
        assert_eq!(keys, fields, "{line}");
        assert_eq!(v["game"], "chomp");
        assert!(v["position"].as_str().unwrap().starts_with("chomp "));
        assert!(v["solution"].as_array().unwrap().len() % 2 == 1);
        assert!(v["moves_left"].as_u64().is_some() && v["rating"].as_u64().is_some());
        assert!(v["themes"].as_array().unwrap().iter().all(Value::is_string));
    }
    let game = munch::games::GAMES[0];
    let bounds = munch::games::core::puzzle::Bounds {
        max_rows: Some(8),
        max_cols: Some(8),
        ..Default::default()
    };
    let proven: Vec<String> = (game.puzzles(&bounds, 7, 100).unwrap().iter())
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    assert_eq!(lines, proven);
    assert_eq!(munch(&args).stdout, text.as_bytes(), "the same seed");
}

/// Every game prints its puzzles, for people without `--json`: the position, the rating and
/// the solution of each.
#[test]
fn puzzles_without_json_lists_them_for_people() {
    for id in ["chomp", "subtraction", "fibonacci", "nim", "wythoff"] {
        let out = munch(&["puzzles", "--game", id, "--count", "3", "--seed", "1"]);
        assert!(out.status.success(), "{id}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("3 "), "{text}");
        assert_eq!(text.matches(&format!(". {id} ")).count(), 3, "{text}");
        assert_eq!(text.matches("rating ").count(), 3, "{text}");
        assert_eq!(text.matches("solution: ").count(), 3, "{text}");
    }
}

/// Fewer puzzles than asked for: those the bounds hold, and a note on stderr, exit code 0.
#[test]
fn puzzles_says_when_the_bounds_hold_fewer() {
    let out = munch(&[
        "puzzles",
        "--game",
        "chomp",
        "--max-rows",
        "2",
        "--max-cols",
        "2",
        "--count",
        "5",
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "munch: found 3 different puzzles within these bounds, of the 5 asked for\n"
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("3 Chomp puzzles")
    );
}

/// A bound a game does not take, or out of its range, an unknown game, no game: one line.
#[test]
fn puzzles_refuses_bad_flags_in_one_line() {
    for args in [
        &["puzzles", "--game", "chomp", "--max-pile", "3"][..],
        &["puzzles", "--game", "chomp", "--max-rows", "11"],
        &[
            "puzzles",
            "--game",
            "chomp",
            "--max-rows",
            "1",
            "--max-cols",
            "1",
        ],
        &["puzzles", "--game", "nim", "--max-rows", "3"],
        &["puzzles", "--game", "nim", "--max-piles", "9"],
        &[
            "puzzles",
            "--game",
            "nim",
            "--max-piles",
            "8",
            "--max-pile",
            "30",
        ],
        &["puzzles", "--game", "wythoff", "--max-piles", "3"],
        &["puzzles", "--game", "subtraction", "--max-pile", "1"],
        &["puzzles", "--game", "fibonacci", "--max-cols", "4"],
        &["puzzles", "--game", "chess"],
        &["puzzles", "--game", "nim", "--count", "0"],
        &["puzzles", "--game", "nim", "--seed", "-1"],
    ] {
        assert_refused(args);
    }
    // Without a game: what is missing and the usage line, as for every command.
    let out = munch(&["puzzles", "--count", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--game"));
}
