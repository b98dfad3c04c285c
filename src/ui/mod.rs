//! What the dealer sees and presses, independent of hardware.
//!
//! # The button map
//!
//! | Button | In a betting round | In amount entry |
//! | --- | --- | --- |
//! | Fold | fold | leave entry |
//! | Check/Call | check, call (or post the bring-in) | next shortcut down |
//! | Bet/Raise | open entry at the legal minimum; held: at all-in | next shortcut up (½ pot, pot, all-in, back to min); held: all-in |
//! | Minus / Plus | — | one chip down / up; held: the bigger chip |
//! | OK | held: menu | confirm |
//! | Undo | undo the last event | leave entry |
//!
//! Between hands OK deals; on a deal prompt OK confirms the cards are out;
//! at showdown the buttons enter the ranking ([`showdown`]).
//!
//! The menu is on a long OK rather than on a long Undo because a held Undo
//! that misfires as a short one takes back an action; a held OK that
//! misfires does nothing at the action screen.
//!
//! [`Controller`] turns presses into [`Intent`]s; [`screens`] draws; the
//! caller applies. [`render`] puts a frame on a terminal or into a PNG.

pub mod amount;
pub mod controller;
pub mod host;
mod host_screens;
pub mod qr;
pub mod render;
pub mod screens;
pub mod showdown;

pub use amount::{series_denominations, AmountEntry, EntryOutcome, Preset};
pub use controller::{Controller, Intent, MenuItem, Mode};
pub use host::{Dialog, HostItem, Purpose};
pub use render::Frame;
pub use showdown::Ranking;
