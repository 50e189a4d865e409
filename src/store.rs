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

use crate::games::position::StartPosition;
use crate::record::{GameRecord, MAX_RECORD_BYTES};
use crate::settings::{GameKind, Level, Preferences, Settings};
use crate::units::quotes_cut;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The format version written in every file; a file with another version is set aside.
pub const FORMAT_VERSION: u32 = 1;

pub const SETTINGS_FILE: &str = "settings.json";
pub const STATS_FILE: &str = "stats.json";
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

/// Held by the window playing a game of one kind: while it is held, no other munch on the
/// folder resumes that kind's saved game. Dropping it (or the process ending, however it
/// ends) releases it.
pub struct PlayLock {
    /// The lock's file, flock-ed. Its guard is forgotten rather than kept, since it would borrow
    /// this field; dropping the lock lets the flock go (see its `Drop`).
    file: fd_lock::RwLock<File>,
    kind: GameKind,
}

impl Drop for PlayLock {
    /// Lets the flock go at once. Closing the file alone would not, while a process this one is
    /// starting holds a copy of it (it holds every open file until it runs its program): another
    /// window would find the game still played for that moment.
    fn drop(&mut self) {
        // Locking again through the same open file succeeds, and the guard unlocks as it drops.
        drop(self.file.try_write());
    }
}

impl PlayLock {
    /// The game kind it guards.
    pub fn kind(&self) -> GameKind {
        self.kind
    }
}

impl std::fmt::Debug for PlayLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PlayLock({:?})", self.kind)
    }
}

/// Why a play lock was not had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayLockError {
    /// Another munch window is playing a game of this kind.
    Busy,
    /// The lock file cannot be used (a read-only folder, a link in its place): nothing can be
    /// told about other windows.
    Unavailable(String),
}

/// A file's contents with its format version.
#[derive(Serialize, Deserialize)]
struct Versioned<T> {
    version: u32,
    data: T,
}

/// Wins and losses against the computer, per game and size, per strength level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Keyed by a description of the game ("Chomp 6×7"), then by level. Kept in `stats.json`
    /// as `records`, the name it had before the tally had its own word.
    #[serde(rename = "records")]
    pub tallies: BTreeMap<String, BTreeMap<String, Tally>>,
}

/// Games against the computer at one level: the tally (in the docs, "your record against the
/// computer").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
}

impl Stats {
    /// Counts a finished game against the computer.
    pub fn record(&mut self, game: &str, level: Level, person_won: bool) {
        self.count(game, level, person_won, None);
    }

    /// Counts a finished game, or, when it was counted before as `previous` (it was undone
    /// after its end and finished again), moves its one entry to the new result.
    pub fn count(&mut self, game: &str, level: Level, person_won: bool, previous: Option<bool>) {
        let tally = self
            .tallies
            .entry(game.to_string())
            .or_default()
            .entry(level.label().to_string())
            .or_default();
        // Counts stop at their largest value rather than wrap to zero (a file may say anything).
        match previous {
            None => tally.games = tally.games.saturating_add(1),
            Some(won) if won == person_won => return,
            // The file may have been edited or set aside meanwhile: never below zero.
            Some(true) => tally.wins = tally.wins.saturating_sub(1),
            Some(false) => tally.losses = tally.losses.saturating_sub(1),
        }
        if person_won {
            tally.wins = tally.wins.saturating_add(1);
        } else {
            tally.losses = tally.losses.saturating_add(1);
        }
        tally.games = tally.games.max(tally.wins.saturating_add(tally.losses));
    }
}

/// A game in progress: its identity, its settings and the moves so far (Chomp squares in
/// notation, or takes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Which game this is: a process overwrites or removes a saved game only under its own id.
    /// Files written before ids existed have none (empty).
    #[serde(default)]
    pub id: String,
    pub settings: Settings,
    pub moves: Vec<String>,
    /// The result this game is already counted with in the statistics (`true`: the person
    /// won), when it ended once and was taken back by undo: finishing it again amends that
    /// entry instead of adding one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<bool>,
    /// The position the game started from, when it was set (`munch play --position`): its
    /// moves are replayed from there. Files written before positions could be set have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
}

impl SavedGame {
    /// Why this cannot be a game in progress, if it cannot: the settings must pass the checks of
    /// `munch play`, every move must be legal, and the game must not be over.
    pub fn problem(&self) -> Option<String> {
        let s = &self.settings;
        s.game
            .game()
            .saved_problem(&s.values, self.start.as_ref(), &self.moves)
    }
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

    /// Counts a finished game in the statistics file: re-read under the lock, add the game,
    /// write. Returns the statistics as they now stand, and any problems on the way (the
    /// statistics are then what could be read, with this game added).
    pub fn record_game(&self, game: &str, level: Level, person_won: bool) -> (Stats, Vec<Warning>) {
        self.count_game(game, level, person_won, None)
    }

    /// Like [`Store::record_game`], but a game counted before as `previous` keeps its one
    /// entry, moved to the new result (see [`Stats::count`]).
    pub fn count_game(
        &self,
        game: &str,
        level: Level,
        person_won: bool,
        previous: Option<bool>,
    ) -> (Stats, Vec<Warning>) {
        self.with_lock(|lock_problem| {
            let mut warnings: Vec<Warning> = lock_problem
                .iter()
                .map(|p| format!("{p}, so this game is not counted in {STATS_FILE}"))
                .collect();
            let mut stats = match self.load_unlocked::<Stats>(STATS_FILE) {
                Ok(stats) => stats.unwrap_or_default(),
                Err(warning) => {
                    warnings.push(warning);
                    Stats::default()
                }
            };
            stats.count(game, level, person_won, previous);
            // Writing without the lock could undo another process's game: don't.
            if lock_problem.is_none() {
                warnings.extend(self.save_unlocked(STATS_FILE, &stats).err());
            }
            (stats, warnings)
        })
    }

    /// The saved games, at most one per kind, each checked (see [`SavedGame::problem`]); an
    /// impossible one is moved aside with a warning. The single saved game of older versions
    /// becomes its kind's saved game, if that kind has none yet.
    pub fn saved_games(&self) -> (Vec<SavedGame>, Vec<Warning>) {
        self.with_lock(|lock_problem| self.saved_games_unlocked(lock_problem.is_none()))
    }

    /// [`Store::saved_games`] under the lock its caller holds (`locked`), or read only.
    fn saved_games_unlocked(&self, locked: bool) -> (Vec<SavedGame>, Vec<Warning>) {
        let mut warnings = Vec::new();
        // Without the lock, read only: a migration could race another process.
        if locked {
            self.migrate_legacy(&mut warnings);
        }
        let games = GameKind::ALL
            .iter()
            .filter_map(|&kind| self.load_game_unlocked(kind, &mut warnings))
            .collect();
        (games, warnings)
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

    /// The saved games as [`Store::saved_games`] reads them, without waiting: `None` while
    /// another munch holds the folder's lock (or it cannot be had), so that a screen that only
    /// wants to show what is on file keeps what it showed rather than wait.
    pub fn try_saved_games(&self) -> Option<(Vec<SavedGame>, Vec<Warning>)> {
        let file = open_lock_file(&self.dir.join(LOCK_FILE)).ok()?;
        let mut lock = fd_lock::RwLock::new(file);
        let _guard = lock.try_write().ok()?;
        let mut warnings = Vec::new();
        let games = GameKind::ALL
            .iter()
            .filter_map(|&kind| self.load_game_unlocked(kind, &mut warnings))
            .collect();
        Some((games, warnings))
    }

    /// Writes a game in progress into its kind's file, unless that file holds another game
    /// (another id, other than `replaces`, the one the player chose to replace): that one is
    /// kept, and the answer says so.
    pub fn save_game(&self, game: &SavedGame, replaces: Option<&str>) -> Result<(), String> {
        let name = &saved_game_file(game.settings.game);
        self.locked(|| {
            let mut warnings = Vec::new();
            let kind = game.settings.game;
            let result = match self.load_game_unlocked(kind, &mut warnings) {
                Some(other) if other.id != game.id && Some(other.id.as_str()) != replaces => {
                    Err(format!(
                        "another munch keeps a saved {} here, so this game is not saved",
                        other.settings.describe()
                    ))
                }
                _ => self.save_unlocked(&saved_game_file(kind), game),
            };
            warnings.extend(result.err());
            if warnings.is_empty() {
                Ok(())
            } else {
                Err(warnings.join("; "))
            }
        })
        .map_err(|e| not_saved(e, name))
    }

    /// Removes the saved game of `kind` if it is the one named `id`; another is left alone.
    pub fn remove_game(&self, kind: GameKind, id: &str) -> Result<(), String> {
        self.locked(|| {
            let name = &saved_game_file(kind);
            let ours = match self.read_unlocked(name) {
                Found::Text(text) => serde_json::from_str::<Versioned<SavedGame>>(&text)
                    .is_ok_and(|file| file.data.id == id),
                Found::Missing | Found::Unusable(_) => false,
            };
            if !ours {
                return Ok(());
            }
            match fs::remove_file(self.dir.join(name)) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
                Err(e) => Err(format!("cannot remove {name}: {e}")),
            }
        })
    }

    /// Takes over the saved game of `kind` named `id` to continue it: it is rewritten under a
    /// new id, so that another munch that offered the same game can no longer write over it.
    pub fn claim_game(&self, kind: GameKind, id: &str) -> Result<SavedGame, String> {
        self.locked(|| {
            let mut warnings = Vec::new();
            match self.load_game_unlocked(kind, &mut warnings) {
                Some(mut game) if game.id == id => {
                    game.id = new_id();
                    self.save_unlocked(&saved_game_file(kind), &game)?;
                    Ok(game)
                }
                _ => Err(gone(kind, warnings)),
            }
        })
    }

    /// The saved game of `kind` named `id`, read and checked without waiting, to be resumed:
    /// `None` while another munch holds the folder's lock; an error when the file holds it no
    /// longer. Nothing is written: the game is saved under its new identity as it goes on,
    /// replacing this one ([`Store::save_game`]), and the play lock the window holds keeps
    /// other windows from resuming it meanwhile.
    pub fn try_resume_game(&self, kind: GameKind, id: &str) -> Option<Result<SavedGame, String>> {
        self.try_with_lock(|_| {
            let mut warnings = Vec::new();
            match self.load_game_unlocked(kind, &mut warnings) {
                Some(game) if game.id == id => Ok(game),
                _ => Err(gone(kind, warnings)),
            }
        })
    }

    /// Keeps `record` as the last finished game of its kind, written atomically like every
    /// file here (refused when it would be too large to read back).
    pub fn save_last_record(&self, record: &GameRecord) -> Result<(), String> {
        let name = &last_record_file(record.settings.game);
        let text = record.text();
        if text.len() as u64 > MAX_RECORD_BYTES {
            return Err(format!(
                "the game is too long to keep its record in {name} ({} KiB at most)",
                MAX_RECORD_BYTES / 1024
            ));
        }
        self.locked(|| self.write_unlocked(name, &text))
            .map_err(|e| not_saved(e, name))
    }

    /// Whether a record of the last finished game of `kind` is kept (it is not read: it may
    /// still prove damaged when [`Store::last_record`] reads it).
    pub fn has_last_record(&self, kind: GameKind) -> bool {
        self.dir.join(last_record_file(kind)).is_file()
    }

    /// The record of the last finished game of `kind`, checked move by move; one that cannot
    /// be read or is damaged is moved aside (or left alone) with a warning.
    pub fn last_record(&self, kind: GameKind) -> Result<Option<GameRecord>, Warning> {
        self.with_lock(|_| self.last_record_unlocked(kind))
    }

    /// [`Store::last_record`] without waiting: `None` while another munch holds the folder's lock.
    pub fn try_last_record(&self, kind: GameKind) -> Option<Result<Option<GameRecord>, Warning>> {
        self.try_with_lock(|_| self.last_record_unlocked(kind))
    }

    fn last_record_unlocked(&self, kind: GameKind) -> Result<Option<GameRecord>, Warning> {
        let name = &last_record_file(kind);
        let text = match self.read_unlocked(name) {
            Found::Missing => return Ok(None),
            Found::Text(text) => text,
            Found::Unusable(warning) => return Err(warning),
        };
        let problem = match GameRecord::parse(&text) {
            Ok(record) if record.settings.game == kind => return Ok(Some(record)),
            Ok(record) => format!("a {} game", record.settings.game.label()),
            Err(problem) => problem,
        };
        Err(self.set_aside(name, &format!("holds a damaged game record ({problem})")))
    }

    /// Writes `record` as a new text file in the data folder (`record-<id>-N.txt`, the first N
    /// free: an older one is never replaced), atomically; the path written.
    pub fn write_record(&self, record: &GameRecord) -> Result<PathBuf, String> {
        let text = record.text();
        let id = record.settings.game.game().id();
        let tmp = self.dir.join(format!(
            ".record-{id}.{}.{}.tmp",
            std::process::id(),
            TEMP_SERIAL.fetch_add(1, Ordering::Relaxed)
        ));
        let written = (|| {
            let mut file = open_data_file(&tmp, true)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            for n in 1..10_000 {
                let path = self.dir.join(format!("record-{id}-{n}.txt"));
                match move_no_clobber(&tmp, &path) {
                    Ok(()) => return Ok(path),
                    Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(e),
                }
            }
            Err(std::io::Error::other("too many records"))
        })();
        written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            format!("cannot write the game record: {e}")
        })
    }

    /// Takes the play lock of `kind` without waiting (see [`PlayLock`]). It is tried under the
    /// folder's lock, as [`Store::played_elsewhere`] asks under it: a window that only asks
    /// holds the play lock for a moment, and a window resuming its game at that moment must not
    /// take it for another window playing.
    pub fn lock_play(&self, kind: GameKind) -> Result<PlayLock, PlayLockError> {
        // Without the folder's lock (a read-only folder) the play lock is tried all the same.
        self.with_lock(|_| self.lock_play_unlocked(kind))
    }

    /// [`Store::lock_play`] without waiting: `None` while another munch holds the folder's lock
    /// (try again later).
    pub fn try_lock_play(&self, kind: GameKind) -> Option<Result<PlayLock, PlayLockError>> {
        self.try_with_lock(|_| self.lock_play_unlocked(kind))
    }

    /// [`Store::played_elsewhere`] without waiting: `None` while another munch holds the
    /// folder's lock (nothing can be told then).
    pub fn try_played_elsewhere(&self, kind: GameKind) -> Option<bool> {
        self.try_with_lock(|_| matches!(self.lock_play_unlocked(kind), Err(PlayLockError::Busy)))
    }

    /// Whether another munch window is playing a game of `kind` now (this process must not
    /// hold that lock itself: a second open of the file would see its own lock). It asks by
    /// taking the play lock, and lets it go before it lets the folder's lock go.
    pub fn played_elsewhere(&self, kind: GameKind) -> bool {
        self.with_lock(|_| matches!(self.lock_play_unlocked(kind), Err(PlayLockError::Busy)))
    }

    fn lock_play_unlocked(&self, kind: GameKind) -> Result<PlayLock, PlayLockError> {
        let file = open_lock_file(&self.dir.join(play_lock_file(kind)))
            .map_err(|e| PlayLockError::Unavailable(e.to_string()))?;
        let mut lock = fd_lock::RwLock::new(file);
        match lock.try_write() {
            // Kept until the `PlayLock` drops (see its `Drop`).
            Ok(guard) => std::mem::forget(guard),
            Err(e) if e.kind() == ErrorKind::WouldBlock => return Err(PlayLockError::Busy),
            Err(e) => return Err(PlayLockError::Unavailable(e.to_string())),
        }
        Ok(PlayLock { file: lock, kind })
    }

    /// Whether the saved game of `kind` is the game named `id`.
    pub fn holds_game(&self, kind: GameKind, id: &str) -> bool {
        self.with_lock(|_| self.holds_game_unlocked(kind, id))
    }

    /// [`Store::holds_game`] without waiting: `None` while another munch holds the folder's lock.
    pub fn try_holds_game(&self, kind: GameKind, id: &str) -> Option<bool> {
        self.try_with_lock(|_| self.holds_game_unlocked(kind, id))
    }

    fn holds_game_unlocked(&self, kind: GameKind, id: &str) -> bool {
        match self.read_unlocked(&saved_game_file(kind)) {
            Found::Text(text) => serde_json::from_str::<Versioned<SavedGame>>(&text)
                .is_ok_and(|file| file.data.id == id),
            Found::Missing | Found::Unusable(_) => false,
        }
    }

    /// The saved game of `kind`, checked; an unusable one is set aside with a warning.
    fn load_game_unlocked(&self, kind: GameKind, warnings: &mut Vec<Warning>) -> Option<SavedGame> {
        let name = &saved_game_file(kind);
        let game = match self.load_unlocked::<SavedGame>(name) {
            Ok(game) => game?,
            Err(warning) => {
                warnings.push(warning);
                return None;
            }
        };
        let problem = match game.problem() {
            _ if game.settings.game != kind => {
                Some(format!("a {} game", game.settings.game.label()))
            }
            problem => problem,
        };
        match problem {
            None => Some(game),
            Some(problem) => {
                warnings
                    .push(self.set_aside(name, &format!("holds an impossible game ({problem})")));
                None
            }
        }
    }

    /// Moves the old single saved game into its kind's file when that is free (else it waits).
    fn migrate_legacy(&self, warnings: &mut Vec<Warning>) {
        let game = match self.load_unlocked::<SavedGame>(LEGACY_SAVED_GAME_FILE) {
            Ok(Some(game)) => game,
            Ok(None) => return,
            Err(warning) => return warnings.push(warning),
        };
        if let Some(problem) = game.problem() {
            let why = format!("holds an impossible game ({problem})");
            return warnings.push(self.set_aside(LEGACY_SAVED_GAME_FILE, &why));
        }
        let kind = game.settings.game;
        if self.load_game_unlocked(kind, warnings).is_some() {
            return;
        }
        let game = SavedGame {
            id: new_id(),
            ..game
        };
        match self.save_unlocked(&saved_game_file(kind), &game) {
            Ok(()) => {
                let _ = fs::remove_file(self.dir.join(LEGACY_SAVED_GAME_FILE));
            }
            Err(problem) => warnings.push(problem),
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

/// Why a saved game that was offered cannot be resumed.
fn gone(kind: GameKind, mut warnings: Vec<Warning>) -> String {
    warnings.push(format!(
        "the saved {} game was resumed or finished in another munch",
        kind.label()
    ));
    warnings.join("; ")
}

/// A failure to lock says which file was not saved because of it.
fn not_saved(problem: String, name: &str) -> String {
    if problem.starts_with("cannot lock") {
        format!("cannot save {name}: {problem}")
    } else {
        problem
    }
}

/// A fresh identity for a saved game.
pub fn new_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!(
        "{}-{nanos:x}-{:016x}",
        std::process::id(),
        fastrand::u64(..)
    )
}

fn describe_type(meta: &fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

/// Opens a data file for reading (or a new temporary file for writing) without following a
/// link and without blocking on a FIFO.
fn open_data_file(path: &Path, create_new: bool) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    if create_new {
        options.write(true).create_new(true);
    } else {
        options.read(true);
    }
    no_follow(&mut options);
    options.open(path)
}

fn open_lock_file(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    no_follow(&mut options);
    let file = options.open(path)?;
    if !file.metadata()?.file_type().is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    Ok(file)
}

#[cfg(target_os = "linux")]
fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .mode(0o600);
}

#[cfg(not(target_os = "linux"))]
fn no_follow(_options: &mut OpenOptions) {}

/// Renames `from` to `to` unless `to` exists (`AlreadyExists` then), atomically where the
/// filesystem allows it, else by a hard link and removal.
#[allow(
    unsafe_code,
    reason = "renameat2 is a libc call; std cannot rename without clobbering"
)]
fn move_no_clobber(from: &Path, to: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
        let (a, b) = (c(from)?, c(to)?);
        // SAFETY: both are valid NUL-terminated paths that outlive the call.
        let done = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                a.as_ptr(),
                libc::AT_FDCWD,
                b.as_ptr(),
                libc::RENAME_NOREPLACE,
            )
        };
        if done == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        if !matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) {
            return Err(e);
        }
    }
    fs::hard_link(from, to)?;
    fs::remove_file(from)
}
