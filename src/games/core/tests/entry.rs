//! The toy as a catalogue entry: what is its own, and the rest written once by the core.

use super::super::entry::{Entry, SolveProgress};
use super::super::solve::{Reply, every_move, reply};
use super::super::study::Studied;
use super::super::table::{MovesLeft, Numbered, Tabling, study};
use super::*;
use crate::games::field::{Bound, Field, FieldKind, Problem, Values};
use crate::games::position::StartPosition;
use crate::games::review::MoveWords;
use crate::games::session::Leftover;
use crate::games::study::Study;
use clap::{ArgMatches, Command};

impl Numbered for OneOrTwo {
    fn positions(&self, &top: &u8) -> Option<u64> {
        Some(u64::from(top) + 1)
    }

    fn number(&self, &top: &u8, &at: &u8) -> Option<u64> {
        (at <= top).then_some(u64::from(at))
    }

    fn numbered(&self, _: &u8, number: u64) -> u8 {
        u8::try_from(number).expect("a small pile")
    }
}

#[derive(serde::Serialize)]
pub(super) struct Pile {
    pub(super) pile: u8,
}

impl Reply for OneOrTwo {
    type Fields = Pile;
    type Moved = Pile;
    const COLUMNS: [&'static str; 2] = ["take", "leaves"];

    fn fields(&self, &at: &u8) -> Pile {
        Pile { pile: at }
    }

    fn moved(&self, &at: &u8, mv: u8) -> Pile {
        Pile { pile: at - mv }
    }

    fn cells(&self, &at: &u8, mv: u8) -> [String; 2] {
        [mv.to_string(), (at - mv).to_string()]
    }

    fn plain(&self, at: &u8, known: &Known<u8>) -> String {
        format!("pile {at}: {}\n", if known.wins { "won" } else { "lost" })
    }
}

const PILE: &str = "toy_pile";

static FIELDS: [Field; 1] = [Field {
    key: PILE,
    label: "Pile",
    kind: FieldKind::Number {
        default: 7,
        least: Bound {
            value: 0,
            reason: "",
        },
        most: Bound {
            value: 99,
            reason: "",
        },
        quiet_below_least: false,
    },
    after_level: false,
    was: None,
}];

/// The toy in the catalogue; `slow`: its rules know nothing until their table is built.
struct Toy {
    slow: bool,
    /// Whether it refuses a saved game in its own words: a set start of another pile than
    /// the values', and the move that took the last counter.
    worded: bool,
}

impl Entry for Toy {
    type Rules = OneOrTwo;
    type Start = u8;

    fn text(&self) -> &'static GameText {
        &TEXT
    }

    fn fields(&self) -> &'static [Field] {
        &FIELDS
    }

    fn problem(&self, values: &Values) -> Option<Problem> {
        self.start(values).err().map(|reason| Problem {
            keys: &[PILE],
            reason,
        })
    }

    fn describe(&self, values: &Values) -> String {
        format!("Toy {}", values.number(PILE))
    }

    fn start(&self, values: &Values) -> Result<u8, String> {
        self.read_start(&values.number(PILE).to_string())
    }

    fn read_start(&self, body: &str) -> Result<u8, String> {
        match body.trim().parse::<u8>() {
            Ok(0) => Err("the pile is empty: the game is over there".into()),
            Ok(pile) => Ok(pile),
            Err(_) => Err(format!("'{body}' is no pile")),
        }
    }

    fn values_of(&self, &start: &u8) -> Values {
        Values::default().with(PILE, u64::from(start))
    }

    fn begin(&self, &start: &u8, shared: Option<&OneOrTwo>) -> (OneOrTwo, u8) {
        let rules = shared.cloned().unwrap_or(OneOrTwo {
            slow: self.slow,
            period: None,
            ..OneOrTwo::default()
        });
        (rules, start)
    }

    fn session(&self, setup: Setup, rules: OneOrTwo, start: u8) -> Box<dyn Session> {
        Box::new(Play::<_, Keypad>::begin(setup, rules, start))
    }

    fn studied(&self, rules: OneOrTwo, at: u8) -> Box<dyn Study> {
        Box::new(Studied::<_, Keypad>::new(rules, at))
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        let text = notation.strip_prefix('-')?.to_string();
        Some(MoveWords {
            listed: text.clone(),
            short: text.clone(),
            instead: text,
        })
    }

    fn saved_start(&self, values: &Values, start: Option<&StartPosition>) -> Result<u8, String> {
        let pile = super::super::entry::start_of(self, values, start)?;
        match values.number(PILE) {
            held if self.worded && held != u64::from(pile) => {
                Err(format!("its start is pile {pile}, not {held}"))
            }
            _ => Ok(pile),
        }
    }

    fn ended(&self, number: usize) -> Option<String> {
        self.worded
            .then(|| format!("move {number} takes the last counter"))
    }

    fn play_command(&self) -> Command {
        Command::new("toy")
    }

    fn play_values(&self, _: &ArgMatches, _: &mut Values) -> Result<(), String> {
        Ok(())
    }

    fn solve_command(&self) -> Command {
        Command::new("toy")
    }

    fn solve(&self, _: &ArgMatches, _: u64, _: SolveProgress) -> Result<String, String> {
        Err("the toy is not solved here".into())
    }
}

/// The toy as the catalogue reaches it (`games/game.rs` makes every `Entry` a `Game` with
/// these, which the core cannot import).
struct Catalogue(Toy);

impl Catalogue {
    fn saved_problem(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
    ) -> Option<String> {
        super::super::entry::saved_problem(&self.0, values, start, moves)
    }

    fn parse_position(&self, body: &str) -> Result<crate::games::position::ParsedPosition, String> {
        super::super::entry::parse_position(&self.0, body)
    }

    fn new_session(&self, setup: Setup, kept: Option<Leftover>) -> Box<dyn Session> {
        super::super::entry::new_session(&self.0, setup, kept)
    }

    fn study(
        &self,
        values: &Values,
        start: Option<&StartPosition>,
        moves: &[String],
        from: Option<&dyn Session>,
    ) -> Option<Box<dyn Study>> {
        super::super::entry::study(&self.0, values, start, moves, from)
    }
}

fn values(pile: u64) -> Values {
    Values::default().with(PILE, pile)
}

#[test]
fn a_saved_game_is_checked_through_the_rules_alone() {
    let game = Catalogue(Toy {
        slow: false,
        worded: false,
    });
    let v = values(4);
    let moves =
        |notation: &[&str]| -> Vec<String> { notation.iter().map(ToString::to_string).collect() };
    assert_eq!(game.saved_problem(&v, None, &moves(&["-1", "-2"])), None);
    assert_eq!(
        game.saved_problem(&v, None, &moves(&["-1", "-2", "-1"])),
        Some("the game is over".into())
    );
    assert_eq!(
        game.saved_problem(&v, None, &moves(&["-2", "-3"])),
        Some("move 2 (\"-3\") is not legal: 3 cannot be taken from 2".into())
    );
    assert_eq!(
        game.saved_problem(&v, None, &moves(&["two"])),
        Some("move 1 (\"two\") is not legal: \"two\" is not a move".into())
    );
    assert_eq!(
        game.saved_problem(&values(0), None, &[]),
        Some("the pile is empty: the game is over there".into())
    );
    // A set start is read as the game's own position string, whatever the values say.
    let start = StartPosition::new("toy 2".into());
    assert_eq!(
        game.saved_problem(&v, Some(&start), &moves(&["-2"])),
        Some("the game is over".into())
    );
    let other = StartPosition::new("nim 2".into());
    let problem = game
        .saved_problem(&v, Some(&other), &[])
        .expect("another game");
    assert!(problem.starts_with("the start position: "), "{problem}");
}

/// A game's own words for a saved game: its start held to its values, and the move that
/// ended it, even with moves after it; the core's words where it has none.
#[test]
fn a_saved_game_is_refused_in_the_games_own_words() {
    let moves =
        |notation: &[&str]| -> Vec<String> { notation.iter().map(ToString::to_string).collect() };
    let plain = Catalogue(Toy {
        slow: false,
        worded: false,
    });
    let worded = Catalogue(Toy {
        slow: false,
        worded: true,
    });
    let start = StartPosition::new("toy 3".into());
    assert_eq!(plain.saved_problem(&values(4), Some(&start), &[]), None);
    assert_eq!(
        worded.saved_problem(&values(4), Some(&start), &[]),
        Some("its start is pile 3, not 4".into())
    );
    assert_eq!(worded.saved_problem(&values(3), Some(&start), &[]), None);
    // The start's own refusal comes first.
    assert_eq!(
        worded.saved_problem(&values(0), None, &[]),
        Some("the pile is empty: the game is over there".into())
    );
    let over = moves(&["-1", "-2", "-1"]);
    assert_eq!(
        plain.saved_problem(&values(4), None, &over),
        Some("the game is over".into())
    );
    assert_eq!(
        worded.saved_problem(&values(4), None, &over),
        Some("move 3 takes the last counter".into())
    );
    let after = moves(&["-2", "-2", "-1"]);
    let problem = plain
        .saved_problem(&values(4), None, &after)
        .expect("a move after the end");
    assert!(
        problem.starts_with("move 3 (\"-1\") is not legal"),
        "{problem}"
    );
    assert_eq!(
        worded.saved_problem(&values(4), None, &after),
        Some("move 2 takes the last counter".into())
    );
    assert_eq!(
        worded.saved_problem(&values(4), None, &moves(&["-1"])),
        None
    );
}

#[test]
fn a_position_string_a_session_and_a_study_come_from_the_entry() {
    let game = Catalogue(Toy {
        slow: false,
        worded: false,
    });
    let parsed = game.parse_position(" 5").expect("a pile");
    assert_eq!(parsed.start.text(), "toy 5");
    assert_eq!(parsed.values.number(PILE), 5);
    assert!(
        game.parse_position("0")
            .unwrap_err()
            .contains("game is over")
    );
    // A game from the values, else from a set start.
    let setup = Setup {
        values: values(6),
        ..Setup::default()
    };
    assert_eq!(game.new_session(setup.clone(), None).position(), "toy 6");
    let set = Setup {
        start: Some(StartPosition::new("toy 3".into())),
        ..setup
    };
    assert_eq!(game.new_session(set, None).position(), "toy 3");
    // A study after the moves; an illegal one is no study.
    let study = game
        .study(&values(6), None, &["-1".into()], None)
        .expect("a study");
    assert_eq!(study.position(), "toy 5");
    assert_eq!(study.analysis().wins, Some(true));
    assert!(game.study(&values(6), None, &["-3".into()], None).is_none());
    // A study opened from a game shares its rules, with what they built.
    let slow = Catalogue(Toy {
        slow: true,
        worded: false,
    });
    let mut played = slow.new_session(
        Setup {
            values: values(6),
            ..Setup::default()
        },
        None,
    );
    let unknown = slow
        .study(&values(6), None, &[], Some(played.as_ref()))
        .expect("a study");
    assert_eq!(unknown.analysis().wins, None, "nothing built yet");
    played.on_solver(SolverMessage::Built {
        job: 0,
        built: Arc::new(3u8),
        elapsed: std::time::Duration::ZERO,
    });
    let shared = slow
        .study(&values(6), None, &[], Some(played.as_ref()))
        .expect("a study");
    assert_eq!(
        shared.analysis().wins,
        Some(false),
        "6 is lost, by the game's table"
    );
}

#[test]
fn the_moves_left_table_is_the_brute_forces_and_studies_a_position() {
    // Known (the period) and unknown (every move looked at) give the same table.
    let fast = OneOrTwo::default();
    let slow = OneOrTwo {
        slow: true,
        period: None,
        ..OneOrTwo::default()
    };
    let known = MovesLeft::build(&fast, &20, 100).expect("small");
    let brute = MovesLeft::build(&slow, &20, 100).expect("small");
    for at in 0..=20u8 {
        // Lost at multiples of 3, two moves a round: the winner takes the rest at once.
        let expected = u64::from(at / 3 * 2 + u8::from(at % 3 != 0));
        assert_eq!(known.moves_left(&fast, &at), Some(expected), "{at}");
        assert_eq!(brute.moves_left(&slow, &at), Some(expected), "{at}");
    }
    assert_eq!(known.moves_left(&fast, &21), None, "past the top");
    assert!(MovesLeft::build(&fast, &20, 20).is_none(), "21 positions");
    assert!(
        MovesLeft::build_in(&fast, &20, 100, 83).is_none(),
        "84 bytes"
    );
    assert!(MovesLeft::build_in(&fast, &20, 100, 84).is_some());
    let mut stopped = 0;
    let stop = MovesLeft::build_within(&fast, &20, 100, &mut |_, _| {
        stopped += 1;
        false
    });
    assert!(stop.is_none() && stopped == 1);
    let studied = study(&fast, &7, Some(&known)).expect("the period answers");
    assert!(studied.wins && studied.complete());
    let listed: Vec<(u8, bool, Option<u64>)> = studied
        .moves
        .iter()
        .map(|m| (m.mv, m.wins, m.moves_left))
        .collect();
    assert_eq!(listed, [(1, true, Some(4)), (2, false, Some(3))]);
    assert_eq!(studied.moves_left, Some(5));
    assert!(
        study(&slow, &7, None).is_none(),
        "the answer does not reach it"
    );
}

#[test]
fn the_solve_reply_is_written_once_from_the_answer() {
    let rules = OneOrTwo::default();
    assert_eq!(
        reply(&rules, "toy", &4, true, None),
        r#"{"game":"toy","pile":4,"outcome":"win","winning_moves":[{"pile":3}]}"#
    );
    let all = every_move(&rules, &4, || MovesLeft::build(&rules, &4, 100)).expect("few");
    assert_eq!(
        reply(&rules, "toy", &4, true, Some(&all)),
        concat!(
            r#"{"game":"toy","pile":4,"outcome":"win","winning_moves":[{"pile":3}],"moves_left":3,"#,
            r#""moves":[{"pile":3,"outcome":"win","moves_left":2,"winning_replies":0},"#,
            r#"{"pile":2,"outcome":"loss","moves_left":1,"winning_replies":1}],"complete":true}"#
        )
    );
    let text = reply(&rules, "toy", &3, false, Some(&all));
    assert!(text.starts_with("pile 3: lost\nMoves left: 3"), "{text}");
}

impl Tabling for OneOrTwo {
    const INSTANT: u64 = 10;
    const BUDGET: u64 = 30;
}

#[test]
fn tabled_rules_hold_their_starts_table_built_at_once_or_on_the_table_thread_and_shared() {
    use super::super::table::Tabled;
    let game = OneOrTwo::default();
    let full = MovesLeft::build(&game, &29, 100).expect("small");
    // Within the instant size: built at once, only for the moves left.
    let mut small = Tabled::new(game.clone(), 8);
    assert!(small.build(false).is_none() && small.table().is_none());
    assert!(small.build(true).is_none(), "no task");
    let table = small.table().expect("built at once").clone();
    assert_eq!(table.moves_left(&game, &8), full.moves_left(&game, &8));
    assert_eq!(small.study(&8), study(&game, &8, Some(&full)));
    assert!(small.study(&8).expect("known").moves_left.is_some());
    // The perfect computer fights by it: as many moves as the table says.
    let mut rng = fastrand::Rng::with_seed(3);
    let (mut at, mut moves) = (8, 0);
    while let Some(mv) = small.best_move(&at, true, &mut rng) {
        at = small.play(&at, mv).expect("legal");
        moves += 1;
    }
    assert_eq!(Some(moves), full.moves_left(&game, &8));
    // Past it: a build task, which the judging completes; past the budget, nothing.
    let mut large = Tabled::new(game.clone(), 20);
    let waiting = large.build(true).expect("a task");
    assert!(large.table().is_none());
    drop(waiting);
    assert_eq!(large.complete(&mut |_, _| true), Some(()));
    let table = large.table().expect("completed");
    assert_eq!(table.moves_left(&game, &20), full.moves_left(&game, &20));
    let mut past = Tabled::new(game.clone(), 40);
    assert!(past.build(true).is_none() && past.complete(&mut |_, _| true).is_some());
    assert!(past.table().is_none() && past.past_budget(&40) && !past.past_budget(&29));
    // A study shares the table of its game, and wants one only where it does not cover.
    let mut shared = Tabled::sharing(game.clone(), 5, Some(&small));
    assert!(shared.want_table(&5).is_none());
    assert!(Arc::ptr_eq(
        shared.table().expect("shared"),
        small.table().unwrap()
    ));
    assert!(shared.want_table(&9).is_none(), "built at once");
    assert_eq!(
        shared.table().unwrap().moves_left(&game, &9),
        full.moves_left(&game, &9)
    );
    assert!(shared.want_table(&15).is_some(), "asked for");
    assert!(shared.want_table(&35).is_none(), "past the budget");
    let kept = shared.table().expect("the table held answers meanwhile");
    assert_eq!(kept.moves_left(&game, &9), full.moves_left(&game, &9));
}
