//! A game's position as one short line of text: `chomp 6x7 6,6,4,4,2,0,0`,
//! `subtraction 1,3,4 21`, `fibonacci 30 max 5`, `nim 3,4,5`. The first word names the game;
//! each game reads and writes the rest in its own `position.rs`, with the helpers here
//! (comma lists, numbers in range, take sets written with ranges), and the catalogue
//! (`crate::games::parse_position`) dispatches on the first word.
//!
//! A game started from such a string keeps it as its [`StartPosition`]: saved games carry it,
//! and a resumed game replays its moves from it. Every error is one line.

use super::field::Values;
use crate::units::shown;
use serde::{Deserialize, Serialize};

/// The position a game starts from, as its string (`chomp 6x7 6,6,4,4,2,0,0`), in the form the
/// game's own printer writes it. Saved games keep it; the game's parser reads it back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct StartPosition(String);

impl StartPosition {
    /// A start position from its text, as a game's printer wrote it (only the games' parsers
    /// make one, so that it is always in their form).
    pub fn new(text: String) -> StartPosition {
        StartPosition(text)
    }

    /// The whole string.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// What follows the game's word: the part the game itself reads (`6x7 6,6,4,4,2,0,0`).
    pub fn body(&self) -> &str {
        split_game(&self.0).map_or("", |(_, body)| body)
    }

    /// The game's word (`chomp`).
    pub fn game(&self) -> &str {
        split_game(&self.0).map_or("", |(game, _)| game)
    }

    /// What the game `id` reads of it, or why it is not that game's (a saved game's start
    /// may have been edited).
    pub fn body_for(&self, id: &str) -> Result<&str, String> {
        if self.game() == id {
            Ok(self.body())
        } else {
            Err(format!(
                "its start {:?} is not a {id} position",
                shown(&self.0)
            ))
        }
    }
}

impl std::fmt::Display for StartPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a game reads from its position string: the values a game of that size is played with
/// (Chomp's rows and columns, a pile and its take set), and the position itself, in the
/// game's own form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedPosition {
    /// The game's values (by the keys of its fields) that the position sets.
    pub values: Values,
    /// The position, as the game prints it.
    pub start: StartPosition,
}

/// Splits a position string into its game's word (lower case as written) and the rest, both
/// trimmed: `("chomp", "6x7 6,6,4")`.
pub fn split_game(text: &str) -> Result<(&str, &str), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(
            "the position is empty: write the game, then the position, like nim 3,4,5".into(),
        );
    }
    Ok(match text.split_once(char::is_whitespace) {
        Some((game, rest)) => (game, rest.trim()),
        None => (text, ""),
    })
}

/// Reads a whole number from `least` to `most`, naming it `what` in the reason it is refused
/// ("the pile", "a column's height").
pub fn parse_number(text: &str, what: &str, least: u64, most: u64) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("{what} is missing"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{}' is not a whole number ({what})", shown(text)));
    }
    match text.parse::<u64>() {
        Ok(n) if (least..=most).contains(&n) => Ok(n),
        _ if most == u64::MAX => Err(format!(
            "{} is not {what}: it must be at least {least}",
            shown(text)
        )),
        _ => Err(format!(
            "{} is not {what}: it must be {least} to {most}",
            shown(text)
        )),
    }
}

/// Reads a comma list of whole numbers of 0 to `most` (`6,6,4`; spaces allowed around each),
/// naming each `what` in the reason it is refused.
pub fn parse_list(text: &str, what: &str, most: u64) -> Result<Vec<u64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("no {what}s are given: write them like 3,4,5"));
    }
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    let last = items.len() - 1;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            if item.is_empty() {
                return Err(match i {
                    0 => "nothing before the first comma".to_string(),
                    _ if i == last => "nothing after the last comma".to_string(),
                    _ => "nothing between two commas".to_string(),
                });
            }
            if item.contains(char::is_whitespace) {
                return Err(format!(
                    "'{}' needs commas between its numbers",
                    shown(item)
                ));
            }
            parse_number(item, &format!("a {what}"), 0, most)
        })
        .collect()
}

/// Writes numbers as a comma list: `6,6,4`.
pub fn print_list(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Piles as people read them: "3, 4, 5"; with " · " between them when a pile needs a thousands
/// separator ("1,000 · 24"), so a comma never means two things in one list.
pub fn pile_list(piles: &[u64]) -> String {
    let items: Vec<String> = piles
        .iter()
        .map(|&pile| crate::units::group(pile))
        .collect();
    let sep = if piles.iter().any(|&pile| pile >= 1000) {
        " · "
    } else {
        ", "
    };
    items.join(sep)
}

/// Writes ascending sizes as the menu's take-set field reads them, runs of three or more as
/// ranges: `1-10`, `1,3,4`, `2,5-8`.
pub fn print_ranges(sizes: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut at = 0;
    while at < sizes.len() {
        let mut end = at;
        while end + 1 < sizes.len() && sizes[end + 1] == sizes[end] + 1 {
            end += 1;
        }
        if end - at >= 2 {
            parts.push(format!("{}-{}", sizes[at], sizes[end]));
        } else {
            parts.extend(sizes[at..=end].iter().map(u64::to_string));
        }
        at = end + 1;
    }
    parts.join(",")
}

/// The end of [`finished`]'s reason, by which a sum knows a part whose game is over.
pub const FINISHED: &str = "the game is over there, so there is nothing to play";

/// The reason a finished position is refused: nothing is left to play from it.
pub fn finished(what: &str) -> String {
    format!("{what}: {FINISHED}")
}

/// Reads piles written like `3,4,5`: whole numbers separated by commas, spaces allowed around
/// each, optionally in brackets as the JSON replies write them (`[3,4,5]`), each read by `pile`
/// (every one before the game counts them, so that a typo is named as a typo). `none` is why
/// no pile is given; `gap` says why an item is missing, given where ("before the first comma",
/// "after the last comma", "between two commas"). Every reason is one line.
pub fn parse_piles(
    text: &str,
    none: &str,
    gap: impl Fn(&str) -> String,
    pile: impl Fn(&str) -> Result<u64, String>,
) -> Result<Vec<u64>, String> {
    let inner = bracketed(text, ['[', ']'], none)?;
    let items: Vec<&str> = inner.split(',').map(str::trim).collect();
    if let Some(at) = items.iter().position(|item| item.is_empty()) {
        return Err(gap(match at {
            0 => "before the first comma",
            _ if at == items.len() - 1 => "after the last comma",
            _ => "between two commas",
        }));
    }
    items.iter().map(|item| pile(item)).collect()
}

/// What `text` holds, trimmed, between the brackets `open` and `close` where it is in them
/// (`[3,4,5]`, `{1,3,4}`), else all of it; a bracket without the other, or nothing within
/// (`none` says why), is refused in one line.
pub fn bracketed<'a>(
    text: &'a str,
    [open, close]: [char; 2],
    none: &str,
) -> Result<&'a str, String> {
    let text = text.trim();
    let inner = match text.strip_prefix(open) {
        Some(rest) => rest
            .strip_suffix(close)
            .ok_or_else(|| format!("a '{open}' without its closing '{close}'"))?,
        None if text.ends_with(close) => {
            return Err(format!("a '{close}' without its opening '{open}'"));
        }
        None => text,
    };
    if inner.trim().is_empty() {
        return Err(none.into());
    }
    Ok(inner)
}

/// Why a take of nothing is refused.
pub const NO_COINS: &str = "a move takes at least 1 coin";

/// Splits a move written like `2:3` (spaces allowed around each number) into what comes
/// before the colon and the take, both whole numbers as typed; `not_a_move` is why `text` is
/// no move.
pub fn split_move(text: &str, not_a_move: impl Fn() -> String) -> Result<(&str, &str), String> {
    let (piles, take) = text.split_once(':').ok_or_else(&not_a_move)?;
    let (piles, take) = (piles.trim(), take.trim());
    if is_number(piles) && is_number(take) {
        Ok((piles, take))
    } else {
        Err(not_a_move())
    }
}

/// Reads a move's take, typed as a whole number: 1 to 10^18 coins.
pub fn parse_take(take: &str) -> Result<u64, String> {
    match take.parse::<u64>() {
        Ok(0) => Err(NO_COINS.into()),
        Ok(k) if k <= 1_000_000_000_000_000_000 => Ok(k),
        _ => Err(pile_too_big(take)),
    }
}

/// Reads one pile of a position string, `least` to 10^18 coins (the most a pile of Nim or
/// Wythoff's game holds), or says why not in one line: `rule` is the least a pile holds, in
/// words ("each pile starts with at least 1 coin"), `example` a piles text ("3,4,5").
pub fn parse_pile(item: &str, least: u64, rule: &str, example: &str) -> Result<u64, String> {
    if !is_number(item) {
        let shown = shown(item);
        let commas = if example.matches(',').count() == 1 {
            "a comma"
        } else {
            "commas"
        };
        return Err(if item.strip_prefix('-').is_some_and(is_number) {
            format!("{shown} is not a pile: {rule}")
        } else if item
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
        {
            format!("'{shown}' needs {commas} between its numbers")
        } else {
            format!("'{shown}' is not a pile: write whole numbers of coins like {example}")
        });
    }
    match item.parse::<u64>() {
        Ok(pile) if pile < least => Err(format!("{pile} is not a pile: {rule}")),
        Ok(pile) if pile <= 1_000_000_000_000_000_000 => Ok(pile),
        // Too big for a pile or even for a u64: the same answer.
        _ => Err(pile_too_big(item)),
    }
}

/// Why a number of coins past 10^18 (the most a pile of Nim or Wythoff's game holds) is refused.
pub fn pile_too_big(digits: &str) -> String {
    format!(
        "{} is too big: a pile holds at most 10^18 coins",
        shown_number(digits)
    )
}

/// Whether `text` is a whole number as typed: ASCII digits only, at least one.
pub fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A long run of digits as a message quotes it: its first 20 digits, then how many there are.
pub fn shown_number(digits: &str) -> String {
    if digits.len() <= 20 {
        digits.to_string()
    } else {
        format!("{}… ({} digits)", &digits[..20], digits.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_read_the_same_for_piles_and_take_sets() {
        for [open, close] in [['[', ']'], ['{', '}']] {
            let brackets = [open, close];
            assert_eq!(
                bracketed(&format!(" {open}3, 4{close} "), brackets, "none"),
                Ok("3, 4")
            );
            assert_eq!(bracketed(" 3,4 ", brackets, "none"), Ok("3,4"));
            assert_eq!(
                bracketed(&format!("{open}3"), brackets, "none"),
                Err(format!("a '{open}' without its closing '{close}'"))
            );
            assert_eq!(
                bracketed(&format!("3{close}"), brackets, "none"),
                Err(format!("a '{close}' without its opening '{open}'"))
            );
            assert_eq!(
                bracketed(&format!("{open} {close}"), brackets, "none"),
                Err("none".into())
            );
        }
        assert_eq!(
            parse_piles("[3,4", "none", |_| String::new(), |_| Ok(0)),
            Err("a '[' without its closing ']'".into())
        );
    }

    #[test]
    fn lists_and_ranges_are_read_and_written() {
        assert_eq!(parse_list(" 6, 6,4 ", "height", 9), Ok(vec![6, 6, 4]));
        assert_eq!(
            parse_list("1,,2", "pile", 9),
            Err("nothing between two commas".to_string())
        );
        assert!(parse_list("1 2", "pile", 9).unwrap_err().contains("commas"));
        assert!(
            parse_list("10", "height", 9)
                .unwrap_err()
                .contains("0 to 9")
        );
        assert!(parse_list("-1", "pile", 9).unwrap_err().contains("whole"));
        assert_eq!(print_list(&[6, 6, 0]), "6,6,0");
        assert_eq!(print_ranges(&[1, 3, 4]), "1,3,4");
        assert_eq!(print_ranges(&(1..=10).collect::<Vec<_>>()), "1-10");
        assert_eq!(print_ranges(&[2, 5, 6, 7, 8, 10, 11]), "2,5-8,10,11");
        assert_eq!(split_game("  nim   3,4 "), Ok(("nim", "3,4")));
        assert_eq!(split_game("nim"), Ok(("nim", "")));
        assert!(split_game("  ").is_err());
        assert_eq!(StartPosition::new("chomp 2x2 2,1".into()).body(), "2x2 2,1");
    }
}
