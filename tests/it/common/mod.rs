//! Helpers shared by the integration tests: an app whose solver requests the test runs itself,
//! in its own thread (or, for the tests about the threads, on a real worker), and whose answers
//! it delivers by hand, so every test decides exactly when the solver's answers arrive.

use munch::app::{App, Event, Screen};
use munch::games::chomp::rules::Square;
use munch::games::chomp::session::ChompSession;
use munch::games::chomp::solver::{Answer, Phase};
use munch::games::core::rules::Rules;
use munch::games::fibonacci::session::FibonacciSession;
use munch::games::grid::board::{self, Cell};
use munch::games::nim::session::NimSession;
use munch::games::pile::rules::PileRules;
use munch::games::pile::session::PileSession;
use munch::games::request::{Job, Lane, SolverMessage};
use munch::games::subtraction::session::SubtractionSession;
use munch::games::turns::FLASH_TICKS;
use munch::input::Spot;
use munch::settings::{GameKind, Player, Settings};
use munch::solve::{MovesLeftTable, OutcomeTable};
use munch::worker::{Runner, Worker};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Who runs the app's solver requests.
enum Solver {
    /// The test's own thread, running jobs as the worker's threads do: answers wait in
    /// `answers`.
    Inline {
        runner: Runner,
        answers: VecDeque<SolverMessage>,
    },
    /// The real solver threads, for the tests about them.
    Threads {
        worker: Worker,
        answers: Receiver<SolverMessage>,
    },
}

pub struct Harness {
    pub app: App,
    solver: Solver,
}

impl Harness {
    pub fn new() -> Harness {
        Harness::with_budget(munch::memory::default_memory(), 7)
    }

    /// An app that keeps its files in `store`.
    pub fn with_store(store: munch::store::Store) -> Harness {
        let h = Harness::new();
        Harness {
            app: h.app.with_store(store),
            solver: h.solver,
        }
    }

    /// An app whose solver requests run in the test's thread, with `budget` bytes for a table.
    pub fn with_budget(budget: u64, seed: u64) -> Harness {
        Harness {
            app: App::new(seed),
            solver: Solver::Inline {
                runner: Runner::new(budget),
                answers: VecDeque::new(),
            },
        }
    }

    /// An app served by the real solver threads (for the tests about them).
    pub fn with_worker(budget: u64, seed: u64) -> Harness {
        let (tx, answers) = mpsc::channel();
        let worker = Worker::spawn(budget, move |m| {
            let _ = tx.send(m);
        });
        Harness {
            app: App::new(seed),
            solver: Solver::Threads { worker, answers },
        }
    }

    /// The solver's next answer, as it would arrive: runs (or sends) what the app asked for
    /// meanwhile first. Panics if no answer comes.
    pub fn next_message(&mut self) -> SolverMessage {
        let jobs = self.app.take_requests();
        match &mut self.solver {
            Solver::Inline { runner, answers } => {
                run_inline(jobs, runner, answers);
                answers.pop_front().expect("the solver answers")
            }
            Solver::Threads { worker, answers } => {
                for job in jobs {
                    worker.send(job);
                }
                answers
                    .recv_timeout(Duration::from_secs(60))
                    .expect("the solver answers")
            }
        }
    }

    /// Runs what the app asked of its threads, and what that asks in turn, until it asks for
    /// nothing more.
    pub fn settle(&mut self) {
        loop {
            let jobs = self.app.take_requests();
            if jobs.is_empty() {
                return;
            }
            let Solver::Inline { runner, answers } = &mut self.solver else {
                panic!("settle runs the requests inline");
            };
            run_inline(jobs, runner, answers);
            while let Some(Solver::Inline { answers, .. }) = Some(&mut self.solver)
                && let Some(message) = answers.pop_front()
            {
                self.app.update(Event::Solver(message));
            }
        }
    }

    /// Starts a game straight from the given settings (at the menu's level).
    pub fn start(&mut self, rows: u8, cols: u8, players: [Player; 2]) {
        self.app.menu.settings = Settings {
            players,
            level: self.app.menu.settings.level,
            ..Settings::default()
        }
        .with("rows", rows)
        .with("cols", cols);
        self.start_and_replace();
    }

    /// Starts a coin-pile game: `set` is `None` for Fibonacci Nim.
    pub fn start_pile(&mut self, pile: u64, set: Option<&str>, players: [Player; 2]) {
        self.app.menu.settings = Settings {
            game: match set {
                Some(_) => GameKind::Subtraction,
                None => GameKind::Fibonacci,
            },
            players,
            level: self.app.menu.settings.level,
            ..Settings::default()
        }
        .with(
            match set {
                Some(_) => munch::games::subtraction::fields::PILE,
                None => munch::games::fibonacci::fields::PILE,
            },
            pile,
        )
        .with("set", set.unwrap_or("1"));
        self.start_and_replace();
    }

    /// Starts the menu's game; when that asks to replace a saved game of its kind, says yes.
    pub fn start_and_replace(&mut self) {
        self.app.start_game();
        if self.app.menu.replacing.is_some() {
            self.app.start_game();
        }
    }

    /// The one-pile game on screen, of the rules `R`.
    pub fn pile_game<R: PileRules>(&self) -> &PileSession<R> {
        self.app
            .session_as::<PileSession<R>>()
            .expect("a coin-pile game of these rules is on")
    }

    /// The subtraction game on screen.
    pub fn subtraction_game(&self) -> &SubtractionSession {
        self.pile_game()
    }

    /// The game of Fibonacci Nim on screen.
    pub fn fibonacci_game(&self) -> &FibonacciSession {
        self.pile_game()
    }

    /// A key as a person presses it. A person reads the result before answering the game-over
    /// box, so a key sent to it waits out the box's grace first (`raw_key` does not).
    pub fn key(&mut self, code: KeyCode) {
        self.read_the_result();
        self.raw_key(code);
    }

    /// A key sent at once, whatever shows.
    pub fn raw_key(&mut self, code: KeyCode) {
        self.app
            .update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    /// Ticks until the game-over box, if it shows, takes keys and clicks.
    pub fn read_the_result(&mut self) {
        let grace = self.app.game_over_grace();
        self.ticks(usize::try_from(grace).unwrap());
    }

    pub fn keys(&mut self, codes: &[KeyCode]) {
        for &code in codes {
            self.key(code);
        }
    }

    pub fn ctrl(&mut self, c: char) {
        self.read_the_result();
        self.app.update(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::CONTROL,
        )));
    }

    pub fn ticks(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update(Event::Tick);
        }
    }

    /// Delivers solver messages until the current game's solver has settled (ready or refused):
    /// the outcome table, and the moves-left table when the game asked for it.
    pub fn wait_for_solver(&mut self) {
        loop {
            if let Some(game) = self.app.session_as::<ChompSession>()
                && !solving(game)
                && !building_moves_left(game)
            {
                return;
            }
            let message = self.next_message();
            self.app.update(Event::Solver(message));
        }
    }

    /// Delivers solver messages until the game or the study on screen has the tables it asked
    /// for (a coin game's or Nim's, built by a task on the table thread).
    pub fn wait_for_tables(&mut self) {
        while self.waits_for_a_table() {
            let message = self.next_message();
            self.app.update(Event::Solver(message));
        }
    }

    /// Whether the game or the study on screen waits for a table built by a task.
    pub fn waits_for_a_table(&self) -> bool {
        match &self.app.screen {
            Screen::Play(_) => {
                self.app
                    .session_as::<SubtractionSession>()
                    .is_some_and(|g| g.waiting.is_some())
                    || self
                        .app
                        .session_as::<FibonacciSession>()
                        .is_some_and(|g| g.waiting.is_some())
                    || self
                        .app
                        .session_as::<NimSession>()
                        .is_some_and(|g| g.waiting.is_some())
            }
            Screen::Study(study) => study.study.analysis().progress.is_some(),
            Screen::Menu | Screen::Puzzle(_) => false,
        }
    }

    /// Delivers solver messages until the review on screen has its judged moves, and (with
    /// the test's own solver) until nothing more is asked or answered: the study's tables and
    /// the judging again with them.
    pub fn wait_for_review(&mut self) {
        loop {
            let judging = match &self.app.screen {
                Screen::Study(study) => study.review.as_ref().is_some_and(|r| r.judging),
                _ => false,
            };
            let jobs = self.app.take_requests();
            let message = match &mut self.solver {
                Solver::Inline { runner, answers } => {
                    run_inline(jobs, runner, answers);
                    answers.pop_front()
                }
                Solver::Threads { worker, answers } => {
                    for job in jobs {
                        worker.send(job);
                    }
                    judging
                        .then(|| answers.recv_timeout(Duration::from_secs(60)).ok())
                        .flatten()
                }
            };
            match message {
                Some(message) => self.app.update(Event::Solver(message)),
                None if judging => panic!("the review's judging is answered"),
                None => return,
            }
        }
    }

    /// Lets the computer choose and land one move (and whatever was queued behind it).
    pub fn computer_moves(&mut self) {
        self.wait_for_solver();
        self.ticks(1);
        self.wait_for_search();
        self.ticks(usize::from(FLASH_TICKS));
        self.wait_for_solver();
    }

    /// Delivers solver messages until the computer's search, if it started one, has answered.
    pub fn wait_for_search(&mut self) {
        while self
            .app
            .session_as::<ChompSession>()
            .is_some_and(ChompSession::searching)
        {
            let message = self.next_message();
            self.app.update(Event::Solver(message));
        }
    }

    pub fn game(&self) -> &ChompSession {
        self.app.session_as::<ChompSession>().expect("a game is on")
    }

    pub fn on_menu(&self) -> bool {
        matches!(self.app.screen, Screen::Menu)
    }
}

/// Whether a Chomp game's outcome table is on its way: a build under way, the outcomes not
/// there yet.
pub fn solving(game: &ChompSession) -> bool {
    game.waiting.is_some() && game.rules.outcomes().is_none()
}

/// Whether a Chomp game's moves-left table is on its way: a build under way that brings them.
pub fn building_moves_left(game: &ChompSession) -> bool {
    game.waiting.is_some() && game.rules.moves_left_coming()
}

/// Whether a Chomp game asked for no moves-left table: none held, none on its way, none
/// refused.
pub fn moves_left_not_asked(game: &ChompSession) -> bool {
    game.rules.moves_left().is_none()
        && !building_moves_left(game)
        && game.rules.moves_left_refusal().is_none()
}

/// Whether a Chomp game's computer waits for the moves-left table before it moves (at level
/// perfect, while that build is under way and near).
pub fn waits_for_moves_left(game: &ChompSession) -> bool {
    game.settings.level == munch::games::setup::Level::Perfect
        && building_moves_left(game)
        && game.build_near()
}

/// The square under a Chomp game's cursor.
pub fn cursor(game: &ChompSession) -> munch::games::chomp::rules::Square {
    let cell = game.board.cursor;
    let at = |n: u16| u8::try_from(n).expect("on the bar");
    munch::games::chomp::rules::Square::new(at(cell.col), at(cell.row))
}

/// Runs `jobs` as the worker's threads would, one after the other, and queues their answers: a
/// job that a later one of its lane replaces (a table request, a search, a judging, or a
/// cancel or stop) is skipped, as the threads skip it.
fn run_inline(jobs: Vec<Job>, runner: &mut Runner, answers: &mut VecDeque<SolverMessage>) {
    let last = |lane: Lane| jobs.iter().rposition(|job| job.request.lane() == lane);
    let latest: Vec<usize> = Lane::ALL.iter().filter_map(|&lane| last(lane)).collect();
    let out = RefCell::new(Vec::new());
    let notify = |m: SolverMessage| out.borrow_mut().push(m);
    for (at, job) in jobs.into_iter().enumerate() {
        if latest.contains(&at) {
            runner.run(job, &|| true, &notify);
        }
    }
    answers.extend(out.into_inner());
}

/// Each job's number and, for a Chomp request, what it asks.
pub fn asked(jobs: &[Job]) -> Vec<(u64, Option<munch::games::chomp::solver::Asked>)> {
    jobs.iter()
        .map(|job| {
            let asked = munch::games::chomp::solver::asked(&job.request);
            (job.number, asked.cloned())
        })
        .collect()
}

/// Every position of a `rows` × `cols` box, by plain nested counting.
pub fn every_position(rows: usize, cols: usize) -> Vec<munch::games::chomp::rules::Position> {
    let mut out = vec![vec![]];
    for _ in 0..cols {
        out = out
            .into_iter()
            .flat_map(|prefix: Vec<usize>| {
                let cap = prefix.last().copied().unwrap_or(rows);
                (0..=cap).map(move |h| [prefix.clone(), vec![h]].concat())
            })
            .collect();
    }
    out.iter()
        .map(|h| munch::games::chomp::rules::Position::from_heights(rows, cols, h).unwrap())
        .collect()
}

/// The screen the view draws for `app` on a `width` × `height` terminal, as text.
pub fn render_text(app: &munch::app::App, width: u16, height: u16) -> String {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(app, frame, &munch::theme::Theme::monochrome());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        for x in 0..width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// The name the test harness gives the test `name` of the module at `module_path` (its
/// `module_path!()`), as `--exact` wants it: the path without the crate's name.
pub fn test_name(module_path: &str, name: &str) -> String {
    let module = module_path
        .split_once("::")
        .map_or("", |(_, module)| module);
    format!("{module}::{name}")
}

/// A solver message, read as Chomp's (the game reads its `Answer` directly; the tests tell a
/// table sent on the way from the one asked for).
#[derive(Clone)]
pub enum News {
    /// `done` of `total` steps of `phase` are done.
    Progress { phase: Phase, done: u64, total: u64 },
    /// The outcome table a moves-left table is being built on, as soon as it is there:
    /// outcomes can be shown before the moves left.
    Outcomes(Arc<OutcomeTable>),
    /// The outcome table asked for is ready.
    Ready(Arc<OutcomeTable>),
    /// The outcome table asked for would not fit the budget.
    Refused { needed_bytes: u64, budget: u64 },
    /// The moves-left table asked for is ready.
    MovesLeftReady(Arc<MovesLeftTable>),
    /// The moves-left table asked for would not fit the budget with its outcome table.
    MovesLeftRefused { needed_bytes: u64, budget: u64 },
    /// The move a search found (see [`Answer::Searched`]).
    Searched { col: u8, row: u8 },
}

/// What `message` says to a Chomp game or study; `None` when it is no Chomp task's.
pub fn read(message: &SolverMessage) -> Option<News> {
    match message {
        SolverMessage::Progress {
            phase, done, total, ..
        } => [Phase::Outcomes, Phase::MovesLeft]
            .into_iter()
            .find(|named| named.label() == *phase)
            .map(|phase| News::Progress {
                phase,
                done: *done,
                total: *total,
            }),
        SolverMessage::Made { made, .. } => match made.downcast_ref::<Answer>()? {
            Answer::Outcomes(table) => Some(News::Outcomes(Arc::clone(table))),
            _ => None,
        },
        SolverMessage::Built { built, .. } => Some(match built.downcast_ref::<Answer>()?.clone() {
            Answer::Outcomes(table) => News::Ready(table),
            Answer::Refused {
                needed_bytes,
                budget,
            } => News::Refused {
                needed_bytes,
                budget,
            },
            Answer::MovesLeft(table) => News::MovesLeftReady(table),
            Answer::MovesLeftRefused {
                needed_bytes,
                budget,
            } => News::MovesLeftRefused {
                needed_bytes,
                budget,
            },
            Answer::Searched { col, row, .. } => News::Searched { col, row },
        }),
        SolverMessage::Judged { .. } => None,
    }
}

/// The spot Chomp's board draws `square` at.
pub fn spot(square: Square) -> Spot {
    board::spot(Cell {
        col: square.col.into(),
        row: square.row.into(),
    })
}
