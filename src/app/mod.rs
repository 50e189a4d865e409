//! The application state machine. [`App::update`] takes one [`Event`] and changes state; it never
//! draws and never blocks, so tests drive it with events and look at the state.

mod flow;
mod input;
mod jobs;
pub mod modal;
mod persist;
mod resume;
pub mod writer;

pub mod demo;
pub mod keys;
pub mod menu;
pub mod mistakes;
pub mod puzzle;
pub mod review;
pub mod size;
pub mod study;

use crate::games::position::StartPosition;
use crate::games::request::{Jobs, SolverMessage};
use crate::games::session::Session;
use crate::input::Spot;
use crate::settings::{GameKind, Player, Preferences, Settings};
use crate::store::{SavedGame, Stats};
use keys::Action;
use menu::{Menu, MenuLine};
use ratatui::crossterm::event::KeyEvent;
use std::time::Duration;
use study::StudyScreen;

pub use crate::games::turns::{STRONG_EARLY, STRONG_SLIP};
pub use modal::{Button, Dialog, Modal};

/// Whether a game whose players are `players` is worth saving once `moves` moves are made:
/// once a person has moved (the first player makes the even moves, counted from 0). A game the
/// computer opened and the person left at once is not kept: starting it again gives the same.
/// Nor is a demonstration between two computers ever kept: it is watched, not played, and must
/// never take the place of a person's saved game. (A game counted in the record is kept
/// whatever this says.)
pub fn worth_keeping(players: [Player; 2], moves: usize) -> bool {
    let [first, second] = players;
    (moves >= 1 && first == Player::Person) || (moves >= 2 && second == Player::Person)
}

/// How often the event loop sends [`Event::Tick`].
pub const TICK: Duration = Duration::from_millis(50);

/// How long a warning replaces a game's key bar, in ticks: five seconds.
pub const WARNING_TICKS: u64 = 100;

/// How long the game-over box shows before its keys and buttons work, in ticks: 400 ms, too
/// short for a person to have read the result and chosen, long enough that an Enter typed as
/// the last move landed does not start a new game unseen.
pub const GAME_OVER_GRACE_TICKS: u64 = 8;

/// Something that happened: the event loop turns terminal input, the clock and the solver's
/// messages into these.
#[derive(Debug, Clone)]
pub enum Event {
    Key(KeyEvent),
    /// The mouse is over (`click: false`) or pressed on (`click: true`) something the view drew.
    Pointer {
        target: Target,
        click: bool,
    },
    Tick,
    /// The terminal's new size (the event loop also sends one with the size at start).
    Resize {
        width: u16,
        height: u16,
    },
    Solver(SolverMessage),
    /// The mouse wheel turned over `target` (if the view drew anything there): `up` is away
    /// from the person.
    Wheel {
        target: Option<Target>,
        up: bool,
    },
    /// The view drew a frame: how far its scrolling parts can go.
    Viewport(Viewport),
    /// Text pasted into the terminal, whole (bracketed paste): typed into a menu field being
    /// edited, never played as keys.
    Paste(String),
}

/// What the last frame could show, as the view reports it; scrolling stops where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Viewport {
    /// Lines of the help out of view (0: it fits).
    pub help_hidden: u16,
    /// Rows the panel's move list shows (0: none drawn yet).
    pub move_rows: u16,
    /// Rows the Study screen's move list shows (0: none drawn yet).
    pub study_rows: u16,
}

/// What the mouse can point at; the view records where it drew each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A place on the game's view; the game's session knows what it stands for (a square, a
    /// coin).
    Spot(Spot),
    MenuLine(MenuLine),
    /// The ◀ (`-1`) or ▶ (`+1`) beside a menu value.
    MenuStep(MenuLine, i8),
    Button(Button),
    /// A button in the game's side panel: clicking it does what its key does.
    Command(Action),
    /// The panel's move list (the wheel scrolls it).
    MoveList,
    /// The Study screen's list entry of a move, by its index in the game's order.
    StudyEntry(usize),
    /// A position of the game under review, on its graph: the number of moves before it.
    ReviewPosition(usize),
}

/// Something the app asks the event loop to do outside the screen it draws; tests read it
/// with [`App::take_effects`] instead of a terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Put this text on the terminal's clipboard (OSC 52).
    Copy(String),
}

/// What [`App::tick_marks`] compares before and after a tick.
#[derive(PartialEq, Eq)]
struct TickMarks {
    open_elsewhere: Vec<GameKind>,
    job_number: u64,
    warnings: (usize, u64),
    warning_in_bar: bool,
    game: Option<(usize, bool, Option<String>)>,
}

/// Which screen is showing.
pub enum Screen {
    Menu,
    /// A game, whichever it is.
    Play(Box<dyn Session>),
    /// A position studied, with the game it was opened from (if any) waiting behind it.
    Study(Box<StudyScreen>),
    /// Puzzles, one after another (see [`puzzle`]).
    Puzzle(Box<puzzle::PuzzleScreen>),
}

/// The whole application state.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about the app (help open, hints on, a question up, quitting), not one state"
)]
pub struct App {
    pub screen: Screen,
    /// The settings the game on screen was started with (what it is saved and counted under).
    pub playing: Settings,
    /// The position the game on screen started from, when it was set (`munch play
    /// --position`): restart and play again start from it too, and the game is not counted
    /// in the statistics.
    pub start: Option<StartPosition>,
    /// The game asked for with [`App::play_position`] or [`App::play_settings`] (its own
    /// settings, and its start when one was set), while it waits for the menu's "replace the
    /// saved game?" to be answered. The menu's settings stay the person's.
    asked: Option<(Settings, Option<StartPosition>)>,
    /// What the event loop is to do, oldest first, until it takes them.
    effects: Vec<Effect>,
    pub menu: Menu,
    /// What the app itself opens over the screen (see [`modal`]).
    opened: modal::Opened,
    /// The person's choices that belong to no game: whether hints are on, so that every later
    /// game starts with them on too (Play again, Restart, a new game, one from the Study
    /// screen, and the games of later runs: they are saved), until they are turned off.
    pub preferences: Preferences,
    /// The first help line shown, when the help does not fit.
    pub help_scroll: u16,
    /// What the last frame could show.
    pub viewport: Viewport,
    /// The first move shown in the panel's list once scrolled back; `None` follows the latest.
    pub history_top: Option<usize>,
    /// Pause and speed of a game between computers (the speed is kept from game to game).
    pub demo: demo::Demo,
    pub should_quit: bool,
    /// The terminal's size, once the event loop has said it: (columns, rows).
    pub terminal_size: Option<(u16, u16)>,
    /// Set by a tick that ran a game whose computer is to move (see [`App::update`]).
    computer_ticked: bool,
    /// Ticks since start; the view uses it to make things flash.
    pub ticks: u64,
    /// Whether the screen may differ from the last frame: every event but a tick that changes
    /// nothing sets it, and the event loop draws only when it is set (see [`App::take_redraw`]).
    redraw: bool,
    /// Problems with the data folder, oldest first, each once; the menu lists them until the
    /// player dismisses them.
    pub warnings: Vec<String>,
    /// The tick the latest warning was raised at (a game shows it in the key bar for a while).
    pub warning_at: u64,
    /// The saved games offered on the menu, at most one per kind.
    pub saved: Vec<SavedGame>,
    pub stats: Stats,
    /// The data folder: the store, the writer, the identity of the game on screen and its
    /// play lock.
    saves: persist::Saves,
    /// Requests for the solver, numbered (only the answers to each lane's latest are taken),
    /// until the event loop takes them (see [`App::take_requests`]).
    jobs: Jobs,
    /// Whether that judging is still at work for a review: once the review is left, it is
    /// stopped ([`Request::StopJudging`]).
    judging_open: bool,
    rng: fastrand::Rng,
}

impl App {
    /// A new app on the menu; `seed` makes the computer's choices among equal moves repeatable.
    pub fn new(seed: u64) -> App {
        App {
            screen: Screen::Menu,
            playing: Settings::default(),
            start: None,
            asked: None,
            effects: Vec::new(),
            menu: Menu::default(),
            opened: modal::Opened::default(),
            preferences: Preferences::default(),
            help_scroll: 0,
            viewport: Viewport::default(),
            history_top: None,
            demo: demo::Demo::default(),
            should_quit: false,
            terminal_size: None,
            ticks: 0,
            redraw: true,
            computer_ticked: false,
            warnings: Vec::new(),
            warning_at: 0,
            saved: Vec::new(),
            stats: Stats::default(),
            saves: persist::Saves::default(),
            jobs: Jobs::default(),
            judging_open: false,
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    /// Adds a problem to the list (once: the same problem again only shows again in a game).
    fn warn(&mut self, warning: String) {
        self.warning_at = self.ticks;
        self.warnings.retain(|w| *w != warning);
        self.warnings.push(warning);
    }

    /// The player has read the warnings.
    pub fn dismiss_warnings(&mut self) {
        self.warnings.clear();
    }

    /// What the event loop is to do (copy to the clipboard), oldest first, since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The game being played, if any.
    pub fn session(&self) -> Option<&dyn Session> {
        match &self.screen {
            Screen::Play(game) => Some(game.as_ref()),
            Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => None,
        }
    }

    /// The game being played as its own session type `S`, if it is one (for tests and views).
    pub fn session_as<S: Session>(&self) -> Option<&S> {
        self.session()?.as_any().downcast_ref()
    }

    /// The key bindings in force: those of the top of the modal stack (under the help, which
    /// lists them), else the screen's.
    pub fn bindings(&self) -> &'static [keys::Binding] {
        let top = self
            .modals()
            .into_iter()
            .rfind(|&modal| modal != Modal::Help);
        match (top, &self.screen) {
            (Some(Modal::Warnings), _) => keys::WARNINGS,
            (Some(Modal::Replace(_)), _) => keys::REPLACE_SAVED,
            (Some(Modal::Dialog(Dialog::ConfirmQuit)), _) => keys::CONFIRM_QUIT,
            (Some(Modal::Dialog(Dialog::ConfirmRestart)), _) => keys::CONFIRM_RESTART,
            (Some(Modal::Dialog(Dialog::Question(words))), _) => words.keys,
            (Some(Modal::Dialog(Dialog::GameOver)), _) => keys::GAME_OVER,
            (_, Screen::Menu) if self.menu.reviewable.contains(&self.menu.settings.game) => {
                keys::MENU_REVIEW
            }
            (_, Screen::Menu) => keys::MENU,
            (_, Screen::Study(study)) if study.editor.is_some() => keys::STUDY_EDIT,
            (_, Screen::Study(study)) if study.review.is_some() => keys::REVIEW,
            (_, Screen::Study(study)) if study.choosing_side => keys::STUDY_SIDE,
            (_, Screen::Study(_)) => keys::STUDY,
            (_, Screen::Puzzle(_)) => keys::PUZZLE,
            _ if self.is_demo() && self.demo.paused => keys::DEMO_PAUSED,
            _ if self.is_demo() => keys::DEMO,
            (_, Screen::Play(game)) => game.bindings(),
        }
    }

    /// Whether two computers are playing each other on screen.
    pub fn is_demo(&self) -> bool {
        let players = match &self.screen {
            Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => return false,
            Screen::Play(_) => self.playing.players,
        };
        players == [Player::Computer; 2]
    }

    /// Whether the terminal is too small for the current screen, which is then not drawn:
    /// nothing on it takes keys or clicks.
    pub fn hidden(&self) -> bool {
        let (need_w, need_h) = size::minimum_size(&self.screen);
        self.terminal_size
            .is_some_and(|(w, h)| w < need_w || h < need_h)
    }

    /// Whether anything that shows has changed since the last call: the event loop draws a
    /// frame only then, so that a screen nothing moves on costs nothing while it shows.
    pub fn take_redraw(&mut self) -> bool {
        std::mem::take(&mut self.redraw)
    }

    /// What a tick can change on screen, besides a game whose computer is to move (see
    /// [`App::tick_game`]): which saved games other windows play, the requests, the warnings
    /// and the game's moves and note. Cheap: it is taken twice a tick.
    fn tick_marks(&self) -> TickMarks {
        let in_game = !matches!(self.screen, Screen::Menu);
        TickMarks {
            open_elsewhere: self.menu.open_elsewhere.clone(),
            job_number: self.jobs.last(),
            warnings: (self.warnings.len(), self.warning_at),
            warning_in_bar: in_game && self.ticks.saturating_sub(self.warning_at) < WARNING_TICKS,
            game: self
                .session()
                .map(|g| (g.moves_made(), g.is_over(), g.message().map(str::to_string))),
        }
    }

    /// Takes one event.
    pub fn update(&mut self, event: Event) {
        // A tick changes the screen only when the game's computer moves or something it marks
        // changed; every other event is taken to change it.
        let before = matches!(event, Event::Tick).then(|| self.tick_marks());
        // The data folder's first read, if another munch held its lock as this one started.
        self.send_first_read();
        // What the writer has done since (a failed save warns, a count brings the statistics).
        let written = self.take_written();
        self.handle(event);
        self.take_question();
        self.collect_requests();
        self.stop_unwanted_judging();
        self.persist();
        self.settle_modals();
        match before {
            Some(before) if !written && !self.computer_ticked && before == self.tick_marks() => {}
            _ => self.redraw = true,
        }
        self.computer_ticked = false;
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Key(key) => self.on_key(&key),
            Event::Pointer { target, click } => self.on_pointer(target, click),
            Event::Tick => {
                self.ticks += 1;
                // Another window may have started, played on or left a game meanwhile: once a
                // second.
                if matches!(self.screen, Screen::Menu)
                    && !self.saved.is_empty()
                    && self.ticks.is_multiple_of(20)
                {
                    self.refresh_saved_games();
                }
                // The computer waits while its move could not be seen or a question is open.
                if !self.computer_waits() && !self.hidden() {
                    self.tick_game();
                    if let Screen::Puzzle(puzzles) = &mut self.screen {
                        self.computer_ticked |= puzzles.tick(&mut self.rng);
                    }
                }
            }
            Event::Resize { width, height } => self.terminal_size = Some((width, height)),
            Event::Wheel { target, up } => self.on_wheel(target, up),
            Event::Viewport(viewport) => {
                self.viewport = viewport;
                self.help_scroll = self.help_scroll.min(viewport.help_hidden);
                // The list's height may have changed: the chosen move stays in view.
                if let Screen::Study(study) = &mut self.screen
                    && viewport.study_rows > 0
                {
                    study.fit(usize::from(viewport.study_rows));
                }
            }
            Event::Solver(message) => self.on_solver(message),
            Event::Paste(text) => self.on_paste(&text),
        }
    }

    /// How many moves the game has made.
    fn history_len(&self) -> usize {
        self.session().map_or(0, Session::moves_made)
    }
}
