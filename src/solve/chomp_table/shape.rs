//! The ranking of a box's positions, and the marks a lost position sends to its predecessors.

use super::bits::fill;
use crate::solve::binomial;

/// The ranking of a box's positions.
pub(super) struct Shape {
    pub(super) rows: u8,
    pub(super) cols: usize,
    /// `weights[i * (rows + 1) + v] = C(v + cols-1-i, cols-i)`: what a height of `v` in column
    /// `i` adds to the rank, the number of non-increasing tails from column `i` on whose first
    /// entry is below `v`.
    weights: Vec<u64>,
    /// `tails[i * (rows + 1) + v] = C(v + cols-1-i, cols-1-i)`: how many non-increasing tails
    /// after column `i` fit under height `v`.
    tails: Vec<u64>,
}

impl Shape {
    pub(super) fn new(rows: u8, cols: u8) -> Shape {
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

    pub(super) fn weight(&self, col: usize, height: u8) -> u64 {
        self.weights[col * (usize::from(self.rows) + 1) + usize::from(height)]
    }

    /// The weights of one column, indexed by height.
    pub(super) fn column(&self, col: usize) -> &[u64] {
        let stride = usize::from(self.rows) + 1;
        &self.weights[col * stride..(col + 1) * stride]
    }

    /// How many tails (the columns after `col`) fit under each height of column `col`.
    pub(super) fn tail_counts(&self, col: usize) -> &[u64] {
        let stride = usize::from(self.rows) + 1;
        &self.tails[col * stride..(col + 1) * stride]
    }

    /// How many positions share their first `col` heights, the last of them `cap`.
    pub(super) fn block_size(&self, col: usize, cap: u8) -> u64 {
        self.weight(col, cap) + self.tail_counts(col)[usize::from(cap)]
    }

    /// The runs of consecutive ranks in which capping at `v - 1` maps region `v` of a block
    /// (the positions of the block whose column `col` is at `v`, from bit `to`) onto region
    /// `v - 1` (from bit `from`), as `(from, to, len)`. The positions of region `v` whose first
    /// `j` later columns are at `v` and the next below `v` form one run, and capping maps it
    /// onto the run of region `v - 1` whose first `j` later columns are at `v - 1`: `cols - col`
    /// runs in all, which together cover region `v`.
    pub(super) fn lift_runs(
        &self,
        col: usize,
        v: u8,
        mut from: u64,
        mut to: u64,
    ) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        (col..self.cols).map(move |j| {
            let run = (from, to, self.tail_counts(j)[usize::from(v - 1)]);
            if j + 1 < self.cols {
                from += self.weight(j + 1, v - 1);
                to += self.weight(j + 1, v);
            }
            run
        })
    }

    /// The heights from column `first` on of the position whose rank within its block (the
    /// positions sharing the heights before `first`, the last of them `cap`) is `rank`.
    pub(super) fn unrank(&self, mut rank: u64, heights: &mut [u8], first: usize, mut cap: u8) {
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
    pub(super) fn mark_predecessors(
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
