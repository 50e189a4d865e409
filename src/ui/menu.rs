//! The start menu.

use super::theme::Theme;
use super::{HitMap, centered};
use crate::app::menu::MenuLine;
use crate::app::{App, Target};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The smallest terminal the menu fits in: (columns, rows).
pub const MIN_SIZE: (u16, u16) = (44, 16);

const WIDTH: u16 = 42;

pub fn render(app: &App, frame: &mut Frame, area: Rect, hits: &mut HitMap, theme: &Theme) {
    let rect = centered(area, WIDTH, 15);
    let block = Block::bordered().title(" munch ").title_style(theme.title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let intro = vec![
        Line::styled("Chomp", theme.title).centered(),
        Line::raw("Don't eat the poisoned square ☠").centered(),
        Line::raw(""),
    ];
    frame.render_widget(Paragraph::new(intro), inner);

    let top = inner.y + 3;
    for (i, &line) in MenuLine::ALL.iter().enumerate() {
        let y = top + i as u16 + if line.has_value() { 0 } else { 1 };
        let row = Rect::new(inner.x, y, inner.width, 1);
        let selected = app.menu.selected == line;
        let style = if selected { theme.selected } else { theme.text };
        hits.add(row, Target::MenuLine(line));
        let text = match line {
            MenuLine::Rows => "Rows",
            MenuLine::Cols => "Columns",
            MenuLine::First => "First player",
            MenuLine::Second => "Second player",
            MenuLine::Start => "Start",
            MenuLine::Quit => "Quit",
        };
        if line.has_value() {
            let value = app.menu.value(line);
            let spans = vec![
                Span::styled(format!("  {text:<15}"), style),
                Span::styled(" ◀ ", theme.dim),
                Span::styled(format!("{value:^10}"), style),
                Span::styled(" ▶ ", theme.dim),
            ];
            frame.render_widget(Paragraph::new(Line::from(spans)), row);
            let left = Rect::new(row.x + 17, y, 3, 1);
            let right = Rect::new(row.x + 30, y, 3, 1);
            hits.add(left, Target::MenuStep(line, -1));
            hits.add(right, Target::MenuStep(line, 1));
        } else {
            let label = if selected {
                format!("▸ {text} ◂")
            } else {
                text.to_string()
            };
            frame.render_widget(Paragraph::new(Line::styled(label, style).centered()), row);
        }
    }
}
