//! Chomp studied ([`Study`]): the bar with every square marked by what eating it does (`W7`,
//! `L12`), and the line explored. Outcomes and moves left come from the moves-left table of the
//! studied start's box, which the solver thread builds (with its outcome table) on request: the
//! outcomes are marked as soon as the outcome table is there, the moves left when theirs is. A
//! box whose two tables do not fit the memory budget is studied from its outcome table alone,
//! and one whose outcome table does not fit either is studied by what the answer function
//! proves, until the line reaches a position whose own trimmed box fits: then that box's tables
//! are asked for, as the game does.

use super::answer::Source;
use super::judge::ChompJudge;
use super::moves_left::{Proof, proven, study};
use super::rules::{MAX_SIDE, Position, Square, column_letters};
use super::session::KeptTables;
use super::solver::{self, News, Phase};
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task};
use crate::games::study::{
    Analysis, BuildProgress, Editor, Study, StudyLine, count_analysis, mark, mark_style, spot,
};
use crate::input::{Action, Spot, Spots};
use crate::solve::{MovesLeftTable, OutcomeTable};
use crate::theme::{CHOCOLATE, CURSOR, EATEN, POISON, Theme};
use crate::units::{bytes, bytes_unbroken};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::sync::Arc;

/// What the study has from the solver.
enum Tables {
    /// Waiting for the moves-left table: `phase`'s build has done `done` of `total` steps. The
    /// outcome table it is built on, once that is there (the outcomes are shown meanwhile).
    MovesLeft {
        outcomes: Option<Arc<OutcomeTable>>,
        phase: Phase,
        done: u64,
        total: u64,
    },
    /// The moves-left table did not fit: waiting for the outcome table alone.
    Outcomes { done: u64, total: u64 },
    /// Both tables.
    Both(Arc<MovesLeftTable>),
    /// The outcome table alone: moves left are not within the memory budget.
    OutcomesOnly(Arc<OutcomeTable>),
    /// Not even the outcome table fits: nothing is known.
    Refused { needed_bytes: u64, budget: u64 },
}

/// The width of the row numbers left of the board.
const LABEL_WIDTH: u16 = 3;
/// A square's width when it shows its mark's letter alone: the pointer and the letter.
const SHORT_WIDTH: u16 = 2;

/// The size of the board's squares in an area (see [`ChompStudy::cells`]).
struct Cells {
    width: u16,
    height: u16,
    /// Whether the squares show their mark's letter alone.
    short: bool,
}

/// The width of a square of a `rows` × `cols` board: room for the longest mark and a space
/// before it. A move leaves at most the box's squares but one, and a position's moves left are
/// at most its squares (each move eats one at least), so a mark is `L` and that many digits at
/// most.
fn square_width(rows: u8, cols: u8) -> u16 {
    let most = (u32::from(rows) * u32::from(cols)).saturating_sub(1);
    let digits = most.max(1).ilog10() + 1;
    u16::try_from(digits).unwrap_or(3) + 2
}

/// The size of a `rows` × `cols` board's squares in `area`, the same on the study's board and
/// in its editor: as wide as the longest mark and a space before it, up to two columns wider
/// where the area has room, and two rows high where it has room; where even the marks do not
/// fit, a letter a square (`short`).
fn cells(rows: u8, cols: u8, area: Rect) -> Cells {
    let full = square_width(rows, cols);
    let (rows, cols) = (u16::from(rows), u16::from(cols).max(1));
    let room = area.width.saturating_sub(LABEL_WIDTH) / cols;
    let (width, short) = if room >= full {
        (room.min(full + 2), false)
    } else {
        (SHORT_WIDTH, true)
    };
    // Two rows a square, and the column letters under them.
    let height = if area.height > rows * 2 { 2 } else { 1 };
    Cells {
        width,
        height,
        short,
    }
}

/// The analysis of `position` when no table answers it: what the closed forms and the opening
/// book prove of it and of every legal move ([`proven`]), `?` where nothing does; with what
/// proves the position's outcome. `came_from`: the position before and the move made.
fn proven_outcomes(
    position: &Position,
    came_from: Option<(&Position, Square)>,
) -> (Analysis, Option<Proof>) {
    let (proven, proof) = proven(position, came_from);
    (Analysis::proven(&proven, ToString::to_string), proof)
}

/// A Chomp position being studied: the studied start, the line played from it, and the position
/// now analysed from the tables of the start's box.
pub struct ChompStudy {
    /// The box the game was played in (the board is drawn at its size).
    rows: u8,
    cols: u8,
    /// The moves of the line from the studied start, and the position after each.
    line: StudyLine<Square, Position>,
    /// The box the tables are of: the trimmed box of the studied start, or, once its tables
    /// were refused, of the line's position (see [`ChompStudy::follow_the_box`]).
    table_box: (u8, u8),
    tables: Tables,
    /// The memory budget, once the solver has named it by refusing a table.
    budget: Option<u64>,
    /// The legal moves now, in the analysis's order.
    moves: Vec<Square>,
    analysis: Analysis,
    requests: Vec<Request>,
}

impl ChompStudy {
    /// Studies the position a `rows` × `cols` bar reaches after `moves` (in notation); `None`
    /// when one is not legal. It asks the solver for the tables of the position's box.
    pub fn new(rows: u8, cols: u8, moves: &[String]) -> Option<ChompStudy> {
        ChompStudy::from_position(Position::full(rows.into(), cols.into()).ok()?, moves)
    }

    /// Studies the position `start` reaches after `moves` (in notation); `None` when one is
    /// not a legal move.
    pub fn from_position(start: Position, moves: &[String]) -> Option<ChompStudy> {
        let (rows, cols) = (start.rows(), start.cols());
        let mut position = start;
        for text in moves {
            let square = Square::parse(text).ok()?;
            position = position.eat(square)?;
        }
        let table_box = position.bounding_box();
        let mut requests = Vec::new();
        if table_box.0 > 0 {
            requests.push(solver::moves_left(table_box.0, table_box.1));
        }
        let mut study = ChompStudy {
            rows,
            cols,
            line: StudyLine::new(position),
            table_box,
            tables: Tables::MovesLeft {
                outcomes: None,
                phase: Phase::Outcomes,
                done: 0,
                total: 0,
            },
            budget: None,
            moves: Vec::new(),
            analysis: Analysis::default(),
            requests,
        };
        study.analyse();
        Some(study)
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.line.now()
    }

    /// Studies `position` in a `rows` × `cols` bar.
    pub fn of(rows: u8, cols: u8, position: &Position) -> Option<ChompStudy> {
        let mut study = ChompStudy::new(rows, cols, &[])?;
        if position.rows() != rows || position.cols() != cols {
            return None;
        }
        study.line = StudyLine::new(position.clone());
        study.table_box = position.bounding_box();
        study.requests.clear();
        if study.table_box.0 > 0 {
            study
                .requests
                .push(solver::moves_left(study.table_box.0, study.table_box.1));
        }
        study.analyse();
        Some(study)
    }

    fn analyse(&mut self) {
        count_analysis();
        let position = self.line.now();
        let came_from = self.line.came_from();
        // What proves the position's outcome where no table does.
        let mut proof = None;
        let mut analysis = if position.is_empty() {
            // The poison was eaten: the player to move has won, with no move left to make.
            Analysis {
                wins: Some(true),
                moves_left: Some(0),
                ..Analysis::default()
            }
        } else {
            match &self.tables {
                Tables::Both(table) => study(table.outcomes(), Some(table), position)
                    .map(|s| Analysis::of(&s, ToString::to_string))
                    .unwrap_or_default(),
                Tables::OutcomesOnly(outcomes) => study(outcomes, None, position)
                    .map(|s| Analysis::of(&s, ToString::to_string))
                    .unwrap_or_default(),
                // The outcomes are there, the moves left still building.
                Tables::MovesLeft {
                    outcomes: Some(outcomes),
                    ..
                } => Analysis {
                    progress: self.progress(),
                    ..study(outcomes, None, position)
                        .map(|s| Analysis::of(&s, ToString::to_string))
                        .unwrap_or_default()
                },
                // Still building: the moves are listed to be played, what the closed forms and
                // the opening book prove marked at once, the rest to come.
                Tables::MovesLeft { outcomes: None, .. } | Tables::Outcomes { .. } => Analysis {
                    progress: self.progress(),
                    ..proven_outcomes(position, came_from).0
                },
                // No table: the moves are still there to be played, marked as far as proven.
                Tables::Refused { .. } => {
                    let analysis;
                    (analysis, proof) = proven_outcomes(position, came_from);
                    analysis
                }
            }
        };
        analysis.note = match &self.tables {
            Tables::OutcomesOnly(_) => Some("moves left: not within the memory budget".into()),
            Tables::Outcomes { .. } => {
                Some("moves left: not within the memory budget; solving outcomes".into())
            }
            Tables::Refused {
                needed_bytes,
                budget,
            } => Some(match proof {
                // Strategy stealing fills the panel's two rows saying what it does not prove.
                Some(proof @ Proof::Answer(Source::StrategyStealing)) => proof.words().to_string(),
                // Short, for the panel's two rows: "By the opening book. No table: needs
                // 8.0 GiB, 2.0 GiB left". The budget is what `--memory` leaves for tables.
                Some(proof) => format!(
                    "{}. No table: needs {}, {} left",
                    proof.words(),
                    bytes_unbroken(*needed_bytes),
                    bytes_unbroken(*budget)
                ),
                None => format!(
                    "No table: needs {}, {} left for tables",
                    bytes_unbroken(*needed_bytes),
                    bytes_unbroken(*budget)
                ),
            }),
            _ => None,
        };
        self.moves = if analysis.moves.is_empty() {
            Vec::new()
        } else {
            self.line.now().moves().collect()
        };
        self.analysis = analysis;
    }

    /// The build the study waits for, named by its phase, and how far it has got.
    fn progress(&self) -> Option<BuildProgress> {
        let (phase, done, total) = match self.tables {
            Tables::MovesLeft {
                phase, done, total, ..
            } => (phase, done, total),
            Tables::Outcomes { done, total } => (Phase::Outcomes, done, total),
            _ => return None,
        };
        Some(BuildProgress {
            label: phase.label(),
            done,
            total,
        })
    }

    /// Moves the gauge of an analysis that shows one (not that of a finished game's
    /// position) to where the build has got.
    fn follow(&mut self) {
        if self.analysis.progress.is_some() {
            self.analysis.progress = self.progress();
        }
    }

    /// The squares' size in `area` (see [`cells`]).
    fn cells(&self, area: Rect) -> Cells {
        cells(self.rows, self.cols, area)
    }

    /// The width of a square on the board (see [`square_width`]).
    fn square_width(&self) -> u16 {
        square_width(self.rows, self.cols)
    }

    /// Eats `square`, extending the line; `false` when it is not on the bar.
    fn eat(&mut self, square: Square) -> bool {
        if !self.line.play(square, Position::eat) {
            return false;
        }
        self.follow_the_box();
        self.analyse();
        true
    }

    /// Keeps the tables on the trimmed box of the position shown, as the game does, once the
    /// solver has refused the start's: a position whose box fits the budget asks for that
    /// box's tables (built on the table thread, with the gauge); a position a smaller table
    /// does not cover asks again for its own box's, or is refused at once when even its
    /// outcome table exceeds the budget. While nothing was refused, the start's tables cover
    /// every position of the line.
    fn follow_the_box(&mut self) {
        let Some(budget) = self.budget else {
            return;
        };
        let (rows, cols) = self.line.now().bounding_box();
        if rows == 0 || (rows, cols) == self.table_box {
            return;
        }
        let covered = self.table_box.0 >= rows && self.table_box.1 >= cols;
        let refused = matches!(self.tables, Tables::Refused { .. });
        if covered && !refused {
            return;
        }
        let needed_bytes = OutcomeTable::bytes_for(rows, cols);
        self.table_box = (rows, cols);
        if needed_bytes > budget {
            self.tables = Tables::Refused {
                needed_bytes,
                budget,
            };
            return;
        }
        self.tables = Tables::MovesLeft {
            outcomes: None,
            phase: Phase::Outcomes,
            done: 0,
            total: 0,
        };
        self.requests.push(solver::moves_left(rows, cols));
    }
}

impl Study for ChompStudy {
    fn tables(&self) -> Option<crate::games::session::Leftover> {
        let kept = match &self.tables {
            Tables::Both(moves_left) => KeptTables {
                outcomes: Arc::clone(moves_left.outcomes()),
                moves_left: Some(Arc::clone(moves_left)),
            },
            Tables::OutcomesOnly(outcomes)
            | Tables::MovesLeft {
                outcomes: Some(outcomes),
                ..
            } => KeptTables {
                outcomes: Arc::clone(outcomes),
                moves_left: None,
            },
            Tables::MovesLeft { outcomes: None, .. }
            | Tables::Outcomes { .. }
            | Tables::Refused { .. } => return None,
        };
        Some(Box::new(kept))
    }

    fn title(&self) -> String {
        format!("Chomp {}×{}", self.rows, self.cols)
    }

    fn judging(&self, moves: &[String]) -> Option<Task<JudgedMoves>> {
        let (outcomes, moves_left) = match &self.tables {
            Tables::Both(table) => (Arc::clone(table.outcomes()), Some(Arc::clone(table))),
            Tables::OutcomesOnly(outcomes) => (Arc::clone(outcomes), None),
            _ => return None,
        };
        let start = self.line.start().clone();
        let squares = moves
            .iter()
            .map(|text| Square::parse(text).ok())
            .collect::<Option<Vec<Square>>>()?;
        let judge = ChompJudge {
            start,
            outcomes: Some(outcomes),
            moves_left,
        };
        Some(judge.judging(squares))
    }

    fn judges_later(&self) -> bool {
        // An empty position asks for no table.
        self.table_box.0 > 0
            && matches!(
                self.tables,
                Tables::MovesLeft { .. } | Tables::Outcomes { .. }
            )
    }

    fn unjudgeable(&self) -> Option<String> {
        match &self.tables {
            Tables::Refused {
                needed_bytes,
                budget,
            } => Some(format!(
                "the {}×{} table needs {}, more than the {} left for tables",
                self.table_box.0,
                self.table_box.1,
                bytes(*needed_bytes),
                bytes(*budget)
            )),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        self.line.now().to_string()
    }

    fn position(&self) -> String {
        super::position::print(self.line.now())
    }

    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn play(&mut self, index: usize) {
        if let Some(&square) = self.moves.get(index) {
            self.eat(square);
        }
    }

    fn play_move(&mut self, notation: &str) -> bool {
        // The bar's own rules: the moves need not be listed (the tables still building).
        Square::parse(notation).is_ok_and(|square| self.eat(square))
    }

    fn take_back(&mut self) -> bool {
        if !self.line.take_back() {
            return false;
        }
        self.follow_the_box();
        self.analyse();
        true
    }

    fn lay_line(&mut self, moves: &[String]) -> usize {
        self.line.lay(
            moves.iter().map(|text| Square::parse(text).ok()),
            Position::eat,
        )
    }

    fn go_to(&mut self, at: usize) -> usize {
        let shown = self.line.go_to(at);
        self.follow_the_box();
        self.analyse();
        shown
    }

    fn line_len(&self) -> usize {
        self.line.len()
    }

    fn line_tail(&self, count: usize) -> Vec<String> {
        self.line
            .tail(count)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn render(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        chosen: Option<usize>,
        spots: &mut Spots,
    ) {
        let Cells {
            width,
            height,
            short,
        } = self.cells(area);
        let label_width = LABEL_WIDTH;
        let chosen = chosen.and_then(|at| self.moves.get(at).copied());
        let heights = self.line.now().heights();
        let w = usize::from(width);
        for row in 0..self.rows {
            // The top row first.
            let Some(y) = area
                .y
                .checked_add(u16::from(self.rows - 1 - row) * height)
                .filter(|&y| y < area.bottom())
            else {
                continue;
            };
            let label = format!("{:>2} ", u16::from(row) + 1);
            Paragraph::new(Span::styled(label, theme.dim))
                .render(Rect::new(area.x, y, label_width, 1).intersection(area), buf);
            for col in 0..self.cols {
                let x = area.x + label_width + u16::from(col) * width;
                let cell = Rect::new(x, y, width, height).intersection(area);
                let square = Square::new(col, row);
                let here = heights.get(usize::from(col)).is_some_and(|&h| h > row);
                let index = self.moves.iter().position(|&m| m == square);
                // The cell's first line, its style, and what fills a tall cell's second line.
                let (text, style, fill) = match (here, index) {
                    (false, _) => (format!(" {EATEN:<w$}", w = w - 1), theme.eaten, ' '),
                    (true, Some(at)) => {
                        let m = &self.analysis.moves[at];
                        let is_chosen = chosen == Some(square);
                        let eaten = chosen.is_some_and(|c| self.line.now().would_eat(c, square));
                        let style = if eaten && !is_chosen {
                            theme.preview
                        } else {
                            mark_style(theme, m, is_chosen)
                        };
                        let pointer = if is_chosen { '▸' } else { ' ' };
                        // Too narrow for the moves left: the letter alone (the list has them).
                        let shown = if short {
                            mark(m).chars().take(1).collect()
                        } else {
                            mark(m)
                        };
                        (format!("{pointer}{shown:<w$}", w = w - 1), style, ' ')
                    }
                    (true, None) => (
                        format!(
                            " {}",
                            CHOCOLATE.to_string().repeat(w.saturating_sub(2).max(1))
                        ),
                        theme.chocolate,
                        CHOCOLATE,
                    ),
                };
                let mut lines = vec![Line::styled(text, style)];
                if height > 1 {
                    let second =
                        format!(" {}", fill.to_string().repeat(w.saturating_sub(2).max(1)));
                    lines.push(Line::styled(second, style));
                }
                Paragraph::new(lines).render(cell, buf);
                if let Some(at) = index {
                    spots.add(cell, spot(at));
                }
            }
        }
        // The column letters under the bar.
        let y = area.y + u16::from(self.rows) * height;
        if y < area.bottom() {
            let letters: String = std::iter::once(" ".repeat(usize::from(label_width)))
                .chain((0..self.cols).map(|col| format!(" {:<w$}", column_letters(col), w = w - 1)))
                .collect();
            Paragraph::new(Line::styled(letters, theme.dim))
                .render(Rect::new(area.x, y, area.width, 1), buf);
        }
    }

    fn board_width_whole(&self) -> u16 {
        (LABEL_WIDTH + u16::from(self.cols) * self.square_width()).max(30)
    }

    fn marks_shortened(&self, area: Rect) -> bool {
        self.cells(area).short
    }

    fn board_size(&self) -> (u16, u16) {
        // The narrowest board: a letter a square (the moves left are in the list), a row a
        // square and the column letters, as the game's board at its smallest; the legend
        // goes in the frame where no row is left for it.
        let width = LABEL_WIDTH + u16::from(self.cols) * SHORT_WIDTH;
        (width, u16::from(self.rows) + 1)
    }

    fn editor(&self, chosen: Option<usize>) -> Box<dyn Editor> {
        let heights = self.line.now().heights().to_vec();
        let (rows, cols) = (self.rows, self.cols);
        // The cursor starts where the person was looking: on the move highlighted on the board.
        // With none (the tables not built yet, or the game over), on the top square of the last
        // column with squares, the corner a first edit most often trims (Space eats it).
        let cursor = chosen
            .and_then(|at| self.moves.get(at).copied())
            .unwrap_or_else(|| {
                let last = heights.iter().rposition(|&h| h > 0).unwrap_or(0);
                let top = heights.get(last).map_or(0, |h| h.saturating_sub(1));
                Square::new(u8::try_from(last).unwrap_or(0), top)
            });
        Box::new(ChompEditor {
            rows,
            cols,
            heights,
            cursor,
        })
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    fn on_solver(&mut self, message: SolverMessage) {
        let Some(news) = solver::read(&message) else {
            // Not the study's.
            return;
        };
        match news {
            News::Progress {
                phase: now,
                done: d,
                total: t,
                ..
            } => {
                match &mut self.tables {
                    Tables::MovesLeft {
                        phase, done, total, ..
                    } => (*phase, *done, *total) = (now, d, t),
                    Tables::Outcomes { done, total } => (*done, *total) = (d, t),
                    _ => {}
                }
                // Only the gauge moves: the moves stay as they are.
                self.follow();
                return;
            }
            News::Outcomes(table) => {
                // The outcomes are marked now; the moves left come with their table.
                if let Tables::MovesLeft { .. } = self.tables {
                    self.tables = Tables::MovesLeft {
                        outcomes: Some(table),
                        phase: Phase::MovesLeft,
                        done: 0,
                        total: 0,
                    };
                }
            }
            News::MovesLeftReady(table) => {
                self.tables = Tables::Both(table);
            }
            News::MovesLeftRefused { budget, .. } => {
                self.budget = Some(budget);
                // The outcome table alone may fit.
                self.tables = Tables::Outcomes { done: 0, total: 0 };
                let (rows, cols) = self.table_box;
                self.requests.push(solver::solve(rows, cols));
            }
            News::Ready(table) => self.tables = Tables::OutcomesOnly(table),
            News::Refused {
                needed_bytes,
                budget,
            } => {
                self.budget = Some(budget);
                self.tables = Tables::Refused {
                    needed_bytes,
                    budget,
                };
                // The line may have moved on to a box that fits.
                self.follow_the_box();
            }
            News::Searched { .. } => return,
        }
        self.analyse();
    }
}

/// Chomp's editor: the bar's size and its column heights. A click on a square (or Space on the
/// cursor's) makes its column that high, the columns left of it at least that high and those
/// right of it at most, so the heights never rise to the right; on a column's top square it
/// eats that square instead.
struct ChompEditor {
    rows: u8,
    cols: u8,
    heights: Vec<u8>,
    cursor: Square,
}

impl ChompEditor {
    /// Makes `square`'s column reach up to it (or, on its top square, end below it).
    fn set(&mut self, square: Square) {
        let col = usize::from(square.col);
        if col >= self.heights.len() || square.row >= self.rows {
            return;
        }
        let height = if self.heights[col] == square.row + 1 {
            square.row
        } else {
            square.row + 1
        };
        for (at, h) in self.heights.iter_mut().enumerate() {
            *h = match at.cmp(&col) {
                std::cmp::Ordering::Less => (*h).max(height),
                std::cmp::Ordering::Equal => height,
                std::cmp::Ordering::Greater => (*h).min(height),
            };
        }
    }

    /// Changes the bar's size by `rows` and `cols` (each within 1 to 26): a new row starts
    /// empty, a new column too.
    fn resize(&mut self, rows: i8, cols: i8) {
        self.rows = self.rows.saturating_add_signed(rows).clamp(1, MAX_SIDE);
        self.cols = self.cols.saturating_add_signed(cols).clamp(1, MAX_SIDE);
        self.heights.resize(usize::from(self.cols), 0);
        for h in &mut self.heights {
            *h = (*h).min(self.rows);
        }
        self.cursor = Square::new(
            self.cursor.col.min(self.cols - 1),
            self.cursor.row.min(self.rows - 1),
        );
    }
}

impl Editor for ChompEditor {
    fn title(&self) -> Option<String> {
        Some(format!("Chomp {}×{}", self.rows, self.cols))
    }

    fn fields(&self) -> Vec<(String, String)> {
        let heights: Vec<String> = self.heights.iter().map(u8::to_string).collect();
        vec![
            ("Rows (+ -)".into(), self.rows.to_string()),
            ("Columns (> <)".into(), self.cols.to_string()),
            ("Heights".into(), heights.join(",")),
        ]
    }

    fn selected(&self) -> Option<usize> {
        None
    }

    fn act(&mut self, action: Action) {
        let Square { col, row } = self.cursor;
        self.cursor = match action {
            Action::Up => Square::new(col, (row + 1).min(self.rows - 1)),
            Action::Down => Square::new(col, row.saturating_sub(1)),
            Action::Left => Square::new(col.saturating_sub(1), row),
            Action::Right => Square::new((col + 1).min(self.cols - 1), row),
            _ => self.cursor,
        };
    }

    fn type_char(&mut self, c: Option<char>) -> bool {
        match c {
            Some(' ') => self.set(self.cursor),
            Some('+') => self.resize(1, 0),
            Some('-') => self.resize(-1, 0),
            Some('>' | '.') => self.resize(0, 1),
            Some('<' | ',') => self.resize(0, -1),
            _ => return false,
        }
        true
    }

    fn point(&mut self, Spot(col, row): Spot, click: bool) {
        let (Ok(col), Ok(row)) = (u8::try_from(col), u8::try_from(row)) else {
            return;
        };
        if col < self.cols && row < self.rows {
            self.cursor = Square::new(col, row);
            if click {
                self.set(self.cursor);
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots) {
        // The squares as large as the study's board draws them (a letter's width when narrow).
        let Cells { width, height, .. } = cells(self.rows, self.cols, area);
        let w = usize::from(width);
        let label_width = LABEL_WIDTH;
        for row in 0..self.rows {
            let Some(y) = area
                .y
                .checked_add(u16::from(self.rows - 1 - row) * height)
                .filter(|&y| y < area.bottom())
            else {
                continue;
            };
            let label = format!("{:>2} ", u16::from(row) + 1);
            Paragraph::new(Span::styled(label, theme.dim))
                .render(Rect::new(area.x, y, label_width, 1).intersection(area), buf);
            for col in 0..self.cols {
                let x = area.x + label_width + u16::from(col) * width;
                let cell = Rect::new(x, y, width, height).intersection(area);
                let square = Square::new(col, row);
                let here = self.heights[usize::from(col)] > row;
                let glyph = match (square == self.cursor, square.is_poison(), here) {
                    (true, _, _) => CURSOR,
                    (false, true, true) => POISON,
                    (false, _, true) => CHOCOLATE,
                    (false, _, false) => EATEN,
                };
                let style = if square == self.cursor {
                    theme.cursor
                } else if here {
                    theme.chocolate
                } else {
                    theme.eaten
                };
                let fill = if here { CHOCOLATE } else { ' ' };
                // Where the study's board draws the square: after a space (the board's
                // pointer), so that `e` moves nothing. On chocolate the glyph sits in the
                // middle of the run, as the game centres its marks; on an eaten square, where
                // the board puts its dot.
                let run = w.saturating_sub(2).max(1);
                let at = if here { (run - 1) / 2 } else { 0 };
                let first: String = (0..run)
                    .map(|i| if i == at { glyph } else { fill })
                    .collect();
                let mut lines = vec![Line::styled(format!(" {first}"), style)];
                if height > 1 {
                    let second = fill.to_string().repeat(run);
                    lines.push(Line::styled(format!(" {second}"), style));
                }
                Paragraph::new(lines).render(cell, buf);
                spots.add(cell, Spot(u64::from(col), u64::from(row)));
            }
        }
        let y = area.y + u16::from(self.rows) * height;
        if y < area.bottom() {
            let letters: String = std::iter::once(" ".repeat(usize::from(label_width)))
                .chain((0..self.cols).map(|col| format!(" {:<w$}", column_letters(col), w = w - 1)))
                .collect();
            Paragraph::new(Line::styled(letters, theme.dim))
                .render(Rect::new(area.x, y, area.width, 1), buf);
        }
    }

    fn hints(&self) -> Vec<String> {
        [
            "click or Space: column height",
            "+ - rows, > < columns",
            "Enter: study it, Esc: back",
        ]
        .map(String::from)
        .to_vec()
    }

    fn study(&self) -> Result<Box<dyn Study>, String> {
        if self.heights.first().is_none_or(|&h| h == 0) {
            return Err("the poison square a1 must stay on the bar".into());
        }
        let heights: Vec<usize> = self.heights.iter().map(|&h| usize::from(h)).collect();
        let position = Position::from_heights(self.rows.into(), self.cols.into(), &heights)
            .map_err(|e| e.to_string())?;
        ChompStudy::of(self.rows, self.cols, &position)
            .map(|s| Box::new(s) as Box<dyn Study>)
            .ok_or_else(|| "not a position of the bar".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_study_asks_for_the_table_of_the_box_its_line_shrinks_into() {
        use super::super::answer::ChompAnswer;
        use super::solver::{Answer, Asked};
        let budget = 2 << 30;
        let mut study = ChompStudy::new(20, 19, &[]).expect("a bar");
        let asked = |study: &mut ChompStudy| -> Vec<Asked> {
            study
                .take_requests()
                .iter()
                .map(|r| solver::asked(r).expect("a chomp request").clone())
                .collect()
        };
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 20, cols: 19 }]);
        study.on_solver(solver::answer(
            1,
            Answer::MovesLeftRefused {
                needed_bytes: 3 * OutcomeTable::bytes_for(20, 19),
                budget,
            },
        ));
        assert_eq!(asked(&mut study), [Asked::Solve { rows: 20, cols: 19 }]);
        study.on_solver(solver::answer(
            2,
            Answer::Refused {
                needed_bytes: OutcomeTable::bytes_for(20, 19),
                budget,
            },
        ));
        // c3 leaves the box whole: nothing more to ask.
        assert!(study.play_move("c3"));
        assert!(study.take_requests().is_empty());
        // a4 leaves heights 3,3,2,…,2: a 3×19 box, whose tables are small.
        assert!(study.play_move("a4"));
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 3, cols: 19 }]);
        assert!(
            study.analysis().progress.is_some(),
            "the gauge shows the build"
        );
        let outcomes = Arc::new(OutcomeTable::build(3, 19, &mut |_, _| true).expect("built"));
        let table = Arc::new(
            MovesLeftTable::build(Arc::clone(&outcomes), &mut |_, _| true).expect("built"),
        );
        study.on_solver(solver::answer(3, Answer::MovesLeft(table)));
        let answer = ChompAnswer::from_table(&outcomes, study.position()).expect("covered");
        let analysis = study.analysis();
        assert_eq!(analysis.wins, Some(answer.wins));
        assert!(answer.wins && analysis.moves_left.is_some());
        let winning: Vec<String> = analysis
            .moves
            .iter()
            .filter(|m| m.wins == Some(true))
            .map(|m| m.notation.clone())
            .collect();
        let expected: Vec<String> = answer
            .winning_moves
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(winning, expected);
        assert!(winning.contains(&"r2".to_string()), "{winning:?}");
        assert!(analysis.moves.iter().all(|m| m.wins.is_some()));
        // Back on the whole box: refused at once, with the box's own figure.
        assert!(study.take_back());
        assert!(study.take_requests().is_empty());
        let note = study.analysis().note.clone().unwrap_or_default();
        assert!(
            note.contains(&bytes_unbroken(OutcomeTable::bytes_for(20, 19))),
            "{note}"
        );
        // And on again: the small box's tables are asked for again.
        assert!(study.play_move("a4"));
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 3, cols: 19 }]);
    }

    /// Which cells of `area` the drawing left blank, outside the rectangles `masked`; and
    /// the squares' places it recorded, square by square.
    fn drawn(
        area: Rect,
        draw: impl FnOnce(&mut Buffer, &mut Spots),
        square_of: impl Fn(Spot) -> Square,
    ) -> (Vec<Vec<bool>>, Vec<(Square, Rect)>) {
        let mut buf = Buffer::empty(area);
        let mut spots = Spots::default();
        draw(&mut buf, &mut spots);
        let mut squares: Vec<(Square, Rect)> = spots
            .0
            .iter()
            .map(|&(r, spot)| (square_of(spot), r))
            .collect();
        squares.sort_by_key(|&(sq, _)| (sq.col, sq.row));
        let blanks = (area.top()..area.bottom())
            .map(|y| {
                (area.left()..area.right())
                    .map(|x| {
                        let inside = squares
                            .iter()
                            .any(|(_, r)| r.contains(ratatui::layout::Position::new(x, y)));
                        !inside && buf[(x, y)].symbol().trim().is_empty()
                    })
                    .collect()
            })
            .collect();
        (blanks, squares)
    }

    #[test]
    fn the_editor_draws_every_square_where_the_board_does() {
        let theme = Theme::colour();
        // Narrow (a letter a square), wide, and tall squares.
        for area in [
            Rect::new(0, 0, 30, 9),
            Rect::new(2, 1, 60, 9),
            Rect::new(0, 0, 60, 20),
        ] {
            // Its tables not built yet: every square is listed, marked `?`.
            let study = ChompStudy::new(4, 6, &[]).expect("a bar");
            let editor = study.editor(None);
            let board = drawn(
                area,
                |buf, spots| study.render(area, buf, &theme, None, spots),
                |spot| {
                    let at = crate::games::study::move_of(spot).expect("a move");
                    Square::parse(&study.analysis().moves[at].notation).expect("a square")
                },
            );
            let edited = drawn(
                area,
                |buf, spots| editor.render(area, buf, &theme, spots),
                |Spot(col, row)| {
                    Square::new(u8::try_from(col).unwrap(), u8::try_from(row).unwrap())
                },
            );
            assert_eq!(board.1.len(), 24, "every square is a move");
            assert_eq!(board, edited, "{area:?}");
        }
    }

    #[test]
    fn the_editor_centres_the_poison_in_its_square_as_the_game_does() {
        let theme = Theme::colour();
        for area in [Rect::new(0, 0, 30, 9), Rect::new(0, 0, 60, 20)] {
            let study = ChompStudy::new(4, 6, &[]).expect("a bar");
            let editor = study.editor(None);
            let mut buf = Buffer::empty(area);
            let mut spots = Spots::default();
            editor.render(area, &mut buf, &theme, &mut spots);
            let (cell, _) = spots
                .0
                .iter()
                .find(|(_, spot)| *spot == Spot(0, 0))
                .expect("a1 drawn");
            // The chocolate runs from past the pointer's column to before the gap on the
            // right, as the game's body does; the poison sits in its middle (left of it when
            // the run is even).
            let run: String = (cell.x + 1..cell.right() - 1)
                .map(|x| buf[(x, cell.y)].symbol().to_string())
                .collect();
            let middle = (run.chars().count() - 1) / 2;
            assert_eq!(
                run.chars().position(|c| c == POISON),
                Some(middle),
                "{area:?}: {run:?}"
            );
            assert!(
                run.chars().filter(|&c| c != POISON).all(|c| c == CHOCOLATE),
                "{run:?}"
            );
        }
    }
}
