//! What is special about a hand (kills, bombs, straddles, posts, all-ins),
//! written into one footer line: shared by the action screen, the pots and
//! the between-hands preview.

use std::fmt::{self, Write as _};

use crate::engine::{ForcedKind, Phase, Seat};
use crate::rules::HandKind;
use crate::table::{CurrentHand, Table};

use super::line::Line;
use super::names::{money, name, Names, Who};

/// Whether the specials list who is all in. Never as a bare count: a list
/// that does not fit pages (`pot_lines::pots_and_specials`), it does not
/// collapse ("7 ALL-IN" named nobody, issue 32).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum AllIn {
    Left,
    Named,
}

/// What is special about this hand, for the footer, one after another
/// with a space between: kill, bomb, straddles, posts, and the all-ins.
/// Players by whole name, or by the forms `short` gives them.
pub(in crate::ui) fn specials(
    out: &mut Line,
    table: &Table,
    hand: &CurrentHand,
    all_in: AllIn,
    short: Option<&Names>,
) {
    let name = |table, hand, s| who(table, hand, short, s);
    let state = hand.state();
    let mut item = |args: fmt::Arguments| {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        let _ = out.write_fmt(args);
    };
    // G6 (H1): a charge the house levies per exposed common wild card is
    // the dealer's to record; while it may be (a card is up, nobody has
    // acted yet), the footer says so and where (issue 33).
    if table.offers().wild_card {
        item(format_args!(
            "WILD {}ea? MENU",
            money(table, state.spec().options.wild_card_charge)
        ));
    }
    for (s, a) in state.forced_of(ForcedKind::Kill) {
        item(format_args!(
            "KILL {} {}",
            name(table, hand, s),
            money(table, a)
        ));
    }
    // B9: nobody opened, so the same round is played again for low; the
    // dealer must not read it as a misdeal.
    if state.lowball() && state.phase() != Phase::Voided {
        item(format_args!("NOW FOR LOW"));
    }
    if hand.kind == HandKind::Bomb {
        let each = state.forced_of(ForcedKind::Bomb).map(|(_, a)| a).max();
        item(format_args!("BOMB {} ea", money(table, each.unwrap_or(0))));
    }
    for kind in [ForcedKind::Straddle, ForcedKind::ButtonStraddle] {
        for (s, a) in state.forced_of(kind) {
            item(format_args!(
                "STR {} {}",
                name(table, hand, s),
                money(table, a)
            ));
        }
    }
    for kind in [ForcedKind::LivePost, ForcedKind::DeadPost] {
        for (s, a) in state.forced_of(kind) {
            item(format_args!(
                "POST {} {}",
                name(table, hand, s),
                money(table, a)
            ));
        }
    }
    if all_in == AllIn::Left {
        return;
    }
    let mut all_in = state
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.folded && s.stack == 0)
        .map(|(i, _)| name(table, hand, i))
        .peekable();
    if all_in.peek().is_some() {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        let _ = out.write_str("ALL-IN");
        for who in all_in {
            let _ = write!(out, " {who}");
        }
    }
}

/// A hand's seat by whole name, or by its form in `short`.
fn who<'a>(table: &'a Table, hand: &CurrentHand, short: Option<&'a Names>, s: Seat) -> Who<'a> {
    match short {
        Some(names) => names.hand(hand, s),
        None => name(table, hand, s),
    }
}
