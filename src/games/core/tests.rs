//! A game that is only its rules and a board plays whole on the core: a pile from which each
//! side takes 1 or 2 coins, the last coin winning (lost exactly at multiples of 3).

use super::board::{Board, Input};
use super::play::Play;
use super::rules::{GameText, Rules};
use super::study::Studied;
use crate::games::moves_left::PositionAnalysis;
use crate::games::panel::{History, PanelInfo, SolverLine};
use crate::games::request::{Built, Request, SolverMessage, Task, Waiting};
use crate::games::review::{Known, Label};
use crate::games::session::{QuestionWords, Session, View};
use crate::games::setup::{Level, Player, Setup};
use crate::games::study::Study;
use crate::games::turns::FLASH_TICKS;
use crate::input::{Action, Binding, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::sync::Arc;

/// Take 1 or 2; `slow` rules know nothing until a table (here: the number 3) is built.
#[derive(Clone, Default)]
struct OneOrTwo {
    slow: bool,
    period: Option<u8>,
    /// Whether a study's build answers every smaller pile too.
    answers_below: bool,
    /// Whether taking the last coin asks first, and loses.
    misere: bool,
}

/// The toy's question before the last coin is taken.
static LAST_COIN: QuestionWords = QuestionWords {
    title: " Take the last coin and lose? ",
    lines: &[],
    aside: None,
    yes: "Take it",
    keys: &[],
};

impl OneOrTwo {
    fn period(&self) -> Option<u8> {
        if self.slow { self.period } else { Some(3) }
    }
}

impl Rules for OneOrTwo {
    type Position = u8;
    type Move = u8;

    fn play(&self, &at: &u8, m: u8) -> Result<u8, String> {
        match at.checked_sub(m) {
            Some(after) if (1..=2).contains(&m) => Ok(after),
            _ => Err(format!("{m} cannot be taken from {at}")),
        }
    }

    fn is_over(&self, &at: &u8) -> bool {
        at == 0
    }

    fn last_move_loses(&self) -> bool {
        self.misere
    }

    fn asks_before(&self, &at: &u8, m: u8) -> Option<&'static QuestionWords> {
        (self.misere && at == m).then_some(&LAST_COIN)
    }

    fn move_count(&self, &at: &u8) -> Option<u64> {
        Some(u64::from(at.min(2)))
    }

    fn write_move(&self, m: u8) -> String {
        format!("-{m}")
    }

    fn read_move(&self, text: &str) -> Option<u8> {
        text.strip_prefix('-')?.parse().ok()
    }

    fn print(&self, at: &u8) -> String {
        format!("toy {at}")
    }

    fn known(&self, &at: &u8) -> Option<Known<u8>> {
        let period = self.period()?;
        let wins = at % period != 0;
        Some(Known {
            wins,
            winning_moves: if wins { vec![at % period] } else { vec![] },
            complete: true,
        })
    }

    fn study(&self, _: &u8) -> Option<PositionAnalysis<u8>> {
        None
    }

    fn best_move(&self, at: &u8, _fight: bool, _: &mut fastrand::Rng) -> Option<u8> {
        let known = self.known(at)?;
        known
            .winning_moves
            .first()
            .copied()
            .or((*at > 0).then_some(1))
    }

    fn random_move(&self, &at: &u8, _casual: bool, rng: &mut fastrand::Rng) -> Option<u8> {
        (at > 0).then(|| rng.u8(1..=at.min(2)))
    }

    fn build(&mut self, _moves_left: bool) -> Option<Waiting> {
        let task = Task::new("the period", |_| Some(Arc::new(3u8) as Built));
        (self.period().is_none()).then(|| Waiting::new("solving", task))
    }

    fn take_built(&mut self, built: Built) {
        self.period = built.downcast::<u8>().ok().map(|p| *p);
    }

    fn complete(&mut self, _: crate::games::request::Progress) -> Option<()> {
        self.period = Some(3);
        Some(())
    }

    /// The period, sent on by the first phase of the study's build: it goes on with the second.
    fn take_made(&mut self, made: &Built) -> Option<&'static str> {
        self.period = Some(*made.downcast_ref::<u8>()?);
        Some("second")
    }
}

/// Digits choose the take, Enter takes it.
#[derive(Default)]
struct Keypad(u8);

impl Board<OneOrTwo> for Keypad {
    fn new(_: &OneOrTwo, _: &u8) -> Keypad {
        Keypad(1)
    }

    fn act(&mut self, _: &OneOrTwo, _: &u8, action: Action) -> Input<u8> {
        match action {
            Action::Digit(d) => {
                self.0 = d;
                Input::Note(None)
            }
            Action::Select => Input::Play(self.0),
            _ => Input::Nothing,
        }
    }

    fn point(&mut self, _: &OneOrTwo, _: &u8, Spot(take, _): Spot, click: bool) -> Input<u8> {
        let take = u8::try_from(take).unwrap_or(0);
        if click {
            Input::Play(take)
        } else {
            Input::Nothing
        }
    }

    fn settle(&mut self, _: &OneOrTwo, _: &u8) {
        self.0 = 1;
    }

    fn refused(&mut self, _: &OneOrTwo, _: &u8, _: u8, reason: String) -> String {
        format!("No: {reason}.")
    }

    fn keys() -> &'static [Binding] {
        &[]
    }

    fn view_size(_: &OneOrTwo, &start: &u8) -> (u16, u16) {
        (20, u16::from(start))
    }
}

impl View for Play<OneOrTwo, Keypad> {
    fn render(&self, _: Rect, _: &mut Buffer, _: &Theme, _: u64, _: &mut Spots) {}

    fn panel<'a>(&'a self, _: &'a Theme) -> PanelInfo<'a> {
        PanelInfo {
            settings: &self.settings,
            to_move: self.to_move(),
            loser: self.loser(),
            solver: SolverLine::Text(String::new()),
            info: Vec::new(),
            history: History::new(&self.turns.moves, u8::to_string),
        }
    }

    fn review_lines(&self) -> Vec<String> {
        Vec::new()
    }
}

const TEXT: GameText = GameText {
    id: "toy",
    label: "Toy",
    tagline: "Take 1 or 2",
    rules: &["Take 1 or 2 coins; the last coin wins."],
    keys: &[],
};

fn toy(start: u8, players: [Player; 2], slow: bool) -> Box<dyn Session> {
    let setup = Setup {
        players,
        level: Level::Perfect,
        ..Setup::default()
    };
    let rules = OneOrTwo {
        slow,
        ..OneOrTwo::default()
    };
    Box::new(Play::<_, Keypad>::begin(setup, rules, start))
}

fn ticks(game: &mut dyn Session, rng: &mut fastrand::Rng) {
    for _ in 0..=FLASH_TICKS {
        game.tick(rng);
    }
}

#[test]
fn a_game_that_is_its_rules_and_a_board_plays_whole() {
    use Player::{Computer, Person};
    let mut rng = fastrand::Rng::with_seed(3);
    let mut game = toy(7, [Person, Computer], false);
    assert_eq!(TEXT.id, "toy");
    assert_eq!(
        (game.view_size(), game.position()),
        ((20, 7), "toy 7".into())
    );
    // 7 is won by taking 1; the person takes 2 instead, and the computer punishes it.
    game.act(Action::Digit(2));
    game.act(Action::Select);
    assert_eq!(game.notation(), ["-2"]);
    ticks(game.as_mut(), &mut rng);
    assert_eq!(game.notation(), ["-2", "-2"], "5 is won by taking 2");
    // An illegal take is refused in the board's words, and nothing is played.
    game.act(Action::Digit(5));
    game.act(Action::Select);
    assert_eq!(game.message(), Some("No: 5 cannot be taken from 3."));
    assert_eq!(game.moves_made(), 2);
    // Undo takes back the round; redo plays it again.
    game.undo();
    assert_eq!((game.moves_made(), game.position()), (0, "toy 7".into()));
    game.act(Action::Redo);
    assert_eq!(game.moves_made(), 2);
    // From 3 every take loses: the pointer takes 1, the computer the last 2.
    game.point(Spot(1, 0), true);
    ticks(game.as_mut(), &mut rng);
    assert_eq!(game.notation(), ["-2", "-2", "-1", "-2"]);
    assert!(game.is_over());
    assert_eq!(game.loser(), Some(0), "the computer took the last coin");
    // The review: the first take threw the win away, the computer's kept it.
    let judged = game.judged();
    assert!(matches!(judged[0].label, Label::Mistake { .. }));
    assert_eq!(judged[0].won_before, Some(true));
    let task = game.judging();
    assert_eq!(
        task.run(&mut |_, _| true).map(|j| j.len()),
        Some(judged.len())
    );
    // Saved moves replay to the same position; a bad one stops the replay.
    let mut again = toy(7, [Person, Person], false);
    assert!(again.replay_notation(&game.notation()));
    assert!(again.is_over());
    let mut broken = toy(7, [Person, Person], false);
    assert!(!broken.replay_notation(&["-1".into(), "-3".into(), "-1".into()]));
    assert_eq!(broken.notation(), ["-1"]);
}

#[test]
fn the_computer_waits_for_the_tables_its_rules_ask_for() {
    let mut rng = fastrand::Rng::with_seed(5);
    let mut game = toy(4, [Player::Computer, Player::Person], true);
    let requests = game.take_requests();
    let [Request::Build(task)] = &requests[..] else {
        panic!("one build: {requests:?}");
    };
    ticks(game.as_mut(), &mut rng);
    assert_eq!(game.moves_made(), 0, "no move before the table");
    game.ask_again();
    assert_eq!(game.take_requests().len(), 1, "asked again while it waits");
    let table = task.run(&mut |_, _| true).expect("built");
    game.on_solver(SolverMessage::Built {
        job: 0,
        built: table,
        elapsed: std::time::Duration::ZERO,
    });
    ticks(game.as_mut(), &mut rng);
    assert_eq!(game.notation(), ["-1"], "4 is won by taking 1");
}

/// The slow toy on the Study screen: its period is built in two phases, the first sending the
/// period on as it makes it; until then its answer proves only that taking the whole pile wins.
impl super::study::StudyRules for OneOrTwo {
    fn title(&self) -> String {
        "Toy".into()
    }

    fn describe(&self, at: &u8) -> String {
        format!("pile {at}")
    }

    fn want(&mut self, _: &u8) -> Option<Waiting> {
        let task = Task::in_context("the period in two phases", |context| {
            let on = context.progress("first", 1, 2) && context.made(Arc::new(3u8));
            (on && context.progress("second", 2, 2)).then(|| Arc::new(3u8) as Built)
        });
        (self.period().is_none()).then(|| Waiting::new("solving", task))
    }

    fn answers(&self, asked: &u8, at: &u8) -> bool {
        self.answers_below && at <= asked
    }

    fn proven(
        &self,
        &at: &u8,
        came_from: Option<(&u8, u8)>,
    ) -> Option<(crate::games::moves_left::Proven<u8>, Option<String>)> {
        use crate::games::moves_left::{Proven, ProvenMove};
        let period = self.period();
        let moves = (1..=at.min(2))
            .map(|m| ProvenMove {
                mv: m,
                wins: period.map_or((m == at).then_some(true), |p| Some((at - m) % p == 0)),
                moves_left: None,
                winning_replies: None,
            })
            .collect();
        let proven = Proven {
            wins: period.map(|p| at % p != 0),
            moves_left: None,
            moves,
        };
        let note = format!("came by {:?}", came_from.map(|(_, m)| m));
        Some((proven, Some(note)))
    }

    fn editor(&self, _: &u8) -> Box<dyn crate::games::study::Editor> {
        unreachable!("the toy is not edited")
    }
}

impl super::study::StudyBoard<OneOrTwo> for Keypad {
    fn render(
        _: &OneOrTwo,
        _: &u8,
        _: &[u8],
        _: &crate::games::study::Analysis,
        _: Option<usize>,
        _: Rect,
        _: &mut Buffer,
        _: &Theme,
        _: &mut Spots,
    ) {
    }

    fn size(_: &OneOrTwo, &at: &u8) -> (u16, u16) {
        (u16::from(at), 1)
    }
}

#[test]
fn a_study_on_the_core_names_each_phase_of_its_build_and_shows_what_it_made_on_the_way() {
    use crate::games::study::{BuildProgress, Study};
    let rules = OneOrTwo {
        slow: true,
        period: None,
        answers_below: false,
        misere: false,
    };
    let mut study =
        super::study::Studied::<_, Keypad>::after(rules, 5, &["-1".into()]).expect("a legal move");
    // Nothing built: every move listed, as far as the answer proves it, with its note.
    let wins = |study: &dyn Study| -> Vec<Option<bool>> {
        study.analysis().moves.iter().map(|m| m.wins).collect()
    };
    assert_eq!(wins(&study), [None, None]);
    assert_eq!(study.analysis().note.as_deref(), Some("came by None"));
    assert!(study.play_move("-2"));
    let requests = study.take_requests();
    let [Request::Build(task)] = &requests[..] else {
        panic!("one build, the latest: {requests:?}");
    };
    assert_eq!(study.analysis().note.as_deref(), Some("came by Some(2)"));
    assert_eq!(
        wins(&study),
        [None, Some(true)],
        "taking the whole pile wins"
    );
    let gauge = |study: &dyn Study| study.analysis().progress;
    assert_eq!(gauge(&study).map(|g| g.label), Some("solving"));
    // The build's phases name the gauge; what it makes on the way is shown at once.
    let mut messages = Vec::new();
    let mut shelf = crate::games::request::Shelf::default();
    let mut report = |report: crate::games::request::Report| {
        messages.push(match report {
            crate::games::request::Report::Progress { phase, done, total } => {
                SolverMessage::Progress {
                    job: 1,
                    phase,
                    done,
                    total,
                    elapsed: std::time::Duration::ZERO,
                }
            }
            crate::games::request::Report::Made(made) => SolverMessage::Made { job: 1, made },
        });
        true
    };
    let built = task
        .run_in(&mut crate::games::request::Context::new(
            0,
            &mut shelf,
            &mut report,
        ))
        .expect("built");
    let mut messages = messages.into_iter();
    study.on_solver(messages.next().expect("the first phase"));
    let first = BuildProgress {
        label: "first",
        done: 1,
        total: 2,
    };
    assert_eq!(gauge(&study), Some(first));
    study.on_solver(messages.next().expect("the period, made"));
    assert_eq!(wins(&study), [Some(false), Some(true)], "3 is lost");
    let second = |done| BuildProgress {
        label: "second",
        done,
        total: if done == 0 { 0 } else { 2 },
    };
    assert_eq!(
        gauge(&study),
        Some(second(0)),
        "the next phase, from nought"
    );
    study.on_solver(messages.next().expect("the second phase"));
    assert_eq!(gauge(&study), Some(second(2)));
    study.on_solver(SolverMessage::Built {
        job: 1,
        built,
        elapsed: std::time::Duration::ZERO,
    });
    assert_eq!(gauge(&study), None, "built");
    assert!(study.take_requests().is_empty(), "nothing more to build");
}

#[test]
fn a_study_waits_for_a_build_that_answers_its_line_and_asks_again_only_past_it() {
    for answers_below in [true, false] {
        let rules = OneOrTwo {
            slow: true,
            answers_below,
            ..OneOrTwo::default()
        };
        let mut study = Studied::<_, Keypad>::new(rules, 8);
        assert_eq!(study.take_requests().len(), 1, "the build of 8");
        assert!(study.analysis().progress.is_some(), "its gauge shows");
        assert!(study.play_move("-2"));
        let again = study.take_requests().len();
        assert_eq!(again, usize::from(!answers_below), "{answers_below}");
        assert!(study.analysis().progress.is_some(), "still waiting");
    }
}

// The toy as a catalogue entry: what is its own, and the rest written once by the core.

mod entry {
    use super::super::entry::{Entry, SolveProgress};
    use super::super::solve::{Reply, every_move, reply};
    use super::super::study::Studied;
    use super::super::table::{MovesLeft, Numbered, Tabling, study};
    use super::*;
    use crate::games::field::{Bound, Field, FieldKind, Problem, Values};
    use crate::games::position::StartPosition;
    use crate::games::review::MoveWords;
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

        fn moves<'a>(&'a self, &at: &'a u8) -> Box<dyn Iterator<Item = u8> + 'a> {
            Box::new(1..=at.min(2))
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

        fn parse_position(
            &self,
            body: &str,
        ) -> Result<crate::games::position::ParsedPosition, String> {
            super::super::entry::parse_position(&self.0, body)
        }

        fn new_session(&self, setup: Setup, _: Option<()>) -> Box<dyn Session> {
            super::super::entry::new_session(&self.0, setup)
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
        let game = Catalogue(Toy { slow: false });
        let v = values(4);
        let moves = |notation: &[&str]| -> Vec<String> {
            notation.iter().map(ToString::to_string).collect()
        };
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

    #[test]
    fn a_position_string_a_session_and_a_study_come_from_the_entry() {
        let game = Catalogue(Toy { slow: false });
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
        let slow = Catalogue(Toy { slow: true });
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
}

#[test]
fn a_move_that_asks_first_waits_for_a_yes_and_the_last_move_can_lose() {
    let setup = Setup {
        players: [Player::Person, Player::Person],
        ..Setup::default()
    };
    let rules = OneOrTwo {
        misere: true,
        ..OneOrTwo::default()
    };
    let mut game = Play::<_, Keypad>::begin(setup, rules, 3);
    game.act(Action::Select);
    game.act(Action::Digit(2));
    game.act(Action::Select);
    assert_eq!(game.notation(), ["-1"], "asked, not played");
    let question = Session::take_question(&mut game).expect("a question");
    assert_eq!(
        (question.words.yes, question.move_text.as_str()),
        ("Take it", "-2")
    );
    assert_eq!(Session::take_question(&mut game), None, "asked once");
    Session::play_asked(&mut game, "-2");
    assert_eq!(game.notation(), ["-1", "-2"]);
    assert_eq!(game.loser(), Some(1), "who took the last coin lost");
    Session::play_asked(&mut game, "-1");
    assert_eq!(game.notation(), ["-1", "-2"], "nothing after the end");
}
