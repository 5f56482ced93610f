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
