//! Chomp's one answer function, [`ChompAnswer::of`]: the table when it covers the position,
//! else a closed form, else the opening book. The computer, the hints, the review and
//! `munch solve chomp` all ask it.

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
    /// The answer for a Chomp position, the one the computer, the hints, the review and
    /// `munch solve` all use: from `table` when it covers the position, otherwise from a
    /// closed form or the opening book ([`ChompAnswer::without_table`]). Both are proofs, so
    /// they never disagree on who wins. `None` if nothing proves the outcome (the computer then
    /// searches for an unproven move: see `player::choose_chomp_move`).
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

    /// The answer without a table: a closed form that lists every winning move, then the
    /// opening book, then the square bar's `b2`. `None` if none of them applies.
    pub fn without_table(position: &Position) -> Option<ChompAnswer> {
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
