//! Nim on the core: its rules, its piles' own ([`PositionAnswer`], which make the core's
//! [`NimRules`]: the nim-sum answers any position at once; the perfect computer's moves-left
//! table is the core's, held by [`NimTabled`], and only that of a large start is built on the
//! table thread), on the rows-of-piles board ([`RowsRules`]: a row a pile, a move a take from
//! one).

use super::answer::{answer, losing_moves, nim_sum};
use super::rules::{Move, Position};
use crate::games::core::line::LineStudy;
use crate::games::core::play::Play;
use crate::games::core::rules::{NoGrundy, random_take};
use crate::games::core::rules_of::{PositionAnswer, RulesOf};
use crate::games::core::study::Studied;
use crate::games::core::table::{MovesLeft, Tabled, Tabling};
use crate::games::review::Known;
pub use crate::games::rows::board::Place;
use crate::games::rows::board::{RowsBoard, RowsRules, keys};
use crate::games::setup::Setup;
use crate::games::why;
use crate::input::Binding;
use crate::units::group;

/// Keys while a Nim game is on.
pub const KEYS: &[Binding] = &keys("choose the pile above / below", "pile");

/// A Nim game in progress (or just finished): Nim's rules on the core's session, chosen on the
/// rows-of-piles board.
pub type NimSession = Play<NimTabled, RowsBoard>;

/// The most positions a table may have: a product of (pile + 1) over the piles. 16 MB of moves
/// left at 4 bytes each.
pub const NIM_BUDGET: u64 = 1 << 22;

/// The most positions a table built at once on the interface's thread may have (a few
/// milliseconds); a larger one is built on the table thread, with progress.
pub const NIM_INSTANT: u64 = 1 << 14;

/// The moves left of every position whose piles are each at most a start position's (the
/// positions numbered in `moves_left.rs`).
pub type NimMovesLeft = MovesLeft<NimRules>;

/// Nim's rules: its piles', with the nim-sum. A game or a study holds them with the
/// moves-left table of its start, [`NimTabled`].
pub type NimRules = RulesOf<Position>;

/// Nim's rules with the moves-left table of a game or a study, for the perfect computer, when
/// the start is within [`NIM_BUDGET`] and the table is built.
pub type NimTabled = Tabled<NimRules>;

/// A table is built at once when small, else on the table thread; none past [`NIM_BUDGET`].
impl Tabling for NimRules {
    const INSTANT: u64 = NIM_INSTANT;
    const BUDGET: u64 = NIM_BUDGET;
}

/// The nim-sum's answer, and the computer's moves by it.
impl PositionAnswer for Position {
    /// The nim-sum proves every position.
    fn answer(&self) -> Known<Move> {
        answer(self)
    }

    /// A pile of `n` is a Nim heap of `n`: the position's value is its nim-sum, the heaps
    /// combined by exclusive or, for any piles at once.
    fn grundy(&self, _budget: u64) -> Result<u64, NoGrundy> {
        Ok(nim_sum(self))
    }

    /// A winning move, at random among them; from a lost position, one of the moves that
    /// leave the fewest winning replies ([`losing_moves`]). `None` once the game is over.
    /// (Where a table covers the position, [`NimTabled`] fights by it first.)
    fn best_move(&self, rng: &mut fastrand::Rng) -> Option<Move> {
        let winning = answer(self).winning_moves;
        let moves = if winning.is_empty() {
            losing_moves(self)
        } else {
            winning
        };
        moves.get(rng.usize(..moves.len().max(1))).copied()
    }

    /// The piles in binary and their nim-sum, and the cut that makes every column even.
    fn why(&self) -> Vec<String> {
        let labels: Vec<String> = (1..=self.piles().len())
            .map(|p| format!("Pile {p}"))
            .collect();
        why::nim_sum(&labels, self.piles()).lines
    }

    /// A random non-empty pile, a random take from it; at the casual level, the whole last
    /// pile when only one is left (a win).
    fn random_move(&self, casual: bool, rng: &mut fastrand::Rng) -> Option<Move> {
        let piles = self.piles();
        let ends = |pile| (piles.iter().enumerate()).all(|(p, &coins)| p == pile || coins == 0);
        let (pile, take) = random_take(piles, casual, ends, rng)?;
        Some(Move { pile, take })
    }
}

/// Piles studied on the rows-of-piles board, marked with each take's outcome and moves left.
/// The moves-left table of every position below the studied piles, within [`NIM_BUDGET`]
/// positions, is shared with the game it is opened from, or built when the study opens (on the
/// table thread unless it is small), and again for a position of the line it does not cover.
pub type NimStudy = Studied<NimTabled, RowsBoard>;

/// The Study screen's words; the study and its table are the core's, the editor the piles'
/// line.
impl LineStudy for NimRules {
    type Entry = super::Nim;

    const TITLE: &'static str = "Nim";

    fn missing(budget: &str) -> String {
        format!("moves left: more than {budget} positions below these piles")
    }
}

impl NimSession {
    /// Starts a game from `start` with the players and level of `settings`. The perfect
    /// computer's table is built at once when it is small, else asked for on the table thread:
    /// the game shows at once, and the computer waits for it.
    pub fn new(settings: Setup, start: Position) -> NimSession {
        Play::begin(
            settings,
            Tabled::new(RulesOf::default(), start.clone()),
            start,
        )
    }
}

/// Nim's piles, a row each; a move takes from one.
impl RowsRules for NimTabled {
    const KEYS: &'static [Binding] = KEYS;

    fn piles(&self, at: &Position) -> Vec<u64> {
        at.piles().to_vec()
    }

    fn make(&self, pile: usize, take: u64) -> Move {
        Move { pile, take }
    }

    fn row_of(&self, mv: Move) -> (usize, u64) {
        (mv.pile, mv.take)
    }

    fn title(&self) -> String {
        "Nim".into()
    }

    fn move_text(&self, mv: Move) -> String {
        move_text(mv)
    }

    /// The nim-sum is the whole strategy: its value is shown only with the hints. Without
    /// them the line names the rule, as Fibonacci Nim's does, and the hints line below says
    /// how to turn them on (once).
    fn solver_line(&self, at: &Position, hints: bool) -> (String, Option<String>) {
        if hints {
            nim_sum_text(nim_sum(at))
        } else {
            ("nim-sum rule".to_string(), None)
        }
    }
}

/// The most columns of the panel's nim-sum line: the panel's 30 inside its border.
const NIM_SUM_WIDTH: usize = 30;

/// The panel's nim-sum with thousands separators: on the solver's line where it fits
/// ([`NIM_SUM_WIDTH`]); a longer one (past 17 digits: a nim-sum is below 2^60, 25 columns
/// grouped) on the line under it, the solver's line saying "nim-sum:".
pub fn nim_sum_text(sum: u64) -> (String, Option<String>) {
    let line = format!("nim-sum {}", group(sum));
    if line.chars().count() <= NIM_SUM_WIDTH {
        (line, None)
    } else {
        ("nim-sum:".to_string(), Some(group(sum)))
    }
}

/// A move as the panel and the review write it: "3 from pile 2".
pub fn move_text(mv: Move) -> String {
    format!("{} from pile {}", group(mv.take), mv.pile + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::core::rules::Rules;
    use crate::games::core::rules_of::PositionRules;
    use crate::games::nim::tests::{BruteForce, all_positions};
    use crate::games::session::Session;
    use crate::games::setup::Player::{Computer, Person};
    use crate::games::setup::{Level, Player};
    use crate::games::turns::FLASH_TICKS;
    use crate::input::{Action, Spot};
    use rustc_hash::FxHashMap;

    fn session(piles: &[u64], players: [Player; 2], level: Level) -> NimSession {
        let settings = Setup {
            players,
            level,
            ..Setup::default()
        };
        NimSession::new(settings, Position::new(piles).unwrap())
    }

    fn person(piles: &[u64]) -> NimSession {
        session(piles, [Person, Computer], Level::Perfect)
    }

    /// Ticks until the computer's move has flashed and landed; returns it.
    fn computer_moves(game: &mut NimSession, rng: &mut fastrand::Rng) -> Move {
        let before = game.turns.moves.len();
        for _ in 0..=FLASH_TICKS {
            game.tick(rng);
        }
        assert_eq!(
            game.turns.moves.len(),
            before + 1,
            "the computer moved once"
        );
        game.turns.moves[before]
    }

    #[test]
    fn every_key_the_session_knows_is_bound_once() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let action = |code| crate::input::action(KEYS, &press(code));
        assert_eq!(action(KeyCode::Up), Some(Action::Up));
        assert_eq!(action(KeyCode::Down), Some(Action::Down));
        assert_eq!(action(KeyCode::Left), Some(Action::Left));
        assert_eq!(action(KeyCode::Right), Some(Action::Right));
        assert_eq!(action(KeyCode::Char('7')), Some(Action::Digit(7)));
        assert_eq!(action(KeyCode::Backspace), Some(Action::Erase));
        assert_eq!(action(KeyCode::Enter), Some(Action::Select));
        assert_eq!(action(KeyCode::Char(' ')), Some(Action::Select));
        assert_eq!(action(KeyCode::Char('H')), Some(Action::ToggleHints));
        assert_eq!(action(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(action(KeyCode::Char('?')), Some(Action::Help));
        assert_eq!(action(KeyCode::Esc), Some(Action::Back));
        let keys: Vec<_> = KEYS.iter().flat_map(|b| b.keys).map(|k| k.0).collect();
        for (i, key) in keys.iter().enumerate() {
            assert!(!keys[..i].contains(key), "{key:?} bound twice");
        }
        assert_eq!(KEYS[0].help, "choose the pile above / below");
        assert!(
            KEYS.iter()
                .any(|b| b.keys.iter().any(|k| k.1 == Action::Redo))
        );
    }

    #[test]
    fn the_app_drives_it_as_a_session() {
        let mut rng = fastrand::Rng::with_seed(11);
        let mut game: Box<dyn Session> = Box::new(person(&[3, 4, 5]));
        // Pointing at a spot the view drew: the third coin of pile 1 takes two.
        game.point(Place::Coin { pile: 0, index: 1 }.into(), true);
        assert_eq!(game.notation(), ["1:2"]);
        assert!(game.take_requests().is_empty(), "Nim never asks the solver");
        for _ in 0..=FLASH_TICKS {
            game.tick(&mut rng);
        }
        assert_eq!(game.moves_made(), 2);
        Session::act(game.as_mut(), Action::Undo);
        assert_eq!(game.moves_made(), 0);
        Session::act(game.as_mut(), Action::Redo);
        assert_eq!(game.moves_made(), 2);
        game.point(Spot(9, 0), true);
        assert_eq!(game.moves_made(), 2, "a spot that is no place does nothing");
        // Leaving is the app's question: the session plays nothing and asks nothing.
        Session::act(game.as_mut(), Action::Quit);
        assert_eq!(game.moves_made(), 2);
        assert!(game.take_question().is_none());
        game.note("Saved.".into());
        assert_eq!(game.message(), Some("Saved."));
        assert!(!game.is_over() && game.loser().is_none());
        assert_eq!(game.bindings().len(), KEYS.len());
        assert_eq!(
            game.view_size(),
            (30, 8),
            "3 piles of one-digit counts: the heading's width"
        );
        let wide = person(&[7, super::super::MAX_PILE]);
        assert_eq!(Session::view_size(&wide), (34, 7));
        let nim = game.as_any().downcast_ref::<NimSession>();
        assert_eq!(nim.map(|n| n.position.piles().len()), Some(3));
        assert!(game.leftover().is_none());
    }

    #[test]
    fn spots_read_back_from_their_codes() {
        for spot in [
            Place::Coin { pile: 0, index: 0 },
            Place::Coin {
                pile: 7,
                index: crate::games::nim::MAX_PILE - 1,
            },
            Place::Bar { pile: 3, index: 12 },
            Place::Row(5),
        ] {
            assert_eq!(Place::from_code(spot.code()), Some(spot), "{spot:?}");
        }
        assert_eq!(Place::from_code((3, 0)), None);
    }

    #[test]
    fn arrows_choose_the_pile_and_the_take_and_enter_takes() {
        let mut game = person(&[3, 4, 5]);
        assert_eq!(game.chosen(), Move { pile: 0, take: 1 });
        for _ in 0..3 {
            game.act(Action::Right);
        }
        assert_eq!(
            game.chosen(),
            Move { pile: 0, take: 3 },
            "held at the pile's 3"
        );
        game.act(Action::Left);
        game.act(Action::Down);
        game.act(Action::Down);
        game.act(Action::Down);
        assert_eq!(
            game.chosen(),
            Move { pile: 2, take: 2 },
            "held at the last pile"
        );
        game.act(Action::Up);
        game.act(Action::Digit(4));
        assert_eq!(game.chosen(), Move { pile: 1, take: 4 });
        assert_eq!(game.message, None);
        game.act(Action::Select);
        assert_eq!(game.position.piles(), &[3, 0, 5]);
        assert_eq!(game.notation(), ["2:4"]);
        // The emptied pile is left for the first that has coins, the take cut to them; ↓ and
        // ↑ step over the empty pile.
        assert_eq!(game.chosen(), Move { pile: 0, take: 3 });
        game.act(Action::Down);
        assert_eq!(game.board.pile, 2);
        game.act(Action::Up);
        assert_eq!(game.board.pile, 0);
        // Digits add up while typed; the next arrow starts afresh.
        game.act(Action::Digit(1));
        game.act(Action::Digit(2));
        assert_eq!(game.board.take, 12);
        game.act(Action::Erase);
        assert_eq!(game.board.take, 1);
        game.act(Action::ToggleHints);
        assert!(game.hints);
        // Leaving is the app's question (tests/it/app_flow.rs): the board stays as it was.
        let (pile, take) = (game.board.pile, game.board.take);
        game.act(Action::Quit);
        assert_eq!((game.board.pile, game.board.take), (pile, take));
    }

    #[test]
    fn an_illegal_take_is_refused_with_its_reason() {
        let mut game = person(&[3, 4, 5]);
        game.act(Action::Digit(9));
        assert_eq!(
            game.message.as_deref(),
            Some("Not allowed: pile 1 holds only 3 coins, so 9 cannot be taken from it.")
        );
        game.act(Action::Select);
        assert_eq!(
            game.message.as_deref(),
            Some("Nothing taken: pile 1 holds only 3 coins, so 9 cannot be taken from it.")
        );
        assert!(game.turns.moves.is_empty());
        assert_eq!(game.board.take, 9, "the refused number stays shown");
        game.act(Action::Digit(2));
        assert_eq!(game.board.take, 2, "the next digit starts a fresh number");
        game.act(Action::Erase);
        game.act(Action::Select);
        assert_eq!(
            game.message.as_deref(),
            Some("Type how many coins to take, or choose with ←/→.")
        );
        let mut emptied = person(&[0, 2]);
        emptied.person_plays(Move { pile: 0, take: 1 });
        assert_eq!(
            emptied.message.as_deref(),
            Some("Nothing taken: pile 1 is empty.")
        );
        assert_eq!(
            emptied.chosen(),
            Move { pile: 1, take: 1 },
            "the empty pile is not chosen"
        );
        let mut waiting = session(&[3, 4, 5], [Computer, Person], Level::Perfect);
        waiting.act(Action::Select);
        assert_eq!(
            waiting.message.as_deref(),
            Some("It is the computer's turn.")
        );
        assert!(waiting.turns.moves.is_empty());
    }

    #[test]
    fn the_pointer_chooses_and_takes_coins() {
        let mut game = person(&[3, 40]);
        game.point(Place::Coin { pile: 1, index: 30 }.into(), false);
        assert_eq!(game.chosen(), Move { pile: 1, take: 10 });
        // A spot past the coins, drawn before the pile shrank, does nothing.
        game.point(Place::Coin { pile: 0, index: 3 }.into(), true);
        assert!(game.turns.moves.is_empty());
        game.point(Place::Row(0).into(), true);
        assert_eq!(game.chosen(), Move { pile: 0, take: 3 });
        // A bar cell chooses first, and takes on the second click.
        game.point(Place::Bar { pile: 1, index: 35 }.into(), true);
        assert_eq!(game.chosen(), Move { pile: 1, take: 5 });
        assert!(game.turns.moves.is_empty());
        game.point(Place::Bar { pile: 1, index: 35 }.into(), true);
        assert_eq!(game.position.piles(), &[3, 35]);
        let mut rng = fastrand::Rng::with_seed(1);
        computer_moves(&mut game, &mut rng);
        game.point(Place::Coin { pile: 0, index: 0 }.into(), true);
        assert_eq!(game.turns.moves.last(), Some(&Move { pile: 0, take: 3 }));
    }

    #[test]
    fn the_perfect_computer_never_misses_a_win() {
        let mut brute = BruteForce(FxHashMap::default());
        let mut rng = fastrand::Rng::with_seed(15);
        for piles in all_positions(3, 5) {
            let position = Position::new(&piles).unwrap();
            if position.is_over() {
                assert_eq!(
                    NimRules::default().best_move(&position, false, &mut rng),
                    None
                );
                continue;
            }
            for _ in 0..4 {
                let mv = NimRules::default()
                    .best_move(&position, false, &mut rng)
                    .expect("a move while coins are left");
                let after = position.play(mv).expect("a legal move");
                if brute.wins(&piles) {
                    assert!(!brute.wins(after.piles()), "{piles:?}: {mv} throws the win");
                } else {
                    assert!(losing_moves(&position).contains(&mv), "{piles:?}: {mv}");
                }
            }
        }
        // The same through the session's clock: the computer moves first and wins every game.
        for piles in [[1, 2, 4], [3, 4, 5], [7, 1, 5]] {
            let mut game = session(&piles, [Computer, Computer], Level::Perfect);
            while !game.is_over() {
                let before = game.position.piles().to_vec();
                computer_moves(&mut game, &mut rng);
                if brute.wins(&before) {
                    assert!(!brute.wins(game.position.piles()), "{before:?}");
                }
            }
            assert_eq!(
                game.loser(),
                Some(1),
                "{piles:?} is won by the first player"
            );
            assert!(game.mistakes().is_empty());
        }
    }

    #[test]
    fn the_perfect_computer_defends_longest_and_the_strong_one_as_before() {
        // 1,2,3 is lost, and every move leaves one winning reply; 1:1 and 3:1 last five more
        // moves, the others three. Strong (when it does not slip) keeps the old choice, which
        // also weighs 2:1.
        let mut rng = fastrand::Rng::with_seed(16);
        let mut strong_moves = Vec::new();
        for _ in 0..40 {
            let mut game = session(&[1, 2, 3], [Computer, Person], Level::Perfect);
            let mv = computer_moves(&mut game, &mut rng);
            assert!(
                [Move { pile: 0, take: 1 }, Move { pile: 2, take: 1 }].contains(&mv),
                "{mv}"
            );
            let mut game = session(&[1, 2, 3], [Computer, Person], Level::Strong);
            strong_moves.push(computer_moves(&mut game, &mut rng));
        }
        assert!(strong_moves.contains(&Move { pile: 1, take: 1 }));
    }

    #[test]
    fn the_casual_computer_takes_the_last_pile_whole() {
        let mut rng = fastrand::Rng::with_seed(3);
        for seed in 0..20 {
            rng.seed(seed);
            let mut game = session(&[0, 9, 0], [Computer, Person], Level::Casual);
            assert_eq!(
                computer_moves(&mut game, &mut rng),
                Move { pile: 1, take: 9 }
            );
            assert_eq!(game.loser(), Some(1));
        }
        // With two piles left it plays at random, but always legally.
        let mut seen = std::collections::HashSet::new();
        for seed in 0..50 {
            rng.seed(seed);
            let mut game = session(&[2, 3], [Computer, Person], Level::Casual);
            let mv = computer_moves(&mut game, &mut rng);
            assert!(Position::new(&[2, 3]).unwrap().is_legal(mv));
            seen.insert(mv);
        }
        assert!(seen.len() > 2, "random moves: {seen:?}");
    }

    #[test]
    fn undo_takes_back_a_round_and_redo_plays_it_again() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut game = person(&[3, 4, 5]);
        game.person_plays(Move { pile: 0, take: 2 });
        let reply = computer_moves(&mut game, &mut rng);
        let after = game.position.clone();
        game.undo();
        assert!(game.turns.moves.is_empty());
        assert_eq!(game.position, game.start);
        game.redo();
        assert_eq!(game.turns.moves, [Move { pile: 0, take: 2 }, reply]);
        assert_eq!(game.position, after);
        game.redo();
        assert_eq!(game.message.as_deref(), Some("Nothing to redo."));
        // A new move forgets what undo took back.
        game.undo();
        game.person_plays(Move { pile: 2, take: 1 });
        game.redo();
        assert_eq!(game.message.as_deref(), Some("Nothing to redo."));
    }

    #[test]
    fn a_saved_game_replays_from_its_notation() {
        let mut game = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        for mv in [(0, 1), (2, 5), (1, 2)] {
            game.person_plays(Move {
                pile: mv.0,
                take: mv.1,
            });
        }
        let saved = game.notation();
        assert_eq!(saved, ["1:1", "3:5", "2:2"]);
        let mut replayed = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        assert!(replayed.replay_notation(&saved));
        assert_eq!(replayed.position, game.position);
        assert_eq!(replayed.turns.moves, game.turns.moves);
        // A move the piles cannot make, or that is not a move, stops the replay there.
        let mut broken = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        let moves = ["1:1", "1:3", "2:2"].map(String::from);
        assert!(!broken.replay_notation(&moves));
        assert_eq!(broken.notation(), ["1:1"]);
        assert!(!broken.replay_notation(&["x".to_string()]));
    }

    #[test]
    fn the_review_names_the_move_that_threw_the_win_away() {
        let mut game = session(&[3, 4, 5], [Person, Person], Level::Perfect);
        // 3,4,5 is won only by 1:2; 1:1 leaves 2,4,5 (nim-sum 3), won for the other side.
        for (pile, take) in [(0, 1), (0, 1), (1, 4), (2, 5), (0, 1)] {
            game.person_plays(Move { pile, take });
        }
        assert!(game.is_over());
        assert_eq!(game.loser(), Some(1));
        let mistakes = game.mistakes();
        assert_eq!(mistakes[0].index, 0);
        assert_eq!(mistakes[0].played, Move { pile: 0, take: 1 });
        assert_eq!(mistakes[0].winners, [Move { pile: 0, take: 2 }]);
        assert_eq!(game.turns.verdict, Some((0, Move { pile: 0, take: 1 })));
        assert_eq!(game.position_before(1).piles(), &[2, 4, 5]);
        assert_eq!(
            move_text(Move {
                pile: 1,
                take: 1234
            }),
            "1,234 from pile 2"
        );
    }
}
