//! The fake's gateway websocket: HELLO, IDENTIFY -> READY, heartbeats, dispatches, RESUME.

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State as Axum};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::{APP_ID, BOT_ID, Fake, GUILD_ID, Shard, WsOut};

/// The gateway routes: `/gw`, the address `GET /gateway/bot` gives, and `/resume/{session}`, the
/// `resume_gateway_url` of a session's READY. Discord's gateway documentation ("Resuming"): a
/// client resumes on the `resume_gateway_url` of its READY, not on the address it first used.
pub fn router(fake: Fake) -> Router {
    Router::new()
        .route("/gw", get(upgrade))
        .route("/resume/{session}", get(upgrade_resume))
        .with_state(fake)
}

async fn upgrade(Axum(fake): Axum<Fake>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| serve(fake, socket, None))
}

async fn upgrade_resume(
    Axum(fake): Axum<Fake>,
    Path(session): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| serve(fake, socket, Some(session)))
}

/// Serves one connection; `via` is the session whose resume address it came in on, if any.
async fn serve(fake: Fake, mut socket: WebSocket, via: Option<String>) {
    // A short heartbeat interval, so that a test sees heartbeats.
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 1000}}).to_string();
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<WsOut>();
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(WsOut::Text(t)) => {
                    if socket.send(Message::Text(t.into())).await.is_err() {
                        break;
                    }
                }
                Some(WsOut::Close(code)) => {
                    let frame = CloseFrame { code, reason: "fake: dropped".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
            inc = socket.recv() => match inc {
                Some(Ok(Message::Text(t))) => {
                    let Ok(v) = serde_json::from_str::<Value>(t.as_str()) else { continue };
                    frame(&fake, &tx, &v, via.as_deref());
                }
                Some(Ok(_)) => {}
                _ => break,
            },
        }
    }
    // This connection is gone: stop dispatching to it (unless a newer one took over).
    let mut s = fake.lock();
    for session in s.shards.values_mut() {
        if session.socket.as_ref().is_some_and(|c| c.same_channel(&tx)) {
            session.socket = None;
        }
    }
}

/// Answers one frame from the client, which connected on the resume address of session `via`.
fn frame(fake: &Fake, tx: &mpsc::UnboundedSender<WsOut>, v: &Value, via: Option<&str>) {
    let mut s = fake.lock();
    match v["op"].as_u64() {
        Some(1) => {
            s.heartbeats += 1;
            let _ = tx.send(WsOut::Text(json!({"op": 11}).to_string()));
        }
        Some(2) => {
            let intents = v["d"]["intents"].as_u64().unwrap_or(0);
            s.intents.push(intents);
            let refused = (intents & super::MESSAGE_CONTENT != 0 && !s.content_granted)
                || (intents & super::GUILD_MEMBERS != 0 && !s.members_granted);
            if refused {
                // Discord: "Disallowed intent(s)", the connection closed for good.
                s.disallowed += 1;
                let _ = tx.send(WsOut::Close(4014));
                return;
            }
            // Discord: `shard` is [shard_id, num_shards], [0, 1] when absent.
            let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
            let count = v["d"]["shard"][1].as_u64().unwrap_or(1).max(1) as u32;
            s.session_intents = intents;
            s.identifies += 1;
            s.shard_count = count;
            s.identified.push([shard, count]);
            let session_id = format!("session-{}", s.identifies);
            let session = s.shards.entry(shard).or_default();
            // A new session starts its sequence afresh; nothing of the old one is replayed.
            *session = Shard {
                session_id: session_id.clone(),
                socket: Some(tx.clone()),
                ..Shard::default()
            };
            let user = s.user_json(BOT_ID);
            let guilds: Vec<Value> = [GUILD_ID]
                .into_iter()
                .filter(|g| ((g >> 22) % u64::from(count)) as u32 == shard)
                .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                .collect();
            let ready = json!({
                "v": 10,
                "user": user,
                "guilds": guilds,
                "session_id": session_id,
                "resume_gateway_url": format!("ws://{}/resume/{session_id}", fake.addr),
                "shard": [shard, count],
                "application": {"id": APP_ID.to_string(), "flags": 0},
            });
            s.dispatch_to(shard, "READY", ready);
        }
        Some(6) => {
            let after = v["d"]["seq"].as_u64().unwrap_or(0);
            let id = v["d"]["session_id"].as_str().unwrap_or_default();
            let Some(shard) = s
                .shards
                .iter()
                .find(|(_, session)| session.session_id == id)
                .map(|(n, _)| *n)
            else {
                let _ = tx.send(WsOut::Text(json!({"op": 9, "d": false}).to_string()));
                return;
            };
            s.resumes += 1;
            if via != Some(id) {
                s.resumed_elsewhere += 1;
            }
            let session = s.shards.get_mut(&shard).expect("the shard found");
            for (seq, frame) in session.dispatches.clone() {
                if seq > after
                    && !frame.contains("\"t\":\"READY\"")
                    && !frame.contains("\"t\":\"RESUMED\"")
                {
                    let _ = tx.send(WsOut::Text(frame));
                }
            }
            session.socket = Some(tx.clone());
            s.dispatch_to(shard, "RESUMED", json!({}));
        }
        _ => {}
    }
}
