//! Association between blocks (spec §5): ownership by file order and
//! references by name, with the file-wide diagnostics they bring (W307,
//! W308, W309 for sector systems, W314).

use super::model::{Ft2Block, Ft2File};
use super::values::Value;
use super::BlockKind;
use crate::diag::{Code, Diagnostics};
use std::collections::hash_map::RandomState;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

/// Names as block references compare them (spec §1.4): ASCII case-
/// insensitive, trimmed, runs of blanks collapsed to one space.
pub fn name_key(name: &str) -> String {
    key_of_parts([name])
}

/// [`name_key`] of the parts joined with a space, without joining them.
fn key_of_parts<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(32);
    for part in parts {
        // A blank or a part boundary was passed since the last byte kept.
        let mut gap = true;
        for &b in part.as_bytes() {
            if b == b' ' || b == b'\t' {
                gap = true;
                continue;
            }
            if gap && !out.is_empty() {
                out.push(b' ');
            }
            gap = false;
            out.push(b.to_ascii_lowercase());
        }
    }
    // Lowering ASCII bytes leaves any UTF-8 sequence as it was.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The name key of a block's identifier.
fn id_key(b: &Ft2Block) -> String {
    match b.fields.first().and_then(|f| f.value.as_ref()) {
        Some(Value::Text(parts)) => key_of_parts(parts.iter().map(|p| p.as_str())),
        _ => name_key(&b.id()),
    }
}

/// Sets `owner` on every System and Base-Sector block (spec §5.1) and
/// reports duplicate names. `keys` are the [`NameKey`]s of the file's
/// named blocks, in file order (made while each block was read, when it was
/// still in the cache), all hashed by the same hasher.
pub fn associate(file: &mut Ft2File, keys: &[NameKey], d: &mut Diagnostics) {
    // The current Ship or Base, and the current sector.
    let mut owner: Option<usize> = None;
    let mut sector: Option<usize> = None;
    // The current sector is itself an orphan (no base).
    let mut sector_orphan = false;
    // Some owner (Ship, Base or Base-Sector) appeared earlier in the file:
    // a component without an owner is then a mistake, not a generality.
    let mut seen_owner = false;
    let mut seen_base = false;
    // For W314: the current base has its own systems / sectors.
    let mut base_systems = false;
    let mut base_sectors = false;
    let mut sector_numbers: Vec<i64> = Vec::new();
    for i in 0..file.blocks.len() {
        let kind = file.blocks[i].kind;
        let pos = file.blocks[i].pos;
        match kind {
            Some(BlockKind::Ship) | Some(BlockKind::Base) => {
                owner = Some(i);
                sector = None;
                sector_orphan = false;
                seen_owner = true;
                seen_base |= kind == Some(BlockKind::Base);
                base_systems = false;
                base_sectors = false;
                sector_numbers.clear();
            }
            Some(BlockKind::BaseSector) => {
                let base = owner.filter(|&o| file.blocks[o].kind == Some(BlockKind::Base));
                match base {
                    Some(b) => {
                        file.blocks[i].owner = Some(b);
                        if base_systems && !base_sectors {
                            d.push(Code::W314, pos, "base has both its own System blocks and Base-Sector blocks; read as written");
                        }
                        base_sectors = true;
                        if let Some(Value::Int(n)) = file.blocks[i].get("Base-Sector") {
                            if sector_numbers.contains(n) {
                                d.push(
                                    Code::W308,
                                    pos,
                                    format!("sector number {n} appears twice in this base"),
                                );
                            }
                            sector_numbers.push(*n);
                        }
                        sector_orphan = false;
                    }
                    None => {
                        sector_orphan = seen_owner || seen_base;
                        if sector_orphan {
                            d.push(Code::W307, pos, "Base-Sector without a base: the blocks before it ended the association (kept, unowned)");
                        }
                        owner = None;
                    }
                }
                sector = Some(i);
                seen_owner = true;
            }
            Some(BlockKind::System) => {
                if let Some(s) = sector {
                    file.blocks[i].owner = Some(s);
                    if sector_orphan {
                        d.push(
                            Code::W307,
                            pos,
                            "System after a Base-Sector that has no base (kept)",
                        );
                    }
                    if let Some(f) = file.blocks[i].field("Firing-Arc") {
                        d.push(Code::W309, f.pos, "Firing-Arc on a system of a base sector: the sector's arcs apply (ignored)");
                    }
                } else if let Some(o) = owner {
                    file.blocks[i].owner = Some(o);
                    if file.blocks[o].kind == Some(BlockKind::Base) {
                        if base_sectors && !base_systems {
                            d.push(Code::W314, pos, "base has both its own System blocks and Base-Sector blocks; read as written");
                        }
                        base_systems = true;
                    }
                } else if seen_owner {
                    d.push(Code::W307, pos, "System without an owner: the block before it ended the association (kept, unowned)");
                }
            }
            // Every other block, the misplaced header and unknown blocks
            // included, ends the association.
            _ => {
                owner = None;
                sector = None;
                sector_orphan = false;
            }
        }
    }
    duplicate_names(file, keys, d);
}

/// The name key of a Fleet, Ship or Base, the blocks whose names must be
/// unique (spec §5.3); `None` for other blocks and empty names.
pub fn block_key(b: &Ft2Block) -> Option<String> {
    match b.kind {
        Some(BlockKind::Fleet | BlockKind::Ship | BlockKind::Base) => {
            Some(id_key(b)).filter(|k| !k.is_empty())
        }
        _ => None,
    }
}

/// The name key of a named block, hashed (spec §5.3): what the
/// duplicate-name check needs, made where the block is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameKey {
    /// The block's index in the file.
    pub block: usize,
    /// The key's hash under the hasher of the whole read (keyed at random,
    /// so a file cannot be made to collide on purpose).
    pub hash: u64,
    pub key: String,
}

impl NameKey {
    /// The key of block `block` (`b`), if it has one, hashed by `hasher`.
    pub fn of(block: usize, b: &Ft2Block, hasher: &RandomState) -> Option<NameKey> {
        let key = block_key(b)?;
        Some(NameKey {
            block,
            hash: hasher.hash_one(&key),
            key,
        })
    }
}

/// The [`NameKey`]s of a file's blocks, in file order.
pub fn block_keys(file: &Ft2File, hasher: &RandomState) -> Vec<NameKey> {
    let keyed = file.blocks.iter().enumerate();
    keyed
        .filter_map(|(i, b)| NameKey::of(i, b, hasher))
        .collect()
}

/// A key already hashed: the set hashes it by that hash alone.
struct Hashed<'a>(&'a NameKey);

impl Hash for Hashed<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0.hash);
    }
}

impl PartialEq for Hashed<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.hash == other.0.hash && self.0.key == other.0.key
    }
}

impl Eq for Hashed<'_> {}

/// The hasher of [`Hashed`]: passes the stored hash through.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// W308 at the second of two Fleets, Ships, Bases, or a Ship and a Base,
/// with the same name (spec §5.3, §11.12).
fn duplicate_names(file: &Ft2File, keys: &[NameKey], d: &mut Diagnostics) {
    type Set<'a> = HashSet<Hashed<'a>, BuildHasherDefault<PassThrough>>;
    let mut fleets = Set::default();
    let mut craft = Set::with_capacity_and_hasher(keys.len(), Default::default());
    for key in keys {
        let Some(b) = file.blocks.get(key.block) else {
            continue;
        };
        let list = match b.kind {
            Some(BlockKind::Fleet) => &mut fleets,
            _ => &mut craft,
        };
        if !list.insert(Hashed(key)) {
            d.push(
                Code::W308,
                b.pos,
                format!(
                    "{:?} is already the name of another {}; references go to the first",
                    b.id(),
                    kind_word(b)
                ),
            );
        }
    }
}

fn kind_word(b: &Ft2Block) -> &'static str {
    match b.kind {
        Some(BlockKind::Fleet) => "fleet",
        _ => "ship or base",
    }
}

impl Ft2File {
    /// The Fleet block a Ship or Base names in its `Fleet` field (spec
    /// §5.3); `None` when absent or unresolved.
    pub fn fleet_of(&self, block: usize) -> Option<usize> {
        let name = text_of(&self.blocks[block], "Fleet")?;
        self.find_named(&[BlockKind::Fleet], &name)
    }

    /// The Ship (preferred) or Base a Fighter-Group or Launched-System names
    /// in its `Carrier` field.
    pub fn carrier_of(&self, block: usize) -> Option<usize> {
        let name = text_of(&self.blocks[block], "Carrier")?;
        self.find_named(&[BlockKind::Ship], &name)
            .or_else(|| self.find_named(&[BlockKind::Base], &name))
    }

    /// The first block of one of `kinds` whose name matches (spec §1.4).
    pub fn find_named(&self, kinds: &[BlockKind], name: &str) -> Option<usize> {
        let key = name_key(name);
        if key.is_empty() {
            return None;
        }
        self.blocks
            .iter()
            .position(|b| b.kind.is_some_and(|k| kinds.contains(&k)) && id_key(b) == key)
    }
}

fn text_of(block: &Ft2Block, field: &str) -> Option<String> {
    match block.get(field) {
        Some(Value::Text(frags)) => Some(frags.join(" ")),
        _ => None,
    }
}

#[cfg(test)]
mod key_tests {
    use super::{key_of_parts, name_key};

    #[test]
    fn name_keys_collapse_blanks_and_case() {
        assert_eq!(name_key("  SS\tSynthetic   12 "), "ss synthetic 12");
        assert_eq!(name_key(""), "");
        assert_eq!(name_key(" \t "), "");
        assert_eq!(name_key("Élan X"), "Élan x");
        assert_eq!(key_of_parts(["EUS", "Huron "]), "eus huron");
        assert_eq!(key_of_parts(["", " a", "", "B"]), "a b");
    }
}
