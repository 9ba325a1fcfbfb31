//! The `custom_id` of every button and select menu the bot posts. A game's
//! component carries the game id, the seat being asked and the *stamp* of the
//! question it answers (the game version at which that seat's current question
//! was first asked), so a click by someone else, or on an old message, is
//! recognised and refused.

use std::fmt;

/// Which question a component answers: the seat asked, and the question's stamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub seat: usize,
    pub stamp: i64,
}

impl Asked {
    pub fn new(seat: usize, stamp: i64) -> Asked {
        Asked { seat, stamp }
    }
    fn parse(s: &str) -> Option<Asked> {
        let (seat, stamp) = s.split_once('v')?;
        Some(Asked { seat: seat.parse().ok()?, stamp: stamp.parse().ok()? })
    }
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.seat, self.stamp)
    }
}

/// Which of the turn's actions a button stands for (Endorse: Cities of Destiny's Dogma action
/// modifier, a Dogma action of its own button; Decree: Figures in the Sand's fifth action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionButton {
    Draw,
    Meld,
    Dogma,
    Achieve,
    Endorse,
    Decree,
}

impl ActionButton {
    fn letter(self) -> char {
        match self {
            ActionButton::Draw => 'D',
            ActionButton::Meld => 'M',
            ActionButton::Dogma => 'G',
            ActionButton::Achieve => 'A',
            ActionButton::Endorse => 'N',
            ActionButton::Decree => 'R',
        }
    }
    fn from_letter(s: &str) -> Option<ActionButton> {
        Some(match s {
            "D" => ActionButton::Draw,
            "M" => ActionButton::Meld,
            "G" => ActionButton::Dogma,
            "A" => ActionButton::Achieve,
            "N" => ActionButton::Endorse,
            "R" => ActionButton::Decree,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    LobbyJoin(i64),
    LobbyLeave(i64),
    LobbyStart(i64),
    LobbyCancel(i64),
    /// The creator seats a computer player.
    LobbyAddComputer(i64),
    /// The creator takes the last computer player away.
    LobbyRemoveComputer(i64),
    /// The creator's menu of the expansions (its values are set names).
    LobbyExpansions(i64),
    /// One of the turn's action buttons.
    Action {
        game: i64,
        stamp: Asked,
        action: ActionButton,
    },
    /// A button for one option (index into the question's options).
    Pick {
        game: i64,
        stamp: Asked,
        index: usize,
    },
    /// Decline ("choose none") on a question that may be declined.
    Decline {
        game: i64,
        stamp: Asked,
    },
    /// A select menu whose values are option indices.
    Select {
        game: i64,
        stamp: Asked,
    },
    /// Ordering: the options placed so far, then this click's option.
    Order {
        game: i64,
        stamp: Asked,
        placed: Vec<usize>,
        index: usize,
    },
    /// Undo the ordering picks made so far.
    OrderReset {
        game: i64,
        stamp: Asked,
    },
    /// The confirmation button of /concede.
    Concede {
        game: i64,
    },
    /// Take back decision number `seq` (the Undo button under a move's confirmation).
    Undo {
        game: i64,
        seq: i64,
    },
    /// The confirmation of a lobby's Cancel button.
    LobbyCancelConfirm(i64),
    /// The confirmation button of `/innovation cancel` for a game.
    CancelGame {
        game: i64,
    },
    /// A vote on a player who let the time limit pass (`stamp`: their seat and question).
    LimitVote {
        game: i64,
        stamp: Asked,
        remove: bool,
    },
    /// The game-over message's button: open a lobby for a rematch.
    Rematch {
        game: i64,
    },
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComponentId::LobbyJoin(l) => write!(f, "lj:{l}"),
            ComponentId::LobbyLeave(l) => write!(f, "ll:{l}"),
            ComponentId::LobbyStart(l) => write!(f, "ls:{l}"),
            ComponentId::LobbyCancel(l) => write!(f, "lc:{l}"),
            ComponentId::LobbyAddComputer(l) => write!(f, "la:{l}"),
            ComponentId::LobbyRemoveComputer(l) => write!(f, "lr:{l}"),
            ComponentId::LobbyExpansions(l) => write!(f, "lx:{l}"),
            ComponentId::Action { game, stamp, action } => write!(f, "a:{game}:{stamp}:{}", action.letter()),
            ComponentId::Pick { game, stamp, index } => write!(f, "p:{game}:{stamp}:{index}"),
            ComponentId::Decline { game, stamp } => write!(f, "n:{game}:{stamp}"),
            ComponentId::Select { game, stamp } => write!(f, "s:{game}:{stamp}"),
            ComponentId::Order { game, stamp, placed, index } => {
                let placed: Vec<String> = placed.iter().map(|i| i.to_string()).collect();
                write!(f, "o:{game}:{stamp}:{}:{index}", placed.join("."))
            }
            ComponentId::OrderReset { game, stamp } => write!(f, "or:{game}:{stamp}"),
            ComponentId::Concede { game } => write!(f, "q:{game}"),
            ComponentId::Undo { game, seq } => write!(f, "u:{game}:{seq}"),
            ComponentId::LobbyCancelConfirm(l) => write!(f, "lcy:{l}"),
            ComponentId::CancelGame { game } => write!(f, "cg:{game}"),
            ComponentId::LimitVote { game, stamp, remove } => write!(f, "lv:{game}:{stamp}:{}", if *remove { "r" } else { "w" }),
            ComponentId::Rematch { game } => write!(f, "rm:{game}"),
        }
    }
}

impl ComponentId {
    pub fn parse(s: &str) -> Option<ComponentId> {
        let parts: Vec<&str> = s.split(':').collect();
        let num = |i: usize| -> Option<i64> { parts.get(i)?.parse().ok() };
        let idx = |i: usize| -> Option<usize> { parts.get(i)?.parse().ok() };
        Some(match (parts[0], parts.len()) {
            ("lj", 2) => ComponentId::LobbyJoin(num(1)?),
            ("ll", 2) => ComponentId::LobbyLeave(num(1)?),
            ("ls", 2) => ComponentId::LobbyStart(num(1)?),
            ("lc", 2) => ComponentId::LobbyCancel(num(1)?),
            ("la", 2) => ComponentId::LobbyAddComputer(num(1)?),
            ("lr", 2) => ComponentId::LobbyRemoveComputer(num(1)?),
            ("lx", 2) => ComponentId::LobbyExpansions(num(1)?),
            ("a", 4) => ComponentId::Action { game: num(1)?, stamp: Asked::parse(parts[2])?, action: ActionButton::from_letter(parts[3])? },
            ("p", 4) => ComponentId::Pick { game: num(1)?, stamp: Asked::parse(parts[2])?, index: idx(3)? },
            ("n", 3) => ComponentId::Decline { game: num(1)?, stamp: Asked::parse(parts[2])? },
            ("s", 3) => ComponentId::Select { game: num(1)?, stamp: Asked::parse(parts[2])? },
            ("o", 5) => {
                let placed = if parts[3].is_empty() {
                    Vec::new()
                } else {
                    parts[3].split('.').map(|x| x.parse().ok()).collect::<Option<Vec<usize>>>()?
                };
                ComponentId::Order { game: num(1)?, stamp: Asked::parse(parts[2])?, placed, index: idx(4)? }
            }
            ("or", 3) => ComponentId::OrderReset { game: num(1)?, stamp: Asked::parse(parts[2])? },
            ("q", 2) => ComponentId::Concede { game: num(1)? },
            ("u", 3) => ComponentId::Undo { game: num(1)?, seq: num(2)? },
            ("lcy", 2) => ComponentId::LobbyCancelConfirm(num(1)?),
            ("cg", 2) => ComponentId::CancelGame { game: num(1)? },
            ("rm", 2) => ComponentId::Rematch { game: num(1)? },
            ("lv", 4) => ComponentId::LimitVote {
                game: num(1)?,
                stamp: Asked::parse(parts[2])?,
                remove: match parts[3] {
                    "r" => true,
                    "w" => false,
                    _ => return None,
                },
            },
            _ => return None,
        })
    }

    /// The game this component belongs to, if any.
    pub fn game(&self) -> Option<i64> {
        match self {
            ComponentId::Action { game, .. }
            | ComponentId::Pick { game, .. }
            | ComponentId::Decline { game, .. }
            | ComponentId::Select { game, .. }
            | ComponentId::Order { game, .. }
            | ComponentId::OrderReset { game, .. }
            | ComponentId::Concede { game }
            | ComponentId::Undo { game, .. }
            | ComponentId::CancelGame { game }
            | ComponentId::LimitVote { game, .. }
            | ComponentId::Rematch { game } => Some(*game),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        let all = vec![
            ComponentId::LobbyJoin(3),
            ComponentId::LobbyLeave(3),
            ComponentId::LobbyStart(3),
            ComponentId::LobbyCancel(3),
            ComponentId::LobbyAddComputer(3),
            ComponentId::LobbyRemoveComputer(3),
            ComponentId::LobbyExpansions(3),
            ComponentId::Action { game: 12, stamp: Asked::new(3, 40), action: ActionButton::Dogma },
            ComponentId::Action { game: 12, stamp: Asked::new(3, 40), action: ActionButton::Endorse },
            ComponentId::Action { game: 12, stamp: Asked::new(3, 40), action: ActionButton::Decree },
            ComponentId::Pick { game: 12, stamp: Asked::new(3, 40), index: 2 },
            ComponentId::Decline { game: 12, stamp: Asked::new(3, 40) },
            ComponentId::Select { game: 12, stamp: Asked::new(3, 40) },
            ComponentId::Order { game: 12, stamp: Asked::new(3, 40), placed: vec![], index: 1 },
            ComponentId::Order { game: 12, stamp: Asked::new(3, 40), placed: vec![3, 0, 2], index: 1 },
            ComponentId::OrderReset { game: 12, stamp: Asked::new(3, 40) },
            ComponentId::Concede { game: 12 },
            ComponentId::Undo { game: 12, seq: 40 },
            ComponentId::LobbyCancelConfirm(3),
            ComponentId::CancelGame { game: 12 },
            ComponentId::LimitVote { game: 12, stamp: Asked::new(3, 40), remove: true },
            ComponentId::LimitVote { game: 12, stamp: Asked::new(3, 40), remove: false },
            ComponentId::Rematch { game: 12 },
        ];
        for id in all {
            let s = id.to_string();
            assert!(s.len() <= 100, "{s}");
            assert_eq!(ComponentId::parse(&s), Some(id), "{s}");
        }
        assert_eq!(ComponentId::parse("p:1:2"), None);
        assert_eq!(ComponentId::parse("p:1:2:3"), None, "a stamp without its seat");
        assert_eq!(ComponentId::parse("p:1:0v2:3"), Some(ComponentId::Pick { game: 1, stamp: Asked::new(0, 2), index: 3 }));
        let worst = ComponentId::Order { game: 1 << 40, stamp: Asked::new(4, 1 << 30), placed: (0..24).collect(), index: 24 };
        assert!(worst.to_string().len() <= 100, "{worst}");
        assert_eq!(ComponentId::parse("zz:1"), None);
        assert_eq!(ComponentId::parse(""), None);
    }
}
