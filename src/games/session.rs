//! The [`Session`] trait: one game being played, as the app drives it and the screen shows it.
//! The app holds one `Box<dyn Session>` whatever the game, and keeps no per-game branches: keys,
//! pointer spots, ticks, solver answers, undo, saving and the game's own question all go
//! through here, and the screen draws it through here too (its view, its panel, its review).
//! A session holds no dialog: it says what it wants asked ([`Session::take_question`]), and the
//! app's modal stack shows the question and answers it.

use super::panel::PanelInfo;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task};
use crate::games::review::Judged;
use crate::input::{Action, Binding, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::any::Any;

/// What a finished session hands to the next one of the same game (Chomp's table, so that
/// playing again needs no new build); the next session takes what it recognises.
pub type Leftover = Box<dyn Any + Send>;

/// A game's own yes/no question before a move the person chose, in the game's words (Chomp's
/// "Eat the poison and lose?"): the app's modal stack draws it as a dialog.
#[derive(Debug, PartialEq, Eq)]
pub struct QuestionWords {
    /// The dialog's title.
    pub title: &'static str,
    /// What the dialog says, one line each.
    pub lines: &'static [&'static str],
    /// A line in the dialog's quieter colour, under them, if any.
    pub aside: Option<&'static str>,
    /// The yes button's words.
    pub yes: &'static str,
    /// The dialog's keys: the app's buttons' keys, with the game's words for yes.
    pub keys: &'static [Binding],
}

/// A question a game asks before playing a move: its words, and the move a yes plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub words: &'static QuestionWords,
    /// The move a yes plays, in notation ([`Session::play_asked`] plays it).
    pub move_text: String,
}

/// How a session shows itself on screen. Each game implements it in its `view.rs`, beside its
/// widgets, so that its session file need not import its view (nor its view the session's
/// trait impl).
pub trait View {
    /// Draws its view in `area` at clock `ticks` (which times the computer's flashing move),
    /// recording in `spots` where it drew each place the mouse can point at.
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots);

    /// What it puts in the side panel: the solver's line, hints, notes and the moves.
    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a>;

    /// The game-over review: how the game ended, then the moves that threw a won position away.
    fn review_lines(&self) -> Vec<String>;
}

/// One game in progress (or just finished); the screen draws it through [`View`].
pub trait Session: View + Any + Send {
    /// A key's action with no dialog showing (moves, hints, undo and redo); leaving is the
    /// app's question.
    fn act(&mut self, action: Action);

    /// The mouse over (`click: false`) or pressed on a spot its view drew.
    fn point(&mut self, spot: Spot, click: bool);

    /// One tick of the clock: the computer's flashing move lands, or the computer chooses.
    fn tick(&mut self, rng: &mut fastrand::Rng);

    /// The answer to the session's latest request of its kind (the app drops older ones).
    fn on_solver(&mut self, message: SolverMessage);

    /// What it needs from the solver since the last call, oldest first.
    fn take_requests(&mut self) -> Vec<Request>;

    /// Asks the solver again for what it still waits for: another screen's request (the
    /// Study screen's) cancelled it meanwhile. Nothing by default.
    fn ask_again(&mut self) {}

    /// Takes the tables a study opened from this game built (see [`Study::tables`]), so that
    /// what the study waited for is not built again once the game is back. Nothing by default.
    fn adopt(&mut self, _tables: Leftover) {}

    /// Takes back the last round (from the game-over box too).
    fn undo(&mut self);

    /// How many moves have been made.
    fn moves_made(&self) -> usize;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// The side that lost, once the game is over.
    fn loser(&self) -> Option<usize>;

    /// The moves so far, in the notation saved games keep.
    fn notation(&self) -> Vec<String>;

    /// Every move so far, judged (see [`Label`](crate::games::review::Label)), in notation.
    /// Slow on a long game: the review asks for [`Session::judging`] instead.
    fn judged(&self) -> Vec<Judged<String>>;

    /// What [`Session::judged`] answers, as a task for the solver threads: it holds what the
    /// game judges with (its tables, shared), so the interface's thread only waits for the
    /// answer.
    fn judging(&self) -> Task<JudgedMoves>;

    /// The position now as its string (`chomp 6x7 6,6,4,4,2,0,0`), which the catalogue's
    /// `parse_position` reads back (once the game is over, it names a finished position, which
    /// the parser refuses).
    fn position(&self) -> String;

    /// Plays saved moves from the start; `false` at the first illegal one, where it stops.
    fn replay_notation(&mut self, moves: &[String]) -> bool;

    /// The question a move the person chose asks before it is played (Chomp's "Eat the poison
    /// and lose?"), since the last call: the app shows it, and plays the move on a yes with
    /// [`Session::play_asked`]. The move is not played meanwhile. None by default.
    fn take_question(&mut self) -> Option<Question> {
        None
    }

    /// The person said yes to a question: plays its move, if it is still legal and the
    /// person's. Nothing by default.
    fn play_asked(&mut self, _move_text: &str) {}

    /// A short note for the player, shown in the panel.
    fn note(&mut self, note: String);

    /// The note showing, if any.
    fn message(&self) -> Option<&str>;

    /// Its keys while no dialog shows.
    fn bindings(&self) -> &'static [Binding];

    /// The smallest area its view needs beside the panel: (columns, rows).
    fn view_size(&self) -> (u16, u16);

    /// What the next session of the same game may reuse.
    fn leftover(self: Box<Self>) -> Option<Leftover>;

    /// The session as its own type, for tests.
    fn as_any(&self) -> &dyn Any;

    /// The rules the game is played by, for a study opened from it to share their tables
    /// (`None`: a session not on the core).
    fn rules(&self) -> Option<&dyn Any> {
        None
    }

    /// Why the position now is won or lost, in the game's own terms, from the tables the
    /// game holds (see `Rules::why`); none where the game says nothing more, or not yet.
    fn why(&self) -> Vec<String> {
        Vec::new()
    }
}
