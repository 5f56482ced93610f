//! Writes a synthetic valid FT2 file of about N megabytes (default 10) to
//! standard output, for timing `orderly gzf check` (see BENCHMARKS.md):
//!
//! `cargo run --release -p orderly-gzf --example gen_ft2 -- 10 > big.gzf`

use std::io::Write;

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let text = gzf::ft2::synthetic::synthetic_file(mb << 20);
    std::io::stdout()
        .write_all(text.as_bytes())
        .expect("write to standard output");
}
