//! The summary line of each side of a finished game ([`summary`]).

use super::{Judged, Label};
use crate::games::setup::{Player, side_name};
use crate::units::count;

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
    use super::super::Line;
    use super::*;

    fn judged(won_before: Option<bool>, label: Label<u8>) -> Judged<u8> {
        Judged {
            played: 0,
            won_before,
            moves_left: None,
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
