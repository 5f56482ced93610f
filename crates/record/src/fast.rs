//! A byte-level reader for the records the project and the Tactics engine
//! write: the first of [`crate::read_record`]'s three paths.
//!
//! The serde visitors of `typed` cost ~52 instructions per byte of a long
//! game, most of it in the visitor machinery around each small object (a
//! unit is four keys and an array of two numbers). Here the turns, where
//! nearly all of a record's bytes are, are read by hand: keys are borrowed
//! and matched by their bytes, ids and coordinates parsed as digits,
//! unknown fields checked and copied as text in one pass into one reused
//! buffer ([`value_end`]). The small parts around the turns (teams, dates,
//! the winner, the record's own unknown fields) go through `serde_json` with
//! `typed`'s seeds, so their rules live in one place; the record is then
//! finished by `typed`'s [`finish`], which applies the checks that need the
//! whole record.
//!
//! It reads only what it expects: a key or string with an escape, a number
//! it does not parse itself where an id is wanted, an unknown field not in
//! the writer's form, a key given twice, or anything that is not JSON makes
//! it give up (`None`), and `typed` reads the text again (and, if that gives
//! up too, the checks, which say what is wrong where). So it must never
//! accept what those reject, nor read anything differently; the tests of
//! `typed` hold all three paths to each other.

use serde::de::{DeserializeOwned, DeserializeSeed};
use serde_json::value::RawValue;
use serde_json::{Number, Value};

use crate::check::Problem;
use crate::model::{Action, ActionResult, GameRecord, Turn, UnitData};
use crate::other_fields::{
    nesting, plain_string_end, quick_rewritten, rewritten, value_end_memo, FloatMemo, OtherFields,
    SharedText, MAX_DEPTH,
};
use crate::small::{Position, TypeName};
use crate::typed::{finish, Body, Ctx, TeamsSeed, UnitIds, WinnerSeed};

/// The typed record and its warnings, or `None`: read it another way.
pub(crate) fn read(text: &str) -> Option<(GameRecord, Vec<Problem>)> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        i: 0,
        scratch: String::new(),
        keys: Vec::new(),
        turn_text: None,
        turn_capacity: 0,
        actions: Vec::new(),
        results: Vec::new(),
        floats: FloatMemo::new(),
    };
    let mut ctx = Ctx::default();
    let body = p.body(&mut ctx, true)?;
    p.ws();
    if p.i != p.b.len() {
        return None;
    }
    finish(body, ctx)
}

/// Sets a known field once; a key given twice is left to the other paths.
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value);
    Some(())
}

/// Where an object's unknown fields start in the parser's buffers.
#[derive(Clone, Copy)]
struct Mark {
    text: usize,
    keys: usize,
    /// The object's unknown fields so far when they stand next to each
    /// other in the text as the writer writes them (`"direction":"W",
    /// "mHealth":3`): where that run starts (a key's quote) and ends
    /// (`(0, 0)` for none). Kept as a span and copied once when the object
    /// ends, not field by field into `scratch` and from there again.
    run: (usize, usize),
    /// Whether the fields went to `scratch` instead (one not in written
    /// form, or a typed field between two of them).
    spilled: bool,
}

/// An object's unknown fields beyond which the reader gives up (a key is
/// compared with each one before it).
const MAX_OTHER_FIELDS: usize = 32;

/// A key as [`Parser::fields`] expects it: its name, and its written text
/// with quotes and colon (`"id":`) as two little-endian words with masks,
/// so that a short key is compared with two 8-byte loads instead of a call
/// to `memcmp` (which is what comparing slices of unknown length costs).
struct Key {
    /// The key's name (`id`).
    name: &'static str,
    words: [u64; 2],
    masks: [u64; 2],
}

impl Key {
    const fn new(name: &'static str) -> Key {
        let name_bytes = name.as_bytes();
        let mut words = [0u64; 2];
        let mut masks = [0u64; 2];
        // `"name":`, byte by byte, as far as 16 bytes.
        let len = name_bytes.len() + 3;
        let mut i = 0;
        while i < len && i < 16 {
            let c = if i == 0 || i == len - 2 {
                b'"'
            } else if i == len - 1 {
                b':'
            } else {
                name_bytes[i - 1]
            };
            words[i / 8] |= (c as u64) << (8 * (i % 8));
            masks[i / 8] |= 0xff << (8 * (i % 8));
            i += 1;
        }
        Key { name, words, masks }
    }

    /// The length of `"name":`.
    fn len(&self) -> usize {
        self.name.len() + 3
    }

    /// Whether `b[at..]` starts with `"name":`.
    #[inline(always)]
    fn at(&self, b: &[u8], at: usize) -> bool {
        match b.get(at..at + 16) {
            Some(here) if self.name.len() <= 13 => {
                let word = |from: usize| {
                    u64::from_le_bytes(here[from..from + 8].try_into().expect("eight bytes"))
                };
                ((word(0) ^ self.words[0]) & self.masks[0])
                    | ((word(8) ^ self.words[1]) & self.masks[1])
                    == 0
            }
            _ => self.at_slowly(b, at),
        }
    }

    /// [`Key::at`] near the end of the text, or for a long key.
    #[cold]
    fn at_slowly(&self, b: &[u8], at: usize) -> bool {
        let n = self.name.len();
        b.get(at..at + n + 3).is_some_and(|here| {
            here[0] == b'"'
                && &here[1..n + 1] == self.name.as_bytes()
                && here[n + 1] == b'"'
                && here[n + 2] == b':'
        })
    }
}

/// `[x,y]` of two whole numbers of at most nine digits, written without
/// spaces, starting at `at`: the numbers and where the pair ends (as
/// [`Parser::number`] reads them, a `u64` each). Nearly every unit's
/// `assignment` is one; anything else is left to the general reading.
#[inline]
fn small_pair(b: &[u8], at: usize) -> Option<(u64, u64, usize)> {
    if b.get(at) != Some(&b'[') {
        return None;
    }
    let (x, i) = small_uint(b, at + 1)?;
    if b.get(i) != Some(&b',') {
        return None;
    }
    let (y, i) = small_uint(b, i + 1)?;
    (b.get(i) == Some(&b']')).then_some((x, y, i + 1))
}

/// Digits at `at` that make a whole number of at most nine digits with
/// no leading zero, and where they end (the caller checks what follows).
#[inline]
fn small_uint(b: &[u8], at: usize) -> Option<(u64, usize)> {
    let mut n = 0u64;
    let mut i = at;
    while let Some(&c) = b.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        n = n * 10 + u64::from(c - b'0');
        i += 1;
        if i - at > 9 {
            return None;
        }
    }
    match i - at {
        0 => None,
        1 => Some((n, i)),
        _ if b[at] == b'0' => None,
        _ => Some((n, i)),
    }
}

/// The keys of a turn, a unit, an action, a result and a result's
/// `changes` in the order the writers put them (the project's and the
/// Tactics engine's; each may be left out), as [`Parser::fields`] expects
/// them. Past the typed fields come the common unknown fields (kept like
/// any other), listed so that they too are matched as bytes.
const TURN_KEYS: &[Key; 2] = &[Key::new("units"), Key::new("actions")];
const UNIT_KEYS: &[Key; 7] = &[
    Key::new("id"),
    Key::new("type"),
    Key::new("assignment"),
    Key::new("direction"),
    Key::new("mHealth"),
    Key::new("mBlocking"),
    Key::new("mRecovery"),
];
/// The Tactics engine writes `teamId` last; the project's ttrts record
/// right after `unit` (then the keys after it are looked up).
const ACTION_KEYS: &[Key; 8] = &[
    Key::new("type"),
    Key::new("unit"),
    Key::new("assignment"),
    Key::new("direction"),
    Key::new("target"),
    Key::new("results"),
    Key::new("created"),
    Key::new("teamId"),
];
const RESULT_KEYS: &[Key; 5] = &[
    Key::new("unit"),
    Key::new("luck"),
    Key::new("miss"),
    Key::new("changes"),
    Key::new("results"),
];
const CHANGES_KEYS: &[Key; 3] = &[
    Key::new("mBlocking"),
    Key::new("mRecovery"),
    Key::new("mHealth"),
];

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    /// The unknown fields of the objects being read, innermost last: each
    /// object's are written after its parent's so far, and taken out when
    /// it ends (so one buffer serves every object).
    scratch: String,
    /// Their keys, likewise, to find one given twice.
    keys: Vec<&'a str>,
    /// Where the finished objects of the turn being read keep their
    /// unknown fields (one buffer per turn, not one per object).
    turn_text: Option<SharedText>,
    /// The size of the turn before's, as the capacity of the next.
    turn_capacity: usize,
    /// The actions of the turn being read, and the results of the actions
    /// and results being read (innermost last, as `scratch`): each list is
    /// moved out into a vector of its exact size when it ends, instead of
    /// growing its own from empty (a realloc for every few results of an
    /// `endTurn`).
    actions: Vec<Action>,
    results: Vec<ActionResult>,
    /// The written-form verdicts on the floats met so far.
    floats: FloatMemo,
}

impl<'a> Parser<'a> {
    #[inline]
    fn ws(&mut self) {
        // Written records have no whitespace between tokens.
        if self.b.get(self.i).is_some_and(|&c| c > b' ') {
            return;
        }
        while let Some(&c) = self.b.get(self.i) {
            if !matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            self.i += 1;
        }
    }

    /// The next byte that is not whitespace, not taken.
    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.b.get(self.i).copied()
    }

    /// The byte after a value, not taken: where the writer puts `,` or
    /// the end of its object or array, looked at before any whitespace.
    #[inline]
    fn after_value(&mut self) -> Option<u8> {
        match self.b.get(self.i) {
            Some(&c) if c > b' ' => Some(c),
            _ => self.peek(),
        }
    }

    #[inline]
    fn eat(&mut self, c: u8) -> Option<()> {
        if self.peek()? != c {
            return None;
        }
        self.i += 1;
        Some(())
    }

    /// A string without escapes, borrowed.
    #[inline]
    fn plain_str(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.i;
        let end = plain_string_end(self.b, start)?;
        self.i = end + 1;
        // Both ends are ASCII quotes, so these are character boundaries.
        Some(&self.text[start..end])
    }

    /// An object, each field handed to `field` with the parser standing
    /// on its value.
    #[inline]
    fn object(&mut self, mut field: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        if self.peek()? == b'}' {
            self.i += 1;
            return Some(());
        }
        loop {
            let key = self.plain_str()?;
            self.eat(b':')?;
            field(self, key)?;
            match self.peek()? {
                b',' => self.i += 1,
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// An object whose keys are mostly `keys` (each written `"key":`, quotes
    /// and colon included), in that order: each field is handed to `field`
    /// with the key's place in `keys` (`keys.len()` for any other key), the
    /// key, and where its opening quote stands, the parser standing on its
    /// value. The key expected next is
    /// compared as bytes before any scan (a written record's keys come in
    /// the writer's order), so a key costs a few compares, not a string
    /// scan and a match on the string. A key with an escape, spaces or in
    /// another order is read and looked up as in [`Parser::object`].
    #[inline]
    fn fields<const N: usize>(
        &mut self,
        keys: &[Key; N],
        mut field: impl FnMut(&mut Self, usize, &'a str, usize) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.peek()? == b'}' {
            self.i += 1;
            return Some(());
        }
        let mut next = 0;
        loop {
            self.ws();
            let at = self.i;
            // The key expected next, or one listed after it (an optional
            // field left out).
            let listed = match keys.get(next) {
                Some(key) if key.at(self.b, at) => Some(next),
                Some(_) => (next + 1..N).find(|&k| keys[k].at(self.b, at)),
                None => None,
            };
            let (k, key) = match listed {
                Some(k) => {
                    self.i = at + keys[k].len();
                    (k, keys[k].name)
                }
                None => {
                    let key = self.plain_str()?;
                    self.eat(b':')?;
                    let k = keys.iter().position(|k| k.name == key).unwrap_or(N);
                    (k, key)
                }
            };
            if k < N {
                next = k + 1;
            }
            field(self, k, key, at)?;
            match self.after_value()? {
                b',' => self.i += 1,
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// An array, `item` called on each element.
    #[inline]
    fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.peek()? == b']' {
            self.i += 1;
            return Some(());
        }
        loop {
            item(self)?;
            match self.after_value()? {
                b',' => self.i += 1,
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// Digits that `serde_json` reads as a `u64` (an id): no sign, no
    /// fraction or exponent, no leading zero, not too large.
    #[inline]
    fn uint(&mut self) -> Option<u64> {
        self.ws();
        let start = self.i;
        let mut n: u64 = 0;
        while let Some(&c) = self.b.get(self.i) {
            if !c.is_ascii_digit() {
                break;
            }
            n = n.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
            self.i += 1;
        }
        let len = self.i - start;
        if len == 0 || (len > 1 && self.b[start] == b'0') {
            return None;
        }
        if matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(n)
    }

    /// Any JSON number, as `serde_json` reads it: short whole numbers
    /// here, the rest by `serde_json` from their text.
    fn number(&mut self) -> Option<Number> {
        self.ws();
        let start = self.i;
        let negative = self.b.get(self.i) == Some(&b'-');
        if negative {
            self.i += 1;
        }
        let digits = self.i;
        let mut n: u64 = 0;
        while let Some(&c) = self.b.get(self.i) {
            if !c.is_ascii_digit() {
                break;
            }
            n = n.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            self.i += 1;
        }
        let len = self.i - digits;
        if len == 0 || (len > 1 && self.b[digits] == b'0') {
            return None;
        }
        let more = matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E'));
        // At most 18 digits fit an i64 with room; `-0` is read as a float.
        if !more && len <= 18 && !(negative && n == 0) {
            return Some(if negative {
                Number::from(-(n as i64))
            } else {
                Number::from(n)
            });
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            self.digits()?;
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.b.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            self.digits()?;
        }
        serde_json::from_str(&self.text[start..self.i]).ok()
    }

    /// One or more digits.
    fn digits(&mut self) -> Option<()> {
        let start = self.i;
        while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        (self.i > start).then_some(())
    }

    /// The next value's text, found and checked by `serde_json` (for the
    /// few, small values outside the turns).
    fn raw(&mut self) -> Option<&'a str> {
        self.ws();
        let rest = &self.text[self.i..];
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<&RawValue>();
        let raw = stream.next()?.ok()?;
        self.i += stream.byte_offset();
        Some(raw.get())
    }

    /// The next value, read by `serde_json` as a `T`.
    fn serde<T: DeserializeOwned>(&mut self) -> Option<T> {
        serde_json::from_str(self.raw()?).ok()
    }

    /// The next value, read by `serde_json` with `seed`.
    fn seed<S: DeserializeSeed<'a>>(&mut self, seed: S) -> Option<S::Value> {
        let mut de = serde_json::Deserializer::from_str(self.raw()?);
        let value = seed.deserialize(&mut de).ok()?;
        de.end().ok()?;
        Some(value)
    }

    fn mark(&self) -> Mark {
        Mark {
            text: self.scratch.len(),
            keys: self.keys.len(),
            run: (0, 0),
            spilled: false,
        }
    }

    /// An unknown field of the object begun at `mark`: kept as text if the
    /// writer would write it so (else the other paths rewrite it).
    fn keep(&mut self, key: &'a str, at: usize, mark: &mut Mark) -> Option<()> {
        let before = &self.keys[mark.keys..];
        if before.len() >= MAX_OTHER_FIELDS || before.contains(&key) {
            return None;
        }
        self.ws();
        let start = self.i;
        let end = value_end_memo(self.b, start, &mut self.floats);
        // `"key":value` with nothing between (`at`: the key's quote).
        let quote = Some(at).filter(|&q| q + key.len() + 3 == start);
        if let (Some(end), Some(quote), false) = (end, quote, mark.spilled) {
            // `"key":value` as written, next to the fields before it (or
            // the first): the run grows, nothing is copied yet.
            if mark.run.1 == 0 {
                mark.run = (quote, end);
            } else if mark.run.1 + 1 == quote {
                // Only a comma between (the object's grammar put one there).
                mark.run.1 = end;
            } else {
                self.spill(mark);
                self.scratch.push(',');
                self.scratch.push_str(self.text.get(quote..end)?);
            }
            self.i = end;
            self.keys.push(key);
            return Some(());
        }
        self.spill(mark);
        let first = self.scratch.len() == mark.text;
        self.scratch.push(if first { '{' } else { ',' });
        match (end, quote) {
            // `"key":value` with nothing between: copied in one piece.
            (Some(end), Some(quote)) => {
                self.scratch.push_str(self.text.get(quote..end)?);
                self.i = end;
            }
            (Some(end), None) => {
                self.push_key(key);
                self.scratch.push_str(&self.text[start..end]);
                self.i = end;
            }
            (None, _) => {
                self.push_key(key);
                // A float the writer writes otherwise, written again
                // without `serde_json` when `quick_rewritten` decides.
                let token = self.b[start..]
                    .iter()
                    .position(|c| !matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .unwrap_or(self.b.len() - start);
                let mut buf = [0u8; 40];
                if token > 0 {
                    if let Some(len) = quick_rewritten(&self.b[start..start + token], &mut buf) {
                        // Printed by `serde_json`'s formatter: ASCII.
                        self.scratch
                            .push_str(std::str::from_utf8(&buf[..len]).ok()?);
                        self.i = start + token;
                        self.keys.push(key);
                        return Some(());
                    }
                }
                // Not as the writer writes it (spaces, escapes, a float
                // `serde_json` prints otherwise): written again, as the
                // visitors' `Builder` does. Not deeper than `value_end`
                // goes, so that `serde_json` reading the whole text would
                // not refuse it.
                let raw = self.raw()?;
                if nesting(raw.as_bytes()) > MAX_DEPTH {
                    return None;
                }
                self.scratch.push_str(&rewritten(raw)?);
            }
        }
        self.keys.push(key);
        Some(())
    }

    /// Moves the run of fields kept as they stand (see [`Mark`]) into the
    /// scratch text, from where the object's later fields follow it.
    fn spill(&mut self, mark: &mut Mark) {
        if mark.spilled {
            return;
        }
        mark.spilled = true;
        if mark.run.1 != 0 {
            self.scratch.push('{');
            self.scratch.push_str(&self.text[mark.run.0..mark.run.1]);
        }
    }

    /// `"key":` into the kept text.
    fn push_key(&mut self, key: &str) {
        self.scratch.push('"');
        self.scratch.push_str(key);
        self.scratch.push_str("\":");
    }

    /// The unknown fields of the object begun at `mark`, taken out.
    fn other_fields(&mut self, mark: Mark) -> OtherFields {
        if self.keys.len() == mark.keys {
            return OtherFields::new();
        }
        if !mark.spilled {
            // One run of the text: copied once, braced.
            let run = &self.text[mark.run.0..mark.run.1];
            self.keys.truncate(mark.keys);
            return match &mut self.turn_text {
                Some(shared) => shared.braced_fields(run),
                None => OtherFields::from_written_text(format!("{{{run}}}").into()),
            };
        }
        self.scratch.push('}');
        let text = &self.scratch[mark.text..];
        let fields = match &mut self.turn_text {
            Some(shared) => shared.fields(text),
            None => OtherFields::from_written_text(text.into()),
        };
        self.scratch.truncate(mark.text);
        self.keys.truncate(mark.keys);
        fields
    }

    /// A record object (`typed::BodySeed`); `top` for the outermost, where
    /// `state` may wrap the record.
    fn body(&mut self, ctx: &mut Ctx, top: bool) -> Option<Body> {
        let mut b = Body::default();
        self.object(|p, key| match key {
            "type" => once(&mut b.game_type, p.serde::<String>()?),
            "teams" => once(&mut b.teams, p.seed(TeamsSeed)?),
            "turns" => {
                let mut counts = Vec::new();
                let turns = p.turns(ctx, &mut counts)?;
                once(&mut b.turns, turns)?;
                b.team_counts = counts;
                Some(())
            }
            "created" if top => once(&mut b.top_created, p.serde::<Value>()?),
            "created" => once(&mut b.created, p.serde::<Option<String>>()?),
            "started" => once(&mut b.started, p.serde::<Option<String>>()?),
            "ended" => once(&mut b.ended, p.serde::<Option<String>>()?),
            "winnerId" => once(&mut b.winner, p.seed(WinnerSeed)?),
            "state" if top => {
                if p.peek()? == b'{' {
                    let state = p.body(ctx, false)?;
                    once(&mut b.state, Box::new(state))
                } else {
                    let value = p.serde::<Value>()?;
                    match b.extra.insert("state".into(), value) {
                        Some(_) => None,
                        None => Some(()),
                    }
                }
            }
            _ => {
                // As a map keeps a key given twice: the last value, in the
                // first one's place.
                let value = p.serde::<Value>()?;
                b.extra.insert(key.to_owned(), value);
                Some(())
            }
        })?;
        Some(b)
    }

    fn turns(&mut self, ctx: &mut Ctx, counts: &mut Vec<usize>) -> Option<Vec<Turn>> {
        let mut turns = Vec::new();
        self.array(|p| {
            let (turn, count) = p.turn(ctx)?;
            turns.push(turn);
            counts.push(count);
            Some(())
        })?;
        Some(turns)
    }

    /// A turn and its number of per-team unit arrays (`typed::TurnSeed`).
    fn turn(&mut self, ctx: &mut Ctx) -> Option<(Turn, usize)> {
        let (mut units, mut actions) = (None, None);
        ctx.seen.clear();
        self.turn_text = Some(SharedText::with_capacity(self.turn_capacity));
        let mut mark = self.mark();
        self.fields(TURN_KEYS, |p, k, key, at| match k {
            0 => once(&mut units, p.units(&mut ctx.seen, &mut ctx.sizes)?),
            1 => once(&mut actions, p.actions(&mut ctx.max_team_id)?),
            _ => p.keep(key, at, &mut mark),
        })?;
        let units: Vec<Vec<UnitData>> = units?;
        let count = units.len();
        let turn = Turn {
            units,
            actions: actions.unwrap_or_default(),
            extra: self.other_fields(mark),
        };
        if let Some(shared) = self.turn_text.take() {
            self.turn_capacity = shared.freeze();
        }
        Some((turn, count))
    }

    /// A turn's `units`, one array per team, each read into the size of
    /// the team's array in the turn before.
    fn units(&mut self, seen: &mut UnitIds, sizes: &mut Vec<usize>) -> Option<Vec<Vec<UnitData>>> {
        let mut per_team: Vec<Vec<UnitData>> = Vec::with_capacity(sizes.len().max(2));
        self.array(|p| {
            let team = per_team.len();
            let mut units = Vec::with_capacity(sizes.get(team).copied().unwrap_or(0));
            p.array(|p| {
                let unit = p.unit()?;
                if !seen.insert(unit.id) {
                    return None;
                }
                units.push(unit);
                Some(())
            })?;
            match sizes.get_mut(team) {
                Some(size) => *size = units.len(),
                None => sizes.push(units.len()),
            }
            per_team.push(units);
            Some(())
        })?;
        Some(per_team)
    }

    /// A unit (`typed::UnitWire`).
    fn unit(&mut self) -> Option<UnitData> {
        let (mut id, mut unit_type, mut assignment) = (None, None, None);
        let mut mark = self.mark();
        self.fields(UNIT_KEYS, |p, k, key, at| match k {
            0 => once(&mut id, p.uint()?),
            1 => once(&mut unit_type, TypeName::new(p.plain_str()?)),
            2 => once(&mut assignment, p.tile()?),
            _ => p.keep(key, at, &mut mark),
        })?;
        Some(UnitData {
            id: id?,
            unit_type: unit_type?,
            assignment: assignment?,
            extra: self.other_fields(mark),
        })
    }

    /// A unit's `assignment`: exactly two numbers (`typed::TileSeed`).
    fn tile(&mut self) -> Option<Position> {
        if let Some((x, y, end)) = small_pair(self.b, self.i) {
            self.i = end;
            return Some(Position {
                x: Number::from(x),
                y: Number::from(y),
            });
        }
        self.eat(b'[')?;
        let x = self.number()?;
        self.eat(b',')?;
        let y = self.number()?;
        self.eat(b']')?;
        Some(Position { x, y })
    }

    fn actions(&mut self, max_team_id: &mut Option<u64>) -> Option<Vec<Action>> {
        self.actions.clear();
        self.array(|p| {
            let action = p.action()?;
            if let Some(t) = action.team_id {
                let max = max_team_id.get_or_insert(t);
                *max = (*max).max(t);
            }
            p.actions.push(action);
            Some(())
        })?;
        Some(self.actions.drain(..).collect())
    }

    /// An action (`typed::ActionWire`).
    fn action(&mut self) -> Option<Action> {
        let (mut action_type, mut unit, mut team, mut results) = (None, None, None, None);
        let mut mark = self.mark();
        self.fields(ACTION_KEYS, |p, k, key, at| match k {
            0 => once(&mut action_type, TypeName::new(p.plain_str()?)),
            1 => once(&mut unit, p.uint()?),
            5 => once(&mut results, p.results(true)?),
            7 => once(&mut team, p.uint()?),
            _ => p.keep(key, at, &mut mark),
        })?;
        Some(Action {
            action_type: action_type?,
            unit,
            team_id: team,
            extra: self.other_fields(mark),
            results,
        })
    }

    /// An action's `results`; a result's own (`nest` false) may not nest
    /// again (spec 1.5).
    fn results(&mut self, nest: bool) -> Option<Vec<ActionResult>> {
        let mark = self.results.len();
        let read = self.array(|p| {
            let result = p.result(nest)?;
            p.results.push(result);
            Some(())
        });
        if read.is_none() {
            self.results.truncate(mark);
            return None;
        }
        Some(self.results.drain(mark..).collect())
    }

    /// A result (`typed::ResultSeed`).
    fn result(&mut self, nest: bool) -> Option<ActionResult> {
        let (mut unit, mut changes, mut results) = (None, None, None);
        let mut mark = self.mark();
        self.fields(RESULT_KEYS, |p, k, key, at| match k {
            0 => once(&mut unit, p.uint()?),
            3 => once(&mut changes, p.changes()?),
            4 if nest => once(&mut results, p.results(false)?),
            4 => None,
            _ => p.keep(key, at, &mut mark),
        })?;
        Some(ActionResult {
            unit,
            changes,
            results,
            extra: self.other_fields(mark),
        })
    }

    /// A result's `changes`, kept as text like unknown fields.
    fn changes(&mut self) -> Option<OtherFields> {
        let mut mark = self.mark();
        self.fields(CHANGES_KEYS, |p, _, key, at| p.keep(key, at, &mut mark))?;
        Some(self.other_fields(mark))
    }
}
