//! Cards enrolled at the table: a card the house file does not know, bound
//! by the host on the device to a name from the house's roster or to a
//! "Guest N". The binding is a table event, so it is in the journal, comes
//! back on a restart, and goes with undo like any other; `dealerd cards`
//! prints the bindings as `[[card]]` lines for the house file.

use super::error::TableError;
use super::Table;
use crate::rules::{parse_uid, uid_hex, MAX_NAME_CHARS};

/// One card bound to a player's name at this table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enrolled {
    pub uid: Vec<u8>,
    pub name: String,
    /// The host's card, enrolled on a box whose house file names none
    /// ([`TableEvent::EnrollHostCard`](super::TableEvent::EnrollHostCard)):
    /// it unlocks the host's functions as a `host = true` card would.
    pub host: bool,
}

impl Enrolled {
    /// The card as the house file writes it.
    pub fn to_toml(&self) -> String {
        if self.host {
            return format!("[[card]]\nuid = \"{}\"\nhost = true\n", uid_hex(&self.uid));
        }
        format!(
            "[[card]]\nuid = \"{}\"\nplayer = \"{}\"\n",
            uid_hex(&self.uid),
            self.name
        )
    }
}

impl Table {
    /// The cards enrolled so far, in the order they were.
    pub fn enrolled(&self) -> &[Enrolled] {
        &self.enrolled
    }

    /// The player an enrolled card names.
    pub fn enrolled_name(&self, uid: &[u8]) -> Option<&str> {
        self.enrolled
            .iter()
            .find(|e| e.uid == uid && !e.host)
            .map(|e| e.name.as_str())
    }

    /// Whether `uid` is the host card enrolled on the device.
    pub fn is_enrolled_host(&self, uid: &[u8]) -> bool {
        self.enrolled.iter().any(|e| e.uid == uid && e.host)
    }

    /// Whether a host card unlocks the host's functions: one in the house
    /// file, or one enrolled on the device. Without one there is no lock
    /// (the host menu is open), and the first card tapped is offered as
    /// the host card ([`Table::can_enroll_host`]).
    pub fn has_host_card(&self) -> bool {
        self.rules.has_host_card() || self.enrolled.iter().any(|e| e.host)
    }

    /// Whether `uid` may become the host card: only while the house has
    /// none (one card holds the lock; a second would be a spare key nobody
    /// chose), and only a card nobody's yet.
    pub fn can_enroll_host(&self, uid: &[u8]) -> Result<(), TableError> {
        if self.has_host_card() {
            return Err(TableError::NotAllowed("the house already has a host card"));
        }
        if self.rules.card(uid).is_some() || self.enrolled.iter().any(|e| e.uid == uid) {
            return Err(TableError::NotAllowed("that card is already known"));
        }
        Ok(())
    }

    /// Whether a card (of the house file or enrolled) answers to `name`.
    fn has_card_named(&self, name: &str) -> bool {
        self.rules.card_named(name).is_some()
            || self
                .enrolled
                .iter()
                .any(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// The first "Guest N" that names nobody: no card, no one seated, no
    /// name on the roster, and nobody who played tonight (a guest who left
    /// and a new walk-in are two people: one name would join their results
    /// in the settle-up).
    pub fn next_guest(&self) -> String {
        let used = |n: &str| {
            self.has_card_named(n)
                || self.ledger.has_player(n)
                || self.rules.roster.iter().any(|r| r.eq_ignore_ascii_case(n))
                || self
                    .seats
                    .iter()
                    .flatten()
                    .any(|p| p.name.eq_ignore_ascii_case(n))
        };
        (1..)
            .map(|n| format!("Guest {n}"))
            .find(|n| !used(n))
            .unwrap_or_else(|| "Guest".into())
    }

    /// The names a new card may be enrolled to: the roster's players who
    /// have no card yet (seated or not), then the next guest.
    pub fn can_enroll(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .rules
            .roster
            .iter()
            .filter(|n| !self.has_card_named(n))
            .cloned()
            .collect();
        names.push(self.next_guest());
        names
    }

    /// The names a player may be seated under without a card: the roster's
    /// players not seated and with no card (a card seats its own player),
    /// then the next guest.
    pub fn can_seat_without_card(&self) -> Vec<String> {
        let seated = |n: &str| {
            self.seats
                .iter()
                .flatten()
                .any(|p| p.name.eq_ignore_ascii_case(n))
        };
        let mut names: Vec<String> = self
            .rules
            .roster
            .iter()
            .filter(|n| !seated(n) && !self.has_card_named(n))
            .cloned()
            .collect();
        names.push(self.next_guest());
        names
    }

    /// Whether `name` may name a new card (`for_card`) or a player seated
    /// without one: 1 to 12 printable ASCII characters with no space at
    /// either end, no card answering to it (a card seats its own player),
    /// and, for a seat, nobody seated under it. The one check for the
    /// roster's names, guests and names typed on the device.
    pub fn can_name(&self, name: &str, for_card: bool) -> Result<(), TableError> {
        let printable = name.chars().all(|c| (' '..='~').contains(&c));
        if name.trim().is_empty()
            || name.trim() != name
            || !printable
            || name.chars().count() > MAX_NAME_CHARS
        {
            return Err(TableError::NotAllowed(
                "a name is 1 to 12 printable ASCII characters",
            ));
        }
        if self.has_card_named(name) {
            return Err(TableError::NotAllowed("that name already has a card"));
        }
        let seated = self
            .seats
            .iter()
            .flatten()
            .any(|p| p.name.eq_ignore_ascii_case(name));
        if !for_card && seated {
            return Err(TableError::NotAllowed("that player is already seated"));
        }
        Ok(())
    }

    /// Whether the host may rename the player in `seat` to `name`: between
    /// hands, a name [`Table::can_name`] allows for a seat, and nobody's
    /// tonight already (the ledger would join two people's nights). A
    /// player whose card is in the house file keeps the file's name: the
    /// card would seat them under it again.
    pub fn can_rename(&self, seat: usize, name: &str) -> Result<(), TableError> {
        self.can_rename_seat(seat)?;
        self.can_name(name, false)?;
        if self.ledger.has_player(name) {
            return Err(TableError::NotAllowed("that name has played tonight"));
        }
        Ok(())
    }

    /// Whether the player in `seat` may be renamed now, whatever the name
    /// (the host's seat list offers only these).
    pub fn can_rename_seat(&self, seat: usize) -> Result<(), TableError> {
        self.not_in_hand()?;
        let p = self.seat_ref(seat)?;
        if self.rules.card_named(&p.name).is_some() {
            return Err(TableError::Refused {
                seat,
                why: "a card in the house file names this player: rename them there",
            });
        }
        Ok(())
    }

    pub(super) fn rename(&mut self, seat: usize, name: &str) -> Result<(), TableError> {
        self.can_rename(seat, name)?;
        let p = self.seat_mut(seat)?;
        let old = std::mem::replace(&mut p.name, std::sync::Arc::from(name));
        self.ledger.rename(&old, name);
        for e in self
            .enrolled
            .iter_mut()
            .filter(|e| !e.host && *e.name == *old)
        {
            e.name = name.to_string();
        }
        Ok(())
    }

    pub(super) fn enroll(&mut self, uid: &str, name: &str) -> Result<(), TableError> {
        let Some(uid) = parse_uid(uid) else {
            return Err(TableError::NotAllowed("that is not a card UID"));
        };
        if self.rules.card(&uid).is_some() || self.enrolled.iter().any(|e| e.uid == uid) {
            return Err(TableError::NotAllowed("that card is already known"));
        }
        self.can_name(name, true)?;
        self.enrolled.push(Enrolled {
            uid,
            name: name.to_string(),
            host: false,
        });
        Ok(())
    }

    pub(super) fn enroll_host(&mut self, uid: &str) -> Result<(), TableError> {
        let Some(uid) = parse_uid(uid) else {
            return Err(TableError::NotAllowed("that is not a card UID"));
        };
        self.can_enroll_host(&uid)?;
        self.enrolled.push(Enrolled {
            uid,
            name: "host".into(),
            host: true,
        });
        Ok(())
    }
}
