//! The why of every game names a winning move: for every small position of each game, the
//! move its why's last line names (parsed out of its words, as a person reads them) wins by a
//! brute force over the game's own rules, and where the position is lost it names none.

use crate::common::{Harness, render_text};
use munch::games::chomp::rules::Position as Bar;
use munch::games::chomp::tables::ChompRules;
use munch::games::core::play::whys_worked;
use munch::games::core::rules::Rules;
use munch::games::fibonacci::session::FibonacciRules;
use munch::games::nim::rules::Position as Piles;
use munch::games::nim::session::NimRules;
use munch::games::pile::rules::PilePosition;
use munch::games::request::Request;
use munch::games::subtraction::rules::TakeSet;
use munch::games::subtraction::session::SubtractionRules;
use munch::games::wythoff::rules::Position as Queen;
use munch::games::wythoff::session::WythoffRules;
use munch::settings::Settings;
use ratatui::crossterm::event::KeyCode;
use std::collections::HashMap;

/// Who wins from each position, by trying every move: `moves` writes the moves to try in the
/// game's notation (those the rules refuse are skipped).
struct Brute<'a, R: Rules> {
    rules: &'a R,
    moves: fn(&R::Position) -> Vec<String>,
    known: HashMap<String, bool>,
}

impl<'a, R: Rules> Brute<'a, R> {
    fn new(rules: &'a R, moves: fn(&R::Position) -> Vec<String>) -> Self {
        Brute {
            rules,
            moves,
            known: HashMap::new(),
        }
    }

    fn after(&self, at: &R::Position, notation: &str) -> Option<R::Position> {
        let m = self.rules.read_move(notation)?;
        self.rules.play(at, m).ok()
    }

    /// Whether the player to move at `at` wins.
    fn wins(&mut self, at: &R::Position) -> bool {
        let key = self.rules.print(at);
        if let Some(&wins) = self.known.get(&key) {
            return wins;
        }
        let wins = if self.rules.is_over(at) {
            self.rules.last_move_loses()
        } else {
            (self.moves)(at)
                .iter()
                .filter_map(|notation| self.after(at, notation))
                .collect::<Vec<_>>()
                .iter()
                .any(|after| !self.wins(after))
        };
        self.known.insert(key, wins);
        wins
    }

    /// Checks the why of `at`: a last line that names (`named`: its move in notation, read
    /// from the line) a winning move where `at` is won, and none where it is lost. Whether
    /// it was won.
    fn check(
        &mut self,
        at: &R::Position,
        named: impl Fn(&R::Position, &str) -> Option<String>,
    ) -> bool {
        let lines = self.rules.why(at);
        let shown = self.rules.print(at);
        let last = lines.last().unwrap_or_else(|| panic!("{shown}: no why"));
        let wins = self.wins(at);
        match named(at, last) {
            Some(notation) => {
                assert!(
                    wins,
                    "{shown} is lost, but its why names {notation}: {last}"
                );
                let after = self.after(at, &notation);
                let after = after.unwrap_or_else(|| panic!("{shown}: {notation} is not legal"));
                assert!(
                    !self.wins(&after),
                    "{shown}: {notation} does not win: {last}"
                );
            }
            None => assert!(
                !wins,
                "{shown} is won, but its why names no move: {lines:?}"
            ),
        }
        wins
    }
}

/// The number after `word` in `line` (`Take 3:` → 3), commas of thousands dropped.
fn number_after(line: &str, word: &str) -> Option<u64> {
    let rest = &line[line.find(word)? + word.len()..];
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Every take of one pile up to `pile`, in the one-pile games' notation.
fn takes(at: &PilePosition) -> Vec<String> {
    (1..=at.pile).map(|take| take.to_string()).collect()
}

/// A one-pile game's why names a take: "Take 3: …", "Take its smallest term, 2: …", "Take
/// all 5: …".
fn named_take(_: &PilePosition, line: &str) -> Option<String> {
    let line = line.strip_prefix("Take ")?;
    let take = number_after(line, "smallest term, ")
        .or_else(|| number_after(line, "all "))
        .or_else(|| number_after(line, ""))?;
    Some(take.to_string())
}

#[test]
fn every_subtraction_why_up_to_pile_30_names_a_winning_take() {
    for sizes in [&[1, 3, 4][..], &[2, 5], &[1, 2], &[3, 4, 7]] {
        let set = TakeSet::new(sizes).unwrap();
        let rules = SubtractionRules::new(&set, 30);
        let mut brute = Brute::new(&rules, takes);
        let won = (1..=30)
            .filter(|&pile| brute.check(&SubtractionRules::start(pile), named_take))
            .count();
        assert!(won > 5 && won < 30, "{sizes:?}: {won} won");
    }
}

#[test]
fn every_fibonacci_why_up_to_pile_30_names_a_winning_take() {
    let rules = FibonacciRules::for_pile(30);
    let mut brute = Brute::new(&rules, takes);
    let mut won = 0;
    for pile in 1..=30 {
        for max_take in 1..=pile {
            let at = PilePosition { pile, max_take };
            won += usize::from(brute.check(&at, named_take));
        }
    }
    assert!(won > 100, "{won} won");
}

#[test]
fn every_nim_why_of_three_piles_up_to_5_names_a_winning_cut() {
    let rules = NimRules::default();
    let moves = |at: &Piles| {
        (at.piles().iter().enumerate())
            .flat_map(|(p, &coins)| (1..=coins).map(move |take| format!("{}:{take}", p + 1)))
            .collect()
    };
    // "… pile 1 from 3 to 1 makes every column even."
    let named = |_: &Piles, line: &str| {
        let pile = number_after(line, ": pile ")?;
        let from = number_after(line, " from ")?;
        let to = number_after(line, " to ")?;
        Some(format!("{pile}:{}", from - to))
    };
    let mut brute = Brute::new(&rules, moves);
    let mut won = 0;
    for a in 0..=5 {
        for b in 0..=5 {
            for c in 0..=5 {
                let at = Piles::new(&[a, b, c]).unwrap();
                if !rules.is_over(&at) {
                    won += usize::from(brute.check(&at, named));
                }
            }
        }
    }
    assert!(won > 150, "{won} won");
}

#[test]
fn every_wythoff_why_up_to_12_names_a_winning_move() {
    let rules = WythoffRules::default();
    let moves = |at: &Queen| {
        let [x, y] = at.piles();
        let from =
            |pile: &'static str, most: u64| (1..=most).map(move |take| format!("{pile}:{take}"));
        from("1", x)
            .chain(from("2", y))
            .chain(from("12", x.min(y)))
            .collect()
    };
    // "Go to 3,5 (1 from pile 1): …"
    let named = |at: &Queen, line: &str| {
        let [x, y] = at.piles();
        let square = line.strip_prefix("Go to ")?.split(' ').next()?;
        let (to, other) = square.split_once(',')?;
        let (to, other): (u64, u64) = (to.parse().ok()?, other.parse().ok()?);
        Some(match (x - to, y - other) {
            (take, 0) => format!("1:{take}"),
            (0, take) => format!("2:{take}"),
            (take, _) => format!("12:{take}"),
        })
    };
    let mut brute = Brute::new(&rules, moves);
    let mut won = 0;
    for x in 0..=12 {
        for y in 0..=12 {
            let at = Queen::new(x, y).unwrap();
            if !rules.is_over(&at) {
                won += usize::from(brute.check(&at, named));
            }
        }
    }
    assert!(won > 140, "{won} won");
}

/// Every bar of a 4 × 4 box, a closed form's rule or the table's word: "Eat b2: …", "Eat
/// a3, b2 or c1: …".
#[test]
fn every_chomp_why_up_to_4x4_names_a_winning_square() {
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
    let moves = |at: &Bar| at.moves().map(|square| square.to_string()).collect();
    let named = |_: &Bar, line: &str| {
        let square = line.strip_prefix("Eat ")?;
        let end = square.find([',', ':', ' '])?;
        Some(square[..end].to_string())
    };
    let mut brute = Brute::new(&rules, moves);
    let (mut won, mut by_table) = (0, 0);
    for number in 0..5u32.pow(4) {
        let heights: Vec<usize> = (0..4)
            .map(|i| (number / 5u32.pow(i) % 5) as usize)
            .collect();
        if heights.windows(2).any(|w| w[1] > w[0]) || heights[0] == 0 {
            continue;
        }
        let at = Bar::from_heights(4, 4, &heights).unwrap();
        won += usize::from(brute.check(&at, named));
        let table = rules.why(&at)[0].contains("table");
        by_table += usize::from(table);
    }
    assert!(won > 30, "{won} won");
    assert!(by_table > 10, "{by_table} bars only the table answers");
}

/// The Study of `position` at 80 × 24 (no colour), its tables built.
fn studied(position: &str) -> String {
    let mut h = Harness::new();
    let (settings, start) = Settings::default().with_position(position).unwrap();
    h.app.study_position(&settings, &start);
    h.wait_for_tables();
    render_text(&h.app, 80, 24)
}

/// Each game's why under the Study's board at 80 × 24 (Nim's, Fibonacci Nim's, the subtraction
/// game's and a Chomp closed form's have their own snapshots in `study.rs`): Wythoff's pairs,
/// the lost squares marked ○ (in the panel, above the moves, where the board leaves no room
/// under it); a Chomp bar only the table answers, won and lost.
#[test]
fn the_whys_the_study_shows_at_80x24() {
    for (name, position, says) in [
        ("wythoff_4_5", "wythoff 4,5", "Go to 3,5 (1 from pile 1)"),
        ("wythoff_5_3", "wythoff 5,3", "Every move leaves a square"),
        ("chomp_table_won", "chomp 4x4 4,3,3,1", "Eat a3, b2 or c1"),
        ("chomp_table_lost", "chomp 4x4 3,3,1,1", "Every move leaves"),
        // The default board leaves no room under it: the why stands in the panel.
        ("wythoff_9_14", "wythoff 9,14", "Go to 8,13 (1 from both"),
    ] {
        let screen = studied(position);
        assert!(screen.contains(says), "{position}:\n{screen}");
        insta::assert_snapshot!(name, screen);
    }
}

/// With the hints on, the hint's line has the why's last line under it, in every game.
#[test]
fn a_hint_says_why_in_every_game() {
    for (position, says) in [
        ("nim 3,4,5", "The 2s column is odd"),
        ("wythoff 4,5", "Go to 3,5"),
        ("subtraction 1,3,4 21", "Every take leaves"),
        ("fibonacci 20 max 19", "Take its smallest"),
        ("chomp 4x4 4,3,3,1", "Eat a3, b2 or c1"),
    ] {
        let mut h = Harness::new();
        let (settings, start) = Settings::default().with_position(position).unwrap();
        h.app.study_position(&settings, &start);
        h.wait_for_tables();
        h.key(KeyCode::Char('p'));
        h.key(KeyCode::Char('1'));
        h.wait_for_tables();
        if position.starts_with("chomp") {
            h.wait_for_solver();
        }
        let words = |h: &Harness| render_text(&h.app, 100, 30).replace(['│', '\n'], " ");
        let first = words(&h).split_whitespace().collect::<Vec<_>>().join(" ");
        if first.contains("Hints off") {
            h.key(KeyCode::Char('H'));
        }
        let shown = words(&h).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(shown.contains(says), "{position}: {shown}");
        h.key(KeyCode::Char('H'));
        let off = words(&h).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            !off.contains(says),
            "{position}: the hints off, no why: {off}"
        );
    }
}

/// The review of a mistake says why the position before it is won: the why's last line,
/// before the line that refutes the mistake, even where the whole why has no room.
#[test]
fn the_review_of_a_mistake_says_why() {
    let record = munch::record::GameRecord::parse(
        "munch game record 1\ngame: nim\nstart: nim 3,4,5\nplayers: person, computer\n\
         level: perfect\nmoves:\n1. You: 2:1\n2. Computer: 3:5\n3. You: 1:3\n\
         4. Computer: 2:3\nresult: Computer won\n",
    )
    .unwrap();
    let mut h = Harness::new();
    h.app.review_record(record).unwrap();
    h.wait_for_review();
    let screen = render_text(&h.app, 80, 24);
    let words = screen.replace(['│', '\n'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let why = "Why: The 2s column is odd: pile 1 from 3 to 1 makes every column even.";
    assert!(words.contains(why), "{screen}");
    assert!(
        words.find(why) < words.find("Refuted by"),
        "before the refutation: {screen}"
    );
    // At 100×30 the whole why stands under the board too, its last line said once: in the
    // review's lines.
    let screen = render_text(&h.app, 100, 30);
    let words = screen.replace(['│', '\n'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("nim-sum"), "the whole why: {screen}");
    assert_eq!(
        words.matches("makes every column even").count(),
        1,
        "{screen}"
    );
    // The move after it was not a mistake: no why among the review's rows.
    h.key(KeyCode::Right);
    let screen = render_text(&h.app, 80, 24);
    assert!(!screen.contains("Why: The"), "{screen}");
}

/// The hint's why is worked out once a position, not once a frame: drawing a Chomp game with
/// the hints on again and again works out none; a move (the computer's reply with it) works
/// out the new position's.
#[test]
fn a_hints_why_is_worked_out_once_a_position() {
    let mut h = Harness::new();
    let (settings, start) = Settings::default()
        .with_position("chomp 4x4 4,3,3,1")
        .unwrap();
    h.app.study_position(&settings, &start);
    h.wait_for_tables();
    h.key(KeyCode::Char('p'));
    h.key(KeyCode::Char('1'));
    h.wait_for_solver();
    if render_text(&h.app, 100, 30).contains("Hints off") {
        h.key(KeyCode::Char('H'));
    }
    let before = whys_worked();
    for _ in 0..5 {
        assert!(render_text(&h.app, 100, 30).contains("Eat a3, b2 or c1"));
    }
    assert!(
        whys_worked() - before <= 1,
        "{} whys",
        whys_worked() - before
    );
    let before = whys_worked();
    for _ in 0..5 {
        render_text(&h.app, 100, 30);
    }
    assert_eq!(whys_worked(), before, "drawn again, none worked out");
}

/// A note of a refused move stands whole in the game's panel under a hint's why, at 80 × 24:
/// the notes take the rows they need above the move list.
#[test]
fn a_refusal_stands_whole_under_a_hints_why() {
    let mut h = Harness::new();
    let (settings, start) = Settings::default().with_position("nim 3,4,5").unwrap();
    h.app.study_position(&settings, &start);
    h.wait_for_tables();
    h.keys(&[KeyCode::Char('p'), KeyCode::Char('1')]);
    h.wait_for_tables();
    if render_text(&h.app, 80, 24).contains("Hints off") {
        h.key(KeyCode::Char('H'));
    }
    h.key(KeyCode::Char('9'));
    let screen = render_text(&h.app, 80, 24);
    let words = screen.replace(['│', '\n'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("The 2s column is odd"), "{screen}");
    assert!(words.contains("so 9 cannot be taken from it."), "{screen}");
}
