//! The position strings of every game: what each game prints reads back as the same position
//! (parse ∘ print = identity), over random positions and along random games; a session started
//! from a string starts there; bad strings are refused in one line.

use munch::games::chomp::rules::{Position as ChompPosition, Square};
use munch::games::fibonacci::rules as fib_rules;
use munch::games::nim::rules::{MAX_PILE, Position as NimPosition};
use munch::games::nim::session::NimSession;
use munch::games::pile::rules::PilePosition;
use munch::games::position::StartPosition;
use munch::games::session::Session;
use munch::games::setup::{Player, Setup};
use munch::games::subtraction::rules::TakeSet;
use munch::games::{GameKind, chomp, fibonacci, nim, parse_position, subtraction};
use munch::settings::Settings;
use proptest::prelude::*;

/// The catalogue reads `text` as `kind`'s position and prints it back as `text`.
fn reads_back(text: &str, kind: GameKind) -> StartPosition {
    let (found, parsed) =
        parse_position(text).unwrap_or_else(|e| panic!("{text:?} is refused: {e}"));
    assert_eq!(found, kind, "{text}");
    assert_eq!(parsed.start.text(), text, "printed back as it was written");
    parsed.start
}

/// A session of two people started from `start`, as the app starts one.
fn session_from(text: &str) -> Box<dyn Session> {
    let (settings, start) = Settings {
        players: [Player::Person, Player::Person],
        ..Settings::default()
    }
    .with_position(text)
    .unwrap_or_else(|e| panic!("{text:?}: {e}"));
    settings
        .game
        .game()
        .new_session(settings.setup_from(Some(start)), None)
}

/// Non-increasing heights of 1 to 26 columns in a box of 1 to 26 rows (not 1×1), poison kept.
fn chomp_position() -> impl Strategy<Value = ChompPosition> {
    (1usize..=26, 1usize..=26)
        .prop_filter("a 1×1 box is only the poison", |&(r, c)| r * c > 1)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                proptest::collection::vec(0..=rows, cols),
                1..=rows,
            )
        })
        .prop_map(|(rows, mut heights, first)| {
            heights.sort_unstable_by(|a, b| b.cmp(a));
            heights[0] = heights[0].max(first);
            ChompPosition::from_heights(rows, heights.len(), &heights).expect("non-increasing")
        })
}

/// A take set of up to 12 sizes and ranges below 200, and a pile some take fits.
fn subtraction_position() -> impl Strategy<Value = (TakeSet, u64)> {
    (
        proptest::collection::vec((1u64..200, 0u64..6), 1..12),
        any::<u64>(),
    )
        .prop_map(|(items, pile)| {
            let sizes: Vec<u64> = items.iter().flat_map(|&(k, run)| k..=k + run).collect();
            let set = TakeSet::new(&sizes).expect("sizes from 1 to 205");
            let smallest = set.sizes()[0];
            (set, pile.max(smallest))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn chomp_positions_read_back(position in chomp_position()) {
        let text = chomp::position::print(&position);
        reads_back(&text, GameKind::Chomp);
        prop_assert_eq!(chomp::position::parse(&text["chomp ".len()..]), Ok(position));
    }

    #[test]
    fn subtraction_positions_read_back((set, pile) in subtraction_position()) {
        let text = subtraction::position::print(&set, pile);
        reads_back(&text, GameKind::Subtraction);
        let body = &text["subtraction ".len()..];
        prop_assert_eq!(subtraction::position::parse(body), Ok((set, pile)));
    }

    #[test]
    fn fibonacci_positions_read_back(pile in 1u64.., max in any::<u64>()) {
        let position = PilePosition { pile, max_take: max % pile + 1 };
        let text = fibonacci::position::print(position);
        reads_back(&text, GameKind::Fibonacci);
        prop_assert_eq!(fibonacci::position::parse(&text["fibonacci ".len()..]), Ok(position));
    }

    #[test]
    fn nim_positions_read_back(
        piles in proptest::collection::vec(prop_oneof![Just(0), 1..=MAX_PILE], 1..=8)
    ) {
        // An emptied pile keeps its place; every pile empty is a finished game.
        prop_assume!(piles.iter().any(|&p| p > 0));
        let position = NimPosition::new(&piles).expect("1 to 8 piles of at most 10^18");
        let text = munch::games::core::rules_of::PositionRules::print(&position);
        reads_back(&text, GameKind::Nim);
        prop_assert_eq!(nim::position::parse(&text["nim ".len()..]), Ok(position));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Along a random game of each kind, every position the session prints starts a new
    /// session at that very position (which prints the same string).
    #[test]
    fn every_position_of_a_random_game_starts_a_game_there(seed in any::<u64>()) {
        let mut rng = fastrand::Rng::with_seed(seed);
        for start in [
            "chomp 6x7 6,6,6,6,6,6,6",
            "chomp 5x3 4,2,1",
            "subtraction 1,3,4 60",
            "subtraction 2,5-8 40",
            "fibonacci 60 max 59",
            "fibonacci 40 max 3",
            "nim 3,4,5",
            "nim 1,9,0,12",
        ] {
            let mut game = session_from(start);
            let mut moves = 0;
            while !game.is_over() {
                let text = game.position();
                let again = session_from(&text);
                prop_assert_eq!(again.position(), text.clone(), "from {}", start);
                prop_assert_eq!(again.moves_made(), 0);
                let Some(next) = random_move(game.as_ref(), &text, &mut rng) else {
                    break;
                };
                prop_assert!(game.replay_notation(std::slice::from_ref(&next)), "{} in {}", next, text);
                moves += 1;
            }
            prop_assert!(moves > 0, "{} was played", start);
        }
    }
}

/// A random legal move of `game`, whose position is `text`, in the notation saved games keep;
/// `None` when only the poison is left.
fn random_move(game: &dyn Session, text: &str, rng: &mut fastrand::Rng) -> Option<String> {
    let (kind, parsed) = parse_position(text).expect("a session prints a position");
    let body = parsed.start.body().to_string();
    if kind == GameKind::Chomp {
        let position = chomp::position::parse(&body).expect("read back");
        let squares: Vec<Square> = position.moves().filter(|s| !s.is_poison()).collect();
        (!squares.is_empty()).then(|| squares[rng.usize(..squares.len())].to_string())
    } else if kind == GameKind::Subtraction {
        let (set, pile) = subtraction::position::parse(&body).expect("read back");
        let takes: Vec<u64> = set.legal(pile).collect();
        Some(takes[rng.usize(..takes.len())].to_string())
    } else if kind == GameKind::Fibonacci {
        let position = fibonacci::position::parse(&body).expect("read back");
        Some(rng.u64(1..=fib_rules::limit(position)).to_string())
    } else {
        // The game's own piles: its emptied piles keep their numbers, which the string drops.
        let session = game
            .as_any()
            .downcast_ref::<NimSession>()
            .expect("a Nim game");
        let piles = session.position.piles();
        let nonempty: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 0).collect();
        let pile = nonempty[rng.usize(..nonempty.len())];
        Some(format!("{}:{}", pile + 1, rng.u64(1..=piles[pile])))
    }
}

#[test]
fn the_issues_examples_read_back_and_start_their_games() {
    for (text, kind) in [
        ("chomp 6x7 6,6,4,4,2,0,0", GameKind::Chomp),
        ("subtraction 1,3,4 21", GameKind::Subtraction),
        ("fibonacci 30 max 5", GameKind::Fibonacci),
        ("nim 3,4,5", GameKind::Nim),
    ] {
        reads_back(text, kind);
        let game = session_from(text);
        assert_eq!(game.position(), text);
        assert_eq!(game.moves_made(), 0, "turns count from the position");
        assert!(!game.is_over());
    }
}

#[test]
fn strings_are_read_leniently_and_printed_one_way() {
    for (written, printed) in [
        ("  chomp   6x7  6, 6,4,4,2,0,0 ", "chomp 6x7 6,6,4,4,2,0,0"),
        ("Chomp 2X3 2,1,1", "chomp 2x3 2,1,1"),
        ("subtraction 1, 2, 3-10 21", "subtraction 1-10 21"),
        ("subtraction {4,1,3} 21", "subtraction 1,3,4 21"),
        ("subtraction 1-2,3 7", "subtraction 1-3 7"),
        ("fibonacci 30", "fibonacci 30 max 29"),
        ("fibonacci 1 max 1", "fibonacci 1 max 1"),
        ("fibonacci 30 MAX 5", "fibonacci 30 max 5"),
        ("nim 0,3, 0 ,4,5,0", "nim 0,3,0,4,5,0"),
        ("nim 1000000000000000000", "nim 1000000000000000000"),
    ] {
        let (_, parsed) = parse_position(written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(parsed.start.text(), printed, "{written:?}");
    }
}

#[test]
fn a_position_sets_the_values_its_game_is_played_with() {
    let values = |text: &str| {
        let (settings, _) = Settings::default().with_position(text).expect(text);
        serde_json::to_value(&settings).expect("settings serialize")
    };
    let chomp = values("chomp 5x9 5,3,0,0,0,0,0,0,0");
    assert_eq!(
        (&chomp["game"], &chomp["rows"], &chomp["cols"]),
        (&"Chomp".into(), &5.into(), &9.into())
    );
    let subtraction = values("subtraction 2,5-8 40");
    assert_eq!(
        (
            &subtraction["game"],
            &subtraction["set"],
            &subtraction["pile"]
        ),
        (&"Subtraction".into(), &"2,5-8".into(), &40.into())
    );
    let fibonacci = values("fibonacci 30 max 5");
    assert_eq!(
        (&fibonacci["game"], &fibonacci["fibonacci_pile"]),
        (&"Fibonacci".into(), &30.into())
    );
    let nim = values("nim 7,0,2");
    assert_eq!(
        (&nim["game"], &nim["piles"]),
        (&"Nim".into(), &"7,2".into())
    );
}

#[test]
fn a_session_from_a_position_plays_and_undoes_from_there() {
    let mut game = session_from("chomp 4x4 4,2,1,0");
    assert!(game.replay_notation(&["b2".into()]));
    assert_eq!(game.position(), "chomp 4x4 4,1,1,0");
    game.undo();
    assert_eq!(
        game.position(),
        "chomp 4x4 4,2,1,0",
        "undo goes back to the start"
    );
    assert!(
        !game.replay_notation(&["d1".into()]),
        "d1 was eaten before the start"
    );

    let mut game = session_from("fibonacci 10 max 2");
    assert!(
        !game.replay_notation(&["3".into()]),
        "only 1 or 2 may be taken"
    );
    assert!(game.replay_notation(&["2".into()]));
    assert_eq!(game.position(), "fibonacci 8 max 4");

    let mut game = session_from("fibonacci 1 max 1");
    assert!(game.replay_notation(&["1".into()]));
    assert!(game.is_over(), "taking the one coin wins");
    assert_eq!(game.loser(), Some(1));

    let mut game = session_from("nim 0,5,0,3");
    assert!(game.replay_notation(&["2:3".into()]));
    assert_eq!(
        game.position(),
        "nim 0,2,0,3",
        "the piles keep their numbers: pile 2 held 5"
    );
    let mut game = session_from("subtraction 3,5 9");
    assert!(game.replay_notation(&["5".into(), "3".into()]));
    assert!(game.is_over(), "a pile of 1 takes neither 3 nor 5");
    assert_eq!(
        game.loser(),
        Some(0),
        "the first player is stuck with 1 coin"
    );
}

#[test]
fn bad_strings_are_refused_with_one_line_each() {
    let cases: &[(&str, &str)] = &[
        ("", "empty"),
        ("   ", "empty"),
        ("chess e4", "'chess' is not a game"),
        ("chomp", "needs its box"),
        ("chomp 6x7", "column heights after the box"),
        ("chomp 6*7 6,6,6,6,6,6,6", "not a box"),
        ("chomp 0x7 0,0,0,0,0,0,0", "rows"),
        ("chomp 0x7", "0 is not a number of rows: it must be 1 to 26"),
        (
            "chomp 6x0",
            "0 is not a number of columns: it must be 1 to 26",
        ),
        ("chomp 3x4", "like chomp 3x4 3,3,3,3"),
        ("chomp 27x2 1,1", "rows"),
        ("chomp 6x27 1", "columns"),
        ("chomp 1x1 1", "only the poison"),
        ("chomp 6x7 6,6,4", "expected 7 column heights, found 3"),
        (
            "chomp 6x7 6,6,4,4,2,0,0,0",
            "expected 7 column heights, found 8",
        ),
        ("chomp 6x7 6,7,4,4,2,0,0", "must be 0 to 6"),
        ("chomp 6x7 4,6,4,4,2,0,0", "heights must never increase"),
        ("chomp 6x7 0,0,0,0,0,0,0", "the poison is eaten"),
        ("chomp 6x7 6,,4,4,2,0,0", "between two commas"),
        ("chomp 6x7 6 6 4 4 2 0 0", "commas"),
        ("chomp 6x7 six,6,4,4,2,0,0", "not a whole number"),
        ("subtraction", "needs its take set and its pile"),
        (
            "subtraction 21",
            "needs a take set and a pile, like subtraction 1,3,4 21",
        ),
        ("subtraction 1,3,4", "needs a take set and a pile"),
        ("subtraction 1,3,4 21 extra", "'extra' follows the pile 21"),
        ("subtraction 1 3 4 21", "'1 3 4' needs commas"),
        ("subtraction 1,3,4 -2", "not a whole number"),
        ("subtraction 1,3,4 18446744073709551616", "not a pile"),
        ("subtraction 0,3 21", "0 is not a take"),
        ("subtraction 3,5 2", "the game is over"),
        ("subtraction 1,3,4 0", "the game is over"),
        ("subtraction 1-4097 9", "too big"),
        ("fibonacci", "needs its pile"),
        ("fibonacci 0", "the game is over"),
        ("fibonacci 1", "at least 2 coins"),
        ("fibonacci 30 max 31", "at most the pile"),
        ("fibonacci 30 max 0", "the game is over"),
        ("fibonacci 30 min 5", "not a Fibonacci Nim position"),
        ("fibonacci 30 max", "not a Fibonacci Nim position"),
        ("fibonacci x max 5", "not a whole number"),
        ("nim", "needs its piles"),
        ("nim 0,0", "the game is over"),
        ("nim 1,2,3,4,5,6,7,8,9", "too many"),
        (
            "nim 1000000000000000001",
            "must be 0 to 1000000000000000000",
        ),
        ("nim 3,,4", "between two commas"),
        ("nim 3,-4", "not a whole number"),
    ];
    for &(text, reason) in cases {
        let err = parse_position(text)
            .map(|(kind, parsed)| format!("{kind:?} {}", parsed.start))
            .expect_err(text);
        assert!(
            err.contains(reason),
            "{text:?}: {err:?} should say {reason:?}"
        );
        assert!(!err.contains('\n') && !err.is_empty(), "{text:?}: {err:?}");
    }
}

#[test]
fn a_start_is_refused_by_a_game_it_does_not_name() {
    let start = parse_position("nim 3,4,5").expect("nim").1.start;
    let setup = Setup::default();
    for kind in GameKind::ALL {
        let problem = kind.game().saved_problem(&setup.values, Some(&start), &[]);
        assert_eq!(
            problem.is_none(),
            kind == GameKind::Nim,
            "{kind:?}: {problem:?}"
        );
    }
}

#[test]
fn a_record_of_a_game_from_a_set_position_keeps_its_start() {
    use munch::record::GameRecord;
    for (text, moves) in [
        ("chomp 2x2 1,1", &["b1", "a1"][..]),
        ("fibonacci 3 max 1", &["1", "1", "1"]),
        ("nim 0,2", &["2:2"]),
    ] {
        let (settings, start) = Settings {
            players: [Player::Person, Player::Person],
            ..Settings::default()
        }
        .with_position(text)
        .expect(text);
        let mut game = session_from(text);
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert!(game.replay_notation(&moves), "{text}");
        assert!(game.is_over(), "{text}");
        let record = GameRecord::of(&settings, Some(&start), game.as_ref()).expect("over");
        let written = record.text();
        assert!(
            written.contains(&format!("\nstart: {}\n", start.text())),
            "{written}"
        );
        assert_eq!(GameRecord::parse(&written), Ok(record.clone()), "{written}");
        let replayed = record.session();
        assert_eq!(
            (replayed.position(), replayed.loser()),
            (game.position(), game.loser()),
            "{text}"
        );
        // The same moves from the values' start are another game, or none.
        let from_values = GameRecord::of(&settings, None, game.as_ref())
            .expect("over")
            .text();
        assert_ne!(GameRecord::parse(&from_values).ok(), Some(record), "{text}");
    }
    let bad = "munch game record 1\ngame: chomp\nstart: chomp 2x2 1,2\nplayers: person, person\nlevel: perfect\nmoves:\n1. Player 1: a1\nresult: Player 2 won\n";
    let err = GameRecord::parse(bad).expect_err("heights that increase");
    assert!(
        err.starts_with("line 3: ") && err.contains("never increase"),
        "{err}"
    );
}
