//! A Chomp game's view: the chocolate bar, a grid of squares with column letters below and row
//! numbers on the left, and beside it what the game puts in the side panel.

use super::fields::ChompValues;
use super::rules::{Square, column_letters};
use super::session::{ChompSession, MovesLeftState, SolverState, Unfought, spot};
use crate::games::chomp::solver::Phase;
use crate::games::grid::view::{Geometry, Look, draw_cell};
use crate::games::panel::{History, PanelInfo, SolverLine, subject};
use crate::games::review::{MoveWords, in_sentence, mistake_lines, winners_text};
use crate::games::session::View;
use crate::games::setup::Level;
use crate::input::Spots;
use crate::theme::{self, Theme};
use crate::units::{bytes, count, short_count};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, StatefulWidget, Widget};

/// A Chomp game drawn as a bar of squares; its state, the [`Spots`], records every square
/// still on the bar as a place to click.
#[derive(Clone, Copy)]
pub struct BoardView<'a> {
    pub game: &'a ChompSession,
    pub theme: &'a Theme,
    /// The app's clock, which times the flash of the computer's move.
    pub ticks: u64,
}

impl<'a> BoardView<'a> {
    /// The view of `game` at clock `ticks`.
    pub fn new(game: &'a ChompSession, theme: &'a Theme, ticks: u64) -> BoardView<'a> {
        BoardView { game, theme, ticks }
    }

    /// What the side panel shows for this game: the solver, hints, notes and the moves.
    pub fn panel(&self) -> PanelInfo<'a> {
        let game = self.game;
        let solver = match (&game.solver, &game.moves_left) {
            // Each build named by what it solves: the outcomes, then the moves left.
            (SolverState::Solving { done, total, .. }, _) => SolverLine::Progress {
                label: Phase::Outcomes.label(),
                done: *done,
                total: *total,
            },
            (SolverState::Ready(_), MovesLeftState::Building { done, total, .. }) => {
                SolverLine::Progress {
                    label: Phase::MovesLeft.label(),
                    done: *done,
                    total: *total,
                }
            }
            (SolverState::Ready(_), MovesLeftState::Refused { .. }) => {
                SolverLine::Text("moves left: over memory budget".into())
            }
            (SolverState::Ready(table), _) => SolverLine::Text(solved_line(table.positions())),
            (SolverState::Refused { .. }, _) => {
                SolverLine::Warning("no table: over memory budget".into())
            }
            (SolverState::Stopped, _) => SolverLine::Text("stopped: review complete".into()),
        };
        PanelInfo {
            settings: &game.settings,
            to_move: game.to_move(),
            loser: game.loser(),
            solver,
            info: info_lines(game, self.theme),
            history: History::new(&game.turns.moves, ToString::to_string),
        }
    }

    /// How `square`, still on the bar, is drawn: marks and colours for the poison, the
    /// computer's flashing move, hints, the cursor and what its move would eat.
    fn look(&self, square: Square, winning: &[Square], person_to_move: bool) -> Look {
        let (game, theme) = (self.game, self.theme);
        let flash_on = (self.ticks / 2).is_multiple_of(2);
        let flashing = game
            .turns
            .pending
            .is_some_and(|p| game.position.would_eat(p.choice.square(), square));
        let previewed = person_to_move && game.position.would_eat(game.cursor, square);
        let is_cursor = square == game.cursor && !game.is_over();
        // The computer's flashing move is drawn whole, over any hint mark under it.
        let mark = if square.is_poison() {
            Some(theme::POISON)
        } else if flashing {
            Some(theme::EAT_MARK)
        } else if winning.contains(&square) {
            Some(theme::HINT)
        } else if is_cursor && person_to_move {
            Some(theme::CURSOR)
        } else if previewed {
            Some(theme::EAT_MARK)
        } else {
            None
        };
        let fill = if previewed || flashing {
            theme::WOULD_EAT
        } else {
            theme::CHOCOLATE
        };
        let style = if is_cursor && person_to_move {
            theme.cursor
        } else if flashing {
            if flash_on { theme.flash } else { theme.preview }
        } else if square.is_poison() {
            theme.poison
        } else if winning.contains(&square) {
            theme.hint
        } else if previewed {
            theme.preview
        } else {
            theme.chocolate
        };
        Look { fill, mark, style }
    }
}

impl StatefulWidget for BoardView<'_> {
    type State = Spots;

    fn render(self, area: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let BoardView { game, theme, .. } = self;
        let s = &game.settings;
        let title = format!(
            " Chomp {}×{} ",
            ChompValues::from(&s.values).rows,
            ChompValues::from(&s.values).cols
        );
        let block = Block::bordered().title(title).title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let Some(geometry) = Geometry::fit(
            inner,
            ChompValues::from(&s.values).rows.into(),
            ChompValues::from(&s.values).cols.into(),
        ) else {
            return;
        };
        let winning = if game.hints {
            game.winning_moves().unwrap_or_default()
        } else {
            Vec::new()
        };
        let person_to_move =
            !game.computer_to_move() && game.turns.pending.is_none() && !game.is_over();
        for col in 0..ChompValues::from(&s.values).cols {
            for row in 0..ChompValues::from(&s.values).rows {
                let square = Square::new(col, row);
                let cell = area_of(&geometry, square);
                if !game.position.contains(square) {
                    draw_cell(
                        buf,
                        cell,
                        &Look {
                            fill: ' ',
                            mark: Some(theme::EATEN),
                            style: theme.eaten,
                        },
                    );
                    continue;
                }
                spots.add(cell, spot(square));
                draw_cell(buf, cell, &self.look(square, &winning, person_to_move));
            }
        }
        // Column letters under the bar, row numbers left of it.
        geometry.draw_labels(
            buf,
            ChompValues::from(&s.values).cols.into(),
            |col| column_letters(u8::try_from(col).unwrap_or(u8::MAX)),
            |row| format!("{:>2}", row + 1),
            theme.dim,
        );
    }
}

/// The screen cells of `square`.
fn area_of(geometry: &Geometry, square: Square) -> Rect {
    geometry.cell_area(square.col.into(), square.row.into())
}

impl View for ChompSession {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        BoardView::new(self, theme, ticks).render(area, buf, spots);
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        BoardView::new(self, theme, 0).panel()
    }

    fn review_lines(&self) -> Vec<String> {
        review(self)
    }
}

/// The lines of a Chomp game's review: how it ended, then its mistakes.
fn review(game: &ChompSession) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        lines.push(format!(
            "{} ate the poison ☠ after {}.",
            game.name(loser),
            count(game.turns.moves.len() as u64, "move", "moves")
        ));
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(ToString::to_string).collect();
            (
                format!("ate {}", m.played),
                winners_text(&winners, m.every_winner, ""),
            )
        },
        |i| in_sentence(game.name(i % 2)),
    ));
    lines
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
pub(super) fn solved_line(positions: u64) -> String {
    let count = short_count(positions);
    let line = format!("solved: {count} positions");
    if line.chars().count() <= 30 {
        line
    } else {
        format!("solved: {count}")
    }
}

/// The panel's lines once the game is over: a review still completing, and how the computer
/// chose where it did not prove its moves (at random, as its level plays; or by a search).
fn over_lines<'a>(game: &ChompSession, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    if matches!(game.solver, SolverState::Solving { .. }) {
        // The build goes on after the end only for the moves the review cannot judge yet.
        lines.push(Line::raw("Completing the review."));
    }
    if game.random_moves {
        // On purpose, as the level plays: not a failure of the solver.
        lines.push(Line::styled(
            match game.settings.level {
                Level::Casual => "The computer played at random (casual).",
                Level::Strong | Level::Perfect => "Some computer moves were random (strong).",
            },
            theme.dim,
        ));
    }
    if game.unproven_moves {
        lines.push(Line::styled(
            "Some computer moves were not proven best.",
            theme.dim,
        ));
    }
    if game.unfought_moves {
        lines.push(Line::styled(
            "Some computer moves were not proven fastest or longest.",
            theme.dim,
        ));
    }
    lines
}

/// While the computer waits for a table: which one, and when it is due.
fn waiting_line<'a>(game: &ChompSession) -> Option<Line<'a>> {
    if !game.computer_to_move() || game.turns.pending.is_some() {
        return None;
    }
    let (what, due) = if game.waits_for_table() {
        ("the table", game.table_ready_in())
    } else if game.waits_for_moves_left() {
        ("the moves-left table", game.moves_left_ready_in())
    } else {
        return None;
    };
    let eta = due
        .map(|t| format!(", ready in about {} s", t.as_secs().max(1)))
        .unwrap_or_default();
    Some(Line::raw(format!(
        "{} waits for {what}{eta}.",
        game.name(game.to_move())
    )))
}

/// At level perfect, when the computer's last move was made without the moves-left table:
/// what it is not proven to be (the solver's line above says why: the table's gauge, or over
/// the memory budget).
fn unfought_line<'a>(game: &ChompSession, theme: &Theme) -> Option<Line<'a>> {
    let what = match game.last_move_unfought? {
        Unfought::Win => "the fastest win",
        Unfought::Defence => "the longest defence",
    };
    Some(Line::styled(
        format!("Last move not proven {what}."),
        theme.bad,
    ))
}

fn info_lines<'a>(game: &ChompSession, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    if game.is_over() {
        return over_lines(game, theme);
    }
    if let Some(pending) = game.turns.pending {
        lines.push(Line::raw(format!(
            "{} eats {}",
            game.name(game.to_move()),
            pending.choice.square()
        )));
    }
    lines.extend(waiting_line(game));
    // The bar's box now, whose tables the figures are for: it shrinks as the game goes on.
    let (rows, cols) = game.position.bounding_box();
    if let SolverState::Refused {
        needed_bytes,
        budget,
    } = game.solver
    {
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
    if let MovesLeftState::Refused {
        needed_bytes,
        budget,
    } = game.moves_left
        && !matches!(game.solver, SolverState::Refused { .. })
    {
        lines.push(Line::styled(
            format!(
                "No moves-left table for {rows}×{cols}: needs {}, {} left for tables.",
                bytes(needed_bytes),
                bytes(budget)
            ),
            theme.dim,
        ));
    }
    if game.last_move_unproven {
        lines.push(Line::styled(
            "The computer's last move is not proven best.",
            theme.bad,
        ));
    }
    lines.extend(unfought_line(game, theme));
    if game.hints {
        lines.push(match game.answer() {
            None if matches!(game.solver, SolverState::Solving { .. }) => {
                Line::raw("Hints: waiting for the solver")
            }
            None => Line::raw("Hints: nothing proves this position"),
            Some(answer) if !answer.wins => Line::from(vec![
                Span::raw(subject(game.name(game.to_move()))),
                Span::styled("losing", theme.bad),
                Span::raw(": no winning move"),
            ]),
            Some(answer) if answer.winning_moves.is_empty() => Line::from(vec![
                Span::raw(subject(game.name(game.to_move()))),
                Span::styled("winning", theme.good),
                Span::raw(" (strategy stealing): no winning move proven"),
            ]),
            Some(answer) => {
                let n = answer.winning_moves.len();
                let at_least = if answer.complete { "" } else { "at least " };
                Line::from(vec![
                    Span::raw(subject(game.name(game.to_move()))),
                    Span::styled("winning", theme.good),
                    Span::raw(format!(
                        ": {at_least}{n} winning move{} (★)",
                        if n == 1 { "" } else { "s" }
                    )),
                ])
            }
        });
    } else {
        lines.push(Line::styled("Hints off (H)", theme.dim));
    }
    if let Some(message) = &game.message {
        lines.push(Line::styled(message.clone(), theme.bad));
    }
    lines
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
