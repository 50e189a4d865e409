//! The saved games the menu offers, as their files hold them, which of them another window
//! is playing, and resuming one. Nothing here waits for the data folder's lock.

use super::menu::MenuLine;
use super::persist::FOLDER_BUSY;
use super::{App, Screen};
use crate::settings::GameKind;
use crate::store::SavedGame;

impl App {
    /// Marks the saved games another munch window is playing now: the menu says so, and
    /// does not resume them. A game kept in memory (its save failed) is this window's own.
    pub(super) fn check_open_elsewhere(&mut self) {
        let Some(store) = &self.saves.store else {
            return;
        };
        // Asked without waiting: while another munch holds the folder's lock, what was known
        // stays.
        let known = &self.menu.open_elsewhere;
        self.menu.open_elsewhere = self
            .saved
            .iter()
            .filter(|s| !self.saves.unsaved.contains(&s.id))
            .map(|s| s.settings.game)
            .filter(|&kind| {
                store
                    .try_played_elsewhere(kind)
                    .unwrap_or_else(|| known.contains(&kind))
            })
            .collect();
    }

    /// Takes the saved games the menu offers as their files hold them now (another window may
    /// have played on, resumed or replaced one since they were read), so that the menu's Resume row and its
    /// replace question describe what is on file. A game this window keeps in memory because
    /// its save failed stays as it is. Never waits: while another munch holds the folder's
    /// lock, the games read last stay.
    pub(super) fn reread_saved_games(&mut self) {
        let Some(store) = &self.saves.store else {
            return;
        };
        let Some((on_file, warnings)) = store.try_saved_games() else {
            return;
        };
        let kept: Vec<SavedGame> = self
            .saved
            .iter()
            .filter(|s| self.saves.unsaved.contains(&s.id))
            .cloned()
            .collect();
        let kept_kinds: Vec<GameKind> = kept.iter().map(|k| k.settings.game).collect();
        // The game on screen (or behind a study) is this window's own, not one to offer.
        let own = (!matches!(self.screen, Screen::Menu)).then_some(self.saves.game_id.as_str());
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
            .any(|s| s.settings.game == kind && self.saves.unsaved.contains(&s.id))
    }

    /// Names the saved games on the menu's Resume row, in the catalogue's order.
    fn label_saved_games(&mut self) {
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
    }

    /// Brings the menu's saved games up to date with their files, once a second while the
    /// menu shows (another window may have resumed one, played on and left it): the Resume row
    /// names each as its file holds it now, and the highlight stays where the person put it.
    pub(super) fn refresh_saved_games(&mut self) {
        self.reread_saved_games();
        self.check_open_elsewhere();
        let shown = self.menu.shown_resume();
        self.label_saved_games();
        if let Some(kind) = shown
            && let Some(at) = self.menu.resumes.iter().position(|&(k, _)| k == kind)
        {
            self.menu.resume_at = at;
        }
        if !self.menu.lines().contains(&self.menu.selected) {
            self.menu.select(MenuLine::Start);
        }
    }

    /// Puts the saved games on the menu, highlighting the one of `kind` (or the first).
    pub(super) fn offer_saved_games(&mut self, kind: Option<GameKind>) {
        self.check_open_elsewhere();
        self.find_reviewable();
        self.label_saved_games();
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

    /// Continues the saved game of `kind`, under a new identity: its first save replaces the
    /// file's, so that another munch on the same folder that offered the same game can then
    /// no longer write over it. Never waits: while another munch holds the folder's lock, the
    /// menu says to try again.
    pub fn resume(&mut self, kind: GameKind) {
        let Some(at) = self.saved.iter().position(|s| s.settings.game == kind) else {
            return;
        };
        let from_file = !self.saves.unsaved.contains(&self.saved[at].id);
        // A game another window is playing stays with it (the lock is held from here on, so
        // no other window can take it meanwhile).
        if from_file {
            match self.take_play_lock(kind) {
                Some(true) => {}
                Some(false) => {
                    self.saves.play_lock = None;
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
                None => {
                    self.menu.notice = Some(FOLDER_BUSY.into());
                    return;
                }
            }
        }
        let resumed = match &self.saves.store {
            Some(store) if from_file => {
                let Some(resumed) = store.try_resume_game(kind, &self.saved[at].id) else {
                    self.saves.play_lock = None;
                    self.menu.notice = Some(FOLDER_BUSY.into());
                    return;
                };
                resumed.map(|game| (crate::store::new_id(), Some(game)))
            }
            _ => Ok((self.saved[at].id.clone(), None)),
        };
        let (id, replaces) = match resumed {
            Ok(resumed) => resumed,
            Err(problem) => {
                self.saves.play_lock = None;
                // Another window may have resumed it, played on and left it: the file holds
                // it under a new identity, which the menu now offers as it stands.
                self.reread_saved_games();
                self.offer_saved_games(Some(kind));
                if let Some(now) = self.menu.resume(kind).map(str::to_string) {
                    self.menu.notice = Some(format!(
                        "That game was played on in another window: it is {now} now."
                    ));
                    return;
                }
                return self.warn(problem);
            }
        };
        let saved = self.saved.remove(at);
        self.offer_saved_games(None);
        let saved = replaces.clone().unwrap_or(saved);
        self.menu.select(MenuLine::Start);
        self.menu.replacing = None;
        self.asked = None;
        // A resumed game plays with its own settings (`App::playing`), whether it began on the
        // menu, from `munch play` or from a position: the menu stays as the person left it.
        self.launch(saved.settings.clone(), id, saved.start.clone());
        self.saves.counted = saved.counted;
        // Its first save takes the file's place (see `Store::save_game`).
        self.saves.replaces = replaces;
        let ok = match &mut self.screen {
            Screen::Play(game) => game.replay_notation(&saved.moves),
            Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => false,
        };
        if !ok {
            self.warn("the saved game held a move that is not legal; it stops there".into());
        }
    }
}
