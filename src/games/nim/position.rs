//! Nim's position string: `nim 3,4,5`, the piles left (empty piles are left out, so the piles
//! are renumbered from 1). At most [`MAX_PILES`] piles of at most 10^18 coins each, as the menu
//! allows; no pile left is a finished game.

use super::options::PILES;
use super::rules::{MAX_PILE, MAX_PILES, Position};
use crate::games::field::Values;
use crate::games::position::{ParsedPosition, StartPosition, finished, parse_list, print_list};

/// The position's string: `nim 3,4,5`, its empty piles left out.
pub fn print(position: &Position) -> String {
    let piles: Vec<u64> = position
        .piles()
        .iter()
        .copied()
        .filter(|&p| p > 0)
        .collect();
    if piles.is_empty() {
        // Finished: written so that reading it back says so.
        return "nim 0".into();
    }
    format!("nim {}", print_list(&piles))
}

/// Reads what follows `nim` in a position string (`3,4,5`; empty piles are dropped), or says
/// why it is not a position a game can start from, in one line.
pub fn parse(body: &str) -> Result<Position, String> {
    if body.trim().is_empty() {
        return Err("a Nim position needs its piles, like nim 3,4,5".into());
    }
    let piles = parse_list(body, "pile", MAX_PILE)?;
    let piles: Vec<u64> = piles.into_iter().filter(|&p| p > 0).collect();
    if piles.is_empty() {
        return Err(finished("every pile is empty"));
    }
    if piles.len() > MAX_PILES {
        return Err(format!(
            "{} piles are too many: Nim is played here with 1 to {MAX_PILES} piles",
            piles.len()
        ));
    }
    Position::new(&piles)
}

/// The position with the values a game of it is played with.
pub(super) fn parsed(body: &str) -> Result<ParsedPosition, String> {
    let position = parse(body)?;
    let text = print(&position);
    let piles = text.trim_start_matches("nim ").to_string();
    Ok(ParsedPosition {
        values: Values::default().with(PILES, piles),
        start: StartPosition::new(text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_reads_and_prints_back_without_empty_piles() {
        let position = parse("3,4,5").expect("the issue's example");
        assert_eq!(print(&position), "nim 3,4,5");
        assert_eq!(
            parse("0, 3,0,5").map(|p| print(&p)),
            Ok("nim 3,5".to_string())
        );
        assert!(parse("0,0").unwrap_err().contains("game is over"));
        assert!(parse("1,1,1,1,1,1,1,1,1").unwrap_err().contains("too many"));
        assert!(parse("1000000000000000001").is_err());
    }
}
