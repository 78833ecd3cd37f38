//! Just enough of multipart/form-data to read a `sendPhoto` call: text fields as strings, a file
//! field as its size in bytes.

use serde_json::{Map, Value, json};

/// The fields of a multipart body, or None when it is not one.
pub fn fields(content_type: &str, body: &[u8]) -> Option<Value> {
    let boundary = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("boundary="))
        .next()?
        .trim_matches('"');
    let delimiter = format!("\r\n--{boundary}");
    let mut data = b"\r\n".to_vec();
    data.extend_from_slice(body);
    let mut out = Map::new();
    for part in split(&data, delimiter.as_bytes()).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break;
        }
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let end = find(part, b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&part[..end]);
        let content = &part[end + 4..];
        let name = attribute(&head, "name")?;
        let value = if attribute(&head, "filename").is_some() {
            json!(content.len())
        } else {
            json!(String::from_utf8_lossy(content))
        };
        out.insert(name, value);
    }
    Some(Value::Object(out))
}

fn attribute(head: &str, key: &str) -> Option<String> {
    let pattern = format!("{key}=\"");
    let i = head
        .match_indices(&pattern)
        .find(|(i, _)| *i == 0 || matches!(head.as_bytes()[i - 1], b' ' | b';'))?
        .0;
    let rest = &head[i + pattern.len()..];
    Some(rest[..rest.find('"')?].to_string())
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split<'a>(mut data: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = vec![];
    while let Some(i) = find(data, delimiter) {
        parts.push(&data[..i]);
        data = &data[i + delimiter.len()..];
    }
    parts.push(data);
    parts
}
