//! The one-pile board, which the one-pile games share: what a one-pile game is
//! ([`rules::PileRules`], which the board makes the core's rules), its catalogue entry
//! ([`entry::OnePile`]), its input model and session ([`session::PileSession`]), its view,
//! study, computer player and command-line sentences.

pub mod cli;
pub mod entry;
pub mod player;
pub mod rules;
pub mod session;
pub mod study;
pub mod view;

#[cfg(test)]
mod tests;
