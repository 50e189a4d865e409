//! Fibonacci Nim: one pile of `n >= 2` coins. The first move takes 1 to `n - 1` coins; every
//! later move takes 1 to twice what the previous player took (never more than the pile). Taking
//! the last coin wins. A position is the pile and the largest take allowed now: the one-pile
//! board's [`PilePosition`], whose `max_take` may exceed the pile (the pile caps it).

use crate::games::pile::rules::PilePosition;
use crate::games::position::finished;

/// The start of a game with `pile` coins: the first move may take all but one.
pub fn start(pile: u64) -> Result<PilePosition, String> {
    if pile < 2 {
        return Err(format!(
            "a Fibonacci Nim game starts with at least 2 coins, not {pile}"
        ));
    }
    Ok(PilePosition {
        pile,
        max_take: pile - 1,
    })
}

/// The position of `pile` coins with at most `max_take` allowed now, or why a game cannot go on
/// from it, in one line: the position string, the Study's editor and `munch solve` all refuse
/// with these words.
pub fn position_of(pile: u64, max_take: u64) -> Result<PilePosition, String> {
    if pile == 0 {
        return Err(finished("the pile is empty"));
    }
    if max_take == 0 {
        return Err(finished("no take is allowed"));
    }
    if max_take > pile {
        return Err(format!(
            "max {max_take} is more than the pile of {pile}: the largest take is at most the pile"
        ));
    }
    Ok(PilePosition { pile, max_take })
}

/// The largest take legal at `at`.
pub fn limit(at: PilePosition) -> u64 {
    at.max_take.min(at.pile)
}

/// Whether taking `k` coins is legal at `at`.
pub fn is_legal(at: PilePosition, k: u64) -> bool {
    (1..=limit(at)).contains(&k)
}

/// The position after taking `k` coins at `at` (which must be legal): the next player may take
/// up to `2k`, and never more than what is left.
pub fn take(at: PilePosition, k: u64) -> PilePosition {
    debug_assert!(is_legal(at, k));
    let pile = at.pile - k;
    PilePosition {
        pile,
        max_take: k.saturating_mul(2).min(pile),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_follow_the_rules() {
        let start = start(22).unwrap();
        assert_eq!(start.max_take, 21);
        assert!(!is_legal(start, 22) && is_legal(start, 21) && !is_legal(start, 0));
        let next = take(start, 1);
        assert_eq!(
            next,
            PilePosition {
                pile: 21,
                max_take: 2
            }
        );
        let later = take(take(take(next, 2), 4), 8);
        assert_eq!(later.pile, 7);
        assert_eq!(later.max_take, 7, "never more than the pile");
        assert!(super::start(1).is_err());
        assert_eq!(
            position_of(30, 5),
            Ok(PilePosition {
                pile: 30,
                max_take: 5
            })
        );
        assert!(
            position_of(30, 31)
                .unwrap_err()
                .contains("at most the pile")
        );
        assert!(position_of(0, 1).unwrap_err().contains("game is over"));
        assert!(position_of(3, 0).unwrap_err().contains("game is over"));
    }
}
