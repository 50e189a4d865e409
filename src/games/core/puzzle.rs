//! Puzzles proven by a game's study, once for every game on the core: from a position the side
//! to move wins, the solver's moves where each is the only winning move (or a winning move that
//! ends the game, where any is accepted), each answered by the defender's longest-lasting reply,
//! as far as the win stays forced so and at most a given number of solver moves. A puzzle as
//! printed and played ([`Printed`]: its position string, its solution in notation, its rating
//! and themes), and the bounds of the positions printed ([`Bounds`]); `draw.rs` draws them.

use super::rules::Rules;
use crate::games::moves_left::{AnalysedMove, PositionAnalysis};
use serde::Serialize;

/// The most solver moves a puzzle asks for.
pub const MOST_SOLVER_MOVES: usize = 5;

/// A puzzle from a position: its solution, alternating the solver's moves and the defender's
/// replies and ending on a solver move, and the start's moves left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle<M> {
    pub solution: Vec<M>,
    pub moves_left: u64,
    /// Whether the solution's last move ends the game (then any winning move is accepted
    /// for it).
    pub ends: bool,
}

/// The puzzle from `start`, with at most `most` solver moves: `None` where the side to move
/// loses, where its first move is not forced (more than one wins and none ends the game), or
/// where the study does not prove the start's moves left. It ends before a solver move that is
/// not forced, or after one whose defence the study cannot prove.
pub fn find<R: Rules>(rules: &R, start: &R::Position, most: usize) -> Option<Puzzle<R::Move>> {
    let first = rules.study(start)?;
    let moves_left = first.moves_left.filter(|_| first.wins)?;
    let mut solution = Vec::new();
    let mut at = start.clone();
    let mut study = first;
    let mut solver_moves = 0;
    let ends = loop {
        let Some((mv, ends)) = forced(rules, &at, &study) else {
            // Not forced here: the puzzle ends on the solver's move before, if any.
            solution.pop();
            break false;
        };
        solution.push(mv);
        solver_moves += 1;
        at = rules.play(&at, mv).ok()?;
        if ends || solver_moves == most {
            break ends;
        }
        // Where the study cannot prove the longest defence, or the position after it, the
        // puzzle ends on this move.
        let Some(reply) = rules.study(&at).as_ref().and_then(longest_defence) else {
            break false;
        };
        let after = rules.play(&at, reply).ok()?;
        let Some(next) = rules.study(&after) else {
            break false;
        };
        solution.push(reply);
        (at, study) = (after, next);
    };
    (!solution.is_empty()).then_some(Puzzle {
        solution,
        moves_left,
        ends,
    })
}

/// The solver's move at `at` (studied as `study`, won): the one winning move, or a winning
/// move that ends the game (then `true`); `None` where more than one wins and none ends it.
fn forced<R: Rules>(
    rules: &R,
    at: &R::Position,
    study: &PositionAnalysis<R::Move>,
) -> Option<(R::Move, bool)> {
    let winning: Vec<&AnalysedMove<R::Move>> = study.moves.iter().filter(|m| m.wins).collect();
    let ending = winning.iter().find(|m| {
        rules
            .play(at, m.mv)
            .is_ok_and(|after| rules.is_over(&after))
    });
    match (winning.as_slice(), ending) {
        (_, Some(ending)) => Some((ending.mv, true)),
        ([only], None) => Some((only.mv, false)),
        _ => None,
    }
}

/// The defender's reply in a lost position: the most moves left, then the fewest winning
/// replies, then the first in the game's order; `None` where a move's moves left are unknown.
fn longest_defence<M: Copy>(study: &PositionAnalysis<M>) -> Option<M> {
    let mut best: Option<&AnalysedMove<M>> = None;
    for m in &study.moves {
        let left = m.moves_left?;
        let better = best.is_none_or(|b| {
            let best_left = b.moves_left.unwrap_or(0);
            left > best_left || (left == best_left && m.winning_replies < b.winning_replies)
        });
        if better {
            best = Some(m);
        }
    }
    best.map(|m| m.mv)
}

/// How large the positions of printed puzzles may be; a game takes the bounds that are its own
/// (Chomp the rows and columns, the pile games the pile, Nim the piles too) and refuses the
/// others. `None`: the game's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bounds {
    pub max_rows: Option<u64>,
    pub max_cols: Option<u64>,
    pub max_pile: Option<u64>,
    pub max_piles: Option<u64>,
}

impl Bounds {
    /// Why `flags`, which a game does not take, are refused, if any is set: "chomp takes no
    /// --max-pile". `flags` names each bound as its option does.
    pub fn refuse(&self, id: &str, flags: &[&str]) -> Result<(), String> {
        for &flag in flags {
            let set = match flag {
                "max-rows" => self.max_rows,
                "max-cols" => self.max_cols,
                "max-pile" => self.max_pile,
                "max-piles" => self.max_piles,
                _ => None,
            };
            if set.is_some() {
                return Err(format!("{id} takes no --{flag}"));
            }
        }
        Ok(())
    }

    /// The bound `value` of `--flag` (`default` where not given), checked to lie in `range`.
    pub fn within(
        value: Option<u64>,
        flag: &str,
        default: u64,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, String> {
        let value = value.unwrap_or(default);
        match (range.contains(&value), *range.end()) {
            (true, _) => Ok(value),
            (false, u64::MAX) => Err(format!("--{flag} {value} is below {}", range.start())),
            (false, end) => Err(format!(
                "--{flag} {value} is outside {} to {end}",
                range.start()
            )),
        }
    }
}

/// A proven puzzle as printed (`munch puzzles`) and as the Puzzles screen plays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printed {
    /// The game's id: "chomp".
    pub game: &'static str,
    /// The start's position string, which munch reads: "chomp 6x7 6,6,4,4,2,0,0".
    pub position: String,
    /// The solver's and the defender's moves in turn, in the notation records keep, ending on
    /// a solver move.
    pub solution: Vec<String>,
    /// The start's moves left.
    pub moves_left: u64,
    /// Whether the solution's last move ends the game: then any winning move that ends it is
    /// accepted for it.
    #[serde(skip)]
    pub ends: bool,
    /// The puzzle's starting Glicko-2 rating, from its difficulty ([`rating`]).
    pub rating: u32,
    /// What the puzzle is about: the game's themes ([`GameText::themes`]), the position's
    /// ([`Rules::themes`]), and [`ENDS`] and [`LONG_DEFENCE`] where they hold.
    ///
    /// [`GameText::themes`]: super::rules::GameText::themes
    pub themes: Vec<&'static str>,
}

/// The theme of a puzzle whose last move ends the game.
pub const ENDS: &str = "ends";

/// The theme of a puzzle with two defences or more (three solver moves at least).
pub const LONG_DEFENCE: &str = "long defence";

/// The rating of a puzzle with `solver_moves` moves to find, the first among `choices` legal
/// moves, `ends` whether the last ends the game: 1000, and 200 for each solver move past the
/// first, and 60 for each doubling of the choices (⌊log₂ choices⌋), less 100 for a single move
/// that ends the game (any such move wins).
pub fn rating(solver_moves: usize, choices: u64, ends: bool) -> u32 {
    let moves = u32::try_from(solver_moves.saturating_sub(1)).unwrap_or(u32::MAX);
    let doublings = choices.max(1).ilog2();
    let easy = if ends && solver_moves == 1 { 100 } else { 0 };
    (1000 + 200 * moves.min(10) + 60 * doublings.min(20)).saturating_sub(easy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_rates_higher_with_more_moves_to_find_and_more_to_choose_from() {
        assert_eq!(rating(1, 1, false), 1000);
        assert_eq!(rating(2, 22, false), 1000 + 200 + 60 * 4);
        assert!(rating(3, 8, false) > rating(2, 8, false));
        assert!(rating(2, 64, false) > rating(2, 8, false));
        // A single move that ends the game: any winning one is right.
        assert_eq!(rating(1, 8, true), rating(1, 8, false) - 100);
        assert_eq!(rating(2, 8, true), rating(2, 8, false));
    }

    #[test]
    fn a_bound_not_the_games_or_out_of_range_is_refused_in_one_line() {
        let bounds = Bounds {
            max_pile: Some(3),
            ..Bounds::default()
        };
        assert_eq!(
            bounds.refuse("chomp", &["max-rows", "max-pile"]),
            Err("chomp takes no --max-pile".into())
        );
        assert_eq!(bounds.refuse("nim", &["max-rows"]), Ok(()));
        assert_eq!(Bounds::within(None, "max-rows", 8, 1..=10), Ok(8));
        assert_eq!(
            Bounds::within(Some(11), "max-rows", 8, 1..=10),
            Err("--max-rows 11 is outside 1 to 10".into())
        );
        assert_eq!(
            Bounds::within(Some(0), "max-pile", 8, 1..=u64::MAX),
            Err("--max-pile 0 is below 1".into())
        );
    }
}
