//! PNG output: decodes, has the requested width and the picture's
//! proportions, and its labels are drawn: with the built-in font alone
//! (as on a machine with no fonts installed), and with a font file added.

use crate::common;

use common::record_svg;
use render::{to_png, At, Fonts, RenderError};

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    (pixmap.width(), pixmap.height(), pixmap.data().to_vec())
}

#[test]
fn png_has_the_requested_width_and_drawn_labels() {
    let rec = common::bot_record("ttrts", None, 7, 4);
    let svg = record_svg(&rec, At { turn: 1, action: 1 }, None).unwrap();
    // No system fonts: the built-in one must be enough.
    let png = to_png(&svg, 600, &Fonts::default()).unwrap();
    let (w, h, with_text) = decode(&png);
    assert_eq!(w, 600);
    // Tiny2Player: 6×6 tiles of 10 centred in the narrowest picture (130
    // wide), a 16 header, a row of coordinates and a caption line.
    assert_eq!(h, (600.0_f64 * 92.0 / 130.0).round() as u32);
    // The same picture without its text differs: the labels were drawn.
    let no_text: String = svg
        .lines()
        .filter(|l| !l.starts_with("<text"))
        .collect::<Vec<_>>()
        .join("\n");
    let (_, _, without) = decode(&to_png(&no_text, 600, &Fonts::default()).unwrap());
    assert_ne!(with_text, without, "labels must render");
}

#[test]
fn a_named_font_file_is_read_and_used() {
    // A font file on disk (here: a copy of a real font) is used for the
    // family it provides; without it that family falls back on the
    // built-in DejaVu Sans, which draws different pixels.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("extra.ttf");
    std::fs::write(&file, dejavu::sans_mono::regular()).unwrap();
    let fonts = Fonts {
        system: false,
        files: vec![file],
    };
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 20\">\
        <text x=\"2\" y=\"15\" font-family=\"DejaVu Sans Mono\" font-size=\"12\">W1 iii</text></svg>";
    let (w, _, with_file) = decode(&to_png(svg, 320, &fonts).unwrap());
    assert_eq!(w, 320);
    let (_, _, built_in) = decode(&to_png(svg, 320, &Fonts::default()).unwrap());
    assert_ne!(with_file, built_in, "the named font must be the one drawn");
}

#[test]
fn bad_widths_and_font_files_are_clear_errors() {
    let rec = common::bot_record("tae", None, 3, 1);
    let svg = record_svg(&rec, At { turn: 1, action: 0 }, None).unwrap();
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
