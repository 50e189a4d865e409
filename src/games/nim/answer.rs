//! Nim solved by the nim-sum (Bouton, 1901): the player to move loses exactly when the XOR of
//! the piles is 0. From any other position, a pile whose coins have the nim-sum's highest bit
//! set can be cut to `pile XOR nim-sum`, which leaves a nim-sum of 0; no other move does.

use super::rules::{Move, Position};
use crate::games::review::Known;

/// The nim-sum: the XOR of the piles. The player to move loses exactly when it is 0.
pub fn nim_sum(position: &Position) -> u64 {
    position.piles().iter().fold(0, |sum, &pile| sum ^ pile)
}

/// The answer for `position`, at once for any piles: the one answer function of Nim. Who
/// wins, and every winning move (complete), by pile and then by take: at most one per pile,
/// since only `pile XOR nim-sum` coins may be left in it; none exactly when it is lost.
pub fn answer(position: &Position) -> Known<Move> {
    let sum = nim_sum(position);
    Known {
        wins: sum != 0,
        winning_moves: winning_moves(position, sum).collect(),
        complete: true,
    }
}

/// Every winning move of `position`, whose nim-sum is `sum`, by pile: each pile cut to
/// `pile XOR sum` where that is smaller. None when the nim-sum is 0.
pub fn winning_moves(position: &Position, sum: u64) -> impl Iterator<Item = Move> + '_ {
    position
        .piles()
        .iter()
        .enumerate()
        .filter_map(move |(pile, &coins)| {
            let left = coins ^ sum;
            // Lazily: `coins - left` underflows for a pile that cannot win.
            (left < coins).then(|| Move {
                pile,
                take: coins - left,
            })
        })
}

/// The moves the computer weighs in a lost position (every move loses against perfect play):
/// for each pile, the smallest take among the moves that leave the opponent the fewest winning
/// replies, so that one mistake by the opponent is enough and the game lasts; by pile. Empty
/// when the position is won or over.
///
/// A move that cuts a pile below its bit `b` (keeping its higher bits, clearing `b`) leaves a
/// nim-sum whose highest bit is `b`, so the opponent's winning replies are one per other pile
/// holding bit `b`. The smallest take that clears bit `b` of a pile `p` sets every lower bit:
/// it takes `p mod 2^b + 1`, which grows with `b`, so each pile's candidate is at its lowest
/// such bit.
pub fn losing_moves(position: &Position) -> Vec<Move> {
    if nim_sum(position) != 0 {
        return Vec::new();
    }
    // How many piles hold each bit; a pile holding bit `b` gives the count less one reply.
    let mut holders = [0usize; 64];
    for &pile in position.piles() {
        for (bit, count) in holders.iter_mut().enumerate() {
            *count += usize::from(pile >> bit & 1 == 1);
        }
    }
    let bits = |pile: u64| (0..64).filter(move |&bit| pile >> bit & 1 == 1);
    let Some(fewest) = position
        .piles()
        .iter()
        .flat_map(|&pile| bits(pile).map(|bit| holders[bit] - 1))
        .min()
    else {
        return Vec::new();
    };
    position
        .piles()
        .iter()
        .enumerate()
        .filter_map(|(pile, &coins)| {
            let bit = bits(coins).find(|&bit| holders[bit] - 1 == fewest)?;
            Some(Move {
                pile,
                take: (coins & ((1 << bit) - 1)) + 1,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(piles: &[u64]) -> Position {
        Position::new(piles).unwrap()
    }

    #[test]
    fn the_nim_sum_decides() {
        assert_eq!(nim_sum(&position(&[3, 4, 5])), 2);
        let won = answer(&position(&[3, 4, 5]));
        assert!(won.wins);
        assert_eq!(won.winning_moves, [Move { pile: 0, take: 2 }]);
        let lost = answer(&position(&[1, 2, 3]));
        assert!(!lost.wins && lost.winning_moves.is_empty());
        // 5 ^ 6 ^ 7 = 4: every pile holds bit 2, so each has its winning move.
        let three = answer(&position(&[5, 6, 7]));
        assert_eq!(
            three.winning_moves,
            [
                Move { pile: 0, take: 4 },
                Move { pile: 1, take: 4 },
                Move { pile: 2, take: 4 }
            ]
        );
        let over = answer(&position(&[0, 0, 0]));
        assert!(!over.wins && over.winning_moves.is_empty());
    }

    #[test]
    fn a_lost_position_is_played_to_leave_the_fewest_replies() {
        // 1,2,3: every pile's smallest take leaves one winning reply: 0,2,3 (3→2), 1,1,3
        // (3→0) and 1,2,2 (1→0).
        assert_eq!(
            losing_moves(&position(&[1, 2, 3])),
            [
                Move { pile: 0, take: 1 },
                Move { pile: 1, take: 1 },
                Move { pile: 2, take: 1 }
            ]
        );
        assert!(losing_moves(&position(&[3, 4, 5])).is_empty());
        assert!(losing_moves(&position(&[0, 0])).is_empty());
    }
}
