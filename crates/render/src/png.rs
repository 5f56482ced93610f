//! PNG through resvg (pure Rust). Text needs a font: the system's fonts
//! are loaded (on Debian, `fonts-dejavu-core` gives DejaVu Sans, the
//! family the SVG asks for first), plus any font files given. With no font
//! at all a picture with text is refused with a clear error rather than
//! written without its labels.

use std::path::PathBuf;
use std::sync::Arc;

use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use crate::RenderError;

/// Where fonts for PNG labels come from.
#[derive(Debug, Clone, Default)]
pub struct Fonts {
    /// Load the fonts installed on this machine.
    pub system: bool,
    /// Extra font files (TTF/OTF).
    pub files: Vec<PathBuf>,
}

impl Fonts {
    /// The system's fonts.
    pub fn system() -> Fonts {
        Fonts {
            system: true,
            files: Vec::new(),
        }
    }

    fn database(&self) -> Result<fontdb::Database, RenderError> {
        let mut db = fontdb::Database::new();
        if self.system {
            db.load_system_fonts();
        }
        for f in &self.files {
            let data = std::fs::read(f).map_err(|e| {
                RenderError::input(format!("{}: cannot read this font: {e}", f.display()))
            })?;
            let before = db.len();
            db.load_font_data(data);
            if db.len() == before {
                return Err(RenderError::input(format!(
                    "{}: not a font file this renderer reads (TrueType or OpenType)",
                    f.display()
                )));
            }
        }
        // Whatever family the SVG names, `sans-serif` falls back on a font
        // we have: DejaVu Sans when installed, else the first one found.
        let families: Vec<String> = db
            .faces()
            .filter_map(|f| f.families.first().map(|(name, _)| name.clone()))
            .collect();
        if let Some(family) = families
            .iter()
            .find(|f| f.as_str() == "DejaVu Sans")
            .or_else(|| families.first())
        {
            db.set_sans_serif_family(family.clone());
        }
        Ok(db)
    }
}

/// The largest PNG side made, in pixels.
pub const MAX_SIDE: u32 = 8192;

/// Rasterises `svg` to a PNG `width` pixels wide (the height follows the
/// picture's proportions), on a white background.
pub fn to_png(svg: &str, width: u32, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    if width == 0 || width > MAX_SIDE {
        return Err(RenderError::request(
            "width",
            format!("give 1 to {MAX_SIDE} pixels, not {width}"),
        ));
    }
    let db = fonts.database()?;
    if db.is_empty() && svg.contains("<text") {
        return Err(RenderError::input(
            "no font found for the board's labels: install one (on Debian: \
             apt-get install fonts-dejavu-core) or name a font file",
        ));
    }
    let options = usvg::Options {
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| RenderError::input(format!("the SVG cannot be read: {e}")))?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
    if height > MAX_SIDE {
        return Err(RenderError::request(
            "width",
            format!("the picture would be {height} pixels high (at most {MAX_SIDE}); give a smaller width"),
        ));
    }
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| RenderError::input("cannot allocate the picture"))?;
    pixmap.fill(Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| RenderError::input(format!("cannot encode the PNG: {e}")))
}
