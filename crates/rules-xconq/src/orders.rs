//! A seat's orders for a turn (spec §15.2) and their shallow check (D11):
//! each order names one of the seat's own living units and an action with
//! the action's arguments; every kernel check runs when the order executes.
//!
//! Beside the kernel's actions a seat has two orders of its own, `hold` and
//! `wake` ([`SEAT_ORDERS`]): the unit's decision to stay put
//! ([`crate::state::Unit::hold`], spec §10.5, §18.4 question 2), which the
//! kernel keeps as plan state and the economy reads (`will_not_move`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::arg_count;
use crate::rules::Rules;
use crate::state::State;

/// Most orders one seat may give in a turn.
pub const MAX_ORDERS: usize = 2_000;

/// One argument: a number, or a unit type's name (`types[].name` of the
/// view; only the first argument of `develop`, `create-in` and
/// `create-at` may be a name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Arg {
    Num(i64),
    Name(String),
}

/// One order: unit `unit` does `action` with `args`, e.g.
/// `{"unit": 12, "action": "move", "args": [5, 7, 0]}`. Orders are checked
/// shallowly on arrival and by the kernel's own rules when they run, in
/// order (spec §15.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// A misspelt field is refused rather than read as a default.
#[serde(deny_unknown_fields)]
pub struct Order {
    /// One of the seat's own living units (`own[].id` of the view).
    pub unit: i32,
    /// The action, with its arguments: `move` (x y z), `enter`
    /// (transport), `attack` (defender commitment), `detonate` (x y z),
    /// `develop` (unit-type), `create-in` (unit-type transport),
    /// `create-at` (unit-type x y z), `build` (unit), `repair` (unit),
    /// `disband` (none), `change-side` (side); or the seat's own `hold`
    /// (the unit stays put until woken: towns then give it only what it
    /// needs to survive) and `wake` (it no longer does), which take none.
    #[schemars(schema_with = "action_schema")]
    pub action: String,
    /// The action's arguments, as many as it takes.
    #[serde(default)]
    pub args: Vec<Arg>,
    /// The unit that does the work (another of the seat's units); the
    /// unit itself when absent or 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actee: Option<i32>,
}

/// The orders of a seat that are not kernel actions: `hold` sets the unit's
/// [`crate::state::Unit::hold`], `wake` clears it (docs/xconq-decisions.md,
/// "Holding units"). Neither takes arguments or an actee, and neither
/// costs ACP or draws.
pub const SEAT_ORDERS: &[&str] = &["hold", "wake"];

/// Every order's name: the kernel's actions, then [`SEAT_ORDERS`].
fn order_names() -> Vec<&'static str> {
    crate::actions::ACTIONS
        .iter()
        .map(|a| a.0)
        .chain(SEAT_ORDERS.iter().copied())
        .collect()
}

/// The actions' names, from the kernel's table ([`crate::actions::ACTIONS`]),
/// and the seat's own orders.
fn action_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names = order_names();
    schemars::json_schema!({"type": "string", "enum": names})
}

/// A seat's orders for one turn, e.g. `{"orders": [...]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The orders, carried out in this order; none passes the turn.
    #[serde(default)]
    pub orders: Vec<Order>,
    /// Resign (D9): the side loses this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resign: bool,
    /// Hand the units to this side when resigning (§12.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign_to: Option<usize>,
}

/// An order made ready to execute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ready {
    pub unit: i32,
    pub action: &'static str,
    pub args: Vec<i32>,
    pub actee: i32,
}

/// Which argument positions of an action are unit types.
fn type_arg(action: &str, i: usize) -> bool {
    matches!((action, i), ("create-in" | "create-at" | "develop", 0))
}

/// Where each unit will be after the moves ordered before, within one list
/// of orders (so that a unit may be ordered several steps, D7).
pub type Planned = std::collections::HashMap<i32, (i32, i32)>;

/// Checks one order for side `side`, returning it ready or what is wrong.
pub fn ready(
    r: &Rules,
    s: &State,
    side: usize,
    o: &Order,
    planned: &mut Planned,
) -> Result<Ready, String> {
    let (action, count) = crate::actions::ACTIONS
        .iter()
        .find(|(n, _)| *n == o.action)
        .map(|(n, c)| (*n, *c))
        .or_else(|| {
            SEAT_ORDERS
                .iter()
                .find(|n| **n == o.action)
                .map(|n| (*n, 0))
        })
        .ok_or_else(|| {
            format!(
                "unknown action {:?}; use one of {}",
                o.action,
                order_names().join(", ")
            )
        })?;
    let own = |id: i32, what: &str| -> Result<(), String> {
        match s.living(id) {
            Some(u) if u.side == side && !u.flushed => Ok(()),
            _ => Err(format!("{what} {id} is not one of your living units")),
        }
    };
    own(o.unit, "unit")?;
    if let Some(actee) = o.actee {
        if actee != 0 && actee != o.unit {
            own(actee, "actee")?;
        }
    }
    if SEAT_ORDERS.contains(&action) {
        if o.actee.is_some_and(|a| a != 0 && a != o.unit) {
            return Err(format!(
                "{action} is the unit's own decision; it takes no actee"
            ));
        }
        let t = s.unit(o.unit).utype;
        if !r.mobile(t) {
            return Err(format!(
                "unit {} is a {}, which cannot move: it always stays put, so {action} does not apply",
                o.unit, r.unit_names[t]
            ));
        }
    }
    if o.args.len() != count {
        return Err(format!(
            "{action} takes {count} argument(s) ({}), got {}",
            arg_help(action),
            o.args.len()
        ));
    }
    let mut args = Vec::with_capacity(count);
    for (i, a) in o.args.iter().enumerate() {
        let v = match a {
            Arg::Num(n) => {
                i32::try_from(*n).map_err(|_| format!("argument {} is out of range", i + 1))?
            }
            Arg::Name(name) if type_arg(action, i) => r
                .unit_type(name)
                .ok_or_else(|| format!("argument {}: no unit type {name:?}", i + 1))?
                as i32,
            Arg::Name(name) => {
                return Err(format!("argument {} must be a number, got {name:?}", i + 1))
            }
        };
        if type_arg(action, i) && (v < 0 || v as usize >= r.nu()) {
            return Err(format!("argument {}: no unit type {v}", i + 1));
        }
        args.push(v);
    }
    if action == "change-side" && (args[0] < 0 || args[0] as usize >= s.sides.len()) {
        return Err(format!(
            "change-side: no side {}; the sides are 0 (the independents) to {}",
            args[0],
            s.sides.len() - 1
        ));
    }
    if action == "move" {
        // D7: one cell at a time (or staying to leave a transport).
        let mover = o.actee.filter(|&a| a != 0).unwrap_or(o.unit);
        let u = s.unit(mover);
        let (x, y) = planned.get(&mover).copied().unwrap_or((u.x, u.y));
        let d = s.area.distance(x, y, args[0], args[1]);
        if d > 1 {
            return Err(format!(
                "move goes to ({}, {}), {d} cells from ({x}, {y}); units move one cell per action (D7)",
                args[0], args[1]
            ));
        }
        planned.insert(mover, (args[0], args[1]));
    }
    let _ = arg_count;
    Ok(Ready {
        unit: o.unit,
        action,
        args,
        actee: o.actee.unwrap_or(0),
    })
}

/// The arguments of an action, for messages.
pub fn arg_help(action: &str) -> &'static str {
    match action {
        "move" | "detonate" => "x y z",
        "enter" => "transport",
        "attack" => "defender commitment",
        "develop" => "unit-type",
        "create-in" => "unit-type transport",
        "create-at" => "unit-type x y z",
        "build" | "repair" => "unit",
        "change-side" => "side",
        _ => "none",
    }
}
