//! Building a table: big blocks by lifting whole regions, small blocks by marking.

mod tasks;

use super::Cancelled;
use super::bits::{Combine, combine, is_set};
use super::ranking::{Block, Raises, Ranking};

/// How a build divides its work: see `MARK_BLOCK`, `SPLIT_FROM` and the `tasks` module.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// Blocks of at most this many positions are solved by marking.
    pub mark_block: u64,
    /// Bigger blocks of at least this many positions (and at most a limit, see the `tasks`
    /// module) are split into tasks for two workers; `None`: one worker.
    pub split_from: Option<u64>,
}

/// Blocks of at most this many positions are solved by marking, bigger ones by lifting (see
/// [`Builder::solve_block`]). Such a block (2 KiB) stays in the core's first-level cache while
/// the marks land in it. Measured with `build_with` (best of repeated builds, and
/// `examples/table_stats` for 18×18): on 12×12, 2^12 to 2^16 are within 17% of this; 2^14 beat
/// 2^16 by 7% on 16×16 and by 11% on 18×18; 2^10 is 27% slower on 12×12.
pub(super) const MARK_BLOCK: u64 = 1 << 14;

/// Smaller blocks are solved by one worker: starting the other takes longer than it saves. Best
/// of repeated builds: 10×10 (2^17.5 positions) 0.48 ms split against 0.33 ms alone; 11×11
/// (2^19.4) 0.83 against 1.28 ms.
pub(super) const SPLIT_FROM: u64 = 1 << 18;

/// Bits combined between two chances to report progress (a few milliseconds of work).
const LIFT_SLICE: u64 = 1 << 24;

/// Work between two progress reports (each report is also a chance to cancel): reading a word
/// counts 1, marking the predecessors of a lost position [`LOST_WORK`], lifting 256 bits 1.
/// So a build reports about every millisecond.
const PROGRESS_WORK: usize = 1 << 14;
const LOST_WORK: usize = 1 << 9;

/// The most bytes the tasks' buffers take in a build of a box of `positions` positions:
/// none when the box is smaller than [`SPLIT_FROM`], since it is then built by one worker.
pub(super) fn buffer_bytes(positions: u64) -> u64 {
    if positions >= SPLIT_FROM {
        tasks::buffer_bytes(positions)
    } else {
        0
    }
}

/// Solves every position of a box (`positions` of them) into `won` (all zeros but the empty
/// bar on entry) and returns how many positions are lost, and the bytes of the tasks' buffers.
pub(super) fn build(
    ranking: &Ranking,
    positions: u64,
    won: &mut [u64],
    tuning: Tuning,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(u64, u64), Cancelled> {
    let mut builder = Builder::new(ranking, tuning, progress);
    builder.positions = positions;
    if ranking.cols > 0 {
        builder.solve_block(won, ranking.whole_box())?;
    }
    Ok((builder.losing, builder.task_buffers.len() as u64 * 8))
}

/// The state of one build, apart from the bits themselves.
struct Builder<'a> {
    ranking: &'a Ranking,
    tuning: Tuning,
    /// Scratch for the heights of a lost position.
    heights: Vec<u8>,
    /// The marks of raising runs, listed as the lost positions need them (see [`Raises`]).
    raises: Raises,
    /// The same for the second worker of [`tasks::solve_block`], kept from one split block to
    /// the next.
    helper_raises: Raises,
    losing: u64,
    since_report: usize,
    progress: &'a mut dyn FnMut(u64, u64) -> bool,
    positions: u64,
    /// Ranks below this are solved, for progress reports.
    done: u64,
    /// The buffers of [`tasks::solve_block`], kept from one split block to the next.
    task_buffers: Vec<u64>,
}

impl<'a> Builder<'a> {
    fn new(
        ranking: &'a Ranking,
        tuning: Tuning,
        progress: &'a mut dyn FnMut(u64, u64) -> bool,
    ) -> Builder<'a> {
        // Marks within a block are listed as u32 offsets (see [`Raises`]).
        let mark_block = tuning.mark_block.min(1 << 32);
        Builder {
            ranking,
            tuning: Tuning {
                mark_block,
                ..tuning
            },
            heights: vec![0; ranking.cols],
            raises: Raises::default(),
            helper_raises: Raises::default(),
            losing: 0,
            since_report: 0,
            progress,
            positions: 0,
            done: 0,
            task_buffers: Vec::new(),
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
    fn solve_block(&mut self, won: &mut [u64], block: Block) -> Result<(), Cancelled> {
        let Block { col, base, cap } = block;
        if cap == 0 {
            // One position, with every later column empty: no move in this block remains.
            if !is_set(won, base) {
                self.losing += 1;
            }
            return Ok(());
        }
        if col + 1 == self.ranking.cols || block.size(self.ranking) <= self.tuning.mark_block {
            return self.mark_block(won, block);
        }
        if let Some(solved) = tasks::solve_block(self, won, block) {
            return solved;
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
