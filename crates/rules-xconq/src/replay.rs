//! Replaying a fixture of the real program (spec §17.2): tier 1 from the
//! module and side 1's typed orders alone, tier 2 with the generator set
//! before every phase and action; a dump at every save point (§17.4) and a
//! list of executed actions (§17.5).

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{json, Value};

use crate::actions::ACTIONS;
use crate::dump::dump;
use crate::error::Error;
use crate::intro::Executed;
use crate::kernel::K;
use crate::rules::Rules;
use crate::state::State;

/// `fixture.json` (the fields the replay needs).
#[derive(Clone, Debug, Deserialize)]
pub struct Fixture {
    pub format: String,
    pub name: String,
    pub module: String,
    pub tier: u8,
    pub seed: i64,
    #[serde(default)]
    pub start: Option<String>,
    pub saves: Vec<SavePoint>,
    pub turns: Vec<FixtureTurn>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SavePoint {
    pub file: String,
    pub turn: i32,
    pub point: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FixtureTurn {
    pub turn: i32,
    pub rs_start: Option<i32>,
    pub rs_end: Option<i32>,
    pub actions: Vec<FixtureAction>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FixtureAction {
    pub unit: i32,
    #[serde(default)]
    pub actee: i32,
    pub action: String,
    pub args: Vec<i32>,
    pub rs: i32,
    pub by: String,
}

/// What a replay produces.
pub struct Replayed {
    /// `(file name, dump)` per save point, in order.
    pub dumps: Vec<(String, Value)>,
    pub actions: Vec<Executed>,
    /// Every draw, when asked for.
    pub trace: Option<Vec<crate::rng::Draw>>,
}

/// Reads `FIXTURE/fixture.json`.
pub fn read_fixture(dir: &Path) -> Result<Fixture, Error> {
    let path = dir.join("fixture.json");
    let text = std::fs::read_to_string(&path).map_err(|error| Error::Io {
        path: path.clone(),
        error,
    })?;
    let fx: Fixture = serde_json::from_str(&text).map_err(|e| Error::Fixture {
        path: path.clone(),
        message: format!("not a fixture: {e}"),
    })?;
    if fx.format != "xconq-play-fixture 1" {
        return Err(Error::Fixture {
            path,
            message: format!(
                "format is {:?}, expected \"xconq-play-fixture 1\"",
                fx.format
            ),
        });
    }
    Ok(fx)
}

/// Loads a module by name (or file) into rules and the state of §6.1.
pub fn load_game(module: &str, lib_dirs: &[PathBuf], seed: i64) -> Result<(Rules, State), Error> {
    let mut loaded = crate::library::Library::with_dirs(lib_dirs.iter().cloned()).load(
        &crate::library::Request {
            module,
            text: None,
            extra_dirs: &[],
        },
        seed,
        true,
    )?;
    let state = match (loaded.state.take(), &loaded.synth) {
        (Some(state), _) => state,
        // A synthesised world (D20): two sides, made from the seed.
        (None, Some(settings)) => {
            let ask = crate::synth::Ask { sides: 2, seed };
            let mut rng = engine::GameRng::from_seed(seed.unsigned_abs());
            crate::synth::synthesise(&loaded.rules, settings, &ask, &mut rng)
                .map_err(|e| Error::no_room(settings, e.sides))?
                .0
        }
        (None, None) => return Err(Error::no_world(module)),
    };
    Ok((loaded.rules, state))
}

/// Loads a module's rules only (its world comes from a start state).
pub fn load_rules(module: &str, lib_dirs: &[PathBuf]) -> Result<Rules, Error> {
    let loaded = crate::library::Library::with_dirs(lib_dirs.iter().cloned()).load(
        &crate::library::Request {
            module,
            text: None,
            extra_dirs: &[],
        },
        0,
        false,
    )?;
    Ok(loaded.rules)
}

fn action_name(name: &str, path: &Path) -> Result<&'static str, Error> {
    ACTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, _)| *n)
        .ok_or_else(|| Error::Fixture {
            path: path.to_path_buf(),
            message: format!("unknown action {name:?}"),
        })
}

/// Replays a fixture folder.
pub fn replay(dir: &Path, lib_dirs: &[PathBuf]) -> Result<Replayed, Error> {
    replay_traced(dir, lib_dirs, false)
}

/// Replays a fixture folder, recording every draw when `trace` is set.
pub fn replay_traced(dir: &Path, lib_dirs: &[PathBuf], trace: bool) -> Result<Replayed, Error> {
    let fx = read_fixture(dir)?;
    let fpath = dir.join("fixture.json");
    let (rules, mut state) = match &fx.start {
        None => load_game(&fx.module, lib_dirs, fx.seed)?,
        Some(start) => {
            let rules = load_rules(&fx.module, lib_dirs)?;
            let path = dir.join(start);
            let state = crate::start::read_start(&rules, &path, fx.seed)?;
            (rules, state)
        }
    };
    if fx.tier != 1 {
        state.intro_rule = false;
    }
    if trace {
        state.rng.trace = Some(Vec::new());
    }
    let mut out = Replayed {
        dumps: Vec::new(),
        actions: Vec::new(),
        trace: None,
    };
    let from_start = fx.start.is_some();
    for (i, t) in fx.turns.iter().enumerate() {
        let mut k = K::new(&rules, &mut state);
        let first_from_start = from_start && i == 0;
        if !first_from_start {
            if k.s.endofgame {
                break;
            }
            if fx.tier != 1 {
                if let Some(rs) = t.rs_start {
                    k.s.rng.rs = rs;
                }
            }
            k.start_phase();
        }
        save_points(&fx, t.turn, "start", &mut k, &mut out);
        k.run_automatic(&mut out.actions);
        for a in &t.actions {
            if fx.tier == 1 && a.by != "order" {
                continue;
            }
            let name = action_name(&a.action, &fpath)?;
            if fx.tier != 1 {
                k.s.rng.rs = a.rs;
            }
            let by = if a.by == "order" { "order" } else { "plan" };
            let done = k.run_action(a.unit, name, a.args.clone(), a.actee, by);
            out.actions.push(done);
        }
        save_points(&fx, t.turn, "moved", &mut k, &mut out);
        if fx.tier != 1 {
            take_holds(&fx, dir, t.turn, &mut k)?;
        }
        if t.rs_end.is_none() {
            break;
        }
        if fx.tier != 1 {
            if let Some(rs) = t.rs_end {
                k.s.rng.rs = rs;
            }
        }
        k.end_phase();
        save_points(&fx, t.turn, "final", &mut k, &mut out);
    }
    out.trace = state.rng.trace.take();
    Ok(out)
}

/// Writes the dumps of the save points at this turn and point (D17: a save
/// sorts the side lists and flushes the dead first).
fn save_points(fx: &Fixture, turn: i32, point: &str, k: &mut K<'_>, out: &mut Replayed) {
    for s in &fx.saves {
        if s.turn == turn && s.point == point {
            k.sort_side_lists();
            k.flush_dead_units();
            let name = s.file.trim_end_matches(".xcq").to_string() + ".json";
            out.dumps.push((name, dump(k.r, k.s)));
        }
    }
}

/// Tier 2: after the movement phase, the units the save of this point shows
/// staying put hold, the others not ([`crate::plans`]).
fn take_holds(fx: &Fixture, dir: &Path, turn: i32, k: &mut K<'_>) -> Result<(), Error> {
    let Some(save) = fx
        .saves
        .iter()
        .find(|s| s.turn == turn && s.point == "moved")
    else {
        return Ok(());
    };
    let held = crate::plans::holding_units(&dir.join(&save.file))?;
    for u in k.s.units.iter_mut() {
        u.hold = held.contains(&u.id);
    }
    Ok(())
}

/// One executed action as a line of `actions.jsonl` (§17.5).
pub fn action_line(a: &Executed) -> Value {
    json!({
        "turn": a.turn,
        "unit": a.unit,
        "action": a.action,
        "args": a.args,
        "result": a.result,
        "rs": a.rs,
        "by": a.by,
    })
}
