//! How large the terminal must be to show each screen whole. One rule for both sides: the
//! view draws a screen only when it fits (else it says how large the terminal must be), and
//! the app ignores keys and clicks aimed at a screen that is not drawn.

use super::Screen;
use super::menu::Menu;

/// Width of the side panel next to the board or the pile.
pub const PANEL_WIDTH: u16 = 32;
/// The most the Study screen's panel grows past [`PANEL_WIDTH`] on a wide screen.
pub const STUDY_PANEL_GROWTH: u16 = 8;

/// The Study screen's panel width on a screen `width` columns wide, beside a board that shows
/// every mark whole in `board_whole` columns: [`PANEL_WIDTH`] up to 80 columns, as the rest
/// of munch; past 80 columns and past the board (in its frame), half of what is left, up to
/// [`STUDY_PANEL_GROWTH`] more. A review's panel grows alike: its list is the study's.
pub fn study_panel_width(width: u16, board_whole: u16) -> u16 {
    let spare = width.saturating_sub((board_whole + 2 + PANEL_WIDTH).max(80));
    PANEL_WIDTH + (spare / 2).min(STUDY_PANEL_GROWTH)
}

/// The panel needs this many rows to show everything but the move list.
pub const PANEL_MIN_HEIGHT: u16 = 16;
/// The Study screen's panel needs this many rows to show its lines and a few moves.
pub const STUDY_MIN_HEIGHT: u16 = 16;
/// The rows a review takes above the Study screen's board, where the board leaves them: the
/// summary, the move and its label, what would have won and the refuting line. Where it does
/// not, the review's rows are in the panel.
pub const REVIEW_ROWS: u16 = 5;
/// The narrowest game-over box that shows all four buttons. On a screen narrower than
/// [`GAME_OVER_REVIEW_SCREEN`], the box leaves Review to its key `v`, and ←/→/Tab skip it too
/// (one rule for the drawing and the keys).
pub const GAME_OVER_REVIEW_BUTTON: u16 = 45;
/// The narrowest terminal whose game-over box shows all four buttons: the box stays inside the
/// screen's frame, a column in from each side.
pub const GAME_OVER_REVIEW_SCREEN: u16 = GAME_OVER_REVIEW_BUTTON + 2;
/// The smallest terminal the menu fits in, whatever is saved: (columns, rows).
pub const MENU: (u16, u16) = (48, 22);
/// The menu box's width on the smallest terminal, and the most it grows to on a wide one.
pub const MENU_WIDTH: (u16, u16) = (46, 64);

/// The menu box's width on a terminal `width` columns wide: it grows with the screen (leaving
/// a margin of 12 columns each side), from [`MENU_WIDTH`]'s least to its most.
pub fn menu_width(width: u16) -> u16 {
    width.saturating_sub(24).clamp(MENU_WIDTH.0, MENU_WIDTH.1)
}

/// The menu box's height when `rows` rows are free above the key bar: 21 rows, two more (for
/// the Resume row and the gap under it, so that the note under the buttons keeps four rows)
/// when a game is saved and the rows are there. The saved games share one row, so the menu
/// fits [`MENU`] however many there are.
pub fn menu_height(menu: &Menu, rows: u16) -> u16 {
    let base = MENU.1 - 1;
    if menu.resumes.is_empty() {
        base
    } else {
        (base + 2).min(rows).max(base)
    }
}

/// The smallest terminal that shows `screen` whole, key bar included: (columns, rows).
pub fn minimum_size(screen: &Screen) -> (u16, u16) {
    match screen {
        Screen::Menu => MENU,
        // The game's view beside the panel, above the key bar.
        Screen::Play(session) => {
            let (view_w, view_h) = session.view_size();
            (view_w + PANEL_WIDTH, (view_h + 1).max(PANEL_MIN_HEIGHT + 1))
        }
        // The board in its frame beside the study's panel. A review's rows go above the
        // board where they have room, else in the panel: they need no rows of their own.
        // The puzzle's board beside the puzzle's panel, as a game's; the menu's size while
        // puzzles are being found.
        Screen::Puzzle(puzzles) => match &puzzles.current {
            Some(current) => {
                let (view_w, view_h) = current.session.view_size();
                (view_w + PANEL_WIDTH, (view_h + 1).max(PANEL_MIN_HEIGHT + 1))
            }
            None => MENU,
        },
        Screen::Study(study) => {
            let (board_w, board_h) = study.study.board_size();
            (
                board_w + 2 + PANEL_WIDTH,
                (board_h + 3).max(STUDY_MIN_HEIGHT + 1),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_study_panel_grows_past_80_columns_after_the_board() {
        assert_eq!(study_panel_width(80, 30), PANEL_WIDTH);
        assert_eq!(study_panel_width(90, 30), PANEL_WIDTH + 5);
        assert_eq!(study_panel_width(100, 30), PANEL_WIDTH + 8);
        // A wide board keeps what it needs for its whole marks.
        assert_eq!(study_panel_width(100, 63), PANEL_WIDTH + 1);
        assert_eq!(study_panel_width(90, 63), PANEL_WIDTH);
    }
}
