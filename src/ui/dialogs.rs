//! Boxes drawn over the screen: help, "leave the game?", and game over.

use super::theme::Theme;
use super::{HitMap, centered};
use crate::app::keys::Binding;
use crate::app::menu::{GameKind, Settings};
use crate::app::{Button, Target};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The keys of the current screen, and the rules.
pub fn help(
    game: GameKind,
    bindings: &[Binding],
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let rules: [&str; 2] = match game {
        GameKind::Chomp => [
            "Eat a square and everything above and to the right of it.",
            "Whoever eats the poisoned square (☠, a1) loses.",
        ],
        GameKind::Subtraction => [
            "Take a number of coins from the set S (no more than the pile).",
            "Whoever takes the last coin wins; with no legal take you lose.",
        ],
        GameKind::Fibonacci => [
            "First take 1 to n-1 coins; then up to twice the previous take.",
            "Whoever takes the last coin wins.",
        ],
    };
    let mut lines = vec![
        Line::styled(game.label(), theme.title),
        Line::raw(rules[0]),
        Line::raw(rules[1]),
        Line::raw(""),
        Line::styled("Keys", theme.title),
    ];
    for binding in bindings {
        lines.push(Line::from(vec![
            Span::styled(format!("{:>12}", binding.label), theme.key),
            Span::raw(format!("  {}", binding.help)),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled(format!("{:>12}", "Ctrl-C"), theme.key),
        Span::raw("  quit at once"),
    ]));
    lines.push(Line::raw(
        "The mouse works too: point to preview, click to choose.",
    ));
    lines.push(Line::raw(""));
    lines.push(Line::styled("Press any key or click to close.", theme.dim));
    let height = lines.len() as u16 + 2;
    let rect = centered(area, 70, height);
    hits.clear();
    hits.add(area, Target::Button(Button::CloseHelp));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Help ").title_style(theme.title)),
        rect,
    );
}

/// "Leave this game?"
pub fn confirm_quit(frame: &mut Frame, area: Rect, hits: &mut HitMap, theme: &Theme) {
    dialog(
        frame,
        area,
        hits,
        theme,
        " Leave the game? ",
        vec![Line::raw(
            "The game is saved; the menu offers to resume it.",
        )],
        &[
            ("Quit", Button::Quit),
            ("Menu", Button::Menu),
            ("Keep playing", Button::KeepPlaying),
        ],
    );
}

/// How the game ended, who won, and what next.
#[allow(clippy::too_many_arguments)]
pub fn game_over(
    settings: &Settings,
    loser: usize,
    what: Vec<String>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let winner = settings.name(1 - loser);
    let verb = if winner == "You" { "win" } else { "wins" };
    let mut lines: Vec<Line> = what.into_iter().map(Line::from).collect();
    lines.push(Line::from(Span::styled(
        format!("{winner} {verb}!"),
        theme.good,
    )));
    dialog(
        frame,
        area,
        hits,
        theme,
        " Game over ",
        lines,
        &[
            ("Play again", Button::PlayAgain),
            ("Menu", Button::Menu),
            ("Quit", Button::Quit),
        ],
    );
}

/// Width of the question and game-over dialogs.
const DIALOG_WIDTH: u16 = 56;

fn dialog(
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
    title: &str,
    mut lines: Vec<Line>,
    buttons: &[(&str, Button)],
) {
    lines.push(Line::raw(""));
    let text = Paragraph::new(lines).centered().wrap(Wrap { trim: true });
    // As tall as the text once wrapped, plus the buttons' row and the border.
    let width = DIALOG_WIDTH.min(area.width);
    let wrapped = text.line_count(width.saturating_sub(2)) as u16;
    let rect = centered(area, width, wrapped.saturating_add(3));
    hits.clear();
    frame.render_widget(Clear, rect);
    frame.render_widget(
        text.block(Block::bordered().title(title).title_style(theme.title)),
        rect,
    );
    let total: u16 = buttons
        .iter()
        .map(|(label, _)| label.len() as u16 + 4)
        .sum::<u16>()
        + buttons.len().saturating_sub(1) as u16;
    let mut x = rect.x + rect.width.saturating_sub(total) / 2;
    let y = rect.bottom().saturating_sub(2);
    for &(label, button) in buttons {
        let text = format!("[ {label} ]");
        let width = text.chars().count() as u16;
        let button_area = Rect::new(x, y, width, 1).intersection(rect);
        frame.render_widget(Paragraph::new(Span::styled(text, theme.key)), button_area);
        hits.add(button_area, Target::Button(button));
        x += width + 1;
    }
}
