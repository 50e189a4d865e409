//! What the app keeps in the data folder: settings, preferences, statistics, the saved games
//! (their identities and play locks, resuming them) and the last finished game of each kind.

use super::menu::MenuLine;
use super::{App, Screen, worth_keeping};
use crate::record::GameRecord;
use crate::settings::{GameKind, Player, Preferences};
use crate::store::{
    PREFERENCES_FILE, PlayLockError, SETTINGS_FILE, STATS_FILE, SavedGame, Stats, Store,
};

impl App {
    /// Remembers settings, statistics and the game in progress in `store`, starting from what
    /// it already holds.
    #[must_use]
    pub fn with_store(mut self, store: Store) -> App {
        match store.load_settings() {
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
        match store.load::<Preferences>(PREFERENCES_FILE) {
            Ok(preferences) => self.preferences = preferences.unwrap_or_default(),
            Err(warning) => self.warn(warning),
        }
        match store.load::<Stats>(STATS_FILE) {
            Ok(stats) => self.stats = stats.unwrap_or_default(),
            Err(warning) => self.warn(warning),
        }
        let (saved, warnings) = store.saved_games();
        self.saved = saved;
        for warning in warnings {
            self.warn(warning);
        }
        self.store = Some(store);
        self.offer_saved_games(None);
        self
    }

    /// Marks the saved games another munch window is playing now: the menu says so, and
    /// does not resume them. A game kept in memory (its save failed) is this window's own.
    pub(super) fn check_open_elsewhere(&mut self) {
        let Some(store) = &self.store else { return };
        self.menu.open_elsewhere = self
            .saved
            .iter()
            .filter(|s| !self.unsaved.contains(&s.id))
            .map(|s| s.settings.game)
            .filter(|&kind| store.played_elsewhere(kind))
            .collect();
    }

    /// Takes the play lock of `kind` unless this window holds it already. `false` when another
    /// window holds it; when the lock cannot be used at all, nothing can be told, so `true`.
    pub(super) fn take_play_lock(&mut self, kind: GameKind) -> bool {
        if self.play_lock.as_ref().is_some_and(|l| l.kind() == kind) {
            return true;
        }
        self.play_lock = None;
        let Some(store) = &self.store else {
            return true;
        };
        match store.lock_play(kind) {
            Ok(lock) => {
                self.play_lock = Some(lock);
                true
            }
            Err(PlayLockError::Busy) => false,
            Err(PlayLockError::Unavailable(_)) => true,
        }
    }

    /// Whether the game on screen is in its file as it stands: its latest save went through
    /// and the file still holds it (another window may have replaced it since).
    pub(super) fn game_is_saved(&self) -> bool {
        let Some(store) = &self.store else {
            return false;
        };
        let kind = match &self.screen {
            Screen::Menu | Screen::Study(_) => return false,
            Screen::Play(_) => self.playing.game,
        };
        self.last_saved == Some((self.game_serial, self.history_len()))
            && !self.unsaved.contains(&self.game_id)
            && store.holds_game(kind, &self.game_id)
    }

    /// Whether "Leave the game?" may say the game is saved.
    pub fn quit_saved(&self) -> bool {
        self.quit_saved == Some(true)
    }

    /// Whether the game on screen is worth keeping (see [`worth_keeping`]): "Leave the game?"
    /// says a game nobody has played in yet is not kept.
    pub fn game_played(&self) -> bool {
        self.counted.is_some()
            || self
                .session()
                .is_some_and(|g| worth_keeping(self.playing.players, g.moves_made()))
    }

    /// Takes the saved games the menu offers as their files hold them now (another window may
    /// have played on, resumed or replaced one since they were read), so that the menu's Resume row and its
    /// replace question describe what is on file. A game this window keeps in memory because
    /// its save failed stays as it is. Never waits: while another munch holds the folder's
    /// lock, the games read last stay.
    pub(super) fn reread_saved_games(&mut self) {
        let Some(store) = &self.store else { return };
        let Some((on_file, warnings)) = store.try_saved_games() else {
            return;
        };
        let kept: Vec<SavedGame> = self
            .saved
            .iter()
            .filter(|s| self.unsaved.contains(&s.id))
            .cloned()
            .collect();
        let kept_kinds: Vec<GameKind> = kept.iter().map(|k| k.settings.game).collect();
        // The game on screen (or behind a study) is this window's own, not one to offer.
        let own = (!matches!(self.screen, Screen::Menu)).then_some(self.game_id.as_str());
        // Only the kinds the menu offers are brought up to date (or dropped when their file
        // is gone): a game another window saved since is not offered here until the next run,
        // as before, so that a window never replaces a game it was not shown.
        let offered: Vec<GameKind> = self.saved.iter().map(|s| s.settings.game).collect();
        self.saved = on_file
            .into_iter()
            .filter(|s| offered.contains(&s.settings.game))
            .filter(|s| Some(s.id.as_str()) != own)
            .filter(|s| !kept_kinds.contains(&s.settings.game))
            .chain(kept)
            .collect();
        for warning in warnings {
            self.warn(warning);
        }
    }

    /// Whether the saved game of `kind` the menu offers is kept only in this window's memory
    /// (its save failed): the replace question then does not call it saved.
    pub fn kept_unsaved(&self, kind: GameKind) -> bool {
        self.saved
            .iter()
            .any(|s| s.settings.game == kind && self.unsaved.contains(&s.id))
    }

    /// Puts the saved games on the menu, highlighting the one of `kind` (or the first).
    pub(super) fn offer_saved_games(&mut self, kind: Option<GameKind>) {
        self.check_open_elsewhere();
        self.find_reviewable();
        self.saved
            .sort_by_key(|s| GameKind::ALL.iter().position(|&k| k == s.settings.game));
        self.menu.resumes = self
            .saved
            .iter()
            .map(|s| {
                let from = if s.start.is_some() { " (set)" } else { "" };
                let label = format!(
                    "{}{from}, move {}",
                    s.settings.describe(),
                    s.moves.len() + 1
                );
                (s.settings.game, label)
            })
            .collect();
        let lines = self.menu.lines();
        let highlight = kind
            .filter(|&kind| self.menu.resume(kind).is_some())
            .map(MenuLine::Resume)
            .or_else(|| {
                self.saved
                    .first()
                    .map(|s| MenuLine::Resume(s.settings.game))
            });
        if let Some(line) = highlight {
            self.menu.select(line);
        } else if !lines.contains(&self.menu.selected) {
            self.menu.select(MenuLine::Start);
        }
    }

    /// Continues the saved game of `kind`. Another munch on the same folder that offered the
    /// same game can then no longer write over it (see [`Store::claim_game`]).
    pub fn resume(&mut self, kind: GameKind) {
        let Some(at) = self.saved.iter().position(|s| s.settings.game == kind) else {
            return;
        };
        let from_file = !self.unsaved.contains(&self.saved[at].id);
        // A game another window is playing stays with it (the lock is held from here on, so
        // no other window can take it meanwhile).
        if from_file && !self.take_play_lock(kind) {
            self.play_lock = None;
            self.check_open_elsewhere();
            // Nothing is wrong with the files: a notice, not a warning.
            // The other window may be playing this very game, or a new one of its kind.
            let what = self.saved[at].settings.describe();
            let kind = kind.label();
            self.menu.notice = Some(format!(
                "Another window is playing {kind}: leave that game there to resume this {what} here."
            ));
            return;
        }
        let saved = self.saved.remove(at);
        let claimed = match &self.store {
            Some(store) if !self.unsaved.contains(&saved.id) => store.claim_game(kind, &saved.id),
            _ => Ok(saved),
        };
        self.offer_saved_games(None);
        let saved = match claimed {
            Ok(saved) => saved,
            Err(problem) => {
                self.play_lock = None;
                return self.warn(problem);
            }
        };
        self.menu.select(MenuLine::Start);
        self.menu.replacing = None;
        self.asked = None;
        // An ordinary game brings its settings back to the menu; a game from a set position
        // keeps its own, and the menu stays as the person left it.
        if saved.start.is_none() {
            self.menu.settings = saved.settings.clone();
        }
        self.launch(
            saved.settings.clone(),
            saved.id.clone(),
            saved.start.clone(),
        );
        self.counted = saved.counted;
        self.replaces = None;
        let ok = match &mut self.screen {
            Screen::Play(game) => game.replay_notation(&saved.moves),
            Screen::Menu | Screen::Study(_) => false,
        };
        if !ok {
            self.warn("the saved game held a move that is not legal; it stops there".into());
        }
    }

    /// Writes what changed: the game after each move, the statistics when it ends.
    pub(super) fn persist(&mut self) {
        let (settings, moves, over, loser) = match &self.screen {
            // A game behind a study stands as it was saved.
            Screen::Menu | Screen::Study(_) => return,
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
        if over && moves > 0 && self.last_recorded != Some((self.game_serial, moves)) {
            self.last_recorded = Some((self.game_serial, moves));
            self.keep_last_record();
        }
        // A game nobody has played in yet is not saved (nor kept, once undone to there),
        // unless it was counted: its entry is amended when it ends again.
        let keep = worth_keeping(self.playing.players, moves) || self.counted.is_some();
        let saved_now = matches!(self.last_saved, Some((serial, _)) if serial == self.game_serial);
        // This runs after every event, ticks included: leave at once unless something changed.
        let due = if over {
            // A game finished again after undo keeps its one entry, amended if the result
            // changed; its save goes.
            (result.is_some() && result != self.counted) || self.last_saved.is_some()
        } else if !keep {
            saved_now
        } else {
            self.last_saved != Some((self.game_serial, moves))
        };
        if !due || self.store.is_none() {
            return;
        }
        if !over && !self.take_play_lock(kind) {
            // Another window is playing this kind (it held the lock when this game began, and
            // still does): its saved game is not written over. This game stays in this
            // window's memory, said once; a later move saves it once that window has left.
            self.last_saved = Some((self.game_serial, moves));
            if !self.unsaved.contains(&self.game_id) {
                self.unsaved.push(self.game_id.clone());
                let what = kind.label();
                self.warn(format!(
                    "Not saved while another window plays {what}; kept until munch quits"
                ));
            }
            return;
        }
        let settings = match &self.screen {
            Screen::Menu | Screen::Study(_) => return,
            Screen::Play(_) => &self.playing,
        };
        let Some(store) = &self.store else { return };
        let mut problems = Vec::new();
        if over {
            self.last_saved = None;
            if let Some(person_won) = result
                && result != self.counted
            {
                // Merged with what other munch processes recorded meanwhile.
                let (stats, warnings) = store.count_game(
                    &settings.describe(),
                    settings.level,
                    person_won,
                    self.counted,
                );
                self.stats = stats;
                self.counted = result;
                problems.extend(warnings);
            }
            problems.extend(store.remove_game(settings.game, &self.game_id).err());
        } else if !keep {
            self.last_saved = None;
            problems.extend(store.remove_game(settings.game, &self.game_id).err());
        } else if let Some(saved) = self.game_in_progress() {
            self.last_saved = Some((self.game_serial, moves));
            self.unsaved.retain(|id| *id != saved.id);
            let replaces = self.replaces.as_ref().map(|r| r.id.as_str());
            match store.save_game(&saved, replaces) {
                Ok(()) => self.replaces = None,
                Err(problem) => {
                    self.unsaved.push(saved.id);
                    problems.push(problem);
                }
            }
        }
        for problem in problems {
            self.warn(problem);
        }
    }

    /// Notes which kinds have a last finished game to review, for the menu's key bar.
    pub(super) fn find_reviewable(&mut self) {
        self.menu.reviewable = match &self.store {
            Some(store) => GameKind::ALL
                .into_iter()
                .filter(|&kind| store.has_last_record(kind))
                .collect(),
            None => Vec::new(),
        };
    }

    /// Keeps the finished game on screen as its kind's last record.
    pub(super) fn keep_last_record(&mut self) {
        let (Some(store), Screen::Play(game)) = (&self.store, &self.screen) else {
            return;
        };
        let Some(record) = GameRecord::of(&self.playing, self.start.as_ref(), game.as_ref()) else {
            return;
        };
        if let Err(problem) = store.save_last_record(&record) {
            self.warn(problem);
        }
        self.find_reviewable();
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
            self.store.is_some()
                && self.last_saved == Some((self.game_serial, self.history_len()))
                && !self.unsaved.contains(&self.game_id),
        )
    }

    /// Opens the review of the last finished game of the menu's kind, as the data folder keeps
    /// it; the menu says why when there is none.
    pub(super) fn review_last_game(&mut self) {
        let kind = self.menu.settings.game;
        let Some(store) = &self.store else {
            self.menu.note = Some("No data folder: no finished game is kept.".into());
            return;
        };
        match store.last_record(kind) {
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
        study.note = Some(match &self.store {
            None => "No data folder to write the record to.".into(),
            Some(store) => match store.write_record(&review.record) {
                // The file's name on a line of its own, so that it is read whole; the folder
                // under it.
                Ok(path) => match (path.file_name(), path.parent()) {
                    (Some(name), Some(folder)) => format!(
                        "Record written: {}\nin {}",
                        name.to_string_lossy(),
                        folder.display()
                    ),
                    _ => format!("Record written: {}", path.display()),
                },
                Err(problem) => format!("Not written: {problem}."),
            },
        });
    }

    /// The game on screen as it would be saved, unless it is over (or there is none).
    pub(super) fn game_in_progress(&self) -> Option<SavedGame> {
        let (settings, moves) = match &self.screen {
            Screen::Play(g) if !g.is_over() => (&self.playing, g.notation()),
            _ => return None,
        };
        Some(SavedGame {
            id: self.game_id.clone(),
            settings: settings.clone(),
            moves,
            counted: self.counted,
            start: self.start.clone(),
        })
    }

    /// Turns the hints preference over and keeps it for later runs. A failed write is said
    /// in the menu's warnings; the hints still change for this run.
    pub(super) fn toggle_hints(&mut self) {
        self.preferences.hints = !self.preferences.hints;
        if let Some(store) = &self.store
            && let Err(problem) = store.save(PREFERENCES_FILE, &self.preferences)
        {
            self.warn(problem);
        }
    }
}
