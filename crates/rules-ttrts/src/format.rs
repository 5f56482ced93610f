//! The GAMESTATE text (spec 2.1), which is also the map format (spec 2.3):
//! writing it byte for byte, and reading maps with clear errors.
//!
//! The reader follows the original's `sscanf` templates (any run of
//! whitespace where the template has a space or a newline) and its unit
//! acceptance rules, but where the original crashed or read garbage it
//! reports an error with the line and column (spec 10, decisions 8 and 12).

use std::fmt;

use crate::board::{Dir, Pos, State, Unit, MAX_TILES};

/// The version line written at the top of every state file (spec 10, #11).
pub const VERSION_LINE: &str = "==== ttrts v0.4.0 ====";

/// Writes the GAMESTATE text of `state`: header, full wall list (never cut,
/// decision 8), units in list order, and `END` with no final newline.
pub fn write_state(state: &State) -> String {
    let mut out = String::new();
    write_state_into(state, &mut out);
    out
}

/// [`write_state`] into `out` (its text replaced), so a caller writing a
/// file every turn can keep one buffer.
pub fn write_state_into(state: &State, out: &mut String) {
    // The text is laid out in bytes, in room sized for the longest numbers
    // and cut to length at the end: `write!` cost more than the rest of a
    // turn on a big board, and pushing a character or a few digits at a
    // time was still 45 instructions a number. Everything written is ASCII
    // or the map's name (a `String`), so the bytes are UTF-8.
    let mut bytes = std::mem::take(out).into_bytes();
    bytes.clear();
    // Coordinates and ids are `u16` (5 digits), players `u8`, the turn `u64`.
    let bound = 64
        + state.name.len()
        + 2 * 5
        + MAX_DIGITS
        + state.walls.len() * (3 + 2 * 5)
        + state.units.len() * (30 + 5 + 3 + 2 * 5);
    bytes.resize(bound, 0);
    let mut w = Writer {
        buf: &mut bytes,
        at: 0,
    };
    w.text(VERSION_LINE.as_bytes());
    w.text(b"\nNAME:");
    w.text(state.name.as_bytes());
    w.text(b"\nSIZE:[");
    w.number(state.width.into());
    w.text(b",");
    w.number(state.height.into());
    w.text(b"]\nTURN:");
    w.number(state.turn);
    w.text(b"\nWALL:");
    if state.walls.is_empty() {
        w.text(b"NONE");
    }
    for p in &state.walls {
        w.byte(b'[');
        w.number(p.x.into());
        w.byte(b',');
        w.number(p.y.into());
        w.byte(b']');
    }
    w.text(b"\n~~~~\n");
    for u in &state.units {
        w.text(b"UNIT:");
        w.number(u.id.into());
        w.text(b" pl:");
        w.number(u.player.into());
        w.text(b" vs:");
        w.byte(u.dir.glyph() as u8);
        w.text(b" dr:");
        w.byte(u.dir.letter() as u8);
        w.text(b" ps:[");
        w.number(u.pos.x.into());
        w.byte(b',');
        w.number(u.pos.y.into());
        w.text(b"]\n");
    }
    w.text(b"END");
    let len = w.at;
    bytes.truncate(len);
    *out = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
}

/// The most digits a number in a state file has (a `u64` turn).
const MAX_DIGITS: usize = 20;

/// Writes bytes into room made beforehand.
struct Writer<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Writer<'_> {
    #[inline]
    fn byte(&mut self, b: u8) {
        self.buf[self.at] = b;
        self.at += 1;
    }

    #[inline]
    fn text(&mut self, t: &[u8]) {
        self.buf[self.at..self.at + t.len()].copy_from_slice(t);
        self.at += t.len();
    }

    /// A number in plain decimal; the short ones (every coordinate and
    /// player of a map up to 1000 wide) without a loop.
    #[inline]
    fn number(&mut self, n: u64) {
        let digit = |d: u64| b'0' + d as u8;
        match n {
            0..=9 => self.byte(digit(n)),
            10..=99 => {
                let b = &mut self.buf[self.at..self.at + 2];
                b[0] = digit(n / 10);
                b[1] = digit(n % 10);
                self.at += 2;
            }
            100..=999 => {
                let b = &mut self.buf[self.at..self.at + 3];
                b[0] = digit(n / 100);
                b[1] = digit(n / 10 % 10);
                b[2] = digit(n % 10);
                self.at += 3;
            }
            _ => {
                let mut digits = [0u8; MAX_DIGITS];
                let mut i = MAX_DIGITS;
                let mut n = n;
                while n > 0 {
                    i -= 1;
                    digits[i] = digit(n % 10);
                    n /= 10;
                }
                self.text(&digits[i..]);
            }
        }
    }
}

/// Why a map could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for MapError {}

/// Something the loader accepted but the player should know (a dropped unit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapWarning {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for MapWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

/// The largest map file read, in bytes (limits are API).
pub const MAX_MAP_BYTES: usize = 64 << 20;

/// A cursor over the text that knows its line and column.
struct Scan<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    /// Line and column (1-based) of a byte offset. Counts from the start, so
    /// it is only called once per error or once per file.
    fn position(&self, at: usize) -> (usize, usize) {
        let before = &self.text[..at.min(self.text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = at
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        (line, col)
    }

    fn fail<T>(&self, at: usize, message: String) -> Result<T, MapError> {
        let (line, column) = self.position(at);
        Err(MapError {
            line,
            column,
            message,
        })
    }

    fn skip_ws(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    /// Matches a template fragment: a space or newline matches any run of
    /// whitespace, anything else must match exactly.
    fn expect(&mut self, template: &str, what: &str) -> Result<(), MapError> {
        for &t in template.as_bytes() {
            if t == b' ' || t == b'\n' {
                self.skip_ws();
            } else if self.text.get(self.at) == Some(&t) {
                self.at += 1;
            } else {
                let found = self.found();
                return self.fail(
                    self.at,
                    format!("expected `{template}` {what}, found {found}"),
                );
            }
        }
        Ok(())
    }

    fn found(&self) -> String {
        match self.text.get(self.at) {
            None => "the end of the file".into(),
            Some(b'\n') => "the end of the line".into(),
            Some(_) => {
                let end = self.text[self.at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(self.text.len(), |i| self.at + i);
                let shown = String::from_utf8_lossy(&self.text[self.at..end.min(self.at + 20)]);
                format!("`{shown}`")
            }
        }
    }

    /// `%u`: whitespace, optional sign, decimal digits.
    fn number(&mut self, what: &str, max: u64) -> Result<u64, MapError> {
        self.skip_ws();
        let start = self.at;
        if matches!(self.text.get(self.at), Some(b'+')) {
            self.at += 1;
        }
        let digits = self.at;
        let mut value: u64 = 0;
        while let Some(d) = self.text.get(self.at).filter(|b| b.is_ascii_digit()) {
            value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
            self.at += 1;
        }
        if self.at == digits {
            let found = self.found();
            self.at = start;
            return self.fail(
                start,
                format!("expected {what} (a whole number), found {found}"),
            );
        }
        if value > max {
            return self.fail(
                start,
                format!("{what} {value} is too large (at most {max})"),
            );
        }
        Ok(value)
    }

    /// `%s`: whitespace, then a run of non-whitespace bytes.
    fn token(&mut self, what: &str) -> Result<(usize, &'a [u8]), MapError> {
        self.skip_ws();
        let start = self.at;
        while self.at < self.text.len() && !self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        if self.at == start {
            let found = self.found();
            return self.fail(start, format!("expected {what}, found {found}"));
        }
        Ok((start, &self.text[start..self.at]))
    }
}

/// Reads a map (or any GAMESTATE file). Returns the state with the units the
/// original's loader accepts, and a warning for each unit it drops.
pub fn read_map(text: &[u8]) -> Result<(State, Vec<MapWarning>), MapError> {
    if text.len() > MAX_MAP_BYTES {
        return Err(MapError {
            line: 1,
            column: 1,
            message: format!(
                "the map is {} bytes; the limit is {MAX_MAP_BYTES} bytes",
                text.len()
            ),
        });
    }
    let mut warnings = vec![];
    let split = find(text, b"~~~~\n").ok_or_else(|| MapError {
        line: 1,
        column: 1,
        message: "no line `~~~~` between the header and the units; a map is a ttrts state file (see Turn_0.txt)".into(),
    })?;
    let mut s = Scan { text, at: 0 };
    s.expect(
        "==== ttrts v",
        "(the version line, `==== ttrts v0.4.0 ====`)",
    )?;
    let major = s.number("the major version", u64::MAX)?;
    s.expect(".", "in the version")?;
    let minor = s.number("the minor version", u64::MAX)?;
    s.expect(".", "in the version")?;
    s.number("the patch version", u64::MAX)?;
    if (major, minor) != (0, 4) {
        warnings.push(MapWarning {
            line: 1,
            message: format!("map version {major}.{minor} differs from 0.4; reading it as 0.4"),
        });
    }
    s.expect(" ====\nNAME:", "after the version line")?;
    let (name_at, name) = s.token("the game's name")?;
    if name.len() > 63 {
        return s.fail(
            name_at,
            format!("the name is {} bytes long; at most 63", name.len()),
        );
    }
    let name = String::from_utf8_lossy(name).into_owned();
    s.expect("\nSIZE:[", "(the board size, `SIZE:[X,Y]`)")?;
    let width = s.number("the board width", u64::from(u16::MAX))? as u16;
    s.expect(",", "between width and height")?;
    let height = s.number("the board height", u64::from(u16::MAX))? as u16;
    s.expect("]\nTURN:", "(the turn number, `TURN:N`)")?;
    let turn = s.number("the turn number", u64::from(u32::MAX))?;
    s.expect(
        "\nWALL:",
        "(the walls, `WALL:NONE` or `WALL:[x,y][x,y]...`)",
    )?;
    if width as usize * height as usize > MAX_TILES {
        return s.fail(
            0,
            format!("the board {width}x{height} has more than {MAX_TILES} tiles"),
        );
    }
    let (walls_at, wall_token) = s.token("the wall list")?;
    let walls = read_walls(&s, walls_at, wall_token, width, height)?;
    s.skip_ws();
    if s.at != split {
        let found = s.found();
        return s.fail(
            s.at,
            format!("expected `~~~~` after the wall list, found {found}"),
        );
    }
    let mut state = State {
        name,
        width,
        height,
        turn,
        walls: vec![],
        units: vec![],
        players: vec![],
        grid: None,
    };
    read_units(&s, split + 5, &mut state, &mut warnings)?;
    // Walls are added after the units, so a unit may stand on one (spec 2.3).
    state.walls = walls;
    let mut players: Vec<u8> = state.units.iter().map(|u| u.player).collect();
    players.sort_unstable();
    players.dedup();
    state.players = players;
    Ok((state, warnings))
}

fn read_walls(
    s: &Scan,
    at: usize,
    token: &[u8],
    width: u16,
    height: u16,
) -> Result<Vec<Pos>, MapError> {
    if token == b"NONE" {
        return Ok(vec![]);
    }
    let mut walls = vec![];
    let mut i = 0;
    while i < token.len() {
        let mut w = Scan {
            text: s.text,
            at: at + i,
        };
        w.expect("[", "to start a wall `[x,y]`")?;
        let x = w.number("the wall's x", u64::from(u16::MAX))? as u16;
        w.expect(",", "in a wall `[x,y]`")?;
        let y = w.number("the wall's y", u64::from(u16::MAX))? as u16;
        w.expect("]", "to close a wall `[x,y]`")?;
        if x >= width || y >= height {
            return w.fail(
                at + i,
                format!("wall [{x},{y}] is off the {width}x{height} board"),
            );
        }
        walls.push(Pos::new(x, y));
        i = w.at - at;
    }
    Ok(walls)
}

fn read_units(
    s: &Scan,
    start: usize,
    state: &mut State,
    warnings: &mut Vec<MapWarning>,
) -> Result<(), MapError> {
    let text = s.text;
    let mut at = start;
    let mut ids = std::collections::HashSet::new();
    let mut occupied = std::collections::HashSet::new();
    let mut line = s.position(start).0 - 1;
    while at < text.len() {
        line += 1;
        let end = text[at..].iter().position(|&b| b == b'\n').map(|i| at + i);
        let line_text = &text[at..end.unwrap_or(text.len())];
        let trimmed = line_text.trim_ascii();
        let Some(end) = end else {
            // The last, unterminated line is never read (spec 2.3): normally `END`.
            if trimmed != b"END" && !trimmed.is_empty() {
                warnings.push(MapWarning {
                    line,
                    message: "the last line has no newline after it and is not read; a map ends with `END`".into(),
                });
            }
            break;
        };
        if trimmed.is_empty() || trimmed == b"END" {
            at = end + 1;
            continue;
        }
        let mut u = Scan { text, at };
        u.expect("UNIT:", "(a unit line, `UNIT:id pl:P vs:G dr:D ps:[x,y]`)")?;
        let id_at = u.at;
        let id = u.number("the unit id", u64::from(u16::MAX))? as u16;
        u.expect(" pl:", "after the unit id")?;
        let pl_at = u.at;
        let player = u.number("the player", u64::from(u32::MAX))?;
        u.expect(" vs:", "after the player")?;
        let glyph = text.get(u.at).copied();
        if glyph.is_none() || glyph == Some(b'\n') {
            return u.fail(u.at, "expected the unit's glyph after `vs:`".into());
        }
        u.at += 1;
        u.expect(" dr:", "after the glyph")?;
        let dr_at = u.at;
        let dir = text.get(u.at).copied().and_then(Dir::from_letter);
        let Some(dir) = dir else {
            let found = u.found();
            return u.fail(
                dr_at,
                format!("expected a direction N, E, S or W after `dr:`, found {found}"),
            );
        };
        u.at += 1;
        u.expect(" ps:[", "after the direction")?;
        let x = u.number("the unit's x", u64::from(u16::MAX))? as u16;
        u.expect(",", "in the position `[x,y]`")?;
        let y = u.number("the unit's y", u64::from(u16::MAX))? as u16;
        u.expect("]", "to close the position")?;
        // Anything after the closing bracket is ignored, as by sscanf.
        at = end + 1;
        let drop = |why: String, warnings: &mut Vec<MapWarning>| {
            warnings.push(MapWarning {
                line,
                message: format!("unit {id} is dropped: {why}"),
            })
        };
        if player >= 5 {
            return u.fail(
                pl_at,
                format!("player {player} does not exist; players are 0 to 3"),
            );
        }
        if id == u16::MAX {
            drop("65535 is not a valid unit id".into(), warnings);
            continue;
        }
        if player == 4 {
            drop("player 4 means \"no player\"".into(), warnings);
            continue;
        }
        if glyph == Some(127) {
            drop("its glyph byte is 127".into(), warnings);
            continue;
        }
        let pos = Pos::new(x, y);
        if !state.on_board(pos) {
            drop(
                format!(
                    "[{x},{y}] is off the {}x{} board",
                    state.width, state.height
                ),
                warnings,
            );
            continue;
        }
        if !occupied.insert(pos) {
            drop(
                format!("another unit already stands on [{x},{y}]"),
                warnings,
            );
            continue;
        }
        if !ids.insert(id) {
            return u.fail(
                id_at,
                format!("unit id {id} is used twice; every unit needs its own id"),
            );
        }
        state.units.push(Unit {
            id,
            player: player as u8,
            dir,
            pos,
        });
    }
    Ok(())
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod writer_tests {
    use std::fmt::Write;

    use super::{write_state, write_state_into, VERSION_LINE};
    use crate::board::{Dir, Pos, State, Unit};

    /// The state file written the plain way, with `write!`.
    fn plain(state: &State) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{VERSION_LINE}\nNAME:{}\nSIZE:[{},{}]\nTURN:{}\nWALL:",
            state.name, state.width, state.height, state.turn
        );
        if state.walls.is_empty() {
            out.push_str("NONE");
        }
        for w in &state.walls {
            let _ = write!(out, "[{},{}]", w.x, w.y);
        }
        out.push_str("\n~~~~\n");
        for u in &state.units {
            let _ = writeln!(
                out,
                "UNIT:{} pl:{} vs:{} dr:{} ps:[{},{}]",
                u.id,
                u.player,
                u.dir.glyph(),
                u.dir.letter(),
                u.pos.x,
                u.pos.y
            );
        }
        out.push_str("END");
        out
    }

    #[test]
    fn states_are_written_as_write_would() {
        let numbers = [0u16, 7, 9, 10, 99, 100, 999, 1000, 12345, u16::MAX];
        let mut reused = String::from("left over from an earlier turn");
        for (k, name) in ["Battle200", "", "Ünïcode ✓"].into_iter().enumerate() {
            for turn in [0, 9, 100, 1000, u64::MAX] {
                let walls: Vec<Pos> = numbers
                    .iter()
                    .zip(numbers.iter().rev())
                    .map(|(&x, &y)| Pos { x, y })
                    .take(k * 4)
                    .collect();
                let units: Vec<Unit> = numbers
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| Unit {
                        id: n,
                        player: [0, 3, 10, 200, u8::MAX][i % 5],
                        dir: [Dir::N, Dir::E, Dir::S, Dir::W][i % 4],
                        pos: Pos {
                            x: n,
                            y: numbers[(i + k) % numbers.len()],
                        },
                    })
                    .collect();
                let state = State {
                    name: name.into(),
                    width: numbers[k + 3],
                    height: u16::MAX,
                    turn,
                    walls,
                    units,
                    players: vec![],
                    grid: None,
                };
                assert_eq!(write_state(&state), plain(&state));
                write_state_into(&state, &mut reused);
                assert_eq!(reused, plain(&state));
            }
        }
    }
}
