//! The game-over review: every move that threw a won position away, and what would have won;
//! and every move's label ([`Label`]), judged from the study of the position it was made from,
//! with the summary line of each side ([`summary`]).

use crate::games::moves_left::{AnalysedMove, PositionAnalysis};
use crate::games::setup::{Player, side_name};
use crate::units::{count, one_of};

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
/// (`None`: not known), and its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged<M> {
    pub played: M,
    pub won_before: Option<bool>,
    pub label: Label<M>,
}

impl<M> Judged<M> {
    /// The judged move with its moves changed by `f` (into notation, say).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Judged<N> {
        Judged {
            played: f(self.played),
            won_before: self.won_before,
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

/// A side's name at the start of a sentence: "You", "The computer", "Player 1".
fn sentence_name(players: [Player; 2], side: usize) -> String {
    match side_name(players, side) {
        "Computer" => "The computer".into(),
        name => name.into(),
    }
}

/// The summary of a finished game, a line for each side a person played (for each side when
/// computers played both): "You kept the win in 7 of 9 moves; first mistake at move 5." —
/// counting the side's moves made from a won position, with the moves numbered from 1 as the
/// move list shows them. A side never in a won position gets "You never had a won position;
/// best defence in 3 of 4 moves.", and moves nothing proves are counted at the end ("1 move
/// not judged"; "1 move still being judged" when `pending`: what will judge them is on its way).
pub fn summary<M>(judged: &[Judged<M>], players: [Player; 2], pending: bool) -> Vec<String> {
    let people: Vec<usize> = (0..2).filter(|&s| players[s] == Player::Person).collect();
    let sides = if people.is_empty() {
        vec![0, 1]
    } else {
        people
    };
    sides
        .into_iter()
        .map(|side| side_summary(judged, players, side, pending))
        .collect()
}

fn side_summary<M>(
    judged: &[Judged<M>],
    players: [Player; 2],
    side: usize,
    pending: bool,
) -> String {
    let name = sentence_name(players, side);
    let own: Vec<(usize, &Judged<M>)> = judged
        .iter()
        .enumerate()
        .filter(|(index, _)| index % 2 == side)
        .collect();
    if own.is_empty() {
        return format!("{name} made no move.");
    }
    let from_won: Vec<&(usize, &Judged<M>)> = own
        .iter()
        .filter(|(_, j)| j.won_before == Some(true) && !matches!(j.label, Label::Unjudged))
        .collect();
    let from_lost: Vec<&(usize, &Judged<M>)> = own
        .iter()
        .filter(|(_, j)| j.won_before == Some(false))
        .collect();
    let unjudged = own
        .iter()
        .filter(|(_, j)| matches!(j.label, Label::Unjudged))
        .count();
    if from_won.is_empty() && from_lost.is_empty() {
        let judged = if pending {
            "still being judged"
        } else {
            "none of them judged"
        };
        return format!(
            "{name} made {}, {judged}.",
            count(own.len() as u64, "move", "moves")
        );
    }
    let mut text = if from_won.is_empty() {
        let best = from_lost
            .iter()
            .filter(|(_, j)| matches!(j.label, Label::Best))
            .count();
        format!(
            "{name} never had a won position; best defence in {best} of {}",
            count(from_lost.len() as u64, "move", "moves")
        )
    } else {
        let kept = from_won
            .iter()
            .filter(|(_, j)| matches!(j.label, Label::Best | Label::KeptWin))
            .count();
        let first = from_won
            .iter()
            .find(|(_, j)| matches!(j.label, Label::Mistake { .. }))
            .map(|(index, _)| index + 1);
        let mistakes = match first {
            Some(number) => format!("first mistake at move {number}"),
            None => "no mistakes".to_string(),
        };
        format!(
            "{name} kept the win in {kept} of {}; {mistakes}",
            count(from_won.len() as u64, "move", "moves")
        )
    };
    if unjudged > 0 {
        let judged = if pending {
            "still being judged"
        } else {
            "not judged"
        };
        text = format!(
            "{text}; {} {judged}",
            count(unjudged as u64, "move", "moves")
        );
    }
    text.push('.');
    text
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

    fn judged(won_before: Option<bool>, label: Label<u8>) -> Judged<u8> {
        Judged {
            played: 0,
            won_before,
            label,
        }
    }

    fn mistake() -> Label<u8> {
        Label::Mistake {
            winner: Some(1),
            refutation: Line {
                moves: vec![],
                cut: false,
            },
        }
    }

    #[test]
    fn the_summary_counts_the_persons_moves_from_won_positions() {
        use Player::{Computer, Person};
        let game = [
            judged(Some(true), Label::Best),        // move 1, you
            judged(Some(false), Label::Best),       // move 2, the computer
            judged(Some(true), Label::KeptWin),     // move 3, you
            judged(Some(false), Label::Best),       // move 4
            judged(Some(true), mistake()),          // move 5, you
            judged(Some(true), Label::Best),        // move 6
            judged(Some(false), Label::LostAnyway), // move 7, you
        ];
        assert_eq!(
            summary(&game, [Person, Computer], false),
            ["You kept the win in 2 of 3 moves; first mistake at move 5."]
        );
        assert_eq!(
            summary(&game, [Computer, Person], false),
            ["You kept the win in 1 of 1 move; no mistakes."],
            "moves 2 and 4 were made from lost positions"
        );
        assert_eq!(
            summary(&game[..4], [Computer, Person], false),
            ["You never had a won position; best defence in 2 of 2 moves."]
        );
        assert_eq!(
            summary(&game[..4], [Person, Person], false),
            [
                "Player 1 kept the win in 2 of 2 moves; no mistakes.",
                "Player 2 never had a won position; best defence in 2 of 2 moves."
            ]
        );
        assert_eq!(
            summary(&game[..1], [Computer, Computer], false),
            [
                "Computer 1 kept the win in 1 of 1 move; no mistakes.",
                "Computer 2 made no move."
            ]
        );
        let unknown = [
            judged(None, Label::Unjudged),
            judged(None, Label::Unjudged),
            judged(Some(true), Label::Unjudged),
            judged(Some(true), Label::KeptWin),
        ];
        assert_eq!(
            summary(&unknown, [Person, Computer], false),
            ["You made 2 moves, none of them judged."]
        );
        assert_eq!(
            summary(&unknown, [Computer, Person], false),
            ["You kept the win in 1 of 1 move; no mistakes; 1 move not judged."]
        );
        // While what judges them is on its way, they are being judged.
        assert_eq!(
            summary(&unknown, [Person, Computer], true),
            ["You made 2 moves, still being judged."]
        );
        assert_eq!(
            summary(&unknown, [Computer, Person], true),
            ["You kept the win in 1 of 1 move; no mistakes; 1 move still being judged."]
        );
    }
}
