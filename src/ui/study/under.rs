//! What stands under the Study's board, in the rows it does not draw on: the legend, why the
//! position is won or lost, and a review's graph of the game; and the why in the panel, above
//! the moves, where it has no room under the board.

use crate::app::review::Review;
use crate::app::study::StudyScreen;
use crate::games::setup::side_name;
use crate::input::Spots;
use crate::theme::Theme;
use crate::ui::HitMap;
use crate::ui::dialogs::wrap_words;
use crate::ui::graph;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

/// The lines of why the position studied is won or lost ([`Study::why`](crate::games::study::Study::why)), each wider than
/// `width` wrapped, where `room` rows hold them all; none otherwise (a part of the reason would
/// mislead), nor while a position is set up. In a review of a mistake, all but the last line,
/// which the review's own lines say.
fn why_lines(screen: &StudyScreen, width: u16, room: u16) -> Vec<String> {
    if screen.editor.is_some() {
        return Vec::new();
    }
    let lines = wrapped(&why_text(screen), usize::from(width));
    if lines.len() <= usize::from(room) {
        lines
    } else {
        Vec::new()
    }
}

/// Why the position studied is won or lost ([`Study::why`](crate::games::study::Study::why)):
/// in a review of a mistake, all but the last line, which the review's own lines say.
pub(super) fn why_text(screen: &StudyScreen) -> Vec<String> {
    let mut why = screen.study.why();
    if screen.review.as_ref().is_some_and(Review::says_why) {
        why.pop();
    }
    why
}

/// The lines of a why, each wider than `width` broken between words.
pub(super) fn wrapped(why: &[String], width: usize) -> Vec<String> {
    (why.iter())
        .flat_map(|line| {
            if Line::raw(line.as_str()).width() <= width {
                vec![line.clone()]
            } else {
                wrap_words(line, width)
            }
        })
        .collect()
}

/// What stands under the board, in the rows it leaves: what the marks mean (two rows with room,
/// what the list's replies are too; else one; with no row to spare, in the frame's bottom
/// edge), then why the position is won or lost where it fits whole, then a review's graph with
/// the rows left (in a review, the graph before the why and the legend's rows where they do
/// not all fit).
pub(super) struct Under {
    pub(super) legend: u16,
    pub(super) why: Vec<String>,
    pub(super) why_rows: u16,
    /// The graph's rows, and whether a blank row stands under it.
    pub(super) graph: u16,
    pub(super) below: u16,
}

impl Under {
    /// What stands under the board in `area` below a review's `above` rows, where the board's
    /// least height leaves `spare` rows: the legend takes them first, then why and the graph
    /// what the board does not draw on, found by drawing it aside, but one blank row between
    /// them (a board of takes keeps its last row for "N more in the list").
    pub(super) fn fit(
        screen: &StudyScreen,
        area: Rect,
        above: u16,
        spare: u16,
        theme: &Theme,
    ) -> Under {
        let spare = spare.saturating_sub(above);
        let under = Under::fit_with(screen, area, above, spare, spare.min(2), theme);
        // A review's graph before the legend's rows, which then say the marks in the
        // frame's bottom edge.
        if screen.review.is_some() && under.graph == 0 && under.legend > 0 {
            let bare = Under::fit_with(screen, area, above, spare, 0, theme);
            if bare.graph > 0 {
                return bare;
            }
        }
        under
    }

    /// As [`Under::fit`], with `legend` rows for the legend out of the `spare` rows left
    /// under the review's `above` rows.
    fn fit_with(
        screen: &StudyScreen,
        area: Rect,
        above: u16,
        spare: u16,
        legend: u16,
        theme: &Theme,
    ) -> Under {
        let height = area.height.saturating_sub(above + legend);
        let board = Rect::new(0, 0, area.width, height);
        let why = why_lines(screen, area.width, spare - legend);
        let room = if why.is_empty() && screen.review.is_none() {
            0
        } else {
            let drawn = drawn(screen, board, theme);
            let room = (spare - legend).min(board.height.saturating_sub(drawn.rows + 1));
            // A board drawn larger than it needs gives the why (or a review's graph) its rows
            // where it draws every move it drew in fewer, a blank row under it, its marks cut
            // no shorter.
            let short = |area| screen.study.marks_shortened(area);
            let gives = |rows: u16| {
                let smaller = Rect::new(0, 0, area.width, board.height.saturating_sub(rows));
                if smaller.height == 0 {
                    return false;
                }
                let small = self::drawn(screen, smaller, theme);
                small.rows < smaller.height
                    && small.spots == drawn.spots
                    && (!short(smaller) || short(board))
            };
            let rows = why_rows(why.len(), (spare - legend).saturating_sub(1));
            let room = if why.len() > usize::from(room) && gives(rows) {
                rows
            } else {
                room
            };
            let graph = (spare - legend).min(graph::GRAPH_MIN_ROWS + 1);
            if graph_rows(screen, room).0 == 0 && graph_rows(screen, graph).0 > 0 && gives(graph) {
                graph
            } else {
                room
            }
        };
        let mut why = if why.len() <= usize::from(room) {
            why
        } else {
            Vec::new()
        };
        // A review's graph before the why, where both do not fit: the review's own lines say
        // the why's last line of a mistake.
        if graph_rows(screen, room - why_rows(why.len(), room)).0 == 0
            && graph_rows(screen, room).0 > 0
        {
            why.clear();
        }
        let why_rows = why_rows(why.len(), room);
        let (graph, below) = graph_rows(screen, room - why_rows);
        Under {
            legend,
            why,
            why_rows,
            graph,
            below,
        }
    }
}

/// What the studied board draws in an area: the rows down to the last one it draws on, and
/// how many moves it draws where the pointer finds them.
struct Drawn {
    rows: u16,
    spots: usize,
}

/// What the studied board draws in `area` (drawn aside, on a buffer of its own).
fn drawn(screen: &StudyScreen, area: Rect, theme: &Theme) -> Drawn {
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    (screen.study).render(area, &mut buf, theme, screen.chosen, &mut spots);
    let rows = (0..area.height)
        .rev()
        .find(|&y| (0..area.width).any(|x| buf[(x, y)].symbol() != " "))
        .map_or(0, |y| y + 1);
    Drawn {
        rows,
        spots: spots.len(),
    }
}

/// The rows `count` lines of why take out of `room`: a blank row below them (over the legend)
/// where there is one to spare; none without lines.
fn why_rows(count: usize, room: u16) -> u16 {
    let count = u16::try_from(count).unwrap_or(u16::MAX);
    match count {
        0 => 0,
        _ => count + u16::from(count < room),
    }
}

/// The rows of a review's graph under the board, out of `room` rows left over, and whether a
/// blank row stands under it (over the legend, where there is one to spare): an even height (a
/// heading, the axis and as many rows of bars up as down). None outside a review, or where the
/// rows left do not hold it.
fn graph_rows(screen: &StudyScreen, room: u16) -> (u16, u16) {
    let room = screen.review.as_ref().map_or(0, |_| room);
    let below = u16::from(room > graph::GRAPH_MIN_ROWS);
    let rows = (room - below).min(graph::GRAPH_MAX_ROWS) / 2 * 2;
    if rows >= graph::GRAPH_MIN_ROWS {
        (rows, below)
    } else {
        (0, 0)
    }
}

/// The moves the list keeps in view under the why, where the why stands in the panel.
const PANEL_WHY_MOVES: u16 = 3;

/// Draws why the position is won or lost at the top of `list_area` (a blank row under it
/// where there is one to spare), where it fits whole leaving the list its heading, its
/// columns and a few moves; the area left for the list.
pub(super) fn why_above_list(screen: &StudyScreen, frame: &mut Frame, list_area: Rect) -> Rect {
    let width = usize::from(list_area.width);
    let lines = wrapped(&why_text(screen), width);
    let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    if lines.is_empty() || rows.saturating_add(2 + PANEL_WHY_MOVES) > list_area.height {
        return list_area;
    }
    let gap = u16::from(rows + 3 + PANEL_WHY_MOVES <= list_area.height);
    let [why_area, _, list] = Layout::vertical([
        Constraint::Length(rows),
        Constraint::Length(gap),
        Constraint::Min(1),
    ])
    .areas(list_area);
    let lines: Vec<Line> = lines.into_iter().map(Line::raw).collect();
    frame.render_widget(Paragraph::new(lines), why_area);
    list
}

/// Draws the graph of the game under `review` in `area` (none where it has no rows), its
/// columns recorded in `hits`.
pub(super) fn draw_graph(
    review: &Review,
    area: Rect,
    frame: &mut Frame,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let players = review.record.settings.players;
    graph::render(
        &review.graph,
        review.at,
        [side_name(players, 0), side_name(players, 1)],
        area,
        frame.buffer_mut(),
        hits,
        theme,
    );
}
