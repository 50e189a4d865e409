//! What the app keeps in the data folder: settings, preferences, statistics, the saved games
//! (their identities and play locks, resuming them) and the last finished game of each kind.

use super::menu::MenuLine;
use super::writer::{Outcome, Write, Writer, Written};
use super::{App, Dialog, Screen, worth_keeping};
use crate::record::GameRecord;
use crate::settings::Settings;
use crate::settings::{GameKind, Player, Preferences};
use crate::store::{OnFile, PlayLock, PlayLockError, SETTINGS_FILE, SavedGame, Store, kept_name};
use std::time::Duration;

/// The app's hold on the data folder: where it reads, where its writes go, and what it knows of
/// the game on screen's file.
#[derive(Default)]
pub(super) struct Saves {
    pub(super) store: Option<Store>,
    /// Takes every write (see [`Writer`]): the interface's thread never waits for a lock or a disk.
    pub(super) writer: Option<Writer>,
    /// Counts games started, so a save belongs to one game.
    pub(super) game_serial: u64,
    /// The identity the game on screen is saved under (see [`SavedGame::id`]).
    pub(super) game_id: String,
    /// The saved game the game on screen replaces, until its first save lands (the player chose
    /// to replace it; if another munch has meanwhile taken the file, that one is kept).
    pub(super) replaces: Option<SavedGame>,
    /// Games whose last save failed (another munch's game holds the file, or the folder
    /// cannot be written): they are resumed from memory, not from the file.
    pub(super) unsaved: Vec<String>,
    /// (game, moves) last sent to the saved-game file.
    pub(super) last_saved: Option<(u64, usize)>,
    /// (game, moves) of the finished game last kept as its kind's last record.
    pub(super) last_recorded: Option<(u64, usize)>,
    /// The last finished game this window keeps as its kind's last record, until that write
    /// has landed: a review asked for meanwhile reads it from here.
    pub(super) recorded: Option<GameRecord>,
    /// The finished game this window last kept in `records/`, by its name there: "Your
    /// mistakes" judges it at once, whether or not the writer has written it yet.
    pub(super) just_kept: Option<(String, GameRecord)>,
    /// The result the game on screen is counted with in the statistics (`true`: the person
    /// won), once it has ended; undo and a new ending amend that one entry.
    pub(super) counted: Option<bool>,
    /// Held while a game is on screen, so that no other munch resumes its kind's saved game
    /// (see [`PlayLock`]); retried at each save while another window holds it.
    pub(super) play_lock: Option<PlayLock>,
    /// Set while the data folder's first read waits for another munch's lock (see
    /// [`App::with_store`]).
    pub(super) first_read: Option<FirstRead>,
}

/// The data folder's first read, while another munch holds the folder's lock: the writer's
/// thread reads it ([`Write::ReadAll`]) and the menu runs meanwhile.
pub(super) struct FirstRead {
    /// The menu's settings and the preferences munch started with: what the files hold replaces
    /// them when it comes, unless the person has changed them meanwhile (their newer choice,
    /// written after the read, stands).
    settings: Settings,
    preferences: Preferences,
    /// The menu's highlighted line munch started with: one the person has moved since stays.
    selected: MenuLine,
    /// Whether the read is handed to the writer yet.
    sent: bool,
}

/// What the menu says when another munch holds the data folder's lock at the moment a person
/// asks for something that must read it under the lock.
pub(super) const FOLDER_BUSY: &str = "Another munch window is saving: try again in a moment.";

/// What the menu says while another munch holds the data folder's lock as this one starts.
pub(super) const FOLDER_BUSY_AT_START: &str =
    "Another munch window is saving: your settings and saved games show when it is done.";

impl App {
    /// Remembers settings, statistics and the game in progress in `store`, starting from what
    /// it already holds. Never waits for another munch: while one holds the data folder's lock,
    /// the menu starts from the defaults and the writer reads the folder when the lock is free
    /// (see [`FirstRead`]).
    #[must_use]
    pub fn with_store(mut self, store: Store) -> App {
        self.saves.writer = Some(Writer::inline(store.clone()));
        let on_file = store.try_read_all();
        self.saves.store = Some(store);
        if let Some(on_file) = on_file {
            self.take_on_file(on_file);
        } else {
            self.saves.first_read = Some(FirstRead {
                settings: self.menu.settings.clone(),
                preferences: self.preferences.clone(),
                selected: self.menu.selected,
                sent: false,
            });
            self.menu.notice = Some(FOLDER_BUSY_AT_START.into());
        }
        self
    }

    /// Takes what the data folder holds: at start-up, or when its first read comes back from
    /// the writer. Settings and preferences the person changed meanwhile stay theirs.
    fn take_on_file(&mut self, on_file: OnFile) {
        let first_read = self.saves.first_read.take();
        let unchanged = |read: &FirstRead, menu: &Settings, preferences: &Preferences| {
            read.settings == *menu && read.preferences == *preferences
        };
        let keep = first_read
            .as_ref()
            .is_some_and(|read| !unchanged(read, &self.menu.settings, &self.preferences));
        if first_read.is_some() && self.menu.notice.as_deref() == Some(FOLDER_BUSY_AT_START) {
            self.menu.notice = None;
        }
        match on_file.settings {
            Ok(Some(_)) if keep => {}
            Ok(Some((settings, repairs))) => {
                let (settings, changes) = settings.sanitize();
                self.menu.settings = settings;
                for change in repairs.into_iter().chain(changes) {
                    self.warn(format!("{SETTINGS_FILE}: {change}"));
                }
            }
            Ok(None) => {}
            Err(warning) => self.warn(warning),
        }
        match on_file.preferences {
            Ok(_) if keep => {}
            Ok(preferences) => self.preferences = preferences.unwrap_or_default(),
            Err(warning) => self.warn(warning),
        }
        match on_file.stats {
            Ok(stats) => self.stats = stats.unwrap_or_default(),
            Err(warning) => self.warn(warning),
        }
        let (saved, warnings) = on_file.saved;
        self.saved = saved;
        for warning in warnings {
            self.warn(warning);
        }
        // The highlight stays where the person moved it meanwhile.
        let moved = first_read
            .as_ref()
            .is_some_and(|read| read.selected != self.menu.selected)
            .then_some(self.menu.selected);
        self.offer_saved_games(None);
        if let Some(line) = moved
            && self.menu.lines().contains(&line)
        {
            self.menu.select(line);
        }
    }

    /// Writes on a thread of its own (see [`Writer::spawn`]) rather than at once: what the event
    /// loop runs, so that another munch holding the data folder's lock never freezes this one.
    /// Tests leave the writes inline, and drive the app without threads.
    #[must_use]
    pub fn writing_in_background(mut self) -> App {
        if let Some(store) = &self.saves.store {
            self.saves.writer = Some(Writer::spawn(store.clone()));
        }
        self.send_first_read();
        self
    }

    /// Hands the data folder's first read to the writer, if it waits for another munch's lock
    /// and is not sent yet. An inline writer (tests) reads at once, waiting for the lock.
    pub(super) fn send_first_read(&mut self) {
        if let Some(read) = &mut self.saves.first_read
            && !read.sent
        {
            read.sent = true;
            self.write(Write::ReadAll);
        }
    }

    /// Hands `write` to the writer, and takes whatever answers are back.
    pub(super) fn write(&mut self, write: Write) {
        if let Some(writer) = &mut self.saves.writer {
            writer.send(write);
        }
        self.take_written();
    }

    /// Takes the writer's answers that are back, never waiting; `true` if there were any.
    pub(super) fn take_written(&mut self) -> bool {
        let answers = match &mut self.saves.writer {
            Some(writer) => writer.take_written(),
            None => return false,
        };
        let any = !answers.is_empty();
        for written in answers {
            self.on_written(written);
        }
        any
    }

    /// How many writes are still on their way to the data folder.
    pub fn writes_waiting(&self) -> usize {
        self.saves.writer.as_ref().map_or(0, Writer::waiting)
    }

    /// Waits until every write sent has landed, or `within` has passed (another munch may hold
    /// the folder's lock): what quitting does. `true` when every write has landed.
    pub fn flush_writes(&mut self, within: Duration) -> bool {
        let answers = match &mut self.saves.writer {
            Some(writer) => writer.flush(within),
            None => return true,
        };
        for written in answers {
            self.on_written(written);
        }
        self.writes_waiting() == 0
    }

    /// What a write's answer changes: a failed save keeps its game in memory and warns, a count
    /// brings the statistics as the file holds them, a record written says where.
    fn on_written(&mut self, Written { write, outcome }: Written) {
        // "Leave the game?" says again whether the game is saved.
        if self.dialog() == Some(Dialog::ConfirmQuit) {
            self.opened.quit_saved = None;
        }
        match (write, outcome) {
            (Write::Game { game, .. }, Outcome::Done(Ok(()))) => {
                if game.id == self.saves.game_id {
                    self.saves.replaces = None;
                }
            }
            (Write::Game { game, .. }, Outcome::Done(Err(problem))) => {
                if !self.saves.unsaved.contains(&game.id) {
                    self.saves.unsaved.push(game.id);
                }
                self.warn(problem);
            }
            (Write::Count { .. }, Outcome::Counted(stats, warnings)) => {
                self.stats = stats;
                for warning in warnings {
                    self.warn(warning);
                }
            }
            (Write::Puzzle(_), Outcome::Puzzles(record, warnings)) => {
                if let Screen::Puzzle(puzzles) = &mut self.screen {
                    puzzles.take_record(*record);
                }
                for warning in warnings {
                    self.warn(warning);
                }
            }
            (
                Write::MergeMistakes(_) | Write::AttemptMistake { .. },
                Outcome::Mistakes(queue, warnings),
            ) => {
                if let Screen::Puzzle(puzzles) = &mut self.screen {
                    puzzles.take_queue(queue);
                }
                for warning in warnings {
                    self.warn(warning);
                }
            }
            (Write::LastRecord(record), Outcome::Done(result)) => {
                if self.saves.recorded.as_ref() == Some(&record) {
                    self.saves.recorded = None;
                }
                if let Err(problem) = result {
                    self.warn(problem);
                }
                self.find_reviewable();
            }
            (Write::Record(record), Outcome::RecordWritten(result)) => {
                if let Screen::Study(study) = &mut self.screen
                    && study.review.as_ref().is_some_and(|r| r.record == record)
                {
                    study.note = Some(match result {
                        // The file's name on a line of its own, so that it is read whole; the
                        // folder under it.
                        Ok(path) => match (path.file_name(), path.parent()) {
                            (Some(name), Some(folder)) => format!(
                                "Record written: {}\nin {}",
                                name.to_string_lossy(),
                                folder.display()
                            ),
                            _ => format!("Record written: {}", path.display()),
                        },
                        Err(problem) => format!("Not written: {problem}."),
                    });
                }
            }
            (Write::ReadAll, Outcome::Read(on_file)) => self.take_on_file(*on_file),
            (Write::ReadAll, Outcome::Done(Err(problem))) => {
                self.saves.first_read = None;
                self.warn(problem);
            }
            (_, Outcome::Done(Err(problem))) => self.warn(problem),
            // Superseded: a newer write of the file follows.
            (_, _) => {}
        }
    }

    /// Takes the play lock of `kind` unless this window holds it already, never waiting.
    /// `Some(false)` when another window holds it; when the lock cannot be used at all, nothing
    /// can be told, so `Some(true)`; `None` while another munch holds the folder's lock (it is
    /// tried again at the next save).
    pub(super) fn take_play_lock(&mut self, kind: GameKind) -> Option<bool> {
        if self
            .saves
            .play_lock
            .as_ref()
            .is_some_and(|l| l.kind() == kind)
        {
            return Some(true);
        }
        self.saves.play_lock = None;
        let Some(store) = &self.saves.store else {
            return Some(true);
        };
        match store.try_lock_play(kind)? {
            Ok(lock) => {
                self.saves.play_lock = Some(lock);
                Some(true)
            }
            Err(PlayLockError::Busy) => Some(false),
            Err(PlayLockError::Unavailable(_)) => Some(true),
        }
    }

    /// Whether the game on screen is in its file as it stands: its latest save went through
    /// (none is still on its way) and the file still holds it (another window may have replaced
    /// it since; while another munch holds the folder's lock, this window's last save is
    /// trusted).
    pub(super) fn game_is_saved(&self) -> bool {
        let Some(store) = &self.saves.store else {
            return false;
        };
        let kind = match &self.screen {
            Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => return false,
            Screen::Play(_) => self.playing.game,
        };
        self.writes_waiting() == 0
            && self.saves.last_saved == Some((self.saves.game_serial, self.history_len()))
            && !self.saves.unsaved.contains(&self.saves.game_id)
            && store
                .try_holds_game(kind, &self.saves.game_id)
                .unwrap_or(true)
    }

    /// Whether "Leave the game?" may say the game is saved.
    pub fn quit_saved(&self) -> bool {
        self.opened.quit_saved == Some(true)
    }

    /// Whether the latest save of the game on screen is on its way to its file (another munch
    /// holds the data folder's lock a moment): quitting waits a bounded time for it.
    pub fn game_saving(&self) -> bool {
        matches!(self.screen, Screen::Play(_))
            && self.writes_waiting() > 0
            && self.saves.last_saved == Some((self.saves.game_serial, self.history_len()))
            && !self.saves.unsaved.contains(&self.saves.game_id)
    }

    /// Whether the game on screen is worth keeping (see [`worth_keeping`]): "Leave the game?"
    /// says a game nobody has played in yet is not kept.
    pub fn game_played(&self) -> bool {
        self.saves.counted.is_some()
            || self
                .session()
                .is_some_and(|g| worth_keeping(self.playing.players, g.moves_made()))
    }

    /// Writes what changed: the game after each move, the statistics when it ends.
    pub(super) fn persist(&mut self) {
        // A finished puzzle is counted in the puzzles file.
        if let Screen::Puzzle(puzzles) = &mut self.screen {
            let finished = puzzles.take_finished();
            let (writes, warnings) = puzzles.take_mistakes();
            for attempt in finished {
                self.write(Write::Puzzle(Some(attempt)));
            }
            for write in writes {
                self.write(write);
            }
            for warning in warnings {
                self.warn(warning);
            }
            return;
        }
        let (settings, moves, over, loser) = match &self.screen {
            // A game behind a study stands as it was saved.
            Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => return,
            Screen::Play(g) => (&self.playing, g.moves_made(), g.is_over(), g.loser()),
        };
        let kind = settings.game;
        // Only a game a person played against the computer, with at least one move made,
        // counts: a pile nobody can take from is decided before anyone moved.
        let people = settings
            .players
            .iter()
            .filter(|&&p| p == Player::Person)
            .count();
        // A game from a set position is not counted either: the record compares like games.
        let result = match (over, people, loser) {
            (true, 1, Some(loser)) if moves > 0 && self.start.is_none() => {
                Some(settings.players[loser] == Player::Computer)
            }
            _ => None,
        };
        if over && moves > 0 && self.saves.last_recorded != Some((self.saves.game_serial, moves)) {
            self.saves.last_recorded = Some((self.saves.game_serial, moves));
            self.keep_last_record();
        }
        // A game nobody has played in yet is not saved (nor kept, once undone to there),
        // unless it was counted: its entry is amended when it ends again.
        let keep = worth_keeping(self.playing.players, moves) || self.saves.counted.is_some();
        let saved_now =
            matches!(self.saves.last_saved, Some((serial, _)) if serial == self.saves.game_serial);
        // This runs after every event, ticks included: leave at once unless something changed.
        let due = if over {
            // A game finished again after undo keeps its one entry, amended if the result
            // changed; its save goes.
            (result.is_some() && result != self.saves.counted) || self.saves.last_saved.is_some()
        } else if !keep {
            saved_now
        } else {
            self.saves.last_saved != Some((self.saves.game_serial, moves))
        };
        if !due || self.saves.store.is_none() {
            return;
        }
        if !over {
            match self.take_play_lock(kind) {
                Some(true) => {}
                Some(false) => {
                    // Another window is playing this kind (it held the lock when this game
                    // began, and still does): its saved game is not written over. This game
                    // stays in this window's memory, said once; a later move saves it once that
                    // window has left.
                    self.saves.last_saved = Some((self.saves.game_serial, moves));
                    if !self.saves.unsaved.contains(&self.saves.game_id) {
                        self.saves.unsaved.push(self.saves.game_id.clone());
                        let what = kind.label();
                        self.warn(format!(
                            "Not saved while another window plays {what}; kept until munch quits"
                        ));
                    }
                    return;
                }
                // Another munch holds the folder's lock this moment: the save is tried again
                // at the next event (a tick comes every 50 ms), never waited for.
                None => return,
            }
        }
        let (game, level, id) = (
            self.playing.describe(),
            self.playing.level,
            self.saves.game_id.clone(),
        );
        if over {
            self.saves.last_saved = None;
            if let Some(person_won) = result
                && result != self.saves.counted
            {
                let previous = self.saves.counted;
                // Shown at once; the writer merges it with what other munch processes recorded
                // meanwhile, and the statistics then show the file's.
                self.stats.count(&game, level, person_won, previous);
                self.saves.counted = result;
                self.write(Write::Count {
                    game,
                    level,
                    person_won,
                    previous,
                });
            }
            // After the count: should munch end before both land, the game is still on file.
            self.write(Write::RemoveGame { kind, id });
            // A game that was to replace a saved game and ended before it was ever saved (its
            // first move won) replaces it all the same, as its question said: the saved game
            // goes (a no-op once a save of this game took its place).
            if let Some(replaced) = self.saves.replaces.take() {
                self.write(Write::RemoveGame {
                    kind,
                    id: replaced.id,
                });
            }
        } else if !keep {
            self.saves.last_saved = None;
            self.write(Write::RemoveGame { kind, id });
        } else if let Some(game) = self.game_in_progress() {
            self.saves.last_saved = Some((self.saves.game_serial, moves));
            self.saves.unsaved.retain(|id| *id != game.id);
            let replaces = self.saves.replaces.as_ref().map(|r| r.id.clone());
            self.write(Write::Game { game, replaces });
        }
    }

    /// Notes which kinds have a last finished game to review, for the menu's key bar.
    pub(super) fn find_reviewable(&mut self) {
        self.menu.reviewable = match &self.saves.store {
            Some(store) => GameKind::ALL
                .into_iter()
                .filter(|&kind| store.has_last_record(kind))
                .collect(),
            None => Vec::new(),
        };
    }

    /// Keeps the finished game on screen as its kind's last record.
    pub(super) fn keep_last_record(&mut self) {
        let (Some(_), Screen::Play(game)) = (&self.saves.store, &self.screen) else {
            return;
        };
        let Some(record) = GameRecord::of(&self.playing, self.start.as_ref(), game.as_ref()) else {
            return;
        };
        let kind = record.settings.game;
        self.saves.recorded = Some(record.clone());
        let name = kept_name(&record);
        self.saves.just_kept = Some((name.clone(), record.clone()));
        self.write(Write::KeepRecord {
            name,
            record: record.clone(),
        });
        self.write(Write::LastRecord(record));
        // Reviewable at once: until its file is written, the review reads it from memory.
        if !self.menu.reviewable.contains(&kind) {
            self.menu.reviewable.push(kind);
        }
    }

    /// Whether quitting from a screen too small to draw keeps the game on it: `None` where
    /// there is no game worth keeping (the menu, a study, a game nobody has moved in yet),
    /// else whether its last move is saved, as far as this window knows ("Leave the game?"
    /// also checks the file is still there, which a frame must not do).
    pub fn hidden_quit_keeps_game(&self) -> Option<bool> {
        if !matches!(self.screen, Screen::Play(_)) || !self.game_played() {
            return None;
        }
        Some(
            self.saves.store.is_some()
                && self.saves.last_saved == Some((self.saves.game_serial, self.history_len()))
                && !self.saves.unsaved.contains(&self.saves.game_id),
        )
    }

    /// Opens the review of the last finished game of the menu's kind, as the data folder keeps
    /// it; the menu says why when there is none.
    pub(super) fn review_last_game(&mut self) {
        let kind = self.menu.settings.game;
        let Some(store) = &self.saves.store else {
            self.menu.note = Some("No data folder: no finished game is kept.".into());
            return;
        };
        // The one this window finished, while its file is still being written.
        let written = match &self.saves.recorded {
            Some(record) if record.settings.game == kind => Some(Ok(Some(record.clone()))),
            _ => store.try_last_record(kind),
        };
        let Some(found) = written else {
            self.menu.notice = Some(FOLDER_BUSY.into());
            return;
        };
        match found {
            Ok(Some(record)) => {
                if let Err(problem) = self.review_record(record) {
                    self.menu.note = Some(format!("Cannot review: {problem}."));
                }
            }
            Ok(None) => {
                self.menu.note = Some(format!("No finished {} game to review yet.", kind.label()));
            }
            Err(warning) => self.warn(warning),
        }
        // A record found damaged was moved aside; one another window wrote is now known.
        self.find_reviewable();
    }

    /// Writes the record of the game under review to the data folder; the review says where:
    /// the file's name, then its folder on a line of its own.
    pub(super) fn write_record(&mut self) {
        let Screen::Study(study) = &mut self.screen else {
            return;
        };
        let Some(review) = &study.review else {
            return;
        };
        if self.saves.store.is_none() {
            study.note = Some("No data folder to write the record to.".into());
            return;
        }
        // The review says where once it is written.
        study.note = Some("Writing the record…".into());
        let record = review.record.clone();
        self.write(Write::Record(record));
    }

    /// The game on screen as it would be saved, unless it is over (or there is none).
    pub(super) fn game_in_progress(&self) -> Option<SavedGame> {
        let (settings, moves) = match &self.screen {
            Screen::Play(g) if !g.is_over() => (&self.playing, g.notation()),
            _ => return None,
        };
        Some(SavedGame {
            id: self.saves.game_id.clone(),
            settings: settings.clone(),
            moves,
            counted: self.saves.counted,
            start: self.start.clone(),
        })
    }

    /// Turns the hints preference over and keeps it for later runs. A failed write is said
    /// in the menu's warnings; the hints still change for this run.
    pub(super) fn toggle_hints(&mut self) {
        self.preferences.hints = !self.preferences.hints;
        self.write(Write::Preferences(self.preferences.clone()));
    }
}
