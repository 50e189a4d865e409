//! The start menu.

use super::{HitMap, centered};
use crate::app::menu::{BUTTON_ROWS, Menu, MenuLine, button_row, field_rows};
use crate::app::{App, Button, Modal, Target, size};
use crate::settings::GameKind;
use crate::theme::Theme;
use crate::units::cut;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// Characters of a value between its ◀ and ▶ in the narrowest box; a wider box gives the
/// values its extra columns.
const FIELD_WIDTH: u16 = 16;
/// The columns of a value line besides its value: the label (3 + 15: a space off the border,
/// then the chosen line's ▸ and a space), ◀ and ▶ (3 each), and the right margin (4).
const FIELD_FRAME: u16 = 28;
/// Where a value line's ◀ starts, from the box's inner left edge.
const FIELD_LEFT_STEP: u16 = 18;
/// The rows above the menu's lines: the title, the game's tagline and a blank row.
const INTRO_ROWS: u16 = 3;

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

/// Where each line of the menu is drawn, in rows from the top of the box's inside (the
/// buttons of a row of [`BUTTON_ROWS`] share it). The rows never depend on the game chosen: each game's own lines get
/// as many rows as the game with the most has ([`field_rows`]), so that changing the game
/// never moves the buttons under the pointer.
pub(crate) fn layout(menu: &Menu) -> Vec<(MenuLine, u16)> {
    let own = |after_level: bool| -> Vec<MenuLine> {
        let fields = menu.settings.game.game().fields();
        fields
            .iter()
            .filter(|f| f.after_level == after_level)
            .map(|f| MenuLine::Field(f.key))
            .collect()
    };
    // The rows a game with fewer lines of its own leaves blank.
    let spare = |lines: &[MenuLine], after_level: bool| {
        u16::try_from(field_rows(after_level).saturating_sub(lines.len())).unwrap_or(0)
    };
    let mut rows = Vec::new();
    let mut y = INTRO_ROWS;
    if let Some(kind) = menu.shown_resume() {
        rows.push((MenuLine::Resume(kind), y));
        y += 2; // a gap under the saved games
    }
    let before = own(false);
    let after = own(true);
    let mut put = |line: MenuLine, y: &mut u16| {
        rows.push((line, *y));
        *y += 1;
    };
    put(MenuLine::Game, &mut y);
    for &line in &before {
        put(line, &mut y);
    }
    y += spare(&before, false);
    for line in [MenuLine::First, MenuLine::Second, MenuLine::Level] {
        put(line, &mut y);
    }
    y += 1; // what the level does
    for &line in &after {
        put(line, &mut y);
    }
    y += spare(&after, true);
    y += 1; // a gap before the buttons
    for row in BUTTON_ROWS {
        rows.extend(row.iter().map(|&line| (line, y)));
        y += 1;
    }
    rows
}

pub fn render(app: &App, frame: &mut Frame, area: Rect, hits: &mut HitMap, theme: &Theme) {
    let rect = centered(
        area,
        size::menu_width(area.width),
        size::menu_height(&app.menu, area.height),
    );
    let block = Block::bordered().title(" munch ").title_style(theme.title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    // While a game asked for on the command line waits on the replace question, the menu's
    // lines are not that game's: they are left out, and the question names the game it starts.
    let asked = app.asked_settings();
    let shown = asked.unwrap_or(&app.menu.settings);
    let intro = vec![
        Line::styled("The take-away games", theme.title).centered(),
        Line::raw(shown.game.game().tagline()).centered(),
    ];
    frame.render_widget(Paragraph::new(intro), inner);

    let problem = app.menu.problem();
    let value_width = inner.width.saturating_sub(FIELD_FRAME).max(FIELD_WIDTH);
    let mut bottom = inner.y;
    for (line, at) in layout(&app.menu) {
        let y = inner.y + at;
        bottom = bottom.max(y + 1);
        let buttons = button_row(line).filter(|row| row.len() > 1);
        if buttons.is_some_and(|row| row[0] != line) {
            continue; // drawn beside the row's first
        }
        let row = Rect::new(inner.x, y, inner.width, 1);
        let selected = app.menu.selected == line;
        if asked.is_some() && line.has_value() {
            continue; // the menu's values, not the game asked for: left out while it asks
        }
        let style = if selected { theme.selected } else { theme.text };
        hits.add(row, Target::MenuLine(line));
        if let Some(buttons) = buttons {
            side_by_side(app, buttons, frame, row, hits, theme);
        } else if line.has_value() {
            let value = app.menu.value(line);
            // The field at fault is marked, the reason is given below.
            let (value, value_style) = match &problem {
                Some((at, _)) if *at == line => (format!("✗ {value}"), style.patch(theme.bad)),
                _ => (value, style),
            };
            // While a line is being edited its end (where typing goes) stays in view.
            let width = usize::from(value_width);
            let value = fit_field(&value, width, selected && line.is_typed());
            // The chosen line is marked ▸, as the buttons are, not by its colour alone.
            let pointer = if selected { '▸' } else { ' ' };
            let spans = vec![
                Span::styled(format!(" {pointer} {:<15}", line.label()), style),
                Span::styled(" ◀ ", theme.dim),
                Span::styled(format!("{value:^width$}"), value_style),
                Span::styled(" ▶ ", theme.dim),
            ];
            frame.render_widget(Paragraph::new(Line::from(spans)), row);
            hits.add(
                Rect::new(row.x + FIELD_LEFT_STEP, y, 3, 1),
                Target::MenuStep(line, -1),
            );
            hits.add(
                Rect::new(row.x + FIELD_LEFT_STEP + 3 + value_width, y, 3, 1),
                Target::MenuStep(line, 1),
            );
            if line == MenuLine::Level {
                // What the level does, under it.
                let settings = &app.menu.settings;
                let about =
                    Line::styled(settings.game.game().level_words(settings.level), theme.dim);
                let row = Rect::new(inner.x, y + 1, inner.width, 1);
                frame.render_widget(Paragraph::new(about.centered()), row);
            }
        } else if let MenuLine::Resume(kind) = line {
            resume_row(app, kind, selected, frame, row, hits, theme);
        } else {
            let label = if selected {
                format!("▸ {} ◂", line.label())
            } else {
                line.label().to_string()
            };
            frame.render_widget(Paragraph::new(Line::styled(label, style).centered()), row);
        }
    }
    let note = note_line(app, problem, theme);
    // The note may take every row left in the box (a question with its keys needs three).
    let note_rows = inner.bottom().saturating_sub(bottom + 1);
    let note_area = Rect::new(
        inner.x + 1,
        bottom + 1,
        inner.width.saturating_sub(2),
        note_rows,
    );
    frame.render_widget(
        Paragraph::new(note.centered()).wrap(ratatui::widgets::Wrap { trim: true }),
        note_area.intersection(inner),
    );
    if app.modals().contains(&Modal::Warnings) {
        warnings(&app.warnings, frame, area, hits, theme);
    }
}

/// The one row of the saved games: the one shown, and when there are more, ◀ ▶ at the row's
/// ends to show the others, with its place among them ("1/4").
fn resume_row(
    app: &App,
    kind: GameKind,
    selected: bool,
    frame: &mut Frame,
    row: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let line = MenuLine::Resume(kind);
    let style = if selected { theme.selected } else { theme.text };
    // Another window holds the kind: it plays this saved game, or a new one of its kind
    // (which replaces this one once it is saved), so the row says only what is sure: in use
    // (the notice on Enter says by what).
    let what = if app.menu.open_elsewhere.contains(&kind) {
        "In use:".to_string()
    } else {
        "Resume".to_string()
    };
    let count = app.menu.resumes.len();
    let several = count > 1;
    let text = if several {
        let at = app.menu.resume_at.min(count - 1) + 1;
        format!("{what} {} ({at}/{count})", app.menu.value(line))
    } else {
        format!("{what} {}", app.menu.value(line))
    };
    // Room for the ▸ ◂ marks, and for ◀ ▶ at the ends when there are several.
    let arrows = if several { 6 } else { 0 };
    let room = usize::from(row.width).saturating_sub(4 + arrows);
    let text = fit_keeping_tail(&text, room);
    let label = if selected {
        format!("▸ {text} ◂")
    } else {
        text
    };
    let inside = if several {
        Rect::new(row.x + 3, row.y, row.width.saturating_sub(6), 1)
    } else {
        row
    };
    frame.render_widget(
        Paragraph::new(Line::styled(label, style).centered()),
        inside,
    );
    if several {
        let left = Rect::new(row.x, row.y, 3, 1);
        let right = Rect::new(row.right().saturating_sub(3), row.y, 3, 1);
        frame.render_widget(Paragraph::new(Span::styled(" ◀ ", theme.dim)), left);
        frame.render_widget(Paragraph::new(Span::styled(" ▶ ", theme.dim)), right);
        hits.add(left, Target::MenuStep(line, -1));
        hits.add(right, Target::MenuStep(line, 1));
    }
}

/// The line under the buttons: why a value cannot start a game, the replace question, or the
/// person's record with these settings.
fn note_line(app: &App, problem: Option<(MenuLine, String)>, theme: &Theme) -> Line<'static> {
    // The question is about the game asked for: the menu's, or one from a set position
    // (whose kind the menu need not show).
    match (&app.menu.note, app.menu.replacing, problem) {
        (Some(note), _, _) => Line::styled(note.clone(), theme.bad),
        (None, None, _) if let Some(notice) = &app.menu.notice => {
            Line::styled(notice.clone(), theme.text)
        }
        (None, Some(kind), _) => {
            let game = app.menu.value(MenuLine::Resume(kind));
            // A game whose save failed is not called saved: the warning said it is not.
            let saved = if app.kept_unsaved(kind) {
                format!("unsaved {game}")
            } else {
                format!("saved {game}")
            };
            // The position takes the room of the keys, which the key bar shows too.
            let text = match (app.menu.open_elsewhere.contains(&kind), app.asked_game()) {
                // Its game is not written over while that window plays it.
                (true, asked) => format!(
                    "Another window is playing {}: {} here is not saved while it does.",
                    kind.label(),
                    asked.unwrap_or_else(|| "a new game".into())
                ),
                (false, Some(asked)) => format!("{asked} replaces your {saved} once you move."),
                (false, None) => format!(
                    "A new game replaces your {saved} once you move. Enter: start anyway · Esc: keep it"
                ),
            };
            Line::styled(text, theme.bad)
        }
        (None, None, Some((_, problem))) => Line::styled(problem, theme.bad),
        (None, None, None) if app.menu.selected.is_typed() => {
            Line::styled("type to edit, ←→ to step", theme.dim)
        }
        (None, None, None) => {
            let settings = &app.menu.settings;
            let level = settings.level.label();
            match app
                .stats
                .tallies
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
    }
}

/// A row of buttons side by side (Start and Study): each a button of its own, with its share
/// of the row to click (the row's first has the whole row under the others).
fn side_by_side(
    app: &App,
    buttons: &[MenuLine],
    frame: &mut Frame,
    row: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let button = |line: MenuLine| {
        let selected = app.menu.selected == line;
        let (text, style) = if selected {
            (format!("▸ {} ◂", line.label()), theme.selected)
        } else {
            (format!("  {}  ", line.label()), theme.text)
        };
        Span::styled(text, style)
    };
    let mut spans = Vec::new();
    for (at, &line) in buttons.iter().enumerate() {
        if at > 0 {
            spans.push(Span::raw("    "));
        }
        spans.push(button(line));
    }
    frame.render_widget(Paragraph::new(Line::from(spans).centered()), row);
    let count = buttons.len() as u16;
    for (at, &line) in buttons.iter().enumerate().skip(1) {
        let left = row.width * at as u16 / count;
        hits.add(
            Rect::new(row.x + left, row.y, row.width - left, 1),
            Target::MenuLine(line),
        );
    }
}

/// The most rows one warning takes in the box above the menu; a longer one is cut with "…".
const WARNING_ROWS: usize = 4;

/// Every warning, in a box above the menu until the player dismisses it. The box stays within
/// `area` with its dismiss line showing: each warning takes at most [`WARNING_ROWS`] rows, and
/// the warnings that do not fit are counted ("…and 2 more").
fn warnings(warnings: &[String], frame: &mut Frame, area: Rect, hits: &mut HitMap, theme: &Theme) {
    let width = area.width.min(76);
    let text_width = usize::from(width.saturating_sub(6)).max(10);
    // The border, the blank row and the dismiss line take four rows.
    let room = usize::from(area.height.saturating_sub(4)).max(1);
    let mut lines = Vec::new();
    for (at, warning) in warnings.iter().enumerate() {
        let rows = warning_rows(warning, text_width);
        let left = warnings.len() - at;
        // The last row left says how many warnings are not shown, unless this is the last.
        let fits = lines.len() + rows.len() <= room.saturating_sub(usize::from(left > 1));
        if !fits {
            if lines.is_empty() {
                let keep = room.saturating_sub(usize::from(left > 1)).max(1);
                lines.extend(marked(&rows[..keep.min(rows.len())], theme));
                if left > 1 {
                    lines.push(more(left - 1, theme));
                }
            } else {
                lines.push(more(left, theme));
            }
            break;
        }
        lines.extend(marked(&rows, theme));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Enter, Esc or a click: dismiss", theme.dim).centered());
    let rect = centered(area, width, lines.len() as u16 + 2);
    let title = format!(
        " ⚠ {} ",
        plural(warnings.len(), "problem with munch's files")
    );
    let block = Block::bordered().title(title).title_style(theme.bad);
    let inner = block.inner(rect).inner(ratatui::layout::Margin::new(1, 0));
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    frame.render_widget(Paragraph::new(lines), inner);
    hits.clear();
    hits.add(area, Target::Button(Button::DismissWarnings));
}

/// A warning's rows at `width`: at most [`WARNING_ROWS`], the last ending in "…" when the
/// warning is longer. Only as much of the text as could show is wrapped, however long it is.
fn warning_rows(warning: &str, width: usize) -> Vec<String> {
    let most = WARNING_ROWS * width;
    let head: String = warning.chars().take(most + 1).collect();
    let mut rows = wrap(&head, width);
    let cut_off = rows.len() > WARNING_ROWS || head.chars().count() > most;
    rows.truncate(WARNING_ROWS);
    if cut_off && let Some(last) = rows.last_mut() {
        *last = cut(&format!("{last}…"), width);
    }
    rows
}

/// Warning rows as the box lists them: a bullet before each warning's first row.
fn marked<'a>(rows: &[String], theme: &Theme) -> Vec<Line<'a>> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let mark = if i == 0 { "• " } else { "  " };
            Line::styled(format!("{mark}{row}"), theme.bad)
        })
        .collect()
}

/// The row counting the warnings left out.
fn more<'a>(n: usize, theme: &Theme) -> Line<'a> {
    Line::styled(format!("…and {n} more"), theme.dim)
}

/// "1 problem", "2 problems".
fn plural(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => {
            let (first, rest) = what.split_once(' ').unwrap_or((what, ""));
            format!("{n} {first}s {rest}").trim_end().to_string()
        }
    }
}

/// Greedy word wrap to `width` characters; a word longer than a line is cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut rows = vec![String::new()];
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let row = rows.last_mut().expect("never empty");
            let used = row.chars().count();
            let gap = usize::from(used > 0);
            if used + gap + word.len() <= width {
                if gap == 1 {
                    row.push(' ');
                }
                row.extend(word.iter());
                break;
            }
            if used == 0 {
                let rest = word.split_off(width);
                row.extend(word.iter());
                word = rest;
            }
            rows.push(String::new());
        }
    }
    rows
}

/// `text` in at most `width` characters, cut in the middle when too long so that its last
/// clause (", move 5") stays whole.
fn fit_keeping_tail(text: &str, width: usize) -> String {
    let chars = text.chars().count();
    let tail = match text.rfind(", ") {
        Some(at) if chars > width && text[at..].chars().count() < width / 2 => &text[at..],
        _ => return fit_field(text, width, false),
    };
    let head_room = width - tail.chars().count();
    format!(
        "{}{tail}",
        fit_field(&text[..text.len() - tail.len()], head_room, false)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_resume_line_keeps_its_move_number() {
        let text = "Resume Subtraction {1,2,3,5,8,13,21,34,55,89} from 1000000, move 3";
        let fitted = fit_keeping_tail(text, 40);
        assert_eq!(fitted.chars().count(), 40);
        assert!(fitted.starts_with("Resume Subtraction {1,2,3"), "{fitted}");
        assert!(fitted.ends_with("…, move 3"), "{fitted}");
        assert_eq!(
            fit_keeping_tail("Resume Chomp 6×7, move 3", 40),
            "Resume Chomp 6×7, move 3"
        );
    }

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
        for game in crate::games::GAMES {
            let width = Line::raw(game.tagline()).width();
            assert!(
                width <= usize::from(size::MENU_WIDTH.0 - 2),
                "{}: {width}",
                game.id()
            );
        }
    }
}
