//! T2, T3, T4: where the button goes, who posts the blinds, who is dealt in.

use super::super::error::TableError;
use super::super::seating::Status;
use super::super::Table;
use super::{clockwise, Positions, SeatSet};
use crate::rules::{ButtonMode, ForcedBets, MissedBlindsDealtIn};

impl Table {
    /// The positions the next deal would use, without dealing: for the
    /// queries asked before the deal (who may straddle).
    pub(in crate::table) fn next_positions(&self) -> Result<Positions, TableError> {
        let mut t = self.scratch();
        let seated = t.playing().count();
        t.rotate_game(seated);
        t.owed_must_wait(t.game);
        let playing: Vec<usize> = t.playing().collect();
        let kind = t.next_kind(t.game, &playing);
        let forced = t
            .rules
            .forced_bets(t.game, kind)
            .ok_or(TableError::NoSuchGame(t.game))?;
        t.positions(&playing, &forced)
    }

    pub(super) fn positions(
        &self,
        playing: &[usize],
        forced: &ForcedBets,
    ) -> Result<Positions, TableError> {
        let blinds = forced.blinds.iter().filter(|&&b| b > 0).count();
        if blinds == 0 {
            return self.positions_without_blinds(playing);
        }
        let n = self.seats.len();
        // S1 (H0): "New player may play killed pot by agreeing to kill next
        // pot": in a killed pot, agreeing is a new player's only way in; one
        // who has not agreed is dealt in from the next hand.
        let agree_only = forced.kill.is_some()
            && self
                .rules
                .kill_for(self.game)
                .is_some_and(|k| k.new_player_kills_next);
        let kept_out = |s: usize| {
            agree_only && self.kill.pledged() != Some(s) && self.player(s).is_some_and(|p| p.new)
        };
        let playing: SeatSet = playing.iter().copied().filter(|&s| !kept_out(s)).collect();
        let waiting = |s: usize| {
            !kept_out(s)
                && self
                    .player(s)
                    .is_some_and(|p| p.status == Status::WaitingForBigBlind && self.can_be_dealt(p))
        };
        // Who may take the big blind: players, and new players waiting for it (T4).
        let candidates: SeatSet = (0..n)
            .filter(|&s| playing.contains(&s) || waiting(s))
            .collect();
        if candidates.len() < 2 {
            return Err(TableError::NotEnoughPlayers(candidates.len()));
        }
        // T4: a new player posting to come in takes neither the button nor
        // the small blind: he posts from where he sits, and the blinds move
        // on one player as if he were away. T5: so does a player owing
        // missed blinds in a card room; elsewhere he takes his turn.
        let card_room =
            self.rules.button.missed_blinds_dealt_in == MissedBlindsDealtIn::AfterTheButton;
        let settled: SeatSet = (0..n)
            .filter(|s| {
                playing.contains(s)
                    && self.player(*s).is_some_and(|p| {
                        let comes_in_posting =
                            p.posts_big_blind || (card_room && p.owes_missed_blinds());
                        !comes_in_posting
                    })
            })
            .collect();
        let next_settled = |after: usize| clockwise(n, after).find(|s| settled.contains(s));
        let from = self.button.unwrap_or(n - 1);
        // The dead button follows the last big blind; with none yet (the first
        // hand, after the draw for the button, or re-dealing a misdealt first
        // hand) it starts like a moving one.
        let dead = self.rules.button.mode == ButtonMode::Dead
            && self.last_bb.is_some()
            && playing.len() > 2;
        let (button, sb, bb, sb_position) = if dead {
            // Dead button: the big blind moves one player; the small blind and
            // the button follow onto the seats it and the small blind left,
            // whether or not anyone is dealt in there.
            let last_bb = self.last_bb.unwrap_or(from);
            let bb = clockwise(n, last_bb)
                .find(|s| candidates.contains(s))
                .unwrap_or(last_bb);
            let sb = Some(last_bb).filter(|s| playing.contains(s) && *s != bb);
            let button = self.last_sb.unwrap_or(from);
            (button, sb, Some(bb), Some(last_bb))
        } else {
            let button = self.moving_button(from, settled);
            if candidates.len() == 2 && playing.contains(&button) {
                // T3: heads-up, the button is the small blind.
                let other = clockwise(n, button).find(|s| candidates.contains(s));
                (button, Some(button), other, None)
            } else {
                let sb = next_settled(button);
                let bb = sb.and_then(|sb| clockwise(n, sb).find(|s| candidates.contains(s)));
                (button, sb, bb, None)
            }
        };
        // Seats between the button and the small blind: only players coming
        // in or owing a big blind sit there dealt in.
        let in_front: SeatSet = match sb {
            Some(sb) if !dead && sb != button => {
                clockwise(n, button).take_while(|&s| s != sb).collect()
            }
            _ => SeatSet::default(),
        };
        // T4 (H3): "he may post the amount of the big blind if he is
        // directly in front of the button. If he posts the blind in front of
        // the button, it will jump him the next hand." A new player waiting
        // to post there comes in on the deal where the button reaches or
        // passes his seat: between where the button was and the small blind.
        let passing: SeatSet = match sb {
            Some(sb) if !dead => clockwise(n, from)
                .take_while(|&s| s != sb)
                .filter(|&s| s != button)
                .collect(),
            _ => SeatSet::default(),
        };
        let behind: SeatSet = (0..n)
            .filter(|&s| {
                (passing.contains(&s) || in_front.contains(&s))
                    && waiting(s)
                    && self.player(s).is_some_and(|p| p.post_behind)
            })
            .collect();
        let mut dealt = Vec::with_capacity(n);
        dealt.extend(clockwise(n, button).filter(|&s| {
            (playing.contains(&s) && !self.owed_held_back(s, button, in_front.contains(&s)))
                || Some(s) == bb
                || behind.contains(&s)
        }));
        if dealt.len() < 2 {
            return Err(TableError::NotEnoughPlayers(dealt.len()));
        }
        Ok(Positions {
            button,
            sb,
            bb,
            sb_position,
            dealt,
            behind,
            in_front,
        })
    }

    /// T2: the button moves one seat clockwise to the next player who may
    /// take it; T6 or a bomb that holds the button (S2) keeps it.
    fn moving_button(&self, from: usize, eligible: SeatSet) -> usize {
        let n = self.seats.len();
        // S2: with `button_moves = false` a bomb pot does not use up a move.
        let bomb_holds = self.last_dealt_bomb
            && self.hands > 0
            && self.rules.bomb.as_ref().is_some_and(|b| !b.button_moves);
        if (self.button_fixed || bomb_holds) && eligible.contains(&from) {
            return from;
        }
        // T4 (H3): "If he posts the blind in front of the button, it will
        // jump him the next hand."
        let skips = |s: usize| self.player(s).is_some_and(|p| p.button_skips);
        clockwise(n, from)
            .find(|s| eligible.contains(s) && !skips(*s))
            .or_else(|| clockwise(n, from).find(|s| eligible.contains(s)))
            .unwrap_or(from)
    }

    /// T2, T4, M3: a game without blinds (stud, draw, ante-only) has no big
    /// blind to wait for or post: everyone seated with chips is dealt in,
    /// new players included, and the button moves to the next of them, so
    /// a new player takes the button (and in H4 pays its fee) in turn.
    fn positions_without_blinds(&self, playing: &[usize]) -> Result<Positions, TableError> {
        let n = self.seats.len();
        let eligible: SeatSet = (0..n)
            .filter(|&s| {
                playing.contains(&s)
                    || self.player(s).is_some_and(|p| {
                        p.status == Status::WaitingForBigBlind && self.can_be_dealt(p)
                    })
            })
            .collect();
        let from = self.button.unwrap_or(n - 1);
        let button = self.moving_button(from, eligible);
        let mut dealt = Vec::with_capacity(n);
        dealt.extend(clockwise(n, button).filter(|s| eligible.contains(s)));
        if dealt.len() < 2 {
            return Err(TableError::NotEnoughPlayers(dealt.len()));
        }
        Ok(Positions {
            button,
            sb: None,
            bb: None,
            sb_position: None,
            dealt,
            behind: SeatSet::default(),
            in_front: SeatSet::default(),
        })
    }
}
