//! Sums of games (Winning Ways, ch. 2; Ferguson, part I, ch. 2–3): several games side by side,
//! a move is a move in one of them, and the player with no move in any loses. By the
//! Sprague–Grundy theorem each part counts as a Nim heap of its Grundy value. `rules.rs` holds
//! the positions, moves and rules.

pub mod rules;
