//! The corpus (gdl spec 8.5, 8.6): every file reads without a panic, the
//! reader's form counts and line counters match the spec, and focused modules
//! match their oracle dumps (warning texts compared by position prefix only).

use crate::common;

use std::path::{Path, PathBuf};

use common::shared;
use gdl::interp::Severity;
use gdl::lexer::{Lexer, LineCounters};
use gdl::reader::{read_form, ReadOutcome};
use gdl::{Interp, Options};

fn corpus_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![shared("corpus/xconq")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("corpus folder beside the project") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "g") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Reads a file alone with reading on and no interpretation.
fn scan(path: &Path) -> (usize, LineCounters, usize) {
    let bytes = std::fs::read(path).expect("corpus file");
    let mut it = Interp::new(Options::default());
    let mut lexer = Lexer::new(&bytes, LineCounters::default());
    let mut forms = 0;
    while let Ok(ReadOutcome::Form(_)) = read_form(&mut lexer, &mut it.symbols, true, 1000) {
        forms += 1;
    }
    (forms, lexer.counters, lexer.warnings.len())
}

#[test]
fn form_counts_and_final_counters() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let cases = [
        ("lib/intro.g", 28, 86, 94),
        ("lib/standard.g", 18, 200, 226),
        ("lib/stdterr.g", 37, 79, 92),
        ("lib/stdunit.g", 164, 594, 722),
        ("lib/opal-rules.g", 1822, 6617, 6823),
        ("lib/tailhook.g", 356, 1655, 1970),
        ("lib/awls-testbed.g", 654, 4001, 4425),
        ("lib/t-africa.g", 39, 786, 787),
        ("lib/earth-2deg.g", 104, 191, 192),
        ("test/cond.g", 15, 53, 55),
    ];
    for (file, forms, s, e) in cases {
        let (n, c, _) = scan(&shared("corpus/xconq").join(file));
        assert_eq!((n, c.s, c.e), (forms, s, e), "{file}");
    }
}

#[test]
fn whole_corpus_reads_without_reader_warnings() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let mut total = 0;
    for path in corpus_files() {
        if path.ends_with("test/warn.g") {
            continue;
        }
        let (n, _, warnings) = scan(&path);
        assert_eq!(warnings, 0, "{}", path.display());
        total += n;
    }
    assert_eq!(total, 21_461);
}

fn dump_of(path: &Path) -> (Vec<u8>, bool) {
    let options = Options {
        lib_dirs: vec![
            path.parent().expect("folder").to_path_buf(),
            common::corpus_lib(),
        ],
        ..Options::default()
    };
    let module = path
        .file_stem()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let loaded = gdl::load(&module, options);
    match &loaded.fatal {
        Some(e) => (gdl::dump::dump_fatal(e), true),
        None => (gdl::dump::dump(&loaded.interp), false),
    }
}

#[test]
fn every_corpus_file_loads_without_panic() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let mut fatal = Vec::new();
    for path in corpus_files() {
        let (dump, failed) = dump_of(&path);
        assert!(dump.ends_with(b"\n"));
        if failed {
            fatal.push(
                path.file_stem()
                    .expect("name")
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    fatal.sort();
    let expected = [
        "battle-test",
        "conquest",
        "error7",
        "kob-maru",
        "p-e1-1938",
        "rom-civ-war",
        "spec-sides",
        "t-normandy",
        "warn",
        "wrath-khan",
        "ww2-eur-42",
    ];
    assert_eq!(fatal, expected);
}

/// A warning line reduced to its position prefix (the oracle's comparison rule).
fn normalize(line: &[u8]) -> Vec<u8> {
    let Some(text) = line.strip_prefix(b"warning \"") else {
        return line.to_vec();
    };
    let end = text.iter().position(|&b| b == b' ').unwrap_or(0);
    let word = &text[..end];
    let is_prefix = word.ends_with(b":")
        && word.iter().filter(|&&b| b == b':').count() == 2
        && word
            .split(|&b| b == b':')
            .nth(1)
            .is_some_and(|n| !n.is_empty() && n.iter().all(|b| b.is_ascii_digit() || *b == b'-'));
    let mut out = b"warning @".to_vec();
    if is_prefix {
        out.extend_from_slice(word);
        out.push(b' ');
    }
    out
}

fn check_oracle(file: &str) {
    let (dump, _) = dump_of(&shared("corpus/xconq").join(file));
    let key = file.trim_end_matches(".g").replace('/', "_");
    let oracle = std::fs::read(shared("corpus/xconq-oracle").join(format!("{key}.txt")))
        .expect("oracle dump");
    let ours: Vec<Vec<u8>> = dump.split(|&b| b == b'\n').map(normalize).collect();
    let theirs: Vec<Vec<u8>> = oracle.split(|&b| b == b'\n').map(normalize).collect();
    for (i, (a, b)) in theirs.iter().zip(&ours).enumerate() {
        assert_eq!(
            String::from_utf8_lossy(b),
            String::from_utf8_lossy(a),
            "{file} line {}",
            i + 1
        );
    }
    assert_eq!(ours.len(), theirs.len(), "{file}: line count");
}

#[test]
fn oracle_intro() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/intro.g");
}

#[test]
fn oracle_tailhook() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/tailhook.g");
}

#[test]
fn oracle_earth_2deg_peek() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/earth-2deg.g");
}

#[test]
fn oracle_t_val_beach_default_game() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/t-val-beach.g");
}

#[test]
fn oracle_t_africa_missing_default_base() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/t-africa.g");
}

#[test]
fn oracle_quest_include_lists() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/quest.g");
}

#[test]
fn oracle_cherbourg_placement() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/cherbourg.g");
}

#[test]
fn oracle_ww2s_pac_41_area_add() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/ww2s-pac-41.g");
}

#[test]
fn oracle_cond_and_print() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("test/cond.g");
    check_oracle("test/print.g");
}

#[test]
fn oracle_fatal_modules() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    check_oracle("lib/p-e1-1938.g");
    check_oracle("test/error7.g");
}

#[test]
fn crashing_modules_get_clear_errors() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let (dump, failed) = dump_of(&shared("corpus/xconq/lib/t-normandy.g"));
    assert!(failed);
    assert!(String::from_utf8_lossy(&dump).contains("t-normandy.g:996:1: unit refers to side 2"));
    let (dump, _) = dump_of(&shared("corpus/xconq/test/warn.g"));
    assert!(
        String::from_utf8_lossy(&dump).contains("warn.g:27:14: string is longer than 999 bytes")
    );
}

#[test]
fn warnings_have_true_positions() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let options = Options {
        lib_dirs: vec![common::corpus_lib()],
        ..Options::default()
    };
    let loaded = gdl::load("t-africa", options);
    let it = &loaded.interp;
    let useless = it
        .warnings
        .iter()
        .find(|w| {
            w.severity == Severity::Warning && w.prefix.as_deref() == Some(b"t-africa:767-769: ")
        })
        .expect("the Tabore village warning");
    let text = gdl::diagnostic::render_warning(it, useless);
    assert!(text.contains("t-africa.g:754:1: warning:"), "{text}");
}
