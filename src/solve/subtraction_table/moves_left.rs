//! Moves left in the subtraction game: a table over piles, built once per take set, exact from
//! pile 0 on and, once its arithmetic period shows, for every pile up to `u64::MAX` by a proven
//! closed form.

use super::outcomes::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use super::{legal, progress_steps};
use rustc_hash::FxHashMap;

/// How many piles the table computes while looking for its arithmetic period: at least 10^6,
/// so every pile up to this is exact even when no period shows.
pub const MOVES_LEFT_LIMIT: u64 = 1 << 20;

/// The outcome and moves left of every pile of a subtraction game, as far as computed, and
/// their arithmetic period when it showed: a base `b`, a period `P` and a gain `G_r` for each
/// residue, with `L(b + r + qP) = L(b + r) + q·G_r` and `W(b + r + qP) = W(b + r)` for every
/// `0 <= r < P` and `q >= 0`. Two proofs find it; both need `x >= s` for every take to be legal.
///
/// Write `W(x)` for whether pile `x` wins, `L(x)` for its moves left, `s = max(S)` and
/// `d(x) = L(x) - L(x-1)`. For `x >= s`, `L(x)` is 1 plus the least `L(x-k)` over the takes with
/// `W(x-k)` false, or 1 plus the most `L(x-k)` over all takes when there is none.
///
/// **One gain (a repeated key).** Adding a constant to every `L` of the window `x-s..x-1` adds
/// it to `L(x)`, so `d(x+1)` and `W(x+1)` depend only on the pairs `(W(y), d(y))` for `y` in
/// `x-s+1..=x`: the *key* of `x`. If the keys of `j < i` are equal, induction gives
/// `W(y + P) = W(y)` and `d(y + P) = d(y)` for `P = i - j` and every `y > j - s`; summing `d`
/// over `P` consecutive piles gives `L(y + P) = L(y) + G` for every `y >= j - s`, with
/// `G = L(i) - L(j)`. So `b = j - s + 1` and every `G_r = G`. Keys are found by a rolling hash
/// and confirmed by comparing the pairs.
///
/// **A gain per residue (a checked window).** Some sets' lost piles lengthen at several rates
/// ({4,12,15}), so no key repeats. Take `P` a multiple of the outcome period with `W(y+P) =
/// W(y)` for `y >= b` ([`SubtractionSolution`]), `x1 = b + s`, and `g(y) = L(y+P) - L(y)`,
/// computed for `y < x1 + P`. Check (1) `g(y) = g(y-P)` for `b + P <= y < x1 + P`, so `g`
/// has period `P` there; and (2) at each `y0` in `x1..x1+P`, a take `k*` among the ones the
/// definition weighs (the takes to a lost pile, else all) whose child is best both in `L` and in
/// `g` at once: least in both when winning, most in both when losing. Then for `y = y0 + mP`,
/// by induction on `y`, each weighed child has `L(y0-k+jP) = L(y0-k) + j·g(y0-k)` for
/// `j <= m+1` (earlier piles), and a `k*` best in both stays best for every `j`, so
/// `L(y+P) - L(y) = g(y0-k*) = L(y0+P) - L(y0) = g(y0)`. So `g` keeps period `P` from `b` on
/// and `G_r = g(b + r)`. The check runs when the computed piles reach a power of two from 1,024.
/// Every gain is at least 0 (checked), as `L` grows without bound.
#[derive(Debug, Clone)]
pub struct SubtractionMovesLeft {
    /// The take sizes, ascending.
    sizes: Vec<u64>,
    /// `wins[x] = W(x)` for every computed pile.
    wins: Vec<bool>,
    /// `left[x] = L(x)` for every computed pile.
    left: Vec<u64>,
    /// The arithmetic period, when it showed.
    cycle: Option<Cycle>,
}

/// An arithmetic period of the moves left (see [`SubtractionMovesLeft`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The first pile it holds from.
    pub base: u64,
    /// Its length `P`, a multiple of the outcomes' period.
    pub period: u64,
    /// `gains[r]`: how much the moves left of pile `base + r` grow every period.
    pub gains: Vec<u64>,
}

impl SubtractionMovesLeft {
    /// The table of the take sizes `sizes` (ascending, distinct, not empty), computed until its
    /// arithmetic period shows or `limit` piles are computed: O(piles · |S|), once per set.
    pub fn solve(sizes: &[u64], limit: u64) -> SubtractionMovesLeft {
        SubtractionMovesLeft::solve_within(sizes, limit, None, &mut |_, _| true)
            .expect("nothing stops it")
    }

    /// As [`SubtractionMovesLeft::solve`], with the outcomes' period from `solution` (of the
    /// same set) when it is known already, telling `progress` the piles computed so far (of
    /// `limit`, every few thousand); `None` when `progress` said to stop.
    pub fn solve_within(
        sizes: &[u64],
        limit: u64,
        solution: Option<&SubtractionSolution>,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<SubtractionMovesLeft> {
        let mut table = SubtractionMovesLeft::empty(sizes);
        table.search(limit, solution, progress).then_some(table)
    }

    /// The plain table of piles 0 to `pile`, without looking for a period: the direct
    /// computation the closed form is checked against, and what the timing measures.
    pub fn exact_to(sizes: &[u64], pile: u64) -> SubtractionMovesLeft {
        let mut table = SubtractionMovesLeft::empty(sizes);
        while (table.left.len() as u64) <= pile {
            table.push_next();
        }
        table
    }

    fn empty(sizes: &[u64]) -> SubtractionMovesLeft {
        SubtractionMovesLeft {
            sizes: sizes.to_vec(),
            wins: Vec::new(),
            left: Vec::new(),
            cycle: None,
        }
    }

    /// Computes the next pile from the ones before it, by the definition.
    fn push_next(&mut self) {
        let x = self.left.len() as u64;
        let mut fastest: Option<u64> = None;
        let mut longest: Option<u64> = None;
        for k in legal(&self.sizes, x) {
            let y = usize::try_from(x - k).expect("a computed pile fits memory");
            let left = self.left[y];
            if !self.wins[y] {
                fastest = Some(fastest.map_or(left, |f| f.min(left)));
            }
            longest = Some(longest.map_or(left, |l| l.max(left)));
        }
        self.wins.push(fastest.is_some());
        self.left
            .push(fastest.or(longest).map_or(0, |left| left + 1));
    }

    /// Computes piles until a key repeats or a window checks (see the type's doc), or `limit`
    /// piles are computed; `solution` gives the outcomes' period when known. `false` when
    /// `progress` said to stop.
    fn search(
        &mut self,
        limit: u64,
        solution: Option<&SubtractionSolution>,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> bool {
        const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut outcomes: Option<Option<(u64, u64)>> = solution.map(SubtractionSolution::cycle);
        // A pair as one number for the hash: the step `d` (which may be negative) and `W`.
        let pair = |table: &SubtractionMovesLeft, y: usize| -> u64 {
            let step = table.left[y].wrapping_sub(table.left[y - 1]);
            step.wrapping_mul(2)
                .wrapping_add(u64::from(table.wins[y]) + 1)
        };
        let s =
            usize::try_from(*self.sizes.last().expect("never empty")).expect("a take fits memory");
        let top = BASE.wrapping_pow(u32::try_from(s).expect("a take is at most 4096"));
        let mut hash = 0u64;
        let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
        let steps = progress_steps(&self.sizes);
        while (self.left.len() as u64) < limit {
            if self.left.len().is_multiple_of(steps) && !progress(self.left.len() as u64, limit) {
                return false;
            }
            self.push_next();
            let x = self.left.len() - 1;
            let computed = x + 1;
            if (computed.is_power_of_two() && computed >= 1024) || computed as u64 == limit {
                // The outcomes' period: as known, or found at the first window check.
                let period = *outcomes.get_or_insert_with(|| {
                    SubtractionSolution::solve(&self.sizes, PERIOD_SEARCH_LIMIT).cycle()
                });
                if let Some(cycle) = period.and_then(|(b, p)| self.check_window(b, p, s)) {
                    self.cycle = Some(cycle);
                    return true;
                }
            }
            if x == 0 {
                continue;
            }
            // The hash of the pairs of piles x-s+1..=x (those from pile 1 on).
            hash = hash.wrapping_mul(BASE).wrapping_add(pair(self, x));
            if x > s {
                hash = hash.wrapping_sub(top.wrapping_mul(pair(self, x - s)));
            }
            if x < s {
                continue;
            }
            match seen.get(&hash) {
                // The gain is positive (see the type's doc): checked all the same.
                Some(&j) if self.same_key(j, x, s) && self.left[x] > self.left[j] => {
                    let gain = self.left[x] - self.left[j];
                    self.cycle = Some(Cycle {
                        base: (j + 1 - s) as u64,
                        period: (x - j) as u64,
                        gains: vec![gain; x - j],
                    });
                    return true;
                }
                Some(_) => {}
                None => {
                    seen.insert(hash, x);
                }
            }
        }
        true
    }

    /// Whether piles `j` and `i` (both at least `s`) have the same key.
    fn same_key(&self, earlier: usize, later: usize, s: usize) -> bool {
        let step = |y: usize| self.left[y].wrapping_sub(self.left[y - 1]);
        (0..s).all(|back| {
            let (one, other) = (earlier - back, later - back);
            self.wins[one] == self.wins[other] && step(one) == step(other)
        })
    }

    /// The second proof of the type's doc on the piles computed so far: for `P` one to 32
    /// times the outcomes' `period` (which holds from `preperiod`), the last `2P` piles as
    /// `x1..x1+2P`. The period it proves, if any.
    fn check_window(&self, preperiod: u64, period: u64, s: usize) -> Option<Cycle> {
        let n = self.left.len();
        let preperiod = usize::try_from(preperiod).ok()?;
        let period = usize::try_from(period).ok()?;
        for times in 1..=32 {
            let p = period * times;
            let Some(base) = n.checked_sub(2 * p + s).filter(|&b| b >= preperiod) else {
                break;
            };
            if self.window_checks(base, base + s, p) {
                let gains = (base..base + p)
                    .map(|y| self.left[y + p] - self.left[y])
                    .collect();
                return Some(Cycle {
                    base: base as u64,
                    period: p as u64,
                    gains,
                });
            }
        }
        None
    }

    /// Checks (1) and (2) of the type's doc for `b`, `x1` and `P` (every pile up to
    /// `x1 + 2P - 1` computed).
    fn window_checks(&self, base: usize, x1: usize, p: usize) -> bool {
        let g = |y: usize| self.left[y + p].checked_sub(self.left[y]);
        // (1): g has period P from b to x1 + P (and is never negative).
        if (base..x1 + p).any(|y| g(y).is_none()) || (base + p..x1 + p).any(|y| g(y) != g(y - p)) {
            return false;
        }
        // (2): at each y0, a weighed child best both in L and in g.
        (x1..x1 + p).all(|y0| {
            let children: Vec<(u64, u64, bool)> = self
                .sizes
                .iter()
                .map(|&k| {
                    let y = y0 - k as usize;
                    (self.left[y], g(y).unwrap_or_default(), self.wins[y])
                })
                .collect();
            let winning = children.iter().any(|&(_, _, wins)| !wins);
            let weighed = children
                .iter()
                .filter(|&&(_, _, wins)| !winning || !wins)
                .map(|&(left, gain, _)| (left, gain));
            let (lefts, gains): (Vec<u64>, Vec<u64>) = weighed.clone().unzip();
            let best = |values: &[u64]| {
                if winning {
                    values.iter().min().copied()
                } else {
                    values.iter().max().copied()
                }
            };
            let (left, gain) = (best(&lefts), best(&gains));
            weighed
                .clone()
                .any(|(l, g)| Some(l) == left && Some(g) == gain)
        })
    }

    /// The arithmetic period, when it showed.
    pub fn cycle(&self) -> Option<&Cycle> {
        self.cycle.as_ref()
    }

    /// How many piles were computed directly (0 up to this, exclusive).
    pub fn computed(&self) -> u64 {
        self.left.len() as u64
    }

    /// Where `pile` reads from: a computed pile, and how many periods to add.
    fn place(&self, pile: u64) -> Option<(usize, u64)> {
        if pile < self.computed() {
            return Some((usize::try_from(pile).ok()?, 0));
        }
        let cycle = self.cycle.as_ref()?;
        let from = pile - cycle.base;
        let at = cycle.base + from % cycle.period;
        Some((usize::try_from(at).ok()?, from / cycle.period))
    }

    /// The moves left of `pile`, for the player to move: exact, or `None` past the table when
    /// no period showed (or, for a pile near `u64::MAX`, if it does not fit a `u64`).
    pub fn moves_left(&self, pile: u64) -> Option<u64> {
        let (at, periods) = self.place(pile)?;
        if periods == 0 {
            return Some(self.left[at]);
        }
        let cycle = self.cycle.as_ref()?;
        let gain = cycle.gains[at - usize::try_from(cycle.base).ok()?];
        periods
            .checked_mul(gain)
            .and_then(|more| self.left[at].checked_add(more))
    }

    /// Whether the player facing `pile` wins, as far as this table knows.
    pub fn wins(&self, pile: u64) -> Option<bool> {
        let (at, _) = self.place(pile)?;
        Some(self.wins[at])
    }

    /// The take sizes, ascending.
    pub fn sizes(&self) -> &[u64] {
        &self.sizes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_k_lasts_two_moves_per_round() {
        // S = {1, 2, 3}: multiples of 4 are lost, and each round of the loser's 1 and the
        // winner's 3 lasts two moves.
        let table = SubtractionMovesLeft::solve(&[1, 2, 3], MOVES_LEFT_LIMIT);
        assert!(table.cycle().is_some());
        for pile in [0u64, 4, 8, 400, 1 << 40] {
            assert_eq!(table.moves_left(pile), Some(pile / 2), "{pile}");
            assert_eq!(table.wins(pile), Some(false));
        }
        assert_eq!(table.moves_left(5), Some(3));
        assert_eq!(table.moves_left(u64::MAX - 3), Some((u64::MAX - 3) / 2));
    }

    #[test]
    fn without_a_period_the_table_stops_at_its_limit() {
        let table = SubtractionMovesLeft::solve(&[1, 3, 4], 5);
        assert_eq!(table.cycle(), None);
        assert_eq!(table.computed(), 5);
        assert_eq!(table.moves_left(4), Some(1));
        assert_eq!(table.moves_left(5), None);
        assert_eq!(table.wins(5), None);
    }
}
