//! Meaning checks for the special hands: `[kill]`, `[bomb]` and
//! `[straddle]`, which name games and scale with their stakes, so they are
//! checked after the games.

use toml::Spanned;

use crate::rules::model::*;
use crate::rules::schema::*;

use super::Check;

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

pub(super) fn kill(k: &RawKill, names: &[&str], games: &[Game], c: &mut Check) -> Option<Kill> {
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

pub(super) fn bomb(
    b: &RawBomb,
    names: &[&str],
    games: &[Game],
    seats: u8,
    c: &mut Check,
) -> Option<Bomb> {
    let indices = game_list(&b.games, names, c);
    // Issue 35: a stud-only house with [bomb] said "bomb dealt once an
    // orbit", a bomb pot no game can deal.
    if b.enabled
        && b.games.is_empty()
        && !games.is_empty()
        && !games.iter().any(|g| g.base.is_flop())
    {
        let header = c.header("bomb");
        c.err(
            &header,
            format!(
                "[bomb]: bomb pots need a flop game, and no game here has a flop ({}): remove [bomb], or set enabled = false",
                games_named(games)
            ),
        );
    }
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

pub(super) fn straddle(s: &RawStraddle, games: &[Game], c: &mut Check) -> Option<Straddle> {
    // Issue 35: a stud-only house with [straddle] printed "straddle: utg"
    // in its summary, a straddle that can never be made.
    if s.allowed && !games.is_empty() && games.iter().all(|g| g.blinds.is_empty()) {
        let header = c.header("straddle");
        c.err(
            &header,
            format!(
                "[straddle]: a straddle is a raise of the blinds, and no game here has blinds ({}): remove [straddle], or set allowed = false",
                games_named(games)
            ),
        );
    }
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

/// The house's games by name and base, for a section none of them can use.
fn games_named(games: &[Game]) -> String {
    let mut named: Vec<String> = games
        .iter()
        .take(3)
        .map(|g| format!("\"{}\" is {}", g.name, g.base.name))
        .collect();
    if games.len() > 3 {
        named.push(format!("and {} more", games.len() - 3));
    }
    named.join(", ")
}
