//! Where a game's modules come from, and what a game was read from.
//!
//! A module is found by name in an ordered list of folders (the kernel's
//! module search, done by `crates/gdl`): the folders a game's options name
//! (`lib`), then the library the program was given (`-L`,
//! `$ORDERLY_XCONQ_LIB`; see [`crate::command::library_from_environment`]),
//! then the project's own modules, then the Xconq 7.5 library of the
//! reference corpus (`../shared/corpus/xconq/lib`) when it is there. The
//! project's own modules (`games/xconq` in the repository, written for
//! Orderly) are built into the program, under the folder name
//! [`BUILT_IN_DIR`], so a game of them needs no file at all: `orderly demo
//! xconq` plays anywhere.
//!
//! Reading modules is the one step of a game that reads files, and it
//! happens once, at setup: the game's state then carries the rules read
//! from them (dense tables), so everything after setup is pure. What a game
//! was read from is kept as facts ([`Source`]: each file's name and
//! SHA-256), which the engine writes into the record's setup; a re-run whose
//! library gives other files is refused with a message naming the first
//! file that differs, instead of playing another game.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::Error;

/// The folder name the built-in modules are found under.
pub const BUILT_IN_DIR: &str = "(orderly)";

/// The project's own modules: `(file name, text)`.
pub const BUILT_IN: &[(&str, &str)] = &[
    (
        "frontier-units.g",
        include_str!("../../../games/xconq/frontier-units.g"),
    ),
    (
        "frontier.g",
        include_str!("../../../games/xconq/frontier.g"),
    ),
];

/// The built-in modules that are games (the others are included by them).
pub const BUILT_IN_GAMES: &[&str] = &["frontier"];

/// Where modules are looked for, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    /// Folders searched in order; [`BUILT_IN_DIR`] stands for the built-in
    /// modules (which are always searched, last if the list does not name
    /// them).
    pub dirs: Vec<PathBuf>,
}

impl Default for Library {
    /// The built-in modules only.
    fn default() -> Library {
        Library::built_in()
    }
}

/// One file a game was read from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// The file's name (without its folder, which differs from machine to
    /// machine).
    pub file: String,
    /// The SHA-256 of its bytes, in hexadecimal.
    pub sha256: String,
}

/// A module to read: by name, or the text of a module file.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The module's name (`intro`), or a file's path (`games/duel.g`).
    pub module: &'a str,
    /// The main module's text when it came with the game (a file a player
    /// gave): read instead of the file at `module`.
    pub text: Option<&'a str>,
    /// Folders searched before the library's own.
    pub extra_dirs: &'a [PathBuf],
}

impl Library {
    /// The built-in modules only: what a fresh clone of the project has.
    pub fn built_in() -> Library {
        Library {
            dirs: vec![PathBuf::from(BUILT_IN_DIR)],
        }
    }

    /// These folders, then the built-in modules.
    pub fn with_dirs(dirs: impl IntoIterator<Item = PathBuf>) -> Library {
        let mut lib = Library {
            dirs: dirs.into_iter().collect(),
        };
        lib.ensure_built_in();
        lib
    }

    fn ensure_built_in(&mut self) {
        if !self.dirs.iter().any(|d| d == Path::new(BUILT_IN_DIR)) {
            self.dirs.push(PathBuf::from(BUILT_IN_DIR));
        }
    }

    /// The reader's options for a request: the search path and the files
    /// given in memory (the built-in modules, and a main module's text).
    pub(crate) fn options(&self, req: &Request<'_>) -> gdl::Options {
        let mut lib = Library {
            dirs: req.extra_dirs.iter().chain(&self.dirs).cloned().collect(),
        };
        lib.ensure_built_in();
        let mut memory: Vec<gdl::MemoryFile> = BUILT_IN
            .iter()
            .map(|(file, text)| gdl::MemoryFile {
                path: Path::new(BUILT_IN_DIR).join(file),
                bytes: Arc::from(text.as_bytes()),
            })
            .collect();
        if let Some(text) = req.text {
            memory.insert(
                0,
                gdl::MemoryFile {
                    path: PathBuf::from(req.module),
                    bytes: Arc::from(text.as_bytes()),
                },
            );
        }
        gdl::Options {
            lib_dirs: lib.dirs,
            memory,
            ..gdl::Options::default()
        }
    }
}

/// The facts of the files a module was read from, in the order read.
pub fn sources(interp: &gdl::Interp) -> Vec<Source> {
    interp
        .files
        .iter()
        .map(|f| Source {
            file: f.path.file_name().map_or_else(
                || f.path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            sha256: hex(&Sha256::digest(f.bytes.as_slice())),
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where each file was read from, for messages.
pub fn paths(interp: &gdl::Interp) -> Vec<PathBuf> {
    interp.files.iter().map(|f| f.path.clone()).collect()
}

/// Fails when the main module was not found, or an included one was and
/// the game has no unit types without it (the reader only notes a missing
/// module, as the 7.5 kernel does, which plays on without it): the error
/// names the module, the folders searched and what to do.
pub fn check_found(interp: &gdl::Interp, module: &str, searched: &[PathBuf]) -> Result<(), Error> {
    let main_loaded = interp
        .main_module
        .and_then(|m| interp.modules.get(m))
        .is_some_and(|m| m.loaded);
    if main_loaded && interp.type_count(gdl::value::Kind::Unit) > 0 {
        return Ok(());
    }
    let missing = interp.warnings.iter().find_map(|w| {
        if w.severity != gdl::interp::Severity::Note {
            return None;
        }
        let text = String::from_utf8_lossy(&w.text);
        let rest = text.strip_prefix("module \"")?;
        let (name, how) = rest.split_once("\" not found")?;
        Some((name.to_string(), how.trim().to_string()))
    });
    match missing {
        Some((name, how)) => Err(Error::ModuleNotFound {
            module: name.clone(),
            needed_by: if name == module || how.contains("main module") {
                None
            } else {
                Some(module.to_string())
            },
            searched: searched.to_vec(),
        }),
        None => Err(Error::Module {
            module: module.to_string(),
            message: "it defines no unit types, so it is not a game (a module of types or names only is included by games)".into(),
        }),
    }
}

/// Compares what a game was read from with what its record says it was
/// read from (`expected`), naming the first difference.
pub fn check_sources(
    found: &[Source],
    paths: &[PathBuf],
    expected: &[Source],
) -> Result<(), Error> {
    for (i, want) in expected.iter().enumerate() {
        match found.get(i) {
            Some(got) if got == want => {}
            Some(got) => {
                return Err(Error::SourcesDiffer {
                    message: if got.file == want.file {
                        format!(
                            "{} ({}) is not the file the game was played with: its SHA-256 is {}, the record's {}",
                            got.file,
                            paths[i].display(),
                            got.sha256,
                            want.sha256
                        )
                    } else {
                        format!(
                            "file {} read is {} ({}), the record's is {}",
                            i + 1,
                            got.file,
                            paths[i].display(),
                            want.file
                        )
                    },
                })
            }
            None => {
                return Err(Error::SourcesDiffer {
                    message: format!(
                        "the game was also read from {}, which this library does not read",
                        want.file
                    ),
                })
            }
        }
    }
    if let Some(extra) = found.get(expected.len()) {
        return Err(Error::SourcesDiffer {
            message: format!(
                "this library also reads {} ({}), which the game was not read from",
                extra.file,
                paths[expected.len()].display()
            ),
        });
    }
    Ok(())
}

/// A module read: its rules, its world when asked for, and what it was
/// read from.
pub struct Loaded {
    pub rules: crate::rules::Rules,
    /// The state of §6.1 (the module's own world), when asked for and the
    /// module gives its world.
    pub state: Option<crate::state::State>,
    /// The synthesis settings, when a world was asked for and the module's
    /// is made at setup (D20); the variants asked for are applied.
    pub synth: Option<crate::synth::Settings>,
    pub sources: Vec<Source>,
    /// Where each source was read from (for messages).
    pub paths: Vec<PathBuf>,
}

impl Library {
    /// Reads a module (on a thread with a big stack: evaluation recurses as
    /// deeply as the module's forms nest), refuses what is not played (D3),
    /// and builds its rules and, with `world`, the state of §6.1 seeded
    /// with `seed`.
    pub fn load(&self, req: &Request<'_>, seed: i64, world: bool) -> Result<Loaded, Error> {
        self.load_with(req, seed, world, Vec::new())
    }

    /// [`Library::load`], applying the module's variants as the kernel does
    /// after loading a game (each `(ID VALUE…)` given; every other variant
    /// at its default) when the module's world is synthesised.
    pub fn load_with(
        &self,
        req: &Request<'_>,
        seed: i64,
        world: bool,
        variants: Vec<crate::options::VariantSetting>,
    ) -> Result<Loaded, Error> {
        let options = self.options(req);
        let searched = options.lib_dirs.clone();
        let module = req.module.to_string();
        gdl::with_big_stack(move || {
            let loaded = gdl::load(&module, options);
            if let Some(fatal) = loaded.fatal {
                return Err(Error::Module {
                    module,
                    message: fatal.to_string(),
                });
            }
            let mut interp = loaded.interp;
            let name = interp
                .main_module
                .and_then(|m| interp.modules.get(m))
                .map(|m| String::from_utf8_lossy(&m.name).into_owned())
                .unwrap_or_else(|| module.clone());
            check_found(&interp, &name, &searched)?;
            crate::support::check_supported(&interp, &module)?;
            let synthesised = world && crate::synth::is_synthesised(&interp);
            if synthesised {
                crate::options::apply_variants(&mut interp, &module, &variants)?;
                crate::support::check_supported(&interp, &module)?;
            } else if world {
                crate::support::check_world(&interp, &module)?;
            }
            let rules = crate::rules::Rules::from_interp(&interp);
            let synth = if synthesised {
                crate::synth::Settings::read(&interp, &rules)
            } else {
                None
            };
            let state = (world && !synthesised).then(|| {
                let mut state = crate::setup::from_module(&rules, &interp, seed);
                state.intro_rule = name == "intro";
                state
            });
            Ok(Loaded {
                rules,
                state,
                synth,
                sources: sources(&interp),
                paths: paths(&interp),
            })
        })
    }
}
