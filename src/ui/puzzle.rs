//! The Puzzles screen: the puzzle's board, drawn by its game's own view, and beside it the
//! puzzle's panel: the task, the person's rating and streak, how the puzzle went, and once it
//! is over why the position was won and the puzzle's themes.

use super::HitMap;
use crate::app::Target;
use crate::app::keys::Action;
use crate::app::puzzle::{Current, PuzzleScreen, Stage};
use crate::app::size;
use crate::input::Spots;
use crate::mistakes::SOLVED_TO_LEAVE;
use crate::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// The panel's buttons: each does what its key does.
const BUTTONS: &[(&str, Action)] = &[
    ("Hint", Action::Hint),
    ("Next", Action::Next),
    ("Menu", Action::Back),
];

pub fn render(
    screen: &PuzzleScreen,
    ticks: u64,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let Some(current) = &screen.current else {
        let text = screen
            .note
            .clone()
            .unwrap_or_else(|| "Finding puzzles…".into());
        let title = if screen.retries.is_some() {
            " Your mistakes "
        } else {
            " Puzzles "
        };
        let block = Block::bordered().title(title).title_style(theme.title);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let rows = Layout::vertical([Constraint::Length(1)])
            .flex(ratatui::layout::Flex::Center)
            .areas::<1>(inner)[0];
        frame.render_widget(Paragraph::new(Line::raw(text).centered()), rows);
        hits.add(inner, Target::Command(Action::Next));
        return;
    };
    let (view_w, _) = current.session.view_size();
    let panel_width = size::study_panel_width(area.width, view_w);
    let [view_area, panel_area] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(panel_width)]).areas(area);
    let mut spots = Spots::default();
    current
        .session
        .render(view_area, frame.buffer_mut(), theme, ticks, &mut spots);
    for (spot_area, spot) in spots.0 {
        hits.add(spot_area, Target::Spot(spot));
    }
    panel(screen, current, frame, panel_area, hits, theme);
}

/// Where the person stands: the ratings and streak; for a retry of "Your mistakes", which counts
/// in no rating, where it came from and how many wait.
fn standing(screen: &PuzzleScreen, current: &Current, theme: &Theme) -> [Line<'static>; 2] {
    if let (Some(retry), Some(retries)) = (&current.retry, &screen.retries) {
        // Counted with this try, once it is over.
        let in_a_row = match current.stage {
            Stage::Solved => retry.solved_in_a_row + 1,
            Stage::Failed { .. } => 0,
            _ => retry.solved_in_a_row,
        };
        return [
            Line::raw(retry.origin_line()),
            Line::styled(
                format!(
                    "{} waiting · solved {} of {} in a row to clear it",
                    retries.waiting(),
                    in_a_row,
                    SOLVED_TO_LEAVE
                ),
                theme.dim,
            ),
        ];
    }
    let record = &screen.record;
    let theirs = record.puzzle_rating(&current.puzzle.position, current.puzzle.rating);
    [
        Line::raw(format!(
            "Your rating {} · puzzle {}",
            record.player.shown(),
            theirs.shown()
        )),
        Line::raw(format!(
            "Streak {} · best {}",
            record.streak, record.best_streak
        )),
    ]
}

/// The panel's title: the game's puzzle (again, when it comes back), or a retry of "Your
/// mistakes".
fn panel_title(current: &Current) -> String {
    let game = current.kind.label();
    if current.retry.is_some() {
        format!(" Your mistakes: {game} ")
    } else if current.comeback {
        format!(" {game} puzzle, again ")
    } else {
        format!(" {game} puzzle ")
    }
}

/// What the panel says of a solved puzzle; of a retry, whether it leaves "Your mistakes".
fn solved_words(current: &Current) -> &'static str {
    match &current.retry {
        Some(retry) if retry.solved_in_a_row + 1 >= SOLVED_TO_LEAVE => {
            "Solved twice in a row: it leaves your mistakes."
        }
        Some(_) => "Solved! Once more in a row clears it.",
        None => "Solved!",
    }
}

/// The puzzle's panel, its buttons in its bottom border.
fn panel(
    screen: &PuzzleScreen,
    current: &Current,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let block = Block::bordered()
        .title(panel_title(current))
        .title_style(theme.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = vec![Line::styled(current.task(), theme.title), Line::raw("")];
    lines.extend(standing(screen, current, theme));
    lines.push(Line::raw(""));
    match &current.stage {
        Stage::Solving => {
            // The computer's reply to the move found before, in the game's words.
            if let Some(reply) = current
                .done
                .checked_sub(1)
                .map(|at| &current.puzzle.solution[at])
            {
                lines.push(Line::raw(format!(
                    "Right. The computer replied: {}.",
                    current.words(reply).0
                )));
            }
            let found = current.done.div_ceil(2);
            lines.push(Line::raw(format!(
                "Your move ({} of {}).",
                found + 1,
                current.solver_moves()
            )));
            if let Some(hint) = &current.hint {
                lines.push(Line::styled("Hint:", theme.title));
                lines.extend(hint.iter().map(|l| Line::styled(l.clone(), theme.dim)));
            }
        }
        Stage::Replying { .. } => {
            lines.push(Line::styled("Right! The computer replies…", theme.good));
        }
        Stage::Solved => lines.push(Line::styled(solved_words(current), theme.good)),
        Stage::Failed { played, right, .. } => {
            lines.push(Line::styled(format!("✗ {played} loses."), theme.bad));
            // The computer's answer, once it has landed on the board.
            let moves = current.session.notation();
            match moves.get(current.done + 1) {
                Some(answer) => lines.push(Line::raw(format!(
                    "The computer answers: {}.",
                    current.words(answer).0
                ))),
                // A move that ended the game (the poison) needs no answer.
                None if current.session.is_over() => {}
                None => lines.push(Line::raw("The computer answers…")),
            }
            if right.is_empty() {
                // A retry whose winning move nothing has named yet.
                lines.push(Line::raw("Another move would have kept the win."));
            } else {
                lines.push(Line::raw(format!("The right move was {right}.")));
            }
        }
    }
    // What matters first, then the why, which may run past the panel's foot.
    if current.is_over() {
        if !current.puzzle.themes.is_empty() {
            lines.push(Line::raw(format!(
                "Themes: {}",
                current.puzzle.themes.join(", ")
            )));
        }
        let next = if current.retry.is_some() {
            "n: the next mistake"
        } else {
            "n: the next puzzle"
        };
        lines.push(Line::styled(next, theme.title));
    }
    if let Some(note) = screen.note.as_deref().or(current.session.message()) {
        lines.push(Line::styled(note.to_string(), theme.bad));
    }
    if let Stage::Failed { why, .. } = &current.stage
        && !why.is_empty()
    {
        lines.push(Line::raw(""));
        lines.extend(why.iter().map(|l| Line::styled(l.clone(), theme.dim)));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    // The buttons sit in the bottom border, so they cost no row.
    let total: u16 = BUTTONS
        .iter()
        .map(|(label, _)| label.chars().count() as u16 + 1)
        .sum();
    let mut x = area.x + 1 + (area.width.saturating_sub(2) + 1).saturating_sub(total) / 2;
    let y = area.bottom().saturating_sub(1);
    for &(label, action) in BUTTONS {
        let width = label.chars().count() as u16;
        let button = Rect::new(x, y, width, 1).intersection(area);
        frame.render_widget(Span::styled(label, theme.key), button);
        hits.add(button, Target::Command(action));
        x += width + 1;
    }
}
