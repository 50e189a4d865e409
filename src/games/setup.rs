//! What a game is started with: who plays each side, how well the computer plays, and the
//! game's own values. A leaf below the sessions (the settings, which the menu and the files
//! keep, hand a [`Setup`] to the game they start).

use super::field::Values;
use super::position::StartPosition;
use serde::{Deserialize, Serialize};

/// Who makes the moves for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    Person,
    Computer,
}

impl Player {
    /// The player's name on the menu.
    pub fn label(self) -> &'static str {
        match self {
            Player::Person => "Person",
            Player::Computer => "Computer",
        }
    }

    /// The other kind of player.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::Person => Player::Computer,
            Player::Computer => Player::Person,
        }
    }
}

/// How well the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// Always wins when it can; when losing, leaves the fewest winning replies. Where the
    /// moves left are known (the coin games and Nim within their reach, Chomp once the box's
    /// moves-left table is built), it wins as fast as it can and, among the fewest-reply
    /// moves, defends as long as it can.
    Perfect,
    /// Wins when it can and otherwise leaves the fewest winning replies (without perfect's
    /// fastest win and longest defence), but now and then an early random move.
    Strong,
    /// Random legal moves, but it takes a win in one.
    Casual,
}

impl Level {
    /// Every level, in menu order.
    pub const ALL: [Level; 3] = [Level::Perfect, Level::Strong, Level::Casual];

    /// The level's name on the menu.
    pub fn label(self) -> &'static str {
        match self {
            Level::Perfect => "Perfect",
            Level::Strong => "Strong",
            Level::Casual => "Casual",
        }
    }

    /// What the level does, in a line under it on the menu (at most 40 characters).
    pub fn description(self) -> &'static str {
        match self {
            Level::Perfect => "wins fastest; if losing, defends longest",
            Level::Strong => "wins when it can, but may slip early on",
            Level::Casual => "random moves, but takes a win in one",
        }
    }
}

/// What a session is started with (the settings give one: `Settings::setup`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// `players[0]` moves first.
    pub players: [Player; 2],
    /// How well the computer plays.
    pub level: Level,
    /// The game's own values, by the keys its fields declare.
    pub values: Values,
    /// The position the game starts from, when it was set (`munch play --position`); `None`
    /// starts from the values (the full bar, the whole pile).
    pub start: Option<StartPosition>,
}

impl Setup {
    /// A side's name as the game shows it.
    pub fn name(&self, side: usize) -> &'static str {
        side_name(self.players, side)
    }
}

/// A side's name as the game shows it, given who plays each side.
pub fn side_name(players: [Player; 2], side: usize) -> &'static str {
    match players {
        [Player::Person, Player::Computer] => ["You", "Computer"][side],
        [Player::Computer, Player::Person] => ["Computer", "You"][side],
        [Player::Person, Player::Person] => ["Player 1", "Player 2"][side],
        [Player::Computer, Player::Computer] => ["Computer 1", "Computer 2"][side],
    }
}

/// A person against the perfect computer, with no values (a game reads its
/// missing values as their defaults).
impl Default for Setup {
    fn default() -> Setup {
        Setup {
            players: [Player::Person, Player::Computer],
            level: Level::Perfect,
            values: Values::default(),
            start: None,
        }
    }
}
