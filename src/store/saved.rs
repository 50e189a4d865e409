//! The saved games, one per kind: reading them, saving one unless another munch's game holds
//! its file, removing, claiming and resuming one, and migrating the single saved game of older
//! versions.

use super::files::open_lock_file;
use super::{
    Found, LEGACY_SAVED_GAME_FILE, LOCK_FILE, Store, Versioned, Warning, not_saved, saved_game_file,
};
use crate::games::position::StartPosition;
use crate::settings::{GameKind, Settings};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::ErrorKind;

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

impl Store {
    /// The saved games, at most one per kind, each checked (see [`SavedGame::problem`]); an
    /// impossible one is moved aside with a warning. The single saved game of older versions
    /// becomes its kind's saved game, if that kind has none yet.
    pub fn saved_games(&self) -> (Vec<SavedGame>, Vec<Warning>) {
        self.with_lock(|lock_problem| self.saved_games_unlocked(lock_problem.is_none()))
    }

    /// [`Store::saved_games`] under the lock its caller holds (`locked`), or read only.
    pub(super) fn saved_games_unlocked(&self, locked: bool) -> (Vec<SavedGame>, Vec<Warning>) {
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
}

/// Why a saved game that was offered cannot be resumed.
fn gone(kind: GameKind, mut warnings: Vec<Warning>) -> String {
    warnings.push(format!(
        "the saved {} game was resumed or finished in another munch",
        kind.label()
    ));
    warnings.join("; ")
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
