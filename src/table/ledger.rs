//! M5: the session ledger. Every chip that comes onto or leaves the table.

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
}

impl Ledger {
    pub fn record(&mut self, hand: u64, name: Option<&str>, kind: EntryKind, amount: Chips) {
        match kind {
            EntryKind::BuyIn | EntryKind::Rebuy | EntryKind::TopUp => self.money_in += amount,
            EntryKind::CashOut => self.money_out += amount,
            EntryKind::Fee => self.fees += amount,
        }
        self.entries.push(Entry {
            hand,
            name: name.map(str::to_string),
            kind,
            amount,
        });
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Money players brought to the table.
    pub fn money_in(&self) -> Chips {
        self.money_in
    }

    /// Money players took away.
    pub fn money_out(&self) -> Chips {
        self.money_out
    }

    /// Fees and drops the house took.
    pub fn fees(&self) -> Chips {
        self.fees
    }

    /// Per player: (name, brought, took away), in the order they first bought in.
    pub fn by_player(&self) -> Vec<(String, Chips, Chips)> {
        let mut out: Vec<(String, Chips, Chips)> = Vec::new();
        for e in &self.entries {
            let Some(name) = &e.name else { continue };
            let i = match out.iter().position(|(n, _, _)| n == name) {
                Some(i) => i,
                None => {
                    out.push((name.clone(), 0, 0));
                    out.len() - 1
                }
            };
            match e.kind {
                EntryKind::BuyIn | EntryKind::Rebuy | EntryKind::TopUp => out[i].1 += e.amount,
                EntryKind::CashOut => out[i].2 += e.amount,
                EntryKind::Fee => {}
            }
        }
        out
    }
}
