//! Where a shard resumes. Discord's gateway documentation ("Resuming"): a client that lost its
//! connection resumes on the `resume_gateway_url` its session's READY named, not on the address
//! it first connected to; resuming elsewhere may fail and cost the session. serenity 0.12 keeps
//! one address per client and never reads that field, so each shard runs in a client of its own
//! whose address is set from its READY.

use std::sync::Arc;

use serenity::all::{Context, Ready};
use serenity::prelude::TypeMapKey;
use tokio::sync::Mutex;

/// The address a client's shard connects to (serenity's `Client::ws_url`), kept in the client's
/// data so that its READY handler can reach it.
pub struct Address;

impl TypeMapKey for Address {
    type Value = Arc<Mutex<String>>;
}

/// Points the shard of `ctx` at the resume address of the session `ready` began.
pub async fn follow(ctx: &Context, ready: &Ready) {
    let url = ready.resume_gateway_url.trim_end_matches('/');
    if url.is_empty() {
        return;
    }
    let address = ctx.data.read().await.get::<Address>().cloned();
    if let Some(address) = address {
        *address.lock().await = url.to_string();
    }
}
