//! "Your mistakes": mistakes injected into saved games are all found, and nothing else; the
//! queue kept in the data folder.

use crate::common::{Harness, render_text};
use munch::app::menu::MenuLine;
use munch::app::mistakes::scan;
use munch::app::puzzle::{PuzzleScreen, Stage};
use munch::app::{Dialog, Event, Screen};
use munch::games::session::Session;
use munch::games::turns::FLASH_TICKS;
use munch::mistakes::{Retry, Scan};
use munch::record::GameRecord;
use munch::settings::Settings;
use munch::store::{KEPT_RECORDS_DIR, MISTAKES_FILE, Store};
use ratatui::crossterm::event::KeyCode;
use std::collections::{BTreeSet, HashMap};

/// The memory the tests' judging may give tables: far more than their small bars need.
const BUDGET: u64 = 1 << 28;

/// A small game by its definition, from scratch: its states, each move's notation and the
/// state it leaves, and who has won when no move is left.
trait Small {
    type State: Clone + Eq + std::hash::Hash + std::fmt::Debug;
    fn id(&self) -> &'static str;
    /// The position string of a state.
    fn text(&self, state: &Self::State) -> String;
    /// Every move, as munch's notation writes it, with the state it leaves.
    fn moves(&self, state: &Self::State) -> Vec<(String, Self::State)>;
    /// Whether the player to move at a state with no move has won (Chomp: the other ate the
    /// poison).
    fn ended_wins(&self) -> bool;
    /// A random start.
    fn start(&self, rng: &mut fastrand::Rng) -> Self::State;
}

/// Whether the player to move wins, by the definition, remembered.
fn wins<G: Small>(game: &G, state: &G::State, known: &mut HashMap<G::State, bool>) -> bool {
    if let Some(&w) = known.get(state) {
        return w;
    }
    let moves = game.moves(state);
    let w = if moves.is_empty() {
        game.ended_wins()
    } else {
        moves.iter().any(|(_, after)| !wins(game, after, known))
    };
    known.insert(state.clone(), w);
    w
}

struct Nim;

impl Small for Nim {
    type State = Vec<u64>;
    fn id(&self) -> &'static str {
        "nim"
    }
    fn text(&self, piles: &Vec<u64>) -> String {
        let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
        format!("nim {}", piles.join(","))
    }
    fn moves(&self, piles: &Vec<u64>) -> Vec<(String, Vec<u64>)> {
        let mut moves = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for take in 1..=pile {
                let mut after = piles.clone();
                after[i] -= take;
                moves.push((format!("{}:{take}", i + 1), after));
            }
        }
        moves
    }
    fn ended_wins(&self) -> bool {
        false
    }
    fn start(&self, rng: &mut fastrand::Rng) -> Vec<u64> {
        (0..rng.usize(2..=4)).map(|_| rng.u64(1..=7)).collect()
    }
}

/// The subtraction game with takes 1, 3 and 4.
struct Subtraction;

impl Small for Subtraction {
    type State = u64;
    fn id(&self) -> &'static str {
        "subtraction"
    }
    fn text(&self, pile: &u64) -> String {
        format!("subtraction 1,3,4 {pile}")
    }
    fn moves(&self, pile: &u64) -> Vec<(String, u64)> {
        [1, 3, 4]
            .into_iter()
            .filter(|&take| take <= *pile)
            .map(|take| (take.to_string(), pile - take))
            .collect()
    }
    fn ended_wins(&self) -> bool {
        false
    }
    fn start(&self, rng: &mut fastrand::Rng) -> u64 {
        rng.u64(12..=40)
    }
}

/// Chomp on small bars: a state is the column heights, a move the square eaten.
struct Chomp {
    rows: u8,
}

impl Small for Chomp {
    type State = Vec<u8>;
    fn id(&self) -> &'static str {
        "chomp"
    }
    fn text(&self, heights: &Vec<u8>) -> String {
        let h: Vec<String> = heights.iter().map(u8::to_string).collect();
        format!("chomp {}x{} {}", self.rows, heights.len(), h.join(","))
    }
    fn moves(&self, heights: &Vec<u8>) -> Vec<(String, Vec<u8>)> {
        let mut moves = Vec::new();
        for (col, &height) in heights.iter().enumerate() {
            for row in 0..height {
                let after: Vec<u8> = heights
                    .iter()
                    .enumerate()
                    .map(|(c, &h)| if c >= col { h.min(row) } else { h })
                    .collect();
                let square = format!("{}{}", char::from(b'a' + col as u8), row + 1);
                moves.push((square, after));
            }
        }
        moves
    }
    fn ended_wins(&self) -> bool {
        true
    }
    fn start(&self, rng: &mut fastrand::Rng) -> Vec<u8> {
        let cols = rng.usize(2..=5);
        vec![self.rows; cols]
    }
}

/// A game played to its end where the person's moves are perfect but at the moves the test
/// injects a mistake at, and the computer's are random (so that a won position comes back to
/// the person after a mistake): its record's text, and the numbers (from 1) of the moves that
/// threw a won position away, the person's.
fn play<G: Small>(
    game: &G,
    rng: &mut fastrand::Rng,
    known: &mut HashMap<G::State, bool>,
) -> (String, G::State, BTreeSet<usize>) {
    let people = match rng.u8(0..5) {
        0 => ["person", "person"],
        1 | 2 => ["person", "computer"],
        _ => ["computer", "person"],
    };
    let names = match people {
        ["person", "person"] => ["Player 1", "Player 2"],
        ["person", _] => ["You", "Computer"],
        _ => ["Computer", "You"],
    };
    let start = game.start(rng);
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut injected = BTreeSet::new();
    loop {
        let options = game.moves(&state);
        if options.is_empty() {
            break;
        }
        let side = moves.len() % 2;
        let (winning, losing): (Vec<_>, Vec<_>) = options
            .iter()
            .cloned()
            .partition(|(_, after)| !wins(game, after, known));
        let chosen = if people[side] == "person" {
            if !winning.is_empty() && !losing.is_empty() && rng.u8(0..3) == 0 {
                injected.insert(moves.len() + 1);
                losing[rng.usize(..losing.len())].clone()
            } else if !winning.is_empty() {
                winning[rng.usize(..winning.len())].clone()
            } else {
                options[rng.usize(..options.len())].clone()
            }
        } else {
            // The computer: at random, but never Chomp's poison while anything else is left.
            let fair: Vec<_> = options.iter().filter(|(m, _)| m != "a1").collect();
            let from = if fair.is_empty() {
                options.iter().collect()
            } else {
                fair
            };
            from[rng.usize(..from.len())].clone()
        };
        moves.push(chosen.0);
        state = chosen.1;
    }
    // Who cannot move loses; in Chomp, who ate the poison, the last to move.
    let loser = if game.ended_wins() {
        (moves.len() - 1) % 2
    } else {
        moves.len() % 2
    };
    let mut lines = vec![
        "munch game record 1".to_string(),
        format!("game: {}", game.id()),
        format!("start: {}", game.text(&start)),
        format!("players: {}, {}", people[0], people[1]),
        "level: perfect".to_string(),
        "moves:".to_string(),
    ];
    for (i, m) in moves.iter().enumerate() {
        lines.push(format!("{}. {}: {m}", i + 1, names[i % 2]));
    }
    lines.push(format!("result: {} won", names[1 - loser]));
    lines.push(String::new());
    (lines.join("\n"), start, injected)
}

/// A record as `records/` names it, kept `millis` milliseconds after 1970.
fn kept_name(millis: u64, id: &str) -> String {
    format!("{millis:013}-000000-1-{id}.txt")
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-mistakes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `count` games, a quarter of each of four small games, into `dir`'s `records/` (seeded
/// by `seed`, the first kept at `first` milliseconds), and gives each record's injected
/// mistakes by its name: the move's number and the position it was made from.
fn write_games(
    dir: &std::path::Path,
    seed: u64,
    count: usize,
    first: u64,
) -> HashMap<String, Vec<(usize, String)>> {
    let records = dir.join(KEPT_RECORDS_DIR);
    std::fs::create_dir_all(&records).unwrap();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut injected = HashMap::new();
    let (mut nim, mut sub, mut chomp3, mut chomp4) = Default::default();
    for i in 0..count {
        let (text, id, positions) = match i % 4 {
            0 => with_positions(&Nim, &mut rng, &mut nim),
            1 => with_positions(&Subtraction, &mut rng, &mut sub),
            2 => with_positions(&Chomp { rows: 3 }, &mut rng, &mut chomp3),
            _ => with_positions(&Chomp { rows: 4 }, &mut rng, &mut chomp4),
        };
        GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let name = kept_name(first + i as u64 * 1000, id);
        std::fs::write(records.join(&name), text).unwrap();
        injected.insert(name, positions);
    }
    injected
}

/// A game of `game` played by [`play`], with the position string before each injected
/// mistake, by the test's own rules.
fn with_positions<G: Small>(
    game: &G,
    rng: &mut fastrand::Rng,
    known: &mut HashMap<G::State, bool>,
) -> (String, &'static str, Vec<(usize, String)>) {
    let (text, mut state, injected) = play(game, rng, known);
    let record = GameRecord::parse(&text).unwrap();
    let mut positions = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        if injected.contains(&(i + 1)) {
            positions.push((i + 1, game.text(&state)));
        }
        state = game
            .moves(&state)
            .into_iter()
            .find(|(n, _)| n == m)
            .unwrap()
            .1;
    }
    (text, game.id(), positions)
}

#[test]
fn injected_mistakes_in_200_saved_games_are_all_found_by_your_mistakes() {
    let dir = temp_dir("injected");
    let store = Store::open(Some(&dir)).unwrap();
    let mut injected = write_games(&dir, 7, 100, 1_700_000_000_000);
    injected.extend(write_games(&dir, 8, 100, 1_700_001_000_000));
    let total: usize = injected.values().map(Vec::len).sum();
    assert_eq!(injected.len(), 200);
    assert!(total >= 100, "the games hold {total} injected mistakes");
    let mut steps = 0_u64;
    let found = scan(Some(&store), None, BUDGET, &mut |_, _| {
        steps += 1;
        true
    })
    .expect("not stopped");
    assert!(found.warnings.is_empty(), "{:?}", found.warnings);
    assert_eq!(found.scan.found.len(), 200, "every record judged");
    for (name, retries) in &found.scan.found {
        let got: Vec<(usize, String)> = retries
            .iter()
            .map(|r| (r.from.move_number, r.position.clone()))
            .collect();
        assert_eq!(got, injected[name], "{name}: {retries:#?}");
        assert!(retries.iter().all(|r| r.from.record == *name));
        assert!(
            retries.iter().all(|r| r.winner.is_some()),
            "{name}: a winner named"
        );
    }
    // Into the queue on file: every position once, and a second look judges nothing again.
    let (queue, warnings) = store.merge_mistakes(&found.scan);
    assert!(warnings.is_empty(), "{warnings:?}");
    let positions: BTreeSet<&String> = injected.values().flatten().map(|(_, p)| p).collect();
    let queued: BTreeSet<&String> = queue.retries.iter().map(|r| &r.position).collect();
    assert_eq!(queued, positions);
    assert_eq!(queue, found.queue, "the file holds what the look found");
    let again = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
    assert!(again.scan.found.is_empty(), "each record is judged once");
    assert_eq!(again.queue, queue);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A queue on file with the retries of one Nim game whose mistakes are known.
fn queue_of_one_game(dir: &std::path::Path) -> (Store, Vec<Retry>) {
    let store = Store::open(Some(dir)).unwrap();
    let records = dir.join(KEPT_RECORDS_DIR);
    std::fs::create_dir_all(&records).unwrap();
    // 3,4,5 is won (nim-sum 2); 1:1 leaves 2,4,5 (nim-sum 3), won for the computer, which
    // throws it back with 1:2 (0,4,5: nim-sum 1); then 3:2 leaves 0,4,3 (nim-sum 7), won for
    // the computer, where 3:1 won: two mistakes.
    let text = "munch game record 1\ngame: nim\nstart: nim 3,4,5\nplayers: person, computer\n\
                level: perfect\nmoves:\n1. You: 1:1\n2. Computer: 1:2\n3. You: 3:2\n\
                4. Computer: 2:1\n5. You: 2:3\n6. Computer: 3:3\nresult: Computer won\n";
    std::fs::write(records.join(kept_name(1_700_000_000_000, "nim")), text).unwrap();
    let found = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
    let (queue, warnings) = store.merge_mistakes(&found.scan);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        queue
            .retries
            .iter()
            .map(|r| (r.from.move_number, r.position.as_str()))
            .collect::<Vec<_>>(),
        [(1, "nim 3,4,5"), (3, "nim 0,4,5")]
    );
    (store, queue.retries)
}

#[test]
fn a_retry_solved_twice_in_a_row_leaves_the_queue_and_a_failure_starts_again() {
    let dir = temp_dir("queue");
    let (store, retries) = queue_of_one_game(&dir);
    let first = &retries[0].position;
    let (queue, _) = store.attempt_mistake(first, true);
    assert_eq!(queue.retries.len(), 2, "once is not enough");
    // Another window's failure, on the file: the count starts again.
    let other = Store::open(Some(&dir)).unwrap();
    let (queue, _) = other.attempt_mistake(first, false);
    assert_eq!(queue.retries.len(), 2);
    let (queue, _) = store.attempt_mistake(first, true);
    assert_eq!(queue.retries.len(), 2, "a failure in between: once again");
    let (queue, _) = other.attempt_mistake(first, true);
    assert_eq!(
        queue
            .retries
            .iter()
            .map(|r| r.position.as_str())
            .collect::<Vec<_>>(),
        [retries[1].position.as_str()],
        "twice in a row, across windows: it left"
    );
    // It stays gone: the record is not looked at again.
    let again = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
    assert_eq!(again.queue.retries.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_queue_file_is_kept_aside_and_the_mistakes_found_again() {
    let dir = temp_dir("damaged");
    let (store, retries) = queue_of_one_game(&dir);
    let text = std::fs::read_to_string(dir.join(MISTAKES_FILE)).unwrap();
    // A position munch cannot read, and then a file that is not JSON at all.
    for damaged in [
        text.replace("nim 3,4,5", "nim 3,x"),
        "{ not json".to_string(),
    ] {
        std::fs::write(dir.join(MISTAKES_FILE), &damaged).unwrap();
        let found = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
        assert_eq!(found.warnings.len(), 1, "{:?}", found.warnings);
        assert!(
            found.warnings[0].contains(MISTAKES_FILE) && found.warnings[0].contains("moved aside"),
            "{}",
            found.warnings[0]
        );
        let aside = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with(&format!("{MISTAKES_FILE}.bad")))
            .map(|n| std::fs::read_to_string(dir.join(n)).unwrap())
            .collect::<Vec<_>>();
        assert!(aside.contains(&damaged), "kept aside, whole");
        // The record is looked at again: its mistakes are back.
        assert_eq!(found.queue.retries, retries);
        let (queue, warnings) = store.merge_mistakes(&found.scan);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(queue.retries, retries);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_game_just_ended_is_judged_before_the_writer_keeps_it() {
    let dir = temp_dir("just-kept");
    let (store, _) = queue_of_one_game(&dir);
    // Pile 9 is lost (9 mod 7 = 2, with takes 1, 3, 4); the computer's 1 leaves 8, won, and
    // the person's 4 leaves 4, won for the computer: a mistake from "subtraction 1,3,4 8".
    let text = "munch game record 1\ngame: subtraction\nstart: subtraction 1,3,4 9\n\
                players: computer, person\nlevel: perfect\nmoves:\n1. Computer: 1\n\
                2. You: 4\n3. Computer: 4\nresult: Computer won\n";
    let record = GameRecord::parse(text).unwrap();
    let name = munch::store::kept_name(&record);
    let found = scan(
        Some(&store),
        Some(&(name.clone(), record.clone())),
        BUDGET,
        &mut |_, _| true,
    )
    .unwrap();
    let mine: Vec<(usize, &str)> = found
        .queue
        .retries
        .iter()
        .filter(|r| r.from.record == name)
        .map(|r| (r.from.move_number, r.position.as_str()))
        .collect();
    assert_eq!(mine, [(2, "subtraction 1,3,4 8")]);
    assert_eq!(
        found.queue.first_from(&name),
        Some(0),
        "the newest game's first"
    );
    assert!(found.scan.found.iter().any(|(n, _)| *n == name));
    // Written meanwhile, it is not judged a second time.
    store.keep_record_as(&record, &name).unwrap();
    let (_, warnings) = store.merge_mistakes(&found.scan);
    assert!(warnings.is_empty());
    let again = scan(Some(&store), Some(&(name, record)), BUDGET, &mut |_, _| {
        true
    })
    .unwrap();
    assert!(again.scan.found.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scan that found nothing new still forgets records no longer kept.
#[test]
fn a_scan_keeps_only_the_names_of_records_still_kept() {
    let dir = temp_dir("forget");
    let (store, _) = queue_of_one_game(&dir);
    std::fs::remove_dir_all(dir.join(KEPT_RECORDS_DIR)).unwrap();
    let found = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
    assert_eq!(found.scan, Scan::default());
    assert!(found.queue.scanned.is_empty());
    assert_eq!(found.queue.retries.len(), 2, "its retries stay");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Puzzles screen, showing "Your mistakes".
fn retries_screen(h: &Harness) -> &PuzzleScreen {
    match &h.app.screen {
        Screen::Puzzle(screen) if screen.retries.is_some() => screen,
        _ => panic!("Your mistakes is not on screen"),
    }
}

/// Delivers the solver's answers until "Your mistakes" has looked at the kept records.
fn wait_for_the_look(h: &mut Harness) {
    while retries_screen(h)
        .retries
        .as_ref()
        .is_some_and(|r| r.queue.is_none())
    {
        let message = h.next_message();
        h.app.update(Event::Solver(message));
    }
}

/// Takes `coins` in the subtraction game on screen (or in its puzzle).
fn take(h: &mut Harness, coins: char) {
    h.keys(&[KeyCode::Char(coins), KeyCode::Enter]);
}

#[test]
fn m_after_a_game_opens_its_mistake_and_the_menu_line_plays_them_all() {
    let dir = temp_dir("after-a-game");
    let mut h = Harness::with_store(Store::open(Some(&dir)).unwrap());
    // Empty at first: the menu's line says so.
    h.app.menu.select(MenuLine::Mistakes);
    h.key(KeyCode::Enter);
    wait_for_the_look(&mut h);
    assert!(retries_screen(&h).current.is_none());
    assert!(
        render_text(&h.app, 80, 24).contains("No mistakes kept yet — finish a game."),
        "{}",
        render_text(&h.app, 80, 24)
    );
    h.key(KeyCode::Esc);
    assert!(h.on_menu());
    // Pile 8 with takes 1, 3 and 4 is won (8 mod 7 = 1): taking 1 wins, taking 4 leaves 4, won
    // for the computer, which takes it all.
    let (settings, start) = Settings::default()
        .with_position("subtraction 1,3,4 8")
        .unwrap();
    h.app.play_position(settings, start);
    take(&mut h, '4');
    h.ticks(1);
    h.ticks(usize::from(FLASH_TICKS) + 1);
    assert!(h.app.session().is_some_and(Session::is_over));
    assert_eq!(h.app.dialog(), Some(Dialog::GameOver));
    let text = render_text(&h.app, 80, 24);
    assert!(text.contains("m: try your mistakes again."), "{text}");
    h.key(KeyCode::Char('m'));
    wait_for_the_look(&mut h);
    let screen = retries_screen(&h);
    let current = screen.current.as_ref().expect("the game's mistake is on");
    let retry = current.retry.as_ref().unwrap();
    assert_eq!(
        (
            retry.position.as_str(),
            retry.played.as_str(),
            retry.from.move_number
        ),
        ("subtraction 1,3,4 8", "4", 1)
    );
    let text = render_text(&h.app, 100, 30);
    assert!(text.contains("Find a move that keeps the win"), "{text}");
    assert!(text.contains("move 1 (you: took 4)"), "{text}");
    // The record was judged once: it is in the queue on file, under its name in records/.
    let kept = std::fs::read_dir(dir.join(KEPT_RECORDS_DIR))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(kept, std::slice::from_ref(&retry.from.record));
    let on_file = || {
        let store = Store::open(Some(&dir)).unwrap();
        scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap()
    };
    assert!(on_file().scan.found.is_empty(), "judged once");
    assert_eq!(on_file().queue.retries.len(), 1);
    // Solved: the computer does not reply, and it counts once in the queue.
    take(&mut h, '1');
    let current = retries_screen(&h).current.as_ref().unwrap();
    assert_eq!(current.stage, Stage::Solved);
    assert_eq!(on_file().queue.retries[0].solved_in_a_row, 1);
    let text = render_text(&h.app, 100, 30);
    assert!(
        text.contains("solved 1 of 2 in a row"),
        "counted with this try: {text}"
    );
    // The next is the same one, the only one: failed, the computer answers on the board.
    h.key(KeyCode::Char('n'));
    take(&mut h, '3');
    let current = retries_screen(&h).current.as_ref().unwrap();
    assert!(matches!(current.stage, Stage::Failed { .. }));
    h.ticks(usize::from(FLASH_TICKS) + 2);
    let text = render_text(&h.app, 100, 30);
    assert!(text.contains("The right move was taking 1"), "{text}");
    assert_eq!(
        on_file().queue.retries[0].solved_in_a_row,
        0,
        "starts again"
    );
    // Twice in a row, from the menu's line: it leaves.
    h.key(KeyCode::Esc);
    for round in 0..2 {
        h.app.menu.select(MenuLine::Mistakes);
        h.key(KeyCode::Enter);
        wait_for_the_look(&mut h);
        take(&mut h, '1');
        if round == 1 {
            // The last one cleared: the screen says so, not that none were ever kept.
            h.key(KeyCode::Char('n'));
            let text = render_text(&h.app, 100, 30);
            assert!(text.contains("All your mistakes are cleared"), "{text}");
        }
        h.key(KeyCode::Esc);
    }
    assert!(on_file().queue.retries.is_empty());
    h.app.menu.select(MenuLine::Mistakes);
    h.key(KeyCode::Enter);
    wait_for_the_look(&mut h);
    assert!(retries_screen(&h).current.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// On a bar whose positions the answer alone does not always prove (8 × 10), every move of
/// two people playing at random that threw a won position away is found, and no other: "Your
/// mistakes" judges with the bar's table where the answer leaves a move unjudged, as the
/// review does.
#[test]
fn every_mistake_on_an_8_by_10_bar_is_found_with_its_table() {
    let dir = temp_dir("chomp-8x10");
    let store = Store::open(Some(&dir)).unwrap();
    let records = dir.join(KEPT_RECORDS_DIR);
    std::fs::create_dir_all(&records).unwrap();
    let game = Chomp { rows: 8 };
    let mut known = HashMap::new();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut expected = HashMap::new();
    for i in 0..12 {
        let mut state = vec![8_u8; 10];
        let mut moves = Vec::new();
        let mut mistakes = Vec::new();
        loop {
            let options = game.moves(&state);
            if options.is_empty() {
                break;
            }
            let fair: Vec<_> = options.iter().filter(|(m, _)| m != "a1").collect();
            let (m, after) = if fair.is_empty() {
                &options[0]
            } else {
                fair[rng.usize(..fair.len())]
            };
            if wins(&game, &state, &mut known) && wins(&game, after, &mut known) {
                mistakes.push(moves.len() + 1);
            }
            moves.push(m.clone());
            state = after.clone();
        }
        let names = ["Player 1", "Player 2"];
        let mut lines = vec![
            "munch game record 1".to_string(),
            "game: chomp".into(),
            "start: rows=8 cols=10".into(),
            "players: person, person".into(),
            "level: perfect".into(),
            "moves:".into(),
        ];
        for (n, m) in moves.iter().enumerate() {
            lines.push(format!("{}. {}: {m}", n + 1, names[n % 2]));
        }
        lines.push(format!("result: {} won", names[moves.len() % 2]));
        lines.push(String::new());
        let name = kept_name(1_700_000_000_000 + i, "chomp");
        std::fs::write(records.join(&name), lines.join("\n")).unwrap();
        expected.insert(name, mistakes);
    }
    let total: usize = expected.values().map(Vec::len).sum();
    assert!(total >= 20, "{total} mistakes");
    let found = scan(Some(&store), None, BUDGET, &mut |_, _| true).unwrap();
    assert_eq!(found.scan.found.len(), expected.len());
    for (name, retries) in &found.scan.found {
        let got: Vec<usize> = retries.iter().map(|r| r.from.move_number).collect();
        assert_eq!(got, expected[name], "{name}");
        assert!(
            retries.iter().all(|r| r.winner.is_some()),
            "{name}: {retries:#?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
