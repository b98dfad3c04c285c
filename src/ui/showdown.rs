//! Entering the dealer's ranking with the buttons, and what it pays.
//!
//! The engine never sees cards: the dealer says who won, best first, with
//! ties. Issue 32: each hand is named by its seat number on the keypad's
//! digit keys (fold 1, check/call 2, bet/raise 3, minus 4, plus 5; held: 6
//! to 9 and 0 for seat 10), one press a place, so nothing is preselected
//! and no press pays a default. Held OK makes the next seat named share
//! the last place (a tie); undo takes the last place back. Once every
//! pot's winner is named the side ends by itself; OK on a side with a
//! winner named ends it too ("the rest lose": a low that does not
//! qualify). No press that names a hand pays: the screen shows the payout
//! and OK pays it. Hi-lo games and run-it-twice get one side each.
//!
//! Issue 32, paging: what is under the showdown's bar (the hands that can
//! still win, each pot with its contenders, each winner with the amount)
//! pages when it does not fit ("p1/2" at its right), never dropped. A tap
//! of OK turns the page while a page is still unseen before OK would act:
//! the paying OK first shows the payout's remaining pages, and only OK on
//! the last page pays, so an early or extra OK cannot pay unseen money.
//! Where OK does nothing else (a high side with hands still to name), OK
//! goes round the pages. Any other press starts again on the first page,
//! so a payout changed by a place named or taken back is shown from its
//! start before it can be paid.

use crate::engine::{BoardResult, Chips, Event, HandState, Seat};
use crate::ui::keypad::Keypad;
use crate::ui::{Button, Press};

use super::controller::{empty_result, has_low};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    /// Finished sides, in order: board 1 high, (board 1 low,) board 2 high, …
    pub done: Vec<Vec<Vec<Seat>>>,
    /// The side being ranked: groups of tied seats, best first.
    pub groups: Vec<Vec<Seat>>,
    /// `order[hand seat]` is the table seat whose number names it (the
    /// identity until [`Ranking::with_seats`]).
    order: Vec<usize>,
    /// The last press named a seat that cannot win this side: why, for the
    /// panel to say.
    pub refused: Option<String>,
    /// Undo with nothing ranked: the caller should undo the last action.
    pub cancelled: bool,
    /// The last place was given with check/call: the next hand picked
    /// shares it (a tie), whichever button picks it.
    pub open_tie: bool,
    /// The page of the lines under the bar (issue 32: they page).
    pub page: usize,
    /// Places given by the rule, not a key ([`HandState::forced_winner`]),
    /// as (side, seat): undo takes each back with the place that forced it.
    forced: Vec<(usize, Seat)>,
    sides: usize,
}

impl Ranking {
    pub fn new(state: &HandState) -> Ranking {
        let per_board = if has_low(state) { 2 } else { 1 };
        Ranking {
            done: Vec::new(),
            groups: Vec::new(),
            order: (0..state.seats().len()).collect(),
            refused: None,
            cancelled: false,
            open_tie: false,
            page: 0,
            forced: Vec::new(),
            sides: per_board * usize::from(state.boards().max(1)),
        }
    }

    /// The table seats of the hand's seats, so a key names a table seat.
    pub fn with_seats(mut self, order: &[usize]) -> Ranking {
        self.order = order.to_vec();
        self
    }

    /// The table seat (from 0) whose number names hand seat `seat`.
    pub fn table_seat(&self, seat: Seat) -> usize {
        self.order.get(seat).copied().unwrap_or(seat)
    }

    /// The press that names hand seat `seat`: its table seat's digit.
    pub fn key_for(&self, seat: Seat) -> Option<Press> {
        let n = self.table_seat(seat) + 1;
        Keypad::press_for(u8::try_from(n % 10).ok()?).filter(|_| n <= 10)
    }

    pub fn sides(&self) -> usize {
        self.sides
    }

    /// Every side is ranked; OK confirms.
    pub fn complete(&self) -> bool {
        self.done.len() >= self.sides
    }

    /// The side being ranked already names every pot's winner: it ends
    /// without ranking the rest (P2).
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
    /// it: the engine says who) not yet ranked on it, from the hand that
    /// shows first (P6, H2 5.3: the engine's `first_to_show`) round the
    /// table, so the panel lists them in the order they are shown.
    pub fn candidates(&self, state: &HandState) -> Vec<Seat> {
        let mut c: Vec<Seat> = state
            .contenders(self.side(state).1)
            .into_iter()
            .filter(|s| !self.groups.iter().flatten().any(|g| g == s))
            .collect();
        if let Some(first) = state.first_to_show() {
            let at = c.iter().position(|&s| s >= first).unwrap_or(0);
            c.rotate_left(at);
        }
        c
    }

    /// What this side ranks, as the engine says (issue 32: a hand that
    /// went on for low is ranked for low).
    pub fn ranks(&self, state: &HandState) -> crate::engine::Ranks {
        state.side_ranks(self.side(state).1)
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

    /// One press; `Some(results)` when the pots are paid. A digit key
    /// names a seat for the next place (or the open tie); held OK opens a
    /// tie with the last place; OK ends the side when it has a winner, and
    /// pays once every side is ranked (the screen has shown the payout).
    pub fn press(&mut self, state: &HandState, press: Press) -> Option<Vec<BoardResult>> {
        self.refused = None;
        if press.button == Button::Ok {
            if press.long {
                self.open_tie_with_last();
                return None;
            }
            if self.complete() {
                return Some(self.results(state));
            }
            // Only a low side may end with pots nobody named (a low
            // nobody makes: the high hands take them); a high side ends
            // by itself once every pot has its winner.
            if self.side(state).1 || self.candidates(state).is_empty() {
                self.finish_side();
                if self.complete() {
                    return Some(self.results(state));
                }
            } else {
                self.refused = Some("name the next hand: its seat's key".into());
            }
            return None;
        }
        if press.button == Button::Undo {
            self.take_back();
            return None;
        }
        let digit = Keypad::digit(press)?;
        let table_seat = (usize::from(digit) + 9) % 10;
        let cands = self.candidates(state);
        let Some(seat) = cands
            .iter()
            .copied()
            .find(|&s| self.table_seat(s) == table_seat)
        else {
            self.refused = Some(format!("seat {} cannot win here", table_seat + 1));
            return None;
        };
        if self.complete() {
            return None;
        }
        match self.groups.last_mut() {
            Some(g) if self.open_tie => g.push(seat),
            _ => self.groups.push(vec![seat]),
        }
        self.open_tie = false;
        self.place_forced(state);
        if cands.len() == 1 || self.decided(state) {
            self.finish_side();
        }
        None
    }

    /// Issue 32: on a high side, a hand that alone can still win the pots
    /// it is in takes the next place without a press (a side pot whose
    /// other contenders folded, the last hand in a pot). A low side is
    /// never placed so: the last low hand may not qualify.
    fn place_forced(&mut self, state: &HandState) {
        if self.side(state).1 {
            return;
        }
        while !self.decided(state) {
            let Some(seat) = state.forced_winner(&self.groups) else {
                return;
            };
            self.groups.push(vec![seat]);
            self.forced.push((self.done.len(), seat));
        }
    }

    /// Whether OK, with the lines under the bar on `pages` pages, turns
    /// the page instead of acting: a page after this one is unseen, or OK
    /// would do nothing else (a high side with hands left to name).
    pub fn ok_turns(&self, state: &HandState, pages: usize) -> bool {
        pages > 1
            && (self.page + 1 < pages
                || (!self.complete() && !self.side(state).1 && !self.candidates(state).is_empty()))
    }

    /// [`Ranking::press`] with the lines under the bar on `pages` pages: a
    /// tap of OK turns the page while [`Ranking::ok_turns`]; any other
    /// press goes back to the first page.
    pub fn press_paged(
        &mut self,
        state: &HandState,
        press: Press,
        pages: usize,
    ) -> Option<Vec<BoardResult>> {
        if press.button == Button::Ok && !press.long && self.ok_turns(state, pages) {
            self.refused = None;
            self.page = (self.page + 1) % pages;
            return None;
        }
        self.page = 0;
        self.press(state, press)
    }

    /// Held OK: the next seat named shares the last place given (a tie),
    /// even when that place already ended its side.
    fn open_tie_with_last(&mut self) {
        if self.groups.is_empty() {
            match self.done.pop() {
                Some(side) if !side.is_empty() => self.groups = side,
                Some(side) => {
                    self.done.push(side);
                    return;
                }
                None => return,
            }
        }
        self.open_tie = true;
    }

    /// What OK pays now: the screen shows it before the press that pays.
    pub fn if_ok(&self, state: &HandState) -> Option<Vec<BoardResult>> {
        let ok = Press {
            button: Button::Ok,
            long: false,
        };
        self.clone().press(state, ok)
    }

    fn finish_side(&mut self) {
        self.done.push(std::mem::take(&mut self.groups));
        self.open_tie = false;
    }

    /// Undo: the last place named, with any the rule placed after it.
    fn take_back(&mut self) {
        while let Some(seat) = self.take_back_one() {
            let side = self.done.len();
            match self.forced.last() {
                Some(&f) if f == (side, seat) => {
                    self.forced.pop();
                }
                _ => return,
            }
        }
    }

    /// Takes back the last place; the seat it took back, if one.
    fn take_back_one(&mut self) -> Option<Seat> {
        self.open_tie = false;
        if self.groups.is_empty() {
            match self.done.pop() {
                Some(side) => self.groups = side,
                None => {
                    self.cancelled = true;
                    return None;
                }
            }
        }
        let g = self.groups.last_mut()?;
        let seat = g.pop();
        if g.is_empty() {
            self.groups.pop();
        }
        seat
    }
}

/// What each seat would be paid for `results`: the engine's own award on a
/// clone, so the screen and the table can never disagree.
pub fn split(state: &HandState, results: &[BoardResult]) -> Option<Vec<Chips>> {
    let done = state.apply(&Event::Showdown(results.to_vec())).ok()?;
    done.payouts().map(<[Chips]>::to_vec)
}
