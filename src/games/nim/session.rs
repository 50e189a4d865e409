//! A Nim game in progress: the piles, the pile and take the person is choosing, the computer's
//! move, undo/redo and the game-over review, on the shared turn machinery.
//!
//! The nim-sum answers any position at once; only the perfect computer's moves-left table of a
//! large start is built on the table thread (see [`table_for`]), and the computer waits for it.

use super::answer::{answer, losing_moves};
use super::moves_left::{NIM_BUDGET, NimMovesLeft, study, table_for};
use super::position;
use super::rules::{Move, Position};
use crate::games::moves_left::PositionStudy;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task, Waiting, arrived};
use crate::games::review::{Judged, Known, Mistake, REVIEW_STUDY_MOVES};
use crate::games::session::{Leftover, Session};
use crate::games::setup::{Level, Player, Setup};
use crate::games::turns::{self, Outcomes, TickSteps, Turns};
use crate::games::typing::{self, TypedTake};
use crate::input::{
    ANALYSE, Action, Binding, COPY_POSITION, DIGITS, HELP, LEAVE, LEFT_RIGHT, PAGES, REDO, RESTART,
    Spot, UNDO, UP_DOWN, bind, plain,
};
use crate::units::group;
use ratatui::crossterm::event::KeyCode;
use std::any::Any;
use std::sync::Arc;

/// A place in the Nim view the pointer can be over (what the view records, the session acts on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Coin `index` (from 0, the first coin on the left) of pile `pile`: a click takes it and
    /// every coin after it.
    Coin { pile: usize, index: u64 },
    /// A cell of the bar standing for a pile too large to draw as coins, by the index of the
    /// first coin it stands for: a click chooses the take from there on, a second click takes it.
    Bar { pile: usize, index: u64 },
    /// A pile's row: a click chooses the pile.
    Row(usize),
}

/// A place as the app's pointer targets carry it: (which place, then its pile and coin).
impl From<Place> for Spot {
    fn from(place: Place) -> Spot {
        let (kind, at) = place.code();
        Spot(kind, at)
    }
}

impl Place {
    /// The place as two numbers (which place, then its pile and coin), as a [`Spot`] carries
    /// it; [`Place::from_code`] reads it back.
    pub fn code(self) -> (u64, u64) {
        // A pile number fits 3 bits and a coin index (below 10^18) 60, so one u64 holds both.
        let at = |pile: usize, index: u64| (pile as u64) << 60 | index;
        match self {
            Place::Coin { pile, index } => (0, at(pile, index)),
            Place::Bar { pile, index } => (1, at(pile, index)),
            Place::Row(pile) => (2, at(pile, 0)),
        }
    }

    /// The spot [`Place::code`] wrote, if `code` is one.
    pub fn from_code((kind, at): (u64, u64)) -> Option<Place> {
        let pile = usize::try_from(at >> 60).ok()?;
        let index = at & ((1 << 60) - 1);
        match kind {
            0 => Some(Place::Coin { pile, index }),
            1 => Some(Place::Bar { pile, index }),
            2 => Some(Place::Row(pile)),
            _ => None,
        }
    }
}

/// Keys while a Nim game is on.
pub const KEYS: &[Binding] = &[
    bind(
        "↑↓ kj",
        "choose the pile above / below",
        Some("pile"),
        UP_DOWN,
    ),
    bind(
        "←→ hl",
        "take one coin fewer / more",
        Some("choose"),
        LEFT_RIGHT,
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
    // Not on the bar, which the pile keys fill at 80 columns: the panel's Undo button and the
    // help say it.
    Binding { bar: None, ..UNDO },
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

/// A Nim game in progress (or just finished).
pub struct NimSession {
    /// Who plays each side and how well the computer plays (the panel names the sides from it).
    pub settings: Setup,
    /// The piles at the start.
    pub start: Position,
    /// The piles now.
    pub position: Position,
    /// Whose turn, the moves so far and undone, the computer's flashing move, the review.
    pub turns: Turns<Move>,
    /// The pile the person is taking from (from 0); a non-empty one while the game goes on.
    pub pile: usize,
    /// The take the person is about to make, whether chosen with ←/→, a pointer or typed
    /// digits (one state, so they never disagree). It is illegal only while typed; 0 means
    /// nothing is chosen.
    pub take: u64,
    /// Whether [`NimSession::take`] is being typed: a digit adds to it instead of replacing it.
    pub typing: bool,
    pub hints: bool,
    pub confirm_quit: bool,
    /// A short note for the player ("Nothing taken: pile 2 is empty").
    pub message: Option<String>,
    /// The moves left of every position of the game, for the perfect computer, when the start
    /// is within [`NIM_BUDGET`] and the table is built.
    table: Option<Arc<NimMovesLeft>>,
    /// The table's build on the table thread, while the game waits for it.
    pub waiting: Option<Waiting>,
    /// What the game needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
}

impl NimSession {
    /// Starts a game from `start` with the players and level of `settings`. The perfect
    /// computer's table is built at once when it is small, else asked for on the table thread:
    /// the game shows at once, and the computer waits for it.
    pub fn new(settings: Setup, start: Position) -> NimSession {
        // Only the perfect computer weighs moves left.
        let fights =
            settings.level == Level::Perfect && settings.players.contains(&Player::Computer);
        let (table, waiting) = if fights {
            table_for(&start)
        } else {
            (None, None)
        };
        let mut session = NimSession {
            requests: waiting.iter().map(Waiting::request).collect(),
            table,
            waiting,
            turns: Turns::new(settings.players),
            settings,
            position: start.clone(),
            start,
            pile: 0,
            take: 1,
            typing: false,
            hints: false,
            confirm_quit: false,
            message: None,
        };
        session.settle_choice();
        session
    }

    /// The moves-left table, once it is built.
    pub fn table(&self) -> Option<&Arc<NimMovesLeft>> {
        self.table.as_ref()
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// Whether every pile is empty: the player to move has lost.
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The side that lost (the one to move when no coin is left), once the game is over.
    pub fn loser(&self) -> Option<usize> {
        self.is_over().then(|| self.to_move())
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.turns.computer_to_move()
    }

    /// Coins in pile `pile` now (0 past the last pile).
    pub fn coins(&self, pile: usize) -> u64 {
        self.position.piles().get(pile).copied().unwrap_or(0)
    }

    /// The move the person has chosen.
    pub fn chosen(&self) -> Move {
        Move {
            pile: self.pile,
            take: self.take,
        }
    }

    /// Every winning move now (none when the position is lost or over).
    pub fn winning_moves(&self) -> Vec<Move> {
        answer(&self.position).winning_moves
    }

    /// Why the chosen move cannot be made, if it cannot.
    pub fn choice_problem(&self) -> Option<String> {
        if self.take == 0 {
            return Some("Type how many coins to take, or choose with ←/→.".into());
        }
        self.position
            .play(self.chosen())
            .err()
            .map(|reason| format!("Not allowed: {reason}."))
    }

    /// A key on the Nim screen: ↑/↓ choose the pile, ←/→ or digits the take, Enter takes.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Up | Action::Down => {
                self.typing = false;
                self.message = None;
                self.step_pile(action == Action::Down);
            }
            Action::Left | Action::Right => {
                self.typing = false;
                self.message = None;
                let coins = self.coins(self.pile).max(1);
                self.take = match action {
                    Action::Left => self.take.saturating_sub(1),
                    _ => self.take.saturating_add(1),
                }
                .clamp(1, coins);
            }
            Action::Digit(_) | Action::Erase => {
                typing::type_take(self, action);
            }
            Action::Select => self.person_plays(self.chosen()),
            Action::ToggleHints => self.hints = !self.hints,
            Action::Quit | Action::Back => self.confirm_quit = true,
            _ => {}
        }
    }

    /// The pointer over (`click` false) or clicking (`click` true) `spot`, as the view last drew
    /// it. A batch of events can change the piles before a click drawn on the old ones
    /// arrives, so a spot past a pile's coins does nothing.
    pub fn point(&mut self, spot: Place, click: bool) {
        match spot {
            Place::Coin { pile, index } => {
                let Some(take) = self.coins(pile).checked_sub(index).filter(|&k| k > 0) else {
                    return;
                };
                let mv = Move { pile, take };
                if click {
                    self.person_plays(mv);
                } else {
                    self.choose(mv);
                }
            }
            Place::Bar { pile, index } if click => {
                let Some(take) = self.coins(pile).checked_sub(index).filter(|&k| k > 0) else {
                    return;
                };
                let mv = Move { pile, take };
                if self.chosen() == mv {
                    self.person_plays(mv);
                } else {
                    self.choose(mv);
                }
            }
            Place::Row(pile) if click && self.coins(pile) > 0 => {
                self.pile = pile;
                self.typing = false;
                self.message = None;
                self.take = self.take.clamp(1, self.coins(pile));
            }
            _ => {}
        }
    }

    /// Chooses `mv` (a pointer over a coin); only a legal move is chosen.
    fn choose(&mut self, mv: Move) {
        if self.position.is_legal(mv) {
            self.pile = mv.pile;
            self.take = mv.take;
            self.typing = false;
            self.message = None;
        }
    }

    /// Moves the chosen pile to the next (`down`) or previous non-empty pile, if there is one;
    /// the take is kept, or cut to what the new pile holds.
    fn step_pile(&mut self, down: bool) {
        let piles = self.position.piles();
        let next = if down {
            (self.pile + 1..piles.len()).find(|&p| piles[p] > 0)
        } else {
            (0..self.pile).rev().find(|&p| piles[p] > 0)
        };
        if let Some(pile) = next {
            self.pile = pile;
            self.take = self.take.clamp(1, piles[pile]);
        }
    }

    /// The person asks to play `mv`.
    pub fn person_plays(&mut self, mv: Move) {
        if self.is_over() {
            return;
        }
        if self.turns.pending.is_some() {
            self.turns.queue(mv);
        } else if self.computer_to_move() {
            self.message = Some("It is the computer's turn.".into());
        } else if mv.take == 0 {
            self.message = self.choice_problem();
        } else {
            match self.position.play(mv) {
                Ok(_) => {
                    self.turns.clear_redo();
                    self.play(mv);
                }
                Err(reason) => {
                    self.message = Some(format!("Nothing taken: {reason}."));
                    // The refused number stays shown; the next digit starts a fresh one.
                    self.typing = false;
                }
            }
        }
    }

    /// One tick: the computer's flashing move counts down and lands, or the computer chooses.
    pub fn tick(&mut self, rng: &mut fastrand::Rng) {
        if self.is_over() || self.confirm_quit {
            return;
        }
        turns::tick(self, rng);
    }

    /// A random legal move: a random non-empty pile, a random take from it; at the casual
    /// level, the whole last pile when only one is left (a win).
    fn casual_move(&self, rng: &mut fastrand::Rng) -> Option<Move> {
        let piles = self.position.piles();
        let full: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 0).collect();
        let &pile = full.get(rng.usize(..full.len().max(1)))?;
        if self.settings.level == Level::Casual
            && let [last] = full[..]
        {
            return Some(Move {
                pile: last,
                take: piles[last],
            });
        }
        Some(Move {
            pile,
            take: rng.u64(1..=piles[pile]),
        })
    }

    /// The moves so far in notation (`2:3`), for saving.
    pub fn notation(&self) -> Vec<String> {
        self.turns.moves.iter().map(Move::to_string).collect()
    }

    /// Plays saved moves from the start; `false` at the first one that is not a legal move,
    /// which stops the replay there.
    pub fn replay_notation(&mut self, moves: &[String]) -> bool {
        for text in moves {
            match Move::parse(text) {
                Ok(mv) if self.position.is_legal(mv) => self.play(mv),
                _ => return false,
            }
        }
        true
    }

    /// Takes back the last move, and the computer's before it, so a person is to move.
    pub fn undo(&mut self) {
        if let Err(note) = self.turns.take_back_round() {
            self.message = Some(note.into());
            return;
        }
        let moves = std::mem::take(&mut self.turns.moves);
        self.position = self.start.clone();
        for mv in moves {
            self.play(mv);
        }
        self.message = None;
    }

    /// Plays again what undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        match self.turns.redo_round() {
            Ok(round) => round.into_iter().for_each(|mv| self.play(mv)),
            Err(note) => self.message = Some(note.into()),
        }
    }

    /// Every move that threw a won position away, with the moves that would have won.
    pub fn mistakes(&self) -> Vec<Mistake<Move>> {
        turns::mistakes(self, &self.turns.moves)
    }

    /// The piles before move number `index` (from 0).
    pub fn position_before(&self, index: usize) -> Position {
        let mut position = self.start.clone();
        for &mv in &self.turns.moves[..index.min(self.turns.moves.len())] {
            position = position.play(mv).unwrap_or(position);
        }
        position
    }

    /// Plays a legal move.
    fn play(&mut self, mv: Move) {
        if let Ok(after) = self.position.play(mv) {
            self.position = after;
        }
        self.turns.moves.push(mv);
        self.message = None;
        let review = if self.is_over() {
            self.mistakes()
        } else {
            Vec::new()
        };
        self.turns.judge(review);
        self.typing = false;
        self.settle_choice();
    }

    /// Keeps the choice on a non-empty pile with a take it holds: the same pile when it still
    /// has coins (the take cut to them), else the first non-empty pile.
    fn settle_choice(&mut self) {
        if self.coins(self.pile) == 0
            && let Some(pile) = self.position.piles().iter().position(|&c| c > 0)
        {
            self.pile = pile;
        }
        self.take = self.take.clamp(1, self.coins(self.pile).max(1));
    }
}

/// The perfect move: a winning move, at random among them; from a lost position, one of the
/// moves that leave the fewest winning replies ([`losing_moves`]). `None` once the game is over.
pub fn best_move(position: &Position, rng: &mut fastrand::Rng) -> Option<Move> {
    let winning = answer(position).winning_moves;
    let moves = if winning.is_empty() {
        losing_moves(position)
    } else {
        winning
    };
    moves.get(rng.usize(..moves.len().max(1))).copied()
}

/// The move of the computer at level perfect: where `table` gives the moves left (and the
/// moves are few enough to weigh), one of the fighting moves
/// ([`PositionStudy::fighting_moves`]: the fastest win, or the fewest winning replies and then
/// the longest defence), at random; elsewhere as [`best_move`]. `None` once the game is over.
///
/// [`PositionStudy::fighting_moves`]: crate::games::moves_left::PositionStudy::fighting_moves
pub fn fighting_move(
    position: &Position,
    table: Option<&NimMovesLeft>,
    rng: &mut fastrand::Rng,
) -> Option<Move> {
    if let Some(study) = table.and_then(|table| study(position, Some(table)))
        && study.moves_left.is_some()
    {
        let best = study.fighting_moves();
        if !best.is_empty() {
            return Some(best[rng.usize(..best.len())].mv);
        }
    }
    best_move(position, rng)
}

/// The columns the view needs beside each pile's coins or bar: its border, the chosen-pile
/// mark and number (5), at least one bar cell and the space before the count.
const VIEW_WIDTH_PAST_COUNT: u16 = 2 + 5 + 1 + 1;
/// The narrowest the view gets, as the one-pile games' view: room for its heading ("Now: take
/// 1 to 5 from pile 3") whatever the piles.
const VIEW_MIN_WIDTH: u16 = 30;
/// The rows the view needs besides one a pile: its border, the heading's two lines and the
/// blank line under them.
const VIEW_HEIGHT_PAST_PILES: u16 = 2 + 2 + 1;

/// A tick lands the computer's move, plays the moves queued behind it, or has the computer
/// choose: at random when it slips, else the one answer's best move.
impl TickSteps for NimSession {
    type Move = Move;
    type Choice = Move;

    fn turns_mut(&mut self) -> &mut Turns<Move> {
        &mut self.turns
    }

    fn land(&mut self, mv: Move) {
        self.play(mv);
    }

    fn play_queued(&mut self, mv: Move) {
        self.person_plays(mv);
    }

    /// Nothing while the perfect computer's table is being built: it waits for it.
    fn computer_choice(&mut self, rng: &mut fastrand::Rng) -> Option<Move> {
        if self.waiting.is_some() {
            None
        } else if self.turns.slips(self.settings.level, rng) {
            self.casual_move(rng)
        } else if self.settings.level == Level::Perfect {
            fighting_move(&self.position, self.table.as_deref(), rng)
        } else {
            best_move(&self.position, rng)
        }
    }
}

impl TypedTake for NimSession {
    fn typed(&mut self) -> (&mut u64, &mut bool) {
        (&mut self.take, &mut self.typing)
    }

    fn choice_problem(&self) -> Option<String> {
        NimSession::choice_problem(self)
    }

    fn too_large(&self) -> String {
        "No pile is that large.".into()
    }

    fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl Session for NimSession {
    fn act(&mut self, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            _ => NimSession::act(self, action),
        }
    }

    fn point(&mut self, Spot(kind, at): Spot, click: bool) {
        if let Some(place) = Place::from_code((kind, at)) {
            NimSession::point(self, place, click);
        }
    }

    fn tick(&mut self, rng: &mut fastrand::Rng) {
        NimSession::tick(self, rng);
    }

    /// The moves-left table's build reports progress, then the table.
    fn on_solver(&mut self, message: SolverMessage) {
        if let Some(built) = arrived(&mut self.waiting, message) {
            self.table = built.downcast::<NimMovesLeft>().ok();
        }
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The table's build, when another screen's request stopped it.
    fn ask_again(&mut self) {
        self.requests
            .extend(self.waiting.as_ref().map(Waiting::request));
    }

    fn undo(&mut self) {
        NimSession::undo(self);
    }

    fn moves_made(&self) -> usize {
        self.turns.moves.len()
    }

    fn is_over(&self) -> bool {
        NimSession::is_over(self)
    }

    fn loser(&self) -> Option<usize> {
        NimSession::loser(self)
    }

    /// A table still being built is built by the judging itself, on the judge's thread.
    fn judging(&self) -> Task<JudgedMoves> {
        let (start, table) = (self.start.clone(), self.table.clone());
        let moves = self.turns.moves.clone();
        let build = self.waiting.is_some();
        Task::new(format!("judge {} moves", moves.len()), move |progress| {
            let table = match table.clone() {
                Some(table) => Some(table),
                // A table is waited for only when it fits the budget: no table here means
                // the judging is no longer wanted.
                None if build => Some(Arc::new(NimMovesLeft::build_within(
                    &start, NIM_BUDGET, progress,
                )?)),
                None => None,
            };
            let judge = NimJudge {
                start: start.clone(),
                table,
            };
            turns::judging(judge, moves.clone()).run(progress)
        })
    }

    fn judged(&self) -> Vec<Judged<String>> {
        turns::judge(self, &self.turns.moves)
            .into_iter()
            .map(|j| j.map(|m| m.to_string()))
            .collect()
    }

    fn notation(&self) -> Vec<String> {
        NimSession::notation(self)
    }

    fn replay_notation(&mut self, moves: &[String]) -> bool {
        NimSession::replay_notation(self, moves)
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

    /// Room for every pile's row with its count written out, as the view draws them (the
    /// largest pile's count decides the width).
    fn view_size(&self) -> (u16, u16) {
        let widest = self
            .start
            .piles()
            .iter()
            .map(|&coins| group(coins).len())
            .max()
            .unwrap_or(1);
        let piles = self.start.piles().len();
        (
            (VIEW_WIDTH_PAST_COUNT + u16::try_from(widest).unwrap_or(u16::MAX)).max(VIEW_MIN_WIDTH),
            VIEW_HEIGHT_PAST_PILES + u16::try_from(piles).unwrap_or(u16::MAX),
        )
    }

    fn position(&self) -> String {
        position::print(&self.position)
    }

    fn leftover(self: Box<Self>) -> Option<Leftover> {
        None
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The review judges moves with the nim-sum, which proves every position.
impl Outcomes for NimSession {
    type Move = Move;
    type Position = Position;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn after(&self, position: &Position, mv: Move) -> Option<Position> {
        position.play(mv).ok()
    }

    fn study(&self, position: &Position) -> Option<PositionStudy<Move>> {
        review_study(position, self.table.as_deref())
    }

    fn known(&self, position: &Position) -> Option<Known<Move>> {
        Some(known(position))
    }
}

/// What judges a Nim game away from its session: its start and its moves-left table, shared.
struct NimJudge {
    start: Position,
    table: Option<Arc<NimMovesLeft>>,
}

/// As the session judges.
impl Outcomes for NimJudge {
    type Move = Move;
    type Position = Position;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn after(&self, position: &Position, mv: Move) -> Option<Position> {
        position.play(mv).ok()
    }

    fn study(&self, position: &Position) -> Option<PositionStudy<Move>> {
        review_study(position, self.table.as_deref())
    }

    fn known(&self, position: &Position) -> Option<Known<Move>> {
        Some(known(position))
    }
}

/// The study the review judges `position` with: within [`REVIEW_STUDY_MOVES`] legal moves
/// (each one's replies are counted).
fn review_study(position: &Position, table: Option<&NimMovesLeft>) -> Option<PositionStudy<Move>> {
    let moves = position
        .piles()
        .iter()
        .try_fold(0u64, |sum, &pile| sum.checked_add(pile))?;
    if moves > REVIEW_STUDY_MOVES {
        return None;
    }
    study(position, table)
}

/// What the nim-sum proves of `position`.
fn known(position: &Position) -> Known<Move> {
    let answer = answer(position);
    Known {
        wins: answer.wins,
        winning_moves: answer.winning_moves,
        complete: true,
    }
}

/// A move as the panel and the review write it: "3 from pile 2".
pub fn move_text(mv: Move) -> String {
    format!("{} from pile {}", group(mv.take), mv.pile + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::tests::{BruteForce, all_positions};
    use crate::games::setup::Player;
    use crate::games::setup::Player::{Computer, Person};
    use crate::games::turns::FLASH_TICKS;
    use rustc_hash::FxHashMap;

    fn session(piles: &[u64], players: [Player; 2], level: Level) -> NimSession {
        let settings = Setup {
            players,
            level,
            ..Setup::default()
        };
        NimSession::new(settings, Position::new(piles).unwrap())
    }

    fn person(piles: &[u64]) -> NimSession {
        session(piles, [Person, Computer], Level::Perfect)
    }

    /// Ticks until the computer's move has flashed and landed; returns it.
    fn computer_moves(game: &mut NimSession, rng: &mut fastrand::Rng) -> Move {
        let before = game.turns.moves.len();
        for _ in 0..=FLASH_TICKS {
            game.tick(rng);
        }
        assert_eq!(
            game.turns.moves.len(),
            before + 1,
            "the computer moved once"
        );
        game.turns.moves[before]
    }

    #[test]
    fn every_key_the_session_knows_is_bound_once() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let action = |code| crate::input::action(KEYS, &press(code));
        assert_eq!(action(KeyCode::Up), Some(Action::Up));
        assert_eq!(action(KeyCode::Down), Some(Action::Down));
        assert_eq!(action(KeyCode::Left), Some(Action::Left));
        assert_eq!(action(KeyCode::Right), Some(Action::Right));
        assert_eq!(action(KeyCode::Char('7')), Some(Action::Digit(7)));
        assert_eq!(action(KeyCode::Backspace), Some(Action::Erase));
        assert_eq!(action(KeyCode::Enter), Some(Action::Select));
        assert_eq!(action(KeyCode::Char(' ')), Some(Action::Select));
        assert_eq!(action(KeyCode::Char('H')), Some(Action::ToggleHints));
        assert_eq!(action(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(action(KeyCode::Char('?')), Some(Action::Help));
        assert_eq!(action(KeyCode::Esc), Some(Action::Back));
        let keys: Vec<_> = KEYS.iter().flat_map(|b| b.keys).map(|k| k.0).collect();
        for (i, key) in keys.iter().enumerate() {
            assert!(!keys[..i].contains(key), "{key:?} bound twice");
        }
        assert_eq!(KEYS[0].help, "choose the pile above / below");
        assert!(
            KEYS.iter()
                .any(|b| b.keys.iter().any(|k| k.1 == Action::Redo))
        );
    }

    #[test]
    fn the_app_drives_it_as_a_session() {
        let mut rng = fastrand::Rng::with_seed(11);
        let mut game: Box<dyn Session> = Box::new(person(&[3, 4, 5]));
        // Pointing at a spot the view drew: the third coin of pile 1 takes two.
        game.point(Place::Coin { pile: 0, index: 1 }.into(), true);
        assert_eq!(game.notation(), ["1:2"]);
        assert!(game.take_requests().is_empty(), "Nim never asks the solver");
        for _ in 0..=FLASH_TICKS {
            game.tick(&mut rng);
        }
        assert_eq!(game.moves_made(), 2);
        Session::act(game.as_mut(), Action::Undo);
        assert_eq!(game.moves_made(), 0);
        Session::act(game.as_mut(), Action::Redo);
        assert_eq!(game.moves_made(), 2);
        game.point(Spot(9, 0), true);
        assert_eq!(game.moves_made(), 2, "a spot that is no place does nothing");
        game.set_confirm_quit(true);
        assert!(game.confirm_quit());
        game.note("Saved.".into());
        assert_eq!(game.message(), Some("Saved."));
        assert!(!game.is_over() && game.loser().is_none());
        assert_eq!(game.bindings().len(), KEYS.len());
        assert_eq!(
            game.view_size(),
            (30, 8),
            "3 piles of one-digit counts: the heading's width"
        );
        let wide = person(&[7, super::super::MAX_PILE]);
        assert_eq!(Session::view_size(&wide), (34, 7));
        let nim = game.as_any().downcast_ref::<NimSession>();
        assert_eq!(nim.map(|n| n.position.piles().len()), Some(3));
        assert!(game.leftover().is_none());
    }

    #[test]
    fn spots_read_back_from_their_codes() {
        for spot in [
            Place::Coin { pile: 0, index: 0 },
            Place::Coin {
                pile: 7,
                index: crate::games::nim::MAX_PILE - 1,
            },
            Place::Bar { pile: 3, index: 12 },
            Place::Row(5),
        ] {
            assert_eq!(Place::from_code(spot.code()), Some(spot), "{spot:?}");
        }
        assert_eq!(Place::from_code((3, 0)), None);
    }

    #[test]
    fn arrows_choose_the_pile_and_the_take_and_enter_takes() {
        let mut game = person(&[3, 4, 5]);
        assert_eq!(game.chosen(), Move { pile: 0, take: 1 });
        for _ in 0..3 {
            game.act(Action::Right);
        }
        assert_eq!(
            game.chosen(),
            Move { pile: 0, take: 3 },
            "held at the pile's 3"
        );
        game.act(Action::Left);
        game.act(Action::Down);
        game.act(Action::Down);
        game.act(Action::Down);
        assert_eq!(
            game.chosen(),
            Move { pile: 2, take: 2 },
            "held at the last pile"
        );
        game.act(Action::Up);
        game.act(Action::Digit(4));
        assert_eq!(game.chosen(), Move { pile: 1, take: 4 });
        assert_eq!(game.message, None);
        game.act(Action::Select);
        assert_eq!(game.position.piles(), &[3, 0, 5]);
        assert_eq!(game.notation(), ["2:4"]);
        // The emptied pile is left for the first that has coins, the take cut to them; ↓ and
        // ↑ step over the empty pile.
        assert_eq!(game.chosen(), Move { pile: 0, take: 3 });
        game.act(Action::Down);
        assert_eq!(game.pile, 2);
        game.act(Action::Up);
        assert_eq!(game.pile, 0);
        // Digits add up while typed; the next arrow starts afresh.
        game.act(Action::Digit(1));
        game.act(Action::Digit(2));
        assert_eq!(game.take, 12);
        game.act(Action::Erase);
        assert_eq!(game.take, 1);
        game.act(Action::ToggleHints);
        assert!(game.hints);
        game.act(Action::Quit);
        assert!(game.confirm_quit);
    }

    #[test]
    fn an_illegal_take_is_refused_with_its_reason() {
        let mut game = person(&[3, 4, 5]);
        game.act(Action::Digit(9));
        assert_eq!(
            game.message.as_deref(),
            Some("Not allowed: pile 1 holds only 3 coins, so 9 cannot be taken from it.")
        );
        game.act(Action::Select);
        assert_eq!(
            game.message.as_deref(),
            Some("Nothing taken: pile 1 holds only 3 coins, so 9 cannot be taken from it.")
        );
        assert!(game.turns.moves.is_empty());
        assert_eq!(game.take, 9, "the refused number stays shown");
        game.act(Action::Digit(2));
        assert_eq!(game.take, 2, "the next digit starts a fresh number");
        game.act(Action::Erase);
        game.act(Action::Select);
        assert_eq!(
            game.message.as_deref(),
            Some("Type how many coins to take, or choose with ←/→.")
        );
        let mut emptied = person(&[0, 2]);
        emptied.person_plays(Move { pile: 0, take: 1 });
        assert_eq!(
            emptied.message.as_deref(),
            Some("Nothing taken: pile 1 is empty.")
        );
        assert_eq!(
            emptied.chosen(),
            Move { pile: 1, take: 1 },
            "the empty pile is not chosen"
        );
        let mut waiting = session(&[3, 4, 5], [Computer, Person], Level::Perfect);
        waiting.act(Action::Select);
        assert_eq!(
            waiting.message.as_deref(),
            Some("It is the computer's turn.")
        );
        assert!(waiting.turns.moves.is_empty());
    }

    #[test]
    fn the_pointer_chooses_and_takes_coins() {
        let mut game = person(&[3, 40]);
        game.point(Place::Coin { pile: 1, index: 30 }, false);
        assert_eq!(game.chosen(), Move { pile: 1, take: 10 });
        // A spot past the coins, drawn before the pile shrank, does nothing.
        game.point(Place::Coin { pile: 0, index: 3 }, true);
        assert!(game.turns.moves.is_empty());
        game.point(Place::Row(0), true);
        assert_eq!(game.chosen(), Move { pile: 0, take: 3 });
        // A bar cell chooses first, and takes on the second click.
        game.point(Place::Bar { pile: 1, index: 35 }, true);
        assert_eq!(game.chosen(), Move { pile: 1, take: 5 });
        assert!(game.turns.moves.is_empty());
        game.point(Place::Bar { pile: 1, index: 35 }, true);
        assert_eq!(game.position.piles(), &[3, 35]);
        let mut rng = fastrand::Rng::with_seed(1);
        computer_moves(&mut game, &mut rng);
        game.point(Place::Coin { pile: 0, index: 0 }, true);
        assert_eq!(game.turns.moves.last(), Some(&Move { pile: 0, take: 3 }));
    }

    #[test]
    fn the_perfect_computer_never_misses_a_win() {
        let mut brute = BruteForce(FxHashMap::default());
        let mut rng = fastrand::Rng::with_seed(15);
        for piles in all_positions(3, 5) {
            let position = Position::new(&piles).unwrap();
            if position.is_over() {
                assert_eq!(best_move(&position, &mut rng), None);
                continue;
            }
            for _ in 0..4 {
                let mv = best_move(&position, &mut rng).expect("a move while coins are left");
                let after = position.play(mv).expect("a legal move");
                if brute.wins(&piles) {
                    assert!(!brute.wins(after.piles()), "{piles:?}: {mv} throws the win");
                } else {
                    assert!(losing_moves(&position).contains(&mv), "{piles:?}: {mv}");
                }
            }
        }
        // The same through the session's clock: the computer moves first and wins every game.
        for piles in [[1, 2, 4], [3, 4, 5], [7, 1, 5]] {
            let mut game = session(&piles, [Computer, Computer], Level::Perfect);
            while !game.is_over() {
                let before = game.position.piles().to_vec();
                computer_moves(&mut game, &mut rng);
                if brute.wins(&before) {
                    assert!(!brute.wins(game.position.piles()), "{before:?}");
                }
            }
            assert_eq!(
                game.loser(),
                Some(1),
                "{piles:?} is won by the first player"
            );
            assert!(game.mistakes().is_empty());
        }
    }

    #[test]
    fn the_perfect_computer_defends_longest_and_the_strong_one_as_before() {
        // 1,2,3 is lost, and every move leaves one winning reply; 1:1 and 3:1 last five more
        // moves, the others three. Strong (when it does not slip) keeps the old choice, which
        // also weighs 2:1.
        let mut rng = fastrand::Rng::with_seed(16);
        let mut strong_moves = Vec::new();
        for _ in 0..40 {
            let mut game = session(&[1, 2, 3], [Computer, Person], Level::Perfect);
            let mv = computer_moves(&mut game, &mut rng);
            assert!(
                [Move { pile: 0, take: 1 }, Move { pile: 2, take: 1 }].contains(&mv),
                "{mv}"
            );
            let mut game = session(&[1, 2, 3], [Computer, Person], Level::Strong);
            strong_moves.push(computer_moves(&mut game, &mut rng));
        }
        assert!(strong_moves.contains(&Move { pile: 1, take: 1 }));
    }

    #[test]
    fn the_casual_computer_takes_the_last_pile_whole() {
        let mut rng = fastrand::Rng::with_seed(3);
        for seed in 0..20 {
            rng.seed(seed);
            let mut game = session(&[0, 9, 0], [Computer, Person], Level::Casual);
            assert_eq!(
                computer_moves(&mut game, &mut rng),
                Move { pile: 1, take: 9 }
            );
            assert_eq!(game.loser(), Some(1));
        }
        // With two piles left it plays at random, but always legally.
        let mut seen = std::collections::HashSet::new();
        for seed in 0..50 {
            rng.seed(seed);
            let mut game = session(&[2, 3], [Computer, Person], Level::Casual);
            let mv = computer_moves(&mut game, &mut rng);
            assert!(Position::new(&[2, 3]).unwrap().is_legal(mv));
            seen.insert(mv);
        }
        assert!(seen.len() > 2, "random moves: {seen:?}");
    }

    #[test]
    fn undo_takes_back_a_round_and_redo_plays_it_again() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut game = person(&[3, 4, 5]);
        game.person_plays(Move { pile: 0, take: 2 });
        let reply = computer_moves(&mut game, &mut rng);
        let after = game.position.clone();
        game.undo();
        assert!(game.turns.moves.is_empty());
        assert_eq!(game.position, game.start);
        game.redo();
        assert_eq!(game.turns.moves, [Move { pile: 0, take: 2 }, reply]);
        assert_eq!(game.position, after);
        game.redo();
        assert_eq!(game.message.as_deref(), Some("Nothing to redo."));
        // A new move forgets what undo took back.
        game.undo();
        game.person_plays(Move { pile: 2, take: 1 });
        game.redo();
        assert_eq!(game.message.as_deref(), Some("Nothing to redo."));
    }

    #[test]
    fn a_saved_game_replays_from_its_notation() {
        let mut game = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        for mv in [(0, 1), (2, 5), (1, 2)] {
            game.person_plays(Move {
                pile: mv.0,
                take: mv.1,
            });
        }
        let saved = game.notation();
        assert_eq!(saved, ["1:1", "3:5", "2:2"]);
        let mut replayed = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        assert!(replayed.replay_notation(&saved));
        assert_eq!(replayed.position, game.position);
        assert_eq!(replayed.turns.moves, game.turns.moves);
        // A move the piles cannot make, or that is not a move, stops the replay there.
        let mut broken = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        let moves = ["1:1", "1:3", "2:2"].map(String::from);
        assert!(!broken.replay_notation(&moves));
        assert_eq!(broken.notation(), ["1:1"]);
        assert!(!broken.replay_notation(&["x".to_string()]));
    }

    #[test]
    fn the_review_names_the_move_that_threw_the_win_away() {
        let mut game = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        // 3,4,5 is won only by 1:2; 1:1 leaves 2,4,5 (nim-sum 3), won for the other side.
        for (pile, take) in [(0, 1), (0, 1), (1, 4), (2, 5), (0, 1)] {
            game.person_plays(Move { pile, take });
        }
        assert!(game.is_over());
        assert_eq!(game.loser(), Some(1));
        let mistakes = game.mistakes();
        assert_eq!(mistakes[0].index, 0);
        assert_eq!(mistakes[0].played, Move { pile: 0, take: 1 });
        assert_eq!(mistakes[0].winners, [Move { pile: 0, take: 2 }]);
        assert_eq!(game.turns.verdict, Some((0, Move { pile: 0, take: 1 })));
        assert_eq!(game.position_before(1).piles(), &[2, 4, 5]);
        assert_eq!(
            move_text(Move {
                pile: 1,
                take: 1234
            }),
            "1,234 from pile 2"
        );
    }
}
