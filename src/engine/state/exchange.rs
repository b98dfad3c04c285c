//! Draws, discards, hits and declarations (G1, G2, G4, G5, G7): what a
//! player may exchange now, what a paid exchange costs, and taking it in
//! turn. Apart from the rest of the state because these steps move no bet:
//! only a paid exchange (G5) touches a stack.

use super::*;

impl HandState {
    pub(super) fn verify_exchange(&self, seat: Seat, declare: bool) -> Result<(), RuleError> {
        let step = match self.phase {
            Phase::Exchanging(i) => self.spec.steps.get(i).copied(),
            _ => None,
        };
        let ok = match step {
            Some(Step::Declare) => declare,
            Some(Step::Draw | Step::Discard | Step::PaidDraw { .. } | Step::Hit) => !declare,
            _ => false,
        };
        self.expect(ok, if declare { "a declaration" } else { "a draw" })?;
        match self.pending.first() {
            Some(&s) if s == seat => Ok(()),
            next => Err(RuleError::OutOfTurn {
                seat,
                to_act: next.copied(),
            }),
        }
    }

    pub(super) fn exchange(&mut self, seat: Seat, declared: Option<Declaration>) {
        if declared.is_some() {
            self.seats[seat].declared = declared;
        }
        self.pending.remove(0);
        if self.pending.is_empty() {
            if let Phase::Exchanging(i) = self.phase {
                self.enter_step(i + 1);
            }
        }
    }

    /// G5: what drawing `cards` costs at the current exchange (0 unless it
    /// is paid); the screen shows it so the dealer collects it.
    pub fn draw_price(&self, cards: u8) -> Chips {
        match self.current_step() {
            Some(Step::PaidDraw { multiple }) => self
                .spec
                .options
                .draw_price
                .saturating_mul(Chips::from(multiple))
                .saturating_mul(Chips::from(cards)),
            _ => 0,
        }
    }

    /// Hole cards dealt before step `i` (G5: the most a player may exchange).
    pub(super) fn hole_cards_before(&self, i: usize) -> u8 {
        self.spec.steps[..i.min(self.spec.steps.len())]
            .iter()
            .map(|s| match s {
                Step::Deal(d) => d.hole_down.saturating_add(d.hole_up),
                _ => 0,
            })
            .fold(0, u8::saturating_add)
    }

    /// The most cards a player may draw, discard or take now: one for a
    /// 7/27 card (G7) or a pineapple discard, the hole cards for a paid
    /// draw, and for a draw the house's maximum, never more than the hole
    /// cards (G4). `None` when no exchange is under way.
    pub fn max_draw(&self) -> Option<u8> {
        self.draw_range().map(|(_, most)| most)
    }

    /// The fewest and the most cards a player may exchange now (the ui
    /// offers exactly these). A pineapple discard is exactly one card, the
    /// same at both houses that play it (H1: "Each player must discard
    /// one"; H3: "discard (muck) one of their three hole cards so that each
    /// player has only two"); every other exchange may be none (pat,
    /// standing). `None` when no exchange is under way.
    pub fn draw_range(&self) -> Option<(u8, u8)> {
        let Phase::Exchanging(i) = self.phase else {
            return None;
        };
        match self.spec.steps.get(i)? {
            Step::Hit => Some((0, 1)),
            Step::Discard => Some((1, 1)),
            Step::PaidDraw { .. } => Some((0, self.hole_cards_before(i))),
            Step::Draw => {
                let held = self.hole_cards_before(i);
                Some((0, self.spec.options.max_draw.map_or(held, |m| m.min(held))))
            }
            _ => None,
        }
    }

    pub(super) fn verify_draw(&self, seat: Seat, cards: u8) -> Result<(), RuleError> {
        self.verify_exchange(seat, false)?;
        match self.draw_range() {
            Some((fewest, most)) if fewest == most && cards != most => {
                return Err(RuleError::DiscardExactly {
                    seat,
                    cards,
                    count: most,
                });
            }
            Some((_, most)) if cards > most => {
                return Err(RuleError::DrawTooMany { seat, cards, most });
            }
            _ => {}
        }
        let price = self.draw_price(cards);
        let stack = self.seats[seat].stack;
        if price > stack {
            return Err(RuleError::CannotPayDraw { seat, price, stack });
        }
        Ok(())
    }

    /// Issue 32: the cards every seat still to exchange exchanges where one
    /// press may record them all: none at a 7/27 take round (G7: once those
    /// who take are recorded, the rest stand), the one card of a pineapple
    /// discard (everyone must discard one). `None` at a draw (each player
    /// draws his own count), a declaration, or no exchange.
    pub fn exchange_rest(&self) -> Option<u8> {
        match self.current_step()? {
            Step::Hit => Some(0),
            Step::Discard => self.draw_range().map(|(fewest, _)| fewest),
            _ => None,
        }
    }

    /// The seats still to exchange in this round, the next first.
    pub fn to_exchange(&self) -> &[Seat] {
        match self.phase {
            Phase::Exchanging(_) => &self.pending,
            _ => &[],
        }
    }

    /// The state after [`Event::ExchangeRest`]: each seat still to exchange
    /// does, in turn, as its own draw would (so every draw's rule holds);
    /// the first refusal refuses the whole.
    pub(super) fn exchanged_rest(&self, cards: u8) -> Result<HandState, RuleError> {
        if self.exchange_rest() != Some(cards) {
            return Err(RuleError::Unexpected {
                what: "the rest exchanging at once",
                expected: self.expected(),
            });
        }
        let mut next = self.clone();
        for &s in &self.pending {
            next.apply_mut(&Event::Draw(s, cards))?;
        }
        Ok(next)
    }
}
