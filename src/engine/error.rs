//! Why an event was refused. Every variant says what would have been legal.

use serde::Serialize;
use thiserror::Error;

use super::{Chips, Seat};

/// Why a seat may not bet or raise now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoRaise {
    #[error("calling takes every chip")]
    AllInToCall,
    #[error("no other player has chips to call a raise")]
    NobodyToCall,
    #[error("the betting was not reopened by a full raise")]
    NotReopened,
    #[error("the raises are capped")]
    CapReached,
    #[error("check-raise is not allowed")]
    CheckRaise,
    #[error("the most a player may put in this round is reached")]
    RoundCap,
    #[error("the bring-in must be posted or completed first")]
    BringInFirst,
}

/// A rejected event. The display text is the reason only; callers put the seat's
/// name (PHH `p3`, or the table's seat label) in front.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("out of turn: {}", turn_text(*.to_act))]
    OutOfTurn { seat: Seat, to_act: Option<Seat> },
    #[error("raise must be to {min}..{max}")]
    AmountOutOfRange {
        seat: Seat,
        amount: Chips,
        min: Chips,
        max: Chips,
    },
    #[error("cannot raise to {amount}: {why}")]
    CannotRaise {
        seat: Seat,
        amount: Chips,
        why: NoRaise,
    },
    #[error("cannot fold: checking is free")]
    FoldWhenCheckable { seat: Seat },
    #[error("must post the bring-in of {bring_in} or complete")]
    BringInRequired { seat: Seat, bring_in: Chips },
    #[error("no bring-in to post now")]
    NoBringIn { seat: Seat },
    #[error("p{} is not in the hand", .seat + 1)]
    NotInHand { seat: Seat },
    #[error("{what} is not expected now: {expected}")]
    Unexpected {
        what: &'static str,
        expected: &'static str,
    },
    #[error("showdown needs {expected} board result(s), got {got}")]
    BoardCount { expected: u8, got: usize },
    #[error("showdown ranks p{} who is not in the hand", .seat + 1)]
    RankedNotInHand { seat: Seat },
    #[error("showdown ranks p{} twice", .seat + 1)]
    RankedTwice { seat: Seat },
    #[error("showdown: suits break ties here, so no two hands may tie")]
    TieNotAllowed,
    #[error("showdown: no ranked hand among the players of pot {pot} ({amount})")]
    PotUnranked { pot: usize, amount: Chips },
    #[error("the blinds cannot chop now: {why}")]
    NoChop { why: &'static str },
    #[error("cannot run it twice: {why}")]
    NoRunItTwice { why: &'static str },
    #[error("cannot draw {cards} card(s): at most {most}")]
    DrawTooMany { seat: Seat, cards: u8, most: u8 },
    #[error("must discard exactly {count} card(s), not {cards}")]
    DiscardExactly { seat: Seat, cards: u8, count: u8 },
    #[error("cannot pay {price} to draw: the stack is {stack}")]
    CannotPayDraw {
        seat: Seat,
        price: Chips,
        stack: Chips,
    },
    #[error("no wild-card charge now: {why}")]
    NoWildCard { why: &'static str },
    #[error("no open-pair option now")]
    NoOpenPair,
    #[error("no checked-seven ruling now: {why}")]
    NoCheckedSeven { why: &'static str },
    #[error("the hand is over")]
    HandOver,
}

fn turn_text(to_act: Option<Seat>) -> String {
    match to_act {
        Some(s) => format!("p{} is to act", s + 1),
        None => "no player is to act now".to_string(),
    }
}

impl RuleError {
    /// The reason in the table's words: `money` writes an amount of engine
    /// units in the house currency, `seat` names a seat (hand order). Every
    /// variant that carries an amount or a seat uses them; the others read as
    /// their display text. Like the display text, it is the reason only: the
    /// caller puts the acting seat's name in front.
    pub fn describe(
        &self,
        money: &dyn Fn(Chips) -> String,
        seat: &dyn Fn(Seat) -> String,
    ) -> String {
        use RuleError::*;
        match self {
            OutOfTurn { to_act, .. } => match to_act {
                Some(s) => format!("out of turn: {} is to act", seat(*s)),
                None => "out of turn: no player is to act now".to_string(),
            },
            AmountOutOfRange { min, max, .. } if min == max => {
                format!("raise must be to {}", money(*min))
            }
            AmountOutOfRange { min, max, .. } => {
                format!(
                    "raise must be to at least {} and at most {}",
                    money(*min),
                    money(*max)
                )
            }
            CannotRaise { amount, why, .. } => {
                format!("cannot raise to {}: {why}", money(*amount))
            }
            BringInRequired { bring_in, .. } => {
                format!("must post the bring-in of {} or complete", money(*bring_in))
            }
            NotInHand { seat: s } => format!("{} is not in the hand", seat(*s)),
            RankedNotInHand { seat: s } => {
                format!("showdown ranks {} who is not in the hand", seat(*s))
            }
            RankedTwice { seat: s } => format!("showdown ranks {} twice", seat(*s)),
            PotUnranked { pot, amount } => {
                let which = match pot {
                    0 => "the main pot".to_string(),
                    p => format!("side pot {p}"),
                };
                format!(
                    "showdown: no ranked hand among the players of {which} ({})",
                    money(*amount)
                )
            }
            CannotPayDraw { price, stack, .. } => format!(
                "cannot pay {} to draw: the stack is {}",
                money(*price),
                money(*stack)
            ),
            other => other.to_string(),
        }
    }

    /// The seat the error is about, when there is one.
    pub fn seat(&self) -> Option<Seat> {
        use RuleError::*;
        match self {
            OutOfTurn { seat, .. }
            | AmountOutOfRange { seat, .. }
            | CannotRaise { seat, .. }
            | FoldWhenCheckable { seat }
            | BringInRequired { seat, .. }
            | NoBringIn { seat }
            | NotInHand { seat }
            | RankedNotInHand { seat }
            | RankedTwice { seat }
            | DrawTooMany { seat, .. }
            | DiscardExactly { seat, .. }
            | CannotPayDraw { seat, .. } => Some(*seat),
            _ => None,
        }
    }
}

/// A spec or setup the engine cannot play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a hand needs 2 to 10 players, not {0}")]
    PlayerCount(usize),
    #[error("forced bet for seat {seat}, but the hand has {players} seats")]
    ForcedSeat { seat: Seat, players: usize },
    #[error("a hand has 1 or 2 boards, not {0}")]
    Boards(u8),
    #[error("the game has no steps")]
    NoSteps,
    #[error("no-limit and pot-limit need a minimum bet above 0")]
    MinBet,
    #[error("fixed limit needs bets above 0 with the small bet at most the big bet")]
    LimitBets,
    #[error("spread limit needs 0 < min <= max")]
    Spread,
    #[error("a bring-in step needs a bring-in amount")]
    BringInMissing,
    #[error("a raise cap needs at least one raise")]
    RaiseCap,
    #[error("the stacks add up to more chips than the engine can count")]
    TooManyChips,
}

/// Why a journal of events could not be folded into a hand.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("event {index}: {error}")]
    Event { index: usize, error: RuleError },
}
