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

/// The folders of `src/games/` that belong to no game: the boards and the core, which every game
/// plays on, and what every game shares that grew into a folder of its own (`study/`, `review/`).
const SHARED_FOLDERS: [&str; 6] = ["pile", "core", "grid", "rows", "study", "review"];

#[test]
fn the_pile_folder_names_no_game() {
    // The one-pile games implement `Rules` and `PileRules` in their own folders; the pile board
    // must not reach into any game, or the folders would import each other again. The game
    // core (`core/`), which every game plays on, the grid board (`grid/`) and the rows board
    // (`rows/`) name none either, nor do the study's and the review's folders.
    let shared = SHARED_FOLDERS;
    let games: Vec<String> = names_in("src/games")
        .into_iter()
        .filter(|name| !is_rust_file(name) && !shared.contains(&name.as_str()))
        .collect();
    assert!(games.len() >= 3, "the game folders: {games:?}");
    for folder in shared {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/games")
            .join(folder);
        // Files in the folder's subfolders too (a module's tests split into a folder of
        // their own).
        let mut files: Vec<String> = Vec::new();
        let mut folders = vec![String::new()];
        while let Some(sub) = folders.pop() {
            for name in names_in(&format!("src/games/{folder}/{sub}")) {
                let file = format!("{sub}{name}");
                if root.join(&file).is_dir() {
                    folders.push(format!("{file}/"));
                } else {
                    files.push(file);
                }
            }
        }
        assert!(
            files.iter().any(|file| file.contains('/')) || folder != "core",
            "the core's subfolders are read: {files:?}"
        );
        for file in files {
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
        .filter(|name| !is_rust_file(name) && !["pile", "study", "review"].contains(&name.as_str()))
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

/// A row of ARCHITECTURE.md's may-import table: its places, and what they may import.
#[derive(Debug)]
struct Row {
    places: Vec<String>,
    may: Vec<String>,
    one_another: bool,
    everything: bool,
}

const TABLE_HEADER: &str = "| place | may import |";

/// The may-import table of `map`: each row's places (the code-formatted paths of its first
/// cell) and what they may import (the paths of its second cell, and the words *one another*,
/// *everything in the library* and *nothing of munch*).
fn parse_table(map: &str) -> Vec<Row> {
    let mut lines = map.lines().skip_while(|line| line.trim() != TABLE_HEADER);
    assert!(
        lines.next().is_some(),
        "ARCHITECTURE.md has no may-import table: no line {TABLE_HEADER:?}"
    );
    let separator = lines.next().unwrap_or_default();
    assert!(
        separator.starts_with("| ---"),
        "the table's second line: {separator:?}"
    );
    let code = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let rows: Vec<Row> = lines
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim().trim_matches('|').split(" | ").collect();
            assert_eq!(cells.len(), 2, "a row of two cells: {line}");
            let (places, may) = (code(cells[0]), code(cells[1]));
            let words = |w: &str| cells[1].contains(w);
            let row = Row {
                places,
                may,
                one_another: words("one another"),
                everything: words("everything in the library"),
            };
            assert!(!row.places.is_empty(), "a row naming no place: {line}");
            assert!(
                !row.may.is_empty() || row.everything || words("nothing of munch"),
                "a row that does not say what its places may import: {line}"
            );
            row
        })
        .collect();
    assert!(!rows.is_empty(), "the may-import table has no rows");
    rows
}

/// Whether the place `place` (a file, or a folder ending in `/`) holds the file or place `path`.
fn holds(place: &str, path: &str) -> bool {
    place == path || (place.ends_with('/') && path.starts_with(place))
}

/// The most specific place of the table that holds `file`, with its row.
fn place_of<'r>(rows: &'r [Row], file: &str) -> Option<(usize, &'r str)> {
    rows.iter()
        .enumerate()
        .flat_map(|(i, row)| row.places.iter().map(move |p| (i, p.as_str())))
        .filter(|(_, place)| holds(place, file))
        .max_by_key(|(_, place)| place.len())
}

/// What the table says of `file` importing `target` (both paths from the crate's root): `None`
/// when it may, else why not.
fn refusal(rows: &[Row], file: &str, import: &str, target: &str) -> Option<String> {
    let Some((row, own)) = place_of(rows, file) else {
        return Some(format!(
            "{file} is in no place of ARCHITECTURE.md's may-import table"
        ));
    };
    let Some((_, theirs)) = place_of(rows, target) else {
        return Some(format!(
            "{file}: `{import}` reaches {target}, which is in no place of ARCHITECTURE.md's \
             may-import table"
        ));
    };
    let row = &rows[row];
    let allowed = own == theirs
        || row.everything
        || (row.one_another && row.places.iter().any(|p| p == theirs))
        || row.may.iter().any(|m| holds(m, target));
    (!allowed).then(|| {
        format!(
            "{file}: `{import}` reaches {target} (place {theirs}), which ARCHITECTURE.md's \
             may-import table does not allow {own} to import: add it to that row, or import \
             something the row allows"
        )
    })
}

/// The segments of a `use` tree, each path spelled out: `a::{b, c::{d, e as f}}` gives
/// `a::b`, `a::c::d` and `a::c::e`.
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    fn segments(path: &str) -> impl Iterator<Item = String> + '_ {
        path.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    }
    fn into(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        let mut path = prefix.to_vec();
        if let Some(open) = tree.find('{') {
            let close = tree.rfind('}').expect("a use tree's closing brace");
            path.extend(segments(&tree[..open]));
            let (mut depth, mut start) = (0, open + 1);
            for (i, c) in tree.char_indices().take(close).skip(open + 1) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        into(&path, &tree[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            into(&path, &tree[start..close], out);
        } else {
            let tree = tree.split(" as ").next().unwrap_or(tree);
            path.extend(segments(tree));
            out.push(path);
        }
    }
    let tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    into(&[], &tree, &mut out);
    out
}

/// The file of `src/` that the module path `segments` (from the crate's root) leads into: the
/// deepest module it names, a name past that (a type, a function) belonging to that module.
fn resolve(segments: &[String]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut module = String::from("src");
    for segment in segments {
        if segment == "self" {
            continue;
        }
        let folder = format!("{module}/{segment}");
        let file = format!("{module}/{segment}.rs");
        if root.join(&folder).is_dir() {
            module = folder;
        } else if root.join(&file).is_file() {
            return file;
        } else {
            break;
        }
    }
    if module == "src" {
        "src/lib.rs".to_string()
    } else {
        format!("{module}/mod.rs")
    }
}

/// The module path of a file of `src/`: `src/games/chomp/rules.rs` is `games::chomp::rules`.
fn module_of(file: &str) -> Vec<String> {
    let inner = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut path: Vec<String> = inner.split('/').map(str::to_string).collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

/// Rust source without its comments (so that doc links and examples are not imports).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let line_comment = rest.find("//");
        let block_comment = rest.find("/*");
        let (at, line) = match (line_comment, block_comment) {
            (Some(l), Some(b)) if b < l => (b, false),
            (Some(l), _) => (l, true),
            (None, Some(b)) => (b, false),
            (None, None) => {
                out.push_str(rest);
                break;
            }
        };
        out.push_str(&rest[..at]);
        let end = if line {
            rest[at..].find('\n').map_or(rest.len(), |n| at + n)
        } else {
            rest[at..].find("*/").map_or(rest.len(), |n| at + n + 2)
        };
        rest = &rest[end..];
    }
    out
}

/// Every import of a file of `src/`: each `crate::…` path (in a `use`, or written in place) and
/// each `use super::…` at the file's top, as written and as the file it reaches.
fn imports_of(file: &str, text: &str) -> Vec<(String, String)> {
    let text = without_comments(text);
    let mut found = Vec::new();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    // `use crate::…;` statements, braces and all; then blanked, so the paths left are in place.
    let mut rest_text = text.clone();
    while let Some(at) = rest_text.find("use crate::") {
        let end = rest_text[at..]
            .find(';')
            .map_or(rest_text.len(), |n| at + n);
        let tree = &rest_text[at + "use crate::".len()..end];
        for segments in expand_use(tree) {
            found.push((
                format!("crate::{}", segments.join("::")),
                resolve(&segments),
            ));
        }
        rest_text.replace_range(at..end, &" ".repeat(end - at));
    }
    let mut from = 0;
    while let Some(n) = rest_text[from..].find("crate::") {
        let at = from + n;
        from = at + "crate::".len();
        let before = rest_text[..at].chars().next_back();
        if before.is_some_and(|c| ident(c) || c == '$') {
            continue;
        }
        let path: String = rest_text[from..]
            .chars()
            .take_while(|&c| ident(c) || c == ':')
            .collect();
        let segments: Vec<String> = path
            .split("::")
            .filter(|s| !s.is_empty() && s.chars().all(ident))
            .map(str::to_string)
            .collect();
        found.push((
            format!("crate::{}", segments.join("::")),
            resolve(&segments),
        ));
    }
    // `use super::…` at the top of the file (inside an inline module, `super` is that module's
    // parent, which is this file: nothing to check).
    let parent = {
        let mut module = module_of(file);
        module.pop();
        module
    };
    for (at, _) in text.match_indices("use super::") {
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let lead = &text[line_start..at];
        if !matches!(lead, "" | "pub " | "pub(crate) ") {
            continue;
        }
        let end = text[at..].find(';').map_or(text.len(), |n| at + n);
        for segments in expand_use(&text[at + "use super::".len()..end]) {
            let full: Vec<String> = parent.iter().cloned().chain(segments.clone()).collect();
            found.push((format!("super::{}", segments.join("::")), resolve(&full)));
        }
    }
    found
}

/// Every Rust file of `src/`, as a path from the crate's root.
fn source_files() -> Vec<String> {
    fn walk(root: &Path, folder: &str, out: &mut Vec<String>) {
        for name in names_in(folder) {
            let path = format!("{folder}/{name}");
            if root.join(&path).is_dir() {
                walk(root, &path, out);
            } else if is_rust_file(&name) {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(Path::new(env!("CARGO_MANIFEST_DIR")), "src", &mut files);
    files
}

#[test]
fn every_import_in_src_is_one_the_may_import_table_allows() {
    let rows = parse_table(&map());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut refused = Vec::new();
    let mut checked = 0;
    for file in source_files() {
        let text = std::fs::read_to_string(root.join(&file)).expect("read a source file");
        if place_of(&rows, &file).is_none() {
            refused.push(format!(
                "{file} is in no place of ARCHITECTURE.md's may-import table"
            ));
            continue;
        }
        for (import, target) in imports_of(&file, &text) {
            checked += 1;
            refused.extend(refusal(&rows, &file, &import, &target));
        }
    }
    assert!(checked > 300, "only {checked} imports were found in src/");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

#[test]
fn every_place_in_the_may_import_table_exists_and_each_row_names_only_places_below_it() {
    let rows = parse_table(&map());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for row in &rows {
        for path in row.places.iter().chain(&row.may) {
            assert!(
                root.join(path).exists(),
                "ARCHITECTURE.md's may-import table names {path}, which does not exist"
            );
        }
    }
    // No arrow runs back up: what a row may import is held by rows below it only (a folder may
    // hold the row's own places, as `src/games/` holds `src/games/mod.rs`).
    for (i, row) in rows.iter().enumerate() {
        for may in &row.may {
            for (j, above) in rows.iter().enumerate().take(i + 1) {
                for place in &above.places {
                    let overlaps = holds(may, place) || holds(place, may);
                    let own = j == i;
                    assert!(
                        !overlaps || own,
                        "ARCHITECTURE.md's may-import table: {} may import {may}, but {place} \
                         is not below it",
                        row.places.join(", ")
                    );
                }
            }
        }
    }
}

#[test]
fn no_files_of_src_import_one_another_in_a_circle() {
    // A parent module and its children are the one pair that may name each other: the parent
    // declares them and they use what it holds. Every other import runs one way.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder_of = |file: &str| -> Option<String> {
        ["/mod.rs", "/lib.rs", "/main.rs"]
            .iter()
            .find_map(|end| file.strip_suffix(end).map(|f| format!("{f}/")))
    };
    let parent_and_child = |a: &str, b: &str| {
        folder_of(a).is_some_and(|f| b.starts_with(&f))
            || folder_of(b).is_some_and(|f| a.starts_with(&f))
    };
    let files = source_files();
    let mut edges: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        std::collections::BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(root.join(file)).expect("read a source file");
        let targets = edges.entry(file.clone()).or_default();
        for (_, target) in imports_of(file, &text) {
            if target != *file && !parent_and_child(file, &target) {
                targets.insert(target);
            }
        }
    }
    assert_eq!(
        find_circle(&edges),
        None,
        "files of src/ importing in a circle"
    );
}

/// A circle in `edges` (each file and the files it imports), as the files along it.
fn find_circle(
    edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    fn visit(
        file: &str,
        edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        done: &mut std::collections::BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|f| f == file) {
            let mut circle = path[at..].to_vec();
            circle.push(file.to_string());
            return Some(circle);
        }
        if done.contains(file) {
            return None;
        }
        path.push(file.to_string());
        for next in edges.get(file).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, done, path) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(file.to_string());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    edges
        .keys()
        .find_map(|file| visit(file, edges, &mut done, &mut Vec::new()))
}

#[test]
fn the_import_check_reads_use_trees_paths_and_the_table_as_written() {
    // The checks above must be able to fail: here is what they read, on made-up code.
    assert_eq!(
        expand_use("games::{chomp::{rules, answer::ChompAnswer as A}, self, Game}"),
        [
            vec!["games", "chomp", "rules"],
            vec!["games", "chomp", "answer", "ChompAnswer"],
            vec!["games", "self"],
            vec!["games", "Game"],
        ]
    );
    assert_eq!(
        resolve(&["games".into(), "GAMES".into()]),
        "src/games/mod.rs"
    );
    assert_eq!(
        resolve(&["games".into(), "chomp".into(), "rules".into(), "X".into()]),
        "src/games/chomp/rules.rs"
    );
    assert_eq!(resolve(&["units".into()]), "src/units.rs");
    let code = "//! see [`crate::app`]\nuse crate::{settings::Settings, games::review};\n\
                use super::field::Values;\nfn f() { crate::units::cut(); }\n\
                mod tests {\n    use super::*;\n}\n";
    let imports = imports_of("src/games/setup.rs", code);
    let targets: Vec<&str> = imports.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        targets,
        [
            "src/settings.rs",
            "src/games/review/mod.rs",
            "src/units.rs",
            "src/games/field.rs"
        ]
    );
    let table = "| place | may import |\n| --- | --- |\n\
                 | `src/ui/` | `src/app/`, `src/units.rs` |\n\
                 | `src/app/` | `src/units.rs` |\n\
                 | `src/units.rs`, `src/theme.rs` | nothing of munch |\n";
    let rows = parse_table(table);
    assert_eq!(
        refusal(&rows, "src/ui/mod.rs", "crate::app::App", "src/app/mod.rs"),
        None
    );
    assert_eq!(
        refusal(&rows, "src/ui/a.rs", "super::b", "src/ui/b.rs"),
        None
    );
    let up = refusal(
        &rows,
        "src/app/mod.rs",
        "crate::ui::render",
        "src/ui/mod.rs",
    )
    .expect("the app may not import the ui");
    assert!(
        up.contains("src/app/mod.rs") && up.contains("crate::ui::render"),
        "{up}"
    );
    assert!(
        refusal(&rows, "src/units.rs", "crate::theme::Theme", "src/theme.rs").is_some(),
        "a row without `one another` keeps its places apart"
    );
    let mut edges = std::collections::BTreeMap::new();
    edges.insert("a".to_string(), ["b".to_string()].into());
    edges.insert("b".to_string(), ["c".to_string()].into());
    assert_eq!(find_circle(&edges), None);
    edges.insert("c".to_string(), ["a".to_string()].into());
    assert_eq!(
        find_circle(&edges),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}
