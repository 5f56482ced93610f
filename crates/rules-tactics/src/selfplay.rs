//! Whole games between built-in bots, kept as the engine's record: the
//! project's own games, which re-run from their seed alone (spec §12, no
//! draws file). The rules draw from `GameRng::from_seed(seed)` in the same
//! order as a game hosted through the engine's `Match`, and the bots choose
//! from a stream of their own, so the record's seed is all a re-run needs.

use engine::GameRng;

use crate::action::Input;
use crate::bots::{player, Player};
use crate::draws::RngDraws;
use crate::error::Error;
use crate::game::{default_teams, BotFlag, Game, GameKind};
use crate::record::GameLog;
use crate::ruleset::play_chaos_turns;
use crate::turn::{NoLog, TurnLog};

/// The bots' own stream, apart from the rules' (as `engine::play_bots` does).
pub const BOT_STREAM: u64 = 0xB07_B07_B07;

/// A finished (or capped) bot game.
pub struct BotGame {
    pub game: Game,
    /// Every turn, when asked for.
    pub log: Option<GameLog>,
    /// Random numbers the rules drew.
    pub draws: usize,
}

/// Plays a game of `kind` between `bots` (cycling over the player seats in
/// turn order) until it ends or `max_turns` turns have been played.
pub fn play_bots(
    kind: GameKind,
    seed: u64,
    bots: &[&str],
    max_turns: usize,
    keep_log: bool,
) -> Result<BotGame, Error> {
    if bots.is_empty() {
        return Err(Error::Setup {
            field: "bots".into(),
            message: "name at least one bot".into(),
        });
    }
    let mut players: Vec<Player> = Vec::with_capacity(bots.len());
    for name in bots {
        players.push(player(name).ok_or_else(|| Error::Setup {
            field: "bots".into(),
            message: format!(
                "no bot `{name}`; there are: {}",
                crate::bots::BOT_NAMES.join(", ")
            ),
        })?);
    }
    let mut rng = GameRng::from_seed(seed);
    let mut bot_rng = GameRng::from_seed(seed ^ BOT_STREAM);
    let mut draws = RngDraws::new(&mut rng);
    let mut game = Game::start(kind, default_teams(kind), &mut draws)?;
    for team in game.teams.iter_mut().filter(|t| !t.is_chaos()) {
        team.bot = Some(BotFlag::Flag(true));
    }
    let mut log = keep_log.then(|| GameLog::new(&game));
    let mut no_log = NoLog;
    let chaos = usize::from(kind == GameKind::Chaos);
    while !game.is_over() && game.turn < max_turns {
        let sink: &mut dyn TurnLog = match log.as_mut() {
            Some(l) => l,
            None => &mut no_log,
        };
        if game.teams[game.current_team()].is_chaos() {
            play_chaos_turns(&mut game, &mut draws, sink);
            continue;
        }
        let seat = game.current_team() - chaos;
        let k = seat % players.len();
        let mut inputs = players[k].inputs(&game, &mut bot_rng);
        if inputs.last() != Some(&Input::EndTurn) {
            inputs.push(Input::EndTurn);
        }
        game.play(&inputs, &mut draws, sink);
        play_chaos_turns(&mut game, &mut draws, sink);
    }
    let used = draws.count;
    Ok(BotGame {
        game,
        log,
        draws: used,
    })
}
