//! Reading one run-length-encoded layer of the area (gdl spec 4.8.2): the
//! descriptors (`by-char`, `by-name`, `xform`, …), the row strings with counts,
//! `*` values and `,`, and writing cells that lie in the area. Terrain,
//! elevations and `aux-terrain` layers (rivers, roads: the games play them)
//! are kept; other layers are read for their warnings and dropped.

use crate::error::Error;
use crate::value::{Kind, Value};

use super::Interp;

/// Where a layer's cell values go.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Terrain,
    Elevation,
    /// The `aux-terrain` layer of this terrain type (`Area::aux`).
    Aux(usize),
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

/// Byte `s[i]` stands for `i`; bytes from 0x80 are ignored (spec 7, project:
/// 7.5 indexes its table with a negative number there).
fn map_chars(table: &mut [i32; 256], s: &[u8]) {
    for (i, &b) in s.iter().enumerate() {
        if b < 0x80 {
            table[usize::from(b)] = i as i32;
        }
    }
}

fn default_table() -> [i32; 256] {
    let mut t = [0; 256];
    for (b, slot) in t.iter_mut().enumerate() {
        *slot = default_code(b as u8).unwrap_or(0);
    }
    t
}

impl Interp {
    /// Reads descriptors and row strings into a layer (spec 4.8.2).
    pub(crate) fn read_layer(&mut self, args: &[Value], target: Target) -> Result<(), Error> {
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
                        map_chars(&mut table, s);
                        if s.iter().any(|&b| b == b'*' || b == b',') {
                            st.specials = false;
                        }
                    }
                    st.table = Some(table);
                }
                b"by-name" => {
                    let mut table = default_table();
                    let (chars, entries) = match parts.first() {
                        Some(Value::Str(s)) => {
                            map_chars(&mut table, s);
                            (Some(s.clone()), &parts[1..])
                        }
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
                        if byte < 0x80 {
                            table[usize::from(byte)] = n;
                        }
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
            } else if let (Some(table), true) = (&st.table, c < 0x80) {
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
                self.write_cell(cx as i32, y.wrapping_sub(self.area.y0), v, st, target);
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
            Target::Aux(t) => {
                if let Some((_, layer)) = self.area.aux.iter_mut().find(|(u, _)| *u == t) {
                    if let Some(c) = layer.get_mut(i) {
                        *c = v as i16;
                    }
                }
            }
            Target::Discard => {}
        }
    }
}
