//! Puzzles drawn within bounds and printed (`munch puzzles`, the Puzzles screen), once for
//! every game on the core: a game draws its starts ([`Entry::puzzle_draw`]), the tables of
//! each top are built here at once and shared by every draw under it, and each start with a
//! puzzle ([`find`]) is printed in the game's notation, rated and themed.

use super::entry::Entry;
use super::puzzle::{Bounds, ENDS, LONG_DEFENCE, MOST_SOLVER_MOVES, Printed, find, rating};
use super::rules::Rules;
use crate::games::field::Values;
use crate::games::request::Request;
use std::collections::HashSet;

/// The draws in a row that find no new puzzle (a position without one, or one printed
/// already) past which the bounds are taken to hold no more.
pub const MISSES_IN_A_ROW: usize = 10_000;

/// `count` puzzles of `entry`'s game within `bounds`, drawn from `seed` (the same seed prints
/// the same puzzles), each a different position; fewer where the bounds hold fewer (where
/// [`MISSES_IN_A_ROW`] draws find no new one). Each position drawn is looked at once. Each is
/// proven by the tables of a *top* (the largest start the bounds allow, say), built here at
/// once and shared by every draw under it; or why the bounds are not the game's.
pub fn puzzles<E: Entry + ?Sized>(
    entry: &E,
    bounds: &Bounds,
    seed: u64,
    count: usize,
) -> Result<Vec<Printed>, String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut draw = entry.puzzle_draw(bounds)?;
    let text = entry.text();
    let mut tops: Vec<(Values, E::Rules)> = Vec::new();
    let mut drawn = HashSet::new();
    let mut printed = Vec::new();
    let mut misses = 0;
    while printed.len() < count && misses < MISSES_IN_A_ROW {
        misses += 1;
        let Some([top, start]) = draw(&mut rng) else {
            continue;
        };
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
        if !drawn.insert(position.clone()) {
            continue;
        }
        let Some(puzzle) = find(rules, &at, MOST_SOLVER_MOVES) else {
            continue;
        };
        misses = 0;
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
