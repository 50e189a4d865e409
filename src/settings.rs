//! What a person chose: the game, its size (board, or pile and take set), who plays each side
//! and how well the computer plays. Below the app, the store and the command line, which all
//! start games from it; it imports only the rules.

use crate::games::GAMES;
pub use crate::games::GameKind;
use crate::games::game::{Value, Values};
use crate::games::position::StartPosition;
use crate::games::setup::{Setup, side_name};
use crate::units::brief;
use serde::{Deserialize, Serialize};

pub use crate::games::setup::{Level, Player};

/// Everything the menu chooses; a game is started from it and replayed with it.
///
/// Each game's own values (Chomp's rows, the subtraction game's set, …) sit in [`Values`] by
/// key, written flat beside `game`, `players` and `level` in settings.json and saved games
/// (`"rows":6,"set":"1,3,4","ask_before_poison":true`); a game declares its keys in its
/// [`Game::fields`](crate::games::Game::fields), and a file missing one reads its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SettingsFile")]
pub struct Settings {
    pub game: GameKind,
    /// `players[0]` moves first.
    pub players: [Player; 2],
    /// How well the computer plays.
    pub level: Level,
    /// Every game's own values, by the keys its fields declare.
    #[serde(flatten)]
    pub values: Values,
}

/// Settings as a file holds them: any key may be missing.
#[derive(Deserialize)]
#[serde(default)]
struct SettingsFile {
    game: GameKind,
    players: [Player; 2],
    level: Level,
    #[serde(flatten)]
    values: Values,
}

impl Default for SettingsFile {
    fn default() -> Self {
        SettingsFile {
            game: GameKind::ALL[0],
            players: [Player::Person, Player::Computer],
            level: Level::Perfect,
            values: Values::default(),
        }
    }
}

impl From<SettingsFile> for Settings {
    fn from(file: SettingsFile) -> Settings {
        let mut values = file.values;
        for field in GAMES.iter().flat_map(|game| game.fields()) {
            if values.get(field.key).is_none() {
                // A value that once had another key (shared with another game) is read there.
                let was = field
                    .was
                    .and_then(|was| values.get(was))
                    .filter(|value| field.fits(value))
                    .cloned();
                values.set(field.key, was.unwrap_or_else(|| field.default_value()));
            }
        }
        Settings {
            game: file.game,
            players: file.players,
            level: file.level,
            values,
        }
    }
}

/// Whether a file's value reads as one of munch's own (a game, the players, a level).
type Reads = fn(&serde_json::Value) -> bool;

/// Makes settings a newer munch wrote readable here, as a file holds them (the object under
/// `data`): a game, players or a level this munch does not know is dropped, so that its default
/// is read, and a line says so ("game \"Wythoff\" is unknown to this munch; using Chomp").
/// Unknown keys stay (see [`Settings::sanitize`]).
pub fn repair(data: &mut serde_json::Value) -> Vec<String> {
    let Some(map) = data.as_object_mut() else {
        return Vec::new();
    };
    let defaults = SettingsFile::default();
    let [first, second] = defaults.players.map(Player::label);
    let known: [(&str, Reads, String); 3] = [
        (
            "game",
            |v| GameKind::deserialize(v).is_ok(),
            defaults.game.label().into(),
        ),
        (
            "players",
            |v| <[Player; 2]>::deserialize(v).is_ok(),
            format!("{first} and {second}"),
        ),
        (
            "level",
            |v| Level::deserialize(v).is_ok(),
            defaults.level.label().into(),
        ),
    ];
    let mut changes = Vec::new();
    for (key, reads, default) in known {
        if let Some(value) = map.get(key)
            && !reads(value)
        {
            changes.push(format!(
                "{key} {} is unknown to this munch; using {default}",
                brief(&value.to_string())
            ));
            map.remove(key);
        }
    }
    changes
}

impl Default for Settings {
    fn default() -> Self {
        SettingsFile::default().into()
    }
}

impl Settings {
    /// A side's name as the game shows it.
    pub fn name(&self, side: usize) -> &'static str {
        side_name(self.players, side)
    }

    /// What a game is started with: these settings, for the game's session.
    pub fn setup(&self) -> Setup {
        self.setup_from(None)
    }

    /// What a game is started with: these settings, from `start` when a position was set.
    pub fn setup_from(&self, start: Option<StartPosition>) -> Setup {
        Setup {
            players: self.players,
            level: self.level,
            values: self.values.clone(),
            start,
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
        // A value of the wrong kind reads its default. Keys no game declares (a newer munch's)
        // are kept as they are, and written back so.
        let fields = || GAMES.iter().flat_map(|game| game.fields());
        for field in fields() {
            match self.values.get(field.key) {
                Some(value) if field.fits(value) => {}
                Some(value) => {
                    let default = field.default_value();
                    changes.push(format!(
                        "{} {} is not {}; using {default}",
                        field.key,
                        brief(&value.to_string()),
                        field.kind_name()
                    ));
                    self.values.set(field.key, default);
                }
                None => self.values.set(field.key, field.default_value()),
            }
        }
        for game in GAMES {
            changes.extend(game.sanitize(&mut self.values));
        }
        (self, changes)
    }

    /// The same settings with one of a game's values set: `Settings::default().with("rows", 9_u8)`.
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Settings {
        self.values.set(key, value);
        self
    }

    /// These settings for a game from the position string `text` (`chomp 6x7 6,6,4,4,2,0,0`):
    /// its game and the values its size sets, the players and level kept; and the position
    /// itself. A string that is not a position is refused with the reason, in one line.
    pub fn with_position(mut self, text: &str) -> Result<(Settings, StartPosition), String> {
        let (kind, parsed) = crate::games::parse_position(text)?;
        self.game = kind;
        self.values.extend(parsed.values);
        Ok((self, parsed.start))
    }

    /// The game and its size, for people and as the statistics key: "Chomp 6×7".
    pub fn describe(&self) -> String {
        self.game.game().describe(&self.values)
    }

    /// Why these settings cannot start a game, if they cannot.
    pub fn problem(&self) -> Option<String> {
        self.game.game().problem(&self.values).map(|p| p.reason)
    }
}

/// What a person chose that belongs to no game: kept in its own file (`preferences.json`), read
/// when munch starts and written when it changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// Hints turned on: every game starts with them on, in this run and the next ones, until
    /// they are turned off.
    pub hints: bool,
    /// What a newer munch keeps here, written back as it was read.
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}
