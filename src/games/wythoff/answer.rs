//! Wythoff's game solved by its Beatty pairs (Wythoff, 1907): the lost positions are the pairs
//! `(a_k, b_k)` and `(b_k, a_k)` with `a_k = ⌊kφ⌋` and `b_k = a_k + k`, φ the golden ratio
//! (0,0; 1,2; 3,5; 4,7; 6,10; …). Every whole number from 1 on is exactly one `a_k` or one
//! `b_k`, so each number has one *partner*, the other number of its pair.
//!
//! The pairs are the engine's ([`crate::solve::beatty`]), computed in integers, exact for
//! piles up to 10^18.
//!
//! A position with piles `x ≤ y` is lost exactly when `x = a_{y-x}`. A winning move leaves a
//! lost position: taking from both keeps the difference `d`, so it must leave `(a_d, b_d)`;
//! taking from one pile keeps the other, so it must leave the kept pile's partner. So a won
//! position has at most three winning moves, found at once.

use super::rules::{Move, Piles, Position};
use crate::games::review::Known;
use crate::solve::beatty;
pub use crate::solve::beatty::{lower, partner, upper};

/// Whether the player to move at `position` loses against perfect play (both piles empty is
/// lost: the last coin was taken).
pub fn is_lost(position: Position) -> bool {
    beatty::is_pair(position.piles())
}

/// The answer for `position`, at once for any piles: the one answer function of Wythoff's
/// game. Who wins, and every winning move (complete: at most three, from both piles, from
/// pile 1, from pile 2), sorted by the position each leaves; none exactly when it is lost.
pub fn answer(position: Position) -> Known<Move> {
    let mut winning_moves = Vec::with_capacity(3);
    Known {
        wins: winning_into(position, &mut winning_moves),
        winning_moves,
        complete: true,
    }
}

/// Whether the player to move wins at `position`, with its winning moves (at most three,
/// sorted by the position each leaves) put in `winning`, emptied first: a moves-left table
/// asks this of millions of positions with one list.
pub fn winning_into(position: Position, winning: &mut Vec<Move>) -> bool {
    winning.clear();
    let [first, second] = position.piles();
    for [x, y] in beatty::reachable([first, second]) {
        let piles = match (first - x, second - y) {
            (_, 0) => Piles::First,
            (0, _) => Piles::Second,
            _ => Piles::Both,
        };
        let take = (first - x).max(second - y);
        winning.push(Move { piles, take });
    }
    winning.sort_by_key(|&mv| position.after(mv));
    !winning.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(first: u64, second: u64) -> Position {
        Position::new(first, second).unwrap()
    }

    #[test]
    fn the_first_pairs_and_the_issues_example() {
        let pairs: Vec<(u64, u64)> = (0..8).map(|k| (lower(k), upper(k))).collect();
        assert_eq!(
            pairs,
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18)
            ]
        );
        let won = answer(position(4, 5));
        assert!(won.wins);
        let moves: Vec<(String, [u64; 2])> = won
            .winning_moves
            .iter()
            .map(|&mv| (mv.to_string(), position(4, 5).after(mv).piles()))
            .collect();
        assert_eq!(
            moves,
            [("12:3".to_string(), [1, 2]), ("1:1".to_string(), [3, 5])]
        );
        for lost in [
            position(0, 0),
            position(3, 5),
            position(5, 3),
            position(7, 4),
        ] {
            assert_eq!(
                answer(lost),
                Known {
                    wins: false,
                    winning_moves: Vec::new(),
                    complete: true
                },
                "{lost}"
            );
        }
        // 2,2 has three: all of both, or down to 1 in either pile.
        let three: Vec<String> = answer(position(2, 2))
            .winning_moves
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(three, ["12:2", "1:1", "2:1"]);
    }
}
