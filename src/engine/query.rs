//! What the screen needs to know (D1): whose turn, what to call, the legal range, the pots.

use serde::Serialize;

use super::error::NoRaise;
use super::event::{BoardResult, Declaration};
use super::pots::{self, Pot};
use super::spec::{ForcedKind, GameSpec, HandSetup, Split, Step, Structure};
use super::state::{HandState, Phase, SeatState};
use super::{Chips, Seat};

/// Everything `seat` may do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalActions {
    pub seat: Seat,
    pub fold: bool,
    pub check: bool,
    /// What calling adds (at most the stack).
    pub call: Option<Chips>,
    pub bring_in: Option<Chips>,
    /// Bet or raise-to range, or why not.
    pub raise: Result<(Chips, Chips), NoRaise>,
}

/// Which betting round of the game this is, counting from 1 (0 before the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Street {
    pub round: usize,
    pub of: usize,
}

impl HandState {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    pub fn setup(&self) -> &HandSetup {
        &self.setup
    }

    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }

    pub fn boards(&self) -> u8 {
        self.boards
    }

    /// The seat whose action it is.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Betting(_) => self.round.as_ref().and_then(|r| r.to_act),
            Phase::Exchanging(_) => self.pending.first().copied(),
            _ => None,
        }
    }

    /// The bet every live seat must match this round.
    pub fn current_bet(&self) -> Chips {
        self.round.as_ref().map_or(0, |r| r.current)
    }

    /// What `seat` must add to call, at most its stack.
    pub fn to_call(&self, seat: Seat) -> Chips {
        self.seats
            .get(seat)
            .map_or(0, |s| self.current_bet().saturating_sub(s.bet).min(s.stack))
    }

    /// Collected pots plus every bet on the table, less the drop.
    pub fn pot(&self) -> Chips {
        let put: Chips = self.seats.iter().map(|s| s.committed + s.dead).sum();
        (self.pooled + put).saturating_sub(self.dropped)
    }

    /// The house's drop taken from this pot (M3).
    pub fn dropped(&self) -> Chips {
        self.dropped
    }

    /// Every pot with its eligible seats, counting the bets on the table as
    /// if the round ended now: what the showdown awards. Mid-round it splits
    /// unmatched bets by level, so for the screen use [`Self::settled_pots`]
    /// and [`Self::bets`].
    pub fn pots(&self) -> Vec<Pot> {
        pots::pots(&self.seats, self.pooled, self.dropped)
    }

    /// P1/D1: the pots in the middle now, main first: forced money and the
    /// chips collected at the end of earlier betting rounds, less the drop,
    /// split into side pots only where a player went all in in an earlier
    /// round. The bets of the round in progress are not a pot (see
    /// [`Self::bets`]); when the round ends they are collected, and an all-in
    /// among them makes its side pot then. With no bets in front (between
    /// rounds, at the showdown) this is [`Self::pots`]. Empty before any chip
    /// is in the middle.
    ///
    /// [`Self::pot`] is always the settled pots plus the bets, except that a
    /// drop taken from the forced bets at the start
    /// ([`DropWhen::Start`](super::DropWhen::Start)) is not shown in the
    /// settled pots until the round ends.
    pub fn settled_pots(&self) -> Vec<Pot> {
        pots::settled(&self.seats, self.pooled, self.dropped)
    }

    /// P1/D1: each seat's bet in front of it in the round in progress (live
    /// blinds and straddles included), in seat order; all zero between rounds.
    pub fn bets(&self) -> Vec<Chips> {
        self.seats.iter().map(|s| s.bet).collect()
    }

    /// The sum of [`Self::bets`].
    pub fn bets_total(&self) -> Chips {
        self.seats.iter().map(|s| s.bet).sum()
    }

    /// Stacks now; before the pots are awarded.
    pub fn stacks(&self) -> Vec<Chips> {
        self.seats.iter().map(|s| s.stack).collect()
    }

    /// P2: whether these showdown results split a pot among tied winners
    /// with odd chips left over (each given to the first winners clockwise
    /// from the button). A history says so: PHH leaves odd chips to its
    /// reader, and PokerKit gives them all to its first winner.
    pub fn splits_odd_chips(&self, results: &[BoardResult]) -> bool {
        pots::award_noting(self, results).is_ok_and(|(_, odd)| odd)
    }

    /// What each seat won, once the hand is complete.
    pub fn payouts(&self) -> Option<&[Chips]> {
        self.payouts.as_deref()
    }

    /// Stacks with the awarded pots in them.
    pub fn final_stacks(&self) -> Vec<Chips> {
        let pay = self.payouts.as_deref().unwrap_or(&[]);
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.stack + pay.get(i).copied().unwrap_or(0))
            .collect()
    }

    /// What `seat` may do, if it is that seat's turn to bet.
    pub fn legal_actions(&self) -> Option<LegalActions> {
        let seat = self.round.as_ref()?.to_act?;
        if !matches!(self.phase, Phase::Betting(_)) {
            return None;
        }
        let r = self.round.as_ref()?;
        let owed = self.to_call(seat);
        let fold = !r.bring_in_pending && (owed > 0 || self.spec.options.fold_when_checkable);
        Some(LegalActions {
            seat,
            fold,
            check: owed == 0 && !r.bring_in_pending,
            call: (owed > 0 && !r.bring_in_pending).then_some(owed),
            bring_in: r
                .bring_in_pending
                .then(|| self.setup.bring_in.unwrap_or(0).min(self.seats[seat].stack)),
            raise: self.raise_range(seat),
        })
    }

    /// P6: who shows first. The last aggressor of the last round played, else
    /// the first live seat left of the button.
    pub fn first_to_show(&self) -> Option<Seat> {
        self.last_aggressor
            .filter(|&s| !self.seats[s].folded)
            .or_else(|| self.live_seats().next())
    }

    /// Issue 32: what a showdown side ranks, for the panel to name: the
    /// low side of a split game is low; the one side of a hand that went
    /// on as lowball (B9) is low too; hi-lo and declare games' other side
    /// is high; a game with one side ranks its own best hand.
    pub fn side_ranks(&self, low_side: bool) -> Ranks {
        match (low_side, self.spec.split, self.lowball) {
            (true, _, _) | (false, Split::High, true) => Ranks::Low,
            (false, Split::HiLo | Split::Declare, _) => Ranks::High,
            (false, Split::High, false) => Ranks::Best,
        }
    }

    /// Who opened the last betting round (H0: 7th street opens with 6th's opener).
    pub fn last_opener(&self) -> Option<Seat> {
        self.last_opener
    }

    /// The betting round in progress or last played.
    pub fn street(&self) -> Street {
        let of = self
            .spec
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Bet(_)))
            .count();
        let upto = self.step_index().min(self.spec.steps.len());
        let mut round = self.spec.steps[..upto]
            .iter()
            .filter(|s| matches!(s, Step::Bet(_)))
            .count();
        if matches!(self.phase, Phase::Betting(_)) {
            round += 1;
        }
        Street { round, of }
    }

    /// G7: how many times the hand went back for another round of cards
    /// (`Step::RepeatIfDrawn`); 0 in the first round and in other games.
    pub fn laps(&self) -> usize {
        self.laps
    }

    /// F1, F5/S1: who stands in each blind, in the order they post: the
    /// positional blinds, and where the kill is posted in the big blind
    /// (`kill_in_blind`) the killer as that big blind, after the small.
    /// Issue 32: the screen labelled the one blind left "BB", so with the
    /// killer in the big blind it named the small blind as the big.
    pub fn blind_posters(&self) -> Vec<(Seat, BlindRole)> {
        let blinds: Vec<Seat> = self.forced_of(ForcedKind::Blind).map(|(s, _)| s).collect();
        let killer = self
            .setup
            .kill_in_blind
            .then(|| self.forced_of(ForcedKind::Kill).next().map(|(s, _)| s))
            .flatten();
        let mut out: Vec<(Seat, BlindRole)> = match (blinds.as_slice(), killer) {
            ([small], Some(_)) => vec![(*small, BlindRole::Small)],
            ([big], None) => vec![(*big, BlindRole::Big)],
            ([small, big], None) => vec![(*small, BlindRole::Small), (*big, BlindRole::Big)],
            (all, _) => all.iter().map(|&s| (s, BlindRole::Other)).collect(),
        };
        if let Some(k) = killer {
            out.push((k, BlindRole::KillInBig));
        }
        out
    }

    /// Forced bets of a kind in this hand, for the screen (kill, straddle, bomb).
    pub fn forced_of(&self, kind: ForcedKind) -> impl Iterator<Item = (Seat, Chips)> + '_ {
        self.setup
            .forced
            .iter()
            .filter(move |f| f.kind == kind)
            .map(|f| (f.seat, f.amount))
    }

    /// B9: nobody opened, and the hand goes on as lowball.
    pub fn lowball(&self) -> bool {
        self.lowball
    }

    /// Whether the hand is over (complete or void).
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Complete | Phase::Voided)
    }
}

/// What a showdown side ranks ([`HandState::side_ranks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranks {
    /// The game's own best hand (one side).
    Best,
    High,
    Low,
}

impl HandState {
    /// A betting round waits for the dealer to name its opener (stud).
    pub fn awaiting_opener(&self) -> bool {
        matches!(self.phase, Phase::Betting(_))
            && self.round.as_ref().is_some_and(|r| r.to_act.is_none())
    }

    /// B3 (fixed limit): the one amount the player to act may bet, raise or
    /// complete to, when the structure leaves no choice; the panel records
    /// it in one press.
    pub fn fixed_amount(&self) -> Option<Chips> {
        if !matches!(self.spec.structure, Structure::FixedLimit { .. }) {
            return None;
        }
        let seat = self.to_act()?;
        match self.raise_range(seat) {
            Ok((a, b)) if a == b => Some(a),
            _ => None,
        }
    }

    /// P2 at the showdown: whether `ranked` (groups of tied seats, best
    /// first) for the high side (`low` false) or the low side already names
    /// the winners of every pot: each pot has a ranked seat that can win it
    /// whatever the other side says. Ranking the rest changes nobody's share.
    ///
    /// G2, G7 (declare games): a seat that declared both wins a side only if
    /// it also wins the other, so it decides nothing alone: the seats ranked
    /// under it may still take the side.
    pub fn pots_decided(&self, ranked: &[Vec<Seat>], low: bool) -> bool {
        let pots = self.pots();
        let declare = self.spec.split == Split::Declare;
        let sure = |s: Seat| {
            !declare || self.seats.get(s).and_then(|x| x.declared) != Some(Declaration::Both)
        };
        let contenders = self.contenders(low);
        !pots.is_empty()
            && pots.iter().all(|p| {
                let can_win: Vec<Seat> = p
                    .eligible
                    .iter()
                    .copied()
                    .filter(|s| contenders.contains(s))
                    .collect();
                let ranked_in = |s: &Seat| ranked.iter().flatten().any(|r| r == s);
                p.amount == 0
                    || ranked
                        .iter()
                        .flatten()
                        .any(|&s| can_win.contains(&s) && sure(s))
                    || (!can_win.is_empty() && can_win.iter().all(ranked_in))
            })
    }

    /// P2 at the showdown: a seat that wins what is left of the high side
    /// without being named, given `ranked` (best first): every pot it can
    /// win that no ranked seat has taken is a pot it alone can still win,
    /// so its place after the ranked ones is the only one that side can
    /// give it (a side pot whose other contenders folded, or the last hand
    /// left in it). `None` where no seat is so placed.
    pub fn forced_winner(&self, ranked: &[Vec<Seat>]) -> Option<Seat> {
        let declare = self.spec.split == Split::Declare;
        let sure = |s: Seat| {
            !declare || self.seats.get(s).and_then(|x| x.declared) != Some(Declaration::Both)
        };
        let contenders = self.contenders(false);
        let ranked_in = |s: &Seat| ranked.iter().flatten().any(|r| r == s);
        // Each pot no ranked seat has surely taken: who can still win it.
        let open: Vec<Vec<Seat>> = self
            .pots()
            .iter()
            .filter(|p| p.amount > 0)
            .map(|p| {
                p.eligible
                    .iter()
                    .copied()
                    .filter(|s| contenders.contains(s))
                    .collect::<Vec<Seat>>()
            })
            .filter(|can_win| !can_win.iter().any(|&s| ranked_in(&s) && sure(s)))
            .map(|can_win| can_win.into_iter().filter(|s| !ranked_in(s)).collect())
            .collect();
        contenders.into_iter().filter(|s| !ranked_in(s)).find(|s| {
            let mut mine = open.iter().filter(|u| u.contains(s)).peekable();
            mine.peek().is_some() && mine.all(|u| u.len() == 1)
        })
    }

    /// P4, G2, G7 at the showdown: the live seats that can win the high side
    /// (`low` false) or the low side. In declare games only those who
    /// declared that side, or both; elsewhere every live seat.
    pub fn contenders(&self, low: bool) -> Vec<Seat> {
        let declare = self.spec.split == Split::Declare;
        self.live_seats()
            .filter(|&s| {
                let d = self.seats[s].declared.unwrap_or(Declaration::High);
                !declare
                    || d == Declaration::Both
                    || d == if low {
                        Declaration::Low
                    } else {
                        Declaration::High
                    }
            })
            .collect()
    }

    /// B4: raises left before the cap in this betting round; `None` with no
    /// cap, before the round's first bet, or with the cap lifted heads-up
    /// (H4 #3).
    pub fn raises_left(&self) -> Option<u8> {
        let cap = self.spec.options.raise_cap?;
        let r = self.round.as_ref()?;
        if r.count == 0 || (cap.lift_heads_up && self.live_count() == 2) {
            return None;
        }
        Some(cap.raises.saturating_add(1).saturating_sub(r.count))
    }

    /// The seats still holding cards, in hand order: who can win a pot.
    pub fn live(&self) -> Vec<Seat> {
        self.live_seats().collect()
    }

    /// The opener to propose when the dealer names one (G3, F3: the best
    /// hand showing, which only the dealer can see): the last round's
    /// opener while still in the hand, else the first who may open.
    pub fn suggested_opener(&self) -> Option<Seat> {
        let may = self.can_name_opener();
        self.last_opener
            .filter(|s| may.contains(s))
            .or_else(|| may.first().copied())
    }

    /// Who the dealer may name as the opener now; empty when no opener is
    /// awaited (the same test as naming one).
    pub fn can_name_opener(&self) -> Vec<Seat> {
        if self.awaiting_opener() {
            self.live()
        } else {
            Vec::new()
        }
    }
}

/// What a blind poster stands as ([`HandState::blind_posters`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlindRole {
    Small,
    Big,
    /// F5/S1: the kill, posted in the big blind's place.
    KillInBig,
    /// One of more than two positional blinds.
    Other,
}
