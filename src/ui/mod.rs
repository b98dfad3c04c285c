//! What the dealer sees and presses, independent of hardware.
//!
//! # The button map
//!
//! | Button | In a betting round | In amount entry |
//! | --- | --- | --- |
//! | Fold | fold | leave entry |
//! | Check/Call | check, call (or post the bring-in); held: the keypad, to type a bet or raise (where none may be made, a call) | next shortcut down (stops at the minimum: nothing wraps); held: step by the next smaller chip |
//! | Bet/Raise | open entry at the legal minimum; held: the whole stack in one press (a pot limit or cap under it: entry at that maximum) | next shortcut up (min, ½ pot, pot, max, the same four in every hand; stops at the maximum); held: the maximum |
//! | Plus | open entry at the minimum, then step up as in entry | one step chip up; held: one largest chip not above the amount |
//! | Minus | open entry on the pot shortcut (held: at the maximum, then a held step down) | one step chip down; held: one largest chip not above the amount |
//! | OK | held: menu (on a run-out the house would run twice: run it twice) | confirm; held: the keypad ([`keypad`]) |
//! | Undo | undo the last event | leave entry |
//!
//! While an opener is named, plus/minus pick the seat instead. On a draw,
//! fold, check/call and bet/raise record 1, 2 and 3 cards at once (the
//! keypad's digits on those buttons), and on a declaration high, low and
//! both; plus/minus and OK pick any count, and OK on the 0 the screen opens
//! with is pat ([`controller::exchange_key`]); where check/call is no
//! count (a 7/27 take round, a pineapple discard) it records that every
//! seat still to choose stands or discards, one event for one undo
//! (`Table::can_exchange_rest`). Between
//! hands OK deals and each special the house allows now is one press on a
//! button of its own ([`controller::between_keys`]: plus/minus the game,
//! held five games where the house lists more than ten,
//! bet/raise a straddle, check/call a bomb pot and its deal, fold a kill);
//! on a deal prompt OK confirms the cards are out, and the first player's action
//! records them with it (`Table::deals_before_action`); on a run-out one
//! OK deals every street left, or a seat key deals them and names the best
//! hand ([`controller::run_out_names`]), and where the table would run it
//! twice a held OK there runs it twice with both boards out (there a held
//! OK is not the menu, and the prompt says so); at
//! showdown the seat keys name each
//! place, best first, no key pays, and OK pays once every pot has its
//! winner ([`showdown`]).
//!
//! The step chip is the largest chip at most 1/16 of the pot after the call,
//! fixed for the entry; steps land on amounts the house chips can make and
//! never leave the legal range ([`amount`]). Shortcuts are rounded to the
//! chips a player would push, and then say so (`~pot`, `~1/2 pot`); a pot
//! raise that reaches the maximum (pot limit) is that maximum exactly.
//!
//! The menu is on a long OK rather than on a long Undo because a held Undo
//! that misfires as a short one takes back an action; a held OK that
//! misfires does nothing at the action screen.
//!
//! [`Controller`] turns presses into [`Intent`]s; [`screens`] draws; the
//! caller applies. [`render`] puts a frame on a terminal or into a PNG.

pub mod amount;
pub mod canvas;
pub mod controller;
pub mod fonts;
pub mod frame;
pub mod host;
mod host_items;
mod host_screens;
mod input;
pub mod keypad;
mod menu;
pub mod pick;
mod pot_lines;
pub mod qr;
pub mod render;
pub mod screen;
pub mod screens;
pub mod showdown;
pub mod view;
mod walk_in;

pub use amount::{series_denominations, AmountEntry, EntryOutcome, MaxIs, Preset};
pub use canvas::{Canvas, TextSpec};
pub use controller::{Controller, Intent, MenuItem, Mode};
pub use host::{Dialog, HostItem, PlayerItem, Purpose, PLAYER_ITEMS};
pub use input::{Button, Press};
pub use render::Frame;
pub use screen::Screen;
pub use showdown::Ranking;
pub use view::{Ack, ClockView, View, HOST_OPEN, HOST_WARN_SECS};
