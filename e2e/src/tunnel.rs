//! The stand-in's API over HTTPS, reached the way the bot would reach Discord: the bot's
//! HTTP client is given the stand-in as its proxy, asks it to `CONNECT discord.com:443`,
//! and speaks TLS through the tunnel to the stand-in, which answers as discord.com with a
//! certificate of its own (kept in `e2e/tls/`, a throwaway test key that signs nothing
//! else; the bot accepts it only in this test mode). So the bot's requests go to
//! `https://discord.com/api/v10/...` as in production, and serenity keeps its rate limiter
//! on (it turns it off for a plain API proxy).

use anyhow::{bail, Context as _};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

const CERT: &[u8] = include_bytes!("../tls/discord.com.cert.der");
const KEY: &[u8] = include_bytes!("../tls/discord.com.key.der");

/// The TLS side of the stand-in, as discord.com.
pub fn acceptor() -> anyhow::Result<TlsAcceptor> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS versions")?
        .with_no_client_auth()
        .with_single_cert(vec![CertificateDer::from(CERT.to_vec())], PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(KEY.to_vec())))
        .context("the stand-in's certificate")?;
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Answers the client's `CONNECT` and then its TLS handshake.
pub async fn accept(mut stream: TcpStream, tls: &TlsAcceptor) -> anyhow::Result<TlsStream<TcpStream>> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await? == 0 || head.len() > 8192 {
            bail!("the tunnel's request ended early");
        }
        head.push(byte[0]);
    }
    if !head.starts_with(b"CONNECT ") {
        stream.write_all(b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n").await?;
        bail!("not a CONNECT request");
    }
    stream.write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n").await?;
    Ok(tls.accept(stream).await?)
}
