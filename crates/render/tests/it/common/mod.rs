//! A real bot game with a record, for any registered ruleset.

use engine::record::GameRecord;
use engine::{GameRng, SeatSpec, Setup};

/// Plays `turns` turns of `ruleset`'s default scenario between its first
/// bot, keeping the record.
pub fn bot_record(ruleset: &str, scenario: Option<&str>, seed: u64, turns: u64) -> GameRecord {
    let rules = registry::find(ruleset).expect("registered");
    let setup = Setup {
        scenario: scenario.unwrap_or(rules.default_scenario()).to_string(),
        seed,
        seats: vec![SeatSpec::default(), SeatSpec::default()],
        ..Setup::default()
    };
    let mut game = rules.start(setup, true, None).expect("starts");
    let bot = rules.bot_names()[0];
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    for _ in 0..turns {
        if game.outcome().is_some() {
            break;
        }
        for s in game.awaiting() {
            if let Some(o) = game.bot_orders(bot, s, &mut rng) {
                let _ = game.submit_json(s, o);
            }
        }
        game.resolve(None);
    }
    game.record().expect("kept")
}

/// [`render::record_svg`] with the record's ruleset from the registry.
pub fn record_svg(
    rec: &GameRecord,
    at: render::At,
    seat: Option<usize>,
) -> Result<String, render::RenderError> {
    let p = plugin_of(rec);
    render::record_svg(&*p.rules, &*p.drawing, rec, at, seat)
}

/// [`render::record_svg_with`] with the record's ruleset from the registry.
pub fn record_svg_with(
    rec: &GameRecord,
    at: render::At,
    seat: Option<usize>,
    rerun: &mut Option<render::Rerun>,
) -> Result<String, render::RenderError> {
    let p = plugin_of(rec);
    render::record_svg_with(&*p.rules, &*p.drawing, rec, at, seat, rerun)
}

/// [`render::record_board`] with the record's ruleset from the registry.
#[allow(dead_code)]
pub fn record_board(
    rec: &GameRecord,
    at: render::At,
    seat: Option<usize>,
) -> Result<(Box<dyn render::Board>, Option<render::Highlight>), render::RenderError> {
    let p = plugin_of(rec);
    render::record_board(&*p.rules, &*p.drawing, rec, at, seat)
}

/// [`render::view_svg`] of a view of `ruleset`'s.
pub fn view_svg(ruleset: &str, view: &serde_json::Value) -> Result<String, render::RenderError> {
    let p = registry::plugin(ruleset).map_err(|e| render::RenderError::input(e.to_string()))?;
    render::view_svg(&*p.drawing, view)
}

/// [`render::frames`] of a record, captions in its ruleset's words.
#[allow(dead_code)]
pub fn frames(rec: &GameRecord) -> serde_json::Value {
    render::frames(&*plugin_of(rec).drawing, rec)
}

fn plugin_of(rec: &GameRecord) -> registry::Plugin {
    registry::plugin(rec.game_type.as_deref().unwrap_or_default()).expect("a registered ruleset")
}

/// A re-run of `rec` advanced to its turn at `index`.
#[allow(dead_code)]
pub fn rerun_at(rec: &GameRecord, index: usize) -> Option<render::Rerun> {
    let p = plugin_of(rec);
    let mut r = render::Rerun::start(&*p.rules, rec).expect("starts");
    r.advance_to(rec, index).expect("re-runs");
    Some(r)
}
