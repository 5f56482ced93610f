//! TaE boards: the grid of systems (inhabitable ones light, uninhabitable
//! space grey) with its coordinates along the left and bottom edges,
//! colonies as tiles coloured and lettered by type, artifacts, leaders in
//! their owner's colour with their letter and id, destroyed systems, the
//! kingdoms (connected regions) tinted, and a panel with each seat's
//! scores, hand size, leaders and bombers in hand, and the viewer's own
//! hand, each colonist with its letter and the id the orders use (a view
//! holds only the viewer's hand, so no other seat's hand can be drawn).

use crate::events::Event;
use crate::pieces::leader_id;
use crate::regions::Regions;
use crate::{Cell, Colony, Kind, Leader, Pos, Terrain, View};
use engine::record::Action;
use serde_json::Value;

use render::svg::{esc, num, seat_colour, Svg};
use render::{Highlight, RenderError};

const CELL: f64 = 10.0;
const HEAD: f64 = 10.0;
const PANEL: f64 = 62.0;
/// Room for the coordinates: y left of the grid, x under it.
const EDGE: f64 = 6.0;

/// Tile colours per colony type, with a letter each so colour is not the
/// only cue: Merchant (money), sCientist (technology), Settler (people),
/// mIning (raw materials).
fn kind_style(k: Kind) -> (&'static str, &'static str) {
    match k {
        Kind::Merchant => ("#e8b04b", "M"),
        Kind::Scientist => ("#6fa8dc", "C"),
        Kind::Settler => ("#93c47d", "S"),
        Kind::Mining => ("#b4a7d6", "I"),
    }
}

/// A TaE board, from a seat's or a spectator's view.
#[derive(Debug, Clone)]
pub struct Board {
    view: View,
}

impl Board {
    pub fn from_view(view: &Value) -> Result<Board, RenderError> {
        let view: View = serde_json::from_value(view.clone())
            .map_err(|e| RenderError::input(format!("view: not a TaE view: {e}")))?;
        let b = &view.board;
        let area = usize::from(b.width) * usize::from(b.height);
        if area == 0 || b.terrain.len() != area || b.cells.len() != area {
            return Err(RenderError::input(format!(
                "view.board: {}×{} needs {area} terrain and cell entries, not {} and {}",
                b.width,
                b.height,
                b.terrain.len(),
                b.cells.len()
            )));
        }
        Ok(Board { view })
    }

    fn cell_mut(&mut self, p: Pos, path: &str) -> Result<&mut Cell, RenderError> {
        let b = &mut self.view.board;
        if p.x >= b.width || p.y >= b.height {
            return Err(RenderError::input(format!("{path}: {p} is off the board")));
        }
        let i = b.index(p);
        Ok(&mut b.cells[i])
    }

    fn player(
        &mut self,
        seat: usize,
        path: &str,
    ) -> Result<&mut crate::view::PlayerView, RenderError> {
        self.view
            .players
            .get_mut(seat)
            .ok_or_else(|| RenderError::input(format!("{path}: no seat {seat}")))
    }

    /// Applies one recorded event (the action's `detail`).
    pub fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        let Some(detail) = action.extra.get("detail") else {
            return Ok(());
        };
        let at = format!("{path}.detail");
        let event: Event = serde_json::from_value(detail.clone())
            .map_err(|e| RenderError::input(format!("{at}: not a TaE event: {e}")))?;
        match event {
            Event::Colonized {
                seat,
                colonist,
                kind,
                at: p,
            } => {
                *self.cell_mut(p, &at)? = Cell::Colony(Colony {
                    kind,
                    artifact: false,
                    id: Some(colonist),
                    placed_by: Some(seat),
                });
                let mine = self.view.seat == Some(seat);
                let player = self.player(seat, &at)?;
                player.hand = player.hand.saturating_sub(1);
                if mine {
                    self.view.hand.retain(|c| c.id != colonist);
                }
            }
            Event::Moved { leader, from, to } => {
                match from {
                    Some(f) => *self.cell_mut(f, &at)? = Cell::Empty,
                    None => {
                        let p = self.player(leader.owner, &at)?;
                        p.leaders_in_hand.retain(|&k| k != leader.kind);
                    }
                }
                *self.cell_mut(to, &at)? = Cell::Leader(leader);
            }
            Event::Bombed {
                seat,
                bomber,
                at: p,
            } => {
                *self.cell_mut(p, &at)? = Cell::Destroyed;
                self.player(seat, &at)?.bombers.retain(|&b| b != bomber);
            }
            Event::LeaderHome { leader, from } => {
                *self.cell_mut(from, &at)? = Cell::Empty;
                let p = self.player(leader.owner, &at)?;
                if !p.leaders_in_hand.contains(&leader.kind) {
                    p.leaders_in_hand.push(leader.kind);
                    p.leaders_in_hand.sort_by_key(|k| k.index());
                }
            }
            Event::ColonyRemoved { at: p, .. } => *self.cell_mut(p, &at)? = Cell::Empty,
            Event::ArtifactTaken { seat, at: p } => {
                if let Cell::Colony(c) = self.cell_mut(p, &at)? {
                    c.artifact = false;
                }
                self.player(seat, &at)?.score.artifacts += 1;
                self.view.artifacts = self.view.artifacts.saturating_sub(1);
            }
            Event::Scored { seat, kind, points } => {
                self.player(seat, &at)?.score.points[kind.index()] += points;
            }
            _ => {}
        }
        Ok(())
    }

    /// Where the piece with record id `id` stands (leaders and colonies).
    pub fn position(&self, id: u64) -> Option<(f64, f64)> {
        let b = &self.view.board;
        b.cells.iter().enumerate().find_map(|(i, c)| {
            let here = match c {
                Cell::Colony(col) => col.id == Some(id),
                Cell::Leader(l) => leader_id(*l) == id,
                _ => false,
            };
            here.then(|| {
                let w = usize::from(b.width);
                ((i % w) as f64, (i / w) as f64)
            })
        })
    }

    pub fn draw(&self, highlight: Option<&Highlight>) -> String {
        let v = &self.view;
        let b = &v.board;
        let (bw, bh) = (f64::from(b.width) * CELL, f64::from(b.height) * CELL);
        let panel_h =
            14.0 + v.players.len() as f64 * 26.0 + if v.hand.is_empty() { 0.0 } else { 22.0 };
        let h = (HEAD + bh + EDGE).max(panel_h);
        let whose = match v.seat {
            Some(s) => format!("seat {s}'s view"),
            None => "spectator view".to_string(),
        };
        let label = format!("TaE board {}, turn {}, {whose}", v.title, v.turn);
        let mut svg = Svg::new(
            "tae",
            (0.0, 0.0, EDGE + bw + PANEL, h + render::foot(highlight)),
            &label,
        );
        svg.tap_size(CELL);
        svg.text(
            1.0,
            7.0,
            "font-size=\"5.5\" fill=\"#222\"",
            &format!("{} — turn {} — {whose}", v.title, v.turn),
        );
        let regions = Regions::of(b, None);
        const TINTS: [&str; 6] = [
            "#fdebd0", "#d6eaf8", "#d5f5e3", "#fadbd8", "#e8daef", "#fcf3cf",
        ];
        for y in 0..b.height {
            for x in 0..b.width {
                let p = Pos::new(x, y);
                let (px, py) = (EDGE + f64::from(x) * CELL, HEAD + f64::from(y) * CELL);
                let terrain = b.terrain[b.index(p)];
                let region = regions.label(b, p);
                let fill = match (terrain, region) {
                    (Terrain::Uninhabitable, _) => "#c9ced6",
                    (_, Some(r)) => TINTS[r as usize % TINTS.len()],
                    _ => "#fbfbf8",
                };
                let (t, what) = match terrain {
                    Terrain::Inhabitable => ("inhabitable", "system"),
                    Terrain::Uninhabitable => ("uninhabitable", "space"),
                };
                let reg = region
                    .map(|r| format!(" data-region=\"{r}\""))
                    .unwrap_or_default();
                svg.put(format_args!(
                    "<rect data-kind=\"system\" data-id=\"{x},{y}\" data-terrain=\"{t}\"{reg} x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#9aa0a8\" stroke-width=\"0.3\"><title>{what} ({x},{y})</title></rect>\n",
                    num(px), num(py)
                ));
                self.draw_cell(&mut svg, b.cells[b.index(p)], px, py);
            }
        }
        // Coordinates: x under the grid, y left of it.
        let mut coords = String::new();
        for x in 0..b.width {
            coords.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{x}</text>",
                num(EDGE + (f64::from(x) + 0.5) * CELL),
                num(HEAD + bh + 4.2)
            ));
        }
        for y in 0..b.height {
            coords.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{y}</text>",
                num(EDGE / 2.0),
                num(HEAD + (f64::from(y) + 0.5) * CELL + 1.3)
            ));
        }
        svg.put(format_args!(
            "<g class=\"coords\" font-size=\"3.6\" fill=\"#555\" text-anchor=\"middle\" aria-hidden=\"true\">{coords}</g>\n"
        ));
        if let Some(hl) = highlight {
            if let Some(id) = hl.unit {
                if let Some((x, y)) = self.position(id) {
                    svg.put(format_args!(
                        "<rect class=\"acting\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"#f39c12\" stroke-width=\"1.2\"/>\n",
                        num(EDGE + x * CELL), num(HEAD + y * CELL)
                    ));
                }
            }
        }
        self.draw_panel(&mut svg, EDGE + bw + 3.0);
        if let Some(hl) = highlight {
            render::draw_caption(&mut svg, EDGE + bw + PANEL, h, &hl.caption);
        }
        svg.finish()
    }

    fn draw_cell(&self, svg: &mut Svg, cell: Cell, px: f64, py: f64) {
        let (cx, cy) = (px + CELL / 2.0, py + CELL / 2.0);
        match cell {
            Cell::Empty => {}
            Cell::Destroyed => svg.put(format_args!(
                "<path class=\"destroyed\" d=\"M{} {}l{} {}m0 -{}l-{} {}\" stroke=\"#333\" stroke-width=\"0.9\"><title>destroyed system</title></path>\n",
                num(px + 2.0), num(py + 2.0), num(CELL - 4.0), num(CELL - 4.0), num(CELL - 4.0), num(CELL - 4.0), num(CELL - 4.0)
            )),
            Cell::Colony(c) => {
                let (fill, letter) = kind_style(c.kind);
                let id = c.id.map(|i| format!(" data-id=\"{i}\"")).unwrap_or_default();
                let by = c.placed_by.map(|s| format!(", placed by seat {s}")).unwrap_or_default();
                svg.put(format_args!(
                    "<g class=\"colony\" data-kind=\"colony\" data-colony=\"{}\"{id}><title>{} colony{}{by}</title><rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" rx=\"1.2\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.4\"/><text x=\"{}\" y=\"{}\" font-size=\"4.5\" text-anchor=\"middle\" fill=\"#222\">{letter}</text>",
                    c.kind.name(), c.kind.name(), if c.artifact { " with an artifact" } else { "" },
                    num(px + 1.0), num(py + 1.0), num(cx), num(cy + 1.6)
                ));
                if c.artifact {
                    svg.put(format_args!(
                        "<path class=\"artifact\" data-kind=\"artifact\" d=\"M{} {}l1.6 1.6l-1.6 1.6l-1.6 -1.6z\" fill=\"#f1c40f\" stroke=\"#7d6608\" stroke-width=\"0.3\"/>",
                        num(px + 7.2), num(py + 0.6)
                    ));
                }
                svg.raw("</g>\n");
            }
            Cell::Leader(l) => self.leader(svg, l, cx, cy, 3.6),
        }
    }

    fn leader(&self, svg: &mut Svg, l: Leader, cx: f64, cy: f64, r: f64) {
        let (_, letter) = kind_style(l.kind);
        let id = leader_id(l);
        svg.put(format_args!(
            "<g class=\"leader\" data-kind=\"piece\" data-id=\"{id}\" data-owner=\"{}\"><title>seat {}'s {} leader {id}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#111\" stroke-width=\"0.4\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#fff\">{letter}{id}</text></g>\n",
            l.owner, l.owner, l.kind.name(), num(cx), num(cy), num(r), seat_colour(l.owner),
            num(cx), num(cy + r * 0.35), num(r * if id >= 10 { 0.75 } else { 0.95 })
        ));
    }

    fn draw_panel(&self, svg: &mut Svg, x0: f64) {
        let v = &self.view;
        let small = "font-size=\"3.6\" fill=\"#222\"";
        let mut y = HEAD + 2.0;
        svg.text(
            x0,
            y + 2.0,
            small,
            &format!("pool {} · artifacts on board {}", v.pool, v.artifacts),
        );
        y += 6.0;
        for (s, p) in v.players.iter().enumerate() {
            let bold = if v.seat == Some(s) {
                " font-weight=\"bold\""
            } else {
                ""
            };
            svg.put(format_args!(
                "<g class=\"seat\" data-owner=\"{s}\"><rect x=\"{}\" y=\"{}\" width=\"4\" height=\"4\" fill=\"{}\"/>",
                num(x0), num(y), seat_colour(s)
            ));
            svg.text(
                x0 + 5.5,
                y + 3.4,
                &format!("font-size=\"4\" fill=\"#222\"{bold}"),
                &format!("Seat {s}"),
            );
            let pts = &p.score.points;
            svg.text(
                x0,
                y + 8.5,
                small,
                &format!(
                    "M {} C {} S {} I {} · art {}",
                    pts[0], pts[1], pts[2], pts[3], p.score.artifacts
                ),
            );
            svg.text(
                x0,
                y + 13.0,
                small,
                &format!("hand {} · bombers {}", p.hand, p.bombers.len()),
            );
            let mut lx = x0 + 3.0;
            for &k in &p.leaders_in_hand {
                self.leader(svg, Leader { owner: s, kind: k }, lx, y + 18.0, 2.6);
                lx += 6.2;
            }
            for &b in &p.bombers {
                svg.put(format_args!(
                    "<g class=\"bomber\" data-kind=\"piece\" data-id=\"{b}\" data-owner=\"{s}\"><title>seat {s}'s bomber {b}</title><path d=\"M{} {}l2.6 4.6h-5.2z\" fill=\"#333\"/></g>",
                    num(lx), num(y + 15.6)
                ));
                lx += 6.2;
            }
            svg.raw("</g>\n");
            y += 26.0;
        }
        if !v.hand.is_empty() {
            let me = v.seat.unwrap_or(0);
            svg.text(
                x0,
                y + 2.0,
                "font-size=\"4\" fill=\"#222\" font-weight=\"bold\"",
                "Your hand",
            );
            let mut hx = x0;
            let mut hy = y + 4.0;
            for c in &v.hand {
                let (fill, letter) = kind_style(c.kind);
                svg.put(format_args!(
                    "<g class=\"colonist\" data-kind=\"piece\" data-id=\"{}\" data-owner=\"{me}\"><title>{} colonist {}</title><rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" rx=\"1\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.4\"/><text x=\"{}\" y=\"{}\" font-size=\"2.4\" text-anchor=\"middle\" fill=\"#222\"><tspan x=\"{}\" dy=\"0\" font-size=\"3.2\">{letter}</tspan><tspan x=\"{}\" dy=\"2.6\">{}</tspan></text></g>\n",
                    c.id, esc(c.kind.name()), c.id, num(hx), num(hy), num(hx + 3.5), num(hy + 3.2), num(hx + 3.5), num(hx + 3.5), c.id
                ));
                hx += 8.0;
                if hx + 7.0 > x0 + PANEL - 3.0 {
                    hx = x0;
                    hy += 8.0;
                }
            }
        }
    }

    /// Record ids of the pieces drawn: leaders on the board and in hand,
    /// bombers, the viewer's colonists. For tests.
    pub fn piece_ids(&self) -> Vec<u64> {
        let v = &self.view;
        let mut ids: Vec<u64> = v
            .board
            .cells
            .iter()
            .filter_map(|c| match c {
                Cell::Leader(l) => Some(leader_id(*l)),
                _ => None,
            })
            .collect();
        for (s, p) in v.players.iter().enumerate() {
            ids.extend(
                p.leaders_in_hand
                    .iter()
                    .map(|&k| leader_id(Leader { owner: s, kind: k })),
            );
            ids.extend(p.bombers.iter().copied());
        }
        ids.extend(v.hand.iter().map(|c| c.id));
        ids
    }

    /// The board as the view has it (for tests comparing with the rules).
    pub fn view(&self) -> &View {
        &self.view
    }
}

/// How tae boards are drawn: the ruleset's entry in the registry carries it.
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
