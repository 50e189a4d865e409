//! The Puzzles screen's state ([`PuzzleScreen`]): the puzzle on screen, played as a game of its
//! own from the puzzle's position (the game's own session and board: the person on the side to
//! move, the computer on the other, at level perfect), the next puzzles found on the puzzles
//! lane, the person's rating and streak as the data folder holds them, and what a finished
//! puzzle leaves to count.
//!
//! The person's move is right when it is the solution's, or, on the solution's last move where
//! that ends the game, any move that wins and ends it. A right move is answered by the
//! solution's next defender move, a few ticks later; the last one solves the puzzle. A wrong
//! move fails it: the computer, which plays the game perfectly, answers it on the board (the
//! refutation), and the screen names the right move with why the position was won.

use super::keys::Action;
use super::mistakes::{Found as MistakesFound, Retries, kept_the_win};
use super::writer::Write;
use crate::games::core::puzzle::{Bounds, Printed};
use crate::games::parse_position;
use crate::games::request::{Built, Request, SolverMessage, Task};
use crate::games::review::Label;
use crate::games::session::Session;
use crate::input::Spot;
use crate::mistakes::Retry;
use crate::settings::{GameKind, Level, Player, Settings};
use crate::store::{Attempt, KeptPuzzle, PuzzleRecord};
use std::collections::VecDeque;
use std::sync::Arc;

/// Puzzles asked for at once: few, so that the first is on screen quickly.
pub const BATCH: usize = 4;
/// Ticks between the person's right move and the defender's reply (400 ms): long enough to
/// see the move land.
pub const REPLY_TICKS: u8 = 8;

/// Where the puzzle on screen stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// The person is to find the solver's move.
    Solving,
    /// The person's move was right: the defender's reply lands in `ticks`.
    Replying { ticks: u8 },
    /// Every solver move found.
    Solved,
    /// A wrong move: what was played ("took 2") and what was right ("taking 1"), in the
    /// game's words, and why the position was won. The computer answers it on the board.
    Failed {
        played: String,
        right: String,
        why: Vec<String>,
    },
}

/// The puzzle on screen.
pub struct Current {
    pub puzzle: KeptPuzzle,
    pub kind: GameKind,
    /// Its game, from its position: the person moves first, against the perfect computer.
    pub session: Box<dyn Session>,
    /// The game's values its position sets, for a study of it (the why).
    settings: Settings,
    /// How many moves of the solution are on the board.
    pub done: usize,
    pub stage: Stage,
    /// The hint asked for, once asked: why the position is won, but for the line that names
    /// the move.
    pub hint: Option<Vec<String>>,
    /// Whether it was failed before and is brought back.
    pub comeback: bool,
    /// The why of the position after the solution's first moves, by how many, as the
    /// puzzle's own game worked it out from its tables while that position was on the board.
    why_then: Option<(usize, Vec<String>)>,
    /// The retry of "Your mistakes" it is, if it is one: any move that keeps the win solves
    /// it, and it counts in the queue of retries, not in the rating.
    pub retry: Option<Retry>,
}

impl Current {
    /// The puzzle `puzzle` on a board of its own, or why it cannot be played.
    fn new(puzzle: KeptPuzzle, comeback: bool) -> Result<Current, String> {
        let (kind, parsed) = parse_position(&puzzle.position)?;
        let mut settings = Settings {
            game: kind,
            players: [Player::Person, Player::Computer],
            level: Level::Perfect,
            ..Settings::default()
        };
        settings.values.extend(parsed.values);
        let session = kind
            .game()
            .new_session(settings.setup_from(Some(parsed.start)), None);
        Ok(Current {
            puzzle,
            kind,
            session,
            settings,
            done: 0,
            stage: Stage::Solving,
            hint: None,
            comeback,
            retry: None,
            why_then: None,
        })
    }

    /// The retry `retry` on a board of its own: its one move to find is any that keeps the
    /// win (the one its judging named is shown when another is played).
    fn retry(retry: Retry) -> Result<Current, String> {
        let (kind, _) = parse_position(&retry.position)?;
        let puzzle = KeptPuzzle {
            game: kind.game().id().to_string(),
            position: retry.position.clone(),
            solution: vec![retry.winner.clone().unwrap_or_default()],
            moves_left: 0,
            ends: false,
            rating: 0,
            themes: Vec::new(),
        };
        let mut current = Current::new(puzzle, retry.solved_in_a_row > 0)?;
        current.retry = Some(retry);
        Ok(current)
    }

    /// How many moves the person is to find.
    pub fn solver_moves(&self) -> usize {
        self.puzzle.solution.len().div_ceil(2)
    }

    /// Whether it is over (solved or failed).
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Solved | Stage::Failed { .. })
    }

    /// The task, in the game's words: "Win in 3" where the solution ends the game, else
    /// "Find the only winning move" (and how many turns running).
    pub fn task(&self) -> String {
        if self.retry.is_some() {
            return "Find a move that keeps the win".into();
        }
        let n = self.solver_moves();
        match (self.puzzle.ends, n) {
            (true, 1) => "You to move: win at once".into(),
            (true, n) => format!("You to move: win in {n} moves"),
            (false, 1) => "Find the only winning move".into(),
            (false, n) => format!("Find the only winning move, {n} turns running"),
        }
    }

    /// A move in notation, in the game's own words: as its move list says it ("took 3"), and
    /// as "would have won" says it ("taking 3").
    pub fn words(&self, notation: &str) -> (String, String) {
        self.kind.game().move_words(notation).map_or_else(
            || (notation.to_string(), notation.to_string()),
            |w| (w.listed, w.instead),
        )
    }

    /// Why the position after the solution's first `done` moves is won, in the game's terms
    /// (none where the game gives no reason): from a study of it, which shares the puzzle's
    /// tables (a Chomp bar only the table answers has its why from them).
    fn why(&self, done: usize) -> Vec<String> {
        if let Some((at, why)) = &self.why_then
            && *at == done
        {
            return why.clone();
        }
        let start = parse_position(&self.puzzle.position)
            .ok()
            .map(|(_, p)| p.start);
        self.kind
            .game()
            .study(
                &self.settings.values,
                start.as_ref(),
                &self.puzzle.solution[..done.min(self.puzzle.solution.len())],
                Some(self.session.as_ref()),
            )
            .map(|study| study.why())
            .unwrap_or_default()
    }

    /// Works out the why of the position on the board while the person is to find its move,
    /// from the puzzle's own game and its tables (once a position: kept until the next).
    fn note_why(&mut self) {
        if self.stage != Stage::Solving || self.why_then.as_ref().is_some_and(|w| w.0 == self.done)
        {
            return;
        }
        let why = self.session.why();
        if !why.is_empty() {
            self.why_then = Some((self.done, why));
        }
    }

    /// Whether the person's move `played`, the session's latest, is right.
    fn right(&self, played: &str) -> bool {
        if self.retry.is_some() {
            // Any move the judging proves keeps the win; else the one it named.
            let named = &self.puzzle.solution[0];
            return kept_the_win(self.session.as_ref())
                .unwrap_or(!named.is_empty() && played == named);
        }
        let last = self.done + 1 == self.puzzle.solution.len();
        let wins_and_ends = self.session.is_over() && self.session.loser() == Some(1);
        played == self.puzzle.solution[self.done] || (last && self.puzzle.ends && wins_and_ends)
    }
}

/// What came back from the puzzles lane: the game asked for, and its puzzles or why none.
struct Found {
    kind: GameKind,
    found: Result<Vec<KeptPuzzle>, String>,
}

/// A puzzle as the generator printed it, as it is kept.
pub fn kept(printed: Printed) -> KeptPuzzle {
    KeptPuzzle {
        game: printed.game.to_string(),
        position: printed.position,
        solution: printed.solution,
        moves_left: printed.moves_left,
        ends: printed.ends,
        rating: printed.rating,
        themes: printed.themes.into_iter().map(str::to_string).collect(),
    }
}

/// The puzzles lane's task: `count` puzzles of `kind` from `seed`, within the game's default
/// bounds.
fn finding(kind: GameKind, seed: u64, count: usize) -> Request {
    let what = format!("{count} {} puzzles", kind.game().id());
    Request::Puzzles(Task::new(what, move |_| {
        let found = kind
            .game()
            .puzzles(&Bounds::default(), seed, count)
            .map(|printed| printed.into_iter().map(kept).collect());
        Some(Arc::new(Found { kind, found }) as Built)
    }))
}

/// What a key or a click on the Puzzles screen leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Stays,
    /// Back to the menu.
    Leave,
}

/// The Puzzles screen (see the module documentation).
pub struct PuzzleScreen {
    /// The one game whose puzzles are asked for (`munch puzzle --game`); `None`: every game in
    /// turn.
    pub only: Option<GameKind>,
    pub current: Option<Current>,
    /// Puzzles found and not played yet.
    pub waiting: VecDeque<KeptPuzzle>,
    /// The puzzles lane's job while puzzles are being found.
    pub job: Option<u64>,
    /// The person's rating, streak and puzzles to bring back, as last read or counted.
    pub record: PuzzleRecord,
    /// A line for the person: no puzzles found, or why a key did nothing.
    pub note: Option<String>,
    /// The game asked for next, when every game takes its turn.
    turn: usize,
    /// What the screen asks the threads for, until the app takes it.
    requests: Vec<Request>,
    /// Finished puzzles, until the app counts them in the data folder.
    finished: Vec<Attempt>,
    /// The seed of the next puzzles asked for: the first batch's is the screen's seed, and
    /// each next one's one more, so that `munch puzzle --seed S` plays the puzzles `munch
    /// puzzles --seed S` prints.
    seed: u64,
    /// "Your mistakes": the retries played instead of puzzles found, when it shows them.
    pub retries: Option<Retries>,
    /// Problems the data folder gave, until the app shows them.
    warnings: Vec<String>,
}

impl PuzzleScreen {
    /// The screen, finding its first puzzles at once; `seed` chooses which (see
    /// [`PuzzleScreen::seed`]).
    pub fn new(only: Option<GameKind>, record: PuzzleRecord, seed: u64) -> PuzzleScreen {
        let mut screen = PuzzleScreen {
            only,
            current: None,
            waiting: VecDeque::new(),
            job: None,
            record,
            note: None,
            turn: 0,
            requests: Vec::new(),
            finished: Vec::new(),
            seed,
            retries: None,
            warnings: Vec::new(),
        };
        screen.next();
        screen
    }

    /// "Your mistakes": the retries `scan` finds (a request that looks at the kept records),
    /// those of the game kept as `first_from` first.
    pub fn mistakes(first_from: Option<String>, scan: Request) -> PuzzleScreen {
        PuzzleScreen {
            only: None,
            current: None,
            waiting: VecDeque::new(),
            job: None,
            record: PuzzleRecord::default(),
            note: None,
            turn: 0,
            requests: vec![scan],
            finished: Vec::new(),
            seed: 0,
            retries: Some(Retries::new(first_from)),
            warnings: Vec::new(),
        }
    }

    /// The game on screen, or the one asked for.
    pub fn kind(&self) -> GameKind {
        self.current
            .as_ref()
            .map(|c| c.kind)
            .or(self.only)
            .unwrap_or(in_turn(self.turn))
    }

    /// Puzzles found elsewhere to play first (a test's, or another screen's).
    pub fn offer(&mut self, puzzles: impl IntoIterator<Item = KeptPuzzle>) {
        self.waiting.extend(puzzles);
        if self.current.is_none() {
            self.next();
        }
    }

    /// The next puzzle: one failed before that is due, else the next found; more are asked
    /// for when few are left.
    fn next(&mut self) {
        // A table the puzzle left behind still waited for is not wanted any more.
        let before = self.current.take();
        if before.is_some() {
            self.requests.push(Request::Cancel);
        }
        let tried = before.and_then(|c| c.retry);
        self.note = None;
        if let Some(retries) = &mut self.retries {
            let after = tried.as_ref().map(|r| r.position.as_str());
            match retries.next(after).map(Current::retry) {
                Some(Ok(current)) => self.current = Some(current),
                Some(Err(problem)) => {
                    self.note = Some(format!("That mistake cannot be played: {problem}"));
                }
                None if retries.queue.is_none() => {
                    self.note = Some("Looking for your mistakes in your games…".into());
                }
                None if retries.cleared > 0 => {
                    self.note = Some("All your mistakes are cleared — well done.".into());
                }
                None => self.note = Some("No mistakes kept yet — finish a game.".into()),
            }
            return;
        }
        let due = self
            .record
            .due()
            .filter(|p| self.only.is_none_or(|only| only.game().id() == p.game))
            .cloned();
        let (puzzle, comeback) = match due {
            Some(due) => {
                self.waiting.retain(|p| p.position != due.position);
                (Some(due), true)
            }
            None => (self.waiting.pop_front(), false),
        };
        if let Some(puzzle) = puzzle {
            match Current::new(puzzle, comeback) {
                Ok(current) => self.current = Some(current),
                Err(problem) => {
                    self.note = Some(format!("That puzzle cannot be played: {problem}"));
                }
            }
        }
        // (The table's Cancel just asked for is on another lane: it holds no finding back.)
        let finding_asked = (self.requests.iter()).any(|r| matches!(r, Request::Puzzles(_)));
        if self.waiting.len() < BATCH / 2 && self.job.is_none() && !finding_asked {
            let kind = self.only.unwrap_or(in_turn(self.turn));
            self.turn += 1;
            self.requests.push(finding(kind, self.seed, BATCH));
            self.seed = self.seed.wrapping_add(1);
        }
    }

    /// A key's action (or a panel button's).
    pub fn act(&mut self, action: Action) -> Outcome {
        match action {
            Action::Back | Action::Quit => return Outcome::Leave,
            Action::Next => self.go_on(),
            Action::Select if self.current.as_ref().is_none_or(Current::is_over) => self.go_on(),
            Action::Hint => self.hint(),
            Action::Up
            | Action::Down
            | Action::Left
            | Action::Right
            | Action::Select
            | Action::Digit(_)
            | Action::Erase => self.play(|session| session.act(action)),
            _ => {}
        }
        Outcome::Stays
    }

    /// The pointer over (or pressed on) a spot the board drew.
    pub fn point(&mut self, spot: Spot, click: bool) {
        self.play(|session| session.point(spot, click));
    }

    /// `n`: the next puzzle, once this one is over (an unfinished one is never given up by a
    /// stray key).
    fn go_on(&mut self) {
        match &mut self.current {
            Some(current) if !current.is_over() => {
                current.hint = None;
                self.note = Some("Finish this puzzle first (Esc leaves it uncounted).".into());
            }
            _ => self.next(),
        }
    }

    /// `H`: why the position is won, all but its last line, which names the move; where the
    /// game gives no reason, says so.
    fn hint(&mut self) {
        let Some(current) = &mut self.current else {
            return;
        };
        if current.stage != Stage::Solving {
            return;
        }
        current.note_why();
        let mut why = current.why(current.done);
        why.pop();
        // A why that shows the move (the bars Chomp's winning moves leave, "after b4") would
        // give the answer away.
        let right = &current.puzzle.solution[current.done.min(current.puzzle.solution.len() - 1)];
        let names = |line: &String| {
            !right.is_empty() && line.split([' ', ',', ':', '.']).any(|word| word == right)
        };
        if why.is_empty() || why.iter().any(names) {
            why = vec!["No rule here: the game's tables prove the one winning move.".into()];
        }
        current.hint = Some(why);
    }

    /// Hands the person's input to the board while a move is to be found, then judges the
    /// move it played, if any.
    fn play(&mut self, input: impl FnOnce(&mut dyn Session)) {
        let Some(current) = &mut self.current else {
            return;
        };
        if current.stage != Stage::Solving {
            return;
        }
        current.note_why();
        let before = current.session.moves_made();
        input(current.session.as_mut());
        // Chomp asks before the poison is eaten: in a puzzle it is a move like any other.
        if let Some(question) = current.session.take_question() {
            current.session.play_asked(&question.move_text);
        }
        if current.session.moves_made() > before {
            self.judge();
        }
    }

    /// Judges the person's latest move.
    fn judge(&mut self) {
        let Some(current) = &mut self.current else {
            return;
        };
        let played = current.session.notation().pop().unwrap_or_default();
        current.hint = None;
        if current.right(&played) {
            current.done += 1;
            if current.done >= current.puzzle.solution.len() || current.session.is_over() {
                current.stage = Stage::Solved;
                self.count(true);
            } else {
                current.stage = Stage::Replying { ticks: REPLY_TICKS };
            }
            return;
        }
        let mut right = current.puzzle.solution[current.done].clone();
        if current.retry.is_some()
            && let Some(Label::Mistake {
                winner: Some(winner),
                ..
            }) = current.session.judged().pop().map(|j| j.label)
        {
            // What the judging of the move names now (the game's tables may have come).
            right = winner;
        }
        current.stage = Stage::Failed {
            played: current.words(&played).0,
            right: current.words(&right).1,
            why: current.why(current.done),
        };
        self.count(false);
    }

    /// Counts the puzzle on screen as it ended, here at once and for the data folder.
    fn count(&mut self, solved: bool) {
        let Some(current) = &self.current else {
            return;
        };
        if let (Some(retry), Some(retries)) = (&current.retry, &mut self.retries) {
            retries.attempt(&retry.position, solved);
            return;
        }
        let attempt = Attempt {
            puzzle: current.puzzle.clone(),
            solved,
        };
        self.record.count(&attempt);
        self.finished.push(attempt);
    }

    /// One tick: the defender's reply lands when due; after a wrong move, the computer
    /// answers it on the board. Whether the board may have changed.
    pub fn tick(&mut self, rng: &mut fastrand::Rng) -> bool {
        let Some(current) = &mut self.current else {
            return false;
        };
        match &mut current.stage {
            Stage::Replying { ticks } if *ticks > 1 => *ticks -= 1,
            Stage::Replying { .. } => {
                let reply = current.puzzle.solution[current.done].clone();
                current.session.replay_notation(&[reply]);
                current.done += 1;
                current.stage = Stage::Solving;
                return true;
            }
            Stage::Failed { .. }
                if current.session.moves_made() % 2 == 1 && !current.session.is_over() =>
            {
                current.session.tick(rng);
                return true;
            }
            _ => {}
        }
        false
    }

    /// What the screen and its puzzle ask the threads for, since the last call.
    pub fn take_requests(&mut self) -> Vec<Request> {
        let mut requests = std::mem::take(&mut self.requests);
        if let Some(current) = &mut self.current {
            requests.extend(current.session.take_requests());
        }
        requests
    }

    /// Finished puzzles to count in the data folder, since the last call.
    pub fn take_finished(&mut self) -> Vec<Attempt> {
        std::mem::take(&mut self.finished)
    }

    /// What "Your mistakes" has to write to the data folder (its finds and tries), and the
    /// problems it met, since the last call.
    pub fn take_mistakes(&mut self) -> (Vec<Write>, Vec<String>) {
        let writes = self.retries.as_mut().map(Retries::take_writes);
        (
            writes.unwrap_or_default(),
            std::mem::take(&mut self.warnings),
        )
    }

    /// The queue of "Your mistakes" as the data folder holds it now.
    pub fn take_queue(&mut self, queue: crate::mistakes::Queue) {
        if let Some(retries) = &mut self.retries {
            retries.take_queue(queue);
        }
    }

    /// An answer from the threads: puzzles found, or what the puzzle's game asked for.
    pub fn on_solver(&mut self, message: SolverMessage) {
        if Some(message.job()) != self.job {
            if let Some(current) = &mut self.current {
                current.session.on_solver(message);
                current.note_why();
            }
            return;
        }
        let SolverMessage::Built { built, .. } = message else {
            return;
        };
        self.job = None;
        if let (Some(retries), Some(found)) =
            (&mut self.retries, built.downcast_ref::<MistakesFound>())
        {
            self.warnings.extend(retries.take_found(found));
            if self.current.is_none() {
                self.next();
            }
            return;
        }
        let Ok(found) = built.downcast::<Found>() else {
            return;
        };
        match &found.found {
            Ok(puzzles) if !puzzles.is_empty() => self.offer(puzzles.iter().cloned()),
            Ok(_) => {
                self.note = Some(format!("No {} puzzles found.", found.kind.label()));
            }
            Err(problem) => self.note = Some(format!("No puzzles: {problem}")),
        }
    }

    /// The file's record as counted by the data folder: it replaces what this screen counted
    /// on its own (another window's puzzles are in it too).
    pub fn take_record(&mut self, record: PuzzleRecord) {
        self.record = record;
    }
}

/// The game whose puzzles come at turn `turn`: every game with puzzles in turn.
fn in_turn(turn: usize) -> GameKind {
    let kinds = GameKind::puzzled();
    kinds
        .get(turn % kinds.len().max(1))
        .copied()
        .unwrap_or(GameKind::Chomp)
}
