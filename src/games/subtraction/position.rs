//! The subtraction game's position string: `subtraction 1,3,4 21`, the take set as the menu's
//! set field reads it (runs written as ranges: `1-10`), then the pile. A pile no take fits is a
//! finished game.

use super::fields::{PILE, SET};
use super::rules::TakeSet;
use crate::games::field::Values;
use crate::games::position::{finished, parse_number, print_ranges};
use crate::units::{group, shown};

/// The position's string: `subtraction 1,3,4 21`.
pub fn print(set: &TakeSet, pile: u64) -> String {
    format!("subtraction {} {pile}", print_ranges(set.sizes()))
}

/// Reads what follows `subtraction` in a position string (`1,3,4 21`; the set may hold spaces
/// after its commas, as the menu's field does), or says why it is not a position a game can
/// start from, in one line.
pub fn parse(body: &str) -> Result<(TakeSet, u64), String> {
    let body = body.trim();
    let words: Vec<&str> = body.split_whitespace().collect();
    if let [one] = words[..] {
        return Err(format!(
            "'{}' is not a subtraction position: it needs a take set and a pile, like subtraction 1,3,4 21",
            shown(one)
        ));
    }
    // The set's words: the first, and each next one a comma or a dash joins to it (the set may
    // hold spaces after its commas, as the menu's field does).
    let mut set_words = 1.min(words.len());
    while set_words < words.len()
        && (words[set_words - 1].ends_with([',', '-']) || words[set_words].starts_with([',', '-']))
    {
        set_words += 1;
    }
    let numbers = |word: &&str| {
        word.bytes()
            .all(|b| b.is_ascii_digit() || b == b',' || b == b'-')
    };
    let (set, pile) = match &words[set_words..] {
        [] if words.is_empty() => {
            return Err(
                "a subtraction position needs its take set and its pile, like subtraction 1,3,4 21"
                    .to_string(),
            );
        }
        // A last word of a minus and digits is a pile below 0, not the end of a range.
        [] if words.last().is_some_and(|last| {
            last.len() > 1 && last.starts_with('-') && last[1..].bytes().all(|b| b.is_ascii_digit())
        }) =>
        {
            (words[..words.len() - 1].join(" "), words[words.len() - 1])
        }
        [] => {
            return Err(format!(
                "a subtraction position needs its pile after the take set, like subtraction {body} 21"
            ));
        }
        [pile] => (words[..set_words].join(" "), *pile),
        // Numbers with no commas between them: the set says so.
        [.., pile] if words[set_words..].iter().all(numbers) => {
            (words[..words.len() - 1].join(" "), *pile)
        }
        [pile, extra @ ..] => {
            return Err(format!(
                "'{}' follows the pile {}: a subtraction position is a take set, then a pile, like subtraction 1,3,4 21",
                shown(&extra.join(" ")),
                shown(pile)
            ));
        }
    };
    let set = TakeSet::parse_typed(&set)?;
    let pile = parse_number(pile, "a pile", 0, u64::MAX)?;
    if set.legal(pile).next().is_none() {
        return Err(finished(&format!(
            "no take of {} fits a pile of {}",
            print_ranges(set.sizes()),
            group(pile)
        )));
    }
    Ok((set, pile))
}

/// The values a game of `set` from `pile` is played with.
pub(super) fn values(set: &TakeSet, pile: u64) -> Values {
    Values::default()
        .with(SET, print_ranges(set.sizes()))
        .with(PILE, pile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_reads_and_prints_back_with_ranges() {
        let (set, pile) = parse("1,3,4 21").expect("the issue's example");
        assert_eq!((set.sizes(), pile), (&[1, 3, 4][..], 21));
        assert_eq!(print(&set, pile), "subtraction 1,3,4 21");
        let (set, pile) = parse("1, 2, 3-10 5").expect("spaces and a range");
        assert_eq!(print(&set, pile), "subtraction 1-10 5");
        assert!(parse("3,5 2").unwrap_err().contains("game is over"));
        let (set, pile) = parse("1, 3 ,4 - 6 21").expect("spaces around commas and dashes");
        assert_eq!(print(&set, pile), "subtraction 1,3-6 21");
    }
}
