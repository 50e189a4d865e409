//! The subtraction game's Grundy sequence: `g(x) = mex { g(x - k) : k in S, k <= x }`, for a
//! finite take set `S`. Like the outcomes ([`super::SubtractionSolution`]) it is eventually
//! periodic, so any pile up to `u64::MAX` is answered from its preperiod and period.

use super::{legal, progress_steps};
use rustc_hash::FxHashMap;

/// The Grundy sequence of a subtraction game, as far as it was computed, and its period.
///
/// **Why it is eventually periodic.** `g(x)` is the mex of at most `|S|` values, so it is at
/// most `|S|`; and it depends only on the `s = max(S)` values before it. So the *window*
/// `(g(x-s+1), …, g(x))` determines `g(x+1)`, and a window seen twice makes the sequence repeat
/// from there: there are at most `(|S|+1)^s` windows. As for the outcomes, the search stops at
/// the first repeated window, shortens the period to its least divisor that still repeats and
/// moves the start of the periodic part back as far as it goes.
#[derive(Debug, Clone)]
pub struct GrundySequence {
    /// `values[x] = g(x)` for every computed `x` (each at most `|S|` ≤ 4,096).
    values: Vec<u16>,
    /// `(preperiod, period)`: `g(x + period) = g(x)` for every `x >= preperiod`.
    cycle: Option<(u64, u64)>,
}

impl GrundySequence {
    /// The sequence of the take sizes `sizes` (ascending, distinct, not empty, fewer than
    /// 65,536) until its period shows, or `limit` values have been computed.
    pub fn solve(sizes: &[u64], limit: u64) -> GrundySequence {
        GrundySequence::solve_within(sizes, limit, &mut |_, _| true).expect("nothing stops it")
    }

    /// As [`GrundySequence::solve`], telling `progress` the values computed so far (of
    /// `limit`, every few thousand); `None` when `progress` said to stop.
    pub fn solve_within(
        sizes: &[u64],
        limit: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<GrundySequence> {
        const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
        let s = *sizes.last().expect("never empty") as usize;
        let mut seen_mark = vec![0u32; sizes.len() + 2];
        let mut stamp = 0u32;
        let mut next = |values: &[u16]| {
            // The mex of the values a take reaches, marked with a fresh stamp each pile.
            stamp += 1;
            let x = values.len() as u64;
            for k in legal(sizes, x) {
                seen_mark[usize::from(values[(x - k) as usize])] = stamp;
            }
            let mex = seen_mark
                .iter()
                .position(|&m| m != stamp)
                .expect("|S|+2 slots");
            u16::try_from(mex).expect("a mex is at most |S|")
        };
        let mut values: Vec<u16> = Vec::new();
        let top = BASE.wrapping_pow(s as u32);
        let mut hash = 0u64;
        let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
        let mut found = None;
        let steps = progress_steps(sizes);
        while (values.len() as u64) < limit {
            if values.len().is_multiple_of(steps) && !progress(values.len() as u64, limit) {
                return None;
            }
            let g = next(&values);
            values.push(g);
            let x = values.len() - 1;
            hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(g) + 1);
            if x >= s {
                hash = hash.wrapping_sub(top.wrapping_mul(u64::from(values[x - s]) + 1));
            }
            if x + 1 < s {
                continue;
            }
            match seen.get(&hash) {
                Some(&j) if values[j + 1 - s..=j] == values[x + 1 - s..=x] => {
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
            while values.len() < start + 2 * period {
                let g = next(&values);
                values.push(g);
            }
            let repeats =
                |d: usize, from: usize| (from..from + period).all(|y| values[y] == values[y + d]);
            if let Some(d) = (1..period).find(|&d| period % d == 0 && repeats(d, start)) {
                period = d;
            }
            while start > 0 && values[start - 1] == values[start - 1 + period] {
                start -= 1;
            }
            (start as u64, period as u64)
        });
        Some(GrundySequence { values, cycle })
    }

    /// `(preperiod, period)`, if the period showed within the search limit.
    pub fn cycle(&self) -> Option<(u64, u64)> {
        self.cycle
    }

    /// The Grundy value of a pile of `pile` coins; `None` when the pile is past what was
    /// computed and no period is known.
    pub fn value(&self, pile: u64) -> Option<u64> {
        let within = usize::try_from(pile)
            .ok()
            .filter(|&x| x < self.values.len());
        let at = if let Some(x) = within {
            x
        } else {
            let (start, period) = self.cycle?;
            (start + (pile - start) % period) as usize
        };
        Some(u64::from(self.values[at]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_two_is_the_pile_mod_three() {
        let g = GrundySequence::solve(&[1, 2], 1 << 20);
        assert_eq!(g.cycle(), Some((0, 3)));
        for pile in [0, 1, 2, 3, 100, u64::MAX - 1, u64::MAX] {
            assert_eq!(g.value(pile), Some(pile % 3), "{pile}");
        }
    }
}
