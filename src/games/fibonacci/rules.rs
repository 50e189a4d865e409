//! Fibonacci Nim: one pile of `n >= 2` coins. The first move takes 1 to `n - 1` coins; every
//! later move takes 1 to twice what the previous player took (never more than the pile). Taking
//! the last coin wins. A position is the pile and the largest take allowed now.

use crate::games::position::finished;

/// A Fibonacci Nim position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FibPosition {
    pub pile: u64,
    /// The largest take allowed now (may exceed the pile; the pile caps it).
    pub max_take: u64,
}

impl FibPosition {
    /// The start of a game with `pile` coins: the first move may take all but one.
    pub fn start(pile: u64) -> Result<FibPosition, String> {
        if pile < 2 {
            return Err(format!(
                "a Fibonacci Nim game starts with at least 2 coins, not {pile}"
            ));
        }
        Ok(FibPosition {
            pile,
            max_take: pile - 1,
        })
    }

    /// The position of `pile` coins with at most `max_take` allowed now, or why a game cannot
    /// go on from it, in one line: the position string, the Study's editor and `munch solve`
    /// all refuse with these words.
    pub fn new(pile: u64, max_take: u64) -> Result<FibPosition, String> {
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
        Ok(FibPosition { pile, max_take })
    }

    /// The largest take legal now.
    pub fn limit(self) -> u64 {
        self.max_take.min(self.pile)
    }

    /// Whether taking `k` coins is legal.
    pub fn is_legal(self, k: u64) -> bool {
        (1..=self.limit()).contains(&k)
    }

    /// The position after taking `k` coins (which must be legal): the next player may take up
    /// to `2k`, and never more than what is left.
    #[must_use]
    pub fn take(self, k: u64) -> FibPosition {
        debug_assert!(self.is_legal(k));
        let pile = self.pile - k;
        FibPosition {
            pile,
            max_take: k.saturating_mul(2).min(pile),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_follow_the_rules() {
        let start = FibPosition::start(22).unwrap();
        assert_eq!(start.max_take, 21);
        assert!(!start.is_legal(22) && start.is_legal(21) && !start.is_legal(0));
        let next = start.take(1);
        assert_eq!(
            next,
            FibPosition {
                pile: 21,
                max_take: 2
            }
        );
        let later = next.take(2).take(4).take(8);
        assert_eq!(later.pile, 7);
        assert_eq!(later.max_take, 7, "never more than the pile");
        assert!(FibPosition::start(1).is_err());
        assert_eq!(
            FibPosition::new(30, 5),
            Ok(FibPosition {
                pile: 30,
                max_take: 5
            })
        );
        assert!(
            FibPosition::new(30, 31)
                .unwrap_err()
                .contains("at most the pile")
        );
        assert!(FibPosition::new(0, 1).unwrap_err().contains("game is over"));
        assert!(FibPosition::new(3, 0).unwrap_err().contains("game is over"));
    }
}
