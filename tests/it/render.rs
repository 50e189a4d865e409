//! Whole-screen renders on ratatui's `TestBackend`, kept as insta snapshots.

use crate::common;

use crate::common::Harness;
use crate::common::spot;
use munch::app::Target;
use munch::games::chomp::rules::Square;
use munch::games::chomp::tables::POISON_QUESTION;
use munch::games::pile::session::{self as pile, bar, coin};
use munch::settings::Player::{Computer, Person};
use munch::theme::Theme;
use munch::ui::{self, HitMap};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

fn draw(h: &Harness, width: u16, height: u16) -> (Terminal<TestBackend>, HitMap) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut hits = HitMap::default();
    terminal
        .draw(|frame| hits = ui::render(&h.app, frame, &Theme::colour()))
        .unwrap();
    (terminal, hits)
}

#[test]
fn menu() {
    let h = Harness::new();
    let (terminal, hits) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    // Every menu line is clickable where it is drawn.
    let start = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find(|&(x, y)| {
            hits.target_at(x, y) == Some(Target::MenuLine(munch::app::menu::MenuLine::Start))
        });
    assert!(start.is_some());
}

/// Where `target` is drawn first (top to bottom, left to right), if anywhere.
fn place_of(hits: &HitMap, target: Target, (width, height): (u16, u16)) -> Option<(u16, u16)> {
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .find(|&(x, y)| hits.target_at(x, y) == Some(target))
}

/// The menu's rows stay where they are whatever the game: a click on Game's ▶, then a click
/// where Study was, studies (the rows once moved up a line for the games without Chomp's
/// "Ask before a1", and the second click quit munch). Quit by the mouse takes a second click.
#[test]
fn menu_rows_stay_put_as_the_game_changes_and_quit_asks_for_a_second_click() {
    use munch::app::Event;
    use munch::app::menu::MenuLine;
    use munch::settings::GameKind;
    for size in [(80, 24), (48, 22), (100, 30)] {
        let mut h = Harness::new();
        h.app.update(Event::Resize {
            width: size.0,
            height: size.1,
        });
        let lines = [
            Target::MenuLine(MenuLine::First),
            Target::MenuLine(MenuLine::Second),
            Target::MenuLine(MenuLine::Level),
            Target::MenuLine(MenuLine::Start),
            Target::MenuLine(MenuLine::Study),
            Target::MenuLine(MenuLine::Quit),
            Target::MenuStep(MenuLine::Game, 1),
        ];
        let places = |h: &Harness| {
            let (_, hits) = draw(h, size.0, size.1);
            lines.map(|t| place_of(&hits, t, size).expect("every line is drawn"))
        };
        let chomp = places(&h);
        for kind in GameKind::ALL {
            h.app.menu.settings.game = kind;
            assert_eq!(places(&h), chomp, "{kind:?} at {size:?}");
        }
        h.app.menu.settings.game = GameKind::Chomp;
        let [.., study, quit, game_right] = chomp;
        let click = |h: &mut Harness, (x, y): (u16, u16)| {
            let (_, hits) = draw(h, size.0, size.1);
            let target = hits.target_at(x, y).expect("something is there");
            h.app.update(Event::Pointer {
                target,
                click: true,
            });
        };
        click(&mut h, game_right);
        assert_eq!(h.app.menu.settings.game, GameKind::Subtraction);
        click(&mut h, study);
        assert!(!h.app.should_quit, "a click where Study was never quits");
        assert!(!h.on_menu(), "it studies");
        // (The Study screen needs more room than the smallest menu.)
        let resize = |h: &mut Harness, (width, height): (u16, u16)| {
            h.app.update(Event::Resize { width, height });
        };
        resize(&mut h, (100, 30));
        h.key(KeyCode::Esc);
        resize(&mut h, size);
        assert!(h.on_menu());
        click(&mut h, quit);
        assert!(!h.app.should_quit, "one click on Quit does not quit");
        let (terminal, _) = draw(&h, size.0, size.1);
        assert!(
            format!("{:?}", terminal.backend().buffer()).contains("Click Quit again"),
            "{}",
            terminal.backend()
        );
        click(&mut h, quit);
        assert!(h.app.should_quit, "the second click quits");
    }
}

#[test]
fn board_with_cursor_preview() {
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    h.keys(&[KeyCode::Left, KeyCode::Left, KeyCode::Down, KeyCode::Down]);
    let (terminal, hits) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    // The cursor square is drawn in the cursor style, where the mouse would find c2.
    let buffer = terminal.backend().buffer();
    let cursor_cell = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find(|&(x, y)| buffer[(x, y)].symbol() == "◆")
        .expect("the cursor mark is drawn");
    assert_eq!(
        hits.target_at(cursor_cell.0, cursor_cell.1),
        Some(Target::Spot(spot(Square::new(2, 1))))
    );
    let theme = Theme::colour();
    assert_eq!(buffer[cursor_cell].style().bg, theme.cursor.bg);
    assert_eq!(
        buffer[cursor_cell].style().add_modifier,
        theme.cursor.add_modifier
    );
}

#[test]
fn hint_overlay() {
    let mut h = Harness::new();
    h.start(5, 5, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Char('H'));
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    let stars = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .filter(|c| c.symbol() == "★")
        .count();
    assert_eq!(stars, 2, "one on b2, one in the panel's explanation");
}

#[test]
fn game_over() {
    let mut h = Harness::new();
    h.start(1, 2, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter);
    h.computer_moves();
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn help_screen() {
    let mut h = Harness::new();
    h.start(3, 3, [Person, Person]);
    h.key(KeyCode::Char('?'));
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn too_small_says_how_large_it_must_be() {
    let mut h = Harness::new();
    h.start(26, 26, [Person, Person]);
    let (terminal, hits) = draw(&h, 60, 20);
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(
        hits.target_at(5, 5),
        None,
        "nothing clickable on the size message"
    );
    // Enlarged, the board is back.
    let (need_w, need_h) = ui::minimum_size(&h.app);
    let (terminal, _) = draw(&h, need_w, need_h);
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    assert!(text.contains("Chomp 26×26") && !text.contains("too small"));
}

#[test]
fn a_pile_of_coins_with_the_take_highlighted_and_hints() {
    let mut h = Harness::new();
    h.start_pile(13, Some("1,3,4"), [Person, Computer]);
    h.key(KeyCode::Right); // take 3
    h.key(KeyCode::Char('H'));
    let (terminal, hits) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    let buffer = terminal.backend().buffer();
    let count = |glyph: &str| {
        buffer
            .content()
            .iter()
            .filter(|c| c.symbol() == glyph)
            .count()
    };
    // The ★ marks sit on the coins where the solver's winning takes start.
    let winning = h.subtraction_game().winning_takes().unwrap();
    assert_eq!(
        count("★"),
        winning.len() + 1,
        "one mark per winning take, one in the panel"
    );
    assert_eq!(count("○") + winning.iter().filter(|&&k| k <= 3).count(), 3);
    let last_coin = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find(|&(x, y)| hits.target_at(x, y) == Some(Target::Spot(coin(12))));
    assert!(last_coin.is_some(), "every coin is clickable");
}

#[test]
fn a_huge_pile_is_a_number_and_a_bar() {
    let mut h = Harness::new();
    h.start_pile(1_000_000_000_000_000_000, None, [Person, Computer]);
    // The perfect computer's moves-left table, built on the table thread.
    h.wait_for_tables();
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn no_color_carries_every_meaning_with_marks_and_reverse() {
    use ratatui::style::{Color, Modifier};
    let mut h = Harness::new();
    h.start(4, 5, [Person, Computer]);
    h.wait_for_solver();
    h.keys(&[KeyCode::Left, KeyCode::Down, KeyCode::Char('H')]);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| {
            ui::render(&h.app, frame, &Theme::monochrome());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "no foreground colour: {cell:?}");
        assert_eq!(cell.bg, Color::Reset, "no background colour: {cell:?}");
    }
    let find = |glyph: &str| {
        buffer
            .content()
            .iter()
            .find(|c| c.symbol() == glyph)
            .unwrap_or_else(|| panic!("{glyph} is drawn"))
    };
    assert!(
        find("◆").modifier.contains(Modifier::REVERSED),
        "the cursor is reversed"
    );
    find("☠");
    find("★");
    find("░");
    insta::assert_snapshot!(terminal.backend());
}

/// Every screen cell the hit map gives to `target` in a `width` × `height` frame.
fn cells_of(hits: &HitMap, width: u16, height: u16, target: Target) -> Vec<(u16, u16)> {
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&(x, y)| hits.target_at(x, y) == Some(target))
        .collect()
}

#[test]
fn the_computers_flashing_take_is_drawn_over_hint_marks() {
    let theme = Theme::colour();
    let flash_looks = [theme.flash, theme.preview];
    // 13 coins, takes {1,3,4}: the only winning take is 4, and the computer moves first.
    let mut h = Harness::new();
    h.start_pile(13, Some("1,3,4"), [Computer, Person]);
    h.key(KeyCode::Char('H'));
    assert_eq!(h.subtraction_game().winning_takes(), Some(vec![4]));
    h.ticks(1);
    let take = h
        .subtraction_game()
        .turns
        .pending
        .expect("the computer chose")
        .choice;
    assert_eq!(take, 4);
    for _ in 0..2 {
        let (terminal, hits) = draw(&h, 80, 24);
        let buffer = terminal.backend().buffer();
        for coin in 13 - take..13 {
            let cells = cells_of(&hits, 80, 24, Target::Spot(pile::coin(coin)));
            let cell = &buffer[cells[0]];
            assert_eq!(cell.symbol(), "○", "coin {coin} flashes as taken, no ★");
            assert!(
                flash_looks
                    .iter()
                    .any(|s| cell.fg == s.fg.unwrap_or_default()
                        && cell.bg == s.bg.unwrap_or_default()),
                "coin {coin} is in the flash style: {cell:?}"
            );
        }
        h.ticks(2); // the other phase of the flash
    }

    // 5×5, computer first: the only winning move is b2, which the computer eats.
    let mut h = Harness::new();
    h.start(5, 5, [Computer, Person]);
    h.wait_for_solver();
    h.key(KeyCode::Char('H'));
    h.ticks(1);
    let b2 = Square::new(1, 1);
    assert_eq!(h.game().turns.pending.expect("chosen").choice, b2);
    for _ in 0..2 {
        let (terminal, hits) = draw(&h, 80, 24);
        let buffer = terminal.backend().buffer();
        let cells = cells_of(&hits, 80, 24, Target::Spot(spot(b2)));
        assert!(!cells.is_empty());
        for &at in &cells {
            assert_ne!(buffer[at].symbol(), "★", "no hint mark in the flash");
        }
        assert!(cells.iter().any(|&at| buffer[at].symbol() == "×"));
        h.ticks(2);
    }
}

/// Draws at the smallest size the current screen asks for.
fn draw_at_minimum(h: &Harness) -> (Terminal<TestBackend>, HitMap) {
    let (width, height) = ui::minimum_size(&h.app);
    draw(h, width, height)
}

/// The frame's text, row by row.
fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// A subtraction game's menu with a take set too long for its field, typed on the Set line.
fn menu_with_a_long_set() -> Harness {
    let mut h = Harness::new();
    h.app.menu.settings.game = munch::settings::GameKind::Subtraction;
    h.app.menu.select(munch::app::menu::MenuLine::Field("set"));
    h.app.menu.settings.values.set("set", "");
    for c in "1, 2, 3, 5, 8, 13, 21, 34".chars() {
        h.key(KeyCode::Char(c));
    }
    assert_eq!(
        h.app.menu.settings.values.text("set"),
        "1, 2, 3, 5, 8, 13, 21, 34"
    );
    h
}

#[test]
fn menu_at_the_minimum_size() {
    let h = Harness::new();
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_long_take_set_scrolls_inside_its_field() {
    let mut h = menu_with_a_long_set();
    for (name, (terminal, hits)) in [
        ("80x24", draw(&h, 80, 24)),
        ("minimum", draw_at_minimum(&h)),
    ] {
        insta::assert_snapshot!(format!("long_set_typing_{name}"), terminal.backend());
        // The field shows the end being typed, marked as cut at its start, and stays
        // between its arrows; on 80 columns the box is wider, and the set shows whole.
        let all = rows(&terminal);
        let y = all.iter().position(|r| r.contains("Takes (set)")).unwrap();
        let set_row = &all[y];
        let shown = if name == "80x24" {
            "◀ 1, 2, 3, 5, 8, 13, 21, 34  ▶"
        } else {
            "◀ …, 8, 13, 21, 34 ▶"
        };
        assert!(set_row.contains(shown), "{set_row}");
        // The ▶ is where it always is, and still clickable.
        let right = set_row.chars().position(|c| c == '▶').unwrap() as u16;
        let set = munch::app::menu::MenuLine::Field("set");
        assert_eq!(
            hits.target_at(right, y as u16),
            Some(Target::MenuStep(set, 1)),
            "{name}"
        );
    }
    // Away from the line, the field shows the start instead.
    h.key(KeyCode::Down);
    let (terminal, _) = draw_at_minimum(&h);
    let set_row = rows(&terminal)
        .into_iter()
        .find(|r| r.contains("Takes (set)"))
        .unwrap();
    assert!(set_row.contains("1, 2, 3, 5, 8, …"), "{set_row}");
}

#[test]
fn a_chomp_game_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter);
    h.computer_moves();
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!(terminal.backend());
    let bar = rows(&terminal).pop().unwrap();
    assert!(bar.contains("help") && bar.contains("leave"), "{bar}");
}

#[test]
fn a_pile_game_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start_pile(40, Some("1,3,4"), [Person, Computer]);
    h.key(KeyCode::Char('H'));
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!(terminal.backend());
    let bar = rows(&terminal).pop().unwrap();
    assert!(bar.contains("help") && bar.contains("leave"), "{bar}");
}

#[test]
fn help_at_80x24_and_scrolling_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.key(KeyCode::Char('?'));
    let (terminal, hits) = draw(&h, 80, 24);
    insta::assert_snapshot!("pile_help_80x24", terminal.backend());
    assert_eq!(hits.viewport.help_hidden, 0, "the whole help fits 80×24");

    let (terminal, hits) = draw_at_minimum(&h);
    insta::assert_snapshot!("pile_help_minimum_top", terminal.backend());
    let hidden = hits.viewport.help_hidden;
    assert!(
        hidden > 0,
        "the help does not fit the minimum size: it scrolls"
    );
    assert!(rows(&terminal).iter().any(|r| r.contains("↓ more")));
    assert!(rows(&terminal).last().unwrap().contains("scroll"));
    h.app.update(munch::app::Event::Viewport(hits.viewport));
    // Scrolled to the end, the last line shows; keys past the end change nothing.
    for _ in 0..hidden + 3 {
        h.key(KeyCode::Down);
    }
    assert!(h.app.help_open(), "scrolling keys do not close the help");
    assert_eq!(h.app.help_scroll, hidden);
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!("pile_help_minimum_end", terminal.backend());
    assert!(rows(&terminal).iter().any(|r| r.contains("click to close")));
    // One key up is one line back at once, and any other key closes.
    h.key(KeyCode::Up);
    assert_eq!(h.app.help_scroll, hidden - 1);
    h.key(KeyCode::Enter);
    assert!(!h.app.help_open());
    assert!(h.subtraction_game().turns.moves.is_empty());
}

#[test]
fn game_over_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start(1, 2, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Enter);
    h.computer_moves();
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!(terminal.backend());
    let text = rows(&terminal).join("\n");
    for button in ["Play again", "Menu", "Quit"] {
        assert!(text.contains(button), "{button} is shown");
    }
}

#[test]
fn a_huge_pile_with_a_long_take_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start_pile(1_000_000_000_000_000_000, None, [Person, Computer]);
    // The perfect computer's moves-left table, built on the table thread.
    h.wait_for_tables();
    h.app.update(munch::app::Event::Pointer {
        target: Target::Spot(bar(400_000_000_000_000_000)),
        click: true,
    });
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!(terminal.backend());
    // Every number is shown whole: none is cut at the border.
    let text = rows(&terminal).join("\n");
    for number in ["1,000,000,000,000,000,000", "600,000,000,000,000,000"] {
        assert!(text.contains(number), "{number} is shown whole");
    }
}

#[test]
fn a_long_menu_note_is_shown_whole() {
    let mut h = Harness::new();
    let note = "This replaces your saved Subtraction {1,3,4} from 21, move 12. \
                Enter: start anyway · Esc: keep the saved game";
    h.app.menu.note = Some(note.into());
    for (width, height) in [(80, 24), ui::minimum_size(&h.app)] {
        let (terminal, _) = draw(&h, width, height);
        let text: String = rows(&terminal)
            .iter()
            .map(|r| r.trim_matches(|c| c == ' ' || c == '│'))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            text.contains("keep the saved game"),
            "{width}×{height}: {text}"
        );
    }
}

#[test]
fn chomp_help_and_a_demo_at_the_minimum_size() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.key(KeyCode::Char('?'));
    let (terminal, hits) = draw_at_minimum(&h);
    insta::assert_snapshot!("chomp_help_minimum", terminal.backend());
    assert!(hits.viewport.help_hidden > 0, "it scrolls at this size");

    // A demonstration's panel and key bar at its smallest: the speed and its keys show.
    let mut h = Harness::new();
    h.start_pile(50, Some("1,2"), [Computer, Computer]);
    h.key(KeyCode::Char('+'));
    let (terminal, _) = draw_at_minimum(&h);
    insta::assert_snapshot!("demo_minimum", terminal.backend());
    let all = rows(&terminal);
    assert!(all.iter().any(|r| r.contains("Demo at 2×")));
    let bar = all.last().unwrap();
    assert!(bar.contains("pause") && bar.contains("step"), "{bar}");
}

#[test]
fn a_warning_too_long_for_the_key_bar_ends_in_an_ellipsis() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.app.warnings.push(format!(
        "cannot save saved-chomp.json: {}; the menu lists this warning",
        "no space left on device ".repeat(4)
    ));
    h.app.warning_at = h.app.ticks;
    let (terminal, _) = draw(&h, 80, 24);
    let buffer = terminal.backend().buffer();
    let bottom: String = (0..80).map(|x| buffer[(x, 23)].symbol()).collect();
    assert!(bottom.contains("⚠ cannot save"), "{bottom:?}");
    assert!(
        bottom.trim_end().ends_with('…'),
        "a cut warning says it was cut: {bottom:?}"
    );
}

#[test]
fn the_level_line_says_what_the_level_does() {
    use munch::settings::Level;
    let mut shown = String::new();
    for level in Level::ALL {
        let mut h = Harness::new();
        h.app.menu.settings.level = level;
        let (terminal, _) = draw(&h, 80, 24);
        let all = rows(&terminal);
        let at = all
            .iter()
            .position(|r| r.contains("Computer") && r.contains(level.label()))
            .expect("the level line");
        // The line under it says what the level does, inside the menu's box.
        assert!(all[at + 1].contains(level.description()), "{level:?}");
        assert!(level.description().chars().count() <= 40, "{level:?}");
        shown.push_str(&all[at]);
        shown.push('\n');
        shown.push_str(&all[at + 1]);
        shown.push('\n');
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn the_game_over_box_sits_over_the_board_and_leaves_the_moves_readable() {
    use munch::app::{Dialog, Event};
    use munch::settings::Settings;
    let panel = usize::from(munch::app::size::PANEL_WIDTH);
    for (text, chomp_moves) in [
        (
            "chomp 2x3 2,2,2",
            &[(2, 1), (1, 1), (2, 0), (1, 0), (0, 1), (0, 0)][..],
        ),
        ("subtraction 1,2 6", &[]),
        ("fibonacci 6", &[]),
        ("nim 4", &[]),
    ] {
        let mut h = Harness::new();
        let (settings, start) = Settings {
            players: [Person, Person],
            ..Settings::default()
        }
        .with_position(text)
        .expect(text);
        h.app.play_position(settings, start);
        for &(col, row) in chomp_moves {
            h.app.update(Event::Pointer {
                target: Target::Spot(munch::input::Spot(col, row)),
                click: true,
            });
            if h.app.dialog() == Some(Dialog::Question(&POISON_QUESTION)) {
                h.key(KeyCode::Char('y'));
            }
        }
        // The coin games: Enter takes 1 until the last coin is gone.
        while h.app.dialog().is_none() {
            h.key(KeyCode::Enter);
        }
        assert_eq!(h.app.dialog(), Some(Dialog::GameOver), "{text}");
        let moves = h.app.session().expect("a game").notation();
        assert!(moves.len() >= 4, "{text}: {moves:?}");
        for (width, height) in [(100, 30), (80, 24)] {
            let screen = common::render_text(&h.app, width, height);
            let rows: Vec<&str> = screen.lines().collect();
            // The panel: the last columns of every row above the key bar.
            let panel_rows: Vec<String> = rows[..rows.len() - 1]
                .iter()
                .map(|row| row.chars().skip(usize::from(width) - panel).collect())
                .collect();
            for (at, row) in panel_rows.iter().enumerate() {
                assert!(
                    row.starts_with(['│', '┌', '└']) && row.ends_with(['│', '┐', '┘']),
                    "{text} at {width}×{height}: the box reaches the panel on row {at}:\n{screen}"
                );
            }
            // Every move in the list (Nim's are written out: "1 from pile 1").
            for (i, mv) in moves.iter().enumerate() {
                let number = format!("{}. Player {}", i + 1, i % 2 + 1);
                let shown = if text.starts_with("nim") {
                    "from pile"
                } else {
                    mv.as_str()
                };
                assert!(
                    panel_rows
                        .iter()
                        .any(|row| row.contains(&number) && row.contains(shown)),
                    "{text} at {width}×{height}: move {number} {mv} is readable:\n{screen}"
                );
            }
            // The box itself, whole, over the board.
            let board: String = rows
                .iter()
                .map(|row| {
                    row.chars()
                        .take(usize::from(width) - panel)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n");
            for word in ["Game over", "Play again", "Menu", "Review", "Quit"] {
                assert!(board.contains(word), "{text}: {word}:\n{screen}");
            }
        }
    }
}

/// The rows of the board's column (left of the panel) of a drawn screen.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|row| row.chars().take(48).collect::<String>())
        .collect()
}

#[test]
fn a_wide_take_set_is_said_in_ranges_on_one_line_at_80x24() {
    let mut h = Harness::new();
    h.start_pile(
        1_000_000_000_000_000_000,
        Some("1,2000-4096"),
        [Person, Computer],
    );
    h.wait_for_tables();
    h.key(KeyCode::Char('H'));
    let screen = common::render_text(&h.app, 80, 24);
    let rows = board_rows(&screen);
    // The takes in one line, the pile's bar right under the heading.
    assert_eq!(
        rows[2].trim_end_matches(['│', ' ']),
        "│Now: take 1 or 2,000–4,096",
        "{screen}"
    );
    assert!(rows[3].contains('█'), "{screen}");
    insta::assert_snapshot!(screen);

    // A set with no runs: one line still, cut to its first takes and how many more.
    let sparse: Vec<String> = (0..19).map(|n| (1_000 + 37 * n).to_string()).collect();
    let set = sparse.join(",");
    let mut h = Harness::new();
    h.start_pile(1_000_000_000_000_000_000, Some(&set), [Person, Computer]);
    h.wait_for_tables();
    h.key(KeyCode::Char('H'));
    let screen = common::render_text(&h.app, 80, 24);
    let rows = board_rows(&screen);
    let now = rows.iter().position(|row| row.contains("Now:")).unwrap();
    assert!(
        rows[now].starts_with("│Now: take 1,000 · 1,037 · "),
        "{screen}"
    );
    assert!(rows[now].contains(" more"), "{screen}");
    assert!(rows[now + 1].contains('█'), "{screen}");
    // The hint in the panel is said whole, its end included.
    assert!(screen.contains("more (★)"), "{screen}");
}

#[test]
fn huge_nim_takes_are_cut_keeping_their_pile_in_the_move_list_and_the_nim_sum_is_grouped() {
    let mut h = Harness::new();
    h.app.menu.settings = munch::settings::Settings {
        game: munch::settings::GameKind::Nim,
        players: [Person, Person],
        ..munch::settings::Settings::default()
    }
    .with("piles", "123456789012345678,987654321098765432");
    h.start_and_replace();
    h.key(KeyCode::Char('H'));
    let panel_of = |h: &Harness, width: u16, height: u16| -> Vec<String> {
        let (terminal, _) = draw(h, width, height);
        rows(&terminal)
            .iter()
            .map(|row| {
                let chars: Vec<char> = row.chars().collect();
                let right = chars.len() - 31;
                chars[right..chars.len() - 1]
                    .iter()
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    };
    // The nim-sum, with its separators, on the line under its name where it is too long
    // beside it.
    let (a, b) = (123_456_789_012_345_678_u64, 987_654_321_098_765_432_u64);
    let sum = munch::units::group(a ^ b);
    assert!(sum.len() > 22, "too long for its line: {sum}");
    for (width, height) in [(80, 24), (100, 30)] {
        let panel = panel_of(&h, width, height);
        let at = panel.iter().position(|r| r == "nim-sum:");
        let at = at.unwrap_or_else(|| panic!("{panel:#?}"));
        assert_eq!(panel[at + 1], sum, "{panel:#?}");
    }
    // 864,197,532,086,419,754 from pile 2 evens the piles; then 5 from pile 1.
    h.key(KeyCode::Down);
    for c in "864197532086419754".chars() {
        h.key(KeyCode::Char(c));
    }
    h.key(KeyCode::Enter);
    h.key(KeyCode::Up);
    h.keys(&[KeyCode::Char('5'), KeyCode::Enter]);
    for (width, height) in [(80, 24), (100, 30)] {
        let panel = panel_of(&h, width, height);
        let moves = panel
            .iter()
            .position(|r| r.starts_with("Moves"))
            .unwrap_or_else(|| panic!("{panel:#?}"));
        let first = &panel[moves + 1];
        assert!(first.starts_with("  1. Player 1"), "{panel:#?}");
        // A take too long for the row loses its number, not its pile.
        assert!(first.ends_with("… from pile 2"), "{panel:#?}");
        assert_eq!(panel[moves + 2], "  2. Player 2   5 from pile 1");
        // A nim-sum short enough sits beside its name.
        let sum = (a - 5) ^ a;
        assert!(panel.contains(&format!("nim-sum {sum}")), "{panel:#?}");
    }
}

/// The chosen value line's ▸ stands a column off the box's left border, at 80×24 and at the
/// menu's smallest size, and its value is whole between ◀ and ▶, both still clickable.
#[test]
fn the_chosen_menu_lines_marker_stands_off_the_border() {
    use munch::app::menu::MenuLine;
    let mut h = Harness::new();
    let (min_width, min_height) = ui::minimum_size(&h.app);
    assert_eq!(
        (min_width, min_height),
        (48, 22),
        "the menu's smallest size"
    );
    let lines: Vec<MenuLine> = h
        .app
        .menu
        .lines()
        .into_iter()
        .filter(|l| l.has_value())
        .collect();
    assert!(lines.len() >= 4, "{lines:?}");
    for (width, height) in [(80, 24), (min_width, min_height)] {
        for &line in &lines {
            h.app.menu.select(line);
            let (terminal, hits) = draw(&h, width, height);
            let all = rows(&terminal);
            let y = all.iter().position(|r| r.contains('▸')).unwrap();
            let row = &all[y];
            assert!(
                row.contains(&format!("│ ▸ {}", line.label())),
                "{width}×{height}: {row}"
            );
            let chars: Vec<char> = row.chars().collect();
            let left = chars.iter().position(|&c| c == '◀').unwrap();
            let right = chars.iter().position(|&c| c == '▶').unwrap();
            let value: String = chars[left + 1..right].iter().collect();
            let value = value.trim();
            assert_eq!(
                value,
                h.app.menu.value(line),
                "{width}×{height}: the value whole"
            );
            assert!(
                chars[right + 1..].contains(&'│'),
                "{width}×{height}: ▶ inside the box: {row}"
            );
            for (at, by) in [(left, -1), (right, 1)] {
                assert_eq!(
                    hits.target_at(at as u16, y as u16),
                    Some(Target::MenuStep(line, by)),
                    "{width}×{height}: {row}"
                );
            }
        }
    }
}

/// The chosen menu line carries a ▸ as the buttons do, not its colour alone; ↑/↓ go a row at
/// a time and stop at the top and the bottom: down from Start is Puzzles, then Quit (Study
/// shares Start's row, ←/→ go to it), never round through Study and Quit to the top.
#[test]
fn the_chosen_menu_line_is_marked_and_the_arrows_stop_at_the_ends() {
    use munch::app::menu::MenuLine;
    let mut h = Harness::new();
    let lines = h.app.menu.lines();
    let chosen = |h: &Harness| {
        let (terminal, _) = draw(h, 80, 24);
        let marked: Vec<String> = rows(&terminal)
            .into_iter()
            .filter(|r| r.contains('▸'))
            .map(|r| r.trim_matches(|c| c == ' ' || c == '│').to_string())
            .collect();
        assert_eq!(marked.len(), 1, "one line marked: {marked:?}");
        marked[0].clone()
    };
    h.app.menu.select(MenuLine::Game);
    assert!(chosen(&h).starts_with("▸ Game "), "{}", chosen(&h));
    h.key(KeyCode::Up);
    assert_eq!(h.app.menu.selected, MenuLine::Game, "the top stays");
    for line in &lines[1..] {
        // A button beside another (Study, Your mistakes) is reached by ←/→, not ↓.
        if munch::app::menu::button_row(*line).is_some_and(|row| row[0] != *line) {
            continue;
        }
        h.key(KeyCode::Down);
        assert_eq!(h.app.menu.selected, *line);
        if line.has_value() {
            assert!(
                chosen(&h).starts_with(&format!("▸ {}", line.label())),
                "{}",
                chosen(&h)
            );
        }
    }
    assert_eq!(h.app.menu.selected, MenuLine::Quit);
    assert!(chosen(&h).contains("▸ Quit ◂"));
    h.key(KeyCode::Down);
    assert_eq!(h.app.menu.selected, MenuLine::Quit, "the bottom stays");
    h.key(KeyCode::Up);
    assert_eq!(h.app.menu.selected, MenuLine::Puzzles, "up from Quit");
    assert!(chosen(&h).contains("▸ Puzzles ◂"));
    h.key(KeyCode::Up);
    assert_eq!(h.app.menu.selected, MenuLine::Start, "up from Puzzles");
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.selected, MenuLine::Study);
    h.key(KeyCode::Down);
    assert_eq!(h.app.menu.selected, MenuLine::Puzzles, "down from Study");
    // Your mistakes stands beside Puzzles.
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.selected, MenuLine::Mistakes);
    assert!(chosen(&h).contains("▸ Your mistakes ◂"), "{}", chosen(&h));
    h.key(KeyCode::Down);
    assert_eq!(
        h.app.menu.selected,
        MenuLine::Quit,
        "down from Your mistakes"
    );
    h.app.menu.select(MenuLine::Field("rows"));
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_wythoff_game_past_the_queens_board_at_80x24_and_at_the_minimum_size() {
    let mut h = Harness::new();
    let kind = munch::settings::GameKind::ALL
        .iter()
        .find(|k| k.game().id() == "wythoff");
    h.app.menu.settings = munch::settings::Settings {
        game: *kind.expect("Wythoff is in the catalogue"),
        players: [Person, Computer],
        ..munch::settings::Settings::default()
    }
    .with("wythoff_piles", "41,66");
    h.start_and_replace();
    // Hints on, both piles chosen with a take of 3: the take shows on each pile, the ★ of the
    // one winning take from both on its row, that of 41 from pile 2 on its bar.
    h.keys(&[
        KeyCode::Char('H'),
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Char('3'),
    ]);
    let (terminal, _) = draw(&h, 80, 24);
    insta::assert_snapshot!("wythoff_rows_80x24", terminal.backend());
    let text = rows(&terminal).join("\n");
    assert!(text.contains("Both piles  ·  taking 3"), "{text}");
    assert!(
        text.contains("▸ both  the same from each pile  ★ 1"),
        "{text}"
    );
    // The panel's hint, over two lines.
    assert!(text.contains("You are winning: take 1 from"), "{text}");
    assert!(text.contains("both or 41 from pile 2"), "{text}");
    let (terminal, _) = draw_at_minimum(&h);
    let text = rows(&terminal).join("\n");
    assert!(!text.contains("too small"), "{text}");
    assert!(text.contains("▸ both"), "{text}");
    let bar = rows(&terminal).pop().unwrap();
    assert!(bar.contains("help") && bar.contains("leave"), "{bar}");
}
