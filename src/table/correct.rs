//! M5: a stack correction that is chips moved between two players, not
//! money: the host finds a pot pushed to the wrong seat or chips counted
//! into the wrong stack. Both stacks change and so both results; money in
//! and money out do not. ([`Table::set_stack`](super::host) is the other
//! kind: money the host finds came into or left the game.)

use super::{EntryKind, Status, Table, TableError};
use crate::engine::Chips;

impl Table {
    /// How far `seat`'s stack can be corrected with chips from or to
    /// `with`: from nothing to both stacks together.
    pub fn can_move_chips(&self, seat: usize, with: usize) -> Result<(Chips, Chips), TableError> {
        self.not_in_hand()?;
        if seat == with {
            return Err(TableError::Refused {
                seat,
                why: "chips move between two players: pick another seat",
            });
        }
        let a = self.seat_ref(seat)?.stack;
        let b = self.seat_ref(with)?.stack;
        Ok((0, a.saturating_add(b)))
    }

    pub(super) fn move_chips(
        &mut self,
        seat: usize,
        stack: Chips,
        with: usize,
    ) -> Result<(), TableError> {
        let (_, most) = self.can_move_chips(seat, with)?;
        let was = self.seat_ref(seat)?.stack;
        if stack == was {
            return Err(TableError::Refused {
                seat,
                why: "the stack is already that: nothing to correct",
            });
        }
        if stack > most {
            return Err(TableError::Refused {
                seat: with,
                why: "has fewer chips than the correction takes from them",
            });
        }
        let other = self.seat_ref(with)?.stack;
        // Together the two stacks stay what they were.
        let other_now = was.saturating_add(other).saturating_sub(stack);
        let (name, other_name) = (
            self.seat_ref(seat)?.name.clone(),
            self.seat_ref(with)?.name.clone(),
        );
        restack(self, seat, stack)?;
        restack(self, with, other_now)?;
        let (kind, back, amount) = if stack > was {
            (EntryKind::ChipsIn, EntryKind::ChipsOut, stack - was)
        } else {
            (EntryKind::ChipsOut, EntryKind::ChipsIn, was - stack)
        };
        self.ledger.record(self.hands, Some(&name), kind, amount);
        self.ledger
            .record(self.hands, Some(&other_name), back, amount);
        Ok(())
    }
}

/// A stack set by the host: a player with none is busted, and chips found
/// for a busted player deal them in again, as a rebuy would.
fn restack(table: &mut Table, seat: usize, stack: Chips) -> Result<(), TableError> {
    let p = table.seat_mut(seat)?;
    p.stack = stack;
    if stack == 0 {
        p.status = Status::Busted;
    } else if p.status == Status::Busted {
        p.status = Status::Playing;
    }
    Ok(())
}
