//! The rows board's widget: one row of coins per pile (a bar for a pile too large to draw as
//! coins), a row for each joint choice, the chosen row and take highlighted, ★ where each
//! winning take starts, the computer's move flashing; and what the side panel says.

use super::board::{Place, RowsBoard, RowsRules, label_width, most};
use crate::games::core::play::Play;
use crate::games::panel::{History, PanelInfo, SolverLine};
use crate::games::review::{in_sentence, mistake_lines, winners_text};
use crate::games::session::View;
use crate::input::Spots;
use crate::theme::{self, Theme};
use crate::units::group;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget, Wrap};

/// Terminal columns per coin.
pub const COIN_WIDTH: u16 = 2;
/// The most coins drawn in a row; a larger pile is drawn as a bar.
const MOST_COINS: u16 = 30;
/// A coin still in the pile.
pub const COIN: char = '●';
/// A coin the chosen take would remove.
pub const TAKEN: char = '○';
/// The bar's cells: coins that stay, coins the take would remove.
pub const BAR: char = '█';
pub const BAR_TAKEN: char = '░';

/// What the side panel shows for a game on the rows, beside what every game's panel shows.
pub struct RowsPanel<'a> {
    /// The solver's line (Nim's: the nim-sum).
    pub solver: String,
    /// The computer's move, the hints, the note.
    pub info: Vec<Line<'a>>,
    /// Each move ("3 from pile 2").
    pub history: History<'a>,
}

/// A game drawn as rows of coins; its state records every coin, bar cell and row as a place to
/// point at.
pub struct RowsView<'a, R: RowsRules> {
    pub game: &'a Play<R, RowsBoard>,
    pub theme: &'a Theme,
    /// The app's clock, which times the flash of the computer's move.
    pub ticks: u64,
}

/// `text` with its first letter a capital ("Pile 2", "Both piles").
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

impl<'a, R: RowsRules> RowsView<'a, R> {
    /// The view of `game` at clock `ticks`.
    pub fn new(game: &'a Play<R, RowsBoard>, theme: &'a Theme, ticks: u64) -> RowsView<'a, R> {
        RowsView { game, theme, ticks }
    }

    /// What the side panel shows: the solver's line, the computer's move, hints, the note,
    /// the moves.
    pub fn panel(&self) -> RowsPanel<'a> {
        let (game, theme) = (self.game, self.theme);
        let rules = &game.rules;
        let mut info = Vec::new();
        if !game.is_over() {
            let name = game.settings.name(game.to_move());
            if let Some(p) = game.turns.pending {
                info.push(Line::raw(format!(
                    "{name} takes {}",
                    rules.move_text(p.choice)
                )));
            }
            info.push(if game.hints {
                let who = format!("{name} {} ", if name == "You" { "are" } else { "is" });
                match game.winning_moves().unwrap_or_default().as_slice() {
                    [] => Line::from(vec![
                        Span::raw(who),
                        Span::styled("losing", theme.bad),
                        Span::raw(": no winning move"),
                    ]),
                    winning => Line::from(vec![
                        Span::raw(who),
                        Span::styled("winning", theme.good),
                        Span::raw(format!(": take {} (★)", moves_text(rules, winning))),
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
        let (solver, below) = rules.solver_line(&game.position, game.hints);
        if let Some(below) = below {
            info.insert(0, Line::styled(below, theme.dim));
        }
        RowsPanel {
            solver,
            info,
            history: History::new(&game.turns.moves, |&m| game.rules.move_text(m)),
        }
    }

    /// The move drawn as being taken, as the piles it takes from and its take: the computer's
    /// flashing one (and `true`), or the person's choice when it is legal.
    fn shown(&self, person_to_move: bool) -> (Option<(Vec<usize>, u64)>, bool) {
        let game = self.game;
        let (shown, flashing) = match game.turns.pending {
            Some(p) => (Some(p.choice), true),
            None if person_to_move && game.choice_is_legal() => (Some(game.chosen()), false),
            None => (None, false),
        };
        let shown = shown.map(|m| {
            let (row, take) = game.rules.row_of(m);
            (game.rules.takes_from(&game.position, row), take)
        });
        (shown, flashing)
    }

    /// Draws the frame, its title the game's and its start where they fit; returns its inside.
    fn frame(&self, area: Rect, buf: &mut Buffer) -> Rect {
        let (rules, theme) = (&self.game.rules, self.theme);
        let start = rules.piles(&self.game.start);
        let start = start
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let title = [
            format!(" {} — {start} at the start ", rules.title()),
            format!(" {} ", rules.title()),
        ]
        .into_iter()
        .find(|t| t.chars().count() + 2 <= usize::from(area.width))
        .unwrap_or_default();
        let block = Block::bordered().title(title).title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        inner
    }

    /// The two lines over the rows: the move being chosen or made, and what is legal now, each
    /// in a shorter form when the long one would not fit `width` (a pile of 10^18 coins).
    fn heading(&self, person_to_move: bool, width: u16) -> Vec<Line<'static>> {
        let (game, theme) = (self.game, self.theme);
        let rules = &game.rules;
        let row = rules.row_name(game.board.pile);
        let heading = match game.turns.pending {
            Some(p) => Line::raw(format!("Taking {}", rules.move_text(p.choice))),
            None if !person_to_move => Line::raw(""),
            None => match game.board.take {
                0 => Line::styled(format!("{}  ·  type a take", capital(&row)), theme.dim),
                k if game.choice_is_legal() => {
                    Line::raw(format!("{}  ·  taking {}", capital(&row), group(k)))
                }
                k => Line::styled(
                    fitting(
                        width,
                        format!("{}  ·  {} is not allowed", capital(&row), group(k)),
                        format!("{} is not allowed", group(k)),
                    ),
                    theme.bad,
                ),
            },
        };
        let now = Line::styled(
            match most(rules, &game.position, game.board.pile) {
                _ if game.is_over() => "No coin is left".to_string(),
                1 => format!("Now: take 1 from {row}"),
                coins => fitting(
                    width,
                    format!("Now: take 1 to {} from {row}", group(coins)),
                    format!("Now: take 1 to {}", group(coins)),
                ),
            },
            theme.dim,
        );
        vec![heading, now]
    }
}

impl<R: RowsRules> View for Play<R, RowsBoard> {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        RowsView::new(self, theme, ticks).render(area, buf, spots);
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        let RowsPanel {
            solver,
            info,
            history,
        } = RowsView::new(self, theme, 0).panel();
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            // The perfect computer's table, while it is built: the gauge Chomp's table shows.
            solver: SolverLine::waiting_or(self.waiting.as_ref(), || SolverLine::Text(solver)),
            info,
            history,
        }
    }

    fn review_lines(&self) -> Vec<String> {
        review(self)
    }
}

/// The lines of a game's review: how it ended, then its mistakes, as the game kept them when
/// it ended (a frame judges no move again).
fn review<R: RowsRules>(game: &Play<R, RowsBoard>) -> Vec<String> {
    let rules = &game.rules;
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        lines.push(rules.ending(game.settings.name(1 - loser)));
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(|&mv| rules.move_text(mv)).collect();
            (
                format!("took {}", rules.move_text(m.played)),
                winners_text(&winners, m.every_winner, "taking "),
            )
        },
        |i| in_sentence(game.settings.name(i % 2)),
    ));
    lines
}

/// Winning moves as the hint says them: "2 from pile 1 or 4 from pile 3".
fn moves_text<R: RowsRules>(rules: &R, moves: &[R::Move]) -> String {
    let texts: Vec<String> = moves.iter().map(|&m| rules.move_text(m)).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.concat(),
    }
}

/// `long` when it fits `width` columns, else `short`.
fn fitting(width: u16, long: String, short: String) -> String {
    if long.chars().count() <= usize::from(width) {
        long
    } else {
        short
    }
}

impl<R: RowsRules> StatefulWidget for RowsView<'_, R> {
    type State = Spots;

    fn render(self, area: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let inner = self.frame(area, buf);
        let RowsView { game, theme, ticks } = self;
        let rules = &game.rules;
        let person_to_move =
            !game.computer_to_move() && game.turns.pending.is_none() && !game.is_over();
        let (shown, flashing) = self.shown(person_to_move);
        Paragraph::new(self.heading(person_to_move, inner.width))
            .wrap(Wrap { trim: true })
            .render(
                Rect::new(inner.x, inner.y, inner.width, inner.height.min(2)),
                buf,
            );
        let body = Rect::new(
            inner.x,
            inner.y + 3,
            inner.width,
            inner.height.saturating_sub(3),
        );
        let piles = rules.piles(&game.position);
        let joint = rules.joint_rows();
        let count = u16::try_from(piles.len() + joint.len()).unwrap_or(u16::MAX);
        // A blank line between rows when there is room for it.
        let gap = if body.height >= count * 2 - 1 { 2 } else { 1 };
        let winning = game.winning_moves().filter(|_| game.hints);
        let winning: Vec<(usize, u64)> = winning
            .unwrap_or_default()
            .into_iter()
            .map(|m| rules.row_of(m))
            .collect();
        let flash_on = (ticks / 2).is_multiple_of(2);
        let label_width = label_width(rules);
        let lengths = Lengths::of(&piles, body.width.saturating_sub(label_width));
        for row in 0..piles.len() + joint.len() {
            let y = body.y + u16::try_from(row).unwrap_or(u16::MAX).saturating_mul(gap);
            if y >= body.bottom() {
                break;
            }
            let line = Rect::new(body.x, y, body.width, 1);
            spots.add(line, Place::Row(row).into());
            let chosen = person_to_move && row == game.board.pile;
            let name = joint.get(row.wrapping_sub(piles.len()));
            let mark = if chosen { '▸' } else { ' ' };
            let label =
                name.map_or_else(|| format!("{mark} {}", row + 1), |n| format!("{mark} {n}"));
            buf.set_string(
                line.x,
                y,
                &label,
                if chosen { theme.selected } else { theme.text },
            );
            let row_stars = winning.iter().filter(|&&(r, _)| r == row).map(|&(_, k)| k);
            let x = line.x + label_width;
            if name.is_some() {
                let room = Rect::new(x, y, line.right().saturating_sub(x), 1);
                draw_joint(buf, theme, room, row_stars);
                continue;
            }
            let coins = piles[row];
            let take = (shown.as_ref())
                .filter(|(from, _)| from.contains(&row))
                .map_or(0, |&(_, take)| take);
            let marks = Marks {
                take,
                taken: if flashing && flash_on {
                    theme.flash
                } else {
                    theme.preview
                },
                flashing,
                stars: row_stars.collect(),
            };
            if coins == 0 {
                buf.set_string(x, y, "·", theme.dim);
            } else if lengths.as_coins(coins) {
                draw_coins(
                    buf,
                    spots,
                    theme,
                    Rect::new(x, y, lengths.room, 1),
                    row,
                    coins,
                    &marks,
                );
                let end = x + u16::try_from(coins).unwrap_or(0) * COIN_WIDTH;
                // Each coin's cell ends in a space, which parts the count from the coins.
                buf.set_string(end, y, group(coins), theme.dim);
            } else {
                let bar = Bar {
                    area: Rect::new(x, y, lengths.bar(coins), 1),
                    pile: row,
                    coins,
                };
                bar.draw(buf, spots, theme, &marks);
                buf.set_string(bar.area.right(), y, format!(" {}", group(coins)), theme.dim);
            }
        }
    }
}

/// Draws a joint row in `room`: what it takes, and ★ with each winning take of it.
fn draw_joint(buf: &mut Buffer, theme: &Theme, room: Rect, stars: impl Iterator<Item = u64>) {
    let mut spans = vec![Span::styled("the same from each pile", theme.dim)];
    for k in stars {
        spans.push(Span::styled(
            format!("  {} {}", theme::HINT, group(k)),
            theme.hint,
        ));
    }
    Line::from(spans).render(room, buf);
}

/// How long each pile's row is drawn, in the columns right of the pile's number (`room`): a
/// pile of a few coins as its coins, a larger one as a bar. Every row is measured against the
/// same width, what is left beside the widest count, so that the bars are in proportion to
/// their piles (the largest pile's bar the longest) whatever their counts' widths; and a bar is
/// never shorter than the longest row of coins.
struct Lengths {
    /// The columns right of the piles' numbers.
    room: u16,
    /// The columns of the largest pile's bar.
    widest_bar: u16,
    /// The largest pile.
    largest: u64,
    /// The columns of the longest row of coins (0 when no pile is drawn as coins).
    longest_coins: u16,
}

impl Lengths {
    fn of(piles: &[u64], room: u16) -> Lengths {
        let count_width = piles
            .iter()
            .map(|&coins| 1 + group(coins).len())
            .max()
            .unwrap_or(0);
        let mut lengths = Lengths {
            room,
            widest_bar: room
                .saturating_sub(u16::try_from(count_width).unwrap_or(u16::MAX))
                .max(1),
            largest: piles.iter().copied().max().unwrap_or(0),
            longest_coins: 0,
        };
        lengths.longest_coins = piles
            .iter()
            .filter(|&&coins| lengths.as_coins(coins))
            .map(|&coins| u16::try_from(coins).unwrap_or(0) * COIN_WIDTH)
            .max()
            .unwrap_or(0);
        lengths
    }

    /// Whether a pile of `coins` is drawn as its coins: at most [`MOST_COINS`], where they fit
    /// the largest pile's bar, so that no row of coins reaches past a larger pile's bar.
    fn as_coins(&self, coins: u64) -> bool {
        coins <= u64::from((self.widest_bar / COIN_WIDTH).min(MOST_COINS))
    }

    /// The cells of a pile of `coins` drawn as a bar: in proportion to the largest pile's
    /// (a cell at least), and as long as the longest row of coins.
    fn bar(&self, coins: u64) -> u16 {
        let cells = (u128::from(coins) * u128::from(self.widest_bar))
            .div_ceil(u128::from(self.largest.max(1)));
        let cells = u16::try_from(cells).unwrap_or(u16::MAX);
        cells.max(self.longest_coins).clamp(1, self.widest_bar)
    }
}

/// How a pile's coins are marked: the last `take` coins as taken (in `taken` style), and ★
/// where each winning take in `stars` starts. As in the pile games, a star shows over the
/// person's chosen take but not over the computer's flashing move.
struct Marks {
    take: u64,
    taken: Style,
    flashing: bool,
    stars: Vec<u64>,
}

/// Draws `coins` coins in `row`, recording each as a place to point at.
fn draw_coins(
    buf: &mut Buffer,
    spots: &mut Spots,
    theme: &Theme,
    row: Rect,
    pile: usize,
    coins: u64,
    marks: &Marks,
) {
    for index in 0..coins {
        let x = row.x + u16::try_from(index).unwrap_or(0) * COIN_WIDTH;
        let removed = marks.take > 0 && index >= coins - marks.take;
        let (ch, style) = if removed && marks.flashing {
            (TAKEN, marks.taken)
        } else if marks.stars.contains(&(coins - index)) {
            (theme::HINT, theme.hint)
        } else if removed {
            (TAKEN, marks.taken)
        } else {
            (COIN, theme.chocolate)
        };
        buf[(x, row.y)].set_char(ch).set_style(style);
        spots.add(
            Rect::new(x, row.y, COIN_WIDTH, 1),
            Place::Coin { pile, index }.into(),
        );
    }
}

/// A pile too large to draw as coins, as one row: each cell stands for an equal run of coins,
/// first coin on the left, so a take (the last coins) is a run of cells on the right.
struct Bar {
    area: Rect,
    pile: usize,
    coins: u64,
}

impl Bar {
    /// The index of the first coin in cell `cell`.
    fn first_coin(&self, cell: u16) -> u64 {
        let index = u128::from(self.coins) * u128::from(cell) / u128::from(self.area.width.max(1));
        u64::try_from(index).unwrap_or(u64::MAX)
    }

    /// The cell that holds coin `index`.
    fn cell_of(&self, index: u64) -> u16 {
        let cell = u128::from(index) * u128::from(self.area.width) / u128::from(self.coins.max(1));
        u16::try_from(cell.min(u128::from(self.area.width.saturating_sub(1)))).unwrap_or(0)
    }

    /// Draws the bar with its marks; records every cell as a place to point at.
    fn draw(&self, buf: &mut Buffer, spots: &mut Spots, theme: &Theme, marks: &Marks) {
        let first_taken = (marks.take > 0).then(|| self.cell_of(self.coins - marks.take));
        // Each ★'s cell and the first coin of its winning take: clicking a ★ chooses that take,
        // not the take from the cell's first coin (a cell stands for many coins).
        let starred: Vec<(u16, u64)> = marks
            .stars
            .iter()
            .filter(|&&k| k <= self.coins)
            .map(|&k| (self.cell_of(self.coins - k), self.coins - k))
            .collect();
        for cell in 0..self.area.width {
            let x = self.area.x + cell;
            let taken = first_taken.is_some_and(|first| cell >= first);
            let star = starred.iter().find(|&&(c, _)| c == cell).map(|&(_, i)| i);
            let (ch, style) = match (taken, star.is_some()) {
                (true, _) => (BAR_TAKEN, marks.taken),
                (false, true) => (theme::HINT, theme.hint),
                (false, false) => (BAR, theme.chocolate),
            };
            buf[(x, self.area.y)].set_char(ch).set_style(style);
            spots.add(
                Rect::new(x, self.area.y, 1, 1),
                Place::Bar {
                    pile: self.pile,
                    index: star.unwrap_or_else(|| self.first_coin(cell)),
                }
                .into(),
            );
        }
    }
}
