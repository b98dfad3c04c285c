//! Pots by contribution level (P1) and how the dealer's ranking splits them (P2–P5).

use serde::Serialize;

use super::error::RuleError;
use super::event::{BoardResult, Declaration};
use super::spec::Split;
use super::state::{HandState, SeatState};
use super::{Chips, Seat};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pot {
    pub amount: Chips,
    /// Seats that have not folded and put in this pot's level, in seat order.
    pub eligible: Vec<Seat>,
}

/// Main pot first. Dead money is the main pot's; chips that folded seats put in
/// above every live seat's level stay in the top pot. The drop comes out of
/// the main pot first.
pub(super) fn pots(seats: &[SeatState], dead: Chips, dropped: Chips) -> Vec<Pot> {
    let put: Vec<(Chips, bool)> = seats.iter().map(|s| (s.committed, s.folded)).collect();
    by_level(&put, dead, dropped)
}

/// P1/D1: the pots in the middle, without the bets of the round in progress
/// (each seat's `committed` less its `bet`): the chips collected at the end of
/// earlier rounds, split where a player went all in.
pub(super) fn settled(seats: &[SeatState], dead: Chips, dropped: Chips) -> Vec<Pot> {
    let put: Vec<(Chips, bool)> = seats
        .iter()
        .map(|s| (s.committed.saturating_sub(s.bet), s.folded))
        .collect();
    by_level(&put, dead, dropped)
}

/// `put`: each seat's chips that count for levels, and whether it folded.
fn by_level(put: &[(Chips, bool)], dead: Chips, mut dropped: Chips) -> Vec<Pot> {
    let mut levels: Vec<Chips> = put
        .iter()
        .filter(|&&(_, folded)| !folded)
        .map(|&(c, _)| c)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut out = Vec::with_capacity(levels.len());
    let mut prev = 0;
    for (i, &level) in levels.iter().enumerate() {
        let mut amount: Chips = put.iter().map(|&(c, _)| c.min(level) - c.min(prev)).sum();
        if i == 0 {
            amount += dead;
        }
        if i + 1 == levels.len() {
            amount += put
                .iter()
                .filter(|&&(_, folded)| folded)
                .map(|&(c, _)| c.saturating_sub(level))
                .sum::<Chips>();
        }
        let taken = dropped.min(amount);
        dropped -= taken;
        amount -= taken;
        if amount > 0 {
            let eligible = put
                .iter()
                .enumerate()
                .filter(|&(_, &(c, folded))| !folded && c >= level)
                .map(|(q, _)| q)
                .collect();
            out.push(Pot { amount, eligible });
        }
        prev = level;
    }
    out
}

/// What each seat receives from the pots at showdown.
pub(super) fn award(state: &HandState, results: &[BoardResult]) -> Result<Vec<Chips>, RuleError> {
    state.verify_showdown_results(results)?;
    let mut pay = vec![0; state.seats.len()];
    let boards = results.len().max(1) as Chips;
    for (p, pot) in pots(&state.seats, state.dead, state.dropped)
        .iter()
        .enumerate()
    {
        // P5: each board takes its share of every pot; the extra chip goes to the first.
        let share = pot.amount / boards;
        let extra = pot.amount % boards;
        for (b, result) in results.iter().enumerate() {
            let amount = share + Chips::from((b as Chips) < extra);
            split_share(state, result, pot, amount, &mut pay).ok_or(RuleError::PotUnranked {
                pot: p,
                amount: pot.amount,
            })?;
        }
    }
    Ok(pay)
}

/// One board's share of one pot, high and low.
fn split_share(
    state: &HandState,
    result: &BoardResult,
    pot: &Pot,
    amount: Chips,
    pay: &mut [Chips],
) -> Option<()> {
    if pot.eligible.len() == 1 {
        pay[pot.eligible[0]] += amount;
        return Some(());
    }
    let (high, low) = match state.spec.split {
        Split::High => (best(&result.high, &pot.eligible), Vec::new()),
        Split::HiLo => (
            best(&result.high, &pot.eligible),
            best(&result.low, &pot.eligible),
        ),
        Split::Declare => declared_winners(state, result, &pot.eligible),
    };
    // P4: no low means high scoops; the odd chip of the halves goes to high.
    let (high_amount, low_amount) = match (high.is_empty(), low.is_empty()) {
        (false, false) => (amount - amount / 2, amount / 2),
        (false, true) => (amount, 0),
        (true, false) => (0, amount),
        (true, true) => return None,
    };
    split_evenly(&high, high_amount, pay);
    split_evenly(&low, low_amount, pay);
    Some(())
}

/// The best ranked group among `eligible`, in seat order.
fn best(ranking: &[Vec<Seat>], eligible: &[Seat]) -> Vec<Seat> {
    for group in ranking {
        let mut winners: Vec<Seat> = group
            .iter()
            .copied()
            .filter(|s| eligible.contains(s))
            .collect();
        if !winners.is_empty() {
            winners.sort_unstable();
            return winners;
        }
    }
    Vec::new()
}

/// Declare games: a seat that declared both must win (or tie) both sides, or
/// it takes no part in the pot.
fn declared_winners(
    state: &HandState,
    result: &BoardResult,
    eligible: &[Seat],
) -> (Vec<Seat>, Vec<Seat>) {
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
            declared(s) != Declaration::Both || (high.contains(&s) && low.contains(&s))
        });
        if contenders.len() == before {
            return (high, low);
        }
        if contenders.is_empty() {
            // Everyone who declared both failed: the high hand takes the pot.
            return (best(&result.high, eligible), Vec::new());
        }
    }
}

/// P2: equal shares; odd chips one each to the first winners clockwise from the button.
fn split_evenly(winners: &[Seat], amount: Chips, pay: &mut [Chips]) {
    if winners.is_empty() {
        return;
    }
    let k = winners.len() as Chips;
    let (each, odd) = (amount / k, amount % k);
    for (i, &s) in winners.iter().enumerate() {
        pay[s] += each + Chips::from((i as Chips) < odd);
    }
}
