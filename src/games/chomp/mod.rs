//! Chomp: eat a square of the bar and everything above and to the right of it; whoever eats the
//! poisoned square loses. [`rules`] holds positions and moves; the table engine that solves
//! them is [`crate::solve::chomp_table`].

pub mod rules;

use super::game::Game;

/// Chomp's entry in the catalogue.
pub struct Chomp;

impl Game for Chomp {
    fn id(&self) -> &'static str {
        "chomp"
    }

    fn label(&self) -> &'static str {
        "Chomp"
    }

    fn tagline(&self) -> &'static str {
        "Don't eat the poisoned square ☠"
    }

    fn rules(&self) -> &'static [&'static str] {
        &[
            "Eat a square and everything above and to the right of it.",
            "Whoever eats the poisoned square (☠, a1) loses.",
        ]
    }
}
