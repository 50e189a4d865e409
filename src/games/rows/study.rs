//! The rows board on the Study screen: a row of take buttons for each row of the board, each
//! marked with its move's outcome and moves left (`−3 W7`), the chosen one highlighted.

use super::board::{RowsBoard, RowsRules};
use crate::games::core::study::StudyBoard;
use crate::games::study::{Analysis, TakeBoard, TakeRow, draw_takes};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::{count, cut_number};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

impl<R: RowsRules> StudyBoard<R> for RowsBoard {
    fn render(
        rules: &R,
        at: &R::Position,
        moves: &[R::Move],
        analysis: &Analysis,
        chosen: Option<usize>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
    ) {
        let piles = rules.piles(at);
        let text = piles.iter().map(u64::to_string).collect::<Vec<_>>();
        let header = vec![Line::styled(
            format!("Piles {}", text.join(",")),
            theme.title,
        )];
        let joint = rules.joint_rows().iter().map(ToString::to_string);
        let labels = (piles.iter().enumerate())
            .map(|(pile, &coins)| {
                // A huge count too long for the board loses its middle ("1,000,…,000").
                let name = format!("Pile {}: ", pile + 1);
                let room = usize::from(area.width).saturating_sub(name.len());
                name + &cut_number(&count(coins, "coin", "coins"), room)
            })
            .chain(joint.map(|name| {
                let mut chars = name.chars();
                let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
                format!("{}{}:", first.unwrap_or_default(), chars.as_str())
            }));
        let rows: Vec<TakeRow> = labels
            .enumerate()
            .map(|(row, label)| TakeRow {
                label,
                moves: (moves.iter().enumerate())
                    .map(|(index, &m)| (index, rules.row_of(m)))
                    .filter(|&(_, (r, _))| r == row)
                    .map(|(index, (_, take))| (index, take))
                    .collect(),
            })
            .collect();
        let board = TakeBoard { header, rows };
        draw_takes(board, area, buf, theme, analysis, chosen, spots);
    }

    fn size(_: &R, _: &R::Position) -> (u16, u16) {
        (28, 8)
    }
}
