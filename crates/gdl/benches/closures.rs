//! Reading the largest module closures of the corpus, in process (no process
//! start-up): median wall time per read and throughput in MB/s of module text.
//!
//! Run with `cargo bench -p orderly-gdl --bench closures`; figures go in
//! BENCHMARKS.md, section "GDL (Xconq modules)".

use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use gdl::Options;

fn lib() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/xconq/lib"
    ))
}

fn read_once(module: &str) -> (Duration, usize) {
    let options = Options {
        lib_dirs: vec![lib()],
        ..Options::default()
    };
    let start = Instant::now();
    let loaded = gdl::load(module, options);
    let elapsed = start.elapsed();
    assert!(
        loaded.fatal.is_none(),
        "{module} reads without a fatal error"
    );
    let bytes = loaded.interp.files.iter().map(|f| f.bytes.len()).sum();
    (elapsed, bytes)
}

/// Scanning and building forms only, without interpretation, over the same files.
fn scan_only(files: &[Rc<Vec<u8>>]) -> Duration {
    let mut symbols = gdl::value::Symbols::default();
    let start = Instant::now();
    for bytes in files {
        let mut lexer = gdl::lexer::Lexer::for_file(bytes, Default::default());
        while let Ok(gdl::reader::ReadOutcome::Form(_)) =
            gdl::reader::read_form(&mut lexer, &mut symbols, true, 1000)
        {}
    }
    start.elapsed()
}

fn main() {
    let runs: usize = std::env::var("GDL_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    println!(
        "{:<12} {:>8} {:>10} {:>10} {:>8} {:>14}",
        "module", "files kB", "median ms", "min ms", "MB/s", "scan median ms"
    );
    for module in ["spec", "opal-rules", "awls-rules", "standard"] {
        let mut times = Vec::with_capacity(runs);
        let mut bytes = 0;
        for _ in 0..runs {
            let (t, b) = read_once(module);
            times.push(t);
            bytes = b;
        }
        times.sort();
        let median = times[runs / 2];
        let options = Options {
            lib_dirs: vec![lib()],
            ..Options::default()
        };
        let files: Vec<Rc<Vec<u8>>> = gdl::load(module, options)
            .interp
            .files
            .iter()
            .map(|f| f.bytes.clone())
            .collect();
        let mut scans: Vec<Duration> = (0..runs).map(|_| scan_only(&files)).collect();
        scans.sort();
        let mbps = bytes as f64 / 1e6 / median.as_secs_f64();
        println!(
            "{:<12} {:>8.0} {:>10.2} {:>10.2} {:>8.1} {:>14.2}",
            module,
            bytes as f64 / 1e3,
            median.as_secs_f64() * 1e3,
            times[0].as_secs_f64() * 1e3,
            mbps,
            scans[runs / 2].as_secs_f64() * 1e3
        );
    }
}
