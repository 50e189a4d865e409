//! The review's graph of a finished game: for each position of it, from the start to the end,
//! who was winning and how many moves were left, with the mistakes marked. A mistake turns the
//! graph from one side to the other.

use super::{Judged, Label};

/// One position of a finished game, as the review's graph draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    /// Whether the side that moved first was winning there (`None`: not known, or the game
    /// was over).
    pub first_winning: Option<bool>,
    /// The moves left there, where a study knew them (0 at the end).
    pub moves_left: Option<u64>,
    /// Whether the move made from there threw a won position away.
    pub mistake: bool,
}

/// A finished game's graph: its points and the most moves left of any, which fills the graph's
/// height. Worked out once the moves are judged, so that drawing it looks only at the points
/// it shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    pub points: Vec<Point>,
    pub most: u64,
}

impl Graph {
    /// The graph of a game of `moves` moves judged as `judged` (see [`points`]).
    pub fn of<M>(judged: &[Judged<M>], moves: usize) -> Graph {
        let points = points(judged, moves);
        let most = points
            .iter()
            .filter_map(|p| p.moves_left)
            .max()
            .unwrap_or(0);
        Graph { points, most }
    }
}

/// The graph's points of a game of `moves` moves judged as `judged` (which may hold fewer:
/// the positions after them are not known yet): the position before each move, then the end.
pub fn points<M>(judged: &[Judged<M>], moves: usize) -> Vec<Point> {
    let unknown = Point {
        first_winning: None,
        moves_left: None,
        mistake: false,
    };
    let mut points: Vec<Point> = (0..moves)
        .map(|index| {
            judged.get(index).map_or(unknown, |judged| Point {
                // The first side makes the even-numbered moves (from 0).
                first_winning: judged.won_before.map(|wins| wins == (index % 2 == 0)),
                moves_left: judged.moves_left,
                mistake: matches!(judged.label, Label::Mistake { .. }),
            })
        })
        .collect();
    points.push(Point {
        moves_left: Some(0),
        ..unknown
    });
    points
}

#[cfg(test)]
mod tests {
    use super::super::Line;
    use super::*;

    fn judged(won_before: Option<bool>, moves_left: Option<u64>, label: Label<u8>) -> Judged<u8> {
        Judged {
            played: 0,
            won_before,
            moves_left,
            label,
        }
    }

    #[test]
    fn each_position_says_who_was_winning_and_a_mistake_turns_it() {
        let mistake = Label::Mistake {
            winner: Some(1),
            refutation: Line {
                moves: Vec::new(),
                cut: false,
            },
        };
        // The first side wins with 5 left, throws it away at move 2, and loses.
        let judged = [
            judged(Some(true), Some(5), Label::Best),
            judged(Some(false), Some(4), Label::Best),
            judged(Some(true), Some(3), mistake),
            judged(Some(true), Some(4), Label::KeptWin),
            judged(None, None, Label::Unjudged),
        ];
        let points = points(&judged, 5);
        let sides: Vec<Option<bool>> = points.iter().map(|p| p.first_winning).collect();
        assert_eq!(
            sides,
            [Some(true), Some(true), Some(true), Some(false), None, None]
        );
        let left: Vec<Option<u64>> = points.iter().map(|p| p.moves_left).collect();
        assert_eq!(left, [Some(5), Some(4), Some(3), Some(4), None, Some(0)]);
        let mistakes: Vec<bool> = points.iter().map(|p| p.mistake).collect();
        assert_eq!(mistakes, [false, false, true, false, false, false]);
        assert_eq!(Graph::of(&judged, 5).most, 5);
    }

    #[test]
    fn positions_not_judged_yet_are_unknown_and_the_end_has_none_left() {
        let points = points::<u8>(&[], 3);
        assert_eq!(points.len(), 4);
        assert!(points[..3].iter().all(|p| *p
            == Point {
                first_winning: None,
                moves_left: None,
                mistake: false
            }));
        assert_eq!(points[3].moves_left, Some(0));
    }
}
