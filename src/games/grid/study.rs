//! The grid board on the Study screen: what stands on each cell, and on each cell a move goes to
//! that move's mark (`W7`, `L12`, cut to the cell), the chosen one highlighted. The cells are
//! fitted to the area as the game's board draws them, or sized by the marks (see
//! [`StudyCells`]).

use super::board::{Cell, GridBoard, GridRules, Piece, StudyCells};
use super::view::{Geometry, LABEL_WIDTH, Look, body, draw_cell, min_size};
use crate::games::core::study::StudyBoard;
use crate::games::study::{Analysis, mark, mark_style, spot};
use crate::input::{Spot, Spots};
use crate::theme::{self, CHOCOLATE, EATEN, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

impl<R: GridRules> StudyBoard<R> for GridBoard {
    fn render(
        rules: &R,
        at: &R::Position,
        moves: &[R::Move],
        analysis: &Analysis,
        chosen: Option<usize>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
    ) {
        let (cols, rows) = rules.size(at);
        if rules.study_cells() == StudyCells::ByMarks {
            // From the area's top left, each cell a pointer and a mark (or what stands there).
            let chosen = chosen.and_then(|index| moves.get(index).copied());
            let grid = MarkGrid {
                rows,
                cols,
                row_label: |row| rules.row_label(row),
                col_label: |col| rules.col_label(col),
            };
            grid.draw(area, buf, theme, spots, |cell, size| {
                let w = usize::from(size.width);
                let here = rules.piece(at, cell) != Piece::Empty || rules.move_to(at, cell).is_ok();
                let index = (moves.iter()).position(|&m| rules.target(at, m) == cell);
                // The cell's first line, its style, and what fills a tall cell's second line.
                let (text, style, fill) = match (here, index) {
                    (false, _) => (format!(" {EATEN:<w$}", w = w - 1), theme.eaten, ' '),
                    (true, Some(index)) => {
                        let m = &analysis.moves[index];
                        let is_chosen = chosen == Some(moves[index]);
                        let taken = chosen.is_some_and(|c| rules.takes(at, c, cell));
                        let style = if taken && !is_chosen {
                            theme.preview
                        } else {
                            mark_style(theme, m, is_chosen)
                        };
                        let pointer = if is_chosen { '▸' } else { ' ' };
                        // Too narrow for the moves left: the letter alone (the list has them).
                        let shown = if size.short {
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
                (text, style, fill, index.map(spot))
            });
            return;
        }
        let Some(geometry) = Geometry::fit(area, rows, cols) else {
            return;
        };
        // A mark wider than its cell is never cut to a wrong number: every mark shows its
        // letter alone, and the legend says the list has the moves left.
        let short = shortened(&geometry, analysis);
        let why = rules.why_cells(at);
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell { col, row };
                let (fill, mark, style) = match rules.piece(at, cell) {
                    Piece::Piece(mark) => (theme::CHOCOLATE, Some(mark), theme.poison),
                    Piece::Goal(mark) => (' ', Some(mark), theme.dim),
                    Piece::Empty if why.contains(&cell) => (' ', Some(theme::LOST), theme.bad),
                    Piece::Empty => (' ', Some(theme::EATEN), theme.eaten),
                };
                draw_cell(
                    buf,
                    geometry.cell_area(col, row),
                    &Look { fill, mark, style },
                );
            }
        }
        for (index, (&m, studied)) in moves.iter().zip(&analysis.moves).enumerate() {
            let cell = rules.target(at, m);
            let area = geometry.cell_area(cell.col, cell.row);
            let style = mark_style(theme, studied, chosen == Some(index));
            draw_cell(
                buf,
                area,
                &Look {
                    fill: ' ',
                    mark: None,
                    style,
                },
            );
            let inner = body(area);
            let text: String = mark(studied)
                .chars()
                .take(if short { 1 } else { usize::from(inner.width) })
                .collect();
            let width = u16::try_from(text.chars().count()).unwrap_or(inner.width);
            let x = inner.x + (inner.width - width) / 2;
            buf.set_string(x, inner.y + (inner.height - 1) / 2, text, style);
            spots.add(area, spot(index));
        }
        geometry.draw_labels(
            buf,
            cols,
            |col| rules.col_label(col),
            |row| rules.row_label(row),
            theme.dim,
        );
    }

    fn size(rules: &R, at: &R::Position) -> (u16, u16) {
        let (cols, rows) = rules.size(at);
        let (width, height) = min_size(rows, cols);
        // Without the game screen's border.
        (width - 2, height - 2)
    }

    fn marks_shortened(rules: &R, at: &R::Position, analysis: &Analysis, area: Rect) -> bool {
        let (cols, rows) = rules.size(at);
        match rules.study_cells() {
            StudyCells::Fitted => Geometry::fit(area, rows, cols)
                .is_some_and(|geometry| shortened(&geometry, analysis)),
            StudyCells::ByMarks => cells(rows, cols, area).short,
        }
    }

    /// Cells sized by the marks: every mark whole, the board at least 30 columns wide.
    fn width_whole(rules: &R, at: &R::Position) -> u16 {
        let (cols, rows) = rules.size(at);
        match rules.study_cells() {
            StudyCells::Fitted => Self::size(rules, at).0,
            StudyCells::ByMarks => (LABEL_WIDTH + cols * square_width(rows, cols)).max(30),
        }
    }
}

/// A cell's width when it shows its mark's letter alone: the pointer and the letter.
const SHORT_WIDTH: u16 = 2;

/// The size of the cells sized by their marks in an area (see [`cells`]).
pub struct Cells {
    pub width: u16,
    pub height: u16,
    /// Whether the cells show their mark's letter alone.
    pub short: bool,
}

/// The width of a cell of a `rows` × `cols` grid sized by its marks: room for the longest mark
/// and a space before it. A move leaves at most the grid's cells but one, and a position's
/// moves left are at most its cells (each move takes one at least), so a mark is a letter and
/// that many digits at most.
fn square_width(rows: u16, cols: u16) -> u16 {
    let most = (u32::from(rows) * u32::from(cols)).saturating_sub(1);
    let digits = most.max(1).ilog10() + 1;
    u16::try_from(digits).unwrap_or(3) + 2
}

/// The size of a `rows` × `cols` grid's cells sized by their marks in `area`, the same on the
/// study's board and in a game's editor: as wide as the longest mark and a space before it, up
/// to two columns wider where the area has room, and two rows high where it has room; where
/// even the marks do not fit, a letter a cell (`short`).
pub fn cells(rows: u16, cols: u16, area: Rect) -> Cells {
    let full = square_width(rows, cols);
    let cols = cols.max(1);
    let room = area.width.saturating_sub(LABEL_WIDTH) / cols;
    let (width, short) = if room >= full {
        (room.min(full + 2), false)
    } else {
        (SHORT_WIDTH, true)
    };
    // Two rows a cell, and the column labels under them.
    let height = if area.height > rows * 2 { 2 } else { 1 };
    Cells {
        width,
        height,
        short,
    }
}

/// A grid drawn with its cells sized by their marks ([`cells`]), from the area's top left,
/// the same on the study's board and in a game's editor: the row labels, each cell, the column
/// labels under it.
pub struct MarkGrid<R, C> {
    pub rows: u16,
    pub cols: u16,
    pub row_label: R,
    pub col_label: C,
}

/// What a cell of a [`MarkGrid`] shows: its first line, its style, what fills a tall cell's
/// second line after the pointer's space, and the spot it is recorded as.
pub type Shown = (String, Style, char, Option<Spot>);

impl<R: Fn(u16) -> String, C: Fn(u16) -> String> MarkGrid<R, C> {
    /// Draws the grid in `area`, each cell as `show` says, given the cells' size.
    pub fn draw(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
        mut show: impl FnMut(Cell, &Cells) -> Shown,
    ) {
        let (rows, cols) = (self.rows, self.cols);
        let size = cells(rows, cols, area);
        let (width, height) = (size.width, size.height);
        let run = usize::from(width).saturating_sub(2).max(1);
        for row in 0..rows {
            // The top row first.
            let Some(y) = area
                .y
                .checked_add((rows - 1 - row) * height)
                .filter(|&y| y < area.bottom())
            else {
                continue;
            };
            let label = format!("{} ", (self.row_label)(row));
            Paragraph::new(Span::styled(label, theme.dim))
                .render(Rect::new(area.x, y, LABEL_WIDTH, 1).intersection(area), buf);
            for col in 0..cols {
                let x = area.x + LABEL_WIDTH + col * width;
                let rect = Rect::new(x, y, width, height).intersection(area);
                let (text, style, fill, spot) = show(Cell { col, row }, &size);
                let mut lines = vec![Line::styled(text, style)];
                if height > 1 {
                    let second = format!(" {}", fill.to_string().repeat(run));
                    lines.push(Line::styled(second, style));
                }
                Paragraph::new(lines).render(rect, buf);
                if let Some(spot) = spot {
                    spots.add(rect, spot);
                }
            }
        }
        // The column labels under the grid.
        let y = area.y + rows * height;
        if y < area.bottom() {
            let w = usize::from(width) - 1;
            let labels: String = std::iter::once(" ".repeat(usize::from(LABEL_WIDTH)))
                .chain((0..cols).map(|col| format!(" {:<w$}", (self.col_label)(col))))
                .collect();
            Paragraph::new(Line::styled(labels, theme.dim))
                .render(Rect::new(area.x, y, area.width, 1), buf);
        }
    }
}

/// Whether some move's mark (`W10`) is wider than a cell of `geometry` holds.
fn shortened(geometry: &Geometry, analysis: &Analysis) -> bool {
    let room = usize::from(body(geometry.cell_area(0, 0)).width);
    analysis
        .moves
        .iter()
        .any(|studied| mark(studied).chars().count() > room)
}
