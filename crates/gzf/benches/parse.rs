//! Parse + validate throughput of `gzf::ft2::read` on a generated 10 MiB
//! file (in pieces on every core, as `read` does for large files, and on
//! one thread with `read_sequential`), and canonical writing of the result
//! (see BENCHMARKS.md).
//!
//! The `read_validate` figures time reading and validating only: the model
//! is freed outside the timed loop (`iter_with_large_drop`). The `_and_free`
//! figure times both, as a caller that reads a file and drops it at once
//! pays them.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let text = gzf::ft2::synthetic::synthetic_file(10 << 20);
    let mut group = c.benchmark_group("ft2");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    let read = || {
        let r = gzf::ft2::read(text.as_bytes()).unwrap();
        assert!(!r.has_errors());
        r
    };
    group.bench_function("read_validate_10MiB", |b| b.iter_with_large_drop(read));
    group.bench_function("read_validate_and_free_10MiB", |b| b.iter(read));
    group.bench_function("read_validate_10MiB_one_thread", |b| {
        b.iter_with_large_drop(|| {
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
