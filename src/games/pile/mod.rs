//! What the one-pile games share: the rules each of them implements ([`rules::PileRules`]), and
//! their session, view, computer player and command-line sentences.

pub mod cli;
pub mod player;
pub mod rules;
pub mod session;
pub mod study;
pub mod view;
