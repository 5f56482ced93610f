//! Reading (checking + typing) and writing game records
//! (BENCHMARKS.md, "Game records"): the real Tactics engine's largest file
//! and all its files together, a generated record of the size a long ttrts
//! game makes, and any record files named in `RECORD_BENCH_FILES`
//! (`:`-separated; e.g. the Battle200 records `scripts/ttrts-bench-game`
//! makes).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use record::read_record;

/// A record of `turns` turns with `units` units and as many actions each.
fn generated(turns: usize, units: usize) -> String {
    let unit = |i: usize| {
        format!(
            r#"{{"id":{i},"type":"unit","assignment":[{},{}],"direction":"N"}}"#,
            i % 200,
            i / 200
        )
    };
    let action = |i: usize| {
        format!(
            r#"{{"type":"move","unit":{i},"teamId":{},"command":"F","results":[{{"unit":{i},"changes":{{"assignment":[1,2]}}}}]}}"#,
            i % 2
        )
    };
    let half: Vec<String> = (0..units / 2).map(unit).collect();
    let other: Vec<String> = (units / 2..units).map(unit).collect();
    let actions: Vec<String> = (0..units).map(action).collect();
    let turn = format!(
        r#"{{"units":[[{}],[{}]],"actions":[{}]}}"#,
        half.join(","),
        other.join(","),
        actions.join(",")
    );
    let all: Vec<&str> = std::iter::repeat_n(turn.as_str(), turns).collect();
    format!(
        r#"{{"type":"ttrts","teams":[{{"name":"Red"}},{{"name":"Green"}}],"turns":[{}]}}"#,
        all.join(",")
    )
}

fn benches(c: &mut Criterion) {
    let tactics = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/tactics/chaos_4p_engine-f8ab372_state.json"
    ))
    .expect("the Tactics corpus beside the project");
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/tactics"
    );
    let mut all_tactics: Vec<String> = std::fs::read_dir(dir)
        .expect("the Tactics corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.display().to_string();
            name.ends_with(".json") && !name.ends_with("_draws.json")
        })
        .map(|p| std::fs::read_to_string(p).expect("a corpus file"))
        .collect();
    all_tactics.sort();
    let big = generated(100, 400);
    let mut inputs: Vec<(String, String)> = vec![
        ("tactics chaos 139 KB".into(), tactics),
        ("ttrts-like 100 turns x 400 units".into(), big.clone()),
    ];
    for path in std::env::var("RECORD_BENCH_FILES")
        .unwrap_or_default()
        .split(':')
        .filter(|p| !p.is_empty())
    {
        let text = std::fs::read_to_string(path).expect("a record file");
        inputs.push((format!("{path} ({} bytes)", text.len()), text));
    }
    let mut g = c.benchmark_group("record read");
    for (name, text) in &inputs {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(name.as_str(), |b| {
            b.iter(|| read_record(text).expect("valid"))
        });
    }
    let bytes: usize = all_tactics.iter().map(String::len).sum();
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function(format!("all {} Tactics records", all_tactics.len()), |b| {
        b.iter(|| {
            for text in &all_tactics {
                read_record(text).expect("valid");
            }
        })
    });
    g.finish();
    let (record, _) = read_record(&big).expect("valid");
    let mut g = c.benchmark_group("record write");
    g.throughput(Throughput::Bytes(big.len() as u64));
    g.bench_function("ttrts-like 100 turns x 400 units", |b| {
        b.iter(|| record.to_json())
    });
    g.finish();
}

criterion_group!(read, benches);
criterion_main!(read);
