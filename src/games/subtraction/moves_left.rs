//! Moves left in the subtraction game (see [`crate::games::moves_left`]): a table over piles,
//! built once per take set, exact from pile 0 on and, once its arithmetic period shows, for
//! every pile up to `u64::MAX` by a proven closed form.

use super::answer::SubtractionSolution;
use super::rules::TakeSet;
use crate::games::moves_left::{MoveStudy, PositionStudy};
use rustc_hash::FxHashMap;

/// How many piles the table computes while looking for its arithmetic period: at least 10^6,
/// so every pile up to this is exact even when no period shows.
pub const MOVES_LEFT_LIMIT: u64 = 1 << 20;

/// The outcome and moves left of every pile of a subtraction game, as far as computed, and
/// their arithmetic period when it showed.
///
/// **The closed form, and why it holds.** Write `W(x)` for whether pile `x` wins, `L(x)` for
/// its moves left, `s = max(S)` and `d(x) = L(x) - L(x-1)`. For `x >= s` every take of `S` is
/// legal, and `L(x)` is 1 plus the least `L(x-k)` over the takes with `W(x-k)` false, or 1 plus
/// the most `L(x-k)` over all takes when there is none: a min or a max of values of the window
/// `x-s..x-1`, plus 1. Adding a constant to every `L` of the window adds it to `L(x)`, so
/// `d(x+1)` and `W(x+1)` depend only on the pairs `(W(y), d(y))` for `y` in `x-s+1..=x`
/// (which give the window's `W` and its `L` less `L(x)`). Call those `s` pairs the *key* of
/// `x`, for `x >= s`. If the keys of `j < i` are equal, induction gives `W(y + P) = W(y)` and
/// `d(y + P) = d(y)` for `P = i - j` and every `y > j - s`; summing `d` over `P` consecutive
/// piles then gives `L(y + P) = L(y) + G` for every `y >= j - s`, with `G = L(i) - L(j)`.
/// So from `b = j - s + 1` on, `L(b + r + qP) = L(b + r) + qG` for `0 <= r < P` and every `q`.
/// `G` is positive, since `L(x)` grows without bound (each move takes at most `s` coins).
/// The table stops at the first repeated key, found by a rolling hash and confirmed by
/// comparing the pairs.
#[derive(Debug, Clone)]
pub struct SubtractionMovesLeft {
    set: TakeSet,
    /// `wins[x] = W(x)` for every computed pile.
    wins: Vec<bool>,
    /// `left[x] = L(x)` for every computed pile.
    left: Vec<u64>,
    /// `(b, P, G)`: `L(y + P) = L(y) + G` and `W(y + P) = W(y)` for every `y >= b`.
    cycle: Option<(u64, u64, u64)>,
}

impl SubtractionMovesLeft {
    /// The table of `set`, computed until its arithmetic period shows or `limit` piles are
    /// computed: O(piles · |S|), once per set.
    pub fn solve(set: &TakeSet, limit: u64) -> SubtractionMovesLeft {
        let mut table = SubtractionMovesLeft::empty(set);
        table.search(limit);
        table
    }

    /// The plain table of piles 0 to `pile`, without looking for a period: the direct
    /// computation the closed form is checked against, and what the timing measures.
    pub fn exact_to(set: &TakeSet, pile: u64) -> SubtractionMovesLeft {
        let mut table = SubtractionMovesLeft::empty(set);
        while (table.left.len() as u64) <= pile {
            table.push_next();
        }
        table
    }

    fn empty(set: &TakeSet) -> SubtractionMovesLeft {
        SubtractionMovesLeft {
            set: set.clone(),
            wins: Vec::new(),
            left: Vec::new(),
            cycle: None,
        }
    }

    /// Computes the next pile from the ones before it, by the definition.
    fn push_next(&mut self) {
        let x = self.left.len() as u64;
        let mut fastest: Option<u64> = None;
        let mut longest: Option<u64> = None;
        for k in self.set.legal(x) {
            let y = usize::try_from(x - k).expect("a computed pile fits memory");
            let left = self.left[y];
            if !self.wins[y] {
                fastest = Some(fastest.map_or(left, |f| f.min(left)));
            }
            longest = Some(longest.map_or(left, |l| l.max(left)));
        }
        self.wins.push(fastest.is_some());
        self.left
            .push(fastest.or(longest).map_or(0, |left| left + 1));
    }

    /// Computes piles until a key repeats (see the type's doc) or `limit` piles are computed.
    fn search(&mut self, limit: u64) {
        const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
        // A pair as one number for the hash: the step `d` (which may be negative) and `W`.
        let pair = |table: &SubtractionMovesLeft, y: usize| -> u64 {
            let step = table.left[y].wrapping_sub(table.left[y - 1]);
            step.wrapping_mul(2)
                .wrapping_add(u64::from(table.wins[y]) + 1)
        };
        let s = usize::try_from(self.set.max()).expect("a take fits memory");
        let top = BASE.wrapping_pow(u32::try_from(s).expect("a take is at most 4096"));
        let mut hash = 0u64;
        let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
        while (self.left.len() as u64) < limit {
            self.push_next();
            let x = self.left.len() - 1;
            if x == 0 {
                continue;
            }
            // The hash of the pairs of piles x-s+1..=x (those from pile 1 on).
            hash = hash.wrapping_mul(BASE).wrapping_add(pair(self, x));
            if x > s {
                hash = hash.wrapping_sub(top.wrapping_mul(pair(self, x - s)));
            }
            if x < s {
                continue;
            }
            match seen.get(&hash) {
                // The gain is positive (see the type's doc): checked all the same.
                Some(&j) if self.same_key(j, x, s) && self.left[x] > self.left[j] => {
                    let gain = self.left[x] - self.left[j];
                    self.cycle = Some(((j + 1 - s) as u64, (x - j) as u64, gain));
                    return;
                }
                Some(_) => {}
                None => {
                    seen.insert(hash, x);
                }
            }
        }
    }

    /// Whether piles `j` and `i` (both at least `s`) have the same key.
    fn same_key(&self, earlier: usize, later: usize, s: usize) -> bool {
        let step = |y: usize| self.left[y].wrapping_sub(self.left[y - 1]);
        (0..s).all(|back| {
            let (one, other) = (earlier - back, later - back);
            self.wins[one] == self.wins[other] && step(one) == step(other)
        })
    }

    /// `(b, P, G)`, when the arithmetic period showed: `L(y + P) = L(y) + G` for `y >= b`.
    pub fn cycle(&self) -> Option<(u64, u64, u64)> {
        self.cycle
    }

    /// How many piles were computed directly (0 up to this, exclusive).
    pub fn computed(&self) -> u64 {
        self.left.len() as u64
    }

    /// Where `pile` reads from: a computed pile, and how many periods to add.
    fn place(&self, pile: u64) -> Option<(usize, u64)> {
        if pile < self.computed() {
            return Some((usize::try_from(pile).ok()?, 0));
        }
        let (base, period, _) = self.cycle?;
        let from = pile - base;
        let at = base + from % period;
        Some((usize::try_from(at).ok()?, from / period))
    }

    /// The moves left of `pile`, for the player to move: exact, or `None` past the table when
    /// no period showed (or, for a pile near `u64::MAX`, if it does not fit a `u64`).
    pub fn moves_left(&self, pile: u64) -> Option<u64> {
        let (at, periods) = self.place(pile)?;
        let (_, _, gain) = self.cycle.unwrap_or_default();
        periods
            .checked_mul(gain)
            .and_then(|more| self.left[at].checked_add(more))
    }

    /// Whether the player facing `pile` wins, as far as this table knows.
    pub fn wins(&self, pile: u64) -> Option<bool> {
        let (at, _) = self.place(pile)?;
        Some(self.wins[at])
    }

    /// The take set.
    pub fn set(&self) -> &TakeSet {
        &self.set
    }
}

/// The study of `pile`: outcomes and winning replies from the game's answer (`solution`),
/// moves left from `table` (of the same set). `None` when the answer does not reach the pile.
pub fn study(
    solution: &SubtractionSolution,
    table: &SubtractionMovesLeft,
    pile: u64,
) -> Option<PositionStudy<u64>> {
    debug_assert_eq!(solution.set(), table.set());
    let mut moves = Vec::new();
    for take in solution.set().legal(pile) {
        let after = pile - take;
        let replies = solution.winning_takes(after)?.len();
        moves.push(MoveStudy {
            mv: take,
            wins: replies == 0,
            moves_left: table.moves_left(after),
            winning_replies: replies,
        });
    }
    Some(PositionStudy {
        wins: moves.iter().any(|m| m.wins),
        moves_left: table.moves_left(pile),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_k_lasts_two_moves_per_round() {
        // S = {1, 2, 3}: multiples of 4 are lost, and each round of the loser's 1 and the
        // winner's 3 lasts two moves.
        let set = TakeSet::parse("1-3").unwrap();
        let table = SubtractionMovesLeft::solve(&set, MOVES_LEFT_LIMIT);
        assert!(table.cycle().is_some());
        for pile in [0u64, 4, 8, 400, 1 << 40] {
            assert_eq!(table.moves_left(pile), Some(pile / 2), "{pile}");
            assert_eq!(table.wins(pile), Some(false));
        }
        assert_eq!(table.moves_left(5), Some(3));
        assert_eq!(table.moves_left(u64::MAX - 3), Some((u64::MAX - 3) / 2));
    }

    #[test]
    fn without_a_period_the_table_stops_at_its_limit() {
        let set = TakeSet::parse("1,3,4").unwrap();
        let table = SubtractionMovesLeft::solve(&set, 5);
        assert_eq!(table.cycle(), None);
        assert_eq!(table.computed(), 5);
        assert_eq!(table.moves_left(4), Some(1));
        assert_eq!(table.moves_left(5), None);
        assert_eq!(table.wins(5), None);
    }
}
