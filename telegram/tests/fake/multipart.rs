//! Just enough of multipart/form-data to read a `sendPhoto` or `sendDocument` call: text fields as
//! strings, a file field as its size in bytes, and the files themselves beside.

use serde_json::{Map, Value, json};

/// A file sent in a multipart body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// The form field it came in.
    pub field: String,
    /// Its file name, as the sender gave it.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The fields of a multipart body and the files among them, or None when it is not one.
pub fn fields(content_type: &str, body: &[u8]) -> Option<(Value, Vec<Upload>)> {
    let boundary = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("boundary="))
        .next()?
        .trim_matches('"');
    let delimiter = format!("\r\n--{boundary}");
    let mut data = b"\r\n".to_vec();
    data.extend_from_slice(body);
    let mut out = Map::new();
    let mut uploads = vec![];
    for part in split(&data, delimiter.as_bytes()).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break;
        }
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let end = find(part, b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&part[..end]);
        let content = &part[end + 4..];
        let name = attribute(&head, "name")?;
        let value = if let Some(file_name) = attribute(&head, "filename") {
            uploads.push(Upload {
                field: name.clone(),
                name: file_name,
                bytes: content.to_vec(),
            });
            json!(content.len())
        } else {
            json!(String::from_utf8_lossy(content))
        };
        out.insert(name, value);
    }
    Some((Value::Object(out), uploads))
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
