//! T1, T4, T5, M1, M2: who sits where, with what, and whether they play.

use serde::Serialize;

use super::error::TableError;
use super::ledger::EntryKind;
use super::Table;
use crate::engine::Chips;
use crate::rules::{MissedBlindPost, NewPlayerOption, TopUp, MAX_AMOUNT_UNITS, MAX_TABLE_UNITS};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Dealt in.
    Playing,
    /// T4: new, waiting for the big blind to reach the seat.
    WaitingForBigBlind,
    /// T1: away; blinds that pass are missed (T5).
    SittingOut,
    /// No chips: sits out until a rebuy.
    Busted,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    /// Shared, not copied: a preview of the next hand copies every seat.
    pub name: std::sync::Arc<str>,
    pub stack: Chips,
    pub status: Status,
    /// T5: blinds that passed while away.
    pub missed_small: bool,
    pub missed_big: bool,
    /// T4/T5: posts a live big blind to be dealt in on the next hand.
    pub posts_big_blind: bool,
    /// M2 (H4): bought in short.
    pub short_buy: bool,
    /// T4: joined and not yet dealt a hand, so still choosing how to come in.
    pub new: bool,
    /// T4 (H3): waiting, but comes in posting a big blind from the seat the
    /// button is about to reach ("directly in front of the button").
    pub post_behind: bool,
    /// T4 (H3): posted in front of the button, so the button jumps this
    /// seat on the next hand ("it will jump him the next hand").
    pub button_skips: bool,
}

impl Player {
    /// In the game with nothing owed: what being dealt in, or a kill that
    /// is a way in (H0, H3), settles.
    pub(super) fn comes_in(&mut self) {
        self.status = Status::Playing;
        self.posts_big_blind = false;
        self.post_behind = false;
        self.missed_small = false;
        self.missed_big = false;
    }
}

/// T4: how a new player comes into the game, when the house offers a choice
/// (H3: "He may be dealt right in, he may take the big blind in position, or
/// he may post the amount of the big blind if he is directly in front of the
/// button"; H0: "New player may play killed pot by agreeing to kill next pot").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryChoice {
    DealIn,
    WaitForBigBlind,
    PostBigBlind,
    PostBeforeButton,
    /// S1 (H0): dealt into the killed hand now, killing the next pot.
    KillNextPot,
    /// S1, T4 (H3 lowball): kill the next pot, from any seat, to come in.
    KillPot,
}

impl Table {
    /// An amount in the house currency, for messages a host reads.
    pub fn money(&self, units: Chips) -> String {
        self.rules.house.unit.times(units)
    }

    pub(super) fn seat_ref(&self, seat: usize) -> Result<&Player, TableError> {
        match self.seats.get(seat) {
            None => Err(TableError::NoSuchSeat {
                seat,
                seats: self.seats.len(),
            }),
            Some(None) => Err(TableError::EmptySeat { seat }),
            Some(Some(p)) => Ok(p),
        }
    }

    pub(super) fn seat_mut(&mut self, seat: usize) -> Result<&mut Player, TableError> {
        self.seat_ref(seat)?;
        self.seats[seat]
            .as_mut()
            .ok_or(TableError::EmptySeat { seat })
    }

    pub(super) fn not_in_hand(&self) -> Result<(), TableError> {
        if self.in_hand() {
            Err(TableError::HandInProgress)
        } else {
            Ok(())
        }
    }

    /// M1: what a buy-in or a rebuy may be in the game about to be dealt:
    /// at least the minimum (and at least one unit), at most the maximum
    /// where the house sets one. The ui's amount dialogs stay inside this.
    pub fn can_buy_in(&self) -> (Chips, Option<Chips>) {
        let (min, max) = self.rules.buy_in(self.game);
        (min.unwrap_or(1).max(1), max)
    }

    /// What `seat` may add in a top-up now (the same bounds [`Table::top_up`]
    /// checks), or why it may not top up.
    pub fn can_top_up(&self, seat: usize) -> Result<(Chips, Option<Chips>), TableError> {
        self.not_in_hand()?;
        let stack = self.seat_ref(seat)?.stack;
        match self.rules.money.top_up {
            TopUp::None => Err(TableError::Refused {
                seat,
                why: "the house does not allow top-ups",
            }),
            TopUp::ToMax => match self.rules.buy_in(self.game).1 {
                Some(max) if stack >= max => Err(TableError::Refused {
                    seat,
                    why: "the stack is at the maximum buy-in already",
                }),
                Some(max) => Ok((1, Some(max - stack))),
                None => Ok((1, None)),
            },
            TopUp::Any => Ok((1, None)),
        }
    }

    /// What `seat` may rebuy for now, or why it may not.
    pub fn can_rebuy(&self, seat: usize) -> Result<(Chips, Option<Chips>), TableError> {
        self.not_in_hand()?;
        if !self.rules.money.rebuys {
            return Err(TableError::Refused {
                seat,
                why: "the house does not allow rebuys",
            });
        }
        if self.seat_ref(seat)?.stack > 0 {
            return Err(TableError::Refused {
                seat,
                why: "a rebuy is for a player with no chips; top up instead",
            });
        }
        Ok(self.can_buy_in())
    }

    fn check_buy_in(&self, seat: usize, amount: Chips) -> Result<(), TableError> {
        let (min, max) = self.can_buy_in();
        if amount < min || max.is_some_and(|max| amount > max) {
            let show = |c: Chips| self.money(c);
            return Err(TableError::BuyIn {
                seat,
                amount: show(amount),
                min: show(min),
                max: max.map_or_else(|| "any".into(), show),
            });
        }
        Ok(())
    }

    /// Chips coming onto the table for `seat`, checked before anything
    /// changes so that a refusal leaves the table as it was. Every other sum
    /// of chips (stacks, pots, fees, the ledger's columns) is a part of the
    /// money brought, so keeping that under [`MAX_TABLE_UNITS`] here is what
    /// keeps every one of them from wrapping.
    pub(super) fn admit(&self, seat: usize, amount: Chips) -> Result<(), TableError> {
        if amount > MAX_AMOUNT_UNITS {
            return Err(TableError::AmountTooLarge {
                seat,
                amount: self.money(amount),
                most: self.money(MAX_AMOUNT_UNITS),
            });
        }
        let room = MAX_TABLE_UNITS.saturating_sub(self.ledger.money_in());
        if amount > room {
            return Err(TableError::TableFull {
                seat,
                amount: self.money(amount),
                room: self.money(room),
            });
        }
        Ok(())
    }

    fn is_short(&self, amount: Chips) -> bool {
        self.rules
            .short_buy_under(self.game)
            .is_some_and(|under| amount < under)
    }

    pub(super) fn join(
        &mut self,
        seat: usize,
        name: &str,
        buy_in: Chips,
    ) -> Result<(), TableError> {
        match self.seats.get(seat) {
            None => {
                return Err(TableError::NoSuchSeat {
                    seat,
                    seats: self.seats.len(),
                })
            }
            Some(Some(_)) => return Err(TableError::SeatTaken { seat }),
            Some(None) => {}
        }
        if self.seats.iter().flatten().any(|p| *p.name == *name) {
            return Err(TableError::Refused {
                seat,
                why: "that player is already seated",
            });
        }
        self.check_buy_in(seat, buy_in)?;
        self.admit(seat, buy_in)?;
        // T4: before the first hand everyone is simply dealt in.
        let opts = self.rules.new_player_options(self.game);
        let first_hand = self.hands == 0;
        let (status, posts) = if first_hand || opts.contains(&NewPlayerOption::DealIn) {
            (Status::Playing, false)
        } else if opts.contains(&NewPlayerOption::PostBigBlind)
            || opts.contains(&NewPlayerOption::PostBeforeButton)
        {
            (Status::Playing, true)
        } else {
            (Status::WaitingForBigBlind, false)
        };
        self.seats[seat] = Some(Player {
            name: name.into(),
            stack: buy_in,
            status,
            missed_small: false,
            missed_big: false,
            posts_big_blind: posts,
            short_buy: self.is_short(buy_in),
            new: !first_hand,
            post_behind: false,
            button_skips: false,
        });
        self.ledger
            .record(self.hands, Some(name), EntryKind::BuyIn, buy_in);
        Ok(())
    }

    pub(super) fn leave(&mut self, seat: usize) -> Result<(), TableError> {
        let p = self.seat_ref(seat)?.clone();
        if self
            .hand
            .as_ref()
            .is_some_and(|h| !h.settled && h.hand_seat(seat).is_some())
        {
            return Err(TableError::Refused {
                seat,
                why: "cannot cash out during a hand they are in",
            });
        }
        // G8, G9: a Guts hand or a lives game they still play in.
        let in_guts = self
            .guts
            .round
            .as_ref()
            .is_some_and(|r| r.dealt.contains(&seat));
        let has_lives = self
            .lives
            .as_ref()
            .is_some_and(|g| g.lives.iter().any(|&(s, l)| s == seat && l > 0));
        if in_guts || has_lives {
            return Err(TableError::Refused {
                seat,
                why: "cannot cash out during a hand they are in",
            });
        }
        self.ledger
            .record(self.hands, Some(&p.name), EntryKind::CashOut, p.stack);
        if let Some(h) = self.hand.as_mut().filter(|h| h.hand_seat(seat).is_some()) {
            h.gone.push((seat, p.name.clone()));
        }
        self.seats[seat] = None;
        self.kill.player_left(seat);
        self.straddles.retain(|&s| s != seat);
        Ok(())
    }

    pub(super) fn sit_out(&mut self, seat: usize) -> Result<(), TableError> {
        self.not_in_hand()?;
        let p = self.seat_mut(seat)?;
        p.status = Status::SittingOut;
        p.posts_big_blind = false;
        Ok(())
    }

    pub(super) fn sit_in(&mut self, seat: usize, wait: bool) -> Result<(), TableError> {
        self.not_in_hand()?;
        let may_wait = self.rules.missed_blinds_may_wait(self.game);
        let must_wait = self.rules.missed_blinds(self.game) == MissedBlindPost::Wait;
        let p = self.seat_mut(seat)?;
        if p.stack == 0 {
            return Err(TableError::Refused {
                seat,
                why: "no chips: rebuy first",
            });
        }
        let missed = p.owes_missed_blinds();
        if wait && missed && !may_wait {
            return Err(TableError::Refused {
                seat,
                why: "the house says missed blinds must be posted",
            });
        }
        if !wait && missed && must_wait {
            return Err(TableError::Refused {
                seat,
                why: "in this game missed blinds are not posted: wait for the big blind or kill the pot",
            });
        }
        // T4/T5: waiting for the big blind replaces any post owed.
        if wait && (missed || p.posts_big_blind) {
            p.status = Status::WaitingForBigBlind;
            p.posts_big_blind = false;
        } else {
            p.status = Status::Playing;
        }
        Ok(())
    }

    /// T4: a new player's way in, from those the house offers.
    pub(super) fn choose_entry(&mut self, seat: usize, how: EntryChoice) -> Result<(), TableError> {
        self.not_in_hand()?;
        if !self.seat_ref(seat)?.new {
            return Err(TableError::Refused {
                seat,
                why: "only a new player, before their first hand, chooses how to come in",
            });
        }
        let offered = match how {
            EntryChoice::DealIn => NewPlayerOption::DealIn,
            EntryChoice::WaitForBigBlind => NewPlayerOption::WaitForBigBlind,
            EntryChoice::PostBigBlind => NewPlayerOption::PostBigBlind,
            EntryChoice::PostBeforeButton => NewPlayerOption::PostBeforeButton,
            EntryChoice::KillNextPot => return self.pledge_kill(seat),
            // H3 lowball: the kill itself (`Kill`) is the way in.
            EntryChoice::KillPot => return self.voluntary_kill(seat),
        };
        if !self.rules.new_player_options(self.game).contains(&offered) {
            return Err(TableError::Refused {
                seat,
                why: "the house does not offer that way in",
            });
        }
        let p = self.seat_mut(seat)?;
        let (status, posts, behind) = match how {
            EntryChoice::DealIn => (Status::Playing, false, false),
            EntryChoice::PostBigBlind => (Status::Playing, true, false),
            EntryChoice::PostBeforeButton => (Status::WaitingForBigBlind, false, true),
            _ => (Status::WaitingForBigBlind, false, false),
        };
        p.status = status;
        p.posts_big_blind = posts;
        p.post_behind = behind;
        Ok(())
    }

    /// S1 (H0): "New player may play killed pot by agreeing to kill next pot."
    fn pledge_kill(&mut self, seat: usize) -> Result<(), TableError> {
        let allowed = self
            .rules
            .kill_for(self.game)
            .is_some_and(|k| k.new_player_kills_next);
        if !allowed {
            return Err(TableError::Refused {
                seat,
                why: "the house does not let a new player in by killing the next pot",
            });
        }
        let killed = self.kill.killer().is_some_and(|k| k != seat)
            && self.kill.active(self.rules.kill_for(self.game));
        if !killed {
            return Err(TableError::Refused {
                seat,
                why: "the next hand is not a killed pot",
            });
        }
        self.kill.pledge(seat);
        self.seat_mut(seat)?.comes_in();
        Ok(())
    }

    pub(super) fn top_up(&mut self, seat: usize, amount: Chips) -> Result<(), TableError> {
        let (min, max) = self.can_top_up(seat)?;
        let p = self.seat_ref(seat)?;
        let (stack, name) = (p.stack, p.name.clone());
        if amount < min {
            return Err(TableError::Refused {
                seat,
                why: "a top-up must add chips",
            });
        }
        if let Some(max) = max.filter(|&max| amount > max) {
            return Err(TableError::TopUpOver {
                seat,
                stack: self.money(stack),
                amount: self.money(amount),
                max: self.money(stack.saturating_add(max)),
            });
        }
        self.admit(seat, amount)?;
        let grown = stack
            .checked_add(amount)
            .ok_or_else(|| TableError::TableFull {
                seat,
                amount: self.money(amount),
                room: self.money(Chips::MAX - stack),
            })?;
        self.seat_mut(seat)?.stack = grown;
        self.ledger
            .record(self.hands, Some(&name), EntryKind::TopUp, amount);
        Ok(())
    }

    pub(super) fn rebuy(&mut self, seat: usize, amount: Chips) -> Result<(), TableError> {
        self.can_rebuy(seat)?;
        self.check_buy_in(seat, amount)?;
        self.admit(seat, amount)?;
        let short = self.is_short(amount);
        let p = self.seat_mut(seat)?;
        p.stack = amount;
        p.status = Status::Playing;
        p.short_buy = short;
        let name = p.name.clone();
        self.ledger
            .record(self.hands, Some(&name), EntryKind::Rebuy, amount);
        Ok(())
    }

    pub(super) fn set_button(&mut self, seat: usize) -> Result<(), TableError> {
        self.not_in_hand()?;
        self.seat_ref(seat)?;
        self.button = Some(seat);
        self.button_fixed = true;
        self.last_bb = None;
        self.last_sb = None;
        Ok(())
    }
}
