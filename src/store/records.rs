//! The records of finished games in the data folder: the last one of each kind, every one
//! kept in `records/` (the newest [`MAX_KEPT_RECORDS`]), and those written on request.

use super::files::{move_no_clobber, open_data_file};
use super::{Found, Store, TEMP_SERIAL, Warning, last_record_file, not_saved};
use crate::record::{GameRecord, MAX_RECORD_BYTES};
use crate::settings::GameKind;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// The folder, in the data folder, that keeps every finished game's record.
pub const KEPT_RECORDS_DIR: &str = "records";

/// The most records `records/` keeps: past them the oldest go.
pub const MAX_KEPT_RECORDS: usize = 500;

/// Whether `name` is a record `records/` keeps (`<milliseconds>-<serial>-<pid>-<game>.txt`):
/// not a temporary file another munch is still writing, nor one set aside.
fn is_kept_record(name: &str) -> bool {
    name.strip_suffix(".txt")
        .and_then(|stem| stem.get(..13))
        .is_some_and(|millis| millis.bytes().all(|b| b.is_ascii_digit()))
}

/// A new name for `record` in `records/`: when it is kept, so that the names sort oldest first
/// (`<milliseconds>-<serial>-<pid>-<game>.txt`), and no other munch's name.
pub fn kept_name(record: &GameRecord) -> String {
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let serial = TEMP_SERIAL.fetch_add(1, Ordering::Relaxed);
    let pid = std::process::id();
    let id = record.settings.game.game().id();
    format!("{millis:013}-{serial:06}-{pid}-{id}.txt")
}

impl Store {
    /// Keeps `record` in `records/`, named by when it was kept so that the names sort oldest
    /// first, written whole (a temporary file, flushed, renamed); then removes the oldest past
    /// [`MAX_KEPT_RECORDS`]. Under the folder's lock; a file another munch is still writing is
    /// never one of them (it has a temporary name until it is whole).
    pub fn keep_record(&self, record: &GameRecord) -> Result<(), String> {
        self.keep_record_as(record, &kept_name(record))
    }

    /// [`Store::keep_record`] under the name `name`, made by [`kept_name`] beforehand (so that
    /// whoever keeps it knows its name before it is written).
    pub fn keep_record_as(&self, record: &GameRecord, name: &str) -> Result<(), String> {
        if !is_kept_record(name) || name.contains(['/', '\\']) {
            return Err(format!("{name:?} is not a name {KEPT_RECORDS_DIR}/ keeps"));
        }
        let text = record.text();
        if text.len() as u64 > MAX_RECORD_BYTES {
            return Err(format!(
                "the game is too long to keep its record in {KEPT_RECORDS_DIR}/ ({} KiB at most)",
                MAX_RECORD_BYTES / 1024
            ));
        }
        let failed =
            |e: std::io::Error| format!("cannot keep the game in {KEPT_RECORDS_DIR}/: {e}");
        self.locked(|| {
            let dir = self.dir.join(KEPT_RECORDS_DIR);
            match fs::symlink_metadata(&dir) {
                Ok(meta) if meta.is_dir() => {}
                Ok(_) => {
                    return Err(format!(
                        "{KEPT_RECORDS_DIR} in the data folder is not a folder; munch leaves it alone"
                    ));
                }
                Err(e) if e.kind() == ErrorKind::NotFound => fs::create_dir(&dir).map_err(failed)?,
                Err(e) => return Err(failed(e)),
            }
            let tmp = dir.join(format!(".{name}.tmp"));
            let written = (|| {
                let mut file = open_data_file(&tmp, true)?;
                file.write_all(text.as_bytes())?;
                file.sync_all()?;
                move_no_clobber(&tmp, &dir.join(name))
            })();
            if let Err(e) = written {
                let _ = fs::remove_file(&tmp);
                return Err(failed(e));
            }
            let mut kept = self.kept_names();
            kept.sort();
            let past = kept.len().saturating_sub(MAX_KEPT_RECORDS);
            for old in &kept[..past] {
                fs::remove_file(dir.join(old)).map_err(failed)?;
            }
            Ok(())
        })
    }

    /// The names of the records `records/` keeps, in no order.
    pub(super) fn kept_names(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.dir.join(KEPT_RECORDS_DIR)) else {
            return Vec::new();
        };
        entries
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|entry| entry.file_name().into_string().ok())
            .filter(|name| is_kept_record(name))
            .collect()
    }

    /// Every record `records/` keeps, newest first, each read and checked move by move; one
    /// that cannot be read or is damaged is moved aside (`NAME.bad`) with a warning.
    pub fn kept_records(&self) -> (Vec<GameRecord>, Vec<Warning>) {
        let (named, warnings) = self.with_lock(|_| self.kept_records_unlocked(|_| true));
        (
            named.into_iter().map(|(_, record)| record).collect(),
            warnings,
        )
    }

    /// The records `records/` keeps whose names `wanted` takes, newest first, each with its
    /// name, read and checked as [`Store::kept_records`] reads them; the folder's lock is held.
    pub(super) fn kept_records_unlocked(
        &self,
        wanted: impl Fn(&str) -> bool,
    ) -> (Vec<(String, GameRecord)>, Vec<Warning>) {
        let mut names = self.kept_names();
        names.retain(|name| wanted(name));
        names.sort_unstable_by(|a, b| b.cmp(a));
        let mut warnings = Vec::new();
        let records = names
            .into_iter()
            .filter_map(|name| {
                let path = self.dir.join(KEPT_RECORDS_DIR).join(&name);
                match GameRecord::read_file(&path) {
                    Ok(record) => Some((name, record)),
                    Err(problem) => {
                        let name = format!("{KEPT_RECORDS_DIR}/{name}");
                        warnings.push(
                            self.set_aside(&name, &format!("is not a game record ({problem})")),
                        );
                        None
                    }
                }
            })
            .collect();
        (records, warnings)
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
}
