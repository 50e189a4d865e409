//! munch's integration tests, in one test binary: a module per subject, helpers in `common`.
//! One crate links munch and the test dependencies once, where a binary per file linked them
//! once per file. A new integration test goes in a module here, not in a new `tests/*.rs`.
//!
//! - insta keeps a module's snapshots in `snapshots/`, named `it__<module>__<name>.snap`.
//! - proptest replays a module's past failures from `tests/proptest-regressions/<module>.txt`
//!   before new cases (its default place for a module of a crate with a `main.rs`).
//! - A test that runs another test in a process of its own passes `--exact` the name
//!   `common::test_name` gives it.

mod common;

mod app_flow;
mod architecture;
mod chomp_moves_left;
mod chomp_solver;
mod cli;
mod closed_forms;
mod computer_player;
mod dialogs_and_paste;
mod grundy;
mod memory_budget;
mod menu_settings;
mod mistakes;
mod moves_left;
mod nimbers;
mod one_answer;
mod parsing;
mod pile_games;
mod position;
mod puzzle_screen;
mod puzzles;
mod record;
mod render;
mod review;
mod review_labels;
mod rust_version;
mod solver_in_play;
mod store;
mod store_processes;
mod study;
mod sum;
mod terminal;
mod why;
mod worker;
