//! `orderly xconq …`: the ruleset's own subcommands, and where the program
//! finds modules (the only module of the crate that does I/O or reads the
//! environment).
//!
//! * `replay FIXTURE --dump OUT [-L LIBDIR]` replays a fixture of the real
//!   program (spec §17.6) and writes `OUT/tNN.json` and `OUT/actions.jsonl`;
//!   it exits 0 also when the replay diverges (the checker reports that).
//! * `support -L LIB [MODULE…]` says for each module whether it plays (D3);
//!   it exits 1 when a module it was asked about is in none of the folders.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::library::Library;

/// Xconq games.
#[derive(Debug, Parser)]
#[command(name = "xconq")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replays a fixture of the real Xconq 7.5 program and writes dumps.
    Replay {
        /// The fixture folder (with fixture.json).
        fixture: PathBuf,
        /// Where to write tNN.json and actions.jsonl.
        #[arg(long)]
        dump: PathBuf,
        /// Module library folders, searched in order.
        #[arg(short = 'L', long = "lib")]
        lib: Vec<PathBuf>,
        /// Also write the draw trace (site, m, state before, result) to this file.
        #[arg(long)]
        trace: Option<PathBuf>,
    },
    /// Lists, per module, whether it plays or the first unsupported setting.
    Support {
        /// Module library folders.
        #[arg(short = 'L', long = "lib", required = true)]
        lib: Vec<PathBuf>,
        /// Module names (default: every .g file of the first library).
        modules: Vec<String>,
    },
}

/// The subcommand names (`orderly xconq NAME ...`).
pub const NAMES: &[&str] = &["replay", "support"];

/// The module library of this program (see [`crate::library`]): the
/// folders of `$ORDERLY_XCONQ_LIB` (separated as in PATH), the built-in
/// modules, then `../shared/corpus/xconq/lib` when that folder exists.
pub fn library_from_environment() -> Library {
    let mut dirs: Vec<PathBuf> = std::env::var_os("ORDERLY_XCONQ_LIB")
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    dirs.push(PathBuf::from(crate::library::BUILT_IN_DIR));
    let corpus = PathBuf::from(CORPUS_LIB);
    if corpus.is_dir() {
        dirs.push(corpus);
    }
    Library { dirs }
}

/// The Xconq 7.5 library of the reference corpus, from the project's root.
pub const CORPUS_LIB: &str = "../shared/corpus/xconq/lib";

/// The plug-in's entry: [`command`] with its errors as the plug-in point's.
pub fn run(args: Vec<OsString>) -> Result<ExitCode, plugin::CommandError> {
    command(args).map_err(Into::into)
}

/// Runs `orderly xconq ARGS…` (`args[0]` is the ruleset's name).
pub fn command(args: Vec<OsString>) -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            e.print()?;
            return Ok(if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            });
        }
    };
    match cli.command {
        Command::Replay {
            fixture,
            dump,
            lib,
            trace,
        } => {
            let replayed = crate::replay::replay_traced(&fixture, &lib, trace.is_some())
                .with_context(|| format!("replaying {}", fixture.display()))?;
            std::fs::create_dir_all(&dump)
                .with_context(|| format!("creating {}", dump.display()))?;
            for (name, value) in &replayed.dumps {
                let path = dump.join(name);
                let text = serde_json::to_string_pretty(value)?;
                std::fs::write(&path, text)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            let path = dump.join("actions.jsonl");
            let mut f = std::io::BufWriter::new(
                std::fs::File::create(&path)
                    .with_context(|| format!("writing {}", path.display()))?,
            );
            for a in &replayed.actions {
                writeln!(f, "{}", crate::replay::action_line(a))?;
            }
            f.flush()?;
            if let (Some(path), Some(draws)) = (trace, &replayed.trace) {
                let mut f = std::io::BufWriter::new(std::fs::File::create(&path)?);
                for d in draws {
                    writeln!(f, "XR\t{}\t{}\t{}\t{}", d.m, d.before, d.result, d.site)?;
                }
                f.flush()?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Support { lib, modules } => {
            let rows = crate::support::support_rows(&lib, &modules)?;
            for row in &rows {
                println!("{}", row.line);
            }
            // A module that does not play is an answer; one that is not
            // there (a typo in its name, the wrong folder) is not.
            let missing = rows.iter().filter(|r| r.not_found).count();
            if missing > 0 {
                eprintln!(
                    "error: {missing} of the modules asked for {} not found in {}",
                    if missing == 1 { "was" } else { "were" },
                    lib.iter()
                        .map(|d| d.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Ok(ExitCode::FAILURE);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
