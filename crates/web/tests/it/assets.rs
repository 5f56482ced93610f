//! Every asset is served with its content type and cache headers, and
//! index.html and the modules reference only files that are served.

fn header<'a>(reply: &'a web::Reply, name: &str) -> Option<&'a str> {
    reply
        .headers
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.as_str())
}

fn expected_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ if path == "/" => "text/html; charset=utf-8",
        other => panic!("no expected type for {path} ({other:?})"),
    }
}

#[test]
fn every_asset_is_served_with_its_type() {
    for a in web::ASSETS {
        let reply = web::serve(a, None);
        assert_eq!(reply.status, 200, "{}", a.path);
        assert_eq!(
            header(&reply, "content-type"),
            Some(expected_type(a.path)),
            "{}",
            a.path
        );
        assert_eq!(
            header(&reply, "cache-control"),
            Some("no-cache"),
            "{}",
            a.path
        );
        assert_eq!(
            header(&reply, "x-content-type-options"),
            Some("nosniff"),
            "{}",
            a.path
        );
        assert_eq!(header(&reply, "etag"), Some(a.etag), "{}", a.path);
        assert_eq!(reply.body, a.body, "{}", a.path);
        assert!(!reply.body.is_empty(), "{} is empty", a.path);
    }
}

#[test]
fn a_matching_entity_tag_gets_not_modified() {
    let a = web::asset("/app.js").unwrap();
    let reply = web::serve(a, Some(a.etag));
    assert_eq!(reply.status, 304);
    assert!(reply.body.is_empty());
    assert_eq!(header(&reply, "etag"), Some(a.etag));
    assert_eq!(web::serve(a, Some(&format!("W/{}", a.etag))).status, 304);
    assert_eq!(web::serve(a, Some("\"0000000000000000\"")).status, 200);
}

#[test]
fn the_page_has_a_content_security_policy_and_unknown_paths_are_not_assets() {
    let reply = web::serve(web::asset("/").unwrap(), None);
    assert_eq!(
        header(&reply, "content-security-policy"),
        Some(web::CONTENT_SECURITY_POLICY)
    );
    assert!(header(
        &web::serve(web::asset("/app.js").unwrap(), None),
        "content-security-policy"
    )
    .is_none());
    assert!(web::asset("/nope.js").is_none());
}

#[test]
fn run_time_entity_tags_are_those_of_the_bytes() {
    let a = web::asset("/app.js").unwrap();
    assert_eq!(web::etag(a.body), a.etag);
    assert_ne!(web::etag(b"a"), web::etag(b"b"));
}

/// The values of `attr="..."` in `html`.
fn attr_values(html: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    let mut out = vec![];
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        // Only whole attribute names (`src`, not `data-src`).
        let before = rest[..i].chars().last();
        rest = &rest[i + needle.len()..];
        let end = rest.find('"').expect("closed attribute");
        if matches!(before, Some(' ' | '\n' | '\t')) {
            out.push(rest[..end].to_string());
        }
        rest = &rest[end..];
    }
    out
}

#[test]
fn index_references_only_served_files() {
    let index = std::str::from_utf8(web::asset("/").unwrap().body).unwrap();
    let mut refs = attr_values(index, "src");
    refs.extend(attr_values(index, "href"));
    let local: Vec<_> = refs
        .iter()
        .filter(|r| r.starts_with('/') && !r.starts_with("/api/"))
        .collect();
    assert!(local.len() >= 3, "index.html names its files: {refs:?}");
    for r in local {
        assert!(
            web::asset(r).is_some(),
            "index.html references {r}, which is not served"
        );
    }
    for r in &refs {
        assert!(
            r.starts_with('/') || r.starts_with('#'),
            "index.html references {r}: only this origin's files"
        );
    }
}

#[test]
fn modules_import_only_served_files_and_every_module_is_reachable() {
    let mut reached = vec!["/app.js".to_string()];
    let mut i = 0;
    while i < reached.len() {
        let path = reached[i].clone();
        let asset =
            web::asset(&path).unwrap_or_else(|| panic!("{path} is imported but not served"));
        let text = std::str::from_utf8(asset.body).unwrap();
        for line in text.lines() {
            let line = line.trim();
            if !line.starts_with("import ") {
                continue;
            }
            let from = line.rsplit("from '").next().unwrap();
            let name = from.split('\'').next().unwrap();
            assert!(
                name.starts_with("./"),
                "{path}: import {name} must be a local module"
            );
            let target = format!("/{}", &name[2..]);
            assert!(
                web::asset(&target).is_some(),
                "{path} imports {target}, which is not served"
            );
            if !reached.contains(&target) {
                reached.push(target);
            }
        }
        i += 1;
    }
    for a in web::ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
        assert!(
            reached.iter().any(|r| r == a.path),
            "{} is served but never imported",
            a.path
        );
    }
}
