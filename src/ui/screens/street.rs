//! The names of streets and deals ("FLOP", "5TH", "DRAW 2", "DEAL THE
//! TURN") read from a game's steps: the one piece of the screens that knows
//! how every game's rounds are laid out.

use crate::engine::{HandState, Step};

use super::line::Line;

/// "PRE FLOP TURN RIVER" for four-round board games; stud streets by the
/// cards each player holds ("3RD" … "7TH", G3); 7/27's rounds by the card
/// offers so far ("HIT 2", G7); draws by the exchanges ("PRE-DRAW",
/// "DRAW 2"); else "R2/4".
pub fn street_name(state: &HandState) -> String {
    street(state).to_string()
}

pub(super) fn street(state: &HandState) -> Line {
    let st = state.street();
    let steps = &state.spec().steps;
    // G7: one betting round after each offer of a card, played again while
    // anyone takes one; the cards held differ from player to player, so
    // the round is named by the offers so far.
    if st.round > 0
        && steps
            .iter()
            .any(|s| matches!(s, Step::RepeatIfDrawn { .. }))
    {
        return Line::of(format_args!("HIT {}", state.laps() + 1));
    }
    let stud = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.hole_up > 0));
    let draws_in_game = steps.iter().filter(|s| is_exchange(s)).count();
    // What was dealt and exchanged before this round's betting names it.
    let (mut board, mut cards, mut draws, mut since_board, mut rounds) = (0u32, 0u32, 0, 0, 0);
    for s in steps.iter() {
        match s {
            Step::Deal(d) => {
                board += u32::from(d.board);
                cards += u32::from(d.hole_down) + u32::from(d.hole_up);
                if d.board > 0 {
                    since_board = 0;
                }
            }
            Step::Bet(_) => {
                rounds += 1;
                if rounds == st.round {
                    break;
                }
            }
            s if is_exchange(s) => {
                draws += 1;
                since_board += 1;
            }
            _ => {}
        }
    }
    let boards = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.board > 0));
    let board_name = match board {
        0 => Some("PRE"),
        // G6 (H1 Bush League): cards exposed one at a time are no flop.
        _ if one_at_a_time(steps) => None,
        3 => Some("FLOP"),
        4 => Some("TURN"),
        5 => Some("RIVER"),
        _ => None,
    };
    match (st.round > 0, boards, stud, board_name) {
        (false, ..) => Line::of(format_args!("R{}/{}", st.round, st.of)),
        // G5 (Texas 2-step): the paid draw after a board card.
        (true, true, _, Some(name)) if since_board > 0 => Line::of(format_args!("{name} DRAW")),
        (true, true, _, Some(name)) => Line::of(format_args!("{name}")),
        (true, true, _, None) => Line::of(format_args!("BOARD {board}")),
        (true, false, true, _) => {
            let suffix = match cards {
                1 => "ST",
                2 => "ND",
                3 => "RD",
                _ => "TH",
            };
            Line::of(format_args!("{cards}{suffix}"))
        }
        (true, false, false, _) if draws_in_game > 0 => match (draws, draws_in_game) {
            (0, _) => Line::of(format_args!("PRE-DRAW")),
            (_, 1) => Line::of(format_args!("POST-DRAW")),
            (k, _) => Line::of(format_args!("DRAW {k}")),
        },
        (true, false, false, _) => Line::of(format_args!("R{}/{}", st.round, st.of)),
    }
}

/// What the dealer is to deal at step `i`, by name: "DEAL THE TURN", "DEAL
/// BOTH FLOPS" on two boards (a bomb pot's, or run twice), "DEAL 5TH ST".
pub(super) fn deal_what(state: &HandState, i: usize) -> Line {
    let steps = &state.spec().steps;
    let Some(Step::Deal(d)) = steps.get(i) else {
        return Line::of(format_args!("DEAL CARDS"));
    };
    let (mut board, mut cards) = (
        u32::from(d.board),
        u32::from(d.hole_down) + u32::from(d.hole_up),
    );
    for s in steps.iter().take(i) {
        if let Step::Deal(e) = s {
            board += u32::from(e.board);
            cards += u32::from(e.hole_down) + u32::from(e.hole_up);
        }
    }
    let stud = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.hole_up > 0));
    if d.board > 0 && one_at_a_time(steps) && state.boards() == 1 {
        return Line::of(format_args!("DEAL BOARD {board}"));
    }
    let name = match board {
        3 => "FLOP",
        4 => "TURN",
        5 => "RIVER",
        _ => "BOARD",
    };
    match (d.board > 0, state.boards() > 1) {
        (true, true) => Line::of(format_args!("DEAL BOTH {name}S")),
        (true, false) => Line::of(format_args!("DEAL THE {name}")),
        (false, _) if stud => {
            let suffix = match cards {
                1 => "ST",
                2 => "ND",
                3 => "RD",
                _ => "TH",
            };
            Line::of(format_args!("DEAL {cards}{suffix} ST"))
        }
        (false, _) => Line::of(format_args!("DEAL CARDS")),
    }
}

/// The board comes one card at a time from the first (G6, H1 Bush League:
/// "exposed one-at-a-time"), so it has no flop, turn or river.
fn one_at_a_time(steps: &[Step]) -> bool {
    steps
        .iter()
        .find_map(|s| match s {
            Step::Deal(d) if d.board > 0 => Some(d.board == 1),
            _ => None,
        })
        .unwrap_or(false)
}

/// A step where players change cards.
fn is_exchange(s: &Step) -> bool {
    matches!(s, Step::Draw | Step::PaidDraw { .. } | Step::Discard)
}
