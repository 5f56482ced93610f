//! The HTTP API (axum): routes, turning requests into [`Host`] calls and
//! every failure into a JSON error `{ "error": ..., "details": [...] }` with
//! the right 4xx/5xx status. Bodies are read as bytes and parsed here, so
//! malformed JSON, unknown fields and oversized bodies all get our error
//! shape rather than the framework's.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::Stream;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, watch};

use crate::auth;
use crate::boards;
use crate::error::{Detail, ErrorKind, HostError};
use crate::events::Event;
use crate::host::{CreateGame, Host, Page, Submitted, MAX_PAGE};
use crate::openapi;

#[derive(Clone)]
pub struct AppState {
    pub host: Arc<Host>,
    /// Turns true when the server stops, which ends the event streams.
    pub shutdown: watch::Receiver<bool>,
}

impl IntoResponse for HostError {
    fn into_response(self) -> Response {
        let status = match self.kind {
            ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
            ErrorKind::Rejected => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::Storage => StatusCode::SERVICE_UNAVAILABLE,
        };
        let mut resp = (
            status,
            Json(json!({"error": self.message, "details": self.details})),
        )
            .into_response();
        if status == StatusCode::UNAUTHORIZED {
            resp.headers_mut()
                .insert(header::WWW_AUTHENTICATE, "Bearer".parse().expect("valid"));
        }
        resp
    }
}

type ApiResult = Result<Response, HostError>;

/// The API's router; `body_limit` bounds every request body in bytes.
pub fn router(state: AppState, body_limit: usize) -> Router {
    Router::new()
        .merge(crate::assets::routes())
        .route("/api/openapi.json", get(openapi_doc))
        .route("/api/rulesets", get(rulesets))
        .route("/api/rulesets/{name}", get(crate::playing::ruleset))
        .route(
            "/api/rulesets/{name}/scenarios",
            get(crate::playing::scenarios),
        )
        .route(
            "/api/rulesets/{name}/scenarios/{scenario}",
            get(crate::playing::scenario),
        )
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(status))
        .route("/api/games/{id}/view", get(view))
        .route("/api/games/{id}/orders", post(orders))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/events/ticket", post(events_ticket))
        .route("/api/games/{id}/board.svg", get(boards::board))
        .route(
            "/api/games/{id}/record/board.svg",
            get(boards::record_board),
        )
        .route("/api/games/{id}/record/frames", get(boards::record_frames))
        .route("/api/games/{id}/targets", get(crate::playing::targets))
        .route("/api/games/{id}/turns", get(crate::playing::turns))
        .route("/api/games/{id}/resign", post(crate::table::resign))
        .route("/api/games/{id}/draw/{action}", post(crate::table::draw))
        .route("/api/games/{id}/rematch", post(crate::table::rematch))
        .fallback(|| async { HostError::new(ErrorKind::NotFound, "no such endpoint") })
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn(move |request, next| {
            crate::edge::read_body_first(body_limit, request, next)
        }))
        // Outermost: whatever the framework answered on its own (405, a
        // path it cannot decode, ...) leaves in the same JSON shape.
        .layer(axum::middleware::map_response(crate::edge::json_errors))
        .with_state(state)
}

fn body_bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, HostError> {
    body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            HostError::new(ErrorKind::TooLarge, "the request body is too large")
        } else {
            HostError::bad_request(format!("the request body cannot be read: {r}"))
        }
    })
}

fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, HostError> {
    serde_json::from_slice(bytes).map_err(|e| {
        HostError::bad_request("the request body is not valid").with_details(vec![Detail {
            field: None,
            line: Some(e.line()),
            column: Some(e.column()),
            reason: e.to_string(),
            code: None,
        }])
    })
}

pub(crate) fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, HostError> {
    q.map(|Query(t)| t)
        .map_err(|e| HostError::bad_request(format!("bad query string: {}", e.body_text())))
}

/// A query parameter that takes one of two words: false for the first
/// (also when absent), true for the second; anything else is a 400 that
/// names the parameter and both words.
fn either(
    field: &str,
    given: Option<&str>,
    (first, first_is): (&str, &str),
    second: &str,
) -> Result<bool, HostError> {
    match given {
        None => Ok(false),
        Some(w) if w == first => Ok(false),
        Some(w) if w == second => Ok(true),
        Some(other) => Err(
            HostError::bad_request(format!("bad {field}")).with_details(vec![Detail::field(
                field,
                format!("`{first}` ({first_is}) or `{second}`, not `{other}`"),
            )]),
        ),
    }
}

/// The bearer token, if any; a malformed `Authorization` header is a 401.
pub(crate) fn token(headers: &HeaderMap) -> Result<Option<String>, HostError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().ok().and_then(auth::bearer).ok_or_else(|| {
        HostError::new(
            ErrorKind::Unauthorized,
            "the Authorization header must be `Bearer <token>`",
        )
    })?;
    Ok(Some(text.to_string()))
}

fn required_token(headers: &HeaderMap) -> Result<String, HostError> {
    token(headers)?.ok_or_else(|| {
        HostError::new(
            ErrorKind::Unauthorized,
            "this needs a seat token (Authorization: Bearer <token>)",
        )
    })
}

async fn openapi_doc() -> Json<Value> {
    Json(openapi::document())
}

async fn rulesets(State(s): State<AppState>) -> Json<Value> {
    Json(s.host.rulesets())
}

async fn create(
    State(s): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let admin = token(&headers)?;
    let req: CreateGame = parse_json(&body_bytes(body)?)?;
    let host = s.host.clone();
    // Run to the end even if the client hangs up: the write is under way.
    let created = tokio::spawn(async move { host.create(admin.as_deref(), req).await })
        .await
        .map_err(|e| HostError::storage(e.to_string()))??;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    limit: Option<String>,
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    order: Option<String>,
}

/// `GET /api/games`: one page of statuses, as a JSON array. When there are
/// more, a `Link: <…>; rel="next"` header gives the next page's address;
/// `X-Total-Count` says how many games there are in all.
async fn list(State(s): State<AppState>, q: Result<Query<ListQuery>, QueryRejection>) -> ApiResult {
    let q = query(q)?;
    let mut page = Page::default();
    if let Some(text) = &q.limit {
        page.limit = text
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_PAGE).contains(n))
            .ok_or_else(|| {
                HostError::bad_request("bad limit").with_details(vec![Detail::field(
                    "limit",
                    format!("a whole number from 1 to {MAX_PAGE}, not `{text}`"),
                )])
            })?;
    }
    page.newest_first = either(
        "order",
        q.order.as_deref(),
        ("oldest", "creation order, the default"),
        "newest",
    )?;
    page.after = q.after.filter(|a| !a.is_empty());
    let listed = s.host.list(&page).await?;
    let mut resp = Json(Value::Array(listed.games)).into_response();
    let headers = resp.headers_mut();
    headers.insert("x-total-count", listed.total.into());
    if let Some(after) = listed.next_after {
        let order = if page.newest_first {
            "&order=newest"
        } else {
            ""
        };
        // Game ids are letters, digits, `-` and `_` (auth::is_game_id), so they need no
        // escaping in the address.
        let link = format!(
            "</api/games?limit={}&after={after}{order}>; rel=\"next\"",
            page.limit
        );
        if let Ok(v) = link.parse() {
            headers.insert(header::LINK, v);
        }
    }
    Ok(resp)
}

async fn status(State(s): State<AppState>, Path(id): Path<String>) -> ApiResult {
    Ok(Json(s.host.status(&id).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewQuery {
    /// `json` (default) or `files`: the ruleset's native view files.
    #[serde(default)]
    format: Option<String>,
}

async fn view(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<ViewQuery>, QueryRejection>,
) -> ApiResult {
    let q = query(q)?;
    let files = either(
        "format",
        q.format.as_deref(),
        ("json", "the default"),
        "files",
    )?;
    let token = token(&headers)?;
    Ok(Json(s.host.view(&id, token.as_deref(), files).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrdersQuery {
    /// Only for this turn: 409 if the game is at another.
    #[serde(default)]
    turn: Option<u64>,
}

async fn orders(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<OrdersQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let q = query(q)?;
    let token = required_token(&headers)?;
    let bytes = body_bytes(body)?;
    let is_text = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/plain"));
    let submitted = if is_text {
        Submitted::Text(bytes.to_vec())
    } else {
        Submitted::Json(parse_json(&bytes)?)
    };
    let host = s.host.clone();
    // The submission runs to its end even if the client hangs up, so memory
    // and storage never disagree about what was kept.
    let accepted = tokio::spawn(async move { host.submit(&id, &token, submitted, q.turn).await })
        .await
        .map_err(|e| HostError::storage(e.to_string()))??;
    Ok((StatusCode::ACCEPTED, Json(accepted)).into_response())
}

/// The most turns one page of `/record` holds.
pub(crate) const RECORD_TURNS_PER_PAGE: usize = 50;
/// The turns of a page of `/record` when `count` is not given.
pub(crate) const RECORD_TURNS_DEFAULT: usize = 10;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    /// The first turn's place in the record; with it or `count`, a page.
    #[serde(default)]
    from: Option<String>,
    /// How many turns (1 to [`RECORD_TURNS_PER_PAGE`]).
    #[serde(default)]
    count: Option<String>,
}

/// A whole number given as a query parameter, or a 400 naming `field`.
fn whole(field: &str, given: &str) -> Result<usize, HostError> {
    given.parse().map_err(|_| {
        HostError::bad_request(format!("bad {field}")).with_details(vec![Detail::field(
            field,
            format!("a whole number, not `{given}`"),
        )])
    })
}

/// `GET /api/games/{id}/record`: the whole record (a download), or with
/// `from`/`count` a page of its turns.
async fn record(
    State(s): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<RecordQuery>, QueryRejection>,
) -> ApiResult {
    let q = query(q)?;
    if q.from.is_none() && q.count.is_none() {
        return Ok(Json(s.host.record(&id).await?).into_response());
    }
    let from = q
        .from
        .as_deref()
        .map(|f| whole("from", f))
        .transpose()?
        .unwrap_or(0);
    let count = match q.count.as_deref() {
        Some(c) => whole("count", c)?,
        None => RECORD_TURNS_DEFAULT,
    };
    if !(1..=RECORD_TURNS_PER_PAGE).contains(&count) {
        return Err(
            HostError::bad_request("bad count").with_details(vec![Detail::field(
                "count",
                format!("from 1 to {RECORD_TURNS_PER_PAGE} turns a page, not {count}"),
            )]),
        );
    }
    Ok(Json(s.host.record_page(&id, from, count).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    /// A ticket (`POST .../events/ticket`), for clients that cannot set
    /// headers (browsers' EventSource): a seat token never goes in a URL.
    #[serde(default)]
    ticket: Option<String>,
    /// Refused with a message that says what to do instead.
    #[serde(default)]
    token: Option<String>,
    /// `rematch`: the stream goes on after "game over" until the game's
    /// rematch is made (a `rematch` event, then the end), so a finished
    /// game's page hears of it live.
    #[serde(default)]
    follow: Option<String>,
}

/// `POST /api/games/{id}/events/ticket`: a seat token (in its header)
/// traded for a one-use, one-minute ticket to open the event stream with.
async fn events_ticket(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let seat = s.host.seat_of(&id, &required_token(&headers)?).await?;
    let ticket = s.host.tickets.issue(&id, seat);
    Ok(Json(json!({
        "ticket": ticket,
        "seat": seat,
        "expires_in": crate::tickets::TICKET_LIFETIME.as_secs(),
    }))
    .into_response())
}

async fn events(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<EventsQuery>, QueryRejection>,
) -> ApiResult {
    let q = query(q)?;
    let until_rematch = either(
        "follow",
        q.follow.as_deref(),
        ("game_over", "the stream ends after the game is over"),
        "rematch",
    )?;
    if q.token.is_some() {
        return Err(
            HostError::bad_request("a seat token is never taken from a URL").with_details(vec![
                Detail::field(
                    "token",
                    "it would end up in logs: send it as `Authorization: Bearer <token>`, \
                     or trade it for a ticket (POST /api/games/{id}/events/ticket) \
                     and pass `ticket=`",
                ),
            ]),
        );
    }
    // Checked before subscribing, so unknown ids leave no channel behind.
    let seat = match (token(&headers)?, q.ticket) {
        (Some(t), _) => Some(s.host.seat_of(&id, &t).await?),
        (None, Some(ticket)) => {
            s.host.status(&id).await?;
            Some(s.host.tickets.redeem(&id, &ticket).ok_or_else(|| {
                HostError::new(
                    ErrorKind::Unauthorized,
                    "the ticket does not open this stream",
                )
                .with_details(vec![Detail::field(
                    "ticket",
                    "unknown, used already, for another game, or older than a minute: \
                         ask POST /api/games/{id}/events/ticket for a new one",
                )])
            })?)
        }
        (None, None) => {
            s.host.status(&id).await?;
            None
        }
    };
    // Subscribe before reading the current state, so nothing falls between.
    let rx = s.host.events.subscribe(&id);
    let mut initial = s.host.current_events(&id, seat).await?;
    if until_rematch {
        if let Some(next) = s.host.rematch_of_game(&id) {
            initial.push(Event {
                kind: "rematch",
                seat: None,
                data: json!({"rematch": next, "rematch_of": id}),
            });
        }
    }
    let end = if until_rematch {
        "rematch"
    } else {
        "game_over"
    };
    let stream = event_stream(initial, rx, seat, end, s.shutdown.clone());
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

struct StreamState {
    initial: std::collections::VecDeque<Event>,
    rx: broadcast::Receiver<Event>,
    seat: Option<usize>,
    /// The kind of event after which the stream ends.
    end: &'static str,
    shutdown: watch::Receiver<bool>,
    done: bool,
}

/// The events one listener hears: those for everyone, and those for its
/// seat; ends after an event of kind `end` ("game over", or the rematch)
/// or when the server stops.
fn event_stream(
    initial: Vec<Event>,
    rx: broadcast::Receiver<Event>,
    seat: Option<usize>,
    end: &'static str,
    shutdown: watch::Receiver<bool>,
) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    let state = StreamState {
        initial: initial.into(),
        rx,
        seat,
        end,
        shutdown,
        done: false,
    };
    futures_util::stream::unfold(state, |mut st| async move {
        if st.done || *st.shutdown.borrow() {
            return None;
        }
        let event = loop {
            if let Some(e) = st.initial.pop_front() {
                break e;
            }
            tokio::select! {
                got = st.rx.recv() => match got {
                    Ok(e) if e.seat.is_none() || e.seat == st.seat => break e,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = st.shutdown.changed() => return None,
            }
        };
        if event.kind == st.end {
            st.done = true;
        }
        let sse = SseEvent::default()
            .event(event.kind)
            .data(event.data.to_string());
        Some((Ok(sse), st))
    })
}
