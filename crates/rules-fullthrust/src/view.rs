//! What a fleet sees, and the board for people watching.
//!
//! The played rules have no hidden information (gzf-ft2 spec 7.6: sensors
//! and bogeys are not played; on the table every model is in plain sight),
//! and the state file holds no orders between turns. So every fleet's view
//! file is the whole current file; what differs per fleet is the file's
//! name and the seat it is addressed to. A later rules version that plays
//! sensors would filter the file here.

use gzf::ft2::read;
use gzf::ft2::view::Ship;
use gzf::ft2::BlockKind;
use serde::Serialize;

use engine::{Seat, SetupError};

use crate::state::State;

/// One fleet's (or a spectator's) view of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FleetView {
    pub scenario: String,
    pub turn: u64,
    /// The fleets in seat order.
    pub fleets: Vec<String>,
    /// The seat the view is for; `None` for a spectator.
    pub seat: Option<usize>,
    /// The view file's text (canonical FT2).
    pub file: String,
    /// The ships of the file, read once for the bots.
    #[serde(skip)]
    ships: Vec<Ship>,
}

impl FleetView {
    pub fn of(state: &State, seat: Option<Seat>) -> FleetView {
        FleetView {
            scenario: state.name.clone(),
            turn: state.turn(),
            fleets: state.fleets.clone(),
            seat: seat.map(|s| s.0),
            file: state.file.clone(),
            ships: state.model().ships(),
        }
    }

    /// Reads a view file as a fleet received it.
    pub fn read(name: &str, text: &str) -> Result<FleetView, SetupError> {
        let r = read(text.as_bytes()).map_err(|e| {
            SetupError::at(
                format!("{name}:{}:{}", e.pos.line, e.pos.col),
                e.to_string(),
            )
        })?;
        if let Some(d) = r.diagnostics.iter().find(|d| d.is_error()) {
            return Err(SetupError::at(
                format!("{name}:{}:{}", d.pos.line, d.pos.col),
                format!("{}: {}", d.code, d.message),
            ));
        }
        let file = &r.file;
        let scenario = file
            .first(BlockKind::Scenario)
            .map(|i| file.blocks[i].id())
            .ok_or_else(|| SetupError::at(name, "the view file has no `Scenario:` block"))?;
        Ok(FleetView {
            scenario,
            turn: file.turn().unwrap_or(0).max(0) as u64,
            fleets: file
                .blocks
                .iter()
                .filter(|b| b.kind == Some(BlockKind::Fleet))
                .map(|b| b.id())
                .collect(),
            seat: None,
            file: text.to_string(),
            ships: file.ships(),
        })
    }

    /// The ships in the view, in file order.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }
}

/// One line per ship: fleet, name, position, course, velocity, thrust,
/// damage track, and whether it is out of the fight (crate::end).
pub fn board_text(state: &State) -> String {
    let mut out = format!("{}, turn {}\n", state.name, state.turn());
    for s in state.model().ships() {
        let fleet = state.seat_of(&s).map_or("-", |f| state.fleets[f].as_str());
        let place = s.position.map_or("off the map".to_string(), |p| {
            format!("({:>7.2}, {:>7.2})", p.x as f64 / 100.0, p.y as f64 / 100.0)
        });
        let track = s
            .damage_track
            .as_ref()
            .map(|t| t.lines().join(" "))
            .unwrap_or_default();
        let fate = if crate::end::in_the_fight(&s) {
            ""
        } else {
            "  out of the fight"
        };
        out.push_str(&format!(
            "{fleet:<16} {:<16} {place} course {:>2} v {:>2} thrust {} {track}{fate}\n",
            s.name,
            s.course.unwrap_or(0),
            s.velocity.unwrap_or(0),
            s.thrust_rating.unwrap_or(0),
        ));
    }
    out
}
