//! M5: the night settled, who pays whom, in the fewest transfers. Each
//! player's net is what they took away and have in front of them less what
//! they brought; the house's fees are owed to the house like a winner's
//! net. Nets add up to zero, so the players (and the house) fall into
//! groups that settle among themselves, and a group of k settles in k - 1
//! transfers: the fewest transfers is the number of people who are not
//! even less the most groups they can be split into.

use std::sync::Arc;

use super::Table;
use crate::engine::Chips;

/// Who is owed from the house's side of the settle-up.
pub const HOUSE: &str = "house";

/// One payment of the settle-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub from: Arc<str>,
    pub to: Arc<str>,
    pub amount: Chips,
}

/// Past this many people who are not even, the exact search (3^n) gives
/// way to pairing the largest debt with the largest credit, which still
/// settles in at most n - 1 transfers. Ten seats and the house are 11.
const EXACT_UP_TO: usize = 12;

impl Table {
    /// Each player's result for the night, in the order they first bought
    /// in: took away, plus what they have in front of them, less brought.
    pub fn nets(&self) -> Vec<(Arc<str>, i128)> {
        self.ledger
            .players()
            .map(|(name, brought, took)| {
                let now: Chips = self
                    .seats
                    .iter()
                    .flatten()
                    .filter(|p| p.name == *name)
                    .map(|p| p.stack)
                    .sum();
                let net = i128::from(*took) + i128::from(now) - i128::from(*brought);
                (Arc::clone(name), net)
            })
            .collect()
    }

    /// The fewest transfers that settle the night, the largest first;
    /// fees go to the [`HOUSE`]. Chips still in a pot belong to nobody
    /// yet: settle between hands.
    pub fn settle_up(&self) -> Vec<Transfer> {
        let mut nets = self.nets();
        let fees = self.ledger.fees();
        if fees > 0 {
            nets.push((Arc::from(HOUSE), i128::from(fees)));
        }
        fewest_transfers(&nets)
    }
}

/// The fewest transfers that bring every net to zero (the nets must add up
/// to zero; what does not is left unsettled).
pub fn fewest_transfers(nets: &[(Arc<str>, i128)]) -> Vec<Transfer> {
    let people: Vec<&(Arc<str>, i128)> = nets.iter().filter(|(_, n)| *n != 0).collect();
    let groups = if people.len() <= EXACT_UP_TO {
        zero_sum_groups(&people.iter().map(|(_, n)| *n).collect::<Vec<_>>())
    } else {
        vec![(1u32 << people.len().min(31)) - 1]
    };
    let mut out = Vec::new();
    for mask in groups {
        let mut group: Vec<(Arc<str>, i128)> = people
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, (name, n))| (Arc::clone(name), *n))
            .collect();
        pair_off(&mut group, &mut out);
    }
    out.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.from.cmp(&b.from)));
    out
}

/// The most groups adding up to zero that `nets` splits into, as bit
/// masks: each group the lowest person left joined by a zero-sum set of
/// the rest, searched over every subset (3^n for n people).
fn zero_sum_groups(nets: &[i128]) -> Vec<u32> {
    let n = nets.len();
    let full = (1u32 << n) - 1;
    let sum = |mask: u32| -> i128 { (0..n).filter(|i| mask >> i & 1 == 1).map(|i| nets[i]).sum() };
    let sums: Vec<i128> = (0..=full).map(sum).collect();
    // best[m]: the most zero-sum groups m splits into (m itself zero-sum);
    // pick[m]: the group holding m's lowest person.
    let mut best = vec![0u32; full as usize + 1];
    let mut pick = vec![0u32; full as usize + 1];
    for m in 1..=full {
        if sums[m as usize] != 0 {
            continue;
        }
        let low = m & m.wrapping_neg();
        let rest = m ^ low;
        // Every subset of the rest, with the lowest person added.
        let mut s = rest;
        loop {
            let g = s | low;
            let r = m ^ g;
            if sums[g as usize] == 0 && (r == 0 || best[r as usize] > 0) {
                let groups = 1 + best[r as usize];
                if groups > best[m as usize] {
                    best[m as usize] = groups;
                    pick[m as usize] = g;
                }
            }
            if s == 0 {
                break;
            }
            s = (s - 1) & rest;
        }
    }
    let mut groups = Vec::new();
    let mut m = full;
    while m != 0 && pick[m as usize] != 0 {
        groups.push(pick[m as usize]);
        m ^= pick[m as usize];
    }
    if m != 0 {
        // Nets that do not add up to zero: settle what can be.
        groups.push(m);
    }
    groups
}

/// Settles one group: the largest debt pays the largest credit, again and
/// again; each transfer evens at least one of the two, so k people take at
/// most k - 1 transfers.
fn pair_off(group: &mut [(Arc<str>, i128)], out: &mut Vec<Transfer>) {
    loop {
        let debtor = group.iter().enumerate().min_by_key(|(_, (_, n))| *n);
        let creditor = group.iter().enumerate().max_by_key(|(_, (_, n))| *n);
        let (Some((d, (_, owes))), Some((c, (_, owed)))) = (debtor, creditor) else {
            return;
        };
        if *owes >= 0 || *owed <= 0 {
            return;
        }
        let amount = (-*owes).min(*owed);
        out.push(Transfer {
            from: Arc::clone(&group[d].0),
            to: Arc::clone(&group[c].0),
            amount: Chips::try_from(amount).unwrap_or(Chips::MAX),
        });
        group[d].1 += amount;
        group[c].1 -= amount;
    }
}
