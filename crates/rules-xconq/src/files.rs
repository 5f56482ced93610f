//! Play by files (`docs/xconq-files.md`): a text view file per seat and
//! turn, and a text orders file the seat writes back.
//!
//! The view file holds exactly the seat's [`View`] (so a bot reading it sees
//! what an in-process bot sees, and nothing more); lines are
//! space-separated fields, free text (names) always last on its line. The
//! orders file is one action per line, complete once its last line is
//! `end`.

use engine::{FileProtocol, OrderIssue, Seat, SetupError, ViewFiles};

use crate::orders::{Arg, Order, Orders};
use crate::ruleset::{faults, Fault, Game, Xconq};
use crate::state::FailedOrder;
use crate::view::{
    AuxCell, OwnUnit, SeenEvent, SeenUnit, SideInfo, TypeInfo, View, DEFAULT_VISION_RANGE,
};

/// The view file's first line. Version 2 added the `HOLD` field of an own
/// unit's line, version 3 the `VISION` field of a type's line, version 4
/// its `DEVELOPS`, `TECH`, `TECH-MAX` and `DETONATES` fields, version 5 the
/// `failed` section (the seat's orders of the last turn that failed);
/// [`parse_view`] still reads versions 1 (every unit not held), 2 (every
/// type seeing 1 cell, the kernel's default), 3 (no type developing,
/// needing technology or detonating) and 4 (no failed orders told).
pub const VIEW_HEADER: &str = "xconq view 5";
/// The first line of a view file written before the `failed` section.
const VIEW_HEADER_4: &str = "xconq view 4";
/// The first line of a view file written before the `DEVELOPS` field.
const VIEW_HEADER_3: &str = "xconq view 3";
/// The first line of a view file written before the `VISION` field.
const VIEW_HEADER_2: &str = "xconq view 2";
/// The first line of a view file written before the `HOLD` field.
const VIEW_HEADER_1: &str = "xconq view 1";
/// The orders file's first line.
pub const ORDERS_HEADER: &str = "xconq orders 1";

fn list<T: ToString>(items: &[T]) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A view as its text file.
pub fn view_text(v: &View) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(VIEW_HEADER.into());
    line(format!("game {}", v.game));
    line(format!("turn {}", v.turn));
    line(format!("side {}", v.side));
    line(format!("map {} {} {}", v.width, v.height, v.circumference));
    line(format!("over {}", u8::from(v.over)));
    line(format!("terrain-types {}", v.terrain_types.join(" ")));
    line(format!("tech {}", list(&v.tech)));
    line("terrain".into());
    for row in &v.terrain {
        line(row.clone());
    }
    line("sides".into());
    for s in &v.sides {
        line(format!(
            "{} {} {} {}",
            s.id,
            u8::from(s.ingame),
            s.status,
            s.name
        ));
    }
    line("types".into());
    for t in v.types.iter() {
        let enters: String = t
            .enters
            .iter()
            .map(|&e| if e { '1' } else { '0' })
            .collect();
        line(format!(
            "{} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {}",
            t.name,
            t.symbol,
            t.acp,
            t.hp,
            t.cp,
            u8::from(t.mobile),
            enters,
            list(&t.builds),
            list(&t.hits),
            list(&t.captures),
            list(&t.carries),
            list(&t.storage),
            list(&t.makes),
            list(&t.uses_per_turn),
            list(&t.uses_per_move),
            list(&t.uses_per_attack),
            t.vision_range,
            list(&t.develops),
            t.tech_to_build,
            t.tech_max,
            u8::from(t.detonates)
        ));
    }
    line("aux".into());
    for a in &v.aux {
        line(format!("{} {} {} {}", a.terrain, a.x, a.y, a.mask));
    }
    line("units".into());
    for u in &v.units {
        line(format!(
            "{} {} {} {} {} {} {} {} {}",
            u.id,
            u.utype,
            u.side,
            u.x,
            u.y,
            u8::from(u.complete),
            u.date,
            u.transport,
            u.name.as_deref().unwrap_or("")
        ));
    }
    line("own".into());
    for u in &v.own {
        line(format!(
            "{} {} {} {} {} {} {} {} {} {} {} {} {} {} {}",
            u.id,
            u.utype,
            u.side,
            u.x,
            u.y,
            u.hp,
            u.cp,
            u8::from(u.complete),
            u.acp,
            u.moves,
            list(&u.supply),
            u.transport,
            list(&u.occupants),
            u8::from(u.hold),
            u.name.as_deref().unwrap_or("")
        ));
    }
    line("failed".into());
    for o in &v.failed {
        line(format!(
            "{} {} {} {} {} {}",
            o.turn,
            o.unit,
            o.action,
            o.result,
            o.actee,
            list(&o.args)
        ));
    }
    line("events".into());
    for e in v.events.iter() {
        line(format!(
            "{} {} {}",
            e.turn,
            e.kind,
            serde_json::to_string(&e.data).expect("event data serialise")
        ));
    }
    line("end".into());
    out
}

/// A parse error at a line of a file.
fn at(line: usize, message: impl Into<String>) -> SetupError {
    SetupError::at(format!("line {line}"), message)
}

struct Fields<'a> {
    line: usize,
    it: std::str::SplitN<'a, char>,
}

impl<'a> Fields<'a> {
    fn new(line: usize, text: &'a str, n: usize) -> Fields<'a> {
        Fields {
            line,
            it: text.splitn(n, ' '),
        }
    }

    fn word(&mut self, what: &str) -> Result<&'a str, SetupError> {
        self.it
            .next()
            .ok_or_else(|| at(self.line, format!("missing {what}")))
    }

    fn num<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, SetupError> {
        let w = self.word(what)?;
        w.parse()
            .map_err(|_| at(self.line, format!("{what}: expected a number, got {w:?}")))
    }

    fn nums<T: std::str::FromStr>(&mut self, what: &str) -> Result<Vec<T>, SetupError> {
        let w = self.word(what)?;
        if w == "-" {
            return Ok(Vec::new());
        }
        w.split(',')
            .map(|x| {
                x.parse()
                    .map_err(|_| at(self.line, format!("{what}: expected numbers, got {w:?}")))
            })
            .collect()
    }

    fn rest(&mut self) -> Option<String> {
        self.it.next().filter(|s| !s.is_empty()).map(str::to_string)
    }
}

/// Reads a view file back.
pub fn parse_view(text: &str) -> Result<View, SetupError> {
    let lines: Vec<&str> = text.lines().collect();
    let (with_hold, with_vision, with_tech) = match lines.first().copied() {
        Some(VIEW_HEADER | VIEW_HEADER_4) => (true, true, true),
        Some(VIEW_HEADER_3) => (true, true, false),
        Some(VIEW_HEADER_2) => (true, false, false),
        Some(VIEW_HEADER_1) => (false, false, false),
        Some(other) if other.starts_with("xconq view ") => {
            return Err(at(
                1,
                format!(
                    "{other:?}: a view file version this program does not know \
                     (it reads {VIEW_HEADER:?}, {VIEW_HEADER_4:?}, {VIEW_HEADER_3:?}, {VIEW_HEADER_2:?} and {VIEW_HEADER_1:?}); use a newer orderly"
                ),
            ))
        }
        _ => return Err(at(1, format!("expected {VIEW_HEADER:?}"))),
    };
    let mut v = View {
        game: String::new(),
        turn: 0,
        side: 0,
        width: 0,
        height: 0,
        circumference: 0,
        terrain_types: Vec::new(),
        terrain: Vec::new(),
        aux: Vec::new(),
        units: Vec::new(),
        own: Vec::new(),
        sides: Vec::new(),
        types: Default::default(),
        tech: Vec::new(),
        events: Default::default(),
        failed: Vec::new(),
        over: false,
    };
    let mut section = "";
    let mut ended = false;
    for (i, raw) in lines.iter().enumerate().skip(1) {
        let n = i + 1;
        let l = *raw;
        if l == "end" {
            ended = true;
            break;
        }
        if matches!(
            l,
            "terrain" | "sides" | "types" | "aux" | "units" | "own" | "failed" | "events"
        ) {
            section = l;
            continue;
        }
        match section {
            "" => {
                let (key, rest) = l.split_once(' ').unwrap_or((l, ""));
                let mut f = Fields::new(n, rest, 4);
                match key {
                    "game" => v.game = rest.to_string(),
                    "turn" => v.turn = f.num("turn")?,
                    "side" => v.side = f.num("side")?,
                    "map" => {
                        v.width = f.num("width")?;
                        v.height = f.num("height")?;
                        v.circumference = f.num("circumference")?;
                    }
                    "over" => v.over = f.num::<u8>("over")? != 0,
                    "terrain-types" => {
                        v.terrain_types = rest.split(' ').map(str::to_string).collect()
                    }
                    "tech" => v.tech = f.nums("tech")?,
                    other => return Err(at(n, format!("unknown line {other:?}"))),
                }
            }
            "terrain" => v.terrain.push(l.to_string()),
            "sides" => {
                let mut f = Fields::new(n, l, 4);
                v.sides.push(SideInfo {
                    id: f.num("side id")?,
                    ingame: f.num::<u8>("ingame")? != 0,
                    status: f.num("status")?,
                    name: f.rest().unwrap_or_default(),
                });
            }
            "types" => {
                // Free text never ends a type's line: any field past the
                // version's last is refused with the last one.
                let mut f = Fields::new(n, l, if with_tech { 21 } else { 17 });
                let mut t = TypeInfo {
                    name: f.word("type name")?.to_string(),
                    symbol: f.word("symbol")?.to_string(),
                    acp: f.num("acp")?,
                    hp: f.num("hp")?,
                    cp: f.num("cp")?,
                    mobile: f.num::<u8>("mobile")? != 0,
                    enters: f.word("enters")?.chars().map(|c| c == '1').collect(),
                    builds: f.nums("builds")?,
                    hits: f.nums("hits")?,
                    captures: f.nums("captures")?,
                    carries: f.nums("carries")?,
                    storage: f.nums("storage")?,
                    makes: f.nums("makes")?,
                    uses_per_turn: f.nums("uses per turn")?,
                    uses_per_move: f.nums("uses per move")?,
                    uses_per_attack: f.nums("uses per attack")?,
                    vision_range: if with_vision {
                        f.num("vision range")?
                    } else {
                        DEFAULT_VISION_RANGE
                    },
                    develops: Vec::new(),
                    tech_to_build: 0,
                    tech_max: 0,
                    detonates: false,
                };
                if with_tech {
                    t.develops = f.nums("develops")?;
                    t.tech_to_build = f.num("tech to build")?;
                    t.tech_max = f.num("tech max")?;
                    t.detonates = f.num::<u8>("detonates")? != 0;
                }
                std::sync::Arc::make_mut(&mut v.types).push(t);
            }
            "aux" => {
                let mut f = Fields::new(n, l, 4);
                v.aux.push(AuxCell {
                    terrain: f.word("terrain type")?.to_string(),
                    x: f.num("x")?,
                    y: f.num("y")?,
                    mask: f.num("mask")?,
                });
            }
            "units" => {
                let mut f = Fields::new(n, l, 9);
                v.units.push(SeenUnit {
                    id: f.num("id")?,
                    utype: f.word("type")?.to_string(),
                    side: f.num("side")?,
                    x: f.num("x")?,
                    y: f.num("y")?,
                    complete: f.num::<u8>("complete")? != 0,
                    date: f.num("date")?,
                    transport: f.num("transport")?,
                    name: f.rest(),
                });
            }
            "own" => {
                let mut f = Fields::new(n, l, if with_hold { 15 } else { 14 });
                v.own.push(OwnUnit {
                    id: f.num("id")?,
                    utype: f.word("type")?.to_string(),
                    side: f.num("side")?,
                    x: f.num("x")?,
                    y: f.num("y")?,
                    hp: f.num("hp")?,
                    cp: f.num("cp")?,
                    complete: f.num::<u8>("complete")? != 0,
                    acp: f.num("acp")?,
                    moves: f.num("moves")?,
                    supply: f.nums("supply")?,
                    transport: f.num("transport")?,
                    occupants: f.nums("occupants")?,
                    hold: with_hold && f.num::<u8>("hold")? != 0,
                    name: f.rest(),
                });
            }
            "failed" => {
                let mut f = Fields::new(n, l, 6);
                v.failed.push(FailedOrder {
                    turn: f.num("turn")?,
                    unit: f.num("unit")?,
                    action: f.word("action")?.to_string(),
                    result: f.word("result")?.to_string(),
                    actee: f.num("actee")?,
                    args: f.nums("args")?,
                });
            }
            "events" => {
                let mut f = Fields::new(n, l, 3);
                let turn = f.num("turn")?;
                let kind = f.word("event type")?.to_string().into();
                let data = serde_json::from_str(&f.rest().unwrap_or_else(|| "[]".into()))
                    .map_err(|e| at(n, format!("event data: {e}")))?;
                std::sync::Arc::make_mut(&mut v.events).push(SeenEvent { turn, kind, data });
            }
            _ => unreachable!("sections are listed above"),
        }
    }
    if !ended {
        return Err(at(lines.len(), "the view file has no final `end` line"));
    }
    if v.terrain.len() != v.height.max(0) as usize {
        return Err(SetupError::new(format!(
            "{} terrain rows for a map {} high",
            v.terrain.len(),
            v.height
        )));
    }
    Ok(v)
}

/// Orders as their text file.
pub fn orders_text(turn: i32, o: &Orders) -> String {
    let mut out = format!("{ORDERS_HEADER}\nturn {turn}\n");
    for order in &o.orders {
        out.push_str(&format!("{} {}", order.unit, order.action));
        for a in &order.args {
            match a {
                Arg::Num(n) => out.push_str(&format!(" {n}")),
                Arg::Name(s) => out.push_str(&format!(" {s}")),
            }
        }
        if let Some(actee) = order.actee {
            out.push_str(&format!(" actee {actee}"));
        }
        out.push('\n');
    }
    if o.resign {
        match o.resign_to {
            Some(s) => out.push_str(&format!("resign {s}\n")),
            None => out.push_str("resign\n"),
        }
    }
    out.push_str("end\n");
    out
}

/// Reads an orders file: `Ok(None)` while its last line is not `end`.
pub fn parse_orders(text: &[u8], turn: i32) -> Result<Option<Orders>, Vec<OrderIssue>> {
    let Some(read) = read_orders(text, turn)? else {
        return Ok(None);
    };
    if read.errors.is_empty() {
        Ok(Some(read.orders))
    } else {
        Err(read.errors)
    }
}

/// An orders file as read: the orders that could be read, the line of
/// each, and what could not be read.
struct ReadOrders {
    orders: Orders,
    /// The 1-based line of each of `orders.orders`.
    lines: Vec<usize>,
    /// The line of `resign`, if any.
    resign_line: Option<usize>,
    /// What is wrong with the file's text, by line.
    errors: Vec<OrderIssue>,
}

/// Reads an orders file, keeping each order's line: `Ok(None)` while its
/// last line is not `end`; `Err` only when the file is not text at all.
fn read_orders(text: &[u8], turn: i32) -> Result<Option<ReadOrders>, Vec<OrderIssue>> {
    let text = std::str::from_utf8(text).map_err(|e| {
        vec![OrderIssue::general(format!(
            "the file is not UTF-8 text: {e}"
        ))]
    })?;
    // An editor's byte order mark is not part of the header.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.last().map(|l| l.1) != Some("end") {
        return Ok(None);
    }
    let mut read = ReadOrders {
        orders: Orders::default(),
        lines: Vec::new(),
        resign_line: None,
        errors: Vec::new(),
    };
    let errors = &mut read.errors;
    let orders = &mut read.orders;
    let mut iter = lines.iter();
    match iter.next() {
        Some((_, l)) if *l == ORDERS_HEADER => {}
        Some((n, _)) => errors.push(OrderIssue::at_line(
            *n,
            Some(1),
            format!("the first line must be {ORDERS_HEADER:?}"),
        )),
        None => {}
    }
    let mut rest = iter.as_slice();
    while let Some((&(n, l), after)) = rest.split_first() {
        rest = after;
        if l == "end" {
            // The last line is `end` (checked above): anything between
            // an earlier `end` and it would be dropped without a word.
            if let Some(&(m, _)) = after.first().filter(|_| after.len() > 1) {
                errors.push(OrderIssue::at_line(
                    m,
                    Some(1),
                    format!(
                        "the orders end at the `end` on line {n}, but more follows it: \
                         remove that `end` or the lines after it"
                    ),
                ));
            }
            break;
        }
        let words: Vec<&str> = l.split_whitespace().collect();
        match words[0] {
            "turn" => match words.get(1).and_then(|w| w.parse::<i32>().ok()) {
                Some(t) if t == turn || turn == 0 => {}
                Some(t) => errors.push(OrderIssue::at_line(
                    n,
                    Some(6),
                    format!("these orders are for turn {t}, but the game is at turn {turn}"),
                )),
                None => errors.push(OrderIssue::at_line(n, Some(6), "expected `turn N`")),
            },
            "resign" => {
                orders.resign = true;
                read.resign_line = Some(n);
                if let Some(w) = words.get(1) {
                    match w.parse() {
                        Ok(s) => orders.resign_to = Some(s),
                        Err(_) => errors.push(OrderIssue::at_line(
                            n,
                            Some(8),
                            format!("resign names a side by number, got {w:?}"),
                        )),
                    }
                }
            }
            first => {
                let Ok(unit) = first.parse::<i32>() else {
                    errors.push(OrderIssue::at_line(
                        n,
                        Some(1),
                        format!("expected a unit id, `turn`, `resign` or `end`, got {first:?}"),
                    ));
                    continue;
                };
                let Some(action) = words.get(1) else {
                    errors.push(OrderIssue::at_line(
                        n,
                        None,
                        "a unit id must be followed by an action",
                    ));
                    continue;
                };
                let mut args = Vec::new();
                let mut actee = None;
                let mut k = 2;
                while k < words.len() {
                    let w = words[k];
                    if w == "actee" {
                        match words.get(k + 1).and_then(|x| x.parse().ok()) {
                            Some(a) => actee = Some(a),
                            None => errors.push(OrderIssue::at_line(
                                n,
                                None,
                                "`actee` must be followed by a unit id",
                            )),
                        }
                        k += 2;
                        continue;
                    }
                    args.push(match w.parse::<i64>() {
                        Ok(v) => Arg::Num(v),
                        Err(_) => Arg::Name(w.to_string()),
                    });
                    k += 1;
                }
                orders.orders.push(Order {
                    unit,
                    action: action.to_string(),
                    args,
                    actee,
                });
                read.lines.push(n);
            }
        }
    }
    Ok(Some(read))
}

/// The map with units as letters, for people watching a demo.
pub fn board_text(g: &Game) -> String {
    let s = &g.state;
    let a = s.area;
    let mut out = format!("turn {}\n", s.turn);
    for y in (0..a.height).rev() {
        let mut row = String::new();
        for x in 0..a.width {
            if !a.in_area(x, y) {
                row.push(' ');
                continue;
            }
            let c = a.index(x, y);
            let ch = match s.stacks[c].first() {
                Some(&id) => {
                    let u = s.unit(id);
                    let name = &g.rules.unit_names[u.utype];
                    let ch = name.chars().next().unwrap_or('?');
                    if u.side == 1 {
                        ch.to_ascii_uppercase()
                    } else if u.side == 0 {
                        '*'
                    } else {
                        ch.to_ascii_lowercase()
                    }
                }
                None => match s.terrain[c] {
                    0 | 1 => '~',
                    _ => '.',
                },
            };
            row.push(ch);
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

impl FileProtocol for Xconq {
    fn view_files(&self, g: &Game, seat: Option<Seat>) -> Vec<(String, String)> {
        let view = crate::view::view(
            &g.module,
            &g.rules,
            &g.state,
            seat.map(|s| s.0 + 1),
            g.over(),
        );
        // The turn does not advance when the game ends in it (§12.2): the
        // views of the end are named apart, so the ones the seats played
        // their last turn from stay as they were.
        let turn = if g.over() {
            "final".to_string()
        } else {
            format!("turn{}", g.state.turn)
        };
        let name = match seat {
            Some(s) => format!("side{}-{turn}-view.txt", s.0 + 1),
            None => format!("all-{turn}-view.txt"),
        };
        vec![(name, view_text(&view))]
    }

    fn orders_file_name(&self, g: &Game, seat: Seat) -> String {
        format!("side{}-turn{}-orders.txt", seat.0 + 1, g.state.turn)
    }

    fn parse_orders(
        &self,
        g: &Game,
        seat: Seat,
        text: &[u8],
    ) -> Result<Option<Orders>, Vec<OrderIssue>> {
        let Some(mut read) = read_orders(text, g.state.turn)? else {
            return Ok(None);
        };
        // The rules judge the orders here too, so that what they refuse
        // names its line (the engine's check then sees the same orders
        // and agrees), and a file with a slip of the pen in one line still
        // hears what is wrong with the others.
        let line = |at: Fault| match at {
            Fault::Order(i) => read.lines.get(i).copied(),
            Fault::ResignTo => read.resign_line,
            Fault::Seat | Fault::Count => None,
        };
        let faults = faults(g, seat, &read.orders, &|at, message| match line(at) {
            Some(n) => OrderIssue::at_line(n, None, message),
            None => OrderIssue::general(message),
        });
        read.errors.extend(faults);
        if read.errors.is_empty() {
            return Ok(Some(read.orders));
        }
        read.errors.sort_by_key(|e| e.line.unwrap_or(0));
        Err(read.errors)
    }

    fn orders_text(&self, orders: &Orders) -> String {
        // The turn line is left out: the engine writes orders for the turn
        // its view was for, and `parse_orders` accepts a file without one.
        let text = orders_text(0, orders);
        text.replacen("turn 0\n", "", 1)
    }

    fn board_text(&self, g: &Game) -> String {
        board_text(g)
    }

    fn orders_help(&self) -> &'static str {
        "the line `xconq orders 1`, then one order a line (`UNIT ACTION ARG…`, e.g. `14 move 13 9 0`), and the file ends with the line `end` (docs/xconq-files.md)"
    }
}

impl ViewFiles for Xconq {
    fn parse_view(&self, _name: &str, text: &str) -> Result<View, SetupError> {
        parse_view(text)
    }

    fn orders_file_for_view(&self, view: &View, seat: Seat) -> String {
        format!("side{}-turn{}-orders.txt", seat.0 + 1, view.turn)
    }
}
