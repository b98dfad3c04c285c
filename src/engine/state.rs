//! The state of one hand, and how each event moves it.

use std::sync::Arc;

use serde::Serialize;

use super::betting::{HandParts, Round};
use super::error::{RuleError, SetupError};
use super::event::{Action, BoardResult, Declaration, Event};
use super::spec::{
    AnteMode, BetStep, DropWhen, ForcedKind, GameSpec, HandSetup, Opener, Step, Structure,
};
use super::{pots, Chips, Seat, MAX_PLAYERS, MIN_PLAYERS};

mod exchange;
mod seven;

/// Where the hand is. Every phase is named; each waits for one kind of event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "phase", content = "step")]
pub enum Phase {
    /// Waiting for the forced bets.
    Posting,
    /// Waiting for the dealer to deal step N.
    Dealing(usize),
    /// Betting round of step N.
    Betting(usize),
    /// Draw, discard or declare of step N, seat by seat.
    Exchanging(usize),
    /// Waiting for the dealer's ranking.
    Showdown,
    /// Pots awarded (see [`HandState::payouts`]).
    Complete,
    /// Misdeal: every chip went back.
    Voided,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatState {
    pub stack: Chips,
    /// Put in during the current betting round and not yet collected.
    pub bet: Chips,
    /// Everything this seat has put in as bets, live blinds and live antes.
    pub committed: Chips,
    /// Money this seat put in that is no bet: dead posts, bomb-pot antes,
    /// wild-card charges, paid draws, and dead antes unless the game pools
    /// them. Nobody has to match it, but when this seat is all in it counts
    /// for its pot level like a bet: he wins from each opponent only what he
    /// matched (H4 #6 "A player may get full action on his moneys"; H1 "The
    /// player will have claim to the portion of the pot that they have
    /// contributed to").
    pub dead: Chips,
    pub folded: bool,
    pub shown: bool,
    pub declared: Option<Declaration>,
}

#[derive(Debug, Clone)]
pub struct HandState {
    pub(super) spec: Arc<GameSpec>,
    pub(super) setup: Arc<HandSetup>,
    pub(super) seats: Vec<SeatState>,
    /// Antes pooled into the main pot ([`AnteMode::Dead`], PHH's antes without
    /// trimming): anyone in the main pot can win all of them.
    pub(super) pooled: Chips,
    pub(super) phase: Phase,
    pub(super) round: Option<Round>,
    /// Seats still to draw, discard or declare, in order.
    pub(super) pending: Vec<Seat>,
    pub(super) boards: u8,
    /// The aggressor of the last betting round that was played (P6).
    pub(super) last_aggressor: Option<Seat>,
    /// Who opened the last betting round (H0 stud: 7th street is opened by 6th's opener).
    pub(super) last_opener: Option<Seat>,
    pub(super) bet_rounds_started: usize,
    pub(super) payouts: Option<Vec<Chips>>,
    /// The drop taken from the pot (M3), out of the main pot first.
    pub(super) dropped: Chips,
    /// B9: nobody opened, so the hand goes on as lowball.
    pub(super) lowball: bool,
    /// G5, G7: someone drew at least one card at the last exchange.
    pub(super) drew: bool,
    /// G7: how many times a [`Step::RepeatIfDrawn`] sent the hand back (the lead moves on).
    pub(super) laps: usize,
    /// G4: what each seat had put in when the last draw began (H3 lowball's seven rule).
    pub(super) before_draw: Option<Vec<Chips>>,
    /// G4 (H3 lowball): the dealer ruled all action after the draw void.
    pub(super) after_draw_void: bool,
}

impl HandState {
    /// A hand before anything is posted.
    pub fn new(spec: Arc<GameSpec>, setup: Arc<HandSetup>) -> Result<Self, SetupError> {
        validate(&spec, &setup)?;
        let seats = setup
            .stacks
            .iter()
            .map(|&stack| SeatState {
                stack,
                bet: 0,
                committed: 0,
                dead: 0,
                folded: false,
                shown: false,
                declared: None,
            })
            .collect();
        Ok(HandState {
            boards: setup.boards,
            spec,
            setup,
            seats,
            pooled: 0,
            phase: Phase::Posting,
            round: None,
            pending: Vec::new(),
            last_aggressor: None,
            last_opener: None,
            bet_rounds_started: 0,
            payouts: None,
            dropped: 0,
            drew: false,
            laps: 0,
            lowball: false,
            before_draw: None,
            after_draw_void: false,
        })
    }

    /// The state after `event`, or why it is refused. `self` is unchanged.
    pub fn apply(&self, event: &Event) -> Result<HandState, RuleError> {
        let mut next = self.clone();
        next.apply_mut(event)?;
        Ok(next)
    }

    /// Applies `event` in place. On error the state is untouched: every handler
    /// verifies before it changes anything.
    pub fn apply_mut(&mut self, event: &Event) -> Result<(), RuleError> {
        if let Event::Act(seat, action) = event {
            let chips = self.verify_act(*seat, *action)?;
            self.act(*seat, *action, chips);
            return Ok(());
        }
        if let Event::Showdown(results) = event {
            // The award is the verification (`verify` runs it and drops the
            // pay): worked out once, not once to check and once to pay
            // (issue 35: the pots were built twice for every showdown).
            self.expect(self.phase == Phase::Showdown, "a showdown")?;
            self.payouts = Some(self.award(results)?);
            self.phase = Phase::Complete;
            return Ok(());
        }
        self.verify(event)?;
        match event {
            Event::PostForced => self.post_forced(),
            Event::Deal => {
                if let Phase::Dealing(i) = self.phase {
                    self.take_drop(i);
                    self.enter_step(i + 1);
                }
            }
            Event::NameOpener(seat) => self.name_opener(*seat),
            Event::Act(..) => {}
            Event::Draw(seat, cards) => {
                let price = self.draw_price(*cards);
                self.seats[*seat].stack -= price;
                self.seats[*seat].dead += price;
                self.drew |= *cards > 0;
                self.exchange(*seat, None)
            }
            Event::ExchangeRest(cards) => *self = self.exchanged_rest(*cards)?,
            Event::WildCard => self.wild_card(),
            Event::Declare(seat, d) => self.exchange(*seat, Some(*d)),
            Event::OpenPair => {
                if let Some(r) = self.round.as_mut() {
                    r.open_pair = true;
                }
            }
            Event::RunItTwice => self.boards = 2,
            Event::Show(seat) => self.seats[*seat].shown = true,
            Event::CheckedSeven => self.after_draw_void = true,
            Event::Showdown(_) => {} // above
            Event::Chop => {
                self.payouts = Some(self.seats.iter().map(|s| s.committed).collect());
                self.round = None;
                self.phase = Phase::Complete;
            }
            Event::Misdeal => self.void(),
        }
        Ok(())
    }

    /// Checks `event` against the rules without applying it.
    pub fn verify(&self, event: &Event) -> Result<(), RuleError> {
        match event {
            Event::PostForced => self.expect(matches!(self.phase, Phase::Posting), "posting"),
            Event::Deal => self.expect(matches!(self.phase, Phase::Dealing(_)), "a deal"),
            Event::NameOpener(seat) => self.verify_name_opener(*seat),
            Event::Act(seat, action) => self.verify_act(*seat, *action).map(|_| ()),
            Event::Draw(seat, cards) => self.verify_draw(*seat, *cards),
            Event::ExchangeRest(cards) => self.exchanged_rest(*cards).map(|_| ()),
            Event::WildCard => self.verify_wild_card(),
            Event::Declare(seat, _) => self.verify_exchange(*seat, true),
            Event::OpenPair => self.verify_open_pair(),
            Event::RunItTwice => self.verify_run_it_twice(),
            Event::Show(seat) => self.verify_show(*seat),
            Event::CheckedSeven => self.verify_checked_seven(),
            Event::Showdown(results) => {
                self.expect(self.phase == Phase::Showdown, "a showdown")?;
                self.award(results).map(|_| ())
            }
            Event::Chop => self.verify_chop(),
            Event::Misdeal => match self.phase {
                Phase::Complete | Phase::Voided => Err(RuleError::HandOver),
                _ => Ok(()),
            },
        }
    }

    fn expect(&self, ok: bool, what: &'static str) -> Result<(), RuleError> {
        if ok {
            Ok(())
        } else if matches!(self.phase, Phase::Complete | Phase::Voided) {
            Err(RuleError::HandOver)
        } else {
            Err(RuleError::Unexpected {
                what,
                expected: self.expected(),
            })
        }
    }

    /// What the hand waits for, in words for an error message.
    pub fn expected(&self) -> &'static str {
        match self.phase {
            Phase::Posting => "waiting for the forced bets",
            Phase::Dealing(_) => "waiting for the deal",
            Phase::Betting(_) => match self.round.as_ref().and_then(|r| r.to_act) {
                Some(_) => "waiting for a player to act",
                None => "waiting for the dealer to name the opener",
            },
            Phase::Exchanging(i) => match self.spec.steps.get(i) {
                Some(Step::Declare) => "waiting for declarations",
                Some(Step::Hit) => "waiting for each player to take a card or stand",
                _ => "waiting for the draw",
            },
            Phase::Showdown => "waiting for the showdown",
            Phase::Complete | Phase::Voided => "the hand is over",
        }
    }

    fn post_forced(&mut self) {
        let setup = Arc::clone(&self.setup);
        for f in &setup.forced {
            let seat = &mut self.seats[f.seat];
            let amount = f.amount.min(seat.stack);
            seat.stack -= amount;
            match f.kind {
                ForcedKind::Ante if self.spec.antes == AnteMode::Live => seat.committed += amount,
                ForcedKind::Ante => self.pooled += amount,
                k if k.is_live() => {
                    seat.bet += amount;
                    seat.committed += amount;
                }
                _ => seat.dead += amount,
            }
        }
        if self.setup.drop_when == DropWhen::Start {
            self.dropped = self.setup.drop_at_flop.min(self.pot());
        }
        self.enter_step(0);
    }

    /// Moves to step `i`, skipping steps that have nothing to do.
    pub(super) fn enter_step(&mut self, mut i: usize) {
        loop {
            let Some(step) = self.spec.steps.get(i).copied() else {
                self.collect_bets();
                self.phase = Phase::Showdown;
                return;
            };
            match step {
                Step::Deal(_) => {
                    self.phase = Phase::Dealing(i);
                    return;
                }
                Step::Bet(bet) if bet.if_drawn && !self.drew => {}
                Step::Bet(bet) => {
                    let first = self.bet_rounds_started == 0;
                    self.bet_rounds_started += 1;
                    if !(first && self.setup.skip_first_bet) {
                        // The hand has no round between betting rounds.
                        if let Some(round) = self.start_round(bet, first) {
                            // A named opener keeps the last one until the
                            // dealer names this round's: it is what the
                            // screen proposes.
                            if round.to_act.is_some() || bet.opener == Opener::BringIn {
                                self.last_opener = round.to_act;
                            }
                            self.phase = Phase::Betting(i);
                            return;
                        }
                    }
                    self.collect_bets();
                    self.last_aggressor = None;
                    self.round_closed(i);
                }
                Step::RepeatIfDrawn { to } if self.drew && usize::from(to) < i => {
                    self.laps += 1;
                    i = usize::from(to);
                    continue;
                }
                Step::RepeatIfDrawn { .. } => {}
                Step::Draw | Step::Discard | Step::Declare | Step::PaidDraw { .. } | Step::Hit => {
                    self.pending = self.live_seats().collect();
                    if step == Step::Hit {
                        // G7: the lead draws first, one seat on each repeat.
                        let n = self.seats.len();
                        let lead = self.laps % n;
                        self.pending.sort_by_key(|&s| (s + n - lead) % n);
                    }
                    if !matches!(step, Step::Declare) {
                        self.drew = false;
                    }
                    if step == Step::Draw {
                        self.mark_before_draw();
                    }
                    if !self.pending.is_empty() {
                        self.phase = Phase::Exchanging(i);
                        return;
                    }
                }
            }
            i += 1;
        }
    }

    /// The round of `bet` as the hand's round where anyone has action, else
    /// no round ([`Round::start_over`]).
    fn start_round(&mut self, bet: BetStep, first: bool) -> Option<&Round> {
        let parts = HandParts {
            seats: &self.seats,
            spec: &self.spec,
            setup: &self.setup,
            laps: self.laps,
            last_opener: self.last_opener,
        };
        Round::start_over(&mut self.round, parts, bet, first).map(|r| &*r)
    }

    /// Ends the betting round in progress: the unmatched part of the top bet goes back.
    pub(super) fn end_round(&mut self) {
        let aggressor = self.round.take().and_then(|r| r.aggressor);
        self.last_aggressor = aggressor;
        self.collect_bets();
        if self.live_count() == 1 {
            self.win_uncontested();
        } else if let Phase::Betting(i) = self.phase {
            let passed_out = aggressor.is_none()
                && matches!(self.spec.steps.get(i), Some(Step::Bet(b)) if b.lowball_if_passed);
            match (passed_out, self.lowball) {
                // B9: nobody opened: the same round again, for low.
                (true, false) => {
                    self.lowball = true;
                    self.enter_step(i);
                }
                // Nobody opened for low either: a new deal.
                (true, true) => self.void(),
                _ => {
                    self.round_closed(i);
                    self.enter_step(i + 1);
                }
            }
        }
    }

    pub(super) fn collect_bets(&mut self) {
        let mut top = None;
        let (mut high, mut second) = (0, 0);
        for (s, seat) in self.seats.iter().enumerate() {
            if seat.bet > high {
                second = high;
                high = seat.bet;
                top = Some(s);
            } else if seat.bet > second {
                second = seat.bet;
            }
        }
        if let Some(s) = top {
            // M3 (`DropWhen::Start`): chips the house has already taken from
            // the forced bets do not come back as an uncalled bet.
            let back = (high - second).min(self.pot());
            let seat = &mut self.seats[s];
            seat.stack += back;
            seat.committed -= back;
        }
        for seat in &mut self.seats {
            seat.bet = 0;
        }
    }

    /// M3 ([`DropWhen::FirstRoundEnd`]): betting round `step` closed and the
    /// hand goes on; the drop comes out when it was the game's first round.
    fn round_closed(&mut self, step: usize) {
        // The house's setting first: the search of the steps was made at
        // every round of every hand, drop or none (issue 35).
        if self.setup.drop_when != DropWhen::FirstRoundEnd {
            return;
        }
        let first = self
            .spec
            .steps
            .iter()
            .position(|s| matches!(s, Step::Bet(_)));
        if first == Some(step) {
            self.dropped = self.setup.drop_at_flop.min(self.pot());
        }
    }

    /// M3 ([`DropWhen::Flop`]): the drop comes out when the first board cards are dealt.
    fn take_drop(&mut self, step: usize) {
        // No drop to take leaves `dropped` at its 0: only this sets it
        // under `DropWhen::Flop`. Without the search of the steps at
        // every deal of a house that takes none (issue 35).
        if self.setup.drop_when != DropWhen::Flop || self.setup.drop_at_flop == 0 {
            return;
        }
        let first_board = self.spec.steps[..=step]
            .iter()
            .filter(|s| matches!(s, Step::Deal(d) if d.board > 0))
            .count()
            == 1;
        if first_board && matches!(self.spec.steps[step], Step::Deal(d) if d.board > 0) {
            self.dropped = self.setup.drop_at_flop.min(self.pot());
        }
    }

    fn win_uncontested(&mut self) {
        let mut pay = vec![0; self.seats.len()];
        if let Some(w) = self.live_seats().next() {
            pay[w] = self.pot();
        }
        self.payouts = Some(pay);
        self.round = None;
        self.phase = Phase::Complete;
    }

    fn void(&mut self) {
        for (seat, &stack) in self.seats.iter_mut().zip(&self.setup.stacks) {
            seat.stack = stack;
            seat.bet = 0;
            seat.committed = 0;
            seat.dead = 0;
        }
        self.pooled = 0;
        self.dropped = 0;
        self.round = None;
        self.pending.clear();
        self.payouts = None;
        self.phase = Phase::Voided;
    }

    fn current_step(&self) -> Option<Step> {
        match self.phase {
            Phase::Dealing(i) | Phase::Betting(i) | Phase::Exchanging(i) => {
                self.spec.steps.get(i).copied()
            }
            _ => None,
        }
    }

    /// G6: allowed once a card is out face up (the board, or a stud upcard:
    /// H1's Wild kingdom is baseball), before anyone acts in a betting round.
    fn verify_wild_card(&self) -> Result<(), RuleError> {
        let why = if self.spec.options.wild_card_charge == 0 {
            "this game has no wild-card charge"
        } else if !matches!(
            self.phase,
            Phase::Dealing(_) | Phase::Betting(_) | Phase::Exchanging(_)
        ) {
            "only while the hand is being dealt"
        } else if !self.spec.steps[..self.step_index()]
            .iter()
            .any(|s| matches!(s, Step::Deal(d) if d.board > 0 || d.hole_up > 0))
        {
            "no card has been dealt face up yet"
        } else if self.round.as_ref().is_some_and(|r| r.any_acted()) {
            "only before anyone acts in the betting round"
        } else {
            return Ok(());
        };
        Err(RuleError::NoWildCard { why })
    }

    /// G6: every live player pays the charge (all they have if short): dead
    /// money, counted for the payer's pot level.
    fn wild_card(&mut self) {
        let charge = self.spec.options.wild_card_charge;
        for seat in self.seats.iter_mut().filter(|s| !s.folded) {
            let paid = charge.min(seat.stack);
            seat.stack -= paid;
            seat.dead += paid;
        }
        // A betting round nobody has acted in starts again with the new stacks
        // (a player the charge put all in has nothing left to decide).
        if let (Phase::Betting(i), Some(Step::Bet(bet))) = (self.phase, self.current_step()) {
            if let Some(round) = self.start_round(bet, self.bet_rounds_started == 1) {
                if round.to_act.is_some() {
                    self.last_opener = round.to_act;
                }
            } else {
                self.collect_bets();
                self.last_aggressor = None;
                self.enter_step(i + 1);
            }
        }
    }

    fn verify_show(&self, seat: Seat) -> Result<(), RuleError> {
        if self.seats.get(seat).is_none_or(|s| s.folded) {
            return Err(RuleError::NotInHand { seat });
        }
        // Showing is allowed once no more betting can happen: PHH puts the
        // shows of an all-in hand before the rest of the board.
        let over = matches!(self.phase, Phase::Showdown | Phase::Complete)
            || (matches!(self.phase, Phase::Dealing(_) | Phase::Exchanging(_))
                && !self.betting_possible());
        self.expect(over, "showing")
    }

    fn verify_run_it_twice(&self) -> Result<(), RuleError> {
        let why = if !self.spec.options.run_it_twice {
            "the house does not run it twice"
        } else if self.boards != 1 {
            "there are two boards already"
        } else if !matches!(self.phase, Phase::Dealing(_)) || self.betting_possible() {
            "only when the betting is over and board cards are still to come"
        } else if !self.spec.steps[self.step_index()..]
            .iter()
            .any(|s| matches!(s, Step::Deal(d) if d.board > 0))
        {
            "no board cards are still to come"
        } else {
            return Ok(());
        };
        Err(RuleError::NoRunItTwice { why })
    }

    fn verify_chop(&self) -> Result<(), RuleError> {
        let why = if !self.spec.options.chop_blinds {
            "the house does not allow it"
        } else if !matches!(self.phase, Phase::Betting(_)) || self.bet_rounds_started != 1 {
            "only in the first betting round"
        } else if self.live_count() != 2 {
            "only when everyone else has folded to the blinds"
        } else if self.pooled > 0
            || self
                .seats
                .iter()
                .any(|s| s.dead > 0 || (s.folded && s.committed > 0))
        {
            "other money is in the pot"
        } else if self.dropped > 0 {
            "the house has taken its drop from the blinds"
        } else if !self.live_seats().all(|s| {
            let blind = self
                .setup
                .forced
                .iter()
                .any(|f| f.seat == s && f.kind == ForcedKind::Blind);
            blind && !self.round.as_ref().is_some_and(|r| r.acted(s))
        }) {
            "only the two blinds, before either acts"
        } else {
            return Ok(());
        };
        Err(RuleError::NoChop { why })
    }

    fn verify_open_pair(&self) -> Result<(), RuleError> {
        match (&self.round, self.phase) {
            (Some(r), Phase::Betting(i))
                if r.count == 0
                    && !r.open_pair
                    && matches!(self.spec.steps.get(i), Some(Step::Bet(b)) if b.open_pair) =>
            {
                Ok(())
            }
            _ => Err(RuleError::NoOpenPair),
        }
    }

    pub(super) fn step_index(&self) -> usize {
        match self.phase {
            Phase::Dealing(i) | Phase::Betting(i) | Phase::Exchanging(i) => i,
            Phase::Posting => 0,
            _ => self.spec.steps.len(),
        }
    }

    pub(super) fn live_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.folded)
            .map(|(i, _)| i)
    }

    pub(super) fn live_count(&self) -> usize {
        self.seats.iter().filter(|s| !s.folded).count()
    }

    /// Whether any later betting round could still have a decision: two live seats with chips.
    pub(super) fn betting_possible(&self) -> bool {
        self.seats
            .iter()
            .filter(|s| !s.folded && s.stack > 0)
            .count()
            >= 2
    }

    fn act(&mut self, seat: Seat, action: Action, chips: Chips) {
        let s = &mut self.seats[seat];
        s.stack -= chips;
        s.bet += chips;
        s.committed += chips;
        if action == Action::Fold {
            s.folded = true;
        }
        let spec = Arc::clone(&self.spec);
        let done = match self.round.as_mut() {
            Some(r) => r.record(&spec, &self.seats, seat, action, chips),
            None => true,
        };
        // Only a fold leaves one player (a hand starts with two or more,
        // and ends at the fold that leaves one): not counted at every
        // action (issue 35).
        if action == Action::Fold && self.live_count() == 1 {
            // The hand ends at once; the winner's unmatched chips come back first.
            self.round = None;
            self.collect_bets();
            self.win_uncontested();
        } else if done {
            self.end_round();
        }
    }
}

fn validate(spec: &GameSpec, setup: &HandSetup) -> Result<(), SetupError> {
    let n = setup.stacks.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        return Err(SetupError::PlayerCount(n));
    }
    // Every sum of chips (pots, stacks, the pot-limit maximum) stays in range
    // when the whole table fits in a `Chips`.
    if setup
        .stacks
        .iter()
        .try_fold(0 as Chips, |sum, &s| sum.checked_add(s))
        .is_none()
    {
        return Err(SetupError::TooManyChips);
    }
    if let Some(f) = setup.forced.iter().find(|f| f.seat >= n) {
        return Err(SetupError::ForcedSeat {
            seat: f.seat,
            players: n,
        });
    }
    if !(1..=2).contains(&setup.boards) {
        return Err(SetupError::Boards(setup.boards));
    }
    if spec.steps.is_empty() {
        return Err(SetupError::NoSteps);
    }
    match spec.structure {
        Structure::NoLimit | Structure::PotLimit if spec.min_bet == 0 => {
            return Err(SetupError::MinBet)
        }
        Structure::FixedLimit { small_bet, big_bet } if small_bet == 0 || big_bet < small_bet => {
            return Err(SetupError::LimitBets)
        }
        Structure::SpreadLimit { min, max } if min == 0 || max < min => {
            return Err(SetupError::Spread)
        }
        _ => {}
    }
    let bring_in_step = spec
        .steps
        .iter()
        .any(|s| matches!(s, Step::Bet(b) if b.opener == Opener::BringIn));
    if bring_in_step && setup.bring_in.is_none() {
        return Err(SetupError::BringInMissing);
    }
    if spec.options.raise_cap.is_some_and(|c| c.raises == 0) {
        return Err(SetupError::RaiseCap);
    }
    Ok(())
}

impl HandState {
    fn verify_name_opener(&self, seat: Seat) -> Result<(), RuleError> {
        let waiting = self.round.as_ref().is_some_and(|r| r.to_act.is_none());
        self.expect(
            matches!(self.phase, Phase::Betting(_)) && waiting,
            "naming the opener",
        )?;
        if self.seats.get(seat).is_none_or(|s| s.folded) {
            return Err(RuleError::NotInHand { seat });
        }
        Ok(())
    }

    fn name_opener(&mut self, seat: Seat) {
        if let Some(r) = self.round.as_mut() {
            r.name_opener(seat);
            self.last_opener = r.to_act;
        }
    }

    pub(super) fn verify_showdown_results(&self, results: &[BoardResult]) -> Result<(), RuleError> {
        if results.len() != self.boards as usize {
            return Err(RuleError::BoardCount {
                expected: self.boards,
                got: results.len(),
            });
        }
        for r in results {
            for side in [&r.high, &r.low] {
                // By seat: a hand has at most MAX_PLAYERS (`new` checks).
                let mut seen = [false; MAX_PLAYERS];
                for group in side.iter() {
                    if self.spec.options.suit_breaks_ties && group.len() > 1 {
                        return Err(RuleError::TieNotAllowed);
                    }
                    for &seat in group {
                        match self.seats.get(seat) {
                            Some(s) if !s.folded => {}
                            _ => return Err(RuleError::RankedNotInHand { seat }),
                        }
                        if std::mem::replace(&mut seen[seat], true) {
                            return Err(RuleError::RankedTwice { seat });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
