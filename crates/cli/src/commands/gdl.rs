//! `orderly gdl`: read Xconq 7.5 game modules with the `gdl` crate — check them
//! like a compiler, dump them in the oracle format, or evaluate an expression.
//!
//! The reading happens on a thread with a large stack (see
//! `gdl::with_big_stack`); only bytes and strings come back to this thread.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use gdl::interp::Severity;
use gdl::{diagnostic, dump, Options};

/// Read Xconq 7.5 game modules (GDL).
#[derive(Args)]
pub struct GdlArgs {
    #[command(subcommand)]
    command: GdlCommand,
}

#[derive(Subcommand)]
enum GdlCommand {
    /// Read a module and report warnings and errors with positions.
    Check {
        #[command(flatten)]
        paths: SearchPath,
        /// Treat warnings (and missing modules) as errors.
        #[arg(long)]
        strict: bool,
        /// A module file (`lib/intro.g`) or module name (`intro`).
        module: String,
    },
    /// Print what was read in the oracle dump format (gdl spec 6).
    Dump {
        #[command(flatten)]
        paths: SearchPath,
        /// Missing modules are fatal errors (gdl spec 5.8).
        #[arg(long)]
        strict: bool,
        /// A module file (`lib/intro.g`) or module name (`intro`).
        module: String,
    },
    /// Evaluate an expression, optionally after loading a module.
    Eval {
        #[command(flatten)]
        paths: SearchPath,
        /// Load this module first and evaluate in its context.
        #[arg(long)]
        module: Option<String>,
        /// GDL text; every form in it is evaluated and printed.
        expr: String,
    },
}

#[derive(Args)]
struct SearchPath {
    /// A library directory to search for modules (repeatable, in order).
    #[arg(short = 'L', long = "lib", value_name = "DIR")]
    lib: Vec<PathBuf>,
    /// The work directory, searched first (default: the main file's folder).
    #[arg(long, value_name = "DIR")]
    work: Option<PathBuf>,
}

impl SearchPath {
    fn options(&self, strict: bool) -> Options {
        Options {
            lib_dirs: self.lib.clone(),
            work_dir: self.work.clone(),
            strict,
            ..Options::default()
        }
    }
}

pub fn run(args: GdlArgs) -> anyhow::Result<ExitCode> {
    tune_malloc_for_a_short_run();
    match args.command {
        GdlCommand::Dump {
            paths,
            strict,
            module,
        } => {
            let options = paths.options(strict);
            let (bytes, notes, fatal) = gdl::with_big_stack(move || {
                let loaded = gdl::load(&module, options);
                let it = &loaded.interp;
                let notes = diagnostic::render_warnings(
                    it,
                    it.warnings.iter().filter(|w| w.severity == Severity::Note),
                );
                let out = match &loaded.fatal {
                    Some(e) => (
                        dump::dump_fatal(e),
                        notes,
                        Some((diagnostic::render_error(it, e), e.kind)),
                    ),
                    None => (dump::dump(it), notes, None),
                };
                // The process ends next: let the OS reclaim the game definition
                // instead of freeing it piece by piece.
                std::mem::forget(loaded);
                out
            });
            eprint!("{notes}");
            std::io::stdout().write_all(&bytes)?;
            // gdl spec 6.1: 2 after a fatal error of the module, 1 for I/O errors.
            Ok(match fatal {
                Some((text, kind)) => {
                    eprint!("{text}");
                    if kind == gdl::ErrorKind::Io {
                        ExitCode::from(1)
                    } else {
                        ExitCode::from(2)
                    }
                }
                None => ExitCode::SUCCESS,
            })
        }
        GdlCommand::Check {
            paths,
            strict,
            module,
        } => {
            let options = paths.options(strict);
            let (report, warnings, failed) = gdl::with_big_stack(move || {
                let loaded = gdl::load(&module, options);
                let it = &loaded.interp;
                let mut report = diagnostic::render_warnings(it, &it.warnings);
                let warnings = it
                    .warnings
                    .iter()
                    .filter(|w| w.severity == Severity::Warning)
                    .count();
                if let Some(e) = &loaded.fatal {
                    report.push_str(&diagnostic::render_error(it, e));
                }
                let failed = loaded.fatal.is_some();
                std::mem::forget(loaded);
                (report, warnings, failed)
            });
            eprint!("{report}");
            let errors = usize::from(failed);
            eprintln!("{warnings} warning(s), {errors} error(s)");
            Ok(if failed || (strict && warnings > 0) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        GdlCommand::Eval {
            paths,
            module,
            expr,
        } => {
            let options = paths.options(false);
            let (out, report, ok) = gdl::with_big_stack(move || {
                let mut loaded = match &module {
                    Some(m) => gdl::load(m, options),
                    None => gdl::Loaded {
                        interp: gdl::Interp::new(options),
                        fatal: None,
                    },
                };
                let first = loaded.interp.warnings.len();
                let mut out = Vec::new();
                let result = match loaded.fatal.take() {
                    Some(e) => Err(e),
                    None => loaded.interp.eval_text(expr.as_bytes()),
                };
                let it = &loaded.interp;
                let mut report = diagnostic::render_warnings(it, &it.warnings[first..]);
                let ok = match result {
                    Ok(values) => {
                        for v in values {
                            gdl::print::lisp(&mut out, &v, it);
                            out.push(b'\n');
                        }
                        true
                    }
                    Err(e) => {
                        report.push_str(&diagnostic::render_error(it, &e));
                        false
                    }
                };
                (out, report, ok)
            });
            eprint!("{report}");
            std::io::stdout().write_all(&out)?;
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

/// Allocator settings for this short-lived command (a server keeps glibc's
/// defaults; BENCHMARKS.md, GDL, has the figures):
/// - the reading runs on one thread besides the main one, and glibc would
///   give that thread an arena of its own, grown by `mprotect` calls as the
///   game definition fills it; one arena (the main heap, grown by `brk`)
///   makes a whole `orderly gdl` process about 5% cheaper;
/// - a big game's tables (150 kB each for 274 unit types) would each be a
///   `mmap` call of its own; from the heap, grown 1 MiB at a time, a check
///   of `spec` makes 12 `brk` calls instead of 42 `mmap`s, about 2% faster.
fn tune_malloc_for_a_short_run() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator settings; no thread that
    // allocates has been started yet.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TOP_PAD, 1 << 20);
    }
}
