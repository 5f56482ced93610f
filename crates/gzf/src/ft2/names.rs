//! The words of the FT2 profile: block types, field names and the lists of
//! defined values (spec §2, §4), with the matching rules of §1.4.
//!
//! Everything is a static table so that the grammar, the validator, the
//! JSON schema test and the generators of the property tests all read the
//! same lists.

/// The block types of the profile, plus the header and unknown blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BlockKind {
    #[serde(rename = "GZF-Version")]
    Header,
    Scenario,
    Fleet,
    Ship,
    System,
    #[serde(rename = "Fighter-Group")]
    FighterGroup,
    #[serde(rename = "Launched-System")]
    LaunchedSystem,
    Base,
    #[serde(rename = "Base-Sector")]
    BaseSector,
    Terrain,
}

impl BlockKind {
    pub const ALL: [BlockKind; 10] = [
        BlockKind::Header,
        BlockKind::Scenario,
        BlockKind::Fleet,
        BlockKind::Ship,
        BlockKind::System,
        BlockKind::FighterGroup,
        BlockKind::LaunchedSystem,
        BlockKind::Base,
        BlockKind::BaseSector,
        BlockKind::Terrain,
    ];

    /// The identifier field that names this block type (canonical spelling).
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Header => "GZF-Version",
            BlockKind::Scenario => "Scenario",
            BlockKind::Fleet => "Fleet",
            BlockKind::Ship => "Ship",
            BlockKind::System => "System",
            BlockKind::FighterGroup => "Fighter-Group",
            BlockKind::LaunchedSystem => "Launched-System",
            BlockKind::Base => "Base",
            BlockKind::BaseSector => "Base-Sector",
            BlockKind::Terrain => "Terrain",
        }
    }

    /// The block type a field name introduces, compared case-insensitively.
    pub fn from_name(name: &str) -> Option<BlockKind> {
        // Called for every field line: the length picks one or two
        // candidates, so most names are rejected without comparing letters.
        let candidates: &[BlockKind] = match name.len() {
            4 => &[BlockKind::Ship, BlockKind::Base],
            5 => &[BlockKind::Fleet],
            6 => &[BlockKind::System],
            7 => &[BlockKind::Terrain],
            8 => &[BlockKind::Scenario],
            11 => &[BlockKind::Header, BlockKind::BaseSector],
            13 => &[BlockKind::FighterGroup],
            15 => &[BlockKind::LaunchedSystem],
            _ => &[],
        };
        candidates
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }
}

/// Normalises a defined value for matching (spec §1.4): ASCII lower case, a
/// hyphen equals a space, runs of blanks are one space.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split([' ', '\t', '-']).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    }
    out
}

/// Finds `text` among `list`. Returns the canonical spelling and whether the
/// text differs from it in more than letter case (W304).
pub fn match_defined(text: &str, list: &[&'static str]) -> Option<(&'static str, bool)> {
    // Fast path, and the common case: the canonical spelling in any case.
    if let Some(&c) = list.iter().find(|c| c.eq_ignore_ascii_case(text)) {
        return Some((c, false));
    }
    let norm = normalise(text);
    list.iter()
        .find(|c| normalise(c) == norm)
        .map(|&c| (c, !c.eq_ignore_ascii_case(text)))
}

pub const UNIVERSES: &[&str] = &[
    "Full Thrust",
    "Babylon 5",
    "Star Trek TOS",
    "Star Trek TNG",
    "Star Wars",
    "Honor Harrington",
    "Battlestar Galactica",
    "Anime",
];

pub const HULL_CLASSES: &[&str] = &[
    "Q Ship",
    "Merchant",
    "Escort",
    "Cruiser",
    "Capital",
    "Supership",
    "Q Supership",
];
pub const HULL_TYPES: &[&str] = &["Military", "Civilian"];
pub const STREAMLINING: &[&str] = &["None", "Partially", "Fully"];
pub const ARMOUR_LEVELS: &[&str] = &["Level 1", "Level 2"];
pub const PILOT_QUALITIES: &[&str] = &["Ace", "Turkey"];
pub const PROFILES: &[&str] = &["FT2"];

/// Weapon types (spec §4.4): the systems that have firing arcs.
pub const WEAPON_TYPES: &[&str] = &[
    "AA MegaBattery",
    "A Battery",
    "B Battery",
    "C Battery",
    "Needle Beam",
    "1 Railgun",
    "2 Railgun",
    "3 Railgun",
    "Energy Pulse",
    "Ortillery",
    "PDAF",
    "ADAF",
    "Pulse Torpedo",
    "Submunition Pack",
    "Scattergun",
    "Missile",
    "EMP Missile",
    "Needle Missile",
    "Minelayer",
    "Minesweeper",
    "Wave Gun",
    "Nova Cannon",
];

/// Non-weapon system types (spec §4.4), with the project's `Drive` (§7.5).
pub const SYSTEM_TYPES: &[&str] = &[
    "FTL",
    "FireCon",
    "Screen Generator",
    "Reflex Field",
    "Cloaking Field",
    "Enhanced Sensors",
    "Superior Sensors",
    "Individual ECM",
    "Area ECM",
    "Damage Control Party",
    "Fighter Bay",
    "Dropship Bay",
    "Weasel",
    "Drone",
    "Dock",
    "Drive",
];

/// Fighter types (spec §4.4): three roles, each optionally with one of three
/// prefixes, plus the drone pod.
pub const FIGHTER_TYPES: &[&str] = &[
    "Interceptor",
    "Attack",
    "Torpedo",
    "Fast Interceptor",
    "Fast Attack",
    "Fast Torpedo",
    "Heavy Interceptor",
    "Heavy Attack",
    "Heavy Torpedo",
    "Long Range Interceptor",
    "Long Range Attack",
    "Long Range Torpedo",
    "Drone Pod",
];

pub const LAUNCHED_TYPES: &[&str] = &[
    "Missile",
    "EMP Missile",
    "Needle Missile",
    "Nova Cannon",
    "Mine",
    "Drone",
];

pub const TERRAIN_TYPES: &[&str] = &[
    "Nebula",
    "Dust Cloud",
    "Debris",
    "Battle Debris",
    "Meteor Swarm",
    "Star",
    "Planet",
    "Moon",
    "Asteroid",
    "Atmosphere",
];

/// Every system type the `System` field knows: weapons, then the others.
pub const ALL_SYSTEM_TYPES: &[&str] = &[
    "AA MegaBattery",
    "A Battery",
    "B Battery",
    "C Battery",
    "Needle Beam",
    "1 Railgun",
    "2 Railgun",
    "3 Railgun",
    "Energy Pulse",
    "Ortillery",
    "PDAF",
    "ADAF",
    "Pulse Torpedo",
    "Submunition Pack",
    "Scattergun",
    "Missile",
    "EMP Missile",
    "Needle Missile",
    "Minelayer",
    "Minesweeper",
    "Wave Gun",
    "Nova Cannon",
    "FTL",
    "FireCon",
    "Screen Generator",
    "Reflex Field",
    "Cloaking Field",
    "Enhanced Sensors",
    "Superior Sensors",
    "Individual ECM",
    "Area ECM",
    "Damage Control Party",
    "Fighter Bay",
    "Dropship Bay",
    "Weasel",
    "Drone",
    "Dock",
    "Drive",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_kinds_are_found_by_name_in_any_case() {
        for (i, kind) in BlockKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i, "ALL is in declaration order");
            let name = kind.name();
            assert_eq!(BlockKind::from_name(name), Some(kind));
            assert_eq!(BlockKind::from_name(&name.to_ascii_uppercase()), Some(kind));
            assert_eq!(BlockKind::from_name(&name.to_ascii_lowercase()), Some(kind));
            assert_eq!(BlockKind::from_name(&name[1..]), None);
            assert_eq!(BlockKind::from_name(&format!("{name}x")), None);
        }
        for other in [
            "",
            "Ships",
            "Bass",
            "Type",
            "Log",
            "GZF-Versio",
            "Base_Sector",
        ] {
            assert_eq!(BlockKind::from_name(other), None, "{other}");
        }
    }

    #[test]
    fn all_system_types_is_weapons_then_systems() {
        let joined: Vec<&str> = WEAPON_TYPES.iter().chain(SYSTEM_TYPES).copied().collect();
        assert_eq!(ALL_SYSTEM_TYPES, joined.as_slice());
    }

    #[test]
    fn no_two_defined_values_match_each_other() {
        for list in [
            ALL_SYSTEM_TYPES,
            FIGHTER_TYPES,
            TERRAIN_TYPES,
            HULL_CLASSES,
            UNIVERSES,
        ] {
            for (i, a) in list.iter().enumerate() {
                for b in &list[i + 1..] {
                    assert_ne!(normalise(a), normalise(b));
                }
            }
        }
    }

    #[test]
    fn matching_is_case_hyphen_and_space_insensitive() {
        assert_eq!(
            match_defined("a battery", ALL_SYSTEM_TYPES),
            Some(("A Battery", false))
        );
        assert_eq!(
            match_defined("A-Battery", ALL_SYSTEM_TYPES),
            Some(("A Battery", true))
        );
        assert_eq!(
            match_defined("long-range  torpedo", FIGHTER_TYPES),
            Some(("Long Range Torpedo", true))
        );
        assert_eq!(match_defined("Sensors", ALL_SYSTEM_TYPES), None);
    }
}
