//! A turn (spec §4, §7, §8): a batch of inputs processed as the engine
//! does, with the actions it inserts (breakFocus, counter-actions, the
//! Chaos phase, endTurn), applying actions, recovery and blocking decay,
//! the end check, the pass rule and turns ended automatically.
//!
//! Finished turns are handed to a [`TurnLog`], so a game played for its
//! outcome alone keeps nothing, and a re-run or a record keeps every turn.

use crate::action::{Action, ActionKind, Change, Input, Res};
use crate::attack::{attack_results, break_focus, deathblow, regenerate, special_available};
use crate::board::{dir, Reduce};
use crate::chaos::{counter, end_of_turn_phase, Struck};
use crate::draws::{Draw, Draws, Use};
use crate::game::{BotFlag, End, EndReason, Game, GameKind, Unit};
use crate::movement::{move_direction, move_tiles};
use crate::units::{AttackKind, UnitType};

/// Where finished turns go.
pub trait TurnLog {
    /// Turn `turn` has finished with `actions`; `game` is now at the start of
    /// the next turn (its units are the next turn's snapshot).
    fn finished(&mut self, game: &Game, turn: usize, actions: Vec<Action>);
}

/// A log that keeps nothing.
pub struct NoLog;

impl TurnLog for NoLog {
    fn finished(&mut self, _: &Game, _: usize, _: Vec<Action>) {}
}

/// What became of one input of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Recorded (with whatever the engine inserted around it).
    Done,
    /// Skipped, and why (spec §4.3 steps 2–4).
    Skipped(Skip),
    /// Not looked at: the turn had already ended.
    Late,
}

/// Why an input was skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    NoSuchUnit,
    NotYourUnit,
    AnotherUnitActed,
    Recovering,
    Paralyzed,
    AlreadyMoved,
    AlreadyAttacked,
    Invalid,
}

impl Skip {
    /// What the player should know, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Skip::NoSuchUnit => "there is no living unit with that id",
            Skip::NotYourUnit => "that unit is not of the team whose turn it is",
            Skip::AnotherUnitActed => {
                "another unit already acted this turn (one unit acts per turn)"
            }
            Skip::Recovering => "that unit is recovering and cannot act this turn",
            Skip::Paralyzed => "that unit is paralysed and cannot act",
            Skip::AlreadyMoved => "the unit already moved this turn",
            Skip::AlreadyAttacked => "the unit already attacked this turn",
            Skip::Invalid => "the unit cannot do that from where it stands",
        }
    }
}

impl Game {
    /// The selected unit: the unit of the first action that has one (spec §4.2).
    pub fn selected(&self) -> Option<u32> {
        self.actions.iter().find_map(|a| a.kind.unit())
    }

    /// Some action of this turn is a move.
    pub fn moved(&self) -> bool {
        self.actions
            .iter()
            .any(|a| matches!(a.kind, ActionKind::Move { .. }))
    }

    /// Some action of this turn is an attack (the Seed's counter included).
    pub fn attacked(&self) -> bool {
        self.actions.iter().any(|a| {
            matches!(
                a.kind,
                ActionKind::Attack { .. } | ActionKind::AttackSpecial { .. }
            )
        })
    }

    /// Why `input` would be skipped now before validation (spec §4.3 steps
    /// 2 and 4, D7), or `None` when it goes on to be validated.
    pub fn precheck(&self, input: &Input) -> Option<Skip> {
        let id = input.unit()?;
        let Some((team, i)) = self.locate(id) else {
            return Some(Skip::NoSuchUnit);
        };
        let u = &self.teams[team].units[i];
        if team != self.current_team() {
            return Some(Skip::NotYourUnit);
        }
        if self.selected().is_some_and(|s| s != id) {
            return Some(Skip::AnotherUnitActed);
        }
        if u.m_recovery > 0 {
            return Some(Skip::Recovering);
        }
        if u.is_paralyzed() {
            return Some(Skip::Paralyzed);
        }
        match input {
            Input::Move { .. } if self.moved() => Some(Skip::AlreadyMoved),
            Input::Attack { .. } | Input::AttackSpecial { .. } if self.attacked() => {
                Some(Skip::AlreadyAttacked)
            }
            _ => None,
        }
    }

    /// Validates an input and builds its action, drawing for attacks
    /// (spec §4.4). `None`: invalid, skipped.
    pub fn validate(&self, input: &Input, draws: &mut dyn Draws) -> Option<ActionKind> {
        let u = self.unit(input.unit()?)?;
        let stats = u.kind.stats();
        let occ = self.occupancy();
        match *input {
            Input::Move {
                unit,
                assignment,
                direction,
            } => {
                if direction.is_some() && !stats.directional {
                    return None;
                }
                if !move_tiles(self, &occ, u).contains(&assignment) {
                    return None;
                }
                let d = move_direction(self, &occ, u, assignment);
                if direction.is_some() && direction != d {
                    return None;
                }
                Some(ActionKind::Move {
                    unit,
                    assignment,
                    direction: d.filter(|d| *d != u.facing),
                })
            }
            Input::Attack {
                unit,
                target,
                direction,
            } => {
                if direction.is_some() && !stats.directional {
                    return None;
                }
                if stats.all {
                    if target.is_some() {
                        return None;
                    }
                    let results = attack_results(self, &occ, u, None, draws);
                    return Some(ActionKind::Attack {
                        unit,
                        direction,
                        target: None,
                        results,
                    });
                }
                let t = target?;
                if !crate::attack::attack_tiles(self, u, u.tile).contains(&t) {
                    return None;
                }
                let facing = match direction {
                    Some(given) => {
                        let full = dir(u.tile, t, Reduce::None);
                        if !full.contains(given) {
                            return None;
                        }
                        (given != u.facing).then_some(full)
                    }
                    None if stats.directional => {
                        let f = dir(u.tile, t, Reduce::Facing(u.facing));
                        (f != u.facing).then_some(f)
                    }
                    None => None,
                };
                let results = attack_results(self, &occ, u, Some(t), draws);
                Some(ActionKind::Attack {
                    unit,
                    direction: facing,
                    target: Some(t),
                    results,
                })
            }
            Input::AttackSpecial { unit } => {
                if !special_available(u) {
                    return None;
                }
                let results = match u.kind {
                    UnitType::Assassin => deathblow(self, &occ, u, draws),
                    _ => regenerate(u),
                };
                Some(ActionKind::AttackSpecial { unit, results })
            }
            Input::Turn { unit, direction } => stats
                .directional
                .then_some(ActionKind::Turn { unit, direction }),
            Input::EndTurn => None,
        }
    }

    /// The end check of spec §4.3 step 9.
    fn turn_must_end(&self) -> bool {
        let selected_out = self.selected().is_some_and(|id| {
            self.unit(id)
                .is_none_or(|u| u.is_dead() || u.focusing.is_some())
        });
        selected_out || self.alive_teams().len() < 2
    }

    /// Records an action for the current team and applies it (spec §4.3
    /// step 7, §4.5).
    fn record(&mut self, kind: ActionKind) {
        let action = Action {
            team: self.current_team(),
            kind,
        };
        self.apply(&action);
        self.actions.push(action);
    }

    /// Applies an action's own effect and its results, then removes the
    /// dead (spec §4.5 steps 1–3).
    fn apply(&mut self, action: &Action) {
        match &action.kind {
            ActionKind::Move {
                unit,
                assignment,
                direction,
            } => {
                if let Some(u) = self.unit_mut(*unit) {
                    u.tile = *assignment;
                    if let Some(d) = direction {
                        u.facing = *d;
                    }
                }
            }
            ActionKind::Attack {
                unit,
                direction: Some(d),
                ..
            }
            | ActionKind::Turn {
                unit, direction: d, ..
            } => {
                if let Some(u) = self.unit_mut(*unit) {
                    u.facing = *d;
                }
            }
            ActionKind::Phase { unit, color, .. } => {
                if let Some(u) = self.unit_mut(*unit) {
                    u.color = Some(*color);
                }
            }
            _ => {}
        }
        for r in action.kind.results() {
            self.apply_result(r);
        }
        for team in &mut self.teams {
            team.units
                .retain(|u| u.kind == UnitType::ChaosSeed || !u.is_dead());
        }
    }

    /// A result's changes, then its sub-results depth first (spec §4.5).
    fn apply_result(&mut self, r: &Res) {
        for c in &r.changes {
            if let Change::Type(kind) = c {
                self.hatch(r.unit, *kind);
                continue;
            }
            let Some(u) = self.unit_mut(r.unit) else {
                continue;
            };
            match c {
                Change::MHealth(v) => u.m_health = *v,
                Change::MBlocking(v) => u.m_blocking = *v,
                Change::Direction(d) => u.facing = *d,
                Change::MRecovery(v) => u.m_recovery = *v,
                Change::Focusing(l) => u.focusing = l.clone(),
                Change::Paralyzed(l) => u.paralyzed = l.clone(),
                Change::Type(_) => {}
            }
        }
        for sub in &r.results {
            self.apply_result(sub);
        }
    }

    /// A change of `type`: the unit is replaced by a fresh one of the new
    /// type with the same id, tile and colour, facing `S`, appended to its
    /// team's list (spec §9.3).
    fn hatch(&mut self, id: u32, kind: UnitType) {
        let Some((t, i)) = self.locate(id) else {
            return;
        };
        let old = self.teams[t].units.remove(i);
        let fresh = Unit::new(id, kind, old.tile, crate::board::Dir::S, old.color);
        self.teams[t].units.push(fresh);
    }

    /// Processes a batch of inputs of the current team (spec §4.3). Returns
    /// what became of each input.
    pub fn play(
        &mut self,
        inputs: &[Input],
        draws: &mut dyn Draws,
        log: &mut dyn TurnLog,
    ) -> Vec<Fate> {
        let mut fates = vec![Fate::Late; inputs.len()];
        if self.is_over() {
            return fates;
        }
        let mut turn_ended = false;
        'inputs: for (k, input) in inputs.iter().enumerate() {
            if *input == Input::EndTurn {
                fates[k] = Fate::Done;
                turn_ended = true;
                break;
            }
            if let Some(skip) = self.precheck(input) {
                fates[k] = Fate::Skipped(skip);
                continue;
            }
            let Some(kind) = self.validate(input, draws) else {
                fates[k] = Fate::Skipped(Skip::Invalid);
                continue;
            };
            fates[k] = Fate::Done;
            let id = input.unit().expect("inputs past endTurn have a unit");
            let (facing, focusing) = match self.unit(id) {
                Some(u) => (u.facing, u.focusing.is_some()),
                None => continue,
            };
            if focusing {
                let u = self.unit(id).expect("just found");
                let results = break_focus(self, u);
                self.record(ActionKind::BreakFocus { unit: id, results });
            }
            if let ActionKind::Turn { direction, .. } = kind {
                if direction == facing {
                    turn_ended = true;
                    break;
                }
            }
            // What each struck Seed or Dragon was before the action (a
            // killed Dragon is gone afterwards but still answers).
            let struck: Vec<(Struck, Res)> = kind
                .results()
                .iter()
                .filter_map(|r| {
                    let u = self.unit(r.unit)?;
                    u.kind.is_chaos().then(|| {
                        (
                            Struck {
                                id: u.id,
                                kind: u.kind,
                                color: u.color,
                            },
                            r.clone(),
                        )
                    })
                })
                .collect();
            let is_turn = matches!(kind, ActionKind::Turn { .. });
            let is_attack = matches!(
                kind,
                ActionKind::Attack { .. } | ActionKind::AttackSpecial { .. }
            );
            self.record(kind);
            if is_turn {
                turn_ended = true;
                break;
            }
            if is_attack {
                if self.turn_must_end() {
                    turn_ended = true;
                    break;
                }
                for (s, r) in struck {
                    if let Some(answer) = counter(self, s, id, &r, draws) {
                        self.record(answer);
                        if self.turn_must_end() {
                            turn_ended = true;
                            break 'inputs;
                        }
                    }
                }
            }
        }
        if self.check_end() {
            return fates;
        }
        if turn_ended {
            if self.teams[self.current_team()].is_chaos() {
                if let Some(phase) = end_of_turn_phase(self, draws) {
                    self.record(phase);
                }
            }
            self.end_turns(draws, log);
        }
        fates
    }

    /// Ends the game when fewer than two teams are alive (spec §4.3 step 10).
    fn check_end(&mut self) -> bool {
        let alive = self.alive_teams();
        match alive.len() {
            0 => {
                self.end = Some(End {
                    winner: None,
                    reason: EndReason::NoTeam,
                })
            }
            1 => {
                self.end = Some(End {
                    winner: Some(alive[0]),
                    reason: EndReason::LastTeam,
                })
            }
            _ => return false,
        }
        true
    }

    /// Records `endTurn` and goes on through teams that cannot act, stopping
    /// at the pass rule (spec §4.3 step 11).
    fn end_turns(&mut self, draws: &mut dyn Draws, log: &mut dyn TurnLog) {
        loop {
            let end = self.end_turn_action(draws);
            self.record(end);
            if let Some(ActionKind::EndTurn {
                new_player_team: Some(t),
                ..
            }) = self.actions.last().map(|a| &a.kind)
            {
                let t = *t;
                self.teams[t].bot = Some(BotFlag::Flag(false));
            }
            let actions = std::mem::take(&mut self.actions);
            let idle = actions.len() <= 1;
            let finished = self.turn;
            self.turn += 1;
            self.idle_turns = if idle { self.idle_turns + 1 } else { 0 };
            log.finished(self, finished, actions);
            if self.idle_turns == 3 * self.teams.len() {
                self.end = Some(End {
                    winner: None,
                    reason: EndReason::PassRule,
                });
                return;
            }
            if self.teams[self.current_team()].can_act() {
                return;
            }
        }
    }

    /// The `endTurn` action: recovery, blocking decay, and in Chaos the
    /// hand-over of a team to the player (spec §7).
    fn end_turn_action(&self, draws: &mut dyn Draws) -> ActionKind {
        let current = self.current_team();
        let selected = self.selected();
        let (moved, attacked) = (self.moved(), self.attacked());
        let keep = 1.0 - 0.2 / self.teams.len() as f64;
        let mut results = vec![];
        for (t, team) in self.teams.iter().enumerate() {
            for u in &team.units {
                if t == current {
                    let recovery = u.kind.stats().recovery;
                    if Some(u.id) == selected {
                        let n = match (moved, attacked) {
                            (true, true) => recovery,
                            (true, false) => recovery / 2,
                            (false, true) => (recovery + 1) / 2,
                            (false, false) => 0,
                        };
                        if n != 0 {
                            results.push(Res::new(u.id, vec![Change::MRecovery(n)]));
                        }
                    } else if u.m_recovery > 0 {
                        results.push(Res::new(u.id, vec![Change::MRecovery(u.m_recovery - 1)]));
                    }
                }
                if u.m_blocking != 0.0 {
                    let mut m = u.m_blocking * keep;
                    if m.abs() < 2.0 {
                        m = 0.0;
                    }
                    results.push(Res::new(u.id, vec![Change::MBlocking(m)]));
                }
            }
        }
        let mut new_player_team = None;
        if self.kind == GameKind::Chaos {
            let has_player = self
                .teams
                .iter()
                .any(|t| !t.units.is_empty() && t.bot == Some(BotFlag::Flag(false)));
            if !has_player {
                let candidates: Vec<usize> = (0..self.teams.len())
                    .filter(|&i| !self.teams[i].units.is_empty() && !self.teams[i].is_chaos())
                    .collect();
                if !candidates.is_empty() {
                    let r = draws.draw(Draw::new(Use::NewPlayerTeam, self.turn));
                    let k =
                        ((r * candidates.len() as f64).floor() as usize).min(candidates.len() - 1);
                    new_player_team = Some(candidates[k]);
                }
            }
        }
        ActionKind::EndTurn {
            results,
            new_player_team,
        }
    }

    /// Whether `u` attacks with a target tile (not an "all" unit).
    pub fn is_targeted(u: &Unit) -> bool {
        let s = u.kind.stats();
        !s.all && s.attack != AttackKind::Heal
    }
}
