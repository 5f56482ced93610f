//! `orderly render RECORD --turn N [--action K] [--seat S] --out FILE`: the
//! board of a game record as SVG or PNG (by the file's extension), the same
//! picture the host serves at `/api/games/{id}/record/board.svg`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use render::{record_svg, to_png, At, Fonts, RenderError};

#[derive(clap::Args)]
pub struct Args {
    /// The game record (Game Data JSON, e.g. a game folder's record.json).
    record: PathBuf,
    /// The turn, as the record numbers it (each turn's `turn`); the last
    /// turn when absent.
    #[arg(long)]
    turn: Option<u64>,
    /// Actions of that turn applied first (0: the start of the turn).
    #[arg(long, default_value_t = 0)]
    action: u64,
    /// Draw the board as this seat saw it (its own hand shown); a
    /// spectator's board when absent.
    #[arg(long)]
    seat: Option<usize>,
    /// Where to write: `.svg` or `.png`.
    #[arg(long)]
    out: PathBuf,
    /// PNG width in pixels (the height follows the board's proportions).
    #[arg(long, default_value_t = 1200)]
    width: u32,
    /// A font file (TTF/OTF) for PNG labels, besides the built-in DejaVu
    /// Sans (the same picture on every machine); may be repeated.
    #[arg(long)]
    font: Vec<PathBuf>,
    #[command(flatten)]
    lib: super::table::Lib,
}

enum Format {
    Svg,
    Png,
}

fn format_of(out: &Path) -> anyhow::Result<Format> {
    match out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => bail!(
            "--out {}: name a file ending in .svg or .png",
            out.display()
        ),
    }
}

/// Names a request error by the option the user typed.
fn explain(e: RenderError) -> anyhow::Error {
    match e {
        RenderError::Request { field, message } => anyhow::anyhow!("--{field}: {message}"),
        RenderError::Input(m) => anyhow::anyhow!(m),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let format = format_of(&args.out)?;
    let name = args.record.display().to_string();
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {name}"))?;
    let (mut record, _warnings) = ::record::read_record(&text).map_err(|e| {
        let lines: Vec<String> = e.problems.iter().map(|p| format!("{name}: {p}")).collect();
        anyhow::anyhow!("{}\n{name}: not a game record", lines.join("\n"))
    })?;
    args.lib.put_in_record(&mut record);
    let turn = match args.turn {
        Some(t) => t,
        None => render::last_turn(&record)
            .with_context(|| format!("{name}: the record has no turns"))?,
    };
    let kind = super::record::game_type(&record);
    let plugin = registry::plugin(&kind).map_err(|e| anyhow::anyhow!("{name}: $.type: {e}"))?;
    let svg = record_svg(
        &*plugin.rules,
        &*plugin.drawing,
        &record,
        At {
            turn,
            action: args.action,
        },
        args.seat,
    )
    .map_err(|e| explain(e).context(name.clone()))?;
    let bytes = match format {
        Format::Svg => svg.into_bytes(),
        Format::Png => {
            let fonts = Fonts {
                system: false,
                files: args.font.clone(),
            };
            to_png(&svg, args.width, &fonts).map_err(explain)?
        }
    };
    write_atomically(&args.out, &bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes through a temporary file in the same folder, so a reader never
/// sees half a picture.
fn write_atomically(out: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write into {}", dir.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("cannot write {}", out.display()))?;
    tmp.persist(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}
