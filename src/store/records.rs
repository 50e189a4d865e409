//! The records of finished games in the data folder: the last one of each kind, and those
//! written on request.

use super::files::{move_no_clobber, open_data_file};
use super::{Found, Store, TEMP_SERIAL, Warning, last_record_file, not_saved};
use crate::record::{GameRecord, MAX_RECORD_BYTES};
use crate::settings::GameKind;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

impl Store {
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
}
