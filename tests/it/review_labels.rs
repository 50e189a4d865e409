//! The review's labels against a brute force: every move of every position of small games,
//! labelled from the game's own study, agrees with outcomes and moves left computed here by
//! plain recursion; and every mistake's refuting line is the fighting line the brute force
//! says it is.

use munch::games::chomp::moves_left::study as chomp_study;
use munch::games::chomp::rules::{Position as ChompPosition, Square};
use munch::games::core::rules::Rules;
use munch::games::core::rules_of::PositionRules;
use munch::games::fibonacci::session::FibonacciRules;
use munch::games::moves_left::PositionAnalysis;
use munch::games::nim::rules::Position as NimPosition;
use munch::games::nim::session::NimSession;
use munch::games::pile::rules::{PilePosition, PileRules, Takes};
use munch::games::pile::session::PileSession;
use munch::games::review::{Label, REFUTATION_MOVES, label_from_study, refuting_line};
use munch::games::setup::Setup;
use munch::games::subtraction::session::SubtractionRules;
use munch::games::turns::Outcomes;
use munch::settings::{GameKind, Settings};
use munch::solve::{MovesLeftTable, OutcomeTable};
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

/// What plain recursion says of a position: whether the player to move wins, its moves left
/// and its winning moves' count.
#[derive(Debug, Clone, Copy)]
struct Truth {
    wins: bool,
    left: u64,
    winners: usize,
}

/// Plain recursion over a game given by its legal moves and what they leave.
struct Brute<'a, P, M> {
    /// Whether the player to move has won when no move is left (Chomp: the poison was eaten).
    over_wins: bool,
    legal: &'a dyn Fn(&P) -> Vec<M>,
    after: &'a dyn Fn(&P, M) -> P,
    memo: HashMap<P, Truth>,
}

impl<P: Clone + Eq + Hash, M: Copy> Brute<'_, P, M> {
    fn truth(&mut self, p: &P) -> Truth {
        if let Some(&t) = self.memo.get(p) {
            return t;
        }
        let children: Vec<Truth> = (self.legal)(p)
            .into_iter()
            .map(|m| {
                let child = (self.after)(p, m);
                self.truth(&child)
            })
            .collect();
        let winners = children.iter().filter(|c| !c.wins).count();
        if children.is_empty() {
            let t = Truth {
                wins: self.over_wins,
                left: 0,
                winners: 0,
            };
            self.memo.insert(p.clone(), t);
            return t;
        }
        let left = if children.is_empty() {
            0
        } else if winners > 0 {
            1 + children
                .iter()
                .filter(|c| !c.wins)
                .map(|c| c.left)
                .min()
                .unwrap()
        } else {
            1 + children.iter().map(|c| c.left).max().unwrap()
        };
        let t = Truth {
            wins: winners > 0,
            left,
            winners,
        };
        self.memo.insert(p.clone(), t);
        t
    }

    /// Whether `m` is one the fighting computer may play at `p` (fastest win; else fewest
    /// winning replies, then longest, losing at once only when nothing else is left).
    fn fights(&mut self, p: &P, m: M) -> bool {
        let moves = (self.legal)(p);
        let mut kids: Vec<Truth> = moves
            .iter()
            .map(|&k| {
                let child = (self.after)(p, k);
                self.truth(&child)
            })
            .collect();
        let ends = |c: &Truth| c.wins && c.winners == 0;
        let lasting = kids.iter().any(|c| !ends(c));
        if lasting {
            kids.retain(|c| !ends(c));
        }
        let child = (self.after)(p, m);
        let it = self.truth(&child);
        if kids.iter().any(|c| !c.wins) {
            let fastest = kids.iter().filter(|c| !c.wins).map(|c| c.left).min();
            !it.wins && Some(it.left) == fastest
        } else {
            let fewest = kids.iter().map(|c| c.winners).min();
            let longest = kids
                .iter()
                .filter(|c| Some(c.winners) == fewest)
                .map(|c| c.left)
                .max();
            !(lasting && ends(&it)) && Some(it.winners) == fewest && Some(it.left) == longest
        }
    }
}

/// Checks every legal move of every position of `positions` in `game`; returns how many.
fn check_every_move<G, P, M>(
    over_wins: bool,
    game: &G,
    positions: &[P],
    legal: &dyn Fn(&P) -> Vec<M>,
    after: &dyn Fn(&P, M) -> P,
) -> usize
where
    G: Outcomes<Move = M, Position = P>,
    P: Clone + Eq + Hash + Debug,
    M: Copy + PartialEq + Debug,
{
    let mut brute = Brute {
        over_wins,
        legal,
        after,
        memo: HashMap::new(),
    };
    let mut checked = 0;
    for p in positions {
        let truth = brute.truth(p);
        let study = game.study(p).expect("small positions are studied");
        assert_eq!(study.wins, truth.wins, "{p:?}");
        assert_eq!(study.moves_left, Some(truth.left), "{p:?}");
        for m in legal(p) {
            let child = after(p, m);
            let kid = brute.truth(&child);
            let label = label_from_study(&study, m).expect("a legal move is studied");
            let expected = match (truth.wins, !kid.wins, brute.fights(p, m)) {
                (_, _, true) => "best",
                (true, true, false) => "kept the win",
                (true, false, false) => "mistake",
                (false, _, false) => "lost anyway",
            };
            assert_eq!(label.word(), expected, "{p:?} {m:?}");
            if let Label::Mistake { winner, .. } = label {
                let winner = winner.expect("a won position names its winner");
                assert!(
                    brute.fights(p, winner),
                    "{p:?}: {winner:?} is a fastest win"
                );
                let line = refuting_line(
                    child.clone(),
                    |at| game.study(at),
                    |at, k| game.after(at, k),
                );
                let mut at = child.clone();
                for &k in &line.moves {
                    assert!(brute.fights(&at, k), "{p:?} {m:?}: {k:?} at {at:?}");
                    at = after(&at, k);
                }
                // The fighting line is not the moves-left line: the defence prefers the
                // fewest winning replies first.
                assert!(line.moves.len() <= REFUTATION_MOVES);
                assert_eq!(line.cut, !legal(&at).is_empty(), "{p:?} {m:?}: {line:?}");
            }
            checked += 1;
        }
    }
    checked
}

/// The legal takes of a pile position.
fn takes<R: PileRules>(game: &PileSession<R>, at: &PilePosition) -> Vec<u64> {
    match game.rules.takes(at) {
        Takes::Listed(takes) => takes,
        Takes::UpTo(most) => (1..=most).collect(),
    }
}

/// Every position reachable from `start`, through `legal` and `after`.
fn reachable<P: Clone + Eq + Hash, M>(
    start: &P,
    legal: &dyn Fn(&P) -> Vec<M>,
    after: &dyn Fn(&P, M) -> P,
) -> Vec<P> {
    let mut seen = vec![start.clone()];
    let mut at = 0;
    while at < seen.len() {
        for m in legal(&seen[at]) {
            let next = after(&seen[at], m);
            if !seen.contains(&next) {
                seen.push(next);
            }
        }
        at += 1;
    }
    seen
}

/// Every move of a pile game of `settings` (under the rules `R`), from every position its
/// start reaches.
fn check_pile_game<R: PileRules>(settings: &Settings) -> usize {
    let session = settings.game.game().new_session(settings.setup(), None);
    let game: &PileSession<R> = session.as_any().downcast_ref().expect("a pile game");
    let legal = |at: &(u64, u64)| {
        takes(
            game,
            &PilePosition {
                pile: at.0,
                max_take: at.1,
            },
        )
    };
    let after = |at: &(u64, u64), k: u64| {
        let next = (game.rules)
            .play(
                &PilePosition {
                    pile: at.0,
                    max_take: at.1,
                },
                k,
            )
            .expect("a legal take");
        (next.pile, next.max_take)
    };
    let start = Outcomes::start(game);
    let positions = reachable(&(start.pile, start.max_take), &legal, &after);
    // The game's own positions, checked through a view of them as pairs.
    let pairs = Pairs(game);
    check_every_move(false, &pairs, &positions, &legal, &after)
}

/// A pile game seen with its positions as (pile, max take) pairs, which hash.
struct Pairs<'a, R: PileRules>(&'a PileSession<R>);

impl<R: PileRules> Outcomes for Pairs<'_, R> {
    type Move = u64;
    type Position = (u64, u64);

    fn start(&self) -> (u64, u64) {
        let at = self.0.start();
        (at.pile, at.max_take)
    }

    fn after(&self, at: &(u64, u64), k: u64) -> Option<(u64, u64)> {
        let next = self.0.after(
            &PilePosition {
                pile: at.0,
                max_take: at.1,
            },
            k,
        )?;
        Some((next.pile, next.max_take))
    }

    fn study(&self, at: &(u64, u64)) -> Option<PositionAnalysis<u64>> {
        self.0.study(&PilePosition {
            pile: at.0,
            max_take: at.1,
        })
    }

    fn known(&self, at: &(u64, u64)) -> Option<munch::games::review::Known<u64>> {
        self.0.known(&PilePosition {
            pile: at.0,
            max_take: at.1,
        })
    }
}

#[test]
fn every_subtraction_move_is_labelled_as_the_brute_force_says() {
    let mut checked = 0;
    for set in ["1,2", "1,3,4", "2,3,7", "1,4,5,9"] {
        let settings = Settings {
            game: GameKind::Subtraction,
            ..Settings::default()
        }
        .with("pile", 60_u64)
        .with("set", set);
        checked += check_pile_game::<SubtractionRules>(&settings);
    }
    assert!(checked > 400, "{checked} moves");
}

#[test]
fn every_fibonacci_move_is_labelled_as_the_brute_force_says() {
    let mut checked = 0;
    for pile in [21_u64, 34, 40] {
        let settings = Settings {
            game: GameKind::Fibonacci,
            ..Settings::default()
        }
        .with(munch::games::fibonacci::fields::PILE, pile);
        checked += check_pile_game::<FibonacciRules>(&settings);
    }
    assert!(checked > 1000, "{checked} moves");
}

#[test]
fn every_nim_move_is_labelled_as_the_brute_force_says() {
    let start = NimPosition::new(&[3, 4, 5]).unwrap();
    let game = NimSession::new(Setup::default(), start.clone());
    let legal = |p: &NimPosition| p.moves().collect::<Vec<_>>();
    let after = |p: &NimPosition, m| p.play(m).expect("a legal move");
    let positions = reachable(&start, &legal, &after);
    let checked = check_every_move(false, &game, &positions, &legal, &after);
    assert!(checked > 500, "{checked} moves");
}

#[test]
fn a_finished_game_is_judged_move_by_move_with_its_summary() {
    use munch::games::review::{Line, summary};
    use munch::settings::Player::{Computer, Person};
    let settings = Settings {
        game: GameKind::Subtraction,
        players: [Person, Person],
        ..Settings::default()
    }
    .with("pile", 5_u64)
    .with("set", "1,2");
    let mut session = settings.game.game().new_session(settings.setup(), None);
    let moves: Vec<String> = ["1", "1", "2", "1"].map(String::from).to_vec();
    assert!(session.replay_notation(&moves));
    assert!(session.is_over());
    let judged = session.judged();
    let labels: Vec<&str> = judged.iter().map(|j| j.label.word()).collect();
    // 5: taking 1 leaves 4, from which the opponent wins; taking 2 (leaving 3) would have won.
    assert_eq!(labels, ["mistake", "best", "best", "best"]);
    assert_eq!(
        judged[0].label,
        Label::Mistake {
            winner: Some("2".to_string()),
            refutation: Line {
                moves: ["1", "1", "2"].map(String::from).to_vec(),
                cut: false
            }
        }
    );
    assert_eq!(
        summary(&judged, [Person, Computer], false),
        ["You kept the win in 0 of 1 move; first mistake at move 1."]
    );
    assert_eq!(
        summary(&judged, [Computer, Person], false),
        ["You kept the win in 2 of 2 moves; no mistakes."]
    );
}

/// A Chomp box with both its tables, studied as the study screen does.
struct ChompBox {
    rows: u8,
    cols: u8,
    outcomes: Arc<OutcomeTable>,
    moves_left: MovesLeftTable,
}

impl Outcomes for ChompBox {
    type Move = Square;
    type Position = ChompPosition;

    fn start(&self) -> ChompPosition {
        ChompPosition::full(self.rows.into(), self.cols.into()).unwrap()
    }

    fn after(&self, at: &ChompPosition, square: Square) -> Option<ChompPosition> {
        at.eat(square)
    }

    fn study(&self, at: &ChompPosition) -> Option<PositionAnalysis<Square>> {
        chomp_study(&self.outcomes, Some(&self.moves_left), at)
    }

    fn known(&self, _at: &ChompPosition) -> Option<munch::games::review::Known<Square>> {
        None
    }
}

#[test]
fn every_chomp_move_of_small_boxes_is_labelled_as_the_brute_force_says() {
    let mut checked = 0;
    for (rows, cols) in [(1, 4), (2, 3), (3, 4), (4, 4), (4, 5), (5, 5)] {
        let outcomes = Arc::new(OutcomeTable::build(rows, cols, &mut |_, _| true).unwrap());
        let moves_left = MovesLeftTable::build(Arc::clone(&outcomes), &mut |_, _| true).unwrap();
        let game = ChompBox {
            rows,
            cols,
            outcomes,
            moves_left,
        };
        let legal = |p: &ChompPosition| p.moves().collect::<Vec<_>>();
        let after = |p: &ChompPosition, m| p.eat(m).expect("a legal move");
        let positions: Vec<ChompPosition> = reachable(&game.start(), &legal, &after)
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect();
        checked += check_every_move(true, &game, &positions, &legal, &after);
    }
    assert!(checked > 1000, "{checked} moves");
}

#[test]
fn refuting_lines_stop_at_their_budget_and_large_positions_are_judged_by_outcome() {
    use munch::games::review::{REFUTATION_BUDGET, REVIEW_STUDY_MOVES};
    // {1,2} from 300, one coin at a time: every move from a won position is a mistake.
    let settings = Settings {
        game: GameKind::Subtraction,
        players: [munch::settings::Player::Person; 2],
        ..Settings::default()
    }
    .with("pile", 300_u64)
    .with("set", "1,2");
    let mut session = settings.game.game().new_session(settings.setup(), None);
    assert!(session.replay_notation(&vec!["1".to_string(); 300]));
    let judged = session.judged();
    let lines: Vec<usize> = judged
        .iter()
        .filter_map(|j| match &j.label {
            Label::Mistake { refutation, .. } => Some(refutation.moves.len()),
            _ => None,
        })
        .collect();
    assert!(lines.len() > 50, "{} mistakes", lines.len());
    assert_eq!(lines[0], REFUTATION_MOVES, "the first mistakes are refuted");
    assert!(lines.iter().sum::<usize>() <= REFUTATION_BUDGET);
    assert_eq!(
        lines.last(),
        Some(&0),
        "the last are not: the budget is spent"
    );

    // Nim with more coins than a review studies: outcomes only, so never "best".
    let big = REVIEW_STUDY_MOVES + 1;
    let mut game = NimSession::new(Setup::default(), NimPosition::new(&[big, 1]).unwrap());
    assert!(munch::games::session::Session::replay_notation(
        &mut game,
        &[format!("1:{}", big - 1), "2:1".into(), "1:1".into()]
    ));
    let labels: Vec<&str> = munch::games::session::Session::judged(&game)
        .iter()
        .map(|j| j.label.word())
        .collect();
    // 501,1: judged by its outcome alone, but the one winning move, so the fastest: best;
    // then 1,1 is studied.
    assert_eq!(labels, ["best", "best", "best"]);
    // 501,501,1: one of three winning moves, judged by its outcome alone: never "best".
    let mut game = NimSession::new(Setup::default(), NimPosition::new(&[big, big, 1]).unwrap());
    assert!(munch::games::session::Session::replay_notation(
        &mut game,
        &["1:1".to_string()]
    ));
    let labels: Vec<&str> = munch::games::session::Session::judged(&game)
        .iter()
        .map(|j| j.label.word())
        .collect();
    assert_eq!(labels, ["kept the win"]);
}
