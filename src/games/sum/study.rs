//! A sum on the Study screen: each part's moves in a row under its name and value, each move
//! marked with its outcome and the nim-sum it leaves (`b2 W ⊕0`), the chosen one highlighted;
//! the editor is the sum's position string on one line.

use super::board::SumBoard;
use super::boxes::game_name;
use super::rules::{SumPosition, SumRules};
use crate::games::core::rules::Rules;
use crate::games::core::study::{StudyBoard, StudyRules};
use crate::games::request::Waiting;
use crate::games::study::{Analysis, Editor, mark, mark_style, spot};
use crate::input::Spots;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

impl StudyRules for SumRules {
    fn title(&self) -> String {
        "Sum of games".into()
    }

    fn describe(&self, at: &SumPosition) -> String {
        at.print()
    }

    /// The budget, from the worker, where the rules were not given it (by the game they are
    /// opened from).
    fn want(&mut self, _at: &SumPosition) -> Option<Waiting> {
        self.build(false)
    }

    /// The budget answers every position.
    fn answers(&self, _asked: &SumPosition, _at: &SumPosition) -> bool {
        true
    }

    fn editor(&self, at: &SumPosition) -> Box<dyn Editor> {
        self.editor()(at)
    }
}

impl StudyBoard<SumRules> for SumBoard {
    fn render(
        rules: &SumRules,
        at: &SumPosition,
        moves: &[super::rules::SumMove],
        analysis: &Analysis,
        chosen: Option<usize>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
    ) {
        let values = rules.values(at);
        let mut y = area.y;
        for (index, part) in at.parts().iter().enumerate() {
            if y >= area.bottom() {
                break;
            }
            let value = values.as_ref().map(|(v, _)| v[index]);
            let heading = format!(
                "Part {} {}: {}{}",
                index + 1,
                game_name(part.as_ref()),
                part.print().split_once(' ').map_or("", |(_, body)| body),
                value.map_or_else(String::new, |v| format!("  value {v}"))
            );
            Paragraph::new(Line::styled(heading, theme.title)).render(
                Rect {
                    y,
                    height: 1,
                    ..area
                },
                buf,
            );
            y += 1;
            // The part's moves, each with its mark and the nim-sum it leaves, wrapped.
            let (mut x, mut rows) = (area.x, 0);
            for (i, m) in moves
                .iter()
                .enumerate()
                .filter(|(_, m)| usize::from(m.part) == index)
            {
                let Some(studied) = analysis.moves.get(i) else {
                    continue;
                };
                let left = rules.leaves(at, *m);
                let chip = match left {
                    Some(left) => format!("{} {} ⊕{left} ", &*m.notation, mark(studied)),
                    None => format!("{} {} ", &*m.notation, mark(studied)),
                };
                let width = u16::try_from(chip.chars().count()).unwrap_or(u16::MAX);
                if x > area.x && x + width > area.right() {
                    (x, rows) = (area.x, rows + 1);
                    y += 1;
                }
                if y >= area.bottom() {
                    break;
                }
                let place = Rect {
                    x,
                    y,
                    width: width.min(area.right() - x),
                    height: 1,
                };
                let style = mark_style(theme, studied, chosen == Some(i));
                Paragraph::new(Span::styled(chip, style)).render(place, buf);
                spots.add(place, spot(i));
                x += width;
            }
            let _ = rows;
            y += 2;
        }
    }

    fn size(_rules: &SumRules, at: &SumPosition) -> (u16, u16) {
        let rows = u16::try_from(at.parts().len() * 4).unwrap_or(u16::MAX);
        (40, rows.min(20))
    }
}
