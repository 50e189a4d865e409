//! The game core: what a game *is* ([`rules::Rules`], and its words as data,
//! [`rules::GameText`]), one generic session that plays any game from its rules
//! ([`play::Play`]), and the input model a kind of board gives it ([`board::Board`]); a game
//! on the core as a catalogue entry ([`entry::Entry`]), its moves-left table
//! ([`table::MovesLeft`]) and its `munch solve` reply ([`solve::reply`]), written once.
//!
//! A new game on an existing board is its rules, its answer, its menu lines and one line in
//! the catalogue: see [`rules::Rules`] for how it plugs in. The boards live by kind: the
//! one-pile board in `games::pile` (the subtraction game, Fibonacci Nim), the rows-of-piles
//! board in `games::nim` (Nim).

pub mod board;
pub mod draw;
pub mod entry;
pub mod line;
pub mod part;
pub mod play;
pub mod puzzle;
pub mod rules;
pub mod rules_of;
pub mod solve;
pub mod study;
pub mod table;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod waits;
