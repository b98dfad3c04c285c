//! One betting round: who must act, and how much they may bet or raise.

use super::error::{NoRaise, RuleError};
use super::event::Action;
use super::spec::{BetStep, ForcedKind, GameSpec, HandSetup, LimitShortAllIn, Opener, Structure};
use super::state::{HandState, Phase, SeatState};
use super::{Chips, Seat, MAX_PLAYERS};

#[derive(Debug, Clone, Copy, Default)]
pub(super) struct RoundSeat {
    /// Must still act before the round can end.
    needs: bool,
    /// Has acted this round (posting a blind is not acting).
    acted: bool,
    /// The bet level this seat last acted at; cumulative short all-ins reopen from it.
    faced: Chips,
    /// `Round::full_raises` when this seat last acted.
    seen: u32,
    /// Checked this round (B7).
    checked: bool,
}

/// The order of action, cyclic, starting with the opener: seat numbers in
/// an array, as a hand has at most [`MAX_PLAYERS`] seats (`HandState::new`
/// refuses more). Two vectors a round were a good part of the allocations
/// of a replayed hand (issue 35).
#[derive(Debug, Clone, Copy)]
struct Order {
    len: usize,
    seats: [Seat; MAX_PLAYERS],
}

impl Order {
    /// `start`, `start + 1`, … around the `n` seats.
    fn from(start: Seat, n: usize) -> Order {
        let mut order = Order {
            len: n.min(MAX_PLAYERS),
            seats: [0; MAX_PLAYERS],
        };
        // `(start + k) % n` for each k, counted round without a division
        // per seat (issue 35: a division is tens of cycles).
        let mut next = start;
        for s in order.seats[..order.len].iter_mut() {
            if next >= n {
                next %= n;
            }
            *s = next;
            next += 1;
        }
        order
    }

    fn as_slice(&self) -> &[Seat] {
        &self.seats[..self.len]
    }

    /// `seat` moved to the end.
    fn move_last(&mut self, seat: Seat) {
        if let Some(at) = self.as_slice().iter().position(|&s| s == seat) {
            self.seats[at..self.len].rotate_left(1);
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct Round {
    order: Order,
    pub(super) to_act: Option<Seat>,
    /// The bet to match.
    pub(super) current: Chips,
    /// The level of the last full bet or raise (limit: a short all-in above it is action only).
    last_full: Chips,
    /// No-limit, pot-limit, spread: the smallest raise increment, which is the largest so far.
    min_inc: Chips,
    /// Bets and raises so far, for the raise cap (the big blind is the bet).
    pub(super) count: u8,
    full_raises: u32,
    big: bool,
    pub(super) open_pair: bool,
    big_made: bool,
    pub(super) bring_in_pending: bool,
    pub(super) aggressor: Option<Seat>,
    /// An action has been recorded in this round ([`Round::record`]).
    recorded: bool,
    /// By seat; past the hand's seats, defaults that never need to act.
    seats: [RoundSeat; MAX_PLAYERS],
}

/// What a betting round's start reads of the hand, borrowed apart from the
/// hand's round, which the new round is built over.
pub(super) struct HandParts<'a> {
    pub seats: &'a [SeatState],
    pub spec: &'a GameSpec,
    pub setup: &'a HandSetup,
    pub laps: usize,
    pub last_opener: Option<Seat>,
}

impl Round {
    /// The round of `bet` built over `slot`, in place, and given back where
    /// anyone has action; else `slot` is `None`. Built in place: the 320-byte
    /// round was copied twice on its way into the hand, at every street (issue 35).
    /// Who takes part is settled here: a seat whose bet already covers every
    /// other seat's bet plus stack takes no part.
    pub(super) fn start_over<'r>(
        slot: &'r mut Option<Round>,
        state: HandParts<'_>,
        bet: BetStep,
        first: bool,
    ) -> Option<&'r mut Round> {
        let seats = state.seats;
        let n = seats.len();
        // The most any other live seat can reach: the largest bet plus stack
        // of the live seats, or the second largest for the seat that has the
        // largest. Found in one pass, not a pass per seat (issue 35).
        let (mut top, mut top_seat, mut second) = (0, None, 0);
        for (q, o) in seats.iter().enumerate().filter(|(_, o)| !o.folded) {
            let reach = o.bet + o.stack;
            if top_seat.is_none() || reach > top {
                second = top;
                top = reach;
                top_seat = Some(q);
            } else if reach > second {
                second = reach;
            }
        }
        let spec = state.spec;
        let forced = &state.setup.forced;
        let mut current = seats.iter().map(|s| s.bet).max().unwrap_or(0);
        if first && spec.options.short_blind_sets_bet {
            // F1, F2: a blind (straddle, kill, live post) all in for less than
            // its amount still sets the bet: the others call the full blind,
            // not what the short stack had ("players to act must call the
            // complete amount of the big blind"). The excess of a call over
            // the all-in is a side pot, or comes back uncalled. PHH (and
            // PokerKit) call what was posted: a replay keeps that.
            let full = forced
                .iter()
                .filter(|f| f.kind.is_live())
                .map(|f| f.amount)
                .max()
                .unwrap_or(0);
            current = current.max(full);
        }
        let straddles = if first {
            forced
                .iter()
                .filter(|f| matches!(f.kind, ForcedKind::Straddle | ForcedKind::ButtonStraddle))
                .count() as u8
        } else {
            0
        };
        let mut min_inc = match spec.structure {
            Structure::SpreadLimit { min, .. } => min,
            _ => spec.min_bet,
        };
        if first && spec.options.straddle_is_raise {
            // F4 (H2 7.1, 6.2): a straddle is "a voluntary blind bet", so it
            // is the previous bet, and "the minimum amount of chips a player
            // can raise is equal to the previous bet or raise": over a 50c
            // straddle the next raise is to $1 (card-room practice).
            for f in forced {
                if matches!(f.kind, ForcedKind::Straddle | ForcedKind::ButtonStraddle) {
                    min_inc = min_inc.max(f.amount);
                }
            }
        }
        let limit_inc = match spec.structure {
            Structure::FixedLimit { small_bet, big_bet } => {
                Some(if bet.big { big_bet } else { small_bet })
            }
            _ => None,
        };
        // An incomplete forced bet (a big blind under the limit's bet) is completed, not raised.
        let last_full = match limit_inc {
            Some(inc) if current < inc => 0,
            _ => current,
        };
        let count = if current > 0 && last_full == current {
            1 + straddles
        } else {
            0
        };
        let start = match bet.opener {
            Opener::Blinds => forced
                .iter()
                .rev()
                .find(|f| match f.kind {
                    ForcedKind::Blind | ForcedKind::Straddle => true,
                    ForcedKind::Kill => state.setup.kill_in_blind,
                    _ => false,
                })
                .map_or(0, |f| (f.seat + 1) % n),
            Opener::Lead => state.laps % n,
            // G3 (H0): from the previous round's opener; a folded or all-in
            // opener has no `needs`, so the next seat clockwise acts.
            Opener::PreviousOpener => state.last_opener.unwrap_or(0) % n,
            _ => 0,
        };
        let mut order = Order::from(start, n);
        if first && bet.opener == Opener::Blinds {
            // A button straddle acts last pre-flop, wherever the order starts.
            for f in forced
                .iter()
                .filter(|f| f.kind == ForcedKind::ButtonStraddle)
            {
                order.move_last(f.seat);
            }
        }
        let round = slot.insert(Round {
            order,
            to_act: None,
            current,
            last_full,
            min_inc,
            count,
            full_raises: 0,
            big: bet.big,
            open_pair: false,
            big_made: false,
            bring_in_pending: bet.opener == Opener::BringIn && current == 0,
            aggressor: None,
            recorded: false,
            seats: [RoundSeat::default(); MAX_PLAYERS],
        });
        // Marked in the round itself, not in an array copied into it.
        for (s, (st, rs)) in seats.iter().zip(round.seats.iter_mut()).enumerate() {
            if st.folded || st.stack == 0 {
                continue;
            }
            let others = if top_seat == Some(s) { second } else { top };
            rs.needs = st.bet < others;
        }
        let known = match bet.opener {
            Opener::Blinds | Opener::LeftOfButton | Opener::Lead => true,
            // No round had an opener: the dealer names the seat.
            Opener::PreviousOpener => state.last_opener.is_some(),
            Opener::BringIn | Opener::Named => false,
        };
        if !round.has_action() {
            *slot = None;
            return None;
        }
        // The same round, borrowed again: the borrow checker does not see
        // that the one above ended on the way out.
        let round = slot.as_mut()?;
        if known {
            round.to_act = round
                .order
                .as_slice()
                .iter()
                .copied()
                .find(|&s| round.seats[s].needs);
        }
        Some(round)
    }

    pub(super) fn has_action(&self) -> bool {
        self.seats.iter().any(|s| s.needs)
    }

    /// Whether anyone has acted this round (G6: a charge comes before the action).
    pub(super) fn any_acted(&self) -> bool {
        self.seats.iter().any(|s| s.acted)
    }

    pub(super) fn acted(&self, seat: Seat) -> bool {
        self.seats.get(seat).is_some_and(|s| s.acted)
    }

    /// The dealer named the opener: the order starts there.
    pub(super) fn name_opener(&mut self, seat: Seat) {
        self.order = Order::from(seat, self.order.len);
        self.to_act = self
            .order
            .as_slice()
            .iter()
            .copied()
            .find(|&s| self.seats[s].needs);
    }

    fn limit_inc(&self, spec: &GameSpec) -> Option<Chips> {
        match spec.structure {
            Structure::FixedLimit { small_bet, big_bet } => Some(if self.big || self.big_made {
                big_bet
            } else {
                small_bet
            }),
            _ => None,
        }
    }

    /// Records an action whose chips are already in front of `seat`; true when the round is over.
    pub(super) fn record(
        &mut self,
        spec: &GameSpec,
        seats: &[SeatState],
        seat: Seat,
        action: Action,
        chips: Chips,
    ) -> bool {
        let bet = seats[seat].bet;
        let before = self.current;
        match action {
            Action::Fold => {}
            Action::CheckCall => {
                if chips == 0 && bet >= self.current {
                    self.seats[seat].checked = true;
                }
            }
            Action::BringIn => {
                self.bring_in_pending = false;
                self.current = self.current.max(bet);
            }
            Action::BetRaiseTo(to) => {
                let prev = self.current;
                let full = match self.limit_inc(spec) {
                    Some(inc) => {
                        let added = to.saturating_sub(self.last_full);
                        match spec.options.limit_short_all_in {
                            LimitShortAllIn::ActionOnly => added >= inc,
                            LimitShortAllIn::HalfBet => added * 2 >= inc,
                        }
                    }
                    None => to - prev >= self.min_inc,
                };
                if let Structure::FixedLimit { big_bet, .. } = spec.structure {
                    if self.open_pair && to.saturating_sub(self.last_full) >= big_bet {
                        self.big_made = true;
                    }
                }
                if full {
                    if self.limit_inc(spec).is_none() {
                        self.min_inc = self.min_inc.max(to - prev);
                    }
                    self.last_full = to;
                    self.full_raises += 1;
                    self.count = self.count.saturating_add(1);
                }
                self.current = to;
                self.aggressor = Some(seat);
                self.bring_in_pending = false;
            }
        }
        // Without branches (`&`, not `&&`): which seats still need to act
        // is data the branch predictor cannot learn, and its misses were
        // most of recording an action (issue 35).
        // The actor too: its mark is cleared just below, so no test of the
        // seat in the loop. Only where the bet to match moved, or at the
        // round's first action (the round's start marks by another test):
        // else nothing in the loop's test has changed since the last
        // action's pass but the actor's own seat, which leaves its turn
        // with nothing to match (it called, checked, folded, raised or is
        // all in), and within a round only actions move seats' chips. The
        // pass at every action was a twentieth of a replay (issue 35).
        let current = self.current;
        if current != before || !self.recorded {
            for (st, rs) in seats.iter().zip(self.seats.iter_mut()) {
                rs.needs |= !st.folded & (st.stack > 0) & (st.bet < current);
            }
        }
        self.recorded = true;
        let rs = &mut self.seats[seat];
        rs.needs = false;
        rs.acted = true;
        rs.faced = self.current;
        rs.seen = self.full_raises;
        self.to_act = self.next_after(seat);
        self.to_act.is_none()
    }

    fn next_after(&self, seat: Seat) -> Option<Seat> {
        let order = self.order.as_slice();
        let at = order.iter().position(|&s| s == seat)?;
        // The seats after `seat` in the order, then round to it.
        order[at + 1..]
            .iter()
            .chain(&order[..=at])
            .copied()
            .find(|&s| self.seats[s].needs)
    }
}

impl HandState {
    /// The legal bet or raise-to range for `seat` if it were to act now.
    pub fn raise_range(&self, seat: Seat) -> Result<(Chips, Chips), NoRaise> {
        let (Some(r), Some(st)) = (self.round.as_ref(), self.seats.get(seat)) else {
            return Err(NoRaise::AllInToCall);
        };
        let all_in = st.bet + st.stack;
        if all_in <= r.current {
            return Err(NoRaise::AllInToCall);
        }
        let someone_can_call = self
            .seats
            .iter()
            .enumerate()
            .any(|(q, o)| q != seat && !o.folded && o.stack > r.current.saturating_sub(o.bet));
        if !someone_can_call {
            return Err(NoRaise::NobodyToCall);
        }
        let rs = r.seats[seat];
        let opts = &self.spec.options;
        let limit = r.limit_inc(&self.spec);
        // B5 (`checked_may_complete`, H4 #7): a seat that checked may complete
        // an incomplete opening bet to the full bet, and no further.
        let mut complete_only = false;
        if rs.acted {
            let reopened =
                r.full_raises > rs.seen || (limit.is_none() && r.current - rs.faced >= r.min_inc);
            complete_only = !reopened
                && opts.checked_may_complete
                && limit.is_some()
                && rs.checked
                && r.last_full == 0
                && r.current > rs.faced;
            if !reopened && !complete_only {
                return Err(NoRaise::NotReopened);
            }
            if rs.checked && !opts.check_raise {
                return Err(NoRaise::CheckRaise);
            }
        }
        if let Some(cap) = opts.raise_cap {
            let heads_up = self.live_count() == 2;
            if r.count > cap.raises && !(cap.lift_heads_up && heads_up) {
                return Err(NoRaise::CapReached);
            }
        }
        let (mut lo, mut hi) = match self.spec.structure {
            Structure::NoLimit => (r.current.saturating_add(r.min_inc), all_in),
            Structure::PotLimit => {
                let lo = r.current.saturating_add(r.min_inc);
                let to_call = r.current - st.bet;
                let max = r.current.saturating_add(self.pot()).saturating_add(to_call);
                (lo, max.max(lo))
            }
            Structure::FixedLimit { small_bet, big_bet } => {
                let inc = limit.unwrap_or(small_bet);
                if r.open_pair && !r.big_made && !complete_only {
                    (
                        r.last_full.saturating_add(small_bet),
                        r.last_full.saturating_add(big_bet),
                    )
                } else {
                    (
                        r.last_full.saturating_add(inc),
                        r.last_full.saturating_add(inc),
                    )
                }
            }
            Structure::SpreadLimit { min, max } => (
                r.current.saturating_add(r.min_inc.max(min)),
                r.current.saturating_add(max.max(r.min_inc)),
            ),
        };
        if all_in < lo {
            lo = all_in;
            hi = all_in;
        }
        hi = hi.min(all_in);
        if let Some(m) = opts.max_bet_raise {
            hi = hi.min(r.current.saturating_add(m));
        }
        if let Some(m) = opts.max_per_round {
            hi = hi.min(m);
        }
        if hi <= r.current {
            return Err(NoRaise::RoundCap);
        }
        Ok((lo.min(hi), hi))
    }

    /// Checks an action; gives the chips it puts in.
    pub(super) fn verify_act(&self, seat: Seat, action: Action) -> Result<Chips, RuleError> {
        let round = match (self.phase, self.round.as_ref()) {
            (Phase::Betting(_), Some(r)) => r,
            _ => {
                return Err(match self.phase {
                    Phase::Complete | Phase::Voided => RuleError::HandOver,
                    _ => RuleError::Unexpected {
                        what: "a player action",
                        expected: self.expected(),
                    },
                })
            }
        };
        if round.to_act != Some(seat) {
            return Err(RuleError::OutOfTurn {
                seat,
                to_act: round.to_act,
            });
        }
        let st = &self.seats[seat];
        let owed = round.current.saturating_sub(st.bet);
        let bring_in = self.setup.bring_in.unwrap_or(0);
        match action {
            Action::Fold | Action::CheckCall if round.bring_in_pending => {
                Err(RuleError::BringInRequired { seat, bring_in })
            }
            Action::Fold if owed == 0 && !self.spec.options.fold_when_checkable => {
                Err(RuleError::FoldWhenCheckable { seat })
            }
            Action::Fold => Ok(0),
            Action::CheckCall => Ok(owed.min(st.stack)),
            Action::BringIn if !round.bring_in_pending => Err(RuleError::NoBringIn { seat }),
            Action::BringIn => Ok(bring_in.min(st.stack)),
            Action::BetRaiseTo(to) => {
                let (min, max) = self
                    .raise_range(seat)
                    .map_err(|why| RuleError::CannotRaise {
                        seat,
                        amount: to,
                        why,
                    })?;
                if to < min || to > max {
                    return Err(RuleError::AmountOutOfRange {
                        seat,
                        amount: to,
                        min,
                        max,
                    });
                }
                Ok(to - st.bet)
            }
        }
    }
}
