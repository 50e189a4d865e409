//! Puzzles drawn within bounds and printed (`munch puzzles`, the Puzzles screen), once for
//! every game on the core: a game draws its starts ([`Entry::puzzle_starts`]), the tables of
//! each top are built here at once and shared by every draw under it, and each start with a
//! puzzle ([`find`]) is printed in the game's notation, rated and themed.

use super::entry::Entry;
use super::puzzle::{Bounds, ENDS, LONG_DEFENCE, MOST_SOLVER_MOVES, Printed, find, rating};
use super::rules::Rules;
use crate::games::field::Values;
use crate::games::request::Request;
use std::collections::HashSet;

/// The most draws a puzzle printed may take, past which the bounds are taken to hold no more
/// puzzles (every draw is either a puzzle or a position without one, or one printed already).
const DRAWS_A_PUZZLE: usize = 200;

/// `count` puzzles of `entry`'s game within `bounds`, drawn from `seed` (the same seed prints
/// the same puzzles), each a different position; fewer where the bounds hold fewer. Each is
/// proven by the tables of a *top* (the largest start the bounds allow, say), built here at
/// once and shared by every draw under it; or why the bounds are not the game's.
pub fn puzzles<E: Entry + ?Sized>(
    entry: &E,
    bounds: &Bounds,
    seed: u64,
    count: usize,
) -> Result<Vec<Printed>, String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let text = entry.text();
    let mut tops: Vec<(Values, E::Rules)> = Vec::new();
    let mut printed_at = HashSet::new();
    let mut printed = Vec::new();
    let mut draws = 0usize;
    while printed.len() < count && draws < count.saturating_mul(DRAWS_A_PUZZLE).max(1000) {
        draws += 1;
        let [top, start] = entry.puzzle_starts(bounds, &mut rng)?;
        let key = entry.values_of(&top);
        let index = tops.iter().position(|(values, _)| *values == key);
        let index = index.unwrap_or_else(|| {
            let (mut rules, _) = entry.begin(&top, None);
            build_now(&mut rules);
            tops.push((key, rules));
            tops.len() - 1
        });
        let rules = &tops[index].1;
        let (_, at) = entry.begin(&start, Some(rules));
        let position = rules.print(&at);
        if printed_at.contains(&position) {
            continue;
        }
        let Some(puzzle) = find(rules, &at, MOST_SOLVER_MOVES) else {
            continue;
        };
        printed_at.insert(position.clone());
        let solver_moves = puzzle.solution.len().div_ceil(2);
        let choices = rules.move_count(&at).unwrap_or(u64::MAX);
        let mut themes: Vec<&'static str> = text.themes.to_vec();
        themes.extend(rules.themes(&at, &puzzle.solution));
        if puzzle.ends {
            themes.push(ENDS);
        }
        if solver_moves >= 3 {
            themes.push(LONG_DEFENCE);
        }
        printed.push(Printed {
            game: text.id,
            position,
            solution: puzzle
                .solution
                .iter()
                .map(|&m| rules.write_move(m))
                .collect(),
            moves_left: puzzle.moves_left,
            ends: puzzle.ends,
            rating: rating(solver_moves, choices, puzzle.ends),
            themes,
        });
    }
    Ok(printed)
}

/// Builds here and now every table `rules` ask for, with the moves left (as `munch solve`
/// does: the caller waits).
fn build_now<R: Rules>(rules: &mut R) {
    // A game asks again after a build only where one was refused (Chomp's outcome table
    // alone, where its moves left do not fit): a few rounds at most.
    for _ in 0..4 {
        let Some(waiting) = rules.build(true) else {
            return;
        };
        let Request::Build(task) = waiting.request() else {
            return;
        };
        match task.run(&mut |_, _| true) {
            Some(built) => rules.take_built(built),
            None => return,
        }
    }
}
