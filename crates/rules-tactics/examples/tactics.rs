//! `orderly tactics …` until the CLI's plug-in hook reaches it: the same
//! command as a program of its own, so the shared checker can run it, e.g.
//!
//! ```text
//! cargo build --release -p orderly-tactics --example tactics
//! ../shared/tools/tactics-replay-check \
//!   --cmd 'target/release/examples/tactics replay {record} --draws {draws} --verify' \
//!   ../shared/corpus/tactics
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    match tactics::command::command(std::env::args_os().collect()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
