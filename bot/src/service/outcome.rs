//! What to tell whom after something happened in a game, as data: posts in the
//! game's thread, direct messages, pictures, the buttons and menus that answer a
//! question, and the order in which a game's outcomes are delivered.

use super::*;

/// A picture to attach, with the words to show instead when it cannot be drawn.
#[derive(Clone, Debug)]
pub enum Picture {
    /// The whole table as the view's viewer sees it.
    Table(View),
    /// One player's board.
    Board(View, usize),
    /// The view's viewer's hand.
    Hand(View, usize),
    Card(CardId),
}

impl Picture {
    pub fn png(&self) -> Result<Vec<u8>, render::RenderError> {
        match self {
            Picture::Table(v) => render::table_png(v),
            Picture::Board(v, s) => render::board_png(v, *s),
            Picture::Hand(v, s) => render::hand_png(v, *s),
            Picture::Card(c) => render::card_png(*c),
        }
    }
    /// The words to show when the picture cannot be drawn.
    pub fn fallback(&self) -> String {
        match self {
            Picture::Table(v) => text::table_text(v),
            Picture::Board(v, s) => text::board_text(v, *s),
            Picture::Hand(..) => String::new(), // the hand is always listed in words too
            Picture::Card(c) => text::card_text(*c),
        }
    }
    pub fn file_name(&self) -> String {
        match self {
            Picture::Table(_) => "table.png".into(),
            Picture::Board(_, s) => format!("board-{s}.png"),
            Picture::Hand(..) => "hand.png".into(),
            Picture::Card(c) => format!("card-{}.png", c.0),
        }
    }
}

/// Buttons or menus answering one player's question.
#[derive(Clone, Debug, PartialEq)]
pub struct Ui {
    pub game: i64,
    pub stamp: i64,
    pub seat: usize,
    pub kind: UiKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum UiKind {
    /// The turn's action: which of the four buttons have something behind them, whether a
    /// Dogma action may be endorsed (Cities of Destiny: its button is shown only then), and whether
    /// a Decree may be issued (Figures in the Sand: its button is shown only then).
    Actions { draw: bool, meld: bool, dogma: bool, achieve: bool, endorse: bool, decree: bool },
    /// Pick from labelled options (labels never name a card the player may not see).
    Choose { options: Vec<String>, min: usize, max: usize, order: bool },
    /// The others' vote on the player `seat` who let the time limit pass: wait one more day, or remove them.
    LimitVote { name: String },
    /// Under the game-over message: open a new lobby for the same table (see `service/rematch.rs`).
    Rematch,
}

/// A message in the game's thread.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub text: String,
    pub pictures: Vec<Picture>,
    pub ui: Option<Ui>,
}

/// A direct message to a player.
#[derive(Clone, Debug)]
pub struct Dm {
    pub user: Snowflake,
    pub seat: usize,
    pub text: String,
    pub pictures: Vec<Picture>,
    pub ui: Option<Ui>,
    /// What to post in the game's thread instead when the message cannot be
    /// delivered (`None`: the usual words about direct messages being closed).
    pub fallback: Option<String>,
}

/// What to tell whom after something happened in a game.
#[derive(Debug, Default)]
pub struct Outcome {
    pub game: i64,
    pub thread: Option<Snowflake>,
    pub posts: Vec<Post>,
    pub dms: Vec<Dm>,
    /// For the one who acted, privately.
    pub reply: String,
    /// The reply tells the one who acted something they must see (their hand, changed only by
    /// what they just did, instead of a direct message): shown even where a confirmation is
    /// usually left out.
    pub reply_tells: bool,
    /// Messages whose buttons answer questions that are gone: take the buttons away.
    pub stale: Vec<PromptMessage>,
    /// This outcome's place in its game's order: deliver after [`OrderTicket::wait_turn`], then drop it.
    pub order: Option<OrderTicket>,
    /// The game now waits on a computer player: after delivering, let it move
    /// (see [`Service::computer_move`]).
    pub computer_turn: bool,
    /// The claimed background work this outcome is (a reminder, a time limit): released once
    /// delivered; its messages carry the claim's nonces (see [`crate::claims`]).
    pub claim: Option<crate::claims::Work>,
    /// The decision (its `seq`) the one who acted may take back now: the reply offers an
    /// **Undo** button for it (see `service/undo.rs`).
    pub undo: Option<i64>,
}

/// Keeps a game's outcomes delivered in the order they happened, without
/// holding the game itself while messages are sent.
pub(super) struct Sequencer {
    issued: AtomicU64,
    state: watch::Sender<SeqState>,
}

#[derive(Default)]
pub(super) struct SeqState {
    /// Every ticket below this one is done.
    done: u64,
    /// Tickets done out of order.
    finished: BTreeSet<u64>,
}

impl Default for Sequencer {
    fn default() -> Sequencer {
        Sequencer { issued: AtomicU64::new(0), state: watch::channel(SeqState::default()).0 }
    }
}

/// An outcome's place in the delivery order of its game; dropping it lets the next one go.
pub struct OrderTicket {
    n: u64,
    seq: Arc<Sequencer>,
}

impl OrderTicket {
    pub(super) fn issue(seq: &Arc<Sequencer>) -> OrderTicket {
        OrderTicket { n: seq.issued.fetch_add(1, Ordering::SeqCst), seq: seq.clone() }
    }
    /// Waits until every earlier outcome of the game was delivered (or dropped).
    pub async fn wait_turn(&self) {
        let mut rx = self.seq.state.subscribe();
        let _ = rx.wait_for(|s| s.done >= self.n).await;
    }
}

impl Drop for OrderTicket {
    fn drop(&mut self) {
        let n = self.n;
        self.seq.state.send_modify(|s| {
            s.finished.insert(n);
            while s.finished.remove(&s.done) {
                s.done += 1;
            }
        });
    }
}

impl std::fmt::Debug for OrderTicket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OrderTicket({})", self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    pub(super) async fn outcomes_are_delivered_in_order_even_when_dropped_out_of_order() {
        let seq = Arc::new(Sequencer::default());
        let (a, b, c) = (OrderTicket::issue(&seq), OrderTicket::issue(&seq), OrderTicket::issue(&seq));
        a.wait_turn().await; // the first goes at once
        let waiting_c = tokio::spawn(async move {
            c.wait_turn().await;
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting_c.is_finished(), "c waits for a and b");
        drop(b); // b is done (say, dropped) before a
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting_c.is_finished(), "c still waits for a");
        drop(a);
        tokio::time::timeout(Duration::from_secs(2), waiting_c).await.expect("c goes once a and b are done").unwrap();
    }
}
