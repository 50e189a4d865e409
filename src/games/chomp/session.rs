//! One game of Chomp in progress: the position, whose turn, the solver's state, the cursor.

use crate::games::chomp::answer::ChompAnswer;
use crate::games::chomp::fields::ChompValues;
use crate::games::chomp::judge::ChompJudge;
use crate::games::chomp::moves_left;
use crate::games::chomp::player::{self, Choice, Quick};
use crate::games::chomp::position;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::solver::{self, News, Phase};
pub use crate::games::chomp::tables::KeptTables;
use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task};
use crate::games::review::{Judged, Known, Mistake};
use crate::games::session::{Leftover, Session};
use crate::games::setup::{Level, Setup};
use crate::games::turns::{self, Outcomes, Pending, TickSteps, Turns};
use crate::input::{
    ANALYSE, ARROWS, Action, Binding, COPY_POSITION, HELP, LEAVE, PAGES, REDO, RESTART, Spot, UNDO,
    bind, plain,
};
use crate::solve::{MovesLeftTable, OutcomeTable};
use ratatui::crossterm::event::KeyCode;
use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

pub use crate::games::turns::FLASH_TICKS;

/// The longest the computer waits for a table being built rather than play a move nothing
/// proves. The largest table the default budget allows (18×18) takes 10–13 s on the machine
/// munch is built on, so this leaves room for a slower or busier one; a table further off (a
/// larger `--memory`: 19×19 takes about 47 s) gets the search's best move, marked unproven.
pub const WAIT_FOR_TABLE: Duration = Duration::from_secs(30);

/// What the solver has for this game.
#[derive(Clone)]
pub enum SolverState {
    Solving {
        done: u64,
        total: u64,
        /// Time since the build started, as of the latest progress report.
        elapsed: Duration,
    },
    Ready(Arc<OutcomeTable>),
    /// The table would not fit the memory budget: the computer plays from closed forms and the
    /// opening book, or unproven moves, until the bar shrinks into a box that fits.
    Refused {
        needed_bytes: u64,
        budget: u64,
    },
    /// The game ended with every move of its review judged without the table, so its build
    /// was cancelled (its memory freed); undo asks for it again.
    Stopped,
}

/// What the solver has of the moves-left table, with which the computer at level perfect wins
/// as fast as it can and defends as long as it can.
#[derive(Clone)]
pub enum MovesLeftState {
    /// Not asked for: the level is not perfect, or the outcome table is not ready.
    NotAsked,
    /// Being built: the outcome table first, when the solver holds none (the game's
    /// [`SolverState::Solving`] shows that build's progress), then the moves-left table,
    /// `done` of `total` steps `elapsed` after its build started.
    Building {
        done: u64,
        total: u64,
        elapsed: Duration,
    },
    Ready(Arc<MovesLeftTable>),
    /// The outcome table and the moves-left table together would not fit the memory budget:
    /// the computer plays as at the other levels' best, a winning move or the fewest replies.
    Refused {
        needed_bytes: u64,
        budget: u64,
    },
}

/// The computer's chosen move, shown flashing before it lands.
pub type PendingMove = Pending<Choice>;

/// A move the computer made at level perfect without the moves-left table (over the memory
/// budget, or too far off to wait for): proven to win, or to leave the fewest winning
/// replies, but not proven the fastest win or the longest defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfought {
    /// A winning move, maybe not the fastest.
    Win,
    /// A losing position's move, maybe not the longest defence.
    Defence,
}

/// A building table's time left, estimated from `done` of `total` steps in `elapsed`;
/// `None` before the first step.
fn time_left(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    (done > 0).then(|| {
        let left = total.saturating_sub(done) as f64 / done as f64;
        elapsed.mul_f64(left.min(1e6))
    })
}

/// The memory the moves-left table of a `rows` × `cols` box takes with the outcome table it is
/// built on (as the solver counts them: each with its build's buffers), and beside them `held`,
/// the game's outcome table, where that is of a larger box (it is kept: it judges the whole
/// game for the review, and serves undo).
fn moves_left_bytes(held: &OutcomeTable, rows: u8, cols: u8) -> u64 {
    let kept = if (held.rows(), held.cols()) == (rows, cols) {
        0
    } else {
        held.table_bytes()
    };
    OutcomeTable::bytes_for(rows, cols)
        .saturating_add(MovesLeftTable::bytes_for(rows, cols))
        .saturating_add(kept)
}

/// A Chomp game in progress (or just finished).
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one game (hints on, a dialog up, a move unproven), not one state"
)]
pub struct Game {
    pub settings: Setup,
    /// The position the game started from: the full bar, or a position that was set.
    pub start: Position,
    pub position: Position,
    /// Whose turn, the moves so far and undone, the computer's flashing move, the review.
    pub turns: Turns<Square, Choice>,
    pub cursor: Square,
    pub hints: bool,
    pub solver: SolverState,
    /// The moves-left table, asked for at level perfect once the outcome table is ready.
    pub moves_left: MovesLeftState,
    pub confirm_quit: bool,
    /// The person asked to eat the poison while other squares remain: "Eat the poison and
    /// lose?" is showing.
    pub asking_poison: bool,
    /// Whether some computer move of this game was not proven best.
    pub unproven_moves: bool,
    /// Whether the computer's latest move was not proven best.
    pub last_move_unproven: bool,
    /// Whether some computer move of this game was chosen at random on purpose (its level).
    pub random_moves: bool,
    /// At level perfect, whether some computer move of this game was made without the
    /// moves-left table, and whether the latest one was (and how).
    pub unfought_moves: bool,
    pub last_move_unfought: Option<Unfought>,
    /// Whether the move the computer chose (flashing, or searched for) is made without the
    /// moves-left table where it matters (see [`Unfought`]).
    choice_unfought: Option<Unfought>,
    /// A short note for the player ("It is the computer's turn").
    pub message: Option<String>,
    /// Whether the computer is waiting for a search, when nothing proved a move at once.
    searching: bool,
    /// What the game needs from the solver, oldest first, until the app takes it (see
    /// [`Game::take_requests`]). The app numbers and sends each one and passes the game only
    /// the answers to the latest ones.
    requests: Vec<Request>,
}

impl Game {
    /// Starts a game and asks the solver for the table of its box.
    pub fn new(settings: Setup) -> Game {
        Game::with_table(settings, None)
    }

    /// Starts a game with `kept`, the previous game's tables, when they cover the box, so
    /// playing again needs no new build; otherwise asks the solver for the table of the box.
    pub fn with_table(settings: Setup, kept: Option<KeptTables>) -> Game {
        // A set start position was read by the catalogue; the full bar otherwise.
        let start = settings
            .start
            .as_ref()
            .and_then(|start| position::parse(start.body()).ok())
            .unwrap_or_else(|| {
                let options = ChompValues::from(&settings.values);
                Position::full(options.rows.into(), options.cols.into())
                    .expect("the menu only offers valid boxes")
            });
        // The table of the squares left (the whole box for a full bar) serves every position
        // the game can reach.
        let (rows, cols) = start.bounding_box();
        let covers = |t: &OutcomeTable| t.rows() >= rows && t.cols() >= cols;
        let kept = kept.filter(|k| covers(&k.outcomes));
        let moves_left = kept
            .as_ref()
            .and_then(|k| k.moves_left.clone())
            .filter(|m| covers(m.outcomes()));
        // At level perfect the moves-left table is asked for at once: the solver sends its
        // outcome table on the way, or refuses at once when the two do not fit the budget (the
        // game then asks for the outcome table alone), so the computer knows from the start
        // whether the moves left are coming.
        let perfect = settings.level == Level::Perfect;
        let (solver, request) = match kept {
            Some(kept) => (SolverState::Ready(kept.outcomes), Request::Cancel),
            None => (
                SolverState::Solving {
                    done: 0,
                    total: 0,
                    elapsed: Duration::ZERO,
                },
                if perfect && moves_left.is_none() {
                    solver::moves_left(rows, cols)
                } else {
                    solver::solve(rows, cols)
                },
            ),
        };
        let building = matches!(
            solver::asked(&request),
            Some(solver::Asked::MovesLeft { .. })
        );
        let moves_left = match (building, moves_left) {
            (true, _) => MovesLeftState::Building {
                done: 0,
                total: 0,
                elapsed: Duration::ZERO,
            },
            (_, kept) => kept.map_or(MovesLeftState::NotAsked, MovesLeftState::Ready),
        };
        let mut game = Game {
            cursor: Square::new(start.cols() - 1, start.rows() - 1),
            turns: Turns::new(settings.players),
            settings,
            position: start.clone(),
            start,
            hints: false,
            solver,
            moves_left,
            confirm_quit: false,
            asking_poison: false,
            unproven_moves: false,
            last_move_unproven: false,
            random_moves: false,
            unfought_moves: false,
            last_move_unfought: None,
            choice_unfought: None,
            message: None,
            searching: false,
            requests: vec![request],
        };
        game.ask_moves_left();
        game.keep_cursor_on_bar();
        game
    }

    /// At level perfect, once the outcome table is ready, asks for the moves-left table of the
    /// bar's box, unless it is already there or on its way. Where it was refused, the memory it
    /// would need follows the box (the panel shows it), and it is asked for again once the box
    /// has shrunk into the budget.
    fn ask_moves_left(&mut self) {
        let SolverState::Ready(table) = &self.solver else {
            return;
        };
        if self.settings.level != Level::Perfect {
            return;
        }
        let (rows, cols) = self.position.bounding_box();
        if rows == 0 {
            return;
        }
        let needs = moves_left_bytes(table, rows, cols);
        let asked = match &mut self.moves_left {
            MovesLeftState::Ready(kept) => kept.outcomes().covers(self.position.heights()),
            MovesLeftState::Building { .. } => true,
            MovesLeftState::NotAsked => false,
            MovesLeftState::Refused {
                needed_bytes,
                budget,
            } => {
                // As for the outcome table (see [`Game::follow_the_box`]): only a box smaller
                // than the one refused is worth asking for, so that a build the machine could
                // not hold is not retried on every tick.
                let shrank = needs < *needed_bytes;
                *needed_bytes = needs;
                !(shrank && needs <= *budget)
            }
        };
        if !asked {
            self.requests.push(solver::moves_left(rows, cols));
            self.moves_left = MovesLeftState::Building {
                done: 0,
                total: 0,
                elapsed: Duration::ZERO,
            };
        }
    }

    /// Asks the solver for a table, or to stop: either ends a moves-left build on its way,
    /// which is asked for again when the outcome table is ready.
    fn request_table(&mut self, request: Request) {
        if matches!(self.moves_left, MovesLeftState::Building { .. }) {
            self.moves_left = MovesLeftState::NotAsked;
        }
        self.requests.push(request);
    }

    /// What the game needs from the solver since the last call, oldest first.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// Whether the poison has been eaten.
    pub fn is_over(&self) -> bool {
        self.position.is_empty()
    }

    /// The side that ate the poison, once the game is over.
    pub fn loser(&self) -> Option<usize> {
        self.is_over().then(|| (self.turns.moves.len() + 1) % 2)
    }

    /// A side's name as the panel shows it.
    pub fn name(&self, side: usize) -> &'static str {
        self.settings.name(side)
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.turns.computer_to_move()
    }

    /// Gives up the game's tables, if it has them (for the next game on the same box).
    pub fn into_tables(self) -> Option<KeptTables> {
        let moves_left = match self.moves_left {
            MovesLeftState::Ready(table) => Some(table),
            _ => None,
        };
        match self.solver {
            SolverState::Ready(outcomes) => Some(KeptTables {
                outcomes,
                moves_left,
            }),
            _ => None,
        }
    }

    /// At level perfect, with the moves-left table ready and covering the position, the
    /// fighting move (see [`player::fighting_chomp_move`]); else `None`, and the computer plays
    /// as it would without the moves left (it waits for them while they are near: see
    /// [`Game::waits_for_moves_left`]).
    fn fighting_move(&self, rng: &mut fastrand::Rng) -> Option<Square> {
        if self.settings.level != Level::Perfect {
            return None;
        }
        let MovesLeftState::Ready(moves_left) = &self.moves_left else {
            return None;
        };
        player::fighting_chomp_move(self.table()?, moves_left, &self.position, rng)
    }

    /// The table, once it is ready.
    pub fn table(&self) -> Option<&OutcomeTable> {
        match &self.solver {
            SolverState::Ready(table) if table.covers(self.position.heights()) => Some(table),
            _ => None,
        }
    }

    /// What is known about the current position: [`ChompAnswer::of`] it, from the table, else
    /// (while it is built, or when it does not fit) from a closed form or the opening book, on
    /// the position or one move on. All are proofs, so they never disagree on who wins. The
    /// hints, the computer, the Study and `munch solve` all say this.
    pub fn answer(&self) -> Option<ChompAnswer> {
        ChompAnswer::of(self.ready_table(), &self.position)
    }

    /// The table once it is ready, whatever it covers.
    fn ready_table(&self) -> Option<&OutcomeTable> {
        match &self.solver {
            SolverState::Ready(table) => Some(table),
            _ => None,
        }
    }

    /// How long until the table being built is ready, estimated from the progress so far
    /// (`None` before the first report, or when no table is being built).
    pub fn table_ready_in(&self) -> Option<Duration> {
        match self.solver {
            SolverState::Solving {
                done,
                total,
                elapsed,
            } => time_left(done, total, elapsed),
            _ => None,
        }
    }

    /// How long until the moves-left table being built is ready, estimated from its own
    /// build's progress (`None` before its first report, while the outcome table it needs is
    /// still built, or when none is being built).
    pub fn moves_left_ready_in(&self) -> Option<Duration> {
        match (&self.solver, &self.moves_left) {
            (
                SolverState::Ready(_),
                MovesLeftState::Building {
                    done,
                    total,
                    elapsed,
                },
            ) => time_left(*done, *total, *elapsed),
            _ => None,
        }
    }

    /// At level perfect, whether the computer waits for the moves-left table before it moves,
    /// as it waits for the outcome table: while the table is near. That is, its build is under
    /// way (so it fits the memory budget: the solver refuses at once one that does not), and
    /// the progress says it is due within [`WAIT_FOR_TABLE`]: the outcome table it is built on
    /// first (as [`Game::waits_for_table`] says), then the moves-left table itself (or it has
    /// not reported yet, which it does within a twentieth of a second). A table further off
    /// is not waited for, and the panel says which moves were made without it.
    pub fn waits_for_moves_left(&self) -> bool {
        if self.settings.level != Level::Perfect
            || !matches!(self.moves_left, MovesLeftState::Building { .. })
        {
            return false;
        }
        match self.solver {
            SolverState::Solving { .. } => self.waits_for_table(),
            SolverState::Ready(_) => self
                .moves_left_ready_in()
                .is_none_or(|t| t <= WAIT_FOR_TABLE),
            SolverState::Refused { .. } | SolverState::Stopped => false,
        }
    }

    /// Whether the moves left decide the computer's move here at level perfect, and so what
    /// it would miss without them: `None` where the choice is the same without them (only
    /// the poison left, a single winning move, a single move besides the poison).
    fn what_moves_left_decide(&self) -> Option<Unfought> {
        if self.settings.level != Level::Perfect {
            return None;
        }
        let others = self.position.moves().filter(|s| !s.is_poison()).count();
        if others <= 1 {
            return None;
        }
        match self.answer() {
            Some(answer) if answer.wins => {
                (!(answer.complete && answer.winning_moves.len() == 1)).then_some(Unfought::Win)
            }
            _ => Some(Unfought::Defence),
        }
    }

    /// Whether the computer should wait for the table rather than play a move nothing proves:
    /// while the table is being built and is due within [`WAIT_FOR_TABLE`] (or before the
    /// first progress report, which comes within a twentieth of a second).
    pub fn waits_for_table(&self) -> bool {
        matches!(self.solver, SolverState::Solving { .. })
            && self.table_ready_in().is_none_or(|t| t <= WAIT_FOR_TABLE)
    }

    /// The known winning moves of the current position (for the hint marks).
    pub fn winning_moves(&self) -> Option<Vec<Square>> {
        self.answer().map(|answer| answer.winning_moves)
    }

    /// Takes the answer to the game's latest request of its kind (the app drops the others).
    pub fn on_solver(&mut self, message: &SolverMessage) {
        let Some(news) = solver::read(message) else {
            // Not a Chomp game's.
            return;
        };
        self.on_solver_news(news);
    }

    /// Takes what the solver (or a study's tables, see [`Session::adopt`]) brings.
    fn on_solver_news(&mut self, news: News) {
        match news {
            News::Searched { col, row, proven } => {
                // A search the game stopped waiting for (undo, a move) is dropped.
                if std::mem::take(&mut self.searching) {
                    self.turns
                        .choose(Choice::new(Square::new(col, row), proven));
                }
            }
            // The outcome table of a box that shrank into the budget, on the way to its
            // moves-left table, while the game keeps the larger one: the moves-left gauge
            // waits at nought for it (it is a few percent of the build).
            News::Progress {
                phase: Phase::Outcomes,
                ..
            } if matches!(self.solver, SolverState::Ready(_)) => {}
            News::Progress {
                phase: Phase::Outcomes,
                done,
                total,
                elapsed,
            } => {
                self.solver = SolverState::Solving {
                    done,
                    total,
                    elapsed,
                };
            }
            News::Progress {
                phase: Phase::MovesLeft,
                done,
                total,
                elapsed,
            } => {
                self.moves_left = MovesLeftState::Building {
                    done,
                    total,
                    elapsed,
                };
            }
            News::Ready(table) => {
                self.solver = SolverState::Ready(table);
                if self.is_over() {
                    self.judge();
                }
                self.ask_moves_left();
            }
            News::Refused {
                needed_bytes,
                budget,
            } => {
                self.solver = SolverState::Refused {
                    needed_bytes,
                    budget,
                };
            }
            News::Outcomes(table) => {
                // The game's own table, of a larger box, judges more of the game.
                let larger = |held: &OutcomeTable| {
                    held.rows() >= table.rows() && held.cols() >= table.cols()
                };
                if !matches!(&self.solver, SolverState::Ready(held) if larger(held)) {
                    self.outcomes_arrived(table);
                }
            }
            News::MovesLeftReady(table) => {
                let outcomes = Arc::clone(table.outcomes());
                self.moves_left = MovesLeftState::Ready(table);
                if !matches!(self.solver, SolverState::Ready(_)) {
                    self.outcomes_arrived(outcomes);
                }
            }
            News::MovesLeftRefused {
                needed_bytes,
                budget,
            } => {
                self.moves_left = MovesLeftState::Refused {
                    needed_bytes,
                    budget,
                };
                // The outcome table alone may fit.
                let (rows, cols) = self.position.bounding_box();
                if matches!(self.solver, SolverState::Solving { .. }) && rows > 0 {
                    self.requests.push(solver::solve(rows, cols));
                }
            }
        }
    }

    /// The outcome table a moves-left build was built on arrived before the moves left. A
    /// finished game needs it only for its review: the moves-left build stops.
    fn outcomes_arrived(&mut self, table: Arc<OutcomeTable>) {
        self.solver = SolverState::Ready(table);
        if self.is_over() {
            self.judge();
            if matches!(self.moves_left, MovesLeftState::Building { .. }) {
                self.request_table(Request::Cancel);
            }
        }
    }

    /// Whether the computer is waiting for its search to find a move.
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// The person asks to eat `square`. Eating the poison while other squares remain asks
    /// first (unless the settings say not to): see [`Game::eat_poison`].
    pub fn person_eats(&mut self, square: Square) {
        if self.is_over() || !self.position.contains(square) {
            return;
        }
        if self.turns.pending.is_some() {
            self.turns.queue(square);
        } else if self.computer_to_move() {
            self.message = Some("It is the computer's turn.".into());
        } else if square == Square::POISON
            && !self.only_poison_left()
            && ChompValues::from(&self.settings.values).ask_before_poison
        {
            self.asking_poison = true;
        } else {
            self.turns.clear_redo();
            self.play(square);
        }
    }

    /// The answer to "Eat the poison and lose?": yes eats it, no keeps playing.
    pub fn eat_poison(&mut self, yes: bool) {
        if std::mem::take(&mut self.asking_poison) && yes && !self.computer_to_move() {
            self.turns.clear_redo();
            self.play(Square::POISON);
        }
    }

    /// Whether the poison is the only square left.
    fn only_poison_left(&self) -> bool {
        self.position
            .heights()
            .iter()
            .map(|&h| usize::from(h))
            .sum::<usize>()
            == 1
    }

    /// Plays saved moves (in notation) from the start; `false` at the first one that is not a
    /// legal move, which stops the replay there.
    pub fn replay_notation(&mut self, moves: &[String]) -> bool {
        for text in moves {
            match Square::parse(text) {
                Ok(square) if self.position.contains(square) => {
                    self.turns.moves.push(square);
                    self.position = self.position.eat(square).expect("checked");
                }
                _ => return false,
            }
        }
        self.keep_cursor_on_bar();
        true
    }

    /// Takes back the last move, and the computer's moves before it, so a person is to move.
    pub fn undo(&mut self) {
        match self.turns.take_back_round() {
            Ok(()) => {
                self.replay();
                self.follow_the_box();
                // The moves-left build the end of the game stopped, asked for again.
                self.ask_moves_left();
            }
            Err(note) => self.message = Some(note.into()),
        }
    }

    /// Plays again what undo took back, up to the next person's turn.
    pub fn redo(&mut self) {
        match self.turns.redo_round() {
            Ok(round) => round.into_iter().for_each(|m| self.play(m)),
            Err(note) => self.message = Some(note.into()),
        }
    }

    /// Rebuilds the position from the moves kept.
    fn replay(&mut self) {
        let mut position = self.start.clone();
        for &m in &self.turns.moves {
            position = position.eat(m).expect("moves made in this game");
        }
        self.position = position;
        self.searching = false;
        self.message = None;
        self.turns.judge(Vec::new());
        self.last_move_unproven = false;
        self.last_move_unfought = None;
        self.keep_cursor_on_bar();
    }

    /// The first move that turned a won position into a lost one for its player, with its
    /// number (from 0), when the outcomes along the game are known.
    pub fn blunder(&self) -> Option<(usize, Square)> {
        self.mistakes().first().map(|m| (m.index, m.played))
    }

    /// Every move that threw a won position away, with the moves that would have won, as far
    /// as the table, the closed forms and the opening book prove the outcomes along the game.
    pub fn mistakes(&self) -> Vec<Mistake<Square>> {
        turns::mistakes(self, &self.turns.moves)
    }

    /// Whether some move of the game cannot be judged yet: the outcome before it, or (when that
    /// was won) after it, is not proven by what the game has now.
    pub fn review_unfinished(&self) -> bool {
        turns::unjudged(self, &self.turns.moves) > 0
    }

    /// Moves the cursor one square, staying on the bar.
    pub fn move_cursor(&mut self, dcol: i8, drow: i8) {
        let target = Square::new(
            self.cursor.col.saturating_add_signed(dcol),
            self.cursor.row.saturating_add_signed(drow),
        );
        if self.position.contains(target) {
            self.cursor = target;
        }
    }

    /// Puts the cursor on a square of the bar (mouse hover).
    pub fn point_at(&mut self, square: Square) {
        if self.position.contains(square) {
            self.cursor = square;
        }
    }

    /// One tick of the clock: the computer's flashing move counts down and lands, or the computer
    /// chooses its next move when it is its turn and it can.
    pub fn tick(&mut self, rng: &mut fastrand::Rng) {
        if self.is_over() || self.confirm_quit || self.asking_poison {
            return;
        }
        // A resumed game learns only now that its full box was refused.
        self.follow_the_box();
        turns::tick(self, rng);
    }

    fn play(&mut self, square: Square) {
        let Some(after) = self.position.eat(square) else {
            return;
        };
        self.position = after;
        self.turns.moves.push(square);
        self.message = None;
        self.searching = false;
        if self.is_over() {
            self.judge();
            // A table still being built serves only the review now: when the review has
            // nothing left to judge, it is not worth its memory.
            if matches!(self.solver, SolverState::Solving { .. }) && !self.review_unfinished() {
                self.request_table(Request::Cancel);
                self.solver = SolverState::Stopped;
            } else if matches!(self.moves_left, MovesLeftState::Building { .. })
                && matches!(self.solver, SolverState::Ready(_))
            {
                // (While the outcome table it is built on comes first, the review waits for
                // that: the build stops when it arrives.)
                // A moves-left table being built serves no one once the game is over: the
                // review's study asks for its own (a finished table comes back at once, a
                // running build would be started again anyway), as does playing again; undo
                // asks again. Its core and memory are freed now.
                self.request_table(Request::Cancel);
            }
        }
        self.keep_cursor_on_bar();
        self.follow_the_box();
    }

    /// Keeps the solver on the bar's bounding box as it changes: once a refused box shrinks
    /// into the budget, asks for its table (once); while it does not, the memory it would need is the
    /// current box's (the panel shows it); after undo grows the bar past a table's box, asks
    /// again (the solver answers or refuses with the right figures).
    fn follow_the_box(&mut self) {
        let (rows, cols) = self.position.bounding_box();
        if rows == 0 {
            return;
        }
        let ask = match &mut self.solver {
            SolverState::Refused {
                needed_bytes,
                budget,
            } => {
                // Only a box smaller than the one refused is worth asking for: a box that fits
                // the budget can be refused too, when the machine lacked the memory, and asking
                // again for it would retry the same failing build on every tick.
                let now = OutcomeTable::bytes_for(rows, cols);
                let shrank = now < *needed_bytes;
                *needed_bytes = now;
                shrank && now <= *budget
            }
            SolverState::Ready(table) => !table.covers(self.position.heights()),
            SolverState::Stopped => true,
            SolverState::Solving { .. } => false,
        };
        if ask {
            self.request_table(solver::solve(rows, cols));
            self.solver = SolverState::Solving {
                done: 0,
                total: 0,
                elapsed: Duration::ZERO,
            };
        }
        // The same for the moves-left table at level perfect.
        if matches!(self.moves_left, MovesLeftState::Refused { .. }) {
            self.ask_moves_left();
        }
    }

    /// Writes the game-over review (again when a table arrives after the end: it may prove
    /// more of the game).
    fn judge(&mut self) {
        self.turns.judge(self.mistakes());
    }

    /// After a move: the cursor back on the bar, and off the poison while other squares
    /// remain (one more Enter would lose).
    fn keep_cursor_on_bar(&mut self) {
        let (_, cols) = self.position.bounding_box();
        if cols == 0 {
            return;
        }
        let col = self.cursor.col.min(cols - 1);
        let height = self.position.heights()[usize::from(col)];
        self.cursor = Square::new(col, self.cursor.row.min(height - 1));
        if self.cursor == Square::POISON {
            if cols > 1 {
                self.cursor = Square::new(1, 0);
            } else if self.position.heights()[0] > 1 {
                self.cursor = Square::new(0, 1);
            }
        }
    }
}

/// The review judges Chomp moves with [`ChompAnswer::of`], from the table once it is ready.
impl Outcomes for Game {
    type Move = Square;
    type Position = Position;

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn after(&self, position: &Position, square: Square) -> Option<Position> {
        position.eat(square)
    }

    /// From the box's outcome table once it is ready, with the moves left once the moves-left
    /// table is (at level perfect; until then a choice between winning moves is never called
    /// the fastest).
    fn study(&self, position: &Position) -> Option<PositionAnalysis<Square>> {
        let moves_left = match &self.moves_left {
            MovesLeftState::Ready(table) => Some(table.as_ref()),
            _ => None,
        };
        moves_left::study(self.ready_table()?, moves_left, position)
    }

    fn known(&self, position: &Position) -> Option<Known<Square>> {
        if position.is_empty() {
            // Eating the poison loses at once: the side left to move has won.
            return Some(Known {
                wins: true,
                winning_moves: Vec::new(),
                complete: true,
            });
        }
        ChompAnswer::of(self.ready_table(), position).map(|a| Known {
            wins: a.wins,
            winning_moves: a.winning_moves,
            complete: a.complete,
        })
    }
}

/// Keys while a game is on.
pub const KEYS: &[Binding] = &[
    bind("←↑↓→ hjkl", "move the cursor", Some("move"), ARROWS),
    bind(
        "Enter Space",
        "eat the square and everything above and right of it",
        Some("eat"),
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
        "hints: mark every winning square",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    ANALYSE,
    COPY_POSITION,
    HELP,
    LEAVE,
];

/// Room for the row numbers left of the bar.
pub const BOARD_LABEL_WIDTH: u16 = crate::games::grid::view::LABEL_WIDTH;
/// The smallest square the board draws: (columns, rows) of terminal cells.
pub const SMALLEST_SQUARE: (u16, u16) = crate::games::grid::view::SMALLEST_CELL;

/// The smallest area (with its border) that holds a `rows` × `cols` bar.
pub fn board(rows: u16, cols: u16) -> (u16, u16) {
    let (w, h) = SMALLEST_SQUARE;
    (BOARD_LABEL_WIDTH + cols * w + 2, rows * h + 1 + 2)
}

/// The spot the board draws `square` at.
pub fn spot(square: Square) -> Spot {
    Spot(square.col.into(), square.row.into())
}

/// The square a spot of the board stands for.
fn square_at(Spot(col, row): Spot) -> Option<Square> {
    Some(Square::new(col.try_into().ok()?, row.try_into().ok()?))
}

/// A tick lands the computer's move (noting whether it was proven), plays the squares queued
/// behind it, or has the computer choose: from what is proven at once, else from the table or
/// a search, which it waits for.
impl TickSteps for Game {
    type Move = Square;
    type Choice = Choice;

    fn turns_mut(&mut self) -> &mut Turns<Square, Choice> {
        &mut self.turns
    }

    fn land(&mut self, choice: Choice) {
        // A search's move is not proven best; a random one was not meant to be.
        self.last_move_unproven = matches!(choice, Choice::Unproven(_));
        self.unproven_moves |= self.last_move_unproven;
        self.random_moves |= matches!(choice, Choice::Random(_));
        // An unproven move says so already.
        self.last_move_unfought = self.choice_unfought.take().filter(|_| choice.is_proven());
        self.unfought_moves |= self.last_move_unfought.is_some();
        self.play(choice.square());
    }

    fn play_queued(&mut self, square: Square) {
        if self.asking_poison {
            // What was queued behind the question waits for its answer: dropped.
            self.turns.clear_queue();
        } else if self.position.contains(square) {
            self.person_eats(square);
        } else if !self.is_over() {
            self.message = Some(format!("{square} went with the computer's move."));
        }
    }

    fn computer_choice(&mut self, rng: &mut fastrand::Rng) -> Option<Choice> {
        if self.searching {
            return None;
        }
        let decided_by_moves_left = self.what_moves_left_decide();
        if decided_by_moves_left.is_some() && self.waits_for_moves_left() {
            // Level perfect keeps its promise: the fastest win, the longest defence.
            return None;
        }
        // Made without the moves left unless the fighting move below is played.
        self.choice_unfought = decided_by_moves_left;
        if self.waits_for_table() {
            // A move proven without the table (closed forms, opening book) is played at once;
            // any other waits for the table. The probe's own generator keeps the game's
            // choices the same as if it had not looked.
            let mut probe = fastrand::Rng::with_seed(0);
            if !matches!(
                player::quick_chomp_move(None, &self.position, &mut probe),
                Quick::Move(_)
            ) {
                return None;
            }
        }
        let table = match &self.solver {
            SolverState::Ready(table) => Some(table.as_ref()),
            _ => None,
        };
        if self.turns.slips(self.settings.level, rng) {
            let casual = self.settings.level == Level::Casual;
            // A deliberately weaker move, chosen at random: the panel says so at the end.
            player::casual_chomp_move(&self.position, casual, rng).map(Choice::Random)
        } else if let Some(square) = self.fighting_move(rng) {
            self.choice_unfought = None;
            Some(Choice::Proven(square))
        } else {
            match player::quick_chomp_move(table, &self.position, rng) {
                Quick::Move(choice) => Some(choice),
                Quick::Over => None,
                Quick::Search => {
                    // Off the interface's thread; the move arrives as a solver message.
                    self.searching = true;
                    self.requests
                        .push(solver::search(&self.position, rng.u64(..)));
                    None
                }
            }
        }
    }
}

impl Session for Game {
    fn adopt(&mut self, tables: Leftover) {
        let Ok(kept) = tables.downcast::<KeptTables>() else {
            return;
        };
        let heights = self.position.heights();
        match kept.moves_left {
            Some(table)
                if table.outcomes().covers(heights)
                    && !matches!(self.moves_left, MovesLeftState::Ready(_)) =>
            {
                self.on_solver_news(News::MovesLeftReady(table));
            }
            _ if kept.outcomes.covers(heights) && !matches!(self.solver, SolverState::Ready(_)) => {
                self.on_solver_news(News::Ready(kept.outcomes));
            }
            _ => {}
        }
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Up => self.move_cursor(0, 1),
            Action::Down => self.move_cursor(0, -1),
            Action::Left => self.move_cursor(-1, 0),
            Action::Right => self.move_cursor(1, 0),
            Action::Select => self.person_eats(self.cursor),
            Action::ToggleHints => self.hints = !self.hints,
            Action::Quit | Action::Back => self.confirm_quit = true,
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            _ => {}
        }
    }

    fn point(&mut self, spot: Spot, click: bool) {
        let Some(square) = square_at(spot) else {
            return;
        };
        self.point_at(square);
        if click {
            self.person_eats(square);
        }
    }

    fn tick(&mut self, rng: &mut fastrand::Rng) {
        Game::tick(self, rng);
    }

    fn on_solver(&mut self, message: SolverMessage) {
        Game::on_solver(self, &message);
    }

    fn take_requests(&mut self) -> Vec<Request> {
        Game::take_requests(self)
    }

    /// A table still being built (the outcome table, or the moves-left table) is asked for
    /// again (the worker hands back a live table that covers the bar at once).
    fn ask_again(&mut self) {
        let (rows, cols) = self.position.bounding_box();
        if matches!(self.solver, SolverState::Solving { .. }) && rows > 0 {
            // The outcome table, on its way alone or to the moves-left table.
            if matches!(self.moves_left, MovesLeftState::Building { .. }) {
                self.requests.push(solver::moves_left(rows, cols));
            } else {
                self.requests.push(solver::solve(rows, cols));
            }
        } else if matches!(self.moves_left, MovesLeftState::Building { .. }) {
            // Asked for again (the other screen's request stopped it).
            self.moves_left = MovesLeftState::NotAsked;
            self.ask_moves_left();
        }
    }

    fn undo(&mut self) {
        Game::undo(self);
    }

    fn moves_made(&self) -> usize {
        self.turns.moves.len()
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn loser(&self) -> Option<usize> {
        Game::loser(self)
    }

    fn judging(&self) -> Task<JudgedMoves> {
        ChompJudge {
            start: self.start.clone(),
            outcomes: match &self.solver {
                SolverState::Ready(table) => Some(Arc::clone(table)),
                _ => None,
            },
            moves_left: match &self.moves_left {
                MovesLeftState::Ready(table) => Some(Arc::clone(table)),
                _ => None,
            },
        }
        .judging(self.turns.moves.clone())
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
        Game::replay_notation(self, moves)
    }

    fn confirm_quit(&self) -> bool {
        self.confirm_quit
    }

    fn set_confirm_quit(&mut self, asking: bool) {
        self.confirm_quit = asking;
    }

    fn asking(&self) -> bool {
        self.asking_poison
    }

    fn confirm(&mut self, yes: bool) {
        self.eat_poison(yes);
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
        board(self.start.rows().into(), self.start.cols().into())
    }

    fn position(&self) -> String {
        position::print(&self.position)
    }

    fn leftover(self: Box<Self>) -> Option<Leftover> {
        self.into_tables()
            .map(|tables| Box::new(tables) as Leftover)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
