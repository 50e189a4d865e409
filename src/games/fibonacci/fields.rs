//! Fibonacci Nim's settings: the pile, its menu line and its checks.

use super::rules::start;
use crate::games::game::{Bound, Field, FieldKind, Problem, Values};

/// The key of the coins at the start, Fibonacci Nim's own.
pub const PILE: &str = "fibonacci_pile";

const LARGEST_PILE: &str = "18,446,744,073,709,551,615 coins is the largest pile";

/// Fibonacci Nim's menu line.
pub static FIELDS: [Field; 1] = [Field {
    key: PILE,
    label: "Coins",
    kind: FieldKind::Number {
        default: 21,
        least: Bound {
            value: 2,
            reason: "Fibonacci Nim needs at least 2 coins",
        },
        most: Bound {
            value: u64::MAX,
            reason: LARGEST_PILE,
        },
        quiet_below_least: true,
    },
    after_level: false,
    // Files written before each game kept its own coins shared the subtraction game's.
    was: Some("pile"),
}];

/// Fibonacci Nim's settings, read from the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FibonacciValues {
    /// Coins at the start.
    pub pile: u64,
}

impl From<&Values> for FibonacciValues {
    fn from(values: &Values) -> FibonacciValues {
        FibonacciValues {
            pile: values.number(PILE),
        }
    }
}

pub(super) fn problem(values: &Values) -> Option<Problem> {
    start(values.number(PILE)).err().map(|reason| Problem {
        keys: &[PILE],
        reason,
    })
}

pub(super) fn describe(values: &Values) -> String {
    format!("Fibonacci Nim from {}", values.number(PILE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::group;

    #[test]
    fn the_largest_pile_is_u64_max() {
        assert_eq!(
            LARGEST_PILE,
            format!("{} coins is the largest pile", group(u64::MAX))
        );
    }
}
