//! Resource limits are API: each one stops reading with a clear error of its
//! own kind, never a crash or a hang.

use gdl::{ErrorKind, Limits, Options};

fn load_with(text: &str, limits: Limits, extra: &[(&str, &str)]) -> Option<gdl::Error> {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, body) in extra {
        std::fs::write(dir.path().join(format!("{name}.g")), body).expect("write");
    }
    let main = dir.path().join("m.g");
    std::fs::write(&main, text).expect("write");
    let options = Options {
        limits,
        ..Options::default()
    };
    gdl::load(main.to_str().expect("utf-8"), options).fatal
}

fn kind(text: &str, limits: Limits) -> Option<ErrorKind> {
    load_with(text, limits, &[]).map(|e| e.kind)
}

#[test]
fn token_length() {
    let limits = Limits {
        max_token_len: 6,
        ..Limits::default()
    };
    assert_eq!(kind("(define abcdef 1)", limits.clone()), None);
    let err = load_with("(define abcdefg 1)", limits, &[]).expect("too long");
    assert_eq!(err.kind, ErrorKind::TokenTooLong);
    assert!(
        err.to_string()
            .contains("m.g:1:9: symbol is longer than 6 bytes"),
        "{err}"
    );
}

#[test]
fn nesting_depth() {
    let limits = Limits {
        max_depth: 3,
        ..Limits::default()
    };
    assert_eq!(kind("(a (b (c)))", limits.clone()), None);
    assert_eq!(kind("(a (b (c (d))))", limits), Some(ErrorKind::TooDeep));
}

#[test]
fn file_size() {
    let limits = Limits {
        max_file_size: 10,
        ..Limits::default()
    };
    assert_eq!(
        kind("(define x 1) (define y 2)", limits.clone()),
        Some(ErrorKind::FileTooLarge)
    );
    // An included module over the limit is refused by its size, before it
    // is read, with its path and what to do.
    let err = load_with(
        "(include \"big\")",
        Limits {
            max_file_size: 20,
            ..limits
        },
        &[("big", "(define a-long-name 1)")],
    )
    .expect("too large");
    assert_eq!(err.kind, ErrorKind::FileTooLarge);
    let text = err.to_string();
    assert!(
        text.contains("big.g has 22 bytes, more than the limit of 20; split the module"),
        "{text}"
    );
}

#[test]
fn evaluation_steps() {
    let limits = Limits {
        max_steps: 50,
        ..Limits::default()
    };
    let list: String = (0..100).map(|i| format!("(+ {i} 1) ")).collect();
    assert_eq!(
        kind(&format!("(define x ({list}))"), limits),
        Some(ErrorKind::TooManySteps)
    );
}

#[test]
fn include_depth() {
    let limits = Limits {
        max_include_depth: 2,
        ..Limits::default()
    };
    let chain = [
        ("a", "(include \"b\")"),
        ("b", "(include \"c\")"),
        ("c", "(define deep 1)"),
    ];
    let err = load_with("(include \"a\")", limits, &chain).expect("too deep");
    assert_eq!(err.kind, ErrorKind::IncludeTooDeep);
}

#[test]
fn area_cells() {
    let text = "(terrain-type t)\n(world 100000)\n(area 100000 100000 (terrain \"a\"))";
    assert_eq!(kind(text, Limits::default()), Some(ErrorKind::AreaTooLarge));
    assert_eq!(
        kind(
            "(terrain-type t) (area 5 5 (terrain \"a\"))",
            Limits::default()
        ),
        None
    );
}
