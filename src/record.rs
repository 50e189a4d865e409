//! A game record: what was played (the game, where it started, who played each side and at
//! what level, every move in notation, and who won) as text a person can read, and read back.
//! Reading checks everything: the header, each line in its place, the game's values through
//! its catalogue entry, each move replayed through the game itself, and the result against the
//! replay. A damaged record is a one-line reason, never a panic.
//!
//! ```text
//! munch game record 1
//! game: chomp
//! start: rows=3 cols=3
//! players: person, computer
//! level: perfect
//! moves:
//! 1. You: b2
//! 2. Computer: c1
//! 3. You: a3
//! 4. Computer: b1
//! 5. You: a2
//! 6. Computer: a1
//! result: You won
//! ```

use crate::games::position::StartPosition;
use crate::games::session::Session;
use crate::games::setup::side_name;
use crate::settings::{GameKind, Level, Player, Settings};
use crate::units::{brief, quoted};

/// The first line of every record; a record with another is refused.
pub const RECORD_HEADER: &str = "munch game record 1";

/// The most moves a record holds (a longer text is refused unread).
pub const MAX_RECORD_MOVES: usize = 100_000;

/// The largest record file read (`munch study --record`).
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// A finished game, as its record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game, its players, its level, and the values it started from (its own size values;
    /// every other value is its default).
    pub settings: Settings,
    /// The position the game started from, when it was set (`munch play --position`); the
    /// start line then holds its string (`start: chomp 3x3 3,2,1`) instead of the values.
    pub start: Option<StartPosition>,
    /// Every move, in the notation saved games keep.
    pub moves: Vec<String>,
    /// The side that lost (0 moved first).
    pub loser: usize,
}

impl GameRecord {
    /// The record of `session`, a game started from `settings` (from `start` when a position
    /// was set), once it is over.
    pub fn of(
        settings: &Settings,
        start: Option<&StartPosition>,
        session: &dyn Session,
    ) -> Option<GameRecord> {
        let loser = session.loser().filter(|_| session.is_over())?;
        Some(GameRecord {
            settings: start_settings(settings),
            start: start.cloned(),
            moves: session.notation(),
            loser,
        })
    }

    /// The winner's name as the game shows it: "You", "Computer", "Player 2".
    pub fn winner(&self) -> &'static str {
        side_name(self.settings.players, 1 - self.loser)
    }

    /// The record as text (see the module documentation), ending with a newline.
    pub fn text(&self) -> String {
        let s = &self.settings;
        let mut lines = vec![
            RECORD_HEADER.to_string(),
            format!("game: {}", s.game.game().id()),
            format!(
                "start: {}",
                self.start
                    .as_ref()
                    .map_or_else(|| start_text(s), |start| start.text().to_string())
            ),
            format!(
                "players: {}, {}",
                player_word(s.players[0]),
                player_word(s.players[1])
            ),
            format!("level: {}", s.level.label().to_lowercase()),
            "moves:".to_string(),
        ];
        lines.extend(self.moves.iter().enumerate().map(|(index, mv)| {
            format!("{}. {}: {mv}", index + 1, side_name(s.players, index % 2))
        }));
        lines.push(format!("result: {} won", self.winner()));
        lines.push(String::new());
        lines.join("\n")
    }

    /// Reads a record's text, checking everything (see the module documentation); the reason
    /// names the line at fault.
    pub fn parse(text: &str) -> Result<GameRecord, String> {
        // A byte-order mark some editors put first is no part of the record.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(at, line)| (at + 1, line));
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| format!("the record ends before its {what} line"))
        };
        let (_, header) = next("header")?;
        if header != RECORD_HEADER {
            return Err(format!(
                "line 1: not a munch game record (it should start with {RECORD_HEADER:?})"
            ));
        }
        let game = field(next("game")?, "game")?;
        let kind = GameKind::ALL
            .into_iter()
            .find(|k| k.game().id() == game.1)
            .ok_or_else(|| format!("line {}: no game is called {}", game.0, quoted(game.1)))?;
        let mut settings = Settings {
            game: kind,
            ..Settings::default()
        };
        let start = field(next("start")?, "start")?;
        let from = if start.1.split_whitespace().next() == Some(kind.game().id()) {
            // A set position, as its string.
            let (read, from) = settings
                .clone()
                .with_position(start.1)
                .map_err(|e| format!("line {}: {e}", start.0))?;
            settings = start_settings(&read);
            Some(from)
        } else {
            read_start(&mut settings, start.1).map_err(|e| format!("line {}: {e}", start.0))?;
            None
        };
        let players = field(next("players")?, "players")?;
        settings.players =
            read_players(players.1).map_err(|e| format!("line {}: {e}", players.0))?;
        let level = field(next("level")?, "level")?;
        settings.level = Level::ALL
            .into_iter()
            .find(|l| l.label().to_lowercase() == level.1)
            .ok_or_else(|| {
                format!(
                    "line {}: the level is perfect, strong or casual, not {}",
                    level.0,
                    quoted(level.1)
                )
            })?;
        let (at, moves_line) = next("moves")?;
        if moves_line != "moves:" {
            return Err(format!("line {at}: expected \"moves:\""));
        }
        let mut moves = Vec::new();
        let (at, result) = loop {
            let (at, line) = next("result")?;
            if line.starts_with("result:") {
                break (at, line);
            }
            if moves.len() == MAX_RECORD_MOVES {
                return Err(format!(
                    "line {at}: a record holds at most {MAX_RECORD_MOVES} moves"
                ));
            }
            let mv = read_move(line, moves.len(), settings.players)
                .map_err(|e| format!("line {at}: {e}"))?;
            moves.push(mv);
        };
        if let Some((extra, _)) = lines.find(|(_, line)| !line.trim().is_empty()) {
            return Err(format!("line {extra}: the record goes on after its result"));
        }
        let (_, result) = field((at, result), "result")?;
        let loser = replay(&settings, from.as_ref(), &moves)?;
        let record = GameRecord {
            settings,
            start: from,
            moves,
            loser,
        };
        let said = format!("{} won", record.winner());
        if result != said {
            return Err(format!(
                "line {at}: the result says {}, but the moves say {said:?}",
                quoted(result)
            ));
        }
        Ok(record)
    }

    /// Reads and checks the record in the file at `path` (at most [`MAX_RECORD_BYTES`]); the
    /// reason names the file.
    pub fn read_file(path: &std::path::Path) -> Result<GameRecord, String> {
        use std::io::Read;
        let shown = path.display();
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        // A FIFO in its place must not hang munch: opened without blocking, then refused.
        #[cfg(target_os = "linux")]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
        let file = options
            .open(path)
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        let meta = file
            .metadata()
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        if !meta.is_file() {
            return Err(format!("{shown} is not a file"));
        }
        let mut bytes = Vec::new();
        file.take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        if bytes.len() as u64 > MAX_RECORD_BYTES {
            return Err(format!(
                "{shown} is larger than {} KiB, too large for a game record",
                MAX_RECORD_BYTES / 1024
            ));
        }
        let text = String::from_utf8(bytes).map_err(|_| format!("{shown} is not UTF-8 text"))?;
        GameRecord::parse(&text).map_err(|e| format!("{shown}: {e}"))
    }

    /// The game replayed from its start: a session of it, over, on its last move.
    pub fn session(&self) -> Box<dyn Session> {
        let mut session = self
            .settings
            .game
            .game()
            .new_session(self.settings.setup_from(self.start.clone()), None);
        session.replay_notation(&self.moves);
        session
    }
}

/// `settings` with every value but the game's own size values at its default, as a record
/// keeps them.
fn start_settings(settings: &Settings) -> Settings {
    let mut kept = Settings {
        game: settings.game,
        players: settings.players,
        level: settings.level,
        ..Settings::default()
    };
    for field in start_fields(settings.game) {
        if let Some(value) = settings.values.get(field.key) {
            kept.values.set(field.key, value.clone());
        }
    }
    kept
}

/// The game's menu lines that say where it starts (its size, not its options).
fn start_fields(kind: GameKind) -> impl Iterator<Item = &'static crate::games::game::Field> {
    kind.game().fields().iter().filter(|f| !f.after_level)
}

/// The start line: each size value as `key=value`, text quoted (`set="1,3,4"`).
fn start_text(settings: &Settings) -> String {
    start_fields(settings.game)
        .map(|field| {
            let value = settings
                .values
                .get(field.key)
                .cloned()
                .unwrap_or_else(|| field.default_value());
            format!("{}={value}", field.key)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the start line into `settings`: every size value of the game once, of its kind, and
/// values the game accepts.
fn read_start(settings: &mut Settings, text: &str) -> Result<(), String> {
    let kind = settings.game;
    let mut rest = text.trim_start();
    let mut seen: Vec<&str> = Vec::new();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once('=')
            .ok_or_else(|| format!("expected key=value in the start, found {}", quoted(rest)))?;
        // Records written before a value had a key of its own give its old one.
        let field = start_fields(kind)
            .find(|f| f.key == key || f.was == Some(key))
            .ok_or_else(|| format!("{} has no start value {}", kind.label(), quoted(key)))?;
        if seen.contains(&field.key) {
            return Err(format!("the start gives {} twice", field.key));
        }
        seen.push(field.key);
        let mut values =
            serde_json::Deserializer::from_str(after).into_iter::<crate::games::game::Value>();
        let value = match values.next() {
            Some(Ok(value)) if field.fits(&value) => value,
            _ => return Err(format!("{key} should be {}", field.kind_name())),
        };
        rest = after[values.byte_offset()..].trim_start();
        settings.values.set(field.key, value);
    }
    if let Some(missing) = start_fields(kind).find(|f| !seen.contains(&f.key)) {
        return Err(format!("the start does not give {}", missing.key));
    }
    match kind.game().problem(&settings.values) {
        Some(problem) => Err(format!("the start cannot be played: {}", problem.reason)),
        None => Ok(()),
    }
}

/// `(line number, line)` as `name: value`: the value, or why the line is not that.
fn field<'a>((at, line): (usize, &'a str), name: &str) -> Result<(usize, &'a str), String> {
    line.strip_prefix(name)
        .and_then(|rest| rest.strip_prefix(": "))
        .map(|value| (at, value))
        .ok_or_else(|| format!("line {at}: expected \"{name}: …\""))
}

/// How a record writes who plays a side.
fn player_word(player: Player) -> &'static str {
    match player {
        Player::Person => "person",
        Player::Computer => "computer",
    }
}

fn read_players(text: &str) -> Result<[Player; 2], String> {
    let word = |w: &str| match w {
        "person" => Ok(Player::Person),
        "computer" => Ok(Player::Computer),
        _ => Err(format!(
            "a player is a person or the computer, not {}",
            quoted(w)
        )),
    };
    let (first, second) = text
        .split_once(", ")
        .ok_or("expected two players: \"person, computer\"")?;
    Ok([word(first)?, word(second)?])
}

/// Reads move line `index` (from 0): "3. You: a3", numbered and named as the record writes it.
fn read_move(line: &str, index: usize, players: [Player; 2]) -> Result<String, String> {
    let expected = format!("{}. {}: ", index + 1, side_name(players, index % 2));
    let mv = line.strip_prefix(&expected).ok_or_else(|| {
        format!(
            "expected move {} as \"{expected}…\", found {}",
            index + 1,
            quoted(line)
        )
    })?;
    if mv.is_empty() || mv.chars().any(char::is_whitespace) {
        return Err(format!(
            "move {} is not one move: {}",
            index + 1,
            quoted(mv)
        ));
    }
    Ok(mv.to_string())
}

/// Replays `moves` from the start `settings` give (or `start`, when a position was set): the
/// side that lost, or why the moves are not a finished game.
fn replay(
    settings: &Settings,
    start: Option<&StartPosition>,
    moves: &[String],
) -> Result<usize, String> {
    let mut session = settings
        .game
        .game()
        .new_session(settings.setup_from(start.cloned()), None);
    for (index, mv) in moves.iter().enumerate() {
        if session.is_over() {
            return Err(format!(
                "the game was over after move {index}, but the record goes on"
            ));
        }
        if !session.replay_notation(std::slice::from_ref(mv)) {
            return Err(format!(
                "move {} ({}) is not a legal move there",
                index + 1,
                brief(mv)
            ));
        }
    }
    match session.loser().filter(|_| session.is_over()) {
        Some(loser) => Ok(loser),
        None => Err(format!(
            "the game is not over after its {} moves",
            moves.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chomp_3x3() -> String {
        [
            RECORD_HEADER,
            "game: chomp",
            "start: rows=3 cols=3",
            "players: person, computer",
            "level: perfect",
            "moves:",
            "1. You: b2",
            "2. Computer: c1",
            "3. You: a3",
            "4. Computer: b1",
            "5. You: a2",
            "6. Computer: a1",
            "result: You won",
            "",
        ]
        .join("\n")
    }

    #[test]
    fn a_record_reads_back_as_it_was_written() {
        let record = GameRecord::parse(&chomp_3x3()).expect("a good record");
        assert_eq!(record.settings.game, GameKind::Chomp);
        assert_eq!(record.settings.values.number("rows"), 3);
        assert_eq!(record.moves, ["b2", "c1", "a3", "b1", "a2", "a1"]);
        assert_eq!(record.loser, 1);
        assert_eq!(record.text(), chomp_3x3());
        let session = record.session();
        assert!(session.is_over());
        assert_eq!(session.notation(), record.moves);
    }

    #[test]
    fn a_damaged_record_says_where_in_one_line() {
        let good = chomp_3x3();
        for (damage, reason) in [
            (
                good.replace(RECORD_HEADER, "munch game record 9"),
                "line 1:",
            ),
            (
                good.replace("chomp\n", "go\n"),
                "line 2: no game is called \"go\"",
            ),
            (
                good.replace("rows=3", "rows=0"),
                "line 3: the start cannot be played",
            ),
            (
                good.replace("rows=3", "rows=\"3\""),
                "line 3: rows should be a number",
            ),
            (
                good.replace("rows=3 ", "rows=3 rows=3 "),
                "line 3: the start gives rows twice",
            ),
            (
                good.replace(" cols=3", ""),
                "line 3: the start does not give cols",
            ),
            (good.replace("person, computer", "person"), "line 4:"),
            (good.replace("perfect", "godlike"), "line 5:"),
            (
                good.replace("3. You: a3", "3. Computer: a3"),
                "line 9: expected move 3",
            ),
            (good.replace("a3", "z9"), "move 3 (z9) is not a legal move"),
            (
                good.replace("You won", "Computer won"),
                "line 13: the result says",
            ),
            (
                good.replace("6. Computer: a1\n", ""),
                "not over after its 5 moves",
            ),
            (
                good.replace("result: You won\n", ""),
                "ends before its result line",
            ),
            (format!("{good}junk\n"), "line 14: the record goes on"),
            (String::new(), "ends before its header line"),
        ] {
            let error = GameRecord::parse(&damage).expect_err(&damage);
            assert!(error.contains(reason), "{error:?} should say {reason:?}");
            assert!(!error.contains('\n'), "one line: {error:?}");
        }
    }
}
