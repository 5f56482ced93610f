//! Board pictures over HTTP: the current board as SVG (a seat's view with
//! its token, the spectators' without: the same code path and secrecy as
//! `/view`), a record's board at any turn and action, and the list of a
//! record's frames for a replay slider. The pictures come from the
//! `render` crate; record boards are rebuilt by re-running the record, so
//! that work runs off the async threads, and the re-run games of the few
//! records replayed last are kept (`Reruns`): a replay stepping forward
//! re-runs only the turns it steps over, not the whole game at each frame.
//!
//! Secrecy of record boards: they are always the spectators' board (no
//! hand is ever drawn), which is public at every moment of a game; the
//! boards' and frames' captions come from the record's actions that
//! `/record` serves while the game runs (those every seat saw,
//! [`crate::public`]).

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use record::GameRecord;
use render::{At, RenderError};
use serde::Deserialize;

use crate::api::{query, token, AppState};
use crate::error::{Detail, ErrorKind, HostError};
use crate::host::Host;

/// How many games' record re-runs are kept at once.
const KEPT_RERUNS: usize = 16;

/// How many games' replay records are kept at once.
const KEPT_RECORDS: usize = 4;

/// The replay records of the games replayed last, each with the moment of
/// the game it was made at (step, decisions at the table, finished): a
/// record is large (tens of megabytes for a big map), and cloning it out of
/// the match for every frame was most of what a replay step cost. The same
/// moment means the same record, so a kept one is served until the game
/// moves on.
/// A game's moment: its step, its decisions at the table, whether it is over.
type Moment = (u64, usize, bool);

#[derive(Default)]
pub(crate) struct ReplayRecords(std::sync::Mutex<Vec<(String, Moment, Arc<GameRecord>)>>);

impl ReplayRecords {
    fn get(&self, id: &str, at: Moment) -> Option<Arc<GameRecord>> {
        let kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        kept.iter()
            .find(|(k, m, _)| k == id && *m == at)
            .map(|(_, _, r)| r.clone())
    }

    fn put(&self, id: &str, at: Moment, record: Arc<GameRecord>) {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|(k, _, _)| k != id);
        kept.push((id.to_string(), at, record));
        if kept.len() > KEPT_RECORDS {
            kept.remove(0);
        }
    }
}

/// Re-runs of records, by game id, the most recently used last. A game's
/// record only ever grows by whole new turns (earlier turns never change),
/// so a kept re-run stays right for later requests of the same game.
#[derive(Default)]
pub(crate) struct Reruns(std::sync::Mutex<Vec<(String, render::Rerun)>>);

impl Reruns {
    /// Takes out game `id`'s re-run, if kept (two requests of one game at
    /// once: the second starts its own).
    fn take(&self, id: &str) -> Option<render::Rerun> {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let i = kept.iter().position(|(k, _)| k == id)?;
        Some(kept.remove(i).1)
    }

    /// Keeps game `id`'s re-run, dropping the least recently used beyond
    /// [`KEPT_RERUNS`].
    fn put(&self, id: String, rerun: render::Rerun) {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|(k, _)| *k != id);
        kept.push((id, rerun));
        if kept.len() > KEPT_RERUNS {
            kept.remove(0);
        }
    }
}

/// The plug-in of game `ruleset` (games are only ever made of registered
/// rulesets, so a miss is a game stored by another build).
fn plugin_of(ruleset: &str) -> Result<registry::Plugin, HostError> {
    registry::plugin(ruleset).map_err(|e| {
        HostError::new(
            ErrorKind::Rejected,
            format!("the board cannot be drawn: {e}"),
        )
    })
}

fn drawing_error(e: RenderError) -> HostError {
    match e {
        RenderError::Request { field, message } => HostError::bad_request(format!("bad {field}"))
            .with_details(vec![Detail::field(field, message)]),
        RenderError::Input(m) => HostError::new(
            ErrorKind::Rejected,
            format!("the board cannot be drawn: {m}"),
        ),
    }
}

fn svg_response(svg: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            // Opened on its own, the picture is a document of this origin:
            // it may run nothing and load nothing.
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'none'"),
        ],
        svg,
    )
        .into_response()
}

impl Host {
    /// The current board of game `id` as SVG, as `token`'s seat (or a
    /// spectator) sees it.
    pub async fn board_svg(&self, id: &str, token: Option<&str>) -> Result<String, HostError> {
        let seen = self.view(id, token, false).await?;
        let ruleset = self.slot(id).await?.lock().await.game.ruleset();
        render::view_svg(&*plugin_of(ruleset)?.drawing, &seen["view"]).map_err(drawing_error)
    }

    /// The record of game `id` that replay boards and captions are made
    /// from, kept inside the host and never served as it is: the whole
    /// record once the game is over; before, less the actions not every
    /// seat saw (its setup and orders stay, to re-run the game to a turn).
    async fn replay_record(&self, id: &str) -> Result<Arc<GameRecord>, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        let at = (slot.step, slot.decisions.len(), slot.finished);
        if let Some(kept) = self.replays.get(id, at) {
            return Ok(kept);
        }
        let record = slot
            .game
            .record()
            .ok_or_else(|| HostError::new(ErrorKind::NotFound, "this game keeps no record"))?;
        let record = Arc::new(if slot.finished {
            record
        } else {
            crate::public::without_private_actions(record)
        });
        self.replays.put(id, at, record.clone());
        Ok(record)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordBoardQuery {
    /// The turn (as the record numbers it); the latest when absent.
    #[serde(default)]
    turn: Option<u64>,
    /// Actions of that turn applied (0: its start).
    #[serde(default)]
    action: Option<u64>,
}

pub(crate) async fn board(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, HostError> {
    let token = token(&headers)?;
    Ok(svg_response(s.host.board_svg(&id, token.as_deref()).await?))
}

pub(crate) async fn record_board(
    State(s): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<RecordBoardQuery>, QueryRejection>,
) -> Result<Response, HostError> {
    let q = query(q)?;
    let record = s.host.replay_record(&id).await?;
    let turn = match q.turn {
        Some(t) => t,
        None => render::last_turn(&record).unwrap_or(0),
    };
    let at = At {
        turn,
        action: q.action.unwrap_or(0),
    };
    let host = s.host.clone();
    let plugin = plugin_of(record.game_type.as_deref().unwrap_or_default())?;
    let svg = tokio::task::spawn_blocking(move || {
        let mut rerun = host.reruns.take(&id);
        let svg = render::record_svg_with(
            &*plugin.rules,
            &*plugin.drawing,
            &record,
            at,
            None,
            &mut rerun,
        );
        if let Some(r) = rerun {
            host.reruns.put(id, r);
        }
        svg
    })
    .await
    .map_err(|e| HostError::storage(e.to_string()))?
    .map_err(drawing_error)?;
    Ok(svg_response(svg))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FramesQuery {
    /// The first turn's place in the record (0 for its first turn); with
    /// it, a page of frames and the index of every turn.
    #[serde(default)]
    from: Option<usize>,
    /// How many turns' frames (at most `render::FRAMES_PER_PAGE`; 1 when
    /// absent).
    #[serde(default)]
    count: Option<usize>,
}

pub(crate) async fn record_frames(
    State(s): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<FramesQuery>, QueryRejection>,
) -> Result<Response, HostError> {
    let q = query(q)?;
    let record = s.host.replay_record(&id).await?;
    let plugin = plugin_of(record.game_type.as_deref().unwrap_or_default())?;
    if q.from.is_none() && q.count.is_none() {
        return Ok(Json(render::frames(&*plugin.drawing, &record)).into_response());
    }
    let count = q.count.unwrap_or(1);
    if !(1..=render::FRAMES_PER_PAGE).contains(&count) {
        return Err(
            HostError::bad_request("bad count").with_details(vec![Detail::field(
                "count",
                format!("from 1 to {} turns a page", render::FRAMES_PER_PAGE),
            )]),
        );
    }
    let from = q.from.unwrap_or(0);
    let page = tokio::task::spawn_blocking(move || {
        render::frames_page(&*plugin.drawing, &record, from, count)
    })
    .await
    .map_err(|e| HostError::storage(e.to_string()))?;
    Ok(Json(page).into_response())
}
