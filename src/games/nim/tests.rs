//! Nim against an independent brute force, the `munch solve nim` replies, and properties of the
//! answer on piles far too large to search.

use super::*;
use crate::games::core::rules_of::PositionRules;
use crate::games::game::{Game, Values};
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use serde_json::{Value, json};
use session::NimRules;

/// `munch solve nim --piles … --json`: the reply as one line of JSON, without a newline.
fn json_reply(position: &Position) -> String {
    crate::games::core::solve::reply(&NimRules::default(), "nim", position, true, None)
}

/// `munch solve nim --piles …`: the reply for people, ending with a newline.
fn plain_reply(position: &Position) -> String {
    crate::games::core::solve::reply(&NimRules::default(), "nim", position, false, None)
}

/// Who wins each position, by trying every move: the XOR rule is nowhere in it.
pub(super) struct BruteForce(pub(super) FxHashMap<Vec<u64>, bool>);

impl BruteForce {
    /// Every move as (pile from 0, take, piles after), by pile and then by take.
    fn moves(piles: &[u64]) -> Vec<(usize, u64, Vec<u64>)> {
        let mut moves = Vec::new();
        for (pile, &coins) in piles.iter().enumerate() {
            for take in 1..=coins {
                let mut after = piles.to_vec();
                after[pile] -= take;
                moves.push((pile, take, after));
            }
        }
        moves
    }

    pub(super) fn wins(&mut self, piles: &[u64]) -> bool {
        if let Some(&wins) = self.0.get(piles) {
            return wins;
        }
        // With no coin left there is no move, and the player to move has lost.
        let wins = Self::moves(piles)
            .iter()
            .any(|(_, _, after)| !self.wins(after));
        self.0.insert(piles.to_vec(), wins);
        wins
    }

    fn winning_moves(&mut self, piles: &[u64]) -> Vec<(usize, u64, Vec<u64>)> {
        Self::moves(piles)
            .into_iter()
            .filter(|(_, _, after)| !self.wins(after))
            .collect()
    }
}

/// Every position of 1 to `piles` piles of 0 to `coins` coins.
pub(super) fn all_positions(piles: usize, coins: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer = vec![Vec::new()];
    for _ in 0..piles {
        layer = layer
            .iter()
            .flat_map(|prefix: &Vec<u64>| {
                (0..=coins).map(move |c| {
                    let mut next = prefix.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

#[test]
fn every_position_up_to_four_piles_of_seven_agrees_with_brute_force() {
    let mut brute = BruteForce(FxHashMap::default());
    let positions = all_positions(4, 7);
    assert_eq!(positions.len(), 8 + 64 + 512 + 4096);
    let mut lost = 0;
    for piles in positions {
        let position = Position::new(&piles).unwrap();
        let expected = brute.winning_moves(&piles);
        let got = answer(&position);
        assert_eq!(got.wins, brute.wins(&piles), "{piles:?}");
        let got_moves: Vec<(usize, u64, Vec<u64>)> = got
            .winning_moves
            .iter()
            .map(|&mv| {
                (
                    mv.pile,
                    mv.take,
                    position.play(mv).unwrap().piles().to_vec(),
                )
            })
            .collect();
        assert_eq!(got_moves, expected, "{piles:?}");

        // The JSON reply, built here from the brute force's list.
        let moves: Vec<Value> = expected
            .iter()
            .map(|(pile, take, after)| json!({"pile": pile + 1, "take": take, "after": after}))
            .collect();
        let outcome = if expected.is_empty() { "loss" } else { "win" };
        let reply: Value = serde_json::from_str(&json_reply(&position)).unwrap();
        assert_eq!(
            reply,
            json!({"game": "nim", "piles": piles, "outcome": outcome, "winning_moves": moves}),
            "{piles:?}"
        );

        // From a lost position: per pile, the smallest take of those leaving the fewest
        // winning replies.
        let mut weighed = Vec::new();
        if !brute.wins(&piles) && piles.iter().any(|&c| c > 0) {
            lost += 1;
            let replies: Vec<(usize, u64, usize)> = BruteForce::moves(&piles)
                .into_iter()
                .map(|(pile, take, after)| (pile, take, brute.winning_moves(&after).len()))
                .collect();
            let fewest = replies.iter().map(|&(_, _, r)| r).min().unwrap();
            for pile in 0..piles.len() {
                if let Some(&(_, take, _)) =
                    replies.iter().find(|&&(p, _, r)| p == pile && r == fewest)
                {
                    weighed.push(Move { pile, take });
                }
            }
            assert!(!weighed.is_empty());
        }
        assert_eq!(losing_moves(&position), weighed, "{piles:?}");
    }
    assert!(lost > 100, "only {lost} lost positions were weighed");
}

#[test]
fn the_json_reply_is_exactly_the_contract() {
    let reply = |text: &str| json_reply(&Position::parse(text).unwrap());
    assert_eq!(
        reply("3,4,5"),
        r#"{"game":"nim","piles":[3,4,5],"outcome":"win","winning_moves":[{"pile":1,"take":2,"after":[1,4,5]}]}"#
    );
    assert_eq!(
        reply("1,2,3"),
        r#"{"game":"nim","piles":[1,2,3],"outcome":"loss","winning_moves":[]}"#
    );
    assert_eq!(
        reply("5, 6, 7"),
        r#"{"game":"nim","piles":[5,6,7],"outcome":"win","winning_moves":[{"pile":1,"take":4,"after":[1,6,7]},{"pile":2,"take":4,"after":[5,2,7]},{"pile":3,"take":4,"after":[5,6,3]}]}"#
    );
    // 10^18 = 0xDE0B6B3A7640000; with 1: nim-sum 0xDE0B6B3A7640001, whose highest bit only the
    // big pile holds: leave it 1.
    assert_eq!(
        reply("1000000000000000000,1"),
        r#"{"game":"nim","piles":[1000000000000000000,1],"outcome":"win","winning_moves":[{"pile":1,"take":999999999999999999,"after":[1,1]}]}"#
    );
    // The same lists as the brute force finds for the small ones.
    let mut brute = BruteForce(FxHashMap::default());
    for (text, piles) in [
        ("3,4,5", [3, 4, 5]),
        ("1,2,3", [1, 2, 3]),
        ("5,6,7", [5, 6, 7]),
    ] {
        let value: Value = serde_json::from_str(&reply(text)).unwrap();
        let listed: Vec<(usize, u64, Vec<u64>)> = value["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let after = m["after"].as_array().unwrap();
                (
                    usize::try_from(m["pile"].as_u64().unwrap() - 1).unwrap(),
                    m["take"].as_u64().unwrap(),
                    after.iter().map(|c| c.as_u64().unwrap()).collect(),
                )
            })
            .collect();
        assert_eq!(listed, brute.winning_moves(&piles), "{text}");
    }
}

#[test]
fn the_plain_reply_reads_like_the_other_games() {
    let reply = |piles: &[u64]| plain_reply(&Position::new(piles).unwrap());
    assert_eq!(
        reply(&[3, 4, 5]),
        "Nim, piles 3, 4, 5 (nim-sum 2): the player to move wins, with 1 winning move:\n  \
         1:2  take 2 from pile 1 → 1, 4, 5\n"
    );
    assert_eq!(
        reply(&[1, 2, 3]),
        "Nim, piles 1, 2, 3 (nim-sum 0): the player to move loses against perfect play.\n"
    );
    assert_eq!(
        reply(&[5, 6, 17]),
        "Nim, piles 5, 6, 17 (nim-sum 18): the player to move wins, with 1 winning move:\n  \
         3:14  take 14 from pile 3 → 5, 6, 3\n"
    );
    assert_eq!(
        reply(&[5, 6, 7]),
        "Nim, piles 5, 6, 7 (nim-sum 4): the player to move wins, with 3 winning moves:\n  \
         1:4  take 4 from pile 1 → 1, 6, 7\n  \
         2:4  take 4 from pile 2 → 5, 2, 7\n  \
         3:4  take 4 from pile 3 → 5, 6, 3\n"
    );
    assert_eq!(
        reply(&[1500, 12]),
        "Nim, piles 1,500 · 12 (nim-sum 1,488): the player to move wins, with 1 winning move:\n  \
         1:1488  take 1,488 from pile 1 → 12, 12\n"
    );
    assert_eq!(
        reply(&[0, 0]),
        "Nim, piles 0, 0: every pile is empty, so the player to move has lost.\n"
    );
}

/// Piles of any size, up to 10^18, some of them small or empty.
fn any_piles() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(
        prop_oneof![0..=MAX_PILE, 0u64..=20, Just(MAX_PILE)],
        1..=MAX_PILES,
    )
}

/// Lost positions: the last pile is the XOR of the others (below 2^59 < 10^18, so it fits).
fn lost_piles() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(prop_oneof![0u64..1 << 59, 0u64..=20], 1..MAX_PILES).prop_map(
        |mut piles| {
            piles.push(piles.iter().fold(0, |sum, &c| sum ^ c));
            piles
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn every_winning_move_leaves_a_nim_sum_of_zero(piles in any_piles()) {
        let position = Position::new(&piles).unwrap();
        let got = answer(&position);
        prop_assert_eq!(got.wins, nim_sum(&position) != 0);
        prop_assert_eq!(got.wins, !got.winning_moves.is_empty());
        for pair in got.winning_moves.windows(2) {
            prop_assert!(pair[0].pile < pair[1].pile, "{:?}", got.winning_moves);
        }
        for &mv in &got.winning_moves {
            let after = position.play(mv).unwrap();
            prop_assert_eq!(nim_sum(&after), 0, "{}", mv);
            prop_assert!(!answer(&after).wins);
        }
        // No move left out: any other move from a pile leaves a nim-sum that is not 0.
        for (pile, &coins) in piles.iter().enumerate() {
            if coins > 0 && !got.winning_moves.iter().any(|mv| mv.pile == pile) {
                for take in [1, coins / 2 + 1, coins] {
                    let after = position.play(Move { pile, take }).unwrap();
                    prop_assert_ne!(nim_sum(&after), 0, "{}:{}", pile + 1, take);
                }
            }
        }
    }

    #[test]
    fn a_lost_position_is_played_to_leave_the_fewest_replies(
        piles in lost_piles(),
        pick in any::<proptest::sample::Index>(),
        raw in any::<u64>(),
    ) {
        let position = Position::new(&piles).unwrap();
        prop_assert!(!answer(&position).wins);
        let candidates = losing_moves(&position);
        prop_assert_eq!(candidates.is_empty(), position.is_over());
        let replies = |mv: Move| answer(&position.play(mv).unwrap()).winning_moves.len();
        let fewest = candidates.iter().map(|&mv| replies(mv)).min().unwrap_or(0);
        for &mv in &candidates {
            prop_assert!(position.is_legal(mv));
            prop_assert_eq!(replies(mv), fewest, "{}", mv);
            // A smaller take from the same pile leaves more replies.
            for take in [1, mv.take / 2, mv.take - 1] {
                if (1..mv.take).contains(&take) {
                    prop_assert!(replies(Move { pile: mv.pile, take }) > fewest, "{}:{}", mv.pile + 1, take);
                }
            }
        }
        // No other move leaves fewer.
        let nonempty: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 0).collect();
        if !nonempty.is_empty() {
            let pile = nonempty[pick.index(nonempty.len())];
            let take = 1 + raw % piles[pile];
            let mv = Move { pile, take };
            prop_assert!(replies(mv) >= fewest, "{}", mv);
        }
    }

    #[test]
    fn piles_and_moves_read_back_what_they_write(piles in proptest::collection::vec(1..=MAX_PILE, 1..=MAX_PILES), take in 1..=MAX_PILE, pile in 0..MAX_PILES) {
        let position = Position::new(&piles).unwrap();
        prop_assert_eq!(Position::parse(&position.to_string()), Ok(position.clone()));
        prop_assert_eq!(Position::parse(&format!("[{}]", piles.iter().map(u64::to_string).collect::<Vec<_>>().join(" , "))), Ok(position));
        let mv = Move { pile, take };
        prop_assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
    }
}

/// A saved game is checked by the core through Nim's rules: every move replayed, the game not
/// over.
#[test]
fn saved_moves_are_replayed() {
    let saved_problem = |v: &Values, start, moves: &[String]| Nim.saved_problem(v, start, moves);
    let v = values("1,2");
    assert_eq!(saved_problem(&v, None, &[]), None);
    assert_eq!(saved_problem(&v, None, &["2:1".into()]), None);
    assert_eq!(
        saved_problem(&v, None, &["2:1".into(), "1:1".into(), "2:1".into()]),
        Some("the game is over".into())
    );
    let bad = saved_problem(&v, None, &["2:1".into(), "1:2".into()]).expect("illegal");
    assert!(
        bad.starts_with("move 2 (\"1:2\") is not legal: pile 1 holds only"),
        "{bad}"
    );
    let bad = saved_problem(&v, None, &["two".into()]).expect("not a move");
    assert!(bad.starts_with("move 1 (\"two\") is not legal"), "{bad}");
    assert!(saved_problem(&values("0"), None, &[]).is_some());
}

/// The Piles line's values, as typed.
fn values(piles: &str) -> Values {
    Values::default().with(PILES, piles)
}

#[test]
fn the_reason_names_the_limit_and_the_longest_piles_fit() {
    assert_eq!(
        TOO_LONG,
        format!("the piles are at most {MAX_PILES_CHARS} characters")
    );
    let longest = ["1000000000000000000"; MAX_PILES].join(", ");
    assert_eq!(longest.chars().count(), MAX_PILES_CHARS);
    assert_eq!(Nim.problem(&values(&longest)), None);
    assert!(longest.chars().all(|c| Nim.fields()[0].takes_char(c)));
}

#[test]
fn the_presets_and_the_default_start_games() {
    for preset in PILES_PRESETS {
        assert_eq!(Nim.problem(&values(preset)), None, "{preset}");
    }
    // The menu line's default starts a game: what the core falls back to.
    let mut defaults = Values::default();
    defaults.set(PILES, Nim.fields()[0].default_value());
    assert_eq!(
        Position::parse(PILES_PRESETS[0]).ok(),
        Some(crate::games::core::entry::Entry::start(&Nim, &defaults).expect("the default starts"))
    );
    assert_eq!(
        crate::games::core::entry::Entry::start(&Nim, &defaults),
        Position::new(&[3, 4, 5])
    );
    assert_eq!(Nim.describe(&values("3, 4,5")), "Nim 3,4,5");
    assert_eq!(Nim.describe(&values("1,3,5,7")), "Nim 1,3,5,7");
    assert_eq!(Nim.describe(&values("3,,4")), "Nim {3,,4}");
}

#[test]
fn a_problem_is_the_parsers_reason_on_the_piles_line() {
    for text in ["", "3,,4", "0", "1,2,3,4,5,6,7,8,9", "1000000000000000001"] {
        let problem = Nim.problem(&values(text)).expect(text);
        assert_eq!(problem.keys, &[PILES]);
        assert_eq!(Err(problem.reason), Position::parse(text), "{text:?}");
    }
    assert!(!Nim.fields()[0].takes_char('-') && !Nim.fields()[0].takes_char('x'));
}

#[test]
fn sanitize_cuts_piles_that_are_too_long() {
    let mut v = values(&"1,".repeat(100));
    let changes = Nim.sanitize(&mut v);
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(v.text(PILES).chars().count(), MAX_PILES_CHARS);
    assert_eq!(Nim.sanitize(&mut values("3,4,5")), Vec::<String>::new());
}

/// The Study screen's words are the core's study of the rules with their table
/// (`LineStudy`): the title and "piles …", a table answering every position of as many piles,
/// each no larger, and why moves left are missing past the budget.
#[test]
fn the_study_words_are_the_cores() {
    use crate::games::core::study::StudyRules;
    use crate::games::core::table::Tabled;
    let piles = |p: &[u64]| Position::new(p).unwrap();
    let nim = Tabled::new(NimRules::default(), piles(&[3, 4, 5]));
    assert_eq!(nim.title(), "Nim");
    assert_eq!(nim.describe(&piles(&[0, 4, 5])), "piles 0,4,5");
    assert!(nim.answers(&piles(&[3, 4, 5]), &piles(&[3, 0, 5])));
    assert!(!nim.answers(&piles(&[3, 4, 5]), &piles(&[3, 5, 0])));
    assert!(!nim.answers(&piles(&[3, 4, 5]), &piles(&[3, 4])));
    assert_eq!(
        nim.missing(&piles(&[1000, 1000, 1000])).as_deref(),
        Some("moves left: more than 4,194,304 positions below these piles")
    );
    assert_eq!(nim.missing(&piles(&[3, 4, 5])), None);
}

/// The why a Nim position shows names a winning move (the cut that makes every column even),
/// and says the position is lost exactly where the answer does, for every position of up to
/// three piles of up to seven; its lines are the piles in binary.
#[test]
fn the_why_names_a_winning_move_of_every_small_position() {
    use crate::games::core::rules::Rules;
    for number in 0..8u64.pow(3) {
        let piles: Vec<u64> = (0..3).map(|i| number / 8u64.pow(i) % 8).collect();
        let position = Position::new(&piles).unwrap();
        let labels = ["Pile 1", "Pile 2", "Pile 3"].map(String::from);
        let why = crate::games::why::nim_sum(&labels, &piles);
        let known = answer::answer(&position);
        match why.cut {
            Some((pile, to)) => {
                let named = Move {
                    pile,
                    take: piles[pile] - to,
                };
                assert!(known.winning_moves.contains(&named), "{piles:?}: {named}");
            }
            None => assert!(!known.wins, "{piles:?}"),
        }
        assert_eq!(NimRules::default().why(&position), why.lines, "{piles:?}");
    }
}
