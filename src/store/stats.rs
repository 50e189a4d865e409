//! The statistics: wins and losses against the computer ([`Stats`], a [`Tally`] per game and
//! level), and counting a finished game in their file.

use super::{STATS_FILE, Store, Warning};
use crate::settings::Level;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Wins and losses against the computer, per game and size, per strength level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Keyed by a description of the game ("Chomp 6×7"), then by level. Kept in `stats.json`
    /// as `records`, the name it had before the tally had its own word.
    #[serde(rename = "records")]
    pub tallies: BTreeMap<String, BTreeMap<String, Tally>>,
}

/// Games against the computer at one level: the tally (in the docs, "your record against the
/// computer").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
}

impl Stats {
    /// Counts a finished game against the computer.
    pub fn record(&mut self, game: &str, level: Level, person_won: bool) {
        self.count(game, level, person_won, None);
    }

    /// Counts a finished game, or, when it was counted before as `previous` (it was undone
    /// after its end and finished again), moves its one entry to the new result.
    pub fn count(&mut self, game: &str, level: Level, person_won: bool, previous: Option<bool>) {
        let tally = self
            .tallies
            .entry(game.to_string())
            .or_default()
            .entry(level.label().to_string())
            .or_default();
        // Counts stop at their largest value rather than wrap to zero (a file may say anything).
        match previous {
            None => tally.games = tally.games.saturating_add(1),
            Some(won) if won == person_won => return,
            // The file may have been edited or set aside meanwhile: never below zero.
            Some(true) => tally.wins = tally.wins.saturating_sub(1),
            Some(false) => tally.losses = tally.losses.saturating_sub(1),
        }
        if person_won {
            tally.wins = tally.wins.saturating_add(1);
        } else {
            tally.losses = tally.losses.saturating_add(1);
        }
        tally.games = tally.games.max(tally.wins.saturating_add(tally.losses));
    }
}

impl Store {
    /// Counts a finished game in the statistics file: re-read under the lock, add the game,
    /// write. Returns the statistics as they now stand, and any problems on the way (the
    /// statistics are then what could be read, with this game added).
    pub fn record_game(&self, game: &str, level: Level, person_won: bool) -> (Stats, Vec<Warning>) {
        self.count_game(game, level, person_won, None)
    }

    /// Like [`Store::record_game`], but a game counted before as `previous` keeps its one
    /// entry, moved to the new result (see [`Stats::count`]).
    pub fn count_game(
        &self,
        game: &str,
        level: Level,
        person_won: bool,
        previous: Option<bool>,
    ) -> (Stats, Vec<Warning>) {
        self.with_lock(|lock_problem| {
            let mut warnings: Vec<Warning> = lock_problem
                .iter()
                .map(|p| format!("{p}, so this game is not counted in {STATS_FILE}"))
                .collect();
            let mut stats = match self.load_unlocked::<Stats>(STATS_FILE) {
                Ok(stats) => stats.unwrap_or_default(),
                Err(warning) => {
                    warnings.push(warning);
                    Stats::default()
                }
            };
            stats.count(game, level, person_won, previous);
            // Writing without the lock could undo another process's game: don't.
            if lock_problem.is_none() {
                warnings.extend(self.save_unlocked(STATS_FILE, &stats).err());
            }
            (stats, warnings)
        })
    }
}
