//! Discord's JSON objects as the real API and gateway send them (users, members,
//! messages, channels, interactions, READY), built from the stand-in's state.
//! Field names and shapes follow Discord's API v10 documentation; the unit
//! tests check that serenity reads every one of them.

use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Discord's epoch (2015-01-01) in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Makes increasing snowflakes (ids), like Discord's: time in the high bits.
pub struct Snowflakes(AtomicU64);

impl Default for Snowflakes {
    fn default() -> Snowflakes {
        let ms = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0);
        Snowflakes(AtomicU64::new(ms.saturating_sub(DISCORD_EPOCH_MS) << 22))
    }
}

impl Snowflakes {
    pub fn next(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// Now as Discord writes timestamps: `2024-05-01T12:34:56.789000+00:00`.
pub fn timestamp() -> String {
    let d = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00", rem / 3600, rem / 60 % 60, rem % 60, d.subsec_micros())
}

pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "discriminator": "0",
        "global_name": if bot { Value::Null } else { json!(name) },
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    })
}

pub fn member(id: u64, name: &str) -> Value {
    json!({
        "user": user(id, name, false),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "2248473465835073",
        "communication_disabled_until": null,
    })
}

pub fn text_channel(id: u64, guild: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "parent_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

pub fn thread(id: u64, guild: u64, parent: u64, owner: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": owner.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 4320,
            "archive_timestamp": timestamp(),
            "locked": false,
            "create_timestamp": timestamp(),
        },
        "total_message_sent": 0,
        "flags": 0,
    })
}

pub fn dm_channel(id: u64, user_id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [user(user_id, name, false)],
    })
}

/// The partial channel sent inside interactions.
pub fn partial_channel(id: u64, kind: u8, name: Option<&str>, parent: Option<u64>) -> Value {
    let mut c = json!({ "id": id.to_string(), "type": kind, "permissions": "2248473465835073" });
    if let Some(n) = name {
        c["name"] = json!(n);
    }
    if let Some(p) = parent {
        c["parent_id"] = json!(p.to_string());
    }
    c
}

/// An uploaded file, as listed in a message.
pub fn attachment(id: u64, channel: u64, filename: &str, size: usize, content_type: &str) -> Value {
    let url = format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{filename}");
    json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
        "content_type": content_type,
    })
}

/// Everything a message object needs beyond what the stand-in keeps.
pub struct MessageFields<'a> {
    pub id: u64,
    pub channel: u64,
    pub guild: Option<u64>,
    pub author: Value,
    pub content: &'a str,
    pub components: &'a Value,
    pub attachments: Vec<Value>,
    pub flags: u64,
    pub edited: bool,
    pub mentions: Vec<Value>,
    /// Set for interaction responses and follow-ups.
    pub application_id: Option<u64>,
    /// Message type: 0 default, 19 reply, 20 chat input command.
    pub kind: u8,
}

pub fn message(f: MessageFields<'_>) -> Value {
    let mut m = json!({
        "id": f.id.to_string(),
        "channel_id": f.channel.to_string(),
        "author": f.author,
        "content": f.content,
        "timestamp": timestamp(),
        "edited_timestamp": if f.edited { json!(timestamp()) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": f.mentions,
        "mention_roles": [],
        "attachments": f.attachments,
        "embeds": [],
        "pinned": false,
        "type": f.kind,
        "flags": f.flags,
        "components": f.components,
    });
    if let Some(app) = f.application_id {
        m["application_id"] = json!(app.to_string());
        m["webhook_id"] = json!(app.to_string());
    }
    if let Some(g) = f.guild {
        m["guild_id"] = json!(g.to_string());
    }
    m
}

/// The user ids mentioned as `<@id>` or `<@!id>` in a text.
pub fn mentioned_ids(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("<@") {
        rest = &rest[i + 2..];
        let r = rest.strip_prefix('!').unwrap_or(rest);
        if let Some(end) = r.find('>') {
            if let Ok(id) = r[..end].parse::<u64>() {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

pub fn ready(session_id: &str, resume_url: &str, bot_id: u64, bot_name: &str, guilds: &[u64]) -> Value {
    let mut u = user(bot_id, bot_name, true);
    u["verified"] = json!(true);
    u["mfa_enabled"] = json!(false);
    u["email"] = Value::Null;
    json!({
        "v": 10,
        "user": u,
        "guilds": guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": [0, 1],
        "application": { "id": bot_id.to_string(), "flags": 0 },
    })
}

/// The application behind the bot (`GET /oauth2/applications/@me`).
pub fn application(bot_id: u64, bot_name: &str, owner: Value) -> Value {
    json!({
        "id": bot_id.to_string(),
        "name": bot_name,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": owner,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
    })
}

/// Where an interaction happens.
#[derive(Clone, Debug)]
pub struct Place {
    pub channel: Value,
    pub channel_id: u64,
    pub guild: Option<u64>,
}

/// The fields every interaction shares (`type` 2 command, 3 component, 4 autocomplete).
pub fn interaction(kind: u8, id: u64, app: u64, token: &str, place: &Place, who: (u64, &str), data: Value) -> Value {
    let mut i = json!({
        "id": id.to_string(),
        "application_id": app.to_string(),
        "type": kind,
        "data": data,
        "channel": place.channel,
        "channel_id": place.channel_id.to_string(),
        "token": token,
        "version": 1,
        "app_permissions": "2248473465835073",
        "locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": { "0": place.guild.map(|g| g.to_string()).unwrap_or_else(|| "0".into()) },
        "attachment_size_limit": 10_485_760,
    });
    match place.guild {
        Some(g) => {
            i["guild_id"] = json!(g.to_string());
            i["guild_locale"] = json!("en-US");
            i["member"] = member(who.0, who.1);
            i["context"] = json!(0);
        }
        None => {
            i["user"] = user(who.0, who.1, false);
            i["context"] = json!(1);
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_look_like_discords() {
        let t = timestamp();
        assert_eq!(t.len(), "2024-05-01T12:34:56.789000+00:00".len(), "{t}");
        assert!(t.starts_with("20"), "{t}");
    }

    #[test]
    fn mentions_are_found() {
        assert_eq!(mentioned_ids("<@12>, and <@!34> but not <#56> or <@x>; <@12> again"), vec![12, 34]);
    }

    /// Serenity (what the bot runs on) reads every object the stand-in sends.
    #[test]
    fn serenity_reads_them() {
        use serenity::model::prelude as m;
        let r: m::Ready = serde_json::from_value(ready("s1", "ws://127.0.0.1:1", 7, "Bot", &[9])).unwrap();
        assert_eq!(r.application.id.get(), 7);
        let _: m::GuildChannel = serde_json::from_value(text_channel(5, 9, "games")).unwrap();
        let t: m::GuildChannel = serde_json::from_value(thread(6, 9, 5, 7, "Innovation #1")).unwrap();
        assert_eq!(t.kind, m::ChannelType::PublicThread);
        let dm: m::PrivateChannel = serde_json::from_value(dm_channel(8, 3, "ann")).unwrap();
        assert_eq!(dm.recipient.id.get(), 3);
        let _: m::CurrentApplicationInfo = serde_json::from_value(application(7, "Bot", user(2, "owner", false))).unwrap();
        let components = json!([{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Draw", "custom_id": "a:1:0v1:D", "disabled": false},
        ]}, {"type": 1, "components": [
            {"type": 3, "custom_id": "s:1:0v1", "options": [{"label": "x", "value": "0", "description": "d"}], "min_values": 1, "max_values": 1, "placeholder": "p"},
        ]}]);
        let msg = message(MessageFields {
            id: 11,
            channel: 6,
            guild: None,
            author: user(7, "Bot", true),
            content: "hi <@3>",
            components: &components,
            attachments: vec![attachment(12, 6, "table.png", 100, "image/png")],
            flags: 64,
            edited: true,
            mentions: vec![user(3, "ann", false)],
            application_id: Some(7),
            kind: 19,
        });
        let parsed: m::Message = serde_json::from_value(msg.clone()).unwrap();
        assert_eq!(parsed.components.len(), 2);
        assert!(parsed.flags.unwrap().contains(m::MessageFlags::EPHEMERAL));
        let guild_place = Place { channel: partial_channel(6, 11, Some("t"), Some(5)), channel_id: 6, guild: Some(9) };
        let dm_place = Place { channel: partial_channel(8, 1, None, None), channel_id: 8, guild: None };
        let mut click =
            interaction(3, 20, 7, "tok", &guild_place, (3, "ann"), json!({"custom_id": "s:1:0v1", "component_type": 3, "values": ["0"]}));
        click["message"] = msg.clone();
        match serde_json::from_value::<m::Interaction>(click).unwrap() {
            m::Interaction::Component(ci) => {
                assert_eq!(ci.user.id.get(), 3, "the member's user");
                assert_eq!(ci.guild_id.map(|g| g.get()), Some(9));
                assert!(matches!(ci.data.kind, m::ComponentInteractionDataKind::StringSelect { ref values } if values == &["0"]));
            }
            other => panic!("{other:?}"),
        }
        let mut dm_click = interaction(3, 21, 7, "tok2", &dm_place, (3, "ann"), json!({"custom_id": "p:1:0v1:0", "component_type": 2}));
        dm_click["message"] = msg;
        match serde_json::from_value::<m::Interaction>(dm_click).unwrap() {
            m::Interaction::Component(ci) => assert!(ci.guild_id.is_none() && ci.user.id.get() == 3),
            other => panic!("{other:?}"),
        }
        let options = json!([{"name": "new", "type": 1, "options": [{"name": "seats", "type": 4, "value": 3}]}]);
        let cmd = interaction(
            2,
            22,
            7,
            "tok3",
            &guild_place,
            (3, "ann"),
            json!({"id": "30", "name": "innovation", "type": 1, "options": options, "guild_id": "9"}),
        );
        assert!(matches!(serde_json::from_value::<m::Interaction>(cmd).unwrap(), m::Interaction::Command(_)));
        let ac = interaction(
            4,
            23,
            7,
            "tok4",
            &guild_place,
            (3, "ann"),
            json!({"id": "31", "name": "meld", "type": 1, "options": [{"name": "card", "type": 3, "value": "", "focused": true}]}),
        );
        assert!(matches!(serde_json::from_value::<m::Interaction>(ac).unwrap(), m::Interaction::Autocomplete(_)));
    }
}
