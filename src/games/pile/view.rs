//! A coin-pile game's view: the pile as rows of coins, the chosen take highlighted, and beside
//! it what the game puts in the side panel.

use super::rules::PileRules;
use super::session::{PileBoard, PileSession, bar, coin};
use crate::games::core::play::Play;
use crate::games::panel::{History, PanelInfo, SolverLine, subject};
use crate::games::review::{MoveWords, in_sentence, mistake_lines, winners_text};
use crate::games::session::View;
use crate::games::setup::Player;
use crate::input::Spots;
use crate::theme::{self, Theme};
use crate::units::{count, group, runs_one_of};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget, Wrap};

/// How long the winning takes may be in the hint (the panel wraps it over a few lines).
const HINT_TAKES: usize = 40;
/// Terminal columns per coin.
const COIN_WIDTH: u16 = 2;
/// A coin still in the pile.
pub const COIN: char = '●';
/// A coin the chosen take would remove.
pub const TAKEN: char = '○';

/// Where the coins sit: `per_row` coins a row, rows top down from `area`'s top-left.
struct Grid {
    area: Rect,
    per_row: u64,
}

impl Grid {
    /// A grid holding `pile` coins in `area`, or `None` if they do not fit.
    fn fit(area: Rect, pile: u64) -> Option<Grid> {
        let per_row = u64::from(area.width / COIN_WIDTH).min(30);
        if per_row == 0 {
            return None;
        }
        (pile.div_ceil(per_row) <= u64::from(area.height)).then_some(Grid { area, per_row })
    }

    /// The screen cells of coin `index` (0 is the first coin; takes remove the last ones).
    fn coin(&self, index: u64) -> Rect {
        let (row, col) = (index / self.per_row, index % self.per_row);
        Rect::new(
            self.area.x + col as u16 * COIN_WIDTH,
            self.area.y + row as u16,
            COIN_WIDTH,
            1,
        )
    }
}

/// A coin-pile game drawn as rows of coins (or, too large for that, as a bar); its state, the
/// [`Spots`], records every coin or bar cell as a place to click.
pub struct PileView<'a, R: PileRules> {
    pub game: &'a PileSession<R>,
    pub theme: &'a Theme,
    /// The app's clock, which times the flash of the computer's take.
    pub ticks: u64,
}

impl<'a, R: PileRules> PileView<'a, R> {
    /// The view of `game` at clock `ticks`.
    pub fn new(game: &'a PileSession<R>, theme: &'a Theme, ticks: u64) -> PileView<'a, R> {
        PileView { game, theme, ticks }
    }

    /// What the side panel shows for this game: the solver, hints, notes and the takes.
    pub fn panel(&self) -> PanelInfo<'a> {
        let (game, theme) = (self.game, self.theme);
        // The rules' tables, while they are built: the gauge Chomp's table shows.
        let solver = SolverLine::waiting_or(game.waiting.as_ref(), || game.rules.solver_line());
        let mut info = Vec::new();
        if !game.is_over() {
            if let Some(p) = game.turns.pending {
                info.push(Line::raw(format!(
                    "{} takes {}",
                    game.settings.name(game.to_move()),
                    group(p.choice)
                )));
            }
            info.push(if game.hints {
                let who = subject(game.settings.name(game.to_move()));
                match game.winning_takes() {
                    None if game.waiting.is_some() => Line::raw("Hints: once solved"),
                    None => Line::raw("Hints: the period is unknown here"),
                    Some(w) if w.is_empty() => Line::from(vec![
                        Span::raw(who),
                        Span::styled("losing", theme.bad),
                        Span::raw(": no winning take"),
                    ]),
                    Some(w) => Line::from(vec![
                        Span::raw(who),
                        Span::styled("winning", theme.good),
                        Span::raw(format!(": take {} (★)", runs_one_of(&w, HINT_TAKES))),
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
        PanelInfo {
            settings: &game.settings,
            to_move: game.to_move(),
            loser: game.loser(),
            solver,
            info,
            history: History::new(&game.turns.moves, |&k| took(k)),
        }
    }
}

/// A take as the move list writes it: "took 3".
fn took(take: u64) -> String {
    format!("took {}", group(take))
}

/// A take in the notation saved games keep (`3`) in the words of the move list ("took 3") and
/// the game-over dialog ("taking 3").
pub fn move_words(notation: &str) -> Option<MoveWords> {
    let take: u64 = notation.parse().ok().filter(|&k| k > 0)?;
    Some(MoveWords {
        listed: took(take),
        short: took(take),
        instead: format!("taking {}", group(take)),
    })
}

/// The longest title of `game` that fits a border `width` wide.
fn title(game: &PileSession<impl PileRules>, width: u16) -> String {
    let (name, start) = (game.title(), group(game.start.pile));
    [
        format!(" {name} — {start} coins at the start "),
        format!(" {name} — from {start} "),
        format!(" {name} "),
    ]
    .into_iter()
    .find(|t| t.chars().count() + 2 <= usize::from(width))
    .unwrap_or_else(|| {
        format!(
            " {} ",
            crate::units::cut(&name, usize::from(width).saturating_sub(4))
        )
    })
}

impl<R: PileRules> StatefulWidget for PileView<'_, R> {
    type State = Spots;

    fn render(self, area: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let PileView { game, theme, ticks } = self;
        let block = Block::bordered()
            .title(title(game, area.width))
            .title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let person_to_move =
            !game.computer_to_move() && game.turns.pending.is_none() && !game.is_over();
        // Only a legal take is drawn; the heading says what Enter would do either way.
        let (take, flashing) = match game.turns.pending {
            Some(p) => (p.choice, true),
            None if person_to_move && game.is_legal(game.board.choice) => {
                (game.board.choice, false)
            }
            None => (0, false),
        };
        let choosing = match game.board.choice {
            _ if !person_to_move => Span::raw(""),
            0 => Span::styled("  ·  type a take", theme.dim),
            k if game.is_legal(k) => Span::raw(format!("  ·  taking {}", group(k))),
            k => Span::styled(format!("  ·  {} is not allowed", group(k)), theme.bad),
        };
        let coins = Span::styled(count(game.position.pile, "coin", "coins"), theme.title);
        let what = match game.turns.pending {
            Some(p) => Span::raw(format!("  ·  taking {}", group(p.choice))),
            None => choosing,
        };
        let one_line = Line::from(vec![coins.clone(), what.clone()]);
        // Long numbers: the take goes on a line of its own, and every line wraps.
        let mut heading = if one_line.width() <= usize::from(inner.width) {
            vec![one_line]
        } else {
            let alone = what.content.trim_start_matches([' ', '·']).to_string();
            vec![
                Line::from(coins),
                Line::from(Span::styled(alone, what.style)),
            ]
        };
        heading.push(Line::styled(
            format!(
                "Now: {}",
                game.legal_text(usize::from(inner.width).saturating_sub(5))
            ),
            theme.dim,
        ));
        let heading = Paragraph::new(heading).wrap(Wrap { trim: true });
        let head_height =
            (heading.line_count(inner.width) as u16).min(inner.height.saturating_sub(1));
        let [head, body] =
            Layout::vertical([Constraint::Length(head_height), Constraint::Min(1)]).areas(inner);
        heading.render(head, buf);

        let winning = if game.hints {
            game.winning_takes().unwrap_or_default()
        } else {
            Vec::new()
        };
        let flash_on = (ticks / 2).is_multiple_of(2);
        let Some(grid) = Grid::fit(body, game.position.pile) else {
            let bar = Bar {
                area: Rect::new(body.x, body.y, body.width, 1),
                pile: game.position.pile,
            };
            bar.draw(buf, spots, theme, take, flashing && flash_on, &winning);
            let ratio = game.position.pile as f64 / game.start.pile.max(1) as f64;
            // How to take with the mouse, where a person plays.
            let how = if game.turns.players.contains(&Player::Person) {
                " Click the bar to choose a take, again to take it."
            } else {
                ""
            };
            let note = format!("{:.0}% of the start left.{how}", ratio * 100.0);
            let below = Rect::new(
                body.x,
                body.y + 2,
                body.width,
                body.height.saturating_sub(2),
            );
            Paragraph::new(Line::styled(note, theme.dim))
                .wrap(Wrap { trim: true })
                .render(below, buf);
            return;
        };
        for index in 0..game.position.pile {
            let cell = grid.coin(index);
            let take_here = game.position.pile - index;
            let removed = take > 0 && index >= game.position.pile - take;
            // The computer's flashing take is drawn whole, over any hint mark under it.
            let (ch, style) = if removed && flashing {
                (TAKEN, if flash_on { theme.flash } else { theme.preview })
            } else if winning.contains(&take_here) {
                (theme::HINT, theme.hint)
            } else if removed {
                (TAKEN, theme.preview)
            } else {
                (COIN, theme.chocolate)
            };
            buf[(cell.x, cell.y)].set_char(ch).set_style(style);
            spots.add(cell, coin(index));
        }
    }
}

impl<R: PileRules> View for Play<R, PileBoard> {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        PileView::new(self, theme, ticks).render(area, buf, spots);
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        PileView::new(self, theme, 0).panel()
    }

    fn review_lines(&self) -> Vec<String> {
        review(self)
    }
}

/// The lines of a coin-pile game's review: how it ended, then its mistakes.
fn review(game: &PileSession<impl PileRules>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        let winner = game.settings.name(1 - loser);
        lines.push(if game.position.pile == 0 {
            format!("{winner} took the last coin.")
        } else {
            format!(
                "{} cannot take from {}.",
                game.settings.name(loser),
                count(game.position.pile, "coin", "coins")
            )
        });
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(|&k| group(k)).collect();
            (
                format!(
                    "took {} from {}",
                    group(m.played),
                    group(game.pile_before(m.index))
                ),
                winners_text(&winners, m.every_winner, "taking "),
            )
        },
        |i| in_sentence(game.settings.name(i % 2)),
    ));
    lines
}

/// A pile too large to draw as coins, as one row: each cell stands for an equal run of coins,
/// first coin on the left, so a take (the last coins) is a run of cells on the right.
struct Bar {
    area: Rect,
    pile: u64,
}

impl Bar {
    /// The index of the first coin in cell `cell`.
    fn first_coin(&self, cell: u16) -> u64 {
        let index = u128::from(self.pile) * u128::from(cell) / u128::from(self.area.width.max(1));
        index as u64
    }

    /// The cell that holds coin `index`.
    fn cell_of(&self, index: u64) -> u16 {
        let cell = u128::from(index) * u128::from(self.area.width) / u128::from(self.pile.max(1));
        cell.min(u128::from(self.area.width.saturating_sub(1))) as u16
    }

    /// Draws the bar with the last `take` coins marked (in the flash style when `flash`), and
    /// ★ where each winning take starts; records every cell as a place to click.
    fn draw(
        &self,
        buf: &mut Buffer,
        spots: &mut Spots,
        theme: &Theme,
        take: u64,
        flash: bool,
        winning: &[u64],
    ) {
        let first_taken = (take > 0).then(|| self.cell_of(self.pile - take));
        // Each ★'s cell and the first coin of its winning take: clicking a ★ chooses that take,
        // not the take from the cell's first coin (a cell stands for many coins).
        let starred: Vec<(u16, u64)> = winning
            .iter()
            .filter(|&&k| k <= self.pile)
            .map(|&k| (self.cell_of(self.pile - k), self.pile - k))
            .collect();
        for cell in 0..self.area.width {
            let x = self.area.x + cell;
            let taken = first_taken.is_some_and(|first| cell >= first);
            let star = starred.iter().find(|&&(c, _)| c == cell).map(|&(_, i)| i);
            // As with coins, the take being shown wins over hint marks.
            let (ch, style) = match (taken, star.is_some()) {
                (true, _) => (BAR_TAKEN, if flash { theme.flash } else { theme.preview }),
                (false, true) => (theme::HINT, theme.hint),
                (false, false) => (BAR, theme.chocolate),
            };
            buf[(x, self.area.y)].set_char(ch).set_style(style);
            let index = star.unwrap_or_else(|| self.first_coin(cell));
            spots.add(Rect::new(x, self.area.y, 1, 1), bar(index));
        }
    }
}

/// The bar's cells: coins that stay, coins the take would remove.
const BAR: char = '█';
const BAR_TAKEN: char = '░';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_map_to_cells_and_back() {
        let grid = Grid::fit(Rect::new(2, 3, 20, 5), 23).unwrap();
        assert_eq!(grid.per_row, 10);
        let mut spots = Spots::default();
        for i in 0..23 {
            spots.add(grid.coin(i), coin(i));
        }
        assert_eq!(spots.spot_at(2, 3), Some(coin(0)));
        assert_eq!(spots.spot_at(3, 3), Some(coin(0)));
        assert_eq!(spots.spot_at(4, 4), Some(coin(11)));
        assert_eq!(spots.spot_at(6, 5), Some(coin(22)));
        assert_eq!(spots.spot_at(8, 5), None, "past the last coin");
        assert!(Grid::fit(Rect::new(0, 0, 20, 5), 51).is_none());
    }

    #[test]
    fn a_star_on_a_bar_records_its_winning_take_not_the_cells_first_coin() {
        // 1,000 coins in 40 cells: 25 coins a cell. The winning take 63 starts at coin 937,
        // in the cell whose first coin is 925 (a take of 75).
        let bar = Bar {
            area: Rect::new(0, 0, 40, 1),
            pile: 1000,
        };
        let mut buf = Buffer::empty(bar.area);
        let mut spots = Spots::default();
        bar.draw(&mut buf, &mut spots, &Theme::monochrome(), 0, false, &[63]);
        let star = bar.cell_of(1000 - 63);
        assert_eq!(buf[(star, 0)].symbol(), theme::HINT.to_string());
        assert_eq!(bar.first_coin(star), 925);
        assert_eq!(spots.spot_at(star, 0), Some(super::bar(1000 - 63)));
        assert_eq!(
            spots.spot_at(star + 1, 0),
            Some(super::bar(bar.first_coin(star + 1)))
        );
    }
}
