//! Where a picked piece may go, for the browser to outline: every system
//! its order would be accepted on, worked out with the very checks a
//! submission meets (tae spec 7, [`crate::checks`]) on the seat's own view,
//! so it shows nothing the seat may not see. A second order of the same
//! turn is checked by the host against the first one too (spec 7.2), which
//! this does not know.

use serde_json::Value;

use crate::checks::{check_orders, Piece, Table};
use crate::orders::Order;
use crate::view::View;

/// The systems (`"x,y"`, as the board's `data-id`s) piece `N` may be
/// ordered onto, for a pick `piece:N` on a seat's view. Other picks, and
/// pieces that are not the seat's, have none.
pub fn targets(view: &Value, pick: &str) -> Vec<String> {
    let Some(id) = pick
        .strip_prefix("piece:")
        .and_then(|n| n.parse::<u64>().ok())
    else {
        return Vec::new();
    };
    let Ok(view) = serde_json::from_value::<View>(view.clone()) else {
        return Vec::new();
    };
    let Some(seat) = view.seat else {
        return Vec::new();
    };
    let Some(piece) = view.piece(id).filter(|p| p.owner() == seat) else {
        return Vec::new();
    };
    let order = |x: i64, y: i64| match piece {
        Piece::Colonist { .. } => Order::Colonize { colonist: id, x, y },
        Piece::Leader(_) => Order::Move { leader: id, x, y },
        Piece::Bomber { .. } => Order::Bomb { bomber: id, x, y },
    };
    let b = &view.board;
    let mut out = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if check_orders(&view, seat, &[order(i64::from(x), i64::from(y))]).is_empty() {
                out.push(format!("{x},{y}"));
            }
        }
    }
    out
}
