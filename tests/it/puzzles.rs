//! Puzzles proven by a game's study (`games::core::puzzle`), checked against a brute force for
//! Nim, the subtraction game and Chomp.

use munch::games::chomp::rules::Position as Bar;
use munch::games::chomp::tables::ChompRules;
use munch::games::core::puzzle::{self, MOST_SOLVER_MOVES, Puzzle};
use munch::games::core::rules::Rules;
use munch::games::core::table::Tabled;
use munch::games::nim::rules::Position as Piles;
use munch::games::nim::session::NimRules;
use munch::games::pile::rules::PilePosition;
use munch::games::request::Request;
use munch::games::subtraction::rules::TakeSet;
use munch::games::subtraction::session::SubtractionRules;
use std::collections::HashMap;
use std::hash::Hash;

/// The states one move leads to from a state.
type Children<K> = Box<dyn Fn(&K) -> Vec<K>>;

/// A game's outcome and moves left by the definition, from scratch, over its own states: the
/// winner finishes as fast as it can, the loser holds out as long as it can.
struct Brute<K> {
    children: Children<K>,
    /// Whether the player to move at a state with no move has won (Chomp: the other ate the
    /// poison) rather than lost (the last coin was taken).
    ended_wins: bool,
    known: HashMap<K, (bool, u64)>,
}

impl<K: Clone + Eq + Hash> Brute<K> {
    fn new(children: impl Fn(&K) -> Vec<K> + 'static, ended_wins: bool) -> Brute<K> {
        Brute {
            children: Box::new(children),
            ended_wins,
            known: HashMap::new(),
        }
    }

    /// Whether the player to move wins, and the moves left.
    fn solve(&mut self, state: &K) -> (bool, u64) {
        if let Some(&known) = self.known.get(state) {
            return known;
        }
        let children: Vec<(bool, u64)> = (self.children)(state)
            .iter()
            .map(|child| self.solve(child))
            .collect();
        let fastest = children.iter().filter(|c| !c.0).map(|c| c.1).min();
        let longest = children.iter().map(|c| c.1).max();
        let solved = match (fastest, longest) {
            (Some(fastest), _) => (true, fastest + 1),
            (None, Some(longest)) => (false, longest + 1),
            (None, None) => (self.ended_wins, 0),
        };
        self.known.insert(state.clone(), solved);
        solved
    }
}

/// Checks the puzzle `rules` find from `start` against `brute` (`state` a position's state):
/// found exactly where the side to move wins with a forced first move; each solver move the
/// only winning one (or a winning one that ends the game, the puzzle's last); each defence the
/// longest; the start's moves left. Whether a puzzle was found, and its length.
fn check<R: Rules, K: Clone + Eq + Hash + std::fmt::Debug>(
    rules: &R,
    start: &R::Position,
    state: impl Fn(&R::Position) -> K,
    brute: &mut Brute<K>,
) -> Option<usize> {
    let here = state(start);
    let puzzle = puzzle::find(rules, start, MOST_SOLVER_MOVES);
    let children = (brute.children)(&here);
    let winners: Vec<&K> = children.iter().filter(|c| !brute.solve(c).0).collect();
    let ends = |brute: &Brute<K>, k: &K| (brute.children)(k).is_empty();
    let forced = winners.len() == 1 || winners.iter().any(|w| ends(brute, w));
    let (wins, left) = brute.solve(&here);
    assert_eq!(puzzle.is_some(), wins && forced, "{here:?}");
    let Puzzle {
        solution,
        moves_left,
        ends: last_ends,
    } = puzzle?;
    assert_eq!(moves_left, left, "{here:?}");
    assert_eq!(solution.len() % 2, 1, "ends on a solver move: {here:?}");
    assert!(
        solution.len() < 2 * MOST_SOLVER_MOVES,
        "at most {MOST_SOLVER_MOVES} solver moves"
    );
    let mut at = start.clone();
    for (index, &mv) in solution.iter().enumerate() {
        let after = rules.play(&at, mv).expect("a legal move");
        let (before, next) = (state(&at), state(&after));
        let others = (brute.children)(&before);
        if index % 2 == 0 {
            assert!(
                !brute.solve(&next).0,
                "the solver's move wins: {before:?} → {next:?}"
            );
            let winners = others.iter().filter(|c| !brute.solve(c).0).count();
            let over = ends(brute, &next);
            assert!(
                winners == 1 || over,
                "the only win, or one that ends it: {before:?}"
            );
            assert_eq!(over, last_ends && index + 1 == solution.len());
        } else {
            let longest = others.iter().map(|c| brute.solve(c).1).max().unwrap();
            assert_eq!(
                brute.solve(&next).1,
                longest,
                "the longest defence: {before:?}"
            );
        }
        at = after;
    }
    Some(solution.len())
}

/// Every position of up to three Nim piles of up to five.
#[test]
fn every_small_nim_puzzle_is_proven_by_the_brute_force() {
    let children = |piles: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut after = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for left in 0..pile {
                let mut next = piles.clone();
                next[i] = left;
                after.push(next);
            }
        }
        after
    };
    let mut brute = Brute::new(children, false);
    let (mut found, mut longest) = (0, 0);
    for count in 1..=3u32 {
        for number in 0..6u64.pow(count) {
            let piles: Vec<u64> = (0..count).map(|i| number / 6u64.pow(i) % 6).collect();
            let start = Piles::new(&piles).unwrap();
            let mut rules = Tabled::new(NimRules::default(), start.clone());
            assert!(
                rules.build(true).is_none(),
                "a small table is built at once"
            );
            let state = |at: &Piles| at.piles().to_vec();
            if let Some(length) = check(&rules, &start, state, &mut brute) {
                (found, longest) = (found + 1, longest.max(length));
            }
        }
    }
    assert!(found > 50, "{found} puzzles");
    assert!(
        longest >= 3,
        "some puzzle has a defence: {longest} moves at most"
    );
}

/// Every pile up to 40 of three take sets.
#[test]
fn every_small_subtraction_puzzle_is_proven_by_the_brute_force() {
    for sizes in ["1,2", "1,3,4", "2,5"] {
        let set = TakeSet::parse(sizes).unwrap();
        let takes: Vec<u64> = set.sizes().to_vec();
        let children = move |pile: &u64| -> Vec<u64> {
            takes
                .iter()
                .filter(|&&k| k <= *pile)
                .map(|k| pile - k)
                .collect()
        };
        let mut brute = Brute::new(children, false);
        let mut longest = 0;
        for pile in 0..=40 {
            let rules = SubtractionRules::new(&set, pile);
            let start = SubtractionRules::start(pile);
            let state = |at: &PilePosition| at.pile;
            if let Some(length) = check(&rules, &start, state, &mut brute) {
                longest = longest.max(length);
            }
        }
        assert!(longest >= 3, "{sizes}: a puzzle with a defence");
    }
}

/// Every position of a 4 × 4 bar, from the tables the game builds.
#[test]
fn every_small_chomp_puzzle_is_proven_by_the_brute_force() {
    let children = |heights: &Vec<u8>| -> Vec<Vec<u8>> {
        let mut after = Vec::new();
        for col in 0..heights.len() {
            for row in 0..heights[col] {
                let eaten: Vec<u8> = (0..heights.len())
                    .map(|c| {
                        if c >= col {
                            heights[c].min(row)
                        } else {
                            heights[c]
                        }
                    })
                    .collect();
                after.push(eaten);
            }
        }
        after
    };
    let mut brute = Brute::new(children, true);
    let full = Bar::full(4, 4).unwrap();
    let mut rules = ChompRules::new(&full).wanting_moves_left(true);
    for _ in 0..4 {
        let Some(waiting) = rules.build(true) else {
            break;
        };
        let Request::Build(task) = waiting.request() else {
            panic!("a build");
        };
        rules.take_built(task.run(&mut |_, _| true).expect("built"));
    }
    let (mut found, mut longest) = (0, 0);
    for number in 0..5u32.pow(4) {
        let heights: Vec<usize> = (0..4)
            .map(|i| (number / 5u32.pow(i) % 5) as usize)
            .collect();
        if heights.windows(2).any(|w| w[1] > w[0]) || heights[0] == 0 {
            continue;
        }
        let start = Bar::from_heights(4, 4, &heights).unwrap();
        let state = |at: &Bar| at.heights().to_vec();
        if let Some(length) = check(&rules, &start, state, &mut brute) {
            (found, longest) = (found + 1, longest.max(length));
        }
    }
    assert!(found > 10, "{found} puzzles");
    assert!(
        longest >= 3,
        "some puzzle has a defence: {longest} moves at most"
    );
}
