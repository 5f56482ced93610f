//! Parse + validate throughput of `gzf::ft2::read` on a generated 10 MiB
//! file (in pieces on every core, as `read` does for large files, and on
//! one thread with `read_sequential`), and canonical writing of the result
//! (see BENCHMARKS.md).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let text = gzf::ft2::synthetic::synthetic_file(10 << 20);
    let mut group = c.benchmark_group("ft2");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("read_validate_10MiB", |b| {
        b.iter(|| {
            let r = gzf::ft2::read(text.as_bytes()).unwrap();
            assert!(!r.has_errors());
            r
        })
    });
    group.bench_function("read_validate_10MiB_one_thread", |b| {
        b.iter(|| {
            let r = gzf::ft2::read_sequential(text.as_bytes(), &Default::default()).unwrap();
            assert!(!r.has_errors());
            r
        })
    });
    let file = gzf::ft2::read(text.as_bytes()).unwrap().file;
    group.bench_function("write_canonical_10MiB", |b| b.iter(|| file.to_canonical()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
