//! The text files of play by files (`docs/tae-files.md`): a seat's view
//! file, written each turn and read back by bots, and the orders file a
//! seat answers with. Both are line based; every error names its line.
//!
//! The view file carries the whole [`View`], so `parse_view(write_view(v))`
//! gives `v` back: a bot reading files sees exactly what a bot handed the
//! view in memory sees.

use std::fmt::Write;

use crate::board::{Board, Cell, Colony, Kind, Leader, Pos, Terrain};
use crate::orders::{Order, Orders};
use crate::pieces::{Colonist, Score};
use crate::scoring::{FinalRow, FinalTable};
use crate::state::{Cause, Combat, Conflict, Phase};
use crate::view::{PlayerView, View};

/// The first line of every view file.
pub const VIEW_HEADER: &str = "TaE view";
/// The line that ends a view or orders file.
pub const END: &str = "END";
/// The largest orders file read, in bytes.
pub const MAX_ORDERS_BYTES: usize = 64 << 10;

/// `View_1_Turn_3.txt` for seat 1, `View_Turn_3.txt` for spectators.
pub fn view_file_name(seat: Option<usize>, turn: u64) -> String {
    match seat {
        Some(s) => format!("View_{s}_Turn_{turn}.txt"),
        None => format!("View_Turn_{turn}.txt"),
    }
}

/// `Orders_1_Turn_3.txt`.
pub fn orders_file_name(seat: usize, turn: u64) -> String {
    format!("Orders_{seat}_Turn_{turn}.txt")
}

/// A problem in a file, at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

/// The character of a system in view files and pictures.
fn system_char(board: &Board, p: Pos) -> char {
    match board.cell(p) {
        Cell::Empty => match board.terrain(p) {
            Terrain::Inhabitable => '.',
            Terrain::Uninhabitable => 'M',
        },
        Cell::Destroyed => match board.terrain(p) {
            Terrain::Inhabitable => '#',
            Terrain::Uninhabitable => 'X',
        },
        Cell::Colony(c) if c.artifact => 'A',
        Cell::Colony(c) => c.kind.colony_letter(),
        Cell::Leader(l) => char::from(b'0' + l.owner as u8),
    }
}

/// The board's rows, top row first, one character a system.
fn board_rows(board: &Board) -> Vec<String> {
    (0..board.height)
        .rev()
        .map(|y| {
            (0..board.width)
                .map(|x| system_char(board, Pos::new(x, y)))
                .collect()
        })
        .collect()
}

fn cause_text(cause: &Cause) -> String {
    match cause {
        Cause::Internal => "internal".into(),
        Cause::External { uniting } => format!("external {} {}", uniting.x, uniting.y),
    }
}

fn conflict_text(c: &Conflict) -> String {
    format!(
        "cause {} leader {} attacker {} defender {}",
        cause_text(&c.cause),
        c.leader.name(),
        c.attacker,
        c.defender
    )
}

fn score_text(s: &Score) -> String {
    format!(
        "money {} technology {} people {} raw {} artifacts {}",
        s.points[0], s.points[1], s.points[2], s.points[3], s.artifacts
    )
}

/// Writes a view file (format: `docs/tae-files.md`).
pub fn write_view(v: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{VIEW_HEADER}");
    let _ = writeln!(out, "title {}", v.title);
    let _ = writeln!(out, "turn {}", v.turn);
    match v.seat {
        Some(s) => {
            let _ = writeln!(out, "seat {s}");
        }
        None => out.push_str("seat spectator\n"),
    }
    let _ = writeln!(out, "players {}", v.players.len());
    let _ = writeln!(out, "first {}", v.first);
    let _ = writeln!(out, "pool {}", v.pool);
    let _ = writeln!(out, "board {} {}", v.board.width, v.board.height);
    for row in board_rows(&v.board) {
        let _ = writeln!(out, "{row}");
    }
    for p in v.board.positions() {
        match v.board.cell(p) {
            Cell::Colony(Colony {
                id: Some(id),
                placed_by: Some(seat),
                ..
            }) => {
                let _ = writeln!(out, "colony {} {} id {id} seat {seat}", p.x, p.y);
            }
            Cell::Leader(l) => {
                let _ = writeln!(
                    out,
                    "leader {} {} at {} {}",
                    l.owner,
                    l.kind.name(),
                    p.x,
                    p.y
                );
            }
            _ => {}
        }
    }
    for (s, p) in v.players.iter().enumerate() {
        let bombers: Vec<String> = p.bombers.iter().map(u64::to_string).collect();
        let _ = writeln!(
            out,
            "player {s} hand {} bombers {} {}",
            p.hand,
            if bombers.is_empty() {
                "none".to_string()
            } else {
                bombers.join(",")
            },
            score_text(&p.score)
        );
    }
    for c in &v.hand {
        let _ = writeln!(out, "colonist {} {}", c.id, c.kind.name());
    }
    match &v.phase {
        Phase::Normal => out.push_str("phase normal\n"),
        Phase::Combat(c) => {
            let _ = writeln!(
                out,
                "phase combat {} fought {} reinforce {} attacker at {} {} strength {} defender at {} {} strength {}",
                conflict_text(&c.conflict),
                if c.external { "external" } else { "internal" },
                c.reinforcement.name(),
                c.attacker_at.x,
                c.attacker_at.y,
                c.attacker_strength,
                c.defender_at.x,
                c.defender_at.y,
                c.defender_strength
            );
        }
        Phase::Over(t) => {
            match t.winner {
                Some(w) => {
                    let _ = writeln!(out, "phase over winner {w}");
                }
                None => out.push_str("phase over winner shared\n"),
            }
            let _ = writeln!(out, "reason {}", t.reason);
            for r in &t.rows {
                let _ = writeln!(
                    out,
                    "final {} place {} score {} values {} {} {} {} {}",
                    r.seat,
                    r.place,
                    r.final_score,
                    r.values[0],
                    r.values[1],
                    r.values[2],
                    r.values[3],
                    score_text(&r.score)
                );
            }
        }
    }
    for c in &v.queue {
        let _ = writeln!(out, "queue {}", conflict_text(c));
    }
    for e in &v.events {
        let _ = writeln!(out, "event {e}");
    }
    out.push_str(END);
    out.push('\n');
    out
}

/// A picture of the board with the scores, for people watching.
pub fn board_picture(v: &View) -> String {
    let mut out = String::new();
    for row in board_rows(&v.board) {
        let _ = writeln!(out, "{row}");
    }
    let _ = writeln!(
        out,
        "artifacts on the board: {}, pool: {}",
        v.artifacts(),
        v.pool
    );
    // Standings as if the game ended now (tae spec 13): who leads.
    let scores: Vec<Score> = v.players.iter().map(|p| p.score).collect();
    let standing = crate::scoring::final_table(&scores, "");
    for (s, p) in v.players.iter().enumerate() {
        let row = &standing.rows[s];
        let _ = writeln!(
            out,
            "seat {s}: {}; weakest after wildcards {}, place {}",
            score_text(&p.score),
            row.final_score,
            row.place
        );
    }
    match standing.winner {
        Some(w) if !matches!(v.phase, Phase::Over(_)) => {
            let _ = writeln!(out, "leading: seat {w}");
        }
        _ => {}
    }
    match &v.phase {
        Phase::Normal => {
            let _ = writeln!(out, "next: a normal turn, seat {} first", v.first);
        }
        Phase::Combat(c) => {
            let _ = writeln!(
                out,
                "next: a combat turn, seat {} ({}) against seat {} ({}), reinforce with {}",
                c.conflict.attacker,
                c.attacker_strength,
                c.conflict.defender,
                c.defender_strength,
                c.reinforcement.name()
            );
        }
        Phase::Over(t) => {
            let _ = writeln!(out, "the game is over: {}", t.reason);
        }
    }
    out
}

/// Reads words off one line, with errors naming that line.
struct Words<'a> {
    line: usize,
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Words<'a> {
    fn new(line: usize, text: &'a str) -> Words<'a> {
        Words {
            line,
            words: text.split_ascii_whitespace(),
        }
    }

    fn fail<T>(&self, message: String) -> Result<T, FileError> {
        Err(FileError {
            line: self.line,
            column: None,
            message,
        })
    }

    fn word(&mut self, what: &str) -> Result<&'a str, FileError> {
        match self.words.next() {
            Some(w) => Ok(w),
            None => self.fail(format!("the line ends where {what} was expected")),
        }
    }

    fn expect(&mut self, keyword: &str) -> Result<(), FileError> {
        let w = self.word(&format!("`{keyword}`"))?;
        if w == keyword {
            Ok(())
        } else {
            self.fail(format!("expected `{keyword}`, found `{w}`"))
        }
    }

    fn num<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, FileError> {
        let w = self.word(what)?;
        match w.parse() {
            Ok(n) => Ok(n),
            Err(_) => self.fail(format!("expected {what} (a whole number), found `{w}`")),
        }
    }

    fn kind(&mut self) -> Result<Kind, FileError> {
        let w = self.word("a type")?;
        match Kind::from_name(w) {
            Some(k) => Ok(k),
            None => self.fail(format!(
                "`{w}` is not a type; the types are merchant, scientist, settler, mining"
            )),
        }
    }

    fn pos(&mut self, board: &Board) -> Result<Pos, FileError> {
        let x: i64 = self.num("x")?;
        let y: i64 = self.num("y")?;
        match board.at(x, y) {
            Some(p) => Ok(p),
            None => self.fail(format!("({x},{y}) is not on the board")),
        }
    }

    fn score(&mut self) -> Result<Score, FileError> {
        let mut s = Score::default();
        for (i, name) in ["money", "technology", "people", "raw"]
            .into_iter()
            .enumerate()
        {
            self.expect(name)?;
            s.points[i] = self.num(name)?;
        }
        self.expect("artifacts")?;
        s.artifacts = self.num("artifacts")?;
        Ok(s)
    }

    fn rest(&mut self) -> String {
        self.words.by_ref().collect::<Vec<_>>().join(" ")
    }

    fn done(&mut self) -> Result<(), FileError> {
        match self.words.next() {
            None => Ok(()),
            Some(w) => self.fail(format!("unexpected `{w}` at the end of the line")),
        }
    }
}

fn conflict_of(w: &mut Words, board: &Board, seats: usize) -> Result<Conflict, FileError> {
    w.expect("cause")?;
    let cause = match w.word("internal or external")? {
        "internal" => Cause::Internal,
        "external" => Cause::External {
            uniting: w.pos(board)?,
        },
        other => return w.fail(format!("expected internal or external, found `{other}`")),
    };
    w.expect("leader")?;
    let leader = w.kind()?;
    w.expect("attacker")?;
    let attacker = seat_of(w, seats)?;
    w.expect("defender")?;
    let defender = seat_of(w, seats)?;
    Ok(Conflict {
        cause,
        leader,
        attacker,
        defender,
    })
}

fn seat_of(w: &mut Words, seats: usize) -> Result<usize, FileError> {
    let s: usize = w.num("a seat")?;
    if s >= seats {
        return w.fail(format!("seat {s} is not in this game of {seats}"));
    }
    Ok(s)
}

/// Reads a view file written by [`write_view`].
pub fn parse_view(text: &str) -> Result<View, FileError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let at_end = |i: usize| FileError {
        line: i + 1,
        column: None,
        message: "the file ends early; a view file ends with `END`".into(),
    };
    let next = |i: &mut usize| -> Result<(usize, &str), FileError> {
        let l = lines.get(*i).ok_or_else(|| at_end(*i))?;
        *i += 1;
        Ok((*i, l.trim_end_matches('\r')))
    };
    let (n, header) = next(&mut i)?;
    if header != VIEW_HEADER {
        return Err(FileError {
            line: n,
            column: None,
            message: format!("expected `{VIEW_HEADER}` on the first line"),
        });
    }
    let (n, l) = next(&mut i)?;
    let title = l
        .strip_prefix("title ")
        .ok_or_else(|| FileError {
            line: n,
            column: None,
            message: "expected `title NAME`".into(),
        })?
        .to_string();
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("turn")?;
    let turn = w.num("the turn")?;
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("seat")?;
    let seat = match w.word("a seat")? {
        "spectator" => None,
        s => Some(
            s.parse::<usize>()
                .or_else(|_| w.fail(format!("expected a seat or `spectator`, found `{s}`")))?,
        ),
    };
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("players")?;
    let seats: usize = w.num("the number of players")?;
    if !(1..=crate::state::MAX_PLAYERS).contains(&seats) || seat.is_some_and(|s| s >= seats) {
        return w.fail(format!("{seats} players, or the seat, is out of range"));
    }
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("first")?;
    let first = seat_of(&mut w, seats)?;
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("pool")?;
    let pool = w.num("the pool")?;
    let (n, l) = next(&mut i)?;
    let mut w = Words::new(n, l);
    w.expect("board")?;
    let width: u16 = w.num("the width")?;
    let height: u16 = w.num("the height")?;
    if width == 0
        || height == 0
        || usize::from(width) > crate::map::MAX_SIDE
        || usize::from(height) > crate::map::MAX_SIDE
    {
        return w.fail(format!("a {width}x{height} board is not allowed"));
    }
    let mut board = Board::new(width, height, Terrain::Inhabitable);
    for row in (0..height).rev() {
        let (n, l) = next(&mut i)?;
        if l.len() != usize::from(width) {
            return Err(FileError {
                line: n,
                column: None,
                message: format!("{} systems, expected {width}", l.chars().count()),
            });
        }
        for (x, c) in l.chars().enumerate() {
            let p = Pos::new(x as u16, row);
            let idx = board.index(p);
            let (terrain, cell) = match c {
                '.' => (Terrain::Inhabitable, Cell::Empty),
                'M' => (Terrain::Uninhabitable, Cell::Empty),
                '#' => (Terrain::Inhabitable, Cell::Destroyed),
                'X' => (Terrain::Uninhabitable, Cell::Destroyed),
                'A' => (Terrain::Inhabitable, colony(Kind::Scientist, true)),
                'r' => (Terrain::Uninhabitable, colony(Kind::Mining, false)),
                '0'..='3' => (
                    Terrain::Inhabitable,
                    // The type comes with the `leader` line.
                    Cell::Leader(Leader {
                        owner: c as usize - '0' as usize,
                        kind: Kind::Merchant,
                    }),
                ),
                c => match Kind::from_colony_letter(c) {
                    Some(k) => (Terrain::Inhabitable, colony(k, false)),
                    None => {
                        return Err(FileError {
                            line: n,
                            column: Some(x + 1),
                            message: format!("unexpected character `{c}` on the board"),
                        })
                    }
                },
            };
            board.terrain[idx] = terrain;
            board.cells[idx] = cell;
        }
    }
    let mut players: Vec<PlayerView> = vec![];
    let mut hand = vec![];
    let mut phase = None;
    let mut queue = vec![];
    let mut events = vec![];
    let mut leaders_typed = vec![];
    let mut final_rows = vec![];
    let mut reason = String::new();
    loop {
        let (n, l) = next(&mut i)?;
        if l == END {
            break;
        }
        let mut w = Words::new(n, l);
        match w.word("a keyword")? {
            "colony" => {
                let p = w.pos(&board)?;
                w.expect("id")?;
                let id = w.num("the colony's id")?;
                w.expect("seat")?;
                let s = seat_of(&mut w, seats)?;
                w.done()?;
                let idx = board.index(p);
                match &mut board.cells[idx] {
                    Cell::Colony(c) => {
                        c.id = Some(id);
                        c.placed_by = Some(s);
                    }
                    _ => return w.fail(format!("the board shows no colony at {p}")),
                }
            }
            "leader" => {
                let owner = seat_of(&mut w, seats)?;
                let kind = w.kind()?;
                w.expect("at")?;
                let p = w.pos(&board)?;
                w.done()?;
                let idx = board.index(p);
                match board.cells[idx] {
                    Cell::Leader(l) if l.owner == owner && !leaders_typed.contains(&p) => {
                        board.cells[idx] = Cell::Leader(Leader { owner, kind });
                        leaders_typed.push(p);
                    }
                    _ => {
                        return w.fail(format!(
                            "the board shows no untyped leader of seat {owner} at {p}"
                        ))
                    }
                }
            }
            "player" => {
                let s: usize = w.num("the seat")?;
                if s != players.len() || s >= seats {
                    return w.fail(format!("expected the line of seat {}", players.len()));
                }
                w.expect("hand")?;
                let hand_size = w.num("the hand size")?;
                w.expect("bombers")?;
                let b = w.word("bomber identifiers")?;
                let bombers = if b == "none" {
                    vec![]
                } else {
                    b.split(',')
                        .map(|x| x.parse::<u64>())
                        .collect::<Result<Vec<_>, _>>()
                        .or_else(|_| {
                            w.fail(format!(
                                "expected bomber identifiers like `5,6`, found `{b}`"
                            ))
                        })?
                };
                let score = w.score()?;
                w.done()?;
                players.push(PlayerView {
                    hand: hand_size,
                    leaders_in_hand: vec![],
                    bombers,
                    score,
                });
            }
            "colonist" => {
                let id = w.num("the colonist's id")?;
                let kind = w.kind()?;
                w.done()?;
                hand.push(Colonist { id, kind });
            }
            "phase" => {
                phase = Some(match w.word("normal, combat or over")? {
                    "normal" => Phase::Normal,
                    "combat" => {
                        let conflict = conflict_of(&mut w, &board, seats)?;
                        w.expect("fought")?;
                        let external = match w.word("internal or external")? {
                            "external" => true,
                            "internal" => false,
                            other => {
                                return w.fail(format!(
                                    "expected internal or external, found `{other}`"
                                ))
                            }
                        };
                        w.expect("reinforce")?;
                        let reinforcement = w.kind()?;
                        w.expect("attacker")?;
                        w.expect("at")?;
                        let attacker_at = w.pos(&board)?;
                        w.expect("strength")?;
                        let attacker_strength = w.num("a strength")?;
                        w.expect("defender")?;
                        w.expect("at")?;
                        let defender_at = w.pos(&board)?;
                        w.expect("strength")?;
                        let defender_strength = w.num("a strength")?;
                        w.done()?;
                        Phase::Combat(Combat {
                            conflict,
                            external,
                            reinforcement,
                            attacker_at,
                            defender_at,
                            attacker_strength,
                            defender_strength,
                        })
                    }
                    "over" => {
                        w.expect("winner")?;
                        let winner = match w.word("a seat or `shared`")? {
                            "shared" => None,
                            s => Some(s.parse::<usize>().or_else(|_| {
                                w.fail(format!("expected a seat or `shared`, found `{s}`"))
                            })?),
                        };
                        Phase::Over(FinalTable {
                            rows: vec![],
                            winner,
                            reason: String::new(),
                        })
                    }
                    other => {
                        return w.fail(format!("expected normal, combat or over, found `{other}`"))
                    }
                });
            }
            "reason" => reason = w.rest(),
            "final" => {
                let seat = seat_of(&mut w, seats)?;
                w.expect("place")?;
                let place = w.num("the place")?;
                w.expect("score")?;
                let final_score = w.num("the final score")?;
                w.expect("values")?;
                let values = [
                    w.num("a value")?,
                    w.num("a value")?,
                    w.num("a value")?,
                    w.num("a value")?,
                ];
                let score = w.score()?;
                w.done()?;
                final_rows.push(FinalRow {
                    seat,
                    score,
                    values,
                    final_score,
                    place,
                });
            }
            "queue" => {
                queue.push(conflict_of(&mut w, &board, seats)?);
                w.done()?;
            }
            "event" => events.push(w.rest()),
            other => return w.fail(format!("unknown line `{other}`")),
        }
    }
    if players.len() != seats {
        return Err(FileError {
            line: i,
            column: None,
            message: format!("{} player lines for {seats} players", players.len()),
        });
    }
    if let Some(p) = board
        .leaders()
        .map(|(p, _)| p)
        .find(|p| !leaders_typed.contains(p))
    {
        return Err(FileError {
            line: i,
            column: None,
            message: format!("the leader at {p} has no `leader` line"),
        });
    }
    for (owner, pv) in players.iter_mut().enumerate() {
        pv.leaders_in_hand = Kind::ALL
            .into_iter()
            .filter(|&kind| board.leader_pos(Leader { owner, kind }).is_none())
            .collect();
    }
    let phase = match phase {
        Some(Phase::Over(t)) => Phase::Over(FinalTable {
            rows: final_rows,
            reason,
            ..t
        }),
        Some(p) => p,
        None => {
            return Err(FileError {
                line: i,
                column: None,
                message: "no `phase` line".into(),
            })
        }
    };
    Ok(View {
        title,
        turn,
        seat,
        board,
        first,
        phase,
        players,
        hand,
        pool,
        queue,
        events,
    })
}

fn colony(kind: Kind, artifact: bool) -> Cell {
    Cell::Colony(Colony {
        kind,
        artifact,
        id: None,
        placed_by: None,
    })
}

/// Writes orders as an orders file.
pub fn write_orders(orders: &Orders) -> String {
    let mut out = String::new();
    for o in orders {
        out.push_str(&o.text());
        out.push('\n');
    }
    out.push_str(END);
    out.push('\n');
    out
}

/// Reads an orders file. `Ok(None)` while it has no `END` line yet (still
/// being written); otherwise every order with its 1-based line, or every
/// malformed line.
pub fn parse_orders(text: &[u8]) -> Result<Option<Vec<(usize, Order)>>, Vec<engine::OrderIssue>> {
    use engine::OrderIssue;
    if text.len() > MAX_ORDERS_BYTES {
        return Err(vec![OrderIssue::general(format!(
            "the file is {} bytes; the limit is {MAX_ORDERS_BYTES}",
            text.len()
        ))]);
    }
    let text = match std::str::from_utf8(text) {
        Ok(t) => t,
        Err(e) => {
            let line = text[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            return Err(vec![OrderIssue::at_line(
                line,
                None,
                "the file is not UTF-8 text",
            )]);
        }
    };
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let Some(end) = lines.iter().position(|l| l.trim() == END) else {
        return Ok(None);
    };
    let mut errors = vec![];
    if lines[end] != END {
        errors.push(OrderIssue::at_line(
            end + 1,
            Some(1),
            "`END` must stand alone at the start of its line",
        ));
    }
    if let Some(k) = lines[end + 1..].iter().position(|l| !l.trim().is_empty()) {
        errors.push(OrderIssue::at_line(
            end + 2 + k,
            Some(1),
            "nothing may follow the `END` line; move these orders above it",
        ));
    }
    let mut orders = vec![];
    for (i, line) in lines[..end].iter().enumerate() {
        let content = line.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        match parse_order(content) {
            Ok(o) => orders.push((i + 1, o)),
            Err(message) => errors.push(OrderIssue::at_line(i + 1, None, message)),
        }
    }
    if errors.is_empty() {
        Ok(Some(orders))
    } else {
        Err(errors)
    }
}

/// One order line: `colonize ID X Y`, `move ID X Y`, `bomb ID X Y` or
/// `reinforce ID`.
fn parse_order(line: &str) -> Result<Order, String> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let number = |i: usize, what: &str| -> Result<i64, String> {
        let w = words.get(i).ok_or_else(|| {
            format!(
                "`{}` needs {what} here; see the line format `{}`",
                words[0],
                usage(words[0])
            )
        })?;
        w.parse::<i64>()
            .map_err(|_| format!("expected {what} (a whole number), found `{w}`"))
    };
    let id = |i: usize| -> Result<u64, String> {
        let n = number(i, "a piece identifier")?;
        u64::try_from(n).map_err(|_| format!("a piece identifier is positive, not {n}"))
    };
    let arity = match words[0] {
        "colonize" | "move" | "bomb" => 4,
        "reinforce" => 2,
        other => {
            return Err(format!(
                "unknown order `{other}`; the orders are colonize, move, bomb and reinforce"
            ))
        }
    };
    let order = match words[0] {
        "colonize" => Order::Colonize {
            colonist: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        "move" => Order::Move {
            leader: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        "bomb" => Order::Bomb {
            bomber: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        _ => Order::Reinforce { colonist: id(1)? },
    };
    if words.len() > arity {
        return Err(format!(
            "unexpected `{}` after the order; the format is `{}`",
            words[arity],
            usage(words[0])
        ));
    }
    Ok(order)
}

fn usage(verb: &str) -> &'static str {
    match verb {
        "colonize" => "colonize COLONIST X Y",
        "move" => "move LEADER X Y",
        "bomb" => "bomb BOMBER X Y",
        _ => "reinforce COLONIST",
    }
}
