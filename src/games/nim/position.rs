//! Nim's position string: `nim 3,4,5`, the coins in each pile. A pile emptied in play keeps
//! its place (`nim 0,4,5`), so that the piles keep the numbers the game's moves, hints and
//! move list give them, and the string read back is the same position, numbers and all. At
//! most [`MAX_PILES`] piles of at most 10^18 coins each, as the menu allows; no coin left is
//! a finished game (`nim 0,0,0`).

use super::rules::{MAX_PILE, MAX_PILES, Position};
use crate::games::position::{finished, parse_list};

/// Reads what follows `nim` in a position string (`3,4,5`; an empty pile keeps its place and
/// its number, `0,4,5`), or says why it is not a position a game can start from, in one line.
pub fn parse(body: &str) -> Result<Position, String> {
    if body.trim().is_empty() {
        return Err("a Nim position needs its piles, like nim 3,4,5".into());
    }
    let piles = parse_list(body, "pile", MAX_PILE)?;
    if piles.iter().all(|&p| p == 0) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::core::rules_of::PositionRules;

    fn print(position: &Position) -> String {
        position.print()
    }

    #[test]
    fn the_example_reads_and_prints_back_with_empty_piles_in_their_places() {
        let position = parse("3,4,5").expect("the issue's example");
        assert_eq!(print(&position), "nim 3,4,5");
        let emptied = parse("0, 3,0,5").expect("empty piles keep their places");
        assert_eq!(emptied.piles(), [0, 3, 0, 5]);
        assert_eq!(print(&emptied), "nim 0,3,0,5");
        assert_eq!(parse(&print(&emptied)["nim ".len()..]), Ok(emptied));
        let over = Position::new(&[0, 0, 0]).expect("a finished game");
        assert_eq!(print(&over), "nim 0,0,0");
        assert!(parse("0,0,0").unwrap_err().contains("game is over"));
        assert!(parse("1,1,1,1,1,1,1,1,1").unwrap_err().contains("too many"));
        assert!(parse("0,0,0,0,0,0,0,0,1").unwrap_err().contains("too many"));
        assert!(parse("1000000000000000001").is_err());
    }
}
