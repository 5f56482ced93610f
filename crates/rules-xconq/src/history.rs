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
///
/// Add events with [`History::record`] and take snapshots with
/// [`History::snapshot`] (or push events only while a state is being
/// built): each seat's view keeps its side's events mapped between views
/// ([`crate::view::SeenCache`]) and catches up from the events added and
/// the log of events a snapshot rewrote.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct History {
    pub events: Vec<Event>,
    pub past: Vec<PastUnit>,
    /// Indexes of the events snapshots rewrote, oldest first (not state).
    #[serde(skip)]
    rewritten: Vec<u32>,
    /// The seats' events as their views show them (not state).
    #[serde(skip)]
    pub(crate) seen: crate::view::SeenCache,
}

/// Two histories are equal when their events and past units are: the
/// rewrite log and the views' cache are not state.
impl PartialEq for History {
    fn eq(&self, other: &Self) -> bool {
        self.events == other.events && self.past == other.past
    }
}

impl Eq for History {}

impl History {
    /// The past unit with a (negative) id.
    pub fn past_unit(&self, id: i32) -> Option<&PastUnit> {
        // Snapshot ids count down from -2 in the order they are taken.
        let at = usize::try_from(-i64::from(id) - 2).ok();
        match at.and_then(|i| self.past.get(i)) {
            Some(p) if p.id == id => Some(p),
            _ => self.past.iter().find(|p| p.id == id),
        }
    }

    /// The indexes of the events snapshots rewrote, oldest first.
    pub fn rewritten(&self) -> &[u32] {
        &self.rewritten
    }

    /// Drops the views' cache of mapped events (the next views map every
    /// event again).
    pub fn forget_views(&mut self) {
        self.seen = Default::default();
    }

    /// Takes a snapshot and makes every event naming `unit` name it instead;
    /// returns the snapshot's id.
    pub fn snapshot(&mut self, unit: i32, snap: PastUnit) -> i32 {
        let id = -(self.past.len() as i32) - 2;
        self.past.push(PastUnit { id, ..snap });
        for (i, e) in self.events.iter_mut().enumerate() {
            let mut named = false;
            for d in &mut e.data {
                if *d == Datum::Unit(unit) {
                    *d = Datum::Unit(id);
                    named = true;
                }
            }
            if named {
                self.rewritten.push(i as u32);
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
