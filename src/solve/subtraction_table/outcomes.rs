//! The subtraction game's answer: its win/loss sequence is eventually periodic, so any pile up
//! to `u64::MAX` is answered from the period.

use super::{legal, progress_steps};
use rustc_hash::FxHashMap;

/// How many outcomes the period search may compute before giving up.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 22;

/// The win/loss sequence of a subtraction game, as far as it was computed, and its period.
///
/// **Why it is eventually periodic.** Let `W(x)` say whether the player facing `x` coins wins,
/// and `s = max(S)`. `W(x)` depends only on `W(x - k)` for `k` in `S`, all among the `s` values
/// before `x`. So the *window* `w(x) = (W(x-s+1), …, W(x))` determines `W(x+1)`, hence `w(x+1)`.
/// If `w(i) = w(j)` for `j < i`, induction gives `w(i+t) = w(j+t)` for every `t >= 0`, that is
/// `W(y + (i-j)) = W(y)` for every `y >= j-s+1`. There are only `2^s` windows, so some window
/// repeats within `2^s + s` steps: the sequence is periodic from some point on. The search
/// stops at the first repeated window, then shortens the period to its least divisor that
/// still repeats and moves the start of the periodic part back as far as it goes.
#[derive(Debug, Clone)]
pub struct SubtractionSolution {
    /// The take sizes, ascending.
    sizes: Vec<u64>,
    /// `outcomes[x] = W(x)` for every computed `x`.
    outcomes: Vec<bool>,
    /// `(preperiod, period)`: `W(x + period) = W(x)` for every `x >= preperiod`.
    cycle: Option<(u64, u64)>,
}

impl SubtractionSolution {
    /// Computes the sequence of the take sizes `sizes` (ascending, distinct, not empty) until
    /// its period shows, or `limit` outcomes have been computed.
    pub fn solve(sizes: &[u64], limit: u64) -> SubtractionSolution {
        SubtractionSolution::solve_within(sizes, limit, &mut |_, _| true).expect("nothing stops it")
    }

    /// As [`SubtractionSolution::solve`], telling `progress` the outcomes computed so far (of
    /// `limit`, every few thousand); `None` when `progress` said to stop.
    pub fn solve_within(
        sizes: &[u64],
        limit: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<SubtractionSolution> {
        // Windows are found by a rolling hash and confirmed by comparing the values.
        const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
        let s = *sizes.last().expect("never empty") as usize;
        let mut outcomes: Vec<bool> = Vec::new();
        let next = |outcomes: &[bool]| {
            let x = outcomes.len() as u64;
            legal(sizes, x).any(|k| !outcomes[(x - k) as usize])
        };
        let top = BASE.wrapping_pow(s as u32);
        let mut hash = 0u64;
        let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
        let mut found = None;
        let steps = progress_steps(sizes);
        while (outcomes.len() as u64) < limit {
            if outcomes.len().is_multiple_of(steps) && !progress(outcomes.len() as u64, limit) {
                return None;
            }
            let w = next(&outcomes);
            outcomes.push(w);
            let x = outcomes.len() - 1;
            hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(w) + 1);
            if x >= s {
                hash = hash.wrapping_sub(top.wrapping_mul(u64::from(outcomes[x - s]) + 1));
            }
            if x + 1 < s {
                continue;
            }
            match seen.get(&hash) {
                Some(&j) if outcomes[j + 1 - s..=j] == outcomes[x + 1 - s..=x] => {
                    found = Some((j, x));
                    break;
                }
                Some(_) => {}
                None => {
                    seen.insert(hash, x);
                }
            }
        }
        let cycle = found.map(|(j, i)| {
            let mut start = j + 1 - s;
            let mut period = i - j;
            // Enough values to compare two whole periods.
            while outcomes.len() < start + 2 * period {
                let w = next(&outcomes);
                outcomes.push(w);
            }
            let repeats = |d: usize, from: usize| {
                (from..from + period).all(|y| outcomes[y] == outcomes[y + d])
            };
            if let Some(d) = (1..period).find(|&d| period % d == 0 && repeats(d, start)) {
                period = d;
            }
            while start > 0 && outcomes[start - 1] == outcomes[start - 1 + period] {
                start -= 1;
            }
            (start as u64, period as u64)
        });
        Some(SubtractionSolution {
            sizes: sizes.to_vec(),
            outcomes,
            cycle,
        })
    }

    /// `(preperiod, period)`, if the period showed within the search limit.
    pub fn cycle(&self) -> Option<(u64, u64)> {
        self.cycle
    }

    /// Whether the player facing `pile` coins wins; `None` when the pile is past what was
    /// computed and no period is known.
    pub fn wins(&self, pile: u64) -> Option<bool> {
        if let Some(&w) = self.outcomes.get(usize::try_from(pile).ok()?) {
            return Some(w);
        }
        let (start, period) = self.cycle?;
        Some(self.outcomes[(start + (pile - start) % period) as usize])
    }

    /// Every winning take from `pile`, ascending (empty for a lost pile).
    pub fn winning_takes(&self, pile: u64) -> Option<Vec<u64>> {
        let mut takes = Vec::new();
        for k in legal(&self.sizes, pile) {
            if !self.wins(pile - k)? {
                takes.push(k);
            }
        }
        Some(takes)
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
    fn one_two_three_loses_on_multiples_of_four() {
        let solution = SubtractionSolution::solve(&[1, 2, 3], PERIOD_SEARCH_LIMIT);
        assert_eq!(solution.cycle(), Some((0, 4)));
        for pile in [0, 4, 8, 1 << 40, u64::MAX - 3] {
            assert_eq!(solution.wins(pile), Some(pile % 4 != 0), "{pile}");
        }
        assert_eq!(solution.winning_takes(10), Some(vec![2]));
    }
}
