//! What a seat (or a spectator) sees. Tactics hides nothing (spec §15), so a
//! view is the whole game at the start of the seat's turn, the turns played
//! since the seat's last one, and — for the seat whose turn it is — where
//! each of its units able to act may move and strike, so a client need not
//! know the rules to offer only legal picks.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::Action;
use crate::attack::{attack_tiles, special_available};
use crate::board::Tile;
use crate::game::Game;
use crate::movement::move_tiles;

/// A finished turn, kept for the views of the next round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecentTurn {
    pub turn: usize,
    pub team: usize,
    pub actions: Vec<Action>,
}

/// The view of one seat, or of a spectator. Tactics hides nothing: the
/// whole game is here, with what the viewer's units may do when it is its
/// turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The viewer's seat (its team index), `None` for a spectator.
    pub seat: Option<usize>,
    /// The whole game: teams in turn order with their units, the turn.
    pub game: Game,
    /// The turns since this seat's previous turn, oldest first, as the
    /// record writes their actions.
    #[serde(default)]
    pub recent: Vec<RecentView>,
    /// What the viewer's units may do, when it is the viewer's turn.
    #[serde(default)]
    pub options: Vec<UnitOptions>,
}

/// A finished turn as the view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RecentView {
    /// The turn's index.
    pub turn: usize,
    /// The team that played it.
    pub team: usize,
    /// The actions as the record writes them.
    pub actions: Vec<Value>,
}

/// Where one unit able to act may go and strike from where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitOptions {
    /// The unit's id.
    pub unit: u32,
    /// Tiles a `move` may go to.
    pub moves: Vec<Tile>,
    /// Tiles a targeted attack may aim at; empty for "all" units.
    pub targets: Vec<Tile>,
    /// Attacks without a target (Cleric, Assassin, Enchantress).
    pub attacks_all: bool,
    /// Deathblow or Regenerate is available.
    pub special: bool,
}

/// The options of the current team's units that can act.
pub fn options(game: &Game) -> Vec<UnitOptions> {
    if game.is_over() {
        return vec![];
    }
    let occ = game.occupancy();
    game.teams[game.current_team()]
        .units
        .iter()
        .filter(|u| u.can_act())
        .map(|u| {
            let s = u.kind.stats();
            let all = s.all;
            UnitOptions {
                unit: u.id,
                moves: move_tiles(game, &occ, u),
                targets: if all {
                    vec![]
                } else {
                    attack_tiles(game, u, u.tile)
                },
                attacks_all: all,
                special: special_available(u),
            }
        })
        .collect()
}

/// The view of `seat` (`None`: a spectator).
pub fn view(game: &Game, recent: &[RecentTurn], seat: Option<usize>) -> View {
    let n = game.teams.len();
    // The turns since the seat last played (a spectator sees the last round).
    let since = match seat {
        Some(s) => recent
            .iter()
            .rposition(|t| t.team == s)
            .map_or(0, |i| i + 1),
        None => recent.len().saturating_sub(n),
    };
    let mine = seat == Some(game.current_team());
    View {
        seat,
        game: game.clone(),
        recent: recent[since..]
            .iter()
            .map(|t| RecentView {
                turn: t.turn,
                team: t.team,
                actions: t.actions.iter().map(|a| a.to_json(None)).collect(),
            })
            .collect(),
        options: if mine { options(game) } else { vec![] },
    }
}
