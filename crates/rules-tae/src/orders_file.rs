//! The orders file (`docs/tae-files.md` section 3): one order per line,
//! comments and blank lines allowed, complete once its `END` line is there.
//! Malformed lines are reported with their line numbers; legality is
//! judged afterwards by [`crate::checks`], also by line.

use crate::files::{END, MAX_ORDERS_BYTES};
use crate::orders::{Order, Orders};

/// Writes orders as an orders file.
pub fn write_orders(orders: &Orders) -> String {
    let mut out = String::new();
    for o in orders {
        out.push_str(&o.text());
        out.push('\n');
    }
    out.push_str(END);
    out.push('\n');
    out
}

/// Reads an orders file. `Ok(None)` while it has no `END` line yet (still
/// being written); otherwise every order with its 1-based line, or every
/// malformed line.
pub fn parse_orders(text: &[u8]) -> Result<Option<Vec<(usize, Order)>>, Vec<engine::OrderIssue>> {
    use engine::OrderIssue;
    if text.len() > MAX_ORDERS_BYTES {
        return Err(vec![OrderIssue::general(format!(
            "the file is {} bytes; the limit is {MAX_ORDERS_BYTES}",
            text.len()
        ))]);
    }
    let text = match std::str::from_utf8(text) {
        Ok(t) => t,
        Err(e) => {
            let line = text[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            return Err(vec![OrderIssue::at_line(
                line,
                None,
                "the file is not UTF-8 text",
            )]);
        }
    };
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let Some(end) = lines.iter().position(|l| l.trim() == END) else {
        return Ok(None);
    };
    let mut errors = vec![];
    if lines[end] != END {
        errors.push(OrderIssue::at_line(
            end + 1,
            Some(1),
            "`END` must stand alone at the start of its line",
        ));
    }
    if let Some(k) = lines[end + 1..].iter().position(|l| !l.trim().is_empty()) {
        errors.push(OrderIssue::at_line(
            end + 2 + k,
            Some(1),
            "nothing may follow the `END` line; move these orders above it",
        ));
    }
    let mut orders = vec![];
    for (i, line) in lines[..end].iter().enumerate() {
        let content = line.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        match parse_order(content) {
            Ok(o) => orders.push((i + 1, o)),
            Err(message) => errors.push(OrderIssue::at_line(i + 1, None, message)),
        }
    }
    if errors.is_empty() {
        Ok(Some(orders))
    } else {
        Err(errors)
    }
}

/// One order line: `colonize ID X Y`, `move ID X Y`, `bomb ID X Y` or
/// `reinforce ID`.
fn parse_order(line: &str) -> Result<Order, String> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let number = |i: usize, what: &str| -> Result<i64, String> {
        let w = words.get(i).ok_or_else(|| {
            format!(
                "`{}` needs {what} here; see the line format `{}`",
                words[0],
                usage(words[0])
            )
        })?;
        w.parse::<i64>()
            .map_err(|_| format!("expected {what} (a whole number), found `{w}`"))
    };
    let id = |i: usize| -> Result<u64, String> {
        let n = number(i, "a piece identifier")?;
        u64::try_from(n).map_err(|_| format!("a piece identifier is positive, not {n}"))
    };
    let arity = match words[0] {
        "colonize" | "move" | "bomb" => 4,
        "reinforce" => 2,
        other => {
            return Err(format!(
                "unknown order `{other}`; the orders are colonize, move, bomb and reinforce"
            ))
        }
    };
    let order = match words[0] {
        "colonize" => Order::Colonize {
            colonist: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        "move" => Order::Move {
            leader: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        "bomb" => Order::Bomb {
            bomber: id(1)?,
            x: number(2, "x")?,
            y: number(3, "y")?,
        },
        _ => Order::Reinforce { colonist: id(1)? },
    };
    if words.len() > arity {
        return Err(format!(
            "unexpected `{}` after the order; the format is `{}`",
            words[arity],
            usage(words[0])
        ));
    }
    Ok(order)
}

fn usage(verb: &str) -> &'static str {
    match verb {
        "colonize" => "colonize COLONIST X Y",
        "move" => "move LEADER X Y",
        "bomb" => "bomb BOMBER X Y",
        _ => "reinforce COLONIST",
    }
}
