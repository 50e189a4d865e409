//! Chomp's one answer function, [`ChompAnswer::of`]: the table when it covers the position,
//! else a closed form, else the opening book, else what those two prove one move on. The
//! computer, the hints, the review, the Study and `munch solve chomp` all ask it.

use crate::games::chomp::book;
use crate::games::chomp::rules::{Position, Square};
use crate::games::chomp::theory::{self, Family};
use crate::solve::chomp_table::OutcomeTable;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Where an answer about a Chomp position came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Table,
    Theory(Family),
    Book,
    /// Nothing answers the position itself, but a closed form or the book answers the
    /// positions its moves leave: one of them is lost (a winning move), or every one is won.
    OneMoveOn,
    /// Strategy stealing: a full rectangle of two squares or more is won (were every first
    /// move losing, eating the top right square would be too, and the answer to it a winning
    /// first move), but that proves no winning move.
    StrategyStealing,
}

impl Source {
    /// What answered, for `munch solve`'s text ("answered by …"); `None` for the table.
    pub fn proved_by(self) -> Option<String> {
        match self {
            Source::Table => None,
            Source::Theory(family) => Some(format!("the closed form for a {}", family.name())),
            Source::Book => Some("the opening book".to_string()),
            Source::OneMoveOn => Some(
                "what the closed forms and the opening book prove of the positions its moves leave"
                    .to_string(),
            ),
            Source::StrategyStealing => Some(
                "strategy stealing: a full rectangle is won, but no winning move is proven"
                    .to_string(),
            ),
        }
    }

    /// What answered, for the Study's panel: "By the opening book", "By a closed form",
    /// "Proven one move on".
    pub fn words(self) -> &'static str {
        match self {
            Source::Table => "By the table",
            Source::Theory(_) => "By a closed form",
            Source::Book => "By the opening book",
            Source::OneMoveOn => "Proven one move on",
            Source::StrategyStealing => "By strategy stealing; no winning move is proven",
        }
    }
}

/// Who wins a Chomp position, and with which moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChompAnswer {
    pub wins: bool,
    /// Winning moves, column by column from the poison, rows upward.
    pub winning_moves: Vec<Square>,
    /// Whether `winning_moves` is proven to hold every winning move.
    pub complete: bool,
    pub source: Source,
}

impl ChompAnswer {
    /// The answer for a Chomp position, the one the computer, the hints, the review, the Study
    /// and `munch solve` all use: from `table` when it covers the position, otherwise from a
    /// closed form or the opening book, on the position or one move on
    /// ([`ChompAnswer::without_table`]). All are proofs, so they never disagree on who wins.
    /// `None` if nothing proves the outcome (the computer then searches for an unproven move:
    /// see `player::search_chomp_move`).
    pub fn of(table: Option<&OutcomeTable>, position: &Position) -> Option<ChompAnswer> {
        match table.filter(|t| t.covers(position.heights())) {
            Some(table) => ChompAnswer::from_table(table, position),
            None => ChompAnswer::without_table(position),
        }
    }

    /// The table's answer, if the position fits its box.
    pub fn from_table(table: &OutcomeTable, position: &Position) -> Option<ChompAnswer> {
        let heights = position.heights();
        Some(ChompAnswer {
            wins: table.wins(heights)?,
            winning_moves: table_winning_moves(table, heights)?,
            complete: true,
            source: Source::Table,
        })
    }

    /// The answer without a table: what the closed forms and the opening book prove of the
    /// position itself ([`ChompAnswer::direct`]), else of the positions its moves leave
    /// ([`ChompAnswer::one_move_on`]). `None` if neither proves the outcome. Instant: at most
    /// the closed forms and the book once for each legal move.
    pub fn without_table(position: &Position) -> Option<ChompAnswer> {
        ChompAnswer::without_table_within(position, SMALL_TABLE_POSITIONS)
    }

    /// [`ChompAnswer::without_table`], building tables of at most `small` positions for the
    /// positions its moves leave.
    fn without_table_within(position: &Position, small: u64) -> Option<ChompAnswer> {
        match ChompAnswer::direct(position) {
            // Won, but no winning move proven (strategy stealing, a first move the book leaves
            // out): one move on may name some.
            Some(won) if won.wins && won.winning_moves.is_empty() => Some(
                ChompAnswer::one_move_on_within(position, small)
                    .filter(|a| a.wins)
                    .unwrap_or(won),
            ),
            Some(answer) => Some(answer),
            None => ChompAnswer::one_move_on_within(position, small),
        }
    }

    /// What is proven of `after`, which a move on `position` leaves, instantly: as
    /// [`ChompAnswer::direct`], and where `position`'s own box is too big for a table built
    /// on the spot, `after`'s box's table when that holds at most [`SMALL_TABLE_POSITIONS`]
    /// (built where it is asked, once, and kept). A position whose own box is that small gets
    /// its table from the solver thread (the game's and the Study's request), so its moves are
    /// judged by that.
    pub fn after_move(position: &Position, after: &Position) -> Option<ChompAnswer> {
        ChompAnswer::after_move_within(position, after, SMALL_TABLE_POSITIONS)
    }

    /// [`ChompAnswer::after_move`], building tables of at most `small` positions.
    fn after_move_within(position: &Position, after: &Position, small: u64) -> Option<ChompAnswer> {
        let (rows, cols) = position.bounding_box();
        let big = OutcomeTable::positions_in(rows, cols).is_none_or(|n| n > small);
        ChompAnswer::direct_within(after, if big { small } else { 0 })
    }

    /// What proves the outcome one move on, where nothing answers the position itself: the
    /// position is won when a move leaves a position the closed forms or the book
    /// ([`ChompAnswer::direct`]) prove lost, and its winning moves are those moves, all of them
    /// when every move's result is proven; it is lost when every move leaves a position they
    /// prove won (eating the poison loses at once). `None` when neither holds, and on the empty
    /// bar.
    pub fn one_move_on(position: &Position) -> Option<ChompAnswer> {
        ChompAnswer::one_move_on_within(position, SMALL_TABLE_POSITIONS)
    }

    /// [`ChompAnswer::one_move_on`], building tables of at most `small` positions.
    fn one_move_on_within(position: &Position, small: u64) -> Option<ChompAnswer> {
        if position.is_empty() {
            return None;
        }
        let mut winning_moves = Vec::new();
        let mut every_move_proven = true;
        for square in position.moves() {
            let after = position.eat(square).expect("a legal move");
            // The poison eaten leaves the empty bar, which the player to move has won.
            let lost_after = if after.is_empty() {
                Some(false)
            } else {
                ChompAnswer::after_move_within(position, &after, small).map(|a| !a.wins)
            };
            match lost_after {
                Some(true) => winning_moves.push(square),
                Some(false) => {}
                None => every_move_proven = false,
            }
        }
        if winning_moves.is_empty() && !every_move_proven {
            return None;
        }
        Some(ChompAnswer {
            wins: !winning_moves.is_empty(),
            winning_moves,
            complete: every_move_proven,
            source: Source::OneMoveOn,
        })
    }

    /// What is proven of the position itself, instantly: a closed form that lists every winning
    /// move; the opening book, on a rectangle or on what one of a rectangle's first moves
    /// leaves; the square bar's `b2`; strategy stealing on any other full rectangle. `None` if
    /// none of them applies.
    pub fn direct(position: &Position) -> Option<ChompAnswer> {
        ChompAnswer::direct_within(position, 0)
    }

    /// [`ChompAnswer::direct`], and before the book the outcome table of the position's
    /// trimmed box when that holds at most `small` positions.
    fn direct_within(position: &Position, small: u64) -> Option<ChompAnswer> {
        let theory = theory::solve(position);
        if let Some(answer) = theory.as_ref().filter(|a| a.complete) {
            return Some(ChompAnswer {
                wins: answer.wins,
                winning_moves: answer.winning_moves.clone(),
                complete: true,
                source: Source::Theory(answer.family),
            });
        }
        let (rows, cols) = position.bounding_box();
        if let Some(table) = small_table(rows, cols, small) {
            return ChompAnswer::from_table(&table, position);
        }
        let heights = &position.heights()[..usize::from(cols)];
        let rectangle = heights.iter().all(|&h| h == rows);
        if let Some(moves) = book::winning_first_moves(rows, cols).filter(|_| rectangle) {
            return Some(ChompAnswer {
                wins: !moves.is_empty(),
                winning_moves: moves.to_vec(),
                complete: true,
                source: Source::Book,
            });
        }
        if let Some(answer) = book_first_move(heights) {
            return Some(answer);
        }
        if let Some(answer) = theory {
            return Some(ChompAnswer {
                wins: answer.wins,
                winning_moves: answer.winning_moves,
                complete: answer.complete,
                source: Source::Theory(answer.family),
            });
        }
        (rectangle && u16::from(rows) * u16::from(cols) >= 2).then(|| ChompAnswer {
            wins: true,
            winning_moves: Vec::new(),
            complete: false,
            source: Source::StrategyStealing,
        })
    }
}

/// The most positions a box's outcome table may hold to be built where an answer is asked,
/// even on the interface's thread: a release build solves 10×10 (184,756 positions) in a
/// third of a millisecond, so this many take a few microseconds (see `small_tables_are_instant`).
pub const SMALL_TABLE_POSITIONS: u64 = 10_000;

/// The outcome table of the `rows` × `cols` box when it holds at most `small` positions, built
/// on first use and kept (every such table together holds well under a megabyte).
fn small_table(rows: u8, cols: u8, small: u64) -> Option<Arc<OutcomeTable>> {
    type Kept = Mutex<FxHashMap<(u8, u8), Arc<OutcomeTable>>>;
    static KEPT: OnceLock<Kept> = OnceLock::new();
    if rows == 0 || OutcomeTable::positions_in(rows, cols)? > small {
        return None;
    }
    let mut kept = KEPT
        .get_or_init(Kept::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(table) = kept.get(&(rows, cols)) {
        return Some(Arc::clone(table));
    }
    let table = Arc::new(OutcomeTable::build(rows, cols, &mut |_, _| true).ok()?);
    kept.insert((rows, cols), Arc::clone(&table));
    Some(table)
}

/// What the opening book proves of what one first move leaves on a rectangle it covers
/// (`heights` trimmed to the box): lost when the book lists the move, won (no winning move
/// proven) when it does not, as its lists are complete. `None` for any other shape: a first
/// move on a rectangle leaves its first columns whole and the rest cut to one lower height.
fn book_first_move(heights: &[u8]) -> Option<ChompAnswer> {
    let rows = *heights.first()?;
    let whole = heights.iter().take_while(|&&h| h == rows).count();
    let lower = *heights.get(whole)?;
    if heights[whole..].iter().any(|&h| h != lower) {
        return None;
    }
    let cols = u8::try_from(heights.len()).ok()?;
    let moves = book::winning_first_moves(rows, cols)?;
    let square = Square::new(u8::try_from(whole).ok()?, lower);
    let wins = !moves.contains(&square);
    Some(ChompAnswer {
        wins,
        winning_moves: Vec::new(),
        complete: !wins,
        source: Source::Book,
    })
}

/// The table's winning moves as squares (see [`OutcomeTable::winning_moves`]). `None` if the
/// position does not fit its box.
pub fn table_winning_moves(table: &OutcomeTable, heights: &[u8]) -> Option<Vec<Square>> {
    let moves = table.winning_moves(heights)?;
    Some(moves.into_iter().map(|(c, r)| Square::new(c, r)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::reference::{Reference, positions};

    #[test]
    fn the_answer_without_a_table_agrees_with_the_brute_force_one_move_on_too() {
        let mut reference = Reference::new();
        // Without the small tables (which answer every position of these boxes), so that the
        // closed forms, the book and one move on are checked.
        let small = 0;
        let (mut direct, mut one_move_on) = (0, 0);
        for (rows, cols) in [(5, 6), (6, 6), (7, 4)] {
            for heights in positions(rows, cols) {
                let wide: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
                let position =
                    Position::from_heights(rows.into(), cols, &wide).expect("a position");
                let Some(answer) = ChompAnswer::without_table_within(&position, small) else {
                    assert!(
                        position.is_empty()
                            || ChompAnswer::direct_within(&position, small).is_none()
                    );
                    continue;
                };
                assert_eq!(answer.wins, reference.wins(&heights), "{heights:?}");
                let winners = reference.winning_moves(&heights);
                assert!(
                    answer.winning_moves.iter().all(|m| winners.contains(m)),
                    "{heights:?}: {:?} of {winners:?}",
                    answer.winning_moves
                );
                if answer.complete {
                    assert_eq!(answer.winning_moves.len(), winners.len(), "{heights:?}");
                }
                if answer.source == Source::OneMoveOn {
                    // Where nothing answers the position itself, or it is won with no move named.
                    assert!(
                        ChompAnswer::direct_within(&position, small)
                            .is_none_or(|a| a.wins && a.winning_moves.is_empty()),
                        "{heights:?}"
                    );
                    one_move_on += 1;
                } else {
                    direct += 1;
                }
            }
        }
        // One move on answers many positions that nothing answers directly.
        assert!(
            direct > 0 && one_move_on > 100,
            "{direct} direct, {one_move_on} one move on"
        );
    }

    /// The position `heights` (column by column) in a box just holding it.
    fn position(heights: &[u8]) -> Position {
        let wide: Vec<usize> = heights.iter().map(|&h| usize::from(h)).collect();
        let rows = usize::from(heights.iter().copied().max().unwrap_or(0));
        Position::from_heights(rows, heights.len(), &wide).expect("a position")
    }

    #[test]
    fn what_a_book_rectangle_first_move_leaves_is_proven() {
        // After c3 on the full 20×19 bar, a winning move the book lists: lost.
        let mut heights = vec![2u8; 19];
        heights[..2].copy_from_slice(&[20, 20]);
        assert!(book::winning_first_moves(20, 19).is_some_and(|m| m.contains(&Square::new(2, 2))));
        let answer = ChompAnswer::without_table(&position(&heights)).expect("proven");
        assert_eq!((answer.wins, answer.complete), (false, true));
        assert_eq!(answer.source, Source::Book);
        // Against the brute force on every first move of the book's rectangles up to 7×7,
        // without the small tables that would answer them first.
        let mut reference = Reference::new();
        let mut checked = 0;
        for ((rows, cols), _) in book::entries().filter(|&((r, c), _)| r <= 7 && c <= 7) {
            let full = Position::full(rows.into(), cols.into()).expect("a box");
            for square in full.moves() {
                let after = full.eat(square).expect("a legal move");
                let Some(answer) = book_first_move(after.heights()) else {
                    continue;
                };
                assert_eq!(answer.wins, reference.wins(after.heights()), "{after}");
                if answer.wins {
                    assert!(answer.winning_moves.is_empty() && !answer.complete);
                }
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn a_small_box_is_answered_by_its_table_and_a_full_rectangle_by_strategy_stealing() {
        // a4 on 26×26 leaves 3,3,…,3: a 3×26 box of 3,654 positions, won, so a4 loses.
        let child = position(&[3; 26]);
        let full = Position::full(26, 26).expect("a box");
        let answer = ChompAnswer::after_move(&full, &child).expect("its small table");
        // Not where the box itself is small: the solver thread builds its table.
        assert!(
            ChompAnswer::after_move(&child, &position(&[3; 25]))
                .is_none_or(|a| a.source != Source::Table)
        );
        let mut reference = Reference::new();
        assert_eq!(answer.wins, reference.wins(child.heights()));
        assert_eq!(
            answer.winning_moves,
            reference.winning_moves(child.heights())
        );
        assert_eq!((answer.wins, answer.source), (true, Source::Table));
        let a4 = Square::parse("a4").expect("a square");
        let after = full.eat(a4).expect("a legal move");
        assert_eq!(after.heights(), child.heights());
        let answer = ChompAnswer::without_table(&full).expect("the book or strategy stealing");
        assert!(answer.wins && !answer.winning_moves.contains(&a4));
        // The full 20×21 bar: won, though no winning move is proven.
        let bar = Position::full(20, 21).expect("a box");
        let answer = ChompAnswer::without_table(&bar).expect("strategy stealing");
        assert!(answer.wins && !answer.complete && answer.winning_moves.is_empty());
        assert_eq!(answer.source, Source::StrategyStealing);
        // And nothing below two squares: the lone poison is the book's or a closed form's.
        assert_ne!(
            ChompAnswer::without_table(&position(&[1])).map(|a| a.source),
            Some(Source::StrategyStealing)
        );
    }
}
