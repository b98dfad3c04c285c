//! Meaning checks for one `[[game]]`: its base, structure, stakes,
//! options and steps. The longest section by far, so it has a file of its
//! own.

use crate::engine::{
    AnteMode, Chips, LimitShortAllIn, Opener, Options, RaiseCap, Split, Step, Structure,
};
use crate::rules::catalog::{self, Money as MoneyKind};
use crate::rules::model::*;
use crate::rules::schema::*;

use super::Check;

pub(super) fn game(g: &RawGame, c: &mut Check) -> Option<Game> {
    let name = g.name.get_ref().clone();
    // The game's name is what the dealer picks from on the panel (issue
    // 35: an empty one, or one with a line break, was taken).
    if name.trim().is_empty() {
        c.err(&g.name.span(), "game name is empty");
    } else if let Some(ch) = name.chars().find(|ch| !(' '..='~').contains(ch)) {
        let msg = format!(
            "game name \"{}\" has \"{}\", which the screen cannot draw (ASCII only)",
            name.escape_debug(),
            ch.escape_debug()
        );
        c.err(&g.name.span(), msg);
    }
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
    } else if let MoneyKind::None(why) = base.money {
        // Issue 33: a listed game the table refuses to deal is a host's
        // surprise at the table; say so here, where the host can act.
        c.err(
            &g.base.span(),
            format!("game \"{name}\" cannot be dealt: {why}, so the box has nothing to keep: remove it from the list"),
        );
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
        // A blind already refused (not whole, too large) orders nothing:
        // its stand-in value would make a false "go down" (issue 35).
        let mut prev_read = false;
        for b in raw.get_ref() {
            let (units, read) = c.read(b, "blind");
            let compare = read && prev_read;
            prev_read = read;
            if let (Some(&prev), true) = (blinds.last(), compare) {
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
            // Ordered only when both were read (issue 35: no follow-on).
            let before = c.errors.len() + c.more;
            let small = c.opt_positive(&g.small_bet, "small_bet");
            let big = c.opt_positive(&g.big_bet, "big_bet");
            let read = c.errors.len() + c.more == before;
            match (small, big, &g.big_bet) {
                (Some(small_bet), Some(big_bet), Some(span)) => {
                    if read && big_bet < small_bet {
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
            // Ordered only when both were read (issue 35: no follow-on).
            let before = c.errors.len() + c.more;
            let lo = c.opt_positive(&g.spread_min, "spread_min");
            let hi = c.opt_positive(&g.spread_max, "spread_max");
            let read = c.errors.len() + c.more == before;
            match (lo, hi, &g.spread_max) {
                (Some(min), Some(max), Some(span)) => {
                    if read && max < min {
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
        // F1: the rule books are silent; a dealer has the others call the
        // full blind (see `Options::short_blind_sets_bet`).
        short_blind_sets_bet: true,
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
    if let Some(o) = g.checked_seven_void.as_ref() {
        if !steps.iter().any(|s| matches!(s, Step::Draw)) {
            let msg = format!(
                "checked_seven_void applies to draw games only, not {}",
                base.name
            );
            c.err(&o.span(), msg);
        }
        options.checked_seven_void = *o.get_ref();
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

    // An amount refused is None: compared with nothing, said once.
    let lo = c.opt_read(&g.buy_in_min, "buy_in_min");
    let hi = c.opt_read(&g.buy_in_max, "buy_in_max");
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
    } else if base.ids.contains("G6") {
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
