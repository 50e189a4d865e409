//! Chomp studied: a [`Studied`] position on the grid board, with [`ChompRules`] (see
//! `tables.rs`): the bar with every square marked by what eating it does (`W7`, `L12`), and the
//! line explored. Outcomes and moves left come from the moves-left table of the studied
//! start's box, which the table thread builds (with its outcome table) on request: the outcomes
//! are marked as soon as the outcome table is there, the moves left when theirs is. A box whose
//! two tables do not fit the memory budget is studied from its outcome table alone, and one
//! whose outcome table does not fit either by what the answer function proves, until the line
//! reaches a position whose own trimmed box fits: then that box's tables are asked for, as the
//! game does. Its editor sets the bar's size and its column heights.

use super::board::{col_label, row_label, square};
use super::moves_left::proven;
use super::rules::{MAX_SIDE, Position, Square};
use super::tables::ChompRules;
use crate::games::core::rules::Rules;
use crate::games::core::study::{Studied, StudyRules};
use crate::games::grid::board::{self, GridBoard};
use crate::games::grid::study::MarkGrid;
use crate::games::moves_left::Proven;
use crate::games::request::{JudgedMoves, Task, Waiting};
use crate::games::session::Leftover;
use crate::games::study::{Editor, Study};
use crate::input::{Action, Spot, Spots};
use crate::theme::{CHOCOLATE, CURSOR, EATEN, POISON, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// A Chomp position on the Study screen, on the grid board.
pub type ChompStudy = Studied<ChompRules, GridBoard>;

/// The Study screen's words, the tables of the box studied (see [`ChompRules::want_tables`]),
/// what the answer proves where no table covers a position, and the editor of the bar.
impl StudyRules for ChompRules {
    fn title(&self) -> String {
        let (rows, cols) = self.bar();
        format!("Chomp {rows}×{cols}")
    }

    fn describe(&self, at: &Position) -> String {
        at.to_string()
    }

    fn want(&mut self, at: &Position) -> Option<Waiting> {
        self.want_tables(at)
    }

    fn missing(&self, _at: &Position) -> Option<String> {
        self.note(None)
    }

    /// Still building, or over the budget: the moves are listed to be played, what the closed
    /// forms and the opening book prove marked at once, the rest `?`.
    fn proven(
        &self,
        at: &Position,
        came_from: Option<(&Position, Square)>,
    ) -> Option<(Proven<Square>, Option<String>)> {
        let (proven, proof) = proven(at, came_from);
        Some((proven, self.note(proof)))
    }

    fn editor(&self, at: &Position) -> Box<dyn Editor> {
        self.editor_on(at, None)
    }

    /// The cursor starts where the person was looking: on the move highlighted on the board.
    /// With none (the game over), on the top square of the last column with squares, the
    /// corner a first edit most often trims (Space eats it).
    fn editor_on(&self, at: &Position, chosen: Option<Square>) -> Box<dyn Editor> {
        let heights = at.heights().to_vec();
        let (rows, cols) = self.bar();
        let cursor = chosen.unwrap_or_else(|| {
            let last = heights.iter().rposition(|&h| h > 0).unwrap_or(0);
            let top = heights.get(last).map_or(0, |h| h.saturating_sub(1));
            Square::new(u8::try_from(last).unwrap_or(0), top)
        });
        Box::new(ChompEditor {
            rows,
            cols,
            heights,
            cursor,
        })
    }

    fn leftover(&self) -> Option<Leftover> {
        self.keep()
    }

    fn judging(&self, start: &Position, moves: Vec<Square>) -> Option<Task<JudgedMoves>> {
        self.judging_with_tables(start, moves)
    }

    fn judges_later(&self) -> bool {
        self.tables_coming()
    }

    fn unjudgeable(&self) -> Option<String> {
        self.refusal()
    }
}

/// Chomp's editor: the bar's size and its column heights. A click on a square (or Space on the
/// cursor's) makes its column that high, the columns left of it at least that high and those
/// right of it at most, so the heights never rise to the right; on a column's top square it
/// eats that square instead.
struct ChompEditor {
    rows: u8,
    cols: u8,
    heights: Vec<u8>,
    cursor: Square,
}

impl ChompEditor {
    /// Makes `square`'s column reach up to it (or, on its top square, end below it).
    fn set(&mut self, square: Square) {
        let col = usize::from(square.col);
        if col >= self.heights.len() || square.row >= self.rows {
            return;
        }
        let height = if self.heights[col] == square.row + 1 {
            square.row
        } else {
            square.row + 1
        };
        for (at, h) in self.heights.iter_mut().enumerate() {
            *h = match at.cmp(&col) {
                std::cmp::Ordering::Less => (*h).max(height),
                std::cmp::Ordering::Equal => height,
                std::cmp::Ordering::Greater => (*h).min(height),
            };
        }
    }

    /// Changes the bar's size by `rows` and `cols` (each within 1 to 26): a new row starts
    /// empty, a new column too.
    fn resize(&mut self, rows: i8, cols: i8) {
        self.rows = self.rows.saturating_add_signed(rows).clamp(1, MAX_SIDE);
        self.cols = self.cols.saturating_add_signed(cols).clamp(1, MAX_SIDE);
        self.heights.resize(usize::from(self.cols), 0);
        for h in &mut self.heights {
            *h = (*h).min(self.rows);
        }
        self.cursor = Square::new(
            self.cursor.col.min(self.cols - 1),
            self.cursor.row.min(self.rows - 1),
        );
    }
}

impl Editor for ChompEditor {
    fn title(&self) -> Option<String> {
        Some(format!("Chomp {}×{}", self.rows, self.cols))
    }

    fn fields(&self) -> Vec<(String, String)> {
        let heights: Vec<String> = self.heights.iter().map(u8::to_string).collect();
        vec![
            ("Rows (+ -)".into(), self.rows.to_string()),
            ("Columns (> <)".into(), self.cols.to_string()),
            ("Heights".into(), heights.join(",")),
        ]
    }

    fn selected(&self) -> Option<usize> {
        None
    }

    fn act(&mut self, action: Action) {
        let Square { col, row } = self.cursor;
        self.cursor = match action {
            Action::Up => Square::new(col, (row + 1).min(self.rows - 1)),
            Action::Down => Square::new(col, row.saturating_sub(1)),
            Action::Left => Square::new(col.saturating_sub(1), row),
            Action::Right => Square::new((col + 1).min(self.cols - 1), row),
            _ => self.cursor,
        };
    }

    fn type_char(&mut self, c: Option<char>) -> bool {
        match c {
            Some(' ') => self.set(self.cursor),
            Some('+') => self.resize(1, 0),
            Some('-') => self.resize(-1, 0),
            Some('>' | '.') => self.resize(0, 1),
            Some('<' | ',') => self.resize(0, -1),
            _ => return false,
        }
        true
    }

    fn point(&mut self, Spot(col, row): Spot, click: bool) {
        let (Ok(col), Ok(row)) = (u8::try_from(col), u8::try_from(row)) else {
            return;
        };
        if col < self.cols && row < self.rows {
            self.cursor = Square::new(col, row);
            if click {
                self.set(self.cursor);
            }
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots) {
        // The squares as large as the study's board draws them (a letter's width when narrow),
        // labelled as the board labels them.
        let grid = MarkGrid {
            rows: self.rows.into(),
            cols: self.cols.into(),
            row_label,
            col_label,
        };
        grid.draw(area, buf, theme, spots, |cell, size| {
            let square = square(cell).expect("a cell of the bar");
            let here = self.heights[usize::from(square.col)] > square.row;
            let glyph = match (square == self.cursor, square.is_poison(), here) {
                (true, _, _) => CURSOR,
                (false, true, true) => POISON,
                (false, _, true) => CHOCOLATE,
                (false, _, false) => EATEN,
            };
            let style = if square == self.cursor {
                theme.cursor
            } else if here {
                theme.chocolate
            } else {
                theme.eaten
            };
            let fill = if here { CHOCOLATE } else { ' ' };
            // Where the study's board draws the square: after a space (the board's pointer),
            // so that `e` moves nothing. On chocolate the glyph sits in the middle of the run,
            // as the game centres its marks; on an eaten square, where the board puts its dot.
            let run = usize::from(size.width).saturating_sub(2).max(1);
            let at = if here { (run - 1) / 2 } else { 0 };
            let first: String = (0..run)
                .map(|i| if i == at { glyph } else { fill })
                .collect();
            (format!(" {first}"), style, fill, Some(board::spot(cell)))
        });
    }

    fn hints(&self) -> Vec<String> {
        [
            "click or Space: column height",
            "+ - rows, > < columns",
            "Enter: study it, Esc: back",
        ]
        .map(String::from)
        .to_vec()
    }

    fn study(&self) -> Result<Box<dyn Study>, String> {
        if self.heights.first().is_none_or(|&h| h == 0) {
            return Err("the poison square a1 must stay on the bar".into());
        }
        let heights: Vec<usize> = self.heights.iter().map(|&h| usize::from(h)).collect();
        let position = Position::from_heights(self.rows.into(), self.cols.into(), &heights)
            .map_err(|e| e.to_string())?;
        let rules = ChompRules::new(&position);
        Ok(Box::new(ChompStudy::new(rules, position)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::solver;
    use super::*;
    use crate::solve::{MovesLeftTable, OutcomeTable};
    use crate::units::bytes_unbroken;
    use std::sync::Arc;

    /// The study of a full `rows` × `cols` bar.
    fn bar(rows: usize, cols: usize) -> ChompStudy {
        let start = Position::full(rows, cols).expect("a bar");
        ChompStudy::new(ChompRules::new(&start), start)
    }

    #[test]
    fn a_refused_study_asks_for_the_table_of_the_box_its_line_shrinks_into() {
        use super::super::answer::ChompAnswer;
        use solver::{Answer, Asked};
        let budget = 2 << 30;
        let mut study = bar(20, 19);
        let asked = |study: &mut ChompStudy| -> Vec<Asked> {
            study
                .take_requests()
                .iter()
                .map(|r| solver::asked(r).expect("a chomp request").clone())
                .collect()
        };
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 20, cols: 19 }]);
        study.on_solver(solver::answer(
            1,
            Answer::MovesLeftRefused {
                needed_bytes: 3 * OutcomeTable::bytes_for(20, 19),
                budget,
            },
        ));
        assert_eq!(asked(&mut study), [Asked::Solve { rows: 20, cols: 19 }]);
        study.on_solver(solver::answer(
            2,
            Answer::Refused {
                needed_bytes: OutcomeTable::bytes_for(20, 19),
                budget,
            },
        ));
        // c3 leaves the box whole: nothing more to ask.
        assert!(study.play_move("c3"));
        assert!(study.take_requests().is_empty());
        // a4 leaves heights 3,3,2,…,2: a 3×19 box, whose tables are small.
        assert!(study.play_move("a4"));
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 3, cols: 19 }]);
        assert!(
            study.analysis().progress.is_some(),
            "the gauge shows the build"
        );
        let outcomes = Arc::new(OutcomeTable::build(3, 19, &mut |_, _| true).expect("built"));
        let table = Arc::new(
            MovesLeftTable::build(Arc::clone(&outcomes), &mut |_, _| true).expect("built"),
        );
        study.on_solver(solver::answer(3, Answer::MovesLeft(table)));
        let answer = ChompAnswer::from_table(&outcomes, study.now()).expect("covered");
        let analysis = study.analysis();
        assert_eq!(analysis.wins, Some(answer.wins));
        assert!(answer.wins && analysis.moves_left.is_some());
        let winning: Vec<String> = analysis
            .moves
            .iter()
            .filter(|m| m.wins == Some(true))
            .map(|m| m.notation.clone())
            .collect();
        let expected: Vec<String> = answer
            .winning_moves
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(winning, expected);
        assert!(winning.contains(&"r2".to_string()), "{winning:?}");
        assert!(analysis.moves.iter().all(|m| m.wins.is_some()));
        // Back on the whole box: refused at once, with the box's own figure.
        assert!(study.take_back());
        assert!(study.take_requests().is_empty());
        let note = study.analysis().note.clone().unwrap_or_default();
        assert!(
            note.contains(&bytes_unbroken(OutcomeTable::bytes_for(20, 19))),
            "{note}"
        );
        // And on again: the small box's tables are asked for again.
        assert!(study.play_move("a4"));
        assert_eq!(asked(&mut study), [Asked::MovesLeft { rows: 3, cols: 19 }]);
    }

    /// Which cells of `area` the drawing left blank, outside the rectangles `masked`; and
    /// the squares' places it recorded, square by square.
    fn drawn(
        area: Rect,
        draw: impl FnOnce(&mut Buffer, &mut Spots),
        square_of: impl Fn(Spot) -> Square,
    ) -> (Vec<Vec<bool>>, Vec<(Square, Rect)>) {
        let mut buf = Buffer::empty(area);
        let mut spots = Spots::default();
        draw(&mut buf, &mut spots);
        let mut squares: Vec<(Square, Rect)> = spots
            .0
            .iter()
            .map(|&(r, spot)| (square_of(spot), r))
            .collect();
        squares.sort_by_key(|&(sq, _)| (sq.col, sq.row));
        let blanks = (area.top()..area.bottom())
            .map(|y| {
                (area.left()..area.right())
                    .map(|x| {
                        let inside = squares
                            .iter()
                            .any(|(_, r)| r.contains(ratatui::layout::Position::new(x, y)));
                        !inside && buf[(x, y)].symbol().trim().is_empty()
                    })
                    .collect()
            })
            .collect();
        (blanks, squares)
    }

    #[test]
    fn the_editor_draws_every_square_where_the_board_does() {
        let theme = Theme::colour();
        // Narrow (a letter a square), wide, and tall squares.
        for area in [
            Rect::new(0, 0, 30, 9),
            Rect::new(2, 1, 60, 9),
            Rect::new(0, 0, 60, 20),
        ] {
            // Its tables not built yet: every square is listed, marked `?`.
            let study = bar(4, 6);
            let editor = study.editor(None);
            let board = drawn(
                area,
                |buf, spots| study.render(area, buf, &theme, None, spots),
                |spot| {
                    let at = crate::games::study::move_of(spot).expect("a move");
                    Square::parse(&study.analysis().moves[at].notation).expect("a square")
                },
            );
            let edited = drawn(
                area,
                |buf, spots| editor.render(area, buf, &theme, spots),
                |Spot(col, row)| {
                    Square::new(u8::try_from(col).unwrap(), u8::try_from(row).unwrap())
                },
            );
            assert_eq!(board.1.len(), 24, "every square is a move");
            assert_eq!(board, edited, "{area:?}");
        }
    }

    #[test]
    fn the_editor_centres_the_poison_in_its_square_as_the_game_does() {
        let theme = Theme::colour();
        for area in [Rect::new(0, 0, 30, 9), Rect::new(0, 0, 60, 20)] {
            let study = bar(4, 6);
            let editor = study.editor(None);
            let mut buf = Buffer::empty(area);
            let mut spots = Spots::default();
            editor.render(area, &mut buf, &theme, &mut spots);
            let (cell, _) = spots
                .0
                .iter()
                .find(|(_, spot)| *spot == Spot(0, 0))
                .expect("a1 drawn");
            // The chocolate runs from past the pointer's column to before the gap on the
            // right, as the game's body does; the poison sits in its middle (left of it when
            // the run is even).
            let run: String = (cell.x + 1..cell.right() - 1)
                .map(|x| buf[(x, cell.y)].symbol().to_string())
                .collect();
            let middle = (run.chars().count() - 1) / 2;
            assert_eq!(
                run.chars().position(|c| c == POISON),
                Some(middle),
                "{area:?}: {run:?}"
            );
            assert!(
                run.chars().filter(|&c| c != POISON).all(|c| c == CHOCOLATE),
                "{run:?}"
            );
        }
    }
}
