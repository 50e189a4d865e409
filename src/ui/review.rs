//! The game-over review as sentences: "Move 1, you ate g6: e5 would have won."

use crate::games::chomp::session::Game;
use crate::games::pile::session::PileGame;
use crate::games::review::Mistake;
use crate::units::{count, group, one_of};

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

/// The lines of a Chomp game's review: how it ended, then its mistakes.
pub fn chomp(game: &Game) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        lines.push(format!(
            "{} ate the poison ☠ after {}.",
            game.name(loser),
            count(game.turns.moves.len() as u64, "move", "moves")
        ));
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(ToString::to_string).collect();
            (
                format!("ate {}", m.played),
                winners_text(&winners, m.every_winner, ""),
            )
        },
        |i| in_sentence(game.name(i % 2)),
    ));
    lines
}

/// The lines of a coin-pile game's review: how it ended, then its mistakes.
pub fn pile(game: &PileGame) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        let winner = game.settings.name(1 - loser);
        lines.push(if game.pile == 0 {
            format!("{winner} took the last coin.")
        } else {
            format!(
                "{} cannot take from {}.",
                game.settings.name(loser),
                count(game.pile, "coin", "coins")
            )
        });
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(|&k| group(k)).collect();
            (
                format!(
                    "took {} from {}",
                    group(m.played),
                    group(game.pile_before(m.index))
                ),
                winners_text(&winners, m.every_winner, "taking "),
            )
        },
        |i| in_sentence(game.settings.name(i % 2)),
    ));
    lines
}

/// ": b2 or c3 would have won" (`lead` goes before the list: "taking "); the list is cut after a few only when it is proven complete
/// (otherwise "…and N more" would count moves nobody has proven).
fn winners_text(winners: &[String], every_winner: bool, lead: &str) -> String {
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
fn mistake_lines<M>(
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
