//! Why a position is won or lost, in the game's own terms, where games share the reason: the
//! nim-sum of whole numbers worked in binary (Nim's piles; the Grundy values of a sum of games
//! add the same way), and the strip of who wins from each pile of a game whose outcome is the
//! pile's alone (the subtraction game's, periodic), and the lost pairs of two piles from which a
//! move takes from one or the same from both (Wythoff's game, a queen's board). The Study screen
//! shows the lines under the board.

use crate::solve::beatty;
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
    // An arrow under the odd column the rule names, as the rows have no heading of bits.
    let bit = u64::BITS - 1 - sum.leading_zeros();
    let step = if bits <= SPACED_BITS { 2 } else { 1 };
    let column = label_width + 2 + number_width + 2 + (bits - 1 - bit) as usize * step;
    lines.push(format!("{:column$}↑ the {}s", "", group(high)));
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

/// The most piles a strip shows: the piles before the one studied, up to it.
const STRIP_PILES: u64 = 40;

/// Who wins from each pile up to `pile` (`wins`: for the side to move, where known), at most
/// [`STRIP_PILES`] of them ending at `pile`, in lines: the strip of `W` and `L`, the period
/// where `cycle` (its first pile, its length) shows it, and the take that leaves the other
/// side an `L` (`take`, where `pile` is won) or that every take leaves it a `W`; the last line
/// says what to do, or that it is not known.
pub fn outcome_strip(
    wins: impl Fn(u64) -> Option<bool>,
    pile: u64,
    cycle: Option<(u64, u64)>,
    take: Option<u64>,
) -> Vec<String> {
    let first = pile.saturating_sub(STRIP_PILES - 1);
    let letter = |p| match wins(p) {
        Some(true) => 'W',
        Some(false) => 'L',
        None => '?',
    };
    let strip: String = (first..=pile).map(letter).collect();
    let mut lines = vec![
        "Why: who wins from each pile (W or L)".to_string(),
        format!("piles {} to {}: {strip}", group(first), group(pile)),
    ];
    if let Some((start, period)) = cycle.filter(|&(start, period)| pile >= start + period) {
        let like = start + (pile - start) % period;
        lines.push(format!(
            "The strip repeats every {} from pile {}: pile {} is as pile {}, {}.",
            group(period),
            group(start),
            group(pile),
            group(like),
            letter(like)
        ));
    }
    let rule = match (wins(pile), take) {
        (Some(true), Some(take)) => format!(
            "Take {}: it leaves {}, an L for the other side.",
            group(take),
            group(pile - take)
        ),
        (Some(false), _) if pile == 0 => "No coin is left: the last coin was taken.".into(),
        (Some(false), _) => "Every take leaves the other side a W.".into(),
        (Some(true), None) => "Some take leaves the other side an L.".into(),
        (None, _) => format!("Who wins from pile {} is not known yet.", group(pile)),
    };
    lines.push(rule);
    lines
}

/// The most lost pairs [`lost_pairs`] lists.
const LISTED_PAIRS: usize = 8;

/// Two piles as a square of the queen's board and as the position string writes them: `4,5`
/// (no thousands separators, which would read as a third pile).
fn square([x, y]: [u64; 2]) -> String {
    format!("{x},{y}")
}

/// Why two piles from which a move takes any number from one or the same from both are won or
/// lost (Wythoff's game): the lost pairs `(⌊kφ⌋, ⌊kφ⌋+k)` either way round, the first of them
/// up to the piles; that each row, column and diagonal (pile 2 kept, pile 1 kept, their
/// difference kept) holds one, and those in reach; and the move to the nearest (the fewest
/// coins taken), or that the piles are a pair themselves and every move leaves a square off
/// the pairs.
pub fn lost_pairs(piles: [u64; 2]) -> Vec<String> {
    let [x, y] = piles;
    let pairs: Vec<String> = (0..)
        .map(|k| [beatty::lower(k), beatty::upper(k)])
        .take_while(|&[a, _]| a <= x.max(y))
        .take(LISTED_PAIRS + 1)
        .map(square)
        .collect();
    let more = if pairs.len() > LISTED_PAIRS {
        "  …"
    } else {
        ""
    };
    let shown = &pairs[..pairs.len().min(LISTED_PAIRS)];
    let mut lines = vec![
        "Why: lost squares (⌊kφ⌋, ⌊kφ⌋+k), either way:".to_string(),
        format!("{}{more}", shown.join("  ")),
    ];
    if beatty::is_pair(piles) {
        lines.push(format!(
            "One on each row, column and diagonal: {} is a pair (k = {}).",
            square(piles),
            group(x.abs_diff(y))
        ));
        lines.push("Every move leaves a square off the pairs: a win for the other side.".into());
        return lines;
    }
    let mut reached: Vec<[u64; 2]> = beatty::reachable(piles).collect();
    let named: Vec<String> = (reached.iter())
        .map(|&to| {
            let line = match (x - to[0], y - to[1]) {
                (_, 0) => "row",
                (0, _) => "column",
                _ => "diagonal",
            };
            format!("{} ({line})", square(to))
        })
        .collect();
    lines.push(format!(
        "One on each row, column and diagonal; in reach of {}: {}.",
        square(piles),
        named.join(", ")
    ));
    reached.sort_by_key(|&[a, b]| a + b);
    let &to = reached
        .last()
        .expect("a square off the pairs reaches a pair");
    let take = (x - to[0]).max(y - to[1]);
    let from = match (x - to[0], y - to[1]) {
        (_, 0) => "pile 1",
        (0, _) => "pile 2",
        _ => "both piles",
    };
    lines.push(format!(
        "Go to {} ({} from {from}): lost for the other side.",
        square(to),
        group(take)
    ));
    lines
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
                "                ↑ the 1s",
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

    /// The subtraction game {1, 3, 4}: L at piles 0, 2 mod 7.
    #[test]
    fn a_strip_ends_at_the_pile_and_names_its_period_and_take() {
        let wins = |p: u64| Some(!matches!(p % 7, 0 | 2));
        let lines = outcome_strip(wins, 21, Some((0, 7)), None);
        assert_eq!(
            lines,
            [
                "Why: who wins from each pile (W or L)",
                "piles 0 to 21: LWLWWWWLWLWWWWLWLWWWWL",
                "The strip repeats every 7 from pile 0: pile 21 is as pile 0, L.",
                "Every take leaves the other side a W.",
            ]
        );
        let lines = outcome_strip(wins, 101, Some((0, 7)), Some(1));
        assert!(lines[1].starts_with("piles 62 to 101: "), "{lines:?}");
        assert_eq!(lines[1].len(), "piles 62 to 101: ".len() + 40);
        assert_eq!(lines[3], "Take 1: it leaves 100, an L for the other side.");
    }

    #[test]
    fn the_queen_at_4_5_goes_to_3_5_and_at_5_3_loses() {
        assert_eq!(
            lost_pairs([4, 5]),
            [
                "Why: lost squares (⌊kφ⌋, ⌊kφ⌋+k), either way:",
                "0,0  1,2  3,5  4,7",
                "One on each row, column and diagonal; in reach of 4,5: 1,2 (diagonal), 3,5 (row).",
                "Go to 3,5 (1 from pile 1): lost for the other side.",
            ]
        );
        let lost = lost_pairs([5, 3]);
        assert_eq!(
            lost[2],
            "One on each row, column and diagonal: 5,3 is a pair (k = 2)."
        );
        assert!(lost[3].starts_with("Every move"), "{lost:?}");
        let far = lost_pairs([beatty::MAX, 5]);
        assert_eq!(far[1], "0,0  1,2  3,5  4,7  6,10  8,13  9,15  11,18  …");
        assert!(far[3].starts_with("Go to 3,5 ("), "{far:?}");
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
