//! The Study screen's state: the position studied (a game's [`Study`], with the line explored
//! from it), the chosen move (the list's cursor, which the board highlights), how far the list
//! is scrolled, and the game to go back to when the study was opened from one.
//!
//! In review mode ([`StudyScreen::reviewing`]) the line is a finished game's: ←/→ step along
//! it, the board shows the position before the move on show with that move chosen, and the
//! [`Review`] says what the move was.

use super::review::Review;
use crate::games::request::{JudgedMoves, Request, SolverMessage};
use crate::games::session::Session;
use crate::games::study::{Editor, Study, move_of};
use crate::input::{Action, Spot};
use crate::settings::GameKind;

/// What a key did to the Study screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The study goes on.
    Stays,
    /// The editor's position replaced the study (its requests are new).
    Replaced,
    /// The study is to be left.
    Leave,
    /// Copy the position's string.
    Copy,
    /// Play a game from the position, the person moving first (`true`) or second.
    Play(bool),
}

/// The Study screen.
pub struct StudyScreen {
    /// The game studied (its rules head the help).
    pub kind: GameKind,
    /// The position studied and the line explored from it.
    pub study: Box<dyn Study>,
    /// The chosen move, by its index in the analysis (the game's order); `None` when there is
    /// no move.
    pub chosen: Option<usize>,
    /// Whether the person chose the chosen move (a key, the mouse, a move taken back), rather
    /// than the screen (the best move, or the first while outcomes are not known yet): the
    /// screen's choice follows the best move when the outcomes arrive, the person's is kept.
    picked: bool,
    /// The first row of the move list shown.
    pub top: usize,
    /// The rows of the move list in view, as last drawn (at least 1).
    pub rows: usize,
    /// For each move of the line played here, the list's first row before it was played:
    /// taking the move back shows the list as it was.
    tops: Vec<usize>,
    /// The game the study was opened from, which Esc goes back to unchanged.
    pub behind: Option<Box<dyn Session>>,
    /// The job number of the study's latest table request, if it made one: the solver's answers
    /// carrying it are the study's, the others the game's behind it.
    pub job: Option<u64>,
    /// The editor, while a position is being set up (`e`).
    pub editor: Option<Box<dyn Editor>>,
    /// Why the position set up cannot be studied, after Enter tried.
    pub edit_problem: Option<String>,
    /// The finished game under review, in review mode.
    pub review: Option<Review>,
    /// Whether `p` asks which side the person plays.
    pub choosing_side: bool,
    /// A note for the player until the next key (where `w` wrote the record: a line each for
    /// the file and its folder).
    pub note: Option<String>,
    /// What the screen itself asks of the solver threads (a review's judging), until the app
    /// takes it with the study's requests.
    requests: Vec<Request>,
    /// Whether the review's moves are being judged again with the study's tables.
    rejudging: bool,
}

impl StudyScreen {
    /// The study of `study`, opened from the game `behind` (or from the menu).
    pub fn new(
        kind: GameKind,
        study: Box<dyn Study>,
        behind: Option<Box<dyn Session>>,
    ) -> StudyScreen {
        let mut screen = StudyScreen {
            kind,
            study,
            chosen: None,
            picked: false,
            top: 0,
            rows: 1,
            tops: Vec::new(),
            behind,
            job: None,
            editor: None,
            edit_problem: None,
            review: None,
            choosing_side: false,
            note: None,
            requests: Vec::new(),
            rejudging: false,
        };
        screen.reset_choice();
        screen
    }

    /// The review of a finished game: `study` is the game's start (its line empty), and the
    /// screen shows the review's first move. The game's moves are laid along the study's line
    /// at once, so that each step costs the position it shows alone.
    pub fn reviewing(
        kind: GameKind,
        mut study: Box<dyn Study>,
        review: Review,
        behind: Option<Box<dyn Session>>,
    ) -> StudyScreen {
        study.lay_line(&review.record.moves);
        let mut review = review;
        review.expect_more(study.judges_later());
        let mut screen = StudyScreen::new(kind, study, behind);
        screen.review = Some(review);
        screen.show_played();
        screen
    }

    /// Steps the review `by` moves along the game (back when negative): the line follows,
    /// along the moves laid when the review opened, analysing the position it reaches alone.
    pub fn step(&mut self, by: isize) {
        let Some(review) = &mut self.review else {
            return;
        };
        review.step(by);
        // Short of the move asked for only where the game's moves stopped being legal (they
        // cannot: the record was replayed).
        review.at = self.study.go_to(review.at);
        self.show_played();
    }

    /// Goes to the review's position after `at` moves (its end past the last move), as
    /// [`StudyScreen::step`] does.
    pub fn go_to(&mut self, at: usize) {
        let Some(review) = &mut self.review else {
            return;
        };
        review.at = at.min(review.len());
        review.at = self.study.go_to(review.at);
        self.show_played();
    }

    /// Chooses the move the game played from the position on show, so the board and the list
    /// highlight it.
    fn show_played(&mut self) {
        self.note_why();
        self.top = 0;
        let played = self.review.as_ref().and_then(Review::played);
        self.picked = false;
        self.chosen = match played {
            Some(played) => self.study.find(played),
            None => self.order().first().copied(),
        };
        if let Some(row) = self.chosen_row() {
            self.show_row(row, self.rows);
        }
    }

    /// Gives the review the last line of the why of the position on show (once a step, or a
    /// table, not once a frame).
    fn note_why(&mut self) {
        if let Some(review) = &mut self.review {
            review.why = self.study.why().pop();
        }
    }

    /// The moves' indices as the list shows them, best first.
    pub fn order(&self) -> Vec<usize> {
        self.study.analysis().best_first()
    }

    /// The chosen move's row in the list.
    pub fn chosen_row(&self) -> Option<usize> {
        let chosen = self.chosen?;
        self.order().iter().position(|&at| at == chosen)
    }

    /// What the study and the screen need from the solver threads since the last call, oldest
    /// first.
    pub fn take_requests(&mut self) -> Vec<Request> {
        let mut requests = self.study.take_requests();
        requests.append(&mut self.requests);
        requests
    }

    /// The judged moves of the game under review arrived.
    pub fn on_judged(&mut self, judged: JudgedMoves) {
        if let Some(review) = &mut self.review {
            review.rejudge(judged);
            self.rejudging = false;
            review.expect_more(self.study.judges_later());
        }
    }

    /// The solver answered the study: when its moves arrive, the best one is chosen (in a
    /// review, the move played).
    pub fn on_solver(&mut self, message: SolverMessage) {
        self.study.on_solver(message);
        // A table that came may say more of why.
        self.note_why();
        if let Some(review) = &mut self.review {
            // The study's tables may judge more of the game than its replay did: judged again
            // on a solver thread, the labels so far stay until then.
            if let Some(task) = self.study.judging(&review.record.moves) {
                self.requests.push(Request::Judge(task));
                self.rejudging = true;
            }
            // Until then the moves not judged yet are being judged.
            review.expect_more(self.rejudging || self.study.judges_later());
            if let Some(reason) = self.study.unjudgeable() {
                review.cannot_judge(reason);
            }
            // A review shows the move played, once the study knows the moves.
            return self.show_played();
        }
        // The moves listed while the table builds stay where they are when it comes, and so
        // does the person's choice among them; the screen's own choice becomes the best move.
        let count = self.study.analysis().moves.len();
        if !self.picked || self.chosen.is_none_or(|at| at >= count) {
            self.reset_choice();
        }
    }

    /// After the position changed: the best move is chosen and the list starts at the top.
    fn reset_choice(&mut self) {
        self.chosen = self.order().first().copied();
        self.picked = false;
        self.top = 0;
    }

    /// A key in the editor: Enter studies the position set up (unless it is not one: the
    /// panel says why), Esc leaves the editor; the rest goes to the editor. Whether a new
    /// study replaced the old one.
    fn edit(&mut self, action: Action) -> bool {
        let Some(editor) = &mut self.editor else {
            return false;
        };
        match action {
            Action::Select => match editor.study() {
                Ok(study) => {
                    self.study = study;
                    self.tops.clear();
                    self.editor = None;
                    self.edit_problem = None;
                    self.reset_choice();
                    return true;
                }
                Err(problem) => self.edit_problem = Some(problem),
            },
            Action::Back => {
                self.editor = None;
                self.edit_problem = None;
            }
            _ => {
                editor.act(action);
                self.edit_problem = None;
            }
        }
        false
    }

    /// A character typed while editing (`None`: Backspace); whether the editor took it.
    pub fn type_char(&mut self, c: Option<char>) -> bool {
        let Some(editor) = &mut self.editor else {
            return false;
        };
        let taken = editor.type_char(c);
        if taken {
            self.edit_problem = None;
        }
        taken
    }

    /// Does what a key asks for with `rows` rows of the list in view: what became of the
    /// study.
    pub fn act(&mut self, action: Action, rows: usize) -> Outcome {
        self.note = None;
        if self.review.is_some() {
            match action {
                Action::Left | Action::Erase => self.step(-1),
                Action::Right | Action::Select => self.step(1),
                Action::First => self.step(isize::MIN),
                Action::Last => self.step(isize::MAX),
                Action::Up => self.choose_row(-1, rows),
                Action::Down => self.choose_row(1, rows),
                Action::PageUp => self.page(-1, rows),
                Action::PageDown => self.page(1, rows),
                Action::Back | Action::Quit => return Outcome::Leave,
                _ => {}
            }
            return Outcome::Stays;
        }
        if self.editor.is_some() {
            return if self.edit(action) {
                Outcome::Replaced
            } else {
                Outcome::Stays
            };
        }
        if self.choosing_side {
            self.choosing_side = false;
            return match action {
                Action::Digit(1) => Outcome::Play(true),
                Action::Digit(2) => Outcome::Play(false),
                _ => Outcome::Stays,
            };
        }
        match action {
            Action::Edit => self.editor = Some(self.study.editor(self.chosen)),
            Action::CopyPosition => return Outcome::Copy,
            // Over only where no move is left to make: moves not listed yet (a table still
            // building) or not listable are no reason not to play, as the game finds its own.
            Action::PlayFrom if self.study.analysis().is_over() => {
                self.note = Some("The game is over here: nothing to play.".into());
            }
            Action::PlayFrom => self.choosing_side = true,
            Action::Up => self.choose_row(-1, rows),
            Action::Down => self.choose_row(1, rows),
            Action::Left => self.choose_on_board(-1, rows),
            Action::Right => self.choose_on_board(1, rows),
            Action::Select => self.play_chosen(),
            Action::Erase => self.take_back(rows),
            Action::PageUp => self.page(-1, rows),
            Action::PageDown => self.page(1, rows),
            Action::First => self.choose_row(isize::MIN, rows),
            Action::Last => self.choose_row(isize::MAX, rows),
            Action::Back | Action::Quit => return Outcome::Leave,
            _ => {}
        }
        Outcome::Stays
    }

    /// Takes back the line's last move and chooses it, the list scrolled as it was before the
    /// move was played (and the move in view): a person exploring tries its neighbour next.
    fn take_back(&mut self, rows: usize) {
        let Some(last) = self.study.line_tail(1).pop() else {
            return;
        };
        if !self.study.take_back() {
            return;
        }
        self.top = self.tops.pop().unwrap_or(0);
        let moves = &self.study.analysis().moves;
        self.chosen = moves
            .iter()
            .position(|m| m.notation == last)
            .or_else(|| self.order().first().copied());
        self.picked = true;
        if let Some(row) = self.chosen_row() {
            self.show_row(row, rows);
        }
    }

    /// Plays the chosen move, if there is one.
    pub fn play_chosen(&mut self) {
        if let Some(at) = self.chosen {
            let before = self.study.line_len();
            self.study.play(at);
            if self.study.line_len() > before {
                self.tops.push(self.top);
            }
            self.reset_choice();
        }
    }

    /// Moves the choice `by` rows down the list (up when negative), keeping it in view.
    fn choose_row(&mut self, by: isize, rows: usize) {
        let order = self.order();
        if order.is_empty() {
            return;
        }
        let row = self
            .chosen_row()
            .map_or(0, |row| row.saturating_add_signed(by).min(order.len() - 1));
        self.chosen = Some(order[row]);
        self.picked = true;
        self.show_row(row, rows);
    }

    /// Moves the choice `by` moves along the board's order (the game's), keeping it in view.
    fn choose_on_board(&mut self, by: isize, rows: usize) {
        let count = self.study.analysis().moves.len();
        if count == 0 {
            return;
        }
        let at = self
            .chosen
            .map_or(0, |at| at.saturating_add_signed(by).min(count - 1));
        self.chosen = Some(at);
        self.picked = true;
        if let Some(row) = self.chosen_row() {
            self.show_row(row, rows);
        }
    }

    /// A page down the list (`by` 1) or up (`-1`): the choice and the list move together, a
    /// page at a time, so the chosen move stays in view.
    fn page(&mut self, by: isize, rows: usize) {
        let rows = rows.max(1);
        let count = self.order().len();
        if count == 0 {
            return;
        }
        let step = by.saturating_mul(isize::try_from(rows).unwrap_or(isize::MAX));
        let row = self.chosen_row().unwrap_or(0);
        let last_top = count.saturating_sub(rows);
        self.top = self
            .top
            .min(last_top)
            .saturating_add_signed(step)
            .min(last_top);
        self.chosen = Some(self.order()[row.saturating_add_signed(step).min(count - 1)]);
        self.picked = true;
        if let Some(row) = self.chosen_row() {
            self.show_row(row, rows);
        }
    }

    /// The list is drawn `rows` rows high: it scrolls to keep the chosen move in view.
    pub fn fit(&mut self, rows: usize) {
        self.rows = rows.max(1);
        let last_top = self.order().len().saturating_sub(self.rows);
        self.top = self.top.min(last_top);
        if let Some(row) = self.chosen_row() {
            self.show_row(row, self.rows);
        }
    }

    /// Scrolls the list so that `row` is in view.
    fn show_row(&mut self, row: usize, rows: usize) {
        let rows = rows.max(1);
        if row < self.top {
            self.top = row;
        } else if row >= self.top + rows {
            self.top = row + 1 - rows;
        }
    }

    /// Scrolls the list `by` rows (up when negative), no further than its end; the choice
    /// moves with it as far as it must to stay in view (the wheel).
    pub fn scroll(&mut self, by: isize, rows: usize) {
        let rows = rows.max(1);
        let order = self.order();
        let last_top = order.len().saturating_sub(rows);
        self.top = self.top.saturating_add_signed(by).min(last_top);
        if let Some(row) = self.chosen_row() {
            let kept = row.clamp(self.top, (self.top + rows - 1).min(order.len() - 1));
            self.chosen = Some(order[kept]);
            self.picked = true;
        }
    }

    /// The mouse over (`click: false`) or pressed on a move the board drew: pointing chooses
    /// it, a click plays it. While editing, it goes to the editor.
    pub fn point(&mut self, spot: Spot, click: bool) {
        if let Some(editor) = &mut self.editor {
            editor.point(spot, click);
            self.edit_problem = None;
            return;
        }
        let Some(at) = move_of(spot).filter(|&at| at < self.study.analysis().moves.len()) else {
            return;
        };
        self.chosen = Some(at);
        self.picked = true;
        // A review keeps to the game's line: pointing only chooses.
        if click && self.review.is_none() {
            self.play_chosen();
        } else if let Some(row) = self.chosen_row() {
            self.show_row(row, self.rows);
        }
    }

    /// A click on the list's entry for the move `at`: the first chooses it, a second plays it.
    pub fn click_entry(&mut self, at: usize) {
        if at >= self.study.analysis().moves.len() {
            return;
        }
        if self.chosen == Some(at) && self.review.is_none() {
            self.play_chosen();
        } else {
            self.chosen = Some(at);
            self.picked = true;
            if let Some(row) = self.chosen_row() {
                self.show_row(row, self.rows);
            }
        }
    }
}
