//! The grid board: a game whose position is drawn as cells in columns and rows, counted from
//! the bottom-left corner (Chomp's bar, a queen's board). `view.rs` draws the grid for any
//! game; `board.rs` is the grid board of a game on the core: its rules say what stands on each
//! cell and which move goes to a cell, and a cursor chooses the cell.

pub mod board;
pub mod study;
pub mod view;

#[cfg(test)]
mod tests;
