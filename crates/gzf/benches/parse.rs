//! Parse + validate throughput of `gzf::ft2::read` on a generated 10 MiB
//! file (in pieces on every core, as `read` does for large files, and on
//! one thread with `read_sequential`), and canonical writing of the result
//! (see BENCHMARKS.md).
//!
//! The `read_validate` figures time reading and validating only: each
//! read's model is freed after its timing, before the next read starts
//! (`iter_batched` one at a time, so every read finds the memory the last
//! one freed, as in a program that reads one file after another). The
//! `_and_free` figure times both, as a caller that reads a file and drops
//! it at once pays them.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

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
    group.bench_function("read_validate_10MiB", |b| {
        b.iter_batched(|| (), |()| read(), BatchSize::PerIteration)
    });
    group.bench_function("read_validate_and_free_10MiB", |b| b.iter(read));
    group.bench_function("read_validate_10MiB_one_thread", |b| {
        b.iter_batched(
            || (),
            |()| {
                let r = gzf::ft2::read_sequential(text.as_bytes(), &Default::default()).unwrap();
                assert!(!r.has_errors());
                r
            },
            BatchSize::PerIteration,
        )
    });
    let file = gzf::ft2::read(text.as_bytes()).unwrap().file;
    group.bench_function("write_canonical_10MiB", |b| b.iter(|| file.to_canonical()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
