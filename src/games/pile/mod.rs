//! What the one-pile games (the subtraction game, Fibonacci Nim) share: their session and their
//! command-line sentences.

pub mod cli;
pub mod player;
pub mod session;
pub mod view;
