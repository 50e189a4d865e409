//! Fibonacci Nim's one answer, by Zeckendorf's theorem: the player to move wins exactly when
//! the smallest Fibonacci number in the pile's Zeckendorf sum is at most the allowed take.

use crate::games::fibonacci::rules::FibPosition;
use std::sync::OnceLock;

/// The Fibonacci numbers 1, 2, 3, 5, 8, … that fit in a `u64`, computed once (the Study asks
/// for the winning replies of every take, a thousand answers at a time).
fn fibonacci_numbers() -> &'static [u64] {
    static NUMBERS: OnceLock<Vec<u64>> = OnceLock::new();
    NUMBERS.get_or_init(|| {
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 2].checked_add(fib[fib.len() - 1]) {
            fib.push(next);
        }
        fib
    })
}

/// The Zeckendorf representation of `n`: distinct, non-consecutive Fibonacci numbers summing to
/// `n`, largest first (empty for 0).
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in fibonacci_numbers().iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The smallest term of `n`'s Zeckendorf representation (`n >= 1`).
fn smallest_term(n: u64) -> u64 {
    *zeckendorf(n).last().expect("n >= 1")
}

/// Whether the player to move wins Fibonacci Nim from `position`: exactly when the smallest
/// Zeckendorf term of the pile is at most the largest take allowed. (Taking that term leaves a
/// pile whose smallest term is more than twice it, which is lost; and from a pile whose smallest
/// term exceeds the allowed take, every take leaves such a winning position.)
pub fn fibonacci_wins(position: FibPosition) -> bool {
    position.pile > 0 && smallest_term(position.pile) <= position.limit()
}

/// Every winning take from `position`, ascending.
///
/// A take `k` from pile `p` wins when it empties the pile, or leaves `x = p - k` whose smallest
/// Zeckendorf term `F` exceeds `2k`, i.e. `p - F/2 < x < p` with every term of `x` at least `F`.
/// Numbers whose terms are all at least `F` (a Fibonacci number with predecessor `F'`) are at
/// least `F'` apart, and `F/2 < F'`, so for each `F` at most one such `x` lies in that window:
/// the largest number below `p` whose terms are all at least `F`, which is `p - 1` with its
/// terms below `F` dropped. So the candidates are the whole pile and `p - x_F` for each `F`;
/// each is checked against the rule.
pub fn fibonacci_winning_takes(position: FibPosition) -> Vec<u64> {
    let p = position.pile;
    let limit = position.limit();
    if p == 0 {
        return Vec::new();
    }
    let leaves_lost = |k: u64| {
        let x = p - k;
        x == 0 || smallest_term(x) > k.saturating_mul(2)
    };
    let below = zeckendorf(p - 1);
    let mut candidates: Vec<u64> = fibonacci_numbers()
        .iter()
        .map(|&f| below.iter().filter(|&&t| t >= f).sum::<u64>())
        .filter(|&x| x > 0)
        .map(|x| p - x)
        .collect();
    candidates.push(p);
    candidates.retain(|&k| (1..=limit).contains(&k) && leaves_lost(k));
    candidates.sort_unstable();
    candidates.dedup();
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeckendorf_representations() {
        assert_eq!(zeckendorf(22), vec![21, 1]);
        assert_eq!(zeckendorf(100), vec![89, 8, 3]);
        assert_eq!(zeckendorf(0), Vec::<u64>::new());
        let big = zeckendorf(u64::MAX);
        assert_eq!(big.iter().sum::<u64>(), u64::MAX);
    }
}
