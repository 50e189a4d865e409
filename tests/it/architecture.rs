//! ARCHITECTURE.md is the map of the code: it must name every part of `src/` and every file
//! the games share, so that a new file or folder cannot go unmapped; and the shared pile folder
//! keeps to its rule on the map, naming no game. The README stays a short front door, and no
//! link in it, in docs/ or in ARCHITECTURE.md leads nowhere.

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
    // must not reach into any game, or the folders would import each other again. The game
    // core (`core/`), which every game plays on, names none either.
    let shared = ["pile", "core"];
    let games: Vec<String> = names_in("src/games")
        .into_iter()
        .filter(|name| !is_rust_file(name) && !shared.contains(&name.as_str()))
        .collect();
    assert!(games.len() >= 3, "the game folders: {games:?}");
    for folder in shared {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/games")
            .join(folder);
        for file in names_in(&format!("src/games/{folder}")) {
            let text = std::fs::read_to_string(root.join(&file)).expect("read a shared file");
            for game in &games {
                assert!(
                    !text.contains(&format!("{game}::")),
                    "src/games/{folder}/{file} names the {game} folder"
                );
            }
        }
    }
}

/// The README is the front door: what munch is, a screen, install, examples, keys and links.
/// Everything else belongs in docs/.
const README_MOST_BYTES: u64 = 10 * 1024;

#[test]
fn the_readme_is_at_most_10_kb() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let bytes = std::fs::metadata(&readme).expect("README.md").len();
    assert!(
        bytes <= README_MOST_BYTES,
        "README.md is {bytes} bytes, more than {README_MOST_BYTES}: move the detail to docs/"
    );
}

/// The pages whose links are checked: the README, ARCHITECTURE.md and every page of docs/.
fn pages() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<std::path::PathBuf> = names_in("docs")
        .into_iter()
        .filter(|name| Path::new(name).extension().is_some_and(|e| e == "md"))
        .map(|name| root.join("docs").join(name))
        .collect();
    pages.push(root.join("README.md"));
    pages.push(root.join("ARCHITECTURE.md"));
    pages
}

/// Every `[text](target)` link of a Markdown page, outside code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Drop code spans, whose brackets are not links.
        let plain: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            links.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    links
}

/// The anchor GitHub gives a heading: lower case, spaces to hyphens, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_block = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

#[test]
fn every_relative_link_in_the_docs_leads_to_a_file_and_heading_that_exist() {
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|e| panic!("read {}: {e}", page.display()));
        let folder = page.parent().expect("a page's folder");
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                page.clone()
            } else {
                folder.join(file)
            };
            assert!(
                target.exists(),
                "{}: the link ({link}) leads to {}, which does not exist",
                page.display(),
                target.display()
            );
            if !fragment.is_empty() {
                let target_text = std::fs::read_to_string(&target)
                    .unwrap_or_else(|e| panic!("read {}: {e}", target.display()));
                assert!(
                    anchors(&target_text).iter().any(|a| a == fragment),
                    "{}: the link ({link}) names #{fragment}, a heading {} does not have",
                    page.display(),
                    target.display()
                );
            }
            checked += 1;
        }
    }
    // The README links to docs/ and ARCHITECTURE.md, and docs/README.md to every page.
    assert!(checked >= 10, "only {checked} links were found");
}

#[test]
fn the_link_check_reads_links_and_headings_as_github_does() {
    // The checker above must be able to fail: these are what it reads.
    assert_eq!(
        links("see [a](a.md) and `[b](b.md)` and [c](c.md#x-y)\n```\n[d](d.md)\n```"),
        ["a.md", "c.md#x-y"]
    );
    assert_eq!(
        anchor(" Quitting, signals and colour"),
        "quitting-signals-and-colour"
    );
    assert_eq!(anchor(" `munch solve`"), "munch-solve");
    assert_eq!(
        anchors("# Top\n```\n# not a heading\n```\n## Keys"),
        ["top", "keys"]
    );
}

#[test]
fn the_solver_protocol_names_no_game() {
    // The solver threads and the protocol they speak run every game's work as tasks, without
    // knowing the game: neither file may import, name a path into or mention any game in its
    // code (comments aside).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games: Vec<String> = names_in("src/games")
        .into_iter()
        .filter(|name| !is_rust_file(name) && name != "pile")
        .collect();
    assert!(games.len() >= 4, "the game folders: {games:?}");
    for file in ["src/worker.rs", "src/games/request.rs"] {
        let text = std::fs::read_to_string(root.join(file)).expect("read a solver file");
        for (at, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("").to_lowercase();
            let words: Vec<&str> = code.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            for game in &games {
                assert!(
                    !words.contains(&game.as_str()),
                    "{file}:{}: names the {game} game: {line}",
                    at + 1
                );
            }
        }
    }
}
