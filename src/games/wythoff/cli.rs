//! `munch solve wythoff --piles 4,5`'s reply in Wythoff's words (the core's reply of piles,
//! [`PilesReply`]): one JSON object on one line for scripts, or a few lines of text for people,
//! both from the Beatty pairs.

use super::rules::{Move, Position};
use crate::games::core::solve::{PilesReply, Said};
use crate::games::position::pile_list;
use crate::units::group;
use serde::Serialize;

/// A move in the JSON reply: its notation and the piles it leaves.
#[derive(Serialize)]
pub struct Moved {
    #[serde(rename = "move")]
    mv: String,
    after: [u64; 2],
}

/// `{"game":"wythoff","piles":[4,5],"outcome":"win","winning_moves":[…]}`, the winning moves
/// sorted by the piles they leave; `--all-moves` adds `moves_left`, every move (from pile 1,
/// pile 2, then both, by take) and `complete`.
impl PilesReply for Position {
    type Moved = Moved;

    fn pile_counts(&self) -> Vec<u64> {
        self.piles().to_vec()
    }

    fn moved(&self, mv: Move) -> Moved {
        Moved {
            mv: mv.to_string(),
            after: self.after(mv).piles(),
        }
    }

    fn said(&self) -> Said<'static> {
        let [first, second] = self.piles();
        Said {
            head: format!("Wythoff's game, piles {}", pile_list(&self.piles())),
            note: String::new(),
            over: "both piles are empty",
            lost: format!(" (a lost pair, k = {})", group(first.abs_diff(second))),
        }
    }

    /// "take 3 from pile 1", "take 3 from both piles".
    fn take_words(mv: Move) -> String {
        format!("take {} from {}", group(mv.take), mv.piles.name())
    }
}

#[cfg(test)]
mod tests {
    use crate::games::game::Game;
    use crate::games::moves_left::ALL_MOVES;
    use crate::games::wythoff::Wythoff;

    fn solved(args: &[&str], memory: u64) -> Result<String, String> {
        let command = Wythoff.solve_command().arg(
            clap::Arg::new(ALL_MOVES)
                .long("all-moves")
                .action(clap::ArgAction::SetTrue),
        );
        let matches = command
            .try_get_matches_from(std::iter::once("wythoff").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        Wythoff.solve(&matches, memory, &mut |_, _, _| {})
    }

    fn json(args: &[&str], memory: u64) -> serde_json::Value {
        serde_json::from_str(&solved(args, memory).unwrap()).unwrap()
    }

    #[test]
    fn the_json_contract_of_the_issue() {
        assert_eq!(
            solved(&["--piles", "4,5", "--json"], 1 << 30).unwrap(),
            r#"{"game":"wythoff","piles":[4,5],"outcome":"win","winning_moves":[{"move":"12:3","after":[1,2]},{"move":"1:1","after":[3,5]}]}"#
        );
        assert_eq!(
            json(&["--piles", "[5, 3]", "--json"], 1 << 30),
            serde_json::json!({"game": "wythoff", "piles": [5, 3], "outcome": "loss", "winning_moves": []})
        );
        let top = json(
            &[
                "--piles",
                "1000000000000000000,1000000000000000000",
                "--json",
            ],
            1 << 30,
        );
        assert_eq!(
            top["winning_moves"][0],
            serde_json::json!({"move": "12:1000000000000000000", "after": [0, 0]})
        );
    }

    #[test]
    fn every_move_with_its_moves_left_while_the_table_fits_the_memory() {
        let all = json(&["--piles", "1,2", "--json", "--all-moves"], 1 << 30);
        assert_eq!(
            all,
            serde_json::json!({
                "game": "wythoff", "piles": [1, 2], "outcome": "loss", "winning_moves": [],
                "moves_left": 2,
                "moves": [
                    {"move": "1:1", "after": [0, 2], "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                    {"move": "2:1", "after": [1, 1], "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                    {"move": "2:2", "after": [1, 0], "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                    {"move": "12:1", "after": [0, 1], "outcome": "loss", "moves_left": 1, "winning_replies": 1},
                ],
                "complete": true
            })
        );
        let tight = json(&["--piles", "1,2", "--json", "--all-moves"], 8);
        assert_eq!(tight["moves_left"], serde_json::Value::Null);
        assert_eq!(tight["complete"], false);
        let text = solved(&["--piles", "1,2", "--all-moves"], 1 << 30).unwrap();
        assert!(
            text.contains("Moves left: 2 (for the player to move)."),
            "{text}"
        );
        assert_eq!(
            solved(&["--piles", "60000,50000", "--all-moves"], 1 << 30),
            Err("--all-moves lists at most 100,000 moves, and this position has 160,000".into())
        );
    }

    #[test]
    fn the_text_reply_and_bad_piles() {
        assert_eq!(
            solved(&["--piles", "4,5"], 1 << 30).unwrap(),
            "Wythoff's game, piles 4, 5: the player to move wins, with 2 winning moves:\n  12:3  take 3 from both piles → 1, 2\n  1:1   take 1 from pile 1 → 3, 5\n"
        );
        assert_eq!(
            solved(&["--piles", "6,10"], 1 << 30).unwrap(),
            "Wythoff's game, piles 6, 10: the player to move loses against perfect play (a lost pair, k = 4).\n"
        );
        assert!(
            solved(&["--piles", "0,0"], 1 << 30)
                .unwrap()
                .contains("has lost")
        );
        assert_eq!(
            solved(&["--piles", "4,5,6"], 1 << 30),
            Err("--piles: 3 piles given: Wythoff's game has two, write them like 4,5".into())
        );
        assert_eq!(
            solved(&["--piles", "-1,5"], 1 << 30),
            Err("--piles: -1 is not a pile: a pile holds 0 coins or more".into())
        );
    }
}
