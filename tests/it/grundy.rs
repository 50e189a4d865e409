//! The Grundy value of every game (`Rules::grundy`), against a brute-force mex recursion
//! written plainly here over each game's moves, and against the game's own answer: a position
//! is won exactly where its Grundy value is not 0.

use munch::games::core::rules::{NoGrundy, Rules};
use munch::games::fibonacci::session::FibonacciRules;
use munch::games::nim::rules::Position as Piles;
use munch::games::nim::session::NimRules;
use munch::games::pile::rules::PilePosition;
use munch::games::subtraction::rules::TakeSet;
use munch::games::subtraction::session::SubtractionRules;
use munch::games::wythoff::rules::Position as Queen;
use munch::games::wythoff::session::WythoffRules;
use munch::solve::subtraction_table::{GrundySequence, PERIOD_SEARCH_LIMIT};
use std::collections::HashMap;

const BUDGET: u64 = 1 << 30;

/// The least whole number not in `values`.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// The subtraction game's values of piles `0..n`: each the mex of those a take reaches.
fn subtraction_brute(sizes: &[u64], n: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(n);
    for x in 0..n {
        let reached = sizes
            .iter()
            .filter(|&&k| k as usize <= x)
            .map(|&k| g[x - k as usize]);
        g.push(mex(reached));
    }
    g
}

/// Take sets: ⟨3,5,9⟩'s values are periodic (period 2) only from pile 14.
const SETS: [&[u64]; 6] = [
    &[1, 2],
    &[1, 3, 4],
    &[2, 5, 6],
    &[3, 4, 9],
    &[2, 3, 7, 11],
    &[3, 5, 9],
];

#[test]
fn subtraction_values_match_the_brute_force_to_pile_200() {
    for sizes in SETS {
        let g = subtraction_brute(sizes, 201);
        let set = TakeSet::new(sizes).unwrap();
        let rules = SubtractionRules::new(&set, 200);
        for (pile, &want) in g.iter().enumerate() {
            let at = SubtractionRules::start(pile as u64);
            assert_eq!(rules.grundy(&at, BUDGET), Ok(want), "{sizes:?} pile {pile}");
            let wins = rules.known(&at).unwrap().wins;
            assert_eq!(wins, want != 0, "{sizes:?} pile {pile}: outcome and value");
        }
    }
}

#[test]
fn subtraction_periods_are_the_least_and_start_as_early_as_they_can() {
    for sizes in SETS {
        let (pre, period) = GrundySequence::solve(sizes, PERIOD_SEARCH_LIMIT)
            .cycle()
            .unwrap();
        let (pre, period) = (pre as usize, period as usize);
        let n = pre + 4 * period + 400;
        let g = subtraction_brute(sizes, n);
        let repeats = |p: usize, from: usize| (from..n - p).all(|x| g[x] == g[x + p]);
        assert!(
            repeats(period, pre),
            "{sizes:?}: period {period} from {pre}"
        );
        assert!(
            (1..period).all(|p| !repeats(p, pre)),
            "{sizes:?}: a shorter period than {period} repeats"
        );
        assert!(
            pre == 0 || g[pre - 1] != g[pre - 1 + period],
            "{sizes:?}: the period starts before {pre}"
        );
    }
}

#[test]
fn published_sequences_answer_a_pile_near_the_top_from_the_period() {
    // ⟨1,2⟩: g(n) = n mod 3. ⟨1,3,4⟩: 0,1,0,1,2,3,2 repeated (Berlekamp, Conway and Guy,
    // Winning Ways, ch. 4; Ferguson, Game Theory, I.3).
    let set = TakeSet::new(&[1, 2]).unwrap();
    let rules = SubtractionRules::new(&set, 0);
    for pile in [u64::MAX, u64::MAX - 1, u64::MAX - 2] {
        let at = SubtractionRules::start(pile);
        assert_eq!(rules.grundy(&at, BUDGET), Ok(pile % 3), "{pile}");
    }
    let pattern = [0, 1, 0, 1, 2, 3, 2];
    let set = TakeSet::new(&[1, 3, 4]).unwrap();
    let rules = SubtractionRules::new(&set, 0);
    for pile in (0..30).chain(u64::MAX - 20..=u64::MAX) {
        let at = SubtractionRules::start(pile);
        assert_eq!(
            rules.grundy(&at, BUDGET),
            Ok(pattern[(pile % 7) as usize]),
            "{pile}"
        );
    }
}

/// Nim's value of `piles` by the mex over every move, not the nim-sum.
fn nim_brute(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&g) = memo.get(&piles) {
        return g;
    }
    let mut reached = Vec::new();
    for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut after = piles.clone();
            after[i] = left;
            reached.push(nim_brute(after, memo));
        }
    }
    let g = mex(reached);
    memo.insert(piles, g);
    g
}

#[test]
fn nim_values_are_the_mex_of_every_move_and_say_who_wins() {
    let rules = NimRules::default();
    let mut memo = HashMap::new();
    for a in 0..=7 {
        for b in 0..=7 {
            for c in 0..=5 {
                let at = Piles::new(&[a, b, c]).unwrap();
                let want = nim_brute(vec![a, b, c], &mut memo);
                assert_eq!(rules.grundy(&at, BUDGET), Ok(want), "{a},{b},{c}");
                assert_eq!(rules.known(&at).unwrap().wins, want != 0, "{a},{b},{c}");
            }
        }
    }
    let top = Piles::new(&[1_000_000_000_000_000_000, 7]).unwrap();
    // 10^18 ends in 18 zero bits: its exclusive or with 7 is its sum with 7.
    assert_eq!(rules.grundy(&top, BUDGET), Ok(1_000_000_000_000_000_007));
}

#[test]
fn a_game_that_does_not_know_its_values_says_so_in_one_line() {
    let line = NoGrundy::Unknown.to_string();
    assert!(!line.is_empty() && !line.contains('\n'), "{line}");
    let over = NoGrundy::over_budget("the table", 3 << 30, 1 << 30).to_string();
    assert_eq!(
        over,
        "the table needs 3.0 GiB, more than the 1.0 GiB this run may use (--memory)"
    );
}

/// Fibonacci Nim's value of `pile` coins with at most `max` allowed, by the mex over every take.
fn fibonacci_brute(pile: u64, max: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    let max = max.min(pile);
    if let Some(&g) = memo.get(&(pile, max)) {
        return g;
    }
    let reached: Vec<u64> = (1..=max)
        .map(|k| fibonacci_brute(pile - k, 2 * k, memo))
        .collect();
    let g = mex(reached);
    memo.insert((pile, max), g);
    g
}

#[test]
fn fibonacci_values_match_the_brute_force_and_say_who_wins() {
    let rules = FibonacciRules::for_pile(60);
    let mut memo = HashMap::new();
    let mut nonzero_above_one = 0;
    for pile in 1..=60 {
        for max in 1..=pile {
            let at = PilePosition {
                pile,
                max_take: max,
            };
            let want = fibonacci_brute(pile, max, &mut memo);
            assert_eq!(rules.grundy(&at, BUDGET), Ok(want), "{pile} max {max}");
            assert_eq!(
                rules.known(&at).unwrap().wins,
                want != 0,
                "{pile} max {max}"
            );
            nonzero_above_one += usize::from(want > 1);
        }
    }
    assert!(nonzero_above_one > 100, "values past 1 are tested too");
    let far = PilePosition {
        pile: 100_000,
        max_take: 3,
    };
    let refused = rules.grundy(&far, 1 << 20).unwrap_err().to_string();
    assert!(
        refused.starts_with("the Grundy table of Fibonacci Nim to pile 100,000 needs "),
        "{refused}"
    );
    // A lost position is 0 however large (Zeckendorf's rule proves it lost).
    let lost = PilePosition {
        pile: 89,
        max_take: 88,
    };
    assert_eq!(rules.grundy(&lost, 1), Ok(0));
}

/// Wythoff's value of `(a, b)` by the mex over every move: from one pile, or the same from both.
fn wythoff_brute(a: u64, b: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&g) = memo.get(&(a, b)) {
        return g;
    }
    let mut reached = Vec::new();
    reached.extend((1..=a).map(|k| wythoff_brute(a - k, b, memo)));
    reached.extend((1..=b).map(|k| wythoff_brute(a, b - k, memo)));
    reached.extend((1..=a.min(b)).map(|k| wythoff_brute(a - k, b - k, memo)));
    let g = mex(reached);
    memo.insert((a, b), g);
    g
}

#[test]
fn wythoff_values_match_the_brute_force_and_say_who_wins() {
    let rules = WythoffRules::default();
    let mut memo = HashMap::new();
    for a in 0..=40 {
        for b in 0..=40 {
            let at = Queen::new(a, b).unwrap();
            let want = wythoff_brute(a, b, &mut memo);
            assert_eq!(rules.grundy(&at, BUDGET), Ok(want), "{a},{b}");
            assert_eq!(rules.known(&at).unwrap().wins, want != 0, "{a},{b}");
        }
    }
    // Row 1 by hand: (1,0) is a heap of 1; (1,1) reaches 0 and 1; (1,2) is a lost pair; …
    let row: Vec<u64> = (0..6)
        .map(|b| rules.grundy(&Queen::new(1, b).unwrap(), BUDGET).unwrap())
        .collect();
    assert_eq!(row, [1, 2, 0, 4, 5, 3]);
    let far = Queen::new(1_000_000, 2_000_000).unwrap();
    let refused = rules.grundy(&far, 1 << 20).unwrap_err().to_string();
    assert!(
        refused.starts_with(
            "the Grundy table of Wythoff's game to piles 1,000,000 and 2,000,000 needs "
        ),
        "{refused}"
    );
    // The lost pair k = 10^17: (⌊kφ⌋, ⌊kφ⌋ + k), φ = 1.6180339887498948482045…
    let lost = Queen::new(161_803_398_874_989_484, 261_803_398_874_989_484).unwrap();
    assert!(!rules.known(&lost).unwrap().wins);
    assert_eq!(rules.grundy(&lost, 1), Ok(0));
}

// The command line: `munch solve --position` answers as the game's own subcommand does, and
// `--grundy` adds the value after the outcome (a line in text).

fn munch(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_munch"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run munch")
}

fn stdout(args: &[&str]) -> String {
    let out = munch(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Exit code 2, one line on stderr (starting `munch: `), nothing on stdout; the line.
fn refused(args: &[&str]) -> String {
    let out = munch(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("munch: "), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    stderr
}

/// Each game's position string, its own subcommand's arguments, and its value by the brute
/// forces above.
fn cases() -> Vec<(&'static str, Vec<&'static str>, u64)> {
    let mut fib = HashMap::new();
    let mut queen = HashMap::new();
    let mut nim = HashMap::new();
    vec![
        (
            "nim 3,4,5",
            vec!["nim", "--piles", "3,4,5"],
            nim_brute(vec![3, 4, 5], &mut nim),
        ),
        (
            "nim 0,4,6",
            vec!["nim", "--piles", "0,4,6"],
            nim_brute(vec![0, 4, 6], &mut nim),
        ),
        (
            "subtraction 1,3,4 21",
            vec!["subtraction", "--set", "1,3,4", "--pile", "21"],
            subtraction_brute(&[1, 3, 4], 22)[21],
        ),
        (
            "subtraction 2,5,6 40",
            vec!["subtraction", "--set", "2,5,6", "--pile", "40"],
            subtraction_brute(&[2, 5, 6], 41)[40],
        ),
        (
            "fibonacci 30 max 5",
            vec!["fibonacci", "--pile", "30", "--max", "5"],
            fibonacci_brute(30, 5, &mut fib),
        ),
        (
            "fibonacci 30",
            vec!["fibonacci", "--pile", "30"],
            fibonacci_brute(30, 29, &mut fib),
        ),
        (
            "wythoff 4,5",
            vec!["wythoff", "--piles", "4,5"],
            wythoff_brute(4, 5, &mut queen),
        ),
        (
            "wythoff 3,5",
            vec!["wythoff", "--piles", "3,5"],
            wythoff_brute(3, 5, &mut queen),
        ),
    ]
}

#[test]
fn solve_position_answers_as_the_game_s_own_subcommand_with_its_grundy_value() {
    for (position, own, value) in cases() {
        for flags in [
            &["--json"][..],
            &["--json", "--all-moves"],
            &[],
            &["--all-moves"],
        ] {
            let mut by_position = vec!["solve", "--position", position];
            by_position.extend(flags);
            let mut by_game = vec!["solve"];
            by_game.extend(&own);
            by_game.extend(flags);
            assert_eq!(stdout(&by_position), stdout(&by_game), "{by_position:?}");
        }
        // --grundy: the same reply with "grundy" right after "outcome".
        let plain = stdout(&["solve", "--position", position, "--json"]);
        let with = stdout(&["solve", "--position", position, "--json", "--grundy"]);
        let outcome_end = plain.find("\"outcome\":\"").unwrap() + "\"outcome\":\"".len();
        let cut = outcome_end + plain[outcome_end..].find('"').unwrap() + 1;
        let expected = format!("{},\"grundy\":{value}{}", &plain[..cut], &plain[cut..]);
        assert_eq!(with, expected, "{position}");
        let json: serde_json::Value = serde_json::from_str(&with).unwrap();
        assert_eq!(json["grundy"], value, "{position}");
        assert_eq!(json["outcome"] == "win", value != 0, "{position}");
        let mut own_grundy = vec!["solve"];
        own_grundy.extend(&own);
        own_grundy.extend(["--json", "--grundy"]);
        assert_eq!(stdout(&own_grundy), with, "{own_grundy:?}");
        // In text, a line after the answer.
        let text = stdout(&["solve", "--position", position, "--grundy"]);
        let answer = stdout(&["solve", "--position", position]);
        assert_eq!(
            text,
            format!("{answer}Grundy value: {value}.\n"),
            "{position}"
        );
    }
}

/// Chomp's value of column heights `heights` (from the poison's column) in normal play, the
/// poison never eaten: eating square (column c, row r) cuts every column from c on to r.
fn chomp_brute(heights: Vec<u8>, memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&g) = memo.get(&heights) {
        return g;
    }
    let mut reached = Vec::new();
    for c in 0..heights.len() {
        for r in 0..heights[c] {
            if (c, r) == (0, 0) {
                continue;
            }
            let after: Vec<u8> = (heights.iter().enumerate())
                .map(|(j, &h)| if j >= c { h.min(r) } else { h })
                .collect();
            reached.push(chomp_brute(after, memo));
        }
    }
    let g = mex(reached);
    memo.insert(heights, g);
    g
}

#[test]
fn chomp_s_position_is_answered_as_its_subcommand_does_with_its_grundy_value() {
    let mut memo = HashMap::new();
    for (position, rows, cols, heights) in [
        ("chomp 3x4 3,3,2,0", "3", "4", "3,3,2,0"),
        ("chomp 4x4 4,4,4,4", "4", "4", "4,4,4,4"),
        ("chomp 3x5 3,2,2,1,1", "3", "5", "3,2,2,1,1"),
    ] {
        for flags in [&["--json"][..], &["--json", "--grundy"], &["--grundy"]] {
            let mut by_position = vec!["solve", "--position", position];
            by_position.extend(flags);
            let mut by_game = vec![
                "solve",
                "chomp",
                "--rows",
                rows,
                "--cols",
                cols,
                "--position",
                heights,
            ];
            by_game.extend(flags);
            assert_eq!(stdout(&by_position), stdout(&by_game), "{position}");
        }
        let json: serde_json::Value = serde_json::from_str(&stdout(&[
            "solve",
            "--position",
            position,
            "--json",
            "--grundy",
        ]))
        .unwrap();
        let bar: Vec<u8> = heights.split(',').map(|h| h.parse().unwrap()).collect();
        let want = chomp_brute(bar, &mut memo);
        assert_eq!(json["grundy"], want, "{position}");
        assert_eq!(json["outcome"] == "win", want != 0, "{position}");
    }
}

#[test]
fn bad_positions_and_values_out_of_reach_get_one_line_and_exit_code_2() {
    for bad in [
        &["solve", "--position", "nim x"][..],
        &["solve", "--position", "go 3,4"],
        &["solve", "--position", ""],
        &["solve", "--position", "nim 0,0"],
        &["solve", "--position", "fibonacci 30 max 31"],
        &["solve", "--position", "subtraction 0 5"],
        &["solve", "--position", "wythoff 3"],
        &["solve", "--position", "chomp 3x4 5,1"],
        &["solve", "--position", "nim 3", "nim", "--piles", "3"],
        &["solve", "--position", "nim 3", "--stats"],
    ] {
        refused(bad);
    }
    let line = refused(&[
        "solve",
        "--position",
        "wythoff 1000000,2000000",
        "--grundy",
        "--memory",
        "64M",
    ]);
    assert!(
        line.starts_with("munch: no Grundy value of wythoff 1000000,2000000: the Grundy table of Wythoff's game to piles 1,000,000 and 2,000,000 needs "),
        "{line}"
    );
    let line = refused(&[
        "solve",
        "fibonacci",
        "--pile",
        "1000000",
        "--grundy",
        "--memory",
        "64M",
    ]);
    assert!(
        line.contains("the Grundy table of Fibonacci Nim to pile 1,000,000 needs "),
        "{line}"
    );
}

/// Chomp's `Rules::grundy`, from the nimber table of the position's own box: every position
/// of the 4 × 5 box against the brute force (each in a box of its own, so small boxes are
/// built too); a box past a byte's nimbers, or past the budget, is refused in one line.
#[test]
fn chomps_rules_give_the_nimber_of_every_position_of_a_small_box() {
    use munch::games::chomp::rules::Position as Bar;
    use munch::games::chomp::tables::ChompRules;
    let mut memo = HashMap::new();
    let full = Bar::full(4, 5).unwrap();
    let rules = ChompRules::new(&full);
    let mut checked = 0;
    for heights in crate::common::every_position(4, 5) {
        if heights.heights().first().is_none_or(|&h| h == 0) {
            continue;
        }
        let want = chomp_brute(heights.heights().to_vec(), &mut memo);
        assert_eq!(rules.grundy(&heights, BUDGET), Ok(want), "{heights}");
        checked += 1;
    }
    assert!(checked > 100, "{checked} positions");
    let big = Bar::full(17, 17).unwrap();
    let refused = ChompRules::new(&big).grundy(&big, BUDGET).unwrap_err();
    assert!(refused.to_string().contains("256 squares"), "{refused}");
    // Rules whose table of the box is held answer whatever the budget; new rules refuse.
    assert_eq!(
        rules.grundy(&full, 10),
        Ok(chomp_brute(full.heights().to_vec(), &mut memo))
    );
    let refused = ChompRules::new(&full).grundy(&full, 10).unwrap_err();
    assert!(refused.to_string().contains("needs"), "{refused}");
}
