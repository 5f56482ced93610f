//! ttrts boards: the grid (north at the top), walls, and every unit as a
//! triangle pointing where it faces, in its player's colour with the
//! player's number on it.

use engine::record::Action;
use serde_json::Value;

use render::svg::{esc, num, seat_colour, Svg};
use render::{Highlight, RenderError};

const CELL: f64 = 10.0;
const HEAD: f64 = 16.0;
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

    /// Left edge of the board in the picture.
    fn left(&self) -> f64 {
        ((MIN_WIDTH - self.width as f64 * CELL) / 2.0).max(0.0)
    }

    fn screen(&self, x: i64, y: i64) -> (f64, f64) {
        (
            self.left() + (x as f64 + 0.5) * CELL,
            HEAD + (self.height - 1 - y) as f64 * CELL + CELL / 2.0,
        )
    }

    pub fn draw(&self, highlight: Option<&Highlight>) -> String {
        let w = self.width as f64 * CELL;
        let h = self.height as f64 * CELL;
        let label = format!("ttrts board {}, turn {}", self.name, self.turn);
        let left = self.left();
        let pw = w.max(MIN_WIDTH);
        let mut svg = Svg::new(
            "ttrts",
            (0.0, 0.0, pw, HEAD + h + render::foot(highlight)),
            &label,
        );
        svg.put(format_args!(
            "<rect class=\"ground\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f6f5ef\" stroke=\"#888\" stroke-width=\"0.4\"/>\n",
            num(left), num(HEAD), num(w), num(h)
        ));
        // Grid lines, one path.
        let mut d = String::new();
        for x in 1..self.width {
            d.push_str(&format!(
                "M{} {}v{}",
                num(left + x as f64 * CELL),
                num(HEAD),
                num(h)
            ));
        }
        for y in 1..self.height {
            d.push_str(&format!(
                "M{} {}h{}",
                num(left),
                num(HEAD + y as f64 * CELL),
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
        // Header: name, turn, units per player.
        svg.text(
            2.0,
            7.0,
            "font-size=\"6\" fill=\"#222\"",
            &format!("{} — turn {}", self.name, self.turn),
        );
        let mut x = 2.0;
        for &p in &self.players {
            let n = self
                .units
                .iter()
                .filter(|u| u.player == p && u.alive)
                .count();
            let name = NAMES.get(p).copied().unwrap_or("Player");
            svg.put(format_args!(
                "<rect x=\"{}\" y=\"9.5\" width=\"4\" height=\"4\" fill=\"{}\"/>\n",
                num(x),
                seat_colour(p)
            ));
            let text = format!("{p} {name}: {n}");
            svg.text(x + 5.0, 13.0, "font-size=\"4.2\" fill=\"#222\"", &text);
            x += 7.0 + text.chars().count() as f64 * 2.6;
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
            svg.put(format_args!(
                "<g class=\"unit\" data-kind=\"unit\" data-id=\"{}\" data-owner=\"{}\" transform=\"translate({} {})\"><title>{} unit {} at ({}, {}) facing {}</title><path d=\"M0 -4.4L3.9 3.6H-3.9Z\" transform=\"rotate({rot})\" fill=\"{}\" stroke=\"#111\" stroke-width=\"0.4\"/><text y=\"2\" font-size=\"3.6\" text-anchor=\"middle\" fill=\"#fff\">{}</text></g>\n",
                u.id, u.player, num(cx), num(cy), esc(who), u.id, u.x, u.y, u.dir, seat_colour(u.player), u.player
            ));
        }
        if let Some(hl) = highlight {
            render::draw_caption(&mut svg, pw, HEAD + h, &hl.caption);
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
