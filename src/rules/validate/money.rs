//! Meaning checks for the money sections: `[money]` (buy-ins, short buys)
//! and `[fees]` (the house's rates and when they are taken).

use crate::engine::Step;
use crate::rules::model::*;
use crate::rules::schema::*;

use super::Check;

pub(super) fn money(m: &RawMoney, c: &mut Check) -> Money {
    // An amount refused is None: compared with nothing, said once.
    let buy_in_min = c.opt_read(&m.buy_in_min, "buy_in_min");
    let buy_in_max = c.opt_read(&m.buy_in_max, "buy_in_max");
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

pub(super) fn fees(f: &RawFees, games: &[Game], c: &mut Check) -> Fees {
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
                let ((x, x_read), (y, y_read)) = (c.read(a, "stake"), c.read(b, "stake"));
                if x_read && y_read && y < x {
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

/// Issue 32: `dealerd check` says when the house sets no buy-in range, and
/// what the buy-in dialog opens at instead ([`HouseRules::usual_buy_in`]).
/// Its own function: other checks of this file change often.
pub fn missing_buy_in_warning(rules: &HouseRules) -> Option<String> {
    // What the dialog opens at depends on the maximum alone: a house may
    // leave the minimum out on purpose (H4 M2: "less than 5 bets ... will
    // be considered a short buy", so a short buy is allowed), and a game's
    // own range stands in for [money]'s (H4's buy-in table).
    let open: Vec<&str> = (0..rules.games.len())
        .filter(|&i| rules.buy_in(i).1.is_none())
        .map(|i| rules.games[i].name.as_str())
        .collect();
    if open.is_empty() {
        return None;
    }
    let missing = match (rules.money.buy_in_min, rules.money.buy_in_max) {
        (None, None) => "no buy-in range",
        _ => "no maximum buy-in",
    };
    // A house that states no maximum anywhere is warned (issue 32: H1 and
    // H3 opened at one chip or 600). One that gives some games their own
    // range and leaves the others open chose so (H4: the seed's buy-in
    // table is the Hold-Em section's alone), and is only told the default.
    let (level, which) = if open.len() == rules.games.len() {
        ("warning", String::new())
    } else {
        ("note", format!(" for {}", open.join(", ")))
    };
    Some(format!(
        "{level}: [money] has {missing} (buy_in_min, buy_in_max){which}: the buy-in \
         dialog opens at the house's usual stack, {USUAL_BIG_BLINDS} big blinds or \
         {USUAL_BIG_BETS} big bets in a limit game"
    ))
}
