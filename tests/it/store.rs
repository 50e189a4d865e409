//! The data folder: atomic saves, damaged files set aside, and what the app keeps there.

use crate::common;

use crate::common::Harness;
use munch::app::menu::MenuLine;
use munch::games::fibonacci::session::FibonacciSession;
use munch::games::subtraction::session::SubtractionSession;
use munch::settings::GameKind;
use munch::settings::Player::{Computer, Person};
use munch::settings::{Level, Settings};
use munch::store::{
    Attempt, KeptPuzzle, LEGACY_SAVED_GAME_FILE, MAX_KEPT_RECORDS, PUZZLES_FILE, SETTINGS_FILE,
    STATS_FILE, SavedGame, Stats, Store, last_record_file, saved_game_file,
};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use std::time::Duration;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn saves_round_trip_and_damaged_files_are_set_aside() {
    let dir = temp_dir("roundtrip");
    let store = Store::open(Some(&dir)).unwrap();
    assert_eq!(store.load::<Settings>(SETTINGS_FILE), Ok(None));
    let settings = Settings::default().with("rows", 9_u8);
    store.save(SETTINGS_FILE, &settings).unwrap();
    assert_eq!(store.load::<Settings>(SETTINGS_FILE), Ok(Some(settings)));

    let damages = ["{not json", r#"{"version": 99, "data": {}}"#, ""];
    let bad_name = |i: usize| match i {
        0 => "settings.json.bad".to_string(),
        i => format!("settings.json.bad.{i}"),
    };
    for (i, damage) in damages.iter().enumerate() {
        std::fs::write(dir.join(SETTINGS_FILE), damage).unwrap();
        let warning = store.load::<Settings>(SETTINGS_FILE).unwrap_err();
        assert!(warning.contains(&bad_name(i)), "{warning}");
        assert_eq!(
            std::fs::read_to_string(dir.join(bad_name(i))).unwrap(),
            *damage
        );
        assert!(!dir.join(SETTINGS_FILE).exists());
    }
    // Setting a file aside never replaced an older one.
    for (i, damage) in damages.iter().enumerate() {
        assert_eq!(
            std::fs::read_to_string(dir.join(bad_name(i))).unwrap(),
            *damage
        );
    }
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_data_dir_that_is_a_file_or_gone_is_reported() {
    let dir = temp_dir("file");
    std::fs::create_dir_all(dir.parent().unwrap()).unwrap();
    std::fs::write(&dir, "not a folder").unwrap();
    assert!(Store::open(Some(&dir)).unwrap_err().contains("is a file"));
    std::fs::remove_file(&dir).unwrap();

    let store = Store::open(Some(&dir)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap(); // the folder vanishes (or the disk fails)
    let problem = store.save(STATS_FILE, &Stats::default()).unwrap_err();
    assert!(problem.starts_with("cannot save stats.json"), "{problem}");
}

#[test]
fn the_app_saves_every_move_records_the_result_and_forgets_the_finished_game() {
    let dir = temp_dir("app");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start(1, 3, [Person, Computer]);
    h.wait_for_solver();
    let store = Store::open(Some(&dir)).unwrap();
    assert!(
        store.load::<Settings>(SETTINGS_FILE).unwrap().is_some(),
        "settings saved at start"
    );
    h.key(KeyCode::Left);
    h.key(KeyCode::Enter); // b1: the computer must eat the poison
    let chomp = &saved_game_file(GameKind::Chomp);
    let saved: SavedGame = store.load(chomp).unwrap().expect("saved after the move");
    assert_eq!(saved.moves, vec!["b1".to_string()]);
    h.computer_moves();
    assert!(h.game().is_over());
    assert_eq!(
        store.load::<SavedGame>(chomp),
        Ok(None),
        "a finished game is not offered"
    );
    let stats: Stats = store.load(STATS_FILE).unwrap().unwrap();
    let record = stats.tallies["Chomp 1×3"][Level::Perfect.label()];
    assert_eq!((record.games, record.wins, record.losses), (1, 1, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_is_offered_and_resumed() {
    let dir = temp_dir("resume");
    let store = Store::open(Some(&dir)).unwrap();
    let settings = Settings::default().with("rows", 4_u8).with("cols", 5_u8);
    let saved = SavedGame {
        id: "a game".into(),
        settings,
        moves: vec!["e4".into(), "c2".into()],
        counted: None,
        start: None,
    };
    store
        .save(&saved_game_file(GameKind::Chomp), &saved)
        .unwrap();
    let mut h = Harness::with_store(store);
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 3")
    );
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[4, 4, 1, 1, 1]);
    assert_eq!(h.game().turns.moves.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_file_is_a_warning_and_the_defaults_are_used() {
    let dir = temp_dir("unreadable");
    let store = Store::open(Some(&dir)).unwrap();
    // A folder where the settings file should be: it cannot be read as a file.
    std::fs::create_dir_all(dir.join(SETTINGS_FILE)).unwrap();
    let warning = store.load::<Settings>(SETTINGS_FILE).unwrap_err();
    assert!(warning.contains("settings.json"), "{warning}");
    let h = Harness::with_store(store);
    assert_eq!(h.app.menu.settings, Settings::default());
    assert!(!h.app.warnings.is_empty(), "the player is told");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `f` on another thread and fails if it takes more than 10 s: a regression that blocks
/// (on a FIFO, say) fails visibly instead of hanging the test run.
fn within_seconds<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("{what} did not finish within 10 s"))
}

/// Makes a FIFO at `path`, by the libc call rather than by starting the `mkfifo` program.
#[allow(unsafe_code, reason = "mkfifo is a libc call; std cannot make a FIFO")]
fn mkfifo(path: &std::path::Path) {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path that outlives the call.
    let made = unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) };
    assert_eq!(
        made,
        0,
        "mkfifo {}: {}",
        path.display(),
        std::io::Error::last_os_error()
    );
}

fn chomp_game(id: &str, rows: u8, cols: u8, moves: &[&str]) -> SavedGame {
    SavedGame {
        id: id.into(),
        settings: Settings::default().with("rows", rows).with("cols", cols),
        moves: moves.iter().map(ToString::to_string).collect(),
        counted: None,
        start: None,
    }
}

/// The key of a one-pile game's coins.
fn pile_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Fibonacci => munch::games::fibonacci::fields::PILE,
        _ => munch::games::subtraction::fields::PILE,
    }
}

fn pile_game(id: &str, game: GameKind, pile: u64, set: &str, moves: &[&str]) -> SavedGame {
    SavedGame {
        id: id.into(),
        settings: Settings {
            game,
            ..Settings::default()
        }
        .with(pile_key(game), pile)
        .with("set", set),
        moves: moves.iter().map(ToString::to_string).collect(),
        counted: None,
        start: None,
    }
}

#[test]
fn every_kind_of_damaged_regular_file_is_set_aside_with_its_own_warning() {
    let dir = temp_dir("damaged");
    let store = Store::open(Some(&dir)).unwrap();
    // An older .bad file that must survive.
    std::fs::write(dir.join("stats.json.bad"), "an older bad file").unwrap();
    let mut huge = br#"{"version": 1, "data": {"records": {}}}"#.to_vec();
    huge.resize(
        usize::try_from(munch::store::MAX_FILE_BYTES).unwrap() + 1,
        b' ',
    );
    let cases: [(&str, Vec<u8>, &str); 4] = [
        ("not UTF-8", vec![b'{', 0xff, 0xfe, b'}'], "is not UTF-8"),
        (
            "bad JSON",
            b"{\"version\": 1, \"data\": ".to_vec(),
            "is not valid JSON",
        ),
        (
            "wrong shape",
            br#"{"version": 1, "data": {"records": 7}}"#.to_vec(),
            "is not what munch writes",
        ),
        ("over the cap", huge, "is larger than 32 MiB"),
    ];
    let mut warnings = Vec::new();
    for (i, (case, bytes, why)) in cases.iter().enumerate() {
        std::fs::write(dir.join(STATS_FILE), bytes).unwrap();
        let warning = store.load::<Stats>(STATS_FILE).unwrap_err();
        let bad = format!("stats.json.bad.{}", i + 1);
        assert!(warning.contains(why), "{case}: {warning}");
        assert!(
            warning.ends_with(&format!("moved aside to {bad}")),
            "{case}: {warning}"
        );
        assert_eq!(&std::fs::read(dir.join(&bad)).unwrap(), bytes, "{case}");
        assert!(!dir.join(STATS_FILE).exists(), "{case}");
        warnings.push(warning);
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("stats.json.bad")).unwrap(),
        "an older bad file"
    );
    warnings.dedup();
    assert_eq!(warnings.len(), cases.len(), "each case says its own thing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_a_link_to_dev_zero_and_a_folder_are_left_alone_and_never_written_over() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("special");
    let store = Store::open(Some(&dir)).unwrap();
    mkfifo(&dir.join(STATS_FILE));
    std::os::unix::fs::symlink("/dev/zero", dir.join(SETTINGS_FILE)).unwrap();
    std::fs::create_dir(dir.join(saved_game_file(GameKind::Chomp))).unwrap();
    let h = within_seconds("starting munch on a FIFO and /dev/zero", {
        let store = store.clone();
        move || Harness::with_store(store).app.warnings.clone()
    });
    let joined = h.join("\n");
    assert!(joined.contains("stats.json is a FIFO"), "{joined}");
    assert!(
        joined.contains("settings.json is a symbolic link"),
        "{joined}"
    );
    assert!(joined.contains("saved-chomp.json is a folder"), "{joined}");
    assert_eq!(h.len(), 3, "one warning each: {joined}");

    // Playing a whole game writes none of them.
    let mut h = within_seconds("a game next to a FIFO", move || {
        let mut h = Harness::with_store(store);
        h.start(1, 2, [Person, Computer]);
        h.wait_for_solver();
        h.key(KeyCode::Enter); // b1: the computer must eat the poison
        h.computer_moves();
        h
    });
    assert!(h.game().is_over());
    let meta = |name: &str| {
        std::fs::symlink_metadata(dir.join(name))
            .unwrap()
            .file_type()
    };
    assert!(meta(STATS_FILE).is_fifo(), "the FIFO is still there");
    assert!(meta(SETTINGS_FILE).is_symlink(), "the link is still there");
    assert!(meta(&saved_game_file(GameKind::Chomp)).is_dir());
    assert_eq!(
        h.app.stats.tallies["Chomp 1×2"]["Perfect"].wins, 1,
        "counted in memory"
    );
    let text = h.app.warnings.join("\n");
    assert!(text.contains("stats.json was left alone"), "{text}");
    h.key(KeyCode::Esc);
    assert!(
        !h.app.warnings.is_empty(),
        "listed on the menu until dismissed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn impossible_saved_games_are_set_aside_not_offered() {
    let cases = [
        ("0×5 board", chomp_game("x", 0, 5, &[])),
        ("27×26 board", chomp_game("x", 27, 26, &[])),
        ("1×1 board", chomp_game("x", 1, 1, &[])),
        ("square off the board", chomp_game("x", 4, 5, &["f1"])),
        ("square already eaten", chomp_game("x", 4, 5, &["c2", "d3"])),
        ("not a square", chomp_game("x", 4, 5, &["zz99"])),
        ("the poison eaten", chomp_game("x", 4, 5, &["e4", "a1"])),
        (
            "Fibonacci pile 1",
            pile_game("x", GameKind::Fibonacci, 1, "", &[]),
        ),
        (
            "Fibonacci take too large",
            pile_game("x", GameKind::Fibonacci, 10, "", &["3", "7"]),
        ),
        (
            "Fibonacci finished",
            pile_game("x", GameKind::Fibonacci, 10, "", &["1", "2", "4", "3"]),
        ),
        (
            "empty set",
            pile_game("x", GameKind::Subtraction, 21, "", &[]),
        ),
        (
            "a zero take",
            pile_game("x", GameKind::Subtraction, 21, "0,1", &[]),
        ),
        (
            "take not in the set",
            pile_game("x", GameKind::Subtraction, 21, "1,3,4", &["2"]),
        ),
        (
            "subtraction finished",
            pile_game("x", GameKind::Subtraction, 4, "1,3,4", &["4"]),
        ),
        (
            "subtraction stuck",
            pile_game("x", GameKind::Subtraction, 1, "2,5", &[]),
        ),
    ];
    for (case, game) in cases {
        for legacy in [false, true] {
            let dir = temp_dir("impossible");
            let store = Store::open(Some(&dir)).unwrap();
            let name = if legacy {
                LEGACY_SAVED_GAME_FILE
            } else {
                &saved_game_file(game.settings.game)
            };
            store.save(name, &game).unwrap();
            let h = Harness::with_store(store);
            assert!(h.app.menu.resumes.is_empty(), "{case}: not offered");
            let warning = h.app.warnings.join("\n");
            assert!(
                warning.contains(&format!("{name} holds an impossible game")),
                "{case}: {warning}"
            );
            assert!(
                dir.join(format!("{name}.bad")).exists(),
                "{case}: set aside"
            );
            assert!(!dir.join(name).exists(), "{case}");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    // A Chomp game saved in the Fibonacci file is no Fibonacci game.
    let dir = temp_dir("impossible");
    let store = Store::open(Some(&dir)).unwrap();
    let fib = &saved_game_file(GameKind::Fibonacci);
    store.save(fib, &chomp_game("x", 4, 5, &[])).unwrap();
    let h = Harness::with_store(store);
    assert!(h.app.menu.resumes.is_empty());
    assert!(dir.join(format!("{fib}.bad")).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_old_saved_game_file_is_migrated_not_lost() {
    let dir = temp_dir("legacy");
    let store = Store::open(Some(&dir)).unwrap();
    // Written by an older munch: no id.
    std::fs::write(
        dir.join(LEGACY_SAVED_GAME_FILE),
        r#"{"version": 1, "data": {"settings": {"game": "Chomp", "rows": 4, "cols": 5},
            "moves": ["e4", "c2"]}}"#,
    )
    .unwrap();
    let mut h = Harness::with_store(store.clone());
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 3")
    );
    assert!(!dir.join(LEGACY_SAVED_GAME_FILE).exists());
    let migrated: SavedGame = store
        .load(&saved_game_file(GameKind::Chomp))
        .unwrap()
        .unwrap();
    assert_eq!(migrated.moves, ["e4", "c2"]);
    assert!(!migrated.id.is_empty(), "it has an identity now");
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[4, 4, 1, 1, 1]);

    // When the kind's file is taken, the old file waits, untouched.
    let dir2 = temp_dir("legacy-wait");
    let store = Store::open(Some(&dir2)).unwrap();
    let old = chomp_game("", 3, 3, &["c3"]);
    store.save(LEGACY_SAVED_GAME_FILE, &old).unwrap();
    store
        .save(
            &saved_game_file(GameKind::Chomp),
            &chomp_game("new", 4, 4, &[]),
        )
        .unwrap();
    let h = Harness::with_store(store.clone());
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×4, move 1")
    );
    assert_eq!(store.load(LEGACY_SAVED_GAME_FILE), Ok(Some(old)));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn each_kind_keeps_its_own_saved_game() {
    let dir = temp_dir("kinds");
    let store = Store::open(Some(&dir)).unwrap();
    let chomp = chomp_game("c", 4, 5, &["e4"]);
    let fib = pile_game("f", GameKind::Fibonacci, 30, "", &["2"]);
    store
        .save(&saved_game_file(GameKind::Chomp), &chomp)
        .unwrap();
    store
        .save(&saved_game_file(GameKind::Fibonacci), &fib)
        .unwrap();
    let mut h = Harness::with_store(store.clone());
    // Both are offered, on the one Resume row, which shows the first.
    assert_eq!(
        h.app.menu.resumes.iter().map(|r| r.0).collect::<Vec<_>>(),
        [GameKind::Chomp, GameKind::Fibonacci]
    );
    assert_eq!(h.app.menu.lines()[0], MenuLine::Resume(GameKind::Chomp));
    assert_eq!(
        h.app.menu.resume(GameKind::Fibonacci),
        Some("Fibonacci Nim from 30, move 2")
    );
    // A subtraction game, played and finished, touches neither.
    h.start_pile(4, Some("1,3,4"), [Person, Person]);
    assert!(
        h.app.menu.replacing.is_none(),
        "no subtraction game was saved: no question"
    );
    h.keys(&[KeyCode::Char('4'), KeyCode::Enter]);
    assert!(h.subtraction_game().is_over());
    assert_eq!(
        store.load(&saved_game_file(GameKind::Chomp)),
        Ok(Some(chomp.clone()))
    );
    assert_eq!(
        store.load(&saved_game_file(GameKind::Fibonacci)),
        Ok(Some(fib.clone()))
    );
    h.key(KeyCode::Esc);
    assert_eq!(h.app.menu.resumes.len(), 2);

    // Resuming one and leaving it again keeps the other.
    h.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    h.key(KeyCode::Enter);
    assert_eq!(h.game().turns.moves.len(), 1);
    assert_eq!(
        h.app.menu.resume(GameKind::Fibonacci),
        Some("Fibonacci Nim from 30, move 2")
    );
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert_eq!(h.app.menu.resumes.len(), 2);
    let resumed: SavedGame = store
        .load(&saved_game_file(GameKind::Chomp))
        .unwrap()
        .unwrap();
    assert_eq!(resumed.moves, chomp.moves);
    assert_eq!(
        store.load(&saved_game_file(GameKind::Fibonacci)),
        Ok(Some(fib))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_of_a_kind_with_a_saved_game_asks_before_replacing_it() {
    let dir = temp_dir("replace");
    let store = Store::open(Some(&dir)).unwrap();
    let chomp = chomp_game("mine", 4, 5, &["e4"]);
    let file = &saved_game_file(GameKind::Chomp);
    store.save(file, &chomp).unwrap();
    let mut h = Harness::with_store(store.clone());
    h.app.menu.selected = MenuLine::Start;
    h.key(KeyCode::Enter);
    assert!(h.on_menu(), "no game yet: the menu asks");
    assert_eq!(h.app.menu.replacing, Some(GameKind::Chomp));
    h.key(KeyCode::Esc);
    assert!(h.on_menu() && !h.app.should_quit && h.app.menu.replacing.is_none());
    assert_eq!(store.load(file), Ok(Some(chomp.clone())), "kept");
    h.app.menu.selected = MenuLine::Start;
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(h.game().turns.moves.len(), 0, "a new game");
    assert!(h.app.menu.resumes.is_empty());
    assert_eq!(
        store.load(file),
        Ok(Some(chomp.clone())),
        "kept until the new game's first move"
    );
    h.key(KeyCode::Enter);
    let saved: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(saved.moves.len(), 1, "the new game took the slot");
    assert_ne!(saved.id, "mine", "under an id of its own");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_processes_never_delete_each_others_saved_game() {
    let dir = temp_dir("two");
    let file = &saved_game_file(GameKind::Chomp);
    // Both open the folder before either has saved anything.
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    let mut b = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter); // e4
    let store = Store::open(Some(&dir)).unwrap();
    let a_game: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(a_game.moves, ["e4"]);
    // B plays a whole Chomp game of its own.
    b.start(1, 2, [Person, Person]);
    b.keys(&[KeyCode::Enter, KeyCode::Enter]); // b1, a1
    assert!(b.game().is_over());
    assert_eq!(
        store.load(file),
        Ok(Some(a_game.clone())),
        "A's game is still there"
    );
    // B does not even try while A plays Chomp (it held the lock before A saved, changed
    // from "another munch keeps a saved Chomp 4×5", which B met when it tried to write).
    let note = b.app.warnings.join("\n");
    assert!(
        note.contains("Not saved while another window plays Chomp"),
        "{note}"
    );
    // B's next game cannot be saved either, but B can leave it and come back to it.
    b.key(KeyCode::Esc);
    b.start(3, 3, [Person, Person]);
    b.key(KeyCode::Enter); // c3
    b.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert_eq!(
        b.app.menu.resume(GameKind::Chomp),
        Some("Chomp 3×3, move 2")
    );
    assert!(
        !b.app.warnings.is_empty(),
        "B is told its game is not saved"
    );
    b.key(KeyCode::Esc); // dismissed
    // A new Chomp game would replace it: the question does not call it saved.
    b.app.start_game();
    assert_eq!(b.app.menu.replacing, Some(GameKind::Chomp));
    let screen = common::render_text(&b.app, 80, 24);
    assert!(
        screen.contains("replaces your unsaved Chomp 3×3, move 2"),
        "{screen}"
    );
    b.key(KeyCode::Esc); // kept
    b.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    b.key(KeyCode::Enter);
    assert_eq!(b.game().turns.moves.len(), 1, "resumed from memory");
    assert_eq!(
        store.load(file),
        Ok(Some(a_game.clone())),
        "A's game is still there"
    );

    // A window that offers A's game and starts a new one anyway does not take the file
    // while A plays (changed: it used to replace A's game under A's feet).
    let mut d = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(
        d.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 2")
    );
    d.start(2, 2, [Person, Person]); // asks, and the harness says yes
    d.key(KeyCode::Enter);
    assert_eq!(
        store.load(file),
        Ok(Some(a_game.clone())),
        "D kept off A's game"
    );
    // When the file is replaced all the same (by a munch that cannot use the play locks), A is
    // told its game is no longer saved, and does not write over the new one.
    let d_game = SavedGame {
        id: "d".into(),
        settings: d.app.playing.clone(),
        moves: vec!["b2".into()],
        counted: None,
        start: None,
    };
    store.save_game(&d_game, Some(&a_game.id)).unwrap();
    a.key(KeyCode::Left);
    a.key(KeyCode::Enter);
    assert_eq!(store.load(file), Ok(Some(d_game)), "A kept off D's game");
    assert!(
        a.app
            .warnings
            .join("\n")
            .contains("another munch keeps a saved Chomp 2×2")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_one_munch_resumes_a_saved_game() {
    let dir = temp_dir("two-saving");
    let file = &saved_game_file(GameKind::Chomp);
    let store = Store::open(Some(&dir)).unwrap();
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter); // e4
    a.key(KeyCode::Left);
    a.key(KeyCode::Enter);
    let a_game: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(a_game.moves.len(), 2);

    // Two processes offered the same game: only the first to resume it gets it.
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    let mut c = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert!(c.app.menu.resume(GameKind::Chomp).is_some());
    a.key(KeyCode::Enter); // A resumes
    assert_eq!(a.game().turns.moves.len(), 2);
    c.key(KeyCode::Enter); // C tries the same
    assert!(c.on_menu(), "C does not get A's game");
    // A plays it now: C says so as a notice, not as a problem with the files.
    assert!(c.app.warnings.is_empty(), "{:?}", c.app.warnings);
    let notice = c.app.menu.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("Another window is playing Chomp"),
        "{notice}"
    );
    a.key(KeyCode::Enter);
    assert_eq!(
        store.load::<SavedGame>(file).unwrap().unwrap().moves.len(),
        3
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A window asking whether a game is open elsewhere holds its play lock for a moment; a window
/// resuming that game at the same moment still gets it. Two stores on one folder, on two
/// threads: one asks again and again while the other takes the lock and lets it go.
#[test]
fn asking_whether_a_game_is_open_elsewhere_never_keeps_a_window_from_it() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const ROUNDS: usize = 1000;
    let dir = temp_dir("ask-and-take");
    let asking_window = Store::open(Some(&dir)).unwrap();
    let taker = Store::open(Some(&dir)).unwrap();
    let (asked, done) = (
        Arc::new(AtomicUsize::new(0)),
        Arc::new(AtomicBool::new(false)),
    );
    let asking = {
        let (asked, done) = (asked.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                asking_window.played_elsewhere(GameKind::Chomp);
                asked.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let mut refused = 0;
    for _ in 0..ROUNDS {
        // Each take meets an asker that has asked since the last one.
        let before = asked.load(Ordering::Relaxed);
        while asked.load(Ordering::Relaxed) == before {
            std::thread::yield_now();
        }
        refused += usize::from(taker.lock_play(GameKind::Chomp).is_err());
    }
    done.store(true, Ordering::Relaxed);
    asking.join().unwrap();
    assert_eq!(refused, 0, "a window that only asked kept the lock");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_stores_recording_at_once_lose_no_game() {
    let dir = temp_dir("race");
    Store::open(Some(&dir)).unwrap();
    let threads: Vec<_> = (0..2)
        .map(|t| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let store = Store::open(Some(&dir)).unwrap();
                for i in 0..50 {
                    let (_, warnings) =
                        store.record_game("Chomp 6×7", Level::Perfect, (i + t) % 2 == 0);
                    assert!(warnings.is_empty(), "{warnings:?}");
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let stats: Stats = Store::open(Some(&dir))
        .unwrap()
        .load(STATS_FILE)
        .unwrap()
        .unwrap();
    let record = stats.tallies["Chomp 6×7"]["Perfect"];
    assert_eq!((record.games, record.wins, record.losses), (100, 50, 50));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_warning_stays_on_the_menu_until_dismissed() {
    let dir = temp_dir("warnings");
    let store = Store::open(Some(&dir)).unwrap();
    std::fs::write(dir.join(STATS_FILE), "{").unwrap();
    std::fs::write(dir.join(SETTINGS_FILE), [0xff]).unwrap();
    let mut h = Harness::with_store(store);
    h.ticks(500);
    assert_eq!(h.app.warnings.len(), 2, "{:?}", h.app.warnings);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame, &munch::theme::Theme::colour());
        })
        .unwrap();
    let screen = format!("{:?}", terminal.backend().buffer());
    for text in [
        "settings.json is not UTF-8",
        "stats.json is not valid JSON",
        "dismiss",
    ] {
        assert!(
            screen.contains(text),
            "{text} on the screen:\n{}",
            terminal.backend()
        );
    }
    h.key(KeyCode::Down); // the box above the menu takes the keys
    assert_eq!(h.app.menu.selected, MenuLine::Start);
    h.key(KeyCode::Esc);
    assert!(h.app.warnings.is_empty() && !h.app.should_quit);
    // Then the menu takes them: down from Start is Puzzles (Study shares Start's row).
    h.key(KeyCode::Down);
    assert_eq!(h.app.menu.selected, MenuLine::Puzzles);
    h.key(KeyCode::Up);
    assert_eq!(h.app.menu.selected, MenuLine::Start);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game nobody has played in yet is neither saved nor offered: left at once, or after only
/// the computer's opening move. Nothing the person had is lost: a saved game the new one was
/// to replace is offered again, from its file; a game once played and undone to its start goes.
#[test]
fn a_game_left_before_any_move_is_not_saved_and_the_one_it_replaced_comes_back() {
    let dir = temp_dir("unplayed");
    let store = Store::open(Some(&dir)).unwrap();
    let mut h = Harness::with_store(store.clone());
    let leave = |h: &mut Harness| {
        h.key(KeyCode::Char('q'));
        let screen = common::render_text(&h.app, 80, 24);
        // True after the computer's opening move too: it is the person who has not moved.
        assert!(
            screen.contains("You have not moved yet: nothing to keep."),
            "{screen}"
        );
        h.key(KeyCode::Char('m'));
        assert!(h.on_menu());
    };
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    leave(&mut h);
    assert!(h.app.menu.resumes.is_empty(), "{:?}", h.app.menu.resumes);
    let file = saved_game_file(GameKind::Subtraction);
    assert_eq!(store.load::<SavedGame>(&file), Ok(None));
    // The computer opened; the person left at once.
    h.start_pile(21, Some("1,3,4"), [Computer, Person]);
    h.wait_for_tables();
    h.ticks(40);
    assert_eq!(
        h.app
            .session()
            .map(munch::games::session::Session::moves_made),
        Some(1)
    );
    leave(&mut h);
    assert!(h.app.menu.resumes.is_empty(), "{:?}", h.app.menu.resumes);
    assert_eq!(store.load::<SavedGame>(&file), Ok(None));

    // A real game is kept; a new one of its kind, left before a move, does not replace it.
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.ticks(40);
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    let real: SavedGame = store.load(&file).unwrap().expect("saved");
    assert_eq!(real.moves.len(), 2);
    h.app.menu.select(MenuLine::Start);
    h.start_and_replace();
    assert_eq!(
        h.app
            .session()
            .map(munch::games::session::Session::moves_made),
        Some(0)
    );
    leave(&mut h);
    assert_eq!(
        h.app.menu.resume(GameKind::Subtraction),
        Some("Subtraction {1,3,4} from 21, move 3")
    );
    assert_eq!(store.load(&file), Ok(Some(real.clone())));
    let again = Harness::with_store(store.clone());
    assert_eq!(
        again.app.menu.resumes.len(),
        1,
        "offered on the next start too"
    );

    // Played, then undone to the start: nothing left to keep, and the save goes.
    h.start_and_replace();
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.ticks(40);
    assert!(store.load::<SavedGame>(&file).unwrap().is_some());
    h.key(KeyCode::Char('u'));
    assert_eq!(
        h.app
            .session()
            .map(munch::games::session::Session::moves_made),
        Some(0)
    );
    assert_eq!(store.load::<SavedGame>(&file), Ok(None));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves a game of every kind, each a move or two in.
fn save_one_of_each(store: &Store) {
    let chomp = &saved_game_file(GameKind::Chomp);
    store
        .save(chomp, &chomp_game("c", 6, 7, &["g6", "c3"]))
        .unwrap();
    let sub = pile_game(
        "s",
        GameKind::Subtraction,
        21,
        "1,3,4,5,6,7,8,9,10,11",
        &["4"],
    );
    store
        .save(&saved_game_file(GameKind::Subtraction), &sub)
        .unwrap();
    let fib = pile_game("f", GameKind::Fibonacci, 30, "", &["2"]);
    store
        .save(&saved_game_file(GameKind::Fibonacci), &fib)
        .unwrap();
    let nim = SavedGame {
        id: "n".into(),
        settings: Settings {
            game: GameKind::Nim,
            ..Settings::default()
        }
        .with("piles", "3,4,5"),
        moves: vec!["1:1".into()],
        counted: None,
        start: None,
    };
    store.save(&saved_game_file(GameKind::Nim), &nim).unwrap();
}

/// The menu with a saved game of every kind and the list of warnings above it, at 80×24 and at
/// the smallest size it asks for, which is docs/playing.md's 48×22 however many games are saved:
/// they share one row, whose ←/→ reach every one.
#[test]
fn menu_with_four_saved_games_and_warnings() {
    let dir = temp_dir("snapshot");
    let store = Store::open(Some(&dir)).unwrap();
    save_one_of_each(&store);
    std::fs::write(dir.join(STATS_FILE), "{").unwrap();
    mkfifo(&dir.join(SETTINGS_FILE));
    let mut h = Harness::with_store(store);
    let (width, height) = munch::ui::minimum_size(&h.app);
    assert_eq!(
        (width, height),
        (48, 22),
        "docs/playing.md's smallest menu, whatever is saved"
    );
    let draw = |h: &Harness, width: u16, height: u16| {
        let backend = ratatui::backend::TestBackend::new(width, height);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal
            .draw(|frame| {
                munch::ui::render(&h.app, frame, &munch::theme::Theme::colour());
            })
            .unwrap();
        terminal
    };
    insta::assert_snapshot!("warnings_80x24", draw(&h, 80, 24).backend());
    insta::assert_snapshot!("warnings_minimum", draw(&h, width, height).backend());
    h.key(KeyCode::Enter);
    insta::assert_snapshot!(
        "four_saved_games_minimum",
        draw(&h, width, height).backend()
    );
    insta::assert_snapshot!("four_saved_games_80x24", draw(&h, 80, 24).backend());
    for (width, height) in [(80, 24), (48, 22)] {
        h.app.update(munch::app::Event::Resize { width, height });
        assert!(!h.app.hidden(), "the menu is drawn at {width}×{height}");
    }
    // One row, and ←/→ on it show every saved game in turn, in the menu's order.
    let resumes = h
        .app
        .menu
        .lines()
        .into_iter()
        .filter(|l| matches!(l, MenuLine::Resume(_)));
    assert_eq!(resumes.count(), 1);
    assert_eq!(h.app.menu.selected, MenuLine::Resume(GameKind::Chomp));
    let mut seen = Vec::new();
    for at in 1..=4 {
        let text = common::render_text(&h.app, 48, 22);
        let MenuLine::Resume(kind) = h.app.menu.selected else {
            panic!(
                "the Resume row stays highlighted: {:?}",
                h.app.menu.selected
            )
        };
        assert!(
            text.contains(&format!("({at}/4)")),
            "its place among the four:\n{text}"
        );
        seen.push(kind);
        h.key(KeyCode::Right);
    }
    assert_eq!(seen, GameKind::ALL[..4], "every saved game is reached");
    assert_eq!(
        h.app.menu.selected,
        MenuLine::Resume(GameKind::Chomp),
        "and round again"
    );
    h.key(KeyCode::Left);
    h.key(KeyCode::Enter);
    assert_eq!(h.app.playing.game, GameKind::Nim, "the last one is resumed");
    assert_eq!(
        h.app
            .session()
            .map(munch::games::session::Session::moves_made),
        Some(1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The menu grows with the screen: a saved game's row is cut only where it does not fit.
#[test]
fn a_wider_screen_shows_the_saved_game_whole() {
    let dir = temp_dir("wide-menu");
    let store = Store::open(Some(&dir)).unwrap();
    let sub = pile_game("s", GameKind::Subtraction, 21, "1,3,4", &["4", "1"]);
    store
        .save(&saved_game_file(GameKind::Subtraction), &sub)
        .unwrap();
    let h = Harness::with_store(store);
    let whole = "Resume Subtraction {1,3,4} from 21, move 3";
    for (width, height) in [(100, 30), (80, 24)] {
        let text = common::render_text(&h.app, width, height);
        assert!(text.contains(whole), "{width}×{height}:\n{text}");
    }
    let text = common::render_text(&h.app, 48, 22);
    assert!(text.contains("…, move 3"), "cut where it must be:\n{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The record of one game description at the perfect level: (games, wins, losses).
fn record_of(dir: &std::path::Path, game: &str) -> (u64, u64, u64) {
    let stats: Stats = Store::open(Some(dir))
        .unwrap()
        .load(STATS_FILE)
        .unwrap()
        .unwrap_or_default();
    stats
        .tallies
        .get(game)
        .and_then(|r| r.get(Level::Perfect.label()))
        .map_or((0, 0, 0), |r| (r.games, r.wins, r.losses))
}

#[test]
fn a_game_decided_before_any_move_is_not_recorded() {
    let dir = temp_dir("no-move");
    for players in [[Computer, Person], [Person, Computer]] {
        let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
        // Nobody can take 3 from 2: whoever is first has lost before moving.
        h.start_pile(2, Some("3"), players);
        assert!(h.subtraction_game().is_over());
        for _ in 0..3 {
            h.key(KeyCode::Enter); // Play again
            assert!(h.subtraction_game().is_over());
        }
    }
    assert_eq!(record_of(&dir, "Subtraction {3} from 2"), (0, 0, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undo_after_game_over_amends_the_games_one_entry() {
    let dir = temp_dir("amend");
    let game = "Subtraction {1,2} from 4";
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start_pile(4, Some("1,2"), [Person, Computer]);
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]); // 4 → 2: the computer takes both
    h.ticks(40);
    assert_eq!(h.subtraction_game().loser(), Some(0));
    assert_eq!(record_of(&dir, game), (1, 0, 1));
    h.key(KeyCode::Char('u')); // back to 4, the person to move
    assert_eq!(h.subtraction_game().position.pile, 4);
    assert_eq!(
        record_of(&dir, game),
        (1, 0, 1),
        "undo alone keeps the entry"
    );
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]); // 4 → 3: a win
    h.ticks(40);
    let rest = h.subtraction_game().position.pile;
    h.keys(&[KeyCode::Char(char::from(b'0' + rest as u8)), KeyCode::Enter]);
    h.ticks(1);
    assert_eq!(h.subtraction_game().loser(), Some(1));
    assert_eq!(record_of(&dir, game), (1, 1, 0), "the loss became a win");
    h.key(KeyCode::Char('u'));
    h.key(KeyCode::Char('u'));
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]); // lost again
    h.ticks(40);
    assert_eq!(h.subtraction_game().loser(), Some(0));
    assert_eq!(record_of(&dir, game), (1, 0, 1), "and back");
    // Another game is another entry.
    h.key(KeyCode::Enter);
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    h.ticks(40);
    assert_eq!(record_of(&dir, game), (2, 0, 2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_undone_after_its_end_keeps_its_entry_when_resumed_elsewhere() {
    let dir = temp_dir("amend-resume");
    let game = "Subtraction {1,2} from 4";
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start_pile(4, Some("1,2"), [Person, Computer]);
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    h.ticks(40);
    assert_eq!(record_of(&dir, game), (1, 0, 1));
    h.key(KeyCode::Char('u'));
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]); // saved, undone, left
    drop(h);
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(
        h.app.menu.resume(GameKind::Subtraction),
        Some("Subtraction {1,2} from 4, move 1")
    );
    h.key(KeyCode::Enter);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.ticks(40);
    let rest = h.subtraction_game().position.pile;
    h.keys(&[KeyCode::Char(char::from(b'0' + rest as u8)), KeyCode::Enter]);
    h.ticks(1);
    assert_eq!(h.subtraction_game().loser(), Some(1));
    assert_eq!(record_of(&dir, game), (1, 1, 0), "still one game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn settings_out_of_range_are_brought_in_with_a_warning() {
    let dir = temp_dir("settings-range");
    let store = Store::open(Some(&dir)).unwrap();
    let text = r#"{"version": 1, "data": {"rows": 99, "cols": 0}}"#;
    std::fs::write(dir.join(SETTINGS_FILE), text).unwrap();
    let h = Harness::with_store(store);
    assert_eq!(
        (
            h.app.menu.settings.values.small("rows"),
            h.app.menu.settings.values.small("cols")
        ),
        (26, 1)
    );
    let warnings = h.app.warnings.join("\n");
    for text in [
        "settings.json: rows 99 is outside 1 to 26; using 26",
        "settings.json: columns 0 is outside 1 to 26; using 1",
    ] {
        assert!(warnings.contains(text), "{text} in {warnings}");
    }
    // In range: nothing to say.
    let settings = Settings::default().with("rows", 26_u8).with("cols", 1_u8);
    Store::open(Some(&dir))
        .unwrap()
        .save(SETTINGS_FILE, &settings)
        .unwrap();
    let h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert!(h.app.warnings.is_empty(), "{:?}", h.app.warnings);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The screen as text, drawn at 80×24.
fn screen(h: &Harness) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| {
            munch::ui::render(&h.app, frame, &munch::theme::Theme::colour());
        })
        .unwrap();
    format!("{}", terminal.backend())
}

#[test]
fn a_game_being_played_is_not_resumed_in_another_window() {
    let dir = temp_dir("open-elsewhere");
    let file = &saved_game_file(GameKind::Chomp);
    let store = Store::open(Some(&dir)).unwrap();
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter); // e4
    // A second window offers the game, but says where it is and does not take it.
    let mut b = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(
        b.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 2")
    );
    assert!(screen(&b).contains("In use: Chomp 4×5, move 2"));
    b.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    b.key(KeyCode::Enter);
    assert!(b.on_menu(), "B does not take A's game");
    // Said as a notice under the menu's buttons, not as a problem with the files.
    assert_eq!(b.app.warnings, Vec::<String>::new());
    let shown = screen(&b);
    assert!(
        shown.contains("Another window is playing Chomp") && !shown.contains("problem"),
        "{shown}"
    );
    // A plays on, and its moves are the ones saved.
    a.key(KeyCode::Left);
    a.key(KeyCode::Enter); // d4
    let saved: SavedGame = store.load(file).unwrap().unwrap();
    let played: Vec<String> = a
        .game()
        .turns
        .moves
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!((saved.moves.len(), saved.moves), (2, played));
    a.key(KeyCode::Char('q'));
    assert!(screen(&a).contains("The game is saved"));
    // A leaves for the menu: within a second B may resume it, and then A may not.
    a.key(KeyCode::Char('m'));
    b.ticks(20);
    let shown = screen(&b);
    assert!(shown.contains("Resume Chomp 4×5") && !shown.contains("In use"));
    b.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    b.key(KeyCode::Enter);
    assert_eq!(b.game().turns.moves.len(), 2, "B resumed it");
    a.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    a.key(KeyCode::Enter);
    assert!(a.on_menu(), "now A does not take B's game");
    a.key(KeyCode::Esc);
    assert!(screen(&a).contains("In use: Chomp 4×5, move 3"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_window_on_the_menu_follows_a_saved_game_another_window_played_on() {
    let dir = temp_dir("played-on");
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter); // e4
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    // Two more windows sit on the menu, offering it at move 2.
    let mut b = Harness::with_store(Store::open(Some(&dir)).unwrap());
    let mut c = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(
        b.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 2")
    );
    // A resumes it, plays on and leaves it.
    a.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    a.key(KeyCode::Enter);
    a.key(KeyCode::Left);
    a.key(KeyCode::Enter); // d4
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    // Within a second B's Resume row names it as its file holds it now, and B resumes it.
    b.ticks(20);
    assert!(
        screen(&b).contains("Resume Chomp 4×5, move 3"),
        "{}",
        screen(&b)
    );
    b.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    b.key(KeyCode::Enter);
    assert_eq!(b.game().turns.moves.len(), 2, "B resumed it as it stands");
    b.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    // C, asked before its row was brought up to date, is told and offered it as it stands.
    c.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    c.key(KeyCode::Enter);
    assert!(c.on_menu());
    assert_eq!(
        c.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 3")
    );
    let notice = c.app.menu.notice.clone().unwrap_or_default();
    assert!(notice.contains("played on in another window"), "{notice}");
    c.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    c.key(KeyCode::Enter);
    assert_eq!(c.game().turns.moves.len(), 2, "and then resumes it");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_that_ends_at_its_first_move_still_replaces_the_saved_game_as_asked() {
    let dir = temp_dir("replace-first-move");
    let store = Store::open(Some(&dir)).unwrap();
    let file = &saved_game_file(GameKind::Subtraction);
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start_pile(21, Some("1,3,4"), [Person, Person]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    assert!(store.load::<SavedGame>(file).unwrap().is_some(), "saved");
    // "A new game replaces your saved … once you move": answered yes, and its first move wins.
    h.start_pile(3, Some("1,3"), [Person, Person]);
    h.keys(&[KeyCode::Char('3'), KeyCode::Enter]);
    assert!(h.subtraction_game().is_over());
    assert_eq!(
        store.load::<SavedGame>(file),
        Ok(None),
        "replaced, as the question said"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_restarted_game_leaves_no_save_of_the_moves_given_up() {
    let dir = temp_dir("restart-quit");
    let store = Store::open(Some(&dir)).unwrap();
    let file = &saved_game_file(GameKind::Subtraction);
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start_pile(10, Some("1,2"), [Person, Computer]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.ticks(20); // the computer's reply lands
    assert_eq!(
        store.load::<SavedGame>(file).unwrap().unwrap().moves.len(),
        2
    );
    // "This game's moves will be lost": restarted, nobody has moved, so nothing is kept.
    h.keys(&[KeyCode::Char('r'), KeyCode::Char('y')]);
    assert_eq!(h.subtraction_game().position.pile, 10, "restarted");
    assert_eq!(
        store.load::<SavedGame>(file),
        Ok(None),
        "the old moves are not on file"
    );
    h.key(KeyCode::Char('q'));
    assert!(screen(&h).contains("nothing to keep"), "{}", screen(&h));
    // Quitting from here, the next munch offers nothing to resume.
    drop(h);
    let h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(h.app.menu.resume(GameKind::Subtraction), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_never_replaces_the_saved_game_another_window_is_playing() {
    let dir = temp_dir("replace-elsewhere");
    let file = &saved_game_file(GameKind::Chomp);
    let store = Store::open(Some(&dir)).unwrap();
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter); // e4: A's game is saved, and A plays it
    // A second window asks for a new Chomp game: the question does not offer to replace A's.
    let mut b = Harness::with_store(Store::open(Some(&dir)).unwrap());
    b.app.menu.settings = Settings {
        players: [Person, Person],
        ..Settings::default()
    }
    .with("rows", 3_u8)
    .with("cols", 3_u8);
    b.app.start_game();
    assert!(b.on_menu(), "B asks first");
    let asked = common::render_text(&b.app, 80, 24).replace('│', " ");
    let asked = asked.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        asked.contains(
            "Another window is playing Chomp: a new game here is not saved while it does."
        ),
        "{asked}"
    );
    assert!(!asked.contains("replaces"), "{asked}");
    b.key(KeyCode::Enter); // start anyway
    assert!(!b.on_menu(), "B plays");
    b.key(KeyCode::Enter); // B's first move
    b.key(KeyCode::Left);
    b.key(KeyCode::Enter);
    // A's game is still the one on file, and B was told once that its own is not saved.
    let on_file: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(
        (on_file.settings.describe(), on_file.moves.len()),
        ("Chomp 4×5".to_string(), 1)
    );
    assert_eq!(
        b.app.warnings,
        vec!["Not saved while another window plays Chomp; kept until munch quits".to_string()]
    );
    b.app.dismiss_warnings();
    b.key(KeyCode::Char('q'));
    assert!(screen(&b).contains("not saved"), "{}", screen(&b));
    b.key(KeyCode::Esc);
    // A plays on and saves as before.
    a.key(KeyCode::Left);
    a.key(KeyCode::Enter);
    let on_file: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(on_file.moves.len(), 2);
    assert!(b.app.warnings.is_empty(), "said once: {:?}", b.app.warnings);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leave_the_game_never_claims_a_save_that_did_not_happen() {
    let dir = temp_dir("false-saved");
    let store = Store::open(Some(&dir)).unwrap();
    let target = dir.join("elsewhere.txt");
    std::fs::write(&target, "not munch's").unwrap();
    std::os::unix::fs::symlink(&target, dir.join(saved_game_file(GameKind::Subtraction))).unwrap();
    let mut h = Harness::with_store(store);
    h.key(KeyCode::Esc); // the warning about the link
    h.start_pile(21, Some("1,3,4"), [Person, Person]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    h.key(KeyCode::Char('q'));
    let shown = screen(&h);
    assert!(!shown.contains("The game is saved"), "{shown}");
    assert!(shown.contains("This game is not saved"), "{shown}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "not munch's");

    // A game whose file was replaced is not saved any more either. Another window cannot
    // replace it while A plays (its question says so), so the file is replaced as a munch
    // that cannot use the play locks would.
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(4, 5, [Person, Person]);
    a.key(KeyCode::Enter);
    let file = &saved_game_file(GameKind::Chomp);
    let store = Store::open(Some(&dir)).unwrap();
    let a_game: SavedGame = store.load(file).unwrap().unwrap();
    let other = SavedGame {
        id: "another".into(),
        moves: vec!["b2".into()],
        ..a_game.clone()
    };
    store.save_game(&other, Some(&a_game.id)).unwrap();
    a.key(KeyCode::Char('q'));
    let shown = screen(&a);
    assert!(!shown.contains("The game is saved"), "{shown}");
    assert!(shown.contains("This game is not saved"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// settings.json as munch wrote it before each game kept its own values.
const OLD_SETTINGS: &str = r#"{"version": 1, "data": {"game": "Subtraction", "rows": 9, "cols": 4,
    "pile": 35, "set": "2,5", "players": ["Computer", "Person"], "level": "Strong",
    "ask_before_poison": false}}"#;

#[test]
fn settings_written_before_keep_their_values_and_their_shape() {
    let dir = temp_dir("settings-shape");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(SETTINGS_FILE), OLD_SETTINGS).unwrap();
    let store = Store::open(Some(&dir)).unwrap();
    let settings: Settings = store.load(SETTINGS_FILE).unwrap().unwrap();
    let expected = Settings {
        game: GameKind::Subtraction,
        players: [Computer, Person],
        level: Level::Strong,
        ..Settings::default()
    }
    .with("rows", 9_u8)
    .with("cols", 4_u8)
    .with("pile", 35_u64)
    .with("set", "2,5")
    .with("ask_before_poison", false)
    // The coins both coin games shared then are each one's own now, from the same value.
    .with(munch::games::fibonacci::fields::PILE, 35_u64);
    assert_eq!(settings, expected);
    assert_eq!(settings.clone().sanitize().1, Vec::<String>::new());

    // Written back, the file holds the same keys with the same values, and besides them only
    // the values of games added since (Nim's piles), at their defaults, and Fibonacci Nim's
    // own coins, as many as the shared ones were.
    store.save(SETTINGS_FILE, &settings).unwrap();
    let read = |text: &str| -> serde_json::Value { serde_json::from_str(text).unwrap() };
    let written = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    let mut expected = read(OLD_SETTINGS);
    let data = expected["data"].as_object_mut().unwrap();
    data.insert(munch::games::fibonacci::fields::PILE.into(), 35.into());
    for field in munch::games::GAMES.iter().flat_map(|g| g.fields()) {
        data.entry(field.key)
            .or_insert_with(|| serde_json::to_value(field.default_value()).unwrap());
    }
    assert_eq!(read(&written), expected);
    assert_eq!(read(&written)["data"]["piles"], "3,4,5");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn settings_missing_a_value_read_its_default_and_odd_values_are_replaced() {
    let old: Settings = serde_json::from_str(r#"{"game": "Chomp", "rows": 4}"#).unwrap();
    assert_eq!(old, Settings::default().with("rows", 4_u8));
    assert_eq!(
        (old.values.small("cols"), old.values.number("pile")),
        (7, 21)
    );
    assert_eq!(old.values.text("set"), "1,3,4");
    assert!(old.values.flag("ask_before_poison"));

    let odd: Settings =
        serde_json::from_str(r#"{"rows": "six", "cols": 5, "colour": "blue"}"#).unwrap();
    let (odd, changes) = odd.sanitize();
    // A key no game knows (a newer munch's) is kept as it was.
    assert_eq!(
        odd,
        Settings::default()
            .with("cols", 5_u8)
            .with("colour", "blue")
    );
    assert_eq!(changes, [r#"rows "six" is not a number; using 6"#]);
}

#[test]
fn a_nim_game_is_saved_resumed_and_recorded_by_its_piles() {
    use munch::games::nim::session::NimSession;
    let nim_kind = GameKind::ALL
        .into_iter()
        .find(|k| k.game().id() == "nim")
        .expect("Nim is in the catalogue");
    assert_eq!(saved_game_file(nim_kind), "saved-nim.json");
    let dir = temp_dir("nim");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.app.menu.settings = Settings {
        game: nim_kind,
        players: [Person, Computer],
        ..Settings::default()
    }
    .with("piles", "1, 2");
    h.start_and_replace();
    h.key(KeyCode::Enter); // 1 from pile 1, leaving 0,2: lost
    let store = Store::open(Some(&dir)).unwrap();
    let saved: SavedGame = store
        .load(&saved_game_file(nim_kind))
        .unwrap()
        .expect("saved after the move");
    assert_eq!(saved.moves, vec!["1:1".to_string()]);
    assert_eq!(saved.settings.game, nim_kind);
    assert_eq!(
        serde_json::to_value(&saved.settings).unwrap()["game"],
        "Nim"
    );
    // Another munch offers and resumes it.
    drop(h);
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(h.app.menu.resume(nim_kind), Some("Nim 1,2, move 2"));
    h.app.menu.settings.game = nim_kind;
    h.key(KeyCode::Enter);
    let game = h.app.session_as::<NimSession>().expect("Nim resumed");
    assert_eq!(game.position.piles(), &[0, 2]);
    assert_eq!(game.turns.moves.len(), 1);
    // The computer takes both coins and wins; the game is counted under its piles.
    h.ticks(1 + usize::from(munch::games::turns::FLASH_TICKS));
    let game = h.app.session_as::<NimSession>().expect("Nim on");
    assert_eq!(game.loser(), Some(0));
    assert_eq!(record_of(&dir, "Nim 1,2"), (1, 0, 1));
    assert_eq!(
        store.load::<SavedGame>(&saved_game_file(nim_kind)),
        Ok(None),
        "a finished game is not offered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_finished_game_of_each_kind_is_kept_as_a_record_that_reads_back() {
    let dir = temp_dir("last-record");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    h.start(1, 3, [Person, Computer]);
    h.wait_for_solver();
    h.key(KeyCode::Left);
    h.key(KeyCode::Enter); // b1: the computer must eat the poison
    let store = Store::open(Some(&dir)).unwrap();
    assert_eq!(store.last_record(GameKind::Chomp), Ok(None), "not over yet");
    h.computer_moves();
    assert!(h.game().is_over());
    let record = store
        .last_record(GameKind::Chomp)
        .unwrap()
        .expect("kept at the end");
    assert_eq!(record.moves, ["b1", "a1"]);
    assert_eq!(record.loser, 1);
    assert_eq!(record.settings.players, [Person, Computer]);
    let text = std::fs::read_to_string(dir.join(last_record_file(GameKind::Chomp))).unwrap();
    assert!(
        text.contains("1. You: b1\n2. Computer: a1\nresult: You won\n"),
        "{text}"
    );
    assert_eq!(
        store.last_record(GameKind::Subtraction),
        Ok(None),
        "each kind its own"
    );
    // It is kept in records/ too, beside every finished game.
    assert_eq!(store.kept_records(), (vec![record.clone()], Vec::new()));

    // Another game of the kind replaces it.
    h.key(KeyCode::Enter); // Play again
    h.wait_for_solver();
    h.key(KeyCode::Enter); // c1
    h.computer_moves();
    let record = store.last_record(GameKind::Chomp).unwrap().unwrap();
    assert_eq!(record.moves.len(), h.game().turns.moves.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record as `records/` names it, kept `millis` milliseconds after 1970.
fn kept_name(millis: u64) -> String {
    format!("{millis:013}-000000-1-chomp.txt")
}

#[test]
fn records_keeps_the_newest_games_never_a_file_being_written_and_sets_aside_damaged_ones() {
    let dir = temp_dir("kept-records");
    let store = Store::open(Some(&dir)).unwrap();
    let record = munch::record::GameRecord::parse(&won_1x3()).unwrap();
    let records = dir.join(munch::store::KEPT_RECORDS_DIR);
    std::fs::create_dir(&records).unwrap();
    // A full folder of older games, a temporary file another munch is still writing, and a
    // file set aside earlier.
    for millis in 1..=MAX_KEPT_RECORDS as u64 {
        std::fs::write(records.join(kept_name(millis)), record.text()).unwrap();
    }
    let writing = records.join(format!(".{}.tmp", kept_name(0)));
    std::fs::write(&writing, "munch game rec").unwrap();
    let set_aside = records.join(format!("{}.bad", kept_name(0)));
    std::fs::write(&set_aside, "damaged").unwrap();
    store.keep_record(&record).unwrap();
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let now = names(&records);
    assert_eq!(
        now.len(),
        MAX_KEPT_RECORDS + 2,
        "the oldest went: {:?}",
        &now[..3]
    );
    assert!(!now.contains(&kept_name(1)), "the oldest game went");
    assert!(now.contains(&kept_name(2)));
    assert!(
        writing.exists() && set_aside.exists(),
        "only finished records count"
    );
    // A damaged record is set aside, with a warning naming it; the others read back.
    std::fs::write(
        records.join(kept_name(7)),
        "munch game record 1\ngame: chomp\n",
    )
    .unwrap();
    let (kept, warnings) = store.kept_records();
    assert_eq!(kept.len(), MAX_KEPT_RECORDS - 1);
    assert!(kept.iter().all(|k| *k == record));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains(&format!("records/{}", kept_name(7)))
            && warnings[0].contains("moved aside"),
        "{}",
        warnings[0]
    );
    assert!(records.join(format!("{}.bad", kept_name(7))).exists());
    // Where records is not a folder, it is left alone and the game is not kept, with a reason.
    std::fs::remove_dir_all(&records).unwrap();
    std::fs::write(&records, "not a folder").unwrap();
    let problem = store.keep_record(&record).unwrap_err();
    assert!(problem.contains("not a folder"), "{problem}");
    assert_eq!(std::fs::read_to_string(&records).unwrap(), "not a folder");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The record of a 1 × 3 bar the person won: b1, then the computer ate the poison.
fn won_1x3() -> String {
    [
        "munch game record 1",
        "game: chomp",
        "start: rows=1 cols=3",
        "players: person, computer",
        "level: perfect",
        "moves:",
        "1. You: b1",
        "2. Computer: a1",
        "result: You won",
        "",
    ]
    .join("\n")
}

#[test]
fn a_damaged_last_record_is_set_aside_with_a_warning() {
    let dir = temp_dir("damaged-record");
    let store = Store::open(Some(&dir)).unwrap();
    let name = last_record_file(GameKind::Chomp);
    let good = won_1x3();
    std::fs::write(dir.join(&name), &good).unwrap();
    assert_eq!(
        store.last_record(GameKind::Chomp).unwrap().unwrap().moves,
        ["b1", "a1"]
    );
    let damages = [
        (
            "an illegal move",
            good.replace("b1", "d7"),
            "move 1 (d7) is not a legal move",
        ),
        (
            "cut short",
            good[..good.len() - 16].to_string(),
            "ends before its result line",
        ),
        (
            "another kind",
            good.replace(
                "game: chomp\nstart: rows=1 cols=3",
                "game: fibonacci\nstart: pile=2",
            )
            .replace("b1", "1")
            .replace("a1", "1")
            .replace("You won", "Computer won"),
            "a Fibonacci Nim game",
        ),
        (
            "not UTF-8",
            String::from_utf8_lossy(&[0xff]).into_owned(),
            "not a munch game record",
        ),
    ];
    for (at, (case, text, why)) in damages.iter().enumerate() {
        std::fs::write(dir.join(&name), text).unwrap();
        let warning = store.last_record(GameKind::Chomp).unwrap_err();
        let bad = match at {
            0 => format!("{name}.bad"),
            n => format!("{name}.bad.{n}"),
        };
        assert!(warning.contains(why), "{case}: {warning}");
        assert!(
            warning.contains("holds a damaged game record"),
            "{case}: {warning}"
        );
        assert!(
            warning.ends_with(&format!("moved aside to {bad}")),
            "{case}: {warning}"
        );
        assert_eq!(
            &std::fs::read_to_string(dir.join(&bad)).unwrap(),
            text,
            "{case}"
        );
        assert_eq!(store.last_record(GameKind::Chomp), Ok(None), "{case}: gone");
    }
    std::fs::write(dir.join(&name), [b'a', 0xff]).unwrap();
    let warning = store.last_record(GameKind::Chomp).unwrap_err();
    assert!(warning.contains("is not UTF-8"), "{warning}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A saved game of `settings`'s kind from the position `text`, with `moves`.
fn game_from(id: &str, text: &str, moves: &[&str]) -> SavedGame {
    let (settings, start) = Settings::default().with_position(text).expect(text);
    SavedGame {
        id: id.into(),
        settings,
        moves: moves.iter().map(ToString::to_string).collect(),
        counted: None,
        start: Some(start),
    }
}

#[test]
fn a_saved_game_written_before_start_positions_still_loads_from_the_full_bar() {
    let dir = temp_dir("no-start");
    let store = Store::open(Some(&dir)).unwrap();
    // As munch wrote it before games could start from a set position: no "start".
    std::fs::write(
        dir.join(saved_game_file(GameKind::Chomp)),
        r#"{"version": 1, "data": {"id": "old", "settings": {"game": "Chomp", "players": ["Person", "Computer"], "level": "Perfect", "rows": 4, "cols": 5, "ask_before_poison": true}, "moves": ["e4", "c2"]}}"#,
    )
    .unwrap();
    let saved: SavedGame = store
        .load(&saved_game_file(GameKind::Chomp))
        .unwrap()
        .expect("still a saved game");
    assert_eq!(saved.start, None);
    let mut h = Harness::with_store(store.clone());
    assert!(h.app.warnings.is_empty(), "{:?}", h.app.warnings);
    assert_eq!(
        h.app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 3")
    );
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[4, 4, 1, 1, 1]);
    // A game without a start is written without the field, as before.
    h.key(KeyCode::Enter);
    let text = std::fs::read_to_string(dir.join(saved_game_file(GameKind::Chomp))).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        json["data"]["moves"].as_array().map(Vec::len),
        Some(3),
        "{text}"
    );
    assert!(!text.contains("start"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_from_a_set_position_is_saved_with_its_start_and_resumed_from_it() {
    let dir = temp_dir("start");
    let store = Store::open(Some(&dir)).unwrap();
    let mut h = Harness::with_store(store.clone());
    let (settings, start) = Settings::default()
        .with_position("fibonacci 30 max 5")
        .unwrap();
    h.app.play_position(settings, start);
    h.key(KeyCode::Char('4'));
    h.key(KeyCode::Enter); // take 4: 26 left, up to 8 next
    let file = saved_game_file(GameKind::Fibonacci);
    let saved: SavedGame = store.load(&file).unwrap().expect("saved after the move");
    assert_eq!(
        (
            saved.moves.clone(),
            saved.start.as_ref().map(|s| s.text().to_string())
        ),
        (
            vec!["4".to_string()],
            Some("fibonacci 30 max 5".to_string())
        )
    );
    let text = std::fs::read_to_string(dir.join(&file)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["data"]["start"], "fibonacci 30 max 5", "{text}");
    drop(h);

    let mut h = Harness::with_store(store.clone());
    assert_eq!(
        h.app.menu.resume(GameKind::Fibonacci),
        Some("Fibonacci Nim from 30 (set), move 2")
    );
    h.key(KeyCode::Enter);
    let game = h.fibonacci_game();
    assert_eq!(
        (game.position.pile, game.position.max_take),
        (26, 8),
        "replayed from the start"
    );
    assert_eq!(
        h.app
            .start
            .as_ref()
            .map(munch::games::position::StartPosition::text),
        Some("fibonacci 30 max 5")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_whose_start_is_impossible_is_set_aside() {
    let mut bad_start = game_from("x", "chomp 3x3 3,2,1", &[]);
    bad_start.start = serde_json::from_str(r#""chomp 3x3 1,2,3""#).unwrap();
    let mut other_game = game_from("x", "nim 3,4,5", &[]);
    other_game.start = serde_json::from_str(r#""chomp 3x3 3,2,1""#).unwrap();
    let mut other_box = game_from("x", "chomp 3x3 3,2,1", &[]);
    other_box.start = serde_json::from_str(r#""chomp 4x4 3,2,1,0""#).unwrap();
    let cases = [
        ("heights that increase", bad_start),
        ("a Chomp start for Nim", other_game),
        ("a start of another box", other_box),
        (
            "a move eaten before the start",
            game_from("x", "chomp 3x3 3,2,1", &["c2"]),
        ),
        (
            "a take over the start's limit",
            game_from("x", "fibonacci 30 max 5", &["6"]),
        ),
        (
            "the start's last coins taken",
            game_from("x", "subtraction 1,3,4 4", &["4"]),
        ),
    ];
    for (case, game) in cases {
        let dir = temp_dir("impossible-start");
        let store = Store::open(Some(&dir)).unwrap();
        let name = saved_game_file(game.settings.game);
        store.save(&name, &game).unwrap();
        let h = Harness::with_store(store);
        assert!(h.app.menu.resumes.is_empty(), "{case}: not offered");
        let warning = h.app.warnings.join("\n");
        assert!(
            warning.contains(&format!("{name} holds an impossible game")),
            "{case}: {warning}"
        );
        assert!(
            dir.join(format!("{name}.bad")).exists(),
            "{case}: set aside"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    // The same games from good starts are offered.
    for game in [
        game_from("x", "chomp 3x3 3,2,1", &["b2"]),
        game_from("x", "fibonacci 30 max 5", &["5"]),
        game_from("x", "nim 3,4,5", &["1:3"]),
    ] {
        let dir = temp_dir("good-start");
        let store = Store::open(Some(&dir)).unwrap();
        store
            .save(&saved_game_file(game.settings.game), &game)
            .unwrap();
        let h = Harness::with_store(store);
        assert_eq!(h.app.menu.resumes.len(), 1, "{:?}", h.app.warnings);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_game_from_a_position_asks_before_replacing_a_saved_game_of_its_kind() {
    let dir = temp_dir("replace-position");
    let store = Store::open(Some(&dir)).unwrap();
    let chomp = chomp_game("mine", 4, 5, &["e4"]);
    let file = &saved_game_file(GameKind::Chomp);
    store.save(file, &chomp).unwrap();
    let position = || {
        Settings::default()
            .with_position("chomp 3x3 3,2,1")
            .unwrap()
    };
    // Esc keeps the saved game, and the menu's Start is then the menu's own game.
    let mut h = Harness::with_store(store.clone());
    let (settings, start) = position();
    h.app.play_position(settings, start);
    assert!(h.on_menu(), "no game yet: the menu asks");
    assert_eq!(h.app.menu.replacing, Some(GameKind::Chomp));
    h.key(KeyCode::Esc);
    assert_eq!(store.load(file), Ok(Some(chomp.clone())), "kept");
    h.app.menu.selected = MenuLine::Start;
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(
        h.game().position.heights(),
        &[6; 7],
        "the menu's own 6×7 bar: the position never became the menu's"
    );
    assert_eq!(h.app.start, None);
    drop(h);

    // Enter replaces it with the game from the position.
    store.save(file, &chomp).unwrap();
    let mut h = Harness::with_store(store.clone());
    let (settings, start) = position();
    h.app.play_position(settings, start);
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[3, 2, 1]);
    h.key(KeyCode::Enter); // a move: the game is saved, from its start
    let saved: SavedGame = store.load(file).unwrap().unwrap();
    assert_ne!(saved.id, "mine");
    assert_eq!(
        saved
            .start
            .as_ref()
            .map(munch::games::position::StartPosition::text),
        Some("chomp 3x3 3,2,1")
    );
}

#[test]
fn a_written_record_gets_a_new_file_each_time_and_reads_back() {
    let dir = temp_dir("write-record");
    let store = Store::open(Some(&dir)).unwrap();
    let text = [
        "munch game record 1",
        "game: chomp",
        "start: rows=1 cols=3",
        "players: person, computer",
        "level: perfect",
        "moves:",
        "1. You: b1",
        "2. Computer: a1",
        "result: You won",
        "",
    ]
    .join("\n");
    let record = munch::record::GameRecord::parse(&text).unwrap();
    let first = store.write_record(&record).unwrap();
    let second = store.write_record(&record).unwrap();
    assert_eq!(first, dir.join("record-chomp-1.txt"));
    assert_eq!(
        second,
        dir.join("record-chomp-2.txt"),
        "never over an older one"
    );
    assert_eq!(std::fs::read_to_string(&first).unwrap(), text);
    assert_eq!(munch::record::GameRecord::read_file(&second), Ok(record));
    let leftovers = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .count();
    assert_eq!(leftovers, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_count_at_its_largest_stays_there() {
    let dir = temp_dir("saturate");
    let store = Store::open(Some(&dir)).unwrap();
    let game = "Chomp 6×7";
    let full = format!(
        r#"{{"version": 1, "data": {{"records": {{"{game}": {{"Perfect": {{"games": {max}, "wins": {max}, "losses": 0}}}}}}}}}}"#,
        max = u64::MAX
    );
    std::fs::write(dir.join(STATS_FILE), &full).unwrap();
    for person_won in [true, false] {
        let (stats, warnings) = store.record_game(game, Level::Perfect, person_won);
        assert!(warnings.is_empty(), "{warnings:?}");
        let record = stats.tallies[game][Level::Perfect.label()];
        assert_eq!((record.games, record.wins), (u64::MAX, u64::MAX));
    }
    // Kept on disk, not wrapped to zero, and the loss counted beside the wins.
    assert_eq!(record_of(&dir, game), (u64::MAX, u64::MAX, 1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn statistics_of_thousands_of_take_sets_are_kept() {
    let dir = temp_dir("big-stats");
    let store = Store::open(Some(&dir)).unwrap();
    let mut stats = Stats::default();
    for n in 0..6_000_u64 {
        let set = format!("1,{},{},{}", n + 2, n + 1_000, n + 90_000);
        for level in [Level::Perfect, Level::Strong, Level::Casual] {
            stats.record(
                &format!("Subtraction {{{set}}} from 1000000"),
                level,
                n % 2 == 0,
            );
        }
    }
    store.save(STATS_FILE, &stats).unwrap();
    let bytes = std::fs::metadata(dir.join(STATS_FILE)).unwrap().len();
    assert!(bytes > 1 << 20, "over 1 MiB: {bytes}");
    // Read back whole, and one more game counted on top.
    assert_eq!(store.load::<Stats>(STATS_FILE), Ok(Some(stats.clone())));
    let (after, warnings) = store.record_game("Chomp 6×7", Level::Perfect, true);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(after.tallies.len(), stats.tallies.len() + 1);
    assert!(!dir.join("stats.json.bad").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_settings_file_from_a_newer_munch_is_read_and_its_unknown_fields_written_back() {
    let dir = temp_dir("newer-settings");
    std::fs::create_dir_all(&dir).unwrap();
    let newer = r#"{"version": 1, "written_by": "munch 9", "data": {"game": "Chomp",
        "players": ["Person", "Computer"], "level": "Strong", "rows": 5, "cols": 6,
        "window": {"width": 120, "theme": ["dark", 2.5]}, "speed": 1.5, "nothing": null}}"#;
    std::fs::write(dir.join(SETTINGS_FILE), newer).unwrap();
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(h.app.warnings, Vec::<String>::new());
    assert!(!dir.join("settings.json.bad").exists(), "not moved aside");
    assert_eq!(h.app.menu.settings.level, Level::Strong);
    assert_eq!(h.app.menu.settings.values.number("rows"), 5);
    // A game started writes the settings back, the newer munch's fields with them.
    h.app.start_game();
    assert!(h.app.session().is_some());
    let read = |text: &str| -> serde_json::Value { serde_json::from_str(text).unwrap() };
    let written = read(&std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap());
    let before = read(newer);
    for key in ["window", "speed", "nothing", "rows", "cols", "level"] {
        assert_eq!(written["data"][key], before["data"][key], "{key}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_starting_with_a_byte_order_mark_are_read() {
    let dir = temp_dir("bom");
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(Some(&dir)).unwrap();
    let settings = Settings::default().with("rows", 9_u8);
    store.save(SETTINGS_FILE, &settings).unwrap();
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    std::fs::write(dir.join(SETTINGS_FILE), format!("\u{feff}{text}")).unwrap();
    assert_eq!(store.load::<Settings>(SETTINGS_FILE), Ok(Some(settings)));
    assert!(!dir.join("settings.json.bad").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_subtraction_game_and_fibonacci_nim_keep_their_own_coins() {
    let dir = temp_dir("own-coins");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    let subtraction = h.app.menu.settings.clone();
    h.app.menu.settings = Settings {
        game: GameKind::Subtraction,
        ..subtraction
    }
    .with(munch::games::subtraction::fields::PILE, 40_u64);
    h.app.start_game();
    h.key(KeyCode::Char('m'));
    let mut settings = h.app.menu.settings.clone();
    settings.game = GameKind::Fibonacci;
    h.app.menu.settings = settings.with(munch::games::fibonacci::fields::PILE, 30_u64);
    h.app.start_game();
    // Read again: each game has the coins it was given.
    let store = Store::open(Some(&dir)).unwrap();
    let read: Settings = store.load(SETTINGS_FILE).unwrap().unwrap();
    let describe = |game| {
        Settings {
            game,
            ..read.clone()
        }
        .describe()
    };
    assert_eq!(
        describe(GameKind::Subtraction),
        "Subtraction {1,3,4} from 40"
    );
    assert_eq!(describe(GameKind::Fibonacci), "Fibonacci Nim from 30");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_old_settings_file_gives_its_shared_coins_to_both_games() {
    let dir = temp_dir("shared-coins");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(SETTINGS_FILE), OLD_SETTINGS).unwrap();
    let store = Store::open(Some(&dir)).unwrap();
    let read: Settings = store.load(SETTINGS_FILE).unwrap().unwrap();
    let describe = |game| {
        Settings {
            game,
            ..read.clone()
        }
        .describe()
    };
    assert_eq!(describe(GameKind::Subtraction), "Subtraction {2,5} from 35");
    assert_eq!(describe(GameKind::Fibonacci), "Fibonacci Nim from 35");
    // A saved Fibonacci Nim game of then resumes from its pile.
    let old_game = r#"{"version": 1, "data": {"id": "old", "settings": {"game": "Fibonacci",
        "players": ["Person", "Computer"], "level": "Perfect", "pile": 13}, "moves": ["2"]}}"#;
    std::fs::write(dir.join(saved_game_file(GameKind::Fibonacci)), old_game).unwrap();
    let h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(h.app.warnings, Vec::<String>::new());
    assert_eq!(
        h.app.menu.resume(GameKind::Fibonacci),
        Some("Fibonacci Nim from 13, move 2")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_huge_bad_value_in_a_file_is_quoted_short() {
    let dir = temp_dir("huge-value");
    std::fs::create_dir_all(&dir).unwrap();
    let huge = "g".repeat(900_000);
    let settings = format!(r#"{{"version": 1, "data": {{"game": "Chomp", "level": "{huge}"}}}}"#);
    std::fs::write(dir.join(SETTINGS_FILE), settings).unwrap();
    let record = format!(
        "munch game record 1\ngame: chomp\nstart: rows=1 cols=2\nplayers: person, computer\n\
         level: {huge}\nmoves:\n1. You: b1\n2. Computer: a1\nresult: You won\n"
    );
    std::fs::write(dir.join(last_record_file(GameKind::Chomp)), record).unwrap();
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    let mut warnings = h.app.warnings.clone();
    h.key(KeyCode::Esc);
    h.key(KeyCode::Char('v')); // review the last Chomp game: it is damaged
    warnings.extend(h.app.warnings.iter().cloned());
    warnings.extend(h.app.menu.note.iter().cloned());
    assert_eq!(warnings.len(), 2, "{warnings:.300?}");
    for warning in &warnings {
        let quoted = warning.chars().filter(|&c| c == 'g').count();
        assert!(quoted <= 45, "{quoted} characters: {warning:.300}");
        assert!(warning.contains("ggg…"), "{warning:.300}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_warnings_box_stays_on_the_screen_with_its_dismiss_line() {
    let mut h = Harness::new();
    // A long word, a long sentence, and more warnings than the screen has rows for.
    h.app.warnings.push("x".repeat(20_000));
    h.app.warnings.push("a word ".repeat(3_000));
    for n in 0..12 {
        h.app.warnings.push(format!(
            "stats.json number {n} is not valid JSON; it was moved aside"
        ));
    }
    for (width, height) in [(80, 24), (100, 30), (48, 22)] {
        let text = common::render_text(&h.app, width, height);
        let rows: Vec<&str> = text.lines().collect();
        let top = rows.iter().position(|r| r.contains("⚠ 14 problems"));
        let bottom = rows.iter().position(|r| r.contains("dismiss"));
        assert!(
            top.is_some() && bottom.is_some(),
            "{width}×{height}:\n{text}"
        );
        // What does not fit is counted; every warning is there, shown or counted.
        let more = rows.iter().find_map(|r| {
            let at = r.find("…and ")?;
            r[at + "…and ".len()..]
                .split(' ')
                .next()?
                .parse::<usize>()
                .ok()
        });
        let listed = rows.iter().filter(|r| r.contains("│ • ")).count();
        assert_eq!(listed + more.unwrap_or(0), 14, "{text}");
        assert_eq!(more.is_some(), height < 30, "{text}");
        // The long word is cut, with a mark, in at most four rows.
        let xs = rows.iter().filter(|r| r.contains("xxxxxxxx")).count();
        assert!((1..=4).contains(&xs), "{xs} rows:\n{text}");
        assert!(text.contains("x…"), "{text}");
    }
}

#[test]
fn a_game_or_level_of_a_newer_munch_reads_its_default_with_a_warning() {
    let dir = temp_dir("newer-values");
    std::fs::create_dir_all(&dir).unwrap();
    let newer = r#"{"version": 1, "data": {"game": "Hackenbush", "players": ["Person", "Robot"],
        "level": "Expert", "rows": 5, "cols": 6, "pile": 40}}"#;
    std::fs::write(dir.join(SETTINGS_FILE), newer).unwrap();
    let h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert!(!dir.join("settings.json.bad").exists(), "not moved aside");
    let warnings = h.app.warnings.join("\n");
    for text in [
        r#"settings.json: game "Hackenbush" is unknown to this munch; using Chomp"#,
        r#"settings.json: players ["Person","Robot"] is unknown to this munch; using Person and Computer"#,
        r#"settings.json: level "Expert" is unknown to this munch; using Perfect"#,
    ] {
        assert!(warnings.contains(text), "{text} in:\n{warnings}");
    }
    let settings = &h.app.menu.settings;
    assert_eq!(
        (settings.game, settings.level),
        (GameKind::Chomp, Level::Perfect)
    );
    assert_eq!(settings.players, [Person, Computer]);
    // The values it knows are kept.
    assert_eq!(settings.describe(), "Chomp 5×6");
    assert_eq!(settings.values.number("pile"), 40);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_with_a_huge_move_is_set_aside_with_a_short_warning() {
    let dir = temp_dir("huge-move");
    let store = Store::open(Some(&dir)).unwrap();
    let huge = "7".repeat(1_000_000);
    for game in [
        chomp_game("c", 4, 5, &[&huge]),
        pile_game("s", GameKind::Subtraction, 21, "1,3,4", &[&huge]),
        pile_game("f", GameKind::Fibonacci, 21, "", &[&huge]),
    ] {
        store
            .save(&saved_game_file(game.settings.game), &game)
            .unwrap();
    }
    let h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(h.app.warnings.len(), 3, "{:.300?}", h.app.warnings);
    for warning in &h.app.warnings {
        assert!(warning.contains("7…\") is not legal"), "{warning:.300}");
        assert!(warning.len() < 200, "{warning:.300}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hints turned on stay on in every later game: one started with `p` from the Study screen,
/// in this run and the next (`munch study --position …`, then `p`), as docs/playing.md says, until
/// turned off; a newer munch's preferences are kept when written back.
#[test]
fn hints_stay_on_in_a_game_from_the_study_and_in_the_next_run() {
    use munch::store::PREFERENCES_FILE;
    let dir = temp_dir("hints");
    let store = Store::open(Some(&dir)).unwrap();
    let hints = |h: &Harness| {
        let subtraction = h.app.session_as::<SubtractionSession>();
        (subtraction.map(|g| g.hints))
            .or_else(|| h.app.session_as::<FibonacciSession>().map(|g| g.hints))
            .expect("a coin-pile game is on")
    };
    let study_then_play = |h: &mut Harness, text: &str| {
        let (settings, start) = Settings::default().with_position(text).unwrap();
        h.app.study_position(&settings, &start);
        h.keys(&[KeyCode::Char('p'), KeyCode::Char('1')]);
        h.start_and_replace();
    };

    let mut h = Harness::with_store(store.clone());
    h.start_pile(21, Some("1,3,4"), [Person, Computer]);
    assert!(!hints(&h));
    h.key(KeyCode::Char('H'));
    // From the game's own study.
    h.keys(&[KeyCode::Char('a'), KeyCode::Char('p'), KeyCode::Char('1')]);
    h.start_and_replace();
    assert!(hints(&h), "a game from the game's study");
    drop(h);

    // The next run: a study opened on a position, then p.
    let mut h = Harness::with_store(store.clone());
    study_then_play(&mut h, "fibonacci 30 max 5");
    assert!(hints(&h), "a game from the Study screen in the next run");
    h.key(KeyCode::Char('H'));
    drop(h);
    let mut h = Harness::with_store(store.clone());
    study_then_play(&mut h, "fibonacci 30 max 5");
    assert!(!hints(&h), "turned off, they stay off");

    // A key a newer munch wrote stays.
    let file = dir.join(PREFERENCES_FILE);
    let text = std::fs::read_to_string(&file).unwrap();
    let newer = text.replacen("\"hints\"", "\"sound\": true, \"hints\"", 1);
    assert_ne!(newer, text);
    std::fs::write(&file, newer).unwrap();
    let mut h = Harness::with_store(store.clone());
    assert!(h.app.warnings.is_empty(), "{:?}", h.app.warnings);
    study_then_play(&mut h, "fibonacci 30 max 5");
    h.key(KeyCode::Char('H'));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        written["data"],
        serde_json::json!({"hints": true, "sound": true}),
        "{written}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_demonstration_never_replaces_a_saved_game() {
    let dir = temp_dir("demo");
    let store = Store::open(Some(&dir)).unwrap();
    let file = &saved_game_file(GameKind::Chomp);
    let mine = chomp_game("mine", 5, 5, &["e5", "b2"]);
    store.save(file, &mine).unwrap();
    let mut h = Harness::with_store(store.clone());
    h.start(6, 7, [Computer, Computer]);
    assert!(
        !h.on_menu() && h.app.menu.replacing.is_none(),
        "a demonstration starts without asking to replace anything"
    );
    h.wait_for_solver();
    for _ in 0..3 {
        h.computer_moves();
    }
    assert!(h.game().turns.moves.len() >= 3, "the computers played");
    assert_eq!(
        store.load(file),
        Ok(Some(mine.clone())),
        "still the person's"
    );
    h.key(KeyCode::Char('q'));
    let screen = common::render_text(&h.app, 80, 24);
    assert!(
        screen.contains("demonstration is not saved") && !screen.contains("The game is saved"),
        "{screen}"
    );
    h.key(KeyCode::Char('m'));
    assert!(h.on_menu());
    assert_eq!(store.load(file), Ok(Some(mine.clone())), "kept in its file");
    assert_eq!(
        h.app.menu.resumes,
        [(GameKind::Chomp, "Chomp 5×5, move 3".to_string())],
        "and offered"
    );
    // Played to its end, and again, it still leaves the saved game alone.
    h.start(3, 3, [Computer, Computer]);
    h.wait_for_solver();
    while !h.game().is_over() {
        h.computer_moves();
    }
    assert_eq!(
        store.load(file),
        Ok(Some(mine)),
        "a finished demonstration too"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_menu_describes_the_saved_games_as_their_files_hold_them_now() {
    let dir = temp_dir("reread");
    let file = &saved_game_file(GameKind::Chomp);
    let mut a = Harness::with_store(Store::open(Some(&dir)).unwrap());
    a.start(6, 7, [Person, Person]);
    a.keys(&[KeyCode::Enter, KeyCode::Left, KeyCode::Enter]); // g6, f6
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    let mut b = Harness::with_store(Store::open(Some(&dir)).unwrap());
    assert_eq!(
        b.app.menu.resumes,
        [(GameKind::Chomp, "Chomp 6×7, move 3".to_string())]
    );
    // A goes on with it and leaves it again: B's menu read the file before that.
    a.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    a.key(KeyCode::Enter);
    a.keys(&[KeyCode::Left, KeyCode::Enter, KeyCode::Left, KeyCode::Enter]); // e6, d6
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    let store = Store::open(Some(&dir)).unwrap();
    let on_file: SavedGame = store.load(file).unwrap().unwrap();
    assert_eq!(on_file.moves.len(), 4);
    // B asks to replace it: the question names the game on file now.
    b.app.menu.settings = Settings::default().with("rows", 6_u8).with("cols", 7_u8);
    b.app.start_game();
    assert_eq!(b.app.menu.replacing, Some(GameKind::Chomp));
    assert_eq!(
        b.app.menu.resumes,
        [(GameKind::Chomp, "Chomp 6×7, move 5".to_string())]
    );
    let screen = common::render_text(&b.app, 80, 24);
    assert!(screen.contains("saved Chomp 6×7, move 5"), "{screen}");
    // Kept (Esc), then resumed: it is the game the menu named.
    b.key(KeyCode::Esc);
    b.app.menu.selected = MenuLine::Resume(GameKind::Chomp);
    b.key(KeyCode::Enter);
    assert_eq!(b.game().turns.moves.len(), 4, "resumed at move 5");
    assert!(b.app.warnings.is_empty(), "{:?}", b.app.warnings);
    // B leaves; A plays on meanwhile; A's menu, entered again, names B's latest move.
    b.key(KeyCode::Left);
    b.key(KeyCode::Enter); // c6
    b.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    a.start_pile(21, Some("1,3,4"), [Person, Person]);
    a.keys(&[KeyCode::Char('1'), KeyCode::Enter]);
    a.keys(&[KeyCode::Char('q'), KeyCode::Char('m')]);
    let chomp = a
        .app
        .menu
        .resumes
        .iter()
        .find(|(kind, _)| *kind == GameKind::Chomp)
        .map(|(_, label)| label.clone());
    assert_eq!(chomp.as_deref(), Some("Chomp 6×7, move 6"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn kept_puzzle(position: &str) -> KeptPuzzle {
    KeptPuzzle {
        game: "nim".into(),
        position: position.into(),
        solution: vec!["1:1".into()],
        moves_left: 1,
        ends: false,
        rating: 1500,
        themes: vec!["nim-sum".into()],
    }
}

#[test]
fn two_windows_counting_puzzles_keep_each_others_results() {
    let dir = temp_dir("puzzles-merge");
    let (one, two) = (
        Store::open(Some(&dir)).unwrap(),
        Store::open(Some(&dir)).unwrap(),
    );
    let attempt = |position: &str, solved| Attempt {
        puzzle: kept_puzzle(position),
        solved,
    };
    // Each window counts from what the file holds, not from what it read before.
    let (first, warnings) = one.count_puzzle(Some(&attempt("nim 1,2,4", true)));
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(first.played, 1);
    let (second, _) = two.count_puzzle(Some(&attempt("nim 3,4,5", false)));
    assert_eq!(
        (second.played, second.streak, second.best_streak),
        (2, 0, 1)
    );
    assert_eq!(second.ratings.len(), 2, "window one's puzzle is kept");
    assert_eq!(second.comebacks.len(), 1);
    let (third, _) = one.count_puzzle(Some(&attempt("nim 2,3", true)));
    assert_eq!((third.played, third.streak), (3, 1));
    assert_eq!(third.comebacks.len(), 1, "window two's failure is kept");
    // Only reading changes nothing.
    let (read, warnings) = two.count_puzzle(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        (
            read.played,
            read.streak,
            read.player.shown(),
            &read.comebacks
        ),
        (3, 1, third.player.shown(), &third.comebacks)
    );
    assert!(read.ratings.keys().eq(third.ratings.keys()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_puzzles_file_is_set_aside_with_a_warning_and_counting_goes_on() {
    let dir = temp_dir("puzzles-damaged");
    let store = Store::open(Some(&dir)).unwrap();
    let attempt = Attempt {
        puzzle: kept_puzzle("nim 1,2,4"),
        solved: false,
    };
    store.count_puzzle(Some(&attempt));
    let good = std::fs::read_to_string(dir.join(PUZZLES_FILE)).unwrap();
    // Not JSON; JSON of a rating munch never writes; a kept puzzle that is no position.
    let damages = [
        "{not json".to_string(),
        good.replacen("\"volatility\": 0.0", "\"volatility\": -1.0", 1)
            .replacen("\"rating\": 1", "\"rating\": -1", 1),
        good.replace("nim 1,2,4", "nim 1,x"),
    ];
    for (i, damage) in damages.iter().enumerate() {
        assert_ne!(*damage, good, "damage {i} changed nothing");
        std::fs::write(dir.join(PUZZLES_FILE), damage).unwrap();
        let (record, warnings) = store.count_puzzle(Some(&attempt));
        let bad = match i {
            0 => "puzzles.json.bad".to_string(),
            i => format!("puzzles.json.bad.{i}"),
        };
        assert!(
            warnings.len() == 1 && warnings[0].contains(&bad),
            "{i}: {warnings:?}"
        );
        assert_eq!(std::fs::read_to_string(dir.join(&bad)).unwrap(), *damage);
        // Counted afresh: this puzzle alone.
        assert_eq!(record.played, 1, "{i}");
    }
    // Too large: set aside unread.
    let huge = " ".repeat(usize::try_from(munch::store::MAX_FILE_BYTES).unwrap() + 1);
    std::fs::write(dir.join(PUZZLES_FILE), &huge).unwrap();
    let (_, warnings) = store.count_puzzle(None);
    assert!(
        warnings.iter().any(|w| w.contains("larger than")),
        "{warnings:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
