//! The field tables of spec §2 and §4: for each block type, its fields in
//! grammar order, the value type of each, and which are required or may
//! repeat.
//!
//! The table order is normative: it is where a field the host adds is
//! inserted (spec §1.8), and the JSON schema lists the same fields.

use super::names::*;
use super::BlockKind;

/// The value grammar of a field (spec §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Free text, may be empty (§3.1).
    Text,
    /// Free text that must not be empty: a block identifier (E211).
    Id,
    /// `GZF-Version`: 1.0 or 1.1, anything else W312 (§2).
    GzfVersion,
    /// `Profile-Version`: default 1.1, anything else W312.
    ProfileVersion,
    /// `Universe-Version`: a version form, else W312 kept as text.
    UniverseVersion,
    /// `Profile`: must be FT2 (E203).
    Profile,
    /// Integer >= 0 (§3.2); all integer fields of the profile are >= 0.
    Int,
    /// Decimal number in hundredths of an MU (§3.3).
    Decimal,
    /// Decimal > 0 after rounding (§3.11).
    Diameter,
    /// Clock 1-12 (§3.4).
    Clock,
    /// Arc list (§3.5).
    Arcs,
    /// 1-6 check boxes (§3.6).
    Craft,
    /// 3-5 check boxes (§3.6).
    Endurance,
    /// Damage track (§3.7).
    Track,
    /// Status words (§3.8).
    Status,
    /// Move order (§3.9).
    Move,
    /// Percentage 0-100 (§3.10).
    Percent,
    /// Log or Orders entries (§3.12).
    Entries,
    /// One of a closed list of defined values (E206).
    Closed(&'static [&'static str]),
    /// One of an open list: anything else is user-defined (W303).
    Open(&'static [&'static str]),
    /// The `System` identifier: weapon or system type, else user-defined.
    SystemType,
    /// The Scenario's tolerated `Extent` field (§4.1).
    Extent,
}

/// One row of a block's field table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: ValueKind,
    pub required: bool,
}

const fn f(name: &'static str, kind: ValueKind) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        required: false,
    }
}

const fn req(name: &'static str, kind: ValueKind) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        required: true,
    }
}

use ValueKind as K;

const HEADER: &[FieldSpec] = &[
    req("GZF-Version", K::GzfVersion),
    req("Profile", K::Profile),
    f("Profile-Version", K::ProfileVersion),
    f("Universe", K::Open(UNIVERSES)),
    f("Universe-Version", K::UniverseVersion),
];

const SCENARIO: &[FieldSpec] = &[
    req("Scenario", K::Id),
    req("Turn", K::Int),
    f("Location", K::Text),
    f("Date", K::Text),
    f("Low-X", K::Decimal),
    f("Low-Y", K::Decimal),
    f("High-X", K::Decimal),
    f("High-Y", K::Decimal),
    f("Extent", K::Extent),
    f("Log", K::Entries),
];

const FLEET: &[FieldSpec] = &[
    req("Fleet", K::Id),
    req("Admiral", K::Text),
    f("Morale", K::Percent),
    f("Log", K::Entries),
];

const SHIP: &[FieldSpec] = &[
    req("Ship", K::Text),
    f("Class", K::Text),
    f("Hull-Class", K::Closed(HULL_CLASSES)),
    f("Hull-Type", K::Closed(HULL_TYPES)),
    f("Streamlining", K::Closed(STREAMLINING)),
    f("Mass", K::Int),
    f("Cost", K::Int),
    f("Captain", K::Text),
    f("Fleet", K::Text),
    f("Status", K::Status),
    f("Course", K::Clock),
    f("Velocity", K::Int),
    f("Position-X", K::Decimal),
    f("Position-Y", K::Decimal),
    f("Power-Factor", K::Int),
    f("Biocapacitor", K::Int),
    f("Thrust-Power", K::Int),
    f("Screen-Power", K::Int),
    f("Weapon-Power", K::Int),
    f("Armour", K::Closed(ARMOUR_LEVELS)),
    f("Move", K::Move),
    f("Orders", K::Entries),
    req("Thrust-Rating", K::Int),
    req("Damage-Track", K::Track),
    f("Log", K::Entries),
];

const SYSTEM: &[FieldSpec] = &[
    req("System", K::SystemType),
    f("Firing-Arc", K::Arcs),
    f("Cost", K::Int),
    f("Mass", K::Int),
    f("Status", K::Status),
    f("Capacity", K::Int),
    f("Fighter-Type", K::Closed(FIGHTER_TYPES)),
    f("Pilot-Quality", K::Closed(PILOT_QUALITIES)),
    f("Orders", K::Entries),
    f("Log", K::Entries),
];

const FIGHTER_GROUP: &[FieldSpec] = &[
    req("Fighter-Group", K::Id),
    req("Craft", K::Craft),
    req("Position-X", K::Decimal),
    req("Position-Y", K::Decimal),
    f("Course", K::Clock),
    f("Velocity", K::Int),
    f("Fighter-Type", K::Closed(FIGHTER_TYPES)),
    f("Pilot-Quality", K::Closed(PILOT_QUALITIES)),
    f("Endurance", K::Endurance),
    f("Status", K::Status),
    f("Carrier", K::Text),
    f("Orders", K::Entries),
    f("Log", K::Entries),
];

const LAUNCHED_SYSTEM: &[FieldSpec] = &[
    req("Launched-System", K::Id),
    // Required by the grammar, but a missing Type is W316, not E204 (§4.6).
    f("Type", K::Open(LAUNCHED_TYPES)),
    req("Position-X", K::Decimal),
    req("Position-Y", K::Decimal),
    f("Course", K::Clock),
    f("Velocity", K::Int),
    f("Status", K::Status),
    f("Detection-Range", K::Int),
    f("Endurance", K::Endurance),
    f("Carrier", K::Text),
    f("Orders", K::Entries),
    f("Log", K::Entries),
];

const BASE: &[FieldSpec] = &[
    req("Base", K::Id),
    f("Class", K::Text),
    f("Hull-Type", K::Closed(HULL_TYPES)),
    f("Mass", K::Int),
    f("Cost", K::Int),
    f("Captain", K::Text),
    f("Fleet", K::Text),
    f("Status", K::Status),
    f("Course", K::Clock),
    f("Velocity", K::Int),
    f("Position-X", K::Decimal),
    f("Position-Y", K::Decimal),
    f("Power-Factor", K::Int),
    f("Biocapacitor", K::Int),
    f("Screen-Power", K::Int),
    f("Weapon-Power", K::Int),
    f("Armour", K::Closed(ARMOUR_LEVELS)),
    f("Damage-Track", K::Track),
    f("Orders", K::Entries),
    f("Log", K::Entries),
];

const BASE_SECTOR: &[FieldSpec] = &[
    req("Base-Sector", K::Int),
    f("Mass", K::Int),
    f("Cost", K::Int),
    f("Power-Factor", K::Int),
    f("Biocapacitor", K::Int),
    f("Screen-Power", K::Int),
    f("Weapon-Power", K::Int),
    f("Armour", K::Closed(ARMOUR_LEVELS)),
    f("Damage-Track", K::Track),
    f("Orders", K::Entries),
    f("Log", K::Entries),
];

const TERRAIN: &[FieldSpec] = &[
    req("Terrain", K::Id),
    req("Type", K::Open(TERRAIN_TYPES)),
    f("Position-X", K::Decimal),
    f("Position-Y", K::Decimal),
    f("Diameter", K::Diameter),
    f("Low-X", K::Decimal),
    f("Low-Y", K::Decimal),
    f("High-X", K::Decimal),
    f("High-Y", K::Decimal),
    f("Course", K::Clock),
    f("Velocity", K::Int),
    f("Damage-Track", K::Track),
    f("Log", K::Entries),
];

/// The field table of a block type, in grammar order.
pub fn fields(kind: BlockKind) -> &'static [FieldSpec] {
    match kind {
        BlockKind::Header => HEADER,
        BlockKind::Scenario => SCENARIO,
        BlockKind::Fleet => FLEET,
        BlockKind::Ship => SHIP,
        BlockKind::System => SYSTEM,
        BlockKind::FighterGroup => FIGHTER_GROUP,
        BlockKind::LaunchedSystem => LAUNCHED_SYSTEM,
        BlockKind::Base => BASE,
        BlockKind::BaseSector => BASE_SECTOR,
        BlockKind::Terrain => TERRAIN,
    }
}

/// How a written field name was recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub spec: FieldSpec,
    /// The name to write: canonical, except that `Armor` keeps its family.
    pub written: &'static str,
    /// `Type`/`Quality` in a Fighter-Group: accepted with W304 (§4.5).
    pub alias: bool,
}

/// Finds a written field name in a block type's table (case-insensitive,
/// `Armor` for `Armour`, and the Fighter-Group short names of §4.5).
pub fn lookup(kind: BlockKind, name: &str) -> Option<Lookup> {
    let table = fields(kind);
    let find = |n: &str| {
        table
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(n))
            .copied()
    };
    if name.eq_ignore_ascii_case("Armor") {
        return find("Armour").map(|spec| Lookup {
            spec,
            written: "Armor",
            alias: false,
        });
    }
    if kind == BlockKind::FighterGroup {
        let long = if name.eq_ignore_ascii_case("Type") {
            Some("Fighter-Type")
        } else if name.eq_ignore_ascii_case("Quality") {
            Some("Pilot-Quality")
        } else {
            None
        };
        if let Some(long) = long {
            return find(long).map(|spec| Lookup {
                spec,
                written: spec.name,
                alias: true,
            });
        }
    }
    find(name).map(|spec| Lookup {
        spec,
        written: spec.name,
        alias: false,
    })
}

/// Whether a field may repeat in one block (spec §1.5).
pub fn repeats(name: &str) -> bool {
    name == "Log" || name == "Orders"
}

/// The block-splitting rule of spec §1.3 for the FT2 profile.
pub struct Ft2BlockRule;

impl crate::syntax::BlockRule for Ft2BlockRule {
    fn starts_block(&self, block_type: &str, field_name: &str) -> bool {
        let Some(kind) = BlockKind::from_name(field_name) else {
            return false;
        };
        match BlockKind::from_name(block_type) {
            // A block's own type name never repeats inside it.
            Some(current) if current == kind => true,
            Some(current) => lookup(current, field_name).is_none(),
            None => true,
        }
    }

    fn intern(&self, field_name: &str) -> Option<&'static str> {
        KNOWN_NAMES.iter().copied().find(|&n| n == field_name)
    }
}

/// Every field name of the profile in canonical spelling, for interning.
const KNOWN_NAMES: &[&str] = &[
    "Ship",
    "System",
    "Class",
    "Hull-Class",
    "Hull-Type",
    "Fleet",
    "Course",
    "Velocity",
    "Position-X",
    "Position-Y",
    "Move",
    "Thrust-Rating",
    "Damage-Track",
    "Log",
    "Orders",
    "Firing-Arc",
    "Status",
    "Fighter-Group",
    "Craft",
    "Fighter-Type",
    "Pilot-Quality",
    "Endurance",
    "Carrier",
    "Terrain",
    "Type",
    "Diameter",
    "Scenario",
    "Turn",
    "Admiral",
    "Morale",
    "Mass",
    "Cost",
    "Captain",
    "Armour",
    "Armor",
    "Capacity",
    "Launched-System",
    "Base",
    "Base-Sector",
    "Low-X",
    "Low-Y",
    "High-X",
    "High-Y",
    "Location",
    "Date",
    "GZF-Version",
    "Profile",
    "Profile-Version",
    "Universe",
    "Universe-Version",
];
