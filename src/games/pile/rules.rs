//! What a one-pile game is ([`PileRules`]): its legal takes ([`Takes`]), the position a take
//! leaves, its position string, its answer and its tables, its title, its solver line and its
//! Study editor. The one-pile board writes the rest of the core's `Rules` once for every such
//! game (a take as its move, [`PilePosition`] as its position: `session.rs`), and the core's
//! `StudyRules` (`study.rs`).

use crate::games::core::rules::NoGrundy;
use crate::games::moves_left::{AnalysedMove, MAX_LISTED_MOVES, PositionAnalysis};
use crate::games::panel::SolverLine;
use crate::games::request::{Built, Progress, Waiting};
use crate::games::study::Editor;
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

/// What a one-pile game gives the one-pile board: a move is a take of coins (written as its
/// number), a position a [`PilePosition`]. The board makes it the core's `Rules`
/// (`session.rs`), whose methods these serve as each one's doc says.
pub trait PileRules: Clone + Send + Sync + 'static {
    /// The game's name, as the board's title shows it.
    fn title(&self) -> String;

    /// The takes legal at `at`.
    fn takes(&self, at: &PilePosition) -> Takes;

    /// The position a legal take of `k` coins leaves at `at`.
    fn after(&self, at: &PilePosition, k: u64) -> PilePosition;

    /// The position's string (`Rules::print`).
    fn position_string(&self, at: &PilePosition) -> String;

    /// Every winning take at `at`, ascending (none: the pile is lost), where the game's answer
    /// knows them (`Rules::known`).
    fn winning_takes(&self, at: &PilePosition) -> Option<Vec<u64>>;

    /// Every legal take at `at` with its outcome, moves left and winning replies, where the
    /// moves left are known (`Rules::study`).
    fn takes_studied(&self, at: &PilePosition) -> Option<PositionAnalysis<u64>>;

    /// What the side panel says of the solver.
    fn solver_line(&self) -> SolverLine;

    /// Why `at` is won or lost, in the game's terms (see the core's `Rules::why`); none by
    /// default.
    fn why(&self, _at: &PilePosition) -> Vec<String> {
        Vec::new()
    }

    /// The Grundy value of `at`, within `budget` bytes of tables (the core's `Rules::grundy`);
    /// unknown by default.
    fn grundy(&self, _at: &PilePosition, _budget: u64) -> Result<u64, NoGrundy> {
        Err(NoGrundy::Unknown)
    }

    /// An editor on `at`, to set up another position of the game on the Study screen.
    fn editor(&self, at: &PilePosition) -> Box<dyn Editor>;

    /// The tables the rules still lack, as a build task (`Rules::build`); none by default.
    /// A study asks for them once: they cover every pile it reaches.
    fn build_tables(&mut self, _moves_left: bool) -> Option<Waiting> {
        None
    }

    /// Takes what the task of [`PileRules::build_tables`] built (`Rules::take_built`).
    fn take_tables(&mut self, _built: Built) {}

    /// Builds at once what [`PileRules::build_tables`] asked for (`Rules::complete`).
    fn complete_tables(&mut self, _progress: Progress) -> Option<()> {
        Some(())
    }
}

/// The study of `at` every one-pile game makes: each legal take with its outcome and winning
/// replies from the game's answer ([`PileRules::winning_takes`]), and the moves left `left`
/// gives of what it leaves (and of `at`). `None` when the takes are too many to list
/// ([`MAX_LISTED_MOVES`]) or the answer does not reach a pile a take leaves.
pub fn study_takes(
    rules: &impl PileRules,
    at: &PilePosition,
    left: impl Fn(&PilePosition) -> Option<u64>,
) -> Option<PositionAnalysis<u64>> {
    let moves = (rules.takes(at).listed()?.into_iter())
        .map(|take| {
            let after = rules.after(at, take);
            let replies = rules.winning_takes(&after)?.len();
            Some(AnalysedMove {
                mv: take,
                wins: replies == 0,
                moves_left: left(&after),
                winning_replies: replies,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PositionAnalysis {
        wins: moves.iter().any(|m| m.wins),
        moves_left: left(at),
        moves,
    })
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

    /// Every legal take, ascending, when they are few enough to list ([`MAX_LISTED_MOVES`]).
    pub fn listed(&self) -> Option<Vec<u64>> {
        match self {
            Takes::Listed(takes) => Some(takes.clone()),
            Takes::UpTo(limit) if *limit <= MAX_LISTED_MOVES => Some((1..=*limit).collect()),
            Takes::UpTo(_) => None,
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
