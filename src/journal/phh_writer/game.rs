//! The game of a hand in PHH's terms: a variant code where the
//! specification has one, and what it cannot say said apart.

use crate::engine::{GameSpec, Split, Structure};

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
    // The specification has no pot-limit hold'em or short-deck, but every
    // pot-limit bet is a legal no-limit one: as `NT` or `NS` the hand
    // replays to the same stacks in any reader, and `_structure` says what
    // the table's limit was.
    let pl_as_nl = match (base, spec.split) {
        ("holdem", Split::High) if pl => Some("NT"),
        ("short-deck", Split::High) if pl => Some("NS"),
        _ => None,
    };
    let limits = if pl_as_nl.is_some() {
        format!("{limits}_structure = \"pot-limit\"\n")
    } else {
        limits
    };
    let (code, in_spec) = match code.or(pl_as_nl) {
        Some(c) => (c.to_string(), true),
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
