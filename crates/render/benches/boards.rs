//! Drawing a Battle200 ttrts board: the view as SVG, and that SVG as PNG;
//! and a replay's turn boards of a 60-turn Battle200 game drawn one after
//! another, re-running the record from its start for each (as a host did
//! before it kept re-runs) and with one kept re-run.
//! `cargo bench -p orderly-render --bench boards`.

#[path = "../tests/it/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::{SeatSpec, Setup};

fn battle200_view() -> serde_json::Value {
    let rules = registry::find("ttrts").unwrap();
    let setup = Setup {
        scenario: "Battle200".into(),
        seed: 1,
        seats: vec![SeatSpec::default(); 2],
        ..Setup::default()
    };
    rules.start(setup, false, None).unwrap().view(None)
}

fn boards(c: &mut Criterion) {
    let view = battle200_view();
    c.bench_function("ttrts Battle200 view to SVG", |b| {
        b.iter(|| common::view_svg("ttrts", std::hint::black_box(&view)).unwrap())
    });
    let svg = common::view_svg("ttrts", &view).unwrap();
    let fonts = render::Fonts::system();
    let mut group = c.benchmark_group("png");
    group.sample_size(10);
    group.bench_function("ttrts Battle200 SVG to PNG 1200 px", |b| {
        b.iter(|| render::to_png(std::hint::black_box(&svg), 1200, &fonts).unwrap())
    });
    group.finish();

    let rec = common::bot_record("ttrts", Some("Battle200"), 1, 60);
    let frames: Vec<render::At> = rec
        .turns
        .iter()
        .enumerate()
        .map(|(i, t)| render::At {
            turn: t
                .extra
                .get("turn")
                .and_then(|v| v.as_u64())
                .unwrap_or(i as u64),
            action: 0,
        })
        .collect();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function(
        format!("{} turn boards, each re-run from the start", frames.len()),
        |b| {
            b.iter(|| {
                for at in &frames {
                    std::hint::black_box(common::record_svg(&rec, *at, None).unwrap());
                }
            })
        },
    );
    group.bench_function(
        format!("{} turn boards, one kept re-run", frames.len()),
        |b| {
            b.iter(|| {
                let mut rerun = None;
                for at in &frames {
                    std::hint::black_box(
                        common::record_svg_with(&rec, *at, None, &mut rerun).unwrap(),
                    );
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
