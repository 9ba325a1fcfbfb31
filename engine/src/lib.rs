//! The rules of Innovation (4th edition / Ultimate), pure and deterministic:
//! no clock, no I/O, randomness only from the seed in the game's configuration.
//!
//! A [`Game`] is its [`GameConfig`] plus the [`Decision`]s made so far. At any
//! moment it is over (see [`Game::result`]) or waits on [`Prompt`]s.

pub mod card;
pub mod cards;
pub mod city;
pub mod ctx;
pub mod derived;
mod dogma;
pub mod event;
pub mod game;
pub mod karma;
pub mod nested;
pub mod primitives;
pub mod prompt;
pub mod public;
pub mod query;
mod react;
pub mod sentence;
pub mod sim;
pub mod state;
pub mod turn;
pub mod undo;
pub mod view;
pub mod zone;

pub use card::{card, CardDb, CardId, CityIcon, Color, Icon, Set, Slot, Special};
pub use event::Event;
pub use game::{Game, GameConfig, GameError};
pub use prompt::{Action, AnswerKind, Choice, Decision, Prompt};
pub use state::{Outcome, PlayerId, Splay, State, WinReason};
pub use undo::UndoRefusal;
pub use view::View;
pub use zone::Zone;
