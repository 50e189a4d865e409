//! The coin-pile solvers against brute force, the seeds' examples, and huge piles.

use munch::games::fibonacci::answer::{fibonacci_winning_takes, fibonacci_wins};
use munch::games::fibonacci::rules as fib_rules;
use munch::games::pile::rules::PilePosition;
use munch::games::subtraction::rules::TakeSet;
use munch::solve::subtraction_table::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// Who wins every pile up to `n`, by the seed assignment's P/N labelling.
fn brute_subtraction(set: &[u64], n: usize) -> Vec<bool> {
    let mut wins = vec![false; n + 1];
    for x in 1..=n {
        wins[x] = set
            .iter()
            .any(|&k| k as usize <= x && !wins[x - k as usize]);
    }
    wins
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn subtraction_agrees_with_brute_force(raw in proptest::collection::vec(1u64..=12, 1..5)) {
        let set = TakeSet::new(&raw).unwrap();
        let solution = SubtractionSolution::solve(set.sizes(), PERIOD_SEARCH_LIMIT);
        let (start, period) = solution.cycle().expect("small sets show their period");
        let brute = brute_subtraction(set.sizes(), 3000);
        for (pile, &wins) in brute.iter().enumerate() {
            let pile = pile as u64;
            prop_assert_eq!(solution.wins(pile), Some(wins), "pile {}", pile);
            let takes: Vec<u64> = set.legal(pile).filter(|&k| !brute[(pile - k) as usize]).collect();
            prop_assert_eq!(solution.winning_takes(pile), Some(takes));
        }
        // The reported period really repeats, and the preperiod cannot start earlier.
        for x in start..start + 2 * period {
            prop_assert_eq!(brute[x as usize], brute[(x + period) as usize]);
        }
        if start > 0 {
            prop_assert_ne!(brute[start as usize - 1], brute[(start - 1 + period) as usize]);
        }
    }
}

#[test]
fn subtraction_1_3_4_loses_on_0_and_2_mod_7_even_for_huge_piles() {
    let set = TakeSet::parse("1,3,4").unwrap();
    let solution = SubtractionSolution::solve(set.sizes(), PERIOD_SEARCH_LIMIT);
    assert_eq!(solution.cycle(), Some((0, 7)));
    for pile in [
        0u64,
        2,
        7,
        9,
        1_000_000_000_000_000_000,
        u64::MAX,
        u64::MAX - 1,
    ] {
        let lost = pile % 7 == 0 || pile % 7 == 2;
        assert_eq!(solution.wins(pile), Some(!lost), "{pile}");
    }
    // Without 1 in S a player can be stuck with coins left: {2,5} loses on piles 0, 1 mod 7.
    let solution =
        SubtractionSolution::solve(TakeSet::parse("2,5").unwrap().sizes(), PERIOD_SEARCH_LIMIT);
    assert_eq!(solution.wins(1), Some(false));
    assert_eq!(solution.winning_takes(1), Some(vec![]));
}

#[test]
fn a_period_longer_than_the_search_limit_is_reported_as_unknown() {
    let set = TakeSet::parse("1,4095").unwrap();
    let solution = SubtractionSolution::solve(set.sizes(), 100);
    assert_eq!(solution.cycle(), None);
    assert_eq!(
        solution.wins(50),
        Some(false),
        "only 1 can be taken: even piles lose"
    );
    assert_eq!(solution.wins(51), Some(true));
    assert_eq!(solution.wins(10_000), None);
}

/// Every winning take of every Fibonacci Nim position, by memoized search (the seed notebook's
/// method, listing all winning takes instead of the first).
struct FibReference(FxHashMap<(u64, u64), bool>);

impl FibReference {
    fn wins(&mut self, p: PilePosition) -> bool {
        if p.pile == 0 {
            return false;
        }
        let key = (p.pile, fib_rules::limit(p));
        if let Some(&w) = self.0.get(&key) {
            return w;
        }
        let w = (1..=fib_rules::limit(p)).any(|k| !self.wins(fib_rules::take(p, k)));
        self.0.insert(key, w);
        w
    }

    fn winning_takes(&mut self, p: PilePosition) -> Vec<u64> {
        (1..=fib_rules::limit(p))
            .filter(|&k| !self.wins(fib_rules::take(p, k)))
            .collect()
    }
}

#[test]
fn fibonacci_agrees_with_brute_force_on_every_position_up_to_300() {
    let mut reference = FibReference(FxHashMap::default());
    for pile in 0..=300 {
        for max_take in 1..=pile.max(1) {
            let p = PilePosition { pile, max_take };
            assert_eq!(fibonacci_wins(p), reference.wins(p), "{p:?}");
            assert_eq!(
                fibonacci_winning_takes(p),
                reference.winning_takes(p),
                "{p:?}"
            );
        }
    }
}

#[test]
fn the_seed_notebook_main_22() {
    // "Starting pile: is 22, Player1 max-move is 21, and winning-number is 1"
    let start = fib_rules::start(22).unwrap();
    assert!(fibonacci_wins(start));
    assert!(fibonacci_winning_takes(start).contains(&1));
    // "pile: is 21, Player2 max-move is 2, ... Player2 has no moves that would lead to a win."
    let reply = fib_rules::take(start, 1);
    assert_eq!(
        reply,
        PilePosition {
            pile: 21,
            max_take: 2
        }
    );
    assert!(!fibonacci_wins(reply));
    assert!(fibonacci_winning_takes(reply).is_empty());
    // A Fibonacci-number pile loses at the start.
    assert!(!fibonacci_wins(fib_rules::start(21).unwrap()));
}

#[test]
fn fibonacci_answers_huge_piles_instantly() {
    for pile in [
        1_000_000_000_000_000_000u64,
        u64::MAX,
        12_200_160_415_121_876_738,
    ] {
        let p = fib_rules::start(pile).unwrap();
        let takes = fibonacci_winning_takes(p);
        assert_eq!(fibonacci_wins(p), !takes.is_empty());
        for k in takes {
            assert!(!fibonacci_wins(fib_rules::take(p, k)), "{pile}: {k}");
        }
    }
    // 12200160415121876738 is a Fibonacci number: lost at the start.
    assert!(!fibonacci_wins(
        fib_rules::start(12_200_160_415_121_876_738).unwrap()
    ));
}
