//! Puzzles proven by a game's study (`games::core::puzzle`), checked against a brute force for
//! Nim, the subtraction game and Chomp; and those `munch puzzles` prints, of every game, read
//! back from their position strings and notation by a brute force that knows nothing of munch.

use munch::games::GAMES;
use munch::games::chomp::rules::Position as Bar;
use munch::games::chomp::tables::ChompRules;
use munch::games::core::puzzle::{self, Bounds, MOST_SOLVER_MOVES, Printed, Puzzle};
use munch::games::core::rules::Rules;
use munch::games::core::table::Tabled;
use munch::games::nim::rules::Position as Piles;
use munch::games::nim::session::NimRules;
use munch::games::pile::rules::PilePosition;
use munch::games::request::Request;
use munch::games::subtraction::rules::TakeSet;
use munch::games::subtraction::session::SubtractionRules;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// The states one move leads to from a state.
type Children<K> = Box<dyn Fn(&K) -> Vec<K>>;

/// A game's outcome and moves left by the definition, from scratch, over its own states: the
/// winner finishes as fast as it can, the loser holds out as long as it can.
struct Brute<K> {
    children: Children<K>,
    /// Whether the player to move at a state with no move has won (Chomp: the other ate the
    /// poison) rather than lost (the last coin was taken).
    ended_wins: bool,
    known: HashMap<K, (bool, u64)>,
}

impl<K: Clone + Eq + Hash> Brute<K> {
    fn new(children: impl Fn(&K) -> Vec<K> + 'static, ended_wins: bool) -> Brute<K> {
        Brute {
            children: Box::new(children),
            ended_wins,
            known: HashMap::new(),
        }
    }

    /// Whether the player to move wins, and the moves left.
    fn solve(&mut self, state: &K) -> (bool, u64) {
        if let Some(&known) = self.known.get(state) {
            return known;
        }
        let children: Vec<(bool, u64)> = (self.children)(state)
            .iter()
            .map(|child| self.solve(child))
            .collect();
        let fastest = children.iter().filter(|c| !c.0).map(|c| c.1).min();
        let longest = children.iter().map(|c| c.1).max();
        let solved = match (fastest, longest) {
            (Some(fastest), _) => (true, fastest + 1),
            (None, Some(longest)) => (false, longest + 1),
            (None, None) => (self.ended_wins, 0),
        };
        self.known.insert(state.clone(), solved);
        solved
    }
}

/// Checks the puzzle `rules` find from `start` against `brute` (`state` a position's state):
/// found exactly where the side to move wins with a forced first move; each solver move the
/// only winning one (or a winning one that ends the game, the puzzle's last); each defence the
/// longest; the start's moves left. Whether a puzzle was found, and its length.
fn check<R: Rules, K: Clone + Eq + Hash + std::fmt::Debug>(
    rules: &R,
    start: &R::Position,
    state: impl Fn(&R::Position) -> K,
    brute: &mut Brute<K>,
) -> Option<usize> {
    let here = state(start);
    let puzzle = puzzle::find(rules, start, MOST_SOLVER_MOVES);
    let children = (brute.children)(&here);
    let winners: Vec<&K> = children.iter().filter(|c| !brute.solve(c).0).collect();
    let ends = |brute: &Brute<K>, k: &K| (brute.children)(k).is_empty();
    let forced = winners.len() == 1 || winners.iter().any(|w| ends(brute, w));
    let (wins, left) = brute.solve(&here);
    assert_eq!(puzzle.is_some(), wins && forced, "{here:?}");
    let Puzzle {
        solution,
        moves_left,
        ends: last_ends,
    } = puzzle?;
    assert_eq!(moves_left, left, "{here:?}");
    assert_eq!(solution.len() % 2, 1, "ends on a solver move: {here:?}");
    assert!(
        solution.len() < 2 * MOST_SOLVER_MOVES,
        "at most {MOST_SOLVER_MOVES} solver moves"
    );
    let mut at = start.clone();
    for (index, &mv) in solution.iter().enumerate() {
        let after = rules.play(&at, mv).expect("a legal move");
        let (before, next) = (state(&at), state(&after));
        let others = (brute.children)(&before);
        if index % 2 == 0 {
            assert!(
                !brute.solve(&next).0,
                "the solver's move wins: {before:?} → {next:?}"
            );
            let winners = others.iter().filter(|c| !brute.solve(c).0).count();
            let over = ends(brute, &next);
            assert!(
                winners == 1 || over,
                "the only win, or one that ends it: {before:?}"
            );
            assert_eq!(over, last_ends && index + 1 == solution.len());
        } else {
            let longest = others.iter().map(|c| brute.solve(c).1).max().unwrap();
            assert_eq!(
                brute.solve(&next).1,
                longest,
                "the longest defence: {before:?}"
            );
        }
        at = after;
    }
    Some(solution.len())
}

/// Every position of up to three Nim piles of up to five.
#[test]
fn every_small_nim_puzzle_is_proven_by_the_brute_force() {
    let children = |piles: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut after = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for left in 0..pile {
                let mut next = piles.clone();
                next[i] = left;
                after.push(next);
            }
        }
        after
    };
    let mut brute = Brute::new(children, false);
    let (mut found, mut longest) = (0, 0);
    for count in 1..=3u32 {
        for number in 0..6u64.pow(count) {
            let piles: Vec<u64> = (0..count).map(|i| number / 6u64.pow(i) % 6).collect();
            let start = Piles::new(&piles).unwrap();
            let mut rules = Tabled::new(NimRules::default(), start.clone());
            assert!(
                rules.build(true).is_none(),
                "a small table is built at once"
            );
            let state = |at: &Piles| at.piles().to_vec();
            if let Some(length) = check(&rules, &start, state, &mut brute) {
                (found, longest) = (found + 1, longest.max(length));
            }
        }
    }
    assert!(found > 50, "{found} puzzles");
    assert!(
        longest >= 3,
        "some puzzle has a defence: {longest} moves at most"
    );
}

/// Every pile up to 40 of three take sets.
#[test]
fn every_small_subtraction_puzzle_is_proven_by_the_brute_force() {
    for sizes in ["1,2", "1,3,4", "2,5"] {
        let set = TakeSet::parse(sizes).unwrap();
        let takes: Vec<u64> = set.sizes().to_vec();
        let children = move |pile: &u64| -> Vec<u64> {
            takes
                .iter()
                .filter(|&&k| k <= *pile)
                .map(|k| pile - k)
                .collect()
        };
        let mut brute = Brute::new(children, false);
        let mut longest = 0;
        for pile in 0..=40 {
            let rules = SubtractionRules::new(&set, pile);
            let start = SubtractionRules::start(pile);
            let state = |at: &PilePosition| at.pile;
            if let Some(length) = check(&rules, &start, state, &mut brute) {
                longest = longest.max(length);
            }
        }
        assert!(longest >= 3, "{sizes}: a puzzle with a defence");
    }
}

/// Every position of a 4 × 4 bar, from the tables the game builds.
#[test]
fn every_small_chomp_puzzle_is_proven_by_the_brute_force() {
    let children = |heights: &Vec<u8>| -> Vec<Vec<u8>> {
        let mut after = Vec::new();
        for col in 0..heights.len() {
            for row in 0..heights[col] {
                let eaten: Vec<u8> = (0..heights.len())
                    .map(|c| {
                        if c >= col {
                            heights[c].min(row)
                        } else {
                            heights[c]
                        }
                    })
                    .collect();
                after.push(eaten);
            }
        }
        after
    };
    let mut brute = Brute::new(children, true);
    let full = Bar::full(4, 4).unwrap();
    let mut rules = ChompRules::new(&full).wanting_moves_left(true);
    for _ in 0..4 {
        let Some(waiting) = rules.build(true) else {
            break;
        };
        let Request::Build(task) = waiting.request() else {
            panic!("a build");
        };
        rules.take_built(task.run(&mut |_, _| true).expect("built"));
    }
    let (mut found, mut longest) = (0, 0);
    for number in 0..5u32.pow(4) {
        let heights: Vec<usize> = (0..4)
            .map(|i| (number / 5u32.pow(i) % 5) as usize)
            .collect();
        if heights.windows(2).any(|w| w[1] > w[0]) || heights[0] == 0 {
            continue;
        }
        let start = Bar::from_heights(4, 4, &heights).unwrap();
        let state = |at: &Bar| at.heights().to_vec();
        if let Some(length) = check(&rules, &start, state, &mut brute) {
            (found, longest) = (found + 1, longest.max(length));
        }
    }
    assert!(found > 10, "{found} puzzles");
    assert!(
        longest >= 3,
        "some puzzle has a defence: {longest} moves at most"
    );
}

/// A game's positions and moves as a brute force reads them from what `munch puzzles`
/// prints, without munch: a position string's state, a move's notation played, every state
/// one move leads to.
struct Written<K> {
    read: fn(&str) -> K,
    play: fn(&K, &str) -> K,
    brute: Brute<K>,
}

/// The numbers of a list like `1,4-6` (runs as ranges).
fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((from, to)) => out.extend(from.parse::<u64>().unwrap()..=to.parse().unwrap()),
            None => out.push(part.parse().unwrap()),
        }
    }
    out
}

/// The words of a position string after its game's id.
fn words(position: &str, id: &str) -> Vec<String> {
    let mut words = position.split_whitespace().map(str::to_string);
    assert_eq!(words.next().as_deref(), Some(id), "{position}");
    words.collect()
}

/// Chomp's bar as its column heights, from `chomp 6x7 6,6,4,4,2,0,0`; a move `d4` eats the
/// square of column d, row 4 and everything above and to the right of it.
fn chomp() -> Written<Vec<u8>> {
    fn eat(heights: &[u8], col: usize, row: u8) -> Vec<u8> {
        (heights.iter().enumerate())
            .map(|(c, &h)| if c >= col { h.min(row) } else { h })
            .collect()
    }
    let children = |heights: &Vec<u8>| -> Vec<Vec<u8>> {
        (0..heights.len())
            .flat_map(|col| (0..heights[col]).map(move |row| (col, row)))
            .map(|(col, row)| eat(heights, col, row))
            .collect()
    };
    Written {
        read: |position| {
            let words = words(position, "chomp");
            let (rows, cols) = words[0].split_once('x').unwrap();
            let heights: Vec<u8> = numbers(&words[1]).iter().map(|&h| h as u8).collect();
            assert_eq!(heights.len(), cols.parse::<usize>().unwrap(), "{position}");
            assert!(heights.iter().all(|&h| h <= rows.parse().unwrap()));
            heights
        },
        play: |heights, mv| {
            let col = usize::from(mv.as_bytes()[0] - b'a');
            let row: u8 = mv[1..].parse().unwrap();
            assert!(row >= 1 && heights[col] >= row, "{mv} is on {heights:?}");
            eat(heights, col, row - 1)
        },
        brute: Brute::new(children, true),
    }
}

/// Nim's piles, from `nim 3,4,5`; a move `2:3` takes 3 coins from pile 2.
fn nim() -> Written<Vec<u64>> {
    let children = |piles: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut after = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for left in 0..pile {
                let mut next = piles.clone();
                next[i] = left;
                after.push(next);
            }
        }
        after
    };
    Written {
        read: |position| numbers(&words(position, "nim")[0]),
        play: |piles, mv| {
            let (pile, take) = mv.split_once(':').unwrap();
            let (pile, take): (usize, u64) = (pile.parse().unwrap(), take.parse().unwrap());
            let mut next = piles.clone();
            next[pile - 1] = next[pile - 1].checked_sub(take).unwrap();
            assert!(take > 0);
            next
        },
        brute: Brute::new(children, false),
    }
}

/// Wythoff's two piles, from `wythoff 9,14`; a move `1:3`, `2:3` or `12:3` takes 3 from the
/// first pile, the second, or both.
fn wythoff() -> Written<(u64, u64)> {
    let children = |&(a, b): &(u64, u64)| -> Vec<(u64, u64)> {
        let mut after: Vec<(u64, u64)> = (0..a).map(|x| (x, b)).collect();
        after.extend((0..b).map(|y| (a, y)));
        after.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        after
    };
    Written {
        read: |position| {
            let piles = numbers(&words(position, "wythoff")[0]);
            (piles[0], piles[1])
        },
        play: |&(a, b), mv| {
            let (piles, take) = mv.split_once(':').unwrap();
            let take: u64 = take.parse().unwrap();
            assert!(take > 0);
            match piles {
                "1" => (a.checked_sub(take).unwrap(), b),
                "2" => (a, b.checked_sub(take).unwrap()),
                "12" => (a.checked_sub(take).unwrap(), b.checked_sub(take).unwrap()),
                _ => panic!("{mv} is no Wythoff move"),
            }
        },
        brute: Brute::new(children, false),
    }
}

/// A subtraction game's take set and pile, from `subtraction 1,4-6 25`; a move `5` takes 5.
fn subtraction() -> Written<(Vec<u64>, u64)> {
    let children = |(set, pile): &(Vec<u64>, u64)| -> Vec<(Vec<u64>, u64)> {
        (set.iter().filter(|&&k| k <= *pile))
            .map(|k| (set.clone(), pile - k))
            .collect()
    };
    Written {
        read: |position| {
            let words = words(position, "subtraction");
            (numbers(&words[0]), words[1].parse().unwrap())
        },
        play: |(set, pile), mv| {
            let take: u64 = mv.parse().unwrap();
            assert!(set.contains(&take) && take <= *pile, "{mv} from {pile}");
            (set.clone(), pile - take)
        },
        brute: Brute::new(children, false),
    }
}

/// Fibonacci Nim's pile and largest take, from `fibonacci 30 max 5`; a move `3` takes 3, and
/// the next may take up to twice that (no more than the pile).
fn fibonacci() -> Written<(u64, u64)> {
    let after = |pile: u64, take: u64| (pile - take, (2 * take).min(pile - take));
    let children = move |&(pile, most): &(u64, u64)| -> Vec<(u64, u64)> {
        (1..=most.min(pile)).map(|take| after(pile, take)).collect()
    };
    Written {
        read: |position| {
            let words = words(position, "fibonacci");
            assert_eq!(words[1], "max");
            (words[0].parse().unwrap(), words[2].parse().unwrap())
        },
        play: |&(pile, most), mv| {
            let take: u64 = mv.parse().unwrap();
            assert!(
                take >= 1 && take <= most.min(pile),
                "{mv} at {pile} max {most}"
            );
            (pile - take, (2 * take).min(pile - take))
        },
        brute: Brute::new(children, false),
    }
}

/// Checks a printed puzzle against the brute force: the start is won with the moves left
/// printed; the solution ends on a solver move, five at most; each solver move wins, the only
/// winning move or one that ends the game (then the last, and `ends` says so); each defence
/// lasts longest.
fn check_printed<K: Clone + Eq + Hash + std::fmt::Debug>(written: &mut Written<K>, p: &Printed) {
    let brute = &mut written.brute;
    let mut at = (written.read)(&p.position);
    assert_eq!(brute.solve(&at), (true, p.moves_left), "{p:?}");
    assert_eq!(p.solution.len() % 2, 1, "{p:?}");
    assert!(p.solution.len() < 2 * MOST_SOLVER_MOVES, "{p:?}");
    for (index, mv) in p.solution.iter().enumerate() {
        let next = (written.play)(&at, mv);
        let children = (brute.children)(&at);
        assert!(children.contains(&next), "{mv} is a move of {at:?}");
        let over = (brute.children)(&next).is_empty();
        if index % 2 == 0 {
            assert!(!brute.solve(&next).0, "{mv} wins: {p:?}");
            let winners = children.iter().filter(|c| !brute.solve(c).0).count();
            assert!(winners == 1 || over, "{mv}, the only win or the end: {p:?}");
            assert_eq!(over, p.ends && index + 1 == p.solution.len(), "{p:?}");
        } else {
            let longest = children.iter().map(|c| brute.solve(c).1).max().unwrap();
            assert_eq!(brute.solve(&next).1, longest, "{mv}, the longest: {p:?}");
        }
        at = next;
    }
}

/// The puzzles `munch puzzles` prints of the game `id` within `bounds`, from two seeds, each
/// checked by the brute force: how many, and the most solver moves.
fn check_game<K: Clone + Eq + Hash + std::fmt::Debug>(
    id: &str,
    bounds: Bounds,
    mut written: Written<K>,
) -> (usize, usize) {
    let game = GAMES.iter().find(|game| game.id() == id).unwrap();
    let (mut count, mut longest) = (0, 0);
    for seed in [1, 2] {
        let printed = game.puzzles(&bounds, seed, 300).unwrap();
        assert!(printed.len() >= 100, "{id}: {} puzzles", printed.len());
        let positions: HashSet<&str> = printed.iter().map(|p| p.position.as_str()).collect();
        assert_eq!(
            positions.len(),
            printed.len(),
            "{id}: each a different position"
        );
        for p in &printed {
            assert_eq!(p.game, id);
            check_printed(&mut written, p);
            longest = longest.max(p.solution.len().div_ceil(2));
        }
        count += printed.len();
    }
    (count, longest)
}

#[test]
fn every_chomp_puzzle_printed_up_to_6x6_is_proven_by_the_brute_force() {
    let bounds = Bounds {
        max_rows: Some(6),
        max_cols: Some(6),
        ..Bounds::default()
    };
    let (_, longest) = check_game("chomp", bounds, chomp());
    assert!(
        longest >= 3,
        "a puzzle with defences: {longest} solver moves at most"
    );
}

#[test]
fn every_pile_game_puzzle_printed_up_to_30_is_proven_by_the_brute_force() {
    let piles = |max_piles| Bounds {
        max_pile: Some(30),
        max_piles,
        ..Bounds::default()
    };
    let longest = [
        check_game("nim", piles(Some(3)), nim()).1,
        check_game("wythoff", piles(None), wythoff()).1,
        check_game("subtraction", piles(None), subtraction()).1,
        check_game("fibonacci", piles(None), fibonacci()).1,
    ];
    assert!(longest.iter().all(|&l| l >= 3), "{longest:?}");
}

#[test]
fn the_same_seed_prints_the_same_puzzles_and_another_seed_others() {
    for game in GAMES.iter().filter(|game| game.has_puzzles()) {
        let bounds = Bounds::default();
        let first = game.puzzles(&bounds, 7, 20).unwrap();
        assert_eq!(first.len(), 20, "{}", game.id());
        assert_eq!(
            first,
            game.puzzles(&bounds, 7, 20).unwrap(),
            "{}",
            game.id()
        );
        assert_ne!(
            first,
            game.puzzles(&bounds, 8, 20).unwrap(),
            "{}",
            game.id()
        );
    }
}

/// The bars of at most 2 × 2 hold three puzzles: `munch puzzles` prints those and stops.
#[test]
fn fewer_puzzles_than_asked_are_all_those_the_bounds_hold() {
    let bounds = Bounds {
        max_rows: Some(2),
        max_cols: Some(2),
        ..Bounds::default()
    };
    let printed = GAMES[0].puzzles(&bounds, 5, 10).unwrap();
    let mut positions: Vec<&str> = printed.iter().map(|p| p.position.as_str()).collect();
    positions.sort_unstable();
    assert_eq!(positions, ["chomp 1x2 1,1", "chomp 2x1 2", "chomp 2x2 2,2"]);
}

/// The issue's counts fit the default bounds: 5,000 different Chomp puzzles of bars up to
/// 10 × 10, and 1,000 of each other game.
#[test]
fn the_default_bounds_hold_the_counts_the_issue_asks_for() {
    for game in GAMES.iter().filter(|game| game.has_puzzles()) {
        let (bounds, count) = match game.id() {
            "chomp" => (
                Bounds {
                    max_rows: Some(10),
                    max_cols: Some(10),
                    ..Bounds::default()
                },
                5000,
            ),
            _ => (Bounds::default(), 1000),
        };
        let printed = game.puzzles(&bounds, 11, count).unwrap();
        assert_eq!(printed.len(), count, "{}", game.id());
        assert!(
            printed
                .iter()
                .all(|p| p.solution.len() < 2 * MOST_SOLVER_MOVES)
        );
    }
}
