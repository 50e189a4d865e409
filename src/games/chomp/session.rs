//! One game of Chomp in progress: the position, whose turn, the solver's state, the cursor.

use crate::games::chomp::answer::ChompAnswer;
use crate::games::chomp::fields::ChompValues;
use crate::games::chomp::player::{self, Choice};
use crate::games::chomp::position;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::solver;
pub use crate::games::chomp::tables::{KEYS, KeptTables, POISON_QUESTION};
use crate::games::request::Request;
use crate::games::review::Mistake;
use crate::games::setup::{Level, Setup};
use crate::games::turns::{self, Pending, Turns};
use crate::input::Spot;
use crate::solve::{MovesLeftTable, OutcomeTable};
use std::sync::Arc;
use std::time::Duration;

pub use crate::games::turns::FLASH_TICKS;

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

/// A Chomp game in progress (or just finished).
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one game (hints on, a move unproven, a search on), not one state"
)]
pub struct ChompSession {
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
    /// The person chose the poison while other squares remain: the question it asks first,
    /// until the app takes it ([`Session::take_question`](crate::games::session::Session)).
    pub asks: Option<Square>,
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
    pub(super) choice_unfought: Option<Unfought>,
    /// A short note for the player ("It is the computer's turn").
    pub message: Option<String>,
    /// Whether the computer is waiting for a search, when nothing proved a move at once.
    pub(super) searching: bool,
    /// What the game needs from the solver, oldest first, until the app takes it (see
    /// [`ChompSession::take_requests`]). The app numbers and sends each one and passes the game only
    /// the answers to the latest ones.
    pub(super) requests: Vec<Request>,
}

impl ChompSession {
    /// Starts a game and asks the solver for the table of its box.
    pub fn new(settings: Setup) -> ChompSession {
        ChompSession::with_table(settings, None)
    }

    /// Starts a game with `kept`, the previous game's tables, when they cover the box, so
    /// playing again needs no new build; otherwise asks the solver for the table of the box.
    pub fn with_table(settings: Setup, kept: Option<KeptTables>) -> ChompSession {
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
        let mut game = ChompSession {
            cursor: Square::new(start.cols() - 1, start.rows() - 1),
            turns: Turns::new(settings.players),
            settings,
            position: start.clone(),
            start,
            hints: false,
            solver,
            moves_left,
            asks: None,
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
    /// [`ChompSession::waits_for_moves_left`]).
    pub(super) fn fighting_move(&self, rng: &mut fastrand::Rng) -> Option<Square> {
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
    pub(super) fn ready_table(&self) -> Option<&OutcomeTable> {
        match &self.solver {
            SolverState::Ready(table) => Some(table),
            _ => None,
        }
    }

    /// The known winning moves of the current position (for the hint marks).
    pub fn winning_moves(&self) -> Option<Vec<Square>> {
        self.answer().map(|answer| answer.winning_moves)
    }

    /// Whether the computer is waiting for its search to find a move.
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// The person asks to eat `square`. Eating the poison while other squares remain asks
    /// first (unless the settings say not to): the app asks [`POISON_QUESTION`], and plays it
    /// on a yes with [`ChompSession::eat_asked`]. What was queued behind it is dropped.
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
            self.asks = Some(square);
            self.turns.clear_queue();
        } else {
            self.turns.clear_redo();
            self.play(square);
        }
    }

    /// A yes to "Eat the poison and lose?": eats `square`, if it is still the person's to eat.
    pub fn eat_asked(&mut self, square: Square) {
        if !self.is_over() && self.position.contains(square) && !self.computer_to_move() {
            self.turns.clear_redo();
            self.play(square);
        }
    }

    /// Whether the poison is the only square left.
    pub(super) fn only_poison_left(&self) -> bool {
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
    pub(super) fn replay(&mut self) {
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
        if self.is_over() {
            return;
        }
        // A resumed game learns only now that its full box was refused.
        self.follow_the_box();
        turns::tick(self, rng);
    }

    pub(super) fn play(&mut self, square: Square) {
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

    /// Writes the game-over review (again when a table arrives after the end: it may prove
    /// more of the game).
    pub(super) fn judge(&mut self) {
        self.turns.judge(self.mistakes());
    }

    /// After a move: the cursor back on the bar, and off the poison while other squares
    /// remain (one more Enter would lose).
    pub(super) fn keep_cursor_on_bar(&mut self) {
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
pub(super) fn square_at(Spot(col, row): Spot) -> Option<Square> {
    Some(Square::new(col.try_into().ok()?, row.try_into().ok()?))
}
