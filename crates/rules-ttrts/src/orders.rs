//! Order files `Player_P_Turn_N.txt` (spec 2.2) and the orders they carry.
//!
//! A line is read like the original's `sscanf("ORDER:%c id:%u")`: literal
//! `ORDER:` at column 1, one command byte (any byte), any whitespace, `id:`,
//! any whitespace, an optionally signed decimal reduced modulo 65536, and
//! anything after it ignored. Where the original read garbage, a malformed
//! line rejects the whole file with its line and column (decision 6); a file
//! is complete when its `END` line is the last line, with or without one
//! final newline (decision 4).

use engine::OrderIssue;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One order: a command for one of the seat's units, e.g.
/// `{"unit": 3, "command": "F"}`. `F`, `L`, `R` and `A` act; any other
/// character is accepted and does nothing (spec 2.2). A unit ordered twice
/// carries out the last order given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// Unknown fields are refused, so a misspelt field in JSON orders is an
// error the player sees rather than an order silently read as another.
#[serde(deny_unknown_fields)]
pub struct Order {
    /// The unit's id, as `units[].id` of the view gives it (0 to 65535).
    pub unit: u16,
    /// `F` moves one tile forward, `L` turns left (counter-clockwise),
    /// `R` turns right, `A` attacks the tile ahead.
    #[serde(serialize_with = "ser_command", deserialize_with = "de_command")]
    #[schemars(schema_with = "command_schema")]
    pub command: u8,
}

/// A command is one character of the first 256 code points (one byte of
/// the order file); the four that act are listed as examples.
fn command_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "string",
        "minLength": 1,
        "maxLength": 1,
        "pattern": "^[\\u0000-\\u00ff]$",
        "examples": ["F", "L", "R", "A"],
    })
}

/// One player's orders for one turn, in file order: a JSON array of
/// [`Order`]s.
pub type Orders = Vec<Order>;

fn ser_command<S: Serializer>(c: &u8, s: S) -> Result<S::Ok, S::Error> {
    // Bytes map to the first 256 code points, so any byte round-trips.
    s.serialize_str(&char::from(*c).to_string())
}

fn de_command<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    use serde::de::Error;
    let text = String::deserialize(d)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if (c as u32) < 256 => Ok(c as u32 as u8),
        _ => Err(D::Error::custom(format!(
            "command must be one character such as \"F\", \"L\", \"R\" or \"A\", not {text:?}"
        ))),
    }
}

/// The largest order file read, in bytes (limits are API).
pub const MAX_ORDERS_BYTES: usize = 4 << 20;

/// Reads an order file. `Ok(None)`: not complete yet (no `END` line), keep
/// waiting. `Err`: every malformed line; nothing of the file applies.
pub fn parse_orders(text: &[u8]) -> Result<Option<Orders>, Vec<OrderIssue>> {
    if text.len() > MAX_ORDERS_BYTES {
        return Err(vec![OrderIssue::general(format!(
            "the file is {} bytes; the limit is {MAX_ORDERS_BYTES}",
            text.len()
        ))]);
    }
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let Some(end_line) = lines.iter().position(|l| l.trim_ascii() == b"END") else {
        return Ok(None);
    };
    let mut errors = vec![];
    if lines[end_line] != b"END" {
        errors.push(OrderIssue::at_line(
            end_line + 1,
            Some(1),
            "`END` must stand alone on its line, with nothing before or after it (not even spaces or a carriage return)",
        ));
    }
    let after = &lines[end_line + 1..];
    if !(after.is_empty() || (after.len() == 1 && after[0].is_empty())) {
        errors.push(OrderIssue::at_line(
            end_line + 2,
            Some(1),
            "nothing may follow the `END` line (one final newline is allowed); move these orders above `END`",
        ));
    }
    let mut orders = Vec::with_capacity(end_line);
    for (i, line) in lines[..end_line].iter().enumerate() {
        match parse_line(line) {
            Ok(order) => orders.push(order),
            Err((column, message)) => {
                errors.push(OrderIssue::at_line(i + 1, Some(column), message))
            }
        }
    }
    if errors.is_empty() {
        Ok(Some(orders))
    } else {
        Err(errors)
    }
}

const EXPECTED: &str = "expected `ORDER:C id:N` (C one of F, L, R, A; N a unit id)";

/// One line without its newline; `Err((column, message))`.
fn parse_line(line: &[u8]) -> Result<Order, (usize, String)> {
    let Some(rest) = line.strip_prefix(b"ORDER:") else {
        let shown = String::from_utf8_lossy(&line[..line.len().min(24)]);
        return Err((1, format!("{EXPECTED}; found `{shown}`")));
    };
    let Some((&command, rest)) = rest.split_first() else {
        return Err((7, format!("{EXPECTED}; the command is missing")));
    };
    let mut at = 7; // 0-based index of `rest[0]` in the line
    let skip = |rest: &[u8], at: &mut usize| -> usize {
        let n = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        *at += n;
        n
    };
    let n = skip(rest, &mut at);
    let rest = &rest[n..];
    let Some(rest) = rest.strip_prefix(b"id:") else {
        return Err((
            at + 1,
            format!("{EXPECTED}; `id:` is missing after the command"),
        ));
    };
    at += 3;
    let n = skip(rest, &mut at);
    let rest = &rest[n..];
    let (negative, rest) = match rest.first() {
        Some(b'+') => (false, &rest[1..]),
        Some(b'-') => (true, &rest[1..]),
        _ => (false, rest),
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err((
            at + 1,
            format!("{EXPECTED}; the unit id after `id:` is missing"),
        ));
    }
    // As strtoul: saturate on overflow, negate for '-', then keep 32 bits
    // (unsigned int) and reduce modulo 65536 (spec 2.2).
    let mut value: u64 = 0;
    for &d in &rest[..digits] {
        value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
    }
    if negative && value != u64::MAX {
        value = value.wrapping_neg();
    }
    Ok(Order {
        unit: (value as u32) as u16,
        command,
    })
}

/// Writes orders as a file the original accepts: one line each, then `END`
/// with no newline.
pub fn write_orders(orders: &[Order]) -> String {
    let mut out = String::with_capacity(orders.len() * 14 + 3);
    for o in orders {
        out.push_str("ORDER:");
        out.push(char::from(o.command));
        out.push_str(" id:");
        out.push_str(&o.unit.to_string());
        out.push('\n');
    }
    out.push_str("END");
    out
}
