//! Solvers: pure, deterministic, no I/O. They answer who wins a position and with which moves.

pub mod book;
pub mod chomp_table;
pub mod chomp_theory;
pub mod pile;
pub mod reference;

pub use chomp_table::{BuildError, OutcomeTable};

use crate::games::chomp::rules::{Position, Square};
use chomp_theory::Family;

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
    /// searches for an unproven move: see `ai::choose_chomp_move`).
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
            winning_moves: table.winning_moves(heights)?,
            complete: true,
            source: Source::Table,
        })
    }

    /// The answer without a table: a closed form that lists every winning move, then the
    /// opening book, then the square bar's `b2`. `None` if none of them applies.
    pub fn without_table(position: &Position) -> Option<ChompAnswer> {
        let theory = chomp_theory::solve(position);
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

/// `n choose k`, exactly; `None` when it does not fit in 128 bits.
pub fn binomial(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        // result * (n - i) / (i + 1) is always a whole number: it is C(n, i + 1).
        result = result.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::binomial;

    #[test]
    fn binomials() {
        assert_eq!(binomial(4, 2), Some(6));
        assert_eq!(binomial(52, 26), Some(495_918_532_948_104));
        assert_eq!(binomial(40, 20), Some(137_846_528_820));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(7, 0), Some(1));
    }
}
