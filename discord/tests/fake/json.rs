//! Discord's JSON objects as the fake sends them.

use serde_json::{Value, json};

use super::{BOT_ID, GUILD_ID, Posted, Thread, Upload};

/// Every timestamp the fake sends.
pub const TIME: &str = "2026-01-01T00:00:00.000000+00:00";

/// A user object.
pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
    })
}

/// A guild member object with the permissions interactions carry.
pub fn member(user: Value, permissions: &str) -> Value {
    json!({
        "user": user,
        "roles": [],
        "joined_at": TIME,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "permissions": permissions,
    })
}

/// A message object.
pub fn message(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": author,
        "content": content,
        "timestamp": TIME,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "components": [],
    })
}

/// The message object of something the bot posted, with its buttons and attachments.
pub fn posted(p: &Posted, author: Value) -> Value {
    let mut m = message(p.id, p.channel, author, &p.content);
    m["components"] = components(&p.buttons);
    m["attachments"] = Value::Array(p.attachments.clone());
    if let Some(n) = &p.nonce {
        m["nonce"] = n.as_str().into();
    }
    m
}

/// An attachment object, as Discord puts it in a message: served by the fake's CDN at `url`, whose
/// query holds the signature the CDN checks.
pub fn attachment(base: &str, id: u64, channel: u64, file: &Upload) -> Value {
    let name = &file.name;
    let url = format!(
        "{base}/attachments/{channel}/{id}/{name}?ex=6a000000&is=69f00000&hm={}&",
        super::signature_of(id)
    );
    let mut a = json!({
        "id": id.to_string(),
        "filename": name,
        "size": file.size.unwrap_or(file.bytes.len() as u64),
        "url": url,
        "proxy_url": url.replace("/attachments/", "/media/attachments/"),
    });
    if let Some(kind) = &file.content_type {
        a["content_type"] = kind.as_str().into();
    }
    a
}

/// Action rows of buttons.
pub fn components(rows: &[Vec<(String, String)>]) -> Value {
    rows.iter()
        .map(|row| {
            json!({
                "type": 1,
                "components": row.iter().map(|(label, id)| json!({
                    "type": 2, "style": 1, "label": label, "custom_id": id
                })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// A thread's channel object, as Discord returns it when the bot started it and sends it with
/// THREAD_CREATE: the bot owns it, nothing was written in it yet.
pub fn thread(t: &Thread) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": t.kind,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": t.parent.to_string(),
        "owner_id": BOT_ID.to_string(),
        "name": t.name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": t.auto_archive_duration,
            "archive_timestamp": TIME,
            "locked": false,
            "create_timestamp": TIME,
        },
    })
}
