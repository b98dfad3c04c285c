//! Street sequences built from steps (G1–G4): the shapes every game in the
//! catalog and every PHH variant is made of.

use super::spec::{BetStep, DealStep, Opener, Step};

impl BetStep {
    /// A plain betting round: no open-pair option, always played, no lowball fallback.
    pub fn new(opener: Opener, big: bool) -> BetStep {
        BetStep {
            opener,
            big,
            open_pair: false,
            if_drawn: false,
            lowball_if_passed: false,
        }
    }
}

/// A deal: cards down and up to each player, cards to the board.
pub fn deal(hole_down: u8, hole_up: u8, board: u8) -> Step {
    Step::Deal(DealStep {
        hole_down,
        hole_up,
        board,
    })
}

/// A betting round opened by `opener`; `big` for fixed limit's big bet.
pub fn bet(opener: Opener, big: bool) -> Step {
    Step::Bet(BetStep::new(opener, big))
}

/// Hold'em and Omaha: hole cards, then flop, turn and river.
pub fn flop_game(hole: u8) -> Vec<Step> {
    vec![
        deal(hole, 0, 0),
        bet(Opener::Blinds, false),
        deal(0, 0, 3),
        bet(Opener::LeftOfButton, false),
        deal(0, 0, 1),
        bet(Opener::LeftOfButton, true),
        deal(0, 0, 1),
        bet(Opener::LeftOfButton, true),
    ]
}

/// Seven-card stud: the dealer names each round's opener; 3rd street opens with the bring-in.
pub fn seven_stud() -> Vec<Step> {
    vec![
        deal(2, 1, 0),
        bet(Opener::BringIn, false),
        deal(0, 1, 0),
        bet(Opener::Named, false),
        deal(0, 1, 0),
        bet(Opener::Named, true),
        deal(0, 1, 0),
        bet(Opener::Named, true),
        deal(1, 0, 0),
        bet(Opener::Named, true),
    ]
}

/// Draw games: five cards, then `draws` draws each followed by a round.
/// `big_from` is the first round (0-based) played with the big bet.
pub fn draw_game(draws: usize, big_from: usize) -> Vec<Step> {
    let mut steps = vec![deal(5, 0, 0), bet(Opener::Blinds, big_from == 0)];
    for round in 1..=draws {
        steps.push(Step::Draw);
        steps.push(bet(Opener::LeftOfButton, round >= big_from));
    }
    steps
}
