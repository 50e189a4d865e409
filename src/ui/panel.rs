//! The side panel: players, whose turn, the solver, hints and the move list.

use super::HitMap;
use super::dialogs::wrap_words;
use crate::app::Target;
use crate::app::keys::Action;
#[cfg(test)]
use crate::games::panel::History;
use crate::games::panel::{PanelInfo, SolverLine};
use crate::games::setup::Player;
#[cfg(test)]
use crate::settings::Settings;
use crate::theme::Theme;
use crate::units::{cut, cut_number, group};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget, Wrap};

/// The side panel of a game: what its view says ([`PanelInfo`]) framed with the players, the
/// move list and the buttons every game shares. Its state, the [`HitMap`], records the buttons
/// and the move list, and how many moves the list shows.
pub struct PanelView<'a> {
    pub info: PanelInfo<'a>,
    pub controls: Controls<'a>,
    pub theme: &'a Theme,
}

/// The rows the game's notes have at least, above the move list.
const INFO_ROWS: u16 = 6;

impl StatefulWidget for PanelView<'_> {
    type State = HitMap;

    fn render(self, area: Rect, buf: &mut Buffer, hits: &mut HitMap) {
        let PanelView {
            info: panel,
            controls,
            theme,
        } = self;
        let block = Block::bordered().title(" Game ").title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let mut info = panel.info;
        if let Some(note) = controls.note {
            info.insert(0, Line::styled(note, theme.title));
        }
        let [status_area, gauge_area, info_area, moves_area] = Layout::vertical([
            Constraint::Length(4),
            Constraint::Length(1),
            Constraint::Length(info_rows(&info, inner)),
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
        let position = controls
            .position
            .as_deref()
            .map_or_else(String::new, |text| {
                cut(text, usize::from(status_area.width))
            });
        let mut status = vec![
            player_line(0, "First: "),
            player_line(1, "Second:"),
            Line::styled(position, theme.dim),
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
        Paragraph::new(status).render(status_area, buf);

        solver_line(panel.solver, theme, gauge_area, buf);

        Paragraph::new(info)
            .wrap(Wrap { trim: true })
            .render(info_area, buf);

        // The move list follows the latest move unless scrolled back; marks say what is out of
        // view.
        hits.add(moves_area, Target::MoveList);
        let rows = usize::from(moves_area.height.saturating_sub(1));
        let len = panel.history.len();
        let last_top = len.saturating_sub(rows);
        let start = controls.history_top.unwrap_or(last_top).min(last_top);
        let end = (start + rows).min(len);
        let width = usize::from(moves_area.width);
        let room = width.saturating_sub("Moves".len());
        let header = vec![
            Span::styled("Moves", theme.title),
            Span::styled(out_of_view(start, end, len, room), theme.dim),
        ];
        let mut lines = vec![Line::from(header)];
        // The names in a column ten wide; a move too long for it (a huge pile's take) gets
        // the column's spare room, and where it still does not fit its number loses its
        // middle to "…" ("999,…,006 from pile 1"), never the pile.
        let tight = (0..2)
            .map(|side| name(side).chars().count())
            .max()
            .unwrap_or(0);
        for (i, entry) in (start..end).filter_map(|i| Some((i, panel.history.word(i)?))) {
            let mut lead = format!("{:>3}. {:<10} ", i + 1, name(i % 2));
            if Line::raw(format!("{lead}{entry}")).width() > width {
                lead = format!("{:>3}. {:<tight$} ", i + 1, name(i % 2));
            }
            let room = width.saturating_sub(Line::raw(lead.as_str()).width());
            lines.push(Line::raw(cut(
                &format!("{lead}{}", cut_number(&entry, room)),
                width,
            )));
        }
        Paragraph::new(lines).render(moves_area, buf);

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
            Span::styled(label, theme.key).render(button, buf);
            hits.add(button, Target::Command(action));
            x += width + 1;
        }
        hits.viewport.move_rows = rows as u16;
    }
}

/// The rows of the game's notes in the panel's `inner` area: six, more where the notes need
/// them (a hint's why and a note of a refused move together), while the move list keeps its
/// heading and two moves.
fn info_rows(info: &[Line], inner: Rect) -> u16 {
    let needed: usize = (info.iter())
        .map(|line| {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            wrap_words(&text, usize::from(inner.width)).len().max(1)
        })
        .sum();
    u16::try_from(needed)
        .unwrap_or(u16::MAX)
        .min(inner.height.saturating_sub(4 + 1 + 3))
        .max(INFO_ROWS)
}

/// The solver's line: a gauge with its label beside it while it works, else a short text.
fn solver_line(solver: SolverLine, theme: &Theme, area: Rect, buf: &mut Buffer) {
    match solver {
        SolverLine::Progress { label, done, total } => {
            let ratio = if total == 0 {
                0.0
            } else {
                done as f64 / total as f64
            };
            // The label beside the bar, not over it: over it, the bar's end hid among the
            // label's letters (30% looked like half).
            super::progress(label, ratio, theme.title, area, buf);
        }
        SolverLine::Text(text) => {
            Paragraph::new(Span::styled(text, theme.dim)).render(area, buf);
        }
        SolverLine::Warning(text) => {
            Paragraph::new(Span::styled(text, theme.bad)).render(area, buf);
        }
    }
}

/// What the person can do from the panel: its buttons, and how far the move list is scrolled.
pub struct Controls<'a> {
    /// The first move shown; `None` follows the latest.
    pub history_top: Option<usize>,
    /// Labels and what clicking them does.
    pub buttons: &'a [(&'static str, Action)],
    /// A line above the game's own notes (the demonstration's speed).
    pub note: Option<String>,
    /// The position's string (`y` copies it), shown under the players, cut to the panel's
    /// width.
    pub position: Option<String>,
}

/// How many moves of `len` are out of view each way when `start..end` are shown, in at most
/// `room` columns: in words where they fit ("  ↑ 29,975 earlier  ↓ 18 later"), else by their
/// arrows alone ("  ↑ 29,975  ↓ 18"), and cut with "…" past that.
fn out_of_view(start: usize, end: usize, len: usize, room: usize) -> String {
    let marks = |worded: bool| {
        let earlier = (start > 0).then(|| (format!("↑ {}", group(start as u64)), " earlier"));
        let later = (end < len).then(|| (format!("↓ {}", group((len - end) as u64)), " later"));
        earlier
            .into_iter()
            .chain(later)
            .map(|(mark, word)| {
                let word = if worded { word } else { "" };
                ["  ", mark.as_str(), word].concat()
            })
            .collect::<String>()
    };
    let worded = marks(true);
    if Line::raw(worded.as_str()).width() <= room {
        worded
    } else {
        cut(&marks(false), room)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The panel's solver line while the solver is `done` of `total`, 32 columns wide.
    fn progress_line(done: u64, total: u64) -> String {
        progress_line_at(done, total, 32)
    }

    /// The panel's solver line while the outcomes are `done` of `total`, `width` columns wide.
    fn progress_line_at(done: u64, total: u64, width: u16) -> String {
        let settings = Settings::default().setup();
        let panel = PanelInfo {
            settings: &settings,
            to_move: 0,
            loser: None,
            solver: SolverLine::Progress {
                label: "outcomes",
                done,
                total,
            },
            info: Vec::new(),
            history: History::new(&[] as &[u8], u8::to_string),
        };
        let controls = Controls {
            history_top: None,
            buttons: &[],
            note: None,
            position: None,
        };
        let view = PanelView {
            info: panel,
            controls,
            theme: &Theme::monochrome(),
        };
        let mut buffer = Buffer::empty(Rect::new(0, 0, width, 20));
        view.render(buffer.area, &mut buffer, &mut HitMap::default());
        // The border, four status lines, then the solver's line.
        (1..width - 1).map(|x| buffer[(x, 5)].symbol()).collect()
    }

    /// The bar of a progress line: full blocks from its left end, then at most one partial
    /// block, then blanks, with the full blocks `percent` of its width, rounded down (none
    /// missing, as the gap once in the middle of the 18×18 gauge: "████████ ███████").
    #[test]
    fn the_progress_bar_fills_from_the_left_without_gaps() {
        for width in [24, 28, 30, 32, 36, 40] {
            for percent in 0..=100_u16 {
                let line = progress_line_at(percent.into(), 100, width);
                let label = format!("outcomes {percent:>3}% ");
                assert!(line.starts_with(&label), "{line:?}");
                let bar: Vec<char> = line[label.len()..].chars().collect();
                let full = bar.iter().take_while(|&&c| c == '█').count();
                let rest = &bar[full..];
                let blanks = rest.iter().skip(1).all(|&c| c == ' ');
                assert!(
                    blanks && rest.first().is_none_or(|c| "▉▊▋▌▍▎▏ ".contains(*c)),
                    "{percent}% at width {width}: {line:?}"
                );
                let cells = bar.len();
                assert_eq!(
                    full,
                    cells * usize::from(percent) / 100,
                    "{percent}% at width {width}: {line:?}"
                );
            }
        }
    }

    #[test]
    fn the_progress_label_stands_beside_its_bar() {
        for (done, percent) in [(0, 0), (30, 30), (49, 49), (93, 93), (100, 100)] {
            let line = progress_line(done, 100);
            let label = format!("outcomes {percent:>3}% ");
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
}
