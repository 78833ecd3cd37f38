//! Whether the author of a typed message administers the channel. Interactions carry the member's
//! permissions in the channel; a typed message carries only his roles, so the guild's roles and
//! the channel's overwrites are read by REST and combined as Discord does. Only a typed admin
//! command asks, so it costs two requests now and then.

use serde::Deserialize;
use serenity::all::{ChannelId, GuildId, LightMethod, Permissions, Route};

use crate::rest::{ApiError, Call, Rest};

/// The one permission that makes a game's admin: MANAGE_CHANNELS in the channel (server
/// administrators and the owner have every permission). It is also what hides the admin slash
/// commands from other members.
pub const ADMIN: Permissions = Permissions::MANAGE_CHANNELS;

/// A role, as far as permissions go.
#[derive(Clone, Debug, Deserialize)]
pub struct Role {
    /// Its snowflake (the guild's for @everyone).
    pub id: String,
    /// Its permission bits, as a decimal string.
    pub permissions: String,
}

/// A guild, as far as permissions go.
#[derive(Clone, Debug, Deserialize)]
pub struct Guild {
    /// Who owns it: he may do anything.
    pub owner_id: String,
    /// Its roles.
    pub roles: Vec<Role>,
}

/// A channel's permission overwrite for a role (`type` 0) or a member (`type` 1).
#[derive(Clone, Debug, Deserialize)]
pub struct Overwrite {
    /// The role's or member's snowflake.
    pub id: String,
    /// 0 for a role, 1 for a member.
    #[serde(rename = "type")]
    pub kind: u8,
    /// Bits allowed, as a decimal string.
    pub allow: String,
    /// Bits denied, as a decimal string.
    pub deny: String,
}

/// A channel, as far as permissions go.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Channel {
    /// Its overwrites.
    #[serde(default)]
    pub permission_overwrites: Vec<Overwrite>,
}

fn bits(s: &str) -> Permissions {
    Permissions::from_bits_truncate(s.parse().unwrap_or(0))
}

/// A member's permissions in a channel, from his roles, as Discord computes them: @everyone and
/// his roles, all of them for an administrator or the owner, then the channel's overwrites for
/// @everyone, for his roles, and for him.
pub fn compute(
    guild_id: u64,
    guild: &Guild,
    channel: &Channel,
    user: u64,
    roles: &[u64],
) -> Permissions {
    if guild.owner_id == user.to_string() {
        return Permissions::all();
    }
    let everyone = guild_id.to_string();
    let has = |id: &str| id == everyone || roles.iter().any(|r| r.to_string() == id);
    let mut p = guild
        .roles
        .iter()
        .filter(|r| has(&r.id))
        .fold(Permissions::empty(), |p, r| p | bits(&r.permissions));
    if p.administrator() {
        return Permissions::all();
    }
    let overwrites = &channel.permission_overwrites;
    if let Some(o) = overwrites.iter().find(|o| o.kind == 0 && o.id == everyone) {
        p = (p - bits(&o.deny)) | bits(&o.allow);
    }
    let (mut allow, mut deny) = (Permissions::empty(), Permissions::empty());
    for o in overwrites
        .iter()
        .filter(|o| o.kind == 0 && o.id != everyone && has(&o.id))
    {
        allow |= bits(&o.allow);
        deny |= bits(&o.deny);
    }
    p = (p - deny) | allow;
    if let Some(o) = overwrites
        .iter()
        .find(|o| o.kind == 1 && o.id == user.to_string())
    {
        p = (p - bits(&o.deny)) | bits(&o.allow);
    }
    p
}

/// Whether a member with these roles administers a guild channel, read from Discord.
pub async fn is_admin(
    rest: &Rest,
    guild: GuildId,
    channel: ChannelId,
    user: u64,
    roles: &[u64],
) -> Result<bool, ApiError> {
    let g: Guild = rest
        .json(Call::new(
            Route::Guild { guild_id: guild },
            LightMethod::Get,
        ))
        .await?;
    let c: Channel = rest
        .json(Call::new(
            Route::Channel {
                channel_id: channel,
            },
            LightMethod::Get,
        ))
        .await?;
    Ok(compute(guild.get(), &g, &c, user, roles).contains(ADMIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: u64 = 1;

    fn role(id: u64, p: Permissions) -> Role {
        Role {
            id: id.to_string(),
            permissions: p.bits().to_string(),
        }
    }

    fn over(id: u64, kind: u8, allow: Permissions, deny: Permissions) -> Overwrite {
        Overwrite {
            id: id.to_string(),
            kind,
            allow: allow.bits().to_string(),
            deny: deny.bits().to_string(),
        }
    }

    fn guild() -> Guild {
        Guild {
            owner_id: "9".into(),
            roles: vec![
                role(G, Permissions::SEND_MESSAGES),
                role(20, Permissions::MANAGE_CHANNELS),
                role(30, Permissions::ADMINISTRATOR),
            ],
        }
    }

    fn admin(channel: &Channel, user: u64, roles: &[u64]) -> bool {
        compute(G, &guild(), channel, user, roles).contains(ADMIN)
    }

    #[test]
    fn roles_owner_and_administrators() {
        let c = Channel::default();
        assert!(!admin(&c, 5, &[]));
        assert!(admin(&c, 5, &[20]));
        assert!(admin(&c, 5, &[30]));
        assert!(admin(&c, 9, &[]), "the owner");
    }

    #[test]
    fn channel_overwrites_apply_in_discords_order() {
        let none = Permissions::empty();
        let m = Permissions::MANAGE_CHANNELS;
        // A role's deny takes the manager's right away in this channel…
        let c = Channel {
            permission_overwrites: vec![over(20, 0, none, m)],
        };
        assert!(!admin(&c, 5, &[20]));
        // …unless the member himself is allowed; a member overwrite can grant it to anyone.
        let c = Channel {
            permission_overwrites: vec![over(20, 0, none, m), over(5, 1, m, none)],
        };
        assert!(admin(&c, 5, &[20]));
        assert!(!admin(&c, 6, &[20]));
        // @everyone allowed in the channel; an administrator ignores overwrites.
        let c = Channel {
            permission_overwrites: vec![over(G, 0, m, none), over(30, 0, none, m)],
        };
        assert!(admin(&c, 7, &[]));
        assert!(admin(&c, 7, &[30]));
    }
}
