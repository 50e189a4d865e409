//! Puzzles proven by a game's study (`games::core::puzzle`), checked against a brute force.

use munch::games::core::puzzle::{self, MOST_SOLVER_MOVES, Puzzle};
use munch::games::core::rules::Rules;
use munch::games::core::table::Tabled;
use munch::games::nim::rules::{Move, Position};
use munch::games::nim::session::{NimRules, NimTabled};
use std::collections::HashMap;

/// Nim's moves left by the definition, from scratch: the winner finishes as fast as it can,
/// the loser holds out as long as it can.
struct Brute(HashMap<Vec<u64>, u64>);

impl Brute {
    fn moves(piles: &[u64]) -> Vec<Vec<u64>> {
        let mut after = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for left in 0..pile {
                let mut next = piles.to_vec();
                next[i] = left;
                after.push(next);
            }
        }
        after
    }

    fn left(&mut self, piles: &[u64]) -> u64 {
        if let Some(&left) = self.0.get(piles) {
            return left;
        }
        let children: Vec<u64> = Brute::moves(piles).iter().map(|p| self.left(p)).collect();
        let winning = children.iter().copied().filter(|l| l % 2 == 0).min();
        let left = match (winning, children.iter().copied().max()) {
            (Some(fastest), _) => fastest + 1,
            (None, Some(longest)) => longest + 1,
            (None, None) => 0,
        };
        self.0.insert(piles.to_vec(), left);
        left
    }

    fn wins(&mut self, piles: &[u64]) -> bool {
        self.left(piles) % 2 == 1
    }
}

fn rules(start: &Position) -> NimTabled {
    let mut rules = Tabled::new(NimRules::default(), start.clone());
    assert!(
        rules.build(true).is_none(),
        "a small table is built at once"
    );
    rules
}

/// Every position of up to three piles of up to five: a puzzle exactly where the side to move
/// wins with a forced first move; each solver move the only winning one (or a winning one
/// that ends the game, the puzzle's last); each defence the longest; the start's moves left.
#[test]
fn every_small_nim_puzzle_is_proven_by_the_brute_force() {
    let mut brute = Brute(HashMap::new());
    let mut found = 0;
    let mut longest = 0;
    for count in 1..=3u32 {
        for number in 0..6u64.pow(count) {
            let piles: Vec<u64> = (0..count).map(|i| number / 6u64.pow(i) % 6).collect();
            let start = Position::new(&piles).unwrap();
            let rules = rules(&start);
            let puzzle = puzzle::find(&rules, &start, MOST_SOLVER_MOVES);
            let winning_first = Brute::moves(&piles)
                .into_iter()
                .filter(|p| !brute.wins(p))
                .collect::<Vec<_>>();
            let forced_start =
                winning_first.len() == 1 || winning_first.iter().any(|p| p.iter().all(|&c| c == 0));
            assert_eq!(
                puzzle.is_some(),
                brute.wins(&piles) && forced_start,
                "{piles:?}"
            );
            let Some(Puzzle {
                solution,
                moves_left,
                ends,
            }) = puzzle
            else {
                continue;
            };
            found += 1;
            longest = longest.max(solution.len());
            assert_eq!(moves_left, brute.left(&piles), "{piles:?}");
            assert_eq!(solution.len() % 2, 1, "ends on a solver move: {piles:?}");
            assert!(
                solution.len() < 2 * MOST_SOLVER_MOVES,
                "at most {MOST_SOLVER_MOVES} solver moves"
            );
            let mut at = piles.clone();
            for (index, &mv) in solution.iter().enumerate() {
                let after = play(&at, mv);
                let others = Brute::moves(&at);
                if index % 2 == 0 {
                    assert!(
                        !brute.wins(&after),
                        "the solver's move wins: {piles:?} {mv}"
                    );
                    let game_over = after.iter().all(|&c| c == 0);
                    let winners = others.iter().filter(|p| !brute.wins(p)).count();
                    assert!(
                        winners == 1 || game_over,
                        "the only win, or one that ends it: {piles:?} {mv}"
                    );
                    assert_eq!(game_over, ends && index + 1 == solution.len());
                } else {
                    let longest = others.iter().map(|p| brute.left(p)).max().unwrap();
                    assert_eq!(
                        brute.left(&after),
                        longest,
                        "the longest defence: {piles:?}"
                    );
                }
                at = after;
            }
        }
    }
    assert!(found > 50, "{found} puzzles");
    assert!(
        longest >= 3,
        "some puzzle has a defence: {longest} moves at most"
    );
}

fn play(piles: &[u64], mv: Move) -> Vec<u64> {
    let start = Position::new(piles).unwrap();
    let rules = rules(&start);
    rules.play(&start, mv).unwrap().piles().to_vec()
}
