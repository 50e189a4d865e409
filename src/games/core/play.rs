//! One game in progress, of any game: [`Play`] runs the turns, the computer's move, undo and
//! redo, hints, the review and its judging, saving and replaying over a game's [`Rules`], and
//! takes the person's moves from its [`Board`]. A board's widget implements `View` for it,
//! which makes it a [`Session`].

use super::board::{Board, Input};
use super::rules::{How, Rules, Unfought};
use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task, Waiting, arrived};
use crate::games::review::{Judged, Known, Mistake, REVIEW_STUDY_MOVES};
use crate::games::session::{Leftover, Question, QuestionWords, Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::{self, Outcomes, TickSteps, Turns};
use crate::input::{Action, Binding, Spot};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::time::Duration;

/// A game in progress (or just finished) under the rules `R`, played on the board `B`.
pub struct Play<R: Rules, B> {
    /// Who plays each side and how well the computer plays (the panel names the sides from it).
    pub settings: Setup,
    /// The game's rules, with what its solver knows of them.
    pub rules: R,
    /// The position at the start: the menu's, or one that was set.
    pub start: R::Position,
    /// The position now.
    pub position: R::Position,
    /// Whose turn, the moves so far and undone, the computer's flashing move, the review.
    pub turns: Turns<R::Move>,
    /// What the person is choosing on the board.
    pub board: B,
    pub hints: bool,
    /// A short note for the player, in the panel.
    pub message: Option<String>,
    /// The build of the rules' tables on the table thread, while the game waits for it.
    pub waiting: Option<Waiting>,
    /// A build the end of the game stopped, its review complete without it: undo asks for it
    /// again.
    pub stopped: Option<Waiting>,
    /// Whether the computer waits for its search (see [`Rules::search`]).
    pub searching: bool,
    /// The person's move that asks a question first ([`Rules::asks_before`]), until the app
    /// takes the question.
    pub asks: Option<(R::Move, &'static QuestionWords)>,
    /// How the computer came by its moves, for the panel's notes.
    pub notes: Notes,
    /// How the computer came by the move it chose (flashing, or searched for), and what that
    /// move is not proven to be at level perfect.
    chosen: Option<(How, Option<Unfought>)>,
    /// What the game needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
    /// How many times the rules have taken tables (a build, a part of one, a study's): a why
    /// worked out before them may say less.
    taken: u32,
    /// The hint's why ([`Play::why_line`]) of the position it was worked out for, with
    /// [`Play::taken`] then: worked out once a position, not once a frame.
    why: WhyMemo<R::Position>,
}

/// A hint's why worked out: the position, the tables taken then, the line.
type WhyMemo<P> = RefCell<Option<(P, u32, Option<String>)>>;

thread_local! {
    /// How many hints' whys this thread's games have worked out (see [`whys_worked`]).
    static WHYS: Cell<u64> = const { Cell::new(0) };
}

/// How many hints' whys the games on this thread have worked out so far: the tests count that
/// drawing a game again works none out.
pub fn whys_worked() -> u64 {
    WHYS.with(Cell::get)
}

/// How the computer came by its moves in one game: the panel notes the moves nothing proved
/// best, those played at random on purpose, and at level perfect those made without the moves
/// left.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one game's moves, not one state"
)]
pub struct Notes {
    /// Whether some computer move was not proven best (a search's).
    pub unproven_moves: bool,
    /// Whether the computer's latest move was not proven best.
    pub last_move_unproven: bool,
    /// Whether some computer move was chosen at random on purpose (its level).
    pub random_moves: bool,
    /// At level perfect, whether some computer move was made without the moves left, and
    /// whether the latest one was (and what it is not proven to be).
    pub unfought_moves: bool,
    pub last_move_unfought: Option<Unfought>,
}

impl Notes {
    /// The computer's move, come by as `how`, lands; `unfought` as [`Rules::unfought`] said
    /// when it chose (an unproven move says so already).
    fn landed(&mut self, how: How, unfought: Option<Unfought>) {
        self.last_move_unproven = how == How::Unproven;
        self.unproven_moves |= self.last_move_unproven;
        self.random_moves |= how == How::Random;
        self.last_move_unfought = unfought.filter(|_| how == How::Proven);
        self.unfought_moves |= self.last_move_unfought.is_some();
    }

    /// A move was taken back: the latest move's notes go with it.
    fn taken_back(&mut self) {
        self.last_move_unproven = false;
        self.last_move_unfought = None;
    }
}

impl<R: Rules, B: Board<R>> Play<R, B> {
    /// Starts a game of `rules` from `start`, with `settings` (whose values have no problem).
    /// What the rules still lack is asked for on the table thread: the game shows at once, and
    /// the computer waits for it.
    pub fn begin(settings: Setup, mut rules: R, start: R::Position) -> Play<R, B> {
        let waiting = rules.build(fights(&settings));
        let board = B::new(&rules, &start);
        Play {
            requests: waiting.iter().map(Waiting::request).collect(),
            waiting,
            turns: Turns::new(settings.players),
            settings,
            position: start.clone(),
            start,
            rules,
            board,
            hints: false,
            message: None,
            stopped: None,
            searching: false,
            asks: None,
            notes: Notes::default(),
            chosen: None,
            taken: 0,
            why: RefCell::new(None),
        }
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// Whether the side to move has no move: the game is over, and that side lost.
    pub fn is_over(&self) -> bool {
        self.rules.is_over(&self.position)
    }

    /// The side that lost, once the game is over.
    pub fn loser(&self) -> Option<usize> {
        let last_lost = self.rules.last_move_loses();
        self.is_over()
            .then(|| self.to_move() ^ usize::from(last_lost))
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.turns.computer_to_move()
    }

    /// Every winning move now, when the answer knows them (none from a lost position).
    pub fn winning_moves(&self) -> Option<Vec<R::Move>> {
        self.rules.known(&self.position).map(|k| k.winning_moves)
    }

    /// The line of the rules' why that names the move to make (or says every move loses), for
    /// the hint's second line: while the hints are on and the game goes on; worked out here,
    /// as the hint's moves are, from the position alone, once a position (and again when the
    /// rules take tables), so a frame drawn again costs nothing.
    pub fn why_line(&self) -> Option<String> {
        if !self.hints || self.is_over() {
            return None;
        }
        let mut why = self.why.borrow_mut();
        if let Some((at, taken, line)) = why.as_ref()
            && *at == self.position
            && *taken == self.taken
        {
            return line.clone();
        }
        WHYS.with(|whys| whys.set(whys.get() + 1));
        let line = self.rules.why(&self.position).pop();
        *why = Some((self.position.clone(), self.taken, line.clone()));
        line
    }

    /// The person asks to play `m`: played when it is legal and theirs, kept for after the
    /// computer's flashing move, or refused with a note.
    pub fn person_plays(&mut self, m: R::Move) {
        if self.is_over() {
            return;
        }
        if self.turns.pending.is_some() {
            self.turns.queue(m);
        } else if self.computer_to_move() {
            self.message = Some("It is the computer's turn.".into());
        } else {
            match self.rules.play(&self.position, m) {
                Ok(_) => {
                    if let Some(words) = self.rules.asks_before(&self.position, m) {
                        // What was queued behind the question is dropped.
                        self.asks = Some((m, words));
                        self.turns.clear_queue();
                        return;
                    }
                    self.turns.clear_redo();
                    self.play(m);
                }
                Err(reason) => {
                    let note = self.board.refused(&self.rules, &self.position, m, reason);
                    self.message = Some(note);
                }
            }
        }
    }

    /// A key with no dialog showing (leaving is the app's question).
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::ToggleHints => self.hints = !self.hints,
            _ => {
                let input = self.board.act(&self.rules, &self.position, action);
                self.take_input(input);
            }
        }
    }

    /// The pointer over (`click: false`) or pressed on a spot the board drew.
    pub fn point(&mut self, spot: Spot, click: bool) {
        let input = self.board.point(&self.rules, &self.position, spot, click);
        self.take_input(input);
    }

    fn take_input(&mut self, input: Input<R::Move>) {
        match input {
            Input::Nothing => {}
            Input::Note(note) => self.message = note,
            Input::Play(m) => self.person_plays(m),
        }
    }

    /// One tick: the computer's flashing move counts down and lands, or the computer chooses.
    pub fn tick(&mut self, rng: &mut fastrand::Rng) {
        if self.is_over() {
            return;
        }
        // A resumed game learns only now what its rules refused.
        self.follow();
        turns::tick(self, rng);
    }

    /// With no build under way, asks for the one the position wants now, if any
    /// ([`Rules::follow`]).
    fn follow(&mut self) {
        if self.waiting.is_some() || self.is_over() {
            return;
        }
        let fights = fights(&self.settings);
        if let Some(waiting) = self.rules.follow(&self.position, fights) {
            self.requests.push(waiting.request());
            self.waiting = Some(waiting);
            self.stopped = None;
        }
    }

    /// Once the game is over, a build under way serves only the review: when the review has
    /// nothing left to judge, it is stopped and its memory freed (undo asks for it again).
    fn stop_if_judged(&mut self) {
        if self.is_over() && self.waiting.is_some() && turns::unjudged(self, &self.turns.moves) == 0
        {
            self.requests.push(Request::Cancel);
            self.stopped = self.waiting.take();
        }
    }

    /// How long until the build under way is done, estimated from its progress (`None`
    /// before its first report, or with no build under way).
    pub fn ready_in(&self) -> Option<Duration> {
        self.waiting.as_ref().and_then(Waiting::ready_in)
    }

    /// Whether the computer waits for the build under way rather than play without it: while
    /// it is due within the rules' [`Rules::wait_limit`] (or has not reported yet, which it
    /// does within a twentieth of a second); always, where the rules set no limit.
    pub fn build_near(&self) -> bool {
        self.waiting.as_ref().is_some_and(|w| {
            self.rules
                .wait_limit()
                .is_none_or(|limit| w.ready_in().is_none_or(|t| t <= limit))
        })
    }

    /// Whether the computer is waiting for its search to find a move.
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// Plays saved moves from the start; `false` at the first one that is not legal (or not a
    /// move), which stops the replay there.
    pub fn replay_notation(&mut self, moves: &[String]) -> bool {
        let mut every = true;
        for text in moves {
            match self.rules.read_move(text) {
                Some(m) if self.rules.play(&self.position, m).is_ok() => self.advance(m),
                _ => {
                    every = false;
                    break;
                }
            }
        }
        self.moved();
        every
    }

    /// The moves so far in notation, for saving.
    pub fn notation(&self) -> Vec<String> {
        let moves = self.turns.moves.iter();
        moves.map(|&m| self.rules.write_move(m)).collect()
    }

    /// Takes back the last move, and the computer's before it, so a person is to move.
    pub fn undo(&mut self) {
        if let Err(note) = self.turns.take_back_round() {
            self.message = Some(note.into());
            return;
        }
        let moves = std::mem::take(&mut self.turns.moves);
        self.position = self.start.clone();
        for m in moves {
            self.advance(m);
        }
        self.chosen = None;
        self.notes.taken_back();
        // The build the end of the game stopped, asked for again.
        if let Some(stopped) = self.stopped.take() {
            self.requests.push(stopped.request());
            self.waiting = Some(stopped);
        }
        self.moved();
    }

    /// Plays again what undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        match self.turns.redo_round() {
            Ok(round) => round.into_iter().for_each(|m| self.play(m)),
            Err(note) => self.message = Some(note.into()),
        }
    }

    /// Every move that threw a won position away, with the moves that would have won, where
    /// the answer proves the outcomes.
    pub fn mistakes(&self) -> Vec<Mistake<R::Move>> {
        turns::mistakes(self, &self.turns.moves)
    }

    /// Whether some move of the game cannot be judged yet: the outcome before it, or (when that
    /// was won) after it, is not proven by what the rules hold now.
    pub fn review_unfinished(&self) -> bool {
        turns::unjudged(self, &self.turns.moves) > 0
    }

    /// The first move that turned a won position into a lost one for its player, with its
    /// number (from 0), when the outcomes along the game are known.
    pub fn blunder(&self) -> Option<(usize, R::Move)> {
        self.mistakes().first().map(|m| (m.index, m.played))
    }

    /// The position before move number `index` (from 0).
    pub fn position_before(&self, index: usize) -> R::Position {
        let mut position = self.start.clone();
        for &m in &self.turns.moves[..index.min(self.turns.moves.len())] {
            position = self.rules.play(&position, m).unwrap_or(position);
        }
        position
    }

    /// Once the game is over, its review again with what the rules hold now (it may prove
    /// more of the game), and the build stopped when that leaves nothing to judge.
    fn rejudge(&mut self) {
        if self.is_over() {
            let review = self.mistakes();
            self.turns.judge(review);
            self.stop_if_judged();
        }
    }

    /// Plays a legal move.
    fn play(&mut self, m: R::Move) {
        self.advance(m);
        self.moved();
    }

    /// Plays a legal move on the position and the history, and nothing else (a replay plays
    /// many, then [`Play::moved`] once).
    fn advance(&mut self, m: R::Move) {
        if let Ok(after) = self.rules.play(&self.position, m) {
            self.position = after;
        }
        self.turns.moves.push(m);
    }

    /// After a move (or moves replayed, or taken back): the note and a search go, the review
    /// is written at the end, the board's choice kept legal, and the build the position
    /// wants now asked for.
    fn moved(&mut self) {
        self.message = None;
        self.searching = false;
        let review = if self.is_over() {
            self.mistakes()
        } else {
            Vec::new()
        };
        self.turns.judge(review);
        self.stop_if_judged();
        self.board.settle(&self.rules, &self.position);
        self.follow();
    }
}

/// A tick lands the computer's move, plays the moves queued behind it, or has the computer
/// choose: at random when it slips, else by the rules' answer.
impl<R: Rules, B: Board<R>> TickSteps for Play<R, B> {
    type Move = R::Move;

    fn turns_mut(&mut self) -> &mut Turns<R::Move> {
        &mut self.turns
    }

    fn land(&mut self, m: R::Move) {
        let (how, unfought) = self.chosen.take().unwrap_or((How::Proven, None));
        self.notes.landed(how, unfought);
        self.play(m);
    }

    fn play_queued(&mut self, m: R::Move) {
        let gone = self.rules.play(&self.position, m).is_err() && !self.is_over();
        if let Some(note) = self.rules.gone(m).filter(|_| gone) {
            self.message = Some(note);
        } else {
            self.person_plays(m);
        }
    }

    /// Nothing while the rules' tables are being built and near (see [`Play::build_near`]):
    /// the computer waits for them, but for a move proven without them. At level perfect it
    /// waits as well for moves left on their way where they decide its move. Where nothing
    /// proves a move, it asks for the rules' search and waits for that.
    fn computer_choice(&mut self, rng: &mut fastrand::Rng) -> Option<R::Move> {
        if self.searching {
            return None;
        }
        let level = self.settings.level;
        let near = self.build_near();
        let unfought = if level == Level::Perfect {
            self.rules.unfought(&self.position)
        } else {
            None
        };
        if near && unfought.is_some() && self.rules.moves_left_coming() {
            // Level perfect keeps its promise: the fastest win, the longest defence.
            return None;
        }
        if near {
            // With no limit, the computer waits for the whole build.
            self.rules.wait_limit()?;
            // A move proven without the build is played at once; any other waits for it. The
            // probe's own generator keeps the game's choices the same as if it had not looked.
            let mut probe = fastrand::Rng::with_seed(0);
            self.rules.best_move(&self.position, false, &mut probe)?;
        }
        let (how, m) = if self.turns.slips(level, rng) {
            let casual = level == Level::Casual;
            (
                How::Random,
                self.rules.random_move(&self.position, casual, rng),
            )
        } else {
            let best = self
                .rules
                .best_move(&self.position, level == Level::Perfect, rng);
            if best.is_none()
                && let Some(task) = self.rules.search(&self.position, rng)
            {
                // Off the interface's thread; the move arrives as a solver message.
                self.searching = true;
                self.chosen = Some((How::Unproven, unfought));
                self.requests.push(Request::Search(task));
                return None;
            }
            (How::Proven, best)
        };
        self.chosen = m.map(|_| (how, unfought));
        m
    }
}

/// Whether the computer weighs moves left: only the perfect computer, and only in a game it
/// plays.
fn fights(settings: &Setup) -> bool {
    settings.level == Level::Perfect && settings.players.contains(&Player::Computer)
}

/// What judges a game away from its session (on the judge's thread): its rules, sharing their
/// tables, and its start.
pub struct Judge<R: Rules> {
    pub rules: R,
    pub start: R::Position,
}

/// The review judges moves by the rules' answer, and by their study where the moves are few.
impl<R: Rules> Outcomes for Judge<R> {
    type Move = R::Move;
    type Position = R::Position;

    fn start(&self) -> R::Position {
        self.start.clone()
    }

    fn after(&self, at: &R::Position, m: R::Move) -> Option<R::Position> {
        self.rules.play(at, m).ok()
    }

    fn study(&self, at: &R::Position) -> Option<PositionAnalysis<R::Move>> {
        review_study(&self.rules, at)
    }

    fn known(&self, at: &R::Position) -> Option<Known<R::Move>> {
        self.rules.known(at)
    }
}

/// As [`Judge`] judges.
impl<R: Rules, B> Outcomes for Play<R, B> {
    type Move = R::Move;
    type Position = R::Position;

    fn start(&self) -> R::Position {
        self.start.clone()
    }

    fn after(&self, at: &R::Position, m: R::Move) -> Option<R::Position> {
        self.rules.play(at, m).ok()
    }

    fn study(&self, at: &R::Position) -> Option<PositionAnalysis<R::Move>> {
        review_study(&self.rules, at)
    }

    fn known(&self, at: &R::Position) -> Option<Known<R::Move>> {
        self.rules.known(at)
    }
}

/// The study the review judges `at` with: within [`REVIEW_STUDY_MOVES`] legal moves (each
/// one's replies are counted). A finished position has no move to study: its line ends there (Chomp's rules study no empty
/// bar), and the side to move has lost, unless the last move lost.
fn review_study<R: Rules>(rules: &R, at: &R::Position) -> Option<PositionAnalysis<R::Move>> {
    if rules.is_over(at) {
        return rules.study(at).or(Some(PositionAnalysis {
            wins: rules.last_move_loses(),
            moves_left: Some(0),
            moves: Vec::new(),
        }));
    }
    if rules.move_count(at)? > REVIEW_STUDY_MOVES {
        return None;
    }
    rules.study(at)
}

impl<R: Rules, B: Board<R>> Session for Play<R, B>
where
    Play<R, B>: View,
{
    fn act(&mut self, action: Action) {
        Play::act(self, action);
    }

    fn point(&mut self, spot: Spot, click: bool) {
        Play::point(self, spot, click);
    }

    fn tick(&mut self, rng: &mut fastrand::Rng) {
        Play::tick(self, rng);
    }

    /// The build of the rules' tables reports progress, then the tables: hints and the
    /// computer's choice follow them, and a game that ended meanwhile has its mistakes found.
    fn on_solver(&mut self, message: SolverMessage) {
        if let SolverMessage::Built { built, .. } = &message
            && self.searching
            && let Some((m, proven)) = self.rules.searched(built)
        {
            // A search the game stopped waiting for (undo, a move) is dropped.
            self.searching = false;
            let unfought = self.chosen.and_then(|(_, unfought)| unfought);
            let how = if proven { How::Proven } else { How::Unproven };
            self.chosen = Some((how, unfought));
            self.turns.choose(m);
            return;
        }
        if let SolverMessage::Made { made, .. } = &message {
            // What the build made on the way: the rules take it, and the gauge goes on with
            // the phase they name.
            let Some(waiting) = &mut self.waiting else {
                return;
            };
            self.taken = self.taken.wrapping_add(1);
            if let Some(phase) = self.rules.take_made(made) {
                (waiting.label, waiting.done, waiting.total) = (phase, 0, 0);
                waiting.elapsed = Duration::ZERO;
                self.rejudge();
            }
            return;
        }
        if let Some(built) = arrived(&mut self.waiting, message) {
            self.rules.take_built(built);
            self.taken = self.taken.wrapping_add(1);
            self.rejudge();
            // What the rules want next (a refusal's smaller build) is asked for at once.
            self.follow();
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
        Play::undo(self);
    }

    fn moves_made(&self) -> usize {
        self.turns.moves.len()
    }

    fn is_over(&self) -> bool {
        Play::is_over(self)
    }

    fn loser(&self) -> Option<usize> {
        Play::loser(self)
    }

    fn notation(&self) -> Vec<String> {
        Play::notation(self)
    }

    fn judged(&self) -> Vec<Judged<String>> {
        turns::judge(self, &self.turns.moves)
            .into_iter()
            .map(|j| j.map(|m| self.rules.write_move(m)))
            .collect()
    }

    /// What the rules still lack is built by the judging itself ([`Rules::complete`]), on the
    /// judge's thread.
    fn judging(&self) -> Task<JudgedMoves> {
        let (rules, start) = (self.rules.clone(), self.start.clone());
        let moves = self.turns.moves.clone();
        Task::new(format!("judge {} moves", moves.len()), move |progress| {
            let mut rules = rules.clone();
            rules.complete(progress)?;
            let judge = Judge {
                rules,
                start: start.clone(),
            };
            let judged = turns::judge_within(&judge, &moves, progress)?;
            let write = |m| judge.rules.write_move(m);
            Some(judged.into_iter().map(|j| j.map(write)).collect())
        })
    }

    fn position(&self) -> String {
        self.rules.print(&self.position)
    }

    fn replay_notation(&mut self, moves: &[String]) -> bool {
        Play::replay_notation(self, moves)
    }

    fn take_question(&mut self) -> Option<Question> {
        let (m, words) = self.asks.take()?;
        Some(Question {
            words,
            move_text: self.rules.write_move(m),
        })
    }

    /// A yes to the question: the move, if it is still legal and the person's.
    fn play_asked(&mut self, move_text: &str) {
        let Some(m) = self.rules.read_move(move_text) else {
            return;
        };
        let legal = self.rules.play(&self.position, m).is_ok();
        if legal && !self.is_over() && !self.computer_to_move() {
            self.turns.clear_redo();
            self.play(m);
        }
    }

    fn note(&mut self, note: String) {
        self.message = Some(note);
    }

    fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    fn bindings(&self) -> &'static [Binding] {
        B::keys()
    }

    fn view_size(&self) -> (u16, u16) {
        B::view_size_at(&self.rules, &self.start, &self.position)
    }

    /// The rules' tables (see [`Rules::keep`]).
    fn leftover(self: Box<Self>) -> Option<Leftover> {
        self.rules.keep()
    }

    /// The tables a study opened from the game built: what they cover is not waited for.
    fn adopt(&mut self, tables: Leftover) {
        self.taken = self.taken.wrapping_add(1);
        if self.rules.adopt(tables, &self.position) && self.waiting.take().is_some() {
            self.rejudge();
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn rules(&self) -> Option<&dyn Any> {
        Some(&self.rules)
    }

    fn why(&self) -> Vec<String> {
        self.rules.why(&self.position)
    }
}
