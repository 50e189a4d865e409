//! Engines the games use: pure, deterministic, no I/O. Today the Chomp outcome table and the
//! moves-left table built from it, which speak in column heights; Wythoff's pairs (`beatty`); the subtraction game's period
//! of outcomes and its moves-left table, which speak in piles and take sizes; and Fibonacci Nim's
//! moves-left table. They know nothing of the games above them.

pub mod beatty;
pub mod chomp_table;
pub mod fibonacci_table;
pub mod grundy_tables;
pub mod subtraction_table;

pub use chomp_table::{BuildError, MovesLeftTable, NimberTable, OutcomeTable};

/// `n choose k`, exactly; `None` when it does not fit in 128 bits.
pub fn binomial(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        // result * (n - i) / (i + 1) is always a whole number: it is C(n, i + 1).
        result = result.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::binomial;

    #[test]
    fn binomials() {
        assert_eq!(binomial(4, 2), Some(6));
        assert_eq!(binomial(52, 26), Some(495_918_532_948_104));
        assert_eq!(binomial(40, 20), Some(137_846_528_820));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(7, 0), Some(1));
    }
}
