//! The computer player's contract, checked against the brute-force reference.

use crate::common::{Harness, every_position};
use munch::games::chomp::answer::table_winning_moves;
use munch::games::chomp::player::{fighting_chomp_move, quick_chomp_move, search_chomp_move};
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::{Position, Square};
use munch::settings::Player::Computer;
use munch::solve::{MovesLeftTable, OutcomeTable};
use proptest::prelude::*;
use std::sync::Arc;

#[test]
fn wins_whenever_it_can_and_otherwise_leaves_the_fewest_winning_replies() {
    let mut rng = fastrand::Rng::with_seed(1);
    for (rows, cols) in [(4, 5), (5, 4), (5, 5), (3, 7)] {
        let table = OutcomeTable::build(rows as u8, cols as u8, &mut |_, _| true).unwrap();
        let mut reference = Reference::new();
        for position in every_position(rows, cols) {
            // A move is proven where the quick move finds one (elsewhere the game searches).
            let choice = quick_chomp_move(Some(&table), &position, &mut rng);
            if position.is_empty() {
                assert_eq!(choice, None);
                continue;
            }
            let Some(square) = choice else {
                panic!("{position}: a table-backed move must be proven: {choice:?}");
            };
            let after = position.eat(square).expect("a legal move");
            if position.only_poison_left() {
                assert_eq!(square, Square::POISON);
            } else if reference.wins(position.heights()) {
                assert!(
                    !reference.wins(after.heights()),
                    "{position}: {square} does not win"
                );
            } else {
                assert!(
                    !square.is_poison(),
                    "{position}: ate the poison with squares left"
                );
                let mut replies = |p: &Position| reference.winning_moves(p.heights()).len();
                let fewest = position
                    .moves()
                    .filter(|s| !s.is_poison())
                    .map(|s| position.eat(s).unwrap())
                    .map(|p| replies(&p))
                    .min()
                    .unwrap();
                assert_eq!(replies(&after), fewest, "{position}: {square}");
            }
        }
    }
}

/// Plays a whole game: the person (first) plays perfectly but for one wrong move at
/// `mistake_at`, then at random; the computer replies from the table. Returns the loser and
/// whether the mistake was made (a short game can end first).
fn game_with_one_mistake(rows: u8, cols: u8, mistake_at: usize, seed: u64) -> (usize, bool) {
    let mut mistaken = false;
    let table = OutcomeTable::build(rows, cols, &mut |_, _| true).unwrap();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut position = Position::full(rows.into(), cols.into()).unwrap();
    let mut turn = 0;
    loop {
        let square = if turn % 2 == 1 {
            quick_chomp_move(Some(&table), &position, &mut rng).expect("the table proves a move")
        } else {
            let winning = table_winning_moves(&table, position.heights()).unwrap();
            let wrong: Vec<Square> = position
                .moves()
                .filter(|s| !winning.contains(s) && (!s.is_poison() || position.only_poison_left()))
                .collect();
            if turn / 2 >= mistake_at || winning.is_empty() {
                if wrong.is_empty() {
                    winning[0]
                } else {
                    mistaken |= !winning.is_empty();
                    wrong[rng.usize(..wrong.len())]
                }
            } else {
                winning[rng.usize(..winning.len())]
            }
        };
        position = position.eat(square).unwrap();
        if position.is_empty() {
            return (turn % 2, mistaken);
        }
        turn += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn one_wrong_move_is_enough_for_the_computer(
        rows in 2u8..=7, cols in 2u8..=7, mistake_at in 0usize..6, seed in any::<u64>()
    ) {
        let (loser, mistaken) = game_with_one_mistake(rows, cols, mistake_at, seed);
        // Every rectangle is a first-player win: without the mistake the person wins.
        prop_assert_eq!(loser, usize::from(!mistaken));
    }
}

#[test]
fn a_perfect_person_beats_the_computer_on_a_rectangle() {
    // The other side of the contract: the mistake never comes, so the first player wins.
    assert_eq!(game_with_one_mistake(5, 6, usize::MAX, 9), (1, false));
}

#[test]
fn without_a_table_proven_moves_are_right_and_the_poison_waits() {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut reference = Reference::new();
    let mut proven = 0;
    for (rows, cols) in [(3, 4), (2, 7), (6, 2), (5, 5), (4, 6)] {
        for position in every_position(rows, cols) {
            if position.is_empty() {
                continue;
            }
            // The game's choice: the quick move where something proves one, else the search's.
            let choice = quick_chomp_move(None, &position, &mut rng)
                .map_or_else(|| search_chomp_move(&position, &mut rng), |s| (s, true));
            let (square, is_proven) = choice;
            if position.only_poison_left() {
                assert_eq!(choice, (Square::POISON, true));
                continue;
            }
            assert!(
                !square.is_poison(),
                "{position}: ate the poison with squares left"
            );
            if is_proven {
                proven += 1;
                let after = position.eat(square).unwrap();
                if reference.wins(position.heights()) {
                    assert!(
                        !reference.wins(after.heights()),
                        "{position}: {square} does not win"
                    );
                }
            }
        }
    }
    assert!(
        proven > 100,
        "closed forms and the book prove many moves: {proven}"
    );
}

/// Checks the computer's move `square` from `position` at level perfect against the reference:
/// from a won position a winning move with the fewest moves left; from a lost one a move (not
/// the poison, while anything else is left) leaving the fewest winning replies and, among
/// those, the most moves left.
fn assert_fights(reference: &mut Reference, position: &Position, square: Square) {
    let after = position.eat(square).expect("a legal move");
    if position.only_poison_left() {
        assert_eq!(square, Square::POISON);
        return;
    }
    assert!(!square.is_poison(), "{position}: ate the poison");
    let children: Vec<Position> = position
        .moves()
        .filter(|s| !s.is_poison())
        .map(|s| position.eat(s).expect("a legal move"))
        .collect();
    if reference.wins(position.heights()) {
        assert!(
            !reference.wins(after.heights()),
            "{position}: {square} does not win"
        );
        let mut fastest = u32::MAX;
        for child in &children {
            if !reference.wins(child.heights()) {
                fastest = fastest.min(reference.moves_left(child.heights()));
            }
        }
        assert_eq!(
            reference.moves_left(after.heights()),
            fastest,
            "{position}: {square} is a slower win than the fastest"
        );
    } else {
        let replies: Vec<usize> = children
            .iter()
            .map(|c| reference.winning_moves(c.heights()).len())
            .collect();
        let fewest = *replies.iter().min().expect("a move besides the poison");
        assert_eq!(
            reference.winning_moves(after.heights()).len(),
            fewest,
            "{position}: {square} leaves more winning replies than the fewest"
        );
        let longest = children
            .iter()
            .zip(&replies)
            .filter(|&(_, &r)| r == fewest)
            .map(|(c, _)| reference.moves_left(c.heights()))
            .max()
            .expect("some move leaves the fewest");
        assert_eq!(
            reference.moves_left(after.heights()),
            longest,
            "{position}: {square} is a shorter defence than the longest among the fewest-reply moves"
        );
    }
}

#[test]
fn at_level_perfect_it_wins_as_fast_as_it_can_and_defends_as_long_as_it_can() {
    let mut rng = fastrand::Rng::with_seed(3);
    let mut checked = 0;
    for rows in 1..=6u8 {
        for cols in 1..=6u8 {
            let outcomes =
                Arc::new(OutcomeTable::build(rows, cols, &mut |_, _| true).expect("built"));
            let table =
                MovesLeftTable::build(Arc::clone(&outcomes), &mut |_, _| true).expect("built");
            let mut reference = Reference::new();
            for position in every_position(rows.into(), cols.into()) {
                let choice = fighting_chomp_move(&outcomes, &table, &position, &mut rng);
                if position.is_empty() {
                    assert_eq!(choice, None);
                    continue;
                }
                let square = choice.expect("the tables cover every position of their box");
                assert_fights(&mut reference, &position, square);
                checked += 1;
            }
        }
    }
    assert!(
        checked > 3000,
        "every non-empty position of 36 boxes: {checked}"
    );
    // A table that does not cover the position leaves the choice to the usual player.
    let outcomes = Arc::new(OutcomeTable::build(3, 3, &mut |_, _| true).expect("built"));
    let small = MovesLeftTable::build(
        Arc::new(OutcomeTable::build(2, 3, &mut |_, _| true).expect("built")),
        &mut |_, _| true,
    )
    .expect("built");
    let full = Position::full(3, 3).expect("a box");
    assert_eq!(
        fighting_chomp_move(&outcomes, &small, &full, &mut rng),
        None
    );
}

#[test]
fn two_perfect_computers_play_each_game_for_exactly_its_moves_left() {
    // Through the session and the app, the solver's tables delivered as the worker sends them:
    // every move fights, so the game lasts exactly the full box's moves left.
    let mut reference = Reference::new();
    for (rows, cols, seed) in [
        (4, 5, 1),
        (5, 5, 2),
        (3, 7, 3),
        (6, 4, 4),
        (6, 6, 5),
        (2, 9, 6),
    ] {
        let mut h = Harness::with_budget(munch::memory::default_memory(), seed);
        h.start(rows, cols, [Computer, Computer]);
        h.wait_for_solver();
        assert!(
            h.game().rules.moves_left().is_some(),
            "{rows}x{cols}: the moves-left table is ready"
        );
        let mut position = Position::full(rows.into(), cols.into()).expect("a box");
        let mut checked = 0;
        while !h.game().is_over() {
            h.computer_moves();
            for &square in &h.game().turns.moves[checked..] {
                assert_fights(&mut reference, &position, square);
                position = position.eat(square).expect("a legal move");
                checked += 1;
            }
        }
        let full = vec![rows; usize::from(cols)];
        assert_eq!(
            u32::try_from(checked).expect("a short game"),
            reference.moves_left(&full),
            "{rows}x{cols}"
        );
        assert_eq!(
            h.game().loser(),
            Some(1),
            "the first player wins a rectangle"
        );
    }
}
