//! The outcome of every Chomp position in a box, one bit each.
//!
//! **Ranking.** Positions of a `rows` × `cols` box are the non-increasing height vectors with
//! entries in `0..=rows`; there are `C(rows + cols, cols)` of them. A vector's rank is the number
//! of vectors before it in lexicographic order, which is `Σ_i C(h_i + cols-1-i, cols-i)`, a sum of
//! one table look-up per column ([`OutcomeTable::rank`]). A move only lowers heights, so it always
//! lowers the rank: rank order extends containment, and every position comes after all the
//! positions it can move to.
//!
//! **Building.** Ranks are scanned upward, 64 at a time. When the scan reaches a position that no
//! earlier position has marked as won, that position is lost, and every position that can move
//! to it is marked won. Lost positions are rare (about half a percent of a box), so the work is
//! the marking: about 1.8 marks per position. Where the marked positions differ only in the last
//! column, or in a run of empty columns at the end, their ranks are consecutive and are set a word
//! at a time. The empty bar, rank 0, counts as won: the player who faces it has just watched the
//! opponent eat the poison.
//!
//! The build is memory-bound (most marks land far from the scan) and runs on one thread: a
//! helper thread taking the far marks, and copying whole blocks of marks a word at a time, were
//! both measured and neither made it faster on this two-core machine.

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
        let positions = Self::positions_in(rows, cols).expect("box too large to rank");
        let mut table = OutcomeTable {
            shape: Shape::new(rows, cols),
            won: vec![0; positions.div_ceil(64) as usize],
            positions,
            losing: 0,
        };
        table.won[0] = 1; // the empty bar
        let mut heights = vec![0u8; usize::from(cols)];
        let mut since_report = 0;
        for word in 0..table.won.len() {
            let valid = if word + 1 == table.won.len() && !positions.is_multiple_of(64) {
                !0u64 >> (64 - positions % 64)
            } else {
                !0
            };
            // Marking can set later bits of this same word, so read it afresh each time.
            let mut seen = 0u64;
            loop {
                let free = !table.won[word] & valid & !seen;
                if free == 0 {
                    break;
                }
                let bit = free.trailing_zeros();
                seen |= (2u64 << bit).wrapping_sub(1);
                let rank = word as u64 * 64 + u64::from(bit);
                table.losing += 1;
                table.shape.unrank(rank, &mut heights);
                table
                    .shape
                    .mark_predecessors(&mut table.won, &heights, rank);
                since_report += LOST_WORK;
            }
            since_report += 1;
            if since_report >= PROGRESS_WORK {
                since_report = 0;
                if !progress(word as u64 * 64, positions) {
                    return Err(Cancelled);
                }
            }
        }
        progress(positions, positions);
        Ok(table)
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
        self.won[(rank / 64) as usize] >> (rank % 64) & 1 == 1
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

    /// The heights of the position of rank `rank`.
    fn unrank(&self, mut rank: u64, heights: &mut [u8]) {
        let mut cap = usize::from(self.rows);
        for (col, h) in heights.iter_mut().enumerate() {
            let weights = &self.column(col)[..=cap];
            // Weights grow strictly with the height; take the tallest that fits in the rank.
            // (Counting is branch-free and beats a binary search on these short columns.)
            cap = weights.iter().filter(|&&w| w <= rank).count() - 1;
            rank -= weights[cap];
            *h = cap as u8;
        }
    }

    /// Marks as won every position with a move to the lost position `heights` (rank `rank`).
    ///
    /// A move at (column `c`, row `r`) leaves column `c` at height exactly `r`, and `c` must be
    /// the first column of a run of equal heights (a column left of it, inside the run, would cap
    /// the bitten column at `r`). So a predecessor raises the run starting at `c` to any
    /// non-increasing heights between `r` and the column to the left (`rows` for the poison
    /// column), its first column strictly above `r`; everything else stays.
    fn mark_predecessors(&self, won: &mut [u64], heights: &[u8], rank: u64) {
        let mut c = 0;
        while c < self.cols {
            let low = heights[c];
            let mut end = c + 1;
            while end < self.cols && heights[end] == low {
                end += 1;
            }
            let cap = if c == 0 { self.rows } else { heights[c - 1] };
            if cap > low {
                self.raise_run(won, c, end, low, low + 1, cap, rank);
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
