//! The menu's settings, and the settings file that keeps them, change only when the person
//! changes them on the menu. A game from the command line (`munch play`), and a study or a game
//! started from a position (`munch study --position`, `munch play --position`, `p` on the Study
//! screen, a saved game from a set position resumed) runs with settings of its own, and the
//! menu is as it was afterwards.

use crate::common::{Harness, render_text};
use munch::app::keys::Action;
use munch::app::menu::MenuLine;
use munch::app::{Dialog, Event, Screen, Target};
use munch::games::chomp::tables::POISON_QUESTION;
use munch::games::position::StartPosition;
use munch::games::session::Session;
use munch::input::Spot;
use munch::settings::Player::{Computer, Person};
use munch::settings::{GameKind, Level, Settings};
use munch::store::{SETTINGS_FILE, Store};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

/// A fresh data folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-menu-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The menu a person left: Chomp 3×4, the computer second, casual. Every route below would
/// change some of it (the size, the sides) if it leaked into the menu.
fn menu_settings() -> Settings {
    Settings {
        game: GameKind::Chomp,
        players: [Person, Computer],
        level: Level::Casual,
        ..Settings::default()
    }
    .with("rows", 3_u8)
    .with("cols", 4_u8)
}

/// An app on a data folder whose settings file holds [`menu_settings`]; the file's text.
fn app_with_menu(dir: &Path) -> (Harness, Store, String) {
    let store = Store::open(Some(dir)).expect("a temporary folder");
    store
        .save(SETTINGS_FILE, &menu_settings())
        .expect("settings written");
    let file = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("the settings file");
    let h = Harness::with_store(store.clone());
    assert_eq!(
        h.app.menu.settings,
        menu_settings(),
        "the menu starts as saved"
    );
    (h, store, file)
}

/// The menu shows what the person left, and the settings file still holds `file`.
fn assert_menu_as_it_was(h: &Harness, dir: &Path, file: &str, route: &str) {
    assert_eq!(h.app.menu.settings, menu_settings(), "{route}: the menu");
    let now = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("the settings file");
    assert_eq!(now, file, "{route}: the settings file");
}

/// The settings and start of a position string, as the command line reads it.
fn position(text: &str) -> (Settings, StartPosition) {
    Settings::default()
        .with_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position the Study screen shows.
fn studied(h: &Harness) -> String {
    match &h.app.screen {
        Screen::Study(study) => study.study.position(),
        _ => panic!("the Study screen is not on"),
    }
}

/// Delivers the study's table, so that its moves are known.
fn settle(h: &mut Harness) {
    while matches!(&h.app.screen, Screen::Study(study) if study.study.analysis().progress.is_some())
    {
        let message = h.next_message();
        h.app.update(Event::Solver(message));
    }
}

/// The person eats the poison (after the question): the game is over, the computer won.
fn eat_the_poison(h: &mut Harness) {
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(0, 0)),
        click: true,
    });
    if h.app.dialog() == Some(Dialog::Question(&POISON_QUESTION)) {
        h.key(KeyCode::Char('y'));
    }
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
}

#[test]
fn munch_study_position_leaves_the_menu_as_it_was() {
    let dir = temp_dir("study-position");
    let (mut h, _store, file) = app_with_menu(&dir);
    let (settings, start) = position("chomp 4x5 4,3,1,0,0");
    h.app.study_position(&settings, &start);
    assert_eq!(studied(&h), "chomp 4x5 4,3,1,0,0");
    h.key(KeyCode::Enter); // a move explored
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert_menu_as_it_was(&h, &dir, &file, "study --position");
    // The menu's Study studies the menu's own game.
    h.key(KeyCode::Char('s'));
    assert_eq!(studied(&h), "chomp 3x4 3,3,3,3");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_from_an_edited_study_keeps_its_settings_and_plays_again_from_its_start() {
    let dir = temp_dir("study-play");
    let (mut h, _store, file) = app_with_menu(&dir);
    // The menu's study, edited to a 5×6 bar.
    h.key(KeyCode::Char('s'));
    h.key(KeyCode::Char('e'));
    h.keys(&[
        KeyCode::Char('+'),
        KeyCode::Char('+'),
        KeyCode::Char('>'),
        KeyCode::Char('>'),
    ]);
    // f5: every column 5 high.
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(5, 4)),
        click: true,
    });
    h.key(KeyCode::Enter);
    let text = studied(&h);
    assert_eq!(text, "chomp 5x6 5,5,5,5,5,5");
    settle(&mut h);
    // p, 2: the computer moves first.
    h.keys(&[KeyCode::Char('p'), KeyCode::Char('2')]);
    assert_eq!(h.app.playing.players, [Computer, Person]);
    assert_eq!(h.app.playing.values.small("rows"), 5);
    assert_eq!(h.app.playing.level, Level::Casual, "at the menu's level");
    assert_eq!(h.app.start.as_ref().map(StartPosition::text), Some(&*text));
    assert_menu_as_it_was(&h, &dir, &file, "p from a study, started");
    h.computer_moves();
    eat_the_poison(&mut h);
    assert_menu_as_it_was(&h, &dir, &file, "p from a study, over");
    // Play again: the same start, the same sides, still not the menu's.
    h.app.act(Action::PlayAgain);
    assert_eq!(h.app.start.as_ref().map(StartPosition::text), Some(&*text));
    assert_eq!(h.app.playing.players, [Computer, Person]);
    assert_eq!(h.app.session().map(Session::position), Some(text.clone()));
    assert_menu_as_it_was(&h, &dir, &file, "play again");
    // Restart likewise.
    h.computer_moves();
    h.key(KeyCode::Char('r'));
    h.key(KeyCode::Char('y'));
    assert_eq!(h.app.session().map(Session::position), Some(text.clone()));
    assert_eq!(h.app.playing.players, [Computer, Person]);
    // Back on the menu: as the person left it, and Start plays the menu's own game.
    h.key(KeyCode::Char('q'));
    h.app.act(Action::Menu);
    assert!(h.on_menu());
    assert_menu_as_it_was(&h, &dir, &file, "p from a study, left");
    h.app.menu.select(MenuLine::Start);
    h.start_and_replace();
    assert_eq!(h.game().position.heights(), &[3, 3, 3, 3]);
    assert_eq!(h.app.playing, menu_settings());
    assert_menu_as_it_was(&h, &dir, &file, "the menu's own game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn munch_play_position_leaves_the_menu_and_its_file_alone() {
    let dir = temp_dir("play-position");
    let (mut h, _store, file) = app_with_menu(&dir);
    let (settings, start) = position("chomp 4x5 4,3,1,0,0");
    let settings = Settings {
        players: [Computer, Person],
        ..settings
    };
    h.app.play_position(settings.clone(), start);
    assert_eq!(h.app.playing, settings);
    assert_menu_as_it_was(&h, &dir, &file, "play --position");
    h.computer_moves();
    eat_the_poison(&mut h);
    h.app.act(Action::PlayAgain);
    assert_eq!(
        h.app.session().map(Session::position),
        Some("chomp 4x5 4,3,1,0,0".to_string())
    );
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    assert!(h.on_menu());
    assert_menu_as_it_was(&h, &dir, &file, "play --position, left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_from_a_position_resumes_without_taking_over_the_menu() {
    let dir = temp_dir("resume");
    let (mut h, store, file) = app_with_menu(&dir);
    let (settings, start) = position("nim 3,4,5");
    h.app.play_position(settings.clone(), start);
    h.key(KeyCode::Enter); // a take: the game is saved, from its start
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    drop(h);

    let mut h = Harness::with_store(store.clone());
    assert_eq!(
        h.app.menu.resume(GameKind::Nim),
        Some("Nim 3,4,5 (set), move 2")
    );
    h.app.resume(GameKind::Nim);
    assert_eq!(h.app.playing.game, GameKind::Nim);
    assert_eq!(h.app.session().map(Session::moves_made), Some(1));
    assert_menu_as_it_was(&h, &dir, &file, "resumed from a position");
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    assert_menu_as_it_was(&h, &dir, &file, "resumed from a position, left");

    // An ordinary saved game resumes with its own settings too (changed: it used to bring
    // them back to the menu and the settings file, which a game from `munch play` must not).
    h.app.menu.settings = menu_settings().with("rows", 5_u8);
    h.app.menu.select(MenuLine::Start);
    h.start_and_replace();
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(3, 4)),
        click: true,
    });
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    drop(h);
    let mut h = Harness::with_store(store);
    assert_eq!(
        h.app.menu.settings.values.small("rows"),
        5,
        "saved at its start"
    );
    h.app.menu.settings = menu_settings();
    let file = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("the settings file");
    h.app.resume(GameKind::Chomp);
    assert_eq!(h.app.playing.values.small("rows"), 5, "the game's own");
    assert_menu_as_it_was(&h, &dir, &file, "resumed");
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    assert_menu_as_it_was(&h, &dir, &file, "resumed, left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_replace_question_names_the_position_asked_for() {
    let dir = temp_dir("replace");
    let (mut h, _store, file) = app_with_menu(&dir);
    // A saved Chomp game of the menu's own.
    h.start_and_replace();
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(3, 2)),
        click: true,
    });
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    let (settings, start) = position("chomp 4x5 4,3,1,0,0");
    h.app.play_position(settings, start);
    assert!(h.on_menu(), "the menu asks first");
    assert_eq!(h.app.menu.replacing, Some(GameKind::Chomp));
    for (width, height) in [(80, 24), (100, 30)] {
        let screen = render_text(&h.app, width, height);
        let words = screen.replace('│', " ");
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "chomp 4x5 4,3,1,0,0 (you first) replaces your saved Chomp 3×4, move 2 once you move."
            ),
            "{screen}"
        );
    }
    assert_menu_as_it_was(&h, &dir, &file, "asking");
    h.key(KeyCode::Enter);
    assert_eq!(
        h.app.session().map(Session::position),
        Some("chomp 4x5 4,3,1,0,0".to_string())
    );
    assert_menu_as_it_was(&h, &dir, &file, "replaced");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_replace_question_names_the_game_munch_play_asked_for_not_the_menus() {
    let dir = temp_dir("replace-play");
    let (mut h, _store, file) = app_with_menu(&dir);
    // A saved Chomp game of the menu's own (3×4, the person first).
    h.start_and_replace();
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(3, 2)),
        click: true,
    });
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    // `munch play chomp --rows 5 --cols 6 --first computer --second person`.
    let settings = Settings {
        players: [Computer, Person],
        ..Settings::default()
    }
    .with("rows", 5_u8)
    .with("cols", 6_u8);
    h.app.play_settings(settings.clone());
    assert!(h.on_menu(), "the menu asks first");
    for (width, height) in [(80, 24), (100, 30)] {
        let screen = render_text(&h.app, width, height);
        let words = screen.replace('│', " ");
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "Chomp 5×6 (computer first) replaces your saved Chomp 3×4, move 2 once you move."
            ),
            "{screen}"
        );
        // The menu's own lines (3 rows, 4 columns, the person first) would pose as the game
        // Enter starts: they are not shown while the question is asked.
        for line in ["Rows", "Columns", "First player"] {
            assert!(
                !screen.contains(line),
                "{line} shown while asking:\n{screen}"
            );
        }
    }
    assert_menu_as_it_was(&h, &dir, &file, "asking");
    h.key(KeyCode::Enter);
    assert_eq!(h.app.playing, settings, "Enter starts the game named");
    assert_menu_as_it_was(&h, &dir, &file, "replaced");
    // Esc keeps the saved game, and the menu's lines come back.
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    h.app.play_settings(settings);
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    assert!(render_text(&h.app, 100, 30).contains("Rows"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keeping_the_saved_game_munch_play_would_replace_shows_its_game_on_the_menu() {
    // Every game alike: `munch play GAME` over a saved game of that kind, whatever the menu
    // shows (Chomp 3×4 here), then "keep it".
    for kind in GameKind::ALL {
        let label = kind.label();
        let dir = temp_dir(&format!("keep-{}", kind.index()));
        let (mut h, _store, file) = app_with_menu(&dir);
        let settings = Settings {
            game: kind,
            players: [Person, Computer],
            ..Settings::default()
        };
        // A saved game of this kind: one move of the person's, then left.
        h.app.play_settings(settings.clone());
        assert_eq!(h.app.playing.game, kind, "{label}: started");
        if kind == GameKind::Chomp {
            h.app.update(Event::Pointer {
                target: Target::Spot(Spot(3, 2)),
                click: true,
            });
        } else {
            h.key(KeyCode::Enter);
        }
        let made = h.app.session().map_or(0, Session::moves_made);
        assert!(made >= 1, "{label}: a move was made");
        h.app.act(Action::Back);
        h.app.act(Action::Menu);
        assert!(h.app.menu.resume(kind).is_some(), "{label}: saved");

        h.app.play_settings(settings.clone());
        assert_eq!(h.app.menu.replacing, Some(kind), "{label}: the menu asks");
        // No key but the question's own answers it.
        for code in [
            KeyCode::Right,
            KeyCode::Left,
            KeyCode::Down,
            KeyCode::Char('x'),
        ] {
            h.key(code);
            assert_eq!(
                h.app.menu.replacing,
                Some(kind),
                "{label}: {code:?} answered the question"
            );
            assert_eq!(h.app.asked_settings(), Some(&settings), "{label}: {code:?}");
        }
        h.key(KeyCode::Esc);
        assert!(h.on_menu(), "{label}: Esc starts nothing");
        assert_eq!(h.app.menu.replacing, None, "{label}: Esc answers");
        // The menu shows the game asked for, its saved game highlighted to resume.
        assert_eq!(h.app.menu.settings.game, kind, "{label}: the menu's game");
        assert_eq!(h.app.menu.selected, MenuLine::Resume(kind), "{label}");
        assert_eq!(h.app.menu.shown_resume(), Some(kind), "{label}");
        for (width, height) in [(80, 24), (100, 30)] {
            let screen = render_text(&h.app, width, height);
            let game_line = screen
                .lines()
                .find(|l| l.contains("Game") && l.contains('◀'))
                .unwrap_or_else(|| panic!("{label}: no Game line\n{screen}"));
            assert!(game_line.contains(label), "{label}: {game_line}\n{screen}");
        }
        let now = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("the settings file");
        assert_eq!(now, file, "{label}: the settings file is left alone");
        // Enter resumes the game kept, where it was.
        h.key(KeyCode::Enter);
        assert_eq!(h.app.playing.game, kind, "{label}: resumed");
        assert_eq!(
            h.app.session().map(Session::moves_made),
            Some(made),
            "{label}: the kept game"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn ctrl_z_and_ctrl_backslash_answer_no_question_and_close_no_box() {
    let dir = temp_dir("ctrl-z");
    let (mut h, _store, _file) = app_with_menu(&dir);
    h.start_and_replace();
    h.app.update(Event::Pointer {
        target: Target::Spot(Spot(3, 2)),
        click: true,
    });
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    h.app.start_game();
    assert!(
        h.app.menu.replacing.is_some(),
        "the replace question is asked"
    );
    for c in ['z', '\\', '4'] {
        h.ctrl(c);
        assert!(
            h.app.menu.replacing.is_some(),
            "Ctrl-{c} kept the question open"
        );
    }
    h.key(KeyCode::Esc);
    h.key(KeyCode::Char('?'));
    assert!(h.app.help_open());
    for c in ['z', '\\'] {
        h.ctrl(c);
        assert!(h.app.help_open(), "Ctrl-{c} closed the help");
    }
    assert!(!h.app.should_quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn munch_play_leaves_the_menu_and_its_file_alone() {
    let dir = temp_dir("play");
    let (mut h, _store, file) = app_with_menu(&dir);
    // `munch play chomp --rows 2 --cols 3 --first computer --second person`.
    let settings = Settings {
        players: [Computer, Person],
        ..Settings::default()
    }
    .with("rows", 2_u8)
    .with("cols", 3_u8);
    h.app.play_settings(settings.clone());
    assert_eq!(h.app.playing, settings);
    assert!(h.app.start.is_none(), "from the usual start");
    assert_menu_as_it_was(&h, &dir, &file, "play");
    h.computer_moves();
    eat_the_poison(&mut h);
    h.app.act(Action::PlayAgain);
    assert_eq!(h.app.playing, settings, "play again keeps its settings");
    assert_menu_as_it_was(&h, &dir, &file, "play, again");
    h.app.act(Action::Back);
    h.app.act(Action::Menu);
    assert!(h.on_menu());
    assert_menu_as_it_was(&h, &dir, &file, "play, left");
    let _ = std::fs::remove_dir_all(&dir);
}
