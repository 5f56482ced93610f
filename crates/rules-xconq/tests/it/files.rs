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

#[test]
fn a_version_1_view_file_still_reads_with_no_unit_held() {
    let v2 = block_after("<!-- example view -->");
    // Version 1 is version 2 without the HOLD field of the own units.
    let mut v1 = String::new();
    let mut in_own = false;
    for line in v2.lines() {
        let line = match line {
            "xconq view 2" => "xconq view 1".to_string(),
            "own" | "events" => {
                in_own = line == "own";
                line.to_string()
            }
            l if in_own => {
                let mut f: Vec<&str> = l.splitn(15, ' ').collect();
                assert_eq!(f.remove(13), "0", "the example holds no unit");
                f.join(" ")
            }
            l => l.to_string(),
        };
        v1.push_str(&line);
        v1.push('\n');
    }
    assert_ne!(v1, v2);
    assert_eq!(
        parse_view(&v1).expect("version 1 reads"),
        parse_view(&v2).unwrap()
    );
    let err = parse_view(&v2.replacen("xconq view 2", "xconq view 3", 1)).unwrap_err();
    assert!(err.to_string().contains("use a newer orderly"), "{err}");
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
        if std::env::var_os("XCONQ_PRINT_VIEW").is_some() && seat == Some(Seat(0)) {
            println!("{text}");
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
    let Ok(g) = x.setup(&setup, &mut GameRng::from_seed(3)) else {
        // standard needs world synthesis; intro has no rivers and roads.
        let setup = Setup {
            scenario: "intro".into(),
            ..setup
        };
        let g = x.setup(&setup, &mut GameRng::from_seed(3)).unwrap();
        let (name, text) = &x.view_files(&g, Some(Seat(0)))[0];
        assert_eq!(x.parse_view(name, text).unwrap(), x.view(&g, Some(Seat(0))));
        return;
    };
    let (name, text) = &x.view_files(&g, Some(Seat(0)))[0];
    assert_eq!(x.parse_view(name, text).unwrap(), x.view(&g, Some(Seat(0))));
}
