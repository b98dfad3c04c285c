//! How the panel writes players and amounts: by name or seat number, and
//! money in the house's unit. Shared by every screen that names anyone.

use std::fmt;

use crate::engine::{Chips, Seat};
use crate::rules::Times;
use crate::table::{CurrentHand, Table};

/// Amounts as the house writes them (`unit.times`), without the currency:
/// every amount on the panel is money, and the characters are scarce.
pub fn money(table: &Table, units: Chips) -> Times {
    table.rules().house.unit.shown(units)
}

/// A seat's player by name, or the seat by number.
#[derive(Debug, Clone, Copy)]
pub(in crate::ui) enum Who<'a> {
    Named(&'a str),
    Seat(usize),
}

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Named(name) => f.pad(name),
            Who::Seat(seat) => write!(f, "seat {}", seat + 1),
        }
    }
}

/// The player at a table seat.
pub(in crate::ui) fn seat_name(table: &Table, seat: usize) -> Who<'_> {
    table
        .player(seat)
        .map_or(Who::Seat(seat), |p| Who::Named(&p.name))
}

/// The player at a hand's seat.
pub(super) fn name<'a>(table: &'a Table, hand: &CurrentHand, seat: Seat) -> Who<'a> {
    match hand.order.get(seat).and_then(|&s| table.player(s)) {
        Some(p) => Who::Named(&p.name),
        None => Who::Seat(seat),
    }
}
