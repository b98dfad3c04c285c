//! Meaning checks: from the file as written to the rules as understood, with
//! every problem located. All problems are collected, not just the first.

use std::ops::Range;

use toml::Spanned;

use crate::engine::{
    AnteMode, Chips, LimitShortAllIn, Opener, Options, RaiseCap, Split, Step, Structure,
};

use super::amount::{Decimal, Units, MAX_AMOUNT_UNITS};
use super::catalog::{self, Money as MoneyKind};
use super::error::{Diagnostic, Locator, MAX_COLLECTED};
use super::model::*;
use super::schema::*;

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
        }
    }

    fn positive(&mut self, a: &Amount, what: &str) -> Chips {
        let units = self.amount(a, what);
        if a.get_ref().is_zero() {
            self.err(&a.span(), format!("{what} must be more than 0"));
        }
        units
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
            if games.iter().any(|o| o.name == game.name) {
                c.err(
                    &g.name.span(),
                    format!("game name \"{}\" is used twice", game.name),
                );
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
        straddle: raw.straddle.as_ref().and_then(|s| straddle(s, c)),
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
    if h.unit.get_ref().is_zero() {
        c.err(&h.unit.span(), "house.unit must be more than 0");
    } else if h.unit.get_ref().over_ceiling() {
        let msg = format!(
            "house.unit {} is over the most any amount may be ({MAX_AMOUNT_UNITS})",
            h.unit.get_ref()
        );
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
    for d in raw {
        let units = c.positive(d, "denomination");
        if let Some(&prev) = denominations.last() {
            if units <= prev && units > 0 {
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
        name: h.name.clone(),
        currency: h.currency.clone(),
        unit: *h.unit.get_ref(),
        denominations,
        seats,
    }
}

fn game(g: &RawGame, c: &mut Check) -> Option<Game> {
    let name = g.name.get_ref().clone();
    let Some(base) = catalog::find(g.base.get_ref()) else {
        let msg = format!(
            "unknown base game \"{}\"; expected one of: {}",
            g.base.get_ref(),
            catalog::names()
        );
        c.err(&g.base.span(), msg);
        return None;
    };
    let mut kind = g.structure.as_ref().map(|s| *s.get_ref());
    let limit = matches!(
        kind,
        Some(StructureKind::FixedLimit | StructureKind::SpreadLimit)
    );
    let big_bet_game = matches!(kind, Some(StructureKind::NoLimit | StructureKind::PotLimit));
    if let (MoneyKind::None(why), Some(s)) = (base.money, &g.structure) {
        c.err(&s.span(), format!("{why}: remove structure"));
        kind = None;
    }
    let table_layer = matches!(base.money, MoneyKind::Guts(_) | MoneyKind::Lives { .. });
    if let (true, Some(s)) = (table_layer, &g.structure) {
        let msg = format!(
            "{} has no betting rounds: the table layer moves its money (G8, G9): remove structure",
            base.name
        );
        c.err(&s.span(), msg);
        kind = None;
    }
    if kind.is_none() && matches!(base.money, MoneyKind::Engine(_)) {
        c.err(
            &g.name.span(),
            format!("game \"{name}\" needs structure = \"no-limit\", \"pot-limit\", \"fixed-limit\" or \"spread-limit\""),
        );
    }

    let mut blinds: Vec<Chips> = Vec::new();
    if let Some(raw) = &g.blinds {
        if raw.get_ref().len() > 3 {
            c.err(
                &raw.span(),
                "at most three blinds (small, big, and one more)",
            );
        }
        for b in raw.get_ref() {
            let units = c.positive(b, "blind");
            if let Some(&prev) = blinds.last() {
                if units < prev {
                    let msg = format!(
                        "blinds must not go down: {} after {} (small blind first; equal is fine)",
                        b.get_ref(),
                        c.show(prev)
                    );
                    c.err(&b.span(), msg);
                }
            }
            blinds.push(units);
        }
    }

    let not_fixed = "applies to fixed-limit games only";
    let not_spread = "applies to spread-limit games only";
    let mut min_bet = 0;
    let structure = match kind {
        None => None,
        Some(k @ (StructureKind::NoLimit | StructureKind::PotLimit)) => {
            c.not_here(&g.small_bet, "small_bet", not_fixed);
            c.not_here(&g.big_bet, "big_bet", not_fixed);
            c.not_here(&g.spread_min, "spread_min", not_spread);
            c.not_here(&g.spread_max, "spread_max", not_spread);
            min_bet = match (&g.min_bet, blinds.last()) {
                (Some(m), _) => c.positive(m, "min_bet"),
                (None, Some(&bb)) => bb,
                (None, None) => {
                    c.err(
                        &g.name.span(),
                        format!("game \"{name}\" has no blinds, so it needs min_bet"),
                    );
                    0
                }
            };
            Some(if k == StructureKind::NoLimit {
                Structure::NoLimit
            } else {
                Structure::PotLimit
            })
        }
        Some(StructureKind::FixedLimit) => {
            c.not_here(
                &g.min_bet,
                "min_bet",
                "applies to no-limit and pot-limit games only",
            );
            c.not_here(&g.spread_min, "spread_min", not_spread);
            c.not_here(&g.spread_max, "spread_max", not_spread);
            let small = c.opt_positive(&g.small_bet, "small_bet");
            let big = c.opt_positive(&g.big_bet, "big_bet");
            match (small, big, &g.big_bet) {
                (Some(small_bet), Some(big_bet), Some(span)) => {
                    if big_bet < small_bet {
                        c.err(&span.span(), "big_bet is under small_bet");
                    }
                    Some(Structure::FixedLimit { small_bet, big_bet })
                }
                _ => {
                    c.err(
                        &g.name.span(),
                        format!("fixed-limit game \"{name}\" needs small_bet and big_bet"),
                    );
                    None
                }
            }
        }
        Some(StructureKind::SpreadLimit) => {
            c.not_here(
                &g.min_bet,
                "min_bet",
                "applies to no-limit and pot-limit games only",
            );
            c.not_here(&g.small_bet, "small_bet", not_fixed);
            c.not_here(&g.big_bet, "big_bet", not_fixed);
            let lo = c.opt_positive(&g.spread_min, "spread_min");
            let hi = c.opt_positive(&g.spread_max, "spread_max");
            match (lo, hi, &g.spread_max) {
                (Some(min), Some(max), Some(span)) => {
                    if max < min {
                        c.err(&span.span(), "spread_max is under spread_min");
                    }
                    min_bet = min;
                    Some(Structure::SpreadLimit { min, max })
                }
                _ => {
                    c.err(
                        &g.name.span(),
                        format!("spread-limit game \"{name}\" needs spread_min and spread_max"),
                    );
                    None
                }
            }
        }
    };

    let ante = c.opt_positive(&g.ante, "ante").unwrap_or(0);
    let big_blind_ante = c
        .opt_positive(&g.big_blind_ante, "big_blind_ante")
        .unwrap_or(0);
    let button_ante = c.opt_positive(&g.button_ante, "button_ante").unwrap_or(0);

    let mut bring_in = None;
    if let Some(b) = &g.bring_in {
        let units = c.positive(b, "bring_in");
        if !base.is_stud() {
            c.err(
                &b.span(),
                format!("bring_in applies to stud games only, not {}", base.name),
            );
        }
        let most = match structure {
            Some(Structure::FixedLimit { small_bet, .. }) => Some(("the small bet", small_bet)),
            Some(Structure::SpreadLimit { max, .. }) => Some(("spread_max", max)),
            Some(_) => Some(("min_bet", min_bet)),
            None => None,
        };
        if let Some((what, most)) = most {
            if units > most && most > 0 {
                let msg = format!(
                    "bring-in {} is above {what} ({})",
                    b.get_ref(),
                    c.show(most)
                );
                c.err(&b.span(), msg);
            }
        }
        bring_in = Some(units);
    }
    if !base.is_stud() {
        c.not_here(&g.bring_in_by, "bring_in_by", "applies to stud games only");
    }

    let mut options = Options {
        check_raise: g.check_raise.unwrap_or(true),
        straddle_is_raise: g.straddle_is_raise.unwrap_or(false),
        fold_when_checkable: g.fold_when_checkable.unwrap_or(false),
        ..Options::default()
    };
    if let Some(m) = &g.max_bet_raise {
        if limit {
            c.err(
                &m.span(),
                "max_bet_raise applies to no-limit and pot-limit games only",
            );
        }
        let units = c.positive(m, "max_bet_raise");
        if units < min_bet && units > 0 {
            let msg = format!(
                "max_bet_raise {} is under min_bet ({})",
                m.get_ref(),
                c.show(min_bet)
            );
            c.err(&m.span(), msg);
        }
        options.max_bet_raise = Some(units);
    }
    if let Some(m) = &g.max_per_round {
        if limit {
            c.err(
                &m.span(),
                "max_per_round applies to no-limit and pot-limit games only",
            );
        }
        let units = c.positive(m, "max_per_round");
        if let Some(one) = options.max_bet_raise.filter(|&one| units < one) {
            let msg = format!(
                "max_per_round {} is under max_bet_raise ({})",
                m.get_ref(),
                c.show(one)
            );
            c.err(&m.span(), msg);
        }
        options.max_per_round = Some(units);
    }
    if let Some(cap) = &g.raise_cap {
        let r = cap.get_ref();
        if !(1..=20).contains(&r.raises) {
            c.err(
                &cap.span(),
                format!("raise_cap raises = {} is outside 1–20", r.raises),
            );
        }
        options.raise_cap = Some(RaiseCap {
            raises: r.raises,
            lift_heads_up: r.lift_heads_up,
        });
    }
    if let Some(s) = &g.limit_short_all_in {
        if big_bet_game {
            c.err(
                &s.span(),
                "limit_short_all_in applies to fixed-limit and spread-limit games only",
            );
        }
        options.limit_short_all_in = match s.get_ref() {
            ShortAllInKind::HalfBet => LimitShortAllIn::HalfBet,
            ShortAllInKind::ActionOnly => LimitShortAllIn::ActionOnly,
        };
    }

    let mut steps = base.steps();
    if let Some(raw) = &g.steps {
        steps = raw.get_ref().iter().map(|s| step(*s)).collect();
        if !steps.iter().any(|s| matches!(s, Step::Bet(_))) {
            c.err(&raw.span(), "steps must include at least one betting round");
        }
        if steps
            .iter()
            .enumerate()
            .any(|(i, s)| matches!(s, Step::RepeatIfDrawn { to } if usize::from(*to) >= i))
        {
            c.err(
                &raw.span(),
                "repeat-if-drawn must go back to an earlier step (G7)",
            );
        }
        if steps
            .iter()
            .any(|s| matches!(s, Step::Bet(b) if b.opener == Opener::BringIn))
            && g.bring_in.is_none()
        {
            c.err(
                &raw.span(),
                "a bet step opens with the bring-in, but the game has no bring_in",
            );
        }
    }
    let open_pair = g.open_pair_big_bet.as_ref().is_some_and(|o| *o.get_ref());
    if let Some(o) = g.open_pair_big_bet.as_ref().filter(|o| *o.get_ref()) {
        if !base.open_pair {
            let msg = format!("open_pair_big_bet applies to seven-card-stud only (H3: not stud hi-lo, not razz), not {}", base.name);
            c.err(&o.span(), msg);
        } else if kind != Some(StructureKind::FixedLimit) {
            c.err(
                &o.span(),
                "open_pair_big_bet applies to fixed-limit games only",
            );
        }
    }
    let lowball = g.lowball_if_passed.as_ref().is_some_and(|o| *o.get_ref());
    if let Some(o) = g.lowball_if_passed.as_ref().filter(|o| *o.get_ref()) {
        if !steps.iter().any(|s| matches!(s, Step::Draw)) {
            let msg = format!(
                "lowball_if_passed applies to draw games only, not {}",
                base.name
            );
            c.err(&o.span(), msg);
        }
    }
    // B9: the round before the first draw is the one nobody may open.
    if let Some(Step::Bet(b)) = steps.iter_mut().find(|s| matches!(s, Step::Bet(_))) {
        b.lowball_if_passed = lowball;
    }
    for s in &mut steps {
        if let Step::Bet(b) = s {
            b.open_pair &= open_pair;
            // H4 stud: no bring-in, the high card opens every round.
            if b.opener == Opener::BringIn && g.bring_in.is_none() && base.is_stud() {
                b.opener = Opener::Named;
            }
        }
    }

    if let Some(o) = g.checked_may_complete.as_ref() {
        if *o.get_ref() && kind != Some(StructureKind::FixedLimit) {
            c.err(
                &o.span(),
                "checked_may_complete applies to fixed-limit games only (B5)",
            );
        }
        options.checked_may_complete = *o.get_ref();
    }
    if let Some(m) = g.max_draw.as_ref() {
        let held = steps.iter().position(|s| matches!(s, Step::Draw)).map(|i| {
            steps[..i]
                .iter()
                .map(|s| match s {
                    Step::Deal(d) => d.hole_down.saturating_add(d.hole_up),
                    _ => 0,
                })
                .fold(0u8, u8::saturating_add)
        });
        match held {
            None => {
                let msg = format!("max_draw applies to draw games only, not {}", base.name);
                c.err(&m.span(), msg);
            }
            Some(held) if *m.get_ref() == 0 || *m.get_ref() > held => {
                let msg = format!(
                    "max_draw = {} is outside 1–{held} (the hole cards before the draw)",
                    m.get_ref()
                );
                c.err(&m.span(), msg);
            }
            Some(_) => options.max_draw = Some(*m.get_ref()),
        }
    }
    let all_in_needs_ante = g.all_in_needs_ante.as_ref().is_some_and(|o| *o.get_ref());
    if let Some(o) = g.all_in_needs_ante.as_ref().filter(|o| *o.get_ref()) {
        if ante == 0 {
            c.err(&o.span(), "all_in_needs_ante needs an ante");
        }
    }
    if let Some(o) = g
        .last_round_previous_opener
        .as_ref()
        .filter(|o| *o.get_ref())
    {
        if !base.is_stud() {
            let msg = format!(
                "last_round_previous_opener applies to stud games only, not {}",
                base.name
            );
            c.err(&o.span(), msg);
        } else if let Some(Step::Bet(b)) =
            steps.iter_mut().rev().find(|s| matches!(s, Step::Bet(_)))
        {
            b.opener = Opener::PreviousOpener;
        }
    }

    let split = match g.split {
        Some(SplitKind::High) => Split::High,
        Some(SplitKind::HiLo) => Split::HiLo,
        Some(SplitKind::Declare) => Split::Declare,
        None => base.split,
    };
    if let Some(q) = &g.low_qualifier {
        if split == Split::High {
            c.err(
                &q.span(),
                "low_qualifier needs split = \"hi-lo\" or \"declare\"",
            );
        } else if !(5..=9).contains(q.get_ref()) {
            c.err(
                &q.span(),
                format!("low_qualifier {} is outside 5–9", q.get_ref()),
            );
        }
    }

    let lo = c.opt_positive(&g.buy_in_min, "buy_in_min");
    let hi = c.opt_positive(&g.buy_in_max, "buy_in_max");
    if let (Some(l), Some(h), Some(ls), Some(hs)) = (lo, hi, &g.buy_in_min, &g.buy_in_max) {
        if h < l {
            let msg = format!(
                "max buy-in {} is under the min buy-in {}",
                hs.get_ref(),
                ls.get_ref()
            );
            c.err(&hs.span(), msg);
        }
    }
    let buy_in = (lo.is_some() || hi.is_some()).then_some((lo, hi));

    // G5, G6: the lowest stake defaults to the small blind, else the minimum bet.
    let lowest_stake = blinds.first().copied().unwrap_or(min_bet);
    let paid_draws = steps.iter().any(|s| matches!(s, Step::PaidDraw { .. }));
    if let Some(p) = &g.draw_price {
        if !paid_draws {
            let msg = format!(
                "draw_price applies to games with paid draws (texas-2-step), not {}",
                base.name
            );
            c.err(&p.span(), msg);
        }
        options.draw_price = c.positive(p, "draw_price");
    } else if paid_draws {
        options.draw_price = lowest_stake;
    }
    if let Some(w) = &g.wild_card_charge {
        if !matches!(base.money, MoneyKind::Engine(_)) {
            let msg = format!("wild_card_charge applies to poker games, not {}", base.name);
            c.err(&w.span(), msg);
        }
        options.wild_card_charge = c.positive(w, "wild_card_charge");
    } else if base.name == "wild-card" {
        options.wild_card_charge = lowest_stake;
    }
    let not_guts = "applies to guts only";
    let not_lives = "applies to screw-your-neighbor and liars-poker only";
    let table_money = match base.money {
        MoneyKind::Guts(_) => {
            c.not_here(&g.lives, "lives", not_lives);
            c.not_here(&g.life_stake, "life_stake", not_lives);
            if ante == 0 {
                c.err(
                    &g.name.span(),
                    format!("guts game \"{name}\" needs an ante to start each pot"),
                );
            }
            Some(TableMoney::Guts {
                ante,
                cap: c.opt_positive(&g.guts_cap, "guts_cap"),
            })
        }
        MoneyKind::Lives { default_lives, .. } => {
            c.not_here(&g.guts_cap, "guts_cap", not_guts);
            let lives = g.lives.as_ref().map_or(default_lives, |l| *l.get_ref());
            if let Some(l) = g.lives.as_ref().filter(|l| !(1..=20).contains(l.get_ref())) {
                c.err(&l.span(), format!("lives = {lives} is outside 1–20"));
            }
            let stake = c.opt_positive(&g.life_stake, "life_stake").unwrap_or(0);
            if g.life_stake.is_none() {
                c.err(
                    &g.name.span(),
                    format!("game \"{name}\" needs life_stake: what each life stakes in the pot"),
                );
            }
            Some(TableMoney::Lives { lives, stake })
        }
        _ => {
            c.not_here(&g.guts_cap, "guts_cap", not_guts);
            c.not_here(&g.lives, "lives", not_lives);
            c.not_here(&g.life_stake, "life_stake", not_lives);
            None
        }
    };

    Some(Game {
        name,
        base,
        structure,
        min_bet,
        blinds,
        ante,
        big_blind_ante,
        button_ante,
        bring_in,
        bring_in_by: base
            .bring_in_by
            .map(|d| g.bring_in_by.as_ref().map_or(d, |b| *b.get_ref())),
        steps: steps.into(),
        split,
        low_qualifier: g.low_qualifier.as_ref().map(|q| *q.get_ref()),
        antes: match g.ante_mode {
            Some(AnteModeKind::Dead) => AnteMode::Dead,
            _ => AnteMode::Live,
        },
        options,
        buy_in,
        table_money,
        new_player: g.new_player.as_ref().map(|list| {
            if list.get_ref().is_empty() {
                c.err(&list.span(), "new_player must allow at least one way in");
            }
            list.get_ref().clone()
        }),
        missed_blinds: g.missed_blinds,
        missed_blinds_may_wait: g.missed_blinds_may_wait,
        all_in_needs_ante,
    })
}

fn step(s: RawStep) -> Step {
    match s {
        RawStep::Deal { down, up, board } => Step::Deal(crate::engine::DealStep {
            hole_down: down,
            hole_up: up,
            board,
        }),
        RawStep::Bet {
            opener,
            big,
            open_pair,
            if_drawn,
        } => Step::Bet(crate::engine::BetStep {
            lowball_if_passed: false,
            opener: match opener {
                OpenerKind::Blinds => Opener::Blinds,
                OpenerKind::LeftOfButton => Opener::LeftOfButton,
                OpenerKind::BringIn => Opener::BringIn,
                OpenerKind::Named => Opener::Named,
                OpenerKind::Lead => Opener::Lead,
                OpenerKind::PreviousOpener => Opener::PreviousOpener,
            },
            big,
            open_pair,
            if_drawn,
        }),
        RawStep::Draw => Step::Draw,
        RawStep::Discard => Step::Discard,
        RawStep::Declare => Step::Declare,
        RawStep::PaidDraw { multiple } => Step::PaidDraw { multiple },
        RawStep::Hit => Step::Hit,
        RawStep::RepeatIfDrawn { to } => Step::RepeatIfDrawn { to },
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

/// Game names to indices; unknown names are errors.
fn game_list(list: &[Spanned<String>], names: &[&str], c: &mut Check) -> Vec<usize> {
    let mut out = Vec::new();
    for n in list {
        match names.iter().position(|g| g == n.get_ref()) {
            Some(i) => out.push(i),
            None => c.err(
                &n.span(),
                format!(
                    "no [[game]] is named \"{}\"; games are: {}",
                    n.get_ref(),
                    names.join(", ")
                ),
            ),
        }
    }
    out
}

fn kill(k: &RawKill, names: &[&str], games: &[Game], c: &mut Check) -> Option<Kill> {
    let indices = game_list(&k.games, names, c);
    let multiple = *k.multiple.get_ref();
    let (num, den) = multiple.ratio();
    if num <= den || num > 4 * den {
        c.err(
            &k.multiple.span(),
            format!("kill multiple {multiple} must be more than 1 and at most 4 (2 = full kill, \"1.5\" = half kill)"),
        );
    } else if let Some(unit) = c.unit {
        // A half kill of an odd number of units would need a chip that does not exist.
        for (i, g) in games.iter().enumerate() {
            if !indices.is_empty() && !indices.contains(&i) {
                continue;
            }
            let (s1, s2) = g.stakes().unwrap_or((g.min_bet, g.min_bet));
            let bb = g.blinds.last().copied().unwrap_or(g.min_bet);
            for amount in [bb, g.min_bet, s1, s2] {
                if (u128::from(amount) * u128::from(num)) % u128::from(den) != 0 {
                    let msg = format!(
                        "a kill of {multiple}x {} in \"{}\" is not a whole number of units (house.unit = {unit})",
                        unit.times(amount),
                        g.name
                    );
                    c.err(&k.multiple.span(), msg);
                    break;
                }
            }
        }
    }
    let triggers = k.triggers.get_ref().clone();
    if triggers.is_empty() {
        c.err(
            &k.triggers.span(),
            "kill triggers must name at least one of: two-wins, pot-over, voluntary",
        );
    }
    let pot_over = c.opt_positive(&k.pot_over, "pot_over");
    let wants = triggers.contains(&KillTrigger::PotOver);
    match (&k.pot_over, wants) {
        (None, true) => c.err(
            &k.triggers.span(),
            "the pot-over trigger needs pot_over = <amount>",
        ),
        (Some(p), false) => c.err(
            &p.span(),
            "pot_over is set but triggers has no \"pot-over\"",
        ),
        _ => {}
    }
    k.enabled.then_some(Kill {
        games: indices,
        triggers,
        pot_over,
        multiple,
        scale_limits: k.scale_limits,
        scale_blinds: k.scale_blinds,
        in_addition_to_blind: k.in_addition_to_blind,
        second_leg_needs_full_bet: k.second_leg_needs_full_bet,
        split_keeps_leg: k.split_keeps_leg,
        orbit: k.orbit,
        new_player_kills_next: k.new_player_kills_next,
    })
}

fn bomb(b: &RawBomb, names: &[&str], games: &[Game], seats: u8, c: &mut Check) -> Option<Bomb> {
    let indices = game_list(&b.games, names, c);
    for (&i, n) in indices.iter().zip(&b.games) {
        if let Some(g) = games.get(i).filter(|g| !g.base.is_flop()) {
            let msg = format!(
                "bomb pots need a flop game; \"{}\" is {}",
                g.name, g.base.name
            );
            c.err(&n.span(), msg);
        }
    }
    let boards = *b.boards.get_ref();
    if !(1..=2).contains(&boards) {
        c.err(
            &b.boards.span(),
            format!("bomb boards = {boards}; expected 1 or 2"),
        );
    }
    let ante = match (&b.ante, &b.ante_big_blinds) {
        (Some(a), None) => BombAnte::Amount(c.positive(a, "bomb ante")),
        (None, Some(n)) => {
            if *n.get_ref() == 0 {
                c.err(&n.span(), "ante_big_blinds must be more than 0");
            }
            BombAnte::BigBlinds(*n.get_ref())
        }
        (Some(a), Some(_)) => {
            c.err(
                &a.span(),
                "give the bomb ante as ante or as ante_big_blinds, not both",
            );
            BombAnte::BigBlinds(0)
        }
        (None, None) => {
            c.err(
                &b.mode.span(),
                "a bomb pot needs ante = <amount> or ante_big_blinds = <n>",
            );
            BombAnte::BigBlinds(0)
        }
    };
    let schedule = match (
        b.every_orbit.as_ref().filter(|e| *e.get_ref()),
        &b.button_seat,
    ) {
        (Some(e), Some(_)) => {
            c.err(
                &e.span(),
                "give one bomb schedule: every_orbit = true or button_seat = <seat>, not both",
            );
            BombSchedule::Called
        }
        (Some(_), None) => BombSchedule::EveryOrbit,
        (None, Some(s)) => {
            let seat = *s.get_ref();
            if seat == 0 || seat > seats {
                c.err(
                    &s.span(),
                    format!("bomb button_seat = {seat} is outside 1–{seats} (the house's seats)"),
                );
            }
            BombSchedule::ButtonSeat(usize::from(seat.max(1)) - 1)
        }
        (None, None) => BombSchedule::Called,
    };
    // An orbit of bombs each time the button comes round is nothing but bombs.
    if schedule != BombSchedule::Called && *b.mode.get_ref() == BombMode::Orbit {
        c.err(
            &b.mode.span(),
            "mode = \"orbit\" deals a bomb pot on every hand of an orbit; a scheduled bomb pot (every_orbit, button_seat) needs mode = \"single\"",
        );
    }
    b.enabled.then_some(Bomb {
        schedule,
        mode: *b.mode.get_ref(),
        games: indices,
        ante,
        boards,
        skip_preflop_betting: b.skip_preflop_betting,
        double_blinds: b.double_blinds,
        button_moves: b.button_moves,
    })
}

fn straddle(s: &RawStraddle, c: &mut Check) -> Option<Straddle> {
    if s.kinds.get_ref().is_empty() {
        c.err(
            &s.kinds.span(),
            "straddle kinds must name at least one of: utg, button",
        );
    }
    let multiple = *s.multiple.get_ref();
    if !(1..=10).contains(&multiple) {
        c.err(
            &s.multiple.span(),
            format!("straddle multiple {multiple} is outside 1–10"),
        );
    }
    let max = *s.max.get_ref();
    if !(1..=8).contains(&max) {
        c.err(&s.max.span(), format!("straddle max {max} is outside 1–8"));
    }
    s.allowed.then(|| Straddle {
        kinds: s.kinds.get_ref().clone(),
        multiple,
        max,
        sizes: s.sizes,
    })
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

fn money(m: &RawMoney, c: &mut Check) -> Money {
    let buy_in_min = c.opt_positive(&m.buy_in_min, "buy_in_min");
    let buy_in_max = c.opt_positive(&m.buy_in_max, "buy_in_max");
    if let (Some(lo), Some(hi), Some(hs), Some(ls)) =
        (buy_in_min, buy_in_max, &m.buy_in_max, &m.buy_in_min)
    {
        if hi < lo {
            let msg = format!(
                "max buy-in {} is under the min buy-in {}",
                hs.get_ref(),
                ls.get_ref()
            );
            c.err(&hs.span(), msg);
        }
    }
    let short_buy = m.short_buy.as_ref().map(|s| {
        if *s.bets.get_ref() == 0 {
            c.err(&s.bets.span(), "short_buy bets must be more than 0");
        }
        ShortBuy {
            bets: *s.bets.get_ref(),
            of: s.of,
            big_bet_from: c.opt_positive(&s.big_bet_from, "big_bet_from"),
        }
    });
    Money {
        buy_in_min,
        buy_in_max,
        top_up: m.top_up.unwrap_or_default(),
        rebuys: m.rebuys.unwrap_or(true),
        table_stakes: m.table_stakes.unwrap_or(true),
        no_going_south: m.no_going_south.unwrap_or(true),
        short_buy,
    }
}

fn fees(f: &RawFees, games: &[Game], c: &mut Check) -> Fees {
    // M3: "before the flop" says nothing about stud or draw; the house says.
    let no_flop = games.iter().find(|g| {
        g.structure.is_some()
            && !g
                .steps
                .iter()
                .any(|s| matches!(s, Step::Deal(d) if d.board > 0))
    });
    let when = *f.when.get_ref();
    if let (Some(g), FeePayer::Pot, FeeWhen::BeforeFlop, None) =
        (no_flop, f.payer, when, &f.when_no_flop)
    {
        c.err(
            &f.when.span(),
            format!(
                "\"{}\" has no flop: say when its fee is taken with when_no_flop = \"before-deal\", \"first-betting-round\" or \"before-flop\" (no fee)",
                g.name
            ),
        );
    }
    if f.rates.get_ref().is_empty() {
        c.err(&f.rates.span(), "fees need at least one rate");
    }
    let mut rates = Vec::new();
    for r in f.rates.get_ref() {
        // Two numbers, as the schema says (and reports when they are not).
        let (lo, hi) = match r.players.get_ref().as_slice() {
            [lo, hi] => (*lo, *hi),
            _ => (1, 10),
        };
        if lo == 0 || hi < lo || hi > 10 {
            c.err(
                &r.players.span(),
                format!("players [{lo}, {hi}] must be a range within 1–10, fewest first"),
            );
        }
        let stakes = r.stakes.as_ref().and_then(|s| match s.get_ref().as_slice() {
            [a, b] => {
                let (x, y) = (c.positive(a, "stake"), c.positive(b, "stake"));
                if y < x {
                    c.err(&b.span(), "stakes go [small, big]: the second is under the first");
                }
                Some((x, y))
            }
            _ => {
                c.err(&s.span(), "stakes must be two amounts: [small bet, big bet] or [spread min, spread max]");
                None
            }
        });
        if stakes.is_some() && r.structure.is_none() {
            if let Some(s) = &r.stakes {
                c.err(
                    &s.span(),
                    "a rate with stakes needs structure = \"fixed-limit\" or \"spread-limit\"",
                );
            }
        }
        rates.push(FeeRate {
            structure: r.structure,
            stakes,
            players: (lo, hi),
            fee: c.positive(&r.fee, "fee"),
        });
    }
    if f.payer == FeePayer::Button && when != FeeWhen::BeforeDeal {
        c.err(
            &f.when.span(),
            "a fee the button pays is taken before the deal: set when = \"before-deal\"",
        );
    }
    if let Some(w) = &f.when_no_flop {
        if f.payer == FeePayer::Button || when != FeeWhen::BeforeFlop {
            c.err(
                &w.span(),
                "when_no_flop is only for a pot fee taken before the flop",
            );
        }
    }
    Fees {
        payer: f.payer,
        when,
        when_no_flop: f.when_no_flop.as_ref().map(|w| *w.get_ref()),
        rates,
    }
}
