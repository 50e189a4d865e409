//! The sum's widget: each part in a box of its own, side by side (rows of boxes where they do
//! not fit one row; the chosen part's row always shown), its game's sketch inside and its
//! Grundy value under it; then the chosen part's moves, the chosen one highlighted, ★ on each
//! winning move while the hints are on; and what the side panel says.

use super::board::{Place, SumBoard};
use super::boxes::{UNDER, box_lines, box_size, game_name, layout};
use super::rules::{SumMove, SumPosition, SumRules};
use crate::games::core::play::Play;
use crate::games::panel::{History, PanelInfo, SolverLine};
use crate::games::review::{in_sentence, mistake_lines, winners_text};
use crate::games::session::View;
use crate::games::setup::Player;
use crate::input::Spots;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

/// A move as the move list says it: "part 2: 3 from pile 1".
pub fn move_text(rules: &SumRules, m: SumMove) -> String {
    rules.move_text(m)
}

/// What the board draws of `at`: the board's choice (part, move) while the game goes on, the
/// parts' values where known, the winning moves to star (while the hints are on), and the
/// computer's move drawn as being played.
struct Drawing<'a> {
    at: &'a SumPosition,
    chosen: Option<(usize, usize)>,
    values: Option<Vec<u64>>,
    winning: Vec<SumMove>,
    shown: Option<SumMove>,
    theme: &'a Theme,
}

impl Drawing<'_> {
    fn render(&self, inner: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let theme = self.theme;
        let parts = self.at.parts();
        let boxes: Vec<(String, Vec<String>)> = (parts.iter().enumerate())
            .map(|(i, part)| {
                let value = self.values.as_ref().and_then(|v| v.get(i).copied());
                box_lines(part.as_ref(), i, value)
            })
            .collect();
        let sizes: Vec<(u16, u16)> = boxes.iter().map(|(t, l)| box_size(t, l)).collect();
        let rows = layout(&sizes, inner.width);
        let room = inner.height.saturating_sub(UNDER);
        let chosen_part = self.chosen.map(|(p, _)| p);
        // From the first row of boxes, or the one that shows the chosen part below the others.
        let heights: Vec<u16> = (rows.iter())
            .map(|row| row.iter().map(|&(i, _)| sizes[i].1).max().unwrap_or(0))
            .collect();
        let chosen_row = chosen_part
            .and_then(|p| rows.iter().position(|row| row.iter().any(|&(i, _)| i == p)))
            .unwrap_or(0);
        let mut first = 0;
        while first < chosen_row && heights[first..=chosen_row].iter().sum::<u16>() > room {
            first += 1;
        }
        let mut y = inner.y;
        if first > 0 {
            let more = Line::styled(
                format!(
                    "↑ {} above",
                    parts_count(rows[..first].iter().map(Vec::len).sum::<usize>())
                ),
                theme.dim,
            );
            Paragraph::new(more).render(Rect { height: 1, ..inner }, buf);
            y += 1;
        }
        for (row, height) in rows.iter().zip(&heights).skip(first) {
            if y + height > inner.y + room {
                let left: usize = parts.len() - row[0].0;
                let more = Line::styled(format!("↓ {} below", parts_count(left)), theme.dim);
                let at = Rect {
                    y: (inner.y + room).saturating_sub(1),
                    height: 1,
                    ..inner
                };
                Paragraph::new(more).render(at, buf);
                break;
            }
            for &(index, x) in row {
                let (title, lines) = &boxes[index];
                let (w, h) = sizes[index];
                let area = Rect {
                    x: inner.x + x,
                    y,
                    width: w.min(inner.width.saturating_sub(x)),
                    height: h,
                };
                let spent = parts[index].moves().is_empty();
                let border = if chosen_part == Some(index) {
                    theme.cursor
                } else if spent {
                    theme.dim
                } else {
                    theme.text
                };
                let block = Block::bordered()
                    .title(title.as_str())
                    .border_style(border)
                    .title_style(border);
                let body = block.inner(area);
                block.render(area, buf);
                let eaten = self.shown.filter(|m| usize::from(m.part) == index);
                let style = if spent { theme.dim } else { theme.text };
                let text: Vec<Line> = (lines.iter().enumerate())
                    .map(|(n, l)| {
                        let last = n + 1 == lines.len();
                        Line::styled(format!(" {l}"), if last { theme.dim } else { style })
                    })
                    .collect();
                Paragraph::new(text).render(body, buf);
                if eaten.is_some() {
                    buf.set_style(body, theme.flash);
                }
                spots.add(area, Place::Part(index).into());
            }
            y += height;
        }
        self.render_moves(
            Rect {
                y: inner.y + room,
                height: inner.height.saturating_sub(room),
                ..inner
            },
            buf,
            spots,
        );
    }

    /// The chosen part's moves, as chips in rows, the chosen one in the cursor's colour.
    fn render_moves(&self, area: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let theme = self.theme;
        let Some((part, index)) = self.chosen else {
            return;
        };
        let Some(the_part) = self.at.parts().get(part) else {
            return;
        };
        let moves = the_part.moves();
        let heading = format!(
            "Part {} ({}): {} move{}",
            part + 1,
            game_name(the_part.as_ref()),
            moves.len(),
            if moves.len() == 1 { "" } else { "s" }
        );
        let mut y = area.y + 1;
        if y >= area.bottom() {
            return;
        }
        Paragraph::new(Line::styled(heading, theme.title)).render(
            Rect {
                y,
                height: 1,
                ..area
            },
            buf,
        );
        y += 1;
        // Chips laid out in rows; the rows shown are two, from the one holding the chosen move.
        let chips: Vec<String> = (moves.iter())
            .map(|m| {
                let star = self.winning.contains(&SumMove::new(part, m));
                format!("{}{m}", if star { "★" } else { " " })
            })
            .collect();
        let mut placed: Vec<(usize, u16, u16)> = Vec::new(); // (move, row, x)
        let (mut row, mut x) = (0u16, 0u16);
        for (i, chip) in chips.iter().enumerate() {
            let w = u16::try_from(chip.chars().count() + 1).unwrap_or(u16::MAX);
            if x > 0 && x + w > area.width {
                (row, x) = (row + 1, 0);
            }
            placed.push((i, row, x));
            x += w;
        }
        let chosen_row = placed.get(index).map_or(0, |p| p.1);
        let first_row = chosen_row.saturating_sub(1);
        for &(i, r, x) in &placed {
            if r < first_row || r >= first_row + 2 || y + (r - first_row) >= area.bottom() {
                continue;
            }
            let width = u16::try_from(chips[i].chars().count()).unwrap_or(u16::MAX);
            let at = Rect {
                x: area.x + x,
                y: y + (r - first_row),
                width: width.min(area.width.saturating_sub(x)),
                height: 1,
            };
            let star = chips[i].starts_with('★');
            let style = if i == index {
                theme.cursor
            } else if star {
                theme.good
            } else {
                theme.text
            };
            Paragraph::new(Span::styled(chips[i].clone(), style)).render(at, buf);
            spots.add(at, Place::Move { part, index: i }.into());
        }
        y += 2;
        if y < area.bottom()
            && let Some(notation) = moves.get(index)
        {
            let words = the_part
                .move_words(notation)
                .map(|w| w.instead)
                .filter(|w| w != notation)
                .map_or_else(String::new, |w| format!(" ({w})"));
            let chosen_move = SumMove::new(part, notation).write();
            let line = Line::styled(format!("Enter plays {chosen_move}{words}"), theme.dim);
            Paragraph::new(line).render(
                Rect {
                    y,
                    height: 1,
                    ..area
                },
                buf,
            );
        }
    }
}

impl View for Play<SumRules, SumBoard> {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        let _ = ticks;
        let block = Block::bordered()
            .title(" Sum of games ")
            .title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let person = !self.is_over() && !self.computer_to_move();
        let winning = if self.hints && person {
            self.winning_moves().unwrap_or_default()
        } else {
            Vec::new()
        };
        Drawing {
            at: &self.position,
            // The choice stays while the computer answers; two computers have none.
            chosen: (!self.is_over() && self.settings.players.contains(&Player::Person))
                .then_some((self.board.part, self.board.index)),
            values: self.rules.values(&self.position).map(|(v, _)| v),
            winning,
            shown: self.turns.pending.map(|p| p.choice),
            theme,
        }
        .render(inner, buf, spots);
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        let rules = &self.rules;
        let mut info = Vec::new();
        match rules.values(&self.position) {
            Some((values, sum)) => {
                for (i, v) in values.iter().enumerate() {
                    info.push(Line::raw(format!(
                        "Part {} {:<11} value {v}",
                        i + 1,
                        game_name(self.position.parts()[i].as_ref())
                    )));
                }
                info.push(Line::styled(
                    format!("Nim-sum {sum} ({sum:b} in binary)"),
                    theme.title,
                ));
            }
            None => match rules.budget().map(|budget| self.position.values(budget)) {
                // A --memory smaller than the default leaves a part out of reach.
                Some(Err(why)) => info.push(Line::styled(format!("No answer: {why}"), theme.bad)),
                _ => info.push(Line::styled("Finding the parts' values…", theme.dim)),
            },
        }
        if !self.is_over() {
            let name = self.settings.name(self.to_move());
            if let Some(p) = self.turns.pending {
                info.push(Line::raw(format!(
                    "{name} plays {}",
                    move_text(rules, p.choice)
                )));
            }
            info.push(if self.hints {
                let who = format!("{name} {} ", if name == "You" { "are" } else { "is" });
                match self.winning_moves() {
                    None => Line::styled("Hints: the values are not known yet", theme.dim),
                    Some(w) if w.is_empty() => Line::from(vec![
                        Span::raw(who),
                        Span::styled("losing", theme.bad),
                        Span::raw(": the nim-sum is 0"),
                    ]),
                    Some(w) => Line::from(vec![
                        Span::raw(who),
                        Span::styled("winning", theme.good),
                        Span::raw(format!(": {} (★)", winners(&w))),
                    ]),
                }
            } else {
                Line::styled("Hints off (H)", theme.dim)
            });
            info.extend(self.why_line().map(|why| Line::styled(why, theme.dim)));
            if let Some(message) = &self.message {
                info.push(Line::styled(message.clone(), theme.bad));
            }
        }
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            solver: SolverLine::waiting_or(self.waiting.as_ref(), || {
                SolverLine::Text("Sprague–Grundy: xor the values".into())
            }),
            info,
            history: History::new(&self.turns.moves, |&m| move_text(rules, m)),
        }
    }

    fn review_lines(&self) -> Vec<String> {
        let rules = &self.rules;
        let mut lines = Vec::new();
        if let Some(loser) = self.loser() {
            lines.push(format!(
                "{} made the last move.",
                self.settings.name(1 - loser)
            ));
        }
        lines.extend(mistake_lines(
            &self.turns.review,
            |m| {
                let winners: Vec<String> = (m.winners.iter())
                    .map(|&mv| rules.words_of(mv, |w| w.instead))
                    .collect();
                (
                    format!("played {}", move_text(rules, m.played)),
                    winners_text(&winners, m.every_winner, ""),
                )
            },
            |i| in_sentence(self.settings.name(i % 2)),
        ));
        lines
    }
}

/// "1 more part", "2 more parts".
fn parts_count(n: usize) -> String {
    format!("{n} more part{}", if n == 1 { "" } else { "s" })
}

/// Winning moves as the hint says them: "play 1/b2 or 3/4".
fn winners(moves: &[SumMove]) -> String {
    let texts: Vec<String> = moves.iter().take(3).map(|m| m.write()).collect();
    let more = moves.len().saturating_sub(3);
    let list = match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.concat(),
    };
    if more > 0 {
        format!("play {list}, or {more} more")
    } else {
        format!("play {list}")
    }
}
