//! The world and the area: shape, restriction, and the run-length-encoded
//! layers (gdl spec 4.7, 4.8). Only the terrain and elevation layers are kept;
//! the others are read for their warnings and fatal errors and then dropped.

use crate::error::{Error, ErrorKind};
use crate::value::{Kind, Value};

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
    /// Layers created so far (the area is checked when each is first made).
    created: Vec<String>,
}

/// Where a layer's cell values go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Terrain,
    Elevation,
    Discard,
}

/// State of one layer read (spec 4.8.2).
struct LayerRead {
    table: Option<[i32; 256]>,
    specials: bool,
    mult: i32,
    add: i32,
    bad: u32,
    unknown_terrain: u32,
}

fn default_code(b: u8) -> Option<i32> {
    match b {
        b'a'..=b'~' => Some(i32::from(b - b'a')),
        b':'..=b'[' => Some(i32::from(b - b':') + 30),
        _ => None,
    }
}

fn default_table() -> [i32; 256] {
    let mut t = [0; 256];
    for (b, slot) in t.iter_mut().enumerate() {
        *slot = default_code(b as u8).unwrap_or(0);
    }
    t
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
            let h2 = self.height / 2;
            if x < 0 || x >= self.width || x + y < h2 || x + y > self.width + h2 - 1 {
                return None;
            }
            x
        };
        Some((y * self.width + x) as usize)
    }

    /// Spec 5.6.2 "well inside".
    pub fn well_inside(&self, x: i32, y: i32) -> bool {
        if y < 1 || y > self.height - 2 {
            return false;
        }
        if self.wrap {
            return true;
        }
        let h2 = self.height / 2;
        x >= 1 && x <= self.width - 2 && x + y > h2 && x + y <= self.width + h2 - 2
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
        self.area.width = w;
        self.area.height = h;
        self.area.wrap = self.world.circumference == w;
        Ok(())
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
        for el in rest {
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
                    let v = self.eval(first)?;
                    if v.as_type(kind).is_none() {
                        continue;
                    }
                    if kind == Kind::Material {
                        self.create_layer("material", true)?;
                    }
                    self.read_layer(&vals[1..], Target::Discard)?;
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
                if self.area.terrain.is_none() {
                    // The layer would be created here, so 7.5's area check comes first
                    // (gdl spec 7 expects `0x0 area` for lib/ww2-eur-42.g).
                    if self.area.width == 0 || self.area.height == 0 {
                        return Err(Error::kernel("0x0 area"));
                    }
                    return Err(self.fatal_here(
                        ErrorKind::Crash,
                        "`area add` writes terrain before any terrain layer exists; give `(area (terrain …))` first".into(),
                    ));
                }
                let area = self.area.clone();
                let terrain = self.area.terrain.as_mut().expect("checked above");
                for yy in y..y.saturating_add(h.clamp(0, area.height.max(0))) {
                    for xx in x..x.saturating_add(w.clamp(0, area.width.max(0))) {
                        if let Some(i) = area.contains(xx, yy) {
                            terrain[i] = t as i32;
                        }
                    }
                }
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

    /// Reads descriptors and row strings into a layer (spec 4.8.2).
    fn read_layer(&mut self, args: &[Value], target: Target) -> Result<(), Error> {
        let mut st = LayerRead {
            table: None,
            specials: true,
            mult: 1,
            add: 0,
            bad: 0,
            unknown_terrain: 0,
        };
        let mut idx = 0;
        while idx < args.len() && !matches!(args[idx], Value::Str(_)) {
            let desc = &args[idx];
            idx += 1;
            let Some(Value::Sym(head)) = desc.head() else {
                continue;
            };
            let parts = &desc.items()[1..];
            match self.symbols.name(*head) {
                b"by-char" => {
                    let mut table = default_table();
                    if let Some(Value::Str(s)) = parts.first() {
                        for (i, &b) in s.iter().enumerate() {
                            table[usize::from(b)] = i as i32;
                        }
                        if s.iter().any(|&b| b == b'*' || b == b',') {
                            st.specials = false;
                        }
                    }
                    st.table = Some(table);
                }
                b"by-name" => {
                    let mut table = default_table();
                    let (chars, entries) = match parts.first() {
                        Some(Value::Str(s)) => (Some(s.clone()), &parts[1..]),
                        _ => (None, parts),
                    };
                    let mut k = 0;
                    for entry in entries {
                        let (sym, ix) = match entry {
                            Value::Sym(_) => {
                                k += 1;
                                (entry.clone(), k - 1)
                            }
                            Value::List(items) => {
                                match items.get(1) {
                                    Some(Value::Num(n)) => (items[0].clone(), *n),
                                    other => {
                                        let v = other.cloned().unwrap_or(Value::Nil);
                                        self.warn(format!("by-name value `{}` is not a number; the layer is skipped", self.show(&v)));
                                        return Ok(());
                                    }
                                }
                            }
                            _ => {
                                self.warn("a by-name entry should be a symbol or `(symbol number)`; it is ignored");
                                continue;
                            }
                        };
                        let v = self.eval(&sym)?;
                        let Some(n) = v.as_numeric() else {
                            self.warn(format!(
                                "by-name index `{}` is not a number or type; the layer is skipped",
                                self.show(&v)
                            ));
                            return Ok(());
                        };
                        let byte = match &chars {
                            Some(s) => match usize::try_from(ix).ok().and_then(|i| s.get(i)) {
                                Some(&b) => b,
                                None => continue,
                            },
                            None if ix <= 29 => (i32::from(b'a') + ix) as u8,
                            None => (i32::from(b':') + ix - 30) as u8,
                        };
                        table[usize::from(byte)] = n;
                    }
                    st.table = Some(table);
                }
                b"xform" => {
                    let m = parts.first().cloned().unwrap_or(Value::Nil);
                    let a = parts.get(1).cloned().unwrap_or(Value::Nil);
                    st.mult = self.number_of(&m);
                    st.add = self.number_of(&a);
                }
                b"by-bits" => {}
                b"constant" => {
                    self.warn("constant layers are not supported; write the layer out as rows");
                    return Ok(());
                }
                b"subarea" => self.warn("layer subareas are not supported; the subarea is ignored"),
                _ => self.warn(format!(
                    "`{}` is not a layer description; it is ignored",
                    self.show(desc)
                )),
            }
        }
        let lw = if self.area.full_width > 0 {
            self.area.full_width
        } else {
            self.area.width
        };
        let lh = if self.area.full_height > 0 {
            self.area.full_height
        } else {
            self.area.height
        };
        for (r, row) in args[idx..].iter().enumerate() {
            let y = lh - 1 - r as i32;
            if y < 0 {
                break;
            }
            let bytes = self.string_of(row);
            self.read_row(&bytes, y, lw, &mut st, target);
        }
        if st.bad > 0 {
            self.warn_plain(format!("{} bad characters in all in this layer", st.bad));
        }
        if st.unknown_terrain > 0 {
            self.warn(format!(
                "{} cells in all had unknown terrain",
                st.unknown_terrain
            ));
        }
        Ok(())
    }

    fn read_row(&mut self, row: &[u8], y: i32, lw: i32, st: &mut LayerRead, target: Target) {
        let digits = |i: &mut usize| -> i32 {
            let mut n: i32 = 0;
            while let Some(d @ b'0'..=b'9') = row.get(*i).copied() {
                n = n.wrapping_mul(10).wrapping_add(i32::from(d - b'0'));
                *i += 1;
            }
            n
        };
        let mut x: i64 = 0;
        let mut i = 0usize;
        while i < row.len() && x < i64::from(lw) {
            let mut c = row[i];
            i += 1;
            let mut n: i32 = 1;
            let mut negative = false;
            let mut explicit: Option<i32> = None;
            if c.is_ascii_digit() || c == b'-' {
                if c == b'-' {
                    negative = true;
                    match row.get(i) {
                        Some(d) if d.is_ascii_digit() => {}
                        _ => return,
                    }
                } else {
                    i -= 1;
                }
                n = digits(&mut i);
                let Some(&next) = row.get(i) else { return };
                c = next;
                i += 1;
                if c == b'*' && st.specials {
                    if negative {
                        return;
                    }
                    let Some(&next) = row.get(i) else { return };
                    c = next;
                    i += 1;
                    let mut vneg = false;
                    if c == b'-' {
                        vneg = true;
                        let Some(&next) = row.get(i) else { return };
                        c = next;
                        i += 1;
                    }
                    if c.is_ascii_digit() {
                        i -= 1;
                        let v = digits(&mut i);
                        explicit = Some(if vneg { v.wrapping_neg() } else { v });
                        let Some(&next) = row.get(i) else { return };
                        c = next;
                        i += 1;
                    }
                }
            }
            let v = if c == b',' && st.specials {
                match explicit {
                    Some(v) => v,
                    None => {
                        let v = if negative { n.wrapping_neg() } else { n };
                        n = 1;
                        v
                    }
                }
            } else if let Some(table) = &st.table {
                table[usize::from(c)]
            } else if let Some(v) = default_code(c) {
                v
            } else {
                st.bad += 1;
                if st.bad <= 5 {
                    self.warn(format!(
                        "bad character {c:#04x} in a layer row; it stands for 0"
                    ));
                }
                if st.bad == 5 {
                    self.warn("more bad characters in this layer are only counted");
                }
                0
            };
            let v = v.wrapping_mul(st.mult).wrapping_add(st.add);
            let n = i64::from(n.max(0));
            let writes = if self.area.wrap {
                n.min(i64::from(self.area.width.max(0)))
            } else {
                n
            };
            let skip = if self.area.wrap {
                0
            } else {
                (i64::from(self.area.x0) - x).clamp(0, writes)
            };
            for k in skip..writes {
                let cx = x + k - i64::from(self.area.x0);
                if !self.area.wrap && cx >= i64::from(self.area.width) {
                    break;
                }
                self.write_cell(cx as i32, y - self.area.y0, v, st, target);
            }
            x += n;
        }
    }

    fn write_cell(&mut self, x: i32, y: i32, v: i32, st: &mut LayerRead, target: Target) {
        let Some(i) = self.area.contains(x, y) else {
            return;
        };
        match target {
            Target::Terrain => {
                let v = if v >= 0 && (v as usize) < self.type_count(Kind::Terrain) {
                    v
                } else {
                    st.unknown_terrain += 1;
                    if st.unknown_terrain <= 10 {
                        self.warn(format!(
                            "unknown terrain type {v} at {x},{y}; using terrain type 0"
                        ));
                    }
                    0
                };
                if let Some(t) = &mut self.area.terrain {
                    if i < t.len() {
                        t[i] = v;
                    }
                }
            }
            Target::Elevation => {
                if let Some(e) = &mut self.area.elevations {
                    if i < e.len() {
                        e[i] = v as i16;
                    }
                }
            }
            Target::Discard => {}
        }
    }
}
