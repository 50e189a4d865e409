//! Fibonacci Nim's one answer, by Zeckendorf's theorem: the player to move wins exactly when
//! the smallest Fibonacci number in the pile's Zeckendorf sum is at most the allowed take.

use super::rules::limit;
use crate::games::pile::rules::PilePosition;
use crate::units::group;
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
pub fn fibonacci_wins(position: PilePosition) -> bool {
    position.pile > 0 && smallest_term(position.pile) <= limit(position)
}

/// Every winning take from `position`, ascending.
///
/// A take `k` from pile `p` wins when it empties the pile, or leaves `x = p - k` whose smallest
/// Zeckendorf term `F` exceeds `2k`, i.e. `p - F/2 < x < p` with every term of `x` at least `F`.
/// Numbers whose terms are all at least `F` (a Fibonacci number with predecessor `F'`) are at
/// least `F'` apart, and `F/2 < F'`, so for each `F` at most one such `x` lies in that window:
/// the largest number below `p` whose terms are all at least `F`, which is `p - 1` with its
/// terms below `F` dropped. As `F` runs over the Fibonacci numbers, that is a sum of the
/// largest terms of `p - 1`'s representation, whose smallest term is the last one summed (the
/// terms of a representation are one too). So the candidates are the whole pile and, for each
/// prefix of `p - 1`'s terms, `p` less its sum, which wins when that prefix's last term exceeds
/// twice the take: a handful of checks, however large the pile.
pub fn fibonacci_winning_takes(position: PilePosition) -> Vec<u64> {
    let p = position.pile;
    let limit = limit(position);
    if p == 0 {
        return Vec::new();
    }
    let mut takes = Vec::new();
    let mut kept = 0;
    for term in zeckendorf(p - 1) {
        kept += term;
        let k = p - kept;
        if k <= limit && term > k.saturating_mul(2) {
            takes.push(k);
        }
    }
    if p <= limit {
        takes.push(p);
    }
    takes.sort_unstable();
    takes.dedup();
    takes
}

/// Why `position` is won or lost, by Zeckendorf's theorem, in lines for the Study screen: the
/// pile as its sum of non-consecutive Fibonacci numbers, its smallest term against the most the
/// mover may take, and the take that follows (the smallest term, which leaves a pile whose
/// smallest term is more than twice it); with the take it names (`None`: lost).
pub fn why(position: PilePosition) -> (Vec<String>, Option<u64>) {
    let terms = zeckendorf(position.pile);
    let Some(&smallest) = terms.last() else {
        return (Vec::new(), None);
    };
    let sum: Vec<String> = terms.iter().map(|&t| group(t)).collect();
    let most = limit(position);
    let mut lines = vec![
        "Why: the pile as a sum of Fibonacci numbers (Zeckendorf)".to_string(),
        format!("{} = {}", group(position.pile), sum.join(" + ")),
    ];
    if smallest > most {
        lines.push(format!(
            "Its smallest term, {}, is more than the {} that may be taken: every take leaves a \
             pile whose smallest term the other side may take.",
            group(smallest),
            group(most)
        ));
        return (lines, None);
    }
    lines.push(match terms.len().checked_sub(2).map(|at| terms[at]) {
        Some(next) => format!(
            "Take its smallest term, {}: the smallest term left, {}, is more than twice it, so \
             the other side cannot take it.",
            group(smallest),
            group(next)
        ),
        None => format!("Take all {}: the pile is one term.", group(smallest)),
    });
    (lines, Some(smallest))
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

    fn at(pile: u64, max_take: u64) -> PilePosition {
        PilePosition { pile, max_take }
    }

    #[test]
    fn twenty_is_thirteen_five_and_two() {
        let (lines, take) = why(at(20, 4));
        assert_eq!(lines[1], "20 = 13 + 5 + 2");
        assert_eq!(take, Some(2));
        assert!(lines[2].starts_with("Take its smallest term, 2: the smallest term left, 5,"));
        let (lines, take) = why(at(20, 1));
        assert_eq!(take, None);
        assert!(lines[2].starts_with("Its smallest term, 2, is more than the 1 that may"));
        assert_eq!(why(at(8, 10)).1, Some(8), "one term: take it all");
        assert_eq!(why(at(0, 3)), (Vec::new(), None));
    }

    /// The take the why names is a winning take, and it names none exactly where the pile is
    /// lost, for every pile up to 300 and every most take up to 30.
    #[test]
    fn the_why_names_a_winning_take_of_every_small_position() {
        for pile in 1..=300 {
            for max_take in 1..=30 {
                let position = at(pile, max_take);
                let (_, take) = why(position);
                match take {
                    Some(take) => assert!(
                        fibonacci_winning_takes(position).contains(&take),
                        "{pile} max {max_take}: {take}"
                    ),
                    None => assert!(!fibonacci_wins(position), "{pile} max {max_take}"),
                }
            }
        }
    }
}
