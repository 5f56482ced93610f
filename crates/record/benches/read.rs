//! Reading (checking + typing) and writing game records
//! (BENCHMARKS.md, "Game records"): the real Tactics engine's largest file,
//! and a generated record of the size a long ttrts game makes.

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
    let big = generated(100, 400);
    let mut g = c.benchmark_group("record read");
    for (name, text) in [
        ("tactics chaos 139 KB", &tactics),
        ("ttrts-like 100 turns x 400 units", &big),
    ] {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(name, |b| b.iter(|| read_record(text).expect("valid")));
    }
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
