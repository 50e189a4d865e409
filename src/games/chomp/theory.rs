//! Chomp positions whose outcome is known in closed form, so no table is needed.
//!
//! - **A single row or column**: lost only as the poison alone, so the move is to eat all
//!   beside it (`b1`) or above it (`a2`). Each is a case of the next two families, named on
//!   its own because its rule is simpler.
//! - **Two rows** (every column at most 2 high): with `a` squares in the bottom row and `b` in
//!   the top, the position is lost exactly when `a = b + 1`. A move to such a position always
//!   exists otherwise: eat the top row's last square when `a = b`, or cut the bottom row to
//!   `b + 1` when `a > b + 1`. (One row is the case `b = 0`: lost only as the lone poison.)
//! - **Two columns** are two rows turned on their side: Chomp is symmetric under transposing
//!   the bar, so heights `[p, q]` are lost exactly when `p = q + 1`.
//! - **L-shapes** (every column but the first at most 1 high) are Nim with two heaps, the arms
//!   beside the poison: lost exactly when the arms are equal.
//! - **Square bars**: eating `b2` leaves an L with equal arms, so the square is won. Other
//!   winning first moves are not ruled out, so that answer is not known to be complete.
//!
//! Each of the first three families is closed under moves, so their lists of winning moves are
//! complete: every move is tried and its result judged by the same rule.

use crate::games::chomp::rules::{Position, Square};

/// Which closed form answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    OneRow,
    OneColumn,
    TwoRows,
    TwoColumns,
    LShape,
    Square,
}

impl Family {
    /// A short name for people.
    pub fn name(self) -> &'static str {
        match self {
            Family::OneRow => "single row",
            Family::OneColumn => "single column",
            Family::TwoRows => "two rows",
            Family::TwoColumns => "two columns",
            Family::LShape => "L-shape",
            Family::Square => "square bar",
        }
    }
}

/// What a closed form says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheoryAnswer {
    pub family: Family,
    pub wins: bool,
    pub winning_moves: Vec<Square>,
    /// Whether `winning_moves` is known to hold every winning move.
    pub complete: bool,
}

/// Whether the player to move loses, for positions in a family closed under moves; `None`
/// outside those families. The empty bar is won (the opponent ate the poison).
pub fn lost(heights: &[u8]) -> Option<bool> {
    exact_family(heights).map(|family| lost_in(family, heights))
}

/// The closed-form answer for a position, if one applies.
pub fn solve(position: &Position) -> Option<TheoryAnswer> {
    let heights = position.heights();
    if position.is_empty() {
        return None;
    }
    if let Some(family) = exact_family(heights) {
        let winning_moves: Vec<Square> = position
            .moves()
            .filter(|&m| {
                let after = position.eat(m).expect("a legal move");
                lost_in(family, after.heights())
            })
            .collect();
        return Some(TheoryAnswer {
            family,
            wins: !winning_moves.is_empty(),
            winning_moves,
            complete: true,
        });
    }
    let (rows, cols) = position.bounding_box();
    let full = heights[..usize::from(cols)].iter().all(|&h| h == rows);
    (full && rows == cols).then(|| TheoryAnswer {
        family: Family::Square,
        wins: true,
        winning_moves: vec![Square::new(1, 1)],
        complete: false,
    })
}

/// Why `position` is won or lost, in lines for the Study screen, where a closed form answers:
/// the family's rule, how this bar stands in it, and the move it names (the first winning one,
/// for the square bar `b2`); none outside the families.
pub fn why(position: &Position) -> Vec<String> {
    let Some(answer) = solve(position) else {
        return Vec::new();
    };
    let heights = position.heights();
    let count = |at_least: u8| heights.iter().filter(|&&h| h >= at_least).count();
    let rule = match answer.family {
        Family::OneRow => format!(
            "A single row, {} long: lost only as the poison alone, so eat all beside it.",
            count(1)
        ),
        Family::OneColumn => format!(
            "A single column, {} high: lost only as the poison alone, so eat all above it.",
            heights[0]
        ),
        Family::TwoRows => format!(
            "Two rows, {} below and {} above: lost exactly when the bottom row is one longer.",
            count(1),
            count(2)
        ),
        Family::TwoColumns => format!(
            "Two columns, {} and {} high: lost exactly when the first is one taller (two rows \
             turned on their side).",
            heights[0],
            heights.get(1).copied().unwrap_or(0)
        ),
        Family::LShape => format!(
            "An L, arms {} up and {} across beside the poison: Nim with two heaps, lost exactly \
             when the arms are equal.",
            heights[0] - 1,
            count(1) - 1
        ),
        Family::Square => {
            "A square bar: b2 leaves an L with equal arms, then answer each move with its mirror."
                .to_string()
        }
    };
    let mut lines = vec![format!("Why: {}", answer.family.name()), rule];
    lines.push(match answer.winning_moves.first() {
        Some(square) => format!("Eat {square}: what it leaves is lost for the other side."),
        None => "Every move leaves the other side a bar it wins.".to_string(),
    });
    lines
}

fn exact_family(heights: &[u8]) -> Option<Family> {
    let nonempty = heights.iter().take_while(|&&h| h > 0).count();
    if heights.first().is_none_or(|&h| h <= 1) {
        Some(Family::OneRow)
    } else if nonempty == 1 {
        Some(Family::OneColumn)
    } else if heights[0] <= 2 {
        Some(Family::TwoRows)
    } else if nonempty <= 2 {
        Some(Family::TwoColumns)
    } else if heights[1..].iter().all(|&h| h <= 1) {
        Some(Family::LShape)
    } else {
        None
    }
}

/// The rule of each family; the position must be in it (the empty bar is in all of them).
fn lost_in(family: Family, heights: &[u8]) -> bool {
    let count = |at_least: u8| heights.iter().filter(|&&h| h >= at_least).count();
    match family {
        Family::OneRow | Family::OneColumn => count(1) == 1 && heights.first() == Some(&1),
        Family::TwoRows => count(1) == count(2) + 1,
        Family::TwoColumns => {
            let p = heights.first().copied().unwrap_or(0);
            let q = heights.get(1).copied().unwrap_or(0);
            usize::from(p) == usize::from(q) + 1
        }
        Family::LShape => {
            let up = heights.first().copied().unwrap_or(0);
            up > 0 && usize::from(up) == count(1)
        }
        Family::Square => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::reference::{Reference, positions};

    /// The why of every position of a 6 × 6 box that a closed form answers: the move it names
    /// wins by the brute force, and it names none exactly where the bar is lost; no why where
    /// no closed form answers.
    #[test]
    fn the_why_names_a_winning_move_of_every_small_bar() {
        let mut reference = Reference::new();
        let mut said = 0;
        for heights in positions(6, 6) {
            if heights.first().is_none_or(|&h| h == 0) {
                continue;
            }
            let wide: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
            let position = Position::from_heights(6, 6, &wide).unwrap();
            let lines = why(&position);
            assert_eq!(lines.is_empty(), solve(&position).is_none(), "{heights:?}");
            let Some(last) = lines.last() else {
                continue;
            };
            said += 1;
            match last
                .strip_prefix("Eat ")
                .and_then(|rest| rest.split(':').next())
            {
                Some(square) => {
                    let square = Square::parse(square).unwrap();
                    assert!(
                        reference.winning_moves(&heights).contains(&square),
                        "{heights:?}: {square}"
                    );
                }
                None => assert!(!reference.wins(&heights), "{heights:?}: {last}"),
            }
        }
        assert!(said >= 60, "{said} bars with a rule");
    }
}
