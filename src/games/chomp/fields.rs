//! Chomp's settings: the bar's rows and columns and whether eating the poison asks first; its
//! menu lines and their checks.

use super::rules::MAX_SIDE;
use crate::games::game::{Bound, Field, FieldKind, Problem, Values};

/// The key of the bar's rows in settings.
pub const ROWS: &str = "rows";
/// The key of the bar's columns in settings.
pub const COLS: &str = "cols";
/// The key of whether eating the poison while other squares remain asks first.
pub const ASK_BEFORE_POISON: &str = "ask_before_poison";

/// Why the sides of a bar stop where they do.
pub const ONLY_POISON: &str = "a 1×1 bar is only the poison";

const LARGEST_SIDE: &str = "26 is the largest side";

const fn side(key: &'static str, label: &'static str, default: u64, least: &'static str) -> Field {
    Field {
        key,
        label,
        kind: FieldKind::Number {
            default,
            least: Bound {
                value: 1,
                reason: least,
            },
            most: Bound {
                value: MAX_SIDE as u64,
                reason: LARGEST_SIDE,
            },
            quiet_below_least: false,
        },
        after_level: false,
        was: None,
    }
}

/// Chomp's menu lines.
pub static FIELDS: [Field; 3] = [
    side(ROWS, "Rows", 6, "a bar has at least 1 row"),
    side(COLS, "Columns", 7, "a bar has at least 1 column"),
    Field {
        key: ASK_BEFORE_POISON,
        label: "Ask before a1",
        kind: FieldKind::Flag { default: true },
        after_level: true,
        was: None,
    },
];

/// Chomp's settings, read from the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChompValues {
    pub rows: u8,
    pub cols: u8,
    /// Whether eating the poison while other squares remain asks first.
    pub ask_before_poison: bool,
}

impl From<&Values> for ChompValues {
    fn from(values: &Values) -> ChompValues {
        ChompValues {
            rows: values.small(ROWS),
            cols: values.small(COLS),
            ask_before_poison: values.flag(ASK_BEFORE_POISON),
        }
    }
}

pub(super) fn problem(values: &Values) -> Option<Problem> {
    let (rows, cols) = (values.number(ROWS), values.number(COLS));
    let sides = 1..=u64::from(MAX_SIDE);
    if !sides.contains(&rows) {
        Some(Problem {
            keys: &[ROWS, COLS],
            reason: format!("each side of the bar is 1 to {MAX_SIDE}"),
        })
    } else if !sides.contains(&cols) {
        Some(Problem {
            keys: &[COLS, ROWS],
            reason: format!("each side of the bar is 1 to {MAX_SIDE}"),
        })
    } else if rows == 1 && cols == 1 {
        Some(Problem {
            keys: &[COLS, ROWS],
            reason: ONLY_POISON.into(),
        })
    } else {
        None
    }
}

pub(super) fn describe(values: &Values) -> String {
    format!("Chomp {}×{}", values.number(ROWS), values.number(COLS))
}

pub(super) fn refuse_step(values: &Values, key: &str, value: u64) -> Option<String> {
    match key {
        ROWS if value == 1 && values.number(COLS) == 1 => {
            Some(format!("{ONLY_POISON}: 1 column needs 2 rows"))
        }
        COLS if value == 1 && values.number(ROWS) == 1 => {
            Some(format!("{ONLY_POISON}: 1 row needs 2 columns"))
        }
        _ => None,
    }
}

pub(super) fn sanitize(values: &mut Values) -> Vec<String> {
    let mut changes = Vec::new();
    for (name, key) in [("rows", ROWS), ("columns", COLS)] {
        let side = values.number(key);
        let clamped = side.clamp(1, MAX_SIDE.into());
        if clamped != side {
            changes.push(format!(
                "{name} {side} is outside 1 to {MAX_SIDE}; using {clamped}"
            ));
            values.set(key, clamped);
        }
    }
    if values.number(ROWS) == 1 && values.number(COLS) == 1 {
        changes.push(format!("{ONLY_POISON}; using 1×2"));
        values.set(COLS, 2_u64);
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_side_names_max_side() {
        assert_eq!(LARGEST_SIDE, format!("{MAX_SIDE} is the largest side"));
    }
}
