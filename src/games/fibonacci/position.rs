//! Fibonacci Nim's position string: `fibonacci 30 max 5`, the pile and the largest take allowed
//! now (a fresh game of 30 is `fibonacci 30 max 29`; `fibonacci 30` alone means that). The
//! largest take is 1 to the pile: after a take the next one is capped by the pile.

use super::fields::PILE;
use super::rules::{position_of, start};
use crate::games::field::Values;
use crate::games::pile::rules::PilePosition;
use crate::games::position::{finished, parse_number};

/// The position's string: `fibonacci 30 max 5`.
pub fn print(position: PilePosition) -> String {
    format!("fibonacci {} max {}", position.pile, position.max_take)
}

/// Reads what follows `fibonacci` in a position string (`30 max 5`, or `30` for a fresh game),
/// or says why it is not a position a game can start from, in one line.
pub fn parse(body: &str) -> Result<PilePosition, String> {
    let words: Vec<&str> = body.split_whitespace().collect();
    match words[..] {
        [] => Err("a Fibonacci Nim position needs its pile, like fibonacci 30 max 5".into()),
        [pile] => {
            let pile = parse_number(pile, "a pile", 0, u64::MAX)?;
            if pile == 0 {
                return Err(finished("the pile is empty"));
            }
            start(pile).map_err(|e| format!("{e}; name the largest take, like fibonacci 1 max 1"))
        }
        [pile, max, take] if max.eq_ignore_ascii_case("max") => {
            let pile = parse_number(pile, "a pile", 0, u64::MAX)?;
            let max_take = parse_number(take, "the largest take", 0, u64::MAX)?;
            position_of(pile, max_take)
        }
        _ => Err(format!(
            "'{}' is not a Fibonacci Nim position: write the pile and the largest take, like fibonacci 30 max 5",
            crate::units::shown(body.trim())
        )),
    }
}

/// The values a game from `position` is played with.
pub(super) fn values(position: PilePosition) -> Values {
    Values::default().with(PILE, position.pile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_reads_and_prints_back_and_a_fresh_pile_may_take_all_but_one() {
        let position = parse("30 max 5").expect("the issue's example");
        assert_eq!((position.pile, position.max_take), (30, 5));
        assert_eq!(print(position), "fibonacci 30 max 5");
        assert_eq!(
            parse("30").map(print),
            Ok("fibonacci 30 max 29".to_string())
        );
        // A pile of 1 with 1 allowed is legal mid-game: taking it wins.
        assert_eq!(
            parse("1 max 1").map(print),
            Ok("fibonacci 1 max 1".to_string())
        );
        assert!(parse("1").is_err());
        assert!(parse("30 max 31").unwrap_err().contains("at most the pile"));
        assert!(parse("30 max 0").unwrap_err().contains("game is over"));
    }
}
