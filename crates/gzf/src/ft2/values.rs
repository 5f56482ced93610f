//! The typed values of FT2 fields (spec §3) and their canonical text.
//!
//! Each type here is what a rules engine needs (a clock course, arcs, a
//! damage track it can mark), and each knows its canonical written form so
//! that the writer and the JSON importer share one definition.

use crate::syntax::{SmallList, Text};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// A firing arc (spec §3.5), listed in the order of the ring F–S–A–P.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arc {
    F,
    S,
    A,
    P,
}

impl Arc {
    pub fn from_letter(c: char) -> Option<Arc> {
        match c.to_ascii_uppercase() {
            'F' => Some(Arc::F),
            'S' => Some(Arc::S),
            'A' => Some(Arc::A),
            'P' => Some(Arc::P),
            _ => None,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Arc::F => 'F',
            Arc::S => 'S',
            Arc::A => 'A',
            Arc::P => 'P',
        }
    }

    /// Position on the ring F–S–A–P–F (spec §7.4 adjacency).
    pub fn ring_index(self) -> u8 {
        self as u8
    }
}

/// Whether a system is switched on (spec §3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Activity {
    Active,
    Inactive,
}

/// Craft in bays, ships at bases (spec §3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Launch {
    Launched,
    Docked,
}

/// The damage group of a status; absent means intact (spec §3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageStatus {
    Damaged,
    Repaired,
    Destroyed,
}

impl DamageStatus {
    /// The transition table of spec §3.8 (`None` = intact).
    pub fn transition_allowed(from: Option<DamageStatus>, to: Option<DamageStatus>) -> bool {
        use DamageStatus::*;
        match (from, to) {
            (a, b) if a == b => true,
            (None, Some(Damaged | Destroyed)) => true,
            (Some(Damaged), Some(Repaired | Destroyed)) => true,
            (Some(Repaired), Some(Destroyed)) => true,
            _ => false,
        }
    }
}

/// A status: at most one word of each group (spec §3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Status {
    pub activity: Option<Activity>,
    pub launch: Option<Launch>,
    pub damage: Option<DamageStatus>,
}

impl Status {
    /// Active (or no activity word) and intact or Repaired: what the rules
    /// call "functioning" for fire and screens (spec §7.4).
    pub fn is_functioning(&self) -> bool {
        self.activity != Some(Activity::Inactive) && self.is_undamaged()
    }

    /// Damage status intact or Repaired (spec §7.5 "still functioning").
    pub fn is_undamaged(&self) -> bool {
        matches!(self.damage, None | Some(DamageStatus::Repaired))
    }

    pub fn is_destroyed(&self) -> bool {
        self.damage == Some(DamageStatus::Destroyed)
    }

    pub fn is_empty(&self) -> bool {
        *self == Status::default()
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = [
            self.activity.map(|a| format!("{a:?}")),
            self.launch.map(|l| format!("{l:?}")),
            self.damage.map(|d| format!("{d:?}")),
        ];
        let words: Vec<String> = words.into_iter().flatten().collect();
        f.write_str(&words.join(" "))
    }
}

/// One element of a move order (spec §3.9); in JSON an object with one
/// key, e.g. `{"Port": 1}` or `{"Accelerate": -2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub enum MoveElement {
    /// `+n` / `-n`: change velocity by `n` MU a turn (negative slows down).
    Accelerate(
        #[cfg_attr(feature = "schemars", schemars(range(min = -999_999, max = 999_999)))] i64,
    ),
    /// `nS`: turn `n` course steps (one clock-face hour, 30°, each) to
    /// starboard (clockwise).
    Starboard(#[cfg_attr(feature = "schemars", schemars(range(max = 999_999)))] u32),
    /// `nP`: turn `n` course steps to port (counter-clockwise).
    Port(#[cfg_attr(feature = "schemars", schemars(range(max = 999_999)))] u32),
}

impl fmt::Display for MoveElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveElement::Accelerate(n) if n < 0 => write!(f, "-{}", n.unsigned_abs()),
            MoveElement::Accelerate(n) => write!(f, "+{n}"),
            MoveElement::Starboard(n) => write!(f, "{n}S"),
            MoveElement::Port(n) => write!(f, "{n}P"),
        }
    }
}

/// A damage track: rows of boxes, `true` = checked (`-`), filled from the
/// left row by row (spec §3.7). `line_rows` keeps how many rows each written
/// line holds, so a rewritten track keeps its folding (spec §1.8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DamageTrack {
    /// Length of each row.
    pub rows: Vec<u32>,
    /// Boxes checked (damage taken), at most the sum of `rows`.
    pub checked: u32,
    /// Rows per written line; sums to `rows.len()`.
    pub line_rows: Vec<u32>,
}

impl DamageTrack {
    /// A track of the given row lengths, with `checked` boxes checked and
    /// every row on one line.
    pub fn new(rows: Vec<u32>, checked: u32) -> DamageTrack {
        let n = rows.len() as u32;
        let total: u32 = rows.iter().sum();
        DamageTrack {
            rows,
            checked: checked.min(total),
            line_rows: vec![n],
        }
    }

    pub fn total(&self) -> u32 {
        self.rows.iter().sum()
    }

    pub fn remaining(&self) -> u32 {
        self.total() - self.checked
    }

    /// The written lines of the track, e.g. `["---- -OOO OOOO"]`.
    pub fn lines(&self) -> Vec<String> {
        let mut left = self.checked;
        let mut rows = self.rows.iter().map(|&len| {
            let dash = left.min(len);
            left -= dash;
            let mut s = "-".repeat(dash as usize);
            s.push_str(&"O".repeat((len - dash) as usize));
            s
        });
        let mut out = Vec::new();
        for &n in &self.line_rows {
            let line: Vec<String> = rows.by_ref().take(n as usize).collect();
            out.push(line.join(" "));
        }
        let rest: Vec<String> = rows.collect();
        if !rest.is_empty() {
            out.push(rest.join(" "));
        }
        out
    }
}

/// Decimal values in hundredths of an MU (spec §3.3), with the canonical
/// writer of §3.3.
pub fn decimal_text(hundredths: i64) -> String {
    let neg = hundredths < 0;
    let abs = hundredths.unsigned_abs();
    let sign = if neg { "-" } else { "" };
    if abs < 100_000_000 {
        return format!("{sign}{}.{:02}", abs / 100, abs % 100);
    }
    // efloat: one non-zero digit, a point, the other significant digits.
    let digits = abs.to_string();
    let exponent = digits.len() as i64 - 3;
    let rest = digits[1..].trim_end_matches('0');
    let rest = if rest.is_empty() { "0" } else { rest };
    format!("{sign}{}.{rest}e{exponent}", &digits[..1])
}

/// Check boxes of `Craft` and `Endurance`: `true` = checked (`-`).
pub fn boxes_text(boxes: &[bool]) -> String {
    let marks: Vec<&str> = boxes.iter().map(|&b| if b { "-" } else { "O" }).collect();
    marks.join(" ")
}

/// The fragments of a text value: one line needs no allocation.
pub type TextList = SmallList<Text>;

/// A parsed field value (spec §3), in the grammar of its field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Free text and Log/Orders entries: the fragments as written (read
    /// ones share the file's buffer).
    Text(TextList),
    Int(i64),
    /// Hundredths of an MU.
    Decimal(i64),
    Clock(u8),
    Arcs(Vec<Arc>),
    /// Craft or Endurance boxes, `true` = checked.
    Boxes(Vec<bool>),
    Track(DamageTrack),
    Status(Status),
    Move(Vec<MoveElement>),
    Percent(i64),
    /// A defined value in canonical spelling, or a user-defined value as
    /// written (versions are kept as written too, spec §11.23). Canonical
    /// spellings borrow the static tables, so most words cost nothing.
    Word(Cow<'static, str>),
}

impl Value {
    /// The canonical written fragments of the value (spec §1.8, §3).
    pub fn fragments(&self) -> Vec<String> {
        match self {
            Value::Text(frags) => frags.iter().map(|t| t.to_string()).collect(),
            Value::Int(n) | Value::Percent(n) => {
                let mut s = n.to_string();
                if matches!(self, Value::Percent(_)) {
                    s.push('%');
                }
                vec![s]
            }
            Value::Decimal(h) => vec![decimal_text(*h)],
            Value::Clock(c) => vec![c.to_string()],
            Value::Arcs(arcs) => {
                let letters: Vec<String> = arcs.iter().map(|a| a.letter().to_string()).collect();
                vec![letters.join(" ")]
            }
            Value::Boxes(b) => vec![boxes_text(b)],
            Value::Track(t) => t.lines(),
            Value::Status(s) => vec![s.to_string()],
            Value::Move(m) => {
                let els: Vec<String> = m.iter().map(|e| e.to_string()).collect();
                vec![els.join(" ")]
            }
            Value::Word(w) => vec![w.to_string()],
        }
    }
}
