//! Chomp's one answer function, [`ChompAnswer::of`]: the table when it covers the position,
//! else a closed form, else the opening book, else what those two prove one move on. The
//! computer, the hints, the review, the Study and `munch solve chomp` all ask it.

use crate::games::chomp::book;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::theory::{self, Family};
use crate::solve::chomp_table::OutcomeTable;

/// Where an answer about a Chomp position came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Table,
    Theory(Family),
    Book,
    /// Nothing answers the position itself, but a closed form or the book answers the
    /// positions its moves leave: one of them is lost (a winning move), or every one is won.
    OneMoveOn,
}

impl Source {
    /// What answered, for `munch solve`'s text ("answered by …"); `None` for the table.
    pub fn proved_by(self) -> Option<String> {
        match self {
            Source::Table => None,
            Source::Theory(family) => Some(format!("the closed form for a {}", family.name())),
            Source::Book => Some("the opening book".to_string()),
            Source::OneMoveOn => Some(
                "what the closed forms and the opening book prove of the positions its moves leave"
                    .to_string(),
            ),
        }
    }

    /// What answered, for the Study's panel: "By the opening book", "By a closed form",
    /// "Proven one move on".
    pub fn words(self) -> &'static str {
        match self {
            Source::Table => "By the table",
            Source::Theory(_) => "By a closed form",
            Source::Book => "By the opening book",
            Source::OneMoveOn => "Proven one move on",
        }
    }
}

/// Who wins a Chomp position, and with which moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChompAnswer {
    pub wins: bool,
    /// Winning moves, column by column from the poison, rows upward.
    pub winning_moves: Vec<Square>,
    /// Whether `winning_moves` is proven to hold every winning move.
    pub complete: bool,
    pub source: Source,
}

impl ChompAnswer {
    /// The answer for a Chomp position, the one the computer, the hints, the review, the Study
    /// and `munch solve` all use: from `table` when it covers the position, otherwise from a
    /// closed form or the opening book, on the position or one move on
    /// ([`ChompAnswer::without_table`]). All are proofs, so they never disagree on who wins.
    /// `None` if nothing proves the outcome (the computer then searches for an unproven move:
    /// see `player::choose_chomp_move`).
    pub fn of(table: Option<&OutcomeTable>, position: &Position) -> Option<ChompAnswer> {
        match table.filter(|t| t.covers(position.heights())) {
            Some(table) => ChompAnswer::from_table(table, position),
            None => ChompAnswer::without_table(position),
        }
    }

    /// The table's answer, if the position fits its box.
    pub fn from_table(table: &OutcomeTable, position: &Position) -> Option<ChompAnswer> {
        let heights = position.heights();
        Some(ChompAnswer {
            wins: table.wins(heights)?,
            winning_moves: table_winning_moves(table, heights)?,
            complete: true,
            source: Source::Table,
        })
    }

    /// The answer without a table: what the closed forms and the opening book prove of the
    /// position itself ([`ChompAnswer::direct`]), else of the positions its moves leave
    /// ([`ChompAnswer::one_move_on`]). `None` if neither proves the outcome. Instant: at most
    /// the closed forms and the book once for each legal move.
    pub fn without_table(position: &Position) -> Option<ChompAnswer> {
        ChompAnswer::direct(position).or_else(|| ChompAnswer::one_move_on(position))
    }

    /// What proves the outcome one move on, where nothing answers the position itself: the
    /// position is won when a move leaves a position the closed forms or the book
    /// ([`ChompAnswer::direct`]) prove lost, and its winning moves are those moves, all of them
    /// when every move's result is proven; it is lost when every move leaves a position they
    /// prove won (eating the poison loses at once). `None` when neither holds, and on the empty
    /// bar.
    pub fn one_move_on(position: &Position) -> Option<ChompAnswer> {
        if position.is_empty() {
            return None;
        }
        let mut winning_moves = Vec::new();
        let mut every_move_proven = true;
        for square in position.moves() {
            let after = position.eat(square).expect("a legal move");
            // The poison eaten leaves the empty bar, which the player to move has won.
            let lost_after = if after.is_empty() {
                Some(false)
            } else {
                ChompAnswer::direct(&after).map(|a| !a.wins)
            };
            match lost_after {
                Some(true) => winning_moves.push(square),
                Some(false) => {}
                None => every_move_proven = false,
            }
        }
        if winning_moves.is_empty() && !every_move_proven {
            return None;
        }
        Some(ChompAnswer {
            wins: !winning_moves.is_empty(),
            winning_moves,
            complete: every_move_proven,
            source: Source::OneMoveOn,
        })
    }

    /// What the closed forms and the opening book prove of the position itself: a closed form
    /// that lists every winning move, then the opening book, then the square bar's `b2`.
    /// `None` if none of them applies.
    pub fn direct(position: &Position) -> Option<ChompAnswer> {
        let theory = theory::solve(position);
        if let Some(answer) = theory.as_ref().filter(|a| a.complete) {
            return Some(ChompAnswer {
                wins: answer.wins,
                winning_moves: answer.winning_moves.clone(),
                complete: true,
                source: Source::Theory(answer.family),
            });
        }
        let (rows, cols) = position.bounding_box();
        let rectangle = position.heights()[..usize::from(cols)]
            .iter()
            .all(|&h| h == rows);
        if let Some(moves) = book::winning_first_moves(rows, cols).filter(|_| rectangle) {
            return Some(ChompAnswer {
                wins: !moves.is_empty(),
                winning_moves: moves.to_vec(),
                complete: true,
                source: Source::Book,
            });
        }
        theory.map(|answer| ChompAnswer {
            wins: answer.wins,
            winning_moves: answer.winning_moves,
            complete: answer.complete,
            source: Source::Theory(answer.family),
        })
    }
}

/// The table's winning moves as squares (see [`OutcomeTable::winning_moves`]). `None` if the
/// position does not fit its box.
pub fn table_winning_moves(table: &OutcomeTable, heights: &[u8]) -> Option<Vec<Square>> {
    let moves = table.winning_moves(heights)?;
    Some(moves.into_iter().map(|(c, r)| Square::new(c, r)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::reference::{Reference, positions};

    #[test]
    fn the_answer_without_a_table_agrees_with_the_brute_force_one_move_on_too() {
        let mut reference = Reference::new();
        let (mut direct, mut one_move_on) = (0, 0);
        for (rows, cols) in [(5, 6), (6, 6), (7, 4)] {
            for heights in positions(rows, cols) {
                let wide: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
                let position =
                    Position::from_heights(rows.into(), cols, &wide).expect("a position");
                let Some(answer) = ChompAnswer::without_table(&position) else {
                    assert!(position.is_empty() || ChompAnswer::direct(&position).is_none());
                    continue;
                };
                assert_eq!(answer.wins, reference.wins(&heights), "{heights:?}");
                let winners = reference.winning_moves(&heights);
                assert!(
                    answer.winning_moves.iter().all(|m| winners.contains(m)),
                    "{heights:?}: {:?} of {winners:?}",
                    answer.winning_moves
                );
                if answer.complete {
                    assert_eq!(answer.winning_moves.len(), winners.len(), "{heights:?}");
                }
                if answer.source == Source::OneMoveOn {
                    assert!(ChompAnswer::direct(&position).is_none(), "{heights:?}");
                    one_move_on += 1;
                } else {
                    direct += 1;
                }
            }
        }
        // One move on answers many positions that nothing answers directly.
        assert!(
            direct > 0 && one_move_on > 100,
            "{direct} direct, {one_move_on} one move on"
        );
    }
}
