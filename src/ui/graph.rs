//! The review's graph of a finished game ([`crate::games::review::graph`]): a heading, then a
//! column for each position from the start to the end, with a bar up from the axis while the
//! side that moved first was winning and down while the other side was, as long as its moves
//! left (half a row where they are not known); a mistake's bar in the theme's bad colour, the
//! position on show in the chosen one. A click on a column goes to that position.

use super::HitMap;
use crate::app::Target;
use crate::games::review::graph::Graph;
use crate::theme::Theme;
use crate::units::cut;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The fewest rows the graph is drawn in: its heading, a row of bars each way and the axis.
pub const GRAPH_MIN_ROWS: u16 = 4;
/// The most rows it takes: its heading, four rows of bars each way and the axis.
pub const GRAPH_MAX_ROWS: u16 = 10;

/// Draws `graph` (the position on show is `at`) in `area`, its heading naming the sides
/// `names` (the first side's, then the other's); records each column in `hits`. Looks only at
/// the points it shows.
pub fn render(
    graph: &Graph,
    at: usize,
    names: [&str; 2],
    area: Rect,
    buf: &mut Buffer,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let points = &graph.points;
    if area.height < GRAPH_MIN_ROWS || area.width == 0 || points.is_empty() {
        return;
    }
    let heading = format!(
        "Moves left: ▲ {} winning · ▼ {} winning",
        names[0], names[1]
    );
    buf.set_string(
        area.x,
        area.y,
        cut(&heading, usize::from(area.width)),
        theme.dim,
    );
    // As many rows of bars up as down, the axis between them.
    let half = (area.height - 2) / 2;
    let axis = area.y + 1 + half;
    let (shown, width) = window(points.len(), at, usize::from(area.width));
    let most = points
        .iter()
        .filter_map(|p| p.moves_left)
        .max()
        .unwrap_or(0);
    for x in area.x..area.x + area.width {
        buf.set_string(x, axis, "─", theme.dim);
    }
    for (column, index) in shown.enumerate() {
        let point = points[index];
        let x = area.x + u16::try_from(column * width).unwrap_or(u16::MAX);
        // A gap between columns where each has room for one.
        let bar = u16::try_from(if width > 1 { width - 1 } else { 1 }).unwrap_or(1);
        let style = if index == at {
            theme.selected
        } else if point.mistake {
            theme.bad
        } else if point.moves_left.is_none() {
            theme.dim
        } else {
            theme.text
        };
        if let Some(up) = point.first_winning {
            let halves = halves(point.moves_left, most, half);
            draw_bar(buf, x, bar, axis, up, halves, style);
        } else if index == at {
            buf.set_string(x, axis, "┼".repeat(usize::from(bar)), style);
        }
        let column_area = Rect::new(x, area.y + 1, bar, area.height - 1);
        hits.add(column_area, Target::ReviewPosition(index));
    }
}

/// The positions shown out of `count` and the columns each takes in `width`: all of them, up
/// to three columns each; where they do not fit, one column each around `at`.
fn window(count: usize, at: usize, width: usize) -> (std::ops::Range<usize>, usize) {
    if count <= width {
        return (0..count, (width / count).clamp(1, 3));
    }
    let start = at.saturating_sub(width / 2).min(count - width);
    (start..start + width, 1)
}

/// The half rows a bar of `moves_left` takes out of `rows` rows, the longest game `most`
/// filling them: at least one (a position not known, or with moves left, shows), none for an
/// end.
fn halves(moves_left: Option<u64>, most: u64, rows: u16) -> u16 {
    let Some(left) = moves_left else {
        return 1;
    };
    if left == 0 || most == 0 {
        return 0;
    }
    let full = u64::from(rows) * 2;
    u16::try_from((left * full).div_ceil(most)).map_or(rows * 2, |h| h.clamp(1, rows * 2))
}

/// A bar `width` columns wide at `x`, `halves` half rows long, up from the axis row `axis`
/// (down where `up` is false).
fn draw_bar(buf: &mut Buffer, x: u16, width: u16, axis: u16, up: bool, halves: u16, style: Style) {
    for row in 0..halves.div_ceil(2) {
        let whole = (row + 1) * 2 <= halves;
        let (y, part) = if up {
            (axis - 1 - row, if whole { "█" } else { "▄" })
        } else {
            (axis + 1 + row, if whole { "█" } else { "▀" })
        };
        buf.set_string(x, y, part.repeat(usize::from(width)), style);
    }
    if halves == 0 {
        buf.set_string(x, axis, "┴".repeat(usize::from(width)), style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::review::graph::Point;

    fn point(first_winning: Option<bool>, moves_left: Option<u64>, mistake: bool) -> Point {
        Point {
            first_winning,
            moves_left,
            mistake,
        }
    }

    fn drawn(points: &[Point], at: usize, width: u16, height: u16) -> (Vec<String>, HitMap) {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        let mut hits = HitMap::default();
        let theme = Theme::monochrome();
        let graph = Graph {
            points: points.to_vec(),
            most: points
                .iter()
                .filter_map(|p| p.moves_left)
                .max()
                .unwrap_or(0),
        };
        render(
            &graph,
            at,
            ["You", "Computer"],
            area,
            &mut buf,
            &mut hits,
            &theme,
        );
        let rows = (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect();
        (rows, hits)
    }

    /// The first side winning with 4 and 3 left, a mistake with 2 left, the other side winning
    /// with 1 left, then the end: bars up, then down, scaled to the longest.
    #[test]
    fn bars_go_up_while_the_first_side_wins_and_down_after_its_mistake() {
        let points = [
            point(Some(true), Some(4), false),
            point(Some(true), Some(3), false),
            point(Some(true), Some(2), true),
            point(Some(false), Some(1), false),
            point(None, Some(0), false),
        ];
        let (rows, hits) = drawn(&points, 4, 10, 6);
        assert_eq!(
            rows,
            ["Moves lef…", "█ ▄", "█ █ █", "────────┼─", "      ▀", "",],
            "each bar {rows:#?}"
        );
        // The end, on show, is marked on the axis; each position's column (two wide: a bar
        // and a gap) takes the click.
        assert_eq!(hits.target_at(0, 2), Some(Target::ReviewPosition(0)));
        assert_eq!(hits.target_at(6, 4), Some(Target::ReviewPosition(3)));
        assert_eq!(hits.target_at(8, 1), Some(Target::ReviewPosition(4)));
    }

    /// A game longer than the width shows one column a position around the one on show.
    #[test]
    fn a_long_game_shows_the_positions_around_the_one_on_show() {
        let points: Vec<Point> = (0..100)
            .map(|i| point(Some(i % 2 == 0), Some(100 - i), false))
            .collect();
        let (_, hits) = drawn(&points, 50, 20, 4);
        assert_eq!(hits.target_at(0, 1), Some(Target::ReviewPosition(40)));
        assert_eq!(hits.target_at(10, 1), Some(Target::ReviewPosition(50)));
        assert_eq!(hits.target_at(19, 1), Some(Target::ReviewPosition(59)));
        let (_, hits) = drawn(&points, 99, 20, 4);
        assert_eq!(hits.target_at(19, 1), Some(Target::ReviewPosition(99)));
    }

    #[test]
    fn bars_are_scaled_to_the_longest_and_never_vanish() {
        assert_eq!(halves(Some(10), 10, 3), 6);
        assert_eq!(halves(Some(1), 1000, 3), 1);
        assert_eq!(halves(Some(5), 10, 3), 3);
        assert_eq!(halves(None, 10, 3), 1);
        assert_eq!(halves(Some(0), 10, 3), 0);
    }
}
