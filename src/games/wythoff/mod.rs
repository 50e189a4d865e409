//! Wythoff's game (Winning Ways, ch. 3): two piles; a move takes any number of coins from one
//! pile, or the same number from both; whoever takes the last coin wins. `rules.rs` holds the
//! positions, moves and notation; `answer.rs` the one answer function, exact for piles up to
//! 10^18 by the Beatty pairs in integers; `moves_left.rs` the moves-left table where it fits,
//! and a position's study.

pub mod answer;
pub mod cli;
pub mod moves_left;
pub mod rules;

#[cfg(test)]
mod tests;
