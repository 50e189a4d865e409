//! The game catalogue: every game munch plays, one folder each, listed once in [`GAMES`]. The
//! menu, the help, the command line and the screen reach a game through its [`Game`] entry.
//!
//! Each folder holds a game's rules (`rules.rs`), its `munch play`/`munch solve` arguments and
//! replies (`cli.rs`), and its entry in this catalogue (`mod.rs`); the solver engines it uses
//! are in `crate::solve`, which imports nothing of munch.

pub mod chomp;
pub mod core;
pub mod fibonacci;
pub mod field;
pub mod game;
pub mod grid;
pub mod moves_left;
pub mod nim;
pub mod panel;
pub mod pile;
pub mod position;
pub mod request;
pub mod review;
pub mod rows;
pub mod session;
pub mod setup;
pub mod study;
pub mod subtraction;
pub mod sum;
pub mod turns;
pub mod typing;
pub mod why;
pub mod wythoff;

pub use game::Game;
use pile::entry::OnePile;
use position::{ParsedPosition, split_game};
use serde::{Deserialize, Serialize};

/// Every game, in menu order.
pub static GAMES: [&dyn Game; 6] = [
    &chomp::Chomp,
    &OnePile(subtraction::Subtraction),
    &OnePile(fibonacci::Fibonacci),
    &nim::Nim,
    &wythoff::Wythoff,
    &sum::Sum::<Catalogue>::new(),
];

/// Reads a position string of any game (`chomp 6x7 6,6,4,4,2,0,0`, `subtraction 1,3,4 21`,
/// `fibonacci 30 max 5`, `nim 3,4,5`): the game its first word names, and what that game reads
/// from the rest. Bad strings are refused with the reason, in one line. Printing is each
/// session's [`Session::position`](session::Session::position); parsing what it prints gives
/// the same position back.
pub fn parse_position(text: &str) -> Result<(GameKind, ParsedPosition), String> {
    let (word, body) = split_game(text)?;
    let Some(kind) = GameKind::ALL
        .into_iter()
        .find(|kind| kind.game().id().eq_ignore_ascii_case(word))
    else {
        let ids: Vec<&str> = GAMES.iter().map(|game| game.id()).collect();
        return Err(format!(
            "'{}' is not a game: a position starts with {}",
            crate::units::shown(word),
            ids.join(", ")
        ));
    };
    let parsed = kind.game().parse_position(body)?;
    Ok((kind, parsed))
}

/// The catalogue, where a sum finds the games of its parts: every game but the sum.
pub struct Catalogue;

impl sum::Catalogue for Catalogue {
    fn part(text: &str) -> Option<Result<Box<dyn core::part::Part>, String>> {
        sum_part(text)
    }
}

/// The part of a sum that `text` (a position string: `nim 3,5`) names, read by the game its
/// first word names; `None` when that word names no game a sum holds (a sum is not one).
pub fn sum_part(text: &str) -> Option<Result<Box<dyn core::part::Part>, String>> {
    let (word, body) = split_game(text).ok()?;
    let game = GAMES
        .iter()
        .find(|game| game.id().eq_ignore_ascii_case(word) && game.id() != sum::rules::ID)?;
    Some(game.part(body))
}

/// Which game: a handle onto its entry in [`GAMES`], saved in settings and saved games as its
/// id with a capital (`"Chomp"`, `"Subtraction"`, `"Fibonacci"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameKind(u8);

// The games the code and the tests name; a game needs no constant here to be played.
#[expect(
    non_upper_case_globals,
    reason = "named like the enum variants they replace, which settings files spell the same way"
)]
impl GameKind {
    /// Chomp.
    pub const Chomp: GameKind = GameKind(0);
    /// The subtraction game.
    pub const Subtraction: GameKind = GameKind(1);
    /// Fibonacci Nim.
    pub const Fibonacci: GameKind = GameKind(2);
    /// Nim.
    pub const Nim: GameKind = GameKind(3);
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; GAMES.len()] = {
        let mut all = [GameKind(0); GAMES.len()];
        let mut at = 0;
        while at < all.len() {
            #[expect(clippy::cast_possible_truncation, reason = "a handful of games")]
            let index = at as u8;
            all[at] = GameKind(index);
            at += 1;
        }
        all
    };

    /// Every game with puzzles, in menu order (see [`Game::has_puzzles`]).
    pub fn puzzled() -> Vec<GameKind> {
        (GameKind::ALL.into_iter())
            .filter(|kind| kind.game().has_puzzles())
            .collect()
    }

    /// The game's entry in the catalogue.
    pub fn game(self) -> &'static dyn Game {
        GAMES[usize::from(self.0)]
    }

    /// The game's name on the menu.
    pub fn label(self) -> &'static str {
        self.game().label()
    }

    /// The game's place in [`GAMES`] (menu order).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The name settings files give the game: its id with a capital ("Chomp").
    fn saved_name(self) -> String {
        let id = self.game().id();
        let mut chars = id.chars();
        chars.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(chars).collect()
        })
    }
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.saved_name())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(deserializer)?;
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.saved_name() == name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown game {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_of_the_sum_is_a_sum() {
        for preset in sum::PRESETS {
            let at = sum::read::<Catalogue>(preset).unwrap_or_else(|e| panic!("{preset}: {e}"));
            assert_eq!(at.print(), format!("sum {preset}"));
        }
    }

    #[test]
    fn every_kind_names_its_own_entry_once() {
        assert_eq!(GameKind::ALL.len(), GAMES.len());
        for (at, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), at, "{kind:?} is in catalogue order");
            let id = kind.game().id();
            assert_eq!(
                GAMES.iter().filter(|g| g.id() == id).count(),
                1,
                "{id} is listed once"
            );
            assert!(id.chars().all(|c| c.is_ascii_lowercase()), "{id}");
        }
    }

    #[test]
    fn every_games_fields_are_its_own_and_its_defaults_start_a_game() {
        let mut values = game::Values::default();
        for field in GAMES.iter().flat_map(|g| g.fields()) {
            values.set(field.key, field.default_value());
        }
        for game in GAMES {
            let fields = game.fields();
            for (at, field) in fields.iter().enumerate() {
                assert!(
                    fields[..at].iter().all(|f| f.key != field.key),
                    "{}: {} once",
                    game.id(),
                    field.key
                );
                assert!(field.fits(&field.default_value()), "{}", field.key);
                // A key two games shared would be one line to the menu: alike in both.
                for other in GAMES.iter().flat_map(|g| g.fields()) {
                    if other.key == field.key {
                        assert_eq!(
                            (other.label, other.is_typed(), other.after_level),
                            (field.label, field.is_typed(), field.after_level),
                            "{}",
                            field.key
                        );
                        assert!(other.fits(&field.default_value()), "{}", field.key);
                    }
                }
            }
            assert_eq!(game.problem(&values), None, "{}'s defaults", game.id());
            assert_eq!(game.sanitize(&mut values.clone()), Vec::<String>::new());
            assert_eq!(
                game.saved_problem(&values, None, &[]),
                None,
                "{}",
                game.id()
            );
        }
    }

    /// Every game's saved game is checked by replaying it: a move that is not legal and a
    /// finished game are refused, each in its game's words, and a game that can go on is not.
    /// The games on the core check it through their rules alone (`core/entry.rs`).
    #[test]
    fn a_saved_game_with_an_illegal_move_or_at_its_end_is_refused_by_every_game() {
        let values = |key: &str, value: game::Value| game::Values::default().with(key, value);
        let text = |t: &str| game::Value::Text(t.into());
        let cases = [
            (
                "wythoff",
                values(wythoff::PILES, text("1,2")),
                &["12:1", "2:1"][..],
                &["12:2"][..],
                "move 1 (\"12:2\") is not legal: pile 1 holds only 1 coin, so 2 cannot be taken from both",
            ),
            (
                "nim",
                values(nim::PILES, text("1,2")),
                &["2:1", "1:1", "2:1"],
                &["2:1", "1:2"],
                "move 2 (\"1:2\") is not legal: pile 1 holds only",
            ),
            (
                "subtraction",
                values(subtraction::fields::PILE, game::Value::Number(5))
                    .with(subtraction::fields::SET, "1,3,4"),
                &["4", "1"],
                &["4", "2"],
                "take 2 (\"2\") is not legal",
            ),
            (
                "fibonacci",
                values(fibonacci::fields::PILE, game::Value::Number(3)),
                &["2", "1"],
                &["3"],
                "take 1 (\"3\") is not legal",
            ),
        ];
        for (id, values, finished, illegal, reason) in cases {
            let game = GAMES.iter().find(|g| g.id() == id).expect(id);
            let moves = |m: &[&str]| m.iter().map(ToString::to_string).collect::<Vec<_>>();
            let going = &finished[..finished.len() - 1];
            assert_eq!(
                game.saved_problem(&values, None, &moves(going)),
                None,
                "{id}"
            );
            assert_eq!(
                game.saved_problem(&values, None, &moves(finished)),
                Some("the game is over".into()),
                "{id}"
            );
            let problem = game
                .saved_problem(&values, None, &moves(illegal))
                .expect(id);
            assert!(problem.starts_with(reason), "{id}: {problem}");
            let bad = game.saved_problem(&values, None, &moves(&["x"])).expect(id);
            assert!(
                bad.ends_with("(\"x\") is not legal") || bad.contains("(\"x\") is not legal: "),
                "{id}: {bad}"
            );
        }
    }

    #[test]
    fn kinds_are_saved_by_the_names_settings_files_have_always_used() {
        for (kind, name) in [
            (GameKind::Chomp, "Chomp"),
            (GameKind::Subtraction, "Subtraction"),
            (GameKind::Fibonacci, "Fibonacci"),
        ] {
            let json = format!("{name:?}");
            assert_eq!(serde_json::to_string(&kind).ok(), Some(json.clone()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).ok(), Some(kind));
        }
        assert_eq!(GameKind::Chomp.game().id(), "chomp");
        assert_eq!(GameKind::Subtraction.game().id(), "subtraction");
        assert_eq!(GameKind::Fibonacci.game().id(), "fibonacci");
        assert!(serde_json::from_str::<GameKind>(r#""Go""#).is_err());
    }
}
