//! The one-pile games' computer player: a winning take when there is one, otherwise the take
//! that leaves the fewest winning replies; at level perfect, the fastest win and the longest
//! defence among those.

use super::rules::{PilePosition, PileRules, Takes};
use crate::games::core::rules::{Rules, fewest};

/// How many takes the computer weighs from a lost position whose legal takes are a range
/// (every take loses; it looks for the one leaving the fewest winning replies among the
/// smallest takes, which also leave the opponent the least room, as a range may be huge).
const RANGE_CANDIDATES: u64 = 64;

/// The computer's take at `at`, or `None` if it has no legal take (it lost).
///
/// Same contract as in Chomp: a winning take when there is one; otherwise the take that leaves
/// the fewest winning replies. Where the rules' answer does not know the position, the
/// smallest legal take.
pub fn choose_take(
    rules: &impl PileRules,
    at: PilePosition,
    rng: &mut fastrand::Rng,
) -> Option<u64> {
    let takes = rules.takes(&at);
    if takes.limit() == 0 {
        return None;
    }
    let Some(winning) = rules.winning_takes(&at) else {
        return Some(takes.smallest());
    };
    if !winning.is_empty() {
        return Some(winning[rng.usize(..winning.len())]);
    }
    let candidates: Vec<u64> = match takes {
        Takes::Listed(takes) => takes,
        Takes::UpTo(limit) => (1..=limit.min(RANGE_CANDIDATES)).collect(),
    };
    let replies = |k: u64| {
        let after = rules.play(&at, k).ok();
        after
            .and_then(|after| rules.winning_takes(&after))
            .map_or(usize::MAX, |w| w.len())
    };
    fewest(&candidates, replies, rng)
}

/// The computer's take at level perfect, or `None` if it has no legal take. Where the moves
/// left are known it fights, as [`PositionAnalysis::fighting_moves`] says: the fastest win, or the
/// fewest winning replies and then the longest defence, ties at random. Elsewhere as
/// [`choose_take`].
///
/// [`PositionAnalysis::fighting_moves`]: crate::games::moves_left::PositionAnalysis::fighting_moves
pub fn fighting_take(
    rules: &impl PileRules,
    at: PilePosition,
    rng: &mut fastrand::Rng,
) -> Option<u64> {
    if let Some(study) = rules.study(&at) {
        let best = study.fighting_moves();
        if !best.is_empty() {
            return Some(best[rng.usize(..best.len())].mv);
        }
    }
    choose_take(rules, at, rng)
}

/// The computer's take at `at` as [`Rules::best_move`] asks for it: [`fighting_take`] when it
/// fights (level perfect), else [`choose_take`].
///
/// [`Rules::best_move`]: crate::games::core::rules::Rules::best_move
pub fn best_take(
    rules: &impl PileRules,
    at: PilePosition,
    fight: bool,
    rng: &mut fastrand::Rng,
) -> Option<u64> {
    if fight {
        fighting_take(rules, at, rng)
    } else {
        choose_take(rules, at, rng)
    }
}

/// A legal take at random, for a computer that slips ([`Rules::random_move`]); at the casual
/// level, the whole pile when that is legal (a win).
///
/// [`Rules::random_move`]: crate::games::core::rules::Rules::random_move
pub fn random_take(
    rules: &impl PileRules,
    at: PilePosition,
    casual: bool,
    rng: &mut fastrand::Rng,
) -> Option<u64> {
    let takes = rules.takes(&at);
    if takes.limit() == 0 {
        return None;
    }
    if casual && takes.contains(at.pile) {
        return Some(at.pile);
    }
    takes.random(rng)
}
