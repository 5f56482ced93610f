//! A small SVG writer: numbers with at most two decimals, every text and
//! attribute value escaped, nothing external.

use std::fmt::Write;

/// Seat colours, the same in every ruleset: dark enough to read on a light
/// background, and told apart by hue and lightness (Okabe–Ito based). Every
/// seat marker also carries its seat number as text, so colour is never the
/// only cue.
pub const SEAT_COLOURS: [&str; 8] = [
    "#c0392b", "#1e8449", "#9a7d0a", "#2e5fa8", "#7d3c98", "#c65d00", "#117a8b", "#5d6d7e",
];

/// The colour of seat `seat`.
pub fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// Words in seat names that name one of [`SEAT_COLOURS`], by its index.
const COLOUR_WORDS: &[(&str, usize)] = &[
    ("red", 0),
    ("crimson", 0),
    ("scarlet", 0),
    ("green", 1),
    ("yellow", 2),
    ("gold", 2),
    ("amber", 2),
    ("blue", 3),
    ("azure", 3),
    ("navy", 3),
    ("purple", 4),
    ("violet", 4),
    ("orange", 5),
    ("teal", 6),
    ("cyan", 6),
    ("grey", 7),
    ("gray", 7),
    ("silver", 7),
];

/// The colours of a game's seats, given their names: a seat whose name
/// says a colour ("Blue Squadron", "Red") is drawn in it, so a picture never
/// contradicts a name; the other seats get the colours left, each its own
/// seat's colour when free. Every picture and the web client's seat list
/// use this one assignment.
pub fn seat_colours(names: &[&str]) -> Vec<&'static str> {
    let mut chosen: Vec<Option<usize>> = vec![None; names.len()];
    let mut taken = [false; SEAT_COLOURS.len()];
    for (i, name) in names.iter().enumerate() {
        let lower = name.to_lowercase();
        let named = lower
            .split(|c: char| !c.is_alphanumeric())
            .find_map(|w| COLOUR_WORDS.iter().find(|(word, _)| *word == w))
            .map(|&(_, c)| c);
        if let Some(c) = named.filter(|&c| !taken[c]) {
            chosen[i] = Some(c);
            taken[c] = true;
        }
    }
    for (i, slot) in chosen.iter_mut().enumerate() {
        if slot.is_some() {
            continue;
        }
        let own = i % SEAT_COLOURS.len();
        let c = if taken[own] {
            (0..SEAT_COLOURS.len()).find(|&c| !taken[c]).unwrap_or(own)
        } else {
            own
        };
        *slot = Some(c);
        taken[c] = true;
    }
    chosen
        .into_iter()
        .map(|c| SEAT_COLOURS[c.unwrap_or(0)])
        .collect()
}

/// Escapes `&`, `<`, `>`, `"` and `'` and drops characters XML does not
/// allow (control characters other than tab and newlines).
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG wants it: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 100.0).round() / 100.0;
    if r.fract() == 0.0 && r.abs() < 1e15 {
        // Most numbers on a tile board are whole: no float formatting.
        return (r as i64).to_string();
    }
    let mut s = format!("{r:.2}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// Opens the root element: `viewBox` only (no fixed size, so it scales
    /// to its container), `class="board board-{ruleset}"`, `role="img"`, an
    /// `aria-label` and a `<title>`.
    pub fn new(ruleset: &str, view_box: (f64, f64, f64, f64), label: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" class=\"board board-{}\" role=\"img\" aria-label=\"{}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n<title>{}</title>\n",
            num(view_box.0),
            num(view_box.1),
            num(view_box.2),
            num(view_box.3),
            esc(ruleset),
            esc(label),
            esc(label)
        );
        Svg { out }
    }

    /// Says how big (in the picture's units) the smallest thing a player
    /// taps is, as `data-tap` on the root, so a client showing a big board
    /// on a small screen can zoom until it is the size of a finger.
    pub fn tap_size(&mut self, size: f64) {
        if let Some(end) = self.out.find('>') {
            self.out
                .insert_str(end, &format!(" data-tap=\"{}\"", num(size)));
        }
    }

    /// Appends raw markup written by this crate (already escaped).
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Appends formatted markup written by this crate (already escaped).
    pub fn put(&mut self, args: std::fmt::Arguments<'_>) {
        let _ = self.out.write_fmt(args);
    }

    /// A `<text>` element; `attrs` is markup written by this crate.
    pub fn text(&mut self, x: f64, y: f64, attrs: &str, text: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" {attrs}>{}</text>",
            num(x),
            num(y),
            esc(text)
        );
    }

    /// Closes the document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(12.5), "12.5");
    }

    #[test]
    fn seats_named_after_a_colour_are_drawn_in_it() {
        // ttrts's players keep the palette's order.
        assert_eq!(
            seat_colours(&["Red", "Green", "Yellow", "Blue"]),
            SEAT_COLOURS[..4].to_vec()
        );
        // Full Thrust's duel: Blue Squadron is blue, Grey Squadron grey.
        assert_eq!(
            seat_colours(&["Blue Squadron", "Grey Squadron"]),
            vec![SEAT_COLOURS[3], SEAT_COLOURS[7]]
        );
        // Unnamed seats take their own colour when free, else the first free.
        assert_eq!(
            seat_colours(&["North", "Red team"]),
            vec![SEAT_COLOURS[1], SEAT_COLOURS[0]]
        );
        assert_eq!(
            seat_colours(&["Seat 0", "Seat 1"]),
            SEAT_COLOURS[..2].to_vec()
        );
        // Two seats naming one colour: the second gets another.
        let two = seat_colours(&["Blue", "Blue"]);
        assert_ne!(two[0], two[1]);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            esc("<a & 'b'>\"\u{1}"),
            "&lt;a &amp; &apos;b&apos;&gt;&quot;"
        );
    }
}
