//! How a grid board is drawn, whatever game stands on it (Chomp's bar; a queen's board): where
//! its cells sit, each cell as a block with a mark in its middle and a gap to its right (and
//! below, when it is tall), the column labels under it and the row numbers left of it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Room for the row numbers left of the grid.
pub const LABEL_WIDTH: u16 = 3;
/// The smallest cell the board draws: (columns, rows) of terminal cells.
pub const SMALLEST_CELL: (u16, u16) = (2, 1);
/// Cell sizes to try, largest first: (columns, rows) of terminal cells per cell.
const CELL_SIZES: [(u16, u16); 4] = [(6, 3), (4, 2), (3, 1), SMALLEST_CELL];

/// The smallest area (with its border) that holds a grid of `rows` × `cols` cells.
pub fn min_size(rows: u16, cols: u16) -> (u16, u16) {
    let (w, h) = SMALLEST_CELL;
    (LABEL_WIDTH + cols * w + 2, rows * h + 1 + 2)
}

/// Where the cells of a grid sit on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// Top-left corner of the top-left cell.
    x: u16,
    y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    rows: u16,
}

impl Geometry {
    /// The largest cells that fit `area`, the grid centred in it; `None` if even the smallest
    /// do not fit.
    pub fn fit(area: Rect, rows: u16, cols: u16) -> Option<Geometry> {
        let (cell_w, cell_h) = CELL_SIZES
            .into_iter()
            .find(|&(w, h)| LABEL_WIDTH + cols * w <= area.width && rows * h < area.height)?;
        let width = LABEL_WIDTH + cols * cell_w;
        let height = rows * cell_h + 1;
        Some(Geometry {
            x: area.x + (area.width - width) / 2 + LABEL_WIDTH,
            y: area.y + (area.height - height) / 2,
            cell_w,
            cell_h,
            rows,
        })
    }

    /// The screen cells of the cell in column `col` and row `row`, counted from the bottom left.
    pub fn cell_area(&self, col: u16, row: u16) -> Rect {
        Rect::new(
            self.x + col * self.cell_w,
            self.y + (self.rows - 1 - row) * self.cell_h,
            self.cell_w,
            self.cell_h,
        )
    }

    /// Writes each column's label (`col_label`) under the grid and each row's (`row_label`)
    /// left of it, in `style`.
    pub fn draw_labels(
        &self,
        buf: &mut Buffer,
        cols: u16,
        col_label: impl Fn(u16) -> String,
        row_label: impl Fn(u16) -> String,
        style: Style,
    ) {
        for col in 0..cols {
            let bottom = body(self.cell_area(col, 0));
            let label = col_label(col);
            let width = u16::try_from(label.chars().count()).unwrap_or(u16::MAX);
            let x = bottom.x + bottom.width.saturating_sub(width) / 2;
            buf.set_string(x, self.cell_area(col, 0).bottom(), label, style);
        }
        for row in 0..self.rows {
            let body = body(self.cell_area(0, row));
            let label = row_label(row);
            buf.set_string(
                body.x - LABEL_WIDTH,
                body.y + (body.height - 1) / 2,
                label,
                style,
            );
        }
    }
}

/// How one cell is drawn: its fill, a mark in its middle, its style.
pub struct Look {
    pub fill: char,
    pub mark: Option<char>,
    pub style: Style,
}

/// Draws a cell, leaving its right column (and bottom row, when it has several) as a gap so
/// the board reads as a grid.
pub fn draw_cell(buf: &mut Buffer, cell: Rect, look: &Look) {
    let body = body(cell);
    let middle = (
        body.y + (body.height - 1) / 2,
        body.x + (body.width - 1) / 2,
    );
    for y in body.top()..body.bottom() {
        for x in body.left()..body.right() {
            let ch = match look.mark {
                Some(mark) if (y, x) == middle => mark,
                _ => look.fill,
            };
            buf[(x, y)].set_char(ch).set_style(look.style);
        }
    }
}

/// The part of a cell that is drawn (the rest is the gap between cells).
pub fn body(cell: Rect) -> Rect {
    let gap_below = u16::from(cell.height > 1);
    Rect::new(cell.x, cell.y, cell.width - 1, cell.height - gap_below)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Spot, Spots};

    #[test]
    fn squares_map_to_screen_cells_and_back() {
        let area = Rect::new(0, 0, 40, 20);
        let g = Geometry::fit(area, 6, 7).unwrap();
        let mut spots = Spots::default();
        for col in 0..7 {
            for row in 0..6 {
                spots.add(g.cell_area(col, row), Spot(col.into(), row.into()));
            }
        }
        for col in 0..7 {
            for row in 0..6 {
                let cell = g.cell_area(col, row);
                for (x, y) in [
                    (cell.left(), cell.top()),
                    (cell.right() - 1, cell.bottom() - 1),
                ] {
                    assert_eq!(spots.spot_at(x, y), Some(Spot(col.into(), row.into())));
                }
            }
        }
        // The poison is bottom-left, the top-right square is top-right.
        let poison = g.cell_area(0, 0);
        let corner = g.cell_area(6, 5);
        assert!(poison.x < corner.x && poison.y > corner.y);
        assert_eq!(spots.spot_at(0, 0), None, "the row labels are not squares");
    }

    #[test]
    fn squares_shrink_to_fit_and_give_up_when_too_small() {
        assert_eq!(
            Geometry::fit(Rect::new(0, 0, 100, 40), 6, 7)
                .unwrap()
                .cell_w,
            6
        );
        assert_eq!(
            Geometry::fit(Rect::new(0, 0, 60, 30), 26, 26)
                .unwrap()
                .cell_w,
            2
        );
        assert_eq!(Geometry::fit(Rect::new(0, 0, 30, 30), 26, 26), None);
    }
}
