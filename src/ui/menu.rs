//! The start menu.

use super::theme::Theme;
use super::{HitMap, centered};
use crate::app::menu::{GameKind, MenuLine};
use crate::app::{App, Target};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The smallest terminal the menu fits in: (columns, rows).
pub const MIN_SIZE: (u16, u16) = (48, 21);

const WIDTH: u16 = 46;
/// Characters of a value between its ◀ and ▶.
const FIELD_WIDTH: usize = 16;

/// The line under the title: the game's rule in a few words (it fits the menu's width).
fn tagline(game: GameKind) -> &'static str {
    match game {
        GameKind::Chomp => "Don't eat the poisoned square ☠",
        GameKind::Subtraction => "Take a size from the set; the last coin wins",
        GameKind::Fibonacci => "Up to twice the last take; last coin wins",
    }
}

/// `value` in at most `width` characters: a longer one is cut, and … marks the cut end. The
/// end is kept when `show_end` (the cursor end while typing), else the start.
fn fit_field(value: &str, width: usize, show_end: bool) -> String {
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= width {
        return value.to_string();
    }
    let keep = width.saturating_sub(1);
    if show_end {
        std::iter::once('…')
            .chain(chars[chars.len() - keep..].iter().copied())
            .collect()
    } else {
        chars[..keep]
            .iter()
            .copied()
            .chain(std::iter::once('…'))
            .collect()
    }
}

pub fn render(app: &App, frame: &mut Frame, area: Rect, hits: &mut HitMap, theme: &Theme) {
    let rect = centered(area, WIDTH, 20);
    let block = Block::bordered().title(" munch ").title_style(theme.title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let intro = vec![
        Line::styled("The take-away games", theme.title).centered(),
        Line::raw(tagline(app.menu.settings.game)).centered(),
    ];
    frame.render_widget(Paragraph::new(intro), inner);

    let problem = app.menu.problem();
    let top = inner.y + 3;
    let mut y = top;
    for line in app.menu.lines() {
        if line == MenuLine::Start || line == MenuLine::Game && app.menu.resume.is_some() {
            y += 1; // a gap before the buttons
        }
        let row = Rect::new(inner.x, y, inner.width, 1);
        let selected = app.menu.selected == line;
        let style = if selected { theme.selected } else { theme.text };
        hits.add(row, Target::MenuLine(line));
        if line.has_value() {
            let value = app.menu.value(line);
            // The field at fault is marked, the reason is given below.
            let (value, value_style) = match &problem {
                Some((at, _)) if *at == line => (format!("✗ {value}"), style.patch(theme.bad)),
                _ => (value, style),
            };
            // While a line is being edited its end (where typing goes) stays in view.
            let value = fit_field(&value, FIELD_WIDTH, selected && line.is_typed());
            let spans = vec![
                Span::styled(format!("  {:<15}", line.label()), style),
                Span::styled(" ◀ ", theme.dim),
                Span::styled(format!("{value:^16}"), value_style),
                Span::styled(" ▶ ", theme.dim),
            ];
            frame.render_widget(Paragraph::new(Line::from(spans)), row);
            hits.add(Rect::new(row.x + 17, y, 3, 1), Target::MenuStep(line, -1));
            hits.add(Rect::new(row.x + 36, y, 3, 1), Target::MenuStep(line, 1));
        } else {
            let text = match line {
                MenuLine::Resume => format!("Resume {}", app.menu.value(line)),
                _ => line.label().to_string(),
            };
            let room = usize::from(inner.width) - 4;
            let text = fit_field(&text, room, false);
            let label = if selected {
                format!("▸ {text} ◂")
            } else {
                text
            };
            frame.render_widget(Paragraph::new(Line::styled(label, style).centered()), row);
        }
        y += 1;
    }
    let note = match (&app.menu.note, problem) {
        (Some(note), _) => Line::styled(note.clone(), theme.bad),
        (None, Some((_, problem))) => Line::styled(problem, theme.bad),
        (None, None) if app.menu.selected.is_typed() => {
            Line::styled("type to edit, ←→ to step", theme.dim)
        }
        (None, None) => {
            let settings = &app.menu.settings;
            let level = settings.level.label();
            match app
                .stats
                .records
                .get(&settings.describe())
                .and_then(|r| r.get(level))
            {
                Some(r) => Line::styled(
                    format!(
                        "Your record here ({}): {} won, {} lost",
                        level.to_lowercase(),
                        r.wins,
                        r.losses
                    ),
                    theme.dim,
                ),
                None => Line::raw(""),
            }
        }
    };
    let note_area = Rect::new(inner.x + 1, y + 1, inner.width.saturating_sub(2), 2);
    frame.render_widget(
        Paragraph::new(note.centered()).wrap(ratatui::widgets::Wrap { trim: true }),
        note_area.intersection(inner),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_with_a_mark_at_the_cut_end() {
        assert_eq!(fit_field("1,3,4", 16, false), "1,3,4");
        let long = "1,2,3,5,8,13,21,34,55";
        assert_eq!(fit_field(long, 16, false), "1,2,3,5,8,13,21…");
        assert_eq!(fit_field(long, 16, true), "…5,8,13,21,34,55");
        assert_eq!(fit_field(long, 16, true).chars().count(), 16);
        assert_eq!(
            fit_field("18446744073709551615", 16, true),
            "…744073709551615"
        );
    }

    #[test]
    fn every_tagline_fits_inside_the_menu() {
        for game in [GameKind::Chomp, GameKind::Subtraction, GameKind::Fibonacci] {
            let width = Line::raw(tagline(game)).width();
            assert!(width <= usize::from(WIDTH - 2), "{game:?}: {width}");
        }
    }
}
