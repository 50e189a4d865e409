//! What a game puts in the side panel ([`PanelInfo`]); the screen frames it with what every
//! game's panel shows. A leaf beside the games: it imports only the setup and ratatui.

use super::request::Waiting;
use super::setup::Setup;
use ratatui::text::Line;

/// What the panel shows, whatever the game.
pub struct PanelInfo<'a> {
    pub settings: &'a Setup,
    pub to_move: usize,
    pub loser: Option<usize>,
    /// The solver's line: a gauge while it works, else a short text.
    pub solver: SolverLine,
    /// Legal moves, hints, notes.
    pub info: Vec<Line<'a>>,
    /// Each move in the move list's words ("c2", "took 3"), worded as it is shown.
    pub history: History<'a>,
}

/// A game's moves as its move list words them ("c2", "took 3"): how many there are, and each
/// one in words when asked, so that a frame words only the moves it shows, however long the
/// game (see [`moves_worded`]).
pub struct History<'a> {
    len: usize,
    word: Box<dyn Fn(usize) -> String + 'a>,
}

impl<'a> History<'a> {
    /// The history of `moves`, each worded by `word`.
    pub fn new<M>(moves: &'a [M], word: impl Fn(&M) -> String + 'a) -> History<'a> {
        History {
            len: moves.len(),
            word: Box::new(move |index| word(&moves[index])),
        }
    }

    /// How many moves were made.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no move was made.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Move `index` (from 0) in words; `None` past the last move.
    pub fn word(&self, index: usize) -> Option<String> {
        (index < self.len).then(|| {
            WORDED.with(|worded| worded.set(worded.get().saturating_add(1)));
            (self.word)(index)
        })
    }

    /// Every move in words, first to last, each worded as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.len).filter_map(|index| self.word(index))
    }
}

thread_local! {
    /// How many moves this thread's histories have worded (see [`moves_worded`]).
    static WORDED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many moves the histories on this thread have worded so far: the tests count what a
/// frame of a long game costs with it (the moves it shows, never the whole game).
pub fn moves_worded() -> u64 {
    WORDED.with(std::cell::Cell::get)
}

/// The solver's line in the panel.
pub enum SolverLine {
    /// A build under way: `label` says what is built ("solving"), beside its gauge.
    Progress {
        label: &'static str,
        done: u64,
        total: u64,
    },
    Text(String),
    Warning(String),
}

impl SolverLine {
    /// The gauge of the build a game waits for, while it is built; else `otherwise`.
    pub fn waiting_or(
        waiting: Option<&Waiting>,
        otherwise: impl FnOnce() -> SolverLine,
    ) -> SolverLine {
        match waiting {
            Some(w) => SolverLine::Progress {
                label: w.label,
                done: w.done,
                total: w.total,
            },
            None => otherwise(),
        }
    }
}

/// "You are " or "Computer is ".
pub fn subject(name: &str) -> String {
    if name == "You" {
        "You are ".to_string()
    } else {
        format!("{name} is ")
    }
}
