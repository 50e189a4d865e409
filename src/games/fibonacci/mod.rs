//! Fibonacci Nim: one pile; first take 1 to n-1 coins, then up to twice the previous take; the
//! last coin wins. [`rules`] holds its positions.

pub mod rules;

use super::game::Game;

/// Fibonacci Nim's entry in the catalogue.
pub struct Fibonacci;

impl Game for Fibonacci {
    fn id(&self) -> &'static str {
        "fibonacci"
    }

    fn label(&self) -> &'static str {
        "Fibonacci Nim"
    }

    fn tagline(&self) -> &'static str {
        "Up to twice the last take; last coin wins"
    }

    fn rules(&self) -> &'static [&'static str] {
        &[
            "First take 1 to n-1 coins; then up to twice the previous take.",
            "Whoever takes the last coin wins.",
        ]
    }
}
