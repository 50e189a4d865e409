//! Chomp's bar on the grid board ([`GridRules`] for [`ChompRules`]): a cell a square, the
//! poison on a1, columns lettered, a bite previewed whole, the cursor kept on the bar, and the
//! panel a Chomp game has said since before it played on the core: each table's gauge, what
//! the computer waits for, how it came by its moves, its hints counted. Also a move in the
//! words of the move list and the game-over dialog.

use super::rules::{Position, Square, column_letters};
use super::solver::Phase;
use super::tables::{ChompRules, KEYS};
use crate::games::core::play::Play;
use crate::games::core::rules::{Rules, Unfought};
use crate::games::grid::board::{Cell, GridBoard, GridRules, Piece, StudyCells};
use crate::games::panel::{SolverLine, subject};
use crate::games::review::MoveWords;
use crate::games::setup::Level;
use crate::input::Binding;
use crate::theme::{POISON, Theme};
use crate::units::{bytes, count, short_count};
use ratatui::text::{Line, Span};

/// The square on `cell`.
pub(super) fn square(cell: Cell) -> Option<Square> {
    Some(Square::new(
        u8::try_from(cell.col).ok()?,
        u8::try_from(cell.row).ok()?,
    ))
}

/// Column `col`'s letters.
pub(super) fn col_label(col: u16) -> String {
    u8::try_from(col).map_or_else(|_| String::new(), column_letters)
}

/// Row `row`, counted from 1, as the squares are named.
pub(super) fn row_label(row: u16) -> String {
    format!("{:>2}", row + 1)
}

/// The bar on the grid board: a cell a square, the poison on a1, columns lettered.
impl GridRules for ChompRules {
    fn size(&self, start: &Position) -> (u16, u16) {
        (start.cols().into(), start.rows().into())
    }

    fn piece(&self, at: &Position, cell: Cell) -> Piece {
        if square(cell) == Some(Square::POISON) && !at.is_empty() {
            Piece::Piece(POISON)
        } else {
            Piece::Empty
        }
    }

    fn move_to(&self, at: &Position, cell: Cell) -> Result<Square, String> {
        square(cell)
            .filter(|&square| at.contains(square))
            .ok_or_else(|| "that square is eaten already".to_string())
    }

    fn target(&self, _at: &Position, square: Square) -> Cell {
        Cell {
            col: square.col.into(),
            row: square.row.into(),
        }
    }

    fn title(&self, start: &Position) -> String {
        format!("Chomp {}×{}", start.rows(), start.cols())
    }

    fn move_text(&self, square: Square) -> String {
        square.to_string()
    }

    fn col_label(&self, col: u16) -> String {
        col_label(col)
    }

    fn row_label(&self, row: u16) -> String {
        row_label(row)
    }

    /// Every square left is a move, marked whole.
    fn study_cells(&self) -> StudyCells {
        StudyCells::ByMarks
    }

    /// A bite eats the squares above and right of it.
    fn takes(&self, at: &Position, bite: Square, cell: Cell) -> bool {
        square(cell).is_some_and(|square| at.would_eat(bite, square))
    }

    /// The top right corner of the bar.
    fn first_cell(&self, at: &Position) -> Cell {
        Cell {
            col: u16::from(at.cols()) - 1,
            row: u16::from(at.rows()) - 1,
        }
    }

    /// On the bar.
    fn cursor_on(&self, at: &Position, cell: Cell) -> bool {
        square(cell).is_some_and(|square| at.contains(square))
    }

    /// Back on the bar, and off the poison while other squares remain (one more Enter would
    /// lose); where it stood once the bar is eaten.
    fn keep_cursor(&self, at: &Position, cursor: Cell) -> Option<Cell> {
        let (_, cols) = at.bounding_box();
        if cols == 0 {
            return Some(cursor);
        }
        let col = cursor.col.min(u16::from(cols) - 1);
        let height = u16::from(at.heights()[usize::from(col)]);
        let cell = Cell {
            col,
            row: cursor.row.min(height - 1),
        };
        Some(match (cell.col, cell.row) {
            (0, 0) if cols > 1 => Cell { col: 1, row: 0 },
            (0, 0) if at.heights()[0] > 1 => Cell { col: 0, row: 1 },
            _ => cell,
        })
    }

    fn ending_after(&self, _winner: &str, loser: &str, moves: usize) -> String {
        format!(
            "{loser} ate the poison ☠ after {}.",
            count(moves as u64, "move", "moves")
        )
    }

    fn played(&self, square: Square) -> String {
        format!("ate {square}")
    }

    fn instead(&self) -> &'static str {
        ""
    }

    /// Chomp's own lines (see [`info_lines`]).
    fn panel<'a>(
        play: &'a Play<ChompRules, GridBoard>,
        theme: &'a Theme,
    ) -> Option<(SolverLine, Vec<Line<'a>>)> {
        Some((solver_line(play), info_lines(play, theme)))
    }

    /// Enter eats.
    fn keys() -> &'static [Binding] {
        KEYS
    }
}

/// The solver's line: the outcome table's gauge, then the moves left's (at nought while a
/// smaller box's outcome table is built for them), what was built, or why nothing is.
fn solver_line(play: &Play<ChompRules, GridBoard>) -> SolverLine {
    let rules = &play.rules;
    match (&play.waiting, rules.outcomes()) {
        (Some(w), None) => SolverLine::Progress {
            label: Phase::Outcomes.label(),
            done: w.done,
            total: w.total,
        },
        (Some(w), Some(_)) => {
            let (done, total) = if w.label == Phase::MovesLeft.label() {
                (w.done, w.total)
            } else {
                (0, 0)
            };
            SolverLine::Progress {
                label: Phase::MovesLeft.label(),
                done,
                total,
            }
        }
        (None, None) if play.stopped.is_some() => {
            SolverLine::Text("stopped: review complete".into())
        }
        (None, Some(_)) if rules.moves_left_refused() => {
            SolverLine::Text("moves left: over memory budget".into())
        }
        (None, Some(table)) => SolverLine::Text(solved_line(table.positions())),
        (None, None) if rules.refused().is_some() => {
            SolverLine::Warning("no table: over memory budget".into())
        }
        (None, None) => SolverLine::Text(String::new()),
    }
}

/// Once the game is over: a review still completing, and how the computer chose where it did
/// not prove its moves (at random, as its level plays; or by a search).
fn over_lines<'a>(play: &Play<ChompRules, GridBoard>, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    if play.waiting.is_some() && play.rules.outcomes().is_none() {
        // The build goes on after the end only for the moves the review cannot judge yet.
        lines.push(Line::raw("Completing the review."));
    }
    let notes = &play.notes;
    if notes.random_moves {
        // On purpose, as the level plays: not a failure of the solver.
        lines.push(Line::styled(
            match play.settings.level {
                Level::Casual => "The computer played at random (casual).",
                Level::Strong | Level::Perfect => "Some computer moves were random (strong).",
            },
            theme.dim,
        ));
    }
    if notes.unproven_moves {
        lines.push(Line::styled(
            "Some computer moves were not proven best.",
            theme.dim,
        ));
    }
    if notes.unfought_moves {
        lines.push(Line::styled(
            "Some computer moves were not proven fastest or longest.",
            theme.dim,
        ));
    }
    lines
}

/// While the computer waits for a table: which one, and when it is due.
fn waiting_line<'a>(play: &Play<ChompRules, GridBoard>) -> Option<Line<'a>> {
    if !play.computer_to_move() || play.turns.pending.is_some() || !play.build_near() {
        return None;
    }
    let what = if play.rules.outcomes().is_none() {
        "the table"
    } else if play.settings.level == Level::Perfect && play.rules.moves_left_coming() {
        "the moves-left table"
    } else {
        return None;
    };
    let eta = (play.ready_in())
        .map(|t| format!(", ready in about {} s", t.as_secs().max(1)))
        .unwrap_or_default();
    let name = play.settings.name(play.to_move());
    Some(Line::raw(format!("{name} waits for {what}{eta}.")))
}

/// The lines under the sides while the game is on: the computer's flashing move, its wait,
/// the tables refused, its last move's notes, the hints, the note.
fn info_lines<'a>(play: &Play<ChompRules, GridBoard>, theme: &Theme) -> Vec<Line<'a>> {
    if play.is_over() {
        return over_lines(play, theme);
    }
    let mut lines = Vec::new();
    let name = |side| play.settings.name(side);
    if let Some(pending) = play.turns.pending {
        lines.push(Line::raw(format!(
            "{} eats {}",
            name(play.to_move()),
            pending.choice
        )));
    }
    lines.extend(waiting_line(play));
    // The bar's box now, whose tables the figures are for: it shrinks as the game goes on.
    let (rows, cols) = play.position.bounding_box();
    if let Some((needed_bytes, budget)) = play.rules.refused() {
        lines.push(Line::styled(
            format!(
                "No table for {rows}×{cols}: needs {}, {} left for tables.",
                bytes(needed_bytes),
                bytes(budget)
            ),
            theme.dim,
        ));
    }
    // Where the outcome table does not fit either, its line says enough.
    if let Some((needed_bytes, budget)) = play.rules.moves_left_refusal() {
        lines.push(Line::styled(
            format!(
                "No moves-left table for {rows}×{cols}: needs {}, {} left for tables.",
                bytes(needed_bytes),
                bytes(budget)
            ),
            theme.dim,
        ));
    }
    if play.notes.last_move_unproven {
        lines.push(Line::styled(
            "The computer's last move is not proven best.",
            theme.bad,
        ));
    }
    if let Some(unfought) = play.notes.last_move_unfought {
        let what = match unfought {
            Unfought::Win => "the fastest win",
            Unfought::Defence => "the longest defence",
        };
        lines.push(Line::styled(
            format!("Last move not proven {what}."),
            theme.bad,
        ));
    }
    lines.push(if play.hints {
        hints_line(play, theme)
    } else {
        Line::styled("Hints off (H)", theme.dim)
    });
    lines.extend(play.why_line().map(|why| Line::styled(why, theme.dim)));
    if let Some(message) = &play.message {
        lines.push(Line::styled(message.clone(), theme.bad));
    }
    lines
}

/// What the hints say of the position: who wins, and with how many winning moves.
fn hints_line<'a>(play: &Play<ChompRules, GridBoard>, theme: &Theme) -> Line<'a> {
    let who = subject(play.settings.name(play.to_move()));
    match play.rules.known(&play.position) {
        None if play.waiting.is_some() && play.rules.outcomes().is_none() => {
            Line::raw("Hints: waiting for the solver")
        }
        None => Line::raw("Hints: nothing proves this position"),
        Some(known) if !known.wins => Line::from(vec![
            Span::raw(who),
            Span::styled("losing", theme.bad),
            Span::raw(": no winning move"),
        ]),
        Some(known) if known.winning_moves.is_empty() => Line::from(vec![
            Span::raw(who),
            Span::styled("winning", theme.good),
            Span::raw(" (strategy stealing): no winning move proven"),
        ]),
        Some(known) => {
            let n = known.winning_moves.len();
            let at_least = if known.complete { "" } else { "at least " };
            Line::from(vec![
                Span::raw(who),
                Span::styled("winning", theme.good),
                Span::raw(format!(
                    ": {at_least}{n} winning move{} (★)",
                    if n == 1 { "" } else { "s" }
                )),
            ])
        }
    }
}

/// A move in the notation saved games keep ("c2") in the words of the move list and the
/// game-over dialog: the square's name.
pub fn move_words(notation: &str) -> Option<MoveWords> {
    let square = Square::parse(notation).ok()?;
    Some(MoveWords {
        listed: square.to_string(),
        short: square.to_string(),
        instead: square.to_string(),
    })
}

/// "solved: 9.1 billion positions", within the panel's 30 characters.
fn solved_line(positions: u64) -> String {
    let count = short_count(positions);
    let line = format!("solved: {count} positions");
    if line.chars().count() <= 30 {
        line
    } else {
        format!("solved: {count}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_solved_line_fits_the_panel() {
        assert_eq!(solved_line(1_716), "solved: 1,716 positions");
        assert_eq!(solved_line(9_075_135_300), "solved: 9.1 billion positions");
        assert_eq!(solved_line(137_846_528_820), "solved: 137.8 billion");
    }
}
