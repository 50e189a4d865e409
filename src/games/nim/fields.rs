//! Nim's settings: the piles, typed like `3,4,5`, their menu line and their checks.

use super::rules::{MAX_PILES, Position};
use crate::games::game::{Field, FieldKind, Problem, Values};

/// The key of the piles at the start, as typed.
pub const PILES: &str = "piles";

/// Piles offered with ←/→ on the Piles line; the first is the default.
pub const PILES_PRESETS: [&str; 2] = ["3,4,5", "1,3,5,7"];

/// The longest piles text: [`MAX_PILES`] piles of 19 digits (10^18) with ", " between them.
pub const MAX_PILES_CHARS: usize = MAX_PILES * 19 + (MAX_PILES - 1) * 2;

const TOO_LONG: &str = "the piles are at most 166 characters";

/// Nim's menu line.
pub static FIELDS: [Field; 1] = [Field {
    key: PILES,
    label: "Piles",
    kind: FieldKind::Text {
        default: PILES_PRESETS[0],
        allowed: |c| c.is_ascii_digit() || matches!(c, ',' | ' '),
        max_chars: MAX_PILES_CHARS,
        too_long: TOO_LONG,
        presets: &PILES_PRESETS,
    },
    after_level: false,
    was: None,
}];

/// Nim's settings, read from the values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimValues {
    /// The piles at the start, as typed.
    pub piles: String,
}

impl From<&Values> for NimValues {
    fn from(values: &Values) -> NimValues {
        NimValues {
            piles: values.text(PILES).to_string(),
        }
    }
}

impl NimValues {
    /// The piles to start from, or why they cannot start a game.
    pub fn start(&self) -> Result<Position, String> {
        Position::parse(&self.piles)
    }
}

pub(super) fn problem(values: &Values) -> Option<Problem> {
    NimValues::from(values).start().err().map(|reason| Problem {
        keys: &[PILES],
        reason,
    })
}

pub(super) fn describe(values: &Values) -> String {
    let options = NimValues::from(values);
    // The canonical piles, so that `3, 4, 5` and `3,4,5` share their statistics.
    match options.start() {
        Ok(start) => format!("Nim {start}"),
        Err(_) => format!("Nim {{{}}}", options.piles),
    }
}

pub(super) fn sanitize(values: &mut Values) -> Vec<String> {
    let piles = values.text(PILES);
    if piles.chars().count() <= MAX_PILES_CHARS {
        return Vec::new();
    }
    let piles: String = piles.chars().take(MAX_PILES_CHARS).collect();
    let change = format!("the piles are longer than {MAX_PILES_CHARS} characters; using {piles:?}");
    values.set(PILES, piles);
    vec![change]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(piles: &str) -> Values {
        Values::default().with(PILES, piles)
    }

    #[test]
    fn the_reason_names_the_limit_and_the_longest_piles_fit() {
        assert_eq!(
            TOO_LONG,
            format!("the piles are at most {MAX_PILES_CHARS} characters")
        );
        let longest = ["1000000000000000000"; MAX_PILES].join(", ");
        assert_eq!(longest.chars().count(), MAX_PILES_CHARS);
        assert_eq!(problem(&values(&longest)), None);
        assert!(longest.chars().all(|c| FIELDS[0].takes_char(c)));
    }

    #[test]
    fn the_presets_and_the_default_start_games() {
        for preset in PILES_PRESETS {
            assert_eq!(problem(&values(preset)), None, "{preset}");
        }
        // The menu line's default starts a game: what the core falls back to.
        let mut defaults = Values::default();
        defaults.set(PILES, FIELDS[0].default_value());
        assert_eq!(
            Position::parse(PILES_PRESETS[0]).ok(),
            Some(
                NimValues::from(&defaults)
                    .start()
                    .expect("the default starts")
            )
        );
        assert_eq!(
            NimValues::from(&defaults).start(),
            Position::new(&[3, 4, 5])
        );
        assert_eq!(describe(&values("3, 4,5")), "Nim 3,4,5");
        assert_eq!(describe(&values("1,3,5,7")), "Nim 1,3,5,7");
        assert_eq!(describe(&values("3,,4")), "Nim {3,,4}");
    }

    #[test]
    fn a_problem_is_the_parsers_reason_on_the_piles_line() {
        for text in ["", "3,,4", "0", "1,2,3,4,5,6,7,8,9", "1000000000000000001"] {
            let problem = problem(&values(text)).expect(text);
            assert_eq!(problem.keys, &[PILES]);
            assert_eq!(Err(problem.reason), Position::parse(text), "{text:?}");
        }
        assert!(!FIELDS[0].takes_char('-') && !FIELDS[0].takes_char('x'));
    }

    #[test]
    fn sanitize_cuts_piles_that_are_too_long() {
        let mut v = values(&"1,".repeat(100));
        let changes = sanitize(&mut v);
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(v.text(PILES).chars().count(), MAX_PILES_CHARS);
        assert_eq!(sanitize(&mut values("3,4,5")), Vec::<String>::new());
    }
}
