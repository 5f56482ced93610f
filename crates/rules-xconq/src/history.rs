//! The history (spec §14): events with observer sets, and past units.
//!
//! When a unit dies or changes side, a snapshot of it (a past unit) is taken
//! first and every earlier event naming the unit is made to name the
//! snapshot; the dumps print past units by their snapshot, so only the moment
//! each is taken matters, not its number.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// Who may see an event: a bit per side, or everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Observers {
    All,
    Mask(u32),
}

impl Observers {
    pub fn side(s: usize) -> Observers {
        Observers::Mask(1 << s)
    }

    pub fn sides(list: &[usize]) -> Observers {
        Observers::Mask(list.iter().fold(0, |m, &s| m | 1 << s))
    }

    pub fn includes(&self, s: usize) -> bool {
        match self {
            Observers::All => true,
            Observers::Mask(m) => m & (1 << s) != 0,
        }
    }
}

/// One value of an event's data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Datum {
    Num(i32),
    /// A unit id (> 0) or a past unit (< 0, see [`History::past`]).
    Unit(i32),
}

/// A snapshot of a unit (§14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastUnit {
    pub id: i32,
    pub utype: usize,
    pub name: Option<String>,
    pub number: i32,
    pub x: i32,
    pub y: i32,
    pub side: usize,
}

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub turn: i32,
    pub kind: Cow<'static, str>,
    pub observers: Observers,
    pub data: Vec<Datum>,
}

/// Events, oldest first, and past units.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    pub events: Vec<Event>,
    pub past: Vec<PastUnit>,
}

impl History {
    /// The past unit with a (negative) id.
    pub fn past_unit(&self, id: i32) -> Option<&PastUnit> {
        self.past.iter().find(|p| p.id == id)
    }

    /// Takes a snapshot and makes every event naming `unit` name it instead;
    /// returns the snapshot's id.
    pub fn snapshot(&mut self, unit: i32, snap: PastUnit) -> i32 {
        let id = -(self.past.len() as i32) - 2;
        self.past.push(PastUnit { id, ..snap });
        for e in &mut self.events {
            for d in &mut e.data {
                if *d == Datum::Unit(unit) {
                    *d = Datum::Unit(id);
                }
            }
        }
        id
    }

    pub fn record(
        &mut self,
        turn: i32,
        kind: &'static str,
        observers: Observers,
        data: Vec<Datum>,
    ) {
        self.events.push(Event {
            turn,
            kind: Cow::Borrowed(kind),
            observers,
            data,
        });
    }
}
