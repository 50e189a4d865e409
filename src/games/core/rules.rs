//! What a game *is*: its words ([`GameText`], data) and its rules ([`Rules`]: positions, moves,
//! notation, the position string, and what its answer knows or its tables build). The
//! generic session (`Play`, in `play.rs`) plays any game from these alone.

use crate::games::moves_left::PositionAnalysis;
use crate::games::request::{Built, Progress, Task, Waiting};
use crate::games::review::Known;
use crate::games::session::{Leftover, QuestionWords};
use crate::input::Binding;
use std::fmt::Debug;
use std::time::Duration;

/// A game's fixed words, as data: its catalogue entry gives them once
/// (`Game::text`, in `games/game.rs`) instead of a method each.
#[derive(Clone, Copy)]
pub struct GameText {
    /// The game's short name: its `munch play`/`munch solve` subcommand, the first word of
    /// its position string and the name of its saved-game file (`saved-<id>.json`).
    pub id: &'static str,
    /// The game's name as people read it: on the menu, in the help, over the board.
    pub label: &'static str,
    /// The rule in a few words, under the menu's title (it fits the menu's width).
    pub tagline: &'static str,
    /// The rules, a sentence a line, at the top of the help.
    pub rules: &'static [&'static str],
    /// The keys of its game screen, as the key bar and the help list them (its board's).
    pub keys: &'static [Binding],
    /// The themes every puzzle of the game is about (Nim's "nim-sum"); a position's own come
    /// from [`Rules::themes`].
    pub themes: &'static [&'static str],
}

/// The rules of one game being played (or studied), with what its solver knows of them.
///
/// # How a game plugs in
///
/// A game implements `Rules` on a small value that holds what its positions need besides
/// themselves (Fibonacci Nim nothing, a subtraction game its take set) and its tables, shared
/// behind `Arc`s (so that [`Clone`] is cheap: a finished game is judged on another thread with a
/// clone). A game whose position plays its own moves writes its rules on the position
/// instead (`rules_of::PositionRules` and `PositionAnswer`), and its `Rules` are `RulesOf<P>`'s. It chooses a board by kind, which brings the input model (keys, pointer, typed
/// takes) and the widget: the one-pile board (`games::pile`, whose `PileRules` a one-pile game
/// implements instead of these), the rows-of-piles board (Nim's), the grid board
/// (`games::grid`, with `GridRules`). `Play::begin(setup, rules, start)`
/// is then the whole session: turns, the computer's move, undo and redo, hints, the review and
/// its judging, saving and replaying. Its catalogue entry is an `Entry` (`entry.rs`: its start,
/// its rules and board, its command line), whose saved-game check, position string, session and
/// study are written once; numbering its positions (`table::Numbered`) gives it the moves-left
/// table and a position's analysis, and `solve::Reply` the `munch solve` reply. What stays in the
/// game's folder is these rules, its answer, its menu lines and values, its position string's
/// parser and its command line's arguments and words.
///
/// Every answer comes from one place: [`Rules::known`] (and [`Rules::study`] where moves left
/// are known) serve the computer, the hints, the review and `munch solve` alike.
pub trait Rules: Clone + Send + Sync + 'static {
    /// A position: everything the side to move faces.
    type Position: Clone + PartialEq + Debug + Send + Sync + 'static;
    /// A move, as the history keeps it.
    type Move: Copy + PartialEq + Debug + Send + Sync + 'static;

    /// The position `m` leaves from `at`, or why `m` is not legal there (one line, in the
    /// words of the position: "pile 1 holds only 3 coins, so 9 cannot be taken from it").
    fn play(&self, at: &Self::Position, m: Self::Move) -> Result<Self::Position, String>;

    /// Whether the side to move at `at` has no move: the game is over, and (unless
    /// [`Rules::last_move_loses`]) that side lost.
    fn is_over(&self, at: &Self::Position) -> bool;

    /// Whether the last move of a game loses it (Chomp's: the poison is the last square
    /// eaten); `false` by default: the player who cannot move lost.
    fn last_move_loses(&self) -> bool {
        false
    }

    /// The question the person's move `m` at `at` asks before it is played (Chomp's "Eat the
    /// poison and lose?"), if any: the app's modal stack shows it, and a yes plays the move.
    /// `None` by default.
    fn asks_before(&self, _at: &Self::Position, _m: Self::Move) -> Option<&'static QuestionWords> {
        None
    }

    /// The note when the person's move `m`, queued behind the computer's flashing move, is no
    /// longer legal once that lands (Chomp's "c3 went with the computer's move."); `None` (the
    /// default): the board's refusal, as for any illegal move.
    fn gone(&self, _m: Self::Move) -> Option<String> {
        None
    }

    /// How many legal moves `at` has (`None` past `u64`): the review studies a position only
    /// when they are few.
    fn move_count(&self, at: &Self::Position) -> Option<u64>;

    /// Every legal move of `at`, in the order a study lists them (lazy: there may be many).
    fn moves<'a>(&'a self, at: &'a Self::Position) -> Box<dyn Iterator<Item = Self::Move> + 'a>;

    /// A move in the notation saved games and records keep (`3`, `2:3`).
    fn write_move(&self, m: Self::Move) -> String;

    /// A move read back from [`Rules::write_move`]'s notation; `None` when `text` is not one.
    fn read_move(&self, text: &str) -> Option<Self::Move>;

    /// As [`Rules::read_move`], or why `text` is not a move (one line), for the check of a
    /// saved game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        self.read_move(text)
            .ok_or_else(|| format!("{} is not a move", crate::units::quoted(text)))
    }

    /// The position's string (`nim 3,4,5`, `fibonacci 30 max 5`), which the game's parser
    /// reads back.
    fn print(&self, at: &Self::Position) -> String;

    /// What the game's one answer function proves of `at` at once: who wins and every
    /// winning move; `None` where it proves nothing (yet: a table still building).
    fn known(&self, at: &Self::Position) -> Option<Known<Self::Move>>;

    /// Every legal move of `at` with its outcome, moves left and winning replies, where the
    /// moves left are known (from a closed form or a table); `None` elsewhere.
    fn study(&self, at: &Self::Position) -> Option<PositionAnalysis<Self::Move>>;

    /// Why `at` is won or lost, in the game's own terms, worked out in lines for the Study
    /// screen (Nim: the piles in binary and the nim-sum, [`crate::games::why`]); none where
    /// the game says nothing more than its outcome. The last line names the move to make, or
    /// says every move loses: a hint's second line (`Play::why_line`, in `play.rs`).
    fn why(&self, _at: &Self::Position) -> Vec<String> {
        Vec::new()
    }

    /// The Grundy value (nimber) of `at` in the normal-play convention used for sums of games
    /// (a player with no move loses; Chomp's poison is never eaten): the game's own rule (Nim's
    /// heaps combined by exclusive or, the subtraction game's period, a table within `budget` bytes). Nonzero
    /// exactly where the side to move wins. Why not ([`NoGrundy`]) where the game does not know
    /// it (the default) or its table would pass the budget.
    fn grundy(&self, _at: &Self::Position, _budget: u64) -> Result<u64, NoGrundy> {
        Err(NoGrundy::Unknown)
    }

    /// The themes of a puzzle from `start` solved by `solution` (the solver's and the
    /// defender's moves in turn) that are the position's own (Chomp's closed forms), beside
    /// those of every puzzle of the game ([`GameText::themes`]); none by default.
    fn themes(&self, _start: &Self::Position, _solution: &[Self::Move]) -> Vec<&'static str> {
        Vec::new()
    }

    /// The computer's move at `at`, `None` when it has none (it lost, or its answer does not
    /// reach). `fight`: at level perfect, where moves left are known, the fastest win or the
    /// longest defence ([`PositionAnalysis::fighting_moves`]); else a winning move, or from a lost
    /// position one leaving the fewest winning replies. Ties at random.
    fn best_move(
        &self,
        at: &Self::Position,
        fight: bool,
        rng: &mut fastrand::Rng,
    ) -> Option<Self::Move>;

    /// A legal move at random, for a computer that slips; `casual`: the casual level, which
    /// still takes a win in one.
    fn random_move(
        &self,
        at: &Self::Position,
        casual: bool,
        rng: &mut fastrand::Rng,
    ) -> Option<Self::Move>;

    /// What the rules still lack (tables too slow to build on the interface's thread), as a
    /// build task for the table thread; `None` when they lack nothing (a small table may be
    /// built here and now). `moves_left`: whether the moves left are wanted (the perfect
    /// computer's), not only who wins.
    fn build(&mut self, _moves_left: bool) -> Option<Waiting> {
        None
    }

    /// Takes what the task of [`Rules::build`] built.
    fn take_built(&mut self, _built: Built) {}

    /// Takes what a build sent on the way, before it is done (Chomp's outcome table, which
    /// its moves-left table is then built on): the name of the phase the build goes on with,
    /// when the rules took it (the gauge starts that phase at nought); `None` when they had no
    /// use for it.
    fn take_made(&mut self, _made: &Built) -> Option<&'static str> {
        None
    }

    /// Builds at once what [`Rules::build`] asked for (slow: on a solver thread only, as the
    /// review's judging), telling `progress` how far it has gone; `None` when `progress` said
    /// to stop.
    fn complete(&mut self, _progress: Progress) -> Option<()> {
        Some(())
    }

    /// After a move, an undo or a refusal, with no build under way: the build `at` wants now,
    /// if any (a box refused for the memory budget that `at` has shrunk into, a table whose
    /// box undo has left). `moves_left` as for [`Rules::build`]. `None` by default: what
    /// [`Rules::build`] asked for at the start serves the whole game.
    fn follow(&mut self, _at: &Self::Position, _moves_left: bool) -> Option<Waiting> {
        None
    }

    /// How long the computer waits for a build under way before it plays without it (a move
    /// proven without the tables at once, else [`Rules::search`]'s), judged by the build's
    /// progress; `None` (the default): it waits until the build is done.
    fn wait_limit(&self) -> Option<Duration> {
        None
    }

    /// Whether the build under way brings the moves left, not only who wins (`true` by
    /// default): the perfect computer waits for it only then (see [`Rules::unfought`]).
    fn moves_left_coming(&self) -> bool {
        true
    }

    /// At level perfect, what the computer's move at `at` would not be proven to be, made
    /// with what the rules hold now: the fastest win or the longest defence, where the moves
    /// left decide the move and are not known; `None` (the default) where they are known, or
    /// do not decide it (a single winning move).
    fn unfought(&self, _at: &Self::Position) -> Option<Unfought> {
        None
    }

    /// Where [`Rules::best_move`] finds nothing: a short search for the search thread, whose
    /// answer [`Rules::searched`] reads (its seed drawn from `rng`); `None` by default: the
    /// computer waits.
    fn search(&self, _at: &Self::Position, _rng: &mut fastrand::Rng) -> Option<Task<Built>> {
        None
    }

    /// The move a [`Rules::search`] task found, and whether something proves it best; `None`
    /// when `built` is no search's answer.
    fn searched(&self, _built: &Built) -> Option<(Self::Move, bool)> {
        None
    }

    /// The tables a finished game hands the next one (and a study the game it was opened
    /// from), shared; `None` by default.
    fn keep(&self) -> Option<Leftover> {
        None
    }

    /// Takes `kept` (from [`Rules::keep`] of another game or study), where it serves `at`;
    /// `true` when the build under way is no longer wanted (it would bring nothing more).
    fn adopt(&mut self, _kept: Leftover, _at: &Self::Position) -> bool {
        false
    }
}

/// Why a game gives no Grundy value of a position ([`Rules::grundy`]); its `Display` is one
/// line, which `munch solve --grundy` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoGrundy {
    /// The game does not know its Grundy values (yet).
    Unknown,
    /// Out of the answer's reach, and why: a period that did not show, nimbers that might
    /// not fit a byte.
    OutOfReach(String),
    /// A table over the memory budget, the bytes it `needs`, and why in words
    /// ([`NoGrundy::over_budget`]).
    OverBudget { needs: u64, why: String },
}

impl NoGrundy {
    /// `what` (a table, named: "the Grundy table of Fibonacci Nim to pile 90,000") would need
    /// `needed` bytes, more than `budget`.
    pub fn over_budget(what: &str, needed: u64, budget: u64) -> NoGrundy {
        NoGrundy::OverBudget {
            needs: needed,
            why: format!(
                "{what} needs {}, more than the {} this run may use (--memory)",
                crate::units::bytes(needed),
                crate::units::bytes(budget)
            ),
        }
    }
}

impl std::fmt::Display for NoGrundy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoGrundy::Unknown => f.write_str("its Grundy value is not known yet"),
            NoGrundy::OutOfReach(why) | NoGrundy::OverBudget { why, .. } => f.write_str(why),
        }
    }
}

/// How the computer came by a move: the panel notes the moves nothing proved best and those
/// played at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// From the answer (a table, a closed form…): a winning move where there is one, else
    /// the fewest winning replies.
    Proven,
    /// Nothing proves the position: the best move a [`Rules::search`] found.
    Unproven,
    /// At random on purpose, as a level below perfect plays.
    Random,
}

/// A move the computer made at level perfect without the moves left (see
/// [`Rules::unfought`]): proven to win, or to leave the fewest winning replies, but not
/// proven the fastest win or the longest defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfought {
    /// A winning move, maybe not the fastest.
    Win,
    /// A losing position's move, maybe not the longest defence.
    Defence,
}

/// The computer's move from `study` at level perfect, where it knows the moves left: one of
/// [`PositionAnalysis::fighting_moves`] at random; `None` where the study is missing or, when
/// `need_moves_left`, has no moves left of its position.
pub fn fighting_move<M: Copy>(
    study: Option<PositionAnalysis<M>>,
    need_moves_left: bool,
    rng: &mut fastrand::Rng,
) -> Option<M> {
    let study = study.filter(|s| !need_moves_left || s.moves_left.is_some())?;
    let best = study.fighting_moves();
    (!best.is_empty()).then(|| best[rng.usize(..best.len())].mv)
}

/// One of `candidates` leaving the fewest winning replies (`replies` counts them), ties at
/// random: the computer's move from a lost position where no moves left are known. `None`
/// when there are no candidates.
pub fn fewest<M: Copy>(
    candidates: &[M],
    replies: impl Fn(M) -> usize,
    rng: &mut fastrand::Rng,
) -> Option<M> {
    let counts: Vec<usize> = candidates.iter().map(|&m| replies(m)).collect();
    let least = counts.iter().copied().min()?;
    let best: Vec<M> = (candidates.iter().zip(&counts))
        .filter(|&(_, &c)| c == least)
        .map(|(&m, _)| m)
        .collect();
    Some(best[rng.usize(..best.len())])
}

/// A random move of a game of takes, for a computer that slips: `most[k]` is the most a move
/// of the `k`-th kind takes (from a pile; 0 where it takes nothing), `ends(k)` whether taking
/// that much ends the game. At the casual level, the first kind that ends it, taken whole (a
/// win in one); else a random kind that takes something, and a random take of it. `None` when
/// no kind does.
pub fn random_take(
    most: &[u64],
    casual: bool,
    ends: impl Fn(usize) -> bool,
    rng: &mut fastrand::Rng,
) -> Option<(usize, u64)> {
    let kinds: Vec<usize> = (0..most.len()).filter(|&k| most[k] > 0).collect();
    if casual && let Some(&k) = kinds.iter().find(|&&k| ends(k)) {
        return Some((k, most[k]));
    }
    let &k = kinds.get(rng.usize(..kinds.len().max(1)))?;
    Some((k, rng.u64(1..=most[k])))
}
