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

    fn moves<'a>(&'a self, &at: &'a u8) -> Box<dyn Iterator<Item = u8> + 'a> {
        Box::new(1..=at.min(2))
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
    themes: &[],
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
mod entry;

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
