//! G4 (H3 California lowball): "After the draw, you must bet a hand of seven
//! or better in order to be eligible to win after draw action. If a seven or
//! less is checked, provided it is the best hand, all action after the draw
//! is void." The dealer sees the hands; the engine only moves the money: the
//! chips bet after the draw go back to who bet them, and the pot as it stood
//! before the draw is won as ranked. A checker who is beaten loses as usual
//! ("you will lose the entire pot including any additional calls you made"),
//! so the ruling is only given when the checker holds the best hand.

use super::*;

impl HandState {
    /// The last draw begins: what each seat has in the pot so far.
    pub(super) fn mark_before_draw(&mut self) {
        self.before_draw = Some(self.seats.iter().map(|s| s.committed).collect());
    }

    /// The ruling is the dealer's at the showdown, once, in a game whose
    /// house has the rule, after a draw.
    pub(super) fn verify_checked_seven(&self) -> Result<(), RuleError> {
        let why = if !self.spec.options.checked_seven_void {
            "this game has no seven rule"
        } else if self.phase != Phase::Showdown {
            "only at the showdown"
        } else if self.before_draw.is_none() {
            "there was no draw"
        } else if self.after_draw_void {
            "already ruled: the action after the draw is void"
        } else {
            return Ok(());
        };
        Err(RuleError::NoCheckedSeven { why })
    }

    /// Whether the dealer ruled the action after the draw void (for the screen).
    pub fn after_draw_void(&self) -> bool {
        self.after_draw_void
    }

    /// P1/P2, with the seven rule: the pots as they stood before the draw
    /// go as ranked, and every chip bet after it goes back to its bettor.
    pub(super) fn award(&self, results: &[BoardResult]) -> Result<Vec<Chips>, RuleError> {
        let before = match (&self.before_draw, self.after_draw_void) {
            (Some(before), true) => before,
            _ => return pots::award(self, results),
        };
        let mut pre = self.clone();
        let mut refunds = vec![0; self.seats.len()];
        for ((seat, &had), refund) in pre.seats.iter_mut().zip(before).zip(&mut refunds) {
            *refund = seat.committed.saturating_sub(had);
            seat.committed -= *refund;
            seat.stack += *refund;
        }
        let mut pay = pots::award(&pre, results)?;
        for (p, r) in pay.iter_mut().zip(refunds) {
            *p += r;
        }
        Ok(pay)
    }
}
