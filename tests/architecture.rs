//! ARCHITECTURE.md is the map of the code: it must name every part of `src/` and every file
//! the games share, so that a new file or folder cannot go unmapped; and the shared pile folder
//! keeps to its rule on the map, naming no game.

use std::path::Path;

fn map() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
        .expect("read ARCHITECTURE.md")
}

fn names_in(dir: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| {
            entry
                .expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

fn is_rust_file(name: &str) -> bool {
    Path::new(name).extension().is_some_and(|e| e == "rs")
}

#[test]
fn every_part_of_src_is_on_the_map() {
    let map = map();
    for name in names_in("src") {
        if name == "lib.rs" {
            continue; // what the library exports; the map is about what it holds
        }
        let path = if is_rust_file(&name) {
            format!("src/{name}")
        } else {
            format!("src/{name}/")
        };
        assert!(map.contains(&path), "ARCHITECTURE.md does not name {path}");
    }
}

#[test]
fn every_shared_file_of_the_games_and_every_game_is_on_the_map() {
    let map = map();
    for name in names_in("src/games") {
        let mapped = if is_rust_file(&name) {
            map.contains(&format!("`{name}`")) || map.contains(&format!("src/games/{name}"))
        } else {
            // A game's folder follows the `<game>/` pattern; say which games there are.
            map.contains(&format!("src/games/{name}/")) || map.contains(&format!("{name}/"))
        };
        assert!(mapped, "ARCHITECTURE.md does not name src/games/{name}");
    }
}

#[test]
fn the_pile_folder_names_no_game() {
    // The one-pile games implement `PileRules` in their own folders; the shared pile session
    // must not reach into any game, or the folders would import each other again.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/pile");
    let games: Vec<String> = names_in("src/games")
        .into_iter()
        .filter(|name| !is_rust_file(name) && name != "pile")
        .collect();
    assert!(games.len() >= 3, "the game folders: {games:?}");
    for file in names_in("src/games/pile") {
        let text = std::fs::read_to_string(root.join(&file)).expect("read a pile file");
        for game in &games {
            assert!(
                !text.contains(&format!("{game}::")),
                "src/games/pile/{file} names the {game} folder"
            );
        }
    }
}
