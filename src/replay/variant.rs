//! PHH variant codes as engine games, and PHH's forced-bet fields as a hand setup.

use std::sync::{Arc, LazyLock};

use crate::engine::steps::{draw_game, flop_game, seven_stud};
use crate::engine::{
    AnteMode, Forced, ForcedKind, GameSpec, HandSetup, Opener, Options, RaiseCap, Split, Step,
    Structure,
};
use crate::phh::PhhHand;

/// Why a PHH hand cannot be mapped onto an engine game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    #[error(
        "variant {0:?} is not supported (NT, NS, PT, PO, FT, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D are)"
    )]
    Unsupported(String),
    #[error("variant {variant} needs `{field}`")]
    Missing {
        variant: String,
        field: &'static str,
    },
}

/// The engine game for a PHH hand, with the WSOP limits of the replay contract.
pub fn spec_for(hand: &PhhHand) -> Result<GameSpec, VariantError> {
    let v = hand.variant.as_str();
    let missing = |field| VariantError::Missing {
        variant: v.to_string(),
        field,
    };
    let fixed = || -> Result<Structure, VariantError> {
        Ok(Structure::FixedLimit {
            small_bet: hand.small_bet.ok_or_else(|| missing("small_bet"))?,
            big_bet: hand.big_bet.ok_or_else(|| missing("big_bet"))?,
        })
    };
    let min_bet = || hand.min_bet.ok_or_else(|| missing("min_bet"));
    // The street lists are made once per process and shared: a list and
    // its copy into an `Arc` were two allocations of every replayed hand
    // (issue 35).
    static HOLDEM: LazyLock<Arc<[Step]>> = LazyLock::new(|| flop_game(2).into());
    static OMAHA: LazyLock<Arc<[Step]>> = LazyLock::new(|| flop_game(4).into());
    static STUD: LazyLock<Arc<[Step]>> = LazyLock::new(|| seven_stud().into());
    static SINGLE_DRAW: LazyLock<Arc<[Step]>> = LazyLock::new(|| draw_game(1, usize::MAX).into());
    static TRIPLE_DRAW: LazyLock<Arc<[Step]>> = LazyLock::new(|| draw_game(3, 2).into());
    let (structure, steps, split) = match v {
        // The engine reads no cards, so short-deck is hold'em to it.
        "NT" | "NS" => (Structure::NoLimit, &HOLDEM, Split::High),
        "PT" => (Structure::PotLimit, &HOLDEM, Split::High),
        "PO" => (Structure::PotLimit, &OMAHA, Split::High),
        "FT" => (fixed()?, &HOLDEM, Split::High),
        "FO/8" => (fixed()?, &OMAHA, Split::HiLo),
        "F7S" | "FR" => (fixed()?, &STUD, Split::High),
        "F7S/8" => (fixed()?, &STUD, Split::HiLo),
        "N2L1D" => (Structure::NoLimit, &SINGLE_DRAW, Split::High),
        "F2L3D" => (fixed()?, &TRIPLE_DRAW, Split::High),
        _ => return Err(VariantError::Unsupported(v.to_string())),
    };
    let limit = structure.is_limit();
    if matches!(v, "F7S" | "FR" | "F7S/8") && hand.bring_in.is_none() {
        return Err(missing("bring_in"));
    }
    // `bring_in = 0`, as PokerKit reads it: no bring-in; third street's
    // first player, whom the dealer names, may check or bet.
    let steps: Arc<[Step]> = if hand.bring_in == Some(0) {
        steps
            .iter()
            .map(|&s| match s {
                Step::Bet(mut b) if b.opener == Opener::BringIn => {
                    b.opener = Opener::Named;
                    Step::Bet(b)
                }
                s => s,
            })
            .collect()
    } else {
        Arc::clone(steps)
    };
    Ok(GameSpec {
        structure,
        steps,
        min_bet: if limit { 0 } else { min_bet()? },
        split,
        antes: if hand.ante_trimming_status {
            AnteMode::Live
        } else {
            AnteMode::Dead
        },
        options: Options {
            // WSOP: a bet and four raises in limit, even heads-up.
            raise_cap: limit.then_some(RaiseCap {
                raises: 4,
                lift_heads_up: false,
            }),
            ..Options::default()
        },
    })
}

/// PHH's antes and blinds as forced bets. Heads-up, PHH swaps the first two
/// entries: the button (p2) posts the first one.
pub fn setup_for(hand: &PhhHand) -> HandSetup {
    let mut setup = HandSetup {
        stacks: Vec::new(),
        forced: Vec::new(),
        bring_in: None,
        boards: 1,
        skip_first_bet: false,
        drop_at_flop: 0,
        drop_when: Default::default(),
        kill_in_blind: false,
    };
    setup_into(hand, &mut setup);
    setup
}

/// [`setup_for`] written over `setup`, keeping its vectors: `dealerd
/// replay` reuses one setup for every hand of its files (issue 35).
pub(super) fn setup_into(hand: &PhhHand, setup: &mut HandSetup) {
    let n = hand.players();
    let owner = |i: usize| if n == 2 && i < 2 { 1 - i } else { i };
    let forced = &mut setup.forced;
    forced.clear();
    for (i, &amount) in hand.antes.iter().enumerate() {
        if amount > 0 {
            forced.push(Forced {
                seat: owner(i),
                kind: ForcedKind::Ante,
                amount,
            });
        }
    }
    for (i, &amount) in hand.blinds_or_straddles.iter().enumerate() {
        if amount > 0 {
            forced.push(Forced {
                seat: owner(i),
                kind: if i < 2 {
                    ForcedKind::Blind
                } else {
                    ForcedKind::Straddle
                },
                amount,
            });
        }
    }
    setup.stacks.clear();
    setup.stacks.extend_from_slice(&hand.starting_stacks);
    setup.bring_in = hand.bring_in.filter(|&b| b > 0);
    setup.boards = 1;
    setup.skip_first_bet = false;
    setup.drop_at_flop = 0;
    setup.drop_when = Default::default();
    setup.kill_in_blind = false;
}
