//! The host's events: new house rules, moving a player, correcting a stack,
//! ending the night. The table does not know who pressed; it only checks
//! that the table is between hands and that nothing in play would break.

use std::sync::Arc;

use super::error::TableError;
use super::ledger::EntryKind;
use super::seating::Status;
use super::Table;
use crate::engine::Chips;
use crate::rules::HouseRules;

impl Table {
    /// New house rules, parsed from the text the event carries (so a replay
    /// never reads a file that may have changed since), unless the caller
    /// parsed it already: then `parsed` are those rules.
    pub(super) fn reload_rules(
        &mut self,
        source: &str,
        text: &str,
        parsed: Option<Arc<HouseRules>>,
    ) -> Result<(), TableError> {
        // G9 first: a lives game counts as a hand, but the host should hear why.
        if self.lives.is_some() {
            return Err(TableError::NotAllowed(
                "a lives game is being played: finish it before changing the rules (G9)",
            ));
        }
        self.not_in_hand()?;
        if self.guts.pot > 0 {
            // The carried pot belongs to a game the new file may not have, or
            // may have with another cap: settle it under the rules it grew under.
            return Err(TableError::NotAllowed(
                "the Guts pot carries over: play its final hand before changing the rules (G8)",
            ));
        }
        let rules = match parsed {
            Some(rules) => rules,
            None => Arc::new(crate::rules::load_str(source, text)?),
        };
        let seats = usize::from(rules.house.seats);
        if let Some(seat) = (seats..self.seats.len()).find(|&s| self.seats[s].is_some()) {
            return Err(TableError::SeatGone { seat, seats });
        }
        self.seats.resize(seats, None);
        // Seats past the new end are empty; forget them as blind and button
        // positions so that no later hand indexes past the table.
        if self.button.is_some_and(|b| b >= seats) {
            // Clockwise from the last seat is seat 1, where the old button
            // would have gone next anyway; a button the draw fixed on a seat
            // that is gone moves on like any other (T2, T6).
            self.button = Some(seats - 1);
            self.button_fixed = false;
        }
        self.last_bb = self.last_bb.filter(|&s| s < seats);
        self.last_sb = self.last_sb.filter(|&s| s < seats);
        self.straddles.retain(|&s| s < seats);
        // The index of the game being played means nothing in a file without
        // it; the first game is the one a fresh night would start with.
        if self.game >= rules.games.len() {
            self.game = 0;
            self.hands_in_game = 0;
        }
        self.rules = rules;
        self.reloaded = Some(Arc::new((source.to_string(), text.to_string())));
        Ok(())
    }

    pub(super) fn move_seat(&mut self, from: usize, to: usize) -> Result<(), TableError> {
        self.not_in_hand()?;
        self.seat_ref(from)?;
        match self.seats.get(to) {
            None => {
                return Err(TableError::NoSuchSeat {
                    seat: to,
                    seats: self.seats.len(),
                })
            }
            Some(Some(_)) => return Err(TableError::SeatTaken { seat: to }),
            Some(None) => {}
        }
        // The paid hand still names who played it from the seat left
        // behind, not "seat N" nor whoever sits there next (issue 32).
        if let Some(h) = self.hand.as_mut().filter(|h| h.hand_seat(from).is_some()) {
            if let Some(p) = &self.seats[from] {
                h.gone.push((from, p.name.clone()));
            }
        }
        self.seats[to] = self.seats[from].take();
        // A leg or the kill button is the player's, won by their play (S1).
        self.kill.player_moved(from, to);
        // A straddle is declared for a position; from another seat it would be
        // another straddle, so the player declares again if they still want one.
        self.straddles.retain(|&s| s != from);
        Ok(())
    }

    pub(super) fn set_stack(&mut self, seat: usize, stack: Chips) -> Result<(), TableError> {
        self.not_in_hand()?;
        let p = self.seat_ref(seat)?;
        let (was, name) = (p.stack, p.name.clone());
        let (kind, diff) = match stack.cmp(&was) {
            std::cmp::Ordering::Equal => {
                return Err(TableError::Refused {
                    seat,
                    why: "the stack is already that: nothing to correct",
                })
            }
            std::cmp::Ordering::Greater => (EntryKind::CorrectionIn, stack - was),
            std::cmp::Ordering::Less => (EntryKind::CorrectionOut, was - stack),
        };
        if kind == EntryKind::CorrectionIn {
            self.admit(seat, diff)?;
        }
        let p = self.seat_mut(seat)?;
        p.stack = stack;
        if stack == 0 {
            p.status = Status::Busted;
        } else if p.status == Status::Busted {
            // Chips found for a busted player deal them in, as a rebuy would.
            p.status = Status::Playing;
        }
        self.ledger.record(self.hands, Some(&name), kind, diff);
        Ok(())
    }

    pub(super) fn end_session(&mut self) -> Result<(), TableError> {
        if self.lives.is_some() {
            return Err(TableError::NotAllowed(
                "a lives game is being played: finish it before ending the night (G9)",
            ));
        }
        self.not_in_hand()?;
        if self.guts.pot > 0 {
            // Nobody could cash out the carried pot: it must be won first.
            return Err(TableError::NotAllowed(
                "the Guts pot carries over: play its final hand before ending the night (G8)",
            ));
        }
        for seat in 0..self.seats.len() {
            if self.seats[seat].is_some() {
                self.leave(seat)?;
            }
        }
        self.ended = true;
        Ok(())
    }
}
