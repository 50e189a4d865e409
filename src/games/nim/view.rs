//! Nim's view: one row of coins per pile, the chosen pile and take highlighted, ★ where each
//! winning take starts, the computer's move flashing; and what the side panel says.

use super::answer::nim_sum;
use super::rules::Move;
use super::session::{NimSession, Place, move_text};
use crate::games::panel::{History, PanelInfo, SolverLine};
use crate::games::review::{MoveWords, in_sentence, mistake_lines, winners_text};
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
const COIN_WIDTH: u16 = 2;
/// The most coins drawn in a row; a larger pile is drawn as a bar.
const MOST_COINS: u16 = 30;
/// Columns left of the coins: the chosen-pile mark and the pile's number (`▸ 1  `).
const LABEL_WIDTH: u16 = 5;
/// A coin still in the pile.
pub const COIN: char = '●';
/// A coin the chosen take would remove.
pub const TAKEN: char = '○';
/// The bar's cells: coins that stay, coins the take would remove.
const BAR: char = '█';
const BAR_TAKEN: char = '░';

/// What the side panel shows for a Nim game, beside what every game's panel shows.
pub struct NimPanel<'a> {
    /// The solver's line: the nim-sum.
    pub solver: String,
    /// The computer's move, the hints, the note.
    pub info: Vec<Line<'a>>,
    /// Each move ("3 from pile 2").
    pub history: History<'a>,
}

/// A Nim game drawn as rows of coins; its state records every coin, bar cell and row as a
/// place to point at.
#[derive(Clone, Copy)]
pub struct NimView<'a> {
    pub game: &'a NimSession,
    pub theme: &'a Theme,
    /// The app's clock, which times the flash of the computer's move.
    pub ticks: u64,
}

impl<'a> NimView<'a> {
    /// The view of `game` at clock `ticks`.
    pub fn new(game: &'a NimSession, theme: &'a Theme, ticks: u64) -> NimView<'a> {
        NimView { game, theme, ticks }
    }

    /// What the side panel shows: the nim-sum, the computer's move, hints, the note, the moves.
    pub fn panel(&self) -> NimPanel<'a> {
        let (game, theme) = (self.game, self.theme);
        let mut info = Vec::new();
        if !game.is_over() {
            let name = game.settings.name(game.to_move());
            if let Some(p) = game.turns.pending {
                info.push(Line::raw(format!("{name} takes {}", move_text(p.choice))));
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
                        Span::raw(format!(": take {} (★)", moves_text(winning))),
                    ]),
                }
            } else {
                Line::styled("Hints off (H)", theme.dim)
            });
            if let Some(message) = &game.message {
                info.push(Line::styled(message.clone(), theme.bad));
            }
        }
        // The nim-sum is the whole strategy: its value is shown only with the hints. Without
        // them the line names the rule, as Fibonacci Nim's does, and the hints line below
        // says how to turn them on (once).
        let solver = if game.hints {
            let (solver, below) = nim_sum_text(nim_sum(&game.position));
            if let Some(below) = below {
                info.insert(0, Line::styled(below, theme.dim));
            }
            solver
        } else {
            "nim-sum rule".to_string()
        };
        NimPanel {
            solver,
            info,
            history: History::new(&game.turns.moves, |&mv| move_text(mv)),
        }
    }
}

impl View for NimSession {
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, ticks: u64, spots: &mut Spots) {
        NimView::new(self, theme, ticks).render(area, buf, spots);
    }

    fn panel<'a>(&'a self, theme: &'a Theme) -> PanelInfo<'a> {
        let NimPanel {
            solver,
            info,
            history,
        } = NimView::new(self, theme, 0).panel();
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            // The perfect computer's table, while it is built: the gauge Chomp's table shows.
            solver: match &self.waiting {
                Some(w) => SolverLine::Progress {
                    label: w.label,
                    done: w.done,
                    total: w.total,
                },
                None => SolverLine::Text(solver),
            },
            info,
            history,
        }
    }

    fn review_lines(&self) -> Vec<String> {
        review(self)
    }
}

/// The lines of a Nim game's review: how it ended, then its mistakes, as the game kept them
/// when it ended (a frame judges no move again).
fn review(game: &NimSession) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(loser) = game.loser() {
        lines.push(format!(
            "{} took the last coin.",
            game.settings.name(1 - loser)
        ));
    }
    lines.extend(mistake_lines(
        &game.turns.review,
        |m| {
            let winners: Vec<String> = m.winners.iter().map(|&mv| move_text(mv)).collect();
            (
                format!("took {}", move_text(m.played)),
                winners_text(&winners, m.every_winner, "taking "),
            )
        },
        |i| in_sentence(game.settings.name(i % 2)),
    ));
    lines
}

/// A move in the notation saved games keep (`2:3`) in the words of the move list ("3 from
/// pile 2") and the game-over dialog ("taking 3 from pile 2").
pub fn move_words(notation: &str) -> Option<MoveWords> {
    let mv = Move::parse(notation).ok()?;
    Some(MoveWords {
        listed: move_text(mv),
        // The pile by its number alone: "3 from 2".
        short: format!("{} from {}", group(mv.take), mv.pile + 1),
        instead: format!("taking {}", move_text(mv)),
    })
}

/// Winning moves as the hint says them: "2 from pile 1 or 4 from pile 3".
fn moves_text(moves: &[Move]) -> String {
    let texts: Vec<String> = moves.iter().map(|&mv| move_text(mv)).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.concat(),
    }
}

impl NimView<'_> {
    /// The two lines over the piles: the move being chosen or made, and what is legal now, each
    /// in a shorter form when the long one would not fit `width` (a pile of 10^18 coins).
    fn heading(&self, person_to_move: bool, width: u16) -> Vec<Line<'static>> {
        let NimView { game, theme, .. } = *self;
        let pile_number = game.board.pile + 1;
        let heading = match game.turns.pending {
            Some(p) => Line::raw(format!("Taking {}", move_text(p.choice))),
            None if !person_to_move => Line::raw(""),
            None => match game.board.take {
                0 => Line::styled(format!("Pile {pile_number}  ·  type a take"), theme.dim),
                k if game.position.is_legal(game.chosen()) => {
                    Line::raw(format!("Pile {pile_number}  ·  taking {}", group(k)))
                }
                k => Line::styled(
                    fitting(
                        width,
                        format!("Pile {pile_number}  ·  {} is not allowed", group(k)),
                        format!("{} is not allowed", group(k)),
                    ),
                    theme.bad,
                ),
            },
        };
        let now = Line::styled(
            match game.coins(game.board.pile) {
                _ if game.is_over() => "No coin is left".to_string(),
                1 => format!("Now: take 1 from pile {pile_number}"),
                coins => fitting(
                    width,
                    format!("Now: take 1 to {} from pile {pile_number}", group(coins)),
                    format!("Now: take 1 to {}", group(coins)),
                ),
            },
            theme.dim,
        );
        vec![heading, now]
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

/// The most columns of the panel's nim-sum line: the panel's 30 inside its border.
const NIM_SUM_WIDTH: usize = 30;

/// The panel's nim-sum with thousands separators: on the solver's line where it fits
/// ([`NIM_SUM_WIDTH`]); a longer one (past 17 digits: a nim-sum is below 2^60, 25 columns
/// grouped) on the line under it, the solver's line saying "nim-sum:".
fn nim_sum_text(sum: u64) -> (String, Option<String>) {
    let line = format!("nim-sum {}", group(sum));
    if line.chars().count() <= NIM_SUM_WIDTH {
        (line, None)
    } else {
        ("nim-sum:".to_string(), Some(group(sum)))
    }
}

impl StatefulWidget for NimView<'_> {
    type State = Spots;

    fn render(self, area: Rect, buf: &mut Buffer, spots: &mut Spots) {
        let NimView { game, theme, ticks } = self;
        let title = [
            format!(" Nim — {} at the start ", game.start),
            " Nim ".to_string(),
        ]
        .into_iter()
        .find(|t| t.chars().count() + 2 <= usize::from(area.width))
        .unwrap_or_default();
        let block = Block::bordered().title(title).title_style(theme.title);
        let inner = block.inner(area);
        block.render(area, buf);

        let person_to_move =
            !game.computer_to_move() && game.turns.pending.is_none() && !game.is_over();
        // The move drawn as being taken: the computer's flashing one, or the person's choice
        // when it is legal.
        let (shown, flashing) = match game.turns.pending {
            Some(p) => (Some(p.choice), true),
            None if person_to_move && game.position.is_legal(game.chosen()) => {
                (Some(game.chosen()), false)
            }
            None => (None, false),
        };
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
        let piles = game.position.piles();
        let count = u16::try_from(piles.len()).unwrap_or(u16::MAX);
        // A blank line between piles when there is room for it.
        let gap = if body.height >= count * 2 - 1 { 2 } else { 1 };
        let winning = if game.hints {
            game.winning_moves().unwrap_or_default()
        } else {
            Vec::new()
        };
        let flash_on = (ticks / 2).is_multiple_of(2);
        let lengths = Lengths::of(piles, body.width.saturating_sub(LABEL_WIDTH));
        for (pile, &coins) in piles.iter().enumerate() {
            let y = body.y + u16::try_from(pile).unwrap_or(u16::MAX).saturating_mul(gap);
            if y >= body.bottom() {
                break;
            }
            let row = Rect::new(body.x, y, body.width, 1);
            spots.add(row, Place::Row(pile).into());
            let chosen = person_to_move && pile == game.board.pile;
            let label = format!("{} {}", if chosen { '▸' } else { ' ' }, pile + 1);
            buf.set_string(
                row.x,
                y,
                &label,
                if chosen { theme.selected } else { theme.text },
            );
            let take = shown.filter(|mv| mv.pile == pile).map_or(0, |mv| mv.take);
            let marks = Marks {
                take,
                taken: if flashing && flash_on {
                    theme.flash
                } else {
                    theme.preview
                },
                flashing,
                stars: winning
                    .iter()
                    .filter(|mv| mv.pile == pile)
                    .map(|mv| mv.take)
                    .collect(),
            };
            let x = row.x + LABEL_WIDTH;
            if coins == 0 {
                buf.set_string(x, y, "·", theme.dim);
            } else if lengths.as_coins(coins) {
                draw_coins(
                    buf,
                    spots,
                    theme,
                    Rect::new(x, y, lengths.room, 1),
                    pile,
                    coins,
                    &marks,
                );
                let end = x + u16::try_from(coins).unwrap_or(0) * COIN_WIDTH;
                // Each coin's cell ends in a space, which parts the count from the coins.
                buf.set_string(end, y, group(coins), theme.dim);
            } else {
                let bar = Bar {
                    area: Rect::new(x, y, lengths.bar(coins), 1),
                    pile,
                    coins,
                };
                bar.draw(buf, spots, theme, &marks);
                buf.set_string(bar.area.right(), y, format!(" {}", group(coins)), theme.dim);
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::rules::Position as Piles;
    use crate::games::setup::{Level, Player, Setup as Settings};

    /// The view of a game of `piles`, drawn in an 80×24 buffer: its lines and what it recorded.
    fn draw(game: &NimSession, ticks: u64) -> (Vec<String>, Spots) {
        let theme = Theme::monochrome();
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        let mut spots = Spots::default();
        NimView::new(game, &theme, ticks).render(area, &mut buf, &mut spots);
        let lines = (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect();
        (lines, spots)
    }

    /// The place the view recorded at column `x`, row `y`.
    fn spot_at(spots: &Spots, x: u16, y: u16) -> Option<Place> {
        let spot = spots.spot_at(x, y)?;
        Place::from_code((spot.0, spot.1))
    }

    fn game(piles: &[u64], players: [Player; 2]) -> NimSession {
        let settings = Settings {
            players,
            level: Level::Perfect,
            ..Settings::default()
        };
        NimSession::new(
            settings,
            Piles::parse(
                &piles
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            )
            .unwrap(),
        )
    }

    #[test]
    fn clicking_a_star_on_a_bar_chooses_its_winning_take() {
        // 100 and 37 coins are drawn as bars; the one winning take is 63 from pile 1, and the
        // ★ stands in a cell that holds coins of other (losing) takes too.
        let mut game = game(&[100, 37], [Player::Person, Player::Computer]);
        game.hints = true;
        let (lines, spots) = draw(&game, 0);
        let (x, y) = lines
            .iter()
            .enumerate()
            .find_map(|(y, line)| {
                let x = line
                    .chars()
                    .position(|c| c.to_string() == theme::HINT.to_string())?;
                Some((u16::try_from(x).ok()?, u16::try_from(y).ok()?))
            })
            .expect("a star is drawn");
        assert_eq!(
            spot_at(&spots, x, y),
            Some(Place::Bar {
                pile: 0,
                index: 100 - 63
            })
        );
    }

    #[test]
    fn piles_are_rows_of_coins_with_the_choice_and_the_hints_marked() {
        let mut game = game(&[3, 4, 5, 1_000_000], [Player::Person, Player::Computer]);
        game.act(crate::input::Action::Right);
        game.hints = true;
        let (lines, spots) = draw(&game, 0);
        assert!(
            lines[0].starts_with("┌ Nim — 3,4,5,1000000 at the start ─"),
            "{}",
            lines[0]
        );
        assert_eq!(
            lines[1],
            "│Pile 1  ·  taking 2                                                           │"
        );
        assert_eq!(
            lines[2].trim_end_matches(['│', ' ']),
            "│Now: take 1 to 3 from pile 1"
        );
        // 3,4,5,1000000: the one winning move takes 999,998 from pile 4 (leaving 2 = 3^4^5).
        assert_eq!(lines[4].trim_end_matches(['│', ' ']), "│▸ 1  ● ○ ○ 3");
        assert_eq!(lines[6].trim_end_matches(['│', ' ']), "│  2  ● ● ● ● 4");
        assert_eq!(lines[8].trim_end_matches(['│', ' ']), "│  3  ● ● ● ● ● 5");
        let bar = lines[10].trim_end_matches(['│', ' ']);
        assert!(
            bar.starts_with("│  4  ★██") || bar.starts_with("│  4  █★"),
            "{bar}"
        );
        assert!(bar.ends_with("█ 1,000,000"), "{bar}");
        // Coins, bar cells and rows are places to point at.
        assert_eq!(
            spot_at(&spots, 8, 4),
            Some(Place::Coin { pile: 0, index: 1 })
        );
        assert_eq!(spot_at(&spots, 60, 6), Some(Place::Row(1)));
        // The bar's first cell shows the ★ of the winning take that leaves 2 coins (the
        // nim-sum is 1,000,002): clicking it chooses that take.
        assert_eq!(
            spot_at(&spots, 6, 10),
            Some(Place::Bar { pile: 3, index: 2 })
        );
        assert_eq!(spot_at(&spots, 6, 3), None);
        let theme = Theme::monochrome();
        game.hints = false;
        let hidden = NimView::new(&game, &theme, 0).panel();
        assert_eq!(hidden.solver, "nim-sum rule", "no strategy without hints");
        // Hints are mentioned once, on their own line, never on the solver's line above it.
        let info: Vec<String> = hidden.info.iter().map(ToString::to_string).collect();
        assert_eq!(info, ["Hints off (H)"]);
        assert!(!hidden.solver.contains("hint"), "{}", hidden.solver);
        drop(hidden);
        game.hints = true;
        let panel = NimView::new(&game, &theme, 0).panel();
        assert_eq!(panel.solver, "nim-sum 1,000,002");
        let hint: String = panel.info[0]
            .spans
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(hint, "You are winning: take 999,998 from pile 4 (★)");
    }

    #[test]
    fn small_piles_keep_their_heading_whole_at_the_smallest_size() {
        use crate::games::session::Session;
        let game = game(&[3, 4, 5], [Player::Person, Player::Computer]);
        let (width, height) = Session::view_size(&game);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        NimView::new(&game, &Theme::monochrome(), 0).render(area, &mut buf, &mut Spots::default());
        let text: String = (0..height)
            .map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect();
        assert!(text.contains("Now: take 1 to 3 from pile 1"), "{text}");
    }

    #[test]
    fn the_view_fits_the_size_its_session_asks_for() {
        use crate::games::session::Session;
        let game = game(
            &[1_000_000_000_000_000_000, 5, 1],
            [Player::Person, Player::Computer],
        );
        let (width, height) = Session::view_size(&game);
        let theme = Theme::monochrome();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        let mut spots = Spots::default();
        NimView::new(&game, &theme, 0).render(area, &mut buf, &mut spots);
        let line = |y: u16| (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>();
        // No room for blank lines between the piles, and one bar cell (showing the take of 1)
        // for the largest: the smaller piles are no longer than it, a cell each.
        assert_eq!(line(4), "│▸ 1  ░ 1,000,000,000,000,000,000│");
        assert_eq!(line(5), "│  2  █ 5                        │");
        assert_eq!(line(6), "│  3  █ 1                        │");
        assert!(line(7).starts_with('└'));
    }

    /// The columns each pile's row of coins or bar reaches, right of the piles' numbers, in
    /// the view of `piles` drawn `width` × `height`.
    fn drawn_lengths(piles: &[u64], width: u16, height: u16) -> Vec<usize> {
        let game = game(piles, [Player::Person, Player::Computer]);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        NimView::new(&game, &Theme::monochrome(), 0).render(area, &mut buf, &mut Spots::default());
        let glyphs = [COIN, TAKEN, BAR, BAR_TAKEN, theme::HINT];
        (0..piles.len())
            .map(|pile| {
                // The rows are a blank line apart where there is room.
                let gap = if height - 5 >= 2 * u16::try_from(piles.len()).unwrap() - 1 {
                    2
                } else {
                    1
                };
                let y = 4 + u16::try_from(pile).unwrap() * gap;
                let row: Vec<char> = (1 + LABEL_WIDTH..width - 1)
                    .map(|x| buf[(x, y)].symbol().chars().next().unwrap_or(' '))
                    .collect();
                row.iter()
                    .rposition(|c| glyphs.contains(c))
                    .map_or(0, |at| at + 1)
            })
            .collect()
    }

    #[test]
    fn bars_are_in_proportion_to_their_piles_whatever_their_counts_widths() {
        use crate::games::session::Session;
        // The view's share of 80×24 and 100×30 beside the panel, and the smallest it gets.
        for size in [Some((48, 23)), Some((68, 29)), None] {
            for piles in [
                &[1_000_000_000_000_000_000, 99_999, 5][..],
                &[3, 4, 5, 1_000_000, 40],
                &[99_999, 1_000_000_000_000_000_000, 31, 30],
                &[1_000_000_000_000_000_000, 123_456_789_012_345_678, 5],
                &[100, 37, 7],
            ] {
                let (width, height) = size.unwrap_or_else(|| {
                    Session::view_size(&game(piles, [Player::Person, Player::Computer]))
                });
                let lengths = drawn_lengths(piles, width, height);
                for (a, &coins_a) in piles.iter().enumerate() {
                    for (b, &coins_b) in piles.iter().enumerate() {
                        assert!(
                            coins_a <= coins_b || lengths[a] >= lengths[b],
                            "{piles:?} at {width}×{height}: pile {} ({coins_a}) is drawn in \
                             {} columns, pile {} ({coins_b}) in {}",
                            a + 1,
                            lengths[a],
                            b + 1,
                            lengths[b]
                        );
                    }
                }
            }
        }
        // 10^18 coins have the whole width; 99,999 are a sliver of them, drawn as long as the
        // row of 5 coins.
        let lengths = drawn_lengths(&[1_000_000_000_000_000_000, 99_999, 5], 48, 23);
        assert_eq!(lengths, [46 - 5 - 26, 10, 9]);
    }

    #[test]
    fn huge_piles_keep_their_heading_and_nim_sum_whole_at_80_columns() {
        let mut game = game(
            &[1_000_000_000_000_000_000, 123_456_789_012_345_678, 5],
            [Player::Person, Player::Computer],
        );
        game.hints = true; // the nim-sum shows with the hints
        // The view's share of an 80-column terminal, beside the panel.
        let area = Rect::new(0, 0, 48, 12);
        let theme = Theme::monochrome();
        let mut buf = Buffer::empty(area);
        NimView::new(&game, &theme, 0).render(area, &mut buf, &mut Spots::default());
        let line = |y: u16| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        };
        assert_eq!(
            line(2).trim_end_matches(['│', ' ']),
            "│Now: take 1 to 1,000,000,000,000,000,000"
        );
        // 10^18 XOR 123,456,789,012,345,678 XOR 5, with its separators: too long for the
        // solver's line beside its name, it has the line under it.
        let panel = NimView::new(&game, &theme, 0).panel();
        assert_eq!(panel.solver, "nim-sum:");
        assert_eq!(panel.info[0].to_string(), "888,948,519,649,735,499");
        assert_eq!(
            nim_sum_text(999_999_999_999_999),
            ("nim-sum 999,999,999,999,999".to_string(), None)
        );
        // The panel has 30 columns inside its border.
        for sum in [(1 << 60) - 1, 999_999_999_999_999, 99_999_999_999_999_999] {
            let (line, below) = nim_sum_text(sum);
            assert!(line.chars().count() <= 30, "{line}");
            assert!(below.as_ref().is_none_or(|b| b.chars().count() <= 30));
            assert!(format!("{line} {}", below.unwrap_or_default()).contains(&group(sum)));
        }
    }

    #[test]
    fn the_computers_move_flashes_on_its_pile() {
        let mut game = game(&[1, 2], [Player::Computer, Player::Person]);
        let mut rng = fastrand::Rng::with_seed(2);
        game.tick(&mut rng);
        // 1,2: the one winning move takes 1 from pile 2.
        let (lines, _) = draw(&game, 0);
        assert_eq!(
            lines[1].trim_end_matches(['│', ' ']),
            "│Taking 1 from pile 2"
        );
        assert_eq!(lines[4].trim_end_matches(['│', ' ']), "│  1  ● 1");
        assert_eq!(lines[6].trim_end_matches(['│', ' ']), "│  2  ● ○ 2");
        let theme = Theme::monochrome();
        let panel = NimView::new(&game, &theme, 0).panel();
        let first: String = panel.info[0]
            .spans
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(first, "Computer takes 1 from pile 2");
    }

    #[test]
    fn the_review_says_who_took_the_last_coin_and_names_the_mistakes() {
        use crate::games::session::View;
        let mut game = game(&[3, 4, 5], [Player::Person, Player::Person]);
        // 3,4,5 is won only by 2 from pile 1; 1 from pile 1 throws the win away.
        for (pile, take) in [(0, 1), (0, 1), (1, 4), (2, 5), (0, 1)] {
            game.person_plays(Move { pile, take });
        }
        let lines = game.review_lines();
        assert_eq!(lines[0], "Player 1 took the last coin.");
        assert_eq!(
            lines[1],
            "Move 1, Player 1 took 1 from pile 1: taking 2 from pile 1 would have won."
        );
        assert_eq!(lines.len(), 1 + game.mistakes().len());
        // They are the mistakes the game kept as it ended: drawing the dialog again judges
        // no move again (a long game's every move).
        assert_eq!(game.turns.review, game.mistakes());
        game.turns.review.clear();
        assert_eq!(game.review_lines(), lines[..1]);
    }
}
