//! One coin-pile game in progress: a subtraction game or Fibonacci Nim.

use crate::games::fibonacci::answer::fibonacci_winning_takes;
use crate::games::fibonacci::rules::FibPosition;
use crate::games::pile::player;
use crate::games::request::{Request, SolverMessage};
use crate::games::review::{Known, Mistake};
use crate::games::session::{Leftover, Session};
use crate::games::setup::{Level, Setup};
use crate::games::subtraction::answer::{PERIOD_SEARCH_LIMIT, SubtractionSolution};
use crate::games::subtraction::options::SubtractionOptions;
use crate::games::subtraction::rules::TakeSet;
use crate::games::turns::{self, Flash, Outcomes, Pending, Turns};
use crate::input::{
    Action, Binding, DIGITS, HELP, LEAVE, LEFT_RIGHT, PAGES, REDO, RESTART, Spot, UNDO, UP_DOWN,
    bind, plain,
};
use crate::units::{group, numbers_one_of};
use ratatui::crossterm::event::KeyCode;
use std::any::Any;

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
pub type PendingTake = Pending<u64>;

/// A coin-pile game in progress (or just finished).
pub struct PileGame {
    pub settings: Setup,
    pub rules: PileRules,
    /// Coins at the start.
    pub start: u64,
    pub pile: u64,
    /// Fibonacci Nim's largest take allowed now (unused by subtraction games).
    pub max_take: u64,
    /// Whose turn, the takes so far and undone, the computer's flashing take, the review.
    pub turns: Turns<u64>,
    /// The take the person is about to make: what the panel shows and Enter confirms, whether
    /// it was chosen with ←/→, a click or typed digits (one state, so they never disagree).
    /// It is illegal only while typed; 0 means nothing is chosen.
    pub choice: u64,
    /// Whether [`PileGame::choice`] is being typed: a digit adds to it instead of replacing it.
    pub typing: bool,
    pub hints: bool,
    pub confirm_quit: bool,
    pub message: Option<String>,
}

impl PileGame {
    /// Starts a subtraction game from `settings` (whose values have no problem).
    pub fn subtraction(settings: Setup) -> PileGame {
        let options = SubtractionOptions::from(&settings.values);
        let set = TakeSet::parse(&options.set).expect("the menu checked the set");
        let rules = PileRules::Subtraction(SubtractionSolution::solve(&set, PERIOD_SEARCH_LIMIT));
        PileGame::start_with(settings, rules, options.pile, 0)
    }

    /// Starts Fibonacci Nim from `settings` (whose values have no problem).
    pub fn fibonacci(settings: Setup) -> PileGame {
        let start = SubtractionOptions::from(&settings.values).pile;
        PileGame::start_with(
            settings,
            PileRules::Fibonacci,
            start,
            start.saturating_sub(1),
        )
    }

    fn start_with(settings: Setup, rules: PileRules, start: u64, max_take: u64) -> PileGame {
        let mut game = PileGame {
            turns: Turns::new(settings.players),
            settings,
            rules,
            start,
            pile: start,
            max_take,
            choice: 1,
            typing: false,
            hints: false,
            confirm_quit: false,
            message: None,
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
        self.turns.to_move()
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
        self.turns.computer_to_move()
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
        if self.turns.pending.is_some() {
            self.turns.queue(k);
        } else if self.computer_to_move() {
            self.message = Some("It is the computer's turn.".into());
        } else if self.is_legal(k) {
            self.turns.clear_redo();
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
        match self.turns.flash() {
            Flash::Idle => {}
            Flash::Showing => return,
            Flash::Landed(take) => {
                self.turns.clear_redo();
                self.play(take);
                while let Some(k) = self.turns.next_queued() {
                    self.person_takes(k);
                }
                return;
            }
        }
        if !self.computer_to_move() {
            return;
        }
        let take = if self.turns.slips(self.settings.level, rng) {
            self.casual_take(rng)
        } else {
            match &self.rules {
                PileRules::Subtraction(s) => player::choose_subtraction_take(s, self.pile, rng),
                PileRules::Fibonacci => player::choose_fibonacci_take(self.fib(), rng),
            }
        };
        if let Some(take) = take {
            self.turns.choose(take);
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
        if let Err(note) = self.turns.take_back_round() {
            self.message = Some(note.into());
            return;
        }
        let takes = std::mem::take(&mut self.turns.moves);
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
        match self.turns.redo_round() {
            Ok(round) => round.into_iter().for_each(|k| self.play(k)),
            Err(note) => self.message = Some(note.into()),
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
        turns::mistakes(self, &self.turns.moves)
    }

    /// The pile before take number `index` (from 0).
    pub fn pile_before(&self, index: usize) -> u64 {
        self.start
            - self.turns.moves[..index.min(self.turns.moves.len())]
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
        self.turns.moves.push(k);
        self.message = None;
        let review = if self.is_over() {
            self.mistakes()
        } else {
            Vec::new()
        };
        self.turns.judge(review);
        self.typing = false;
        if !self.is_legal(self.choice) {
            self.choice = self.smallest_legal();
        }
    }
}

/// The review judges takes with [`PileRules::winning_takes`]; a position is the pile and
/// Fibonacci Nim's largest take allowed.
impl Outcomes for PileGame {
    type Move = u64;
    type Position = (u64, u64);

    fn start(&self) -> (u64, u64) {
        (self.start, self.start.saturating_sub(1))
    }

    fn after(&self, &(pile, _): &(u64, u64), k: u64) -> Option<(u64, u64)> {
        let pile = pile.checked_sub(k)?;
        Some((pile, k.saturating_mul(2).min(pile)))
    }

    fn known(&self, &(pile, max_take): &(u64, u64)) -> Option<Known<u64>> {
        self.rules.winning_takes(pile, max_take).map(|w| Known {
            wins: !w.is_empty(),
            winning_moves: w,
            complete: true,
        })
    }
}

/// Keys while a coin-pile game is on.
pub const KEYS: &[Binding] = &[
    bind(
        "←→ hl",
        "take one coin fewer / more (the next legal take)",
        Some("choose"),
        LEFT_RIGHT,
    ),
    bind(
        "↑↓ kj",
        "ten more / fewer in Fibonacci Nim, else the next take",
        None,
        UP_DOWN,
    ),
    bind("0-9 ⌫", "type how many to take", Some("type"), DIGITS),
    bind(
        "Enter Space",
        "take the chosen coins",
        Some("take"),
        &[
            (plain(KeyCode::Enter), Action::Select),
            (plain(KeyCode::Char(' ')), Action::Select),
        ],
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning take",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    HELP,
    LEAVE,
];

/// The narrowest pile area.
pub const PILE_MIN_WIDTH: u16 = 30;

/// The spot of a coin drawn at `index` (from the first coin of the pile); pointing at it
/// chooses the take from it on.
pub fn coin(index: u64) -> Spot {
    Spot(0, index)
}

/// The spot of a place on the bar standing for a pile too large to draw, from its first coin
/// `index`: a click chooses the take from there (or the nearest legal one), and a click on the
/// take already chosen takes it.
pub fn bar(index: u64) -> Spot {
    Spot(1, index)
}

impl Session for PileGame {
    fn act(&mut self, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            _ => PileGame::act(self, action),
        }
    }

    fn point(&mut self, Spot(kind, index): Spot, click: bool) {
        if kind == 0 {
            // Coins are hit where the last frame drew them; a batch of events can shrink the
            // pile before a click drawn on the old pile arrives.
            let Some(take) = self.pile.checked_sub(index).filter(|&k| k > 0) else {
                return;
            };
            if click {
                self.person_takes(take);
            } else if self.is_legal(take) {
                self.set_choice(take);
            }
        } else if click && let Some(take) = self.nearest_legal(self.pile.saturating_sub(index)) {
            if self.choice == take {
                self.person_takes(take);
            } else {
                self.set_choice(take);
            }
        }
    }

    fn tick(&mut self, rng: &mut fastrand::Rng) {
        PileGame::tick(self, rng);
    }

    fn on_solver(&mut self, _message: SolverMessage) {}

    fn take_requests(&mut self) -> Vec<Request> {
        Vec::new()
    }

    fn undo(&mut self) {
        PileGame::undo(self);
    }

    fn moves_made(&self) -> usize {
        self.turns.moves.len()
    }

    fn is_over(&self) -> bool {
        PileGame::is_over(self)
    }

    fn loser(&self) -> Option<usize> {
        PileGame::loser(self)
    }

    fn notation(&self) -> Vec<String> {
        self.turns.moves.iter().map(ToString::to_string).collect()
    }

    fn replay_notation(&mut self, moves: &[String]) -> bool {
        PileGame::replay_notation(self, moves)
    }

    fn confirm_quit(&self) -> bool {
        self.confirm_quit
    }

    fn set_confirm_quit(&mut self, asking: bool) {
        self.confirm_quit = asking;
    }

    fn note(&mut self, note: String) {
        self.message = Some(note);
    }

    fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    fn bindings(&self) -> &'static [Binding] {
        KEYS
    }

    fn view_size(&self) -> (u16, u16) {
        (PILE_MIN_WIDTH, 0)
    }

    fn leftover(self: Box<Self>) -> Option<Leftover> {
        None
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
