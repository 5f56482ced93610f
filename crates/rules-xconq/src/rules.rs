//! The rules data: every type property, table and global the kernel subset
//! reads, copied once out of the loaded GDL module into dense arrays.
//!
//! Nothing here is stdunit's: each number is looked up by its GDL name in
//! the module `crates/gdl` loaded (spec §2), so another module that stays in
//! the supported subset plays too. Copying into dense `Vec<i32>`s makes every
//! lookup during play an index, independent of how `gdl` stores entries.

use gdl::value::{Kind, Value};
use gdl::Interp;
use serde::{Deserialize, Serialize};

/// A table indexed by two type kinds, dense.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Table {
    cols: usize,
    values: Vec<i32>,
}

impl Table {
    fn read(interp: &Interp, name: &str) -> Table {
        let index = interp
            .table_index(name)
            .unwrap_or_else(|| panic!("the kernel defines table {name}"));
        let def = &interp.defs.tables[index];
        let rows = interp.type_count(def.index1);
        let cols = interp.type_count(def.index2);
        let mut values = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                values.push(interp.table_value(index, i, j));
            }
        }
        Table { cols, values }
    }

    #[inline]
    pub fn get(&self, i: usize, j: usize) -> i32 {
        self.values[i * self.cols + j]
    }

    /// Whether any entry differs from `v`.
    pub fn any_not(&self, v: i32) -> bool {
        self.values.iter().any(|&x| x != v)
    }
}

macro_rules! tables {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// The kernel tables the rules read, by their GDL names.
        #[derive(Clone, Debug, Default, Serialize, Deserialize)]
        pub struct Tables { $(pub $field: Table,)* }
        impl Tables {
            fn read(interp: &Interp) -> Tables {
                Tables { $($field: Table::read(interp, $name),)* }
            }
        }
    };
}

tables! {
    // movement and occupancy (§2.3, §3.5, §3.6, §8.3–§8.5)
    mp_to_enter_terrain = "mp-to-enter-terrain",
    mp_to_leave_terrain = "mp-to-leave-terrain",
    mp_to_traverse = "mp-to-traverse",
    mp_to_enter_unit = "mp-to-enter-unit",
    mp_to_leave_unit = "mp-to-leave-unit",
    mp_to_enter_own = "mp-to-enter-own",
    mp_to_enter_zoc = "mp-to-enter-zoc",
    acp_to_enter_unit = "acp-to-enter-unit",
    ferry_on_entry = "ferry-on-entry",
    ferry_on_departure = "ferry-on-departure",
    material_to_move = "material-to-move",
    consumption_per_move = "consumption-per-move",
    material_to_act = "material-to-act",
    vanishes_on = "vanishes-on",
    wrecks_on = "wrecks-on",
    terrain_capacity_x = "terrain-capacity-x",
    unit_size_in_terrain = "unit-size-in-terrain",
    unit_capacity_x = "unit-capacity-x",
    unit_size_as_occupant = "unit-size-as-occupant",
    occupant_max = "occupant-max",
    occupant_can_construct = "occupant-can-construct",
    can_enter_independent = "can-enter-independent",
    zoc_into_terrain = "zoc-into-terrain",
    zoc_from_terrain_effect = "zoc-from-terrain-effect",
    zoc_range = "zoc-range",
    acp_for_retreat = "acp-for-retreat",
    // vision (§11)
    see_chance = "see-chance",
    see_chance_adjacent = "see-chance-adjacent",
    see_chance_at = "see-chance-at",
    visibility = "visibility",
    occupant_vision = "occupant-vision",
    see_others_if_captured = "see-others-if-captured",
    // construction (§8.6, §8.7)
    can_build = "can-build",
    acp_to_build = "acp-to-build",
    cp_per_build = "cp-per-build",
    build_range = "build-range",
    create_as_build = "create-as-build",
    acp_to_create = "acp-to-create",
    acp_to_develop = "acp-to-develop",
    tech_per_develop = "tech-per-develop",
    material_to_develop = "material-to-develop",
    // repair (§8.9, §8.10)
    can_repair = "can-repair",
    acp_to_repair = "acp-to-repair",
    hp_per_repair = "hp-per-repair",
    repair_range = "repair-range",
    auto_repair = "auto-repair",
    auto_repair_range = "auto-repair-range",
    // economy (§10)
    unit_storage_x = "unit-storage-x",
    base_production = "base-production",
    occupant_base_production = "occupant-base-production",
    productivity = "productivity",
    productivity_adjacent = "productivity-adjacent",
    productivity_min = "productivity-min",
    productivity_max = "productivity-max",
    base_consumption = "base-consumption",
    consumption_as_occupant = "consumption-as-occupant",
    hp_per_starve = "hp-per-starve",
    out_length = "out-length",
    in_length = "in-length",
    unload_max = "unload-max",
    load_max = "load-max",
    // combat (§9)
    acp_to_attack = "acp-to-attack",
    acp_to_defend = "acp-to-defend",
    hit_chance = "hit-chance",
    damage = "damage",
    capture_chance = "capture-chance",
    independent_capture_chance = "independent-capture-chance",
    retreat_chance = "retreat-chance",
    protection = "protection",
    counterattack = "counterattack",
    occupant_combat = "occupant-combat",
    attack_range = "attack-range",
    attack_range_min = "attack-range-min",
    attack_terrain_effect = "attack-terrain-effect",
    defend_terrain_effect = "defend-terrain-effect",
    consumption_per_attack = "consumption-per-attack",
    hit_by = "hit-by",
    material_to_attack = "material-to-attack",
    occupant_escape_chance = "occupant-escape-chance",
    detonation_damage_at = "detonation-damage-at",
    detonation_terrain_damage_chance = "detonation-terrain-damage-chance",
    blasts_into_ttype = "blasts-into-ttype",
    terrain_damaged_type = "terrain-damaged-type",
    // fates (§12.3)
    lost_surrender_chance = "lost-surrender-chance",
}

macro_rules! props {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// The unit type properties the rules read, one entry per type.
        #[derive(Clone, Debug, Default, Serialize, Deserialize)]
        pub struct UnitProps { $(pub $field: Vec<i32>,)* }
        impl UnitProps {
            fn read(interp: &Interp) -> UnitProps {
                let n = interp.type_count(Kind::Unit);
                UnitProps { $($field: (0..n).map(|u| interp.type_int(Kind::Unit, u, $name)).collect(),)* }
            }
        }
    };
}

props! {
    acp_per_turn = "acp-per-turn",
    acp_min = "acp-min",
    acp_max = "acp-max",
    free_acp = "free-acp",
    hp_max = "hp-max",
    cp = "cp",
    speed = "speed",
    speed_min = "speed-min",
    speed_max = "speed-max",
    free_mp = "free-mp",
    capacity = "capacity",
    vision_range = "vision-range",
    see_always = "see-always",
    see_occupants = "see-occupants",
    point_value = "point-value",
    acp_to_move = "acp-to-move",
    acp_to_disband = "acp-to-disband",
    hp_per_disband = "hp-per-disband",
    acp_to_change_side = "acp-to-change-side",
    acp_to_detonate = "acp-to-detonate",
    hp_per_detonation = "hp-per-detonation",
    hp_recovery = "hp-recovery",
    hp_to_recover = "hp-to-recover",
    lost_vanish_chance = "lost-vanish-chance",
    lost_revolt_chance = "lost-revolt-chance",
    lost_wreck_chance = "lost-wreck-chance",
    tech_max = "tech-max",
    tech_to_build = "tech-to-build",
    tech_to_own = "tech-to-own",
    tech_per_turn_max = "tech-per-turn-max",
    stack_order = "stack-order",
    assign_number = "assign-number",
    initial_seen_radius = "initial-seen-radius",
    already_seen = "already-seen",
    already_seen_independent = "already-seen-independent",
    mp_to_leave_world = "mp-to-leave-world",
    move_range = "move-range",
    cp_per_self_build = "cp-per-self-build",
    occupant_total_max = "occupant-total-max",
    facility_total_max = "facility-total-max",
    mobile_total_max = "mobile-total-max",
    acp_independent = "acp-independent",
}

/// What a cell may carry of a terrain type (the `subtype` property).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    Cell,
    Border,
    Connection,
    Coating,
}

/// Everything the rules read from the module, in dense form.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Rules {
    pub unit_names: Vec<String>,
    /// Each unit type's `char` (its letter on a map), maybe empty.
    #[serde(default)]
    pub unit_chars: Vec<String>,
    /// Each unit type's `help`, maybe empty.
    #[serde(default)]
    pub unit_help: Vec<String>,
    /// Each unit type's `namer` (a namer name, or empty).
    pub namers: Vec<String>,
    pub material_names: Vec<String>,
    pub terrain_names: Vec<String>,
    pub terrain_kind: Vec<TerrainKind>,
    /// Cell capacity of each terrain type (`capacity`).
    pub terrain_capacity: Vec<i32>,
    pub u: UnitProps,
    pub t: Tables,
    /// `speed-damage-effect` per unit type, as (hp, speed) pairs.
    pub speed_damage_effect: Vec<Vec<(i32, i32)>>,
    /// `possible-sides` per unit type (nil: any side).
    pub possible_sides: Vec<SideClass>,
    /// The largest vision range of any type (`max_see_chance_range`).
    pub max_vision_range: i32,
    /// Per unit type: some type auto-repairs it, and the largest range.
    pub auto_repair_range_of: Vec<i32>,
    pub globals: Globals,
    /// The views' rules legend, made on first use and shared by every
    /// view (it reads only the unit tables, which never change in play).
    #[serde(skip)]
    legend: std::sync::OnceLock<std::sync::Arc<Vec<crate::view::TypeInfo>>>,
}

/// The globals the rules read (§2.3).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Globals {
    pub see_all: bool,
    pub see_terrain_always: bool,
    pub terrain_seen: bool,
    pub economy: bool,
    pub protection_resists_capture: bool,
    pub last_turn: i32,
    pub extra_turn_chance: i32,
    pub indepside_can_develop: bool,
    pub badtask_remove_chance: i32,
    pub badtask_reserve_chance: i32,
    pub badtask_max_retries: i32,
}

/// A `possible-sides` expression (gdl spec: side classes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideClass {
    Any,
    /// A side name, noun, plural noun, adjective or class.
    Name(String),
    /// A side number.
    Number(i32),
    Not(Box<SideClass>),
    And(Vec<SideClass>),
    Or(Vec<SideClass>),
}

/// The words a side answers to in a side class.
#[derive(Clone, Debug, Default)]
pub struct SideWords<'a> {
    pub number: i32,
    pub words: Vec<&'a str>,
}

impl SideClass {
    fn from_value(v: &Value, interp: &Interp) -> SideClass {
        match v {
            Value::Nil => SideClass::Any,
            Value::Num(n) => SideClass::Number(*n),
            Value::Str(s) => SideClass::Name(String::from_utf8_lossy(s).into_owned()),
            Value::Sym(id) => {
                SideClass::Name(String::from_utf8_lossy(interp.symbols.name(*id)).into_owned())
            }
            Value::List(_) => {
                let items = v.items();
                let head = items
                    .first()
                    .and_then(Value::as_sym)
                    .map(|s| String::from_utf8_lossy(interp.symbols.name(s)).into_owned());
                let rest = || {
                    items[1..]
                        .iter()
                        .map(|x| SideClass::from_value(x, interp))
                        .collect::<Vec<_>>()
                };
                match head.as_deref() {
                    Some("not") => SideClass::Not(Box::new(
                        items
                            .get(1)
                            .map_or(SideClass::Any, |x| SideClass::from_value(x, interp)),
                    )),
                    Some("and") => SideClass::And(rest()),
                    Some("or") => SideClass::Or(rest()),
                    _ => SideClass::Or(
                        items
                            .iter()
                            .map(|x| SideClass::from_value(x, interp))
                            .collect(),
                    ),
                }
            }
            _ => SideClass::Any,
        }
    }

    /// Whether a side with these words belongs to the class.
    pub fn allows(&self, side: &SideWords<'_>) -> bool {
        match self {
            SideClass::Any => true,
            SideClass::Name(n) => side.words.iter().any(|w| w == n),
            SideClass::Number(n) => *n == side.number,
            SideClass::Not(c) => !c.allows(side),
            SideClass::And(cs) => cs.iter().all(|c| c.allows(side)),
            SideClass::Or(cs) => cs.iter().any(|c| c.allows(side)),
        }
    }
}

fn type_names(interp: &Interp, kind: Kind, prop: &str) -> Vec<String> {
    (0..interp.type_count(kind))
        .map(|i| String::from_utf8_lossy(interp.type_str(kind, i, prop)).into_owned())
        .collect()
}

impl Rules {
    /// Reads the rules out of a loaded module.
    pub fn from_interp(interp: &Interp) -> Rules {
        let u = UnitProps::read(interp);
        let t = Tables::read(interp);
        let nu = interp.type_count(Kind::Unit);
        let nt = interp.type_count(Kind::Terrain);
        let pairs = |v: &Value| -> Vec<(i32, i32)> {
            v.items()
                .iter()
                .map(|p| {
                    let items = p.items();
                    let n = |i: usize| items.get(i).and_then(Value::as_numeric).unwrap_or(0);
                    (n(0), n(1))
                })
                .collect()
        };
        let speed_damage_effect = (0..nu)
            .map(|i| pairs(&interp.type_obj(Kind::Unit, i, "speed-damage-effect")))
            .collect();
        let possible_sides = (0..nu)
            .map(|i| {
                SideClass::from_value(&interp.type_obj(Kind::Unit, i, "possible-sides"), interp)
            })
            .collect();
        let terrain_kind = (0..nt)
            .map(|i| match interp.type_int(Kind::Terrain, i, "subtype") {
                1 => TerrainKind::Border,
                2 => TerrainKind::Connection,
                3 => TerrainKind::Coating,
                _ => TerrainKind::Cell,
            })
            .collect();
        let terrain_capacity = (0..nt)
            .map(|i| interp.type_int(Kind::Terrain, i, "capacity"))
            .collect();
        let max_vision_range = u.vision_range.iter().copied().max().unwrap_or(0);
        let auto_repair_range_of = (0..nu)
            .map(|r| {
                (0..nu)
                    .filter(|&p| t.auto_repair.get(p, r) > 0)
                    .map(|p| t.auto_repair_range.get(p, r).max(0))
                    .max()
                    .unwrap_or(-1)
            })
            .collect();
        let g = |name: &str| interp.global_int(name);
        let globals = Globals {
            see_all: g("see-all") != 0,
            see_terrain_always: g("see-terrain-always") != 0,
            terrain_seen: g("terrain-seen") != 0,
            economy: g("economy") != 0,
            protection_resists_capture: g("protection-resists-capture") != 0,
            last_turn: g("last-turn"),
            extra_turn_chance: g("extra-turn-chance"),
            indepside_can_develop: g("indepside-can-develop") != 0,
            badtask_remove_chance: g("ai-badtask-remove-chance"),
            badtask_reserve_chance: g("ai-badtask-reserve-chance"),
            badtask_max_retries: g("ai-badtask-max-retries"),
        };
        Rules {
            unit_names: type_names(interp, Kind::Unit, "name-internal"),
            unit_chars: type_names(interp, Kind::Unit, "char"),
            unit_help: type_names(interp, Kind::Unit, "help"),
            namers: type_names(interp, Kind::Unit, "namer"),
            material_names: type_names(interp, Kind::Material, "name"),
            terrain_names: type_names(interp, Kind::Terrain, "name"),
            terrain_kind,
            terrain_capacity,
            u,
            t,
            speed_damage_effect,
            possible_sides,
            max_vision_range,
            auto_repair_range_of,
            globals,
            legend: Default::default(),
        }
    }

    /// The rules legend every view carries, made once (by `view::type_infos`).
    pub fn legend(&self) -> std::sync::Arc<Vec<crate::view::TypeInfo>> {
        self.legend
            .get_or_init(|| std::sync::Arc::new(crate::view::type_infos(self)))
            .clone()
    }

    pub fn nu(&self) -> usize {
        self.unit_names.len()
    }

    pub fn nm(&self) -> usize {
        self.material_names.len()
    }

    pub fn nt(&self) -> usize {
        self.terrain_names.len()
    }

    /// Unit type by name.
    pub fn unit_type(&self, name: &str) -> Option<usize> {
        self.unit_names.iter().position(|n| n == name)
    }

    /// The auxiliary terrain types (borders and connections), in type order.
    pub fn aux_types(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.nt()).filter(|&t| {
            matches!(
                self.terrain_kind[t],
                TerrainKind::Border | TerrainKind::Connection
            )
        })
    }

    /// `could_move`: speed > 0 and every move material fits in storage.
    pub fn could_move(&self, u: usize) -> bool {
        self.u.speed[u] > 0
            && (0..self.nm()).all(|m| {
                let s = self.t.unit_storage_x.get(u, m);
                self.t.material_to_move.get(u, m) <= s && self.t.consumption_per_move.get(u, m) <= s
            })
    }

    /// A mobile type (`speed > 0`).
    pub fn mobile(&self, u: usize) -> bool {
        self.u.speed[u] > 0
    }

    /// Whether a unit of type `u` can develop type `v` (spec §8.7: both
    /// `acp-to-develop` and `tech-per-develop` positive).
    pub fn can_develop(&self, u: usize, v: usize) -> bool {
        self.t.acp_to_develop.get(u, v) > 0 && self.t.tech_per_develop.get(u, v) > 0
    }

    /// `can_be_actor` for a type (spec §7.3).
    pub fn type_can_act(&self, u: usize) -> bool {
        self.u.acp_per_turn[u] > 0
    }
}
