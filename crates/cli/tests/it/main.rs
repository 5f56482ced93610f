//! The integration tests of `cli`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod fullthrust;
mod gdl;
mod gzf;
mod process;
mod record;
mod render;
#[cfg(unix)]
mod serve;
#[cfg(unix)]
mod serve_crash;
#[cfg(unix)]
mod serve_files;
mod table;
mod tactics;
mod tae;
mod ttrts;
mod xconq;
