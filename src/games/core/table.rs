//! Moves left by the definition, once for every game on the core: a game that numbers its
//! positions below a start ([`Numbered`]: every move leads to a smaller number) gets the
//! moves-left table of every one of them ([`MovesLeft`]), built in one pass upwards, and the
//! study of a position from its answer and that table ([`study`]).
//!
//! A won position looks only at the winning moves its answer names (when it names them all,
//! [`Known::complete`]), a lost one at every move; where the answer knows nothing the pass
//! looks at every move of every position, a brute force by the definition. The table keeps
//! the moves left alone: a position is won exactly when its moves left are odd (the winner
//! makes the last move).
//!
//! [`Known::complete`]: crate::games::review::Known::complete

use super::rules::{NoGrundy, Rules, fighting_move};
use crate::games::moves_left::{AnalysedMove, MAX_LISTED_MOVES, PositionAnalysis};
use crate::games::request::{Built, Progress, Task, Waiting};
use crate::games::review::Known;
use std::sync::Arc;

/// A game whose positions below a start (each pile at most the start's, say) are numbered
/// `0..positions`, every move leading to a smaller number.
pub trait Numbered: Rules {
    /// How many positions lie below `top` (`None`: more than a `u64` counts).
    fn positions(&self, top: &Self::Position) -> Option<u64>;

    /// The number of `at` below `top`; `None` when `at` is not below it.
    fn number(&self, top: &Self::Position, at: &Self::Position) -> Option<u64>;

    /// The position numbered `number` below `top`.
    fn numbered(&self, top: &Self::Position, number: u64) -> Self::Position;

    /// The number below `top` of the position `mv` leads to from `at`, itself numbered
    /// `number`; `None` when the move is illegal or leaves the table. By default the move is
    /// played and the result numbered: a game whose numbers follow its moves (take `k` from a
    /// pile counting `s` a coin: `number - k·s`) says it without building the position, which
    /// the table's pass asks for every move it weighs.
    fn number_after(
        &self,
        top: &Self::Position,
        at: &Self::Position,
        number: u64,
        mv: Self::Move,
    ) -> Option<u64> {
        let _ = number;
        self.number(top, &self.play(at, mv).ok()?)
    }

    /// Whether the player to move wins at `at`, with every winning move put in `winning`
    /// (emptied first), where the answer names them all ([`Known::complete`]); `None` where it
    /// does not. By default from [`Rules::known`]; a game whose answer builds its list of moves
    /// fills `winning` instead, so the table's pass allocates nothing a position.
    fn known_into(&self, at: &Self::Position, winning: &mut Vec<Self::Move>) -> Option<bool> {
        let known = self.known(at).filter(|known| known.complete)?;
        winning.clear();
        winning.extend(known.winning_moves);
        Some(known.wins)
    }

    /// Makes `at`, numbered `number` below `top`, the position numbered `number + 1`. By
    /// default a new position ([`Numbered::numbered`]); a game whose position holds memory (a
    /// list of piles) counts up in place, so the table's pass allocates nothing a position.
    fn step(&self, top: &Self::Position, number: u64, at: &mut Self::Position) {
        *at = self.numbered(top, number + 1);
    }
}

/// The moves left of every position below a start: the moves still to be played when the
/// winner finishes as fast as it can and the loser holds out as long as it can.
#[derive(Debug, Clone)]
pub struct MovesLeft<R: Rules> {
    /// The start: the table holds the positions below it.
    top: R::Position,
    /// The moves left of each position, by number.
    left: Vec<u32>,
}

/// The positions between two reports of a build's progress.
const PROGRESS_STEPS: usize = 1 << 12;

impl<R: Numbered> MovesLeft<R> {
    /// The table below `top`, or `None` when it has more than `budget` positions.
    pub fn build(rules: &R, top: &R::Position, budget: u64) -> Option<MovesLeft<R>> {
        MovesLeft::build_within(rules, top, budget, &mut |_, _| true)
    }

    /// The table below `top` when it has at most `budget` positions and takes at most
    /// `memory` bytes (4 a position).
    pub fn build_in(
        rules: &R,
        top: &R::Position,
        budget: u64,
        memory: u64,
    ) -> Option<MovesLeft<R>> {
        let fits = |count: u64| count <= budget && count.saturating_mul(4) <= memory;
        rules
            .positions(top)
            .is_some_and(fits)
            .then(|| MovesLeft::build(rules, top, budget))?
    }

    /// As [`MovesLeft::build`], telling `progress` the positions done so far (every few
    /// thousand); `None` as well when `progress` said to stop.
    pub fn build_within(
        rules: &R,
        top: &R::Position,
        budget: u64,
        progress: Progress,
    ) -> Option<MovesLeft<R>> {
        let count = rules.positions(top).filter(|&c| c <= budget)?;
        let count = usize::try_from(count).ok()?;
        let mut left: Vec<u32> = Vec::with_capacity(count);
        let mut at = rules.numbered(top, 0);
        let mut winning = Vec::new();
        for number in 0..count {
            if number % PROGRESS_STEPS == 0 && !progress(number as u64, count as u64) {
                return None;
            }
            if number > 0 {
                rules.step(top, number as u64 - 1, &mut at);
            }
            let at = &at;
            let after = |mv| {
                let after = rules
                    .number_after(top, at, number as u64, mv)
                    .expect("a listed move is legal and stays below the top");
                left[usize::try_from(after).expect("below the count")]
            };
            let value = match rules.known_into(at, &mut winning) {
                // Won: 1 + the least over the winning moves.
                Some(true) => winning.iter().copied().map(after).min(),
                // Lost: 1 + the most over every move; 0 with none.
                Some(_) => rules.moves(at).map(after).max(),
                // Unknown: a move to a lost position (even moves left) wins.
                None => {
                    let children: Vec<u32> = rules.moves(at).map(after).collect();
                    let lost = children.iter().copied().filter(|l| l % 2 == 0).min();
                    lost.or_else(|| children.into_iter().max())
                }
            };
            left.push(value.map_or(0, |l| l + 1));
        }
        Some(MovesLeft {
            top: top.clone(),
            left,
        })
    }

    /// Whether the table holds `at`.
    pub fn covers(&self, rules: &R, at: &R::Position) -> bool {
        rules.number(&self.top, at).is_some()
    }

    /// The moves left of `at`, for the player to move; `None` where the table does not hold
    /// it.
    pub fn moves_left(&self, rules: &R, at: &R::Position) -> Option<u64> {
        let number = usize::try_from(rules.number(&self.top, at)?).ok()?;
        self.left.get(number).map(|&l| u64::from(l))
    }

    /// The start the table was built below.
    pub fn top(&self) -> &R::Position {
        &self.top
    }
}

/// The moves-left table below `top` as a game or a study starts: built at once when it has
/// at most `instant` positions, else asked for as a build task named `name` on the table
/// thread, with progress; neither past `budget` positions.
pub fn table_for<R: Numbered>(
    rules: &R,
    top: &R::Position,
    instant: u64,
    budget: u64,
) -> (Option<Arc<MovesLeft<R>>>, Option<Waiting>) {
    match rules.positions(top) {
        Some(count) if count <= instant => {
            (MovesLeft::build(rules, top, budget).map(Arc::new), None)
        }
        Some(count) if count <= budget => {
            let (rules, top) = (rules.clone(), top.clone());
            let name = format!("moves left of {}", rules.print(&top));
            let task = Task::new(name, move |progress| {
                MovesLeft::build_within(&rules, &top, budget, progress)
                    .map(|table| Arc::new(table) as Built)
            });
            (None, Some(Waiting::new("moves left", task)))
        }
        _ => (None, None),
    }
}

/// The study of `at`: every legal move, in [`Numbered::moves`]' order, with its outcome and
/// winning replies from the answer ([`Rules::known`], which must name every winning move) and
/// its moves left from `table` where it holds them. `None` when `at` has more than
/// [`MAX_LISTED_MOVES`] legal moves or the answer does not reach it.
pub fn study<R: Numbered>(
    rules: &R,
    at: &R::Position,
    table: Option<&MovesLeft<R>>,
) -> Option<PositionAnalysis<R::Move>> {
    if rules.move_count(at)? > MAX_LISTED_MOVES {
        return None;
    }
    let left = |at: &R::Position| table.and_then(|t| t.moves_left(rules, at));
    let moves = rules
        .moves(at)
        .map(|mv| {
            let after = rules.play(at, mv).expect("a listed move is legal");
            let known = rules.known(&after)?;
            Some(AnalysedMove {
                mv,
                wins: !known.wins,
                moves_left: left(&after),
                winning_replies: known.winning_moves.len(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PositionAnalysis {
        wins: rules.known(at)?.wins,
        moves_left: left(at),
        moves,
    })
}

/// How large a game's moves-left tables may be: what a game on [`Tabled`] gives beyond its
/// numbered rules.
pub trait Tabling: Numbered {
    /// The most positions a table built at once, on the interface's thread, may have; a
    /// larger one is a build task, with progress.
    const INSTANT: u64;
    /// The most positions a game's or a study's table may have: none is built past it.
    const BUDGET: u64;
}

/// A game's rules `G` with the moves-left table of its start, held once for every game on the
/// core: the table built at once or asked for as a build task ([`Rules::build`]), taken when
/// built, shared with a study, and the perfect computer's moves and a position's analysis from
/// it. Every other rule is `G`'s.
#[derive(Clone)]
pub struct Tabled<G: Numbered> {
    /// The game's own rules.
    pub game: G,
    /// The position the table is built below: the game's start, or the position studied.
    start: G::Position,
    table: Option<Arc<MovesLeft<G>>>,
    /// Whether the table is being built on the table thread (the judging builds it then).
    building: bool,
}

impl<G: Tabling> Tabled<G> {
    /// The rules of a game or a study from `start`, with no table yet.
    pub fn new(game: G, start: G::Position) -> Tabled<G> {
        Tabled::sharing(game, start, None)
    }

    /// The rules of a study from `start` sharing the table of `shared`, the rules of the game
    /// it is opened from.
    pub fn sharing(game: G, start: G::Position, shared: Option<&Tabled<G>>) -> Tabled<G> {
        Tabled {
            game,
            start,
            table: shared.and_then(|rules| rules.table.clone()),
            building: false,
        }
    }

    /// The position the table is built below.
    pub fn start(&self) -> &G::Position {
        &self.start
    }

    /// The moves-left table, once it is built.
    pub fn table(&self) -> Option<&Arc<MovesLeft<G>>> {
        self.table.as_ref()
    }

    /// For a study ([`StudyRules::want`]): the table below `at`, where the table held does
    /// not cover it, built at once when small, else asked for (the table held answers what it
    /// covers meanwhile); none past [`Tabling::BUDGET`].
    ///
    /// [`StudyRules::want`]: super::study::StudyRules::want
    pub fn want_table(&mut self, at: &G::Position) -> Option<Waiting> {
        if self
            .table
            .as_ref()
            .is_some_and(|t| t.covers(&self.game, at))
        {
            return None;
        }
        let (table, waiting) = table_for(&self.game, at, G::INSTANT, G::BUDGET);
        if table.is_some() {
            self.table = table;
        }
        waiting
    }

    /// Whether the table below `at` has more than [`Tabling::BUDGET`] positions: its moves
    /// left are not known.
    pub fn past_budget(&self, at: &G::Position) -> bool {
        self.game
            .positions(at)
            .is_none_or(|count| count > G::BUDGET)
    }
}

/// `G`'s rules, with the moves left from the table where it holds them.
impl<G: Tabling> Rules for Tabled<G> {
    type Position = G::Position;
    type Move = G::Move;

    fn play(&self, at: &G::Position, m: G::Move) -> Result<G::Position, String> {
        self.game.play(at, m)
    }

    fn is_over(&self, at: &G::Position) -> bool {
        self.game.is_over(at)
    }

    fn move_count(&self, at: &G::Position) -> Option<u64> {
        self.game.move_count(at)
    }

    fn moves<'a>(&'a self, at: &'a G::Position) -> Box<dyn Iterator<Item = G::Move> + 'a> {
        self.game.moves(at)
    }

    fn write_move(&self, m: G::Move) -> String {
        self.game.write_move(m)
    }

    fn read_move(&self, text: &str) -> Option<G::Move> {
        self.game.read_move(text)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, String> {
        self.game.parse_move(text)
    }

    fn print(&self, at: &G::Position) -> String {
        self.game.print(at)
    }

    fn known(&self, at: &G::Position) -> Option<Known<G::Move>> {
        self.game.known(at)
    }

    /// Every move from the answer, with the moves left where the table holds them.
    fn study(&self, at: &G::Position) -> Option<PositionAnalysis<G::Move>> {
        study(&self.game, at, self.table.as_deref())
    }

    fn why(&self, at: &G::Position) -> Vec<String> {
        self.game.why(at)
    }

    fn themes(&self, start: &G::Position, solution: &[G::Move]) -> Vec<&'static str> {
        self.game.themes(start, solution)
    }

    fn grundy(&self, at: &G::Position, budget: u64) -> Result<u64, NoGrundy> {
        self.game.grundy(at, budget)
    }

    /// Where the table covers `at` and `fight`, the fastest win or the longest defence;
    /// else `G`'s move.
    fn best_move(&self, at: &G::Position, fight: bool, rng: &mut fastrand::Rng) -> Option<G::Move> {
        let covered = self.table.as_deref().filter(|t| t.covers(&self.game, at));
        if fight
            && let Some(mv) = fighting_move(
                covered.and_then(|t| study(&self.game, at, Some(t))),
                true,
                rng,
            )
        {
            return Some(mv);
        }
        self.game.best_move(at, fight, rng)
    }

    fn random_move(
        &self,
        at: &G::Position,
        casual: bool,
        rng: &mut fastrand::Rng,
    ) -> Option<G::Move> {
        self.game.random_move(at, casual, rng)
    }

    /// The moves-left table of the start, for the perfect computer: at once when it is small,
    /// else on the table thread; none past [`Tabling::BUDGET`].
    fn build(&mut self, moves_left: bool) -> Option<Waiting> {
        if !moves_left || self.table.is_some() {
            return None;
        }
        let (table, waiting) = table_for(&self.game, &self.start, G::INSTANT, G::BUDGET);
        self.table = table;
        self.building = waiting.is_some();
        waiting
    }

    fn take_built(&mut self, built: Built) {
        self.table = built.downcast::<MovesLeft<G>>().ok();
    }

    /// A table still being built is built here (a table is waited for only when it fits the
    /// budget: none here means the judging is no longer wanted).
    fn complete(&mut self, progress: Progress) -> Option<()> {
        if self.table.is_none() && self.building {
            let table = MovesLeft::build_within(&self.game, &self.start, G::BUDGET, progress)?;
            self.table = Some(Arc::new(table));
        }
        Some(())
    }
}

/// Checks a game's numbering below `top` against its rules, for its tests: every position
/// numbers back to itself, [`Numbered::step`] walks them in order, [`Numbered::number_after`]
/// numbers every move's result as playing it does and lands below the position, and
/// [`Numbered::known_into`] says what [`Rules::known`] says. Panics at the first difference.
#[cfg(test)]
pub fn check_numbering<R: Numbered>(rules: &R, top: &R::Position)
where
    R::Position: PartialEq + std::fmt::Debug,
    R::Move: PartialEq + std::fmt::Debug,
{
    let count = rules.positions(top).expect("a countable top");
    let mut walked = rules.numbered(top, 0);
    let mut winning = Vec::new();
    for number in 0..count {
        let at = rules.numbered(top, number);
        assert_eq!(walked, at, "step to {number}");
        assert_eq!(rules.number(top, &at), Some(number), "{at:?} numbers back");
        for mv in rules.moves(&at) {
            let played = rules.play(&at, mv).expect("a listed move is legal");
            let after = rules.number_after(top, &at, number, mv);
            assert_eq!(after, rules.number(top, &played), "{mv:?} from {at:?}");
            assert!(after < Some(number), "{mv:?} from {at:?} lands below");
        }
        let known = rules.known(&at).filter(|known| known.complete);
        let wins = rules.known_into(&at, &mut winning);
        assert_eq!(wins, known.as_ref().map(|k| k.wins), "{at:?} wins");
        if let Some(known) = known {
            assert_eq!(winning, known.winning_moves, "{at:?}'s winning moves");
        }
        if number + 1 < count {
            rules.step(top, number, &mut walked);
        }
    }
}
