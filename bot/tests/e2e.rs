//! End to end: the real bot process (`innovation run`) against a local stand-in
//! for Discord (`e2e/`), played by simulated people through buttons, menus and
//! slash commands.

use e2e::bot::BotProcess;
use e2e::discord::{Config, StandIn};
use e2e::players::{Options, Table};
use std::path::PathBuf;
use std::time::Duration;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_innovation"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    let discord = StandIn::start(Config::default()).await.unwrap();
    let db = dir.path().join("bot.db");
    let log = dir.path().join("bot.log");
    let bot = BotProcess::start(&bin(), &discord, &db, &log).unwrap();
    if let Err(e) = discord.wait_ready(Duration::from_secs(60)).await {
        panic!("{e:#}\n{}", bot.log_tail(50));
    }
    let channel = discord.add_channel("games");
    let users = vec![discord.add_user("ann"), discord.add_user("bo"), discord.add_user("cy")];
    let mut table = Table::new(&discord, channel, users, Options::default());
    let r = tokio::time::timeout(Duration::from_secs(300), async {
        table.open().await?;
        table.play().await
    })
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("the game took over 5 minutes")));
    let st = discord.state();
    println!("tally {:?}", table.tally);
    println!("unknown {:?}", st.unknown);
    println!("rejections {:?}", st.rejections);
    drop(st);
    if let Err(e) = r {
        panic!("{e:#}\n{}", bot.log_tail(50));
    }
}
