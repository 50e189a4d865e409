//! One coin-pile game in progress, under the rules of whichever one-pile game it is.

use crate::games::moves_left::PositionStudy;
use crate::games::pile::player;
use crate::games::pile::rules::{PilePosition, PileRules, Takes};
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task, Waiting, arrived};
use crate::games::review::{Judged, Known, Mistake, REVIEW_STUDY_MOVES};
use crate::games::session::{Leftover, Session};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::{self, Outcomes, Pending, TickSteps, Turns};
use crate::games::typing::{self, TypedTake};
use crate::input::{
    ANALYSE, Action, Binding, COPY_POSITION, DIGITS, HELP, LEAVE, LEFT_RIGHT, PAGES, REDO, RESTART,
    Spot, UNDO, UP_DOWN, bind, plain,
};
use crate::units::group;
use ratatui::crossterm::event::KeyCode;
use std::any::Any;

/// How long the legal takes may be in a message (the panel wraps it over a few lines).
const MESSAGE_TAKES: usize = 40;

/// The computer's chosen take, shown flashing before it lands.
pub type PendingTake = Pending<u64>;

/// A coin-pile game in progress (or just finished).
pub struct PileGame {
    pub settings: Setup,
    /// The game's rules, with what its solver knows about them.
    pub rules: Box<dyn PileRules>,
    /// The position at the start: the whole pile, or a position that was set.
    pub start: PilePosition,
    pub pile: u64,
    /// The largest take allowed now, for rules where each take bounds the next (see
    /// [`PilePosition`]).
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
    /// The build of the rules' tables on the table thread, while the game waits for it.
    pub waiting: Option<Waiting>,
    /// What the game needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
}

impl PileGame {
    /// Starts a game of `rules` from the position `start`, with `settings` (whose values have
    /// no problem). What the rules still lack is asked for on the table thread: the game shows
    /// at once, and the computer waits for it.
    pub fn new(settings: Setup, rules: Box<dyn PileRules>, start: PilePosition) -> PileGame {
        let at = start;
        // Only the perfect computer weighs moves left.
        let fights =
            settings.level == Level::Perfect && settings.players.contains(&Player::Computer);
        let waiting = rules.build(fights);
        let mut game = PileGame {
            requests: waiting.iter().map(Waiting::request).collect(),
            waiting,
            turns: Turns::new(settings.players),
            settings,
            rules,
            start,
            pile: at.pile,
            max_take: at.max_take,
            choice: 1,
            typing: false,
            hints: false,
            confirm_quit: false,
            message: None,
        };
        game.choice = game.takes().smallest();
        game
    }

    /// The game's name.
    pub fn title(&self) -> String {
        self.rules.title()
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// The position now.
    pub fn at(&self) -> PilePosition {
        PilePosition {
            pile: self.pile,
            max_take: self.max_take,
        }
    }

    /// The takes legal now.
    pub fn takes(&self) -> Takes {
        self.rules.takes(self.at())
    }

    /// The largest legal take now (0 when there is none).
    pub fn limit(&self) -> u64 {
        self.takes().limit()
    }

    /// Whether taking `k` coins is legal now.
    pub fn is_legal(&self, k: u64) -> bool {
        self.takes().contains(k)
    }

    /// What the panel says is legal: "take 1, 3 or 4" / "take 1 to 6", in at most `width`
    /// characters where it can (see [`Takes::text`]).
    pub fn legal_text(&self, width: usize) -> String {
        self.takes().text(width)
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
        self.rules.winning_takes(self.at())
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.turns.computer_to_move()
    }

    /// Moves the chosen take to the next legal one up (`delta > 0`) or down; where the legal
    /// takes are a range, by `delta` coins.
    pub fn step_choice(&mut self, delta: i64) {
        self.choice = self.takes().step(self.choice, delta);
    }

    /// The legal take nearest to `k` (the smaller one on a tie), if any take is legal.
    pub fn nearest_legal(&self, k: u64) -> Option<u64> {
        self.takes().nearest(k)
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
        format!(
            "Taking {} is not allowed: {}.",
            group(k),
            self.legal_text(MESSAGE_TAKES)
        )
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
            Action::Digit(_) | Action::Erase => {
                typing::type_take(self, action);
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
        turns::tick(self, rng);
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
        (self.pile, self.max_take) = (self.start.pile, self.start.max_take);
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
        self.start.pile
            - self.turns.moves[..index.min(self.turns.moves.len())]
                .iter()
                .sum::<u64>()
    }

    /// A random legal take; at the casual level, the whole pile when that is legal (a win).
    fn casual_take(&self, rng: &mut fastrand::Rng) -> Option<u64> {
        let takes = self.takes();
        if takes.limit() == 0 {
            return None;
        }
        if self.settings.level == Level::Casual && takes.contains(self.pile) {
            return Some(self.pile);
        }
        takes.random(rng)
    }

    fn play(&mut self, k: u64) {
        let at = self.rules.after(self.at(), k);
        (self.pile, self.max_take) = (at.pile, at.max_take);
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
            self.choice = self.takes().smallest();
        }
    }
}

/// The review judges takes with [`PileRules::winning_takes`].
impl Outcomes for PileGame {
    type Move = u64;
    type Position = PilePosition;

    fn start(&self) -> PilePosition {
        self.start
    }

    fn after(&self, &at: &PilePosition, k: u64) -> Option<PilePosition> {
        (k <= at.pile).then(|| self.rules.after(at, k))
    }

    fn study(&self, &at: &PilePosition) -> Option<PositionStudy<u64>> {
        review_study(self.rules.as_ref(), at)
    }

    fn known(&self, &at: &PilePosition) -> Option<Known<u64>> {
        known(self.rules.as_ref(), at)
    }
}

/// What judges a coin-pile game away from its session: its rules (sharing their tables) and
/// its start.
struct PileJudge {
    rules: Box<dyn PileRules>,
    start: PilePosition,
}

/// As the session judges.
impl Outcomes for PileJudge {
    type Move = u64;
    type Position = PilePosition;

    fn start(&self) -> PilePosition {
        self.start
    }

    fn after(&self, &at: &PilePosition, k: u64) -> Option<PilePosition> {
        (k <= at.pile).then(|| self.rules.after(at, k))
    }

    fn study(&self, &at: &PilePosition) -> Option<PositionStudy<u64>> {
        review_study(self.rules.as_ref(), at)
    }

    fn known(&self, &at: &PilePosition) -> Option<Known<u64>> {
        known(self.rules.as_ref(), at)
    }
}

/// The study the review judges `at` with: within [`REVIEW_STUDY_MOVES`] legal takes (each
/// one's replies are counted).
fn review_study(rules: &dyn PileRules, at: PilePosition) -> Option<PositionStudy<u64>> {
    let takes = match rules.takes(at) {
        Takes::Listed(takes) => takes.len() as u64,
        Takes::UpTo(limit) => limit,
    };
    if takes > REVIEW_STUDY_MOVES {
        return None;
    }
    rules.study(at)
}

/// What the game's answer proves of `at`.
fn known(rules: &dyn PileRules, at: PilePosition) -> Option<Known<u64>> {
    rules.winning_takes(at).map(|w| Known {
        wins: !w.is_empty(),
        winning_moves: w,
        complete: true,
    })
}

/// A tick lands the computer's take, plays the takes queued behind it, or has the computer
/// choose: at random when it slips, else by [`player::choose_take`].
impl TickSteps for PileGame {
    type Move = u64;
    type Choice = u64;

    fn turns_mut(&mut self) -> &mut Turns<u64> {
        &mut self.turns
    }

    fn land(&mut self, take: u64) {
        self.play(take);
    }

    fn play_queued(&mut self, take: u64) {
        self.person_takes(take);
    }

    /// Nothing while the rules' tables are being built: the computer waits for them.
    fn computer_choice(&mut self, rng: &mut fastrand::Rng) -> Option<u64> {
        if self.waiting.is_some() {
            None
        } else if self.turns.slips(self.settings.level, rng) {
            self.casual_take(rng)
        } else if self.settings.level == Level::Perfect {
            player::fighting_take(self.rules.as_ref(), self.at(), rng)
        } else {
            player::choose_take(self.rules.as_ref(), self.at(), rng)
        }
    }
}

impl TypedTake for PileGame {
    fn typed(&mut self) -> (&mut u64, &mut bool) {
        (&mut self.choice, &mut self.typing)
    }

    fn choice_problem(&self) -> Option<String> {
        PileGame::choice_problem(self)
    }

    fn too_large(&self) -> String {
        format!("No pile is that large: {}.", self.legal_text(MESSAGE_TAKES))
    }

    fn set_message(&mut self, message: Option<String>) {
        self.message = message;
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
    ANALYSE,
    COPY_POSITION,
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

    /// The build of the rules' tables reports progress, then the tables: hints and the
    /// computer's choice follow them, and a game that ended meanwhile has its mistakes found.
    fn on_solver(&mut self, message: SolverMessage) {
        if let Some(built) = arrived(&mut self.waiting, message) {
            self.rules.take_built(built);
            if self.is_over() {
                let review = self.mistakes();
                self.turns.judge(review);
            }
        }
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The tables' build, when another screen's request stopped it.
    fn ask_again(&mut self) {
        self.requests
            .extend(self.waiting.as_ref().map(Waiting::request));
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

    /// What the rules still lack is built by the judging itself, on the judge's thread.
    fn judging(&self) -> Task<JudgedMoves> {
        let (rules, start) = (self.rules.boxed_clone(), self.start);
        let moves = self.turns.moves.clone();
        Task::new(format!("judge {} takes", moves.len()), move |progress| {
            let mut rules = rules.boxed_clone();
            rules.complete(progress)?;
            turns::judging(PileJudge { rules, start }, moves.clone()).run(progress)
        })
    }

    fn judged(&self) -> Vec<Judged<String>> {
        turns::judge(self, &self.turns.moves)
            .into_iter()
            .map(|j| j.map(|m| m.to_string()))
            .collect()
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

    fn position(&self) -> String {
        self.rules.print(self.at())
    }

    fn leftover(self: Box<Self>) -> Option<Leftover> {
        None
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
