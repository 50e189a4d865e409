//! Moves left, as issue 16 defines it, and what every game's study of a position shares: the
//! outcome and moves left of the position, and for every legal move the outcome for the mover,
//! the moves left after it and the opponent's winning replies. Also the computer's fighting
//! preference over such a list, and the `--all-moves` flag of `munch solve`.
//!
//! **Moves left** of a position, for the player to move: the moves still to be played, counting
//! the last one, when the side that can win finishes as soon as it can and the side that cannot
//! makes the game last as long as it can. A position with no move has 0; a won position has 1 +
//! the least moves left among the lost positions it can move to; a lost position has 1 + the
//! most among all positions it can move to.

use crate::units::group;
use clap::ArgMatches;
use serde::Serialize;

/// The id of `munch solve`'s `--all-moves` flag, which the command line adds to every game.
pub const ALL_MOVES: &str = "all_moves";

/// The most moves `--all-moves` lists: a Nim pile may hold 10^18 coins.
pub const MAX_LISTED_MOVES: u64 = 100_000;

/// Whether `munch solve`'s matches ask for every move (`--all-moves`). False when the command
/// was built without the flag (a game's own subcommand, as tests build it).
pub fn all_moves(matches: &ArgMatches) -> bool {
    matches
        .try_get_one::<bool>(ALL_MOVES)
        .ok()
        .flatten()
        .copied()
        .unwrap_or(false)
}

/// Why `--all-moves` cannot list `count` moves, when there are too many.
pub fn too_many_moves(count: u64) -> Option<String> {
    (count > MAX_LISTED_MOVES).then(|| {
        format!(
            "--all-moves lists at most {} moves, and this position has {}",
            group(MAX_LISTED_MOVES),
            group(count)
        )
    })
}

/// What `--all-moves` adds to a game's JSON reply, after its own fields: the position's moves
/// left (`null` out of reach), every legal move, and whether every moves left is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AllMoves<T> {
    /// The position's moves left.
    pub moves_left: Option<u64>,
    /// Every legal move, in the game's order.
    pub moves: Vec<T>,
    /// Whether no moves left is `null`.
    pub complete: bool,
}

impl<T> AllMoves<T> {
    /// The reply's part for `study`, each move written by `write`.
    pub fn new<M>(
        study: &PositionAnalysis<M>,
        write: impl Fn(&AnalysedMove<M>) -> T,
    ) -> AllMoves<T> {
        AllMoves {
            moves_left: study.moves_left,
            moves: study.moves.iter().map(write).collect(),
            complete: study.complete(),
        }
    }
}

/// A move's outcome for the player making it, as the replies write it.
pub fn outcome_word(wins: bool) -> &'static str {
    if wins { "win" } else { "loss" }
}

/// The text `--all-moves` adds for people: the position's moves left, then a table of the
/// moves (`move` names each; `leaves` what it leaves), ending with a newline.
pub fn plain_all_moves<M: Clone>(
    study: &PositionAnalysis<M>,
    columns: [&str; 2],
    cells: impl Fn(&M) -> [String; 2],
) -> String {
    plain_proven_moves(&Proven::from(study), columns, cells)
}

/// [`plain_all_moves`] for what is proven where no study covers the position: `?` where
/// nothing proves a move's outcome, its moves left or its winning replies.
pub fn plain_proven_moves<M>(
    proven: &Proven<M>,
    columns: [&str; 2],
    cells: impl Fn(&M) -> [String; 2],
) -> String {
    let unknown = || "?".to_string();
    let left = |moves_left: Option<u64>| moves_left.map_or_else(unknown, group);
    let mut out = match proven.moves_left {
        Some(n) => format!("Moves left: {} (for the player to move).\n", group(n)),
        None => "Moves left: out of reach (? below).\n".to_string(),
    };
    if proven.moves.is_empty() {
        out.push_str("No legal move.\n");
        return out;
    }
    let header = [
        columns[0],
        columns[1],
        "outcome",
        "moves left",
        "winning replies",
    ];
    let rows: Vec<[String; 5]> = proven
        .moves
        .iter()
        .map(|m| {
            let [first, second] = cells(&m.mv);
            [
                first,
                second,
                m.wins
                    .map_or_else(unknown, |wins| outcome_word(wins).to_string()),
                left(m.moves_left),
                m.winning_replies
                    .map_or_else(unknown, |replies| group(replies as u64)),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..5)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 5]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:>width$}"))
            .collect();
        format!("  {}\n", parts.join("  "))
    };
    out.push_str(&line(header));
    for row in &rows {
        out.push_str(&line([&row[0], &row[1], &row[2], &row[3], &row[4]]));
    }
    out
}

/// One legal move, studied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysedMove<M> {
    /// The move.
    pub mv: M,
    /// Whether the move wins for the player making it (it leaves a lost position).
    pub wins: bool,
    /// The moves left of the position the move leaves, when within reach.
    pub moves_left: Option<u64>,
    /// How many winning moves the opponent has in the position the move leaves.
    pub winning_replies: usize,
}

/// A position, studied: its outcome, its moves left and every legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionAnalysis<M> {
    /// Whether the player to move wins.
    pub wins: bool,
    /// The position's moves left, when within reach.
    pub moves_left: Option<u64>,
    /// Every legal move, in the game's order.
    pub moves: Vec<AnalysedMove<M>>,
}

impl<M> PositionAnalysis<M> {
    /// Whether every moves left is known: the position's and every move's.
    pub fn complete(&self) -> bool {
        self.moves_left.is_some() && self.moves.iter().all(|m| m.moves_left.is_some())
    }

    /// The moves the computer at level perfect chooses among (ties are its to break): when
    /// winning, the winning moves with the fewest moves left (the fastest win); when losing,
    /// the moves leaving the fewest winning replies and, among those, the most moves left (the
    /// longest defence). Where a moves left is unknown, the rule stops at what is known: every
    /// winning move, or every fewest-reply move. Empty when there is no move.
    pub fn fighting_moves(&self) -> Vec<&AnalysedMove<M>> {
        let winning: Vec<&AnalysedMove<M>> = self.moves.iter().filter(|m| m.wins).collect();
        if !winning.is_empty() {
            let Some(lengths) = winning
                .iter()
                .map(|m| m.moves_left)
                .collect::<Option<Vec<u64>>>()
            else {
                return winning;
            };
            let fastest = lengths.iter().copied().min().unwrap_or(0);
            return winning
                .into_iter()
                .zip(lengths)
                .filter(|&(_, left)| left == fastest)
                .map(|(m, _)| m)
                .collect();
        }
        let fewest = self.moves.iter().map(|m| m.winning_replies).min();
        let candidates: Vec<&AnalysedMove<M>> = self
            .moves
            .iter()
            .filter(|m| Some(m.winning_replies) == fewest)
            .collect();
        let Some(lengths) = candidates
            .iter()
            .map(|m| m.moves_left)
            .collect::<Option<Vec<u64>>>()
        else {
            return candidates;
        };
        let longest = lengths.iter().copied().max().unwrap_or(0);
        candidates
            .into_iter()
            .zip(lengths)
            .filter(|&(_, left)| left == longest)
            .map(|(m, _)| m)
            .collect()
    }
}

/// One legal move as far as its game's answer proves it, where no study covers its position
/// (a Chomp box whose table does not fit): each field `None` where nothing proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenMove<M> {
    /// The move.
    pub mv: M,
    /// Whether the move wins for the player making it.
    pub wins: Option<bool>,
    /// The moves left of the position the move leaves.
    pub moves_left: Option<u64>,
    /// How many winning moves the opponent has in the position the move leaves.
    pub winning_replies: Option<usize>,
}

/// A position as far as its game's answer proves it ([`ProvenMove`]): what a study holds,
/// with `None` where nothing proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proven<M> {
    /// Whether the player to move wins.
    pub wins: Option<bool>,
    /// The position's moves left.
    pub moves_left: Option<u64>,
    /// Every legal move, in the game's order.
    pub moves: Vec<ProvenMove<M>>,
}

impl<M> Proven<M> {
    /// Whether every outcome, moves left and winning replies is known.
    pub fn complete(&self) -> bool {
        self.wins.is_some()
            && self.moves_left.is_some()
            && self
                .moves
                .iter()
                .all(|m| m.wins.is_some() && m.moves_left.is_some() && m.winning_replies.is_some())
    }
}

/// A study proves everything but the moves left it lacks.
impl<M: Clone> From<&PositionAnalysis<M>> for Proven<M> {
    fn from(study: &PositionAnalysis<M>) -> Proven<M> {
        Proven {
            wins: Some(study.wins),
            moves_left: study.moves_left,
            moves: study
                .moves
                .iter()
                .map(|m| ProvenMove {
                    mv: m.mv.clone(),
                    wins: Some(m.wins),
                    moves_left: m.moves_left,
                    winning_replies: Some(m.winning_replies),
                })
                .collect(),
        }
    }
}

/// The moves left of a position from those of its moves, by the definition: 0 with no move;
/// one more than the least moves left among the winning moves, if any; else one more than the
/// most among all. `None` when one it needs is unknown.
pub fn moves_left_from<M>(moves: &[AnalysedMove<M>]) -> Option<u64> {
    let winning: Vec<Option<u64>> = moves
        .iter()
        .filter(|m| m.wins)
        .map(|m| m.moves_left)
        .collect();
    let lengths: Option<Vec<u64>> = if winning.is_empty() {
        moves.iter().map(|m| m.moves_left).collect()
    } else {
        winning.into_iter().collect()
    };
    let lengths = lengths?;
    let best = if moves.iter().any(|m| m.wins) {
        lengths.iter().copied().min()
    } else {
        lengths.iter().copied().max()
    };
    Some(best.map_or(0, |left| left + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn studied(wins: bool, moves_left: Option<u64>, winning_replies: usize) -> AnalysedMove<u8> {
        AnalysedMove {
            mv: 0,
            wins,
            moves_left,
            winning_replies,
        }
    }

    #[test]
    fn the_fastest_win_and_the_longest_fewest_reply_defence_are_chosen() {
        let mut moves = vec![
            studied(true, Some(6), 0),
            studied(false, Some(9), 1),
            studied(true, Some(2), 0),
            studied(true, Some(2), 0),
        ];
        for (at, m) in moves.iter_mut().enumerate() {
            m.mv = u8::try_from(at).expect("few moves");
        }
        let position = PositionAnalysis {
            wins: true,
            moves_left: moves_left_from(&moves),
            moves,
        };
        assert_eq!(position.moves_left, Some(3));
        let chosen: Vec<u8> = position.fighting_moves().iter().map(|m| m.mv).collect();
        assert_eq!(chosen, [2, 3]);

        let mut moves = vec![
            studied(false, Some(9), 2),
            studied(false, Some(3), 1),
            studied(false, Some(5), 1),
            studied(false, Some(1), 1),
        ];
        for (at, m) in moves.iter_mut().enumerate() {
            m.mv = u8::try_from(at).expect("few moves");
        }
        let position = PositionAnalysis {
            wins: false,
            moves_left: moves_left_from(&moves),
            moves,
        };
        assert_eq!(position.moves_left, Some(10), "the longest of all moves");
        let chosen: Vec<u8> = position.fighting_moves().iter().map(|m| m.mv).collect();
        assert_eq!(chosen, [2], "fewest replies first, then the longest");
        assert!(position.complete());
    }

    #[test]
    fn unknown_lengths_leave_the_choice_to_what_is_known() {
        let moves = vec![studied(false, None, 1), studied(false, Some(4), 2)];
        let position = PositionAnalysis {
            wins: false,
            moves_left: moves_left_from(&moves),
            moves,
        };
        assert_eq!(position.moves_left, None);
        assert!(!position.complete());
        assert_eq!(position.fighting_moves().len(), 1);
        let none: PositionAnalysis<u8> = PositionAnalysis {
            wins: false,
            moves_left: moves_left_from::<u8>(&[]),
            moves: Vec::new(),
        };
        assert_eq!(none.moves_left, Some(0));
        assert!(none.fighting_moves().is_empty());
    }
}
