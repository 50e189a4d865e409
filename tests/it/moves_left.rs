//! Moves left in the coin games (subtraction, Fibonacci Nim, Nim) against a brute force
//! written straight from the definitions: outcomes, moves left and winning replies, of every
//! position and every move.

use munch::games::core::rules::Rules;
use munch::games::core::table::{Tabled, study};
use munch::games::fibonacci::rules as fib_rules;
use munch::games::fibonacci::session::FibonacciRules;
use munch::games::moves_left::{AnalysedMove, PositionAnalysis};
use munch::games::nim::moves_left::{NIM_BUDGET, NimMovesLeft};
use munch::games::nim::rules::{Move, Position};
use munch::games::nim::session::NimRules;
use munch::games::pile::player::fighting_take;
use munch::games::pile::rules::PilePosition;
use munch::games::subtraction::rules::TakeSet;
use munch::games::subtraction::session::SubtractionRules;
use munch::solve::fibonacci_table::{FIB_REACH, FibMovesLeft};
use munch::solve::subtraction_table::{
    MOVES_LEFT_LIMIT, PERIOD_SEARCH_LIMIT, SubtractionMovesLeft, SubtractionSolution,
};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// What the brute force knows of a position: whether the player to move wins, its moves left
/// and how many winning moves it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Known {
    wins: bool,
    left: u64,
    winning: usize,
}

/// The definitions, from what is known of the positions the moves lead to: a position wins
/// when a move leaves a lost one; no move: 0; won: 1 + the least moves left among the lost
/// positions it can move to; lost: 1 + the most among all.
fn by_definition(children: impl IntoIterator<Item = Known>) -> Known {
    let (mut fastest, mut longest, mut winning) = (None::<u64>, None::<u64>, 0);
    for child in children {
        if !child.wins {
            winning += 1;
            fastest = Some(fastest.map_or(child.left, |f| f.min(child.left)));
        }
        longest = Some(longest.map_or(child.left, |l| l.max(child.left)));
    }
    Known {
        wins: winning > 0,
        left: fastest.or(longest).map_or(0, |left| left + 1),
        winning,
    }
}

/// Checks a study against the brute force: the position, then each move in order.
fn check_study<M: std::fmt::Debug + PartialEq>(
    what: &str,
    study: &PositionAnalysis<M>,
    position: Known,
    moves: &[(M, Known)],
) {
    assert_eq!(study.wins, position.wins, "{what}");
    assert_eq!(study.moves_left, Some(position.left), "{what}");
    let expected: Vec<AnalysedMove<&M>> = moves
        .iter()
        .map(|(mv, after)| AnalysedMove {
            mv,
            wins: !after.wins,
            moves_left: Some(after.left),
            winning_replies: after.winning,
        })
        .collect();
    let got: Vec<AnalysedMove<&M>> = study
        .moves
        .iter()
        .map(|m| AnalysedMove {
            mv: &m.mv,
            wins: m.wins,
            moves_left: m.moves_left,
            winning_replies: m.winning_replies,
        })
        .collect();
    assert_eq!(got, expected, "{what}");
    assert!(study.complete(), "{what}");
}

/// The subtraction game by plain recursion, remembered.
struct BruteSubtraction {
    set: Vec<u64>,
    memo: Vec<Option<Known>>,
}

impl BruteSubtraction {
    fn new(set: &TakeSet) -> BruteSubtraction {
        BruteSubtraction {
            set: set.sizes().to_vec(),
            memo: Vec::new(),
        }
    }

    fn at(&mut self, pile: u64) -> Known {
        let x = pile as usize;
        if self.memo.len() <= x {
            self.memo.resize(x + 1, None);
        }
        if let Some(known) = self.memo[x] {
            return known;
        }
        let takes: Vec<u64> = self.set.iter().copied().filter(|&k| k <= pile).collect();
        let children: Vec<Known> = takes.iter().map(|&k| self.at(pile - k)).collect();
        let known = by_definition(children);
        self.memo[x] = Some(known);
        known
    }
}

const SETS: [&str; 8] = [
    "1,3,4",
    "1-3",
    "2,5",
    "1,4,9,16",
    "3,4,7",
    "5",
    "2-3,7",
    "1,2,6,11,12",
];

#[test]
fn subtraction_studies_agree_with_brute_force_up_to_pile_2000() {
    for text in SETS {
        let set = TakeSet::parse(text).unwrap();
        let solution = SubtractionSolution::solve(set.sizes(), PERIOD_SEARCH_LIMIT);
        let table = SubtractionMovesLeft::solve(set.sizes(), MOVES_LEFT_LIMIT);
        let rules = SubtractionRules::solved(solution, 2000);
        let mut brute = BruteSubtraction::new(&set);
        for pile in 0..=2000u64 {
            let study = (rules.study(&SubtractionRules::start(pile)))
                .unwrap_or_else(|| panic!("{text}: pile {pile} is within reach"));
            let moves: Vec<(u64, Known)> =
                set.legal(pile).map(|k| (k, brute.at(pile - k))).collect();
            let position = brute.at(pile);
            check_study(&format!("{text}: pile {pile}"), &study, position, &moves);
            assert_eq!(table.wins(pile), Some(position.wins), "{text}: {pile}");
        }
    }
}

/// The closed form past the computed piles against the plain table, pile by pile.
fn check_closed_form(set: &TakeSet, up_to: u64) {
    let table = SubtractionMovesLeft::solve(set.sizes(), MOVES_LEFT_LIMIT);
    let cycle = table.cycle().unwrap_or_else(|| panic!("{set}: a period"));
    assert!(
        cycle.period > 0 && cycle.gains.iter().all(|&g| g > 0),
        "{set}"
    );
    assert!(
        table.computed() < up_to,
        "{set}: the check must reach past the computed piles"
    );
    let exact = SubtractionMovesLeft::exact_to(set.sizes(), up_to);
    assert_eq!(exact.cycle(), None);
    for pile in 0..=up_to {
        assert_eq!(
            table.moves_left(pile),
            exact.moves_left(pile),
            "{set}: {pile}"
        );
        assert_eq!(table.wins(pile), exact.wins(pile), "{set}: {pile}");
    }
    // Far away, the form still steps by each residue's gain.
    let far = u64::MAX / 4;
    assert!(far > cycle.base);
    for pile in far..far + 100 {
        let gain = cycle.gains[((pile - cycle.base) % cycle.period) as usize];
        let (a, b) = (
            table.moves_left(pile),
            table.moves_left(pile + cycle.period),
        );
        assert_eq!(b, a.map(|a| a + gain), "{set}: {pile}");
    }
}

#[test]
fn the_subtraction_closed_form_agrees_with_the_direct_table() {
    for text in SETS {
        check_closed_form(&TakeSet::parse(text).unwrap(), 100_000);
    }
    // A wide set, and one whose largest take is far from the rest.
    check_closed_form(&TakeSet::parse("1-40").unwrap(), 100_000);
    check_closed_form(&TakeSet::parse("2,3,300").unwrap(), 200_000);
    // {4,12,15}: its lost piles lengthen at several rates, so no key repeats and the checked
    // window proves a gain per residue.
    let set = TakeSet::parse("4,12,15").unwrap();
    check_closed_form(&set, 200_000);
    let table = SubtractionMovesLeft::solve(set.sizes(), MOVES_LEFT_LIMIT);
    let gains = &table.cycle().expect("a period").gains;
    assert!(gains.iter().any(|&g| g != gains[0]), "{gains:?}");
}

#[test]
fn closed_forms_of_random_sets_agree_with_the_direct_table() {
    // Sets of up to 7 takes up to 200: most show one gain, a few a gain per residue.
    let mut rng = fastrand::Rng::with_seed(16);
    let mut per_residue = 0;
    for _ in 0..1500 {
        let raw: Vec<u64> = (0..rng.usize(1..=7)).map(|_| rng.u64(1..=200)).collect();
        let set = TakeSet::new(&raw).unwrap();
        let table = SubtractionMovesLeft::solve(set.sizes(), MOVES_LEFT_LIMIT);
        let Some(cycle) = table.cycle() else {
            continue;
        };
        per_residue += usize::from(cycle.gains.iter().any(|&g| g != cycle.gains[0]));
        let up_to = (cycle.base + 5 * cycle.period).max(20_000);
        let exact = SubtractionMovesLeft::exact_to(set.sizes(), up_to);
        for pile in 0..=up_to {
            assert_eq!(
                table.moves_left(pile),
                exact.moves_left(pile),
                "{set}: {pile}"
            );
            assert_eq!(table.wins(pile), exact.wins(pile), "{set}: {pile}");
        }
    }
    assert!(
        per_residue >= 3,
        "{per_residue} sets with a gain per residue"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_subtraction_sets_agree_with_brute_force(raw in proptest::collection::vec(1u64..=20, 1..6)) {
        let set = TakeSet::new(&raw).unwrap();
        let table = SubtractionMovesLeft::solve(set.sizes(), MOVES_LEFT_LIMIT);
        let mut brute = BruteSubtraction::new(&set);
        for pile in 0..=3000u64 {
            let known = brute.at(pile);
            prop_assert_eq!(table.moves_left(pile), Some(known.left), "{} pile {}", set, pile);
            prop_assert_eq!(table.wins(pile), Some(known.wins));
        }
        let exact = SubtractionMovesLeft::exact_to(set.sizes(), 30_000);
        for pile in 3000..=30_000u64 {
            prop_assert_eq!(table.moves_left(pile), exact.moves_left(pile), "{} pile {}", set, pile);
        }
        // Without an arithmetic period, every pile up to the limit is exact and none past it
        // is guessed.
        if table.cycle().is_none() {
            prop_assert_eq!(table.computed(), MOVES_LEFT_LIMIT);
            prop_assert!(table.moves_left(MOVES_LEFT_LIMIT - 1).is_some());
            prop_assert_eq!(table.moves_left(MOVES_LEFT_LIMIT), None);
        }
    }
}

/// Fibonacci Nim from the rules, pile by pile upwards: `known[n][m]` for the max take
/// `m <= n`. From pile `n` a take `k` (1 to the max take) leaves `n - k` coins, of which the
/// next player may take up to `2k`.
struct BruteFibonacci {
    known: Vec<Vec<Known>>,
}

impl BruteFibonacci {
    fn new(reach: usize) -> BruteFibonacci {
        let mut known: Vec<Vec<Known>> = Vec::with_capacity(reach + 1);
        for n in 0..=reach {
            // About 1.3·10^9 children up to pile 2000: no list, no recursion.
            let row: Vec<Known> = (0..=n)
                .map(|m| {
                    by_definition((1..=m).map(|k| {
                        let left = n - k;
                        known[left][(2 * k).min(left)]
                    }))
                })
                .collect();
            known.push(row);
        }
        BruteFibonacci { known }
    }

    fn at(&self, position: PilePosition) -> Known {
        self.known[position.pile as usize][fib_rules::limit(position) as usize]
    }

    fn moves(&self, position: PilePosition) -> Vec<(u64, Known)> {
        (1..=fib_rules::limit(position))
            .map(|k| (k, self.at(fib_rules::take(position, k))))
            .collect()
    }
}

#[test]
fn fibonacci_agrees_with_brute_force_on_every_position_up_to_pile_2000() {
    const { assert!(FIB_REACH >= 2000) };
    let table = FibMovesLeft::shared();
    let rules = FibonacciRules::with_table();
    let brute = BruteFibonacci::new(2000);
    for pile in 0..=2000u64 {
        for max_take in 0..=pile {
            let position = PilePosition { pile, max_take };
            let known = brute.at(position);
            assert_eq!(
                table.moves_left(position.pile, position.max_take),
                Some(known.left),
                "{position:?}"
            );
            assert_eq!(
                table.wins(position.pile, position.max_take),
                Some(known.wins),
                "{position:?}"
            );
        }
        // Whole studies (each reply count asks Zeckendorf, a few µs): every max take of the
        // smaller piles, and the start of a game every 11 piles above.
        let max_takes = match pile {
            0..=100 => 0..=pile,
            _ if pile % 11 == 0 => pile - 1..=pile - 1,
            _ => continue,
        };
        for max_take in max_takes {
            let position = PilePosition { pile, max_take };
            let study = rules.study_all(&position).expect("few moves");
            let moves = brute.moves(position);
            check_study(&format!("{position:?}"), &study, brute.at(position), &moves);
        }
    }
    let past = PilePosition {
        pile: 2001,
        max_take: 4,
    };
    assert_eq!(table.moves_left(past.pile, past.max_take), None);
    let study = rules.study_all(&past).expect("four moves");
    assert!(!study.complete() && study.moves_left.is_none());
    assert_eq!(study.moves.len(), 4);
}

/// Nim by plain recursion, remembered.
#[derive(Default)]
struct BruteNim {
    memo: FxHashMap<Vec<u64>, Known>,
}

impl BruteNim {
    fn at(&mut self, piles: &[u64]) -> Known {
        if let Some(&known) = self.memo.get(piles) {
            return known;
        }
        let children = self.moves(piles).into_iter().map(|(_, known)| known);
        let known = by_definition(children);
        self.memo.insert(piles.to_vec(), known);
        known
    }

    /// Every move by pile, then by take, and what the brute force knows after it.
    fn moves(&mut self, piles: &[u64]) -> Vec<(Move, Known)> {
        let mut moves = Vec::new();
        for pile in 0..piles.len() {
            for take in 1..=piles[pile] {
                let mut after = piles.to_vec();
                after[pile] -= take;
                moves.push((Move { pile, take }, self.at(&after)));
            }
        }
        moves
    }
}

/// Every position below `top`, in the order the table numbers them.
fn below(top: &[u64]) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for &most in top {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u64>| {
                (0..=most).map(move |coins| {
                    let mut p = p.clone();
                    p.push(coins);
                    p
                })
            })
            .collect();
    }
    all
}

fn check_nim(top: &[u64], brute: &mut BruteNim) {
    let start = Position::new(top).unwrap();
    let table =
        NimMovesLeft::build(&NimRules::default(), &start, NIM_BUDGET).expect("a small table");
    for piles in below(top) {
        let position = Position::new(&piles).unwrap();
        let study = study(&NimRules::default(), &position, Some(&table)).expect("few moves");
        let moves = brute.moves(&piles);
        check_study(&format!("{piles:?}"), &study, brute.at(&piles), &moves);
    }
}

#[test]
fn nim_agrees_with_brute_force_on_all_small_positions() {
    let mut brute = BruteNim::default();
    for top in [
        &[30][..],
        &[20, 20],
        &[9, 7, 8],
        &[5, 5, 5, 5],
        &[3, 2, 3, 1, 2],
        &[1, 1, 1, 1, 1, 1, 1, 2],
    ] {
        check_nim(top, &mut brute);
    }
    // Out of the budget: outcomes and replies, no moves left.
    let big = Position::new(&[3000, 3000]).unwrap();
    assert!(NimMovesLeft::build(&NimRules::default(), &big, NIM_BUDGET).is_none());
    let study = study(&NimRules::default(), &big, None).expect("6,000 moves");
    assert!(!study.complete() && !study.wins);
    assert_eq!(study.moves.len(), 6000);
    assert!(
        study
            .moves
            .iter()
            .all(|m| !m.wins && m.winning_replies == 1)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_small_nim_positions_agree_with_brute_force(top in proptest::collection::vec(0u64..=6, 1..=4)) {
        let mut brute = BruteNim::default();
        check_nim(&top, &mut brute);
    }
}

/// Checks the computer's take at level perfect against the brute force: a winning take of the
/// fastest win when it can win; otherwise a take leaving the fewest winning replies and, among
/// those, the longest defence.
fn check_fight(what: &str, chosen: u64, moves: &[(u64, Known)]) {
    let after = moves
        .iter()
        .find(|(take, _)| *take == chosen)
        .unwrap_or_else(|| panic!("{what}: {chosen} is legal"))
        .1;
    let lost: Vec<u64> = moves
        .iter()
        .filter(|(_, k)| !k.wins)
        .map(|(_, k)| k.left)
        .collect();
    if let Some(&fastest) = lost.iter().min() {
        assert!(!after.wins, "{what}: {chosen} must win");
        assert_eq!(
            after.left, fastest,
            "{what}: {chosen} is not the fastest win"
        );
        return;
    }
    let fewest = moves.iter().map(|(_, k)| k.winning).min().expect("a move");
    assert_eq!(
        after.winning, fewest,
        "{what}: {chosen} leaves more replies"
    );
    let longest = moves
        .iter()
        .filter(|(_, k)| k.winning == fewest)
        .map(|(_, k)| k.left)
        .max()
        .expect("a move");
    assert_eq!(after.left, longest, "{what}: {chosen} is a shorter defence");
}

#[test]
fn the_perfect_computer_wins_fastest_and_defends_longest_in_the_subtraction_game() {
    let mut rng = fastrand::Rng::with_seed(16);
    for text in SETS {
        let set = TakeSet::parse(text).unwrap();
        let rules = SubtractionRules::new(&set, 300);
        let mut brute = BruteSubtraction::new(&set);
        for pile in 0..=300u64 {
            let moves: Vec<(u64, Known)> =
                set.legal(pile).map(|k| (k, brute.at(pile - k))).collect();
            let at = SubtractionRules::start(pile);
            for _ in 0..8 {
                match fighting_take(&rules, at, &mut rng) {
                    Some(take) => check_fight(&format!("{text}: {pile}"), take, &moves),
                    None => assert!(moves.is_empty(), "{text}: {pile} has a take"),
                }
            }
        }
    }
}

#[test]
fn the_perfect_computer_wins_fastest_and_defends_longest_in_fibonacci_nim() {
    let mut rng = fastrand::Rng::with_seed(16);
    let brute = BruteFibonacci::new(80);
    let rules = FibonacciRules::with_table();
    for pile in 0..=80u64 {
        for max_take in 0..=pile {
            let position = PilePosition { pile, max_take };
            let at = position;
            let moves = brute.moves(position);
            for _ in 0..2 {
                match fighting_take(&rules, at, &mut rng) {
                    Some(take) => check_fight(&format!("{position:?}"), take, &moves),
                    None => assert!(moves.is_empty(), "{position:?} has a take"),
                }
            }
        }
    }
    // The example: from 21 (lost) the computer no longer takes 8, which leaves 13
    // with 16 allowed, so that the person simply takes everything.
    let start = fib_rules::start(21).expect("a game of 21");
    for _ in 0..50 {
        let take = fighting_take(&rules, start, &mut rng).expect("a take");
        assert_ne!(take, 8);
        let after = rules.play(&start, take).expect("a legal take");
        assert!(
            after.max_take < after.pile,
            "{take} lets the person take everything"
        );
    }
}

#[test]
fn the_perfect_computer_wins_fastest_and_defends_longest_in_nim() {
    let mut rng = fastrand::Rng::with_seed(16);
    let mut brute = BruteNim::default();
    for top in [&[12, 12][..], &[5, 6, 7], &[3, 3, 3, 3]] {
        // The perfect computer's rules, with the table of the start built at once.
        let mut rules = Tabled::new(NimRules::default(), Position::new(top).unwrap());
        assert!(rules.build(true).is_none() && rules.table().is_some());
        for piles in below(top) {
            let position = Position::new(&piles).unwrap();
            let moves = brute.moves(&piles);
            // As the one-pile check, with each move numbered by its place in the list.
            let numbered: Vec<(u64, Known)> = (0u64..).zip(moves.iter().map(|m| m.1)).collect();
            for _ in 0..2 {
                match rules.best_move(&position, true, &mut rng) {
                    Some(mv) => {
                        let at = moves.iter().position(|m| m.0 == mv).expect("a legal move");
                        check_fight(&format!("{piles:?}"), at as u64, &numbered);
                    }
                    None => assert!(moves.is_empty(), "{piles:?} has a move"),
                }
            }
        }
    }
}
