//! Map files in the `.`/`M`/`A` format and the default board (tae spec 2.3,
//! 2.4, decisions 13 and 37).
//!
//! Validation reads lines from the top and characters from the left and
//! reports only the first problem, with 1-based line and column, so a player
//! fixing a map sees the same error the rulebook describes.

use std::fmt;

use crate::board::{Board, Cell, Colony, Kind, Terrain};

/// The name a game uses for the default board.
pub const DEFAULT_MAP: &str = "default";

/// The default board as shipped by the original (tae spec 2.4).
pub const DEFAULT_MAP_TEXT: &str = "\
....MMMMM.A.M...
.A..M.......M..A
...MMA......MM..
MMMM.........MMM
.............AMM
..............M.
MMMM....A...MMM.
.A.MMMM.....M...
......MMMMMMM.A.
.....A..........
..........A.....
";

/// The largest width or height a map may have.
pub const MAX_SIDE: usize = 100;

/// Why a map could not be loaded; the first problem only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for MapError {}

fn at_line(line: usize, message: String) -> MapError {
    MapError {
        line: Some(line),
        column: None,
        message,
    }
}

/// Shows a byte the way an error message should: printable ASCII as itself,
/// anything else as its escape, so spaces, tabs and CRs are visible.
fn shown(b: u8) -> String {
    match b {
        b' ' => "` ` (a space)".into(),
        0x21..=0x7e => format!("`{}`", char::from(b)),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// Loads a map file. Accepts LF or CRLF line ends and an optional single
/// final line end; anything else wrong is reported with line and column.
pub fn load(text: &[u8]) -> Result<Board, MapError> {
    if text.is_empty() {
        return Err(MapError {
            line: None,
            column: None,
            message: "empty map: a map has at least one row of `.`, `M` or `A`".into(),
        });
    }
    // One optional final LF (or CRLF) ends the last line; after stripping
    // it, every LF separates two lines, so a second final LF is an empty row.
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let mut rows: Vec<&[u8]> = vec![];
    for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let n = i + 1;
        if line.is_empty() {
            return Err(at_line(
                n,
                "empty row: every line must hold the row's systems".into(),
            ));
        }
        if let Some(c) = line.iter().position(|b| !matches!(b, b'.' | b'M' | b'A')) {
            return Err(MapError {
                line: Some(n),
                column: Some(c + 1),
                message: format!(
                    "unexpected character {}: a system is `.` (inhabitable), `M` (uninhabitable) or `A` (artifact)",
                    shown(line[c])
                ),
            });
        }
        if let Some(first) = rows.first() {
            if line.len() != first.len() {
                return Err(at_line(
                    n,
                    format!(
                        "{} systems, expected {} (every row as long as the first)",
                        line.len(),
                        first.len()
                    ),
                ));
            }
        }
        rows.push(line);
    }
    let (w, h) = (rows[0].len(), rows.len());
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(MapError {
            line: None,
            column: None,
            message: format!("map too large: {w}x{h}; at most {MAX_SIDE} systems each way"),
        });
    }
    let mut board = Board::new(w as u16, h as u16, Terrain::Inhabitable);
    for (l, row) in rows.iter().enumerate() {
        // The last line of the file is row y = 0 (tae spec 2.3).
        let y = (h - 1 - l) as u16;
        for (x, &b) in row.iter().enumerate() {
            let p = crate::board::Pos::new(x as u16, y);
            let i = board.index(p);
            match b {
                b'M' => board.terrain[i] = Terrain::Uninhabitable,
                b'A' => {
                    board.cells[i] = Cell::Colony(Colony {
                        kind: Kind::Scientist,
                        artifact: true,
                        id: None,
                        placed_by: None,
                    })
                }
                _ => {}
            }
        }
    }
    Ok(board)
}

/// The default board.
pub fn default_board() -> Board {
    load(DEFAULT_MAP_TEXT.as_bytes()).expect("the default board is a valid map")
}
