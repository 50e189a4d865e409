//! The play lock a window holds on the saved game of the kind it plays ([`PlayLock`]).

use super::files::open_lock_file;
use super::{Store, play_lock_file};
use crate::settings::GameKind;
use std::fs::File;
use std::io::ErrorKind;

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

impl Store {
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
}
