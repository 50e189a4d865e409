//! Anything a user can type or a file can hold is parsed without panicking.

use munch::games::chomp::rules::{Position, Square, parse_heights};
use munch::games::subtraction::rules::{MAX_SET_CHARS, TakeSet};
use munch::settings::Settings;
use munch::store::{SavedGame, Stats};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn notation_positions_and_sets_never_panic(text in "\\PC{0,40}") {
        let _ = Square::parse(&text);
        if let Ok(heights) = parse_heights(&text) {
            let _ = Position::from_heights(5, heights.len().max(1), &heights);
        }
        let _ = TakeSet::parse(&text);
    }

    #[test]
    fn number_like_text_never_panics(text in "[0-9a-z,\\[\\] -]{0,30}") {
        let _ = Square::parse(&text);
        let _ = parse_heights(&text);
        let _ = TakeSet::parse(&text);
    }

    #[test]
    fn settings_files_never_panic(text in "\\PC{0,200}") {
        let _ = serde_json::from_str::<Settings>(&text).map(Settings::sanitized);
        let _ = serde_json::from_str::<SavedGame>(&text);
        let _ = serde_json::from_str::<Stats>(&text);
    }

    #[test]
    // Sets up to twice the longest allowed, so that cutting them is tried too.
    fn hostile_settings_are_brought_into_range(rows in any::<u8>(), cols in any::<u8>(), set in "\\PC{0,200}") {
        let text = serde_json::json!({"rows": rows, "cols": cols, "set": set}).to_string();
        let settings = serde_json::from_str::<Settings>(&text).unwrap().sanitized();
        prop_assert!((1..=26).contains(&settings.values.small("rows")) && (1..=26).contains(&settings.values.small("cols")));
        prop_assert!(u32::from(settings.values.small("rows")) * u32::from(settings.values.small("cols")) >= 2);
        prop_assert!(settings.values.text("set").chars().count() <= MAX_SET_CHARS);
    }
}

/// The sizes a set text names, or the reason it is refused.
fn takes(text: &str) -> Result<Vec<u64>, String> {
    TakeSet::parse(text).map(|set| set.sizes().to_vec())
}

#[test]
fn sets_take_spaces_and_ranges() {
    assert_eq!(takes("1, 3-5, 8"), Ok(vec![1, 3, 4, 5, 8]));
    assert_eq!(takes("  8 ,3 - 5,1 "), Ok(vec![1, 3, 4, 5, 8]));
    assert_eq!(takes("{1,3-5,8}"), Ok(vec![1, 3, 4, 5, 8]));
    assert_eq!(takes("4-4"), Ok(vec![4]));
    assert_eq!(takes("2-6, 4-9"), Ok((2..=9).collect()));
    assert_eq!(takes("1-4096"), Ok((1..=4096).collect()));
    assert_eq!(
        TakeSet::parse("1, 3-5, 8").unwrap().to_string(),
        "{1,3,4,5,8}"
    );
}

#[test]
fn malformed_sets_are_refused_with_their_reason() {
    let cases = [
        ("", "empty"),
        ("  ", "empty"),
        ("{}", "empty"),
        ("1,,2", "empty item between two commas"),
        ("1, ,2", "empty item between two commas"),
        (",1", "nothing before the first comma"),
        ("1,", "nothing after the last comma"),
        (",", "nothing before the first comma"),
        ("5-3", "a range must go up: 5-3"),
        ("0", "0 is not a take"),
        ("0-3", "0 is not a take"),
        ("1,0", "0 is not a take"),
        ("-2", "'-2' is not a take"),
        ("3-", "the range '3-' has no end"),
        ("1-2-3", "'1-2-3' is not a range"),
        ("1 3", "'1 3' needs commas"),
        ("4097", "4097 is too big: a take is at most 4096"),
        ("1-1000000000", "1000000000 is too big"),
        ("18446744073709551616", "is too big"),
        ("99999999999999999999999999-1", "is too big"),
        ("x", "'x' is not a take"),
        ("1;2", "'1;2' is not a take"),
        ("+3", "'+3' is not a take"),
        ("1.5", "'1.5' is not a take"),
        ("3–5", "'3–5' is not a take"),
        ("{1,2", "a '{' without its closing '}'"),
        ("1,2}", "a '}' without its opening '{'"),
    ];
    for (text, reason) in cases {
        match takes(text) {
            Ok(sizes) => panic!("{text:?} gave {sizes:?}"),
            Err(message) => {
                assert!(message.contains(reason), "{text:?}: {message}");
                assert_eq!(message.lines().count(), 1, "{text:?}: {message}");
            }
        }
    }
}

#[test]
fn refusals_quote_the_typed_text_short_and_escaped() {
    let long = format!("1, {}", "x".repeat(100_000));
    let message = takes(&long).unwrap_err();
    assert!(
        message.contains("'xxxxxxxxxxxxxxxxxxxx…' is not a take"),
        "{message}"
    );
    assert!(message.chars().count() < 100, "{message}");
    let digits = "9".repeat(100_000);
    let message = takes(&digits).unwrap_err();
    assert!(
        message.starts_with("99999999999999999999… is too big"),
        "{message}"
    );
    let message = takes("1,\u{1b}[2J").unwrap_err();
    assert!(!message.contains('\u{1b}'), "{message:?}");
    assert!(message.contains("\\u{1b}[2J"), "{message:?}");
    let message = takes("2,3-\n").unwrap_err();
    assert_eq!(message.lines().count(), 1, "{message:?}");
}

#[test]
fn a_huge_set_text_is_read_quickly() {
    // Ten thousand widest ranges: at most 4096 distinct takes, whatever the text repeats.
    let text = vec!["1-4096"; 10_000].join(", ");
    let started = std::time::Instant::now();
    assert_eq!(takes(&text).map(|s| s.len()), Ok(4096));
    // Only a guard against a hang (a reading that grew with the takes times the items): it
    // takes milliseconds, as the `take_set` benchmark measures.
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// A set item as a person may type it: a size or a range, with spaces around.
fn item() -> impl Strategy<Value = (String, Vec<u64>)> {
    let spaces = || "[ ]{0,2}";
    prop_oneof![
        (1u64..=4096, spaces(), spaces()).prop_map(|(k, a, b)| (format!("{a}{k}{b}"), vec![k])),
        (1u64..=4096, 0u64..50, spaces(), spaces(), spaces()).prop_map(|(low, len, a, b, c)| {
            let high = (low + len).min(4096);
            (format!("{a}{low}{b}-{c}{high}"), (low..=high).collect())
        }),
    ]
}

proptest! {
    #[test]
    fn typed_sets_name_exactly_their_sizes(items in proptest::collection::vec(item(), 1..8)) {
        let text: Vec<String> = items.iter().map(|(t, _)| t.clone()).collect();
        let mut expected: Vec<u64> = items.iter().flat_map(|(_, k)| k.clone()).collect();
        expected.sort_unstable();
        expected.dedup();
        prop_assert_eq!(takes(&text.join(",")), Ok(expected));
    }

    #[test]
    fn a_set_written_back_in_canonical_form_reads_the_same(
        sizes in proptest::collection::btree_set(1u64..=4096, 1..40)
    ) {
        let sizes: Vec<u64> = sizes.into_iter().collect();
        let set = TakeSet::new(&sizes).unwrap();
        prop_assert_eq!(set.sizes(), sizes.as_slice());
        let written = set.to_string();
        prop_assert_eq!(TakeSet::parse(&written), Ok(set.clone()));
        let inner = written.trim_start_matches('{').trim_end_matches('}');
        prop_assert_eq!(TakeSet::parse(inner), Ok(set));
    }
}

#[test]
fn a_set_typed_another_way_is_the_same_game() {
    let settings = |set: &str| {
        Settings {
            game: munch::settings::GameKind::Subtraction,
            ..Settings::default()
        }
        .with("set", set)
    };
    assert_eq!(settings("1,3,4").describe(), "Subtraction {1,3,4} from 21");
    assert_eq!(
        settings(" 4, 1 ,3-3 ").describe(),
        "Subtraction {1,3,4} from 21"
    );
    assert_eq!(settings("1-4").problem(), None);
    assert!(
        settings("1,,4")
            .problem()
            .unwrap()
            .contains("between two commas")
    );
}
