//! munch: the classic take-away games, played against a computer that plays them perfectly.
//!
//! Data flows one way: [`game`] (rules) → [`solve`] (outcome tables) → [`ai`] and [`worker`] →
//! [`app`] (state machine) → [`ui`] (drawing).

pub mod game;
pub mod solve;
