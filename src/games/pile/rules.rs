//! What a one-pile game tells the shared pile session: its legal takes, how a take changes what
//! the next player may take, and its one answer function. Each one-pile game implements
//! [`PileRules`] in its own folder; everything else about playing from a pile lives here.

use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::SolverLine;
use crate::games::request::{Built, Progress, Waiting};
use crate::units::{group, runs_one_of};
use std::any::Any;

/// A one-pile position: the coins left and the largest take allowed now, for rules where each
/// take bounds the next (rules without such a bound ignore it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PilePosition {
    pub pile: u64,
    pub max_take: u64,
}

/// The rules of a one-pile game, with what its solver knows about them (`Send`, as sessions
/// are, and `Sync`, so that a finished game can be judged on another thread).
pub trait PileRules: Send + Sync {
    /// A copy of the rules, sharing what the solver knows (cheap: its tables are not copied).
    fn boxed_clone(&self) -> Box<dyn PileRules>;

    /// The game's name, as the screen's title shows it.
    fn title(&self) -> String;

    /// The position of a game starting with `pile` coins.
    fn start(&self, pile: u64) -> PilePosition;

    /// The position after the legal take `k`.
    fn after(&self, at: PilePosition, k: u64) -> PilePosition;

    /// The takes legal at `at`.
    fn takes(&self, at: PilePosition) -> Takes;

    /// Every winning take at `at`, ascending, when known: the game's one answer, used by the
    /// computer, the hints and the review alike, as `munch solve` does.
    fn winning_takes(&self, at: PilePosition) -> Option<Vec<u64>>;

    /// What the side panel says of the solver.
    fn solver_line(&self) -> SolverLine;

    /// The position's string (`subtraction 1,3,4 21`, `fibonacci 30 max 5`), which the
    /// game's parser reads back.
    fn print(&self, at: PilePosition) -> String;

    /// Every legal take at `at` with its outcome, moves left and winning replies, when the
    /// moves left of the position are known (and the takes few enough to weigh at once).
    fn study(&self, at: PilePosition) -> Option<PositionAnalysis<u64>>;

    /// The position's string (`subtraction 1,3,4 21`, `fibonacci 30 max 5`).
    fn position(&self, at: PilePosition) -> String;

    /// What the rules still lack (their tables, too slow to build on the interface's thread),
    /// as a build task for the table thread; `None` when they lack nothing. `moves_left`:
    /// whether the moves left are wanted (the perfect computer's, a study's), not only who wins.
    fn build(&self, _moves_left: bool) -> Option<Waiting> {
        None
    }

    /// Takes what the task of [`PileRules::build`] built.
    fn take_built(&mut self, _built: Built) {}

    /// Builds at once what they lack (slow: on a solver thread only, as the review's judging),
    /// telling `progress` how far it has gone; `None` when `progress` said to stop.
    fn complete(&mut self, _progress: Progress) -> Option<()> {
        Some(())
    }

    /// The rules as their own type, so that a study can share the tables of the game it is
    /// opened from.
    fn as_any(&self) -> &dyn Any;
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
