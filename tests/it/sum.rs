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
