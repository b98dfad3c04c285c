//! Dealing the next hand: the button (T2, T3), who posts what (F1–F7, T4, T5),
//! fees (M3) and the game (S5).

use std::sync::Arc;

use super::error::TableError;
use super::ledger::EntryKind;
use super::seating::Status;
use super::{CurrentHand, Table};
use crate::engine::{Chips, Event, Forced, ForcedKind, Hand, HandSetup};
use crate::rules::catalog::Money;
use crate::rules::{
    BombMode, ButtonMode, FeePayer, FeeWhen, KillTrigger, MissedBlindPost, RotationEvery,
    RotationMode, StraddleKind,
};
use crate::rules::{HandKind, TableMoney};

/// Table seats clockwise after `from` (not including it), once round.
pub(super) fn clockwise(n: usize, from: usize) -> impl Iterator<Item = usize> {
    (1..=n).map(move |k| (from + k) % n)
}

/// Whether `seat` lies strictly after `from` and at or before `to`, clockwise.
fn passed(n: usize, from: usize, to: usize, seat: usize) -> bool {
    let d = |s: usize| (s + n - from) % n;
    let span = if to == from { n } else { d(to) };
    d(seat) != 0 && d(seat) <= span
}

impl Table {
    pub(super) fn choose_game(&mut self, game: usize) -> Result<(), TableError> {
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

    pub(super) fn declare_straddle(&mut self, seat: usize) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let Some(rules) = self.rules.straddle.clone() else {
            return Err(TableError::NotAllowed("the house does not allow straddles"));
        };
        if self.player(seat).is_none() {
            return Err(TableError::EmptySeat { seat });
        }
        if self.straddles.contains(&seat) || self.straddles.len() >= usize::from(rules.max) {
            return Err(TableError::Refused {
                seat,
                why: "no more straddles this hand",
            });
        }
        self.straddles.push(seat);
        Ok(())
    }

    pub(super) fn bomb_next(&mut self) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let Some(bomb) = self.rules.bomb_for(self.game) else {
            return Err(TableError::NotAllowed("no bomb pots in this game"));
        };
        self.bombs_left = match bomb.mode {
            BombMode::Single => 1,
            // H0: a full orbit, one hand per player.
            BombMode::Orbit => self.playing().count().max(1),
        };
        Ok(())
    }

    pub(super) fn start_kill_orbit(&mut self) -> Result<(), TableError> {
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

    pub(super) fn voluntary_kill(&mut self, seat: usize) -> Result<(), TableError> {
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
        self.kill.set_killer(seat);
        Ok(())
    }

    fn playing(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.as_ref()
                    .is_some_and(|p| p.status == Status::Playing && p.stack > 0)
            })
            .map(|(s, _)| s)
    }

    /// S5: the game of the next hand.
    fn rotate_game(&mut self, orbit: usize) {
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
    pub(super) fn home_button(&mut self, playing: &[usize]) -> usize {
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
    pub(super) fn home_deal(
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

    pub(super) fn new_hand(&mut self) -> Result<(), TableError> {
        if self.in_hand() {
            return Err(TableError::HandInProgress);
        }
        let n = self.seats.len();
        let playing: Vec<usize> = self.playing().collect();
        self.rotate_game(playing.len());
        let game = self.game;
        if let Some(g) = self.rules.games.get(game) {
            match (g.base.money, g.table_money) {
                (Money::None(why), _) => {
                    return Err(TableError::NotAMoneyGame {
                        game: g.name.clone(),
                        why,
                    })
                }
                (_, Some(TableMoney::Guts { ante, .. })) => {
                    return self.new_guts_hand(game, ante, &playing)
                }
                (_, Some(TableMoney::Lives { lives, stake })) => {
                    return self.start_lives_game(game, lives, stake, &playing)
                }
                _ => {}
            }
        }
        let kind = if self.bombs_left > 0 && self.rules.bomb_for(game).is_some() {
            HandKind::Bomb
        } else if self.kill.killer().is_some_and(|k| playing.contains(&k))
            && self.kill.active(self.rules.kill_for(game))
        {
            HandKind::Kill
        } else {
            HandKind::Normal
        };
        let spec = self
            .rules
            .game_spec(game, kind)
            .ok_or(TableError::NotAllowed("this game moves no money"))?;
        let forced = self
            .rules
            .forced_bets(game, kind)
            .ok_or(TableError::NoSuchGame(game))?;
        let blinds = forced.blinds.iter().filter(|&&b| b > 0).count();

        // Who may take the big blind: players, and new players waiting for it (T4).
        let waiting = |s: usize| {
            self.player(s)
                .is_some_and(|p| p.status == Status::WaitingForBigBlind && p.stack > 0)
        };
        let candidates: Vec<usize> = (0..n)
            .filter(|&s| playing.contains(&s) || waiting(s))
            .collect();
        if candidates.len() < 2 {
            return Err(TableError::NotEnoughPlayers(candidates.len()));
        }

        // T2: the button moves one seat clockwise to the next player; T6 sets the first.
        // S2: with `button_moves = false` a bomb pot does not use up a move:
        // the hand after it is dealt with the same button.
        let bomb_holds = self.hand.as_ref().is_some_and(|h| h.kind == HandKind::Bomb);
        let holds_button = self.button_fixed
            || (bomb_holds
                && self.hands > 0
                && self.rules.bomb.as_ref().is_some_and(|b| !b.button_moves));
        let from = self.button.unwrap_or(n - 1);
        // T4: a player posting to come in takes neither the button nor the
        // small blind on that hand; only the big blind or a post.
        let settled: Vec<usize> = playing
            .iter()
            .copied()
            .filter(|&s| self.player(s).is_some_and(|p| !p.posts_big_blind))
            .collect();
        let next_playing = |after: usize| clockwise(n, after).find(|s| settled.contains(s));
        let dead =
            self.rules.button.mode == ButtonMode::Dead && self.hands > 0 && playing.len() > 2;
        // The small blind's position: with a dead button it may be an empty seat.
        let mut sb_position = None;
        let (button, sb, bb) = if dead {
            // Dead button: the big blind moves one player; the small blind and
            // the button follow onto the seats it and the small blind left,
            // whether or not anyone is dealt in there.
            let last_bb = self.last_bb.unwrap_or(from);
            let bb = clockwise(n, last_bb)
                .find(|s| candidates.contains(s))
                .unwrap_or(last_bb);
            sb_position = Some(last_bb);
            let sb = Some(last_bb).filter(|s| playing.contains(s) && *s != bb);
            let button = self.last_sb.unwrap_or(from);
            (button, sb, Some(bb))
        } else {
            let button = if holds_button && settled.contains(&from) {
                from
            } else {
                next_playing(from).unwrap_or(from)
            };
            if blinds == 0 {
                (button, None, None)
            } else if candidates.len() == 2 && playing.contains(&button) {
                // T3: heads-up, the button is the small blind.
                let other = clockwise(n, button).find(|s| candidates.contains(s));
                (button, Some(button), other)
            } else {
                let sb = next_playing(button);
                let bb = sb.and_then(|sb| clockwise(n, sb).find(|s| candidates.contains(s)));
                (button, sb, bb)
            }
        };
        self.button_fixed = false;

        // T5: blinds that pass a sitting-out seat are missed.
        if self.hands > 0 {
            for s in 0..n {
                let away = self
                    .player(s)
                    .is_some_and(|p| p.status == Status::SittingOut);
                if !away {
                    continue;
                }
                let (passed_bb, passed_sb) = (
                    match (self.last_bb, bb) {
                        (Some(a), Some(b)) => passed(n, a, b, s),
                        _ => false,
                    },
                    match (self.last_sb, sb) {
                        (Some(a), Some(b)) => passed(n, a, b, s),
                        _ => false,
                    },
                );
                if let Some(p) = self.seats[s].as_mut() {
                    p.missed_big |= passed_bb;
                    p.missed_small |= passed_sb || passed_bb;
                }
            }
        }

        // Dealt in: the players, plus a waiting player whose turn for the big blind it is.
        let dealt: Vec<usize> = clockwise(n, button)
            .filter(|s| playing.contains(s) || Some(*s) == bb)
            .collect();
        if dealt.len() < 2 {
            return Err(TableError::NotEnoughPlayers(dealt.len()));
        }
        let hs = |s: usize| dealt.iter().position(|&d| d == s);
        let mut stacks: Vec<Chips> = dealt
            .iter()
            .map(|&s| self.player(s).map_or(0, |p| p.stack))
            .collect();

        // M3 (H4): the button pays the fee before the deal.
        let mut drop_at_flop = 0;
        if let Some(fees) = self.rules.fees.clone() {
            let players = u8::try_from(dealt.len()).unwrap_or(u8::MAX);
            if let Some(fee) = self.rules.fee_for(game, players) {
                match (fees.payer, fees.when) {
                    (FeePayer::Button, _) => {
                        if let Some(h) = hs(button) {
                            let paid = fee.min(stacks[h]);
                            stacks[h] -= paid;
                            let name = self.player(button).map(|p| p.name.clone());
                            if let Some(p) = self.seats[button].as_mut() {
                                p.stack -= paid;
                            }
                            self.ledger
                                .record(self.hands, name.as_deref(), EntryKind::Fee, paid);
                        }
                    }
                    (FeePayer::Pot, FeeWhen::BeforeFlop) => drop_at_flop = fee,
                    (FeePayer::Pot, FeeWhen::BeforeDeal) => drop_at_flop = fee,
                }
            }
        }

        let mut posts: Vec<Forced> = Vec::new();
        let post = |posts: &mut Vec<Forced>, seat: Option<usize>, kind, amount: Chips| {
            if let Some(seat) = seat {
                if amount > 0 {
                    posts.push(Forced { seat, kind, amount });
                }
            }
        };
        for &s in &dealt {
            post(&mut posts, hs(s), ForcedKind::Ante, forced.ante);
        }
        post(
            &mut posts,
            bb.and_then(hs),
            ForcedKind::Ante,
            forced.big_blind_ante,
        );
        post(&mut posts, hs(button), ForcedKind::Ante, forced.button_ante);
        if let Some(bomb) = forced.bomb {
            for &s in &dealt {
                post(&mut posts, hs(s), ForcedKind::Bomb, bomb);
            }
        }
        let big_blind = forced.blinds.last().copied().unwrap_or(0);
        let small_blind = if forced.blinds.len() >= 2 {
            forced.blinds[0]
        } else {
            0
        };
        // S2 (H2): a bomb with no pre-flop betting has no blinds to bet against.
        let blind_count = if forced.skip_first_bet {
            0
        } else {
            forced.blinds.len()
        };
        match blind_count {
            0 => {}
            1 => post(&mut posts, bb.and_then(hs), ForcedKind::Blind, big_blind),
            2 => {
                post(&mut posts, sb.and_then(hs), ForcedKind::Blind, small_blind);
                post(&mut posts, bb.and_then(hs), ForcedKind::Blind, big_blind);
            }
            _ => {
                // F1 (H4): three blinds on the three seats after the button.
                for (i, &amount) in forced.blinds.iter().enumerate() {
                    post(&mut posts, Some(i % dealt.len()), ForcedKind::Blind, amount);
                }
            }
        }

        // F4: straddles, each `multiple` times the one before.
        if let (Some(rules), false, false) = (
            self.rules.straddle.clone(),
            self.straddles.is_empty(),
            forced.skip_first_bet,
        ) {
            let mut level = big_blind;
            for &s in &self.straddles.clone() {
                let Some(h) = hs(s) else { continue };
                let button_straddle = s == button && rules.kinds.contains(&StraddleKind::Button);
                level = level.saturating_mul(Chips::from(rules.multiple));
                let kind = if button_straddle {
                    ForcedKind::ButtonStraddle
                } else {
                    ForcedKind::Straddle
                };
                post(&mut posts, Some(h), kind, level);
            }
        }

        // S1: the killer posts the kill blind and acts in turn. A killer in a
        // blind posts that blind dead on top ("in addition to normal blind"),
        // or the kill replaces it; either way the kill is the bet to call.
        if kind == HandKind::Kill {
            let killer = self.kill.killer().and_then(hs);
            let in_addition = self
                .rules
                .kill_for(game)
                .is_some_and(|k| k.in_addition_to_blind);
            posts.retain_mut(|f| {
                if Some(f.seat) != killer || f.kind != ForcedKind::Blind {
                    return true;
                }
                f.kind = ForcedKind::DeadPost;
                in_addition
            });
            post(
                &mut posts,
                killer,
                ForcedKind::Kill,
                forced.kill.unwrap_or(0),
            );
        }

        // T4, T5: new players posting to play, and returning players' missed blinds.
        let policy = self.rules.button.missed_blinds;
        for &s in &dealt {
            let in_blind = Some(s) == sb || Some(s) == bb;
            let Some(p) = self.seats[s].as_mut() else {
                continue;
            };
            if in_blind {
                p.missed_small = false;
                p.missed_big = false;
                p.posts_big_blind = false;
                continue;
            }
            let h = hs(s);
            if p.missed_big || p.missed_small {
                match policy {
                    MissedBlindPost::SmallDeadBigLive => {
                        if p.missed_small {
                            post(&mut posts, h, ForcedKind::DeadPost, small_blind);
                        }
                        post(&mut posts, h, ForcedKind::LivePost, big_blind);
                    }
                    MissedBlindPost::AllDead => {
                        let sb_part = if p.missed_small { small_blind } else { 0 };
                        post(&mut posts, h, ForcedKind::DeadPost, sb_part + big_blind);
                    }
                    MissedBlindPost::BigOnly => {
                        post(&mut posts, h, ForcedKind::LivePost, big_blind)
                    }
                }
            } else if p.posts_big_blind {
                post(&mut posts, h, ForcedKind::LivePost, big_blind);
            }
            p.missed_small = false;
            p.missed_big = false;
            p.posts_big_blind = false;
        }
        if let Some(p) = bb.and_then(|s| self.seats[s].as_mut()) {
            p.status = Status::Playing;
        }

        let setup = HandSetup {
            stacks,
            forced: posts,
            bring_in: forced.bring_in,
            boards: forced.boards,
            skip_first_bet: forced.skip_first_bet,
            drop_at_flop,
            drop_when: crate::engine::DropWhen::Flop,
        };
        let mut hand = Hand::new(Arc::new(spec), Arc::new(setup))?;
        hand.apply(Event::PostForced)?;
        // Starting a hand is "blinds in, cards out": the first deal is confirmed with it.
        if matches!(hand.state().phase(), crate::engine::Phase::Dealing(0)) {
            hand.apply(Event::Deal)?;
        }
        self.hand = Some(CurrentHand {
            hand,
            order: dealt,
            kind,
            game,
            button,
            settled: false,
        });
        self.button = Some(button);
        self.last_bb = bb;
        self.last_sb = sb_position.or(sb);
        self.straddles.clear();
        self.hands += 1;
        self.hands_in_game += 1;
        if kind == HandKind::Bomb {
            self.bombs_left -= 1;
        }
        let counts = self.kill.active(self.rules.kill_for(game));
        self.kill.hand_dealt(kind == HandKind::Kill, counts);
        Ok(())
    }
}
