//! D2: a misdeal voids the hand and the same dealer deals it again (H2 3.x:
//! "the dealer must reshuffle and re-deal the entire hand"). Every chip of
//! the void hand goes back, fees included, and nothing the deal moved on
//! (the button, the blinds, a bomb or a kill used up, missed blinds paid)
//! stays moved, so the re-deal charges each forced bet and fee once.

use super::super::kill::KillState;
use super::super::ledger::EntryKind;
use super::super::seating::Player;
use super::super::Table;
use crate::engine::Chips;

/// The table as the deal found it, for putting back after a misdeal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::table) struct DealMemo {
    button: Option<usize>,
    button_fixed: bool,
    last_bb: Option<usize>,
    last_sb: Option<usize>,
    last_dealt_bomb: bool,
    game: usize,
    hands_in_game: usize,
    bombs_left: usize,
    kill: KillState,
    straddles: Vec<usize>,
    /// Every seated player as they were, before any fee.
    players: Vec<(usize, Player)>,
    /// The button's fee, paid before the deal.
    fee: Option<(usize, Chips)>,
}

impl DealMemo {
    pub(super) fn with_fee(mut self, fee: Option<(usize, Chips)>) -> DealMemo {
        self.fee = fee;
        self
    }
}

impl Table {
    pub(super) fn deal_memo(&self) -> DealMemo {
        DealMemo {
            button: self.button,
            button_fixed: self.button_fixed,
            last_bb: self.last_bb,
            last_sb: self.last_sb,
            last_dealt_bomb: self.last_dealt_bomb,
            game: self.game,
            hands_in_game: self.hands_in_game,
            bombs_left: self.bombs_left,
            kill: self.kill.clone(),
            straddles: self.straddles.clone(),
            players: self
                .seats
                .iter()
                .enumerate()
                .filter_map(|(s, p)| Some((s, p.clone()?)))
                .collect(),
            fee: None,
        }
    }

    /// The void hand's chips are already back in its stacks; this puts back
    /// the fee and everything the deal moved on.
    pub(in crate::table) fn undo_deal(&mut self, memo: DealMemo) {
        self.button = memo.button;
        self.button_fixed = memo.button_fixed;
        self.last_bb = memo.last_bb;
        self.last_sb = memo.last_sb;
        self.last_dealt_bomb = memo.last_dealt_bomb;
        self.game = memo.game;
        self.hands_in_game = memo.hands_in_game;
        self.bombs_left = memo.bombs_left;
        self.kill = memo.kill;
        self.straddles = memo.straddles;
        for (seat, before) in memo.players {
            // A player who left or joined since is not the one remembered.
            let Some(p) = self.seats[seat].as_mut().filter(|p| p.name == before.name) else {
                continue;
            };
            let stack = p.stack;
            *p = Player { stack, ..before };
        }
        if let Some((seat, paid)) = memo.fee {
            let back = self.seats[seat].as_mut().map(|p| {
                p.stack += paid;
                p.name.clone()
            });
            if let Some(name) = back {
                self.ledger
                    .record(self.hands, Some(&name), EntryKind::FeeReturned, paid);
            }
        }
    }
}
