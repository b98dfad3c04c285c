//! Card taps and host dialogs: seating a player by their card, buy-ins,
//! top-ups and cash-outs, and the host's menu (moving a seat, correcting a
//! stack, removing a player, reloading the rules, ending the session). Pure
//! like the rest of the controller: it returns intents and applies nothing.
//!
//! Every dialog uses the same three buttons: +/- change the value (held: a
//! bigger step), OK does it, Undo or Fold backs out.

use crate::engine::{Chips, Event};
use crate::rules::CardCommand;
use crate::table::{Night, Status, Table, TableEvent};
use crate::ui::{Button, Press};

use super::controller::{Controller, Intent, Mode};
use super::keypad::{KeyOutcome, Keypad};
use super::pick;
use super::view::View;

pub use super::host_items::{entry_label, HostItem, PlayerItem, PLAYER_ITEMS};

/// A dialog the dealer or the host is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    /// A new player's card: which empty seat.
    SeatFor { name: String, seat: usize },
    /// A seated player's card: what to do for them.
    PlayerMenu { seat: usize, item: usize },
    /// Money onto the table, or a corrected stack; `keypad` while the
    /// amount is being typed (held OK, [`Keypad`]).
    Amount {
        purpose: Purpose,
        amount: Chips,
        keypad: Option<Keypad>,
    },
    /// The host's menu.
    HostMenu(usize),
    /// Host: the seat to act on.
    HostPick { item: HostItem, seat: usize },
    /// Host: the empty seat a player moves to.
    MoveTo { from: usize, to: usize },
    /// Host: one more OK ends the session.
    ConfirmEnd,
    /// Issue 32: one more OK cashes `seat` out (a player's "Cash out", or
    /// the host's "Remove a player"): the screen names who and how much.
    ConfirmLeave { seat: usize, host: bool },
    /// Host, after a corrected stack's amount: what the difference is
    /// (M5). Item 0 is money that came into or left the game; item k the
    /// k-th other seated player, whose stack the chips came from or went
    /// to ([`correction_choices`]).
    CorrectionKind {
        seat: usize,
        stack: Chips,
        item: usize,
    },
    /// T4: a new player's way in, from those the table offers them.
    WayIn { seat: usize, item: usize },
    /// Host: a card the house does not know, to bind to one of
    /// [`Table::can_enroll`].
    Enroll { uid: Vec<u8>, item: usize },
    /// Host, on a box with no host card: one more OK makes this new card
    /// the host card; Undo enrolls it for a player instead.
    HostCard { uid: Vec<u8> },
    /// Host: a player without a card, by one of
    /// [`Table::can_seat_without_card`].
    SeatName { item: usize },
    /// Host: a name typed a letter at a time, for the new card `card`, the
    /// seated player `rename` (a guest whose name is now known) or, with
    /// neither, a player to seat ([`super::walk_in::type_name`]).
    TypeName {
        card: Option<Vec<u8>>,
        rename: Option<usize>,
        typed: String,
        letter: usize,
    },
    /// Host: one more OK archives the ended night and starts the next.
    ConfirmNewNight,
    /// Issue 32: who is seated and their stacks, a page of
    /// [`SEATED_ROWS`] at a time (plus and minus turn them).
    Seated { page: usize },
    /// Undo at the table of something that is not the last action of the
    /// hand in progress: one more OK takes `what` back, if the night is
    /// still as it was (`generation`).
    ConfirmUndo { what: String, generation: u64 },
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
    /// The host card: open the host menu, unless the dealer is in the middle
    /// of something (a card that flickers at the edge of the reader taps
    /// again and must not throw a dialog away). The session unlocks either way.
    /// After the end of the night the menu opens on "New night", the one
    /// item that applies then; the items themselves never move.
    pub fn host_card(&mut self, table: &Table) {
        if matches!(
            self.mode,
            Mode::Main | Mode::Menu(_) | Mode::Ledger | Mode::Clock
        ) {
            let at = HostItem::offered(table)
                .iter()
                .position(|&h| h == HostItem::NewNight)
                .filter(|_| table.ended())
                .unwrap_or(0);
            self.mode = Mode::Dialog(Dialog::HostMenu(at));
        }
    }

    /// A command card: what its menu item would do.
    pub fn command_card(&mut self, c: CardCommand) -> Intent {
        let hand = |e| Intent::Apply(TableEvent::Hand(e));
        match c {
            CardCommand::BombNext => Intent::Apply(TableEvent::BombNext),
            CardCommand::Misdeal => hand(Event::Misdeal),
            CardCommand::RunItTwice => hand(Event::RunItTwice),
            CardCommand::Clock => {
                self.mode = Mode::Clock;
                Intent::StartClock
            }
        }
    }

    /// A player's card was tapped.
    pub fn player_card(&mut self, night: &Night, name: &str) -> Intent {
        let table = night.table();
        let seated = table
            .seats()
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| *p.name == *name));
        if table.in_hand() || table.ended() {
            return Intent::Tell(match seated {
                Some(s) => format!(
                    "{name}: seat {}, {}",
                    s + 1,
                    table.money(table.player(s).map_or(0, |p| p.stack))
                ),
                None if table.ended() => {
                    "the session has ended: the host starts a new night".to_string()
                }
                None => format!("{name}: seat them between hands"),
            });
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
                None => return Intent::Tell("the table is full".into()),
            },
        }
        Intent::None
    }

    /// A press in a dialog; returns the next mode and what to do.
    pub(super) fn dialog(&mut self, view: &View<'_>, d: Dialog, press: Press) -> (Mode, Intent) {
        let table = view.night.table();
        let host = view.is_host();
        // Typing digits or letters, undo takes back what was typed.
        let typing = matches!(
            (&d, press.button),
            (
                Dialog::Amount {
                    keypad: Some(_),
                    ..
                },
                _
            ) | (Dialog::TypeName { .. }, Button::Undo)
        );
        if matches!(press.button, Button::Undo | Button::Fold) && !typing {
            return (back(&d, host), Intent::None);
        }
        if d.is_host() && !host {
            return (
                Mode::Main,
                Intent::Tell("host action: tap the host card".into()),
            );
        }
        let ok = press.button == Button::Ok;
        let dialog = |d: Dialog| (Mode::Dialog(d), Intent::None);
        let tell = |mode: Mode, text: &str| (mode, Intent::Tell(text.into()));
        match d {
            Dialog::SeatFor { name, seat } => {
                let Some(seat) = pick::step_in(&empty_seats(table), seat, press.button) else {
                    return tell(Mode::Main, "the table is full");
                };
                if !ok {
                    return dialog(Dialog::SeatFor { name, seat });
                }
                let purpose = Purpose::Join { seat, name };
                let amount = purpose.start(table);
                dialog(Dialog::amount(purpose, amount))
            }
            Dialog::PlayerMenu { seat, item } => {
                let items = PlayerItem::offered(table, seat);
                let item = pick::step(item, items.len(), press.button);
                if !ok {
                    return dialog(Dialog::PlayerMenu { seat, item });
                }
                let (Some(p), Some(&chosen)) = (table.player(seat), items.get(item)) else {
                    return (Mode::Main, Intent::None);
                };
                if let Some(why) = chosen.why_not(table, seat) {
                    return (
                        Mode::Dialog(Dialog::PlayerMenu { seat, item }),
                        Intent::Tell(why),
                    );
                }
                match chosen {
                    PlayerItem::AddChips => super::walk_in::sell(table, seat),
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
                        tell(Mode::Main, "no way in to choose: not a new player")
                    }
                    PlayerItem::WayIn => dialog(Dialog::WayIn { seat, item: 0 }),
                    PlayerItem::CashOut => dialog(Dialog::ConfirmLeave { seat, host: false }),
                }
            }
            Dialog::WayIn { seat, item } => {
                let choices = table.can_enter(seat);
                let item = pick::step(item, choices.len(), press.button);
                match (ok, choices.get(item)) {
                    (true, Some(&entry)) => (
                        Mode::Main,
                        Intent::Apply(TableEvent::NewPlayerEntry { seat, entry }),
                    ),
                    (true, None) => (Mode::Main, Intent::None),
                    (false, _) => dialog(Dialog::WayIn { seat, item }),
                }
            }
            Dialog::Amount {
                purpose,
                amount,
                keypad,
            } => {
                let denoms = &table.rules().house.denominations;
                let (min, max) = purpose.bounds(table);
                let within = |x: Chips| x.max(min).min(max.unwrap_or(Chips::MAX));
                let (amount, keypad, ok) = match (keypad, press.button) {
                    // Typing: OK takes an amount the table allows; one it
                    // does not goes on the screen, nearest, for a second OK.
                    (Some(mut pad), _) => match pad.press(press) {
                        KeyOutcome::Typing => (amount, Some(pad), false),
                        KeyOutcome::Leave => (amount, None, false),
                        KeyOutcome::Done => match pad.units() {
                            Some(x) if within(x) == x => (x, None, true),
                            Some(x) => (within(x), None, false),
                            None => (amount, None, false),
                        },
                    },
                    (None, Button::Ok) if press.long => (
                        amount,
                        Some(Keypad::for_unit(&table.rules().house.unit)),
                        false,
                    ),
                    // Check/call and bet/raise jump to the table's minimum
                    // and maximum, as they walk the shortcuts in bet entry.
                    (None, Button::Plus) => (
                        within(amount.saturating_add(chip_step(denoms, amount, press.long))),
                        None,
                        false,
                    ),
                    (None, Button::Minus) => (
                        within(amount.saturating_sub(chip_step(denoms, amount, press.long))),
                        None,
                        false,
                    ),
                    (None, Button::CheckCall) => (min, None, false),
                    (None, Button::BetRaise) => (within(max.unwrap_or(amount)), None, false),
                    (None, _) => (within(amount), None, ok),
                };
                if !ok {
                    return dialog(Dialog::Amount {
                        purpose,
                        amount,
                        keypad,
                    });
                }
                if let Purpose::SetStack { seat } = purpose {
                    // M5: the host says what the difference is before it
                    // goes in the ledger.
                    return dialog(Dialog::CorrectionKind {
                        seat,
                        stack: amount,
                        item: 0,
                    });
                }
                (Mode::Main, Intent::Apply(purpose.event(amount)))
            }
            Dialog::HostMenu(i) => {
                let items = HostItem::offered(table);
                let i = pick::step(i, items.len(), press.button);
                if !ok {
                    return dialog(Dialog::HostMenu(i));
                }
                let Some(&chosen) = items.get(i) else {
                    return (Mode::Main, Intent::None);
                };
                if let Some(why) = chosen.why_not(table) {
                    return tell(Mode::Dialog(Dialog::HostMenu(i)), &why);
                }
                match chosen {
                    HostItem::Reload => (Mode::Main, Intent::ReloadRules),
                    HostItem::EndSession => dialog(Dialog::ConfirmEnd),
                    HostItem::NewNight => dialog(Dialog::ConfirmNewNight),
                    HostItem::SeatPlayer => dialog(Dialog::SeatName { item: 0 }),
                    HostItem::Lock => (Mode::Main, Intent::LockHost),
                    item => match host_seats(table, item).first() {
                        Some(&seat) => dialog(Dialog::HostPick { item, seat }),
                        None => tell(Mode::Dialog(Dialog::HostMenu(i)), "nobody is seated"),
                    },
                }
            }
            Dialog::HostPick { item, seat } => {
                let Some(seat) = pick::step_in(&host_seats(table, item), seat, press.button) else {
                    return (Mode::Main, Intent::None);
                };
                if !ok {
                    return dialog(Dialog::HostPick { item, seat });
                }
                match item {
                    HostItem::MoveSeat => match empty_seats(table).first() {
                        Some(&to) => dialog(Dialog::MoveTo { from: seat, to }),
                        None => tell(
                            Mode::Dialog(Dialog::HostPick { item, seat }),
                            "no empty seat to move to",
                        ),
                    },
                    HostItem::SetStack => {
                        let purpose = Purpose::SetStack { seat };
                        let amount = purpose.start(table);
                        dialog(Dialog::amount(purpose, amount))
                    }
                    HostItem::Sell => super::walk_in::sell(table, seat),
                    HostItem::Rename => dialog(super::walk_in::typing(None, Some(seat))),
                    _ => dialog(Dialog::ConfirmLeave { seat, host: true }),
                }
            }
            Dialog::MoveTo { from, to } => {
                let Some(to) = pick::step_in(&empty_seats(table), to, press.button) else {
                    return (Mode::Main, Intent::None);
                };
                if !ok {
                    return dialog(Dialog::MoveTo { from, to });
                }
                (Mode::Main, Intent::Apply(TableEvent::MoveSeat { from, to }))
            }
            Dialog::CorrectionKind { seat, stack, item } => {
                let choices = correction_choices(table, seat);
                let item = pick::step(item, choices.len(), press.button);
                if !ok {
                    return dialog(Dialog::CorrectionKind { seat, stack, item });
                }
                let event = match choices.get(item).copied().flatten() {
                    None => TableEvent::SetStack { seat, stack },
                    Some(with) => TableEvent::MoveChips { seat, stack, with },
                };
                (Mode::Main, Intent::Apply(event))
            }
            Dialog::ConfirmEnd if ok => (Mode::Ledger, Intent::Apply(TableEvent::EndSession)),
            Dialog::ConfirmEnd => dialog(Dialog::ConfirmEnd),
            Dialog::ConfirmLeave { seat, .. } if ok => {
                (Mode::Main, Intent::Apply(TableEvent::Leave { seat }))
            }
            Dialog::ConfirmLeave { .. } => dialog(d),
            Dialog::Enroll { uid, item } => super::walk_in::enroll(table, uid, item, press),
            Dialog::HostCard { uid } => super::walk_in::host_card(uid, press),
            Dialog::SeatName { item } => super::walk_in::seat_name(table, item, press),
            Dialog::TypeName {
                card,
                rename,
                typed,
                letter,
            } => super::walk_in::type_name(table, (card, rename), typed, letter, press),
            Dialog::Seated { page } => match press.button {
                Button::Plus | Button::Minus => {
                    let pages = occupied(table).len().div_ceil(SEATED_ROWS);
                    dialog(Dialog::Seated {
                        page: pick::step(page, pages, press.button),
                    })
                }
                Button::Ok => (Mode::Main, Intent::None),
                _ => dialog(Dialog::Seated { page }),
            },
            Dialog::ConfirmNewNight if ok => (Mode::Main, Intent::NewNight),
            Dialog::ConfirmNewNight => dialog(Dialog::ConfirmNewNight),
            Dialog::ConfirmUndo { what, generation } => {
                super::walk_in::confirm_undo(view.night, what, generation, ok)
            }
        }
    }
}

/// Undo or Fold in a dialog: one level up (host dialogs go back to the
/// host menu, the rest close).
fn back(d: &Dialog, host: bool) -> Mode {
    match d {
        Dialog::HostMenu(_) => Mode::Main,
        // Not the host's card: a player's, enrolled as before.
        Dialog::HostCard { uid } => Mode::Dialog(Dialog::Enroll {
            uid: uid.clone(),
            item: 0,
        }),
        // A typed name goes back to the list it was chosen from.
        Dialog::TypeName {
            card: Some(uid), ..
        } => Mode::Dialog(Dialog::Enroll {
            uid: uid.clone(),
            item: 0,
        }),
        Dialog::TypeName {
            rename: Some(seat), ..
        } if host => Mode::Dialog(Dialog::HostPick {
            item: HostItem::Rename,
            seat: *seat,
        }),
        Dialog::TypeName { card: None, .. } if host => Mode::Dialog(Dialog::SeatName { item: 0 }),
        Dialog::Amount {
            purpose: Purpose::SetStack { .. },
            ..
        }
        | Dialog::HostPick { .. }
        | Dialog::MoveTo { .. }
        | Dialog::CorrectionKind { .. }
        | Dialog::ConfirmEnd
        | Dialog::ConfirmLeave { host: true, .. }
        | Dialog::SeatName { .. }
        | Dialog::ConfirmNewNight
            if host =>
        {
            Mode::Dialog(Dialog::HostMenu(0))
        }
        _ => Mode::Main,
    }
}

impl Dialog {
    /// The amount dialog, not typing.
    pub fn amount(purpose: Purpose, amount: Chips) -> Dialog {
        Dialog::Amount {
            purpose,
            amount,
            keypad: None,
        }
    }

    /// Host dialogs close when the host lock does.
    pub fn is_host(&self) -> bool {
        matches!(
            self,
            Dialog::HostMenu(_)
                | Dialog::HostPick { .. }
                | Dialog::MoveTo { .. }
                | Dialog::CorrectionKind { .. }
                | Dialog::ConfirmEnd
                | Dialog::ConfirmLeave { host: true, .. }
                | Dialog::Enroll { .. }
                | Dialog::HostCard { .. }
                | Dialog::SeatName { .. }
                | Dialog::TypeName { .. }
                | Dialog::ConfirmNewNight
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
            // No maximum: the house's usual stack (issue 32: once one
            // chip at a blinds game, 100 big bets at a limit one).
            Purpose::Join { .. } | Purpose::Rebuy { .. } => {
                max.unwrap_or_else(|| table.rules().usual_buy_in(table.game()).unwrap_or(min))
            }
            // No maximum: a big chip's worth of the stack.
            Purpose::TopUp { seat } => max.unwrap_or_else(|| chip_step(denoms, stack(*seat), true)),
            Purpose::SetStack { seat } => stack(*seat),
        };
        start.max(min)
    }

    /// What the table allows, for the +/- to stay inside (the table's own
    /// bounds, which it checks again when the event is applied); a purpose
    /// the table refuses keeps the amount where it is.
    pub fn bounds(&self, table: &Table) -> (Chips, Option<Chips>) {
        let allowed = match self {
            Purpose::Join { .. } => Ok(table.can_buy_in()),
            Purpose::Rebuy { seat } => table.can_rebuy(*seat),
            Purpose::TopUp { seat } => table.can_top_up(*seat),
            Purpose::SetStack { .. } => Ok((0, None)),
        };
        allowed.unwrap_or((0, None))
    }

    /// Whether the table takes this purpose at all now, and why not.
    pub fn allowed(&self, table: &Table) -> Result<(), String> {
        let r = match self {
            Purpose::Rebuy { seat } => table.can_rebuy(*seat).map(|_| ()),
            Purpose::TopUp { seat } => table.can_top_up(*seat).map(|_| ()),
            Purpose::Join { .. } | Purpose::SetStack { .. } => Ok(()),
        };
        r.map_err(|e| e.to_string())
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
                .map_or_else(|| format!("Seat {}", seat + 1), |p| p.name.to_string())
        };
        match self {
            Purpose::Join { name, .. } => format!("{name} buys in"),
            Purpose::TopUp { seat } => format!("{} tops up", name(seat)),
            Purpose::Rebuy { seat } => format!("{} rebuys", name(seat)),
            Purpose::SetStack { seat } => format!("{}'s stack", name(seat)),
        }
    }
}

/// Rows of the seated-players screen's page.
pub const SEATED_ROWS: usize = 6;

/// M5: what a corrected stack's difference can be, in the order the host
/// steps through them: money into or out of the game (`None`), or chips
/// from or to each other seated player.
pub fn correction_choices(table: &Table, seat: usize) -> Vec<Option<usize>> {
    std::iter::once(None)
        .chain(occupied(table).into_iter().filter(|&s| s != seat).map(Some))
        .collect()
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

/// The seats a host item may act on: anyone seated, or for a rename those
/// the table lets be renamed now (`Table::can_rename_seat`).
pub(super) fn host_seats(table: &Table, item: HostItem) -> Vec<usize> {
    let seats = occupied(table);
    match item {
        HostItem::Rename => seats
            .into_iter()
            .filter(|&s| table.can_rename_seat(s).is_ok())
            .collect(),
        HostItem::MoveSeat
        | HostItem::SetStack
        | HostItem::Remove
        | HostItem::Reload
        | HostItem::EndSession
        | HostItem::SeatPlayer
        | HostItem::Sell
        | HostItem::NewNight
        | HostItem::Lock => seats,
    }
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
