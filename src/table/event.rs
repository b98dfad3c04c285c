use serde::{Deserialize, Serialize};

use crate::engine::{Chips, Event};

/// Everything that happens at the table, in the journal's order. Seats are
/// table seats (0-based); `Hand` events use the hand's own seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum TableEvent {
    /// T1, M1: a player sits down and buys in.
    Join {
        seat: usize,
        name: String,
        buy_in: Chips,
    },
    /// T1, M5: a player cashes out their whole stack and leaves.
    Leave { seat: usize },
    /// T1 (H2 3.2): sit out; blinds that pass the seat are missed (T5).
    SitOut { seat: usize },
    /// T5: come back, posting what was missed or waiting for the big blind.
    SitIn {
        seat: usize,
        wait_for_big_blind: bool,
    },
    /// T4 (H3, H0): a new player chooses how to come in, from the ways the
    /// house offers, before their first hand.
    NewPlayerEntry {
        seat: usize,
        entry: super::EntryChoice,
    },
    /// M1 (H2 3.4): add chips between hands.
    TopUp { seat: usize, amount: Chips },
    /// M1 (H2 3.5): buy in again after going broke.
    Rebuy { seat: usize, amount: Chips },
    /// T6: the high-card draw put the button here.
    SetButton { seat: usize },
    /// S5: the dealer's choice for the next hand.
    ChooseGame { game: usize },
    /// F4: a straddle declared before the deal.
    Straddle { seat: usize },
    /// S2: the next hand (H2) or the next orbit (H0) is a bomb pot.
    BombNext,
    /// S1: the group turns kill pots on for an orbit (H0).
    StartKillOrbit,
    /// S1 (H3 lowball): a player kills the next pot.
    Kill { seat: usize },
    /// Deal the next hand: move the button, post the blinds, antes and fees.
    NewHand,
    /// G8: a Guts player calls in or out, in turn from the button's left.
    GutsCall { seat: usize, stays_in: bool },
    /// G8: the dealer names the best "in" hand; several seats are a tie, none
    /// means nobody was in.
    GutsShowdown { best: Vec<usize> },
    /// G8: the next Guts hand is the last; the pot does not carry over.
    GutsFinal,
    /// G9: a player loses a life (a marker) in a lives game.
    LoseLife { seat: usize },
    /// Something in the current hand.
    Hand(Event),
    /// The house rules in force change (SIGHUP, or the host's card), between
    /// hands. The whole text travels in the event, so the journal replays the
    /// night under the rules it was played under. `source` names the file in
    /// diagnostics.
    Rules { source: String, text: String },
    /// The host moves a player to an empty seat between hands; their stack,
    /// status and missed blinds go with them.
    MoveSeat { from: usize, to: usize },
    /// M5: the host corrects a stack between hands to what is really in front
    /// of the player; the difference is booked as a correction.
    SetStack { seat: usize, stack: Chips },
    /// M5: the host corrects a stack between hands by chips that came from
    /// or went to another player (a miscount, a pot pushed to the wrong
    /// seat): `seat`'s stack becomes `stack` and `with`'s changes by the
    /// difference the other way. No money came into or left the game, so
    /// the two players' results change and the night's totals do not
    /// (where [`TableEvent::SetStack`] is money: a result stays).
    MoveChips {
        seat: usize,
        stack: Chips,
        with: usize,
    },
    /// The host ends the night: everyone seated cashes out, and the table
    /// takes no further event (undo still works).
    EndSession,
    /// The host binds a card the house file does not know to a player's
    /// name (from the roster, or a guest's); `uid` as the reader's hex.
    EnrollCard { uid: String, name: String },
    /// On a box whose house file names no host card, the host makes a new
    /// card the host card from the device (issue 34: a fresh box opens to
    /// its host, and nobody edits a file for it); `uid` as the reader's hex.
    EnrollHostCard { uid: String },
    /// The host renames a seated player between hands (a guest whose name
    /// is now known, issue 22): their seat, the night's ledger lines and any
    /// card enrolled to them take the new name, so the settle-up and
    /// `dealerd cards` say who really played.
    Rename { seat: usize, name: String },
}

impl TableEvent {
    /// Events only the host may make, and so only the host may take back:
    /// new rules, a seat move, a stack correction, the end of the night, a
    /// card enrolled, a player renamed.
    pub fn is_host_only(&self) -> bool {
        match self {
            TableEvent::Rules { .. }
            | TableEvent::MoveSeat { .. }
            | TableEvent::SetStack { .. }
            | TableEvent::MoveChips { .. }
            | TableEvent::EndSession
            | TableEvent::EnrollCard { .. }
            | TableEvent::EnrollHostCard { .. }
            | TableEvent::Rename { .. } => true,
            TableEvent::Join { .. }
            | TableEvent::Leave { .. }
            | TableEvent::SitOut { .. }
            | TableEvent::SitIn { .. }
            | TableEvent::NewPlayerEntry { .. }
            | TableEvent::TopUp { .. }
            | TableEvent::Rebuy { .. }
            | TableEvent::SetButton { .. }
            | TableEvent::ChooseGame { .. }
            | TableEvent::Straddle { .. }
            | TableEvent::BombNext
            | TableEvent::StartKillOrbit
            | TableEvent::Kill { .. }
            | TableEvent::NewHand
            | TableEvent::GutsCall { .. }
            | TableEvent::GutsShowdown { .. }
            | TableEvent::GutsFinal
            | TableEvent::LoseLife { .. }
            | TableEvent::Hand(_) => false,
        }
    }
}
