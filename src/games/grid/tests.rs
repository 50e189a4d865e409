//! A game on the grid board that is only its rules: a rook on a 4×3 board moves any number of
//! cells left or down; whoever moves it into the corner wins (two-pile Nim, drawn).

use super::board::{Cell, GridBoard, GridRules, KEYS, Piece, spot};
use super::view::min_size;
use crate::games::core::play::Play;
use crate::games::core::rules::Rules;
use crate::games::moves_left::PositionAnalysis;
use crate::games::review::Known;
use crate::games::session::{Session, View};
use crate::games::setup::{Player, Setup};
use crate::games::turns::FLASH_TICKS;
use crate::input::{Action, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

#[derive(Clone)]
struct Rook;

impl Rules for Rook {
    type Position = Cell;
    type Move = Cell;

    fn play(&self, at: &Cell, to: Cell) -> Result<Cell, String> {
        let left = to.row == at.row && to.col < at.col;
        let down = to.col == at.col && to.row < at.row;
        if left || down {
            Ok(to)
        } else {
            Err("the rook moves left or down".into())
        }
    }

    fn is_over(&self, at: &Cell) -> bool {
        *at == Cell { col: 0, row: 0 }
    }

    fn move_count(&self, at: &Cell) -> Option<u64> {
        Some(u64::from(at.col + at.row))
    }

    fn moves<'a>(&'a self, at: &'a Cell) -> Box<dyn Iterator<Item = Cell> + 'a> {
        let left = (0..at.col).map(|col| Cell { col, row: at.row });
        Box::new(left.chain((0..at.row).map(|row| Cell { col: at.col, row })))
    }

    fn write_move(&self, to: Cell) -> String {
        format!("{},{}", to.col, to.row)
    }

    fn read_move(&self, text: &str) -> Option<Cell> {
        let (col, row) = text.split_once(',')?;
        Some(Cell {
            col: col.parse().ok()?,
            row: row.parse().ok()?,
        })
    }

    fn print(&self, at: &Cell) -> String {
        format!("rook {},{}", at.col, at.row)
    }

    /// Lost exactly on the diagonal; the winning move goes back to it.
    fn known(&self, at: &Cell) -> Option<Known<Cell>> {
        let wins = at.col != at.row;
        let low = at.col.min(at.row);
        Some(Known {
            wins,
            winning_moves: if wins {
                vec![Cell { col: low, row: low }]
            } else {
                vec![]
            },
            complete: true,
        })
    }

    fn study(&self, _: &Cell) -> Option<PositionAnalysis<Cell>> {
        None
    }

    fn best_move(&self, at: &Cell, _: bool, _: &mut fastrand::Rng) -> Option<Cell> {
        let known = self.known(at)?;
        known.winning_moves.first().copied().or_else(|| {
            (at.col > 0).then(|| Cell {
                col: at.col - 1,
                row: at.row,
            })
        })
    }

    fn random_move(&self, at: &Cell, _: bool, rng: &mut fastrand::Rng) -> Option<Cell> {
        self.best_move(at, false, rng)
    }
}

impl GridRules for Rook {
    fn size(&self, _: &Cell) -> (u16, u16) {
        (4, 3)
    }

    fn piece(&self, at: &Cell, cell: Cell) -> Piece {
        if cell == *at {
            Piece::Piece('♜')
        } else if cell == (Cell { col: 0, row: 0 }) {
            Piece::Goal('⌂')
        } else {
            Piece::Empty
        }
    }

    fn move_to(&self, at: &Cell, cell: Cell) -> Result<Cell, String> {
        self.play(at, cell).map(|_| cell)
    }

    fn target(&self, _: &Cell, to: Cell) -> Cell {
        to
    }

    fn title(&self, start: &Cell) -> String {
        format!("Rook from {},{}", start.col, start.row)
    }

    fn move_text(&self, to: Cell) -> String {
        format!("to {},{}", to.col, to.row)
    }
}

type RookGame = Play<Rook, GridBoard>;

fn game(players: [Player; 2]) -> RookGame {
    let setup = Setup {
        players,
        ..Setup::default()
    };
    Play::begin(setup, Rook, Cell { col: 3, row: 2 })
}

/// The drawn board as text rows, and the spots.
fn draw(game: &RookGame) -> (Vec<String>, Spots) {
    let area = Rect::new(0, 0, 30, 12);
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    View::render(game, area, &mut buf, &Theme::monochrome(), 0, &mut spots);
    let rows = (0..area.height)
        .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    (rows, spots)
}

#[test]
fn the_cursor_chooses_a_cell_and_enter_moves_there() {
    use Player::{Computer, Person};
    let mut rng = fastrand::Rng::with_seed(1);
    let mut rook = game([Person, Computer]);
    assert_eq!(
        rook.board.cursor,
        Cell { col: 2, row: 2 },
        "beside the rook, on its left"
    );
    assert_eq!(Session::view_size(&rook), min_size(3, 4));
    assert_eq!(Session::bindings(&rook).len(), KEYS.len());
    // Up is off the board: the cursor stays; left moves it.
    rook.act(Action::Up);
    rook.act(Action::Left);
    assert_eq!(rook.board.cursor, Cell { col: 1, row: 2 });
    rook.act(Action::Down);
    rook.act(Action::Select);
    assert_eq!(
        rook.message.as_deref(),
        Some("Not allowed: the rook moves left or down."),
        "1,1 is not in the rook's row or column"
    );
    assert!(rook.turns.moves.is_empty());
    // Hints mark the winning cell; only the cells the rook reaches are places to point at.
    rook.hints = true;
    let (rows, spots) = draw(&rook);
    let text = rows.join("\n");
    assert!(text.contains("Rook from 3,2"), "{text}");
    assert!(text.contains('♜') && text.contains('★'), "{text}");
    let mut reached: Vec<_> = spots.0.iter().map(|(_, s)| (s.0, s.1)).collect();
    reached.sort_unstable();
    assert_eq!(reached, [(0, 2), (1, 2), (2, 2), (3, 0), (3, 1)]);
    // The pointer over a cell moves the cursor; a click moves the rook there: off the
    // diagonal, which throws the win away.
    Session::point(&mut rook, spot(Cell { col: 3, row: 0 }), false);
    assert_eq!(rook.board.cursor, Cell { col: 3, row: 0 });
    Session::point(&mut rook, spot(Cell { col: 3, row: 1 }), true);
    assert_eq!(rook.position, Cell { col: 3, row: 1 });
    for _ in 0..=FLASH_TICKS {
        rook.tick(&mut rng);
    }
    assert_eq!(
        rook.position,
        Cell { col: 1, row: 1 },
        "back to the diagonal"
    );
    Session::point(&mut rook, spot(Cell { col: 1, row: 0 }), true);
    for _ in 0..=FLASH_TICKS {
        rook.tick(&mut rng);
    }
    assert_eq!(rook.notation(), ["3,1", "1,1", "1,0", "0,0"]);
    assert!(rook.is_over());
    assert_eq!(rook.loser(), Some(0), "the computer cornered the rook");
    let review = View::review_lines(&rook);
    assert_eq!(review[0], "Computer made the last move.");
    assert!(review[1].contains("moved to 3,1"), "{review:?}");
    assert!(
        review[1].contains("moving to 2,2 would have won"),
        "{review:?}"
    );
    assert_eq!(Session::judged(&rook).len(), 4);
}

/// The rook studied: every cell it reaches is a move; a move to the diagonal wins.
impl crate::games::core::study::StudyRules for Rook {
    fn title(&self) -> String {
        "Rook".into()
    }

    fn describe(&self, at: &Cell) -> String {
        format!("rook on {},{}", at.col, at.row)
    }

    fn editor(&self, at: &Cell) -> Box<dyn crate::games::study::Editor> {
        use crate::games::study::{EditField, EditFields, FieldsEditor};
        let fields = EditFields::new(vec![EditField {
            label: "Rook",
            value: format!("{},{}", at.col, at.row),
            also: ",",
            presets: &[],
            hint: "type 3,2",
            check: |text| Rook.read_move(text).map(|_| ()).ok_or("not a cell".into()),
        }]);
        Box::new(FieldsEditor::new(fields, |fields| {
            let at = Rook.read_move(fields.value("Rook")).ok_or("not a cell")?;
            Ok(Box::new(RookStudy::new(Rook, at)))
        }))
    }
}

type RookStudy = crate::games::core::study::Studied<Rook, GridBoard>;

#[test]
fn a_game_on_the_core_is_studied_on_its_board() {
    use crate::games::study::{Study, move_of};
    let mut study = RookStudy::after(Rook, Cell { col: 3, row: 2 }, &[]).expect("the start");
    assert_eq!(
        (study.title(), study.describe(), study.position()),
        ("Rook".into(), "rook on 3,2".into(), "rook 3,2".into())
    );
    // Too many to study here (the rook's rules study nothing): the winning move, listed alone.
    let analysis = study.analysis();
    assert_eq!(analysis.wins, Some(true));
    let listed: Vec<&str> = analysis.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(listed, ["2,2"]);
    assert_eq!(study.find("2,2"), Some(0));
    // The board marks the move on its cell, where a click finds it.
    let area = Rect::new(0, 0, 30, 10);
    let mut buf = Buffer::empty(area);
    let mut spots = Spots::default();
    study.render(area, &mut buf, &Theme::monochrome(), Some(0), &mut spots);
    assert_eq!(spots.0.len(), 1);
    let (cell, spot) = spots.0[0];
    assert_eq!(move_of(spot), Some(0));
    let row: String = (cell.x..cell.right())
        .map(|x| {
            buf[(x, cell.y + cell.height.saturating_sub(2) / 2)]
                .symbol()
                .to_string()
        })
        .collect();
    assert!(row.contains('W'), "{row:?}");
    assert_eq!(
        study.board_size(),
        (min_size(3, 4).0 - 2, min_size(3, 4).1 - 2)
    );
    // A move the analysis does not list is played by the rules; an illegal one is refused.
    assert!(!study.play_move("2,1"));
    assert!(study.play_move("3,0"));
    assert_eq!(study.line(), ["3,0"]);
    assert_eq!(study.analysis().moves[0].notation, "0,0", "the corner wins");
    assert!(study.take_back());
    assert_eq!(
        study.lay_line(&["2,2".into(), "1,2".into(), "9,9".into()]),
        2
    );
    assert_eq!(study.go_to(2), 2);
    assert_eq!(study.describe(), "rook on 1,2");
    assert_eq!(study.line_tail(1), ["1,2"]);
    assert!(study.take_requests().is_empty(), "the rook builds nothing");
    let editor = study.editor(None);
    let edited = editor.study().expect("the editor's position");
    assert_eq!(edited.describe(), "rook on 1,2");
}
