//! The one-pile games' computer player: a winning take when there is one, otherwise the take
//! that leaves the fewest winning replies.

use crate::games::fibonacci::answer::fibonacci_winning_takes;
use crate::games::fibonacci::rules::FibPosition;
use crate::games::subtraction::answer::SubtractionSolution;

/// The computer's take in a subtraction game, or `None` if it has no legal take (it lost).
///
/// Same contract as in Chomp: a winning take when there is one; otherwise the take that leaves
/// the fewest winning replies. Where the pile is past what the solver knows (no period found),
/// the smallest legal take.
pub fn choose_subtraction_take(
    solution: &SubtractionSolution,
    pile: u64,
    rng: &mut fastrand::Rng,
) -> Option<u64> {
    let legal: Vec<u64> = solution.set().legal(pile).collect();
    if legal.is_empty() {
        return None;
    }
    let Some(winning) = solution.winning_takes(pile) else {
        return Some(legal[0]);
    };
    if !winning.is_empty() {
        return Some(winning[rng.usize(..winning.len())]);
    }
    let replies = |k: u64| {
        solution
            .winning_takes(pile - k)
            .map_or(usize::MAX, |w| w.len())
    };
    Some(fewest(&legal, replies, rng))
}

/// How many takes the computer weighs from a lost Fibonacci Nim position (every take loses;
/// it looks for the one leaving the fewest winning replies among the smallest takes, which
/// also leave the opponent the least room).
const FIBONACCI_CANDIDATES: u64 = 64;

/// The computer's take in Fibonacci Nim, or `None` if the pile is empty. Same contract as in
/// Chomp.
pub fn choose_fibonacci_take(position: FibPosition, rng: &mut fastrand::Rng) -> Option<u64> {
    if position.limit() == 0 {
        return None;
    }
    let winning = fibonacci_winning_takes(position);
    if !winning.is_empty() {
        return Some(winning[rng.usize(..winning.len())]);
    }
    let candidates: Vec<u64> = (1..=position.limit().min(FIBONACCI_CANDIDATES)).collect();
    let replies = |k: u64| fibonacci_winning_takes(position.take(k)).len();
    Some(fewest(&candidates, replies, rng))
}

/// The candidate with the fewest winning replies, ties at random.
fn fewest(candidates: &[u64], replies: impl Fn(u64) -> usize, rng: &mut fastrand::Rng) -> u64 {
    let counts: Vec<usize> = candidates.iter().map(|&k| replies(k)).collect();
    let least = counts.iter().copied().min().unwrap_or(0);
    let best: Vec<u64> = candidates
        .iter()
        .zip(&counts)
        .filter(|&(_, &c)| c == least)
        .map(|(&k, _)| k)
        .collect();
    best[rng.usize(..best.len())]
}
