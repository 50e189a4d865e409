//! Going from screen to screen: starting, restarting and leaving games, the Study screen and
//! the reviews.

use super::keys::Action;
use super::menu::MenuLine;
use super::review::Review;
use super::study::StudyScreen;
use super::writer::Write;
use super::{App, Screen, worth_keeping};
use crate::games::position::StartPosition;
use crate::games::request::{Request, Task};
use crate::games::session::Session;
use crate::record::GameRecord;
use crate::settings::{Player, Settings};

impl App {
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

    /// Runs the game's clock for one tick: once, or in a demonstration as its speed and pause
    /// say (a step stops right after its move lands).
    pub(super) fn tick_game(&mut self) {
        let demo = self.is_demo();
        let ticks = if demo { self.demo.game_ticks() } else { 1 };
        for _ in 0..ticks {
            if let Screen::Play(game) = &mut self.screen {
                // The computer's move flashes, lands or is chosen: the screen changes. (No
                // question is open: the clock stops for them, see `App::computer_waits`.)
                let on = !game.is_over();
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
    pub(super) fn restart(&mut self) {
        if let Screen::Play(_) = self.screen {
            self.begin(self.playing.clone(), self.start.clone());
        }
    }

    /// Starts a game of `settings` from `start`, once the menu's question about the saved game
    /// of its kind, if there is one, has been answered yes.
    pub(super) fn begin(&mut self, settings: Settings, start: Option<StartPosition>) {
        let kind = settings.game;
        // A demonstration is never saved, so it replaces nothing and asks nothing.
        let demo = settings.players == [Player::Computer; 2];
        if !demo && self.menu.replacing != Some(kind) {
            // The question names the game its file holds now.
            self.reread_saved_games();
            // The Resume row shows the saved game the question is about.
            self.offer_saved_games(Some(kind));
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
            if self.menu.open_elsewhere.contains(&kind) {
                // Another window is playing this kind: its game is not replaced, and the new
                // one is not saved while that window plays (the question said so).
                (crate::store::new_id(), None)
            } else {
                // The new game takes the saved game's place, if that is still there (another
                // munch may have resumed it meanwhile).
                let replaced = self.saved.remove(at);
                self.offer_saved_games(None);
                (crate::store::new_id(), Some(replaced))
            }
        } else {
            let same_kind = match &self.screen {
                Screen::Play(_) => self.playing.game == kind,
                Screen::Menu | Screen::Study(_) | Screen::Puzzle(_) => false,
            };
            // Restart and Play again keep the slot this game holds.
            if same_kind && !self.saves.game_id.is_empty() {
                (self.saves.game_id.clone(), self.saves.replaces.take())
            } else {
                (crate::store::new_id(), None)
            }
        };
        self.menu.replacing = None;
        self.asked = None;
        self.menu.select(MenuLine::Start);
        self.launch(settings, id, start);
        self.saves.replaces = replaces;
    }

    /// Starts a game of `settings` under the identity `id`, from `start` when a position was
    /// set. The settings file keeps the menu's settings, written when a game of the menu's own
    /// starts (a game with settings of its own, from the command line, leaves it alone).
    pub(super) fn launch(&mut self, settings: Settings, id: String, start: Option<StartPosition>) {
        if settings.players == [Player::Computer; 2] {
            // A demonstration writes no saved game: the one of its kind stays free to resume
            // in another window.
            self.saves.play_lock = None;
        } else {
            self.take_play_lock(settings.game);
        }
        // Restart and Play again keep the slot: a save the game before made there is this
        // one's to remove (its moves were given up), should it not be worth keeping.
        let slot_saved = self.saves.game_id == id
            && matches!(self.saves.last_saved, Some((serial, _)) if serial == self.saves.game_serial);
        self.saves.game_id = id;
        self.saves.game_serial += 1;
        if slot_saved {
            self.saves.last_saved = Some((self.saves.game_serial, usize::MAX));
        }
        self.saves.counted = None;
        self.history_top = None;
        // A new demonstration runs (at the speed chosen before).
        self.demo.restart();
        self.opened.restart = false;
        self.opened.leave = false;
        self.opened.question = None;
        if start.is_none() && settings == self.menu.settings {
            self.write(Write::Settings(self.menu.settings.clone()));
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
    pub(super) fn study_menu_game(&mut self) {
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
    pub(super) fn analyse(&mut self) {
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
    pub(super) fn review_finished_game(&mut self) {
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

    /// Starts a game from the position studied against the computer, the person moving first
    /// or second, at the menu's level. The game the study was opened from goes back to the
    /// menu's saved games first (a new game of its kind asks before replacing it).
    pub(super) fn play_from_study(&mut self, person_first: bool) {
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

    /// Leaves the Study screen: back to the game it was opened from, or to the menu. The game
    /// takes the tables the study built; a table the study still waited for stops (its memory
    /// is freed), and the game asks again for what its solver had not answered, since the
    /// study's request cancelled it.
    pub(super) fn leave_study(&mut self) {
        let Screen::Study(study) = std::mem::replace(&mut self.screen, Screen::Menu) else {
            return;
        };
        let asked = study.job.is_some();
        match study.behind {
            Some(mut game) => {
                // What the study built is the game's too: it is not built again.
                if let Some(tables) = study.study.tables() {
                    game.adopt(tables);
                }
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
    pub(super) fn back_to_menu(&mut self) {
        self.cancel_solver();
        let game = self.game_in_progress();
        let played = game.as_ref().is_some_and(|g| {
            worth_keeping(g.settings.players, g.moves.len()) || g.counted.is_some()
        });
        let kept = match game {
            Some(game) if played => Some(game),
            Some(game) => {
                self.write(Write::RemoveGame {
                    kind: game.settings.game,
                    id: game.id,
                });
                self.saves.replaces.take()
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
        self.saves.play_lock = None;
        // Other windows may have saved meanwhile: the menu shows the files as they are now.
        self.reread_saved_games();
        self.offer_saved_games(kind);
    }

    /// Opens the Puzzles screen (`munch puzzle`, the menu's Puzzles): puzzles of `only`, or of
    /// every game in turn, from `seed` (see [`PuzzleScreen::new`]; `None`: a seed of its own).
    /// The first are found on the puzzles lane at once; the person's rating and streak are
    /// read from the data folder on the writer's thread.
    ///
    /// [`PuzzleScreen::new`]: super::puzzle::PuzzleScreen::new
    pub fn open_puzzles(&mut self, only: Option<crate::settings::GameKind>, seed: Option<u64>) {
        let seed = seed.unwrap_or_else(|| self.rng.u64(..));
        self.screen = Screen::Puzzle(Box::new(super::puzzle::PuzzleScreen::new(
            only,
            crate::store::PuzzleRecord::default(),
            seed,
        )));
        self.write(Write::Puzzle(None));
        self.collect_requests();
    }

    /// Opens "Your mistakes" (the menu's line, or `m` after a game: `after_game`, whose
    /// retries come first): the kept records are looked at on the puzzles lane, and the
    /// retries play on the Puzzles screen. A game over on screen goes back to the menu first.
    pub fn open_mistakes(&mut self, after_game: bool) {
        if matches!(self.screen, Screen::Play(_)) {
            self.back_to_menu();
        }
        let just_kept = self.saves.just_kept.clone();
        let first_from = just_kept
            .as_ref()
            .filter(|_| after_game)
            .map(|(name, _)| name.clone());
        let scan = super::mistakes::scan_task(self.saves.store.clone(), just_kept);
        self.screen = Screen::Puzzle(Box::new(super::puzzle::PuzzleScreen::mistakes(
            first_from,
            Request::Puzzles(scan),
        )));
        self.collect_requests();
    }

    /// Leaves the Puzzles screen for the menu: a puzzle left unfinished is not counted, and
    /// what it or the next puzzles still wait for is stopped.
    pub(super) fn leave_puzzles(&mut self) {
        self.screen = Screen::Menu;
        self.cancel_solver();
    }

    /// Restart asks first when the game has moves to lose.
    pub(super) fn ask_restart(&mut self) {
        let Some(moves) = self.session().map(Session::moves_made) else {
            return;
        };
        if moves == 0 {
            self.restart();
        } else {
            self.opened.restart = true;
        }
    }
}
