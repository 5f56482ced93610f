//! Combat (spec §9): attacks with counterattack, occupant protection,
//! retreat and capture, and the damage step shared with starvation.

use crate::geometry::{left, right};
use crate::history::{Datum, Observers};
use crate::kernel::{Death, SideChange, K};
use crate::phases::Check;

/// What caused pending damage (decides the death event, §9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Combat,
    Starvation,
}

impl K<'_> {
    /// `damage_unit` (§9.4): applies hp2, occupants first.
    pub fn damage_unit(&mut self, id: i32, cause: Cause) {
        let occs = self.u(id).occupants.clone();
        for o in occs {
            if self.alive(o) {
                self.damage_unit(o, cause);
            }
        }
        let (hp, hp2) = (self.u(id).hp, self.u(id).hp2);
        if hp2 == hp || hp <= 0 {
            return;
        }
        if hp2 <= 0 {
            let occs = self.u(id).occupants.clone();
            for o in occs {
                let (ut, ot) = (self.u(id).utype, self.u(o).utype);
                let chance = self.r.t.occupant_escape_chance.get(ut, ot);
                // No draw at 0 (§9.4 step 3); an escape would need a place
                // to go, which stdunit never asks for.
                let _ = self.s.rng.probability("occupant-escape", chance);
            }
            let death = match cause {
                Cause::Combat => Death::Killed,
                Cause::Starvation => Death::Starved,
            };
            self.kill_unit(id, Some(death));
        } else {
            let side = self.u(id).side;
            let turn = self.s.turn;
            self.s.history.record(
                turn,
                "unit-damaged",
                Observers::side(side),
                vec![Datum::Unit(id), Datum::Num(hp), Datum::Num(hp2)],
            );
            self.um(id).hp = hp2;
        }
    }

    /// `check_attack_action` (§9.1): B's checks, A pays.
    pub fn check_attack(&self, a: i32, b: i32, d: i32) -> Check {
        if !self.in_play(d) {
            return Err("action-error");
        }
        if b == d {
            return Err("action-error");
        }
        self.can_act(a, b)?;
        let (bt, dt) = (self.u(b).utype, self.u(d).utype);
        let c = self.r.t.acp_to_attack.get(bt, dt);
        if c < 1 {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        if let Some(tt) = self.transport_type(b) {
            if self.r.t.occupant_combat.get(bt, tt) == 0 {
                return Err("occ-cannot-do");
            }
        }
        for m in 0..self.r.nm() {
            if self.u(b).supply[m] < self.r.t.material_to_attack.get(bt, m) {
                return Err("insufficient-material");
            }
        }
        if self.u(b).side != 0 && self.u(d).side == self.u(b).side {
            return Err("action-error");
        }
        let dist = self.distance_units(b, d);
        if dist < self.r.t.attack_range_min.get(bt, dt) {
            return Err("too-near");
        }
        if dist > self.r.t.attack_range.get(bt, dt) {
            return Err("too-far");
        }
        if self.r.t.hit_chance.get(bt, dt) <= 0 {
            return Err("attack-cannot-hit");
        }
        if !self.enough_ammo(b, d) {
            return Err("insufficient-ammo");
        }
        Ok(())
    }

    /// `enough_ammo_to_attack_unit`.
    fn enough_ammo(&self, x: i32, y: i32) -> bool {
        let (xt, yt) = (self.u(x).utype, self.u(y).utype);
        (0..self.r.nm()).all(|m| {
            let h = self.r.t.hit_by.get(yt, m);
            h <= 0 || self.u(x).supply[m] >= h * self.r.t.consumption_per_attack.get(xt, m)
        })
    }

    /// `do_attack_action` (§9.2): the acting unit strikes (§19 item 2).
    pub fn do_attack(&mut self, a: i32, b: i32, d: i32) -> &'static str {
        let (bt, dt) = (self.u(b).utype, self.u(d).utype);
        self.one_attack(a, d);
        if self.alive(a) {
            self.use_up_acp(a, self.r.t.acp_to_attack.get(bt, dt));
        }
        if self.alive(d) {
            self.use_up_acp(d, self.r.t.acp_to_defend.get(bt, dt));
        }
        "action-done"
    }

    /// `one_attack` (§9.2 step 2).
    fn one_attack(&mut self, a: i32, d: i32) {
        let (ax, ay, aside, at) = {
            let u = self.u(a);
            (u.x, u.y, u.side, u.utype)
        };
        let (dx, dy, dside, dt) = {
            let u = self.u(d);
            (u.x, u.y, u.side, u.utype)
        };
        self.attack_unit(a, d);
        if self.r.t.counterattack.get(at, dt) > 0
            && self.has_enough_acp(d, self.r.t.acp_to_defend.get(at, dt))
            && self.alive(a)
        {
            self.attack_unit(d, a);
        }
        if self.alive(d) {
            self.damage_unit(d, Cause::Combat);
        }
        if self.alive(a) {
            self.damage_unit(a, Cause::Combat);
        }
        self.see_cell(aside, ax, ay);
        self.see_cell(aside, dx, dy);
        self.see_cell(dside, ax, ay);
        self.see_cell(dside, dx, dy);
        self.all_see_cell(ax, ay);
        self.all_see_cell(dx, dy);
        if !self.alive(a) {
            return;
        }
        self.attempt_to_capture(a, d);
    }

    /// `attack_unit(X, Y)` (§9.3).
    fn attack_unit(&mut self, x: i32, y: i32) {
        if !self.alive(x) || !self.alive(y) || !self.enough_ammo(x, y) {
            return;
        }
        self.maybe_hit(x, y);
        if self.alive(x) {
            let (xt, yt) = (self.u(x).utype, self.u(y).utype);
            for m in 0..self.r.nm() {
                let h = self.r.t.hit_by.get(yt, m);
                if h > 0 {
                    let c = self.r.t.consumption_per_attack.get(xt, m) * h;
                    self.um(x).supply[m] -= c;
                }
            }
        }
    }

    /// `maybe_hit_unit(X, Y)` (§9.3).
    fn maybe_hit(&mut self, x: i32, y: i32) {
        let r = self.r;
        let (xt, yt) = (self.u(x).utype, self.u(y).utype);
        let mut chance = r.t.hit_chance.get(xt, yt);
        let (xx, xy) = (self.u(x).x, self.u(x).y);
        let (yx, yy) = (self.u(y).x, self.u(y).y);
        if self.s.area.in_area(xx, xy) && self.s.area.in_area(yx, yy) {
            chance = chance * r.t.attack_terrain_effect.get(xt, self.s.terrain_at(xx, xy)) / 100;
            chance = chance * r.t.defend_terrain_effect.get(yt, self.s.terrain_at(yx, yy)) / 100;
            for aux in r.aux_types() {
                if self.s.aux_at(aux, xx, xy) != 0 {
                    chance = chance * r.t.attack_terrain_effect.get(xt, aux) / 100;
                }
                if self.s.aux_at(aux, yx, yy) != 0 {
                    chance = chance * r.t.defend_terrain_effect.get(yt, aux) / 100;
                }
            }
        }
        let occs = self.u(y).occupants.clone();
        for &o in &occs {
            if self.active(o) {
                let prot = r.t.protection.get(self.u(o).utype, yt);
                if prot != 100 {
                    chance = chance * prot / 100;
                }
            }
        }
        let mut hit = 0;
        if self.s.rng.probability("hit", chance) {
            let raw = r.t.damage.get(xt, yt);
            hit = self.roll(raw).max(0);
        }
        if hit > 0 {
            let retreat = r.t.retreat_chance.get(xt, yt);
            if self.s.rng.probability("retreat", retreat) && self.retreat_unit(y, x) {
                if !self.alive(y) {
                    return;
                }
                hit = 0;
            }
        }
        // hit_unit
        if hit > 0 {
            self.um(y).hp2 -= hit;
            // "A hit wakes Y" (§9.3 step 6): a holding unit stops holding.
            self.um(y).hold = false;
        }
        let xside = self.u(x).side;
        let i = xt * r.nu() + yt;
        let sd = &mut self.s.sides[xside];
        sd.attack_stats[i] += 1;
        sd.hit_stats[i] += hit;
        sd.attacked[xt] = true;
        let active = self.active(y);
        let complete = self.complete(y);
        for o in occs {
            if !self.alive(o) {
                continue;
            }
            if active {
                let p = r.t.protection.get(yt, self.u(o).utype);
                if self.s.rng.probability("occupant-hit", p) {
                    self.maybe_hit(x, o);
                }
            } else if !complete {
                self.maybe_hit(x, o);
            }
        }
    }

    /// `retreat_unit(Y, X)` (§9.5).
    fn retreat_unit(&mut self, y: i32, x: i32) -> bool {
        if !self.u(y).actor || !self.r.mobile(self.u(y).utype) {
            return false;
        }
        let (yx, yy) = (self.u(y).x, self.u(y).y);
        let (xx, xy) = (self.u(x).x, self.u(x).y);
        let d = if (yx, yy) == (xx, xy) {
            self.s.rng.random_dir("retreat-dir")
        } else {
            match self.s.area.approx_dir(xx, xy, yx, yy) {
                Some(d) => d,
                None => self.s.rng.random_dir("retreat-dir"),
            }
        };
        if self.retreat_in_dir(y, x, d) {
            return true;
        }
        let (first, second) = if self.s.rng.flip_coin("retreat-side") {
            (left(d), right(d))
        } else {
            (right(d), left(d))
        };
        self.retreat_in_dir(y, x, first) || self.retreat_in_dir(y, x, second)
    }

    fn retreat_in_dir(&mut self, y: i32, x: i32, d: usize) -> bool {
        let (yx, yy) = (self.u(y).x, self.u(y).y);
        let Some((nx, ny)) = self.s.area.interior_point_in_dir(yx, yy, d) else {
            return false;
        };
        let xt = self.u(x).utype;
        if self.check_move(y, y, nx, ny, 0, Some(xt)).is_ok() {
            let extra = self.r.t.acp_for_retreat.get(self.u(y).utype, xt);
            self.um(y).acp += extra;
            self.do_move(y, y, nx, ny);
            return true;
        }
        let stack = self.s.stacks[self.cell(nx, ny)].clone();
        for t in stack {
            if self.check_enter(y, y, t).is_ok() {
                self.do_enter(y, y, t);
                return true;
            }
        }
        false
    }

    /// The capture chance of captor `b` against `d` (independent or not).
    fn capture_chance_of(&self, b: i32, d: i32) -> i32 {
        let (bt, dt) = (self.u(b).utype, self.u(d).utype);
        if self.u(d).side == 0 {
            let c = self.r.t.independent_capture_chance.get(bt, dt);
            if c != -1 {
                return c;
            }
        }
        self.r.t.capture_chance.get(bt, dt)
    }

    /// `attempt_to_capture_unit` (§9.6).
    fn attempt_to_capture(&mut self, b: i32, d: i32) {
        let dt = self.u(d).utype;
        let bside = self.u(b).side;
        if self.s.sides[bside].tech[dt] < self.r.u.tech_to_own[dt] {
            return;
        }
        let mut chance = self.capture_chance_of(b, d);
        if !self.alive(b) || !self.alive(d) || chance <= 0 {
            return;
        }
        if self.r.globals.protection_resists_capture {
            for o in self.u(d).occupants.clone() {
                if self.active(o) {
                    let prot = self.r.t.protection.get(self.u(o).utype, dt);
                    if prot != 100 {
                        chance = chance * prot / 100;
                    }
                }
            }
        }
        if self.s.rng.probability("capture", chance) {
            self.capture_unit(b, d, SideChange::Captured);
        }
    }

    /// `capture_unit` (§9.6): captor `b` takes prisoner `p`.
    pub fn capture_unit(&mut self, b: i32, p: i32, why: SideChange) {
        let new = self.u(b).side;
        let old = self.u(p).side;
        let (px, py) = (self.u(p).x, self.u(p).y);
        if !self.type_allowed_on_side(self.u(p).utype, new) {
            self.kill_unit(p, Some(Death::Killed));
        }
        if self.alive(p) {
            for o in self.u(p).occupants.clone() {
                self.capture_occupant(b, o);
            }
            self.change_unit_side(p, new, why, b);
            self.after_capture(p, old, new);
            if self.check_enter(b, b, p).is_ok() {
                self.do_enter(b, b, p);
            } else if self.check_move(b, b, px, py, 0, None).is_ok() {
                self.do_move(b, b, px, py);
            }
        }
        self.see_exact(old, px, py);
        self.all_see_cell(px, py);
    }

    /// An occupant of a captured unit: taken along, or killed (§9.6 3.1).
    fn capture_occupant(&mut self, b: i32, o: i32) {
        if !self.alive(o) || self.trusts(self.u(b).side, self.u(o).side) {
            return;
        }
        let (bt, ot) = (self.u(b).utype, self.u(o).utype);
        let escape = self.r.t.occupant_escape_chance.get(bt, ot);
        let _ = self.s.rng.probability("occupant-escape", escape);
        if self.capture_chance_of(b, o) > 0 {
            return;
        }
        for oo in self.u(o).occupants.clone() {
            self.capture_occupant(b, oo);
        }
        self.kill_unit(o, Some(Death::Killed));
    }

    /// `capture_unit_2` (§9.7).
    fn after_capture(&mut self, p: i32, old: usize, new: usize) {
        if !self.r.globals.see_all && old != 0 {
            let pt = self.u(p).utype;
            for w in self.s.sides[old].units.clone() {
                if !self.in_play(w) {
                    continue;
                }
                let chance = self.r.t.see_others_if_captured.get(pt, self.u(w).utype);
                if self.s.rng.probability("see-others", chance) {
                    let (wx, wy) = (self.u(w).x, self.u(w).y);
                    self.see_exact(new, wx, wy);
                    let stack = self.s.stacks[self.cell(wx, wy)].clone();
                    for v in stack {
                        if self.r.u.see_always[self.u(v).utype] != 0
                            && !self.u(v).occupants.is_empty()
                        {
                            let c = self.cell(wx, wy);
                            self.s.sides[new].vision.coverage[c] += 1;
                        }
                    }
                }
            }
        }
        for o in self.u(p).occupants.clone() {
            self.after_capture(o, old, new);
        }
    }
}
