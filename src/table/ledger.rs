//! M5: the session ledger. Every chip that comes onto or leaves the table.

use std::sync::Arc;

use serde::Serialize;

use crate::engine::Chips;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    BuyIn,
    Rebuy,
    TopUp,
    CashOut,
    /// A table fee or the drop (M3): it leaves the players for the house.
    Fee,
    /// D2: a fee of a hand that was misdealt goes back to the player who
    /// paid it; the re-deal charges it again, so each hand pays once.
    FeeReturned,
    /// The host set a stack higher than the table had it (`SetStack`). Booked
    /// as if the player had brought the difference, so the night still
    /// balances (M5) and the correction changes chips, not the player's result.
    CorrectionIn,
    /// The host set a stack lower than the table had it: booked as if the
    /// player had taken the difference away.
    CorrectionOut,
    /// The host moved chips to this player's stack from another's
    /// (`MoveChips`): no money came into the game, so it is neither
    /// brought nor taken away, and the player's result changes with it.
    ChipsIn,
    /// The host moved chips from this player's stack to another's.
    ChipsOut,
}

impl EntryKind {
    /// The kind in words, for the ledger's readers (the report, the CSV's
    /// readers, the host's screen).
    pub fn words(self) -> &'static str {
        match self {
            EntryKind::BuyIn => "buy-in",
            EntryKind::Rebuy => "rebuy",
            EntryKind::TopUp => "top-up",
            EntryKind::CashOut => "cash-out",
            EntryKind::Fee => "fee to the house",
            EntryKind::FeeReturned => "fee returned",
            EntryKind::CorrectionIn => "money into the game (correction)",
            EntryKind::CorrectionOut => "money out of the game (correction)",
            EntryKind::ChipsIn => "chips from another player (correction)",
            EntryKind::ChipsOut => "chips to another player (correction)",
        }
    }
}

impl EntryKind {
    /// Chips the player is booked as having brought to the table.
    fn brought(self) -> bool {
        matches!(
            self,
            EntryKind::BuyIn | EntryKind::Rebuy | EntryKind::TopUp | EntryKind::CorrectionIn
        )
    }

    /// Chips the player is booked as having taken away.
    fn took(self) -> bool {
        matches!(self, EntryKind::CashOut | EntryKind::CorrectionOut)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Hands dealt before this entry.
    pub hand: u64,
    pub name: Option<String>,
    pub kind: EntryKind,
    pub amount: Chips,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Ledger {
    entries: Vec<Entry>,
    money_in: Chips,
    money_out: Chips,
    fees: Chips,
    /// The parts of `money_in` and `money_out` that are the host's corrections.
    corrections_in: Chips,
    corrections_out: Chips,
    /// [`Ledger::by_player`], kept as entries come so that reading it does
    /// not cost the length of the night; names shared, as every preview of
    /// the next hand copies this.
    players: Vec<(Arc<str>, Chips, Chips)>,
    /// Per player as in `players`: the host's corrections up and down,
    /// which the brought and took-away columns include.
    corrections: Vec<(Chips, Chips)>,
    /// Per player as in `players`: chips the host moved to and from them
    /// (`MoveChips`), in neither column.
    moved: Vec<(Chips, Chips)>,
    /// Players renamed (`Rename`), in order: an entry before `at` under
    /// `old` is the player now called `new`. The entries themselves are
    /// never rewritten: they are the night's append-only record, and undo
    /// only cuts them back ([`Ledger::entry_name`] reads them as of now).
    renamed: Vec<(usize, Arc<str>, Arc<str>)>,
}

/// `total + amount`, never wrapping. The table admits chips only while
/// `money_in` stays under [`crate::rules::MAX_TABLE_UNITS`] (`Table::admit`),
/// and every other column is a part of `money_in`, so the ceiling is never
/// reached; were it, a total stuck at the top is a visible error where a
/// wrapped one would be a silent loss.
fn add(total: Chips, amount: Chips) -> Chips {
    total.checked_add(amount).unwrap_or(Chips::MAX)
}

impl Ledger {
    /// Whether anyone has a line tonight under `name` (any case).
    pub fn has_player(&self, name: &str) -> bool {
        self.players
            .iter()
            .any(|(n, _, _)| n.eq_ignore_ascii_case(name))
    }

    /// A player renamed (a guest whose name is now known): every line of
    /// the night under `old` is theirs under `new`, so the settle-up pays
    /// the person, not the guest number.
    pub fn rename(&mut self, old: &str, new: &str) {
        self.renamed
            .push((self.entries.len(), Arc::from(old), Arc::from(new)));
        for p in &mut self.players {
            if &*p.0 == old {
                p.0 = Arc::from(new);
            }
        }
    }

    pub fn record(&mut self, hand: u64, name: Option<&str>, kind: EntryKind, amount: Chips) {
        match kind {
            EntryKind::BuyIn | EntryKind::Rebuy | EntryKind::TopUp => {
                self.money_in = add(self.money_in, amount);
            }
            EntryKind::CashOut => self.money_out = add(self.money_out, amount),
            EntryKind::Fee => self.fees = add(self.fees, amount),
            EntryKind::FeeReturned => self.fees = self.fees.saturating_sub(amount),
            EntryKind::CorrectionIn => {
                self.money_in = add(self.money_in, amount);
                self.corrections_in = add(self.corrections_in, amount);
            }
            EntryKind::CorrectionOut => {
                self.money_out = add(self.money_out, amount);
                self.corrections_out = add(self.corrections_out, amount);
            }
            EntryKind::ChipsIn | EntryKind::ChipsOut => {}
        }
        if let Some(name) = name {
            let i = match self.players.iter().position(|(n, _, _)| &**n == name) {
                Some(i) => i,
                None => {
                    self.players.push((Arc::from(name), 0, 0));
                    self.corrections.push((0, 0));
                    self.moved.push((0, 0));
                    self.players.len() - 1
                }
            };
            if let Some(c) = self.corrections.get_mut(i) {
                match kind {
                    EntryKind::CorrectionIn => c.0 = add(c.0, amount),
                    EntryKind::CorrectionOut => c.1 = add(c.1, amount),
                    _ => {}
                }
            }
            if let Some(m) = self.moved.get_mut(i) {
                match kind {
                    EntryKind::ChipsIn => m.0 = add(m.0, amount),
                    EntryKind::ChipsOut => m.1 = add(m.1, amount),
                    _ => {}
                }
            }
            if kind.brought() {
                self.players[i].1 = add(self.players[i].1, amount);
            } else if kind.took() {
                self.players[i].2 = add(self.players[i].2, amount);
            }
        }
        self.entries.push(Entry {
            hand,
            name: name.map(str::to_string),
            kind,
            amount,
        });
    }

    /// The entries, leaving none: the table's undo copies go without them,
    /// since entries are only ever appended.
    pub(super) fn take_entries(&mut self) -> Vec<Entry> {
        std::mem::take(&mut self.entries)
    }

    pub(super) fn put_entries(&mut self, entries: Vec<Entry>) {
        self.entries = entries;
    }

    /// The totals, with no entries.
    pub(super) fn without_entries(&self) -> Ledger {
        Ledger {
            entries: Vec::new(),
            players: self.players.clone(),
            corrections: self.corrections.clone(),
            moved: self.moved.clone(),
            renamed: self.renamed.clone(),
            ..*self
        }
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The name entry `i` is under now: its own, through every rename made
    /// after it (a guest's buy-in is the renamed player's).
    pub fn entry_name(&self, i: usize) -> Option<&str> {
        let mut name: &str = self.entries.get(i)?.name.as_deref()?;
        for (at, old, new) in &self.renamed {
            if i < *at && name == &**old {
                name = new;
            }
        }
        Some(name)
    }

    /// Money players brought to the table, with the host's upward stack
    /// corrections (of which [`Ledger::corrections_in`] says how much).
    pub fn money_in(&self) -> Chips {
        self.money_in
    }

    /// Money players took away, with the host's downward stack corrections
    /// (of which [`Ledger::corrections_out`] says how much).
    pub fn money_out(&self) -> Chips {
        self.money_out
    }

    /// Chips the host's corrections added to stacks (part of `money_in`).
    pub fn corrections_in(&self) -> Chips {
        self.corrections_in
    }

    /// Chips the host's corrections took off stacks (part of `money_out`).
    pub fn corrections_out(&self) -> Chips {
        self.corrections_out
    }

    /// Fees and drops the house took.
    pub fn fees(&self) -> Chips {
        self.fees
    }

    /// Per player: (name, brought, took away), in the order they first bought
    /// in. Corrections count as brought (in) or taken away (out), so the
    /// columns add up to `money_in` and `money_out`.
    /// [`Ledger::by_player`] without copying the names.
    pub(super) fn players(&self) -> impl Iterator<Item = &(Arc<str>, Chips, Chips)> {
        self.players.iter()
    }

    /// Per player, in the order they first bought in: the host's
    /// corrections up and down (M5), shown apart from what they brought.
    pub fn corrections_by_player(&self) -> impl Iterator<Item = (&str, Chips, Chips)> {
        self.players
            .iter()
            .zip(&self.corrections)
            .map(|((n, _, _), &(up, down))| (&**n, up, down))
    }

    /// Per player, in the order they first bought in: chips the host moved
    /// to and from them between players (M5, `MoveChips`).
    pub fn moved_by_player(&self) -> impl Iterator<Item = (&str, Chips, Chips)> {
        self.players
            .iter()
            .zip(&self.moved)
            .map(|((n, _, _), &(to, from))| (&**n, to, from))
    }

    pub fn by_player(&self) -> Vec<(String, Chips, Chips)> {
        self.players
            .iter()
            .map(|(n, brought, took)| (n.to_string(), *brought, *took))
            .collect()
    }
}
