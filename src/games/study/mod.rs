//! What a game gives the Study screen: a position to explore ([`Study`]), its analysis in words
//! the screen can show whatever the game ([`Analysis`]: the outcome, the moves left and every
//! legal move with its outcome, moves left and winning replies), and the marks the board puts
//! on each move (`W7`, `L12`). Each game implements [`Study`] in its own folder; the app and the
//! screen reach it only through this trait. `editor.rs` holds the [`Editor`] that sets up another
//! position and the fields the coin games' editors are made of; `takes.rs` draws a coin game's
//! board of take buttons.

use super::moves_left::{PositionAnalysis, Proven};
use super::request::{JudgedMoves, Request, SolverMessage, Task, Waiting};
use super::review::MoveWords;
use crate::input::{Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

mod editor;
mod takes;

pub use editor::{EditField, EditFields, Editor, FieldsEditor, whole_number};
pub use takes::{TakeBoard, TakeRow, draw_takes};

/// One legal move, studied, as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StudyMove {
    /// The move in the game's notation ("3", "c2", "2:3").
    pub notation: String,
    /// Whether the move wins for the player making it; `None` when nothing is known of it (a
    /// Chomp box whose outcome table does not fit the memory budget: the move is listed to be
    /// played, not judged).
    pub wins: Option<bool>,
    /// The moves left of the position the move leaves, when known.
    pub moves_left: Option<u64>,
    /// How many winning moves the opponent has after it, when known.
    pub winning_replies: Option<usize>,
}

impl StudyMove {
    /// A legal move of which nothing is known but its notation.
    pub fn unknown(notation: String) -> StudyMove {
        StudyMove {
            notation,
            wins: None,
            moves_left: None,
            winning_replies: None,
        }
    }

    /// A winning move known from the game's answer alone (its moves left out of reach): it
    /// leaves the opponent no winning reply.
    pub fn winning(notation: String) -> StudyMove {
        StudyMove {
            notation,
            wins: Some(true),
            moves_left: None,
            winning_replies: Some(0),
        }
    }
}

/// A position, analysed for the screen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Whether the player to move wins; `None` while it is not known yet.
    pub wins: Option<bool>,
    /// The position's moves left, when known.
    pub moves_left: Option<u64>,
    /// Every legal move, in the game's order (the board's); empty when there is none, or
    /// while they are not known yet; when there are too many to list, the winning ones alone
    /// (the note says so).
    pub moves: Vec<StudyMove>,
    /// Why something is missing ("moves left: not within the memory budget"), if anything is.
    pub note: Option<String>,
    /// A build the analysis waits for, and how far it has got.
    pub progress: Option<BuildProgress>,
}

/// A build the Study screen's gauge shows: what is being built and how far it has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// What the gauge says is being built ("outcomes", "moves left").
    pub label: &'static str,
    /// Steps done so far, of `total` (both 0 before the first report).
    pub done: u64,
    pub total: u64,
}

impl BuildProgress {
    /// Where `waiting`'s build has got.
    pub fn of(waiting: &Waiting) -> BuildProgress {
        BuildProgress {
            label: waiting.label,
            done: waiting.done,
            total: waiting.total,
        }
    }

    /// The share done, from 0 to 1 (0 before the first report).
    pub fn ratio(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            (self.done as f64 / self.total as f64).clamp(0.0, 1.0)
        }
    }
}

impl Analysis {
    /// Moves the gauge of an analysis that shows one to where `waiting`'s build has got: the
    /// moves stay as they are until the build is done and the position is analysed again.
    pub fn follow(&mut self, waiting: Option<&Waiting>) {
        if let (Some(gauge), Some(waiting)) = (&mut self.progress, waiting) {
            *gauge = BuildProgress::of(waiting);
        }
    }

    /// The analysis of a game's study, each move written by `notation`.
    pub fn of<M: Clone>(study: &PositionAnalysis<M>, notation: impl Fn(&M) -> String) -> Analysis {
        Analysis::proven(&Proven::from(study), notation)
    }

    /// The analysis of what a game's answer proves of a position and its moves, each move
    /// written by `notation`: `?` where nothing proves an outcome.
    pub fn proven<M>(proven: &Proven<M>, notation: impl Fn(&M) -> String) -> Analysis {
        Analysis {
            wins: proven.wins,
            moves_left: proven.moves_left,
            moves: proven
                .moves
                .iter()
                .map(|m| StudyMove {
                    notation: notation(&m.mv),
                    wins: m.wins,
                    moves_left: m.moves_left,
                    winning_replies: m.winning_replies,
                })
                .collect(),
            ..Analysis::default()
        }
    }

    /// The moves' indices, best first: the winning moves by fewest moves left, then the moves
    /// whose outcome is not known (they may win), then the losing moves by most moves left; an
    /// unknown moves left comes last among the winning moves, and among the losing ones after
    /// those known to last a move or more, before a move that loses at once (it leaves a
    /// position whose opponent still has a move to make), unless the move leaves the opponent
    /// no winning reply: a lost position has one unless the game is over, so that move ended
    /// it (Chomp's poison), 0 moves left, last; among moves as long, the fewest winning
    /// replies first; and equal moves keep the game's order.
    pub fn best_first(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.moves.len()).collect();
        order.sort_by_key(|&at| {
            let m = &self.moves[at];
            let unknown = m.moves_left.is_none();
            // Winning first, fastest first; unknown next; losing last, longest first.
            let (kind, length) = match m.wins {
                Some(true) => (0, m.moves_left.unwrap_or(u64::MAX)),
                None => (1, 0),
                Some(false) => {
                    let ends_game = m.winning_replies == Some(0);
                    // Unknown: 0 for the move that ended the game, else a move at least.
                    let left = m.moves_left.unwrap_or(u64::from(!ends_game));
                    (2, u64::MAX - left)
                }
            };
            // Among equals, the fewest winning replies first (the computer's preference).
            let replies = m.winning_replies.unwrap_or(usize::MAX);
            (kind, length, unknown, replies)
        });
        order
    }

    /// Whether the game is over here: no move is left to make.
    pub fn is_over(&self) -> bool {
        self.moves.is_empty() && self.moves_left == Some(0)
    }

    /// The position's outcome for the player to move, in words: "wins", "loses"; once the game
    /// is over ([`Analysis::is_over`]), how it ended: "the last move lost" (Chomp's poison) or
    /// "the last move won" (the last coin); "not known yet" while a build is on its way, "not
    /// known" when none is.
    pub fn outcome(&self) -> &'static str {
        let over = self.is_over();
        match self.wins {
            None if self.progress.is_some() => "not known yet",
            None => "not known",
            Some(true) if over => "the last move lost",
            Some(true) => "wins",
            Some(false) if over => "the last move won",
            Some(false) => "loses",
        }
    }
}

/// The note of a position with too many moves to list, where the game's answer names the
/// `winning` moves and the list holds those alone: "too many takes to list: the winning one
/// alone" (`what`: "takes", "moves"). Short, for two lines of the panel.
pub fn winning_alone(what: &str, winning: usize) -> String {
    match winning {
        0 => format!("too many {what} to list; none of them wins"),
        1 => format!("too many {what} to list: the winning one alone"),
        n => format!("too many {what} to list: the {n} winning ones"),
    }
}

/// The mark a move carries on the board and in the list: `W7` for a move that wins with 7 moves
/// left after it, `L12` for one that loses but lasts 12; `W` or `L` alone when the moves left
/// are not known; `?` when its outcome is not known either. The letter carries the meaning
/// without colour.
pub fn mark(m: &StudyMove) -> String {
    let letter = match m.wins {
        Some(true) => 'W',
        Some(false) => 'L',
        None => return "?".to_string(),
    };
    match m.moves_left {
        Some(n) => format!("{letter}{n}"),
        None => letter.to_string(),
    }
}

/// The style of a move's mark: the good colour for a win, the bad for a loss, dim when its
/// outcome is not known, the cursor's when it is the chosen move.
pub fn mark_style(theme: &Theme, m: &StudyMove, chosen: bool) -> Style {
    match m.wins {
        _ if chosen => theme.cursor,
        Some(true) => theme.good,
        Some(false) => theme.bad,
        None => theme.dim,
    }
}

/// The spot a board records for the move at `index` (in the game's order).
pub fn spot(index: usize) -> Spot {
    Spot(index as u64, 0)
}

/// The move a board's spot stands for, if it is one.
pub fn move_of(spot: Spot) -> Option<usize> {
    usize::try_from(spot.0).ok()
}

/// What the studies on one thread have done so far: the positions they analysed and the moves
/// their lines played (see [`work_done`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StudyWork {
    /// Positions analysed (each the work of its moves, its outcomes and its moves left).
    pub analysed: u64,
    /// Moves played by the rules along a line.
    pub played: u64,
}

thread_local! {
    /// What this thread's studies have done (see [`work_done`]).
    static WORK: std::cell::Cell<StudyWork> = const {
        std::cell::Cell::new(StudyWork { analysed: 0, played: 0 })
    };
}

/// What the studies on this thread have done so far: the tests count what a step along a line
/// costs with it (the position shown, never the line before it).
pub fn work_done() -> StudyWork {
    WORK.with(std::cell::Cell::get)
}

/// Counts a position analysed (every study's analysis calls it).
pub fn count_analysis() {
    WORK.with(|work| {
        let mut done = work.get();
        done.analysed = done.analysed.saturating_add(1);
        work.set(done);
    });
}

/// A study's line: the moves played from its start and the position after each, and how many
/// of them lead to the position shown. The moves taken back stay ahead of it, with their
/// positions, until another move is played there: stepping along the line again (a review's
/// ←/→, Home, End) plays nothing, whatever the line's length.
#[derive(Debug, Clone)]
pub struct StudyLine<M, P> {
    /// Every move played along the line, those ahead of the position shown too.
    moves: Vec<M>,
    /// The position after each number of moves: the start first, one more than the moves.
    positions: Vec<P>,
    /// How many moves lead to the position shown.
    shown: usize,
}

impl<M: Copy + PartialEq, P> StudyLine<M, P> {
    /// A line not yet played from `start`.
    pub fn new(start: P) -> StudyLine<M, P> {
        StudyLine {
            moves: Vec::new(),
            positions: vec![start],
            shown: 0,
        }
    }

    /// The position the line starts from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The position shown.
    pub fn now(&self) -> &P {
        &self.positions[self.shown]
    }

    /// How many moves lead to the position shown.
    pub fn len(&self) -> usize {
        self.shown
    }

    /// Whether the position shown is the start.
    pub fn is_empty(&self) -> bool {
        self.shown == 0
    }

    /// The position before the one shown and the move made from it; `None` at the start.
    pub fn came_from(&self) -> Option<(&P, M)> {
        let last = self.shown.checked_sub(1)?;
        Some((&self.positions[last], self.moves[last]))
    }

    /// The last `count` (at most) of the moves leading to the position shown, in order.
    pub fn tail(&self, count: usize) -> &[M] {
        &self.moves[self.shown.saturating_sub(count)..self.shown]
    }

    /// Plays `m` from the position shown, `after` giving the position it leaves (`None`: it is
    /// not legal there). The move ahead, if it is `m`, is stepped onto and nothing is played;
    /// another move drops the moves ahead. Whether `m` was legal.
    pub fn play(&mut self, m: M, after: impl FnOnce(&P, M) -> Option<P>) -> bool {
        if self.moves.get(self.shown) == Some(&m) {
            self.shown += 1;
            return true;
        }
        let Some(next) = after(self.now(), m) else {
            return false;
        };
        count_played();
        self.moves.truncate(self.shown);
        self.positions.truncate(self.shown + 1);
        self.moves.push(m);
        self.positions.push(next);
        self.shown += 1;
        true
    }

    /// Takes back the last move to the position shown, keeping it ahead; `false` at the start.
    pub fn take_back(&mut self) -> bool {
        let back = self.shown > 0;
        self.shown = self.shown.saturating_sub(1);
        back
    }

    /// Lays `moves` ahead of the position shown in place of the moves there, each played from
    /// the last by `after` (as in [`StudyLine::play`]), up to the first that is not a move or
    /// not legal (`None`); the position shown stays. How many were laid.
    pub fn lay(
        &mut self,
        moves: impl IntoIterator<Item = Option<M>>,
        after: impl Fn(&P, M) -> Option<P>,
    ) -> usize {
        self.moves.truncate(self.shown);
        self.positions.truncate(self.shown + 1);
        for m in moves {
            let Some(m) = m else {
                break;
            };
            let last = &self.positions[self.moves.len()];
            let Some(next) = after(last, m) else {
                break;
            };
            count_played();
            self.moves.push(m);
            self.positions.push(next);
        }
        self.moves.len() - self.shown
    }

    /// Shows the position after the first `at` moves of the line, those ahead counted (at most
    /// as many as it holds); how many moves lead to it.
    pub fn go_to(&mut self, at: usize) -> usize {
        self.shown = at.min(self.moves.len());
        self.shown
    }
}

/// Counts a move played along a line.
fn count_played() {
    WORK.with(|work| {
        let mut done = work.get();
        done.played = done.played.saturating_add(1);
        work.set(done);
    });
}

/// A position being studied, and the line explored from it. Each game implements it (in its
/// folder's `study.rs`); the Study screen shows it and plays on it.
pub trait Study: Send {
    /// The tables the study holds, for the game it was opened from when it closes (see
    /// [`super::session::Session::adopt`]). None by default.
    fn tables(&self) -> Option<super::session::Leftover> {
        None
    }

    /// The game and its size, for the screen's title: "Subtraction game {1,3,4}".
    fn title(&self) -> String;

    /// The position now, for people: "pile 21", `[6,6,4,4,2,0,0]`.
    fn describe(&self) -> String;

    /// The position now as its string (`chomp 6x7 6,6,4,4,2,0,0`, `nim 3,4,5`), which `y`
    /// copies and `munch study --position` reads.
    fn position(&self) -> String;

    /// The position now, analysed.
    fn analysis(&self) -> &Analysis;

    /// Plays the move at `index` of the analysis's moves, extending the line.
    fn play(&mut self, index: usize);

    /// The index in the analysis of the move written `notation` in the notation saved games
    /// keep (a review highlights the move played with it); `None` when it is not legal now, or
    /// not listed.
    fn find(&self, notation: &str) -> Option<usize> {
        self.analysis()
            .moves
            .iter()
            .position(|m| m.notation == notation)
    }

    /// Plays the move written `notation` in the notation saved games keep, extending the line,
    /// whether or not the analysis lists it (a review steps along a game's record with it, its
    /// outcomes known or not); `false` when it is not a legal move now.
    fn play_move(&mut self, notation: &str) -> bool {
        let Some(at) = self.find(notation) else {
            return false;
        };
        let before = self.line_len();
        self.play(at);
        self.line_len() > before
    }

    /// The judging of a game played from the study's start (its moves in the notation saved
    /// games keep) with what the study knows, as a task for the solver threads, when it knows
    /// more than a replay of the game would (Chomp's tables, once they arrive); `None`
    /// otherwise.
    fn judging(&self, _moves: &[String]) -> Option<Task<JudgedMoves>> {
        None
    }

    /// Whether what will judge more of a game is on its way: tables building, which
    /// [`Study::judging`] will then judge the game with.
    fn judges_later(&self) -> bool {
        false
    }

    /// Why the moves of a game cannot be judged here, when nothing can judge them (a Chomp
    /// box whose table does not fit the memory budget).
    fn unjudgeable(&self) -> Option<String> {
        None
    }

    /// Takes back the line's last move; `false` when the line is empty.
    fn take_back(&mut self) -> bool;

    /// Lays `moves` (in the notation saved games keep) ahead of the position now, played by
    /// the rules alone, nothing analysed, for [`Study::go_to`] to step along (a review lays its
    /// game's moves when it opens). How many of them were legal: it stops at the first that is
    /// not.
    fn lay_line(&mut self, moves: &[String]) -> usize;

    /// Shows the position after the line's first `at` moves, those laid or taken back ahead
    /// of the position now counted (at most as many as there are), and analyses it: that
    /// position alone, wherever it is on the line. How many moves lead to it.
    fn go_to(&mut self, at: usize) -> usize;

    /// How many moves the line has so far.
    fn line_len(&self) -> usize;

    /// The last `count` (at most) moves of the line so far, in the game's notation.
    fn line_tail(&self, count: usize) -> Vec<String>;

    /// The moves of the line so far, in the game's notation.
    fn line(&self) -> Vec<String> {
        self.line_tail(self.line_len())
    }

    /// Draws the board in `area` with every legal move marked (the `chosen` one highlighted),
    /// recording each move's place in `spots` as [`spot`] writes it.
    fn render(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        chosen: Option<usize>,
        spots: &mut Spots,
    );

    /// The smallest area the board needs: (columns, rows).
    fn board_size(&self) -> (u16, u16);

    /// The heading of the list's moves column, whose entries are the moves in the game's words
    /// (its `Game::move_words`; this file is below the catalogue and does not name it).
    fn move_heading(&self) -> &'static str {
        "move"
    }

    /// The board's width at its natural size, every mark whole: a wider screen gives the
    /// panel the room left over. The smallest width ([`Study::board_size`]) unless the board
    /// can shorten its marks.
    fn board_width_whole(&self) -> u16 {
        self.board_size().0
    }

    /// Whether the board drawn in `area` shows its marks' letters alone (`W`, `L`), the moves
    /// left being only in the list: a board too wide for its full marks.
    fn marks_shortened(&self, _area: Rect) -> bool {
        false
    }

    /// What it needs from the solver threads since the last call, oldest first (Chomp's
    /// tables; the coin games need nothing).
    fn take_requests(&mut self) -> Vec<Request> {
        Vec::new()
    }

    /// The answer to its latest table request.
    fn on_solver(&mut self, _message: SolverMessage) {}

    /// An editor on the position now, to set up another position of the game; `chosen` is the
    /// move highlighted on the board (Chomp's editor starts its cursor on it).
    fn editor(&self, chosen: Option<usize>) -> Box<dyn Editor>;

    /// A move in the notation saved games keep in the words of the board it is studied on,
    /// where they are not its game's (`Game::move_words`, which the list says otherwise).
    /// Why the position studied is won or lost, in the game's terms ([`Rules::why`]), for the
    /// lines under the board; none by default.
    ///
    /// [`Rules::why`]: crate::games::core::rules::Rules::why
    fn why(&self) -> Vec<String> {
        Vec::new()
    }

    fn move_words(&self, _notation: &str) -> Option<MoveWords> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pile's take: `k` coins, legal up to the pile (as [`StudyLine::play`] asks it).
    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "the line's positions are passed by reference"
    )]
    fn take(pile: &u64, k: u64) -> Option<u64> {
        pile.checked_sub(k)
    }

    #[test]
    fn a_line_keeps_the_moves_taken_back_ahead_until_another_is_played() {
        let mut line: StudyLine<u64, u64> = StudyLine::new(10);
        assert!(line.play(3, take) && line.play(2, take));
        assert_eq!((line.len(), *line.now(), line.tail(5)), (2, 5, &[3, 2][..]));
        assert!(line.take_back() && line.take_back() && !line.take_back());
        assert_eq!((line.len(), *line.now()), (0, 10));
        let before = work_done();
        assert!(line.play(3, |_, _| panic!("the move ahead is not played again")));
        assert_eq!(line.go_to(7), 2, "as far as the line goes");
        assert_eq!(*line.now(), 5);
        assert_eq!(work_done().played, before.played, "nothing played");
        line.go_to(1);
        assert!(line.play(1, take), "another move drops those ahead");
        assert_eq!((line.go_to(9), *line.now()), (2, 6));
        assert!(!line.play(7, take), "not legal");
        assert_eq!(line.tail(1), &[1]);
    }

    #[test]
    fn laying_a_line_plays_up_to_the_first_move_that_is_not_legal_and_shows_no_other_position() {
        let mut line: StudyLine<u64, u64> = StudyLine::new(10);
        let before = work_done();
        assert_eq!(line.lay([Some(4), Some(4), Some(3), Some(1)], take), 2);
        assert_eq!(work_done().played - before.played, 2);
        assert_eq!(
            (line.len(), *line.now()),
            (0, 10),
            "the start is still shown"
        );
        assert_eq!((line.go_to(usize::MAX), *line.now()), (2, 2));
        line.go_to(1);
        assert_eq!(
            line.lay([Some(1), None, Some(1)], take),
            1,
            "a move not read stops it"
        );
        assert_eq!(
            (line.go_to(5), *line.now(), line.tail(9)),
            (2, 5, &[4, 1][..])
        );
    }

    fn studied(wins: bool, moves_left: Option<u64>) -> StudyMove {
        StudyMove {
            notation: String::new(),
            wins: Some(wins),
            moves_left,
            winning_replies: Some(0),
        }
    }

    #[test]
    fn best_first_is_the_fastest_win_then_the_longest_loss() {
        let analysis = Analysis {
            wins: Some(true),
            moves_left: Some(3),
            moves: vec![
                studied(false, Some(4)),
                studied(true, Some(6)),
                studied(false, Some(9)),
                studied(true, Some(2)),
                studied(false, None),
                studied(true, None),
                studied(true, Some(2)),
                StudyMove::unknown(String::new()),
            ],
            ..Analysis::default()
        };
        assert_eq!(analysis.best_first(), [3, 6, 1, 5, 7, 2, 0, 4]);
        // A loss whose moves left are not known, leaving `replies` winning replies.
        let lost = |replies: usize| StudyMove {
            winning_replies: Some(replies),
            ..studied(false, None)
        };
        // A loss of unknown length lasts a move at least: before the loss that ends the game.
        let losing = Analysis {
            wins: Some(false),
            moves: vec![studied(false, Some(0)), lost(1), studied(false, Some(3))],
            ..Analysis::default()
        };
        assert_eq!(losing.best_first(), [2, 1, 0]);
        // While moves left are not known (they build, or do not fit), the losing move that
        // ends the game (Chomp's poison: it leaves no winning reply to find) is still last.
        let building = Analysis {
            moves: vec![lost(0), lost(2), studied(true, None), lost(1)],
            ..Analysis::default()
        };
        assert_eq!(building.best_first(), [2, 3, 1, 0]);
        assert_eq!(analysis.outcome(), "wins");
        assert_eq!(Analysis::default().outcome(), "not known");
        let building = Analysis {
            progress: Some(BuildProgress {
                label: "moves left",
                done: 1,
                total: 2,
            }),
            ..Analysis::default()
        };
        assert_eq!(building.outcome(), "not known yet");
        let over = Analysis {
            wins: Some(false),
            moves_left: Some(0),
            ..Analysis::default()
        };
        assert!(over.is_over());
        assert!(!analysis.is_over());
        assert_eq!(
            over.outcome(),
            "the last move won",
            "the last coin was taken"
        );
    }

    #[test]
    fn among_moves_as_long_the_fewest_winning_replies_come_first() {
        let with = |wins: bool, left: u64, replies: usize| StudyMove {
            winning_replies: Some(replies),
            ..studied(wins, Some(left))
        };
        let analysis = Analysis {
            wins: Some(false),
            moves_left: Some(15),
            moves: vec![
                with(false, 14, 2),
                with(false, 14, 1),
                with(false, 16, 3),
                with(false, 14, 1),
                with(false, 12, 0),
            ],
            ..Analysis::default()
        };
        // The longest defence first whatever its replies; then, as long, 1 reply before 2.
        assert_eq!(analysis.best_first(), [2, 1, 3, 0, 4]);
    }

    #[test]
    fn marks_carry_the_outcome_in_a_letter() {
        assert_eq!(mark(&studied(true, Some(7))), "W7");
        assert_eq!(mark(&studied(false, Some(12))), "L12");
        assert_eq!(mark(&studied(false, None)), "L");
        assert_eq!(mark(&StudyMove::unknown("b2".into())), "?");
        assert_eq!(move_of(spot(41)), Some(41));
    }
}
