//! A sum of games: positions, moves and the rules, all from the parts' Grundy values (the
//! Sprague–Grundy theorem: each part counts as a Nim heap of its value, so the sum is lost
//! exactly where the values' nim-sum is 0, and a winning move takes one part to the value
//! that makes it 0).

use crate::games::core::part::Part;
use crate::games::core::rules::{NoGrundy, Rules, fewest};
use crate::games::moves_left::{AnalysedMove, PositionAnalysis};
use crate::games::position::split_game;
use crate::games::request::{Built, Progress, Task, Waiting};
use crate::games::review::{Known, MoveWords};
use crate::games::study::Editor;
use crate::games::why::nim_sum;
use internment::Intern;
use rustc_hash::FxHashMap;
use std::fmt::{self, Debug};
use std::sync::{Arc, Mutex};

/// The game's id: `munch play sum`, and the first word of its position strings.
pub const ID: &str = "sum";

/// The most parts a sum holds (a digit key picks each).
pub const MOST_PARTS: usize = 9;

/// The most moves a part may have: a sum lists every move of the part it is played in (its
/// winning moves are found among them).
pub const MOST_PART_MOVES: u64 = 5_000;

/// The most a part's table may take: the default `--memory`, so that a sum the menu starts
/// never waits for values out of reach (a smaller `--memory` is answered by the worker).
pub const MOST_PART_BYTES: u64 = 2 << 30;

/// The words between two parts of a sum's position string.
const PLUS: &str = " + ";

/// A sum's position: its parts, each a game at a position.
#[derive(Clone)]
pub struct SumPosition {
    parts: Vec<Arc<dyn Part>>,
}

impl SumPosition {
    /// The sum of `parts`.
    pub fn new(parts: Vec<Box<dyn Part>>) -> SumPosition {
        SumPosition {
            parts: parts.into_iter().map(Arc::from).collect(),
        }
    }

    /// Its parts, in order.
    pub fn parts(&self) -> &[Arc<dyn Part>] {
        &self.parts
    }

    /// Reads a sum's position string without its id (`chomp 3x4 3,3,2,0 + nim 3,5`): each
    /// part read by its game, which `game` finds by its id; why not, in one line, naming the
    /// part. Parts where their game is over are read too (a sum reaches them), but not a sum
    /// where every part is over.
    pub fn read(
        body: &str,
        game: impl Fn(&str) -> Option<Result<Box<dyn Part>, String>>,
    ) -> Result<SumPosition, String> {
        let texts: Vec<&str> = body.split('+').map(str::trim).collect();
        if texts.len() > MOST_PARTS {
            return Err(format!(
                "{} parts: a sum holds at most {MOST_PARTS}",
                texts.len()
            ));
        }
        let mut parts = Vec::with_capacity(texts.len());
        for (at, text) in texts.iter().enumerate() {
            let number = at + 1;
            if text.is_empty() {
                return Err(format!(
                    "part {number} is empty: write games joined by +, e.g. \"nim 3,5 + wythoff 2,4\""
                ));
            }
            let (word, _) = split_game(text).map_err(|e| format!("part {number}: {e}"))?;
            let part = game(text)
                .ok_or_else(|| {
                    format!(
                        "part {number}: '{}' is not a game a sum holds",
                        crate::units::shown(word)
                    )
                })?
                .map_err(|e| format!("part {number} ({text}): {e}"))?;
            let moves = part.move_count().unwrap_or(u64::MAX);
            if moves > MOST_PART_MOVES {
                return Err(format!(
                    "part {number} ({text}) has {} moves, more than the {} a sum's part may have",
                    crate::units::group(moves),
                    crate::units::group(MOST_PART_MOVES)
                ));
            }
            if let Some(why) = part.beyond(MOST_PART_BYTES) {
                return Err(format!("part {number} ({text}): {why}"));
            }
            parts.push(part);
        }
        let position = SumPosition::new(parts);
        if position.parts.iter().all(|part| part.moves().is_empty()) {
            return Err(crate::games::position::finished("no part has a move"));
        }
        Ok(position)
    }

    /// The position string: `sum chomp 3x4 3,3,2,0 + nim 3,5`.
    pub fn print(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(|part| part.print()).collect();
        format!("{ID} {}", parts.join(PLUS))
    }

    /// The Grundy value of each part, with tables of at most `budget` bytes; why not, naming
    /// the first part out of reach.
    pub fn values(&self, budget: u64) -> Result<Vec<u64>, NoGrundy> {
        (self.parts.iter().enumerate())
            .map(|(at, part)| {
                part.grundy(budget).map_err(|why| {
                    NoGrundy::OutOfReach(format!("part {} ({}): {why}", at + 1, part.print()))
                })
            })
            .collect()
    }
}

impl PartialEq for SumPosition {
    fn eq(&self, other: &SumPosition) -> bool {
        self.parts.len() == other.parts.len()
            && (self.parts.iter().zip(&other.parts)).all(|(a, b)| a.print() == b.print())
    }
}

impl Debug for SumPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.print())
    }
}

/// A move of a sum: a move in one part (`part`, from 0), in that part's game's notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SumMove {
    pub part: u8,
    pub notation: Intern<str>,
}

impl SumMove {
    /// The move `notation` in part `part` (from 0).
    pub fn new(part: usize, notation: &str) -> SumMove {
        SumMove {
            part: u8::try_from(part).expect("a sum has at most 9 parts"),
            notation: Intern::from(notation),
        }
    }

    /// Its part's number as people count (from 1).
    pub fn number(self) -> usize {
        usize::from(self.part) + 1
    }

    /// The notation records keep: the part's number, a slash, the part's own notation
    /// (`1/b2`, `2/1:3`).
    pub fn write(self) -> String {
        format!("{}/{}", self.number(), &*self.notation)
    }

    /// A move read back from [`SumMove::write`]'s notation.
    pub fn read(text: &str) -> Option<SumMove> {
        let (number, notation) = text.trim().split_once('/')?;
        let number: usize = number.trim().parse().ok()?;
        let notation = notation.trim();
        ((1..=MOST_PARTS).contains(&number) && !notation.is_empty())
            .then(|| SumMove::new(number - 1, notation))
    }
}

/// What makes the Study editor of a sum (its entry's).
pub type MakeEditor = fn(&SumPosition) -> Box<dyn Editor>;

/// What the build of a sum's Grundy values leaves: the memory budget they were found within.
struct Budget(u64);

/// The rules of a sum: what the parts need is in the parts; the rules hold the memory budget
/// the parts' tables may use, once the worker has named it (and found the start's values
/// within it, so that every answer after is a lookup).
#[derive(Clone)]
pub struct SumRules {
    budget: Option<u64>,
    /// The position a game or a study starts from, whose values the worker finds first.
    start: SumPosition,
    /// The Study screen's editor of a sum (its entry's, which knows the catalogue its parts'
    /// games come from).
    editor: Option<MakeEditor>,
    /// The answers found so far, by position string (shared by clones): a frame asks for the
    /// hint's moves again, and a study for every move's replies.
    answers: Arc<Mutex<FxHashMap<String, Answer>>>,
}

/// Whether the side to move wins, and every winning move.
type Answer = (bool, Vec<SumMove>);

/// The most answers kept; past it they are forgotten and found again.
const MOST_ANSWERS: usize = 20_000;

impl SumRules {
    /// The memory budget the parts' tables may use, once the worker has named it.
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// The rules of a game from `start`, which wait for the worker to name the budget.
    pub fn new(start: &SumPosition) -> SumRules {
        SumRules {
            budget: None,
            start: start.clone(),
            editor: None,
            answers: Arc::default(),
        }
    }

    /// The same rules, whose Study editor `editor` makes.
    #[must_use]
    pub fn editing(self, editor: MakeEditor) -> SumRules {
        SumRules {
            editor: Some(editor),
            ..self
        }
    }

    /// The Study editor's maker: the entry's, where the rules came from it.
    pub fn editor(&self) -> MakeEditor {
        self.editor
            .expect("a study's rules come from the sum's entry, which gives its editor")
    }

    /// The nim-sum `m` leaves at `at`, where the values are known.
    pub fn leaves(&self, at: &SumPosition, m: SumMove) -> Option<u64> {
        let (values, sum) = self.values(at)?;
        let index = usize::from(m.part);
        let after = at.parts.get(index)?.play(&m.notation).ok()?;
        Some(sum ^ values[index] ^ after.grundy(self.budget?).ok()?)
    }

    /// Rules whose tables may use `budget` bytes, answering at once (on a solver thread or
    /// from the command line).
    #[must_use]
    pub fn within(self, budget: u64) -> SumRules {
        SumRules {
            budget: Some(budget),
            ..self
        }
    }

    /// A move in words, as the move list says it: "part 2: 3 from pile 1" (its part's game's
    /// words, from the start's parts: a part keeps its game).
    pub fn move_text(&self, m: SumMove) -> String {
        let words = (self.start.parts.get(usize::from(m.part)))
            .and_then(|part| part.move_words(&m.notation))
            .map_or_else(|| m.notation.to_string(), |w| w.listed);
        format!("part {}: {words}", m.number())
    }

    /// A move in a sentence, in the words `pick` takes of its part's game's ("taking 2 from
    /// pile 1"), and its part: "taking 2 from pile 1 in part 1".
    pub fn words_of(&self, m: SumMove, pick: impl Fn(MoveWords) -> String) -> String {
        let words = (self.start.parts.get(usize::from(m.part)))
            .and_then(|part| part.move_words(&m.notation))
            .map_or_else(|| m.notation.to_string(), pick);
        format!("{words} in part {}", m.number())
    }

    /// Each part's Grundy value and their nim-sum, where the budget is known and holds them.
    pub fn values(&self, at: &SumPosition) -> Option<(Vec<u64>, u64)> {
        let values = at.values(self.budget?).ok()?;
        let sum = values.iter().fold(0, |sum, v| sum ^ v);
        Some((values, sum))
    }

    /// Whether the side to move wins at `at`, and every winning move, where the values are
    /// known: in each part of value `v`, every move to a position of value `v ^ s` (`s` the
    /// nim-sum; the mex guarantees one where `v ^ s < v`, and a move may raise a value too).
    fn winning(&self, at: &SumPosition) -> Option<(bool, Vec<SumMove>)> {
        let key = at.print();
        if let Ok(answers) = self.answers.lock()
            && let Some(answer) = answers.get(&key)
        {
            return Some(answer.clone());
        }
        let answer = self.find_winning(at)?;
        if let Ok(mut answers) = self.answers.lock() {
            if answers.len() >= MOST_ANSWERS {
                answers.clear();
            }
            answers.insert(key, answer.clone());
        }
        Some(answer)
    }

    /// [`SumRules::winning`], found.
    fn find_winning(&self, at: &SumPosition) -> Option<(bool, Vec<SumMove>)> {
        let budget = self.budget?;
        let (values, sum) = self.values(at)?;
        let mut winning = Vec::new();
        for (index, (part, &value)) in at.parts.iter().zip(&values).enumerate() {
            // A move to a larger value wins too: Grundy values, unlike heaps, may grow.
            let target = value ^ sum;
            if sum == 0 {
                break;
            }
            for notation in part.moves() {
                let after = part.play(&notation).ok()?;
                if after.grundy(budget).ok()? == target {
                    winning.push(SumMove::new(index, &notation));
                }
            }
        }
        Some((sum != 0, winning))
    }
}

impl Rules for SumRules {
    type Position = SumPosition;
    type Move = SumMove;

    fn play(&self, at: &SumPosition, m: SumMove) -> Result<SumPosition, String> {
        let index = usize::from(m.part);
        let part = at.parts.get(index).ok_or_else(|| {
            format!(
                "there is no part {}: the sum has {}",
                m.number(),
                at.parts.len()
            )
        })?;
        let after = part
            .play(&m.notation)
            .map_err(|why| format!("part {}: {why}", m.number()))?;
        let mut parts = at.parts.clone();
        parts[index] = Arc::from(after);
        Ok(SumPosition { parts })
    }

    fn is_over(&self, at: &SumPosition) -> bool {
        at.parts.iter().all(|part| part.moves().is_empty())
    }

    fn move_count(&self, at: &SumPosition) -> Option<u64> {
        Some(at.parts.iter().map(|part| part.moves().len() as u64).sum())
    }

    fn moves<'a>(&'a self, at: &'a SumPosition) -> Box<dyn Iterator<Item = SumMove> + 'a> {
        Box::new(at.parts.iter().enumerate().flat_map(|(index, part)| {
            let moves = part.moves();
            moves.into_iter().map(move |m| SumMove::new(index, &m))
        }))
    }

    fn write_move(&self, m: SumMove) -> String {
        m.write()
    }

    fn read_move(&self, text: &str) -> Option<SumMove> {
        SumMove::read(text)
    }

    fn print(&self, at: &SumPosition) -> String {
        at.print()
    }

    /// Won exactly where the nim-sum of the parts' values is not 0; every winning move.
    fn known(&self, at: &SumPosition) -> Option<Known<SumMove>> {
        let (wins, winning_moves) = self.winning(at)?;
        Some(Known {
            wins,
            winning_moves,
            complete: true,
        })
    }

    /// Every move with its outcome and the opponent's winning replies; the moves left of a
    /// sum are not known (its parts' values say who wins, not how long it lasts).
    fn study(&self, at: &SumPosition) -> Option<PositionAnalysis<SumMove>> {
        let (wins, _) = self.winning(at)?;
        let mut moves = Vec::new();
        for m in self.moves(at) {
            let after = self.play(at, m).ok()?;
            let (replies_win, replies) = self.winning(&after)?;
            moves.push(AnalysedMove {
                mv: m,
                wins: !replies_win,
                moves_left: None,
                winning_replies: replies.len(),
            });
        }
        Some(PositionAnalysis {
            wins,
            moves_left: None,
            moves,
        })
    }

    /// The parts' values in binary and their nim-sum, and the move that makes it 0.
    fn why(&self, at: &SumPosition) -> Vec<String> {
        let Some((values, _)) = self.values(at) else {
            return Vec::new();
        };
        let labels: Vec<String> = (1..=values.len()).map(|n| format!("Part {n}")).collect();
        let worked = nim_sum(&labels, &values);
        let mut lines = worked.lines;
        lines[0] = "Why: each part counts as a Nim heap of its Grundy value, in binary".into();
        match worked.cut.zip(self.known(at)) {
            Some(((index, to), known)) => {
                let m = known
                    .winning_moves
                    .iter()
                    .find(|m| usize::from(m.part) == index);
                if let Some(&m) = m {
                    let words = (at.parts[index].move_words(&m.notation))
                        .map(|w| w.listed)
                        .filter(|w| *w != *m.notation)
                        .map_or_else(String::new, |w| format!(" ({w})"));
                    lines.push(format!(
                        "Play {} in part {}{words}: it leaves a Grundy value of {to}.",
                        m.write(),
                        m.number()
                    ));
                }
            }
            None => lines.push(
                "The nim-sum is 0: any move changes one part's value, and the nim-sum with it."
                    .into(),
            ),
        }
        lines
    }

    /// The nim-sum of the parts' values.
    fn grundy(&self, at: &SumPosition, budget: u64) -> Result<u64, NoGrundy> {
        Ok(at.values(budget)?.into_iter().fold(0, |sum, v| sum ^ v))
    }

    /// A winning move at random; from a lost sum, one leaving the fewest winning replies.
    fn best_move(
        &self,
        at: &SumPosition,
        _fight: bool,
        rng: &mut fastrand::Rng,
    ) -> Option<SumMove> {
        let (wins, winning) = self.winning(at)?;
        if wins {
            return (!winning.is_empty()).then(|| winning[rng.usize(..winning.len())]);
        }
        let candidates: Vec<SumMove> = self.moves(at).collect();
        let replies = |m: SumMove| {
            let after = self.play(at, m).ok();
            after
                .and_then(|after| self.winning(&after))
                .map_or(usize::MAX, |(_, w)| w.len())
        };
        fewest(&candidates, replies, rng)
    }

    /// A move at random; at the casual level, one that ends the game where there is one.
    fn random_move(
        &self,
        at: &SumPosition,
        casual: bool,
        rng: &mut fastrand::Rng,
    ) -> Option<SumMove> {
        let moves: Vec<SumMove> = self.moves(at).collect();
        if casual
            && let Some(&m) = moves
                .iter()
                .find(|&&m| self.play(at, m).is_ok_and(|after| self.is_over(&after)))
        {
            return Some(m);
        }
        (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())])
    }

    /// Each part's Grundy value at the start, found on the worker within its budget (a Chomp
    /// part's nimber table, a Fibonacci Nim part's): after it, every answer is a lookup.
    fn build(&mut self, _moves_left: bool) -> Option<Waiting> {
        if self.budget.is_some() {
            return None;
        }
        Some(Waiting::new("Grundy values", self.values_task()))
    }

    fn take_built(&mut self, built: Built) {
        if let Some(Budget(budget)) = built.downcast_ref::<Budget>() {
            self.budget = Some(*budget);
        }
    }

    fn complete(&mut self, _progress: Progress) -> Option<()> {
        self.budget.get_or_insert(COMPLETE_BUDGET);
        Some(())
    }

    /// Moves left are never known: the computer does not wait for them.
    fn moves_left_coming(&self) -> bool {
        false
    }
}

/// The budget of a judging, which builds at once what a game asks for: the default `--memory`.
const COMPLETE_BUDGET: u64 = 2 << 30;

impl SumRules {
    /// The task that names the budget, having found within it the values of the start and of
    /// every position one move away (which builds the tables a part's values come from).
    fn values_task(&self) -> Task<Built> {
        let start = self.start.clone();
        Task::in_context("the parts' Grundy values", move |context| {
            let rules = SumRules::new(&start).within(context.budget());
            let total = start.parts.len() as u64;
            for (done, part) in start.parts.iter().enumerate() {
                if !context.progress("Grundy values", done as u64, total) {
                    return None;
                }
                // A part out of reach stays so: the answers say nothing of the sum.
                let _ = part.grundy(context.budget());
            }
            let _ = rules.known(&start);
            Some(Arc::new(Budget(context.budget())) as Built)
        })
    }
}
