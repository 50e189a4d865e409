//! Input: keys, clicks, the wheel and pastes, each turned into what it does on the screen
//! showing, questions first.

use super::keys::{self, Action};
use super::menu::MenuLine;
use super::{App, Dialog, Effect, Modal, Screen, Target, study};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

impl App {
    /// A paste is typed into the menu's field being edited, keeping only the characters that
    /// field takes (a newline never starts a game); in a game it plays nothing and says so.
    pub(super) fn on_paste(&mut self, text: &str) {
        // The help, and the warnings and the question over the menu, take no text (the menu's
        // fields take it only when nothing covers them); a dialog over a game lets the game
        // say that it plays none.
        if self.hidden()
            || matches!(
                self.top_modal(),
                Some(Modal::Help | Modal::Warnings | Modal::Replace(_))
            )
        {
            return;
        }
        let note = "Pasted text is ignored in a game.";
        match &mut self.screen {
            Screen::Menu => {
                // Trimmed, so that a pasted value replaces the field's as a typed one does.
                let kept: String = text.chars().filter(|&c| self.menu.takes_char(c)).collect();
                for c in kept.trim().chars() {
                    self.menu.type_char(Some(c));
                }
            }
            Screen::Play(game) => game.note(note.into()),
            Screen::Study(_) | Screen::Puzzle(_) => {}
        }
    }

    pub(super) fn on_key(&mut self, key: &KeyEvent) {
        if keys::is_force_quit(key) {
            self.should_quit = true;
            return;
        }
        if keys::does_nothing(key) {
            return;
        }
        if self.hidden() {
            // Nothing is drawn but the size message, which names the keys that work: Esc goes
            // back where that is safe (as it does on the screen, which may then fit); else it
            // and q quit (the game is saved).
            let back = key.code == KeyCode::Esc && self.hidden_esc_goes_back();
            if !back {
                if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                    self.should_quit = true;
                }
                return;
            }
        }
        // The top of the modal stack takes the key first; what it leaves goes to the screen.
        if self.modal_key(key) {
            return;
        }
        if let Screen::Study(study) = &mut self.screen
            && study.editor.is_some()
            && !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            // The editor owns the characters it can use.
            let typed = match key.code {
                KeyCode::Char(c) => Some(Some(c)),
                KeyCode::Backspace => Some(None),
                _ => None,
            };
            if let Some(c) = typed
                && study.type_char(c)
            {
                return;
            }
        }
        if let Screen::Menu = self.screen
            && !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            // A field owns the keys it can use; Space never starts a game from a field.
            let typed = match key.code {
                KeyCode::Char(c) => Some(Some(c)),
                KeyCode::Backspace => Some(None),
                _ => None,
            };
            if let Some(ch) = typed
                && self.menu.type_char(ch)
            {
                return;
            }
            if key.code == KeyCode::Char(' ') && self.menu.selected.has_value() {
                return;
            }
        }
        if let Some(action) = keys::action(self.bindings(), key) {
            self.act(action);
        }
    }

    /// Does what a key or a button asks for: every action goes through here, so a click asks
    /// the same questions a key does.
    pub fn act(&mut self, action: Action) {
        if action == Action::Help {
            return self.open_help();
        }
        if let Some(dialog) = self.dialog() {
            match action {
                Action::Left => return self.move_focus(dialog, -1),
                Action::Right => return self.move_focus(dialog, 1),
                Action::Select => {
                    if let Some(button) = self.focused_button() {
                        self.press(button);
                    }
                    return;
                }
                _ => {}
            }
        }
        match self.dialog() {
            Some(Dialog::ConfirmQuit) => match action {
                Action::Yes => self.should_quit = true,
                Action::Menu => self.back_to_menu(),
                _ => self.opened.leave = false,
            },
            Some(Dialog::ConfirmRestart) => match action {
                Action::Yes => self.restart(),
                _ => self.opened.restart = false,
            },
            Some(Dialog::Question(_)) => self.answer_question(action == Action::Yes),
            Some(Dialog::GameOver) => match action {
                Action::PlayAgain => self.restart(),
                Action::Mistakes => self.open_mistakes(true),
                Action::Review => self.review_finished_game(),
                Action::Menu => self.back_to_menu(),
                Action::Quit => self.should_quit = true,
                Action::Undo => {
                    if let Screen::Play(game) = &mut self.screen {
                        game.undo();
                    }
                }
                _ => {}
            },
            None => self.play_action(action),
        }
    }

    /// An action on the menu or in a game with no dialog showing.
    pub(super) fn play_action(&mut self, action: Action) {
        if action == Action::WriteRecord {
            return self.write_record();
        }
        if let Screen::Study(study) = &mut self.screen {
            let rows = usize::from(self.viewport.study_rows.max(1));
            match study.act(action, rows) {
                study::Outcome::Leave => self.leave_study(),
                // The old study's build is not wanted any more (its memory is freed); the new
                // one's requests follow.
                study::Outcome::Replaced if study.job.is_some() => self.cancel_solver(),
                study::Outcome::Replaced | study::Outcome::Stays => {}
                study::Outcome::Copy => {
                    let text = study.study.position();
                    study.note = Some(format!("Copied: {text}"));
                    self.effects.push(Effect::Copy(text));
                }
                study::Outcome::Play(first) => self.play_from_study(first),
            }
            return;
        }
        if let Screen::Puzzle(puzzles) = &mut self.screen {
            if puzzles.act(action) == super::puzzle::Outcome::Leave {
                self.leave_puzzles();
            }
            return;
        }
        if action == Action::Restart {
            self.ask_restart();
            return;
        }
        let moves = self.history_len();
        match action {
            Action::Pause if self.is_demo() => return self.demo.toggle_pause(),
            Action::Step if self.is_demo() => return self.demo.step(moves),
            Action::Faster if self.is_demo() => return self.demo.change_speed(1),
            Action::Slower if self.is_demo() => return self.demo.change_speed(-1),
            Action::PageUp => return self.scroll_moves(-self.move_page()),
            Action::PageDown => return self.scroll_moves(self.move_page()),
            _ => {}
        }
        match &mut self.screen {
            Screen::Menu => self.menu_action(action),
            Screen::Play(_) if action == Action::Analyse => self.analyse(),
            // Leaving asks first, whatever the game.
            Screen::Play(_) if matches!(action, Action::Quit | Action::Back) => {
                self.opened.leave = true;
            }
            Screen::Play(game) if action == Action::CopyPosition => {
                let text = game.position();
                game.note(format!("Copied: {text}"));
                self.effects.push(Effect::Copy(text));
            }
            Screen::Play(game) => {
                game.act(action);
                if action == Action::ToggleHints {
                    self.toggle_hints();
                }
            }
            // Its keys were handled above.
            Screen::Study(_) | Screen::Puzzle(_) => {}
        }
    }

    /// A page of the move list: as many moves as it shows (known once a frame is drawn).
    #[expect(
        clippy::cast_possible_wrap,
        reason = "munch builds only for 32- and 64-bit targets, whose isize holds any u16"
    )]
    pub(super) fn move_page(&self) -> isize {
        self.viewport.move_rows.max(1) as isize
    }

    /// Scrolls the move list `by` moves (back when negative); scrolled to the end, it follows
    /// the latest move again.
    pub(super) fn scroll_moves(&mut self, by: isize) {
        let len = self.history_len();
        let rows = usize::from(self.viewport.move_rows.max(1));
        let last_top = len.saturating_sub(rows);
        let top = self.history_top.unwrap_or(last_top).min(last_top);
        let top = top.saturating_add_signed(by).min(last_top);
        self.history_top = (top < last_top).then_some(top);
    }

    pub(super) fn menu_action(&mut self, action: Action) {
        let line = self.menu.selected;
        if self.menu.replacing.is_some() && (action != Action::Select || line != MenuLine::Start) {
            // A click elsewhere on the menu keeps the saved game.
            return self.keep_saved_game();
        }
        match action {
            Action::Up => self.menu.move_selection(-1),
            Action::Down => self.menu.move_selection(1),
            // Buttons side by side (Start and Study): ←/→ go between them.
            Action::Left if self.menu.beside(-1) => {}
            Action::Right if self.menu.beside(1) => {}
            Action::Left => self.menu.step(line, -1),
            Action::Right => self.menu.step(line, 1),
            Action::Select => match line {
                MenuLine::Quit => self.should_quit = true,
                MenuLine::Resume(kind) => self.resume(kind),
                MenuLine::Study => self.study_menu_game(),
                MenuLine::Puzzles => self.open_puzzles(None, None),
                MenuLine::Mistakes => self.open_mistakes(false),
                _ => self.start_game(),
            },
            Action::Study => self.study_menu_game(),
            Action::Review => self.review_last_game(),
            Action::Quit | Action::Back => self.should_quit = true,
            _ => {}
        }
    }

    pub(super) fn on_pointer(&mut self, target: Target, click: bool) {
        if self.hidden() {
            return;
        }
        if self.modal_pointer(click) {
            return;
        }
        match target {
            Target::Spot(spot) => match (self.dialog().is_none(), &mut self.screen) {
                (true, Screen::Play(game)) => game.point(spot, click),
                (_, Screen::Study(study)) => study.point(spot, click),
                (_, Screen::Puzzle(puzzles)) => puzzles.point(spot, click),
                _ => {}
            },
            Target::StudyEntry(at) if click => {
                if let Screen::Study(study) = &mut self.screen {
                    study.click_entry(at);
                }
            }
            Target::ReviewPosition(at) if click => {
                if let Screen::Study(study) = &mut self.screen {
                    study.go_to(at);
                }
            }
            Target::MenuLine(line) if matches!(self.screen, Screen::Menu) => {
                self.menu.select(line);
                // Quit by the mouse takes a second click on it: one stray click never closes
                // munch.
                if click && line == MenuLine::Quit && !self.menu.quit_armed {
                    self.menu.quit_armed = true;
                    self.menu.note = Some("Click Quit again to leave munch.".into());
                } else if click && !line.has_value() {
                    self.menu_action(Action::Select);
                }
            }
            Target::MenuStep(line, delta) if click && matches!(self.screen, Screen::Menu) => {
                self.menu.select(line);
                self.menu.step(line, delta);
            }
            Target::Button(button) if click => self.press(button),
            // A panel button goes the way its key goes, questions and all.
            Target::Command(action)
                if click && !matches!(self.screen, Screen::Menu) && self.dialog().is_none() =>
            {
                self.act(action);
            }
            _ => {}
        }
    }

    /// The wheel: over a menu value it steps the value (up is ▶, down is ◀); in a game it
    /// scrolls the move list (up goes back); over the help it scrolls the help.
    pub(super) fn on_wheel(&mut self, target: Option<Target>, up: bool) {
        if self.hidden() {
            return;
        }
        if self.top_modal() == Some(Modal::Help) {
            if self.viewport.help_hidden > 0 {
                self.scroll_help(if up { -1 } else { 1 });
            }
            return;
        }
        let Some(target) = target else {
            return;
        };
        let rows = usize::from(self.viewport.study_rows.max(1));
        match (&mut self.screen, target) {
            (Screen::Menu, Target::MenuLine(line) | Target::MenuStep(line, _))
                if line.has_value() =>
            {
                self.menu.select(line);
                self.menu.step(line, if up { 1 } else { -1 });
            }
            // A puzzle has no list to scroll.
            (Screen::Menu | Screen::Puzzle(_), _) => {}
            (Screen::Study(study), _) => {
                study.scroll(if up { -1 } else { 1 }, rows);
            }
            _ => {
                if self.dialog().is_none() {
                    self.scroll_moves(if up { -1 } else { 1 });
                }
            }
        }
    }
}
