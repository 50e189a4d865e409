//! The sizes of the sum's boxes, which the board's choice of its area and the widget's drawing
//! both need: each part's box (its title, its game's sketch and its value), their layout in rows,
//! and the area a sum needs.

use super::rules::{SumPosition, SumRules};
use crate::games::core::part::Part;

/// Columns between two boxes.
const GAP: u16 = 1;
/// The rows under the boxes: a blank, the moves' heading, two rows of moves, the chosen one.
pub const UNDER: u16 = 5;

/// A part's name as people read it, from its game's id ("Chomp", "Nim").
pub fn game_name(part: &dyn Part) -> String {
    let id = part.game();
    let mut chars = id.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Part `index`'s box: its title and its lines (the sketch, then its value where known).
pub fn box_lines(part: &dyn Part, index: usize, value: Option<u64>) -> (String, Vec<String>) {
    let title = format!(" {} {} ", index + 1, game_name(part));
    let mut lines = part.sketch();
    lines.push(match value {
        Some(v) => format!("value {v}"),
        None => "value …".to_string(),
    });
    (title, lines)
}

/// A box's size: (columns, rows), borders included.
pub fn box_size(title: &str, lines: &[String]) -> (u16, u16) {
    let widest = (lines.iter().map(|l| l.chars().count()))
        .chain(std::iter::once(title.chars().count()))
        .max()
        .unwrap_or(0);
    let width = u16::try_from(widest + 4).unwrap_or(u16::MAX);
    (width, u16::try_from(lines.len() + 2).unwrap_or(u16::MAX))
}

/// The boxes laid out in `width` columns: each part's place, by rows of boxes (a box wider than
/// the area alone on its row).
pub fn layout(sizes: &[(u16, u16)], width: u16) -> Vec<Vec<(usize, u16)>> {
    let mut rows: Vec<Vec<(usize, u16)>> = Vec::new();
    let mut x = 0u16;
    for (index, &(w, _)) in sizes.iter().enumerate() {
        match rows.last_mut() {
            Some(row) if x + GAP + w <= width => {
                row.push((index, x + GAP));
                x += GAP + w;
            }
            _ => {
                rows.push(vec![(index, 0)]);
                x = w;
            }
        }
    }
    rows
}

/// The smallest area the board needs for a game from `start`: its widest box and its tallest,
/// and the moves under them.
pub fn size(_rules: &SumRules, start: &SumPosition) -> (u16, u16) {
    let sizes: Vec<(u16, u16)> = (start.parts().iter().enumerate())
        .map(|(i, part)| {
            let (title, lines) = box_lines(part.as_ref(), i, None);
            box_size(&title, &lines)
        })
        .collect();
    let width = sizes.iter().map(|s| s.0).max().unwrap_or(0).max(30);
    let height = sizes.iter().map(|s| s.1).max().unwrap_or(0);
    (width + 2, height + UNDER + 2)
}
