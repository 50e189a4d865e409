//! The data folder: atomic saves, damaged files set aside, and what the app keeps there.

mod common;

use common::Harness;
use munch::app::menu::Player::{Computer, Person};
use munch::app::menu::{Level, Settings};
use munch::store::{SAVED_GAME_FILE, SETTINGS_FILE, STATS_FILE, SavedGame, Stats, Store};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use std::process::Command;
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
    let settings = Settings {
        rows: 9,
        ..Settings::default()
    };
    store.save(SETTINGS_FILE, &settings).unwrap();
    assert_eq!(store.load::<Settings>(SETTINGS_FILE), Ok(Some(settings)));

    for damage in ["{not json", r#"{"version": 99, "data": {}}"#, ""] {
        std::fs::write(dir.join(SETTINGS_FILE), damage).unwrap();
        let warning = store.load::<Settings>(SETTINGS_FILE).unwrap_err();
        assert!(warning.contains("settings.json.bad"), "{warning}");
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.json.bad")).unwrap(),
            damage
        );
        assert!(!dir.join(SETTINGS_FILE).exists());
    }
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
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
    let saved: SavedGame = store
        .load(SAVED_GAME_FILE)
        .unwrap()
        .expect("saved after the move");
    assert_eq!(saved.moves, vec!["b1".to_string()]);
    h.computer_moves();
    assert!(h.game().is_over());
    assert_eq!(
        store.load::<SavedGame>(SAVED_GAME_FILE),
        Ok(None),
        "a finished game is not offered"
    );
    let stats: Stats = store.load(STATS_FILE).unwrap().unwrap();
    let record = stats.records["Chomp 1×3"][Level::Perfect.label()];
    assert_eq!((record.games, record.wins, record.losses), (1, 1, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_is_offered_and_resumed() {
    let dir = temp_dir("resume");
    let store = Store::open(Some(&dir)).unwrap();
    let settings = Settings {
        rows: 4,
        cols: 5,
        ..Settings::default()
    };
    let saved = SavedGame {
        settings,
        moves: vec!["e4".into(), "c2".into()],
    };
    store.save(SAVED_GAME_FILE, &saved).unwrap();
    let mut h = Harness::with_store(store);
    assert_eq!(h.app.menu.resume.as_deref(), Some("Chomp 4×5, move 3"));
    h.key(KeyCode::Enter);
    assert_eq!(h.game().position.heights(), &[4, 4, 1, 1, 1]);
    assert_eq!(h.game().moves.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child side of the kill test: saves bigger and bigger games until it is killed.
#[test]
fn save_loop_child() {
    let Some(dir) = std::env::var_os("MUNCH_SAVE_LOOP_DIR") else {
        return; // only runs when the kill test starts it
    };
    let store = Store::open(Some(std::path::Path::new(&dir))).unwrap();
    for n in 0.. {
        let saved = SavedGame {
            settings: Settings::default(),
            moves: (0..n % 500).map(|i| format!("a{i}")).collect(),
        };
        store.save(SAVED_GAME_FILE, &saved).unwrap();
    }
}

#[test]
fn killing_a_save_loop_always_leaves_a_whole_file() {
    let dir = temp_dir("kill");
    Store::open(Some(&dir)).unwrap();
    for round in 0..25 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "save_loop_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("MUNCH_SAVE_LOOP_DIR", &dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30 + (round * 7) % 50));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let store = Store::open(Some(&dir)).unwrap();
        match store.load::<SavedGame>(SAVED_GAME_FILE) {
            Ok(_) => {}
            Err(problem) => panic!("round {round}: {problem}"),
        }
    }
    let store = Store::open(Some(&dir)).unwrap();
    assert!(
        store.load::<SavedGame>(SAVED_GAME_FILE).unwrap().is_some(),
        "the loop did save"
    );
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
    assert!(h.app.warning.is_some(), "the player is told");
    let _ = std::fs::remove_dir_all(&dir);
}
