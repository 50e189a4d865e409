//! munch: the classic take-away games, played against a computer that plays them perfectly.
//!
//! Data flows one way: [`solve`] (the Chomp table engine) → [`games`] (the catalogue: each game's
//! rules, answer, session and view) → [`worker`] (the solver threads) → [`settings`] and
//! [`store`] → [`app`] (state machine) → [`ui`] (drawing). ARCHITECTURE.md is the map.

pub mod app;
pub mod games;
pub mod input;
pub mod memory;
pub mod mistakes;
pub mod record;
pub mod settings;
pub mod solve;
pub mod store;
pub mod theme;
pub mod ui;
pub mod units;
pub mod worker;
