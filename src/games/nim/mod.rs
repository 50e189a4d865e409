//! Classic Nim: up to 8 piles of coins; a move takes any number of coins (at least one) from
//! one pile, and whoever takes the last coin wins (normal play).
//!
//! [`rules`] holds positions, moves and their notation, [`answer`](mod@answer) the solution by the nim-sum
//! (the XOR of the piles), [`reply`] what `munch solve nim` prints, [`session`] a game in
//! progress (the piles, the person's choice, the computer's move, undo and the review) and
//! [`view`] how it is drawn.

pub mod answer;
pub mod reply;
pub mod rules;
pub mod session;
pub mod view;

pub use answer::{NimAnswer, answer, losing_moves, nim_sum};
pub use reply::{NimReply, ReplyMove, json_reply, plain_reply};
pub use rules::{MAX_PILE, MAX_PILES, Move, Position};

#[cfg(test)]
pub(crate) mod tests;
