//! What the play page asks besides views and orders, in the ruleset's own
//! words and checks (both come from its plug-in entry):
//!
//! * `GET /api/games/{id}/targets?pick=...`: the board things a picked
//!   thing of the seat may be ordered onto, worked out from that seat's
//!   view (so nothing hidden from the seat goes into it);
//! * `GET /api/games/{id}/turns?from=N`: each resolved turn from `N` on
//!   told in words, from the record as everyone may see it while the game
//!   runs (its public part), so the log never tells a secret; the turn
//!   being played is not told until it is resolved.
//!
//! * `GET /api/rulesets/{name}/scenarios`: the maps a game may start
//!   from, for the lobby; `GET /api/rulesets/{name}/scenarios/{scenario}`:
//!   how many seats a game of that map takes, found by asking the rules
//!   (so the lobby fills the seats to the map's players).
//! * `GET /api/rulesets/{name}`: the ruleset's entry with the JSON schemas
//!   of its orders and views, for bot writers.
//!
//! Kept apart from `api.rs` so the routes are one line each there.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use record::GameRecord;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::{query, token, AppState};
use crate::error::{Detail, ErrorKind, HostError};

/// The most turns one `/turns` answer tells (the page asks again from the
/// next one).
const TURNS_PER_PAGE: usize = 50;

fn plugin_of(ruleset: &str) -> Result<registry::Plugin, HostError> {
    registry::plugin(ruleset).map_err(|e| HostError::new(ErrorKind::Rejected, e.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TargetsQuery {
    /// The picked thing as the ruleset's browser controller names it
    /// (`battery:Lark/0`, `piece:19`).
    pick: String,
}

pub(crate) async fn targets(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<TargetsQuery>, QueryRejection>,
) -> Result<Response, HostError> {
    let q = query(q)?;
    let token = token(&headers)?.ok_or_else(|| {
        HostError::new(
            ErrorKind::Unauthorized,
            "targets are a seat's: send its token (Authorization: Bearer <token>)",
        )
    })?;
    if q.pick.len() > 200 {
        return Err(HostError::bad_request("bad pick")
            .with_details(vec![Detail::field("pick", "at most 200 characters")]));
    }
    let seen = s.host.view(&id, Some(&token), false).await?;
    let ruleset = s.host.slot(&id).await?.lock().await.game.ruleset();
    let plugin = plugin_of(ruleset)?;
    let found = match plugin.targets {
        Some(f) => f(&seen["view"], &q.pick),
        None => Vec::new(),
    };
    Ok(Json(json!({"pick": q.pick, "targets": found})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TurnsQuery {
    /// The first turn told (as the record numbers turns); 0 when absent.
    #[serde(default)]
    from: Option<u64>,
}

pub(crate) async fn turns(
    State(s): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<TurnsQuery>, QueryRejection>,
) -> Result<Response, HostError> {
    let q = query(q)?;
    let from = q.from.unwrap_or(0);
    let public = s.host.record(&id).await?;
    let record: GameRecord = serde_json::from_value(public)
        .map_err(|e| HostError::storage(format!("the stored record cannot be read: {e}")))?;
    let plugin = plugin_of(record.game_type.as_deref().unwrap_or_default())?;
    // The record ends with the snapshot of the turn being played (or of
    // the final position), which has not happened yet: not told.
    let resolved = record.turns.len().saturating_sub(1);
    let told: Vec<Value> = record.turns[..resolved]
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let n = t
                .extra
                .get("turn")
                .and_then(Value::as_u64)
                .unwrap_or(i as u64);
            (n, t)
        })
        .filter(|(n, _)| *n >= from)
        .take(TURNS_PER_PAGE)
        .map(|(n, t)| json!({"turn": n, "lines": plugin.describe(&record, t)}))
        .collect();
    Ok(Json(json!({"ruleset": record.game_type, "turns": told})).into_response())
}

/// `GET /api/rulesets/{name}/scenarios`: the bundled maps or scenarios a
/// game of the ruleset can start from, for the lobby's list.
pub(crate) async fn scenarios(Path(name): Path<String>) -> Result<Response, HostError> {
    let plugin =
        registry::plugin(&name).map_err(|e| HostError::new(ErrorKind::NotFound, e.to_string()))?;
    Ok(Json(json!({
        "ruleset": plugin.name(),
        "default": plugin.rules.default_scenario(),
        "scenarios": plugin.rules.scenarios(),
    }))
    .into_response())
}

/// `GET /api/rulesets/{name}`: the ruleset's entry, as the list gives it,
/// with `orders_schema` and `view_schema` (JSON Schema 2020-12, derived
/// from the rules' types).
pub(crate) async fn ruleset(
    State(s): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, HostError> {
    Ok(Json(s.host.ruleset_schemas(&name)?).into_response())
}

/// The most seats the lobby is told a scenario may take.
const MOST_SEATS_PROBED: usize = 8;

/// `GET /api/rulesets/{name}/scenarios/{scenario}`: the numbers of seats
/// a game of the scenario can be set up with (`seat_counts`, ascending),
/// found by setting one up with 1 to 8 seats: a ruleset knows its maps'
/// players, the host does not. A scenario whose rules fix the seats
/// (setting up with any number gives the same seats) answers that number.
pub(crate) async fn scenario(
    Path((name, scenario)): Path<(String, String)>,
) -> Result<Response, HostError> {
    let plugin =
        registry::plugin(&name).map_err(|e| HostError::new(ErrorKind::NotFound, e.to_string()))?;
    if !plugin.rules.scenarios().contains(&scenario.as_str()) {
        return Err(HostError::new(
            ErrorKind::NotFound,
            format!("{} has no scenario `{scenario}`", plugin.name()),
        )
        .with_details(vec![Detail::field(
            "scenario",
            format!("one of: {}", plugin.rules.scenarios().join(", ")),
        )]));
    }
    let probe = scenario.clone();
    let rules = plugin.rules.clone();
    let counts = tokio::task::spawn_blocking(move || {
        let mut exact = Vec::new();
        let mut fixed = std::collections::BTreeSet::new();
        for n in 1..=MOST_SEATS_PROBED {
            let setup = engine::Setup {
                scenario: probe.clone(),
                text: None,
                seats: vec![engine::SeatSpec::default(); n],
                seed: 0,
                options: Default::default(),
            };
            if let Ok(game) = rules.start(setup, false, None) {
                // Seats the rules play are not the lobby's to fill.
                let got = game.seats().len() - game.rules_seats().len();
                if got == n {
                    exact.push(n);
                }
                fixed.insert(got);
            }
        }
        if exact.is_empty() {
            fixed.into_iter().collect()
        } else {
            exact
        }
    })
    .await
    .map_err(|e| HostError::storage(e.to_string()))?;
    Ok(Json(json!({
        "ruleset": plugin.name(),
        "scenario": scenario,
        "seat_counts": counts,
    }))
    .into_response())
}
