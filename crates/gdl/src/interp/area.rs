//! The world and the area: shape, restriction, `(area …)` and `(area add …)`
//! (gdl spec 4.7, 4.8). The run-length-encoded layers are read in `layer`.

use crate::error::{Error, ErrorKind};
use crate::value::{Kind, Value};

use super::layer::Target;
use super::Interp;

/// The world form's values (spec 4.7).
#[derive(Clone, Debug)]
pub struct World {
    pub circumference: i32,
    pub day_length: i32,
    pub year_length: i32,
    pub axial_tilt: i32,
}

impl Default for World {
    fn default() -> Self {
        World {
            circumference: 0,
            day_length: 1,
            year_length: 1,
            axial_tilt: 0,
        }
    }
}

/// The one area of a game (spec 4.8).
#[derive(Clone, Debug, Default)]
pub struct Area {
    pub width: i32,
    pub height: i32,
    pub latitude: i32,
    pub longitude: i32,
    pub cell_width: i32,
    pub full_width: i32,
    pub full_height: i32,
    pub x0: i32,
    pub y0: i32,
    pub wrap: bool,
    /// Terrain type index per cell, `y*width + x`.
    pub terrain: Option<Vec<i32>>,
    pub elevations: Option<Vec<i16>>,
    /// The `aux-terrain` layers read: per terrain type (by index, in the
    /// order first read), its value per cell, `y*width + x` (for a border
    /// or connection type, a mask of the six directions). Kept only for
    /// an area of a valid size within the cell limit (the form does not
    /// check the area, spec 4.8.3); dropped when the area is reshaped.
    pub aux: Vec<(usize, Vec<i16>)>,
    /// Layers created so far (the area is checked when each is first made).
    created: Vec<String>,
}

impl Area {
    /// Spec 4.8.3 "in the area": a hexagon unless the area wraps.
    pub fn contains(&self, x: i32, y: i32) -> Option<usize> {
        if y < 0 || y >= self.height || self.width <= 0 {
            return None;
        }
        let x = if self.wrap {
            x.rem_euclid(self.width)
        } else {
            // In i64: module-given sizes and positions may be near the i32 limits.
            let (w, h2, s) = (
                i64::from(self.width),
                i64::from(self.height / 2),
                i64::from(x) + i64::from(y),
            );
            if x < 0 || x >= self.width || s < h2 || s > w + h2 - 1 {
                return None;
            }
            x
        };
        Some(y as usize * self.width as usize + x as usize)
    }

    /// Spec 5.6.2 "well inside".
    pub fn well_inside(&self, x: i32, y: i32) -> bool {
        if y < 1 || y > self.height - 2 {
            return false;
        }
        if self.wrap {
            return true;
        }
        let (w, h2, s) = (
            i64::from(self.width),
            i64::from(self.height / 2),
            i64::from(x) + i64::from(y),
        );
        x >= 1 && i64::from(x) <= w - 2 && s > h2 && s <= w + h2 - 2
    }

    fn cells(&self) -> usize {
        (self.width.max(0) as usize) * (self.height.max(0) as usize)
    }
}

impl Interp {
    pub(crate) fn set_circumference(&mut self, c: i32) {
        self.world.circumference = c;
        self.area.wrap = c == self.area.width;
    }

    /// The shape check of spec 4.8.3; `Some(message)` when the shape is invalid.
    fn shape_problem(&self, w: i32, h: i32) -> Option<String> {
        if w < 3 || h < 3 {
            Some(format!("area is {w}x{h}, too small; make it at least 3x3"))
        } else if w != self.world.circumference && w.saturating_mul(2) < h {
            Some(format!("a hexagonal area of {w}x{h} is impossible; make the width at least half the height"))
        } else {
            None
        }
    }

    /// Sets the area's shape (spec 4.8.3).
    pub(crate) fn set_area_shape(&mut self, w: i32, h: i32) -> Result<(), Error> {
        if let Some(problem) = self.shape_problem(w, h) {
            self.warn_plain(problem);
            return Ok(());
        }
        if self.area.terrain.is_some() && (w != self.area.width || h != self.area.height) {
            return Err(Error::kernel("attempt to resize world"));
        }
        if w != self.area.width || h != self.area.height {
            self.area.aux.clear();
        }
        self.area.width = w;
        self.area.height = h;
        self.area.wrap = self.world.circumference == w;
        Ok(())
    }

    /// Where an `aux-terrain` layer of terrain type `t` is read to: its
    /// layer, made (all 0) the first time, or nowhere when the area has no
    /// valid size or is beyond the cell limit (7.5 does not check the area
    /// for this layer, so neither is an error here).
    fn aux_layer(&mut self, t: usize) -> Target {
        if self.area.aux.iter().any(|(u, _)| *u == t) {
            return Target::Aux(t);
        }
        let cells = self.area.cells();
        let (w, h) = (self.area.width, self.area.height);
        if cells == 0
            || cells > self.options.limits.max_area_cells
            || self.shape_problem(w, h).is_some()
        {
            return Target::Discard;
        }
        self.area.aux.push((t, vec![0; cells]));
        Target::Aux(t)
    }

    /// The area check made when a layer is first created (spec 4.8.3).
    fn create_layer(&mut self, name: &str, checked: bool) -> Result<bool, Error> {
        if self.area.created.iter().any(|n| n == name) {
            return Ok(false);
        }
        if checked {
            if self.area.width == 0 || self.area.height == 0 {
                return Err(Error::kernel("0x0 area"));
            }
            let cells = self.area.cells();
            if cells > self.options.limits.max_area_cells {
                return Err(self.fatal_here(
                    ErrorKind::AreaTooLarge,
                    format!(
                        "the area has {cells} cells, more than the limit of {}; make it smaller",
                        self.options.limits.max_area_cells
                    ),
                ));
            }
            if let Some(problem) = self.shape_problem(self.area.width, self.area.height) {
                self.warn_plain(problem);
                return Err(Error::kernel("sorry, this is a fatal error here"));
            }
        }
        self.area.created.push(name.to_string());
        Ok(true)
    }

    /// `(area …)` (spec 4.8).
    pub(crate) fn area_form(&mut self, args: &[Value]) -> Result<(), Error> {
        if matches!(args.first(), Some(Value::Sym(s)) if *s == self.known.add) {
            return self.area_add(&args[1..]);
        }
        let mut rest = args;
        let mut new_area = false;
        if let Some(Value::Sym(_)) = rest.first() {
            rest = &rest[1..];
            new_area = true;
        }
        let (mut w, mut h) = (self.area.width, self.area.height);
        if let Some(Value::Num(n)) = rest.first() {
            (w, h) = (*n, *n);
            rest = &rest[1..];
            new_area |= self.note_size(self.area.full_width, *n);
            if let Some(Value::Num(m)) = rest.first() {
                h = *m;
                rest = &rest[1..];
                new_area |= self.note_size(self.area.full_height, *m);
            }
        }
        if let Some(r) = rest.first() {
            if matches!(r.head(), Some(Value::Sym(s)) if self.symbols.name(*s) == b"restrict") {
                rest = &rest[1..];
                if !self.restrict(r) {
                    return Ok(());
                }
            }
        }
        if new_area {
            self.set_area_shape(w, h)?;
        }
        let mut last = 0;
        let outer = self.part;
        for el in rest {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(terrain …)`; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            let vals = &el.items()[1..];
            match name.as_str() {
                "width" => {
                    let n = Self::literal_number(vals.first(), &mut last);
                    self.set_area_shape(n, self.area.height)?;
                }
                "height" => {
                    let n = Self::literal_number(vals.first(), &mut last);
                    self.set_area_shape(self.area.width, n)?;
                }
                "latitude" => self.area.latitude = Self::literal_number(vals.first(), &mut last),
                "longitude" => self.area.longitude = Self::literal_number(vals.first(), &mut last),
                "cell-width" => {
                    self.area.cell_width = Self::literal_number(vals.first(), &mut last)
                }
                "projection" => {
                    Self::literal_number(vals.first(), &mut last);
                }
                "sun" | "temperature-year-cycle" | "image-name" => {}
                "terrain" => {
                    if self.type_count(Kind::Terrain) == 0 {
                        self.load_default_game()?;
                    }
                    if self.create_layer("terrain", true)? {
                        self.area.terrain = Some(vec![0; self.area.cells()]);
                    }
                    self.read_layer(vals, Target::Terrain)?;
                }
                "elevations" => {
                    if self.create_layer("elevations", true)? {
                        let mut elev = vec![0i16; self.area.cells()];
                        if let Some(terrain) = &self.area.terrain {
                            for (i, e) in elev.iter_mut().enumerate() {
                                let (x, y) =
                                    ((i as i32) % self.area.width, (i as i32) / self.area.width);
                                if self.area.contains(x, y).is_some() {
                                    let t = terrain[i];
                                    if t >= 0 && (t as usize) < self.type_count(Kind::Terrain) {
                                        *e = self.type_int(
                                            Kind::Terrain,
                                            t as usize,
                                            "elevation-min",
                                        ) as i16;
                                    }
                                }
                            }
                        }
                        self.area.elevations = Some(elev);
                    }
                    self.read_layer(vals, Target::Elevation)?;
                }
                "aux-terrain" | "material" => {
                    let kind = if name == "material" {
                        Kind::Material
                    } else {
                        Kind::Terrain
                    };
                    let Some(first @ Value::Sym(_)) = vals.first() else {
                        continue;
                    };
                    let Some(t) = self.eval(first)?.as_type(kind) else {
                        continue;
                    };
                    let target = if kind == Kind::Material {
                        self.create_layer("material", true)?;
                        Target::Discard
                    } else {
                        self.aux_layer(t)
                    };
                    self.read_layer(&vals[1..], target)?;
                }
                "features" => {
                    if let Some(specs) = vals.first() {
                        for spec in specs.items() {
                            let parts = spec.items();
                            let ok = (parts.len() == 2 || parts.len() == 3)
                                && parts[parts.len() - 2..]
                                    .iter()
                                    .all(|p| matches!(p, Value::Str(_) | Value::Sym(_)));
                            if !ok {
                                self.warn(format!(
                                    "`{}` is not a valid feature spec; use `(type name)`",
                                    self.show(spec)
                                ));
                            }
                        }
                    }
                    self.read_layer(vals.get(1..).unwrap_or(&[]), Target::Discard)?;
                }
                "people-sides" | "control-sides" | "temperatures" | "winds" | "clouds"
                | "cloud-bottoms" | "cloud-heights" | "user" => {
                    self.create_layer(&name, true)?;
                    self.read_layer(vals, Target::Discard)?;
                }
                _ => self.warn(format!("the area form has no property named `{name}`")),
            }
        }
        self.part = outer;
        Ok(())
    }

    /// Steps 2 of spec 4.8: does a size force a new area?
    fn note_size(&mut self, full: i32, n: i32) -> bool {
        if full == 0 {
            return true;
        }
        if full != n {
            self.warn(format!(
                "weird areas: the full size is {full} but this area says {n}"
            ));
        }
        false
    }

    /// `(restrict FW FH FX FY)` or `(restrict reset)`; false stops the form.
    fn restrict(&mut self, r: &Value) -> bool {
        let parts = &r.items()[1..];
        if matches!(parts.first(), Some(Value::Sym(s)) if *s == self.known.reset) {
            (
                self.area.full_width,
                self.area.full_height,
                self.area.x0,
                self.area.y0,
            ) = (0, 0, 0, 0);
            return true;
        }
        if parts.len() == 4 && matches!(parts[0], Value::Num(_)) {
            let mut n = [0; 4];
            for (k, p) in parts.iter().enumerate() {
                match p {
                    Value::Num(v) => n[k] = *v,
                    other => {
                        self.warn(format!(
                            "restriction parameter `{}` is not a number",
                            self.show(other)
                        ));
                        return false;
                    }
                }
            }
            (
                self.area.full_width,
                self.area.full_height,
                self.area.x0,
                self.area.y0,
            ) = (n[0], n[1], n[2], n[3]);
            return true;
        }
        self.warn(format!("`{}` should be 4 numbers or `reset`", self.show(r)));
        false
    }

    /// `(area add [X [Y [W [H]]]] terrain T)` (spec 4.8.5).
    fn area_add(&mut self, args: &[Value]) -> Result<(), Error> {
        let mut nums = Vec::new();
        let mut rest = args;
        while let (Some(Value::Num(n)), true) = (rest.first(), nums.len() < 4) {
            nums.push(*n);
            rest = &rest[1..];
        }
        let x = nums.first().copied().unwrap_or(0);
        let y = nums.get(1).copied().unwrap_or(0);
        let w = nums.get(2).copied().unwrap_or(1);
        let h = nums.get(3).copied().unwrap_or(w);
        let Some(Value::Sym(prop)) = rest.first() else {
            self.warn(format!(
                "`{}` should name a layer",
                self.show(&Value::list(rest.to_vec()))
            ));
            return Ok(());
        };
        let name = self.sym_str(*prop);
        match name.as_str() {
            "terrain" => {
                let Some(t @ Value::Sym(_)) = rest.get(1) else {
                    return Ok(());
                };
                let Some(t) = self
                    .symbols
                    .value(t.as_sym().unwrap_or(0))
                    .and_then(|v| v.as_type(Kind::Terrain))
                else {
                    return Ok(());
                };
                let Some(mut terrain) = self.area.terrain.take() else {
                    // The layer would be created here, so 7.5's area check comes first
                    // (gdl spec 7 expects `0x0 area` for lib/ww2-eur-42.g).
                    if self.area.width == 0 || self.area.height == 0 {
                        return Err(Error::kernel("0x0 area"));
                    }
                    return Err(self.fatal_here(
                        ErrorKind::Crash,
                        "`area add` writes terrain before any terrain layer exists; give `(area (terrain …))` first".into(),
                    ));
                };
                let area = &self.area;
                for yy in y..y.saturating_add(h.clamp(0, area.height.max(0))) {
                    for xx in x..x.saturating_add(w.clamp(0, area.width.max(0))) {
                        if let Some(cell) = area.contains(xx, yy).and_then(|i| terrain.get_mut(i)) {
                            *cell = t as i32;
                        }
                    }
                }
                self.area.terrain = Some(terrain);
            }
            "width"
            | "height"
            | "latitude"
            | "longitude"
            | "cell-width"
            | "projection"
            | "sun"
            | "temperature-year-cycle"
            | "image-name"
            | "aux-terrain"
            | "features"
            | "elevations"
            | "material"
            | "people-sides"
            | "control-sides"
            | "temperatures"
            | "winds"
            | "clouds"
            | "cloud-bottoms"
            | "cloud-heights"
            | "user" => {}
            _ => self.warn(format!("the area form has no property named `{name}`")),
        }
        Ok(())
    }
}
