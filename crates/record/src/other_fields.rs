//! The fields of a record object that the typed structs do not name (spec
//! 2.1, rule 7: kept, in their order, and written back).
//!
//! Most units and actions of a long game carry one or two such fields (a
//! ttrts unit's `direction`), and building a `serde_json::Map` for each (a
//! `String` per key, a `Value` per value, an ordered hash map per object)
//! was half of the work of reading a record. So a record read from text
//! keeps each object's other fields as one piece of compact JSON text,
//! exactly as the writer would write them (see [`OtherFields::push`]),
//! and turns it into a map only when someone looks inside; writing such a
//! record copies the text. A record built in code holds the map itself.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// An object's fields other than its typed ones, in their order. Reads as a
/// `serde_json::Map` (it dereferences to one); built from one with `into()`.
#[derive(Clone, Default)]
pub struct OtherFields {
    /// The fields as a compact JSON object, written as the writer writes a
    /// `Map` (so copying it out is the same as writing the map); while it is
    /// set it is what the fields are, and `map`, if made, is read from it.
    text: Option<Text>,
    /// The fields as a map: made from `text` on the first look inside, or
    /// the fields themselves when there is no `text`.
    map: OnceLock<Map<String, Value>>,
}

/// Kept text: an object's own, or its piece of a buffer that the byte
/// reader shares among the objects of one turn (one allocation per turn
/// instead of one per unit and action, which were a sixth of reading).
#[derive(Clone)]
enum Text {
    Own(Box<str>),
    Shared(Arc<OnceLock<String>>, usize, usize),
}

impl Text {
    fn get(&self) -> &str {
        match self {
            Text::Own(text) => text,
            // Filled when the turn was read, before the record is handed out.
            Text::Shared(buffer, start, end) => buffer.get().map_or("{}", |b| &b[*start..*end]),
        }
    }
}

/// A buffer of kept text shared by the objects of one turn: each object's
/// fields are written into it when the object ends, and the buffer is
/// frozen when the turn ends.
pub(crate) struct SharedText {
    text: String,
    frozen: Arc<OnceLock<String>>,
}

impl SharedText {
    /// A buffer with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> SharedText {
        SharedText {
            text: String::with_capacity(capacity),
            frozen: Arc::new(OnceLock::new()),
        }
    }

    /// Fields whose written text is `text` (as [`OtherFields::from_written_text`]
    /// asks), kept in this buffer.
    pub(crate) fn fields(&mut self, text: &str) -> OtherFields {
        let start = self.text.len();
        self.text.push_str(text);
        OtherFields {
            text: Some(Text::Shared(self.frozen.clone(), start, self.text.len())),
            map: OnceLock::new(),
        }
    }

    /// Fields whose written text is `run` in braces (`run` as
    /// [`SharedText::fields`] asks of a whole text, without its braces).
    pub(crate) fn braced_fields(&mut self, run: &str) -> OtherFields {
        let start = self.text.len();
        self.text.push('{');
        self.text.push_str(run);
        self.text.push('}');
        OtherFields {
            text: Some(Text::Shared(self.frozen.clone(), start, self.text.len())),
            map: OnceLock::new(),
        }
    }

    /// Ends the turn: its objects' fields read from the buffer from now on.
    /// Returns how many bytes it held.
    pub(crate) fn freeze(self) -> usize {
        let len = self.text.len();
        // Only this buffer sets it, once.
        let _ = self.frozen.set(self.text);
        len
    }
}

impl OtherFields {
    /// No fields.
    pub fn new() -> OtherFields {
        OtherFields::default()
    }

    /// The fields as a map, taken out.
    pub fn into_map(mut self) -> Map<String, Value> {
        std::mem::take(&mut *self)
    }

    /// The fields as compact JSON text, as the writer writes them (the
    /// kept text itself when there is one: no map is made).
    pub fn to_json_text(&self) -> Cow<'_, str> {
        match &self.text {
            Some(text) => Cow::Borrowed(text.get()),
            None => Cow::Owned(serde_json::to_string(&**self).unwrap_or_default()),
        }
    }

    /// The fields as `(key, value as compact JSON text)` pairs, in order,
    /// read from the kept text without making a map; `None` when there is
    /// no text, or a key in it has escapes (look inside through the map
    /// then). Each value's text is what the writer writes for it, so it
    /// equals the map value's `to_string()`.
    pub fn plain_fields(&self) -> Option<Vec<(&str, &str)>> {
        let text = self.text.as_ref()?.get();
        let raw = text.as_bytes();
        let mut fields = Vec::new();
        if text == "{}" {
            return Some(fields);
        }
        let mut i = 0;
        loop {
            // At `{` or `,`, then `"key":value`.
            if raw.get(i + 1) != Some(&b'"') {
                return None;
            }
            let key_end = plain_string_end(raw, i + 2)?;
            if raw.get(key_end + 1) != Some(&b':') {
                return None;
            }
            let end = value_end(raw, key_end + 2)?;
            fields.push((&text[i + 2..key_end], &text[key_end + 2..end]));
            match raw.get(end) {
                Some(b',') => i = end,
                Some(b'}') if end + 1 == raw.len() => return Some(fields),
                _ => return None,
            }
        }
    }

    /// Whether the map has been made already (then comparing through it
    /// costs less than reading the text again).
    pub(crate) fn has_map(&self) -> bool {
        self.map.get().is_some()
    }

    /// Whether two sets of fields are the same JSON text (which implies
    /// they are equal; different text may still hold equal values).
    pub(crate) fn same_text(&self, other: &OtherFields) -> bool {
        matches!((&self.text, &other.text), (Some(a), Some(b)) if a.get() == b.get())
    }

    /// Fields already written as the writer writes them: `text` is one
    /// compact JSON object whose values each pass [`value_end`] and whose
    /// keys have no escapes and none given twice (the byte reader's
    /// output).
    pub(crate) fn from_written_text(text: Box<str>) -> OtherFields {
        OtherFields {
            text: Some(Text::Own(text)),
            map: OnceLock::new(),
        }
    }

    fn map_of(text: &str) -> Map<String, Value> {
        // `text` was made by `Builder` from JSON it read, so it is valid.
        serde_json::from_str(text).unwrap_or_default()
    }
}

impl Deref for OtherFields {
    type Target = Map<String, Value>;
    fn deref(&self) -> &Map<String, Value> {
        self.map.get_or_init(|| match &self.text {
            Some(text) => OtherFields::map_of(text.get()),
            None => Map::new(),
        })
    }
}

impl DerefMut for OtherFields {
    fn deref_mut(&mut self) -> &mut Map<String, Value> {
        let _ = <OtherFields as Deref>::deref(self);
        // Changed through the map from now on, so the map is the fields.
        self.text = None;
        self.map.get_mut().expect("made just above")
    }
}

impl From<Map<String, Value>> for OtherFields {
    fn from(map: Map<String, Value>) -> OtherFields {
        OtherFields {
            text: None,
            map: OnceLock::from(map),
        }
    }
}

impl From<OtherFields> for Map<String, Value> {
    fn from(fields: OtherFields) -> Map<String, Value> {
        fields.into_map()
    }
}

impl<'a> IntoIterator for &'a OtherFields {
    type Item = (&'a String, &'a Value);
    type IntoIter = serde_json::map::Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for OtherFields {
    /// As maps: the same keys with equal values, in any order.
    fn eq(&self, other: &OtherFields) -> bool {
        self.same_text(other) || **self == **other
    }
}

impl fmt::Debug for OtherFields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl Serialize for OtherFields {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Some(text) = self.text.as_ref().map(Text::get) else {
            return match self.map.get() {
                Some(map) => map.serialize(s),
                None => s.serialize_map(Some(0))?.end(),
            };
        };
        // Each value is copied as it is (`RawValue`).
        let fields: Vec<(Key, &RawValue)> =
            serde_json::from_str::<TextFields>(text).map_or_else(|_| Vec::new(), |f| f.0);
        let mut m = s.serialize_map(Some(fields.len()))?;
        for (key, value) in &fields {
            m.serialize_entry(&*key.0, value)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for OtherFields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OtherFields, D::Error> {
        Map::deserialize(d).map(OtherFields::from)
    }
}

/// A key, borrowed from the text unless it has escapes.
pub(crate) struct Key<'de>(pub(crate) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// The fields of an `OtherFields` text, each value as its text.
struct TextFields<'a>(Vec<(Key<'a>, &'a RawValue)>);

impl<'de> Deserialize<'de> for TextFields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = TextFields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(1));
                while let Some(key) = map.next_key::<Key>()? {
                    fields.push((key, map.next_value::<&RawValue>()?));
                }
                Ok(TextFields(fields))
            }
        }
        d.deserialize_map(FieldsVisitor)
    }
}

/// Builds an object's [`OtherFields`] as a reader meets them: each value's
/// text is copied if the writer would write it the same, else written
/// again as the writer writes it (numbers as `serde_json` prints them,
/// strings with its escapes, no spaces).
#[derive(Default)]
pub(crate) struct Builder<'de> {
    text: String,
    /// The keys so far, to find one given twice (which a map keeps once).
    first: Option<Key<'de>>,
    more: Vec<Key<'de>>,
}

/// A field [`Builder`] cannot keep as text: its key given twice (a map
/// keeps it once), or a number whose written form reads back as another
/// (`serde_json` reads some long numbers to the nearest `f64` but one).
#[derive(Debug)]
pub(crate) struct NotKept;

impl<'de> Builder<'de> {
    /// Adds a field; `raw` is its value as it stands in valid JSON text.
    pub(crate) fn push(&mut self, key: Key<'de>, raw: &str) -> Result<(), NotKept> {
        match &self.first {
            None => {
                self.text.reserve_exact(key.0.len() + raw.len() + 5);
                self.text.push('{');
            }
            Some(first) => {
                if first.0 == key.0 || self.more.iter().any(|k| k.0 == key.0) {
                    return Err(NotKept);
                }
                self.text.push(',');
            }
        }
        match &key.0 {
            // A key without escapes has none of the characters that need one.
            Cow::Borrowed(k) => {
                self.text.push('"');
                self.text.push_str(k);
                self.text.push('"');
            }
            Cow::Owned(k) => self.text.push_str(&written(&Value::from(k.as_str()))),
        }
        self.text.push(':');
        if is_written_form(raw.as_bytes()) {
            self.text.push_str(raw);
        } else {
            self.text.push_str(&rewritten(raw).ok_or(NotKept)?);
        }
        if self.first.is_none() {
            self.first = Some(key);
        } else {
            self.more.push(key);
        }
        Ok(())
    }

    /// The fields read.
    pub(crate) fn finish(self) -> OtherFields {
        if self.first.is_none() {
            return OtherFields::new();
        }
        let mut text = self.text;
        text.push('}');
        OtherFields {
            text: Some(Text::Own(text.into_boxed_str())),
            map: OnceLock::new(),
        }
    }
}

fn written(v: &Value) -> String {
    v.to_string()
}

/// `raw`, one valid JSON value, as the writer writes the value it reads
/// as; `None` when that text would read back as another value (or `raw`
/// is not JSON).
pub(crate) fn rewritten(raw: &str) -> Option<String> {
    let value: Value = serde_json::from_str(raw).ok()?;
    let text = written(&value);
    if serde_json::from_str::<Value>(&text).ok().as_ref() != Some(&value) {
        return None;
    }
    Some(text)
}

/// How deeply arrays and objects nest in `raw`, one valid JSON value.
pub(crate) fn nesting(raw: &[u8]) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0, false, false);
    for &c in raw {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Whether `raw`, one valid JSON value, is already what the writer writes
/// for the value it reads as: no spaces, no escapes, no key twice, numbers
/// as `serde_json` prints them. Says no when unsure, which costs a parse
/// and a write, never a wrong text.
fn is_written_form(raw: &[u8]) -> bool {
    matches!(value_end(raw, 0), Some(end) if end == raw.len())
}

/// The bytes that end a string without escapes: its closing quote, or
/// what makes it something else (a backslash, a control character, which
/// JSON allows only escaped).
static STRING_STOP: [bool; 256] = {
    let mut stop = [false; 256];
    let mut c = 0;
    while c < 0x20 {
        stop[c] = true;
        c += 1;
    }
    stop[b'"' as usize] = true;
    stop[b'\\' as usize] = true;
    stop
};

/// Where the string whose text starts at `at` (after its opening quote)
/// has its closing quote, if it has no escapes (so the writer writes it as
/// it stands) and no control characters (so it is JSON).
#[inline]
pub(crate) fn plain_string_end(raw: &[u8], at: usize) -> Option<usize> {
    // Eight bytes at a time: a byte is flagged when it is below 0x20 or
    // equal to a quote or a backslash (the usual "has a zero byte" test; a
    // borrow can flag bytes above a flagged one, never below, so the lowest
    // flag is exact).
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut i = at;
    while let Some(chunk) = raw.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
        let control = w.wrapping_sub(ONES * 0x20) & !w & HIGHS;
        let flags =
            control | zero(w ^ (ONES * u64::from(b'"'))) | zero(w ^ (ONES * u64::from(b'\\')));
        if flags != 0 {
            let j = i + (flags.trailing_zeros() / 8) as usize;
            return (raw[j] == b'"').then_some(j);
        }
        i += 8;
    }
    while i < raw.len() {
        let c = raw[i];
        if STRING_STOP[usize::from(c)] {
            return (c == b'"').then_some(i);
        }
        i += 1;
    }
    None
}

/// How deep [`value_end`] follows arrays and objects, so hostile text
/// cannot exhaust the stack. Below `serde_json`'s limit of 128 from the
/// top of the text by more than the record's own nesting (at most 11
/// levels above an unknown field's value), so whatever the byte reader
/// accepts `serde_json` accepts too.
pub(crate) const MAX_DEPTH: usize = 100;

/// Where the value starting at `at` ends, if it is valid JSON in written
/// form. It checks the grammar itself (the byte reader calls it on text
/// nobody has parsed yet): `None` for anything that is not JSON, not in
/// written form, or nested deeper than [`MAX_DEPTH`].
pub(crate) fn value_end(raw: &[u8], at: usize) -> Option<usize> {
    value_end_at(raw, at, 0, &mut FloatMemo::none())
}

/// [`value_end`], with the verdicts on floats already seen in `memo`.
pub(crate) fn value_end_memo(raw: &[u8], at: usize, memo: &mut FloatMemo) -> Option<usize> {
    value_end_at(raw, at, 0, memo)
}

/// The written-form verdicts on the floats a reader has met, by their
/// text: a Tactics record repeats most of its floats (the same
/// `mBlocking` values unit after unit; 8,309 floats, 3,058 different, in
/// the 11 corpus records), and each new one costs a print (~350
/// instructions in `serde_json`'s formatter). Direct-mapped: a text
/// replaces the one in its slot. A verdict is a function of the text
/// alone, so the memo changes no answer.
pub(crate) struct FloatMemo {
    /// Made on the first float (a record without floats, or a small one,
    /// does not pay for it).
    slots: Vec<([u64; 3], bool)>,
    on: bool,
}

impl FloatMemo {
    const SLOTS: usize = 512;

    /// A memo that remembers nothing (for the odd call).
    pub(crate) fn none() -> FloatMemo {
        FloatMemo {
            slots: Vec::new(),
            on: false,
        }
    }

    pub(crate) fn new() -> FloatMemo {
        FloatMemo {
            slots: Vec::new(),
            on: true,
        }
    }

    /// The number's text as three words (zero-padded; `None` when longer
    /// than 24 bytes) and its slot.
    fn key(number: &[u8]) -> Option<([u64; 3], usize)> {
        if number.len() > 24 {
            return None;
        }
        let mut bytes = [0u8; 24];
        bytes[..number.len()].copy_from_slice(number);
        let word = |i: usize| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8"));
        let key = [word(0), word(1), word(2)];
        let hash = (key[0] ^ key[1].rotate_left(21) ^ key[2].rotate_left(42))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Some((key, (hash >> 55) as usize % FloatMemo::SLOTS))
    }

    /// [`float_written_form`] of `number`, remembered.
    fn written_form(&mut self, number: &[u8]) -> bool {
        let Some((key, slot)) = FloatMemo::key(number).filter(|_| self.on) else {
            return float_written_form(number);
        };
        if self.slots.is_empty() {
            // An all-zero key is no number's (a number's first byte is not 0).
            self.slots = vec![([0; 3], false); FloatMemo::SLOTS];
        }
        let (seen, verdict) = self.slots[slot];
        if seen == key {
            return verdict;
        }
        let verdict = float_written_form(number);
        self.slots[slot] = (key, verdict);
        verdict
    }
}

fn value_end_at(raw: &[u8], at: usize, depth: usize, memo: &mut FloatMemo) -> Option<usize> {
    match *raw.get(at)? {
        b'"' => plain_string_end(raw, at + 1).map(|end| end + 1),
        b'n' => raw[at..].starts_with(b"null").then_some(at + 4),
        b't' => raw[at..].starts_with(b"true").then_some(at + 4),
        b'f' => raw[at..].starts_with(b"false").then_some(at + 5),
        _ if depth >= MAX_DEPTH => None,
        b'[' => {
            let mut i = at + 1;
            if raw.get(i) == Some(&b']') {
                return Some(i + 1);
            }
            loop {
                i = value_end_at(raw, i, depth + 1, memo)?;
                match raw.get(i)? {
                    b',' => i += 1,
                    b']' => return Some(i + 1),
                    _ => return None,
                }
            }
        }
        b'{' => {
            // Members `"key":value`; a key given twice is not written form
            // (a map keeps it once).
            let mut i = at + 1;
            if raw.get(i) == Some(&b'}') {
                return Some(i + 1);
            }
            // The keys so far: the first few compared at once, without
            // allocating; a larger object's sorted at its end.
            let mut few: [&[u8]; 8] = [&[]; 8];
            let mut count = 0;
            let mut many: Vec<&[u8]> = Vec::new();
            loop {
                let key_end =
                    value_end_at(raw, i, depth, memo).filter(|_| raw.get(i) == Some(&b'"'))?;
                let key = &raw[i..key_end];
                if count < few.len() {
                    if few[..count].contains(&key) {
                        return None;
                    }
                    few[count] = key;
                } else {
                    if many.is_empty() {
                        many.extend_from_slice(&few);
                    }
                    many.push(key);
                }
                count += 1;
                if raw.get(key_end) != Some(&b':') {
                    return None;
                }
                i = value_end_at(raw, key_end + 1, depth + 1, memo)?;
                match raw.get(i)? {
                    b',' => i += 1,
                    b'}' => break,
                    _ => return None,
                }
            }
            many.sort_unstable();
            many.windows(2).all(|w| w[0] != w[1]).then_some(i + 1)
        }
        b'-' | b'0'..=b'9' => {
            // Most numbers of a record are short whole ones: digits, and
            // after them none of the characters that would make them
            // something else.
            let negative = raw[at] == b'-';
            let digits = at + usize::from(negative);
            let mut i = digits;
            while raw.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let n = i - digits;
            if (1..=18).contains(&n)
                && (raw[digits] != b'0' || (n == 1 && !negative))
                && !matches!(raw.get(i), Some(b'.' | b'e' | b'E' | b'-' | b'+'))
            {
                return Some(i);
            }
            let len = raw[at..]
                .iter()
                .position(|c| !matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                .unwrap_or(raw.len() - at);
            let number = &raw[at..at + len];
            let digits = number.strip_prefix(b"-").unwrap_or(number);
            // A whole number that fits in 64 bits is written as it is read;
            // but `-0` is read as a float (written `-0.0`), and a leading
            // zero is not JSON.
            let whole = !digits.is_empty()
                && digits.len() <= 18
                && digits.iter().all(u8::is_ascii_digit)
                && (digits[0] != b'0' || digits.len() == 1)
                && number != b"-0";
            (whole || memo.written_form(number)).then_some(at + len)
        }
        _ => None,
    }
}

/// Whether a number with a fraction or exponent is written back as it is
/// (as `serde_json` reads it to an `f64` and prints it). The usual decimal
/// is read by [`quick_float`] as `serde_json` would read it in this build,
/// and printed by `serde_json`'s formatter into a stack buffer; any other
/// number is read by `serde_json` itself (so whatever its features make of
/// it). Through a `Value` and a `String` this was an eighth of reading a
/// Tactics record, whose results carry floats such as
/// `11.809800000000001`.
fn float_written_form(number: &[u8]) -> bool {
    if let Some(f) = quick_float(number) {
        let mut buf = [0u8; 40];
        return print_f64(f, &mut buf) == Some(number);
    }
    float_written_form_by_serde(number)
}

/// [`float_written_form`] through `serde_json`'s own reader (what it was
/// before [`quick_float`], and still is for the numbers that leaves).
fn float_written_form_by_serde(number: &[u8]) -> bool {
    if !number.iter().any(|c| matches!(c, b'.' | b'e' | b'E')) {
        // A long whole number: `serde_json` may read it as an integer,
        // which an `f64` would not show.
        return whole_written_form(number);
    }
    let mut de = serde_json::Deserializer::from_slice(number);
    let Ok(f) = <f64 as Deserialize>::deserialize(&mut de) else {
        return false;
    };
    if de.end().is_err() {
        return false;
    }
    let mut buf = [0u8; 40];
    let mut out = &mut buf[..];
    if serde_json::to_writer(&mut out, &f).is_err() {
        return false;
    }
    let len = 40 - out.len();
    &buf[..len] == number
}

/// How `serde_json` reads a number with a fraction in this build: its
/// `float_roundtrip` feature (which the Tactics ruleset switches on, and
/// so every build that has it) makes it read the nearest `f64`; without
/// it, it reads the digits as a whole number and divides by a power of
/// ten (two roundings, so sometimes one `f64` off). Found once, by asking
/// it to read numbers on which the two differ.
#[derive(Clone, Copy, PartialEq, Debug)]
enum FloatReading {
    Nearest,
    Divided,
    /// Neither (a `serde_json` that reads otherwise): no quick reading.
    Unknown,
}

fn float_reading() -> FloatReading {
    static READING: OnceLock<FloatReading> = OnceLock::new();
    *READING.get_or_init(|| {
        // Each is read one way by the nearest-`f64` reading and another
        // by the division (seventeen digits: past 2^53).
        const PROBES: [&str; 3] = [
            "11.809800000000001",
            "1.7976931348623157",
            "0.12345678901234567",
        ];
        let mut nearest = true;
        let mut divided = true;
        for probe in PROBES {
            let Ok(read) = serde_json::from_str::<f64>(probe) else {
                return FloatReading::Unknown;
            };
            let digits: String = probe.chars().filter(char::is_ascii_digit).collect();
            let fraction = probe.len() - probe.find('.').unwrap_or(probe.len()) - 1;
            let division = digits.parse::<u64>().unwrap_or(0) as f64 / POW10[fraction];
            nearest &= probe.parse::<f64>().ok() == Some(read);
            divided &= division == read;
        }
        match (nearest, divided) {
            (true, false) => FloatReading::Nearest,
            (false, true) => FloatReading::Divided,
            _ => FloatReading::Unknown,
        }
    })
}

/// The powers of ten an `f64` holds exactly (as `serde_json`'s table).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The `f64` that `serde_json` reads from `number`, found without it for
/// the usual float of a record: `-?(0|[1-9][0-9]*).[0-9]+`, at most 19
/// digits in all (so they fit a `u64` as they do in `serde_json`'s
/// reader), no exponent. `None` for any other number, or when this
/// build's reading is not known ([`float_reading`]): then ask
/// `serde_json`. Most floats of the Tactics results (`11.809800000000001`)
/// cost ~600 instructions each through `serde_json`'s reader.
pub(crate) fn quick_float(number: &[u8]) -> Option<f64> {
    let negative = number.first() == Some(&b'-');
    let digits = &number[usize::from(negative)..];
    let point = digits.iter().position(|&c| c == b'.')?;
    let (whole, fraction) = (&digits[..point], &digits[point + 1..]);
    if whole.is_empty()
        || fraction.is_empty()
        || whole.len() + fraction.len() > 19
        || (whole[0] == b'0' && whole.len() > 1)
    {
        return None;
    }
    let mut significand: u64 = 0;
    for &c in whole.iter().chain(fraction) {
        if !c.is_ascii_digit() {
            return None;
        }
        significand = significand * 10 + u64::from(c - b'0');
    }
    // The fraction is at most 19 digits, within the table.
    let power = POW10[fraction.len()];
    let f = match float_reading() {
        FloatReading::Divided => significand as f64 / power,
        // Both exact, so the one rounding of the division is the nearest.
        FloatReading::Nearest if significand <= 1 << 53 => significand as f64 / power,
        FloatReading::Nearest => std::str::from_utf8(digits).ok()?.parse::<f64>().ok()?,
        FloatReading::Unknown => return None,
    };
    Some(if negative { -f } else { f })
}

/// `f` as the writer writes it (`serde_json`'s formatter, into `buf`), or
/// `None` for a value it would not write as a number.
pub(crate) fn print_f64(f: f64, buf: &mut [u8; 40]) -> Option<&[u8]> {
    if !f.is_finite() {
        return None;
    }
    let mut out = &mut buf[..];
    serde_json::ser::Formatter::write_f64(&mut serde_json::ser::CompactFormatter, &mut out, f)
        .ok()?;
    let len = 40 - out.len();
    Some(&buf[..len])
}

/// [`rewritten`] for a number `raw` that [`quick_float`] reads (the text
/// the writer writes for it, if that reads back as the same), without
/// `serde_json`'s reader and a `Value`; `None` when it does not decide.
/// Without `float_roundtrip`, the Tactics results' 17-digit floats are
/// mostly written again (`11.809800000000001` reads as 11.8098).
pub(crate) fn quick_rewritten(raw: &[u8], buf: &mut [u8; 40]) -> Option<usize> {
    let f = quick_float(raw)?;
    let printed = print_f64(f, buf)?;
    let len = printed.len();
    (quick_float(printed)? == f).then_some(len)
}

/// Whether a whole number too long for the quick test is written back as
/// it is, through `serde_json`'s `Value` (rare).
fn whole_written_form(number: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(number) else {
        return false;
    };
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Number(_)) => written(&v) == text,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of `object` as the builder keeps them, and as a map.
    fn kept(object: &str) -> (OtherFields, Map<String, Value>) {
        let map: Map<String, Value> = serde_json::from_str(object).unwrap();
        let fields: TextFields = serde_json::from_str(object).unwrap();
        let mut b = Builder::default();
        for (k, v) in fields.0 {
            b.push(k, v.get()).unwrap();
        }
        (b.finish(), map)
    }

    #[test]
    fn kept_text_writes_as_the_map_does() {
        for object in [
            r#"{}"#,
            r#"{"direction":"N"}"#,
            r#"{ "a" : 1 , "b":[1, 2], "c":{"x":1,"x":2}, "d":"\u0041\n", "\u00e9\"":-0}"#,
            r#"{"f":[1.0,1e2,-0.0,2.50,0.1,1.5e-7,-12,1234567890123456789],"g":[[],[true,false,null]],"h":"é ☃"}"#,
            r#"{"i":-1.25,"j":1E+2,"k":[{"a":[]}],"l":100000000000000000000.0}"#,
        ] {
            let (fields, map) = kept(object);
            assert_eq!(
                serde_json::to_string(&fields).unwrap(),
                serde_json::to_string(&map).unwrap(),
                "{object}"
            );
            assert_eq!(*fields, map, "{object}");
            assert_eq!(fields, OtherFields::from(map.clone()));
            assert_eq!(fields.clone().into_map(), map);
        }
    }

    #[test]
    fn written_forms() {
        for yes in [
            "1",
            "-12",
            "0.5",
            "1.5e-7",
            "\"a b\"",
            "[1,[2,\"]\"]]",
            "null",
            "[]",
            "{}",
            r#"[{"unit":1,"c":"F"},{"unit":3,"c":{"b":[]}}]"#,
            r#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":0}"#,
        ] {
            assert!(is_written_form(yes.as_bytes()), "{yes}");
        }
        for no in [
            "-0",
            "1.50",
            "1e2",
            "[1, 2]",
            "{ }",
            r#"{"a":1,"b":2,"a":3}"#,
            r#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"b":0}"#,
            r#"{"a" :1}"#,
            "\"\\n\"",
            "123456789012345678901",
        ] {
            assert!(!is_written_form(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn a_number_not_read_back_alike_is_refused() {
        // Without `serde_json`'s `float_roundtrip` (which another crate of
        // a build may switch on) this reads as 1.2345678901234567e20, is
        // written so, and reads back one ulp off.
        let raw = "123456789012345678901";
        let read: Value = serde_json::from_str(raw).unwrap();
        let again: Value = serde_json::from_str(&read.to_string()).unwrap();
        let mut b = Builder::default();
        assert_eq!(b.push(Key("a".into()), raw).is_ok(), again == read);
    }

    proptest::proptest! {
        /// The word-at-a-time scan finds what a byte-by-byte one finds.
        #[test]
        fn plain_string_end_agrees_with_a_plain_scan(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                8 => 0x20u8..0x7f, 1 => 0u8..0x20, 1 => 0x80u8..=0xff, 2 => proptest::strategy::Just(b'"'), 1 => proptest::strategy::Just(b'\\'),
            ], 0..40),
            at in 0usize..8,
        ) {
            let at = at.min(bytes.len());
            let slow = bytes[at..]
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .and_then(|n| (bytes[at + n] == b'"').then_some(at + n));
            proptest::prop_assert_eq!(plain_string_end(&bytes, at), slow);
        }
    }

    /// The written-form test of a number as it was first made: read into
    /// a `Value` and printed to a `String`.
    fn written_form_through_value(number: &str) -> bool {
        match serde_json::from_str::<Value>(number) {
            Ok(v @ Value::Number(_)) => written(&v) == number,
            _ => false,
        }
    }

    #[test]
    fn number_forms_as_through_a_value() {
        for n in [
            "11.809800000000001",
            "13.122",
            "2.0",
            "2.50",
            "-0.0",
            "0.0",
            "1e20",
            "1e+20",
            "1.5e-7",
            "0.00001",
            "0.000001",
            "1e-7",
            "123456789012345678901",
            "12345678901234567890",
            "-9223372036854775808",
            "1.7976931348623157e308",
            "1e400",
            "5e-324",
            "100000000000000000000.0",
            "1.0e2",
            "-12.5",
            "100.0",
            "0.00001",
            "0.000012",
            "0.0000012",
            "123456789012345.0",
            "1234567890123456.0",
            "12345678901234567.0",
            "0.123456789012345",
            "0.1234567890123456",
            "9007199254740993.0",
        ] {
            assert_eq!(
                float_written_form(n.as_bytes()),
                written_form_through_value(n),
                "{n}"
            );
        }
    }

    proptest::proptest! {
        /// Numbers of every shape: the quick written-form test agrees with
        /// reading a `Value` and printing it.
        #[test]
        fn number_forms_agree(
            negative in proptest::bool::ANY,
            whole in "(0|[1-9][0-9]{0,20})",
            fraction in proptest::option::of("[0-9]{1,20}"),
            exponent in proptest::option::of("[eE][-+]?[0-9]{1,3}"),
        ) {
            let mut n = String::new();
            if negative {
                n.push('-');
            }
            n.push_str(&whole);
            if let Some(f) = &fraction {
                n.push('.');
                n.push_str(f);
            }
            if let Some(e) = &exponent {
                n.push_str(e);
            }
            proptest::prop_assert_eq!(float_written_form(n.as_bytes()), written_form_through_value(&n), "{}", n);
        }

        /// Floats as a writer prints them (the written form itself, the
        /// usual case in records) are recognised as such.
        #[test]
        fn printed_floats_are_written_form(f in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO) {
            let text = serde_json::to_string(&f).unwrap();
            proptest::prop_assert_eq!(float_written_form(text.as_bytes()), written_form_through_value(&text), "{}", text);
        }
    }

    /// The quick reading and rewriting of a float against `serde_json`'s:
    /// the same `f64` (to the bit) whenever the quick one decides, the
    /// same written-form verdict, and the same rewritten text.
    fn quick_agrees(n: &str) -> Result<(), proptest::test_runner::TestCaseError> {
        let serde = serde_json::from_str::<f64>(n).ok();
        if let Some(f) = quick_float(n.as_bytes()) {
            proptest::prop_assert_eq!(Some(f.to_bits()), serde.map(f64::to_bits), "{}", n);
        }
        proptest::prop_assert_eq!(
            float_written_form(n.as_bytes()),
            written_form_through_value(n),
            "{}",
            n
        );
        proptest::prop_assert_eq!(
            float_written_form(n.as_bytes()),
            float_written_form_by_serde(n.as_bytes()),
            "{}",
            n
        );
        let mut buf = [0u8; 40];
        if let Some(len) = quick_rewritten(n.as_bytes(), &mut buf) {
            let slow = rewritten(n);
            proptest::prop_assert_eq!(
                slow.as_deref().map(str::as_bytes),
                Some(&buf[..len]),
                "{}",
                n
            );
        }
        let mut memo = FloatMemo::new();
        for _ in 0..2 {
            proptest::prop_assert_eq!(
                memo.written_form(n.as_bytes()),
                float_written_form(n.as_bytes())
            );
        }
        Ok(())
    }

    #[test]
    fn this_builds_float_reading_is_known() {
        // Either way of `serde_json`'s is recognised, so the quick reading
        // is in use (else every float would go the long way, unnoticed).
        println!("float reading: {:?}", float_reading());
        assert_ne!(float_reading(), FloatReading::Unknown);
        assert!(quick_float(b"11.809800000000001").is_some());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// Decimals of every length around the quick reading's limits
        /// (15 to 20 digits, leading zeros, long fractions).
        #[test]
        fn quick_floats_agree(
            negative in proptest::bool::ANY,
            digits in "[1-9][0-9]{0,20}",
            zeros in 0usize..4,
            point in 0usize..22,
        ) {
            let digits = format!("{}{digits}", "0".repeat(zeros));
            let point = point.min(digits.len() - 1).max(1);
            let (whole, fraction) = digits.split_at(point);
            let whole = whole.trim_start_matches('0');
            let whole = if whole.is_empty() { "0" } else { whole };
            let n = format!("{}{whole}.{fraction}", if negative { "-" } else { "" });
            quick_agrees(&n)?;
        }

        /// Printed floats and the decimals next to them (the last digit
        /// one up or down, one digit more or fewer): the cases where the
        /// nearest `f64`, the division's `f64` and the shortest text part.
        #[test]
        fn quick_floats_agree_near_printed_ones(
            bits in proptest::num::f64::POSITIVE | proptest::num::f64::NEGATIVE,
            scale in -8i32..18,
            extra in 0u8..10,
        ) {
            let f = (bits.abs().fract() + 1.0) * 10f64.powi(scale) * bits.signum();
            let printed = serde_json::to_string(&f).unwrap();
            if printed.contains('e') || !printed.contains('.') {
                return Ok(());
            }
            quick_agrees(&printed)?;
            let last = printed.as_bytes()[printed.len() - 1];
            let head = &printed[..printed.len() - 1];
            if last > b'0' {
                quick_agrees(&format!("{head}{}", char::from(last - 1)))?;
            }
            if last < b'9' {
                quick_agrees(&format!("{head}{}", char::from(last + 1)))?;
            }
            quick_agrees(&format!("{printed}{extra}"))?;
            if !head.ends_with('.') {
                quick_agrees(head)?;
            }
        }
    }

    #[test]
    fn quick_floats_agree_on_hard_cases() {
        for n in [
            "11.809800000000001",
            "44.236799999999995",
            "9007199254740993.0",
            "9007199254740992.5",
            "1.7976931348623157",
            "0.30000000000000004",
            "0.1",
            "0.0",
            "-0.0",
            "123456789012345678.9",
            "1234567890123456789.0",
            "12345678901234567890.0",
            "0.0000000000000000001",
            "0.00000000000000000001",
            "2.2250738585072014",
            "4.9406564584124654",
            "7236830840615796.5",
            "74187060.866652760",
            "43591.010316006538",
            "00.5",
            "01.5",
            ".5",
            "5.",
            "1.5e3",
            "-",
            "1.2.3",
        ] {
            quick_agrees(n).unwrap();
        }
    }

    #[test]
    fn plain_fields_and_text() {
        let (fields, _) = kept(r#"{"command":"F","wall":[1,2],"created":"x"}"#);
        assert_eq!(
            fields.plain_fields().unwrap(),
            vec![
                ("command", "\"F\""),
                ("wall", "[1,2]"),
                ("created", "\"x\"")
            ]
        );
        assert_eq!(
            fields.to_json_text(),
            r#"{"command":"F","wall":[1,2],"created":"x"}"#
        );
        let (empty, _) = kept("{}");
        assert_eq!(empty.to_json_text(), "{}");
        let (escaped, _) = kept(r#"{"\u00e9":1}"#);
        assert_eq!(escaped.plain_fields().map(|f| f.len()), Some(1));
        let map: OtherFields = serde_json::from_str::<Map<String, Value>>(r#"{"a":1}"#)
            .unwrap()
            .into();
        assert!(map.plain_fields().is_none());
        assert_eq!(map.to_json_text(), r#"{"a":1}"#);
    }

    #[test]
    fn a_key_twice_is_refused() {
        let mut b = Builder::default();
        b.push(Key("a".into()), "1").unwrap();
        b.push(Key("b".into()), "1").unwrap();
        assert!(b.push(Key("a".into()), "2").is_err());
    }

    #[test]
    fn changed_fields_are_written_from_the_map() {
        let (mut fields, _) = kept(r#"{"a":1,"b":2}"#);
        fields.insert("c".into(), Value::from(3));
        fields.shift_remove("a");
        assert_eq!(serde_json::to_string(&fields).unwrap(), r#"{"b":2,"c":3}"#);
        assert_eq!(fields.get("c"), Some(&Value::from(3)));
    }
}
