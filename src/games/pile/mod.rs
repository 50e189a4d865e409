//! What the one-pile games (the subtraction game, Fibonacci Nim) share.

pub mod cli;
