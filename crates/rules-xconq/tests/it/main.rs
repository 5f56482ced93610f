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
