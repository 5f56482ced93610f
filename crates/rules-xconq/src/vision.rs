//! Vision and fog (spec §11): coverage, looking at cells, unit views.
//!
//! Looking at a cell draws a spiral search for every unit of another side
//! that is not seen for certain, so the kernel's exact sequence of calls is
//! reproduced here: coverage grows cell by cell in row order (§11.3), and
//! every arrival and departure is looked at by every side in order (§11.6).

use crate::kernel::K;
use crate::views::UnitView;

impl K<'_> {
    /// `cover_area_1` for one side: moves a disc of radius `range` from
    /// `from` to `to`, looking at the cells whose coverage grew (§11.3).
    pub fn cover(
        &mut self,
        side: usize,
        range: i32,
        from: Option<(i32, i32)>,
        to: Option<(i32, i32)>,
    ) {
        let area = self.s.area;
        let from = from.filter(|&(x, y)| area.in_area(x, y));
        let to = to.filter(|&(x, y)| area.in_area(x, y));
        let r_from = if from.is_some() { range } else { 0 };
        let r_to = if to.is_some() { range } else { 0 };
        let r = r_from.max(r_to);
        let pts: Vec<(i32, i32)> = from.iter().chain(to.iter()).copied().collect();
        if pts.is_empty() {
            return;
        }
        let minx = pts.iter().map(|p| p.0).min().unwrap_or(0) - r;
        let maxx = pts.iter().map(|p| p.0).max().unwrap_or(0) + r;
        let miny = (pts.iter().map(|p| p.1).min().unwrap_or(0) - r).max(0);
        let maxy = (pts.iter().map(|p| p.1).max().unwrap_or(0) + r).min(area.height - 1);
        let bw = (maxx - minx + 1) as usize;
        let bh = (maxy - miny + 1).max(0) as usize;
        let mut delta = vec![0i16; bw * bh];
        let mut disc = |c: (i32, i32), rr: i32, d: i16| {
            let (x0, y0) = c;
            for y in (y0 - rr).max(0)..=(y0 + rr).min(area.height - 1) {
                let lo = x0 - if y < y0 { y - (y0 - rr) } else { rr };
                let hi = x0 + if y > y0 { (y0 + rr) - y } else { rr };
                for x in lo..=hi {
                    if area.in_area(area.wrapx(x), y) && x >= minx && x <= maxx && y >= miny {
                        delta[(y - miny) as usize * bw + (x - minx) as usize] += d;
                    }
                }
            }
        };
        if let Some(f) = from {
            disc(f, r_from, -1);
        }
        if let Some(t) = to {
            disc(t, r_to, 1);
        }
        for y in miny..=maxy {
            for x in minx..=maxx {
                let d = delta[(y - miny) as usize * bw + (x - minx) as usize];
                if d == 0 {
                    continue;
                }
                let wx = area.wrapx(x);
                let c = area.index(wx, y);
                let cov = &mut self.s.sides[side].vision.coverage[c];
                *cov += d;
                if d > 0 {
                    self.see_cell(side, wx, y);
                }
            }
        }
    }

    pub fn coverage(&self, side: usize, x: i32, y: i32) -> i32 {
        i32::from(self.s.sides[side].vision.coverage[self.cell(x, y)])
    }

    fn add_coverage(&mut self, side: usize, x: i32, y: i32, d: i16) {
        let c = self.cell(x, y);
        self.s.sides[side].vision.coverage[c] += d;
    }

    pub fn terrain_seen(&self, side: usize, x: i32, y: i32) -> bool {
        self.s.sides[side].vision.terrain[self.cell(x, y)] != 0
    }

    pub fn record_terrain(&mut self, side: usize, x: i32, y: i32) {
        let c = self.cell(x, y);
        self.s.sides[side].vision.terrain[c] = self.s.terrain[c] + 1;
    }

    /// `side_sees_unit`: seen for certain (§11.4).
    pub fn side_sees_unit(&self, side: usize, id: i32) -> bool {
        let u = self.u(id);
        if self.r.globals.see_all || self.s.endofgame || self.trusts(side, u.side) {
            return true;
        }
        if self.r.u.see_always[u.utype] != 0
            && self.inside(u.x, u.y)
            && self.terrain_seen(side, u.x, u.y)
        {
            return true;
        }
        if let Some(people) = &self.s.people {
            if self.s.area.in_area(u.x, u.y) && usize::from(people[self.cell(u.x, u.y)]) == side {
                return true;
            }
        }
        false
    }

    /// `see_chance(S, U)` (§11.4).
    fn see_chance(&self, side: usize, seer: i32, target: i32) -> i32 {
        let (s, u) = (self.u(seer), self.u(target));
        if !self.terrain_seen(side, u.x, u.y) {
            return 0;
        }
        let t = self.s.terrain_at(u.x, u.y);
        let vis = &self.r.t.visibility;
        if vis.get(u.utype, t) <= 0 {
            return 0;
        }
        let auxes: Vec<usize> = self
            .r
            .aux_types()
            .filter(|&a| self.s.aux_at(a, u.x, u.y) != 0)
            .collect();
        if auxes.iter().any(|&a| vis.get(u.utype, a) <= 0) {
            return 0;
        }
        let occ_vision = self
            .transport_type(seer)
            .map(|tt| self.r.t.occupant_vision.get(s.utype, tt));
        if occ_vision == Some(0) {
            return 0;
        }
        let d = self.s.area.distance(s.x, s.y, u.x, u.y);
        let mut chance = if self.r.u.vision_range[s.utype] < d {
            0
        } else if self.r.u.see_always[u.utype] != 0 {
            100
        } else if d == 0 {
            self.r.t.see_chance_at.get(s.utype, u.utype)
        } else if d == 1 {
            self.r.t.see_chance_adjacent.get(s.utype, u.utype)
        } else {
            self.r.t.see_chance.get(s.utype, u.utype)
        };
        chance = chance * vis.get(u.utype, t) / 100;
        for a in auxes {
            chance = chance * vis.get(u.utype, a) / 100;
        }
        if let Some(ov) = occ_vision {
            chance = chance * ov / 100;
        }
        chance
    }

    /// The seer scan of one unit and (first) its occupants; returns true
    /// when the scan of this stack must stop.
    fn scan_unit(
        &mut self,
        side: usize,
        s: i32,
        target: i32,
        n: &mut i32,
        limit_cell: i32,
    ) -> bool {
        let occs = self.u(s).occupants.clone();
        for o in occs {
            if self.in_play(o)
                && self.u(o).side == side
                && self.scan_unit(side, o, target, n, limit_cell)
            {
                return true;
            }
        }
        let tside = self.u(target).side;
        if s != target && self.u(s).side != tside {
            let p = self.see_chance(side, s, target);
            if self.s.rng.probability("see-chance", p) {
                *n += 1;
            }
        }
        *n >= limit_cell
    }

    /// `scan(cx, cy)` of §11.4: counts seers of `target` in a cell.
    fn scan_cell(&mut self, side: usize, cx: i32, cy: i32, target: i32, n: &mut i32) {
        let stack = self.s.stacks[self.cell(cx, cy)].clone();
        let limit_cell = self.coverage(side, cx, cy);
        for s in stack {
            if !self.in_play(s) || self.u(s).side != side {
                continue;
            }
            if self.scan_unit(side, s, target, n, limit_cell) {
                return;
            }
        }
    }

    /// `see_cell(side, x, y)` (§11.4).
    pub fn see_cell(&mut self, side: usize, x: i32, y: i32) {
        let area = self.s.area;
        if !area.in_area(x, y) || self.coverage(side, x, y) <= 0 {
            return;
        }
        let c = self.cell(x, y);
        if !self.terrain_seen(side, x, y) || !self.r.globals.see_terrain_always {
            self.record_terrain(side, x, y);
            if self.s.stacks[c]
                .iter()
                .any(|&o| self.r.u.see_always[self.u(o).utype] != 0)
            {
                self.add_coverage(side, x, y, 1);
            }
        }
        self.drop_invalid_views(side, x, y);
        let stack = self.s.stacks[c].clone();
        for id in stack {
            if self.side_sees_unit(side, id) {
                self.add_unit_view(side, id);
                continue;
            }
            let mut n = 0;
            let cover = self.coverage(side, x, y);
            self.scan_cell(side, x, y, id, &mut n);
            if n < cover && self.r.max_vision_range > 0 {
                let range = self.r.max_vision_range;
                let mut visit = |k: &mut K<'_>, cx: i32, cy: i32| {
                    k.scan_cell(side, cx, cy, id, &mut n);
                    n
                };
                self.limited_search_around(x, y, range, cover, "see-search", &mut visit);
            }
            if n > 0 {
                self.add_unit_view(side, id);
            }
        }
    }

    /// Step 2 of `see_cell`: drops the cell's views that are no longer true.
    fn drop_invalid_views(&mut self, side: usize, x: i32, y: i32) {
        let c = self.cell(x, y);
        let turn = self.s.turn;
        loop {
            let vision = &self.s.sides[side].vision;
            let bad = vision.cell_views[c].iter().copied().find(|vid| {
                let v = &vision.views[vid];
                let u = match self.s.units.get(*vid as usize) {
                    Some(u) if u.hp > 0 => u,
                    _ => return true,
                };
                u.x != v.x
                    || u.y != v.y
                    || u.transport != v.transport
                    || (self.r.u.see_always[v.utype] == 0 && v.date < turn)
            });
            match bad {
                Some(vid) => self.remove_view(side, vid),
                None => break,
            }
        }
    }

    pub fn remove_view(&mut self, side: usize, id: i32) {
        let w = self.s.area.width;
        self.s.sides[side].vision.remove(id, w);
    }

    /// `occupants_visible` (§11.5).
    fn occupants_visible(&self, side: usize, id: i32) -> bool {
        if self.r.globals.see_all {
            return true;
        }
        if self.side_sees_unit(side, id) && self.r.u.see_occupants[self.u(id).utype] != 0 {
            return true;
        }
        self.occupants_deep(id)
            .iter()
            .any(|&o| self.u(o).side == side)
    }

    /// `add_unit_view` (§11.5).
    pub fn add_unit_view(&mut self, side: usize, id: i32) {
        let u = self.u(id).clone();
        if u.transport != 0 && !self.s.sides[side].vision.views.contains_key(&u.transport) {
            self.add_unit_view(side, u.transport);
            return;
        }
        let stale = self.s.sides[side]
            .vision
            .views
            .get(&id)
            .is_some_and(|v| v.x != u.x || v.y != u.y || v.transport != u.transport);
        if stale {
            self.remove_view(side, id);
        }
        let complete = u.cp >= self.r.u.cp[u.utype];
        let turn = self.s.turn;
        let c = if self.s.area.in_area(u.x, u.y) {
            Some(self.cell(u.x, u.y))
        } else {
            None
        };
        let vision = &mut self.s.sides[side].vision;
        if let std::collections::btree_map::Entry::Vacant(e) = vision.views.entry(id) {
            e.insert(UnitView {
                id,
                utype: u.utype,
                side: u.side,
                name: u.name.clone(),
                x: u.x,
                y: u.y,
                complete,
                date: turn,
                transport: u.transport,
                occupants: Vec::new(),
            });
            if u.transport != 0 {
                if let Some(t) = vision.views.get_mut(&u.transport) {
                    t.occupants.push(id);
                }
            } else if let Some(c) = c {
                vision.cell_views[c].push(id);
            }
        }
        if let Some(v) = vision.views.get_mut(&id) {
            v.utype = u.utype;
            v.side = u.side;
            v.name = u.name.clone();
            v.complete = complete;
        }
        vision.clear_occupants(id);
        if !u.occupants.is_empty() && self.occupants_visible(side, id) {
            for o in &u.occupants {
                self.add_unit_view(side, *o);
            }
        }
        if let Some(v) = self.s.sides[side].vision.views.get_mut(&id) {
            v.date = turn;
        }
    }

    /// `see_exact(S, x, y)` (§11.7).
    pub fn see_exact(&mut self, side: usize, x: i32, y: i32) {
        if !self.s.area.in_area(x, y) {
            return;
        }
        self.record_terrain(side, x, y);
        let c = self.cell(x, y);
        let views = self.s.sides[side].vision.cell_views[c].clone();
        for v in views {
            self.remove_view(side, v);
        }
        let stack = self.s.stacks[c].clone();
        for id in stack {
            self.add_unit_view(side, id);
        }
    }

    /// `all_see_cell`.
    pub fn all_see_cell(&mut self, x: i32, y: i32) {
        for side in 0..self.s.sides.len() {
            self.see_cell(side, x, y);
        }
    }

    /// `all_see_occupy` (§11.6).
    pub fn all_see_occupy(&mut self, id: i32, x: i32, y: i32, in_open: bool) {
        let always = self.r.u.see_always[self.u(id).utype] != 0;
        for side in 0..self.s.sides.len() {
            if self.side_sees_unit(side, id) || self.coverage(side, x, y) > 0 {
                self.see_cell(side, x, y);
            } else {
                if always && self.terrain_seen(side, x, y) {
                    self.add_coverage(side, x, y, 1);
                }
                if in_open || always {
                    self.see_cell(side, x, y);
                }
            }
        }
        self.wake_next_to(id, x, y);
    }

    /// §11.6's wake-up ("enemies next to the cell wake up", plan state in
    /// 7.5): units that hold (§10.5, [`crate::state::Unit::hold`]) in the
    /// cell (x, y) or next to it, inside transports too, stop holding when
    /// unit `id` of a side they do not trust arrives there. Nothing draws.
    fn wake_next_to(&mut self, id: i32, x: i32, y: i32) {
        let side = self.u(id).side;
        let mut woken = Vec::new();
        let here = self.s.area.in_area(x, y).then_some((x, y));
        let next = (0..6).filter_map(|d| self.s.area.point_in_dir(x, y, d));
        for (cx, cy) in here.into_iter().chain(next) {
            for &o in &self.s.stacks[self.cell(cx, cy)] {
                self.holders_in(o, side, &mut woken);
            }
        }
        for o in woken {
            self.um(o).hold = false;
        }
    }

    /// Unit `id` and the units inside it that hold and do not trust `side`.
    fn holders_in(&self, id: i32, side: usize, out: &mut Vec<i32>) {
        let u = self.u(id);
        if u.hold && !self.trusts(u.side, side) {
            out.push(id);
        }
        for &o in &u.occupants {
            self.holders_in(o, side, out);
        }
    }

    /// `all_see_leave` (§11.6).
    pub fn all_see_leave(&mut self, id: i32, x: i32, y: i32, in_open: bool) {
        let u = self.u(id);
        let (ux, uy) = (u.x, u.y);
        let always = self.r.u.see_always[u.utype] != 0;
        for side in 0..self.s.sides.len() {
            if (self.side_sees_unit(side, id) && self.s.area.in_area(ux, uy))
                || self.coverage(side, x, y) > 0
            {
                self.see_cell(side, x, y);
            } else {
                if always && self.terrain_seen(side, x, y) {
                    self.see_cell(side, x, y);
                    if self.coverage(side, x, y) > 0 {
                        self.add_coverage(side, x, y, -1);
                    }
                }
                if in_open {
                    self.see_cell(side, x, y);
                }
                if self.coverage(side, x, y) < 1 {
                    let c = self.cell(x, y);
                    let own: Vec<i32> = self.s.sides[side].vision.cell_views[c]
                        .iter()
                        .copied()
                        .filter(|v| self.s.sides[side].vision.views[v].side == side)
                        .collect();
                    for v in own {
                        self.remove_view(side, v);
                    }
                }
            }
        }
    }
}
