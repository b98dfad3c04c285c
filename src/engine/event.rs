//! Everything that happens in a hand is one of these.

use serde::{Deserialize, Serialize};

use super::{Chips, Seat};

/// A player's betting decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Fold,
    /// Check, or call what is owed (all in when the stack is short).
    CheckCall,
    /// Bet, raise or complete to this total for the round.
    BetRaiseTo(Chips),
    /// Post the stud bring-in (F3).
    BringIn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Declaration {
    High,
    Low,
    Both,
}

/// The dealer's ranking of the hands at showdown, for one board.
///
/// Best first; each inner list is a group of tied seats. A seat that is not
/// listed has no hand that can win that side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    pub high: Vec<Vec<Seat>>,
    /// Qualifying low hands (hi-lo) or the low side (declare); empty: no low.
    #[serde(default)]
    pub low: Vec<Vec<Seat>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Event {
    /// Every forced bet of the setup goes in (antes, blinds, straddles, kill, bomb).
    PostForced,
    /// The dealer has dealt the current deal step.
    Deal,
    /// The dealer names who opens this betting round (stud's bring-in or best upcards).
    NameOpener(Seat),
    Act(Seat, Action),
    /// A draw or discard: how many cards the seat exchanged (0 stands pat).
    Draw(Seat, u8),
    /// Issue 32: every seat still to exchange in this round exchanges this
    /// many, in turn, as one event (so one undo takes it back): the rest
    /// stand in a 7/27 take round (G7, 0), everyone left discards at
    /// Pineapple (1). Only where [`HandState::exchange_rest`] offers it.
    ///
    /// [`HandState::exchange_rest`]: super::HandState::exchange_rest
    ExchangeRest(u8),
    Declare(Seat, Declaration),
    /// B3 (H3 stud): an open pair on 4th street allows the big bet.
    OpenPair,
    /// G6: a common wild card is exposed; every live player pays
    /// [`Options::wild_card_charge`](super::Options::wild_card_charge) into
    /// the pot (all they have if short), counted for each payer's share.
    WildCard,
    /// S3: the rest of the board is dealt twice.
    RunItTwice,
    /// A seat shows or mucks; money-neutral, allowed once the betting is over.
    Show(Seat),
    /// P2: the dealer's ranking, one result per board.
    Showdown(Vec<BoardResult>),
    /// S4: the blinds take their blinds back.
    Chop,
    /// D2: the hand is void and every chip goes back.
    Misdeal,
    /// G4 (H3 California lowball): at the showdown, the best hand had
    /// checked a seven or better after the draw: "all action after the draw
    /// is void" (every chip bet after the draw goes back to who bet it; the
    /// pot as it was before the draw is won as ranked).
    CheckedSeven,
}
