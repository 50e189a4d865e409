//! A game on the one-pile board that is only its rules: take one or two coins; whoever takes
//! the last coin wins (a multiple of 3 is lost). It plays on the pile board and is studied on
//! the core's study, drawn by the pile board, as the subtraction game and Fibonacci Nim are.

use super::cli::{Words, reply};
use super::entry::{OnePile, PileEntry};
use super::rules::{PilePosition, PileRules, Takes, study_takes};
use super::session::{PileBoard, PileSession};
use crate::games::core::rules::{GameText, Rules};
use crate::games::core::study::{Studied, StudyRules};
use crate::games::field::{Bound, Field, FieldKind, Problem, Values};
use crate::games::game::Game;
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::SolverLine;
use crate::games::request::{Built, Task, Waiting};
use crate::games::session::{Session, View};
use crate::games::setup::{Player, Setup};
use crate::games::study::{Editor, Study};
use crate::games::turns::FLASH_TICKS;
use crate::input::{Action, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::sync::Arc;

/// Take one or two; `built`: whether its (pretend) table, which the study asks for, is in.
#[derive(Clone)]
struct OneOrTwo {
    built: bool,
}

fn at(pile: u64) -> PilePosition {
    PilePosition { pile, max_take: 0 }
}

impl PileRules for OneOrTwo {
    fn title(&self) -> String {
        "One or two".into()
    }

    fn takes(&self, at: &PilePosition) -> Takes {
        Takes::Listed((1..=at.pile.min(2)).collect())
    }

    fn after(&self, at: &PilePosition, k: u64) -> PilePosition {
        self::at(at.pile - k)
    }

    fn position_string(&self, at: &PilePosition) -> String {
        format!("one-or-two {}", at.pile)
    }

    fn winning_takes(&self, at: &PilePosition) -> Option<Vec<u64>> {
        let winning = at.pile % 3;
        Some((winning > 0).then_some(winning).into_iter().collect())
    }

    /// Nothing studied: the study lists each take's outcome from the answer.
    fn takes_studied(&self, _: &PilePosition) -> Option<PositionAnalysis<u64>> {
        None
    }

    fn solver_line(&self) -> SolverLine {
        SolverLine::Text("multiples of 3 lose".into())
    }

    fn editor(&self, _: &PilePosition) -> Box<dyn Editor> {
        unreachable!("not edited here")
    }

    /// A table, until it is in.
    fn build_tables(&mut self, _: bool) -> Option<Waiting> {
        let task = Task::new("a table", |_| Some(Arc::new(()) as Built));
        (!self.built).then(|| Waiting::new("table", task))
    }

    fn take_tables(&mut self, _: Built) {
        self.built = true;
    }
}

#[test]
fn the_pile_board_writes_the_core_rules_and_study_rules_of_a_one_pile_game() {
    let rules = OneOrTwo { built: true };
    // A take is checked against the takes, in the takes' words.
    assert_eq!(rules.play(&at(5), 3), Err("take 1 or 2".to_string()));
    assert_eq!(rules.play(&at(5), 2), Ok(at(3)));
    assert!(rules.is_over(&at(0)) && !rules.is_over(&at(1)));
    assert_eq!(rules.move_count(&at(1)), Some(1));
    assert_eq!(rules.read_move(&rules.write_move(2)), Some(2));
    assert_eq!(rules.read_move("two"), None);
    assert_eq!(rules.print(&at(4)), "one-or-two 4");
    // The answer's winning takes, every one.
    let known = rules.known(&at(4)).expect("the answer knows every pile");
    assert_eq!(
        (known.wins, known.winning_moves, known.complete),
        (true, vec![1], true)
    );
    assert!(!rules.known(&at(3)).expect("known").wins);
    let mut rng = fastrand::Rng::with_seed(3);
    assert_eq!(rules.best_move(&at(4), false, &mut rng), Some(1));
    assert_eq!(rules.random_move(&at(2), true, &mut rng), Some(2));
    // The study's words, and the table it waits for, which covers every pile.
    let mut unbuilt = OneOrTwo { built: false };
    assert_eq!(StudyRules::describe(&unbuilt, &at(4)), "pile 4");
    assert!(unbuilt.want(&at(4)).is_some());
    assert!(unbuilt.answers(&at(4), &at(2)));
    unbuilt.take_built(Arc::new(()));
    assert!(unbuilt.want(&at(4)).is_none(), "the table is in");
}

#[test]
fn a_one_pile_games_study_and_solve_reply_are_the_boards() {
    let rules = OneOrTwo { built: true };
    // Moves left of a pile of one or two: a multiple of 3 is lost, each round two moves.
    let left = |at: &PilePosition| Some(at.pile / 3 * 2 + u64::from(!at.pile.is_multiple_of(3)));
    let study = study_takes(&rules, &at(4), left).expect("two takes");
    let moves: Vec<(u64, bool, Option<u64>, usize)> = (study.moves.iter())
        .map(|m| (m.mv, m.wins, m.moves_left, m.winning_replies))
        .collect();
    assert_eq!(moves, [(1, true, Some(2), 0), (2, false, Some(1), 1)]);
    assert_eq!((study.wins, study.moves_left), (true, Some(3)));
    let words = |json| {
        let words = Words {
            game: "one-or-two",
            fields: serde_json::json!({ "pile": 4 }),
            more: serde_json::json!({ "period": 3 }),
            head: "One or two, pile 4: ".into(),
            tail: "Multiples of 3 lose.\n".into(),
            bounded: false,
        };
        let after = |take| at(4 - take);
        let leaves = |at: PilePosition| format!("{} coins", at.pile);
        reply(words, vec![1], json, Some(&study), after, leaves)
    };
    let text = words(false);
    assert!(
        text.starts_with(
            "One or two, pile 4: the player to move wins by taking 1.\nMultiples of 3 lose.\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("3 coins") && text.contains("2 coins"),
        "{text}"
    );
    assert_eq!(
        words(true),
        concat!(
            r#"{"game":"one-or-two","pile":4,"outcome":"win","winning_moves":[1],"period":3,"#,
            r#""moves_left":3,"moves":[{"take":1,"after":3,"outcome":"win","moves_left":2,"#,
            r#""winning_replies":0},{"take":2,"after":2,"outcome":"loss","moves_left":1,"#,
            r#""winning_replies":1}],"complete":true}"#
        )
    );
}

/// The drawn board as text rows, and the spots.
fn draw(game: &PileSession<OneOrTwo>) -> (Vec<String>, Spots) {
    let area = Rect::new(0, 0, 40, 8);
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    View::render(game, area, &mut buf, &Theme::monochrome(), 0, &mut spots);
    let rows = (0..area.height)
        .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    (rows, spots)
}

#[test]
fn a_game_of_its_rules_alone_plays_on_the_pile_board() {
    use Player::{Computer, Person};
    let mut rng = fastrand::Rng::with_seed(1);
    let setup = Setup {
        players: [Person, Computer],
        ..Setup::default()
    };
    let mut game = PileSession::begin(setup, OneOrTwo { built: true }, at(7));
    assert_eq!(
        (game.board.choice, game.legal_text(40)),
        (1, "take 1 or 2".into())
    );
    // → chooses 2, a typed 5 is refused with what is legal, Enter takes the choice.
    game.act(Action::Right);
    assert_eq!(game.board.choice, 2);
    game.act(Action::Digit(5));
    game.act(Action::Select);
    assert_eq!(
        game.message.as_deref(),
        Some("Nothing taken. Taking 5 is not allowed: take 1 or 2.")
    );
    // ← steps from the refused 5 to the legal take below it, then to 1.
    game.act(Action::Left);
    assert_eq!(game.board.choice, 2);
    game.act(Action::Left);
    game.act(Action::Select);
    assert_eq!(game.position, at(6), "took 1");
    // The computer answers from its lost pile; the hint marks the person's winning take, which
    // leaves the computer a lost pile again.
    for _ in 0..=FLASH_TICKS {
        game.tick(&mut rng);
    }
    assert_eq!(game.turns.moves.len(), 2);
    let left = game.position.pile;
    game.hints = true;
    assert_eq!(game.winning_takes(), Some(vec![left % 3]));
    let (rows, spots) = draw(&game);
    let text = rows.join("\n");
    assert!(text.contains("One or two"), "{text}");
    assert!(text.contains(&format!("{left} coins")), "{text}");
    assert_eq!(
        spots.0.len(),
        usize::try_from(left).unwrap(),
        "a spot a coin"
    );
    let theme = Theme::monochrome();
    let solver = View::panel(&game, &theme).solver;
    assert!(matches!(solver, SolverLine::Text(t) if t == "multiples of 3 lose"));
    game.act(Action::Digit(u8::try_from(left % 3).unwrap()));
    game.act(Action::Select);
    for _ in 0..=FLASH_TICKS {
        game.tick(&mut rng);
    }
    assert_ne!(
        game.position.pile % 3,
        0,
        "from a lost pile, every take leaves a won one"
    );
    assert_eq!(Session::notation(&game).len(), 4);
}

type OneOrTwoStudy = Studied<OneOrTwo, PileBoard>;

#[test]
fn a_one_pile_game_is_studied_on_the_core_with_the_pile_boards_takes() {
    let mut study = OneOrTwoStudy::after(OneOrTwo { built: false }, at(9), &["2".into()])
        .expect("a legal take");
    assert_eq!(
        (study.title(), study.describe(), study.position()),
        ("One or two".into(), "pile 7".into(), "one-or-two 7".into())
    );
    // Its table is asked for once, and its gauge shows while it builds, whatever is played.
    assert_eq!(study.take_requests().len(), 1);
    assert!(study.analysis().progress.is_some());
    assert!(study.play_move("1"));
    assert!(study.take_requests().is_empty(), "one build at a time");
    assert!(study.take_back());
    // The rules study nothing: each take's outcome comes from the answer of the pile it
    // leaves, written as the take buttons write it.
    let analysis = study.analysis();
    let listed: Vec<(&str, Option<bool>, Option<usize>)> = (analysis.moves.iter())
        .map(|m| (m.notation.as_str(), m.wins, m.winning_replies))
        .collect();
    assert_eq!(
        listed,
        [("−1", Some(true), Some(0)), ("−2", Some(false), Some(1))]
    );
    assert_eq!(analysis.wins, Some(true));
    assert_eq!(study.find("2"), Some(1));
    study.play(0);
    assert_eq!(study.line(), ["−1"]);
    assert_eq!(
        (study.describe(), study.analysis().wins),
        ("pile 6".into(), Some(false))
    );
    // The pile board draws the takes as buttons, each a place to click.
    let area = Rect::new(0, 0, 40, 8);
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    study.render(area, &mut buf, &Theme::monochrome(), Some(0), &mut spots);
    let text: String = (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol().to_string())
        .collect();
    assert!(text.contains("6 coins") && text.contains("−2"), "{text}");
    assert_eq!(spots.0.len(), 2);
    assert_eq!(study.board_size(), (28, 8));
}

/// A pile of one-or-two as a catalogue entry: its own words, its `--pile`, its replies.
struct OneOrTwoEntry;

/// `munch play one-or-two`'s own arguments.
#[derive(clap::Args)]
struct PlayArgs {
    /// Coins in the pile.
    #[arg(long, default_value_t = 5)]
    pile: u64,
}

/// `munch solve one-or-two`'s arguments.
#[derive(clap::Args)]
struct SolveArgs {
    /// Coins in the pile.
    #[arg(long)]
    pile: u64,
}

static ENTRY_TEXT: GameText = GameText {
    id: "one-or-two",
    label: "One or two",
    tagline: "Take one or two",
    rules: &["Take one or two coins; the last coin wins."],
    keys: super::session::KEYS,
    themes: &[],
};

static PILE_FIELD: [Field; 1] = [Field {
    key: "one_or_two_pile",
    label: "Coins",
    kind: FieldKind::Number {
        default: 5,
        least: Bound {
            value: 1,
            reason: "a pile has a coin",
        },
        most: Bound {
            value: 99,
            reason: "99 coins at most",
        },
        quiet_below_least: false,
    },
    after_level: false,
    was: None,
}];

impl PileEntry for OneOrTwoEntry {
    type Rules = OneOrTwo;
    type Start = u64;
    type PlayArgs = PlayArgs;
    type SolveArgs = SolveArgs;

    fn text(&self) -> &'static GameText {
        &ENTRY_TEXT
    }

    fn about(&self) -> [&'static str; 2] {
        ["Play one or two", "Solve a pile of one or two"]
    }

    fn fields(&self) -> &'static [Field] {
        &PILE_FIELD
    }

    fn problem(&self, _: &Values) -> Option<Problem> {
        None
    }

    fn describe(&self, values: &Values) -> String {
        format!("One or two from {}", values.number("one_or_two_pile"))
    }

    fn start(&self, values: &Values) -> Result<u64, String> {
        Ok(values.number("one_or_two_pile"))
    }

    fn read_start(&self, body: &str) -> Result<u64, String> {
        body.trim()
            .parse()
            .map_err(|_| format!("'{body}' is no pile"))
    }

    fn values_of(&self, &start: &u64) -> Values {
        Values::default().with("one_or_two_pile", start)
    }

    fn begin(&self, &start: &u64, _: Option<&OneOrTwo>) -> (OneOrTwo, PilePosition) {
        (OneOrTwo { built: true }, at(start))
    }

    fn play_values(&self, args: PlayArgs, values: &mut Values) {
        values.set("one_or_two_pile", args.pile);
    }

    fn solve(&self, args: SolveArgs, all_moves: bool) -> Result<String, String> {
        Ok(format!("pile {}, every move: {all_moves}", args.pile))
    }

    fn solve_start(&self, args: SolveArgs) -> Result<Self::Start, String> {
        Ok(args.pile)
    }

    fn solve_args(&self, start: &Self::Start) -> Vec<String> {
        vec!["--pile".into(), start.to_string()]
    }
}

#[test]
fn a_one_pile_entry_is_a_game_whose_board_writes_its_subcommands_session_and_words() {
    let game: &dyn Game = &OnePile(OneOrTwoEntry);
    // Its subcommands, from its arguments and about lines.
    let mut play = game.play_command();
    assert_eq!(play.get_name(), "one-or-two");
    let help = play.render_help().to_string();
    assert!(
        help.starts_with("Play one or two") && help.contains("--pile"),
        "{help}"
    );
    let matches = play.try_get_matches_from_mut(["one-or-two", "--pile", "7"]);
    let mut values = Values::default();
    game.play_values(&matches.expect("a pile"), &mut values)
        .expect("its values");
    assert_eq!(values.number("one_or_two_pile"), 7);
    let solve = game.solve_command();
    let help = solve.clone().render_help().to_string();
    assert!(help.starts_with("Solve a pile of one or two"), "{help}");
    let matches = solve.try_get_matches_from(["one-or-two", "--pile", "4"]);
    let reply = game.solve(&matches.expect("a pile"), 0, &mut |_, _, _| {});
    assert_eq!(reply, Ok("pile 4, every move: false".to_string()));
    // A game and a study on the one-pile board, a take in the move list's words, and a saved
    // take that is not legal named alone.
    let setup = Setup {
        values: values.clone(),
        ..Setup::default()
    };
    let session = game.new_session(setup, None);
    assert_eq!(session.position(), "one-or-two 7");
    let study = game
        .study(&values, None, &["2".into()], None)
        .expect("a legal take");
    assert_eq!(study.position(), "one-or-two 5");
    assert_eq!(
        game.move_words("2").map(|w| w.listed),
        Some("took 2".into())
    );
    let saved = game.saved_problem(&values, None, &["2".into(), "3".into()]);
    assert_eq!(saved, Some("take 2 (\"3\") is not legal".into()));
}
