//! munch: the classic take-away games, played against a computer that plays them perfectly.
//!
//! Data flows one way: [`games`] (each game's rules, in the catalogue) → [`solve`] (outcome tables) → [`ai`] and [`worker`] →
//! [`app`] (state machine) → [`ui`] (drawing). [`settings`] (what a person chose) sits below
//! [`store`], [`app`] and the command line, which all start games from it.

pub mod ai;
pub mod app;
pub mod games;
pub mod input;
pub mod memory;
pub mod settings;
pub mod solve;
pub mod store;
pub mod ui;
pub mod units;
pub mod worker;
