//! The slow, obviously correct Chomp solver the tests compare everything else against.
//!
//! It is the seed lecture's `win(n, m, hlst)` with memoization: a position is won when some move
//! leads to a lost one; the empty bar is won (the opponent just ate the poison).

use crate::games::chomp::rules::Square;
use rustc_hash::FxHashMap;

/// Every position of a `rows` × `cols` box, as column heights, by plain nested counting.
pub fn positions(rows: u8, cols: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..cols {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u8>| {
                let cap = p.last().copied().unwrap_or(rows);
                (0..=cap).map(move |h| {
                    let mut next = p.clone();
                    next.push(h);
                    next
                })
            })
            .collect();
    }
    all
}

/// Memoized brute force over column-height vectors.
#[derive(Default)]
pub struct Reference {
    memo: FxHashMap<Vec<u8>, bool>,
    moves_left: FxHashMap<Vec<u8>, u32>,
}

impl Reference {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the player to move wins from `heights`.
    pub fn wins(&mut self, heights: &[u8]) -> bool {
        if heights.iter().all(|&h| h == 0) {
            return true;
        }
        if let Some(&known) = self.memo.get(heights) {
            return known;
        }
        let won = children(heights).any(|(_, child)| !self.wins(&child));
        self.memo.insert(heights.to_vec(), won);
        won
    }

    /// Solves every position of a `rows` × `cols` box and returns how many are lost (the lone
    /// poison square is; the empty bar is not): an outcome table's job, done the textbook way,
    /// which the benchmarks compare with the table.
    pub fn losing_positions(&mut self, rows: u8, cols: usize) -> u64 {
        // The positions in lexicographic order: `heights` is a prefix, under `cap`.
        fn walk(reference: &mut Reference, heights: &mut Vec<u8>, cols: usize, cap: u8) -> u64 {
            if heights.len() == cols {
                return u64::from(!reference.wins(heights));
            }
            (0..=cap)
                .map(|h| {
                    heights.push(h);
                    let lost = walk(reference, heights, cols, h);
                    heights.pop();
                    lost
                })
                .sum()
        }
        walk(self, &mut Vec::with_capacity(cols), cols, rows)
    }

    /// Moves left from `heights` for the player to move, straight from its definition: 0 for
    /// the empty bar (the poison was just eaten); a won position 1 + the least among the lost
    /// positions it moves to; a lost one 1 + the most among all the positions it moves to.
    pub fn moves_left(&mut self, heights: &[u8]) -> u32 {
        if heights.iter().all(|&h| h == 0) {
            return 0;
        }
        if let Some(&known) = self.moves_left.get(heights) {
            return known;
        }
        let won = self.wins(heights);
        let mut best: Option<u32> = None;
        for (_, child) in children(heights) {
            if won && self.wins(&child) {
                continue;
            }
            let after = self.moves_left(&child);
            best = Some(match best {
                None => after,
                Some(b) if won => b.min(after),
                Some(b) => b.max(after),
            });
        }
        let value = 1 + best.expect("every position but the empty bar has a move");
        self.moves_left.insert(heights.to_vec(), value);
        value
    }

    /// Every move from `heights` that leaves the opponent lost, in column-then-row order.
    pub fn winning_moves(&mut self, heights: &[u8]) -> Vec<Square> {
        children(heights)
            .filter(|(_, child)| !self.wins(child))
            .map(|(square, _)| square)
            .collect()
    }
}

/// Every move and the position it leaves, written out the way the seed does it.
fn children(heights: &[u8]) -> impl Iterator<Item = (Square, Vec<u8>)> + '_ {
    let m = heights.len();
    (0..m).flat_map(move |i| {
        (0..heights[i]).map(move |j| {
            let child: Vec<u8> = (0..m)
                .map(|k| if k < i { heights[k] } else { heights[k].min(j) })
                .collect();
            (Square::new(i as u8, j), child)
        })
    })
}
