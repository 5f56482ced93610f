//! GDL values and the one global symbol table (gdl spec 3.1, 3.2).
//!
//! Lists are slices of shared blocks ([`crate::list`]) rather than cons cells:
//! GDL has no dotted pairs (spec 2.7), so a slice loses nothing and keeps deep
//! or long lists off the Rust stack when they are built or dropped.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::list::List;

/// A word-at-a-time multiplicative hash (in the style of rustc's FxHash) for
/// the short keys of symbol and property tables: much cheaper than the
/// default SipHash. These tables never see keys an attacker could exploit
/// beyond slowing down the reading of their own module.
#[derive(Default, Clone, Copy)]
pub struct FnvHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FnvHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
            ]));
        }
        // The last one to seven bytes in one word, read with fixed-size
        // (possibly overlapping) loads rather than a variable-length copy,
        // which compiled to a call of memcpy for every key hashed.
        let rest = chunks.remainder();
        let n = rest.len();
        if n >= 4 {
            let lo = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
            let hi = u32::from_le_bytes([rest[n - 4], rest[n - 3], rest[n - 2], rest[n - 1]]);
            self.add(u64::from(lo) | u64::from(hi) << 32);
        } else if n > 0 {
            let w = u64::from(rest[0]) | u64::from(rest[n / 2]) << 8 | u64::from(rest[n - 1]) << 16;
            self.add(w);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
}

/// A `HashMap` using [`FnvHasher`].
pub type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<FnvHasher>>;

/// Index of an interned symbol in [`Symbols`].
pub type SymId = u32;

/// The four kinds of types a game defines (spec 3.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Unit,
    Material,
    Terrain,
    Advance,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Unit, Kind::Material, Kind::Terrain, Kind::Advance];

    /// Position in arrays indexed by kind.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The one-letter tag 7.5 prints for type objects (`u#3`, `<t:sea>`).
    pub fn letter(self) -> char {
        match self {
            Kind::Unit => 'u',
            Kind::Material => 'm',
            Kind::Terrain => 't',
            Kind::Advance => 'a',
        }
    }

    /// The word used in `kernel-defaults.txt` and in messages.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Unit => "unit",
            Kind::Material => "material",
            Kind::Terrain => "terrain",
            Kind::Advance => "advance",
        }
    }
}

/// One GDL value. `List` is never empty: the empty list is `Nil`.
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Nil,
    Num(i32),
    Str(Text),
    Sym(SymId),
    List(List),
    Type(Kind, u16),
    /// A namer, by its index in the interpreter's namer list (spec 4.13).
    Namer(u32),
}

/// The bytes of a GDL string. A string read without escapes is a range of
/// its module file's bytes, which the interpreter keeps anyway, so reading
/// it allocates nothing; other strings have a buffer of their own.
#[derive(Clone)]
pub struct Text {
    buf: Rc<Vec<u8>>,
    start: u32,
    len: u32,
}

impl Text {
    /// A string with a buffer of its own.
    pub fn new(bytes: &[u8]) -> Text {
        Text {
            len: u32::try_from(bytes.len()).expect("a string shorter than 4 GiB"),
            buf: Rc::new(bytes.to_vec()),
            start: 0,
        }
    }

    /// `file[start..start + len]`, sharing the file's buffer (or a copy of
    /// the bytes if the range is beyond what a `Text` can address). Panics
    /// if the range is not in the file, like slicing.
    pub fn in_file(file: &Rc<Vec<u8>>, start: usize, len: usize) -> Text {
        match (u32::try_from(start), u32::try_from(len)) {
            (Ok(start), Ok(len)) if file.len() >= start as usize + len as usize => Text {
                buf: file.clone(),
                start,
                len,
            },
            _ => Text::new(&file[start..start + len]),
        }
    }
}

impl std::ops::Deref for Text {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        let start = self.start as usize;
        &self.buf[start..start + self.len as usize]
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        **self == **other
    }
}

impl Eq for Text {}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(self))
    }
}

impl Value {
    /// Builds a list value, mapping an empty vector to `Nil`.
    pub fn list(items: Vec<Value>) -> Value {
        match List::from_vec(items) {
            Some(list) => Value::List(list),
            None => Value::Nil,
        }
    }

    /// Builds a list from an exactly-sized iterator with a single allocation.
    pub fn list_from<I>(items: I) -> Value
    where
        I: ExactSizeIterator<Item = Value>,
    {
        Value::list(items.collect())
    }

    pub fn str(bytes: &[u8]) -> Value {
        Value::Str(Text::new(bytes))
    }

    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// The elements of a list; nil and atoms have none.
    pub fn items(&self) -> &[Value] {
        match self {
            Value::List(v) => v,
            _ => &[],
        }
    }

    /// A list or nil (spec 3.12 "atom" is the opposite).
    pub fn is_listish(&self) -> bool {
        matches!(self, Value::Nil | Value::List(_))
    }

    /// The integer of a number or type object ("numeric", spec 3.1).
    pub fn as_numeric(&self) -> Option<i32> {
        match self {
            Value::Num(n) => Some(*n),
            Value::Type(_, i) => Some(i32::from(*i)),
            _ => None,
        }
    }

    pub fn as_sym(&self) -> Option<SymId> {
        match self {
            Value::Sym(s) => Some(*s),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&[u8]> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_type(&self, kind: Kind) -> Option<usize> {
        match self {
            Value::Type(k, i) if *k == kind => Some(usize::from(*i)),
            _ => None,
        }
    }

    /// The head of a list, if it is a list.
    pub fn head(&self) -> Option<&Value> {
        self.items().first()
    }

    /// Structural equality of spec 3.1 (`equal`). Iterative over list spines.
    pub fn equal(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Nil, Value::Nil) => true,
            (Value::Num(a), Value::Num(b)) => a == b,
            (Value::Type(k, i), Value::Type(l, j)) => k == l && i == j,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Sym(a), Value::Sym(b)) => a == b,
            (Value::Namer(a), Value::Namer(b)) => a == b,
            (Value::List(a), Value::List(b)) => {
                List::ptr_eq(a, b)
                    || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.equal(y)))
            }
            _ => false,
        }
    }
}

/// One interned symbol: where its bytes are, its binding and constant flag.
#[derive(Debug)]
pub struct Symbol {
    /// The name's start and length in [`Symbols`]' name buffer.
    name: (u32, u32),
    /// The name as a shared string, made the first time it is asked for.
    shared: OnceCell<Text>,
    pub value: Option<Value>,
    pub constant: bool,
}

/// The global symbol table: GDL has no local scopes (spec 3.2).
///
/// Names are found through an open-addressing index of symbol ids that keeps
/// a tag of each name's hash beside the id: interning runs once per symbol
/// token read (tens of thousands for a big game), and a probe then touches
/// one small array and compares the bytes of a name only when the tags agree.
/// The names themselves are kept end to end in one buffer (one allocation
/// for all of them, instead of one per symbol).
#[derive(Debug)]
pub struct Symbols {
    entries: Vec<Symbol>,
    /// Every name, end to end.
    names: Vec<u8>,
    /// `(id + 1, hash tag)` per slot; id 0 marks an empty slot. The length is
    /// a power of two, at least twice the number of symbols.
    slots: Vec<(u32, u32)>,
}

impl Default for Symbols {
    fn default() -> Self {
        // Sized for a big game (the kernel's names and a few thousand of
        // the module's), so the tables rarely grow and copy.
        Symbols {
            entries: Vec::with_capacity(4096),
            names: Vec::with_capacity(32 << 10),
            slots: vec![(0, 0); 8192],
        }
    }
}

/// The hash of a symbol's bytes: the word-at-a-time mix of [`FnvHasher`],
/// with the length mixed in last.
fn name_hash(name: &[u8]) -> u64 {
    let mut h = FnvHasher::default();
    h.write(name);
    h.add(name.len() as u64);
    h.0
}

/// `a == b` for two names of the same length, with word loads for names of
/// up to sixteen bytes (nearly all of them) instead of a call to `memcmp`.
#[inline]
fn same_name(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap());
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().unwrap());
    match n {
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        0 => true,
        _ => a == b,
    }
}

impl Symbols {
    fn entry_name(&self, e: &Symbol) -> &[u8] {
        let (start, len) = (e.name.0 as usize, e.name.1 as usize);
        &self.names[start..start + len]
    }

    /// The slot of `name` (hash `h`): where it is, or the empty slot where
    /// it would go.
    #[inline(always)]
    fn find_slot(&self, name: &[u8], h: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        // The high bits of the final multiply are the best mixed: start there.
        let mut i = h.rotate_left(24) as usize & mask;
        let tag = h as u32;
        loop {
            let (id1, t) = self.slots[i];
            if id1 == 0 {
                return (i, false);
            }
            if t == tag && same_name(self.entry_name(&self.entries[id1 as usize - 1]), name) {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow_slots(&mut self) {
        let len = self.slots.len() * 2;
        let mut slots = vec![(0u32, 0u32); len];
        let mask = len - 1;
        for (id, e) in self.entries.iter().enumerate() {
            let h = name_hash(self.entry_name(e));
            let mut i = h.rotate_left(24) as usize & mask;
            while slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = (id as u32 + 1, h as u32);
        }
        self.slots = slots;
    }

    #[inline]
    pub fn intern(&mut self, name: &[u8]) -> SymId {
        let h = name_hash(name);
        let (slot, found) = self.find_slot(name, h);
        if found {
            return self.slots[slot].0 - 1;
        }
        self.add(name, slot, h)
    }

    /// A new symbol `name` whose index slot is `slot`.
    #[inline(never)]
    fn add(&mut self, name: &[u8], slot: usize, h: u64) -> SymId {
        let id = self.entries.len() as SymId;
        let start = u32::try_from(self.names.len()).expect("symbol names fit in 4 GiB");
        self.names.extend_from_slice(name);
        self.entries.push(Symbol {
            name: (start, name.len() as u32),
            shared: OnceCell::new(),
            value: None,
            constant: false,
        });
        self.slots[slot] = (id + 1, h as u32);
        if self.entries.len() * 2 > self.slots.len() {
            self.grow_slots();
        }
        id
    }

    /// The number of symbols interned.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn lookup(&self, name: &[u8]) -> Option<SymId> {
        match self.find_slot(name, name_hash(name)) {
            (slot, true) => Some(self.slots[slot].0 - 1),
            _ => None,
        }
    }

    pub fn name(&self, id: SymId) -> &[u8] {
        self.entry_name(&self.entries[id as usize])
    }

    /// A symbol's name as a shared string, which does not borrow the table.
    /// Made once per symbol (only a few, such as property names, are ever
    /// asked for), then shared.
    pub fn shared_name(&self, id: SymId) -> Text {
        let e = &self.entries[id as usize];
        e.shared
            .get_or_init(|| Text::new(self.entry_name(e)))
            .clone()
    }

    pub fn get(&self, id: SymId) -> &Symbol {
        &self.entries[id as usize]
    }

    pub fn get_mut(&mut self, id: SymId) -> &mut Symbol {
        &mut self.entries[id as usize]
    }

    pub fn value(&self, id: SymId) -> Option<&Value> {
        self.entries[id as usize].value.as_ref()
    }

    pub fn is_bound(&self, id: SymId) -> bool {
        self.entries[id as usize].value.is_some()
    }

    pub fn iter(&self) -> impl Iterator<Item = (SymId, &Symbol)> {
        self.entries
            .iter()
            .enumerate()
            .map(|(i, s)| (i as SymId, s))
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::{Symbols, Text, Value};
    use crate::lexer::{Lexer, TokenKind};
    use crate::reader::{read_form, ReadOutcome};

    #[test]
    fn plain_strings_share_the_file_and_escaped_ones_are_copied() {
        let file = Rc::new(br#"("plain" "esc\"aped" "nul\0cut")"#.to_vec());
        let mut lexer = Lexer::for_file(&file, Default::default());
        let mut symbols = Symbols::default();
        let Ok(ReadOutcome::Form(form)) = read_form(&mut lexer, &mut symbols, true, 10) else {
            panic!("one form")
        };
        let strings: Vec<&[u8]> = form
            .value
            .items()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(strings, [&b"plain"[..], b"esc\"aped", b"nul"]);
        // Only the plain string holds the file: the form, the lexer and the
        // test's own handle are the other three.
        assert_eq!(Rc::strong_count(&file), 3);
        drop(lexer);
        drop(form);
        assert_eq!(Rc::strong_count(&file), 1);
        assert_eq!(&*Text::in_file(&file, 2, 5), b"plain");
        let mut plain = Lexer::new(b"\"x\"", Default::default());
        let Ok(tok) = plain.next_token() else {
            panic!("a token")
        };
        let TokenKind::Str(s) = tok.kind else {
            panic!("a string")
        };
        assert_eq!(&*plain.text(&s), b"x");
    }

    #[test]
    fn interning_gives_one_id_per_name_across_table_growth() {
        let mut symbols = Symbols::default();
        // Names of every length from 0 to 20 that differ only in one byte
        // or in length, enough of them to grow the index several times.
        let names: Vec<Vec<u8>> = (0..5000u32)
            .map(|i| {
                let mut n = vec![b'a'; (i % 21) as usize];
                n.extend_from_slice(i.to_string().as_bytes());
                n
            })
            .chain((0..=20).map(|len| vec![b'x'; len]))
            .collect();
        let ids: Vec<u32> = names.iter().map(|n| symbols.intern(n)).collect();
        for (n, &id) in names.iter().zip(&ids) {
            assert_eq!(symbols.intern(n), id);
            assert_eq!(symbols.lookup(n), Some(id));
            assert_eq!(symbols.name(id), &n[..]);
        }
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert_eq!(symbols.lookup(b"not interned"), None);
    }
}
