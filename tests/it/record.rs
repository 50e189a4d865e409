//! Game records: every finished game of every kind reads back from its text as it was, and no
//! text, however damaged, makes reading panic.

use munch::games::chomp::rules::{Position, Square};
use munch::games::setup::Level;
use munch::record::GameRecord;
use munch::settings::{GameKind, Player, Settings};
use proptest::prelude::*;

/// The start values of a small game of `kind`, chosen by `pick` (any number).
fn small_start(kind: GameKind, pick: u64) -> Settings {
    let settings = Settings {
        game: kind,
        ..Settings::default()
    };
    match kind.game().id() {
        "chomp" => settings
            .with("rows", 1 + pick % 5)
            .with("cols", 2 + (pick / 5) % 5),
        "subtraction" => settings.with("pile", 1 + pick % 40).with(
            "set",
            ["1,2", "1,3,4", "2, 3, 7", "1"][(pick / 40) as usize % 4],
        ),
        "fibonacci" => settings.with(munch::games::fibonacci::fields::PILE, 2 + pick % 60),
        "nim" => settings.with(
            "piles",
            ["1,2,3", "4, 1", "2,2", "5,3,1,1"][pick as usize % 4],
        ),
        "wythoff" => settings.with(
            munch::games::wythoff::PILES,
            ["1,2", "4, 5", "3,3", "0,7"][pick as usize % 4],
        ),
        "sum" => settings.with(
            munch::games::sum::PARTS,
            [
                "nim 1,2 + wythoff 1,2",
                "chomp 2x3 2,2,1 + nim 2",
                "subtraction 1,2 5 + fibonacci 4 max 3",
                "nim 1 + nim 1",
            ][pick as usize % 4],
        ),
        other => panic!("a game this test does not know: {other}"),
    }
}

/// Random moves of a sum, to its end.
fn random_sum_moves(settings: &Settings, rng: &mut fastrand::Rng) -> Vec<String> {
    use munch::games::core::rules::Rules;
    use munch::games::sum::rules::SumRules;
    let text = settings.values.text(munch::games::sum::PARTS);
    let mut at = munch::games::sum::read::<munch::games::Catalogue>(text).unwrap();
    let rules = SumRules::new(&at);
    let mut moves = Vec::new();
    while !rules.is_over(&at) {
        let legal: Vec<_> = rules.moves(&at).collect();
        let m = legal[rng.usize(..legal.len())];
        moves.push(rules.write_move(m));
        at = rules.play(&at, m).unwrap();
    }
    moves
}

/// Random bites of a Chomp bar, to the poison.
fn random_bites(settings: &Settings, rng: &mut fastrand::Rng) -> Vec<String> {
    let rows = settings.values.small("rows");
    let mut position = Position::full(rows.into(), settings.values.small("cols").into()).unwrap();
    let mut bites = Vec::new();
    while !position.is_empty() {
        let squares: Vec<Square> = (0u8..)
            .zip(position.heights())
            .flat_map(|(col, &height)| (0..height).map(move |row| Square::new(col, row)))
            .collect();
        let square = squares[rng.usize(..squares.len())];
        bites.push(square.to_string());
        position = position.eat(square).unwrap();
    }
    bites
}

/// A game of random moves played to the end from `settings` with the random seed `seed`
/// (between two casual computers; Chomp's, which wait for a table, by its rules), then given
/// `players` and `level` for the record.
fn played(settings: &Settings, seed: u64, players: [Player; 2], level: Level) -> GameRecord {
    let computers = Settings {
        players: [Player::Computer; 2],
        level: Level::Casual,
        ..settings.clone()
    };
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut session;
    let people = Settings {
        players: [Player::Person; 2],
        ..settings.clone()
    };
    if settings.game == GameKind::Chomp {
        session = settings.game.game().new_session(people.setup(), None);
        assert!(session.replay_notation(&random_bites(settings, &mut rng)));
    } else if settings.game.game().id() == "sum" {
        // A sum's computer waits for its values from the worker: people play random moves.
        session = settings.game.game().new_session(people.setup(), None);
        assert!(session.replay_notation(&random_sum_moves(settings, &mut rng)));
    } else {
        session = settings.game.game().new_session(computers.setup(), None);
        for _ in 0..100_000 {
            if session.is_over() {
                break;
            }
            session.tick(&mut rng);
        }
    }
    let record = Settings {
        players,
        level,
        ..settings.clone()
    };
    GameRecord::of(&record, None, session.as_ref()).expect("the game ended")
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::Person), Just(Player::Computer)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn every_finished_game_reads_back_from_its_record(
        game in 0..GameKind::ALL.len(),
        pick in 0u64..1000,
        seed in any::<u64>(),
        players in (player(), player()),
        level in prop_oneof![Just(Level::Perfect), Just(Level::Strong), Just(Level::Casual)],
    ) {
        let settings = small_start(GameKind::ALL[game], pick);
        let record = played(&settings, seed, [players.0, players.1], level);
        let text = record.text();
        let read = GameRecord::parse(&text).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&read, &record);
        prop_assert_eq!(read.text(), text);
        let session = read.session();
        prop_assert!(session.is_over());
        prop_assert_eq!(session.loser(), Some(record.loser));
    }

    #[test]
    fn a_damaged_record_is_refused_in_one_line(
        pick in 0u64..1000,
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        junk in "\\PC{0,12}",
    ) {
        let settings = small_start(GameKind::ALL[pick as usize % GameKind::ALL.len()], pick);
        let text = played(&settings, seed, [Player::Person, Player::Computer], Level::Perfect)
            .text();
        // Some text replaced by junk: either still a record (the junk changed nothing that
        // matters) or refused with one line.
        prop_assert!(text.is_ascii(), "so that any byte is a place to cut");
        let at = cut.index(text.len());
        let end = (at + junk.len()).min(text.len());
        let damaged = format!("{}{junk}{}", &text[..at], &text[end..]);
        if let Err(error) = GameRecord::parse(&damaged) {
            prop_assert!(!error.contains('\n'), "{}", error);
            prop_assert!(!error.is_empty());
        }
    }
}

#[test]
fn a_record_file_that_cannot_be_one_is_a_one_line_reason() {
    let dir = std::env::temp_dir().join(format!("munch-record-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.txt");
    let huge = dir.join("huge.txt");
    std::fs::write(&huge, vec![b'x'; (1 << 20) + 1]).unwrap();
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [0xff, 0xfe]).unwrap();
    let fifo = dir.join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let damaged = dir.join("damaged.txt");
    std::fs::write(&damaged, "munch game record 1\ngame: go\n").unwrap();
    for (path, why) in [
        (&missing, "cannot read"),
        (&dir, "is not a file"),
        (&fifo, "is not a file"),
        (&huge, "larger than 1024 KiB"),
        (&binary, "is not UTF-8"),
        (&damaged, "line 2: no game is called \"go\""),
    ] {
        let error = GameRecord::read_file(path).unwrap_err();
        assert!(error.contains(why), "{error}");
        assert!(error.contains(&path.display().to_string()), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
