//! Why a position is won or lost, in the game's own terms, where games share the reason: the
//! nim-sum of whole numbers worked in binary (Nim's piles; the Grundy values of a sum of games
//! add the same way). The Study screen shows the lines under the board.

use crate::units::group;

/// The nim-sum of some numbers, worked out as a learner would: each number in binary, one
/// column per bit, the sum's row, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimSum {
    /// The lines, for the Study screen.
    pub lines: Vec<String>,
    /// The move the lines name: which number to cut (by its index), and to what. `None` when
    /// the sum is 0 (lost).
    pub cut: Option<(usize, u64)>,
}

/// The most bits drawn one column apart: wider numbers are drawn packed.
const SPACED_BITS: u32 = 16;

/// The nim-sum of `values`, each named by its label in `labels` ("Pile 1"): a row each in
/// binary, the sum's row, then the rule. Where the sum is not 0, the first number whose bit
/// of the sum's highest column is set is cut to `number XOR sum`, which makes every column
/// even; where it is 0, every column already is, and every move makes one odd.
pub fn nim_sum(labels: &[String], values: &[u64]) -> NimSum {
    let sum = values.iter().fold(0, |sum, &v| sum ^ v);
    let widest = values.iter().copied().max().unwrap_or(0).max(1);
    let bits = u64::BITS - widest.leading_zeros();
    let binary = |v: u64| {
        let digits: Vec<String> = (0..bits)
            .rev()
            .map(|b| ((v >> b) & 1).to_string())
            .collect();
        digits.join(if bits <= SPACED_BITS { " " } else { "" })
    };
    let numbers: Vec<String> = values.iter().map(|&v| group(v)).collect();
    let label_width = labels.iter().map(String::len).max().unwrap_or(0).max(7);
    let number_width = numbers.iter().map(String::len).max().unwrap_or(1);
    let row = |label: &str, number: &str, v: u64| {
        format!(
            "{label:<label_width$}  {number:>number_width$}  {}",
            binary(v)
        )
    };
    let mut lines = vec!["Why: the piles in binary, one column a bit".to_string()];
    for ((label, number), &v) in labels.iter().zip(&numbers).zip(values) {
        lines.push(row(label, number, v));
    }
    lines.push(row("nim-sum", &group(sum), sum));
    if sum == 0 {
        lines.push("Every column is even: any move makes one odd, so this side loses.".into());
        return NimSum { lines, cut: None };
    }
    let high = 1u64 << (u64::BITS - 1 - sum.leading_zeros());
    let index = values
        .iter()
        .position(|&v| v & high != 0)
        .expect("a number has the sum's highest bit");
    let (from, to) = (values[index], values[index] ^ sum);
    lines.push(format!(
        "The {}s column is odd: {} from {} to {} makes every column even.",
        group(high),
        labels[index].to_lowercase(),
        group(from),
        group(to)
    ));
    NimSum {
        lines,
        cut: Some((index, to)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(count: usize) -> Vec<String> {
        (1..=count).map(|p| format!("Pile {p}")).collect()
    }

    #[test]
    fn three_five_seven_is_worked_in_binary() {
        let why = nim_sum(&labels(3), &[3, 5, 7]);
        assert_eq!(
            why.lines,
            [
                "Why: the piles in binary, one column a bit",
                "Pile 1   3  0 1 1",
                "Pile 2   5  1 0 1",
                "Pile 3   7  1 1 1",
                "nim-sum  1  0 0 1",
                "The 1s column is odd: pile 1 from 3 to 2 makes every column even.",
            ]
        );
        assert_eq!(why.cut, Some((0, 2)));
        let lost = nim_sum(&labels(3), &[1, 2, 3]);
        assert_eq!(lost.cut, None);
        assert!(
            lost.lines
                .last()
                .unwrap()
                .starts_with("Every column is even")
        );
    }

    /// The cut named leaves a nim-sum of 0 and takes coins, for every position of up to three
    /// numbers below 16; none is named exactly when the sum is 0.
    #[test]
    fn the_cut_named_leaves_every_column_even() {
        for a in 0..16u64 {
            for b in 0..16 {
                for c in 0..16 {
                    let values = [a, b, c];
                    let why = nim_sum(&labels(3), &values);
                    let sum = a ^ b ^ c;
                    assert_eq!(why.cut.is_none(), sum == 0, "{values:?}");
                    if let Some((index, to)) = why.cut {
                        assert!(to < values[index], "{values:?}: a cut takes coins");
                        assert_eq!(sum ^ values[index] ^ to, 0, "{values:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn wide_numbers_are_packed() {
        let why = nim_sum(&labels(2), &[1 << 20, 5]);
        assert!(
            why.lines[1].ends_with("100000000000000000000"),
            "{:?}",
            why.lines
        );
    }
}
