//! `/help`: how to play with this bot, and the words each playable expansion
//! adds, in a line each, written from the rulebook's pages for the set. In the
//! thread of a game with expansions, `/help` also gives theirs.

use super::{Context, Error};
use crate::service::Refusal;
use engine::Set;
use poise::serenity_prelude::AutocompleteChoice;
use poise::CreateReply;

pub const HELP: &str = "**Innovation** (4th edition), played asynchronously.
• `/innovation new seats: teams: computers: level: expansions:` in a server channel posts a lobby; players press **Join**, the creator may fill seats with **Add computer**, choose expansions (each adds a seat) and presses **Start**. The game gets its own thread.
• `/help expansion:` explains an expansion's words (`/help` in its games' threads too).
• First meld: I DM each player their two cards; choose one with its button.
• Your turn: the thread shows the table and buttons **Draw**, **Meld**, **Dogma**, **Achieve**, or use `/draw`, `/meld card:`, `/dogma card:`, `/achieve age:` (their suggestions list only your legal choices).
• Other questions come in the thread, or by DM when they involve your hidden cards; `/answer` shows or answers yours anywhere.
• `/undo` (or **Undo** under a move's confirmation) takes back your latest move, until something hidden is shown or someone answers.
• When a game comes back to you, I DM what happened since your last move (`/log since: my last turn` shows it all).
• `/hand` your hand · `/table` the table · `/board player:` a board · `/card name:` a card · `/log count:` recent events · `/games` your games · `/concede`.
• Reminders: I DM whoever a game waits on (every 12 hours unless its creator sets otherwise with `/innovation settings reminders: limit:`). A game may have a time limit: past it, the others vote to wait a day more or to remove the late player (as if they conceded).
• `/innovation stats player:` a record in this server's games · `/innovation leaderboard` the most wins here.
• **Rematch** under a finished game's scores opens a lobby for the same table.
• `/innovation me reminders: time_zone: quiet_hours:` your reminders, time zone and quiet hours · `/innovation away until:` pause reminders and time limits in all your games · `/innovation cancel` cancel a game or lobby (its creator or Manage Server).
Allow direct messages from server members so your hand can reach you.";

/// The Unseen's words ("The Unseen" pages of the rulebook, and its special achievements).
pub const UNSEEN_HELP: &str = "**The Unseen** (`/innovation new expansions: unseen`): secrets kept where nobody can look.
• **Unseen draw**: the first card you draw in a turn (yours or another player's) is an Unseen card of that value instead; if that Unseen deck is empty, you draw the base card.
• **Safe**: your zone of face-down cards, the **secrets**. Nobody may look at a secret, you included: everyone sees how many there are and each one's back (its value and set), in the order they came in.
• **Safeguard**: put a card in your safe as a secret. If your safe already holds your **safe limit** or more, nothing happens: the card stays where it is.
• **Safe limit**: 5; 4 if a color of yours is splayed left, 3 right, 2 up, 1 aslant (your best splay counts). Secrets over a lowered limit stay. The pictures show it as **Safe 2/5** (two secrets, limit five).
• **Achieving a secret**: an Achieve action may claim a secret from your own safe, if you are eligible for its value as usual (the **Achieve** button, or `/achieve secret:` with its place). Secrets are not available achievements: no one else can claim them, a teammate neither.
• **Junk**: a junked card leaves play, face down in the junk pile. Junking a deck junks that base deck; cards of its value returned later refill it.
• Special achievements, claimed at the end of any action by whoever has a top card of the value named and:
  **Confidence** (5): four or more secrets in their safe.
  **Zen** (6): no top card of odd value.
  **Anonymity** (7): no standard achievement.
  **Folklore** (8): no visible factory (industry) icon on their board.
  **Mystery** (9): fewer than five colors on their board.
  Some Unseen cards claim them too.";

/// Cities of Destiny's words ("Cities of Destiny" pages of the rulebook, and its special achievements).
pub const CITIES_HELP: &str = "**Cities of Destiny** (`/innovation new expansions: cities`): cities print icons, not effects.
• **City**: a card with six icon slots and no dogma effects (never chosen for Dogma). Splays reveal its slots like any card's; `/card` shows them.
• **City draw**: when your Meld action adds a new color to your board, and right after a color on any board is splayed in a new direction, you draw a city of your highest top card's value, unless a city is in your hand already.
• **Special icons** act once, after you meld the city with a Meld action (top icon first):
  **plus** draw a card one higher than the city; **junk** junk an available achievement of the city's value; **search** (an icon with a magnifying glass, which also counts as that icon) reveal the top X cards of the base X deck (X the city's value), take those with the icon, return the rest; **arrows** splay the city's color that way; **unsplay** unsplay that color on every opponent's board; **uplift** junk the deck one higher, then draw two higher.
• **Flag**: while visible, an achievement for you if no opponent shows more cards of its color. **Fountain**: while visible, an achievement. The pictures count them among your achievements.
• **Bonus icons**: visible bonuses add to your score: your highest is worth its value, each other one point.
• **Endorse** (once a turn): a Dogma action backed by a top city showing the card's featured icon, paid by junking a hand card of value at most the city's. Your non-demand effects run twice, demands go round twice, sharers act once. Press **Endorse** (or `/endorse card:`); I then ask which city and which card to pay.
• Special achievements, claimed at once:
  **Tradition** / **Repute** / **Fame**: meld a city with a left / right / up arrow on a color already splayed that way.
  **Glory** / **Victory**: junk a city with a flag / a fountain from your hand.";

/// Echoes of the Past's words ("Echoes of the Past" pages of the rulebook, bonus icons from the
/// General Expansion Rules, and its special achievements).
pub const ECHOES_HELP: &str = "**Echoes of the Past** (`/innovation new expansions: echoes`): effects that echo from covered cards, and cards foreseen.
• **Echoes draw**: when you would draw a base card and your highest top card is your only top card of that value, you draw an Echoes card instead (base if that deck is empty).
• **Echo effect**: an effect printed where an icon would be (a teal chip with waves; its words lead the card's effects in the pictures). A Dogma action first runs every visible echo effect in the card's color, bottom of the pile first: non-demand effects, shared (and counting for the free draw). Self- or super-executing a top card runs its color's visible echoes, a card elsewhere only its own.
• **Foreshadow**: put a card face down in your **forecast**. Only you may look at it (`/hand`); others see how many cards and their backs.
• **Forecast limit**: 5; 4 if a color of yours is splayed left, 3 right, 2 up, 1 aslant (best splay counts). At or over it, foreshadowing does nothing (the card stays); cards over a lowered limit stay. Shown as **Forecast 2/5**.
• **Promote**: after each Meld action, if your forecast holds cards of value at most the melded card's, you must meld one (I ask by DM), then take a free Dogma action on it (not one of your two actions).
• **If foreseen**: \"if this was foreseen\" holds during that free Dogma action only, not when the card is used later.
• **Bonus icons**: visible bonuses (a number in an icon slot) add to your score: the highest its value, each other one point.
• Special achievements, claimed at the end of any action by whoever has:
  **Supremacy**: three or more of one icon visible in each of four colors (the same icon).
  **Destiny**: five cards in their forecast.
  **Wealth**: eight or more visible bonuses.
  **Heritage**: eight or more visible [image] hexagons in one color.
  **History**: a color with four or more visible echo effects.
  Novel, Barometer, Palampore, Loom and Photography claim them too.";

/// Artifacts of History's words ("Artifacts of History" pages of the rulebook: digging, the display
/// and the showcase, Museums and the Museum Check, compel effects, Battleship Yamato).
pub const ARTIFACTS_HELP: &str = "**Artifacts of History** (`/innovation new expansions: artifacts`): Artifacts dug up, shown once, then kept in Museums.
• **Dig**: after your Meld action, if the melded card's value is at most the covered card's, or both cards' [image] hexagons share a slot, the top Artifact of the covered card's value (empty ages skipped) goes **on display**, unless one is there already or that deck is empty. Effects that meld never dig.
• **Seize**: when you dig, you may instead take an opponent's Artifact of that value from their Museum, with the Museum (even if the dig would find nothing).
• **On display**: face up by your board, public; neither on your board nor in hand: its icons do not count.
• **Showcase**: at the start of your next turn you may take a free Dogma action on it (its icons count for sharing and vulnerability only; no echo effects). Then it goes into a Museum from the supply (into your hand if none is left).
• **Museum**: five wait in the supply. An Artifact in your Museum is public, neither on your board nor in your hand: most effects ignore it, and it is never chosen for Dogma.
• **Melding from a Museum**: a Meld action may meld an Artifact from your Museum; the Museum returns to the supply.
• **Museum Check**: when the last Museum leaves the supply, the single player with the most Artifacts in Museums claims one of their Museums as an achievement (a tie: nobody); then all Artifacts in Museums are returned (in the current player's order) and the Museums go back.
• **Compel**: an effect beginning \"I compel you\" reaches the opponents eligible to share (as many of the featured icon as you, or more), not those with fewer. Otherwise it is a demand; super-executing skips it.
• **Battleship Yamato** (an Artifact 8): value 11 on a board, no icons, no dogma effects.
• **Martian Internet** (an Artifact 11): a **new game** within the game, from a 9 each; meanwhile everyone's cards wait face down. Its winner brings their cards from it back; the rest are junked.";

/// Figures in the Sand's words ("Figures in the Sand" pages of the rulebook: drawing Figures, karma,
/// Auspice, the Decree action and the five Decrees, fading, the Age 0 cards).
pub const FIGURES_HELP: &str = "**Figures in the Sand** (`/innovation new expansions: figures`): people who change the rules.
• **Figures** have karma effects, no dogma effects: never chosen for Dogma; self- or super-executing one does nothing.
• **Drawing Figures**: a free Draw for sharing draws a Figure; when you claim a standard achievement with an Achieve action, each opponent draws one, clockwise from you. Its value is the drawer's highest top card (base if that Figures deck is empty).
• **Karma**: a Figure's text, active while it is a top card. **When**: as it is melded, for any reason. **Each**: a standing change. **Would**: just before that event; \"instead\" replaces it, \"first\" comes before it; if several would, the current player chooses the one that occurs. **Decree**: issue the Decree it names with any two Figures. Would and When karmas do not trigger during a Would or When karma.
• **Auspice**: choosing a card for Dogma whose featured icon a top Figure of yours shows, you may use [avatar] instead for sharing and demands (I ask).
• **Decree action** (**Decree** button, or `/decree`): with Figures of three different values in hand, junk your whole hand, then choose the Decree of a junked Figure's color. In another's achievements, it goes back to the supply; in the supply, you run it, then claim it; yours already, you run it again.
• **Decrees**, one a color, in the supply (not special achievements): **War** choose a value, return those top cards from all other boards; **Expansion** splay a color up; **Trade** draw and foreshadow three one above your highest top card; **Advancement** draw a card two above it; **Rivalry** return three cards of another's score pile and all their top Figures.
• **Fade**: at the end of every action, a player with more than one top Figure scores the extra ones, one by one, their choice (before special achievements and victory).
• **Age 0**: Bear Grylls (a Figure 11) brings in the **Age 0** deck; then 0 is a value to choose and [meat] a standard icon.";

/// The words an expansion adds, for the expansions whose games can be played here.
pub fn expansion_help(set: Set) -> Option<&'static str> {
    match set {
        Set::Unseen => Some(UNSEEN_HELP),
        Set::Cities => Some(CITIES_HELP),
        Set::Echoes => Some(ECHOES_HELP),
        Set::Artifacts => Some(ARTIFACTS_HELP),
        Set::Figures => Some(FIGURES_HELP),
        Set::Base => None,
    }
}

async fn ac_expansion(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let p = engine::card::normalize_title(partial);
    crate::expansions::playable()
        .into_iter()
        .filter(|s| expansion_help(*s).is_some())
        .filter(|s| engine::card::normalize_title(s.title()).contains(&p) || s.name().contains(&p))
        .map(|s| AutocompleteChoice::new(s.title(), s.name()))
        .collect()
}

async fn private(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(text).ephemeral(true)).await?;
    Ok(())
}

/// How to play with this bot (with an expansion's words: those of the game here, or the one named).
#[poise::command(slash_command)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "An expansion whose words to explain, like \"unseen\""]
    #[autocomplete = "ac_expansion"]
    expansion: Option<String>,
) -> Result<(), Error> {
    if let Some(name) = expansion {
        let text = crate::expansions::parse_list(&name).map_err(|e| e.to_string()).and_then(|sets| match sets.as_slice() {
            [set] => expansion_help(*set).ok_or_else(|| format!("{} has no help yet.", set.title())),
            _ => Err("Name one expansion, like \"unseen\".".to_string()),
        });
        return match text {
            Ok(text) => private(ctx, text).await,
            Err(e) => private(ctx, &Refusal::Invalid(e).to_string()).await,
        };
    }
    private(ctx, HELP).await?;
    // In a game's thread: the words of its expansions too.
    let svc = &ctx.data().svc;
    if let Ok(Some(game)) = svc.game_in_channel(ctx.channel_id().get()).await {
        if let Ok(row) = svc.store().game(game).await {
            for text in row.config.expansions.iter().filter_map(|s| expansion_help(*s)) {
                private(ctx, text).await?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::deliver::MAX_TEXT;

    #[test]
    fn help_fits_one_message() {
        assert!(HELP.chars().count() <= MAX_TEXT, "{} characters", HELP.chars().count());
        for set in Set::EXPANSIONS {
            if let Some(text) = expansion_help(set) {
                assert!(text.chars().count() <= MAX_TEXT, "{set}: {} characters", text.chars().count());
            }
        }
    }

    /// Every expansion that can be chosen for a game has its words explained.
    #[test]
    fn every_playable_expansion_has_its_help() {
        for set in crate::expansions::playable() {
            assert!(expansion_help(set).is_some(), "{} is playable but /help does not explain it", set.title());
        }
    }

    /// The Unseen's help names each of its words and its five special achievements.
    #[test]
    fn the_unseen_help_names_its_words() {
        let words = ["Unseen draw", "Safe", "secrets", "Safeguard", "Safe limit", "Achieving a secret", "Junk"];
        for w in words {
            assert!(UNSEEN_HELP.contains(&format!("**{w}**")), "{w}");
        }
        for s in engine::Special::in_play(&[Set::Unseen]).into_iter().filter(|s| s.set() == Set::Unseen) {
            assert!(UNSEEN_HELP.contains(&format!("**{}**", s.name())), "{}", s.name());
        }
    }

    /// Cities of Destiny's help names each of its words, its special icons and its five special achievements.
    #[test]
    fn the_cities_help_names_its_words() {
        let words = ["City", "City draw", "Special icons", "Flag", "Fountain", "Bonus icons", "Endorse"];
        for w in words {
            assert!(CITIES_HELP.contains(&format!("**{w}**")), "{w}");
        }
        for icon in ["plus", "junk", "search", "arrows", "unsplay", "uplift"] {
            assert!(CITIES_HELP.contains(&format!("**{icon}**")), "{icon}");
        }
        for s in engine::Special::in_play(&[Set::Cities]).into_iter().filter(|s| s.set() == Set::Cities) {
            assert!(CITIES_HELP.contains(&format!("**{}**", s.name())), "{}", s.name());
        }
    }

    /// Echoes of the Past's help names each of its words and its five special achievements.
    #[test]
    fn the_echoes_help_names_its_words() {
        let words = ["Echoes draw", "Echo effect", "Foreshadow", "forecast", "Forecast limit", "Promote", "If foreseen", "Bonus icons"];
        for w in words {
            assert!(ECHOES_HELP.contains(&format!("**{w}**")), "{w}");
        }
        for s in engine::Special::in_play(&[Set::Echoes]).into_iter().filter(|s| s.set() == Set::Echoes) {
            assert!(ECHOES_HELP.contains(&format!("**{}**", s.name())), "{}", s.name());
        }
    }

    /// Artifacts of History's help names each of its words; the set has no special achievements
    /// (its Museums take their place), and the help says what a Museum is.
    #[test]
    fn the_artifacts_help_names_its_words() {
        let words = [
            "Dig",
            "Seize",
            "On display",
            "Showcase",
            "Museum",
            "Melding from a Museum",
            "Museum Check",
            "Compel",
            "Battleship Yamato",
            "Martian Internet",
            "new game",
        ];
        for w in words {
            assert!(ARTIFACTS_HELP.contains(&format!("**{w}**")), "{w}");
        }
        assert!(engine::Special::in_play(&[Set::Artifacts]).iter().all(|s| s.set() != Set::Artifacts));
        assert!(ARTIFACTS_HELP.contains("I compel you") && ARTIFACTS_HELP.contains("free Dogma action"));
        assert_eq!(expansion_help(Set::Artifacts), Some(ARTIFACTS_HELP));
    }

    /// Figures in the Sand's help names each of its words, the four kinds of karma and the five
    /// Decrees (by their names in the card data); it has no special achievements (its Decrees are not).
    #[test]
    fn the_figures_help_names_its_words() {
        let words = ["Figures", "Drawing Figures", "Karma", "Auspice", "Decree action", "Decrees", "Fade", "Age 0"];
        for w in words {
            assert!(FIGURES_HELP.contains(&format!("• **{w}**")), "{w}");
        }
        for kind in ["When", "Each", "Would", "Decree"] {
            assert!(FIGURES_HELP.contains(&format!("**{kind}**: ")), "{kind}");
        }
        for d in &engine::CardDb::get().decrees {
            assert!(FIGURES_HELP.contains(&format!("**{}** ", d.name)), "{}", d.name);
        }
        assert!(engine::Special::in_play(&[Set::Figures]).iter().all(|s| s.set() != Set::Figures));
        assert!(FIGURES_HELP.contains("`/decree`") && FIGURES_HELP.contains("Bear Grylls"));
        assert_eq!(expansion_help(Set::Figures), Some(FIGURES_HELP));
    }
}
