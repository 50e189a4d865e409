//! What a person chose: the game, its size (board, or pile and take set), who plays each side
//! and how well the computer plays. Below the app, the store and the command line, which all
//! start games from it; it imports only the rules.

pub use crate::games::GameKind;
use crate::games::chomp::rules::MAX_SIDE;
use crate::games::fibonacci::rules::FibPosition;
use crate::games::subtraction::rules::{MAX_SET_CHARS, TakeSet};
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
    /// Always wins when it can; when losing, leaves the fewest winning replies.
    Perfect,
    /// Perfect, but now and then an early random move.
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
}

/// Take sets offered with ←/→ on the Set line.
pub const SET_PRESETS: [&str; 5] = ["1,2,3", "1,3,4", "2,5", "1,2,4,8", "1,4,5"];

/// Why the sides of a bar stop where they do.
pub const ONLY_POISON: &str = "a 1×1 bar is only the poison";

/// Everything the menu chooses; a game is started from it and replayed with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub game: GameKind,
    pub rows: u8,
    pub cols: u8,
    /// Coins at the start of a coin-pile game.
    pub pile: u64,
    /// The subtraction game's take set, as typed.
    pub set: String,
    /// `players[0]` moves first.
    pub players: [Player; 2],
    /// How well the computer plays.
    pub level: Level,
    /// Whether eating the poison while other squares remain asks first.
    pub ask_before_poison: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game: GameKind::Chomp,
            rows: 6,
            cols: 7,
            pile: 21,
            set: SET_PRESETS[1].to_string(),
            players: [Player::Person, Player::Computer],
            level: Level::Perfect,
            ask_before_poison: true,
        }
    }
}

impl Settings {
    /// A side's name as the game shows it.
    pub fn name(&self, side: usize) -> &'static str {
        match self.players {
            [Player::Person, Player::Computer] => ["You", "Computer"][side],
            [Player::Computer, Player::Person] => ["Computer", "You"][side],
            [Player::Person, Player::Person] => ["Player 1", "Player 2"][side],
            [Player::Computer, Player::Computer] => ["Computer 1", "Computer 2"][side],
        }
    }

    /// The same settings with every size brought into range (a settings file may hold anything).
    #[must_use]
    pub fn sanitized(self) -> Settings {
        self.sanitize().0
    }

    /// [`Settings::sanitized`], with a line for each value it changed ("rows 99 is more than
    /// 26; using 26"), so that nothing is changed silently.
    pub fn sanitize(mut self) -> (Settings, Vec<String>) {
        let mut changes = Vec::new();
        for (name, side) in [("rows", &mut self.rows), ("columns", &mut self.cols)] {
            let clamped = (*side).clamp(1, MAX_SIDE);
            if clamped != *side {
                changes.push(format!(
                    "{name} {side} is outside 1 to {MAX_SIDE}; using {clamped}"
                ));
                *side = clamped;
            }
        }
        if self.rows == 1 && self.cols == 1 {
            changes.push(format!("{ONLY_POISON}; using 1×2"));
            self.cols = 2;
        }
        if self.set.chars().count() > MAX_SET_CHARS {
            self.set = self.set.chars().take(MAX_SET_CHARS).collect();
            changes.push(format!(
                "the take set is longer than {MAX_SET_CHARS} characters; using {:?}",
                self.set
            ));
        }
        (self, changes)
    }

    /// The game and its size, for people and as the statistics key: "Chomp 6×7".
    pub fn describe(&self) -> String {
        match self.game {
            GameKind::Chomp => format!("Chomp {}×{}", self.rows, self.cols),
            // The canonical set, so that `1, 3-4` and `1,3,4` share their statistics.
            GameKind::Subtraction => match TakeSet::parse(&self.set) {
                Ok(set) => format!("Subtraction {set} from {}", self.pile),
                Err(_) => format!("Subtraction {{{}}} from {}", self.set, self.pile),
            },
            GameKind::Fibonacci => format!("Fibonacci Nim from {}", self.pile),
        }
    }

    /// Why these settings cannot start a game, if they cannot.
    pub fn problem(&self) -> Option<String> {
        match self.game {
            GameKind::Chomp => {
                let sides = 1..=MAX_SIDE;
                if !sides.contains(&self.rows) || !sides.contains(&self.cols) {
                    Some(format!("each side of the bar is 1 to {MAX_SIDE}"))
                } else if self.rows == 1 && self.cols == 1 {
                    Some(ONLY_POISON.into())
                } else {
                    None
                }
            }
            GameKind::Subtraction if self.pile == 0 => Some("a pile has at least 1 coin".into()),
            GameKind::Subtraction => TakeSet::parse_typed(&self.set).err(),
            GameKind::Fibonacci => FibPosition::start(self.pile).err(),
        }
    }
}
