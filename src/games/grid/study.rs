//! The grid board on the Study screen: what stands on each cell, and on each cell a move goes to
//! that move's mark (`W7`, `L12`, cut to the cell), the chosen one highlighted.

use super::board::{GridBoard, GridRules, Piece};
use super::view::{Geometry, Look, body, draw_cell, min_size};
use crate::games::core::study::StudyBoard;
use crate::games::study::{Analysis, mark, mark_style, spot};
use crate::input::Spots;
use crate::theme::{self, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

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
        let Some(geometry) = Geometry::fit(area, rows, cols) else {
            return;
        };
        // A mark wider than its cell is never cut to a wrong number: every mark shows its
        // letter alone, and the legend says the list has the moves left.
        let short = shortened(&geometry, analysis);
        for row in 0..rows {
            for col in 0..cols {
                let cell = super::board::Cell { col, row };
                let (fill, mark, style) = match rules.piece(at, cell) {
                    Piece::Piece(mark) => (theme::CHOCOLATE, Some(mark), theme.poison),
                    Piece::Goal(mark) => (' ', Some(mark), theme.dim),
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
        Geometry::fit(area, rows, cols).is_some_and(|geometry| shortened(&geometry, analysis))
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
