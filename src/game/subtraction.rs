//! The subtraction game ⟨m, S⟩: a pile of `m` coins; a move takes `k` coins for some `k` in the
//! set `S` (with `k` at most the pile). Taking the last coin wins, so a player with no legal
//! take loses.

use std::fmt;

/// The largest take size accepted: the solver keeps a window of this many outcomes.
pub const MAX_TAKE: u64 = 4096;

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

    /// Reads a set written like `1,3,4` (spaces and braces allowed).
    pub fn parse(text: &str) -> Result<TakeSet, String> {
        let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
        let sizes = inner
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.parse::<u64>()
                    .map_err(|_| format!("'{part}' is not a take size (a whole number from 1)"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        TakeSet::new(&sizes)
    }

    /// The sizes, ascending.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }

    /// The largest size.
    pub fn max(&self) -> u64 {
        *self.0.last().expect("never empty")
    }

    /// The takes legal from a pile, ascending.
    pub fn legal(&self, pile: u64) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().copied().take_while(move |&k| k <= pile)
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
