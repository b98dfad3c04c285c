//! Dealing the next hand, one named step at a time, each small enough to
//! read against the rule books: the game (S5), positions and the button
//! (T2, T3, T4), missed blinds (T5, F7), fees (M3), forced posts (F1–F5, S1,
//! S2), and owed posts (T4, T5). A misdeal (D2) puts all of it back.

mod before;
mod fees;
mod misdeal;
mod missed;
mod positions;
mod posts;

use std::sync::Arc;

use super::error::TableError;
use super::seating::Status;
use super::{CurrentHand, Table};
use crate::engine::{Event, Hand, HandSetup};
use crate::rules::catalog::Money;
use crate::rules::{HandKind, TableMoney};

pub(super) use misdeal::DealMemo;

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

/// A set of table seats, with no allocation: working out the positions
/// asks "is this seat one of them" of every seat round the table. A table
/// has at most 10 seats (T1, checked when the rules are read), far inside
/// the 64 this holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct SeatSet(u64);

impl SeatSet {
    pub fn contains(&self, seat: &usize) -> bool {
        *seat < 64 && self.0 >> *seat & 1 == 1
    }

    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
}

impl FromIterator<usize> for SeatSet {
    fn from_iter<I: IntoIterator<Item = usize>>(seats: I) -> SeatSet {
        SeatSet(
            seats
                .into_iter()
                .filter(|&s| s < 64)
                .fold(0, |set, s| set | 1 << s),
        )
    }
}

/// Where everyone sits for the hand about to be dealt.
#[derive(Debug, Clone)]
pub(super) struct Positions {
    pub button: usize,
    pub sb: Option<usize>,
    pub bb: Option<usize>,
    /// The small blind's position, which a dead button may leave empty.
    pub sb_position: Option<usize>,
    /// Table seats dealt in, clockwise from the button's left.
    pub dealt: Vec<usize>,
    /// T4 (H3): new players coming in from in front of the button.
    pub behind: SeatSet,
    /// Seats strictly between the button and the small blind.
    pub in_front: SeatSet,
}

impl Positions {
    /// The hand seat of a table seat.
    pub fn hs(&self, seat: usize) -> Option<usize> {
        self.dealt.iter().position(|&d| d == seat)
    }
}

impl Table {
    /// Players who are in the game (not away, not waiting) with chips
    /// enough to be dealt in.
    fn playing(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.as_ref()
                    .is_some_and(|p| p.status == Status::Playing && self.can_be_dealt(p))
            })
            .map(|(s, _)| s)
    }

    /// G3 (H3 stud): "in order to play all-in at the start of a hand, a
    /// player must have at least the ante"; elsewhere any chips will do.
    fn can_be_dealt(&self, p: &super::Player) -> bool {
        self.rules.may_be_dealt(self.game, p.stack)
    }

    /// The kind of the next hand: a bomb pot, a killed pot, or neither.
    fn next_kind(&self, game: usize, playing: &[usize]) -> HandKind {
        if (self.bombs_left > 0 || self.bomb_due(game, playing))
            && self.rules.bomb_for(game).is_some()
        {
            HandKind::Bomb
        } else if self.kill.killer().is_some_and(|k| playing.contains(&k))
            && self.kill.active(self.rules.kill_for(game))
        {
            HandKind::Kill
        } else {
            HandKind::Normal
        }
    }

    /// Deals the next hand. `put_back` keeps what a misdeal (D2) needs to
    /// undo the deal; a [preview](Table::preview) is never put back.
    pub(super) fn new_hand(&mut self, put_back: bool) -> Result<(), TableError> {
        self.not_in_hand()?;
        let memo = put_back.then(|| self.deal_memo());
        let seated = self.playing().count();
        self.rotate_game(seated);
        self.owed_must_wait(self.game);
        let playing: Vec<usize> = self.playing().collect();
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
        let kind = self.next_kind(game, &playing);
        let spec = self
            .rules
            .game_spec(game, kind)
            .ok_or(TableError::NotAllowed("this game moves no money"))?;
        let forced = self
            .rules
            .forced_bets(game, kind)
            .ok_or(TableError::NoSuchGame(game))?;

        let at = self.positions(&playing, &forced)?;
        self.button_fixed = false;
        self.mark_missed_blinds(&at);
        let mut stacks: Vec<_> = at
            .dealt
            .iter()
            .map(|&s| self.player(s).map_or(0, |p| p.stack))
            .collect();
        let fee = self.charge_fee(game, &at, &mut stacks);
        let (mut forced_posts, kill_in_blind) = self.forced_posts(game, kind, &forced, &at);
        self.owed_posts(game, &forced, &at, &mut forced_posts);
        self.seat_dealt_players(&at);

        let setup = HandSetup {
            stacks,
            forced: forced_posts,
            bring_in: forced.bring_in,
            boards: forced.boards,
            skip_first_bet: forced.skip_first_bet,
            drop_at_flop: fee.from_pot,
            drop_when: fee.when,
            kill_in_blind,
        };
        let mut hand = Hand::new(Arc::new(spec), Arc::new(setup))?;
        // Forward only: the hand never takes these back itself, since undoing
        // the deal puts back the whole table as it was (`Undo::Restore`).
        hand.apply_forward(Event::PostForced)?;
        // Starting a hand is "blinds in, cards out": the first deal is confirmed with it.
        if matches!(hand.state().phase(), crate::engine::Phase::Dealing(0)) {
            hand.apply_forward(Event::Deal)?;
        }
        self.hand = Some(CurrentHand {
            hand,
            order: at.dealt,
            kind,
            game,
            button: at.button,
            settled: false,
            button_fee: fee.button_paid,
            memo: memo.map(|m| Box::new(m.with_fee(fee.button_paid))),
            gone: Vec::new(),
        });
        self.button = Some(at.button);
        self.last_bb = at.bb;
        self.last_sb = at.sb_position.or(at.sb);
        self.last_dealt_bomb = kind == HandKind::Bomb;
        self.straddles.clear();
        self.hands += 1;
        self.hands_in_game += 1;
        if kind == HandKind::Bomb {
            // S2: a bomb the house schedules starts as a called one does.
            if self.bombs_left == 0 {
                let mode = self.rules.bomb_for(game).map(|b| b.mode);
                self.bombs_left = mode.map_or(1, |m| self.bomb_hands(m));
            }
            self.bombs_left -= 1;
        }
        self.bomb_mark.get_or_insert(at.button);
        let counts = self.kill.active(self.rules.kill_for(game));
        self.kill.hand_dealt(kind == HandKind::Kill, counts);
        Ok(())
    }

    /// After the posts: everyone dealt in is now simply a player, and the
    /// seats the button may jump are set for the next hand.
    fn seat_dealt_players(&mut self, at: &Positions) {
        for (s, p) in self.seats.iter_mut().enumerate() {
            let Some(p) = p.as_mut() else { continue };
            // T4, T5: a player who paid their way in from in front of the
            // button has paid the blinds the button would bring them: the
            // button jumps them next hand (H3: "If he posts the blind in
            // front of the button, it will jump him the next hand"), so the
            // blinds move on one player and nobody posts one twice running.
            p.button_skips = at.in_front.contains(&s) && at.dealt.contains(&s);
            if at.dealt.contains(&s) {
                p.comes_in();
                p.new = false;
            }
        }
    }
}
