//! The subtraction game's settings: the pile and the take set, their menu lines and checks.

use super::rules::{MAX_SET_CHARS, TakeSet};
use crate::games::game::{Bound, Field, FieldKind, Problem, Values};

/// The key of the coins at the start (Fibonacci Nim's coins have a key of their own).
pub const PILE: &str = "pile";
/// The key of the take set, as typed.
pub const SET: &str = "set";

/// Take sets offered with ←/→ on the Set line.
pub const SET_PRESETS: [&str; 5] = ["1,2,3", "1,3,4", "2,5", "1,2,4,8", "1,4,5"];

const TOO_LONG: &str = "a take set is at most 100 characters";
const LARGEST_PILE: &str = "18,446,744,073,709,551,615 coins is the largest pile";
const NO_COIN: &str = "a pile has at least 1 coin";

/// The subtraction game's menu lines.
pub static FIELDS: [Field; 2] = [
    Field {
        key: PILE,
        label: "Coins",
        kind: FieldKind::Number {
            default: 21,
            least: Bound {
                value: 1,
                reason: NO_COIN,
            },
            most: Bound {
                value: u64::MAX,
                reason: LARGEST_PILE,
            },
            quiet_below_least: true,
        },
        after_level: false,
        was: None,
    },
    Field {
        key: SET,
        label: "Takes (set)",
        kind: FieldKind::Text {
            default: SET_PRESETS[1],
            allowed: |c| c.is_ascii_digit() || matches!(c, ',' | ' ' | '-'),
            max_chars: MAX_SET_CHARS,
            too_long: TOO_LONG,
            presets: &SET_PRESETS,
        },
        after_level: false,
        was: None,
    },
];

/// The subtraction game's settings, read from the values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionValues {
    /// Coins at the start.
    pub pile: u64,
    /// The take set, as typed.
    pub set: String,
}

impl From<&Values> for SubtractionValues {
    fn from(values: &Values) -> SubtractionValues {
        SubtractionValues {
            pile: values.number(PILE),
            set: values.text(SET).to_string(),
        }
    }
}

pub(super) fn problem(values: &Values) -> Option<Problem> {
    if values.number(PILE) == 0 {
        return Some(Problem {
            keys: &[PILE],
            reason: NO_COIN.into(),
        });
    }
    TakeSet::parse_typed(values.text(SET))
        .err()
        .map(|reason| Problem {
            keys: &[SET],
            reason,
        })
}

pub(super) fn describe(values: &Values) -> String {
    let (pile, set) = (values.number(PILE), values.text(SET));
    // The canonical set, so that `1, 3-4` and `1,3,4` share their statistics.
    match TakeSet::parse(set) {
        Ok(set) => format!("Subtraction {set} from {pile}"),
        Err(_) => format!("Subtraction {{{set}}} from {pile}"),
    }
}

pub(super) fn sanitize(values: &mut Values) -> Vec<String> {
    let set = values.text(SET);
    if set.chars().count() <= MAX_SET_CHARS {
        return Vec::new();
    }
    let set: String = set.chars().take(MAX_SET_CHARS).collect();
    let change = format!("the take set is longer than {MAX_SET_CHARS} characters; using {set:?}");
    values.set(SET, set);
    vec![change]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::group;

    #[test]
    fn the_reasons_name_the_limits() {
        assert_eq!(
            TOO_LONG,
            format!("a take set is at most {MAX_SET_CHARS} characters")
        );
        assert_eq!(
            LARGEST_PILE,
            format!("{} coins is the largest pile", group(u64::MAX))
        );
    }
}
