//! World synthesis for modules whose world is made at setup (`standard`):
//! our own algorithm (D20, spec §18.2), not 7.5's, driven only by the
//! module's settings and by `GameRng` (ChaCha8, seeded with the game's
//! seed), never by the kernel's `rs` (D5), so the rules' stream is the same
//! whatever world was made.
//!
//! The settings are read from the loaded module once ([`Settings::read`],
//! like every other rule: nothing here knows stdunit's types) and the world
//! is then made in this order, each step from the previous ones:
//!
//! 1. terrain (`make-fractal-percentile-terrain`): altitude and wetness
//!    fields of random blobs, smoothed, turned into percentiles; a cell
//!    gets the first cell terrain whose percentile ranges hold it; edge
//!    cells get `edge-terrain`;
//! 2. rivers: from cells of types with `river-chance`, downhill to
//!    `river-sink-terrain` or lower water, as border bits;
//! 3. countries: a centre per side, `country-separation-min..max` from the
//!    others, with `country-terrain-min..max` cells of each terrain within
//!    `country-radius-min` (relaxed step by step when the world has no room,
//!    and refused with a clear error when even that fails);
//! 4. the `start-with` units, one per cell, on their `favored-terrain`, each
//!    on a cell it may occupy and survive (§3.5); steps 3 to 8 are drawn
//!    again (up to [`COUNTRY_TRIES`] times) while the places of some two
//!    sides share no land mass and no body of water (`sides_apart`), and
//!    when no draw will do, steps 1 to 8 (up to [`TERRAIN_TRIES`]
//!    terrains): such sides could never reach each other once the sides
//!    between them are gone;
//! 5. people (`country-people-chance` near each centre,
//!    `independent-people-chance` elsewhere), when the module has them;
//! 6. independent units (`independent-density`, per 10,000 cells);
//! 7. roads (`road-chance` between a country's places, `spur-chance` and
//!    `spur-range`, `road-to-edge-chance`) along the shortest path over
//!    cells the places could stand on;
//! 8. names: sides from `side-library` by weight, places from the side's
//!    `unit-namers`, else their type's `namer` ([`crate::names`]).
//!
//! Start views (D20): the kernel's own (§6.1 step 3: coverage from units
//! and people, a look at every cell, the initial views around each unit);
//! a side thus starts seeing its country (its people cover it) and the
//! places within `initial-seen-radius` of its units; with `world-seen`
//! (`terrain-seen`) every side also knows all terrain.

use engine::GameRng;
use gdl::value::{Kind, Value};
use gdl::Interp;
use serde::{Deserialize, Serialize};

use crate::geometry::{set_edge, Area};
use crate::kernel::K;
use crate::names::{pick_entries, side_library, LibraryEntry, Namers};
use crate::rules::{Rules, TerrainKind};
use crate::setup::{empty_state, latin1, new_side};
use crate::state::{State, Unit, GAIN_INITIAL, NOBODY};

/// The parameters of one random field (altitude or wetness).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Field {
    pub density: i32,
    pub size: i32,
    pub height: i32,
    pub smoothing: i32,
}

/// Everything synthesis reads from the module.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub width: i32,
    pub height: i32,
    pub circumference: i32,
    pub alt: Field,
    pub wet: Field,
    /// Per terrain type.
    pub alt_min: Vec<i32>,
    pub alt_max: Vec<i32>,
    pub wet_min: Vec<i32>,
    pub wet_max: Vec<i32>,
    pub river_chance: Vec<i32>,
    pub country_terrain_min: Vec<i32>,
    pub country_terrain_max: Vec<i32>,
    pub country_people_chance: Vec<i32>,
    pub independent_people_chance: Vec<i32>,
    pub edge_terrain: usize,
    pub river_sink: Option<usize>,
    pub country_radius_min: i32,
    pub country_radius_max: i32,
    pub separation_min: i32,
    pub separation_max: i32,
    /// Per unit type.
    pub start_with: Vec<i32>,
    pub road_to_edge_chance: Vec<i32>,
    pub spur_chance: Vec<i32>,
    pub spur_range: Vec<i32>,
    /// `[u * nt + t]`.
    pub favored: Vec<i32>,
    pub independent_density: Vec<i32>,
    /// `[u * nu + u2]`.
    pub road_chance: Vec<i32>,
    /// `[u * nm + m]`.
    pub initial_supply: Vec<i32>,
    pub namers: Namers,
    pub library: Vec<LibraryEntry>,
    /// Side 0's texts: name, noun, plural noun, adjective.
    pub independents: [Option<String>; 4],
}

fn table(interp: &Interp, name: &str, rows: usize, cols: usize) -> Vec<i32> {
    let t = interp.table_index(name);
    let mut out = Vec::with_capacity(rows * cols);
    for i in 0..rows {
        for j in 0..cols {
            out.push(t.map_or(0, |t| interp.table_value(t, i, j)));
        }
    }
    out
}

fn global_type(interp: &Interp, name: &str, nt: usize) -> Option<usize> {
    match interp.global_value(name) {
        Value::Type(Kind::Terrain, i) => Some(usize::from(i)),
        _ => {
            let n = interp.global_int(name);
            (n >= 0 && (n as usize) < nt).then_some(n as usize)
        }
    }
}

/// Whether a module's world is made at setup: it gives no terrain of its
/// own, and some terrain type has percentile ranges to make one from.
pub fn is_synthesised(interp: &Interp) -> bool {
    interp.area.terrain.is_none()
        && (0..interp.type_count(Kind::Terrain))
            .any(|t| interp.type_int(Kind::Terrain, t, "alt-percentile-max") > 0)
}

impl Settings {
    /// The synthesis settings of a module whose world is made at setup:
    /// `None` when the module gives its own terrain, or when no terrain
    /// type has percentile ranges (nothing to make a world from).
    pub fn read(interp: &Interp, r: &Rules) -> Option<Settings> {
        if interp.area.terrain.is_some() {
            return None;
        }
        let nt = r.nt();
        let nu = r.nu();
        let tp = |name: &str| -> Vec<i32> {
            (0..nt)
                .map(|t| interp.type_int(Kind::Terrain, t, name))
                .collect()
        };
        let up = |name: &str| -> Vec<i32> {
            (0..nu)
                .map(|u| interp.type_int(Kind::Unit, u, name))
                .collect()
        };
        let alt_max = tp("alt-percentile-max");
        if alt_max.iter().all(|&m| m <= 0) {
            return None;
        }
        let g = |name: &str| interp.global_int(name);
        let side0 = interp.sides.first().map(|s| s.strings.clone());
        let text = |i: usize| {
            side0
                .as_ref()
                .and_then(|s| s[i].as_ref())
                .map(|b| latin1(b))
        };
        let (width, height) = if interp.area.width > 0 && interp.area.height > 0 {
            (interp.area.width, interp.area.height)
        } else {
            (60, 30)
        };
        Some(Settings {
            width,
            height,
            circumference: interp.world.circumference,
            alt: Field {
                density: g("alt-blob-density"),
                size: g("alt-blob-size"),
                height: g("alt-blob-height"),
                smoothing: g("alt-smoothing"),
            },
            wet: Field {
                density: g("wet-blob-density"),
                size: g("wet-blob-size"),
                height: g("wet-blob-height"),
                smoothing: g("wet-smoothing"),
            },
            alt_min: tp("alt-percentile-min"),
            alt_max,
            wet_min: tp("wet-percentile-min"),
            wet_max: tp("wet-percentile-max"),
            river_chance: tp("river-chance"),
            country_terrain_min: tp("country-terrain-min"),
            country_terrain_max: tp("country-terrain-max"),
            country_people_chance: tp("country-people-chance"),
            independent_people_chance: tp("independent-people-chance"),
            edge_terrain: global_type(interp, "edge-terrain", nt).unwrap_or(0),
            river_sink: global_type(interp, "river-sink-terrain", nt),
            country_radius_min: g("country-radius-min"),
            country_radius_max: g("country-radius-max"),
            separation_min: g("country-separation-min"),
            separation_max: g("country-separation-max"),
            start_with: up("start-with"),
            road_to_edge_chance: up("road-to-edge-chance"),
            spur_chance: up("spur-chance"),
            spur_range: up("spur-range"),
            favored: table(interp, "favored-terrain", nu, nt),
            independent_density: table(interp, "independent-density", nu, nt),
            road_chance: table(interp, "road-chance", nu, nu),
            initial_supply: table(interp, "unit-initial-supply", nu, r.nm()),
            namers: Namers::read(interp),
            library: side_library(interp, &r.unit_names),
            independents: [text(0), text(3), text(4), text(5)],
        })
    }
}

/// Why a world could not be made.
#[derive(Debug)]
pub struct NoRoom {
    pub side: usize,
    pub sides: usize,
}

/// What the synthesis made, besides the state (for tests and tools).
#[derive(Clone, Debug, Default)]
pub struct Made {
    /// Each side's country centre, side 1 first.
    pub centres: Vec<(i32, i32)>,
    /// The country separation finally used (it is relaxed when the world
    /// has no room for the module's).
    pub separation: i32,
    /// How many times the countries were drawn, on every terrain drawn:
    /// again while some two sides could not reach each other (at most
    /// [`COUNTRY_TRIES`] on a terrain, and [`TERRAIN_TRIES`] terrains).
    pub draws: usize,
}

/// A hex step in direction d.
fn step(area: &Area, x: i32, y: i32, d: usize) -> Option<(i32, i32)> {
    area.point_in_dir(x, y, d)
}

/// The cells of the area within distance r of (x, y), in disc order.
fn near(area: &Area, x: i32, y: i32, r: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            if (dx + dy).abs() > r && dx.signum() == dy.signum() {
                continue;
            }
            let (cx, cy) = (area.wrapx(x + dx), y + dy);
            if area.in_area(cx, cy) && area.distance(x, y, cx, cy) <= r {
                out.push((cx, cy));
            }
        }
    }
    out
}

struct World<'a> {
    r: &'a Rules,
    set: &'a Settings,
    area: Area,
    alt: Vec<i32>,
    terrain: Vec<u8>,
}

impl World<'_> {
    fn idx(&self, x: i32, y: i32) -> usize {
        self.area.index(x, y)
    }

    fn in_cells(&self) -> Vec<(i32, i32)> {
        self.area.all_cells().collect()
    }

    /// A random field: blobs of random height, smoothed, as percentiles.
    fn field(&self, f: &Field, rng: &mut GameRng) -> Vec<i32> {
        let cells = self.in_cells();
        let n = cells.len().max(1);
        let mut v = vec![0i32; self.area.cells()];
        let blobs = ((i64::from(f.density.max(0)) * n as i64) / 10_000).max(1);
        let radius = ((f.size.max(1) as f64).sqrt() / 4.0).round().max(1.0) as i32;
        let h = f.height.max(1) as u32;
        for _ in 0..blobs {
            let (x, y) = cells[rng.index(n)];
            let lift = rng.below(2 * h + 1) as i32 - h as i32;
            for (cx, cy) in near(&self.area, x, y, radius) {
                let c = self.idx(cx, cy);
                v[c] += lift;
            }
        }
        for _ in 0..f.smoothing.max(0) {
            let mut next = v.clone();
            for &(x, y) in &cells {
                let (mut sum, mut count) = (v[self.idx(x, y)], 1);
                for d in 0..6 {
                    if let Some((nx, ny)) = step(&self.area, x, y, d) {
                        sum += v[self.idx(nx, ny)];
                        count += 1;
                    }
                }
                next[self.idx(x, y)] = sum / count;
            }
            v = next;
        }
        // Percentiles: a cell's rank among the area's cells, 0..99.
        let mut order: Vec<usize> = cells.iter().map(|&(x, y)| self.idx(x, y)).collect();
        order.sort_by_key(|&c| (v[c], c));
        let mut pct = vec![0i32; self.area.cells()];
        for (rank, c) in order.into_iter().enumerate() {
            pct[c] = (rank * 100 / n) as i32;
        }
        // Keep the raw values for altitude (rivers run downhill); callers
        // take the percentiles from the second half.
        let mut out = v;
        out.extend(pct);
        out
    }

    fn cell_types(&self) -> Vec<usize> {
        (0..self.r.nt())
            .filter(|&t| self.r.terrain_kind[t] == TerrainKind::Cell)
            .collect()
    }

    fn in_range(p: i32, lo: i32, hi: i32) -> bool {
        p >= lo && (p < hi || (hi >= 100 && p <= hi))
    }

    /// The terrain of a cell of these percentiles (§18.2 "Terrain").
    fn pick_terrain(&self, types: &[usize], ap: i32, wp: i32) -> usize {
        let s = self.set;
        if let Some(&t) = types.iter().find(|&&t| {
            Self::in_range(ap, s.alt_min[t], s.alt_max[t])
                && Self::in_range(wp, s.wet_min[t], s.wet_max[t])
        }) {
            return t;
        }
        if let Some(&t) = types
            .iter()
            .find(|&&t| Self::in_range(ap, s.alt_min[t], s.alt_max[t]))
        {
            return t;
        }
        // No range holds it: the type whose altitude range is nearest.
        *types
            .iter()
            .min_by_key(|&&t| (s.alt_min[t] - ap).max(ap - s.alt_max[t]).max(0))
            .unwrap_or(&0)
    }

    fn make_terrain(&mut self, rng: &mut GameRng) {
        let cells = self.area.cells();
        let alt = self.field(&self.set.alt, rng);
        let wet = self.field(&self.set.wet, rng);
        let types = self.cell_types();
        self.alt = alt[..cells].to_vec();
        for (x, y) in self.in_cells() {
            let c = self.idx(x, y);
            self.terrain[c] = if self.area.inside_area(x, y) {
                self.pick_terrain(&types, alt[cells + c], wet[cells + c])
            } else {
                self.set.edge_terrain
            } as u8;
        }
    }

    fn terrain_at(&self, x: i32, y: i32) -> usize {
        usize::from(self.terrain[self.idx(x, y)])
    }

    /// Water for rivers: the sink terrain, or a type no higher than it.
    fn is_sink(&self, t: usize) -> bool {
        match self.set.river_sink {
            Some(s) => t == s || self.set.alt_max[t] <= self.set.alt_min[s],
            None => self.set.river_chance[t] == 0 && self.set.alt_max[t] <= 70,
        }
    }
}

/// The options a game asks synthesis for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Player sides (2..15).
    pub sides: usize,
    /// The kernel generator's seed (the rules' `rs`).
    pub seed: i64,
}

/// Makes a world and its units (the state of §6.1, made instead of read).
pub fn synthesise(
    r: &Rules,
    set: &Settings,
    ask: &Ask,
    rng: &mut GameRng,
) -> Result<(State, Made), NoRoom> {
    let area = Area {
        width: set.width.max(3),
        height: set.height.max(3),
        circumference: set.circumference,
    };
    let cells = area.cells();
    let river = (0..r.nt()).find(|&t| r.terrain_kind[t] == TerrainKind::Border);
    // Countries and what stands in them are drawn again (a few times at
    // most) while some two sides could never reach each other, and when
    // no draw on a terrain lets every two meet, the terrain is drawn
    // again too. When none does, the world kept joins the sides in the
    // fewest groups (sides that reach each other at least through
    // others), then leaves the fewest pairs apart: the last of those.
    let mut best: Option<(Apart, State, Made)> = None;
    let mut draws = 0;
    for _ in 0..TERRAIN_TRIES {
        let mut w = World {
            r,
            set,
            area,
            alt: vec![0; cells],
            terrain: vec![0; cells],
        };
        w.make_terrain(rng);
        let mut rivers = vec![0u8; cells];
        if river.is_some() {
            make_rivers(&w, &mut rivers, rng);
        }
        let (bodies, _) = bodies(r, &area, &w.terrain);
        for _ in 0..COUNTRY_TRIES {
            draws += 1;
            let (s, made) = match populate(&w, (river, &rivers), ask, rng) {
                Ok(made) => made,
                // No room this time, after a draw that had some: keep
                // the best world found.
                Err(_) if best.is_some() => break,
                Err(e) => return Err(e),
            };
            let apart = sides_apart(&w, &s, &bodies);
            if best.as_ref().is_none_or(|b| apart <= b.0) {
                best = Some((apart, s, made));
            }
            if apart.all_meet() {
                break;
            }
        }
        if best.as_ref().is_some_and(|b| b.0.all_meet()) {
            break;
        }
    }
    let (_, s, mut made) = best.expect("a world was drawn or its error returned");
    made.draws = draws;
    Ok((s, made))
}

/// How many times the countries are drawn on one terrain before the
/// terrain is drawn again, while some two sides cannot reach each other.
pub const COUNTRY_TRIES: usize = 16;

/// How many terrains are drawn before a world where some two sides cannot
/// reach each other is kept anyway.
pub const TERRAIN_TRIES: usize = 8;

/// Everything after the terrain and rivers: countries, their units,
/// people, independents, roads, names, numbers and start views.
fn populate(
    w: &World<'_>,
    (river, rivers): (Option<usize>, &[u8]),
    ask: &Ask,
    rng: &mut GameRng,
) -> Result<(State, Made), NoRoom> {
    let (r, set, area) = (w.r, w.set, w.area);
    let cells = area.cells();
    let mut s = empty_state(r, area, ask.seed);
    let road = (0..r.nt()).find(|&t| r.terrain_kind[t] == TerrainKind::Connection);
    let (centres, separation) = place_countries(w, ask.sides, rng)?;
    s.terrain = w.terrain.clone();
    if let Some(t) = river {
        if rivers.iter().any(|&m| m != 0) {
            s.aux[t] = rivers.to_vec();
        }
    }
    // Sides: the independents, then one per player from the library.
    let mut side0 = new_side(r, 0, cells);
    side0.name = set.independents[0].clone();
    side0.noun = set.independents[1].clone();
    side0.plural_noun = set.independents[2].clone();
    side0.adjective = set.independents[3].clone();
    s.sides.push(side0);
    let entries = pick_entries(&set.library, ask.sides, rng);
    for side in 1..=ask.sides {
        let mut sd = new_side(r, side, cells);
        match entries.get(side - 1) {
            Some(e) => {
                sd.name = e.name.clone();
                sd.noun = e.noun.clone();
                sd.adjective = e.adjective.clone().or_else(|| e.noun.clone());
                sd.plural_noun = e
                    .plural_noun
                    .clone()
                    .or_else(|| e.noun.as_ref().map(|n| format!("{n}s")));
            }
            None => {
                sd.noun = Some(format!("Side {side}"));
                sd.plural_noun = sd.noun.clone();
                sd.adjective = sd.noun.clone();
            }
        }
        s.sides.push(sd);
    }
    s.initial_sides = ask.sides;
    s.action_vectors = vec![Vec::new(); s.sides.len()];
    let mut namers = set.namers.clone();
    let mut made_units: Vec<(i32, i32, i32)> = Vec::new();
    // Start-with units: fewest of a type first, so a lone capital takes
    // the centre.
    let mut start: Vec<usize> = (0..r.nu()).filter(|&u| set.start_with[u] > 0).collect();
    start.sort_by_key(|&u| (set.start_with[u], u));
    let mut country_units: Vec<Vec<i32>> = vec![Vec::new(); ask.sides + 1];
    for (i, &(cx, cy)) in centres.iter().enumerate() {
        let side = i + 1;
        for &u in &start {
            for _ in 0..set.start_with[u] {
                let first = country_units[side].is_empty();
                let Some((x, y)) = start_cell(w, &mut s, r, u, (cx, cy), first, rng) else {
                    continue;
                };
                let namer = entries
                    .get(side - 1)
                    .and_then(|e| e.unit_namers.iter().find(|n| n.0 == u))
                    .map(|n| n.1.clone())
                    .unwrap_or_else(|| r.namers[u].clone());
                let name = namers.name(&namer, rng);
                let id = add_unit(r, set, &mut s, u, side, x, y, name);
                made_units.push((id, x, y));
                country_units[side].push(id);
            }
        }
    }
    // People (only when the module has them).
    let has_people = set.country_people_chance.iter().any(|&c| c > 0)
        || set.independent_people_chance.iter().any(|&c| c > 0);
    if has_people {
        let radius = set.country_radius_min.max(set.country_radius_max).max(1);
        let mut people = vec![NOBODY; cells];
        for (x, y) in area.all_cells() {
            if !area.inside_area(x, y) {
                continue;
            }
            let t = w.terrain_at(x, y);
            let mut dists: Vec<(i32, usize)> = centres
                .iter()
                .enumerate()
                .map(|(i, &(cx, cy))| (area.distance(x, y, cx, cy), i + 1))
                .collect();
            dists.sort();
            let own = dists
                .first()
                .filter(|d| d.0 <= radius && dists.get(1).is_none_or(|e| e.0 > d.0));
            let c = area.index(x, y);
            if let Some(&(_, side)) = own {
                if rng.below(100) < set.country_people_chance[t].max(0) as u32 {
                    people[c] = side as u8;
                    continue;
                }
            }
            if own.is_none() && rng.below(100) < set.independent_people_chance[t].max(0) as u32 {
                people[c] = 0;
            }
        }
        s.people = Some(people);
    }
    // Independent units.
    for (x, y) in area.all_cells() {
        if !area.inside_area(x, y) {
            continue;
        }
        if centres
            .iter()
            .any(|&(cx, cy)| area.distance(x, y, cx, cy) <= set.country_radius_min.max(1))
        {
            continue;
        }
        let t = w.terrain_at(x, y);
        for u in 0..r.nu() {
            let d = set.independent_density[u * r.nt() + t];
            if d <= 0 || rng.below(10_000) >= d as u32 {
                continue;
            }
            let fits = {
                let k = K::new(r, &mut s);
                k.s.stacks[k.cell(x, y)].is_empty()
                    && k.type_can_occupy_cell(u, x, y)
                    && k.type_survives_in_cell(u, x, y)
                    && k.type_allowed_on_side(u, 0)
            };
            if fits {
                let name = namers.name(&r.namers[u].clone(), rng);
                let id = add_unit(r, set, &mut s, u, 0, x, y, name);
                made_units.push((id, x, y));
            }
            break;
        }
    }
    if let Some(t) = road {
        let mut roads = vec![0u8; cells];
        make_roads(w, &s, &country_units, &mut roads, rng);
        if roads.iter().any(|&m| m != 0) {
            s.aux[t] = roads;
        }
    }
    // Numbers, then the kernel's start views (D20).
    {
        let mut k = K::new(r, &mut s);
        for &(id, _, _) in &made_units {
            k.assign_number(id);
        }
        k.init_views();
        if r.globals.terrain_seen {
            for side in 0..k.s.sides.len() {
                for (x, y) in area.all_cells() {
                    k.record_terrain(side, x, y);
                }
            }
        }
    }
    Ok((
        s,
        Made {
            centres,
            separation,
            draws: 1,
        },
    ))
}

#[allow(clippy::too_many_arguments)]
fn add_unit(
    r: &Rules,
    set: &Settings,
    s: &mut State,
    u: usize,
    side: usize,
    x: i32,
    y: i32,
    name: Option<String>,
) -> i32 {
    let id = s.units.len() as i32;
    let supply = (0..r.nm())
        .map(|m| {
            set.initial_supply[u * r.nm() + m]
                .min(r.t.unit_storage_x.get(u, m))
                .max(0)
        })
        .collect();
    s.units.push(Unit {
        id,
        utype: u,
        side,
        origside: side,
        x: -1,
        y: -1,
        hp: r.u.hp_max[u],
        hp2: r.u.hp_max[u],
        cp: r.u.cp[u],
        supply,
        name,
        ..Unit::default()
    });
    s.sides[side].units.insert(0, id);
    s.sides[side].gain_counts[u * 4 + GAIN_INITIAL] += 1;
    K::new(r, s).place_in_cell(id, x, y);
    id
}

/// A cell for a start unit of type u near a country centre: the centre
/// itself for the country's first unit when it suits, else a free cell by
/// `favored-terrain` weight, looking further out when the country is full.
fn start_cell(
    w: &World<'_>,
    s: &mut State,
    r: &Rules,
    u: usize,
    centre: (i32, i32),
    first: bool,
    rng: &mut GameRng,
) -> Option<(i32, i32)> {
    let area = w.area;
    let nt = r.nt();
    let k = K::new(r, s);
    let usable = |x: i32, y: i32| -> bool {
        area.inside_area(x, y)
            && k.s.stacks[area.index(x, y)].is_empty()
            && w.set.favored[u * nt + w.terrain_at(x, y)] > 0
            && k.type_can_occupy_cell(u, x, y)
            && k.type_survives_in_cell(u, x, y)
    };
    if first && usable(centre.0, centre.1) {
        return Some(centre);
    }
    let base = w.set.country_radius_min.max(1);
    for radius in base..=base + 6 {
        let cands: Vec<((i32, i32), u32)> = near(&area, centre.0, centre.1, radius)
            .into_iter()
            .filter(|&(x, y)| usable(x, y))
            .map(|(x, y)| ((x, y), w.set.favored[u * nt + w.terrain_at(x, y)] as u32))
            .collect();
        let total: u32 = cands.iter().map(|c| c.1).sum();
        if total == 0 {
            continue;
        }
        let mut roll = rng.below(total);
        for (cell, weight) in &cands {
            if roll < *weight {
                return Some(*cell);
            }
            roll -= weight;
        }
    }
    None
}

/// Country centres, one per side (§18.2 "Countries").
fn place_countries(
    w: &World<'_>,
    sides: usize,
    rng: &mut GameRng,
) -> Result<(Vec<(i32, i32)>, i32), NoRoom> {
    let set = w.set;
    let area = &w.area;
    let radius = set.country_radius_min.max(0);
    let nt = w.r.nt();
    // Cells the country's first unit (the start type with the fewest
    // units, the capital) favours and survives on, so that it takes the
    // centre and capitals keep the separation.
    let mut start: Vec<usize> = (0..w.r.nu()).filter(|&u| set.start_with[u] > 0).collect();
    start.sort_by_key(|&u| (set.start_with[u], u));
    start.truncate(1);
    let counts = |x: i32, y: i32| -> Vec<i32> {
        let mut c = vec![0; nt];
        for (cx, cy) in near(area, x, y, radius) {
            c[w.terrain_at(cx, cy)] += 1;
        }
        c
    };
    let inside: Vec<(i32, i32)> = area
        .all_cells()
        .filter(|&(x, y)| area.inside_area(x, y))
        .filter(|&(x, y)| {
            let t = w.terrain_at(x, y);
            start.is_empty()
                || start
                    .iter()
                    .any(|&u| set.favored[u * nt + t] > 0 && w.r.t.vanishes_on.get(u, t) == 0)
        })
        .collect();
    let terrain_ok: Vec<bool> = inside
        .iter()
        .map(|&(x, y)| {
            let c = counts(x, y);
            (0..nt).all(|t| {
                c[t] >= set.country_terrain_min[t]
                    && (set.country_terrain_max[t] < 0 || c[t] <= set.country_terrain_max[t])
            })
        })
        .collect();
    let mut sep = set.separation_min.max(1);
    let floor = (2 * radius + 1).max(3).min(sep);
    loop {
        for strict_terrain in [true, false] {
            let mut centres: Vec<(i32, i32)> = Vec::new();
            let mut ok = true;
            for _ in 0..sides {
                let cands: Vec<(i32, i32)> = inside
                    .iter()
                    .zip(&terrain_ok)
                    .filter(|(_, &t)| t || !strict_terrain)
                    .map(|(&c, _)| c)
                    .filter(|&(x, y)| {
                        let d = centres
                            .iter()
                            .map(|&(cx, cy)| area.distance(x, y, cx, cy))
                            .min();
                        match d {
                            None => true,
                            Some(d) => {
                                d >= sep
                                    && (set.separation_max < 0
                                        || set.separation_max < sep
                                        || d <= set.separation_max)
                            }
                        }
                    })
                    .collect();
                match rng.choose(&cands) {
                    Some(&c) => centres.push(c),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                return Ok((centres, sep));
            }
        }
        if sep <= floor {
            return Err(NoRoom { side: sides, sides });
        }
        sep = (sep - 2).max(floor);
    }
}

/// Land masses and bodies of water: interior cells joined side to side
/// whose terrain is alike in being land (some unit that cannot move, as
/// places, may stand there) or not. Returns each cell's body
/// (`usize::MAX` on the edge and outside the area) and, per body, whether
/// it is land and how many cells it has.
pub fn bodies(r: &Rules, area: &Area, terrain: &[u8]) -> (Vec<usize>, Vec<(bool, usize)>) {
    let land: Vec<bool> = (0..r.nt())
        .map(|t| (0..r.nu()).any(|u| r.u.speed[u] == 0 && r.t.vanishes_on.get(u, t) == 0))
        .collect();
    let is_land = |x: i32, y: i32| land[usize::from(terrain[area.index(x, y)])];
    let mut comp = vec![usize::MAX; area.cells()];
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for (x, y) in area.all_cells() {
        if !area.inside_area(x, y) || comp[area.index(x, y)] != usize::MAX {
            continue;
        }
        let kind = is_land(x, y);
        let id = sizes.len();
        comp[area.index(x, y)] = id;
        stack.push((x, y));
        let mut n = 0;
        while let Some((cx, cy)) = stack.pop() {
            n += 1;
            for d in 0..6 {
                let Some((nx, ny)) = step(area, cx, cy, d) else {
                    continue;
                };
                if area.inside_area(nx, ny)
                    && comp[area.index(nx, ny)] == usize::MAX
                    && is_land(nx, ny) == kind
                {
                    comp[area.index(nx, ny)] = id;
                    stack.push((nx, ny));
                }
            }
        }
        sizes.push((kind, n));
    }
    (comp, sizes)
}

/// How far the sides of a world are from all meeting (worse first by
/// `groups`, then by `pairs`: the order in which draws are compared).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Apart {
    /// Groups of sides beyond one, the sides of a group reaching each
    /// other directly or through others.
    groups: usize,
    /// Pairs of sides that cannot reach each other directly.
    pairs: usize,
}

impl Apart {
    /// Every side can reach every other directly.
    fn all_meet(self) -> bool {
        self.pairs == 0
    }
}

/// How far the sides are from all meeting (see [`Apart`]).
///
/// Two sides meet when a land mass holds places of both (troops march
/// there), or a body of water borders places of both (ships built in one
/// sail to the other). A world where they do not can make a game nobody
/// can finish: a side whose towns stand only on a lake, or inland, builds
/// no ship that reaches anyone. Reaching another only through a third
/// side is not enough: once the third is gone (its places taken by one of
/// them, or destroyed), the two can never meet (seven sides, seeds 3, 7,
/// 30 and 45 of the property run: the last two sides left were such a
/// pair, each with a hundred troops or more, and played on for 1,000
/// turns).
fn sides_apart(w: &World<'_>, s: &State, bodies: &[usize]) -> Apart {
    let (r, area) = (w.r, &w.area);
    let n = s.sides.len();
    let mut touch: Vec<Vec<usize>> = vec![Vec::new(); n];
    for u in s.units.iter().skip(1) {
        if u.side == 0 || u.side >= n || r.u.speed[u.utype] != 0 || !area.inside_area(u.x, u.y) {
            continue;
        }
        touch[u.side].push(bodies[area.index(u.x, u.y)]);
        for d in 0..6 {
            if let Some((nx, ny)) = step(area, u.x, u.y, d) {
                if area.inside_area(nx, ny) {
                    touch[u.side].push(bodies[area.index(nx, ny)]);
                }
            }
        }
    }
    let meet = |a: usize, b: usize| touch[a].iter().any(|x| touch[b].contains(x));
    let pairs = (1..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .filter(|&(a, b)| !meet(a, b))
        .count();
    // Groups: each side not yet in one starts the next, joined by a flood
    // over the sides it meets.
    let mut grouped = vec![false; n];
    let mut groups = 0usize;
    for first in 1..n {
        if grouped[first] {
            continue;
        }
        groups += 1;
        grouped[first] = true;
        let mut todo = vec![first];
        while let Some(a) = todo.pop() {
            for (b, g) in grouped.iter_mut().enumerate().skip(1) {
                if !*g && meet(a, b) {
                    *g = true;
                    todo.push(b);
                }
            }
        }
    }
    Apart {
        groups: groups.saturating_sub(1),
        pairs,
    }
}

/// Rivers: downhill from their sources to the sink (§18.2 "Rivers").
fn make_rivers(w: &World<'_>, layer: &mut [u8], rng: &mut GameRng) {
    let area = &w.area;
    for (x, y) in area.all_cells().collect::<Vec<_>>() {
        if !area.inside_area(x, y) {
            continue;
        }
        let chance = w.set.river_chance[w.terrain_at(x, y)];
        if chance <= 0 || rng.below(10_000) >= chance as u32 {
            continue;
        }
        let (mut cx, mut cy) = (x, y);
        for _ in 0..(area.width + area.height) {
            let here = w.alt[area.index(cx, cy)];
            let next = (0..6)
                .filter_map(|d| area.point_in_dir(cx, cy, d).map(|p| (d, p)))
                .min_by_key(|&(d, (nx, ny))| (w.alt[area.index(nx, ny)], d));
            let Some((d, (nx, ny))) = next else { break };
            if w.alt[area.index(nx, ny)] >= here {
                break;
            }
            // The river runs along the left bank of the step: the edge
            // towards left(d) of this cell, then the edge joining it to the
            // next cell's (towards d+4 of that cell), so that its edges
            // touch end to end.
            let left = (d + 5) % 6;
            set_edge(layer, area, cx, cy, left);
            set_edge(layer, area, nx, ny, (d + 4) % 6);
            let merged = layer[area.index(nx, ny)] & !(1 << ((d + 4) % 6)) != 0;
            if w.is_sink(w.terrain_at(nx, ny)) || !area.inside_area(nx, ny) || merged {
                break;
            }
            (cx, cy) = (nx, ny);
        }
    }
}

/// The shortest path from a cell to the first cell `goal` accepts, over
/// cells `pass` accepts (breadth first, directions in order).
fn path(
    area: &Area,
    from: (i32, i32),
    limit: i32,
    pass: &dyn Fn(i32, i32) -> bool,
    goal: &dyn Fn(i32, i32) -> bool,
) -> Option<Vec<(i32, i32)>> {
    let cells = area.cells();
    let mut prev = vec![usize::MAX; cells];
    let mut dist = vec![i32::MAX; cells];
    let start = area.index(from.0, from.1);
    dist[start] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        let c = area.index(x, y);
        if c != start && goal(x, y) {
            let mut out = vec![(x, y)];
            let mut at = c;
            while prev[at] != usize::MAX {
                at = prev[at];
                out.push((
                    (at % area.width as usize) as i32,
                    (at / area.width as usize) as i32,
                ));
            }
            out.reverse();
            return Some(out);
        }
        if dist[c] >= limit {
            continue;
        }
        for d in 0..6 {
            let Some((nx, ny)) = area.point_in_dir(x, y, d) else {
                continue;
            };
            let n = area.index(nx, ny);
            if dist[n] != i32::MAX || !(pass(nx, ny) || goal(nx, ny)) {
                continue;
            }
            dist[n] = dist[c] + 1;
            prev[n] = c;
            queue.push_back((nx, ny));
        }
    }
    None
}

fn lay_road(area: &Area, layer: &mut [u8], cells: &[(i32, i32)]) {
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if let Some(d) = (0..6).find(|&d| area.point_in_dir(a.0, a.1, d) == Some(b)) {
            set_edge(layer, area, a.0, a.1, d);
        }
    }
}

/// Roads between a country's places, spurs, and roads to the edge
/// (§18.2 "Roads").
fn make_roads(
    w: &World<'_>,
    s: &State,
    countries: &[Vec<i32>],
    layer: &mut [u8],
    rng: &mut GameRng,
) {
    let area = &w.area;
    let set = w.set;
    let nu = w.r.nu();
    for units in countries {
        let Some(&first) = units.first() else {
            continue;
        };
        let ut = s.units[first as usize].utype;
        // Roads go over cells this country's places could stand on.
        let pass = |x: i32, y: i32| {
            area.inside_area(x, y) && w.r.t.vanishes_on.get(ut, w.terrain_at(x, y)) == 0
        };
        let reach = 4 * set.country_radius_min.max(1) + 8;
        for &a in units {
            for &b in units {
                if a == b {
                    continue;
                }
                let (ua, ub) = (&s.units[a as usize], &s.units[b as usize]);
                let chance = set.road_chance[ua.utype * nu + ub.utype];
                if chance <= 0 || rng.below(100) >= chance as u32 {
                    continue;
                }
                let to = (ub.x, ub.y);
                if let Some(p) = path(area, (ua.x, ua.y), reach, &pass, &|x, y| (x, y) == to) {
                    lay_road(area, layer, &p);
                }
            }
        }
        for &a in units {
            let ua = &s.units[a as usize];
            let chance = set.spur_chance[ua.utype];
            if chance <= 0 || layer[area.index(ua.x, ua.y)] != 0 || rng.below(100) >= chance as u32
            {
                continue;
            }
            let range = set.spur_range[ua.utype].max(1);
            let roads: &[u8] = layer;
            let spur = path(area, (ua.x, ua.y), range, &pass, &|x, y| {
                roads[area.index(x, y)] != 0
            });
            if let Some(p) = spur {
                lay_road(area, layer, &p);
            }
        }
        // One road to the map's edge, from the first place that asks.
        if let Some(&a) = units
            .iter()
            .find(|&&a| set.road_to_edge_chance[s.units[a as usize].utype] > 0)
        {
            let ua = &s.units[a as usize];
            if rng.below(100) < set.road_to_edge_chance[ua.utype] as u32 {
                let edge = |x: i32, y: i32| !area.inside_area(x, y);
                if let Some(p) = path(area, (ua.x, ua.y), area.width + area.height, &pass, &edge) {
                    lay_road(area, layer, &p);
                }
            }
        }
    }
}

/// How many cells of the area hold each terrain (for statistics and tests).
pub fn terrain_shares(s: &State, nt: usize) -> Vec<usize> {
    let mut out = vec![0; nt];
    for (x, y) in s.area.all_cells() {
        out[s.terrain_at(x, y)] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_is_a_hex_disc() {
        let area = Area {
            width: 20,
            height: 20,
            circumference: 360,
        };
        assert_eq!(near(&area, 10, 10, 1).len(), 7);
        assert_eq!(near(&area, 10, 10, 2).len(), 19);
        assert!(near(&area, 10, 10, 2)
            .iter()
            .all(|&(x, y)| area.distance(10, 10, x, y) <= 2));
    }

    #[test]
    fn an_edge_is_set_on_both_cells() {
        let area = Area {
            width: 10,
            height: 10,
            circumference: 360,
        };
        let mut layer = vec![0u8; area.cells()];
        set_edge(&mut layer, &area, 5, 5, 1);
        assert_eq!(layer[area.index(5, 5)], 1 << 1);
        assert_eq!(layer[area.index(6, 5)], 1 << 4);
    }
}
