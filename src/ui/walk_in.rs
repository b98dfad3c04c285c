//! The night from the box alone: a card the house file does not know is
//! enrolled by the host, a player without a card is seated from the host's
//! menu and sold chips there, and undo at the table asks before it takes
//! back anything but the last action of the hand in progress.

use crate::rules::{uid_hex, MAX_NAME_CHARS};
use crate::table::{Night, Table, TableEvent};
use crate::ui::{Button, Press};

use super::controller::{Controller, Intent, Mode};
use super::host::{empty_seats, Dialog, HostItem, Purpose};
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
        // A box with no host card yet (a fresh install): the card may
        // become the host card, on one more OK.
        self.mode = Mode::Dialog(match view.night.table().can_enroll_host(uid) {
            Ok(()) => Dialog::HostCard { uid: uid.to_vec() },
            Err(_) => Dialog::Enroll {
                uid: uid.to_vec(),
                item: 0,
            },
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

/// The last item of the enrolling and seating lists: a name typed on the
/// device, for a walk-in the roster does not know.
pub const TYPE_A_NAME: &str = "Type a name...";

/// The letters of a typed name: capitals for its first, then small
/// letters, a space, a hyphen, an apostrophe, digits and capitals.
const FIRST: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const NEXT: &[u8] = b"abcdefghijklmnopqrstuvwxyz -'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The letters plus and minus turn through after `typed`.
pub fn letters(typed: &str) -> &'static [u8] {
    if typed.is_empty() {
        FIRST
    } else {
        NEXT
    }
}

/// The name a typed-name dialog ends with: what is typed and the letter
/// shown after it, while there is room for one.
pub fn typed_name(typed: &str, letter: usize) -> String {
    let abc = letters(typed);
    let mut name = typed.to_string();
    if name.chars().count() < MAX_NAME_CHARS {
        name.push(char::from(abc[letter % abc.len()]));
    }
    name
}

/// Host: which name a new card is enrolled to; OK binds it, or on the last
/// item opens a name to type.
pub(super) fn enroll(table: &Table, uid: Vec<u8>, item: usize, press: Press) -> (Mode, Intent) {
    let names = table.can_enroll();
    let item = pick::step(item, names.len() + 1, press.button);
    match (press.button, names.get(item)) {
        (Button::Ok, Some(name)) => (
            Mode::Main,
            Intent::Apply(TableEvent::EnrollCard {
                uid: uid_hex(&uid),
                name: name.clone(),
            }),
        ),
        (Button::Ok, None) => (Mode::Dialog(typing(Some(uid), None)), Intent::None),
        _ => (Mode::Dialog(Dialog::Enroll { uid, item }), Intent::None),
    }
}

/// Host, on a box with no host card: OK makes the new card the host card
/// (the table checks it, `Table::can_enroll_host`); Undo or Fold enrolls it
/// for a player instead (`host::back`); the rest wait.
pub(super) fn host_card(uid: Vec<u8>, press: Press) -> (Mode, Intent) {
    match press.button {
        Button::Ok => (
            Mode::Main,
            Intent::Apply(TableEvent::EnrollHostCard { uid: uid_hex(&uid) }),
        ),
        _ => (Mode::Dialog(Dialog::HostCard { uid }), Intent::None),
    }
}

/// Host: the name a player without a card sits under; OK goes on to the
/// seat and the buy-in, as a card would, or on the last item opens a name
/// to type.
pub(super) fn seat_name(table: &Table, item: usize, press: Press) -> (Mode, Intent) {
    let names = table.can_seat_without_card();
    let item = pick::step(item, names.len() + 1, press.button);
    match (press.button, names.get(item)) {
        (Button::Ok, Some(name)) => seat_for(table, name.clone()),
        (Button::Ok, None) => (Mode::Dialog(typing(None, None)), Intent::None),
        _ => (Mode::Dialog(Dialog::SeatName { item }), Intent::None),
    }
}

/// On to the first empty seat for `name`.
fn seat_for(table: &Table, name: String) -> (Mode, Intent) {
    match empty_seats(table).first() {
        Some(&seat) => (Mode::Dialog(Dialog::SeatFor { name, seat }), Intent::None),
        None => (Mode::Main, Intent::Tell("the table is full".into())),
    }
}

/// A name to type from its first letter: for a new card, a seated player
/// to rename, or (neither) a player to seat.
pub(super) fn typing(card: Option<Vec<u8>>, rename: Option<usize>) -> Dialog {
    Dialog::TypeName {
        card,
        rename,
        typed: String::new(),
        letter: 0,
    }
}

/// Host: a name typed a letter at a time. Plus and minus turn the letter
/// shown (held: five at a time), OK keeps it and goes to the next, undo
/// takes the last one back (with none, back to the list), held OK keeps
/// the letter shown and ends (so does OK after the twelfth letter, the
/// most a name has): the table checks the name
/// (`Table::can_name`, or `Table::can_rename`), then the card is enrolled
/// to it, the seated player takes it, or the player goes on to a seat and a
/// buy-in.
pub(super) fn type_name(
    table: &Table,
    (card, rename): (Option<Vec<u8>>, Option<usize>),
    mut typed: String,
    mut letter: usize,
    press: Press,
) -> (Mode, Intent) {
    let abc = letters(&typed);
    match (press.button, press.long) {
        (Button::Plus | Button::Minus, long) => {
            for _ in 0..if long { 5 } else { 1 } {
                letter = pick::step(letter, abc.len(), press.button);
            }
        }
        (Button::Undo, _) => {
            if typed.pop().is_none() {
                let list = match (card, rename) {
                    (Some(uid), _) => Dialog::Enroll { uid, item: 0 },
                    (None, Some(seat)) => Dialog::HostPick {
                        item: HostItem::Rename,
                        seat,
                    },
                    (None, None) => Dialog::SeatName { item: 0 },
                };
                return (Mode::Dialog(list), Intent::None);
            }
            letter = 0;
        }
        (Button::Ok, false) if typed.chars().count() < MAX_NAME_CHARS => {
            typed = typed_name(&typed, letter);
            letter = 0;
        }
        (Button::Ok, _) => {
            let name = typed_name(&typed, letter);
            let allowed = match rename {
                Some(seat) => table.can_rename(seat, &name),
                None => table.can_name(&name, card.is_some()),
            };
            if let Err(why) = allowed {
                let stay = Dialog::TypeName {
                    card,
                    rename,
                    typed,
                    letter,
                };
                return (Mode::Dialog(stay), Intent::Tell(format!("{name}: {why}")));
            }
            if let Some(seat) = rename {
                return (Mode::Main, Intent::Apply(TableEvent::Rename { seat, name }));
            }
            return match card {
                Some(uid) => (
                    Mode::Main,
                    Intent::Apply(TableEvent::EnrollCard {
                        uid: uid_hex(&uid),
                        name,
                    }),
                ),
                None => seat_for(table, name),
            };
        }
        _ => {}
    }
    let stay = Dialog::TypeName {
        card,
        rename,
        typed,
        letter,
    };
    (Mode::Dialog(stay), Intent::None)
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
