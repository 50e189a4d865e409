//! The Puzzles screen's memory ([`PuzzleRecord`], in `puzzles.json`): the person's Glicko-2
//! rating, each puzzle's rating by its position, the current and best streak, and the puzzles
//! failed, to be brought back a few puzzles later. A finished puzzle is counted as a game is
//! in the statistics: under the folder's lock, the file read again and the attempt added to
//! what it holds, so that two windows never lose each other's results.

use super::{PUZZLES_FILE, Store, Warning};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::collections::BTreeMap;

/// A failed puzzle comes back once this many other puzzles are finished.
pub const COMEBACK_AFTER: u64 = 3;
/// The most puzzles waiting to come back: past it, the oldest goes.
pub const MAX_COMEBACKS: usize = 100;
/// The most puzzles whose rating is kept: past it, the one seen longest ago goes.
pub const MAX_PUZZLE_RATINGS: usize = 5_000;
/// The longest position string, move, theme or game id kept: far past any munch writes.
const MAX_TEXT: usize = 1_000;
/// The most moves a kept puzzle's solution has (five solver moves, four replies).
const MAX_SOLUTION: usize = 9;
/// The most themes a kept puzzle has.
const MAX_THEMES: usize = 16;

/// A Glicko-2 rating: the rating, its deviation (how unsure it is) and its volatility.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A newcomer's: 1500, deviation 350, volatility 0.06 (Glicko-2's).
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// A new puzzle's: the rating its generator gave it, as unsure as a newcomer's.
    pub fn starting(rating: u32) -> Rating {
        Rating {
            rating: f64::from(rating),
            ..Rating::default()
        }
    }

    /// The rating as people read it.
    #[expect(clippy::cast_sign_loss, reason = "clamped to 0 and up first")]
    pub fn shown(self) -> u32 {
        self.rating.round().clamp(0.0, f64::from(u32::MAX)) as u32
    }

    /// Why it cannot be a rating munch wrote, if it cannot.
    fn problem(self) -> Option<&'static str> {
        let Rating {
            rating,
            deviation,
            volatility,
        } = self;
        if !(0.0..=10_000.0).contains(&rating) {
            Some("a rating outside 0 to 10000")
        } else if !(deviation > 0.0 && deviation <= 1_000.0) {
            Some("a deviation outside 0 to 1000")
        } else if !(volatility > 0.0 && volatility <= 1.0) {
            Some("a volatility outside 0 to 1")
        } else {
            None
        }
    }
}

/// A puzzle as it is kept to come back: what the screen needs to play it again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptPuzzle {
    /// The game's id.
    pub game: String,
    /// The start, as a position string munch reads.
    pub position: String,
    /// Solver, defender, …, solver, in notation.
    pub solution: Vec<String>,
    pub moves_left: u64,
    /// The solution's last move ends the game (any winning move that ends it is right).
    pub ends: bool,
    /// The rating the generator gave it.
    pub rating: u32,
    pub themes: Vec<String>,
}

impl KeptPuzzle {
    /// Why it cannot be a puzzle munch kept, if it cannot: its position is not one of its
    /// game's, or its solution is not the length of one.
    fn problem(&self) -> Option<String> {
        let long = [&self.game, &self.position]
            .into_iter()
            .chain(&self.solution)
            .chain(&self.themes)
            .any(|text| text.len() > MAX_TEXT);
        if long {
            return Some("a text too long".into());
        }
        if self.solution.is_empty()
            || self.solution.len() > MAX_SOLUTION
            || self.solution.len().is_multiple_of(2)
        {
            return Some(format!(
                "a puzzle of {} moves, not 1 to {MAX_SOLUTION} ending on the solver's",
                self.solution.len()
            ));
        }
        if self.themes.len() > MAX_THEMES {
            return Some("a puzzle with too many themes".into());
        }
        match crate::games::parse_position(&self.position) {
            Ok((kind, _)) if kind.game().id() == self.game => None,
            Ok(_) => Some(format!("a {} puzzle of another game", self.game)),
            Err(reason) => Some(format!("a puzzle that is no position ({reason})")),
        }
    }
}

/// A failed puzzle waiting to come back: once [`PuzzleRecord::played`] reaches `due`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comeback {
    pub puzzle: KeptPuzzle,
    pub due: u64,
}

/// A puzzle's rating, with when it was last played (the [`PuzzleRecord::played`] count then).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    pub rating: Rating,
    pub last: u64,
}

/// What the Puzzles screen keeps: see the module documentation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// The person's rating: one for every game (see `docs/puzzles.md` for why).
    pub player: Rating,
    /// Puzzles solved in a row, up to the last one finished.
    pub streak: u64,
    pub best_streak: u64,
    /// Puzzles finished, solved or not.
    pub played: u64,
    /// Each puzzle's rating, by its position string (which names its game first).
    pub ratings: BTreeMap<String, PuzzleRating>,
    /// The puzzles failed, to be brought back, oldest first.
    pub comebacks: Vec<Comeback>,
}

/// A finished puzzle: which, and whether the person solved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub puzzle: KeptPuzzle,
    pub solved: bool,
}

impl PuzzleRecord {
    /// The rating of the puzzle at `position` (its generator's, `rating`, until it is played).
    pub fn puzzle_rating(&self, position: &str, rating: u32) -> Rating {
        self.ratings
            .get(position)
            .map_or_else(|| Rating::starting(rating), |r| r.rating)
    }

    /// The failed puzzle due to come back now, if any (the one failed longest ago).
    pub fn due(&self) -> Option<&KeptPuzzle> {
        self.comebacks
            .iter()
            .find(|c| c.due <= self.played)
            .map(|c| &c.puzzle)
    }

    /// Counts a finished puzzle: both ratings move by Glicko-2 (the person won if they solved
    /// it), the streak grows or ends, and a failed puzzle is kept to come back after
    /// [`COMEBACK_AFTER`] others (a puzzle brought back and solved is not kept again).
    pub fn count(&mut self, attempt: &Attempt) {
        let puzzle = &attempt.puzzle;
        let theirs = self.puzzle_rating(&puzzle.position, puzzle.rating);
        let outcome = if attempt.solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (player, theirs) = glicko2(
            &self.player.into(),
            &theirs.into(),
            &outcome,
            &Glicko2Config::new(),
        );
        // The algorithm keeps ratings finite; a file may have been edited: keep what was.
        let (player, theirs) = (Rating::from(player), Rating::from(theirs));
        if player.problem().is_none() {
            self.player = player;
        }
        self.played = self.played.saturating_add(1);
        if theirs.problem().is_none() {
            self.ratings.insert(
                puzzle.position.clone(),
                PuzzleRating {
                    rating: theirs,
                    last: self.played,
                },
            );
        }
        if attempt.solved {
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.comebacks
            .retain(|c| c.puzzle.position != puzzle.position);
        if !attempt.solved {
            self.comebacks.push(Comeback {
                puzzle: puzzle.clone(),
                due: self.played.saturating_add(COMEBACK_AFTER),
            });
        }
        self.trim();
    }

    /// Keeps within [`MAX_COMEBACKS`] (the oldest go) and [`MAX_PUZZLE_RATINGS`] (those
    /// played longest ago go).
    fn trim(&mut self) {
        let over = self.comebacks.len().saturating_sub(MAX_COMEBACKS);
        self.comebacks.drain(..over);
        let over = self.ratings.len().saturating_sub(MAX_PUZZLE_RATINGS);
        if over > 0 {
            let mut by_age: Vec<(u64, String)> = self
                .ratings
                .iter()
                .map(|(key, r)| (r.last, key.clone()))
                .collect();
            by_age.sort_unstable();
            for (_, key) in by_age.into_iter().take(over) {
                self.ratings.remove(&key);
            }
        }
    }

    /// Why it cannot be what munch wrote, if it cannot: a rating out of range, a streak past
    /// the best, a kept puzzle that is no puzzle, more kept than munch keeps.
    pub fn problem(&self) -> Option<String> {
        if let Some(problem) = self.player.problem() {
            return Some(format!("the person's rating has {problem}"));
        }
        if self.streak > self.best_streak {
            return Some("the streak is past the best streak".into());
        }
        if self.ratings.len() > MAX_PUZZLE_RATINGS || self.comebacks.len() > MAX_COMEBACKS {
            return Some("more puzzles than munch keeps".into());
        }
        for (position, rating) in &self.ratings {
            if position.len() > MAX_TEXT {
                return Some("a text too long".into());
            }
            if let Some(problem) = rating.rating.problem() {
                return Some(format!("a puzzle's rating has {problem}"));
            }
        }
        self.comebacks.iter().find_map(|c| c.puzzle.problem())
    }
}

impl Store {
    /// Counts a finished puzzle in the puzzles file (`None`: only reads it): re-read under the
    /// lock, the attempt added, written. Returns the record as it now stands, and any problems
    /// on the way (the record is then what could be read, with this puzzle counted). A file
    /// munch cannot have written is moved aside, as every data file is.
    pub fn count_puzzle(&self, attempt: Option<&Attempt>) -> (PuzzleRecord, Vec<Warning>) {
        self.with_lock(|lock_problem| {
            let mut warnings: Vec<Warning> = lock_problem
                .iter()
                .filter(|_| attempt.is_some())
                .map(|p| format!("{p}, so this puzzle is not counted in {PUZZLES_FILE}"))
                .collect();
            let mut record = match self.load_unlocked::<PuzzleRecord>(PUZZLES_FILE) {
                Ok(Some(record)) => match record.problem() {
                    None => record,
                    Some(problem) => {
                        let why = format!("is not what munch writes ({problem})");
                        warnings.push(self.set_aside(PUZZLES_FILE, &why));
                        PuzzleRecord::default()
                    }
                },
                Ok(None) => PuzzleRecord::default(),
                Err(warning) => {
                    warnings.push(warning);
                    PuzzleRecord::default()
                }
            };
            if let Some(attempt) = attempt {
                record.count(attempt);
                // Writing without the lock could undo another window's puzzle: don't.
                if lock_problem.is_none() {
                    warnings.extend(self.save_unlocked(PUZZLES_FILE, &record).err());
                }
            }
            (record, warnings)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(position: &str, rating: u32) -> KeptPuzzle {
        KeptPuzzle {
            game: "nim".into(),
            position: position.into(),
            solution: vec!["1:1".into()],
            moves_left: 1,
            ends: false,
            rating,
            themes: vec!["nim-sum".into()],
        }
    }

    fn attempt(position: &str, solved: bool) -> Attempt {
        Attempt {
            puzzle: puzzle(position, 1500),
            solved,
        }
    }

    #[test]
    fn solving_raises_the_persons_rating_and_lowers_the_puzzles_failing_the_reverse() {
        let mut record = PuzzleRecord::default();
        record.count(&attempt("nim 1,2,4", true));
        assert!(record.player.rating > 1500.0, "{:?}", record.player);
        assert!(record.player.deviation < 350.0, "one result makes it surer");
        let theirs = record.puzzle_rating("nim 1,2,4", 1500);
        assert!(theirs.rating < 1500.0, "{theirs:?}");
        let before = record.player;
        record.count(&attempt("nim 3,4,5", false));
        assert!(record.player.rating < before.rating);
        assert!(record.puzzle_rating("nim 3,4,5", 1500).rating > 1500.0);
        // A puzzle never played has its generator's rating.
        assert_eq!(record.puzzle_rating("nim 2,3", 1234).shown(), 1234);
        // Against a much harder puzzle, a win is worth more than against an easy one.
        let gain = |rating| {
            let mut record = PuzzleRecord::default();
            record.count(&Attempt {
                puzzle: puzzle("nim 1,2,4", rating),
                solved: true,
            });
            record.player.rating - 1500.0
        };
        assert!(gain(2000) > gain(1000), "{} {}", gain(2000), gain(1000));
    }

    #[test]
    fn the_streak_counts_solved_puzzles_in_a_row_and_keeps_the_best() {
        let mut record = PuzzleRecord::default();
        for (at, solved) in [true, true, true, false, true].into_iter().enumerate() {
            record.count(&attempt(&format!("nim {},1", at + 2), solved));
        }
        assert_eq!((record.streak, record.best_streak), (1, 3));
        assert_eq!(record.played, 5);
    }

    #[test]
    fn a_failed_puzzle_comes_back_after_three_others_and_leaves_once_solved() {
        let mut record = PuzzleRecord::default();
        record.count(&attempt("nim 1,2,4", false));
        assert_eq!(record.due(), None, "not at once");
        for n in 0..COMEBACK_AFTER {
            assert_eq!(record.due(), None, "not after {n} others");
            record.count(&attempt(&format!("nim {},1", n + 2), true));
        }
        assert_eq!(record.due().map(|p| p.position.as_str()), Some("nim 1,2,4"));
        // Failed again: it waits three more.
        record.count(&attempt("nim 1,2,4", false));
        assert_eq!(record.comebacks.len(), 1, "kept once");
        assert_eq!(record.due(), None);
        for n in 0..COMEBACK_AFTER {
            record.count(&attempt(&format!("nim {},1", n + 2), true));
        }
        assert!(record.due().is_some());
        record.count(&attempt("nim 1,2,4", true));
        assert!(record.comebacks.is_empty(), "solved: it does not come back");
        assert_eq!(record.due(), None);
    }

    #[test]
    fn what_is_kept_stays_within_its_caps() {
        let mut record = PuzzleRecord::default();
        for n in 0..MAX_COMEBACKS + 5 {
            record.count(&attempt(&format!("nim {},1", n + 2), false));
        }
        assert_eq!(record.comebacks.len(), MAX_COMEBACKS);
        assert_eq!(
            record.comebacks[0].puzzle.position, "nim 7,1",
            "the oldest went"
        );
        let mut record = PuzzleRecord::default();
        for n in 0..MAX_PUZZLE_RATINGS + 3 {
            record.count(&attempt(&format!("nim {},1", n + 2), true));
        }
        assert_eq!(record.ratings.len(), MAX_PUZZLE_RATINGS);
        assert!(
            !record.ratings.contains_key("nim 2,1"),
            "the one played longest ago went"
        );
        assert!(
            record
                .ratings
                .contains_key(&format!("nim {},1", MAX_PUZZLE_RATINGS + 4))
        );
        assert_eq!(record.problem(), None);
    }

    #[test]
    fn what_munch_cannot_have_written_is_refused() {
        let mut record = PuzzleRecord::default();
        record.count(&attempt("nim 1,2,4", false));
        assert_eq!(record.problem(), None);
        let bad = |change: &dyn Fn(&mut PuzzleRecord)| {
            let mut bad = record.clone();
            change(&mut bad);
            bad.problem()
        };
        assert!(
            bad(&|r| r.player.rating = f64::NAN).is_some(),
            "a NaN rating"
        );
        assert!(bad(&|r| r.player.deviation = 0.0).is_some());
        assert!(bad(&|r| r.streak = r.best_streak + 1).is_some());
        assert!(bad(&|r| r.comebacks[0].puzzle.position = "nim x".into()).is_some());
        assert!(bad(&|r| r.comebacks[0].puzzle.game = "chomp".into()).is_some());
        assert!(bad(&|r| r.comebacks[0].puzzle.solution.clear()).is_some());
        assert!(bad(&|r| r.comebacks[0].puzzle.solution.push("1:1".into())).is_some());
        let rating = |r: &mut PuzzleRecord| {
            r.ratings
                .values_mut()
                .for_each(|p| p.rating.volatility = 2.0);
        };
        assert!(bad(&rating).is_some());
    }
}
