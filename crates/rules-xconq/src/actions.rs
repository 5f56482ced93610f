//! Actions (spec §8): the executor of §8.1 and every action type's check and
//! do: move, enter, create-in, create-at, build, develop, repair, disband,
//! change-side, detonate; attack is in `combat.rs`.
//!
//! A check runs against the true state and changes nothing; its failure is
//! the action's result. The result names are the kernel's.

use gdl::game_values::{decode_dice, Dice};

use crate::combat::Cause;
use crate::geometry::DX;
use crate::history::{Datum, Observers};
use crate::kernel::{Death, SideChange, K};
use crate::phases::Check;
use crate::rules::TerrainKind;
use crate::state::{Unit, GAIN_BUILD};

/// The action types of stdunit's kernel subset, with their argument counts.
pub const ACTIONS: &[(&str, usize)] = &[
    ("move", 3),
    ("enter", 1),
    ("attack", 2),
    ("detonate", 3),
    ("develop", 1),
    ("create-in", 2),
    ("create-at", 4),
    ("build", 1),
    ("repair", 1),
    ("disband", 0),
    ("change-side", 1),
];

/// The number of arguments an action takes, or None for an unknown action.
pub fn arg_count(action: &str) -> Option<usize> {
    ACTIONS.iter().find(|(n, _)| *n == action).map(|(_, c)| *c)
}

impl K<'_> {
    // ----- ACP (§7.3) -----

    pub fn has_enough_acp(&self, a: i32, cost: i32) -> bool {
        if cost == 0 {
            return true;
        }
        let u = self.u(a);
        if !u.actor {
            return false;
        }
        u.acp + self.r.u.free_acp[u.utype] - cost >= self.r.u.acp_min[u.utype]
    }

    /// The ACP a unit gets each turn (0 while incomplete).
    fn new_acp(&self, a: i32) -> i32 {
        if self.complete(a) {
            self.r.u.acp_per_turn[self.u(a).utype]
        } else {
            0
        }
    }

    pub fn can_have_enough_acp(&self, a: i32, cost: i32) -> bool {
        let t = self.u(a).utype;
        self.r.u.acp_per_turn[t] + self.r.u.free_acp[t] - cost >= self.r.u.acp_min[t]
            || cost < self.new_acp(a)
    }

    pub fn use_up_acp(&mut self, a: i32, cost: i32) {
        if cost <= 0 || !self.alive(a) || !self.u(a).actor {
            return;
        }
        let min = self.r.u.acp_min[self.u(a).utype];
        let u = self.um(a);
        u.acp = (u.acp - cost).max(min);
    }

    /// `roll_dice1` of a table value (a plain number draws nothing).
    pub fn roll(&mut self, raw: i32) -> i32 {
        match decode_dice(raw as i16) {
            Dice::Plain(n) => n,
            Dice::Roll {
                count,
                sides,
                offset,
            } => {
                let mut sum = offset;
                for _ in 0..count {
                    sum += self.s.rng.xrandom("dice", sides) + 1;
                }
                sum
            }
        }
    }

    // ----- the executor (§8.1) -----

    /// Executes one action of unit `a` (actee `actee`, 0 for itself) and
    /// returns its result name.
    pub fn execute(&mut self, a: i32, action: &str, args: &[i32], actee: i32) -> &'static str {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let known = a > 0 && (a as usize) < self.s.units.len();
        if !known || !self.alive(a) || !self.u(a).actor {
            return "action-error";
        }
        if self.u(a).acp < self.r.u.acp_min[self.u(a).utype] {
            return "action-error";
        }
        if !self.side_may_act(a) {
            return "cannot-do";
        }
        let b = if actee == 0 || actee == a {
            a
        } else if self.s.living(actee).is_some() {
            actee
        } else {
            return "action-error";
        };
        let unit_arg = |k: &K<'_>, id: i32| k.s.living(id).map(|u| u.id);
        let result = match action {
            "move" => self
                .check_move(a, b, arg(0), arg(1), arg(2), None)
                .map(|_| self.do_move(a, b, arg(0), arg(1))),
            "enter" => match unit_arg(self, arg(0)) {
                Some(t) => self.check_enter(a, b, t).map(|_| self.do_enter(a, b, t)),
                None => Err("action-error"),
            },
            "attack" => match unit_arg(self, arg(0)) {
                Some(d) => self.check_attack(a, b, d).map(|_| self.do_attack(a, b, d)),
                None => Err("action-error"),
            },
            "create-in" => match (self.utype_arg(arg(0)), unit_arg(self, arg(1))) {
                (Some(u3), Some(t)) => self
                    .check_create_in(a, b, u3, t)
                    .map(|_| self.do_create(a, b, u3, Place::In(t))),
                _ => Err("action-error"),
            },
            "create-at" => match self.utype_arg(arg(0)) {
                Some(u3) => self
                    .check_create_at(a, b, u3, arg(1), arg(2))
                    .map(|_| self.do_create(a, b, u3, Place::At(arg(1), arg(2)))),
                None => Err("action-error"),
            },
            "build" => match unit_arg(self, arg(0)) {
                Some(w) => self.check_build(a, b, w).map(|_| self.do_build(a, b, w)),
                None => Err("action-error"),
            },
            "develop" => match self.utype_arg(arg(0)) {
                Some(u3) => self
                    .check_develop(a, b, u3)
                    .map(|_| self.do_develop(a, b, u3)),
                None => Err("action-error"),
            },
            "repair" => match unit_arg(self, arg(0)) {
                Some(r) => self.check_repair(a, b, r).map(|_| self.do_repair(a, b, r)),
                None => Err("action-error"),
            },
            "disband" => self.check_disband(a, b).map(|_| self.do_disband(a, b)),
            "change-side" => {
                // A side number that names no side is a side not in play
                // (§8.11): an action error, not the independents.
                match usize::try_from(arg(0))
                    .ok()
                    .filter(|&s| s < self.s.sides.len())
                {
                    Some(side) => self
                        .check_change_side(a, b, side)
                        .map(|_| self.do_change_side(a, b, side)),
                    None => Err("action-error"),
                }
            }
            "detonate" => self
                .check_detonate(a, b, arg(0), arg(1))
                .map(|_| self.do_detonate(a, b, arg(0), arg(1))),
            _ => Err("cannot-do"),
        };
        match result {
            Ok(r) => r,
            Err(e) => e,
        }
    }

    /// Whether a unit's side may act with its type: independents act only
    /// with types that have `acp-independent` (§8.1 step 2).
    pub fn side_may_act(&self, id: i32) -> bool {
        let u = self.u(id);
        u.side != 0 || self.r.u.acp_independent[u.utype] != 0
    }

    fn utype_arg(&self, n: i32) -> Option<usize> {
        usize::try_from(n).ok().filter(|&u| u < self.r.nu())
    }

    // ----- moving (§8.3) -----

    /// `unit_speed`.
    pub fn unit_speed(&self, id: i32) -> i32 {
        let u = self.u(id);
        if u.hp <= 0 {
            return 0;
        }
        let t = u.utype;
        let mut speed = self.r.u.speed[t];
        let effect = &self.r.speed_damage_effect[t];
        if u.hp < self.r.u.hp_max[t] && !effect.is_empty() {
            speed = interpolate(effect, u.hp).unwrap_or(speed);
        }
        speed.clamp(self.r.u.speed_min[t], self.r.u.speed_max[t])
    }

    /// Whether a connection from (x, y) toward direction d exists of a type
    /// that `u` survives on.
    fn can_move_via_conn(&self, u: usize, x: i32, y: i32, d: Option<usize>) -> bool {
        let Some(d) = d else { return false };
        self.r.aux_types().any(|c| {
            self.r.terrain_kind[c] == TerrainKind::Connection
                && self.s.aux_at(c, x, y) & (1 << d) != 0
                && self.r.t.vanishes_on.get(u, c) == 0
                && self.r.t.wrecks_on.get(u, c) == 0
        })
    }

    /// `total_move_cost`.
    pub fn total_move_cost(
        &self,
        u: usize,
        ut: Option<usize>,
        from: (i32, i32),
        to: (i32, i32),
    ) -> i32 {
        let r = self.r;
        let area = self.s.area;
        let d = area.distance(from.0, from.1, to.0, to.1);
        if d == 0 {
            return 0;
        }
        if d >= 2 {
            return d;
        }
        let mut cost = 0;
        let ferry = match ut {
            Some(ut) => {
                cost += r.t.mp_to_leave_unit.get(u, ut);
                r.t.ferry_on_departure.get(ut, u)
            }
            None => 0,
        };
        let dir = area.dir_to(from.0, from.1, to.0, to.1);
        if ferry < 1 {
            cost +=
                r.t.mp_to_leave_terrain
                    .get(u, self.s.terrain_at(from.0, from.1));
        }
        if ferry < 2 {
            if let Some(dir) = dir {
                for b in r.aux_types() {
                    if r.terrain_kind[b] == TerrainKind::Border
                        && self.s.aux_at(b, from.0, from.1) & (1 << dir) != 0
                    {
                        cost += r.t.mp_to_enter_terrain.get(u, b);
                    }
                }
            }
        }
        if ferry < 3 {
            cost +=
                r.t.mp_to_enter_terrain
                    .get(u, self.s.terrain_at(to.0, to.1));
        }
        if let Some(dir) = dir {
            for c in r.aux_types() {
                if r.terrain_kind[c] == TerrainKind::Connection
                    && self.s.aux_at(c, from.0, from.1) & (1 << dir) != 0
                    && r.t.mp_to_traverse.get(u, c) >= 0
                {
                    cost = cost.min(
                        r.t.mp_to_enter_terrain.get(u, c)
                            + r.t.mp_to_traverse.get(u, c)
                            + r.t.mp_to_leave_terrain.get(u, c),
                    );
                }
            }
        }
        if !area.inside_area(to.0, to.1) {
            cost += r.u.mp_to_leave_world[u];
        }
        cost.max(1)
    }

    /// `can_move` (§8.3 check step 1); `retreat_from` is the attacker's type.
    fn can_move(&self, a: i32, b: i32, retreat_from: Option<usize>) -> Check {
        if !self.in_play(a) || !self.in_play(b) {
            return Err("action-error");
        }
        let bt = self.u(b).utype;
        if !self.r.could_move(bt) || !self.u(a).actor {
            return Err("cannot-do");
        }
        let mut c = self.r.u.acp_to_move[bt];
        if let Some(x) = retreat_from {
            c -= self.r.t.acp_for_retreat.get(bt, x);
        }
        if !self.can_have_enough_acp(a, c) {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        for m in 0..self.r.nm() {
            let s = self.u(b).supply[m];
            if s < self.r.t.material_to_act.get(bt, m)
                || s < self.r.t.material_to_move.get(bt, m)
                || s < self.r.t.consumption_per_move.get(bt, m)
            {
                return Err("insufficient-material");
            }
        }
        Ok(())
    }

    /// `in_blocking_zoc` (§8.4): a complete unit of a side the mover's side
    /// does not trust blocks its cell.
    fn in_blocking_zoc(&self, mover: i32, x: i32, y: i32) -> bool {
        let (ms, mt) = (self.u(mover).side, self.u(mover).utype);
        let t = self.s.terrain_at(x, y);
        self.s.stacks[self.cell(x, y)].iter().any(|&o| {
            let ot = self.u(o).utype;
            self.active(o)
                && !self.trusts(ms, self.u(o).side)
                && self.r.t.mp_to_enter_own.get(mt, ot) < 0
                && self.r.t.zoc_into_terrain.get(ot, t) != 0
                && self.r.t.zoc_from_terrain_effect.get(ot, t) > 0
        })
    }

    /// `check_move_action` (§8.3).
    pub fn check_move(
        &self,
        a: i32,
        b: i32,
        x: i32,
        y: i32,
        z: i32,
        retreat_from: Option<usize>,
    ) -> Check {
        self.can_move(a, b, retreat_from)?;
        let area = self.s.area;
        if !area.in_area(x, y) {
            return Err("action-error");
        }
        let bt = self.u(b).utype;
        if !area.inside_area(x, y) && self.r.u.mp_to_leave_world[bt] < 0 {
            return Err("cannot-leave-world");
        }
        let (bx, by) = (self.u(b).x, self.u(b).y);
        let d = area.distance(bx, by, x, y);
        // The kernel's range test refuses only distance-2 moves that are not
        // border slides (§8.3 step 4, D7); border slides are not supported.
        if d == 2 && d > self.r.u.move_range[bt] {
            return Err("too-far");
        }
        if z > 0 {
            return Err("too-far");
        }
        if self.in_blocking_zoc(a, x, y) {
            return Err("blocking-zoc");
        }
        let cost = self.total_move_cost(bt, self.transport_type(b), (bx, by), (x, y));
        let speed = self.unit_speed(b);
        let moves = d > 0;
        if speed == 0 && moves {
            return Err("cannot-do");
        }
        let at = self.u(a).utype;
        let max = self.r.u.acp_max[at];
        let gather = (if max > 0 { max } else { self.new_acp(a) }) - self.r.u.acp_min[at];
        if gather * speed / 100 + self.r.u.free_mp[bt] < cost {
            return Err("cannot-do");
        }
        let mp = self.u(a).acp * speed / 100;
        if mp <= 0 && moves {
            return Err("insufficient-mp");
        }
        if mp + self.r.u.free_mp[bt] < cost {
            return Err("insufficient-mp");
        }
        if !self.type_can_occupy_cell(bt, x, y) {
            return Err("destination-full");
        }
        Ok(())
    }

    /// `do_move_action` (§8.3).
    pub fn do_move(&mut self, a: i32, b: i32, x: i32, y: i32) -> &'static str {
        let area = self.s.area;
        let (bx, by, bt) = (self.u(b).x, self.u(b).y, self.u(b).utype);
        let d = area.distance(bx, by, x, y);
        let mut cost;
        let mut result = "action-done";
        if d == 0 {
            cost = 1;
            if self.u(b).transport != 0 {
                if !self.type_survives_in_cell(bt, x, y) {
                    self.kill_unit(b, Some(Death::Vanished));
                } else {
                    self.move_unit(b, x, y);
                }
            }
        } else if !area.inside_area(x, y) {
            self.kill_unit(b, Some(Death::LeftWorld));
            cost = 1;
        } else {
            let t = self.s.terrain_at(x, y);
            let dir = area.dir_to(bx, by, x, y);
            if self.r.t.vanishes_on.get(bt, t) != 0 && !self.can_move_via_conn(bt, bx, by, dir) {
                self.kill_unit(b, Some(Death::Vanished));
                result = "unit-gone";
                cost = 1;
            } else {
                let speed = self.unit_speed(b);
                let mp = self.move_unit(b, x, y);
                cost = if speed > 0 { mp * 100 / speed } else { 1 };
            }
        }
        if self.alive(a) {
            cost = cost.max(self.r.u.acp_to_move[bt]).max(1);
            self.use_up_acp(a, cost);
        }
        if self.alive(b) && self.u(b).actor {
            self.um(b).moves += 1;
        }
        result
    }

    /// `move_unit`: the cell change, then the move's supplies; returns the
    /// move's cost in MP.
    pub fn move_unit(&mut self, b: i32, x: i32, y: i32) -> i32 {
        let (ox, oy, bt) = (self.u(b).x, self.u(b).y, self.u(b).utype);
        let ut = self.transport_type(b);
        self.change_cell(b, x, y);
        for m in 0..self.r.nm() {
            let c = self.r.t.consumption_per_move.get(bt, m);
            if c > 0 {
                let s = &mut self.um(b).supply[m];
                *s -= c;
                if *s <= 0 {
                    *s = 0;
                    if self.alive(b) {
                        self.maybe_starve(b, false);
                    }
                }
            }
        }
        self.total_move_cost(bt, ut, (ox, oy), (x, y))
    }

    // ----- entering (§8.5) -----

    /// `total_entry_cost`.
    fn total_entry_cost(&self, b: i32, t: i32) -> i32 {
        let r = self.r;
        let (bu, tu) = (self.u(b), self.u(t));
        let (bt, tt) = (bu.utype, tu.utype);
        let ferry_in = r.t.ferry_on_entry.get(tt, bt);
        let mut cost = 0;
        let ferry_out = match self.transport_type(b) {
            Some(tb) => {
                cost += r.t.mp_to_leave_unit.get(bt, tb);
                r.t.ferry_on_departure.get(tb, bt)
            }
            None => 0,
        };
        let dir = self.s.area.dir_to(bu.x, bu.y, tu.x, tu.y);
        if let Some(dir) = dir {
            if ferry_out < 1 && ferry_in < 3 {
                cost +=
                    r.t.mp_to_leave_terrain
                        .get(bt, self.s.terrain_at(bu.x, bu.y));
            }
            if ferry_out < 2 && ferry_in < 2 {
                for bd in r.aux_types() {
                    if r.terrain_kind[bd] == TerrainKind::Border
                        && self.s.aux_at(bd, bu.x, bu.y) & (1 << dir) != 0
                    {
                        cost += r.t.mp_to_enter_terrain.get(bt, bd);
                    }
                }
            }
        }
        if ferry_out < 3 && ferry_in < 1 {
            cost +=
                r.t.mp_to_enter_terrain
                    .get(bt, self.s.terrain_at(tu.x, tu.y));
        }
        if let Some(dir) = dir {
            for c in r.aux_types() {
                if r.terrain_kind[c] == TerrainKind::Connection
                    && self.s.aux_at(c, bu.x, bu.y) & (1 << dir) != 0
                    && r.t.mp_to_traverse.get(bt, c) >= 0
                {
                    cost = cost.min(
                        r.t.mp_to_enter_terrain.get(bt, c)
                            + r.t.mp_to_traverse.get(bt, c)
                            + r.t.mp_to_leave_terrain.get(bt, c),
                    );
                }
            }
        }
        cost += r.t.mp_to_enter_unit.get(bt, tt);
        cost.max(1)
    }

    /// `sides_allow_entry`.
    fn sides_allow_entry(&self, b: i32, t: i32) -> bool {
        let (bs, ts) = (self.u(b).side, self.u(t).side);
        let cei = self
            .r
            .t
            .can_enter_independent
            .get(self.u(b).utype, self.u(t).utype)
            != 0;
        if bs == 0 {
            ts == 0 || cei
        } else if ts == 0 {
            cei
        } else {
            self.trusts(ts, bs)
        }
    }

    /// `check_enter_action` (§8.5).
    pub fn check_enter(&self, a: i32, b: i32, t: i32) -> Check {
        if !self.in_play(a) || !self.in_play(b) || !self.in_play(t) {
            return Err("action-error");
        }
        let (bt, tt) = (self.u(b).utype, self.u(t).utype);
        let c = self.r.t.acp_to_enter_unit.get(bt, tt);
        if c < 1 || !self.can_have_enough_acp(a, c) {
            return Err("cannot-do");
        }
        if b == t {
            return Err("action-error");
        }
        if self.distance_units(b, t) > 1 {
            return Err("action-error");
        }
        if !self.sides_allow_entry(b, t) || !self.can_occupy(b, t) {
            return Err("action-error");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        let cost = self.total_entry_cost(b, t);
        let speed = self.unit_speed(b);
        let mp = if speed == 0 || !self.u(a).actor {
            0
        } else {
            self.u(a).acp * speed / 100
        };
        if self.r.t.ferry_on_entry.get(tt, bt) < 3 {
            if mp <= 0 {
                return Err("insufficient-mp");
            }
            if mp + self.r.u.free_mp[bt] < cost {
                return Err("insufficient-mp");
            }
        }
        for m in 0..self.r.nm() {
            if self.u(b).supply[m] < self.r.t.material_to_move.get(bt, m) {
                return Err("insufficient-material");
            }
        }
        Ok(())
    }

    /// `do_enter_action` (§8.5).
    pub fn do_enter(&mut self, a: i32, b: i32, t: i32) -> &'static str {
        let (bx, by, bt, tt) = (self.u(b).x, self.u(b).y, self.u(b).utype, self.u(t).utype);
        if self.u(b).transport == 0
            && self.r.t.ferry_on_entry.get(tt, bt) < 3
            && !self.type_survives_in_cell(bt, bx, by)
        {
            self.kill_unit(b, Some(Death::Vanished));
            return "unit-gone";
        }
        self.leave_cell(b);
        self.enter_transport(b, t);
        if !self.alive(b) {
            return "action-done";
        }
        let mp = self.total_entry_cost(b, t);
        if self.alive(a) {
            let speed = self.unit_speed(b);
            let cost = if speed > 0 { mp * 100 / speed } else { 1 }
                + self.r.t.acp_to_enter_unit.get(bt, tt);
            self.use_up_acp(a, cost);
        }
        "action-done"
    }

    // ----- construction (§8.6) -----

    fn could_build(&self, builder: usize, u3: usize) -> bool {
        self.r.t.can_build.get(builder, u3) != 0 && self.r.t.cp_per_build.get(builder, u3) > 0
    }

    /// `update_canbuild_vector` for one type.
    fn side_can_build(&self, side: usize, u3: usize) -> bool {
        let r = self.r;
        r.u.cp[u3] > 0
            && self.type_allowed_on_side(u3, side)
            && (r.u.tech_to_build[u3] <= 0 || self.s.sides[side].tech[u3] >= r.u.tech_to_build[u3])
            && self.s.sides[side].tech[u3] >= r.u.tech_to_own[u3]
    }

    fn occupant_can_construct(&self, c: i32) -> bool {
        match self.transport_type(c) {
            Some(tt) => self.r.t.occupant_can_construct.get(tt, self.u(c).utype) != 0,
            None => true,
        }
    }

    /// `can_create_common`.
    fn can_create_common(&self, a: i32, c: i32, u3: usize, x: i32, y: i32) -> Check {
        if !self.inside(x, y) {
            return Err("cannot-leave-world");
        }
        self.can_act(a, c)?;
        let ct = self.u(c).utype;
        if !self.could_build(ct, u3) {
            return Err("cannot-do");
        }
        let (cx, cy) = (self.u(c).x, self.u(c).y);
        if self.s.area.distance(cx, cy, x, y) > self.r.t.build_range.get(ct, u3) {
            return Err("too-far");
        }
        let cost = self.r.t.acp_to_build.get(ct, u3);
        if cost > 0 && !self.can_have_enough_acp(a, cost) {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, cost) {
            return Err("insufficient-acp");
        }
        if !self.side_can_build(self.u(a).side, u3) {
            return Err("cannot-do");
        }
        if !self.occupant_can_construct(c) {
            return Err("cannot-do");
        }
        Ok(())
    }

    fn check_create_in(&self, a: i32, c: i32, u3: usize, t: i32) -> Check {
        if !self.in_play(t) {
            return Err("action-error");
        }
        let (tx, ty) = (self.u(t).x, self.u(t).y);
        self.can_create_common(a, c, u3, tx, ty)?;
        if !self.type_can_occupy_without(u3, t, 0) {
            return Err("action-error");
        }
        Ok(())
    }

    /// Whether a unit of type `u` could enter an empty, incomplete `ut`.
    fn could_occupy_new(&self, u: usize, ut: usize) -> bool {
        let r = self.r;
        (r.t.acp_to_build.get(u, ut) >= 1 || r.u.cp_per_self_build[ut] >= 1)
            && (r.u.capacity[ut] > 0 || r.t.unit_capacity_x.get(ut, u) > 0)
            && (1 <= r.t.unit_capacity_x.get(ut, u)
                || r.t.unit_size_as_occupant.get(u, ut) <= r.u.capacity[ut])
    }

    fn check_create_at(&self, a: i32, c: i32, u3: usize, x: i32, y: i32) -> Check {
        if !self.inside(x, y) {
            return Err("action-error");
        }
        self.can_create_common(a, c, u3, x, y)?;
        if self.type_can_occupy_cell(u3, x, y) && self.type_survives_in_cell(u3, x, y) {
            return Ok(());
        }
        let cu = self.u(c);
        if (cu.x, cu.y) == (x, y)
            && self.type_can_occupy_cell_without(u3, x, y, c)
            && self.type_survives_in_cell(u3, x, y)
            && self.could_occupy_new(cu.utype, u3)
        {
            return Ok(());
        }
        Err("action-error")
    }

    /// Creates a unit for side 0 at the front of the lists (§5.1).
    fn create_unit(&mut self, u3: usize) -> i32 {
        let id = self.s.units.len() as i32;
        let r = self.r;
        self.s.units.push(Unit {
            id,
            utype: u3,
            side: 0,
            origside: 0,
            x: -1,
            y: -1,
            hp: r.u.hp_max[u3],
            hp2: r.u.hp_max[u3],
            cp: r.u.cp[u3],
            supply: vec![0; r.nm()],
            ..Unit::default()
        });
        self.s.sides[0].units.insert(0, id);
        id
    }

    /// The common do of create-in and create-at (§8.6).
    fn do_create(&mut self, a: i32, c: i32, u3: usize, place: Place) -> &'static str {
        let r = self.r;
        let ct = self.u(c).utype;
        let id = self.create_unit(u3);
        self.use_up_acp(a, r.t.acp_to_build.get(ct, u3));
        let side = self.u(a).side;
        {
            let u = self.um(id);
            u.hp = 1;
            u.hp2 = 1;
            u.cp = r.t.cp_per_build.get(ct, u3);
        }
        self.set_side_list(id, side);
        self.um(id).origside = side;
        self.assign_number(id);
        self.um(c).creation_id = id;
        match place {
            Place::In(t) => self.enter_transport(id, t),
            Place::At(x, y) => {
                if self.type_can_occupy_cell(u3, x, y) && self.type_survives_in_cell(u3, x, y) {
                    self.enter_cell(id, x, y);
                } else {
                    self.leave_cell(c);
                    self.enter_cell(id, x, y);
                    self.enter_transport(c, id);
                }
            }
        }
        if self.alive(id) && self.complete(id) {
            self.make_unit_complete(id);
        } else if self.alive(id) {
            let turn = self.s.turn;
            self.s.history.record(
                turn,
                "unit-created",
                Observers::side(side),
                vec![Datum::Num(side as i32), Datum::Unit(id)],
            );
        }
        if self.alive(a) {
            let aside = self.u(a).side;
            self.s.sides[aside].gain_counts[u3 * 4 + GAIN_BUILD] += 1;
        }
        "action-done"
    }

    fn check_build(&self, a: i32, b: i32, w: i32) -> Check {
        if !self.in_play(w) {
            return Err("action-error");
        }
        self.can_act(a, b)?;
        let (bt, wt) = (self.u(b).utype, self.u(w).utype);
        if !self.could_build(bt, wt) {
            return Err("cannot-do");
        }
        if self.u(b).transport != 0 && self.u(b).transport != w && !self.occupant_can_construct(b) {
            return Err("cannot-do");
        }
        if self.distance_units(b, w) > self.r.t.build_range.get(bt, wt) {
            return Err("too-far");
        }
        let cost = self.r.t.acp_to_build.get(bt, wt);
        if !self.can_have_enough_acp(a, cost) {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, cost) {
            return Err("insufficient-acp");
        }
        if self.complete(w) {
            return Err("action-error");
        }
        Ok(())
    }

    fn do_build(&mut self, a: i32, b: i32, w: i32) -> &'static str {
        let (bt, wt) = (self.u(b).utype, self.u(w).utype);
        let gain = self
            .r
            .t
            .cp_per_build
            .get(bt, wt)
            .min(self.r.u.cp[wt] - self.u(w).cp);
        self.use_up_acp(a, self.r.t.acp_to_build.get(bt, wt));
        self.um(w).cp += gain;
        if self.complete(w) {
            self.make_unit_complete(w);
            "build-completed"
        } else {
            "action-done"
        }
    }

    /// `make_unit_complete` (§8.6).
    pub fn make_unit_complete(&mut self, w: i32) {
        let r = self.r;
        let wt = self.u(w).utype;
        {
            let u = self.um(w);
            u.cp = r.u.cp[wt];
            u.hp = r.u.hp_max[wt];
            u.hp2 = u.hp;
        }
        self.name_unit(w);
        let (x, y) = (self.u(w).x, self.u(w).y);
        if self.inside(x, y) && self.covers(w) {
            let side = self.u(w).side;
            self.cover(side, r.u.vision_range[wt], None, Some((x, y)));
        }
        let t = self.u(w).transport;
        if t != 0 {
            for m in 0..r.nm() {
                self.try_transfer_aux(t, w, m);
            }
        }
        self.compute_acp(w, false);
        let side = self.u(w).side;
        if self.u(w).actor && self.u(w).acp0 > 0 {
            self.s.action_vectors[side].push(w);
        }
        let turn = self.s.turn;
        self.s.history.record(
            turn,
            "unit-completed",
            Observers::side(side),
            vec![Datum::Num(side as i32), Datum::Unit(w)],
        );
        if self.s.area.in_area(x, y) {
            self.all_see_cell(x, y);
        }
    }

    /// The build check, for the intro rule's tasks.
    pub fn check_build_pub(&self, a: i32, b: i32, w: i32) -> Check {
        self.check_build(a, b, w)
    }

    /// The create-in check, for the intro rule's tasks.
    pub fn check_create_in_pub(&self, a: i32, c: i32, u3: usize, t: i32) -> Check {
        self.check_create_in(a, c, u3, t)
    }

    // ----- develop (§8.7) -----

    fn check_develop(&self, a: i32, b: i32, u3: usize) -> Check {
        if !self.in_play(a) || !self.in_play(b) {
            return Err("action-error");
        }
        let side = self.u(a).side;
        if side == 0 && !self.r.globals.indepside_can_develop {
            return Err("action-error");
        }
        let bt = self.u(b).utype;
        let c = self.r.t.acp_to_develop.get(bt, u3);
        if !self.r.can_develop(bt, u3) {
            return Err("cannot-do");
        }
        if !self.can_have_enough_acp(a, c) {
            return Err("cannot-do");
        }
        if self.s.sides[side].tech[u3] >= self.r.u.tech_max[u3] {
            return Err("action-error");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        for m in 0..self.r.nm() {
            if self.u(b).supply[m] < self.r.t.material_to_develop.get(bt, m) {
                return Err("insufficient-material");
            }
        }
        Ok(())
    }

    fn do_develop(&mut self, a: i32, b: i32, u3: usize) -> &'static str {
        let bt = self.u(b).utype;
        let side = self.u(a).side;
        let add = self
            .s
            .rng
            .prob_fraction("develop", self.r.t.tech_per_develop.get(bt, u3));
        let sd = &mut self.s.sides[side];
        sd.tech[u3] += add;
        sd.tech[u3] = sd.tech[u3].min(sd.inittech[u3] + self.r.u.tech_per_turn_max[u3]);
        self.use_up_acp(a, self.r.t.acp_to_develop.get(bt, u3));
        "action-done"
    }

    // ----- disband (§8.8) -----

    fn check_disband(&self, a: i32, b: i32) -> Check {
        if !self.in_play(a) || !self.in_play(b) {
            return Err("action-error");
        }
        let bt = self.u(b).utype;
        let c = self.r.u.acp_to_disband[bt];
        if c < 1 || self.r.u.hp_per_disband[bt] <= 0 {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        Ok(())
    }

    fn do_disband(&mut self, a: i32, b: i32) -> &'static str {
        let bt = self.u(b).utype;
        let per = self.r.u.hp_per_disband[bt];
        if per < self.u(b).hp {
            let u = self.um(b);
            u.hp -= per;
            u.hp2 = u.hp;
        } else {
            self.kill_unit(b, Some(Death::Disbanded));
        }
        self.use_up_acp(a, self.r.u.acp_to_disband[bt]);
        "action-done"
    }

    // ----- repair (§8.9) -----

    fn check_repair(&self, a: i32, b: i32, r: i32) -> Check {
        if !self.in_play(r) {
            return Err("action-error");
        }
        if !self.trusts(self.u(b).side, self.u(r).side) {
            return Err("cannot-do");
        }
        self.can_act(a, b)?;
        let (bt, rt) = (self.u(b).utype, self.u(r).utype);
        if self.u(r).hp >= self.r.u.hp_max[rt] {
            return Ok(());
        }
        if self.r.t.can_repair.get(bt, rt) == 0 || self.r.t.hp_per_repair.get(bt, rt) <= 0 {
            return Err("cannot-do");
        }
        if self.distance_units(b, r) > self.r.t.repair_range.get(bt, rt) {
            return Err("too-far");
        }
        let c = self.r.t.acp_to_repair.get(bt, rt);
        if c > 0 && !self.can_have_enough_acp(a, c) {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        Ok(())
    }

    fn do_repair(&mut self, a: i32, b: i32, r: i32) -> &'static str {
        let (bt, rt) = (self.u(b).utype, self.u(r).utype);
        let n = self
            .s
            .rng
            .prob_fraction("repair", self.r.t.hp_per_repair.get(bt, rt));
        self.add_to_hp(r, n);
        self.use_up_acp(a, self.r.t.acp_to_repair.get(bt, rt));
        "action-done"
    }

    // ----- change side (§8.11) -----

    fn check_change_side(&self, a: i32, b: i32, side: usize) -> Check {
        if !self.in_play(a) || !self.in_play(b) {
            return Err("action-error");
        }
        if side != 0 && !self.s.sides[side].ingame {
            return Err("action-error");
        }
        let bt = self.u(b).utype;
        if self.u(b).side == side || !self.type_allowed_on_side(bt, side) {
            return Err("action-error");
        }
        let c = self.r.u.acp_to_change_side[bt];
        if c < 1 || !self.can_have_enough_acp(a, c) {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        Ok(())
    }

    fn do_change_side(&mut self, a: i32, b: i32, side: usize) -> &'static str {
        let bt = self.u(b).utype;
        let result = if self.u(a).side == self.u(b).side {
            self.change_unit_side(b, side, SideChange::Acquired, 0);
            "action-done"
        } else {
            "action-error"
        };
        self.use_up_acp(a, self.r.u.acp_to_change_side[bt]);
        result
    }

    // ----- detonate (§8.12) -----

    fn check_detonate(&self, a: i32, b: i32, x: i32, y: i32) -> Check {
        self.can_act(a, b)?;
        let bt = self.u(b).utype;
        let c = self.r.u.acp_to_detonate[bt];
        if c <= 0 {
            return Err("cannot-do");
        }
        if !self.has_enough_acp(a, c) {
            return Err("insufficient-acp");
        }
        if !self.inside(x, y) {
            return Err("action-error");
        }
        let (bx, by) = (self.u(b).x, self.u(b).y);
        if self.s.area.distance(bx, by, x, y) > 1 {
            return Err("too-far");
        }
        Ok(())
    }

    fn do_detonate(&mut self, a: i32, b: i32, x: i32, y: i32) -> &'static str {
        let r = self.r;
        let bt = self.u(b).utype;
        let self_hit = r.u.hp_per_detonation[bt];
        self.um(b).hp2 -= self_hit;
        let bside = self.u(b).side;
        let stack = self.s.stacks[self.cell(x, y)].clone();
        for &o in &stack {
            if o == b {
                continue;
            }
            let ot = self.u(o).utype;
            let raw = r.t.detonation_damage_at.get(bt, ot);
            let hit = self.roll(raw).max(0);
            if hit > 0 {
                self.um(o).hp2 -= hit;
            }
            let i = bt * r.nu() + ot;
            let sd = &mut self.s.sides[bside];
            sd.attack_stats[i] += 1;
            sd.hit_stats[i] += hit;
            sd.attacked[bt] = true;
        }
        self.damage_terrain(b, x, y);
        let stack = self.s.stacks[self.cell(x, y)].clone();
        for o in stack {
            if self.alive(o) {
                self.damage_unit(o, Cause::Combat);
            }
        }
        if self.alive(b) {
            self.damage_unit(b, Cause::Combat);
        }
        self.use_up_acp(a, r.u.acp_to_detonate[bt]);
        "action-done"
    }

    /// `damage_terrain` (§8.12 step 3).
    fn damage_terrain(&mut self, b: i32, x: i32, y: i32) {
        let r = self.r;
        let bt = self.u(b).utype;
        let t = self.s.terrain_at(x, y);
        if !self.s.rng.probability(
            "terrain-damage",
            r.t.detonation_terrain_damage_chance.get(bt, t),
        ) {
            return;
        }
        let choices: Vec<(usize, i32)> = (0..r.nt())
            .filter(|&t2| r.terrain_kind[t2] == TerrainKind::Cell)
            .filter(|&t2| r.t.blasts_into_ttype.get(bt, t2) != 0)
            .map(|t2| (t2, r.t.terrain_damaged_type.get(t, t2)))
            .filter(|&(_, w)| w > 0)
            .collect();
        let total: i32 = choices.iter().map(|c| c.1).sum();
        if total > 0 {
            let n = self.s.rng.xrandom("terrain-damage", total);
            let mut acc = 0;
            for (t2, w) in choices {
                acc += w;
                if acc > n {
                    self.change_terrain(x, y, t2);
                    break;
                }
            }
        }
        for aux in r.aux_types() {
            let mask = self.s.aux_at(aux, x, y);
            for d in 0..6 {
                if mask & (1 << d) != 0 {
                    let _ = self.s.rng.probability(
                        "terrain-damage",
                        r.t.detonation_terrain_damage_chance.get(bt, aux),
                    );
                }
            }
        }
        let _ = DX;
    }

    /// `change_terrain_type` (§8.12).
    fn change_terrain(&mut self, x: i32, y: i32, t2: usize) {
        let c = self.cell(x, y);
        self.s.terrain[c] = t2 as u8;
        for side in 0..self.s.sides.len() {
            if self.coverage(side, x, y) > 0 {
                self.record_terrain(side, x, y);
            }
        }
        let stack = self.s.stacks[c].clone();
        for o in stack {
            let ot = self.u(o).utype;
            if self.r.t.vanishes_on.get(ot, t2) != 0 && !self.type_survives_in_cell(ot, x, y) {
                self.kill_unit(o, Some(Death::Vanished));
            }
        }
    }

    /// Names a completed unit that has no name from its type's namer
    /// (§8.14). Only the kernel's `junky` method is needed once play starts
    /// (place names come from synthesis); other namers leave it unnamed.
    fn name_unit(&mut self, w: i32) {
        let u = self.u(w);
        if u.name.is_some() || self.r.namers[u.utype] != "junky" {
            return;
        }
        let sd = &self.s.sides[u.side];
        let side_name = [&sd.name, &sd.adjective, &sd.plural_noun, &sd.noun]
            .into_iter()
            .flatten()
            .next()
            .cloned()
            .unwrap_or_default();
        let tname: String = self.r.unit_names[u.utype].chars().take(3).collect();
        let name = if side_name.chars().count() >= 2 {
            let head: String = side_name.chars().take(2).collect::<String>().to_uppercase();
            format!("{head}-{tname}-{:02}", u.number)
        } else {
            format!("{tname}-{}", u.id)
        };
        self.um(w).name = Some(name);
    }
}

/// Where a created unit goes.
#[derive(Clone, Copy, Debug)]
enum Place {
    In(i32),
    At(i32, i32),
}

/// An interpolation list at v (gdl spec 3.8): None outside its range.
fn interpolate(list: &[(i32, i32)], v: i32) -> Option<i32> {
    match list {
        [] => None,
        [(x, y)] => (v == *x).then_some(*y),
        _ => {
            for w in list.windows(2) {
                let ((x1, y1), (x2, y2)) = (w[0], w[1]);
                if v < x1 {
                    return None;
                }
                if v <= x2 {
                    if v == x1 {
                        return Some(y1);
                    }
                    if v == x2 {
                        return Some(y2);
                    }
                    return Some(y1 + (y2 - y1) * (v - x1) / (x2 - x1).max(1));
                }
            }
            None
        }
    }
}
