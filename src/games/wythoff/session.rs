//! Wythoff's game on the core: its rules, its pair of piles' own ([`PositionAnswer`], which make
//! the core's [`WythoffRules`]: the Beatty pairs answer any position at once; the perfect
//! computer's moves-left table is built where it fits, on the table thread unless it is
//! small). Piles up to [`MAX_BOARD_PILE`] are played on the grid board as "corner the queen":
//! pile 1 is the queen's column, pile 2 its row, and she moves left, down or diagonally
//! down-left; larger ones on the rows board, as two numbered piles and a row that takes the
//! same from both.

use super::MAX_BOARD_PILE;
use super::answer::answer;
use super::rules::{Move, Piles, Position};
use crate::games::core::line::LineStudy;
use crate::games::core::play::Play;
use crate::games::core::rules::{NoGrundy, fewest, random_take};
use crate::games::core::rules_of::{PositionAnswer, PositionRules, RulesOf};
use crate::games::core::table::{MovesLeft, Tabled, Tabling};
use crate::games::grid::board::{Cell, GridBoard, GridRules, Piece};
use crate::games::review::{Known, MoveWords};
use crate::games::rows::board::{RowsBoard, RowsRules, keys};
use crate::games::why;
use crate::input::Binding;
use crate::solve::beatty;
use crate::solve::grundy_tables::{wythoff_bytes, wythoff_grundy};
use crate::units::group;

/// The most positions a table may have: `(pile 1 + 1) · (pile 2 + 1)`, 16 MB of moves left at
/// 4 bytes each.
pub const WYTHOFF_BUDGET: u64 = 1 << 22;

/// The most positions a table built at once (on the interface's thread) may have: a few
/// tenths of a millisecond. A larger one is a build task, with progress.
pub const WYTHOFF_INSTANT: u64 = 1 << 14;

/// The moves left of every position whose piles are at most a start position's.
pub type WythoffMovesLeft = MovesLeft<WythoffRules>;

/// Wythoff's rules: its pair of piles', with the Beatty pairs. A game or a study holds them
/// with the moves-left table of its start, [`WythoffTabled`].
pub type WythoffRules = RulesOf<Position>;

/// Wythoff's rules with the moves-left table of a game or a study, for the perfect computer:
/// what the entry plays, studies and boards draw.
pub type WythoffTabled = Tabled<WythoffRules>;

/// A game's table is built at once, where it is small (every game on the queen's board: at
/// most 729 positions); a larger start has none, and its computer plays by the Beatty pairs
/// alone.
impl Tabling for WythoffRules {
    const INSTANT: u64 = WYTHOFF_INSTANT;
    const BUDGET: u64 = WYTHOFF_INSTANT;
}

/// The Beatty pairs' answer, and the computer's moves by them.
impl PositionAnswer for Position {
    /// The Beatty pairs prove every position.
    fn answer(&self) -> Known<Move> {
        answer(*self)
    }

    /// 0 on a lost pair (the Beatty pairs', any piles); else from the table of every position
    /// below, where it fits `budget`.
    fn grundy(&self, budget: u64) -> Result<u64, NoGrundy> {
        let [a, b] = self.piles();
        if !answer(*self).wins {
            return Ok(0);
        }
        let needed = wythoff_bytes(a, b);
        if needed > budget {
            let what = format!(
                "the Grundy table of Wythoff's game to piles {} and {}",
                group(a),
                group(b)
            );
            return Err(NoGrundy::over_budget(&what, needed, budget));
        }
        Ok(wythoff_grundy(a, b))
    }

    /// The lost pairs, the one on each of the queen's lines and the move to the nearest.
    fn why(&self) -> Vec<String> {
        why::lost_pairs(self.piles())
    }

    /// A winning move, or from a lost position the smallest take leaving the fewest winning
    /// replies (where a table covers the position, [`WythoffTabled`] fights by it first).
    fn best_move(&self, rng: &mut fastrand::Rng) -> Option<Move> {
        let winning = answer(*self).winning_moves;
        if !winning.is_empty() {
            return Some(winning[rng.usize(..winning.len())]);
        }
        let ones = Piles::ALL.map(|piles| Move { piles, take: 1 });
        let legal: Vec<Move> = ones.into_iter().filter(|&mv| self.is_legal(mv)).collect();
        fewest(&legal, |mv| answer(self.after(mv)).winning_moves.len(), rng)
    }

    /// A random kind of move among the legal ones, a random take of it; at the casual level,
    /// the last coins when one move takes them all (a win).
    fn random_move(&self, casual: bool, rng: &mut fastrand::Rng) -> Option<Move> {
        let most = Piles::ALL.map(|piles| self.most(piles));
        let ends = |k: usize| {
            self.after(Move {
                piles: Piles::ALL[k],
                take: most[k],
            })
            .is_over()
        };
        let (kind, take) = random_take(&most, casual, ends, rng)?;
        Some(Move {
            piles: Piles::ALL[kind],
            take,
        })
    }
}

/// Wythoff's game on the core, on the grid board.
pub type WythoffSession = Play<WythoffTabled, GridBoard>;

/// Wythoff's game on the core, on the rows board: piles past the queen's board.
pub type WythoffRowsSession = Play<WythoffTabled, RowsBoard>;

/// Whether a game from `start` is played on the queen's board: both piles at most
/// [`MAX_BOARD_PILE`].
pub fn on_grid(start: Position) -> bool {
    start.piles().iter().all(|&pile| pile <= MAX_BOARD_PILE)
}

/// The Study screen's words; the study and its table (built at once) are the core's, the
/// editor the piles' line.
impl LineStudy for WythoffRules {
    type Entry = super::Wythoff;

    const TITLE: &'static str = "Wythoff's game";

    fn missing(budget: &str) -> String {
        format!("moves left: not known past {budget} positions")
    }

    /// On the rows board, the moves in its words ("3 from both"); on the queen's board,
    /// the game's ("3 down-left").
    fn move_words(start: &Position, mv: Move) -> Option<MoveWords> {
        (!on_grid(*start)).then(|| MoveWords::taking(pile_text(mv)))
    }
}

/// The queen's board: a column for each size of pile 1 and a row for each of pile 2, the
/// corner (0, 0) where she is cornered.
impl GridRules for WythoffTabled {
    fn size(&self, start: &Position) -> (u16, u16) {
        let [cols, rows] = start
            .piles()
            .map(|pile| u16::try_from(pile + 1).unwrap_or(u16::MAX));
        (cols, rows)
    }

    fn piece(&self, at: &Position, cell: Cell) -> Piece {
        match (cell_of(*at), cell) {
            (queen, _) if queen == cell => Piece::Piece('♛'),
            (_, Cell { col: 0, row: 0 }) => Piece::Goal('⌂'),
            _ => Piece::Empty,
        }
    }

    fn move_to(&self, at: &Position, cell: Cell) -> Result<Move, String> {
        let [x, y] = at.piles();
        let (col, row) = (u64::from(cell.col), u64::from(cell.row));
        let (left, down) = (x.saturating_sub(col), y.saturating_sub(row));
        let piles = match (col <= x && row <= y, left, down) {
            (true, 1.., 0) => Piles::First,
            (true, 0, 1..) => Piles::Second,
            (true, 1.., _) if left == down => Piles::Both,
            _ => return Err("the queen moves left, down or diagonally down-left".into()),
        };
        Ok(Move {
            piles,
            take: left.max(down),
        })
    }

    fn target(&self, at: &Position, mv: Move) -> Cell {
        cell_of(at.after(mv))
    }

    /// The lost squares on the board, the pairs the why lists.
    fn why_cells(&self, at: &Position) -> Vec<Cell> {
        let lost = beatty::within(at.piles()).filter_map(|[x, y]| Position::new(x, y).ok());
        lost.map(cell_of).collect()
    }

    fn title(&self, start: &Position) -> String {
        format!("Corner the queen from {start}")
    }

    fn move_text(&self, mv: Move) -> String {
        move_text(mv)
    }

    /// Every column's number on a narrow board, every fifth on a wide one (two digits need
    /// room).
    fn col_label(&self, col: u16) -> String {
        if self.start().piles()[0] < 10 || col.is_multiple_of(5) {
            col.to_string()
        } else {
            String::new()
        }
    }

    fn ending(&self, winner: &str) -> String {
        format!("{winner} cornered the queen.")
    }
}

/// The queen's cell at `at` (piles on the board are at most 26).
fn cell_of(at: Position) -> Cell {
    let [col, row] = at
        .piles()
        .map(|pile| u16::try_from(pile).unwrap_or(u16::MAX));
    Cell { col, row }
}

/// A move in the words of the move list: "3 left", "3 down", "3 down-left".
pub fn move_text(mv: Move) -> String {
    let way = match mv.piles {
        Piles::First => "left",
        Piles::Second => "down",
        Piles::Both => "down-left",
    };
    format!("{} {way}", crate::units::group(mv.take))
}

/// Keys while a Wythoff game beyond the queen's board is on.
pub const ROWS_KEYS: &[Binding] = &keys("choose pile 1, pile 2 or both", "pile/both");

/// Beyond the queen's board: pile 1 and pile 2 a row each, then a row taking the same from
/// both. The Beatty pairs are named in the help; the solver's line stays empty, as on the
/// queen's board.
impl RowsRules for WythoffTabled {
    const KEYS: &'static [Binding] = ROWS_KEYS;

    fn piles(&self, at: &Position) -> Vec<u64> {
        at.piles().to_vec()
    }

    fn joint_rows(&self) -> &'static [&'static str] {
        &["both"]
    }

    fn make(&self, row: usize, take: u64) -> Move {
        let piles = Piles::ALL[row.min(2)];
        Move { piles, take }
    }

    /// The rows are the kinds of move, in [`Piles::ALL`]'s order.
    fn row_of(&self, mv: Move) -> (usize, u64) {
        (mv.piles as usize, mv.take)
    }

    fn title(&self) -> String {
        "Wythoff".into()
    }

    fn move_text(&self, mv: Move) -> String {
        pile_text(mv)
    }

    fn row_name(&self, row: usize) -> String {
        Piles::ALL[row.min(2)].name().into()
    }
}

/// A move in the rows board's words: "3 from pile 1", "3 from both".
pub fn pile_text(mv: Move) -> String {
    let from = mv.piles.name().trim_end_matches(" piles");
    format!("{} from {from}", crate::units::group(mv.take))
}
