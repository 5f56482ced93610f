//! Reading a start state from a dump (`start.json`, spec §17.3): the world,
//! sides, units and views a fixture starts from, and what the dump does not
//! carry rebuilt from them (stacks, lists, coverage, side 0's vision).

use std::path::Path;

use serde_json::Value;

use crate::error::Error;
use crate::geometry::Area;
use crate::history::{Datum, Observers};
use crate::kernel::K;
use crate::rules::Rules;
use crate::setup::{empty_state, new_side};
use crate::state::{State, Unit};
use crate::views::UnitView;

struct Reader<'a> {
    path: &'a Path,
}

impl Reader<'_> {
    fn err(&self, what: impl Into<String>) -> Error {
        Error::Fixture {
            path: self.path.to_path_buf(),
            message: what.into(),
        }
    }

    fn int(&self, v: &Value, at: &str) -> Result<i32, Error> {
        v.as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| self.err(format!("{at}: expected an integer, got {v}")))
    }

    fn field<'v>(&self, v: &'v Value, key: &str, at: &str) -> Result<&'v Value, Error> {
        v.get(key)
            .ok_or_else(|| self.err(format!("{at}: missing field {key:?}")))
    }

    fn int_field(&self, v: &Value, key: &str, at: &str) -> Result<i32, Error> {
        self.int(self.field(v, key, at)?, &format!("{at}.{key}"))
    }

    fn ints(&self, v: &Value, at: &str) -> Result<Vec<i32>, Error> {
        v.as_array()
            .ok_or_else(|| self.err(format!("{at}: expected a list")))?
            .iter()
            .enumerate()
            .map(|(i, x)| self.int(x, &format!("{at}[{i}]")))
            .collect()
    }

    fn text(&self, v: Option<&Value>) -> Option<String> {
        v.and_then(Value::as_str).map(str::to_string)
    }

    fn array<'v>(&self, v: &'v Value, key: &str, at: &str) -> Result<&'v Vec<Value>, Error> {
        self.field(v, key, at)?
            .as_array()
            .ok_or_else(|| self.err(format!("{at}.{key}: expected a list")))
    }

    /// Rows of a layer (north first) into per-cell values.
    fn layer(
        &self,
        rows: &[Value],
        area: Area,
        at: &str,
        cell: impl Fn(char) -> Option<u8>,
    ) -> Result<Vec<u8>, Error> {
        if rows.len() != area.height as usize {
            return Err(self.err(format!(
                "{at}: {} rows for a height of {}",
                rows.len(),
                area.height
            )));
        }
        let mut out = vec![0u8; area.cells()];
        for (r, row) in rows.iter().enumerate() {
            let y = area.height - 1 - r as i32;
            let row = row
                .as_str()
                .ok_or_else(|| self.err(format!("{at}[{r}]: expected a string")))?;
            for (x, ch) in row.chars().enumerate() {
                let x = x as i32;
                if x >= area.width || !area.in_area(x, y) {
                    continue;
                }
                out[area.index(x, y)] = cell(ch).ok_or_else(|| {
                    self.err(format!(
                        "{at}[{r}]: unexpected character {ch:?} at column {x}"
                    ))
                })?;
            }
        }
        Ok(out)
    }
}

fn type_index(names: &[String], name: &str) -> Option<usize> {
    names.iter().position(|n| n == name)
}

/// Reads `start.json` into a state, ready for the first turn's actions.
pub fn read_start(r: &Rules, path: &Path, seed: i64) -> Result<State, Error> {
    let text = std::fs::read_to_string(path).map_err(|error| Error::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let d: Value = serde_json::from_str(&text).map_err(|e| Error::Fixture {
        path: path.to_path_buf(),
        message: format!("not JSON: {e}"),
    })?;
    let rd = Reader { path };
    let world = rd.field(&d, "world", "")?;
    let area = Area {
        width: rd.int_field(world, "width", "world")?,
        height: rd.int_field(world, "height", "world")?,
        circumference: rd.int_field(world, "circumference", "world")?,
    };
    if area.width < 3 || area.height < 3 || area.cells() > 16 << 20 {
        return Err(rd.err(format!(
            "world: impossible size {}x{}",
            area.width, area.height
        )));
    }
    let mut s = empty_state(r, area, seed);
    s.turn = rd.int_field(&d, "turn", "")?;
    if let Some(rs) = d.get("rs").and_then(Value::as_i64) {
        s.rng.rs = rs as i32;
    }
    let nt = r.nt();
    s.terrain = rd.layer(
        rd.array(world, "terrain", "world")?,
        area,
        "world.terrain",
        |c| {
            let v = (c as u32).checked_sub('a' as u32)?;
            (v < nt as u32).then_some(v as u8)
        },
    )?;
    if let Some(aux) = world.get("aux").and_then(Value::as_object) {
        for (name, cells) in aux {
            let t = type_index(&r.terrain_names, name)
                .ok_or_else(|| rd.err(format!("world.aux: unknown terrain type {name:?}")))?;
            let mut layer = vec![0u8; area.cells()];
            for (i, c) in cells.as_array().into_iter().flatten().enumerate() {
                let v = rd.ints(c, &format!("world.aux.{name}[{i}]"))?;
                if v.len() != 3 || !area.in_area(v[0], v[1]) {
                    return Err(rd.err(format!(
                        "world.aux.{name}[{i}]: expected [x, y, mask] in the area"
                    )));
                }
                layer[area.index(v[0], v[1])] = v[2] as u8;
            }
            s.aux[t] = layer;
        }
    }
    if let Some(rows) = world.get("people").and_then(Value::as_array) {
        const CHARS: &str = "0123456789abcdefghijklmnopqrstuvwxyz";
        s.people = Some(rd.layer(rows, area, "world.people", |c| {
            if c == '.' {
                Some(crate::state::NOBODY)
            } else {
                CHARS.find(c).map(|i| i as u8)
            }
        })?);
    }
    // sides
    let nu = r.nu();
    for (i, sv) in rd.array(&d, "sides", "")?.iter().enumerate() {
        let at = format!("sides[{i}]");
        let id = rd.int_field(sv, "id", &at)?;
        if id != i as i32 {
            return Err(rd.err(format!("{at}.id: sides must be listed 0, 1, 2, … in order")));
        }
        let mut side = new_side(r, i, area.cells());
        side.name = rd.text(sv.get("name"));
        side.noun = rd.text(sv.get("noun"));
        side.plural_noun = rd.text(sv.get("plural_noun"));
        side.adjective = rd.text(sv.get("adjective"));
        side.ingame = sv.get("ingame").and_then(Value::as_bool).unwrap_or(true);
        side.everingame = sv
            .get("everingame")
            .and_then(Value::as_bool)
            .unwrap_or(true);
        side.status = sv.get("status").and_then(Value::as_i64).unwrap_or(0) as i32;
        let list = |key: &str, len: usize| -> Result<Option<Vec<i32>>, Error> {
            match sv.get(key) {
                None => Ok(None),
                Some(v) => {
                    let v = rd.ints(v, &format!("{at}.{key}"))?;
                    if v.len() != len {
                        return Err(rd.err(format!("{at}.{key}: expected {len} numbers")));
                    }
                    Ok(Some(v))
                }
            }
        };
        if let Some(v) = list("next_numbers", nu)? {
            side.counts = v;
        }
        if let Some(v) = list("tech", nu)? {
            side.inittech = v.clone();
            side.tech = v;
        }
        if let Some(v) = list("gain_counts", nu * 4)? {
            side.gain_counts = v;
        }
        if let Some(v) = list("loss_counts", nu * 7)? {
            side.loss_counts = v;
        }
        if let Some(v) = sv.get("scores") {
            side.scores = rd.ints(v, &format!("{at}.scores"))?;
        }
        for (key, is_hits) in [("attack_stats", false), ("hit_stats", true)] {
            if let Some(obj) = sv.get(key).and_then(Value::as_object) {
                for (name, row) in obj {
                    let a = type_index(&r.unit_names, name)
                        .ok_or_else(|| rd.err(format!("{at}.{key}: unknown unit type {name:?}")))?;
                    let row = rd.ints(row, &format!("{at}.{key}.{name}"))?;
                    for (dt, v) in row.into_iter().enumerate().take(nu) {
                        if is_hits {
                            side.hit_stats[a * nu + dt] = v;
                        } else {
                            side.attack_stats[a * nu + dt] = v;
                        }
                    }
                    side.attacked[a] = true;
                }
            }
        }
        s.sides.push(side);
    }
    if s.sides.len() < 2 {
        return Err(rd.err("sides: at least the independents and one player side"));
    }
    s.initial_sides = s.sides.len() - 1;
    s.action_vectors = vec![Vec::new(); s.sides.len()];
    // units
    let mut placed = Vec::new();
    for (i, uv) in rd.array(&d, "units", "")?.iter().enumerate() {
        let at = format!("units[{i}]");
        let id = rd.int_field(uv, "id", &at)?;
        if id <= 0 || id > 1 << 24 {
            return Err(rd.err(format!("{at}.id: {id} is not a unit id")));
        }
        let tname = rd.field(uv, "type", &at)?.as_str().unwrap_or("");
        let utype = type_index(&r.unit_names, tname)
            .ok_or_else(|| rd.err(format!("{at}.type: unknown unit type {tname:?}")))?;
        let side = rd.int_field(uv, "side", &at)?;
        let side = usize::try_from(side)
            .ok()
            .filter(|&x| x < s.sides.len())
            .ok_or_else(|| rd.err(format!("{at}.side: no side {side}")))?;
        let origside = usize::try_from(rd.int_field(uv, "origside", &at)?)
            .ok()
            .filter(|&x| x < s.sides.len())
            .unwrap_or(side);
        while s.units.len() <= id as usize {
            let n = s.units.len() as i32;
            s.units.push(Unit {
                id: n,
                flushed: true,
                ..Unit::default()
            });
        }
        let mut supply = rd.ints(rd.field(uv, "supply", &at)?, &format!("{at}.supply"))?;
        supply.resize(r.nm(), 0);
        let hp = rd.int_field(uv, "hp", &at)?;
        let (acp, acp0) = (
            rd.int_field(uv, "acp", &at)?,
            rd.int_field(uv, "acp0", &at)?,
        );
        s.units[id as usize] = Unit {
            id,
            utype,
            side,
            origside,
            x: -1,
            y: -1,
            hp,
            hp2: hp,
            cp: rd.int_field(uv, "cp", &at)?,
            supply,
            number: uv.get("number").and_then(Value::as_i64).unwrap_or(0) as i32,
            name: rd.text(uv.get("name")),
            acp,
            acp0,
            moves: uv.get("moves").and_then(Value::as_i64).unwrap_or(0) as i32,
            ..Unit::default()
        };
        let x = rd.int_field(uv, "x", &at)?;
        let y = rd.int_field(uv, "y", &at)?;
        let tr = uv.get("in").and_then(Value::as_i64).unwrap_or(0) as i32;
        if !area.in_area(x, y) {
            return Err(rd.err(format!("{at}: ({x}, {y}) is not in the area")));
        }
        placed.push((id, x, y, tr));
    }
    for &(id, _, _, _) in &placed {
        let side = s.units[id as usize].side;
        s.sides[side].units.push(id);
    }
    for side in &mut s.sides {
        side.units.sort_unstable();
    }
    {
        let mut k = K::new(r, &mut s);
        // units in the open first, then occupants from the outside in
        let mut pending: Vec<_> = placed.clone();
        let mut progress = true;
        while !pending.is_empty() && progress {
            progress = false;
            let mut rest = Vec::new();
            for (id, x, y, tr) in pending {
                if tr == 0 {
                    k.place_in_cell(id, x, y);
                    progress = true;
                } else if k
                    .s
                    .units
                    .get(tr as usize)
                    .is_some_and(|t| t.hp > 0 && t.x >= 0)
                {
                    k.place_in_transport(id, tr);
                    progress = true;
                } else {
                    rest.push((id, x, y, tr));
                }
            }
            pending = rest;
        }
        if let Some((id, _, _, tr)) = pending.first() {
            return Err(rd.err(format!(
                "units: unit {id} is in unit {tr}, which is not on the map"
            )));
        }
        for id in 1..k.s.units.len() as i32 {
            if k.s.units[id as usize].flushed {
                continue;
            }
            let actor = k.can_be_actor(id) && k.complete(id);
            let u = k.um(id);
            u.actor = actor;
        }
    }
    read_views(r, &rd, &d, &mut s)?;
    read_events(r, &rd, &d, &mut s)?;
    {
        let mut k = K::new(r, &mut s);
        for side in 0..k.s.sides.len() {
            k.rebuild_coverage(side);
        }
        k.compose_action_vectors();
    }
    Ok(s)
}

fn read_views(r: &Rules, rd: &Reader<'_>, d: &Value, s: &mut State) -> Result<(), Error> {
    let area = s.area;
    let nt = r.nt();
    let Some(views) = d.get("views").and_then(Value::as_array) else {
        return Ok(());
    };
    for (i, v) in views.iter().enumerate() {
        let at = format!("views[{i}]");
        let side = rd.int_field(v, "side", &at)?;
        let side = usize::try_from(side)
            .ok()
            .filter(|&x| x > 0 && x < s.sides.len())
            .ok_or_else(|| rd.err(format!("{at}.side: no side {side}")))?;
        let terrain = rd.layer(
            rd.array(v, "terrain", &at)?,
            area,
            &format!("{at}.terrain"),
            |c| {
                if c == '?' {
                    return Some(0);
                }
                let t = (c as u32).checked_sub('a' as u32)?;
                (t < nt as u32).then_some(t as u8 + 1)
            },
        )?;
        s.sides[side].vision.terrain = terrain;
        let mut list = Vec::new();
        for (j, uv) in rd.array(v, "units", &at)?.iter().enumerate() {
            let at = format!("{at}.units[{j}]");
            let id = rd.int_field(uv, "id", &at)?;
            let tname = rd.field(uv, "type", &at)?.as_str().unwrap_or("");
            let utype = type_index(&r.unit_names, tname)
                .ok_or_else(|| rd.err(format!("{at}.type: unknown unit type {tname:?}")))?;
            let (x, y) = (rd.int_field(uv, "x", &at)?, rd.int_field(uv, "y", &at)?);
            if !area.in_area(x, y) {
                return Err(rd.err(format!("{at}: ({x}, {y}) is not in the area")));
            }
            list.push(UnitView {
                id,
                utype,
                side: rd.int_field(uv, "side", &at)?.max(0) as usize,
                name: rd.text(uv.get("name")),
                x,
                y,
                complete: rd.int_field(uv, "complete", &at)? != 0,
                date: rd.int_field(uv, "date", &at)?,
                transport: 0,
                occupants: Vec::new(),
            });
        }
        // A view sits in its unit's transport's view when the unit is there.
        let ids: std::collections::BTreeSet<i32> = list.iter().map(|v| v.id).collect();
        let vision = &mut s.sides[side].vision;
        for mut view in list {
            let real = s.units.get(view.id as usize).filter(|u| u.hp > 0);
            if let Some(u) = real {
                if u.transport != 0 && (u.x, u.y) == (view.x, view.y) && ids.contains(&u.transport)
                {
                    view.transport = u.transport;
                }
            }
            vision.views.insert(view.id, view);
        }
        let all: Vec<(i32, i32, i32, i32)> = vision
            .views
            .values()
            .map(|v| (v.id, v.transport, v.x, v.y))
            .collect();
        for (id, tr, x, y) in all {
            if tr != 0 {
                if let Some(t) = vision.views.get_mut(&tr) {
                    t.occupants.push(id);
                }
            } else {
                vision.cell_views[area.index(x, y)].push(id);
            }
        }
    }
    Ok(())
}

fn read_events(r: &Rules, rd: &Reader<'_>, d: &Value, s: &mut State) -> Result<(), Error> {
    let _ = r;
    let Some(events) = d.get("events").and_then(Value::as_array) else {
        return Ok(());
    };
    for (i, e) in events.iter().enumerate() {
        let at = format!("events[{i}]");
        let kind = rd.field(e, "type", &at)?.as_str().unwrap_or("").to_string();
        let turn = rd.int_field(e, "turn", &at)?;
        let observers = match e.get("observers") {
            Some(Value::String(a)) if a == "all" => Observers::All,
            Some(v) => Observers::Mask(rd.int(v, &format!("{at}.observers"))? as u32),
            None => Observers::All,
        };
        let mut data = Vec::new();
        for (j, x) in rd.array(e, "data", &at)?.iter().enumerate() {
            match x {
                Value::Number(_) => data.push(Datum::Num(rd.int(x, &format!("{at}.data[{j}]"))?)),
                _ => {
                    return Err(rd.err(format!(
                        "{at}.data[{j}]: past units cannot start a game (start files hold turn 1)"
                    )))
                }
            }
        }
        s.history.events.push(crate::history::Event {
            turn,
            kind: kind.into(),
            observers,
            data,
        });
    }
    Ok(())
}

impl K<'_> {
    /// The coverage of §17.3: own complete units' discs, own people, and 1
    /// on each seen cell holding a see-always unit. Side 0's terrain view,
    /// which no dump carries, is what it covers.
    fn rebuild_coverage(&mut self, side: usize) {
        let area = self.s.area;
        let mut cov = vec![0i16; area.cells()];
        if let Some(people) = &self.s.people {
            for (c, &p) in people.iter().enumerate() {
                if usize::from(p) == side {
                    cov[c] += 1;
                }
            }
        }
        for id in self.s.global_ids() {
            if self.u(id).side != side || !self.in_play(id) || !self.covers(id) {
                continue;
            }
            let u = self.u(id);
            for (x, y) in area.cover_disc(u.x, u.y, self.r.u.vision_range[u.utype]) {
                cov[area.index(x, y)] += 1;
            }
        }
        if side == 0 {
            let seen: Vec<u8> = cov
                .iter()
                .zip(&self.s.terrain)
                .map(|(&c, &t)| if c > 0 { t + 1 } else { 0 })
                .collect();
            self.s.sides[0].vision.terrain = seen;
        }
        for (c, stack) in self.s.stacks.iter().enumerate() {
            if self.s.sides[side].vision.terrain[c] != 0
                && stack
                    .iter()
                    .any(|&o| self.r.u.see_always[self.s.units[o as usize].utype] != 0)
            {
                cov[c] += 1;
            }
        }
        self.s.sides[side].vision.coverage = cov;
    }
}
