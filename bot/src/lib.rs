//! The Discord bot for Innovation: storage ([`store`]), the game logic of the
//! bot without Discord ([`service`]), and the Discord side ([`discord`]).

pub mod claims;
mod db;
pub mod discord;
pub mod expansions;
pub mod ids;
pub mod lookup;
pub mod remind;
pub mod service;
pub mod store;
pub mod text;
