//! One coin-pile game in progress: a subtraction game or Fibonacci Nim.

use super::game::FLASH_TICKS;
use super::keys::Action;
use super::review::{self, Known, Mistake};
use super::{slips, take_back_round};
use crate::ai;
use crate::game::fibonacci::FibPosition;
use crate::game::subtraction::TakeSet;
use crate::settings::{GameKind, Level, Player, Settings};
use crate::solve::pile::{PERIOD_SEARCH_LIMIT, SubtractionSolution, fibonacci_winning_takes};
use crate::units::{group, numbers_one_of};
use std::collections::VecDeque;

/// The rules in play, with what the solver knows about them.
pub enum PileRules {
    Subtraction(SubtractionSolution),
    Fibonacci,
}

impl PileRules {
    /// The winning takes of a position, when known: the one answer the computer, the hints
    /// and the review use (the subtraction game's periodic solution, Fibonacci Nim's
    /// Zeckendorf rule), as `munch solve` does. `max_take` is Fibonacci Nim's limit.
    pub fn winning_takes(&self, pile: u64, max_take: u64) -> Option<Vec<u64>> {
        match self {
            PileRules::Subtraction(s) => s.winning_takes(pile),
            PileRules::Fibonacci => Some(fibonacci_winning_takes(FibPosition { pile, max_take })),
        }
    }
}

/// The computer's chosen take, shown flashing before it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingTake {
    pub take: u64,
    pub ticks_left: u8,
}

/// A coin-pile game in progress (or just finished).
pub struct PileGame {
    pub settings: Settings,
    pub rules: PileRules,
    /// Coins at the start.
    pub start: u64,
    pub pile: u64,
    /// Fibonacci Nim's largest take allowed now (unused by subtraction games).
    pub max_take: u64,
    /// Every take so far; the first player made the even-numbered ones.
    pub takes: Vec<u64>,
    /// The take the person is about to make: what the panel shows and Enter confirms, whether
    /// it was chosen with ←/→, a click or typed digits (one state, so they never disagree).
    /// It is illegal only while typed; 0 means nothing is chosen.
    pub choice: u64,
    /// Whether [`PileGame::choice`] is being typed: a digit adds to it instead of replacing it.
    pub typing: bool,
    pub hints: bool,
    pub pending: Option<PendingTake>,
    pub confirm_quit: bool,
    pub message: Option<String>,
    /// Takes the person asked for while the computer's move was flashing.
    queued: VecDeque<u64>,
    /// Takes undone, latest last, for redo.
    redo: Vec<u64>,
    /// Once the game is over: the first take that threw away a won position, if any.
    pub verdict: Option<(usize, u64)>,
    /// Once the game is over: every take that threw away a won position.
    pub review: Vec<Mistake<u64>>,
}

impl PileGame {
    /// Starts a game from the menu's settings (which must have no [`Settings::problem`]).
    pub fn new(settings: Settings) -> PileGame {
        let start = settings.pile;
        let (rules, max_take) = match settings.game {
            GameKind::Subtraction => {
                let set = TakeSet::parse(&settings.set).expect("the menu checked the set");
                (
                    PileRules::Subtraction(SubtractionSolution::solve(&set, PERIOD_SEARCH_LIMIT)),
                    0,
                )
            }
            _ => (PileRules::Fibonacci, start.saturating_sub(1)),
        };
        let mut game = PileGame {
            settings,
            rules,
            start,
            pile: start,
            max_take,
            takes: Vec::new(),
            choice: 1,
            typing: false,
            hints: false,
            pending: None,
            confirm_quit: false,
            message: None,
            queued: VecDeque::new(),
            redo: Vec::new(),
            verdict: None,
            review: Vec::new(),
        };
        game.choice = game.smallest_legal();
        game
    }

    /// The game's name.
    pub fn title(&self) -> String {
        match &self.rules {
            PileRules::Subtraction(solution) => format!("Subtraction game {}", solution.set()),
            PileRules::Fibonacci => "Fibonacci Nim".to_string(),
        }
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.takes.len() % 2
    }

    /// The Fibonacci position (pile and allowed take).
    fn fib(&self) -> FibPosition {
        FibPosition {
            pile: self.pile,
            max_take: self.max_take,
        }
    }

    /// The largest legal take now (0 when there is none).
    pub fn limit(&self) -> u64 {
        match &self.rules {
            PileRules::Subtraction(s) => s.set().legal(self.pile).last().unwrap_or(0),
            PileRules::Fibonacci => self.fib().limit(),
        }
    }

    /// The legal takes of a subtraction game, ascending (Fibonacci Nim allows every take from 1
    /// to [`PileGame::limit`], which may be far too many to list, so it has none here).
    fn set_takes(&self) -> Vec<u64> {
        match &self.rules {
            PileRules::Subtraction(s) => s.set().legal(self.pile).collect(),
            PileRules::Fibonacci => Vec::new(),
        }
    }

    /// The smallest legal take (1 when there is none).
    fn smallest_legal(&self) -> u64 {
        match &self.rules {
            PileRules::Subtraction(s) => s.set().legal(self.pile).next().unwrap_or(1),
            PileRules::Fibonacci => 1,
        }
    }

    /// Whether taking `k` coins is legal now.
    pub fn is_legal(&self, k: u64) -> bool {
        match &self.rules {
            PileRules::Subtraction(s) => k <= self.pile && s.set().sizes().contains(&k),
            PileRules::Fibonacci => self.fib().is_legal(k),
        }
    }

    /// What the panel says is legal: "take 1, 3 or 4" / "take 1 to 6".
    pub fn legal_text(&self) -> String {
        match &self.rules {
            PileRules::Subtraction(_) => match self.set_takes().as_slice() {
                [] => "no take is possible".into(),
                legal => format!("take {}", numbers_one_of(legal, usize::MAX)),
            },
            PileRules::Fibonacci => match self.limit() {
                0 => "no take is possible".into(),
                1 => "take 1".into(),
                limit => format!("take 1 to {}", group(limit)),
            },
        }
    }

    /// Whether the player to move has no take: the game is over and that player lost.
    pub fn is_over(&self) -> bool {
        self.limit() == 0
    }

    /// The side that lost, once the game is over.
    pub fn loser(&self) -> Option<usize> {
        self.is_over().then(|| self.to_move())
    }

    /// Every winning take now, when known.
    pub fn winning_takes(&self) -> Option<Vec<u64>> {
        self.rules.winning_takes(self.pile, self.max_take)
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.settings.players[self.to_move()] == Player::Computer
    }

    /// Moves the chosen take to the next legal one up (`delta > 0`) or down; for Fibonacci Nim,
    /// by `delta` coins.
    pub fn step_choice(&mut self, delta: i64) {
        match &self.rules {
            PileRules::Subtraction(_) => {
                let legal = self.set_takes();
                let next = if delta > 0 {
                    legal.iter().find(|&&k| k > self.choice)
                } else {
                    legal.iter().rev().find(|&&k| k < self.choice)
                };
                match (next, legal.first(), legal.last()) {
                    (Some(&k), _, _) => self.choice = k,
                    // A typed take outside the legal ones: the nearest legal take instead.
                    (None, Some(&first), Some(&last)) if !self.is_legal(self.choice) => {
                        self.choice = if delta > 0 { last } else { first };
                    }
                    _ => {}
                }
            }
            PileRules::Fibonacci => {
                let k = self.choice.saturating_add_signed(delta);
                self.choice = k.clamp(1, self.limit().max(1));
            }
        }
    }

    /// The legal take nearest to `k` (the smaller one on a tie), if any take is legal.
    pub fn nearest_legal(&self, k: u64) -> Option<u64> {
        match &self.rules {
            PileRules::Subtraction(_) => self
                .set_takes()
                .into_iter()
                .min_by_key(|&legal| legal.abs_diff(k)),
            PileRules::Fibonacci => (self.limit() > 0).then(|| k.clamp(1, self.limit())),
        }
    }

    /// Sets the chosen take directly (a pointer over a coin); only a legal take is chosen.
    pub fn set_choice(&mut self, k: u64) {
        if self.is_legal(k) {
            self.choice = k;
            self.typing = false;
            self.message = None;
        }
    }

    /// Why the chosen take cannot be made, if it cannot.
    pub fn choice_problem(&self) -> Option<String> {
        match self.choice {
            0 => Some("Type how many coins to take, or choose with ←/→.".into()),
            k if !self.is_legal(k) => Some(self.not_allowed(k)),
            _ => None,
        }
    }

    fn not_allowed(&self, k: u64) -> String {
        format!("Taking {} is not allowed: {}.", group(k), self.legal_text())
    }

    /// A key on the coin-pile screen.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Left | Action::Right | Action::Up | Action::Down => {
                self.typing = false;
                self.message = None;
                self.step_choice(match action {
                    Action::Left => -1,
                    Action::Right => 1,
                    Action::Up => 10,
                    _ => -10,
                });
            }
            Action::Digit(d) => {
                let base = if self.typing { self.choice } else { 0 };
                self.typing = true;
                if let Some(k) = base.checked_mul(10).and_then(|k| k.checked_add(d.into())) {
                    self.choice = k;
                    self.message = self.choice_problem().filter(|_| k > 0);
                } else {
                    let legal = self.legal_text();
                    self.message = Some(format!("No pile is that large: {legal}."));
                }
            }
            Action::Erase => {
                self.choice /= 10;
                self.typing = true;
                let problem = self.choice_problem();
                self.message = problem.filter(|_| self.choice > 0);
            }
            Action::Select => self.person_takes(self.choice),
            Action::ToggleHints => self.hints = !self.hints,
            Action::Quit | Action::Back => self.confirm_quit = true,
            _ => {}
        }
    }

    /// The person asks to take `k` coins.
    pub fn person_takes(&mut self, k: u64) {
        if self.is_over() {
            return;
        }
        if self.pending.is_some() {
            self.queued.push_back(k);
        } else if self.computer_to_move() {
            self.message = Some("It is the computer's turn.".into());
        } else if self.is_legal(k) {
            self.redo.clear();
            self.play(k);
        } else if k == 0 {
            self.message = self.choice_problem();
        } else {
            self.message = Some(format!("Nothing taken. {}", self.not_allowed(k)));
            // The refused number stays shown; the next digit starts a fresh one.
            self.typing = false;
        }
    }

    /// One tick: the computer's flashing take counts down and lands, or the computer chooses.
    pub fn tick(&mut self, rng: &mut fastrand::Rng) {
        if self.is_over() || self.confirm_quit {
            return;
        }
        if let Some(pending) = &mut self.pending {
            pending.ticks_left = pending.ticks_left.saturating_sub(1);
            if pending.ticks_left == 0 {
                let take = pending.take;
                self.pending = None;
                self.redo.clear();
                self.play(take);
                while let Some(k) = self.queued.pop_front() {
                    self.person_takes(k);
                }
            }
            return;
        }
        if !self.computer_to_move() {
            return;
        }
        let take = if slips(self.settings.level, self.takes.len(), rng) {
            self.casual_take(rng)
        } else {
            match &self.rules {
                PileRules::Subtraction(s) => ai::choose_subtraction_take(s, self.pile, rng),
                PileRules::Fibonacci => ai::choose_fibonacci_take(self.fib(), rng),
            }
        };
        if let Some(take) = take {
            self.pending = Some(PendingTake {
                take,
                ticks_left: FLASH_TICKS,
            });
        }
    }

    /// Plays saved takes from the start; `false` at the first one that is not legal, which
    /// stops the replay there.
    pub fn replay_notation(&mut self, takes: &[String]) -> bool {
        for text in takes {
            match text.parse::<u64>() {
                Ok(k) if self.is_legal(k) => self.play(k),
                _ => return false,
            }
        }
        true
    }

    /// Takes back the last take, and the computer's before it, so a person is to move.
    pub fn undo(&mut self) {
        self.pending = None;
        self.queued.clear();
        if let Err(note) = take_back_round(&mut self.takes, &mut self.redo, self.settings.players) {
            self.message = Some(note.into());
            return;
        }
        let takes = std::mem::take(&mut self.takes);
        self.pile = self.start;
        self.max_take = match self.rules {
            PileRules::Fibonacci => self.start.saturating_sub(1),
            PileRules::Subtraction(_) => 0,
        };
        for k in takes {
            self.play(k);
        }
        self.message = None;
    }

    /// Plays again what undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        self.pending = None;
        let Some(first) = self.redo.pop() else {
            self.message = Some("Nothing to redo.".into());
            return;
        };
        self.play(first);
        while self.computer_to_move()
            && let Some(k) = self.redo.pop()
        {
            self.play(k);
        }
    }

    /// The first take that turned a won position into a lost one for its player, with its
    /// number (from 0), when the outcomes along the game are known.
    pub fn blunder(&self) -> Option<(usize, u64)> {
        self.mistakes().first().map(|m| (m.index, m.played))
    }

    /// Every take that threw a won position away, with the takes that would have won, where
    /// the solver knows the outcomes (a subtraction game past its known period does not).
    pub fn mistakes(&self) -> Vec<Mistake<u64>> {
        let winning = |pile: u64, max_take: u64| self.rules.winning_takes(pile, max_take);
        let (mut pile, mut max_take) = (self.start, self.start.saturating_sub(1));
        let mut steps = Vec::new();
        for &k in &self.takes {
            let before = winning(pile, max_take).map(|w| Known {
                wins: !w.is_empty(),
                winning_moves: w,
                complete: true,
            });
            pile -= k;
            max_take = k.saturating_mul(2).min(pile);
            let after_wins = winning(pile, max_take).map(|w| !w.is_empty());
            steps.push((k, before, after_wins));
        }
        review::mistakes(steps)
    }

    /// The pile before take number `index` (from 0).
    pub fn pile_before(&self, index: usize) -> u64 {
        self.start
            - self.takes[..index.min(self.takes.len())]
                .iter()
                .sum::<u64>()
    }

    /// A random legal take; at the casual level, the whole pile when that is legal (a win).
    fn casual_take(&self, rng: &mut fastrand::Rng) -> Option<u64> {
        let limit = self.limit();
        if limit == 0 {
            return None;
        }
        if self.settings.level == Level::Casual && self.is_legal(self.pile) {
            return Some(self.pile);
        }
        Some(match &self.rules {
            PileRules::Subtraction(_) => {
                let takes = self.set_takes();
                takes[rng.usize(..takes.len())]
            }
            PileRules::Fibonacci => rng.u64(1..=limit),
        })
    }

    fn play(&mut self, k: u64) {
        self.pile -= k;
        if let PileRules::Fibonacci = self.rules {
            self.max_take = k.saturating_mul(2).min(self.pile);
        }
        self.takes.push(k);
        self.message = None;
        self.review = if self.is_over() {
            self.mistakes()
        } else {
            Vec::new()
        };
        self.verdict = self.review.first().map(|m| (m.index, m.played));
        self.typing = false;
        if !self.is_legal(self.choice) {
            self.choice = self.smallest_legal();
        }
    }
}
