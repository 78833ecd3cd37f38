//! What Discord's refusals mean for the relay: retry, wait for the user, or give the target up.

use std::time::Duration;

use bot_core::relay::Refusal;

use crate::rest::ApiError;

/// Discord's JSON error codes this adapter acts on.
mod code {
    /// Unknown Channel.
    pub const UNKNOWN_CHANNEL: isize = 10003;
    /// Unknown User.
    pub const UNKNOWN_USER: isize = 10013;
    /// Missing Access.
    pub const MISSING_ACCESS: isize = 50001;
    /// Cannot send messages to this user (closed DMs, blocked bot, no shared guild).
    pub const CANNOT_DM: isize = 50007;
    /// Missing Permissions.
    pub const MISSING_PERMISSIONS: isize = 50013;
    /// Cannot execute action on this channel type (a thread or a DM where a text channel was
    /// needed).
    pub const WRONG_CHANNEL_TYPE: isize = 50024;
}

/// What an error means for the outbox, for a message to a user (`private`) or to a channel:
/// Discord's JSON code first, then the status. Only an answer that names the target as gone, or
/// that would fail the same way forever, gives a message up.
pub fn classify(e: &ApiError, private: bool) -> Refusal {
    let what = e.to_string();
    let ApiError::Refused {
        status,
        code,
        retry_after,
        ..
    } = e
    else {
        // The network failed or the answer was cut: try again later.
        return Refusal::Transient(what);
    };
    match *code {
        code::CANNOT_DM if private => return Refusal::Blocked,
        code::UNKNOWN_CHANNEL
        | code::MISSING_ACCESS
        | code::MISSING_PERMISSIONS
        | code::WRONG_CHANNEL_TYPE
            if !private =>
        {
            return Refusal::Gone(what);
        }
        code::UNKNOWN_USER if private => return Refusal::Gone(what),
        _ => {}
    }
    match *status {
        429 => Refusal::RetryAfter(retry_after.unwrap_or(Duration::from_secs(1))),
        500.. => Refusal::Transient(what),
        // A rejected token (reset, or the bot deleted) rejects every message alike: they wait in
        // the outbox for the bot to be given a valid one, however long that takes.
        401 => {
            tracing::error!("Discord rejects the bot's token (401): messages wait in the outbox");
            Refusal::Transient(what)
        }
        // A refusal or a miss that does not say why (no JSON code: a proxy, an outage page) is no
        // proof that the target is gone.
        403 | 404 if *code == 0 => Refusal::Transient(what),
        // The message itself is refused (Invalid Form Body: too long, a bad component): the same
        // message would be refused again, and the target's later ones would wait behind it.
        400 => Refusal::Rejected(what),
        // Anything else Discord explains would fail the same way forever; keeping it would hold
        // back the target's later messages.
        _ => Refusal::Gone(what),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, code: isize, retry: Option<f64>) -> ApiError {
        ApiError::Refused {
            status,
            code,
            message: String::new(),
            retry_after: retry.map(Duration::from_secs_f64),
            global: false,
        }
    }

    fn kind(r: Refusal) -> &'static str {
        match r {
            Refusal::RetryAfter(_) => "retry",
            Refusal::Transient(_) => "transient",
            Refusal::Blocked => "blocked",
            Refusal::Gone(_) => "gone",
            Refusal::Rejected(_) => "rejected",
        }
    }

    #[test]
    fn discord_errors_classify_for_the_outbox() {
        let r = |status, code, private| kind(classify(&refused(status, code, None), private));
        assert_eq!(r(403, 50007, true), "blocked");
        assert_eq!(r(404, 10003, false), "gone");
        assert_eq!(r(403, 50001, false), "gone");
        assert_eq!(r(400, 50035, false), "rejected");
        assert_eq!(r(400, 50035, true), "rejected");
        assert_eq!(r(502, 0, true), "transient");
        // A closed-DM code on a channel is no user to wait for.
        assert_eq!(r(403, 50007, false), "gone");
        // Discord's wait is the wait.
        assert_eq!(
            classify(&refused(429, 0, Some(2.0)), false),
            Refusal::RetryAfter(Duration::from_secs(2))
        );
        assert_eq!(
            kind(classify(&ApiError::Network("reset".into()), true)),
            "transient"
        );
    }

    #[test]
    fn a_rejected_token_or_an_unexplained_refusal_keeps_the_outbox() {
        let r = |status, code, private| kind(classify(&refused(status, code, None), private));
        // A revoked token: every message would be dropped, though none is undeliverable.
        assert_eq!(r(401, 0, false), "transient");
        assert_eq!(r(401, 0, true), "transient");
        assert_eq!(r(401, 40001, false), "transient");
        // A 403 or 404 without Discord's code (a proxy, an outage page) proves nothing.
        assert_eq!(r(403, 0, false), "transient");
        assert_eq!(r(404, 0, true), "transient");
    }
}
