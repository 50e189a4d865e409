//! What every game repeats: whose turn it is, the moves so far and those undo took back, the
//! computer's move flashing before it lands, the moves asked for meanwhile, and the game-over
//! review. A game supplies only its moves and what is known of their outcomes ([`Outcomes`]).

use super::moves_left::PositionAnalysis;
use super::request::{JudgedMoves, Progress, Task};
use super::review::{self, Judged, Known, Label, Mistake, Step};
use crate::games::setup::{Level, Player};
use std::collections::VecDeque;

/// How long the computer's move flashes before it lands, in ticks (see `app::TICK`).
pub const FLASH_TICKS: u8 = 10;

/// At the strong level, the chance of a random move in each of the first [`STRONG_EARLY`] moves.
pub const STRONG_SLIP: f64 = 0.15;
/// How many moves count as early for the strong level.
pub const STRONG_EARLY: usize = 6;

/// What a game tells the turn machinery about its moves, for the game-over review.
pub trait Outcomes {
    /// A move, as the history keeps it.
    type Move: Copy + PartialEq;
    /// A position of the game.
    type Position;

    /// The position the game started from.
    fn start(&self) -> Self::Position;

    /// The position `m` leaves, if it is legal.
    fn after(&self, position: &Self::Position, m: Self::Move) -> Option<Self::Position>;

    /// What is proven about a position (for the side to move): from the game's one answer
    /// function, `None` where nothing proves it.
    fn known(&self, position: &Self::Position) -> Option<Known<Self::Move>>;

    /// Every legal move of a position with its outcome, moves left and winning replies (the
    /// game's study, from its one answer function), `None` where the game has none.
    fn study(&self, position: &Self::Position) -> Option<PositionAnalysis<Self::Move>>;

    /// Each of `moves`, played from the start, with what is known before and after it (see
    /// [`review::mistakes`]): what the answer function proves of each position, else what the
    /// move before proved of it (see [`Known::after`]).
    fn review_steps(&self, moves: &[Self::Move]) -> Vec<Step<Self::Move>> {
        let mut position = self.start();
        let mut steps = Vec::new();
        // What the move before proved of the position now.
        let mut carried = None;
        for &m in moves {
            let Some(after) = self.after(&position, m) else {
                break;
            };
            let (before, after_wins) = self.known_around(&position, carried, m, &after);
            steps.push((m, before, after_wins));
            carried = after_wins;
            position = after;
        }
        steps
    }

    /// What is known of `position` (else its outcome `carried` from the move before) and
    /// whether `after`, which `played` leaves, is won for the side to move next (from the
    /// answer function, else from what is known before it).
    fn known_around(
        &self,
        position: &Self::Position,
        carried: Option<bool>,
        played: Self::Move,
        after: &Self::Position,
    ) -> (Option<Known<Self::Move>>, Option<bool>) {
        let before = self.known(position).or_else(|| carried.map(Known::outcome));
        let after_wins = self
            .known(after)
            .map(|k| k.wins)
            .or_else(|| before.as_ref().and_then(|k| k.after(&played)));
        (before, after_wins)
    }
}

/// The computer's chosen move, shown flashing before it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending<M> {
    pub choice: M,
    pub ticks_left: u8,
}

/// What one tick did to the computer's flashing move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flash<M> {
    /// No move is flashing.
    Idle,
    /// The move is still flashing.
    Showing,
    /// The move lands now: the game plays it.
    Landed(M),
}

/// The turn order and history of one game. `M` is a move.
#[derive(Debug, Clone)]
pub struct Turns<M> {
    /// Who plays each side; side 0 moves first.
    pub players: [Player; 2],
    /// Every move so far; the first player made the even-numbered ones.
    pub moves: Vec<M>,
    /// Moves taken back by undo, latest last, for redo.
    redo: Vec<M>,
    /// The computer's move, flashing before it lands.
    pub pending: Option<Pending<M>>,
    /// Moves the person asked for while the computer's move was flashing; played after it lands.
    queued: VecDeque<M>,
    /// Once the game is over: the first move that threw away a won position, if any.
    pub verdict: Option<(usize, M)>,
    /// Once the game is over: every move that threw away a won position.
    pub review: Vec<Mistake<M>>,
}

impl<M: Copy> Turns<M> {
    /// A game about to start.
    pub fn new(players: [Player; 2]) -> Turns<M> {
        Turns {
            players,
            moves: Vec::new(),
            redo: Vec::new(),
            pending: None,
            queued: VecDeque::new(),
            verdict: None,
            review: Vec::new(),
        }
    }

    /// The side to move: 0 moves first.
    pub fn to_move(&self) -> usize {
        self.moves.len() % 2
    }

    /// Whether the side to move is played by the computer.
    pub fn computer_to_move(&self) -> bool {
        self.players[self.to_move()] == Player::Computer
    }

    /// Whether the computer plays a casual (random) move instead of its best one this time.
    pub fn slips(&self, level: Level, rng: &mut fastrand::Rng) -> bool {
        match level {
            Level::Perfect => false,
            Level::Strong => self.moves.len() < STRONG_EARLY && rng.f64() < STRONG_SLIP,
            Level::Casual => true,
        }
    }

    /// Forgets the moves undo took back (a new move was made).
    pub fn clear_redo(&mut self) {
        self.redo.clear();
    }

    /// Shows the computer's choice, flashing, until it lands.
    pub fn choose(&mut self, choice: M) {
        self.pending = Some(Pending {
            choice,
            ticks_left: FLASH_TICKS,
        });
    }

    /// One tick of the clock for the flashing move.
    pub fn flash(&mut self) -> Flash<M> {
        let Some(pending) = &mut self.pending else {
            return Flash::Idle;
        };
        pending.ticks_left = pending.ticks_left.saturating_sub(1);
        if pending.ticks_left > 0 {
            return Flash::Showing;
        }
        let choice = pending.choice;
        self.pending = None;
        Flash::Landed(choice)
    }

    /// Keeps a move the person asked for while the computer's move flashes.
    pub fn queue(&mut self, m: M) {
        self.queued.push_back(m);
    }

    /// The oldest move asked for during the flash, to play now.
    pub fn next_queued(&mut self) -> Option<M> {
        self.queued.pop_front()
    }

    /// Drops the moves asked for during the flash.
    pub fn clear_queue(&mut self) {
        self.queued.clear();
    }

    /// Undo's rule for every game: the flashing move and the queue are dropped, and the last
    /// move, with the computer's moves before it, goes to the redo list, so that a person is to
    /// move again. The caller rebuilds its position from [`Turns::moves`]. Returns a note for
    /// the player when there is nothing to take back, and then changes nothing: the computer's
    /// opening move stays (taken back, it would only be played again at once).
    pub fn take_back_round(&mut self) -> Result<(), &'static str> {
        if self.players.iter().all(|&p| p == Player::Computer) {
            return Err("Nothing to undo in a game between computers.");
        }
        if self.moves.is_empty() {
            return Err("Nothing to undo.");
        }
        let a_person_moved = (0..self.moves.len()).any(|at| self.players[at % 2] == Player::Person);
        if !a_person_moved {
            return Err("Nothing to undo: the computer's opening move stays.");
        }
        self.pending = None;
        self.queued.clear();
        let last = self.moves.pop().ok_or("Nothing to undo.")?;
        self.redo.push(last);
        while self.computer_to_move()
            && let Some(m) = self.moves.pop()
        {
            self.redo.push(m);
        }
        Ok(())
    }

    /// Redo's rule: the flashing move is dropped, and the moves undo took back are handed out
    /// again, in order, up to the next person's turn; the caller plays each one. Returns a
    /// note for the player when there is nothing to redo.
    pub fn redo_round(&mut self) -> Result<Vec<M>, &'static str> {
        self.pending = None;
        let first = self.redo.pop().ok_or("Nothing to redo.")?;
        let mut round = vec![first];
        while self.players[(self.moves.len() + round.len()) % 2] == Player::Computer
            && let Some(m) = self.redo.pop()
        {
            round.push(m);
        }
        Ok(round)
    }

    /// Keeps the game-over review (empty while the game goes on).
    pub fn judge(&mut self, review: Vec<Mistake<M>>) {
        self.verdict = review.first().map(|m| (m.index, m.played));
        self.review = review;
    }
}

/// The steps of a tick that differ from game to game; [`tick`] runs them in the order every
/// game shares.
pub trait TickSteps {
    /// A move, as the history keeps it.
    type Move: Copy;

    /// The game's turn machinery.
    fn turns_mut(&mut self) -> &mut Turns<Self::Move>;

    /// Plays the computer's choice as it lands.
    fn land(&mut self, choice: Self::Move);

    /// Plays a move the person asked for while the computer's move flashed.
    fn play_queued(&mut self, m: Self::Move);

    /// The computer's choice, now that it is to move; `None` when it has none yet (it lost, or
    /// waits for an answer).
    fn computer_choice(&mut self, rng: &mut fastrand::Rng) -> Option<Self::Move>;
}

/// One tick of a game that is on: the computer's flashing move counts down and lands, then the
/// moves asked for meanwhile are played; with nothing flashing, the computer chooses when it is
/// to move.
pub fn tick<G: TickSteps>(game: &mut G, rng: &mut fastrand::Rng) {
    match game.turns_mut().flash() {
        Flash::Idle => {}
        Flash::Showing => return,
        Flash::Landed(choice) => {
            game.turns_mut().clear_redo();
            game.land(choice);
            while let Some(m) = game.turns_mut().next_queued() {
                game.play_queued(m);
            }
            return;
        }
    }
    if !game.turns_mut().computer_to_move() {
        return;
    }
    if let Some(choice) = game.computer_choice(rng) {
        game.turns_mut().choose(choice);
    }
}

/// Every move of `moves` that threw a won position away, as far as `game` proves it.
pub fn mistakes<G: Outcomes>(game: &G, moves: &[G::Move]) -> Vec<Mistake<G::Move>> {
    review::mistakes(game.review_steps(moves))
}

/// Every move of `moves`, played from the start, judged (see [`Label`]): from the game's study
/// of the position it was made from where there is one, else from what its answer function
/// proves; a mistake carries its refuting line.
pub fn judge<G: Outcomes>(game: &G, moves: &[G::Move]) -> Vec<Judged<G::Move>>
where
    G::Move: PartialEq,
    G::Position: Clone,
{
    judge_within(game, moves, &mut |_, _| true).unwrap_or_default()
}

/// [`judge`], asking `progress` before each move whether to go on (`(done, total)` moves):
/// `None` as soon as it says no, so a judging nobody wants any more (the review was left, munch
/// is quitting) stops within a move.
pub fn judge_within<G: Outcomes>(
    game: &G,
    moves: &[G::Move],
    progress: Progress,
) -> Option<Vec<Judged<G::Move>>>
where
    G::Move: PartialEq,
    G::Position: Clone,
{
    let mut position = game.start();
    let mut judged = Vec::new();
    // What the refuting lines may still study (see `REFUTATION_BUDGET`).
    let mut budget = review::REFUTATION_BUDGET;
    // What the move before proved of the position now (see `Outcomes::review_steps`).
    let mut carried = None;
    let total = u64::try_from(moves.len()).unwrap_or(u64::MAX);
    for (done, &played) in (0u64..).zip(moves) {
        if !progress(done, total) {
            return None;
        }
        let Some(after) = game.after(&position, played) else {
            break;
        };
        let mut moves_left = None;
        let studied = game.study(&position).and_then(|study| {
            let label = review::label_from_study(&study, played)?;
            let made = study.moves.iter().find(|m| m.mv == played)?;
            moves_left = study.moves_left;
            Some((Some(study.wins), label, Some(!made.wins)))
        });
        let (won_before, label, after_wins) = studied.unwrap_or_else(|| {
            let (before, after_wins) = game.known_around(&position, carried, played, &after);
            (
                before.as_ref().map(|k| k.wins),
                review::label_from_known(before.as_ref(), played, after_wins),
                after_wins,
            )
        });
        carried = after_wins;
        let label = match label {
            Label::Mistake { winner, refutation } if budget > 0 => {
                let studied = std::cell::Cell::new(0usize);
                let line = review::refuting_line(
                    after.clone(),
                    |at| {
                        studied.set(studied.get() + 1);
                        (studied.get() <= budget).then(|| game.study(at)).flatten()
                    },
                    |at, m| game.after(at, m),
                );
                budget = budget.saturating_sub(studied.get());
                Label::Mistake {
                    winner,
                    refutation: if line.moves.is_empty() {
                        refutation
                    } else {
                        line
                    },
                }
            }
            other => other,
        };
        judged.push(Judged {
            played,
            won_before,
            moves_left,
            label,
        });
        position = after;
    }
    Some(judged)
}

/// The judging of `moves` by `game` (see [`judge`]) as a task for the solver threads, in
/// notation: `game` holds what it judges with (shared tables), so nothing is left to the
/// interface's thread but the answer.
pub fn judging<G>(game: G, moves: Vec<G::Move>) -> Task<JudgedMoves>
where
    G: Outcomes + Send + Sync + 'static,
    G::Move: PartialEq + std::fmt::Display + Send + Sync,
    G::Position: Clone,
{
    let what = format!("judge {} moves", moves.len());
    Task::new(what, move |progress| {
        Some(
            judge_within(&game, &moves, progress)?
                .into_iter()
                .map(|j| j.map(|m| m.to_string()))
                .collect(),
        )
    })
}

/// How many of `moves` `game` cannot judge yet (see [`review::unjudged`]).
pub fn unjudged<G: Outcomes>(game: &G, moves: &[G::Move]) -> usize {
    review::unjudged(&game.review_steps(moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Computer, Person};

    #[test]
    fn undo_takes_back_to_a_person_and_redo_plays_the_round_again() {
        let mut turns: Turns<u8> = Turns::new([Person, Computer]);
        turns.moves = vec![1, 2, 3, 4];
        assert_eq!(turns.take_back_round(), Ok(()));
        assert_eq!(
            turns.moves,
            vec![1, 2],
            "the person's 3 and the computer's 4"
        );
        assert_eq!(turns.redo_round(), Ok(vec![3, 4]));
        let mut demo: Turns<u8> = Turns::new([Computer, Computer]);
        demo.moves = vec![1];
        assert!(demo.take_back_round().is_err());
    }

    /// With the computer first, undo takes back the person's moves but leaves the computer's
    /// opening move: taken back, it would be played again at once.
    #[test]
    fn undo_leaves_the_computers_opening_move() {
        let mut turns: Turns<u8> = Turns::new([Computer, Person]);
        turns.moves = vec![1, 2, 3];
        assert_eq!(turns.take_back_round(), Ok(()));
        assert_eq!(turns.moves, [1], "the computer's 3 and the person's 2");
        assert_eq!(
            turns.take_back_round(),
            Err("Nothing to undo: the computer's opening move stays.")
        );
        assert_eq!(turns.moves, [1], "nothing taken back");
        assert_eq!(turns.redo_round(), Ok(vec![2, 3]), "redo still plays them");
    }

    /// A game whose computer always chooses 9, and which logs what the tick had it do.
    struct Log {
        turns: Turns<u8>,
        log: Vec<String>,
    }

    impl TickSteps for Log {
        type Move = u8;

        fn turns_mut(&mut self) -> &mut Turns<u8> {
            &mut self.turns
        }

        fn land(&mut self, choice: u8) {
            self.log.push(format!("land {choice}"));
            self.turns.moves.push(choice);
        }

        fn play_queued(&mut self, m: u8) {
            self.log.push(format!("queued {m}"));
            self.turns.moves.push(m);
        }

        fn computer_choice(&mut self, _rng: &mut fastrand::Rng) -> Option<u8> {
            self.log.push("choose".into());
            Some(9)
        }
    }

    #[test]
    fn a_tick_lands_the_flashing_move_then_the_queue_or_has_the_computer_choose() {
        let mut rng = fastrand::Rng::with_seed(1);
        let mut game = Log {
            turns: Turns::new([Computer, Person]),
            log: Vec::new(),
        };
        tick(&mut game, &mut rng);
        assert_eq!(game.turns.pending.map(|p| p.choice), Some(9));
        game.turns.queue(3);
        for _ in 0..FLASH_TICKS {
            tick(&mut game, &mut rng);
        }
        assert_eq!(game.log, ["choose", "land 9", "queued 3"]);
        assert_eq!(game.turns.moves, [9, 3]);
        tick(&mut game, &mut rng);
        assert_eq!(
            game.log.len(),
            4,
            "the computer is to move again: it chooses"
        );
        game.turns.pending = None;
        game.turns.moves.push(9);
        tick(&mut game, &mut rng);
        assert_eq!(game.log.len(), 4, "a person is to move: nothing");
    }

    #[test]
    fn the_flashing_move_lands_after_its_ticks() {
        let mut turns: Turns<u8> = Turns::new([Person, Computer]);
        assert_eq!(turns.flash(), Flash::Idle);
        turns.choose(5);
        for _ in 1..FLASH_TICKS {
            assert_eq!(turns.flash(), Flash::Showing);
        }
        assert_eq!(turns.flash(), Flash::Landed(5));
        assert!(turns.pending.is_none());
    }

    /// A pile of coins that takes 1 at a time, counting the positions it is asked about.
    struct Ones {
        pile: u32,
        asked: std::sync::atomic::AtomicU32,
    }

    impl Outcomes for Ones {
        type Move = u8;
        type Position = u32;

        fn start(&self) -> u32 {
            self.pile
        }

        fn after(&self, position: &u32, m: u8) -> Option<u32> {
            position.checked_sub(u32::from(m))
        }

        fn known(&self, position: &u32) -> Option<Known<u8>> {
            self.asked
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Some(Known {
                wins: position % 2 == 1,
                winning_moves: if position % 2 == 1 { vec![1] } else { vec![] },
                complete: true,
            })
        }

        fn study(&self, _: &u32) -> Option<PositionAnalysis<u8>> {
            None
        }
    }

    #[test]
    fn a_judging_stops_within_a_move_of_being_told_to() {
        let game = Ones {
            pile: 30_000,
            asked: 0.into(),
        };
        let moves = vec![1u8; 30_000];
        let all = judge(&game, &moves);
        assert_eq!(all.len(), 30_000);
        // Each move asks about the position before it and the one after.
        assert_eq!(
            game.asked.swap(0, std::sync::atomic::Ordering::Relaxed),
            60_000
        );
        let mut told = Vec::new();
        let judged = judge_within(&game, &moves, &mut |done, total| {
            told.push((done, total));
            done < 10
        });
        assert!(judged.is_none(), "a judging told to stop has no answer");
        assert_eq!(told.last(), Some(&(10, 30_000)));
        let asked = game.asked.into_inner();
        assert!(asked <= 2 * 11, "{asked} positions asked about by 10 moves");
        // The task the judge thread runs stops the same way.
        let mut last_told = 0;
        let task = judging(
            Ones {
                pile: 30_000,
                asked: 0.into(),
            },
            moves,
        );
        assert!(
            task.run(&mut |done, _| {
                last_told = done;
                done < 10
            })
            .is_none()
        );
        assert_eq!(last_told, 10);
    }
}
