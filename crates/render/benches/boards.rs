//! Drawing a Battle200 ttrts board: the view as SVG, and that SVG as PNG.
//! `cargo bench -p orderly-render --bench boards`.

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
        b.iter(|| render::view_svg("ttrts", std::hint::black_box(&view)).unwrap())
    });
    let svg = render::view_svg("ttrts", &view).unwrap();
    let fonts = render::Fonts::system();
    let mut group = c.benchmark_group("png");
    group.sample_size(10);
    group.bench_function("ttrts Battle200 SVG to PNG 1200 px", |b| {
        b.iter(|| render::to_png(std::hint::black_box(&svg), 1200, &fonts).unwrap())
    });
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
