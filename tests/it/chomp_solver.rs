//! The Chomp outcome table against the brute-force reference and the seed lecture's examples.

use crate::common;

use munch::games::chomp::answer::table_winning_moves;
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::{Position, Square};
use munch::solve::OutcomeTable;
use munch::solve::chomp_table::Tuning;
use proptest::prelude::*;

fn table(rows: u8, cols: u8) -> OutcomeTable {
    OutcomeTable::build(rows, cols, &mut |_, _| true).expect("not cancelled")
}

/// Every non-increasing height vector of a box.
fn all_positions(rows: u8, cols: usize) -> Vec<Vec<u8>> {
    common::every_position(rows.into(), cols)
        .iter()
        .map(|p| p.heights().to_vec())
        .collect()
}

/// The ways the builder can split a box: marking whole blocks of up to 2^21 positions (every
/// box here is one block), lifting down to blocks of 64, and lifting all the way down to
/// single positions; then the last two again with every block split into tasks for two
/// workers (marking or lifting inside the tasks).
const TUNINGS: [(u64, Option<u64>); 5] = [
    (1 << 21, None),
    (64, None),
    (1, None),
    (64, Some(1)),
    (1, Some(1)),
];

#[test]
fn every_way_of_building_agrees_with_brute_force_on_every_box_up_to_7x7() {
    for rows in 1..=7u8 {
        for cols in 1..=7u8 {
            let mut reference = Reference::new();
            let positions = all_positions(rows, cols.into());
            for (mark_block, split_from) in TUNINGS {
                let tuning = Tuning {
                    mark_block,
                    split_from,
                };
                let table = OutcomeTable::build_with(rows, cols, tuning, &mut |_, _| true)
                    .expect("not cancelled");
                let case = format!("{rows}x{cols}, {tuning:?}");
                assert_eq!(positions.len() as u64, table.positions(), "{case}");
                let mut losing = 0;
                for heights in &positions {
                    let wins = reference.wins(heights);
                    assert_eq!(table.wins(heights), Some(wins), "{case}: {heights:?}");
                    assert_eq!(
                        table_winning_moves(&table, heights).unwrap(),
                        reference.winning_moves(heights),
                        "{case}: {heights:?}"
                    );
                    losing += u64::from(!wins);
                }
                assert_eq!(table.losing_positions(), losing, "{case}");
            }
            // The reference's own walk over the box finds as many lost positions.
            let losing = positions.iter().filter(|h| !reference.wins(h)).count() as u64;
            assert_eq!(reference.losing_positions(rows, cols.into()), losing);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn table_agrees_with_brute_force_on_random_8x8_positions(
        mut raw in proptest::collection::vec(0u8..=8, 8)
    ) {
        raw.sort_unstable_by(|a, b| b.cmp(a));
        let table = table(8, 8);
        let mut reference = Reference::new();
        prop_assert_eq!(table.wins(&raw), Some(reference.wins(&raw)));
        prop_assert_eq!(table_winning_moves(&table, &raw).unwrap(), reference.winning_moves(&raw));
    }
}

/// The position a move leaves, as the seed prints it.
fn after(rows: usize, heights: &[usize], square: Square) -> Vec<u8> {
    let position = Position::from_heights(rows, heights.len(), heights).unwrap();
    position.eat(square).unwrap().heights().to_vec()
}

fn continuations(rows: u8, heights: &[usize]) -> Option<Vec<Vec<u8>>> {
    let t = table(rows, heights.len() as u8);
    let h: Vec<u8> = heights.iter().map(|&h| h as u8).collect();
    let moves = table_winning_moves(&t, &h).unwrap();
    if t.wins(&h).unwrap() {
        assert!(!moves.is_empty());
        Some(
            moves
                .iter()
                .map(|&m| after(rows.into(), heights, m))
                .collect(),
        )
    } else {
        assert!(moves.is_empty());
        None
    }
}

#[test]
fn seed_lecture_examples() {
    // >>> win(5,3,[5,5,5],show=True)  prints [5, 5, 3], True
    assert!(
        continuations(5, &[5, 5, 5])
            .unwrap()
            .contains(&vec![5, 5, 3])
    );
    // >>> win(5,3,[5,5,3],show=True)  False
    assert_eq!(continuations(5, &[5, 5, 3]), None);
    // >>> win(5,3,[5,5,2],show=True)  prints [5, 3, 2], True
    assert!(
        continuations(5, &[5, 5, 2])
            .unwrap()
            .contains(&vec![5, 3, 2])
    );
    // >>> win(5,3,[5,5,1],show=True)  prints [2, 2, 1], True
    assert!(
        continuations(5, &[5, 5, 1])
            .unwrap()
            .contains(&vec![2, 2, 1])
    );
    // >>> win(5,5,[5,5,5,5,5],True)  prints [5, 1, 1, 1, 1], True
    assert!(
        continuations(5, &[5; 5])
            .unwrap()
            .contains(&vec![5, 1, 1, 1, 1])
    );
    // >>> win(6,6,[6,1,1,1,1,1],show=True)  False
    assert_eq!(continuations(6, &[6, 1, 1, 1, 1, 1]), None);
    // The run in the lecture: [2,2,1,0] -> [2,2,0,0] -> [2,1,0,0] -> [1,1,0,0] -> [1,0,0,0].
    let t = table(2, 4);
    assert!(
        !t.wins(&[1, 0, 0, 0]).unwrap(),
        "only the poison left: lost"
    );
    assert!(t.wins(&[1, 1, 0, 0]).unwrap());
}

#[test]
fn the_seed_sanity_checks_hold_up_to_12x12() {
    for n in 1..=12u8 {
        let t = table(n, n);
        let mut heights = vec![1u8; n.into()];
        heights[0] = n;
        assert_eq!(t.wins(&heights), Some(false), "[{n},1,...,1] must be lost");
        // Every rectangle with at least two squares is a first-player win (strategy stealing).
        for rows in 1..=n {
            for cols in 1..=n {
                if u32::from(rows) * u32::from(cols) >= 2 {
                    let full = vec![rows; cols.into()];
                    assert_eq!(t.wins(&full), Some(true), "{rows}x{cols}");
                }
            }
        }
    }
}
