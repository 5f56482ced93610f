//! PNG output: decodes, has the requested width and the picture's
//! proportions, and its labels are drawn (with the system's fonts, or a
//! named font file); with no font at all the error says what to install.

mod common;

use render::{record_svg, to_png, At, Fonts, RenderError};

const DEJAVU: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    (pixmap.width(), pixmap.height(), pixmap.data().to_vec())
}

#[test]
fn png_has_the_requested_width_and_drawn_labels() {
    let rec = common::bot_record("ttrts", None, 7, 4);
    let svg = record_svg(&rec, At { turn: 1, action: 1 }, None).unwrap();
    let png = to_png(&svg, 600, &Fonts::system()).unwrap();
    let (w, h, with_text) = decode(&png);
    assert_eq!(w, 600);
    // Tiny2Player: 6×6 tiles of 10 centred in the narrowest picture (130
    // wide), a 16 header and a 9 caption line.
    assert_eq!(h, (600.0_f64 * 85.0 / 130.0).round() as u32);
    // The same picture without its text differs: the labels were drawn.
    let no_text: String = svg
        .lines()
        .filter(|l| !l.starts_with("<text"))
        .collect::<Vec<_>>()
        .join("\n");
    let (_, _, without) = decode(&to_png(&no_text, 600, &Fonts::system()).unwrap());
    assert_ne!(with_text, without, "labels must render");
}

#[test]
fn a_named_font_file_is_enough() {
    // The machine's DejaVu Sans (Debian fonts-dejavu-core), loaded as a file.
    let fonts = Fonts {
        system: false,
        files: vec![DEJAVU.into()],
    };
    let rec = common::bot_record("fullthrust", None, 3, 2);
    let svg = record_svg(&rec, At { turn: 1, action: 2 }, None).unwrap();
    let (w, _, _) = decode(&to_png(&svg, 320, &fonts).unwrap());
    assert_eq!(w, 320);
}

#[test]
fn no_font_is_a_clear_error() {
    let rec = common::bot_record("tae", None, 3, 1);
    let svg = record_svg(&rec, At { turn: 1, action: 0 }, None).unwrap();
    match to_png(&svg, 300, &Fonts::default()) {
        Err(RenderError::Input(m)) => assert!(m.contains("fonts-dejavu-core"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        to_png(&svg, 0, &Fonts::system()),
        Err(RenderError::Request { .. })
    ));
    let bad = Fonts {
        system: false,
        files: vec!["Cargo.toml".into()],
    };
    assert!(matches!(
        to_png(&svg, 300, &bad),
        Err(RenderError::Input(_))
    ));
}
