//! Draws the Battle200 ttrts board `N` times (default 20) as SVG, for
//! instruction counts under callgrind (BENCHMARKS.md, "Boards"):
//! `valgrind --tool=callgrind target/release/examples/battle200 20`.

use engine::{SeatSpec, Setup};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("a number of repetitions"))
        .unwrap_or(20);
    let rules = registry::find("ttrts").expect("ttrts is registered");
    let setup = Setup {
        scenario: "Battle200".into(),
        seed: 1,
        seats: vec![SeatSpec::default(); 2],
        ..Setup::default()
    };
    let view = rules.start(setup, false, None).expect("starts").view(None);
    let mut bytes = 0;
    for _ in 0..n {
        bytes += render::view_svg("ttrts", &view).expect("draws").len();
    }
    println!("{n} pictures, {bytes} bytes");
}
