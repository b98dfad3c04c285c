//! Entering the dealer's ranking with the buttons, and what it pays.
//!
//! The engine never sees cards: the dealer says who won, best first, with
//! ties. Plus/minus move over the seats not ranked yet, OK puts the seat in
//! the next place, check/call puts it there and keeps the place open for the
//! next one (a tie), undo takes the last one back. Hi-lo games and
//! run-it-twice get one such side each.
//! OK on the hand that names every pot's winner ends the side there (P2:
//! the dealer is not made to rank hands that win nothing), and on the last
//! side pays in the same press; a side ended any other way (a tie, "the
//! rest lose") shows the split and OK confirms it.

use crate::engine::{BoardResult, Chips, Event, HandState, Seat};
use crate::ui::{Button, Press};

use super::controller::{empty_result, has_low};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    /// Finished sides, in order: board 1 high, (board 1 low,) board 2 high, …
    pub done: Vec<Vec<Vec<Seat>>>,
    /// The side being ranked: groups of tied seats, best first.
    pub groups: Vec<Vec<Seat>>,
    /// Index into [`Ranking::candidates`].
    pub cursor: usize,
    /// Undo with nothing ranked: the caller should undo the last action.
    pub cancelled: bool,
    /// The last place was given with check/call: the next hand picked
    /// shares it (a tie), whichever button picks it.
    pub open_tie: bool,
    sides: usize,
}

impl Ranking {
    pub fn new(state: &HandState) -> Ranking {
        let per_board = if has_low(state) { 2 } else { 1 };
        Ranking {
            done: Vec::new(),
            groups: Vec::new(),
            cursor: 0,
            cancelled: false,
            open_tie: false,
            sides: per_board * usize::from(state.boards().max(1)),
        }
    }

    pub fn sides(&self) -> usize {
        self.sides
    }

    /// Every side is ranked; OK confirms.
    pub fn complete(&self) -> bool {
        self.done.len() >= self.sides
    }

    /// The side being ranked already names every pot's winner: OK ends it
    /// (and on the last side pays) without ranking the rest; C still ties
    /// the seat under the cursor with the last place.
    pub fn decided(&self, state: &HandState) -> bool {
        !self.complete()
            && !self.groups.is_empty()
            && state.pots_decided(&self.groups, self.side(state).1)
    }

    /// The side being ranked is the last one.
    pub fn last_side(&self) -> bool {
        self.done.len() + 1 >= self.sides
    }

    /// Which side is being ranked, for the screen: (board from 1, low side).
    pub fn side(&self, state: &HandState) -> (usize, bool) {
        let per_board = if has_low(state) { 2 } else { 1 };
        let i = self.done.len().min(self.sides.saturating_sub(1));
        (i / per_board + 1, per_board == 2 && i % 2 == 1)
    }

    /// Seats that can win this side (in declare games, those who declared
    /// it: the engine says who) not yet ranked on it.
    pub fn candidates(&self, state: &HandState) -> Vec<Seat> {
        state
            .contenders(self.side(state).1)
            .into_iter()
            .filter(|s| !self.groups.iter().flatten().any(|g| g == s))
            .collect()
    }

    /// The ranking so far as the engine's results; unranked sides are empty.
    pub fn results(&self, state: &HandState) -> Vec<BoardResult> {
        let per_board = if has_low(state) { 2 } else { 1 };
        let mut sides: Vec<Vec<Vec<Seat>>> = self.done.clone();
        if !self.complete() {
            sides.push(self.groups.clone());
        }
        let boards = self.sides / per_board;
        (0..boards.max(1))
            .map(|b| {
                let mut r = empty_result();
                r.high = sides.get(b * per_board).cloned().unwrap_or_default();
                if per_board == 2 {
                    r.low = sides.get(b * per_board + 1).cloned().unwrap_or_default();
                }
                r
            })
            .collect()
    }

    /// One press; `Some(results)` when the pots are paid. OK puts the hand
    /// under the cursor in the next place (or in the open tie); check/call
    /// does too and leaves the place open for the next hand, a tie. Once
    /// every pot of the side has its winner, the OK that named it ends the
    /// side, and on the last side pays (issue 22: no press of its own).
    pub fn press(&mut self, state: &HandState, press: Press) -> Option<Vec<BoardResult>> {
        let cands = self.candidates(state);
        let n = cands.len();
        match press.button {
            Button::Plus if n > 0 => self.cursor = (self.cursor + 1) % n,
            Button::Minus if n > 0 => self.cursor = (self.cursor + n - 1) % n,
            Button::Ok if self.complete() => return Some(self.results(state)),
            Button::Ok | Button::CheckCall if n > 0 => {
                let seat = cands[self.cursor % n];
                match self.groups.last_mut() {
                    Some(g) if self.open_tie => g.push(seat),
                    _ => self.groups.push(vec![seat]),
                }
                self.cursor = 0;
                // The last hand left has nobody to tie with.
                self.open_tie = press.button == Button::CheckCall && n > 1;
                if self.open_tie {
                    return None;
                }
                if n == 1 || self.decided(state) {
                    self.finish_side();
                }
                // A side ended by check/call on the last hand waits for OK.
                if self.complete() && press.button == Button::Ok {
                    return Some(self.results(state));
                }
            }
            // The rest cannot win this side (a low that does not qualify,
            // mucked hands); OK then confirms.
            Button::BetRaise if !self.complete() => self.finish_side(),
            Button::Undo => self.take_back(),
            _ => {}
        }
        None
    }

    /// What OK pays now, on the hand under the cursor: the screen shows it
    /// before the press that records it.
    pub fn if_ok(&self, state: &HandState) -> Option<Vec<BoardResult>> {
        let ok = Press {
            button: Button::Ok,
            long: false,
        };
        self.clone().press(state, ok)
    }

    fn finish_side(&mut self) {
        self.done.push(std::mem::take(&mut self.groups));
        self.cursor = 0;
        self.open_tie = false;
    }

    fn take_back(&mut self) {
        self.open_tie = false;
        if self.groups.is_empty() {
            match self.done.pop() {
                Some(side) => self.groups = side,
                None => {
                    self.cancelled = true;
                    return;
                }
            }
        }
        if let Some(g) = self.groups.last_mut() {
            g.pop();
            if g.is_empty() {
                self.groups.pop();
            }
        }
        self.cursor = 0;
    }
}

/// What each seat would be paid for `results`: the engine's own award on a
/// clone, so the screen and the table can never disagree.
pub fn split(state: &HandState, results: &[BoardResult]) -> Option<Vec<Chips>> {
    let done = state.apply(&Event::Showdown(results.to_vec())).ok()?;
    done.payouts().map(<[Chips]>::to_vec)
}
