//! The rows-of-piles board: a game whose position is piles of coins, drawn a row each, from
//! which a move takes (Nim's piles; Wythoff's two piles, with a row for taking from both).
//! `board.rs` holds the rules a game adds ([`board::RowsRules`]) and the input model (a row
//! and a take, by arrows, digits or the pointer); `view.rs` draws the rows and the panel;
//! `study.rs` draws a studied position as rows of take buttons.

pub mod board;
pub mod study;
pub mod view;
