//! Board pictures for every ruleset, as SVG (and PNG through resvg).
//!
//! One renderer serves the browser (the host's `board.svg` routes) and the
//! command line (`orderly render`). It draws from a seat's **view** (the
//! JSON of `Ruleset::view`, so it never sees more than that seat may), and
//! boards of a **record** at any turn and action: [`replay`] re-runs the
//! record's setup and orders through the registry's ruleset up to the start
//! of the turn (the record's per-turn snapshots lack the map: walls, terrain,
//! scores, hands), takes the view there, then applies the first K actions'
//! results one at a time, sub-results together (game-record spec 1.5).
//!
//! The render crate names no ruleset: each ruleset crate implements
//! [`Drawing`] (read a view into a [`Board`], step it through recorded
//! actions, draw it) with the pieces here ([`svg`], [`replay::caption`], the seat
//! colours) and hands it to the registry in its plug-in entry. Callers pass
//! the ruleset's rules and drawing to the functions here.
//!
//! SVG conventions (the contract with the web client): a root `<svg>` with
//! only a `viewBox` (it scales to its container), `class="board
//! board-{ruleset}"`, `role="img"`, an `aria-label` and a `<title>`; every
//! selectable thing carries `data-kind` (`unit`, `piece`, `system`,
//! `ship`), `data-id` (the id orders use) and `data-owner` (seat) where it
//! applies; no scripts, no external references; all text escaped. Seat
//! colours are the same in every ruleset ([`svg::SEAT_COLOURS`]) and every
//! seat marker also shows the seat's number.
//!
//! PNG output (resvg with a built-in font) is the `png` feature, on by
//! default; a library user who only needs SVG can leave it out.

#[cfg(feature = "png")]
pub mod png;
pub mod replay;
pub mod svg;

use engine::DynRuleset;
use record::{Action, ActionResult, GameRecord};
use serde_json::Value;

#[cfg(feature = "png")]
pub use png::{to_png, Fonts};
pub use replay::{
    frame_svg, frames, frames_page, last_turn, record_board, record_board_with, At, Frame, Rerun,
    FRAMES_PER_PAGE,
};

/// How one ruleset draws its boards. Each ruleset crate implements it; the
/// registry's entry for the ruleset carries it.
pub trait Drawing: Send + Sync {
    /// Reads a seat's (or a spectator's) view of a game: the JSON of
    /// `Ruleset::view`, so a picture never shows more than that seat may
    /// see.
    fn board(&self, view: &Value) -> Result<Box<dyn Board>, RenderError>;

    /// One line for people about a recorded action, in the ruleset's own
    /// words; `None` gives the generic caption ([`replay::caption`]).
    fn caption(&self, _record: &GameRecord, _action: &Action) -> Option<String> {
        None
    }

    /// The board at the start of `record.turns[index]` read from the
    /// record alone, as `seat` sees it: for records with no `setup` to
    /// re-run (written by another program, such as the Tactics engine),
    /// when the ruleset's snapshots and teams hold all its board shows.
    /// `None` (the default): boards come only from re-running the setup.
    fn record_board(
        &self,
        _record: &GameRecord,
        _index: usize,
        _seat: Option<usize>,
    ) -> Option<Result<Box<dyn Board>, RenderError>> {
        None
    }
}

/// One board being drawn: read from a view, then stepped through a
/// record's actions.
pub trait Board: Send {
    /// Applies one recorded action's results (`path` is the action's JSON
    /// path, for errors).
    fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError>;
    /// Where unit `id` stands now, in the ruleset's coordinates.
    fn position(&self, id: u64) -> Option<(f64, f64)>;
    /// The picture, with `highlight` marking the action just applied.
    fn svg(&self, highlight: Option<&Highlight>) -> String;
    /// The board as its own type, for code that knows the ruleset (its
    /// crate's tests): `board.as_any().downcast_ref::<MyBoard>()`.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// The picture of a view: what `GET /api/games/{id}/board.svg` serves.
pub fn view_svg(drawing: &dyn Drawing, view: &Value) -> Result<String, RenderError> {
    Ok(drawing.board(view)?.svg(None))
}

/// The picture of `record` at `at`, as `seat` (or a spectator) saw it.
pub fn record_svg(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    at: At,
    seat: Option<usize>,
) -> Result<String, RenderError> {
    record_svg_with(rules, drawing, record, at, seat, &mut None)
}

/// [`record_svg`] with a kept [`Rerun`] (see [`record_board_with`]).
pub fn record_svg_with(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    at: At,
    seat: Option<usize>,
    rerun: &mut Option<Rerun>,
) -> Result<String, RenderError> {
    let (board, highlight) = record_board_with(rules, drawing, record, at, seat, rerun)?;
    Ok(board.svg(highlight.as_ref()))
}

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The request names something that does not exist (a turn, an action,
    /// a seat): the caller's mistake, with the parameter it concerns.
    #[error("{field}: {message}")]
    Request { field: String, message: String },
    /// The view or record cannot be drawn (malformed, or from a ruleset
    /// this build does not draw).
    #[error("{0}")]
    Input(String),
}

impl RenderError {
    pub fn input(message: impl Into<String>) -> RenderError {
        RenderError::Input(message.into())
    }

    pub fn request(field: &str, message: impl Into<String>) -> RenderError {
        RenderError::Request {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

/// The action a record board was stepped to: drawn marked, with a caption.
#[derive(Debug, Clone, Default)]
pub struct Highlight {
    /// The unit that acted (record unit id).
    pub unit: Option<u64>,
    /// Where it stood before the action, in the ruleset's coordinates.
    pub from: Option<(f64, f64)>,
    /// The unit it aimed at (Full Thrust fire).
    pub target: Option<u64>,
    pub caption: String,
}

/// Space under the board for a caption line (only when there is one).
pub fn foot(highlight: Option<&Highlight>) -> f64 {
    if highlight.is_some() {
        9.0
    } else {
        1.0
    }
}

/// Writes the caption line under a board `width` wide whose picture ends
/// at `top`, shrinking long captions to fit.
pub fn draw_caption(svg: &mut svg::Svg, width: f64, top: f64, text: &str) {
    // About 0.55 em per character: shrink long captions to fit.
    let size = (width / (text.chars().count().max(1) as f64 * 0.55)).clamp(1.5, 5.0);
    svg.text(
        1.0,
        top + 6.5,
        &format!(
            "class=\"caption\" font-size=\"{}\" fill=\"#222\"",
            svg::num(size)
        ),
        text,
    );
}

/// A caption under a board drawn in its own units (`u` = a hundredth of
/// the picture's width).
pub fn draw_caption_at(svg: &mut svg::Svg, x: f64, width: f64, top: f64, u: f64, text: &str) {
    let size = (width / (text.chars().count().max(1) as f64 * 0.55)).clamp(1.5 * u, 3.2 * u);
    svg.text(
        x + u,
        top + 5.5 * u,
        &format!(
            "class=\"caption\" font-size=\"{}\" fill=\"#222\"",
            svg::num(size)
        ),
        text,
    );
}

/// An action's results with their sub-results, in the order they are shown
/// (sub-results with their result: they are shown together).
pub fn flat_results(action: &Action) -> Vec<&ActionResult> {
    let mut out = Vec::new();
    for r in action.results.iter().flatten() {
        out.push(r);
        out.extend(r.results.iter().flatten());
    }
    out
}
