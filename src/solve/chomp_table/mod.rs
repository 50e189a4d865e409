//! The outcome of every Chomp position in a box, one bit each.
//!
//! # Glossary
//!
//! Each term is used in the code below only in this sense.
//!
//! - **Position**: the heights of the `cols` columns of a `rows` × `cols` **box**, column 0 (the
//!   poison's) first; they never increase from one column to the next. A **move** at column `c`,
//!   row `r` leaves column `c` at height `r` and lowers every later column to at most `r`.
//! - **Won / lost**: a position is lost when every move from it leads to a won one. Only the
//!   won bits are stored. A **predecessor** of a position is one with a move to it.
//! - **Rank**: a position's place among all positions of the box in lexicographic order of
//!   heights, and so its bit in the table. The `ranking` module computes it as a sum of **weights**,
//!   one per column: what a height of `v` in column `i` adds to the rank.
//! - **Tail**: the heights of a position from some column to the last. The ranking keeps the
//!   tails of the last few columns in tables (the **short tails**) to read heights back from a
//!   rank (**unranking**).
//! - **Block**: the positions that share their first `col` heights, which are consecutive
//!   ranks from the block's **base**. `col` is its first **free column**, and its **cap** is
//!   the height of the column before it (`rows` for the whole box): no free column is higher.
//! - **Capping** a position at `r` lowers every height above `r` to `r`: what a move at row `r`
//!   does to the columns from its own on.
//! - **Region** `v` of a block: its positions whose first free column is at height `v`. A region
//!   is itself a block, one column on, with cap `v`.
//! - **Form** `M(v)`: the positions of region `v` that are lost or won by a move in the block's
//!   first free column. While the later regions are solved, region `v`'s bits hold its form
//!   instead of its outcomes; **flipping** turns one into the other.
//! - **Lift**: marking region `v` from region `v - 1`'s form: capping at `v - 1` maps region `v`
//!   onto region `v - 1` in a few runs of consecutive ranks, so the marks are a few shifted
//!   word-by-word copies.
//! - **Marking**: how small blocks (at most the tuning's **mark block** of positions) are
//!   solved: scanned in rank order, a position nothing has marked is lost, and marks all its
//!   predecessors in the block as won.
//! - **Run** (of equal heights): columns `col..end` all at height `low`. A move's column is the
//!   first of such a run, so a predecessor **raises** a run: it sets its columns to higher
//!   heights that still do not increase, the first above `low`, none above the column before.
//!   The rank **offsets** of a run's raises are listed once per box (`ranking::Raises`).
//! - **Split columns**: the next few free columns of a big block, by whose heights it is cut into
//!   **tasks**; a task's **sources** are the tasks that a move in a split column caps it into.
//!   Two **workers** (threads) solve ready tasks side by side.
//! - **Tuning**: the mark block and the smallest block that is split into tasks.
//!
//! **Ranking.** Positions of a `rows` × `cols` box are the non-increasing height vectors with
//! entries in `0..=rows`; there are `C(rows + cols, cols)` of them. A vector's rank is the number
//! of vectors before it in lexicographic order, which is `Σ_i C(h_i + cols-1-i, cols-i)`, a sum of
//! one table look-up per column ([`OutcomeTable::rank`]). A move only lowers heights, so it always
//! lowers the rank: rank order extends containment, and every position comes after all the
//! positions it can move to.
//!
//! **Building.** The positions that share their first `c` heights form a block of consecutive
//! ranks, and a block splits into regions, one per height of column `c`. A move changes a
//! position only from some column on, so a block can be solved on its own once the moves
//! starting left of it have been accounted for. Big blocks are solved region by region, in rank
//! order: the moves in the block's first column that a region gains are a copy of the previous
//! region's lost positions (and of the positions it won that way) with its heights capped, and
//! capping maps a region onto the previous one in a few runs of consecutive ranks, so they are
//! copied as shifted words, 64 positions per operation. Small blocks (2 KiB) are scanned upward:
//! a position no earlier position has marked is lost, and marks as won every position of the
//! block that can move to it (its last few heights come from a table, not from counting, and
//! the rank offsets of raising a run of two or more equal heights are listed once per box). Lost
//! positions are rare (about half a percent of a box), and the marks land in the first-level
//! cache. The empty bar, rank 0, counts as won: the player who faces it has just watched the
//! opponent eat the poison.
//!
//! **Both cores.** Region by region, each region needs the one before it finished. But a block
//! of up to 2^24 positions can also be cut by its next few columns into tasks, and a task needs
//! only the few tasks that a move in those columns lowers it into: two workers solve such a
//! block side by side, each task in a buffer of its own. Copies of a megabyte or more, in the
//! big blocks above, are split between the two cores too.
//!
//! Every pass over a big region reads and writes memory in order, so the build runs at the
//! speed of the cache-sized blocks rather than of random memory access.
//!
//! The parts: `ranking` ranks positions and marks a lost position's predecessors, `build` walks
//! the blocks (its child `build::alone` on one thread; `build::tasks` shares a big block between
//! two workers, each an `alone` builder, and plugs in through the `Split` trait, so neither
//! imports the other), and `bits` does the word-level work. `moves_left` builds, from a finished
//! outcome table, how many moves each position has left (a byte each), in the same blocks and
//! regions. `nimbers` builds the nimber of every position (a byte each) with the same ranking.

mod bits;
mod build;
mod moves_left;
mod nimbers;
mod ranking;

#[doc(hidden)]
pub use build::Tuning;
#[doc(hidden)]
pub use moves_left::MovesLeftTuning;
pub use moves_left::{MoveAnalysis, MovesLeftTable};
#[doc(hidden)]
pub use nimbers::plain as plain_nimbers;
pub use nimbers::{MAX_SQUARES, NimberTable};

use crate::solve::binomial;
use bits::is_set;
use ranking::Ranking;

/// Why a build gave no table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildError {
    /// Its caller stopped it (see [`OutcomeTable::build`]).
    Cancelled,
    /// The machine would not give it the table's memory.
    OutOfMemory { bytes: u64 },
}

/// The build was stopped by its caller: what the build's inner steps return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cancelled;

impl From<Cancelled> for BuildError {
    fn from(_: Cancelled) -> BuildError {
        BuildError::Cancelled
    }
}

/// Won/lost for every position of a box, with the ranking that indexes it.
pub struct OutcomeTable {
    ranking: Ranking,
    /// Bit `r` is set when the position of rank `r` is won for the player to move.
    won: Vec<u64>,
    positions: u64,
    losing: u64,
    /// The bytes the build held at its peak: the bitset and the tasks' buffers.
    peak_bytes: u64,
}

impl OutcomeTable {
    /// The number of positions in a box, or `None` if it does not fit in 64 bits.
    pub fn positions_in(rows: u8, cols: u8) -> Option<u64> {
        binomial(u64::from(rows) + u64::from(cols), u64::from(cols))
            .and_then(|n| u64::try_from(n).ok())
    }

    /// The bytes a build of a box needs at most, saturating: one bit per position, and the
    /// buffers of the tasks that share the work between the cores (a few MiB at most).
    pub fn bytes_for(rows: u8, cols: u8) -> u64 {
        Self::positions_in(rows, cols).map_or(u64::MAX, |n| {
            (n.div_ceil(64) * 8).saturating_add(build::buffer_bytes(n))
        })
    }

    /// Solves every position of the `rows` × `cols` box. `progress(done, total)` is called about
    /// every millisecond; when it returns `false` the build stops with
    /// [`BuildError::Cancelled`].
    pub fn build(
        rows: u8,
        cols: u8,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, BuildError> {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let tuning = Tuning {
            mark_block: build::MARK_BLOCK,
            split_from: (cores > 1).then_some(build::SPLIT_FROM),
        };
        Self::build_with(rows, cols, tuning, progress)
    }

    /// [`OutcomeTable::build`], marking blocks of at most `tuning.mark_block` positions one lost
    /// position at a time, lifting bigger ones, and splitting blocks of `tuning.split_from`
    /// positions or more into tasks for two workers. The answer does not depend on the tuning;
    /// the tests vary it so that every way of solving is checked on small boxes.
    #[doc(hidden)]
    pub fn build_with(
        rows: u8,
        cols: u8,
        tuning: Tuning,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, BuildError> {
        let positions = Self::positions_in(rows, cols).expect("box too large to rank");
        let ranking = Ranking::new(rows, cols);
        let mut won =
            bits::zeroed_table(positions.div_ceil(64) as usize).ok_or(BuildError::OutOfMemory {
                bytes: Self::bytes_for(rows, cols),
            })?;
        won[0] = 1; // the empty bar
        let won_bytes = won.len() as u64 * 8;
        let (losing, buffer_bytes) = build::build(&ranking, positions, &mut won, tuning, progress)?;
        progress(positions, positions);
        Ok(OutcomeTable {
            ranking,
            won,
            positions,
            losing,
            peak_bytes: won_bytes + buffer_bytes,
        })
    }

    /// Rows of the box.
    pub fn rows(&self) -> u8 {
        self.ranking.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> u8 {
        self.ranking.cols as u8
    }

    /// Positions in the box, the empty bar included.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Positions lost for the player to move (the lone poison square counts, the empty bar not).
    pub fn losing_positions(&self) -> u64 {
        self.losing
    }

    /// Bytes the build held at its peak: the bitset, and the buffers of the tasks that shared
    /// the work between the cores (freed when it finished).
    pub fn table_bytes(&self) -> u64 {
        self.peak_bytes
    }

    /// Whether the position fits this box: no more rows, no more non-empty columns.
    pub fn covers(&self, heights: &[u8]) -> bool {
        heights.first().is_none_or(|&h| h <= self.ranking.rows)
            && heights.iter().skip(self.ranking.cols).all(|&h| h == 0)
    }

    /// The rank of a position that fits the box (see [`OutcomeTable::covers`]).
    pub fn rank(&self, heights: &[u8]) -> u64 {
        debug_assert!(self.covers(heights));
        heights
            .iter()
            .take(self.ranking.cols)
            .enumerate()
            .map(|(i, &h)| self.ranking.weight(i, h))
            .sum()
    }

    /// Whether the player to move wins. `None` if the position does not fit the box.
    pub fn wins(&self, heights: &[u8]) -> Option<bool> {
        self.covers(heights)
            .then(|| self.is_won_rank(self.rank(heights)))
    }

    /// Every winning move (the moves that leave a lost position) as (column, row) of the square
    /// eaten, column by column from the poison, rows upward. `None` if the position does not
    /// fit the box.
    pub fn winning_moves(&self, heights: &[u8]) -> Option<Vec<(u8, u8)>> {
        if !self.covers(heights) {
            return None;
        }
        let heights = &heights[..heights.len().min(self.ranking.cols)];
        let rank = self.rank(heights);
        let mut moves = Vec::new();
        for (c, &h) in heights.iter().enumerate() {
            for row in 0..h {
                let lowered: u64 = heights[c..]
                    .iter()
                    .enumerate()
                    .take_while(|&(_, &hk)| hk > row)
                    .map(|(k, &hk)| {
                        self.ranking.weight(c + k, hk) - self.ranking.weight(c + k, row)
                    })
                    .sum();
                if !self.is_won_rank(rank - lowered) {
                    moves.push((c as u8, row));
                }
            }
        }
        Some(moves)
    }

    fn is_won_rank(&self, rank: u64) -> bool {
        is_set(&self.won, rank)
    }
}

/// Steps `heights` (non-increasing, at most `rows`) to the next such vector in lexicographic
/// order, which is rank order; `false` after the last.
fn next_in_lex_order(heights: &mut [u8], rows: u8) -> bool {
    for i in (0..heights.len()).rev() {
        let cap = if i == 0 { rows } else { heights[i - 1] };
        if heights[i] < cap {
            heights[i] += 1;
            heights[i + 1..].fill(0);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_boxes_hold_only_the_empty_bar() {
        for (rows, cols) in [(0, 0), (3, 0), (0, 3)] {
            let table = OutcomeTable::build(rows, cols, &mut |_, _| true).unwrap();
            assert_eq!((table.positions(), table.losing_positions()), (1, 0));
        }
    }

    #[test]
    fn ranks_follow_lexicographic_order() {
        let table = OutcomeTable::build(3, 4, &mut |_, _| true).unwrap();
        let mut heights = vec![0u8; 4];
        let mut expected = 0;
        loop {
            assert_eq!(table.rank(&heights), expected, "{heights:?}");
            expected += 1;
            if !next_in_lex_order(&mut heights, 3) {
                break;
            }
        }
        assert_eq!(expected, table.positions());
        assert_eq!(table.positions(), 35);
    }

    #[test]
    fn cancelling_stops_the_build_on_one_worker_or_two() {
        for split_from in [None, Some(build::SPLIT_FROM)] {
            let tuning = Tuning {
                mark_block: build::MARK_BLOCK,
                split_from,
            };
            let mut calls = 0;
            let mut reported = Vec::new();
            let result = OutcomeTable::build_with(14, 14, tuning, &mut |done, total| {
                calls += 1;
                reported.push((done, total));
                calls < 3
            });
            assert_eq!(result.err(), Some(BuildError::Cancelled), "{tuning:?}");
            assert_eq!(calls, 3, "{tuning:?}");
            // Progress only goes forward, and not past the end.
            assert!(
                reported.windows(2).all(|w| w[0].0 <= w[1].0),
                "{reported:?}"
            );
            assert!(
                reported.iter().all(|&(done, total)| done <= total),
                "{reported:?}"
            );
        }
    }

    #[test]
    fn progress_is_reported_while_both_workers_build() {
        let tuning = Tuning {
            mark_block: build::MARK_BLOCK,
            split_from: Some(build::SPLIT_FROM),
        };
        let mut reported = Vec::new();
        let table = OutcomeTable::build_with(13, 13, tuning, &mut |done, total| {
            reported.push((done, total));
            true
        })
        .unwrap();
        let total = table.positions();
        assert!(reported.len() > 2, "{reported:?}");
        assert!(
            reported.windows(2).all(|w| w[0].0 <= w[1].0),
            "{reported:?}"
        );
        assert_eq!(reported.last(), Some(&(total, total)));
    }

    #[test]
    fn positions_outside_the_box_are_refused() {
        let table = OutcomeTable::build(3, 3, &mut |_, _| true).unwrap();
        assert_eq!(table.wins(&[4, 0, 0]), None);
        assert_eq!(table.wins(&[3, 3, 3, 1]), None);
        assert_eq!(table.wins(&[3, 3, 3, 0, 0]), Some(true));
        assert_eq!(table.wins(&[1, 0, 0]), Some(false));
    }
}
