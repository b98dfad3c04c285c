//! The game and the forced bets of a hand in PHH's terms: a variant code
//! where the specification has one, and what it cannot place said apart.

use crate::engine::{ForcedKind, GameSpec, HandSetup, Split, Structure};

/// The PHH variant of the game, and its betting fields as TOML lines.
pub struct Variant {
    /// A PHH code (`NT` for pot-limit hold'em too, with `_structure`); for
    /// a game the specification has no code for, dealerd's catalog name.
    pub code: String,
    /// True when `code` is one the PHH specification lists.
    pub in_spec: bool,
    pub limits: String,
    /// Stud deals cards face up and PHH's stud has no blinds.
    pub stud: bool,
}

/// `base` is the catalog name of the house's game (`holdem`, `razz`, …).
pub fn variant(base: &str, spec: &GameSpec) -> Variant {
    let limits = match spec.structure {
        Structure::FixedLimit { small_bet, big_bet } => {
            format!("small_bet = {small_bet}\nbig_bet = {big_bet}\n")
        }
        Structure::SpreadLimit { min, max } => {
            format!("min_bet = {min}\n_spread_limit = [{min}, {max}]\n")
        }
        _ => format!("min_bet = {}\n", spec.min_bet),
    };
    let fixed = spec.structure.is_limit();
    let nl = spec.structure == Structure::NoLimit;
    let pl = spec.structure == Structure::PotLimit;
    let code = match (base, spec.split) {
        ("holdem", Split::High) if nl => Some("NT"),
        ("holdem", Split::High) if fixed => Some("FT"),
        ("short-deck", Split::High) if nl => Some("NS"),
        ("omaha", Split::High) if pl => Some("PO"),
        ("omaha-hi-lo", Split::HiLo) if fixed => Some("FO/8"),
        ("seven-card-stud", Split::High) if fixed => Some("F7S"),
        ("stud-hi-lo", Split::HiLo) if fixed => Some("F7S/8"),
        ("razz", Split::High) if fixed => Some("FR"),
        ("lowball-27-single", Split::High) if nl => Some("N2L1D"),
        ("triple-draw-27", Split::High) if fixed => Some("F2L3D"),
        _ => None,
    };
    let pl_holdem = base == "holdem" && pl && spec.split == Split::High;
    // The specification has no pot-limit hold'em, but every pot-limit bet is
    // a legal no-limit one: as `NT` the hand replays to the same stacks in
    // any reader, and `_structure` says what the table's limit was.
    let limits = if pl_holdem {
        format!("{limits}_structure = \"pot-limit\"\n")
    } else {
        limits
    };
    let (code, in_spec) = match code {
        Some(c) => (c.to_string(), true),
        None if pl_holdem => ("NT".to_string(), true),
        None => {
            let structure = match spec.structure {
                Structure::NoLimit => "no-limit",
                Structure::PotLimit => "pot-limit",
                Structure::FixedLimit { .. } => "fixed-limit",
                Structure::SpreadLimit { .. } => "spread-limit",
            };
            (format!("{structure} {base}"), false)
        }
    };
    Variant {
        code,
        in_spec,
        limits,
        stud: matches!(
            base,
            "seven-card-stud" | "stud-hi-lo" | "razz" | "five-card-stud"
        ),
    }
}

/// The forced bets as PHH fields, in PHH's player order.
#[derive(Debug, Default)]
pub struct Posts {
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    /// Posts PHH has no place for, as `(player index, kind, amount)`.
    pub others: Vec<(usize, &'static str, u64)>,
}

/// Heads-up PHH swaps the first two entries (the button, p2, posts the first).
pub fn posts(setup: &HandSetup, spec: &GameSpec, stud: bool) -> Posts {
    let n = setup.stacks.len();
    let owner = |seat: usize| if n == 2 && seat < 2 { 1 - seat } else { seat };
    let mut p = Posts {
        antes: vec![0; n],
        blinds: vec![0; n],
        others: Vec::new(),
    };
    let dead_antes = spec.antes == crate::engine::AnteMode::Dead;
    for f in &setup.forced {
        let i = owner(f.seat);
        let (Some(ante), Some(blind)) = (p.antes.get(i).copied(), p.blinds.get(i).copied()) else {
            continue;
        };
        let place = match f.kind {
            ForcedKind::Ante => Some(true),
            // A bomb-pot ante, posted by everyone alike, counts for its
            // payer's pot level as PHH's trimmed antes do (not as its pooled
            // ones). A dead post is one player's: PHH has no place for it.
            ForcedKind::Bomb if !dead_antes && ante == 0 => Some(true),
            ForcedKind::Blind if !stud && i < 2 && blind == 0 => Some(false),
            ForcedKind::Straddle if !stud && i >= 2 && blind == 0 => Some(false),
            ForcedKind::ButtonStraddle if !stud && i + 1 == n && i >= 2 && blind == 0 => {
                Some(false)
            }
            _ => None,
        };
        match place {
            Some(true) => p.antes[i] += f.amount,
            Some(false) => p.blinds[i] = f.amount,
            None => p.others.push((i, kind_name(f.kind), f.amount)),
        }
    }
    p
}

fn kind_name(kind: ForcedKind) -> &'static str {
    match kind {
        ForcedKind::Ante => "ante",
        ForcedKind::Blind => "blind",
        ForcedKind::Straddle => "straddle",
        ForcedKind::ButtonStraddle => "button-straddle",
        ForcedKind::Kill => "kill",
        ForcedKind::LivePost => "live-post",
        ForcedKind::DeadPost => "dead-post",
        ForcedKind::Bomb => "bomb",
    }
}
