//! Property tests: random valid models survive write → read; random bytes
//! and mutations of the spec fixture never panic. Case counts are kept
//! modest so the workspace suite stays fast on two cores.

use crate::common;
use common::*;
use gzf::ft2::grammar::{self, ValueKind};
use gzf::ft2::names;
use gzf::ft2::values::*;
use gzf::ft2::{BlockKind, Ft2Block, Ft2File};
use proptest::prelude::*;

fn text() -> impl Strategy<Value = String> {
    "[!-~]([ -~]{0,12}[!-~])?"
}

fn pick(list: &'static [&'static str]) -> impl Strategy<Value = Value> {
    prop::sample::select(list).prop_map(|w| Value::Word(w.into()))
}

fn status() -> impl Strategy<Value = Status> {
    (
        prop::option::of(prop::sample::select(vec![
            Activity::Active,
            Activity::Inactive,
        ])),
        prop::option::of(prop::sample::select(vec![Launch::Launched, Launch::Docked])),
        prop::option::of(prop::sample::select(vec![
            DamageStatus::Damaged,
            DamageStatus::Repaired,
            DamageStatus::Destroyed,
        ])),
    )
        .prop_map(|(activity, launch, damage)| Status {
            activity,
            launch,
            damage,
        })
        .prop_filter("at least one word", |s| !s.is_empty())
}

fn move_element() -> impl Strategy<Value = MoveElement> {
    prop_oneof![
        (-20i64..20).prop_map(MoveElement::Accelerate),
        (0u32..6).prop_map(MoveElement::Starboard),
        (0u32..6).prop_map(MoveElement::Port),
    ]
}

fn track() -> impl Strategy<Value = DamageTrack> {
    prop::collection::vec(1u32..7, 1..6).prop_flat_map(|rows| {
        let total: u32 = rows.iter().sum();
        let n = rows.len() as u32;
        (Just(rows), 0..=total, 1..=n).prop_map(|(rows, checked, first_line)| {
            let mut t = DamageTrack::new(rows, checked);
            let n = t.rows.len() as u32;
            t.line_rows = if first_line < n {
                vec![first_line, n - first_line]
            } else {
                vec![n]
            };
            t
        })
    })
}

/// A valid value for a field of kind `kind`.
fn value(kind: ValueKind) -> BoxedStrategy<Value> {
    match kind {
        ValueKind::Text | ValueKind::Id => prop::collection::vec(text(), 1..3)
            .prop_map(|v| Value::Text(v.into_iter().map(Into::into).collect()))
            .boxed(),
        ValueKind::Entries => prop::collection::vec(text(), 1..3)
            .prop_map(|v| Value::Text(v.into_iter().map(Into::into).collect()))
            .boxed(),
        ValueKind::Int => (0i64..1_000_000).prop_map(Value::Int).boxed(),
        ValueKind::Decimal => (-999_999_999_999_999i64..=999_999_999_999_999)
            .prop_map(Value::Decimal)
            .boxed(),
        ValueKind::Diameter => (1i64..10_000_000_000).prop_map(Value::Decimal).boxed(),
        ValueKind::Clock => (1u8..=12).prop_map(Value::Clock).boxed(),
        ValueKind::Arcs => Just(vec![Arc::F, Arc::S, Arc::A, Arc::P])
            .prop_shuffle()
            .prop_flat_map(|arcs| (1usize..=4).prop_map(move |n| Value::Arcs(arcs[..n].to_vec())))
            .boxed(),
        ValueKind::Craft => prop::collection::vec(any::<bool>(), 1..=6)
            .prop_map(Value::Boxes)
            .boxed(),
        ValueKind::Endurance => prop::collection::vec(any::<bool>(), 3..=5)
            .prop_map(Value::Boxes)
            .boxed(),
        ValueKind::Track => track().prop_map(Value::Track).boxed(),
        ValueKind::Status => status().prop_map(Value::Status).boxed(),
        ValueKind::Move => prop::collection::vec(move_element(), 0..5)
            .prop_map(Value::Move)
            .boxed(),
        ValueKind::Percent => (0i64..=100).prop_map(Value::Percent).boxed(),
        ValueKind::Closed(list) | ValueKind::Open(list) => pick(list).boxed(),
        ValueKind::SystemType => pick(names::SYSTEM_TYPES).boxed(),
        // Any GZF-Version reads as 1.0 (spec §2); the others keep their text.
        ValueKind::GzfVersion => Just(Value::Word("1.0".into())).boxed(),
        ValueKind::ProfileVersion | ValueKind::UniverseVersion => {
            Just(Value::Word("1.1".into())).boxed()
        }
        ValueKind::Profile => Just(Value::Word("FT2".into())).boxed(),
        ValueKind::Extent => Just(Value::Text(TextList::new())).boxed(),
    }
}

const GROUPS: [&str; 7] = [
    "Position-X",
    "Position-Y",
    "Diameter",
    "Low-X",
    "Low-Y",
    "High-X",
    "High-Y",
];

/// A valid block of `kind`: required fields always, others at random, the
/// position, bounds and terrain-extent groups complete.
fn block(kind: BlockKind) -> BoxedStrategy<Ft2Block> {
    let specs: Vec<_> = grammar::fields(kind)
        .iter()
        .filter(|s| s.kind != ValueKind::Extent && !GROUPS.contains(&s.name))
        .copied()
        .collect();
    let fields: Vec<BoxedStrategy<Option<(&'static str, Value)>>> = specs
        .iter()
        .map(|s| {
            let name = s.name;
            if s.required {
                value(s.kind).prop_map(move |v| Some((name, v))).boxed()
            } else {
                prop::option::of(value(s.kind).prop_map(move |v| (name, v))).boxed()
            }
        })
        .collect();
    let position_required = matches!(kind, BlockKind::FighterGroup | BlockKind::LaunchedSystem);
    let has_position = grammar::fields(kind).iter().any(|s| s.name == "Position-X");
    let has_bounds = grammar::fields(kind).iter().any(|s| s.name == "Low-X");
    let coords = (
        value(ValueKind::Decimal),
        value(ValueKind::Decimal),
        value(ValueKind::Diameter),
    );
    let lows = (
        -1_000_000i64..0,
        -1_000_000i64..0,
        0i64..1_000_000,
        0i64..1_000_000,
    );
    (fields, any::<bool>(), coords, lows)
        .prop_map(move |(fields, flag, (x, y, d), (lx, ly, hx, hy))| {
            let mut b = Ft2Block::new(kind, Value::Text(TextList::one("x".into())));
            b.fields.clear();
            for (name, v) in fields.into_iter().flatten() {
                b.fields.push(gzf::ft2::ModelField::typed(name, v));
            }
            let round = kind == BlockKind::Terrain && flag;
            let rect =
                (kind == BlockKind::Terrain && !flag) || (kind == BlockKind::Scenario && flag);
            if position_required || round || (has_position && kind != BlockKind::Terrain && flag) {
                b.set("Position-X", x);
                b.set("Position-Y", y);
            }
            if round {
                b.set("Diameter", d);
            }
            if rect && has_bounds {
                b.set("Low-X", Value::Decimal(lx));
                b.set("Low-Y", Value::Decimal(ly));
                b.set("High-X", Value::Decimal(hx));
                b.set("High-Y", Value::Decimal(hy));
            }
            b
        })
        .boxed()
}

fn model() -> impl Strategy<Value = Ft2File> {
    let kinds = prop::sample::select(&BlockKind::ALL[1..]);
    (
        block(BlockKind::Header),
        prop::collection::vec(kinds.prop_flat_map(block), 0..8),
    )
        .prop_map(|(header, rest)| {
            let mut file = Ft2File::default();
            file.blocks.push(header);
            file.blocks.extend(rest);
            file
        })
}

thread_local! {
    /// The published schema, compiled once per test thread.
    static SCHEMA: jsonschema::Validator = {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/schema/ft2.schema.json");
        let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    };
}

/// A block's kind and its fields' names and typed values.
type Meaning = (Option<BlockKind>, Vec<(String, Option<Value>)>);

/// What a model says, without positions and raw text.
fn meaning(file: &Ft2File) -> Vec<Meaning> {
    file.blocks
        .iter()
        .map(|b| {
            (
                b.kind,
                b.fields
                    .iter()
                    .map(|f| (f.name.to_string(), f.value.clone()))
                    .collect(),
            )
        })
        .collect()
}

/// The canonical text by its definition: the model's canonical document,
/// laid out by the syntax writer (`to_text` writes it directly).
fn written_through_document(file: &Ft2File) -> String {
    gzf::syntax::write(&file.to_document(), gzf::syntax::LineEnd::CrLf)
}

#[test]
fn the_direct_writer_writes_what_the_document_writer_does() {
    let synthetic = gzf::ft2::synthetic::synthetic_file(200_000);
    let broken = synthetic
        .replace("Velocity:", "Velocity: fast\nWidget:")
        .replace("Log:", "Log:\n  \n");
    for text in [duel(), synthetic, broken] {
        let file = read(&text).file;
        assert_eq!(file.to_canonical(), written_through_document(&file));
        let lf = gzf::syntax::write(&file.to_document(), gzf::syntax::LineEnd::Lf);
        assert_eq!(file.to_text(gzf::syntax::LineEnd::Lf), lf);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn valid_models_write_read_equal(file in model()) {
        let text = file.to_canonical();
        prop_assert_eq!(&text, &written_through_document(&file));
        let back = read(&text);
        let errors: Vec<_> = back.diagnostics.iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{errors:?}\n{text}");
        prop_assert_eq!(meaning(&back.file), meaning(&file), "{}", text);
        prop_assert_eq!(back.file.to_canonical(), text);
    }

    #[test]
    fn json_of_valid_models_validates_and_comes_back(file in model()) {
        let doc = gzf::ft2::json::to_json(&file);
        let errors: Vec<String> = SCHEMA.with(|v| v.iter_errors(&doc).map(|e| format!("{e} at {}", e.instance_path())).collect());
        prop_assert!(errors.is_empty(), "{errors:?}");
        let text = gzf::ft2::json::import(gzf::ft2::json::to_json_text(&file).as_bytes()).unwrap();
        prop_assert_eq!(read(&text).file.to_canonical(), file.to_canonical());
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let r = gzf::ft2::read(&bytes).unwrap();
        prop_assert_eq!(r.file.to_canonical(), written_through_document(&r.file));
        let _ = gzf::render::render("f", &bytes, &r.diagnostics);
        let _ = gzf::ft2::json::import(&bytes);
    }

    #[test]
    fn gzf_like_text_never_panics(text in "([A-Za-z-]{0,8}( ?:)?[ \t]{0,2}[-+OoSsPp0-9., ]{0,10}\r?\n){0,20}") {
        let r = gzf::ft2::read(text.as_bytes()).unwrap();
        if !r.has_errors() {
            let once = r.file.to_canonical();
            prop_assert_eq!(read(&once).file.to_canonical(), once);
        }
    }

    #[test]
    fn fixture_mutations_never_panic(edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6)) {
        let mut bytes = duel().into_bytes();
        for (at, byte, op) in edits {
            let i = at.index(bytes.len());
            match op {
                0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ => { bytes.remove(i); }
            }
        }
        let r = gzf::ft2::read(&bytes).unwrap();
        prop_assert_eq!(r.file.to_canonical(), written_through_document(&r.file));
        let _ = gzf::render::render("f", &bytes, &r.diagnostics);
        if !r.has_errors() {
            let once = r.file.to_canonical();
            prop_assert_eq!(read(&once).file.to_canonical(), once);
        }
    }
}
