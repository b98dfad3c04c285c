//! M3: the house's fee for the hand, by the players dealt in. H4: "Before
//! the cards are dealt and the ante is placed, the person with the button
//! ... pays for that game." H3: "The fee collection will be taken by the
//! dealer immediately prior to the flop."

use super::super::ledger::EntryKind;
use super::super::Table;
use super::Positions;
use crate::engine::{Chips, DropWhen};
use crate::rules::{FeePayer, FeeWhen};

/// What the fee for one hand comes to.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Fee {
    /// The button's player paid this before the deal (given back on a misdeal).
    pub button_paid: Option<(usize, Chips)>,
    /// The pot pays this, when the house's timing says.
    pub from_pot: Chips,
    pub when: DropWhen,
}

impl Table {
    /// Charges a fee the button pays now, and says what the pot will pay.
    pub(super) fn charge_fee(&mut self, game: usize, at: &Positions, stacks: &mut [Chips]) -> Fee {
        let Some(payer) = self.rules.fees.as_ref().map(|f| f.payer) else {
            return Fee::default();
        };
        let players = u8::try_from(at.dealt.len()).unwrap_or(u8::MAX);
        let Some(fee) = self.rules.fee_for(game, players) else {
            return Fee::default();
        };
        match payer {
            // "before the deal" from the pot is from the forced bets as they
            // go in; "before the flop" and the first round as the hand goes on.
            FeePayer::Pot => Fee {
                button_paid: None,
                from_pot: fee,
                when: match self.rules.fee_when(game) {
                    Some(FeeWhen::BeforeDeal) => DropWhen::Start,
                    Some(FeeWhen::FirstBettingRound) => DropWhen::FirstRoundEnd,
                    Some(FeeWhen::BeforeFlop) | None => DropWhen::Flop,
                },
            },
            FeePayer::Button => {
                let Some(h) = at.hs(at.button) else {
                    return Fee::default();
                };
                let paid = fee.min(stacks[h]);
                stacks[h] -= paid;
                let name = self.player(at.button).map(|p| p.name.clone());
                if let Some(p) = self.seats[at.button].as_mut() {
                    p.stack -= paid;
                }
                self.ledger
                    .record(self.hands, name.as_deref(), EntryKind::Fee, paid);
                Fee {
                    button_paid: Some((at.button, paid)),
                    ..Fee::default()
                }
            }
        }
    }
}
