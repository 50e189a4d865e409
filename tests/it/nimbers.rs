//! The Chomp nimber table against a brute-force recursion, and against the outcome table.

use crate::common;

use munch::solve::{NimberTable, OutcomeTable};
use std::collections::HashMap;

/// The nimber of a position (column heights) by the definition: the least value that no move
/// leaves, over every square but the poison, each eaten with everything above and right of it.
fn brute_force(heights: &[u8], memo: &mut HashMap<Vec<u8>, u8>) -> u8 {
    if let Some(&g) = memo.get(heights) {
        return g;
    }
    let mut seen = vec![false; 257];
    for c in 0..heights.len() {
        for r in 0..heights[c] {
            if c == 0 && r == 0 {
                continue;
            }
            let after: Vec<u8> = heights
                .iter()
                .enumerate()
                .map(|(k, &h)| if k >= c { h.min(r) } else { h })
                .collect();
            seen[usize::from(brute_force(&after, memo))] = true;
        }
    }
    let g = seen.iter().position(|&s| !s).unwrap() as u8;
    memo.insert(heights.to_vec(), g);
    g
}

fn build(rows: u8, cols: u8, workers: usize) -> NimberTable {
    NimberTable::build_with(rows, cols, workers, &mut |_, _| true).expect("not cancelled")
}

fn all_heights(rows: u8, cols: u8) -> Vec<Vec<u8>> {
    common::every_position(rows.into(), cols.into())
        .iter()
        .map(|p| p.heights().to_vec())
        .collect()
}

#[test]
fn every_position_of_every_box_up_to_6x6_on_one_worker_and_two() {
    let mut memo = HashMap::new();
    for rows in 1..=6u8 {
        for cols in 1..=6u8 {
            for workers in [1, 2] {
                let table = build(rows, cols, workers);
                let all = all_heights(rows, cols);
                assert_eq!(table.positions(), all.len() as u64);
                for heights in &all {
                    assert_eq!(
                        table.nimber(heights),
                        Some(brute_force(heights, &mut memo)),
                        "{heights:?} in {rows}×{cols}, {workers} workers"
                    );
                }
            }
        }
    }
}

#[test]
fn random_positions_of_9x9() {
    let table = NimberTable::build(9, 9, &mut |_, _| true).expect("not cancelled");
    let two = build(9, 9, 2);
    assert_eq!(table.values(), two.values());
    let mut memo = HashMap::new();
    let mut rng = fastrand::Rng::with_seed(26);
    for _ in 0..300 {
        let mut heights: Vec<u8> = (0..9).map(|_| rng.u8(0..=9)).collect();
        heights.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(
            table.nimber(&heights),
            Some(brute_force(&heights, &mut memo)),
            "{heights:?}"
        );
    }
}

#[test]
fn every_full_rectangle_up_to_10x10() {
    let mut memo = HashMap::new();
    for rows in 1..=10u8 {
        for cols in 1..=10u8 {
            let table = NimberTable::build(rows, cols, &mut |_, _| true).expect("not cancelled");
            let full = vec![rows; usize::from(cols)];
            assert_eq!(
                table.nimber(&full),
                Some(brute_force(&full, &mut memo)),
                "{rows}×{cols}"
            );
        }
    }
}

#[test]
fn a_bar_is_a_heap_and_an_l_is_two() {
    // Published forms: a single row or column of n squares is a Nim heap of n - 1 (the poison
    // is never eaten), and an L of arms a and b (the poison's square shared) is Nim with heaps
    // a and b, whose value is a XOR b.
    let table = build(12, 12, 2);
    for a in 0..12u8 {
        for b in 0..12u8 {
            let mut heights = vec![0u8; 12];
            heights[0] = a + 1;
            heights[1..=usize::from(b)].fill(1);
            assert_eq!(table.nimber(&heights), Some(a ^ b), "{heights:?}");
        }
    }
}

#[test]
fn nimber_zero_exactly_where_the_outcome_table_says_lost() {
    for (rows, cols, workers) in [(8, 8, 2), (4, 15, 2), (15, 4, 1), (11, 10, 2)] {
        let nimbers = build(rows, cols, workers);
        let outcomes = OutcomeTable::build(rows, cols, &mut |_, _| true).expect("not cancelled");
        let mut lost = 0;
        for heights in all_heights(rows, cols) {
            // The empty bar has no move (nimber 0), but the outcome table counts it as won:
            // the player facing it has watched the poison eaten.
            if heights[0] == 0 {
                assert_eq!(nimbers.nimber(&heights), Some(0));
                continue;
            }
            let zero = nimbers.nimber(&heights) == Some(0);
            assert_eq!(
                zero,
                outcomes.wins(&heights) == Some(false),
                "{heights:?} in {rows}×{cols}"
            );
            lost += u64::from(zero);
        }
        assert_eq!(lost, outcomes.losing_positions(), "{rows}×{cols}");
        assert_eq!(nimbers.counts()[0], lost + 1, "{rows}×{cols}");
    }
}

fn munch(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_munch"))
        .args(args)
        .output()
        .expect("munch runs")
}

#[test]
fn solve_with_grundy_and_stats_counts_every_position_by_nimber() {
    let out = munch(&[
        "solve", "chomp", "--rows", "8", "--cols", "8", "--grundy", "--stats", "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let reply: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let counts: Vec<u64> = reply["positions_by_grundy"]
        .as_array()
        .expect("counts")
        .iter()
        .map(|n| n.as_u64().expect("a count"))
        .collect();
    assert_eq!(
        counts.iter().sum::<u64>(),
        reply["positions"].as_u64().unwrap()
    );
    assert_eq!(counts.iter().sum::<u64>(), 12_870); // C(16, 8)
    // The empty bar and the lost positions have nimber 0.
    assert_eq!(counts[0], reply["losing_positions"].as_u64().unwrap() + 1);
    let full = vec![8u8; 8];
    let expected = brute_force(&full, &mut HashMap::new());
    assert_eq!(reply["grundy"].as_u64(), Some(u64::from(expected)));
    assert_eq!(reply["outcome"], if expected == 0 { "loss" } else { "win" });

    // Text: the nimber, and the counts on one line, adding up the same.
    let out = munch(&[
        "solve", "chomp", "--rows", "8", "--cols", "8", "--grundy", "--stats",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "nimber (Grundy value, the poison never eaten): {expected}\n"
        )),
        "{text}"
    );
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("positions by nimber: "))
        .expect("the counts' line");
    let counted: u64 = line
        .split(", ")
        .map(|entry| {
            let (_, n) = entry.split_once(": ").expect("g: n");
            n.replace(',', "").parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(counted, 12_870, "{line}");
}

#[test]
fn grundy_alone_gives_the_position_s_nimber() {
    let mut memo = HashMap::new();
    for (position, heights) in [
        ("5,3,3,1,0,0", vec![5u8, 3, 3, 1, 0, 0]),
        ("1,0,0,0,0,0", vec![1, 0, 0, 0, 0, 0]),
    ] {
        let out = munch(&[
            "solve",
            "chomp",
            "--rows",
            "5",
            "--cols",
            "6",
            "--position",
            position,
            "--grundy",
            "--json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let reply: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let expected = brute_force(&heights, &mut memo);
        assert_eq!(
            reply["grundy"].as_u64(),
            Some(u64::from(expected)),
            "{position}"
        );
        assert!(reply.get("positions_by_grundy").is_none(), "{reply}");
    }
    // Without --grundy, no nimber.
    let out = munch(&["solve", "chomp", "--rows", "3", "--cols", "3", "--json"]);
    let reply: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(reply.get("grundy").is_none(), "{reply}");
}

#[test]
fn a_nimber_table_over_budget_or_past_a_byte_is_refused_in_one_line() {
    // The 14×14 outcome table (5 MB) fits 30M; its nimber table (40 MB) does not.
    for args in [
        &[
            "--memory", "30M", "solve", "chomp", "--rows", "14", "--cols", "14", "--grundy",
        ][..],
        &["solve", "chomp", "--rows", "17", "--cols", "16", "--grundy"][..],
    ] {
        let out = munch(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("--grundy"), "{stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
