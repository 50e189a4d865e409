//! The game catalogue: every game munch plays, one folder each, listed once in [`GAMES`]. The
//! menu, the help, the command line and the screen reach a game through its [`Game`] entry.
//!
//! Each folder holds a game's rules (`rules.rs`, which imports nothing of munch above the
//! units, so that the solver engines can use it), its `munch play`/`munch solve` arguments and
//! replies (`cli.rs`), and its entry in this catalogue (`mod.rs`).

pub mod chomp;
pub mod fibonacci;
pub mod field;
pub mod game;
pub mod nim;
pub mod pile;
pub mod subtraction;

pub use game::Game;
use serde::{Deserialize, Serialize};

/// Every game, in menu order.
pub static GAMES: [&dyn Game; 3] = [
    &chomp::Chomp,
    &subtraction::Subtraction,
    &fibonacci::Fibonacci,
];

/// Which game: a handle onto its entry in [`GAMES`] (saved in settings and saved games by its
/// variant name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    Chomp,
    Subtraction,
    Fibonacci,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 3] = [GameKind::Chomp, GameKind::Subtraction, GameKind::Fibonacci];

    /// The game's entry in the catalogue.
    pub fn game(self) -> &'static dyn Game {
        GAMES[self as usize]
    }

    /// The game's name on the menu.
    pub fn label(self) -> &'static str {
        self.game().label()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_names_its_own_entry_once() {
        assert_eq!(GameKind::ALL.len(), GAMES.len());
        for (at, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, at, "{kind:?} is in catalogue order");
            let id = kind.game().id();
            assert_eq!(
                GAMES.iter().filter(|g| g.id() == id).count(),
                1,
                "{id} is listed once"
            );
            assert!(id.chars().all(|c| c.is_ascii_lowercase()), "{id}");
        }
    }

    #[test]
    fn every_games_fields_are_its_own_and_its_defaults_start_a_game() {
        let mut values = game::Values::default();
        for field in GAMES.iter().flat_map(|g| g.fields()) {
            values.set(field.key, field.default_value());
        }
        for game in GAMES {
            let fields = game.fields();
            for (at, field) in fields.iter().enumerate() {
                assert!(
                    fields[..at].iter().all(|f| f.key != field.key),
                    "{}: {} once",
                    game.id(),
                    field.key
                );
                assert!(field.fits(&field.default_value()), "{}", field.key);
                // A key two games share (the coin-pile games' "pile") is one line to the menu.
                for other in GAMES.iter().flat_map(|g| g.fields()) {
                    if other.key == field.key {
                        assert_eq!(
                            (other.label, other.is_typed(), other.after_level),
                            (field.label, field.is_typed(), field.after_level),
                            "{}",
                            field.key
                        );
                        assert!(other.fits(&field.default_value()), "{}", field.key);
                    }
                }
            }
            assert_eq!(game.problem(&values), None, "{}'s defaults", game.id());
            assert_eq!(game.sanitize(&mut values.clone()), Vec::<String>::new());
            assert_eq!(game.saved_problem(&values, &[]), None, "{}", game.id());
        }
    }
}
