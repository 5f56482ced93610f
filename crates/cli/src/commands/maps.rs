//! `orderly maps RULESET [--out DIR]`: a ruleset's bundled maps or
//! scenarios, listed, or written as files a game can start from.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset (`orderly rulesets` lists them).
    ruleset: String,
    /// Write them as files into this folder (made if missing) instead of
    /// listing their names.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.ruleset)?;
    let Some(out) = args.out else {
        for name in rules.scenarios() {
            let default = if name == rules.default_scenario() {
                " (default)"
            } else {
                ""
            };
            println!("{name}{default}");
        }
        return Ok(ExitCode::SUCCESS);
    };
    let files = rules.scenario_files();
    if files.is_empty() {
        anyhow::bail!(
            "{} has no scenario files to write; its scenarios are: {}",
            rules.name(),
            rules.scenarios().join(", ")
        );
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot make {}", out.display()))?;
    for (name, text) in files {
        let path = out.join(&name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        println!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
