//! The turn's start and end phases (spec §7.1, §7.3, §7.4), automatic
//! repair (§8.10), the fates of lost sides' units (§12.3) and scoring
//! (§12.1, §12.2).

use crate::history::{Datum, Observers};
use crate::kernel::{Death, SideChange, K};

/// The result of a check, named as the kernel names it (§8.1).
pub type Check = Result<(), &'static str>;

impl K<'_> {
    /// The start phase (§7.1), then the composition of action vectors.
    pub fn start_phase(&mut self) {
        self.s.turn += 1;
        if self.r.globals.economy {
            self.run_production();
            self.distribute_excess();
            self.discard_excess();
            self.share_scarce();
        }
        self.run_auto_repair();
        self.run_unit_fates();
        self.sort_side_lists();
        self.compute_moves();
        for side in &mut self.s.sides {
            side.inittech = side.tech.clone();
        }
        for t in &mut self.s.town_tasks {
            t.reserve = false;
        }
        self.compose_action_vectors();
    }

    /// The action vectors: each side's units with ACP at turn start (§7.1).
    pub fn compose_action_vectors(&mut self) {
        let n = self.s.sides.len();
        let mut vectors = vec![Vec::new(); n];
        for (side, v) in vectors.iter_mut().enumerate() {
            for &id in &self.s.sides[side].units {
                let u = self.u(id);
                if u.hp > 0 && u.actor && u.acp0 > 0 {
                    v.push(id);
                }
            }
        }
        self.s.action_vectors = vectors;
    }

    /// `can_be_actor` for a unit.
    pub fn can_be_actor(&self, id: i32) -> bool {
        let u = self.u(id);
        u.cp >= 0 && self.r.type_can_act(u.utype)
    }

    /// `compute_moves` (§7.3), sides in order, each side's list in order.
    pub fn compute_moves(&mut self) {
        for side in 0..self.s.sides.len() {
            let list = self.s.sides[side].units.clone();
            for id in list {
                if self.alive(id) {
                    self.compute_acp(id, self.s.turn == 1);
                }
            }
        }
    }

    /// One unit's ACP for the turn; `first_turn` zeroes leftover ACP first.
    pub fn compute_acp(&mut self, id: i32, first_turn: bool) {
        let r = self.r;
        let utype = self.u(id).utype;
        if self.can_be_actor(id) {
            if !self.u(id).actor {
                let u = self.um(id);
                u.actor = true;
                u.acp = r.u.acp_min[utype] - 1;
                u.acp0 = u.acp;
            }
        } else {
            // §19 item 5: a unit that can no longer act loses its state.
            let u = self.um(id);
            u.actor = false;
            u.acp = 0;
            u.acp0 = 0;
            return;
        }
        if first_turn {
            self.um(id).acp = 0;
        }
        let (x, y) = (self.u(id).x, self.u(id).y);
        if !self.complete(id) || !self.inside(x, y) {
            let u = self.um(id);
            u.acp = 0;
            u.acp0 = 0;
            return;
        }
        let new = r.u.acp_per_turn[utype];
        let (min, max) = (r.u.acp_min[utype], r.u.acp_max[utype]);
        let u = self.um(id);
        let mut acp = (u.acp + new).max(min);
        acp = acp.min(if max >= 0 { max } else { new });
        u.acp = acp;
        u.acp0 = acp;
        u.moves = 0;
    }

    /// The end phase (§7.4).
    pub fn end_phase(&mut self) {
        if self.r.globals.economy {
            self.run_consumption();
            self.run_starvation();
        }
        self.flush_dead_units();
        self.last_side_wins();
        self.test_for_game_end();
    }

    /// §12.1: last side wins, when the game started with 2 or more sides.
    pub fn last_side_wins(&mut self) {
        if self.s.initial_sides < 2 {
            return;
        }
        let mut left = Vec::new();
        for side in 1..self.s.sides.len() {
            if !self.s.sides[side].ingame {
                continue;
            }
            let points: i32 = self.s.sides[side]
                .units
                .iter()
                .filter(|&&id| self.active(id))
                .map(|&id| self.r.u.point_value[self.u(id).utype])
                .sum();
            if points == 0 {
                self.side_loses(side);
            } else {
                left.push(side);
            }
        }
        if let [winner] = left[..] {
            self.side_wins(winner);
        }
    }

    pub fn side_loses(&mut self, side: usize) {
        if !self.s.sides[side].ingame {
            return;
        }
        let sd = &mut self.s.sides[side];
        sd.status = -1;
        sd.ingame = false;
        let turn = self.s.turn;
        self.s.history.record(
            turn,
            "side-lost",
            Observers::All,
            vec![Datum::Num(side as i32), Datum::Num(1)],
        );
    }

    pub fn side_wins(&mut self, side: usize) {
        let sd = &mut self.s.sides[side];
        sd.status = 1;
        sd.ingame = false;
        let turn = self.s.turn;
        self.s.history.record(
            turn,
            "side-won",
            Observers::All,
            vec![Datum::Num(side as i32), Datum::Num(1)],
        );
    }

    /// §12.2 (D8): the game ends when no player side is in the game.
    pub fn test_for_game_end(&mut self) {
        if self.s.endofgame {
            return;
        }
        if self.s.sides.iter().skip(1).any(|s| s.ingame) {
            return;
        }
        self.s.endofgame = true;
        let turn = self.s.turn;
        self.s
            .history
            .record(turn, "game-ended", Observers::All, Vec::new());
    }

    // ----- automatic repair (§8.10) -----

    fn run_auto_repair(&mut self) {
        for id in self.s.global_ids() {
            if !self.in_play(id) {
                continue;
            }
            let utype = self.u(id).utype;
            if self.u(id).hp >= self.r.u.hp_max[utype] {
                continue;
            }
            let range = self.r.auto_repair_range_of[utype];
            let recovers = self.r.u.hp_recovery[utype] > 0;
            if range < 0 && !recovers {
                continue;
            }
            if recovers && self.auto_repair_check(id, id).is_ok() {
                self.auto_repair(id, id);
            }
            if range < 0 {
                let mut outer = id;
                while self.u(outer).transport != 0 {
                    outer = self.u(outer).transport;
                }
                self.repair_from_in(outer, id);
            } else {
                let (x, y) = (self.u(id).x, self.u(id).y);
                self.repair_from_here(x, y, id);
                for d in 1..=range {
                    for (cx, cy) in self.s.area.disc(x, y, d) {
                        if self.s.area.distance(x, y, cx, cy) == d {
                            self.repair_from_here(cx, cy, id);
                        }
                    }
                }
            }
        }
    }

    fn full_hp(&self, id: i32) -> bool {
        self.u(id).hp >= self.r.u.hp_max[self.u(id).utype]
    }

    fn repair_from_here(&mut self, x: i32, y: i32, r: i32) {
        if self.full_hp(r) {
            return;
        }
        let stack = self.s.stacks[self.cell(x, y)].clone();
        for u in stack {
            if !self.u(u).occupants.is_empty() {
                self.repair_from_in(u, r);
            }
            self.try_auto_repair_by(u, r);
        }
    }

    fn repair_from_in(&mut self, t: i32, r: i32) {
        if self.full_hp(r) {
            return;
        }
        let occs = self.u(t).occupants.clone();
        for o in occs {
            if !self.u(o).occupants.is_empty() {
                self.repair_from_in(o, r);
            }
            self.try_auto_repair_by(o, r);
        }
    }

    fn try_auto_repair_by(&mut self, p: i32, r: i32) {
        if !self.trusts(self.u(p).side, self.u(r).side) {
            return;
        }
        if p == r && self.r.u.hp_recovery[self.u(r).utype] > 0 {
            return;
        }
        if self.auto_repair_check(p, r).is_ok() {
            self.auto_repair(p, r);
        }
    }

    /// `can_auto_repair` (the turn-start check of §8.10).
    fn auto_repair_check(&self, p: i32, r: i32) -> Check {
        if !self.in_play(r) || !self.active(p) {
            return Err("action-error");
        }
        if self.full_hp(r) {
            return Ok(());
        }
        let (pt, rt) = (self.u(p).utype, self.u(r).utype);
        let recovery = p == r && self.r.u.hp_recovery[pt] > 0;
        if self.r.t.auto_repair.get(pt, rt) == 0 && !recovery {
            return Err("cannot-do");
        }
        if recovery {
            return if self.u(r).hp < self.r.u.hp_to_recover[pt] {
                Err("cannot-do")
            } else {
                Ok(())
            };
        }
        if self.distance_units(p, r) > self.r.t.auto_repair_range.get(pt, rt) {
            return Err("too-far");
        }
        if !self.trusts(self.u(p).side, self.u(r).side) {
            return Err("cannot-do");
        }
        self.can_act(p, p)
    }

    /// The turn-start repair (`do_repair_action` at turn start).
    fn auto_repair(&mut self, p: i32, r: i32) {
        let (pt, rt) = (self.u(p).utype, self.u(r).utype);
        if p == r && self.r.u.hp_recovery[pt] > 0 && self.u(r).hp >= self.r.u.hp_to_recover[pt] {
            let n = self
                .s
                .rng
                .prob_fraction("hp-recovery", self.r.u.hp_recovery[pt]);
            self.add_to_hp(r, n);
        }
        let ar = self.r.t.auto_repair.get(pt, rt);
        if ar > 0 {
            let n = self.s.rng.prob_fraction("auto-repair", ar);
            self.add_to_hp(r, n);
        }
    }

    /// `add_to_unit_hp`: hp and hp2 each grow, capped at hp-max (§19 item 4).
    pub fn add_to_hp(&mut self, id: i32, n: i32) {
        let max = self.r.u.hp_max[self.u(id).utype];
        let u = self.um(id);
        u.hp = (u.hp + n).min(max);
        u.hp2 = (u.hp2 + n).min(max);
    }

    /// *can act* (§8.1): A and B active, B holds its material-to-act.
    pub fn can_act(&self, a: i32, b: i32) -> Check {
        if !self.active(a) || !self.active(b) {
            return Err("action-error");
        }
        if !self.side_may_act(b) {
            return Err("cannot-do");
        }
        let bt = self.u(b).utype;
        for m in 0..self.r.nm() {
            if self.u(b).supply[m] < self.r.t.material_to_act.get(bt, m) {
                return Err("insufficient-material");
            }
        }
        Ok(())
    }

    // ----- fates of a lost side's units (§12.3) -----

    fn run_unit_fates(&mut self) {
        if !self.s.sides.iter().any(|s| s.status < 0 && !s.ingame) {
            return;
        }
        for id in self.s.global_ids() {
            let side = self.u(id).side;
            let lost = self.s.sides[side].status < 0 && !self.s.sides[side].ingame;
            if !lost || !self.alive(id) {
                continue;
            }
            let utype = self.u(id).utype;
            let vanish = self.r.u.lost_vanish_chance[utype];
            if self.in_play(id) && vanish > 0 && self.s.rng.chance10000("lost-vanish", vanish) {
                self.kill_unit(id, Some(Death::Vanished));
            }
            if !self.in_play(id) {
                continue;
            }
            let (x, y) = (self.u(id).x, self.u(id).y);
            let stack = self.s.stacks[self.cell(x, y)].clone();
            for v in stack {
                if self.u(id).side != side {
                    break;
                }
                if v == id || !self.in_play(v) || self.u(v).side == side {
                    continue;
                }
                let c = self.r.t.lost_surrender_chance.get(utype, self.u(v).utype);
                if c > 0 && self.visible_to(id, v) && self.s.rng.chance10000("surrender", c) {
                    self.capture_unit(v, id, SideChange::Surrendered);
                }
            }
            let revolt = self.r.u.lost_revolt_chance[utype];
            if self.alive(id)
                && self.u(id).side == side
                && revolt > 0
                && self.s.rng.chance10000("revolt", revolt)
            {
                self.revolt(id);
            }
        }
    }

    /// `visible_to(U, V)` (§12.5).
    pub fn visible_to(&self, u: i32, v: i32) -> bool {
        self.r.globals.see_all
            || self.side_sees_unit(self.u(u).side, v)
            || self.distance_units(u, v) <= self.r.u.vision_range[self.u(u).utype]
    }

    /// A forced revolt (`unit_revolt`, §12.3 step 4).
    fn revolt(&mut self, id: i32) {
        let old = self.u(id).side;
        let utype = self.u(id).utype;
        let origside = self.u(id).origside;
        let eligible = |k: &K<'_>, s: usize| {
            (s == 0 || k.s.sides[s].ingame) && !k.trusts(old, s) && k.type_allowed_on_side(utype, s)
        };
        let new = if origside != old && eligible(self, origside) {
            origside
        } else {
            let mut weights = Vec::new();
            for s in 0..self.s.sides.len() {
                if s != old && eligible(self, s) && self.s.sides[s].vision.views.contains_key(&id) {
                    let n = self.s.sides[s]
                        .units
                        .iter()
                        .filter(|&&o| self.in_play(o) && self.u(o).utype == utype)
                        .count() as i32;
                    weights.push((s, 1 + n));
                }
            }
            let sum: i32 = weights.iter().map(|w| w.1).sum();
            if sum <= 0 {
                return;
            }
            let n = self.s.rng.xrandom("revolt-side", sum);
            let mut acc = 0;
            let mut pick = old;
            for (s, w) in weights {
                acc += w;
                if acc >= n {
                    pick = s;
                    break;
                }
            }
            pick
        };
        if new == old {
            return;
        }
        let (x, y) = (self.u(id).x, self.u(id).y);
        self.change_unit_side(id, new, SideChange::Revolted, 0);
        self.see_exact(old, x, y);
        self.all_see_cell(x, y);
    }
}
