//! Full Thrust boards: ships as arrowheads pointing along their course, a
//! dashed vector as long as their velocity, their name and seat, and their
//! damage track as rows of boxes (checked boxes filled). The picture is
//! scaled to fit the ships (and their vectors), not the whole map, with a
//! scale bar and 6 MU range rings around the acting ship when stepping a
//! record.

use engine::record::Action;
use gzf::rules::geometry::course_vector;
use serde_json::Value;

use render::svg::{esc, num, seat_colour, Svg};
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
                seat_colour(i)
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
        if let Some(hl) = highlight {
            self.draw_highlight(&mut svg, hl, u);
        }
        for s in &self.ships {
            self.ship(&mut svg, s, u);
        }
        if let Some(hl) = highlight {
            render::draw_caption_at(&mut svg, vx, vw, vy + vh, u, &hl.caption);
        }
        svg.finish()
    }

    fn ship(&self, svg: &mut Svg, s: &Ship, u: f64) {
        let (dx, dy) = course_vector(s.course);
        let (sx, sy) = (s.x, -s.y);
        let colour = if s.destroyed {
            "#999"
        } else {
            seat_colour(s.seat.unwrap_or(7))
        };
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
