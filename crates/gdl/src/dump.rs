//! The oracle dump format (gdl spec 6.3): a line-oriented snapshot of the game
//! definition after reading, compared byte for byte with 7.5's own dumps.

use crate::error::Error;
use crate::interp::{Global, Interp, Prop, Severity};
use crate::print::{lisp, nstr, qstr, sym};
use crate::value::{Kind, Value};

/// FNV-1a/64 over 32-bit little-endian integers (spec 6.6).
pub fn fnv64(values: impl Iterator<Item = i32>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

fn line(out: &mut Vec<u8>, parts: &[&[u8]]) {
    for p in parts {
        out.extend_from_slice(p);
    }
    out.push(b'\n');
}

fn num(n: impl ToString) -> Vec<u8> {
    n.to_string().into_bytes()
}

/// The dump of a fatal error: one line (spec 6.1).
pub fn dump_fatal(err: &Error) -> Vec<u8> {
    let mut out = b"fatal-error ".to_vec();
    out.extend_from_slice(err.dump_text().as_bytes());
    out.push(b'\n');
    out
}

/// The full dump of a completed read.
pub fn dump(it: &Interp) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"xconq-gdl-oracle 1\nstage read\nmain-module ");
    let main = it
        .main_module
        .map(|m| it.modules[m].name.clone())
        .unwrap_or_default();
    qstr(&mut out, &main);
    out.push(b'\n');
    modules(it, &mut out);
    for w in it
        .warnings
        .iter()
        .filter(|w| w.severity == Severity::Warning)
    {
        let mut text = w.prefix.clone().unwrap_or_default();
        text.extend_from_slice(&w.text);
        out.extend_from_slice(b"warning ");
        qstr(&mut out, &text);
        out.push(b'\n');
    }
    for p in &it.prints {
        out.extend_from_slice(b"print ");
        qstr(&mut out, p);
        out.push(b'\n');
    }
    let counts = format!(
        "counts utypes {} mtypes {} ttypes {} atypes {} sides {} unit-specs {} scorekeepers {}\n",
        it.type_count(Kind::Unit),
        it.type_count(Kind::Material),
        it.type_count(Kind::Terrain),
        it.type_count(Kind::Advance),
        it.sides.len() - 1,
        it.unit_specs.len(),
        it.scorekeepers.len()
    );
    out.extend_from_slice(counts.as_bytes());
    types(it, &mut out);
    tables(it, &mut out);
    globals(it, &mut out);
    symbols(it, &mut out);
    sides(it, &mut out);
    units(it, &mut out);
    for s in &it.scorekeepers {
        out.extend_from_slice(format!("scorekeeper {} title ", s.id).as_bytes());
        nstr(&mut out, s.title.as_deref());
        for (label, v) in [
            (" when ", &s.when),
            (" applies-to ", &s.applies_to),
            (" known-to ", &s.known_to),
        ] {
            out.extend_from_slice(label.as_bytes());
            lisp(&mut out, v, it);
        }
        out.extend_from_slice(format!(" initial {} trigger ", s.initial).as_bytes());
        lisp(&mut out, &s.trigger, it);
        out.extend_from_slice(b" do ");
        lisp(&mut out, &s.body, it);
        out.push(b'\n');
    }
    let w = &it.world;
    out.extend_from_slice(
        format!(
            "world circumference {} day-length {} year-length {} axial-tilt {}\n",
            w.circumference, w.day_length, w.year_length, w.axial_tilt
        )
        .as_bytes(),
    );
    let a = &it.area;
    out.extend_from_slice(
        format!(
            "area width {} height {} latitude {} longitude {} cell-width {}\n",
            a.width, a.height, a.latitude, a.longitude, a.cell_width
        )
        .as_bytes(),
    );
    if let Some(terrain) = &a.terrain {
        line(
            &mut out,
            &[
                b"terrain-layer-hash ",
                format!("{:016x}", fnv64(terrain.iter().copied())).as_bytes(),
            ],
        );
        let nt = it.type_count(Kind::Terrain);
        let mut counts = vec![0usize; nt];
        let mut invalid = 0;
        for &t in terrain {
            match usize::try_from(t).ok().filter(|&t| t < nt) {
                Some(t) => counts[t] += 1,
                None => invalid += 1,
            }
        }
        for (t, &n) in counts.iter().enumerate() {
            if n > 0 {
                out.extend_from_slice(b"terrain-count ");
                sym(&mut out, it.type_str(Kind::Terrain, t, "name"));
                line(&mut out, &[b" ", &num(n)]);
            }
        }
        if invalid > 0 {
            line(&mut out, &[b"terrain-count <invalid> ", &num(invalid)]);
        }
    }
    if let Some(elev) = &a.elevations {
        let h = fnv64(elev.iter().map(|&e| i32::from(e)));
        line(
            &mut out,
            &[b"elevation-layer-hash ", format!("{h:016x}").as_bytes()],
        );
    }
    out.extend_from_slice(b"end\n");
    out
}

fn modules(it: &Interp, out: &mut Vec<u8>) {
    use crate::interp::game_module_fields as f;
    for m in (0..it.modules.len()).rev() {
        let module = &it.modules[m];
        out.extend_from_slice(b"module ");
        qstr(out, &module.name);
        out.extend_from_slice(if module.loaded {
            b" loaded 1"
        } else {
            b" loaded 0"
        });
        for (label, which) in [
            (" title ", f::TITLE),
            (" base-module ", f::BASE_MODULE),
            (" default-base-module ", f::DEFAULT_BASE_MODULE),
            (" base-game ", f::BASE_GAME),
            (" version ", f::VERSION),
        ] {
            out.extend_from_slice(label.as_bytes());
            nstr(out, module.strings[which].as_deref());
        }
        out.push(b'\n');
        for inc in it.include_chain(m) {
            out.extend_from_slice(b"module-include ");
            qstr(out, &module.name);
            out.push(b' ');
            qstr(out, &it.modules[inc].name);
            out.push(b'\n');
        }
        for (label, v) in [
            ("module-blurb ", &module.blurb),
            ("module-instructions ", &module.instructions),
            ("module-notes ", &module.notes),
            ("module-design-notes ", &module.design_notes),
        ] {
            if !v.is_nil() {
                out.extend_from_slice(label.as_bytes());
                qstr(out, &module.name);
                out.push(b' ');
                lisp(out, v, it);
                out.push(b'\n');
            }
        }
        for (i, v) in module.variants.iter().enumerate() {
            out.extend_from_slice(b"variant ");
            qstr(out, &module.name);
            out.extend_from_slice(format!(" {i} id ").as_bytes());
            lisp(out, &v.id, it);
            out.extend_from_slice(b" name ");
            nstr(out, v.name.as_deref());
            out.extend_from_slice(b" help ");
            nstr(out, v.help.as_deref());
            out.extend_from_slice(b" default ");
            lisp(out, &v.default, it);
            out.extend_from_slice(b" cases ");
            lisp(out, &Value::list(v.cases.clone()), it);
            out.extend_from_slice(
                format!(" used {} value {}\n", u8::from(v.used), v.value).as_bytes(),
            );
        }
    }
}

fn types(it: &Interp, out: &mut Vec<u8>) {
    let tags = [b"utype ", b"mtype ", b"ttype ", b"atype "];
    for kind in Kind::ALL {
        for i in 0..it.type_count(kind) {
            out.extend_from_slice(tags[kind.index()]);
            out.extend_from_slice(&num(i));
            out.push(b' ');
            sym(out, crate::print::Naming::type_name(it, kind, i as u16));
            out.push(b'\n');
        }
    }
    let tags = [b"uprop ", b"mprop ", b"tprop ", b"aprop "];
    for kind in Kind::ALL {
        let defs = &it.defs.props[kind.index()];
        for i in 0..it.type_count(kind) {
            let tname = crate::print::Naming::type_name(it, kind, i as u16);
            for (p, def) in defs.iter().enumerate() {
                let value = it.type_prop(kind, i, p);
                let text = match (value, &def.slot) {
                    (Prop::Int(n), crate::defaults::Slot::Int { default, .. }) => {
                        (i32::from(*n) != *default).then(|| num(*n))
                    }
                    (Prop::Str(s), crate::defaults::Slot::Str { default }) => {
                        (Some(&s[..]) != default.as_deref()).then(|| {
                            let mut q = Vec::new();
                            qstr(&mut q, s);
                            q
                        })
                    }
                    (Prop::Obj(v), _) => (!v.is_nil()).then(|| crate::print::lisp_string(v, it)),
                    _ => None,
                };
                if let Some(text) = text {
                    out.extend_from_slice(tags[kind.index()]);
                    sym(out, tname);
                    out.push(b' ');
                    out.extend_from_slice(def.name.as_bytes());
                    out.push(b' ');
                    out.extend_from_slice(&text);
                    out.push(b'\n');
                }
            }
        }
    }
}

fn tables(it: &Interp, out: &mut Vec<u8>) {
    for (t, def) in it.defs.tables.iter().enumerate() {
        let Some(data) = &it.tables[t] else { continue };
        let d = def.default as i16;
        let all = data.entries();
        let non_default = all.iter().filter(|&&c| c != d).count();
        let hash = fnv64(all.iter().map(|&c| i32::from(c)));
        out.extend_from_slice(
            format!(
                "table {} default {} rows {} cols {} non-default {} fnv64 {:016x}\n",
                def.name, def.default, data.rows, data.cols, non_default, hash
            )
            .as_bytes(),
        );
        for i in 0..data.rows {
            let row = &all[i * data.cols..(i + 1) * data.cols];
            if row.iter().all(|&c| c == d) {
                continue;
            }
            out.extend_from_slice(format!("tabrow {} ", def.name).as_bytes());
            sym(
                out,
                crate::print::Naming::type_name(it, def.index1, i as u16),
            );
            let mut j = 0;
            while j < row.len() {
                let mut k = j;
                while k < row.len() && row[k] == row[j] {
                    k += 1;
                }
                if k - j == 1 {
                    out.extend_from_slice(format!(" {}", row[j]).as_bytes());
                } else {
                    out.extend_from_slice(format!(" {}*{}", row[j], k - j).as_bytes());
                }
                j = k;
            }
            out.push(b'\n');
        }
    }
}

fn globals(it: &Interp, out: &mut Vec<u8>) {
    for (g, def) in it.defs.globals.iter().enumerate() {
        out.extend_from_slice(b"global ");
        out.extend_from_slice(def.name.as_bytes());
        out.push(b' ');
        match &it.globals[g] {
            Global::Int(n) => out.extend_from_slice(&num(*n)),
            Global::Str(s) => nstr(out, s.as_deref()),
            Global::Obj(v) => lisp(out, v, it),
        }
        out.push(b'\n');
    }
}

fn symbols(it: &Interp, out: &mut Vec<u8>) {
    let mut bound: Vec<_> = it
        .symbols
        .iter()
        .filter(|(_, s)| s.value.is_some() && !s.constant)
        .collect();
    bound.sort_by(|a, b| it.symbols.name(a.0).cmp(it.symbols.name(b.0)));
    for (id, s) in bound {
        out.extend_from_slice(b"sym ");
        sym(out, it.symbols.name(id));
        out.push(b' ');
        lisp(out, s.value.as_ref().unwrap_or(&Value::Nil), it);
        out.push(b'\n');
    }
}

fn sides(it: &Interp, out: &mut Vec<u8>) {
    const LABELS: [&str; 9] = [
        "name",
        "long-name",
        "short-name",
        "noun",
        "plural-noun",
        "adjective",
        "class",
        "color",
        "emblem",
    ];
    for side in &it.sides {
        out.extend_from_slice(format!("side {}", side.id).as_bytes());
        for (label, s) in LABELS.iter().zip(&side.strings) {
            out.extend_from_slice(format!(" {label} ").as_bytes());
            nstr(out, s.as_deref());
        }
        out.push(b'\n');
    }
}

fn units(it: &Interp, out: &mut Vec<u8>) {
    line(out, &[b"units ", &num(it.units.len())]);
    for u in it.units.iter().rev() {
        out.extend_from_slice(format!("unit {} ", u.id).as_bytes());
        sym(out, it.type_str(Kind::Unit, u.utype, "name-internal"));
        out.extend_from_slice(
            format!(
                " prevx {} prevy {} z {} side {} origside {} name ",
                u.prevx, u.prevy, u.z, u.side, u.origside
            )
            .as_bytes(),
        );
        nstr(out, u.name.as_deref());
        out.extend_from_slice(
            format!(
                " number {} hp {} cp {} cxp {} transport {} image-name ",
                u.number, u.hp, u.cp, u.cxp, u.transport
            )
            .as_bytes(),
        );
        nstr(out, u.image_name.as_deref());
        let supply: Vec<String> = u.supply.iter().map(i32::to_string).collect();
        out.extend_from_slice(format!(" supply ({})\n", supply.join(" ")).as_bytes());
    }
    for (i, (form, defaults)) in it.unit_specs.iter().enumerate() {
        out.extend_from_slice(format!("unit-spec {i} ").as_bytes());
        lisp(out, form, it);
        out.push(b' ');
        lisp(out, defaults, it);
        out.push(b'\n');
    }
}
