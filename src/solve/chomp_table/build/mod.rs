//! Building a table: big blocks by lifting whole regions, small blocks by marking.
//!
//! `alone` solves a block on one thread; `tasks` shares a big block between two workers, each
//! of them an `alone` builder. A builder hands big blocks to a [`Split`] if it has one, so
//! the two files never import each other: this module plugs them together.

mod alone;
mod tasks;

use super::Cancelled;
use super::ranking::Ranking;
use alone::{Builder, Split};
use tasks::TwoWorkers;

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
/// `Builder::solve_block`). Such a block (2 KiB) stays in the core's first-level cache while
/// the marks land in it. Measured with `build_with` (best of repeated builds, and
/// `examples/table_stats` for 18×18): on 12×12, 2^12 to 2^16 are within 17% of this; 2^14 beat
/// 2^16 by 7% on 16×16 and by 11% on 18×18; 2^10 is 27% slower on 12×12.
pub(super) const MARK_BLOCK: u64 = 1 << 14;

/// Smaller blocks are solved by one worker: starting the other takes longer than it saves. Best
/// of repeated builds: 10×10 (2^17.5 positions) 0.48 ms split against 0.33 ms alone; 11×11
/// (2^19.4) 0.83 against 1.28 ms.
pub(super) const SPLIT_FROM: u64 = 1 << 18;

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
    let mut two_workers = tuning.split_from.map(TwoWorkers::new);
    let split = two_workers.as_mut().map(|t| t as &mut dyn Split);
    // Marks within a block are listed as u32 offsets (see `Raises`).
    let mark_block = tuning.mark_block.min(1 << 32);
    let mut builder = Builder::new(ranking, mark_block, positions, progress, split);
    if ranking.cols > 0 {
        builder.solve_block(won, ranking.whole_box())?;
    }
    let losing = builder.losing;
    Ok((losing, two_workers.map_or(0, |t| t.buffer_bytes())))
}
