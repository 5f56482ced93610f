//! Finds the Xconq 7.5 kernel's definition list (`kernel-defaults.txt`, the
//! property, table and global definitions the reader must know) and hands it
//! to the crate through OUT_DIR.
//!
//! The list is the kernel's own data and lives in the shared corpus beside
//! the project (`../shared/corpus/xconq-oracle/`); it is not copied into the
//! repository. `ORDERLY_XCONQ_KERNEL_DEFAULTS` may name another copy. When
//! neither is there the crate still builds (so the rest of Orderly does), and
//! `gdl::kernel_available()` is false: the `orderly gdl` commands then say
//! what is missing instead of reading modules wrongly.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=ORDERLY_XCONQ_KERNEL_DEFAULTS");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let source = std::env::var_os("ORDERLY_XCONQ_KERNEL_DEFAULTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            manifest.join("../../../shared/corpus/xconq-oracle/kernel-defaults.txt")
        });
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("kernel-defaults.txt");
    println!("cargo:rerun-if-changed={}", source.display());
    match std::fs::read(&source) {
        Ok(bytes) => std::fs::write(&out, bytes).expect("OUT_DIR is writable"),
        Err(e) => {
            println!(
                "cargo:warning=no Xconq kernel definitions at {} ({e}): `orderly gdl` will be unavailable",
                source.display()
            );
            std::fs::write(&out, b"").expect("OUT_DIR is writable");
        }
    }
}
