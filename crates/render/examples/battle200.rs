//! Draws the Battle200 ttrts board `N` times (default 20) as SVG, for
//! instruction counts under callgrind (BENCHMARKS.md, "Boards"):
//! `valgrind --tool=callgrind target/release/examples/battle200 20`; with
//! a second argument `png`, also rasterises the last picture at 1200 px
//! (and `fonts` only loads the system fonts, to tell the two apart).

use engine::{SeatSpec, Setup};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("a number of repetitions"))
        .unwrap_or(20);
    let plugin = registry::plugin("ttrts").expect("ttrts is registered");
    let rules = &plugin.rules;
    let setup = Setup {
        scenario: "Battle200".into(),
        seed: 1,
        seats: vec![SeatSpec::default(); 2],
        ..Setup::default()
    };
    let view = rules.start(setup, false, None).expect("starts").view(None);
    let mut bytes = 0;
    for _ in 0..n {
        bytes += render::view_svg(&*plugin.drawing, &view)
            .expect("draws")
            .len();
    }
    println!("{n} pictures, {bytes} bytes");
    let svg = render::view_svg(&*plugin.drawing, &view).expect("draws");
    match std::env::args().nth(2).as_deref() {
        Some("png") => {
            let png = render::to_png(&svg, 1200, &render::Fonts::system()).expect("a PNG");
            println!("PNG: {} bytes", png.len());
        }
        Some("fonts") => {
            let text = render::to_png(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>",
                1,
                &render::Fonts::system(),
            );
            println!("fonts loaded: {}", text.is_ok());
        }
        _ => {}
    }
}
