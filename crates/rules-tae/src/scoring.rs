//! Final scoring and ranking (tae spec 13.2, 13.3, decisions 12 and 33).
//!
//! Wildcards go one at a time to the currently lowest category (the first
//! in type order on ties); the final score is the weakest category; ties
//! are broken by comparing the four values sorted ascending, and players
//! still equal share their place.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::pieces::Score;

/// One player's line of the final table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FinalRow {
    /// The seat the row is about.
    pub seat: usize,
    /// The counters as they stood when the game ended.
    pub score: Score,
    /// Money, Technology, People, Raw Materials after the wildcards.
    pub values: [u32; 4],
    /// The weakest of `values`.
    pub final_score: u32,
    /// 1 for first; tied players share a place.
    pub place: usize,
}

/// The final table, told to everyone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FinalTable {
    /// One row per seat, in seat order.
    pub rows: Vec<FinalRow>,
    /// The single winner; `None` when first place is shared.
    pub winner: Option<usize>,
    /// Why the game ended.
    pub reason: String,
}

/// The four values after spending the wildcards.
pub fn with_wildcards(score: &Score) -> [u32; 4] {
    let mut values = score.points;
    for _ in 0..score.artifacts {
        let lowest = (0..4)
            .min_by_key(|&i| (values[i], i))
            .expect("four categories");
        values[lowest] += 1;
    }
    values
}

/// The values sorted ascending: what players are compared by.
fn ranking_key(values: &[u32; 4]) -> [u32; 4] {
    let mut v = *values;
    v.sort_unstable();
    v
}

/// Scores and ranks every player.
pub fn final_table(scores: &[Score], reason: &str) -> FinalTable {
    let mut rows: Vec<FinalRow> = scores
        .iter()
        .enumerate()
        .map(|(seat, score)| {
            let values = with_wildcards(score);
            FinalRow {
                seat,
                score: *score,
                values,
                final_score: *values.iter().min().expect("four categories"),
                place: 0,
            }
        })
        .collect();
    let keys: Vec<[u32; 4]> = rows.iter().map(|r| ranking_key(&r.values)).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.place = 1 + keys.iter().filter(|k| **k > keys[i]).count();
    }
    let firsts: Vec<usize> = rows
        .iter()
        .filter(|r| r.place == 1)
        .map(|r| r.seat)
        .collect();
    FinalTable {
        winner: (firsts.len() == 1).then(|| firsts[0]),
        rows,
        reason: reason.to_string(),
    }
}
