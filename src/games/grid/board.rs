//! The grid board of a game on the core: a cursor on the cells (arrows, the pointer), Enter or
//! a click plays the move that goes to the cursor's cell, and the widget draws what stands on
//! each cell, the cells a move can go to, the hints and the computer's flashing move.
//!
//! A game plugs in with [`GridRules`] on top of its [`Rules`]: the grid's size, what stands on a
//! cell, which move goes to a cell (or why none does), and a move's cell and words. Wythoff's
//! game ("corner the queen") is the first to use it.

use super::view::{Geometry, Look, draw_cell, min_size};
use crate::games::core::board::{Board, Input};
use crate::games::core::play::Play;
use crate::games::core::rules::Rules;
use crate::games::panel::{History, PanelInfo, SolverLine, subject};
use crate::games::review::{in_sentence, mistake_lines, winners_text};
use crate::games::session::View;
use crate::input::{
    ANALYSE, ARROWS, Action, Binding, COPY_POSITION, ENTER_SPACE, HELP, LEAVE, PAGES, REDO,
    RESTART, Spot, Spots, UNDO, bind, plain,
};
use crate::theme::{self, Theme};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

/// A cell of the grid: its column and row from the bottom-left corner (0, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    pub col: u16,
    pub row: u16,
}

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// Nothing: a cell no move goes to.
    Empty,
    /// A piece, drawn as its mark (the queen ♛).
    Piece(char),
    /// A goal drawn as its mark (the corner the queen heads for), where nothing stands.
    Goal(char),
}

/// The rules of a game played on the grid board.
pub trait GridRules: Rules {
    /// The grid's size for a game from `start`: (columns, rows).
    fn size(&self, start: &Self::Position) -> (u16, u16);

    /// What stands on `cell` at `at`.
    fn piece(&self, at: &Self::Position, cell: Cell) -> Piece;

    /// The move that goes to `cell` at `at`, or why none does (one line, ending without a
    /// full stop: "the queen moves left, down or diagonally down-left").
    fn move_to(&self, at: &Self::Position, cell: Cell) -> Result<Self::Move, String>;

    /// The cell `m` goes to from `at`.
    fn target(&self, at: &Self::Position, m: Self::Move) -> Cell;

    /// The board's title over the grid for a game from `start` ("Wythoff 4,5").
    fn title(&self, start: &Self::Position) -> String;

    /// The cells the why of `at` points at ([`Rules::why`]: Wythoff's lost squares), which
    /// the Study's board marks where no move's mark stands; none by default.
    fn why_cells(&self, _at: &Self::Position) -> Vec<Cell> {
        Vec::new()
    }

    /// A move in the words of the move list and the review ("to c2").
    fn move_text(&self, m: Self::Move) -> String;

    /// Column `col`'s label under the grid (its number, from 0, by default).
    fn col_label(&self, col: u16) -> String {
        col.to_string()
    }

    /// Row `row`'s label left of the grid (its number, from 0, by default).
    fn row_label(&self, row: u16) -> String {
        format!("{row:>2}")
    }

    /// How the game ended, for the review ("You cornered the queen.").
    fn ending(&self, winner: &str) -> String {
        format!("{winner} made the last move.")
    }

    /// How the game ended after `moves` moves, for the review, where the loser's part says
    /// more ("You ate the poison ☠ after 9 moves."): [`GridRules::ending`] by default.
    fn ending_after(&self, winner: &str, _loser: &str, _moves: usize) -> String {
        self.ending(winner)
    }

    /// A move played, in the review's words ("moved to c2"; Chomp's "ate c2").
    fn played(&self, m: Self::Move) -> String {
        format!("moved {}", self.move_text(m))
    }

    /// The word before each winning move the review names instead ("moving to c2"; none
    /// for Chomp's squares).
    fn instead(&self) -> &'static str {
        "moving "
    }

    /// How the Study screen sizes the cells (see [`StudyCells`]): fitted by default.
    fn study_cells(&self) -> StudyCells {
        StudyCells::Fitted
    }

    /// Whether `m` at `at` takes what stands on `cell` (a bite of Chomp's bar eats the squares
    /// above and right of it): the Study screen previews it while `m` is chosen, and the game
    /// while the cursor's move is, and the computer's flashing move with it. `false` by
    /// default.
    fn takes(&self, _at: &Self::Position, _m: Self::Move, _cell: Cell) -> bool {
        false
    }

    /// The cell the cursor starts from in a game from `at`, before [`GridRules::keep_cursor`]
    /// (or the board's own rule) keeps it where a move goes: the corner by default.
    fn first_cell(&self, _at: &Self::Position) -> Cell {
        Cell { col: 0, row: 0 }
    }

    /// Whether the arrows may put the cursor on `cell` at `at` (every cell of the grid by
    /// default; Chomp's only on the bar).
    fn cursor_on(&self, _at: &Self::Position, _cell: Cell) -> bool {
        true
    }

    /// Where the cursor goes from `cursor` after a move (or at the start), when the game has a
    /// rule of its own (Chomp's: back on the bar, off the poison while other squares remain);
    /// `None` by default: it stays where a move goes, else goes to the reachable cell nearest
    /// the piece.
    fn keep_cursor(&self, _at: &Self::Position, _cursor: Cell) -> Option<Cell> {
        None
    }

    /// The panel's solver line and lines under the sides, where the game says more than the
    /// grid board does (Chomp's: each table's gauge, what the computer waits for, how it came
    /// by its moves, its hints counted); `None` by default.
    fn panel<'a>(
        _play: &'a Play<Self, GridBoard>,
        _theme: &'a Theme,
    ) -> Option<(SolverLine, Vec<Line<'a>>)>
    where
        Self: Sized,
    {
        None
    }

    /// The keys of its game screen, as the key bar and the help list them: the grid board's
    /// by default (a game may name its move in its own words: "eat").
    fn keys() -> &'static [Binding]
    where
        Self: Sized,
    {
        KEYS
    }
}

/// How the grid's cells are sized on the Study screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StudyCells {
    /// The largest cells that fit, as the game's board draws them, each mark in its middle
    /// (the queen's board, where few cells are moves).
    Fitted,
    /// From the left, each cell as wide as the longest mark a position of the grid can have
    /// (a move's moves left are at most the cells but one) with a space before it for the
    /// chosen move's pointer, a row or two high; where the marks do not fit, a letter a cell
    /// (Chomp's bar, where every cell left is a move).
    ByMarks,
}

/// The cursor on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridBoard {
    pub cursor: Cell,
}

/// Keys while a game on the grid board is on.
pub const KEYS: &[Binding] = &[
    bind("←↑↓→ hjkl", "move the cursor", Some("move"), ARROWS),
    bind(
        "Enter Space",
        "move to the cursor's cell",
        Some("move there"),
        ENTER_SPACE,
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning cell",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    ANALYSE,
    COPY_POSITION,
    HELP,
    LEAVE,
];

/// The spot the board draws `cell` at.
pub fn spot(cell: Cell) -> Spot {
    Spot(cell.col.into(), cell.row.into())
}

impl<R: GridRules> Board<R> for GridBoard {
    /// On the cell a move goes to nearest the piece, else on the corner (or where the game's
    /// rules put it).
    fn new(rules: &R, at: &R::Position) -> GridBoard {
        let mut board = GridBoard {
            cursor: rules.first_cell(at),
        };
        board.settle(rules, at);
        board
    }

    fn act(&mut self, rules: &R, at: &R::Position, action: Action) -> Input<R::Move> {
        let (cols, rows) = rules.size(at);
        let Cell { col, row } = self.cursor;
        let to = match action {
            Action::Left => Cell {
                col: col.saturating_sub(1),
                row,
            },
            Action::Right => Cell {
                col: (col + 1).min(cols.saturating_sub(1)),
                row,
            },
            Action::Down => Cell {
                col,
                row: row.saturating_sub(1),
            },
            Action::Up => Cell {
                col,
                row: (row + 1).min(rows.saturating_sub(1)),
            },
            Action::Select => return go(rules, at, self.cursor),
            _ => return Input::Nothing,
        };
        if rules.cursor_on(at, to) {
            self.cursor = to;
        }
        Input::Note(None)
    }

    /// The pointer over a cell puts the cursor there; a click moves there.
    fn point(&mut self, rules: &R, at: &R::Position, spot: Spot, click: bool) -> Input<R::Move> {
        let (Ok(col), Ok(row)) = (u16::try_from(spot.0), u16::try_from(spot.1)) else {
            return Input::Nothing;
        };
        let (cols, rows) = rules.size(at);
        if col >= cols || row >= rows {
            return Input::Nothing;
        }
        self.cursor = Cell { col, row };
        if click {
            go(rules, at, self.cursor)
        } else {
            Input::Nothing
        }
    }

    /// Where the cursor's cell can no longer be reached, onto the reachable cell nearest the
    /// piece (the leftmost of the nearest), or the first from the corner.
    fn settle(&mut self, rules: &R, at: &R::Position) {
        if let Some(cell) = rules.keep_cursor(at, self.cursor) {
            self.cursor = cell;
            return;
        }
        if rules.move_to(at, self.cursor).is_ok() {
            return;
        }
        let (cols, rows) = rules.size(at);
        let cells = || (0..rows).flat_map(move |row| (0..cols).map(move |col| Cell { col, row }));
        let piece = cells().find(|&cell| matches!(rules.piece(at, cell), Piece::Piece(_)));
        let far =
            |cell: Cell| piece.map_or(0, |p| p.col.abs_diff(cell.col) + p.row.abs_diff(cell.row));
        let reached = cells()
            .filter(|&cell| rules.move_to(at, cell).is_ok())
            .min_by_key(|&cell| (far(cell), cell.col, cell.row));
        if let Some(cell) = reached {
            self.cursor = cell;
        }
    }

    fn refused(&mut self, _: &R, _: &R::Position, _: R::Move, reason: String) -> String {
        format!("Not allowed: {reason}.")
    }

    fn keys() -> &'static [Binding] {
        R::keys()
    }

    fn view_size(rules: &R, start: &R::Position) -> (u16, u16) {
        let (cols, rows) = rules.size(start);
        min_size(rows, cols)
    }
}

/// The move to `cell`, or the reason there is none as a note.
fn go<R: GridRules>(rules: &R, at: &R::Position, cell: Cell) -> Input<R::Move> {
    match rules.move_to(at, cell) {
        Ok(m) => Input::Play(m),
        Err(reason) => Input::Note(Some(format!("Not allowed: {reason}."))),
    }
}

/// The grid board's widget and panel, for every game on it.
impl<R: GridRules> View for Play<R, GridBoard> {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        let title = format!(" {} ", self.rules.title(&self.start));
        let block = Block::bordered().title(title).title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let (cols, rows) = self.rules.size(&self.start);
        let Some(geometry) = Geometry::fit(inner, rows, cols) else {
            return;
        };
        let at = &self.position;
        let winning: Vec<Cell> = if self.hints {
            let moves = self.winning_moves().unwrap_or_default();
            moves
                .into_iter()
                .map(|m| self.rules.target(at, m))
                .collect()
        } else {
            Vec::new()
        };
        let pending = self.turns.pending.map(|p| p.choice);
        let flashing = pending.map(|m| self.rules.target(at, m));
        let flash_on = (ticks / 2).is_multiple_of(2);
        let person_to_move = !self.computer_to_move() && self.turns.pending.is_none();
        let person_to_move = person_to_move && !self.is_over();
        // The move under the cursor, whose bite is previewed.
        let chosen = (self.rules.move_to(at, self.board.cursor).ok()).filter(|_| person_to_move);
        let takes = |m: Option<R::Move>, cell| m.is_some_and(|m| self.rules.takes(at, m, cell));
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell { col, row };
                let reached = self.rules.move_to(at, cell).is_ok();
                let is_cursor = person_to_move && cell == self.board.cursor;
                // What the flashing move, or the one under the cursor, would take.
                let (bitten, previewed) = (
                    reached && takes(pending, cell),
                    reached && takes(chosen, cell),
                );
                let piece = self.rules.piece(at, cell);
                let (fill, style) = match (piece, reached) {
                    (Piece::Piece(_), _) => (theme::CHOCOLATE, theme.poison),
                    (_, true) => (theme::CHOCOLATE, theme.chocolate),
                    _ => (' ', theme.eaten),
                };
                let fill = if bitten || previewed {
                    theme::WOULD_EAT
                } else {
                    fill
                };
                let flashed = flashing == Some(cell) || bitten;
                let mark = match piece {
                    Piece::Piece(mark) => Some(mark),
                    _ if flashed => Some(theme::EAT_MARK),
                    _ if winning.contains(&cell) => Some(theme::HINT),
                    _ if is_cursor => Some(theme::CURSOR),
                    _ if previewed => Some(theme::EAT_MARK),
                    Piece::Goal(mark) => Some(mark),
                    Piece::Empty if reached => None,
                    Piece::Empty => Some(theme::EATEN),
                };
                let style = if is_cursor {
                    theme.cursor
                } else if flashed {
                    if flash_on { theme.flash } else { theme.preview }
                } else if matches!(piece, Piece::Piece(_)) {
                    style
                } else if winning.contains(&cell) {
                    theme.hint
                } else if previewed {
                    theme.preview
                } else {
                    style
                };
                let area = geometry.cell_area(col, row);
                if reached {
                    spots.add(area, spot(cell));
                }
                draw_cell(buf, area, &Look { fill, mark, style });
            }
        }
        geometry.draw_labels(
            buf,
            cols,
            |col| self.rules.col_label(col),
            |row| self.rules.row_label(row),
            theme.dim,
        );
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        let history = History::new(&self.turns.moves, |&m| self.rules.move_text(m));
        let (solver, info) = R::panel(self, theme).unwrap_or_else(|| grid_panel(self, theme));
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            solver,
            info,
            history,
        }
    }

    /// How the game ended, then the moves that threw a won position away.
    fn review_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(loser) = self.loser() {
            let name = |side| self.settings.name(side);
            let moves = self.turns.moves.len();
            let ending = self.rules.ending_after(name(1 - loser), name(loser), moves);
            lines.push(ending);
        }
        lines.extend(mistake_lines(
            &self.turns.review,
            |m| {
                let winners: Vec<String> =
                    m.winners.iter().map(|&w| self.rules.move_text(w)).collect();
                (
                    self.rules.played(m.played),
                    winners_text(&winners, m.every_winner, self.rules.instead()),
                )
            },
            |i| in_sentence(self.settings.name(i % 2)),
        ));
        lines
    }
}

/// The panel of a grid game whose rules draw none of their own: the build's progress, the
/// move being played, the hints (or that they are off) and the last refusal.
fn grid_panel<'a, R: GridRules>(
    game: &'a Play<R, GridBoard>,
    theme: &'a Theme,
) -> (SolverLine, Vec<Line<'a>>) {
    let solver = SolverLine::waiting_or(game.waiting.as_ref(), || SolverLine::Text(String::new()));
    let mut info = Vec::new();
    if !game.is_over() {
        let name = game.settings.name(game.to_move());
        if let Some(p) = game.turns.pending {
            let text = game.rules.move_text(p.choice);
            info.push(Line::raw(format!("{name}: {text}")));
        }
        info.push(if game.hints {
            let texts: Vec<String> = (game.winning_moves().unwrap_or_default().into_iter())
                .map(|m| game.rules.move_text(m))
                .collect();
            let who = subject(name);
            match &texts[..] {
                [] => Line::from(vec![
                    Span::raw(who),
                    Span::styled("losing", theme.bad),
                    Span::raw(": no winning move"),
                ]),
                _ => Line::from(vec![
                    Span::raw(who),
                    Span::styled("winning", theme.good),
                    Span::raw(format!(": {} (★)", texts.join(", "))),
                ]),
            }
        } else {
            Line::styled("Hints off (H)", theme.dim)
        });
        info.extend(game.why_line().map(|why| Line::styled(why, theme.dim)));
        if let Some(message) = &game.message {
            info.push(Line::styled(message.clone(), theme.bad));
        }
    }
    (solver, info)
}
