//! Rules that can be written but not played (issue 25): each key is fine on
//! its own, but the numbers together make a game nobody can sit in — blinds
//! that are the whole buy-in, a bomb ante over it, a cap under the big
//! blind, a straddle no buy-in reaches. These are a host's mistyped numbers,
//! so the message gives the numbers and where they came from.
//!
//! Run only on a file with no other error: the amounts a refused key
//! leaves behind (0, or the ceiling) would make errors of their own.

use std::ops::Range;

use crate::engine::{Chips, Structure};

use super::model::{BombAnte, HouseRules};
use super::schema::{RawBomb, RawGame, RawMoney, RawStraddle, StraddleSizes};
use super::validate::Check;

pub(crate) fn check(
    raw_games: &[RawGame],
    money: &RawMoney,
    bomb: Option<&RawBomb>,
    straddle: Option<&RawStraddle>,
    rules: &HouseRules,
    c: &mut Check,
) {
    let mut bomb_said = false;
    let mut straddle_said = false;
    for (i, (g, raw)) in rules.games.iter().zip(raw_games).enumerate() {
        if g.structure.is_none() {
            continue;
        }
        let buy_in = BuyIn::of(rules, i, raw, money);
        buy_in_order(&buy_in, raw, c);
        let big_blind = g.blinds.last().copied().unwrap_or(0);
        if let Some((low, low_what)) = buy_in.smallest() {
            forced_bets(g, raw, low, low_what, c);
            if let (Some(b), Some(rb), false) = (rules.bomb_for(i), bomb, bomb_said) {
                if g.base.is_flop() {
                    let ante = match b.ante {
                        BombAnte::Amount(a) => a,
                        BombAnte::BigBlinds(n) => big_blind.saturating_mul(Chips::from(n)),
                    };
                    if ante >= low {
                        let span = rb
                            .ante
                            .as_ref()
                            .map(|a| a.span())
                            .or_else(|| rb.ante_big_blinds.as_ref().map(|a| a.span()))
                            .unwrap_or(0..0);
                        let msg = format!(
                            "the bomb ante {} in \"{}\" is not under the {low_what} {}: every player would be all in on the bomb pot",
                            c.show(ante),
                            g.name,
                            c.show(low)
                        );
                        c.err(&span, msg);
                        bomb_said = true;
                    }
                }
            }
        }
        caps(g, raw, big_blind, c);
        if let (Some(s), Some(rs), Some((high, high_what)), false) = (
            rules.straddle.as_ref(),
            straddle,
            buy_in.largest(),
            straddle_said,
        ) {
            if big_blind > 0 && !g.base.is_stud() {
                let n = s.max;
                let multiple = Chips::from(s.multiple);
                let first = big_blind.saturating_mul(multiple);
                let last = match s.sizes {
                    StraddleSizes::TimesPrevious => {
                        (1..n).fold(first, |x, _| x.saturating_mul(multiple))
                    }
                    StraddleSizes::TimesFirst => first.saturating_mul(Chips::from(n)),
                };
                if last > high {
                    let which = match n {
                        1 => "a straddle".to_string(),
                        2 => "a double straddle".to_string(),
                        3 => "a triple straddle".to_string(),
                        n => format!("straddle number {n}"),
                    };
                    let msg = format!(
                        "{which} in \"{}\" is {} (big blind {}, multiple {}, max {n}), over the {high_what} {}: lower max or multiple",
                        g.name,
                        c.show(last),
                        c.show(big_blind),
                        s.multiple,
                        c.show(high)
                    );
                    // The number most likely mistyped, where it is written
                    // (a default has no place in the file: the blinds then).
                    let written = |r: Range<usize>| (!r.is_empty()).then_some(r);
                    let span = (if n > 1 { written(rs.max.span()) } else { None })
                        .or_else(|| written(rs.multiple.span()))
                        .or_else(|| written(rs.max.span()))
                        .or_else(|| raw.blinds.as_ref().map(|b| b.span()))
                        .unwrap_or(0..0);
                    c.err(&span, msg);
                    straddle_said = true;
                }
            }
        }
    }
}

/// A game's buy-in bounds, each with where it is written.
struct BuyIn {
    min: Option<(Chips, &'static str, Range<usize>, bool)>,
    max: Option<(Chips, &'static str, Range<usize>, bool)>,
}

impl BuyIn {
    fn of(rules: &HouseRules, i: usize, raw: &RawGame, money: &RawMoney) -> BuyIn {
        let (lo, hi) = rules.buy_in(i);
        let place = |own: &Option<super::schema::Amount>, house: &Option<super::schema::Amount>| {
            own.as_ref()
                .map(|a| (a.span(), true))
                .or_else(|| house.as_ref().map(|a| (a.span(), false)))
                .unwrap_or((0..0, false))
        };
        let (lo_span, lo_own) = place(&raw.buy_in_min, &money.buy_in_min);
        let (hi_span, hi_own) = place(&raw.buy_in_max, &money.buy_in_max);
        BuyIn {
            min: lo.map(|v| (v, "minimum buy-in", lo_span, lo_own)),
            max: hi.map(|v| (v, "maximum buy-in", hi_span, hi_own)),
        }
    }

    /// The least a player may sit down with.
    fn smallest(&self) -> Option<(Chips, &'static str)> {
        self.min.as_ref().or(self.max.as_ref()).map(|b| (b.0, b.1))
    }

    /// The most a player may sit down with.
    fn largest(&self) -> Option<(Chips, &'static str)> {
        self.max.as_ref().or(self.min.as_ref()).map(|b| (b.0, b.1))
    }
}

/// M1: a game's own bound against the house's other one (the same
/// section's pair is checked where it is read).
fn buy_in_order(b: &BuyIn, g: &RawGame, c: &mut Check) {
    if let (Some((lo, _, lo_span, lo_own)), Some((hi, _, hi_span, hi_own))) = (&b.min, &b.max) {
        if lo > hi && lo_own != hi_own {
            let (span, msg) = if *lo_own {
                (
                    lo_span,
                    format!(
                        "buy_in_min {} of \"{}\" is over the maximum buy-in {} in [money]",
                        c.show(*lo),
                        g.name.get_ref(),
                        c.show(*hi)
                    ),
                )
            } else {
                (
                    hi_span,
                    format!(
                        "buy_in_max {} of \"{}\" is under the minimum buy-in {} in [money]",
                        c.show(*hi),
                        g.name.get_ref(),
                        c.show(*lo)
                    ),
                )
            };
            c.err(span, msg);
        }
    }
}

/// What the player who posts the most before the cards puts in, against
/// the least a player may buy in for.
fn forced_bets(g: &super::Game, raw: &RawGame, low: Chips, low_what: &str, c: &mut Check) {
    let mut parts: Vec<(String, Chips)> = Vec::new();
    if let Some(&bb) = g.blinds.last() {
        let name = if g.blinds.len() == 1 {
            "blind"
        } else {
            "big blind"
        };
        parts.push((name.into(), bb));
        if g.big_blind_ante > 0 {
            parts.push(("big-blind ante".into(), g.big_blind_ante));
        }
    } else if let Some(b) = g.bring_in {
        parts.push(("bring-in".into(), b));
    }
    if g.ante > 0 {
        parts.push(("ante".into(), g.ante));
    }
    let total = parts
        .iter()
        .fold(0, |t: Chips, (_, x)| t.saturating_add(*x));
    if parts.is_empty() || total < low {
        return;
    }
    let shown: Vec<String> = parts
        .iter()
        .map(|(n, x)| format!("{n} {}", c.show(*x)))
        .collect();
    let what = if parts.len() == 1 {
        shown.join("")
    } else {
        format!("{} = {}", shown.join(" + "), c.show(total))
    };
    let span = raw
        .blinds
        .as_ref()
        .map(|b| b.span())
        .or_else(|| raw.ante.as_ref().map(|a| a.span()))
        .or_else(|| raw.bring_in.as_ref().map(|a| a.span()))
        .unwrap_or_else(|| raw.name.span());
    let msg = format!(
        "the forced bets of \"{}\" ({what}) are not under the {low_what} {}: a player who buys in is all in before the cards are dealt",
        g.name,
        c.show(low)
    );
    c.err(&span, msg);
}

/// B2: a cap under the big blind leaves the big blind unable to post, and
/// nobody able to call it.
fn caps(g: &super::Game, raw: &RawGame, big_blind: Chips, c: &mut Check) {
    if big_blind == 0 || !matches!(g.structure, Some(Structure::NoLimit | Structure::PotLimit)) {
        return;
    }
    for (key, cap, span, why) in [
        (
            "max_per_round",
            g.options.max_per_round,
            raw.max_per_round.as_ref().map(|a| a.span()),
            "the big blind could not post it",
        ),
        (
            "max_bet_raise",
            g.options.max_bet_raise,
            raw.max_bet_raise.as_ref().map(|a| a.span()),
            "no raise could be made",
        ),
    ] {
        if let (Some(cap), Some(span)) = (cap, span) {
            if cap < big_blind {
                let msg = format!(
                    "{key} {} in \"{}\" is under the big blind {}: {why}",
                    c.show(cap),
                    g.name,
                    c.show(big_blind)
                );
                c.err(&span, msg);
            }
        }
    }
}
