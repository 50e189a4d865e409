//! What munch remembers between runs: the last settings, the person's preferences (hints on),
//! the record against the computer, one game in progress per game kind, and the record of the last finished game of each kind
//! (as text: [`GameRecord`]). Files live in the platform's data folder (`directories`;
//! on Linux `$XDG_DATA_HOME/munch`) or in `--data-dir`.
//!
//! Writing: every write goes to a fresh temporary file in the same folder, is flushed to disk and
//! renamed over the old file, so a crash or `kill -9` leaves either the old file or the new one,
//! whole. Every read-modify-write holds an advisory lock on `munch.lock`, so several munch
//! processes on one folder merge their statistics and never overwrite each other's saved game
//! (each saved game carries an identity; a process writes or removes only its own).
//!
//! Reading: a data file is opened without following links and without blocking, and at most
//! [`MAX_FILE_BYTES`] are read. A regular file that cannot be used (unreadable, not UTF-8, not
//! JSON, of another version, an impossible game, too large) is moved aside as `NAME.bad`
//! (`NAME.bad.1`, … when that exists; never replacing one). Anything else in its place (a link,
//! a FIFO, a device, a folder) is left where it is, and munch neither reads nor writes it.
//! Every case is a warning for the player; the game goes on.
//!
//! This file holds the folder, its lock, and reading and writing one file; `stats.rs` the
//! statistics, `saved.rs` the saved games, `play_lock.rs` the play locks, `records.rs` the
//! records of finished games, `puzzles.rs` the puzzles' ratings and streak, `files.rs` the careful opening and moving of files.

use crate::settings::{GameKind, Preferences, Settings};
use crate::units::quotes_cut;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

mod files;
mod mistakes;
mod play_lock;
mod puzzles;
mod records;
mod saved;
mod stats;

use files::{describe_type, move_no_clobber, open_data_file, open_lock_file};
pub use mistakes::{MISTAKES_FILE, Unscanned};
pub use play_lock::{PlayLock, PlayLockError};
pub use puzzles::{
    Attempt, COMEBACK_AFTER, Comeback, KeptPuzzle, MAX_COMEBACKS, MAX_PUZZLE_RATINGS, PuzzleRating,
    PuzzleRecord, Rating,
};
pub use records::{KEPT_RECORDS_DIR, MAX_KEPT_RECORDS, kept_name};
pub use saved::{SavedGame, new_id};
pub use stats::{Stats, Tally};

/// The format version written in every file; a file with another version is set aside.
pub const FORMAT_VERSION: u32 = 1;

pub const SETTINGS_FILE: &str = "settings.json";
pub const STATS_FILE: &str = "stats.json";
/// The Puzzles screen's ratings, streak and puzzles to bring back: see [`PuzzleRecord`].
pub const PUZZLES_FILE: &str = "puzzles.json";
/// A person's choices that belong to no game (hints on or off): see [`crate::settings::Preferences`].
pub const PREFERENCES_FILE: &str = "preferences.json";
/// Where munch kept its single saved game before there was one per kind; read and migrated.
pub const LEGACY_SAVED_GAME_FILE: &str = "saved-game.json";
/// The file every read-modify-write locks.
pub const LOCK_FILE: &str = "munch.lock";
/// Larger data files are set aside unread: far more than any real file holds (the statistics
/// of thousands of take sets, each at every level, are a few MiB), so that only an absurd file
/// is refused.
pub const MAX_FILE_BYTES: u64 = 32 << 20;

/// The file holding the saved game of one kind.
pub fn saved_game_file(kind: GameKind) -> String {
    format!("saved-{}.json", kind.game().id())
}

/// The file holding the record of the last finished game of one kind, as text.
pub fn last_record_file(kind: GameKind) -> String {
    format!("last-{}.txt", kind.game().id())
}

/// The file a window locks while it plays a game of `kind` (see [`Store::lock_play`]).
pub fn play_lock_file(kind: GameKind) -> String {
    format!("saved-{}.lock", kind.game().id())
}

/// A file's contents with its format version.
#[derive(Serialize, Deserialize)]
struct Versioned<T> {
    version: u32,
    data: T,
}

/// Everything munch reads from the data folder when it starts: each file as [`Store::load`]
/// (or [`Store::load_settings`]) reads it, and the saved games as [`Store::saved_games`] does.
#[derive(Debug, Clone)]
pub struct OnFile {
    pub settings: Result<Option<(Settings, Vec<String>)>, Warning>,
    pub preferences: Result<Option<Preferences>, Warning>,
    pub stats: Result<Option<Stats>, Warning>,
    /// The saved games, and the warnings reading them gave.
    pub saved: (Vec<SavedGame>, Vec<Warning>),
}

/// What reading a data file found.
enum Found {
    Missing,
    Text(String),
    /// It cannot be used; the warning says why and what became of it.
    Unusable(String),
}

/// A warning that a file was left alone, or moved aside as `NAME.bad…`.
type Warning = String;

/// Distinguishes the temporary files of one process's writes.
static TEMP_SERIAL: AtomicU64 = AtomicU64::new(0);

/// The data folder.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    /// Files found unusable and left in place (links, FIFOs, folders, or files that could not be
    /// moved aside): munch never writes over them.
    left_alone: Arc<Mutex<BTreeSet<String>>>,
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
        Ok(Store {
            dir,
            left_alone: Arc::default(),
        })
    }

    /// The folder the files live in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Reads a file. Missing: `Ok(None)`. Unusable: the warning says why, and whether it was
    /// moved aside (see the module documentation).
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, String> {
        // Without the lock (a read-only folder) reading still works; setting aside then fails.
        self.with_lock(|_| self.load_unlocked(name))
    }

    /// Writes a file atomically (see the module documentation), unless something munch left
    /// alone is in its place.
    pub fn save<T: Serialize>(&self, name: &str, data: &T) -> Result<(), String> {
        self.locked(|| self.save_unlocked(name, data))
            .map_err(|e| not_saved(e, name))
    }

    /// Everything munch reads when it starts ([`OnFile`]), under one hold of the folder's
    /// lock, waiting for it as long as another munch holds it: what the writer's thread does.
    pub fn read_all(&self) -> OnFile {
        self.with_lock(|lock_problem| self.read_all_unlocked(lock_problem.is_none()))
    }

    /// [`Store::read_all`] without waiting: `None` while another munch holds the folder's lock,
    /// so that the interface's thread never waits for another process at start-up.
    pub fn try_read_all(&self) -> Option<OnFile> {
        self.try_with_lock(|lock_problem| self.read_all_unlocked(lock_problem.is_none()))
    }

    fn read_all_unlocked(&self, locked: bool) -> OnFile {
        OnFile {
            settings: self.load_settings_unlocked(),
            preferences: self.load_unlocked(PREFERENCES_FILE),
            stats: self.load_unlocked(STATS_FILE),
            saved: self.saved_games_unlocked(locked),
        }
    }

    fn load_unlocked<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, String> {
        let text = match self.read_unlocked(name) {
            Found::Missing => return Ok(None),
            Found::Text(text) => text,
            Found::Unusable(warning) => return Err(warning),
        };
        match serde_json::from_str::<Versioned<T>>(&text) {
            Ok(file) => self.of_this_version(name, file).map(Some),
            Err(e) => Err(self.refused(name, &e)),
        }
    }

    /// Reads the settings file as [`Store::load`] does, except that a game, players or a level
    /// this munch does not know (a newer munch's) reads its default, with a line saying so
    /// ([`crate::settings::repair`]), rather than setting the file aside.
    pub fn load_settings(&self) -> Result<Option<(Settings, Vec<String>)>, String> {
        self.with_lock(|_| self.load_settings_unlocked())
    }

    fn load_settings_unlocked(&self) -> Result<Option<(Settings, Vec<String>)>, String> {
        let text = match self.read_unlocked(SETTINGS_FILE) {
            Found::Missing => return Ok(None),
            Found::Text(text) => text,
            Found::Unusable(warning) => return Err(warning),
        };
        let file = serde_json::from_str::<Versioned<serde_json::Value>>(&text)
            .map_err(|e| self.refused(SETTINGS_FILE, &e))?;
        let mut data = self.of_this_version(SETTINGS_FILE, file)?;
        let changes = crate::settings::repair(&mut data);
        match Settings::deserialize(data) {
            Ok(settings) => Ok(Some((settings, changes))),
            Err(e) => Err(self.refused(SETTINGS_FILE, &e)),
        }
    }

    /// A file's data, if it is of this format version; else it is set aside.
    fn of_this_version<T>(&self, name: &str, file: Versioned<T>) -> Result<T, Warning> {
        if file.version == FORMAT_VERSION {
            return Ok(file.data);
        }
        Err(self.set_aside(
            name,
            &format!(
                "is of format version {}, not {FORMAT_VERSION}",
                file.version
            ),
        ))
    }

    /// Sets aside a file the parser refused, saying why.
    fn refused(&self, name: &str, e: &serde_json::Error) -> Warning {
        if e.is_syntax() || e.is_eof() {
            return self.set_aside(name, "is not valid JSON");
        }
        // The parser quotes the bad value whole, however long: a short quote is enough.
        self.set_aside(
            name,
            &format!("is not what munch writes ({})", quotes_cut(&e.to_string())),
        )
    }

    /// Reads a data file defensively (see the module documentation).
    fn read_unlocked(&self, name: &str) -> Found {
        let path = self.dir.join(name);
        let mut file = match open_data_file(&path, false) {
            Ok(file) => file,
            Err(e) if e.kind() == ErrorKind::NotFound => return Found::Missing,
            Err(e) => {
                return Found::Unusable(match fs::symlink_metadata(&path) {
                    Ok(meta) if meta.file_type().is_file() => {
                        self.set_aside(name, &format!("cannot be read ({e})"))
                    }
                    Ok(meta) => self.leave_alone(name, &meta),
                    Err(_) => format!("{name} cannot be read ({e}); munch runs without it"),
                });
            }
        };
        let meta = match file.metadata() {
            Ok(meta) => meta,
            Err(e) => {
                return Found::Unusable(self.set_aside(name, &format!("cannot be read ({e})")));
            }
        };
        if !meta.file_type().is_file() {
            return Found::Unusable(self.leave_alone(name, &meta));
        }
        let too_large = || format!("is larger than {} MiB", MAX_FILE_BYTES >> 20);
        if meta.len() > MAX_FILE_BYTES {
            return Found::Unusable(self.set_aside(name, &too_large()));
        }
        let mut bytes = Vec::new();
        if let Err(e) = (&mut file).take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
            return Found::Unusable(self.set_aside(name, &format!("cannot be read ({e})")));
        }
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Found::Unusable(self.set_aside(name, &too_large()));
        }
        match String::from_utf8(bytes) {
            // A byte-order mark some editors put first is no part of the text.
            Ok(text) => Found::Text(match text.strip_prefix('\u{feff}') {
                Some(rest) => rest.to_string(),
                None => text,
            }),
            Err(_) => Found::Unusable(self.set_aside(name, "is not UTF-8 text")),
        }
    }

    /// Remembers that `name` is not a regular file, never to be written over; the warning.
    fn leave_alone(&self, name: &str, meta: &fs::Metadata) -> Warning {
        if let Ok(mut left) = self.left_alone.lock() {
            left.insert(name.to_string());
        }
        format!(
            "{name} is {}, not a regular file; munch leaves it alone and runs without it",
            describe_type(meta)
        )
    }

    /// Moves a regular file that cannot be used to `NAME.bad` (or `NAME.bad.1`, … : never over
    /// an existing one); the warning says `why` and where it went.
    fn set_aside(&self, name: &str, why: &str) -> Warning {
        let from = self.dir.join(name);
        let mut last_error = None;
        for n in 0..1000 {
            let bad = match n {
                0 => format!("{name}.bad"),
                n => format!("{name}.bad.{n}"),
            };
            match move_no_clobber(&from, &self.dir.join(&bad)) {
                Ok(()) => return format!("{name} {why}; it was moved aside to {bad}"),
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {} // try the next name
                Err(e) => {
                    last_error = Some(e);
                    break;
                }
            }
        }
        if let Ok(mut left) = self.left_alone.lock() {
            left.insert(name.to_string());
        }
        let reason = last_error.map_or("too many".into(), |e| e.to_string());
        format!("{name} {why}, and could not be moved aside ({reason}); munch leaves it alone")
    }

    fn save_unlocked<T: Serialize>(&self, name: &str, data: &T) -> Result<(), String> {
        let text = serde_json::to_string_pretty(&Versioned {
            version: FORMAT_VERSION,
            data,
        })
        .map_err(|e| format!("cannot save {name}: {e}"))?;
        self.write_unlocked(name, &text)
    }

    /// Writes `text` as `name`: to a fresh temporary file, flushed, then renamed over it.
    fn write_unlocked(&self, name: &str, text: &str) -> Result<(), String> {
        let left_alone = self
            .left_alone
            .lock()
            .map_or(true, |left| left.contains(name));
        let target = self.dir.join(name);
        let special = fs::symlink_metadata(&target).is_ok_and(|m| !m.file_type().is_file());
        if left_alone || special {
            return Err(format!(
                "{name} was left alone (it could not be used), so it is not saved"
            ));
        }
        let tmp = self.dir.join(format!(
            ".{name}.{}.{}.tmp",
            std::process::id(),
            TEMP_SERIAL.fetch_add(1, Ordering::Relaxed)
        ));
        let written = (|| {
            let mut file = open_data_file(&tmp, true)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&tmp, &target)
        })();
        written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            format!("cannot save {name}: {e}")
        })
    }

    /// Runs `f` holding the folder's exclusive lock (an advisory `flock` on [`LOCK_FILE`]);
    /// `f` is told why when the lock cannot be had, and then decides whether to go on.
    fn with_lock<R>(&self, f: impl FnOnce(Option<String>) -> R) -> R {
        let problem = |e: std::io::Error| format!("cannot lock {LOCK_FILE} ({e})");
        match open_lock_file(&self.dir.join(LOCK_FILE)) {
            Ok(file) => {
                let mut lock = fd_lock::RwLock::new(file);
                match lock.write() {
                    Ok(_guard) => f(None),
                    Err(e) => f(Some(problem(e))),
                }
            }
            Err(e) => f(Some(problem(e))),
        }
    }

    /// Runs `f` holding the folder's lock, as [`Store::with_lock`] does, unless another munch
    /// holds it now: then `None` at once, `f` not run. Never waits.
    fn try_with_lock<R>(&self, f: impl FnOnce(Option<String>) -> R) -> Option<R> {
        let problem = |e: std::io::Error| format!("cannot lock {LOCK_FILE} ({e})");
        match open_lock_file(&self.dir.join(LOCK_FILE)) {
            Ok(file) => {
                let mut lock = fd_lock::RwLock::new(file);
                match lock.try_write() {
                    Ok(_guard) => Some(f(None)),
                    Err(e) if e.kind() == ErrorKind::WouldBlock => None,
                    Err(e) => Some(f(Some(problem(e)))),
                }
            }
            Err(e) => Some(f(Some(problem(e)))),
        }
    }

    /// Runs `f` holding the lock, or fails with the reason it cannot be had.
    fn locked<R>(&self, f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
        self.with_lock(|problem| match problem {
            None => f(),
            Some(problem) => Err(problem),
        })
    }
}

/// A failure to lock says which file was not saved because of it.
fn not_saved(problem: String, name: &str) -> String {
    if problem.starts_with("cannot lock") {
        format!("cannot save {name}: {problem}")
    } else {
        problem
    }
}
