//! ttrts boards: the grid (north at the top) with its coordinates along
//! the left and bottom edges, walls, and every unit as a triangle pointing
//! where it faces, in its player's colour, with its player's initial and
//! its unit number on it (the number the orders use). The header grows
//! with the board, so a big map's legend stays readable at the size the
//! picture is shown. Also the ruleset's words for the record: a caption
//! per action and the story of a turn.

use engine::record::{Action, GameRecord, Turn};
use serde_json::Value;

use render::svg::{esc, num, seat_colour, Svg};
use render::{Highlight, RenderError};

const CELL: f64 = 10.0;
const HEAD: f64 = 16.0;
/// Room for the coordinates: y left of the grid, x under it.
const EDGE: f64 = 7.0;
const NAMES: [&str; 4] = ["Red", "Green", "Yellow", "Blue"];
/// The narrowest picture: small maps are centred in it, so the header and
/// the caption stay readable.
const MIN_WIDTH: f64 = 130.0;

#[derive(Debug, Clone)]
struct Unit {
    id: u64,
    player: usize,
    dir: char,
    x: i64,
    y: i64,
    alive: bool,
}

/// A ttrts board, from a view (the whole state: ttrts hides nothing).
#[derive(Debug, Clone)]
pub struct Board {
    name: String,
    turn: u64,
    width: i64,
    height: i64,
    walls: Vec<(i64, i64)>,
    units: Vec<Unit>,
    players: Vec<usize>,
}

fn int(v: &Value, path: &str) -> Result<i64, RenderError> {
    v.as_i64()
        .ok_or_else(|| RenderError::input(format!("{path}: expected an integer")))
}

fn xy(v: &Value, path: &str) -> Result<(i64, i64), RenderError> {
    if let Some(a) = v.as_array() {
        if a.len() == 2 {
            return Ok((int(&a[0], path)?, int(&a[1], path)?));
        }
    }
    Ok((
        int(&v["x"], &format!("{path}.x"))?,
        int(&v["y"], &format!("{path}.y"))?,
    ))
}

fn dir_of(v: &Value, path: &str) -> Result<char, RenderError> {
    match v.as_str() {
        Some("N") => Ok('N'),
        Some("E") => Ok('E'),
        Some("S") => Ok('S'),
        Some("W") => Ok('W'),
        _ => Err(RenderError::input(format!("{path}: expected N, E, S or W"))),
    }
}

/// The largest board drawn (in tiles): bigger views are refused rather than
/// written as a huge picture.
pub const MAX_AREA: i64 = 1 << 20;

impl Board {
    pub fn from_view(view: &Value) -> Result<Board, RenderError> {
        let width = int(&view["width"], "view.width")?;
        let height = int(&view["height"], "view.height")?;
        if width <= 0 || height <= 0 || width.saturating_mul(height) > MAX_AREA {
            return Err(RenderError::input(format!(
                "view: a {width}×{height} board cannot be drawn (at most {MAX_AREA} tiles)"
            )));
        }
        let mut walls = Vec::new();
        for (i, w) in view["walls"].as_array().into_iter().flatten().enumerate() {
            walls.push(xy(w, &format!("view.walls[{i}]"))?);
        }
        let mut units = Vec::new();
        for (i, u) in view["units"].as_array().into_iter().flatten().enumerate() {
            let at = format!("view.units[{i}]");
            let (x, y) = xy(&u["pos"], &format!("{at}.pos"))?;
            units.push(Unit {
                id: int(&u["id"], &format!("{at}.id"))? as u64,
                player: int(&u["player"], &format!("{at}.player"))? as usize,
                dir: dir_of(&u["dir"], &format!("{at}.dir"))?,
                x,
                y,
                alive: true,
            });
        }
        let players = view["players"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_u64)
                    .map(|p| p as usize)
                    .collect()
            })
            .unwrap_or_default();
        Ok(Board {
            name: view["name"].as_str().unwrap_or("ttrts").to_string(),
            turn: view["turn"].as_u64().unwrap_or(0),
            width,
            height,
            walls,
            units,
            players,
        })
    }

    /// Applies an action's results: new `assignment`, `direction`, and
    /// `alive: false` for a unit that died (drawn as a cross).
    pub fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        for (j, r) in render::flat_results(action).into_iter().enumerate() {
            let at = format!("{path}.results[{j}]");
            let (Some(id), Some(changes)) = (r.unit, r.changes.as_ref()) else {
                continue;
            };
            let Some(u) = self.units.iter_mut().find(|u| u.id == id) else {
                return Err(RenderError::input(format!(
                    "{at}: unit {id} is not on the board at this point"
                )));
            };
            for (k, v) in changes {
                match k.as_str() {
                    "assignment" => (u.x, u.y) = xy(v, &format!("{at}.changes.assignment"))?,
                    "direction" => u.dir = dir_of(v, &format!("{at}.changes.direction"))?,
                    "alive" => u.alive = v.as_bool().unwrap_or(true),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// How much bigger than on a small map the header and the caption
    /// are drawn: a big map is shown shrunk, and its legend must not be.
    fn scale(&self) -> f64 {
        ((self.width as f64 * CELL + EDGE) / (2.0 * MIN_WIDTH)).max(1.0)
    }

    /// Height of the header.
    fn head(&self) -> f64 {
        HEAD * self.scale()
    }

    /// Left edge of the grid in the picture.
    fn left(&self) -> f64 {
        ((MIN_WIDTH - self.width as f64 * CELL - EDGE) / 2.0).max(0.0) + EDGE
    }

    fn screen(&self, x: i64, y: i64) -> (f64, f64) {
        (
            self.left() + (x as f64 + 0.5) * CELL,
            self.head() + (self.height - 1 - y) as f64 * CELL + CELL / 2.0,
        )
    }

    /// Every how many tiles a coordinate is written along an edge.
    fn every(tiles: i64) -> i64 {
        match tiles {
            ..=24 => 1,
            25..=60 => 5,
            _ => 10,
        }
    }

    pub fn draw(&self, highlight: Option<&Highlight>) -> String {
        let w = self.width as f64 * CELL;
        let h = self.height as f64 * CELL;
        let k = self.scale();
        let head = self.head();
        let label = format!("ttrts board {}, turn {}", self.name, self.turn);
        let left = self.left();
        let pw = (w + EDGE).max(MIN_WIDTH);
        let mut svg = Svg::new(
            "ttrts",
            (0.0, 0.0, pw, head + h + EDGE + render::foot(highlight) * k),
            &label,
        );
        // The smallest thing to tap: one tile.
        svg.tap_size(CELL);
        svg.put(format_args!(
            "<rect class=\"ground\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f6f5ef\" stroke=\"#888\" stroke-width=\"0.4\"/>\n",
            num(left), num(head), num(w), num(h)
        ));
        // Grid lines, one path.
        let mut d = String::new();
        for x in 1..self.width {
            d.push_str(&format!(
                "M{} {}v{}",
                num(left + x as f64 * CELL),
                num(head),
                num(h)
            ));
        }
        for y in 1..self.height {
            d.push_str(&format!(
                "M{} {}h{}",
                num(left),
                num(head + y as f64 * CELL),
                num(w)
            ));
        }
        svg.put(format_args!(
            "<path class=\"grid\" d=\"{d}\" stroke=\"#d5d3c8\" stroke-width=\"0.3\" fill=\"none\"/>\n"
        ));
        let mut walls = String::new();
        for &(x, y) in &self.walls {
            let (cx, cy) = self.screen(x, y);
            walls.push_str(&format!(
                "M{} {}h{}v{}h-{}z",
                num(cx - CELL / 2.0),
                num(cy - CELL / 2.0),
                num(CELL),
                num(CELL),
                num(CELL)
            ));
        }
        svg.put(format_args!(
            "<path class=\"walls\" data-kind=\"wall\" d=\"{walls}\" fill=\"#4a4a4a\"/>\n"
        ));
        // Coordinates: x under the grid, y left of it.
        let mut coords = String::new();
        let every_x = Self::every(self.width);
        for x in (0..self.width).filter(|x| x % every_x == 0) {
            let (cx, _) = self.screen(x, 0);
            coords.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{x}</text>",
                num(cx),
                num(head + h + 5.0)
            ));
        }
        let every_y = Self::every(self.height);
        for y in (0..self.height).filter(|y| y % every_y == 0) {
            let (_, cy) = self.screen(0, y);
            coords.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{y}</text>",
                num(left - 1.5),
                num(cy + 1.4)
            ));
        }
        svg.put(format_args!(
            "<g class=\"coords\" font-size=\"4\" fill=\"#555\" text-anchor=\"middle\" aria-hidden=\"true\">{coords}</g>\n"
        ));
        // Header: name, turn, units per player.
        svg.text(
            2.0 * k,
            7.0 * k,
            &format!("font-size=\"{}\" fill=\"#222\"", num(6.0 * k)),
            &format!("{} — turn {}", self.name, self.turn),
        );
        let mut x = 2.0 * k;
        for &p in &self.players {
            let n = self
                .units
                .iter()
                .filter(|u| u.player == p && u.alive)
                .count();
            let name = NAMES.get(p).copied().unwrap_or("Player");
            svg.put(format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                num(x),
                num(9.5 * k),
                num(4.0 * k),
                num(4.0 * k),
                seat_colour(p)
            ));
            let text = format!("{name} ({p}): {n} units");
            svg.text(
                x + 5.0 * k,
                13.0 * k,
                &format!("font-size=\"{}\" fill=\"#222\"", num(4.2 * k)),
                &text,
            );
            x += (7.0 + text.chars().count() as f64 * 2.4) * k;
        }
        if let Some(hl) = highlight {
            self.draw_highlight(&mut svg, hl);
        }
        for u in &self.units {
            let (cx, cy) = self.screen(u.x, u.y);
            let who = NAMES.get(u.player).copied().unwrap_or("Player");
            if !u.alive {
                svg.put(format_args!(
                    "<g class=\"casualty\" data-kind=\"casualty\" data-id=\"{}\" data-owner=\"{}\" transform=\"translate({} {})\"><title>{} unit {} destroyed</title><path d=\"M-3 -3L3 3M3 -3L-3 3\" stroke=\"{}\" stroke-width=\"1.2\"/></g>\n",
                    u.id, u.player, num(cx), num(cy), esc(who), u.id, seat_colour(u.player)
                ));
                continue;
            }
            let rot = match u.dir {
                'N' => 0,
                'E' => 90,
                'S' => 180,
                _ => 270,
            };
            // The player's initial and the unit's number (the one the
            // orders use), so colour is never the only cue.
            let mark = if u.id < 100 {
                format!("{}{}", &who[..1], u.id)
            } else {
                u.id.to_string()
            };
            let size = match mark.len() {
                ..=2 => 3.6,
                3 => 3.0,
                _ => 2.4,
            };
            svg.put(format_args!(
                "<g class=\"unit\" data-kind=\"unit\" data-id=\"{}\" data-owner=\"{}\" transform=\"translate({} {})\"><title>{} unit {} at ({}, {}) facing {}</title><path d=\"M0 -4.4L3.9 3.6H-3.9Z\" transform=\"rotate({rot})\" fill=\"{}\" stroke=\"#111\" stroke-width=\"0.4\"/><text y=\"2\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#fff\" stroke=\"#111\" stroke-width=\"0.25\" paint-order=\"stroke\">{mark}</text></g>\n",
                u.id, u.player, num(cx), num(cy), esc(who), u.id, u.x, u.y, u.dir, seat_colour(u.player), num(size)
            ));
        }
        if let Some(hl) = highlight {
            render::draw_caption_at(
                &mut svg,
                0.0,
                pw,
                head + h + EDGE * 0.6,
                1.5 * k,
                &hl.caption,
            );
        }
        svg.finish()
    }

    fn draw_highlight(&self, svg: &mut Svg, hl: &Highlight) {
        let Some(id) = hl.unit else { return };
        let Some(u) = self.units.iter().find(|u| u.id == id) else {
            return;
        };
        let (cx, cy) = self.screen(u.x, u.y);
        if let Some((fx, fy)) = hl.from {
            let (ox, oy) = self.screen(fx as i64, fy as i64);
            svg.put(format_args!(
                "<path class=\"trail\" d=\"M{} {}L{} {}\" stroke=\"#333\" stroke-width=\"0.8\" stroke-dasharray=\"1.5 1\"/>\n",
                num(ox), num(oy), num(cx), num(cy)
            ));
        }
        svg.put(format_args!(
            "<circle class=\"acting\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#f39c12\" stroke-width=\"1\"/>\n",
            num(cx), num(cy), num(CELL * 0.62)
        ));
    }

    /// Where unit `id` stands now (for trails).
    pub fn position(&self, id: u64) -> Option<(f64, f64)> {
        self.units
            .iter()
            .find(|u| u.id == id)
            .map(|u| (u.x as f64, u.y as f64))
    }

    /// The ids in the picture, for tests.
    pub fn unit_ids(&self) -> Vec<u64> {
        self.units
            .iter()
            .filter(|u| u.alive)
            .map(|u| u.id)
            .collect()
    }
}

/// How ttrts boards are drawn: the ruleset's entry in the registry carries it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing;

impl render::Drawing for Drawing {
    fn board(&self, view: &Value) -> Result<Box<dyn render::Board>, RenderError> {
        Ok(Box::new(Board::from_view(view)?))
    }

    fn caption(&self, record: &GameRecord, action: &Action) -> Option<String> {
        caption(record, action)
    }
}

/// A seat's name in the record ("Red"), or ttrts's name for the player.
fn player(record: &GameRecord, team: Option<u64>) -> String {
    let t = team.unwrap_or(0);
    record
        .teams
        .get(t as usize)
        .and_then(|t| t.as_ref())
        .and_then(|t| t.name.clone())
        .unwrap_or_else(|| NAMES.get(t as usize).unwrap_or(&"Player").to_string())
}

fn tile(v: Option<&Value>) -> Option<String> {
    let a = v?.as_array()?;
    Some(format!(
        "({}, {})",
        a.first()?.as_i64()?,
        a.get(1)?.as_i64()?
    ))
}

fn facing(d: Option<&Value>) -> &'static str {
    match d.and_then(Value::as_str) {
        Some("N") => "north",
        Some("E") => "east",
        Some("S") => "south",
        Some("W") => "west",
        _ => "ahead",
    }
}

/// The units an attack destroyed.
fn victims(action: &Action) -> Vec<u64> {
    render::flat_results(action)
        .into_iter()
        .filter(|r| {
            r.changes
                .as_ref()
                .and_then(|c| c.get("alive"))
                .and_then(Value::as_bool)
                == Some(false)
        })
        .filter_map(|r| r.unit)
        .collect()
}

/// Where a unit's action took it, if anywhere.
fn moved_to(action: &Action) -> Option<String> {
    render::flat_results(action)
        .into_iter()
        .filter(|r| r.unit == action.unit)
        .find_map(|r| tile(r.changes.as_ref()?.get("assignment")))
}

/// One action in words: "Red unit 3 moves forward to (4, 5), leaving a
/// wall at (4, 4)", "Green unit 7 attacks to the north and destroys unit 2".
pub fn caption(record: &GameRecord, action: &Action) -> Option<String> {
    let who = format!("{} unit {}", player(record, action.team_id), action.unit?);
    let x = &action.extra;
    Some(match action.action_type.as_str() {
        "move" => match x.get("blocked").and_then(Value::as_str) {
            Some(why) => format!(
                "{who} cannot move forward: {}",
                match why {
                    "edge" => "the edge of the board is ahead",
                    "wall" => "a wall is ahead",
                    "claimed" => "another unit steps onto that tile too",
                    other => other,
                }
            ),
            None => match (moved_to(action), tile(x.get("wall"))) {
                (Some(to), Some(wall)) => {
                    format!("{who} moves forward to {to}, leaving a wall at {wall}")
                }
                (Some(to), None) => format!("{who} moves forward to {to}"),
                _ => format!("{who} moves forward"),
            },
        },
        "turn" => format!(
            "{who} turns {}, now facing {}",
            if x.get("command").and_then(Value::as_str) == Some("L") {
                "left"
            } else {
                "right"
            },
            facing(x.get("direction"))
        ),
        "hold" => format!("{who} holds its place"),
        "attack" => {
            let mut text = format!("{who} attacks to the {}", facing(x.get("direction")));
            if let Some(to) = moved_to(action) {
                text.push_str(&format!(", charging to {to}"));
            }
            let dead = victims(action);
            if dead.is_empty() {
                text.push_str(" and hits nothing");
            } else {
                let names: Vec<String> = dead.iter().map(|d| format!("unit {d}")).collect();
                text.push_str(&format!(" and destroys {}", names.join(" and ")));
            }
            text
        }
        _ => return None,
    })
}

/// A turn in words: every unit destroyed and by whom first, then what each
/// player's units did, counted.
pub fn describe(record: &GameRecord, turn: &Turn) -> Vec<String> {
    let owner = |unit: u64| {
        turn.units
            .iter()
            .position(|list| list.iter().any(|u| u.id == unit))
            .map(|t| player(record, Some(t as u64)))
    };
    let mut lines = Vec::new();
    for a in turn.actions.iter().filter(|a| a.action_type == "attack") {
        for v in victims(a) {
            let victim = match owner(v) {
                Some(p) => format!("{p} unit {v}"),
                None => format!("unit {v}"),
            };
            lines.push(format!(
                "{} unit {} destroyed {victim}",
                player(record, a.team_id),
                a.unit.unwrap_or_default()
            ));
        }
    }
    let mut teams: Vec<u64> = turn.actions.iter().filter_map(|a| a.team_id).collect();
    teams.sort_unstable();
    teams.dedup();
    for t in teams {
        let mine = || turn.actions.iter().filter(move |a| a.team_id == Some(t));
        let count = |kind: &str, blocked: bool| {
            mine()
                .filter(|a| a.action_type == kind && a.extra.contains_key("blocked") == blocked)
                .count()
        };
        let mut parts = Vec::new();
        for (n, words) in [
            (count("move", false), "moved forward"),
            (count("move", true), "blocked"),
            (count("turn", false), "turned"),
            (count("attack", false), "attacked"),
            (count("hold", false), "held"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {words}"));
            }
        }
        if !parts.is_empty() {
            lines.push(format!("{}: {}", player(record, Some(t)), parts.join(", ")));
        }
    }
    if lines.is_empty() {
        lines.push("No unit had orders.".into());
    }
    lines
}

impl render::Board for Board {
    fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        Board::apply(self, action, path)
    }

    fn position(&self, id: u64) -> Option<(f64, f64)> {
        Board::position(self, id)
    }

    fn svg(&self, highlight: Option<&Highlight>) -> String {
        self.draw(highlight)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
