//! Integration tests of the xconq ruleset: the real program's fixtures
//! (`../shared/corpus/xconq-play`), replayed draw by draw and action by
//! action. Tests that need `../shared` say so in one line and pass without it.

mod aux_layers;
mod files;
mod fixtures;
mod frontier;
mod games;
mod invariants;
mod property;
mod rules;
mod seat;
mod standard;
mod views;

/// The module library of `../shared`, or None (after one line on standard
/// error saying the test is skipped; CI sets `ORDERLY_REQUIRE_SHARED`, which
/// makes a missing corpus fail instead).
pub fn shared_lib() -> Option<std::path::PathBuf> {
    testkit::shared("corpus/xconq/lib")
}

/// The ids of the units an SVG draws (`data-kind="unit" data-id="N"`).
pub fn drawn_units(svg: &str) -> Vec<i32> {
    svg.match_indices("data-kind=\"unit\" data-id=\"")
        .map(|(i, m)| {
            let rest = &svg[i + m.len()..];
            rest[..rest.find('"').unwrap()].parse().unwrap()
        })
        .collect()
}

/// Why module `name`, written with `text` into a folder of its own, does
/// not set up as a game (panics if it does).
pub fn setup_error(name: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(format!("{name}.g")), text).unwrap();
    let library = xconq::library::Library::with_dirs([dir.path().to_path_buf()]);
    let setup = engine::Setup {
        scenario: name.into(),
        seed: 1,
        ..engine::Setup::default()
    };
    match engine::Match::start(
        std::sync::Arc::new(xconq::Xconq::new(library)),
        setup,
        false,
        None,
    ) {
        Ok(_) => panic!("module {name} set up"),
        Err(e) => e.to_string(),
    }
}

/// Plays up to `turns` turns of `m` with the greedy bot on every seat
/// (generator seeded with `seed`): each seat's view keeps the fog rule
/// before it orders and at the end, and the invariants hold after every
/// turn. `name` labels a failure.
pub fn greedy_turns(
    rules: &std::sync::Arc<xconq::Xconq>,
    m: &mut engine::Match<xconq::Xconq>,
    turns: usize,
    seed: u64,
    name: &str,
) {
    use engine::Ruleset;
    let mut bot = rules.bot("greedy").unwrap();
    let mut rng = engine::GameRng::from_seed(seed);
    for _ in 0..turns {
        if m.outcome().is_some() {
            break;
        }
        for seat in m.awaiting() {
            let view = m.view(Some(seat));
            invariants::no_fog_leak(m.state(), &view, seat.0 + 1);
            let o = bot.orders(rules, &view, seat, &mut rng);
            m.submit(seat, o)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
        m.resolve(None);
        invariants::check(m.state());
    }
    for seat in m.awaiting() {
        invariants::no_fog_leak(m.state(), &m.view(Some(seat)), seat.0 + 1);
    }
}

/// A complete unit of `utype` for `side` at (x, y), with full supplies and ACP.
pub fn add_unit(k: &mut xconq::kernel::K<'_>, utype: &str, side: usize, x: i32, y: i32) -> i32 {
    let t = k.r.unit_type(utype).unwrap();
    let id = k.s.units.len() as i32;
    let supply = (0..k.r.nm())
        .map(|m| k.r.t.unit_storage_x.get(t, m))
        .collect();
    k.s.units.push(xconq::state::Unit {
        id,
        utype: t,
        side,
        origside: side,
        x: -1,
        y: -1,
        hp: k.r.u.hp_max[t],
        hp2: k.r.u.hp_max[t],
        cp: k.r.u.cp[t],
        supply,
        actor: k.r.u.acp_per_turn[t] > 0,
        acp: k.r.u.acp_per_turn[t],
        acp0: k.r.u.acp_per_turn[t],
        ..xconq::state::Unit::default()
    });
    k.s.sides[side].units.push(id);
    k.enter_cell(id, x, y);
    id
}
