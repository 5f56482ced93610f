//! `orderly xconq …` until the plug-in point lands on main: runs the crate's
//! command with the process's arguments, e.g.
//! `cargo run --release -p orderly-xconq --example xconq -- replay FIXTURE --dump OUT -L LIB`.

fn main() -> std::process::ExitCode {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(first) = args.first_mut() {
        *first = "xconq".into();
    }
    match xconq::command::command(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
