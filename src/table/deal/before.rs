//! Before the deal: the dealer's choice of game (S5), straddles (F4), bomb
//! pots (S2), kills (S1), and the button of the table-layer games (G8, G9).

use super::super::error::TableError;
use super::super::seating::Status;
use super::super::Table;
use super::clockwise;
use crate::rules::{
    BombMode, BombSchedule, HandKind, KillTrigger, NewPlayerOption, RotationEvery, RotationMode,
    StraddleKind,
};

impl Table {
    pub(in crate::table) fn choose_game(&mut self, game: usize) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        if game >= self.rules.games.len() {
            return Err(TableError::NoSuchGame(game));
        }
        if self.guts.pot > 0 && game != self.guts.game {
            return Err(TableError::NotAllowed(
                "the Guts pot carries over: play its final hand first (G8)",
            ));
        }
        if self.rules.rotation.mode != RotationMode::DealersChoice {
            return Err(TableError::NotAllowed(
                "the house rotation does not take a dealer's choice",
            ));
        }
        self.game = game;
        Ok(())
    }

    /// F4: a straddle, from the one seat that may straddle next: the seat
    /// left of the big blind (`utg`) or the button (`button`) for the first,
    /// then each seat left of the last straddler; never a blind.
    pub(in crate::table) fn declare_straddle(&mut self, seat: usize) -> Result<(), TableError> {
        self.not_in_hand()?;
        if self.player(seat).is_none() {
            return Err(TableError::EmptySeat { seat });
        }
        let allowed = self.can_straddle()?;
        if !allowed.contains(&seat) {
            return Err(TableError::StraddleSeat { seat, allowed });
        }
        self.straddles.push(seat);
        Ok(())
    }

    /// F4: the seats that may declare the next straddle, in the order the
    /// house lists its kinds; why none may, when none may.
    pub fn can_straddle(&self) -> Result<Vec<usize>, TableError> {
        let Some(rules) = self.rules.straddle.as_ref() else {
            return Err(TableError::NotAllowed("the house does not allow straddles"));
        };
        if self.straddles.len() >= usize::from(rules.max) {
            return Err(TableError::NotAllowed("no more straddles this hand"));
        }
        let at = self.next_positions()?;
        let blind = |s: usize| Some(s) == at.sb || Some(s) == at.bb;
        let after = |s: usize| {
            let i = at.hs(s)?;
            let next = at.dealt[(i + 1) % at.dealt.len()];
            (!blind(next) && !self.straddles.contains(&next)).then_some(next)
        };
        let seats: Vec<usize> = match self.straddles.last() {
            Some(&last) => after(last).into_iter().collect(),
            None => rules
                .kinds
                .iter()
                .filter_map(|k| match k {
                    StraddleKind::Utg => at.bb.and_then(after),
                    StraddleKind::Button => Some(at.button).filter(|&b| !blind(b)),
                })
                .collect(),
        };
        if seats.is_empty() {
            return Err(TableError::NotAllowed("no seat may straddle this hand"));
        }
        Ok(seats)
    }

    pub(in crate::table) fn bomb_next(&mut self) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let Some(bomb) = self.rules.bomb_for(self.game) else {
            return Err(TableError::NotAllowed("no bomb pots in this game"));
        };
        self.bombs_left = self.bomb_hands(bomb.mode);
        Ok(())
    }

    /// S2: the hands one bomb pot lasts.
    pub(in crate::table) fn bomb_hands(&self, mode: BombMode) -> usize {
        match mode {
            BombMode::Single => 1,
            // H0: a full orbit, one hand per player.
            BombMode::Orbit => self.playing().count().max(1),
        }
    }

    /// S2: a bomb pot the house deals by itself is due on the next hand:
    /// `every_orbit`, or `button_seat`, when the button moves onto or past
    /// the seat (a home-game convention: "a bomb pot every orbit", "a bomb
    /// pot when the button reaches seat 1"). Never on the night's first
    /// hand, nor on a hand where the button stays where it was.
    pub(in crate::table) fn bomb_due(&self, game: usize, playing: &[usize]) -> bool {
        let Some(bomb) = self.rules.bomb_for(game) else {
            return false;
        };
        let mark = match bomb.schedule {
            BombSchedule::Called => return false,
            BombSchedule::EveryOrbit => match self.bomb_mark {
                Some(m) => m,
                None => return false,
            },
            BombSchedule::ButtonSeat(s) => s,
        };
        let (Some(prev), n) = (self.button, self.seats.len()) else {
            return false;
        };
        let Some(forced) = self.rules.forced_bets(game, HandKind::Normal) else {
            return false;
        };
        // A bomb hand keeps the blinds, so the button goes where a normal
        // hand's would.
        let Ok(at) = self.positions(playing, &forced) else {
            return false;
        };
        let d = |s: usize| (s + n - prev) % n;
        mark < n && at.button != prev && d(mark) != 0 && d(mark) <= d(at.button)
    }

    pub(in crate::table) fn start_kill_orbit(&mut self) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        if self.rules.kill_for(self.game).is_none() {
            return Err(TableError::NotAllowed("no kill pots in this game"));
        }
        let orbit = self.playing().count().max(1);
        self.kill.start_orbit(orbit);
        Ok(())
    }

    pub(in crate::table) fn voluntary_kill(&mut self, seat: usize) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let allowed = self
            .rules
            .kill_for(self.game)
            .is_some_and(|k| k.triggers.contains(&KillTrigger::Voluntary));
        if !allowed {
            return Err(TableError::NotAllowed("the house has no voluntary kill"));
        }
        if self.player(seat).is_none() {
            return Err(TableError::EmptySeat { seat });
        }
        if self.kill.killer().is_some() {
            return Err(TableError::Refused {
                seat,
                why: "one kill per deal: the next hand is already killed",
            });
        }
        // T4, T5 (H3 lowball): "A new player or a missed blind player has two
        // options: wait for the big blind or kill the pot in any position."
        // The kill is their way in and settles what they owe.
        let offered = self
            .rules
            .new_player_options(self.game)
            .contains(&NewPlayerOption::KillPot);
        let p = self.seat_mut(seat)?;
        let owes =
            p.status == Status::WaitingForBigBlind || p.posts_big_blind || p.owes_missed_blinds();
        if owes && !offered {
            return Err(TableError::Refused {
                seat,
                why: "a player coming in may not kill the pot here",
            });
        }
        if owes {
            p.comes_in();
        }
        self.kill.set_killer(seat);
        Ok(())
    }

    /// S5: the game of the next hand.
    pub(super) fn rotate_game(&mut self, orbit: usize) {
        if self.rules.rotation.mode != RotationMode::Fixed || self.hands == 0 {
            return;
        }
        let every = match self.rules.rotation.every {
            RotationEvery::Hand => 1,
            RotationEvery::Orbit => orbit.max(1),
        };
        if self.hands_in_game >= every {
            self.game = (self.game + 1) % self.rules.games.len().max(1);
            self.hands_in_game = 0;
        }
    }

    /// G8, G9: the button for a table-layer game: one player on, or where
    /// the draw for the button put it (T6).
    pub(in crate::table) fn home_button(&mut self, playing: &[usize]) -> usize {
        let n = self.seats.len();
        let from = self.button.unwrap_or(n - 1);
        let button = if self.button_fixed && playing.contains(&from) {
            from
        } else {
            clockwise(n, from)
                .find(|s| playing.contains(s))
                .unwrap_or(from)
        };
        self.button_fixed = false;
        button
    }

    /// Home games without blinds (G8, G9): the button moves, and everyone
    /// playing is dealt in from its left.
    pub(in crate::table) fn home_deal(
        &mut self,
        playing: &[usize],
    ) -> Result<(usize, Vec<usize>), TableError> {
        let n = self.seats.len();
        let button = self.home_button(playing);
        let dealt: Vec<usize> = clockwise(n, button)
            .filter(|s| playing.contains(s))
            .collect();
        if dealt.len() < 2 {
            return Err(TableError::NotEnoughPlayers(dealt.len()));
        }
        Ok((button, dealt))
    }
}
