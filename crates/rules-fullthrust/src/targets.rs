//! What a battery can reach, for the browser to outline while a player
//! aims it: the enemy ships in play that lie in one of the battery's firing
//! arcs and within its range (gzf-ft2 spec 7.2 arcs, 7.4 range bands and
//! dice), seen from where its ship is now. Ships move before they fire, so
//! this is a guide to the aim, not a promise of the shot; the exact
//! arithmetic is `gzf::rules`, the same the turn uses.

use gzf::ft2::assoc::name_key;
use gzf::rules::fire::{in_play, Battery};
use gzf::rules::geometry::{arc_of, range_band};
use serde_json::Value;

/// The names of the ships battery `k` (its place among the ship's
/// systems, from 0) of ship `S` can reach, for a pick `battery:S/k` on a
/// fleet's view. Other picks reach nothing.
pub fn targets(view: &Value, pick: &str) -> Vec<String> {
    let Some((ship, index)) = pick
        .strip_prefix("battery:")
        .and_then(|rest| rest.rsplit_once('/'))
        .and_then(|(s, k)| Some((s, k.parse::<usize>().ok()?)))
    else {
        return Vec::new();
    };
    let Some(file) = view["file"].as_str() else {
        return Vec::new();
    };
    let Ok(read) = gzf::ft2::read(file.as_bytes()) else {
        return Vec::new();
    };
    let ships = read.file.ships();
    let key = name_key(ship);
    let Some(firer) = ships.iter().find(|s| name_key(&s.name) == key) else {
        return Vec::new();
    };
    let (Some(from), Some(system)) = (firer.position, firer.systems.get(index)) else {
        return Vec::new();
    };
    let Some(battery) = Battery::from_system(&system.kind) else {
        return Vec::new();
    };
    if !in_play(firer) || !system.status.is_functioning() {
        return Vec::new();
    }
    let course = firer.course.unwrap_or(12);
    let arcs = system.arcs.clone().unwrap_or_default();
    let own = firer.fleet.as_deref().map(name_key);
    ships
        .iter()
        .filter(|t| in_play(t) && t.fleet.as_deref().map(name_key) != own)
        .filter(|t| {
            let Some(to) = t.position else { return false };
            let reach = range_band(from, to).is_some_and(|band| battery.dice(band) > 0);
            reach && arcs.contains(&arc_of(from, course, to))
        })
        .map(|t| t.name.clone())
        .collect()
}
