//! Nim's game drawn: its piles are drawn by the rows board (`games/rows/view.rs`), its moves
//! in the words of `session.rs`; the tests here look at it.

#[cfg(test)]
mod tests {
    use crate::games::nim::rules::Move;
    use crate::games::nim::rules::Position as Piles;
    use crate::games::nim::session::{NimSession, NimTabled, nim_sum_text};
    use crate::games::rows::board::{Place, label_width};
    use crate::games::rows::view::{BAR, BAR_TAKEN, COIN, RowsView, TAKEN};
    use crate::input::Spots;
    use crate::theme::{self, Theme};
    use crate::units::group;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::StatefulWidget;

    /// Nim's view: the rows board's, of a Nim game.
    type NimView<'a> = RowsView<'a, NimTabled>;
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
                let row: Vec<char> = (1 + label_width(&game.rules)..width - 1)
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
