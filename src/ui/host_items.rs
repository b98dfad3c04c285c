//! The player menu a card opens and the host's menu: their items, in
//! screen order, what each one says and why it cannot apply now. Split out
//! of [`super::host`], which re-exports them.

use crate::table::{EntryChoice, Status, Table, TableEvent};

use super::host::{empty_seats, host_seats, occupied};

/// The player menu a card opens, in screen order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerItem {
    /// Top up, or rebuy when broke.
    AddChips,
    /// Sit out, or sit back in.
    SitOutIn,
    /// T5: sit back in but wait for the big blind rather than post what
    /// was missed (where the house lets a player wait).
    SitInWait,
    /// T4: a new player's way in.
    WayIn,
    CashOut,
}

pub const PLAYER_ITEMS: [PlayerItem; 5] = [
    PlayerItem::AddChips,
    PlayerItem::SitOutIn,
    PlayerItem::SitInWait,
    PlayerItem::WayIn,
    PlayerItem::CashOut,
];

/// The host menu, in screen order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostItem {
    MoveSeat,
    SetStack,
    Remove,
    Reload,
    EndSession,
    /// Seat a player who has no card.
    SeatPlayer,
    /// Give a seated player their real name (a guest, a typo).
    Rename,
    /// Sell a seated player chips: a top-up, or a rebuy when broke.
    Sell,
    /// After the end: archive the night and start the next.
    NewNight,
    Lock,
}

impl HostItem {
    pub const ALL: [HostItem; 10] = [
        HostItem::MoveSeat,
        HostItem::SetStack,
        HostItem::Remove,
        HostItem::Reload,
        HostItem::EndSession,
        HostItem::SeatPlayer,
        HostItem::Rename,
        HostItem::Sell,
        HostItem::NewNight,
        HostItem::Lock,
    ];

    /// The host menu's items, in screen order, whatever the table's state
    /// (issue 32: "menus never move"): only Lock depends on the house (no
    /// host card, no lock). What cannot apply now says why when chosen
    /// ([`HostItem::why_not`]).
    pub fn offered(table: &Table) -> Vec<HostItem> {
        // Lock only where a host card unlocks (in the house file or enrolled
        // on the device): without one there is no lock.
        let lock = table.has_host_card();
        HostItem::ALL
            .into_iter()
            .filter(|&i| i != HostItem::Lock || lock)
            .collect()
    }

    /// Why the item cannot apply now, `None` when it can: after the end of
    /// the night only the next one; seating without a card only with an
    /// empty seat between hands; the rest need someone to act on.
    pub fn why_not(self, table: &Table) -> Option<String> {
        let ended = table.ended();
        let why = match self {
            HostItem::NewNight if !ended => "End session first",
            HostItem::NewNight | HostItem::Lock => return None,
            _ if ended => "the night has ended: New night",
            HostItem::Reload | HostItem::EndSession => return None,
            HostItem::SeatPlayer if table.in_hand() => "seat players between hands",
            HostItem::SeatPlayer if empty_seats(table).is_empty() => "the table is full",
            HostItem::SeatPlayer => return None,
            HostItem::MoveSeat if empty_seats(table).is_empty() => "no empty seat to move to",
            HostItem::Rename
                if !occupied(table).is_empty() && host_seats(table, self).is_empty() =>
            {
                "nobody can be renamed now"
            }
            HostItem::Rename if !occupied(table).is_empty() => return None,
            _ if occupied(table).is_empty() => "nobody is seated",
            _ => return None,
        };
        Some(why.into())
    }

    pub fn label(self) -> &'static str {
        match self {
            HostItem::SeatPlayer => "Seat a player",
            HostItem::Sell => "Buy-in/rebuy",
            HostItem::Rename => "Rename a player",
            HostItem::NewNight => "New night",
            HostItem::MoveSeat => "Move a player",
            HostItem::SetStack => "Correct a stack",
            HostItem::Remove => "Remove a player",
            HostItem::Reload => "Reload rules",
            HostItem::EndSession => "End session",
            HostItem::Lock => "Lock",
        }
    }
}

/// T4: what the way-in dialog calls each choice.
pub fn entry_label(entry: EntryChoice) -> &'static str {
    match entry {
        EntryChoice::DealIn => "Deal in now",
        EntryChoice::WaitForBigBlind => "Wait for BB",
        EntryChoice::PostBigBlind => "Post BB now",
        EntryChoice::PostBeforeButton => "Post by button",
        EntryChoice::KillPot => "Kill the pot",
        EntryChoice::KillNextPot => "Play kill, kill next",
    }
}

impl PlayerItem {
    /// The player menu's items, in screen order, the same for every player
    /// in every state (issue 32: "tap, +, OK" once sat one player out and
    /// cashed another out, as Top up came and went): what cannot apply
    /// now says why when chosen ([`PlayerItem::why_not`]).
    pub fn offered(table: &Table, seat: usize) -> Vec<PlayerItem> {
        if table.player(seat).is_none() {
            return Vec::new();
        }
        PLAYER_ITEMS.to_vec()
    }

    /// Why the item cannot apply for `seat` now, `None` when it can: the
    /// table's own answer (`can_rebuy`, `can_top_up`, `can_enter`, and
    /// `verify` of the event).
    pub fn why_not(self, table: &Table, seat: usize) -> Option<String> {
        let p = table.player(seat)?;
        let why = |e: TableEvent| table.verify(&e).err().map(|e| e.to_string());
        let sit_in = |wait_for_big_blind| {
            why(TableEvent::SitIn {
                seat,
                wait_for_big_blind,
            })
        };
        match self {
            PlayerItem::AddChips if p.stack == 0 => {
                table.can_rebuy(seat).err().map(|e| e.to_string())
            }
            PlayerItem::AddChips => table.can_top_up(seat).err().map(|e| e.to_string()),
            PlayerItem::SitOutIn if p.status == Status::SittingOut => sit_in(false),
            PlayerItem::SitOutIn => why(TableEvent::SitOut { seat }),
            PlayerItem::SitInWait if p.status != Status::SittingOut => {
                Some("not sitting out".into())
            }
            PlayerItem::SitInWait => sit_in(true),
            PlayerItem::WayIn if table.can_enter(seat).is_empty() => {
                Some("not a new player".into())
            }
            PlayerItem::WayIn => None,
            PlayerItem::CashOut => why(TableEvent::Leave { seat }),
        }
    }

    pub fn label(self, table: &Table, seat: usize) -> &'static str {
        let p = table.player(seat);
        match self {
            PlayerItem::AddChips if p.is_some_and(|p| p.stack == 0) => "Rebuy",
            PlayerItem::AddChips => "Top up",
            PlayerItem::SitOutIn if p.is_some_and(|p| p.status == Status::SittingOut) => "Sit in",
            PlayerItem::SitOutIn => "Sit out",
            PlayerItem::SitInWait => "Sit in, wait BB",
            PlayerItem::WayIn => "Way in...",
            PlayerItem::CashOut => "Cash out",
        }
    }
}
