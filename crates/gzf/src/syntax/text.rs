//! [`Text`], a cheap shared string (a span of the file buffer), and
//! [`SmallList`] ([`Fragments`]), a list that needs no allocation for the
//! common single item.

use super::Fragment;
use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut, Range};
use std::sync::Arc;

/// Immutable text that is either a span of a shared buffer (what the reader
/// makes: the whole file is one buffer, so a field costs no copy) or a
/// string of its own (what a program makes). Cloning never copies bytes.
///
/// It reads as a `&str` (`Deref`), compares and hashes by content, and
/// converts from and to `String`.
#[derive(Clone, Default)]
pub struct Text {
    /// `None` only for the empty text, so that `Text::default()` does not
    /// allocate.
    src: Option<Arc<str>>,
    start: usize,
    end: usize,
}

impl Text {
    /// The span `range` of `src`. `range` must lie on character
    /// boundaries of `src`; an invalid range gives the empty text (the
    /// reader only makes spans of ASCII text, where every index is a
    /// boundary).
    pub fn span(src: &Arc<str>, range: Range<usize>) -> Text {
        if range.start >= range.end || src.get(range.clone()).is_none() {
            return Text::default();
        }
        Text {
            src: Some(Arc::clone(src)),
            start: range.start,
            end: range.end,
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.src {
            Some(s) => s.get(self.start..self.end).unwrap_or(""),
            None => "",
        }
    }

    /// The byte range of this text in its buffer (for a read fragment: its
    /// offsets in the file after any byte-order mark).
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::from(Arc::<str>::from(s))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::from(Arc::<str>::from(s))
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::from(s.as_str())
    }
}

impl From<Arc<str>> for Text {
    fn from(s: Arc<str>) -> Text {
        let end = s.len();
        Text::span(&s, 0..end)
    }
}

impl From<Text> for String {
    fn from(t: Text) -> String {
        t.as_str().to_string()
    }
}

impl From<&Text> for String {
    fn from(t: &Text) -> String {
        t.as_str().to_string()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Text) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Text) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Text {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.as_str().hash(h)
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Text> for str {
    fn eq(&self, other: &Text) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        String::deserialize(d).map(Text::from)
    }
}

/// A list that holds one item inline and only allocates for two or more:
/// most fields have one fragment, most text values one line. Reads as a
/// slice (`Deref<Target = [T]>`).
#[derive(Clone)]
pub struct SmallList<T>(Repr<T>);

/// The fragments of one field, in order.
pub type Fragments = SmallList<Fragment>;

#[derive(Clone)]
enum Repr<T> {
    Empty,
    One(T),
    Many(Vec<T>),
}

impl<T> Default for SmallList<T> {
    fn default() -> SmallList<T> {
        SmallList(Repr::Empty)
    }
}

impl<T> SmallList<T> {
    pub fn new() -> SmallList<T> {
        SmallList(Repr::Empty)
    }

    pub fn one(item: T) -> SmallList<T> {
        SmallList(Repr::One(item))
    }

    pub fn push(&mut self, item: T) {
        self.0 = match std::mem::replace(&mut self.0, Repr::Empty) {
            Repr::Empty => Repr::One(item),
            Repr::One(first) => Repr::Many(vec![first, item]),
            Repr::Many(mut v) => {
                v.push(item);
                Repr::Many(v)
            }
        };
    }

    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Repr::Empty => &[],
            Repr::One(f) => std::slice::from_ref(f),
            Repr::Many(v) => v,
        }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::Empty => &mut [],
            Repr::One(f) => std::slice::from_mut(f),
            Repr::Many(v) => v,
        }
    }
}

impl<T> Deref for SmallList<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> DerefMut for SmallList<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: PartialEq> PartialEq for SmallList<T> {
    fn eq(&self, other: &SmallList<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for SmallList<T> {}

impl<T: Hash> Hash for SmallList<T> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}

impl<T: fmt::Debug> fmt::Debug for SmallList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> From<Vec<T>> for SmallList<T> {
    fn from(mut v: Vec<T>) -> SmallList<T> {
        match v.len() {
            0 => SmallList(Repr::Empty),
            1 => match v.pop() {
                Some(f) => SmallList(Repr::One(f)),
                None => SmallList(Repr::Empty),
            },
            _ => SmallList(Repr::Many(v)),
        }
    }
}

impl<T> FromIterator<T> for SmallList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> SmallList<T> {
        let mut out = SmallList::new();
        for f in iter {
            out.push(f);
        }
        out
    }
}

impl<'a, T> IntoIterator for &'a SmallList<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T> IntoIterator for SmallList<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        match self.0 {
            Repr::Empty => Vec::new().into_iter(),
            Repr::One(f) => vec![f].into_iter(),
            Repr::Many(v) => v.into_iter(),
        }
    }
}

impl<T: serde::Serialize> serde::Serialize for SmallList<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}
