//! Sums of games: the answer by the parts' Grundy values (the Sprague–Grundy theorem) against
//! a brute force over the sum itself, which knows nothing of Grundy values.

use munch::games::Catalogue;
use munch::games::core::rules::Rules;
use munch::games::sum::read;
use munch::games::sum::rules::{SumMove, SumPosition, SumRules};
use std::collections::HashMap;

/// Whether the side to move wins `at`, by the definition: some move leaves a lost sum; a sum
/// with no move is lost.
fn brute_wins(rules: &SumRules, at: &SumPosition, memo: &mut HashMap<String, bool>) -> bool {
    let key = at.print();
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let moves: Vec<SumMove> = rules.moves(at).collect();
    let wins = moves
        .into_iter()
        .any(|m| !brute_wins(rules, &rules.play(at, m).unwrap(), memo));
    memo.insert(key, wins);
    wins
}

/// Small sums of up to three parts, of every game.
const SUMS: &[&str] = &[
    "nim 1,2 + wythoff 1,2",
    "chomp 2x3 2,2,1 + nim 2",
    "chomp 3x3 3,2,1 + wythoff 2,3 + nim 3",
    "subtraction 1,3,4 9 + fibonacci 7 max 6",
    "subtraction 2,3 8 + chomp 2x4 2,2,1,1 + fibonacci 5 max 4",
    "wythoff 2,2 + wythoff 1,3 + nim 1,1",
    "chomp 3x4 3,3,2,0 + nim 3,5",
    "fibonacci 6 max 5 + fibonacci 4 max 3 + subtraction 1,2 4",
];

#[test]
fn every_sums_outcome_and_winning_moves_are_the_brute_forces() {
    let mut checked = 0;
    for text in SUMS {
        let start = read::<Catalogue>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let rules = SumRules::new(&start).within(u64::MAX);
        let mut memo = HashMap::new();
        // The start and every position one move away.
        let mut positions = vec![start.clone()];
        positions.extend(rules.moves(&start).map(|m| rules.play(&start, m).unwrap()));
        for at in positions {
            let known = rules
                .known(&at)
                .expect("small parts' values are within reach");
            let wins = brute_wins(&rules, &at, &mut memo);
            assert_eq!(known.wins, wins, "{}", at.print());
            let brute_winning: Vec<SumMove> = (rules.moves(&at))
                .filter(|&m| !brute_wins(&rules, &rules.play(&at, m).unwrap(), &mut memo))
                .collect();
            assert_eq!(known.winning_moves, brute_winning, "{}", at.print());
            assert_eq!(
                rules.grundy(&at, u64::MAX).unwrap() != 0,
                wins,
                "{}",
                at.print()
            );
            let study = rules.study(&at).expect("a sum within reach is studied");
            for studied in study.moves {
                let after = rules.play(&at, studied.mv).unwrap();
                assert_eq!(studied.wins, !brute_wins(&rules, &after, &mut memo));
                let replies = (rules.moves(&after))
                    .filter(|&r| !brute_wins(&rules, &rules.play(&after, r).unwrap(), &mut memo))
                    .count();
                assert_eq!(studied.winning_replies, replies, "{}", after.print());
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} positions");
}

#[test]
fn a_chomp_part_never_eats_the_poison_and_a_spent_part_reads_back() {
    let at = read::<Catalogue>("chomp 2x2 1,0 + nim 0,1").unwrap();
    let parts = at.parts();
    assert!(parts[0].moves().is_empty(), "only the poison is left");
    assert_eq!(parts[0].grundy(u64::MAX), Ok(0));
    let whole = read::<Catalogue>("chomp 2x2 2,2").unwrap();
    assert!(!whole.parts()[0].moves().contains(&"a1".to_string()));
    assert_eq!(whole.parts()[0].moves().len(), 3);
    // Nim's last coin taken: the part is over, and the sum's string still reads back.
    let rules = SumRules::new(&at).within(u64::MAX);
    let after = rules.play(&at, SumMove::new(1, "2:1")).unwrap();
    assert!(rules.is_over(&after));
    let printed = after.print();
    assert_eq!(printed, "sum chomp 2x2 1,0 + nim 0,0");
    let refused = read::<Catalogue>(&printed["sum ".len()..]).unwrap_err();
    assert!(refused.contains("no part has a move"), "{refused}");
}

#[test]
fn a_bad_sum_is_refused_in_one_line_naming_its_part() {
    for (text, says) in [
        ("nim 3 + foo 4", "part 2: 'foo' is not a game"),
        ("nim 3 + ", "part 2 is empty"),
        ("nim 3 + sum nim 2", "part 2: 'sum' is not a game"),
        ("nim 100000", "part 1 (nim 100000) has 100,000 moves"),
        (
            "nim 1 + nim 1 + nim 1 + nim 1 + nim 1 + nim 1 + nim 1 + nim 1 + nim 1 + nim 1",
            "10 parts",
        ),
        ("chomp 3x4 5,1", "part 1 (chomp 3x4 5,1)"),
        // Out of reach: a table past the default --memory, nimbers past a byte.
        (
            "nim 1 + fibonacci 100000 max 3",
            "part 2 (fibonacci 100000 max 3): its Grundy values need a table of 18.6 GiB",
        ),
    ] {
        let refused = read::<Catalogue>(text).unwrap_err();
        assert!(refused.contains(says), "{text}: {refused}");
        assert!(!refused.contains('\n'), "{refused}");
    }
    // The whole position string, as `y` copies it, reads on the menu's line too.
    assert_eq!(
        read::<Catalogue>("Sum nim 3 + nim 4").unwrap().print(),
        "sum nim 3 + nim 4"
    );
    let full = format!("nim 2 + chomp 17x17 {}", vec!["17"; 17].join(","));
    let refused = read::<Catalogue>(&full).unwrap_err();
    assert!(
        refused.contains("part 2") && refused.contains("256 squares"),
        "{refused}"
    );
}

/// A sum's game on screen.
type SumGame = munch::games::core::play::Play<SumRules, munch::games::sum::board::SumBoard>;

#[test]
fn a_sum_is_chosen_on_the_menu_and_played_with_keys_and_the_pointer_to_the_end() {
    use crate::common::{Harness, render_text};
    use munch::games::sum::board::Place;
    use munch::input::Spot;
    use ratatui::crossterm::event::KeyCode;
    let flash = 1 + usize::from(munch::games::turns::FLASH_TICKS);
    let mut h = Harness::new();
    // Up to the Game line, then from Chomp round to the last game: the sum.
    h.keys(&[KeyCode::Up; 7]);
    h.key(KeyCode::Left);
    assert_eq!(h.app.menu.settings.game.game().id(), "sum");
    h.key(KeyCode::Down); // the Parts line: ←/→ go through the presets
    h.key(KeyCode::Right);
    assert_eq!(
        h.app.menu.settings.describe(),
        "Sum of nim 3 + nim 5 + nim 6"
    );
    let menu = render_text(&h.app, 80, 24);
    assert!(
        menu.contains("never misses a win; else fewest replies"),
        "{menu}"
    );
    h.key(KeyCode::Enter);
    h.settle(); // the worker names the budget: the parts' values are known
    let game = |h: &Harness| {
        h.app
            .session_as::<SumGame>()
            .expect("a sum is on")
            .position
            .clone()
    };
    assert_eq!(game(&h).print(), "sum nim 3 + nim 5 + nim 6");
    let screen = render_text(&h.app, 80, 24);
    for line in [
        "1 Nim",
        "2 Nim",
        "3 Nim",
        "value 5",
        "Nim-sum 0 (0 in binary)",
    ] {
        assert!(screen.contains(line), "{line}:\n{screen}");
    }
    // 3 ^ 5 ^ 6 = 0: every move loses. Part 3 (the digit), its second move (↓): 6 → 4.
    h.key(KeyCode::Char('3'));
    h.key(KeyCode::Down);
    h.key(KeyCode::Enter);
    assert_eq!(game(&h).print(), "sum nim 3 + nim 5 + nim 4");
    // The computer answers with the one winning move: 3 ^ 5 ^ 4 = 2, so nim 3 → nim 1.
    h.settle();
    h.ticks(flash);
    h.settle();
    assert_eq!(game(&h).print(), "sum nim 1 + nim 5 + nim 4");
    // The pointer: a click on part 2's box chooses it, a click on its fifth move plays it.
    let point = |h: &mut Harness, place: Place| {
        h.app.update(munch::app::Event::Pointer {
            target: munch::app::Target::Spot(Spot::from(place)),
            click: true,
        });
    };
    render_text(&h.app, 80, 24);
    point(&mut h, Place::Part(1));
    render_text(&h.app, 80, 24);
    point(&mut h, Place::Move { part: 1, index: 4 });
    assert_eq!(game(&h).print(), "sum nim 1 + nim 0 + nim 4");
    // Then to the end: the computer never lets a win go.
    for _ in 0..20 {
        h.settle();
        h.ticks(flash);
        h.settle();
        let Some(session) = h.app.session_as::<SumGame>() else {
            break;
        };
        if session.is_over() {
            break;
        }
        if !session.computer_to_move() {
            h.key(KeyCode::Enter);
        }
    }
    let session = h
        .app
        .session_as::<SumGame>()
        .expect("the game stays on screen");
    assert!(session.is_over());
    assert_eq!(
        session.loser(),
        Some(0),
        "the person started lost and the computer kept it"
    );
}

#[test]
fn the_computer_leaves_the_fewest_winning_replies_when_it_is_losing() {
    let mut rng = fastrand::Rng::with_seed(3);
    for text in SUMS {
        let start = read::<Catalogue>(text).unwrap();
        let rules = SumRules::new(&start).within(u64::MAX);
        let mut memo = HashMap::new();
        let mut positions = vec![start.clone()];
        positions.extend(rules.moves(&start).map(|m| rules.play(&start, m).unwrap()));
        for at in positions.iter().filter(|at| !rules.is_over(at)) {
            let replies = |m: SumMove, memo: &mut HashMap<String, bool>| {
                let after = rules.play(at, m).unwrap();
                (rules.moves(&after))
                    .filter(|&r| !brute_wins(&rules, &rules.play(&after, r).unwrap(), memo))
                    .count()
            };
            let best = rules.best_move(at, true, &mut rng).expect("a move");
            if brute_wins(&rules, at, &mut memo) {
                assert_eq!(replies(best, &mut memo), 0, "{}", at.print());
            } else {
                let fewest = (rules.moves(at)).map(|m| replies(m, &mut memo)).min();
                assert_eq!(Some(replies(best, &mut memo)), fewest, "{}", at.print());
            }
        }
    }
}

/// The sum's own Grundy value by its definition: the least value no move reaches.
fn brute_mex(rules: &SumRules, at: &SumPosition, memo: &mut HashMap<String, u64>) -> u64 {
    let key = at.print();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let moves: Vec<SumMove> = rules.moves(at).collect();
    let reached: Vec<u64> = moves
        .into_iter()
        .map(|m| brute_mex(rules, &rules.play(at, m).unwrap(), memo))
        .collect();
    let g = (0..=reached.len() as u64)
        .find(|g| !reached.contains(g))
        .expect("n values leave one of 0..=n free");
    memo.insert(key, g);
    g
}

#[test]
fn a_sums_own_mex_is_the_xor_of_its_parts_values() {
    let more = [
        "nim 2 + wythoff 1,2 + subtraction 1,3,4 7",
        "chomp 2x3 2,1,1 + fibonacci 6 max 5 + subtraction 2,3 7",
        "wythoff 2,3 + chomp 3x3 3,3,1 + nim 1,3",
        "fibonacci 8 max 7 + nim 4 + wythoff 1,1",
    ];
    let mut checked = 0;
    for text in SUMS.iter().chain(&more) {
        let at = read::<Catalogue>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let rules = SumRules::new(&at).within(u64::MAX);
        let mut memo = HashMap::new();
        let mut positions = vec![at.clone()];
        positions.extend(rules.moves(&at).map(|m| rules.play(&at, m).unwrap()));
        for p in positions {
            let mex = brute_mex(&rules, &p, &mut memo);
            assert_eq!(rules.grundy(&p, u64::MAX).unwrap(), mex, "{}", p.print());
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} positions");
}

// `munch solve --position "sum …"` run as a process.

fn munch(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_munch"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run munch")
}

/// The reply, and the keys of each of its objects in the order written (innermost first).
fn json(args: &[&str]) -> (serde_json::Value, Vec<Vec<String>>) {
    let out = munch(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    (serde_json::from_str(&text).unwrap(), key_orders(&text))
}

/// Every object's keys as written, in the order its `}` closes (JSON without spaces).
fn key_orders(text: &str) -> Vec<Vec<String>> {
    let (mut open, mut closed) = (Vec::<Vec<String>>::new(), Vec::new());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => open.push(Vec::new()),
            '}' => closed.push(open.pop().unwrap()),
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => s.push(chars.next().unwrap()),
                        '"' => break,
                        c => s.push(c),
                    }
                }
                if chars.peek() == Some(&':') {
                    open.last_mut().unwrap().push(s);
                }
            }
            _ => {}
        }
    }
    closed
}

/// The part's own position after `m`, by playing it on that part alone.
fn part_after(at: &SumPosition, m: SumMove) -> String {
    let text = at.parts()[usize::from(m.part)].print();
    let alone = read::<Catalogue>(&text).unwrap();
    let rules = SumRules::new(&alone);
    let after = rules.play(&alone, SumMove::new(0, &m.notation)).unwrap();
    after.parts()[0].print()
}

#[test]
fn the_json_reply_of_a_sum_is_the_issues_contract_checked_by_brute_force() {
    for text in SUMS {
        let at = read::<Catalogue>(text).unwrap();
        let rules = SumRules::new(&at).within(u64::MAX);
        let mut memo = HashMap::new();
        let wins = brute_wins(&rules, &at, &mut memo);
        let position = format!("sum {text}");
        for (args, all) in [
            (vec!["solve", "--position", &position, "--json"], false),
            (
                vec!["solve", "--position", &position, "--json", "--all-moves"],
                true,
            ),
            (vec!["solve", "sum", "--parts", text, "--json"], false),
        ] {
            let (v, orders) = json(&args);
            let mut want = vec!["game", "position", "outcome", "grundy", "components"];
            want.push("winning_moves");
            if all {
                want.push("moves");
            }
            let (top, inner) = orders.split_last().unwrap();
            assert_eq!(top, &want, "{args:?}");
            let component = ["position", "grundy"];
            let winning = ["component", "move", "after"];
            let every = [
                "component",
                "move",
                "after",
                "outcome",
                "grundy",
                "winning_replies",
            ];
            let n = at.parts().len();
            let w = v["winning_moves"].as_array().unwrap().len();
            assert!(inner[..n].iter().all(|k| k == &component), "{inner:?}");
            assert!(inner[n..n + w].iter().all(|k| k == &winning), "{inner:?}");
            assert!(inner[n + w..].iter().all(|k| k == &every), "{inner:?}");
            assert_eq!(v["game"], "sum");
            assert_eq!(v["position"], at.print());
            assert_eq!(v["outcome"], if wins { "win" } else { "loss" }, "{text}");
            let mut mex = HashMap::new();
            assert_eq!(v["grundy"], brute_mex(&rules, &at, &mut mex), "{text}");
            let components = v["components"].as_array().unwrap();
            assert_eq!(components.len(), at.parts().len());
            for (c, part) in components.iter().zip(at.parts()) {
                assert_eq!(c["position"], part.print());
                let alone = read::<Catalogue>(&part.print()).unwrap();
                let alone_rules = SumRules::new(&alone);
                let mut mex = HashMap::new();
                assert_eq!(c["grundy"], brute_mex(&alone_rules, &alone, &mut mex));
            }
            let all_moves: Vec<SumMove> = rules.moves(&at).collect();
            let winning: Vec<SumMove> = (all_moves.iter().copied())
                .filter(|&m| !brute_wins(&rules, &rules.play(&at, m).unwrap(), &mut memo))
                .collect();
            let listed = v["winning_moves"].as_array().unwrap();
            assert_eq!(listed.len(), winning.len(), "{text}");
            for (j, m) in listed.iter().zip(&winning) {
                assert_eq!(j["component"], m.number());
                assert_eq!(j["move"], &*m.notation);
                assert_eq!(j["after"], part_after(&at, *m));
            }
            if all {
                let moves = v["moves"].as_array().unwrap();
                assert_eq!(moves.len(), all_moves.len(), "{text}");
                for (j, &m) in moves.iter().zip(&all_moves) {
                    let after = rules.play(&at, m).unwrap();
                    let good = !brute_wins(&rules, &after, &mut memo);
                    assert_eq!(j["component"], m.number());
                    assert_eq!(j["move"], &*m.notation);
                    assert_eq!(j["after"], part_after(&at, m));
                    assert_eq!(j["outcome"], if good { "win" } else { "loss" });
                    assert_eq!(j["grundy"], brute_mex(&rules, &after, &mut mex));
                    let replies = (rules.moves(&after))
                        .filter(|&r| {
                            !brute_wins(&rules, &rules.play(&after, r).unwrap(), &mut memo)
                        })
                        .count();
                    assert_eq!(j["winning_replies"], replies, "{}", after.print());
                }
            }
        }
    }
}

#[test]
fn the_text_reply_of_a_sum_names_the_winner_the_parts_and_the_winning_moves() {
    let out = munch(&["solve", "--position", "sum nim 3,5 + wythoff 1,2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("sum nim 3,5 + wythoff 1,2 (nim-sum 6)"),
        "{text}"
    );
    assert!(text.contains("the player to move wins"), "{text}");
    assert!(text.contains("1/2:2"), "{text}");
    assert!(text.contains("nim 3,3"), "{text}");
    assert!(
        text.contains("Grundy value 6") && text.contains("Grundy value 0"),
        "{text}"
    );
    let lost = munch(&["solve", "--position", "sum nim 3,5 + nim 6"]);
    let text = String::from_utf8(lost.stdout).unwrap();
    assert!(!text.contains("the player to move wins"), "{text}");
    assert!(!text.contains("1/"), "{text}");
}

#[test]
fn a_part_out_of_reach_is_refused_in_one_line_with_exit_2() {
    for args in [
        &[
            "solve",
            "--position",
            "sum chomp 9x9 9,9,9,9,9,9,9,9,9 + nim 1",
            "--memory",
            "1K",
            "--json",
        ][..],
        &[
            "solve",
            "--position",
            "sum nim 1 + fibonacci 100000 max 4",
            "--json",
        ],
        &["solve", "sum", "--parts", "nim 1 + fibonacci 100000 max 4"],
    ] {
        let out = munch(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("munch: "), "{stderr}");
        assert!(stderr.contains("part "), "{stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
