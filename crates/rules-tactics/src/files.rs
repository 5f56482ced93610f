//! The text files of play by files (`docs/tactics-files.md`): a seat's view
//! file (the whole game at the start of its turn, readable by people and
//! read back exactly by bots), and the orders file (one input per line,
//! complete at its `end` line). Every problem names its line and column.

use std::fmt::Write as _;

use crate::action::Input;
use crate::board::{Dir, Tile, SIZE};
use crate::game::{BotFlag, Color, End, EndReason, Game, GameKind, SetEntry, Team, Unit};
use crate::units::UnitType;
use crate::view::{options, RecentView, View};

/// The first line of every view file.
pub const VIEW_HEADER: &str = "Tactics view";
/// The line that ends a view file.
pub const VIEW_END: &str = "END";
/// The largest orders file read, in bytes.
pub const MAX_ORDERS_BYTES: usize = 64 << 10;
/// The most inputs one turn's orders may hold: a turn has at most a move, an
/// attack and a turn, so this leaves room for mistakes without waste.
pub const MAX_INPUTS: usize = 32;

/// `View_1_Turn_3.txt` for seat 1, `View_Turn_3.txt` for spectators.
pub fn view_file_name(seat: Option<usize>, turn: usize) -> String {
    match seat {
        Some(s) => format!("View_{s}_Turn_{turn}.txt"),
        None => format!("View_Turn_{turn}.txt"),
    }
}

/// `Orders_1_Turn_3.txt`.
pub fn orders_file_name(seat: usize, turn: usize) -> String {
    format!("Orders_{seat}_Turn_{turn}.txt")
}

/// A problem in a file, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl FileError {
    fn at(line: usize, column: usize, message: impl Into<String>) -> FileError {
        FileError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

/// A two-letter code per unit type, for the board picture.
fn code(kind: UnitType) -> &'static str {
    match kind {
        UnitType::Knight => "Kn",
        UnitType::Pyromancer => "Py",
        UnitType::Scout => "Sc",
        UnitType::Cleric => "Cl",
        UnitType::LightningWard => "LW",
        UnitType::DarkMagicWitch => "DW",
        UnitType::Assassin => "As",
        UnitType::Enchantress => "En",
        UnitType::ChaosSeed => "Se",
        UnitType::ChaosDragon => "Dr",
    }
}

fn arrow(u: &Unit) -> char {
    if !u.kind.stats().directional {
        return '*';
    }
    match u.facing {
        Dir::N => '^',
        Dir::E => '>',
        Dir::S => 'v',
        Dir::W => '<',
        _ => '+',
    }
}

/// The board as text for people: each unit as its id, type code and facing
/// (`^ > v <`, `*` for units without one), `.` for an empty tile.
pub fn board_picture(game: &Game) -> String {
    let occ = game.occupancy();
    let mut out = String::from("    ");
    for x in 0..SIZE {
        let _ = write!(out, "{x:^6}");
    }
    out.push('\n');
    for y in 0..SIZE {
        let _ = write!(out, "{y:>3} ");
        for x in 0..SIZE {
            let cell = match Tile::at(x, y) {
                None => "      ".to_string(),
                Some(t) => match occ.at(t).and_then(|(id, _)| game.unit(id)) {
                    None => "  .   ".to_string(),
                    Some(u) => format!("{:>2}{}{} ", u.id, code(u.kind), arrow(u)),
                },
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out
}

fn list(l: &[u32]) -> String {
    let ids: Vec<String> = l.iter().map(u32::to_string).collect();
    format!("[{}]", ids.join(","))
}

fn color_text(c: Option<Color>) -> &'static str {
    c.map_or("-", Color::as_str)
}

/// Writes a seat's view file (`docs/tactics-files.md` §2).
pub fn write_view(v: &View) -> String {
    let g = &v.game;
    let mut out = String::new();
    let _ = writeln!(out, "{VIEW_HEADER}");
    let _ = writeln!(out, "game {}", g.kind.as_str());
    let _ = writeln!(out, "turn {}", g.turn);
    match v.seat {
        Some(s) => {
            let _ = writeln!(out, "seat {s}");
        }
        None => out.push_str("seat spectator\n"),
    }
    let _ = writeln!(out, "idle {}", g.idle_turns);
    for t in &g.teams {
        let bot = match &t.bot {
            None => "-".to_string(),
            Some(BotFlag::Flag(b)) => b.to_string(),
            Some(BotFlag::Name(n)) => n.replace(char::is_whitespace, "_"),
        };
        let _ = writeln!(
            out,
            "team {} color {} original {} bot {} name {}",
            t.id,
            color_text(t.color),
            t.original_id,
            bot,
            t.name.as_deref().unwrap_or("-")
        );
        let _ = write!(out, "set {}", t.id);
        for e in &t.set {
            let _ = write!(out, " {} {} {}", e.kind, e.assignment.x, e.assignment.y);
        }
        out.push('\n');
    }
    for t in &g.teams {
        for u in &t.units {
            let _ = write!(
                out,
                "unit {} team {} {} at {} {} facing {}",
                u.id, t.id, u.kind, u.tile.x, u.tile.y, u.facing
            );
            if u.color != t.color {
                let _ = write!(out, " color {}", color_text(u.color));
            }
            if u.m_health != 0 {
                let _ = write!(out, " health {}/{}", u.health_left(), u.kind.stats().health);
            }
            if u.m_blocking != 0.0 {
                let _ = write!(out, " blocking {}", u.m_blocking);
            }
            if u.m_power != 0 {
                let _ = write!(out, " power {}", u.m_power);
            }
            if u.m_armor != 0 {
                let _ = write!(out, " armor {}", u.m_armor);
            }
            if u.m_recovery != 0 {
                let _ = write!(out, " recovery {}", u.m_recovery);
            }
            for (k, l) in [
                ("focusing", &u.focusing),
                ("paralyzed", &u.paralyzed),
                ("poisoned", &u.poisoned),
            ] {
                if let Some(l) = l {
                    let _ = write!(out, " {k} {}", list(l));
                }
            }
            if u.barriered {
                out.push_str(" barriered");
            }
            out.push('\n');
        }
    }
    if let Some(End { winner, reason }) = g.end {
        let reason = match reason {
            EndReason::LastTeam => "lastTeam",
            EndReason::NoTeam => "noTeam",
            EndReason::PassRule => "passRule",
        };
        match winner {
            Some(w) => {
                let _ = writeln!(out, "over winner {w} {reason}");
            }
            None => {
                let _ = writeln!(out, "over draw {reason}");
            }
        }
    } else {
        let _ = writeln!(
            out,
            "# turn {} is team {}'s ({})",
            g.turn,
            g.current_team(),
            g.teams[g.current_team()].name.as_deref().unwrap_or("-")
        );
    }
    for r in &v.recent {
        let _ = writeln!(out, "# turn {} (team {}):", r.turn, r.team);
        for a in &r.actions {
            let _ = writeln!(out, "#   {a}");
        }
    }
    for line in board_picture(g).lines() {
        let _ = writeln!(out, "# {line}");
    }
    let _ = writeln!(out, "{VIEW_END}");
    out
}

/// Words of a line with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = vec![];
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s + 1, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &line[s..]));
    }
    out
}

/// Reads the words of one line in order, with errors at their column.
struct Cursor<'a> {
    line: usize,
    words: Vec<(usize, &'a str)>,
    next: usize,
    end_column: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: usize, text: &'a str) -> Cursor<'a> {
        Cursor {
            line,
            words: words(text),
            next: 0,
            end_column: text.chars().count() + 1,
        }
    }

    fn column(&self) -> usize {
        self.words
            .get(self.next)
            .map_or(self.end_column, |(c, _)| *c)
    }

    fn error(&self, message: impl Into<String>) -> FileError {
        FileError::at(self.line, self.column(), message)
    }

    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.next).map(|(_, w)| *w)
    }

    fn word(&mut self, what: &str) -> Result<&'a str, FileError> {
        match self.words.get(self.next) {
            Some((_, w)) => {
                self.next += 1;
                Ok(w)
            }
            None => Err(self.error(format!("expected {what} here"))),
        }
    }

    fn keyword(&mut self, k: &str) -> Result<(), FileError> {
        let col = self.column();
        let w = self.word(&format!("`{k}`"))?;
        if w.eq_ignore_ascii_case(k) {
            Ok(())
        } else {
            Err(FileError::at(
                self.line,
                col,
                format!("expected `{k}`, found `{w}`"),
            ))
        }
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, FileError> {
        let col = self.column();
        let w = self.word(what)?;
        w.parse()
            .map_err(|_| FileError::at(self.line, col, format!("expected {what}, found `{w}`")))
    }

    fn tile(&mut self) -> Result<Tile, FileError> {
        let col = self.column();
        let x = self.number("a column x (0 to 10)")?;
        let y = self.number("a row y (0 to 10)")?;
        Tile::at(x, y).ok_or_else(|| {
            FileError::at(
                self.line,
                col,
                format!("[{x}, {y}] is not a tile of the board"),
            )
        })
    }

    fn direction(&mut self) -> Result<Dir, FileError> {
        let col = self.column();
        let w = self.word("a direction (N, E, S or W)")?;
        Dir::parse(&w.to_ascii_uppercase())
            .filter(|d| d.is_cardinal())
            .ok_or_else(|| {
                FileError::at(
                    self.line,
                    col,
                    format!("`{w}` is not a direction; use N, E, S or W"),
                )
            })
    }

    /// A facing as the engine keeps it (any of its direction strings).
    fn facing(&mut self) -> Result<Dir, FileError> {
        let col = self.column();
        let w = self.word("a facing")?;
        Dir::parse(w).ok_or_else(|| FileError::at(self.line, col, format!("`{w}` is not a facing")))
    }

    fn rest(&mut self) -> String {
        let rest: Vec<&str> = self.words[self.next..].iter().map(|(_, w)| *w).collect();
        self.next = self.words.len();
        rest.join(" ")
    }

    fn done(&self) -> Result<(), FileError> {
        match self.peek() {
            None => Ok(()),
            Some(w) => Err(self.error(format!("unexpected `{w}` at the end of the line"))),
        }
    }
}

/// Reads an orders file. `Ok(None)`: not complete yet (no `end` line).
pub fn parse_orders(text: &[u8]) -> Result<Option<Vec<Input>>, Vec<FileError>> {
    if text.len() > MAX_ORDERS_BYTES {
        return Err(vec![FileError {
            line: 1,
            column: None,
            message: format!(
                "the file is {} bytes; orders files are at most {MAX_ORDERS_BYTES}",
                text.len()
            ),
        }]);
    }
    let Ok(text) = std::str::from_utf8(text) else {
        return Err(vec![FileError {
            line: 1,
            column: None,
            message: "the file is not UTF-8 text".into(),
        }]);
    };
    let mut inputs = vec![];
    let mut errors = vec![];
    let mut ended = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        if ended {
            errors.push(FileError::at(
                n,
                1,
                "nothing may follow `end`; it closes the file",
            ));
            break;
        }
        let mut c = Cursor::new(n, line);
        let parsed = parse_input(&mut c).and_then(|input| c.done().map(|()| input));
        match parsed {
            Ok(Input::EndTurn) => ended = true,
            Ok(input) => inputs.push(input),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if !ended {
        return Ok(None);
    }
    if inputs.len() > MAX_INPUTS {
        return Err(vec![FileError {
            line: 1,
            column: None,
            message: format!(
                "{} inputs is more than the {MAX_INPUTS} one turn takes",
                inputs.len()
            ),
        }]);
    }
    Ok(Some(inputs))
}

fn parse_input(c: &mut Cursor<'_>) -> Result<Input, FileError> {
    let col = c.column();
    let verb = c.word("an input")?.to_ascii_lowercase();
    let facing = |c: &mut Cursor<'_>| -> Result<Option<Dir>, FileError> {
        if c.peek().is_some_and(|w| w.eq_ignore_ascii_case("facing")) {
            c.keyword("facing")?;
            Ok(Some(c.direction()?))
        } else {
            Ok(None)
        }
    };
    match verb.as_str() {
        "move" => {
            let unit = c.number("a unit id")?;
            c.keyword("to")?;
            let assignment = c.tile()?;
            let direction = facing(c)?;
            Ok(Input::Move {
                unit,
                assignment,
                direction,
            })
        }
        "attack" => {
            let unit = c.number("a unit id")?;
            let target = if c.peek().is_some_and(|w| w.eq_ignore_ascii_case("at")) {
                c.keyword("at")?;
                Some(c.tile()?)
            } else {
                None
            };
            let direction = facing(c)?;
            Ok(Input::Attack {
                unit,
                target,
                direction,
            })
        }
        "special" => Ok(Input::AttackSpecial {
            unit: c.number("a unit id")?,
        }),
        "turn" => {
            let unit = c.number("a unit id")?;
            let direction = c.direction()?;
            Ok(Input::Turn { unit, direction })
        }
        "end" => Ok(Input::EndTurn),
        other => Err(FileError::at(
            c.line,
            col,
            format!("`{other}` is not an input; use move, attack, special, turn or end"),
        )),
    }
}

/// Writes orders as a player would, closed by `end`.
pub fn write_orders(inputs: &[Input]) -> String {
    let mut out = String::new();
    for i in inputs {
        let facing = |d: &Option<Dir>| d.map(|d| format!(" facing {d}")).unwrap_or_default();
        match i {
            Input::Move {
                unit,
                assignment,
                direction,
            } => {
                let _ = writeln!(
                    out,
                    "move {unit} to {} {}{}",
                    assignment.x,
                    assignment.y,
                    facing(direction)
                );
            }
            Input::Attack {
                unit,
                target,
                direction,
            } => {
                let at = target
                    .map(|t| format!(" at {} {}", t.x, t.y))
                    .unwrap_or_default();
                let _ = writeln!(out, "attack {unit}{at}{}", facing(direction));
            }
            Input::AttackSpecial { unit } => {
                let _ = writeln!(out, "special {unit}");
            }
            Input::Turn { unit, direction } => {
                let _ = writeln!(out, "turn {unit} {direction}");
            }
            Input::EndTurn => break,
        }
    }
    out.push_str("end\n");
    out
}

/// Reads a view file back (for bots playing by files): the game exactly as
/// it stands at the start of the turn.
pub fn parse_view(text: &str) -> Result<View, FileError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty());
    let (n, first) = lines.next().ok_or_else(|| FileError {
        line: 1,
        column: None,
        message: format!("empty file; a view file starts with `{VIEW_HEADER}`"),
    })?;
    if first.trim() != VIEW_HEADER {
        return Err(FileError::at(n, 1, format!("expected `{VIEW_HEADER}`")));
    }
    let mut kind = None;
    let mut turn = None;
    let mut seat = None;
    let mut idle = 0;
    let mut teams: Vec<Team> = vec![];
    let mut end = None;
    let mut closed = false;
    for (n, line) in lines.by_ref() {
        let mut c = Cursor::new(n, line);
        let col = c.column();
        let key = c.word("a keyword")?;
        match key {
            "game" => {
                let w = c.word("classic or chaos")?;
                kind = Some(GameKind::from_type(Some(w)).ok_or_else(|| {
                    FileError::at(
                        n,
                        col,
                        format!("`{w}` is not a game type; classic or chaos"),
                    )
                })?);
            }
            "turn" => turn = Some(c.number("a turn number")?),
            "seat" => {
                seat = if c.peek() == Some("spectator") {
                    c.word("")?;
                    None
                } else {
                    Some(c.number("a seat number or `spectator`")?)
                }
            }
            "idle" => idle = c.number("a count of idle turns")?,
            "team" => {
                let id: usize = c.number("a team index")?;
                if id != teams.len() {
                    return Err(FileError::at(
                        n,
                        col,
                        format!("expected team {}", teams.len()),
                    ));
                }
                c.keyword("color")?;
                let color = parse_color(&mut c)?;
                c.keyword("original")?;
                let original_id = c.number("a slot number")?;
                c.keyword("bot")?;
                let bot = match c.word("true, false, - or a bot name")? {
                    "-" => None,
                    "true" => Some(BotFlag::Flag(true)),
                    "false" => Some(BotFlag::Flag(false)),
                    name => Some(BotFlag::Name(name.to_string())),
                };
                c.keyword("name")?;
                let name = c.rest();
                teams.push(Team {
                    id,
                    original_id,
                    name: (name != "-").then_some(name),
                    color,
                    bot,
                    set: vec![],
                    units: vec![],
                });
            }
            "set" => {
                let id: usize = c.number("a team index")?;
                let team = teams.get_mut(id).ok_or_else(|| {
                    FileError::at(n, col, format!("no team {id} before this line"))
                })?;
                while c.peek().is_some() {
                    let kind = parse_type(&mut c)?;
                    let assignment = c.tile()?;
                    team.set.push(SetEntry { kind, assignment });
                }
            }
            "unit" => {
                let u = parse_unit(&mut c, &teams)?;
                let t = u.1;
                teams[t].units.push(u.0);
            }
            "over" => {
                let winner = match c.word("`winner N` or `draw`")? {
                    "winner" => Some(c.number("a team index")?),
                    "draw" => None,
                    w => {
                        return Err(FileError::at(
                            n,
                            col,
                            format!("expected winner or draw, found `{w}`"),
                        ))
                    }
                };
                let rc = c.column();
                let reason = match c.word("a reason")? {
                    "lastTeam" => EndReason::LastTeam,
                    "noTeam" => EndReason::NoTeam,
                    "passRule" => EndReason::PassRule,
                    w => return Err(FileError::at(n, rc, format!("`{w}` is not a reason"))),
                };
                end = Some(End { winner, reason });
            }
            VIEW_END => {
                closed = true;
                break;
            }
            other => {
                return Err(FileError::at(
                    n,
                    col,
                    format!("`{other}` is not a view keyword"),
                ))
            }
        }
        c.done()?;
    }
    if !closed {
        return Err(FileError {
            line: text.lines().count(),
            column: None,
            message: format!("the file ends before its `{VIEW_END}` line"),
        });
    }
    let missing = |what: &str| FileError {
        line: 1,
        column: None,
        message: format!("the view has no `{what}` line"),
    };
    if teams.is_empty() {
        return Err(missing("team"));
    }
    let game = Game {
        kind: kind.ok_or_else(|| missing("game"))?,
        teams,
        turn: turn.ok_or_else(|| missing("turn"))?,
        actions: vec![],
        idle_turns: idle,
        end,
    };
    let mine = seat == Some(game.current_team());
    Ok(View {
        seat,
        options: if mine { options(&game) } else { vec![] },
        game,
        recent: Vec::<RecentView>::new(),
    })
}

fn parse_color(c: &mut Cursor<'_>) -> Result<Option<Color>, FileError> {
    let col = c.column();
    match c.word("a colour or -")? {
        "-" => Ok(None),
        w => Color::parse(w)
            .map(Some)
            .ok_or_else(|| FileError::at(c.line, col, format!("`{w}` is not a colour"))),
    }
}

fn parse_type(c: &mut Cursor<'_>) -> Result<UnitType, FileError> {
    let col = c.column();
    let w = c.word("a unit type")?;
    UnitType::parse(w)
        .ok_or_else(|| FileError::at(c.line, col, format!("`{w}` is not a unit type")))
}

fn parse_list(c: &mut Cursor<'_>) -> Result<Vec<u32>, FileError> {
    let col = c.column();
    let w = c.word("a list of unit ids like [3,7]")?;
    let inner = w
        .strip_prefix('[')
        .and_then(|w| w.strip_suffix(']'))
        .ok_or_else(|| {
            FileError::at(
                c.line,
                col,
                format!("expected a list like [3,7], found `{w}`"),
            )
        })?;
    if inner.is_empty() {
        return Ok(vec![]);
    }
    inner
        .split(',')
        .map(|x| {
            x.parse()
                .map_err(|_| FileError::at(c.line, col, format!("`{x}` is not a unit id")))
        })
        .collect()
}

fn parse_unit(c: &mut Cursor<'_>, teams: &[Team]) -> Result<(Unit, usize), FileError> {
    let id = c.number("a unit id")?;
    c.keyword("team")?;
    let col = c.column();
    let t: usize = c.number("a team index")?;
    let team = teams
        .get(t)
        .ok_or_else(|| FileError::at(c.line, col, format!("no team {t} before this line")))?;
    let kind = parse_type(c)?;
    c.keyword("at")?;
    let tile = c.tile()?;
    c.keyword("facing")?;
    let facing = c.facing()?;
    let mut u = Unit::new(id, kind, tile, facing, team.color);
    while let Some(w) = c.peek() {
        let col = c.column();
        c.word("")?;
        match w {
            "color" => u.color = parse_color(c)?,
            "health" => {
                let hcol = c.column();
                let text = c.word("health as LEFT/MAX")?;
                let left: i32 = text
                    .split('/')
                    .next()
                    .and_then(|l| l.parse().ok())
                    .ok_or_else(|| {
                        FileError::at(c.line, hcol, format!("expected LEFT/MAX, found `{text}`"))
                    })?;
                u.m_health = left - kind.stats().health;
            }
            "blocking" => u.m_blocking = c.number("a number")?,
            "power" => u.m_power = c.number("a number")?,
            "armor" => u.m_armor = c.number("a number")?,
            "recovery" => u.m_recovery = c.number("a number of turns")?,
            "focusing" => u.focusing = Some(parse_list(c)?),
            "paralyzed" => u.paralyzed = Some(parse_list(c)?),
            "poisoned" => u.poisoned = Some(parse_list(c)?),
            "barriered" => u.barriered = true,
            other => {
                return Err(FileError::at(
                    c.line,
                    col,
                    format!("`{other}` is not a unit property"),
                ))
            }
        }
    }
    Ok((u, t))
}
