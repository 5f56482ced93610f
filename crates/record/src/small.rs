//! Small typed values of the record model: the type names of units and
//! actions ([`TypeName`]) and a unit's position ([`Position`]).
//!
//! A record names a type for every unit of every turn and for every action,
//! and places every unit: as a `String` and a `serde_json::Value` array
//! they were two heap allocations per unit (and their frees), about a sixth
//! of reading and dropping a Tactics record. A type name is a few ASCII
//! letters, so it is kept inline (longer ones on the heap), and a position
//! is two numbers held by value. Both are written and read as the JSON they
//! stand for (a string; an array of two numbers), so the record's text is
//! unchanged.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

/// How many bytes of a name are kept inline (the rest of the value is its
/// length and the variant's tag, so a name is as large as a `String`).
const INLINE: usize = 22;

/// A unit's or an action's type name (`"Knight"`, `"endTurn"`): a string
/// (it dereferences to `str` and compares with `&str` and `String`) that
/// keeps short names without a heap allocation.
#[derive(Clone)]
pub struct TypeName(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl TypeName {
    /// The name `text`.
    pub fn new(text: &str) -> TypeName {
        if text.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            TypeName(Repr::Inline {
                len: text.len() as u8,
                bytes,
            })
        } else {
            TypeName(Repr::Heap(text.into()))
        }
    }

    /// The name as a string slice.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes are a whole `str` copied in `new`, so they are
            // UTF-8 (the fallback cannot be taken).
            Repr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Repr::Heap(text) => text,
        }
    }
}

impl Default for TypeName {
    fn default() -> TypeName {
        TypeName::new("")
    }
}

impl Deref for TypeName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for TypeName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for TypeName {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for TypeName {
    fn eq(&self, other: &TypeName) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for TypeName {}

impl PartialEq<str> for TypeName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for TypeName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for TypeName {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<TypeName> for str {
    fn eq(&self, other: &TypeName) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<TypeName> for &str {
    fn eq(&self, other: &TypeName) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<TypeName> for String {
    fn eq(&self, other: &TypeName) -> bool {
        self == other.as_str()
    }
}

impl PartialOrd for TypeName {
    fn partial_cmp(&self, other: &TypeName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TypeName {
    fn cmp(&self, other: &TypeName) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for TypeName {
    /// As the `str` it holds (so `Borrow<str>` lookups work).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for TypeName {
    fn from(text: &str) -> TypeName {
        TypeName::new(text)
    }
}

impl From<&String> for TypeName {
    fn from(text: &String) -> TypeName {
        TypeName::new(text)
    }
}

impl From<String> for TypeName {
    fn from(text: String) -> TypeName {
        if text.len() <= INLINE {
            TypeName::new(&text)
        } else {
            TypeName(Repr::Heap(text.into_boxed_str()))
        }
    }
}

impl From<TypeName> for String {
    fn from(name: TypeName) -> String {
        match name.0 {
            Repr::Heap(text) => text.into(),
            Repr::Inline { .. } => name.as_str().to_owned(),
        }
    }
}

impl Serialize for TypeName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for TypeName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TypeName, D::Error> {
        struct NameVisitor;
        impl Visitor<'_> for NameVisitor {
            type Value = TypeName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TypeName, E> {
                Ok(TypeName::new(v))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<TypeName, E> {
                Ok(TypeName::from(v))
            }
        }
        d.deserialize_str(NameVisitor)
    }
}

/// Where a unit stands (spec 1.4, `assignment`): a tile `[x, y]`, or two
/// numbers on a continuous map. Written as that array of two numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    pub x: Number,
    pub y: Number,
}

impl Position {
    /// The position `[x, y]`.
    pub fn new(x: impl Into<Number>, y: impl Into<Number>) -> Position {
        Position {
            x: x.into(),
            y: y.into(),
        }
    }

    /// The position `[x, y]` on a continuous map; `None` if either is not
    /// finite (JSON has no such number).
    pub fn from_f64(x: f64, y: f64) -> Option<Position> {
        Some(Position {
            x: Number::from_f64(x)?,
            y: Number::from_f64(y)?,
        })
    }

    /// The tile, when both numbers are whole and fit an `i64`.
    pub fn tile(&self) -> Option<(i64, i64)> {
        Some((self.x.as_i64()?, self.y.as_i64()?))
    }

    /// The position as the JSON array it is written as.
    pub fn to_value(&self) -> Value {
        Value::Array(vec![
            Value::Number(self.x.clone()),
            Value::Number(self.y.clone()),
        ])
    }
}

impl From<Position> for Value {
    fn from(p: Position) -> Value {
        Value::Array(vec![Value::Number(p.x), Value::Number(p.y)])
    }
}

impl fmt::Display for Position {
    /// As it is written: `[x,y]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.x, self.y)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&self.x)?;
        t.serialize_element(&self.y)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        d.deserialize_seq(PositionVisitor)
    }
}

/// Reads exactly two numbers.
pub(crate) struct PositionVisitor;

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Position;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a position [x, y] of two numbers")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
        let x: Number = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let y: Number = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(3, &self));
        }
        Ok(Position { x, y })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_short_and_long() {
        for text in [
            "",
            "Knight",
            "endTurn",
            "a-name-of-22-bytes-xyz",
            "a much longer type name than fits inline",
            "é☃",
        ] {
            let name = TypeName::from(text);
            assert_eq!(name.as_str(), text);
            assert_eq!(name, text);
            assert_eq!(TypeName::from(text.to_string()), name);
            assert_eq!(String::from(name.clone()), text);
            assert_eq!(
                serde_json::to_string(&name).unwrap(),
                serde_json::to_string(text).unwrap()
            );
            let back: TypeName =
                serde_json::from_str(&serde_json::to_string(text).unwrap()).unwrap();
            assert_eq!(back, name);
            assert_eq!(format!("{name}"), text);
            assert_eq!(format!("{name:?}"), format!("{text:?}"));
        }
    }

    #[test]
    fn positions_are_two_numbers() {
        let p: Position = serde_json::from_str("[1,-2.5]").unwrap();
        assert_eq!(
            p,
            Position {
                x: 1.into(),
                y: Number::from_f64(-2.5).unwrap()
            }
        );
        assert_eq!(serde_json::to_string(&p).unwrap(), "[1,-2.5]");
        assert_eq!(p.to_string(), "[1,-2.5]");
        assert_eq!(Value::from(p.clone()), serde_json::json!([1, -2.5]));
        assert_eq!(p.tile(), None);
        assert_eq!(Position::new(3, 4).tile(), Some((3, 4)));
        for bad in ["[1]", "[1,2,3]", "[1,\"a\"]", "{}", "1"] {
            assert!(serde_json::from_str::<Position>(bad).is_err(), "{bad}");
        }
        assert!(Position::from_f64(f64::NAN, 0.0).is_none());
    }
}
