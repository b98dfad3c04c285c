//! Meaning checks: from the file as written to the rules as understood, with
//! every problem located. All problems are collected, not just the first.
//!
//! This module holds the checker ([`Check`]), the walk over the whole file
//! ([`resolve`]) and the small sections (house, button, showdown); the
//! sections with most to check have files of their own: a game
//! (`game.rs`), the special hands (`specials.rs`: kill, bomb, straddle) and
//! the money (`money.rs`: buy-ins and fees).

mod game;
mod money;
pub use money::missing_buy_in_warning;
mod specials;

use std::ops::Range;

use toml::Spanned;

use crate::engine::Chips;

use super::amount::{the_most, Decimal, Units, MAX_AMOUNT_UNITS};
use super::error::{Diagnostic, Locator, MAX_COLLECTED};
use super::model::*;
use super::schema::*;

use game::game;
use money::{fees, money};
use specials::{bomb, kill, straddle};

pub(crate) struct Check<'a> {
    loc: Locator<'a>,
    pub errors: Vec<Diagnostic>,
    /// `None` once the unit itself is wrong: amounts are then not converted.
    unit: Option<Decimal>,
    /// Problems found past [`MAX_COLLECTED`], counted but not located.
    pub more: usize,
}

impl<'a> Check<'a> {
    pub fn new(loc: Locator<'a>) -> Self {
        Check {
            loc,
            errors: Vec::new(),
            unit: None,
            more: 0,
        }
    }

    pub(crate) fn err(&mut self, span: &Range<usize>, message: impl Into<String>) {
        if self.errors.len() >= MAX_COLLECTED {
            self.more += 1;
            return;
        }
        self.errors.push(self.loc.at(span, message));
    }

    /// The 1-based line of a span, for messages that point back at an earlier one.
    /// Where the section `[name]` is written (its header line), for a
    /// problem of the section as a whole; the file's start if not found.
    pub(crate) fn header(&self, name: &str) -> Range<usize> {
        let header = format!("[{name}]");
        let mut at = 0;
        for line in self.loc.text.split_inclusive('\n') {
            if line.trim_start().starts_with(&header) {
                let indent = line.len() - line.trim_start().len();
                return at + indent..at + indent + header.len();
            }
            at += line.len();
        }
        0..0
    }

    pub(crate) fn line(&self, span: &Range<usize>) -> usize {
        self.loc.line_col(span.start).0
    }

    pub(crate) fn show(&self, units: Chips) -> String {
        self.unit
            .map_or_else(|| units.to_string(), |u| u.times(units))
    }

    /// An amount in units; after recording why, 0 when it is not whole and
    /// the ceiling when it is over it.
    fn amount(&mut self, a: &Amount, what: &str) -> Chips {
        let Some(unit) = self.unit else { return 0 };
        match a.get_ref().units(&unit) {
            Ok(units) => units,
            Err(Units::NotWhole) => {
                let msg = format!(
                    "{what} {} is not a whole number of units (house.unit = {unit})",
                    a.get_ref()
                );
                self.err(&a.span(), msg);
                0
            }
            Err(Units::TooMany) => {
                let msg = format!(
                    "{what} {} is over the most any amount may be: {} ({MAX_AMOUNT_UNITS} units of {unit})",
                    a.get_ref(),
                    unit.times(MAX_AMOUNT_UNITS)
                );
                self.err(&a.span(), msg);
                // The ceiling stands in, so that no second error follows
                // from a value already refused (a max "under" the min).
                MAX_AMOUNT_UNITS
            }
            Err(Units::OverCeiling) => {
                // The shape check said this at the same place first (it is
                // a rule on the value alone, the schema's), so this one is
                // dropped; it is said so that the value counts as refused.
                let msg = format!("{what} {} is over {}", a.get_ref(), the_most());
                self.err(&a.span(), msg);
                MAX_AMOUNT_UNITS
            }
        }
    }

    fn positive(&mut self, a: &Amount, what: &str) -> Chips {
        let units = self.amount(a, what);
        if a.get_ref().is_zero() {
            self.err(&a.span(), format!("{what} must be more than 0"));
        }
        units
    }

    /// [`Self::positive`], and whether it was read: an amount refused (not
    /// whole, too large, 0) is compared with nothing, since its stand-in
    /// would make a false follow-on error (issue 35: "must not go down",
    /// "must go up", "under the min buy-in"). So is every amount when the
    /// unit itself was refused.
    fn read(&mut self, a: &Amount, what: &str) -> (Chips, bool) {
        let before = self.errors.len() + self.more;
        let units = self.positive(a, what);
        // Without a unit (house.unit refused) nothing was read at all.
        let read = self.unit.is_some() && self.errors.len() + self.more == before;
        (units, read)
    }

    /// [`Self::opt_positive`], `None` also for an amount refused.
    fn opt_read(&mut self, a: &Option<Amount>, what: &str) -> Option<Chips> {
        a.as_ref()
            .map(|a| self.read(a, what))
            .and_then(|(units, read)| read.then_some(units))
    }

    fn opt_positive(&mut self, a: &Option<Amount>, what: &str) -> Option<Chips> {
        a.as_ref().map(|a| self.positive(a, what))
    }

    /// A key that makes no sense for this game: an error, since a silently
    /// ignored rule is a rule the host thinks is in force.
    fn not_here<T>(&mut self, v: &Option<Spanned<T>>, key: &str, why: &str) {
        if let Some(v) = v {
            self.err(&v.span(), format!("{key} {why}"));
        }
    }
}

pub(crate) fn resolve(raw: RawRules, c: &mut Check) -> Option<HouseRules> {
    let house = house(&raw.house, c);
    let games_span = raw.games.span();
    let raw_games = raw.games.into_inner();
    if raw_games.is_empty() {
        c.err(&games_span, "at least one [[game]] is required");
    }
    let mut games: Vec<Game> = Vec::new();
    for g in &raw_games {
        if let Some(game) = game(g, c) {
            // Two names the dealer cannot tell apart on the panel are one.
            match games
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(&game.name))
            {
                Some(o) if o.name == game.name => c.err(
                    &g.name.span(),
                    format!("game name \"{}\" is used twice", game.name),
                ),
                Some(o) => c.err(
                    &g.name.span(),
                    format!(
                        "game name \"{}\" is used twice: \"{}\" differs only by case",
                        game.name, o.name
                    ),
                ),
                None => {}
            }
            games.push(game);
        }
    }
    let names: Vec<&str> = raw_games
        .iter()
        .map(|g| g.name.get_ref().as_str())
        .collect();
    let seats = house.seats;
    let rules = HouseRules {
        house,
        button: button(&raw.button, c),
        kill: raw.kill.as_ref().and_then(|k| kill(k, &names, &games, c)),
        bomb: raw
            .bomb
            .as_ref()
            .and_then(|b| bomb(b, &names, &games, seats, c)),
        straddle: raw.straddle.as_ref().and_then(|s| straddle(s, &games, c)),
        showdown: showdown(&raw.showdown, c),
        table: Table {
            run_it_twice: raw.table.run_it_twice,
            chop_blinds: raw.table.chop_blinds,
            one_chip_is_call: raw.table.one_chip_is_call.unwrap_or(true),
        },
        money: money(&raw.money, c),
        fees: raw.fees.as_ref().map(|f| fees(f, &games, c)),
        clock_seconds: raw.clock.as_ref().map(|k| {
            let s = *k.seconds.get_ref();
            if !(5..=600).contains(&s) {
                c.err(
                    &k.seconds.span(),
                    format!("clock seconds {s} is outside 5–600"),
                );
            }
            s
        }),
        rotation: Rotation {
            mode: raw.rotation.mode.unwrap_or_default(),
            every: raw.rotation.every.unwrap_or_default(),
        },
        cards: super::validate_cards::cards(&raw.cards, c),
        roster: super::validate_cards::roster(&raw.roster, &raw.cards, c),
        games,
    };
    if raw.rotation.mode.is_none() && raw_games.len() > 1 {
        if let Some(second) = raw_games.get(1) {
            c.err(
                &second.name.span(),
                "more than one game needs [rotation] mode = \"dealers-choice\" or \"fixed\"",
            );
        }
    }
    super::validate_cards::commands_allowed(&raw.cards, &rules, c);
    if c.errors.is_empty() {
        super::sanity::check(
            &raw_games,
            &raw.money,
            raw.bomb.as_ref(),
            raw.straddle.as_ref(),
            &rules,
            c,
        );
    }
    c.errors.is_empty().then_some(rules)
}

fn house(h: &RawHouse, c: &mut Check) -> House {
    // The house's name is on the screen, the ledger and the records (issue
    // 35: an empty one, or one with a line break, was taken).
    let name = h.name.get_ref();
    if name.trim().is_empty() {
        c.err(&h.name.span(), "house name is empty");
    } else if let Some(ch) = name.chars().find(|ch| !(' '..='~').contains(ch)) {
        let msg = format!(
            "house name \"{}\" has \"{}\", which the screen cannot draw (ASCII only)",
            name.escape_debug(),
            ch.escape_debug()
        );
        c.err(&h.name.span(), msg);
    }
    if h.unit.get_ref().is_zero() {
        c.err(&h.unit.span(), "house.unit must be more than 0");
    } else if h.unit.get_ref().over_ceiling() {
        // Said first, at the same place, by the shape check.
        let msg = format!("house.unit {} is over {}", h.unit.get_ref(), the_most());
        c.err(&h.unit.span(), msg);
    } else {
        c.unit = Some(*h.unit.get_ref());
    }
    let seats = *h.seats.get_ref();
    if !(2..=10).contains(&seats) {
        c.err(
            &h.seats.span(),
            format!("seats = {seats} is outside 2–10 (T1)"),
        );
    }
    let raw = h.denominations.get_ref();
    if raw.is_empty() {
        c.err(
            &h.denominations.span(),
            "denominations must name at least one chip",
        );
    }
    let mut denominations: Vec<Chips> = Vec::new();
    let mut prev_read = false;
    for d in raw {
        let (units, read) = c.read(d, "denomination");
        let compare = read && prev_read;
        prev_read = read;
        if let (Some(&prev), true) = (denominations.last(), compare) {
            if units <= prev {
                let msg = format!(
                    "denominations must go up, smallest first: {} after {}",
                    d.get_ref(),
                    c.show(prev)
                );
                c.err(&d.span(), msg);
            }
        }
        denominations.push(units);
    }
    House {
        name: h.name.get_ref().clone(),
        currency: h.currency.clone(),
        unit: *h.unit.get_ref(),
        denominations,
        seats,
    }
}

fn button(b: &RawButton, c: &mut Check) -> Button {
    let new_player = match &b.new_player {
        Some(list) => {
            if list.get_ref().is_empty() {
                c.err(&list.span(), "new_player must allow at least one way in");
            }
            list.get_ref().clone()
        }
        None => vec![
            NewPlayerOption::WaitForBigBlind,
            NewPlayerOption::PostBigBlind,
        ],
    };
    Button {
        mode: b.mode.unwrap_or_default(),
        new_player,
        missed_blinds: b.missed_blinds.unwrap_or_default(),
        missed_blinds_may_wait: b.missed_blinds_may_wait.unwrap_or(true),
        missed_blinds_dealt_in: b.missed_blinds_dealt_in.unwrap_or_default(),
    }
}

fn showdown(s: &RawShowdown, c: &mut Check) -> Showdown {
    let default = vec![Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    let suit_order = match &s.suit_order {
        Some(order) => {
            let o = order.get_ref();
            let all = default
                .iter()
                .all(|suit| o.iter().filter(|x| *x == suit).count() == 1);
            if o.len() != 4 || !all {
                c.err(&order.span(), "suit_order must list clubs, diamonds, hearts and spades once each, lowest first");
            }
            o.clone()
        }
        None => default,
    };
    Showdown {
        order: s.order.unwrap_or_default(),
        suit_breaks_ties: s.suit_breaks_ties.unwrap_or(false),
        suit_order,
    }
}
