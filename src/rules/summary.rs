//! The short human summary `dealerd check` prints: the rules as understood,
//! so a host can see a misread setting before the game starts.

use std::fmt::{self, Write as _};

use crate::engine::{Split, Structure};

use super::catalog::Money as MoneyKind;
use super::model::{BombAnte, BombSchedule, Game, HouseRules, TableMoney, STRADDLE_NO_CAP};
use super::options::StraddleSizes;

/// A list of kebab-case names from `Debug`, for enums that print as their TOML spelling.
fn kebab<T: fmt::Debug>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| kebab1(i))
        .collect::<Vec<_>>()
        .join(", ")
}

fn kebab1<T: fmt::Debug>(item: &T) -> String {
    let mut out = String::new();
    for (i, ch) in format!("{item:?}").chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

impl HouseRules {
    fn game_line(&self, g: &Game) -> String {
        let m = |c| self.house.unit.times(c);
        let mut s = format!("game \"{}\" ({}", g.name, g.base.name);
        match g.structure {
            None => s.push_str(", no betting"),
            Some(Structure::NoLimit) => {
                let _ = write!(s, ", no-limit, min bet {}", m(g.min_bet));
            }
            Some(Structure::PotLimit) => {
                let _ = write!(s, ", pot-limit, min bet {}", m(g.min_bet));
            }
            Some(Structure::FixedLimit { small_bet, big_bet }) => {
                let _ = write!(s, ", fixed-limit {}/{}", m(small_bet), m(big_bet));
            }
            Some(Structure::SpreadLimit { min, max }) => {
                let _ = write!(s, ", spread-limit {}-{}", m(min), m(max));
            }
        }
        s.push(')');
        if !g.blinds.is_empty() {
            let b: Vec<_> = g.blinds.iter().map(|&b| m(b)).collect();
            let _ = write!(s, "; blinds {}", b.join("/"));
        }
        for (what, v) in [
            ("ante", g.ante),
            ("big-blind ante", g.big_blind_ante),
            ("button ante", g.button_ante),
        ] {
            if v > 0 {
                let _ = write!(s, "; {what} {}", m(v));
            }
        }
        match (g.bring_in, g.bring_in_by) {
            (Some(b), Some(by)) => {
                let _ = write!(s, "; bring-in {} by the {}", m(b), kebab1(&by));
            }
            (None, Some(_)) => s.push_str("; no bring-in, the high hand opens"),
            _ => {}
        }
        let o = &g.options;
        if let Some(x) = o.max_bet_raise {
            let _ = write!(s, "; max bet/raise {}", m(x));
        }
        if let Some(x) = o.max_per_round {
            let _ = write!(s, "; max per round {}", m(x));
        }
        if let Some(cap) = o.raise_cap {
            let _ = write!(s, "; a bet and {} raises", cap.raises);
            if cap.lift_heads_up {
                s.push_str(" (no cap heads-up)");
            }
        }
        if g.structure
            .is_some_and(|s| !matches!(s, Structure::NoLimit | Structure::PotLimit))
        {
            let _ = write!(s, "; short all-in: {}", kebab1(&o.limit_short_all_in));
        }
        if o.checked_may_complete {
            s.push_str("; a player who checked may complete a short all-in bet");
        }
        if !o.check_raise {
            s.push_str("; no check-raise");
        }
        if let Some(n) = o.max_draw {
            let _ = write!(s, "; draw up to {n}");
        }
        if g.all_in_needs_ante {
            s.push_str("; all in needs at least the ante");
        }
        if g.steps.iter().any(
            |st| matches!(st, crate::engine::Step::Bet(b) if b.opener == crate::engine::Opener::PreviousOpener),
        ) {
            s.push_str("; the last round opens with the previous round's opener");
        }
        if o.straddle_is_raise {
            s.push_str("; a straddle is the previous bet for the min raise");
        }
        if o.checked_seven_void {
            s.push_str(
                "; a best hand that checked a seven after the draw voids the action after it",
            );
        }
        if o.fold_when_checkable {
            s.push_str("; may fold when checking is free");
        }
        if g.steps
            .iter()
            .any(|st| matches!(st, crate::engine::Step::Bet(b) if b.open_pair))
        {
            s.push_str("; open pair on 4th allows the big bet");
        }
        if g.steps
            .iter()
            .any(|st| matches!(st, crate::engine::Step::Bet(b) if b.lowball_if_passed))
        {
            s.push_str("; passed out: played for low, then re-dealt");
        }
        match g.split {
            Split::High => {}
            Split::HiLo => s.push_str("; hi-lo split"),
            Split::Declare => s.push_str("; declare split"),
        }
        if let Some(q) = g.low_qualifier {
            let _ = write!(s, " ({q} or better)");
        }
        if let Some((lo, hi)) = g.buy_in {
            let b = |x: Option<u64>| x.map_or_else(|| "house".to_string(), m);
            let _ = write!(s, "; buy-in {} to {}", b(lo), b(hi));
        }
        if g.options.draw_price > 0 {
            let _ = write!(s, "; draw price {} per card", m(g.options.draw_price));
        }
        if g.options.wild_card_charge > 0 {
            let _ = write!(s, "; wild card charge {}", m(g.options.wild_card_charge));
        }
        match g.table_money {
            Some(TableMoney::Guts { cap: Some(cap), .. }) => {
                let _ = write!(s, "; Terrill cap {}", m(cap));
            }
            Some(TableMoney::Guts { cap: None, .. }) => s.push_str("; losers match the whole pot"),
            Some(TableMoney::Lives { lives, stake }) => {
                let _ = write!(s, "; {lives} lives at {} each", m(stake));
            }
            None => {}
        }
        match g.base.money {
            MoneyKind::Engine(None) => {}
            MoneyKind::Engine(Some(why)) => {
                let _ = write!(s, "; {why}");
            }
            MoneyKind::Guts(why) | MoneyKind::Lives { note: why, .. } => {
                let _ = write!(s, "; table layer: {why}");
            }
            MoneyKind::None(why) => {
                let _ = write!(s, "; {why}");
            }
        }
        s
    }
}

impl fmt::Display for HouseRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.house;
        let m = |c| h.unit.times(c);
        let chips: Vec<_> = h.denominations.iter().map(|&c| m(c)).collect();
        writeln!(
            f,
            "house \"{}\": {} seats, {} (unit {}), chips {}",
            h.name,
            h.seats,
            h.currency,
            h.unit,
            chips.join(", ")
        )?;
        for g in &self.games {
            writeln!(f, "{}", self.game_line(g))?;
        }
        writeln!(
            f,
            "rotation: {} (every {})",
            kebab1(&self.rotation.mode),
            kebab1(&self.rotation.every)
        )?;
        let b = &self.button;
        writeln!(
            f,
            "button: {}; new players may {}; missed blinds: {}{}{}",
            kebab1(&b.mode),
            kebab(&b.new_player),
            kebab1(&b.missed_blinds),
            if b.missed_blinds_may_wait {
                " or wait for the big blind"
            } else {
                ""
            },
            match b.missed_blinds_dealt_in {
                super::MissedBlindsDealtIn::Anywhere => "",
                super::MissedBlindsDealtIn::AfterTheButton => ", dealt back in after the button",
            }
        )?;
        let names = |idx: &[usize]| {
            if idx.is_empty() {
                "every game".to_string()
            } else {
                idx.iter()
                    .filter_map(|&i| self.games.get(i).map(|g| format!("\"{}\"", g.name)))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        match &self.kill {
            None => writeln!(f, "kill: off")?,
            Some(k) => {
                write!(
                    f,
                    "kill: {}x on {}, triggered by {}",
                    k.multiple,
                    names(&k.games),
                    kebab(&k.triggers)
                )?;
                if let Some(p) = k.pot_over {
                    write!(f, " (pot over {})", m(p))?;
                }
                for (on, what) in [
                    (k.scale_limits, "limits scale"),
                    (k.scale_blinds, "blinds scale"),
                    (k.in_addition_to_blind, "posted on top of the blind"),
                    (k.second_leg_needs_full_bet, "second leg needs a full bet"),
                    (k.split_keeps_leg, "a split keeps the leg"),
                    (k.orbit, "for a full orbit"),
                ] {
                    if on {
                        write!(f, "; {what}")?;
                    }
                }
                writeln!(f)?;
            }
        }
        match &self.bomb {
            None => writeln!(f, "bomb: off")?,
            Some(b) => {
                let ante = match b.ante {
                    BombAnte::Amount(a) => m(a),
                    BombAnte::BigBlinds(n) => format!("{n} big blinds"),
                };
                writeln!(
                    f,
                    "bomb: {} on {}, ante {ante}, {} board(s){}{}{}{}",
                    kebab1(&b.mode),
                    // Unlisted, only the flop games deal one (bomb_for).
                    if b.games.is_empty() && self.games.iter().any(|g| !g.base.is_flop()) {
                        "every game with a flop".to_string()
                    } else {
                        names(&b.games)
                    },
                    b.boards,
                    if b.skip_preflop_betting {
                        ", no pre-flop betting"
                    } else {
                        ""
                    },
                    if b.double_blinds {
                        ", blinds and antes doubled"
                    } else {
                        ""
                    },
                    if b.button_moves {
                        ""
                    } else {
                        ", the button stays"
                    },
                    match b.schedule {
                        BombSchedule::Called => String::new(),
                        BombSchedule::EveryOrbit => "; dealt once an orbit".into(),
                        BombSchedule::ButtonSeat(s) =>
                            format!("; dealt when the button reaches seat {}", s + 1),
                    },
                )?;
            }
        }
        match &self.straddle {
            None => writeln!(f, "straddle: off")?,
            Some(s) => {
                let sizes = match s.sizes {
                    StraddleSizes::TimesPrevious => format!("each {}x the last", s.multiple),
                    StraddleSizes::TimesFirst => format!(
                        "the first {}x the big blind, then 2x, 3x ... the first",
                        s.multiple
                    ),
                };
                let cap = if s.max >= STRADDLE_NO_CAP {
                    "no cap".to_string()
                } else {
                    format!("up to {}", s.max)
                };
                writeln!(f, "straddle: {}; {sizes}; {cap}", kebab(&s.kinds))?
            }
        }
        writeln!(
            f,
            "table: run it twice {}; chop the blinds {}; one chip is a call {}",
            yn(self.table.run_it_twice),
            yn(self.table.chop_blinds),
            yn(self.table.one_chip_is_call)
        )?;
        writeln!(
            f,
            "showdown: {} shows first; suits {}break ties; suits low to high: {}",
            kebab1(&self.showdown.order),
            if self.showdown.suit_breaks_ties {
                ""
            } else {
                "never "
            },
            kebab(&self.showdown.suit_order)
        )?;
        let mo = &self.money;
        let bound = |b: Option<u64>| b.map_or_else(|| "any".to_string(), m);
        write!(
            f,
            "money: buy-in {} to {}; top-up {}; rebuys {}; table stakes {}",
            bound(mo.buy_in_min),
            bound(mo.buy_in_max),
            kebab1(&mo.top_up),
            yn(mo.rebuys),
            yn(mo.table_stakes)
        )?;
        if let Some(sb) = &mo.short_buy {
            write!(f, "; short buy under {} x {}", sb.bets, kebab1(&sb.of))?;
            if let Some(from) = sb.big_bet_from {
                write!(f, " (big bet from a {} small bet)", m(from))?;
            }
        }
        writeln!(f)?;
        match &self.fees {
            None => writeln!(f, "fees: none")?,
            Some(fees) => {
                let rates: Vec<String> = fees
                    .rates
                    .iter()
                    .map(|r| {
                        let stakes = r
                            .stakes
                            .map(|(a, b)| format!("{}-{} ", m(a), m(b)))
                            .unwrap_or_default();
                        format!(
                            "{stakes}{}-{} players {}",
                            r.players.0,
                            r.players.1,
                            m(r.fee)
                        )
                    })
                    .collect();
                let shown = if rates.len() > 4 {
                    format!(
                        "{} rates, first {}",
                        rates.len(),
                        rates.join("; ").split("; ").next().unwrap_or("")
                    )
                } else {
                    rates.join("; ")
                };
                writeln!(
                    f,
                    "fees: paid by the {}, {}: {shown}",
                    kebab1(&fees.payer),
                    kebab1(&fees.when),
                )?;
            }
        }
        match self.clock_seconds {
            None => writeln!(f, "clock: off")?,
            Some(s) => writeln!(f, "clock: {s} seconds")?,
        }
        if self.cards.is_empty() {
            writeln!(f, "cards: none")?;
        }
        for card in &self.cards {
            writeln!(f, "{card}")?;
        }
        for warning in self.example_uid_warnings() {
            writeln!(f, "{warning}")?;
        }
        for w in super::summary_warnings::warnings(self) {
            writeln!(f, "warning: {w}")?;
        }
        // A note, not a warning (issue 33: no shipped house should ask the
        // host to edit it): since issue 34 the box itself offers the first
        // card tapped as the host card, so nothing in the file needs doing.
        if !self.has_host_card() {
            writeln!(
                f,
                "note: no host card yet: the host menu is open to anyone at the buttons \
                 until one is set (the first card tapped on the box is offered as the \
                 host card; or a [[card]] with host = true)"
            )?;
        }
        if let Some(w) = super::validate::missing_buy_in_warning(self) {
            writeln!(f, "{w}")?;
        }
        Ok(())
    }
}

fn yn(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}
