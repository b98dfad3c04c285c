//! A night at the table: seats, the button, who posts what each hand, kill and
//! bomb pots, fees and the session ledger. Pure like the engine: a [`Table`]
//! plus a [`TableEvent`] gives a new table or a [`TableError`], and a
//! [`Night`] is the fold of its events, so undo and crash recovery are replays.

mod cards;
mod correct;
mod deal;
mod describe;
mod error;
mod event;
mod guts;
mod host;
mod kill;
mod ledger;
mod lives;
mod night;
mod offers;
pub mod script;
mod seating;
mod settle;

use std::sync::Arc;

use crate::engine::{Chips, Hand, HandState, Phase};
use crate::rules::{HandKind, HouseRules};

pub use cards::Enrolled;
pub use error::TableError;
pub use event::TableEvent;
pub use guts::{GutsRound, GutsState};
pub use kill::KillState;
pub use ledger::{Entry, EntryKind, Ledger};
pub use lives::LivesGame;
pub use night::{Night, Replay, UndoRefused, UNDO_HANDS};
pub use offers::Offers;
pub use seating::{EntryChoice, Player, Status};
pub use settle::{fewest_transfers, Transfer, HOUSE};

/// The hand being played, and which table seat each hand seat is.
#[derive(Debug, Clone)]
pub struct CurrentHand {
    pub hand: Hand,
    /// `order[hand_seat]` is the table seat.
    pub order: Vec<usize>,
    pub kind: HandKind,
    pub game: usize,
    pub button: usize,
    /// Settled into the players' stacks and the ledger.
    pub settled: bool,
    /// M3 (H4): the fee the button's player paid before the deal: the
    /// table seat and the amount, for the dealer to collect.
    pub button_fee: Option<(usize, Chips)>,
    /// D2: the table as the deal found it, put back if the hand is misdealt.
    memo: Option<Box<deal::DealMemo>>,
    /// Players of this hand who left the table after it was paid, by table
    /// seat: the hand's result still names them once their seats are empty
    /// or taken by someone else (issue 32: after End session the results
    /// read "won seat 2"). Empty, and so free to copy, on most hands.
    gone: Vec<(usize, std::sync::Arc<str>)>,
}

impl CurrentHand {
    pub fn state(&self) -> &HandState {
        self.hand.state()
    }

    /// The hand seat of a table seat, if it is dealt in.
    pub fn hand_seat(&self, table_seat: usize) -> Option<usize> {
        self.order.iter().position(|&s| s == table_seat)
    }

    /// The name of whoever played this hand at a table seat: the seat's
    /// player, or the one who has left it since the hand was paid.
    pub fn player_name<'t>(&'t self, table: &'t Table, table_seat: usize) -> Option<&'t str> {
        match self.gone.iter().rev().find(|(s, _)| *s == table_seat) {
            Some((_, name)) => Some(name),
            None => table.player(table_seat).map(|p| &*p.name),
        }
    }

    fn clone_compact(&self) -> CurrentHand {
        CurrentHand {
            hand: self.hand.clone_compact(),
            order: self.order.clone(),
            kind: self.kind,
            game: self.game,
            button: self.button,
            settled: self.settled,
            button_fee: self.button_fee,
            memo: self.memo.clone(),
            gone: self.gone.clone(),
        }
    }
}

/// How to take back one applied event (see [`Table::apply_undoable`]).
#[derive(Debug, Clone)]
pub(crate) enum Undo {
    /// An action in a hand that goes on: the hand pops it.
    Step,
    /// The table before the event.
    Restore(Box<Snapshot>),
    /// The event finished the hand: the table before it was settled, with
    /// the finishing event still in the hand, which then pops it.
    Unsettle(Box<Snapshot>),
}

#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    table: Table,
    entries_len: usize,
}

/// Everything the table knows between and during hands.
#[derive(Debug, Clone)]
pub struct Table {
    rules: Arc<HouseRules>,
    /// The source and text of the last `Rules` event, if any: the rules in
    /// force, kept as state so nobody scans the night for them.
    reloaded: Option<Arc<(String, String)>>,
    seats: Vec<Option<Player>>,
    /// Where the button was for the last hand (T2), or was set to (T6).
    button: Option<usize>,
    /// T6: the button was just set by the draw and does not move for the next hand.
    button_fixed: bool,
    /// S2: the last hand dealt was a bomb pot (for `button_moves`).
    last_dealt_bomb: bool,
    /// The last hand's big blind and small blind seats (dead button, T2).
    last_bb: Option<usize>,
    last_sb: Option<usize>,
    game: usize,
    hand: Option<CurrentHand>,
    kill: KillState,
    /// S2: bomb hands still to deal (one for H2, an orbit for H0).
    bombs_left: usize,
    /// S2: the button's seat on the night's first hand, where a bomb pot
    /// `every_orbit` comes round.
    bomb_mark: Option<usize>,
    /// F4: table seats that declared a straddle for the next hand, in order.
    straddles: Vec<usize>,
    ledger: Ledger,
    hands: u64,
    /// D2: hands misdealt (void), of the hands dealt.
    misdeals: u64,
    /// S5: hands dealt in the current game, for a fixed rotation.
    hands_in_game: usize,
    /// G8: the Guts pot, carried over between hands, and the hand being played.
    guts: GutsState,
    /// G9: the lives game being played.
    lives: Option<LivesGame>,
    /// The host ended the night: no event is taken any more.
    ended: bool,
    /// Cards the host enrolled tonight, bound to players' names.
    enrolled: Vec<Enrolled>,
}

impl Table {
    pub fn new(rules: Arc<HouseRules>) -> Table {
        let seats = vec![None; usize::from(rules.house.seats)];
        Table {
            rules,
            reloaded: None,
            seats,
            button: None,
            button_fixed: false,
            last_dealt_bomb: false,
            last_bb: None,
            last_sb: None,
            game: 0,
            hand: None,
            kill: KillState::default(),
            bombs_left: 0,
            bomb_mark: None,
            straddles: Vec::new(),
            ledger: Ledger::default(),
            hands: 0,
            misdeals: 0,
            hands_in_game: 0,
            guts: GutsState::default(),
            lives: None,
            ended: false,
            enrolled: Vec::new(),
        }
    }

    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// The source and text of the rules the last `Rules` event brought in;
    /// `None` while the night's first rules are in force.
    pub fn reloaded_rules(&self) -> Option<(&str, &str)> {
        self.reloaded
            .as_deref()
            .map(|(s, t)| (s.as_str(), t.as_str()))
    }

    pub fn seats(&self) -> &[Option<Player>] {
        &self.seats
    }

    pub fn player(&self, seat: usize) -> Option<&Player> {
        self.seats.get(seat).and_then(Option::as_ref)
    }

    pub fn button(&self) -> Option<usize> {
        self.button
    }

    pub fn game(&self) -> usize {
        self.game
    }

    pub fn hand(&self) -> Option<&CurrentHand> {
        self.hand.as_ref()
    }

    pub fn kill(&self) -> &KillState {
        &self.kill
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn hands_dealt(&self) -> u64 {
        self.hands
    }

    /// D2: of the hands dealt, those misdealt (void).
    pub fn misdeals(&self) -> u64 {
        self.misdeals
    }

    /// Hands played to the end: dealt, less the misdeals and a hand still
    /// in play. What the report counts as "Hands played", and the QR and
    /// `nights.csv` with it, so that no two of them give a different figure.
    pub fn hands_played(&self) -> u64 {
        let in_play = u64::from(self.in_hand());
        self.hands
            .saturating_sub(self.misdeals)
            .saturating_sub(in_play)
    }

    pub fn bombs_left(&self) -> usize {
        self.bombs_left
    }

    /// G8: the Guts pot and hand.
    pub fn guts(&self) -> &GutsState {
        &self.guts
    }

    /// G9: the lives game in progress.
    pub fn lives(&self) -> Option<&LivesGame> {
        self.lives.as_ref()
    }

    /// The host ended the night (`EndSession`): every event is refused.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// A hand is being played (not yet over): an engine hand, a Guts hand, or
    /// a lives game (which lasts until one player is left).
    pub fn in_hand(&self) -> bool {
        self.hand.as_ref().is_some_and(|h| !h.settled)
            || self.guts.round.is_some()
            || self.lives.is_some()
    }

    /// M5: chips in front of players (live, during a hand), in the pot, in a
    /// carried-over Guts pot or a lives pot (G8, G9), and taken as fees.
    /// Always equal to money in minus money out.
    pub fn chips_on_table(&self) -> Chips {
        let mut total: Chips = 0;
        let live = self.live_hand();
        for (seat, p) in self.seats.iter().enumerate() {
            let Some(p) = p else { continue };
            let in_hand = live.and_then(|h| h.hand_seat(seat).map(|hs| (h, hs)));
            total += match in_hand {
                Some((h, hs)) => h.state().seats()[hs].stack,
                None => p.stack,
            };
        }
        if let Some(h) = live {
            total += h.state().pot() + h.state().dropped();
            // Chips of players who left mid-hand stay in the hand's stacks.
            for (hs, &seat) in h.order.iter().enumerate() {
                if self.player(seat).is_none() {
                    total += h.state().seats()[hs].stack;
                }
            }
        }
        total += self.guts.pot + self.lives.as_ref().map_or(0, |l| l.pot);
        total + self.ledger.fees()
    }

    /// Applies one event, or leaves the table untouched and says why.
    pub fn apply(&mut self, event: &TableEvent) -> Result<(), TableError> {
        self.apply_undoable(event, None).map(drop)
    }

    /// Checks `event` without applying it. A hand event is checked on the
    /// hand's state alone; anything else on a [light copy](Table::scratch).
    pub fn verify(&self, event: &TableEvent) -> Result<(), TableError> {
        if self.ended {
            return Err(TableError::SessionEnded);
        }
        if let TableEvent::Hand(e) = event {
            let live = self.live_hand().ok_or(TableError::NoHand)?;
            return live.state().verify(e).map_err(|e| self.speak(e));
        }
        self.preview(event).map(drop)
    }

    /// The table as `event` would leave it, on a [light copy](Table::scratch):
    /// for showing what an event would do (the next hand, between hands).
    pub fn preview(&self, event: &TableEvent) -> Result<Table, TableError> {
        if matches!(event, TableEvent::NewHand) && self.live_hand().is_none() && !self.ended {
            // The hand that is over is replaced, not read, by the next deal,
            // and a preview is never misdealt back.
            let mut next = self.scratch_without_hand();
            next.new_hand(false)?;
            return Ok(next);
        }
        let mut next = self.scratch();
        next.apply_in_place(event, None)?;
        Ok(next)
    }

    /// Applies one event and says how to take it back. The common case, an
    /// action in a hand that goes on, is taken back by the hand itself in
    /// O(1); anything else keeps a copy of the table as it was, which costs
    /// the table's size and the current hand's length, never the night's.
    /// `parsed`: a `Rules` event's rules, parsed already (see
    /// [`Night::apply_parsed`]).
    pub(crate) fn apply_undoable(
        &mut self,
        event: &TableEvent,
        parsed: Option<Arc<HouseRules>>,
    ) -> Result<Undo, TableError> {
        if let TableEvent::Hand(e) = event {
            return self.hand_event(e);
        }
        let before = self.snapshot();
        match self.apply_in_place(event, parsed) {
            Ok(()) => Ok(Undo::Restore(before)),
            Err(e) => {
                self.restore(before);
                Err(e)
            }
        }
    }

    /// Applies an event that was accepted in this order before (a journal's)
    /// with no way back: no copy for undo, and none to restore on a refusal,
    /// which leaves the table half changed (the caller drops it).
    pub(crate) fn apply_forward(&mut self, event: &TableEvent) -> Result<(), TableError> {
        let TableEvent::Hand(e) = event else {
            return self.apply_in_place(event, None);
        };
        let current = self.live_hand_mut()?;
        current.hand.apply_forward(e.clone())?;
        if matches!(current.state().phase(), Phase::Complete | Phase::Voided) {
            self.settle();
        }
        Ok(())
    }

    fn live_hand_mut(&mut self) -> Result<&mut CurrentHand, TableError> {
        if self.ended {
            return Err(TableError::SessionEnded);
        }
        match self.hand.as_mut() {
            Some(h) if !h.settled => Ok(h),
            _ => Err(TableError::NoHand),
        }
    }

    /// Takes back the event that `undo` came from; it must be the last one
    /// applied (the night keeps them in order).
    pub(crate) fn undo(&mut self, undo: Undo) {
        match undo {
            Undo::Step => {}
            Undo::Restore(before) => return self.restore(before),
            Undo::Unsettle(before) => self.restore(before),
        }
        if let Some(h) = self.hand.as_mut() {
            h.hand.undo();
        }
    }

    /// The table as it is, less the ledger's entries, which are only ever
    /// appended to: their count is enough to put them back.
    fn snapshot(&mut self) -> Box<Snapshot> {
        let entries = self.ledger.take_entries();
        let entries_len = entries.len();
        let table = self.clone();
        self.ledger.put_entries(entries);
        Box::new(Snapshot { table, entries_len })
    }

    fn restore(&mut self, before: Box<Snapshot>) {
        let mut entries = self.ledger.take_entries();
        entries.truncate(before.entries_len);
        *self = before.table;
        self.ledger.put_entries(entries);
    }

    /// A copy for trying an event on: the hand without its undo states and
    /// the ledger without its entries. Applying to it gives the same answer
    /// as applying to the table.
    pub fn scratch(&self) -> Table {
        Table {
            hand: self.hand.as_ref().map(CurrentHand::clone_compact),
            ..self.scratch_without_hand()
        }
    }

    fn scratch_without_hand(&self) -> Table {
        Table {
            rules: Arc::clone(&self.rules),
            reloaded: self.reloaded.clone(),
            seats: self.seats.clone(),
            button: self.button,
            button_fixed: self.button_fixed,
            last_dealt_bomb: self.last_dealt_bomb,
            last_bb: self.last_bb,
            last_sb: self.last_sb,
            game: self.game,
            hand: None,
            kill: self.kill.clone(),
            bombs_left: self.bombs_left,
            bomb_mark: self.bomb_mark,
            straddles: self.straddles.clone(),
            ledger: self.ledger.without_entries(),
            hands: self.hands,
            misdeals: self.misdeals,
            hands_in_game: self.hands_in_game,
            guts: self.guts.clone(),
            lives: self.lives.clone(),
            ended: self.ended,
            enrolled: self.enrolled.clone(),
        }
    }

    /// A refusal from the hand, told in the house's money and the players'
    /// names: in a $5/$10 game with 50c chips, "raise must be to 20", not 40.
    pub fn speak(&self, e: crate::engine::RuleError) -> TableError {
        let order: &[usize] = self.hand.as_ref().map_or(&[], |h| &h.order);
        let table_seat = |hs: usize| order.get(hs).copied();
        let money = |c: Chips| self.money(c);
        let name = |hs: usize| match table_seat(hs) {
            Some(s) => self
                .player(s)
                .map_or_else(|| format!("seat {}", s + 1), |p| p.name.to_string()),
            None => format!("p{}", hs + 1),
        };
        TableError::HandRefused {
            seat: e.seat().and_then(table_seat),
            message: e.describe(&money, &name),
        }
    }

    /// The hand being played, if one is and it is not over.
    pub fn live_hand(&self) -> Option<&CurrentHand> {
        self.hand.as_ref().filter(|h| !h.settled)
    }

    fn apply_in_place(
        &mut self,
        event: &TableEvent,
        parsed: Option<Arc<HouseRules>>,
    ) -> Result<(), TableError> {
        use TableEvent::*;
        if self.ended {
            return Err(TableError::SessionEnded);
        }
        match event {
            Join { seat, name, buy_in } => self.join(*seat, name, *buy_in),
            Leave { seat } => self.leave(*seat),
            SitOut { seat } => self.sit_out(*seat),
            SitIn {
                seat,
                wait_for_big_blind,
            } => self.sit_in(*seat, *wait_for_big_blind),
            NewPlayerEntry { seat, entry } => self.choose_entry(*seat, *entry),
            TopUp { seat, amount } => self.top_up(*seat, *amount),
            Rebuy { seat, amount } => self.rebuy(*seat, *amount),
            SetButton { seat } => self.set_button(*seat),
            ChooseGame { game } => self.choose_game(*game),
            Straddle { seat } => self.declare_straddle(*seat),
            BombNext => self.bomb_next(),
            StartKillOrbit => self.start_kill_orbit(),
            Kill { seat } => self.voluntary_kill(*seat),
            NewHand => self.new_hand(true),
            GutsCall { seat, stays_in } => self.guts_call(*seat, *stays_in),
            GutsShowdown { best } => self.guts_showdown(best),
            GutsFinal => self.guts_final(),
            LoseLife { seat } => self.lose_life(*seat),
            Hand(e) => self.hand_event(e).map(drop),
            Rules { source, text } => self.reload_rules(source, text, parsed),
            MoveSeat { from, to } => self.move_seat(*from, *to),
            SetStack { seat, stack } => self.set_stack(*seat, *stack),
            MoveChips { seat, stack, with } => self.move_chips(*seat, *stack, *with),
            EndSession => self.end_session(),
            EnrollCard { uid, name } => self.enroll(uid, name),
            EnrollHostCard { uid } => self.enroll_host(uid),
            Rename { seat, name } => self.rename(*seat, name),
        }
    }

    fn hand_event(&mut self, event: &crate::engine::Event) -> Result<Undo, TableError> {
        let current = self.live_hand_mut()?;
        if let Err(e) = current.hand.apply(event.clone()) {
            return Err(self.speak(e));
        }
        let current = self.live_hand_mut()?;
        if !matches!(current.state().phase(), Phase::Complete | Phase::Voided) {
            return Ok(Undo::Step);
        }
        // Once per hand: the copy keeps the hand's states for undo, so the
        // table's own copy of the finished hand can drop them.
        let before = self.snapshot();
        self.settle();
        Ok(Undo::Unsettle(before))
    }

    /// The hand is over: stacks, kill legs, the drop, bust-outs.
    fn settle(&mut self) {
        let Some(current) = self.hand.as_mut() else {
            return;
        };
        current.settled = true;
        current.hand.compact();
        let current = current.clone();
        let state = current.state();
        let finals = state.final_stacks();
        for (hs, &seat) in current.order.iter().enumerate() {
            if let Some(p) = self.seats.get_mut(seat).and_then(Option::as_mut) {
                p.stack = finals[hs];
                if p.stack == 0 {
                    p.status = Status::Busted;
                }
            }
        }
        if state.phase() == Phase::Voided {
            self.misdeals += 1;
            if let Some(memo) = self.hand.as_mut().and_then(|h| h.memo.take()) {
                self.undo_deal(*memo);
            }
            return;
        }
        if state.dropped() > 0 {
            self.ledger
                .record(self.hands, None, EntryKind::Fee, state.dropped());
        }
        if let Some(kill) = self.rules.kill_for(current.game).cloned() {
            let result = kill::HandResult::of(&current);
            self.kill.after_hand(&kill, &result);
        }
    }
}
