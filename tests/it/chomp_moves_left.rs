//! The Chomp moves-left table against the brute-force reference, which follows the definitions.

use crate::common;

use munch::games::chomp::moves_left::study;
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Position;
use munch::games::moves_left::moves_left_from;
use munch::solve::OutcomeTable;
use munch::solve::chomp_table::{BuildError, MoveAnalysis, MovesLeftTable, MovesLeftTuning};
use std::sync::Arc;

fn outcomes(rows: u8, cols: u8) -> Arc<OutcomeTable> {
    Arc::new(OutcomeTable::build(rows, cols, &mut |_, _| true).expect("not cancelled"))
}

/// Every non-increasing height vector of a box.
fn all_positions(rows: u8, cols: usize) -> Vec<Vec<u8>> {
    common::every_position(rows.into(), cols)
        .iter()
        .map(|p| p.heights().to_vec())
        .collect()
}

/// Every legal move of `heights` as the reference sees it, column then row.
fn expected_moves(reference: &mut Reference, heights: &[u8]) -> Vec<MoveAnalysis> {
    let mut moves = Vec::new();
    for c in 0..heights.len() {
        for row in 0..heights[c] {
            let after: Vec<u8> = (0..heights.len())
                .map(|k| {
                    if k < c {
                        heights[k]
                    } else {
                        heights[k].min(row)
                    }
                })
                .collect();
            moves.push(MoveAnalysis {
                col: c as u8,
                row,
                wins: !reference.wins(&after),
                moves_left: reference.moves_left(&after),
                winning_replies: reference.winning_moves(&after).len() as u32,
                after,
            });
        }
    }
    moves
}

/// The ways a build can go: pushing through the whole box (every box here is one push block),
/// lifting down to blocks of 64 positions, lifting all the way down to single positions, each
/// with one-byte cells, and the last two again with two-byte cells.
const TUNINGS: [(u64, bool); 5] = [
    (1 << 21, false),
    (64, false),
    (1, false),
    (64, true),
    (1, true),
];

#[test]
fn every_way_of_building_agrees_with_the_reference_on_every_move_of_every_box_up_to_6x6() {
    for rows in 1..=6u8 {
        for cols in 1..=6u8 {
            let mut reference = Reference::new();
            let positions = all_positions(rows, cols.into());
            let outcomes = outcomes(rows, cols);
            for (push_block, wide) in TUNINGS {
                let tuning = MovesLeftTuning { push_block, wide };
                let table = MovesLeftTable::build_with(outcomes.clone(), tuning, &mut |_, _| true)
                    .expect("not cancelled");
                assert_eq!(table.cell_bytes(), if wide { 2 } else { 1 });
                let case = format!("{rows}x{cols}, {tuning:?}");
                for heights in &positions {
                    let expected = reference.moves_left(heights);
                    assert_eq!(
                        table.moves_left(heights),
                        Some(expected),
                        "{case}: {heights:?}"
                    );
                    let moves = table.moves(heights).expect("in the box");
                    assert_eq!(
                        moves,
                        expected_moves(&mut reference, heights),
                        "{case}: {heights:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_default_build_agrees_with_the_reference_on_every_position_of_10x10() {
    // 10×10 is more than one push block: the default build lifts its biggest blocks.
    let table = MovesLeftTable::build(outcomes(10, 10), &mut |_, _| true).expect("not cancelled");
    let mut reference = Reference::new();
    let mut longest = 0;
    for heights in all_positions(10, 10) {
        let expected = reference.moves_left(&heights);
        assert_eq!(table.moves_left(&heights), Some(expected), "{heights:?}");
        longest = longest.max(expected);
    }
    // A game never lasts longer than the squares of the box.
    assert!(longest > 10 && longest <= 100, "{longest}");
}

#[test]
fn the_lone_poison_is_lost_with_one_move_left_and_eating_it_leaves_the_empty_bar() {
    let table = MovesLeftTable::build(outcomes(3, 4), &mut |_, _| true).expect("not cancelled");
    assert_eq!(table.moves_left(&[0, 0, 0, 0]), Some(0));
    assert_eq!(table.moves_left(&[1, 0, 0, 0]), Some(1));
    assert_eq!(
        table.moves(&[1, 0, 0, 0]),
        Some(vec![MoveAnalysis {
            col: 0,
            row: 0,
            after: vec![0, 0, 0, 0],
            wins: false,
            moves_left: 0,
            winning_replies: 0,
        }])
    );
    // From [2], taking the square above the poison leaves the lone poison: lost, 1 move left.
    let moves = table.moves(&[2, 0, 0, 0]).expect("in the box");
    let best: Vec<_> = moves.iter().filter(|m| m.wins).collect();
    assert_eq!(best.len(), 1, "{moves:?}");
    assert_eq!((best[0].col, best[0].row, best[0].moves_left), (0, 1, 1));
    assert_eq!(best[0].winning_replies, 0);
    assert_eq!(table.moves_left(&[2, 0, 0, 0]), Some(2));
    // The L of three squares is lost: both squares beside the poison leave 2 moves left.
    assert_eq!(table.moves_left(&[2, 1, 0, 0]), Some(3));
    assert_eq!(table.moves_left(&[3, 0, 0, 0, 0]), Some(2));
    assert_eq!(table.moves_left(&[4, 0, 0, 0, 0]), None);
    assert_eq!(table.moves(&[3, 3, 3, 3, 1]), None);
}

#[test]
fn boxes_with_no_square_hold_only_the_empty_bar() {
    for (rows, cols) in [(0, 0), (3, 0), (0, 3)] {
        let table =
            MovesLeftTable::build(outcomes(rows, cols), &mut |_, _| true).expect("not cancelled");
        assert_eq!(table.moves_left(&vec![0; usize::from(cols)]), Some(0));
        assert_eq!(table.moves(&vec![0; usize::from(cols)]), Some(vec![]));
    }
}

#[test]
fn cancelling_stops_the_build_and_progress_only_goes_forward() {
    let outcomes = outcomes(12, 12);
    let mut reported = Vec::new();
    let result = MovesLeftTable::build(outcomes.clone(), &mut |done, total| {
        reported.push((done, total));
        reported.len() < 3
    });
    assert_eq!(result.err(), Some(BuildError::Cancelled));
    assert_eq!(reported.len(), 3);

    let mut reported = Vec::new();
    let table = MovesLeftTable::build(outcomes, &mut |done, total| {
        reported.push((done, total));
        true
    })
    .expect("not cancelled");
    // The steps: every position solved, and the cells filled first (more than the positions).
    let total = reported[0].1;
    assert!(total > table.outcomes().positions(), "{total}");
    assert!(reported.len() > 2, "{reported:?}");
    assert!(
        reported.windows(2).all(|w| w[0].0 <= w[1].0),
        "{reported:?}"
    );
    assert!(reported.iter().all(|&(done, t)| done <= t && t == total));
    assert_eq!(reported.last(), Some(&(total, total)));
}

#[test]
fn progress_moves_from_the_first_report_while_the_build_fills_its_cells() {
    // A 12×12 build fills about five million cells before it solves its first position: every
    // report of that stretch said 0 done, and the gauge stood still (3 s on 16×16).
    let mut reported = Vec::new();
    MovesLeftTable::build(outcomes(12, 12), &mut |done, total| {
        reported.push((done, total));
        true
    })
    .expect("not cancelled");
    assert!(reported.len() > 10, "{reported:?}");
    assert!(reported[0].0 > 0, "the first report counts cells filled");
    // Until the end, which the last few reports may all say.
    let total = reported[0].1;
    let before_the_end: Vec<(u64, u64)> = reported
        .iter()
        .copied()
        .filter(|&(done, _)| done < total)
        .collect();
    let longest_still = before_the_end
        .chunk_by(|a, b| a.0 == b.0)
        .map(<[(u64, u64)]>::len)
        .max();
    assert!(
        longest_still <= Some(2),
        "the same count at most twice in a row: {reported:?}"
    );
}

#[test]
fn the_bytes_needed_are_said_up_front_and_are_what_the_build_holds() {
    for n in [4u8, 10, 12] {
        let outcomes = outcomes(n, n);
        let positions = outcomes.positions();
        let table = MovesLeftTable::build(outcomes, &mut |_, _| true).expect("not cancelled");
        let bytes = MovesLeftTable::bytes_for(n, n);
        assert_eq!(table.table_bytes(), bytes, "{n}x{n}");
        assert_eq!(table.cell_bytes(), 1);
        // A byte per position, and the lifts' buffers: never more than as much again.
        assert!(
            bytes >= positions && bytes <= 2 * positions,
            "{n}x{n}: {bytes}"
        );
    }
    // 16×16 (601 M positions) keeps one byte each, within the default 2 GiB with its buffers.
    let positions = OutcomeTable::positions_in(16, 16).expect("fits");
    let bytes = MovesLeftTable::bytes_for(16, 16);
    assert!(bytes < 2 * positions, "{bytes}");
    assert!(bytes + OutcomeTable::bytes_for(16, 16) < 2 << 30, "{bytes}");
    // Games of more than 509 moves need two bytes a position.
    let positions = OutcomeTable::positions_in(23, 23).expect("fits");
    assert!(MovesLeftTable::bytes_for(23, 23) >= 2 * positions);
}

#[test]
fn the_study_of_every_position_of_every_box_up_to_6x6_agrees_with_the_reference() {
    for rows in 1..=6u8 {
        for cols in 1..=6u8 {
            let mut reference = Reference::new();
            let outcomes = outcomes(rows, cols);
            let table =
                MovesLeftTable::build(outcomes.clone(), &mut |_, _| true).expect("not cancelled");
            for position in common::every_position(rows.into(), cols.into()) {
                let heights = position.heights();
                let case = format!("{rows}x{cols}: {heights:?}");
                let studied = study(&outcomes, Some(&table), &position).expect("in the box");
                assert_eq!(studied.wins, reference.wins(heights), "{case}");
                assert_eq!(
                    studied.moves_left,
                    Some(u64::from(reference.moves_left(heights))),
                    "{case}"
                );
                assert_eq!(
                    studied.moves_left,
                    moves_left_from(&studied.moves),
                    "{case}"
                );
                assert!(studied.complete(), "{case}");
                let expected: Vec<(u8, u8, bool, Option<u64>, usize)> =
                    expected_moves(&mut reference, heights)
                        .into_iter()
                        .map(|m| {
                            (
                                m.col,
                                m.row,
                                m.wins,
                                Some(u64::from(m.moves_left)),
                                m.winning_replies as usize,
                            )
                        })
                        .collect();
                let found: Vec<(u8, u8, bool, Option<u64>, usize)> = studied
                    .moves
                    .iter()
                    .map(|m| (m.mv.col, m.mv.row, m.wins, m.moves_left, m.winning_replies))
                    .collect();
                assert_eq!(found, expected, "{case}");
                // Without the moves-left table: the same outcomes and replies, no lengths.
                let plain = study(&outcomes, None, &position).expect("in the box");
                assert_eq!(plain.moves_left, None, "{case}");
                assert!(
                    plain
                        .moves
                        .iter()
                        .zip(&studied.moves)
                        .all(|(p, s)| p.moves_left.is_none()
                            && (p.mv, p.wins, p.winning_replies)
                                == (s.mv, s.wins, s.winning_replies)),
                    "{case}"
                );
            }
        }
    }
}

#[test]
fn the_study_needs_a_table_that_covers_the_position() {
    let outcomes = outcomes(3, 3);
    let table = MovesLeftTable::build(outcomes.clone(), &mut |_, _| true).expect("not cancelled");
    let taller = Position::full(4, 3).expect("a box");
    assert!(study(&outcomes, Some(&table), &taller).is_none());
    // A smaller moves-left table leaves the lengths it cannot reach unknown.
    let small = MovesLeftTable::build(self::outcomes(2, 3), &mut |_, _| true).expect("built");
    let position = Position::from_heights(3, 3, &[3, 1, 0]).expect("a position");
    let studied = study(&outcomes, Some(&small), &position).expect("the outcomes cover it");
    assert_eq!(studied.moves_left, None);
    assert!(!studied.complete());
    // Eating a3 leaves [2,1,0], which the smaller table does cover.
    let a3 = studied
        .moves
        .iter()
        .find(|m| m.mv.to_string() == "a3")
        .expect("a3 is a move");
    assert_eq!(a3.moves_left, small.moves_left(&[2, 1, 0]).map(u64::from));
    assert!(a3.moves_left.is_some());
}
