//! Moves left for every position of a box, built from its finished [`OutcomeTable`].
//!
//! **Moves left** of a position, for the player to move: how many moves the game still lasts,
//! the move that eats the poison included, when the side that can win finishes as soon as it
//! can and the other side holds out as long as it can. The empty bar has 0; a won position has
//! 1 + the least among the lost positions it can move to; a lost position 1 + the most among all
//! the positions it can move to (all of them won).
//!
//! **Halves.** A won position's moves left is even and a lost one's odd (the empty bar is won
//! with 0; 1 + odd is even, 1 + even is odd), so the table keeps only the **half**, `⌊moves
//! left / 2⌋`, and the outcome table gives back the last bit. In halves, a won position has
//! 1 + the least half among the lost positions it moves to, a lost one the greatest half among
//! all. A game never lasts more moves than the box has squares, so a half is at most
//! `rows · cols / 2`: one byte per position up to 509 squares (16×16 and 18×18 included), two
//! beyond. During the build the greatest value of a cell means "no lost position found yet".
//!
//! **Building**, in rank order, as the outcome table is built (see the glossary in
//! `chomp_table`), block by block:
//! - A lost position's half is the greatest half of the positions it moves to, all of lower rank
//!   and so final: it reads them (lost positions are about one in a hundred).
//! - A won position's half is 1 + the least half of a lost position it moves to. The lost
//!   positions **push** `half + 1` to the positions that move to them, where the cell keeps the
//!   least it has been pushed. Inside a small block (the **push block**) a lost position pushes
//!   to its predecessors in the block one by one, as the outcome table marks them.
//! - Bigger blocks are solved region by region, and the pushes from a move in the block's first
//!   free column are **lifted** like the outcome table's forms: call `G(q)`, for `q` in region
//!   `v`, `half(q) + 1` if `q` is lost, else the least push `q` got from a move in that column.
//!   A position of region `v + 1` gets from that column exactly `G` of itself capped at `v`, and
//!   capping maps region `v + 1` onto region `v` in a few runs. So `G` lives in a buffer of its
//!   own (one per column, the size of the largest region there): region `v`'s `G` is region
//!   `v - 1`'s lifted, with its lost positions written over. The first run of the lift maps onto
//!   itself and the others land past region `v - 1`'s end, so the buffer grows in place.

use super::ranking::{Block, Raises, Ranking, Run};
use super::{BuildError, Cancelled, OutcomeTable};
use std::sync::Arc;

/// Moves left for every position of a box, with the outcome table it was built from.
pub struct MovesLeftTable {
    outcomes: Arc<OutcomeTable>,
    halves: Halves,
    /// The bytes the build held at its peak: the cells and the lifts' buffers.
    peak_bytes: u64,
}

/// The halves of every position, one or two bytes each.
enum Halves {
    Bytes(Vec<u8>),
    Pairs(Vec<u16>),
}

/// How a build divides its work, and how wide its cells are: the answer does not depend on it;
/// the tests vary it so that every way of building is checked on small boxes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct MovesLeftTuning {
    /// Blocks of at most this many positions are solved by pushing, bigger ones by lifting.
    pub push_block: u64,
    /// Two bytes a cell even where one would do.
    pub wide: bool,
}

/// Blocks of at most this many positions are solved by pushing. From 2^12 to 2^20 the builds
/// are within the machine's noise (best of 10: 12×12 17–22 ms, 14×14 250–273 ms): half the time
/// goes to the lost positions' reads of the positions they move to, mostly cache misses, which
/// the block size does not change (reading them in a batch did not help either).
const PUSH_BLOCK: u64 = 1 << 16;

/// Work between two progress reports (each is also a chance to cancel): a word of outcome bits
/// scanned counts 1, a lost position [`LOST_WORK`], 256 cells lifted or copied 1, 64 cells
/// filled 1 (their first touch faults the pages in). So a build reports about every
/// millisecond: on 14×14, a median of 0.2 ms and at most a few ms between two reports.
const PROGRESS_WORK: usize = 1 << 14;
const LOST_WORK: usize = 1 << 6;

/// Cells lifted or filled between two chances to report.
const LIFT_SLICE: usize = 1 << 20;

/// Cells filled that count as one step of a build's progress, as one position solved does.
/// Before it solves anything a build fills every cell and its lifts' buffers (about twice the
/// positions), which takes about a third of its time: 2.2–2.8 ns a cell filled against 8–12 ns
/// a position solved (16×15 and 16×16, release build), so four cells make a step and the
/// progress moves at about the same pace from the first cell filled to the last position.
const FILL_CELLS_PER_STEP: u64 = 4;

/// One legal move of a position and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The square eaten: its column (0 is the poison's) and row.
    pub col: u8,
    pub row: u8,
    /// The heights the move leaves.
    pub after: Vec<u8>,
    /// Whether the move wins for the player who makes it: it leaves a lost position.
    pub wins: bool,
    /// Moves left of the position it leaves, for the opponent.
    pub moves_left: u32,
    /// How many winning moves the opponent has in the position it leaves.
    pub winning_replies: u32,
}

impl MovesLeftTable {
    /// Whether the halves of a box need two bytes each: some game could last more than 509 moves.
    fn needs_pairs(rows: u8, cols: u8) -> bool {
        u32::from(rows) * u32::from(cols) / 2 >= u32::from(u8::MAX)
    }

    /// The bytes a build of a box needs at most, saturating: its cells and the buffers of its
    /// lifts (about as much again), besides the outcome table it is built from.
    pub fn bytes_for(rows: u8, cols: u8) -> u64 {
        let tuning = MovesLeftTuning {
            push_block: PUSH_BLOCK,
            wide: Self::needs_pairs(rows, cols),
        };
        Self::bytes_with(rows, cols, tuning)
    }

    fn bytes_with(rows: u8, cols: u8, tuning: MovesLeftTuning) -> u64 {
        let Some(positions) = OutcomeTable::positions_in(rows, cols) else {
            return u64::MAX;
        };
        let cell = if tuning.wide { 2 } else { 1 };
        let ranking = Ranking::new(rows, cols);
        let buffers: u64 = buffer_cells(&ranking, tuning.push_block).iter().sum();
        positions.saturating_add(buffers).saturating_mul(cell)
    }

    /// Builds the moves left of every position of `outcomes`' box. `progress(done, total)` is
    /// called about every millisecond, in steps: a position solved is one, and so is every
    /// [`FILL_CELLS_PER_STEP`] cells filled before the solving starts, so `done` grows from the
    /// first report to the last, `(total, total)`. When it returns `false` the build stops with
    /// [`BuildError::Cancelled`].
    pub fn build(
        outcomes: Arc<OutcomeTable>,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<MovesLeftTable, BuildError> {
        let wide = Self::needs_pairs(outcomes.rows(), outcomes.cols());
        let tuning = MovesLeftTuning {
            push_block: PUSH_BLOCK,
            wide,
        };
        Self::build_with(outcomes, tuning, progress)
    }

    /// [`MovesLeftTable::build`] with the given tuning (two-byte cells even where one would do,
    /// but never one where two are needed).
    #[doc(hidden)]
    pub fn build_with(
        outcomes: Arc<OutcomeTable>,
        tuning: MovesLeftTuning,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<MovesLeftTable, BuildError> {
        let (rows, cols) = (outcomes.rows(), outcomes.cols());
        let tuning = MovesLeftTuning {
            push_block: tuning.push_block.clamp(1, 1 << 32),
            wide: tuning.wide || Self::needs_pairs(rows, cols),
        };
        let out_of_memory = BuildError::OutOfMemory {
            bytes: Self::bytes_with(rows, cols, tuning),
        };
        let halves = if tuning.wide {
            Halves::Pairs(
                build_halves(&outcomes, tuning.push_block, progress)?.ok_or(out_of_memory)?,
            )
        } else {
            Halves::Bytes(
                build_halves(&outcomes, tuning.push_block, progress)?.ok_or(out_of_memory)?,
            )
        };
        Ok(MovesLeftTable {
            peak_bytes: Self::bytes_with(rows, cols, tuning),
            outcomes,
            halves,
        })
    }

    /// The outcome table the moves left were built from.
    pub fn outcomes(&self) -> &Arc<OutcomeTable> {
        &self.outcomes
    }

    /// Bytes the build held at its peak: the cells and the lifts' buffers (freed when it
    /// finished), not counting the outcome table.
    pub fn table_bytes(&self) -> u64 {
        self.peak_bytes
    }

    /// Bytes of each position's cell: 1, or 2 for boxes of more than 509 squares.
    pub fn cell_bytes(&self) -> u8 {
        match self.halves {
            Halves::Bytes(_) => 1,
            Halves::Pairs(_) => 2,
        }
    }

    /// Moves left of a position for the player to move. `None` if it does not fit the box.
    pub fn moves_left(&self, heights: &[u8]) -> Option<u32> {
        self.outcomes
            .covers(heights)
            .then(|| self.moves_left_at(self.outcomes.rank(heights)))
    }

    fn moves_left_at(&self, rank: u64) -> u32 {
        let half = match &self.halves {
            Halves::Bytes(cells) => u32::from(cells[rank as usize]),
            Halves::Pairs(cells) => u32::from(cells[rank as usize]),
        };
        2 * half + u32::from(!self.outcomes.is_won_rank(rank))
    }

    /// Every legal move of a position, column by column from the poison, rows upward (eating
    /// the poison included), with the position it leaves, whether it wins, the moves left after
    /// it and the opponent's winning replies. `None` if the position does not fit the box.
    pub fn moves(&self, heights: &[u8]) -> Option<Vec<MoveAnalysis>> {
        if !self.outcomes.covers(heights) {
            return None;
        }
        let mut moves = Vec::new();
        for (c, &h) in heights.iter().enumerate() {
            for row in 0..h {
                let after: Vec<u8> = heights
                    .iter()
                    .enumerate()
                    .map(|(k, &hk)| if k < c { hk } else { hk.min(row) })
                    .collect();
                let rank = self.outcomes.rank(&after);
                let replies = self.outcomes.winning_moves(&after).map_or(0, |m| m.len());
                moves.push(MoveAnalysis {
                    col: c as u8,
                    row,
                    wins: !self.outcomes.is_won_rank(rank),
                    moves_left: self.moves_left_at(rank),
                    winning_replies: replies as u32,
                    after,
                });
            }
        }
        Some(moves)
    }
}

/// A cell of the table: one half, or "none yet" while a won position waits for its pushes.
trait Cell: Copy + Ord {
    const NONE: Self;
    const ZERO: Self;
    /// One more: never overflows, since a half is at most `rows · cols / 2` (see the module).
    fn plus_one(self) -> Self;
}

impl Cell for u8 {
    const NONE: u8 = u8::MAX;
    const ZERO: u8 = 0;
    fn plus_one(self) -> u8 {
        self + 1
    }
}

impl Cell for u16 {
    const NONE: u16 = u16::MAX;
    const ZERO: u16 = 0;
    fn plus_one(self) -> u16 {
        self + 1
    }
}

/// For each column, the cells of the buffer that lifts blocks whose first free column it is:
/// the largest region of the largest such block lifted, or none when no block there is lifted.
/// The block of full columns before column `c` is the largest at `c`, and is lifted when any
/// block there is.
fn buffer_cells(ranking: &Ranking, push_block: u64) -> Vec<u64> {
    let rows = ranking.rows;
    (0..ranking.cols)
        .map(|c| {
            let lifted =
                rows > 0 && c + 1 < ranking.cols && ranking.block_size(c, rows) > push_block;
            if lifted {
                ranking.block_size(c + 1, rows)
            } else {
                0
            }
        })
        .collect()
}

/// An empty vector with room for `len` cells, backed by huge pages where the system allows;
/// `None` when the machine will not give the memory.
fn try_room<C>(len: u64) -> Option<Vec<C>> {
    let len = usize::try_from(len).ok()?;
    let mut cells = Vec::new();
    cells.try_reserve_exact(len).ok()?;
    super::bits::prefer_huge_pages(cells.spare_capacity_mut());
    Some(cells)
}

/// The halves of every position of `outcomes`' box; `Ok(None)` if the memory is refused. Its
/// last progress report is `(total, total)`.
fn build_halves<C: Cell>(
    outcomes: &OutcomeTable,
    push_block: u64,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Option<Vec<C>>, BuildError> {
    let ranking = &outcomes.ranking;
    let positions = outcomes.positions();
    let Some(mut cells) = try_room(positions) else {
        return Ok(None);
    };
    let mut forms = Vec::new();
    for size in buffer_cells(ranking, push_block) {
        let Some(form) = try_room(size) else {
            return Ok(None);
        };
        forms.push(form);
    }
    let cells_to_fill = positions + forms.iter().map(|f| f.capacity() as u64).sum::<u64>();
    let fill_steps = cells_to_fill / FILL_CELLS_PER_STEP;
    let mut builder = Builder {
        ranking,
        won: &outcomes.won,
        push_block,
        forms,
        raises: Raises::default(),
        heights: vec![0; ranking.cols],
        reach: vec![0; ranking.cols + 1],
        row_weights: row_weights(ranking),
        since_report: 0,
        done: 0,
        filled: 0,
        fill_steps,
        positions,
        progress,
    };
    // Filled here, where a build of a big box can already report and be cancelled.
    builder.fill(&mut cells, positions)?;
    cells[0] = C::ZERO; // the empty bar: won, 0 moves left
    let mut forms = std::mem::take(&mut builder.forms);
    for form in &mut forms {
        builder.fill(form, form.capacity() as u64)?;
    }
    builder.forms = forms;
    if ranking.cols > 0 {
        builder.solve_block(&mut cells, ranking.whole_box())?;
    }
    let total = fill_steps + positions;
    (builder.progress)(total, total);
    Ok(Some(cells))
}

/// `[r * (cols + 1) + k]`: what heights of `r` in columns `0..k` add to a rank.
fn row_weights(ranking: &Ranking) -> Vec<u64> {
    let cols = ranking.cols;
    let mut sums = Vec::with_capacity((usize::from(ranking.rows) + 1) * (cols + 1));
    for r in 0..=ranking.rows {
        let mut sum = 0;
        sums.push(0);
        for k in 0..cols {
            sum += ranking.weight(k, r);
            sums.push(sum);
        }
    }
    sums
}

/// The state of one build, apart from the cells themselves.
struct Builder<'a, C> {
    ranking: &'a Ranking,
    /// The outcome table's bits: bit `r` is set when rank `r` is won.
    won: &'a [u64],
    push_block: u64,
    /// For each column, the buffer of `G` for the block being lifted there (see the module).
    forms: Vec<Vec<C>>,
    raises: Raises,
    /// Scratch: the heights of a lost position, and what its first `k` columns add to its rank.
    heights: Vec<u8>,
    reach: Vec<u64>,
    row_weights: Vec<u64>,
    since_report: usize,
    /// Ranks below this are solved, for progress reports.
    done: u64,
    /// Cells filled so far, and the steps all the filling counts (see [`FILL_CELLS_PER_STEP`]).
    filled: u64,
    fill_steps: u64,
    positions: u64,
    progress: &'a mut dyn FnMut(u64, u64) -> bool,
}

impl<C: Cell> Builder<'_, C> {
    /// Fills `cells` with `len` cells that say "none yet", reporting as it goes.
    fn fill(&mut self, cells: &mut Vec<C>, len: u64) -> Result<(), Cancelled> {
        let len = len as usize;
        while cells.len() < len {
            let end = len.min(cells.len() + LIFT_SLICE);
            self.filled += (end - cells.len()) as u64;
            cells.resize(end, C::NONE);
            self.tick(LIFT_SLICE / 64)?;
        }
        Ok(())
    }

    /// Solves `block`. On entry its won positions' cells hold the least push from moves in
    /// earlier columns; on return every position's half.
    fn solve_block(&mut self, cells: &mut [C], block: Block) -> Result<(), Cancelled> {
        let Block { col, base, cap } = block;
        if cap == 0 {
            // One position, every free column empty: no move inside the block.
            if !self.is_won(base) {
                self.solve_lost(cells, base);
            }
            return Ok(());
        }
        if col + 1 == self.ranking.cols || block.size(self.ranking) <= self.push_block {
            return self.solve_by_pushing(cells, block);
        }
        // `G` of the region being solved, at the start of this column's buffer.
        let mut form = std::mem::take(&mut self.forms[col]);
        let solved = self.lift_block(cells, block, &mut form);
        self.forms[col] = form;
        solved
    }

    /// Solves a block region by region, lifting `G` through `form` (see the module).
    fn lift_block(
        &mut self,
        cells: &mut [C],
        block: Block,
        form: &mut [C],
    ) -> Result<(), Cancelled> {
        for v in 0..=block.cap {
            let region = block.region(self.ranking, v);
            let start = region.base as usize;
            let size = region.size(self.ranking) as usize;
            if v > 0 {
                // Region `v - 1`'s `G` lifted onto region `v`: the first run is in place.
                for (from, to, len) in self.ranking.lift_runs(block.col, v).skip(1) {
                    let (from, to, len) = (from as usize, to as usize, len as usize);
                    form.copy_within(from..from + len, to);
                    self.tick(1 + len / 256)?;
                }
                for chunk in (0..size).step_by(LIFT_SLICE) {
                    let end = (chunk + LIFT_SLICE).min(size);
                    let targets = &mut cells[start + chunk..start + end];
                    for (cell, &pushed) in targets.iter_mut().zip(&form[chunk..end]) {
                        *cell = (*cell).min(pushed);
                    }
                    self.tick(1 + (end - chunk) / 256)?;
                }
            }
            self.solve_block(cells, region)?;
            if v == 0 {
                form[0] = C::NONE;
            }
            // The region's lost positions push their own half + 1.
            let end = start + size;
            for word in start / 64..end.div_ceil(64) {
                let mut lost = !self.won[word] & span_mask(word, start, end);
                while lost != 0 {
                    let rank = word * 64 + lost.trailing_zeros() as usize;
                    lost &= lost - 1;
                    form[rank - start] = cells[rank].plus_one();
                }
                self.tick(1)?;
            }
        }
        Ok(())
    }

    /// Solves a block by scanning it in rank order: a lost position reads its half from the
    /// positions it moves to, then pushes it to every position of the block that moves to it.
    fn solve_by_pushing(&mut self, cells: &mut [C], block: Block) -> Result<(), Cancelled> {
        let start = block.base as usize;
        let end = start + block.size(self.ranking) as usize;
        for word in start / 64..end.div_ceil(64) {
            let mut lost = !self.won[word] & span_mask(word, start, end);
            while lost != 0 {
                let rank = (word * 64) as u64 + u64::from(lost.trailing_zeros());
                lost &= lost - 1;
                let pushed = self.solve_lost(cells, rank).plus_one();
                self.push_predecessors(cells, block, rank, pushed);
                self.since_report += LOST_WORK;
            }
            self.done = end.min(word * 64 + 64) as u64;
            self.tick(1)?;
        }
        Ok(())
    }

    /// Sets the half of the lost position of rank `rank`: the greatest half of the positions
    /// it moves to, all won and of lower rank, and so final. Leaves its heights in
    /// `self.heights`, and returns the half.
    fn solve_lost(&mut self, cells: &mut [C], rank: u64) -> C {
        let ranking = self.ranking;
        let cols = ranking.cols;
        ranking.unrank(ranking.whole_box(), rank, &mut self.heights);
        let heights = &self.heights;
        for (k, &h) in heights.iter().enumerate() {
            self.reach[k + 1] = self.reach[k] + ranking.weight(k, h);
        }
        let mut most = C::ZERO;
        for (c, &h) in heights.iter().enumerate() {
            // A move at row `r` lowers columns `c..e` to `r`: those above it.
            let mut e = c + 1;
            for r in (0..h).rev() {
                while e < cols && heights[e] > r {
                    e += 1;
                }
                let row = &self.row_weights[usize::from(r) * (cols + 1)..];
                let child = rank - (self.reach[e] - self.reach[c]) + (row[e] - row[c]);
                most = most.max(cells[child as usize]);
            }
        }
        cells[rank as usize] = most;
        most
    }

    /// Pushes `pushed` to every position of `block` with a move to the lost position of rank
    /// `rank`, whose heights are in `self.heights`: the predecessors that
    /// `Ranking::mark_predecessors` marks, each cell keeping the least it is pushed.
    fn push_predecessors(&mut self, cells: &mut [C], block: Block, rank: u64, pushed: C) {
        let ranking = self.ranking;
        let (first, first_cap) = (block.col, block.cap);
        let heights = &self.heights[first..];
        let lower = |cells: &mut [C], from: u64, to: u64| {
            for cell in &mut cells[from as usize..=to as usize] {
                *cell = (*cell).min(pushed);
            }
        };
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
                let weights = ranking.column(col);
                let base = rank - weights[usize::from(low)];
                if col + 1 == ranking.cols {
                    lower(cells, rank + 1, base + u64::from(cap));
                } else if end == ranking.cols && low == 0 {
                    let tails = ranking.tail_counts(col);
                    let last = base + weights[usize::from(cap)] + tails[usize::from(cap)] - 1;
                    lower(cells, base + weights[usize::from(low) + 1], last);
                } else if col + 2 == ranking.cols && end == ranking.cols {
                    for v in low + 1..=cap {
                        let raised = base + weights[usize::from(v)];
                        lower(cells, raised, raised + u64::from(v - low));
                    }
                } else if col + 1 == end {
                    for &w in &weights[usize::from(low) + 1..=usize::from(cap)] {
                        let cell = &mut cells[(base + w) as usize];
                        *cell = (*cell).min(pushed);
                    }
                } else {
                    let offsets = self.raises.offsets(ranking, Run { col, end, low }, cap);
                    for &offset in offsets {
                        let cell = &mut cells[(rank + u64::from(offset)) as usize];
                        *cell = (*cell).min(pushed);
                    }
                }
            }
            c = end;
        }
    }

    fn is_won(&self, rank: u64) -> bool {
        super::bits::is_set(self.won, rank)
    }

    /// Counts `work` towards the next progress report; reports (and asks whether to go on)
    /// every [`PROGRESS_WORK`].
    fn tick(&mut self, work: usize) -> Result<(), Cancelled> {
        self.since_report += work;
        if self.since_report < PROGRESS_WORK {
            return Ok(());
        }
        self.since_report = 0;
        let filling = (self.filled / FILL_CELLS_PER_STEP).min(self.fill_steps);
        if (self.progress)(filling + self.done, self.fill_steps + self.positions) {
            Ok(())
        } else {
            Err(Cancelled)
        }
    }
}

/// The bits of word `word` whose ranks lie in `start..end`.
fn span_mask(word: usize, start: usize, end: usize) -> u64 {
    let first = (word * 64).max(start);
    let last = (word * 64 + 63).min(end - 1);
    (!0u64 << (first % 64)) & (!0u64 >> (63 - last % 64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_holds_every_half_up_to_509_squares() {
        assert!(!MovesLeftTable::needs_pairs(16, 16));
        assert!(!MovesLeftTable::needs_pairs(18, 18));
        assert!(
            !MovesLeftTable::needs_pairs(22, 23),
            "506 squares: halves up to 253"
        );
        assert!(
            !MovesLeftTable::needs_pairs(2, 254),
            "508 squares: halves up to 254"
        );
        assert!(
            MovesLeftTable::needs_pairs(2, 255),
            "510 squares: a half of 255"
        );
        assert!(MovesLeftTable::needs_pairs(23, 23));
    }

    #[test]
    fn a_lift_grows_its_buffer_in_place() {
        // What `lift_block` relies on: lifting region `v - 1` onto region `v`, the first run
        // maps region `v - 1` onto itself, and every other run reads inside region `v - 1` and
        // writes past its end, so no run overwrites what another still has to read.
        for (rows, cols) in [(5u8, 6u8), (12, 12), (3, 9)] {
            let ranking = Ranking::new(rows, cols);
            for col in 0..usize::from(cols) - 1 {
                for cap in 1..=rows {
                    let block = Block { col, base: 0, cap };
                    for v in 1..=cap {
                        let previous = block.region(&ranking, v - 1).size(&ranking);
                        let size = block.region(&ranking, v).size(&ranking);
                        let runs: Vec<_> = ranking.lift_runs(col, v).collect();
                        assert_eq!(runs[0], (0, 0, previous), "{rows}x{cols} {col} {v}");
                        let mut written = previous;
                        for &(from, to, len) in &runs[1..] {
                            assert!(from + len <= previous, "{rows}x{cols} {col} {v}");
                            assert_eq!(to, written, "{rows}x{cols} {col} {v}");
                            written += len;
                        }
                        assert_eq!(written, size, "{rows}x{cols} {col} {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_buffers_are_the_largest_regions_of_the_lifted_columns() {
        let ranking = Ranking::new(12, 12);
        let cells = buffer_cells(&ranking, 1 << 16);
        // The whole box (2,704,156 positions) lifts into its largest region, the positions
        // with a full first column: C(23, 11) of them.
        assert_eq!(cells[0], 1_352_078);
        assert_eq!(cells[0], ranking.block_size(1, 12));
        // Blocks of at most 2^16 positions push instead: the largest block at column `c` has
        // C(24 - c, 12 - c) positions, above 2^16 up to column 4 (C(20, 8) = 125,970), not at
        // column 5 (C(19, 7) = 50,388).
        assert!(cells[..5].iter().all(|&n| n > 0), "{cells:?}");
        assert!(cells[5..].iter().all(|&n| n == 0), "{cells:?}");
    }
}
