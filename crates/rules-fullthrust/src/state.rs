//! The game state: the current turn's FT2 file in canonical form, the fleets
//! that sit at the table, the turn limit and any loaded dice.
//!
//! The file is the state because the spec's turn is a file-to-file
//! function (gzf-ft2 spec 7.1): keeping its canonical text means everything
//! the profile carries but the host does not play (spec 7.6) survives every
//! turn, and the view file is that text.

use gzf::ft2::view::Ship;
use gzf::ft2::{read, BlockKind, Ft2File};
use gzf::rules::fire::in_play;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use engine::SetupError;

/// The largest velocity or thrust a scenario may give a ship.
pub const MAX_RATE: i64 = 1_000_000;
/// The largest distance from the origin of a ship's start, in hundredths.
pub const MAX_COORD: i64 = 1_000_000_000_000;

/// The whole game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    /// The Scenario's name.
    pub name: String,
    /// The current turn's file, canonical (spec 1.8), with no orders in it.
    pub file: String,
    /// The file's Scenario `Turn`, kept beside it so that asking for the
    /// turn does not read the file.
    pub turn: u64,
    /// The Fleet blocks' names in file order: seat `i` is fleet `i`.
    pub fleets: Vec<String>,
    /// The turn the scenario started at.
    #[serde(default)]
    pub first_turn: u64,
    /// The game ends after this many turns at the latest (see [`crate::end`]).
    pub turn_limit: u64,
    /// Dice to use before the generator, from the setup option `dice`: a
    /// referee replaying a table-top game rolled with real dice, or a test
    /// playing the spec's fixture with its dice stream.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loaded_dice: Vec<u8>,
    /// The file read once: every question the engine asks between turns
    /// (who is awaited, views, units, the outcome) would otherwise read it
    /// again. Not saved; a restored state reads the file on first use.
    #[serde(skip)]
    model: Arc<OnceLock<Ft2File>>,
}

impl State {
    /// Reads a scenario's text into a starting state: the file must read
    /// without errors, have a Scenario block and at least two fleets, and
    /// every ship on the map must have what movement and damage need.
    pub fn from_scenario(source: &str, text: &str, turn_limit: u64) -> Result<State, SetupError> {
        let at = |pos: gzf::Pos| format!("{source}:{}:{}", pos.line, pos.col);
        let r = read(text.as_bytes()).map_err(|e| SetupError::at(at(e.pos), e.to_string()))?;
        if let Some(d) = r.diagnostics.iter().find(|d| d.is_error()) {
            return Err(SetupError::at(
                at(d.pos),
                format!(
                    "{}: {} (`orderly gzf check {source}` lists every problem)",
                    d.code, d.message
                ),
            ));
        }
        let mut file = r.file;
        let Some(scenario) = file.first(BlockKind::Scenario) else {
            return Err(SetupError::at(
                source.to_string(),
                "the scenario has no `Scenario:` block; add one with `Turn: 1`",
            ));
        };
        let name = file.blocks[scenario].id();
        let fleets: Vec<String> = file
            .blocks
            .iter()
            .filter(|b| b.kind == Some(BlockKind::Fleet))
            .map(|b| b.id())
            .collect();
        if fleets.len() < 2 {
            return Err(SetupError::at(
                source.to_string(),
                format!(
                    "a battle needs two or more `Fleet:` blocks, this scenario has {}",
                    fleets.len()
                ),
            ));
        }
        for s in file.ships().iter().filter(|s| in_play(s)) {
            let missing = [
                ("Course", s.course.is_none()),
                ("Velocity", s.velocity.is_none()),
                ("Thrust-Rating", s.thrust_rating.is_none()),
                ("Damage-Track", s.damage_track.is_none()),
            ];
            // Bounds that keep the movement arithmetic (i64 hundredths,
            // f64 with exact integers) far from overflow for any number of
            // turns a game can last; no table-top ship comes near them.
            let huge = [
                (
                    "Velocity",
                    s.velocity.is_some_and(|v| !(0..=MAX_RATE).contains(&v)),
                ),
                (
                    "Thrust-Rating",
                    s.thrust_rating
                        .is_some_and(|t| !(0..=MAX_RATE).contains(&t)),
                ),
                (
                    "Position",
                    s.position
                        .is_some_and(|p| p.x.abs() > MAX_COORD || p.y.abs() > MAX_COORD),
                ),
            ];
            if let Some((field, _)) = huge.iter().find(|(_, h)| *h) {
                return Err(SetupError::at(
                    at(file.blocks[s.block].pos),
                    format!(
                        "ship `{}`: `{field}` is out of the playable range (velocity and thrust 0 to {MAX_RATE}, positions within ±{} MU)",
                        s.name,
                        MAX_COORD / 100
                    ),
                ));
            }
            if let Some((field, _)) = missing.iter().find(|(_, m)| *m) {
                return Err(SetupError::at(
                    at(file.blocks[s.block].pos),
                    format!(
                        "ship `{}` is on the map but has no `{field}:`; add it, or remove its position",
                        s.name
                    ),
                ));
            }
        }
        // A scenario's orders belong to nobody: each fleet gives its own.
        strip_orders(&mut file);
        let turn = file.turn().unwrap_or(0).max(0) as u64;
        Ok(State {
            name,
            turn,
            file: file.to_canonical(),
            fleets,
            // A set-up turn (0, spec 7.1) is not a battle turn.
            first_turn: turn.max(1),
            turn_limit,
            loaded_dice: Vec::new(),
            model: Arc::default(),
        })
    }

    /// The current file as a model. The state's text was written by this
    /// crate from a valid file, so it reads back; an empty model otherwise.
    pub fn model(&self) -> &Ft2File {
        self.model.get_or_init(|| {
            read(self.file.as_bytes())
                .map(|r| r.file)
                .unwrap_or_default()
        })
    }

    /// The seat of the fleet a ship belongs to, if it is one of the fleets.
    pub fn seat_of(&self, ship: &Ship) -> Option<usize> {
        let fleet = gzf::ft2::assoc::name_key(ship.fleet.as_deref()?);
        self.fleets
            .iter()
            .position(|f| gzf::ft2::assoc::name_key(f) == fleet)
    }

    /// The current turn (the Scenario's `Turn`).
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// Replaces the file with the next turn's.
    pub fn advance(&mut self, file: Ft2File) {
        self.file = file.to_canonical();
        self.turn = file.turn().unwrap_or(0).max(0) as u64;
        self.model = Arc::new(OnceLock::from(file));
    }
}

/// Removes every `Move` and `Orders` of ships and their systems.
pub fn strip_orders(file: &mut Ft2File) {
    for s in file.ships().iter().rev() {
        file.blocks[s.block].remove("Move");
        file.blocks[s.block].remove("Orders");
        for sys in &s.systems {
            file.blocks[sys.block].remove("Orders");
        }
    }
}
