//! Chomp's position string: `chomp 6x7 6,6,4,4,2,0,0`, the box (rows x columns), then every
//! column's height from the poison column. Heights never increase, fit the box, and keep the
//! poison (a bar whose poison is eaten is a finished game).

use super::fields::ONLY_POISON;
use super::rules::{MAX_SIDE, Position};
use crate::games::position::{finished, parse_list, parse_number, print_list};

/// The position's string: `chomp 6x7 6,6,4,4,2,0,0`.
pub fn print(position: &Position) -> String {
    let heights: Vec<u64> = position.heights().iter().map(|&h| h.into()).collect();
    format!(
        "chomp {}x{} {}",
        position.rows(),
        position.cols(),
        print_list(&heights)
    )
}

/// Reads what follows `chomp` in a position string (`6x7 6,6,4,4,2,0,0`), or says why it is
/// not a position a game can start from, in one line.
pub fn parse(body: &str) -> Result<Position, String> {
    let body = body.trim();
    if body.is_empty() {
        return Err(
            "a Chomp position needs its box and its column heights, like chomp 6x7 6,6,4,4,2,0,0"
                .to_string(),
        );
    }
    let (size, heights) = body
        .split_once(char::is_whitespace)
        .map_or((body, None), |(size, heights)| (size, Some(heights)));
    let (rows, cols) = size
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("'{size}' is not a box: write rows x columns, like 6x7"))?;
    let largest = u64::from(MAX_SIDE);
    let rows = parse_number(rows, "a number of rows", 1, largest)?;
    let cols = parse_number(cols, "a number of columns", 1, largest)?;
    if rows == 1 && cols == 1 {
        return Err(ONLY_POISON.to_string());
    }
    let Some(heights) = heights else {
        // The whole box as the example: a position of exactly this size.
        let full = vec![rows; usize::try_from(cols).unwrap_or(0)];
        return Err(format!(
            "a Chomp position needs its column heights after the box, like chomp {rows}x{cols} {}",
            print_list(&full)
        ));
    };
    let heights = parse_list(heights, "column height", rows)?;
    let heights: Vec<usize> = heights.iter().map(|&h| h as usize).collect();
    let position = Position::from_heights(rows as usize, cols as usize, &heights)
        .map_err(|e| e.to_string())?;
    if position.is_empty() {
        return Err(finished("the poison is eaten"));
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_reads_and_prints_back() {
        let position = parse("6x7 6,6,4,4,2,0,0").expect("the issue's example");
        assert_eq!(position.heights(), &[6, 6, 4, 4, 2, 0, 0]);
        assert_eq!(print(&position), "chomp 6x7 6,6,4,4,2,0,0");
        assert_eq!(
            parse("6x7 6, 6,4,4,2,0,0").map(|p| print(&p)),
            Ok("chomp 6x7 6,6,4,4,2,0,0".to_string())
        );
    }
}
