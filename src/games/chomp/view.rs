//! Chomp's words for the screen: a move as the move list and the game-over dialog say it, and
//! the solver's line once a table is built. The bar itself is drawn by the grid board, with
//! Chomp's panel (`board.rs`).

use super::rules::Square;
use crate::games::review::MoveWords;
use crate::units::short_count;

/// A move in the notation saved games keep ("c2") in the words of the move list and the
/// game-over dialog: the square's name.
pub fn move_words(notation: &str) -> Option<MoveWords> {
    let square = Square::parse(notation).ok()?;
    Some(MoveWords {
        listed: square.to_string(),
        short: square.to_string(),
        instead: square.to_string(),
    })
}

/// "solved: 9.1 billion positions", within the panel's 30 characters.
pub(super) fn solved_line(positions: u64) -> String {
    let count = short_count(positions);
    let line = format!("solved: {count} positions");
    if line.chars().count() <= 30 {
        line
    } else {
        format!("solved: {count}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_solved_line_fits_the_panel() {
        assert_eq!(solved_line(1_716), "solved: 1,716 positions");
        assert_eq!(solved_line(9_075_135_300), "solved: 9.1 billion positions");
        assert_eq!(solved_line(137_846_528_820), "solved: 137.8 billion");
    }
}
