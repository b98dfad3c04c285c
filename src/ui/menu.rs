//! The menu on a long OK: its items, in screen order, what each one says
//! and why it cannot apply now. Split out of [`super::controller`], which
//! re-exports [`MenuItem`].

use crate::engine::Event;
use crate::table::{Table, TableEvent};

use super::host::occupied;

/// Menu entries, in screen order ([`MenuItem::ALL`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    Clock,
    /// S5: the dealer's choice of game.
    Game,
    /// T6: the draw for the button (a host correction later).
    Button,
    Ledger,
    Straddle,
    Bomb,
    KillOrbit,
    Kill,
    RunItTwice,
    Chop,
    Misdeal,
    /// B3: the open-pair option on fourth street.
    OpenPair,
    /// G6: a common wild card is exposed.
    WildCard,
    /// G8: the next Guts hand is the last.
    GutsFinal,
    /// G9: a player loses a life.
    LoseLife,
    /// A player shows their hand.
    Show,
    /// G4 (H3 lowball): the best hand checked a seven after the draw.
    CheckedSeven,
    /// Issue 32: who is seated, with their stacks (a view). Just before
    /// Host, so that minus from the first item still opens the host's
    /// menu, and no other item moves.
    Seated,
    Host,
}

impl MenuItem {
    /// The clock first: the one item a dealer reaches for mid-hand, and
    /// the first place never depends on the house (issue 32).
    pub const ALL: [MenuItem; 19] = [
        MenuItem::Clock,
        MenuItem::Game,
        MenuItem::Button,
        MenuItem::Ledger,
        MenuItem::Straddle,
        MenuItem::Bomb,
        MenuItem::KillOrbit,
        MenuItem::Kill,
        MenuItem::RunItTwice,
        MenuItem::Chop,
        MenuItem::Misdeal,
        MenuItem::OpenPair,
        MenuItem::WildCard,
        MenuItem::GutsFinal,
        MenuItem::LoseLife,
        MenuItem::Show,
        MenuItem::CheckedSeven,
        MenuItem::Seated,
        MenuItem::Host,
    ];

    /// The menu's items, in screen order: every item the house has at all
    /// ([`Table::house_offers`]), whatever the table's state, so an item
    /// keeps its place all night (issue 32: "menus never move"); what
    /// cannot apply now says why when chosen ([`MenuItem::why_not`]).
    pub fn offered(table: &Table, _host: bool) -> Vec<MenuItem> {
        let o = table.house_offers();
        MenuItem::ALL
            .into_iter()
            .filter(|item| item.offer(&o).unwrap_or(true))
            .collect()
    }

    /// The item's flag in the table's [`Offers`]; `None` for an item that
    /// has none (the clock, the ledger, the host menu, a misdeal).
    fn offer(self, o: &crate::table::Offers) -> Option<bool> {
        Some(match self {
            MenuItem::Game => o.choose_game,
            MenuItem::Button => o.draw_for_button,
            MenuItem::Straddle => o.straddle,
            MenuItem::Bomb => o.bomb,
            MenuItem::KillOrbit => o.kill_orbit,
            MenuItem::Kill => o.kill,
            MenuItem::RunItTwice => o.run_it_twice,
            MenuItem::Chop => o.chop,
            MenuItem::OpenPair => o.open_pair,
            MenuItem::WildCard => o.wild_card,
            MenuItem::GutsFinal => o.guts_final,
            MenuItem::LoseLife => o.lose_life,
            MenuItem::Show => o.show,
            MenuItem::CheckedSeven => o.checked_seven,
            MenuItem::Misdeal
            | MenuItem::Clock
            | MenuItem::Ledger
            | MenuItem::Host
            | MenuItem::Seated => return None,
        })
    }

    /// Why the item cannot apply now, `None` when it can: the table's own
    /// answer ([`Table::offers`], and [`Table::verify`] of the item's event
    /// for the reason), never worked out here.
    pub fn why_not(self, table: &Table, host: bool) -> Option<String> {
        let o = table.offers();
        let can = match self {
            MenuItem::Button => o.draw_for_button || (host && !table.in_hand()),
            MenuItem::Misdeal => table.verify(&TableEvent::Hand(Event::Misdeal)).is_ok(),
            _ => self.offer(&o).unwrap_or(true),
        };
        if can {
            return None;
        }
        let hand = |e: Event| TableEvent::Hand(e);
        let event = match self {
            MenuItem::Game => Some(TableEvent::ChooseGame {
                game: (table.game() + 1) % table.rules().games.len().max(1),
            }),
            MenuItem::Straddle => {
                return Some(match table.can_straddle() {
                    Err(e) => e.to_string(),
                    Ok(_) => "nobody may straddle now".into(),
                })
            }
            MenuItem::Bomb => Some(TableEvent::BombNext),
            MenuItem::KillOrbit => Some(TableEvent::StartKillOrbit),
            MenuItem::Kill => occupied(table)
                .first()
                .map(|&seat| TableEvent::Kill { seat }),
            MenuItem::RunItTwice => Some(hand(Event::RunItTwice)),
            MenuItem::Chop => Some(hand(Event::Chop)),
            MenuItem::Misdeal => Some(hand(Event::Misdeal)),
            MenuItem::OpenPair => Some(hand(Event::OpenPair)),
            MenuItem::WildCard => Some(hand(Event::WildCard)),
            MenuItem::CheckedSeven => Some(hand(Event::CheckedSeven)),
            MenuItem::GutsFinal => Some(TableEvent::GutsFinal),
            MenuItem::Button if table.in_hand() => {
                return Some("the button is set between hands".into())
            }
            MenuItem::Button => return Some("after the first hand: host only".into()),
            MenuItem::LoseLife | MenuItem::Show => None,
            MenuItem::Clock | MenuItem::Ledger | MenuItem::Host | MenuItem::Seated => None,
        };
        let why = event.and_then(|e| table.verify(&e).err().map(|e| e.to_string()));
        Some(why.unwrap_or_else(|| match self {
            MenuItem::LoseLife | MenuItem::Show | MenuItem::Kill => nobody(self).into(),
            _ => "not in this game now".into(),
        }))
    }

    pub fn label(self, table: &Table) -> String {
        match self {
            MenuItem::Game => "Game...".into(),
            MenuItem::Button => "Button...".into(),
            MenuItem::Clock => format!("Clock {}s", table.rules().clock_limit()),
            MenuItem::Ledger => "Ledger + QR".into(),
            MenuItem::Straddle => "Straddle...".into(),
            MenuItem::Bomb => "Bomb pot next".into(),
            MenuItem::KillOrbit => "Kill orbit".into(),
            MenuItem::Kill => "Kill by...".into(),
            MenuItem::RunItTwice => "Run it twice".into(),
            MenuItem::Chop => "Chop blinds".into(),
            MenuItem::Misdeal => "Misdeal".into(),
            MenuItem::OpenPair => "Open pair".into(),
            MenuItem::WildCard => "Wild card shown".into(),
            MenuItem::GutsFinal => "Guts: last hand".into(),
            MenuItem::LoseLife => "Lose a life...".into(),
            MenuItem::Show => "Show hand...".into(),
            MenuItem::CheckedSeven => "Best hand checked 7".into(),
            MenuItem::Host => "Host...".into(),
            MenuItem::Seated => "Who is seated".into(),
        }
    }

    /// Items that pick a table seat before they apply.
    pub(super) fn wants_seat(self) -> bool {
        matches!(
            self,
            MenuItem::Straddle
                | MenuItem::Kill
                | MenuItem::Button
                | MenuItem::LoseLife
                | MenuItem::Show
        )
    }
}

/// Why a seat picker has nothing to pick.
pub(super) fn nobody(item: MenuItem) -> &'static str {
    match item {
        MenuItem::LoseLife => "nobody has a life to lose",
        MenuItem::Show => "nobody holds a hand to show",
        MenuItem::Kill => "nobody may kill the next pot now",
        _ => "nobody is seated",
    }
}

/// The seats a menu item may pick from: for a straddle, only those the table
/// says may straddle next (F4); the ui never works that out itself.
pub(super) fn seats_for(table: &Table, item: MenuItem) -> Result<Vec<usize>, String> {
    match item {
        MenuItem::Straddle => table.can_straddle().map_err(|e| e.to_string()),
        MenuItem::Show => Ok(table.can_show()),
        // G9: the players still holding lives.
        MenuItem::LoseLife => Ok(table.lives().map_or_else(Vec::new, |g| {
            g.lives
                .iter()
                .filter(|&&(_, l)| l > 0)
                .map(|&(s, _)| s)
                .collect()
        })),
        _ => Ok(occupied(table)),
    }
}
