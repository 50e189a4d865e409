//! Pasted text, the questions' highlighted buttons, and the small things the key bar and the
//! panel say: the app driven by events, and the screen the view draws for it.

mod common;

use common::Harness;
use munch::app::menu::Player::{Computer, Person};
use munch::app::menu::{GameKind, MenuLine};
use munch::app::{Event, Target};
use ratatui::crossterm::event::KeyCode;

/// The screen the view draws for `app` on a `width` × `height` terminal, as text.
fn render_text(app: &munch::app::App, width: u16, height: u16) -> String {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render_with(app, frame, &munch::ui::theme::Theme::monochrome());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        for x in 0..width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// Points the mouse at a menu line, which highlights it.
fn point_at_line(h: &mut Harness, line: MenuLine) {
    h.app.update(Event::Pointer {
        target: Target::MenuLine(line),
        click: false,
    });
    assert_eq!(h.app.menu.selected, line);
}

const PASTED: &str = "hello world\nthis is pasted text jjjj\n  1, 3-5 \n";

#[test]
fn a_paste_in_a_game_plays_nothing_and_says_so() {
    let mut h = Harness::new();
    h.start(6, 7, [Person, Computer]);
    h.wait_for_solver();
    h.app.update(Event::Paste(PASTED.into()));
    h.ticks(40);
    assert!(h.game().moves.is_empty(), "{:?}", h.game().moves);
    assert!(h.app.dialog().is_none());
    let screen = render_text(&h.app, 100, 30);
    assert!(screen.contains("Pasted text is ignored"), "{screen}");

    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.app.update(Event::Paste("4\n".into()));
    h.ticks(40);
    assert!(h.pile_game().takes.is_empty());
    assert_eq!(
        h.pile_game().message.as_deref(),
        Some("Pasted text is ignored in a game.")
    );
}

#[test]
fn a_paste_into_a_menu_field_types_what_the_field_takes() {
    let mut h = Harness::new();
    point_at_line(&mut h, MenuLine::Game);
    h.key(KeyCode::Right);
    assert_eq!(h.app.menu.settings.game, GameKind::Subtraction);
    point_at_line(&mut h, MenuLine::Set);
    h.app.update(Event::Paste(PASTED.into()));
    assert!(h.on_menu(), "the newlines started no game");
    assert_eq!(h.app.menu.settings.set, "1, 3-5");
    point_at_line(&mut h, MenuLine::Pile);
    h.app.update(Event::Paste("pile: 35\n".into()));
    assert_eq!(h.app.menu.settings.pile, 35);
    // On a line that takes no typing a paste does nothing at all.
    point_at_line(&mut h, MenuLine::Start);
    h.app.update(Event::Paste("\n\n".into()));
    assert!(h.on_menu());
}
