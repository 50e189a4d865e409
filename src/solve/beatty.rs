//! Wythoff's pairs (Wythoff, 1907): the Beatty sequences of φ and φ², `a_k = ⌊kφ⌋` and
//! `b_k = a_k + k` (0,0; 1,2; 3,5; 4,7; 6,10; …). Every whole number from 1 on is exactly one
//! `a_k` or one `b_k`, so each number has one *partner*, the other number of its pair. Wythoff's
//! game loses exactly at these pairs (`games::wythoff::answer`).
//!
//! Everything is computed in integers, exact up to 10^18: `kφ = (k + √(5k²))/2`, and since
//! `⌊(m + x)/2⌋ = ⌊(m + ⌊x⌋)/2⌋` for a whole `m`, `⌊kφ⌋ = ⌊(k + isqrt(5k²))/2⌋`, with `5k²`
//! (under 2^123 for k up to 10^18) in 128 bits, or in 64 where it fits. Likewise
//! `⌊m/φ⌋ = ⌊(isqrt(5m²) - m)/2⌋`.

use std::sync::OnceLock;

/// The largest number the pairs are computed for: 10^18.
pub const MAX: u64 = 1_000_000_000_000_000_000;

/// `a_k = ⌊kφ⌋`, the smaller number of the `k`-th lost pair, for `k` up to 10^18.
#[inline]
pub fn lower(k: u64) -> u64 {
    match usize::try_from(k) {
        Ok(k) if k < SMALL => u64::from(small_pairs().lower[k]),
        _ => lower_computed(k),
    }
}

/// `a_k` from the square root, for `k` up to 10^18.
fn lower_computed(k: u64) -> u64 {
    debug_assert!(k <= MAX, "k = {k} is past 10^18");
    k.midpoint(isqrt_5_squared(k))
}

/// The numbers below which `a_k` and the partners are looked up rather than computed: a
/// moves-left table (piles up to 2047 each) asks for millions of them, each a few square
/// roots, while the lists cost 32 KiB and a few thousand roots, once.
const SMALL: usize = 4096;

/// `a_k` for every `k` below [`SMALL`] and the partner of every number below it.
struct SmallPairs {
    lower: Vec<u32>,
    partner: Vec<u32>,
}

/// The lists of [`SmallPairs`], worked out at the first call.
#[inline]
fn small_pairs() -> &'static SmallPairs {
    static PAIRS: OnceLock<SmallPairs> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let narrow = |n: u64| u32::try_from(n).expect("a_k and b_k of k below 4096 fit 32 bits");
        let lower: Vec<u32> = (0..SMALL as u64)
            .map(|k| narrow(lower_computed(k)))
            .collect();
        let mut partner = vec![0; SMALL];
        // Every number is one a_k or one b_k; a_k < SMALL for every k whose pair reaches it.
        for (k, &a) in lower
            .iter()
            .enumerate()
            .take_while(|&(_, &a)| (a as usize) < SMALL)
        {
            let b = a + narrow(k as u64);
            partner[a as usize] = b;
            if let Some(slot) = partner.get_mut(b as usize) {
                *slot = a;
            }
        }
        SmallPairs { lower, partner }
    })
}

/// The largest `m` below which `5m²` fits 64 bits (and `(isqrt(5m²) + 1)²` too): there the
/// square root starts from the floating-point one, many times faster than an integer square
/// root (a moves-left table asks for millions of them).
const FITS_64: u64 = 1_920_000_000;

/// `isqrt(5m²)`, for `m` up to 10^18 + 1 (under 2^62).
fn isqrt_5_squared(m: u64) -> u64 {
    if m < FITS_64 {
        let n = 5 * m * m;
        // Within one or two of the root: rounding `n` and the root costs less than that.
        #[expect(clippy::cast_sign_loss, reason = "a square root is not negative")]
        let mut root = (n as f64).sqrt() as u64;
        while root * root > n {
            root -= 1;
        }
        while (root + 1) * (root + 1) <= n {
            root += 1;
        }
        root
    } else {
        let m = u128::from(m);
        u64::try_from((5 * m * m).isqrt()).expect("√5·m < 2^62 for m up to 10^18 + 1")
    }
}

/// `b_k = ⌊kφ²⌋ = a_k + k`, the larger number of the `k`-th lost pair.
pub fn upper(k: u64) -> u64 {
    lower(k) + k
}

/// `⌊m/φ⌋ = ⌊m(φ - 1)⌋`, for `m` up to 10^18 + 1.
fn over_phi(m: u64) -> u64 {
    (isqrt_5_squared(m) - m) / 2
}

/// The other number of `n`'s lost pair: `b_k` for `n = a_k`, `a_k` for `n = b_k`; 0 for 0.
/// With `n = a_k`, `kφ` is in `[n, n + 1)`, so `k = ⌊(n + 1)/φ⌋`; with `n = b_k`, `kφ²` is, so
/// `k = ⌊(n + 1)/φ²⌋ = n - ⌊(n + 1)/φ⌋` (φ is irrational). Exactly one of the two holds.
#[inline]
pub fn partner(n: u64) -> u64 {
    match usize::try_from(n) {
        Ok(n) if n < SMALL => u64::from(small_pairs().partner[n]),
        _ => partner_computed(n),
    }
}

/// The partner of `n` from the square roots, for `n` up to 10^18.
fn partner_computed(n: u64) -> u64 {
    let k = over_phi(n + 1);
    if lower(k) == n {
        return n + k;
    }
    let k = n - k;
    debug_assert_eq!(upper(k), n, "{n} is neither a_k nor b_k");
    n - k
}

/// Whether the pair `[x, y]` is lost in Wythoff's game: `x = a_k`, `y = b_k` (or the other way
/// round) with `k` their difference.
pub fn is_pair([x, y]: [u64; 2]) -> bool {
    x.min(y) == lower(x.abs_diff(y))
}

/// The lost pairs one move from `[x, y]` in Wythoff's game, at most three: the one of the same
/// difference below it (taking from both: `(a_d, b_d)`, `d = |x − y|`), then the one on its row
/// (`x` cut to `y`'s partner), then on its column (`y` cut to `x`'s partner). Each row, column
/// and difference holds exactly one pair, so none is one move from a pair, and every other
/// pair is. Lazy: a moves-left table asks this of millions of pairs.
pub fn reachable([x, y]: [u64; 2]) -> impl Iterator<Item = [u64; 2]> {
    let (low, high) = (lower(x.abs_diff(y)), upper(x.abs_diff(y)));
    let turned = if x <= y { [low, high] } else { [high, low] };
    let both = (low < x.min(y)).then_some(turned);
    let row = Some([partner(y), y]).filter(|&[to, _]| to < x);
    let column = Some([x, partner(x)]).filter(|&[_, to]| to < y);
    [both, row, column].into_iter().flatten()
}

/// Every lost pair of Wythoff's game, either way round, whose first number is at most `x` and
/// second at most `y`: the lost squares of a queen's board `x + 1` columns wide and `y + 1`
/// high, by `k`, `(a_k, b_k)` before `(b_k, a_k)`. Each has `a_k` at most the smaller pile, so
/// no more pairs are looked at than that pile's size, though the other be 10^18.
pub fn within([x, y]: [u64; 2]) -> impl Iterator<Item = [u64; 2]> {
    (0..)
        .map(|k| (k, lower(k)))
        .take_while(move |&(_, a)| a <= x.min(y))
        .flat_map(move |(k, a)| {
            let b = a + k;
            let turned = (k > 0).then_some([b, a]);
            [Some([a, b]), turned].into_iter().flatten()
        })
        .filter(move |&[first, second]| first <= x && second <= y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The square root from the floating-point one is the integer one, below the switch to
    /// 128 bits, across it, near it and at random.
    #[test]
    fn the_quick_square_root_is_the_integer_one() {
        let exact = |m: u64| u64::try_from((5 * u128::from(m) * u128::from(m)).isqrt()).unwrap();
        let mut rng = fastrand::Rng::with_seed(7);
        let near = (0..200_000).chain(FITS_64 - 200_000..FITS_64 + 1000);
        let random = (0..200_000).map(|_| rng.u64(..FITS_64));
        for m in near.chain(random).chain([MAX, MAX + 1]) {
            assert_eq!(isqrt_5_squared(m), exact(m), "m = {m}");
        }
    }

    /// The pairs one move away are the lost squares a queen's move reaches, lost found by the
    /// definition (a square is lost when no move reaches a lost one), for every square up to
    /// 40 × 40; a square is a pair exactly when it is lost.
    #[test]
    fn the_pairs_one_move_away_are_the_lost_squares_a_queen_reaches() {
        const SIDE: usize = 40;
        let mut lost = [[false; SIDE]; SIDE];
        let moves = |x: usize, y: usize| {
            (0..x)
                .map(move |to| [to, y])
                .chain((0..y).map(move |to| [x, to]))
                .chain((1..=x.min(y)).map(move |k| [x - k, y - k]))
        };
        for x in 0..SIDE {
            for y in 0..SIDE {
                lost[x][y] = !moves(x, y).any(|[a, b]| lost[a][b]);
            }
        }
        let wide = |[a, b]: [usize; 2]| [a as u64, b as u64];
        for x in 0..SIDE {
            for y in 0..SIDE {
                let mut found: Vec<[u64; 2]> = reachable(wide([x, y])).collect();
                let mut brute: Vec<[u64; 2]> = (moves(x, y).filter(|&[a, b]| lost[a][b]))
                    .map(wide)
                    .collect();
                found.sort_unstable();
                brute.sort_unstable();
                assert_eq!(found, brute, "{x},{y}");
                assert_eq!(is_pair(wide([x, y])), lost[x][y], "{x},{y}");
            }
        }
    }

    /// The pairs within a board are the lost squares on it, for every board up to 30 × 30.
    #[test]
    fn the_pairs_within_a_board_are_its_lost_squares() {
        for x in 0..30u64 {
            for y in 0..30u64 {
                let found: Vec<[u64; 2]> = within([x, y]).collect();
                let lost = (0..=x).flat_map(|a| (0..=y).map(move |b| [a, b]));
                let mut lost: Vec<[u64; 2]> = lost.filter(|&pair| is_pair(pair)).collect();
                let mut sorted = found.clone();
                sorted.sort_unstable();
                lost.sort_unstable();
                assert_eq!(sorted, lost, "{x},{y}");
            }
        }
        assert_eq!(within([MAX, 2]).count(), 3, "0,0, 1,2 and 2,1, lazily");
    }

    /// The looked-up `a_k` and partners are the computed ones, below the switch and across it.
    #[test]
    fn the_small_lists_are_the_computed_pairs() {
        for n in 0..SMALL as u64 + 100 {
            assert_eq!(lower(n), lower_computed(n), "a_{n}");
            assert_eq!(partner(n), partner_computed(n), "the partner of {n}");
        }
    }
}
