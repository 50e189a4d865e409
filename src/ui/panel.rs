//! The side panel: players, whose turn, the solver, hints and the move list.

use super::theme::Theme;
use crate::app::game::{Game, SolverState};
use crate::units::{bytes, group};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Wrap};

/// The panel needs this many rows to show everything but the move list.
pub const MIN_HEIGHT: u16 = 16;

pub fn render(game: &Game, frame: &mut Frame, area: Rect, theme: &Theme) {
    let block = Block::bordered().title(" Game ").title_style(theme.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [status_area, gauge_area, info_area, moves_area] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Length(5),
        Constraint::Min(1),
    ])
    .areas(inner);

    let mut status = vec![
        player_line(game, 0, "First: "),
        player_line(game, 1, "Second:"),
        Line::raw(""),
    ];
    status.push(match game.loser() {
        Some(loser) => Line::from(vec![
            Span::styled(game.name(1 - loser), theme.good),
            Span::raw(" won"),
        ]),
        None => Line::from(vec![
            Span::raw("To move: "),
            Span::styled(game.name(game.to_move()), theme.title),
        ]),
    });
    frame.render_widget(Paragraph::new(status), status_area);

    match &game.solver {
        SolverState::Solving { done, total } => {
            let ratio = if *total == 0 {
                0.0
            } else {
                *done as f64 / *total as f64
            };
            let gauge = Gauge::default()
                .gauge_style(theme.title)
                .ratio(ratio.clamp(0.0, 1.0))
                .label(format!("solving {:.0}%", ratio * 100.0));
            frame.render_widget(gauge, gauge_area);
        }
        SolverState::Ready(table) => {
            let text = format!("solved: {} positions", group(table.positions()));
            frame.render_widget(Paragraph::new(Span::styled(text, theme.dim)), gauge_area);
        }
        SolverState::Refused { .. } => {
            frame.render_widget(
                Paragraph::new(Span::styled("too big to solve", theme.bad)),
                gauge_area,
            );
        }
    }

    frame.render_widget(
        Paragraph::new(info_lines(game, theme)).wrap(Wrap { trim: true }),
        info_area,
    );

    let rows = usize::from(moves_area.height.saturating_sub(1));
    let mut lines = vec![Line::styled("Moves", theme.title)];
    let start = game.moves.len().saturating_sub(rows);
    for (i, square) in game.moves.iter().enumerate().skip(start) {
        lines.push(Line::raw(format!(
            "{:>3}. {:<10} {}",
            i + 1,
            game.name(i % 2),
            square
        )));
    }
    frame.render_widget(Paragraph::new(lines), moves_area);
}

fn player_line(game: &Game, side: usize, label: &str) -> Line<'static> {
    Line::raw(format!(
        "{label} {} ({})",
        game.name(side),
        game.settings.players[side].label().to_lowercase()
    ))
}

fn info_lines<'a>(game: &Game, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    if game.is_over() {
        if game.unproven_moves {
            lines.push(Line::styled(
                "Some computer moves were not proven best.",
                theme.dim,
            ));
        }
        return lines;
    }
    if let Some(pending) = game.pending {
        lines.push(Line::raw(format!(
            "{} eats {}",
            game.name(game.to_move()),
            pending.choice.square()
        )));
    }
    if let SolverState::Refused {
        needed_bytes,
        budget,
    } = game.solver
    {
        lines.push(Line::styled(
            format!(
                "No table: needs {}, budget {}.",
                bytes(needed_bytes),
                bytes(budget)
            ),
            theme.dim,
        ));
    }
    if game.last_move_unproven {
        lines.push(Line::styled(
            "The computer's last move is not proven best.",
            theme.bad,
        ));
    }
    if !game.hints {
        lines.push(Line::styled("Hints off (H)", theme.dim));
    } else {
        lines.push(match game.answer() {
            None if matches!(game.solver, SolverState::Solving { .. }) => {
                Line::raw("Hints: waiting for the solver")
            }
            None => Line::raw("Hints: nothing proves this position"),
            Some(answer) if !answer.wins => Line::from(vec![
                Span::raw(subject(game.name(game.to_move()))),
                Span::styled("losing", theme.bad),
                Span::raw(": no winning move"),
            ]),
            Some(answer) => {
                let n = answer.winning_moves.len();
                let at_least = if answer.complete { "" } else { "at least " };
                Line::from(vec![
                    Span::raw(subject(game.name(game.to_move()))),
                    Span::styled("winning", theme.good),
                    Span::raw(format!(
                        ": {at_least}{n} winning move{} (★)",
                        if n == 1 { "" } else { "s" }
                    )),
                ])
            }
        });
    }
    if let Some(message) = &game.message {
        lines.push(Line::styled(message.clone(), theme.bad));
    }
    lines
}

/// "You are " or "Computer is ".
fn subject(name: &str) -> String {
    if name == "You" {
        "You are ".to_string()
    } else {
        format!("{name} is ")
    }
}
