//! Play by files (`docs/xconq-files.md`): the documented example files
//! parse, and a view survives its text form.

use engine::{FileProtocol, GameRng, Ruleset, Seat, Setup, ViewFiles};
use xconq::files::{parse_orders, parse_view, view_text};
use xconq::Xconq;

use super::shared_lib;

const DOC: &str = include_str!("../../../../docs/xconq-files.md");

/// The text of the fenced block that follows `marker` in the doc.
fn block_after(marker: &str) -> String {
    let at = DOC.find(marker).expect("the doc has the marker");
    let rest = &DOC[at..];
    let start = rest.find("```\n").expect("a fenced block") + 4;
    let end = rest[start..].find("```").expect("the block's end") + start;
    rest[start..end].to_string()
}

#[test]
fn the_documented_view_file_parses() {
    let v = parse_view(&block_after("<!-- example view -->")).expect("the example view parses");
    assert_eq!((v.turn, v.side, v.width, v.height), (1, 1, 36, 18));
    assert!(v.own.iter().any(|u| u.utype == "capital"));
    assert_eq!(view_text(&v), block_after("<!-- example view -->"));
}

/// The documented example with the fields a newer version added taken
/// out again: the last `drop` fields of each type's line (DEVELOPS, TECH,
/// TECH-MAX and DETONATES for version 3, and VISION too for versions 1
/// and 2),
/// and with `hold` the own units' HOLD field (version 1).
fn older_version(v5: &str, header: &str, drop: usize, hold: bool) -> String {
    let mut out = String::new();
    let mut section = "";
    for line in v5.lines() {
        let line = match line {
            "xconq view 5" => header.to_string(),
            // Before version 5 there was no `failed` section (the example
            // has no failed order, so the section is one line).
            "failed" => continue,
            "types" | "aux" | "units" | "own" | "events" => {
                section = line;
                line.to_string()
            }
            l if section == "types" => {
                let mut f: Vec<&str> = l.split(' ').collect();
                assert_eq!(f.len(), 21, "a type's line in version 5: {l}");
                f.truncate(f.len() - drop);
                f.join(" ")
            }
            l if section == "own" && hold => {
                let mut f: Vec<&str> = l.splitn(15, ' ').collect();
                assert_eq!(f.remove(13), "0", "the example holds no unit");
                f.join(" ")
            }
            l => l.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn older_view_files_still_read_with_the_defaults_of_their_time() {
    let v5 = block_after("<!-- example view -->");
    let now = parse_view(&v5).unwrap();
    assert!(
        now.types.iter().any(|t| t.vision_range == 2),
        "the example's capital sees 2 cells"
    );
    let mut seeing_one = now.clone();
    for t in std::sync::Arc::make_mut(&mut seeing_one.types) {
        t.vision_range = 1;
    }
    let v4 = older_version(&v5, "xconq view 4", 0, false);
    let v3 = older_version(&v5, "xconq view 3", 4, false);
    let v2 = older_version(&v5, "xconq view 2", 5, false);
    let v1 = older_version(&v5, "xconq view 1", 5, true);
    assert!(v4 != v5 && v3 != v4 && v2 != v3 && v1 != v2);
    assert_eq!(parse_view(&v4).expect("version 4 reads"), now);
    // Frontier has no type that develops, needs technology or detonates:
    // what version 3 leaves out reads as exactly that.
    assert_eq!(parse_view(&v3).expect("version 3 reads"), now);
    assert_eq!(parse_view(&v2).expect("version 2 reads"), seeing_one);
    assert_eq!(parse_view(&v1).expect("version 1 reads"), seeing_one);
    let err = parse_view(&v5.replacen("xconq view 5", "xconq view 6", 1)).unwrap_err();
    assert!(err.to_string().contains("use a newer orderly"), "{err}");
}

#[test]
fn a_type_line_with_fields_missing_or_left_over_is_refused_with_its_line() {
    let v5 = block_after("<!-- example view -->");
    let line = v5.lines().position(|l| l.starts_with("militia ")).unwrap() + 1;
    // Version 5 without DETONATES; and a version-5 body labelled 3.
    let short = v5.replacen(" 1 - 0 0 0\ncavalry", " 1 - 0 0\ncavalry", 1);
    assert_ne!(short, v5);
    let labelled_3 = v5.replacen("xconq view 5", "xconq view 3", 1);
    for (text, what) in [(short, "missing detonates"), (labelled_3, "vision range")] {
        let err = parse_view(&text).unwrap_err().to_string();
        assert!(err.contains(&format!("line {line}")), "{err}");
        assert!(err.contains(what), "{err}");
    }
}

#[test]
fn the_documented_orders_file_parses() {
    let o = parse_orders(block_after("<!-- example orders -->").as_bytes(), 5)
        .expect("no errors")
        .expect("complete");
    assert_eq!(o.orders.len(), 5);
    assert_eq!(o.orders[2].action, "create-in");
    assert_eq!(
        (o.orders[4].unit, o.orders[4].action.as_str()),
        (17, "hold")
    );
    assert!(
        parse_orders(b"xconq orders 1\nturn 5\n14 move 1 2 0\n", 5)
            .unwrap()
            .is_none(),
        "no `end` yet: not complete"
    );
    let err = parse_orders(b"xconq orders 1\nturn 4\nfoo\nend\n", 5).unwrap_err();
    assert_eq!(err.len(), 2);
    assert_eq!(err[0].line, Some(2));
    assert_eq!(err[1].line, Some(3));
}

#[test]
fn a_real_view_round_trips_through_its_file() {
    let x = Xconq::default();
    let setup = Setup {
        scenario: "frontier".into(),
        seed: 3,
        ..Setup::default()
    };
    let g = x.setup(&setup, &mut GameRng::from_seed(3)).unwrap();
    for seat in [Some(Seat(0)), Some(Seat(1)), None] {
        let files = x.view_files(&g, seat);
        let (name, text) = &files[0];
        let parsed = x.parse_view(name, text).unwrap();
        assert_eq!(parsed, x.view(&g, seat));
        if seat == Some(Seat(0)) {
            // The documented example is this very file.
            assert_eq!(*text, block_after("<!-- example view -->"));
        }
    }
}

#[test]
fn a_corpus_view_round_trips_through_its_file() {
    let Some(lib) = shared_lib() else { return };
    let x = Xconq::new(xconq::library::Library::with_dirs([lib]));
    let setup = Setup {
        scenario: "standard".into(),
        seed: 3,
        ..Setup::default()
    };
    let g = x.setup(&setup, &mut GameRng::from_seed(3)).unwrap();
    let (name, text) = &x.view_files(&g, Some(Seat(0)))[0];
    let parsed = x.parse_view(name, text).unwrap();
    assert_eq!(parsed, x.view(&g, Some(Seat(0))));
    // The legend says what the bots need for nuclear bombs (spec §2.2,
    // §2.3): cities develop them, a side builds them from technology 60,
    // and they detonate.
    let index = |name: &str| parsed.types.iter().position(|t| t.name == name).unwrap();
    let (city, nuke) = (index("city"), index("nuclear-bomb"));
    assert_eq!(parsed.types[city].develops, vec![nuke]);
    assert!(parsed.types[index("town")].develops.is_empty());
    assert_eq!(parsed.types[nuke].tech_to_build, 60);
    assert_eq!(parsed.types[nuke].tech_max, 60);
    assert!(parsed.types[nuke].detonates);
    assert!(!parsed.types[index("bomber")].detonates);
}
