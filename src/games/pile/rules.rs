//! What the one-pile board needs of a game beyond its [`Rules`]: its legal takes ([`Takes`]),
//! its title and its solver line ([`PileRules`]). A one-pile game implements the core's
//! [`Rules`] on its own rules type, with a take as its move and [`PilePosition`] as its
//! position, and these few words on top; the helpers here write the parts every one-pile game
//! shares.

use crate::games::core::rules::Rules;
use crate::games::panel::SolverLine;
use crate::games::review::Known;
use crate::units::{group, runs_one_of};

/// How long the legal takes may be in a message (the panel wraps it over a few lines).
pub const MESSAGE_TAKES: usize = 40;

/// A one-pile position: the coins left and the largest take allowed now, for rules where each
/// take bounds the next (rules without such a bound keep it 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PilePosition {
    pub pile: u64,
    pub max_take: u64,
}

/// What the one-pile board asks of a game's rules beyond [`Rules`]: a move is a take of coins
/// (written as its number), a position a [`PilePosition`].
pub trait PileRules: Rules<Position = PilePosition, Move = u64> {
    /// The game's name, as the board's title shows it.
    fn title(&self) -> String;

    /// The takes legal at `at`.
    fn takes(&self, at: &PilePosition) -> Takes;

    /// What the side panel says of the solver.
    fn solver_line(&self) -> SolverLine;
}

/// What a one-pile game's answer knows of a position from its winning takes (every one, where
/// it knows any).
pub fn known(winning: Option<Vec<u64>>) -> Option<Known<u64>> {
    winning.map(|w| Known {
        wins: !w.is_empty(),
        winning_moves: w,
        complete: true,
    })
}

/// A take read back from its notation (its number).
pub fn read_take(text: &str) -> Option<u64> {
    text.parse().ok()
}

/// The legal takes of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Takes {
    /// These takes, ascending (few enough to list).
    Listed(Vec<u64>),
    /// Every take from 1 to this (0: none), which may be far too many to list.
    UpTo(u64),
}

impl Takes {
    /// `Ok` when taking `k` coins is legal, else what is legal ("take 1, 3 or 4").
    pub fn check(&self, k: u64) -> Result<(), String> {
        if self.contains(k) {
            Ok(())
        } else {
            Err(self.text(MESSAGE_TAKES))
        }
    }

    /// How many takes are legal.
    pub fn count(&self) -> u64 {
        match self {
            Takes::Listed(takes) => takes.len() as u64,
            Takes::UpTo(limit) => *limit,
        }
    }

    /// The largest legal take (0 when there is none).
    pub fn limit(&self) -> u64 {
        match self {
            Takes::Listed(takes) => takes.last().copied().unwrap_or(0),
            Takes::UpTo(limit) => *limit,
        }
    }

    /// The smallest legal take (1 when there is none).
    pub fn smallest(&self) -> u64 {
        match self {
            Takes::Listed(takes) => takes.first().copied().unwrap_or(1),
            Takes::UpTo(_) => 1,
        }
    }

    /// Whether taking `k` coins is legal.
    pub fn contains(&self, k: u64) -> bool {
        match self {
            Takes::Listed(takes) => takes.contains(&k),
            Takes::UpTo(limit) => (1..=*limit).contains(&k),
        }
    }

    /// What the panel says is legal: "take 1, 3 or 4" / "take 1 to 6" / "take 1 or
    /// 2,000–4,096" (runs as ranges); a list longer than `width` characters is cut to its first
    /// takes and "…and N more".
    pub fn text(&self, width: usize) -> String {
        match self {
            Takes::Listed(takes) if takes.is_empty() => "no take is possible".into(),
            Takes::Listed(takes) => {
                format!("take {}", runs_one_of(takes, width.saturating_sub(5)))
            }
            Takes::UpTo(0) => "no take is possible".into(),
            Takes::UpTo(1) => "take 1".into(),
            Takes::UpTo(limit) => format!("take 1 to {}", group(*limit)),
        }
    }

    /// The choice after `choice` moves up (`delta > 0`) or down: to the next listed take, or by
    /// `delta` coins within a range.
    pub fn step(&self, choice: u64, delta: i64) -> u64 {
        match self {
            Takes::Listed(legal) => {
                let next = if delta > 0 {
                    legal.iter().find(|&&k| k > choice)
                } else {
                    legal.iter().rev().find(|&&k| k < choice)
                };
                match (next, legal.first(), legal.last()) {
                    (Some(&k), _, _) => k,
                    // A typed take outside the legal ones: the nearest legal take instead.
                    (None, Some(&first), Some(&last)) if !self.contains(choice) => {
                        if delta > 0 {
                            last
                        } else {
                            first
                        }
                    }
                    _ => choice,
                }
            }
            Takes::UpTo(limit) => choice
                .saturating_add_signed(delta)
                .clamp(1, (*limit).max(1)),
        }
    }

    /// The legal take nearest to `k` (the smaller one on a tie), if any take is legal.
    pub fn nearest(&self, k: u64) -> Option<u64> {
        match self {
            Takes::Listed(takes) => takes.iter().copied().min_by_key(|&legal| legal.abs_diff(k)),
            Takes::UpTo(limit) => (*limit > 0).then(|| k.clamp(1, *limit)),
        }
    }

    /// A legal take at random, if any take is legal.
    pub fn random(&self, rng: &mut fastrand::Rng) -> Option<u64> {
        match self {
            Takes::Listed(takes) if takes.is_empty() => None,
            Takes::Listed(takes) => Some(takes[rng.usize(..takes.len())]),
            Takes::UpTo(0) => None,
            Takes::UpTo(limit) => Some(rng.u64(1..=*limit)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_takes_step_to_the_next_one_and_a_range_by_coins() {
        let listed = Takes::Listed(vec![1, 3, 4]);
        assert_eq!(
            (listed.step(1, 1), listed.step(4, 1), listed.step(3, -10)),
            (3, 4, 1)
        );
        assert_eq!(
            listed.step(9, -1),
            4,
            "a typed 9 steps down to the last legal take"
        );
        assert_eq!(
            (listed.nearest(2), listed.limit(), listed.smallest()),
            (Some(1), 4, 1)
        );
        assert_eq!(listed.text(80), "take 1, 3 or 4");
        let range = Takes::UpTo(6);
        assert_eq!((range.step(5, 10), range.step(5, -10)), (6, 1));
        assert_eq!(
            (range.nearest(9), range.text(80)),
            (Some(6), "take 1 to 6".to_string())
        );
        assert!(range.contains(6) && !range.contains(7) && !range.contains(0));
        let none = Takes::Listed(Vec::new());
        assert_eq!(
            (none.limit(), none.smallest(), none.nearest(3)),
            (0, 1, None)
        );
        assert_eq!(none.random(&mut fastrand::Rng::with_seed(1)), None);
        assert_eq!(Takes::UpTo(0).text(80), "no take is possible");
        let wide = Takes::Listed(std::iter::once(1).chain(2_000..=4_096).collect());
        assert_eq!(wide.text(80), "take 1 or 2,000–4,096");
    }
}
