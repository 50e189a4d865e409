//! How large the terminal must be to show each screen whole. One rule for both sides: the
//! view draws a screen only when it fits (else it says how large the terminal must be), and
//! the app ignores keys and clicks aimed at a screen that is not drawn.

use super::Screen;
use super::menu::Menu;

/// Width of the side panel next to the board or the pile.
pub const PANEL_WIDTH: u16 = 32;
/// The panel needs this many rows to show everything but the move list.
pub const PANEL_MIN_HEIGHT: u16 = 16;
/// The Study screen's panel needs this many rows to show its lines and a few moves.
pub const STUDY_MIN_HEIGHT: u16 = 16;
/// The rows a review takes above the Study screen's board: the summary, the move and its label,
/// what would have won and the refuting line.
pub const REVIEW_ROWS: u16 = 5;
/// The narrowest terminal whose game-over box shows all four buttons. Narrower, the box leaves
/// Review to its key `v`, and ←/→/Tab skip it too (one rule for the drawing and the keys).
pub const GAME_OVER_REVIEW_BUTTON: u16 = 45;
/// The smallest terminal the menu fits in with at most one saved game: (columns, rows).
pub const MENU: (u16, u16) = (48, 22);

/// The menu box's height: 21 rows, and one more for each saved game past the first.
pub fn menu_height(menu: &Menu) -> u16 {
    21 + menu.resumes.len().saturating_sub(1) as u16
}

/// The smallest terminal that shows `screen` whole (the menu as `menu` is now), key bar
/// included: (columns, rows).
pub fn minimum_size(screen: &Screen, menu: &Menu) -> (u16, u16) {
    match screen {
        Screen::Menu => (MENU.0, MENU.1.max(menu_height(menu) + 1)),
        // The game's view beside the panel, above the key bar.
        Screen::Play(session) => {
            let (view_w, view_h) = session.view_size();
            (view_w + PANEL_WIDTH, (view_h + 1).max(PANEL_MIN_HEIGHT + 1))
        }
        // The board in its frame beside the study's panel.
        Screen::Study(study) => {
            let (board_w, board_h) = study.study.board_size();
            let review = if study.review.is_some() {
                REVIEW_ROWS
            } else {
                0
            };
            (
                board_w + 2 + PANEL_WIDTH,
                (board_h + 3 + review).max(STUDY_MIN_HEIGHT + 1),
            )
        }
    }
}
