//! The page: plain HTML, CSS and JavaScript built into the binary, so the web chat needs no
//! internet and no files beside the binary.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
const ICON: &str = include_str!("../assets/icon.svg");

/// What the page may load: only its own files and the pictures it fetched itself. Should a
/// message ever slip through as markup, no script of it runs.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

/// `/`: the page.
pub async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

/// `/app.js`.
pub async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

/// `/style.css`.
pub async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// `/icon.svg`.
pub async fn icon() -> Response {
    asset(ICON, "image/svg+xml")
}
