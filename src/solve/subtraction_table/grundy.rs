//! The subtraction game's Grundy sequence: `g(x) = mex { g(x - k) : k in S, k <= x }`, for a
//! finite take set `S`. Like the outcomes ([`super::SubtractionSolution`]) it is eventually
//! periodic, so any pile up to `u64::MAX` is answered from its preperiod and period.

use super::{legal, progress_steps, until_periodic};

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
        let s = *sizes.last().expect("never empty") as usize;
        let mut seen_mark = vec![0u32; sizes.len() + 2];
        let mut stamp = 0u32;
        let next = |values: &[u16]| {
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
        let (values, cycle) = until_periodic(s, limit, progress_steps(sizes), progress, next)?;
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
