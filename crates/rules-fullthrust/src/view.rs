//! What a fleet sees, and the board for people watching.
//!
//! The played rules have no hidden information (gzf-ft2 spec 7.6: sensors
//! and bogeys are not played; on the table every model is in plain sight),
//! and the state file holds no orders between turns. So every fleet's view
//! file is the whole current file; what differs per fleet is the file's
//! name and the seat it is addressed to. A later rules version that plays
//! sensors would filter the file here.

use gzf::ft2::assoc::name_key;
use gzf::ft2::read;
use gzf::ft2::values::{Activity, DamageStatus};
use gzf::ft2::view::Ship;
use gzf::ft2::BlockKind;
use gzf::rules::fire::in_play;
use schemars::JsonSchema;
use serde::Serialize;

use engine::{Seat, SetupError};

use crate::state::State;

/// One fleet's (or a spectator's) view of a turn.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct FleetView {
    /// The scenario's name.
    pub scenario: String,
    /// The turn being played, from 1.
    pub turn: u64,
    /// The fleets in seat order.
    pub fleets: Vec<String>,
    /// The seat the view is for (from 0); `null` for a spectator.
    pub seat: Option<usize>,
    /// The view file's text (canonical FT2, gzf-ft2 spec): everything,
    /// including what `ships` sums up.
    pub file: String,
    /// The file's ships as the browser needs them (where, which way, how
    /// fast, each system's arcs and state), so its controller can draw arcs
    /// and order fire without reading GZF.
    #[serde(rename = "ships")]
    pub listing: Vec<ShipLine>,
    /// The ships of the file, read once for the bots.
    #[serde(skip)]
    ships: Vec<Ship>,
}

impl FleetView {
    pub fn of(state: &State, seat: Option<Seat>) -> FleetView {
        let ships = state.model().ships();
        FleetView {
            scenario: state.name.clone(),
            turn: state.turn(),
            fleets: state.fleets.clone(),
            seat: seat.map(|s| s.0),
            file: state.file.clone(),
            listing: listing(&ships, &state.fleets),
            ships,
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
        let fleets: Vec<String> = file
            .blocks
            .iter()
            .filter(|b| b.kind == Some(BlockKind::Fleet))
            .map(|b| b.id())
            .collect();
        let ships = file.ships();
        Ok(FleetView {
            scenario,
            turn: file.turn().unwrap_or(0).max(0) as u64,
            listing: listing(&ships, &fleets),
            fleets,
            seat: None,
            file: text.to_string(),
            ships,
        })
    }

    /// The ships in the view, in file order.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }
}

/// One ship as the browser needs it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ShipLine {
    /// The record's unit id: the ship's place in file order, from 1.
    pub id: u64,
    /// Its name, which orders name.
    pub name: String,
    /// Its fleet's name; `null` for a ship of no fleet.
    pub fleet: Option<String>,
    /// The seat of its fleet (from 0); `null` when none plays it.
    pub seat: Option<usize>,
    /// East-west position in MU (`null` off the map).
    pub x: Option<f64>,
    /// North-south position in MU, growing north (`null` off the map).
    pub y: Option<f64>,
    /// Heading as a clock face, 1 to 12 (12 is north, 3 east).
    pub course: u8,
    /// Speed in MU a turn.
    pub velocity: i64,
    /// Thrust rating: how much velocity change and turning a move may use.
    pub thrust: i64,
    /// On the map and not destroyed.
    pub in_play: bool,
    /// Its systems in file order: the order a ship's orders list them.
    pub systems: Vec<SystemLine>,
}

/// One system of a ship, in file order (the order the orders list them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SystemLine {
    /// The system type (`A Battery`, `FireCon`), as orders name it.
    pub kind: String,
    /// Firing arcs as letters: `F` fore, `P` port, `S` starboard, `A` aft.
    pub arcs: Vec<String>,
    /// `ok`, `inactive`, `damaged` or `destroyed` (spec 7.4: only an `ok`
    /// battery fires).
    #[schemars(schema_with = "status_schema")]
    pub status: &'static str,
}

/// The four words [`SystemLine::status`] takes.
fn status_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"enum": ["ok", "inactive", "damaged", "destroyed"]})
}

/// The ships of a file, for [`FleetView::listing`].
pub fn listing(ships: &[Ship], fleets: &[String]) -> Vec<ShipLine> {
    ships
        .iter()
        .enumerate()
        .map(|(i, s)| ShipLine {
            id: i as u64 + 1,
            name: s.name.clone(),
            fleet: s.fleet.clone(),
            seat: s.fleet.as_deref().and_then(|f| {
                let key = name_key(f);
                fleets.iter().position(|g| name_key(g) == key)
            }),
            x: s.position.map(|p| p.x as f64 / 100.0),
            y: s.position.map(|p| p.y as f64 / 100.0),
            course: s.course.unwrap_or(12),
            velocity: s.velocity.unwrap_or(0),
            thrust: s.thrust_rating.unwrap_or(0),
            in_play: in_play(s),
            systems: s
                .systems
                .iter()
                .map(|x| SystemLine {
                    kind: x.kind.clone(),
                    arcs: x.arcs.iter().flatten().map(|a| format!("{a:?}")).collect(),
                    status: match (x.status.damage, x.status.activity) {
                        (Some(DamageStatus::Destroyed), _) => "destroyed",
                        (Some(DamageStatus::Damaged), _) => "damaged",
                        (_, Some(Activity::Inactive)) => "inactive",
                        _ => "ok",
                    },
                })
                .collect(),
        })
        .collect()
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
