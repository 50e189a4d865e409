//! Anything a user can type or a file can hold is parsed without panicking.

use munch::app::menu::Settings;
use munch::game::chomp::{Position, Square, parse_heights};
use munch::game::subtraction::TakeSet;
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
    fn hostile_settings_are_brought_into_range(rows in any::<u8>(), cols in any::<u8>(), set in "\\PC{0,100}") {
        let text = serde_json::json!({"rows": rows, "cols": cols, "set": set}).to_string();
        let settings = serde_json::from_str::<Settings>(&text).unwrap().sanitized();
        prop_assert!((1..=26).contains(&settings.rows) && (1..=26).contains(&settings.cols));
        prop_assert!(u32::from(settings.rows) * u32::from(settings.cols) >= 2);
        prop_assert!(settings.set.chars().count() <= 40);
    }
}
