//! The four public fixtures of the real Xconq 7.5 program (spec §17): tier 1
//! games must reproduce every draw (spec §4) and every action with its
//! generator state; tier 2 games every action's result and the generator
//! state after it. The dumps are compared by `../shared/tools/xconq-play-check`
//! (see `scripts/xconq-play-check`).

use std::io::Read;

use xconq::replay::{read_fixture, replay_traced};

/// `../shared` when its fixtures are there; else the test returns after
/// saying it was skipped (see `testkit::shared`).
macro_rules! need_shared {
    () => {
        match testkit::shared("corpus/xconq-play") {
            Some(_) => testkit::shared_root(),
            None => return,
        }
    };
}

/// The trace's draws: (m, state before, result, callers).
fn trace_draws(path: &std::path::Path) -> Vec<(i32, i32, i32, String)> {
    let mut compressed = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut compressed))
        .expect("reading the trace");
    let mut text = Vec::new();
    lzma_rs::xz_decompress(&mut &compressed[..], &mut text).expect("an xz file");
    String::from_utf8_lossy(&text)
        .lines()
        .filter(|l| l.starts_with("XR\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
                f.get(4).unwrap_or(&"").to_string(),
            )
        })
        .collect()
}

fn check_tier1(name: &str) {
    let shared = need_shared!();
    let dir = shared.join("corpus/xconq-play").join(name);
    let lib = vec![shared.join("corpus/xconq/lib")];
    let fx = read_fixture(&dir).unwrap();
    let out = replay_traced(&dir, &lib, true).unwrap();
    // every draw, in order
    let want = trace_draws(&dir.join("trace.tsv.xz"));
    let got = out.trace.unwrap();
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        assert_eq!(
            (w.0, w.1, w.2),
            (g.m, g.before, g.result),
            "{name}: draw {i} differs: the program drew in {}, we drew in {}",
            w.3,
            g.site
        );
    }
    assert_eq!(want.len(), got.len(), "{name}: number of draws");
    // every action, with the generator state before it
    let actions: Vec<_> = fx
        .turns
        .iter()
        .flat_map(|t| t.actions.iter().map(move |a| (t.turn, a)))
        .collect();
    assert_eq!(
        actions.len(),
        out.actions.len(),
        "{name}: number of actions"
    );
    for (i, ((turn, w), g)) in actions.iter().zip(&out.actions).enumerate() {
        assert_eq!(
            (*turn, w.unit, w.action.as_str(), &w.args, w.rs),
            (g.turn, g.unit, g.action, &g.args, g.rs),
            "{name}: action {i}"
        );
    }
    // the generator at every save point
    for (s, (_, dump)) in fx.saves.iter().zip(&out.dumps) {
        let rs = dump["rs"].as_i64().unwrap() as i32;
        let want = serde_json::from_str::<serde_json::Value>(
            &std::fs::read_to_string(dir.join("fixture.json")).unwrap(),
        )
        .unwrap()["saves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["file"] == s.file)
            .unwrap()["rs"]
            .as_i64()
            .unwrap() as i32;
        assert_eq!(rs, want, "{name}: rs at {}", s.file);
    }
}

#[test]
fn intro_scripted_s3_replays_every_draw() {
    check_tier1("intro-scripted-s3");
}

#[test]
fn intro_scripted_s11_replays_every_draw() {
    check_tier1("intro-scripted-s11");
}

fn check_tier2(name: &str) {
    let shared = need_shared!();
    let dir = shared.join("corpus/xconq-play").join(name);
    let lib = vec![shared.join("corpus/xconq/lib")];
    let raw: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("fixture.json")).unwrap()).unwrap();
    let out = replay_traced(&dir, &lib, false).unwrap();
    let want: Vec<&serde_json::Value> = raw["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["actions"].as_array().unwrap())
        .collect();
    assert_eq!(want.len(), out.actions.len(), "{name}: number of actions");
    for (i, (w, g)) in want.iter().zip(&out.actions).enumerate() {
        assert_eq!(
            w["result"].as_str().unwrap(),
            g.result,
            "{name}: action {i} result"
        );
        assert_eq!(
            w["rs_after"].as_i64().unwrap() as i32,
            g.rs_after,
            "{name}: action {i} ({} of unit {}): the generator after it",
            g.action,
            g.unit
        );
    }
}

#[test]
fn intro_ai_s12_gives_every_result_and_draw() {
    check_tier2("intro-ai-s12");
}

#[test]
fn standard_ai_s3_gives_every_result_and_draw() {
    check_tier2("standard-ai-s3");
}
