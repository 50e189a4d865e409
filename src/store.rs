//! What munch remembers between runs: the last settings, the record against the computer, and
//! the game in progress. Files live in the platform's data folder (`directories`; on Linux
//! `$XDG_DATA_HOME/munch`) or in `--data-dir`.
//!
//! Every write goes to a temporary file in the same folder, is flushed to disk, and is renamed
//! over the old file, so a crash or `kill -9` at any moment leaves either the old file or the new
//! one, whole. A file that cannot be read is moved aside as `NAME.bad` and defaults are used; a
//! write that fails (read-only folder, full disk) is reported and the game goes on.

use crate::app::menu::{Level, Settings};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The format version written in every file; a file with another version is set aside.
pub const FORMAT_VERSION: u32 = 1;

pub const SETTINGS_FILE: &str = "settings.json";
pub const STATS_FILE: &str = "stats.json";
pub const SAVED_GAME_FILE: &str = "saved-game.json";

/// A file's contents with its format version.
#[derive(Serialize, Deserialize)]
struct Versioned<T> {
    version: u32,
    data: T,
}

/// Wins and losses against the computer, per game and size, per strength level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Keyed by a description of the game ("Chomp 6×7"), then by level.
    pub records: BTreeMap<String, BTreeMap<String, Record>>,
}

/// Games against the computer at one level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
}

impl Stats {
    /// Counts a finished game against the computer.
    pub fn record(&mut self, game: &str, level: Level, person_won: bool) {
        let record = self
            .records
            .entry(game.to_string())
            .or_default()
            .entry(level.label().to_string())
            .or_default();
        record.games += 1;
        if person_won {
            record.wins += 1;
        } else {
            record.losses += 1;
        }
    }
}

/// A game in progress: its settings and the moves so far (Chomp squares in notation, or takes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub settings: Settings,
    pub moves: Vec<String>,
}

/// The data folder.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Opens `dir`, or the platform's data folder, creating it if needed. Fails with a one-line
    /// reason if it is not a usable folder.
    pub fn open(dir: Option<&Path>) -> Result<Store, String> {
        let dir = match dir {
            Some(dir) => dir.to_path_buf(),
            None => directories::ProjectDirs::from("", "", "munch")
                .ok_or("no home folder to keep munch's data in; give --data-dir")?
                .data_dir()
                .to_path_buf(),
        };
        if dir.exists() && !dir.is_dir() {
            return Err(format!("the data folder {} is a file", dir.display()));
        }
        fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create the data folder {}: {e}", dir.display()))?;
        fs::read_dir(&dir)
            .map_err(|e| format!("cannot read the data folder {}: {e}", dir.display()))?;
        Ok(Store { dir })
    }

    /// Reads a file. Missing: `Ok(None)`. Unreadable or of another version: it is moved aside
    /// as `NAME.bad` and the warning says so.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, String> {
        let path = self.dir.join(name);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        match serde_json::from_str::<Versioned<T>>(&text) {
            Ok(file) if file.version == FORMAT_VERSION => Ok(Some(file.data)),
            _ => {
                let bad = self.dir.join(format!("{name}.bad"));
                let moved = fs::rename(&path, &bad).is_ok();
                Err(if moved {
                    format!("{name} could not be read; it was moved aside to {name}.bad")
                } else {
                    format!("{name} could not be read; using defaults")
                })
            }
        }
    }

    /// Writes a file atomically (see the module documentation).
    pub fn save<T: Serialize>(&self, name: &str, data: &T) -> Result<(), String> {
        let text = serde_json::to_string_pretty(&Versioned {
            version: FORMAT_VERSION,
            data,
        })
        .map_err(|e| format!("cannot save {name}: {e}"))?;
        let tmp = self.dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let written = (|| {
            let mut file = fs::File::create(&tmp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&tmp, self.dir.join(name))
        })();
        written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            format!("cannot save {name}: {e}")
        })
    }

    /// Deletes a file if it is there.
    pub fn remove(&self, name: &str) -> Result<(), String> {
        match fs::remove_file(self.dir.join(name)) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("cannot remove {name}: {e}")),
        }
    }
}
