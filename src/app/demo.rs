//! The computers' demonstration: pause, one move at a time, and its speed.

/// Speeds, slowest first: game clock ticks per four ticks of the real clock, and the label.
/// The computer's move flashes for [`FLASH_TICKS`](crate::games::turns::FLASH_TICKS) game
/// ticks, so the moves come every 2 s at the slowest and every eighth of a second at the
/// fastest.
pub const SPEEDS: [(u32, &str); 5] = [(1, "¼×"), (2, "½×"), (4, "1×"), (8, "2×"), (16, "4×")];

/// The speed a demonstration starts at (1×, the pace of a game against a person).
const NORMAL: usize = 2;

/// How a game between two computers is being run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Demo {
    pub paused: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// While stepping: the number of moves made when the step was asked for.
    stepping_from: Option<usize>,
    /// Quarter ticks not yet spent.
    clock: u32,
}

impl Default for Demo {
    fn default() -> Self {
        Demo {
            paused: false,
            speed: NORMAL,
            stepping_from: None,
            clock: 0,
        }
    }
}

impl Demo {
    /// The speed as shown: "2×".
    pub fn speed_label(&self) -> &'static str {
        SPEEDS[self.speed].1
    }

    /// A new game: running, nothing half done; the speed stays.
    pub fn restart(&mut self) {
        *self = Demo {
            speed: self.speed,
            ..Demo::default()
        };
    }

    /// Pauses, or goes on.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.stepping_from = None;
    }

    /// Pauses, dropping a step half made.
    pub fn pause(&mut self) {
        self.paused = true;
        self.stepping_from = None;
    }

    /// Pauses (if it was running) and plays one move: the game is ticked until the move count
    /// passes `moves_now`.
    pub fn step(&mut self, moves_now: usize) {
        self.paused = true;
        self.stepping_from = Some(moves_now);
    }

    /// One speed faster (`+1`) or slower (`-1`), within [`SPEEDS`].
    pub fn change_speed(&mut self, delta: isize) {
        self.speed = self
            .speed
            .saturating_add_signed(delta)
            .min(SPEEDS.len() - 1);
    }

    /// How many game ticks this tick of the real clock is worth (0 while paused).
    pub fn game_ticks(&mut self) -> u32 {
        if self.paused && self.stepping_from.is_none() {
            return 0;
        }
        self.clock += SPEEDS[self.speed].0;
        let ticks = self.clock / 4;
        self.clock %= 4;
        ticks
    }

    /// Told the move count after a game tick: `false` once a step has made its move (the rest
    /// of this tick is not played).
    pub fn go_on(&mut self, moves: usize) -> bool {
        match self.stepping_from {
            Some(from) if moves > from => {
                self.stepping_from = None;
                false
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_spend_the_clock_evenly_and_stay_in_bounds() {
        let mut demo = Demo::default();
        assert_eq!((0..8).map(|_| demo.game_ticks()).sum::<u32>(), 8, "1×");
        demo.change_speed(-5);
        assert_eq!(demo.speed_label(), "¼×");
        assert_eq!((0..8).map(|_| demo.game_ticks()).sum::<u32>(), 2);
        demo.change_speed(9);
        assert_eq!(demo.speed_label(), "4×");
        assert_eq!((0..8).map(|_| demo.game_ticks()).sum::<u32>(), 32);
        demo.toggle_pause();
        assert_eq!(demo.game_ticks(), 0);
    }
}
