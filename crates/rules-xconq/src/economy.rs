//! The economy (spec §10): production, redistribution of excess, discard,
//! sharing of scarce supplies at turn start; consumption and starvation at
//! turn end.
//!
//! Redistribution and sharing walk spiral searches (§4.3) around every unit
//! with excess or need, which is where most of a turn's draws come from.

use crate::combat::Cause;
use crate::kernel::K;

impl K<'_> {
    fn storage(&self, id: i32, m: usize) -> i32 {
        self.r.t.unit_storage_x.get(self.u(id).utype, m)
    }

    /// §10.1: production, in the global order.
    pub fn run_production(&mut self) {
        let r = self.r;
        for id in self.s.global_ids() {
            if !self.active(id) {
                continue;
            }
            let (utype, x, y, in_transport) = {
                let u = self.u(id);
                (u.utype, u.x, u.y, u.transport != 0)
            };
            for m in 0..r.nm() {
                let mut prod = r.t.base_production.get(utype, m);
                if in_transport && r.t.occupant_base_production.get(utype, m) >= 0 {
                    prod = r.t.occupant_base_production.get(utype, m);
                }
                if prod <= 0 {
                    continue;
                }
                let (lo, hi) = (
                    r.t.productivity_min.get(utype, m),
                    r.t.productivity_max.get(utype, m),
                );
                let t = self.s.terrain_at(x, y);
                let p = r.t.productivity.get(utype, t).max(lo).min(hi);
                let mut amt = self.s.rng.prob_fraction("production", prod * p);
                let mut pa = 0;
                for d in 0..6 {
                    if let Some((nx, ny)) = self.s.area.point_in_dir(x, y, d) {
                        let nt = self.s.terrain_at(nx, ny);
                        pa = pa.max(r.t.productivity_adjacent.get(utype, nt));
                    }
                }
                let pa = pa.max(lo).min(hi);
                amt += self.s.rng.prob_fraction("production", prod * pa);
                let s = &mut self.um(id).supply[m];
                *s = (*s + amt).min(32767);
            }
        }
    }

    /// §10.2: each unit's excess goes to its side's units around it.
    pub fn distribute_excess(&mut self) {
        let r = self.r;
        // Where each side has a unit in play at the top of a cell. A cell
        // without one of the giver's side takes nothing (`transfer_to_cell`
        // looks only at the side's top units and their occupants), so the
        // search visits only the side's cells (`search_targets`: the same
        // draws and transfers) and, on any other cell it must visit to know
        // whether to stop, does not look inside. Transfers move no unit, so
        // one census holds for the whole phase.
        let census = self.side_census();
        for id in self.s.global_ids() {
            if !self.in_play(id) || self.u(id).side == 0 {
                continue;
            }
            for m in 0..r.nm() {
                let mut excess = self.u(id).supply[m] - self.storage(id, m);
                let out = r.t.out_length.get(self.u(id).utype, m);
                if excess > 0 && out >= 0 {
                    let (x, y) = (self.u(id).x, self.u(id).y);
                    let side = 1u32.checked_shl(self.u(id).side as u32).unwrap_or(u32::MAX);
                    let mut visit = |k: &mut K<'_>, cx: i32, cy: i32| {
                        if excess <= 0 {
                            return false;
                        }
                        if census.at[k.cell(cx, cy)] & side != 0 {
                            k.transfer_to_cell(id, cx, cy, m, &mut excess);
                        }
                        true
                    };
                    let targets = &census.cells[self.u(id).side];
                    self.search_targets(x, y, out, "distribute", targets, &mut visit);
                }
            }
        }
    }

    /// `try_transfer_to_cell`.
    fn transfer_to_cell(&mut self, from: i32, x: i32, y: i32, m: usize, excess: &mut i32) {
        if *excess <= 0 {
            return;
        }
        let side = self.u(from).side;
        // Transfers move supplies only, never units, so the cell's stack
        // is walked in place (no copy: this runs for every cell of every
        // surplus search).
        let c = self.cell(x, y);
        for i in 0..self.s.stacks[c].len() {
            let v = self.s.stacks[c][i];
            if self.in_play(v) && self.u(v).side == side {
                self.transfer_counting(from, v, m, excess);
            }
        }
        for i in 0..self.s.stacks[c].len() {
            let v = self.s.stacks[c][i];
            if self.in_play(v) && self.u(v).side == side && !self.u(v).occupants.is_empty() {
                for o in self.occupants_deep(v) {
                    if self.in_play(o) && self.u(o).side == side {
                        self.transfer_counting(from, o, m, excess);
                    }
                }
            }
        }
    }

    /// `try_transfer`: reduces the excess by what the giver lost.
    fn transfer_counting(&mut self, from: i32, to: i32, m: usize, excess: &mut i32) {
        let before = self.u(from).supply[m];
        self.try_transfer_aux(from, to, m);
        *excess -= before - self.u(from).supply[m];
    }

    /// §10.3: supplies back within storage, for every unit.
    pub fn discard_excess(&mut self) {
        let r = self.r;
        for id in self.s.global_ids() {
            let utype = self.u(id).utype;
            for m in 0..r.nm() {
                let st = r.t.unit_storage_x.get(utype, m);
                let s = &mut self.um(id).supply[m];
                *s = (*s).min(st).max(0);
            }
        }
    }

    /// §10.4: units short of something look for it around them.
    pub fn share_scarce(&mut self) {
        let r = self.r;
        // Only a cell with a top-level unit of a side that trusts the
        // needer gives (`share_from_cell`): those cells are the targets.
        let census = self.side_census();
        let sides = census.cells.len();
        let targets_of: Vec<Vec<(i32, i32)>> = (0..sides)
            .map(|needer| {
                (0..sides)
                    .filter(|&giver| self.trusts(giver, needer))
                    .flat_map(|giver| census.cells[giver].iter().copied())
                    .collect()
            })
            .collect();
        for id in self.s.global_ids() {
            if !self.in_play(id) || self.u(id).side == 0 {
                continue;
            }
            for m in 0..r.nm() {
                let utype = self.u(id).utype;
                let storage = self.storage(id, m);
                let inl = r.t.in_length.get(utype, m);
                if self.u(id).supply[m] < storage && inl >= 0 {
                    let mut need = storage - self.u(id).supply[m];
                    let (x, y) = (self.u(id).x, self.u(id).y);
                    let mut visit = |k: &mut K<'_>, cx: i32, cy: i32| {
                        if need <= 0 {
                            return false;
                        }
                        k.share_from_cell(id, cx, cy, m, &mut need);
                        true
                    };
                    let targets = &targets_of[self.u(id).side];
                    self.search_targets(x, y, inl, "share", targets, &mut visit);
                }
            }
        }
    }

    /// `try_sharing_with_cell`.
    fn share_from_cell(&mut self, to: i32, x: i32, y: i32, m: usize, need: &mut i32) {
        let side = self.u(to).side;
        // As in `transfer_to_cell`: sharing moves supplies, not units.
        let c = self.cell(x, y);
        for i in 0..self.s.stacks[c].len() {
            let v = self.s.stacks[c][i];
            if self.in_play(v) && self.trusts(self.u(v).side, side) {
                self.share_need(v, to, m, need);
            }
        }
        for i in 0..self.s.stacks[c].len() {
            let v = self.s.stacks[c][i];
            if self.in_play(v)
                && self.trusts(self.u(v).side, side)
                && !self.u(v).occupants.is_empty()
            {
                for o in self.occupants_deep(v) {
                    if self.in_play(o) && self.trusts(self.u(o).side, side) {
                        self.share_need(o, to, m, need);
                    }
                }
            }
        }
    }

    /// `try_sharing_need`.
    fn share_need(&mut self, from: i32, to: i32, m: usize, need: &mut i32) {
        if self.r.t.out_length.get(self.u(from).utype, m) == -1 && self.u(to).transport != from {
            return;
        }
        let before = self.u(to).supply[m];
        self.try_transfer_aux(from, to, m);
        *need -= self.u(to).supply[m] - before;
    }

    /// `will_not_move`: no plan state reaches it (D6) but a unit's own
    /// decision to stay put, [`crate::state::Unit::hold`].
    fn will_not_move(&self, id: i32) -> bool {
        let u = self.u(id);
        !self.r.mobile(u.utype) || !self.active(id) || u.hold
    }

    /// `base_consumption` with the kernel's occupant quirk (§10.5).
    fn base_consumption_of(&self, id: i32, m: usize) -> i32 {
        let u = self.u(id);
        let c = self.r.t.base_consumption.get(u.utype, m);
        if u.transport != 0 {
            c * self.r.t.consumption_as_occupant.get(u.utype, m)
        } else {
            c
        }
    }

    fn needs_to_survive(&self, id: i32, m: usize) -> bool {
        self.base_consumption_of(id, m) > 0
    }

    fn total_production(&self, id: i32, m: usize) -> i32 {
        let u = self.u(id);
        let t = self.s.terrain_at(u.x, u.y);
        self.r.t.base_production.get(u.utype, m) * self.r.t.productivity.get(u.utype, t) / 100
    }

    fn survival_time(&self, id: i32) -> i32 {
        let mut best = 99999;
        for m in 0..self.r.nm() {
            let rate = self.base_consumption_of(id, m) - self.total_production(id, m);
            if rate > 0 {
                best = best.min(self.u(id).supply[m] / rate);
            }
        }
        best
    }

    /// `try_transfer_aux` (§10.5).
    pub fn try_transfer_aux(&mut self, from: i32, to: i32, m: usize) {
        let r = self.r;
        let (ft, tt) = (self.u(from).utype, self.u(to).utype);
        if self.will_not_move(to) && !self.needs_to_survive(to, m) {
            return;
        }
        if r.t.out_length.get(ft, m) == -1 && self.u(to).transport != from {
            return;
        }
        if from == to || r.t.in_length.get(tt, m) < self.distance_units(from, to) {
            return;
        }
        let (sf, st) = (self.u(from).supply[m], self.u(to).supply[m]);
        let (stf, stt) = (r.t.unit_storage_x.get(ft, m), r.t.unit_storage_x.get(tt, m));
        let can_satisfy = |n: i32| n < sf / 2;
        if self.complete(to) {
            let nd = stt - st;
            if nd <= 0 {
                return;
            }
            if r.t.base_production.get(ft, m) > r.t.base_consumption.get(ft, m)
                || self.survival_time(to) < 3
                || (self.will_not_move(from) && !self.needs_to_survive(from, m))
                || stf >= stt / 4
            {
                if can_satisfy(nd) {
                    self.transfer_supply(from, to, m, nd);
                } else if can_satisfy((nd / 2).max(1)) {
                    self.transfer_supply(from, to, m, (nd / 2).max(1));
                } else if sf > stf {
                    self.transfer_supply(from, to, m, sf - stf);
                } else if self.will_not_move(from) && !self.needs_to_survive(from, m) {
                    self.transfer_supply(from, to, m, sf.max(nd));
                }
            } else {
                let rate =
                    |u: usize| (r.u.speed[u] * r.t.consumption_per_move.get(u, m) * 3).max(1);
                if sf / rate(ft) > st / rate(tt) {
                    let n = if stf - 8 > sf { 8 + sf } else { stf } / 9;
                    self.transfer_supply(from, to, m, nd.min(n));
                }
            }
        } else if sf > stf && st < stt {
            self.transfer_supply(from, to, m, (stt - st).min(sf - stf));
        }
    }

    /// `transfer_supply`.
    fn transfer_supply(&mut self, from: i32, to: i32, m: usize, n: i32) {
        let n = n.min(self.u(from).supply[m]);
        let stt = self.storage(to, m);
        let moved = n.min(stt - self.u(to).supply[m]);
        self.um(from).supply[m] -= moved;
        self.um(to).supply[m] += moved;
    }

    /// §10.6: base consumption at turn end.
    pub fn run_consumption(&mut self) {
        let r = self.r;
        for id in self.s.global_ids() {
            if !self.active(id) {
                continue;
            }
            let (utype, in_transport, moves) = {
                let u = self.u(id);
                (u.utype, u.transport != 0, u.moves)
            };
            for m in 0..r.nm() {
                let base = r.t.base_consumption.get(utype, m);
                if base <= 0 {
                    continue;
                }
                let as_occ = r.t.consumption_as_occupant.get(utype, m);
                if in_transport && as_occ == 0 {
                    continue;
                }
                let used = moves * r.t.consumption_per_move.get(utype, m);
                let c = if in_transport {
                    base * as_occ / 100
                } else {
                    base
                };
                if used < c {
                    self.um(id).supply[m] -= c - used;
                }
            }
        }
    }

    /// §10.7: starvation at turn end.
    pub fn run_starvation(&mut self) {
        for id in self.s.global_ids() {
            if self.active(id) {
                self.maybe_starve(id, true);
            }
        }
    }

    /// `maybe_starve`.
    pub fn maybe_starve(&mut self, id: i32, partial: bool) {
        let r = self.r;
        let utype = self.u(id).utype;
        let mut loss = 0;
        for m in 0..r.nm() {
            let h = r.t.hp_per_starve.get(utype, m);
            if self.u(id).supply[m] <= 0 && h > 0 {
                loss = loss.max(self.s.rng.prob_fraction("starve", h));
            }
        }
        if loss > 0 && (loss >= self.u(id).hp || partial) {
            self.um(id).hp2 -= loss;
            self.damage_unit(id, Cause::Starvation);
        }
    }
}
