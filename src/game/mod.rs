//! Pure rules of the games munch plays: positions, legal moves, applying a move, notation.
//! Nothing here knows about the terminal or the solver.

pub mod chomp;
pub mod fibonacci;
pub mod subtraction;
