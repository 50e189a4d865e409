//! Wythoff's answer, moves left and study against a brute force over every position with piles
//! up to 30, and the integer Beatty pairs against their recurrence up to k = 10^6 and against
//! their definition near 10^18.

use super::answer::{answer, is_lost, lower, partner, upper};
use super::rules::{MAX_PILE, Move, Position};
use super::session::WythoffRules;
use super::session::{WYTHOFF_BUDGET, WythoffMovesLeft};
use super::{PILES, PRESETS};
use crate::games::core::rules_of::PositionRules;
use crate::games::core::table::{Tabled, study};
use crate::games::game::{Game, Values};

/// The largest pile the brute force covers.
const SIDE: u64 = 30;

fn position(first: u64, second: u64) -> Position {
    Position::new(first, second).unwrap()
}

fn rules() -> WythoffRules {
    WythoffRules::default()
}

/// Outcome (wins) and moves left of every position with piles up to [`SIDE`], by the
/// definitions alone: over every legal move as the rules list and play it, fewer coins first.
fn brute_force() -> Vec<Vec<(bool, u64)>> {
    let side = SIDE as usize + 1;
    let mut known = vec![vec![(false, 0u64); side]; side];
    for total in 0..=2 * SIDE {
        for x in total.saturating_sub(SIDE)..=total.min(SIDE) {
            let here = position(x, total - x);
            let children: Vec<(bool, u64)> = here
                .moves()
                .map(|mv| {
                    let [a, b] = here.play(mv).expect("a listed move is legal").piles();
                    known[a as usize][b as usize]
                })
                .collect();
            let wins = children.iter().any(|&(child_wins, _)| !child_wins);
            let left = if wins {
                children.iter().filter(|c| !c.0).map(|c| c.1).min()
            } else {
                children.iter().map(|c| c.1).max()
            };
            known[x as usize][(total - x) as usize] = (wins, left.map_or(0, |l| l + 1));
        }
    }
    known
}

fn at(known: &[Vec<(bool, u64)>], piles: [u64; 2]) -> (bool, u64) {
    known[piles[0] as usize][piles[1] as usize]
}

/// The brute force's winning moves of `here`, sorted by the position each leaves.
fn brute_winning_moves(known: &[Vec<(bool, u64)>], here: Position) -> Vec<Move> {
    let mut moves: Vec<Move> = here
        .moves()
        .filter(|&mv| !at(known, here.play(mv).unwrap().piles()).0)
        .collect();
    moves.sort_by_key(|&mv| here.play(mv).unwrap());
    moves
}

#[test]
fn the_answer_is_the_brute_forces_for_every_position_up_to_30() {
    let known = brute_force();
    let mut most_winning = 0;
    for x in 0..=SIDE {
        for y in 0..=SIDE {
            let here = position(x, y);
            let got = answer(here);
            assert_eq!(got.wins, at(&known, [x, y]).0, "{here}");
            assert_eq!(is_lost(here), !got.wins, "{here}");
            assert_eq!(
                got.winning_moves,
                brute_winning_moves(&known, here),
                "{here}"
            );
            most_winning = most_winning.max(got.winning_moves.len());
        }
    }
    assert_eq!(most_winning, 3, "some position has three winning moves");
}

#[test]
fn moves_left_are_the_brute_forces_from_every_start_up_to_30() {
    let known = brute_force();
    for a in 0..=SIDE {
        for b in 0..=SIDE {
            let table =
                WythoffMovesLeft::build(&rules(), &position(a, b), WYTHOFF_BUDGET).expect("small");
            for x in 0..=SIDE {
                for y in 0..=SIDE {
                    let expected = (x <= a && y <= b).then(|| at(&known, [x, y]).1);
                    assert_eq!(
                        table.moves_left(&rules(), &position(x, y)),
                        expected,
                        "{x},{y} in the table below {a},{b}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_study_is_the_brute_forces_for_every_position_up_to_30() {
    let known = brute_force();
    let table =
        WythoffMovesLeft::build(&rules(), &position(SIDE, SIDE), WYTHOFF_BUDGET).expect("small");
    for x in 0..=SIDE {
        for y in 0..=SIDE {
            let here = position(x, y);
            let studied = study(&rules(), &here, Some(&table)).expect("few moves");
            let (wins, left) = at(&known, [x, y]);
            assert_eq!((studied.wins, studied.moves_left), (wins, Some(left)));
            assert!(studied.complete());
            let listed: Vec<Move> = studied.moves.iter().map(|m| m.mv).collect();
            assert_eq!(listed, here.moves().collect::<Vec<_>>(), "{here}");
            for m in &studied.moves {
                let after = here.play(m.mv).unwrap();
                let (after_wins, after_left) = at(&known, after.piles());
                assert_eq!(m.wins, !after_wins, "{here} {}", m.mv);
                assert_eq!(m.moves_left, Some(after_left), "{here} {}", m.mv);
                assert_eq!(
                    m.winning_replies,
                    brute_winning_moves(&known, after).len(),
                    "{here} {}",
                    m.mv
                );
            }
        }
    }
}

/// The pairs by their recurrence: `a_k` the least number in no earlier pair, `b_k = a_k + k`.
#[test]
fn the_integer_pairs_are_the_recurrences_up_to_a_million() {
    const LAST: u64 = 1_000_000;
    let mut taken = vec![false; (3 * LAST) as usize];
    let mut next = 0;
    for k in 0..=LAST {
        while taken[next as usize] {
            next += 1;
        }
        let (a, b) = (next, next + k);
        taken[a as usize] = true;
        taken[b as usize] = true;
        assert_eq!((lower(k), upper(k)), (a, b), "k = {k}");
        assert_eq!(partner(a), b, "the partner of a_{k} = {a}");
        assert_eq!(partner(b), a, "the partner of b_{k} = {b}");
        assert!(
            is_lost(position(a, b)) && is_lost(position(b, a)),
            "{a},{b}"
        );
        if k > 0 {
            assert!(!is_lost(position(a, b - 1)), "{a},{}", b - 1);
            assert!(!is_lost(position(a - 1, b)), "{},{b}", a - 1);
        }
    }
}

/// Whether `a = ⌊kφ⌋` by the definition, without a square root: `a ≤ kφ < a + 1` is
/// `(2a - k)² ≤ 5k² < (2a + 2 - k)²`, both sides positive since `a ≥ k`.
fn is_floor_of_k_phi(k: u64, a: u64) -> bool {
    let (k, a) = (u128::from(k), u128::from(a));
    a >= k && (2 * a - k).pow(2) <= 5 * k * k && 5 * k * k < (2 * a + 2 - k).pow(2)
}

/// The least `k` whose `f(k)` is at least `n`, by bisection (`f` increasing).
fn first_at_least(n: u64, f: fn(u64) -> u64) -> u64 {
    let (mut low, mut high) = (0, MAX_PILE);
    while low < high {
        let mid = low + (high - low) / 2;
        if f(mid) >= n {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}

#[test]
fn the_integer_pairs_hold_near_10_to_the_18() {
    const WINDOW: u64 = 5_000;
    // Each floor by its definition, at the k where a_k, b_k and k itself near 10^18.
    let near_top = [
        first_at_least(MAX_PILE, lower),
        first_at_least(MAX_PILE, upper),
        MAX_PILE,
    ];
    for &centre in &near_top {
        for k in centre - 2_000..centre {
            assert!(is_floor_of_k_phi(k, lower(k)), "k = {k}");
            assert!(lower(k + 1) - lower(k) <= 2, "k = {k}");
        }
    }
    // The recurrence, where it reaches 10^18: every number of a window is one a_k or one b_k,
    // exactly once, with its partner the other number of its pair.
    let start = MAX_PILE - WINDOW;
    let mut seen = vec![0u8; WINDOW as usize + 1];
    for f in [lower as fn(u64) -> u64, upper] {
        let mut k = first_at_least(start, f);
        while f(k) <= MAX_PILE {
            let n = f(k);
            seen[(n - start) as usize] += 1;
            let other = if f(k) == lower(k) { upper(k) } else { lower(k) };
            assert_eq!(partner(n), other, "n = {n}");
            assert_eq!(partner(other), n, "n = {n}");
            k += 1;
        }
    }
    assert!(seen.iter().all(|&times| times == 1), "{seen:?}");
    // Positions there: a lost pair, and its neighbours won with moves to lost pairs alone.
    let last = first_at_least(MAX_PILE, upper) - 1;
    let (small, large) = (lower(last), upper(last));
    assert!(answer(position(small, large)).winning_moves.is_empty());
    assert!(!answer(position(large, small)).wins);
    for here in [
        position(small + 1, large),
        position(small, large + 1),
        position(small + 1, large + 1),
        position(MAX_PILE, MAX_PILE),
        position(MAX_PILE, MAX_PILE - 1),
        position(0, MAX_PILE),
        position(MAX_PILE, 1),
    ] {
        let got = answer(here);
        assert!(got.wins && !got.winning_moves.is_empty(), "{here}");
        for mv in got.winning_moves {
            let after = here.play(mv).expect("legal");
            let [x, y] = after.piles();
            assert!(is_floor_of_k_phi(x.abs_diff(y), x.min(y)), "{here} {mv}");
        }
    }
    let top: Vec<String> = answer(position(MAX_PILE, MAX_PILE))
        .winning_moves
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(top[0], "12:1000000000000000000");
}

/// Two perfect computers on the rules the core plays: the winner wins in the moves left the
/// table gives, whoever moves first, from every start up to 12; without a table, a winning
/// move still wins and a lost position is played out legally.
#[test]
fn the_perfect_computer_plays_the_moves_left() {
    use crate::games::core::rules::Rules;
    let mut rng = fastrand::Rng::with_seed(7);
    for a in 0..=12 {
        for b in 0..=12 {
            let start = position(a, b);
            let mut rules = Tabled::new(WythoffRules::default(), start);
            assert!(
                rules.build(true).is_none(),
                "a small table is built at once"
            );
            let table = rules.table().expect("built").clone();
            let mut at = start;
            let mut moves = 0;
            while let Some(mv) = rules.best_move(&at, true, &mut rng) {
                at = rules.play(&at, mv).expect("legal");
                moves += 1;
            }
            assert!(at.is_over(), "{start}");
            assert_eq!(
                Some(moves),
                table.moves_left(&rules.game, &start),
                "{start}"
            );
            assert_eq!(moves % 2 == 1, !is_lost(start), "{start}");
            // Without a table: the answer alone.
            let plain = Tabled::new(WythoffRules::default(), start);
            let mut at = start;
            let mut moves = 0;
            while let Some(mv) = plain.best_move(&at, false, &mut rng) {
                let before = at;
                at = plain.play(&at, mv).expect("legal");
                assert!(is_lost(before) || is_lost(at), "{before} {mv}");
                moves += 1;
            }
            assert_eq!(moves % 2 == 1, !is_lost(start), "{start}");
        }
    }
    let rules = Tabled::new(WythoffRules::default(), position(MAX_PILE, MAX_PILE));
    for at in [
        position(MAX_PILE, MAX_PILE),
        position(3, 5),
        position(MAX_PILE, 1),
    ] {
        let mv = rules.best_move(&at, true, &mut rng).expect("a move");
        assert!(at.is_legal(mv), "{at} {mv}");
        let random = rules.random_move(&at, false, &mut rng).expect("a move");
        assert!(at.is_legal(random), "{at} {random}");
    }
    // The casual computer still takes the last coins when one move takes them all.
    for at in [position(0, 9), position(7, 7), position(4, 0)] {
        let mv = rules.random_move(&at, true, &mut rng).expect("a move");
        assert!(rules.play(&at, mv).unwrap().is_over(), "{at} {mv}");
    }
    assert_eq!(rules.random_move(&position(0, 0), false, &mut rng), None);
}

/// Only the perfect computer's game builds a table, and only of a start within the instant
/// size.
#[test]
fn a_table_is_built_only_for_moves_left_within_the_instant_size() {
    use crate::games::core::rules::Rules;
    let mut rules = Tabled::new(WythoffRules::default(), position(26, 26));
    assert!(rules.build(false).is_none() && rules.table().is_none());
    assert!(rules.build(true).is_none(), "never a task");
    assert!(
        rules
            .table()
            .expect("built")
            .covers(&rules.game, &position(26, 26))
    );
    let mut past = Tabled::new(WythoffRules::default(), position(200, 300));
    assert!(past.build(true).is_none());
    assert!(past.table().is_none(), "past the instant size: no table");
}

/// The Study screen's words are the core's study of the rules with their table
/// (`LineStudy`): the title and "piles …", the table wanted only where the one held does not
/// cover the position, a table answering every position it numbers (as Nim's), why moves left
/// are missing past the budget, and the rows board's move words where a game is too large for
/// the queen's board.
#[test]
fn the_study_words_are_the_cores() {
    use super::rules::Piles::Both;
    use crate::games::core::study::StudyRules;
    use crate::games::review::MoveWords;
    let mut queen = Tabled::new(WythoffRules::default(), position(4, 5));
    assert_eq!(queen.title(), "Wythoff's game");
    assert_eq!(queen.describe(&position(3, 5)), "piles 3,5");
    assert!(queen.want(&position(3, 5)).is_none(), "built at once");
    assert!(queen.answers(&position(4, 5), &position(3, 5)));
    assert!(!queen.answers(&position(4, 5), &position(5, 5)));
    assert_eq!(queen.missing(&position(3, 5)), None);
    assert_eq!(
        queen.missing(&position(200, 300)).as_deref(),
        Some("moves left: not known past 16,384 positions")
    );
    let mv = Move {
        piles: Both,
        take: 3,
    };
    assert_eq!(
        queen.move_words(mv),
        None,
        "the queen's words are the game's"
    );
    let rows = Tabled::new(WythoffRules::default(), position(40, 50));
    assert_eq!(
        rows.move_words(mv),
        Some(MoveWords::taking("3 from both".into()))
    );
}

/// The Study screen's study of a game's position, on the queen's board: every move with its
/// outcome and moves left, as the brute force has them, and a move played along the line.
#[test]
fn a_position_is_studied_with_every_move_and_its_moves_left() {
    let known = brute_force();
    let values = Values::default().with(PILES, "4,5");
    let mut study = super::Wythoff
        .study(&values, None, &["1:1".into()], None)
        .expect("a study");
    assert_eq!(study.position(), "wythoff 3,5");
    let analysis = study.analysis();
    assert_eq!(analysis.wins, Some(false));
    assert_eq!(analysis.moves_left, Some(at(&known, [3, 5]).1));
    assert_eq!(analysis.moves.len(), 3 + 5 + 3);
    for m in &analysis.moves {
        let mv = Move::parse(&m.notation).expect("notation");
        let (after_wins, after_left) = at(&known, position(3, 5).play(mv).unwrap().piles());
        assert_eq!(
            (m.wins, m.moves_left),
            (Some(!after_wins), Some(after_left))
        );
    }
    assert!(study.play_move("12:3"));
    assert_eq!(study.position(), "wythoff 0,2");
    assert_eq!(study.analysis().wins, Some(true));
    assert!(
        super::Wythoff
            .study(&values, None, &["12:9".into()], None)
            .is_none(),
        "an illegal move is no study"
    );
}

#[test]
fn the_rows_board_maps_its_rows_and_takes_to_moves_and_back() {
    use super::rules::Piles;
    use super::session::{ROWS_KEYS, WythoffRowsSession, WythoffRules, pile_text};
    use crate::games::rows::board::{Place, RowsRules};
    use crate::games::setup::{Player, Setup};
    use crate::input::Action;
    let at = position(40, 65);
    let rules = Tabled::new(WythoffRules::default(), at);
    for (row, piles) in [(0, Piles::First), (1, Piles::Second), (2, Piles::Both)] {
        let mv = rules.make(row, 7);
        assert_eq!(mv, Move { piles, take: 7 });
        assert_eq!(rules.row_of(mv), (row, 7));
    }
    assert_eq!(rules.takes_from(&at, 0), [0]);
    assert_eq!(rules.takes_from(&at, 1), [1]);
    assert_eq!(
        rules.takes_from(&at, 2),
        [0, 1],
        "both takes from each pile"
    );
    assert_eq!(rules.joint_rows(), ["both"]);
    assert_eq!(rules.row_name(2), "both piles");
    let both = Move {
        piles: Piles::Both,
        take: 1234,
    };
    assert_eq!(pile_text(both), "1,234 from both");
    assert_eq!(ROWS_KEYS[0].help, "choose pile 1, pile 2 or both");
    // Through a game: ↓↓ choose both, digits its take, which may not pass the smaller pile.
    let setup = Setup {
        players: [Player::Person, Player::Person],
        ..Setup::default()
    };
    let mut game = WythoffRowsSession::begin(setup.clone(), rules, at);
    game.act(Action::Down);
    game.act(Action::Down);
    assert_eq!(game.board.pile, 2);
    game.act(Action::Digit(4));
    game.act(Action::Digit(5));
    let refused = game.message.clone().unwrap_or_default();
    assert!(refused.contains("cannot be taken from both"), "{refused}");
    game.act(Action::Select);
    assert_eq!(game.position, at, "nothing taken");
    game.act(Action::Erase);
    game.act(Action::Select);
    assert_eq!(game.position, position(36, 61));
    // A bar's cell chooses a take from its pile, the second click takes it.
    game.point(Place::Bar { pile: 1, index: 60 }.into(), true);
    assert_eq!(
        game.chosen(),
        Move {
            piles: Piles::Second,
            take: 1
        }
    );
    game.point(Place::Bar { pile: 1, index: 60 }.into(), true);
    assert_eq!(game.position, position(36, 60));
    // A click on the both row chooses it; →/← step its take within the smaller pile.
    game.point(Place::Row(2).into(), true);
    assert_eq!(game.board.pile, 2);
    for _ in 0..50 {
        game.act(Action::Right);
    }
    assert_eq!(
        game.chosen(),
        Move {
            piles: Piles::Both,
            take: 36
        }
    );
    // With pile 1 empty, both takes nothing: the choice leaves it, and ↓ passes it by.
    let empty = position(0, 30);
    let mut game =
        WythoffRowsSession::begin(setup, Tabled::new(WythoffRules::default(), empty), empty);
    assert_eq!(game.board.pile, 1);
    game.act(Action::Down);
    assert_eq!(game.board.pile, 1);
}

/// The Piles line's values, as typed.
fn values(piles: &str) -> Values {
    Values::default().with(PILES, piles)
}

#[test]
fn the_presets_start_games_and_the_longest_piles_fit() {
    for preset in PRESETS {
        assert_eq!(super::Wythoff.problem(&values(preset)), None, "{preset}");
    }
    let longest = "1000000000000000000, 1000000000000000000";
    assert_eq!(longest.chars().count(), super::MOST_CHARS);
    assert!(
        longest
            .chars()
            .all(|c| super::Wythoff.fields()[0].takes_char(c))
    );
    // Piles past the queen's board are played on the rows board, up to 10^18.
    assert_eq!(super::Wythoff.problem(&values(longest)), None);
    assert_eq!(super::Wythoff.problem(&values("26,0")), None);
    assert_eq!(super::Wythoff.problem(&values("0,27")), None);
    assert_eq!(super::Wythoff.describe(&values(" 9, 14")), "Wythoff 9,14");
    assert_eq!(super::Wythoff.describe(&values("9,,14")), "Wythoff {9,,14}");
    for text in ["", "4", "0,0", "1,2,3", "1000000000000000001,1"] {
        let problem = super::Wythoff.problem(&values(text)).expect(text);
        assert_eq!(problem.keys, &[PILES]);
        assert_eq!(Err(problem.reason), Position::parse_body(text), "{text:?}");
    }
}

#[test]
fn saved_moves_are_replayed() {
    use crate::games::position::StartPosition;
    let saved_problem =
        |v: &Values, start, moves: &[String]| super::Wythoff.saved_problem(v, start, moves);
    let v = values("1,2");
    assert_eq!(saved_problem(&v, None, &["12:1".into()]), None);
    assert_eq!(
        saved_problem(&v, None, &["12:1".into(), "2:1".into()]),
        Some("the game is over".into())
    );
    assert_eq!(
        saved_problem(&v, None, &["12:2".into()]),
        Some("move 1 (\"12:2\") is not legal: pile 1 holds only 1 coin, so 2 cannot be taken from both".into())
    );
    let start = StartPosition::new("wythoff 3,0".into());
    assert_eq!(saved_problem(&v, Some(&start), &["1:2".into()]), None);
    let other = StartPosition::new("nim 3,4".into());
    assert!(
        saved_problem(&v, Some(&other), &[])
            .unwrap()
            .ends_with("is not a wythoff position")
    );
}
