//! Nim's saved games checked before they are offered: the values, the start
//! position and every move. Above both `fields.rs` and `position.rs`, so that neither imports
//! the other.

use super::fields::NimValues;
use super::rules::Move;
use crate::games::game::Values;
use crate::games::position::StartPosition;

/// Why a saved game with these values, start position and moves cannot be continued, if it
/// cannot (see `Game::saved_problem`).
pub(super) fn saved_problem(
    values: &Values,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Option<String> {
    let start = match start {
        Some(start) => start
            .body_for("nim")
            .and_then(super::position::parse)
            .map_err(|e| format!("the start position: {e}")),
        None => NimValues::from(values).start(),
    };
    let mut position = match start {
        Ok(position) => position,
        Err(problem) => return Some(problem),
    };
    for (i, text) in moves.iter().enumerate() {
        let after = Move::parse(text).and_then(|mv| position.play(mv));
        match after {
            Ok(after) => position = after,
            Err(reason) => {
                return Some(format!(
                    "move {} ({}) is not legal: {reason}",
                    i + 1,
                    crate::units::quoted(text)
                ));
            }
        }
    }
    position.is_over().then(|| "the game is over".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::fields::PILES;

    fn values(piles: &str) -> Values {
        Values::default().with(PILES, piles)
    }

    #[test]
    fn saved_moves_are_replayed() {
        let v = values("1,2");
        assert_eq!(saved_problem(&v, None, &[]), None);
        assert_eq!(saved_problem(&v, None, &["2:1".into()]), None);
        assert_eq!(
            saved_problem(&v, None, &["2:1".into(), "1:1".into(), "2:1".into()]),
            Some("the game is over".into())
        );
        let bad = saved_problem(&v, None, &["2:1".into(), "1:2".into()]).expect("illegal");
        assert!(
            bad.starts_with("move 2 (\"1:2\") is not legal: pile 1 holds only"),
            "{bad}"
        );
        let bad = saved_problem(&v, None, &["two".into()]).expect("not a move");
        assert!(bad.starts_with("move 1 (\"two\") is not legal"), "{bad}");
        assert!(saved_problem(&values("0"), None, &[]).is_some());
    }
}
