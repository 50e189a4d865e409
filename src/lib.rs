//! munch: the classic take-away games, played against a computer that plays them perfectly.
//!
//! Data flows one way: [`game`] (rules) → [`solve`] (outcome tables) → [`ai`] and [`worker`] →
//! [`app`] (state machine) → [`ui`] (drawing).

pub mod ai;
pub mod app;
pub mod cli;
pub mod game;
pub mod solve;
pub mod store;
pub mod tui;
pub mod ui;
pub mod units;
pub mod worker;
