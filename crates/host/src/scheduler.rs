//! The turn scheduler: a background task that looks at every game a few
//! times a second and resolves the turns that are due, because a deadline
//! passed or because a game is ready without anyone having triggered it (a
//! server restarted after orders were stored but before the turn was
//! resolved). Turns that become ready when orders arrive are resolved at
//! once by the submission itself; this task is the safety net and the clock.
//! On a database shared by several servers every server sweeps the games it
//! knows, and a game another server is resolving at that moment is skipped
//! (its row is locked: `FOR UPDATE SKIP LOCKED`).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::host::Host;

/// Runs until `shutdown` turns true.
pub async fn run(host: Arc<Host>, tick: Duration, mut shutdown: watch::Receiver<bool>) {
    let mut interval = tokio::time::interval(tick);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            _ = shutdown.changed() => {}
        }
        if *shutdown.borrow() {
            return;
        }
        for id in host.due_games() {
            let host = host.clone();
            tokio::spawn(async move { host.sweep(&id).await });
        }
    }
}
