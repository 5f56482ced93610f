//! The intro turn-1 rule (spec §13, D10): in a game whose main module is
//! `intro`, each player side's town builds infantry inside itself for the
//! whole game, through a construct task and build tasks whose failures draw.
//!
//! Only the task stack, its retry counts, the town's `creation_id` and its
//! reserve flag are state; the tasks act through ordinary actions, recorded
//! like any other with `by: "auto"`.

use crate::kernel::K;
use crate::state::{Task, TownTasks};

/// One executed action, as the record and the fixtures' `actions.jsonl` list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Executed {
    pub turn: i32,
    pub unit: i32,
    pub actee: i32,
    pub action: &'static str,
    pub args: Vec<i32>,
    pub result: &'static str,
    /// The generator state before the action.
    pub rs: i32,
    /// The generator state after it.
    pub rs_after: i32,
    /// `order` or `auto`.
    pub by: &'static str,
    /// The acting unit's side when it acted (0 for none): whose seat may
    /// see the action in the record while the game runs.
    pub side: usize,
}

impl K<'_> {
    /// Executes an action and returns its record.
    pub fn run_action(
        &mut self,
        unit: i32,
        action: &'static str,
        args: Vec<i32>,
        actee: i32,
        by: &'static str,
    ) -> Executed {
        let rs = self.s.rng.rs;
        let side = self.s.units.get(unit.max(0) as usize).map_or(0, |u| u.side);
        let result = self.execute(unit, action, &args, actee);
        let rs_after = self.s.rng.rs;
        Executed {
            side,
            rs_after,
            turn: self.s.turn,
            unit,
            actee,
            action,
            args,
            result,
            rs,
            by,
        }
    }

    /// The type the intro rule constructs: `infantry`, else type 0.
    fn intro_product(&self) -> usize {
        self.r.unit_type("infantry").unwrap_or(0)
    }

    /// Whether a unit gets the construct task on turn 1: a player side's
    /// immobile unit that can build the product.
    fn gets_intro_task(&self, id: i32) -> bool {
        let u = self.u(id);
        let p = self.intro_product();
        u.side != 0
            && !self.r.mobile(u.utype)
            && self.r.t.can_build.get(u.utype, p) != 0
            && self.r.t.cp_per_build.get(u.utype, p) > 0
    }

    /// The automatic actions of §7.2: sides in order, each side's action
    /// vector in order, each town acting until it is done.
    pub fn run_automatic(&mut self, out: &mut Vec<Executed>) {
        if !self.s.intro_rule {
            return;
        }
        for side in 1..self.s.sides.len() {
            let mut i = 0;
            while i < self.s.action_vectors[side].len() {
                let id = self.s.action_vectors[side][i];
                i += 1;
                if self.s.turn == 1
                    && self.alive(id)
                    && self.gets_intro_task(id)
                    && !self.s.town_tasks.iter().any(|t| t.unit == id)
                {
                    let utype = self.intro_product();
                    self.s.town_tasks.push(TownTasks {
                        unit: id,
                        tasks: vec![Task::Construct {
                            run: 99,
                            utype,
                            retries: 0,
                        }],
                        reserve: false,
                    });
                }
                self.run_town_tasks(id, out);
            }
        }
    }

    fn tasks_of(&mut self, id: i32) -> Option<&mut TownTasks> {
        self.s.town_tasks.iter_mut().find(|t| t.unit == id)
    }

    fn run_town_tasks(&mut self, id: i32, out: &mut Vec<Executed>) {
        loop {
            if !self.alive(id) || self.u(id).acp <= 0 {
                return;
            }
            let Some(tt) = self.tasks_of(id) else { return };
            if tt.reserve {
                return;
            }
            let Some(top) = tt.tasks.last().cloned() else {
                return;
            };
            match top {
                Task::Build { unit: p, .. } => {
                    if !self.in_play(p) {
                        self.task_failed(id);
                        continue;
                    }
                    if self.complete(p) {
                        if let Some(tt) = self.tasks_of(id) {
                            tt.tasks.pop();
                        }
                        continue;
                    }
                    self.um(id).creation_id = -1;
                    match self.check_build_pub(id, id, p) {
                        Ok(()) => out.push(self.run_action(id, "build", vec![p], id, "auto")),
                        Err("insufficient-acp" | "insufficient-material") => {
                            if let Some(tt) = self.tasks_of(id) {
                                tt.reserve = true;
                            }
                        }
                        Err(_) => self.task_failed(id),
                    }
                }
                Task::Construct { run, utype, .. } => {
                    if run <= 0 {
                        if let Some(tt) = self.tasks_of(id) {
                            tt.tasks.pop();
                        }
                        continue;
                    }
                    let made = self.u(id).creation_id;
                    if made > 0 && self.in_play(made) {
                        self.um(id).creation_id = -1;
                        if let Some(tt) = self.tasks_of(id) {
                            if run - 1 <= 0 {
                                tt.tasks.pop();
                            } else if let Some(Task::Construct { run: r, .. }) = tt.tasks.last_mut()
                            {
                                *r -= 1;
                            }
                            tt.tasks.push(Task::Build {
                                unit: made,
                                retries: 0,
                            });
                        }
                        continue;
                    }
                    match self.check_create_in_pub(id, id, utype, id) {
                        Ok(()) => out.push(self.run_action(
                            id,
                            "create-in",
                            vec![utype as i32, id],
                            id,
                            "auto",
                        )),
                        Err("insufficient-acp" | "insufficient-material") => {
                            if let Some(tt) = self.tasks_of(id) {
                                tt.reserve = true;
                            }
                        }
                        Err(_) => self.task_failed(id),
                    }
                }
            }
        }
    }

    /// A task fails (`execute_task`): retry count, then the two draws.
    fn task_failed(&mut self, id: i32) {
        let g = self.r.globals.clone();
        let retries = {
            let Some(tt) = self.tasks_of(id) else { return };
            let Some(task) = tt.tasks.last_mut() else {
                return;
            };
            let r = match task {
                Task::Build { retries, .. } | Task::Construct { retries, .. } => retries,
            };
            *r += 1;
            *r
        };
        let remove = self
            .s
            .rng
            .probability("badtask-remove", g.badtask_remove_chance);
        if remove || retries >= g.badtask_max_retries {
            if let Some(tt) = self.tasks_of(id) {
                tt.tasks.pop();
            }
            if self
                .s
                .rng
                .probability("badtask-reserve", g.badtask_reserve_chance)
            {
                if let Some(tt) = self.tasks_of(id) {
                    tt.reserve = true;
                }
            }
        }
    }
}
