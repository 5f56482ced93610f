//! `orderly gzf check|convert|fmt`: GZF files of the FT2 profile (issue 5).
//!
//! A thin layer over the `gzf` crate: read the file, print diagnostics the
//! compiler way, write the requested form. Exit status 1 when the file has
//! errors, so scripts and CI can use `check` as a gate.

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use gzf::ft2::{self, json};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Check, convert and format GZF files of the FT2 (Full Thrust) profile.
#[derive(Args)]
pub struct GzfArgs {
    #[command(subcommand)]
    command: GzfCommand,
}

#[derive(Subcommand)]
enum GzfCommand {
    /// Validate a file and print every diagnostic (file:line:col).
    Check {
        /// The GZF file.
        file: PathBuf,
        /// Print nothing for warnings.
        #[arg(long)]
        quiet: bool,
    },
    /// Convert a GZF or JSON file (detected by content) to JSON or GZF.
    Convert {
        /// The GZF or JSON file.
        file: PathBuf,
        /// The format to write.
        #[arg(long, value_enum)]
        to: Target,
        /// Write the converted file here instead of standard output.
        #[arg(
            short = 'o',
            long = "out",
            visible_alias = "output",
            value_name = "FILE"
        )]
        out: Option<PathBuf>,
    },
    /// Print the file in canonical form (spec §1.8).
    Fmt {
        /// The GZF file.
        file: PathBuf,
        /// Rewrite the file in place.
        #[arg(long, conflicts_with = "check")]
        write: bool,
        /// Print nothing; exit 1 if the file is not in canonical form.
        #[arg(long)]
        check: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Target {
    Json,
    Gzf,
}

pub fn run(args: GzfArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        GzfCommand::Check { file, quiet } => check(&file, quiet),
        GzfCommand::Convert { file, to, out } => convert(&file, to, out.as_deref()),
        GzfCommand::Fmt { file, write, check } => fmt(&file, write, check),
    }
}

/// A file read as GZF (directly, or from its JSON form).
struct Loaded {
    read: ft2::Ft2Read,
    /// The GZF text the diagnostics refer to.
    source: Vec<u8>,
    /// The name to print in diagnostics.
    label: String,
}

fn load(path: &Path) -> anyhow::Result<Loaded> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let label = path.display().to_string();
    let is_json = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    let (source, label) = if is_json {
        let text =
            json::import(&bytes).with_context(|| format!("{label}: not the FT2 JSON form"))?;
        (text.into_bytes(), format!("{label} (as GZF)"))
    } else {
        (bytes, label)
    };
    let read = ft2::read(&source).with_context(|| format!("{label}: cannot read"))?;
    Ok(Loaded {
        read,
        source,
        label,
    })
}

fn print_diagnostics(loaded: &Loaded, warnings: bool) {
    let shown: Vec<_> = loaded
        .read
        .diagnostics
        .iter()
        .filter(|d| warnings || d.is_error())
        .cloned()
        .collect();
    eprint!(
        "{}",
        gzf::render::render(&loaded.label, &loaded.source, &shown)
    );
}

fn summary(loaded: &Loaded) -> (usize, usize) {
    let errors = loaded
        .read
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .count();
    (errors, loaded.read.diagnostics.len() - errors)
}

fn check(path: &Path, quiet: bool) -> anyhow::Result<ExitCode> {
    let loaded = load(path)?;
    print_diagnostics(&loaded, !quiet);
    let (errors, warnings) = summary(&loaded);
    if !quiet || errors > 0 {
        eprintln!("{}: {errors} error(s), {warnings} warning(s)", loaded.label);
    }
    // The process ends next: let the OS reclaim the model rather than free
    // it block by block (about a tenth of checking a 10 MiB file).
    std::mem::forget(loaded);
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Loads a file that must be free of errors before it is written out.
fn load_clean(path: &Path) -> anyhow::Result<Option<Loaded>> {
    let loaded = load(path)?;
    if loaded.read.has_errors() {
        print_diagnostics(&loaded, false);
        let (errors, _) = summary(&loaded);
        eprintln!(
            "{}: {errors} error(s); fix them first (see `orderly gzf check`)",
            loaded.label
        );
        return Ok(None);
    }
    Ok(Some(loaded))
}

fn convert(path: &Path, to: Target, output: Option<&Path>) -> anyhow::Result<ExitCode> {
    let Some(loaded) = load_clean(path)? else {
        return Ok(ExitCode::from(1));
    };
    let text = match to {
        Target::Gzf => loaded.read.file.to_canonical(),
        Target::Json => json::to_json_text(&loaded.read.file),
    };
    match output {
        Some(out) => {
            std::fs::write(out, text).with_context(|| format!("cannot write {}", out.display()))?
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

fn fmt(path: &Path, write: bool, check: bool) -> anyhow::Result<ExitCode> {
    let Some(loaded) = load_clean(path)? else {
        return Ok(ExitCode::from(1));
    };
    let text = loaded.read.file.to_canonical();
    if check {
        let same = text.as_bytes() == loaded.source.as_slice();
        if !same {
            eprintln!(
                "{}: not in canonical form (run `orderly gzf fmt --write`)",
                loaded.label
            );
        }
        return Ok(if same {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    if write {
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    } else {
        print!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}
