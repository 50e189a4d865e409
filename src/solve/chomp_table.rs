//! The outcome of every Chomp position in a box, one bit each.
//!
//! **Ranking.** Positions of a `rows` × `cols` box are the non-increasing height vectors with
//! entries in `0..=rows`; there are `C(rows + cols, cols)` of them. A vector's rank is the number
//! of vectors before it in lexicographic order, which is `Σ_i C(h_i + cols-1-i, cols-i)`, a sum of
//! one table look-up per column ([`OutcomeTable::rank`]). A move only lowers heights, so it always
//! lowers the rank: rank order extends containment, and every position comes after all the
//! positions it can move to.
//!
//! **Building.** Ranks are scanned upward, a 64-bit word at a time. When the scan reaches a
//! position that no earlier position has marked as won, that position is lost, and every position
//! that can move to it is marked won. Lost positions are rare (about half a percent of a box), so
//! the marking costs little more than two writes per won position, and where the marked positions
//! differ only in the last column their ranks are consecutive and are filled a word at a time.
//! The empty bar, rank 0, counts as won: the player who faces it has just watched the opponent eat
//! the poison.
//!
//! **Two cores.** Fix the first `K` column heights: the positions sharing such a prefix form one
//! contiguous *block* of ranks. Raising a run that starts at column `c >= K` keeps the prefix, so
//! those marks land in the lost position's own block; raising a run that starts before `K`
//! changes the prefix upward, so those marks land in later blocks. One thread scans a block and
//! makes the in-block marks; a helper makes the far marks of the lost positions the scanner hands
//! it. Before scanning the next block the scanner waits until the helper has caught up, so every
//! mark into a block is made before the block is read. Each thread writes plain words where it is
//! the only writer and uses an atomic OR on the words the two may share.

use super::binomial;
use crate::game::chomp::Square;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Acquire, Ordering::Relaxed, Ordering::Release};
use std::sync::mpsc;

/// The build was stopped by its caller before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// How many words the scanner reads between two progress reports (about a million positions).
const PROGRESS_WORDS: u64 = 1 << 14;
/// Lost positions handed to the helper thread in one message.
const BATCH: usize = 1024;
/// The helper thread marks the predecessors reached by raising a run that starts in one of the
/// first this many columns. Four balanced the two threads best on 16×16 (`examples/table_stats`).
const HELPER_COLUMNS: usize = 4;
/// Boxes with fewer positions than this are built on one thread: the helper would cost more than
/// it saves.
const PARALLEL_FROM: u64 = 1 << 22;

/// Won/lost for every position of a box, with the ranking that indexes it.
pub struct OutcomeTable {
    shape: Shape,
    /// Bit `r` is set when the position of rank `r` is won for the player to move.
    won: Vec<AtomicU64>,
    positions: u64,
    losing: u64,
}

impl OutcomeTable {
    /// The number of positions in a box, or `None` if it does not fit in 64 bits.
    pub fn positions_in(rows: u8, cols: u8) -> Option<u64> {
        binomial(u64::from(rows) + u64::from(cols), u64::from(cols))
            .and_then(|n| u64::try_from(n).ok())
    }

    /// The bytes the table of a box needs (one bit per position), saturating.
    pub fn bytes_for(rows: u8, cols: u8) -> u64 {
        Self::positions_in(rows, cols).map_or(u64::MAX, |n| n.div_ceil(64) * 8)
    }

    /// Solves every position of the `rows` × `cols` box, on two threads when the box is large
    /// enough to gain from it. `progress(done, total)` is called about every million positions;
    /// when it returns `false` the build stops with [`Cancelled`].
    pub fn build(
        rows: u8,
        cols: u8,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, Cancelled> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let large = Self::positions_in(rows, cols).is_some_and(|n| n >= PARALLEL_FROM);
        Self::build_with(rows, cols, cores > 1 && large, progress)
    }

    /// [`OutcomeTable::build`], choosing whether a helper thread is used (boxes with too few
    /// columns to split are always built on one).
    pub fn build_with(
        rows: u8,
        cols: u8,
        parallel: bool,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, Cancelled> {
        let positions = Self::positions_in(rows, cols).expect("box too large to rank");
        let shape = Shape::new(rows, cols);
        let won: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
            .take(positions.div_ceil(64) as usize)
            .collect();
        won[0].store(1, Relaxed); // the empty bar
        // The helper takes the runs that start in the first `split` columns.
        let split = if parallel && usize::from(cols) > HELPER_COLUMNS {
            HELPER_COLUMNS
        } else {
            0
        };
        let losing = if split == 0 {
            let mut scanner = Scanner::new(&shape, &won, positions, progress);
            scanner.scan(0..positions, 0..won.len(), None)?;
            scanner.losing
        } else {
            build_on_two_threads(&shape, &won, positions, split, progress)?
        };
        progress(positions, positions);
        Ok(OutcomeTable {
            shape,
            won,
            positions,
            losing,
        })
    }

    /// Rows of the box.
    pub fn rows(&self) -> u8 {
        self.shape.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> u8 {
        self.shape.cols as u8
    }

    /// Positions in the box, the empty bar included.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Positions lost for the player to move (the lone poison square counts, the empty bar not).
    pub fn losing_positions(&self) -> u64 {
        self.losing
    }

    /// Bytes held by the bitset.
    pub fn table_bytes(&self) -> u64 {
        self.won.len() as u64 * 8
    }

    /// Whether the position fits this box: no more rows, no more non-empty columns.
    pub fn covers(&self, heights: &[u8]) -> bool {
        heights.first().is_none_or(|&h| h <= self.shape.rows)
            && heights.iter().skip(self.shape.cols).all(|&h| h == 0)
    }

    /// The rank of a position that fits the box (see [`OutcomeTable::covers`]).
    pub fn rank(&self, heights: &[u8]) -> u64 {
        debug_assert!(self.covers(heights));
        heights
            .iter()
            .take(self.shape.cols)
            .enumerate()
            .map(|(i, &h)| self.shape.weight(i, h))
            .sum()
    }

    /// Whether the player to move wins. `None` if the position does not fit the box.
    pub fn wins(&self, heights: &[u8]) -> Option<bool> {
        self.covers(heights)
            .then(|| self.is_won_rank(self.rank(heights)))
    }

    /// Every winning move (the moves that leave a lost position), column by column from the
    /// poison, rows upward. `None` if the position does not fit the box.
    pub fn winning_moves(&self, heights: &[u8]) -> Option<Vec<Square>> {
        if !self.covers(heights) {
            return None;
        }
        let heights = &heights[..heights.len().min(self.shape.cols)];
        let rank = self.rank(heights);
        let mut moves = Vec::new();
        for (c, &h) in heights.iter().enumerate() {
            for row in 0..h {
                let lowered: u64 = heights[c..]
                    .iter()
                    .enumerate()
                    .take_while(|&(_, &hk)| hk > row)
                    .map(|(k, &hk)| self.shape.weight(c + k, hk) - self.shape.weight(c + k, row))
                    .sum();
                if !self.is_won_rank(rank - lowered) {
                    moves.push(Square::new(c as u8, row));
                }
            }
        }
        Some(moves)
    }

    fn is_won_rank(&self, rank: u64) -> bool {
        self.won[(rank / 64) as usize].load(Relaxed) >> (rank % 64) & 1 == 1
    }
}

/// The ranking of a box's positions.
struct Shape {
    rows: u8,
    cols: usize,
    /// `weights[i * (rows + 1) + v] = C(v + cols-1-i, cols-i)`: what a height of `v` in column
    /// `i` adds to the rank, the number of non-increasing tails from column `i` on whose first
    /// entry is below `v`.
    weights: Vec<u64>,
}

impl Shape {
    fn new(rows: u8, cols: u8) -> Shape {
        let n = u64::from(cols);
        let weights = (0..n)
            .flat_map(|i| {
                (0..=u64::from(rows)).map(move |v| {
                    let w = binomial(v + n - 1 - i, n - i).expect("weights fit");
                    u64::try_from(w).expect("weights fit")
                })
            })
            .collect();
        Shape {
            rows,
            cols: cols.into(),
            weights,
        }
    }

    fn weight(&self, col: usize, height: u8) -> u64 {
        self.weights[col * (usize::from(self.rows) + 1) + usize::from(height)]
    }

    /// The weights of one column, indexed by height.
    fn column(&self, col: usize) -> &[u64] {
        let stride = usize::from(self.rows) + 1;
        &self.weights[col * stride..(col + 1) * stride]
    }

    /// The heights of the position of rank `rank`.
    fn unrank(&self, mut rank: u64, heights: &mut [u8]) {
        let mut cap = usize::from(self.rows);
        for (col, h) in heights.iter_mut().enumerate() {
            let weights = &self.column(col)[..=cap];
            // Weights grow strictly with the height; take the tallest that fits in the rank.
            cap = weights.partition_point(|&w| w <= rank) - 1;
            rank -= weights[cap];
            *h = cap as u8;
        }
    }

    /// Rank range of the block of positions whose first `heights.len()` columns are `heights`.
    fn block(&self, prefix: &[u8]) -> Range<u64> {
        let start: u64 = prefix
            .iter()
            .enumerate()
            .map(|(i, &h)| self.weight(i, h))
            .sum();
        let tail = (self.cols - prefix.len()) as u64;
        let last = u64::from(*prefix.last().expect("a non-empty prefix"));
        let size = binomial(last + tail, tail).expect("fits") as u64;
        start..start + size
    }

    /// Marks as won every position with a move to the lost position `heights` (rank `rank`) made
    /// by raising a run that starts in `starts`.
    ///
    /// A move at (column `c`, row `r`) leaves column `c` at height exactly `r`, and `c` must be
    /// the first column of a run of equal heights (a column left of it, inside the run, would cap
    /// the bitten column at `r`). So a predecessor raises the run starting at `c` to any
    /// non-increasing heights between `r` and the column to the left (`rows` for the poison
    /// column), its first column strictly above `r`; everything else stays.
    fn mark_predecessors(&self, marker: &Marker, heights: &[u8], rank: u64, starts: &Range<usize>) {
        let mut c = 0;
        while c < self.cols {
            let low = heights[c];
            let mut end = c + 1;
            while end < self.cols && heights[end] == low {
                end += 1;
            }
            let cap = if c == 0 { self.rows } else { heights[c - 1] };
            if starts.contains(&c) && cap > low {
                self.raise_run(marker, c, end, low, low + 1, cap, rank);
            }
            c = end;
        }
    }

    /// Marks every way of raising columns `col..end` (all at height `low`) to non-increasing
    /// heights, column `col` to a height in `from..=cap`, the rest to at least `low`.
    #[allow(clippy::too_many_arguments)]
    fn raise_run(
        &self,
        marker: &Marker,
        col: usize,
        end: usize,
        low: u8,
        from: u8,
        cap: u8,
        rank: u64,
    ) {
        let weights = self.column(col);
        let base = rank - weights[usize::from(low)];
        if col + 1 == self.cols {
            // The last column's weight is its height: the ranks are consecutive.
            marker.fill(base + u64::from(from), base + u64::from(cap));
            return;
        }
        for v in from..=cap {
            let raised = base + weights[usize::from(v)];
            // Leaving every later column of the run at `low` is one predecessor ...
            marker.set(raised);
            // ... and raising the next column too gives the others.
            if col + 1 < end {
                self.raise_run(marker, col + 1, end, low, low + 1, v, raised);
            }
        }
    }
}

/// Writes won bits: plain stores on the words only this thread writes, atomic ORs elsewhere.
struct Marker<'a> {
    won: &'a [AtomicU64],
    own: Range<usize>,
}

impl Marker<'_> {
    #[inline]
    fn or(&self, word: usize, bits: u64) {
        let cell = &self.won[word];
        if self.own.contains(&word) {
            cell.store(cell.load(Relaxed) | bits, Relaxed);
        } else {
            cell.fetch_or(bits, Relaxed);
        }
    }

    #[inline]
    fn set(&self, rank: u64) {
        self.or((rank / 64) as usize, 1 << (rank % 64));
    }

    /// Sets every bit from `first` to `last`, both included.
    fn fill(&self, first: u64, last: u64) {
        let (w0, w1) = ((first / 64) as usize, (last / 64) as usize);
        let head = !0u64 << (first % 64);
        let tail = !0u64 >> (63 - last % 64);
        if w0 == w1 {
            self.or(w0, head & tail);
            return;
        }
        self.or(w0, head);
        for w in w0 + 1..w1 {
            self.or(w, !0);
        }
        self.or(w1, tail);
    }
}

/// The thread that reads the table in rank order, finds the lost positions and marks their
/// predecessors (all of them, or only the in-block ones when a helper takes the rest).
struct Scanner<'a, 'p> {
    shape: &'a Shape,
    won: &'a [AtomicU64],
    positions: u64,
    progress: &'p mut dyn FnMut(u64, u64) -> bool,
    words_since_report: u64,
    heights: Vec<u8>,
    losing: u64,
}

impl<'a, 'p> Scanner<'a, 'p> {
    fn new(
        shape: &'a Shape,
        won: &'a [AtomicU64],
        positions: u64,
        progress: &'p mut dyn FnMut(u64, u64) -> bool,
    ) -> Self {
        Scanner {
            shape,
            won,
            positions,
            progress,
            words_since_report: 0,
            heights: vec![0; shape.cols],
            losing: 0,
        }
    }

    /// Scans the ranks `ranks`, writing plainly into the words `own`. With a helper, marks only
    /// the runs from column `split` on and hands every lost rank to the helper.
    fn scan(
        &mut self,
        ranks: Range<u64>,
        own: Range<usize>,
        mut helper: Option<(&mut Handoff, usize)>,
    ) -> Result<(), Cancelled> {
        let marker = Marker { won: self.won, own };
        let starts = helper.as_ref().map_or(0, |(_, split)| *split)..self.shape.cols;
        let mut r = ranks.start;
        while r < ranks.end {
            let word = (r / 64) as usize;
            let word_end = ((word as u64 + 1) * 64).min(ranks.end);
            let span = word_end - r;
            let mask = (!0u64 >> (64 - span)) << (r % 64);
            let free = !self.won[word].load(Relaxed) & mask;
            if free == 0 {
                r = word_end;
                self.words_since_report += 1;
                if self.words_since_report >= PROGRESS_WORDS {
                    self.words_since_report = 0;
                    if !(self.progress)(r, self.positions) {
                        return Err(Cancelled);
                    }
                }
                continue;
            }
            let rank = word as u64 * 64 + u64::from(free.trailing_zeros());
            self.losing += 1;
            self.shape.unrank(rank, &mut self.heights);
            self.shape
                .mark_predecessors(&marker, &self.heights, rank, &starts);
            if let Some((handoff, _)) = helper.as_mut() {
                handoff.push(rank);
            }
            r = rank + 1;
        }
        Ok(())
    }
}

/// The scanner's side of the channel to the helper thread.
struct Handoff<'a> {
    sender: Option<mpsc::Sender<Vec<u64>>>,
    batch: Vec<u64>,
    sent: u64,
    done: &'a AtomicU64,
}

impl Handoff<'_> {
    fn push(&mut self, rank: u64) {
        self.batch.push(rank);
        if self.batch.len() == BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        self.sent += self.batch.len() as u64;
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        if let Some(sender) = &self.sender {
            // The helper lives until the sender is dropped, so the send cannot fail.
            let _ = sender.send(batch);
        }
    }

    /// Hands over what is pending and waits until the helper has marked all of it.
    fn catch_up(&mut self) {
        self.flush();
        let mut spins = 0u32;
        while self.done.load(Acquire) < self.sent {
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

fn build_on_two_threads(
    shape: &Shape,
    won: &[AtomicU64],
    positions: u64,
    split: usize,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<u64, Cancelled> {
    let done = AtomicU64::new(0);
    let (sender, inbox) = mpsc::channel::<Vec<u64>>();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let marker = Marker { won, own: 0..0 };
            let mut heights = vec![0u8; shape.cols];
            for batch in inbox {
                for &rank in &batch {
                    shape.unrank(rank, &mut heights);
                    shape.mark_predecessors(&marker, &heights, rank, &(0..split));
                }
                done.fetch_add(batch.len() as u64, Release);
            }
        });
        let mut handoff = Handoff {
            sender: Some(sender),
            batch: Vec::with_capacity(BATCH),
            sent: 0,
            done: &done,
        };
        let mut scanner = Scanner::new(shape, won, positions, progress);
        let mut prefix = vec![0u8; split];
        let result = loop {
            let block = shape.block(&prefix);
            handoff.catch_up();
            // Words wholly inside the block are written by the scanner alone until it is done.
            let own = (block.start.div_ceil(64) as usize)..((block.end / 64) as usize);
            if let Err(cancelled) = scanner.scan(block, own, Some((&mut handoff, split))) {
                break Err(cancelled);
            }
            if !next_in_lex_order(&mut prefix, shape.rows) {
                break Ok(scanner.losing);
            }
        };
        handoff.catch_up();
        handoff.sender = None; // ends the helper
        result
    })
}

/// Steps `heights` to the next non-increasing vector in lexicographic order; `false` at the end.
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
    fn cancelling_stops_the_build() {
        let mut calls = 0;
        let result = OutcomeTable::build(14, 14, &mut |_, _| {
            calls += 1;
            calls < 3
        });
        assert_eq!(result.err(), Some(Cancelled));
        assert_eq!(calls, 3);
    }

    #[test]
    fn two_threads_build_the_same_table_as_one() {
        for (rows, cols) in [(9, 9), (6, 11), (12, 7), (11, 11)] {
            let one = OutcomeTable::build_with(rows, cols, false, &mut |_, _| true).unwrap();
            let two = OutcomeTable::build_with(rows, cols, true, &mut |_, _| true).unwrap();
            assert_eq!(one.losing_positions(), two.losing_positions());
            let words =
                |t: &OutcomeTable| -> Vec<u64> { t.won.iter().map(|w| w.load(Relaxed)).collect() };
            assert!(words(&one) == words(&two), "{rows}x{cols} differs");
        }
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
