//! The ranking of a box's positions, and the marks a lost position sends to its predecessors.

use super::bits::{fill, set};
use crate::solve::binomial;

/// The ranking of a box's positions.
pub(super) struct Ranking {
    pub(super) rows: u8,
    pub(super) cols: usize,
    /// `weights[i * (rows + 1) + v] = C(v + cols-1-i, cols-i)`: what a height of `v` in column
    /// `i` adds to the rank, the number of non-increasing tails from column `i` on whose first
    /// entry is below `v`.
    weights: Vec<u64>,
    /// `tails[i * (rows + 1) + v] = C(v + cols-1-i, cols-1-i)`: how many non-increasing tails
    /// after column `i` fit under height `v`.
    tails: Vec<u64>,
    /// `short_tails[k - 1][rank]`: the heights of the last `k` columns (byte `i` for the `i`-th
    /// of them) of the tail of rank `rank` among those `k` columns' tails, for the few `k` whose
    /// tails number at most [`SHORT_TAILS`]. Unranking reads the last columns here at once.
    short_tails: Vec<Vec<u64>>,
}

/// The most tails a table of [`Ranking::short_tails`] holds (64 KiB a table).
const SHORT_TAILS: u64 = 1 << 13;

/// The positions that share their first `col` heights, the last of them `cap`: consecutive
/// ranks from `base`. The whole box is the block with no heights fixed (see
/// [`Ranking::whole_box`]); region `v` of a block is the block one column on, with column `col`
/// at `v` (see [`Block::region`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Block {
    /// The first free column: the heights before it are the same for every position.
    pub(super) col: usize,
    /// Where the block starts: the rank of its first position, or its first bit in a buffer.
    pub(super) base: u64,
    /// The height of column `col - 1` (`rows` for the whole box): no free column is higher.
    pub(super) cap: u8,
}

impl Block {
    /// How many positions the block holds.
    pub(super) fn size(self, ranking: &Ranking) -> u64 {
        ranking.block_size(self.col, self.cap)
    }

    /// The positions of the block whose column `col` is at height `v` (at most `cap`).
    pub(super) fn region(self, ranking: &Ranking, v: u8) -> Block {
        Block {
            col: self.col + 1,
            base: self.base + ranking.weight(self.col, v),
            cap: v,
        }
    }
}

/// A run of equal heights: columns `col..end`, each at height `low`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    pub(super) col: usize,
    pub(super) end: usize,
    pub(super) low: u8,
}

impl Ranking {
    pub(super) fn new(rows: u8, cols: u8) -> Ranking {
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
        Ranking {
            rows,
            cols: cols.into(),
            weights: table(0),
            tails: table(1),
            short_tails: short_tails(rows, cols),
        }
    }

    /// The block of every position of the box.
    pub(super) fn whole_box(&self) -> Block {
        Block {
            col: 0,
            base: 0,
            cap: self.rows,
        }
    }

    /// What a height of `height` in column `col` adds to a position's rank.
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
    /// (the positions of the block whose column `col` is at `v`) onto region `v - 1`, as
    /// `(from, to, len)`: `from` counted from the first rank of region `v - 1`, `to` from that
    /// of region `v`. The positions of region `v` whose first `j` later columns are at `v` and
    /// the next below `v` form one run, and capping maps it onto the run of region `v - 1`
    /// whose first `j` later columns are at `v - 1`: `cols - col` runs in all, which together
    /// cover region `v`.
    pub(super) fn lift_runs(
        &self,
        col: usize,
        v: u8,
    ) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        let (mut from, mut to) = (0, 0);
        (col..self.cols).map(move |j| {
            let run = (from, to, self.tail_counts(j)[usize::from(v - 1)]);
            if j + 1 < self.cols {
                from += self.weight(j + 1, v - 1);
                to += self.weight(j + 1, v);
            }
            run
        })
    }

    /// The heights from column `block.col` on of the position of rank `rank` in `block`.
    pub(super) fn unrank(&self, block: Block, rank: u64, heights: &mut [u8]) {
        let (first, mut cap) = (block.col, block.cap);
        let mut rank = rank - block.base;
        let mut col = first;
        while self.cols - col > self.short_tails.len() {
            let weights = &self.column(col)[..=usize::from(cap)];
            // Weights grow strictly with the height; take the tallest that fits in the rank.
            // (Counting is branch-free and beats a binary search on these short columns.)
            let tallest = weights.iter().filter(|&&w| w <= rank).count() - 1;
            rank -= weights[tallest];
            cap = tallest as u8;
            heights[col - first] = cap;
            col += 1;
        }
        // The tails under `cap` come first in the table of all tails, so `rank` indexes it.
        if col < self.cols {
            let packed = self.short_tails[self.cols - col - 1][rank as usize].to_le_bytes();
            heights[col - first..].copy_from_slice(&packed[..self.cols - col]);
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
    /// Only moves inside `block` are marked: from its column `col` on, whose heights `heights`
    /// holds.
    ///
    /// Most marks land on positions already won. Counted on the 12×12 box: the marks set
    /// 1,020,892 bits; 720,614 of those bits were set before the block's scan began, by a move
    /// in an earlier column, and another 86,344 by an earlier mark. Only 24,321 of the bits
    /// already set on entry lay in words that were all ones, so skipping whole words cannot pay,
    /// and checking a bit before writing it costs as much as the write.
    #[expect(
        clippy::similar_names,
        reason = "`raised` is one rank; `raises` holds the rank offsets of whole runs"
    )]
    pub(super) fn mark_predecessors(
        &self,
        won: &mut [u64],
        raises: &mut Raises,
        block: Block,
        heights: &[u8],
        rank: u64,
    ) {
        let (first, first_cap) = (block.col, block.cap);
        let mut c = 0;
        while c < heights.len() {
            let low = heights[c];
            let mut end = c + 1;
            while end < heights.len() && heights[end] == low {
                end += 1;
            }
            let cap = if c == 0 { first_cap } else { heights[c - 1] };
            if cap > low {
                let (col, end) = (first + c, first + end);
                let weights = self.column(col);
                let base = rank - weights[usize::from(low)];
                if col + 1 == self.cols {
                    // The last column's weight is its height: the ranks are consecutive.
                    fill(won, rank + 1, base + u64::from(cap));
                } else if end == self.cols && low == 0 {
                    // A run of empty columns to the end: every tail under the new height of
                    // column `col` is a predecessor, and together they are one range of ranks.
                    let tails = self.tail_counts(col);
                    let last = base + weights[usize::from(cap)] + tails[usize::from(cap)] - 1;
                    fill(won, base + weights[usize::from(low) + 1], last);
                } else if col + 2 == self.cols && end == self.cols {
                    // Raising the last column too adds 1 to the rank per step: one range each.
                    for v in low + 1..=cap {
                        let raised = base + weights[usize::from(v)];
                        fill(won, raised, raised + u64::from(v - low));
                    }
                } else if col + 1 == end {
                    // One column: its weights are the raises.
                    for &w in &weights[usize::from(low) + 1..=usize::from(cap)] {
                        set(won, base + w);
                    }
                } else {
                    // Every other write goes to the list's second half: neighbouring offsets
                    // often share a word, and two writes in a row to one word wait for each
                    // other. (12×12, one worker: 4.20 against 4.07 ms.)
                    let offsets = raises.offsets(self, Run { col, end, low }, cap);
                    let (low_half, high_half) = offsets.split_at(offsets.len() / 2);
                    for (&a, &b) in low_half.iter().zip(high_half) {
                        set(won, rank + u64::from(a));
                        set(won, rank + u64::from(b));
                    }
                    if let Some(&last) = high_half.get(low_half.len()) {
                        set(won, rank + u64::from(last));
                    }
                }
            }
            c = end;
        }
    }
}

/// The rank offsets of raising a run of equal heights, listed once per build for each run and
/// reused for every lost position that has it (all for one box's [`Ranking`]).
///
/// Only runs of two columns or more are listed: one column's raises are its weights, and the
/// runs that reach the last column give ranges, set word by word. Counted on one worker, the
/// 12×12 box needs 410 lists of 70,248 offsets in all (each built from the next column's); an
/// 18×18 build lists about 420,000 offsets (1.7 MB) on its two workers.
///
/// Raising columns `col..end` from `low` changes a position's rank by the same amount whatever
/// the other columns hold: `Σ_j weight(j, h_j) - weight(j, low)`. So the predecessors a run
/// gives a lost position are its rank plus a list of offsets that depends only on
/// `(col, end, low)` and the cap on the run's first column. Listed in rank order, the raises
/// under a lower cap come first, so one list per run serves every cap.
#[derive(Default)]
pub(super) struct Raises {
    /// Each run's list, indexed by [`Raises::index`].
    runs: Vec<RaiseList>,
    /// For each list, in one stretch: `ends[i]` is how many of its offsets raise the run's first
    /// column to at most `low + 1 + i`. A list that grows when its stretch is not the last one
    /// moves it to the end (the old stretch stays, unused).
    ends: Vec<u32>,
}

/// One run's offsets, and its stretch of [`Raises::ends`]: how many heights of the first column
/// it covers so far, from where.
#[derive(Default)]
struct RaiseList {
    offsets: Vec<u32>,
    ends: usize,
    heights: usize,
}

impl Raises {
    /// The offsets of raising `run`, its first column to at most `cap`: non-increasing heights
    /// at least `run.low`, the first above it.
    #[inline]
    pub(super) fn offsets(&mut self, ranking: &Ranking, run: Run, cap: u8) -> &[u32] {
        let index = Raises::index(ranking, run);
        let heights = usize::from(cap - run.low);
        if self
            .runs
            .get(index)
            .is_none_or(|list| list.heights < heights)
        {
            self.extend(ranking, run, cap);
        }
        let list = &self.runs[index];
        &list.offsets[..self.ends[list.ends + heights - 1] as usize]
    }

    fn index(ranking: &Ranking, run: Run) -> usize {
        (run.col * (ranking.cols + 1) + run.end) * (usize::from(ranking.rows) + 1)
            + usize::from(run.low)
    }

    /// Lists the raises of the run up to `cap`, if they are not yet. Raising column `col` to `v`
    /// leaves the rest of the run at `low` or raises it, under `v`: one more offset, then the
    /// run from `col + 1`'s list up to `v`, each plus the raise of column `col`.
    #[cold]
    fn extend(&mut self, ranking: &Ranking, run: Run, cap: u8) {
        let Run { col, end, low } = run;
        if self.runs.is_empty() {
            let last = Run {
                col: ranking.cols,
                end: ranking.cols,
                low: ranking.rows,
            };
            self.runs
                .resize_with(Raises::index(ranking, last) + 1, RaiseList::default);
        }
        let index = Raises::index(ranking, run);
        let heights = usize::from(cap - low);
        if self.runs[index].heights >= heights {
            return;
        }
        // The rest of the run, one column shorter.
        let shorter = Run {
            col: col + 1,
            ..run
        };
        if col + 1 < end {
            self.extend(ranking, shorter, cap);
        }
        let next = Raises::index(ranking, shorter);
        let (lists, rest) = self.runs.split_at_mut(index + 1);
        let list = &mut lists[index];
        let next = (col + 1 < end).then(|| &rest[next - index - 1]);
        let ends = &mut self.ends;
        // Unless the list's ends are the last stretch, they move to the end.
        if list.ends + list.heights != ends.len() {
            ends.extend_from_within(list.ends..list.ends + list.heights);
            list.ends = ends.len() - list.heights;
        }
        let under = |ends: &[u32], h: usize| next.map_or(0, |next| ends[next.ends + h] as usize);
        let more: usize = (list.heights..heights).map(|h| 1 + under(ends, h)).sum();
        list.offsets.reserve_exact(more);
        let weights = ranking.column(col);
        for h in list.heights..heights {
            let v = usize::from(low) + 1 + h;
            let raise = weights[v] - weights[usize::from(low)];
            let raise = u32::try_from(raise).expect("a mark block has under 2^32 positions");
            list.offsets.push(raise);
            // The run from `col + 1` raised under `v`.
            if let Some(next) = next {
                let under = &next.offsets[..under(ends, h)];
                list.offsets.extend(under.iter().map(|&o| raise + o));
            }
            let len = u32::try_from(list.offsets.len()).expect("as above");
            ends.push(len);
        }
        list.heights = heights;
    }
}

/// The tables of [`Ranking::short_tails`]: every non-increasing run of `k` heights up to `rows`,
/// in rank order, for `k` from 1 while they number at most [`SHORT_TAILS`] (and fit in a u64).
fn short_tails(rows: u8, cols: u8) -> Vec<Vec<u64>> {
    let mut tables: Vec<Vec<u64>> = Vec::new();
    for k in 1..=u64::from(cols.min(8)) {
        let count = binomial(u64::from(rows) + k, k).expect("fits");
        if count > u128::from(SHORT_TAILS) {
            break;
        }
        // The tails of k columns, first height v: v, then any tail of k - 1 columns up to v,
        // which are the first C(v + k - 1, k - 1) of their table.
        let mut table = Vec::with_capacity(count as usize);
        for v in 0..=rows {
            match tables.last() {
                None => table.push(u64::from(v)),
                Some(shorter) => {
                    let under = binomial(u64::from(v) + k - 1, k - 1).expect("fits") as usize;
                    table.extend(shorter[..under].iter().map(|&t| u64::from(v) | t << 8));
                }
            }
        }
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every non-increasing run of `k` heights up to `rows`, in lexicographic order, found by
    /// sorting all `k`-tuples rather than by the tables' own construction.
    fn tails_by_brute_force(rows: u8, k: u32) -> Vec<Vec<u8>> {
        let mut tails: Vec<Vec<u8>> = (0..(u32::from(rows) + 1).pow(k))
            .map(|code| {
                (0..k)
                    .map(|i| {
                        (code / (u32::from(rows) + 1).pow(k - 1 - i) % (u32::from(rows) + 1)) as u8
                    })
                    .collect::<Vec<u8>>()
            })
            .filter(|tail| tail.windows(2).all(|pair| pair[0] >= pair[1]))
            .collect();
        tails.sort();
        tails
    }

    #[test]
    fn short_tail_tables_list_every_tail_in_rank_order() {
        for (rows, cols, longest) in [(1, 6, 6), (4, 5, 5), (12, 12, 3)] {
            let ranking = Ranking::new(rows, cols);
            assert!(ranking.short_tails.len() >= longest, "{rows}x{cols}");
            for k in 1..=longest {
                let expected = tails_by_brute_force(rows, k as u32);
                let table = &ranking.short_tails[k - 1];
                assert_eq!(table.len(), expected.len(), "{rows} rows, {k} columns");
                for (packed, tail) in table.iter().zip(&expected) {
                    assert_eq!(&packed.to_le_bytes()[..k], &tail[..], "{rows} rows");
                }
            }
        }
    }

    /// The rank offsets of raising `run`, the first column to at most `cap`, found by trying
    /// every height vector of its columns.
    fn raises_by_brute_force(ranking: &Ranking, run: Run, cap: u8) -> Vec<u32> {
        let Run { col, end, low } = run;
        let len = (end - col) as u32;
        let span = u32::from(cap - low) + 1;
        let mut offsets: Vec<u32> = (0..span.pow(len))
            .map(|code| {
                (0..len)
                    .map(|i| low + (code / span.pow(len - 1 - i) % span) as u8)
                    .collect::<Vec<u8>>()
            })
            .filter(|run| run[0] > low && run.windows(2).all(|pair| pair[0] >= pair[1]))
            .map(|run| {
                let raise: u64 = (col..end)
                    .zip(&run)
                    .map(|(j, &h)| ranking.weight(j, h) - ranking.weight(j, low))
                    .sum();
                raise as u32
            })
            .collect();
        offsets.sort_unstable();
        offsets
    }

    #[test]
    fn raise_lists_hold_every_raise_of_a_run_for_any_order_of_caps() {
        let ranking = Ranking::new(5, 6);
        let (mut rising, mut falling) = (Raises::default(), Raises::default());
        for col in 0..6 {
            for end in col + 1..=6 {
                for low in 0..5 {
                    for (cap, falling_cap) in (low + 1..=5).zip((low + 1..=5).rev()) {
                        let run = Run { col, end, low };
                        let expected = raises_by_brute_force(&ranking, run, cap);
                        let listed = rising.offsets(&ranking, run, cap);
                        assert_eq!(listed, expected, "run {col}..{end} from {low} to {cap}");
                        let expected = raises_by_brute_force(&ranking, run, falling_cap);
                        let listed = falling.offsets(&ranking, run, falling_cap);
                        assert_eq!(listed, expected, "{col}..{end} from {low} to {falling_cap}");
                    }
                }
            }
        }
    }

    #[test]
    fn unranking_inverts_ranking_past_the_short_tails() {
        // 12 rows keep five columns in tables; the first seven are counted out.
        let ranking = Ranking::new(12, 12);
        assert_eq!(ranking.short_tails.len(), 5);
        let mut rng = fastrand::Rng::with_seed(3);
        let mut heights = vec![0u8; 12];
        for _ in 0..2000 {
            let mut tail: Vec<u8> = (0..12).map(|_| rng.u8(0..=12)).collect();
            tail.sort_unstable_by(|a, b| b.cmp(a));
            let rank: u64 = (0..12).map(|c| ranking.weight(c, tail[c])).sum();
            ranking.unrank(ranking.whole_box(), rank, &mut heights);
            assert_eq!(heights, tail);
        }
    }
}
