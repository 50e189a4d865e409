//! A Chomp game as the app drives it: its moves judged for the review, the computer's move
//! each tick (proven at once, from the tables, or by a search it waits for), and its
//! `Session`.

use super::answer::ChompAnswer;
use super::judge::ChompJudge;
use super::moves_left;
use super::player::{self, Choice, Quick};
use super::position;
use super::rules::{Position, Square};
use super::session::{
    ChompSession, KEYS, KeptTables, MovesLeftState, POISON_QUESTION, SolverState, board, square_at,
};
use super::solver::{self, News};
use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task};
use crate::games::review::{Judged, Known};
use crate::games::session::{Leftover, Question, Session};
use crate::games::setup::Level;
use crate::games::turns::{self, Outcomes, TickSteps, Turns};
use crate::input::{Action, Binding, Spot};
use std::any::Any;
use std::sync::Arc;

/// The review judges Chomp moves with [`ChompAnswer::of`], from the table once it is ready.
impl Outcomes for ChompSession {
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

/// A tick lands the computer's move (noting whether it was proven), plays the squares queued
/// behind it, or has the computer choose: from what is proven at once, else from the table or
/// a search, which it waits for.
impl TickSteps for ChompSession {
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
        if self.position.contains(square) {
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

impl Session for ChompSession {
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
        ChompSession::tick(self, rng);
    }

    fn on_solver(&mut self, message: SolverMessage) {
        ChompSession::on_solver(self, &message);
    }

    fn take_requests(&mut self) -> Vec<Request> {
        ChompSession::take_requests(self)
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
        ChompSession::undo(self);
    }

    fn moves_made(&self) -> usize {
        self.turns.moves.len()
    }

    fn is_over(&self) -> bool {
        ChompSession::is_over(self)
    }

    fn loser(&self) -> Option<usize> {
        ChompSession::loser(self)
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
        ChompSession::replay_notation(self, moves)
    }

    fn take_question(&mut self) -> Option<Question> {
        self.asks.take().map(|square| Question {
            words: &POISON_QUESTION,
            move_text: square.to_string(),
        })
    }

    fn play_asked(&mut self, move_text: &str) {
        if let Ok(square) = Square::parse(move_text) {
            self.eat_asked(square);
        }
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
