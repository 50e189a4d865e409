//! The game-over review: every move that threw a won position away, and what would have won;
//! and every move's label ([`Label`]), judged from the study of the position it was made from,
//! with the summary line of each side ([`summary`]); and the game drawn as a graph of who was
//! winning and how long ([`graph`]).

use crate::units::one_of;

pub mod graph;
mod label;
mod summary;

pub use label::{
    Judged, Label, Line, REFUTATION_BUDGET, REFUTATION_MOVES, REVIEW_STUDY_MOVES, best_moves,
    label_from_known, label_from_study, refuting_line,
};
pub use summary::summary;

/// A move as its game words it, for the review of a finished game (the record keeps its
/// notation: `c2`, `2:3`, `3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveWords {
    /// As the game's move list writes it after the mover's name: "c2", "3 from pile 2",
    /// "took 3".
    pub listed: String,
    /// As a narrow list writes it (the Study screen's, at 80 columns), still in words: "c2",
    /// "3 from 2", "took 3".
    pub short: String,
    /// As the game-over dialog names a move that would have won, before "would have won":
    /// "c2", "taking 3 from pile 2", "taking 3".
    pub instead: String,
}

impl MoveWords {
    /// A move its game does not word, written everywhere as `text` (a coin game's `−3`, a
    /// notation the game does not know).
    pub fn plain(text: &str) -> MoveWords {
        MoveWords {
            listed: text.to_string(),
            short: text.to_string(),
            instead: text.to_string(),
        }
    }

    /// A take from piles in the words of its game's list, `text` ("3 from pile 2"): the pile
    /// by its number alone where the list is narrow ("3 from 2", "3 from both"), and "taking
    /// 3 from pile 2" in the game-over dialog.
    pub fn taking(text: String) -> MoveWords {
        MoveWords {
            short: text.replace("pile ", "").replace(" piles", ""),
            instead: format!("taking {text}"),
            listed: text,
        }
    }
}

/// A move that turned a won position into a lost one for the side that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake<M> {
    /// The move's number, from 0 (the first player made the even-numbered ones).
    pub index: usize,
    pub played: M,
    /// Moves that would have kept the win, in the solver's order (empty only when the source
    /// knew the outcome but not the moves).
    pub winners: Vec<M>,
    /// Whether `winners` is proven to hold every winning move (the square bar's `b2` alone is
    /// not), so that "…and N more" may be said.
    pub every_winner: bool,
}

/// One move of a game with what is known before it and whether the position it left is won
/// for the side to move next (see [`mistakes`]).
pub type Step<M> = (M, Option<Known<M>>, Option<bool>);

/// What is known about a position before a move: the winning moves when it is won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known<M> {
    pub wins: bool,
    pub winning_moves: Vec<M>,
    pub complete: bool,
}

impl<M: PartialEq> Known<M> {
    /// A position whose outcome alone is known (the move before it proved it): lost, or won
    /// with its winning moves not known.
    pub fn outcome(wins: bool) -> Known<M> {
        Known {
            wins,
            winning_moves: Vec::new(),
            complete: !wins,
        }
    }

    /// Whether the position `played` leaves is won for the side to move next, as far as this
    /// proves it: a move among the winning moves leaves a lost position; a move a complete list
    /// leaves out (every move, from a lost position) leaves a won one. `None` otherwise.
    pub fn after(&self, played: &M) -> Option<bool> {
        if self.winning_moves.contains(played) {
            Some(false)
        } else {
            self.complete.then_some(true)
        }
    }
}

/// The mistakes along a game. For each move, `before` says what is known of the position it
/// was made from and `after_wins` whether the position it left is won for the side to move
/// next (`None`: not known). A move is named only when both are known, so the review never
/// says anything the solver has not proven.
pub fn mistakes<M: Copy>(moves: impl IntoIterator<Item = Step<M>>) -> Vec<Mistake<M>> {
    moves
        .into_iter()
        .enumerate()
        .filter_map(|(index, (played, before, after_wins))| {
            let before = before.filter(|k| k.wins)?;
            after_wins.filter(|&w| w).map(|_| Mistake {
                index,
                played,
                winners: before.winning_moves,
                every_winner: before.complete,
            })
        })
        .collect()
}

/// How many moves [`mistakes`] cannot judge, or judges without naming what would have won: the
/// outcome before the move is unknown; or it was won and the outcome after is unknown, or the
/// move threw it away and no winning move of it is known (its outcome alone was proven, by the
/// move before).
pub fn unjudged<M>(moves: &[Step<M>]) -> usize {
    moves
        .iter()
        .filter(|(_, before, after_wins)| match before {
            None => true,
            Some(known) => {
                known.wins
                    && (after_wins.is_none()
                        || (*after_wins == Some(true) && known.winning_moves.is_empty()))
            }
        })
        .count()
}

/// How many mistakes the dialog names before "+N more".
pub const SHOWN_MISTAKES: usize = 3;
/// How many winning moves a line names before "…and N more".
const SHOWN_WINNERS: usize = 3;

/// A side's name inside a sentence: "you", "the computer", "Player 1".
pub fn in_sentence(name: &str) -> String {
    match name {
        "You" => "you".into(),
        "Computer" => "the computer".into(),
        other => other.into(),
    }
}

/// ": b2 or c3 would have won" (`lead` goes before the list: "taking "); the list is cut after a few only when it is proven complete
/// (otherwise "…and N more" would count moves nobody has proven).
pub fn winners_text(winners: &[String], every_winner: bool, lead: &str) -> String {
    if winners.is_empty() {
        return String::new();
    }
    let shown = if every_winner {
        SHOWN_WINNERS
    } else {
        winners.len()
    };
    format!(": {lead}{} would have won", one_of(winners, shown))
}

/// One line per mistake, the first [`SHOWN_MISTAKES`] of them, then "+N more".
/// `describe` gives the move ("ate g6") and what would have won (": e5 would have won").
pub fn mistake_lines<M>(
    mistakes: &[Mistake<M>],
    describe: impl Fn(&Mistake<M>) -> (String, String),
    who: impl Fn(usize) -> String,
) -> Vec<String> {
    let mut lines: Vec<String> = mistakes
        .iter()
        .take(SHOWN_MISTAKES)
        .map(|m| {
            let (played, winners) = describe(m);
            let threw = if winners.is_empty() {
                ", throwing away a won position".to_string()
            } else {
                winners
            };
            format!("Move {}, {} {played}{threw}.", m.index + 1, who(m.index))
        })
        .collect();
    if mistakes.len() > SHOWN_MISTAKES {
        let more = mistakes.len() - SHOWN_MISTAKES;
        let noun = if more == 1 { "move" } else { "moves" };
        lines.push(format!(
            "+{more} more {noun} that threw a won position away."
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(
        clippy::unnecessary_wraps,
        reason = "stands in for the solver's answer, which is an Option"
    )]
    fn won(moves: &[u8]) -> Option<Known<u8>> {
        Some(Known {
            wins: true,
            winning_moves: moves.to_vec(),
            complete: true,
        })
    }

    #[test]
    fn only_proven_throwaways_are_named() {
        let lost = Some(Known {
            wins: false,
            winning_moves: vec![],
            complete: true,
        });
        let found = mistakes([
            (1, won(&[2]), Some(true)),     // won, and left a won position: a mistake
            (2, lost, Some(true)),          // lost already: no mistake
            (3, won(&[4]), None),           // the outcome after is unknown: nothing said
            (4, None, Some(true)),          // the outcome before is unknown: nothing said
            (5, won(&[6, 7]), Some(false)), // kept the win
            (8, won(&[9, 10]), Some(true)),
        ]);
        assert_eq!(
            found
                .iter()
                .map(|m| (m.index, m.played))
                .collect::<Vec<_>>(),
            vec![(0, 1), (5, 8)]
        );
        assert_eq!(found[1].winners, vec![9, 10]);
    }

    #[test]
    fn a_move_is_unjudged_while_what_decides_it_is_unknown() {
        let lost = || {
            Some(Known {
                wins: false,
                winning_moves: vec![],
                complete: true,
            })
        };
        let steps = [
            (1, won(&[2]), Some(true)), // judged: a mistake
            (2, lost(), None),          // judged: lost already, whatever follows
            (3, won(&[4]), None),       // won before, unknown after
            (4, None, Some(false)),     // unknown before
        ];
        assert_eq!(unjudged(&steps), 2);
        assert_eq!(unjudged(&steps[..2]), 0);
    }

    #[test]
    fn names_read_inside_a_sentence() {
        assert_eq!(in_sentence("You"), "you");
        assert_eq!(in_sentence("Computer"), "the computer");
        assert_eq!(in_sentence("Player 2"), "Player 2");
        assert_eq!(in_sentence("Computer 1"), "Computer 1");
    }

    #[test]
    fn many_mistakes_are_cut_to_a_few() {
        let mistakes: Vec<Mistake<u64>> = (0..5)
            .map(|index| Mistake {
                index,
                played: 1,
                winners: vec![2],
                every_winner: true,
            })
            .collect();
        let lines = mistake_lines(
            &mistakes,
            |m| {
                (
                    format!("took {}", m.played),
                    ": taking 2 would have won".into(),
                )
            },
            |i| in_sentence(["You", "Computer"][i % 2]),
        );
        assert_eq!(lines.len(), SHOWN_MISTAKES + 1);
        assert_eq!(lines[0], "Move 1, you took 1: taking 2 would have won.");
        assert_eq!(
            lines[1],
            "Move 2, the computer took 1: taking 2 would have won."
        );
        assert_eq!(lines[3], "+2 more moves that threw a won position away.");
    }

    #[test]
    fn winners_past_a_few_are_counted_only_when_the_list_is_complete() {
        let squares: Vec<String> = ["b2", "c3", "d4", "e5"].map(String::from).to_vec();
        assert_eq!(
            winners_text(&squares, true, ""),
            ": b2, c3, d4 …and 1 more would have won"
        );
        assert_eq!(
            winners_text(&squares, false, ""),
            ": b2, c3, d4 or e5 would have won"
        );
        assert_eq!(
            winners_text(&squares[..1], false, ""),
            ": b2 would have won"
        );
    }
}
