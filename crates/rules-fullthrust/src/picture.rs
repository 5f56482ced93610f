//! Full Thrust boards: ships as arrowheads pointing along their course, a
//! dashed vector as long as their velocity, their name and seat, and their
//! damage track as rows of boxes (checked boxes filled), each fleet in the
//! colour its name says when it says one (`render::svg::seat_colours`).
//! The picture is scaled to fit the ships (and their vectors), not the
//! whole map, with MU marks along its top and left edges, a scale bar and
//! 6 MU range rings around the acting ship when stepping a record. Also the
//! ruleset's words for the record: a caption per action and the story of a
//! turn.

use engine::record::{Action, GameRecord, Turn};
use gzf::rules::geometry::course_vector;
use serde_json::Value;

use render::svg::{esc, num, seat_colour, seat_colours, Svg};
use render::{Highlight, RenderError};

#[derive(Debug, Clone)]
struct Ship {
    /// Record id: the ship's place in file order, from 1.
    id: u64,
    name: String,
    class: String,
    seat: Option<usize>,
    x: f64,
    y: f64,
    course: u8,
    velocity: i64,
    thrust: i64,
    rows: Vec<u32>,
    checked: u32,
    destroyed: bool,
}

/// A Full Thrust board, from a fleet's or a spectator's view.
#[derive(Debug, Clone)]
pub struct Board {
    scenario: String,
    turn: u64,
    fleets: Vec<String>,
    seat: Option<usize>,
    ships: Vec<Ship>,
}

/// Reads a written damage track (`---O OOOO`): rows split by spaces, `-`
/// a checked box.
fn track(text: &str) -> (Vec<u32>, u32) {
    let rows = text
        .split_whitespace()
        .map(|r| r.chars().count() as u32)
        .collect();
    let checked = text
        .chars()
        .filter(|&c| c == '-' || c == 'X' || c == 'x')
        .count() as u32;
    (rows, checked)
}

impl Board {
    pub fn from_view(view: &Value) -> Result<Board, RenderError> {
        let file = view["file"]
            .as_str()
            .ok_or_else(|| RenderError::input("view.file: expected the FT2 file's text"))?;
        let read = gzf::ft2::read(file.as_bytes()).map_err(|e| {
            RenderError::input(format!("view.file:{}:{}: {e}", e.pos.line, e.pos.col))
        })?;
        let fleets: Vec<String> = view["fleets"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|f| f.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let ships = read
            .file
            .ships()
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let (rows, checked) = s
                    .damage_track
                    .as_ref()
                    .map(|t| (t.rows.clone(), t.checked))
                    .unwrap_or_default();
                let class = read.file.blocks[s.block]
                    .field("Class")
                    .map(|f| f.written_fragments().join(" "))
                    .unwrap_or_default();
                Ship {
                    id: i as u64 + 1,
                    seat: s
                        .fleet
                        .as_ref()
                        .and_then(|f| fleets.iter().position(|g| g == f)),
                    name: s.name.clone(),
                    class,
                    x: s.position.map_or(0.0, |p| p.x as f64 / 100.0),
                    y: s.position.map_or(0.0, |p| p.y as f64 / 100.0),
                    course: s.course.unwrap_or(12),
                    velocity: s.velocity.unwrap_or(0),
                    thrust: s.thrust_rating.unwrap_or(0),
                    rows,
                    checked,
                    destroyed: s.status.damage == Some(gzf::ft2::values::DamageStatus::Destroyed),
                }
            })
            .collect();
        Ok(Board {
            scenario: view["scenario"]
                .as_str()
                .unwrap_or("Full Thrust")
                .to_string(),
            turn: view["turn"].as_u64().unwrap_or(0),
            fleets,
            seat: view["seat"].as_u64().map(|s| s as usize),
            ships,
        })
    }

    /// Applies an action's results: `position`/`assignment`, `course`,
    /// `velocity`, `thrust`, `damageTrack`, `status`.
    pub fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        for (j, r) in render::flat_results(action).into_iter().enumerate() {
            let at = format!("{path}.results[{j}]");
            let (Some(id), Some(changes)) = (r.unit, r.changes.as_ref()) else {
                continue;
            };
            let ship = self
                .ships
                .iter_mut()
                .find(|s| s.id == id)
                .ok_or_else(|| RenderError::input(format!("{at}: no ship {id}")))?;
            for (k, v) in changes {
                let bad = || RenderError::input(format!("{at}.changes.{k}: unexpected value {v}"));
                match k.as_str() {
                    "position" | "assignment" => {
                        let a = v.as_array().filter(|a| a.len() == 2).ok_or_else(bad)?;
                        ship.x = a[0].as_f64().ok_or_else(bad)?;
                        ship.y = a[1].as_f64().ok_or_else(bad)?;
                    }
                    "course" => ship.course = v.as_u64().ok_or_else(bad)? as u8,
                    "velocity" => ship.velocity = v.as_i64().ok_or_else(bad)?,
                    "thrust" => ship.thrust = v.as_i64().ok_or_else(bad)?,
                    "damageTrack" => (ship.rows, ship.checked) = track(v.as_str().ok_or_else(bad)?),
                    "status" => ship.destroyed = v.as_str() == Some("Destroyed"),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    pub fn position(&self, id: u64) -> Option<(f64, f64)> {
        self.ships.iter().find(|s| s.id == id).map(|s| (s.x, s.y))
    }

    pub fn draw(&self, highlight: Option<&Highlight>) -> String {
        // The area: every ship and the end of its vector, padded.
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for s in &self.ships {
            let (dx, dy) = course_vector(s.course);
            for (x, y) in [
                (s.x, s.y),
                (s.x + dx * s.velocity as f64, s.y + dy * s.velocity as f64),
            ] {
                x0 = x0.min(x);
                x1 = x1.max(x);
                y0 = y0.min(y);
                y1 = y1.max(y);
            }
        }
        if self.ships.is_empty() {
            (x0, y0, x1, y1) = (-12.0, -12.0, 12.0, 12.0);
        }
        // At least 24 MU each way.
        let grow = |lo: f64, hi: f64| {
            let short = (24.0 - (hi - lo)).max(0.0) / 2.0;
            (lo - short, hi + short)
        };
        let ((x0, x1), (y0, y1)) = (grow(x0, x1), grow(y0, y1));
        let pad = (x1 - x0).max(y1 - y0) * 0.08;
        // Labels stand beside the ships, on either side.
        let side = (x1 - x0).max(y1 - y0) * 0.28;
        let (vx, vy) = (x0 - pad - side, -y1 - pad);
        let (vw, vh) = (x1 - x0 + 2.0 * (pad + side), y1 - y0 + 2.0 * pad);
        let u = vw.max(vh) / 100.0; // one hundredth of the picture
        let head = 9.0 * u;
        let foot = render::foot(highlight) * u;
        let whose = match self.seat {
            Some(s) => format!(
                "{}'s view",
                self.fleets.get(s).map_or("a fleet", String::as_str)
            ),
            None => "spectator view".to_string(),
        };
        let label = format!(
            "Full Thrust: {}, turn {}, {whose}",
            self.scenario, self.turn
        );
        let mut svg = Svg::new("fullthrust", (vx, vy - head, vw, vh + head + foot), &label);
        svg.tap_size(4.0 * u);
        let names: Vec<&str> = self.fleets.iter().map(String::as_str).collect();
        let colours = seat_colours(&names);
        svg.put(format_args!(
            "<rect class=\"space\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f4f6fa\" stroke=\"#888\" stroke-width=\"{}\"/>\n",
            num(vx), num(vy), num(vw), num(vh), num(u * 0.2)
        ));
        let font = |k: f64| format!("font-size=\"{}\" fill=\"#222\"", num(u * k));
        svg.text(
            vx + u,
            vy - head + 3.5 * u,
            &font(3.2),
            &format!("{} — turn {} — {whose}", self.scenario, self.turn),
        );
        let mut lx = vx + u;
        for (i, f) in self.fleets.iter().enumerate() {
            let alive = self
                .ships
                .iter()
                .filter(|s| s.seat == Some(i) && !s.destroyed)
                .count();
            svg.put(format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                num(lx),
                num(vy - head + 5.0 * u),
                num(2.5 * u),
                num(2.5 * u),
                colours[i]
            ));
            let text = format!("{i} {f}: {alive} in play");
            svg.text(lx + 3.2 * u, vy - head + 7.3 * u, &font(2.5), &text);
            lx += (6.0 + text.chars().count() as f64 * 1.45) * u;
        }
        // Scale bar: 6 MU.
        svg.put(format_args!(
            "<path class=\"scale\" d=\"M{} {}h{}\" stroke=\"#555\" stroke-width=\"{}\"/>\n",
            num(vx + 2.0 * u),
            num(vy + vh - 2.0 * u),
            num(6.0),
            num(u * 0.4)
        ));
        svg.text(vx + 2.0 * u, vy + vh - 3.0 * u, &font(2.2), "6 MU");
        self.edges(&mut svg, (vx, vy, vw, vh), u);
        if let Some(hl) = highlight {
            self.draw_highlight(&mut svg, hl, u);
        }
        for s in &self.ships {
            let colour = s
                .seat
                .and_then(|i| colours.get(i).copied())
                .unwrap_or(seat_colour(7));
            self.ship(&mut svg, s, u, colour);
        }
        if let Some(hl) = highlight {
            render::draw_caption_at(&mut svg, vx, vw, vy + vh, u, &hl.caption);
        }
        svg.finish()
    }

    /// MU marks along the top and left edges of the space, every 6 or
    /// more MU, so a position in a ship's title can be found.
    fn edges(&self, svg: &mut Svg, (vx, vy, vw, vh): (f64, f64, f64, f64), u: f64) {
        let span = vw.max(vh);
        let step = [6.0, 12.0, 24.0, 48.0, 96.0, 192.0]
            .into_iter()
            .find(|s| span / s <= 12.0)
            .unwrap_or(384.0);
        let mut marks = String::new();
        let mut x = (vx / step).ceil() * step;
        while x < vx + vw - u {
            marks.push_str(&format!(
                "<path d=\"M{} {}v{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
                num(x),
                num(vy),
                num(u),
                num(x),
                num(vy + 3.0 * u),
                num(x)
            ));
            x += step;
        }
        // Picture y is minus the map's y.
        let mut y = (vy / step).ceil() * step;
        while y < vy + vh - 5.0 * u {
            marks.push_str(&format!(
                "<path d=\"M{} {}h{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"start\">{}</text>",
                num(vx),
                num(y),
                num(u),
                num(vx + 1.3 * u),
                num(y + 0.8 * u),
                num(-y)
            ));
            y += step;
        }
        svg.put(format_args!(
            "<g class=\"coords\" font-size=\"{}\" fill=\"#555\" stroke=\"#888\" stroke-width=\"{}\" text-anchor=\"middle\" aria-hidden=\"true\">{marks}</g>\n",
            num(2.0 * u),
            num(0.15 * u)
        ));
    }

    fn ship(&self, svg: &mut Svg, s: &Ship, u: f64, colour: &str) {
        let (dx, dy) = course_vector(s.course);
        let (sx, sy) = (s.x, -s.y);
        let colour = if s.destroyed { "#999" } else { colour };
        let owner = s
            .seat
            .map(|o| format!(" data-owner=\"{o}\""))
            .unwrap_or_default();
        let state = if s.destroyed { " destroyed" } else { "" };
        svg.put(format_args!(
            "<g class=\"ship{state}\" data-kind=\"ship\" data-id=\"{}\" data-unit=\"{}\"{owner}><title>{} ({}) at ({}, {}), course {}, velocity {}, thrust {}, damage {}/{}{}</title>",
            esc(&s.name), s.id, esc(&s.name), esc(&s.class), num(s.x), num(s.y), s.course, s.velocity, s.thrust,
            s.checked, s.rows.iter().sum::<u32>(), if s.destroyed { ", destroyed" } else { "" }
        ));
        if s.velocity > 0 && !s.destroyed {
            svg.put(format_args!(
                "<path class=\"vector\" d=\"M{} {}l{} {}\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\" fill=\"none\"/>",
                num(sx), num(sy), num(dx * s.velocity as f64), num(-dy * s.velocity as f64),
                num(u * 0.35), num(u), num(u * 0.7)
            ));
        }
        // Course 12 points up; SVG rotates clockwise, as courses count.
        let angle = f64::from(s.course % 12) * 30.0;
        let r = 1.7 * u;
        svg.put(format_args!(
            "<path d=\"M0 {}L{} {}H{}Z\" transform=\"translate({} {}) rotate({})\" fill=\"{colour}\" stroke=\"#111\" stroke-width=\"{}\"/>",
            num(-r * 1.2), num(r * 0.6), num(r * 0.8), num(-r * 0.6),
            num(sx), num(sy), num(angle), num(u * 0.2)
        ));
        if s.destroyed {
            svg.put(format_args!(
                "<path d=\"M{} {}l{} {}m0 {}l{} {}\" stroke=\"#111\" stroke-width=\"{}\"/>",
                num(sx - r),
                num(sy - r),
                num(2.0 * r),
                num(2.0 * r),
                num(-2.0 * r),
                num(-2.0 * r),
                num(2.0 * r),
                num(u * 0.35)
            ));
        }
        let seat = s.seat.map(|o| format!("{o}·")).unwrap_or_default();
        // Label and damage boxes go on the side the ship is not heading
        // for, so they do not hide its vector.
        let bs = 1.1 * u;
        let widest = s.rows.iter().copied().max().unwrap_or(0) as f64 * bs * 1.25;
        let leftwards = dx > 0.3 && s.velocity > 0 && !s.destroyed;
        let (tx, anchor, bx0) = if leftwards {
            let x = sx - r - 0.6 * u;
            (x, " text-anchor=\"end\"", x - widest)
        } else {
            let x = sx + r + 0.6 * u;
            (x, "", x)
        };
        svg.text(
            tx,
            sy - 0.4 * u,
            &format!("font-size=\"{}\" fill=\"#222\"{anchor}", num(u * 2.4)),
            &format!("{seat}{} v{}", s.name, s.velocity),
        );
        // Damage track: one row of boxes per track row.
        let mut by = sy + 0.6 * u;
        let mut left = s.checked;
        for &row in &s.rows {
            let mut bx = bx0;
            for _ in 0..row {
                let fill = if left > 0 { "#333" } else { "#fff" };
                left = left.saturating_sub(1);
                svg.put(format_args!(
                    "<rect class=\"box\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#333\" stroke-width=\"{}\"/>",
                    num(bx), num(by), num(bs), num(bs), num(u * 0.12)
                ));
                bx += bs * 1.25;
            }
            by += bs * 1.3;
        }
        svg.raw("</g>\n");
    }

    fn draw_highlight(&self, svg: &mut Svg, hl: &Highlight, u: f64) {
        let Some(s) = hl
            .unit
            .and_then(|id| self.ships.iter().find(|s| s.id == id))
        else {
            return;
        };
        // Range rings every 6 MU, as far as the picture reaches.
        for ring in [6.0, 12.0, 18.0, 24.0]
            .into_iter()
            .filter(|r| *r <= 30.0 * u)
        {
            svg.put(format_args!(
                "<circle class=\"range\" cx=\"{}\" cy=\"{}\" r=\"{ring}\" fill=\"none\" stroke=\"#b0b8c8\" stroke-width=\"{}\"/>\n",
                num(s.x), num(-s.y), num(u * 0.15)
            ));
        }
        if let Some((fx, fy)) = hl.from {
            if (fx, fy) != (s.x, s.y) {
                svg.put(format_args!(
                    "<path class=\"trail\" d=\"M{} {}L{} {}\" stroke=\"#555\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>\n",
                    num(fx), num(-fy), num(s.x), num(-s.y), num(u * 0.3), num(u * 0.6), num(u * 0.4)
                ));
            }
        }
        if let Some(t) = hl
            .target
            .and_then(|id| self.ships.iter().find(|t| t.id == id))
        {
            svg.put(format_args!(
                "<path class=\"fire\" d=\"M{} {}L{} {}\" stroke=\"#e67e22\" stroke-width=\"{}\"/>\n",
                num(s.x), num(-s.y), num(t.x), num(-t.y), num(u * 0.5)
            ));
        }
        svg.put(format_args!(
            "<circle class=\"acting\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#f39c12\" stroke-width=\"{}\"/>\n",
            num(s.x), num(-s.y), num(3.4 * u), num(u * 0.5)
        ));
    }

    /// The ships' names (the ids orders use), for tests.
    pub fn ship_names(&self) -> Vec<String> {
        self.ships.iter().map(|s| s.name.clone()).collect()
    }
}

/// How fullthrust boards are drawn: the ruleset's entry in the registry carries it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing;

impl render::Drawing for Drawing {
    fn board(&self, view: &Value) -> Result<Box<dyn render::Board>, RenderError> {
        Ok(Box::new(Board::from_view(view)?))
    }

    fn caption(&self, record: &GameRecord, action: &Action) -> Option<String> {
        caption(record, None, action)
    }
}

/// A ship's name by its record id: from the turn given, else from the
/// record's turns (the latest that has it), else "ship N".
fn ship_name(record: &GameRecord, turn: Option<&Turn>, id: u64) -> String {
    let named = |t: &Turn| {
        t.units
            .iter()
            .flatten()
            .find(|u| u.id == id)
            .and_then(|u| u.extra.get("name")?.as_str().map(str::to_string))
    };
    turn.and_then(named)
        .or_else(|| record.turns.iter().rev().find_map(named))
        .unwrap_or_else(|| format!("ship {id}"))
}

/// Why a battery did not fire, in words (the turn notes of spec 6.4).
fn refusal(note: &str) -> &'static str {
    match note {
        "N402" => "it is not a beam battery the rules fire",
        "N403" => "it is out of action",
        "N404" => "its target is gone, off the map or itself",
        "N405" => "its target is out of range",
        "N406" => "its target is not in its arcs",
        "N407" => "no fire control is left for another target",
        "N408" => "another target was engaged in the same arc",
        "N409" => "it has no firing arcs",
        "N411" => "it already has a fire order (only the first is used)",
        _ => "its order cannot be carried out",
    }
}

fn position(v: Option<&Value>) -> Option<String> {
    let a = v?.as_array()?;
    Some(format!(
        "({}, {})",
        num(a.first()?.as_f64()?),
        num(a.get(1)?.as_f64()?)
    ))
}

/// One action in words: "Resolute moves to (-34, -6), course 3, speed 6",
/// "Resolute's A Battery 1 fires at Warden: dice 5, 2, 6 for 3 points".
fn caption(record: &GameRecord, turn: Option<&Turn>, action: &Action) -> Option<String> {
    let ship = ship_name(record, turn, action.unit?);
    let x = &action.extra;
    let changes = render::flat_results(action)
        .into_iter()
        .find_map(|r| r.changes.clone())
        .unwrap_or_default();
    Some(match action.action_type.as_str() {
        "move" => {
            let mut text = match position(changes.get("position")) {
                Some(p) => format!(
                    "{ship} moves to {p}, course {}, speed {}",
                    changes.get("course")?,
                    changes.get("velocity")?
                ),
                None => format!("{ship} moves"),
            };
            if let Some(m) = x.get("move").and_then(Value::as_str) {
                text.push_str(&format!(" (ordered {m})"));
            }
            if let Some(n) = x.get("applied") {
                text.push_str(&format!("; only the first {n} move elements could be used"));
            }
            if x.get("notes")
                .and_then(Value::as_array)
                .is_some_and(|n| n.iter().any(|n| n == "N410"))
            {
                text.push_str("; it left the map");
            }
            text
        }
        "fire" => {
            let battery = format!(
                "{ship}'s {} {}",
                x.get("system").and_then(Value::as_str).unwrap_or("battery"),
                x.get("battery").unwrap_or(&Value::Null)
            );
            match x.get("targetUnit").and_then(Value::as_u64) {
                Some(t) => {
                    let dice: Vec<String> = x
                        .get("dice")
                        .and_then(Value::as_array)
                        .map(|d| d.iter().map(ToString::to_string).collect())
                        .unwrap_or_default();
                    let points = x.get("points").and_then(Value::as_u64).unwrap_or(0);
                    format!(
                        "{battery} fires at {}: {} {} for {points} point{}",
                        ship_name(record, turn, t),
                        if dice.len() == 1 { "die" } else { "dice" },
                        dice.join(", "),
                        if points == 1 { "" } else { "s" }
                    )
                }
                None => format!(
                    "{battery} does not fire: {}",
                    refusal(x.get("note").and_then(Value::as_str).unwrap_or_default())
                ),
            }
        }
        "damage" => {
            let points = x.get("points").and_then(Value::as_u64).unwrap_or(0);
            let mut text = format!(
                "{ship} takes {points} damage point{}",
                if points == 1 { "" } else { "s" }
            );
            if changes.get("status").and_then(Value::as_str) == Some("Destroyed") {
                text.push_str(" and is destroyed");
            }
            if let Some(systems) = changes.get("systems").and_then(Value::as_array) {
                let failed: Vec<&str> = systems.iter().filter_map(Value::as_str).collect();
                text.push_str(&format!("; {}", failed.join(", ")));
            }
            if let Some(t) = changes.get("thrust") {
                text.push_str(&format!("; thrust now {t}"));
            }
            text
        }
        _ => return None,
    })
}

/// A turn in words: ships destroyed, then every shot that hit and the
/// damage taken, then how many shots missed or could not fire and how many
/// ships moved.
pub fn describe(record: &GameRecord, turn: &Turn) -> Vec<String> {
    let mut lines = Vec::new();
    for a in turn.actions.iter().filter(|a| a.action_type == "damage") {
        let destroyed = render::flat_results(a).into_iter().any(|r| {
            r.changes
                .as_ref()
                .and_then(|c| c.get("status"))
                .and_then(Value::as_str)
                == Some("Destroyed")
        });
        if destroyed {
            if let Some(u) = a.unit {
                lines.push(format!(
                    "{} was destroyed",
                    ship_name(record, Some(turn), u)
                ));
            }
        }
    }
    let (mut missed, mut refused, mut moved) = (0, 0, 0);
    for a in &turn.actions {
        match a.action_type.as_str() {
            "fire" if a.extra.get("targetUnit").is_none() => refused += 1,
            "fire" if a.extra.get("points").and_then(Value::as_u64) == Some(0) => missed += 1,
            "fire" | "damage" => lines.extend(caption(record, Some(turn), a)),
            "move" => moved += 1,
            _ => {}
        }
    }
    let mut summary = Vec::new();
    if moved > 0 {
        summary.push(format!(
            "{moved} ship{} moved",
            if moved == 1 { "" } else { "s" }
        ));
    }
    if missed > 0 {
        summary.push(format!(
            "{missed} shot{} missed",
            if missed == 1 { "" } else { "s" }
        ));
    }
    if refused > 0 {
        summary.push(format!(
            "{refused} fire order{} could not be carried out",
            if refused == 1 { "" } else { "s" }
        ));
    }
    if !summary.is_empty() {
        lines.push(format!("{}.", summary.join("; ")));
    }
    if lines.is_empty() {
        lines.push("Nothing happened.".into());
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
