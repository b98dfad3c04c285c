use thiserror::Error;

use crate::engine::{RuleError, SetupError};
use crate::rules::RulesError;

/// Why the table refused an event. Seats are table seats, numbered from 1 in messages.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    #[error("seat {} does not exist (the table has {seats})", .seat + 1)]
    NoSuchSeat { seat: usize, seats: usize },
    #[error("seat {} is taken", .seat + 1)]
    SeatTaken { seat: usize },
    #[error("seat {} is empty", .seat + 1)]
    EmptySeat { seat: usize },
    /// Amounts are written in the house currency.
    #[error("seat {}: a buy-in must be {min}..{max}, not {amount}", .seat + 1)]
    BuyIn {
        seat: usize,
        amount: String,
        min: String,
        max: String,
    },
    #[error("seat {}: a top-up may bring the stack to at most {max}; {stack} + {amount} is over", .seat + 1)]
    TopUpOver {
        seat: usize,
        stack: String,
        amount: String,
        max: String,
    },
    /// One amount over [`crate::rules::MAX_AMOUNT_UNITS`], in the house currency.
    #[error("seat {}: {amount} is more than one amount may be ({most} at most)", .seat + 1)]
    AmountTooLarge {
        seat: usize,
        amount: String,
        most: String,
    },
    /// Chips that would take the money brought tonight past
    /// [`crate::rules::MAX_TABLE_UNITS`], the most the table counts exactly.
    #[error("seat {}: {amount} would take the money brought tonight past what the table counts; at most {room} more may come in", .seat + 1)]
    TableFull {
        seat: usize,
        amount: String,
        room: String,
    },
    #[error("seat {}: {why}", .seat + 1)]
    Refused { seat: usize, why: &'static str },
    #[error("not during a hand: finish or void the hand first")]
    HandInProgress,
    #[error("no hand is being played")]
    NoHand,
    #[error("a hand needs at least two players dealt in, and there are {0}")]
    NotEnoughPlayers(usize),
    #[error("game {0} is not in the house rules")]
    NoSuchGame(usize),
    #[error("{0}")]
    NotAllowed(&'static str),
    #[error("\"{game}\" is not dealt as a money game: {why}")]
    NotAMoneyGame { game: String, why: &'static str },
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A hand event refused, in the house's money and the players' names
    /// ([`crate::table::Table::speak`]); `seat` is the table seat it is about.
    #[error("{message}")]
    HandRefused {
        seat: Option<usize>,
        message: String,
    },
    #[error("the rules cannot deal this hand: {0}")]
    Setup(#[from] SetupError),
    /// New house rules that do not load; the message is every diagnostic,
    /// each with its file:line:column.
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("seat {} is taken and the new rules have only {seats} seats: move or cash out the player first", .seat + 1)]
    SeatGone { seat: usize, seats: usize },
    /// F4: the seat is not the one that may straddle next.
    #[error("seat {} may not straddle: {}", .seat + 1, seats_text(.allowed))]
    StraddleSeat { seat: usize, allowed: Vec<usize> },
    #[error("the session has ended")]
    SessionEnded,
}

fn seats_text(allowed: &[usize]) -> String {
    let seats: Vec<String> = allowed.iter().map(|s| format!("seat {}", s + 1)).collect();
    format!("the next straddle is {}'s", seats.join(" or "))
}
