//! The hooks a game with slow tables plays through on the core: a pile from which each side
//! takes 1 or 2 coins (lost at multiples of 3), whose answer is known only once its table is
//! built. The build sends the outcomes on the way, then the moves left; a pile over the
//! memory budget is refused its table until the game shrinks it; a search plays where nothing
//! proves a move; the tables outlive the game.

use super::board::{Board, Input};
use super::play::Play;
use super::rules::{Rules, Unfought};
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::{History, PanelInfo, SolverLine};
use crate::games::request::{Built, Request, SolverMessage, Task, Waiting};
use crate::games::review::Known;
use crate::games::session::{Leftover, Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::FLASH_TICKS;
use crate::input::{Action, Binding, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::sync::Arc;
use std::time::Duration;

/// What the slow toy's tasks make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Made {
    /// The outcomes: the period, sent on the way.
    Period(u8),
    /// The moves left, the build's answer.
    MovesLeft,
    /// A search's move.
    Searched(u8),
}

/// Take 1 or 2 with slow tables.
#[derive(Clone, Default)]
struct Slow {
    /// The pile at the start.
    pile: u8,
    /// The largest pile whose table fits the memory budget.
    budget: u8,
    /// Whether a build was asked for.
    asked: bool,
    period: Option<u8>,
    moves_left: bool,
}

fn built(made: Made) -> Built {
    Arc::new(made)
}

impl Slow {
    fn waiting() -> Waiting {
        let task = Task::new("the tables", |_| Some(built(Made::MovesLeft)));
        Waiting::new("outcomes", task)
    }
}

impl Rules for Slow {
    type Position = u8;
    type Move = u8;

    fn play(&self, &at: &u8, m: u8) -> Result<u8, String> {
        match at.checked_sub(m) {
            Some(after) if (1..=2).contains(&m) => Ok(after),
            _ => Err(format!("{m} cannot be taken from {at}")),
        }
    }

    fn is_over(&self, &at: &u8) -> bool {
        at == 0
    }

    fn move_count(&self, &at: &u8) -> Option<u64> {
        Some(u64::from(at.min(2)))
    }

    fn moves<'a>(&'a self, &at: &'a u8) -> Box<dyn Iterator<Item = u8> + 'a> {
        Box::new(1..=at.min(2))
    }

    fn write_move(&self, m: u8) -> String {
        m.to_string()
    }

    fn read_move(&self, text: &str) -> Option<u8> {
        text.parse().ok()
    }

    fn print(&self, at: &u8) -> String {
        format!("slow {at}")
    }

    /// Without the table, only that a pile of 1 or 2 is won by taking it whole.
    fn known(&self, &at: &u8) -> Option<Known<u8>> {
        let wins = match self.period {
            Some(period) => at % period != 0,
            None if (1..=2).contains(&at) => true,
            None => return None,
        };
        Some(Known {
            wins,
            winning_moves: if wins { vec![at % 3] } else { vec![] },
            complete: true,
        })
    }

    fn study(&self, _: &u8) -> Option<PositionAnalysis<u8>> {
        None
    }

    fn best_move(&self, at: &u8, _fight: bool, _: &mut fastrand::Rng) -> Option<u8> {
        let known = self.known(at)?;
        known.winning_moves.first().copied().or(Some(1))
    }

    fn random_move(&self, &at: &u8, _casual: bool, rng: &mut fastrand::Rng) -> Option<u8> {
        (at > 0).then(|| rng.u8(1..=at.min(2)))
    }

    /// Refused (at once) over the budget.
    fn build(&mut self, _moves_left: bool) -> Option<Waiting> {
        (self.pile <= self.budget && !self.moves_left).then(|| {
            self.asked = true;
            Slow::waiting()
        })
    }

    /// A pile that shrank into the budget asks for its tables, once.
    fn follow(&mut self, &at: &u8, _moves_left: bool) -> Option<Waiting> {
        (!self.asked && at <= self.budget).then(|| {
            self.asked = true;
            Slow::waiting()
        })
    }

    fn take_made(&mut self, made: &Built) -> Option<&'static str> {
        let Some(&Made::Period(period)) = made.downcast_ref::<Made>() else {
            return None;
        };
        self.period = Some(period);
        Some("moves left")
    }

    fn take_built(&mut self, built: Built) {
        if built.downcast_ref::<Made>() == Some(&Made::MovesLeft) {
            (self.period, self.moves_left) = (Some(3), true);
        }
    }

    fn wait_limit(&self) -> Option<Duration> {
        Some(Duration::from_secs(30))
    }

    /// The moves left decide every move from a pile of 3 or more.
    fn unfought(&self, &at: &u8) -> Option<Unfought> {
        if self.moves_left || at <= 2 {
            return None;
        }
        match self.known(&at) {
            Some(known) if known.wins => Some(Unfought::Win),
            _ => Some(Unfought::Defence),
        }
    }

    fn search(&self, _: &u8, rng: &mut fastrand::Rng) -> Option<Task<Built>> {
        let m = rng.u8(1..=1);
        Some(Task::new("search", move |_| Some(built(Made::Searched(m)))))
    }

    fn searched(&self, built: &Built) -> Option<(u8, bool)> {
        match built.downcast_ref::<Made>()? {
            &Made::Searched(m) => Some((m, false)),
            _ => None,
        }
    }

    fn keep(&self) -> Option<Leftover> {
        self.moves_left
            .then(|| Box::new(Made::MovesLeft) as Leftover)
    }

    fn adopt(&mut self, kept: Leftover, _at: &u8) -> bool {
        let Ok(kept) = kept.downcast::<Made>() else {
            return false;
        };
        self.take_built(Arc::new(*kept));
        self.moves_left
    }
}

/// A digit takes that many coins.
struct Taps;

impl Board<Slow> for Taps {
    fn new(_: &Slow, _: &u8) -> Taps {
        Taps
    }

    fn act(&mut self, _: &Slow, _: &u8, action: Action) -> Input<u8> {
        match action {
            Action::Digit(d) => Input::Play(d),
            _ => Input::Nothing,
        }
    }

    fn point(&mut self, _: &Slow, _: &u8, _: Spot, _: bool) -> Input<u8> {
        Input::Nothing
    }

    fn settle(&mut self, _: &Slow, _: &u8) {}

    fn refused(&mut self, _: &Slow, _: &u8, _: u8, reason: String) -> String {
        reason
    }

    fn keys() -> &'static [Binding] {
        &[]
    }

    fn view_size(_: &Slow, _: &u8) -> (u16, u16) {
        (1, 1)
    }
}

impl View for Play<Slow, Taps> {
    fn render(&self, _: Rect, _: &mut Buffer, _: &Theme, _: u64, _: &mut Spots) {}

    fn panel<'a>(&'a self, _: &'a Theme) -> PanelInfo<'a> {
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            solver: SolverLine::Text(String::new()),
            info: Vec::new(),
            history: History::new(&self.turns.moves, u8::to_string),
        }
    }

    fn review_lines(&self) -> Vec<String> {
        Vec::new()
    }
}

type Game = Play<Slow, Taps>;

fn game(pile: u8, budget: u8, players: [Player; 2]) -> Game {
    let setup = Setup {
        players,
        level: Level::Perfect,
        ..Setup::default()
    };
    let rules = Slow {
        pile,
        budget,
        ..Slow::default()
    };
    Play::begin(setup, rules, pile)
}

/// Ticks until the computer's flashing move (if any) has landed.
fn ticks(game: &mut Game, rng: &mut fastrand::Rng) {
    for _ in 0..=FLASH_TICKS {
        game.tick(rng);
    }
}

/// The build's progress: `done` of 100 steps after `secs` seconds.
fn progress(game: &mut Game, done: u64, secs: u64) {
    game.on_solver(SolverMessage::Progress {
        job: 0,
        phase: "",
        done,
        total: 100,
        elapsed: Duration::from_secs(secs),
    });
}

fn answer(game: &mut Game, made: Made) {
    game.on_solver(SolverMessage::Built {
        job: 0,
        built: built(made),
        elapsed: Duration::ZERO,
    });
}

fn searches(requests: &[Request]) -> usize {
    requests
        .iter()
        .filter(|r| matches!(r, Request::Search(_)))
        .count()
}

#[test]
fn the_computer_waits_for_a_build_due_within_its_limit_and_searches_past_it() {
    let mut rng = fastrand::Rng::with_seed(1);
    let mut game = game(7, 10, [Player::Computer, Player::Person]);
    assert_eq!(game.take_requests().len(), 1, "the tables' build");
    // Before the first report, and while the build is due within 30 s, the computer waits.
    ticks(&mut game, &mut rng);
    progress(&mut game, 50, 20);
    assert_eq!(game.ready_in(), Some(Duration::from_secs(20)));
    ticks(&mut game, &mut rng);
    assert!(game.turns.moves.is_empty() && game.take_requests().is_empty());
    // Due in 99 s: nothing proves a move, so the computer searches, and waits for that.
    progress(&mut game, 1, 1);
    assert!(!game.build_near());
    ticks(&mut game, &mut rng);
    assert_eq!(searches(&game.take_requests()), 1);
    assert!(game.searching());
    ticks(&mut game, &mut rng);
    assert!(game.take_requests().is_empty(), "one search at a time");
    answer(&mut game, Made::Searched(1));
    ticks(&mut game, &mut rng);
    assert_eq!(game.turns.moves, [1]);
    assert!(game.notes.last_move_unproven && game.notes.unproven_moves);
    assert_eq!(
        game.waiting.as_ref().map(|w| w.done),
        Some(1),
        "still built"
    );
    // Due within the limit again: the computer waits.
    game.act(Action::Digit(2));
    progress(&mut game, 99, 99);
    ticks(&mut game, &mut rng);
    assert_eq!(game.turns.moves, [1, 2], "4 waits for the build");
    assert_eq!(searches(&game.take_requests()), 0);
    // A pile of 2 is won by taking it whole, proven without the build: played at once.
    let mut short = self::game(2, 10, [Player::Computer, Player::Person]);
    ticks(&mut short, &mut rng);
    assert_eq!(short.turns.moves, [2]);
    assert_eq!(short.notes, super::play::Notes::default());
    assert!(short.stopped.is_some(), "the review needs no build");
}

#[test]
fn at_level_perfect_the_computer_waits_for_moves_left_that_decide_its_move() {
    let mut rng = fastrand::Rng::with_seed(2);
    let mut game = game(7, 10, [Player::Computer, Player::Person]);
    // The outcomes arrive on the way: the gauge goes on with the moves left, at nought.
    progress(&mut game, 90, 9);
    game.on_solver(SolverMessage::Made {
        job: 0,
        made: built(Made::Period(3)),
    });
    let waiting = game.waiting.as_ref().expect("building the moves left");
    assert_eq!((waiting.label, waiting.done), ("moves left", 0));
    assert!(game.rules.period.is_some());
    // Which winning move is fastest the moves left decide: the computer waits for them.
    ticks(&mut game, &mut rng);
    assert!(game.turns.moves.is_empty());
    // Too far off: it plays the winning move it knows, not proven the fastest.
    progress(&mut game, 1, 10);
    ticks(&mut game, &mut rng);
    assert_eq!(game.turns.moves, [1]);
    assert_eq!(game.notes.last_move_unfought, Some(Unfought::Win));
    assert!(game.notes.unfought_moves && !game.notes.unproven_moves);
    // With the moves left, its moves are fought: the note goes with the next move.
    answer(&mut game, Made::MovesLeft);
    assert!(game.waiting.is_none());
    game.act(Action::Digit(1));
    ticks(&mut game, &mut rng);
    assert_eq!(game.turns.moves, [1, 1, 2]);
    assert_eq!(game.notes.last_move_unfought, None);
    assert!(game.notes.unfought_moves, "some move was");
}

#[test]
fn a_build_the_review_no_longer_needs_stops_and_undo_asks_for_it_again() {
    let mut game = game(4, 10, [Player::Person, Player::Computer]);
    game.take_requests();
    game.on_solver(SolverMessage::Made {
        job: 0,
        made: built(Made::Period(3)),
    });
    // The outcomes judge every move: the end of the game stops the moves-left build.
    game.turns.players = [Player::Person, Player::Person];
    for take in [1, 2, 1] {
        game.act(Action::Digit(take));
    }
    assert!(game.is_over());
    assert_eq!(game.take_requests(), [Request::Cancel]);
    assert!(game.waiting.is_none() && game.stopped.is_some());
    game.undo();
    let requests = game.take_requests();
    assert!(matches!(&requests[..], [Request::Build(_)]), "{requests:?}");
    assert!(game.waiting.is_some() && game.stopped.is_none());
}

#[test]
fn a_build_the_review_needs_goes_on_after_the_end() {
    let mut game = game(4, 10, [Player::Person, Player::Person]);
    game.take_requests();
    // Nothing proves 4 or 3 without the outcomes: the review waits for them.
    for take in [2, 1, 1] {
        game.act(Action::Digit(take));
    }
    assert!(game.is_over());
    assert!(game.take_requests().is_empty());
    assert!(game.waiting.is_some());
    game.on_solver(SolverMessage::Made {
        job: 0,
        made: built(Made::Period(3)),
    });
    assert_eq!(game.take_requests(), [Request::Cancel], "judged: stopped");
    assert_eq!(
        game.turns.verdict,
        Some((0, 2)),
        "taking 2 from 4 threw the win away"
    );
}

#[test]
fn a_refused_pile_asks_for_its_tables_once_it_shrinks_into_the_budget() {
    let mut rng = fastrand::Rng::with_seed(3);
    let mut game = game(9, 6, [Player::Person, Player::Person]);
    assert!(game.take_requests().is_empty() && game.waiting.is_none());
    game.act(Action::Digit(2));
    game.tick(&mut rng);
    assert!(game.take_requests().is_empty(), "7 is over the budget");
    game.act(Action::Digit(1));
    assert!(matches!(&game.take_requests()[..], [Request::Build(_)]));
    assert!(game.waiting.is_some());
    game.act(Action::Digit(1));
    assert!(game.take_requests().is_empty(), "asked once");
}

#[test]
fn tables_a_game_leaves_serve_the_next_game_and_a_study_s_the_game_it_was_opened_from() {
    let mut first = game(5, 10, [Player::Person, Player::Computer]);
    first.take_requests();
    answer(&mut first, Made::MovesLeft);
    let kept = Box::new(first).leftover().expect("the tables");
    // The next game has them at once: nothing to build.
    let setup = Setup {
        level: Level::Perfect,
        ..Setup::default()
    };
    let mut rules = Slow {
        pile: 5,
        budget: 10,
        ..Slow::default()
    };
    rules.adopt(kept, &5);
    let mut next: Game = Play::begin(setup, rules, 5);
    assert!(next.take_requests().is_empty() && next.waiting.is_none());
    assert!(next.rules.moves_left);
    // A game still waiting takes a study's tables, and waits no more.
    let mut waiting = game(5, 10, [Player::Person, Player::Computer]);
    assert!(waiting.waiting.is_some());
    Session::adopt(&mut waiting, Box::new(Made::MovesLeft));
    assert!(waiting.waiting.is_none() && waiting.rules.moves_left);
    // What it does not recognise changes nothing.
    let mut other = game(5, 10, [Player::Person, Player::Computer]);
    Session::adopt(&mut other, Box::new(3u8));
    assert!(other.waiting.is_some());
}
