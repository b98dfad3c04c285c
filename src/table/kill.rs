//! S1: kill pots. Legs, the kill button, and when it goes neutral.

use serde::Serialize;

use super::CurrentHand;
use crate::engine::{AnteMode, Chips, ForcedKind, Phase};
use crate::rules::Kill;
use crate::rules::KillTrigger;

/// What a finished hand means for the kill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    /// Table seats that took chips from the pots, in seat order.
    pub winners: Vec<usize>,
    /// All that was awarded.
    pub pot: Chips,
    /// S1 (H0): the pot held a full bet another player made by choice.
    pub voluntary_bet: bool,
}

impl HandResult {
    pub fn of(hand: &CurrentHand) -> HandResult {
        let state = hand.state();
        let pay = state.payouts().unwrap_or(&[]);
        let mut winners: Vec<usize> = pay
            .iter()
            .enumerate()
            .filter(|(_, &p)| p > 0)
            .filter_map(|(hs, _)| hand.order.get(hs).copied())
            .collect();
        winners.sort_unstable();
        // H0: "Second "leg" qualifies if player wins at least one full bet
        // (not part of blind structure)": chips another player put in by
        // choice, at least a full bet, that stayed in the pot. The winner's
        // own uncalled bet goes back and wins nothing.
        let spec = state.spec();
        let forced_in = |hs: usize| -> Chips {
            state
                .setup()
                .forced
                .iter()
                .filter(|f| f.seat == hs)
                .filter(|f| {
                    f.kind.is_live() || (f.kind == ForcedKind::Ante && spec.antes == AnteMode::Live)
                })
                .map(|f| f.amount)
                .sum()
        };
        let voluntary_bet = state.seats().iter().enumerate().any(|(hs, seat)| {
            let winner = pay.get(hs).is_some_and(|&p| p > 0);
            !winner && seat.committed.saturating_sub(forced_in(hs)) >= spec.min_bet.max(1)
        });
        HandResult {
            winners,
            pot: if state.phase() == Phase::Complete {
                pay.iter().sum()
            } else {
                0
            },
            voluntary_bet,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KillState {
    /// The seat with a leg up: it won the last pot.
    leg: Option<usize>,
    /// The seat holding the kill button: the next hand is killed.
    killer: Option<usize>,
    /// Who killed the hand being played (they kill again if they win it).
    killing: Option<usize>,
    /// Kill orbit mode (H0, "active for a full orbit"): hands left.
    orbit_left: Option<usize>,
    /// Kills were on when the hand being played was dealt, so it counts for legs.
    counts: bool,
    /// S1 (H0): a new player who came into a killed pot kills the next one.
    pledged: Option<usize>,
}

impl KillState {
    pub fn leg(&self) -> Option<usize> {
        self.leg
    }

    pub fn killer(&self) -> Option<usize> {
        self.killer
    }

    /// The hand being played is killed by this seat.
    pub fn killing(&self) -> Option<usize> {
        self.killing
    }

    pub fn orbit_left(&self) -> Option<usize> {
        self.orbit_left
    }

    /// Whether kills are on: always, or only during a kill orbit (H0).
    pub(super) fn active(&self, kill: Option<&Kill>) -> bool {
        kill.is_some_and(|k| !k.orbit || self.orbit_left.is_some_and(|n| n > 0))
    }

    pub(super) fn start_orbit(&mut self, hands: usize) {
        self.orbit_left = Some(hands);
    }

    pub(super) fn set_killer(&mut self, seat: usize) {
        // One kill per deal: a later kill replaces nothing once one is set.
        if self.killer.is_none() {
            self.killer = Some(seat);
        }
    }

    /// S1 (H0): `seat` plays the killed pot and kills the next.
    /// S1 (H0): the new player who agreed to kill the next pot.
    pub(super) fn pledged(&self) -> Option<usize> {
        self.pledged
    }

    pub(super) fn pledge(&mut self, seat: usize) {
        self.pledged = Some(seat);
    }

    /// S1: the kill button is neutral when its holder quits.
    pub(super) fn player_left(&mut self, seat: usize) {
        if self.pledged == Some(seat) {
            self.pledged = None;
        }
        if self.leg == Some(seat) {
            self.leg = None;
        }
        if self.killer == Some(seat) {
            self.killer = None;
        }
    }

    /// A player moved seats between hands: their leg or kill goes with them.
    pub(super) fn player_moved(&mut self, from: usize, to: usize) {
        for s in [
            &mut self.leg,
            &mut self.killer,
            &mut self.killing,
            &mut self.pledged,
        ] {
            if *s == Some(from) {
                *s = Some(to);
            }
        }
    }

    /// A hand was dealt: the kill button, if used, is now in play.
    pub(super) fn hand_dealt(&mut self, killed: bool, counts: bool) {
        self.counts = counts;
        self.killing = if killed { self.killer.take() } else { None };
        if !killed {
            // A kill that could not be dealt (the killer sat out) goes neutral.
            self.killer = None;
        }
        if let Some(n) = self.orbit_left.as_mut() {
            *n = n.saturating_sub(1);
        }
    }

    pub(super) fn after_hand(&mut self, kill: &Kill, result: &HandResult) {
        self.settle_legs(kill, result);
        // The pledge is the next kill, whoever won ("only one kill per deal").
        if let Some(seat) = self.pledged.take() {
            self.killer = Some(seat);
            if self.leg == Some(seat) {
                self.leg = None;
            }
        }
    }

    fn settle_legs(&mut self, kill: &Kill, result: &HandResult) {
        let killing = self.killing.take();
        if !std::mem::take(&mut self.counts) {
            // Outside a kill orbit nothing carries over to the next hand.
            self.leg = None;
            self.killer = None;
            return;
        }
        match result.winners.as_slice() {
            [w] => {
                let w = *w;
                let two_wins = kill.triggers.contains(&KillTrigger::TwoWins);
                let pot_over = kill.triggers.contains(&KillTrigger::PotOver)
                    && kill.pot_over.is_some_and(|over| result.pot > over);
                let second_leg = two_wins
                    && self.leg == Some(w)
                    && (!kill.second_leg_needs_full_bet || result.voluntary_bet);
                if killing == Some(w) || second_leg || pot_over {
                    // Winning again while killing means killing again.
                    self.killer = Some(w);
                    self.leg = None;
                } else if two_wins {
                    self.leg = Some(w);
                }
            }
            winners => {
                // A split keeps the leg for a holder who shares it; otherwise neutral.
                let keeps = kill.split_keeps_leg && self.leg.is_some_and(|l| winners.contains(&l));
                if !keeps {
                    self.leg = None;
                }
            }
        }
    }
}
