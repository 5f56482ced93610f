//! Value parsers: one field's fragments in, a typed [`Value`] and
//! diagnostics out (spec §3). Positions point at the offending token, on its
//! own physical line for folded values (spec §6.1).

mod decimal;
mod lists;
mod scalar;

pub use decimal::{read_decimal, DecimalRead};
pub use lists::{move_element, BadMoveElement};

use super::grammar::ValueKind;
use super::names::{self, match_defined};
use super::values::{TextList, Value};
use crate::diag::{Code, Diagnostics, Pos};
use crate::syntax::Field;
use decimal::decimal;
use lists::{arcs, boxes, extent, move_order, status, track};
use scalar::{clock, int, percent};
use std::borrow::Cow;

/// Splits a field's value into list items: runs of blanks, commas and line
/// breaks separate them (spec §3). Each item comes with its position.
pub fn tokens(field: &Field) -> Tokens<'_> {
    Tokens {
        fragments: field.fragments.iter(),
        current: None,
    }
}

/// The iterator of [`tokens`]: a byte scan of each fragment in turn (the
/// separators are ASCII, so every cut is a character boundary).
pub struct Tokens<'a> {
    fragments: std::slice::Iter<'a, crate::syntax::Fragment>,
    /// The fragment being split, its position, and how far it is read.
    current: Option<(&'a str, Pos, usize)>,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (&'a str, Pos);

    fn next(&mut self) -> Option<(&'a str, Pos)> {
        let is_separator = |b: u8| b == b' ' || b == b'\t' || b == b',';
        loop {
            if let Some((text, pos, at)) = &mut self.current {
                let bytes = text.as_bytes();
                let mut i = *at;
                while i < bytes.len() && is_separator(bytes[i]) {
                    i += 1;
                }
                let start = i;
                while i < bytes.len() && !is_separator(bytes[i]) {
                    i += 1;
                }
                *at = i;
                if start < i {
                    return Some((&text[start..i], pos.right(start)));
                }
            }
            let frag = self.fragments.next()?;
            self.current = Some((frag.text.as_str(), frag.pos, 0));
        }
    }
}

/// Parses `field` as `kind`. `None` when the value is invalid (an error was
/// reported); warnings do not make it `None`.
pub fn parse(kind: ValueKind, field: &Field, d: &mut Diagnostics) -> Option<Value> {
    // Free text keeps its fragments as they are: no unfolded copy.
    if matches!(kind, ValueKind::Text | ValueKind::Entries) {
        return Some(Value::Text(frags(field)));
    }
    let name: &str = &field.name;
    let vpos = field.value_pos();
    let text: Cow<str> = if field.fragments.len() == 1 {
        Cow::Borrowed(field.fragments[0].text.as_str())
    } else {
        Cow::Owned(field.unfolded().trim().to_string())
    };
    let text = text.as_ref();
    match kind {
        ValueKind::Text => Some(Value::Text(frags(field))),
        ValueKind::Entries => Some(Value::Text(frags(field))),
        ValueKind::Id => {
            if text.is_empty() {
                d.push(
                    Code::E211,
                    vpos,
                    format!("{name}: empty identifier; give the block a name"),
                );
                None
            } else {
                Some(Value::Text(frags(field)))
            }
        }
        // Spec §2: any version is read as 1.0, and the writer writes 1.0.
        ValueKind::GzfVersion => {
            if text != "1.0" && text != "1.1" {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: version {text:?} is not 1.0 or 1.1; read as 1.0"),
                );
            }
            Some(Value::Word(Cow::Borrowed("1.0")))
        }
        ValueKind::ProfileVersion => {
            if text != "1.1" {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: profile version {text:?} is not 1.1; read as 1.1"),
                );
            }
            Some(Value::Word(Cow::Owned(text.to_string())))
        }
        ValueKind::UniverseVersion => {
            if !is_version(text) {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: {text:?} is not a version (digits and points); kept as text"),
                );
            }
            Some(Value::Word(Cow::Owned(text.to_string())))
        }
        ValueKind::Profile => match match_defined(text, names::PROFILES) {
            Some((canon, _)) => Some(Value::Word(Cow::Borrowed(canon))),
            None => {
                d.push(
                    Code::E203,
                    vpos,
                    format!("Profile: unsupported profile {text:?}; this reader plays FT2"),
                );
                None
            }
        },
        ValueKind::Int => int(text, name, vpos, d).map(Value::Int),
        ValueKind::Decimal => decimal(field, d).map(Value::Decimal),
        ValueKind::Diameter => {
            let h = decimal(field, d)?;
            if h <= 0 {
                d.push(
                    Code::E209,
                    vpos,
                    format!("{name}: diameter must be more than 0.00"),
                );
                return None;
            }
            Some(Value::Decimal(h))
        }
        ValueKind::Clock => clock(text, name, vpos, d).map(Value::Clock),
        ValueKind::Arcs => arcs(field, d).map(Value::Arcs),
        ValueKind::Craft => boxes(field, 1, 6, d).map(Value::Boxes),
        ValueKind::Endurance => boxes(field, 3, 5, d).map(Value::Boxes),
        ValueKind::Track => track(field, d).map(Value::Track),
        ValueKind::Status => status(field, d).map(Value::Status),
        ValueKind::Move => move_order(field, d).map(Value::Move),
        ValueKind::Percent => percent(text, name, vpos, d).map(Value::Percent),
        ValueKind::Closed(list) => match match_defined(text, list) {
            Some((canon, respelled)) => {
                if respelled {
                    d.push(
                        Code::W304,
                        vpos,
                        format!("{name}: {text:?} read as {canon:?}; write it that way"),
                    );
                }
                Some(Value::Word(Cow::Borrowed(canon)))
            }
            None => {
                d.push(
                    Code::E206,
                    vpos,
                    format!("{name}: {text:?} is not one of: {}", list.join(", ")),
                );
                None
            }
        },
        ValueKind::Open(list) => Some(open(text, list, name, vpos, d)),
        // An empty system type is E211, reported for the whole block.
        ValueKind::SystemType if text.is_empty() => None,
        ValueKind::SystemType => Some(open(text, names::ALL_SYSTEM_TYPES, name, vpos, d)),
        ValueKind::Extent => extent(field, d),
    }
}

fn frags(field: &Field) -> TextList {
    field.fragments.iter().map(|f| f.text.clone()).collect()
}

fn is_version(text: &str) -> bool {
    !text.is_empty()
        && text
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

fn open(text: &str, list: &[&'static str], name: &str, pos: Pos, d: &mut Diagnostics) -> Value {
    match match_defined(text, list) {
        Some((canon, respelled)) => {
            if respelled {
                d.push(
                    Code::W304,
                    pos,
                    format!("{name}: {text:?} read as {canon:?}; write it that way"),
                );
            }
            Value::Word(Cow::Borrowed(canon))
        }
        None => {
            d.push(
                Code::W303,
                pos,
                format!("{name}: {text:?} is user-defined (kept, not played); check the spelling if you meant a defined value"),
            );
            Value::Word(Cow::Owned(text.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tokens;
    use crate::diag::Pos;
    use crate::syntax::{Field, Fragment, Fragments};

    #[test]
    fn tokens_split_at_blanks_commas_and_line_breaks() {
        let lines = [
            "",
            "F P S",
            "  1S +2,, 3P\t ",
            ",,,",
            "Turn 1: launched from the yards",
            "é,x  ü",
            "a",
        ];
        for first in lines {
            for second in [None, Some("  -- OO,O"), Some("")] {
                let mut fragments = Fragments::one(Fragment::new(first, Pos::new(3, 10)));
                if let Some(s) = second {
                    fragments.push(Fragment::new(s, Pos::new(4, 5)));
                }
                let field = Field {
                    name: "X".into(),
                    name_id: 0,
                    pos: Pos::new(3, 1),
                    fragments,
                };
                // The plain definition: split each line, drop empty items.
                let want: Vec<(String, Pos)> = field
                    .fragments
                    .iter()
                    .flat_map(|f| {
                        let text = f.text.as_str();
                        text.split([' ', '\t', ','])
                            .filter(|t| !t.is_empty())
                            .map(move |t| {
                                let at = t.as_ptr() as usize - text.as_ptr() as usize;
                                (t.to_string(), f.pos.right(at))
                            })
                    })
                    .collect();
                let got: Vec<(String, Pos)> =
                    tokens(&field).map(|(t, p)| (t.to_string(), p)).collect();
                assert_eq!(got, want, "{first:?} / {second:?}");
            }
        }
    }
}
