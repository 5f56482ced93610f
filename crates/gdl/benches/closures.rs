//! Reading the largest module closures of the corpus, in process (no process
//! start-up): median wall time per read and throughput in MB/s of module text.
//! Two more closures declare types after tables indexed by them were filled:
//! `late-bench2` (`awls-rules` then `opal-rules`) and `late-stdunit-opal`
//! (`stdunit` then `opal-rules`); their two-line main modules are written to
//! a temporary folder, the rest comes from the corpus.
//!
//! Run with `cargo bench -p orderly-gdl --bench closures`; figures go in
//! BENCHMARKS.md, section "GDL (Xconq modules)". `GDL_BENCH_RUNS` sets the
//! reads per closure (50), `GDL_BENCH_ONLY` one closure to read (for
//! callgrind).

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

/// The closures that declare types late: main module name and the two
/// modules it includes.
const LATE: [(&str, &str, &str); 2] = [
    ("late-bench2", "awls-rules", "opal-rules"),
    ("late-stdunit-opal", "stdunit", "opal-rules"),
];

/// A folder holding the main modules of [`LATE`].
fn late_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orderly-gdl-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for (name, first, second) in LATE {
        let text =
            format!("(game-module \"{name}\")\n(include \"{first}\")\n(include \"{second}\")\n");
        std::fs::write(dir.join(format!("{name}.g")), text).expect("a module file");
    }
    dir
}

fn options(late: &std::path::Path) -> Options {
    Options {
        lib_dirs: vec![lib(), late.to_path_buf()],
        ..Options::default()
    }
}

fn read_once(module: &str, late: &std::path::Path) -> (Duration, usize) {
    let options = options(late);
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
    let only = std::env::var("GDL_BENCH_ONLY").ok();
    let late = late_dir();
    println!(
        "{:<12} {:>8} {:>10} {:>10} {:>8} {:>14}",
        "module", "files kB", "median ms", "min ms", "MB/s", "scan median ms"
    );
    let modules = ["spec", "opal-rules", "awls-rules", "standard"]
        .into_iter()
        .chain(LATE.iter().map(|l| l.0))
        .filter(|m| only.as_deref().is_none_or(|o| o == *m));
    for module in modules {
        let mut times = Vec::with_capacity(runs);
        let mut bytes = 0;
        for _ in 0..runs {
            let (t, b) = read_once(module, &late);
            times.push(t);
            bytes = b;
        }
        times.sort();
        let median = times[runs / 2];
        let files: Vec<Rc<Vec<u8>>> = gdl::load(module, options(&late))
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
    let _ = std::fs::remove_dir_all(&late);
}
