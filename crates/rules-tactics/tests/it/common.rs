//! What the tests share: the corpus folder (when the shared checkout is
//! there), small boards built unit by unit, and playing inputs on them with
//! chosen draws.

use std::path::PathBuf;

use serde_json::Value;
use tactics::board::{Dir, Tile};
use tactics::draws::ListDraws;
use tactics::game::{BotFlag, Color, Game, GameKind, Team, Unit};
use tactics::record::GameLog;
use tactics::turn::Fate;
use tactics::units::UnitType;
use tactics::Input;

/// `../shared/corpus/tactics` of the project, if this checkout has it (if
/// not, one line on standard error says the test is skipped; CI sets
/// `ORDERLY_REQUIRE_SHARED`, which makes a missing corpus fail instead).
pub fn corpus() -> Option<PathBuf> {
    testkit::shared("corpus/tactics")
}

/// Runs `f` with the corpus folder when there is one; `_what` names the
/// check for people reading the test.
pub fn with_corpus(_what: &str, f: impl FnOnce(PathBuf)) {
    if let Some(dir) = corpus() {
        f(dir);
    }
}

/// A unit for a test board: `(team, id, type, [x, y], facing)`.
pub type Spec = (usize, u32, UnitType, (i32, i32), Dir);

fn team(id: usize, name: &str, color: Color) -> Team {
    Team {
        id,
        original_id: id,
        name: Some(name.into()),
        color: Some(color),
        bot: Some(BotFlag::Flag(true)),
        set: vec![],
        units: vec![],
    }
}

fn place(mut teams: Vec<Team>, kind: GameKind, units: &[Spec]) -> Game {
    for &(t, id, kind, (x, y), facing) in units {
        let color = teams[t].color;
        teams[t]
            .units
            .push(Unit::new(id, kind, Tile::new(x, y), facing, color));
    }
    Game {
        kind,
        teams,
        turn: 0,
        actions: vec![],
        idle_turns: 0,
        end: None,
    }
}

/// A classic board: team 0 (North, Red) moves first.
pub fn classic(units: &[Spec]) -> Game {
    place(
        vec![team(0, "North", Color::Red), team(1, "South", Color::Blue)],
        GameKind::Classic,
        units,
    )
}

/// A Chaos board: team 0 is Chaos (White), then Blue, Yellow, Red, Green.
pub fn chaos(units: &[Spec]) -> Game {
    let mut chaos = team(0, "Chaos", Color::White);
    chaos.bot = Some(BotFlag::Name("Chaos".into()));
    place(
        vec![
            chaos,
            team(1, "Blue", Color::Blue),
            team(2, "Yellow", Color::Yellow),
            team(3, "Red", Color::Red),
            team(4, "Green", Color::Green),
        ],
        GameKind::Chaos,
        units,
    )
}

/// What playing a batch did.
pub struct Played {
    /// Every action recorded, finished turns first, as the engine writes them
    /// (without timestamps).
    pub actions: Vec<Value>,
    pub fates: Vec<Fate>,
    /// How many draws were taken.
    pub draws: usize,
}

/// Plays `inputs` on `game` with the numbers `draws`.
pub fn play(game: &mut Game, inputs: &[Input], draws: &[f64]) -> Played {
    let mut log = GameLog::new(game);
    let mut source = ListDraws {
        values: draws.to_vec(),
        next: 0,
    };
    let fates = game.play(inputs, &mut source, &mut log);
    let mut actions: Vec<Value> = log
        .turns
        .iter()
        .flat_map(|t| t.actions.iter().map(|a| a.to_json(None)))
        .collect();
    actions.extend(game.actions.iter().map(|a| a.to_json(None)));
    Played {
        actions,
        fates,
        draws: source.next,
    }
}

/// The action's JSON text, to compare key order too.
pub fn text(v: &Value) -> String {
    v.to_string()
}
