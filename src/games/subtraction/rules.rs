//! The subtraction game ⟨m, S⟩: a pile of `m` coins; a move takes `k` coins for some `k` in the
//! set `S` (with `k` at most the pile). Taking the last coin wins, so a player with no legal
//! take loses.

use crate::games::position::bracketed;
use crate::units::shown;
use std::fmt;

/// The largest take size accepted: the solver keeps a window of this many outcomes.
pub const MAX_TAKE: u64 = 4096;

/// The longest take set accepted as written by a person, in characters: in the menu, in
/// `--set` and in the saved settings alike. Plenty for any list, since ranges write long runs
/// short (`1-4096`).
pub const MAX_SET_CHARS: usize = 100;

/// The set `S` of allowed take sizes: positive, distinct, ascending, not empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeSet(Vec<u64>);

impl TakeSet {
    /// A set from its sizes (any order, repeats allowed).
    pub fn new(sizes: &[u64]) -> Result<TakeSet, String> {
        if sizes.is_empty() {
            return Err("the set of takes is empty: give at least one size, like 1,2,3".into());
        }
        if let Some(&bad) = sizes.iter().find(|&&k| k == 0 || k > MAX_TAKE) {
            return Err(format!(
                "{bad} is not a take size: each must be 1 to {MAX_TAKE}"
            ));
        }
        let mut sizes = sizes.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        Ok(TakeSet(sizes))
    }

    /// Reads a set written like `1, 3-5, 8`: sizes and ascending ranges separated by commas,
    /// spaces allowed around each, optionally in braces as [`TakeSet`]'s display writes it.
    /// Anything else is refused with the reason in one line.
    pub fn parse(text: &str) -> Result<TakeSet, String> {
        let inner = bracketed(text, ['{', '}'], EMPTY)?;
        // One flag per possible size: ranges cost nothing however wide, since both ends are
        // checked against MAX_TAKE before any flag is set.
        let mut chosen = vec![false; MAX_TAKE as usize + 1];
        let items: Vec<&str> = inner.split(',').collect();
        let last = items.len() - 1;
        for (i, item) in items.iter().enumerate() {
            let item = item.trim();
            if item.is_empty() {
                return Err(match i {
                    0 => "nothing before the first comma",
                    _ if i == last => "nothing after the last comma",
                    _ => "empty item between two commas",
                }
                .into());
            }
            let (low, high) = parse_item(item)?;
            chosen[low..=high].fill(true);
        }
        let sizes: Vec<u64> = (1..=MAX_TAKE).filter(|&k| chosen[k as usize]).collect();
        Ok(TakeSet(sizes))
    }

    /// Reads a set as a person wrote it (menu, command line, settings): at most
    /// [`MAX_SET_CHARS`] characters, then as [`TakeSet::parse`] reads it.
    pub fn parse_typed(text: &str) -> Result<TakeSet, String> {
        let length = text.chars().count();
        if length > MAX_SET_CHARS {
            return Err(format!(
                "a take set is at most {MAX_SET_CHARS} characters, this one has {length}: write runs as ranges, like 1-20"
            ));
        }
        TakeSet::parse(text)
    }

    /// The sizes, ascending.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }

    /// The takes legal from a pile, ascending.
    pub fn legal(&self, pile: u64) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().copied().take_while(move |&k| k <= pile)
    }
}

/// Why an empty set is refused.
const EMPTY: &str = "the set of takes is empty: give at least one size, like 1, 3-5, 8";

/// Reads one item of a set, a size `k` or a range `a-b`, as the inclusive range it names.
fn parse_item(item: &str) -> Result<(usize, usize), String> {
    let Some((low, high)) = item.split_once('-') else {
        let k = parse_size(item)?;
        return Ok((k, k));
    };
    let (low, high) = (low.trim(), high.trim());
    let item = shown(item);
    if low.is_empty() {
        return Err(format!(
            "'{item}' is not a take: takes are whole numbers from 1"
        ));
    }
    if high.is_empty() {
        return Err(format!("the range '{item}' has no end: write it like 3-5"));
    }
    if high.contains('-') {
        return Err(format!("'{item}' is not a range: write it like 3-5"));
    }
    let low = parse_size(low)?;
    let high = parse_size(high)?;
    if low > high {
        return Err(format!("a range must go up: {item}"));
    }
    Ok((low, high))
}

/// Reads one take size, 1 to [`MAX_TAKE`].
fn parse_size(text: &str) -> Result<usize, String> {
    let shown = shown(text);
    if !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(
            if text
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_whitespace())
            {
                format!("'{shown}' needs commas between its numbers")
            } else {
                format!("'{shown}' is not a take: write whole numbers like 1, 3-5, 8")
            },
        );
    }
    match text.parse::<u64>() {
        Ok(0) => Err("0 is not a take: each take is 1 or more".into()),
        // Within MAX_TAKE, so the cast is exact.
        Ok(k) if k <= MAX_TAKE => Ok(k as usize),
        _ => Err(format!("{shown} is too big: a take is at most {MAX_TAKE}")),
    }
}

impl fmt::Display for TakeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u64::to_string).collect();
        write!(f, "{{{}}}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_checked_and_normalised() {
        assert_eq!(TakeSet::parse("4, 1,3,3").unwrap().sizes(), &[1, 3, 4]);
        assert_eq!(TakeSet::parse("{2,5}").unwrap().to_string(), "{2,5}");
        for bad in [
            "",
            "0",
            "1,0",
            "x",
            "1,,-2",
            "1,99999",
            "18446744073709551616",
        ] {
            assert!(TakeSet::parse(bad).is_err(), "{bad:?}");
        }
        let set = TakeSet::parse("1,3,4").unwrap();
        assert_eq!(set.legal(3).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(set.legal(0).count(), 0);
    }
}
