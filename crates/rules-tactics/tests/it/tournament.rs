//! Greedy against random over many classic games (issue 19 asks for at
//! least 90% of 1,000). Slow in a debug build: run it in release,
//! `cargo test --release -p orderly-tactics --test it -- --ignored tournament`.

use tactics::game::GameKind;
use tactics::selfplay::play_bots;

/// Plays `n` classic games, greedy in seat 0 for even seeds and seat 1 for
/// odd ones; returns (greedy wins, random wins, draws or capped).
pub fn greedy_vs_random(n: u64) -> (u32, u32, u32) {
    let (mut g, mut r, mut d) = (0, 0, 0);
    for seed in 0..n {
        let greedy_seat = (seed % 2) as usize;
        let bots = if greedy_seat == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let played = play_bots(GameKind::Classic, seed, &bots, 2000, false).expect("a bot game");
        match played.game.end.and_then(|e| e.winner) {
            Some(w) if w == greedy_seat => g += 1,
            Some(_) => r += 1,
            None => d += 1,
        }
    }
    (g, r, d)
}

#[test]
#[ignore = "1,000 whole games: run in release (see the module doc)"]
fn tournament_greedy_beats_random_in_nine_games_of_ten() {
    let (g, r, d) = greedy_vs_random(1000);
    println!("greedy {g}, random {r}, draws {d} of 1000 classic games");
    assert!(
        g >= 900,
        "greedy won only {g} of 1000 (random {r}, draws {d})"
    );
}

#[test]
fn greedy_beats_random_in_a_few_games() {
    let (g, r, d) = greedy_vs_random(6);
    assert!(g >= 5, "greedy {g}, random {r}, draws {d}");
}
