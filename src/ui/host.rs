//! Card taps and host dialogs: seating a player by their card, buy-ins,
//! top-ups and cash-outs, and the host's menu (moving a seat, correcting a
//! stack, removing a player, reloading the rules, ending the session). Pure
//! like the rest of the controller: it returns intents and applies nothing.
//!
//! Every dialog uses the same three buttons: +/- change the value (held: a
//! bigger step), OK does it, Undo or Fold backs out.

use crate::engine::Chips;
use crate::table::{EntryChoice, Night, Status, Table, TableEvent};
use crate::ui::{Button, Press};

use super::controller::{Controller, Intent, Mode};

/// A dialog the dealer or the host is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    /// A new player's card: which empty seat.
    SeatFor { name: String, seat: usize },
    /// A seated player's card: what to do for them.
    PlayerMenu { seat: usize, item: usize },
    /// Money onto the table, or a corrected stack.
    Amount { purpose: Purpose, amount: Chips },
    /// The host's menu.
    HostMenu(usize),
    /// Host: the seat to act on.
    HostPick { item: HostItem, seat: usize },
    /// Host: the empty seat a player moves to.
    MoveTo { from: usize, to: usize },
    /// Host: one more OK ends the session.
    ConfirmEnd,
    /// T4: a new player's way in, from those the table offers them.
    WayIn { seat: usize, item: usize },
}

/// What an amount dialog is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Join {
        seat: usize,
        name: String,
    },
    TopUp {
        seat: usize,
    },
    Rebuy {
        seat: usize,
    },
    /// Host: the chips really in front of the player.
    SetStack {
        seat: usize,
    },
}

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
    Lock,
}

impl HostItem {
    pub const ALL: [HostItem; 6] = [
        HostItem::MoveSeat,
        HostItem::SetStack,
        HostItem::Remove,
        HostItem::Reload,
        HostItem::EndSession,
        HostItem::Lock,
    ];

    pub fn label(self) -> &'static str {
        match self {
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

/// The +/- step for an amount: a chip about a twentieth of it (held: about a
/// quarter), so a buy-in or a stack is a few presses from anywhere.
pub fn chip_step(denominations: &[Chips], amount: Chips, long: bool) -> Chips {
    let smallest = denominations.first().copied().unwrap_or(1).max(1);
    let share = if long { amount / 4 } else { amount / 20 };
    denominations
        .iter()
        .copied()
        .filter(|&d| d > 0 && d <= share.max(smallest))
        .max()
        .unwrap_or(smallest)
}

impl Controller {
    /// The host card unlocked host actions: open the host menu.
    pub fn host_menu(&mut self) {
        self.mode = Mode::Dialog(Dialog::HostMenu(0));
    }

    /// The host unlock ran out: leave any host dialog.
    pub fn host_locked(&mut self) {
        self.host = false;
        if let Mode::Dialog(d) = &self.mode {
            if d.is_host() {
                self.mode = Mode::Main;
            }
        }
    }

    /// The clock was started: show it large.
    pub fn clock_started(&mut self) {
        self.mode = Mode::Clock;
    }

    /// The clock stopped (ran out, or its player acted): back to the table.
    pub fn clock_stopped(&mut self) {
        if self.mode == Mode::Clock {
            self.mode = Mode::Main;
        }
    }

    /// A player's card was tapped.
    pub fn player_card(&mut self, night: &Night, name: &str) -> Intent {
        let table = night.table();
        let seated = table
            .seats()
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.name == name));
        if table.in_hand() || table.ended() {
            self.message = Some(match seated {
                Some(s) => format!(
                    "{name}: seat {}, {}",
                    s + 1,
                    table.money(table.player(s).map_or(0, |p| p.stack))
                ),
                None if table.ended() => "the session has ended".to_string(),
                None => format!("{name}: seat them between hands"),
            });
            return Intent::None;
        }
        match seated {
            Some(seat) => self.mode = Mode::Dialog(Dialog::PlayerMenu { seat, item: 0 }),
            None => match empty_seats(table).first() {
                Some(&seat) => {
                    self.mode = Mode::Dialog(Dialog::SeatFor {
                        name: name.to_string(),
                        seat,
                    })
                }
                None => self.message = Some("the table is full".into()),
            },
        }
        Intent::None
    }

    /// A press in a dialog; returns the next mode and what to do.
    pub(super) fn dialog(&mut self, table: &Table, d: Dialog, press: Press) -> (Mode, Intent) {
        if matches!(press.button, Button::Undo | Button::Fold) {
            return (self.back(&d), Intent::None);
        }
        if d.is_host() && !self.host {
            self.message = Some("host action: tap the host card".into());
            return (Mode::Main, Intent::None);
        }
        let step = |i: usize, n: usize| match press.button {
            Button::Plus => (i + 1) % n.max(1),
            Button::Minus => (i + n.max(1) - 1) % n.max(1),
            _ => i,
        };
        let ok = press.button == Button::Ok;
        let dialog = |d: Dialog| (Mode::Dialog(d), Intent::None);
        match d {
            Dialog::SeatFor { name, seat } => {
                let seats = empty_seats(table);
                let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
                let Some(&seat) = seats.get(step(at, seats.len())) else {
                    self.message = Some("the table is full".into());
                    return (Mode::Main, Intent::None);
                };
                if !ok {
                    return dialog(Dialog::SeatFor { name, seat });
                }
                let purpose = Purpose::Join { seat, name };
                let amount = purpose.start(table);
                dialog(Dialog::Amount { purpose, amount })
            }
            Dialog::PlayerMenu { seat, item } => {
                let item = step(item, PLAYER_ITEMS.len());
                if !ok {
                    return dialog(Dialog::PlayerMenu { seat, item });
                }
                let Some(p) = table.player(seat) else {
                    return (Mode::Main, Intent::None);
                };
                match PLAYER_ITEMS[item] {
                    PlayerItem::AddChips => {
                        let purpose = if p.stack == 0 {
                            Purpose::Rebuy { seat }
                        } else {
                            Purpose::TopUp { seat }
                        };
                        let amount = purpose.start(table);
                        dialog(Dialog::Amount { purpose, amount })
                    }
                    PlayerItem::SitOutIn if p.status == Status::SittingOut => (
                        Mode::Main,
                        Intent::Apply(TableEvent::SitIn {
                            seat,
                            wait_for_big_blind: false,
                        }),
                    ),
                    PlayerItem::SitOutIn => {
                        (Mode::Main, Intent::Apply(TableEvent::SitOut { seat }))
                    }
                    PlayerItem::SitInWait => (
                        Mode::Main,
                        Intent::Apply(TableEvent::SitIn {
                            seat,
                            wait_for_big_blind: true,
                        }),
                    ),
                    PlayerItem::WayIn if table.can_enter(seat).is_empty() => {
                        self.message = Some("no way in to choose: not a new player".into());
                        (Mode::Main, Intent::None)
                    }
                    PlayerItem::WayIn => dialog(Dialog::WayIn { seat, item: 0 }),
                    PlayerItem::CashOut => (Mode::Main, Intent::Apply(TableEvent::Leave { seat })),
                }
            }
            Dialog::WayIn { seat, item } => {
                let choices = table.can_enter(seat);
                let item = step(item, choices.len());
                match (ok, choices.get(item)) {
                    (true, Some(&entry)) => (
                        Mode::Main,
                        Intent::Apply(TableEvent::NewPlayerEntry { seat, entry }),
                    ),
                    (true, None) => (Mode::Main, Intent::None),
                    (false, _) => dialog(Dialog::WayIn { seat, item }),
                }
            }
            Dialog::Amount { purpose, amount } => {
                let denoms = &table.rules().house.denominations;
                let (min, max) = purpose.bounds(table);
                let amount = match press.button {
                    Button::Plus => amount.saturating_add(chip_step(denoms, amount, press.long)),
                    Button::Minus => amount.saturating_sub(chip_step(denoms, amount, press.long)),
                    _ => amount,
                };
                let amount = amount.max(min).min(max.unwrap_or(Chips::MAX));
                if !ok {
                    return dialog(Dialog::Amount { purpose, amount });
                }
                (Mode::Main, Intent::Apply(purpose.event(amount)))
            }
            Dialog::HostMenu(i) => {
                let i = step(i, HostItem::ALL.len());
                if !ok {
                    return dialog(Dialog::HostMenu(i));
                }
                match HostItem::ALL[i] {
                    HostItem::Reload => (Mode::Main, Intent::ReloadRules),
                    HostItem::EndSession => dialog(Dialog::ConfirmEnd),
                    HostItem::Lock => (Mode::Main, Intent::LockHost),
                    item => match occupied(table).first() {
                        Some(&seat) => dialog(Dialog::HostPick { item, seat }),
                        None => {
                            self.message = Some("nobody is seated".into());
                            dialog(Dialog::HostMenu(i))
                        }
                    },
                }
            }
            Dialog::HostPick { item, seat } => {
                let seats = occupied(table);
                let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
                let Some(&seat) = seats.get(step(at, seats.len())) else {
                    return (Mode::Main, Intent::None);
                };
                if !ok {
                    return dialog(Dialog::HostPick { item, seat });
                }
                match item {
                    HostItem::MoveSeat => match empty_seats(table).first() {
                        Some(&to) => dialog(Dialog::MoveTo { from: seat, to }),
                        None => {
                            self.message = Some("no empty seat to move to".into());
                            dialog(Dialog::HostPick { item, seat })
                        }
                    },
                    HostItem::SetStack => {
                        let purpose = Purpose::SetStack { seat };
                        let amount = purpose.start(table);
                        dialog(Dialog::Amount { purpose, amount })
                    }
                    _ => (Mode::Main, Intent::Apply(TableEvent::Leave { seat })),
                }
            }
            Dialog::MoveTo { from, to } => {
                let seats = empty_seats(table);
                let at = seats.iter().position(|&s| s == to).unwrap_or(0);
                let Some(&to) = seats.get(step(at, seats.len())) else {
                    return (Mode::Main, Intent::None);
                };
                if !ok {
                    return dialog(Dialog::MoveTo { from, to });
                }
                (Mode::Main, Intent::Apply(TableEvent::MoveSeat { from, to }))
            }
            Dialog::ConfirmEnd if ok => (Mode::Ledger, Intent::Apply(TableEvent::EndSession)),
            Dialog::ConfirmEnd => dialog(Dialog::ConfirmEnd),
        }
    }

    /// Undo or Fold in a dialog: one level up (host dialogs go back to the
    /// host menu, the rest close).
    fn back(&self, d: &Dialog) -> Mode {
        match d {
            Dialog::HostMenu(_) => Mode::Main,
            Dialog::Amount {
                purpose: Purpose::SetStack { .. },
                ..
            }
            | Dialog::HostPick { .. }
            | Dialog::MoveTo { .. }
            | Dialog::ConfirmEnd
                if self.host =>
            {
                Mode::Dialog(Dialog::HostMenu(0))
            }
            _ => Mode::Main,
        }
    }
}

impl Dialog {
    /// Host dialogs close when the host lock does.
    pub fn is_host(&self) -> bool {
        matches!(
            self,
            Dialog::HostMenu(_)
                | Dialog::HostPick { .. }
                | Dialog::MoveTo { .. }
                | Dialog::ConfirmEnd
                | Dialog::Amount {
                    purpose: Purpose::SetStack { .. },
                    ..
                }
        )
    }
}

impl Purpose {
    /// The amount the dialog opens at: a full buy-in for a new player (most
    /// home games buy the maximum), what tops a stack up to the maximum, the
    /// stack as it stands for a correction.
    pub fn start(&self, table: &Table) -> Chips {
        let (min, max) = self.bounds(table);
        let stack = |seat: usize| table.player(seat).map_or(0, |p| p.stack);
        let denoms = &table.rules().house.denominations;
        let start = match self {
            Purpose::Join { .. } | Purpose::Rebuy { .. } => max.unwrap_or(min),
            // No maximum: a big chip's worth of the stack.
            Purpose::TopUp { seat } => max.unwrap_or_else(|| chip_step(denoms, stack(*seat), true)),
            Purpose::SetStack { seat } => stack(*seat),
        };
        start.max(min)
    }

    /// What the rules allow, for the +/- to stay inside; the table checks
    /// again when the event is applied.
    pub fn bounds(&self, table: &Table) -> (Chips, Option<Chips>) {
        let (lo, hi) = table.rules().buy_in(table.game());
        let smallest = table
            .rules()
            .house
            .denominations
            .first()
            .copied()
            .unwrap_or(1);
        let stack = |seat: usize| table.player(seat).map_or(0, |p| p.stack);
        match self {
            Purpose::Join { .. } | Purpose::Rebuy { .. } => {
                (lo.unwrap_or(smallest), hi.or(lo.map(|l| l * 100)))
            }
            Purpose::TopUp { seat } => (
                smallest,
                hi.map(|h| h.saturating_sub(stack(*seat)).max(smallest)),
            ),
            Purpose::SetStack { .. } => (0, None),
        }
    }

    pub fn event(&self, amount: Chips) -> TableEvent {
        match self {
            Purpose::Join { seat, name } => TableEvent::Join {
                seat: *seat,
                name: name.clone(),
                buy_in: amount,
            },
            Purpose::TopUp { seat } => TableEvent::TopUp {
                seat: *seat,
                amount,
            },
            Purpose::Rebuy { seat } => TableEvent::Rebuy {
                seat: *seat,
                amount,
            },
            Purpose::SetStack { seat } => TableEvent::SetStack {
                seat: *seat,
                stack: amount,
            },
        }
    }

    pub fn title(&self, table: &Table) -> String {
        let name = |seat: &usize| {
            table
                .player(*seat)
                .map_or_else(|| format!("Seat {}", seat + 1), |p| p.name.clone())
        };
        match self {
            Purpose::Join { name, .. } => format!("{name} buys in"),
            Purpose::TopUp { seat } => format!("{} tops up", name(seat)),
            Purpose::Rebuy { seat } => format!("{} rebuys", name(seat)),
            Purpose::SetStack { seat } => format!("{}'s stack", name(seat)),
        }
    }
}

pub(super) fn empty_seats(table: &Table) -> Vec<usize> {
    table
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| i)
        .collect()
}

pub(super) fn occupied(table: &Table) -> Vec<usize> {
    table
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some())
        .map(|(i, _)| i)
        .collect()
}
