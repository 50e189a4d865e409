//! Wythoff's menu line: the two piles, typed like `9,14`, and their checks.

use super::rules::Position;
use crate::games::game::{Field, FieldKind, Problem, Values};

/// The key of the piles at the start, as typed.
pub const PILES: &str = "wythoff_piles";

/// Piles offered with ←/→ on the Piles line; the first is the default.
pub const PRESETS: [&str; 4] = ["9,14", "4,5", "12,20", "15,25"];

/// The largest pile a game is played with on the queen's board, which has 27 columns and rows
/// at most; larger piles (up to 10^18, which the answer handles) are played on the rows board.
pub const MAX_BOARD_PILE: u64 = 26;

/// Two piles of 19 digits (10^18) with ", " between them, so that a pile too large is named.
const MOST_CHARS: usize = 2 * 19 + 2;

/// Wythoff's menu line.
pub static FIELDS: [Field; 1] = [Field {
    key: PILES,
    label: "Piles",
    kind: FieldKind::Text {
        default: PRESETS[0],
        allowed: |c| c.is_ascii_digit() || matches!(c, ',' | ' '),
        max_chars: MOST_CHARS,
        too_long: "the piles are at most 40 characters",
        presets: &PRESETS,
    },
    after_level: false,
    was: None,
}];

/// The piles a game with `values` starts from, or why they cannot start one.
pub fn start(values: &Values) -> Result<Position, String> {
    playable(values.text(PILES))
}

/// The position a game can start from (`4,5`), or why not: both piles empty, or a pile past
/// 10^18.
pub fn playable(text: &str) -> Result<Position, String> {
    Position::parse_body(text)
}

/// Why `values` cannot start a game, if they cannot.
pub fn problem(values: &Values) -> Option<Problem> {
    start(values).err().map(|reason| Problem {
        keys: &[PILES],
        reason,
    })
}

/// "Wythoff 9,14": the canonical piles, so that `9, 14` shares their statistics.
pub fn describe(values: &Values) -> String {
    match start(values) {
        Ok(start) => format!("Wythoff {start}"),
        Err(_) => format!("Wythoff {{{}}}", values.text(PILES)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(piles: &str) -> Values {
        Values::default().with(PILES, piles)
    }

    #[test]
    fn the_presets_start_games_and_the_longest_piles_fit() {
        for preset in PRESETS {
            assert_eq!(problem(&values(preset)), None, "{preset}");
        }
        let longest = "1000000000000000000, 1000000000000000000";
        assert_eq!(longest.chars().count(), MOST_CHARS);
        assert!(longest.chars().all(|c| FIELDS[0].takes_char(c)));
        // Piles past the queen's board are played on the rows board, up to 10^18.
        assert_eq!(problem(&values(longest)), None);
        assert_eq!(problem(&values("26,0")), None);
        assert_eq!(problem(&values("0,27")), None);
        assert_eq!(describe(&values(" 9, 14")), "Wythoff 9,14");
        assert_eq!(describe(&values("9,,14")), "Wythoff {9,,14}");
        for text in ["", "4", "0,0", "1,2,3", "1000000000000000001,1"] {
            let problem = problem(&values(text)).expect(text);
            assert_eq!(problem.keys, &[PILES]);
            assert_eq!(Err(problem.reason), Position::parse_body(text), "{text:?}");
        }
    }

    #[test]
    fn saved_moves_are_replayed() {
        use crate::games::game::Game;
        use crate::games::position::StartPosition;
        let saved_problem = |v: &Values, start, moves: &[String]| {
            super::super::Wythoff.saved_problem(v, start, moves)
        };
        let v = values("1,2");
        assert_eq!(saved_problem(&v, None, &["12:1".into()]), None);
        assert_eq!(
            saved_problem(&v, None, &["12:1".into(), "2:1".into()]),
            Some("the game is over".into())
        );
        assert_eq!(
            saved_problem(&v, None, &["12:2".into()]),
            Some("move 1 (\"12:2\") is not legal: pile 1 holds only 1 coin, so 2 cannot be taken from both".into())
        );
        let start = StartPosition::new("wythoff 3,0".into());
        assert_eq!(saved_problem(&v, Some(&start), &["1:2".into()]), None);
        let other = StartPosition::new("nim 3,4".into());
        assert!(
            saved_problem(&v, Some(&other), &[])
                .unwrap()
                .ends_with("is not a wythoff position")
        );
    }
}
