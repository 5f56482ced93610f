//! What a seat decides at the table besides its orders, over HTTP:
//!
//! * `POST /api/games/{id}/resign`: give the game up;
//! * `POST /api/games/{id}/draw/offer`, `.../draw/accept`,
//!   `.../draw/decline`, `.../draw/withdraw`: the draw offers;
//! * `POST /api/games/{id}/rematch`: once the game is over, a new one like
//!   it (same ruleset, map, seats; a new seed), asked for by a seat. The
//!   first seat to ask makes it (201); the others asking later are given
//!   the same game (200). Each person seat plays the rematch with its own
//!   token, so the answer carries only the asking seat's; every listener
//!   of the finished game hears a `rematch` event with the new id, and its
//!   status says `rematch`.
//!
//! Each needs the seat's token and no body. The rules of the table are the
//! engine's (`engine::table`); the host stores each decision durably (a row
//! of its own, replayed on restart) before it answers, then tells every
//! listener with a `table` event, so the other seat sees an offer live.
//! Kept apart from `api.rs` so the routes are one line each there.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::TableAct;

use crate::api::{token, AppState};
use crate::error::{Detail, ErrorKind, HostError};

fn seat_token(headers: &HeaderMap) -> Result<String, HostError> {
    token(headers)?.ok_or_else(|| {
        HostError::new(
            ErrorKind::Unauthorized,
            "deciding at the table needs the seat's token (Authorization: Bearer <token>)",
        )
    })
}

async fn decide(
    s: AppState,
    id: String,
    headers: HeaderMap,
    act: TableAct,
    accept: bool,
) -> Result<Response, HostError> {
    let token = seat_token(&headers)?;
    let host = s.host.clone();
    // Runs to its end even if the client hangs up: the write is under way.
    let answer = tokio::spawn(async move { host.decide(&id, &token, act, accept).await })
        .await
        .map_err(|e| HostError::storage(e.to_string()))??;
    Ok(Json(answer).into_response())
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, HostError> {
    decide(s, id, headers, TableAct::Resign, false).await
}

/// `POST /api/games/{id}/draw/{what}`: `offer`, `accept`, `decline` or
/// `withdraw`.
pub(crate) async fn draw(
    State(s): State<AppState>,
    Path((id, what)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, HostError> {
    let (act, accept) = match what.as_str() {
        "offer" => (TableAct::OfferDraw, false),
        // Accepting is offering back, once another seat has offered.
        "accept" => (TableAct::OfferDraw, true),
        "decline" => (TableAct::DeclineDraw, false),
        "withdraw" => (TableAct::WithdrawDraw, false),
        other => {
            return Err(
                HostError::new(ErrorKind::NotFound, format!("no draw action `{other}`"))
                    .with_details(vec![Detail::field(
                        "action",
                        "one of `offer`, `accept`, `decline`, `withdraw`",
                    )]),
            )
        }
    };
    decide(s, id, headers, act, accept).await
}

/// `POST /api/games/{id}/rematch`.
pub(crate) async fn rematch(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, HostError> {
    let token = token(&headers)?.ok_or_else(|| {
        HostError::new(
            ErrorKind::Unauthorized,
            "a rematch is asked for by a seat of the game: send its token (Authorization: Bearer <token>)",
        )
    })?;
    let host = s.host.clone();
    let (made, answer) = tokio::spawn(async move { host.rematch(&id, &token).await })
        .await
        .map_err(|e| HostError::storage(e.to_string()))??;
    let code = if made {
        axum::http::StatusCode::CREATED
    } else {
        axum::http::StatusCode::OK
    };
    Ok((code, Json(answer)).into_response())
}
