//! The bot's log filter. serenity and the HTTP and websocket crates under it log, at their info and
//! debug levels, spans and lines that hold request URLs and gateway events, and with them
//! interactions' tokens and players' private messages. They are kept at warnings whatever
//! `RUST_LOG` says, unless it names one of them explicitly (for debugging, on a test server).

use tracing_subscriber::EnvFilter;

/// The crates kept at warnings unless `RUST_LOG` names them.
pub const QUIET: &[&str] = &[
    "serenity",
    "reqwest",
    "hyper",
    "hyper_util",
    "h2",
    "rustls",
    "tungstenite",
    "tokio_tungstenite",
];

/// The filter for a `RUST_LOG` value (`None` or blank: `info`). A value that does not parse falls
/// back on `info`.
pub fn filter(spec: Option<&str>) -> EnvFilter {
    let spec = spec
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or("info");
    let mut filter = EnvFilter::try_new(spec).unwrap_or_else(|_| EnvFilter::new("info"));
    for target in QUIET {
        if !names(spec, target) {
            if let Ok(d) = format!("{target}=warn").parse() {
                filter = filter.add_directive(d);
            }
        }
    }
    filter
}

/// Whether a filter spec has a directive for this crate (or a module of it).
fn names(spec: &str, target: &str) -> bool {
    spec.split(',').any(|d| {
        let t = d.split(['=', '[']).next().unwrap_or("").trim();
        t == target || t.starts_with(&format!("{target}::"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chatty_crates_are_quiet_unless_named() {
        assert!(names("info,serenity=debug", "serenity"));
        assert!(names("serenity::http=trace", "serenity"));
        assert!(!names("trace", "serenity"));
        assert!(!names("serenity_extra=debug", "serenity"));
        let f = filter(Some("trace")).to_string();
        assert!(
            f.contains("serenity=warn") && f.contains("reqwest=warn"),
            "{f}"
        );
        let f = filter(Some("debug,serenity=info")).to_string();
        assert!(!f.contains("serenity=warn"), "{f}");
        assert!(filter(None).to_string().contains("info"));
    }
}
