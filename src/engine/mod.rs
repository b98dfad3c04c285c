//! The rules engine for one hand.
//!
//! Pure and deterministic: no clock, no I/O, no async, no floats. A hand is a
//! [`GameSpec`] (the rules), a [`HandSetup`] (who sits where with what, and who
//! posts what) and a sequence of [`Event`]s. [`HandState::apply`] takes a state
//! and an event to a new state or a [`RuleError`]; every event kind has a
//! `verify_*` twin that checks it without changing anything, so a rejected
//! event leaves the state exactly as it was.
//!
//! Seats are numbered in hand order: seat 0 is the first seat left of the
//! button and the last seat is the button (PHH's player order). Heads-up, the
//! button posts the small blind; the caller says so in the forced bets.

mod betting;
mod error;
mod event;
mod hand;
mod pots;
mod query;
mod spec;
mod state;
pub mod steps;

pub use error::{NoRaise, ReplayError, RuleError, SetupError};
pub use event::{Action, BoardResult, Declaration, Event};
pub use hand::Hand;
pub use pots::Pot;
pub use query::{BlindRole, LegalActions, Ranks, Street};
pub use spec::{
    AnteMode, BetStep, DealStep, DropWhen, Forced, ForcedKind, GameSpec, HandSetup,
    LimitShortAllIn, Opener, Options, RaiseCap, Split, Step, Structure,
};
pub use state::{HandState, Phase, SeatState};

/// Chips are whole units of the smallest denomination. Never floats.
pub type Chips = u64;

/// A seat's index in hand order: 0 is left of the button, the last is the button.
pub type Seat = usize;

/// The most and fewest players a hand may have.
pub const MAX_PLAYERS: usize = 10;
pub const MIN_PLAYERS: usize = 2;
