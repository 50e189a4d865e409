//! The nimber (Grundy value) of every position of a Chomp box, one byte each.
//!
//! The convention is normal play, the one sums of games use: the poison is never eaten, so a
//! bar down to its poison has no move and nimber 0, and a move eats any other square with
//! everything above and right of it. A position is lost in Chomp exactly when its nimber is 0.
//! The empty bar (rank 0) has no move either: its nimber is 0 too, though the outcome table
//! counts it as won (the poison has been eaten there).
//!
//! **Pulling.** Positions are solved in rank order, each as the mex (the least value missing)
//! of its moves' nimbers, which all have lower ranks. A move at (column `c`, row `r`) lowers
//! every height above `r` from column `c` on to `r`, so it lowers the rank by
//! `D(c, r) = Σ_{k ≥ c, h_k > r} weight(k, h_k) - weight(k, r)`. Walking the columns from the
//! last to the first, `D(c, r)` is `D(c + 1, r)` plus one term, so a move's rank costs one
//! addition instead of a sum over the columns ([`plain`] sums them, as the reference).
//!
//! **Blocks.** The positions that share all heights but the last four are a block (see
//! `Shared::walk`). `D(c, r)` of a move left of those four columns is what it lowers the
//! block's first position by, plus what capping the last four at `r` lowers them by, which the
//! moves in the first of them find anyway. So those moves are listed once a block, and each
//! costs a position a subtraction, a read and a store: the nimbers a position's moves leave are
//! marked in an array by a stamp, the position's number, and the mex is the first unmarked
//! entry. Successive positions of a block read successive bytes for each move: a few hundred
//! streams of nearby reads, which stay in the caches from one position to the next.
//!
//! **Two workers.** Moves only lower heights, so the positions whose first three heights are
//! `(v, a, b)` (a block of the box, cut one column on) need, from their own region `v` of
//! column 0, only the blocks `(v, a', b')` with `a' < a` and `b' ≤ b`, or `a' = a` and
//! `b' < b`. The rows `(v, a)`, taken in rank order, go to the workers in turn; a worker starts
//! block `(v, a, b)` once the row before has finished its block `min(b, a - 1)` (asleep until
//! then, not spinning: the machine's cores may be shared), and the rows before that are
//! complete. So both workers walk their rows side by side, one block apart.

use super::next_in_lex_order;
use super::ranking::Ranking;
use super::{BuildError, OutcomeTable};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// The most squares a box may have: its positions then have at most 255 moves, so every
/// nimber is at most 255 and fits its byte.
pub const MAX_SQUARES: u16 = 256;

/// Boxes with fewer positions are built by one worker on the calling thread: starting a second
/// costs more than it saves.
const SPLIT_FROM: u64 = 1 << 16;

/// A worker checks for a stop and adds to the progress count every this many positions.
const CHUNK: u64 = 1 << 12;

/// The nimber of every position of a box, with the ranking that indexes it.
pub struct NimberTable {
    ranking: Ranking,
    values: Vec<u8>,
    /// `counts[g]`: how many positions of the box have nimber `g` (the last entry non-zero).
    counts: Vec<u64>,
}

impl NimberTable {
    /// The bytes a build of a box needs, saturating: one per position.
    pub fn bytes_for(rows: u8, cols: u8) -> u64 {
        OutcomeTable::positions_in(rows, cols).unwrap_or(u64::MAX)
    }

    /// Whether the box's nimbers fit a byte: it has at most [`MAX_SQUARES`] squares.
    pub fn fits(rows: u8, cols: u8) -> bool {
        u16::from(rows) * u16::from(cols) <= MAX_SQUARES
    }

    /// The nimber of every position of the `rows` × `cols` box (see [`NimberTable::fits`]),
    /// on both cores when there are two. `progress(done, total)` is called about every
    /// millisecond; when it returns `false` the build stops with [`BuildError::Cancelled`].
    pub fn build(
        rows: u8,
        cols: u8,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<NimberTable, BuildError> {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let big = Self::bytes_for(rows, cols) >= SPLIT_FROM;
        Self::build_with(rows, cols, if cores > 1 && big { 2 } else { 1 }, progress)
    }

    /// [`NimberTable::build`] on `workers` threads: 1, or 2 for a box of at least four
    /// columns (fewer are built by one). The answer does not depend on it; the tests build
    /// small boxes both ways.
    #[doc(hidden)]
    pub fn build_with(
        rows: u8,
        cols: u8,
        workers: usize,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<NimberTable, BuildError> {
        assert!(Self::fits(rows, cols), "{rows}×{cols}: nimbers past a byte");
        let positions = OutcomeTable::positions_in(rows, cols).expect("box too large to rank");
        let out_of_memory = BuildError::OutOfMemory {
            bytes: Self::bytes_for(rows, cols),
        };
        let len = usize::try_from(positions).map_err(|_| out_of_memory)?;
        let mut values: Vec<AtomicU8> = Vec::new();
        values.try_reserve_exact(len).map_err(|_| out_of_memory)?;
        values.resize_with(len, AtomicU8::default);
        let ranking = Ranking::new(rows, cols);
        let shared = Shared {
            ranking: &ranking,
            values: &values,
            rows: rows_of(&ranking),
            stop: AtomicBool::new(false),
            done: AtomicU64::new(0),
            sleep: Mutex::new(()),
            wake: Condvar::new(),
        };
        let counts = if workers < 2 || ranking.cols <= SPLIT {
            shared.alone(positions, progress)?
        } else {
            shared.side_by_side(positions, progress)?
        };
        progress(positions, positions);
        let values = values.into_iter().map(AtomicU8::into_inner).collect();
        let last = counts.iter().rposition(|&n| n > 0).map_or(0, |g| g + 1);
        Ok(NimberTable {
            ranking,
            values,
            counts: counts[..last].to_vec(),
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
        self.values.len() as u64
    }

    /// How many positions have each nimber, from 0 up to the largest in the box; they add up to
    /// [`NimberTable::positions`] (the empty bar counts with nimber 0).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Bytes the table holds: one per position.
    pub fn table_bytes(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the position fits this box: no more rows, no more non-empty columns.
    pub fn covers(&self, heights: &[u8]) -> bool {
        heights.first().is_none_or(|&h| h <= self.ranking.rows)
            && heights.iter().skip(self.ranking.cols).all(|&h| h == 0)
    }

    /// The nimber of a position (column heights from the poison's, non-increasing). `None` if
    /// it does not fit the box.
    pub fn nimber(&self, heights: &[u8]) -> Option<u8> {
        self.covers(heights).then(|| {
            let rank: u64 = heights
                .iter()
                .take(self.ranking.cols)
                .enumerate()
                .map(|(i, &h)| self.ranking.weight(i, h))
                .sum();
            self.values[rank as usize]
        })
    }

    /// Every nimber, in rank order (see [`OutcomeTable::rank`]).
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

/// The columns whose heights split the box into the workers' blocks.
const SPLIT: usize = 3;

/// The walk's blocks share every height but the last this many (see [`Shared::walk`]).
const TAIL: usize = 4;

/// A row of blocks: the positions whose first two heights are `(v, a)`, cut by the third.
#[derive(Clone, Copy)]
struct Row {
    v: u8,
    a: u8,
}

/// Every row of a box of more than [`SPLIT`] columns, in rank order.
fn rows_of(ranking: &Ranking) -> Vec<Row> {
    if ranking.cols <= SPLIT {
        return Vec::new();
    }
    (0..=ranking.rows)
        .flat_map(|v| (0..=v).map(move |a| Row { v, a }))
        .collect()
}

/// What the workers share.
struct Shared<'a> {
    ranking: &'a Ranking,
    values: &'a [AtomicU8],
    rows: Vec<Row>,
    stop: AtomicBool,
    /// Positions solved, for progress reports.
    done: AtomicU64,
    /// A worker waiting for the other's row sleeps on `wake` with `sleep` held.
    sleep: Mutex<()>,
    wake: Condvar,
}

impl Shared<'_> {
    fn lock(&self) -> MutexGuard<'_, ()> {
        self.sleep
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Every position in rank order on this thread; the counts by nimber.
    fn alone(
        &self,
        positions: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<[u64; 256], BuildError> {
        let mut counts = [0; 256];
        let mut heights = vec![0; self.ranking.cols];
        let from = self.ranking.cols.saturating_sub(TAIL);
        let mut rank = 0;
        while rank < positions {
            rank += self.walk(&mut heights, rank, CHUNK, from, &mut counts);
            if !progress(rank, positions) {
                return Err(BuildError::Cancelled);
            }
        }
        Ok(counts)
    }

    /// The rows shared by two workers, while this thread reports progress.
    fn side_by_side(
        &self,
        positions: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<[u64; 256], BuildError> {
        let finished: Vec<AtomicU32> = self.rows.iter().map(|_| AtomicU32::new(0)).collect();
        let counts = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|first| {
                    let finished = &finished;
                    scope.spawn(move || {
                        let _stop = StopOnPanic(&self.stop);
                        self.work(first, 2, finished)
                    })
                })
                .collect();
            while !workers
                .iter()
                .all(std::thread::ScopedJoinHandle::is_finished)
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
                // Once told to stop, the workers are only asked to.
                if !self.stop.load(Ordering::Relaxed)
                    && !progress(self.done.load(Ordering::Relaxed), positions)
                {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
            let mut counts = [0; 256];
            for worker in workers {
                let theirs = worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                for (total, n) in counts.iter_mut().zip(theirs) {
                    *total += n;
                }
            }
            counts
        });
        if self.stop.load(Ordering::Relaxed) {
            return Err(BuildError::Cancelled);
        }
        Ok(counts)
    }

    /// One worker's share: rows `first`, `first + step`, …, each block once the row before has
    /// finished the blocks it needs. Returns its counts by nimber (partial if stopped).
    fn work(&self, first: usize, step: usize, finished: &[AtomicU32]) -> [u64; 256] {
        let ranking = self.ranking;
        let mut counts = [0; 256];
        let mut heights = vec![0; ranking.cols];
        // The walk's blocks must lie within the workers' blocks.
        let from = ranking.cols.saturating_sub(TAIL).max(SPLIT);
        for i in (first..self.rows.len()).step_by(step) {
            let Row { v, a } = self.rows[i];
            let base = ranking.weight(0, v) + ranking.weight(1, a);
            for b in 0..=a {
                if i > 0 {
                    let before = self.rows[i - 1];
                    let needed = u32::from(b.min(before.a)) + 1;
                    // Asleep, not spinning: the machine's cores may be busy with more than us.
                    let mut asleep = self.lock();
                    while finished[i - 1].load(Ordering::Acquire) < needed {
                        if self.stop.load(Ordering::Relaxed) {
                            return counts;
                        }
                        asleep = self
                            .wake
                            .wait_timeout(asleep, std::time::Duration::from_millis(1))
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .0;
                    }
                }
                heights.fill(0);
                heights[..SPLIT].copy_from_slice(&[v, a, b]);
                let mut rank = base + ranking.weight(2, b);
                let mut left = ranking.block_size(SPLIT, b);
                while left > 0 {
                    if self.stop.load(Ordering::Relaxed) {
                        return counts;
                    }
                    let len = self.walk(&mut heights, rank, CHUNK.min(left), from, &mut counts);
                    self.done.fetch_add(len, Ordering::Relaxed);
                    rank += len;
                    left -= len;
                }
                finished[i].store(u32::from(b) + 1, Ordering::Release);
                // Under the lock, so that a worker about to sleep sees the store or the wake.
                let _woken = self.lock();
                self.wake.notify_all();
            }
        }
        counts
    }

    /// Solves the blocks of positions that share their heights before column `from`, in rank
    /// order from `heights` (rank `rank`, the first of a block), until at least `len` positions
    /// are solved; leaves `heights` at the next block, counts the positions by nimber and
    /// returns how many it solved.
    ///
    /// A block's moves in the columns before `from` (its **far** moves) lower the rank of each
    /// of its positions by what they lower the block's first by (`far`, listed once a block),
    /// plus what capping the position's own columns from `from` on at the move's row lowers
    /// it by: nothing for a move above those columns, and otherwise what the move at that row
    /// in column `from` lowers it by, found on the way. So a far move costs a position one
    /// subtraction and one read, with no work a column.
    fn walk(
        &self,
        heights: &mut [u8],
        mut rank: u64,
        len: u64,
        from: usize,
        counts: &mut [u64; 256],
    ) -> u64 {
        let ranking = self.ranking;
        let values = self.values;
        let rows = usize::from(ranking.rows);
        // `lowered[r]`: how much the move at row `r` in the current column lowers the rank.
        let mut lowered = vec![0u64; rows + 1];
        // The block's far moves, by row from the top: what each lowers the first position's
        // rank by; `above[v]` of them are at row `v` or higher.
        let mut far: Vec<u64> = Vec::with_capacity(rows * from);
        let mut above = vec![0usize; rows + 2];
        let mut by_row: Vec<Vec<u64>> = vec![Vec::with_capacity(from); rows + 1];
        // `seen[g] == stamp`: a move of the current position leaves nimber `g`. One store a
        // move, where adding to a bitset in registers costs a dozen instructions.
        let mut seen = [0u32; 256];
        let mut stamp = 0u32;
        let mut done = 0;
        loop {
            // The block's far moves, found as the moves of its first position.
            let cap = if from == 0 {
                rows
            } else {
                usize::from(heights[from - 1])
            };
            let used = heights[..from].iter().take_while(|&&h| h > 0).count();
            lowered[..usize::from(heights.first().copied().unwrap_or(0))].fill(0);
            by_row.iter_mut().for_each(Vec::clear);
            for c in (0..used).rev() {
                let h = usize::from(heights[c]);
                let weights = ranking.column(c);
                // The poison, row 0 of column 0, is never eaten.
                for r in usize::from(c == 0)..h {
                    lowered[r] += weights[h] - weights[r];
                    by_row[r].push(lowered[r]);
                }
            }
            far.clear();
            for v in (0..=rows).rev() {
                far.extend_from_slice(&by_row[v]);
                above[v] = far.len();
            }
            // Its positions, whose heights from column `from` on run under `cap`.
            loop {
                stamp += 1;
                let top = heights.get(from).map_or(0, |&h| usize::from(h));
                lowered[..top].fill(0);
                let used = from + heights[from..].iter().take_while(|&&h| h > 0).count();
                for c in (from..used).rev() {
                    let h = usize::from(heights[c]);
                    let weights = ranking.column(c);
                    for r in usize::from(c == 0)..h {
                        lowered[r] += weights[h] - weights[r];
                        let g = values[(rank - lowered[r]) as usize].load(Ordering::Relaxed);
                        seen[usize::from(g)] = stamp;
                    }
                }
                // Far moves above the position's own columns leave them as they are; one at
                // row `r` below their top caps them as the move at row `r` in column `from`.
                mark(values, rank, &far[..above[top]], &mut seen, stamp);
                for r in 0..top {
                    let lowers = &far[above[r + 1]..above[r]];
                    mark(values, rank - lowered[r], lowers, &mut seen, stamp);
                }
                let g = seen
                    .iter()
                    .position(|&s| s != stamp)
                    .expect("at most 255 moves") as u8;
                values[rank as usize].store(g, Ordering::Relaxed);
                counts[usize::from(g)] += 1;
                rank += 1;
                done += 1;
                if !next_in_lex_order(&mut heights[from..], cap as u8) {
                    break;
                }
            }
            heights[from..].fill(0);
            if !next_in_lex_order(&mut heights[..from], ranking.rows) || done >= len {
                return done;
            }
        }
    }
}

/// Marks in `seen` with `stamp` the nimbers at the ranks `from - lower` for each of `lowers`.
#[inline]
fn mark(values: &[AtomicU8], from: u64, lowers: &[u64], seen: &mut [u32; 256], stamp: u32) {
    for &lower in lowers {
        let g = values[(from - lower) as usize].load(Ordering::Relaxed);
        seen[usize::from(g)] = stamp;
    }
}

/// Stops the other worker when this one panics, so that it does not wait for a row that will
/// never finish.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The reference the build is measured against: a plain pull on one core. Each position, in
/// rank order, takes the mex of its moves' nimbers, each move's position ranked afresh as a sum
/// of one weight per column.
#[doc(hidden)]
pub fn plain(rows: u8, cols: u8) -> Vec<u8> {
    assert!(
        NimberTable::fits(rows, cols),
        "{rows}×{cols}: nimbers past a byte"
    );
    let ranking = Ranking::new(rows, cols);
    let positions = OutcomeTable::positions_in(rows, cols).expect("box too large to rank");
    let mut values = vec![0u8; positions as usize];
    let mut heights = vec![0u8; ranking.cols];
    let mut after = vec![0u8; ranking.cols];
    for rank in 0..values.len() {
        let mut seen = [false; 257];
        for c in 0..ranking.cols {
            for r in u8::from(c == 0)..heights[c] {
                for (k, (a, &h)) in after.iter_mut().zip(&heights).enumerate() {
                    *a = if k >= c { h.min(r) } else { h };
                }
                let moved: u64 = after
                    .iter()
                    .enumerate()
                    .map(|(k, &h)| ranking.weight(k, h))
                    .sum();
                seen[usize::from(values[moved as usize])] = true;
            }
        }
        values[rank] = seen.iter().position(|&s| !s).expect("a value is missing") as u8;
        next_in_lex_order(&mut heights, rows);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_worker_two_workers_and_the_plain_pull_agree() {
        for (rows, cols) in [
            (1, 1),
            (1, 5),
            (5, 1),
            (2, 2),
            (4, 3),
            (3, 4),
            (6, 9),
            (9, 7),
        ] {
            let plain = plain(rows, cols);
            for workers in [1, 2] {
                let table = NimberTable::build_with(rows, cols, workers, &mut |_, _| true)
                    .expect("not cancelled");
                assert_eq!(
                    table.values(),
                    &plain[..],
                    "{rows}×{cols}, {workers} workers"
                );
                let counted: u64 = table.counts().iter().sum();
                assert_eq!(counted, table.positions());
            }
        }
    }

    #[test]
    fn cancelling_stops_the_build_on_one_worker_or_two() {
        for workers in [1, 2] {
            let mut reported = Vec::new();
            let result = NimberTable::build_with(13, 13, workers, &mut |done, total| {
                reported.push((done, total));
                reported.len() < 3
            });
            assert!(
                matches!(result, Err(BuildError::Cancelled)),
                "{workers} workers"
            );
            assert_eq!(reported.len(), 3, "{workers} workers");
            assert!(
                reported.windows(2).all(|w| w[0].0 <= w[1].0),
                "{reported:?}"
            );
            assert!(reported.iter().all(|&(d, t)| d < t), "{reported:?}");
        }
    }

    #[test]
    fn progress_goes_forward_to_the_end_on_two_workers() {
        let mut reported = Vec::new();
        let table = NimberTable::build_with(10, 10, 2, &mut |done, total| {
            reported.push((done, total));
            true
        })
        .expect("not cancelled");
        let total = table.positions();
        assert!(
            reported.windows(2).all(|w| w[0].0 <= w[1].0),
            "{reported:?}"
        );
        assert_eq!(reported.last(), Some(&(total, total)));
    }

    #[test]
    fn nimbers_past_a_byte_are_refused_by_size() {
        assert!(NimberTable::fits(16, 16));
        assert!(NimberTable::fits(2, 128));
        assert!(!NimberTable::fits(17, 16));
        assert_eq!(NimberTable::bytes_for(4, 4), 70);
    }

    #[test]
    fn positions_outside_the_box_have_no_nimber() {
        let table = NimberTable::build(3, 3, &mut |_, _| true).expect("not cancelled");
        assert_eq!(table.nimber(&[4, 0, 0]), None);
        assert_eq!(table.nimber(&[3, 3, 3, 1]), None);
        // The poison alone has no move; a bar of four squares in a row is a heap of three.
        assert_eq!(table.nimber(&[1, 0, 0]), Some(0));
        assert_eq!(table.nimber(&[3, 1, 0, 0]), Some(2 ^ 1));
    }
}
