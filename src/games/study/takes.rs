//! A coin game's board on the Study screen: lines about the position, then rows of take
//! buttons, each with its move's mark.

use super::{Analysis, mark, mark_style, spot};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::group;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// One row of take buttons on a pile game's board: its label and the moves it holds (indices
/// in the game's order), as [`draw_takes`] draws them.
pub struct TakeRow {
    /// What the row stands for ("take", "pile 2 (4 coins)").
    pub label: String,
    /// The moves, by index in the analysis, with the take their button shows (`−3`).
    pub moves: Vec<(usize, u64)>,
}

/// A coin game's board: lines about the position, then rows of take buttons.
pub struct TakeBoard {
    /// The lines above the buttons ("17 coins", "take 1, 3 or 4").
    pub header: Vec<Line<'static>>,
    /// The rows of buttons.
    pub rows: Vec<TakeRow>,
}

/// Draws a coin game's `board`: its header, then each row of take buttons, each button the
/// take and its mark (`−3 W7`), wrapped to the area's width. Buttons that do not fit are left
/// out and a line says how many.
pub fn draw_takes(
    board: TakeBoard,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    analysis: &Analysis,
    chosen: Option<usize>,
    spots: &mut Spots,
) {
    let TakeBoard { header, rows } = board;
    let mut y = area.y;
    let bottom = area.bottom();
    for line in header {
        if y >= bottom {
            return;
        }
        Paragraph::new(line).render(Rect::new(area.x, y, area.width, 1), buf);
        y += 1;
    }
    let mut hidden = 0usize;
    // A blank line under the header.
    y += 1;
    for row in &rows {
        if y + 1 >= bottom {
            hidden += row.moves.len();
            continue;
        }
        Paragraph::new(Line::styled(row.label.clone(), theme.title))
            .render(Rect::new(area.x, y, area.width, 1), buf);
        y += 1;
        // No more buttons than cells below can show (each is at least two columns wide): a
        // pile of 100,000 takes is drawn as fast as one of ten.
        let room = usize::from(area.width) * usize::from(bottom - y) / 2 + 1;
        let texts: Vec<(usize, String)> = row
            .moves
            .iter()
            .take(room)
            .filter_map(|(at, take)| {
                let m = analysis.moves.get(*at)?;
                Some((*at, format!("−{} {}", group(*take), mark(m))))
            })
            .collect();
        // Those left out by the room count as hidden too.
        let total = texts.len() + row.moves.len().saturating_sub(room);
        let width = texts
            .iter()
            .map(|(_, t)| t.chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let per_line = (usize::from(area.width.saturating_sub(1)) / (width + 1)).max(1);
        for (n, (at, text)) in texts.iter().enumerate() {
            let line_y = y + u16::try_from(n / per_line).unwrap_or(u16::MAX);
            if line_y >= bottom.saturating_sub(1) && n + 1 < total || line_y >= bottom {
                hidden += total - n;
                break;
            }
            let x = area.x
                + 1
                + u16::try_from((n % per_line) * (width + 1)).expect("within the area's width");
            let m = &analysis.moves[*at];
            let chosen = chosen == Some(*at);
            let cell = Rect::new(x, line_y, u16::try_from(width).unwrap_or(u16::MAX), 1)
                .intersection(area);
            let style = mark_style(theme, m, chosen);
            let text = if chosen {
                format!("▸{text:<w$}◂", w = width - 2)
            } else {
                format!(" {text:<w$} ", w = width - 2)
            };
            Paragraph::new(Span::styled(text, style)).render(cell, buf);
            spots.add(cell, spot(*at));
        }
        y += u16::try_from(texts.len().div_ceil(per_line)).unwrap_or(u16::MAX);
    }
    if hidden > 0 && area.height > 0 {
        let text = format!(
            "{} more in the list →",
            group(u64::try_from(hidden).unwrap_or(u64::MAX))
        );
        let last = Rect::new(area.x, bottom - 1, area.width, 1);
        Paragraph::new(Span::styled(text, theme.dim)).render(last, buf);
    }
}
