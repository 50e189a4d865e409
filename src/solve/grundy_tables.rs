//! Grundy values by table, where no closed form is known: Fibonacci Nim's (a pile and the
//! largest take allowed) and Wythoff's (two piles). Each is the mex of the values its moves
//! reach, built bottom up; each says first how many bytes it needs, so that a game refuses a
//! table over its memory budget rather than build it.

/// Fibonacci Nim's Grundy values of every position of at most `top` coins: a pile `n` and the
/// largest take `m` allowed (1 to `n`; a larger limit is capped by the pile). A take of `k`
/// leaves `n - k` coins with `min(2k, n - k)` allowed next.
///
/// For one pile the values over `m` are the running mex of a set that grows by one value as `m`
/// grows (that of taking `m`), so a pile's row is built in one pass: the whole table in
/// `top²/2` steps.
#[derive(Debug, Clone)]
pub struct FibonacciGrundy {
    top: u64,
    /// Row `n` (its values for `m` = 1 to `n`) starts at `n(n-1)/2`.
    values: Vec<u32>,
}

impl FibonacciGrundy {
    /// The bytes the table to pile `top` takes, with its build's marks.
    pub fn bytes_for(top: u64) -> u64 {
        let cells = top.saturating_mul(top.saturating_add(1)) / 2;
        cells
            .saturating_add(top.saturating_add(2))
            .saturating_mul(4)
    }

    /// The table of every position of at most `top` coins (at most `u32::MAX`).
    pub fn build(top: u64) -> FibonacciGrundy {
        let n_top = usize::try_from(top).expect("a table that fits memory");
        let mut values: Vec<u32> = Vec::with_capacity(n_top * (n_top + 1) / 2);
        // `mark[v] == n` once value `v` is reached from pile `n`.
        let mut mark = vec![u32::MAX; n_top + 2];
        for n in 1..=n_top {
            let row = n as u32;
            let mut mex = 0usize;
            for m in 1..=n {
                let (pile, limit) = (n - m, (2 * m).min(n - m));
                let reached = if pile == 0 {
                    0
                } else {
                    values[pile * (pile - 1) / 2 + limit - 1]
                };
                mark[reached as usize] = row;
                while mark[mex] == row {
                    mex += 1;
                }
                values.push(mex as u32);
            }
        }
        FibonacciGrundy { top, values }
    }

    /// The value of `pile` coins with at most `max_take` allowed now; `None` past the table.
    pub fn value(&self, pile: u64, max_take: u64) -> Option<u64> {
        if pile > self.top {
            return None;
        }
        let limit = max_take.min(pile);
        if limit == 0 {
            return Some(0);
        }
        let (n, m) = (pile as usize, limit as usize);
        Some(u64::from(self.values[n * (n - 1) / 2 + m - 1]))
    }
}

/// Wythoff's game's Grundy value of the piles `(a, b)`: a move takes from one pile, or the
/// same from both. The value of each position of at most `a` and `b` coins is the mex of the
/// values before it in its row, its column and its diagonal; each of those lines is kept as a
/// set of the values seen on it (a bit each), and a cell's mex is looked for from the largest
/// of the three lines' own mexes on (each line's only grows). The value is at most the number
/// of moves, `a + b + min(a, b)`.
pub fn wythoff_grundy(first: u64, second: u64) -> u64 {
    let (rows, cols) = (first as usize, second as usize);
    let width = rows + cols + rows.min(cols) + 2;
    let words = width.div_ceil(64);
    // Lines: the row being built, every column, every diagonal (column - row + rows).
    let mut row = Line::new(words);
    let mut columns: Vec<Line> = (0..=cols).map(|_| Line::new(words)).collect();
    let mut diagonals: Vec<Line> = (0..=rows + cols).map(|_| Line::new(words)).collect();
    let mut last = 0;
    for x in 0..=rows {
        row.clear();
        for (y, column) in columns.iter_mut().enumerate() {
            let diagonal = &mut diagonals[y + rows - x];
            let mut value = row.mex.max(column.mex).max(diagonal.mex);
            loop {
                let word = value / 64;
                let taken = row.bits[word] | column.bits[word] | diagonal.bits[word];
                let free = !taken & (u64::MAX << (value % 64));
                if free != 0 {
                    value = word * 64 + free.trailing_zeros() as usize;
                    break;
                }
                value = (word + 1) * 64;
            }
            row.add(value);
            column.add(value);
            diagonal.add(value);
            last = value;
        }
    }
    last as u64
}

/// The bytes [`wythoff_grundy`] of `(a, b)` takes: a set of bits for the row, each column and
/// each diagonal.
pub fn wythoff_bytes(a: u64, b: u64) -> u64 {
    let width = a
        .saturating_add(b)
        .saturating_add(a.min(b))
        .saturating_add(2);
    let lines = a.saturating_add(b.saturating_mul(2)).saturating_add(3);
    lines.saturating_mul(width.div_ceil(64)).saturating_mul(8)
}

/// The values seen on one line of Wythoff's board, and the least value not seen on it.
struct Line {
    bits: Vec<u64>,
    mex: usize,
}

impl Line {
    fn new(words: usize) -> Line {
        Line {
            bits: vec![0; words],
            mex: 0,
        }
    }

    fn clear(&mut self) {
        self.bits.fill(0);
        self.mex = 0;
    }

    fn add(&mut self, v: usize) {
        self.bits[v / 64] |= 1 << (v % 64);
        while self.bits[self.mex / 64] >> (self.mex % 64) & 1 == 1 {
            self.mex += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values() {
        // Wythoff's values on the first row are the pile itself (one pile: Nim).
        assert_eq!(wythoff_grundy(0, 9), 9);
        assert_eq!(wythoff_grundy(1, 2), 0);
        assert_eq!(wythoff_grundy(3, 5), 0);
        let table = FibonacciGrundy::build(10);
        assert_eq!(table.value(1, 1), Some(1));
        assert_eq!(table.value(0, 0), Some(0));
        assert_eq!(table.value(11, 1), None);
    }
}
