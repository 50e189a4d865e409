//! Chomp's puzzles (`munch puzzles --game chomp`): positions drawn under the table of the
//! largest bar the bounds allow, and their themes from the closed forms of [`theory`].

use super::rules::{Position, Square};
use super::theory::{self, Family};
use crate::games::core::entry::Draw;
use crate::games::core::puzzle::Bounds;

/// The most rows and columns a puzzle's bar has by default.
const DEFAULT_SIDE: u64 = 8;

/// The most rows and columns `--max-rows` and `--max-cols` allow: one table of 10 × 10 holds
/// every position of every smaller bar.
pub const MOST_SIDE: u64 = 10;

/// Draws the full bar of the bounds' box, whose tables hold every position drawn, and a
/// position under it: a box of 1 to the most rows and columns (not 1 × 1), its first column
/// full and its last not empty (so the box is the position's own), the heights between at
/// random.
pub fn draw(bounds: &Bounds) -> Result<Draw<'static, Position>, String> {
    bounds.refuse("chomp", &["max-pile", "max-piles"])?;
    let rows = Bounds::within(bounds.max_rows, "max-rows", DEFAULT_SIDE, 1..=MOST_SIDE)?;
    let cols = Bounds::within(bounds.max_cols, "max-cols", DEFAULT_SIDE, 1..=MOST_SIDE)?;
    if rows * cols < 2 {
        return Err("a 1×1 bar holds no puzzle: give --max-rows or --max-cols above 1".into());
    }
    // Both at most 10 (checked above), so they fit every type on the way.
    let (rows, cols) = (rows as usize, cols as usize);
    let top = Position::full(rows, cols).map_err(|e| e.to_string())?;
    Ok(Box::new(move |rng| {
        let (r, c) = (rng.usize(1..=rows), rng.usize(1..=cols));
        if r * c < 2 {
            return None;
        }
        let mut heights: Vec<usize> = (1..c).map(|_| rng.usize(1..=r)).collect();
        heights.push(r);
        heights.sort_unstable_by(|a, b| b.cmp(a));
        let start = Position::from_heights(r, c, &heights).ok()?;
        Some([top.clone(), start])
    }))
}

/// A puzzle's themes from the closed forms: the family of its start ("square", "one row", "one
/// column", "two rows", "two columns", "equal L" for an L), else "table" (only the table proves it); and
/// "mirror" where the start is a square or an L, or a solver's move leaves an L with equal arms
/// (each move answered then by its mirror).
pub fn themes(start: &Position, solution: &[Square]) -> Vec<&'static str> {
    let mut themes = match theory::solve(start).map(|answer| answer.family) {
        Some(Family::Square) => vec!["square", "mirror"],
        Some(Family::LShape) => vec!["equal L", "mirror"],
        Some(Family::OneRow) => vec!["one row"],
        Some(Family::OneColumn) => vec!["one column"],
        Some(Family::TwoRows) => vec!["two rows"],
        Some(Family::TwoColumns) => vec!["two columns"],
        None => vec!["table"],
    };
    let mut at = start.clone();
    for (index, &square) in solution.iter().enumerate() {
        let Some(after) = at.eat(square) else {
            break;
        };
        at = after;
        let equal_l = theory::solve(&at)
            .is_some_and(|answer| answer.family == Family::LShape && !answer.wins);
        if index % 2 == 0 && equal_l && !themes.contains(&"mirror") {
            themes.extend(["equal L", "mirror"]);
        }
    }
    themes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(heights: &[usize]) -> Position {
        let rows = heights[0];
        Position::from_heights(rows, heights.len(), heights).unwrap()
    }

    fn squares(moves: &[&str]) -> Vec<Square> {
        moves.iter().map(|m| Square::parse(m).unwrap()).collect()
    }

    #[test]
    fn the_themes_are_the_closed_forms_of_the_start_and_of_what_the_solver_leaves() {
        assert_eq!(
            themes(&bar(&[4, 4, 4, 4]), &squares(&["b2"])),
            ["square", "mirror"]
        );
        assert_eq!(themes(&bar(&[2, 2, 1]), &squares(&["c1"])), ["two rows"]);
        assert_eq!(themes(&bar(&[3, 3]), &squares(&["b3"])), ["two columns"]);
        assert_eq!(themes(&bar(&[4]), &squares(&["a2"])), ["one column"]);
        assert_eq!(themes(&bar(&[1, 1, 1, 1]), &squares(&["b1"])), ["one row"]);
        assert_eq!(
            themes(&bar(&[4, 1, 1]), &squares(&["a4"])),
            ["equal L", "mirror"]
        );
        // Only the table proves [3,3,1]; b2 leaves an L with arms of 2 and 2.
        assert_eq!(
            themes(&bar(&[3, 3, 1]), &squares(&["b2"])),
            ["table", "equal L", "mirror"]
        );
        assert_eq!(themes(&bar(&[3, 3, 2]), &[]), ["table"]);
    }

    #[test]
    fn a_start_is_drawn_in_a_box_of_its_own_under_the_full_bar_of_the_bounds() {
        let bounds = Bounds {
            max_rows: Some(5),
            max_cols: Some(7),
            ..Bounds::default()
        };
        let mut rng = fastrand::Rng::with_seed(3);
        let mut draw = draw(&bounds).unwrap();
        for _ in 0..500 {
            let Some([top, start]) = draw(&mut rng) else {
                continue;
            };
            assert_eq!(top, Position::full(5, 7).unwrap());
            let (rows, cols) = (start.rows(), start.cols());
            assert!((1..=5).contains(&rows) && (1..=7).contains(&cols) && rows * cols >= 2);
            assert_eq!(start.bounding_box(), (rows, cols), "{start:?}");
        }
        let pile = Bounds {
            max_pile: Some(3),
            ..Bounds::default()
        };
        assert_eq!(
            super::draw(&pile).err().unwrap(),
            "chomp takes no --max-pile"
        );
    }
}
