//! Xconq boards as SVG, drawn from a seat's view (so a picture shows
//! exactly what that seat may see): the hex map with the terrain as the
//! side last saw it (unseen cells grey), rivers along cell edges and roads
//! between cell centres, the units (the seat's own at their true place,
//! other sides' as their last images, faded when older than this turn,
//! occupants as small markers inside their transport's cell), and a legend
//! of terrain, unit types and sides.
//!
//! What the web client may pick carries `data-kind`, `data-id` and, for a
//! unit of a seat, `data-owner` (the seat: side − 1): every unit drawn
//! (`data-kind="unit"`, `data-id` its id) and every cell in the area
//! (`data-kind="cell"`, `data-id` `"x,y"`). Cells are laid out as the
//! kernel's hexes: x grows east, y grows north, and a row is half a cell
//! further east than the row below it (spec §3.2).

use std::collections::HashMap;

use engine::record::{Action, GameRecord};
use render::svg::{esc, num, seat_colour, Svg};
use render::{Highlight, RenderError};
use serde_json::Value;

use crate::view::View;

/// A hex's circumradius, in picture units.
const R: f64 = 6.0;
/// Space above the map for the title line.
const HEAD: f64 = 10.0;
/// The colour of independents' markers.
const INDEPENDENT: &str = "#6b6b6b";

/// A terrain type's fill, from its name (the usual GDL names and Orderly's
/// own), else a neutral shade.
fn terrain_fill(name: &str) -> &'static str {
    match name {
        "sea" | "ocean" | "deep-sea" => "#4f7fb8",
        "shallows" | "lagoon" | "lake" | "shallow-sea" => "#8fb8dd",
        "swamp" | "marsh" => "#8a9a5b",
        "desert" | "sand" => "#e3cf8f",
        "plains" | "grass" | "grassland" | "clear" | "open" => "#b9d98a",
        "forest" | "woods" | "jungle" => "#4e8a4a",
        "mountains" | "hills" | "hill" | "mountain" => "#a88b68",
        "ice" | "glacier" | "snow" => "#f2f5f7",
        _ => "#c9c0ad",
    }
}

const UNSEEN: &str = "#cfcfcf";

/// One unit as the picture draws it.
#[derive(Clone, Debug)]
struct Piece {
    id: i32,
    utype: usize,
    side: usize,
    x: i32,
    y: i32,
    /// The unit it is inside, 0 for none.
    transport: i32,
    complete: bool,
    /// The turn it was last seen, for other sides' images.
    date: Option<i32>,
    name: Option<String>,
    /// hp and acp, for the seat's own units.
    hp: Option<i32>,
    acp: Option<i32>,
}

/// A board read from an xconq view.
#[derive(Clone, Debug)]
pub struct Board {
    view: View,
    pieces: Vec<Piece>,
}

impl Board {
    pub fn from_view(view: &Value) -> Result<Board, RenderError> {
        let view: View = serde_json::from_value(view.clone())
            .map_err(|e| RenderError::input(format!("view: not an xconq view: {e}")))?;
        if view.width <= 0
            || view.height <= 0
            || view.terrain.len() != view.height as usize
            || view.terrain.iter().any(|r| r.len() != view.width as usize)
        {
            return Err(RenderError::input(format!(
                "view.terrain: a {}×{} map needs {} rows of {} cells",
                view.width, view.height, view.height, view.width
            )));
        }
        let type_of = |name: &str| view.types.iter().position(|t| t.name == name);
        let mut pieces = Vec::new();
        for (i, u) in view.own.iter().enumerate() {
            let utype = type_of(&u.utype).ok_or_else(|| {
                RenderError::input(format!("view.own[{i}].type: no unit type {:?}", u.utype))
            })?;
            pieces.push(Piece {
                id: u.id,
                utype,
                side: u.side,
                x: u.x,
                y: u.y,
                transport: u.transport,
                complete: u.complete,
                date: None,
                name: u.name.clone(),
                hp: Some(u.hp),
                acp: Some(u.acp),
            });
        }
        for (i, u) in view.units.iter().enumerate() {
            let utype = type_of(&u.utype).ok_or_else(|| {
                RenderError::input(format!("view.units[{i}].type: no unit type {:?}", u.utype))
            })?;
            pieces.push(Piece {
                id: u.id,
                utype,
                side: u.side,
                x: u.x,
                y: u.y,
                transport: u.transport,
                complete: u.complete,
                date: Some(u.date),
                name: u.name.clone(),
                hp: None,
                acp: None,
            });
        }
        Ok(Board { view, pieces })
    }

    fn in_area(&self, x: i32, y: i32) -> bool {
        self.area().in_area(x, y)
    }

    fn area(&self) -> crate::geometry::Area {
        crate::geometry::Area {
            width: self.view.width,
            height: self.view.height,
            circumference: self.view.circumference,
        }
    }

    /// The leftmost column position (x + y/2) of a cell in the area.
    fn min_col(&self) -> f64 {
        let mut min = f64::MAX;
        for y in 0..self.view.height {
            for x in 0..self.view.width {
                if self.in_area(x, y) {
                    min = min.min(f64::from(x) + f64::from(y) / 2.0);
                    break;
                }
            }
        }
        if min == f64::MAX {
            0.0
        } else {
            min
        }
    }

    fn max_col(&self) -> f64 {
        let mut max = 0.0f64;
        for y in 0..self.view.height {
            for x in (0..self.view.width).rev() {
                if self.in_area(x, y) {
                    max = max.max(f64::from(x) + f64::from(y) / 2.0);
                    break;
                }
            }
        }
        max
    }

    /// The centre of cell (x, y) in the picture.
    fn centre(&self, x: i32, y: i32) -> (f64, f64) {
        let w = 3f64.sqrt() * R;
        let col = f64::from(x) + f64::from(y) / 2.0 - self.min_col();
        (
            2.0 + w / 2.0 + col * w,
            HEAD + R + f64::from(self.view.height - 1 - y) * 1.5 * R,
        )
    }

    fn map_size(&self) -> (f64, f64) {
        let w = 3f64.sqrt() * R;
        (
            4.0 + w * (self.max_col() - self.min_col() + 1.0),
            f64::from(self.view.height - 1) * 1.5 * R + 2.0 * R,
        )
    }

    /// The terrain letter the view shows at (x, y).
    fn terrain_at(&self, x: i32, y: i32) -> Option<u8> {
        let row = self.view.terrain.get((self.view.height - 1 - y) as usize)?;
        row.as_bytes().get(x as usize).copied()
    }

    fn side_name(&self, side: usize) -> String {
        self.view
            .sides
            .iter()
            .find(|s| s.id == side)
            .map_or_else(|| format!("side {side}"), |s| s.name.clone())
    }

    fn colour(side: usize) -> &'static str {
        if side == 0 {
            INDEPENDENT
        } else {
            seat_colour(side - 1)
        }
    }

    fn symbol(&self, utype: usize) -> String {
        let t = &self.view.types[utype];
        if t.symbol != "-" && !t.symbol.is_empty() {
            t.symbol.clone()
        } else {
            t.name.chars().next().map(String::from).unwrap_or_default()
        }
    }

    /// What a unit is, in the game's words, for its title and the pick
    /// list: "Ashlander militia 14 at (6, 8), hp 2, acp 1".
    fn describe(&self, p: &Piece) -> String {
        let t = &self.view.types[p.utype];
        let mut s = format!("{} {} {}", self.side_name(p.side), t.name, p.id);
        if let Some(n) = &p.name {
            s.push_str(&format!(" \"{n}\""));
        }
        s.push_str(&format!(" at ({}, {})", p.x, p.y));
        if p.transport != 0 {
            s.push_str(&format!(" in {}", p.transport));
        }
        if !p.complete {
            s.push_str(", being built");
        }
        if let Some(hp) = p.hp {
            s.push_str(&format!(", hp {hp}/{}", t.hp));
        }
        if let Some(acp) = p.acp {
            s.push_str(&format!(", acp {acp}"));
        }
        if let Some(d) = p.date {
            if d < self.view.turn {
                s.push_str(&format!(", last seen on turn {d}"));
            }
        }
        s
    }

    fn hex_path(cx: f64, cy: f64) -> String {
        let w = 3f64.sqrt() * R / 2.0;
        format!(
            "M{} {}l{} {}v{}l{} {}l{} {}v{}z",
            num(cx),
            num(cy - R),
            num(w),
            num(R / 2.0),
            num(R),
            num(-w),
            num(R / 2.0),
            num(-w),
            num(-R / 2.0),
            num(-R)
        )
    }

    /// The corner of a hex at `angle` degrees (screen: y down).
    fn corner(cx: f64, cy: f64, angle: f64, r: f64) -> (f64, f64) {
        let a = angle.to_radians();
        (cx + r * a.cos(), cy + r * a.sin())
    }

    fn draw_map(&self, svg: &mut Svg) {
        let mut cells = String::new();
        for y in (0..self.view.height).rev() {
            for x in 0..self.view.width {
                if !self.in_area(x, y) {
                    continue;
                }
                let (cx, cy) = self.centre(x, y);
                let (fill, class) = match self.terrain_at(x, y) {
                    Some(c) if c.is_ascii_lowercase() => {
                        let t = usize::from(c - b'a');
                        let name = self.view.terrain_types.get(t).map_or("", String::as_str);
                        (terrain_fill(name), "cell")
                    }
                    _ => (UNSEEN, "cell unseen"),
                };
                cells.push_str(&format!(
                    "<path class=\"{class}\" data-kind=\"cell\" data-id=\"{x},{y}\" d=\"{}\" fill=\"{fill}\"/>\n",
                    Self::hex_path(cx, cy)
                ));
            }
        }
        svg.put(format_args!(
            "<g class=\"map\" stroke=\"#7d7d7d\" stroke-width=\"0.25\">\n{cells}</g>\n"
        ));
        // Rivers along edges, roads from centre to edge.
        let kinds: HashMap<&str, bool> = self
            .view
            .aux
            .iter()
            .map(|a| {
                (
                    a.terrain.as_str(),
                    a.terrain.contains("road") || a.terrain.contains("trail"),
                )
            })
            .collect();
        let mut rivers = String::new();
        let mut roads = String::new();
        for a in &self.view.aux {
            let (cx, cy) = self.centre(a.x, a.y);
            let road = kinds.get(a.terrain.as_str()).copied().unwrap_or(false);
            for d in 0..6 {
                if a.mask & (1 << d) == 0 {
                    continue;
                }
                // Direction d's neighbour lies at this screen angle.
                let angle = [-60.0, 0.0, 60.0, 120.0, 180.0, 240.0][d];
                if road {
                    let (ex, ey) = Self::corner(cx, cy, angle, R * 0.866);
                    roads.push_str(&format!("M{} {}L{} {}", num(cx), num(cy), num(ex), num(ey)));
                } else {
                    let (ax, ay) = Self::corner(cx, cy, angle - 30.0, R);
                    let (bx, by) = Self::corner(cx, cy, angle + 30.0, R);
                    rivers.push_str(&format!("M{} {}L{} {}", num(ax), num(ay), num(bx), num(by)));
                }
            }
        }
        if !rivers.is_empty() {
            svg.put(format_args!(
                "<path class=\"rivers\" d=\"{rivers}\" stroke=\"#2a63b0\" stroke-width=\"1\" fill=\"none\" stroke-linecap=\"round\"/>\n"
            ));
        }
        if !roads.is_empty() {
            svg.put(format_args!(
                "<path class=\"roads\" d=\"{roads}\" stroke=\"#7a4e22\" stroke-width=\"0.7\" fill=\"none\" stroke-dasharray=\"1.2 0.6\"/>\n"
            ));
        }
    }

    /// Every unit drawn at its cell: places fill the hex, other top-level
    /// units and all occupants share the cell in a small grid.
    fn draw_units(&self, svg: &mut Svg) {
        let mut by_cell: Vec<((i32, i32), Vec<&Piece>)> = Vec::new();
        let mut index: HashMap<(i32, i32), usize> = HashMap::new();
        for p in &self.pieces {
            if !self.in_area(p.x, p.y) {
                continue;
            }
            let at = *index.entry((p.x, p.y)).or_insert_with(|| {
                by_cell.push(((p.x, p.y), Vec::new()));
                by_cell.len() - 1
            });
            by_cell[at].1.push(p);
        }
        for ((x, y), mut here) in by_cell {
            // Top-level units first, places before movers, then by id.
            here.sort_by_key(|p| {
                (
                    p.transport != 0,
                    self.view.types[p.utype].mobile,
                    p.side,
                    p.id,
                )
            });
            let (cx, cy) = self.centre(x, y);
            let place = here
                .first()
                .filter(|p| p.transport == 0 && !self.view.types[p.utype].mobile)
                .copied();
            let rest: Vec<&Piece> = match place {
                Some(pl) => {
                    self.draw_place(svg, pl, cx, cy);
                    here[1..].to_vec()
                }
                None => here,
            };
            let n = rest.len();
            if n == 0 {
                continue;
            }
            let (cols, r) = match (n, place.is_some()) {
                (1, false) => (1, 3.1),
                (1, true) => (1, 1.9),
                (2..=4, _) => (2, 1.55),
                (5..=9, _) => (3, 1.1),
                _ => (4, 0.85),
            };
            let step = 2.0 * r + 0.2;
            let rows = n.div_ceil(cols).min(cols);
            for (i, p) in rest.iter().enumerate() {
                let slot = i.min(cols * rows - 1);
                let (col, row) = ((slot % cols) as f64, (slot / cols) as f64);
                let ox = (col - (cols as f64 - 1.0) / 2.0) * step;
                let oy = (row - (rows as f64 - 1.0) / 2.0) * step
                    + if place.is_some() { 1.2 } else { 0.0 };
                self.draw_mover(svg, p, cx + ox, cy + oy, r);
            }
        }
    }

    fn unit_attrs(&self, p: &Piece) -> String {
        let owner = if p.side == 0 {
            String::new()
        } else {
            format!(" data-owner=\"{}\"", p.side - 1)
        };
        let stale = p.date.is_some_and(|d| d < self.view.turn);
        format!(
            "class=\"unit{}{}\" data-kind=\"unit\" data-id=\"{}\"{owner}{}",
            if stale { " stale" } else { "" },
            if p.complete { "" } else { " incomplete" },
            p.id,
            if stale { " opacity=\"0.55\"" } else { "" }
        )
    }

    fn draw_place(&self, svg: &mut Svg, p: &Piece, cx: f64, cy: f64) {
        let colour = Self::colour(p.side);
        let s = R * 0.78;
        svg.put(format_args!(
            "<g {}><title>{}</title><path d=\"M{} {}l{} {}l{} {}v{}h{}z\" fill=\"#fbf8ef\" stroke=\"{colour}\" stroke-width=\"1\"/><text x=\"{}\" y=\"{}\" font-size=\"2.6\" text-anchor=\"middle\" fill=\"{colour}\" font-weight=\"bold\">{}</text></g>\n",
            self.unit_attrs(p),
            esc(&self.describe(p)),
            num(cx - s),
            num(cy - s * 0.25),
            num(s),
            num(-s * 0.6),
            num(s),
            num(s * 0.6),
            num(s * 1.05),
            num(-2.0 * s),
            num(cx),
            num(cy - s * 0.05),
            esc(&self.symbol(p.utype)),
        ));
    }

    fn draw_mover(&self, svg: &mut Svg, p: &Piece, x: f64, y: f64, r: f64) {
        let colour = Self::colour(p.side);
        let label = if r >= 3.0 && p.side != 0 {
            format!("{}{}", self.symbol(p.utype), p.side - 1)
        } else {
            self.symbol(p.utype)
        };
        let dash = if p.complete {
            ""
        } else {
            " stroke-dasharray=\"0.6 0.4\""
        };
        svg.put(format_args!(
            "<g {}><title>{}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\" stroke=\"#111\" stroke-width=\"0.3\"{dash}/><text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#fff\">{}</text></g>\n",
            self.unit_attrs(p),
            esc(&self.describe(p)),
            num(x),
            num(y),
            num(r),
            num(x),
            num(y + r * 0.38),
            num(r * if label.chars().count() > 1 { 0.85 } else { 1.1 }),
            esc(&label),
        ));
    }

    /// The legend under the map; returns its height.
    fn draw_legend(&self, svg: &mut Svg, top: f64, width: f64) -> f64 {
        let mut x = 2.0;
        let mut y = top + 5.0;
        let line = 5.0;
        let item = |svg: &mut Svg, swatch: &str, text: &str, x: &mut f64, y: &mut f64| {
            let w = 6.0 + text.chars().count() as f64 * 2.0;
            if *x + w > width && *x > 2.0 {
                *x = 2.0;
                *y += line;
            }
            svg.raw(
                swatch
                    .replace("{X}", &num(*x))
                    .replace("{Y}", &num(*y - 2.6))
                    .as_str(),
            );
            svg.text(*x + 4.0, *y, "font-size=\"3\" fill=\"#222\"", text);
            *x += w;
        };
        for (t, name) in self.view.terrain_types.iter().enumerate() {
            let aux = self.view.aux.iter().any(|a| &a.terrain == name);
            let cell = self
                .view
                .terrain
                .iter()
                .any(|r| r.as_bytes().contains(&(b'a' + t as u8)));
            if !cell && !aux {
                continue;
            }
            let swatch = if aux {
                "<path d=\"M{X} {Y}h3\" stroke=\"#2a63b0\" stroke-width=\"1\"/>".to_string()
            } else {
                format!(
                    "<rect x=\"{{X}}\" y=\"{{Y}}\" width=\"3\" height=\"3\" fill=\"{}\" stroke=\"#777\" stroke-width=\"0.2\"/>",
                    terrain_fill(name)
                )
            };
            item(svg, &swatch, name, &mut x, &mut y);
        }
        item(
            svg,
            &format!("<rect x=\"{{X}}\" y=\"{{Y}}\" width=\"3\" height=\"3\" fill=\"{UNSEEN}\" stroke=\"#777\" stroke-width=\"0.2\"/>"),
            "not seen",
            &mut x,
            &mut y,
        );
        x = 2.0;
        y += line;
        for t in 0..self.view.types.len() {
            let text = format!("{} {}", self.symbol(t), self.view.types[t].name);
            item(svg, "", &text, &mut x, &mut y);
        }
        x = 2.0;
        y += line;
        for s in &self.view.sides {
            let status = match (s.ingame, s.status) {
                (_, 1) => " (won)",
                (_, -1) => " (lost)",
                _ => "",
            };
            let seat = if s.id == 0 {
                String::new()
            } else {
                format!("{} ", s.id - 1)
            };
            let swatch = format!(
                "<circle cx=\"{{X}}\" cy=\"{{Y}}\" r=\"1.4\" transform=\"translate(1.5 1.5)\" fill=\"{}\"/>",
                Self::colour(s.id)
            );
            item(
                svg,
                &swatch,
                &format!("{seat}{}{status}", s.name),
                &mut x,
                &mut y,
            );
        }
        y - top + 3.0
    }

    fn title(&self) -> String {
        let whose = if self.view.side == 0 {
            if self.view.over {
                "the whole map".to_string()
            } else {
                "a spectator's view: the map opens when the game is over".to_string()
            }
        } else {
            format!("{}'s view", self.side_name(self.view.side))
        };
        let over = if self.view.over { ", game over" } else { "" };
        format!("{}, turn {}{over}: {whose}", self.view.game, self.view.turn)
    }

    pub fn draw(&self, highlight: Option<&Highlight>) -> String {
        let (mw, mh) = self.map_size();
        let width = mw.max(120.0);
        // Measure the legend by drawing it into a scratch document.
        let mut scratch = Svg::new("xconq", (0.0, 0.0, 1.0, 1.0), "");
        let legend = self.draw_legend(&mut scratch, 0.0, width);
        let height = HEAD + mh + legend;
        let title = self.title();
        let mut svg = Svg::new(
            "xconq",
            (0.0, 0.0, width, height + render::foot(highlight)),
            &format!("Xconq board: {title}"),
        );
        svg.text(2.0, 6.5, "font-size=\"4.5\" fill=\"#222\"", &title);
        self.draw_map(&mut svg);
        self.draw_units(&mut svg);
        if let Some(hl) = highlight {
            self.draw_highlight(&mut svg, hl);
        }
        self.draw_legend(&mut svg, HEAD + mh, width);
        if let Some(hl) = highlight {
            render::draw_caption(&mut svg, width, height, &hl.caption);
        }
        svg.finish()
    }

    fn draw_highlight(&self, svg: &mut Svg, hl: &Highlight) {
        let Some(id) = hl.unit else { return };
        let Some(p) = self.pieces.iter().find(|p| i64::from(p.id) == id as i64) else {
            return;
        };
        let (cx, cy) = self.centre(p.x, p.y);
        if let Some((fx, fy)) = hl.from {
            let (ox, oy) = self.centre(fx as i32, fy as i32);
            if (ox, oy) != (cx, cy) {
                svg.put(format_args!(
                    "<path class=\"trail\" d=\"M{} {}L{} {}\" stroke=\"#333\" stroke-width=\"0.8\" stroke-dasharray=\"1.5 1\"/>\n",
                    num(ox), num(oy), num(cx), num(cy)
                ));
            }
        }
        svg.put(format_args!(
            "<circle class=\"acting\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#f39c12\" stroke-width=\"1\"/>\n",
            num(cx),
            num(cy),
            num(R * 0.9)
        ));
    }

    /// The ids of the units drawn, for tests.
    pub fn unit_ids(&self) -> Vec<i32> {
        self.pieces.iter().map(|p| p.id).collect()
    }

    /// Applies one recorded action to the seat's own units: a move or an
    /// entry that was done changes where the unit is. Other sides' units
    /// are left as the view showed them (their actions are not the seat's
    /// to see).
    fn apply_action(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        let done = action.extra.get("result").and_then(Value::as_str) == Some("action-done");
        let Some(unit) = action.unit else {
            return Ok(());
        };
        let seat_side = self.view.side;
        let mover = action
            .extra
            .get("actee")
            .and_then(Value::as_i64)
            .unwrap_or(unit as i64) as i32;
        let args: Vec<i64> = action
            .extra
            .get("args")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default();
        if !done {
            return Ok(());
        }
        let Some(i) = self.pieces.iter().position(|p| {
            p.id == mover && p.date.is_none() && (seat_side == 0 || p.side == seat_side)
        }) else {
            return Ok(());
        };
        match action.action_type.as_str() {
            "move" => {
                let (Some(&x), Some(&y)) = (args.first(), args.get(1)) else {
                    return Err(RenderError::input(format!(
                        "{path}.args: a move names x and y"
                    )));
                };
                let (x, y) = (x as i32, y as i32);
                let old = self.pieces[i].id;
                self.pieces[i].transport = 0;
                self.set_cell(old, x, y);
            }
            "enter" => {
                let Some(&t) = args.first() else {
                    return Err(RenderError::input(format!(
                        "{path}.args: enter names a transport"
                    )));
                };
                if let Some(tp) = self.pieces.iter().find(|p| i64::from(p.id) == t) {
                    let (x, y) = (tp.x, tp.y);
                    self.pieces[i].transport = t as i32;
                    self.set_cell(mover, x, y);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Moves a unit and everything inside it to a cell.
    fn set_cell(&mut self, id: i32, x: i32, y: i32) {
        let mut todo = vec![id];
        while let Some(u) = todo.pop() {
            for p in &mut self.pieces {
                if p.id == u {
                    p.x = x;
                    p.y = y;
                } else if p.transport == u {
                    todo.push(p.id);
                }
            }
        }
    }
}

/// How xconq boards are drawn: the ruleset's entry in the registry carries
/// it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing;

impl render::Drawing for Drawing {
    fn board(&self, view: &Value) -> Result<Box<dyn render::Board>, RenderError> {
        Ok(Box::new(Board::from_view(view)?))
    }

    fn caption(&self, record: &GameRecord, action: &Action) -> Option<String> {
        let team = action
            .team_id
            .and_then(|t| record.teams.get(t as usize))
            .and_then(|t| t.as_ref())
            .and_then(|t| t.name.clone());
        let unit_type = action
            .extra
            .get("unitType")
            .and_then(Value::as_str)
            .unwrap_or("unit");
        let args: Vec<String> = action
            .extra
            .get("args")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|v| v.to_string().trim_matches('"').to_string())
                    .collect()
            })
            .unwrap_or_default();
        let made = action
            .extra
            .get("made")
            .and_then(Value::as_str)
            .unwrap_or("unit");
        let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
        let what = match action.action_type.as_str() {
            "turn-end" => {
                return Some(format!(
                    "end of turn {}",
                    action
                        .extra
                        .get("turn")
                        .map(Value::to_string)
                        .unwrap_or_default()
                ))
            }
            "turn-start" => {
                return Some(format!(
                    "turn {} begins",
                    action
                        .extra
                        .get("turn")
                        .map(Value::to_string)
                        .unwrap_or_default()
                ))
            }
            "move" => format!("moves to ({}, {})", arg(0), arg(1)),
            "enter" => format!("boards unit {}", arg(0)),
            "attack" => format!("attacks unit {}", arg(0)),
            "create-in" => format!("starts a {made} in unit {}", arg(1)),
            "create-at" => format!("starts a {made} at ({}, {})", arg(1), arg(2)),
            "build" => format!("works on unit {}", arg(0)),
            "repair" => format!("repairs unit {}", arg(0)),
            "disband" => "disbands".to_string(),
            "change-side" => format!("goes over to side {}", arg(0)),
            "develop" => format!("develops {made}"),
            "detonate" => format!("detonates at ({}, {})", arg(0), arg(1)),
            other => other.to_string(),
        };
        let result = action
            .extra
            .get("result")
            .and_then(Value::as_str)
            .unwrap_or("");
        let outcome = match result {
            "action-done" | "" => String::new(),
            "build-completed" => ": completed".to_string(),
            other => format!(": {other}"),
        };
        Some(format!(
            "{}{unit_type} {} {what}{outcome}",
            team.map(|t| format!("{t} ")).unwrap_or_default(),
            action.unit.map(|u| u.to_string()).unwrap_or_default()
        ))
    }
}

impl render::Board for Board {
    fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        self.apply_action(action, path)
    }

    fn position(&self, id: u64) -> Option<(f64, f64)> {
        self.pieces
            .iter()
            .find(|p| i64::from(p.id) == id as i64)
            .map(|p| (f64::from(p.x), f64::from(p.y)))
    }

    fn svg(&self, highlight: Option<&Highlight>) -> String {
        self.draw(highlight)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
