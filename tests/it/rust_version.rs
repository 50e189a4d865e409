//! The minimum Rust version munch states is the one Cargo enforces, and is old enough for
//! nothing munch builds: every dependency's own `rust-version` and the language features the
//! code uses. (Library items newer than it are caught by clippy's `incompatible_msrv` lint,
//! which reads the same `rust-version`.)

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// A version such as `1.88` or `1.88.0`, comparable.
fn version(text: &str) -> (u32, u32, u32) {
    let mut parts = text.trim().split('.').map(|p| {
        p.parse::<u32>()
            .unwrap_or_else(|_| panic!("not a version: {text:?}"))
    });
    let major = parts.next().expect("a major version");
    (major, parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

fn cargo(args: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo");
    assert!(
        out.status.success(),
        "cargo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 from cargo")
}

/// The platform this test runs on, as cargo names it.
fn host() -> String {
    let about = cargo(&["-vV"]);
    about
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("cargo -vV names the host")
        .to_string()
}

fn declared() -> String {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("read Cargo.toml");
    manifest
        .lines()
        .find_map(|line| line.strip_prefix("rust-version = "))
        .expect("Cargo.toml states a rust-version")
        .trim_matches('"')
        .to_string()
}

#[test]
fn the_docs_state_the_rust_version_cargo_enforces() {
    // The README states it, and every page of docs/ that states it agrees.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("read docs/")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    for page in pages {
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|e| panic!("read {}: {e}", page.display()));
        let stated: Vec<&str> = text
            .split("Rust ")
            .skip(1)
            .filter_map(|rest| rest.split_once(" or newer").map(|(v, _)| v))
            .collect();
        assert!(
            !stated.is_empty() || page != root.join("README.md"),
            "README.md says 'Rust X or newer'"
        );
        for v in stated {
            assert_eq!(v, declared(), "{}'s Rust version", page.display());
        }
    }
}

#[test]
fn the_rust_version_covers_every_dependency_built() {
    let declared = version(&declared());
    // What this platform builds: cargo metadata lists optional dependencies that no enabled
    // feature pulls in too, so cargo tree says which are used.
    let used = cargo(&[
        "tree",
        "--offline",
        "-e",
        "normal,build,dev",
        "--prefix",
        "none",
        "--format",
        "{p}",
    ]);
    let used: std::collections::HashSet<&str> = used
        .lines()
        .filter_map(|line| line.split(" (").next())
        .collect();
    let metadata: Value = serde_json::from_str(&cargo(&[
        "metadata",
        "--offline",
        "--format-version",
        "1",
        "--filter-platform",
        &host(),
    ]))
    .expect("cargo metadata gives JSON");
    let mut checked = 0;
    for package in metadata["packages"].as_array().expect("packages") {
        let (Some(name), Some(v)) = (package["name"].as_str(), package["version"].as_str()) else {
            continue;
        };
        if !used.contains(format!("{name} v{v}").as_str()) {
            continue;
        }
        checked += 1;
        if let Some(needs) = package["rust_version"].as_str() {
            assert!(
                version(needs) <= declared,
                "{name} {v} needs Rust {needs}, more than munch's rust-version"
            );
        }
    }
    // munch itself, clap, ratatui and their dependencies.
    assert!(checked >= 50, "only {checked} packages matched cargo tree");
}

#[test]
fn the_rust_version_covers_the_language_the_code_uses() {
    let declared = version(&declared());
    // Edition 2024 needs 1.85; `if let … && let …` chains need 1.88.
    assert!(declared >= (1, 85, 0));
    let mut uses_let_chains = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut folders = vec![
        root.join("src"),
        root.join("tests"),
        root.join("examples"),
        root.join("benches"),
    ];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && std::fs::read_to_string(&path)
                    .is_ok_and(|text| text.lines().any(|l| l.trim_start().starts_with("&& let ")))
            {
                uses_let_chains.push(path);
            }
        }
    }
    if !uses_let_chains.is_empty() {
        assert!(
            declared >= (1, 88, 0),
            "let chains (in {uses_let_chains:?}) need Rust 1.88"
        );
    }
}
