//! What a game puts in the side panel ([`PanelInfo`]); the screen frames it with what every
//! game's panel shows. A leaf beside the games: it imports only the setup and ratatui.

use super::setup::Setup;
use ratatui::text::Line;

/// What the panel shows, whatever the game.
pub struct PanelInfo<'a> {
    pub settings: &'a Setup,
    pub to_move: usize,
    pub loser: Option<usize>,
    /// The solver's line: a gauge while it works, else a short text.
    pub solver: SolverLine,
    /// Legal moves, hints, notes.
    pub info: Vec<Line<'a>>,
    /// Each move in notation ("c2", "took 3").
    pub history: Vec<String>,
}

/// The solver's line in the panel.
pub enum SolverLine {
    /// A build under way: `label` says what is built ("solving"), beside its gauge.
    Progress {
        label: &'static str,
        done: u64,
        total: u64,
    },
    Text(String),
    Warning(String),
}

/// "You are " or "Computer is ".
pub fn subject(name: &str) -> String {
    if name == "You" {
        "You are ".to_string()
    } else {
        format!("{name} is ")
    }
}
