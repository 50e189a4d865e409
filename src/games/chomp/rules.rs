//! Chomp: a bar of chocolate whose bottom-left square (`a1`) is poisoned.
//!
//! A position is the list of column heights, counted from the poison column, e.g. `[2,2,1,0]`.
//! Heights never increase from left to right. Eating square (column `c`, row `r`) cuts every
//! column `k >= c` down to height `r`. Whoever eats the poison loses.

use std::fmt;

/// The largest number of rows (or columns) a box may have: columns are lettered `a` to `z`.
pub const MAX_SIDE: u8 = 26;

/// Why a board or a position was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChompError {
    /// A box with no rows, no columns, or more than [`MAX_SIDE`] of either.
    BadBox { rows: usize, cols: usize },
    /// The number of heights differs from the number of columns.
    WrongLength { expected: usize, found: usize },
    /// A column is taller than the box.
    TooTall {
        col: usize,
        height: usize,
        rows: usize,
    },
    /// A column is taller than the one to its left.
    NotDescending { col: usize },
    /// A square written in notation could not be read.
    BadNotation(String),
}

impl fmt::Display for ChompError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChompError::BadBox { rows, cols } => write!(
                f,
                "a box of {rows} rows by {cols} columns is not allowed (each side must be 1 to {MAX_SIDE})"
            ),
            ChompError::WrongLength { expected, found } => {
                write!(f, "expected {expected} column heights, found {found}")
            }
            ChompError::TooTall { col, height, rows } => write!(
                f,
                "column {} has height {height}, but the box has only {rows} rows",
                col + 1
            ),
            ChompError::NotDescending { col } => write!(
                f,
                "column {} is taller than column {}: heights must never increase",
                col + 1,
                col
            ),
            ChompError::BadNotation(text) => write!(
                f,
                "'{text}' is not a square: write a column letter and a row number, like c2"
            ),
        }
    }
}

impl std::error::Error for ChompError {}

/// One square of the bar, counted from the poison: `col` 0 is the poison column, `row` 0 the
/// bottom row. `Square { col: 0, row: 0 }` is the poison, written `a1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    /// The poisoned square, `a1`.
    pub const POISON: Square = Square { col: 0, row: 0 };

    pub fn new(col: u8, row: u8) -> Self {
        Square { col, row }
    }

    /// Whether this is the poisoned square.
    pub fn is_poison(self) -> bool {
        self == Square::POISON
    }

    /// Reads chess-like notation: column letters (`a`..`z`, then `aa`, `ab`, …) and a 1-based row.
    pub fn parse(text: &str) -> Result<Square, ChompError> {
        let bad = || ChompError::BadNotation(text.to_string());
        let trimmed = text.trim();
        let split = trimmed
            .find(|c: char| !c.is_ascii_alphabetic())
            .ok_or_else(bad)?;
        let (letters, digits) = trimmed.split_at(split);
        if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let mut col: u32 = 0;
        for b in letters.bytes() {
            col = col
                .checked_mul(26)
                .and_then(|c| c.checked_add(u32::from(b.to_ascii_lowercase() - b'a') + 1))
                .ok_or_else(bad)?;
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        if row == 0 || col > 256 || row > 256 {
            return Err(bad());
        }
        let col = u8::try_from(col - 1).map_err(|_| bad())?;
        let row = u8::try_from(row - 1).map_err(|_| bad())?;
        Ok(Square { col, row })
    }
}

/// The letters naming column `col` (0-based): `a`, …, `z`, `aa`, `ab`, …
pub fn column_letters(col: u8) -> String {
    let mut n = u32::from(col) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("letters are ASCII")
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letters(self.col), u32::from(self.row) + 1)
    }
}

/// A Chomp position inside a box of `rows` × `heights.len()` squares.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    rows: u8,
    heights: Vec<u8>,
}

impl Position {
    /// The whole bar of `rows` × `cols` squares.
    pub fn full(rows: usize, cols: usize) -> Result<Position, ChompError> {
        check_box(rows, cols)?;
        Ok(Position {
            rows: rows as u8,
            heights: vec![rows as u8; cols],
        })
    }

    /// A position from its column heights, checked against the box.
    pub fn from_heights(
        rows: usize,
        cols: usize,
        heights: &[usize],
    ) -> Result<Position, ChompError> {
        check_box(rows, cols)?;
        if heights.len() != cols {
            return Err(ChompError::WrongLength {
                expected: cols,
                found: heights.len(),
            });
        }
        for (col, &height) in heights.iter().enumerate() {
            if height > rows {
                return Err(ChompError::TooTall { col, height, rows });
            }
            if col > 0 && height > heights[col - 1] {
                return Err(ChompError::NotDescending { col });
            }
        }
        Ok(Position {
            rows: rows as u8,
            heights: heights.iter().map(|&h| h as u8).collect(),
        })
    }

    /// The number of rows of the box.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The number of columns of the box.
    pub fn cols(&self) -> u8 {
        self.heights.len() as u8
    }

    /// Column heights, from the poison column rightwards.
    pub fn heights(&self) -> &[u8] {
        &self.heights
    }

    /// Whether the square is still on the bar.
    pub fn contains(&self, square: Square) -> bool {
        self.heights
            .get(usize::from(square.col))
            .is_some_and(|&h| square.row < h)
    }

    /// Whether the square would be eaten by the move `bite`: it is on the bar, above and to the
    /// right of (or at) the bitten square.
    pub fn would_eat(&self, bite: Square, square: Square) -> bool {
        self.contains(square) && square.col >= bite.col && square.row >= bite.row
    }

    /// The position after eating `square`, or `None` when the square is not on the bar.
    pub fn eat(&self, square: Square) -> Option<Position> {
        if !self.contains(square) {
            return None;
        }
        let mut heights = self.heights.clone();
        for h in &mut heights[usize::from(square.col)..] {
            *h = (*h).min(square.row);
        }
        Some(Position {
            rows: self.rows,
            heights,
        })
    }

    /// Every square still on the bar, column by column from the poison; each is a legal move.
    pub fn moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.heights
            .iter()
            .enumerate()
            .flat_map(|(c, &h)| (0..h).map(move |r| Square::new(c as u8, r)))
    }

    /// How many squares are left, the poison included.
    pub fn squares_left(&self) -> usize {
        self.heights.iter().map(|&h| usize::from(h)).sum()
    }

    /// Whether the poison has been eaten (the game is over).
    pub fn is_empty(&self) -> bool {
        self.heights.first().is_none_or(|&h| h == 0)
    }

    /// Whether only the poison is left, so the player to move must eat it.
    pub fn only_poison_left(&self) -> bool {
        self.squares_left() == 1
    }

    /// The smallest box holding every remaining square: (rows, columns).
    pub fn bounding_box(&self) -> (u8, u8) {
        let rows = self.heights.first().copied().unwrap_or(0);
        let cols = self.heights.iter().take_while(|&&h| h > 0).count() as u8;
        (rows, cols)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, h) in self.heights.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{h}")?;
        }
        write!(f, "]")
    }
}

/// Parses a comma-separated list of column heights such as `5,5,3`.
pub fn parse_heights(text: &str) -> Result<Vec<usize>, String> {
    text.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<usize>()
                .map_err(|_| format!("'{part}' is not a column height (a whole number from 0 up)"))
        })
        .collect()
}

fn check_box(rows: usize, cols: usize) -> Result<(), ChompError> {
    let side = 1..=usize::from(MAX_SIDE);
    if side.contains(&rows) && side.contains(&cols) {
        Ok(())
    } else {
        Err(ChompError::BadBox { rows, cols })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for col in 0..=255u8 {
            for row in [0u8, 1, 9, 25, 255] {
                let square = Square::new(col, row);
                assert_eq!(Square::parse(&square.to_string()), Ok(square));
            }
        }
        assert_eq!(Square::new(0, 0).to_string(), "a1");
        assert_eq!(Square::new(2, 1).to_string(), "c2");
        assert_eq!(Square::new(25, 0).to_string(), "z1");
        assert_eq!(Square::new(26, 0).to_string(), "aa1");
        assert_eq!(Square::parse("C2"), Ok(Square::new(2, 1)));
    }

    #[test]
    fn bad_notation_is_an_error() {
        for text in [
            "",
            "c",
            "2",
            "c0",
            "2c",
            "c2x",
            "é1",
            "c-1",
            "zzzzzzzzzzzzzzzzzzz1",
            "c99999999999",
        ] {
            assert!(Square::parse(text).is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn eating_cuts_every_column_to_the_right() {
        let p = Position::from_heights(2, 4, &[2, 2, 1, 0]).unwrap();
        assert_eq!(p.eat(Square::new(2, 0)).unwrap().heights(), &[2, 2, 0, 0]);
        assert_eq!(p.eat(Square::new(1, 1)).unwrap().heights(), &[2, 1, 1, 0]);
        assert_eq!(p.eat(Square::new(0, 0)).unwrap().heights(), &[0, 0, 0, 0]);
        assert_eq!(p.eat(Square::new(3, 0)), None, "d1 is already eaten");
        assert_eq!(p.eat(Square::new(2, 1)), None, "c2 is already eaten");
        assert_eq!(p.moves().count(), 5);
        assert!(p.would_eat(Square::new(1, 0), Square::new(2, 0)));
        assert!(!p.would_eat(Square::new(1, 1), Square::new(2, 0)));
    }

    #[test]
    fn positions_are_checked() {
        assert!(Position::from_heights(3, 3, &[3, 2, 1]).is_ok());
        assert_eq!(
            Position::from_heights(3, 3, &[2, 3, 1]),
            Err(ChompError::NotDescending { col: 1 })
        );
        assert!(matches!(
            Position::from_heights(3, 3, &[4, 2, 1]),
            Err(ChompError::TooTall { .. })
        ));
        assert!(matches!(
            Position::from_heights(3, 3, &[3, 2]),
            Err(ChompError::WrongLength { .. })
        ));
        assert!(Position::full(0, 3).is_err());
        assert!(Position::full(3, 27).is_err());
        assert!(Position::full(26, 26).is_ok());
    }

    #[test]
    fn bounding_box_shrinks() {
        let p = Position::from_heights(5, 4, &[3, 1, 0, 0]).unwrap();
        assert_eq!(p.bounding_box(), (3, 2));
        assert!(!p.is_empty());
        assert!(
            Position::from_heights(5, 4, &[1, 0, 0, 0])
                .unwrap()
                .only_poison_left()
        );
    }
}
