//! Reading a view file back (`docs/tae-files.md` section 2), for bots that
//! play by files. Every error names its line; nothing here panics on any
//! input.

use crate::board::{Board, Cell, Colony, Kind, Leader, Pos, Terrain};
use crate::files::{FileError, END, VIEW_HEADER};
use crate::pieces::{Colonist, Score};
use crate::scoring::{FinalRow, FinalTable};
use crate::state::{Cause, Combat, Conflict, Phase};
use crate::view::{PlayerView, View};

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

/// The file's lines, handed out one at a time with their 1-based numbers.
struct Lines<'a> {
    lines: Vec<&'a str>,
    at: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self) -> Result<(usize, &'a str), FileError> {
        let Some(l) = self.lines.get(self.at) else {
            return Err(FileError {
                line: self.at + 1,
                column: None,
                message: "the file ends early; a view file ends with `END`".into(),
            });
        };
        self.at += 1;
        Ok((self.at, l.trim_end_matches('\r')))
    }

    /// The next line, which must start with `keyword`.
    fn keyed(&mut self, keyword: &str) -> Result<Words<'a>, FileError> {
        let (n, l) = self.next()?;
        let mut w = Words::new(n, l);
        w.expect(keyword)?;
        Ok(w)
    }

    fn fail<T>(&self, message: String) -> Result<T, FileError> {
        Err(FileError {
            line: self.at,
            column: None,
            message,
        })
    }
}

/// Reads a view file written by [`crate::view_file::write_view`].
pub fn parse_view(text: &str) -> Result<View, FileError> {
    let mut lines = Lines {
        lines: text.lines().collect(),
        at: 0,
    };
    let (n, header) = lines.next()?;
    if header != VIEW_HEADER {
        return Err(FileError {
            line: n,
            column: None,
            message: format!("expected `{VIEW_HEADER}` on the first line"),
        });
    }
    let (n, l) = lines.next()?;
    let Some(title) = l.strip_prefix("title ") else {
        return Words::new(n, l).fail("expected `title NAME`".into());
    };
    let turn = lines.keyed("turn")?.num("the turn")?;
    let mut w = lines.keyed("seat")?;
    let seat = match w.word("a seat")? {
        "spectator" => None,
        s => Some(
            s.parse::<usize>()
                .or_else(|_| w.fail(format!("expected a seat or `spectator`, found `{s}`")))?,
        ),
    };
    let mut w = lines.keyed("players")?;
    let seats: usize = w.num("the number of players")?;
    if !(1..=crate::state::MAX_PLAYERS).contains(&seats) || seat.is_some_and(|s| s >= seats) {
        return w.fail(format!("{seats} players, or the seat, is out of range"));
    }
    let first = seat_of(&mut lines.keyed("first")?, seats)?;
    let mut w = lines.keyed("order")?;
    let order = (0..seats)
        .map(|_| seat_of(&mut w, seats))
        .collect::<Result<Vec<_>, _>>()?;
    w.done()?;
    let artifacts = lines
        .keyed("artifacts")?
        .num("the artifacts on the board")?;
    let pool = lines.keyed("pool")?.num("the pool")?;
    let mut view = View {
        title: title.to_string(),
        turn,
        seat,
        board: read_board(&mut lines)?,
        first,
        order,
        artifacts,
        phase: Phase::Normal,
        players: vec![],
        hand: vec![],
        pool,
        queue: vec![],
        events: vec![],
    };
    read_records(&mut lines, &mut view, seats)?;
    Ok(view)
}

/// `board W H` and the rows, top row first.
fn read_board(lines: &mut Lines) -> Result<Board, FileError> {
    let mut w = lines.keyed("board")?;
    let width: u16 = w.num("the width")?;
    let height: u16 = w.num("the height")?;
    let max = crate::map::MAX_SIDE;
    if width == 0 || height == 0 || usize::from(width) > max || usize::from(height) > max {
        return w.fail(format!("a {width}x{height} board is not allowed"));
    }
    let mut board = Board::new(width, height, Terrain::Inhabitable);
    for row in (0..height).rev() {
        let (n, l) = lines.next()?;
        if l.len() != usize::from(width) {
            return Words::new(n, l)
                .fail(format!("{} systems, expected {width}", l.chars().count()));
        }
        for (x, c) in l.chars().enumerate() {
            let Some((terrain, cell)) = system(c) else {
                return Err(FileError {
                    line: n,
                    column: Some(x + 1),
                    message: format!("unexpected character `{c}` on the board"),
                });
            };
            let idx = board.index(Pos::new(x as u16, row));
            board.terrain[idx] = terrain;
            board.cells[idx] = cell;
        }
    }
    Ok(board)
}

/// What a board character stands for (the inverse of the writer's).
fn system(c: char) -> Option<(Terrain, Cell)> {
    Some(match c {
        '.' => (Terrain::Inhabitable, Cell::Empty),
        'M' => (Terrain::Uninhabitable, Cell::Empty),
        '#' => (Terrain::Inhabitable, Cell::Destroyed),
        'X' => (Terrain::Uninhabitable, Cell::Destroyed),
        'A' => (Terrain::Inhabitable, colony(Kind::Scientist, true)),
        'r' => (Terrain::Uninhabitable, colony(Kind::Mining, false)),
        // The leader's type comes with its `leader` line.
        '0'..='3' => (
            Terrain::Inhabitable,
            Cell::Leader(Leader {
                owner: c as usize - '0' as usize,
                kind: Kind::Merchant,
            }),
        ),
        c => (
            Terrain::Inhabitable,
            colony(Kind::from_colony_letter(c)?, false),
        ),
    })
}

/// The keyed lines after the board, up to `END`.
fn read_records(lines: &mut Lines, view: &mut View, seats: usize) -> Result<(), FileError> {
    let mut leaders_typed = vec![];
    let mut phase = None;
    let mut final_rows = vec![];
    let mut reason = String::new();
    loop {
        let (n, l) = lines.next()?;
        if l == END {
            break;
        }
        let mut w = Words::new(n, l);
        let board = &mut view.board;
        match w.word("a keyword")? {
            "colony" => {
                let p = w.pos(board)?;
                w.expect("id")?;
                let id = w.num("the colony's id")?;
                w.expect("seat")?;
                let s = seat_of(&mut w, seats)?;
                w.done()?;
                let idx = board.index(p);
                let Cell::Colony(c) = &mut board.cells[idx] else {
                    return w.fail(format!("the board shows no colony at {p}"));
                };
                c.id = Some(id);
                c.placed_by = Some(s);
            }
            "leader" => {
                let owner = seat_of(&mut w, seats)?;
                let kind = w.kind()?;
                w.expect("at")?;
                let p = w.pos(board)?;
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
                if s != view.players.len() || s >= seats {
                    return w.fail(format!("expected the line of seat {}", view.players.len()));
                }
                view.players.push(read_player(&mut w)?);
            }
            "colonist" => {
                let id = w.num("the colonist's id")?;
                let kind = w.kind()?;
                w.done()?;
                view.hand.push(Colonist { id, kind });
            }
            "phase" => phase = Some(read_phase(&mut w, board, seats)?),
            "reason" => reason = w.rest(),
            "final" => final_rows.push(read_final(&mut w, seats)?),
            "queue" => {
                view.queue.push(conflict_of(&mut w, board, seats)?);
                w.done()?;
            }
            "event" => view.events.push(w.rest()),
            other => return w.fail(format!("unknown line `{other}`")),
        }
    }
    if view.players.len() != seats {
        return lines.fail(format!(
            "{} player lines for {seats} players",
            view.players.len()
        ));
    }
    let board = &view.board;
    if let Some((p, _)) = board.leaders().find(|(p, _)| !leaders_typed.contains(p)) {
        return lines.fail(format!("the leader at {p} has no `leader` line"));
    }
    for (owner, pv) in view.players.iter_mut().enumerate() {
        pv.leaders_in_hand = Kind::ALL
            .into_iter()
            .filter(|&kind| board.leader_pos(Leader { owner, kind }).is_none())
            .collect();
    }
    view.phase = match phase {
        Some(Phase::Over(t)) => Phase::Over(FinalTable {
            rows: final_rows,
            reason,
            ..t
        }),
        Some(p) => p,
        None => return lines.fail("no `phase` line".into()),
    };
    Ok(())
}

/// The rest of a `player` line.
fn read_player(w: &mut Words) -> Result<PlayerView, FileError> {
    w.expect("hand")?;
    let hand = w.num("the hand size")?;
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
    Ok(PlayerView {
        hand,
        leaders_in_hand: vec![],
        bombers,
        score,
    })
}

/// The rest of a `phase` line; an `over` phase gets its rows later.
fn read_phase(w: &mut Words, board: &Board, seats: usize) -> Result<Phase, FileError> {
    Ok(match w.word("normal, combat or over")? {
        "normal" => Phase::Normal,
        "combat" => {
            let conflict = conflict_of(w, board, seats)?;
            w.expect("fought")?;
            let external = match w.word("internal or external")? {
                "external" => true,
                "internal" => false,
                other => return w.fail(format!("expected internal or external, found `{other}`")),
            };
            w.expect("reinforce")?;
            let reinforcement = w.kind()?;
            let mut side = |who: &str| -> Result<(Pos, u32), FileError> {
                w.expect(who)?;
                w.expect("at")?;
                let at = w.pos(board)?;
                w.expect("strength")?;
                Ok((at, w.num("a strength")?))
            };
            let (attacker_at, attacker_strength) = side("attacker")?;
            let (defender_at, defender_strength) = side("defender")?;
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
                s => Some(
                    s.parse::<usize>()
                        .or_else(|_| w.fail(format!("expected a seat or `shared`, found `{s}`")))?,
                ),
            };
            Phase::Over(FinalTable {
                rows: vec![],
                winner,
                reason: String::new(),
            })
        }
        other => return w.fail(format!("expected normal, combat or over, found `{other}`")),
    })
}

/// The rest of a `final` line.
fn read_final(w: &mut Words, seats: usize) -> Result<FinalRow, FileError> {
    let seat = seat_of(w, seats)?;
    w.expect("place")?;
    let place = w.num("the place")?;
    w.expect("score")?;
    let final_score = w.num("the final score")?;
    w.expect("values")?;
    let mut values = [0; 4];
    for v in &mut values {
        *v = w.num("a value")?;
    }
    let score = w.score()?;
    w.done()?;
    Ok(FinalRow {
        seat,
        score,
        values,
        final_score,
        place,
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
