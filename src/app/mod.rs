//! The application state machine. [`App::update`] takes one [`Event`] and changes state; it never
//! draws and never blocks, so tests drive it with events and look at the state.

pub mod demo;
pub mod keys;
pub mod menu;
pub mod review;
pub mod size;
pub mod study;

use crate::games::position::StartPosition;
use crate::games::request::{Job, Request, SolverMessage, Task};
use crate::games::session::Session;
use crate::input::Spot;
use crate::record::GameRecord;
use crate::settings::{GameKind, Player, Preferences, Settings};
use crate::store::{
    PREFERENCES_FILE, PlayLock, PlayLockError, SETTINGS_FILE, STATS_FILE, SavedGame, Stats, Store,
};
use keys::Action;
use menu::{Menu, MenuLine};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use review::Review;
use std::time::Duration;
use study::StudyScreen;

pub use crate::games::turns::{STRONG_EARLY, STRONG_SLIP};

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
}

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
    /// "Eat it" in the poison question.
    EatPoison,
}

/// The box showing over the screen, if any; while one shows, only its keys and buttons work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    /// "Leave the game?"
    ConfirmQuit,
    /// "Restart the game?"
    ConfirmRestart,
    /// The game's own question ("Eat the poison and lose?").
    EatPoison,
    /// Who won, and what next (undo, play again, menu, quit).
    GameOver,
}

impl Dialog {
    /// Its buttons, left to right.
    pub fn buttons(self) -> &'static [Button] {
        match self {
            Dialog::ConfirmQuit => &[Button::Quit, Button::Menu, Button::KeepPlaying],
            Dialog::ConfirmRestart => &[Button::ConfirmRestart, Button::KeepPlaying],
            Dialog::EatPoison => &[Button::EatPoison, Button::KeepPlaying],
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
    pub help_open: bool,
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
    /// "Restart the game?" is showing.
    pub confirm_restart: bool,
    /// The button moved to with ←/→/Tab in the dialog showing; forgotten when it closes.
    dialog_focus: Option<(Dialog, Button)>,
    pub should_quit: bool,
    /// The terminal's size, once the event loop has said it: (columns, rows).
    pub terminal_size: Option<(u16, u16)>,
    /// Set by a tick that ran a game whose computer is to move (see [`App::update`]).
    computer_ticked: bool,
    /// Ticks since start; the view uses it to make things flash.
    pub ticks: u64,
    /// The tick count when the game-over box appeared, while it shows.
    over_at: Option<u64>,
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
    store: Option<Store>,
    /// Counts games started, so a save belongs to one game.
    game_serial: u64,
    /// The identity the game on screen is saved under (see [`SavedGame::id`]).
    game_id: String,
    /// The saved game the game on screen replaces, until its first save (the player chose to
    /// replace it; if another munch has meanwhile taken the file, that one is kept).
    replaces: Option<SavedGame>,
    /// Games whose last save failed (another munch's game holds the file, or the folder
    /// cannot be written): they are resumed from memory, not from the file.
    unsaved: Vec<String>,
    /// (game, moves) last written to the saved-game file.
    last_saved: Option<(u64, usize)>,
    /// (game, moves) of the finished game last kept as its kind's last record.
    last_recorded: Option<(u64, usize)>,
    /// The result the game on screen is counted with in the statistics (`true`: the person
    /// won), once it has ended; undo and a new ending amend that one entry.
    counted: Option<bool>,
    /// Held while a game is on screen, so that no other munch resumes its kind's saved game
    /// (see [`PlayLock`]); retried at each save while another window holds it.
    play_lock: Option<PlayLock>,
    /// While "Leave the game?" shows: whether the game is saved as it stands (checked when the
    /// question opened), so the question never claims a save that did not happen.
    quit_saved: Option<bool>,
    /// Requests for the solver, numbered, until the event loop takes them (see
    /// [`App::take_requests`]).
    jobs: Vec<Job>,
    /// The number the latest job got; numbers only grow, so answers to older ones are told apart.
    job_number: u64,
    /// The latest table request or cancel: only answers carrying it are the game's.
    generation: u64,
    /// The latest search: only its answer is the game's.
    search: u64,
    /// The latest judging of a review: only its answer is the review's.
    judging: u64,
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
            help_open: false,
            preferences: Preferences::default(),
            help_scroll: 0,
            viewport: Viewport::default(),
            history_top: None,
            demo: demo::Demo::default(),
            confirm_restart: false,
            dialog_focus: None,
            should_quit: false,
            terminal_size: None,
            ticks: 0,
            over_at: None,
            redraw: true,
            computer_ticked: false,
            warnings: Vec::new(),
            warning_at: 0,
            saved: Vec::new(),
            stats: Stats::default(),
            store: None,
            game_serial: 0,
            game_id: String::new(),
            unsaved: Vec::new(),
            replaces: None,
            last_saved: None,
            last_recorded: None,
            counted: None,
            play_lock: None,
            quit_saved: None,
            jobs: Vec::new(),
            job_number: 0,
            generation: 0,
            search: 0,
            judging: 0,
            judging_open: false,
            rng: fastrand::Rng::with_seed(seed),
        }
    }

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

    /// Marks the saved games another munch window is playing now: the menu says so, and
    /// does not resume them. A game kept in memory (its save failed) is this window's own.
    fn check_open_elsewhere(&mut self) {
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
    fn take_play_lock(&mut self, kind: GameKind) -> bool {
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
    fn game_is_saved(&self) -> bool {
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
    fn reread_saved_games(&mut self) {
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
    fn offer_saved_games(&mut self, kind: Option<GameKind>) {
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
            let what = self.saved[at].settings.describe();
            self.menu.notice = Some(format!(
                "This {what} is open in another window: leave it there to resume it here."
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

    /// What the event loop is to do (copy to the clipboard), oldest first, since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Starts a game of `settings` (whose values are those of the position) from the position
    /// `start`, as `munch play --position` asks. The game keeps its settings to itself: the
    /// menu's, and the settings file, stay as they were. A saved game of its kind is replaced
    /// only once the menu's question is answered, as for any new game.
    pub fn play_position(&mut self, settings: Settings, start: StartPosition) {
        self.screen = Screen::Menu;
        self.asked = Some((settings, Some(start)));
        self.start_game();
    }

    /// Starts a game of `settings` from its usual start, as `munch play` asks. Like a game
    /// from a set position, it keeps its settings to itself: the menu's, and the settings file,
    /// stay as the person left them in the menu.
    pub fn play_settings(&mut self, settings: Settings) {
        self.screen = Screen::Menu;
        self.asked = Some((settings, None));
        self.start_game();
    }

    /// The position of the game asked for with [`App::play_position`], while the menu asks
    /// whether it may replace the saved game of its kind.
    pub fn asked_position(&self) -> Option<&StartPosition> {
        self.asked.as_ref().and_then(|(_, start)| start.as_ref())
    }

    /// The game asked for with [`App::play_position`] or [`App::play_settings`] (the command
    /// line's), while the menu asks whether it may replace the saved game of its kind: its
    /// settings, which the menu's lines are not.
    pub fn asked_settings(&self) -> Option<&Settings> {
        self.asked.as_ref().map(|(settings, _)| settings)
    }

    /// The game asked for, in the words of the replace question: its position string, or its
    /// game and size, and who moves first ("Chomp 20×19 (computer first)").
    pub fn asked_game(&self) -> Option<String> {
        let (settings, start) = self.asked.as_ref()?;
        let name = match start {
            Some(start) => start.to_string(),
            None => settings.describe(),
        };
        let first = match settings.players {
            [Player::Computer, Player::Person] => " (computer first)",
            [Player::Person, Player::Computer] => " (you first)",
            _ => "",
        };
        Some(format!("{name}{first}"))
    }

    /// The solver jobs asked for since the last call, oldest first: the event loop sends them to
    /// the worker (tests run them in the test's thread).
    pub fn take_requests(&mut self) -> Vec<Job> {
        self.collect_requests();
        std::mem::take(&mut self.jobs)
    }

    /// Numbers what the game (or the study) on screen asked the solver for and queues it.
    fn collect_requests(&mut self) {
        let requests = match &mut self.screen {
            Screen::Play(game) => game.take_requests(),
            Screen::Study(study) => study.take_requests(),
            Screen::Menu => return,
        };
        for request in requests {
            self.ask(request);
        }
    }

    /// Numbers `request` and queues it for the event loop.
    fn ask(&mut self, request: Request) {
        self.job_number += 1;
        match request {
            Request::Search { .. } => self.search = self.job_number,
            Request::Judge(_) => {
                self.judging = self.job_number;
                self.judging_open = true;
            }
            Request::StopJudging => {
                self.judging = self.job_number;
                self.judging_open = false;
            }
            Request::Solve { .. }
            | Request::MovesLeft { .. }
            | Request::Build(_)
            | Request::Cancel => {
                self.generation = self.job_number;
                if let Screen::Study(study) = &mut self.screen {
                    study.generation = Some(self.job_number);
                }
            }
        }
        self.jobs.push(Job {
            number: self.job_number,
            request,
        });
    }

    /// Stops the judging of a review that is no longer on screen: nobody will read its answer.
    fn stop_unwanted_judging(&mut self) {
        let reviewing = matches!(&self.screen, Screen::Study(study) if study.review.is_some());
        if self.judging_open && !reviewing {
            self.ask(Request::StopJudging);
        }
    }

    /// Stops the solver's running build, if any (its memory is freed).
    fn cancel_solver(&mut self) {
        self.job_number += 1;
        self.generation = self.job_number;
        self.jobs.push(Job {
            number: self.job_number,
            request: Request::Cancel,
        });
    }

    /// Whether a solver message answers the latest request of its kind.
    fn is_current(&self, message: &SolverMessage) -> bool {
        match message {
            SolverMessage::Searched { search, .. } => *search == self.search,
            SolverMessage::Judged { judging, .. } => *judging == self.judging,
            _ => message.generation() == Some(self.generation),
        }
    }

    /// Writes what changed: the game after each move, the statistics when it ends.
    fn persist(&mut self) {
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
        if !over {
            // Another window held the lock when this game began; it may have left since.
            self.take_play_lock(kind);
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
    fn find_reviewable(&mut self) {
        self.menu.reviewable = match &self.store {
            Some(store) => GameKind::ALL
                .into_iter()
                .filter(|&kind| store.has_last_record(kind))
                .collect(),
            None => Vec::new(),
        };
    }

    /// Keeps the finished game on screen as its kind's last record.
    fn keep_last_record(&mut self) {
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

    /// The game being played, if any.
    pub fn session(&self) -> Option<&dyn Session> {
        match &self.screen {
            Screen::Play(game) => Some(game.as_ref()),
            Screen::Menu | Screen::Study(_) => None,
        }
    }

    /// The game being played as its own session type `S`, if it is one (for tests and views).
    pub fn session_as<S: Session>(&self) -> Option<&S> {
        self.session()?.as_any().downcast_ref()
    }

    /// The key bindings in force on the current screen.
    pub fn bindings(&self) -> &'static [keys::Binding] {
        match (self.dialog(), &self.screen) {
            (_, Screen::Menu) if !self.warnings.is_empty() => keys::WARNINGS,
            (_, Screen::Menu) if self.menu.replacing.is_some() => keys::REPLACE_SAVED,
            (_, Screen::Menu) if self.menu.reviewable.contains(&self.menu.settings.game) => {
                keys::MENU_REVIEW
            }
            (_, Screen::Menu) => keys::MENU,
            (_, Screen::Study(study)) if study.editor.is_some() => keys::STUDY_EDIT,
            (_, Screen::Study(study)) if study.review.is_some() => keys::REVIEW,
            (_, Screen::Study(study)) if study.choosing_side => keys::STUDY_SIDE,
            (_, Screen::Study(_)) => keys::STUDY,
            (Some(Dialog::ConfirmQuit), _) => keys::CONFIRM_QUIT,
            (Some(Dialog::ConfirmRestart), _) => keys::CONFIRM_RESTART,
            (Some(Dialog::EatPoison), _) => keys::EAT_POISON,
            (Some(Dialog::GameOver), _) => keys::GAME_OVER,
            _ if self.is_demo() && self.demo.paused => keys::DEMO_PAUSED,
            _ if self.is_demo() => keys::DEMO,
            (None, Screen::Play(game)) => game.bindings(),
        }
    }

    /// Whether two computers are playing each other on screen.
    pub fn is_demo(&self) -> bool {
        let players = match &self.screen {
            Screen::Menu | Screen::Study(_) => return false,
            Screen::Play(_) => self.playing.players,
        };
        players == [Player::Computer; 2]
    }

    /// The dialog showing over the game, if any (help aside).
    pub fn dialog(&self) -> Option<Dialog> {
        let (confirm_quit, poison, over) = match &self.screen {
            Screen::Menu | Screen::Study(_) => return None,
            Screen::Play(game) => (game.confirm_quit(), game.asking(), game.is_over()),
        };
        if confirm_quit {
            Some(Dialog::ConfirmQuit)
        } else if poison {
            Some(Dialog::EatPoison)
        } else if self.confirm_restart {
            Some(Dialog::ConfirmRestart)
        } else if over {
            Some(Dialog::GameOver)
        } else {
            None
        }
    }

    /// Whether the terminal is too small for the current screen, which is then not drawn:
    /// nothing on it takes keys or clicks.
    pub fn hidden(&self) -> bool {
        let (need_w, need_h) = size::minimum_size(&self.screen);
        self.terminal_size
            .is_some_and(|(w, h)| w < need_w || h < need_h)
    }

    /// Whether Esc on a screen too small to draw does what it does on that screen, going
    /// back: it closes the help, leaves the Study screen's editor, side question, review or
    /// the Study screen itself, and leaves a finished game for the menu. Elsewhere (the menu,
    /// a game going on, a question over it) it quits as q does, the game saved: going back
    /// there would open a question that cannot be seen.
    pub fn hidden_esc_goes_back(&self) -> bool {
        self.help_open
            || matches!(self.screen, Screen::Study(_))
            || self.dialog() == Some(Dialog::GameOver)
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

    fn set_confirm_quit(&mut self, asking: bool) {
        if let Screen::Play(game) = &mut self.screen {
            game.set_confirm_quit(asking);
        }
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
            job_number: self.job_number,
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
        self.handle(event);
        self.collect_requests();
        self.stop_unwanted_judging();
        self.persist();
        match self.dialog() {
            Some(Dialog::ConfirmQuit) if self.quit_saved.is_none() => {
                self.quit_saved = Some(self.game_is_saved());
            }
            Some(Dialog::ConfirmQuit) => {}
            _ => self.quit_saved = None,
        }
        // The box's grace runs from when it first showed; coming back to it from the review
        // (the Study screen over the finished game) starts none.
        self.over_at = match (self.dialog(), &self.screen) {
            (Some(Dialog::GameOver), _) => Some(self.over_at.unwrap_or(self.ticks)),
            (None, Screen::Study(_)) => self.over_at,
            _ => None,
        };
        // A dialog opens with its default button highlighted, however the last one was left.
        if self.dialog_focus.map(|(d, _)| d) != self.dialog() {
            self.dialog_focus = None;
        }
        match before {
            Some(before) if !self.computer_ticked && before == self.tick_marks() => {}
            _ => self.redraw = true,
        }
        self.computer_ticked = false;
    }

    /// How many more ticks the game-over box ignores keys and clicks for (see
    /// [`GAME_OVER_GRACE_TICKS`]); 0 when it takes them, or shows not.
    pub fn game_over_grace(&self) -> u64 {
        match (self.dialog(), self.over_at) {
            (Some(Dialog::GameOver), Some(at)) => {
                GAME_OVER_GRACE_TICKS.saturating_sub(self.ticks.saturating_sub(at))
            }
            _ => 0,
        }
    }

    /// The highlighted button of the dialog showing (Enter presses it).
    pub fn focused_button(&self) -> Option<Button> {
        let dialog = self.dialog()?;
        match self.dialog_focus {
            Some((d, button)) if d == dialog => Some(button),
            _ => Some(dialog.default_button()),
        }
    }

    /// Moves the dialog's highlight `by` buttons, stopping at the first and the last (a
    /// wrap would put the one that ends everything next to the safe default).
    fn move_focus(&mut self, dialog: Dialog, by: isize) {
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
        self.dialog_focus = Some((dialog, buttons[to]));
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Key(key) => self.on_key(&key),
            Event::Pointer { target, click } => self.on_pointer(target, click),
            Event::Tick => {
                self.ticks += 1;
                // Another window may have started or left a game meanwhile: once a second.
                if matches!(self.screen, Screen::Menu)
                    && !self.saved.is_empty()
                    && self.ticks.is_multiple_of(20)
                {
                    self.check_open_elsewhere();
                }
                // The computer waits while its move could not be seen or a question is open.
                if !self.help_open && !self.hidden() && !self.confirm_restart {
                    self.tick_game();
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
            Event::Solver(message) => {
                // What the game asked for before this message is numbered first, so an answer
                // to an older request is never taken for the newer one's.
                self.collect_requests();
                if self.is_current(&message) {
                    match &mut self.screen {
                        Screen::Study(study)
                            if let SolverMessage::Judged { judged, .. } = message =>
                        {
                            self.judging_open = false;
                            study.on_judged(judged);
                        }
                        Screen::Play(game) => game.on_solver(message),
                        // The study's answers are its own; the game behind it goes on
                        // hearing from its solver.
                        Screen::Study(study) => {
                            if message.generation().is_some()
                                && message.generation() == study.generation
                            {
                                study.on_solver(message);
                            } else if let Some(game) = &mut study.behind {
                                game.on_solver(message);
                            }
                        }
                        Screen::Menu => {}
                    }
                }
            }
            Event::Paste(text) => self.on_paste(&text),
        }
    }

    /// A paste is typed into the menu's field being edited, keeping only the characters that
    /// field takes (a newline never starts a game); in a game it plays nothing and says so.
    fn on_paste(&mut self, text: &str) {
        if self.hidden() || self.help_open {
            return;
        }
        let note = "Pasted text is ignored in a game.";
        match &mut self.screen {
            Screen::Menu => {
                if !self.warnings.is_empty() || self.menu.replacing.is_some() {
                    return;
                }
                // Trimmed, so that a pasted value replaces the field's as a typed one does.
                let kept: String = text.chars().filter(|&c| self.menu.takes_char(c)).collect();
                for c in kept.trim().chars() {
                    self.menu.type_char(Some(c));
                }
            }
            Screen::Play(game) => game.note(note.into()),
            Screen::Study(_) => {}
        }
    }

    /// Runs the game's clock for one tick: once, or in a demonstration as its speed and pause
    /// say (a step stops right after its move lands).
    fn tick_game(&mut self) {
        let demo = self.is_demo();
        let ticks = if demo { self.demo.game_ticks() } else { 1 };
        for _ in 0..ticks {
            if let Screen::Play(game) = &mut self.screen {
                // The computer's move flashes, lands or is chosen: the screen changes.
                let on = !game.is_over() && !game.confirm_quit() && !game.asking();
                let side = game.moves_made() % 2;
                self.computer_ticked |= on && self.playing.players[side] == Player::Computer;
                game.tick(&mut self.rng);
            }
            if demo && !self.demo.go_on(self.history_len()) {
                break;
            }
        }
    }

    /// Starts a game with the menu's settings, unless they cannot start one (the menu then
    /// shows why), or the game asked for with [`App::play_position`] while the menu asked
    /// whether it may replace a saved game. A new game of a kind that has a saved game would
    /// replace that save: the menu asks first, and this starts the game only once the question
    /// was answered yes (with [`MenuLine::Start`] while [`Menu::replacing`] is set).
    pub fn start_game(&mut self) {
        if let Some((settings, start)) = self.asked.clone() {
            // Checked by the command line: a position by its game's parser (a Fibonacci pile
            // of 1 with 1 allowed is a position, though no game starts with it).
            return self.begin(settings, start);
        }
        if let Some((line, problem)) = self.menu.problem() {
            self.menu.select(line);
            self.menu.note = Some(format!("Cannot start: {problem}"));
            return;
        }
        self.begin(self.menu.settings.clone(), None);
    }

    /// Starts the game on screen again (Restart, Play again): its own settings, from the same
    /// position.
    fn restart(&mut self) {
        if let Screen::Play(_) = self.screen {
            self.begin(self.playing.clone(), self.start.clone());
        }
    }

    /// Starts a game of `settings` from `start`, once the menu's question about the saved game
    /// of its kind, if there is one, has been answered yes.
    fn begin(&mut self, settings: Settings, start: Option<StartPosition>) {
        let kind = settings.game;
        // A demonstration is never saved, so it replaces nothing and asks nothing.
        let demo = settings.players == [Player::Computer; 2];
        if !demo && self.menu.replacing != Some(kind) {
            // The question names the game its file holds now.
            self.reread_saved_games();
            self.offer_saved_games(None);
        }
        let saved_at = (!demo)
            .then(|| self.saved.iter().position(|s| s.settings.game == kind))
            .flatten();
        let (id, replaces) = if let Some(at) = saved_at {
            if self.menu.replacing != Some(kind) {
                self.menu.replacing = Some(kind);
                self.menu.select(MenuLine::Start);
                // The question is the menu's only line under its buttons.
                self.menu.note = None;
                self.screen = Screen::Menu;
                return;
            }
            // The new game takes the saved game's place, if that is still there (another munch
            // may have resumed it meanwhile).
            let replaced = self.saved.remove(at);
            self.offer_saved_games(None);
            (crate::store::new_id(), Some(replaced))
        } else {
            let same_kind = match &self.screen {
                Screen::Play(_) => self.playing.game == kind,
                Screen::Menu | Screen::Study(_) => false,
            };
            // Restart and Play again keep the slot this game holds.
            if same_kind && !self.game_id.is_empty() {
                (self.game_id.clone(), self.replaces.take())
            } else {
                (crate::store::new_id(), None)
            }
        };
        self.menu.replacing = None;
        self.asked = None;
        self.menu.select(MenuLine::Start);
        self.launch(settings, id, start);
        self.replaces = replaces;
    }

    /// Starts a game of `settings` under the identity `id`, from `start` when a position was
    /// set. The settings file keeps the menu's settings, written when a game of the menu's own
    /// starts (a game with settings of its own, from the command line, leaves it alone).
    fn launch(&mut self, settings: Settings, id: String, start: Option<StartPosition>) {
        if settings.players == [Player::Computer; 2] {
            // A demonstration writes no saved game: the one of its kind stays free to resume
            // in another window.
            self.play_lock = None;
        } else {
            self.take_play_lock(settings.game);
        }
        self.game_id = id;
        self.game_serial += 1;
        self.counted = None;
        self.history_top = None;
        // A new demonstration runs (at the speed chosen before).
        self.demo.restart();
        self.confirm_restart = false;
        if let Some(store) = &self.store
            && start.is_none()
            && settings == self.menu.settings
            && let Err(problem) = store.save(SETTINGS_FILE, &self.menu.settings)
        {
            self.warn(problem);
        }
        // The game being replaced lends its table to the next one, or frees it; what it asked
        // for and was not sent yet is dropped with it.
        let previous = match std::mem::replace(&mut self.screen, Screen::Menu) {
            Screen::Play(game) if self.playing.game == settings.game => game.leftover(),
            _ => None,
        };
        let mut session = settings
            .game
            .game()
            .new_session(settings.setup_from(start.clone()), previous);
        if self.preferences.hints {
            session.act(Action::ToggleHints);
        }
        self.screen = Screen::Play(session);
        self.playing = settings;
        self.start = start;
        self.collect_requests();
    }

    /// Opens the Study screen on the start of the menu's game, unless its values cannot
    /// start one (the menu then says why).
    fn study_menu_game(&mut self) {
        if let Some((line, problem)) = self.menu.problem() {
            self.menu.select(line);
            self.menu.note = Some(format!("Cannot study: {problem}"));
            return;
        }
        let settings = &self.menu.settings;
        match settings
            .game
            .game()
            .study(&settings.values, None, &[], None)
        {
            Some(study) => {
                self.screen = Screen::Study(Box::new(StudyScreen::new(settings.game, study, None)));
            }
            None => {
                self.menu.note = Some(format!("{} cannot be studied yet", settings.game.label()));
            }
        }
    }

    /// Opens the Study screen on `start`, a position of the game `settings` name (as `munch
    /// study --position` asks); Esc goes to the menu, as the person left it. The menu says
    /// why when the position cannot be studied.
    pub fn study_position(&mut self, settings: &Settings, start: &StartPosition) {
        let kind = settings.game;
        let study = kind.game().study(&settings.values, Some(start), &[], None);
        self.screen = Screen::Menu;
        match study {
            Some(study) => {
                self.screen = Screen::Study(Box::new(StudyScreen::new(kind, study, None)));
            }
            None => self.menu.note = Some(format!("{} cannot be studied there", kind.label())),
        }
    }

    /// Opens the Study screen on the position of the game on screen, which waits behind it
    /// unchanged (a game between computers comes back paused, on the position studied).
    fn analyse(&mut self) {
        let Screen::Play(game) = &mut self.screen else {
            return;
        };
        let kind = self.playing.game;
        let start = self.start.as_ref();
        let Some(study) = kind.game().study(
            &self.playing.values,
            start,
            &game.notation(),
            Some(game.as_ref()),
        ) else {
            game.note(format!("{} cannot be studied yet.", kind.label()));
            return;
        };
        if self.is_demo() {
            self.demo.pause();
        }
        let Screen::Play(game) = std::mem::replace(&mut self.screen, Screen::Menu) else {
            unreachable!("a game is on screen")
        };
        self.screen = Screen::Study(Box::new(StudyScreen::new(kind, study, Some(game))));
    }

    /// Opens the review of the game on screen, which has ended and waits behind it unchanged.
    fn review_finished_game(&mut self) {
        let Screen::Play(game) = &mut self.screen else {
            return;
        };
        let kind = self.playing.game;
        let Some(record) = GameRecord::of(&self.playing, self.start.as_ref(), game.as_ref()) else {
            return;
        };
        let Some(study) = kind.game().study(
            &record.settings.values,
            record.start.as_ref(),
            &[],
            Some(game.as_ref()),
        ) else {
            game.note(format!("{} cannot be reviewed yet.", kind.label()));
            return;
        };
        // Judged on a solver thread with the game's tables: the review opens at once.
        let judging = game.judging();
        let review = Review::judging(record);
        let Screen::Play(game) = std::mem::replace(&mut self.screen, Screen::Menu) else {
            unreachable!("a game is on screen")
        };
        self.screen = Screen::Study(Box::new(StudyScreen::reviewing(
            kind,
            study,
            review,
            Some(game),
        )));
        self.ask(Request::Judge(judging));
    }

    /// Opens the review of `record` (from the data folder or a file): its moves are judged by
    /// a replay of the game, on a solver thread (the review opens at once). Fails, with the
    /// reason, when its game cannot be studied.
    pub fn review_record(&mut self, record: GameRecord) -> Result<(), String> {
        let kind = record.settings.game;
        let study = kind
            .game()
            .study(&record.settings.values, record.start.as_ref(), &[], None)
            .ok_or_else(|| format!("{} cannot be reviewed yet", kind.label()))?;
        let replayed = record.clone();
        let judging = Task::new("judge a record", move |progress| {
            replayed.session().judging().run(progress)
        });
        self.screen = Screen::Study(Box::new(StudyScreen::reviewing(
            kind,
            study,
            Review::judging(record),
            None,
        )));
        self.ask(Request::Judge(judging));
        Ok(())
    }

    /// Opens the review of the last finished game of the menu's kind, as the data folder keeps
    /// it; the menu says why when there is none.
    fn review_last_game(&mut self) {
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
    fn write_record(&mut self) {
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

    /// Starts a game from the position studied against the computer, the person moving first
    /// or second, at the menu's level. The game the study was opened from goes back to the
    /// menu's saved games first (a new game of its kind asks before replacing it).
    fn play_from_study(&mut self, person_first: bool) {
        let Screen::Study(study) = &self.screen else {
            return;
        };
        let text = study.study.position();
        let (mut settings, start) = match self.menu.settings.clone().with_position(&text) {
            Ok(parsed) => parsed,
            Err(problem) => {
                if let Screen::Study(study) = &mut self.screen {
                    study.note = Some(problem);
                }
                return;
            }
        };
        settings.players = if person_first {
            [Player::Person, Player::Computer]
        } else {
            [Player::Computer, Player::Person]
        };
        if matches!(&self.screen, Screen::Study(study) if study.behind.is_some()) {
            self.leave_study();
            self.back_to_menu();
        } else {
            self.leave_study();
        }
        self.play_position(settings, start);
    }

    /// Leaves the Study screen: back to the game it was opened from, or to the menu. A table
    /// the study asked for stops (its memory is freed); the game asks again for what its
    /// solver had not answered, since the study's request cancelled it.
    fn leave_study(&mut self) {
        let Screen::Study(study) = std::mem::replace(&mut self.screen, Screen::Menu) else {
            return;
        };
        let asked = study.generation.is_some();
        match study.behind {
            Some(mut game) => {
                if asked {
                    game.ask_again();
                }
                self.screen = Screen::Play(game);
                self.collect_requests();
            }
            None if asked => self.cancel_solver(),
            None => {}
        }
    }

    /// Leaves the game for the menu, which then offers to resume it (it is saved already),
    /// unless nobody has played in it yet: then the saved game it was to replace, if any, is
    /// offered again (its file still holds it), and a save of its own (an old one, resumed) goes.
    fn back_to_menu(&mut self) {
        self.cancel_solver();
        let game = self.game_in_progress();
        let played = game.as_ref().is_some_and(|g| {
            worth_keeping(g.settings.players, g.moves.len()) || g.counted.is_some()
        });
        let kept = match game {
            Some(game) if played => Some(game),
            Some(game) => {
                if let Some(store) = &self.store
                    && let Err(problem) = store.remove_game(game.settings.game, &game.id)
                {
                    self.warn(problem);
                }
                self.replaces.take()
            }
            None => None,
        };
        let kind = kept.map(|game| {
            let kind = game.settings.game;
            self.saved.retain(|s| s.settings.game != kind);
            self.saved.push(game);
            kind
        });
        self.screen = Screen::Menu;
        // The menu offers it to every window again.
        self.play_lock = None;
        // Other windows may have saved meanwhile: the menu shows the files as they are now.
        self.reread_saved_games();
        self.offer_saved_games(kind);
    }

    /// The game on screen as it would be saved, unless it is over (or there is none).
    fn game_in_progress(&self) -> Option<SavedGame> {
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

    fn on_key(&mut self, key: &KeyEvent) {
        if keys::is_force_quit(key) {
            self.should_quit = true;
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
        if self.game_over_grace() > 0 && !self.help_open {
            // A key typed as the game ended was meant for the game, not for the box.
            return;
        }
        if self.help_open {
            // The help scrolls when it does not fit; any other key closes it.
            let hidden = self.viewport.help_hidden;
            let page = 5;
            match keys::action(keys::HELP_OPEN, key) {
                Some(Action::Up) if hidden > 0 => self.scroll_help(-1),
                Some(Action::Down) if hidden > 0 => self.scroll_help(1),
                Some(Action::PageUp) if hidden > 0 => self.scroll_help(-page),
                Some(Action::PageDown) if hidden > 0 => self.scroll_help(page),
                _ => self.help_open = false,
            }
            return;
        }
        if let Screen::Menu = self.screen
            && !self.warnings.is_empty()
        {
            // The warnings are shown above the menu: they take the keys until dismissed.
            match keys::action(keys::WARNINGS, key) {
                Some(Action::Back) => self.dismiss_warnings(),
                Some(Action::Quit) => self.should_quit = true,
                _ => {}
            }
            return;
        }
        if let Screen::Menu = self.screen
            && self.menu.replacing.is_some()
            && keys::action(self.bindings(), key) != Some(Action::Select)
        {
            self.menu.replacing = None; // the saved game is kept
            self.asked = None;
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

    fn scroll_help(&mut self, by: i16) {
        self.help_scroll = self
            .help_scroll
            .saturating_add_signed(by)
            .min(self.viewport.help_hidden);
    }

    /// Does what a key or a button asks for: every action goes through here, so a click asks
    /// the same questions a key does.
    pub fn act(&mut self, action: Action) {
        if action == Action::Help {
            self.help_open = true;
            self.help_scroll = 0;
            return;
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
                _ => self.set_confirm_quit(false),
            },
            Some(Dialog::ConfirmRestart) => match action {
                Action::Yes => self.restart(),
                _ => self.confirm_restart = false,
            },
            Some(Dialog::EatPoison) => {
                if let Screen::Play(game) = &mut self.screen {
                    game.answer(action == Action::Yes);
                }
            }
            Some(Dialog::GameOver) => match action {
                Action::PlayAgain => self.restart(),
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
    fn play_action(&mut self, action: Action) {
        if action == Action::WriteRecord {
            return self.write_record();
        }
        if let Screen::Study(study) = &mut self.screen {
            let rows = usize::from(self.viewport.study_rows.max(1));
            match study.act(action, rows) {
                study::Outcome::Leave => self.leave_study(),
                // The old study's build is not wanted any more (its memory is freed); the new
                // one's requests follow.
                study::Outcome::Replaced if study.generation.is_some() => self.cancel_solver(),
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
            Screen::Study(_) => {}
        }
    }

    /// Turns the hints preference over and keeps it for later runs. A failed write is said
    /// in the menu's warnings; the hints still change for this run.
    fn toggle_hints(&mut self) {
        self.preferences.hints = !self.preferences.hints;
        if let Some(store) = &self.store
            && let Err(problem) = store.save(PREFERENCES_FILE, &self.preferences)
        {
            self.warn(problem);
        }
    }

    /// How many moves the game has made.
    fn history_len(&self) -> usize {
        self.session().map_or(0, Session::moves_made)
    }

    /// A page of the move list: as many moves as it shows (known once a frame is drawn).
    #[expect(
        clippy::cast_possible_wrap,
        reason = "munch builds only for 32- and 64-bit targets, whose isize holds any u16"
    )]
    fn move_page(&self) -> isize {
        self.viewport.move_rows.max(1) as isize
    }

    /// Scrolls the move list `by` moves (back when negative); scrolled to the end, it follows
    /// the latest move again.
    fn scroll_moves(&mut self, by: isize) {
        let len = self.history_len();
        let rows = usize::from(self.viewport.move_rows.max(1));
        let last_top = len.saturating_sub(rows);
        let top = self.history_top.unwrap_or(last_top).min(last_top);
        let top = top.saturating_add_signed(by).min(last_top);
        self.history_top = (top < last_top).then_some(top);
    }

    /// Restart asks first when the game has moves to lose.
    fn ask_restart(&mut self) {
        let Some(moves) = self.session().map(Session::moves_made) else {
            return;
        };
        if moves == 0 {
            self.restart();
        } else {
            self.confirm_restart = true;
        }
    }

    fn menu_action(&mut self, action: Action) {
        let line = self.menu.selected;
        if self.menu.replacing.is_some() && (action != Action::Select || line != MenuLine::Start) {
            self.menu.replacing = None; // the saved game is kept
            self.asked = None;
            return;
        }
        match action {
            Action::Up => self.menu.move_selection(-1),
            Action::Down => self.menu.move_selection(1),
            // Start and Study stand side by side.
            Action::Left | Action::Right if line == MenuLine::Start => {
                self.menu.select(MenuLine::Study);
            }
            Action::Left | Action::Right if line == MenuLine::Study => {
                self.menu.select(MenuLine::Start);
            }
            Action::Left => self.menu.step(line, -1),
            Action::Right => self.menu.step(line, 1),
            Action::Select => match line {
                MenuLine::Quit => self.should_quit = true,
                MenuLine::Resume(kind) => self.resume(kind),
                MenuLine::Study => self.study_menu_game(),
                _ => self.start_game(),
            },
            Action::Study => self.study_menu_game(),
            Action::Review => self.review_last_game(),
            Action::Quit | Action::Back => self.should_quit = true,
            _ => {}
        }
    }

    fn on_pointer(&mut self, target: Target, click: bool) {
        if self.hidden() {
            return;
        }
        if self.help_open {
            if click {
                self.help_open = false;
            }
            return;
        }
        if matches!(self.screen, Screen::Menu) && !self.warnings.is_empty() {
            if click {
                self.dismiss_warnings();
            }
            return;
        }
        match target {
            Target::Spot(spot) => match (self.dialog().is_none(), &mut self.screen) {
                (true, Screen::Play(game)) => game.point(spot, click),
                (_, Screen::Study(study)) => study.point(spot, click),
                _ => {}
            },
            Target::StudyEntry(at) if click => {
                if let Screen::Study(study) = &mut self.screen {
                    study.click_entry(at);
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
    fn on_wheel(&mut self, target: Option<Target>, up: bool) {
        if self.hidden() {
            return;
        }
        if self.help_open {
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
            (Screen::Menu, _) => {}
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

    /// A dialog button does what its key does, and only while its dialog is showing.
    fn press(&mut self, button: Button) {
        if button == Button::CloseHelp {
            self.help_open = false;
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
            | (Some(Dialog::EatPoison), Button::EatPoison) => Action::Yes,
            (Some(Dialog::ConfirmQuit | Dialog::GameOver), Button::Menu) => Action::Menu,
            (
                Some(Dialog::ConfirmQuit | Dialog::ConfirmRestart | Dialog::EatPoison),
                Button::KeepPlaying,
            ) => Action::No,
            (Some(Dialog::GameOver), Button::PlayAgain) => Action::PlayAgain,
            (Some(Dialog::GameOver), Button::Review) => Action::Review,
            (Some(Dialog::GameOver), Button::Quit) => Action::Quit,
            _ => return,
        };
        self.act(action);
    }
}
