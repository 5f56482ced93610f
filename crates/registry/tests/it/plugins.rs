//! What every registered plug-in gives: a unique name, a controller that
//! imports only files the web client serves and exports a default, a guide
//! that is an HTML fragment with no script, and a board drawing that draws
//! the ruleset's own views.

use std::collections::BTreeSet;

use engine::{SeatSpec, Setup};

#[test]
fn names_and_aliases_are_unique() {
    let mut seen = BTreeSet::new();
    for p in registry::plugins() {
        for name in std::iter::once(p.name()).chain(p.aliases.iter().copied()) {
            assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
        }
    }
    assert!(registry::plugin("TTRTS").is_ok(), "names ignore case");
    let err = registry::plugin("chess").unwrap_err().to_string();
    assert!(err.contains("ttrts"), "{err}");
}

#[test]
fn controllers_import_only_served_files_and_export_a_controller() {
    for p in registry::plugins() {
        let js = p.client.controller;
        assert!(
            js.contains("export default"),
            "{}: no default export",
            p.name()
        );
        for line in js
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("import "))
        {
            let from = line.rsplit("from '").next().unwrap();
            let path = from.split('\'').next().unwrap();
            assert!(
                web::asset(path).is_some(),
                "{}: the controller imports {path}, which the web client does not serve",
                p.name()
            );
        }
    }
}

#[test]
fn guides_are_html_fragments_without_scripts() {
    for p in registry::plugins() {
        let g = p.client.guide;
        assert!(g.trim_start().starts_with('<'), "{}", p.name());
        let lower = g.to_ascii_lowercase();
        for banned in [
            "<script",
            "<style",
            "javascript:",
            " onclick",
            " onload",
            " onerror",
        ] {
            assert!(
                !lower.contains(banned),
                "{}: the guide contains {banned}",
                p.name()
            );
        }
    }
}

#[test]
fn every_drawing_draws_its_rulesets_views() {
    for p in registry::plugins() {
        let rules = &p.rules;
        let setup = Setup {
            scenario: rules.default_scenario().into(),
            seats: vec![SeatSpec::default(); 2],
            seed: 3,
            ..Setup::default()
        };
        let game = rules.start(setup, false, None).unwrap();
        for seat in [None, Some(engine::Seat(0))] {
            let svg = render::view_svg(&*p.drawing, &game.view(seat)).unwrap();
            assert!(
                svg.contains(&format!("board-{}", p.name())),
                "{}: the picture names its ruleset",
                p.name()
            );
        }
    }
}

/// A driver trusts `view_file_names` to name the files `view_files` would
/// make, and skips making a file it already has: the two must agree for
/// every ruleset, seat and spectator, turn after turn.
#[test]
fn view_file_names_name_the_view_files() {
    for p in registry::plugins() {
        let rules = &p.rules;
        let setup = Setup {
            scenario: rules.default_scenario().into(),
            seats: vec![SeatSpec::default(); 2],
            seed: 5,
            ..Setup::default()
        };
        let mut game = rules.start(setup, false, None).unwrap();
        let mut rng = engine::GameRng::from_seed(5);
        for _ in 0..3 {
            let seats = game.seats();
            let mut who = vec![None];
            who.extend((0..seats.len()).map(|i| Some(engine::Seat(i))));
            for seat in who {
                let made: Vec<String> = game.view_files(seat).into_iter().map(|(n, _)| n).collect();
                assert_eq!(game.view_file_names(seat), made, "{} {seat:?}", p.name());
            }
            if game.outcome().is_some() {
                break;
            }
            for seat in game.awaiting() {
                let bot = rules.bot_names()[0];
                let orders = game.bot_orders(bot, seat, &mut rng).unwrap();
                game.submit_json(seat, orders).unwrap();
            }
            game.resolve(None);
        }
    }
}

/// `orderly play` tells a person how to write an orders file with the
/// ruleset's one sentence: every ruleset that plays by files has one.
#[test]
fn every_ruleset_says_how_to_write_an_orders_file() {
    for p in registry::plugins() {
        let help = p.rules.orders_help();
        assert!(help.len() > 20, "{}: orders_help is {help:?}", p.name());
    }
}
