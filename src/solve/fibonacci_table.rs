//! Moves left in Fibonacci Nim: a table of every position up to pile [`FIB_REACH`], built once,
//! in O(piles²). A position is a pile and the largest take allowed now; a take of `k` coins
//! leaves the next player up to `2k`, and the last coin wins.

use std::sync::{Arc, OnceLock};

/// The largest pile whose positions have their moves left: every max take of every pile up to
/// this. Past it no moves left is shown (no closed form is known).
pub const FIB_REACH: u64 = 2000;

/// A table entry's outcome bit: the player to move wins. The other bits hold the moves left,
/// which never exceed the pile.
const WINS: u16 = 1 << 15;

/// The outcome and moves left of every Fibonacci Nim position up to a pile, two bytes each.
///
/// A max take above the pile plays as the pile, so pile `n` has the `n` positions of max take
/// 1 to `n`, stored from `n(n-1)/2` on. Pile 0 (and a max take of 0) has no move: lost, 0.
///
/// **Why O(n²).** From pile `n` the take `k` leads to `(n - k, min(2k, n - k))` whatever the
/// max take, so the position `(n, m)` sees the first `m` of the same `n` children. Going up
/// through `m`, a running least moves left among the lost children and a running most among
/// all of them give every `(n, m)` in one pass over the children: O(n) per pile.
#[derive(Debug, Clone)]
pub struct FibMovesLeft {
    reach: u64,
    cells: Vec<u16>,
}

impl FibMovesLeft {
    /// The table of every position up to pile `reach` (at most 32,767, so a moves left fits
    /// its 15 bits).
    pub fn build(reach: u64) -> FibMovesLeft {
        FibMovesLeft::build_within(reach, &mut |_, _| true).expect("nothing stops it")
    }

    /// As [`FibMovesLeft::build`], telling `progress` the positions done so far (every few
    /// piles); `None` when `progress` said to stop.
    pub fn build_within(
        reach: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<FibMovesLeft> {
        assert!(reach < u64::from(WINS), "moves left fit 15 bits");
        let cells = reach * (reach + 1) / 2;
        let n_max = usize::try_from(reach).expect("a small reach");
        let mut table = FibMovesLeft {
            reach,
            cells: Vec::with_capacity(n_max * (n_max + 1) / 2),
        };
        let mut children: Vec<u16> = Vec::with_capacity(n_max);
        for n in 1..=n_max {
            if n % 64 == 0 && !progress(table.cells.len() as u64, cells) {
                return None;
            }
            children.clear();
            children.extend((1..=n).map(|k| table.cell(n - k, (2 * k).min(n - k))));
            let mut fastest: Option<u16> = None;
            let mut longest = 0u16;
            for &child in &children {
                let left = child & !WINS;
                if child & WINS == 0 {
                    fastest = Some(fastest.map_or(left, |f| f.min(left)));
                }
                longest = longest.max(left);
                table.cells.push(match fastest {
                    Some(f) => WINS | (f + 1),
                    None => longest + 1,
                });
            }
        }
        Some(table)
    }

    /// The table up to [`FIB_REACH`], built on first use and kept (slow the first time: not
    /// on the interface's thread).
    pub fn shared() -> Arc<FibMovesLeft> {
        Arc::clone(SHARED.get_or_init(|| Arc::new(FibMovesLeft::build(FIB_REACH))))
    }

    /// The table up to [`FIB_REACH`], if it was built already.
    pub fn shared_if_built() -> Option<Arc<FibMovesLeft>> {
        SHARED.get().cloned()
    }

    /// Builds the table up to [`FIB_REACH`] unless it was built already, telling `progress`
    /// how far it has gone, and keeps it; `None` when `progress` said to stop.
    pub fn build_shared(progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<Arc<FibMovesLeft>> {
        if let Some(table) = FibMovesLeft::shared_if_built() {
            return Some(table);
        }
        let table = Arc::new(FibMovesLeft::build_within(FIB_REACH, progress)?);
        // Built twice at once (by the table thread and a judging), the first one is kept.
        Some(Arc::clone(SHARED.get_or_init(|| table)))
    }

    /// The entry of pile `n` with max take `m <= n` (both within the table so far).
    fn cell(&self, n: usize, m: usize) -> u16 {
        if n == 0 || m == 0 {
            return 0;
        }
        self.cells[n * (n - 1) / 2 + m - 1]
    }

    /// The entry of the pile `pile` with at most `max_take` allowed now, if within reach.
    fn entry(&self, pile: u64, max_take: u64) -> Option<u16> {
        if pile > self.reach {
            return None;
        }
        let n = usize::try_from(pile).ok()?;
        let m = usize::try_from(max_take.min(pile)).ok()?;
        Some(self.cell(n, m))
    }

    /// The moves left of the pile `pile` with at most `max_take` allowed now, for the player to
    /// move; `None` past the table's reach.
    pub fn moves_left(&self, pile: u64, max_take: u64) -> Option<u64> {
        self.entry(pile, max_take)
            .map(|cell| u64::from(cell & !WINS))
    }

    /// Whether the player to move wins, by the table (the game's answer is Zeckendorf's rule;
    /// the tests check that they agree).
    pub fn wins(&self, pile: u64, max_take: u64) -> Option<bool> {
        self.entry(pile, max_take).map(|cell| cell & WINS != 0)
    }

    /// The largest pile in the table.
    pub fn reach(&self) -> u64 {
        self.reach
    }
}

/// The table up to [`FIB_REACH`], once built (see [`FibMovesLeft::shared`]).
static SHARED: OnceLock<Arc<FibMovesLeft>> = OnceLock::new();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_positions_by_hand() {
        let table = FibMovesLeft::build(10);
        let at = |pile, max_take| table.moves_left(pile, max_take);
        // Pile 1: take it. Pile 2 with max 1: 1, then the other takes the last.
        assert_eq!(at(1, 1), Some(1));
        assert_eq!(at(2, 1), Some(2));
        assert_eq!(
            at(2, 5),
            Some(1),
            "a max take above the pile plays as the pile"
        );
        // Pile 3 from the start (max 2) is lost: take 1 (the other must take 1 or 2: 2 wins at
        // once) so the loser's longest is 2.
        assert_eq!(table.wins(3, 2), Some(false));
        assert_eq!(at(3, 2), Some(2));
        assert_eq!(at(0, 0), Some(0));
        assert_eq!(at(11, 3), None);
    }
}
