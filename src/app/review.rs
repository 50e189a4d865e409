//! The review of a finished game, as the Study screen steps through it: the game's record,
//! every move judged, each side's summary line, and the move on show (the board shows the
//! position before it, with it highlighted). The moves are judged on a solver thread: the
//! review opens at once with the moves, "judging…" until the judged moves arrive.

use crate::games::review::graph::Graph;
use crate::games::review::{Judged, Label, MoveWords, in_sentence, summary};
use crate::games::setup::side_name;
use crate::record::GameRecord;
use crate::units::{count, group};

/// A finished game under review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// What was played.
    pub record: GameRecord,
    /// Every move, judged, in notation.
    pub judged: Vec<Judged<String>>,
    /// A line for each person's side (each side when computers played both).
    pub summary: Vec<String>,
    /// The move on show, from 0; the number of moves once past the last (the final position).
    pub at: usize,
    /// Whether the moves are being judged (on a solver thread): until then no move has a label.
    pub judging: bool,
    /// Why the moves not judged cannot be, when nothing can judge them (the summary says so).
    pub unjudgeable: Option<String>,
    /// Whether what will judge the moves not judged yet is on its way (the study's tables
    /// building, or a judging with them): until it comes they are being judged, not "not
    /// judged".
    pub pending: bool,
    /// The game drawn as who was winning and how long, from the judged moves.
    pub graph: Graph,
    /// The line of the why of the position on show (before the move on show) that names the
    /// move to make ([`Study::why`]'s last), which the Study screen sets as it steps: a
    /// mistake's lines say it.
    ///
    /// [`Study::why`]: crate::games::study::Study::why
    pub why: Option<String>,
}

impl Review {
    /// The review of `record`, its moves judged as `judged` (which may be fewer: the moves
    /// after them are then not judged), on its first move.
    pub fn new(record: GameRecord, judged: Vec<Judged<String>>) -> Review {
        let mut review = Review {
            record,
            judged,
            summary: Vec::new(),
            at: 0,
            judging: false,
            unjudgeable: None,
            pending: false,
            graph: Graph::default(),
            why: None,
        };
        review.sum_up();
        review
    }

    /// The review of `record` while its moves are being judged: they come with
    /// [`Review::rejudge`].
    pub fn judging(record: GameRecord) -> Review {
        let mut review = Review::new(record, Vec::new());
        review.judging = true;
        review.sum_up();
        review
    }

    /// Takes `judged` as the game's judged moves (judged again with more known), and its summary.
    pub fn rejudge(&mut self, judged: Vec<Judged<String>>) {
        self.judged = judged;
        self.judging = false;
        self.sum_up();
    }

    /// Says whether what will judge the moves not judged yet is on its way (see
    /// [`Review::pending`]).
    pub fn expect_more(&mut self, pending: bool) {
        if self.pending != pending {
            self.pending = pending;
            self.sum_up();
        }
    }

    /// Says why the moves not judged cannot be (see [`Review::unjudgeable`]).
    pub fn cannot_judge(&mut self, reason: String) {
        self.unjudgeable = Some(reason);
        self.sum_up();
    }

    /// Writes the summary lines of the moves judged so far.
    fn sum_up(&mut self) {
        self.graph = Graph::of(&self.judged, self.len());
        if self.judging {
            self.summary = vec![format!(
                "Judging {}…",
                count(self.len() as u64, "move", "moves")
            )];
            return;
        }
        self.summary = summary(&self.judged, self.record.settings.players, self.pending);
        let unjudged = self.judged.len() < self.len()
            || self
                .judged
                .iter()
                .any(|j| matches!(j.label, Label::Unjudged));
        if let Some(reason) = &self.unjudgeable
            && unjudged
        {
            self.summary.push(format!("Moves not judged: {reason}."));
        }
    }

    /// How many moves the game had.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// Whether the game had no move.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// Steps `by` moves on (back when negative), within the game (past its last move is the
    /// final position).
    pub fn step(&mut self, by: isize) {
        self.at = self.at.saturating_add_signed(by).min(self.len());
    }

    /// To the first move.
    pub fn first(&mut self) {
        self.at = 0;
    }

    /// To the final position, after the last move.
    pub fn last(&mut self) {
        self.at = self.len();
    }

    /// The moves played before the one on show: the position the board shows.
    pub fn before(&self) -> &[String] {
        &self.record.moves[..self.at]
    }

    /// The move on show, if any (none at the final position).
    pub fn played(&self) -> Option<&str> {
        self.record.moves.get(self.at).map(String::as_str)
    }

    /// The label of the move on show, when it was judged.
    pub fn label(&self) -> Option<&Label<String>> {
        self.judged.get(self.at).map(|j| &j.label)
    }

    /// A move of the record in its game's words ([`MoveWords`]); a move the game cannot word
    /// (it cannot be: the record was replayed) is shown as the record keeps it.
    pub fn words(&self, notation: &str) -> MoveWords {
        self.record
            .settings
            .game
            .game()
            .move_words(notation)
            .unwrap_or_else(|| MoveWords::plain(notation))
    }

    /// Whether [`Review::lines`] say why (the move on show is a mistake, and the position
    /// before it has a why): the Study's why under the board then leaves out its last line.
    pub fn says_why(&self) -> bool {
        self.why.is_some() && matches!(self.label(), Some(Label::Mistake { .. }))
    }

    /// What the review says of the move on show, in the words of the game's move list:
    /// "Move 5 of 9 · You: b2 · mistake", then for a mistake what would have won, why
    /// ("Why: …", [`Review::why`]) and the line that refutes it, its moves numbered and named
    /// as the move list has them; at the end, who won.
    pub fn lines(&self) -> Vec<String> {
        self.lines_with(&|notation| self.words(notation))
    }

    /// As [`Review::lines`], with the moves in `words` (those of the board the study shows).
    pub fn lines_with(&self, words: &dyn Fn(&str) -> MoveWords) -> Vec<String> {
        let players = self.record.settings.players;
        let Some(played) = self.played() else {
            return vec![format!(
                "The game is over after {}: {} won.",
                count(self.len() as u64, "move", "moves"),
                in_sentence(self.record.winner())
            )];
        };
        let word = match (self.label(), self.judged.get(self.at)) {
            (Some(Label::Best), Some(judged)) => match judged.won_before {
                Some(true) => "best: the fastest win",
                Some(false) => "best: the longest defence",
                None => "best",
            },
            (Some(Label::Unjudged) | None, _) if self.judging || self.pending => "judging…",
            (Some(label), _) => label.word(),
            (None, _) => "not judged",
        };
        let mut lines = vec![format!(
            "Move {} of {} · {}: {} · {word}",
            group(self.at as u64 + 1),
            group(self.len() as u64),
            side_name(players, self.at % 2),
            words(played).listed
        )];
        if let Some(Label::Mistake { winner, refutation }) = self.label() {
            if let Some(winner) = winner {
                lines.push(format!(
                    "Instead, {} would have won.",
                    words(winner).instead
                ));
            }
            if let Some(why) = &self.why {
                lines.push(format!("Why: {why}"));
            }
            if !refutation.moves.is_empty() {
                let replies: Vec<String> = refutation
                    .moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let at = self.at + 1 + i;
                        format!(
                            "{}. {}: {}",
                            at + 1,
                            side_name(players, at % 2),
                            words(m).listed
                        )
                    })
                    .collect();
                let end = if refutation.cut { ", …" } else { "." };
                lines.push(format!("Refuted by {}{end}", replies.join(", ")));
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::review::Line;
    use crate::settings::{GameKind, Player, Settings};

    fn record() -> GameRecord {
        GameRecord {
            settings: Settings {
                game: GameKind::Subtraction,
                players: [Player::Person, Player::Computer],
                ..Settings::default()
            }
            .with("pile", 5_u64)
            .with("set", "1,2"),
            start: None,
            moves: ["1", "1", "2", "1"].map(String::from).to_vec(),
            loser: 0,
        }
    }

    fn judged(label: Label<String>) -> Judged<String> {
        Judged {
            played: String::new(),
            won_before: Some(true),
            moves_left: None,
            label,
        }
    }

    #[test]
    fn stepping_stays_within_the_game_and_says_what_each_move_was() {
        let mistake = Label::Mistake {
            winner: Some("2".into()),
            refutation: Line {
                moves: ["1", "1", "2"].map(String::from).to_vec(),
                cut: false,
            },
        };
        let mut review = Review::new(record(), vec![judged(mistake), judged(Label::Best)]);
        assert_eq!(
            review.lines(),
            [
                "Move 1 of 4 · You: took 1 · mistake",
                "Instead, taking 2 would have won.",
                "Refuted by 2. Computer: took 1, 3. You: took 1, 4. Computer: took 2."
            ]
        );
        assert_eq!(review.before(), [] as [String; 0]);
        review.step(-1);
        assert_eq!(review.at, 0);
        review.step(1);
        assert_eq!(
            review.lines(),
            ["Move 2 of 4 · Computer: took 1 · best: the fastest win"]
        );
        assert_eq!(review.before(), ["1"]);
        review.step(1);
        assert_eq!(
            review.lines(),
            ["Move 3 of 4 · You: took 2 · not judged"],
            "past the judged moves"
        );
        review.last();
        assert_eq!(review.played(), None);
        assert_eq!(
            review.lines(),
            ["The game is over after 4 moves: the computer won."]
        );
        review.step(5);
        assert_eq!(review.at, 4);
        review.first();
        assert_eq!(review.played(), Some("1"));
    }

    #[test]
    fn a_refuting_line_that_goes_on_ends_with_an_ellipsis_and_a_lost_best_is_a_defence() {
        let mistake = Label::Mistake {
            winner: None,
            refutation: Line {
                moves: ["1", "1"].map(String::from).to_vec(),
                cut: true,
            },
        };
        let defence = Judged {
            played: String::new(),
            won_before: Some(false),
            moves_left: None,
            label: Label::Best,
        };
        let mut review = Review::new(record(), vec![judged(mistake), defence]);
        assert_eq!(
            review.lines(),
            [
                "Move 1 of 4 · You: took 1 · mistake",
                "Refuted by 2. Computer: took 1, 3. You: took 1, …"
            ]
        );
        review.step(1);
        assert_eq!(
            review.lines(),
            ["Move 2 of 4 · Computer: took 1 · best: the longest defence"]
        );
    }
}
