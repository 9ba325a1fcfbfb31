//! Tests only: `DISCORD_API_TUNNEL=http://127.0.0.1:PORT` sends the bot's HTTPS requests to
//! discord.com through that HTTP proxy (the end-to-end tests' stand-in, which answers as
//! discord.com), accepting its certificate. Unlike `DISCORD_API_PROXY`, the requests stay
//! requests to `https://discord.com/api/v10/...`, so serenity keeps its own rate limiter on,
//! as in production: the stand-in enforces Discord's limits and the bot must keep to them.

use anyhow::{anyhow, Context as _};

/// The HTTP client for the tunnel, when `DISCORD_API_TUNNEL` is set.
pub fn client_from_env() -> anyhow::Result<Option<reqwest::Client>> {
    let Some(url) = std::env::var("DISCORD_API_TUNNEL").ok().filter(|u| !u.trim().is_empty()) else { return Ok(None) };
    let url = url.trim();
    if !url.starts_with("http://127.0.0.1:") && !url.starts_with("http://localhost:") {
        return Err(anyhow!("DISCORD_API_TUNNEL is for tests against a local stand-in (http://127.0.0.1:PORT), not {url:?}"));
    }
    let proxy = reqwest::Proxy::all(url).with_context(|| format!("DISCORD_API_TUNNEL {url:?}"))?;
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .proxy(proxy)
        // The stand-in's own certificate for discord.com: trusted only on a loopback tunnel.
        .danger_accept_invalid_certs(true)
        .build()
        .context("building the HTTP client for DISCORD_API_TUNNEL")?;
    tracing::warn!("DISCORD_API_TUNNEL is set: talking to a stand-in for Discord at {url} (tests only)");
    Ok(Some(client))
}
