//! The modal stack: everything that shows over a screen and takes its keys first — the menu's
//! warnings and its "replace the saved game?" question, a game's dialogs (leave, restart, the
//! game's own question, game over) and the help. [`App::modals`] is the one place that decides
//! what is open and in which order; the top of the stack takes a key first
//! ([`App::modal_key`]), and what it leaves goes to the screen. The view draws from the same
//! stack.

use super::keys::{self, Action};
use super::menu::MenuLine;
use super::{App, GAME_OVER_GRACE_TICKS, Screen, size};
use crate::games::session::{Question, QuestionWords};
use crate::settings::GameKind;
use ratatui::crossterm::event::KeyEvent;

/// Clickable buttons in dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    PlayAgain,
    /// "Review" on the game-over dialog.
    Review,
    Menu,
    Quit,
    KeepPlaying,
    CloseHelp,
    /// Closes the list of warnings above the menu.
    DismissWarnings,
    /// "Restart" in the restart question.
    ConfirmRestart,
    /// Yes to the game's own question, in its words ("Eat it").
    Yes,
}

/// The box showing over the screen, if any; while one shows, only its keys and buttons work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    /// "Leave the game?"
    ConfirmQuit,
    /// "Restart the game?"
    ConfirmRestart,
    /// The game's own question before a move, in its words ("Eat the poison and lose?").
    Question(&'static QuestionWords),
    /// Who won, and what next (undo, play again, menu, quit).
    GameOver,
}

impl Dialog {
    /// Its buttons, left to right.
    pub fn buttons(self) -> &'static [Button] {
        match self {
            Dialog::ConfirmQuit => &[Button::Quit, Button::Menu, Button::KeepPlaying],
            Dialog::ConfirmRestart => &[Button::ConfirmRestart, Button::KeepPlaying],
            Dialog::Question(_) => &[Button::Yes, Button::KeepPlaying],
            Dialog::GameOver => &[
                Button::PlayAgain,
                Button::Menu,
                Button::Review,
                Button::Quit,
            ],
        }
    }

    /// The button highlighted when it opens, which Enter presses: the safe one (keep playing;
    /// after the game, play again).
    pub fn default_button(self) -> Button {
        match self {
            Dialog::GameOver => Button::PlayAgain,
            _ => Button::KeepPlaying,
        }
    }
}

/// One thing over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modal {
    /// The menu's "A new game replaces your saved …" question, about the saved game of this kind.
    Replace(GameKind),
    /// The problems with the data folder, listed above the menu until dismissed.
    Warnings,
    /// A dialog over a game.
    Dialog(Dialog),
    /// The help, over everything.
    Help,
}

/// What the app opens over the screen, and the state of the dialog showing: the game's questions
/// too, which the session only asks for ([`Session::take_question`]). (The replace question is
/// the menu's: [`App::modals`] reads it there.)
///
/// [`Session::take_question`]: crate::games::session::Session::take_question
#[derive(Debug, Default)]
pub(super) struct Opened {
    /// The help shows.
    pub(super) help: bool,
    /// "Leave the game?" shows.
    pub(super) leave: bool,
    /// The game's own question shows, with the move a yes plays.
    pub(super) question: Option<Question>,
    /// "Restart the game?" shows.
    pub(super) restart: bool,
    /// The button moved to with ←/→/Tab in the dialog showing; forgotten when it closes.
    pub(super) focus: Option<(Dialog, Button)>,
    /// The tick count when the game-over box appeared, while it shows.
    pub(super) over_at: Option<u64>,
    /// While "Leave the game?" shows: whether the game is saved as it stands (checked when the
    /// question opened, and again when a write lands), so the question never claims a save that
    /// did not happen.
    pub(super) quit_saved: Option<bool>,
}

impl App {
    /// Everything open over the screen, the bottom first: the last takes the keys.
    pub fn modals(&self) -> Vec<Modal> {
        let mut stack = Vec::new();
        match &self.screen {
            Screen::Menu => {
                if let Some(kind) = self.menu.replacing {
                    stack.push(Modal::Replace(kind));
                }
                if !self.warnings.is_empty() {
                    stack.push(Modal::Warnings);
                }
            }
            Screen::Play(game) => {
                // One dialog at a time: leaving comes before the game's own question, which
                // comes before restarting, which comes before the game-over box.
                let dialog = if self.opened.leave {
                    Some(Dialog::ConfirmQuit)
                } else if let Some(question) = &self.opened.question {
                    Some(Dialog::Question(question.words))
                } else if self.opened.restart {
                    Some(Dialog::ConfirmRestart)
                } else if game.is_over() {
                    Some(Dialog::GameOver)
                } else {
                    None
                };
                stack.extend(dialog.map(Modal::Dialog));
            }
            Screen::Study(_) | Screen::Puzzle(_) => {}
        }
        if self.opened.help {
            stack.push(Modal::Help);
        }
        stack
    }

    /// What takes the keys first, if anything is open over the screen.
    pub fn top_modal(&self) -> Option<Modal> {
        self.modals().pop()
    }

    /// The dialog showing over the game, if any (the help may be over it).
    pub fn dialog(&self) -> Option<Dialog> {
        self.modals().into_iter().find_map(|modal| match modal {
            Modal::Dialog(dialog) => Some(dialog),
            _ => None,
        })
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        self.opened.help
    }

    /// Opens the help at its top.
    pub(super) fn open_help(&mut self) {
        self.opened.help = true;
        self.help_scroll = 0;
    }

    /// Whether the game's clock stops (the computer neither chooses nor lands a move): while
    /// its move could not be seen (the help covers it) or a question is open over the game.
    pub(super) fn computer_waits(&self) -> bool {
        self.modals().iter().any(|m| {
            matches!(
                m,
                Modal::Help
                    | Modal::Dialog(
                        Dialog::ConfirmQuit | Dialog::ConfirmRestart | Dialog::Question(_)
                    )
            )
        })
    }

    /// Shows the question a move the game was asked to play asks first, if it asks one.
    pub(super) fn take_question(&mut self) {
        if let Screen::Play(game) = &mut self.screen
            && let Some(question) = game.take_question()
        {
            self.opened.question = Some(question);
        }
    }

    /// The person's answer to the game's own question: yes plays its move.
    pub(super) fn answer_question(&mut self, yes: bool) {
        let question = self.opened.question.take();
        if let (Some(question), true, Screen::Play(game)) = (question, yes, &mut self.screen) {
            game.play_asked(&question.move_text);
        }
    }

    /// The key goes to the top of the stack first: `true` when that took it. A dialog's keys
    /// are actions, which [`App::act`] answers; the replace question lets Enter through to the
    /// menu, which starts the game. What no modal takes goes to the screen.
    pub(super) fn modal_key(&mut self, key: &KeyEvent) -> bool {
        match self.top_modal() {
            Some(Modal::Help) => {
                // The help scrolls when it does not fit; any other key closes it.
                let hidden = self.viewport.help_hidden;
                let page = 5;
                match keys::action(keys::HELP_OPEN, key) {
                    Some(Action::Up) if hidden > 0 => self.scroll_help(-1),
                    Some(Action::Down) if hidden > 0 => self.scroll_help(1),
                    Some(Action::PageUp) if hidden > 0 => self.scroll_help(-page),
                    Some(Action::PageDown) if hidden > 0 => self.scroll_help(page),
                    _ => self.opened.help = false,
                }
                true
            }
            Some(Modal::Warnings) => {
                // The warnings are shown above the menu: they take the keys until dismissed.
                match keys::action(keys::WARNINGS, key) {
                    Some(Action::Back) => self.dismiss_warnings(),
                    Some(Action::Quit) => self.should_quit = true,
                    _ => {}
                }
                true
            }
            Some(Modal::Replace(kind)) => {
                match keys::action(self.bindings(), key) {
                    Some(Action::Select) => return false,
                    Some(Action::Back) => {
                        self.keep_saved_game();
                        // Enter now resumes the game kept, or the person chooses.
                        if self.menu.resume(kind).is_some() {
                            self.menu.select(MenuLine::Resume(kind));
                        }
                    }
                    // The question takes only its own keys: no other key answers it.
                    _ => {}
                }
                true
            }
            // A key typed as the game ended was meant for the game, not for the box.
            Some(Modal::Dialog(Dialog::GameOver)) if self.game_over_grace() > 0 => true,
            Some(Modal::Dialog(_)) | None => false,
        }
    }

    /// The replace question answered "keep it": the saved game stays, and the menu shows
    /// the game asked for (from the command line, its kind: the menu keeps its own values).
    pub(super) fn keep_saved_game(&mut self) {
        if let Some(kind) = self.menu.replacing.take()
            && self.asked.take().is_some()
        {
            self.menu.settings.game = kind;
        }
        self.asked = None;
    }

    /// A click while the help or the warnings are on top closes them, and does nothing else;
    /// `true` when the stack took it.
    pub(super) fn modal_pointer(&mut self, click: bool) -> bool {
        match self.top_modal() {
            Some(Modal::Help) => {
                if click {
                    self.opened.help = false;
                }
                true
            }
            Some(Modal::Warnings) => {
                if click {
                    self.dismiss_warnings();
                }
                true
            }
            _ => false,
        }
    }

    /// Keeps the stack's state in step after an event: "Leave the game?" checks whether the
    /// game is saved when it opens, the game-over box's grace runs from when it first showed,
    /// and a dialog opens with its default button highlighted.
    pub(super) fn settle_modals(&mut self) {
        // A game's questions are about the game on screen: they go with it.
        if !matches!(self.screen, Screen::Play(_)) {
            self.opened.leave = false;
            self.opened.question = None;
        }
        match self.dialog() {
            Some(Dialog::ConfirmQuit) if self.opened.quit_saved.is_none() => {
                self.opened.quit_saved = Some(self.game_is_saved());
            }
            Some(Dialog::ConfirmQuit) => {}
            _ => self.opened.quit_saved = None,
        }
        // Coming back to the game-over box from the review (the Study screen over the
        // finished game) starts no new grace.
        self.opened.over_at = match (self.dialog(), &self.screen) {
            (Some(Dialog::GameOver), _) => Some(self.opened.over_at.unwrap_or(self.ticks)),
            (None, Screen::Study(_)) => self.opened.over_at,
            _ => None,
        };
        if self.opened.focus.map(|(d, _)| d) != self.dialog() {
            self.opened.focus = None;
        }
    }

    /// How many more ticks the game-over box ignores keys and clicks for (see
    /// [`GAME_OVER_GRACE_TICKS`]); 0 when it takes them, or shows not.
    pub fn game_over_grace(&self) -> u64 {
        match (self.dialog(), self.opened.over_at) {
            (Some(Dialog::GameOver), Some(at)) => {
                GAME_OVER_GRACE_TICKS.saturating_sub(self.ticks.saturating_sub(at))
            }
            _ => 0,
        }
    }

    /// The highlighted button of the dialog showing (Enter presses it).
    pub fn focused_button(&self) -> Option<Button> {
        let dialog = self.dialog()?;
        match self.opened.focus {
            Some((d, button)) if d == dialog => Some(button),
            _ => Some(dialog.default_button()),
        }
    }

    /// Moves the dialog's highlight `by` buttons, stopping at the first and the last (a
    /// wrap would put the one that ends everything next to the safe default).
    pub(super) fn move_focus(&mut self, dialog: Dialog, by: isize) {
        // The buttons drawn: on the narrowest screens the game-over box leaves Review out.
        let narrow = self
            .terminal_size
            .is_some_and(|(width, _)| width < size::GAME_OVER_REVIEW_SCREEN);
        let buttons: Vec<Button> = dialog
            .buttons()
            .iter()
            .copied()
            .filter(|&b| !(narrow && b == Button::Review))
            .collect();
        let at = self
            .focused_button()
            .and_then(|b| buttons.iter().position(|&x| x == b))
            .unwrap_or(0);
        let to = at
            .saturating_add_signed(by)
            .min(buttons.len().saturating_sub(1));
        self.opened.focus = Some((dialog, buttons[to]));
    }

    /// A dialog button does what its key does, and only while its dialog is showing.
    pub(super) fn press(&mut self, button: Button) {
        if button == Button::CloseHelp {
            self.opened.help = false;
            return;
        }
        if button == Button::DismissWarnings {
            return self.dismiss_warnings();
        }
        if self.game_over_grace() > 0 {
            return;
        }
        let action = match (self.dialog(), button) {
            (Some(Dialog::ConfirmQuit), Button::Quit)
            | (Some(Dialog::ConfirmRestart), Button::ConfirmRestart)
            | (Some(Dialog::Question(_)), Button::Yes) => Action::Yes,
            (Some(Dialog::ConfirmQuit | Dialog::GameOver), Button::Menu) => Action::Menu,
            (
                Some(Dialog::ConfirmQuit | Dialog::ConfirmRestart | Dialog::Question(_)),
                Button::KeepPlaying,
            ) => Action::No,
            (Some(Dialog::GameOver), Button::PlayAgain) => Action::PlayAgain,
            (Some(Dialog::GameOver), Button::Review) => Action::Review,
            (Some(Dialog::GameOver), Button::Quit) => Action::Quit,
            _ => return,
        };
        self.act(action);
    }

    pub(super) fn scroll_help(&mut self, by: i16) {
        self.help_scroll = self
            .help_scroll
            .saturating_add_signed(by)
            .min(self.viewport.help_hidden);
    }

    /// Whether Esc on a screen too small to draw does what it does on that screen, going
    /// back: it closes the help, leaves the Study screen's editor, side question, review or
    /// the Study screen itself, and leaves a finished game for the menu. Elsewhere (the menu,
    /// a game going on, a question over it) it quits as q does, the game saved: going back
    /// there would open a question that cannot be seen.
    pub fn hidden_esc_goes_back(&self) -> bool {
        self.opened.help
            || matches!(self.screen, Screen::Study(_) | Screen::Puzzle(_))
            || self.dialog() == Some(Dialog::GameOver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Event;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    /// Whether two key tables bind the same keys to the same actions.
    fn same(a: &[keys::Binding], b: &[keys::Binding]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.keys == y.keys)
    }

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn the_top_of_the_stack_takes_each_key_and_what_is_under_it_waits() {
        let mut app = App::new(1);
        app.menu.replacing = Some(GameKind::Chomp);
        app.warn("stats.json is not valid JSON; it was moved aside to stats.json.bad".into());
        assert_eq!(
            app.modals(),
            [Modal::Replace(GameKind::Chomp), Modal::Warnings]
        );
        assert!(same(app.bindings(), keys::WARNINGS));
        // Enter dismisses the warnings on top; the question under them is not answered.
        app.update(key(KeyCode::Enter));
        assert_eq!(app.modals(), [Modal::Replace(GameKind::Chomp)]);
        assert!(same(app.bindings(), keys::REPLACE_SAVED));
        assert!(matches!(app.screen, Screen::Menu), "no game started");
        // Keys not the question's answer nothing (changed: any key but Enter used to keep
        // the saved game); Esc keeps it.
        app.update(key(KeyCode::Char('x')));
        app.update(key(KeyCode::Right));
        assert_eq!(app.modals(), [Modal::Replace(GameKind::Chomp)]);
        app.update(key(KeyCode::Esc));
        assert_eq!(app.modals(), []);
        assert!(matches!(app.screen, Screen::Menu), "no game started");
        // The help goes over the menu and lists the menu's keys; a key closes it, and only it.
        app.update(key(KeyCode::Char('?')));
        assert_eq!(app.modals(), [Modal::Help]);
        assert_eq!(app.top_modal(), Some(Modal::Help));
        assert!(same(app.bindings(), keys::MENU));
        app.update(key(KeyCode::Char('q')));
        assert_eq!(app.modals(), []);
        assert!(!app.should_quit, "q closed the help, and did not quit");
    }
}
