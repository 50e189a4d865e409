//! The subtraction game's answer: its win/loss sequence is eventually periodic, so any pile up
//! to `u64::MAX` is answered from the period.

use super::{legal, progress_steps, until_periodic};

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
        let s = *sizes.last().expect("never empty") as usize;
        let next = |outcomes: &[bool]| {
            let x = outcomes.len() as u64;
            legal(sizes, x).any(|k| !outcomes[(x - k) as usize])
        };
        let (outcomes, cycle) = until_periodic(s, limit, progress_steps(sizes), progress, next)?;
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
