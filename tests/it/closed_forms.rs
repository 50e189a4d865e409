//! Closed forms and the opening book agree with the outcome table wherever both apply, and
//! losing-position counts agree with the brute force.

use crate::common::every_position;
use munch::games::chomp::answer::{ChompAnswer, Source, table_winning_moves};
use munch::games::chomp::book;
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Position;
use munch::games::chomp::theory::{self, Family};
use munch::solve::OutcomeTable;
use munch::solve::chomp_table::Tuning;

#[test]
fn closed_forms_agree_with_the_table_wherever_both_apply() {
    let mut seen = std::collections::HashSet::new();
    for (rows, cols) in [(7, 7), (2, 12), (12, 2), (10, 10)] {
        let table = OutcomeTable::build(rows, cols, &mut |_, _| true).unwrap();
        for position in every_position(rows.into(), cols.into()) {
            let Some(answer) = theory::solve(&position) else {
                assert!(!position.is_empty() || theory::lost(position.heights()) == Some(false));
                continue;
            };
            seen.insert(answer.family);
            let heights = position.heights();
            assert_eq!(
                Some(answer.wins),
                table.wins(heights),
                "{position} ({:?})",
                answer.family
            );
            let all = table_winning_moves(&table, heights).unwrap();
            if answer.complete {
                assert_eq!(
                    answer.winning_moves, all,
                    "{position} ({:?})",
                    answer.family
                );
                assert_eq!(theory::lost(heights), Some(!answer.wins));
            } else {
                assert!(
                    answer.winning_moves.iter().all(|m| all.contains(m)),
                    "{position}"
                );
            }
        }
    }
    for family in [
        Family::OneRow,
        Family::OneColumn,
        Family::TwoRows,
        Family::TwoColumns,
        Family::LShape,
        Family::Square,
    ] {
        assert!(seen.contains(&family), "{family:?} was never checked");
    }
}

#[test]
fn the_opening_book_parses_whole_and_covers_every_rectangle_up_to_20() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/opening_book.txt"
    ))
    .unwrap();
    let parsed = book::parse(&text).expect("every line parses");
    assert_eq!(parsed.len(), book::entries().count());
    assert_eq!(parsed.len(), 400);
    for rows in 1..=20 {
        for cols in 1..=20 {
            assert!(
                book::winning_first_moves(rows, cols).is_some(),
                "{rows}x{cols} missing"
            );
        }
    }
}

#[test]
fn the_opening_book_agrees_with_the_table_up_to_16x16() {
    let table = OutcomeTable::build(16, 16, &mut |_, _| true).unwrap();
    for ((rows, cols), moves) in book::entries().filter(|((r, c), _)| *r <= 16 && *c <= 16) {
        let mut heights = vec![0u8; 16];
        heights[..usize::from(cols)].fill(rows);
        assert_eq!(
            table_winning_moves(&table, &heights).unwrap(),
            moves,
            "{rows}x{cols}"
        );
    }
}

#[test]
fn answers_without_a_table_say_where_they_come_from() {
    let rectangle = Position::full(19, 13).unwrap();
    let answer = ChompAnswer::without_table(&rectangle).unwrap();
    assert_eq!(answer.source, Source::Book);
    assert!(answer.complete && answer.wins);
    let square = Position::full(26, 26).unwrap();
    let answer = ChompAnswer::without_table(&square).unwrap();
    assert_eq!(answer.source, Source::Theory(Family::Square));
    assert!(!answer.complete);
    // Past the book, a full rectangle is won by strategy stealing, no winning move proven.
    let past = ChompAnswer::without_table(&Position::full(25, 26).unwrap()).unwrap();
    assert_eq!(past.source, Source::StrategyStealing);
    assert!(past.wins && past.winning_moves.is_empty() && !past.complete);
}

#[test]
fn losing_counts_of_square_boxes_match_the_brute_force_up_to_12() {
    let mut reference = Reference::new();
    for n in 1..=12u8 {
        let losing = reference.losing_positions(n, n.into());
        // Marking blocks of 2^16 positions, lifting down to blocks of 64, and lifting all the
        // way; alone, and with blocks of 2^12 positions or more split into tasks.
        for mark_block in [1 << 16, 64, 1] {
            for split_from in [None, Some(1 << 12)] {
                let tuning = Tuning {
                    mark_block,
                    split_from,
                };
                let table = OutcomeTable::build_with(n, n, tuning, &mut |_, _| true).unwrap();
                assert_eq!(table.losing_positions(), losing, "{n}x{n}, {tuning:?}");
            }
        }
    }
}
