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
    /// Where `spec` is in the block's table ([`fields`]).
    pub index: usize,
    /// The name to write: canonical, except that `Armor` keeps its family.
    pub written: &'static str,
    /// `Type`/`Quality` in a Fighter-Group: accepted with W304 (§4.5).
    pub alias: bool,
}

/// Finds a written field name in a block type's table (case-insensitive,
/// `Armor` for `Armour`, and the Fighter-Group short names of §4.5).
pub fn lookup(kind: BlockKind, name: &str) -> Option<Lookup> {
    let index = name_index();
    let table = fields(kind);
    let find = |n: &str| index.position(kind, n).map(|i| (i, table[i]));
    if name.eq_ignore_ascii_case("Armor") {
        return find("Armour").map(|(index, spec)| Lookup {
            spec,
            index,
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
            return find(long).map(|(index, spec)| Lookup {
                spec,
                index,
                written: spec.name,
                alias: true,
            });
        }
    }
    find(name).map(|(index, spec)| Lookup {
        spec,
        index,
        written: spec.name,
        alias: false,
    })
}

/// Every field name of every table (and `Armor`), found by an
/// ASCII-case-insensitive hash instead of a scan of the tables: the reader
/// and the validator look a name up for every field of the file.
struct NameIndex {
    /// Distinct names in canonical spelling.
    names: Vec<&'static str>,
    /// Open addressing: `1 + index into names`, 0 for an empty slot.
    slots: Vec<u16>,
    /// Per name, per block kind: `1 + position` in the kind's table, or 0.
    positions: Vec<[u8; BlockKind::ALL.len()]>,
    /// Per name, the block type it names, if any (`Ship`, `System`, …).
    kinds: Vec<Option<BlockKind>>,
}

const SLOTS: usize = 1024;

/// Whether two byte strings of the same length `n` are equal, for the
/// short names of the tables: two overlapping word loads instead of a call
/// of `memcmp` (which was a fifth of the cost of a name lookup).
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]));
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().unwrap_or([0; 4]));
    match n {
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        _ => a == b,
    }
}

/// A hash of a name that ignores ASCII case (`| 0x20` folds the letters;
/// other bytes may collide, which only costs a probe): the length and the
/// first and last two bytes, multiplied into the slot range.
#[inline]
fn name_hash(name: &[u8]) -> usize {
    let n = name.len();
    if n == 0 {
        return 0;
    }
    let fold = |i: usize| u64::from(name[i] | 0x20);
    let key = (n as u64)
        | fold(0) << 8
        | fold(n.min(2) - 1) << 16
        | fold(n - 1) << 24
        | fold(n.saturating_sub(2)) << 32;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SLOTS
}

impl NameIndex {
    fn build() -> NameIndex {
        let mut index = NameIndex {
            names: Vec::new(),
            slots: vec![0; SLOTS],
            positions: Vec::new(),
            kinds: Vec::new(),
        };
        for (k, kind) in BlockKind::ALL.into_iter().enumerate() {
            for (i, spec) in fields(kind).iter().enumerate() {
                let id = index.insert(spec.name);
                index.positions[id][k] = i as u8 + 1;
            }
        }
        index.insert("Armor");
        index.kinds = index
            .names
            .iter()
            .map(|n| BlockKind::from_name(n))
            .collect();
        index
    }

    fn insert(&mut self, name: &'static str) -> usize {
        if let Some(id) = self.id(name) {
            return id;
        }
        let id = self.names.len();
        self.names.push(name);
        self.positions.push([0; BlockKind::ALL.len()]);
        let mut slot = name_hash(name.as_bytes());
        while self.slots[slot] != 0 {
            slot = (slot + 1) % SLOTS;
        }
        self.slots[slot] = id as u16 + 1;
        id
    }

    /// The index of a name, compared ignoring ASCII case.
    #[inline]
    fn id(&self, name: &str) -> Option<usize> {
        self.find(name).map(|(id, _)| id)
    }

    /// The index of a name, compared ignoring ASCII case, and whether it is
    /// written exactly in canonical spelling.
    #[inline]
    fn find(&self, name: &str) -> Option<(usize, bool)> {
        let bytes = name.as_bytes();
        let mut slot = name_hash(bytes);
        loop {
            let id = usize::from(self.slots[slot]).checked_sub(1)?;
            let known = self.names[id];
            if known.len() == bytes.len() {
                if same_bytes(known.as_bytes(), bytes) {
                    return Some((id, true));
                }
                if known.eq_ignore_ascii_case(name) {
                    return Some((id, false));
                }
            }
            slot = (slot + 1) % SLOTS;
        }
    }

    /// The block type a name id ([`Field::name_id`](crate::syntax::Field::name_id))
    /// names: `Err` when the id says nothing (0, a field a program made).
    fn kind_of_id(&self, id: u16) -> Result<Option<BlockKind>, ()> {
        match id {
            0 => Err(()),
            UNKNOWN_NAME => Ok(None),
            id => self.kinds.get(usize::from(id - 1)).copied().ok_or(()),
        }
    }

    /// The position of a name in a block kind's table.
    fn position(&self, kind: BlockKind, name: &str) -> Option<usize> {
        let k = kind as usize;
        let id = self.id(name)?;
        usize::from(self.positions[id][k]).checked_sub(1)
    }

    /// The static copy of a name written exactly in canonical spelling,
    /// and its [`Field::name_id`](crate::syntax::Field::name_id): 1 + its
    /// index, or [`UNKNOWN_NAME`] for a name in no table.
    fn intern(&self, name: &str) -> crate::syntax::Interned {
        match self.find(name) {
            Some((id, exact)) => {
                let known = self.names[id];
                crate::syntax::Interned {
                    name: exact.then_some(known),
                    id: id as u16 + 1,
                }
            }
            None => crate::syntax::Interned {
                name: None,
                id: UNKNOWN_NAME,
            },
        }
    }
}

/// The `name_id` of a field name the reader found in no table.
const UNKNOWN_NAME: u16 = u16::MAX;

/// [`lookup`] of a field the reader read: by the name id it already found
/// (one array read) where that says all; by the name otherwise (fields a
/// program made, `Armor`, and the Fighter-Group short names).
pub fn lookup_field(kind: BlockKind, field: &crate::syntax::Field) -> Option<Lookup> {
    let index = name_index();
    match field.name_id {
        0 => lookup(kind, &field.name),
        _ if kind == BlockKind::FighterGroup => lookup(kind, &field.name),
        UNKNOWN_NAME => None,
        id => {
            let id = usize::from(id - 1);
            if index.names.get(id) == Some(&"Armor") {
                return lookup(kind, &field.name);
            }
            let at = usize::from(*index.positions.get(id)?.get(kind as usize)?).checked_sub(1)?;
            let spec = fields(kind)[at];
            Some(Lookup {
                spec,
                index: at,
                written: spec.name,
                alias: false,
            })
        }
    }
}

fn name_index() -> &'static NameIndex {
    static INDEX: std::sync::OnceLock<NameIndex> = std::sync::OnceLock::new();
    INDEX.get_or_init(NameIndex::build)
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

    fn starts_block_interned(&self, block_type: (&str, u16), field_name: (&str, u16)) -> bool {
        // By the ids the reader found: the same answer as `starts_block`
        // (the tables are where both look), without comparing names.
        let index = name_index();
        let (Ok(kind), Ok(current)) = (
            index.kind_of_id(field_name.1),
            index.kind_of_id(block_type.1),
        ) else {
            return self.starts_block(block_type.0, field_name.0);
        };
        let Some(kind) = kind else {
            return false;
        };
        match current {
            Some(current) if current == kind => true,
            Some(current) => {
                // A block type name is never an alias, so its place in the
                // current table says whether the table has it.
                index.positions[usize::from(field_name.1 - 1)][current as usize] == 0
            }
            None => true,
        }
    }

    fn intern(&self, field_name: &str) -> crate::syntax::Interned {
        name_index().intern(field_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::BlockRule;

    /// The plain definition the name index must agree with.
    fn scan(kind: BlockKind, name: &str) -> Option<usize> {
        fields(kind)
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name))
    }

    #[test]
    fn every_name_is_found_at_its_first_slot_or_close() {
        let index = name_index();
        for (id, name) in index.names.iter().enumerate() {
            let home = name_hash(name.as_bytes());
            let at = (0..SLOTS)
                .find(|k| usize::from(index.slots[(home + k) % SLOTS]) == id + 1)
                .expect("every name has a slot");
            assert!(at <= 2, "{name} is {at} slots from home");
        }
    }

    #[test]
    fn the_name_index_agrees_with_a_scan_of_the_tables() {
        let mut names: Vec<String> = Vec::new();
        for kind in BlockKind::ALL {
            assert!(fields(kind).len() < 64, "seen-field masks are 64 bits");
            for spec in fields(kind) {
                names.push(spec.name.to_string());
                names.push(spec.name.to_ascii_lowercase());
                names.push(spec.name.to_ascii_uppercase());
                names.push(format!("{}s", spec.name));
                names.push(spec.name[1..].to_string());
            }
        }
        names.extend(["", "X", "Armor", "armor", "Quality", "Extent-X"].map(String::from));
        for name in &names {
            for kind in BlockKind::ALL {
                assert_eq!(
                    name_index().position(kind, name),
                    scan(kind, name),
                    "{kind:?} {name}"
                );
            }
            let canonical = BlockKind::ALL
                .iter()
                .flat_map(|&k| fields(k))
                .map(|s| s.name)
                .chain(["Armor"])
                .find(|&n| n == name);
            assert_eq!(Ft2BlockRule.intern(name).name, canonical, "{name}");
            // A field the reader read finds the same entry by its id.
            let id = Ft2BlockRule.intern(name).id;
            let block_types = BlockKind::ALL
                .iter()
                .map(|k| k.name().to_string())
                .chain(names.iter().take(40).cloned())
                .chain(["ship", "SYSTEM", "Widget", ""].map(String::from));
            for block_type in block_types {
                let type_id = Ft2BlockRule.intern(&block_type).id;
                for type_id in [type_id, 0] {
                    for field_id in [id, 0] {
                        assert_eq!(
                            Ft2BlockRule
                                .starts_block_interned((&block_type, type_id), (name, field_id)),
                            Ft2BlockRule.starts_block(&block_type, name),
                            "{block_type} ({type_id}) then {name} ({field_id})"
                        );
                    }
                }
            }
            let mut field = crate::syntax::Field::new(name.as_str(), "x");
            field.name_id = id;
            assert_ne!(field.name_id, 0, "{name}");
            for kind in BlockKind::ALL {
                assert_eq!(
                    lookup_field(kind, &field),
                    lookup(kind, name),
                    "{kind:?} {name}"
                );
            }
        }
    }
}
