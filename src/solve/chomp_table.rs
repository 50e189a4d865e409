//! The outcome of every Chomp position in a box, one bit each.
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
//! copied as shifted words, 64 positions per operation ([`Builder::solve_block`]). Small blocks
//! (8 KiB) are scanned upward: a position no earlier position has marked is lost, and marks as
//! won every position of the block that can move to it ([`Builder::mark_block`]). Lost positions
//! are rare (about half a percent of a box), and the marks land in the first-level cache. The
//! empty bar, rank 0, counts as won: the player who faces it has just watched the opponent eat
//! the poison.
//!
//! Every pass over a big region reads and writes memory in order, so the build runs at the
//! speed of the cache-sized blocks rather than of random memory access, on one thread.

use super::binomial;
use crate::game::chomp::Square;

/// The build was stopped by its caller before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// Work between two progress reports (each report is also a chance to cancel): reading a word
/// counts 1, marking the predecessors of a lost position [`LOST_WORK`]. So the scan reports
/// about every million positions, and more often where lost positions are dense, since marking
/// their predecessors is the slow part.
const PROGRESS_WORK: usize = 1 << 14;
const LOST_WORK: usize = 1 << 9;

/// Won/lost for every position of a box, with the ranking that indexes it.
pub struct OutcomeTable {
    shape: Shape,
    /// Bit `r` is set when the position of rank `r` is won for the player to move.
    won: Vec<u64>,
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

    /// Solves every position of the `rows` × `cols` box. `progress(done, total)` is called about
    /// every million positions; when it returns `false` the build stops with [`Cancelled`].
    pub fn build(
        rows: u8,
        cols: u8,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, Cancelled> {
        Self::build_with(rows, cols, MARK_BLOCK, progress)
    }

    /// [`OutcomeTable::build`], marking blocks of at most `mark_block` positions one lost
    /// position at a time and lifting bigger ones. The answer does not depend on `mark_block`;
    /// the tests vary it so that both ways of solving are checked on small boxes.
    #[doc(hidden)]
    pub fn build_with(
        rows: u8,
        cols: u8,
        mark_block: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, Cancelled> {
        let positions = Self::positions_in(rows, cols).expect("box too large to rank");
        let mut builder = Builder {
            shape: Shape::new(rows, cols),
            won: vec![0; positions.div_ceil(64) as usize],
            losing: 0,
            heights: vec![0; usize::from(cols)],
            mark_block,
            progress,
            since_report: 0,
            positions,
            done: 0,
        };
        prefer_huge_pages(&mut builder.won);
        builder.won[0] = 1; // the empty bar
        if cols > 0 {
            builder.solve_block(0, 0, rows)?;
        }
        (builder.progress)(positions, positions);
        Ok(OutcomeTable {
            shape: builder.shape,
            won: builder.won,
            positions,
            losing: builder.losing,
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
        is_set(&self.won, rank)
    }
}

/// Blocks of at most this many positions are solved by marking, bigger ones by lifting (see
/// [`Builder::solve_block`]). Such a block (8 KiB) stays in the core's first-level cache while
/// the marks land in it. Measured with `examples/table_stats` on 16×16 and 17×17: anything from
/// 2^12 to 2^18 is within 20% of this; 2^8 is three times slower.
const MARK_BLOCK: u64 = 1 << 16;

/// Bits combined between two chances to report progress (a few milliseconds of work).
const LIFT_SLICE: u64 = 1 << 24;

/// Runs of at least this many words (1 MiB) are combined on both cores.
const PARALLEL_WORDS: usize = 1 << 17;

/// The state of one table build.
struct Builder<'p> {
    shape: Shape,
    won: Vec<u64>,
    losing: u64,
    /// Scratch for the heights of a lost position.
    heights: Vec<u8>,
    mark_block: u64,
    progress: &'p mut dyn FnMut(u64, u64) -> bool,
    since_report: usize,
    positions: u64,
    /// Ranks below this are solved, for progress reports.
    done: u64,
}

impl Builder<'_> {
    /// Solves the block of positions that share their first `col` heights, the last of which
    /// is `cap`, starting at rank `base`. On entry the block's bits hold the positions already
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
    fn solve_block(&mut self, col: usize, base: u64, cap: u8) -> Result<(), Cancelled> {
        if cap == 0 {
            // One position, with every later column empty: no move in this block remains.
            if !is_set(&self.won, base) {
                self.losing += 1;
            }
            return Ok(());
        }
        if col + 1 == self.shape.cols || self.shape.block_size(col, cap) <= self.mark_block {
            return self.mark_block(col, base, cap);
        }
        for v in 0..=cap {
            let region = base + self.shape.weight(col, v);
            if v > 0 {
                let previous = base + self.shape.weight(col, v - 1);
                self.lift(col, v, previous, region, Combine::Or)?;
            }
            self.solve_block(col + 1, region, v)?;
            self.flip_form(col, base, v)?;
        }
        for v in (0..=cap).rev() {
            self.flip_form(col, base, v)?;
        }
        Ok(())
    }

    /// Turns region `v` of a block from outcomes to `M(v)` or back: `!bits | lift(M(v - 1))`.
    fn flip_form(&mut self, col: usize, base: u64, v: u8) -> Result<(), Cancelled> {
        let region = base + self.shape.weight(col, v);
        if v == 0 {
            self.won[(region / 64) as usize] ^= 1 << (region % 64);
            return Ok(());
        }
        let previous = base + self.shape.weight(col, v - 1);
        self.lift(col, v, previous, region, Combine::NotOr)
    }

    /// Combines region `v - 1` (at rank `from`) into region `v` (at rank `to`) of a block whose
    /// first free column is `col`, each position of region `v` with its heights capped at
    /// `v - 1`. The positions of region `v` whose first `j` later columns are at `v` and the
    /// next below `v` form one run of ranks, and capping maps it onto the run of region `v - 1`
    /// whose first `j` later columns are at `v - 1`: `cols - col` runs in all, which together
    /// cover region `v`.
    fn lift(
        &mut self,
        col: usize,
        v: u8,
        mut from: u64,
        mut to: u64,
        how: Combine,
    ) -> Result<(), Cancelled> {
        for j in col..self.shape.cols {
            let len = self.shape.tail_counts(j)[usize::from(v - 1)];
            // In slices, so that a lift across gigabytes still reports and can be cancelled.
            for start in (0..len).step_by(LIFT_SLICE as usize) {
                let n = LIFT_SLICE.min(len - start);
                combine(&mut self.won, to + start, from + start, n, how);
                self.tick((n / 256) as usize)?;
            }
            if j + 1 < self.shape.cols {
                from += self.shape.weight(j + 1, v - 1);
                to += self.shape.weight(j + 1, v);
            }
        }
        Ok(())
    }

    /// Solves a block by scanning it in rank order: a position no earlier position has marked
    /// is lost, and marks as won every position of the block that can move to it.
    fn mark_block(&mut self, col: usize, base: u64, cap: u8) -> Result<(), Cancelled> {
        let end = base + self.shape.block_size(col, cap);
        for word in (base / 64) as usize..end.div_ceil(64) as usize {
            let first = (word as u64 * 64).max(base);
            let last = (word as u64 * 64 + 63).min(end - 1);
            let valid = (!0u64 << (first % 64)) & (!0u64 >> (63 - last % 64));
            // Marking can set later bits of this same word, so read it afresh each time.
            let mut seen = 0u64;
            loop {
                let free = !self.won[word] & valid & !seen;
                if free == 0 {
                    break;
                }
                let bit = free.trailing_zeros();
                seen |= (2u64 << bit).wrapping_sub(1);
                let rank = word as u64 * 64 + u64::from(bit);
                self.losing += 1;
                let heights = &mut self.heights[col..];
                self.shape.unrank(rank - base, heights, col, cap);
                self.shape
                    .mark_predecessors(&mut self.won, heights, rank, col, cap);
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

/// The ranking of a box's positions.
struct Shape {
    rows: u8,
    cols: usize,
    /// `weights[i * (rows + 1) + v] = C(v + cols-1-i, cols-i)`: what a height of `v` in column
    /// `i` adds to the rank, the number of non-increasing tails from column `i` on whose first
    /// entry is below `v`.
    weights: Vec<u64>,
    /// `tails[i * (rows + 1) + v] = C(v + cols-1-i, cols-1-i)`: how many non-increasing tails
    /// after column `i` fit under height `v`.
    tails: Vec<u64>,
}

impl Shape {
    fn new(rows: u8, cols: u8) -> Shape {
        let n = u64::from(cols);
        let table = |k: u64| -> Vec<u64> {
            (0..n)
                .flat_map(|i| {
                    (0..=u64::from(rows)).map(move |v| {
                        let w = binomial(v + n - 1 - i, n - i - k).expect("fits");
                        u64::try_from(w).expect("fits")
                    })
                })
                .collect()
        };
        Shape {
            rows,
            cols: cols.into(),
            weights: table(0),
            tails: table(1),
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

    /// How many tails (the columns after `col`) fit under each height of column `col`.
    fn tail_counts(&self, col: usize) -> &[u64] {
        let stride = usize::from(self.rows) + 1;
        &self.tails[col * stride..(col + 1) * stride]
    }

    /// How many positions share their first `col` heights, the last of them `cap`.
    fn block_size(&self, col: usize, cap: u8) -> u64 {
        self.weight(col, cap) + self.tail_counts(col)[usize::from(cap)]
    }

    /// The heights from column `first` on of the position whose rank within its block (the
    /// positions sharing the heights before `first`, the last of them `cap`) is `rank`.
    fn unrank(&self, mut rank: u64, heights: &mut [u8], first: usize, mut cap: u8) {
        for (col, h) in (first..).zip(heights.iter_mut()) {
            let weights = &self.column(col)[..=usize::from(cap)];
            // Weights grow strictly with the height; take the tallest that fits in the rank.
            // (Counting is branch-free and beats a binary search on these short columns.)
            let tallest = weights.iter().filter(|&&w| w <= rank).count() - 1;
            rank -= weights[tallest];
            cap = tallest as u8;
            *h = cap;
        }
    }

    /// Marks as won every position with a move to the lost position `heights` (rank `rank`).
    ///
    /// A move at (column `c`, row `r`) leaves column `c` at height exactly `r`, and `c` must be
    /// the first column of a run of equal heights (a column left of it, inside the run, would cap
    /// the bitten column at `r`). So a predecessor raises the run starting at `c` to any
    /// non-increasing heights between `r` and the column to the left (`rows` for the poison
    /// column), its first column strictly above `r`; everything else stays.
    ///
    /// Only moves from column `first` on are marked, `heights` holds the heights from there on,
    /// and `first_cap` is the height of the column before `first`.
    fn mark_predecessors(
        &self,
        won: &mut [u64],
        heights: &[u8],
        rank: u64,
        first: usize,
        first_cap: u8,
    ) {
        let mut c = 0;
        while c < heights.len() {
            let low = heights[c];
            let mut end = c + 1;
            while end < heights.len() && heights[end] == low {
                end += 1;
            }
            let cap = if c == 0 { first_cap } else { heights[c - 1] };
            if cap > low {
                self.raise_run(won, first + c, first + end, low, low + 1, cap, rank);
            }
            c = end;
        }
    }

    /// Marks every way of raising columns `col..end` (all at height `low`) to non-increasing
    /// heights, column `col` to a height in `from..=cap`, the rest to at least `low`.
    #[allow(clippy::too_many_arguments)]
    fn raise_run(
        &self,
        won: &mut [u64],
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
            fill(won, base + u64::from(from), base + u64::from(cap));
            return;
        }
        if end == self.cols && low == 0 {
            // A run of empty columns to the end: every tail under the new height of column
            // `col` is a predecessor, and together they are one range of ranks.
            let tails = self.tail_counts(col);
            let last = base + weights[usize::from(cap)] + tails[usize::from(cap)] - 1;
            fill(won, base + weights[usize::from(from)], last);
            return;
        }
        let last_column_next = col + 2 == self.cols && end == self.cols;
        for v in from..=cap {
            let raised = base + weights[usize::from(v)];
            if last_column_next {
                // Raising the last column too adds 1 to the rank per step: one range.
                fill(won, raised, raised + u64::from(v - low));
                continue;
            }
            // Leaving every later column of the run at `low` is one predecessor ...
            won[(raised / 64) as usize] |= 1 << (raised % 64);
            // ... and raising the next column too gives the others: inline when it is the
            // run's last column, recursively otherwise.
            if col + 2 == end {
                let next = self.column(col + 1);
                let base = raised - next[usize::from(low)];
                for &w in &next[usize::from(low) + 1..=usize::from(v)] {
                    let rank = base + w;
                    won[(rank / 64) as usize] |= 1 << (rank % 64);
                }
            } else if col + 1 < end {
                self.raise_run(won, col + 1, end, low, low + 1, v, raised);
            }
        }
    }
}

/// Asks Linux to back a big table with 2 MiB pages. The build touches every page of the table,
/// and with 4 KiB pages the page faults alone took a sixth of an 18×18 build.
#[cfg(target_os = "linux")]
fn prefer_huge_pages(words: &mut [u64]) {
    const PAGE: usize = 4096;
    let start = words.as_mut_ptr() as usize;
    let first = start.next_multiple_of(PAGE);
    let end = (start + std::mem::size_of_val(words)) / PAGE * PAGE;
    if end > first {
        // SAFETY: the range lies inside memory this slice owns, and MADV_HUGEPAGE changes only
        // how the kernel backs it, never its contents. A failure leaves the small pages.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn prefer_huge_pages(_words: &mut [u64]) {}

/// How [`combine`] merges a source run into a destination run.
#[derive(Clone, Copy)]
enum Combine {
    /// `to |= from`
    Or,
    /// `to = !to | from`
    NotOr,
}

impl Combine {
    fn merge(self, to: u64, from: u64) -> u64 {
        match self {
            Combine::Or => to | from,
            Combine::NotOr => !to | from,
        }
    }
}

/// Merges the `len` bits from bit `from` into the bits from bit `to`, word by word. The source
/// run must end before the destination run starts.
fn combine(won: &mut [u64], to: u64, from: u64, len: u64, how: Combine) {
    debug_assert!(from + len <= to);
    // The destination's whole words, in one pass over two slices: every source bit they read
    // lies before the first of them.
    let head = ((64 - to % 64) % 64).min(len);
    let words = ((len - head) / 64) as usize;
    if words > 0 {
        let first = ((to + head) / 64) as usize;
        let (shift, start) = ((from + head) % 64, ((from + head) / 64) as usize);
        let (before, after) = won.split_at_mut(first);
        // With a shift, word `k` of the run takes bits from source words `k` and `k + 1`.
        let sources = &before[start..start + words + usize::from(shift != 0)];
        let targets = &mut after[..words];
        if words < PARALLEL_WORDS {
            merge_words(targets, sources, shift, how);
        } else {
            // Long runs are split between the two cores: each writes its own half of the
            // destination, and both only read the source, which lies before it.
            let half = words / 2;
            let (low, high) = targets.split_at_mut(half);
            std::thread::scope(|scope| {
                scope.spawn(|| merge_words(high, &sources[half..], shift, how));
                merge_words(low, sources, shift, how);
            });
        }
    }
    // The partial words at either end, a bit range at a time.
    let mut edge = |to: u64, from: u64, n: u64| {
        if n == 0 {
            return;
        }
        let shift = to % 64;
        let mask = (!0u64 >> (64 - n)) << shift;
        let bits = read_bits(won, from) << shift;
        let word = &mut won[(to / 64) as usize];
        *word = (*word & !mask) | (how.merge(*word, bits) & mask);
    };
    edge(to, from, head);
    let body = head + words as u64 * 64;
    edge(to + body, from + body, len - body);
}

/// `targets[k] = merge(targets[k], the 64 source bits from bit 64·k + shift)`.
fn merge_words(targets: &mut [u64], sources: &[u64], shift: u64, how: Combine) {
    if shift == 0 {
        for (t, &s) in targets.iter_mut().zip(sources) {
            *t = how.merge(*t, s);
        }
    } else {
        for (t, pair) in targets.iter_mut().zip(sources.windows(2)) {
            *t = how.merge(*t, (pair[0] >> shift) | (pair[1] << (64 - shift)));
        }
    }
}

/// The 64 bits from bit `at` on (zeros past the end).
fn read_bits(won: &[u64], at: u64) -> u64 {
    let (word, shift) = ((at / 64) as usize, at % 64);
    let low = won[word] >> shift;
    if shift == 0 {
        return low;
    }
    low | won.get(word + 1).map_or(0, |w| w << (64 - shift))
}

fn is_set(won: &[u64], bit: u64) -> bool {
    won[(bit / 64) as usize] >> (bit % 64) & 1 == 1
}

/// Sets every bit from `first` to `last`, both included.
fn fill(won: &mut [u64], first: u64, last: u64) {
    let (w0, w1) = ((first / 64) as usize, (last / 64) as usize);
    let head = !0u64 << (first % 64);
    let tail = !0u64 >> (63 - last % 64);
    if w0 == w1 {
        won[w0] |= head & tail;
        return;
    }
    won[w0] |= head;
    won[w0 + 1..w1].fill(!0);
    won[w1] |= tail;
}

#[cfg(test)]
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
    fn combine_merges_shifted_runs_bit_for_bit() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..2000 {
            let before: Vec<u64> = (0..8).map(|_| rng.u64(..)).collect();
            let len = rng.u64(0..200);
            let from = rng.u64(0..=512 - len);
            let Some(room) = (512 - len).checked_sub(from + len) else {
                continue;
            };
            let to = from + len + rng.u64(0..=room);
            for how in [Combine::Or, Combine::NotOr] {
                let mut won = before.clone();
                combine(&mut won, to, from, len, how);
                for bit in 0..512 {
                    let old = is_set(&before, bit);
                    let expected = if (to..to + len).contains(&bit) {
                        let source = is_set(&before, bit - to + from);
                        match how {
                            Combine::Or => old | source,
                            Combine::NotOr => !old | source,
                        }
                    } else {
                        old
                    };
                    assert_eq!(
                        is_set(&won, bit),
                        expected,
                        "{from}+{len} -> {to}: bit {bit}"
                    );
                }
            }
        }
    }

    #[test]
    fn combine_splits_long_runs_between_cores_bit_for_bit() {
        let mut rng = fastrand::Rng::with_seed(11);
        let words = 3 * PARALLEL_WORDS;
        let before: Vec<u64> = (0..words).map(|_| rng.u64(..)).collect();
        let len = (PARALLEL_WORDS as u64 + 777) * 64 + 13;
        for (from, gap) in [(5, 100), (64, 64), (0, 3)] {
            let to = from + len + gap;
            for how in [Combine::Or, Combine::NotOr] {
                let mut won = before.clone();
                combine(&mut won, to, from, len, how);
                for bit in 0..words as u64 * 64 {
                    let old = is_set(&before, bit);
                    let expected = if (to..to + len).contains(&bit) {
                        how.merge(u64::from(old), u64::from(is_set(&before, bit - to + from))) & 1
                            == 1
                    } else {
                        old
                    };
                    assert_eq!(is_set(&won, bit), expected, "{from} -> {to}: bit {bit}");
                }
            }
        }
    }

    #[test]
    fn fill_sets_exactly_the_range() {
        for (first, last) in [(0, 0), (3, 70), (64, 127), (5, 200), (63, 64)] {
            let mut won = vec![0u64; 4];
            fill(&mut won, first, last);
            for bit in 0..256u64 {
                let set = won[(bit / 64) as usize] >> (bit % 64) & 1 == 1;
                assert_eq!(
                    set,
                    (first..=last).contains(&bit),
                    "{first}..={last}: bit {bit}"
                );
            }
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
