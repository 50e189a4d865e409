//! Solving a block on one thread: big blocks region by region, small blocks by marking.

use crate::solve::chomp_table::Cancelled;
use crate::solve::chomp_table::bits::{Combine, combine, is_set};
use crate::solve::chomp_table::ranking::{Block, Raises, Ranking};

/// Bits combined between two chances to report progress (a few milliseconds of work).
const LIFT_SLICE: u64 = 1 << 24;

/// Work between two progress reports (each report is also a chance to cancel): reading a word
/// counts 1, marking the predecessors of a lost position [`LOST_WORK`], lifting 256 bits 1.
/// So a build reports about every millisecond.
const PROGRESS_WORK: usize = 1 << 14;
const LOST_WORK: usize = 1 << 9;

/// What may solve a big block on more than one worker (the `tasks` module does). A builder asks
/// it first for every block too big to mark.
pub(super) trait Split {
    /// Solves `block` for `builder` (adding to its lost positions and its progress), or returns
    /// `None` when it does not take the block, which the builder then solves alone.
    fn solve_block(
        &mut self,
        builder: &mut Builder,
        won: &mut [u64],
        block: Block,
    ) -> Option<Result<(), Cancelled>>;
}

/// The state of one build, apart from the bits themselves.
pub(super) struct Builder<'a> {
    pub(super) ranking: &'a Ranking,
    /// Blocks of at most this many positions are solved by marking.
    pub(super) mark_block: u64,
    /// Scratch for the heights of a lost position.
    heights: Vec<u8>,
    /// The marks of raising runs, listed as the lost positions need them (see [`Raises`]).
    pub(super) raises: Raises,
    /// Lost positions found so far.
    pub(super) losing: u64,
    since_report: usize,
    /// Told `(done, positions)` now and then; the build stops when it answers `false`.
    pub(super) progress: &'a mut dyn FnMut(u64, u64) -> bool,
    /// Positions in the whole box, for progress reports.
    pub(super) positions: u64,
    /// Ranks below this are solved, for progress reports.
    pub(super) done: u64,
    /// What solves big blocks on more than one worker, if anything.
    split: Option<&'a mut dyn Split>,
}

impl<'a> Builder<'a> {
    /// A builder of a box of `positions` positions, marking blocks of at most `mark_block`
    /// positions (at most 2^32: marks are listed as u32 offsets, see [`Raises`]), and handing
    /// bigger blocks to `split` first if there is one.
    pub(super) fn new(
        ranking: &'a Ranking,
        mark_block: u64,
        positions: u64,
        progress: &'a mut dyn FnMut(u64, u64) -> bool,
        split: Option<&'a mut dyn Split>,
    ) -> Builder<'a> {
        debug_assert!(mark_block <= 1 << 32);
        Builder {
            ranking,
            mark_block,
            heights: vec![0; ranking.cols],
            raises: Raises::default(),
            losing: 0,
            since_report: 0,
            progress,
            positions,
            done: 0,
            split,
        }
    }

    /// Solves `block`. On entry the block's bits hold the positions already
    /// known to be won by a move in an earlier column; on return, every position's outcome.
    ///
    /// A block splits into regions by the height `v` of column `col`, in rank order. A move in
    /// column `col` to height `r` lowers every later column to at most `r`, so the positions of
    /// region `v` that it wins are those whose heights, capped at `r`, are lost in region `r`.
    /// Call `M(v)` the positions of region `v` that are lost or won by such a move: the
    /// positions of region `v + 1` won by a move in column `col` are exactly those that, capped
    /// at `v`, lie in `M(v)`. Capping at `v` maps region `v + 1` onto region `v` in a few runs of
    /// consecutive ranks (see [`Builder::lift`]), so a whole region's worth of marks is a few
    /// shifted word-by-word ORs. `M(v)` is kept in region `v`'s own bits while the later
    /// regions are solved (it is `!won | lifted`, and so is `won` of `M(v)`), then turned back.
    pub(super) fn solve_block(&mut self, won: &mut [u64], block: Block) -> Result<(), Cancelled> {
        let Block { col, base, cap } = block;
        if cap == 0 {
            // One position, with every later column empty: no move in this block remains.
            if !is_set(won, base) {
                self.losing += 1;
            }
            return Ok(());
        }
        if col + 1 == self.ranking.cols || block.size(self.ranking) <= self.mark_block {
            return self.mark_block(won, block);
        }
        if let Some(split) = self.split.take() {
            let solved = split.solve_block(self, won, block);
            self.split = Some(split);
            if let Some(solved) = solved {
                return solved;
            }
        }
        for v in 0..=cap {
            if v > 0 {
                self.lift(won, block, v, Combine::Or)?;
            }
            self.solve_block(won, block.region(self.ranking, v))?;
            self.flip_form(won, block, v)?;
        }
        for v in (0..=cap).rev() {
            self.flip_form(won, block, v)?;
        }
        Ok(())
    }

    /// Turns region `v` of a block from outcomes to `M(v)` or back: `!bits | lift(M(v - 1))`.
    fn flip_form(&mut self, won: &mut [u64], block: Block, v: u8) -> Result<(), Cancelled> {
        if v == 0 {
            // Region 0 is the one position whose free columns are all empty.
            let region = block.region(self.ranking, 0).base;
            won[(region / 64) as usize] ^= 1 << (region % 64);
            return Ok(());
        }
        self.lift(won, block, v, Combine::NotOr)
    }

    /// Combines region `v - 1` of `block` into its region `v`, each position of region `v` with
    /// its heights capped at `v - 1` (see [`Ranking::lift_runs`]).
    fn lift(
        &mut self,
        won: &mut [u64],
        block: Block,
        v: u8,
        how: Combine,
    ) -> Result<(), Cancelled> {
        let previous = block.region(self.ranking, v - 1).base;
        let region = block.region(self.ranking, v).base;
        for (from, to, len) in self.ranking.lift_runs(block.col, v) {
            let (from, to) = (previous + from, region + to);
            // In slices, so that a lift across gigabytes still reports and can be cancelled.
            for start in (0..len).step_by(LIFT_SLICE as usize) {
                let n = LIFT_SLICE.min(len - start);
                combine(won, to + start, from + start, n, how);
                self.tick(1 + (n / 256) as usize)?;
            }
        }
        Ok(())
    }

    /// Solves a block by scanning it in rank order: a position no earlier position has marked
    /// is lost, and marks as won every position of the block that can move to it.
    fn mark_block(&mut self, won: &mut [u64], block: Block) -> Result<(), Cancelled> {
        let Block { col, base, .. } = block;
        let end = base + block.size(self.ranking);
        for word in (base / 64) as usize..end.div_ceil(64) as usize {
            let first = (word as u64 * 64).max(base);
            let last = (word as u64 * 64 + 63).min(end - 1);
            let valid = (!0u64 << (first % 64)) & (!0u64 >> (63 - last % 64));
            // Marking can set later bits of this same word, so read it afresh each time.
            let mut seen = 0u64;
            loop {
                let free = !won[word] & valid & !seen;
                if free == 0 {
                    break;
                }
                let bit = free.trailing_zeros();
                seen |= (2u64 << bit).wrapping_sub(1);
                let rank = word as u64 * 64 + u64::from(bit);
                self.losing += 1;
                let heights = &mut self.heights[col..];
                self.ranking.unrank(block, rank, heights);
                self.ranking
                    .mark_predecessors(won, &mut self.raises, block, heights, rank);
                self.since_report += LOST_WORK;
            }
            self.done = end.min(word as u64 * 64 + 64);
            self.tick(1)?;
        }
        Ok(())
    }

    /// Counts `work` towards the next progress report; reports (and asks whether to go on)
    /// every [`PROGRESS_WORK`].
    fn tick(&mut self, work: usize) -> Result<(), Cancelled> {
        self.since_report += work;
        if self.since_report < PROGRESS_WORK {
            return Ok(());
        }
        self.since_report = 0;
        if (self.progress)(self.done, self.positions) {
            Ok(())
        } else {
            Err(Cancelled)
        }
    }
}
