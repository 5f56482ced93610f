//! The Tactics board as SVG (the plug-in's `render::Drawing`): the
//! cut-corner 11 × 11 board seen from the viewer's side (a seat's own team
//! at the bottom; a spectator looks from the south, north up), every unit
//! with its facing, health, blocking, recovery and status marks, and the
//! tile coordinates and compass points on the edges.
//!
//! What a player picks carries the web client's attributes: each unit is a
//! group `data-kind="unit"`, `data-id` its id, `data-owner` its team (the
//! seat); each tile is `data-kind="tile"`, `data-id="x,y"`. The browser
//! controller (`web/controller.js`) colours the tiles a picked unit may move
//! to or strike, so the tiles keep a plain `fill` it can change.
//!
//! A board read from a view is stepped through recorded actions (replays):
//! each action's results are applied in order, each with its sub-results at
//! once (game-record spec §1.5, tactics spec §4.5), and the results of the
//! last action are marked on the board, numbered in the order they happen.

use std::fmt::Write;

use engine::record::{Action, ActionResult, GameRecord};
use render::svg::{esc, num, Svg};
use render::{Highlight, RenderError};
use serde_json::Value;

use crate::board::{all_tiles, Dir, Tile, FACINGS};
use crate::game::{Color, Game, GameKind, Team, Unit};
use crate::units::UnitType;
use crate::view::View;

/// A tile's side, in the picture's units.
const T: f64 = 20.0;
/// Room left of and above the board (titles, coordinates).
const LEFT: f64 = 26.0;
const TOP: f64 = 30.0;
/// The picture's width: board and margins.
const WIDTH: f64 = LEFT + 11.0 * T + 26.0;
/// Where the lines under the board start.
const BELOW: f64 = TOP + 11.0 * T + 20.0;
/// How far outside the board's middle the compass letters stand: beyond
/// the coordinates along the edges.
const COMPASS: f64 = 5.5 * T + 13.0;

/// One result of the last applied action, for the marks on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// The result's place among the action's results, from 1 (sub-results
    /// share their result's number: they happen together).
    pub order: usize,
    pub unit: u32,
    /// Where the unit stood (a unit killed is off the board afterwards).
    pub tile: Tile,
    /// What happened to it, in a few words ("−17", "blocked", "paralysed").
    pub text: String,
}

/// A Tactics board read from a view.
#[derive(Debug, Clone)]
pub struct Picture {
    view: View,
    /// The display rotation (0, 90, 180, 270) putting the viewer's team at
    /// the bottom.
    rotation: u32,
    /// The marks of the last applied action.
    marks: Vec<Mark>,
    /// The last applied action's aim (a targeted attack's tile).
    aim: Option<Tile>,
}

/// The rotation that brings a team's side of the board to the bottom: its
/// set faces south from the north (spec §2.2), turned by its placement.
fn rotation_for(game: &Game, seat: Option<usize>) -> u32 {
    let Some(team) = seat.and_then(|s| game.teams.get(s)) else {
        return 0;
    };
    let placed = if game.teams.len() == 2 {
        [0, 180][team.original_id.min(1)]
    } else {
        [0, 90, 180, 270][team.original_id % 4]
    };
    (540 - placed) % 360
}

/// A colour name's fill and the text colour that reads on it.
fn colour(c: Option<Color>) -> (&'static str, &'static str) {
    match c {
        Some(Color::White) | None => ("#f4f4f4", "#1b1f24"),
        Some(Color::Red) => ("#c0392b", "#ffffff"),
        Some(Color::Yellow) => ("#e2b714", "#1b1f24"),
        Some(Color::Green) => ("#1e8449", "#ffffff"),
        Some(Color::Blue) => ("#2e5fa8", "#ffffff"),
    }
}

/// The two letters a unit shows (as the view file's board does).
pub fn short_name(kind: UnitType) -> &'static str {
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

fn id_list(l: &[u32]) -> String {
    l.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

impl Picture {
    /// Reads a view (the JSON of `Ruleset::view`).
    pub fn from_view(view: &Value) -> Result<Picture, RenderError> {
        let view: View = serde_json::from_value(view.clone())
            .map_err(|e| RenderError::input(format!("not a Tactics view: {e}")))?;
        for u in view.game.units() {
            if Tile::at(u.tile.x, u.tile.y).is_none() {
                return Err(RenderError::input(format!(
                    "unit {} stands on {}, which is not a tile of the board",
                    u.id, u.tile
                )));
            }
        }
        if let Some(s) = view.seat.filter(|s| *s >= view.game.teams.len()) {
            return Err(RenderError::input(format!(
                "seat {s} is not one of the game's {} teams",
                view.game.teams.len()
            )));
        }
        let rotation = rotation_for(&view.game, view.seat);
        Ok(Picture {
            view,
            rotation,
            marks: vec![],
            aim: None,
        })
    }

    /// The game as drawn now.
    pub fn game(&self) -> &Game {
        &self.view.game
    }

    /// The display rotation: a tile `t` is drawn where `t.rotated(rotation)`
    /// would stand on an unturned board.
    pub fn rotation(&self) -> u32 {
        self.rotation
    }

    /// The marks of the last applied action.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Where tile `t` is drawn: its top-left corner.
    fn at(&self, t: Tile) -> (f64, f64) {
        let s = t.rotated(self.rotation);
        (LEFT + f64::from(s.x) * T, TOP + f64::from(s.y) * T)
    }

    /// The on-screen unit vector of a compass direction (diagonals and the
    /// Dragon's two-letter facings point between their letters).
    fn screen_dir(&self, d: Dir) -> (f64, f64) {
        let centre = Tile::new(5, 5).rotated(self.rotation);
        let (mut x, mut y) = (0.0, 0.0);
        for f in FACINGS {
            if d != Dir::NSEW && d.contains(f) {
                let n = centre_step(f).rotated(self.rotation);
                x += f64::from(n.x - centre.x);
                y += f64::from(n.y - centre.y);
            }
        }
        let len = (x * x + y * y).sqrt().max(1e-9);
        (x / len, y / len)
    }

    fn team_name(&self, t: usize) -> String {
        self.view
            .game
            .teams
            .get(t)
            .and_then(|t| t.name.clone())
            .unwrap_or_else(|| format!("Team {t}"))
    }

    /// A unit in words, for its `<title>` (what the pick list shows).
    fn describe(&self, team: usize, u: &Unit) -> String {
        let s = u.kind.stats();
        let mut out = format!(
            "{} {} ({}) at {},{}",
            s.name,
            u.id,
            self.team_name(team),
            u.tile.x,
            u.tile.y
        );
        if s.directional {
            let _ = write!(out, " facing {}", u.facing);
        }
        let _ = write!(out, ": health {}/{}", u.health_left(), s.health);
        if u.m_blocking != 0.0 {
            let _ = write!(out, ", blocking {:+}", u.m_blocking.round());
        }
        if u.m_recovery > 0 {
            let _ = write!(out, ", recovering {} turns", u.m_recovery);
        }
        if let Some(p) = &u.paralyzed {
            if p.is_empty() {
                out.push_str(", paralysed for good");
            } else {
                let _ = write!(out, ", paralysed by {}", id_list(p));
            }
        }
        if let Some(f) = &u.focusing {
            let _ = write!(out, ", focusing on {}", id_list(f));
        }
        if let Some(c) = u
            .color
            .filter(|c| Some(*c) != self.view.game.teams[team].color)
        {
            let _ = write!(out, ", wearing {}", c.as_str());
        }
        out
    }

    /// The line above the board: the game, the turn, and whose it is.
    fn title(&self) -> String {
        let g = &self.view.game;
        let mut out = format!("Tactics {}, turn {}", g.kind.as_str(), g.turn);
        if let Some(end) = g.end {
            match end.winner {
                Some(w) => {
                    let _ = write!(out, ": {} won", self.team_name(w));
                }
                None => out.push_str(": a draw"),
            }
        } else {
            let t = g.current_team();
            let _ = write!(out, ": {} (team {t}) to play", self.team_name(t));
            if self.view.seat == Some(t) {
                out.push_str(" (you)");
            }
        }
        out
    }

    fn draw(&self, highlight: Option<&Highlight>) -> String {
        let game = &self.view.game;
        let height = BELOW + 14.0;
        let label = self.title();
        let mut svg = Svg::new(
            "tactics",
            (0.0, 0.0, WIDTH, height + render::foot(highlight)),
            &label,
        );
        svg.text(
            2.0,
            8.0,
            "class=\"title\" font-size=\"6.5\" font-weight=\"bold\" fill=\"#1b1f24\"",
            &label,
        );
        let viewer = match self.view.seat {
            Some(s) => format!("seen from {}'s side", self.team_name(s)),
            None => "seen from the south".to_string(),
        };
        svg.text(
            2.0,
            15.0,
            "font-size=\"4.5\" fill=\"#57606a\"",
            &format!("{viewer}; tiles are x,y"),
        );
        self.draw_edges(&mut svg);
        self.draw_tiles(&mut svg, highlight);
        for (team, t) in game.teams.iter().enumerate() {
            for u in &t.units {
                self.draw_unit(&mut svg, team, u, highlight);
            }
        }
        self.draw_marks(&mut svg);
        self.draw_legend(&mut svg);
        if let Some(hl) = highlight {
            render::draw_caption(&mut svg, WIDTH, height, &hl.caption);
        }
        svg.finish()
    }

    /// Coordinates along the edges and the compass points.
    fn draw_edges(&self, svg: &mut Svg) {
        for i in 0..11 {
            // The board coordinate shown at screen column / row i.
            let col = Tile::new(i, 0).rotated((360 - self.rotation) % 360);
            let row = Tile::new(0, i).rotated((360 - self.rotation) % 360);
            let (col_label, row_label) = match self.rotation {
                90 | 270 => (col.y, row.x),
                _ => (col.x, row.y),
            };
            let x = LEFT + (f64::from(i) + 0.5) * T;
            svg.text(
                x,
                TOP + 11.0 * T + 5.5,
                "text-anchor=\"middle\" font-size=\"4.5\" fill=\"#57606a\"",
                &col_label.to_string(),
            );
            let y = TOP + (f64::from(i) + 0.5) * T + 1.6;
            svg.text(
                LEFT - 3.0,
                y,
                "text-anchor=\"end\" font-size=\"4.5\" fill=\"#57606a\"",
                &row_label.to_string(),
            );
        }
        let axis = match self.rotation {
            90 | 270 => "columns are y, rows are x",
            _ => "columns are x, rows are y",
        };
        svg.text(
            WIDTH - 2.0,
            15.0,
            "text-anchor=\"end\" font-size=\"4.5\" fill=\"#57606a\"",
            axis,
        );
        let mid = (LEFT + 5.5 * T, TOP + 5.5 * T);
        for d in FACINGS {
            let (dx, dy) = self.screen_dir(d);
            let x = mid.0 + dx * COMPASS;
            let y = mid.1 + dy * COMPASS + 2.0;
            svg.text(
                x,
                y,
                "class=\"compass\" text-anchor=\"middle\" font-size=\"6\" font-weight=\"bold\" fill=\"#1f4e79\"",
                d.as_str(),
            );
        }
    }

    fn draw_tiles(&self, svg: &mut Svg, highlight: Option<&Highlight>) {
        let from = highlight
            .and_then(|h| h.from)
            .map(|(x, y)| (x as i32, y as i32));
        svg.raw("<g class=\"tiles\">\n");
        for t in all_tiles() {
            let (x, y) = self.at(t);
            let fill = if (t.x + t.y) % 2 == 0 {
                "#ebe5d3"
            } else {
                "#ddd5bd"
            };
            svg.put(format_args!(
                // The name is a <title>: ARIA forbids aria-label on an
                // element without a role, and a role per tile would make
                // 109 images for a screen reader.
                "<rect data-kind=\"tile\" data-id=\"{},{}\" x=\"{}\" y=\"{}\" width=\"{T}\" height=\"{T}\" fill=\"{fill}\" stroke=\"#a39b82\" stroke-width=\"0.4\"><title>tile {},{}</title></rect>\n",
                t.x, t.y, num(x), num(y), t.x, t.y
            ));
            if from == Some((t.x, t.y)) {
                svg.put(format_args!(
                    "<rect class=\"from\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#d4700b\" stroke-width=\"1\" stroke-dasharray=\"2 1.5\" pointer-events=\"none\"/>\n",
                    num(x + 1.5), num(y + 1.5), num(T - 3.0), num(T - 3.0)
                ));
            }
        }
        if let Some(aim) = self.aim {
            let (x, y) = self.at(aim);
            let (cx, cy) = (x + T / 2.0, y + T / 2.0);
            svg.put(format_args!(
                "<g class=\"aim\" stroke=\"#b3261e\" stroke-width=\"0.9\" fill=\"none\" pointer-events=\"none\"><circle cx=\"{}\" cy=\"{}\" r=\"7\"/><path d=\"M{} {}h5M{} {}h-5M{} {}v5M{} {}v-5\"/></g>\n",
                num(cx), num(cy),
                num(cx - 9.0), num(cy), num(cx + 9.0), num(cy),
                num(cx), num(cy - 9.0), num(cx), num(cy + 9.0)
            ));
        }
        svg.raw("</g>\n");
    }

    fn draw_unit(&self, svg: &mut Svg, team: usize, u: &Unit, highlight: Option<&Highlight>) {
        let s = u.kind.stats();
        let (x, y) = self.at(u.tile);
        let (cx, cy) = (x + T / 2.0, y + T / 2.0 - 1.0);
        let (fill, ink) = colour(u.color.or(self.view.game.teams[team].color));
        let acting = highlight.and_then(|h| h.unit) == Some(u64::from(u.id));
        svg.put(format_args!(
            "<g class=\"unit{}\" data-kind=\"unit\" data-id=\"{}\" data-owner=\"{team}\" data-type=\"{}\"><title>{}</title>\n",
            if acting { " acting" } else { "" },
            u.id,
            u.kind.as_str(),
            esc(&self.describe(team, u))
        ));
        // Facing: a wedge out of the disc, toward where the unit looks.
        if s.directional {
            let (dx, dy) = self.screen_dir(u.facing);
            let (px, py) = (-dy, dx);
            let tip = (cx + dx * 9.3, cy + dy * 9.3);
            let a = (cx + dx * 5.0 + px * 4.0, cy + dy * 5.0 + py * 4.0);
            let b = (cx + dx * 5.0 - px * 4.0, cy + dy * 5.0 - py * 4.0);
            svg.put(format_args!(
                "<path class=\"facing\" d=\"M{} {}L{} {}L{} {}Z\" fill=\"#1b1f24\"/>\n",
                num(tip.0),
                num(tip.1),
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1)
            ));
        }
        let stroke = if acting { "#d4700b" } else { "#1b1f24" };
        let width = if acting { 1.4 } else { 0.6 };
        if u.kind.is_chaos() {
            svg.put(format_args!(
                "<path d=\"M{} {}l6.5 6.5l-6.5 6.5l-6.5 -6.5Z\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\n",
                num(cx),
                num(cy - 6.5)
            ));
        } else {
            svg.put(format_args!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"5.6\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\n",
                num(cx),
                num(cy)
            ));
        }
        svg.text(
            cx,
            cy + 1.0,
            &format!(
                "text-anchor=\"middle\" font-size=\"3.6\" font-weight=\"bold\" fill=\"{ink}\""
            ),
            short_name(u.kind),
        );
        svg.text(
            cx,
            cy + 4.4,
            &format!("text-anchor=\"middle\" font-size=\"2.6\" fill=\"{ink}\""),
            &u.id.to_string(),
        );
        // Health: a bar under the unit, and the number left.
        let left = f64::from(u.health_left().max(0)) / f64::from(s.health.max(1));
        let bar = if left > 0.5 {
            "#1a7f37"
        } else if left > 0.25 {
            "#c68a00"
        } else {
            "#b3261e"
        };
        svg.put(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"1.6\" fill=\"#ffffff\" stroke=\"#57606a\" stroke-width=\"0.2\"/><rect class=\"health\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"1.6\" fill=\"{bar}\"/>\n",
            num(cx - 6.0),
            num(y + T - 3.2),
            num(cx - 6.0),
            num(y + T - 3.2),
            num(12.0 * left)
        ));
        svg.text(
            x + T - 0.8,
            y + T - 3.6,
            "text-anchor=\"end\" font-size=\"2.6\" fill=\"#1b1f24\"",
            &u.health_left().to_string(),
        );
        // Status marks in the tile's corners.
        let mut badges: Vec<(String, &str)> = vec![];
        if u.m_recovery > 0 {
            badges.push((format!("R{}", u.m_recovery), "#57606a"));
        }
        if u.paralyzed.is_some() {
            badges.push(("P".into(), "#7d3c98"));
        }
        if u.focusing.is_some() {
            badges.push(("F".into(), "#117a8b"));
        }
        for (k, (text, bg)) in badges.iter().enumerate() {
            let bx = x + 0.6 + 5.0 * k as f64;
            svg.put(format_args!(
                "<rect class=\"badge\" x=\"{}\" y=\"{}\" width=\"4.6\" height=\"3.6\" rx=\"0.8\" fill=\"{bg}\"/>\n",
                num(bx),
                num(y + 0.6)
            ));
            svg.text(
                bx + 2.3,
                y + 3.4,
                "text-anchor=\"middle\" font-size=\"2.7\" fill=\"#ffffff\"",
                text,
            );
        }
        if u.m_blocking != 0.0 {
            let up = u.m_blocking > 0.0;
            svg.text(
                x + T - 0.6,
                y + 3.4,
                &format!(
                    "class=\"blocking\" text-anchor=\"end\" font-size=\"2.6\" fill=\"{}\"",
                    if up { "#1f4e79" } else { "#b3261e" }
                ),
                &format!("B{:+}", u.m_blocking.round()),
            );
        }
        svg.raw("</g>\n");
    }

    /// The last action's results, numbered in the order they happened.
    fn draw_marks(&self, svg: &mut Svg) {
        for m in &self.marks {
            let (x, y) = self.at(m.tile);
            if self.view.game.unit(m.unit).is_none() {
                // Killed: a cross where it fell.
                svg.put(format_args!(
                    "<path class=\"fallen\" d=\"M{} {}l{T2} {T2}M{} {}l-{T2} {T2}\" stroke=\"#b3261e\" stroke-width=\"1.2\" pointer-events=\"none\"/>\n",
                    num(x + 5.0),
                    num(y + 5.0),
                    num(x + T - 5.0),
                    num(y + 5.0),
                    T2 = num(T - 10.0)
                ));
            }
            let text = format!("{} {}", m.order, m.text);
            let w = 1.2 + 2.1 * text.chars().count() as f64;
            svg.put(format_args!(
                "<g class=\"result\" pointer-events=\"none\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"4.4\" rx=\"1\" fill=\"#fff4e0\" stroke=\"#d4700b\" stroke-width=\"0.4\"/>",
                num(x + T / 2.0 - w / 2.0),
                num(y - 2.2),
                num(w)
            ));
            svg.text(
                x + T / 2.0,
                y + 1.1,
                "text-anchor=\"middle\" font-size=\"3\" fill=\"#1b1f24\"",
                &text,
            );
            svg.raw("</g>\n");
        }
    }

    fn draw_legend(&self, svg: &mut Svg) {
        svg.text(
            2.0,
            BELOW + 11.0,
            "class=\"legend\" font-size=\"3.6\" fill=\"#57606a\"",
            "wedge: facing · bar and number: health left · R2: recovering 2 turns · P: paralysed · F: focusing · B+20: blocking",
        );
    }

    /// Applies a result's changes, then its sub-results (spec §4.5), noting
    /// what happened for the marks.
    fn apply_result(
        &mut self,
        r: &ActionResult,
        order: usize,
        path: &str,
    ) -> Result<(), RenderError> {
        let id = r
            .unit
            .and_then(|u| u32::try_from(u).ok())
            .ok_or_else(|| RenderError::input(format!("{path}.unit: missing")))?;
        let game = &mut self.view.game;
        let Some((t, i)) = game.locate(id) else {
            return Err(RenderError::input(format!(
                "{path}.unit: no unit {id} on the board"
            )));
        };
        let tile = game.teams[t].units[i].tile;
        let mut words: Vec<String> = vec![];
        if let Some(miss) = r.extra.get("miss").and_then(Value::as_str) {
            words.push(miss.to_string());
        }
        if let Some(notice) = r.extra.get("notice").and_then(Value::as_str) {
            words.push(format!("“{notice}”"));
        }
        for (key, v) in r.changes.iter().flatten() {
            let at = format!("{path}.changes.{key}");
            let bad = |what: &str| RenderError::input(format!("{at}: must be {what}"));
            if key == "type" {
                let kind = v
                    .as_str()
                    .and_then(UnitType::parse)
                    .ok_or_else(|| bad("a unit type"))?;
                let old = game.teams[t].units.remove(i);
                let fresh = Unit::new(id, kind, old.tile, Dir::S, old.color);
                game.teams[t].units.push(fresh);
                words.push(format!("becomes {}", kind.stats().name));
                continue;
            }
            let Some((t, i)) = game.locate(id) else {
                continue;
            };
            let u = &mut game.teams[t].units[i];
            match key.as_str() {
                "mHealth" => {
                    let h = v.as_i64().ok_or_else(|| bad("a whole number"))? as i32;
                    let delta = h - u.m_health;
                    u.m_health = h;
                    if u.is_dead() && u.kind != UnitType::ChaosSeed {
                        words.push("killed".into());
                    } else if delta != 0 {
                        words.push(format!("{delta:+}").replace('-', "−"));
                    }
                }
                "mBlocking" => {
                    u.m_blocking = v.as_f64().ok_or_else(|| bad("a number"))?;
                }
                "direction" => {
                    let d = v
                        .as_str()
                        .and_then(Dir::parse)
                        .ok_or_else(|| bad("a direction"))?;
                    u.facing = d;
                    if !words.iter().any(|w| w == "blocked") {
                        words.push(format!("faces {d}"));
                    }
                }
                "mRecovery" => {
                    u.m_recovery = v.as_i64().ok_or_else(|| bad("a whole number"))? as i32;
                    if u.m_recovery > 0 {
                        words.push(format!("R{}", u.m_recovery));
                    }
                }
                "focusing" | "paralyzed" => {
                    let list = match v {
                        Value::Bool(false) => None,
                        Value::Array(a) => Some(
                            a.iter()
                                .map(|x| x.as_u64().and_then(|x| u32::try_from(x).ok()))
                                .collect::<Option<Vec<u32>>>()
                                .ok_or_else(|| bad("false or a list of unit ids"))?,
                        ),
                        _ => return Err(bad("false or a list of unit ids")),
                    };
                    let on = list.is_some();
                    if key == "focusing" {
                        u.focusing = list;
                        words.push(if on { "focusing" } else { "focus broken" }.into());
                    } else {
                        u.paralyzed = list;
                        words.push(if on { "paralysed" } else { "freed" }.into());
                    }
                }
                // Properties no rule of this engine changes are kept as given.
                _ => {}
            }
        }
        if !words.is_empty() {
            self.marks.push(Mark {
                order,
                unit: id,
                tile,
                text: words.join(", "),
            });
        }
        for (k, sub) in r.results.iter().flatten().enumerate() {
            self.apply_result(sub, order, &format!("{path}.results[{k}]"))?;
        }
        Ok(())
    }
}

/// The neighbour of the centre in a compass direction.
fn centre_step(d: Dir) -> Tile {
    Tile::new(5, 5)
        .step(d)
        .expect("the centre has four neighbours")
}

/// How Tactics boards are drawn: the ruleset's plug-in entry carries it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing;

impl render::Drawing for Drawing {
    fn board(&self, view: &Value) -> Result<Box<dyn render::Board>, RenderError> {
        Ok(Box::new(Picture::from_view(view)?))
    }

    /// A Tactics snapshot holds every unit with all its state, and the
    /// teams hold the rest: the engine's own records (no `setup`) are drawn
    /// from them.
    fn record_board(
        &self,
        record: &GameRecord,
        index: usize,
        seat: Option<usize>,
    ) -> Option<Result<Box<dyn render::Board>, RenderError>> {
        Some(game_from_record(record, index).and_then(|game| {
            let view = View {
                seat,
                game,
                recent: vec![],
                options: vec![],
            };
            let view = serde_json::to_value(&view)
                .map_err(|e| RenderError::input(format!("the board cannot be written: {e}")))?;
            Ok(Box::new(Picture::from_view(&view)?) as Box<dyn render::Board>)
        }))
    }

    fn caption(&self, record: &GameRecord, action: &Action) -> Option<String> {
        Some(caption(record, action))
    }
}

/// The game at the start of `record.turns[index]`, read from the record
/// alone: its teams (spec §2.1) and that turn's snapshot (spec §11.4).
/// What the picture does not show (sets, bot flags, the pass count) is left
/// at its zero.
pub fn game_from_record(record: &GameRecord, index: usize) -> Result<Game, RenderError> {
    let bad = |path: String, what: &str| RenderError::input(format!("{path}: {what}"));
    let kind = GameKind::from_type(record.game_type.as_deref()).ok_or_else(|| {
        bad(
            "$.type".into(),
            "not a Tactics game type (classic, chaos or none)",
        )
    })?;
    let turn = record
        .turns
        .get(index)
        .ok_or_else(|| bad(format!("$.turns[{index}]"), "no such turn"))?;
    if turn.units.len() != record.teams.len() {
        return Err(bad(
            format!("$.turns[{index}].units"),
            &format!(
                "{} unit lists for {} teams",
                turn.units.len(),
                record.teams.len()
            ),
        ));
    }
    let mut teams = Vec::with_capacity(record.teams.len());
    for (i, team) in record.teams.iter().enumerate() {
        let path = format!("$.teams[{i}]");
        let team = team
            .as_ref()
            .ok_or_else(|| bad(path.clone(), "an empty seat: the game never started"))?;
        let color = match team.extra.get("colorId") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_str()
                    .and_then(Color::parse)
                    .ok_or_else(|| bad(format!("{path}.colorId"), "not a colour of the engine"))?,
            ),
        };
        let original_id = team
            .extra
            .get("originalId")
            .and_then(Value::as_u64)
            .unwrap_or(i as u64) as usize;
        let units = turn.units[i]
            .iter()
            .enumerate()
            .map(|(k, u)| {
                unit_from_snapshot(u, color, &format!("$.turns[{index}].units[{i}][{k}]"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        teams.push(Team {
            id: i,
            original_id,
            name: team.name.clone(),
            color,
            bot: None,
            set: vec![],
            units,
        });
    }
    let number = turn
        .extra
        .get("turn")
        .and_then(Value::as_u64)
        .unwrap_or(index as u64) as usize;
    Ok(Game {
        kind,
        teams,
        turn: number,
        actions: vec![],
        idle_turns: 0,
        end: None,
    })
}

/// One unit of a snapshot (spec §11.4): absent properties are at their zero.
fn unit_from_snapshot(
    u: &engine::record::UnitData,
    team_color: Option<Color>,
    path: &str,
) -> Result<Unit, RenderError> {
    let bad = |key: &str, what: &str| RenderError::input(format!("{path}.{key}: {what}"));
    let id = u32::try_from(u.id).map_err(|_| bad("id", "too large"))?;
    let kind = UnitType::parse(&u.unit_type)
        .ok_or_else(|| bad("type", "not a unit type of the engine"))?;
    let tile: Tile = serde_json::from_value(u.assignment.to_value())
        .ok()
        .filter(|t: &Tile| Tile::at(t.x, t.y).is_some())
        .ok_or_else(|| bad("assignment", "not a tile of the board"))?;
    let facing = match u.extra.get("direction") {
        None => Dir::S,
        Some(v) => v
            .as_str()
            .and_then(Dir::parse)
            .ok_or_else(|| bad("direction", "not a direction of the engine"))?,
    };
    let color = match u.extra.get("colorId") {
        None => team_color,
        Some(v) => Some(
            v.as_str()
                .and_then(Color::parse)
                .ok_or_else(|| bad("colorId", "not a colour of the engine"))?,
        ),
    };
    let int = |key: &str| -> Result<i32, RenderError> {
        match u.extra.get(key) {
            None => Ok(0),
            Some(v) => v
                .as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| bad(key, "not a whole number")),
        }
    };
    let ids = |key: &str| -> Result<Option<Vec<u32>>, RenderError> {
        match u.extra.get(key) {
            None | Some(Value::Bool(false)) | Some(Value::Null) => Ok(None),
            Some(v) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|_| bad(key, "not a list of unit ids")),
        }
    };
    let mut unit = Unit::new(id, kind, tile, facing, color);
    unit.m_health = int("mHealth")?;
    unit.m_blocking = match u.extra.get("mBlocking") {
        None => 0.0,
        Some(v) => v.as_f64().ok_or_else(|| bad("mBlocking", "not a number"))?,
    };
    unit.m_power = int("mPower")?;
    unit.m_armor = int("mArmor")?;
    unit.m_recovery = int("mRecovery")?;
    unit.focusing = ids("focusing")?;
    unit.paralyzed = ids("paralyzed")?;
    unit.poisoned = ids("poisoned")?;
    unit.barriered = u.extra.get("barriered").and_then(Value::as_bool) == Some(true);
    Ok(unit)
}

impl render::Board for Picture {
    fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        self.marks.clear();
        self.aim = None;
        let tile_at = |key: &str| -> Result<Option<Tile>, RenderError> {
            match action.extra.get(key) {
                None => Ok(None),
                Some(v) => serde_json::from_value::<Tile>(v.clone())
                    .ok()
                    .filter(|t| Tile::at(t.x, t.y).is_some())
                    .map(Some)
                    .ok_or_else(|| {
                        RenderError::input(format!("{path}.{key}: not a tile of the board"))
                    }),
            }
        };
        let unit = match action.unit {
            None => None,
            Some(id) => {
                let id = u32::try_from(id)
                    .ok()
                    .filter(|id| self.view.game.unit(*id).is_some())
                    .ok_or_else(|| {
                        RenderError::input(format!("{path}.unit: no unit {id} on the board"))
                    })?;
                Some(id)
            }
        };
        let direction =
            match action.extra.get("direction") {
                None => None,
                Some(v) => Some(v.as_str().and_then(Dir::parse).ok_or_else(|| {
                    RenderError::input(format!("{path}.direction: not a direction"))
                })?),
            };
        let game = &mut self.view.game;
        match action.action_type.as_str() {
            "move" => {
                let to = tile_at("assignment")?.ok_or_else(|| {
                    RenderError::input(format!("{path}.assignment: a move needs one"))
                })?;
                if let Some(u) = unit.and_then(|id| game.unit_mut(id)) {
                    u.tile = to;
                    if let Some(d) = direction {
                        u.facing = d;
                    }
                }
            }
            "attack" | "turn" => {
                if let (Some(u), Some(d)) = (unit.and_then(|id| game.unit_mut(id)), direction) {
                    u.facing = d;
                }
                if action.action_type == "attack" {
                    self.aim = tile_at("target")?;
                }
            }
            "phase" => {
                let c = action
                    .extra
                    .get("colorId")
                    .and_then(Value::as_str)
                    .and_then(Color::parse)
                    .ok_or_else(|| {
                        RenderError::input(format!("{path}.colorId: not a colour of the game"))
                    })?;
                if let Some(u) = unit.and_then(|id| game.unit_mut(id)) {
                    u.color = Some(c);
                }
            }
            _ => {}
        }
        for (k, r) in action.results.iter().flatten().enumerate() {
            self.apply_result(r, k + 1, &format!("{path}.results[{k}]"))?;
        }
        let game = &mut self.view.game;
        for team in &mut game.teams {
            team.units
                .retain(|u| u.kind == UnitType::ChaosSeed || !u.is_dead());
        }
        if action.action_type == "endTurn" {
            // The turn is over: the next team's begins (spec §4.5 step 4).
            game.turn += 1;
            game.actions.clear();
            self.view.options.clear();
        }
        Ok(())
    }

    fn position(&self, id: u64) -> Option<(f64, f64)> {
        let u = self.view.game.unit(u32::try_from(id).ok()?)?;
        Some((f64::from(u.tile.x), f64::from(u.tile.y)))
    }

    fn svg(&self, highlight: Option<&Highlight>) -> String {
        self.draw(highlight)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The units of the turn an action belongs to, by id: `(type, team)`.
fn roster(record: &GameRecord, action: &Action) -> Vec<(u64, UnitType, usize)> {
    let turn = record
        .turns
        .iter()
        .position(|t| t.actions.iter().any(|a| std::ptr::eq(a, action)))
        .or_else(|| {
            record
                .turns
                .iter()
                .position(|t| t.actions.iter().any(|a| a == action))
        });
    let mut out = vec![];
    // The turn's own snapshot first, then the others (a unit hatched later
    // is still found).
    let order = turn
        .into_iter()
        .chain((0..record.turns.len()).rev().filter(|i| Some(*i) != turn));
    for i in order {
        for (team, units) in record.turns[i].units.iter().enumerate() {
            for u in units {
                if out.iter().all(|(id, _, _)| *id != u.id) {
                    if let Some(kind) = UnitType::parse(&u.unit_type) {
                        out.push((u.id, kind, team));
                    }
                }
            }
        }
    }
    out
}

/// One line for people about a recorded Tactics action, in the game's
/// words: who did what, then each result in order.
pub fn caption(record: &GameRecord, action: &Action) -> String {
    let units = roster(record, action);
    let team_name = |t: u64| {
        record
            .teams
            .get(t as usize)
            .and_then(|t| t.as_ref())
            .and_then(|t| t.name.clone())
            .unwrap_or_else(|| format!("team {t}"))
    };
    let unit_name = |id: u64| match units.iter().find(|(u, _, _)| *u == id) {
        Some((_, kind, _)) => format!("{} {id}", kind.stats().name),
        None => format!("unit {id}"),
    };
    let kind_of = |id: u64| units.iter().find(|(u, _, _)| *u == id).map(|(_, k, _)| *k);
    let tile = |key: &str| {
        action
            .extra
            .get(key)
            .and_then(|v| serde_json::from_value::<Tile>(v.clone()).ok())
            .map(|t| format!("{},{}", t.x, t.y))
    };
    let direction = action.extra.get("direction").and_then(Value::as_str);
    let who = action.team_id.map(team_name);
    let actor = action.unit.map(unit_name).unwrap_or_default();
    let results = results_text(action, &unit_name, &kind_of);
    let what = match action.action_type.as_str() {
        "move" => {
            let mut s = format!(
                "{actor} moves to {}",
                tile("assignment").unwrap_or_default()
            );
            if let Some(d) = direction {
                let _ = write!(s, ", now facing {d}");
            }
            s
        }
        "attack" => {
            let seed = action.unit.and_then(kind_of) == Some(UnitType::ChaosSeed);
            let verb = match action.unit.and_then(kind_of) {
                _ if seed => "strikes back at".to_string(),
                Some(UnitType::Cleric) => "heals the team".into(),
                Some(UnitType::Enchantress) => "casts paralysis".into(),
                Some(UnitType::Assassin) => "strikes all around".into(),
                _ => "attacks".into(),
            };
            let mut s = format!("{actor} {verb}");
            if let Some(t) = tile("target") {
                let _ = write!(s, " {t}");
            }
            if let Some(d) = direction {
                let _ = write!(s, " facing {d}");
            }
            s
        }
        "attackSpecial" => match action.unit.and_then(kind_of) {
            Some(UnitType::Assassin) => format!("{actor} uses Deathblow"),
            Some(UnitType::ChaosDragon) => format!("{actor} regenerates"),
            _ => format!("{actor} uses its special"),
        },
        "turn" => format!("{actor} turns to face {}", direction.unwrap_or("?")),
        "breakFocus" => format!("{actor} breaks focus"),
        "endTurn" => {
            let mut s = "the turn ends".to_string();
            if let Some(t) = action.extra.get("newPlayerTeam").and_then(Value::as_u64) {
                let _ = write!(s, "; {} goes to the player", team_name(t));
            }
            s
        }
        "phase" => format!(
            "{actor} takes on {}",
            action
                .extra
                .get("colorId")
                .and_then(Value::as_str)
                .unwrap_or("another colour")
        ),
        "heal" => format!("{actor} heals"),
        "hatch" => format!("{actor} hatches"),
        other => format!("{actor} {other}"),
    };
    let mut out = match who {
        Some(w) if action.action_type == "endTurn" => format!("{w}: {what}"),
        Some(w) => format!("{w}: {what}"),
        None => what,
    };
    if !results.is_empty() {
        out.push_str(": ");
        out.push_str(&results.join("; "));
    } else if matches!(action.action_type.as_str(), "attack") && action.results.is_some() {
        out.push_str(": nothing is struck");
    }
    out
}

/// The results of an action in words, in order, each with its sub-results.
fn results_text(
    action: &Action,
    unit_name: &dyn Fn(u64) -> String,
    kind_of: &dyn Fn(u64) -> Option<UnitType>,
) -> Vec<String> {
    let one = |r: &ActionResult| -> Option<String> {
        let id = r.unit?;
        let mut parts: Vec<String> = vec![];
        if let Some(m) = r.extra.get("miss").and_then(Value::as_str) {
            parts.push(m.to_string());
        }
        if let Some(l) = r.extra.get("luck").and_then(Value::as_i64) {
            parts.push(format!("luck {l}"));
        }
        if let Some(n) = r.extra.get("notice").and_then(Value::as_str) {
            parts.push(format!("“{n}”"));
        }
        if let Some(b) = r.extra.get("banned") {
            parts.push(format!("bans team {}", render_list(b)));
        }
        for (k, v) in r.changes.iter().flatten() {
            let text = match k.as_str() {
                "mHealth" => {
                    let health = kind_of(id).map_or(0, |t| t.stats().health);
                    let left = health + v.as_i64().unwrap_or(0) as i32;
                    if left <= 0 && kind_of(id) != Some(UnitType::ChaosSeed) {
                        "killed".to_string()
                    } else {
                        format!("health {left}/{health}")
                    }
                }
                "mBlocking" => format!("blocking {:+}", v.as_f64().unwrap_or(0.0).round()),
                "mRecovery" => match v.as_i64() {
                    Some(0) => "ready".into(),
                    Some(n) => format!("recovers for {n}"),
                    None => "recovery ?".into(),
                },
                "direction" => format!("faces {}", v.as_str().unwrap_or("?")),
                "focusing" => match v {
                    Value::Bool(false) => "stops focusing".into(),
                    other => format!("focuses on {}", render_list(other)),
                },
                "paralyzed" => match v {
                    Value::Bool(false) => "freed".into(),
                    other => format!("paralysed by {}", render_list(other)),
                },
                "type" => format!(
                    "becomes the {}",
                    v.as_str()
                        .and_then(UnitType::parse)
                        .map_or("?", |t| t.stats().name)
                ),
                other => format!("{other} {v}"),
            };
            parts.push(text);
        }
        (!parts.is_empty()).then(|| format!("{} {}", unit_name(id), parts.join(", ")))
    };
    let mut out = vec![];
    for r in action.results.iter().flatten() {
        let mut text = one(r).unwrap_or_default();
        let subs: Vec<String> = r.results.iter().flatten().filter_map(one).collect();
        if !subs.is_empty() {
            if !text.is_empty() {
                text.push_str(" with ");
            }
            text.push_str(&subs.join(" and "));
        }
        if !text.is_empty() {
            out.push(text);
        }
    }
    out
}

fn render_list(v: &Value) -> String {
    match v {
        Value::Array(a) if a.is_empty() => "nobody (for good)".into(),
        Value::Array(a) => a
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}
