//! The night from the box alone: a card the house file does not know is
//! enrolled by the host, a player without a card is seated from the host's
//! menu and sold chips there, and undo at the table asks before it takes
//! back anything but the last action of the hand in progress.

use crate::rules::uid_hex;
use crate::table::{Night, Table, TableEvent};
use crate::ui::{Button, Press};

use super::controller::{Controller, Intent, Mode};
use super::host::{empty_seats, Dialog, Purpose};
use super::pick;
use super::view::View;

impl Controller {
    /// A card that is neither in the house file nor enrolled. The host,
    /// unlocked and between dialogs, is offered to enroll it; anyone else
    /// is told how.
    pub fn unknown_card(&mut self, view: &View<'_>, uid: &[u8]) -> Intent {
        let hex = uid_hex(uid);
        if !view.is_host() {
            return Intent::Tell(format!(
                "unknown card {hex}: tap the host card, then this card, to enroll it"
            ));
        }
        if view.night.table().ended() {
            return Intent::Tell(format!(
                "unknown card {hex}: start the new night first (host menu)"
            ));
        }
        if !matches!(
            self.mode,
            Mode::Main
                | Mode::Menu(_)
                | Mode::Ledger
                | Mode::Clock
                | Mode::Dialog(Dialog::HostMenu(_))
        ) {
            return Intent::Tell(format!("unknown card {hex}: finish this first"));
        }
        self.mode = Mode::Dialog(Dialog::Enroll {
            uid: uid.to_vec(),
            item: 0,
        });
        Intent::None
    }

    /// Undo on one of the table's own screens: the last action of the hand
    /// in progress goes at once; anything else (a seat, a buy-in, a paid
    /// pot, a choice between hands) is named first and goes on one more OK.
    pub(super) fn take_back(&self, night: &Night) -> (Mode, Intent) {
        if let Err(why) = night.can_undo() {
            return (Mode::Main, Intent::Tell(why.to_string()));
        }
        let table = night.table();
        let Some(last) = night.events().last() else {
            return (Mode::Main, Intent::Undo);
        };
        let in_hand = table.live_hand().is_some()
            && matches!(
                last,
                TableEvent::Hand(_) | TableEvent::NewHand | TableEvent::GutsCall { .. }
            );
        if in_hand {
            return (Mode::Main, Intent::Undo);
        }
        (
            Mode::Dialog(Dialog::ConfirmUndo {
                what: table.describe(last),
                generation: night.generation(),
            }),
            Intent::None,
        )
    }
}

/// The confirmation of an undo: OK takes it back if nothing changed since.
pub(super) fn confirm_undo(
    night: &Night,
    what: String,
    generation: u64,
    ok: bool,
) -> (Mode, Intent) {
    if !ok {
        return (
            Mode::Dialog(Dialog::ConfirmUndo { what, generation }),
            Intent::None,
        );
    }
    if night.generation() != generation {
        return (
            Mode::Main,
            Intent::Tell("the table changed since: nothing taken back".into()),
        );
    }
    (Mode::Main, Intent::Undo)
}

/// Host: which name a new card is enrolled to; OK binds it.
pub(super) fn enroll(table: &Table, uid: Vec<u8>, item: usize, press: Press) -> (Mode, Intent) {
    let names = table.can_enroll();
    let item = pick::step(item, names.len(), press.button);
    match (press.button, names.get(item)) {
        (Button::Ok, Some(name)) => (
            Mode::Main,
            Intent::Apply(TableEvent::EnrollCard {
                uid: uid_hex(&uid),
                name: name.clone(),
            }),
        ),
        (Button::Ok, None) => (Mode::Main, Intent::None),
        _ => (Mode::Dialog(Dialog::Enroll { uid, item }), Intent::None),
    }
}

/// Host: the name a player without a card sits under; OK goes on to the
/// seat and the buy-in, as a card would.
pub(super) fn seat_name(table: &Table, item: usize, press: Press) -> (Mode, Intent) {
    let names = table.can_seat_without_card();
    let item = pick::step(item, names.len(), press.button);
    match (press.button, names.get(item), empty_seats(table).first()) {
        (Button::Ok, Some(name), Some(&seat)) => (
            Mode::Dialog(Dialog::SeatFor {
                name: name.clone(),
                seat,
            }),
            Intent::None,
        ),
        (Button::Ok, _, None) => (Mode::Main, Intent::Tell("the table is full".into())),
        (Button::Ok, None, _) => (Mode::Main, Intent::None),
        _ => (Mode::Dialog(Dialog::SeatName { item }), Intent::None),
    }
}

/// Chips for a seated player (their card's menu, or the host's), a rebuy
/// when broke, else a top-up (the table says whether either is allowed
/// now, and its bounds).
pub(super) fn sell(table: &Table, seat: usize) -> (Mode, Intent) {
    let Some(p) = table.player(seat) else {
        return (Mode::Main, Intent::None);
    };
    let purpose = if p.stack == 0 {
        Purpose::Rebuy { seat }
    } else {
        Purpose::TopUp { seat }
    };
    if let Err(why) = purpose.allowed(table) {
        return (Mode::Main, Intent::Tell(why));
    }
    let amount = purpose.start(table);
    (Mode::Dialog(Dialog::amount(purpose, amount)), Intent::None)
}
