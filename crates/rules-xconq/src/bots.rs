//! The built-in bots (spec §15.6). They see only their seat's view and draw
//! from the engine's `GameRng`, never from the kernel's generator (D5).
//!
//! * `greedy`: places build a mix weighted by what the side needs (ground
//!   troops mostly; transports when troops wait for a way across water;
//!   warships at coasts; some aircraft; ships only where the water leads to
//!   something they could sail for, never on a lake; no troops that could
//!   never leave the place, or that could reach none of the others' places in
//!   view when other troops could; while far more wait for ferries than the
//!   side's ferries carry, only troops that have something to do on foot from
//!   the place). A place of the others counts as reached through the unseen
//!   cells right round it, since a place is often seen from afar. Every unit
//!   with ACP acts: units attack what is next to them when they can hurt it;
//!   ground units march on the nearest place that is not theirs, then on seen
//!   enemies, then toward unseen land (while the side knows no place of the
//!   others, one in `SCOUT` goes there first), and when their land holds
//!   nothing more they board a transport that has the fuel to sail (the one
//!   with the fewest aboard, so a port's ferries fill side by side);
//!   transports carry them to a coast next to a target and they land (with no
//!   target known and every coast seen, to a coast behind which land is
//!   unseen; a coast counts only by open land, not by a place of ours, which
//!   troops cannot move into from a ferry); warships hunt enemy units at sea
//!   and explore; aircraft strike within the range their fuel allows; both
//!   come back before their fuel runs out to a place that holds fuel (a port,
//!   a town, a carrier) when one is in reach, wait in it to fill up only while
//!   it has some to give, and leave a dry one for a full one in reach; so does
//!   a transport, loaded or not (troops aboard land first if they can). The
//!   bot remembers, per cell, the last turn its side had it in sight (the view
//!   shows only the present; each type's sight is in the legend): once the
//!   side has met an enemy and then lost sight of every enemy unit, idle
//!   warships and aircraft search the cells out of sight for `STALE` turns,
//!   and transports land troops where such land is. (The host keeps a game's
//!   bots from turn to turn; a bot made afresh, as after a restart or for each
//!   view file, has met no one and does not hunt until it meets someone
//!   again.) From turn `DEVELOP_FROM` (300) on, places that can develop a type
//!   their side cannot build yet (in standard, cities and the nuclear bomb) do
//!   so instead of building; once the side can build it, places build a few
//!   while fewer of them are about than places of the others in view, and each
//!   makes for the nearest such place and blows up the biggest one next to it
//!   (or a stack of three or more enemy units; any enemy unit when no place is
//!   within reach), never a cell holding a unit of ours or one our troops
//!   attack that turn. A side that has held no place for `CONCEDE_AFTER` (100)
//!   turns, while it knows of a place of the others and of at least as many of
//!   their units as it has, resigns (D9): it can build nothing and they can,
//!   and its last units hiding where the others cannot reach would keep the
//!   game going for good. (Like the hunt, the count starts afresh with a bot
//!   made afresh.)
//! * `random`: each unit with ACP tries a random step onto terrain it may
//!   enter, or an attack on a neighbour; places build a random type; units
//!   that must refuel go home like greedy's, so the random side does not
//!   simply lose its aircraft.
//!
//! Paths may go through our own places for the types they carry: a
//! ship in a town, or one whose sea is joined to another only through a
//! town, steps out of it or enters it on the way (a move into a town on
//! land would fail for a ship; an `enter` does not).
//!
//! Everything the bots know comes from the view's rules legend
//! (`types`: terrain each type may enter, what it hits, carries, stores
//! and uses up), never from unit type names, so any module the rules play
//! gets bots that use all its units. Shortest paths are breadth-first
//! distance fields over the seen map, built lazily once per turn for each
//! (movement class, goal) pair and shared by every unit of that class,
//! which keeps a turn's cost linear in the map and the units. For speed
//! (issue 18's per-turn budget) a field steps through a neighbour table
//! the bot keeps from turn to turn and a per-class cell mask built once a
//! turn, and goal types that hit and board alike share one field.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use engine::{Bot, GameRng, Seat};

use crate::geometry::{Area, DX, DY};
use crate::orders::{Arg, Order, Orders, MAX_ORDERS};
use crate::ruleset::Xconq;
use crate::view::{OwnUnit, TypeInfo, View};

/// The bots' names; the first is a tournament's default.
pub const NAMES: &[&str] = &["greedy", "random"];

/// A bot by name.
pub fn bot(name: &str) -> Option<Box<dyn Bot<Xconq>>> {
    match name {
        "greedy" => Some(Box::new(Greedy::default())),
        "random" => Some(Box::new(Random::default())),
        _ => None,
    }
}

/// What a unit type is for, read from the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Cannot move: builds, stores, shelters.
    Place,
    /// Moves only over the terrain places stand on.
    Ground,
    /// Moves only over terrain no place stands on.
    Sea,
    /// Moves over both (and may pass over places).
    Air,
    /// Detonates: blows up what stands in a cell.
    Blast,
    /// Neither hits, captures nor carries: nothing a bot does with it.
    Other,
}

/// What a distance field leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Goal {
    /// Places of other sides (and independent ones).
    Places,
    /// Units of other sides that the type can hit, places or not.
    Foes(usize),
    /// Mobile units of other sides that the type can hit.
    Movers(usize),
    /// Unseen cells next to cells the class may cross.
    Unseen,
    /// Own complete units that can take in this type.
    Shelter(usize),
    /// Shelters holding at least half of what this type stores of each
    /// material it must be given: ports that can refuel a ship. (Not
    /// shared between types that move alike: each stores its own amount.)
    Depot(usize),
    /// Own complete mobile units that can carry this type.
    Ferry(usize),
    /// Cells where own troops wait for a ferry: our places, and coasts
    /// where troops that landed found nothing more to do.
    Waiting,
    /// Own places next to water.
    Harbour,
    /// Cells next to land where troops of this type can reach a target.
    Landing(usize),
    /// Cells next to land where troops of this type can reach unseen
    /// cells: where a side that has seen every coast and knows no place
    /// of the others lands troops to look inland.
    Inland(usize),
    /// Cells from which the type sees a cell the side has not had in
    /// sight for `STALE` turns: where an enemy may hide.
    Stale,
    /// Cells next to land where troops of this type can reach a stale
    /// cell: where a hunting side lands troops to search.
    Search(usize),
    /// Places of other sides that play (not independent ones): what a
    /// unit that detonates makes for.
    Targets,
    /// Any unit of another side that plays, in the open.
    Enemies,
}

/// Turns after which a cell out of sight may hide an enemy again.
const STALE: i32 = 20;

/// While a side knows no place of another side, one ground unit in this
/// many (by id) scouts: it makes for unseen land before remembered
/// enemy units and independent places.
const SCOUT: i32 = 3;

/// The turn from which places develop types their side cannot build yet
/// (in standard, cities and the nuclear bomb): a game that has gone on
/// this long is a stalemate more often than not, and bombs break it. From
/// the first turn it costs more games than it ends (the city builds
/// nothing for 20–60 turns, and bombs destroy the places troops would
/// take); see docs/xconq-decisions.md.
const DEVELOP_FROM: i32 = 300;

/// Turns in a row a greedy side holds no place before it concedes, if it
/// also knows of a place of another side and of at least as many enemy
/// units as it has (D9: it resigns to no one). With no place it builds
/// nothing, so it can only dwindle; a hundred turns is long enough to
/// retake one if it could. Without this, a side's last two tanks on an
/// island the other side has no ship to reach keep the game running for
/// good (seed 106, bot stream 1).
const CONCEDE_AFTER: i32 = 100;

const FAR: i32 = i32::MAX;
const UNSEEN: u8 = u8::MAX;
const NONE: u32 = u32::MAX;
const RECV: u8 = 1;
const PASS: u8 = 2;
const STEP: u8 = 4;

/// One turn's knowledge of the map, shared by all of a seat's units.
struct Know<'a> {
    v: &'a View,
    area: Area,
    /// Terrain type per cell, `UNSEEN` when not seen.
    terrain: Vec<u8>,
    /// Per terrain type: some place type may stand there (land).
    land: Vec<bool>,
    kinds: Vec<Kind>,
    /// Type index of each unit in `v.own` (`usize::MAX`: unknown name).
    own_types: Vec<usize>,
    /// Type index of each unit in `v.units`.
    seen_types: Vec<usize>,
    /// Cells holding a unit of another side in the open (moves there fail).
    foe_at: Vec<bool>,
    /// Cells holding one of our places (ground and ships enter, not move).
    own_place_at: Vec<bool>,
    /// Per cell: the index in `v.own` of a complete own place there
    /// (`usize::MAX`: none); units it carries pass through it by entering.
    dock_at: Vec<usize>,
    /// Per type: the lowest type index with the same movement, so types
    /// that move alike share their fields.
    class: Vec<usize>,
    fields: HashMap<(usize, Goal), Rc<Vec<i32>>>,
    /// Per cell, its neighbours' cells (`NONE` off the map), so the
    /// breadth-first searches step by table lookups.
    nb: Arc<Vec<[u32; 6]>>,
    /// Per cell, whether it is inside the area (not its edge rows).
    inside: Arc<Vec<bool>>,
    /// Per type, the first type that stands for it as a goal's type:
    /// same class, same targets, carried by the same types.
    canon: Vec<usize>,
    /// Per movement class (index `class[u]`), built on first use: each
    /// cell's `RECV` (a path may end there) and `PASS` (a path may go on
    /// through it: crossed, or entered as one of our places) bits, and
    /// `STEP` (a plain move may go there).
    masks: Vec<Option<Rc<Vec<u8>>>>,
    /// Per movement class, `masks` with unseen cells crossable (see
    /// `open_mask`).
    open_masks: Vec<Option<Rc<Vec<u8>>>>,
    /// The search's queue, kept between fields.
    queue: Vec<u32>,
    /// Own units by id, as indexes into `v.own`.
    by_id: HashMap<i32, usize>,
    /// Own ground units that found nothing to do on their land: where
    /// they are, and their type.
    waiting: Vec<(i32, i32, usize)>,
    /// Per cell, seen once but out of the side's sight for `STALE` turns
    /// (empty: the bot does not keep track).
    stale: Vec<bool>,
    /// Units ordered this turn to enter each own unit, by its id.
    boarding: HashMap<i32, usize>,
    /// The side has met another side that plays but knows of none of
    /// their units now: idle warships and aircraft search stale cells,
    /// ferries with nowhere else to go land troops next to stale land.
    hunting: bool,
    /// Units that detonate that places have started this turn (they count
    /// with those about when the next place chooses).
    blasts_started: usize,
    /// The side knows no place of another side that plays: every
    /// `SCOUT`th ground unit makes for unseen land before the enemy units
    /// it remembers, so the side finds where the others live.
    scouting: bool,
}

impl<'a> Know<'a> {
    fn new(v: &'a View, grid: &mut Option<Grid>) -> Know<'a> {
        let area = Area {
            width: v.width,
            height: v.height,
            circumference: v.circumference,
        };
        let mut terrain = vec![UNSEEN; area.cells()];
        for y in 0..v.height {
            let Some(row) = v.terrain.get((v.height - 1 - y) as usize) else {
                continue;
            };
            for (x, c) in row.bytes().enumerate() {
                if c.is_ascii_lowercase() && area.in_area(x as i32, y) {
                    terrain[area.index(x as i32, y)] = c - b'a';
                }
            }
        }
        let nt = v.terrain_types.len();
        let land: Vec<bool> = (0..nt)
            .map(|t| {
                v.types
                    .iter()
                    .any(|ty| !ty.mobile && ty.enters.get(t).copied().unwrap_or(false))
            })
            .collect();
        let kinds: Vec<Kind> = v.types.iter().map(|t| kind_of(t, &land)).collect();
        // Types that move alike over the same terrain and may enter the
        // same places share a class (and so their fields).
        let class: Vec<usize> = (0..v.types.len())
            .map(|u| {
                (0..u)
                    .find(|&w| {
                        v.types[w].enters == v.types[u].enters
                            && kinds[w] == kinds[u]
                            && v.types.iter().enumerate().all(|(p, pt)| {
                                kinds[p] != Kind::Place
                                    || pt.carries.contains(&u) == pt.carries.contains(&w)
                            })
                    })
                    .unwrap_or(u)
            })
            .collect();
        let g = match grid.take() {
            Some(g) if g.area == (area.width, area.height, area.circumference) => g,
            _ => Grid::new(&area),
        };
        let (nb, inside) = (g.nb.clone(), g.inside.clone());
        *grid = Some(g);
        let carried_by =
            |u: usize| -> Vec<bool> { v.types.iter().map(|t| t.carries.contains(&u)).collect() };
        let canon = (0..v.types.len())
            .map(|u| {
                (0..u)
                    .find(|&w| {
                        class[w] == class[u]
                            && v.types[w].hits == v.types[u].hits
                            && carried_by(w) == carried_by(u)
                    })
                    .unwrap_or(u)
            })
            .collect();
        let index: HashMap<&str, usize> = v
            .types
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), i))
            .collect();
        let type_of = |name: &str| index.get(name).copied().unwrap_or(usize::MAX);
        let own_types: Vec<usize> = v.own.iter().map(|u| type_of(&u.utype)).collect();
        let seen_types: Vec<usize> = v.units.iter().map(|u| type_of(&u.utype)).collect();
        let mut foe_at = vec![false; area.cells()];
        for u in &v.units {
            if u.side != v.side && u.transport == 0 && area.in_area(u.x, u.y) {
                foe_at[area.index(u.x, u.y)] = true;
            }
        }
        let mut own_place_at = vec![false; area.cells()];
        let mut dock_at = vec![usize::MAX; area.cells()];
        for (i, (u, &t)) in v.own.iter().zip(&own_types).enumerate() {
            if t != usize::MAX && kinds[t] == Kind::Place && area.in_area(u.x, u.y) {
                let c = area.index(u.x, u.y);
                own_place_at[c] = true;
                if u.complete && u.transport == 0 {
                    dock_at[c] = i;
                }
            }
        }
        let by_id = v.own.iter().enumerate().map(|(i, u)| (u.id, i)).collect();
        let mut k = Know {
            v,
            area,
            terrain,
            land,
            kinds,
            own_types,
            seen_types,
            foe_at,
            own_place_at,
            dock_at,
            class,
            fields: HashMap::new(),
            nb,
            inside,
            canon,
            masks: vec![None; v.types.len()],
            open_masks: vec![None; v.types.len()],
            queue: Vec::new(),
            by_id,
            waiting: Vec::new(),
            stale: Vec::new(),
            boarding: HashMap::new(),
            hunting: false,
            blasts_started: 0,
            scouting: false,
        };
        k.scouting = !(0..v.units.len()).any(|i| k.is_target(i));
        k
    }

    /// Notes in `looked` (per cell, the last turn the side had it in
    /// sight) the cells within sight of the side's units this turn, and
    /// marks as stale the seen cells out of sight for `STALE` turns. The
    /// side hunts once it has `met` another side and has lost sight of
    /// them all (before that, it explores).
    fn look(&mut self, looked: &mut Vec<i32>, met: &mut bool) {
        let cells = self.area.cells();
        if looked.len() != cells {
            *looked = vec![i32::MIN / 2; cells];
        }
        let turn = self.v.turn;
        for (u, &t) in self.v.own.iter().zip(&self.own_types) {
            if t == usize::MAX || !self.area.in_area(u.x, u.y) {
                continue;
            }
            // The cells within r steps: dx, dy and dx + dy each within r.
            let r = self.t(t).vision_range.clamp(0, 8);
            for dx in -r..=r {
                for dy in (-r).max(-dx - r)..=r.min(r - dx) {
                    let (x, y) = (self.area.wrapx(u.x + dx), u.y + dy);
                    if self.area.in_area(x, y) {
                        looked[self.area.index(x, y)] = turn;
                    }
                }
            }
        }
        self.stale = (0..cells)
            .map(|c| self.terrain[c] != UNSEEN && self.inside[c] && turn - looked[c] >= STALE)
            .collect();
        let side = self.v.side;
        let known = self.v.units.iter().any(|u| u.side != side && u.side != 0);
        *met |= known;
        self.hunting = *met && !known;
    }

    /// The class's cell bits (see `masks`), built once a turn.
    fn mask(&mut self, u: usize) -> Rc<Vec<u8>> {
        let cl = self.class[u];
        if let Some(m) = &self.masks[cl] {
            return m.clone();
        }
        let mut m = vec![0u8; self.area.cells()];
        for y in 0..self.area.height {
            for x in 0..self.area.width {
                if !self.area.in_area(x, y) {
                    continue;
                }
                let c = self.cell(x, y);
                let ok = self.terrain_ok(u, x, y);
                let pass = self.passable(u, x, y);
                let dock = self.dock(u, c).is_some();
                let mut b = 0;
                if ok || self.own_place_at[c] {
                    b |= RECV;
                }
                if pass || dock {
                    b |= PASS;
                }
                if pass && !self.foe_at[c] {
                    b |= STEP;
                }
                m[c] = b;
            }
        }
        let m = Rc::new(m);
        self.masks[cl] = Some(m.clone());
        m
    }

    /// The class's cell bits with the unseen cells next to a place of
    /// another side counted as crossable: a place seen from afar (or
    /// remembered) stands among cells the side has not seen, and without
    /// this no field reaches it (seed 1925: the cells round the other
    /// side's towns were unseen, so no troop type was judged able to
    /// reach them; the side built 391 armour, which could not cross the
    /// mountains between, and few infantry, which could). Unseen cells
    /// further off stay closed: a guess through them would send armour
    /// across what is sea.
    fn open_mask(&mut self, u: usize) -> Rc<Vec<u8>> {
        let cl = self.class[u];
        if let Some(m) = &self.open_masks[cl] {
            return m.clone();
        }
        let mut m = (*self.mask(u)).clone();
        for c in self.goals(u, Goal::Places, &m) {
            for &n in &self.nb[c] {
                if n != NONE && self.inside[n as usize] && self.terrain[n as usize] == UNSEEN {
                    m[n as usize] |= RECV | PASS;
                }
            }
        }
        let m = Rc::new(m);
        self.open_masks[cl] = Some(m.clone());
        m
    }

    /// The cells a unit with these cell bits reaches from cell `from`:
    /// a path ends in a `RECV` cell and goes on through a `PASS` one.
    fn reach(&self, from: usize, mask: &[u8]) -> Vec<bool> {
        let mut seen = vec![false; self.area.cells()];
        seen[from] = true;
        let mut queue = vec![from];
        while let Some(c) = queue.pop() {
            for &n in &self.nb[c] {
                if n == NONE {
                    continue;
                }
                let n = n as usize;
                if !seen[n] && mask[n] & RECV != 0 {
                    seen[n] = true;
                    if mask[n] & PASS != 0 {
                        queue.push(n);
                    }
                }
            }
        }
        seen
    }

    /// Whether a ferry of type `b` built in the place in cell `here` could
    /// take troops somewhere they cannot walk to: its waters touch land
    /// they do not reach on foot from `here`, or cells not seen yet. (Seed
    /// 3 with seven sides: a side whose places bordered only lakes built
    /// transports that sailed a lake of eight cells for 700 turns, for a
    /// coast of its own land.)
    fn ferry_leads_away(&mut self, b: usize, here: usize) -> bool {
        let ship = self.mask(b);
        let sail = self.reach(here, &ship);
        let troops: Vec<usize> = (self.t(b).carries.iter().copied())
            .filter(|&g| self.kinds.get(g) == Some(&Kind::Ground))
            .collect();
        troops.into_iter().any(|g| {
            let feet = self.mask(g);
            let walk = self.reach(here, &feet);
            (0..sail.len()).any(|c| {
                sail[c]
                    && self.nb[c].iter().filter(|&&n| n != NONE).any(|&n| {
                        let n = n as usize;
                        self.terrain[n] == UNSEEN && self.inside[n]
                            || feet[n] & RECV != 0 && !walk[n]
                    })
            })
        })
    }

    /// Whether ground troops of type `g` made in the place at (x, y) could
    /// never leave it: no neighbour they may step on or enter, and no
    /// water next to it for a ferry that carries them. (Seed 221: a town
    /// in the mountains built 40 armour that sat in it for 600 turns.)
    fn walled_in(&mut self, g: usize, x: i32, y: i32) -> bool {
        let can_leave = |k: &mut Self, u: usize| {
            let m = k.mask(u);
            k.neighbours(x, y)
                .any(|(nx, ny)| m[k.cell(nx, ny)] & PASS != 0)
        };
        if can_leave(self, g) {
            return false;
        }
        !self.ferry_types(g).into_iter().any(|s| can_leave(self, s))
    }

    /// A ferry: a ship type that carries ground troops of some type.
    fn is_ferry(&self, t: usize) -> bool {
        self.kinds[t] == Kind::Sea
            && self
                .t(t)
                .carries
                .iter()
                .any(|&c| self.kinds[c] == Kind::Ground)
    }

    /// The ship types that carry ground troops of type `g`.
    fn ferry_types(&self, g: usize) -> Vec<usize> {
        (0..self.v.types.len())
            .filter(|&s| self.kinds[s] == Kind::Sea && self.t(s).carries.contains(&g))
            .collect()
    }

    /// Whether troops of type `g` made in the place in cell `here` can
    /// reach a place of another side in view: on foot, or from a coast a
    /// ferry that carries them can land them on, sailing from this port
    /// (or, inland, from a coast they walk to). False when no such place
    /// is known.
    fn reaches_places(&mut self, g: usize, here: usize) -> bool {
        let places = self.field(g, Goal::Places);
        if places[here] < FAR {
            return true;
        }
        if !places.contains(&0) {
            return false; // no place of another side in view
        }
        // A landing counts only if a ferry can sail to it from where the
        // troops would board. Troops made in a port wait there for a
        // ferry on its waters, so from a port only a landing those waters
        // lead to counts; troops made inland walk to a coast, so from
        // there any coast (or port) they reach on foot does. (Seed 2335:
        // the other side's towns stood in mountains armour cannot cross,
        // beside a sea the western ports do not touch; by turn 1,000 the
        // west had built 184 armour for them, 77 of which sat in ferries
        // with nowhere to land.)
        let mut on_foot: Option<Vec<bool>> = None;
        self.ferry_types(g).into_iter().any(|s| {
            let landing = self.field(s, Goal::Landing(g));
            let sails = |c: usize| landing[c] < FAR;
            let sea = self.mask(s);
            let port = self.nb[here].iter().any(|&n| {
                n != NONE && sea[n as usize] & PASS != 0 && !self.own_place_at[n as usize]
            });
            if port {
                return sails(here);
            }
            let walk = on_foot.get_or_insert_with(|| {
                let mask = self.mask(g);
                self.reach(here, &mask)
            });
            (0..walk.len()).any(|c| {
                walk[c] && (sails(c) || self.nb[c].iter().any(|&n| n != NONE && sails(n as usize)))
            })
        })
    }

    fn t(&self, u: usize) -> &'a TypeInfo {
        &self.v.types[u]
    }

    fn cell(&self, x: i32, y: i32) -> usize {
        self.area.index(x, y)
    }

    /// The six neighbours inside the area's rows (wrapping when the world
    /// does), without allocating.
    fn neighbours(&self, x: i32, y: i32) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..6).filter_map(move |d| {
            let (nx, ny) = (self.area.wrapx(x + DX[d]), y + DY[d]);
            self.area.in_area(nx, ny).then_some((nx, ny))
        })
    }

    /// Whether the cell is seen to be land (terrain some place stands on).
    fn is_land(&self, c: usize) -> bool {
        let t = self.terrain[c];
        t != UNSEEN && self.land.get(usize::from(t)).copied().unwrap_or(false)
    }

    /// Whether a unit of type `u` may stand in the cell's terrain (as far
    /// as seen).
    fn terrain_ok(&self, u: usize, x: i32, y: i32) -> bool {
        if !self.area.inside_area(x, y) {
            return false;
        }
        let t = self.terrain[self.cell(x, y)];
        t != UNSEEN
            && self
                .t(u)
                .enters
                .get(usize::from(t))
                .copied()
                .unwrap_or(false)
    }

    /// Whether a unit of type `u` may cross the cell: our own places are
    /// entered (an `enter`), not crossed, except by aircraft.
    fn passable(&self, u: usize, x: i32, y: i32) -> bool {
        self.terrain_ok(u, x, y)
            && (self.kinds[u] == Kind::Air || !self.own_place_at[self.cell(x, y)])
    }

    /// The id of our place in the cell that a type-`u` unit may enter on
    /// its way (ships cross a town that joins two seas this way).
    fn dock(&self, u: usize, c: usize) -> Option<i32> {
        let i = *self.dock_at.get(c)?;
        (i != usize::MAX && self.t(self.own_types[i]).carries.contains(&u))
            .then(|| self.v.own[i].id)
    }

    /// Whether a `move` of a type-`u` unit into the cell may succeed.
    fn can_step(&self, u: usize, x: i32, y: i32) -> bool {
        self.passable(u, x, y) && !self.foe_at[self.cell(x, y)]
    }

    /// Whether own unit `o` of type `t` can take troops of type `w`
    /// somewhere: mobile, carries them, and has the fuel to sail (troops
    /// that board a ferry with empty tanks, in a dry port, wait aboard for
    /// ever).
    fn can_ferry(&self, t: usize, o: &OwnUnit, w: usize) -> bool {
        self.kinds[t] != Kind::Place
            && self.t(t).carries.contains(&w)
            && holds(self.t(t), &o.supply, 4)
    }

    fn is_foe(&self, i: usize) -> bool {
        let s = &self.v.units[i];
        s.side != self.v.side && s.transport == 0 && self.seen_types[i] != usize::MAX
    }

    /// A foe of a side that plays (not an independent).
    fn is_enemy(&self, i: usize) -> bool {
        self.is_foe(i) && self.v.units[i].side != 0
    }

    /// A place of a side that plays: what a unit that detonates is for.
    fn is_target(&self, i: usize) -> bool {
        self.is_enemy(i) && self.kinds[self.seen_types[i]] == Kind::Place
    }

    /// The goal cells of a field for type `u` (whose cell bits are `mask`).
    fn goals(&self, u: usize, goal: Goal, mask: &[u8]) -> Vec<usize> {
        let v = self.v;
        let area = self.area;
        let at = |x: i32, y: i32| area.in_area(x, y).then(|| area.index(x, y));
        let own = |f: &dyn Fn(usize, &OwnUnit) -> bool| -> Vec<usize> {
            v.own
                .iter()
                .zip(&self.own_types)
                .filter(|(o, &t)| t != usize::MAX && o.complete && f(t, o))
                .filter_map(|(o, _)| at(o.x, o.y))
                .collect()
        };
        let foes = |f: &dyn Fn(usize) -> bool| -> Vec<usize> {
            (0..v.units.len())
                .filter(|&i| self.is_foe(i) && f(self.seen_types[i]))
                .filter_map(|i| at(v.units[i].x, v.units[i].y))
                .collect()
        };
        let step_next = |c: usize| {
            self.nb[c].iter().any(|&n| {
                n != NONE && mask[n as usize] & PASS != 0 && !self.own_place_at[n as usize]
            })
        };
        match goal {
            Goal::Places => foes(&|t| self.kinds[t] == Kind::Place),
            Goal::Targets => (0..v.units.len())
                .filter(|&i| self.is_target(i))
                .filter_map(|i| at(v.units[i].x, v.units[i].y))
                .collect(),
            Goal::Enemies => (0..v.units.len())
                .filter(|&i| self.is_enemy(i))
                .filter_map(|i| at(v.units[i].x, v.units[i].y))
                .collect(),
            Goal::Foes(h) => foes(&|t| self.t(h).hits.contains(&t)),
            Goal::Movers(h) => {
                foes(&|t| self.t(h).hits.contains(&t) && self.kinds[t] != Kind::Place)
            }
            Goal::Unseen => (0..self.terrain.len())
                .filter(|&c| self.inside[c] && self.terrain[c] == UNSEEN && step_next(c))
                .collect(),
            Goal::Shelter(w) => own(&|t, _| self.t(t).carries.contains(&w)),
            Goal::Depot(w) => {
                own(&|t, o| self.t(t).carries.contains(&w) && holds(self.t(w), &o.supply, 2))
            }
            Goal::Ferry(w) => own(&|t, o| self.can_ferry(t, o, w)),
            Goal::Waiting => self
                .waiting
                .iter()
                .filter_map(|&(x, y, _)| at(x, y))
                .collect(),
            Goal::Harbour => own(&|t, o| {
                self.kinds[t] == Kind::Place
                    && self.t(t).carries.contains(&u)
                    && at(o.x, o.y).is_some_and(step_next)
            }),
            Goal::Stale => {
                let stale = |c: usize| self.stale.get(c).copied().unwrap_or(false);
                (0..self.terrain.len())
                    .filter(|&c| {
                        mask[c] & RECV != 0
                            && (stale(c)
                                || self.nb[c].iter().any(|&n| n != NONE && stale(n as usize)))
                    })
                    .collect()
            }
            Goal::Landing(g) | Goal::Inland(g) | Goal::Search(g) => {
                // Water next to land from which troops of type g reach a
                // target (or unseen land), found from the troops' own
                // field: land they can step onto from the ferry, so not
                // a place of ours (they cannot move into it, and a ferry
                // "at" such a landing would wait there for good).
                let reaches = |f: &Rc<Vec<i32>>| f.iter().any(|&d| d < FAR);
                let field = if goal == Goal::Inland(g) {
                    self.field_ro(g, Goal::Unseen)
                } else if goal == Goal::Search(g) {
                    self.field_ro(g, Goal::Stale)
                } else {
                    self.field_ro(g, Goal::Places)
                        .filter(reaches)
                        .or_else(|| self.field_ro(g, Goal::Foes(g)))
                };
                let Some(field) = field else {
                    return Vec::new();
                };
                (0..self.terrain.len())
                    .filter(|&c| {
                        mask[c] & PASS != 0
                            && !self.own_place_at[c]
                            && self.nb[c].iter().any(|&n| {
                                n != NONE && {
                                    let n = n as usize;
                                    self.is_land(n) && !self.own_place_at[n] && field[n] < FAR
                                }
                            })
                    })
                    .collect()
            }
        }
    }

    /// A field already built (Landing reads its troops' fields this way).
    fn field_ro(&self, u: usize, goal: Goal) -> Option<Rc<Vec<i32>>> {
        self.fields.get(&(self.class[u], self.norm(goal))).cloned()
    }

    /// The goal with its type replaced by the type standing for it, so
    /// types that hit and board alike share fields.
    fn norm(&self, goal: Goal) -> Goal {
        let c = |t: usize| self.canon.get(t).copied().unwrap_or(t);
        match goal {
            Goal::Foes(h) => Goal::Foes(c(h)),
            Goal::Movers(h) => Goal::Movers(c(h)),
            Goal::Shelter(w) => Goal::Shelter(c(w)),
            Goal::Ferry(w) => Goal::Ferry(c(w)),
            Goal::Landing(g) => Goal::Landing(c(g)),
            Goal::Inland(g) => Goal::Inland(c(g)),
            Goal::Search(g) => Goal::Search(c(g)),
            g => g,
        }
    }

    /// Steps from each cell to the nearest goal over cells type `u` may
    /// cross (goal cells count whatever their terrain); `FAR` if none.
    fn field(&mut self, u: usize, goal: Goal) -> Rc<Vec<i32>> {
        let goal = self.norm(goal);
        let key = (self.class[u], goal);
        if let Some(f) = self.fields.get(&key) {
            return f.clone();
        }
        if let Goal::Landing(g) = goal {
            // Make sure the troops' fields exist first.
            let places = self.field(g, Goal::Places);
            if !places.iter().any(|&d| d < FAR) {
                self.field(g, Goal::Foes(g));
            }
        }
        if let Goal::Inland(g) = goal {
            self.field(g, Goal::Unseen);
        }
        if let Goal::Search(g) = goal {
            self.field(g, Goal::Stale);
        }
        let mask = if goal == Goal::Places {
            self.open_mask(u)
        } else {
            self.mask(u)
        };
        let goals = self.goals(u, goal, &mask);
        let mut dist = vec![FAR; self.area.cells()];
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        for c in goals {
            if dist[c] == FAR {
                dist[c] = 0;
                queue.push(c as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head] as usize;
            head += 1;
            let d = dist[c] + 1;
            for &n in &self.nb[c] {
                if n == NONE {
                    continue;
                }
                let n = n as usize;
                let b = mask[n];
                // A path may end in a cell the type may stand in (or one
                // of our places it starts from), and go on only through
                // cells it crosses or places it enters.
                if dist[n] == FAR && b & RECV != 0 {
                    dist[n] = d;
                    if b & PASS != 0 {
                        queue.push(n as u32);
                    }
                }
            }
        }
        self.queue = queue;
        let f = Rc::new(dist);
        self.fields.insert(key, f.clone());
        f
    }

    /// What ground units of type `t` aboard a ferry land for, in order:
    /// places not ours, enemies, unseen land, and when the side hunts,
    /// land out of sight for long (where the ferry brought them).
    fn landing_goals(&self, t: usize) -> Vec<Goal> {
        let mut goals = vec![Goal::Places, Goal::Foes(t), Goal::Unseen];
        if self.hunting {
            goals.push(Goal::Stale);
        }
        goals
    }

    /// What a ship of type `b` could sail for: unseen water, units it
    /// can hit, places of others, and for a ferry a coast where the troops
    /// it carries can reach a target. A place from which none of them is
    /// reached builds no ship of that type: the water beside it is a lake,
    /// or there is nothing for the ship to do (seed 12: thirteen
    /// transports built on a four-cell lake waited there for 700 turns).
    fn sail_goals(&self, b: usize) -> Vec<Goal> {
        let mut goals = vec![Goal::Unseen, Goal::Foes(b), Goal::Places];
        for &g in &self.t(b).carries {
            if self.kinds.get(g) == Some(&Kind::Ground) {
                goals.push(Goal::Landing(g));
            }
        }
        goals
    }

    /// The first field of `goals` that reaches `(x, y)`.
    fn first_field(&mut self, u: usize, x: i32, y: i32, goals: &[Goal]) -> Option<Rc<Vec<i32>>> {
        let c = self.cell(x, y);
        goals.iter().map(|&g| self.field(u, g)).find(|f| f[c] < FAR)
    }
}

/// The map's cell neighbours, kept by a bot from turn to turn.
struct Grid {
    area: (i32, i32, i32),
    nb: Arc<Vec<[u32; 6]>>,
    inside: Arc<Vec<bool>>,
}

impl Grid {
    fn new(area: &Area) -> Grid {
        let mut nb = vec![[NONE; 6]; area.cells()];
        let mut inside = vec![false; area.cells()];
        for y in 0..area.height {
            for x in 0..area.width {
                if !area.in_area(x, y) {
                    continue;
                }
                let c = area.index(x, y);
                inside[c] = area.inside_area(x, y);
                for d in 0..6 {
                    let (nx, ny) = (area.wrapx(x + DX[d]), y + DY[d]);
                    if area.in_area(nx, ny) {
                        nb[c][d] = area.index(nx, ny) as u32;
                    }
                }
            }
        }
        Grid {
            area: (area.width, area.height, area.circumference),
            nb: Arc::new(nb),
            inside: Arc::new(inside),
        }
    }
}

/// Reads a type's kind from its legend entry.
fn kind_of(t: &TypeInfo, land: &[bool]) -> Kind {
    if !t.mobile {
        return Kind::Place;
    }
    if t.detonates {
        return Kind::Blast;
    }
    if t.hits.is_empty() && t.captures.is_empty() && t.carries.is_empty() {
        return Kind::Other;
    }
    let on = |want: bool| {
        t.enters
            .iter()
            .enumerate()
            .any(|(i, &e)| e && land.get(i).copied().unwrap_or(false) == want)
    };
    match (on(true), on(false)) {
        (true, true) => Kind::Air,
        (true, false) => Kind::Ground,
        (false, true) => Kind::Sea,
        (false, false) => Kind::Other,
    }
}

/// The materials a type must be given by others: it uses them up and
/// makes none itself.
fn supplied(t: &TypeInfo) -> impl Iterator<Item = usize> + '_ {
    (0..t.storage.len()).filter(|&m| {
        t.storage[m] > 0
            && t.makes.get(m).copied().unwrap_or(0) == 0
            && (t.uses_per_turn.get(m).copied().unwrap_or(0) > 0
                || t.uses_per_move.get(m).copied().unwrap_or(0) > 0)
    })
}

/// What a unit of type `t` must hold of material `m` to get back to
/// shelter `d` cells away: the moves, plus the turns on the way and one
/// more of margin.
fn need(t: &TypeInfo, m: usize, d: i32) -> i32 {
    let per_move = t.uses_per_move.get(m).copied().unwrap_or(0);
    let per_turn = t.uses_per_turn.get(m).copied().unwrap_or(0);
    d.saturating_mul(per_move)
        .saturating_add(per_turn.saturating_mul(d / t.acp.max(1) + 2))
}

/// Whether `supply` holds at least `1/part` of what type `t` stores of
/// every material it must be given.
fn holds(t: &TypeInfo, supply: &[i32], part: i32) -> bool {
    supplied(t).all(|m| supply.get(m).copied().unwrap_or(0) * part >= t.storage[m])
}

/// Whether a unit can still attack (holds what one attack uses up).
fn armed(t: &TypeInfo, u: &OwnUnit) -> bool {
    t.uses_per_attack
        .iter()
        .enumerate()
        .all(|(m, &n)| n <= 0 || u.supply.get(m).copied().unwrap_or(0) >= n)
}

/// How many attacks the unit can pay for with what it holds.
fn attacks_left(t: &TypeInfo, u: &OwnUnit) -> i32 {
    t.uses_per_attack
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(m, &n)| u.supply.get(m).copied().unwrap_or(0) / n)
        .min()
        .unwrap_or(i32::MAX)
}

fn num(n: i32) -> Arg {
    Arg::Num(i64::from(n))
}

fn order(unit: i32, action: &str, args: Vec<Arg>) -> Order {
    Order {
        unit,
        action: action.into(),
        args,
        actee: None,
    }
}

/// Whether a step to a cell, as the unit's n-th move this turn, is wise.
type StepOk = dyn Fn(&Know<'_>, (i32, i32), i32) -> bool;

/// A build choice among the types a place can build.
type Pick = dyn Fn(&mut Know<'_>, &OwnUnit, &[usize], &mut GameRng) -> Option<usize>;

/// One unit's decisions, with its planned cell and ACP as orders pile up.
struct Plan<'k, 'a> {
    k: &'k mut Know<'a>,
    u: &'a OwnUnit,
    t: usize,
    at: (i32, i32),
    acp: i32,
    moved: i32,
    out: &'k mut Vec<Order>,
}

impl Plan<'_, '_> {
    /// Steps down `field` while ACP lasts and `ok(cell, moves so far)`
    /// allows. Returns the number of steps ordered.
    fn walk(&mut self, field: &[i32], rng: &mut GameRng, ok: &StepOk) -> i32 {
        let mut steps = 0;
        while self.acp > 0 {
            let here = field[self.k.cell(self.at.0, self.at.1)];
            if here == 0 || here == FAR {
                break;
            }
            // Any step that gets closer, so that a crowd spreads over a
            // wide front instead of queueing in one file; when the way is
            // blocked, a step aside (once a turn) finds another way in.
            let mut closer: Vec<(i32, i32)> = Vec::with_capacity(6);
            let mut aside: Vec<(i32, i32)> = Vec::with_capacity(6);
            let mut dock = None;
            for (x, y) in self.k.neighbours(self.at.0, self.at.1) {
                let c = self.k.cell(x, y);
                let d = field[c];
                if d < here && !self.k.can_step(self.t, x, y) {
                    if let Some(id) = self.k.dock(self.t, c) {
                        if ok(self.k, (x, y), self.moved + 1) {
                            dock = Some(id);
                        }
                    }
                }
                if d > here || !self.k.can_step(self.t, x, y) || !ok(self.k, (x, y), self.moved + 1)
                {
                    continue;
                }
                if d < here {
                    closer.push((x, y));
                } else {
                    aside.push((x, y));
                }
            }
            let pick = if !closer.is_empty() {
                rng.choose(&closer)
            } else if steps == 0 && here <= 3 && rng.chance(1, 2) {
                rng.choose(&aside)
            } else {
                None
            };
            let Some(&next) = pick else {
                // The way on is through one of our places: go in (the
                // next turn's walk leaves it on the far side).
                if let Some(id) = dock {
                    self.out.push(order(self.u.id, "enter", vec![num(id)]));
                    self.acp = 0;
                }
                break;
            };
            self.out.push(order(
                self.u.id,
                "move",
                vec![num(next.0), num(next.1), num(0)],
            ));
            self.at = next;
            self.acp -= 1;
            self.moved += 1;
            steps += 1;
        }
        steps
    }

    /// Attacks the best enemy next to the planned cell that the unit can
    /// hurt: places it can capture first, then other units, independents
    /// last. Returns whether it ordered an attack.
    fn attack(&mut self) -> bool {
        let k = &*self.k;
        let t = k.t(self.t);
        if self.acp <= 0 || !armed(t, self.u) {
            return false;
        }
        let mut best: Option<(bool, bool, i32)> = None;
        for (i, e) in k.v.units.iter().enumerate() {
            if !k.is_foe(i) || k.area.distance(self.at.0, self.at.1, e.x, e.y) != 1 {
                continue;
            }
            let et = k.seen_types[i];
            if !t.hits.contains(&et) {
                continue;
            }
            let key = (!t.captures.contains(&et), e.side == 0, e.id);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        let Some((_, _, id)) = best else {
            return false;
        };
        let n = self.acp.min(attacks_left(t, self.u)).max(1);
        for _ in 0..n {
            self.out
                .push(order(self.u.id, "attack", vec![num(id), num(1)]));
        }
        self.acp = 0;
        true
    }

    /// Orders `enter` into the nearest own unit (per `goal`) next to or
    /// under the planned cell. Returns whether it did.
    fn board(&mut self, goal: Goal) -> bool {
        self.board_in(goal, None)
    }

    /// [`Plan::board`], preferring hosts in the goal cells of `field`
    /// when it is given (a unit low on fuel enters the port or town that
    /// can fill it, not the dry one beside it).
    fn board_in(&mut self, goal: Goal, field: Option<&[i32]>) -> bool {
        if self.acp <= 0 {
            return false;
        }
        let k = &*self.k;
        // Of the hosts in reach, the one with the fewest aboard (counting
        // those ordered aboard this turn): troops fill a port's ferries
        // side by side instead of all trying the first, full or not.
        let host =
            k.v.own
                .iter()
                .zip(&k.own_types)
                .filter(|(o, &ot)| {
                    ot != usize::MAX
                        && o.complete
                        && o.id != self.u.id
                        && o.id != self.u.transport
                        && k.area.distance(self.at.0, self.at.1, o.x, o.y) <= 1
                        && match goal {
                            Goal::Ferry(w) => k.can_ferry(ot, o, w),
                            _ => k.t(ot).carries.contains(&self.t),
                        }
                })
                .min_by_key(|(o, _)| {
                    let off_goal = field.is_some_and(|f| f[k.cell(o.x, o.y)] != 0);
                    let aboard = o.occupants.len() + k.boarding.get(&o.id).copied().unwrap_or(0);
                    (off_goal, aboard)
                });
        let Some((host, _)) = host else {
            return false;
        };
        let id = host.id;
        *self.k.boarding.entry(id).or_insert(0) += 1;
        self.out.push(order(self.u.id, "enter", vec![num(id)]));
        self.acp = 0;
        true
    }

    /// Shelter distance and whether the unit must head for it now.
    fn fuel_state(&mut self) -> (Option<Rc<Vec<i32>>>, bool) {
        let t = self.k.t(self.t);
        if supplied(t).next().is_none() {
            return (None, false);
        }
        // Ships and aircraft make for a port or town that can refuel
        // them if one is in reach: a fleet that crowds a dry port stays
        // there with empty tanks (seed 1572: fourteen fighters and five
        // bombers sat for good in two dry towns beside full ones).
        let (x, y) = self.at;
        let shelter = self
            .k
            .first_field(self.t, x, y, &[Goal::Depot(self.t)])
            .unwrap_or_else(|| self.k.field(self.t, Goal::Shelter(self.t)));
        let d = shelter[self.k.cell(x, y)];
        if d == FAR {
            return (None, false);
        }
        let low = supplied(t).any(|m| {
            let have = self.u.supply.get(m).copied().unwrap_or(0);
            have < need(t, m, d) + t.uses_per_move.get(m).copied().unwrap_or(0) * 2
        });
        (
            Some(shelter),
            low || !armed(t, self.u) && !t.hits.is_empty() && self.k.kinds[self.t] == Kind::Air,
        )
    }

    /// Whether the unit sits in shelter still filling up: below three
    /// quarters of a material the shelter still holds some of. A shelter
    /// with none left has nothing to give (seed 1507: a battleship with a
    /// third of its fuel waited 1,500 turns in a town on poor land whose
    /// ships had drained it, while the sea beyond the coast stayed unseen
    /// and with it the way round the front).
    fn refilling(&self) -> bool {
        let t = self.k.t(self.t);
        let Some(&h) = self.k.by_id.get(&self.u.transport) else {
            return false;
        };
        let host = &self.k.v.own[h];
        supplied(t).any(|m| {
            self.u.supply.get(m).copied().unwrap_or(0) * 4 < t.storage[m] * 3
                && host.supply.get(m).copied().unwrap_or(0) > 0
        })
    }

    /// Goes to shelter and enters it.
    fn go_home(&mut self, shelter: &[i32], rng: &mut GameRng) {
        if shelter[self.k.cell(self.at.0, self.at.1)] > 1 {
            self.walk(shelter, rng, &|_, _, _| true);
        }
        if shelter[self.k.cell(self.at.0, self.at.1)] <= 1 {
            self.board_in(Goal::Shelter(self.t), Some(shelter));
        }
    }

    /// A unit low on supplies: heads for `shelter` (see
    /// [`Plan::fuel_state`]). Aboard a host outside the field's goal
    /// cells (a dry port or town, with one that can fill it in reach) it
    /// leaves for the other if what it holds pays for the trip;
    /// otherwise it stays where it is.
    fn refuel(&mut self, shelter: &[i32], rng: &mut GameRng) {
        let d = shelter[self.k.cell(self.at.0, self.at.1)];
        if self.u.transport != 0 {
            let t = self.k.t(self.t);
            let pays = supplied(t).all(|m| {
                let have = self.u.supply.get(m).copied().unwrap_or(0);
                let per_move = t.uses_per_move.get(m).copied().unwrap_or(0);
                let per_turn = t.uses_per_turn.get(m).copied().unwrap_or(0);
                have >= d.saturating_mul(per_move) + per_turn.saturating_mul(d / t.acp.max(1))
            });
            if d == 0 || d == FAR || !pays {
                return;
            }
        }
        self.go_home(shelter, rng);
    }

    /// A move filter that keeps shelter within reach of the fuel held.
    fn in_range(
        &self,
        shelter: Option<Rc<Vec<i32>>>,
    ) -> impl Fn(&Know<'_>, (i32, i32), i32) -> bool + 'static {
        let t = self.k.t(self.t).clone();
        let supply = self.u.supply.clone();
        move |k: &Know<'_>, (x, y): (i32, i32), moves: i32| {
            let Some(sh) = &shelter else {
                return true;
            };
            let d = sh[k.cell(x, y)];
            d < FAR
                && supplied(&t).all(|m| {
                    let left = supply.get(m).copied().unwrap_or(0)
                        - t.uses_per_move.get(m).copied().unwrap_or(0) * moves;
                    left >= need(&t, m, d)
                })
        }
    }
}

/// Orders for one mobile unit of the greedy bot.
fn greedy_unit<'a>(k: &mut Know<'a>, i: usize, out: &mut Vec<Order>, rng: &mut GameRng) {
    let v: &'a View = k.v;
    let u = &v.own[i];
    let t = k.own_types[i];
    let kind = k.kinds[t];
    let mut p = Plan {
        at: (u.x, u.y),
        acp: u.acp,
        moved: 0,
        u,
        t,
        k,
        out,
    };
    match kind {
        Kind::Ground => ground(&mut p, rng),
        Kind::Sea | Kind::Air => {
            if p.k.is_ferry(t) {
                ferry(&mut p, rng);
            } else {
                fighter(&mut p, rng);
            }
        }
        Kind::Blast => blast(&mut p, rng),
        Kind::Place | Kind::Other => {}
    }
}

/// A ground unit: fight, march, explore, or wait for (and board) a ferry;
/// aboard a ferry, land where the march can go on.
fn ground(p: &mut Plan<'_, '_>, rng: &mut GameRng) {
    let t = p.t;
    let k = &mut *p.k;
    let aboard =
        p.u.transport
            .ne(&0)
            .then(|| k.by_id.get(&p.u.transport).copied())
            .flatten()
            .filter(|&j| k.own_types[j] != usize::MAX && k.kinds[k.own_types[j]] != Kind::Place);
    if aboard.is_some() {
        // Land on the neighbour nearest a target, if any leads anywhere.
        let fields: Vec<Rc<Vec<i32>>> = k.landing_goals(t).iter().map(|&g| k.field(t, g)).collect();
        let mut best: Option<((i32, i32), (usize, i32))> = None;
        for (x, y) in k.neighbours(p.at.0, p.at.1) {
            if !k.can_step(t, x, y) {
                continue;
            }
            let c = k.cell(x, y);
            if let Some(score) = fields
                .iter()
                .enumerate()
                .find(|(_, f)| f[c] < FAR)
                .map(|(j, f)| (j, f[c]))
            {
                if best.is_none_or(|b| score < b.1) {
                    best = Some(((x, y), score));
                }
            }
        }
        if p.attack() {
            return;
        }
        if let Some(((x, y), _)) = best {
            if p.acp > 0 {
                p.out
                    .push(order(p.u.id, "move", vec![num(x), num(y), num(0)]));
            }
        }
        return;
    }
    if p.attack() {
        return;
    }
    let (x, y) = p.at;
    let goals: &[Goal] = if p.k.scouting && p.u.id % SCOUT == 0 {
        &[Goal::Unseen, Goal::Foes(t), Goal::Places]
    } else {
        &[Goal::Places, Goal::Foes(t), Goal::Unseen]
    };
    let field = p.k.first_field(t, x, y, goals);
    if let Some(f) = field {
        p.walk(&f, rng, &|_, _, _| true);
        p.attack();
        return;
    }
    // Nothing more on this land: wait for a ferry, or board one close by.
    p.k.waiting.push((x, y, t));
    if p.board(Goal::Ferry(t)) {
        return;
    }
    let ferries = p.k.field(t, Goal::Ferry(t));
    if ferries[p.k.cell(x, y)] < FAR {
        p.walk(&ferries, rng, &|_, _, _| true);
        if ferries[p.k.cell(p.at.0, p.at.1)] <= 1 {
            p.board(Goal::Ferry(t));
        }
    } else if p.k.hunting {
        // No ferry in reach and no enemy in sight: search on foot where
        // the side has not looked for long.
        let stale = p.k.field(t, Goal::Stale);
        p.walk(&stale, rng, &|_, _, _| true);
        p.attack();
    }
}

/// A transport: fetch waiting troops, carry them to a coast next to a
/// target, wait while they land.
fn ferry(p: &mut Plan<'_, '_>, rng: &mut GameRng) {
    let t = p.t;
    let troops: Vec<usize> =
        p.u.occupants
            .iter()
            .filter_map(|id| p.k.by_id.get(id).copied())
            .map(|j| p.k.own_types[j])
            .filter(|&ot| ot != usize::MAX && p.k.kinds[ot] == Kind::Ground)
            .collect();
    let (shelter, low) = p.fuel_state();
    // Low on fuel, loaded or not, it makes for a port that can fill it:
    // troops aboard land first if they can (they are ordered before the
    // ferries), and a ferry that sails on runs dry at sea with its load
    // (seed 1121: thirty transports with 180 armour lay for good beside
    // their own coast with empty tanks).
    if low {
        if let Some(sh) = shelter {
            p.refuel(&sh, rng);
            return;
        }
    }
    if troops.is_empty() {
        let (x, y) = p.at;
        let waiting = p.k.field(t, Goal::Waiting);
        let d = waiting[p.k.cell(x, y)];
        if d == 0 || p.u.transport != 0 && d == FAR {
            return; // in harbour: troops come aboard here
        }
        if let Some(f) = p.k.first_field(t, x, y, &[Goal::Waiting, Goal::Harbour]) {
            p.walk(&f, rng, &|_, _, _| true);
            if f[p.k.cell(p.at.0, p.at.1)] <= 1 {
                p.board(Goal::Shelter(t));
            }
        }
        return;
    }
    // In harbour with room and more troops waiting there: wait for them.
    let here_waiting =
        p.k.waiting
            .iter()
            .filter(|&&(x, y, _)| (x, y) == p.at)
            .count();
    if p.u.transport != 0 && here_waiting > 0 && troops.len() < 6 {
        return; // more come aboard this turn: sail with them next turn
    }
    let (x, y) = p.at;
    // A coast near a target; else the sea still unseen; else, every coast
    // seen, a coast behind which land is unseen.
    let mut goals = vec![
        Goal::Landing(troops[0]),
        Goal::Unseen,
        Goal::Inland(troops[0]),
    ];
    if p.k.hunting {
        goals.push(Goal::Search(troops[0]));
    }
    if let Some(f) = p.k.first_field(t, x, y, &goals) {
        p.walk(&f, rng, &|_, _, _| true);
    }
}

/// Warships and aircraft: strike, hunt, explore, within fuel range.
fn fighter(p: &mut Plan<'_, '_>, rng: &mut GameRng) {
    let t = p.t;
    let (shelter, low) = p.fuel_state();
    if low {
        if let Some(sh) = shelter {
            p.refuel(&sh, rng);
            return;
        }
    }
    if shelter.is_some() && p.refilling() {
        return;
    }
    if p.attack() {
        return;
    }
    let (x, y) = p.at;
    let mut goals = if p.k.kinds[t] == Kind::Sea {
        vec![Goal::Movers(t), Goal::Unseen, Goal::Foes(t)]
    } else {
        vec![Goal::Foes(t), Goal::Unseen]
    };
    if p.k.hunting {
        goals.push(Goal::Stale);
    }
    let ok = p.in_range(shelter.clone());
    if let Some(f) = p.k.first_field(t, x, y, &goals) {
        p.walk(&f, rng, &ok);
    }
    if !p.attack() {
        // Out of ACP short of a target: make sure of the way home.
        if let Some(sh) = shelter {
            let d = sh[p.k.cell(p.at.0, p.at.1)];
            if d <= 1 && p.u.transport == 0 {
                let tt = p.k.t(t);
                let tight = supplied(tt).any(|m| {
                    let left = p.u.supply.get(m).copied().unwrap_or(0)
                        - tt.uses_per_move.get(m).copied().unwrap_or(0) * p.moved;
                    left < need(tt, m, 3)
                });
                if tight {
                    p.board(Goal::Shelter(t));
                }
            }
        }
    }
}

/// A unit that detonates: blows up the cell next to it (or its own) that
/// holds the biggest place (most hit points) of another side that plays,
/// or several of their units, when no unit of ours stands there and none
/// of ours goes there or attacks there this turn (troops ordered earlier
/// may capture the place); otherwise makes for the nearest such place.
/// With no such place it can reach, any of their units will do, and it
/// makes for them, else for unseen cells: an idle bomb is worth points
/// and keeps a beaten side in the game.
fn blast(p: &mut Plan<'_, '_>, rng: &mut GameRng) {
    let (x, y) = p.at;
    let target = p.k.first_field(p.t, x, y, &[Goal::Targets]);
    let any = target.is_none();
    if p.detonate(any) {
        return;
    }
    let f = target.or_else(|| p.k.first_field(p.t, x, y, &[Goal::Enemies, Goal::Unseen]));
    if let Some(f) = f {
        p.walk(&f, rng, &|_, _, _| true);
        p.detonate(any);
    }
}

impl Plan<'_, '_> {
    /// Orders a detonation at the best cell within one step (see
    /// [`blast`]). Returns whether it did.
    fn detonate(&mut self, any: bool) -> bool {
        let k = &*self.k;
        if self.acp <= 0 {
            return false;
        }
        let side = k.v.side;
        // Cells our units stand in, or go to or strike at by the orders
        // given so far this turn (they run before the bomb's).
        let mut busy: Vec<(i32, i32)> = (k.v.own.iter())
            .filter(|o| o.id != self.u.id)
            .map(|o| (o.x, o.y))
            .collect();
        let num_arg = |o: &Order, i: usize| match o.args.get(i) {
            Some(Arg::Num(n)) => i32::try_from(*n).ok(),
            _ => None,
        };
        for o in self.out.iter() {
            match o.action.as_str() {
                "move" => busy.extend(num_arg(o, 0).zip(num_arg(o, 1))),
                "attack" | "enter" => {
                    let id = num_arg(o, 0);
                    let cell = (k.v.units.iter().map(|e| (e.id, e.x, e.y)))
                        .chain(k.v.own.iter().map(|e| (e.id, e.x, e.y)))
                        .find(|e| Some(e.0) == id);
                    busy.extend(cell.map(|e| (e.1, e.2)));
                }
                _ => {}
            }
        }
        let mut best: Option<((i32, usize), (i32, i32))> = None;
        let mut cells: Vec<(i32, i32)> = k.neighbours(self.at.0, self.at.1).collect();
        cells.push(self.at);
        for (x, y) in cells {
            if busy.contains(&(x, y)) {
                continue;
            }
            let (mut places, mut units) = (0i32, 0usize);
            for (i, e) in k.v.units.iter().enumerate() {
                if e.side == side || e.side == 0 || e.x != x || e.y != y {
                    continue;
                }
                units += 1;
                let et = k.seen_types[i];
                if et != usize::MAX && k.kinds[et] == Kind::Place {
                    // The biggest place first (a city before a town).
                    places += k.t(et).hp.max(1);
                }
            }
            if places == 0 && units < 3 && !(any && units > 0) {
                continue;
            }
            let key = (places, units);
            if best.is_none_or(|(b, _)| key > b) {
                best = Some((key, (x, y)));
            }
        }
        let Some((_, (x, y))) = best else {
            return false;
        };
        self.out
            .push(order(self.u.id, "detonate", vec![num(x), num(y), num(0)]));
        self.acp = 0;
        true
    }
}

/// The build of a place: go on with what is inside it, develop a type the
/// side cannot build yet (when `develop`, and the place can), or start a
/// type picked by `pick` among those it can build.
fn place_orders<'a>(
    k: &mut Know<'a>,
    i: usize,
    rng: &mut GameRng,
    pick: &Pick,
    develop: bool,
) -> Option<Order> {
    let v: &'a View = k.v;
    let u = &v.own[i];
    let t = k.own_types[i];
    if u.acp <= 0 || !u.complete || k.t(t).builds.is_empty() {
        return None;
    }
    if let Some(w) = k.v.own.iter().find(|o| o.transport == u.id && !o.complete) {
        return Some(order(u.id, "build", vec![num(w.id)]));
    }
    let tech = |b: usize| k.v.tech.get(b).copied().unwrap_or(0);
    if develop && k.v.turn >= DEVELOP_FROM {
        let wanted = k.t(t).develops.iter().find(|&&d| {
            // Not past what the side may reach (a type needing more
            // can never be built: developing it is wasted).
            d < k.kinds.len()
                && tech(d) < k.t(d).tech_to_build
                && k.t(d).tech_to_build <= k.t(d).tech_max
        });
        if let Some(&d) = wanted {
            return Some(order(u.id, "develop", vec![Arg::Name(k.t(d).name.clone())]));
        }
    }
    let options: Vec<usize> = k
        .t(t)
        .builds
        .iter()
        .copied()
        .filter(|&b| {
            b < k.kinds.len()
                && k.kinds[b] != Kind::Other
                && k.kinds[b] != Kind::Place
                && tech(b) >= k.t(b).tech_to_build
        })
        .collect();
    let b = pick(k, u, &options, rng)?;
    Some(order(
        u.id,
        "create-in",
        vec![Arg::Name(k.t(b).name.clone()), num(u.id)],
    ))
}

/// Troops waiting for ferries beyond which places build no more troops,
/// with `TROOPS_PER_FERRY` more for each ferry the side has.
const TOO_MANY_WAITING: usize = 24;
/// See `TOO_MANY_WAITING`: about two loads of a ferry. (The legend says
/// which types a ferry carries, not how many; stdunit's transport carries
/// six.)
const TROOPS_PER_FERRY: usize = 12;

/// Greedy's build choice: weights by what the side needs, cheaper types
/// more often.
fn greedy_pick(
    k: &mut Know<'_>,
    u: &OwnUnit,
    options: &[usize],
    rng: &mut GameRng,
) -> Option<usize> {
    // Ships only where they can sail for something (not on a lake): the
    // fields are made here, for the places that choose this turn.
    let here = k.cell(u.x, u.y);
    let sails: Vec<bool> = options
        .iter()
        .map(|&b| {
            k.kinds[b] == Kind::Sea
                && k.neighbours(u.x, u.y).any(|(x, y)| k.passable(b, x, y))
                && k.sail_goals(b)
                    .into_iter()
                    .any(|g| k.field(b, g)[here] < FAR)
                && (!k.is_ferry(b) || k.ferry_leads_away(b, here))
        })
        .collect();
    // Troops that could never leave the place they are made in.
    let walled: Vec<bool> = options
        .iter()
        .map(|&b| k.kinds[b] == Kind::Ground && k.walled_in(b, u.x, u.y))
        .collect();
    // Of the troops, only those that can reach a known place of another
    // side, on foot from here or landed from a ferry, when some can (seed
    // 45: the enemy's places stood in terrain armour cannot cross; 300
    // armour waited for 600 turns, in ferries with nowhere to land them).
    let reach: Vec<bool> = options
        .iter()
        .map(|&b| k.kinds[b] == Kind::Ground && k.reaches_places(b, here))
        .collect();
    // Troops that have something to do on foot from here (a place or
    // unit of another side to march on, or unseen land to look at): they
    // do not wait for a ferry.
    let marches: Vec<bool> = options
        .iter()
        .map(|&b| {
            k.kinds[b] == Kind::Ground
                && (k.first_field(b, u.x, u.y, &[Goal::Places, Goal::Foes(b), Goal::Unseen]))
                    .is_some()
        })
        .collect();
    let some_reach = reach.iter().any(|&r| r);
    let ferries =
        k.v.own
            .iter()
            .zip(&k.own_types)
            .filter(|(_, &t)| t != usize::MAX && k.is_ferry(t))
            .count();
    // A port whose ships wait in it with tanks below a quarter has no fuel
    // to spare for more (seed 92: 22 transports, 7 carriers and 5
    // destroyers built into one port, all with empty tanks for 600 turns,
    // while 200 troops waited for them).
    let dry_ships_here = (k.v.own.iter().zip(&k.own_types)).any(|(o, &t)| {
        t != usize::MAX
            && o.transport == u.id
            && k.kinds[t] == Kind::Sea
            && !holds(k.t(t), &o.supply, 4)
    });
    let waiting = k.waiting.len();
    // Troops, none once the ferries could not carry those waiting for
    // many turns (seed 47, seven sides: 1,100 troops waited in towns they
    // had drained of fuel, where bombers then could not refuel), except
    // those that march from here (seed 1748: 26 armour that could not
    // cross the mountains waited on a land with no port, so no infantry,
    // which could have gone to look for the other side's towns, was built
    // for 2,000 turns: only aircraft).
    let too_many = waiting > TOO_MANY_WAITING + TROOPS_PER_FERRY * ferries;
    // What would only wait: troops walled in, unable to reach a known
    // place when others can, or too many; ships that could not sail or
    // that a port whose ships wait dry would add to.
    let idle: Vec<bool> = (options.iter().enumerate())
        .map(|(i, &b)| match k.kinds[b] {
            Kind::Ground => walled[i] || some_reach && !reach[i] || too_many && !marches[i],
            Kind::Sea => !sails[i] || dry_ships_here,
            _ => false,
        })
        .collect();
    // Units that detonate only while fewer are about (or started this
    // turn) than the places of other sides in view.
    let targets = (0..k.v.units.len()).filter(|&i| k.is_target(i)).count();
    let blasts = k
        .own_types
        .iter()
        .filter(|&&t| t != usize::MAX && k.kinds[t] == Kind::Blast)
        .count()
        + k.blasts_started;
    let weights: Vec<u32> = options
        .iter()
        .zip(&idle)
        .map(|(&b, &idle)| {
            let ty = k.t(b);
            let ferry = k.is_ferry(b);
            let w: u32 = match k.kinds[b] {
                _ if idle => 0,
                // Troops, fewer once many wait for ferries.
                Kind::Ground if waiting > 8 => 10,
                Kind::Ground => 60,
                // Ferries only where troops wait and too few ferries are.
                Kind::Sea if ferry && waiting > 0 && ferries * 4 < waiting + 2 => 90,
                Kind::Sea if ferry => 0,
                Kind::Sea => 12,
                // Few aircraft: a side rich in them holds its places but
                // takes none, and games drag on (mean games of 80 ended
                // within 300 turns, by this weight: 20: 37.7; 10: 48.8;
                // 5: 52.7; 3: 54.7; 2: 56.7; 1: 55.2; 0: 52.7).
                Kind::Air => 2,
                Kind::Blast if blasts >= targets => 0,
                Kind::Blast => 30,
                _ => 0,
            };
            w * 100 / (10 + ty.cp.max(0) as u32)
        })
        .collect();
    let total: u32 = weights.iter().sum();
    if total == 0 {
        // Nothing the side needs: anything but a bomb (those only while
        // there are places to blow up) or what would only wait; else
        // nothing.
        let rest: Vec<usize> = (options.iter().zip(&idle))
            .filter(|&(&b, &idle)| k.kinds[b] != Kind::Blast && !idle)
            .map(|(&b, _)| b)
            .collect();
        return rng.choose(&rest).copied();
    }
    let mut r = rng.below(total);
    for (&b, &w) in options.iter().zip(&weights) {
        if r < w {
            if k.kinds[b] == Kind::Blast {
                k.blasts_started += 1;
            }
            return Some(b);
        }
        r -= w;
    }
    None
}

/// Random's build choice: any type it can build.
fn random_pick(
    _: &mut Know<'_>,
    _: &OwnUnit,
    options: &[usize],
    rng: &mut GameRng,
) -> Option<usize> {
    rng.choose(options).copied()
}

/// The greedy bot.
#[derive(Default)]
pub struct Greedy {
    grid: Option<Grid>,
    /// Per cell, the last turn the side had it in sight, kept from turn
    /// to turn (the view shows only what is in sight now).
    looked: Vec<i32>,
    /// The side has seen a unit of another side that plays.
    met: bool,
    /// The first turn of the side's present run without a place (see
    /// [`CONCEDE_AFTER`]).
    placeless_since: Option<i32>,
}

impl Bot<Xconq> for Greedy {
    fn orders(&mut self, _rules: &Xconq, v: &View, _seat: Seat, rng: &mut GameRng) -> Orders {
        let mut k = Know::new(v, &mut self.grid);
        k.look(&mut self.looked, &mut self.met);
        if self.hopeless(&k) {
            return Orders {
                resign: true,
                ..Orders::default()
            };
        }
        let mut orders = Vec::new();
        let mut ferries = Vec::new();
        // Troops first (they board ferries and land before ferries sail),
        // then the rest, ferries last, places once the side's needs are
        // known.
        for i in 0..v.own.len() {
            let t = k.own_types[i];
            let u = &v.own[i];
            if t == usize::MAX || !u.complete || u.acp <= 0 {
                continue;
            }
            match k.kinds[t] {
                Kind::Ground => greedy_unit(&mut k, i, &mut orders, rng),
                Kind::Sea if k.is_ferry(t) => ferries.push(i),
                _ => {}
            }
        }
        for i in 0..v.own.len() {
            let t = k.own_types[i];
            let u = &v.own[i];
            if t == usize::MAX || !u.complete || u.acp <= 0 {
                continue;
            }
            if matches!(k.kinds[t], Kind::Air | Kind::Sea | Kind::Blast) && !ferries.contains(&i) {
                greedy_unit(&mut k, i, &mut orders, rng);
            }
        }
        for i in ferries {
            greedy_unit(&mut k, i, &mut orders, rng);
        }
        let mut builds = Vec::new();
        for i in 0..v.own.len() {
            let t = k.own_types[i];
            if t != usize::MAX && k.kinds[t] == Kind::Place {
                if let Some(o) = place_orders(&mut k, i, rng, &greedy_pick, true) {
                    builds.push(o);
                }
            }
        }
        Orders {
            orders: within_limit(orders, builds),
            ..Orders::default()
        }
    }
}

impl Greedy {
    /// Whether the side concedes this turn: this is at least the
    /// [`CONCEDE_AFTER`]th turn running that it holds no place, while it
    /// knows of a place of another side (not an independent one: so the
    /// others can build and it cannot) and of at least as many units of
    /// other sides (as last seen, any date) as it has. Turns are read from
    /// the view, so a turn asked twice or a turn the bot was not asked
    /// counts as it should.
    fn hopeless(&mut self, k: &Know<'_>) -> bool {
        let v = k.v;
        let place = |t: usize| t != usize::MAX && k.kinds[t] == Kind::Place;
        if k.own_types.iter().any(|&t| place(t)) {
            self.placeless_since = None;
            return false;
        }
        let since = *self.placeless_since.get_or_insert(v.turn);
        if v.turn - since + 1 < CONCEDE_AFTER {
            return false;
        }
        let foes = (v.units.iter())
            .filter(|u| u.side != 0 && u.side != v.side)
            .count();
        v.own.len() <= foes && (0..v.units.len()).any(|i| k.is_target(i))
    }
}

/// A turn's orders cut to the most a seat may give (`MAX_ORDERS`): the
/// places' builds all kept (one each, and a place left idle loses a turn
/// of production), the units' orders in the order planned until the rest
/// of the room is used. A huge army's last units then wait a turn instead
/// of the whole turn being refused.
fn within_limit(mut units: Vec<Order>, mut builds: Vec<Order>) -> Vec<Order> {
    let room = MAX_ORDERS.saturating_sub(builds.len());
    builds.truncate(MAX_ORDERS);
    units.truncate(room);
    units.extend(builds);
    units
}

/// The random bot.
#[derive(Default)]
pub struct Random {
    grid: Option<Grid>,
}

impl Bot<Xconq> for Random {
    fn orders(&mut self, _rules: &Xconq, v: &View, _seat: Seat, rng: &mut GameRng) -> Orders {
        let mut k = Know::new(v, &mut self.grid);
        let mut orders = Vec::new();
        for i in 0..v.own.len() {
            let t = k.own_types[i];
            let u = &v.own[i];
            if t == usize::MAX {
                continue;
            }
            if k.kinds[t] == Kind::Place {
                if let Some(o) = place_orders(&mut k, i, rng, &random_pick, false) {
                    orders.push(o);
                }
                continue;
            }
            if u.acp <= 0 || !u.complete || k.kinds[t] == Kind::Other {
                continue;
            }
            let mut p = Plan {
                at: (u.x, u.y),
                acp: u.acp,
                moved: 0,
                u,
                t,
                k: &mut k,
                out: &mut orders,
            };
            // Units that must refuel go home when low, as greedy's do.
            let (shelter, low) = p.fuel_state();
            if let (Some(sh), true) = (shelter.clone(), low) {
                p.refuel(&sh, rng);
                continue;
            }
            if rng.chance(1, 2) && p.attack() {
                continue;
            }
            let ok = p.in_range(shelter);
            let steps: Vec<(i32, i32)> =
                p.k.neighbours(u.x, u.y)
                    .filter(|&(x, y)| p.k.can_step(t, x, y) && ok(p.k, (x, y), 1))
                    .collect();
            if let Some(&(x, y)) = rng.choose(&steps) {
                p.out
                    .push(order(u.id, "move", vec![num(x), num(y), num(0)]));
            }
        }
        if orders.len() > MAX_ORDERS {
            // Over the limit only: the builds (unit ids of places) kept.
            let place_ids: std::collections::HashSet<i32> = v
                .own
                .iter()
                .zip(&k.own_types)
                .filter(|(_, &t)| t != usize::MAX && k.kinds[t] == Kind::Place)
                .map(|(u, _)| u.id)
                .collect();
            let (builds, units) = orders
                .into_iter()
                .partition(|o| place_ids.contains(&o.unit));
            orders = within_limit(units, builds);
        }
        Orders {
            orders,
            ..Orders::default()
        }
    }
}

#[cfg(test)]
mod tests {
    //! Small hand-made views: two strips of plains in the sea (columns 2–4
    //! and 7–8) with our town at (3, 2); the legend is a tiny stdunit.

    use super::*;
    use crate::view::{SeenUnit, SideInfo};

    fn ty(name: &str, mobile: bool, enters: [bool; 2], fuel: [i32; 5]) -> TypeInfo {
        TypeInfo {
            name: name.into(),
            symbol: name[..1].into(),
            acp: if name == "fighter" { 9 } else { 1 },
            hp: 1,
            cp: 4,
            mobile,
            enters: enters.to_vec(),
            builds: if mobile { vec![] } else { vec![0, 1, 2] },
            hits: if name == "transport" {
                vec![]
            } else {
                vec![0, 1, 2, 3]
            },
            captures: if name == "infantry" { vec![3] } else { vec![] },
            carries: match name {
                "transport" => vec![0],
                "town" => vec![0, 1, 2],
                _ => vec![],
            },
            storage: vec![fuel[0]],
            makes: vec![fuel[1]],
            uses_per_turn: vec![fuel[2]],
            uses_per_move: vec![fuel[3]],
            uses_per_attack: vec![fuel[4]],
            vision_range: 1,
            develops: vec![],
            tech_to_build: 0,
            tech_max: 0,
            detonates: false,
        }
    }

    fn own(id: i32, utype: &str, x: i32, y: i32, acp: i32, fuel: i32, transport: i32) -> OwnUnit {
        OwnUnit {
            id,
            utype: utype.into(),
            side: 1,
            name: None,
            x,
            y,
            hp: 1,
            cp: 4,
            complete: true,
            acp,
            moves: 0,
            supply: vec![fuel],
            transport,
            occupants: vec![],
            hold: false,
        }
    }

    fn view(own: Vec<OwnUnit>, units: Vec<SeenUnit>) -> View {
        let row = |y: i32| -> String {
            (0..10)
                .map(|x| {
                    let land = (2..=4).contains(&x) || (7..=8).contains(&x);
                    if land && (1..=4).contains(&y) {
                        'b'
                    } else {
                        'a'
                    }
                })
                .collect()
        };
        View {
            game: "test".into(),
            turn: 5,
            side: 1,
            width: 10,
            height: 6,
            circumference: 200,
            terrain_types: vec!["sea".into(), "plains".into()],
            terrain: (0..6).rev().map(row).collect(),
            aux: vec![],
            units,
            own,
            sides: vec![SideInfo {
                id: 1,
                name: "Us".into(),
                ingame: true,
                status: 0,
            }],
            types: Arc::new(vec![
                ty("infantry", true, [false, true], [6, 1, 1, 1, 0]),
                ty("fighter", true, [true, true], [18, 0, 3, 1, 0]),
                ty("transport", true, [true, false], [100, 0, 1, 1, 0]),
                ty("town", false, [false, true], [200, 20, 0, 0, 0]),
            ]),
            tech: vec![0; 4],
            events: Default::default(),
            failed: Vec::new(),
            over: false,
        }
    }

    fn orders_of(v: &View, unit: i32) -> Vec<Order> {
        let mut rng = GameRng::from_seed(1);
        let all = Greedy::default().orders(&Xconq::default(), v, Seat(0), &mut rng);
        all.orders.into_iter().filter(|o| o.unit == unit).collect()
    }

    /// The x the unit's only order, a move, goes to.
    fn only_move_x(v: &View, unit: i32) -> i32 {
        let o = orders_of(v, unit);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].action, "move", "{o:?}");
        match o[0].args[0] {
            Arg::Num(x) => x as i32,
            _ => panic!("{o:?}"),
        }
    }

    fn town() -> OwnUnit {
        own(1, "town", 3, 2, 0, 200, 0)
    }

    /// A unit of side 2 (id 9) seen this turn at (x, y).
    fn foe_at(utype: &str, x: i32, y: i32) -> SeenUnit {
        SeenUnit {
            id: 9,
            utype: utype.into(),
            side: 2,
            name: None,
            x,
            y,
            complete: true,
            date: 5,
            transport: 0,
        }
    }

    /// A side with more units than `MAX_ORDERS` has room for (here 700
    /// fighters in the town, each flying several cells to strike) gets a
    /// turn the rules accept: at most `MAX_ORDERS` orders, the town's
    /// build among them, from both bots.
    #[test]
    fn a_huge_army_gives_at_most_the_orders_a_turn_allows() {
        let foe = foe_at("infantry", 6, 2);
        let mut units = vec![own(1, "town", 3, 2, 1, 200, 0)];
        for id in 10..710 {
            units.push(own(id, "fighter", 3, 2, 9, 18, 1));
        }
        let v = view(units, vec![foe]);
        let bots: [Box<dyn Bot<Xconq>>; 2] =
            [Box::new(Greedy::default()), Box::new(Random::default())];
        for (name, mut bot) in ["greedy", "random"].into_iter().zip(bots) {
            let mut rng = GameRng::from_seed(1);
            let o = bot.orders(&Xconq::default(), &v, Seat(0), &mut rng).orders;
            assert!(o.len() <= MAX_ORDERS, "{name}: {} orders", o.len());
            assert!(
                o.iter().any(|o| o.unit == 1),
                "{name}: the town's build was cut"
            );
            if name == "greedy" {
                assert_eq!(
                    o.len(),
                    MAX_ORDERS,
                    "greedy planned more than the room and used it all"
                );
            }
        }
    }

    #[test]
    fn a_fighter_low_on_fuel_flies_home_and_lands() {
        let v = view(vec![town(), own(2, "fighter", 8, 2, 9, 8, 0)], vec![]);
        let o = orders_of(&v, 2);
        let moves: Vec<_> = o.iter().filter(|o| o.action == "move").collect();
        assert_eq!(moves.len(), 5, "{o:?}");
        assert_eq!(moves[4].args, vec![num(3), num(2), num(0)]);
        assert_eq!(o.last().unwrap().action, "enter");
        assert_eq!(o.last().unwrap().args, vec![num(1)]);
    }

    /// A fighter at 10 of 18 fuel waits in its town to fill up while the
    /// town has fuel to give; in a town with none left it strikes a foe
    /// within its reach instead of waiting for good.
    #[test]
    fn a_unit_waits_to_refill_only_where_there_is_something_to_fill_it() {
        let foe = foe_at("infantry", 5, 2);
        let orders = |town_fuel: i32| {
            let v = view(
                vec![
                    own(1, "town", 3, 2, 0, town_fuel, 0),
                    own(2, "fighter", 3, 2, 9, 10, 1),
                ],
                vec![foe.clone()],
            );
            orders_of(&v, 2)
        };
        assert_eq!(orders(200), vec![], "fills up first");
        let o = orders(0);
        assert_eq!(o.last().map(|o| o.action.as_str()), Some("attack"), "{o:?}");
    }

    /// A fighter low on fuel (6 of 18) in a dry town, between another
    /// dry town (listed first) and one with fuel: it moves into the one
    /// with fuel. With all three dry it stays where it is.
    #[test]
    fn a_unit_low_on_fuel_in_a_dry_town_moves_to_one_that_can_fill_it() {
        let orders = |fuel: i32| {
            let v = view(
                vec![
                    own(1, "town", 3, 2, 0, 0, 0),
                    own(5, "town", 2, 2, 0, 0, 0),
                    own(4, "town", 4, 2, 0, fuel, 0),
                    own(2, "fighter", 3, 2, 9, 6, 1),
                ],
                vec![],
            );
            orders_of(&v, 2)
        };
        let o = orders(200);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(
            (o[0].action.as_str(), &o[0].args[..]),
            ("enter", &[num(4)][..])
        );
        assert_eq!(orders(0), vec![]);
    }

    /// While the side knows no place of another side, one ground unit in
    /// `SCOUT` (here unit 6) makes for the unseen land to the west and the
    /// others (unit 7) for the enemy infantry seen to the east; once an
    /// enemy town is known, both make for it (the largest class of
    /// two-side games that never ended: neither side found the other).
    #[test]
    fn while_no_enemy_place_is_known_one_ground_unit_in_three_scouts() {
        let mut v = view(
            vec![
                own(6, "infantry", 5, 2, 1, 6, 0),
                own(7, "infantry", 5, 2, 1, 6, 0),
            ],
            vec![foe_at("infantry", 8, 2)],
        );
        v.terrain = terrain(|x, _| if x <= 1 { '?' } else { 'b' });
        assert!(only_move_x(&v, 6) < 5, "the scout goes west");
        assert!(only_move_x(&v, 7) > 5, "the other goes east");
        v.units.push(SeenUnit {
            id: 10,
            ..foe_at("town", 8, 1)
        });
        assert!(only_move_x(&v, 6) > 5, "an enemy place is known");
        assert!(only_move_x(&v, 7) > 5);
    }

    #[test]
    fn a_fuelled_fighter_strikes_a_foe_within_range() {
        let foe = foe_at("infantry", 6, 2);
        let v = view(vec![town(), own(2, "fighter", 3, 2, 9, 18, 1)], vec![foe]);
        let o = orders_of(&v, 2);
        assert!(o.iter().any(|o| o.action == "move"), "{o:?}");
        assert_eq!(o.last().unwrap().action, "attack", "{o:?}");
        assert_eq!(o.last().unwrap().args[0], num(9));
    }

    /// A map of rows y = 5 (top) to 0 with `?` unseen, `b` plains, `a` sea.
    fn terrain(cell: impl Fn(i32, i32) -> char) -> Vec<String> {
        (0..6)
            .rev()
            .map(|y| (0..10).map(|x| cell(x, y)).collect())
            .collect()
    }

    /// Of 40 bot seeds, how many have unit 1 (a place) build a transport.
    fn transports_built(v: &View) -> usize {
        built(v, "transport")
    }

    /// Of 40 bot seeds, how many have unit 1 (a place) build a `utype`.
    fn built(v: &View, utype: &str) -> usize {
        (0..40)
            .filter(|&seed| {
                let mut rng = GameRng::from_seed(seed);
                let o = Greedy::default().orders(&Xconq::default(), v, Seat(0), &mut rng);
                o.orders
                    .iter()
                    .any(|o| o.unit == 1 && o.args.first() == Some(&Arg::Name(utype.into())))
            })
            .count()
    }

    /// The test legend with a third terrain, mountains (`c` on a map):
    /// land infantry crosses and armour (type 4, built by towns and
    /// carried like infantry) does not.
    fn with_mountains(mut v: View) -> View {
        v.terrain_types.push("mountains".into());
        let mut types: Vec<TypeInfo> = v.types.iter().cloned().collect();
        for t in &mut types {
            let plains = t.enters[1];
            t.enters.push(plains && t.name != "transport");
            if !t.carries.is_empty() {
                t.carries.push(4);
            }
            if !t.builds.is_empty() {
                t.builds.push(4);
            }
        }
        types.push(ty("armor", true, [false, true], [10, 2, 0, 1, 0]));
        types[4].enters.push(false);
        v.types = Arc::new(types);
        v
    }

    /// A side that has held no place for `CONCEDE_AFTER` turns resigns
    /// (D9) when it knows of a place of another side and of at least as
    /// many enemy units as it has. Turns come from the view (a turn asked
    /// twice counts once); a place held starts the count again; a side
    /// that outnumbers the enemy it knows, or knows no enemy place, plays
    /// on.
    #[test]
    fn a_side_without_a_place_concedes_when_outnumbered() {
        let tank = |id| own(id, "infantry", 2, 2, 1, 6, 0);
        let foes = vec![foe_at("infantry", 7, 2), foe_at("town", 8, 3)];
        let at = |v: &View, turn: i32| View { turn, ..v.clone() };
        let resigns = |bot: &mut Greedy, v: View| {
            let mut rng = GameRng::from_seed(1);
            bot.orders(&Xconq::default(), &v, Seat(0), &mut rng).resign
        };
        let alone = view(vec![tank(5)], foes.clone());
        let mut bot = Greedy::default();
        for turn in 1..CONCEDE_AFTER {
            assert!(!resigns(&mut bot, at(&alone, turn)), "turn {turn}");
        }
        assert!(!resigns(&mut bot, at(&alone, CONCEDE_AFTER - 1)));
        assert!(resigns(&mut bot, at(&alone, CONCEDE_AFTER)));

        let with_town = view(vec![town(), tank(5)], foes.clone());
        let mut bot = Greedy::default();
        resigns(&mut bot, at(&alone, 1));
        assert!(!resigns(&mut bot, at(&with_town, 50)));
        let again = 51 + CONCEDE_AFTER;
        assert!(
            !resigns(&mut bot, at(&alone, again)),
            "the count starts again"
        );
        assert!(resigns(&mut bot, at(&alone, again + CONCEDE_AFTER - 1)));

        let three = view(vec![tank(5), tank(6), tank(7)], foes);
        let no_place_known = view(
            vec![tank(5)],
            vec![foe_at("infantry", 7, 2), foe_at("infantry", 8, 3)],
        );
        for v in [three, no_place_known] {
            let mut bot = Greedy::default();
            for turn in 1..=2 * CONCEDE_AFTER {
                assert!(!resigns(&mut bot, at(&v, turn)), "turn {turn}");
            }
        }
    }

    /// A town whose every neighbour is mountains builds no armour, which
    /// could never leave it (seed 221: a town in the mountains built 40
    /// armour that sat in it for 600 turns); in plains it does.
    #[test]
    fn a_town_in_the_mountains_builds_no_armour() {
        let v = with_mountains(view(vec![own(1, "town", 3, 2, 1, 200, 0)], vec![]));
        armour_built_only_without_mountains(v, |x, y, mountains| match (x, y) {
            (3, 2) => 'b',
            (2..=4, 1..=3) if mountains => 'c',
            (2..=4 | 7..=8, 1..=4) => 'b',
            _ => 'a',
        });
    }

    /// The legend with mountains (`with_mountains`), our town (unit 1) at
    /// (x, 2) and another side's town at (foe_x, 2).
    fn town_against(x: i32, foe_x: i32) -> View {
        with_mountains(view(
            vec![own(1, "town", x, 2, 1, 200, 0)],
            vec![foe_at("town", foe_x, 2)],
        ))
    }

    /// Our town (unit 1) builds infantry and no armour on the map
    /// `map(x, y, true)`, and armour as well on `map(x, y, false)`.
    fn armour_built_only_without_mountains(mut v: View, map: impl Fn(i32, i32, bool) -> char) {
        v.terrain = terrain(|x, y| map(x, y, true));
        assert_eq!(built(&v, "armor"), 0);
        assert!(built(&v, "infantry") > 10, "{}", built(&v, "infantry"));
        v.terrain = terrain(|x, y| map(x, y, false));
        let open = built(&v, "armor");
        assert!(open > 5, "{open}");
    }

    /// Another side's town (7, 2) stands beside a lake (8–9, 2) and
    /// behind a wall of mountains (column 4) from our port (1, 2) on the
    /// sea (column 0): infantry walk there, armour could only land from
    /// the lake, which no ferry from our port can reach, so the port
    /// builds infantry only; without the wall it builds both (seed 2335).
    #[test]
    fn troops_are_not_built_for_a_landing_our_ferries_cannot_sail_to() {
        armour_built_only_without_mountains(town_against(1, 7), |x, y, wall| match (x, y) {
            (0, _) | (8..=9, 2) => 'a',
            (4, _) if wall => 'c',
            _ => 'b',
        });
    }

    /// Troops in our port wait for a way to another side's town on the
    /// island, and the side has no ferry: with a few waiting the town
    /// builds troops as well as ferries, with more than
    /// `TOO_MANY_WAITING` only ferries.
    #[test]
    fn no_troops_are_built_while_too_many_wait_for_ferries() {
        let waiting = |n: i32| {
            let mut units = vec![own(1, "town", 4, 2, 1, 200, 0)];
            units.extend((0..n).map(|i| own(10 + i, "infantry", 4, 2, 1, 6, 1)));
            view(units, vec![foe_at("town", 8, 2)])
        };
        let few = waiting(8);
        assert!(built(&few, "infantry") > 5, "{}", built(&few, "infantry"));
        assert!(transports_built(&few) > 10, "{}", transports_built(&few));
        let many = waiting(TOO_MANY_WAITING as i32 + 1);
        assert_eq!(built(&many, "infantry"), 0);
        assert!(transports_built(&many) > 20, "{}", transports_built(&many));
    }

    /// Another side's town (7, 2) is known but not the cells round it,
    /// behind mountains (column 5) from our town: the unseen ring counts
    /// as crossable, so infantry are judged to reach the town and armour
    /// not, and only infantry are built (seed 1925). Unseen cells further
    /// off stay closed: a town beyond a gap of two unseen cells is
    /// reached by neither, and both are built.
    #[test]
    fn the_unseen_cells_round_a_known_enemy_place_lead_to_it() {
        let ring =
            |x: i32, y: i32| (6..=8).contains(&x) && (1..=3).contains(&y) && (x, y) != (7, 2);
        armour_built_only_without_mountains(town_against(2, 7), |x, y, ring_only| match (x, y) {
            _ if ring(x, y) => '?',
            (5, _) if ring_only => 'c',
            (5, _) => '?',
            (4, _) if !ring_only => 'c',
            _ => 'b',
        });
    }

    /// 25 armour wait in our town on a land with no sea, walled off by
    /// mountains (column 4) from another side's town (7, 2): more than
    /// `TOO_MANY_WAITING`, but infantry, which walk there, are still
    /// built (seed 1748); armour, which would wait too, are not.
    #[test]
    fn troops_that_walk_to_an_enemy_place_are_built_however_many_wait() {
        let mut units = vec![own(1, "town", 1, 2, 1, 200, 0)];
        units.extend((0..25).map(|i| own(10 + i, "armor", 1, 2, 1, 10, 1)));
        let mut v = with_mountains(view(units, vec![foe_at("town", 7, 2)]));
        v.terrain = terrain(|x, _| if x == 4 { 'c' } else { 'b' });
        assert!(built(&v, "infantry") > 10, "{}", built(&v, "infantry"));
        assert_eq!(built(&v, "armor"), 0);
    }

    /// Another side's town stands in a ring of mountains on the island
    /// (columns 6–9): infantry landed there reach it, armour cannot, so
    /// our town builds infantry only (seed 45: 300 armour waited 600
    /// turns, many in ferries with nowhere to land them); without the
    /// ring it builds both.
    #[test]
    fn troops_that_cannot_reach_a_known_enemy_place_are_not_built() {
        armour_built_only_without_mountains(town_against(3, 8), |x, y, ring| match (x, y) {
            (8, 2) => 'b',
            (7..=9, 1..=3) if ring => 'c',
            (2..=4 | 6..=9, 1..=4) => 'b',
            _ => 'a',
        });
    }

    /// Troops wait in a town for a way across the water to another
    /// side's town on an island (columns 8–9): the town builds ferries
    /// when its water is the sea (columns 6–7), never when it is a lake
    /// of one cell (seed 12: thirteen ferries built on a lake).
    #[test]
    fn ferries_are_built_on_the_sea_and_never_on_a_lake() {
        let builds = |town_x: i32, lake: bool| {
            let mut v = view(
                vec![
                    own(1, "town", town_x, 2, 1, 200, 0),
                    own(2, "infantry", town_x, 2, 1, 6, 1),
                ],
                vec![foe_at("town", 8, 2)],
            );
            v.terrain = terrain(|x, y| match (x, y) {
                (3, 1) if lake => 'a',
                (0..=5 | 8..=9, 1..=4) => 'b',
                _ => 'a',
            });
            transports_built(&v)
        };
        assert!(builds(5, false) > 10, "{}", builds(5, false));
        assert_eq!(builds(3, true), 0);
    }

    /// A ferry is only worth building where its waters touch land the
    /// troops cannot walk to, or cells not seen yet: never on a lake
    /// within the side's own land (seed 3, seven sides: transports that
    /// sailed a lake of eight cells for 700 turns).
    #[test]
    fn a_ferry_leads_away_from_a_town_only_over_water_to_other_land() {
        let leads = |map: Vec<String>| {
            let mut v = view(vec![own(1, "town", 4, 2, 1, 200, 0)], vec![]);
            v.terrain = map;
            let mut grid = None;
            let mut k = Know::new(&v, &mut grid);
            let here = k.cell(4, 2);
            k.ferry_leads_away(2, here)
        };
        // A lake of two cells (5, 2) and (6, 2) inside our land.
        let lake = |x: i32, y: i32| match (x, y) {
            (5..=6, 2) => 'a',
            (0..=9, 1..=4) => 'b',
            _ => 'a',
        };
        assert!(!leads(terrain(lake)));
        // Sea from column 5 to 6, another land beyond it.
        assert!(leads(terrain(|x, y| match (x, y) {
            (5..=6, _) => 'a',
            (0..=9, 1..=4) => 'b',
            _ => 'a',
        })));
        // The lake with a cell next to it not seen yet.
        assert!(leads(terrain(|x, y| if (x, y) == (7, 2) {
            '?'
        } else {
            lake(x, y)
        })));
    }

    /// Troops of ours wait on an island; our town stands by a lake that
    /// touches another side's town on our own land: ferries built there
    /// could reach that town but take the troops nowhere they could not
    /// walk, so none is built.
    #[test]
    fn a_town_by_a_lake_builds_no_ferries_for_troops_elsewhere() {
        let mut v = view(
            vec![
                own(1, "town", 2, 2, 1, 200, 0),
                own(2, "infantry", 8, 2, 1, 6, 0),
            ],
            vec![foe_at("town", 5, 2)],
        );
        let with_lake = |lake: bool| {
            move |x: i32, y: i32| match (x, y) {
                (3..=4, 2) if lake => 'a',
                (0..=6 | 8..=9, 1..=4) => 'b',
                _ => 'a',
            }
        };
        v.terrain = terrain(with_lake(true));
        assert_eq!(transports_built(&v), 0);
        // Moved next to the sea (column 7), the town builds them.
        v.own[0].x = 6;
        v.terrain = terrain(with_lake(false));
        assert!(transports_built(&v) > 10, "{}", transports_built(&v));
    }

    /// Troops wait on a coast where no place of ours stands (they came
    /// ashore on another land and found nothing there): an empty ferry in
    /// port sails to fetch them (seed 12: 90 troops waited on an island's
    /// coast for 700 turns while 18 ferries went to and fro between the
    /// towns of the home island).
    #[test]
    fn an_empty_ferry_fetches_troops_waiting_on_an_open_coast() {
        let v = view(
            vec![
                own(1, "town", 4, 2, 0, 200, 0),
                own(2, "infantry", 7, 2, 1, 6, 0),
                own(3, "transport", 4, 2, 1, 100, 1),
            ],
            vec![],
        );
        assert_eq!(only_move_x(&v, 3), 5, "one cell east");
    }

    /// A loaded transport at a landing beside another side's town, with 3
    /// fuel of 100: its troops land, and it sails for our port two cells
    /// west rather than wait there until its tanks are empty.
    #[test]
    fn a_loaded_ferry_low_on_fuel_makes_for_port() {
        let mut v = view(
            vec![
                own(1, "town", 4, 2, 0, 200, 0),
                own(3, "transport", 6, 2, 1, 3, 0),
                own(2, "infantry", 6, 2, 1, 6, 3),
            ],
            vec![foe_at("town", 8, 2)],
        );
        v.own[1].occupants = vec![2];
        assert_eq!(only_move_x(&v, 3), 5, "one cell west");
        let o = orders_of(&v, 2);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(
            (o[0].action.as_str(), &o[0].args[..2]),
            ("move", &[num(7), num(2)][..])
        );
    }

    /// Three troops wait in a port for a way to another side's town on an
    /// island; a transport is in the port. With fuel it sails and more
    /// are built; with empty tanks (the port has no fuel to give) no ship
    /// is built there (seed 92: 22 transports, 7 carriers and 5
    /// destroyers built into one dry port).
    #[test]
    fn a_port_whose_ships_wait_for_fuel_builds_no_more_ships() {
        let ships_built = |fuel: i32| {
            let mut v = view(
                vec![
                    own(1, "town", 5, 2, 1, 200, 0),
                    own(2, "infantry", 5, 2, 1, 6, 1),
                    own(3, "infantry", 5, 2, 1, 6, 1),
                    own(4, "infantry", 5, 2, 1, 6, 1),
                    own(5, "transport", 5, 2, 0, fuel, 1),
                ],
                vec![foe_at("town", 8, 2)],
            );
            v.terrain = terrain(|x, y| match (x, y) {
                (0..=5 | 8..=9, 1..=4) => 'b',
                _ => 'a',
            });
            transports_built(&v)
        };
        assert!(ships_built(100) > 10, "{}", ships_built(100));
        assert_eq!(ships_built(10), 0);
    }

    #[test]
    fn a_fighter_never_flies_beyond_the_way_back() {
        // A foe 8 cells off: 18 fuel, 3 a turn in the air, 1 a move.
        let foe = foe_at("infantry", 8, 1);
        let v = view(vec![town(), own(2, "fighter", 3, 2, 9, 18, 1)], vec![foe]);
        let o = orders_of(&v, 2);
        let n = o.iter().filter(|o| o.action == "move").count() as i32;
        let t = &v.types[1];
        assert!(n >= 1 && 18 - n >= need(t, 0, n), "{n} moves: {o:?}");
    }

    /// A side that met the enemy and then lost sight of every enemy unit
    /// sends its idle scouts to look where it has not looked for long
    /// (seed 79: 68 bombers idle for 700 turns while two enemy armour hid
    /// on an island of ours); one that has met no enemy yet does not.
    #[test]
    fn a_side_that_lost_sight_of_the_enemy_sends_its_fighters_to_look() {
        let units = vec![town(), own(2, "fighter", 3, 2, 9, 18, 1)];
        let mut met = view(units.clone(), vec![foe_at("infantry", 3, 3)]);
        met.turn = 1;
        let mut lost = view(units, vec![]);
        lost.turn = 1 + STALE;
        let mut rng = GameRng::from_seed(1);
        let mut bot = Greedy::default();
        bot.orders(&Xconq::default(), &met, Seat(0), &mut rng);
        let o = bot
            .orders(&Xconq::default(), &lost, Seat(0), &mut rng)
            .orders;
        let moves: Vec<_> = o
            .iter()
            .filter(|o| o.unit == 2 && o.action == "move")
            .collect();
        assert!(!moves.is_empty(), "the fighter searches: {o:?}");
        // A fresh bot on the same view has met no one: it keeps its fighter.
        let mut fresh = Greedy::default();
        let o = fresh
            .orders(&Xconq::default(), &lost, Seat(0), &mut rng)
            .orders;
        assert!(o.iter().all(|o| o.unit != 2), "{o:?}");
    }

    /// Troops that met the enemy, then lost sight of every enemy unit,
    /// with nothing to take on their land and no ferry in reach search it
    /// on foot where the side has not looked for long (seed 149: four
    /// enemy armour hid on a continent where 35 of our armour stood idle
    /// for 700 turns); before they met anyone they wait.
    #[test]
    fn troops_without_a_ferry_search_their_land_for_a_lost_enemy() {
        let units = vec![own(2, "infantry", 2, 2, 1, 6, 0)];
        let mut met = view(units.clone(), vec![foe_at("infantry", 2, 3)]);
        met.turn = 1;
        let mut lost = view(units, vec![]);
        lost.turn = 1 + STALE;
        let mut rng = GameRng::from_seed(1);
        let mut bot = Greedy::default();
        bot.orders(&Xconq::default(), &met, Seat(0), &mut rng);
        let o = bot
            .orders(&Xconq::default(), &lost, Seat(0), &mut rng)
            .orders;
        assert!(
            o.iter().any(|o| o.unit == 2 && o.action == "move"),
            "the infantry searches: {o:?}"
        );
        let o = Greedy::default()
            .orders(&Xconq::default(), &lost, Seat(0), &mut rng)
            .orders;
        assert!(o.is_empty(), "{o:?}");
    }

    #[test]
    fn troops_with_nothing_on_their_land_board_a_ferry() {
        let mut ferry = own(3, "transport", 3, 2, 1, 100, 1);
        ferry.occupants = vec![];
        let v = view(
            vec![town(), own(2, "infantry", 3, 2, 1, 6, 1), ferry],
            vec![],
        );
        let o = orders_of(&v, 2);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!((o[0].action.as_str(), &o[0].args), ("enter", &vec![num(3)]));
    }

    /// Of two ferries in port, troops board the one with fuel: the other
    /// (empty tanks, in a port without fuel) would never sail.
    #[test]
    fn troops_board_a_ferry_that_can_sail() {
        let dry = own(3, "transport", 3, 2, 1, 0, 1);
        let fuelled = own(4, "transport", 3, 2, 1, 100, 1);
        let v = view(
            vec![town(), own(2, "infantry", 3, 2, 1, 6, 1), dry, fuelled],
            vec![],
        );
        let o = orders_of(&v, 2);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!((o[0].action.as_str(), &o[0].args), ("enter", &vec![num(4)]));
    }

    /// Troops in a port board the ferry with the fewest aboard, counting
    /// those boarding the same turn (seed 77: 31 troops tried every turn
    /// to board the first ferry in the list, full, while others waited
    /// empty).
    #[test]
    fn troops_spread_over_the_ferries_in_port() {
        let mut fuller = own(3, "transport", 3, 2, 1, 100, 1);
        fuller.occupants = vec![20, 21];
        let emptier = own(4, "transport", 3, 2, 1, 100, 1);
        let troops = (5..8).map(|id| own(id, "infantry", 3, 2, 1, 6, 1));
        let mut units = vec![town(), fuller, emptier];
        units.extend(troops);
        let v = view(units, vec![]);
        let all = orders_of(&v, 5)
            .into_iter()
            .chain(orders_of(&v, 6))
            .chain(orders_of(&v, 7))
            .map(|o| (o.action, o.args))
            .collect::<Vec<_>>();
        let enter = |id: i32| ("enter".to_string(), vec![num(id)]);
        // Two into the empty one; the third goes to either (both hold 2).
        assert_eq!(&all[..2], &[enter(4), enter(4)], "{all:?}");
        assert_eq!(all.len(), 3, "{all:?}");
    }

    #[test]
    fn a_ferry_with_troops_sails_for_a_coast_near_a_target() {
        // A foe's town on the far side of the sea.
        let foe = foe_at("town", 8, 2);
        let mut ferry = own(3, "transport", 5, 2, 1, 100, 0);
        ferry.occupants = vec![2];
        let v = view(
            vec![town(), own(2, "infantry", 5, 2, 1, 6, 3), ferry],
            vec![foe],
        );
        assert_eq!(only_move_x(&v, 3), 6, "one cell east");
    }

    /// Every coast seen, no place of another side known, land unseen
    /// inland: the ferry carries its troops towards that land instead of
    /// waiting at sea. Here our land is columns 1–2, the sea columns 3–5,
    /// the other land columns 6–9 with (8, 2) and (8, 3) unseen (no
    /// water touches them, so no ship could ever see them).
    #[test]
    fn a_ferry_with_troops_and_no_target_makes_for_land_still_unseen() {
        let mut ferry = own(3, "transport", 3, 2, 1, 100, 0);
        ferry.occupants = vec![2];
        let mut v = view(
            vec![
                own(1, "town", 1, 2, 0, 200, 0),
                own(2, "infantry", 3, 2, 1, 6, 3),
                ferry,
            ],
            vec![],
        );
        v.terrain = terrain(|x, y| match (x, y) {
            (8, 2) | (8, 3) => '?',
            (1..=2 | 6..=9, 1..=4) => 'b',
            _ => 'a',
        });
        assert_eq!(only_move_x(&v, 3), 4, "one cell east");
    }

    /// A coast counts as a landing only by land the troops can step
    /// onto from the ferry: not our own town, which they cannot move into
    /// (seed 1275 of the fresh worlds: fifteen loaded ferries lay beside
    /// two of their own coastal towns for 2,500 turns, each "at" a
    /// landing its troops never took). Here the land is columns 1–3 and
    /// our town at (4, 2) juts into the sea; the ferry at (5, 2) touches
    /// only the town, and sails to (4, 3), beside open land that leads
    /// to the foe's town at (1, 3).
    #[test]
    fn a_ferry_beside_its_own_town_sails_to_land_its_troops_can_step_on() {
        let mut ferry = own(3, "transport", 5, 2, 1, 100, 0);
        ferry.occupants = vec![2];
        let mut v = view(
            vec![
                own(1, "town", 4, 2, 0, 200, 0),
                own(2, "infantry", 5, 2, 1, 6, 3),
                ferry,
            ],
            vec![foe_at("town", 1, 3)],
        );
        v.terrain = terrain(|x, y| match (x, y) {
            (1..=3, 1..=4) | (4, 2) => 'b',
            _ => 'a',
        });
        let o = orders_of(&v, 3);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(
            (o[0].action.as_str(), &o[0].args[..2]),
            ("move", &[num(4), num(3)][..])
        );
    }

    /// A ship low on fuel passes a dry port (10 fuel, at (7, 2), next to
    /// it) for one that can fill it (200 fuel, at (4, 2), two cells west).
    #[test]
    fn a_ship_low_on_fuel_makes_for_a_port_that_can_fill_it() {
        let v = view(
            vec![
                own(1, "town", 4, 2, 0, 200, 0),
                own(4, "town", 7, 2, 0, 10, 0),
                own(3, "transport", 6, 2, 1, 5, 0),
            ],
            vec![],
        );
        assert_eq!(only_move_x(&v, 3), 5, "one cell west");
    }

    #[test]
    fn places_build_and_the_random_bot_stays_legal_looking() {
        let v = view(vec![town(), own(2, "fighter", 8, 2, 9, 18, 0)], vec![]);
        let mut t = town();
        t.acp = 1;
        let v2 = View {
            own: vec![t, v.own[1].clone()],
            ..v
        };
        let mut rng = GameRng::from_seed(2);
        let o = Random::default().orders(&Xconq::default(), &v2, Seat(0), &mut rng);
        assert!(o
            .orders
            .iter()
            .any(|o| o.unit == 1 && o.action == "create-in"));
        for o in &o.orders {
            if o.action == "move" {
                let (Arg::Num(x), Arg::Num(y)) = (&o.args[0], &o.args[1]) else {
                    panic!("move args: {o:?}");
                };
                assert!(Area {
                    width: 10,
                    height: 6,
                    circumference: 200
                }
                .inside_area(*x as i32, *y as i32));
            }
        }
    }

    /// The view with a fifth type, a bomb that detonates, which towns
    /// develop and build once the side's technology in it reaches 60 (as
    /// cities and the nuclear bomb in standard); the side's technology in
    /// it is `tech`.
    fn with_bomb(mut v: View, tech: i32) -> View {
        let types = Arc::make_mut(&mut v.types);
        let mut bomb = ty("bomb", true, [true, true], [0, 0, 0, 0, 0]);
        bomb.hits.clear();
        bomb.detonates = true;
        bomb.tech_to_build = 60;
        bomb.tech_max = 60;
        types.push(bomb);
        types[3].develops = vec![4];
        types[3].builds.push(4);
        v.tech = vec![0, 0, 0, 0, tech];
        v
    }

    /// A unit of `side` with id `id` seen this turn at (x, y).
    fn seen(id: i32, utype: &str, side: usize, x: i32, y: i32) -> SeenUnit {
        SeenUnit {
            id,
            side,
            ..foe_at(utype, x, y)
        }
    }

    #[test]
    fn a_long_game_makes_a_city_develop_what_its_side_cannot_build_yet() {
        let mut t = town();
        t.acp = 1;
        let develops = |turn: i32, tech: i32| {
            let mut v = with_bomb(view(vec![t.clone()], vec![]), tech);
            v.turn = turn;
            let o = orders_of(&v, 1);
            assert_eq!(o.len(), 1, "{o:?}");
            o[0].action == "develop"
        };
        // Before `DEVELOP_FROM` the town builds as always.
        assert!(!develops(DEVELOP_FROM - 1, 0));
        let mut v = with_bomb(view(vec![t.clone()], vec![]), 0);
        v.turn = DEVELOP_FROM;
        assert_eq!(
            orders_of(&v, 1)[0].args,
            vec![Arg::Name("bomb".into())],
            "it develops the bomb"
        );
        // Enough technology: it builds again, and never a bomb with no
        // place of another side known.
        for seed in 0..20 {
            v.tech[4] = 60;
            let mut rng = GameRng::from_seed(seed);
            let o = Greedy::default().orders(&Xconq::default(), &v, Seat(0), &mut rng);
            assert_eq!(o.orders[0].action, "create-in");
            assert_ne!(o.orders[0].args[0], Arg::Name("bomb".into()));
        }
        assert!(!develops(DEVELOP_FROM + 100, 60));
        // Nor a type that needs more than a side may reach.
        let mut capped = with_bomb(view(vec![t.clone()], vec![]), 0);
        Arc::make_mut(&mut capped.types)[4].tech_max = 50;
        capped.turn = DEVELOP_FROM;
        assert_eq!(orders_of(&capped, 1)[0].action, "create-in");
        // Nor does the random bot develop.
        v.tech[4] = 0;
        let mut rng = GameRng::from_seed(1);
        let o = Random::default().orders(&Xconq::default(), &v, Seat(0), &mut rng);
        assert!(o.orders.iter().all(|o| o.action != "develop"));
    }

    #[test]
    fn a_bomb_blows_up_the_enemy_place_next_to_it() {
        // The bomb's orders with these units of other sides in view: each
        // as (action, arguments).
        let bomb_orders = |seen: Vec<SeenUnit>| -> Vec<(String, Vec<Arg>)> {
            let v = with_bomb(view(vec![own(5, "bomb", 6, 2, 1, 0, 0)], seen), 60);
            orders_of(&v, 5)
                .into_iter()
                .map(|o| (o.action, o.args))
                .collect()
        };
        let detonate =
            |x: i32, y: i32| vec![("detonate".to_string(), vec![num(x), num(y), num(0)])];
        // Another side's town next to it: blown up.
        assert_eq!(bomb_orders(vec![seen(9, "town", 2, 7, 2)]), detonate(7, 2));
        // An independent town next to it is no target, nor is a lone
        // enemy infantry while another side's town is known: it makes for
        // that town.
        let o = bomb_orders(vec![
            seen(9, "town", 0, 5, 2),
            seen(10, "infantry", 2, 6, 1),
            seen(11, "town", 2, 8, 3),
        ]);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].0, "move");
        // A stack of three enemy units next to it is worth a bomb.
        let o = bomb_orders(vec![
            seen(10, "infantry", 2, 6, 3),
            seen(11, "infantry", 2, 6, 3),
            seen(12, "fighter", 2, 6, 3),
            seen(13, "town", 2, 8, 4),
        ]);
        assert_eq!(o, detonate(6, 3));
        // With no place of another side known, any of their units will do.
        assert_eq!(
            bomb_orders(vec![seen(10, "infantry", 2, 6, 3)]),
            detonate(6, 3)
        );
    }

    #[test]
    fn bombs_are_built_while_fewer_are_about_than_enemy_places_known() {
        let mut t = town();
        t.acp = 1;
        let picks = |own: Vec<OwnUnit>, seen: Vec<SeenUnit>| -> usize {
            let mut v = with_bomb(view(own, seen), 60);
            v.turn = DEVELOP_FROM;
            (0..40)
                .filter(|&seed| {
                    let mut rng = GameRng::from_seed(seed);
                    let o = Greedy::default().orders(&Xconq::default(), &v, Seat(0), &mut rng);
                    o.orders
                        .iter()
                        .any(|o| o.unit == 1 && o.args.first() == Some(&Arg::Name("bomb".into())))
                })
                .count()
        };
        let place = || vec![seen(9, "town", 2, 8, 3)];
        let with_one = picks(vec![t.clone()], place());
        assert!(with_one > 0 && with_one < 40, "{with_one} of 40");
        // One bomb about already and one place known: no more.
        let bomb = own(5, "bomb", 3, 2, 1, 0, 1);
        assert_eq!(picks(vec![t.clone(), bomb], place()), 0);
        // Nor two started in one turn: ten towns, one place known.
        let towns: Vec<OwnUnit> = (0..10)
            .map(|i| OwnUnit {
                id: 20 + i,
                y: 1 + i % 4,
                ..t.clone()
            })
            .collect();
        let mut v = with_bomb(view(towns, place()), 60);
        v.turn = DEVELOP_FROM;
        for seed in 0..40 {
            let o = Greedy::default().orders(
                &Xconq::default(),
                &v,
                Seat(0),
                &mut GameRng::from_seed(seed),
            );
            let bombs = (o.orders.iter())
                .filter(|o| o.args.first() == Some(&Arg::Name("bomb".into())))
                .count();
            assert!(bombs <= 1, "seed {seed}: {bombs} bombs started");
        }
    }

    #[test]
    fn a_bomb_spares_a_place_our_troops_attack_this_turn() {
        // Our infantry next to the enemy town attacks it (it may capture
        // it) before the bomb's turn: the bomb leaves that cell alone.
        let inf = own(6, "infantry", 7, 1, 1, 6, 0);
        let v = with_bomb(
            view(
                vec![own(5, "bomb", 6, 2, 1, 0, 0), inf],
                vec![seen(9, "town", 2, 7, 2)],
            ),
            60,
        );
        let all = Greedy::default()
            .orders(&Xconq::default(), &v, Seat(0), &mut GameRng::from_seed(1))
            .orders;
        assert!(
            all.iter().any(|o| o.unit == 6 && o.action == "attack"),
            "{all:?}"
        );
        assert!(all.iter().all(|o| o.action != "detonate"), "{all:?}");
    }

    #[test]
    fn a_bomb_never_blows_up_a_cell_holding_units_of_ours() {
        // Old images show three enemy units where our infantry stands now:
        // that cell is not blown up (nor the bomb's own, our town's).
        let mut old: Vec<SeenUnit> = (10..13).map(|id| seen(id, "infantry", 2, 4, 2)).collect();
        for u in &mut old {
            u.date = 1;
        }
        let bomb = own(5, "bomb", 3, 2, 1, 0, 1);
        let v = with_bomb(
            view(vec![town(), bomb, own(6, "infantry", 4, 2, 0, 6, 0)], old),
            60,
        );
        assert!(orders_of(&v, 5).iter().all(|o| o.action != "detonate"));
    }
}
