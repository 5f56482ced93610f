//! Speed of the rules (see BENCHMARKS.md): the tier-2 replay of the standard
//! fixture (rules alone, per action), a tier-1 intro replay, and 100 turns of
//! intro between greedy bots (bots included, per turn). Needs `../shared`;
//! without it the benchmarks say so and measure nothing.

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::{play_bots, Setup};
use xconq::Xconq;

fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared/corpus is not beside the project");
        None
    }
}

fn benches(c: &mut Criterion) {
    let Some(corpus) = shared() else { return };
    let lib = vec![corpus.join("xconq/lib")];
    for name in ["standard-ai-s3", "intro-scripted-s3"] {
        let dir = corpus.join("xconq-play").join(name);
        c.bench_function(&format!("replay {name}"), |b| {
            b.iter(|| xconq::replay::replay(&dir, &lib).unwrap())
        });
    }
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs(lib)));
    let mut g = c.benchmark_group("bots");
    g.sample_size(10);
    g.bench_function("intro greedy vs greedy, 100 turns", |b| {
        b.iter(|| {
            let setup = Setup {
                scenario: "intro".into(),
                seed: 1,
                ..Setup::default()
            };
            play_bots(rules.clone(), setup, &["greedy"], 100).unwrap()
        })
    });
    g.finish();
}

criterion_group!(all, benches);
criterion_main!(all);
