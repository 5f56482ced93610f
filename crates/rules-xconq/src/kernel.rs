//! The kernel's primitives: the order of stacks (§3.7), capacity (§3.5,
//! §3.6), entering and leaving cells and transports (§8.2), killing and
//! changing side (§8.13), numbering (§8.14) and the spiral searches (§4.3).
//!
//! Every rule works through [`K`], the rules data borrowed beside the state
//! borrowed mutably: the rules never change during a game, so they are
//! shared, and a search's callback can take the whole state again.

use crate::geometry::{Area, DX, DY};
use crate::history::{Datum, Observers, PastUnit};
use crate::rules::{Rules, SideWords};
use crate::state::{
    State, Unit, LOSS_ACCIDENT, LOSS_COMBAT, LOSS_DISBAND, LOSS_OTHER, LOSS_STARVATION,
};

/// The rules and the state, together.
pub struct K<'a> {
    pub r: &'a Rules,
    pub s: &'a mut State,
}

/// Why a unit died (its event and loss reason, §14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Death {
    Killed,
    Starved,
    Vanished,
    Disbanded,
    LeftWorld,
}

impl Death {
    fn event(self) -> &'static str {
        match self {
            Death::Killed => "unit-killed",
            Death::Starved => "unit-starved",
            Death::Vanished => "unit-vanished",
            Death::Disbanded => "unit-disbanded",
            Death::LeftWorld => "unit-left-world",
        }
    }

    fn loss(self) -> usize {
        match self {
            Death::Killed => LOSS_COMBAT,
            Death::Starved => LOSS_STARVATION,
            Death::Vanished => LOSS_ACCIDENT,
            Death::Disbanded => LOSS_DISBAND,
            Death::LeftWorld => LOSS_OTHER,
        }
    }
}

/// Why a unit changed side (its event, §14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideChange {
    Captured,
    Surrendered,
    Acquired,
    Revolted,
}

impl<'a> K<'a> {
    pub fn new(r: &'a Rules, s: &'a mut State) -> K<'a> {
        K { r, s }
    }

    // ----- small queries -----

    pub fn u(&self, id: i32) -> &Unit {
        &self.s.units[id as usize]
    }

    pub fn um(&mut self, id: i32) -> &mut Unit {
        &mut self.s.units[id as usize]
    }

    pub fn alive(&self, id: i32) -> bool {
        self.u(id).hp > 0
    }

    pub fn complete(&self, id: i32) -> bool {
        let u = self.u(id);
        u.cp >= self.r.u.cp[u.utype]
    }

    /// In play: alive and inside the area.
    pub fn in_play(&self, id: i32) -> bool {
        let u = self.u(id);
        u.hp > 0 && self.s.area.inside_area(u.x, u.y)
    }

    /// Active: in play and complete.
    pub fn active(&self, id: i32) -> bool {
        self.in_play(id) && self.complete(id)
    }

    pub fn inside(&self, x: i32, y: i32) -> bool {
        self.s.area.inside_area(x, y)
    }

    pub fn cell(&self, x: i32, y: i32) -> usize {
        self.s.area.index(x, y)
    }

    pub fn distance_units(&self, a: i32, b: i32) -> i32 {
        let (ua, ub) = (self.u(a), self.u(b));
        self.s.area.distance(ua.x, ua.y, ub.x, ub.y)
    }

    /// Whether side `a` trusts side `b` (only itself, in these games).
    pub fn trusts(&self, a: usize, b: usize) -> bool {
        a == b
    }

    /// The type of a unit's transport, if it has one.
    pub fn transport_type(&self, id: i32) -> Option<usize> {
        let t = self.u(id).transport;
        (t != 0).then(|| self.u(t).utype)
    }

    /// `type_allowed_on_side` (`possible-sides`).
    pub fn type_allowed_on_side(&self, u: usize, side: usize) -> bool {
        let sd = &self.s.sides[side];
        let mut words: Vec<&str> = [
            &sd.name,
            &sd.noun,
            &sd.plural_noun,
            &sd.adjective,
            &sd.class,
        ]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
        if side == 0 {
            words.push("independent");
        }
        self.r.possible_sides[u].allows(&SideWords {
            number: side as i32,
            words,
        })
    }

    // ----- order of stacks and occupants (§3.7) -----

    pub(crate) fn order_key(&self, id: i32) -> (usize, i32, usize, i32) {
        let u = self.u(id);
        (u.side, -self.r.u.stack_order[u.utype], u.utype, u.id)
    }

    fn insert_ordered(&self, list: &[i32], id: i32) -> usize {
        let key = self.order_key(id);
        list.iter()
            .position(|&o| key < self.order_key(o))
            .unwrap_or(list.len())
    }

    fn stack_insert(&mut self, id: i32, x: i32, y: i32) {
        let c = self.cell(x, y);
        let at = self.insert_ordered(&self.s.stacks[c], id);
        self.s.stacks[c].insert(at, id);
    }

    fn stack_remove(&mut self, id: i32, x: i32, y: i32) {
        let c = self.cell(x, y);
        self.s.stacks[c].retain(|&o| o != id);
    }

    fn occupant_insert(&mut self, t: i32, id: i32) {
        let at = self.insert_ordered(&self.u(t).occupants, id);
        self.um(t).occupants.insert(at, id);
        self.um(id).transport = t;
    }

    fn occupant_remove(&mut self, id: i32) {
        let t = self.u(id).transport;
        if t != 0 {
            self.um(t).occupants.retain(|&o| o != id);
            self.um(id).transport = 0;
        }
    }

    /// Puts a unit at its ordered place again after its side changed.
    fn reorder(&mut self, id: i32) {
        let u = self.u(id);
        let (t, x, y) = (u.transport, u.x, u.y);
        if t != 0 {
            self.um(t).occupants.retain(|&o| o != id);
            let at = self.insert_ordered(&self.u(t).occupants, id);
            self.um(t).occupants.insert(at, id);
        } else if self.s.area.in_area(x, y) {
            let c = self.cell(x, y);
            if self.s.stacks[c].contains(&id) {
                self.stack_remove(id, x, y);
                self.stack_insert(id, x, y);
            }
        }
    }

    /// Every unit inside `id`, depth first (occupants, then theirs).
    pub fn occupants_deep(&self, id: i32) -> Vec<i32> {
        let mut out = Vec::new();
        for &o in &self.u(id).occupants {
            out.push(o);
            out.extend(self.occupants_deep(o));
        }
        out
    }

    // ----- capacity (§3.5, §3.6) -----

    /// `type_can_occupy_cell_without(u, x, y, w)` (w = 0: nobody left out).
    pub fn type_can_occupy_cell_without(&self, u: usize, x: i32, y: i32, w: i32) -> bool {
        let t = self.s.terrain_at(x, y);
        let tc = &self.r.t.terrain_capacity_x;
        if self.r.terrain_capacity[t] <= 0 && tc.get(u, t) <= 0 {
            return false;
        }
        let mut counts = vec![0; self.r.nu()];
        let mut fullness = 0;
        for &o in &self.s.stacks[self.cell(x, y)] {
            if o == w {
                continue;
            }
            let ot = self.u(o).utype;
            counts[ot] += 1;
            if counts[ot] > tc.get(ot, t) {
                fullness += self.r.t.unit_size_in_terrain.get(ot, t);
            }
        }
        counts[u] + 1 <= tc.get(u, t)
            || fullness + self.r.t.unit_size_in_terrain.get(u, t) <= self.r.terrain_capacity[t]
    }

    pub fn type_can_occupy_cell(&self, u: usize, x: i32, y: i32) -> bool {
        self.type_can_occupy_cell_without(u, x, y, 0)
    }

    /// `type_survives_in_cell` (§3.5).
    pub fn type_survives_in_cell(&self, u: usize, x: i32, y: i32) -> bool {
        for c in self.r.aux_types() {
            if self.r.terrain_kind[c] == crate::rules::TerrainKind::Connection
                && self.s.aux_at(c, x, y) != 0
                && self.r.t.vanishes_on.get(u, c) == 0
                && self.r.t.wrecks_on.get(u, c) == 0
            {
                return true;
            }
        }
        let t = self.s.terrain_at(x, y);
        self.r.t.vanishes_on.get(u, t) == 0 && self.r.t.wrecks_on.get(u, t) == 0
    }

    /// `type_can_occupy_without(u, T, w)` (§3.6); `complete` is T's state.
    pub fn type_can_occupy_without(&self, u: usize, tr: i32, w: i32) -> bool {
        let r = self.r;
        let tu = self.u(tr);
        let ut = tu.utype;
        if !(self.complete(tr)
            || r.t.acp_to_build.get(u, ut) >= 1
            || r.u.cp_per_self_build[ut] >= 1)
        {
            return false;
        }
        if r.u.capacity[ut] <= 0 && r.t.unit_capacity_x.get(ut, u) <= 0 {
            return false;
        }
        let mut counts = vec![0; r.nu()];
        let mut volume = 0;
        for &o in &tu.occupants {
            if o == w {
                continue;
            }
            let ot = self.u(o).utype;
            counts[ot] += 1;
            if counts[ot] > r.t.unit_capacity_x.get(ut, ot) {
                volume += r.t.unit_size_as_occupant.get(ot, ut);
            }
        }
        let n = counts[u];
        let dedicated = r.t.unit_capacity_x.get(ut, u);
        if n + 1 <= dedicated {
            return true;
        }
        let max = r.t.occupant_max.get(ut, u);
        if max >= 0 && n + 1 - dedicated > max {
            return false;
        }
        volume + r.t.unit_size_as_occupant.get(u, ut) <= r.u.capacity[ut]
    }

    /// `can_occupy(unit, T)`.
    pub fn can_occupy(&self, id: i32, tr: i32) -> bool {
        id != tr && self.type_can_occupy_without(self.u(id).utype, tr, 0)
    }

    // ----- entering and leaving (§8.2) -----

    fn set_xy_deep(&mut self, id: i32, x: i32, y: i32) {
        let u = self.um(id);
        u.x = x;
        u.y = y;
        let occs = u.occupants.clone();
        for o in occs {
            self.set_xy_deep(o, x, y);
        }
    }

    /// Whether a unit counts toward its side's coverage (§11.2).
    pub fn covers(&self, id: i32) -> bool {
        let u = self.u(id);
        if u.hp <= 0 || !self.complete(id) {
            return false;
        }
        match self.transport_type(id) {
            Some(tt) => self.r.t.occupant_vision.get(u.utype, tt) > 0,
            None => true,
        }
    }

    /// Moves the coverage of `id` and (after it) each occupant, deep.
    fn cover_deep(&mut self, id: i32, from: Option<(i32, i32)>, to: Option<(i32, i32)>) {
        if self.covers(id) {
            let side = self.u(id).side;
            let range = self.r.u.vision_range[self.u(id).utype];
            self.cover(side, range, from, to);
        }
        let occs = self.u(id).occupants.clone();
        for o in occs {
            self.cover_deep(o, from, to);
        }
    }

    /// Adds a unit's (and its occupants') coverage at its cell.
    pub fn add_cover_deep(&mut self, id: i32) {
        let u = self.u(id);
        let at = (u.x, u.y);
        self.cover_deep(id, None, Some(at));
    }

    /// Enters a cell (`enter_cell`).
    pub fn enter_cell(&mut self, id: i32, x: i32, y: i32) {
        self.stack_insert(id, x, y);
        self.set_xy_deep(id, x, y);
        self.cover_deep(id, None, Some((x, y)));
        self.all_see_occupy(id, x, y, true);
    }

    /// Leaves the cell or the transport (`leave_cell`).
    pub fn leave_cell(&mut self, id: i32) {
        let u = self.u(id);
        let (x, y, in_transport) = (u.x, u.y, u.transport != 0);
        if in_transport {
            self.occupant_remove(id);
        } else if self.s.area.in_area(x, y) {
            self.stack_remove(id, x, y);
        }
        if x < 0 {
            return;
        }
        self.set_xy_deep(id, -1, -1);
        self.cover_deep(id, Some((x, y)), None);
        self.all_see_leave(id, x, y, !in_transport);
    }

    /// Moves a unit to another cell (`move_unit`'s cell part: `change_cell`
    /// for a unit in the open, leave then enter for an occupant).
    pub fn change_cell(&mut self, id: i32, x: i32, y: i32) {
        let u = self.u(id);
        let (ox, oy, in_transport) = (u.x, u.y, u.transport != 0);
        if in_transport {
            self.leave_cell(id);
            self.enter_cell(id, x, y);
            return;
        }
        self.stack_remove(id, ox, oy);
        self.stack_insert(id, x, y);
        self.set_xy_deep(id, x, y);
        self.cover_deep(id, Some((ox, oy)), Some((x, y)));
        self.all_see_leave(id, ox, oy, true);
        self.all_see_occupy(id, x, y, true);
    }

    /// Enters a transport (`enter_transport`); a unit that does not fit is
    /// killed (disbanded).
    pub fn enter_transport(&mut self, id: i32, tr: i32) {
        if !self.can_occupy(id, tr) {
            self.kill_unit(id, Some(Death::Disbanded));
            return;
        }
        self.occupant_insert(tr, id);
        let t = self.u(tr);
        let (x, y) = (t.x, t.y);
        if self.inside(x, y) {
            self.set_xy_deep(id, x, y);
            self.cover_deep(id, None, Some((x, y)));
            self.all_see_occupy(id, x, y, false);
        }
    }

    // ----- killing and side changes (§8.13) -----

    fn snapshot(&mut self, id: i32) -> i32 {
        let u = self.u(id);
        let snap = PastUnit {
            id: 0,
            utype: u.utype,
            name: u.name.clone(),
            number: u.number,
            x: u.x,
            y: u.y,
            side: u.side,
        };
        self.s.history.snapshot(id, snap)
    }

    /// `kill_unit`.
    pub fn kill_unit(&mut self, id: i32, reason: Option<Death>) {
        if !self.alive(id) {
            return;
        }
        let (x, y, side) = {
            let u = self.u(id);
            (u.x, u.y, u.side)
        };
        self.leave_cell(id);
        self.see_exact(side, x, y);
        {
            let u = self.um(id);
            u.hp = 0;
            u.hp2 = 0;
        }
        if let Some(reason) = reason {
            self.record_death(id, reason);
        }
        for v in &mut self.s.action_vectors {
            v.retain(|&o| o != id);
        }
        self.s.town_tasks.retain(|t| t.unit != id);
        let occs = self.u(id).occupants.clone();
        for o in occs {
            self.kill_unit(o, reason);
        }
    }

    fn record_death(&mut self, id: i32, reason: Death) {
        let past = self.snapshot(id);
        let (side, utype) = (self.u(id).side, self.u(id).utype);
        let mut data = vec![Datum::Unit(past)];
        if matches!(reason, Death::Killed | Death::Starved) {
            data.push(Datum::Num(-1));
        }
        let turn = self.s.turn;
        self.s
            .history
            .record(turn, reason.event(), Observers::side(side), data);
        self.s.sides[side].loss_counts[utype * 7 + reason.loss()] += 1;
    }

    /// `assign_unit_number` (§8.14).
    pub fn assign_number(&mut self, id: i32) {
        let (utype, side, number) = (self.u(id).utype, self.u(id).side, self.u(id).number);
        if self.r.u.assign_number[utype] != 1 {
            return;
        }
        if side == 0 {
            self.um(id).number = 0;
        } else if number == 0 {
            let n = self.s.sides[side].counts[utype];
            self.s.sides[side].counts[utype] += 1;
            self.um(id).number = n;
        }
    }

    /// Moves a unit from its side's list to the front of another's.
    pub fn set_side_list(&mut self, id: i32, side: usize) {
        let old = self.u(id).side;
        self.s.sides[old].units.retain(|&o| o != id);
        self.s.sides[side].units.insert(0, id);
        self.um(id).side = side;
    }

    /// `change_unit_side` (§8.13).
    pub fn change_unit_side(&mut self, id: i32, side: usize, why: SideChange, agent: i32) {
        let (old, utype) = (self.u(id).side, self.u(id).utype);
        if old == side || !self.type_allowed_on_side(utype, side) {
            return;
        }
        self.record_side_change(id, side, why, agent);
        let occs = self.u(id).occupants.clone();
        for o in occs {
            self.change_unit_side(o, side, why, agent);
        }
        let (x, y) = (self.u(id).x, self.u(id).y);
        let visible = self.alive(id) && self.inside(x, y);
        if visible && self.covers(id) {
            let range = self.r.u.vision_range[utype];
            self.cover(old, range, Some((x, y)), None);
        }
        self.set_side_list(id, side);
        self.reorder(id);
        self.um(id).number = 0;
        self.assign_number(id);
        if visible {
            if self.covers(id) {
                let range = self.r.u.vision_range[utype];
                self.cover(side, range, None, Some((x, y)));
            }
            self.see_exact(old, x, y);
        }
        self.s.town_tasks.retain(|t| t.unit != id);
        for v in &mut self.s.action_vectors {
            v.retain(|&o| o != id);
        }
    }

    fn record_side_change(&mut self, id: i32, side: usize, why: SideChange, agent: i32) {
        let past = self.snapshot(id);
        let (old, utype) = (self.u(id).side, self.u(id).utype);
        let turn = self.s.turn;
        let (kind, obs, data) = match why {
            SideChange::Captured | SideChange::Surrendered => {
                let captor_side = if agent > 0 { self.u(agent).side } else { side };
                (
                    if why == SideChange::Captured {
                        "unit-captured"
                    } else {
                        "unit-surrendered"
                    },
                    Observers::sides(&[old, side, captor_side]),
                    vec![
                        Datum::Unit(past),
                        Datum::Unit(agent),
                        Datum::Num(side as i32),
                    ],
                )
            }
            SideChange::Acquired | SideChange::Revolted => (
                if why == SideChange::Acquired {
                    "unit-acquired"
                } else {
                    "unit-revolted"
                },
                Observers::sides(&[old, side]),
                vec![Datum::Unit(past), Datum::Num(side as i32)],
            ),
        };
        self.s.history.record(turn, kind, obs, data);
        let captured = matches!(why, SideChange::Captured | SideChange::Surrendered);
        let loss = if captured { 1 } else { LOSS_OTHER };
        let gain = if captured { 2 } else { 3 };
        self.s.sides[old].loss_counts[utype * 7 + loss] += 1;
        self.s.sides[side].gain_counts[utype * 4 + gain] += 1;
    }

    /// Removes dead units from every list (`flush_dead_units`).
    pub fn flush_dead_units(&mut self) {
        for id in 1..self.s.units.len() as i32 {
            let u = &self.s.units[id as usize];
            if !u.flushed && u.hp <= 0 {
                let side = u.side;
                self.s.sides[side].units.retain(|&o| o != id);
                let t = self.u(id).transport;
                if t != 0 {
                    self.um(t).occupants.retain(|&o| o != id);
                }
                self.um(id).flushed = true;
            }
        }
    }

    /// Sorts every side's unit list by id (`sort_units`).
    pub fn sort_side_lists(&mut self) {
        for side in &mut self.s.sides {
            side.units.sort_unstable();
        }
    }

    // ----- spiral searches (§4.3) -----

    /// A ring's cells in the search's order, with the inside test applied,
    /// into `out` (cleared first). A search fills one list ring after ring
    /// rather than a fresh list per ring: a search runs for every unit with
    /// a surplus or a need each turn, and those lists were a fifth of the
    /// economy's instructions.
    fn ring_cells(
        &self,
        x0: i32,
        y0: i32,
        dist: i32,
        dd: usize,
        clockwise: i32,
        out: &mut Vec<(i32, i32)>,
    ) {
        out.clear();
        let ring = RingWalk {
            x0,
            y0,
            dist,
            dd,
            clockwise,
        };
        for k in 0..6 {
            out.extend((0..dist).filter_map(|i| ring.cell(&self.s.area, k, i)));
        }
    }

    /// `search_and_apply`: `visit` does pred-then-fn and returns false to
    /// stop (its pred failed).
    pub fn search_and_apply(
        &mut self,
        x0: i32,
        y0: i32,
        maxdist: i32,
        site: &'static str,
        visit: &mut dyn FnMut(&mut K<'_>, i32, i32) -> bool,
    ) {
        let area = self.s.area;
        let maxdist = search_reach(&area, maxdist);
        let clockwise = if self.s.rng.flip_coin(site) { 1 } else { -1 };
        if maxdist >= 0 && area.inside_area(x0, y0) && !visit(self, x0, y0) {
            return;
        }
        let mut ring = Vec::with_capacity(6 * maxdist.max(0) as usize);
        for dist in 1..=maxdist {
            let dd = self.s.rng.random_dir(site);
            self.ring_cells(x0, y0, dist, dd, clockwise, &mut ring);
            for &(x, y) in &ring {
                if !visit(self, x, y) {
                    return;
                }
            }
        }
    }

    /// Which cells hold top-level units in play, per side: a mask of the
    /// sides at each cell (a side past 31 sets every bit) and, per side,
    /// its cells in cell order. The economy's searches act only on such
    /// cells of the searching unit's side, and transfers move no unit, so
    /// one census serves a whole phase.
    pub fn side_census(&self) -> SideCensus {
        let mut at = vec![0u32; self.s.stacks.len()];
        let mut cells = vec![Vec::new(); self.s.sides.len()];
        let w = self.s.area.width.max(1);
        for (c, stack) in self.s.stacks.iter().enumerate() {
            for &v in stack {
                if self.in_play(v) {
                    let side = self.u(v).side;
                    at[c] |= 1u32.checked_shl(side as u32).unwrap_or(u32::MAX);
                    let xy = (c as i32 % w, c as i32 / w);
                    let list: &mut Vec<(i32, i32)> = &mut cells[side];
                    if list.last() != Some(&xy) {
                        list.push(xy);
                    }
                }
            }
        }
        SideCensus { at, cells }
    }

    /// `search_and_apply` for a `visit` that changes nothing on a cell not
    /// in `targets` (there it only answers whether to go on): the same
    /// draws, the same visits of the `targets` cells in the same order, and
    /// a stop at the same ring, without walking every cell.
    ///
    /// Why that is the same search: a visit of another cell acts on
    /// nothing, and one that follows a visit answering "go on" answers
    /// "go on" again, so only one matters: the first after a target cell
    /// (it stops the search once the target took what was left). Before
    /// each ring's draw, then, a target visit must be followed by one more
    /// visit if the full search would make one in the same ring. So each
    /// ring visits its targets in the ring's order (found from the ring's
    /// draw, not by listing it), then the next cell of the ring after the
    /// last one, if there is one; when there is not, the next ring that has
    /// a cell visits its first, as the full search does.
    pub fn search_targets(
        &mut self,
        x0: i32,
        y0: i32,
        maxdist: i32,
        site: &'static str,
        targets: &[(i32, i32)],
        visit: &mut dyn FnMut(&mut K<'_>, i32, i32) -> bool,
    ) {
        let area = self.s.area;
        let maxdist = search_reach(&area, maxdist);
        // Each target's offsets from the centre within reach (through any
        // of its wrapped copies, as `ring_cells` walks them), by ring.
        let mut near: Vec<(i32, i32, i32)> = Vec::new();
        for &(cx, cy) in targets {
            let dy = cy - y0;
            // A cell on the edge is never visited.
            if dy.abs() > maxdist || !area.inside_area(cx, cy) {
                continue;
            }
            let mut dx = cx - x0;
            if area.wraps() {
                dx = (dx + maxdist).rem_euclid(area.width) - maxdist;
                while dx <= maxdist {
                    let d = hex_length(dx, dy);
                    if d <= maxdist {
                        near.push((d, dx, dy));
                    }
                    dx += area.width;
                }
            } else {
                let d = hex_length(dx, dy);
                if d <= maxdist {
                    near.push((d, dx, dy));
                }
            }
        }
        near.sort_unstable();
        near.dedup();
        let clockwise = if self.s.rng.flip_coin(site) { 1 } else { -1 };
        if maxdist >= 0 && area.inside_area(x0, y0) && !visit(self, x0, y0) {
            return;
        }
        // Whether the last visit may have used up what the search gives or
        // looks for, with no visit made since to find out.
        let mut unsure = true;
        let mut next = near.partition_point(|e| e.0 < 1);
        let mut order: Vec<(i32, i32, i32)> = Vec::new();
        for dist in 1..=maxdist {
            let dd = self.s.rng.random_dir(site);
            let end = next + near[next..].partition_point(|e| e.0 <= dist);
            let ring = RingWalk {
                x0,
                y0,
                dist,
                dd,
                clockwise,
            };
            if next == end {
                if unsure {
                    if let Some((x, y)) = ring.inside_from(&area, 0) {
                        if !visit(self, x, y) {
                            return;
                        }
                        unsure = false;
                    }
                }
                continue;
            }
            order.clear();
            order.extend(
                near[next..end]
                    .iter()
                    .map(|&(_, dx, dy)| (ring.position(dx, dy), x0 + dx, y0 + dy)),
            );
            next = end;
            order.sort_unstable();
            for &(_, x, y) in &order {
                if !visit(self, area.wrapx(x), y) {
                    return;
                }
            }
            let last = order[order.len() - 1].0;
            match ring.inside_from(&area, last + 1) {
                Some((x, y)) => {
                    if !visit(self, x, y) {
                        return;
                    }
                    unsure = false;
                }
                None => unsure = true,
            }
        }
    }

    /// `limited_search_around`: `visit` scans a cell and returns the counter;
    /// the search stops once the counter reaches `limit` (the predicate of
    /// the seer search never reports success, §19 item 3).
    pub fn limited_search_around(
        &mut self,
        x0: i32,
        y0: i32,
        range: i32,
        limit: i32,
        site: &'static str,
        visit: &mut dyn FnMut(&mut K<'_>, i32, i32) -> i32,
    ) {
        let area = self.s.area;
        let range = search_reach(&area, range);
        let clockwise = if self.s.rng.flip_coin(site) { 1 } else { -1 };
        let mut ring = Vec::with_capacity(6 * range.max(0) as usize);
        for dist in 1..=range {
            let dd = self.s.rng.random_dir(site);
            self.ring_cells(x0, y0, dist, dd, clockwise, &mut ring);
            for &(x, y) in &ring {
                if visit(self, x, y) >= limit {
                    return;
                }
            }
        }
    }
}

/// One ring of a spiral search as `K::ring_cells` walks it: from the
/// corner in direction `dd` (and the next five), `dist` steps along each
/// side, the sides turning `clockwise`.
struct RingWalk {
    x0: i32,
    y0: i32,
    dist: i32,
    dd: usize,
    clockwise: i32,
}

impl RingWalk {
    fn side(&self, k: usize) -> (usize, usize) {
        let dir = (k + self.dd) % 6;
        (dir, ((dir as i32 + self.clockwise + 3) % 6) as usize)
    }

    /// The place in the walk of the cell at offset (dx, dy), of hex length
    /// `dist`.
    fn position(&self, dx: i32, dy: i32) -> i32 {
        let d = self.dist;
        for k in 0..6 {
            let (dir, along) = self.side(k);
            let (rx, ry) = (dx - d * DX[dir], dy - d * DY[dir]);
            let i = if DX[along] != 0 {
                rx / DX[along]
            } else {
                ry / DY[along]
            };
            if (0..d).contains(&i) && (rx, ry) == (i * DX[along], i * DY[along]) {
                return k as i32 * d + i;
            }
        }
        unreachable!("({dx}, {dy}) is {d} steps from the centre")
    }

    /// The first cell from place `from` on that `ring_cells` lists.
    fn inside_from(&self, area: &Area, from: i32) -> Option<(i32, i32)> {
        let d = self.dist;
        (from..6 * d).find_map(|p| self.cell(area, (p / d) as usize, p % d))
    }

    /// Step `i` along side `k`, wrapped into the area, if the search
    /// visits it (inside the area, not on its edge).
    #[inline]
    fn cell(&self, area: &Area, k: usize, i: i32) -> Option<(i32, i32)> {
        let (dir, along) = self.side(k);
        let x = self.x0 + self.dist * DX[dir] + i * DX[along];
        let y = self.y0 + self.dist * DY[dir] + i * DY[along];
        // Only a cell off the edge wraps (a remainder costs more than the
        // rest of a cell's work).
        let x = if x < 0 || x >= area.width {
            area.wrapx(x)
        } else {
            x
        };
        ((0..area.height).contains(&y) && area.inside_area(x, y)).then_some((x, y))
    }
}

/// How far a spiral search of `maxdist` reaches in `area` (the kernel
/// limits it by the area's size).
fn search_reach(area: &Area, maxdist: i32) -> i32 {
    maxdist.min(area.width).max(maxdist.min(area.height))
}

/// Per side, where its top-level units in play are ([`K::side_census`]).
pub struct SideCensus {
    /// Per cell, a bit per side with a unit there.
    pub at: Vec<u32>,
    /// Per side, its cells (x, y) in cell order.
    pub cells: Vec<Vec<(i32, i32)>>,
}

/// The hex distance of an offset (dx, dy): the neighbours are the six
/// offsets of `DX`/`DY`, so it is the largest of |dx|, |dy| and |dx + dy|.
pub fn hex_length(dx: i32, dy: i32) -> i32 {
    dx.abs().max(dy.abs()).max((dx + dy).abs())
}

#[cfg(test)]
mod tests {
    use engine::{GameRng, Ruleset, Setup};

    use super::hex_length;
    use crate::ruleset::Xconq;

    /// A tiny generator for the cases (not the game's: its draws are what
    /// is compared).
    fn next(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    /// What a search did: the targets it visited, in order, whether it
    /// stopped early, and the generator after it. (Where it stopped is
    /// not compared: a stop acts on nothing, and the target search may
    /// stop at a later cell of the same ring.)
    type Trace = (Vec<(i32, i32)>, bool, i32);

    #[test]
    fn a_target_search_draws_visits_and_stops_as_the_full_search() {
        for (scenario, wraps) in [("frontier", false), ("frontier", true)] {
            let setup = Setup {
                scenario: scenario.into(),
                seed: 3,
                ..Setup::default()
            };
            let mut g = Xconq::default()
                .setup(&setup, &mut GameRng::from_seed(3))
                .unwrap();
            if wraps {
                g.state.area.circumference = g.state.area.width;
            }
            let area = g.state.area;
            let mut seed = 11u64;
            for _ in 0..3000 {
                let x0 = (next(&mut seed) % area.width as u64) as i32;
                let y0 = (next(&mut seed) % area.height as u64) as i32;
                let maxdist = (next(&mut seed) % 14) as i32;
                let n = next(&mut seed) % 6;
                let targets: Vec<(i32, i32)> = (0..n)
                    .map(|_| {
                        // Mostly near the centre, so they are met.
                        let dx = (next(&mut seed) % 21) as i32 - 10;
                        let dy = (next(&mut seed) % 21) as i32 - 10;
                        (area.wrapx(x0 + dx), y0 + dy)
                    })
                    .filter(|&(x, y)| area.in_area(x, y))
                    .collect();
                if targets.is_empty() && next(&mut seed).is_multiple_of(2) {
                    continue;
                }
                // The visit stops after `budget` target visits, as a
                // search stops once the excess is given away.
                let budget = 1 + next(&mut seed) % 3;
                let rs = g.state.rng.rs;
                let mut run = |sparse: bool| -> Trace {
                    g.state.rng.rs = rs;
                    let (mut seen, mut stop, mut left) = (Vec::new(), false, budget);
                    let mut visit = |_: &mut super::K<'_>, x: i32, y: i32| {
                        if left == 0 {
                            stop = true;
                            return false;
                        }
                        if targets.contains(&(x, y)) {
                            seen.push((x, y));
                            left -= 1;
                        }
                        true
                    };
                    let mut k = g.k();
                    if sparse {
                        k.search_targets(x0, y0, maxdist, "t", &targets, &mut visit);
                    } else {
                        k.search_and_apply(x0, y0, maxdist, "t", &mut visit);
                    }
                    (seen, stop, g.state.rng.rs)
                };
                let full = run(false);
                assert_eq!(
                    run(true),
                    full,
                    "centre ({x0}, {y0}), maxdist {maxdist}, targets {targets:?}, budget {budget}, wraps {wraps}"
                );
            }
        }
    }

    #[test]
    fn hex_length_is_the_number_of_steps() {
        assert_eq!(hex_length(0, 0), 0);
        assert_eq!(hex_length(2, 1), 3);
        assert_eq!(hex_length(2, -2), 2);
        assert_eq!(hex_length(-1, 4), 4);
        for (dx, dy) in crate::geometry::DX.iter().zip(crate::geometry::DY) {
            assert_eq!(hex_length(*dx, dy), 1);
        }
    }
}
