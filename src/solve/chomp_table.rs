//! The outcome of every Chomp position in a box, one bit each.
//!
//! **Ranking.** Positions of a `rows` × `cols` box are the non-increasing height vectors with
//! entries in `0..=rows`; there are `C(rows + cols, cols)` of them. A vector's rank is the number
//! of vectors before it in lexicographic order, which is `Σ_i C(h_i + cols-1-i, cols-i)`, a sum of
//! one table look-up per column ([`OutcomeTable::rank`]). A move only lowers heights, so it always
//! lowers the rank: rank order extends containment, and every position comes after all the
//! positions it can move to.
//!
//! **Building.** Ranks are scanned upward. When the scan reaches a position that no earlier
//! position has marked as won, that position is lost, and every position that can move to it is
//! marked won. Lost positions are rare (about half a percent of a box), so the marking costs
//! little more than one write per won position. The empty bar, rank 0, counts as won: the player
//! who faces it has just watched the opponent eat the poison.

use super::binomial;
use crate::game::chomp::Square;

/// The build was stopped by its caller before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// How many ranks the build scans between two progress reports.
const PROGRESS_STRIDE: u64 = 1 << 16;

/// Won/lost for every position of a box, with the ranking that indexes it.
pub struct OutcomeTable {
    rows: u8,
    cols: u8,
    /// `weights[i * (rows + 1) + v]` is what a height of `v` in column `i` adds to the rank.
    weights: Vec<u64>,
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

    /// Solves every position of the `rows` × `cols` box. `progress(done, total)` is called every
    /// few thousand positions; when it returns `false` the build stops with [`Cancelled`].
    pub fn build(
        rows: u8,
        cols: u8,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<OutcomeTable, Cancelled> {
        let positions = Self::positions_in(rows, cols).expect("box too large to rank");
        let mut table = OutcomeTable {
            rows,
            cols,
            weights: weights(rows, cols),
            won: vec![0; positions.div_ceil(64) as usize],
            positions,
            losing: 0,
        };
        table.set_won(0);
        let mut heights = vec![0u8; usize::from(cols)];
        let mut rank = 0u64;
        loop {
            if !table.is_won_rank(rank) {
                table.losing += 1;
                table.mark_predecessors(&heights, rank);
            }
            rank += 1;
            if rank.is_multiple_of(PROGRESS_STRIDE) && !progress(rank, positions) {
                return Err(Cancelled);
            }
            if !next_in_lex_order(&mut heights, rows) {
                break;
            }
        }
        debug_assert_eq!(rank, positions);
        progress(positions, positions);
        Ok(table)
    }

    /// Rows of the box.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> u8 {
        self.cols
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
        heights.first().is_none_or(|&h| h <= self.rows)
            && heights.iter().skip(usize::from(self.cols)).all(|&h| h == 0)
    }

    /// The rank of a position that fits the box (see [`OutcomeTable::covers`]).
    pub fn rank(&self, heights: &[u8]) -> u64 {
        debug_assert!(self.covers(heights));
        heights
            .iter()
            .take(usize::from(self.cols))
            .enumerate()
            .map(|(i, &h)| self.weight(i, h))
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
        let heights = &heights[..heights.len().min(usize::from(self.cols))];
        let rank = self.rank(heights);
        let mut moves = Vec::new();
        for (c, &h) in heights.iter().enumerate() {
            for row in 0..h {
                let lowered: u64 = heights[c..]
                    .iter()
                    .enumerate()
                    .take_while(|&(_, &hk)| hk > row)
                    .map(|(k, &hk)| self.weight(c + k, hk) - self.weight(c + k, row))
                    .sum();
                if !self.is_won_rank(rank - lowered) {
                    moves.push(Square::new(c as u8, row));
                }
            }
        }
        Some(moves)
    }

    fn weight(&self, col: usize, height: u8) -> u64 {
        self.weights[col * (usize::from(self.rows) + 1) + usize::from(height)]
    }

    fn is_won_rank(&self, rank: u64) -> bool {
        self.won[(rank / 64) as usize] >> (rank % 64) & 1 == 1
    }

    fn set_won(&mut self, rank: u64) {
        self.won[(rank / 64) as usize] |= 1 << (rank % 64);
    }

    /// Marks as won every position with a move to the lost position `heights` (rank `rank`).
    ///
    /// A move at (column `c`, row `r`) leaves column `c` at height exactly `r`, and `c` must be
    /// the first column of a run of equal heights (a column left of it, inside the run, would cap
    /// the bitten column at `r`). So a predecessor raises the run starting at `c` to any
    /// non-increasing heights between `r` and the column to the left (`rows` for the poison
    /// column), its first column strictly above `r`; everything else stays.
    fn mark_predecessors(&mut self, heights: &[u8], rank: u64) {
        let cols = heights.len();
        let mut c = 0;
        while c < cols {
            let low = heights[c];
            let mut end = c + 1;
            while end < cols && heights[end] == low {
                end += 1;
            }
            let cap = if c == 0 { self.rows } else { heights[c - 1] };
            if cap > low {
                self.raise_run(c, end, low, low + 1, cap, rank);
            }
            c = end;
        }
    }

    /// Marks every way of raising columns `col..end` (all at height `low`) to non-increasing
    /// heights, column `col` to a height in `from..=cap`, the rest in `low..=` their left column.
    fn raise_run(&mut self, col: usize, end: usize, low: u8, from: u8, cap: u8, rank: u64) {
        for v in from..=cap {
            let raised = rank + self.weight(col, v) - self.weight(col, low);
            // Leaving every later column of the run at `low` is one predecessor ...
            self.set_won(raised);
            // ... and raising the next column too gives the others.
            if col + 1 < end && v > low {
                self.raise_run(col + 1, end, low, low + 1, v, raised);
            }
        }
    }
}

/// `weights[i * (rows + 1) + v] = C(v + cols-1-i, cols-i)`: the number of non-increasing tails
/// of length `cols - i` whose first entry is below `v`.
fn weights(rows: u8, cols: u8) -> Vec<u64> {
    let cols = u64::from(cols);
    (0..cols)
        .flat_map(|i| {
            (0..=u64::from(rows)).map(move |v| {
                let w = binomial(v + cols - 1 - i, cols - i).expect("weights fit");
                u64::try_from(w).expect("weights fit")
            })
        })
        .collect()
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
        let result = OutcomeTable::build(12, 12, &mut |_, _| {
            calls += 1;
            calls < 3
        });
        assert_eq!(result.err(), Some(Cancelled));
        assert_eq!(calls, 3);
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
