//! The subtraction game ⟨m, S⟩: take a number of coins from the set S; the last coin wins.
//! [`rules`] holds take sets and their parsing.

pub mod rules;

use super::game::Game;

/// The subtraction game's entry in the catalogue.
pub struct Subtraction;

impl Game for Subtraction {
    fn id(&self) -> &'static str {
        "subtraction"
    }

    fn label(&self) -> &'static str {
        "Subtraction"
    }

    fn tagline(&self) -> &'static str {
        "Take a size from the set; the last coin wins"
    }

    fn rules(&self) -> &'static [&'static str] {
        &[
            "Take a number of coins from the set S (no more than the pile).",
            "Whoever takes the last coin wins; with no legal take you lose.",
        ]
    }
}
