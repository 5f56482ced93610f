//! A fleet's orders for one turn, and the GZF orders file that carries them.
//!
//! The orders file is an FT2 file in the fleet's own words: for each ship it
//! orders, a `Ship:` block with an optional `Move:` (gzf-ft2 spec 3.9, 7.3),
//! followed by that ship's `System:` blocks in the order of the view file,
//! each with its `Orders:` (`Fire at <ship>`, spec 7.4). Systems are matched
//! to the ship's systems by their place; a file may stop after the last
//! system it orders. Copying a ship from the view file and adding the two
//! fields is therefore a valid answer; so is a file with only the names,
//! `Move:` and `Orders:` (required design fields, E204, are not asked for).
//!
//! Completeness (the engine's `Ok(None)`): GZF has no end marker, so the
//! project decides that an orders file is complete when its **last block is
//! the `Scenario:` block with the `Turn:` being ordered**, ending in a line
//! end. A writer writes it last; a stale file from another turn is refused.

use gzf::ft2::values::{MoveElement, Value};
use gzf::ft2::{read, BlockKind, Ft2Block};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use engine::OrderIssue;

/// One system's orders, as written under the ship in the orders file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SystemOrders {
    /// The system type as in the view (`ships[].systems[].kind`: `A
    /// Battery`, `FireCon`). Systems are matched by their place in the
    /// ship's list, so list every system up to the last one you order.
    pub kind: String,
    /// The `Orders` entries: `Fire at <ship name>` for a battery (spec
    /// 7.4); none holds fire.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<String>,
}

/// One ship's orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipOrders {
    /// The ship's name (`ships[].name` of the view), one of the fleet's.
    pub ship: String,
    /// The `Move` order: velocity changes and turns, applied in order
    /// within the ship's thrust; empty goes straight ahead (spec M-f).
    #[serde(rename = "move", default, skip_serializing_if = "Vec::is_empty")]
    pub move_order: Vec<MoveElement>,
    /// The ship's systems up to the last one that has orders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub systems: Vec<SystemOrders>,
}

/// A fleet's orders for one turn, e.g. `{"scenario": "Duel", "turn": 1,
/// "ships": [{"ship": "Lark", "move": [{"Port": 1}], "systems": [{"kind":
/// "B Battery", "orders": ["Fire at Warden"]}]}]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The Scenario's name (`scenario` of the view), written into the
    /// orders file's last block.
    #[serde(default)]
    pub scenario: String,
    /// The turn the orders are for (`turn` of the view; the file's
    /// completeness mark).
    #[serde(default)]
    pub turn: u64,
    /// The fleet's ships that get orders; a ship left out goes straight
    /// ahead and holds fire.
    #[serde(default)]
    pub ships: Vec<ShipOrders>,
}

/// The largest number in a move element, as the GZF reader allows (spec
/// 3.9); orders that come as JSON are held to it too, so the movement
/// arithmetic never meets numbers it cannot add.
pub const MAX_MOVE: u32 = 999_999;

/// Whether every element of a move order is within [`MAX_MOVE`].
pub fn move_in_bounds(order: &[MoveElement]) -> bool {
    order.iter().all(|m| match *m {
        MoveElement::Accelerate(n) => n.unsigned_abs() <= u64::from(MAX_MOVE),
        MoveElement::Starboard(n) | MoveElement::Port(n) => n <= MAX_MOVE,
    })
}

/// The header every GZF file of the FT2 profile opens with (spec 2).
pub const HEADER: &str =
    "GZF-Version:      1.0\nProfile:          FT2\nProfile-Version:  1.1\nUniverse:         Full Thrust\n";

/// Writes a fleet's orders file.
pub fn write_orders(orders: &Orders) -> String {
    let mut out = String::from(HEADER);
    for ship in &orders.ships {
        out.push_str(&format!("\nShip:  {}\n", ship.ship));
        if !ship.move_order.is_empty() {
            let m: Vec<String> = ship.move_order.iter().map(|m| m.to_string()).collect();
            out.push_str(&format!("Move:  {}\n", m.join(" ")));
        }
        for sys in &ship.systems {
            out.push_str(&format!("\nSystem:  {}\n", sys.kind));
            for o in &sys.orders {
                out.push_str(&format!("Orders:  {o}\n"));
            }
        }
    }
    let scenario = if orders.scenario.is_empty() {
        "Orders"
    } else {
        &orders.scenario
    };
    out.push_str(&format!(
        "\nScenario:  {scenario}\nTurn:      {}\n",
        orders.turn
    ));
    out
}

fn issue(line: u32, col: u32, message: impl Into<String>) -> OrderIssue {
    OrderIssue::at_line(line as usize, Some(col as usize), message)
}

/// Reads an orders file for turn `turn`. `Ok(None)`: not complete yet.
pub fn parse_orders(text: &[u8], turn: u64) -> Result<Option<Orders>, Vec<OrderIssue>> {
    if !text.ends_with(b"\n") {
        return Ok(None);
    }
    let r = match read(text) {
        Ok(r) => r,
        Err(e) => {
            return Err(vec![issue(e.pos.line, e.pos.col, e.to_string())]);
        }
    };
    let Some(last) = r.file.blocks.last() else {
        return Ok(None);
    };
    if last.kind != Some(BlockKind::Scenario) {
        return Ok(None);
    }
    match last.get("Turn") {
        Some(Value::Int(t)) if *t == turn as i64 => {}
        Some(Value::Int(t)) => {
            return Err(vec![issue(
                last.pos.line,
                last.pos.col,
                format!("these are orders for turn {t}, but turn {turn} is being played; write this turn's orders with `Turn: {turn}`"),
            )])
        }
        _ => return Ok(None),
    }
    let errors: Vec<OrderIssue> = r
        .diagnostics
        .iter()
        // An orders file carries orders, not designs: the Ship block's
        // required fields (E204) are in the view, not needed here.
        .filter(|d| d.is_error() && d.code != gzf::Code::E204)
        .map(|d| issue(d.pos.line, d.pos.col, format!("{}: {}", d.code, d.message)))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut ships = Vec::new();
    let owned = r.file.all_components();
    for (i, b) in r.file.blocks.iter().enumerate() {
        if b.kind != Some(BlockKind::Ship) {
            continue;
        }
        let move_order = match b.get("Move") {
            Some(Value::Move(m)) => m.clone(),
            _ => Vec::new(),
        };
        let systems = owned[i]
            .iter()
            .map(|&s| &r.file.blocks[s])
            .filter(|s| s.kind == Some(BlockKind::System))
            .map(system_orders)
            .collect();
        ships.push(ShipOrders {
            ship: b.id(),
            move_order,
            systems,
        });
    }
    Ok(Some(Orders {
        scenario: last.id(),
        turn,
        ships,
    }))
}

fn system_orders(b: &Ft2Block) -> SystemOrders {
    SystemOrders {
        kind: b.id(),
        orders: b
            .fields
            .iter()
            .filter(|f| f.known && f.name == "Orders")
            .flat_map(|f| match &f.value {
                Some(Value::Text(t)) => t.iter().map(|s| s.to_string()).collect(),
                _ => Vec::new(),
            })
            .collect(),
    }
}

/// The key ship names are compared by (case-insensitive, spec 1.4).
pub fn ship_key(name: &str) -> String {
    gzf::ft2::assoc::name_key(name)
}
