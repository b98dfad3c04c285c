//! G8 (H1 Guts): the pot carries over from hand to hand.
//!
//! No engine hand: each player dealt in calls "in" or "out", clockwise from
//! the button's left; the dealer names the best "in" hand. Then:
//! - nobody in: the pot stays for the next hand;
//! - one best hand: it takes the pot, and every other "in" player pays the
//!   pot as it was into the new pot, at most the Terrill cap (`guts_cap`) and
//!   at most their stack;
//! - a tie (several best hands): nobody wins, and every "in" player, the tied
//!   ones too, matches the pot the same way;
//! - the final hand (`GutsFinal`): the best hand takes the pot, a tie splits
//!   it, and nobody matches; the Guts game is over.
//!
//! Antes (the game's `ante`) go in only when the pot is empty, to start one.

use serde::Serialize;

use super::error::TableError;
use super::seating::Status;
use super::Table;
use crate::engine::Chips;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct GutsState {
    /// The pot, carried from hand to hand.
    pub pot: Chips,
    /// The game the pot belongs to.
    pub game: usize,
    /// The next (or current) hand is the last: the pot does not carry over.
    pub final_hand: bool,
    /// The hand being played.
    pub round: Option<GutsRound>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GutsRound {
    /// Table seats dealt in, from the button's left; the button last.
    pub dealt: Vec<usize>,
    /// Each dealt seat's call: in (true), out (false), or not yet.
    pub calls: Vec<Option<bool>>,
}

impl Table {
    pub(super) fn new_guts_hand(
        &mut self,
        game: usize,
        ante: Chips,
        playing: &[usize],
    ) -> Result<(), TableError> {
        let (button, dealt) = self.home_deal(playing)?;
        if self.guts.pot == 0 {
            for &s in &dealt {
                if let Some(p) = self.seats[s].as_mut() {
                    let paid = ante.min(p.stack);
                    p.stack -= paid;
                    self.guts.pot += paid;
                }
            }
        }
        self.guts.game = game;
        self.guts.round = Some(GutsRound {
            calls: vec![None; dealt.len()],
            dealt,
        });
        self.button = Some(button);
        // The poker hand before is no longer the table's hand: left in
        // place, its result and history were taken for this Guts hand's.
        self.hand = None;
        self.hands += 1;
        self.hands_in_game += 1;
        Ok(())
    }

    /// G8: the seat whose turn it is to call in or out, if any.
    pub fn guts_to_call(&self) -> Option<usize> {
        let round = self.guts.round.as_ref()?;
        let next = round.calls.iter().position(Option::is_none)?;
        round.dealt.get(next).copied()
    }

    /// G8: once everyone has called, the players who are in, from the
    /// button's left; the dealer names the best hand among them.
    pub fn guts_ins(&self) -> Option<Vec<usize>> {
        let round = self.guts.round.as_ref()?;
        if round.calls.iter().any(Option::is_none) {
            return None;
        }
        Some(
            round
                .dealt
                .iter()
                .zip(&round.calls)
                .filter(|(_, c)| **c == Some(true))
                .map(|(&s, _)| s)
                .collect(),
        )
    }

    fn guts_round(&self) -> Result<&GutsRound, TableError> {
        self.guts.round.as_ref().ok_or(TableError::NotAllowed(
            "no Guts hand is being played: deal one first",
        ))
    }

    /// A player calls in or out, in turn from the button's left.
    pub(super) fn guts_call(&mut self, seat: usize, stays_in: bool) -> Result<(), TableError> {
        let round = self.guts_round()?;
        let Some(next) = round.calls.iter().position(Option::is_none) else {
            return Err(TableError::NotAllowed(
                "everyone has called in or out: name the best hand",
            ));
        };
        if round.dealt[next] != seat {
            let why = if round.dealt.contains(&seat) {
                "not this seat's turn to call in or out"
            } else {
                "not dealt in"
            };
            return Err(TableError::Refused { seat, why });
        }
        if let Some(r) = self.guts.round.as_mut() {
            r.calls[next] = Some(stays_in);
        }
        Ok(())
    }

    /// The dealer names the best "in" hand (several seats: a tie).
    pub(super) fn guts_showdown(&mut self, best: &[usize]) -> Result<(), TableError> {
        let round = self.guts_round()?.clone();
        if round.calls.iter().any(Option::is_none) {
            return Err(TableError::NotAllowed(
                "every player must call in or out first",
            ));
        }
        let ins: Vec<usize> = round
            .dealt
            .iter()
            .zip(&round.calls)
            .filter(|(_, c)| **c == Some(true))
            .map(|(&s, _)| s)
            .collect();
        for (i, &s) in best.iter().enumerate() {
            if !ins.contains(&s) || best[..i].contains(&s) {
                return Err(TableError::Refused {
                    seat: s,
                    why: "only a player who is in, once, can have the best hand",
                });
            }
        }
        if ins.is_empty() != best.is_empty() {
            return Err(TableError::NotAllowed(if ins.is_empty() {
                "nobody is in, so nobody has the best hand"
            } else {
                "name the best hand among the players who are in"
            }));
        }
        let pot = self.guts.pot;
        let cap = match self
            .rules
            .games
            .get(self.guts.game)
            .and_then(|g| g.table_money)
        {
            Some(crate::rules::TableMoney::Guts { cap, .. }) => cap,
            _ => None,
        };
        let match_amount = cap.map_or(pot, |c| c.min(pot));
        let final_hand = self.guts.final_hand;
        if !best.is_empty() && (best.len() == 1 || final_hand) {
            // The pot is won (split on a final-hand tie; odd chips from the button's left).
            let k = best.len() as Chips;
            let mut winners = best.to_vec();
            winners.sort_by_key(|s| round.dealt.iter().position(|d| d == s));
            for (i, &s) in winners.iter().enumerate() {
                let share = pot / k + Chips::from((i as Chips) < pot % k);
                if let Some(p) = self.seats[s].as_mut() {
                    p.stack += share;
                }
            }
            self.guts.pot = 0;
        }
        let tie = best.len() > 1;
        if !final_hand {
            for &s in &ins {
                if best.contains(&s) && !tie {
                    continue;
                }
                if let Some(p) = self.seats[s].as_mut() {
                    let paid = match_amount.min(p.stack);
                    p.stack -= paid;
                    self.guts.pot += paid;
                }
            }
        }
        for &s in &round.dealt {
            if let Some(p) = self.seats[s].as_mut().filter(|p| p.stack == 0) {
                p.status = Status::Busted;
            }
        }
        if final_hand && !best.is_empty() {
            self.guts.final_hand = false;
        }
        self.guts.round = None;
        Ok(())
    }

    /// The next Guts hand is the last: the pot does not carry over.
    pub(super) fn guts_final(&mut self) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let guts =
            self.rules.games.get(self.game).is_some_and(|g| {
                matches!(g.table_money, Some(crate::rules::TableMoney::Guts { .. }))
            });
        if !guts {
            return Err(TableError::NotAllowed("the game is not Guts"));
        }
        self.guts.final_hand = true;
        Ok(())
    }
}
