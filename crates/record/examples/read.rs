//! Reads the record files named on the command line once each, for
//! counting instructions per byte under callgrind (BENCHMARKS.md, "Records
//! read typed"): `valgrind --tool=callgrind target/release/examples/read
//! FILE`, then `read_record`'s inclusive count over the file's bytes.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{path}: {e}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        match record::read_record(&text) {
            Ok((record, warnings)) => println!(
                "{path}: {} bytes, {} turns, {} warnings",
                text.len(),
                record.turns.len(),
                warnings.len()
            ),
            Err(e) => {
                eprintln!("{path}: {e}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
