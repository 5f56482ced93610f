//! Helpers shared by the integration tests: read text, evaluate text, load a
//! synthetic module, and find the shared corpus beside the project.
#![allow(dead_code)]

use std::path::PathBuf;

use gdl::interp::Severity;
use gdl::lexer::Lexer;
use gdl::reader::{read_form, ReadOutcome};
use gdl::{Interp, Options};

/// A path inside `../shared` (beside the project root).
pub fn shared(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")).join(rel)
}

pub fn corpus_lib() -> PathBuf {
    shared("corpus/xconq/lib")
}

/// Reads every top-level form of `src` (reading on) and prints them with the
/// dump's Lisp printer, separated by spaces; also returns the scanner's warnings.
pub fn read(src: &[u8]) -> (String, usize) {
    let mut it = Interp::new(Options::default());
    let mut lexer = Lexer::new(src, Default::default());
    let mut out = Vec::new();
    loop {
        match read_form(&mut lexer, &mut it.symbols, true, 1000) {
            Ok(ReadOutcome::Form(f)) => {
                if !out.is_empty() {
                    out.push(b' ');
                }
                gdl::print::lisp(&mut out, &f.value, &it);
            }
            Ok(ReadOutcome::Eof { .. }) => break,
            Err(e) => return (format!("error: {}", e.message), lexer.warnings.len()),
        }
    }
    (
        String::from_utf8_lossy(&out).into_owned(),
        lexer.warnings.len(),
    )
}

/// Asserts how `src` reads.
pub fn check_read(src: &str, expect: &str) {
    let (got, _) = read(src.as_bytes());
    assert_eq!(got, expect, "reading {src:?}");
}

/// Evaluates `src` in a fresh interpreter; returns the printed values and
/// the number of warnings.
pub fn eval(src: &str) -> (String, usize) {
    let mut it = Interp::new(Options::default());
    let values = it.eval_text(src.as_bytes()).expect("no fatal error");
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        gdl::print::lisp(&mut out, v, &it);
    }
    let warnings = it
        .warnings
        .iter()
        .filter(|w| w.severity == Severity::Warning)
        .count();
    (String::from_utf8_lossy(&out).into_owned(), warnings)
}

/// Asserts a value and a warning count.
pub fn check_eval(src: &str, expect: &str, warnings: usize) {
    assert_eq!(
        eval(src),
        (expect.to_string(), warnings),
        "evaluating {src}"
    );
}

/// The outcome of loading a synthetic module.
pub struct Run {
    pub dump: String,
    pub warnings: Vec<String>,
}

impl Run {
    /// Dump lines starting with `prefix`.
    pub fn lines(&self, prefix: &str) -> Vec<&str> {
        self.dump
            .lines()
            .filter(|l| l.starts_with(prefix))
            .collect()
    }
}

/// Loads `src` as module `m` from a temporary folder (no library
/// directories) and gives what was loaded, for tests of what the reader
/// keeps beyond the dump.
pub fn load(src: &str) -> gdl::Loaded {
    let dir = tempfile::tempdir().expect("temp dir");
    let main = dir.path().join("m.g");
    std::fs::write(&main, src).expect("write module");
    gdl::load(main.to_str().expect("utf-8 temp path"), Options::default())
}

/// Loads `src` as module `m` from a temporary folder (no library directories).
pub fn run(src: &str) -> Run {
    run_bytes(src.as_bytes())
}

pub fn run_bytes(src: &[u8]) -> Run {
    run_with(&[("m", src)], &[])
}

/// Loads module `m` from a temporary folder holding `files` (name, text),
/// with extra library directories.
pub fn run_with(files: &[(&str, &[u8])], libs: &[PathBuf]) -> Run {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(format!("{name}.g")), text).expect("write module");
    }
    let main = dir.path().join("m.g");
    let options = Options {
        lib_dirs: libs.to_vec(),
        ..Options::default()
    };
    let loaded = gdl::load(main.to_str().expect("utf-8 temp path"), options);
    let dump = match &loaded.fatal {
        Some(e) => gdl::dump::dump_fatal(e),
        None => gdl::dump::dump(&loaded.interp),
    };
    let warnings = loaded
        .interp
        .warnings
        .iter()
        .filter(|w| w.severity == Severity::Warning)
        .map(|w| {
            let mut t = w.prefix.clone().unwrap_or_default();
            t.extend_from_slice(&w.text);
            String::from_utf8_lossy(&t).into_owned()
        })
        .collect();
    Run {
        dump: String::from_utf8_lossy(&dump).into_owned(),
        warnings,
    }
}
