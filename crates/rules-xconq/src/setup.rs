//! Setting up a game from a loaded module (spec §6.1).
//!
//! The module's sides and units become the state; the views are then
//! initialised in the kernel's order (coverage, terrain reset, a look at
//! every cell, the initial views around each unit), which in intro draws
//! nothing.

use gdl::Interp;

use crate::geometry::{set_edge, Area};
use crate::history::History;
use crate::kernel::K;
use crate::rng::Xrandom;
use crate::rules::{Rules, TerrainKind};
use crate::state::{Side, State, Unit, GAIN_INITIAL};
use crate::views::SideVision;

/// A side's texts from the module (§5.2).
fn side_texts(interp: &Interp, index: usize) -> [Option<String>; 5] {
    let strings = &interp.sides[index].strings;
    let text = |i: usize| strings[i].as_ref().map(|b| latin1(b));
    [text(0), text(3), text(4), text(5), text(6)]
}

/// Bytes read as Latin-1 (D15).
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A fresh side with the rules' sizes.
pub fn new_side(r: &Rules, id: usize, cells: usize) -> Side {
    let nu = r.nu();
    Side {
        id,
        ingame: true,
        everingame: true,
        status: 0,
        counts: vec![1; nu],
        tech: vec![0; nu],
        inittech: vec![0; nu],
        gain_counts: vec![0; nu * 4],
        loss_counts: vec![0; nu * 7],
        attack_stats: vec![0; nu * nu],
        hit_stats: vec![0; nu * nu],
        attacked: vec![false; nu],
        scores: vec![0],
        vision: SideVision::new(cells),
        ..Side::default()
    }
}

/// An empty state of the module's area and sides, with no units.
pub fn empty_state(r: &Rules, area: Area, seed: i64) -> State {
    let cells = area.cells();
    State {
        area,
        terrain: vec![0; cells],
        aux: vec![Vec::new(); r.nt()],
        people: None,
        units: vec![Unit::default()],
        sides: Vec::new(),
        stacks: vec![Vec::new(); cells],
        turn: 0,
        rng: Xrandom::seeded(seed),
        history: History::default(),
        endofgame: false,
        action_vectors: Vec::new(),
        intro_rule: false,
        town_tasks: Vec::new(),
        initial_sides: 0,
    }
}

/// The module's border and connection layers (`aux-terrain`, §3.4). Each
/// bit set on a cell is recorded on both cells of its edge, as the kernel
/// keeps them, so a module that gives an edge on one side only plays the
/// same from either side; a bit towards a cell outside the area is
/// dropped. (Layers of other aux types are refused before setup:
/// `support::check_world`.)
fn aux_from_module(r: &Rules, interp: &Interp, s: &mut State) {
    let area = s.area;
    for (t, layer) in &interp.area.aux {
        let edges = matches!(
            r.terrain_kind.get(*t),
            Some(TerrainKind::Border | TerrainKind::Connection)
        );
        if !edges || layer.len() != area.cells() {
            continue;
        }
        let mut masks = vec![0u8; area.cells()];
        for y in 0..area.height {
            for x in 0..area.width {
                if !area.in_area(x, y) {
                    continue;
                }
                let bits = layer[area.index(x, y)];
                for d in (0..6).filter(|d| bits & (1 << d) != 0) {
                    set_edge(&mut masks, &area, x, y, d);
                }
            }
        }
        if masks.iter().any(|&m| m != 0) {
            s.aux[*t] = masks;
        }
    }
}

/// Builds the state of §6.1 from a loaded module.
pub fn from_module(r: &Rules, interp: &Interp, seed: i64) -> State {
    let area = Area {
        width: interp.area.width.max(3),
        height: interp.area.height.max(3),
        circumference: interp.world.circumference,
    };
    let mut s = empty_state(r, area, seed);
    if let Some(t) = &interp.area.terrain {
        for (cell, &v) in t.iter().enumerate() {
            s.terrain[cell] = v.clamp(0, 255) as u8;
        }
    }
    aux_from_module(r, interp, &mut s);
    for (i, side) in interp.sides.iter().enumerate() {
        let mut sd = new_side(r, side.id.max(0) as usize, area.cells());
        let [name, noun, plural, adjective, class] = side_texts(interp, i);
        sd.name = name;
        sd.noun = noun;
        sd.plural_noun = plural;
        sd.adjective = adjective;
        sd.class = class;
        s.sides.push(sd);
    }
    s.initial_sides = s.sides.len() - 1;
    s.action_vectors = vec![Vec::new(); s.sides.len()];
    let nm = r.nm();
    for gu in &interp.units {
        let id = gu.id;
        if id <= 0 || gu.hp <= 0 {
            continue;
        }
        while s.units.len() <= id as usize {
            let n = s.units.len() as i32;
            s.units.push(Unit {
                id: n,
                flushed: true,
                ..Unit::default()
            });
        }
        let side = gu.side.max(0) as usize;
        let side = if side < s.sides.len() { side } else { 0 };
        let mut supply = gu.supply.clone();
        supply.resize(nm, 0);
        s.units[id as usize] = Unit {
            id,
            utype: gu.utype,
            side,
            origside: if gu.origside >= 0 && (gu.origside as usize) < s.sides.len() {
                gu.origside as usize
            } else {
                side
            },
            x: -1,
            y: -1,
            transport: 0,
            occupants: Vec::new(),
            hp: gu.hp,
            hp2: gu.hp,
            cp: gu.cp,
            supply,
            number: gu.number,
            name: gu.name.as_deref().map(latin1),
            ..Unit::default()
        };
        s.sides[side].units.insert(0, id);
        s.sides[side].gain_counts[gu.utype * 4 + GAIN_INITIAL] += 1;
    }
    // Place the units: module units enter their cells before any side has
    // vision, so placing them shows nothing to anyone.
    let mut placed: Vec<(i32, i32, i32, i32)> = interp
        .units
        .iter()
        .filter(|gu| gu.id > 0 && gu.hp > 0)
        .map(|gu| (gu.id, gu.prevx, gu.prevy, gu.transport))
        .collect();
    placed.sort_by_key(|p| p.0);
    {
        let mut k = K::new(r, &mut s);
        for &(id, x, y, transport) in &placed {
            if transport > 0 && k.s.units.get(transport as usize).is_some_and(|t| t.hp > 0) {
                k.place_in_transport(id, transport);
            } else if area.in_area(x, y) {
                k.place_in_cell(id, x, y);
            }
        }
        k.init_views();
    }
    s
}

impl K<'_> {
    /// Puts a unit in a cell's stack with no vision effects (setup only).
    pub fn place_in_cell(&mut self, id: i32, x: i32, y: i32) {
        let c = self.cell(x, y);
        let at = {
            let key = self.order_key(id);
            self.s.stacks[c]
                .iter()
                .position(|&o| key < self.order_key(o))
                .unwrap_or(self.s.stacks[c].len())
        };
        self.s.stacks[c].insert(at, id);
        self.set_position(id, x, y);
    }

    /// Puts a unit in a transport with no vision effects (setup only).
    pub fn place_in_transport(&mut self, id: i32, tr: i32) {
        let key = self.order_key(id);
        let at = self.s.units[tr as usize]
            .occupants
            .iter()
            .position(|&o| key < self.order_key(o))
            .unwrap_or(self.s.units[tr as usize].occupants.len());
        self.s.units[tr as usize].occupants.insert(at, id);
        self.s.units[id as usize].transport = tr;
        let (x, y) = (self.u(tr).x, self.u(tr).y);
        self.set_position(id, x, y);
    }

    fn set_position(&mut self, id: i32, x: i32, y: i32) {
        let u = self.um(id);
        u.x = x;
        u.y = y;
        let occs = u.occupants.clone();
        for o in occs {
            self.set_position(o, x, y);
        }
    }

    /// The views of §6.1 step 3, for every side in order.
    pub fn init_views(&mut self) {
        let nsides = self.s.sides.len();
        let cells = self.s.area.cells();
        // 1. coverage from each side's units, then terrain back to unseen.
        for side in 0..nsides {
            self.calc_coverage(side);
            self.s.sides[side].vision.terrain = vec![0; cells];
        }
        // 2. a look at every cell.
        let all: Vec<(i32, i32)> = self.s.area.all_cells().collect();
        for side in 0..nsides {
            for &(x, y) in &all {
                self.see_cell(side, x, y);
            }
        }
        // 3. the initial views around each own unit.
        for side in 0..nsides {
            for id in self.s.global_ids() {
                let u = self.u(id);
                if u.hp <= 0 || !self.trusts(u.side, side) {
                    continue;
                }
                let (x, y, utype) = (u.x, u.y, u.utype);
                if !self.s.area.in_area(x, y) {
                    continue;
                }
                self.see_exact(side, x, y);
                let radius = self.r.u.initial_seen_radius[utype];
                for (cx, cy) in self.s.area.disc(x, y, radius) {
                    self.initial_view_of_cell(side, cx, cy);
                }
            }
        }
    }

    /// `calc_coverage` (§11.2).
    pub fn calc_coverage(&mut self, side: usize) {
        let cells = self.s.area.cells();
        let mut cov = vec![0i16; cells];
        if let Some(people) = &self.s.people {
            for (c, &p) in people.iter().enumerate() {
                if usize::from(p) < self.s.sides.len() && self.trusts(usize::from(p), side) {
                    cov[c] = 1;
                }
            }
        }
        self.s.sides[side].vision.coverage = cov;
        for id in self.s.global_ids() {
            if !self.in_play(id) {
                continue;
            }
            let u = self.u(id);
            let (x, y, utype, uside) = (u.x, u.y, u.utype, u.side);
            if self.trusts(uside, side) {
                if self.covers(id) {
                    let range = self.r.u.vision_range[utype];
                    self.cover(side, range, None, Some((x, y)));
                }
            } else if self.r.u.see_always[utype] != 0 && self.terrain_seen(side, x, y) {
                let c = self.cell(x, y);
                self.s.sides[side].vision.coverage[c] += 1;
            }
        }
    }

    /// The initial view of one cell (§6.1 step 3.3).
    fn initial_view_of_cell(&mut self, side: usize, x: i32, y: i32) {
        self.record_terrain(side, x, y);
        if self.coverage(side, x, y) > 0 {
            return;
        }
        let stack = self.s.stacks[self.cell(x, y)].clone();
        for id in stack {
            let utype = self.u(id).utype;
            if self.r.u.see_always[utype] != 0 {
                self.see_exact(side, x, y);
                let c = self.cell(x, y);
                self.s.sides[side].vision.coverage[c] = 1;
                return;
            }
            let chance = if self.u(id).side == 0 {
                self.r.u.already_seen_independent[utype]
            } else {
                self.r.u.already_seen[utype]
            };
            if self.s.rng.probability("already-seen", chance) {
                self.add_unit_view(side, id);
            }
        }
    }
}
