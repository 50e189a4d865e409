//! Every move's label ([`Label`]), judged from the study of the position it was made from, and
//! the line that refutes a mistake.

use super::Known;
use crate::games::moves_left::{AnalysedMove, PositionAnalysis};

/// The most moves a refuting line names before "…".
pub const REFUTATION_MOVES: usize = 10;

/// The most positions the refuting lines of one game study in all (so that a review's judging,
/// on a solver thread, stays short): past them, a mistake's line is left out.
pub const REFUTATION_BUDGET: usize = 100;

/// The most legal moves a position may have for the review to study it (each move's winning
/// replies are counted): past them, a move is judged from the outcomes alone.
pub const REVIEW_STUDY_MOVES: u64 = 500;

/// A line of play: its moves, and whether it goes on past them (cut at
/// [`REFUTATION_MOVES`], or where nothing proves the next move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<M> {
    pub moves: Vec<M>,
    pub cut: bool,
}

impl<M> Line<M> {
    /// The line with each move changed by `f` (into its notation, say).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Line<N> {
        Line {
            moves: self.moves.into_iter().map(f).collect(),
            cut: self.cut,
        }
    }
}

impl Line<String> {
    /// The moves in notation, space-separated, ending with "…" when the line goes on.
    pub fn text(&self) -> String {
        let mut text = self.moves.join(" ");
        if self.cut {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push('…');
        }
        text
    }
}

/// What a move of a finished game did, as far as the solver proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Label<M> {
    /// One of [`best_moves`], proven so: a fastest win from a won position, or from a lost one
    /// a longest defence among the moves that leave the fewest winning replies.
    Best,
    /// Won before and after, but not proven the fastest.
    KeptWin,
    /// Won before, lost after.
    Mistake {
        /// A move that would have won: the fastest where moves left are known, else one the
        /// answer function names (`None` when it named none).
        winner: Option<M>,
        /// From the position the mistake left: the opponent's fastest win against the longest
        /// defence, each move one of [`best_moves`], to the end or cut.
        refutation: Line<M>,
    },
    /// Lost before, and not proven the longest defence.
    LostAnyway,
    /// Nothing proves what the position before it was (or, when it was won, what the move left).
    Unjudged,
}

impl<M> Label<M> {
    /// The label as the review writes it: "best", "kept the win", "mistake", "lost anyway",
    /// "not judged".
    pub fn word(&self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::KeptWin => "kept the win",
            Label::Mistake { .. } => "mistake",
            Label::LostAnyway => "lost anyway",
            Label::Unjudged => "not judged",
        }
    }

    /// The label with each move in it changed by `f` (into its notation, say).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Label<N> {
        match self {
            Label::Best => Label::Best,
            Label::KeptWin => Label::KeptWin,
            Label::Mistake { winner, refutation } => Label::Mistake {
                winner: winner.map(&f),
                refutation: refutation.map(f),
            },
            Label::LostAnyway => Label::LostAnyway,
            Label::Unjudged => Label::Unjudged,
        }
    }
}

/// A judged move: the move, whether the position it was made from is won for its mover
/// (`None`: not known) and its moves left (where a study of it knew them), and its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged<M> {
    pub played: M,
    pub won_before: Option<bool>,
    pub moves_left: Option<u64>,
    pub label: Label<M>,
}

impl<M> Judged<M> {
    /// The judged move with its moves changed by `f` (into notation, say).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Judged<N> {
        Judged {
            played: f(self.played),
            won_before: self.won_before,
            moves_left: self.moves_left,
            label: self.label.map(f),
        }
    }
}

/// Whether a move loses at once, ending the game (Chomp's poison): it leaves the opponent no
/// winning reply, yet does not win.
fn ends_in_a_loss<M>(m: &AnalysedMove<M>) -> bool {
    !m.wins && m.winning_replies == 0
}

/// The study the best moves are chosen from: from a lost position, the moves that lose at once
/// are left out while another move remains (leaving no winning reply is no defence when the
/// game is over).
fn defended<M: Copy>(study: &PositionAnalysis<M>) -> PositionAnalysis<M> {
    let lasting: Vec<AnalysedMove<M>> = study
        .moves
        .iter()
        .filter(|m| !ends_in_a_loss(m))
        .cloned()
        .collect();
    PositionAnalysis {
        wins: study.wins,
        moves_left: study.moves_left,
        moves: if lasting.is_empty() {
            study.moves.clone()
        } else {
            lasting
        },
    }
}

/// The moves the review calls best in `study`, first the one a line plays: the fastest wins
/// from a won position, from a lost one the longest defences among the moves leaving the
/// fewest winning replies ([`PositionAnalysis::fighting_moves`], a move that loses at once only
/// when nothing else is left).
pub fn best_moves<M: Copy>(study: &PositionAnalysis<M>) -> Vec<M> {
    defended(study)
        .fighting_moves()
        .iter()
        .map(|m| m.mv)
        .collect()
}

/// Whether `played` is proven one of the best moves of `study` ([`best_moves`]), where the
/// lengths that choose among them are known or there was no choice to make.
fn proven_best<M: Copy + PartialEq>(study: &PositionAnalysis<M>, played: &M) -> bool {
    if !best_moves(study).contains(played) {
        return false;
    }
    let study = defended(study);
    let fewest = study.moves.iter().map(|m| m.winning_replies).min();
    let pool: Vec<&AnalysedMove<M>> = if study.wins {
        study.moves.iter().filter(|m| m.wins).collect()
    } else {
        study
            .moves
            .iter()
            .filter(|m| Some(m.winning_replies) == fewest)
            .collect()
    };
    pool.len() == 1 || pool.iter().all(|m| m.moves_left.is_some())
}

/// The label of `played` from the study of the position it was made from, the mistake's
/// refuting line left empty (see [`refuting_line`]). `None` when `played` is not one of the
/// study's moves.
pub fn label_from_study<M: Copy + PartialEq>(
    study: &PositionAnalysis<M>,
    played: M,
) -> Option<Label<M>> {
    let made = study.moves.iter().find(|m| m.mv == played)?;
    Some(match (study.wins, made.wins) {
        _ if proven_best(study, &played) => Label::Best,
        (true, true) => Label::KeptWin,
        (true, false) => Label::Mistake {
            winner: best_moves(study).first().copied(),
            refutation: Line {
                moves: Vec::new(),
                cut: false,
            },
        },
        (false, _) => Label::LostAnyway,
    })
}

/// The label of `played` from what the answer function proves without a study: the position
/// before (`before`) and whether the one it left is won for the next player (`after_wins`).
/// *Best* only where it was the one winning move of a complete list (the fastest win, there
/// being no other); otherwise only a study proves it.
pub fn label_from_known<M: Copy + PartialEq>(
    before: Option<&Known<M>>,
    played: M,
    after_wins: Option<bool>,
) -> Label<M> {
    match (before, after_wins) {
        (Some(known), _) if !known.wins => Label::LostAnyway,
        (Some(known), Some(false)) if known.complete && known.winning_moves == [played] => {
            Label::Best
        }
        (Some(_), Some(false)) => Label::KeptWin,
        (Some(known), Some(true)) => Label::Mistake {
            winner: known.winning_moves.first().copied(),
            refutation: Line {
                moves: Vec::new(),
                cut: false,
            },
        },
        _ => Label::Unjudged,
    }
}

/// The line that refutes a mistake: from `from`, each side in turn plays the first of its
/// [`best_moves`], until the game ends, [`REFUTATION_MOVES`] are named
/// (then `cut`), or `study` proves nothing (then `cut` too, unless the game had ended).
pub fn refuting_line<P, M: Copy>(
    from: P,
    study: impl Fn(&P) -> Option<PositionAnalysis<M>>,
    after: impl Fn(&P, M) -> Option<P>,
) -> Line<M> {
    let mut position = from;
    let mut moves = Vec::new();
    loop {
        let Some(studied) = study(&position) else {
            return Line { moves, cut: true };
        };
        let Some(&next) = best_moves(&studied).first() else {
            return Line { moves, cut: false };
        };
        if moves.len() == REFUTATION_MOVES {
            return Line { moves, cut: true };
        }
        moves.push(next);
        let Some(then) = after(&position, next) else {
            return Line { moves, cut: true };
        };
        position = then;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(wins: bool, moves: &[(u8, bool, Option<u64>, usize)]) -> PositionAnalysis<u8> {
        let moves: Vec<AnalysedMove<u8>> = moves
            .iter()
            .map(|&(mv, wins, moves_left, winning_replies)| AnalysedMove {
                mv,
                wins,
                moves_left,
                winning_replies,
            })
            .collect();
        PositionAnalysis {
            wins,
            moves_left: crate::games::moves_left::moves_left_from(&moves),
            moves,
        }
    }

    fn word(study: &PositionAnalysis<u8>, played: u8) -> &'static str {
        label_from_study(study, played).map_or("not a move", |l| l.word())
    }

    #[test]
    fn a_won_position_labels_the_fastest_win_best_a_slower_one_kept_and_a_loss_a_mistake() {
        let won = study(
            true,
            &[
                (1, true, Some(4), 0),
                (2, true, Some(2), 0),
                (3, false, Some(5), 1),
                (4, true, Some(2), 0),
            ],
        );
        assert_eq!(word(&won, 2), "best");
        assert_eq!(word(&won, 4), "best", "ties are all best");
        assert_eq!(word(&won, 1), "kept the win");
        assert_eq!(word(&won, 9), "not a move");
        assert_eq!(
            label_from_study(&won, 3),
            Some(Label::Mistake {
                winner: Some(2),
                refutation: Line {
                    moves: vec![],
                    cut: false
                }
            }),
            "the fastest winner is carried"
        );
    }

    #[test]
    fn a_lost_position_labels_the_longest_fewest_reply_defence_best() {
        let lost = study(
            false,
            &[
                (1, false, Some(9), 2),
                (2, false, Some(3), 1),
                (3, false, Some(7), 1),
            ],
        );
        assert_eq!(word(&lost, 3), "best");
        assert_eq!(word(&lost, 2), "lost anyway", "fewest replies, but shorter");
        assert_eq!(word(&lost, 1), "lost anyway", "longest, but more replies");
    }

    #[test]
    fn losing_at_once_is_no_defence_while_another_move_remains() {
        // Chomp's poison: no winning reply, because the game is over.
        let lost = study(
            false,
            &[
                (1, false, Some(0), 0),
                (2, false, Some(3), 1),
                (3, false, Some(5), 1),
            ],
        );
        assert_eq!(best_moves(&lost), [3]);
        assert_eq!(word(&lost, 1), "lost anyway");
        assert_eq!(word(&lost, 3), "best");
        let unknown = study(false, &[(1, false, None, 0), (2, false, None, 1)]);
        assert_eq!(word(&unknown, 2), "best", "the only move that goes on");
        let only_poison = study(false, &[(1, false, Some(0), 0)]);
        assert_eq!(word(&only_poison, 1), "best");
    }

    #[test]
    fn without_moves_left_only_what_is_proven_is_said() {
        // Two winning moves of unknown length: neither is proven fastest.
        let won = study(true, &[(1, true, None, 0), (2, true, Some(3), 0)]);
        assert_eq!(word(&won, 1), "kept the win");
        assert_eq!(word(&won, 2), "kept the win");
        // The one winning move is the fastest, whatever its length.
        let one = study(true, &[(1, true, None, 0), (2, false, None, 3)]);
        assert_eq!(word(&one, 1), "best");
        assert_eq!(word(&one, 2), "mistake");
        // Lost, two fewest-reply moves of unknown length: neither is proven the longest.
        let lost = study(false, &[(1, false, None, 1), (2, false, Some(4), 1)]);
        assert_eq!(word(&lost, 1), "lost anyway");
        assert_eq!(word(&lost, 2), "lost anyway");
        let lost = study(false, &[(1, false, None, 1), (2, false, None, 2)]);
        assert_eq!(word(&lost, 1), "best", "the only fewest-reply move");
    }

    #[test]
    fn known_outcomes_alone_never_say_best() {
        let lost: Known<u8> = Known {
            wins: false,
            winning_moves: vec![],
            complete: true,
        };
        let won = Known {
            wins: true,
            winning_moves: vec![7u8, 8],
            complete: true,
        };
        assert_eq!(
            label_from_known(Some(&lost), 1, Some(true)),
            Label::LostAnyway
        );
        assert_eq!(label_from_known(Some(&won), 7, Some(false)), Label::KeptWin);
        assert!(matches!(
            label_from_known(Some(&won), 1, Some(true)),
            Label::Mistake {
                winner: Some(7),
                ..
            }
        ));
        assert_eq!(label_from_known(Some(&won), 1, None), Label::Unjudged);
        assert_eq!(
            label_from_known::<u8>(None, 1, Some(false)),
            Label::Unjudged
        );
    }

    #[test]
    fn the_one_winning_move_of_a_complete_list_is_best_and_moves_carry_what_they_prove() {
        let only = Known {
            wins: true,
            winning_moves: vec![7u8],
            complete: true,
        };
        assert_eq!(label_from_known(Some(&only), 7, Some(false)), Label::Best);
        let maybe_more = Known {
            complete: false,
            ..only
        };
        assert_eq!(
            label_from_known(Some(&maybe_more), 7, Some(false)),
            Label::KeptWin,
            "another winning move may be faster"
        );
        // A listed move leaves a lost position; one a complete list leaves out, a won one.
        assert_eq!(maybe_more.after(&7), Some(false));
        assert_eq!(maybe_more.after(&1), None, "the list may not be complete");
        let only = Known {
            complete: true,
            ..maybe_more
        };
        assert_eq!(only.after(&1), Some(true));
        assert_eq!(Known::<u8>::outcome(false).after(&1), Some(true));
        assert_eq!(Known::<u8>::outcome(true).after(&1), None);
    }

    /// A pile of coins, take 1 or 2, taking the last coin wins: the study of `pile`.
    fn one_two(pile: u64) -> PositionAnalysis<u64> {
        let left = |p: u64| {
            if p.is_multiple_of(3) {
                2 * p / 3
            } else {
                2 * (p / 3) + 1
            }
        };
        let moves: Vec<AnalysedMove<u64>> = (1..=pile.min(2))
            .map(|k| AnalysedMove {
                mv: k,
                wins: (pile - k).is_multiple_of(3),
                moves_left: Some(left(pile - k)),
                winning_replies: usize::from(!(pile - k).is_multiple_of(3)),
            })
            .collect();
        PositionAnalysis {
            wins: !pile.is_multiple_of(3),
            moves_left: Some(left(pile)),
            moves,
        }
    }

    #[test]
    fn the_refuting_line_plays_the_fighting_moves_to_the_end_or_cuts() {
        let line = refuting_line(4u64, |&p| Some(one_two(p)), |&p, k| p.checked_sub(k));
        // 4: take 1 (3 left); 3: either take lasts as long, the first is 1; 2: take 2.
        assert_eq!(line.moves, vec![1, 1, 2]);
        assert!(!line.cut);
        assert_eq!(line.clone().map(|m| m.to_string()).text(), "1 1 2");
        let long = refuting_line(100u64, |&p| Some(one_two(p)), |&p, k| p.checked_sub(k));
        assert_eq!(long.moves.len(), REFUTATION_MOVES);
        assert!(long.cut);
        assert!(long.map(|m| m.to_string()).text().ends_with(" …"));
        let unknown = refuting_line(
            4u64,
            |&p| Some(one_two(p)).filter(|_| p > 2),
            |&p, k| p.checked_sub(k),
        );
        assert_eq!(unknown.moves, vec![1, 1], "stops where nothing is proven");
        assert!(unknown.cut);
    }
}
