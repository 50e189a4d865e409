//! The subtraction game's tables over piles, for a set of take sizes (ascending, distinct, not
//! empty; a move takes one of them, at most the pile, and the last coin wins): the period of the
//! win/loss sequence, which answers every pile up to `u64::MAX` ([`SubtractionSolution`]), and
//! the moves left of every pile, exact as far as computed and past that by an arithmetic period
//! once it shows ([`SubtractionMovesLeft`]); and the Grundy sequence with its period
//! ([`GrundySequence`]), a pile's value as a component of a sum of games. They speak in piles and sizes and know nothing of
//! the game's take set as written, its rules or its screens.

use rustc_hash::FxHashMap;

pub mod grundy;
pub mod moves_left;
pub mod outcomes;

pub use grundy::GrundySequence;
pub use moves_left::{Cycle, MOVES_LEFT_LIMIT, SubtractionMovesLeft};
pub use outcomes::{PERIOD_SEARCH_LIMIT, SubtractionSolution};

/// What the subtraction game's rules build for a take set: the period of its outcomes and the
/// moves-left table built on it.
pub struct SubtractionTables {
    pub solution: SubtractionSolution,
    pub table: SubtractionMovesLeft,
}

impl SubtractionTables {
    /// The tables of the take sizes `sizes` up to pile `limit` (past which a pile has moves
    /// left only by the closed form), telling `progress` how far each one has gone; `None` when
    /// `progress` said to stop.
    pub fn build(
        sizes: &[u64],
        limit: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<SubtractionTables> {
        let solution = SubtractionSolution::solve_within(sizes, PERIOD_SEARCH_LIMIT, progress)?;
        let table = SubtractionMovesLeft::solve_within(sizes, limit, Some(&solution), progress)?;
        Some(SubtractionTables { solution, table })
    }
}

/// The takes tried between two reports of a build's progress (the period search's, and the
/// moves-left table's), about: see [`progress_steps`].
const PROGRESS_WORK: usize = 1 << 15;

/// The piles computed between two reports of a build's progress for the take sizes `sizes`:
/// 4,096 for a set of at most 8 takes, fewer for a larger set (each pile tries every take), so
/// that a report comes after about the same work whatever the set (a set of 4,096 takes: every
/// 8 piles).
pub fn progress_steps(sizes: &[u64]) -> usize {
    (PROGRESS_WORK / sizes.len().max(1)).clamp(8, PROGRESS_WORK / 8)
}

/// A sequence's values as far as computed, and `(preperiod, period)` where it showed.
type Periodic<T> = (Vec<T>, Option<(u64, u64)>);

/// A sequence over piles whose every value follows from the `window` values before it (no take
/// is larger), computed by `next` (given the values so far) until a window of values repeats, or
/// `limit` values are computed; `progress` hears how far it has gone every `steps` values and
/// may stop it (`None`). Windows are found by a rolling hash and confirmed by comparing the
/// values. The values, and `(preperiod, period)` where a window repeated: the period shortened
/// to its least divisor that still repeats, the start moved back as far as it goes.
pub(crate) fn until_periodic<T: Copy + Eq + Into<u64>>(
    window: usize,
    limit: u64,
    steps: usize,
    progress: &mut dyn FnMut(u64, u64) -> bool,
    mut next: impl FnMut(&[T]) -> T,
) -> Option<Periodic<T>> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let s = window;
    let mut values: Vec<T> = Vec::new();
    let top = BASE.wrapping_pow(s as u32);
    let mut hash = 0u64;
    let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
    let mut found = None;
    while (values.len() as u64) < limit {
        if values.len().is_multiple_of(steps) && !progress(values.len() as u64, limit) {
            return None;
        }
        let v = next(&values);
        values.push(v);
        let x = values.len() - 1;
        hash = hash.wrapping_mul(BASE).wrapping_add(v.into() + 1);
        if x >= s {
            hash = hash.wrapping_sub(top.wrapping_mul(values[x - s].into() + 1));
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
        // Enough values to compare two whole periods.
        while values.len() < start + 2 * period {
            let v = next(&values);
            values.push(v);
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
    Some((values, cycle))
}

/// The takes legal from a pile, ascending.
fn legal(sizes: &[u64], pile: u64) -> impl Iterator<Item = u64> + '_ {
    sizes.iter().copied().take_while(move |&k| k <= pile)
}
