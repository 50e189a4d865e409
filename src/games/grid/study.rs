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
                .take(usize::from(inner.width))
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
}
