//! The plug-in entry: the names it answers to, its command, and its re-run
//! of the engine's records with their draws files (what `orderly record
//! replay RECORD --draws DRAWS --verify` prints from).

use plugin::Rerunning;
use serde_json::Value;

use crate::common::with_corpus;

#[test]
fn it_answers_to_its_name_and_the_record_types() {
    let p = tactics::plugin();
    assert_eq!(p.name(), "tactics");
    for name in ["tactics", "classic", "Chaos", "CLASSIC"] {
        assert!(p.answers_to(name), "{name}");
    }
    assert!(!p.answers_to("sealedbids"));
    let command = p.command.expect("orderly tactics ...");
    assert_eq!(command.names, ["replay", "game"]);
    assert!(p.client.controller.contains("export default"));
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).expect("a corpus file")
}

#[test]
fn the_rerun_takes_the_engines_draws_file_and_counts_them() {
    with_corpus("the plug-in's re-run of the engine's records", |dir| {
        let rerun = tactics::plugin().rerun.expect("a re-run");
        for base in ["classic_2p_engine-f8ab372", "chaos_4p_engine-f8ab372_03"] {
            let (record, _) =
                record::read_record(&read(&dir, &format!("{base}_state.json"))).unwrap();
            let draws: Value =
                serde_json::from_str(&read(&dir, &format!("{base}_draws.json"))).unwrap();
            let listed = draws["draws"].as_array().unwrap().len();
            match rerun(&record, Some(&draws)).unwrap() {
                Rerunning::Agrees {
                    turns,
                    actions,
                    draws,
                } => {
                    assert!(turns > 0 && actions > 0, "{base}");
                    assert_eq!(draws, Some(listed), "{base}");
                }
                Rerunning::Diverges(d) => panic!("{base}: {d}"),
            }
            // A draws file of another format is refused, saying where.
            let mut wrong = draws.clone();
            wrong["format"] = Value::from("tactics-draws/9");
            let err = rerun(&record, Some(&wrong)).unwrap_err();
            assert_eq!(err.location.as_deref(), Some("--draws"));
            assert!(err.message.contains("$.format"), "{}", err.message);
            // One recorded number changed: the first divergence is named.
            let mut changed = record.clone();
            let turn = changed
                .turns
                .iter()
                .position(|t| t.actions.len() > 1)
                .unwrap();
            changed.turns[turn].actions.swap(0, 1);
            match rerun(&changed, Some(&draws)) {
                Ok(Rerunning::Diverges(d)) => assert!(d.path.starts_with("$."), "{d}"),
                other => panic!("{base}: a changed record gives {other:?}"),
            }
        }
    });
}
