//! Pots by contribution level (P1) and how the dealer's ranking splits them (P2–P5).

use serde::Serialize;

use super::error::RuleError;
use super::event::{BoardResult, Declaration};
use super::spec::Split;
use super::state::{HandState, SeatState};
use super::{Chips, Seat, MAX_PLAYERS};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pot {
    pub amount: Chips,
    /// Seats that have not folded and put in this pot's level, in seat order.
    pub eligible: Vec<Seat>,
}

/// Main pot first. Each all-in player's level is everything he put in,
/// forced money that is no bet included (antes, bomb antes, dead posts,
/// charges, paid draws), so he wins from each opponent only what he matched
/// (H4 #6: "A player may get full action on his moneys"; H2 6.2: "The player
/// who went all-in is only eligible to win the main pot"). Money that is no
/// bet makes no side pot between players with chips behind, who could have
/// matched it: a dead blind or a paid draw one of them put in is in the pot
/// for whoever wins it. Pooled antes ([`AnteMode::Dead`]) are the main pot's.
/// Chips that folded seats put in above the top level stay in the top pot.
/// The drop comes out of the main pot first.
///
/// [`AnteMode::Dead`]: super::AnteMode::Dead
pub(super) fn pots(seats: &[SeatState], pooled: Chips, dropped: Chips) -> Vec<Pot> {
    collect(&puts(seats, |s| s.committed), pooled, dropped)
}

/// P1/D1: the pots in the middle, without the bets of the round in progress
/// (each seat's `committed` less its `bet`): the chips collected at the end of
/// earlier rounds and the forced money, split where a player went all in.
pub(super) fn settled(seats: &[SeatState], pooled: Chips, dropped: Chips) -> Vec<Pot> {
    collect(
        &puts(seats, |s| s.committed.saturating_sub(s.bet)),
        pooled,
        dropped,
    )
}

/// A few seats, on the stack: a hand has at most [`MAX_PLAYERS`]
/// (`HandState::new` refuses more). The showdown's pots and winners were
/// most of a replayed hand's allocations (issue 35).
#[derive(Clone, Copy)]
struct Few<T: Copy + Default> {
    len: usize,
    items: [T; MAX_PLAYERS],
}

impl<T: Copy + Default> Few<T> {
    fn new() -> Self {
        Few {
            len: 0,
            items: [T::default(); MAX_PLAYERS],
        }
    }

    /// Past [`MAX_PLAYERS`] items there is no seat to push: ignored.
    fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// One seat's chips that count for the pots.
#[derive(Clone, Copy, Default)]
struct Put {
    chips: Chips,
    /// Where this seat stands among the levels: its chips if it is all in;
    /// with chips behind, its bets and the most dead money any live seat put
    /// in (it could have matched that, and an all-in player's own dead
    /// money is his stake in the pot, not a refund).
    level: Chips,
    folded: bool,
}

/// `bets`: the part of a seat's money that is bets (collected, or all).
fn puts(seats: &[SeatState], bets: impl Fn(&SeatState) -> Chips) -> Few<Put> {
    let behind = |s: &SeatState| !s.folded && s.stack > 0;
    let most_dead = seats
        .iter()
        .filter(|s| !s.folded)
        .map(|s| s.dead)
        .max()
        .unwrap_or(0);
    let mut out = Few::new();
    for s in seats {
        let chips = bets(s) + s.dead;
        out.push(Put {
            chips,
            level: if behind(s) {
                bets(s) + most_dead
            } else {
                chips
            },
            folded: s.folded,
        });
    }
    out
}

fn collect(put: &Few<Put>, pooled: Chips, dropped: Chips) -> Vec<Pot> {
    let mut out = Vec::new();
    let _ = by_level(put.as_slice(), pooled, dropped, |amount, eligible| {
        out.push(Pot {
            amount,
            eligible: eligible.to_vec(),
        });
        Ok::<(), ()>(())
    });
    out
}

/// Each pot, main pot first, as its amount and its eligible seats; stops at
/// the first error `each` returns.
fn by_level<E>(
    put: &[Put],
    pooled: Chips,
    mut dropped: Chips,
    mut each: impl FnMut(Chips, &[Seat]) -> Result<(), E>,
) -> Result<(), E> {
    let mut levels = Few::<Chips>::new();
    for p in put.iter().filter(|p| !p.folded) {
        levels.push(p.level);
    }
    let levels = levels.as_mut_slice();
    levels.sort_unstable();
    let mut prev = 0;
    let mut i = 0;
    while i < levels.len() {
        let level = levels[i];
        // Equal levels are one pot (was a `dedup`): the last of them is the
        // last level.
        let mut next = i + 1;
        while next < levels.len() && levels[next] == level {
            next += 1;
        }
        let mut amount: Chips = put
            .iter()
            .map(|p| p.chips.min(level) - p.chips.min(prev))
            .sum();
        if i == 0 {
            amount += pooled;
        }
        if next == levels.len() {
            amount += put
                .iter()
                .filter(|p| p.folded)
                .map(|p| p.chips.saturating_sub(level))
                .sum::<Chips>();
        }
        let taken = dropped.min(amount);
        dropped -= taken;
        amount -= taken;
        if amount > 0 {
            let mut eligible = Few::<Seat>::new();
            for (q, p) in put.iter().enumerate() {
                if !p.folded && p.level >= level {
                    eligible.push(q);
                }
            }
            each(amount, eligible.as_slice())?;
        }
        prev = level;
        i = next;
    }
    Ok(())
}

/// What each seat receives from the pots at showdown.
pub(super) fn award(state: &HandState, results: &[BoardResult]) -> Result<Vec<Chips>, RuleError> {
    award_noting(state, results).map(|(pay, _)| pay)
}

/// [`award`], and whether a pot was split among tied winners with odd
/// chips left over (P2), which PHH leaves to its reader.
pub(super) fn award_noting(
    state: &HandState,
    results: &[BoardResult],
) -> Result<(Vec<Chips>, bool), RuleError> {
    state.verify_showdown_results(results)?;
    let mut odd = false;
    let mut pay = vec![0; state.seats.len()];
    let boards = results.len().max(1) as Chips;
    let put = puts(&state.seats, |s| s.committed);
    let mut p = 0;
    by_level(
        put.as_slice(),
        state.pooled,
        state.dropped,
        |pot_amount, eligible| {
            // P5: each board takes its share of every pot; the extra chip goes to the first.
            let share = pot_amount / boards;
            let extra = pot_amount % boards;
            for (b, result) in results.iter().enumerate() {
                let amount = share + Chips::from((b as Chips) < extra);
                odd |= split_share(state, result, eligible, amount, &mut pay).ok_or(
                    RuleError::PotUnranked {
                        pot: p,
                        amount: pot_amount,
                    },
                )?;
            }
            p += 1;
            Ok(())
        },
    )?;
    Ok((pay, odd))
}

/// One board's share of one pot, high and low; whether a split left odd chips.
fn split_share(
    state: &HandState,
    result: &BoardResult,
    eligible: &[Seat],
    amount: Chips,
    pay: &mut [Chips],
) -> Option<bool> {
    if eligible.len() == 1 {
        pay[eligible[0]] += amount;
        return Some(false);
    }
    let (high, low) = match state.spec.split {
        Split::High => (best(&result.high, eligible), Few::new()),
        Split::HiLo => (best(&result.high, eligible), best(&result.low, eligible)),
        Split::Declare => declared_winners(state, result, eligible),
    };
    // P4: no low means high scoops; the odd chip of the halves goes to high.
    let (high_amount, low_amount) = match (high.is_empty(), low.is_empty()) {
        (false, false) => (amount - amount / 2, amount / 2),
        (false, true) => (amount, 0),
        (true, false) => (0, amount),
        (true, true) => return None,
    };
    let odd_high = split_evenly(high.as_slice(), high_amount, pay);
    let odd_low = split_evenly(low.as_slice(), low_amount, pay);
    Some(odd_high || odd_low)
}

/// The best ranked group among `eligible`, in seat order.
fn best(ranking: &[Vec<Seat>], eligible: &[Seat]) -> Few<Seat> {
    for group in ranking {
        let mut winners = Few::new();
        for &s in group.iter().filter(|s| eligible.contains(s)) {
            winners.push(s);
        }
        if !winners.is_empty() {
            winners.as_mut_slice().sort_unstable();
            return winners;
        }
    }
    Few::new()
}

/// Declare games: a seat that declared both must win (or tie) both sides, or
/// it takes no part in the pot.
fn declared_winners(
    state: &HandState,
    result: &BoardResult,
    eligible: &[Seat],
) -> (Few<Seat>, Few<Seat>) {
    let declared = |s: Seat| state.seats[s].declared.unwrap_or(Declaration::High);
    let mut contenders: Vec<Seat> = eligible.to_vec();
    loop {
        let highs: Vec<Seat> = contenders
            .iter()
            .copied()
            .filter(|&s| declared(s) != Declaration::Low)
            .collect();
        let lows: Vec<Seat> = contenders
            .iter()
            .copied()
            .filter(|&s| declared(s) != Declaration::High)
            .collect();
        let high = best(&result.high, &highs);
        let low = best(&result.low, &lows);
        let before = contenders.len();
        contenders.retain(|&s| {
            declared(s) != Declaration::Both
                || (high.as_slice().contains(&s) && low.as_slice().contains(&s))
        });
        if contenders.len() == before {
            return (high, low);
        }
        if contenders.is_empty() {
            // Everyone who declared both failed: the high hand takes the pot.
            return (best(&result.high, eligible), Few::new());
        }
    }
}

/// P2: equal shares; odd chips one each to the first winners clockwise
/// from the button. Whether there were odd chips.
fn split_evenly(winners: &[Seat], amount: Chips, pay: &mut [Chips]) -> bool {
    if winners.is_empty() {
        return false;
    }
    let k = winners.len() as Chips;
    let (each, odd) = (amount / k, amount % k);
    for (i, &s) in winners.iter().enumerate() {
        pay[s] += each + Chips::from((i as Chips) < odd);
    }
    odd > 0
}
