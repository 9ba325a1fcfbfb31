//! Reading `multipart/form-data` bodies: how serenity uploads files (a
//! `payload_json` part and `files[N]` parts).

/// One part of a multipart body.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

/// The boundary of a `multipart/form-data; boundary=...` content type.
pub fn boundary(content_type: &str) -> Option<String> {
    if !content_type.trim_start().to_ascii_lowercase().starts_with("multipart/") {
        return None;
    }
    content_type.split(';').map(str::trim).find_map(|p| p.strip_prefix("boundary=")).map(|b| b.trim_matches('"').to_string())
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len()).find(|&i| &hay[i..i + needle.len()] == needle)
}

fn param(header: &str, key: &str) -> Option<String> {
    header.split(';').map(str::trim).find_map(|p| p.strip_prefix(&format!("{key}="))).map(|v| v.trim_matches('"').to_string())
}

/// Splits a body into its parts.
pub fn parse(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delim = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut pos = find(body, &delim, 0).ok_or("no first boundary")? + delim.len();
    loop {
        if body[pos..].starts_with(b"--") {
            return Ok(parts);
        }
        if body[pos..].starts_with(b"\r\n") {
            pos += 2;
        }
        let head_end = find(body, b"\r\n\r\n", pos).ok_or("a part without headers")?;
        let head = String::from_utf8_lossy(&body[pos..head_end]).to_string();
        let data_start = head_end + 4;
        let next = find(body, &delim, data_start).ok_or("a part without an end")?;
        let data_end = next.checked_sub(2).filter(|&e| e >= data_start && &body[e..next] == b"\r\n").ok_or("a part not ended by CRLF")?;
        let mut part = Part { name: String::new(), filename: None, content_type: None, data: body[data_start..data_end].to_vec() };
        for line in head.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else { continue };
            match k.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    part.name = param(v, "name").unwrap_or_default();
                    part.filename = param(v, "filename");
                }
                "content-type" => part.content_type = Some(v.trim().to_string()),
                _ => {}
            }
        }
        parts.push(part);
        pos = next + delim.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_read() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"table.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n";
        let b = boundary("multipart/form-data; boundary=XyZ").unwrap();
        let parts = parse(body, &b).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "files[0]");
        assert_eq!(parts[0].filename.as_deref(), Some("table.png"));
        assert_eq!(parts[0].data, b"\x89PNG\r\n--");
        assert_eq!(parts[1].name, "payload_json");
        assert_eq!(parts[1].data, b"{\"content\":\"hi\"}");
        assert_eq!(boundary("application/json"), None);
    }
}
