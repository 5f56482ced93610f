//! The browser client's files over HTTP: the web crate's own modules and
//! page, and each registered ruleset's controller and guide (from its
//! plug-in), at `/rulesets/{name}/controller.js` and
//! `/rulesets/{name}/guide.html`. The web crate says how to answer (type,
//! cache headers, entity tags, the page's security policy); this module
//! only turns that into axum routes.

use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

fn to_response(reply: web::Reply) -> Response {
    let mut resp = (
        StatusCode::from_u16(reply.status).expect("web answers 200 or 304"),
        reply.body,
    )
        .into_response();
    for (name, value) in reply.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            resp.headers_mut()
                .insert(HeaderName::from_static(name), value);
        }
    }
    resp
}

fn if_none_match(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
}

/// One route serving `body` at `path`, its entity tag computed once.
fn file<S: Clone + Send + Sync + 'static>(
    router: Router<S>,
    path: String,
    content_type: &'static str,
    body: &'static [u8],
) -> Router<S> {
    let tag: std::sync::Arc<str> = web::etag(body).into();
    let at = path.clone();
    router.route(
        &path,
        get(move |headers: HeaderMap| async move {
            to_response(web::respond(
                &at,
                content_type,
                body,
                &tag,
                if_none_match(&headers),
            ))
        }),
    )
}

/// Every file of the client (`GET` and `HEAD`), for any router state.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    for a in web::ASSETS {
        router = router.route(
            a.path,
            get(move |headers: HeaderMap| async move {
                to_response(web::serve(a, if_none_match(&headers)))
            }),
        );
    }
    for p in registry::plugins() {
        let name = p.name();
        router = file(
            router,
            format!("/rulesets/{name}/controller.js"),
            web::JAVASCRIPT,
            p.client.controller.as_bytes(),
        );
        router = file(
            router,
            format!("/rulesets/{name}/guide.html"),
            web::HTML,
            p.client.guide.as_bytes(),
        );
    }
    router
}
