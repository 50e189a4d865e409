//! The side panel: players, whose turn, the solver, hints and the move list.

use super::HitMap;
use super::theme::Theme;
use crate::app::Target;
use crate::app::game::{Game, SolverState};
use crate::app::keys::Action;
use crate::settings::{Player, Settings};
use crate::units::{bytes, short_count};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Wrap};

/// What the panel shows, whatever the game.
pub struct PanelInfo<'a> {
    pub settings: &'a Settings,
    pub to_move: usize,
    pub loser: Option<usize>,
    /// The solver's line: a gauge while it works, else a short text.
    pub solver: SolverLine,
    /// Legal moves, hints, notes.
    pub info: Vec<Line<'a>>,
    /// Each move in notation ("c2", "took 3").
    pub history: Vec<String>,
}

/// The solver's line in the panel.
pub enum SolverLine {
    Progress { done: u64, total: u64 },
    Text(String),
    Warning(String),
}

/// Draws the panel and records its buttons and move list in `hits`; returns how many moves the
/// list shows.
#[expect(
    clippy::too_many_lines,
    reason = "the panel's layout, read top to bottom in one place"
)]
pub fn render(
    panel: &PanelInfo,
    controls: &Controls,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) -> u16 {
    let block = Block::bordered().title(" Game ").title_style(theme.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [status_area, gauge_area, info_area, moves_area] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Length(6),
        Constraint::Min(1),
    ])
    .areas(inner);

    let name = |side: usize| panel.settings.name(side);
    let player_line = |side: usize, label: &str| {
        let kind = match panel.settings.players[side] {
            Player::Person => "person".to_string(),
            Player::Computer => panel.settings.level.label().to_lowercase(),
        };
        Line::raw(format!("{label} {} ({kind})", name(side)))
    };
    let mut status = vec![
        player_line(0, "First: "),
        player_line(1, "Second:"),
        Line::raw(""),
    ];
    status.push(match panel.loser {
        Some(loser) => Line::from(vec![
            Span::styled(name(1 - loser), theme.good),
            Span::raw(" won"),
        ]),
        None => Line::from(vec![
            Span::raw("To move: "),
            Span::styled(name(panel.to_move), theme.title),
        ]),
    });
    frame.render_widget(Paragraph::new(status), status_area);

    match &panel.solver {
        SolverLine::Progress { done, total } => {
            let ratio = if *total == 0 {
                0.0
            } else {
                *done as f64 / *total as f64
            };
            // The label beside the bar, not over it: over it, the bar's end hid among the
            // label's letters (30% looked like half).
            let label = format!("solving {:>3.0}% ", (ratio * 100.0).floor());
            let [label_area, bar_area] = Layout::horizontal([
                Constraint::Length(label.chars().count() as u16),
                Constraint::Min(1),
            ])
            .areas(gauge_area);
            frame.render_widget(Paragraph::new(label), label_area);
            let gauge = Gauge::default()
                .gauge_style(theme.title)
                .ratio(ratio.clamp(0.0, 1.0))
                .label("");
            frame.render_widget(gauge, bar_area);
        }
        SolverLine::Text(text) => frame.render_widget(
            Paragraph::new(Span::styled(text.clone(), theme.dim)),
            gauge_area,
        ),
        SolverLine::Warning(text) => frame.render_widget(
            Paragraph::new(Span::styled(text.clone(), theme.bad)),
            gauge_area,
        ),
    }

    let mut info = panel.info.clone();
    if let Some(note) = &controls.note {
        info.insert(0, Line::styled(note.clone(), theme.title));
    }
    frame.render_widget(Paragraph::new(info).wrap(Wrap { trim: true }), info_area);

    // The move list follows the latest move unless scrolled back; marks say what is out of view.
    hits.add(moves_area, Target::MoveList);
    let rows = usize::from(moves_area.height.saturating_sub(1));
    let len = panel.history.len();
    let last_top = len.saturating_sub(rows);
    let start = controls.history_top.unwrap_or(last_top).min(last_top);
    let end = (start + rows).min(len);
    let mut header = vec![Span::styled("Moves", theme.title)];
    if start > 0 {
        header.push(Span::styled(format!("  ↑ {start} earlier"), theme.dim));
    }
    if end < len {
        header.push(Span::styled(format!("  ↓ {} later", len - end), theme.dim));
    }
    let mut lines = vec![Line::from(header)];
    for (i, entry) in panel.history.iter().enumerate().take(end).skip(start) {
        lines.push(Line::raw(format!(
            "{:>3}. {:<10} {}",
            i + 1,
            name(i % 2),
            entry
        )));
    }
    frame.render_widget(Paragraph::new(lines), moves_area);

    // The buttons sit in the bottom border, so they cost no row.
    let total: u16 = controls
        .buttons
        .iter()
        .map(|(label, _)| label.chars().count() as u16 + 1)
        .sum();
    let mut x = area.x + 1 + (area.width.saturating_sub(2) + 1).saturating_sub(total) / 2;
    let y = area.bottom().saturating_sub(1);
    for &(label, action) in controls.buttons {
        let width = label.chars().count() as u16;
        let button = Rect::new(x, y, width, 1).intersection(area);
        frame.render_widget(Span::styled(label, theme.key), button);
        hits.add(button, Target::Command(action));
        x += width + 1;
    }
    rows as u16
}

/// What the person can do from the panel: its buttons, and how far the move list is scrolled.
pub struct Controls<'a> {
    /// The first move shown; `None` follows the latest.
    pub history_top: Option<usize>,
    /// Labels and what clicking them does.
    pub buttons: &'a [(&'static str, Action)],
    /// A line above the game's own notes (the demonstration's speed).
    pub note: Option<String>,
}

/// The panel of a Chomp game.
pub fn chomp<'a>(game: &'a Game, theme: &Theme) -> PanelInfo<'a> {
    let solver = match &game.solver {
        SolverState::Solving { done, total, .. } => SolverLine::Progress {
            done: *done,
            total: *total,
        },
        SolverState::Ready(table) => SolverLine::Text(solved_line(table.positions())),
        SolverState::Refused { .. } => SolverLine::Warning("too big to solve".into()),
        SolverState::Stopped => SolverLine::Text("stopped: review complete".into()),
    };
    PanelInfo {
        settings: &game.settings,
        to_move: game.to_move(),
        loser: game.loser(),
        solver,
        info: info_lines(game, theme),
        history: game.moves.iter().map(ToString::to_string).collect(),
    }
}

/// "solved: 9.1 billion positions", within the panel's 30 characters.
fn solved_line(positions: u64) -> String {
    let count = short_count(positions);
    let line = format!("solved: {count} positions");
    if line.chars().count() <= 30 {
        line
    } else {
        format!("solved: {count}")
    }
}

fn info_lines<'a>(game: &Game, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    if game.is_over() {
        if matches!(game.solver, SolverState::Solving { .. }) {
            // The build goes on after the end only for the moves the review cannot judge yet.
            lines.push(Line::raw("Completing the review."));
        }
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
    if game.computer_to_move() && game.pending.is_none() && game.waits_for_table() {
        let eta = game
            .table_ready_in()
            .map(|t| format!(", ready in about {} s", t.as_secs().max(1)))
            .unwrap_or_default();
        lines.push(Line::raw(format!(
            "{} waits for the table{eta}.",
            game.name(game.to_move())
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
    if game.hints {
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
    } else {
        lines.push(Line::styled("Hints off (H)", theme.dim));
    }
    if let Some(message) = &game.message {
        lines.push(Line::styled(message.clone(), theme.bad));
    }
    lines
}

/// "You are " or "Computer is ".
pub(crate) fn subject(name: &str) -> String {
    if name == "You" {
        "You are ".to_string()
    } else {
        format!("{name} is ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The panel's solver line while the solver is `done` of `total`, 32 columns wide.
    fn progress_line(done: u64, total: u64) -> String {
        let settings = Settings::default();
        let panel = PanelInfo {
            settings: &settings,
            to_move: 0,
            loser: None,
            solver: SolverLine::Progress { done, total },
            info: Vec::new(),
            history: Vec::new(),
        };
        let controls = Controls {
            history_top: None,
            buttons: &[],
            note: None,
        };
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(32, 20)).unwrap();
        terminal
            .draw(|f| {
                render(
                    &panel,
                    &controls,
                    f,
                    f.area(),
                    &mut HitMap::default(),
                    &Theme::monochrome(),
                );
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        // The border, four status lines, then the solver's line.
        (1..31).map(|x| buffer[(x, 5)].symbol()).collect()
    }

    #[test]
    fn the_progress_label_stands_beside_its_bar() {
        for (done, percent) in [(0, 0), (30, 30), (49, 49), (93, 93), (100, 100)] {
            let line = progress_line(done, 100);
            let label = format!("solving {percent:>3}% ");
            assert!(line.starts_with(&label), "{line:?}");
            let bar = &line[label.len()..];
            let width = bar.chars().count();
            let full = bar.chars().filter(|&c| c == '█').count();
            assert!(
                bar.chars().all(|c| "█▉▊▋▌▍▎▏ ".contains(c)),
                "nothing but the bar after the label: {line:?}"
            );
            let shown = full as f64 / width as f64;
            assert!(
                (shown - f64::from(percent) / 100.0).abs() < 1.0 / width as f64 + 1e-9,
                "{percent}% drawn as {full} of {width}: {line:?}"
            );
        }
    }

    #[test]
    fn the_solved_line_fits_the_panel() {
        assert_eq!(solved_line(1_716), "solved: 1,716 positions");
        assert_eq!(solved_line(9_075_135_300), "solved: 9.1 billion positions");
        assert_eq!(solved_line(137_846_528_820), "solved: 137.8 billion");
    }
}
