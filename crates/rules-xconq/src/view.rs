//! What one seat may see (spec §11.8, §15.5): the one place state is cut
//! for a player. A seat gets its side's terrain view and unit views (dated
//! images, never an enemy's true state), its own units in full, the public
//! list of sides, its own statistics, the events its side observed, and the
//! module's public rules legend. A spectator sees what every seat knows
//! while the game runs, and everything once it is over.

use std::borrow::Cow;
use std::sync::{Arc, Mutex, PoisonError};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::history::{Datum, Event, History};
use crate::rules::Rules;
use crate::state::{FailedOrder, State};

/// One image of a unit, as the side last saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeenUnit {
    /// The unit's id.
    pub id: i32,
    /// Its type's name (`types[].name`).
    #[serde(rename = "type")]
    pub utype: String,
    /// Its side (0 is independent units).
    pub side: usize,
    /// Its name, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Column of its cell.
    pub x: i32,
    /// Row of its cell.
    pub y: i32,
    /// Built to completion (not still under construction).
    pub complete: bool,
    /// The turn it was last seen.
    pub date: i32,
    /// The unit it was seen inside, 0 for none.
    #[serde(default)]
    pub transport: i32,
}

/// One of the seat's own units, in full.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OwnUnit {
    /// The unit's id, which orders name.
    pub id: i32,
    /// Its type's name (`types[].name`).
    #[serde(rename = "type")]
    pub utype: String,
    /// Its side (the seat's own, or any for a spectator).
    pub side: usize,
    /// Its name, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Column of its cell.
    pub x: i32,
    /// Row of its cell.
    pub y: i32,
    /// Hit points left.
    pub hp: i32,
    /// Construction points (complete at its type's `cp`).
    pub cp: i32,
    /// Built to completion.
    pub complete: bool,
    /// Action points left this turn.
    pub acp: i32,
    /// Movement points left this turn.
    pub moves: i32,
    /// Its stock of each material type.
    pub supply: Vec<i32>,
    /// The transport's id, 0 for none.
    pub transport: i32,
    /// The ids of the units inside it.
    pub occupants: Vec<i32>,
    /// It stays put (a `hold` order, until `wake`, a move or enter order,
    /// a hit, or an enemy arriving next to it): towns then give it only
    /// what it needs to survive.
    #[serde(default)]
    pub hold: bool,
}

/// A side as everyone may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SideInfo {
    /// The side's number (a seat plays side `seat + 1`).
    pub id: usize,
    /// Its name.
    pub name: String,
    /// Still in the game.
    pub ingame: bool,
    /// 0 playing, 1 won, −1 lost.
    pub status: i32,
}

/// One unit type's public rules, for players and bots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TypeInfo {
    /// The type's name, as units and orders give it.
    pub name: String,
    /// Its letter on a map (the module's `char`), `-` when it has none.
    pub symbol: String,
    /// Action points a turn.
    pub acp: i32,
    /// Most hit points.
    pub hp: i32,
    /// Construction points to complete one.
    pub cp: i32,
    /// Whether it can move.
    pub mobile: bool,
    /// Per cell terrain type: whether the type may move in and survive.
    pub enters: Vec<bool>,
    /// The types it can build (create-in / create-at).
    pub builds: Vec<usize>,
    /// The types it can hit.
    pub hits: Vec<usize>,
    /// Types it can capture.
    pub captures: Vec<usize>,
    /// Types that fit inside it when it is empty.
    pub carries: Vec<usize>,
    /// Per material (in the order of `own[].supply`): the most it holds.
    #[serde(default)]
    pub storage: Vec<i32>,
    /// Per material: what it makes each turn before terrain effects (0: it
    /// must be supplied by a unit that holds it, e.g. aircraft at a town).
    #[serde(default)]
    pub makes: Vec<i32>,
    /// Per material: what it uses up each turn, flying or not (outside a
    /// transport).
    #[serde(default)]
    pub uses_per_turn: Vec<i32>,
    /// Per material: what each move uses up.
    #[serde(default)]
    pub uses_per_move: Vec<i32>,
    /// Per material: what each attack uses up.
    #[serde(default)]
    pub uses_per_attack: Vec<i32>,
    /// How far it sees, in cells (the module's `vision-range`): a unit
    /// covers every cell within this distance, and the side sees what
    /// moves there.
    #[serde(default = "default_vision_range")]
    pub vision_range: i32,
    /// The types whose technology a unit of this type can develop (the
    /// side's `tech`, one `develop` action at a time).
    #[serde(default)]
    pub develops: Vec<usize>,
    /// The side's technology in this type needed to build one (0: none).
    #[serde(default)]
    pub tech_to_build: i32,
    /// The most technology a side can have in this type: developing stops
    /// there (a type needing more can never be built).
    #[serde(default)]
    pub tech_max: i32,
    /// Whether it can detonate: everything standing in the cell it blows
    /// up (its own or a neighbour) is hit, whoever's it is.
    #[serde(default)]
    pub detonates: bool,
}

/// The kernel's default vision range: what a legend written without one
/// (JSON without the field, a view file before version 3) means.
pub const DEFAULT_VISION_RANGE: i32 = 1;

fn default_vision_range() -> i32 {
    DEFAULT_VISION_RANGE
}

/// A border (river) or connection (road) on a cell the seat has seen:
/// bit d of `mask` is set when it lies on, or leads to, the neighbour in
/// direction d (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuxCell {
    /// The terrain type's name (`river`, `road`).
    pub terrain: String,
    /// Column of the cell.
    pub x: i32,
    /// Row of the cell.
    pub y: i32,
    /// The directions it lies on or leads to, one bit each.
    pub mask: u8,
}

/// An event the side observed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeenEvent {
    /// The turn it happened in.
    pub turn: i32,
    /// What happened (the kernel's history event name).
    #[serde(rename = "type")]
    pub kind: Cow<'static, str>,
    /// Numbers and unit ids (a unit as it then was: type, side and cell).
    pub data: Vec<EventDatum>,
}

/// One value of an event: written as a JSON number, an object for a unit
/// as it then was, or `null` for a past unit the history no longer has.
/// Typed rather than a `serde_json::Value`: every view carries the side's
/// whole history, and building it as maps was most of a view's cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum EventDatum {
    /// A number, or a living unit's id.
    Num(i64),
    /// A unit as it was when the event happened.
    Past(PastSeen),
    /// A past unit the history does not know.
    Unknown(()),
}

/// A unit as it was when an event happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PastSeen {
    /// Its unit type's name.
    #[serde(rename = "type")]
    pub utype: String,
    /// Its side then.
    pub side: usize,
    /// Its cell then: column.
    pub x: i32,
    /// Its cell then: row.
    pub y: i32,
}

/// A seat's view (`side` 0 for a spectator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The game's module (`frontier`, `intro`).
    pub game: String,
    /// The current turn, from 1.
    pub turn: i32,
    /// The seat's side (seat `i` plays side `i + 1`); 0 for a spectator.
    pub side: usize,
    /// The area's width in cells (hexagons).
    pub width: i32,
    /// The area's height in cells.
    pub height: i32,
    /// The world's circumference in cells (the module's `world`).
    pub circumference: i32,
    /// The terrain types' names; `terrain` letters index this list.
    pub terrain_types: Vec<String>,
    /// Rows north first: a letter per terrain type (`a` = type 0), `?`
    /// unseen, `-` outside the area.
    pub terrain: Vec<String>,
    /// Borders and connections on the cells the seat has seen.
    #[serde(default)]
    pub aux: Vec<AuxCell>,
    /// Other sides' (and independent) units as the seat last saw them.
    pub units: Vec<SeenUnit>,
    /// The seat's own units, in full (for a spectator: none while the
    /// game runs, every unit once it is over).
    pub own: Vec<OwnUnit>,
    /// Every side, in order.
    pub sides: Vec<SideInfo>,
    /// The unit types' public rules, in type order (the same for every
    /// view of a game, so shared).
    pub types: Arc<Vec<TypeInfo>>,
    /// The side's technology level in each unit type (empty for a
    /// spectator).
    pub tech: Vec<i32>,
    /// The events the side observed, oldest first. Shared: a seat's
    /// views of one game share the list they have in common (see
    /// [`SeenCache`]).
    pub events: Arc<Vec<SeenEvent>>,
    /// The seat's orders for the last turn that ran and did not succeed,
    /// each with the result that says why (empty for a spectator).
    #[serde(default)]
    pub failed: Vec<FailedOrder>,
    /// The game is over.
    pub over: bool,
}

/// The public name of a side.
pub fn side_name(s: &State, side: usize) -> String {
    let sd = &s.sides[side];
    [&sd.noun, &sd.name, &sd.plural_noun, &sd.adjective]
        .into_iter()
        .flatten()
        .next()
        .cloned()
        .unwrap_or_else(|| format!("Side {side}"))
}

/// The rules legend, built from the tables. Only `Rules::legend` calls
/// it, once a game; every view shares that one copy.
pub(crate) fn type_infos(r: &Rules) -> Vec<TypeInfo> {
    let cells: Vec<usize> = (0..r.nt())
        .filter(|&t| r.terrain_kind[t] == crate::rules::TerrainKind::Cell)
        .collect();
    (0..r.nu())
        .map(|u| TypeInfo {
            name: r.unit_names[u].clone(),
            symbol: r
                .unit_chars
                .get(u)
                .filter(|c| !c.is_empty() && !c.contains(char::is_whitespace))
                .cloned()
                .unwrap_or_else(|| "-".into()),
            acp: r.u.acp_per_turn[u],
            hp: r.u.hp_max[u],
            cp: r.u.cp[u],
            mobile: r.mobile(u),
            enters: (0..r.nt())
                .map(|t| {
                    cells.contains(&t)
                        && r.t.vanishes_on.get(u, t) == 0
                        && r.t.mp_to_enter_terrain.get(u, t)
                            <= r.u.acp_per_turn[u] * r.u.speed[u] / 100 + r.u.free_mp[u]
                        && r.t.unit_size_in_terrain.get(u, t) <= r.terrain_capacity[t]
                })
                .collect(),
            builds: (0..r.nu())
                .filter(|&v| r.t.can_build.get(u, v) != 0 && r.t.cp_per_build.get(u, v) > 0)
                .collect(),
            hits: (0..r.nu())
                .filter(|&v| r.t.hit_chance.get(u, v) > 0)
                .collect(),
            captures: (0..r.nu())
                .filter(|&v| {
                    r.t.capture_chance.get(u, v) > 0 || r.t.independent_capture_chance.get(u, v) > 0
                })
                .collect(),
            carries: (0..r.nu())
                .filter(|&v| {
                    v != u
                        && (r.t.unit_capacity_x.get(u, v) > 0
                            || (r.u.capacity[u] > 0
                                && r.t.unit_size_as_occupant.get(v, u) <= r.u.capacity[u]))
                })
                .collect(),
            storage: (0..r.nm()).map(|m| r.t.unit_storage_x.get(u, m)).collect(),
            makes: (0..r.nm()).map(|m| r.t.base_production.get(u, m)).collect(),
            uses_per_turn: (0..r.nm())
                .map(|m| r.t.base_consumption.get(u, m))
                .collect(),
            uses_per_move: (0..r.nm())
                .map(|m| r.t.consumption_per_move.get(u, m))
                .collect(),
            uses_per_attack: (0..r.nm())
                .map(|m| r.t.consumption_per_attack.get(u, m))
                .collect(),
            vision_range: r.u.vision_range[u],
            develops: (0..r.nu()).filter(|&v| r.can_develop(u, v)).collect(),
            tech_to_build: r.u.tech_to_build[u],
            tech_max: r.u.tech_max[u],
            detonates: r.u.acp_to_detonate[u] > 0,
        })
        .collect()
}

/// A terrain type's letter in a view (`a` = type 0).
fn letter_byte(t: u8) -> u8 {
    if t < 26 {
        b'a' + t
    } else {
        b'#'
    }
}

/// The view of `side` (None: a spectator, who sees everything).
pub fn view(game: &str, r: &Rules, s: &State, side: Option<usize>, ended: bool) -> View {
    let a = s.area;
    // `ended`: the game is over for a reason the kernel's state does not
    // hold (its `last-turn` option, D8).
    let over = ended || s.endofgame || s.sides.iter().skip(1).all(|x| !x.ingame);
    // A spectator sees everything once the game is over; before, only
    // what every seat knows (the sides and the events all observe), so a
    // spectator's page or picture can never show a seat another's units.
    // With the `see-all` option every side sees everything (D14; the
    // kernel's `side_sees_unit` and `occupants_visible` answer yes), so a
    // seat is shown all terrain, every unit where it truly is, and every
    // event, and so is a spectator, who sees what every seat knows.
    let see_all = r.globals.see_all;
    let sees_all = side.is_none() && (over || see_all);
    let public = side.is_none() && !over && !see_all;
    let seat_sees_all = side.is_some() && see_all;
    let sd = side.unwrap_or(0);
    // Built a row of bytes at a time (every view of every seat has all
    // the cells; letters and marks are ASCII).
    let seen_terrain = &s.sides[sd].vision.terrain;
    let mut row = Vec::with_capacity(a.width.max(0) as usize);
    let terrain = (0..a.height)
        .rev()
        .map(|y| {
            row.clear();
            row.extend((0..a.width).map(|x| {
                if !a.in_area(x, y) {
                    return b'-';
                }
                let c = a.index(x, y);
                if public {
                    b'?'
                } else if sees_all || seat_sees_all {
                    letter_byte(s.terrain[c])
                } else {
                    match seen_terrain[c] {
                        0 => b'?',
                        t => letter_byte(t - 1),
                    }
                }
            }));
            String::from_utf8(row.clone()).expect("terrain letters are ASCII")
        })
        .collect();
    let mut aux = Vec::new();
    for (t, layer) in s.aux.iter().enumerate() {
        // Most cells have no border or connection: look at those first.
        for (c, &mask) in layer.iter().enumerate() {
            if mask == 0 {
                continue;
            }
            let (x, y) = (c as i32 % a.width, c as i32 / a.width);
            let seen = sees_all || seat_sees_all || (!public && seen_terrain[c] != 0);
            if seen && a.in_area(x, y) {
                aux.push(AuxCell {
                    terrain: r.terrain_names[t].clone(),
                    x,
                    y,
                    mask,
                });
            }
        }
    }
    let name_of = |u: usize| r.unit_names[u].clone();
    let units: Vec<SeenUnit> = if sees_all || public {
        Vec::new()
    } else if seat_sees_all {
        // Every unit of the other sides in the world, as it is now.
        s.units
            .iter()
            .skip(1)
            .filter(|u| u.hp > 0 && !u.flushed && u.side != sd && a.in_area(u.x, u.y))
            .map(|u| SeenUnit {
                id: u.id,
                utype: name_of(u.utype),
                side: u.side,
                name: u.name.clone(),
                x: u.x,
                y: u.y,
                complete: u.cp >= r.u.cp[u.utype],
                date: s.turn,
                transport: u.transport,
            })
            .collect()
    } else {
        s.sides[sd]
            .vision
            .views
            .values()
            .filter(|v| v.side != sd)
            .map(|v| SeenUnit {
                id: v.id,
                utype: name_of(v.utype),
                side: v.side,
                name: v.name.clone(),
                x: v.x,
                y: v.y,
                complete: v.complete,
                date: v.date,
                transport: v.transport,
            })
            .collect()
    };
    let own: Vec<OwnUnit> = s
        .units
        .iter()
        .skip(1)
        // A module's unit outside its area never enters play (it stays at
        // (-1, -1)): no seat is shown it, so no bot orders it.
        .filter(|u| u.hp > 0 && !u.flushed && !public && (sees_all || u.side == sd))
        .filter(|u| s.area.in_area(u.x, u.y))
        .map(|u| OwnUnit {
            id: u.id,
            utype: name_of(u.utype),
            side: u.side,
            name: u.name.clone(),
            x: u.x,
            y: u.y,
            hp: u.hp,
            cp: u.cp,
            complete: u.cp >= r.u.cp[u.utype],
            acp: if u.actor { u.acp } else { 0 },
            moves: u.moves,
            supply: u.supply.clone(),
            transport: u.transport,
            occupants: u.occupants.clone(),
            hold: u.hold,
        })
        .collect();
    let sides = s
        .sides
        .iter()
        .map(|x| SideInfo {
            id: x.id,
            name: side_name(s, x.id),
            ingame: x.ingame,
            status: x.status,
        })
        .collect();
    let events = if side.is_some() && !seat_sees_all {
        s.history.seen.events_of(r, &s.history, sd)
    } else {
        Arc::new(
            s.history
                .events
                .iter()
                .filter(|e| {
                    sees_all
                        || seat_sees_all
                        || if public {
                            e.observers == crate::history::Observers::All
                        } else {
                            e.observers.includes(sd)
                        }
                })
                .map(|e| seen_event(r, &s.history, e))
                .collect(),
        )
    };
    View {
        game: game.to_string(),
        turn: s.turn,
        side: sd,
        width: a.width,
        height: a.height,
        circumference: a.circumference,
        terrain_types: r.terrain_names.clone(),
        terrain,
        aux,
        units,
        own,
        sides,
        types: r.legend(),
        tech: if sees_all || public {
            Vec::new()
        } else {
            s.sides[sd].tech.clone()
        },
        events,
        failed: match side {
            Some(sd) if sd < s.sides.len() => s.sides[sd].failed.clone(),
            _ => Vec::new(),
        },
        over,
    }
}

/// An event as a view shows it: a past unit as it then was.
fn seen_event(r: &Rules, h: &History, e: &Event) -> SeenEvent {
    SeenEvent {
        turn: e.turn,
        kind: e.kind.clone(),
        data: e
            .data
            .iter()
            .map(|d| match *d {
                Datum::Num(n) => EventDatum::Num(n.into()),
                Datum::Unit(id) if id < 0 => match h.past_unit(id) {
                    Some(p) => EventDatum::Past(PastSeen {
                        utype: r.unit_names[p.utype].clone(),
                        side: p.side,
                        x: p.x,
                        y: p.y,
                    }),
                    None => EventDatum::Unknown(()),
                },
                Datum::Unit(id) => EventDatum::Num(id.into()),
            })
            .collect(),
    }
}

/// Each side's observed events as its seat's views show them, kept
/// between views: a view maps only the events added since the last one
/// and those a snapshot rewrote since (a unit that died or changed side
/// is then shown as it was), rather than the side's whole history every
/// time. It is not state: a copy of a state copies it, a saved state
/// starts without it, and a history always equals one without it.
#[derive(Default)]
pub struct SeenCache(Mutex<Vec<SideSeen>>);

#[derive(Clone, Default)]
pub(crate) struct SideSeen {
    /// How many of the history's events were looked at.
    events_read: usize,
    /// How many entries of the history's rewrite log were applied.
    rewrites_read: usize,
    /// The history index of each event in `list`.
    index: Vec<u32>,
    list: Arc<Vec<SeenEvent>>,
}

impl Clone for SeenCache {
    fn clone(&self) -> Self {
        let sides = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        SeenCache(Mutex::new(sides.clone()))
    }
}

impl std::fmt::Debug for SeenCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeenCache")
    }
}

impl SeenCache {
    /// The events side `sd` observed, brought up to date with `h`.
    fn events_of(&self, r: &Rules, h: &History, sd: usize) -> Arc<Vec<SeenEvent>> {
        let mut sides = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if sides.len() <= sd {
            sides.resize_with(sd + 1, SideSeen::default);
        }
        let c = &mut sides[sd];
        if c.events_read > h.events.len() || c.rewrites_read > h.rewritten().len() {
            // Not this history's past: start again.
            *c = SideSeen::default();
        }
        let list = Arc::make_mut(&mut c.list);
        for &i in &h.rewritten()[c.rewrites_read..] {
            if (i as usize) < c.events_read {
                if let Ok(at) = c.index.binary_search(&i) {
                    list[at] = seen_event(r, h, &h.events[i as usize]);
                }
            }
        }
        c.rewrites_read = h.rewritten().len();
        for (i, e) in h.events.iter().enumerate().skip(c.events_read) {
            if e.observers.includes(sd) {
                c.index.push(i as u32);
                list.push(seen_event(r, h, e));
            }
        }
        c.events_read = h.events.len();
        Arc::clone(&c.list)
    }
}
