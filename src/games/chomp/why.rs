//! Why a Chomp bar no closed form answers is won or lost, where the outcome table covers it:
//! that the table proves it, the bars the winning moves leave drawn small side by side (each
//! lost for the other side), or, for a lost bar, that every move leaves a bar the other side
//! wins, and how the longest defence is answered. A closed form's rule is [`super::theory::why`].

use super::rules::{Position, Square};
use crate::games::moves_left::PositionAnalysis;
use crate::theme::{CHOCOLATE, POISON};
use std::cmp::Reverse;

/// The most bars drawn side by side.
const DRAWN_BARS: usize = 3;

/// The columns between two bars drawn side by side.
const GAP: usize = 3;

/// Why `at` is won or lost by its `analysis` (the outcome table's, every move's outcome and,
/// where known, moves left): the bars the winning moves leave, then the move to make; or, for
/// a lost bar, how its longest defence is answered (`reply`: the winning reply the tables
/// give to the bar a move leaves), then that every move loses. The last line names the move,
/// or says there is none.
pub fn table_why(
    at: &Position,
    analysis: &PositionAnalysis<Square>,
    reply: impl Fn(&Position) -> Option<Square>,
) -> Vec<String> {
    let winning: Vec<Square> = (analysis.moves.iter())
        .filter(|m| m.wins)
        .map(|m| m.mv)
        .collect();
    if winning.is_empty() {
        let mut lines = vec!["Why: the table of every bar proves it".to_string()];
        // The Study's best defence: the longest, then the fewest winning replies.
        let longest = (analysis.moves.iter())
            .filter(|m| m.moves_left.is_some())
            .min_by_key(|m| (Reverse(m.moves_left), m.winning_replies));
        if let Some(longest) = longest
            && let Some(after) = at.eat(longest.mv)
            && let Some(answer) = reply(&after)
        {
            lines.push(format!(
                "Against the longest defence, {}, the other side answers {answer}.",
                longest.mv
            ));
        }
        lines.push("Every move leaves the other side a bar it wins.".into());
        return lines;
    }
    let mut lines = vec!["Why: the table of every bar proves it; what wins leaves".to_string()];
    let bars: Vec<(String, Vec<u8>)> = (winning.iter().take(DRAWN_BARS))
        .filter_map(|&square| {
            let after = at.eat(square)?;
            Some((format!("after {square}"), after.heights().to_vec()))
        })
        .collect();
    lines.extend(side_by_side(&bars));
    let named: Vec<String> = (winning.iter().take(DRAWN_BARS))
        .map(ToString::to_string)
        .collect();
    lines.push(match &named[..] {
        [one] => format!("Eat {one}: it leaves a bar lost for the other side."),
        [first @ .., last] => {
            let more = winning.len() > DRAWN_BARS;
            let (or, another) = if more {
                (", ", " or another")
            } else {
                (" or ", "")
            };
            format!(
                "Eat {}{or}{last}{another}: each leaves a bar lost for the other side.",
                first.join(", ")
            )
        }
        [] => unreachable!("a won bar has a winning move"),
    });
    lines
}

/// Bars drawn small side by side under their labels, a square a character (the poison `☠`),
/// their bottoms on one line.
pub fn side_by_side(bars: &[(String, Vec<u8>)]) -> Vec<String> {
    let width = |(label, heights): &(String, Vec<u8>)| {
        let columns = heights.iter().take_while(|&&h| h > 0).count();
        label.chars().count().max(columns)
    };
    let tallest = (bars.iter())
        .flat_map(|(_, heights)| heights.iter().copied())
        .max()
        .unwrap_or(0);
    let gap = " ".repeat(GAP);
    let pad = |text: String, bar: &(String, Vec<u8>)| {
        let room = width(bar) - text.chars().count();
        format!("{text}{}", " ".repeat(room))
    };
    let mut lines = vec![
        (bars.iter())
            .map(|bar| pad(bar.0.clone(), bar))
            .collect::<Vec<_>>()
            .join(&gap),
    ];
    for row in (0..tallest).rev() {
        let line: Vec<String> = (bars.iter())
            .map(|bar| {
                let squares: String = (bar.1.iter().enumerate())
                    .take_while(|&(_, &h)| h > 0)
                    .map(|(col, &h)| match (col, row) {
                        _ if h <= row => ' ',
                        (0, 0) => POISON,
                        _ => CHOCOLATE,
                    })
                    .collect();
                pad(squares, bar)
            })
            .collect();
        lines.push(line.join(&gap));
    }
    lines
        .iter()
        .map(|line| line.trim_end().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_stand_side_by_side_on_one_bottom_line() {
        let bars = [
            ("after d4".to_string(), vec![3, 2, 1]),
            ("after a2".to_string(), vec![1, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
        ];
        assert_eq!(
            side_by_side(&bars),
            ["after d4   after a2", "▒", "▒▒", "☠▒▒        ☠▒▒▒▒▒▒▒▒▒",]
        );
    }
}
